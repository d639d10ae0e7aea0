"""What the PR body shows beyond the diff, read from the two sides: links to the merged items, the
dangling cites this change brings, the vocabulary events and side effects (with why and the fix),
why each lost concept or method went, and each reworded finding whole.

Pure: the base side (``BaseState``) is handed in; ``kgsync.publish.proposal`` reads it from git.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, field, replace
from pathlib import Path

from kgsync.contract.model import Entity, EntityType, Graph, Relation, observations_with, slug_of_item_name
from kgsync.diff.claim_changes import changed_claims
from kgsync.diff.item_attribution import attributions, merged_slugs
from kgsync.diff.model import GraphDiff
from kgsync.diff.vocab_events import EventKind, VocabularyEvent, vocabulary_events
from kgsync.extract.findings import MAX_STATEMENT, statement_of
from kgsync.graph.manifest import Manifest
from kgsync.graph.statements import LINK_FIELDS, Statements, statement_in
from kgsync.publish.pr.attention import citing_reworded
from kgsync.publish.pr.item_views import BodyContext, ItemLinks, StatementChange, VocabularyGroup
from kgsync.publish.pr.side_effects import VETO_FILE, VOCABULARY_FILE, Explanation, SideEffect, explain, explain_event
from kgsync.publish.pr.title import ELLIPSIS
from kgsync.publish.site.model import FOLDER
from kgsync.publish.site.project import source_url
from kgsync.publish.site.text import file_stems
from kgsync.read.config import Config, SiteOptions
from kgsync.read.item_model import DanglingLink
from kgsync.read.items import Issue, ResearchItem
from kgsync.vocabulary.vocab import Vocabulary


@dataclass(frozen=True)
class BaseState:
    """What the body compares against: the base commit's graph and manifest, and the merged
    items as they were when that graph was built (their files at the commit that last wrote it)."""

    graph: Graph
    items: Mapping[str, ResearchItem]
    manifest: Manifest | None = None
    #: Items whose files changed since the base graph was written, by git (asked only when the
    #: base manifest does not record what each item named; empty: not asked, or not known).
    edited: frozenset[str] = frozenset()


@dataclass(frozen=True)
class VetoedLinks:
    """The veto file as the body names it (its path in the repository) and the line of each claim
    pair it vetoes (``read.veto_file.Vetoes.lines``)."""

    file: str = VETO_FILE
    lines: Mapping[tuple[str, str], int] = field(default_factory=dict)

    def removed(self, d: GraphDiff) -> tuple[tuple[Relation, int], ...]:
        """The links ``d`` removes that a veto names (either order), each with its entry's line."""
        at = {frozenset(pair): line for pair, line in self.lines.items()}
        return tuple((r, at[ends]) for r in d.relations_removed if (ends := frozenset((r.source, r.target))) in at)


@dataclass(frozen=True)
class Explaining:
    """What the body's reasons and fixes read of kgsync.yml: the names of the files a fix edits
    (the vocabulary file, where a term is pinned; the themes vocabulary, ``""``: none configured),
    ``mining.min_links`` (a mined node's threshold) and ``Caps.term_slots`` (with it, whether the base
    manifest's terms still stand: ``manifest_head.manifest_terms``; None: not compared)."""

    vocabulary_file: str
    themes_file: str
    min_links: int
    term_caps: tuple[int, int] | None = None

    @classmethod
    def of(cls, config: Config) -> Explaining:
        return cls(Path(config.vocabulary).name if config.vocabulary else VOCABULARY_FILE,
                   Path(config.themes_vocabulary).name if config.themes_vocabulary else "", config.mining.min_links,
                   config.caps.term_slots)


