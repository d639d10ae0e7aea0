"""The concept site: the graph as an mkdocs-material project, built to HTML.

``render_project`` writes ``mkdocs.yml`` and ``docs/**.md`` (the pages of
``pages.render_pages``, kgsync's assets, the explorer's data) into a project
folder, rewriting only files whose bytes change; ``build_html``
(``engine``) runs the site engine on it.  Same graph and items,
byte-identical project.
"""

from __future__ import annotations

import gc
import json
import os
import re
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

import jinja2

from kgsync.read.config import SiteOptions
from kgsync.read.items import RENDERED_SITE_NOTE, ResearchItem
from kgsync.contract.errors import ConfigError, Location, PublishError, printable_path
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.site.engine import DEFAULT_ENGINE, ENGINES, build_html
from kgsync.publish.site.model import collect
from kgsync.publish.site.pages import LinkQuotes, evidence_of, explorer_data, kept_pages_of, render_pages, source_url
from kgsync.publish.site.text import html_text
from kgsync.publish.templating import environment, shipped_templates

__all__ = ["DEFAULT_ENGINE", "ENGINES", "GENERATED_NOTE", "SiteProject", "build_html", "evidence_of", "mkdocs_yml",
           "render_pages", "render_project", "source_url"]

GENERATED_NOTE = RENDERED_SITE_NOTE  # what the item reader recognises: a rendered page is no item
EXPLORER_DATA = "explore/graph.json"  # docs-relative: the explorer's graph (``pages.explorer_data``)


@dataclass(frozen=True)
class SiteProject:
    """A rendered project: where it is and which files it holds."""

    project_dir: Path
    config_file: Path
    pages: tuple[str, ...]  # docs-relative Markdown files, sorted
    written: int  # files whose bytes changed
    removed: int  # stale generated files deleted
    seconds: float  # time spent rendering and writing


def _yaml_env() -> jinja2.Environment:
    env = environment().overlay()
    env.filters["yaml"] = lambda v: json.dumps(v, ensure_ascii=False)
    return env


def mkdocs_yml(site: SiteOptions, project_dir: Path) -> str:
    """The project's mkdocs.yml (read by mkdocs and by Zensical)."""
    template = _yaml_env().get_template("site/mkdocs.yml.j2")
    return template.render(
        note=GENERATED_NOTE,
        site_name=html_text(site.title),  # the themes print site_name unescaped
        site_url=site.url,  # checked as an http(s) address when the config is read (``site_url_problem``)
        custom_dir=(project_dir / "overrides").is_dir(),
        extra_css=(project_dir / "assets" / "extra.css").is_file(),
    )


def _static_files(project_dir: Path) -> dict[str, bytes]:
    """Stylesheets copied into docs/assets: kgsync's own, then the project's hand-written one."""
    shipped = shipped_templates().joinpath("site/assets")
    files = {f"assets/{name}": shipped.joinpath(name).read_bytes()
             for name in ("kgsync.css", "kgsync.js", "kgsync-search.js")}
    extra = project_dir / "assets" / "extra.css"
    if extra.is_file():
        files["assets/extra.css"] = extra.read_bytes()
    return files


