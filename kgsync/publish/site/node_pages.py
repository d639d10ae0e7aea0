"""The node pages: the home page, a concept, a method, a research item (its findings as
sections) and a claim no item holds.  ``NodePages`` is the renderer with these pages.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from kgsync.contract.model import EntityType, RelationType
from kgsync.publish.site.definitions import definition, node_names
from kgsync.publish.site.links import HtmlPage, html_block, html_list, item_link, source_html_link
from kgsync.publish.site.prose import plain_text, site_path
from kgsync.publish.site.model import CONFIDENCES, DIAGRAM_LIMIT
from kgsync.publish.site.node import INACTIVE_STATES, Node
from kgsync.publish.site.renderer import LIST_LIMIT, Renderer
from kgsync.publish.site.svg import neighbourhood
from kgsync.publish.site.text import html_content, html_text, md_text
from kgsync.read.items import ResearchItem

HOME_TOP = 15
#: The line a concept's and a method's page template writes under the title: the page's defining
#: sentence goes above it (in Python, not in the templates: see ``open_with``).
KIND_LINES = {EntityType.CONCEPT: "*Concept.*", EntityType.METHOD: "*Method.*"}


def open_with(page: str, kind: EntityType, block: Markup) -> str:
    """``page`` with ``block`` as its first paragraph, above the line naming the node's kind.

    Done on the rendered page rather than in the template: an editable install renders the
    templates of the checkout it points at, and this keeps the page's sentence with its code."""
    if not block:
        return page
    marker = f"\n{KIND_LINES[kind]}\n"
    at = page.find(marker)
    if at < 0:
        raise ValueError(f"templates/site/{kind.value}.md.j2 no longer writes {KIND_LINES[kind]!r} on a line of its "
                         "own: put the defining sentence (kgsync/publish/site/node_pages.py, open_with) where it "
                         "now belongs")
    return f"{page[:at]}\n{block}\n{page[at:]}"
CONFIDENCE_ORDER = {level: rank for rank, level in enumerate(CONFIDENCES)}


