"""``kgsync duplicates [GRAPH]``: candidate near-duplicate concept and method names.

The build already merges the near-duplicates that are one idea (spelling
variants, reordered words, a narrower term into its head); what remains is
for a maintainer to decide: merge in kgsync-vocab.yml, or leave apart.
Exit codes: 0 listed (even when some are found), 1 some found with ``--fail``,
2 the graph cannot be read or bad configuration.
"""

from __future__ import annotations

from pathlib import Path

import click

from kgsync.read import config as config_module
from kgsync.contract import jsonl
from kgsync.cli._errors import FAILED, OK, reported
from kgsync.cli._options import load_config, repo_options
from kgsync.contract.errors import ConfigError, Location, printable_message
from kgsync.contract.model import EntityType, Graph
from kgsync.vocabulary.kin import graph_forms, kin_pairs, reviewed
from kgsync.vocabulary.similarity import near_duplicate_pairs

_TERM_PREFIXES = {EntityType.CONCEPT.value: "concept:", EntityType.METHOD.value: "method:"}


@click.command("duplicates")
@click.argument("graph", required=False, type=click.Path(dir_okay=False, path_type=Path))
@repo_options
@click.option("--fail", is_flag=True, help="Exit 1 when any pair is found (for CI).")
def command(graph: Path | None, root: Path | None, config_path: Path | None, fail: bool) -> None:
    """List candidate duplicate pairs among the concept and method names of GRAPH
    (default: the graph of kgsync.yml): by the `merge:` rule of kgsync.yml, through
    an alias, a vague head or a head the same items write, less the pairs whose
    heads differ or one is a kind of the other; and a term that is both a concept
    and a method."""
    with reported():
        cfg = load_config(root, config_path)
        path = graph if graph is not None else cfg.graph_file("GRAPH")
        if not path.is_file():
            raise ConfigError("graph file not found", Location.of(path), "run `kgsync build` first, or pass GRAPH")
        loaded = jsonl.read(path)
    pairs = duplicate_pairs(loaded, cfg.merge)
    for first, second in pairs:
        click.echo(printable_message(f"{first}  ~  {second}"))  # an agent's names: no raw bidi or ESC
    click.echo(f"{len(pairs)} candidate duplicate pair(s)", err=True)
    raise SystemExit(FAILED if fail and pairs else OK)


def duplicate_pairs(graph: Graph, rule: config_module.Merge) -> list[tuple[str, str]]:
    """Sorted pairs of entity names (concept:/method:) whose terms are near-duplicates."""
    by_term: dict[str, list[str]] = {}
    for entity in graph.entities:
        prefix = _TERM_PREFIXES.get(entity.entity_type)
        if prefix and entity.name.startswith(prefix):
            by_term.setdefault(entity.name[len(prefix):], []).append(entity.name)
    pairs: set[tuple[str, str]] = set()
    for names in by_term.values():  # one term as a concept and as a method
        for i, a in enumerate(sorted(set(names))):
            for b in sorted(set(names))[i + 1:]:
                pairs.add((a, b))
    kin: set[tuple[str, str]] = set()
    items: dict[str, frozenset[str]] = {}
    for entity_type, prefix in _TERM_PREFIXES.items():
        forms, linked = graph_forms(graph, entity_type, prefix)
        kin |= kin_pairs(forms, linked, rule)
        for term, slugs in linked.items():
            items[term] = items.get(term, frozenset()) | slugs
    for a, b in sorted(reviewed(set(near_duplicate_pairs(by_term, rule)) | kin, by_term, items)):
        for x in by_term[a]:
            for y in by_term[b]:
                pairs.add(tuple(sorted((x, y))))  # type: ignore[arg-type]
    return sorted(pairs)
