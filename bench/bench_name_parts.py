"""Links an item makes to a node it writes only inside a longer name ("Personal Knowledge Management"
-> knowledge-management, "Microsoft Copilot Studio" -> microsoft-copilot), or nowhere in its own prose.

    .venv/bin/python bench/bench_name_parts.py GRAPH ITEMS_DIR [ITEMS_DIR ...] [--split 2026-05-01] [--list]

Issue 21, links199.  For every ``addresses`` / ``uses_method`` link of GRAPH (a ``memory.jsonl``) from an
item of ITEMS_DIR to a concept or method node, each occurrence of the node's forms (its slug's words and its
aliases, ``bench_written_links.form_keys``) in the item's own prose (``bench_written_links.read_item``: no
front matter, tags, Sources/Related/Evidence Map sections, URLs, link targets, code or dated slugs) is:

* ``part``: written with a capital and joined, with only spaces between, to a capitalised word before it
  (not where a sentence, line, heading or parenthesis opens: ``nesting.at_opening``) or after it: a piece
  of a longer proper name ("Personal Knowledge Management", "Microsoft Copilot Studio");
* ``own``: any other.

A link is ``parts-only`` when the item writes the node at least once and only as ``part``; ``unwritten``
when its own prose never writes it (a tag, a cited title, a URL slug); else ``own``.  Prints the counts per
class and node kind, research (completed before ``--split``) and later items apart; ``--list`` prints each
parts-only and unwritten link with the longer names it is written in.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_written_links import ZONES, _fold, form_keys, read_graph, read_item  # noqa: E402
from kgsync.extract.nesting import at_opening  # noqa: E402

_WORD = re.compile(r"[A-Za-z0-9]+(?:[.'][A-Za-z0-9]+)*")


def _capital(word: str) -> bool:
    """A word written with a capital first (a name's word, or a sentence's first: ``at_opening`` tells)."""
    return word[:1].isupper()


def occurrences(text: str, forms: set[tuple[str, ...]]) -> list[tuple[str, str]]:
    """(class, the run of capitalised words around it) of each occurrence of ``forms`` in ``text``."""
    matches = list(_WORD.finditer(text))
    words = [_fold(m.group(0)) for m in matches]
    longest = max((len(f) for f in forms), default=0)
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        size = next((n for n in range(min(longest, len(words) - i), 0, -1) if tuple(words[i:i + n]) in forms), 0)
        if not size:
            i += 1
            continue
        first, last = matches[i], matches[i + size - 1]
        part = False
        if _capital(first.group(0)):
            left = i - 1
            if left >= 0 and not text[matches[left].end():first.start()].strip(" ") and \
                    _capital(matches[left].group(0)) and not at_opening(text, matches[left].start()):
                part = True
            right = i + size
            if right < len(matches) and not text[last.end():matches[right].start()].strip(" ") and \
                    _capital(matches[right].group(0)):
                part = True
        start, end = i, i + size
        while start > 0 and not text[matches[start - 1].end():matches[start].start()].strip(" ") and \
                _capital(matches[start - 1].group(0)):
            start -= 1
        while end < len(matches) and not text[matches[end - 1].end():matches[end].start()].strip(" ") and \
                _capital(matches[end].group(0)):
            end += 1
        out.append(("part" if part else "own", text[matches[start].start():matches[end - 1].end()]))
        i += size
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", type=Path, nargs="+")
    parser.add_argument("--split", default="2026-05-01")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    nodes, links = read_graph(args.graph)
    items = {p.stem: read_item(p) for d in args.items for p in sorted(d.glob("*.md")) if p.stem[:4].isdigit()}
    counts: Counter[tuple[str, str, str]] = Counter()
    listed: list[tuple[str, str, str, str, str]] = []
    for slug, node in sorted(links):
        item = items.get(slug)
        if item is None or node not in nodes:
            continue
        half = "research" if item.completed < args.split else "later"
        forms = form_keys(nodes[node])
        seen = [(zone, c, run) for zone in ZONES for c, run in occurrences(item.zones[zone], forms)]
        kind = "unwritten" if not seen else "parts-only" if all(c == "part" for _, c, _ in seen) else "own"
        counts[(half, node.split(":")[0], kind)] += 1
        if kind != "own":
            runs = "; ".join(sorted({f"{z}:{r}" for z, _, r in seen}))
            listed.append((half, kind, slug, node, runs))
    for half in ("research", "later"):
        print(f"{half}:")
        for kind in ("own", "parts-only", "unwritten"):
            row = {t: counts[(half, t, kind)] for t in ("concept", "method")}
            print(f"  {kind:<11} concept {row['concept']:>5}  method {row['method']:>4}")
    if args.list:
        for row in sorted(listed):
            print("\t".join(row))


if __name__ == "__main__":
    main()
