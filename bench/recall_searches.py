"""Which searches and which fields carry the reference server's payload.

    .venv/bin/python bench/recall_searches.py [--rev REV] [--set section.key:value,...] [--shared ../shared]
        [--top 20] [--no-themes]

For every pooled question of ``bench/bench_recall.py`` (the same sets, graphs and cache) and every
phrase recall.py asks, the whole ``search_nodes`` answer as the ruler counts it (``payload_text``).
Printed:

- the mean payload a question, and for the research questions (the windows) and the ``later``
  questions (held out) apart;
- the ``--top`` single searches by characters, each with its share of all the payload and what it
  matched (nodes by type, relations): a few short phrases can set the mean, which a median hides;
- the payload split by what the text is: per entity type its skeleton and name, each observation
  kind, and each relation type (the server's two-space JSON, so a field's quotes and indentation
  count with it).  Shares of the answers as sent, summed over the searches.

``bench/recall_payload.py`` charges each matched node alone (a path's price); this reads the
answers whole (what the payload is made of); ``bench/recall_levers.py`` measures a rewrite.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_recall import LATER  # noqa: E402
from recall_payload import graphs_of, recall_options  # noqa: E402

INDENT = 2  # the server's JSON.stringify(graph, null, 2)


@dataclass(frozen=True)
class Search:
    """One phrase of one question and what its answer cost."""

    chars: int
    qset: str
    question: str
    phrase: str
    kind: str
    nodes: tuple[tuple[str, int], ...]  # (entity type, matched nodes), most first
    relations: int


def field_chars(result: dict) -> Counter:
    """Characters of an answer by field, in the server's indented JSON: an entity's skeleton with
    its name and type (``<type>: name``), each observation by its kind (``<type>: <kind>``), each
    relation by its type (``relation: <type>``).  The parts sum to the answer's length, within a
    few characters of the enclosing object."""
    out: Counter = Counter()
    pad = " " * (INDENT * 4)
    for entity in result["entities"]:
        kind = entity["entityType"]
        observed = 0
        for obs in entity["observations"]:
            key, sep, _rest = obs.partition(":")
            size = len(pad) + len(json.dumps(obs, ensure_ascii=False)) + 2  # indentation, ",\n"
            out[f"{kind}: {key if sep and key.isidentifier() else 'text'}"] += size
            observed += size
        whole = len(json.dumps(entity, indent=INDENT, ensure_ascii=False).replace("\n", "\n" + " " * INDENT * 2))
        out[f"{kind}: name and skeleton"] += whole + INDENT * 2 + 2 - observed
    for rel in result["relations"]:
        text = json.dumps(rel, indent=INDENT, ensure_ascii=False).replace("\n", "\n" + " " * INDENT * 2)
        out[f"relation: {rel['relationType']}"] += len(text) + INDENT * 2 + 2
    return out


def searches(recall, qsets, graphs: dict[str, Path]) -> tuple[list[Search], Counter]:  # noqa: ANN001
    found: list[Search] = []
    fields: Counter = Counter()
    for qset in qsets:
        if not qset.truth:
            continue
        graph = recall.Graph(qset.name, graphs[qset.name].read_text(encoding="utf-8").split("\n"))
        for slug in sorted(qset.truth):
            for query in qset.queries[slug]:
                result = graph.search_nodes(query["phrase"])
                nodes = Counter(e["entityType"] for e in result["entities"]).most_common()
                found.append(Search(len(recall.payload_text(result)), qset.name, slug, query["phrase"],
                                    query["kind"], tuple(nodes), len(result["relations"])))
                fields.update(field_chars(result))
    return found, fields


def main() -> int:
    parser = recall_options(__doc__)
    parser.add_argument("--top", type=int, default=20, help="how many of the costliest searches to print")
    args = parser.parse_args()
    recall, qsets, side, graphs = graphs_of(args)
    found, fields = searches(recall, qsets, graphs)
    questions = {(s.qset, s.question) for s in found}
    total = sum(s.chars for s in found)
    print(f"## {side.label} {' '.join(f'{k}:{v}' for k, v in side.changes.items())}: {len(questions)} questions, "
          f"{len(found)} searches\n")
    for label, keep in (("all", lambda s: True), ("research (the windows)", lambda s: s.qset != LATER),
                        (f"{LATER} (held out)", lambda s: s.qset == LATER)):
        part = [s for s in found if keep(s)]
        asked = {(s.qset, s.question) for s in part}
        print(f"- {label}: {len(asked)} questions, {sum(s.chars for s in part) / max(1, len(asked)):,.0f} characters a question")
    print("\n| search (set, question, phrase, kind) | characters | share of all | nodes matched | relations |")
    print("|---|---|---|---|---|")
    for s in sorted(found, key=lambda s: (-s.chars, s.qset, s.question, s.phrase))[:args.top]:
        nodes = ", ".join(f"{n} {kind}" for kind, n in s.nodes)
        print(f"| {s.qset} {s.question} \"{s.phrase}\" ({s.kind}) | {s.chars:,} | {s.chars / total:.1%} "
              f"| {nodes} | {s.relations:,} |")
    counted = sum(fields.values())
    print("\n| field | characters a question | share |\n|---|---|---|")
    for field, chars in fields.most_common():
        print(f"| {field} | {chars / len(questions):,.0f} | {chars / counted:.1%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
