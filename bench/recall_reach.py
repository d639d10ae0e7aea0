"""Which reaches rank the wrong items: recall.py's score of every item, split by the path that reached it.

    .venv/bin/python bench/recall_reach.py [--rev REV] [--set section.key:value,...] [--shared ../shared]

recall.py scores an item by the summed idf of the question's phrases that reach it, and breaks
ties by slug.  For every pooled question of ``bench/bench_recall.py`` (same sets, graphs, cache)
this splits each reach (phrase -> item) by the *path* the server took: the node that matched
(the item itself, one of its claims, a concept or method through a relation, another item
through ``extends``) and the field the phrase matched in it (a title, a summary, an alias, the
slug words of a name, the entity type, a structural observation such as ``confidence:`` or
``section:``).  Printed:

- per path: reaches per question, the share that land on cited items, and the share of the
  score of the non-cited items that outrank a cited one (the intruders);
- the counterfactual R@10 with one path class ignored (its reaches not counted, everything else
  as the ruler does): a path whose removal raises R@10 ranks the wrong items.  This is an upper
  bound on what removing the path from the graph can buy: the graph change may also remove
  payload, and nothing else.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from recall_payload import graphs_of_command_line  # noqa: E402

CONTENT_KEYS = ("title", "summary", "alias")  # fields that carry the item's own words


def fields_matched(entity: dict, phrase: str) -> set[str]:
    """Every field of a node the phrase lies in: name parts, the entity type, observation keys."""
    kind, out = entity["entityType"], set()
    parts = entity["name"].lower().split(":", 2)
    if kind in ("research_item", "claim") and len(parts) > 1 and phrase in parts[1]:
        out.add("slug")
    if kind == "claim" and len(parts) > 2 and phrase in parts[2]:
        out.add("key")
    if kind in ("concept", "method") and phrase in ":".join(parts[1:]):
        out.add("name")
    if phrase in parts[0] + ":" and not out:
        out.add("name prefix")
    if phrase in kind.lower():
        out.add("type")
    for obs in entity["observations"]:
        if phrase in obs.lower():
            key, sep, _rest = obs.partition(":")
            out.add(key if sep and key.isidentifier() else "text")
    return out


def path_class(kind: str, hop: str, fields: set[str]) -> str:
    """One label per reach: where the ruler went and the most contentful field that took it there."""
    for key in CONTENT_KEYS + ("name", "tag", "slug", "key", "source"):
        if key in fields:
            return f"{kind}{hop}: {key}"
    return f"{kind}{hop}: structure ({'/'.join(sorted(fields))})"


def reaches(recall, graph, phrase: str, train: set[str]) -> dict[str, set[str]]:  # noqa: ANN001
    """item slug -> the path classes through which ``phrase`` reaches it (recall.items_reached, split)."""
    result = graph.search_nodes(phrase)
    matched = {e["name"]: e for e in result["entities"]}
    out: dict[str, set[str]] = defaultdict(set)
    for entity in result["entities"]:
        fields = fields_matched(entity, phrase)
        kind = entity["entityType"]
        slug = recall.item_slug(entity["name"])
        if slug:
            out[slug].add(path_class(kind, "", fields))
        for obs in entity["observations"]:
            m = recall.PROVENANCE_RE.match(obs)
            if m and recall.norm_slug(m.group(1)) != slug:
                out[recall.norm_slug(m.group(1))].add(path_class(kind, "", fields))
    for rel in result["relations"]:
        for a, b in ((rel["from"], rel["to"]), (rel["to"], rel["from"])):
            target = recall.item_slug(b)
            if a in matched and target and target != recall.item_slug(a):
                entity = matched[a]
                label = path_class(entity["entityType"], f" -{rel['relationType']}->",
                                   fields_matched(entity, phrase))
                if not (entity["entityType"] == "claim" and rel["relationType"] == "states"):
                    out[target].add(label)
    return {s: p for s, p in out.items() if s in train}


def ranking(scores: dict[str, float]) -> list[str]:
    return sorted(scores, key=lambda s: (-scores[s], s))


def r10(rank: list[str], cited: set[str]) -> float:
    return len(set(rank[:10]) & cited) / len(cited)


def analyse(recall, qsets, graphs: dict[str, Path]) -> None:  # noqa: ANN001
    n = 0
    per_path: dict[str, Counter] = defaultdict(Counter)
    base_r10 = 0.0
    without: Counter = Counter()
    question_reaches = []
    for qset in qsets:
        if not qset.truth:
            continue
        graph = recall.Graph(qset.name, graphs[qset.name].read_text(encoding="utf-8").split("\n"))
        train = {it.slug for it in qset.train}
        for slug in sorted(qset.truth):
            n += 1
            cited = set(qset.truth[slug])
            hits = []  # (idf, item, paths)
            for query in qset.queries[slug]:
                for item, paths in reaches(recall, graph, query["phrase"], train).items():
                    hits.append((query["idf"], item, frozenset(paths)))
            question_reaches.append((cited, hits))
            scores: dict[str, float] = defaultdict(float)
            for idf, item, _paths in hits:
                scores[item] += idf
            rank = ranking(scores)
            base_r10 += r10(rank, cited)
            cutoff = max((rank.index(c) for c in cited if c in scores), default=-1)
            intruders = {s for s in rank[:cutoff] if s not in cited} if cutoff >= 0 else set()
            for idf, item, paths in hits:
                for p in paths:
                    per_path[p].update(reaches=1, cited=item in cited,
                                       intruder_score=idf * (item in intruders) / len(paths))
    total_intruder = sum(c["intruder_score"] for c in per_path.values())
    labels = sorted(per_path, key=lambda p: -per_path[p]["reaches"])
    for label in labels:  # counterfactual: this path class not counted
        total = 0.0
        for cited, hits in question_reaches:
            scores: dict[str, float] = defaultdict(float)
            for idf, item, paths in hits:
                if paths - {label}:
                    scores[item] += idf
            total += r10(ranking(scores), cited)
        without[label] = total / n
    print(f"{n} questions; R@10 as the ruler counts it: {base_r10 / n:.3f}\n")
    print("| path (node -relation->: field) | reaches / q | cited share | share of intruders' score "
          "| R@10 without it | ΔR@10 |")
    print("|---|---|---|---|---|---|")
    for label in labels:
        c = per_path[label]
        print(f"| {label} | {c['reaches'] / n:.1f} | {c['cited'] / c['reaches']:.3f} "
              f"| {c['intruder_score'] / max(total_intruder, 1e-9):.3f} | {without[label]:.3f} "
              f"| {without[label] - base_r10 / n:+.3f} |")


def main() -> int:
    recall, qsets, _side, graphs = graphs_of_command_line(__doc__)
    analyse(recall, qsets, graphs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