def render_project(graph: Graph, items: Sequence[ResearchItem], site: SiteOptions, project_dir: Path,
                   env: dict[str, str] | None = None, evidence: LinkQuotes | None = None,
                   engine: str = DEFAULT_ENGINE, workers: int | None = None, root: Path | None = None) -> SiteProject:
    """Write ``mkdocs.yml`` and ``docs/`` under ``project_dir``; ``docs/`` holds nothing else.

    Files are rewritten only when their bytes change and stale pages are removed,
    so an unchanged graph leaves the project untouched.  ``site``: the config's site
    section, all the project reads of the config.  ``env`` replaces
    ``os.environ`` for the source-URL defaults (tests).  ``engine``: the engine that will
    build it (the links inside the pages' HTML blocks are written for it, ``pages.HtmlPage``).
    ``workers``: processes rendering the pages (None: every core for a large site, ``parallel``);
    the project is byte-identical for any number.  ``root``: the research repository, where the
    project's hand-written parts may link besides the project itself (``_no_link_out``).
    """
    start = time.perf_counter()
    project_dir = Path(project_dir)
    docs = project_dir / "docs"
    _no_link_written(project_dir, docs)
    _check_project_dir(project_dir, docs)
    _no_link_out(project_dir, root)

    graph = _encodable(graph)

    def write(path: str, text: str) -> bool:
        return _write_if_changed(docs / path, text.encode("utf-8"))

    def explorer() -> dict[str, str]:
        return {EXPLORER_DATA: explorer_data(data)}

    try:
        with _cycle_collector_paused():
            data = collect(graph, items)  # once: the pages and the explorer's data read the same index
            # Each page is written by the process that rendered it; the explorer's data is one more task.
            kept = kept_pages_of(data, items, site, write, env, evidence, final_urls=engine == "mkdocs",
                                 workers=workers, extra=[explorer])
        pages = [path for path in kept if path != EXPLORER_DATA]
        files: dict[str, bytes] = {f"docs/{path}": content for path, content in _static_files(project_dir).items()}
        files["mkdocs.yml"] = mkdocs_yml(site, project_dir).encode("utf-8")
        written = sum(kept.values()) + sum(_write_if_changed(project_dir / path, content)
                                           for path, content in sorted(files.items()))
        removed = _remove_stale(docs, {f"docs/{path}" for path in kept} | {p for p in files if p.startswith("docs/")},
                                project_dir)
    except OSError as exc:  # a read-only checkout (the default project is ROOT/site), a full disk
        raise PublishError(f"cannot write the site project: {exc.strerror or exc}",
                           Location.of(exc.filename if isinstance(exc.filename, str) else project_dir),
                           "make the folder writable, or render elsewhere with --project DIR (and --out DIR)") from None
    return SiteProject(
        project_dir=project_dir,
        config_file=project_dir / "mkdocs.yml",
        pages=tuple(sorted(pages)),
        written=written,
        removed=removed,
        seconds=time.perf_counter() - start,
    )


def _check_project_dir(project_dir: Path, docs: Path) -> None:
    """The render replaces mkdocs.yml and deletes every file under docs/ it does not write: refuse a
    folder whose mkdocs.yml it did not write (no ``GENERATED_NOTE``), or, without one, whose docs/
    holds files (``--project .`` in a research repo would delete the repo's docs)."""
    config_file = project_dir / "mkdocs.yml"
    if config_file.is_file():
        if GENERATED_NOTE in config_file.read_text(encoding="utf-8", errors="replace"):
            return
        what = f"{config_file}: kgsync site did not write this mkdocs.yml; rendering would replace it"
    elif docs.is_dir() and any(docs.iterdir()):
        what = f"{docs}: kgsync site did not write this folder; rendering would delete its files"
    else:
        return
    raise PublishError(what, hint="choose a new or empty folder for --project (default: ROOT/site); kgsync owns "
                                  "its mkdocs.yml and docs/")


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _encodable(graph: Graph) -> Graph:
    """``graph`` with every lone surrogate written as the escape the graph file holds ("\\ud800", as lint
    and the messages print it): the memory server writes one back as it read it and the build keeps an
    agent's nodes, but a page is UTF-8, which cannot hold one (the render stopped with a traceback).
    Checked by one encode of all the text."""
    text = chain(chain.from_iterable((e.name, e.entity_type, *e.observations) for e in graph.entities),
                 chain.from_iterable((r.source, r.target, r.relation_type) for r in graph.relations))
    try:
        "\n".join(text).encode("utf-8")
        return graph
    except UnicodeEncodeError:
        pass

    def escaped(value: str) -> str:
        return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", value)

    return Graph(tuple(Entity(escaped(e.name), escaped(e.entity_type), tuple(map(escaped, e.observations)))
                       for e in graph.entities),
                 tuple(Relation(escaped(r.source), escaped(r.target), escaped(r.relation_type)) for r in graph.relations))


