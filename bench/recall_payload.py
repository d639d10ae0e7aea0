"""Where the recall payload goes: the economics of a graph under ../shared/bench/recall.py.

    .venv/bin/python bench/recall_payload.py [--rev REV] [--set section.key:value,...] [--shared ../shared] [--no-themes]

For every pooled question of ``bench/bench_recall.py`` (the same sets, graphs and cache) and every
phrase it asks, each matched node is charged what the server returns for it alone (the node and
every relation touching it, as ``JSON.stringify(.., null, 2)`` text), by *path*: its type and what
the phrase matched (an item's or claim's slug words in the name, a title, a summary, a tag, an
alias, the entity type itself, ...).  Printed per path: matches, characters, items reached and
cited items reached per question, and cited items reached per 10,000 characters (what a path
buys).  Then the returned relations by type, split into those that take the ruler one hop to an
item and those that reach none (an agent may still want them; recall.py does not count them).
Charges are per node, so a relation between two matched nodes counts twice: shares, not a
reconstruction of the payload.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_recall import DEFAULT_CUTS, build_graphs, parse_changes, question_sets, side_of  # noqa: E402


def path_of(entity: dict, phrase: str) -> str:
    """What a phrase matched in a node: the first of title/summary/alias/tag/source text, else the
    slug words of its name, else the rest of its name, else its entity type."""
    kind = entity["entityType"]
    keys = sorted({o.split(":", 1)[0] for o in entity["observations"] if phrase in o.lower()} - {"provenance"})
    for key in ("title", "summary", "alias", "tag", "source"):
        if key in keys:
            return f"{kind}: {key}" + (" (+ other fields)" if len(keys) > 1 else "")
    parts = entity["name"].lower().split(":", 2)
    if kind in ("research_item", "claim") and len(parts) > 1 and phrase in parts[1]:
        return f"{kind}: slug words in the name"
    if phrase in ":".join(parts[1:]):
        return f"{kind}: {'key words in the name' if kind == 'claim' else 'name'}"
    if keys:
        return f"{kind}: {'/'.join(keys)}"
    return f"{kind}: the entity type"


def account(recall, qsets, graphs: dict[str, Path]) -> tuple[int, dict, Counter, Counter]:  # noqa: ANN001
    paths: dict[str, Counter] = {}
    reaching, reachless = Counter(), Counter()
    questions = 0
    for qset in qsets:
        if not qset.truth:
            continue
        graph = recall.Graph(qset.name, graphs[qset.name].read_text(encoding="utf-8").split("\n"))
        index = {e["name"]: i for i, e in enumerate(graph.entities)}
        train = {it.slug for it in qset.train}
        for slug in sorted(qset.truth):
            questions += 1
            cited = set(qset.truth[slug])
            for query in qset.queries[slug]:
                phrase = query["phrase"]
                result = graph.search_nodes(phrase)
                matched = {e["name"] for e in result["entities"]}
                for entity in result["entities"]:
                    alone = graph._with_relations([index[entity["name"]]])
                    reached = recall.items_reached(alone) & train
                    tally = paths.setdefault(path_of(entity, phrase), Counter())
                    tally.update(matches=1, chars=len(recall.payload_text(alone)), reached=len(reached),
                                 cited=len(reached & cited))
                for rel in result["relations"]:
                    size = len(json.dumps(rel, indent=2, ensure_ascii=False)) + 8  # indented in the list
                    other = [b for a, b in ((rel["from"], rel["to"]), (rel["to"], rel["from"])) if a in matched]
                    hop = any(recall.item_slug(b) and b not in matched for b in other)
                    (reaching if hop else reachless)[rel["relationType"]] += size
    return questions, paths, reaching, reachless


def recall_options(description: str) -> argparse.ArgumentParser:
    """The options every recall diagnostic takes: ``--shared``, ``--rev``, ``--set``, ``--work``."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--rev", help="a git revision's kgsync instead of the checkout")
    parser.add_argument("--set", default="", metavar="SPEC", help="option changes section.key:value,...")
    parser.add_argument("--work", type=Path, default=ROOT / ".kgsync-cache" / "bench-recall")
    parser.add_argument("--no-themes", action="store_true",
                        help="build without the corpus's theme vocabulary, as bench_recall.py --no-themes")
    return parser


def graphs_of(args: argparse.Namespace):  # noqa: ANN201  (recall module, sets, side, graphs)
    """The ruler imported from ``--shared`` and the pooled sets' graphs built (or read from the cache)."""
    sys.path.insert(0, str(args.shared / "bench"))
    import recall  # the ruler: search, reach, ranking and payload exactly as it counts them

    corpus = args.shared / "corpus"
    qsets = question_sets(recall, corpus, list(DEFAULT_CUTS))
    args.work.mkdir(parents=True, exist_ok=True)
    side = side_of("kgsync", args.rev, parse_changes(args.set), args.work)
    themes = None if getattr(args, "no_themes", False) else corpus / "themes-vocabulary.md"
    return recall, qsets, side, build_graphs(side, qsets, themes, args.work, fresh=False)


def graphs_of_command_line(description: str):  # noqa: ANN201  (recall module, sets, side, graphs)
    """``graphs_of`` the command line's ``recall_options``."""
    return graphs_of(recall_options(description).parse_args())


def main() -> int:
    recall, qsets, side, graphs = graphs_of_command_line(__doc__)
    n, paths, reaching, reachless = account(recall, qsets, graphs)
    print(f"## {side.label} {' '.join(f'{k}:{v}' for k, v in side.changes.items())}: {n} questions\n")
    print("| path (node: what the phrase matched) | matches / q | chars / q | chars / match "
          "| items reached / q | cited reached / q | cited per 10k chars |")
    print("|---|---|---|---|---|---|---|")
    for name, t in sorted(paths.items(), key=lambda kv: -kv[1]["chars"]):
        print(f"| {name} | {t['matches'] / n:.2f} | {t['chars'] / n:,.0f} | {t['chars'] / t['matches']:,.0f} "
              f"| {t['reached'] / n:.2f} | {t['cited'] / n:.3f} | {1e4 * t['cited'] / max(1, t['chars']):.2f} |")
    total = sum(reaching.values()) + sum(reachless.values())
    print(f"\nrelations returned: {total / n:,.0f} chars / q\n")
    print("| relation | takes the ruler to an item: chars / q | reaches no item: chars / q |")
    print("|---|---|---|")
    for rel in sorted(set(reaching) | set(reachless), key=lambda r: -(reaching[r] + reachless[r])):
        print(f"| {rel} | {reaching[rel] / n:,.0f} | {reachless[rel] / n:,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
