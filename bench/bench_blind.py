"""Concept names on the time split: judge the graph's concept and method nodes against blind labels.

    .venv/bin/python bench/bench_blind.py [--shared ../shared] [--out FILE]

Builds ``corpus/research`` + ``corpus/later`` together (as a repository holding both would), then,
for every concept and method node a later item links (``addresses``/``uses_method``), judges it
against that item's blind labels (``bench/labels/later_concepts_*.yml``, written before the rules
ran on those items): a node whose name or an alias is one of the item's ``concepts``, ``methods``
or ``named`` phrases is a research idea or a named entity; one of its ``not_ideas`` is not; else
it is unlabelled (counted apart; a looser reading, one phrase inside the other as whole
words, is reported beside it).  Phrases meet by ``canonical.term_key``.  Acronyms: a node
that an acronym of the item stands for (the acronym is one of its aliases) is judged against the
meaning the item's labels give that acronym.  Prints counts and precision.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.pipeline.stages import build  # noqa: E402
from kgsync.contract.model import EntityType, RelationType  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402
from kgsync.read import config as config_module  # noqa: E402

LABELS = ROOT / "bench" / "labels"


def load_labels() -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for path in sorted(LABELS.glob("later_concepts_*.yml")):
        out.update(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    return out


def keys(phrases: object) -> set[str]:
    if isinstance(phrases, dict):
        phrases = list(phrases)
    return {term_key(str(p)) for p in phrases or ()} - {""}


def _inside(a: str, b: str) -> bool:
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, help="also write the judged rows (TSV) here")
    args = parser.parse_args()
    corpus = args.shared / "corpus"
    work = Path(tempfile.mkdtemp(prefix="kgsync-blind-"))
    items = work / "items"
    items.mkdir()
    for folder in ("research", "later"):
        for path in sorted((corpus / folder).glob("*.md")):
            (items / path.name).symlink_to(path.resolve())
    cfg = config_module.load(ROOT).with_overrides(
        items=str(items), graph=str(work / "graph.jsonl"), cache_dir=str(work / "cache"),
        themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="")
    graph = build(cfg).graph
    labels = load_labels()
    aliases = {e.name: {term_key(o.removeprefix("alias:")) for o in e.observations if o.startswith("alias:")}
               for e in graph.entities if e.entity_type in (EntityType.CONCEPT, EntityType.METHOD)}
    counts: Counter[str] = Counter()
    rows: list[str] = []
    for relation in sorted(graph.relations, key=lambda r: (r.source, r.target)):
        if relation.relation_type not in (RelationType.ADDRESSES, RelationType.USES_METHOD):
            continue
        slug = relation.source.removeprefix("item:")
        if slug not in labels or relation.target not in aliases:
            continue
        label = labels[slug]
        name = relation.target
        own = {term_key(name.split(":", 1)[1].replace("-", " "))} | aliases[name]
        good = keys(label.get("concepts")) | keys(label.get("methods")) | keys(label.get("named"))
        bad = keys(label.get("not_ideas"))
        verdict = "idea" if own & good else "not" if own & bad else "unlabelled"
        counts[verdict] += 1
        if verdict == "unlabelled":  # a looser reading: one phrase inside the other, as whole words
            loose = ("idea" if any(_inside(k, g) for k in own for g in good)
                     else "not" if any(_inside(k, b) for k in own for b in bad) else "unlabelled")
            counts["loose " + loose] += 1
            verdict = "unlabelled, loosely " + loose
        acronyms = {term_key(str(k)): term_key(str(v)) for k, v in (label.get("acronyms") or {}).items()}
        for short, meaning in sorted(acronyms.items()):
            if short in own and len(short.split()) == 1 and own != {short}:
                name_key = term_key(name.split(":", 1)[1].replace("-", " "))
                right = name_key == meaning or name_key == short or meaning in own
                counts["acronym right" if right else "acronym wrong"] += 1
                rows.append(f"{slug}\t{name}\tacronym {short} = {meaning}\t{'right' if right else 'WRONG'}")
        rows.append(f"{slug}\t{name}\t{verdict}")
    judged = counts["idea"] + counts["not"]
    print("| measure | value |\n|---|---|")
    print(f"| links from later items to concept/method nodes | {counts['idea'] + counts['not'] + counts['unlabelled']} |")
    print(f"| judged (labelled) | {judged} |")
    print(f"| research idea or named entity | {counts['idea']} / {judged} = {counts['idea'] / max(1, judged):.3f} |")
    print(f"| not an idea (not_ideas) | {counts['not']} |")
    print(f"| unlabelled | {counts['unlabelled']} |")
    loose = counts["loose idea"] + counts["loose not"]
    print(f"| unlabelled, loosely matched (one label phrase inside the name or the name inside one) | "
          f"idea {counts['loose idea']}, not {counts['loose not']}, still unlabelled {counts['loose unlabelled']} |")
    both = judged + loose
    print(f"| research idea or named entity, strict + loose | {counts['idea'] + counts['loose idea']} / {both} = "
          f"{(counts['idea'] + counts['loose idea']) / max(1, both):.3f} |")
    acr = counts["acronym right"] + counts["acronym wrong"]
    print(f"| acronym expansions right | {counts['acronym right']} / {acr} |")
    if args.out:
        args.out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
