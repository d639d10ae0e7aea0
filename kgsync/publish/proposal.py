"""From a checkout to a ``Proposal``: build, diff against base, render the body.

The diff in the body is taken against the graph *in the base commit* (not the
working-tree file): that is exactly what the pull request changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, field, replace
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.read.config import Config, SiteOptions
from kgsync.diff.finding_order import sort_findings
from kgsync.diff.graph_diff import review
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import GraphDiff
from kgsync.contract.errors import GraphFormatError, KgsyncError
from kgsync.diff.claim_changes import changed_claims
from kgsync.diff.item_attribution import attributions
from kgsync.extract.findings import statement_of
from kgsync.read.items import Issue, ResearchItem, read_item_bytes
from kgsync.vocabulary.vocab import Vocabulary
from kgsync.graph.statements import LINK_FIELDS, records_changed, statement_in
from kgsync.graph.hand_added import KEPT_BY_HAND, kept_by_hand, removed_hand_added
from kgsync.graph.merge import Manifest, manifest_path
from kgsync.graph.ownership import describe_facts
from kgsync.contract.model import Entity, EntityType, Graph, observations_with, slug_of_item_name
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.publish.github.pull_request import Proposal
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.body import RenderedBody, render_markdown
from kgsync.publish.pr.hand_made import HandMade
from kgsync.publish.pr.item_views import BodyContext, ItemLinks, StatementChange, VocabularyGroup
from kgsync.publish.site.project import source_url
from kgsync.publish.site.model import FOLDER
from kgsync.publish.site.text import file_stems
from kgsync.diff.vocab_events import vocabulary_events
from kgsync.publish.pr.side_effects import VOCABULARY_FILE, Explanation, SideEffect, explain, explain_event
from kgsync.publish.pr.title import ELLIPSIS, cause_title, manifest_only_title


@dataclass(frozen=True)
class Prepared:
    proposal: Proposal
    diff: GraphDiff
    rendered: RenderedBody
    issues: tuple[Issue, ...]  # every item problem the build saw
    errors: tuple[KgsyncError, ...]  # items that failed (they kept their old nodes)
    #: The items this change touches (merged, removed, or their files edited since the base graph):
    #: the ones whose warnings a run prints (``item_model.of_touched_items``); None: every item.
    touched: frozenset[str] | None = None
    #: The facts no build wrote on either side (the body's "Changes by hand"; ``--diff-json``'s ``by_hand``).
    hand_made: HandMade = field(default_factory=HandMade)


def prepare(
    config: Config,
    *,
    checkout: GitCheckout | None,
    base_sha: str | None,
    title: str | None,
    labels: tuple[str, ...],
    write: bool = True,
    full_report_hint: str | None = None,
) -> Prepared:
    """Build from ``config`` and describe the change relative to ``base_sha``.

    ``write=False`` (dry run) touches no file; the graph bytes are then the
    serialisation the build would write.  ``title`` None: one that names the cause
    (``pr_title.cause_title``), else ``pr.title``.
    """
    from kgsync.pipeline import stages  # the core build; imported here so `kgsync pr --help` stays light

    result = stages.build(config, write=write)
    graph_file = config.path(config.graph)
    # The graph, its manifest (ownership state, beside it) and whatever else the
    # build rewrote: the branch must carry every file the next build reads back.
    extra = [manifest_path(graph_file), *result.changed_files]
    paths = [graph_file] + sorted({Path(p) for p in extra if Path(p) != graph_file and (not write or Path(p).exists())})
    files: dict[str, bytes] = {}
    for path in paths:
        key = checkout.relative(path) if checkout else Path(path).as_posix()
        if write and Path(path).exists():
            files[key] = Path(path).read_bytes()
        elif Path(path) == graph_file:
            files[key] = jsonl.dumps(result.graph).encode("utf-8")
    old = result.previous
    if checkout is not None and base_sha is not None:
        old = _graph_at(checkout, base_sha, checkout.relative(graph_file))
    d = review(old, result.graph, rule=config.merge)
    # The build's own findings carry the item file and line; prefer them.
    d = replace(d, findings=sort_findings(result.report.findings))
    merged = _touched_items(checkout, base_sha, graph_file, config.root, result.items, d)
    base_manifest = _manifest_at(checkout, base_sha, checkout.relative(manifest_path(graph_file)) if checkout else "")
    if title is None and d.is_empty and base_manifest is not None:  # the manifest alone may change
        title = manifest_only_title(*records_changed(base_manifest.statements, result.manifest.statements,
                                                     base_manifest.named, result.manifest.named))
    title = title or cause_title(d, config.pr.title, merged)
    kwargs = {"full_report_hint": full_report_hint} if full_report_hint else {}
    evidence = _evidence_sentences(base_manifest, result.manifest)
    fetch = _base_history_needed(d, result.issues, base_manifest)
    # Without the base manifest's record of what each item named, git says which items an edit
    # touched, a node moved or not (an added cite of a missing item moves none).
    edited = (frozenset() if base_manifest is not None and base_manifest.named
              else _edited_since_graph(checkout, base_sha, graph_file, config.root, result.items, fetch))
    before = BaseState(old, _items_built_into(checkout, base_sha, graph_file, config.root, result.items, merged | edited,
                                              fetch), base_manifest, edited)
    context = body_context(Explaining.of(config), config.site, d, result.graph, result.items, result.issues, base_sha,
                           before, result.manifest, result.vocabulary, merged)
    context = replace(context, hand_added=_hand_added_lines(old, base_manifest, result.graph, result.manifest,
                                                                 result.disowned),
                      hand_made=HandMade.of(old, base_manifest, result.graph, result.manifest))
    rendered = render_markdown(d, title=title, limit=GITHUB_BODY_LIMIT, evidence=evidence, context=context,
                               **kwargs)
    proposal = Proposal(
        files=files,
        title=title,
        body=rendered.text,
        labels=labels,
        commit_message=f"{title}\n\nRebuilt by `kgsync pr` from {base_sha or 'the working tree'}.\n",
    )
    # The items whose warnings a run prints: those behind the diff, and (by git) every item file
    # edited since the base graph, a node moved or not (a stance phrase not read moves none).
    touched = merged | (edited or _edited_since_graph(checkout, base_sha, graph_file, config.root, result.items, False))
    return Prepared(proposal, d, rendered, tuple(result.issues), tuple(result.errors), touched, context.hand_made)


def _hand_added_lines(old: Graph, base: Manifest | None, new: Graph, manifest: Manifest,
                      disowned: tuple[str, ...]) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Needs attention: content added by hand or by an agent (by the base's manifest) that this
    change removes, or keeps though the item that wrote it too is gone (``kept_by_hand``), and the
    facts the manifest credited to items that cannot have written them."""
    removed = tuple(describe_facts(removed_hand_added(old, base, new))) if base is not None else ()
    kept = tuple(describe_facts(kept_by_hand(base, manifest, new))) if base is not None else ()
    return (("removed fact added by hand or by an agent", "removed facts added by hand or by an agent", removed),
            (*KEPT_BY_HAND, kept),
            ("manifest credit no build writes (kept as hand-added)",
             "manifest credits no build writes (kept as hand-added)", disowned))


