"""The concept site's pages: the graph as Markdown pages for mkdocs-material (pure, no I/O).

``render_pages`` turns the graph and the items into ``{docs-relative path: Markdown}``
from Jinja2 templates (``templates/site/``): same graph and items, same pages.
``kgsync.publish.site.project`` writes them into a project; ``kgsync.publish.site.engine``
builds that project to HTML.

Layout choices that keep the build fast and the search usable at 10,000 items:
- a claim is a section of its item's page (``#claim-<key>``), not a page: a
  site of 35,000 pages of a few lines spent most of its build on each page's
  fixed cost (the theme, the search plugin, the Markdown engine);
- node pages (concepts, methods, items) stay out of ``nav:``; index
  pages link them, so each page's sidebar does not list every page (the theme's
  cost would grow with the square of the page count);
- index pages and long lists are split into pages of at most ``PAGE_SIZE``
  entries (Zensical rejects a page with too many links for its search index).

Safety: every value printed by a page template is Markdown-escaped unless it is
``Markup`` that kgsync built from escaped parts (see ``text``); page titles
go into front matter HTML-escaped because the theme prints them raw.  The long
lists and paragraphs are HTML blocks (``HtmlPage``, ``html_block``): their text is
HTML-escaped, and the site's Markdown stores them unparsed (``markdown``).
"""

from __future__ import annotations

import functools
import json
import os
import posixpath
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import jinja2
from markupsafe import Markup, escape

from kgsync.read.config import Config
from kgsync.contract.errors import ConfigError
from kgsync.extract.findings import clean_statement
from kgsync.read.items import ResearchItem
from kgsync.graph.merge import Manifest
from kgsync.contract.model import EntityType, Graph, RelationType
from kgsync.publish.site import parallel as site_parallel
from kgsync.publish.site.model import (CONFIDENCES, DIAGRAM_LIMIT, INACTIVE_STATES, Link, Node, SiteData, collect,
                                      tag_label)
from kgsync.publish.site.svg import neighbourhood
from kgsync.publish.site.text import (BLOCK_END, BLOCK_START, counted, external_html_link, external_link, html_text,
                                     md_text, one_line, safe_url, yaml_string)
from kgsync.publish.templating import environment

PAGE_SIZE = 200  # entries per index page (each entry holds one to three links)
LIST_LIMIT = 50  # entries a node page shows of one list before it links to the full list
HOME_TOP = 15


# --------------------------------------------------------------------------- URLs


def source_url(config: Config, path: str, env: dict[str, str] | None = None) -> str | None:
    """The link back to an item's file: ``config.site.source_url`` filled in.

    ``{repo}`` defaults to $GITHUB_REPOSITORY and ``{branch}`` to the branch the
    Action runs on (else ``main``): $GITHUB_HEAD_REF in a pull-request run (there
    $GITHUB_REF_NAME is ``<number>/merge``, a ref no blob URL resolves), else
    $GITHUB_REF_NAME.  None when no repo is known
    (the default template needs one) or the result is not an http(s) URL.
    """
    env = dict(os.environ) if env is None else env
    repo = config.site.repo or env.get("GITHUB_REPOSITORY", "")
    branch = config.site.branch or env.get("GITHUB_HEAD_REF", "") or env.get("GITHUB_REF_NAME", "") or "main"
    template = config.site.source_url
    if "{repo}" in template and not repo:
        return None
    if path.startswith("/") or path.split("/", 1)[0] == "..":  # outside the repository: no URL names it
        return None
    from urllib.parse import quote

    try:
        url = template.format(repo=repo, branch=quote(branch, safe="/"), path=quote(path, safe="/"))
    except (KeyError, IndexError, ValueError) as exc:
        raise ConfigError(
            f"site.source_url {template!r} cannot be filled in ({exc})",
            hint="use only the placeholders {repo}, {branch} and {path}",
        ) from None
    return safe_url(url)


# --------------------------------------------------------------------------- page helpers

_CONFIDENCE_ORDER = {level: rank for rank, level in enumerate(CONFIDENCES)}
_SECTIONS = {"items": "Research items", "concepts": "Concepts", "claims": "Claims", "methods": "Methods"}


@functools.cache
def _escaped(title: str) -> Markup:
    """md_text, memoised: a node's title is printed on every page that links it."""
    return md_text(title)


