"""``kgsync build``: research items -> the committed graph (and its manifest).

Exit codes: 0 built; 1 some items failed (they kept their previous nodes) or
the new graph failed lint (nothing written); 2 configuration or usage error.
"""

from __future__ import annotations

import os
import time
from collections.abc import Collection, Sequence
from pathlib import Path

import click

from kgsync.cli._errors import FAILED, held_back_note, held_items_warning, listed, reported
from kgsync.cli._options import FilePath, cache_dir_option, load_config, repo_options
from kgsync.contract.errors import message_line, printable_path
from kgsync.graph.manifest import Manifest, manifest_item_texts, manifest_path
from kgsync.read.item_model import ResearchItem, failed_files, of_touched_items
from kgsync.read.items import IssueSeverity
from kgsync.pipeline.stages import build


@click.command("build")
@click.option("--items", "items", help="Item files: a folder or a glob (default: `items` in kgsync.yml, "
              "Research/completed/*.md).")
@click.option("--out", "out", type=FilePath(), help="Graph file to write (default: `graph` in kgsync.yml, memory.jsonl); "
              "never a file the build reads nor a manifest's name (`<name>.kgsync.json`).")
@repo_options
@click.option("--strict", is_flag=True, help="Warnings (item and lint) fail the build too (each is printed).")
@click.option("--all-warnings", is_flag=True, help="Print the warnings and notices of every item, not only of the "
              "items whose facts this build changes or whose files were edited since it last wrote the graph (the others "
              "are counted).")
@click.option("--dry-run", is_flag=True, help="Build and check; write neither the graph nor its manifest "
              "(the cache is still filled: add --no-cache).")
@click.option("--no-cache", is_flag=True, help="Use no cache: parse every file again, save nothing "
              "(the cache never changes the output).")
@cache_dir_option
@click.option("--timings", is_flag=True, help="Print the wall time of each pipeline stage (read, select, assemble, "
              "merge, lint, write).")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