def body_context(explaining: Explaining, site: SiteOptions, d: GraphDiff, graph: Graph, items: Sequence[ResearchItem],
                 issues: Sequence[Issue], base_sha: str | None, base: BaseState | Manifest | None,
                 manifest: Manifest, vocabulary: Vocabulary | None = None,
                 merged: frozenset[str] | None = None, vetoed: VetoedLinks = VetoedLinks()) -> BodyContext:
    """What the body shows beyond the diff: links to the merged items (their file at the merge
    commit, their site page: ``site``), the dangling cites this change brings (not those the base had
    already), the vocabulary events, why each lost concept or method went, and each reworded
    finding whole (the reasons and fixes: ``explaining``)."""
    if not isinstance(base, BaseState):
        base = BaseState(Graph(), {}, base)
    merged = merged if merged is not None else merged_slugs(d)
    removed = {slug_of_item_name(e.name) for e in d.removed if e.entity_type == EntityType.RESEARCH_ITEM.value}
    known_before = {slug for e in base.graph.entities if (slug := slug_of_item_name(e.name)) is not None}
    # The base manifest's record of what each item named answers for every item (one whose edit
    # only added a dangling cite changed no node, so it is in no diff); without it, only the
    # merged or edited items and the cites of removed items can be new.
    records = base.manifest is not None and bool(base.manifest.named)
    dangling = tuple(_with_new_slug(i, d) for i in issues if i.dangling is not None
                     and (records or i.slug in merged | base.edited or i.dangling.target in removed)
                     and i.dangling not in _dangling_before(i.slug, base, known_before))
    # The themes the base build made nodes and this one does not (``Manifest.themes``): an old
    # manifest without the record names none.
    themes_left = (frozenset(base.manifest.themes) - frozenset(manifest.themes)
                   if base.manifest is not None and base.manifest.themes else frozenset())
    # The mined terms the base build wrote (``Manifest.terms``): each stays while one item links it,
    # so none of them goes for being below ``mining.min_links`` (unless the settings changed).
    standing = (frozenset(base.manifest.terms) if base.manifest is not None and base.manifest.min_links == explaining.min_links
                and explaining.term_caps in (None, base.manifest.term_caps) else frozenset())
    lost = _lost_nodes(explaining, d, base.graph, graph, vocabulary, merged, themes_left, standing)
    vocabulary_file = explaining.vocabulary_file
    by_veto = _vetoed_groups(d, merged, vetoed)
    vocab_events = _vocabulary_events(base.manifest, manifest)
    # A theme's node a ``theme left`` event names is said there with its items, not again as a lost node.
    said = frozenset(f"concept:{e.term}" for e in vocab_events if e.kind is EventKind.THEME_LEFT)
    # A removed item's group first: an item filed there lost a link to it, a cause it is known to have, while a
    # vocabulary event lists each item that holds its word and moved for any cause (qa226: a delete's changes were
    # shown under "acronym no longer defined", as the acronym's doing); an item's changes go under its first group.
    events = (_removed_item_groups(d, merged, items) + _vocabulary_groups(vocab_events, vocabulary_file)
              + _lost_groups(d, {name: why for name, why in lost.items() if name not in said}, merged)
              + _moved_groups(d, merged, frozenset(e.term for e in vocab_events if e.kind is EventKind.RETYPED),
                              vocabulary_file)
              + _gained_groups(d, graph, merged, explaining.min_links, vocabulary_file)
              + by_veto)
    return BodyContext(merged=merged, links=_item_links(site, graph, items, merged, base_sha),
                       dangling=dangling, events=events, lost={name: str(why) for name, why in lost.items()},
                       statements=_whole_statements(d, base, graph, manifest), citing=citing_reworded(d, graph),
                       vetoed=frozenset(slug for group in by_veto for slug in group.items))