class Page:
    """Link helpers for one page: every link is relative to ``here``."""

    def __init__(self, here: str, sources: Callable[[Node], str | None], data: SiteData):
        self.here = here
        self._dir = posixpath.dirname(here)
        self._sources = sources
        self.data = data

    def href(self, page: str) -> str:
        # Fast path of posixpath.relpath: pages sit at most one folder deep.
        folder, _, name = page.rpartition("/")
        if folder == self._dir:
            return name
        if not self._dir:
            return page
        return "../" + page if folder else "../" + name

    def link(self, node: Node | None, text: str | None = None) -> Markup:
        if node is None:
            return Markup("")
        label = _escaped(node.title) if text is None else md_text(text)
        return Markup(f"[{label}]({self.href(node.page)})")

    def page_link(self, text: str, page: str) -> Markup:
        return Markup(f"[{md_text(text)}]({self.href(page)})")

    def links(self, nodes: Iterable[Node]) -> Markup:
        return Markup(", ".join([self.link(n) for n in nodes]))  # Markup parts: joined as they are

    def tag(self, tag: str) -> Markup:
        page = self.data.tag_pages.get(tag)
        return self.page_link(tag_label(tag), page) if page else self.text(tag_label(tag))

    def source(self, node: Node | None, text: str = "source") -> Markup:
        """The way back: a link to the research item's own file."""
        if node is None:
            return Markup("")
        url = self._sources(node)
        return self.external(text, url) if url else Markup("")

    def crumbs(self, node: Node) -> Markup:
        """Home › the node's section index › the node (a node page is in no nav: this is the way up)."""
        folder, _, _ = node.page.partition("/")
        section = _SECTIONS.get(folder, folder.capitalize())
        return (self.page_link("Home", "index.md") + Markup(" › ") + self.page_link(section, f"{folder}/index.md")
                + Markup(" › ") + _escaped(node.title))

    def words(self, values: Iterable[str], sep: str = " · ") -> Markup:
        return Markup(sep.join([self.text(v) for v in values]))  # sep is kgsync's own markup

    # Inline pieces of an entry: Markdown here, HTML on an ``HtmlPage``.
    @staticmethod
    def text(value: object) -> Markup:
        return md_text(value)

    @staticmethod
    def em(inner: Markup) -> Markup:
        return Markup(f"*{_markup(inner)}*")

    @staticmethod
    def strong(inner: Markup) -> Markup:
        return Markup(f"**{_markup(inner)}**")

    @staticmethod
    def external(text: object, url: str) -> Markup:
        return external_link(text, url)


def _page_url(page: str) -> str:
    """The URL of a docs page under ``use_directory_urls`` (``a/b.md`` -> ``a/b/``, ``a/index.md`` -> ``a/``)."""
    stem = page.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("index") if stem.endswith("/index") else stem + "/"


@functools.lru_cache(maxsize=1 << 17)
def _url_parts(page: str) -> tuple[str, ...]:
    """The folders of a page's directory URL: ``items/a.md`` -> ("items", "a")."""
    return tuple(_page_url(page).split("/")[:-1])


class HtmlPage(Page):
    """The same entries as raw HTML, for the blocks the site's Markdown stores unparsed
    (``html_block``): as Markdown, every entry went through the inline patterns.  Text is
    HTML-escaped, so hostile item text stays text.  ``final_urls``: mkdocs rewrites ``.md``
    links only in Markdown, so its links are the final directory URLs; Zensical rewrites them
    in raw HTML too (it would rewrite a final URL again), so they stay ``.md`` links."""

    def __init__(self, here: str, sources: Callable[[Node], str | None], data: SiteData, final_urls: bool = True):
        super().__init__(here, sources, data)
        self._url_parts = _url_parts(here)  # "items/a/" -> ("items", "a")
        self._final_urls = final_urls

    def href(self, page: str) -> str:
        if not self._final_urls:
            return super().href(page)
        # posixpath.relpath of the two directory URLs, without its os.getcwd() per call
        target, hash_mark, fragment = page.partition("#")
        parts = _url_parts(target)
        common = 0
        for mine, theirs in zip(self._url_parts, parts, strict=False):
            if mine != theirs:
                break
            common += 1
        relative = "../" * (len(self._url_parts) - common) + "".join(f"{part}/" for part in parts[common:])
        return (relative or "./") + hash_mark + fragment

    def link(self, node: Node | None, text: str | None = None) -> Markup:
        if node is None:
            return Markup("")
        label = _html_escaped(node.title) if text is None else html_text(text)
        return Markup(f'<a href="{escape(self.href(node.page))}">{label}</a>')

    def page_link(self, text: str, page: str) -> Markup:
        return Markup(f'<a href="{escape(self.href(page))}">{html_text(text)}</a>')

    @staticmethod
    def text(value: object) -> Markup:
        return html_text(value)

    @staticmethod
    def em(inner: Markup) -> Markup:
        return Markup(f"<em>{_markup(inner)}</em>")

    @staticmethod
    def strong(inner: Markup) -> Markup:
        return Markup(f"<strong>{_markup(inner)}</strong>")

    @staticmethod
    def external(text: object, url: str) -> Markup:
        return _external_html_link(text, url) if isinstance(text, str) else external_html_link(text, url)


@functools.cache
def _html_escaped(title: str) -> Markup:
    return html_text(title)


def _markup(value: object) -> str:
    """``escape(value)`` without copying what is Markup already (the same text)."""
    return value if isinstance(value, Markup) else escape(value)


def html_block(html: Markup) -> Markup:
    """``html`` as a block the site's Markdown stores without parsing (``markdown.KgsyncBlocks``)."""
    return Markup(f"{BLOCK_START}\n{html}\n{BLOCK_END}")


def html_list(entries: Iterable[Markup]) -> Markup:
    """``<ul>`` of ``entries`` (HTML) as Python-Markdown writes a tight list: a raw block it keeps as is."""
    # escape(): an entry is Markup (kept as is); anything else would be escaped.  Not Markup.format:
    # at 10,000 items its formatter machinery was a large share of kgsync's own render time.
    return Markup("<ul>\n" + "".join([f"<li>{_markup(e)}</li>\n" for e in entries]) + "</ul>")


# --------------------------------------------------------------------------- rendering


