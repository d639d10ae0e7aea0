"""``kgsync vocab``: print the mined vocabulary, or write it out for review.

Exit codes: 0 printed, 1 no item could be read, 2 bad configuration or
vocabulary file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import click

from kgsync.contract.errors import printable_message, printable_path
from kgsync.cli._errors import held_back_note, reported
from kgsync.cli._options import FilePath, load_config, refuse_an_input, repo_options, write_output
from kgsync.contract.errors import KgsyncError, Location
from kgsync.pipeline import stages
from kgsync.pipeline.reading import item_files
from kgsync.contract.model import EntityType, Graph
from kgsync.diff.item_attribution import attributions
from kgsync.graph.manifest import manifest_path
from kgsync.graph.terms import mined_names_of_themes
from kgsync.read.config import Config
from kgsync.read.item_model import of_touched_items
from kgsync.vocabulary.hubs import hub_addressers, hub_nodes
from kgsync.vocabulary.themes import load_theme_map
from kgsync.vocabulary.vocab import Vocabulary
from kgsync.vocabulary.vocab_file import dump_vocabulary, written_counted


@click.command("vocab")
@click.option("--items", "items_spec", help="Items folder or glob (default: `items` of kgsync.yml).")
@repo_options
@click.option("--format", "output_format", type=click.Choice(["text", "yaml"]), default="text", show_default=True,
              help="text: one term a line with its items; yaml: the vocabulary-file format.")
@click.option("--write", "write_path", type=FilePath(),
              help="Also write the vocabulary, in the vocabulary-file format, to this file for review "
                   "(never a file the build reads: kgsync.yml, the graph, the vocabulary file, an item): the terms "
                   "that are nodes of the graph the build makes are pinned, the others are comments to uncomment, "
                   "so the file committed as written keeps the graph's nodes.")
def command(items_spec: str | None, root: Path | None, config_path: Path | None, output_format: str,
            write_path: Path | None) -> None:
    """Print the mined concepts and methods: kind, item count, aliases and the items each came from.

    The pinned vocabulary file (`vocabulary` in kgsync.yml, default
    kgsync-vocab.yml) is applied, so this shows what `kgsync build` will use,
    and each term says whether it is a node of the graph that build makes (it runs
    the build without writing): a mined term needs `mining.min_links` items linking it
    within their caps, unless it is pinned or the last build wrote it (its manifest's terms:
    kept while one item links it), and a term that names a theme merges into the theme's
    node; themes and names findings open with also become nodes.
    """
    with reported():
        cfg = _config(items_spec, root, config_path)
        if write_path is not None:  # refused before the build and the listing, not after them
            refuse_an_input(write_path, inputs=cfg, option="--write")
        vocabulary, nodes, into_themes, written = build_vocabulary(cfg)
    # The text names nodes an agent may have added by hand: bidi and control characters as their escapes.
    text = dump_vocabulary(vocabulary, nodes=nodes) if output_format == "yaml" else printable_message(
        render_text(vocabulary, nodes, into_themes, Standing(written, cfg.mining.min_links, manifest_path(Path(cfg.graph)).name)))
    click.echo(text, nl=not text.endswith("\n"))
    if write_path is not None:
        with reported():
            write_output(write_path, dump_vocabulary(vocabulary, nodes=nodes), inputs=cfg, option="--write")
        click.echo(f"wrote {written_counted(vocabulary, nodes)}, to {printable_path(str(write_path))}", err=True)


def _config(items_spec: str | None, root: Path | None, config_path: Path | None) -> Config:
    """kgsync.yml with ``--items`` for its items: what the listing is mined from, and the inputs
    ``--write`` must never replace (an item of --items among them)."""
    cfg = load_config(root, config_path)
    if items_spec:  # relative to the working directory, like any other command-line path
        cfg = replace(cfg, items=os.path.abspath(items_spec))
    return cfg


def build_vocabulary(cfg: Config) -> tuple[Vocabulary, dict[str, int], dict[str, str], frozenset[str]]:
    """The vocabulary ``build`` uses, the concept and method nodes of the graph it makes
    (node name -> items linking it), the terms that merge into a theme's node (term -> theme), and
    the mined terms its manifest records as written (``Manifest.terms``).

    One source of truth: node-ness is read off the graph the real build assembles (run
    without writing), never decided again here, so this listing cannot disagree with it.
    """
    item_files(cfg.items, cfg.root, cfg.where("items"))  # none: the error build gives, at kgsync.yml's line
    result = stages.build(cfg, write=False)
    # Errors only (an item left out of the listing), and a count of the rest: warnings are the build's
    # and the PR's to show, where an author meets them; printed here on every run they hid the listing.
    shown, held = of_touched_items(result.issues, frozenset())
    for issue in shown:
        click.echo(issue.render(), err=True)
    if any(issue.severity == "warning" for issue in held):  # notices alone: nothing to say, as before
        click.echo(held_back_note(held, "(kgsync vocab shows errors only)", "build"), err=True)
    if not result.items:
        raise KgsyncError("no readable research items", Location.of(cfg.items))
    themes = load_theme_map(cfg.optional_path(cfg.themes_vocabulary))  # as the build merges them
    return (result.vocabulary, graph_nodes(result.graph), mined_names_of_themes(result.vocabulary, themes.nodes, themes),
            frozenset(result.manifest.terms))


def graph_nodes(graph: Graph) -> dict[str, int]:
    """Every concept and method node of ``graph`` -> how many items address or use it."""
    linked = attributions(graph)
    kinds = (EntityType.CONCEPT.value, EntityType.METHOD.value)
    return {e.name: len(linked.get(e.name, ())) for e in graph.entities if e.entity_type in kinds}


class Standing(NamedTuple):
    """What says why a mined node fewer than ``min_links`` items link is one: the terms the build's
    manifest (``manifest``, its file name) records as written, kept while one item links them."""

    written: frozenset[str]
    min_links: int
    manifest: str


def render_text(vocabulary: Vocabulary, nodes: dict[str, int], into_themes: Mapping[str, str] | None = None,
                standing: Standing | None = None) -> str:
    """``into_themes``: term -> the theme whose node it merges into (``build_vocabulary``)."""
    merged = into_themes or {}
    kept = standing or Standing(frozenset(), 0, "")
    terms = sorted(vocabulary.terms.values(), key=lambda t: (-len(t.items), t.name))
    kinds = sum(1 for t in terms if t.kind == "method")
    node_of = {term.name: f"{term.kind.value}:{term.name}" for term in terms}
    hub_linkers = hub_nodes(vocabulary)
    lines = [f"{len(terms)} terms ({len(terms) - kinds} concepts, {kinds} methods) from {vocabulary.item_count} items;"
             f" {sum(1 for t in terms if node_of[t.name] in nodes)} become nodes"]
    for term in terms:
        pin = " pinned" if term.pinned else ""
        name = node_of[term.name]
        if name not in nodes and term.name in merged:
            node = f"not a node: merged into the node of the theme {merged[term.name]}"
        elif term.name in merged:  # the theme's node bears the term's own name: the term is that node
            node = f"node, linked by {nodes[name]}: the node of the theme {merged[term.name]}, which it merges into"
        elif name not in nodes and term.name in hub_linkers:  # a stopword: no item's own term, caps or not
            node = (f"not a node: a hub (on more than mining.max_item_share of the items, so no item's own term) "
                    f"that {_addressers(len(hub_linkers[term.name]), kept.min_links)}")
        elif name not in nodes:
            node = "not a node: too few items link it within their caps"
        elif nodes[name] < kept.min_links and term.name in kept.written and not term.pinned:
            node = (f"node, linked by {nodes[name]}: below mining.min_links ({kept.min_links}), kept because the last "
                    f"build wrote it ({kept.manifest}'s terms) and an item links it")
        else:
            node = f"node, linked by {nodes[name]}" if nodes[name] else "node"
        lines.append(f"{term.kind.value:<7} {term.name}  ({len(term.items)} items{pin}; {node})")
        if term.aliases:
            lines.append(f"    aliases: {', '.join(term.aliases)}")
        lines.append(f"    items: {', '.join(term.items)}")
    # Nodes no mined term names (themes, hand-added or kept nodes): listed, so every node is accounted for.
    others = sorted(set(nodes) - set(node_of.values()))
    if others:
        lines.append("")
        lines.append(f"other concept and method nodes of the graph (themes, hand-added or kept): {len(others)}")
        lines.extend(f"  {name}  (linked by {nodes[name]})" for name in others)
    if vocabulary.hubs:
        lines.append("")
        lines.append(f"corpus stopwords (on more than the hub share of items; no item's own term, a node the items "
                     f"addressing it link once mining.min_links of them do): {len(vocabulary.hubs)}")
        addressed = hub_addressers(vocabulary, hub_linkers)
        for label, count in vocabulary.hubs:
            hub, slugs = addressed[label]
            node = node_of.get(hub or "", "")
            if node in nodes:
                status = f"node {node}, linked by {nodes[node]}"
            elif slugs:
                status = "no node: " + _addressers(len(slugs), kept.min_links, " it")
            else:
                status = "no node: no item addresses it"
            lines.append(f"  {label}  ({count} items; {status})")
    return "\n".join(lines)


def _addressers(count: int, min_links: int, obj: str = "") -> str:
    """How many items address a hub that is no node ("1 item addresses it"), and, where it is so,
    that they are fewer than ``mining.min_links``: why the hub is no node."""
    said = f"1 item addresses{obj}" if count == 1 else f"{count} items address{obj}"
    return f"{said}, fewer than mining.min_links ({min_links})" if count < min_links else said


if __name__ == "__main__":  # pragma: no cover
    sys.exit(command())
