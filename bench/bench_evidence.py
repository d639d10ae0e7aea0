"""Evidence-link quality: build the real corpus's graph, then measure its claim→claim links.

    .venv/bin/python bench/bench_evidence.py [--shared ../shared] [--keep DIR] [--list] [--misses]
        [--later [--list-later] [--held-out]]

Prints, per relation type (supports, contradicts, extends):
- how many claim→claim links the build wrote;
- precision against the hand labels in ``bench/evidence_labels.yml`` (evidence entries read
  one by one: the two claims, the relation, the sentence, a verdict and why), once for the
  labels read while the rules were tuned and once for those first read after (``tuning``).
  An entry is one link stated by one sentence: a link two sentences state counts twice.  A
  label whose entry the build no longer proposes is counted apart ("labels not proposed
  now"); a proposed entry without a label is "unlabelled".
- the share of explicit numbered finding references ("Key Finding 7", "KF 4" on a line that
  names one other current item, outside fenced code) that became a claim→claim link stated at
  that line to that item's finding of that number.  A citation is one reference: a range or a
  list ("Key Findings 1-8", "Key Finding #1 and #2") is linked when a finding it names is (the
  share per finding number named is printed beside it).  A citation whose sentence does not name
  the item and describes another ("The context-mode research's Key Finding 6" after a sentence
  naming ``local-database``; "the parent taxonomy's … Key Finding 5") is not counted as that
  item's: references by description are ``bench_described.py``'s.  This count is independent
  of the extractor: it is made here, line by line, with plain string tests.  Beside it, the same
  share with the hand-listed references by description (``bench/labels/refs9_engineer_list.tsv``)
  pooled in: the goal's "references by description included".

``--list`` prints every proposed link (the material to label); ``--misses`` prints each numbered
reference not linked, with its line's text and the claims linked at that line instead.

``--later`` (time split) builds the research items and the later items (``corpus/later``,
completed on or after 2026-05-01) together, and also measures the later items' claim→claim
links against the blind labels in ``bench/labels/`` (written before the rules ran on them): a
proposed link whose source is a later item and whose target is a research item is matched to
the label at the same file:line and cited slug, and is correct when the label's relation is
the proposed one.  Batch a's extends/none labels were assigned by section, so batch a counts
only for supports and contradicts; batch b (read one by one) counts for every relation.
The later items are split by completion time (``bench/labels/later_split.yml``, committed
before the held-out half was looked at): the development half is reported always
(``--list-later`` prints its links beside their labels), the held-out half only with
``--held-out`` - run it once, at the end, and report it as the blind figure.

``--code DIR`` measures the kgsync package in DIR instead of this checkout's (the "before"
figures: an export of the main branch).
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
# ``--code DIR`` must take effect before kgsync is imported
_CODE = next((sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--code"), str(ROOT))
sys.path.insert(0, _CODE)

from kgsync.read import config as config_module  # noqa: E402
from kgsync.read.items import read_items  # noqa: E402
from kgsync.pipeline.stages import build  # noqa: E402

LABELS = ROOT / "bench" / "evidence_labels.yml"
LATER_SPLIT = ROOT / "bench" / "labels" / "later_split.yml"
# the hand list of references by description on the research items (``bench_described.py``'s development list)
DESCRIBED = ROOT / "bench" / "labels" / "refs9_engineer_list.tsv"
LATER_LABELS = {"a": ROOT / "bench" / "labels" / "later_evidence_a.yml",
                "b": ROOT / "bench" / "labels" / "later_evidence_b.yml"}
RELATIONS = ("supports", "contradicts", "extends")
# one citation: a finding number, and the numbers a range or a list joins to it ("Key Findings 1-8",
# "Key Finding #1 and #2", "KF 4, 5"); a range expands (up to 20 numbers, as the extractor reads it).  The citation is
# the unit counted: it is linked when a finding it names is ("Source: x.md (Key Findings 1-8)" is one reference, and
# the extractor links only the named findings the sentence shares words with: docs/EVIDENCE.md, a broad citation)
_CITATION = re.compile(r"(?:key findings?|\bkf)\s?#?\s?(\d{1,3})\b"
                       r"((?:\s*(?:[-\u2013]|,\s*and\b|,|\band\b|&|\bto\b)\s*(?:kf\s?)?#?\s?\d{1,3}\b(?![-.]\d))*)",
                       re.I)
_JOINED = re.compile(r"([-\u2013]|\bto\b)?\s*(?:kf\s?)?#?\s?(\d{1,3})\b", re.I)
# a sentence ends at ". " (or "!", "?") before a capital, a digit, a quote, a bracket or markup
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'`(\[*_])")
# a description: a role noun or a possessive ("The context-mode research's Key Finding 6", "the parent taxonomy's
# inconsistency: Key Finding 5", "[Source: Integrative Framework completed item, Key Finding 5.]")
_DESCRIPTION = re.compile(r"\b(?:items?|research|study|studies|taxonomy|note|report|synthesis|analysis|investigation|"
                          r"work|paper)(?:'s)?\b|\b\w+'s\b", re.I)
_GENERIC = frozenset("the a an this that prior parent completed earlier previous companion same cited source "
                     "repository prerequisite s".split())
_ROLE = frozenset("item items research study studies taxonomy note report synthesis analysis investigation work "
                  "paper".split())


def numbered_references(corpus: Path) -> list[tuple[str, int, str, tuple[int, ...]]]:
    """(item path, line, cited slug, the finding numbers of one citation) for every numbered reference to a current item."""
    read = read_items(sorted(corpus.glob("*.md")), corpus)
    current = {item.slug for item in read.items if not item.is_superseded}
    out = []
    for item in read.items:
        if item.is_superseded:
            continue
        fenced = False
        for number, line in enumerate(Path(corpus / f"{item.slug}.md").read_text(encoding="utf-8").split("\n"), 1):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
                continue
            if not fenced:
                out += [(item.path, number, slug, numbers) for slug, numbers in line_citations(line, current, item.slug)]
    return out


def line_citations(line: str, current: set[str], own: str) -> list[tuple[str, tuple[int, ...]]]:
    """(cited slug, numbers) for each finding citation of one other current item on a line.

    On a line naming exactly one other item, a citation in a sentence (a table row: the row) that does not name the
    item is counted as the item's only when the words before it in that sentence describe no item, or describe that
    one: "Source: Key Finding #2." after a sentence naming the item is a note on it; "The context-mode research's Key
    Finding 6" after one naming ``2026-02-27-local-database`` describes another item, and "the parent taxonomy" may
    be any item: which one is a reading of the description (``bench/bench_described.py`` counts those references on
    its hand-made lists).  On a line naming several items, a citation is counted only where its clause (``_clause_at``)
    names exactly one of them: "`a.md` Key Finding #2; `b.md`" in a Source cell is a's, as a reader reads it, while
    "`a.md` Key Finding 2 and `b.md` Key Finding 3" is one clause naming two, which no plain string test divides.
    """
    citations = list(_CITATION.finditer(line))
    if not citations:
        return []
    named = _named(line, current, own)
    if not named:
        return []
    out: dict[tuple[str, tuple[int, ...]], None] = {}
    for match in citations:
        if len(named) == 1:
            slug = named[0]
            sentence_start, sentence = _sentence_at(line, match.start())
            if not _named(sentence, {slug}, own) and not _describes(sentence[:match.start() - sentence_start], slug):
                continue
        else:
            in_clause = _named(_clause_at(line, match.start()), set(named), own)
            if len(in_clause) != 1:
                continue
            slug = in_clause[0]
        if numbers := _numbers(match):
            out.setdefault((slug, numbers), None)
    return list(out)


def _clause_at(line: str, at: int) -> str:
    """The clause holding position ``at``: its sentence (a table row: the row) cut at the table's cell bars and at
    semicolons, the marks that part the sources of one cell or note ("`a.md` Key Finding #2; `b.md`")."""
    start, sentence = _sentence_at(line, at)
    offset = at - start
    left = max(sentence.rfind("|", 0, offset), sentence.rfind(";", 0, offset)) + 1
    right = min((i for i in (sentence.find("|", offset), sentence.find(";", offset)) if i >= 0), default=len(sentence))
    return sentence[left:right]


def _describes(before: str, slug: str) -> bool:
    """Whether the words before a citation describe no item, or only ``slug``: each distinctive word of the last
    description (up to three words before its role noun or possessive, within its clause) is a word of the slug."""
    found = list(_DESCRIPTION.finditer(before))
    if not found:
        return True
    clause = re.split(r"[:;(\[\]|\u2014]", before[:found[-1].end()])[-1]
    words = {word for word in re.findall(r"[a-z0-9]+", clause.lower())[-4:] if word not in _GENERIC | _ROLE}
    return bool(words) and words <= set(slug[11:].split("-"))


def _named(text: str, current: set[str], own: str) -> list[str]:
    """The current items a text names: a dated slug, or an undated one that is exactly one item's, as a whole word."""
    named = [slug for slug in sorted(current) if slug != own and slug in text]
    by_suffix: dict[str, list[str]] = {}
    for slug in current:
        by_suffix.setdefault(slug[11:], []).append(slug)
    named += [found[0] for suffix, found in sorted(by_suffix.items())
              if len(found) == 1 and found[0] not in named and found[0] != own and suffix in text
              and re.search(rf"(?<![\w-]){re.escape(suffix)}(?![\w-])", text)]
    return named