def _dangling_before(slug: str, base: BaseState, known: set[str]) -> frozenset[DanglingLink]:
    """The dangling links the item had already when the base graph was built (the slug, not what the author
    wrote): from the slugs the base manifest records it naming, else (a manifest older than that record) its
    file at the commit that last wrote the graph."""
    # A manifest with the record keeps it for every item that names another: none here, none named.
    named = base.manifest.named.get(slug, ()) if base.manifest is not None and base.manifest.named else None
    if named is None:
        item = base.items.get(slug)
        named = tuple((name, target) for name in LINK_FIELDS for target in getattr(item, name)) if item else ()
    return frozenset(DanglingLink(name, target) for name, target in named if target not in known and target != slug)


def recorded_anew(reworded: Sequence[str], relinked: Sequence[str], graph: Graph, base_named: Statements,
                  named: Statements) -> tuple[tuple[str, str], ...]:
    """(slug, what) of each record a change to the manifest alone makes (``statements.records_changed``): a
    claim in ``reworded`` is its finding reworded past the stored cut, by its Key Finding number (in ``graph``);
    an item in ``relinked`` names other items otherwise, by the fields (``LINK_FIELDS``) whose slugs differ."""
    out = [(name.split(":")[1], f"Key Finding {_finding_number(graph.entity(name))}, reworded past the "
                                f"{MAX_STATEMENT} characters the graph stores")
           for name in reworded]
    for slug in relinked:
        before, now = set(base_named.get(slug, ())), set(named.get(slug, ()))
        fields = [f"{name}:" for name in LINK_FIELDS if any(field == name for field, _ in before ^ now)]
        out.append((slug, f"the items it names ({', '.join(fields) or 'their order'})"))
    return tuple(out)


def _finding_number(entity: Entity | None) -> int:
    for value in observations_with(entity.observations if entity else (), "section"):
        if value.startswith("key-finding-") and value[len("key-finding-"):].isdigit():
            return int(value[len("key-finding-"):])
    return 0


def _whole_statements(d: GraphDiff, base: BaseState, graph: Graph, manifest: Manifest) -> dict[str, StatementChange]:
    """Each reworded claim's finding, whole, before and after, with its Key Finding number.

    The graph stores a statement cut at ``findings.MAX_STATEMENT`` characters, so a diff of the
    stored text would show the cut as a change.  Each side is the whole statement by
    construction: the one its manifest records for a cut claim (``kgsync.graph.statements``),
    else the stored one (not cut).  The base side comes from the base commit's manifest, which
    any checkout has (a shallow clone too); a base manifest older than that record falls back to
    the item's file at the commit that last wrote the graph, when git has it."""
    out: dict[str, StatementChange] = {}
    pairs = [(c.name, c.name) for c in changed_claims(d) if c.statement_changed]
    # A renamed item's carried-over claims have new names (``renames``): a finding reworded past
    # the cut has the same stored statement under both, so only the whole findings tell.
    pairs += [pair for rename in d.renames for pair in rename.claims]
    for old_name, name in pairs:
        old_entity, new_entity = base.graph.entity(old_name), graph.entity(name)
        old_stored, new_stored = _stored_statement(old_entity), _stored_statement(new_entity)
        new_text = statement_in(manifest.statements, name) or new_stored
        old_text = statement_in(base.manifest.statements, old_name) if base.manifest is not None else None
        if old_text is None and old_stored.endswith(ELLIPSIS):  # cut, and no record of the whole
            slug = old_name.split(":")[1] if old_name.count(":") >= 2 else ""
            old_text = _finding_text(base.items.get(slug), _finding_number(old_entity)) or None
        if (old_text or old_stored) != new_text:
            out[name] = StatementChange(_finding_number(new_entity), old_text or old_stored, new_text)
    return out


def _stored_statement(claim: Entity | None) -> str:
    """A claim's statement as the graph stores it (cut at ``MAX_STATEMENT``), as ``changed_claims`` reads it."""
    for observation in claim.observations if claim is not None else ():
        if observation.startswith(("title:", "summary:")):
            return observation.split(":", 1)[1].strip()
    return ""


def _finding_text(item: ResearchItem | None, number: int) -> str:
    found = [f for f in (item.key_findings if item else ()) if f.number == number]
    return statement_of(found[0], None) if found else ""


