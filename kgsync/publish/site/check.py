"""Check a built site: every internal link and resource resolves.

Used by the tests and by the Pages workflow before it publishes
(``python -m kgsync.publish.site.check _site --url URL``).  Pure stdlib: parses every
HTML file, resolves each relative ``href`` / ``src`` against the page's URL
(directory URLs: ``concepts/rag/`` is ``concepts/rag/index.html``), and checks
that the file exists and, for ``#fragment`` links, that the id exists.

The 404 page alone links from the host's root, under the path of the published address
(mkdocs' ``site_url``, from ``site.url`` or ``kgsync site --url``): ``--url`` gives the check
the same address, so ``/repo/assets/x.css`` is read as ``assets/x.css`` of the site.
"""

from __future__ import annotations

import posixpath
import sys
from collections.abc import Callable, Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_LINK_ATTRS = {"href", "src", "xlink:href"}


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []  # (tag, url)
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif name in _LINK_ATTRS:
                self.links.append((tag, value))

    handle_startendtag = handle_starttag


def _parse(path: Path) -> _Collector:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8", errors="replace"))
    collector.close()
    return collector


def broken_links(site: Path, url: str = "") -> list[str]:
    """``page: url (why)`` for every internal link that does not resolve; [] when all do. ``url`` is the
    address the site is published at (its path prefixes the 404 page's links); "" for the host's root."""
    site = Path(site).resolve()
    prefix = "/" + urlsplit(url).path.strip("/")
    prefix = prefix if prefix == "/" else prefix + "/"

    @cache
    def ids_of(path: Path) -> frozenset[str]:
        return frozenset(_parse(path).ids)

    problems: list[str] = []
    for page in sorted(site.rglob("*.html")):
        collector = _parse(page)
        base = page.parent.relative_to(site).as_posix()
        for tag, link in collector.links:
            why = _check(site, page, base, link, ids_of, prefix)
            if why:
                problems.append(f"{page.relative_to(site).as_posix()}: <{tag}> {link} ({why})")
    return problems


def _check(site: Path, page: Path, base: str, url: str, ids_of: Callable[[Path], frozenset[str]],
           prefix: str = "/") -> str | None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None if parts.scheme in ("http", "https", "mailto", "data") else f"scheme {parts.scheme!r}"
    path = unquote(parts.path)
    if url.startswith("/"):
        # The engines write 404.html with root-relative links on purpose (it is
        # served for any missing path); anywhere else they break under a sub-path.
        if page != site / "404.html":
            return "absolute path: breaks when the site is served from a sub-path"
        if not (path + "/").startswith(prefix):
            return f"outside {prefix}, the path of the address the site is published at"
        base, path = "", path[len(prefix):] or "."
    if path == "":
        target = page
    else:
        joined = posixpath.normpath(posixpath.join(base, path))
        if joined.startswith(".."):
            return "leaves the site"
        target = site / joined
        if path.endswith("/") or target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            return "no such file"
    fragment = unquote(parts.fragment)
    if fragment and target.suffix == ".html" and fragment not in ids_of(target):
        return f"no id {fragment!r} in {target.relative_to(site).as_posix()}"
    return None


def html_files(site: Path) -> Iterator[Path]:
    return iter(sorted(Path(site).rglob("*.html")))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--url"):
        print("usage: python -m kgsync.publish.site.check SITE_DIR [--url URL]  (URL: the address the site "
              "is published at, as kgsync site --url or site.url)", file=sys.stderr)
        return 2
    problems = broken_links(Path(args[0]), args[2] if len(args) == 3 else "")
    for problem in problems:
        print(problem)
    print(f"{len(problems)} broken link(s) in {args[0]}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
