"""Concept quality on the real corpus: precision of concept/method names, and findings per concept.

    .venv/bin/python bench/bench_concepts.py [--shared ../shared] [--items later] [--graph FILE]

Builds the graph of ``corpus/research`` (``--items later``: of ``corpus/later`` alone, 53
items no rule was tuned on: the held-out check) with its theme vocabulary (as
``bench_recall.py`` does), or reads ``--graph``, then prints:

* precision: the share of concept and method names labelled meaningful in
  ``bench/concept_labels.tsv`` (hand labels, one reason each); names the labels do
  not know are listed and left out of the share, so label them before trusting it;
* findings coverage: the share of concept nodes with at least one claim ``about`` them.
* unwritten aliases: the aliases of concept and method nodes no item that links the node writes
  (``bench/alias_check.py``; the theme vocabulary file is exempt): 0 is the rule.

``--rules`` prints instead each concept-quality rule of ``kgsync.extract.idea`` / ``kgsync.vocabulary.vocab`` as
a classifier of the labels ("flagged" = the rule keeps the name out or retypes it), per label
section: the older labels the rules were chosen on, the held-out names, the names labelled after.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.read import config as config_module  # noqa: E402
from kgsync.extract import lexicon  # noqa: E402
from kgsync.extract import idea, markup  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.contract.jsonl import loads  # noqa: E402
from kgsync.contract.model import EntityType, Graph, RelationType  # noqa: E402
from kgsync.extract.mining import candidates  # noqa: E402
from kgsync.pipeline.stages import build  # noqa: E402
from bench.alias_check import item_texts, unwritten_aliases  # noqa: E402

LABELS = ROOT / "bench" / "concept_labels.tsv"


def labels(path: Path = LABELS) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, meaningful, _reason = line.split("\t", 2)
            out[name] = meaningful == "yes"
    return out


def label_sections(path: Path = LABELS) -> dict[str, str]:
    """name -> the section its label is in: "older", "held out" or "after the rules"."""
    out: dict[str, str] = {}
    section = "older"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# Held out"):
            section = "held out"
        elif line.startswith("# Names that entered"):
            section = "after the rules"
        elif line and not line.startswith("#"):
            out[line.split("\t", 1)[0]] = section
    return out


def acronym_map(shared: Path) -> tuple[dict[str, set[str]], frozenset[str]]:
    """expansion key -> the acronyms items of both corpora define for it; the protocols of all their links."""
    out: dict[str, set[str]] = {}
    protocols: set[str] = set()
    for folder in ("research", "later"):
        for item in read_items(find_item_files(shared / "corpus" / folder)).items:
            for short, long in candidates(item).acronyms:
                out.setdefault(long, set()).add(short)
            protocols |= markup.link_protocols(item.body)
    return out, frozenset(protocols)


def rule_table(shared: Path) -> list[str]:
    known, sections = labels(), label_sections()
    acronyms, protocols = acronym_map(shared)

    def plumbing(key: str) -> bool:  # the protocols of any item's links (per item in a build)
        return any(idea.is_plumbing(k, [k.upper()], protocols) for k in {key} | acronyms.get(key, set()))

    def superlative(key: str) -> bool:
        *modifiers, head = key.split(" ")
        return bool(modifiers) and head in lexicon.GENERIC and all(map(lexicon.is_superlative, modifiers))

    rules: dict[str, Callable[[str, str], bool]] = {
        "bookkeeping": lambda kind, key: idea.is_bookkeeping(key),
        "plumbing acronym": lambda kind, key: plumbing(key),
        "vague method": lambda kind, key: idea.is_vague_method(key),
        "superlative": lambda kind, key: superlative(key),
        "-ing phenomenon (retyped)": lambda kind, key: kind == "method" and key.split(" ")[-1] in lexicon.ING_EVENTS,
    }
    rows = ["| rule | labels | labelled | not meaningful | flagged | of them not meaningful | precision | recall |",
            "|---|---|---|---|---|---|---|---|"]
    for rule, flags in rules.items():
        for section in ("older", "held out", "after the rules"):
            names = [n for n in known if sections[n] == section]
            bad = [n for n in names if not known[n]]
            hit = [n for n in names if flags(n.split(":", 1)[0], n.split(":", 1)[1].replace("-", " "))]
            hit_bad = [n for n in hit if not known[n]]
            precision = f"{len(hit_bad) / len(hit):.2f}" if hit else "-"
            rows.append(f"| {rule} | {section} | {len(names)} | {len(bad)} | {len(hit)} | {len(hit_bad)} | {precision} | "
                        f"{len(hit_bad) / max(1, len(bad)):.3f} |")
    return rows


def real_graph(shared: Path, items: str = "research") -> Graph:
    corpus = shared / "corpus"
    work = Path(tempfile.mkdtemp(prefix="kgsync-concepts-"))
    cfg = config_module.load(ROOT).with_overrides(
        items=str(corpus / items), graph=str(work / "graph.jsonl"), cache_dir=str(work / "cache"),
        themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="")
    return build(cfg).graph


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--items", default="research", choices=("research", "later"),
                        help="the corpus folder to build (later: the held-out items)")
    parser.add_argument("--graph", type=Path, help="read this graph instead of building one")
    parser.add_argument("--rules", action="store_true", help="each quality rule as a classifier of the labels")
    args = parser.parse_args()
    if args.rules:
        print("\n".join(rule_table(args.shared)))
        return 0
    graph = (loads(args.graph.read_text(encoding="utf-8"), str(args.graph)) if args.graph
             else real_graph(args.shared, args.items))
    names = sorted(e.name for e in graph.entities if e.entity_type in (EntityType.CONCEPT, EntityType.METHOD))
    known = labels()
    labelled = [n for n in names if n in known]
    meaningful = [n for n in labelled if known[n]]
    concepts = [e.name for e in graph.entities if e.entity_type == EntityType.CONCEPT]
    about = {r.target for r in graph.relations if r.relation_type == RelationType.ABOUT}
    with_findings = [c for c in concepts if c in about]
    print("| measure | value |\n|---|---|")
    print(f"| concept/method names | {len(names)} (labelled {len(labelled)}) |")
    print(f"| precision (meaningful / labelled) | {len(meaningful) / max(1, len(labelled)):.3f} |")
    print(f"| concepts with a finding about them | {len(with_findings)} / {len(concepts)} = "
          f"{len(with_findings) / max(1, len(concepts)):.3f} |")
    corpus = args.shared / "corpus"
    unwritten = unwritten_aliases(graph, item_texts(find_item_files(corpus / args.items / "*.md")),
                                  (corpus / "themes-vocabulary.md").read_text(encoding="utf-8"))
    print(f"| aliases no linking item writes (bench/alias_check.py) | {len(unwritten)} |")
    for name, alias in unwritten:
        print(f"unwritten alias: {name} alias:{alias}")
    for name in labelled:
        if not known[name]:
            print(f"not meaningful: {name}")
    for name in names:
        if name not in known:
            print(f"unlabelled: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
