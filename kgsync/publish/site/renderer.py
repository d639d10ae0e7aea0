"""The renderer's shared parts: the page templates, paginated listings, and the entries (an item,
a claim, a finding) that the node pages and the index pages list.

An entry is a callable of a ``Page``: the same entry renders relative to whichever page lists it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import quote

import jinja2
from markupsafe import Markup, escape

from kgsync.contract.model import EntityType, RelationType
from kgsync.read.config import SiteOptions
from kgsync.read.items import ResearchItem
from kgsync.publish.site.links import HtmlPage, Page, html_block, html_list, source_url
from kgsync.publish.site.model import FOLDER, SiteData
from kgsync.publish.site.node import INACTIVE_STATES, Link, Node
from kgsync.publish.site.prose import quote_text, site_path, summary_blocks, whole_finding_text
from kgsync.publish.site.text import counted, html_text, md_text, yaml_string
from kgsync.publish.templating import environment

PAGE_SIZE = 200  # entries per index page (each entry holds one to three links)
LIST_LIMIT = 50  # entries a node page shows of one list before it links to the full list
#: The folders of the pages an item, claim or finding entry links (an item's page, a claim's section
#: on its item's page or a claim's own page): from any page outside them an entry is the same HTML.
ENTRY_FOLDERS = frozenset({FOLDER[EntityType.RESEARCH_ITEM], FOLDER[EntityType.CLAIM]})

Entry = Callable[[Page], Markup]


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
    # The executive summary: its paragraphs and lists (``summary_blocks``), URLs as links, the items' evidence
    # labels as small notes.
    env.globals["summary_html"] = lambda text: html_block(summary_blocks(text))
    return env


@dataclass(frozen=True)
class Listing:
    """A paginated list of entries (index pages, long lists of a node page)."""

    title: str
    base: str  # docs-relative page of the first part, e.g. "concepts/index.md"
    intro: str
    entries: tuple[Callable[[Page], Markup], ...]
    marked: bool = False  # superseded/contradicted: shown under a warning
    see_also: tuple[tuple[str, str], ...] = ()  # (link text, docs-relative page) under the intro
    see_also_label: str = "See also"
    groups: tuple[str, ...] = ()  # a heading per entry (entries sorted by it): a heading where it changes
    theme_words: tuple[str, ...] = ()  # a theme's first page is found by search with these (else not indexed)

    def parts(self) -> list[tuple[str, range]]:
        count = max(1, -(-len(self.entries) // PAGE_SIZE))
        stem = self.base.removesuffix(".md")
        pages = [self.base] + [f"{stem}--p{n}.md" for n in range(2, count + 1)]
        return [(page, range(i * PAGE_SIZE, min(len(self.entries), (i + 1) * PAGE_SIZE))) for i, page in enumerate(pages)]


#: The quotes stating each claim link: (from, to, relation) -> [(sentence, "path:line")]
#: (the manifest's ``evidence`` lists, see kgsync.extract.evidence).
LinkQuotes = Mapping[tuple[str, str, str], Sequence[tuple[str, str]]]
_EVIDENCE_VERBS = {"supports": ("supports", False), "supported by": ("supports", True),
                   "contradicts": ("contradicts", False), "contradicted by": ("contradicts", True),
                   "extends": ("extends", False), "extended by": ("extends", True)}


@dataclass(frozen=True)
class Quote:
    sentence: str
    where: Markup  # "path:line", a link to the item file at that line when a source URL is configured


class Renderer:
    def __init__(self, data: SiteData, site: SiteOptions, env: dict[str, str] | None,
                 items: Mapping[str, ResearchItem] | None = None, evidence: LinkQuotes | None = None,
                 final_urls: bool = True):
        self.evidence = evidence or {}
        self.final_urls = final_urls
        self.data = data
        self.items = items or {}  # slug -> the item as read (a claim page quotes its whole finding)
        self.site = site  # kgsync.yml's site section: the title, the links to item files
        self.jinja = page_environment()
        self.templates = {name: self.jinja.get_template(f"site/{name}.md.j2")
                          for name in ("home", "concept", "claim", "method", "item", "listing", "explore")}
        self._source_cache: dict[str, str | None] = {}
        self._key_findings: dict[str, tuple[tuple[int, str], ...]] = {}
        self._key_finding: dict[tuple[str, int], str] = {}
        self._cleaned: dict[str, str] = {}  # a Key Finding as written -> cleaned (``cleaned``)
        self._entries: dict[tuple[object, ...], Markup] = {}  # see ``shared``
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
            self._source_cache[item.path] = source_url(self.site, item.path, self._env)
        return self._source_cache[item.path]

    def page(self, here: str) -> Page:
        return Page(here, self.source_of, self.data)

    def html_page(self, here: str) -> HtmlPage:
        return HtmlPage(here, self.source_of, self.data, self.final_urls)

    def emit(self, path: str, template: str, title: str, **context: object) -> None:
        here = self.page(path)
        body = self.templates[template].render(p=here, title=title, front_title=html_text(title), **context)
        self.files[path] = body

    def listing(self, listing: Listing) -> list[str]:
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
                see_also_label=listing.see_also_label,
            )
        return [path for path, _ in parts]

    def overflow(self, node: Node, what: str, entries: Sequence[Callable[[Page], Markup]],
                 marked: bool = False) -> tuple[list[Callable[[Page], Markup]], str | None]:
        """The first ``LIST_LIMIT`` entries, and the page listing all of them when there are more."""
        if len(entries) <= LIST_LIMIT:
            return list(entries), None
        stem = node.page.removesuffix(".md")
        base = f"{stem}--{what.replace(' ', '-')}.md"
        self.listing(Listing(f"{node.title}: {what}", base, f"All {len(entries)} {what} of {node.title}.",
                              tuple(entries), marked))
        return list(entries[:LIST_LIMIT]), base

    # -- entries (callables: the same entry renders relative to whichever page lists it)

    def shared(self, key: tuple[object, ...], render: Entry) -> Entry:
        """``render``, made once per page depth: an entry that links only pages under
        ``ENTRY_FOLDERS`` is the same HTML on every page outside them of one depth (``HtmlPage.
        outside_links``).  At 10,000 items an item or a finding is listed on many concept, method and
        tag pages and their full lists: building each of those entries again was most of their cost."""
        entries = self._entries

        def entry(p: Page) -> Markup:
            base = p.outside_links(ENTRY_FOLDERS) if isinstance(p, HtmlPage) else None
            if base is None:
                return render(p)
            try:
                return entries[(*key, base)]
            except KeyError:
                made = entries[(*key, base)] = render(p)
                return made
        return entry

    def item_entry(self, node: Node) -> Entry:
        def entry(p: Page) -> Markup:
            date = f" ({p.text(node.completed)})" if node.completed else ""
            source = p.source(node)
            return Markup(f"{p.link(node)}{date}{' · ' if source else ''}{source}")
        return self.shared(("item", node.name), entry)

    def claim_entry(self, node: Node, with_item: bool = True, with_links: bool = True) -> Entry:
        data = self.data

        def entry(p: Page) -> Markup:
            parts: list[str] = [p.link(node)]
            if node.confidence:
                parts.append(f" {p.em(Markup(f'({p.text(node.confidence)} confidence)'))}")
            item = data.item_of(node) if with_item else None
            if item is not None:
                parts.append(f" — from {p.link(item)}")
            if with_links:
                parts += standing_and_links(p, data.claim_links(node.name), Markup(" — "))
            parts.append(self.whole_details(node, p))
            return Markup("".join(parts))  # every part is Markup or built from Markup
        return self.shared(("claim", node.name, with_item, with_links), entry)

    def quotes(self, name: str, link_verb: str, other: str, p: Page) -> list[Quote]:
        """The sentences that state a claim link, each with a link to its item line."""
        relation, incoming = _EVIDENCE_VERBS.get(link_verb, ("", False))
        key = (other, name, relation) if incoming else (name, other, relation)
        out = []
        for sentence, where in self.evidence.get(key, ()):
            path, _, line = where.rpartition(":")
            shown = site_path(path)
            # A path outside the repository is named by its file name only, and not linked.
            url = source_url(self.site, path, self._env) if path and shown == path else None
            url = f"{url}#L{line}" if url and line.isdigit() else url
            label = f"{shown}:{line}" if line.isdigit() else site_path(where)
            out.append(Quote(quote_text(sentence), p.external(label, url) if url else p.text(label)))
        return out

    def whole_finding(self, claim: Node, item: Node | None) -> str:
        """The claim's Key Finding as written, when the graph holds only its short form (the
        graph's observations stay atomic; the page has room for the whole statement)."""
        number = claim.section.removeprefix("key-finding-")
        if item is None or not number.isdigit():
            return ""
        whole = self.key_finding(item.key, int(number))
        return whole if whole != claim.title else ""

    def whole_details(self, claim: Node, p: Page) -> str:
        """The whole finding under a listed claim, folded (``<details>``), when the list shows only
        its short form; HTML lists only (a Markdown list item holds no block)."""
        if not isinstance(p, HtmlPage):
            return ""
        whole = self.whole_finding(claim, self.data.item_of(claim))
        if not whole:
            return ""
        # Out of the search index: the item's page holds the same text, where search finds it.
        return (f'<details class="kg-whole" data-search-exclude><summary>Whole finding</summary>'
                f"<p>{p.text(whole)}</p></details>")

    def finding_entry(self, node: Node) -> Entry:
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
            parts += standing_and_links(p, data.claim_links(node.name), Markup(" · "))
            parts.append(self.whole_details(node, p))
            return Markup("".join(parts))  # every part is Markup or built from Markup
        return self.shared(("finding", node.name), entry)

    def state_entry(self, node: Node) -> Entry:
        """A finding that is not current, led by its trust state: "Contested: <claim> — from <item>",
        then the links that put it there (contradicted by ...) and its whole text."""
        data = self.data
        label = " and ".join(sorted(node.states & INACTIVE_STATES)).capitalize() or "Not current"

        def entry(p: Page) -> Markup:
            parts: list[str] = [p.strong(p.text(f"{label}:")), " ", p.link(node)]
            item = data.item_of(node)
            if item is not None:
                parts.append(f" — from {p.link(item)}")
            parts += [Markup(f" · {p.em(p.text(link.verb))} {p.link(link.node)}") for link in data.claim_links(node.name)]
            parts.append(self.whole_details(node, p))
            return Markup("".join(parts))
        return self.shared(("state", node.name), entry)

    def explorer_link(self, node: Node) -> Markup:
        """"Open in the explorer", centred on ``node`` (current concepts and items are in it).
        Raw HTML, written for the engine (``HtmlPage``): a Markdown link with a query is not one
        mkdocs resolves."""
        if node.inactive or node.kind not in (EntityType.CONCEPT, EntityType.RESEARCH_ITEM):
            return Markup("")
        href = self.html_page(node.page).href("explore/index.md")
        url = f"{href}?node={quote(node.name, safe=':')}"
        return Markup(f'<a class="kg-open-explorer" href="{escape(url)}">Open in the explorer</a>')

    @staticmethod
    def counted_entry(node: Node, count: int, noun: str) -> Callable[[Page], Markup]:
        return lambda p: Markup(f"{p.link(node)} — {p.text(counted(count, noun))}")

    # -- pages

    def theme_of(self, concept: Node) -> str:
        """The theme a concept is listed under: its own when it is a theme, else the tag most of its
        current items carry (ties: A to Z), else "".  Themes that are concepts themselves count first:
        a theme on most items (a hub, kept as a tag only) would hold nearly every concept."""
        if concept.key in self.data.tag_pages:
            return concept.key
        for alias in concept.search_names:  # a theme node named by its acronym's expansion keeps its slug's words
            tag = alias.replace(" ", "-")
            if tag in self.data.tag_pages and self.data.theme_node(tag) is concept:
                return tag
        counts = Counter(t for n in self.data.sources(concept.name, RelationType.ADDRESSES) if not n.inactive
                         for t in n.tags)
        nodes = self.data.nodes
        return min(counts, key=lambda t: (f"concept:{t}" not in nodes and f"method:{t}" not in nodes
                                          and self.data.theme_node(t) is None, -counts[t], t)
                   ) if counts else ""

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

    def key_findings(self, slug: str) -> tuple[tuple[int, str], ...]:
        """An item's Key Findings as written, (number, text) (cleaned once per item, not once per claim)."""
        if slug not in self._key_findings:
            meta = self.items.get(slug)
            self._key_findings[slug] = tuple((f.number, self.cleaned(f.text))
                                             for f in (meta.key_findings if meta else ()))
        return self._key_findings[slug]

    def key_finding(self, slug: str, number: int) -> str:
        """An item's Key Finding ``number`` as written ("" when it has none): a concept page lists one
        claim of an item, so only that finding is cleaned, not all of the item's."""
        if slug in self._key_findings:
            return next((text for n, text in self._key_findings[slug] if n == number), "")
        if (slug, number) not in self._key_finding:
            meta = self.items.get(slug)
            found = next((f for f in (meta.key_findings if meta else ()) if f.number == number), None)
            self._key_finding[slug, number] = self.cleaned(found.text) if found else ""
        return self._key_finding[slug, number]

    def cleaned(self, finding: str) -> str:
        """``whole_finding_text`` of a whole Key Finding, once per text: a finding a concept page listed
        is cleaned again for its item's page otherwise (the two caches above are per item and per
        finding)."""
        try:
            return self._cleaned[finding]
        except KeyError:
            made = self._cleaned[finding] = whole_finding_text(finding)
            return made


def standing_and_links(p: Page, links: Sequence[Link], before_standing: Markup) -> list[Markup]:
    """How a finding stands (current claims that support / contradict it: later work's agreement
    and disputes), then each of its links to other findings."""
    support = sum(1 for link in links if link.verb == "supported by" and not link.node.inactive)
    contest = sum(1 for link in links if link.verb == "contradicted by" and not link.node.inactive)
    parts = []
    if support or contest:
        parts.append(before_standing + Markup("supported by {}, contested by {}").format(support, contest))
    parts += [Markup(f" · {p.strong(p.text(link.verb))} {p.link(link.node)}") for link in links]
    return parts
