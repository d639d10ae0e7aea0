"""The items whose title or research question names a concept or method node they do not link (issue 21, subject190).

    .venv/bin/python bench/bench_subject_links.py GRAPH ITEMS_DIR [ITEMS_DIR ...] [--split 2026-05-01]
        [--sheet FILE] [--labels FILE]

A reader found items *about* ServiceNow (its name in their title and question) that do not link
``concept:servicenow``: their capped slots went to other terms.  For every ``concept`` and ``method``
node of GRAPH (a ``memory.jsonl``) and every item of ITEMS_DIR (read by ``kgsync.read``), the pair is
a *subject pair* when the node's name (its slug's words) or one of its aliases stands in the item's
title or research question, the item's own statement of its subject (not a URL, a link target, inline
code, a cited title or a tag: those fields are not read), and it is *unlinked* when the graph holds
neither ``item -addresses-> node`` nor ``item -uses_method-> node``.  A name matches as whole words,
hyphen or space alike, a final ``s``/``es`` allowed; case-insensitive but for a form written in capitals
only (an acronym), matched as written.

Prints, for the research items (completed before ``--split``) and the later ones apart, the subject
pairs, the linked and the unlinked by where the name stands (title only, question only, both).
``--sheet`` writes every unlinked pair as a label sheet (half, slug, node, where, the title and the
question, a ``verdict`` to fill: ``subject`` when the item is about that idea, ``mention`` when its
title or question only mentions it, and a ``why``).  ``--labels`` reads a filled sheet back and prints
its verdicts by half and where.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from bench.bench_written_links import read_graph  # the nodes, their forms and the item links, read alike  # noqa: E402

#: What the title and question lose before matching: a URL, a markdown link's target, inline code.
_NOT_PROSE = re.compile(r"https?://\S+|\]\([^)]*\)|`[^`]*`")


@dataclass(frozen=True)
class Subject:
    """An item's own statement of its subject."""

    slug: str
    completed: str
    title: str
    question: str


@dataclass(frozen=True)
class Pair:
    """A subject pair: the item, the node, where its name stands (``title``, ``question``, ``both``), linked or not."""

    half: str
    item: Subject
    node: str
    where: str
    linked: bool


def read_subjects(folders: Iterable[Path]) -> list[Subject]:
    """Every item's title and research question, by ``kgsync.read`` (the front matter and tags are not read)."""
    from kgsync.read.items import read_corpus

    out: list[Subject] = []
    for folder in folders:
        for item in read_corpus(folder).items:
            out.append(Subject(item.slug, item.completed, _NOT_PROSE.sub(" ", item.title),
                               _NOT_PROSE.sub(" ", item.research_question)))
    return sorted(out, key=lambda s: s.slug)


def form_pattern(form: str) -> re.Pattern[str]:
    """A node's form as whole words, hyphen or space alike, a plural allowed; an acronym as written."""
    words = re.findall(r"[A-Za-z0-9]+(?:[.'][A-Za-z0-9]+)*", form)
    body = r"[\s-]+".join(re.escape(w) for w in words)
    flags = 0 if re.fullmatch(r"[A-Z0-9]{2,}s?", form.replace(" ", "")) and any(c.isalpha() for c in form) else re.I
    return re.compile(rf"(?<![\w-]){body}(?:s|es)?(?![\w])", flags)


def patterns(nodes: Mapping[str, Sequence[str]]) -> dict[str, list[re.Pattern[str]]]:
    return {node: [form_pattern(f) for f in forms if f.strip()] for node, forms in nodes.items()}


def subject_pairs(subjects: Sequence[Subject], nodes: Mapping[str, Sequence[str]], links: set[tuple[str, str]],
                  split: str) -> list[Pair]:
    """Every (item, node) whose name stands in the item's title or question, linked or not."""
    forms = patterns(nodes)
    out: list[Pair] = []
    for item in subjects:
        half = "research" if item.completed < split else "later"
        for node, pats in forms.items():
            in_title = any(p.search(item.title) for p in pats)
            asked = any(p.search(item.question) for p in pats)
            if in_title or asked:
                where = "both" if in_title and asked else "title" if in_title else "question"
                out.append(Pair(half, item, node, where, (item.slug, node) in links))
    return out


def report(pairs: Sequence[Pair]) -> list[str]:
    lines = []
    for half in ("research", "later"):
        mine = [p for p in pairs if p.half == half]
        unlinked = Counter(p.where for p in mine if not p.linked)
        linked = Counter(p.where for p in mine if p.linked)
        items = len({p.item.slug for p in mine if not p.linked})
        lines.append(f"{half}: {len(mine)} subject pairs, {sum(linked.values())} linked, {sum(unlinked.values())} "
                     f"unlinked on {items} items; unlinked by where " + ", ".join(
                         f"{w} {unlinked[w]} (linked {linked[w]})" for w in ("title", "question", "both")))
    return lines


SHEET_FIELDS = ("half", "slug", "node", "where", "title", "question", "verdict", "why")


def write_sheet(path: Path, pairs: Sequence[Pair]) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(SHEET_FIELDS)
        for p in pairs:
            if not p.linked:
                question = " ".join(p.item.question.split())[:300]
                writer.writerow((p.half, p.item.slug, p.node, p.where, p.item.title, question, "", ""))


def read_labels(path: Path) -> list[dict[str, str]]:
    """A filled sheet's rows (lines opening with ``#`` are its header notes)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def label_report(rows: Sequence[Mapping[str, str]]) -> list[str]:
    lines = []
    for half in ("research", "later"):
        mine = [r for r in rows if r["half"] == half]
        tally = Counter((r["where"], r["verdict"]) for r in mine)
        subject = sum(1 for r in mine if r["verdict"] == "subject")
        lines.append(f"{half}: {subject}/{len(mine)} subject; " + ", ".join(
            f"{w}: {tally[(w, 'subject')]}/{sum(n for (w2, _v), n in tally.items() if w2 == w)}"
            for w in ("title", "question", "both")))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", type=Path, nargs="+")
    parser.add_argument("--split", default="2026-05-01")
    parser.add_argument("--sheet", type=Path)
    parser.add_argument("--labels", type=Path)
    args = parser.parse_args(argv)
    nodes, links = read_graph(args.graph)
    pairs = subject_pairs(read_subjects(args.items), nodes, links, args.split)
    print("\n".join(report(pairs)))
    if args.sheet:
        write_sheet(args.sheet, pairs)
    if args.labels:
        print("\n".join(label_report(read_labels(args.labels))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
