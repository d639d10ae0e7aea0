"""Do general criteria separate generic nodes from research ideas?  Counts per criterion, not a rule.

    .venv/bin/python bench/bench_termhood.py GRAPH --labels FILE ... [--corpus DIR] [--research DIR] [--show NAME ...]

Issue 21 asks for a general criterion, decided per item plus the shared vocabulary, that tells the
everyday IT and business words ("API", "pull request", "free tier", "evidence base") from research
ideas and named things.  This script measures candidate criteria on a graph's concept and method
nodes against engineer labels (``bench_names.read_verdicts``), and prints for each criterion and
threshold how many nodes it would remove by verdict (idea / named / not = generic / wrong / unread).
A criterion worth a rule removes clearly more ``not`` than ``idea`` + ``named``; the base rate is
the labels' own share of generic nodes.

Criteria (each from the item texts of ``--corpus``, the graph and fixed resources, none from a
corpus-wide count):

* ``zipf``: termhood against general English, ``wordfreq`` 3.1.1's Zipf frequency of the node's
  name (a multi-word phrase is estimated from its words: wordfreq has no phrase counts), and
  ``zipf_min``, the rarest word's; high = general vocabulary.  Needs ``pip install wordfreq``
  (skipped when absent).
* ``foldoc``: the name or an alias is a headword of FOLDOC (Free On-Line Dictionary of Computing,
  Debian ``dict-foldoc``, 2023-01-19): general computing vocabulary.  Skipped when absent.
* ``no_finding``: the term's role in its items: the share of its items (linking it) in which a
  finding is ``about`` it; low = a circumstance of the items, not what they find.
* ``nested``: C-value nesting, per item: in how many of its items the term is written mostly
  inside longer candidate terms of the same item (``mining.candidates``' counts); needs
  ``--research`` (the items whose candidates are read, the slow part: ~10 CPU s for 220 items).
* ``after_prep``: the term's mentions after a preposition (determiners skipped): a circumstance
  ("via the API", "in a pull request").
* ``low_rank``: the term's salience rank among the terms its item links, 0 = first, 1 = last,
  mean over its items (``mining.candidates``' scores; needs ``--research``).
* ``genre``: an acronym written after a name (a capitalised word, not at a sentence start) in
  most of its uses, in at least a quarter of its items ("the GitHub API").

Criteria of a second kind (``bench/termhood_context.py``): how an item writes the term (defined or
introduced where it is used: title, heading, emphasis, "X is a ...", "X (Y)", quotes, a table row's
first cell, a Sources line; mentions per item, sections, plural, beside a number) and WordNet's
classes of its words (an abstract head noun, ordinary modifiers, a lexicalised phrase, an artifact
head).  Each criterion also prints its AUC (Mann-Whitney, generic against idea + named, ties half):
0.5 is no separation; ``--show`` lists a criterion's value per node, by verdict.

Measured for issue 21 in the twelfth round (CHANGELOG ``### generic14``) and the thirteenth
(``### generic15``): none separates.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_names import read_verdicts  # noqa: E402
from bench.termhood_context import criteria as context_criteria  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402

FOLDOC = Path("/usr/share/dictd/foldoc.index")
PREPOSITIONS = frozenset("in on via through from to with into by for at of over under within across onto about using behind".split())
DETERMINERS = frozenset("the a an its their this that these those our your his her each every any some one".split())
_SENTENCE_END = frozenset(".!?:;\n")
_ACRONYM = re.compile(r"[A-Z][A-Za-z]{1,7}")


class Node:
    def __init__(self, name: str, aliases: list[str]) -> None:
        self.name = name
        self.forms = {name.split(":", 1)[1].replace("-", " "), *aliases}
        self.acronyms = [a for a in aliases if _ACRONYM.fullmatch(a) and sum(c.isupper() for c in a) >= 2]
        self.items: set[str] = set()
        self.about: set[str] = set()  # items with a claim about the node


def read_graph(graph: Path) -> dict[str, Node]:
    nodes: dict[str, Node] = {}
    relations = []
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["type"] == "entity" and record["entityType"] in ("concept", "method"):
            nodes[record["name"]] = Node(record["name"], [o[6:] for o in record["observations"] if o.startswith("alias:")])
        elif record["type"] == "relation":
            relations.append(record)
    for record in relations:
        node = nodes.get(record["to"])
        if node is None:
            continue
        source = record["from"]
        if source.startswith("item:"):
            node.items.add(source[5:])
        elif source.startswith("claim:"):
            node.about.add(source.split(":")[1])
            node.items.add(source.split(":")[1])
    return nodes


def body(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return text.split("---", 2)[2] if text.startswith("---") else text


def mention_pattern(forms: set[str] | list[str], case: int = re.I) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(" + alternatives + r")(?:s|es)?(?![\w-])", case)


def after_preposition(node: Node, texts: dict[str, str]) -> float:
    total = hits = 0
    pattern = mention_pattern(node.forms)
    for slug in node.items & texts.keys():
        text = texts[slug]
        for match in pattern.finditer(text):
            before = re.findall(r"[A-Za-z']+|[.!?:;\n]", text[max(0, match.start() - 80):match.start()])
            i = len(before) - 1
            while i >= 0 and before[i].lower() in DETERMINERS:
                i -= 1
            total += 1
            hits += i >= 0 and before[i].lower() in PREPOSITIONS
    return hits / total if total else 0.0


def genre_share(node: Node, texts: dict[str, str]) -> float:
    """The share of the node's items (writing its acronym 3+ times) that write it after a name in most uses."""
    if not node.acronyms:
        return 0.0
    pattern = mention_pattern(node.acronyms, 0)
    items = genre = 0
    for slug in node.items & texts.keys():
        text = texts[slug]
        uses = named = 0
        for match in pattern.finditer(text):
            uses += 1
            before = text[max(0, match.start() - 40):match.start()]
            word = re.search(r"([A-Za-z][\w.'\u2019-]*)[*_`\"]*\s$", before)
            if not word:
                continue
            rest = before[:word.start()].rstrip()
            opens = not rest or rest[-1] in ".!?:#-|"
            written = word.group(1)
            if any(c.islower() for c in written) and (written[0].isupper() and not opens or any(c.isupper() for c in written[1:])):
                named += 1
        if uses >= 3:
            items += 1
            genre += 2 * named > uses
    return genre / items if items else 0.0


