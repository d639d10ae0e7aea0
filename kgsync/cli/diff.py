"""`kgsync diff OLD NEW`: what a graph change would show a reviewer.

The diff is information, so it exits 0 whatever it finds (lint findings
included: `kgsync lint` is the gate); 2 when a graph file or kgsync.yml cannot
be read, or an option is refused (``--limit`` below the smallest cut, ``--output`` naming a file it reads).
"""

from __future__ import annotations

import shlex

from pathlib import Path
from typing import TYPE_CHECKING

import click

from kgsync.read import config as config_module
from kgsync.read.config import Merge
from kgsync.contract import jsonl
from kgsync.diff.graph_diff import review
from kgsync.diff.model import GraphDiff
from kgsync.diff.json_report import to_json
from kgsync.lint.file_lines import FileLines
from kgsync.contract.errors import printable_path
from kgsync.cli._errors import reported
from kgsync.cli._options import FilePath, write_output
from kgsync.contract.errors import ConfigError, KgsyncError, Location, message_line
from kgsync.contract.model import Graph
from kgsync.publish.limits import GITHUB_BODY_LIMIT

if TYPE_CHECKING:
    from kgsync.graph.manifest import Manifest
    from kgsync.publish.pr.hand_made import HandMade

#: Every line this command prints on stderr starts so (its output may be piped into a PR).
PREFIX = "kgsync diff: "