def _lost_nodes(explaining: Explaining, d: GraphDiff, old: Graph, new: Graph, vocabulary: Vocabulary | None,
                merged: frozenset[str], themes_left: frozenset[str] = frozenset(),
                standing: frozenset[str] = frozenset()) -> dict[str, Explanation]:
    """Each removed concept or method -> why it went and the fix a maintainer applies.

    A mined term is a node while ``mining.min_links`` items link it (kgsync.yml), or, once the base
    build wrote it (``standing``: its manifest's terms), while one item does; a term pinned
    under ``terms:`` in the vocabulary file is one whatever the count.  A theme in ``themes_left``
    (a node of the base build's themes, not of this one's) is a tag only now: the themes
    vocabulary decides, not the items (``ThemeMap.ideas``)."""
    linked_before = attributions(old)
    present = {slug for e in new.entities if (slug := slug_of_item_name(e.name)) is not None}
    vocab_file = explaining.vocabulary_file
    min_links = explaining.min_links
    out: dict[str, Explanation] = {}
    renamed = d.renamed()  # a rename or retype lost nothing: Needs attention says what it is called now
    for entity in d.removed:
        if entity.entity_type not in (EntityType.CONCEPT.value, EntityType.METHOD.value) or entity.name in renamed:
            continue
        if entity.name.split(":", 1)[1] in themes_left:
            out[entity.name] = explain(SideEffect.THEME_TAG_ONLY, explaining.themes_file)
            continue
        before = linked_before.get(entity.name, frozenset())
        term = vocabulary.terms.get(entity.name.split(":", 1)[1]) if vocabulary is not None else None
        left = set(term.items) & present if term is not None else (set(before) & present) - merged
        if before and not before & present:
            out[entity.name] = explain(SideEffect.LOST_ALL_LINKERS, count=len(before), vocabulary_file=vocab_file)
        elif entity.name.split(":", 1)[1] in standing and not left:
            out[entity.name] = explain(SideEffect.LOST_UNNAMED)
        elif len(left) < min_links and entity.name.split(":", 1)[1] not in standing:
            out[entity.name] = explain(SideEffect.LOST_BELOW_MIN_LINKS, count=len(left), minimum=min_links,
                                       vocabulary_file=vocab_file)
        else:
            out[entity.name] = explain(SideEffect.LOST_OVER_CAPS, count=len(left), vocabulary_file=vocab_file)
    return out


def _lost_groups(d: GraphDiff, lost: Mapping[str, Explanation], merged: frozenset[str]) -> tuple[VocabularyGroup, ...]:
    """Side effects of a lost node: the other items that lost their link to it, under its reason and fix."""
    groups = []
    for name, why in sorted(lost.items()):
        slugs = tuple(i.slug for i in d.items if i.slug and i.slug not in merged
                      and any(r.target == name for r in i.relations_removed))
        if slugs:
            groups.append(VocabularyGroup(f"{name} removed: {why.reason}", slugs, why.reason, why.fix))
    return tuple(groups)


def _moved_groups(d: GraphDiff, merged: frozenset[str], retyped_events: frozenset[str],
                  vocabulary_file: str) -> tuple[VocabularyGroup, ...]:
    """Side effects of a concept or method renamed or retyped (``GraphDiff.term_moves``): the other
    items whose link to it moved, or that link the node it is now, which changed (it keeps the old
    name as an alias), under a rename, not a loss.  A retype of a term in ``retyped_events`` (a
    ``retyped`` vocabulary event that moved items names it) is said there, once."""
    groups = []
    for name, into, _ in d.term_moves:
        retyped = into.split(":", 1)[1] == name.split(":", 1)[1]
        if retyped and name.split(":", 1)[1] in retyped_events:
            continue
        slugs = tuple(i.slug for i in d.items if i.slug and i.slug not in merged
                      and (any(r.target == name for r in i.relations_removed) or any(c.name == into for c in i.changed)))
        if slugs:
            why = explain(SideEffect.TERM_RETYPED if retyped else SideEffect.TERM_RENAMED, into,
                          vocabulary_file=vocabulary_file)
            groups.append(VocabularyGroup(f"{name} {'retyped' if retyped else 'renamed'} to {into}", slugs,
                                          why.reason, why.fix))
    return tuple(groups)