def item_candidates(research: Path) -> dict[str, dict[str, tuple[int, float]]]:
    """slug -> candidate key -> (times written, salience score), read by the pipeline's own mining."""
    from kgsync.extract.record import parse_record
    out: dict[str, dict[str, tuple[int, float]]] = {}
    for path in sorted(research.glob("*.md")):
        record = parse_record(path.read_bytes(), str(path), path.stem)
        found = record.candidates
        out[path.stem] = {t.key: (sum(n for _s, n in t.surfaces), t.score) for t in found.terms} if found else {}
    return out


def nested_share(node: Node, candidates: dict[str, dict[str, tuple[int, float]]]) -> float:
    keys = {term_key(f) for f in node.forms}
    items = nested = 0
    for slug in node.items & candidates.keys():
        found = candidates[slug]
        mine = [k for k in keys if k in found]
        if not mine:
            continue
        key = max(mine, key=lambda k: found[k][0])
        inside = sum(n for other, (n, _score) in found.items() if other != key and f" {key} " in f" {other} ")
        items += 1
        nested += 2 * inside >= found[key][0]
    return nested / items if items else 0.0


def salience_ranks(nodes: dict[str, Node], candidates: dict[str, dict[str, tuple[int, float]]]) -> dict[str, float]:
    ranks: dict[str, list[float]] = defaultdict(list)
    by_item: dict[str, dict[str, float]] = defaultdict(dict)
    for node in nodes.values():
        keys = {term_key(f) for f in node.forms}
        for slug in node.items & candidates.keys():
            scores = [candidates[slug][k][1] for k in keys if k in candidates[slug]]
            if scores:
                by_item[slug][node.name] = max(scores)
    for scored in by_item.values():
        order = sorted(scored, key=lambda name: (-scored[name], name))
        for i, name in enumerate(order):
            ranks[name].append(i / max(1, len(order) - 1))
    return {name: sum(v) / len(v) for name, v in ranks.items()}


def auc(values: dict[str, float], verdicts: dict[str, str], removes: Callable[[float, float], bool]) -> float:
    """Mann-Whitney: the chance a generic node is ranked nearer removal than an idea or named one (ties
    half); 0.5 is no separation."""
    sign = 1.0 if removes(1.0, 0.0) else -1.0  # at_least removes high values, at_most low ones
    generic = [sign * v for n, v in values.items() if verdicts.get(n) == "not"]
    good = [sign * v for n, v in values.items() if verdicts.get(n) in ("idea", "named")]
    pairs = sum((g > o) + 0.5 * (g == o) for g in generic for o in good)
    return pairs / max(1, len(generic) * len(good))


