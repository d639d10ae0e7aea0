"""How the items WRITE a node's name, against readings: phrase position and burstiness (issue 21 part 2, names139).

    .venv/bin/python bench/bench_usage.py GRAPH --corpus DIR [DIR ...] --labels FILE [FILE ...] [--show FEATURE]

generic14/15/18 measured how often a node is written in defining places, in general English and in the
items' subject places; none told a generic phrase ("registry", "throughput", "failure mode") from an
idea.  This bench measures two properties of the mentions themselves, from the corpus's text alone,
each a classic of term recognition:

* **where in the noun phrase the name stands.**  A word of several senses takes its sense from the
  word before it ("document-family registry", "tool registry"); a fragment is written as another
  noun's modifier ("multi-hop reasoning", "at query time"); an idea is written as the phrase itself.
  ``head``: share of mentions right after a content word (the name is the head of a longer phrase);
  ``modifiers``: distinct words right before, per mention; ``attributive``: share of mentions right
  before a lower-case WordNet noun; ``never_bare``: share of the node's items that never write it
  bare (neither after a content word nor before a noun).
* **burstiness** (Church and Gale 1995): a topical term comes back within the items that use it, an
  everyday one is spread thin.  ``per_item``: mentions per item that writes it; ``repeat``: share of
  those items writing it at least twice; ``ridf``: residual IDF, the IDF observed minus the IDF a
  Poisson spread of the same count predicts.

* **topical spread** (names139's own): an idea's items are about related things, an everyday phrase is
  written by items about anything.  ``-coherence``: the mean pairwise cosine of the tf-idf vectors of the
  items that write it, the node's own words left out (at most 300 pairs, a seeded sample).

``combined``: the mean rank of head, never_bare, -per_item and -ridf.  Per feature: the AUC that a
generic node scores higher than an idea or named one (a feature where generic nodes score lower is
printed with its sign turned, ``-per_item``), and the threshold that removes the most generic nodes
per idea or named one with at least three generic removed.  The pass rule fixed before measuring
(names139's brief: rules that keep every idea): at least three generic nodes per idea or named one
removed, on the development readings and on the later items' labels alike.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.bench_names import read_verdicts  # noqa: E402
from bench.bench_termhood import Node, body, mention_pattern, read_graph  # noqa: E402

WORDNET_NOUNS = Path("/usr/share/wordnet/index.noun")
FUNCTION_WORDS = frozenset("""a an the this that these those its their our your his her my of in on at by for with from
 to into onto over under and or but nor as than is are was were be been being has have had do does did can could may might
 must shall should will would not no each every any all some which who whom whose what when where why how per via across
 between within without about after before during through it they we you he she them us also only more most less least
 such other another same both either neither""".split())
_WORD = re.compile(r"[A-Za-z][\w'-]*")
FEATURES = ("head", "modifiers", "attributive", "never_bare", "-per_item", "-repeat", "-ridf", "-coherence", "combined")
_TOKEN = re.compile(r"[a-z][a-z-]{2,}")
_PAIRS = 300


def wordnet_nouns(path: Path = WORDNET_NOUNS) -> frozenset[str]:
    """WordNet's noun lemmas (Debian wordnet-base); empty when it is not installed (every word then counts)."""
    if not path.exists():
        return frozenset()
    return frozenset(line.split(" ", 1)[0] for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith(" "))


@dataclass(frozen=True)
class Mention:
    item: str
    before: str  # the word right before, "" after punctuation or at the start
    after: str  # the word right after, "" before punctuation or at the end


def _content(word: str) -> bool:
    return bool(word) and word.lower() not in FUNCTION_WORDS


def mentions(node: Node, texts: dict[str, str]) -> list[Mention]:
    """Every mention of the node's name or aliases, with its neighbours when no punctuation stands between."""
    pattern = mention_pattern(node.forms | {form.replace(" ", "-") for form in node.forms})  # "fine tuning": "fine-tuning"
    out = []
    for item, text in texts.items():
        for match in pattern.finditer(text):
            left = re.search(r"([A-Za-z][\w'-]*)[ \t]+$", text[max(0, match.start() - 40):match.start()])
            right = re.match(r"[ \t]+([A-Za-z][\w'-]*)", text[match.end():match.end() + 40])
            out.append(Mention(item, left.group(1) if left else "", right.group(1) if right else ""))
    return out


def features(found: list[Mention], n_items: int, nouns: frozenset[str]) -> dict[str, float]:
    """The usage features of one node's mentions (docstring of the module); all 0 for a node never written."""
    if not found:
        return {name: 0.0 for name in FEATURES if name != "combined"}

    def modifies(m: Mention) -> bool:
        return _content(m.after) and m.after.islower() and (not nouns or m.after in nouns)

    heads = [m for m in found if _content(m.before)]
    per_item = Counter(m.item for m in found)
    bare = {m.item for m in found if not _content(m.before) and not modifies(m)}
    df, cf = len(per_item), len(found)
    ridf = -math.log2(df / n_items) + math.log2(1 - math.exp(-cf / n_items))
    return {"head": len(heads) / cf, "modifiers": len({m.before.lower() for m in heads}) / cf,
            "attributive": sum(map(modifies, found)) / cf, "never_bare": 1 - len(bare) / df,
            "-per_item": -cf / df, "-repeat": -sum(c >= 2 for c in per_item.values()) / df, "-ridf": -ridf}