def _manifest_at(checkout: GitCheckout | None, base_sha: str | None, manifest_file: str) -> Manifest | None:
    """The base commit's manifest (None: none, or unreadable: that only costs the body some detail)."""
    if checkout is None or base_sha is None:
        return None
    data = checkout.blob(base_sha, manifest_file)
    if data is None:
        return None
    try:
        return Manifest.loads(data.decode("utf-8"), f"{base_sha[:12]}:{manifest_file}")
    except (GraphFormatError, UnicodeDecodeError):
        return None


def _evidence_sentences(base: Manifest | None, manifest: Manifest) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(from, to, relation) -> (sentence, "path:line") of every evidence link, now and in the
    base's manifest (a removed link is quoted as it was stated)."""
    manifests = [manifest] if base is None else [base, manifest]
    out: dict[tuple[str, str, str], tuple[str, str]] = {}
    for one in manifests:  # the current sentence wins
        for facts in one.by_item.values():
            for source, target, relation, sentence, at in (e[:5] for e in facts.evidence if len(e) >= 5):
                out[(source, target, relation)] = (sentence, at)
    return out


#: How ``corpus_checks._dangling_links`` words a link to a missing item.
DANGLING_PREFIXES = ("cites names ", "supersedes names ", "superseded_by names ")


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
class Explaining:
    """What the body's reasons and fixes read of kgsync.yml: the names of the files a fix edits
    (the vocabulary file, where a term is pinned; the themes vocabulary, ``""``: none configured)
    and ``mining.min_links`` (a mined node's threshold)."""

    vocabulary_file: str
    themes_file: str
    min_links: int

    @classmethod
    def of(cls, config: Config) -> Explaining:
        return cls(Path(config.vocabulary).name if config.vocabulary else VOCABULARY_FILE,
                   Path(config.themes_vocabulary).name if config.themes_vocabulary else "", config.mining.min_links)