def _gained_groups(d: GraphDiff, graph: Graph, merged: frozenset[str], min_links: int,
                   vocabulary_file: str) -> tuple[VocabularyGroup, ...]:
    """Side effects of a new shared node: the other items that now link it (a merged item made
    it reach ``mining.min_links`` linking items), under that reason and the fix.  A node no merged
    item links came for another reason (a vocabulary event, e.g. a theme that became a concept):
    not claimed here, nor the node a removed one was renamed or retyped to (``GraphDiff.term_moves``):
    no stoplist keeps a rename out."""
    linked = attributions(graph)
    moved_to = {into for _, into, _ in d.term_moves}
    groups = []
    for entity in d.added:
        if entity.entity_type not in (EntityType.CONCEPT.value, EntityType.METHOD.value) or entity.name in moved_to:
            continue
        if not any(i.slug in merged and any(r.target == entity.name for r in i.relations_added) for i in d.items):
            continue
        slugs = tuple(i.slug for i in d.items if i.slug and i.slug not in merged
                      and any(r.target == entity.name for r in i.relations_added))
        if slugs:
            why = explain(SideEffect.GAINED_MIN_LINKS, count=len(linked.get(entity.name, ())), minimum=min_links,
                          vocabulary_file=vocabulary_file)
            groups.append(VocabularyGroup(f"{entity.name} added", slugs, why.reason, why.fix))
    return tuple(groups)


def _removed_item_groups(d: GraphDiff, merged: frozenset[str],
                         items: Sequence[ResearchItem] = ()) -> tuple[VocabularyGroup, ...]:
    """Side effects of a removed item: the other items whose link to it (extends) went with it, and
    the fix at every place an item still names it (``named_at``)."""
    groups = []
    renamed = {f"item:{r.old}": r.new for r in d.renames}  # the research is still there, under a new slug
    for entity in d.removed:
        if entity.entity_type != EntityType.RESEARCH_ITEM.value:
            continue
        slugs = tuple(i.slug for i in d.items if i.slug and i.slug not in merged
                      and any(r.target == entity.name for r in i.relations_removed))
        if slugs:
            places = tuple(place for item in items for place in named_at(item, entity.name.split(":", 1)[1]))
            if (new := renamed.get(entity.name)) is not None:
                why = explain(SideEffect.LINKED_ITEM_RENAMED, new, count=len(places))
                label = f"{entity.name} renamed to item:{new}"
            else:
                why = explain(SideEffect.LINKED_ITEM_REMOVED, count=len(places))
                label = f"{entity.name} removed"
            groups.append(VocabularyGroup(label, slugs, why.reason, why.fix, places))
    return tuple(groups)


def _with_new_slug(issue: Issue, d: GraphDiff) -> Issue:
    """A dangling cite (``issue``) of a slug this change renamed (``d.renames``), with the slug to write."""
    for rename in d.renames:
        if issue.dangling is not None and issue.dangling.target == rename.old:
            return replace(issue, message=f"{issue.message}; renamed to {rename.new} in this change: write that slug")
    return issue


