"""``kgsync vocab``: print the mined vocabulary, or write it out for review.

Exit codes: 0 printed, 1 no item could be read, 2 bad configuration or
vocabulary file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kgsync.contract.errors import printable_path
from kgsync.cli._errors import reported
from kgsync.cli._options import load_config, repo_options
from kgsync.contract.errors import ConfigError, KgsyncError, Location
from kgsync.read.items import find_item_files, read_items
from kgsync.build.pipeline import mined_vocabulary
from kgsync.vocabulary.vocab import Vocabulary
from kgsync.vocabulary.vocab_file import dump_vocabulary


@click.command("vocab")
@click.option("--items", "items_spec", help="Items folder or glob (default: `items` of kgsync.yml).")
@repo_options
@click.option("--format", "output_format", type=click.Choice(["text", "yaml"]), default="text", show_default=True,
              help="text: one term a line with its items; yaml: the vocabulary-file format.")
@click.option("--write", "write_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the vocabulary, in the vocabulary-file format, to this file for review.")
def command(items_spec: str | None, root: Path | None, config_path: Path | None, output_format: str,
            write_path: Path | None) -> None:
    """Print the mined concepts and methods: kind, item count, aliases and the items each came from.

    The pinned vocabulary file (`vocabulary` in kgsync.yml, default
    kgsync-vocab.yml) is applied, so this shows what `kgsync build` will use,
    and each term says whether it becomes a node: only when at least
    `mining.min_links` items link it within their caps (pinned terms always).
    """
    with reported():
        vocabulary, nodes = build_vocabulary(items_spec, root, config_path)
    text = dump_vocabulary(vocabulary) if output_format == "yaml" else render_text(vocabulary, nodes)
    click.echo(text, nl=not text.endswith("\n"))
    if write_path is not None:
        write_path.write_text(dump_vocabulary(vocabulary), encoding="utf-8")
        click.echo(f"wrote {len(vocabulary.terms)} terms to {printable_path(str(write_path))}", err=True)


def build_vocabulary(items_spec: str | None, root: Path | None,
                     config_path: Path | None) -> tuple[Vocabulary, dict[str, int]]:
    """The vocabulary ``build`` would use, and its terms that become nodes (name -> items linking it)."""
    cfg = load_config(root, config_path)
    root = cfg.root
    spec = items_spec or cfg.items
    files = find_item_files(spec, root if not items_spec else Path("."))
    if not files:
        raise ConfigError(f"no item files match {spec!r}", Location.of(spec),
                          "pass --items FOLDER or set `items:` in kgsync.yml")
    read = read_items(files, root)
    for issue in read.issues:
        if issue.severity != "notice":
            click.echo(issue.render(), err=True)
    if not read.items:
        raise KgsyncError("no readable research items", Location.of(spec))
    return mined_vocabulary(read.items, cfg)


def render_text(vocabulary: Vocabulary, nodes: dict[str, int]) -> str:
    terms = sorted(vocabulary.terms.values(), key=lambda t: (-len(t.items), t.name))
    kinds = sum(1 for t in terms if t.kind == "method")
    lines = [f"{len(terms)} terms ({len(terms) - kinds} concepts, {kinds} methods) from {vocabulary.item_count} items;"
             f" {sum(1 for t in terms if t.name in nodes)} become nodes"]
    for term in terms:
        pin = " pinned" if term.pinned else ""
        linked = nodes.get(term.name)
        node = f"node, linked by {linked}" if linked else "not a node: too few items link it within their caps"
        lines.append(f"{term.kind.value:<7} {term.name}  ({len(term.items)} items{pin}; {node})")
        if term.aliases:
            lines.append(f"    aliases: {', '.join(term.aliases)}")
        lines.append(f"    items: {', '.join(term.items)}")
    if vocabulary.hubs:
        lines.append("")
        lines.append(f"corpus stopwords (on more than the hub share of items; never nodes): {len(vocabulary.hubs)}")
        lines.extend(f"  {label}  ({count} items)" for label, count in vocabulary.hubs)
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(command())