def command(items: str | None, out: Path | None, root: Path | None, config_path: Path | None, strict: bool,
            all_warnings: bool, dry_run: bool, no_cache: bool, cache_dir: Path | None, timings: bool, quiet: bool) -> None:
    """Build the knowledge graph from the research items and merge it into the committed file.

    Content added by hand or by an agent survives; what kgsync generated from an
    edited or deleted item is updated or removed exactly.
    """
    started = time.perf_counter()
    with reported():
        # Paths given on the command line are relative to the current directory,
        # paths in kgsync.yml to the research repo root.
        cfg = load_config(root, config_path).with_overrides(
            # Normalised (`..` folded, as vocab's --items): one folder, however spelt, names its files alike.
            items=os.path.abspath(items) if items else None,
            graph=os.path.abspath(out) if out else None,
            cache_dir="" if no_cache else (os.path.abspath(cache_dir) if cache_dir else None),
        )
        # The committed manifest, read before the build rewrites it: which items' facts change.
        # --strict fails on any warning, so it names every one; -q prints errors only.
        before = None if all_warnings or strict or quiet else _manifest_bytes(cfg.graph_file())
        built_at = _written_at(manifest_path(cfg.graph_file())) if before is not None else None
        result = build(cfg, write=not dry_run, strict=strict)

    if result.lost_graph is not None and not quiet:
        click.echo(result.lost_graph.render(), err=True)
    failed = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    warned = [i for i in result.issues if i.severity is IssueSeverity.WARNING]
    # The spliced path names the changed items itself; only a full build's are found by comparing.
    touched = None if before is None else (result.changed_items if result.changed_items is not None
                                           else _changed(before, result.manifest))
    if touched is not None and built_at is not None:  # and the files edited since the graph was written
        touched = touched | _edited_since(built_at, result.items, {i.slug for i in result.issues}, cfg.root)
    printed, held = of_touched_items(result.issues, touched)
    for issue in printed:
        if issue.severity is IssueSeverity.ERROR or not quiet:
            click.echo(issue.render(), err=True)
    for finding in result.report.findings:  # the graph's (``kgsync lint`` lists the same)
        if not quiet:
            click.echo(finding.render(), err=True)
    if held:
        click.echo(held_back_note(held, "this build did not change", "build"), err=True)
    if not quiet:
        entities, relations = result.sizes  # counted from the file's lines: the graph need not be built
        written = result.would_write if dry_run else result.changed_files
        verb = ("would write" if dry_run else "wrote") if written else "unchanged:"
        graph_path = cfg.path(cfg.graph)
        if written and graph_path not in written:  # the graph kept its bytes: only its manifest is rewritten
            verb = f"{verb} {printable_path(str(manifest_path(graph_path)))} only; unchanged:"
        click.echo(
            f"{len(result.items)} items -> {entities} entities, {relations} relations; "
            f"{verb} {printable_path(str(graph_path))} ({time.perf_counter() - started:.2f} s)"
        )
    if result.removed_items and not quiet:
        shown = listed(result.removed_items, ", ")
        verb = "would remove" if dry_run else "removed"
        click.echo(message_line(None, f"warning: {len(result.removed_items)} item(s) no longer found; {verb} their nodes: "
                                f"{shown}", "if that is not intended, check --items / `items:` in kgsync.yml"), err=True)
    if result.held_items and not quiet:
        click.echo(held_items_warning(result.held_items), err=True)
    if result.kept_by_hand and not quiet:
        from kgsync.graph.hand_added import KEPT_BY_HAND

        count = len(result.kept_by_hand)
        shown = listed(result.kept_by_hand, "; ")
        click.echo(message_line(None, f"warning: {count} {KEPT_BY_HAND[count != 1]}: {shown}",
                                "nothing to do if they were added on purpose; delete them from the graph file to "
                                "remove them"), err=True)
    if result.disowned and not quiet:
        shown = listed(result.disowned, "; ")
        click.echo(message_line(None, f"warning: the manifest credits items with {len(result.disowned)} fact(s) no build of "
                                f"them writes; kept as content added by hand or by an agent, and no longer credited: {shown}",
                                "nothing to do if an agent or a person wrote them; delete them from the graph file to remove "
                                "them"), err=True)
    if timings:
        click.echo("  ".join(f"{stage} {seconds:.2f} s" for stage, seconds in result.timings))
    if failed:
        click.echo(f"error: {failed_files(failed)} item(s) failed and kept their previous nodes", err=True)
    fail_on_warnings = strict and (warned or result.report.findings)
    raise SystemExit(FAILED if failed or fail_on_warnings else 0)


def _manifest_bytes(graph: Path) -> bytes | None:
    """The committed manifest's bytes (None: none, a first build: every item is new)."""
    try:
        return manifest_path(graph).read_bytes()
    except OSError:
        return None


def _written_at(manifest: Path) -> int | None:
    """When the last build wrote the manifest (ns), None: unknown."""
    try:
        return manifest.stat().st_mtime_ns
    except OSError:
        return None


def _edited_since(built_at: int, items: Sequence[ResearchItem], slugs: Collection[str], root: Path) -> frozenset[str]:
    """Which of the items ``slugs`` (those with a warning) have a file edited after ``built_at``: an edit that
    moves no node (a cite of a missing item, a renamed section) still has its warnings printed."""
    edited = set()
    for item in items:
        if item.slug in slugs:
            try:
                if (root / item.path).stat().st_mtime_ns > built_at:
                    edited.add(item.slug)
            except OSError:
                continue
    return frozenset(edited)


def _changed(before: bytes, manifest: Manifest) -> frozenset[str] | None:
    """The items whose facts differ from the committed manifest's (added ones too); None (every
    item) when that manifest cannot be read as one."""
    from kgsync.pipeline.incremental import changed_items

    try:
        texts = manifest_item_texts(before.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return frozenset(changed_items(texts, manifest.by_item, manifest.known_json))
