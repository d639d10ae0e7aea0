"""Evidence-link quality: build the real corpus's graph, then measure its claim→claim links.

    .venv/bin/python bench/bench_evidence.py [--shared ../shared] [--keep DIR] [--list]

Prints, per relation type (supports, contradicts, extends):
- how many claim→claim links the build wrote;
- precision against the hand labels in ``bench/evidence_labels.yml`` (evidence entries read
  one by one: the two claims, the relation, the sentence, a verdict and why), once for the
  labels read while the rules were tuned and once for those first read after (``tuning``).
  An entry is one link stated by one sentence: a link two sentences state counts twice.  A
  label whose entry the build no longer proposes is counted apart ("labels not proposed
  now"); a proposed entry without a label is "unlabelled".
- the share of explicit numbered finding references ("Key Finding 7", "KF 4" on a line that
  names another current item, outside fenced code) that became a claim→claim link stated at
  that line to that item's finding of that number.  This count is independent of the
  extractor: it is made here, line by line, with plain string tests.

``--list`` prints every proposed link (the material to label).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.read import config as config_module  # noqa: E402
from kgsync.read.items import read_items  # noqa: E402
from kgsync.build.pipeline import build  # noqa: E402

LABELS = ROOT / "bench" / "evidence_labels.yml"
RELATIONS = ("supports", "contradicts", "extends")
_NUMBER = re.compile(r"(?:key findings?|\bkf)\s?#?\s?(\d{1,3})\b", re.I)


def numbered_references(corpus: Path) -> list[tuple[str, int, str, int]]:
    """(item path, line, cited slug, finding number) for every numbered reference to a current item."""
    read = read_items(sorted(corpus.glob("*.md")), corpus)
    current = {item.slug for item in read.items if not item.is_superseded}
    by_suffix: dict[str, list[str]] = {}
    for slug in current:
        by_suffix.setdefault(slug[11:], []).append(slug)
    out = []
    for item in read.items:
        if item.is_superseded:
            continue
        fenced = False
        for number, line in enumerate(Path(corpus / f"{item.slug}.md").read_text(encoding="utf-8").split("\n"), 1):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
                continue
            numbers = _NUMBER.findall(line)
            if fenced or not numbers:
                continue
            named = [slug for slug in current if slug != item.slug and slug in line]
            named += [found[0] for suffix, found in by_suffix.items()
                      if len(found) == 1 and found[0] not in named and found[0] != item.slug and suffix in line
                      and re.search(rf"(?<![\w-]){re.escape(suffix)}(?![\w-])", line)]
            if len(named) == 1:  # one item named: the numbers are its findings
                out += [(item.path, number, named[0], int(n)) for n in dict.fromkeys(numbers)]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--keep", type=Path, help="keep the graph in this folder")
    parser.add_argument("--list", action="store_true", help="print every proposed link")
    args = parser.parse_args()
    corpus = args.shared / "corpus"
    work = args.keep or Path(tempfile.mkdtemp(prefix="kgsync-evidence-"))
    work.mkdir(parents=True, exist_ok=True)
    graph_path = work / "graph.jsonl"
    for stale in (graph_path, graph_path.with_name("graph.kgsync.json")):
        stale.unlink(missing_ok=True)
    cfg = config_module.load(ROOT).with_overrides(
        items=str(corpus / "research"), graph=str(graph_path), cache_dir=str(work / "cache"),
        themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="",
    )
    result = build(cfg)
    sections = {e.name: next((o for o in e.observations if o.startswith("section:key-finding-")), "")
                for e in result.graph.entities}
    links = [(tuple(entry), slug) for slug, facts in result.manifest.by_item.items() for entry in facts.evidence]
    if args.list:
        for (source, target, relation, sentence, at), _slug in links:
            print(f"- at: {Path(at.rsplit(':', 1)[0]).name}:{at.rsplit(':', 1)[1]}\n  from: {source}\n  to: {target}\n  relation: {relation}\n"
                  f"  sentence: {json.dumps(sentence, ensure_ascii=False)}")
    proposed = {(e[0], e[1], e[2]): e for e, _ in links}
    entries = {(e[0], e[1], e[2], e[3]) for e, _ in links}

    labels = yaml.safe_load(LABELS.read_text(encoding="utf-8"))["labels"] if LABELS.is_file() else []
    right: Counter[tuple[bool, str]] = Counter()
    seen: Counter[tuple[bool, str]] = Counter()
    stale = 0
    for label in labels:
        key = (label["from"], label["to"], label["relation"], label["sentence"])
        if key not in entries:
            stale += 1
            continue
        kind = (bool(label.get("tuning", True)), label["relation"])
        seen[kind] += 1
        right[kind] += label["verdict"] == "correct"
    labelled = {(label["from"], label["to"], label["relation"], label["sentence"]) for label in labels}
    written = Counter(relation for _s, _t, relation in proposed)
    sentence_entries = Counter(relation for _s, _t, relation, _q in entries)

    references = numbered_references(corpus / "research")
    stated = {(Path(at.rsplit(":", 1)[0]).name, int(at.rsplit(":", 1)[1]), target)
              for (_s, target, _r, _q, at), _ in links}
    linked = sum(
        1 for path, line, slug, number in references
        if any((Path(path).name, line, t) in stated and t.startswith(f"claim:{slug}:")
               and sections.get(t) == f"section:key-finding-{number}" for t in _targets_of(slug, proposed)))

    print("| relation | links written | entries (link, sentence) | precision, tuning labels | "
          "precision, labels read after tuning | precision, all |")
    print("|---|---|---|---|---|---|")
    for relation in RELATIONS:
        cells = [_precision(right[(True, relation)], seen[(True, relation)]),
                 _precision(right[(False, relation)], seen[(False, relation)]),
                 _precision(right[(True, relation)] + right[(False, relation)],
                            seen[(True, relation)] + seen[(False, relation)])]
        print(f"| {relation} | {written[relation]} | {sentence_entries[relation]} | " + " | ".join(cells) + " |")
    total_seen = sum(seen.values())
    print(f"\nlabels: {len(labels)} ({total_seen} of proposed entries; {stale} not proposed now); "
          f"unlabelled proposed entries: {len(entries - labelled)}")
    share = linked / len(references) if references else 0.0
    print(f"numbered finding references linked claim→claim: {linked}/{len(references)} = {share:.0%}")
    contested = sum(1 for e in result.graph.entities if "status:contested" in e.observations)
    print(f"claims marked status:contested: {contested}")
    return 0


def _precision(right: int, seen: int) -> str:
    return f"{right / seen:.2f} ({right}/{seen})" if seen else "n/a (0/0)"


def _targets_of(slug: str, proposed) -> set[str]:
    return {target for _s, target, _r in proposed if target.startswith(f"claim:{slug}:")}


if __name__ == "__main__":
    raise SystemExit(main())