class NodePages(Renderer):
    """The renderer, with the page of each kind of node."""

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
            title=self.site.title,
            front_title="",  # the home page's <title> is the site name alone
            counts=counts,
            top=[(n, *weight[n.name]) for n in top],
            latest=[self.item_entry(n)(here) for n in latest],
        )

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
                                               CONFIDENCE_ORDER.get(c.confidence, 3), c.finding_order))
        findings, more_findings = self.overflow(node, "findings", [self.finding_entry(c) for c in newest])
        # Contested and superseded findings, marked: those about the concept, and those a current
        # finding about it supports, contradicts or extends (a trust state keeps them out of the list above).
        linked = [link.node for c in claims for link in data.claim_links(c.name) if link.node.inactive]
        contested = sorted(dict.fromkeys([*old_claims, *linked]), key=lambda c: (
            ((i := data.item_of(c)) and i.newest_first) or ("",), c.finding_order))
        contested_shown, more_contested = self.overflow(node, "contested findings",
                                                        [self.state_entry(c) for c in contested], marked=True)
        old_entries = [self.item_entry(n) for n in old_items]
        old_shown, old_more = self.overflow(node, "superseded", old_entries, marked=True)
        here = self.page(node.page)
        h = self.html_page(node.page)
        self.files[node.page] = open_with(self.templates["concept"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node, diagram=diagram,
            explorer=self.explorer_link(node),
            contested=[e(h) for e in contested_shown], contested_total=len(contested), more_contested=more_contested,
            search_terms=search_terms(node),
            items=[e(h) for e in item_entries], items_total=len(items), more_items=more_items,
            findings=[e(h) for e in findings], findings_total=len(claims), more_findings=more_findings,
            methods=[self.counted_entry(data.nodes[name], count, "shared item")(h) for name, count in sorted(
                methods.items(), key=lambda kv: (-kv[1], data.nodes[kv[0]].sort_key))],
            related=[self.counted_entry(other, weight, "shared item")(h) for other, weight in related],
            old=[e(here) for e in old_shown], old_total=len(old_entries), old_more=old_more,
            old_heading="Superseded items",
        ), node.kind, self.definition_block(node, items, h))

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
        self.files[node.page] = open_with(self.templates["method"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node,
            search_terms=search_terms(node),
            items=[e(h) for e in item_entries], items_total=len(items), more_items=more_items,
            claims=[e(h) for e in claim_entries], claims_total=len(claims), more_claims=more_claims,
            concepts=[self.counted_entry(data.nodes[name], count, "shared item")(h) for name, count in sorted(
                concepts.items(), key=lambda kv: (-kv[1], data.nodes[kv[0]].sort_key))][:LIST_LIMIT],
            old=[e(here) for e in old_shown], old_total=len(old_entries), old_more=old_more,
        ), node.kind, self.definition_block(node, items, h))

    def definition_block(self, node: Node, items: Sequence[Node], h: HtmlPage) -> Markup:
        """The paragraph a concept's or method's page opens with: one sentence of a current item
        linking it that says what it is, quoted and linked to the item's page (``definitions``);
        nothing when no item defines it."""
        by_slug = {n.key: n for n in items}
        read = [meta for n in items if (meta := self.items.get(n.key)) is not None]
        found = definition(node_names(node.title, node.search_names), read)
        if found is None or found.item not in by_slug:
            return Markup("")
        return html_block(Markup(f'<p class="kg-definition">Defined in {h.link(by_slug[found.item])}: '
                                 f'“{html_text(found.sentence)}”</p>'))

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
                                + " · ".join([source_html_link(s) for s in node.sources])))
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
        # A claim no item states, hosted here by its provenance (added by hand): its concepts' pages
        # link to its anchor on this page, so the page writes its section too.
        hosted += [c for c in data.hosted_claims(node.page) if c not in claims_all]
        claim_of: dict[str, Node] = {}
        for hosted_claim in hosted:
            claim_of.setdefault(hosted_claim.section, hosted_claim)
        sections: list[FindingSection] = []
        for number, text in self.key_findings(node.key):
            claim = claim_of.pop(f"key-finding-{number}", None)
            if text or claim is not None:
                sections.append(self.finding_section(node, number, text, claim, h))
        shown = {section.name for section in sections}
        sections += [self.finding_section(node, 0, c.title, c, h) for c in hosted if c.name not in shown]  # no Key Finding
        elsewhere = [c for c in claims_all if c not in hosted]  # stated here, a section of another item's page
        self.files[node.page] = self.templates["item"].render(
            p=here, title=node.title, front_title=html_text(node.title), node=node,
            question=plain_text(meta.research_question) if meta else "",
            summary=(meta.executive_summary if meta and meta.executive_summary else node.summary).strip(),
            findings=sections,
            findings_heading="Key findings" if meta and meta.key_findings else "Claims",
            item_sources=self.item_sources(meta) if meta else [],
            superseded_by=superseded_by,
            concepts=[h.link(n) for n in data.targets(node.name, RelationType.ADDRESSES)],
            has_claims=bool(claims_all) or bool(hosted),
            elsewhere=[self.claim_entry(c)(h) for c in elsewhere],
            methods=[h.link(n) for n in data.targets(node.name, RelationType.USES_METHOD)],
            extends=[item_link(h, n) for n in extends],
            extended=[item_link(h, n) for n in extended],
            crumbs=html_block(Markup(f"<p>{h.crumbs(node)}</p>")),
            intro=self.item_intro(node, h),
            successors=successors,
        )

    @staticmethod
    def item_sources(meta: ResearchItem) -> list[Markup]:
        """Each source's link: its text the label the author wrote, as a reader sees it, else its address."""
        return [source_html_link(source.address, plain_text(source.label)) for source in meta.sources]

    def item_intro(self, node: Node, h: HtmlPage) -> Markup:
        """The top of an item's page (the link to its file, to the explorer, its facts) as one HTML
        block, in the bytes Python-Markdown made of the Markdown it replaces: an item page is
        nearly all HTML blocks, so the site's Markdown has little left to do on 10,000 of them."""
        source = Markup("")
        if node.path:  # without a repository to link into, the file is still named (the reader has a checkout)
            path = site_path(node.path)
            source = h.file_link(node, f"Read the item: {path}") or Markup(f"Item file: {html_content(path)}")
        parts = [f"<p><em>Research item.</em>{chr(10) if source else ''}{source}</p>"]
        if explorer := self.explorer_link(node):
            parts.append(f"<p>{explorer}</p>")
        facts = [f"<strong>{name}:</strong> {html_content(value)}"
                 for name, value in (("Completed", node.completed), ("Confidence", node.confidence)) if value]
        if node.tags:
            facts.append("<strong>Themes:</strong> " + " · ".join([h.tag(tag) for tag in node.tags]))
        if facts:
            parts.append("<ul>\n" + "".join([f"<li>{fact}</li>\n" for fact in facts]) + "</ul>")
        return html_block(Markup("\n".join(parts)))

    def finding_section(self, item: Node, number: int, text: str, claim: Node | None, h: HtmlPage) -> FindingSection:
        """One finding of an item's page: a heading (the claim's anchor when the graph holds the
        finding as a claim), then the claim's details.  The heading is raw HTML: its id is the
        claim's stable anchor, not one the toc would make from the text."""
        title = claim.title if claim is not None else text
        label = f"{number}. {title}" if number else title
        anchor = claim.page.partition("#")[2] if claim is not None else f"finding-{number}"
        details = self.claim_details(claim, item, h) if claim is not None else None
        return FindingSection(claim.name if claim is not None else "", html_text(anchor), html_text(label), details)


@dataclass(frozen=True)
class FindingSection:
    name: str  # the claim's name, "" for a finding the graph holds no claim of
    anchor: Markup
    heading: Markup
    claim: dict[str, object] | None  # claim_details, when the graph holds the finding as a claim

    @property
    def html_block(self) -> Markup:
        """The heading as the raw HTML line it was, with the blank line Python-Markdown kept after
        it: the same bytes, stored without its two HTML scans (``markdown.KgsyncBlocks``)."""
        return html_block(Markup(f'<h3 id="{self.anchor}">{self.heading}</h3>\n'))

    @property
    def markdown(self) -> Markup:
        """The section as the item page prints it: the heading, then the claim as ``_claim.md.j2``
        writes it on a claim's own page (the same text; an include per finding was a large
        share of rendering an item page)."""
        text = f"{self.html_block}\n\n"
        if (c := self.claim) is not None:
            node = c["node"]
            assert isinstance(node, Node)
            label, finding = md_text(c["status_label"]), c["finding"]
            if node.inactive:
                text += (f'!!! warning "{label}: not current"\n'
                         "    This claim is left out of the default lists.\n\n")
            if finding:
                text += f"{html_block(Markup(f'<p>{html_text(finding)}</p>'))}\n\n"
            text += f"{c['details']}\n\n\n"
        return Markup(text)


def search_terms(node: Node) -> list[str]:
    """The page's search "tags": its name, then every other name it goes by.  The theme boosts a tag
    match 1,000 times a title match, so a page tagged only with its aliases outranked, on one word of a
    query, the page titled with the whole query ("control failures" above "access control")."""
    title = node.title.casefold()
    return [html_text(name) for name in (node.title, *(a for a in node.search_names if a.casefold() != title))]