def body_context(explaining: Explaining, site: SiteOptions, d: GraphDiff, graph: Graph, items: Sequence[ResearchItem],
                 issues: Sequence[Issue], base_sha: str | None, base: BaseState | Manifest | None,
                 manifest: Manifest, vocabulary: Vocabulary | None = None,
                 merged: frozenset[str] | None = None) -> BodyContext:
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
    dangling = tuple(f"{i.location}: {i.message}" for i in issues if i.message.startswith(DANGLING_PREFIXES)
                     and (records or i.slug in merged | base.edited or any(repr(slug) in i.message for slug in removed))
                     and i.message not in _dangling_before(i.slug, base, known_before))
    # The themes the base build made nodes and this one does not (``Manifest.themes``): an old
    # manifest without the record names none.
    themes_left = (frozenset(base.manifest.themes) - frozenset(manifest.themes)
                   if base.manifest is not None and base.manifest.themes else frozenset())
    lost = _lost_nodes(explaining, d, base.graph, graph, vocabulary, merged, themes_left)
    vocabulary_file = explaining.vocabulary_file
    events = (_vocabulary_groups(base.manifest, manifest, vocabulary_file) + _lost_groups(d, lost, merged)
              + _gained_groups(d, graph, merged, explaining.min_links, vocabulary_file)
              + _removed_item_groups(d, merged))
    return BodyContext(merged=merged, links=_item_links(site, graph, items, merged, base_sha),
                       dangling=dangling, events=events, lost={name: str(why) for name, why in lost.items()},
                       statements=_whole_statements(d, base, graph, manifest))


def _touched_items(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, root: Path,
                   items: Sequence[ResearchItem], d: GraphDiff) -> frozenset[str]:
    """The items this change touched: their files differ between the commit that last wrote the
    graph and the base commit (git knows; another item's claim that only became contested did not
    change), or their item node went.  Without that history: ``merged_slugs`` infers them.
    ``root``: the research repo root the items' paths start from (``Config.root``)."""
    inferred = merged_slugs(d)
    if checkout is None or base_sha is None or checkout.is_shallow():
        return inferred
    try:
        built_at = checkout.last_change(base_sha, checkout.relative(graph_file))
        if built_at is None:
            return inferred  # the first graph: every item is new
        changed = checkout.changed_paths(built_at, base_sha)
        paths = {item.slug: checkout.relative(root / item.path) for item in items}
    except KgsyncError:
        return inferred
    in_diff = {i.slug for i in d.items if i.slug}
    removed = {slug for e in d.removed if (slug := slug_of_item_name(e.name)) is not None}
    return frozenset(slug for slug, path in paths.items() if path in changed and slug in in_diff) | (removed & in_diff)


