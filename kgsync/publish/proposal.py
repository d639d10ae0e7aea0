"""From a checkout to a ``Proposal``: build, diff against base, render the body.

The diff in the body is taken against the graph *in the base commit* (not the
working-tree file): that is exactly what the pull request changes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from kgsync import jsonl
from kgsync.config import Config
from kgsync.diff import GraphDiff, review, sort_findings
from kgsync.errors import GraphFormatError, KgsyncError
from kgsync.items import Issue
from kgsync.merge import Manifest, manifest_path
from kgsync.model import Graph
from kgsync.publish.git_branch import GitCheckout
from kgsync.publish.github_pr import Proposal
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr_body import RenderedBody, render_markdown
from kgsync.publish.pr_title import cause_title


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
    from kgsync import pipeline  # the core build; imported here so `kgsync pr --help` stays light

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
    evidence = _evidence_sentences(checkout, base_sha, checkout.relative(manifest_path(graph_file)) if checkout else "",
                                   result.manifest)
    rendered = render_markdown(d, title=title, limit=GITHUB_BODY_LIMIT, evidence=evidence, **kwargs)
    proposal = Proposal(
        files=files,
        title=title,
        body=rendered.text,
        labels=labels,
        commit_message=f"{title}\n\nRebuilt by `kgsync pr` from {base_sha or 'the working tree'}.\n",
    )
    return Prepared(proposal, d, rendered, tuple(result.issues), tuple(result.errors))


def _evidence_sentences(checkout: GitCheckout | None, base_sha: str | None, manifest_file: str,
                        manifest: Manifest) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(from, to, relation) -> (sentence, "path:line") of every evidence link, now and in the
    base's manifest (a removed link is quoted as it was stated)."""
    manifests = [manifest]
    if checkout is not None and base_sha is not None:
        data = checkout.blob(base_sha, manifest_file)
        if data is not None:
            try:
                manifests.insert(0, Manifest.loads(data.decode("utf-8"), f"{base_sha[:12]}:{manifest_file}"))
            except (GraphFormatError, UnicodeDecodeError):
                pass  # an unreadable base manifest only costs the removed links their quotes
    out: dict[tuple[str, str, str], tuple[str, str]] = {}
    for one in manifests:  # the current sentence wins
        for facts in one.by_item.values():
            for source, target, relation, sentence, at in (e[:5] for e in facts.evidence if len(e) >= 5):
                out[(source, target, relation)] = (sentence, at)
    return out


def _graph_at(checkout: GitCheckout, commit: str, path: str) -> Graph:
    data = checkout.blob(commit, path)
    if data is None:
        return Graph()
    try:
        return jsonl.loads(data.decode("utf-8").removeprefix("\ufeff"), f"{commit[:12]}:{path}")
    except UnicodeDecodeError:
        raise GraphFormatError("the committed graph is not UTF-8", hint="save the file as UTF-8") from None
