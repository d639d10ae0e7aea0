"""How items cite each other: the shares and forms ``bench/gen_corpus.py`` reproduces.

    .venv/bin/python bench/cite_forms.py ../shared/corpus/research ../shared/corpus/later
        [--manifest MANIFEST] [--json]

Reads every item of the folders together (a later item may cite a research item), runs kgsync's own
per-file reading of references (``kgsync.extract.references.scan``) on each, keeps the mentions of
another item of the folders (an exact slug, or an undated one that is exactly one item's), and prints
per folder and pooled:

- the share of items with ``cites:`` entries (plain slugs, mappings with findings), and the entries
  per citing item;
- the share of items whose text names another item (a *reference*: one line naming one item), of
  those whose text cites another item's finding by number, and of those with author markers;
- per citing item: references, numbered references, distinct items named (median, mean, max);
- the forms: where a reference stands (``Mention.shape``: a table row, a reading-list line, a list
  line, a framing section, prose), inside a Key Findings entry or not, named by a description, read
  by a row's Notes (its own finding named there), in a source attribution, with a finding number;
  how the item is written on its line (its page's or its file's web address, a Markdown link, its
  path or slug in code, a bare path, a bare dated slug); how the number is written ("Key Finding 3",
  "Key Findings 2-4" / "2 and 3", "KF3", "Finding 3").

``--manifest`` (a built graph's ``memory.kgsync.json``) adds what the build made of them: the items
stating claim → claim links and the links per such item.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from kgsync.extract.evidence_model import Mention  # noqa: E402
from kgsync.extract.references import scan  # noqa: E402
from kgsync.read.items import ResearchItem, read_items  # noqa: E402

#: How the cited item is written on the reference's line, first match wins.
NAMINGS = (
    ("markdown link", r"\]\([^)\s]*{slug}\.(?:md|html)"),
    ("URL of its file", r"https?://[^\s;|`<>]*/{slug}\.md"),
    ("URL of its page", r"https?://[^\s;|`<>]*/{slug}\.html"),
    ("path in code", r"`[^`\n]*/{slug}\.md`"),
    ("file in code", r"`{slug}\.md`"),
    ("slug in code", r"`{slug}`"),
    ("bare path", r"/{slug}\.md"),
    ("bare file", r"{slug}\.md"),
    ("bare slug", r"{slug}"),
)
#: How the finding number is written on the line, first match wins.
NUMBERINGS = (
    ("Key Findings N-M / N and M", re.compile(r"\bKey Findings #?\d{1,3}")),
    ("Key Finding N", re.compile(r"\bKey Finding #?\d{1,3}")),
    ("KF N", re.compile(r"\bKF ?\d{1,3}")),
    ("Finding N", re.compile(r"\bFindings? \d{1,3}")),
)


@dataclass
class Tally:
    items: int = 0
    with_cites: int = 0
    cites_plain: int = 0
    cites_mapping: int = 0
    naming: int = 0  # items whose text names another item
    numbering: int = 0  # ... and cites one of its findings by number
    marking: int = 0  # items with an author marker
    per_item_refs: list[int] = field(default_factory=list)
    per_item_numbered: list[int] = field(default_factory=list)
    per_item_targets: list[int] = field(default_factory=list)
    per_item_cites: list[int] = field(default_factory=list)
    forms: Counter[str] = field(default_factory=Counter)
    links: list[int] = field(default_factory=list)  # claim -> claim links of each item stating any


def resolve(target: str, slugs: set[str], by_tail: dict[str, list[str]]) -> str:
    if target in slugs:
        return target
    found = by_tail.get(target, [])
    return found[0] if len(found) == 1 else ""


def naming_form(line_text: str, slug: str) -> str:
    for name, pattern in NAMINGS:
        if re.search(pattern.format(slug=re.escape(slug)), line_text):
            return name
    return "undated, or not on its line"


def numbering_form(sentence: str) -> str:
    for name, pattern in NUMBERINGS:
        if pattern.search(sentence):
            return name
    return "other"


def tally_item(item: ResearchItem, lines: list[str], slugs: set[str], by_tail: dict[str, list[str]],
               tally: Tally) -> None:
    tally.items += 1
    cited = [c for c in item.cites if c != item.slug]
    mappings = len(item.cited_findings)
    if cited or mappings:
        tally.with_cites += 1
        tally.cites_plain += max(len(cited) - mappings, 0)
        tally.cites_mapping += mappings
        tally.per_item_cites.append(len(cited))
    prose: list[tuple[Mention, str]] = []
    marked = False
    for mention in scan(item):
        target = resolve(mention.target, slugs, by_tail)
        if not target or target == item.slug:
            continue
        if mention.exact and mention.sentence.startswith("cites: "):
            continue  # a cites: mapping, counted above
        if mention.exact:
            marked = True
            tally.forms["marker"] += 1
            continue
        prose.append((mention, target))
    if marked:
        tally.marking += 1
    references = {(m.line, target) for m, target in prose}
    numbered = {(m.line, target) for m, target in prose if m.finding}
    if not references:
        return
    tally.naming += 1
    tally.numbering += bool(numbered)
    tally.per_item_refs.append(len(references))
    tally.per_item_numbered.append(len(numbered))
    tally.per_item_targets.append(len({target for _line, target in references}))
    seen: set[tuple[int, str]] = set()
    for mention, target in prose:
        key = (mention.line, target)
        if key in seen:
            continue  # one reference a line and item: its several finding numbers are one citation
        seen.add(key)
        numbers = {m.finding for m, t in prose if (m.line, t) == key and m.finding}
        tally.forms["where: " + (mention.shape or "prose")] += 1
        tally.forms["in a Key Findings entry" if mention.held_by else "outside the Key Findings"] += 1
        tally.forms["numbered" if numbers else "no finding number"] += 1
        if numbers:
            tally.forms["number: " + numbering_form(lines[mention.line - 1])] += 1
            tally.forms[f"finding numbers a reference: {min(len(numbers), 3)}{'+' if len(numbers) >= 3 else ''}"] += 1
        if mention.via:  # "description" ("the parent taxonomy's KF5"), "notes" (a row's own finding in its Notes)
            tally.forms["read by its " + mention.via] += 1
        tally.forms["named: " + ("a description" if mention.via == "description" else
                                 naming_form(lines[mention.line - 1], target))] += 1
        if mention.sourced:
            tally.forms["in a source attribution"] += 1


def spread(values: list[int]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values):g}, mean {statistics.mean(values):.2f}, max {max(values)}"


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {100 * part / whole:.1f} %" if whole else "-"


def report(name: str, tally: Tally) -> list[str]:
    out = [f"## {name}: {tally.items} items", "",
           f"- items with cites: entries: {share(tally.with_cites, tally.items)}; entries {tally.cites_plain} plain, "
           f"{tally.cites_mapping} mappings; per citing item {spread(tally.per_item_cites)}",
           f"- items naming another item in their text: {share(tally.naming, tally.items)}",
           f"- items citing another item's finding by number: {share(tally.numbering, tally.items)}",
           f"- items with an author marker: {share(tally.marking, tally.items)}",
           f"- per naming item: references {spread(tally.per_item_refs)}; numbered {spread(tally.per_item_numbered)}; "
           f"items named {spread(tally.per_item_targets)}"]
    if tally.links:
        out.append(f"- claim -> claim links (the manifest): {share(len(tally.links), tally.items)} items state any; "
                   f"per such item {spread(tally.links)}")
    total = sum(tally.per_item_refs)
    out += ["", f"| form ({total} references) | count | share |", "|---|---|---|"]
    for form, count in sorted(tally.forms.items()):
        out.append(f"| {form} | {count} | {100 * count / total:.1f} % |" if total else f"| {form} | {count} | |")
    return out + [""]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--manifest", type=Path, help="a built graph's memory.kgsync.json: its claim links")
    parser.add_argument("--json", action="store_true", help="the pooled figures as JSON")
    args = parser.parse_args(argv)
    paths = {folder: sorted(folder.glob("*.md")) for folder in args.folders}
    result = read_items([p for group in paths.values() for p in group], Path("."))
    items = {item.slug: item for item in result.items}
    slugs = set(items)
    by_tail: dict[str, list[str]] = {}
    for slug in sorted(slugs):
        by_tail.setdefault(slug[11:], []).append(slug)
    links: dict[str, int] = {}
    if args.manifest:
        for slug, record in json.loads(args.manifest.read_text(encoding="utf-8"))["items"].items():
            links[slug] = sum(1 for e in record.get("evidence", ()) if e[0].startswith("claim:")
                              and e[1].startswith("claim:"))
    pooled = Tally()
    sections: list[str] = []
    for folder, group in paths.items():
        tally = Tally()
        for path in group:
            item = items.get(path.stem)
            if item is None:
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            for into in (tally, pooled):
                tally_item(item, lines, slugs, by_tail, into)
                if links.get(item.slug):
                    into.links.append(links[item.slug])
        sections += report(str(folder), tally)
    if args.json:
        print(json.dumps({"items": pooled.items, "with_cites": pooled.with_cites, "naming": pooled.naming,
                          "numbering": pooled.numbering, "references": pooled.per_item_refs,
                          "forms": dict(sorted(pooled.forms.items()))}, indent=1))
        return 0
    print("\n".join(sections + report("pooled", pooled)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
