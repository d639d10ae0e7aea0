"""``kgsync lint [FILE]``: check a graph file against the graph contract.

Exit codes: 0 clean, 1 findings that fail (errors; warnings too with
``--strict``), 2 the file cannot be read as a graph, or bad configuration.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from kgsync import jsonl
from kgsync.commands._options import load_config, repo_options
from kgsync.config import Config
from kgsync.errors import ConfigError, KgsyncError, Location
from kgsync.lint import FileLines, Finding, LintReport, lint, separate_hand_added, show
from kgsync.merge import load_manifest, manifest_path, merge_with_foreign
from kgsync.model import Graph


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
    try:
        cfg, path, graph = _load(file, root, config_path)
    except KgsyncError as exc:  # GraphFormatError names the line; ConfigError the option
        click.echo(f"error: {exc.render()}", err=True)
        raise SystemExit(2) from None
    report = lint(graph, sources=FileLines(path), rule=cfg.merge)
    try:
        manifest = load_manifest(manifest_path(path))
    except KgsyncError:  # unreadable: every finding counts as kgsync's own (the build says why)
        manifest = None
    if manifest is not None and not report.ok():
        # What kgsync generated (the manifest beside the graph) decides which errors are
        # hand-added content's: those are warnings, as in the build (never blocking).
        generated = merge_with_foreign(Graph(), None, manifest.by_item)[0]
        report = separate_hand_added(report, lint(generated, rule=cfg.merge))
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
    raise SystemExit(0 if report.ok(strict) else 1)


def _load(file: Path | None, root: Path | None, config_path: Path | None) -> tuple[Config, Path, Graph]:
    # kgsync.yml sits at the research repo root; paths in it are relative to that root.
    cfg = load_config(root, config_path)
    path = file if file is not None else cfg.path(cfg.graph)
    if not path.is_file():
        raise ConfigError("graph file not found", Location.of(path), "run `kgsync build` first, or pass FILE")
    try:
        return cfg, path, jsonl.read(path)
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
    return json.dumps(body, ensure_ascii=False, indent=2, sort_keys=True)


def _from_workspace(path: str, workspace: str | None) -> str:
    if not workspace:
        return path
    absolute = Path(path).absolute()
    try:
        return absolute.relative_to(Path(workspace).absolute()).as_posix()
    except ValueError:  # outside the checkout: GitHub cannot place it anyway
        return path


def escape_data(text: str) -> str:
    """GitHub workflow-command message escaping (toolkit's escapeData)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """GitHub workflow-command property escaping (toolkit's escapeProperty)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(finding: Finding, workspace: str | None = None) -> str:
    """``::error file=<path>,line=<n>,title=...::<message>`` for one finding.

    GitHub pins an annotation on ``file`` only when it is relative to the checkout
    (``$GITHUB_WORKSPACE``, the default for ``workspace``), not to the folder the
    command ran in (a research repo in a subfolder, the action's ``working-directory``).
    """
    properties: list[str] = []
    if finding.location is not None:
        path = _from_workspace(finding.location.path, os.environ.get("GITHUB_WORKSPACE") if workspace is None else workspace)
        properties.append(f"file={escape_property(path)}")
        if finding.location.line is not None:
            properties.append(f"line={finding.location.line}")
    properties.append(f"title={escape_property(f'kgsync lint {finding.code}')}")
    message = f"{show(finding.entity)}: {finding.message} (fix: {finding.hint})"
    return f"::{finding.severity} {','.join(properties)}::{escape_data(message)}"
