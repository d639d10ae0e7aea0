"""Links whose sentence the stance rules read as this finding's stance: each reader's verdict on ``extends``.

    .venv/bin/python bench/bench_stance_hints.py [--shared ../shared] [--labels FILE ...] [--held-out]
        [--keep DIR]

Prose writes no ``supports`` or ``contradicts`` (docs/EVIDENCE.md, "Stance"): where the stance rules read a
sentence as this finding agreeing with (disputing) the cited finding, the link is ``extends`` and the build warns
with the marker to write (``evidence_hints.prose_stance_hint``).  Is ``extends`` the right relation there, or would
no link be better?  This prints the material to answer it.

Builds the research and the later items together (the 273-item graph, no theme vocabulary) with this checkout's
code, keeping the evidence plan and its warnings.  Each sentence stating a claim→claim link the graph writes is
tagged by the warning at its line that names the cited item: ``stance`` (the sentence read as this finding's
stance, linked as extends), ``own`` (said in the sentence's own clause, linked with its stance:
``evidence_hints.own_stance_hint``),
``refused`` (a stance cue near the citation not read as this finding's stance:
``evidence_hints.refused_hint``).  For every link with a tagged sentence it prints each reading's verdict on the
link as ``extends``:

* ``right``: the reader judged the pair right as extends (or said it should be extends);
* ``wrong-relation``: right pair, but the reader wants ``supports`` / ``contradicts`` (or the reader judged that
  relation right);
* ``other``: wrong finding on either side, or no link at all;
* ``-``: the reading has no row for the pair.

A reading's row judges the relation in its ``reader_relation`` column where it has one (the twenty-eighth
reading: the reader inferred the relation), else in ``relation``.  Beside them: the team's labels of the tagged
entries (``bench/evidence_labels.yml``, tuning labels, not blind) and, for later items, the blind batch labels
(``bench/labels/later_evidence_*.yml``) at the sentence's line and cited item.  ``removed`` marks a link every
sentence of which is ``stance``-tagged: what writing no link from such a sentence would remove from the graph.

Development rows (the citing item is in ``corpus/research``) are printed always, the later items' rows (held
out) only with ``--held-out``: run it once, after the decision the development rows support.  Not a test: it
prints figures.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_link_kinds import Entry, planned_with_issues  # noqa: E402
from bench_links import claim_links  # noqa: E402

READINGS = (ROOT / "bench" / "labels" / "reading_links_2026-12-06_twentyninth.tsv",
            ROOT / "bench" / "labels" / "reading_links_2026-12-06_twentyeighth.tsv")
TEAM = ROOT / "bench" / "evidence_labels.yml"
LATER = tuple(sorted((ROOT / "bench" / "labels").glob("later_evidence_*.yml")))

#: the opening words of each tagged warning (``evidence_hints.prose_stance_hint``, ``evidence_hints.refused_hint``)
STANCE_HINT = "this sentence reads as this finding "
REFUSED_HINT = "is not read as a stance of this item's finding"
OWN_HINT = "this sentence says, in its own clause, that this finding "  # ``evidence_hints.own_stance_hint``


def hint_tag(message: str) -> str:
    """``stance``, ``own``, ``refused`` or "" for a warning of the evidence plan."""
    return "stance" if message.startswith(STANCE_HINT) else "own" if message.startswith(OWN_HINT) else \
        "refused" if REFUSED_HINT in message else ""


def sentence_tags(entries: list[Entry], issues: tuple[Any, ...]) -> dict[Entry, str]:
    """Each entry's tag: the tagged warning at its line of its item that names the cited item."""
    warned: dict[tuple[str, int], list[tuple[str, str]]] = {}
    for issue in issues:
        tag = hint_tag(issue.message)
        if tag and issue.location.line is not None:
            warned.setdefault((issue.slug, issue.location.line), []).append((tag, issue.message))
    tags = {}
    for entry in entries:
        source_slug, cited = entry[0].split(":")[1], entry[1].split(":")[1]
        line = int(entry[5].rsplit(":", 1)[1])
        tags[entry] = next((tag for tag, message in warned.get((source_slug, line), []) if cited in message), "")
    return tags


def verdict_on_extends(row: dict[str, str]) -> str:
    """A reading's row as a verdict on the pair linked as ``extends`` (module docstring)."""
    judged = row.get("reader_relation") or row["relation"]
    if row["verdict"] == "right":
        return "right" if judged == "extends" else "wrong-relation"
    if row["verdict"] == "wrong-relation":
        return "right" if row.get("should_be") == "extends" else "wrong-relation"
    return "other"