def _dangling_before(slug: str, base: BaseState, known: set[str]) -> frozenset[str]:
    """The dangling-link messages the item had already when the base graph was built (as
    ``corpus_checks._dangling_links`` words them): the slugs the base manifest records it naming, else
    (a manifest older than that record) its file at the commit that last wrote the graph."""
    # A manifest with the record keeps it for every item that names another: none here, none named.
    named = base.manifest.named.get(slug, ()) if base.manifest is not None and base.manifest.named else None
    if named is None:
        item = base.items.get(slug)
        named = tuple((name, target) for name in LINK_FIELDS for target in getattr(item, name)) if item else ()
    return frozenset(f"{name} names {target!r}, which is not an item here"
                     for name, target in named if target not in known and target != slug)


def _base_history_needed(d: GraphDiff, issues: Sequence[Issue], manifest: Manifest | None) -> bool:
    """Whether the body needs git's history since the base graph was written, because the base
    manifest predates a record that answers it: what each item named (is a dangling cite new?
    any item's may be: an edit that adds one moves no node) and each cut finding's whole
    statement (a reworded one, diffed whole).  A manifest that keeps a record keeps it for every
    item, so an empty one means an older kgsync."""
    if (manifest is None or not manifest.named) and any(i.message.startswith(DANGLING_PREFIXES) for i in issues):
        return True
    return (manifest is None or not manifest.statements) and any(
        c.statement_changed and c.old_statement.endswith(ELLIPSIS) for c in changed_claims(d))


def _edited_since_graph(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, root: Path,
                        items: Sequence[ResearchItem], fetch: bool) -> frozenset[str]:
    """The items whose files differ between the commit that last wrote the graph and the base
    commit, whether or not a node moved (empty: no graph yet, or git cannot say; a shallow clone
    fetches that history only with ``fetch``)."""
    if checkout is None or base_sha is None or (checkout.is_shallow() and not fetch):
        return frozenset()
    try:
        built_at = checkout.last_change_fetching(base_sha, checkout.relative(graph_file))
        if built_at is None:
            return frozenset()
        changed = checkout.changed_paths(built_at, base_sha)
        return frozenset(item.slug for item in items if checkout.relative(root / item.path) in changed)
    except KgsyncError:
        return frozenset()


def _items_built_into(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, root: Path,
                      items: Sequence[ResearchItem], merged: frozenset[str],
                      fetch: bool = False) -> dict[str, ResearchItem]:
    """The merged (or edited) items as the base graph saw them: their files at the commit that last wrote the
    graph (the base commit itself may hold the edit being proposed).  A shallow clone (the Action
    checks out at depth 1) lacks that commit: with ``fetch`` it fetches the history up to it from
    the remote (only what the base manifest cannot answer needs it), else they are left out, as
    when they are unreadable."""
    if checkout is None or base_sha is None or (checkout.is_shallow() and not fetch):
        return {}
    try:
        built_at = checkout.last_change_fetching(base_sha, checkout.relative(graph_file))
    except KgsyncError:
        return {}
    out: dict[str, ResearchItem] = {}
    for item in items:
        if built_at is None or item.slug not in merged:
            continue
        try:
            raw = checkout.blob(built_at, checkout.relative(root / item.path))
        except KgsyncError:
            continue
        if raw is not None:
            before, _warnings = read_item_bytes(raw, item.path, item.slug)
            if before is not None:
                out[item.slug] = before
    return out


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
                merged: frozenset[str], themes_left: frozenset[str] = frozenset()) -> dict[str, Explanation]:
    """Each removed concept or method -> why it went and the fix a maintainer applies.

    A mined term is a node while ``mining.min_links`` items link it (kgsync.yml); a term pinned
    under ``terms:`` in the vocabulary file is one whatever the count.  A theme in ``themes_left``
    (a node of the base build's themes, not of this one's) is a tag only now: the themes
    vocabulary decides, not the items (``ThemeMap.ideas``)."""
    linked_before = attributions(old)
    present = {slug for e in new.entities if (slug := slug_of_item_name(e.name)) is not None}
    vocab_file = explaining.vocabulary_file
    min_links = explaining.min_links
    out: dict[str, Explanation] = {}
    for entity in d.removed:
        if entity.entity_type not in (EntityType.CONCEPT.value, EntityType.METHOD.value):
            continue
        if entity.name.split(":", 1)[1] in themes_left:
            out[entity.name] = explain(SideEffect.THEME_TAG_ONLY, explaining.themes_file)
            continue
        before = linked_before.get(entity.name, frozenset())
        term = vocabulary.terms.get(entity.name.split(":", 1)[1]) if vocabulary is not None else None
        left = set(term.items) & present if term is not None else (set(before) & present) - merged
        if before and not before & present:
            out[entity.name] = explain(SideEffect.LOST_ALL_LINKERS, count=len(before), vocabulary_file=vocab_file)
        elif len(left) < min_links:
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


