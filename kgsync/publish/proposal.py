"""From a checkout to a ``Proposal``: build, diff against base, render the body.

The diff in the body is taken against the graph *in the base commit* (not the
working-tree file): that is exactly what the pull request changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.read.config import Config
from kgsync.diff.finding_order import sort_findings
from kgsync.diff.graph_diff import review
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import GraphDiff
from kgsync.contract.errors import GraphFormatError, KgsyncError
from kgsync.read.items import Issue, ResearchItem
from kgsync.graph.merge import Manifest, manifest_path
from kgsync.contract.model import EntityType, Graph, slug_of_item_name
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.publish.github.pull_request import Proposal
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.body import RenderedBody, render_markdown
from kgsync.publish.pr.item_views import BodyContext, ItemLinks, VocabularyGroup
from kgsync.publish.site.project import source_url
from kgsync.publish.site.model import FOLDER
from kgsync.publish.site.text import file_stems
from kgsync.diff.vocab_events import vocabulary_events
from kgsync.publish.pr.title import cause_title


@dataclass(frozen=True)
class Prepared:
    proposal: Proposal
    diff: GraphDiff
    rendered: RenderedBody
    issues: tuple[Issue, ...]  # every item problem the build saw
    errors: tuple[KgsyncError, ...]  # items that failed (they kept their old nodes)


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
    from kgsync.build import pipeline  # the core build; imported here so `kgsync pr --help` stays light

    result = pipeline.build(config, write=write)
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
    title = title or cause_title(d, config.pr.title)
    kwargs = {"full_report_hint": full_report_hint} if full_report_hint else {}
    base_manifest = _manifest_at(checkout, base_sha, checkout.relative(manifest_path(graph_file)) if checkout else "")
    evidence = _evidence_sentences(base_manifest, result.manifest)
    context = body_context(config, d, result.graph, result.items, result.issues, base_sha, base_manifest,
                           result.manifest)
    rendered = render_markdown(d, title=title, limit=GITHUB_BODY_LIMIT, evidence=evidence, context=context,
                               **kwargs)
    proposal = Proposal(
        files=files,
        title=title,
        body=rendered.text,
        labels=labels,
        commit_message=f"{title}\n\nRebuilt by `kgsync pr` from {base_sha or 'the working tree'}.\n",
    )
    return Prepared(proposal, d, rendered, tuple(result.issues), tuple(result.errors))


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


#: How ``items._dangling_links`` words a link to a missing item.
DANGLING_PREFIXES = ("cites names ", "supersedes names ", "superseded_by names ")


def body_context(config: Config, d: GraphDiff, graph: Graph, items: Sequence[ResearchItem],
                 issues: Sequence[Issue], base_sha: str | None, base: Manifest | None,
                 manifest: Manifest) -> BodyContext:
    """What the body shows beyond the diff: links to the merged items (their file at the merge
    commit, their site page), the dangling cites this change brings, the vocabulary events."""
    merged = merged_slugs(d)
    removed = {slug_of_item_name(e.name) for e in d.removed if e.entity_type == EntityType.RESEARCH_ITEM.value}
    dangling = tuple(f"{i.location}: {i.message}" for i in issues if i.message.startswith(DANGLING_PREFIXES)
                     and (i.slug in merged or any(repr(slug) in i.message for slug in removed)))
    return BodyContext(merged=merged, links=_item_links(config, graph, items, merged, base_sha),
                       dangling=dangling, events=_vocabulary_groups(base, manifest))


def _item_links(config: Config, graph: Graph, items: Sequence[ResearchItem], merged: frozenset[str],
                base_sha: str | None) -> dict[str, ItemLinks]:
    # The file at the merge commit (a branch moves on; the commit shows what was merged).
    at_commit = replace(config, site=replace(config.site, branch=base_sha)) if base_sha else config
    keys = sorted({e.name.split(":", 1)[1] for e in graph.of_type(EntityType.RESEARCH_ITEM.value)
                   if e.name.startswith("item:")})
    stems = file_stems(keys)  # the site's own page names (site_model.collect)
    site = config.site.url.rstrip("/")
    out = {}
    for item in items:
        if item.slug not in merged:
            continue
        file_url = source_url(at_commit, item.path) or ""
        page_url = f"{site}/{FOLDER[EntityType.RESEARCH_ITEM]}/{stems[item.slug]}/" if site and item.slug in stems else ""
        out[item.slug] = ItemLinks(file_url, page_url)
    return out


def _vocabulary_groups(base: Manifest | None, manifest: Manifest) -> tuple[VocabularyGroup, ...]:
    """The vocabulary events between the base commit's manifest and this build's (each records
    its hubs, discriminating themes, near-duplicate merges and acronym map): a hub entered or
    left, a theme became a concept or a hub, a term merged into another or no longer, an acronym
    defined or no longer.  An event that touches
    no item's facts explains nothing and is left out."""
    if base is None:
        return ()
    events = vocabulary_events(set(base.hubs), set(manifest.hubs), set(base.themes), set(manifest.themes),
                               base.by_item, manifest.by_item, base.merges, manifest.merges,
                               base.acronyms, manifest.acronyms)
    return tuple(VocabularyGroup(f"{e.kind.value}: {e.subject}", e.items) for e in events if e.items)


def _graph_at(checkout: GitCheckout, commit: str, path: str) -> Graph:
    data = checkout.blob(commit, path)
    if data is None:
        return Graph()
    try:
        return jsonl.loads(data.decode("utf-8").removeprefix("\ufeff"), f"{commit[:12]}:{path}")
    except UnicodeDecodeError:
        raise GraphFormatError("the committed graph is not UTF-8", hint="save the file as UTF-8") from None
