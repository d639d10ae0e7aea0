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
from collections.abc import Callable, Sequence
from typing import TypeVar

from markupsafe import Markup

from kgsync.read.config import SiteOptions
from kgsync.read.items import ResearchItem
from kgsync.graph.manifest import Manifest
from kgsync.contract.model import EntityType, Graph, RelationType
from kgsync.publish.site import parallel as site_parallel
from kgsync.publish.site.links import HtmlPage, Page, html_block, html_list, source_url
from kgsync.publish.site.model import SiteData, collect, tag_label
from kgsync.publish.site.node import Node
from kgsync.publish.site.node_pages import NodePages
from kgsync.publish.site.relations import render_relations
from kgsync.publish.site.renderer import PAGE_SIZE, Listing, LinkQuotes, page_environment
from kgsync.publish.site.text import counted

__all__ = ["PAGE_SIZE", "HtmlPage", "LinkQuotes", "Page", "collect", "evidence_of", "explorer_data", "html_block",
           "html_list", "kept_pages_of", "page_environment", "pages_of", "render_pages", "source_url"]

Kept = TypeVar("Kept")


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


def render_pages(graph: Graph, items: Sequence[ResearchItem], site: SiteOptions,
                 env: dict[str, str] | None = None, evidence: LinkQuotes | None = None) -> dict[str, str]:
    """Every docs page, ``{docs-relative path: Markdown}``: pure, no I/O.  ``site``: the config's
    site section, all the pages read of it (the title, the links to item files).  ``evidence``: the
    sentences stating claim links (``evidence_of``), quoted on the claim pages."""
    return pages_of(collect(graph, items), items, site, env, evidence)


def pages_of(data: SiteData, items: Sequence[ResearchItem], site: SiteOptions,
             env: dict[str, str] | None = None, evidence: LinkQuotes | None = None,
             final_urls: bool = True, workers: int | None = 1) -> dict[str, str]:
    """``render_pages`` of an indexed graph (``model.collect``; the explorer's data reads the same).
    ``final_urls``: see ``HtmlPage`` (mkdocs: True, Zensical: False).  ``workers``: processes that
    render (``parallel``; None: as many as pay off); the pages are the same for any number."""
    tasks = _page_tasks(data, items, site, env, evidence, final_urls)
    return site_parallel.render(tasks, site_parallel.workers_for(len(tasks)) if workers is None else workers)


def kept_pages_of(data: SiteData, items: Sequence[ResearchItem], site: SiteOptions, keep: Callable[[str, str], Kept],
                  env: dict[str, str] | None = None, evidence: LinkQuotes | None = None, final_urls: bool = True,
                  workers: int | None = 1, extra: Sequence[site_parallel.Task] = ()) -> dict[str, Kept]:
    """``pages_of``, each page handed to ``keep(path, text)`` in the process that rendered it
    (``parallel.render_kept``): {path: what ``keep`` returned}.  ``extra``: more tasks, run after
    the pages' (another file of the project that reads the same index, e.g. the explorer's data)."""
    tasks = [*_page_tasks(data, items, site, env, evidence, final_urls), *extra]
    return site_parallel.render_kept(tasks, keep, site_parallel.workers_for(len(tasks)) if workers is None else workers)