def _sentence_at(line: str, at: int) -> tuple[int, str]:
    """(start, text) of the sentence holding position ``at``; a table row is one sentence."""
    if line.lstrip().startswith("|"):
        return 0, line
    start = 0
    for end in _SENTENCE_END.finditer(line):
        if end.start() > at:
            return start, line[start:end.start()]
        start = end.end()
    return start, line[start:]


def _numbers(match: re.Match[str]) -> tuple[int, ...]:
    """The finding numbers one citation names, a range expanded; a range of more than 20 names none in particular."""
    numbers = [int(match.group(1))]
    for joined in _JOINED.finditer(match.group(2)):
        value = int(joined.group(2))
        if not joined.group(1):
            numbers.append(value)
        elif numbers[-1] < value <= numbers[-1] + 19:
            numbers += range(numbers[-1] + 1, value + 1)
        else:
            return ()
    return tuple(dict.fromkeys(numbers))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--keep", type=Path, help="keep the graph in this folder")
    parser.add_argument("--list", action="store_true", help="print every proposed link")
    parser.add_argument("--misses", action="store_true", help="print each numbered reference not linked")
    parser.add_argument("--later", action="store_true", help="add the later items; measure on the blind labels")
    parser.add_argument("--held-out", action="store_true",
                        help="with --later, also report the held-out half (run once, at the end)")
    parser.add_argument("--list-later", action="store_true",
                        help="with --later, print the development half's proposed links and their labels")
    parser.add_argument("--code", type=Path, help="measure the kgsync package in this folder")
    args = parser.parse_args()
    corpus = args.shared / "corpus"
    work = args.keep or Path(tempfile.mkdtemp(prefix="kgsync-evidence-"))
    work.mkdir(parents=True, exist_ok=True)
    graph_path = work / "graph.jsonl"
    for stale in (graph_path, graph_path.with_name("graph.kgsync.json")):
        stale.unlink(missing_ok=True)
    items_dir = corpus / "research"
    later: set[str] = set()
    if args.later:
        items_dir = work / "items"
        shutil.rmtree(items_dir, ignore_errors=True)
        items_dir.mkdir()
        for folder in ("research", "later"):
            for path in sorted((corpus / folder).glob("*.md")):
                (items_dir / path.name).symlink_to(path.resolve())
                if folder == "later":
                    later.add(path.stem)
    cfg = config_module.load(ROOT).with_overrides(
        items=str(items_dir), graph=str(graph_path), cache_dir=str(work / "cache"),
        themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="",
    )
    result = build(cfg)
    sections = {e.name: next((o for o in e.observations if o.startswith("section:key-finding-")), "")
                for e in result.graph.entities}
    all_links = [(tuple(entry), slug) for slug, facts in result.manifest.by_item.items() for entry in facts.evidence]
    links = [link for link in all_links if link[1] not in later]  # the research items' (the team's labels)
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
    # a label is matched by line, claims and relation (the sentence's text moves with the splitter)
    at_line = {(Path(e[4].rsplit(":", 1)[0]).name + ":" + e[4].rsplit(":", 1)[1], e[0], e[1], e[2]) for e, _ in links}
    for label in labels:
        key = (label["at"], label["from"], label["to"], label["relation"])
        if key not in at_line:
            stale += 1
            continue
        kind = (bool(label.get("tuning", True)), label["relation"])
        seen[kind] += 1
        right[kind] += label["verdict"] == "correct"
    labelled_at = {(label["at"], label["from"], label["to"], label["relation"]) for label in labels}
    written = Counter(relation for _s, _t, relation in proposed)
    sentence_entries = Counter(relation for _s, _t, relation, _q in entries)

    references = numbered_references(corpus / "research")
    stated = {(Path(at.rsplit(":", 1)[0]).name, int(at.rsplit(":", 1)[1]), target)
              for (_s, target, _r, _q, at), _ in links}
    hits = {(path, line, slug, n) for path, line, slug, numbers in references for n in numbers
            if any((Path(path).name, line, t) in stated and sections.get(t) == f"section:key-finding-{n}"
                   for t in _targets_of(slug, proposed))}
    missed = [(path, line, slug, numbers) for path, line, slug, numbers in references
              if not any((path, line, slug, n) in hits for n in numbers)]
    linked = len(references) - len(missed)
    named_numbers = sum(len(numbers) for _p, _l, _s, numbers in references)
    if args.misses:
        _print_misses(missed, links, sections, corpus / "research")

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
    research_entries = {k for k in at_line if k[1].split(":")[1] not in later}
    print(f"\nteam labels: {len(labels)} ({total_seen} of proposed entries; {stale} not proposed now); "
          f"unlabelled proposed research entries: {len(research_entries - labelled_at)}")
    share = linked / len(references) if references else 0.0
    print(f"numbered finding references linked claim→claim: {linked}/{len(references)} = {share:.1%} "
          f"(a citation is linked when a finding it names is; per finding number named: {len(hits)}/{named_numbers})")
    pooled, pooled_linked = with_descriptions(references, missed, _read_tsv(DESCRIBED), stated, sections)
    print(f"... with the references by description ({DESCRIBED.name}, rows not listed none, one a line and item): "
          f"{pooled_linked}/{pooled} = {pooled_linked / pooled if pooled else 0.0:.1%}")
    contested = sum(1 for e in result.graph.entities if "status:contested" in e.observations)
    print(f"claims marked status:contested: {contested}")
    if args.later:
        _later_report(all_links, later, args.held_out, args.list_later, sections)
    return 0


