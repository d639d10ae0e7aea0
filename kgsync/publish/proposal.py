"""From a checkout to a ``Proposal``: build, diff against base, render the body.

The diff in the body is taken against the graph *in the base commit* (not the
working-tree file): that is exactly what the pull request changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.read.config import Config
from kgsync.diff.finding_order import sort_findings
from kgsync.diff.graph_diff import review
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import GraphDiff
from kgsync.contract.errors import GraphFormatError, KgsyncError, PublishError
from kgsync.diff.claim_changes import changed_claims
from kgsync.read.items import Issue, IssueSeverity, ResearchItem, read_item_bytes
from kgsync.read.veto_file import load_vetoes
from kgsync.graph.statements import records_changed
from kgsync.graph.hand_added import KEPT_BY_HAND, hand_added, kept_by_hand, removed_hand_added
from kgsync.graph.claim_identity import finding_renames
from kgsync.graph.manifest import Manifest, manifest_path
from kgsync.graph.veto_names import VetoNames
from kgsync.graph.ownership import describe_facts
from kgsync.contract.model import EntityType, Graph, slug_of_item_name
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.publish.github.pull_request import Proposal
from kgsync.publish.limits import GITHUB_BODY_LIMIT, REPORT_LIMIT
from kgsync.publish.pr.body import RenderedBody, diff_command, render_markdown
from kgsync.publish.pr.body_context import (BaseState, Explaining, VetoedLinks, body_context,
                                            recorded_anew)
from kgsync.publish.pr.hand_made import HandMade, Landed
from kgsync.publish.pr.title import ELLIPSIS, cause_title, manifest_only_title, rewritten_title, vetoed_title


@dataclass(frozen=True)
class Prepared:
    proposal: Proposal
    diff: GraphDiff
    rendered: RenderedBody
    issues: tuple[Issue, ...]  # every item problem the build saw, and its warning of a missing graph (``lost_graph``)
    errors: tuple[KgsyncError, ...]  # items that failed (they kept their old nodes)
    #: The items this change touches (merged, removed, or their files edited since the base graph):
    #: the ones whose warnings a run prints (``item_model.of_touched_items``); None: every item.
    touched: frozenset[str] | None = None
    #: The facts no build wrote on either side (the body's "Changes by hand"; ``--diff-json``'s ``by_hand``).
    hand_made: HandMade = field(default_factory=HandMade)
    #: The items no longer found whose nodes were kept while an item file fails (``BuildResult.held_items``).
    held_items: tuple[str, ...] = ()


def prepare(
    config: Config,
    *,
    checkout: GitCheckout | None,
    base_sha: str | None,
    title: str | None,
    labels: tuple[str, ...],
    write: bool = True,
    full_report_hint: str | None = None,
    branches: tuple[str, str, str] | None = None,
) -> Prepared:
    """Build from ``config`` and describe the change relative to ``base_sha``.

    ``write=False`` (dry run) touches no file; the graph bytes are then the
    serialisation the build would write.  ``title`` None: one that names the cause
    (``pr_title.cause_title``), else ``pr.title``.  ``branches``: (remote, base, PR branch),
    for the command the body names that prints the whole report (``body.diff_command``).
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
    recorded: tuple[tuple[str, str], ...] = ()
    if d.is_empty and base_manifest is not None:  # the manifest alone may change: the title and body say what
        reworded, relinked = records_changed(base_manifest.statements, result.manifest.statements,
                                             base_manifest.named, result.manifest.named)
        recorded = recorded_anew(reworded, relinked, result.graph, base_manifest.named, result.manifest.named)
        title = manifest_only_title(len(reworded), len(relinked)) if title is None else title
    rewritten = _rewritten(checkout, base_sha, graph_file, files) if d.is_empty else ""
    title = rewritten_title(rewritten) if title is None and rewritten else title
    vetoed = _vetoed_links(checkout, config, _graph_name(result.veto_names, result.manifest))
    title = title or cause_title(d, vetoed_title(len(links)) if (links := vetoed.removed(d)) else config.pr.title, merged)
    evidence = _evidence_sentences(base_manifest, result.manifest)
    fetch = _base_history_needed(d, result.issues, base_manifest)
    # Without the base manifest's record of what each item named, git says which items an edit
    # touched, a node moved or not (an added cite of a missing item moves none).
    edited = (frozenset() if base_manifest is not None and base_manifest.named
              else _edited_since_graph(checkout, base_sha, graph_file, config.root, result.items, fetch))
    before = BaseState(old, _items_built_into(checkout, base_sha, graph_file, config.root, result.items, merged | edited,
                                              fetch), base_manifest, edited)
    context = body_context(Explaining.of(config), config.site, d, result.graph, _with_text(result.items, d, config.root),
                           result.issues, base_sha, before, result.manifest, result.vocabulary, merged, vetoed)
    context = replace(context, hand_added=_hand_added_lines(old, base_manifest, result.graph, result.manifest,
                                                                 result.disowned),
                      hand_made=HandMade.of(old, base_manifest, result.graph, result.manifest), recorded=recorded,
                      landed=_landed(checkout, base_sha, graph_file, old, base_manifest), rewritten=rewritten,
                      failed=tuple(i for i in result.issues if i.severity is IssueSeverity.ERROR),
                      held=result.held_items)
    # The items whose warnings a run prints: those behind the diff, and (by git) every item file
    # edited since the base graph, a node moved or not (a stance phrase not read moves none).
    own = merged | (edited or _edited_since_graph(checkout, base_sha, graph_file, config.root, result.items, False))
    # Their own warnings, for the body too: the run's annotations are on main's push, not on the graph PR.
    context = replace(context, warned=tuple(i for i in result.issues if i.severity is IssueSeverity.WARNING
                                            and i.slug in own and i.dangling is None))
    # And the items with a dangling cite this change brings (a delete or a rename of the item they cite): the
    # body lists it as new, so the run annotates its line too, though the citing file was not edited.
    touched = own | {i.slug for i in context.dangling if i.slug}
    command = _report_command(checkout, branches, graph_file, config.config_file)
    rendered = render_markdown(d, title=title, limit=GITHUB_BODY_LIMIT, evidence=evidence, context=context,
                               report_limit=REPORT_LIMIT, diff_command=command,
                               full_report_hint=full_report_hint or None)  # "": the default hint, as None
    proposal = Proposal(
        files=files,
        title=title,
        body=rendered.text,
        labels=labels,
        commit_message=f"{title}\n\nRebuilt by `kgsync pr` from {base_sha or 'the working tree'}.\n",
    )
    # The missing graph's warning first, as kgsync build prints it; it names no item, so it is always shown.
    said = ((result.lost_graph,) if result.lost_graph is not None else ()) + tuple(result.issues)
    return Prepared(proposal, d, rendered, said, tuple(result.errors), touched, context.hand_made,
                    tuple(result.held_items))


