"""Do an item's title and the items two nodes share say the two are one idea?  (issue 21, pairs188)

    PYTHONPATH=$PWD .venv/bin/python bench/title_pairs.py GRAPH.jsonl LABELS.tsv [LABELS.tsv ...] [--lift 10]

Candidate evidence, read from the graph alone (an item's ``title:`` observation, the items linking a node:
``kin.graph_forms``), over every pair of concept (or method) nodes:

* ``title``: an item's title in two parts (split at its first ": ", "? " or a spaced dash) names one node
  in each part (``pair_signals.names_in``: its name or an alias it alone owns), and the item links both:
  "Predictive processing and active inference: the brain as prediction machine", the second part
  restating the first.  Evidence: the item(s).
* ``title-2``: ``title`` written by two items or more.
* ``subsumed``: the smaller node's linking items (two or more) all link the other, at ``--lift`` times
  chance or more: the same items address both.
* ``title+subsumed``: both.
* ``title+same-items``: ``title``, and the items linking both are at least ``kin.SAME_ITEMS_SHARE`` of each
  node's (two items or more shared).  A variant chosen after ``title+subsumed``'s three pairs were seen.
* ``title-summary``: an item names one node in its title and not its summary, the other in its summary and
  not its title, and links both (a title and its key sentence naming one thing two ways), by two items or
  more (``title-summary-1``: by one).

Each signal's pairs with their labels (``bench/labels/pairs188_engineer_title_subsumed.tsv`` and
``pairs188_engineer_title_summary.tsv``: every pair these signals touch on four builds of the round's start,
written first), precision (merges of pairs
shown) and the pairs by where their evidence is: research items (completed before ``--before``), later
items, or both.  Nothing here is used by the build: it is the evidence for a proposal signal or against it.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from collections.abc import Mapping
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from kgsync.contract import jsonl  # noqa: E402
from kgsync.contract.model import EntityType, Graph  # noqa: E402
from kgsync.vocabulary.kin import SAME_ITEMS_SHARE, graph_forms, shared_items  # noqa: E402
from pair_signals import names_in  # noqa: E402

#: Where a title's second part starts: after a colon, a question mark or a spaced dash.
TITLE_SPLIT = re.compile(r":\s|\?\s|\s[—–-]\s")
#: ``subsumed``: shared items at least this many times chance.
LIFT = 10.0
#: The first date of the later items: evidence from an item before it is research evidence.
BEFORE = "2026-05-01"

Pair = tuple[str, str]


def titles(graph: Graph) -> dict[str, str]:
    """Item slug -> its title (the graph's ``title:`` observation)."""
    out = {}
    for entity in graph.of_type(EntityType.RESEARCH_ITEM.value):
        for observation in entity.observations:
            if observation.startswith("title: "):
                out[entity.name.split(":", 1)[1]] = observation[len("title: "):]
                break
    return out


def title_pairs(forms: Mapping[str, tuple[str, ...]], items: Mapping[str, frozenset[str]],
                titled: Mapping[str, str]) -> dict[Pair, set[str]]:
    """Pair -> the items whose title names one node in each part and that link both."""
    find = names_in(forms)
    out: dict[Pair, set[str]] = defaultdict(set)
    for slug, title in sorted(titled.items()):
        parts = TITLE_SPLIT.split(title, maxsplit=1)
        if len(parts) < 2:
            continue
        first, second = ({name for _, _, name in find(part)} for part in parts)
        for a in first:
            for b in second - {a}:
                if slug in items.get(a, ()) and slug in items.get(b, ()):
                    out[(min(a, b), max(a, b))].add(slug)
    return dict(out)


def title_summary_pairs(forms: Mapping[str, tuple[str, ...]], items: Mapping[str, frozenset[str]],
                        texts: Mapping[str, tuple[str, str]]) -> dict[Pair, set[str]]:
    """Pair -> the items naming one node in the title only and the other in the summary only, linking both."""
    find = names_in(forms)
    out: dict[Pair, set[str]] = defaultdict(set)
    for slug, (title, summary) in sorted(texts.items()):
        in_title, in_summary = ({name for _, _, name in find(text)} for text in (title, summary))
        for a in in_title - in_summary:
            for b in in_summary - in_title:
                if slug in items.get(a, ()) and slug in items.get(b, ()):
                    out[(min(a, b), max(a, b))].add(slug)
    return dict(out)


def summaries(graph: Graph) -> dict[str, tuple[str, str]]:
    """Item slug -> (title, summary), each "" when the item has none."""
    out = {}
    for entity in graph.of_type(EntityType.RESEARCH_ITEM.value):
        found = {key: observation[len(key) + 2:] for observation in entity.observations
                 for key in ("title", "summary") if observation.startswith(key + ": ")}
        out[entity.name.split(":", 1)[1]] = (found.get("title", ""), found.get("summary", ""))
    return out


def subsumed(items: Mapping[str, frozenset[str]], total: int, lift: float) -> dict[Pair, set[str]]:
    """Pair -> the shared items, when the smaller node's items (2+) all link the other, at ``lift`` x chance."""
    out = {}
    for a, b in combinations(sorted(items), 2):
        first, second = items[a], items[b]
        shared = first & second
        if len(shared) >= 2 and len(shared) == min(len(first), len(second)) \
                and len(shared) * total >= lift * len(first) * len(second):
            out[(a, b)] = set(shared)
    return out


def read_labels(paths: list[Path]) -> dict[Pair, str]:
    labels: dict[Pair, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                a, b, verdict = line.split("\t")[:3]
                labels[(min(a, b), max(a, b))] = verdict
    return labels


def where(slugs: set[str], before: str) -> str:
    early = {slug[:10] < before for slug in slugs}
    return "research" if early == {True} else "later" if early == {False} else "both"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("labels", type=Path, nargs="+")
    parser.add_argument("--lift", type=float, default=LIFT)
    parser.add_argument("--before", default=BEFORE)
    args = parser.parse_args(argv)
    graph = jsonl.read(args.graph)
    labels = read_labels(args.labels)
    titled = titles(graph)
    texts = summaries(graph)
    found: dict[str, dict[Pair, set[str]]] = defaultdict(dict)
    for entity_type, prefix in (("concept", "concept:"), ("method", "method:")):
        forms, items = graph_forms(graph, entity_type, prefix)
        for (a, b), slugs in title_pairs(forms, items, titled).items():
            found["title"][(prefix + a, prefix + b)] = slugs
        for (a, b), slugs in subsumed(items, len(titled), args.lift).items():
            found["subsumed"][(prefix + a, prefix + b)] = slugs
        for (a, b), slugs in title_pairs(forms, items, titled).items():
            shared, count_a, count_b = shared_items(items, a, b)
            if shared >= 2 and shared >= SAME_ITEMS_SHARE * max(count_a, count_b):
                found["title+same-items"][(prefix + a, prefix + b)] = slugs
        for (a, b), slugs in title_summary_pairs(forms, items, texts).items():
            found["title-summary-1"][(prefix + a, prefix + b)] = slugs
    found["title-2"] = {pair: slugs for pair, slugs in found["title"].items() if len(slugs) >= 2}
    found["title+subsumed"] = {pair: slugs for pair, slugs in found["title"].items() if pair in found["subsumed"]}
    found["title-summary"] = {pair: slugs for pair, slugs in found["title-summary-1"].items() if len(slugs) >= 2}
    print(f"{len(titled)} items; {sum(v == 'merge' for v in labels.values())} merges and "
          f"{sum(v == 'keep_apart' for v in labels.values())} keep-apart pairs labelled")
    for signal in ("title", "title-2", "subsumed", "title+subsumed", "title+same-items", "title-summary-1",
                   "title-summary"):
        pairs = found[signal]
        print(f"{signal}: {len(pairs)} pairs")
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        for pair in sorted(pairs):
            verdict = labels.get(pair, "unlabelled")
            place = where(pairs[pair], args.before)
            tally[place][0] += verdict == "merge"
            tally[place][1] += 1
            tally[place][2] += verdict == "unlabelled"
            print(f"  {verdict}\t{place}\t{pair[0]}\t{pair[1]}\t{', '.join(sorted(pairs[pair])[:2])}")
        for place in ("research", "later", "both"):
            right, shown, unlabelled = tally[place]
            if shown:
                print(f"  {place}: precision {right} of {shown} ({unlabelled} unlabelled)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