def _later_report(links: list[tuple[tuple[str, ...], str]], later: set[str], held_out: bool,
                  show: bool, sections: dict[str, str]) -> None:
    """Precision of the later items' claim→claim links against the blind labels, per half and batch.

    The later items are split by completion time (``bench/labels/later_split.yml``): the
    development half is reported always, the held-out half only with ``--held-out`` (run once,
    at the end: it is the blind figure, never a tuning aid).
    """
    split = yaml.safe_load(LATER_SPLIT.read_text(encoding="utf-8"))
    halves = {"development": set(split["development"]), "held_out": set(split["held_out"])}
    if halves["development"] & halves["held_out"] or halves["development"] | halves["held_out"] != later:
        raise SystemExit(f"{LATER_SPLIT.name}: the two halves must partition the {len(later)} later items")
    for half in ("development", "held_out") if held_out else ("development",):
        _half_report(links, halves[half], later, half, show, sections)
    if not held_out:
        print(f"\n(held-out half: {len(halves['held_out'])} items, not reported; --held-out runs it)")


def _half_report(links: list[tuple[tuple[str, ...], str]], items: set[str], later: set[str], half: str,
                 show: bool, sections: dict[str, str]) -> None:
    labels: dict[str, dict[tuple[str, str], set[str]]] = {}
    named: dict[tuple[str, str], set[int]] = {}  # the cited findings a label names (none: not identifiable)
    for batch, path in LATER_LABELS.items():
        for label in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            if label["at"].rsplit(".md:", 1)[0] in items:
                labels.setdefault(batch, {}).setdefault((label["at"], label["cited"]), set()).add(label["relation"])
                if label["relation"] != "none":
                    named.setdefault((label["at"], label["cited"]), set()).update(label.get("findings") or ())
    proposed: set[tuple[str, str, str]] = set()  # (file:line, cited slug, relation): one per sentence and item
    sentences: dict[tuple[str, str, str], str] = {}
    finding_checks: Counter[tuple[str, bool]] = Counter()  # (relation, the target is a finding the label names)
    for (source, target, relation, sentence, at), _slug in links:
        source_slug, target_slug = source.split(":")[1], target.split(":")[1]
        if source_slug in items and target_slug not in later:
            key = (f"{Path(at.rsplit(':', 1)[0]).name}:{at.rsplit(':', 1)[1]}", target_slug, relation)
            proposed.add(key)
            sentences[key] = f"{source} -> {target}: {sentence}"
            meant = named.get(key[:2])
            number = sections.get(target, "").removeprefix("section:key-finding-")
            if meant and number.isdigit():
                finding_checks[(relation, int(number) in meant)] += 1
    print(f"\nlater items, {half} half ({len(items)} items; blind labels; a proposed (line, cited item, relation) "
          "matched to the label there):")
    print("| relation | proposed | batch a (supports/contradicts only) | batch b | pooled | unlabelled |")
    print("|---|---|---|---|---|---|")
    for relation in RELATIONS:
        mine = [p for p in proposed if p[2] == relation]
        cells, pooled_right, pooled_seen = [], 0, 0
        for batch in ("a", "b"):
            if batch == "a" and relation == "extends":
                cells.append("(not counted)")
                continue
            seen = [p for p in mine if (p[0], p[1]) in labels.get(batch, {})]
            right = sum(1 for p in seen if relation in labels[batch][(p[0], p[1])])
            cells.append(_precision(right, len(seen)))
            pooled_right, pooled_seen = pooled_right + right, pooled_seen + len(seen)
        unlabelled = sum(1 for p in mine if not any((p[0], p[1]) in labels.get(b, {}) for b in labels))
        print(f"| {relation} | {len(mine)} | {cells[0]} | {cells[1]} | {_precision(pooled_right, pooled_seen)} | "
              f"{unlabelled} |")
    section_read = [p for p in proposed if p[2] == "extends" and (p[0], p[1]) in labels.get("a", {})]
    if section_read:  # batch a's extends/none were assigned by section: a hint, not a precision
        hits = sum(1 for p in section_read if "extends" in labels["a"][(p[0], p[1])])
        print(f"(indicative only) extends against batch a's by-section labels: {_precision(hits, len(section_read))}")
    for relation in RELATIONS:
        batches = ("b",) if relation == "extends" else ("a", "b")
        stated = {key for batch in batches for key, rels in labels.get(batch, {}).items() if relation in rels}
        found = {(p[0], p[1]) for p in proposed if p[2] == relation}
        where = " (batch b)" if relation == "extends" else ""
        print(f"blind {relation} labels{where}: {len(stated)}; proposed there as {relation}: {len(stated & found)}")
    for relation in RELATIONS:
        seen = finding_checks[(relation, True)] + finding_checks[(relation, False)]
        if seen:
            print(f"{relation} links whose label names the cited finding(s): the linked finding is one of them "
                  f"{_precision(finding_checks[(relation, True)], seen)}")
    if show:
        for key in sorted(proposed):
            verdicts = sorted({r for b in labels.values() for r in b.get((key[0], key[1]), set())}) or ["unlabelled"]
            print(f"- {key[0]} {key[2]} [label: {', '.join(verdicts)}] {sentences[key]}")