def tfidf(texts: dict[str, str]) -> dict[str, dict[str, float]]:
    """item -> its L2-normalised tf-idf vector over lower-cased content words (web addresses cut)."""
    counts = {item: Counter(w for w in _TOKEN.findall(re.sub(r"https?://\S+", " ", text).lower()) if w not in FUNCTION_WORDS)
              for item, text in texts.items()}
    df = Counter(w for c in counts.values() for w in c)
    out = {}
    for item, c in counts.items():
        vector = {w: (1 + math.log(n)) * math.log(len(texts) / df[w]) for w, n in c.items() if df[w] < len(texts)}
        norm = math.sqrt(sum(x * x for x in vector.values())) or 1.0
        out[item] = {w: x / norm for w, x in vector.items()}
    return out


def coherence(node: Node, items: set[str], vectors: dict[str, dict[str, float]]) -> float:
    """Mean pairwise cosine of the items' vectors without the node's own words; 0 for fewer than two items."""
    own = {w for form in node.forms for w in _TOKEN.findall(form.lower())}
    pairs = list(combinations(sorted(items), 2))
    if len(pairs) > _PAIRS:
        pairs = random.Random(0).sample(pairs, _PAIRS)
    total = 0.0
    for a, b in pairs:
        small, large = sorted((vectors[a], vectors[b]), key=len)
        total += sum(x * large.get(w, 0.0) for w, x in small.items() if w not in own)
    return total / len(pairs) if pairs else 0.0


def combine(values: dict[str, dict[str, float]], parts: tuple[str, ...] = ("head", "never_bare", "-per_item", "-ridf")) -> None:
    """Adds ``combined``: each node's mean rank (0..1) over the parts, in place."""
    names = sorted(values)
    total: dict[str, float] = dict.fromkeys(names, 0.0)
    for part in parts:
        for rank, name in enumerate(sorted(names, key=lambda n: values[n][part])):
            total[name] += rank / max(1, len(names) - 1)
    for name in names:
        values[name]["combined"] = total[name] / len(parts)


def auc(values: dict[str, float], verdicts: dict[str, str]) -> float:
    """Mann-Whitney AUC that a generic node scores HIGHER than an idea or named one (ties half)."""
    generic = [v for n, v in values.items() if verdicts[n] == "generic"]
    other = [v for n, v in values.items() if verdicts[n] != "generic"]
    pairs = sum((g > o) + 0.5 * (g == o) for g in generic for o in other)
    return pairs / (len(generic) * len(other)) if generic and other else 0.5


def best_cut(values: dict[str, float], verdicts: dict[str, str]) -> tuple[float, int, int]:
    """The threshold (remove at >= it) with the most generic per other removed, at least three generic: (cut, generic, other)."""
    best: tuple[float, int, int] = (math.inf, 0, 0)
    for cut in sorted(set(values.values())):
        removed = [verdicts[n] for n, v in values.items() if v >= cut]
        generic = removed.count("generic")
        other = len(removed) - generic
        if generic >= 3 and (best[1] == 0 or generic * (best[2] + 1) > best[1] * (other + 1)):
            best = (cut, generic, other)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--corpus", type=Path, nargs="+", required=True)
    parser.add_argument("--labels", type=Path, nargs="+", required=True)
    parser.add_argument("--show", nargs="*", default=[], help="features whose values to list per node")
    args = parser.parse_args()
    nodes = read_graph(args.graph)
    verdicts: dict[str, str] = {}
    for path in args.labels:  # a later file's verdict on a node replaces an earlier one's
        verdicts.update({n: "generic" if v.kind in ("not", "wrong") else v.kind for n, v in read_verdicts(path).items()})
    texts = {p.stem: body(p) for folder in args.corpus for p in sorted(folder.glob("*.md")) if p.name != "README.md"}
    nouns = wordnet_nouns()
    judged = {n: verdicts[n] for n in nodes if n in verdicts}
    vectors = tfidf(texts)
    values = {}
    for name in judged:
        found = mentions(nodes[name], texts)
        values[name] = features(found, len(texts), nouns) | {"-coherence": -coherence(nodes[name], {m.item for m in found}, vectors)}
    combine(values)
    kinds = Counter(judged.values())
    print(f"{args.graph}: {len(judged)} of {len(nodes)} nodes judged ({dict(sorted(kinds.items()))}); {len(texts)} items")
    print("| feature | AUC (generic higher) | best cut: generic / idea + named removed |")
    print("|---|---|---|")
    for name in FEATURES:
        column = {n: v[name] for n, v in values.items()}
        cut, generic, other = best_cut(column, judged)
        print(f"| `{name}` | {auc(column, judged):.2f} | ≥ {cut:.2f}: {generic} / {other} |")
    for name in args.show:
        print(f"\n{name}:")
        for node in sorted(values, key=lambda n: -values[n][name]):
            print(f"  {values[node][name]:7.2f}  {judged[node]:8s} {node}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
