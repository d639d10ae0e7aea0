"""Which acronym aliases does a rule take off the nodes, and are they too broad?  (issue 21 part 2, acronyms176)

    PYTHONPATH=. python bench/bench_acronym_aliases.py [--labels FILE] NAME=BASE.jsonl[:HEAD.jsonl] [...]

Readers call some aliases of the graph too broad: ``FS`` on ``financial-service`` (items also define FS
as an FCA "Feedback Statement"), ``RMF`` and "risk management framework" on ``ai-rmf`` (the node is the
NIST AI RMF).  Two routes, each printed per NAME (a population: the research build, the c273 build, a
new repository), joined with the labels (default ``bench/labels/acronyms176_engineer_aliases.tsv``:
node, alias, verdict ``right`` or ``too-broad``):

* ``A`` (a what-if, read from BASE and its manifest ``memory.kgsync.json`` beside it): "an acronym two
  items define apart is two senses: no shared alias".  Every alias in capitals (or its plural) of an
  acronym the manifest's shared map gives two meanings (``acronym_index.ambiguous_acronyms``, with the
  build's near-duplicate test of the contracted forms: ``vocab.select``'s).
* ``removed`` (with HEAD): every alias a node of BASE lists that the same node of HEAD does not.

A route passes the brief's bar when it removes at least three too-broad aliases per right one.  Not a
test: it prints figures.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract.canonical import in_capitals_word  # noqa: E402
from kgsync.vocabulary.acronym_index import acronym_swaps, ambiguous_acronyms, contracted  # noqa: E402
from kgsync.vocabulary.similarity import is_near_duplicate  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "acronyms176_engineer_aliases.tsv"

#: (node, alias) -> verdict
Labels = dict[tuple[str, str], str]


def read_labels(path: Path) -> Labels:
    """The labels file's (node, alias) -> verdict, its ``#`` lines skipped."""
    with path.open(encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        return {(row["node"], row["alias"]): row["verdict"] for row in rows}


def node_aliases(graph: Path) -> dict[str, tuple[str, ...]]:
    """Concept and method node -> its aliases, from a graph's JSONL."""
    out: dict[str, tuple[str, ...]] = {}
    with graph.open(encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            name = record.get("name", "")
            if record.get("type") == "entity" and name.split(":", 1)[0] in ("concept", "method"):
                out[name] = tuple(o[len("alias:"):] for o in record["observations"] if o.startswith("alias:"))
    return out


def shared_map(manifest: Path) -> dict[str, tuple[str, ...]]:
    """Acronym key -> its expansions, in the manifest's order (``acronyms``: short, long, users)."""
    out: dict[str, list[str]] = defaultdict(list)
    for short, long, _users in json.loads(manifest.read_text(encoding="utf-8")).get("acronyms", ()):
        if long not in out[short]:
            out[short].append(long)
    return {short: tuple(longs) for short, longs in out.items()}


def acronym_key(alias: str) -> str | None:
    """An alias in capitals ("FS"), or its plural ("ADRs"), as its acronym key; else None."""
    if in_capitals_word(alias):
        return alias.lower()
    if len(alias) > 2 and alias.endswith("s") and in_capitals_word(alias[:-1]):
        return alias[:-1].lower()
    if alias.isalpha() and sum(map(str.isupper, alias)) >= 2 and " " not in alias:  # "CoT"
        return alias.lower()
    return None


def route_a(aliases: dict[str, tuple[str, ...]], expansions: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """The (node, alias) pairs route A removes: an alias of an acronym of two meanings."""
    swaps = acronym_swaps({short: longs[0] for short, longs in expansions.items() if len(longs) == 1})

    def contract(key: str) -> str:  # as ``vocab.select`` compares two expansions
        short = contracted(key, swaps)
        return short if " " in short else key

    ambiguous = ambiguous_acronyms(expansions, lambda a, b: is_near_duplicate(contract(a), contract(b)))
    return sorted((node, alias) for node, written in aliases.items() for alias in written
                  if acronym_key(alias) in ambiguous)


def removed(base: dict[str, tuple[str, ...]], head: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """The (node, alias) pairs a node of ``base`` lists and the same node of ``head`` does not."""
    return sorted((node, alias) for node, written in base.items() if node in head
                  for alias in written if alias not in head[node])


def tally(pairs: list[tuple[str, str]], labels: Labels) -> dict[str, int]:
    """Verdict -> how many of ``pairs`` carry it (``unlabelled``: none)."""
    out: dict[str, int] = defaultdict(int)
    for pair in pairs:
        out[labels.get(pair, "unlabelled")] += 1
    return dict(out)


def passes(counts: dict[str, int]) -> bool:
    """The brief's bar: at least three too-broad aliases removed per right one, and one at least."""
    broad, right = counts.get("too-broad", 0), counts.get("right", 0)
    return broad > 0 and broad >= 3 * right and not counts.get("unlabelled", 0)


def report(name: str, route: str, pairs: list[tuple[str, str]], labels: Labels, show: bool) -> str:
    counts = tally(pairs, labels)
    line = (f"{name}\t{route}\ttouched {len(pairs)}\t"
            + "\t".join(f"{k} {counts[k]}" for k in sorted(counts)) + f"\tpasses {passes(counts) if pairs else '-'}")
    if show:
        line += "".join(f"\n    {node}\t{alias}\t{labels.get((node, alias), 'unlabelled')}" for node, alias in pairs)
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("graphs", nargs="+", help="NAME=BASE.jsonl or NAME=BASE.jsonl:HEAD.jsonl")
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--list", action="store_true", help="print every pair with its verdict")
    args = parser.parse_args(argv)
    labels = read_labels(args.labels)
    for spec in args.graphs:
        name, _, paths = spec.partition("=")
        base_path, _, head_path = paths.partition(":")
        base = node_aliases(Path(base_path))
        manifest = Path(base_path).with_name("memory.kgsync.json")
        if manifest.exists():
            print(report(name, "A", route_a(base, shared_map(manifest)), labels, args.list))
        if head_path:
            print(report(name, "removed", removed(base, node_aliases(Path(head_path))), labels, args.list))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
