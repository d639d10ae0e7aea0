"""Does each labelled item link the node of the sense it means?  (aside17, issue 21)

    .venv/bin/python bench/bench_senses.py LABELS.tsv GRAPH.jsonl [GRAPH2.jsonl ...]

``LABELS.tsv``: ``bench/labels/aside17_engineer_*.tsv`` (item, phrase, sense, should, why).  For each
row, the node the phrase's sense takes in the graph is looked up by the phrase (the concept or
method whose name or an alias keys to it, else to the phrase's initials); the row agrees when the item links that node (``addresses`` or
``uses_method``) exactly when ``should`` is not ``-``.  Also printed: whether the node's name is the
one ``should`` names (``name ok``), for the rows that should link.  Prints one line per graph.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.contract.jsonl import read  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402


def rows(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def score(labels: list[list[str]], graph_path: Path) -> str:
    graph = read(graph_path)
    node_of: dict[str, str] = {}
    for entity in graph.entities:
        if str(entity.entity_type) in ("concept", "method"):
            node_of.setdefault(term_key(entity.name.split(":", 1)[1].replace("-", " ")), entity.name)
            for observation in entity.observations:
                if observation.startswith("alias:"):
                    node_of.setdefault(term_key(observation[6:]), entity.name)
    links = {(r.source, r.target) for r in graph.relations if str(r.relation_type) in ("addresses", "uses_method")}
    agree = named = should_link = 0
    wrong: list[str] = []
    for item, phrase, _sense, should, *_why in labels:
        key = term_key(phrase)
        # by the phrase, else by its initials (a node named or aliased by the acronym: "RMF")
        node = node_of.get(key) or node_of.get("".join(word[0] for word in key.split()))
        linked = node is not None and (f"item:{item}", node) in links
        if linked == (should != "-"):
            agree += 1
        else:
            wrong.append(f"{item} {phrase} ({'linked' if linked else 'not linked'}, should {should})")
        if should != "-":
            should_link += 1
            named += node is not None and node.split(":", 1)[1] == should
    out = f"{graph_path}: {agree}/{len(labels)} rows agree; node named as labelled {named}/{should_link}"
    return "\n".join([out, *("  disagrees: " + w for w in wrong)])


def main() -> int:
    labels = rows(Path(sys.argv[1]))
    for graph in sys.argv[2:]:
        print(score(labels, Path(graph)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