def _report_command(checkout: GitCheckout | None, branches: tuple[str, str, str] | None, graph_file: Path,
                    config_file: Path | None) -> str | None:
    """The shell line that prints the whole report (``body.diff_command``); None without a checkout or
    the branches, or with a graph or kgsync.yml outside the checkout (no path in it to name)."""
    if checkout is None or branches is None:
        return None
    try:
        return diff_command(*branches, checkout.relative(graph_file),
                            checkout.relative(config_file) if config_file is not None else None)
    except PublishError:
        return None


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


def _vetoed_links(checkout: GitCheckout | None, config: Config,
                  graph_name: Callable[[str], str] = lambda name: name) -> VetoedLinks:
    """The veto file the build read (checked by it: a malformed one stopped the build), named as
    the repository names it; each pair at its line as written and by the graph's names
    (``graph_name``: a reworded finding's claim keeps its name, and a veto may write the one its
    new words make, which the build honours)."""
    path = config.veto_path()
    if path is None or not path.is_file():
        return VetoedLinks()
    vetoes = load_vetoes(path)
    lines = dict(vetoes.lines)
    for (source, target), line in vetoes.lines.items():
        lines.setdefault((graph_name(source), graph_name(target)), line)
    return VetoedLinks(checkout.relative(path) if checkout else path.name, lines)