@click.command("diff")
@click.argument("old", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("new", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format", "output_format", type=click.Choice(["markdown", "json"]), default="markdown", show_default=True,
    help="markdown: the pull-request body; json: the machine-readable report.",
)
@click.option(
    "--limit", type=click.IntRange(min=0), default=GITHUB_BODY_LIMIT, show_default=True,
    help="Markdown only: truncate at a section boundary to this many characters (0: no limit); a limit below "
         "the truncation notice's length is an error naming the smallest.",
)
@click.option("--title", default=None, help="Markdown heading of the report; given, it heads the PR body too "
              "(default: pr.title from kgsync.yml, the full report's heading alone: a PR shows its title above the body).")
@click.option(
    "--output", "-o", type=FilePath(writable=True), default=None,
    help="Write the report to this file instead of stdout.",
)
@click.option(
    "--config", "config_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="kgsync.yml to read the near-duplicate rule (merge:) from (default: ./kgsync.yml if present).",
)
def command(
    old: Path, new: Path, output_format: str, limit: int, title: str | None, output: Path | None,
    config_file: Path | None,
) -> None:
    """Compare two graph files (JSONL; a missing file is the empty graph)."""
    with reported(prefix=PREFIX):
        try:
            config = config_module.load(".", config_file)
            if output is not None:
                _refuse_an_operand(output, old, new)
            for side, path in (("OLD", old), ("NEW", new)):
                if not path.exists():  # documented, and still worth a word: it may be a typo
                    click.echo(f"{PREFIX}notice: {side} {printable_path(str(path))} does not exist: read as the empty graph", err=True)
            old_graph, new_graph = jsonl.read(old), jsonl.read(new)
            # NEW's lines place each finding ("where"), as `kgsync lint` places them.
            report = _hand_added_as_warnings(review(old_graph, new_graph, rule=config.merge, sources=FileLines(new)),
                                             new, config.merge)
        except OSError as exc:  # a directory, no permission...
            raise ConfigError(f"cannot read ({exc.strerror})", Location(str(exc.filename))) from None

    hand_made, kept = _by_hand(old_graph, old, new_graph, new)
    if output_format == "json":
        text = to_json(report, hand_made.new, hand_made.old)
    else:
        from kgsync.graph.hand_added import KEPT_BY_HAND
        from kgsync.publish.pr.body import render_markdown  # jinja2 only when needed
        from kgsync.publish.pr.item_views import BodyContext

        from kgsync.publish.pr.truncation import LimitTooSmall

        context = BodyContext(hand_made=hand_made, hand_added=((*KEPT_BY_HAND, kept),))
        with reported(prefix=PREFIX):
            try:  # a title given heads the body too; kgsync.yml's pr.title is the PR's, shown above its body
                rendered = render_markdown(report, title=title or config.pr.title, limit=limit, context=context,
                                           body_heading=title is not None, full_report_hint=_whole_report_hint(old, new))
            except LimitTooSmall as exc:
                raise ConfigError(f"--limit {limit} is below the smallest this report can be cut to, {exc.smallest} "
                                  "characters: its notice alone", None,
                                  f"pass --limit {exc.smallest} or more, or --limit 0 for the whole report") from None
        text = rendered.text
        if rendered.truncated:
            click.echo(
                f"{PREFIX}report truncated to {limit} characters "
                f"({len(rendered.full_text)} in full; --limit 0 prints all)",
                err=True,
            )
    if output is None:
        click.echo(text, nl=not text.endswith("\n"))
        return
    with reported(prefix=PREFIX):
        write_output(output, text, inputs=config)


def _whole_report_hint(old: Path, new: Path) -> str:
    """The truncation notice's sentence for a report made here: the command that prints it whole, with the two
    files as given.  The body's default sentence sends the reader to an Action run's job summary, which a
    terminal has none of."""
    from kgsync.publish.pr.markdown_escape import md_code

    line = f"kgsync diff {shlex.quote(str(old))} {shlex.quote(str(new))} --limit 0"
    return f"{md_code(line, len(line))} prints the whole report."


def _refuse_an_operand(output: Path, old: Path, new: Path) -> None:
    """--output must never replace a file this diff reads: OLD, NEW or the manifest beside either (a
    swapped argument, `-o new.jsonl`, wrote the report over the new graph).  The inputs of kgsync.yml
    are ``write_output``'s check."""
    from kgsync.graph.manifest import manifest_path

    for path, what in ((old, "OLD, the old graph"), (new, "NEW, the new graph"),
                       (manifest_path(old), "OLD's manifest"), (manifest_path(new), "NEW's manifest")):
        if output.is_file() and path.is_file() and output.samefile(path):
            raise ConfigError(f"--output names a file that is {what}, which this diff reads: not written",
                              Location.of(output), "name another file")


def _by_hand(old_graph: Graph, old: Path, new_graph: Graph, new: Path) -> tuple[HandMade, tuple[str, ...]]:
    """The facts of each graph no build wrote, by the manifest beside its file (none there: not told
    apart on that side), so that the body files them under "Changes by hand", not as side effects;
    and those NEW keeps only because they were added by hand before an item wrote them too
    (``kept_by_hand``, one line each)."""
    from kgsync.graph.hand_added import kept_by_hand
    from kgsync.graph.manifest import load_manifest, manifest_path
    from kgsync.graph.ownership import describe_facts
    from kgsync.publish.pr.hand_made import HandMade

    def beside(path: Path) -> Manifest | None:
        try:
            return load_manifest(manifest_path(path))
        except KgsyncError as exc:  # unreadable: read as none, and said (the build refuses it)
            click.echo(PREFIX + message_line(exc.location, f"warning: {exc.message}; the changes by hand in "
                                             f"{printable_path(str(path))} are not told apart from items' changes",
                                             exc.hint), err=True)
            return None

    base, manifest = beside(old), beside(new)
    kept = tuple(describe_facts(kept_by_hand(base, manifest, new_graph))) if base and manifest else ()
    return HandMade.of(old_graph, base, new_graph, manifest), kept


def _hand_added_as_warnings(report: GraphDiff, new: Path, rule: Merge) -> GraphDiff:
    """NEW's errors on content added by hand or by an agent made warnings by the manifest beside
    NEW, as the build, the PR and ``kgsync lint`` report them (they never block a build).  ``rule``:
    the config's near-duplicate rule (``merge:``), the one the review compared by."""
    from dataclasses import replace

    from kgsync.diff.finding_order import sort_findings
    from kgsync.graph.manifest import manifest_path
    from kgsync.lint.rules import LintReport, hand_added_as_warnings

    split = hand_added_as_warnings(LintReport(report.findings), manifest_path(new), rule)
    return report if split.findings == report.findings else replace(report, findings=sort_findings(split.findings))