def _no_link_written(project_dir: Path, docs: Path) -> None:
    """A ``PublishError`` at ``mkdocs.yml``, ``docs/`` or the first thing in docs/ that is a symbolic link
    (to any target): the render writes them and deletes every file in docs/ it did not write, so a
    committed link would make it overwrite a file, or empty a folder, wherever the link leads."""
    link = next((path for path in (project_dir / "mkdocs.yml", docs) if path.is_symlink()), None) or _first_link(docs)
    if link is not None:
        raise PublishError(
            f"a symbolic link to {printable_path(os.path.realpath(link))}: kgsync site writes mkdocs.yml and docs/ "
            "and deletes the files in docs/ it did not write, so it would write or delete through the link",
            Location.of(link), "delete the link (the render writes the file or folder itself), or render elsewhere "
                               "with --project DIR")


def _first_link(docs: Path) -> Path | None:
    """The first symbolic link below ``docs`` (by name, folder by folder; linked folders not entered), or None."""
    folders = [docs] if docs.is_dir() else []
    while folders:
        with os.scandir(folders.pop()) as found:
            entries = sorted(found, key=lambda entry: entry.name)
        for entry in entries:
            if entry.is_symlink():
                return Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                folders.append(Path(entry.path))
    return None


def _no_link_out(project_dir: Path, root: Path | None) -> None:
    """A ``ConfigError`` at the first hand-written part of the project (``assets/extra.css``, which the
    render copies into docs/, and ``overrides/``, every file of which the engine copies into the site)
    that is, or lies in, a link leading out of the project folder and of ``root``: the repository may not
    publish a file of the machine that builds it (the runner's, a developer's ~/.config)."""
    bounds = [Path(os.path.realpath(folder)) for folder in (project_dir, root) if folder is not None]
    for part in _hand_written(project_dir):
        target = Path(os.path.realpath(part))
        if not any(target.is_relative_to(bound) for bound in bounds):
            raise ConfigError(
                f"a symbolic link leads outside the repository (to {printable_path(str(target))}): the site "
                "would publish that file", Location.of(part),
                "commit the file itself, or point the link at a file inside the repository")


def _hand_written(project_dir: Path) -> Iterator[Path]:
    """``assets/extra.css`` and ``overrides/`` with everything in it, linked folders followed (each once:
    a link back to its own folder is no loop), when they exist."""
    extra = project_dir / "assets" / "extra.css"
    if os.path.lexists(extra):
        yield extra
    folders, seen = [project_dir / "overrides"], set()
    while folders:
        folder = folders.pop()
        real = os.path.realpath(folder)
        if real in seen or not os.path.lexists(folder):
            continue
        seen.add(real)
        yield folder
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:
            continue  # a file, or unreadable: the engine says what is wrong with it
        for entry in entries:
            if entry.is_dir():
                folders.append(Path(entry.path))
            else:
                yield Path(entry.path)


@contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """Render without Python's cycle collector.  The render allocates millions of small objects
    (index tuples, Markup strings) that reference counting frees; each full collection the
    allocations trigger walks every live object again -- the graph, the items, the index -- and
    at 10,000 items that was a third of building the index.  It runs again when this ends."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Rewrite only changed files.  No fsync (unlike the graph file): every file
    here is regenerated from the graph, and 40,000 fsyncs cost more than the render."""
    try:
        # Same size first: most changed pages change length, and stat is cheaper than a read.
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _remove_stale(docs: Path, keep: set[str], project_dir: Path) -> int:
    """Delete files under docs/ that this render did not write (and folders left empty)."""
    removed = 0
    prefix = docs.relative_to(project_dir).as_posix()
    for folder, subfolders, names in os.walk(docs, topdown=False):
        relative = Path(folder).relative_to(docs).as_posix()
        base = prefix if relative == "." else f"{prefix}/{relative}"
        for name in names:
            if f"{base}/{name}" not in keep:
                os.unlink(os.path.join(folder, name))
                removed += 1
        if folder != str(docs) and not os.listdir(folder):
            os.rmdir(folder)
    return removed