def _graph_name(names: VetoNames, built: Manifest) -> Callable[[str], str]:
    """A veto's claim name -> the claim's name in the graph ``built`` (its manifest): the name kept by
    the claim of the finding whose words now make it (``claim_identity.finding_renames``), else as written."""
    def graph_name(name: str) -> str:
        slug = name.split(":")[1] if name.count(":") >= 2 else ""
        facts = built.by_item.get(slug)
        if facts is None or (name, EntityType.CLAIM.value) in facts.entities:
            return name
        return finding_renames(slug, names.findings(slug), facts).get(name, name)
    return graph_name


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


def _touched_items(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, root: Path,
                   items: Sequence[ResearchItem], d: GraphDiff) -> frozenset[str]:
    """The items this change touched: their files differ between the commit that last wrote the
    graph (``_last_build``) and the base commit (git knows; another item's claim that only became contested did not
    change), or their item node went.  Without that history: ``merged_slugs`` infers them.
    ``root``: the research repo root the items' paths start from (``Config.root``)."""
    inferred = merged_slugs(d)
    if checkout is None or base_sha is None or checkout.is_shallow():
        return inferred
    try:
        built_at = _last_build(checkout, base_sha, graph_file, fetching=False)
        if built_at is None:
            return inferred  # the first graph: every item is new
        changed = _changed_since(checkout, built_at, base_sha)
        paths = {item.slug: checkout.relative(root / item.path) for item in items}
    except KgsyncError:
        return inferred
    in_diff = {i.slug for i in d.items if i.slug}
    removed = {slug for e in d.removed if (slug := slug_of_item_name(e.name)) is not None}
    return frozenset(slug for slug, path in paths.items() if path in changed and slug in in_diff) | (removed & in_diff)


def _changed_since(checkout: GitCheckout, built_at: str, base_sha: str) -> frozenset[str]:
    """The files that differ from those the base graph was built from (at ``built_at``): between the commits,
    and, when the base is the checked-out commit, in the working tree too, which the build reads (a dry run
    before the commit: an item added or edited and not committed yet is merged, not a side effect)."""
    changed = checkout.changed_paths(built_at, base_sha)
    if base_sha == checkout.head():
        changed |= checkout.changed_in_work_tree(built_at)
    return changed


def _last_build(checkout: GitCheckout, base_sha: str, graph_file: Path, *, fetching: bool = True) -> str | None:
    """The commit that last wrote the graph by a build: the newest at or before ``base_sha`` that
    changed the manifest beside it, which only kgsync writes.  An agent, a person or the memory
    server writes the graph alone: the newest commit to change the graph may be such a write,
    beside (or after) an item's merge, and git then finds no item file changed since.  The
    graph's newest commit when no manifest was ever committed; None: neither was.  ``fetching``:
    a shallow clone fetches the history up to it (``GitCheckout.last_change_fetching``)."""
    find = checkout.last_change_fetching if fetching else checkout.last_change
    for path in (manifest_path(graph_file), graph_file):
        found = find(base_sha, checkout.relative(path))
        if found is not None:
            return found
    return None


def _landed(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, old: Graph,
            base: Manifest | None) -> Landed:
    """What a person or an agent wrote into the base graph since the last build (``Landed``): the graph at
    ``_last_build`` against ``old``, the base graph.  The base commit itself may hold such a write, beside
    an item's merge: the build keeps it, so the diff never shows it.  A shallow clone fetches that history
    only when the base graph holds a fact no build wrote (``hand_added``)."""
    if checkout is None or base_sha is None or base is None:
        return Landed()
    try:
        foreign = hand_added(old, base)
        if checkout.is_shallow() and not (foreign.entities or foreign.observations or foreign.relations):
            return Landed()
        built_at = _last_build(checkout, base_sha, graph_file)
        path = checkout.relative(graph_file)
        if built_at is None or checkout.last_change(base_sha, path) == built_at:
            return Landed()  # no graph write since the build's
        return Landed.of(_graph_at(checkout, built_at, path), old, base, built_at)
    except KgsyncError:
        return Landed()