def _print_misses(missed: list[tuple[str, int, str, tuple[int, ...]]], links: list[tuple[tuple[str, ...], str]],
                  sections: dict[str, str], folder: Path) -> None:
    """Each numbered reference not linked: where, what the line says, and what the build linked there instead."""
    at: dict[tuple[str, int], list[str]] = {}
    for (_source, target, _relation, _sentence, where), _slug in links:
        path, line = where.rsplit(":", 1)
        number = sections.get(target, "").removeprefix("section:key-finding-")
        at.setdefault((Path(path).name, int(line)), []).append(f"{target.split(':')[1]} KF{number}")
    for path, line, slug, numbers in missed:
        text = (folder / Path(path).name).read_text(encoding="utf-8").split("\n")[line - 1]
        print(f"MISS {Path(path).name}:{line} -> {slug} {', '.join(f'KF{n}' for n in numbers)}; linked there: "
              f"{sorted(at.get((Path(path).name, line), [])) or 'nothing'}\n    {text[:300]}")


def with_descriptions(references: list[tuple[str, int, str, tuple[int, ...]]],
                      missed: list[tuple[str, int, str, tuple[int, ...]]], rows: list[dict[str, str]],
                      stated: set[tuple[str, int, str]], sections: dict[str, str]) -> tuple[int, int]:
    """(references, linked) pooling the numbered citations with a hand list of references by description: a
    listed row (file:line, cited slug, finding) whose line and item the string count already holds is that
    citation; the rest of a line's rows for one item are one reference, linked when a finding they list is
    linked at the line.  Rows listed ``none`` (no finding builds on the reference) are not references to link."""
    counted = {(Path(path).name, line, slug) for path, line, slug, _ in references}
    listed: dict[tuple[str, int, str], set[str]] = {}
    for row in rows:
        name, line = row["at"].rsplit(":", 1)
        if row["relation"] != "none" and (name, int(line), row["cited"]) not in counted:
            listed.setdefault((name, int(line), row["cited"]), set()).add(f"section:key-finding-{row['finding']}")
    linked = sum(1 for (name, line, slug), wanted in listed.items()
                 if any(sections.get(t) in wanted for n, at_line, t in stated
                        if (n, at_line) == (name, line) and t.startswith(f"claim:{slug}:")))
    return len(references) + len(listed), len(references) - len(missed) + linked


def _read_tsv(path: Path) -> list[dict[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def _precision(right: int, seen: int) -> str:
    return f"{right / seen:.2f} ({right}/{seen})" if seen else "n/a (0/0)"


def _targets_of(slug: str, proposed) -> set[str]:
    return {target for _s, target, _r in proposed if target.startswith(f"claim:{slug}:")}


if __name__ == "__main__":
    raise SystemExit(main())
