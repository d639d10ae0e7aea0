"""``kgsync lint [FILE]``: check a graph file against the graph contract.

Exit codes: 0 clean, 1 findings that fail (errors; warnings too with
``--strict``), 2 the file cannot be read as a graph, or bad configuration.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from kgsync.contract import jsonl
from kgsync.cli._annotations import github_annotation
from kgsync.cli._errors import FAILED, OK, reported
from kgsync.cli._options import load_config, repo_options
from kgsync.read.config import Config
from kgsync.contract.errors import ConfigError, Location, printable_json
from kgsync.lint.rules import (FileLines, LintReport, hand_added_as_warnings, lint, with_byte_order_mark,
                               with_emptied_graph, with_stale_vetoes)
from kgsync.graph.manifest import manifest_path
from kgsync.contract.model import Graph
from kgsync.read.veto_file import Vetoes, configured_vetoes


@click.command("lint")
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
@click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "github"]), default="text", show_default=True,
    help="text: one line a finding; json: machine-readable; github: GitHub Actions annotations.",
)
@repo_options
def command(file: Path | None, strict: bool, output_format: str, root: Path | None, config_path: Path | None) -> None:
    """Check FILE (default: the graph path of kgsync.yml) against the graph contract.

    Every finding is printed, then the command exits once.
    """
    with reported():  # GraphFormatError names the line; ConfigError the option
        cfg, path, graph, vetoes = _load(file, root, config_path)
    # What kgsync generated (the manifest beside the graph) decides which errors are hand-added
    # content's: those are warnings, as in the build (never blocking).
    report = hand_added_as_warnings(lint(graph, sources=FileLines(path), rule=cfg.merge), manifest_path(path), cfg.merge)
    report = with_stale_vetoes(report, vetoes, graph)  # as the build warns of them
    report = with_byte_order_mark(report, path)  # read past by kgsync, fatal to the memory server
    report = with_emptied_graph(report, graph, path, manifest_path(path))  # refused by the build
    if output_format == "json":
        click.echo(_as_json(report, strict))
    elif output_format == "github":
        for finding in report.findings:
            click.echo(github_annotation(finding))
        click.echo(f"kgsync lint: {report.summary()}", err=True)
    else:
        for finding in report.findings:
            click.echo(finding.render())
        click.echo(report.summary())
    raise SystemExit(OK if report.ok(strict) else FAILED)


def _load(file: Path | None, root: Path | None, config_path: Path | None) -> tuple[Config, Path, Graph, Vetoes]:
    # kgsync.yml sits at the research repo root; paths in it are relative to that root.
    cfg = load_config(root, config_path)
    vetoes = configured_vetoes(cfg.veto_path())  # the veto file is checked like kgsync.yml: every problem, with its line
    path = file if file is not None else cfg.graph_file("FILE")
    if path.is_dir():
        raise ConfigError("the graph path is a folder, not a file", Location.of(path),
                          "pass the graph file (FILE), or fix `graph:` in kgsync.yml")
    if not path.exists():  # a FIFO or a device is there: jsonl.read says what it is
        raise ConfigError("graph file not found", Location.of(path), "run `kgsync build` first, or pass FILE")
    try:
        return cfg, path, jsonl.read(path), vetoes
    except OSError as exc:
        raise ConfigError(f"cannot read the graph file ({exc.strerror})", Location.of(path)) from None


def _as_json(report: LintReport, strict: bool) -> str:
    findings = [
        {
            "severity": str(f.severity),
            "code": f.code,
            "entity": f.entity,
            "message": f.message,
            "hint": f.hint,
            "path": f.location.path if f.location else None,
            "line": f.location.line if f.location else None,
        }
        for f in report.findings
    ]
    body = {
        "ok": report.ok(strict),
        "errors": len(report.errors()),
        "warnings": len(report.warnings()),
        "findings": findings,
    }
    # A name is printed to the terminal: its bidi and C1 controls as \u escapes (lossless).
    return printable_json(json.dumps(body, ensure_ascii=False, indent=2, sort_keys=True))