def _gained_groups(d: GraphDiff, graph: Graph, merged: frozenset[str], min_links: int,
                   vocabulary_file: str) -> tuple[VocabularyGroup, ...]:
    """Side effects of a new shared node: the other items that now link it (a merged item made
    it reach ``mining.min_links`` linking items), under that reason and the fix.  A node no merged
    item links came for another reason (a vocabulary event, e.g. a theme that became a concept):
    not claimed here."""
    linked = attributions(graph)
    groups = []
    for entity in d.added:
        if entity.entity_type not in (EntityType.CONCEPT.value, EntityType.METHOD.value):
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


def _removed_item_groups(d: GraphDiff, merged: frozenset[str]) -> tuple[VocabularyGroup, ...]:
    """Side effects of a removed item: the other items whose link to it (extends) went with it."""
    groups = []
    for entity in d.removed:
        if entity.entity_type != EntityType.RESEARCH_ITEM.value:
            continue
        slugs = tuple(i.slug for i in d.items if i.slug and i.slug not in merged
                      and any(r.target == entity.name for r in i.relations_removed))
        if slugs:
            why = explain(SideEffect.LINKED_ITEM_REMOVED)
            groups.append(VocabularyGroup(f"{entity.name} removed", slugs, why.reason, why.fix))
    return tuple(groups)


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


def _vocabulary_groups(base: Manifest | None, manifest: Manifest,
                       vocabulary_file: str = VOCABULARY_FILE) -> tuple[VocabularyGroup, ...]:
    """The vocabulary events between the base commit's manifest and this build's (each records
    its hubs, near-duplicate merges and acronym map): a hub entered or
    left, a term merged into another or no longer, an acronym
    defined or no longer, a topic entered or left.  An event that touches
    no item's facts explains nothing and is left out."""
    if base is None:
        return ()
    events = vocabulary_events(set(base.hubs), set(manifest.hubs), base.by_item, manifest.by_item, base.merges,
                               manifest.merges, base.acronyms, manifest.acronyms, set(base.topics), set(manifest.topics))
    return tuple(VocabularyGroup(f"{e.kind.value}: {e.subject}", e.items, *astuple(explain_event(e.kind, e.subject,
                                                                                              vocabulary_file)))
                 for e in events if e.items)


def _graph_at(checkout: GitCheckout, commit: str, path: str) -> Graph:
    data = checkout.blob(commit, path)
    if data is None:
        return Graph()
    try:
        return jsonl.loads(data.decode("utf-8").removeprefix("\ufeff"), f"{commit[:12]}:{path}")
    except UnicodeDecodeError:
        raise GraphFormatError("the committed graph is not UTF-8", hint="save the file as UTF-8") from None