def _page_tasks(data: SiteData, items: Sequence[ResearchItem], site: SiteOptions, env: dict[str, str] | None,
                evidence: LinkQuotes | None, final_urls: bool) -> list[site_parallel.Task]:
    """The pages as independent tasks, in page order: a node page each (with the lists it overflows
    into), then each index page."""
    by_slug = {item.slug: item for item in items}
    r = NodePages(data, site, env, by_slug, evidence, final_urls)
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
        r.listing(Listing("Concepts", "concepts/index.md",
                           f"{len(concepts)} concepts by theme (the theme most of a concept's current items carry), "
                           "A to Z, with the number of current items that address each.",
                           tuple(r.counted_entry(n, r.active_count(n, RelationType.ADDRESSES), "item") for _, n in by_theme),
                           groups=tuple(tag_label(t) if t else "Other concepts" for t, _ in by_theme)))
    task(concept_index)
    task(lambda: r.emit("explore/index.md", "explore", "Explore the graph"))
    task(lambda: render_relations(r))
    task(lambda: r.listing(Listing("Methods", "methods/index.md",
                                    f"{len(methods)} methods, A to Z, with the number of current items that use each "
                                    "(themselves or in a claim).",
                                    tuple(r.counted_entry(n, len(r.items_using(n)), "item") for n in methods))))
    current = [n for n in all_items if not n.inactive]
    task(lambda: r.listing(Listing("Research items", "items/index.md",
                                    f"{len(current)} current research items, newest first. Superseded items are listed "
                                    "separately.",
                                    tuple(r.item_entry(n) for n in current),
                                    see_also=(("Superseded items", "items/superseded.md"),))))
    task(lambda: r.listing(Listing("Superseded items", "items/superseded.md",
                                    "Items a later item supersedes. They are left out of the other lists.",
                                    tuple(r.item_entry(n) for n in all_items if n.inactive), marked=True)))

    @functools.cache
    def claims_by_item() -> list[Node]:
        return sorted(claims, key=lambda c: (((i := data.item_of(c)) and i.newest_first) or ("",), c.finding_order))
    task(lambda: r.listing(Listing("Claims", "claims/index.md",
                                    "Current claims, by item, newest item first. Superseded, contradicted and contested "
                                    "claims are listed separately.",
                                    tuple(r.claim_entry(c, with_links=False) for c in claims_by_item() if not c.inactive),
                                    see_also=(("Superseded, contradicted and contested claims", "claims/superseded.md"),))))
    task(lambda: r.listing(Listing("Superseded, contradicted and contested claims", "claims/superseded.md",
                                    "Claims of superseded items, and claims marked superseded, contradicted or contested.",
                                    tuple(r.claim_entry(c, with_links=False) for c in claims_by_item() if c.inactive),
                                    marked=True)))
    tags = sorted(data.tags, key=str.casefold)
    task(lambda: r.listing(Listing("Tags", "tags/index.md", f"{len(tags)} tags from the items' themes.",
                                    tuple((lambda t: lambda p: p.tag(t) + Markup(" — ") + p.text(counted(
                                        sum(1 for n in data.tags[t] if not n.inactive), "item")))(t) for t in tags))))
    for tag in tags:
        task(functools.partial(_tag_pages, r, tag))
    return tasks


def _tag_pages(r: NodePages, tag: str) -> None:
    """A tag's listing of current items, and of its superseded items when it has any."""
    data = r.data
    nodes = data.tags[tag]
    old = [n for n in nodes if n.inactive]
    old_page = data.tag_pages[tag].removesuffix(".md") + "--superseded.md"
    concept = data.theme_node(tag)  # a technique's theme is a method
    label = tag_label(tag)
    r.listing(Listing(f"Tag: {label}", data.tag_pages[tag], f"Current items tagged {label}, newest first.",
                       tuple(r.item_entry(n) for n in nodes if not n.inactive),
                       see_also=tuple(
                           ([(f"{counted(len(old), 'superseded item')} tagged {label}", old_page)] if old else [])
                           + ([(f"the {concept.kind.value} {concept.title}", concept.page)] if concept else [])),
                       theme_words=() if concept else (label, tag)))
    if old:
        r.listing(Listing(f"Tag: {label} (superseded items)", old_page,
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
    # A node's aliases follow its name (only when it has any): the explorer finds a node by them.
    rows = [[n.title, "c" if n.kind is EntityType.CONCEPT else "i", "../" + n.page.removesuffix(".md") + "/", n.name,
             *([list(n.search_names)] if n.search_names else [])]
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