def reading_rows(path: Path) -> dict[tuple[str, str], list[dict[str, str]]]:
    """(from, to) -> the reading's rows of that pair."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    out: dict[tuple[str, str], list[dict[str, str]]] = {}
    for row in csv.DictReader(rows, delimiter="\t"):
        out.setdefault((row["from"], row["to"]), []).append(row)
    return out


def items_folder(shared: Path, work: Path) -> Path:
    """A folder holding the research and the later items together (links to the files)."""
    folder = work / "items"
    folder.mkdir(parents=True, exist_ok=True)
    for part in ("research", "later"):
        for path in sorted((shared / "corpus" / part).glob("*.md")):
            if path.name != "README.md" and not (folder / path.name).exists():
                (folder / path.name).symlink_to(path.resolve())
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--labels", type=Path, nargs="+", default=list(READINGS))
    parser.add_argument("--held-out", action="store_true", help="also print the later items' rows (run once)")
    parser.add_argument("--keep", type=Path, help="build in this folder")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="kgsync-stance-"))
    work.mkdir(parents=True, exist_ok=True)
    graph, entries, _, issues = planned_with_issues(args.shared, work, items_folder(args.shared, work))
    research = {path.stem for path in (args.shared / "corpus" / "research").glob("*.md")}
    links = claim_links(graph)
    entries = [e for e in entries if e[2] in links.get((e[0], e[1]), set())]  # written to the graph
    tags = sentence_tags(entries, issues)
    by_link: dict[tuple[str, str, str], list[Entry]] = {}
    for entry in entries:
        by_link.setdefault(entry[:3], []).append(entry)
    readings = {path.name: reading_rows(path) for path in args.labels}
    team = yaml.safe_load(TEAM.read_text(encoding="utf-8"))["labels"]
    later = [label for path in LATER for label in yaml.safe_load(path.read_text(encoding="utf-8")) or []]
    print(f"warnings: {sum(bool(hint_tag(i.message)) for i in issues)} tagged "
          f"({', '.join(f'{t} {n}' for t, n in sorted(Counter(hint_tag(i.message) for i in issues).items()) if t)})")
    for half in ("development", "held out") if args.held_out else ("development",):
        counts: Counter[tuple[str, str, str, bool]] = Counter()  # (tag, reading, verdict, removed)
        print(f"\n## {half} rows (citing item {'in' if half == 'development' else 'not in'} corpus/research)")
        for (source, target, relation), stated in sorted(by_link.items()):
            if (source.split(":")[1] in research) != (half == "development"):
                continue
            tagged = sorted({tags[e] for e in stated} - {""})
            if not tagged:
                continue
            removed = all(tags[e] == "stance" for e in stated)
            print(f"\n- {relation} {source} -> {target}{'  [removed]' if removed else ''}")
            for e in stated:
                print(f"    [{tags[e] or '-'}] [{e[3]}] {e[5]}: {e[4][:160]}")
            for name, rows in readings.items():
                pair = rows.get((source, target), [])
                said = "; ".join(f"row {r['id']} {verdict_on_extends(r)}"
                                 f"{' (' + r['should_be'] + ')' if r.get('should_be') else ''}" for r in pair) or "-"
                print(f"    {name}: {said}")
                for tag in tagged:
                    for verdict in {verdict_on_extends(r) for r in pair} or {"-"}:
                        counts[tag, name, verdict, removed] += 1
            for label in team:
                if (label["from"], label["to"]) == (source, target) and any(e[5] == label["at"] for e in stated):
                    print(f"    team ({label['at']}): {label['relation']} {label['verdict']}"
                          f"{' (tuning)' if label.get('tuning') else ''}")
            cited = target.split(":")[1]
            for label in later:
                if label["cited"] == cited and any(e[5] == label["at"] and tags[e] for e in stated):
                    print(f"    later blind labels ({label['at']}): {label['relation']}")
        print(f"\n{half}: verdicts on the tagged links as extends (a pair two rows judge differently counts once "
              "under each)\n")
        print("| tag | reading | removed | right | wrong-relation | other | unread |")
        print("|---|---|---|---|---|---|---|")
        for tag, name, removed in sorted({(t, n, r) for t, n, _, r in counts}):
            cells = " | ".join(str(counts[tag, name, v, removed]) for v in ("right", "wrong-relation", "other", "-"))
            print(f"| {tag} | {name} | {'yes' if removed else 'no'} | {cells} |")


if __name__ == "__main__":
    main()