def criteria(nodes: dict[str, Node], texts: dict[str, str], research: Path | None
             ) -> list[tuple[str, dict[str, float], list[float], Callable[[float, float], bool]]]:
    """(name, node -> value, thresholds, removes(value, threshold))."""
    at_least: Callable[[float, float], bool] = lambda v, t: v >= t  # noqa: E731
    at_most: Callable[[float, float], bool] = lambda v, t: v <= t  # noqa: E731
    out: list[tuple[str, dict[str, float], list[float], Callable[[float, float], bool]]] = []
    try:
        from wordfreq import zipf_frequency  # type: ignore[import-not-found]
    except ImportError:
        print("zipf: wordfreq not installed, skipped")
    else:
        out.append(("zipf", {n: zipf_frequency(nd.name.split(":", 1)[1].replace("-", " "), "en") for n, nd in nodes.items()},
                    [3.5, 4.0, 4.5], at_least))
        out.append(("zipf_min", {n: min(zipf_frequency(w, "en") for w in nd.name.split(":", 1)[1].split("-"))
                                 for n, nd in nodes.items()}, [3.5, 4.0, 4.5], at_least))
    if FOLDOC.exists():
        heads = {re.sub(r"[-\s]+", " ", line.split("\t")[0].lower()) for line in FOLDOC.read_text(encoding="utf-8", errors="replace").splitlines()}
        out.append(("foldoc", {n: float(any(re.sub(r"[-\s]+", " ", f.lower()) in heads for f in nd.forms)) for n, nd in nodes.items()},
                    [1.0], at_least))
    else:
        print("foldoc: dict-foldoc not installed, skipped")
    out.append(("no_finding", {n: len(nd.about) / max(1, len(nd.items)) for n, nd in nodes.items()}, [0.0, 0.2, 0.34], at_most))
    out.append(("after_prep", {n: after_preposition(nd, texts) for n, nd in nodes.items()}, [0.3, 0.4, 0.5], at_least))
    out.append(("genre", {n: genre_share(nd, texts) for n, nd in nodes.items()}, [0.25, 0.5], at_least))
    if research is not None:
        found = item_candidates(research)
        out.append(("nested", {n: nested_share(nd, found) for n, nd in nodes.items()}, [0.5, 0.67, 1.0], at_least))
        out.append(("low_rank", salience_ranks(nodes, found), [0.6, 0.7, 0.8], at_least))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--labels", type=Path, nargs="+", required=True, help="engineer labels, oldest first")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "research",
                        help="the graph's items (default ../shared/corpus/research)")
    parser.add_argument("--research", type=Path, help="items whose mined candidates are read (nested, low_rank)")
    parser.add_argument("--show", nargs="*", default=[], help="criteria whose value per node is printed, by verdict")
    args = parser.parse_args()
    verdicts: dict[str, str] = {}
    for path in args.labels:
        verdicts.update({name: v.kind for name, v in read_verdicts(path).items()})
    nodes = read_graph(args.graph)
    texts = {path.stem: body(path) for path in sorted(args.corpus.glob("*.md"))}
    base = Counter(verdicts.get(name, "unread") for name in nodes)
    print(f"nodes {len(nodes)}: {dict(sorted(base.items()))}; generic share {base['not'] / max(1, len(nodes)):.3f}")
    raw = {path.stem: path.read_text(encoding="utf-8") for path in sorted(args.corpus.glob("*.md"))}
    for name, values, thresholds, removes in criteria(nodes, texts, args.research) + context_criteria(nodes, raw):
        print(f"{name:11} AUC {auc(values, verdicts, removes):.2f}")
        if name in args.show:
            for node in sorted(values, key=lambda n: (verdicts.get(n, "unread"), values[n], n)):
                print(f"    {verdicts.get(node, 'unread'):6} {values[node]:6.2f} {node}")
        for threshold in thresholds:
            hit = Counter(verdicts.get(n, "unread") for n, v in values.items() if removes(v, threshold))
            good = hit["idea"] + hit["named"]
            share = hit["not"] / max(1, sum(hit.values()))
            print(f"{name:11} {threshold:5.2f}: removes {sum(hit.values()):3}: generic {hit['not']:2}, idea {hit['idea']:3}, "
                  f"named {hit['named']:2} (ideas+named {good:3}), wrong {hit['wrong']}, unread {hit['unread']}; "
                  f"generic share {share:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