def _finalize(value: object) -> object:
    """Escape-by-default: whatever a template prints is text unless kgsync marked it Markup."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return ""
    return md_text(value)


def page_environment() -> jinja2.Environment:
    # auto_reload off: every include (a finding's details, each page's front matter) would
    # otherwise stat its template file again; the templates do not change during a render.
    env = environment().overlay(finalize=_finalize, auto_reload=False)
    env.filters["yaml"] = lambda v: Markup(yaml_string(v))  # front matter no item text can leave
    env.filters["counted"] = counted  # {{ n | counted("shared item") }}: 1 shared item, 2 shared items
    env.globals["html_list"] = lambda entries: html_block(html_list(entries))
    env.globals["html_paragraph"] = lambda text: html_block(Markup(f"<p>{html_text(text)}</p>"))
    return env


@dataclass(frozen=True)
class _Listing:
    """A paginated list of entries (index pages, long lists of a node page)."""

    title: str
    base: str  # docs-relative page of the first part, e.g. "concepts/index.md"
    intro: str
    entries: tuple[Callable[[Page], Markup], ...]
    marked: bool = False  # superseded/contradicted: shown under a warning
    see_also: tuple[tuple[str, str], ...] = ()  # (link text, docs-relative page) under the intro
    groups: tuple[str, ...] = ()  # a heading per entry (entries sorted by it): a heading where it changes
    theme_words: tuple[str, ...] = ()  # a theme's first page is found by search with these (else not indexed)

    def parts(self) -> list[tuple[str, range]]:
        count = max(1, -(-len(self.entries) // PAGE_SIZE))
        stem = self.base.removesuffix(".md")
        pages = [self.base] + [f"{stem}--p{n}.md" for n in range(2, count + 1)]
        return [(page, range(i * PAGE_SIZE, min(len(self.entries), (i + 1) * PAGE_SIZE))) for i, page in enumerate(pages)]


#: (from, to, relation) -> the sentences stating an evidence link, as (sentence, "path:line")
#: (the manifest's ``evidence`` lists, see kgsync.extract.evidence).
Evidence = Mapping[tuple[str, str, str], Sequence[tuple[str, str]]]
_EVIDENCE_VERBS = {"supports": ("supports", False), "supported by": ("supports", True),
                   "contradicts": ("contradicts", False), "contradicted by": ("contradicts", True),
                   "extends": ("extends", False), "extended by": ("extends", True)}


@dataclass(frozen=True)
class Quote:
    sentence: str
    where: Markup  # "path:line", a link to the item file at that line when a source URL is configured


class _Renderer:
    def __init__(self, data: SiteData, config: Config, env: dict[str, str] | None,
                 items: Mapping[str, ResearchItem] | None = None, evidence: Evidence | None = None,
                 final_urls: bool = True):
        self.evidence = evidence or {}
        self.final_urls = final_urls
        self.data = data
        self.items = items or {}  # slug -> the item as read (a claim page quotes its whole finding)
        self.config = config
        self.jinja = page_environment()
        self.templates = {name: self.jinja.get_template(f"site/{name}.md.j2")
                          for name in ("home", "concept", "claim", "method", "item", "listing", "explore")}
        self._source_cache: dict[str, str | None] = {}
        self._key_findings: dict[str, tuple[tuple[int, str], ...]] = {}
        self._env = env
        self.files: dict[str, str] = {}

    def pages_of(self, render: Callable[[], object]) -> dict[str, str]:
        """The pages ``render`` writes (a node's page and the lists it overflows into, or an index page)."""
        self.files = {}
        render()
        return self.files

    # -- shared pieces

    def source_of(self, node: Node) -> str | None:
        item = node if node.kind is EntityType.RESEARCH_ITEM else self.data.item_of(node)
        if item is None or not item.path:
            return None
        if item.path not in self._source_cache:
            self._source_cache[item.path] = source_url(self.config, item.path, self._env)
        return self._source_cache[item.path]

    def page(self, here: str) -> Page:
        return Page(here, self.source_of, self.data)

    def html_page(self, here: str) -> HtmlPage:
        return HtmlPage(here, self.source_of, self.data, self.final_urls)

    def emit(self, path: str, template: str, title: str, **context: object) -> None:
        here = self.page(path)
        body = self.templates[template].render(p=here, title=title, front_title=html_text(title), **context)
        self.files[path] = body

    def listing(self, listing: _Listing) -> list[str]:
        """Write every part of ``listing``; return the pages written."""
        parts = listing.parts()
        for number, (path, span) in enumerate(parts, start=1):
            here = self.page(path)
            h = self.html_page(path)
            blocks: list[tuple[str, list[Markup]]] = []  # (heading, entries): a heading where the group changes
            for i in span:
                group = listing.groups[i] if listing.groups else ""
                if not blocks or blocks[-1][0] != group:
                    blocks.append((group, []))
                blocks[-1][1].append(listing.entries[i](h))
            pager = [(n, page, n == number) for n, (page, _) in enumerate(parts, start=1)] if len(parts) > 1 else []
            title = listing.title if number == 1 else f"{listing.title} (page {number} of {len(parts)})"
            self.files[path] = self.templates["listing"].render(
                p=here,
                title=title,
                front_title=html_text(title),
                intro=listing.intro,
                marked=listing.marked,
                blocks=blocks,
                theme_words=[html_text(w) for w in listing.theme_words] if number == 1 else [],
                pager=pager,
                total=len(listing.entries),
                see_also=[here.page_link(text, page) for text, page in listing.see_also],
            )
        return [path for path, _ in parts]

    def overflow(self, node: Node, what: str, entries: Sequence[Callable[[Page], Markup]],
                 marked: bool = False) -> tuple[list[Callable[[Page], Markup]], str | None]:
        """The first ``LIST_LIMIT`` entries, and the page listing all of them when there are more."""
        if len(entries) <= LIST_LIMIT:
            return list(entries), None
        stem = node.page.removesuffix(".md")
        base = f"{stem}--{what.replace(' ', '-')}.md"
        self.listing(_Listing(f"{node.title}: {what}", base, f"All {len(entries)} {what} of {node.title}.",
                              tuple(entries), marked))
        return list(entries[:LIST_LIMIT]), base

    # -- entries (callables: the same entry renders relative to whichever page lists it)

    @staticmethod
    def item_entry(node: Node) -> Callable[[Page], Markup]:
        def entry(p: Page) -> Markup:
            date = f" ({p.text(node.completed)})" if node.completed else ""
            source = p.source(node)
            return Markup(f"{p.link(node)}{date}{' · ' if source else ''}{source}")
        return entry

    def claim_entry(self, node: Node, with_item: bool = True, with_links: bool = True) -> Callable[[Page], Markup]:
        data = self.data

        def entry(p: Page) -> Markup:
            parts: list[str] = [p.link(node)]
            if node.confidence:
                parts.append(f" {p.em(Markup(f'({p.text(node.confidence)} confidence)'))}")
            item = data.item_of(node) if with_item else None
            if item is not None:
                parts.append(f" — from {p.link(item)}")
            if with_links:
                parts += _standing_and_links(p, data.claim_links(node.name), Markup(" — "))
            return Markup("".join(parts))  # every part is Markup or built from Markup
        return entry

    def quotes(self, name: str, link_verb: str, other: str, p: Page) -> list[Quote]:
        """The sentences that state a claim link, each with a link to its item line."""
        relation, incoming = _EVIDENCE_VERBS.get(link_verb, ("", False))
        key = (other, name, relation) if incoming else (name, other, relation)
        out = []
        for sentence, where in self.evidence.get(key, ()):
            path, _, line = where.rpartition(":")
            url = source_url(self.config, path, self._env) if path else None
            url = f"{url}#L{line}" if url and line.isdigit() else url
            out.append(Quote(sentence, p.external(where, url) if url else p.text(where)))
        return out

    def finding_entry(self, node: Node) -> Callable[[Page], Markup]:
        """A finding on a concept page: the claim, its confidence, its item and date, then its links."""
        data = self.data

        def entry(p: Page) -> Markup:
            parts: list[str] = [p.link(node)]
            item = data.item_of(node)
            if item is not None:
                parts.append(f" — {p.link(item)}")
                if item.completed:
                    parts.append(f" ({p.text(item.completed)})")
            if node.confidence:
                parts.append(f" · {p.em(Markup(f'{p.text(node.confidence)} confidence'))}")
            parts += _standing_and_links(p, data.claim_links(node.name), Markup(" · "))
            return Markup("".join(parts))  # every part is Markup or built from Markup
        return entry

    @staticmethod
    def counted_entry(node: Node, count: int, noun: str) -> Callable[[Page], Markup]:
        return lambda p: Markup(f"{p.link(node)} — {p.text(counted(count, noun))}")

    # -- pages

    def home(self, counts: dict[str, int]) -> None:
        # Concepts with the most current claims first (then items): a theme every item carries
        # links many items and says nothing; the claims are what a reader comes for.
        weight = {n.name: (self.active_count(n, RelationType.ABOUT), self.active_count(n, RelationType.ADDRESSES))
                  for n in self.data.of(EntityType.CONCEPT)}
        top = sorted(self.data.of(EntityType.CONCEPT),
                     key=lambda n: (-weight[n.name][0], -weight[n.name][1], n.sort_key))[:HOME_TOP]
        items = [n for n in self.data.of(EntityType.RESEARCH_ITEM) if not n.inactive]
        latest = sorted(items, key=lambda n: n.newest_first)[:HOME_TOP]
        here = self.page("index.md")
        self.files["index.md"] = self.templates["home"].render(
            p=here,
            title=self.config.site.title,
            front_title="",  # the home page's <title> is the site name alone
            counts=counts,
            top=[(n, *weight[n.name]) for n in top],
            latest=[self.item_entry(n)(here) for n in latest],
        )

    def theme_of(self, concept: Node) -> str:
        """The theme a concept is listed under: its own when it is a theme, else the tag most of its
        current items carry (ties: A to Z), else "".  Themes that are concepts themselves count first:
        a theme on most items (a hub, kept as a tag only) would hold nearly every concept."""
        if concept.key in self.data.tag_pages:
            return concept.key
        counts = Counter(t for n in self.data.sources(concept.name, RelationType.ADDRESSES) if not n.inactive
                         for t in n.tags)
        return min(counts, key=lambda t: (f"concept:{t}" not in self.data.nodes, -counts[t], t)) if counts else ""

    def active_count(self, node: Node, relation: RelationType) -> int:
        """Current (not superseded or contradicted) nodes with ``relation`` to ``node``."""
        return sum(1 for s in self.data.sources(node.name, relation) if not s.inactive)

    def items_using(self, method: Node) -> set[str]:
        """The current items that use ``method``, themselves or through one of their claims."""
        found: set[str] = set()
        for user in self.data.sources(method.name, RelationType.USES_METHOD):
            item = user if user.kind is EntityType.RESEARCH_ITEM else self.data.item_of(user)
            if item is not None and not item.inactive and not user.inactive:
                found.add(item.name)
        return found

    def concept(self, node: Node) -> None:
        data = self.data
        addressing = data.sources(node.name, RelationType.ADDRESSES)
        items = [n for n in addressing if not n.inactive]
        old_items = [n for n in addressing if n.inactive]
        claims_all = data.sources(node.name, RelationType.ABOUT)
        claims = [c for c in claims_all if not c.inactive]
        old_claims = [c for c in claims_all if c.inactive]
        method_items: dict[str, set[str]] = defaultdict(set)  # method -> items sharing it with this concept
        for holder in [*items, *claims]:
            item = holder if holder.kind is EntityType.RESEARCH_ITEM else data.item_of(holder)
            for method in data.targets(holder.name, RelationType.USES_METHOD):
                if not method.inactive and item is not None:
                    method_items[method.name].add(item.name)
        methods = Counter({name: len(found) for name, found in method_items.items()})
        related = data.related_concepts(node.name)
        diagram_nodes = related[:DIAGRAM_LIMIT]
        diagram = neighbourhood(node, diagram_nodes) if diagram_nodes else Markup("")
        item_entries, more_items = self.overflow(node, "items", [self.item_entry(n) for n in items])
        # Findings first, newest first: what is known now leads (the item's date, then confidence).
        newest = sorted(claims, key=lambda c: (((i := data.item_of(c)) and i.newest_first) or ("",),
                                               _CONFIDENCE_ORDER.get(c.confidence, 3), c.sort_key))
        findings, more_findings = self.overflow(node, "findings", [self.finding_entry(c) for c in newest])
        old_entries = [self.item_entry(n) for n in old_items] + [self.claim_entry(c) for c in old_claims]
        old_shown, old_more = self.overflow(node, "superseded", old_entries, marked=True)
        here = self.page(node.page)
        h = self.html_page(node.page)
        self.files[node.page] = self.templates["concept"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node, diagram=diagram,
            search_terms=[html_text(a) for a in node.aliases],
            items=[e(h) for e in item_entries], items_total=len(items), more_items=more_items,
            findings=[e(h) for e in findings], findings_total=len(claims), more_findings=more_findings,
            methods=[self.counted_entry(data.nodes[name], count, "shared item")(h) for name, count in sorted(
                methods.items(), key=lambda kv: (-kv[1], data.nodes[kv[0]].sort_key))],
            related=[self.counted_entry(other, weight, "shared item")(h) for other, weight in related],
            old=[e(here) for e in old_shown], old_total=len(old_entries), old_more=old_more,
        )

    def method(self, node: Node) -> None:
        data = self.data
        users = data.sources(node.name, RelationType.USES_METHOD)
        items = [n for n in users if n.kind is EntityType.RESEARCH_ITEM and not n.inactive]
        claims = [n for n in users if n.kind is EntityType.CLAIM and not n.inactive]
        old = [n for n in users if n.inactive]
        concepts: Counter[str] = Counter()
        for item in items:
            for concept in data.targets(item.name, RelationType.ADDRESSES):
                concepts[concept.name] += 1
        item_entries, more_items = self.overflow(node, "items", [self.item_entry(n) for n in items])
        claim_entries, more_claims = self.overflow(node, "claims", [self.claim_entry(n) for n in claims])
        old_entries = [self.item_entry(n) if n.kind is EntityType.RESEARCH_ITEM else self.claim_entry(n) for n in old]
        old_shown, old_more = self.overflow(node, "superseded", old_entries, marked=True)
        here = self.page(node.page)
        h = self.html_page(node.page)
        self.files[node.page] = self.templates["method"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node,
            search_terms=[html_text(a) for a in node.aliases],
            items=[e(h) for e in item_entries], items_total=len(items), more_items=more_items,
            claims=[e(h) for e in claim_entries], claims_total=len(claims), more_claims=more_claims,
            concepts=[self.counted_entry(data.nodes[name], count, "shared item")(h) for name, count in sorted(
                concepts.items(), key=lambda kv: (-kv[1], data.nodes[kv[0]].sort_key))][:LIST_LIMIT],
            old=[e(here) for e in old_shown], old_total=len(old_entries), old_more=old_more,
        )

    def whole_finding(self, claim: Node, item: Node | None) -> str:
        """The claim's Key Finding as written, when the graph holds only its short form (the
        graph's observations stay atomic; the page has room for the whole statement)."""
        number = claim.section.removeprefix("key-finding-")
        if item is None or not number.isdigit():
            return ""
        whole = next((text for n, text in self.key_findings(item.key) if n == int(number)), "")
        return whole if whole != claim.title else ""

    def key_findings(self, slug: str) -> tuple[tuple[int, str], ...]:
        """An item's Key Findings as written, (number, text) (cleaned once per item, not once per claim)."""
        if slug not in self._key_findings:
            meta = self.items.get(slug)
            self._key_findings[slug] = tuple((f.number, clean_statement(f.text, limit=None))
                                             for f in (meta.key_findings if meta else ()))
        return self._key_findings[slug]

    def claim_details(self, node: Node, item: Node | None, h: HtmlPage) -> dict[str, object]:
        """What a claim's section shows (``_claim.md.j2``), on its item's page or its own page:
        its facts as one HTML list (``details``)."""
        data = self.data
        section = node.section
        if section.startswith("key-finding-"):
            section = f"Key finding {section.removeprefix('key-finding-')}"
        # f-strings of Markup parts (each escaped where it was made), one Markup per fact.
        facts = [Markup(f"{h.strong(Markup('Confidence:'))} {h.text(node.confidence or 'not rated')}")]
        if about := data.targets(node.name, RelationType.ABOUT):
            facts.append(Markup(f"{h.strong(Markup('About:'))} {h.links(about)}"))
        if methods := data.targets(node.name, RelationType.USES_METHOD):
            facts.append(Markup(f"{h.strong(Markup('Methods:'))} {h.links(methods)}"))
        if node.sources:
            facts.append(Markup(f"{h.strong(Markup('Sources:'))} "
                                + " · ".join([_source_html_link(s) for s in node.sources])))
        for link in data.claim_links(node.name):
            fact = f"{h.strong(h.text(link.verb.capitalize()))} {h.link(link.node)}"
            if link.node.inactive:
                fact += f" {h.em(Markup('(not current)'))}"
            if quotes := self.quotes(node.name, link.verb, link.node.name, h):
                fact = f"{fact}{html_list(Markup(f'“{h.text(q.sentence)}” — {escape(q.where)}') for q in quotes)}\n"
            facts.append(Markup(fact))
        return dict(
            node=node, item=item, section=section,
            status_label=" and ".join(sorted(node.states & INACTIVE_STATES)).capitalize(),
            finding=self.whole_finding(node, item),
            details=html_block(html_list(facts)),
        )

    def claim(self, node: Node) -> None:
        """The page of a claim that no item of the graph holds (others are sections of their item's page)."""
        here = self.page(node.page)
        self.files[node.page] = self.templates["claim"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node,
            c=self.claim_details(node, self.data.item_of(node), self.html_page(node.page)))

    def item(self, node: Node, superseded_by: Sequence[Node], successors: Sequence[str] = ()) -> None:
        """``successors``: the slugs of ``superseded_by`` in the item's frontmatter that no node has."""
        data = self.data
        claims_all = data.targets(node.name, RelationType.STATES)
        here = self.page(node.page)
        h = self.html_page(node.page)
        extends = [n for n in data.targets(node.name, RelationType.EXTENDS) if n.kind is EntityType.RESEARCH_ITEM]
        extended = [n for n in data.sources(node.name, RelationType.EXTENDS) if n.kind is EntityType.RESEARCH_ITEM]
        meta = self.items.get(node.key)
        hosted = [c for c in claims_all if c.page.partition("#")[0] == node.page]
        claim_of: dict[str, Node] = {}
        for hosted_claim in hosted:
            claim_of.setdefault(hosted_claim.section, hosted_claim)
        sections: list[_FindingSection] = []
        for number, text in self.key_findings(node.key):
            claim = claim_of.pop(f"key-finding-{number}", None)
            if text or claim is not None:
                sections.append(self.finding_section(node, number, text, claim, h))
        shown = {section.name for section in sections}
        sections += [self.finding_section(node, 0, c.title, c, h) for c in hosted if c.name not in shown]  # no Key Finding
        elsewhere = [c for c in claims_all if c not in hosted]  # stated here, a section of another item's page
        self.files[node.page] = self.templates["item"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node,
            question=one_line(meta.research_question) if meta else "",
            summary=one_line(meta.executive_summary) if meta and meta.executive_summary else node.summary,
            findings=sections,
            findings_heading="Key findings" if meta and meta.key_findings else "Claims",
            item_sources=[_source_html_link(u) for u in (meta.sources if meta else ())],
            superseded_by=superseded_by,
            concepts=[h.link(n) for n in data.targets(node.name, RelationType.ADDRESSES)],
            has_claims=bool(claims_all),
            elsewhere=[self.claim_entry(c)(h) for c in elsewhere],
            methods=[h.link(n) for n in data.targets(node.name, RelationType.USES_METHOD)],
            extends=[_item_link(h, n) for n in extends],
            extended=[_item_link(h, n) for n in extended],
            # Without a repository to link into, the file is still named (the reader has a checkout).
            source=(here.source(node, f"Read the item: {node.path}") or Markup("Item file: ") + md_text(node.path))
            if node.path else Markup(""),
            successors=successors,
        )

    def finding_section(self, item: Node, number: int, text: str, claim: Node | None, h: HtmlPage) -> _FindingSection:
        """One finding of an item's page: a heading (the claim's anchor when the graph holds the
        finding as a claim), then the claim's details.  The heading is raw HTML: its id is the
        claim's stable anchor, not one the toc would make from the text."""
        title = claim.title if claim is not None else text
        label = f"{number}. {title}" if number else title
        anchor = claim.page.partition("#")[2] if claim is not None else f"finding-{number}"
        details = self.claim_details(claim, item, h) if claim is not None else None
        return _FindingSection(claim.name if claim is not None else "", html_text(anchor), html_text(label), details)


@dataclass(frozen=True)
class _FindingSection:
    name: str  # the claim's name, "" for a finding the graph holds no claim of
    anchor: Markup
    heading: Markup
    claim: dict[str, object] | None  # claim_details, when the graph holds the finding as a claim


#: An item's link to its file recurs in every list that shows the item (pure; Markup is immutable).
_external_html_link = functools.lru_cache(maxsize=1 << 16)(external_html_link)


@functools.lru_cache(maxsize=65536)  # an item's sources recur on its claims; Markup is immutable
def _source_html_link(url: str) -> Markup:
    return external_html_link(url, url)


def _item_link(h: HtmlPage, item: Node) -> Markup:
    return h.link(item) + (Markup(" ") + h.em(Markup("(superseded)")) if item.inactive else Markup(""))


def _counts(data: SiteData) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind, key in ((EntityType.RESEARCH_ITEM, "items"), (EntityType.CONCEPT, "concepts"),
                      (EntityType.CLAIM, "claims"), (EntityType.METHOD, "methods")):
        nodes = data.of(kind)
        counts[key] = sum(1 for n in nodes if not n.inactive)
        counts[f"inactive_{key}"] = sum(1 for n in nodes if n.inactive)
    counts["relations"] = sum(len(ns) for by_type in data.out.values() for ns in by_type.values())
    counts["tags"] = len(data.tags)
    return counts


def render_pages(graph: Graph, items: Sequence[ResearchItem], config: Config,
                 env: dict[str, str] | None = None, evidence: Evidence | None = None) -> dict[str, str]:
    """Every docs page, ``{docs-relative path: Markdown}``: pure, no I/O.  ``evidence``: the
    sentences stating claim links (``evidence_of``), quoted on the claim pages."""
    return pages_of(collect(graph, items), items, config, env, evidence)


def pages_of(data: SiteData, items: Sequence[ResearchItem], config: Config,
             env: dict[str, str] | None = None, evidence: Evidence | None = None,
             final_urls: bool = True, workers: int | None = 1) -> dict[str, str]:
    """``render_pages`` of an indexed graph (``model.collect``; the explorer's data reads the same).
    ``final_urls``: see ``HtmlPage`` (mkdocs: True, Zensical: False).  ``workers``: processes that
    render (``parallel``; None: as many as pay off); the pages are the same for any number."""
    tasks = _page_tasks(data, items, config, env, evidence, final_urls)
    return site_parallel.render(tasks, site_parallel.workers_for(len(tasks)) if workers is None else workers)


def _page_tasks(data: SiteData, items: Sequence[ResearchItem], config: Config, env: dict[str, str] | None,
                evidence: Evidence | None, final_urls: bool) -> list[site_parallel.Task]:
    """The pages as independent tasks, in page order: a node page each (with the lists it overflows
    into), then each index page."""
    by_slug = {item.slug: item for item in items}
    r = _Renderer(data, config, env, by_slug, evidence, final_urls)
    tasks: list[site_parallel.Task] = []

    def task(render: Callable[[], object]) -> None:
        tasks.append(lambda: r.pages_of(render))

    task(lambda: r.home(_counts(data)))
    concepts = data.of(EntityType.CONCEPT)
    methods = data.of(EntityType.METHOD)
    claims = data.of(EntityType.CLAIM)
    all_items = sorted(data.of(EntityType.RESEARCH_ITEM), key=lambda n: n.newest_first)
    for node in concepts:
        task(functools.partial(r.concept, node))
    for node in methods:
        task(functools.partial(r.method, node))
    for node in claims:
        if "#" not in node.page:
            task(functools.partial(r.claim, node))
    for node in all_items:
        meta = by_slug.get(node.key)
        named = meta.superseded_by if meta else ()
        later = [data.nodes[f"item:{s}"] for s in named if f"item:{s}" in data.nodes]
        task(functools.partial(r.item, node, later, [s for s in named if f"item:{s}" not in data.nodes]))

    def concept_index() -> None:
        by_theme = sorted(((r.theme_of(n), n) for n in concepts), key=lambda tn: (tn[0] == "", tn[0], tn[1].sort_key))
        r.listing(_Listing("Concepts", "concepts/index.md",
                           f"{len(concepts)} concepts by theme (the theme most of a concept's current items carry), "
                           "A to Z, with the number of current items that address each.",
                           tuple(r.counted_entry(n, r.active_count(n, RelationType.ADDRESSES), "item") for _, n in by_theme),
                           groups=tuple(tag_label(t) if t else "Other concepts" for t, _ in by_theme)))
    task(concept_index)
    task(lambda: r.emit("explore/index.md", "explore", "Explore the graph"))
    task(lambda: r.listing(_Listing("Methods", "methods/index.md",
                                    f"{len(methods)} methods, A to Z, with the number of current items that use each "
                                    "(themselves or in a claim).",
                                    tuple(r.counted_entry(n, len(r.items_using(n)), "item") for n in methods))))
    current = [n for n in all_items if not n.inactive]
    task(lambda: r.listing(_Listing("Research items", "items/index.md",
                                    f"{len(current)} current research items, newest first. Superseded items are listed "
                                    "separately.",
                                    tuple(r.item_entry(n) for n in current),
                                    see_also=(("Superseded items", "items/superseded.md"),))))
    task(lambda: r.listing(_Listing("Superseded items", "items/superseded.md",
                                    "Items a later item supersedes. They are left out of the other lists.",
                                    tuple(r.item_entry(n) for n in all_items if n.inactive), marked=True)))

    @functools.cache
    def claims_by_item() -> list[Node]:
        return sorted(claims, key=lambda c: (((i := data.item_of(c)) and i.newest_first) or ("",), c.sort_key))
    task(lambda: r.listing(_Listing("Claims", "claims/index.md",
                                    "Current claims, by item, newest item first. Superseded, contradicted and contested "
                                    "claims are listed separately.",
                                    tuple(r.claim_entry(c, with_links=False) for c in claims_by_item() if not c.inactive),
                                    see_also=(("Superseded, contradicted and contested claims", "claims/superseded.md"),))))
    task(lambda: r.listing(_Listing("Superseded, contradicted and contested claims", "claims/superseded.md",
                                    "Claims of superseded items, and claims marked superseded, contradicted or contested.",
                                    tuple(r.claim_entry(c, with_links=False) for c in claims_by_item() if c.inactive),
                                    marked=True)))
    tags = sorted(data.tags, key=str.casefold)
    task(lambda: r.listing(_Listing("Tags", "tags/index.md", f"{len(tags)} tags from the items' themes.",
                                    tuple((lambda t: lambda p: p.tag(t) + Markup(" — ") + p.text(counted(
                                        sum(1 for n in data.tags[t] if not n.inactive), "item")))(t) for t in tags))))
    for tag in tags:
        task(functools.partial(_tag_pages, r, tag))
    return tasks


def _tag_pages(r: _Renderer, tag: str) -> None:
    """A tag's listing of current items, and of its superseded items when it has any."""
    data = r.data
    nodes = data.tags[tag]
    old = [n for n in nodes if n.inactive]
    old_page = data.tag_pages[tag].removesuffix(".md") + "--superseded.md"
    concept = data.nodes.get(f"concept:{tag}")
    label = tag_label(tag)
    r.listing(_Listing(f"Tag: {label}", data.tag_pages[tag], f"Current items tagged {label}, newest first.",
                       tuple(r.item_entry(n) for n in nodes if not n.inactive),
                       see_also=tuple(
                           ([(f"{counted(len(old), 'superseded item')} tagged {label}", old_page)] if old else [])
                           + ([(f"the concept {concept.title}", concept.page)] if concept else [])),
                       theme_words=() if concept else (label, tag)))
    if old:
        r.listing(_Listing(f"Tag: {label} (superseded items)", old_page,
                           f"Superseded items tagged {label}.", tuple(r.item_entry(n) for n in old), marked=True))


def explorer_data(data: SiteData) -> str:
    """The explorer's graph (``assets/kgsync.js``): current concepts and items, linked when an item
    addresses a concept or states a finding about it.  URLs are relative to the explorer page."""
    kept = [n for n in data.nodes.values() if n.kind in (EntityType.CONCEPT, EntityType.RESEARCH_ITEM)
            and not n.inactive]
    kept.sort(key=lambda n: n.name)
    index = {n.name: i for i, n in enumerate(kept)}
    edges: set[tuple[int, int]] = set()
    for node in kept:
        if node.kind is not EntityType.RESEARCH_ITEM:
            continue
        concepts = list(data.targets(node.name, RelationType.ADDRESSES))
        for claim in data.targets(node.name, RelationType.STATES):
            if not claim.inactive:
                concepts += data.targets(claim.name, RelationType.ABOUT)
        edges |= {(index[node.name], index[c.name]) for c in concepts if c.name in index}
    rows = [[n.title, "c" if n.kind is EntityType.CONCEPT else "i", "../" + n.page.removesuffix(".md") + "/", n.name]
            for n in kept]
    return json.dumps({"n": rows, "e": sorted(edges)}, ensure_ascii=False, separators=(",", ":"))


def evidence_of(manifest: Manifest | None) -> dict[tuple[str, str, str], list[tuple[str, str]]]:
    """The manifest's evidence lists by link: (from, to, relation) -> [(sentence, "path:line")]."""
    out: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
    for facts in manifest.by_item.values() if manifest is not None else ():
        for entry in facts.evidence:
            if len(entry) >= 5:
                out.setdefault((entry[0], entry[1], entry[2]), []).append((entry[3], entry[4]))
    return {key: sorted(found) for key, found in sorted(out.items())}



def _standing_and_links(p: Page, links: Sequence[Link], before_standing: Markup) -> list[Markup]:
    """How a finding stands (current claims that support / contradict it: later work's agreement
    and disputes), then each of its links to other findings."""
    support = sum(1 for link in links if link.verb == "supported by" and not link.node.inactive)
    contest = sum(1 for link in links if link.verb == "contradicted by" and not link.node.inactive)
    parts = []
    if support or contest:
        parts.append(before_standing + Markup("supported by {}, contested by {}").format(support, contest))
    parts += [Markup(f" · {p.strong(p.text(link.verb))} {p.link(link.node)}") for link in links]
    return parts
