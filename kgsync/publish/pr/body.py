"""The pull-request body: a ``GraphDiff`` as Markdown a reviewer reads in a minute.

Layout (templates/pr_body.md.j2): a summary table of counts per entity type,
lint findings (errors first), candidate near-duplicates, an index of the items
touched, then one section per item, newest first.

Safety: everything taken from the graph is hostile input (an item's author, or
an agent, wrote it).  The template environment used here escapes every
``{{ value }}`` with ``md_escape`` unless the value is already ``Markup``
(what ``md_code``/``plain``/``md_escape`` return), so forgetting to escape in
the template is impossible rather than a review item.

Size: GitHub rejects a PR body over 65,536 characters.  The report is built as
a list of sections; when it is too long, whole sections are dropped (second
pages of warnings first, then the oldest items' sections, ..., errors last) and a
notice at the end says what was cut and where the full report is.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from kgsync.diff.model import GraphDiff
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.attention import ATTENTION_NAMES, Evidence
from kgsync.publish.pr.item_views import BodyContext
from kgsync.publish.pr.markdown_escape import md_code
from kgsync.publish.pr.sections import DEFAULT_TITLE, build_sections
from kgsync.publish.pr.truncation import body_length, fit_report, report_length, truncate
from kgsync.publish.site.text import counted

#: A whole trusted Markdown sentence (callers pass their own, e.g. with a link to the run).
DEFAULT_FULL_REPORT_HINT = (
    "The full report is in the workflow run's job summary; `kgsync diff OLD NEW --limit 0` prints it too."
)

#: The notice's last sentence when the full report itself is cut.
REPORT_HINT = "`kgsync diff OLD NEW --limit 0` prints it whole."


def diff_command(remote: str, base: str, branch: str, graph: str, config: str | None) -> str:
    """The shell line that prints the whole report at the top of a clone: the ``base`` and PR ``branch``
    fetched from ``remote``, a worktree of each (so each graph file has its manifest beside it, and
    the changes by hand are told apart as in the PR), and ``kgsync diff`` of their ``graph`` (its path
    in the checkout) with ``config`` (kgsync.yml's path there; its merge rule) when it is not the top's."""
    q = shlex.quote
    old, new = (f"../kgsync-{side}/{graph}" for side in ("old", "new"))
    return (f"git fetch {q(remote)} {q(base)} {q(branch)} && git worktree add --detach ../kgsync-old "
            f"{q(f'{remote}/{base}')} && git worktree add --detach ../kgsync-new {q(f'{remote}/{branch}')} && "
            f"kgsync diff {q(old)} {q(new)} --limit 0"
            + (f" --config {q(config)}" if config is not None and config != "kgsync.yml" else ""))


def _diff_span(command: str | None) -> str:
    """``command`` as a code span with where to run it, or the generic `kgsync diff OLD NEW --limit 0`."""
    return f"at the top of a clone, {md_code(command, len(command))}" if command else "`kgsync diff OLD NEW --limit 0`"


def full_report_hint_of(command: str | None) -> str:
    """``DEFAULT_FULL_REPORT_HINT``, naming ``command`` (``diff_command``) when there is one."""
    return f"The full report is in the workflow run's job summary; {_diff_span(command)} prints it too." \
        if command else DEFAULT_FULL_REPORT_HINT


def report_hint_of(command: str | None) -> str:
    """``REPORT_HINT``, naming ``command`` when there is one."""
    return f"{_capital(_diff_span(command))} prints it whole." if command else REPORT_HINT


def summary_cut_hint(items_cut: int, report_limit: int, command: str | None = None, *, said: bool = False) -> str:
    """The body notice's sentence after the caller's hint when the job summary (the full report) is cut
    too: the item sections both leave out are in neither, and what prints them (``command``, else
    `kgsync diff OLD NEW --limit 0` with what OLD and NEW are; ``said``: the hint before names it)."""
    prints = ("The command above prints the whole report." if command and said else
              f"{_capital(_diff_span(command))} prints the whole report." if command else
              "`kgsync diff OLD NEW --limit 0` prints the whole report (OLD: the base branch's graph file, NEW: "
              "this PR branch's).")
    return (f" The job summary is cut too (GitHub's limit for it is {report_limit:,} bytes): it leaves out "
            f"{counted(items_cut, 'item section')}, named at its end. {prints}")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class RenderedBody:
    text: str  # what fits in ``limit`` characters
    truncated: bool
    full_text: str  # the whole report


def render_markdown(
    d: GraphDiff,
    *,
    title: str = DEFAULT_TITLE,
    limit: int = GITHUB_BODY_LIMIT,
    full_report_hint: str | None = None,
    evidence: Evidence | None = None,
    context: BodyContext | None = None,
    report_limit: int = 0,
    diff_command: str | None = None,
    body_heading: bool = False,
) -> RenderedBody:
    """The PR body for ``d``, and the full report; ``limit <= 0`` means no limit (the full report).

    The body's head has a fixed budget: every list in it stops at ``ATTENTION_NAMES`` entries
    with "and N more" and ``full_report_hint``, so no item can push the counts, Needs attention
    or the merged and removed items out of it.  The full report (the job summary) lists all,
    under ``title`` as its heading; the body goes without (a PR shows its title above it).
    ``title`` is escaped; ``full_report_hint`` is trusted Markdown, one or more whole sentences
    of the caller's own (e.g. a link to the run).  ``evidence``: the sentences stating evidence
    links (from the manifests).  ``report_limit`` (UTF-8 bytes; 0: none): the full report's own
    limit (the job summary's), met by leaving out whole item sections (``fit_report``).
    ``diff_command``: the shell line that prints the whole report (``diff_command()``), which the notices
    (and the default ``full_report_hint``) name instead of `kgsync diff OLD NEW --limit 0`.
    ``body_heading``: head the body with ``title`` too (``kgsync diff --title``: no PR shows a title above it).
    ``truncation.LimitTooSmall`` when ``limit`` is below the body's notice alone.
    """
    said = full_report_hint is None  # the default hint names the command
    full_report_hint = full_report_hint or full_report_hint_of(diff_command)
    full = build_sections(d, title=title, evidence=evidence or {}, context=context, cap=0, heading=True)
    full_text = "".join(s.text for s in full)
    cut_hint = full_report_hint  # the body's notice: where what it leaves out is
    if report_limit > 0 and report_length(full_text) > report_limit:
        fitted = fit_report(full, report_limit, report_hint_of(diff_command))
        full_text = fitted.text
        cut_hint += summary_cut_hint(fitted.items_cut, report_limit, diff_command, said=said)
    if limit <= 0:
        return RenderedBody(full_text, False, full_text)
    sections = build_sections(d, title=title, evidence=evidence or {}, context=context, cap=ATTENTION_NAMES,
                              heading=body_heading, full_report_hint=full_report_hint)
    text = "".join(s.text for s in sections)
    if body_length(text) <= limit:
        return RenderedBody(text, False, full_text)
    return RenderedBody(truncate(sections, limit, cut_hint), True, full_text)