def _base_history_needed(d: GraphDiff, issues: Sequence[Issue], manifest: Manifest | None) -> bool:
    """Whether the body needs git's history since the base graph was written, because the base
    manifest predates a record that answers it: what each item named (is a dangling cite new?
    any item's may be: an edit that adds one moves no node) and each cut finding's whole
    statement (a reworded one, diffed whole).  A manifest that keeps a record keeps it for every
    item, so an empty one means an older kgsync."""
    if (manifest is None or not manifest.named) and any(i.dangling is not None for i in issues):
        return True
    return (manifest is None or not manifest.statements) and any(
        c.statement_changed and c.old_statement.endswith(ELLIPSIS) for c in changed_claims(d))


def _edited_since_graph(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, root: Path,
                        items: Sequence[ResearchItem], fetch: bool) -> frozenset[str]:
    """The items whose files differ between the commit that last wrote the graph (``_last_build``) and the base
    commit, whether or not a node moved (empty: no graph yet, or git cannot say; a shallow clone
    fetches that history only with ``fetch``)."""
    if checkout is None or base_sha is None or (checkout.is_shallow() and not fetch):
        return frozenset()
    try:
        built_at = _last_build(checkout, base_sha, graph_file)
        if built_at is None:
            return frozenset()
        changed = _changed_since(checkout, built_at, base_sha)
        return frozenset(item.slug for item in items if checkout.relative(root / item.path) in changed)
    except KgsyncError:
        return frozenset()


def _items_built_into(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, root: Path,
                      items: Sequence[ResearchItem], merged: frozenset[str],
                      fetch: bool = False) -> dict[str, ResearchItem]:
    """The merged (or edited) items as the base graph saw them: their files at the commit that last wrote the
    graph (``_last_build``; the base commit itself may hold the edit being proposed).  A shallow clone (the Action
    checks out at depth 1) lacks that commit: with ``fetch`` it fetches the history up to it from
    the remote (only what the base manifest cannot answer needs it), else they are left out, as
    when they are unreadable."""
    if checkout is None or base_sha is None or (checkout.is_shallow() and not fetch):
        return {}
    try:
        built_at = _last_build(checkout, base_sha, graph_file)
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


def _with_text(items: Sequence[ResearchItem], d: GraphDiff, root: Path) -> tuple[ResearchItem, ...]:
    """The items, each whose link to a removed item went read again from its file: a rebuilt item
    comes from the records cache without its body (``extract.record``), and the removed item's fix
    names the line of its text that links it (``body_context.named_at``)."""
    removed = {e.name for e in d.removed if e.entity_type == EntityType.RESEARCH_ITEM.value}
    wanted = {i.slug for i in d.items if any(r.target in removed for r in i.relations_removed)}
    out = []
    for item in items:
        if item.slug in wanted and not item.body:
            try:
                full, _warnings = read_item_bytes((root / item.path).read_bytes(), item.path, item.slug)
            except OSError:
                full = None
            item = full or item
        out.append(item)
    return tuple(out)


def _rewritten(checkout: GitCheckout | None, base_sha: str | None, graph_file: Path, files: dict[str, bytes]) -> str:
    """The graph file's name when the branch's bytes of it are not the base's (a change with no fact
    changed: lines added by hand sorted in, in kgsync's JSON form); "" otherwise, or with no base."""
    if checkout is None or base_sha is None:
        return ""
    key = checkout.relative(graph_file)
    base = checkout.blob(base_sha, key)
    return graph_file.name if base is not None and key in files and files[key] != base else ""


def _graph_at(checkout: GitCheckout, commit: str, path: str) -> Graph:
    data = checkout.blob(commit, path)
    if data is None:
        return Graph()
    try:
        return jsonl.loads_bytes(data, f"{commit[:12]}:{path}")
    except UnicodeDecodeError:
        raise GraphFormatError("the committed graph is not UTF-8", hint="save the file as UTF-8") from None
