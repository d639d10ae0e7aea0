"""The checks over the nodes' names, run by ``kgsync.lint.rules.lint`` after ``kgsync.lint.checks``':
near-duplicate names of one type (``near-duplicate-name``, with the ``merges:`` line that would join
them) and names that read the same (``confusable-names``)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Container

from kgsync.contract.model import PREFIX, Graph
from kgsync.extract.canonical import skeleton, term_key
from kgsync.lint.checks import TERM_TYPES, Columns, Collector
from kgsync.lint.table import show
from kgsync.read.config import Merge
from kgsync.vocabulary.kin import graph_forms, proposed_pairs, theme_nodes
from kgsync.vocabulary.similarity import merge_line


def check_near_duplicates(graph: Graph, out: Collector, rule: Merge, columns: Columns) -> None:
    for entity_type in TERM_TYPES:
        prefix = PREFIX[entity_type]
        terms = {e.name[len(prefix):] for e in graph.of_type(entity_type) if e.name.startswith(prefix)}
        terms.discard("")
        pairs = sorted(proposed_pairs(terms, *graph_forms(graph, entity_type, prefix, columns.targets), rule))
        themes = {name[len(prefix):] for name in theme_nodes(graph, (prefix + n for pair in pairs for n in pair))}
        for first, second in pairs:
            out.add("near-duplicate-name", prefix + first, f"near-duplicate of {prefix}{second}",
                    merge_hint(first, second, themes), other=prefix + second)


#: A name a ``merges:`` line can hold as it is (``kgsync-vocab.yml``): lower-case words joined by ``-`` or ``.``.
_VOCAB_NAME = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")


def merge_hint(a: str, b: str, themes: Container[str] = frozenset()) -> str | None:
    """The fix of a near-duplicate pair: the exact ``merges:`` line of kgsync-vocab.yml that merges it
    (``similarity.merge_line``: a theme's node of ``themes`` stands), or the rule's general hint
    (None) for a name no line can hold."""
    if a in themes and b in themes:  # a line joins mined terms: neither theme's node can be its variant
        return ("both are themes' nodes, and a line under `merges:` in kgsync-vocab.yml joins mined terms, "
                "not themes: if they are one idea, write one of the two themes in the items' `themes:`")
    variant, canonical = merge_line(a, b, themes)
    if not _VOCAB_NAME.fullmatch(canonical) or not variant:
        return None
    key = term_key(variant)
    if key == term_key(canonical):  # "knowledge graphs" / "knowledge-graph": the line would map the key to itself
        return (f"no line under `merges:` in kgsync-vocab.yml joins them: both are the term `{key}`; "
                "two nodes of one term are a kgsync defect, report it")
    return (f"if they are one idea, add `{variant}: {canonical}` under `merges:` in kgsync-vocab.yml; "
            "if two, rename one so the two are clearly distinct, or leave them")


def check_confusables(out: Collector, columns: Columns) -> None:
    """Names that read the same (one UTS #39 skeleton): the ASCII one (else the first) stands, each
    other is an error, so the item that wrote the look-alike is the one blamed."""
    by_skeleton: dict[str, set[str]] = defaultdict(set)
    for name in set(columns.names):
        by_skeleton[skeleton(name)].add(name)
    for names in by_skeleton.values():
        if len(names) > 1:
            standing, *others = sorted(names, key=lambda n: (not n.isascii(), n))
            for name in others:
                out.add("confusable-names", name, f"reads as {show(standing)} (the same confusable skeleton)")