def named_at(item: ResearchItem, slug: str) -> list[tuple[str, str]]:
    """Where ``item`` names the item ``slug``, ("path:line", what): each frontmatter field listing it, at the entry
    (``related:`` too: it makes no link, but names the item), then the first line of its text that
    does (a path, URL or slug: a link kgsync reads, ``kgsync.graph.extends``)."""
    if item.slug == slug:
        return []
    # At the entry's own line (a block list's "- " line), where the dangling-cite warning points too.
    places = [(f"{item.path}:{item.link_line(name, slug)}", f"{name}:") for name in (*LINK_FIELDS, "related")
              if slug in getattr(item, name)]
    named = re.compile(rf"(?<![a-z0-9-]){re.escape(slug)}(?![a-z0-9-])")  # not a longer slug's start
    lines = [n for n, line in enumerate(item.body.splitlines()) if named.search(line)]
    if lines:
        places.append((f"{item.path}:{item.body_line + lines[0]}", "its text"))
    return places


def _vetoed_groups(d: GraphDiff, merged: frozenset[str], vetoed: VetoedLinks) -> tuple[VocabularyGroup, ...]:
    """Side effects of a veto: the items whose evidence link a reviewer vetoed went, and those whose
    claim the link disputed lost its trust state with it (``status:contested``), under the veto file's
    entries (a link removed by a veto is no merged item's doing)."""
    removed = vetoed.removed(d)
    gone = {r for r, _line in removed}
    ends = {end for r in gone for end in (r.source, r.target)}
    slugs = tuple(i.slug for i in d.items if i.slug and i.slug not in merged
                  and (gone & set(i.relations_removed)
                       or any(c.name in ends and any(o.startswith("status:") for o in c.observations_removed)
                              for c in i.changed)))
    if not slugs:
        return ()
    lines = sorted({line for _r, line in removed})
    why = explain(SideEffect.VETOED, ", ".join(f"{vetoed.file}:{line}" for line in lines))
    return (VocabularyGroup(f"vetoed in {vetoed.file}", slugs, why.reason, why.fix),)


def _item_links(site: SiteOptions, graph: Graph, items: Sequence[ResearchItem], merged: frozenset[str],
                base_sha: str | None) -> dict[str, ItemLinks]:
    # The file at the merge commit (a branch moves on; the commit shows what was merged).
    at_commit = replace(site, branch=base_sha) if base_sha else site
    keys = sorted({e.name.split(":", 1)[1] for e in graph.of_type(EntityType.RESEARCH_ITEM.value)
                   if e.name.startswith("item:")})
    stems = file_stems(keys)  # the site's own page names (site_model.collect)
    address = site.url.rstrip("/")
    out = {}
    for item in items:
        if item.slug not in merged:
            continue
        file_url = source_url(at_commit, item.path) or ""
        page_url = (f"{address}/{FOLDER[EntityType.RESEARCH_ITEM]}/{stems[item.slug]}/"
                    if address and item.slug in stems else "")
        out[item.slug] = ItemLinks(file_url, page_url)
    return out


def _vocabulary_events(base: Manifest | None, manifest: Manifest) -> tuple[VocabularyEvent, ...]:
    """The vocabulary events between the base commit's manifest and this build's (each records
    its hubs, near-duplicate merges, acronym map, topics and theme nodes): a hub entered or
    left, a term merged into another or no longer, an acronym
    defined or no longer, a topic or a theme entered or left.  An event that touches
    no item's facts explains nothing and is left out."""
    if base is None:
        return ()
    events = vocabulary_events(set(base.hubs), set(manifest.hubs), base.by_item, manifest.by_item, base.merges,
                               manifest.merges, base.acronyms, manifest.acronyms, set(base.topics), set(manifest.topics),
                               set(base.themes), set(manifest.themes))
    return tuple(e for e in events if e.items)


def _vocabulary_groups(events: Sequence[VocabularyEvent],
                       vocabulary_file: str = VOCABULARY_FILE) -> tuple[VocabularyGroup, ...]:
    """Each vocabulary event as the body lists it: what moved, its items, why and the fix."""
    return tuple(VocabularyGroup(f"{e.kind.value}: {e.subject}", e.items, *astuple(explain_event(e, vocabulary_file)))
                 for e in events)
