"""Locality benchmark: does merging one item change other items' facts, and is each change explained?

    .venv/bin/python bench/bench_locality.py [--shared ../shared] [--deletes 20] [--adds N] [--only add|delete]
        [--out FILE] [--no-themes]

Builds the 220 items of ``corpus/research`` once, then, one at a time and each from that same
base (graph and manifest restored), adds each item of ``corpus/later`` and deletes a spread of
``--deletes`` items.  For each merge it counts the *bystanders* (items whose file did not change
but whose generated facts did) and how many of them the merged item's own shared nodes or a
named vocabulary event (``kgsync.diff.vocab_events``) explain.  Explained is not harmless: it
also counts the bystanders whose own concepts or methods the merge *renamed* (the item links a
term node in place of one it linked before) and those that *lost* one (a node it still names left
it, none came in its place): issue 21 asks that a delete rename nothing.  The build cache is shared by
all builds, so each one re-assembles only what changed.  Prints a Markdown table and a summary
(docs/LOCALITY.md holds the last run).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.contract.model import TERM_LINKS, Facts  # noqa: E402
from kgsync.read import config as config_module  # noqa: E402
from kgsync.graph.manifest import manifest_path  # noqa: E402
from kgsync.pipeline.stages import build  # noqa: E402
from kgsync.diff.vocab_events import explain, vocabulary_events  # noqa: E402


def _terms(facts: Facts | None, slug: str) -> set[str]:
    """The concept and method nodes the item links itself (addresses, uses_method)."""
    item = f"item:{slug}"
    return {r.target for r in (facts.relations if facts else ()) if r.source == item and r.relation_type in TERM_LINKS}


def renamed_and_lost(before: dict[str, Facts], after: dict[str, Facts], bystanders: Sequence[str]) -> tuple[int, int]:
    """How many bystanders had a term node renamed (one lost, another gained), how many only lost one."""
    renamed = lost = 0
    for slug in bystanders:
        old, new = _terms(before.get(slug), slug), _terms(after.get(slug), slug)
        if old - new and new - old:
            renamed += 1
        elif old - new and slug in after:
            lost += 1
    return renamed, lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--deletes", type=int, default=20)
    parser.add_argument("--adds", type=int, default=0, help="only the first N later items (0: all)")
    parser.add_argument("--only", choices=("add", "delete"), help="run only the adds or only the deletes")
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    parser.add_argument("--no-themes", action="store_true",
                        help="build without the corpus's theme vocabulary, as a repository with no themes_vocabulary")
    args = parser.parse_args()
    corpus = args.shared / "corpus"
    work = Path(tempfile.mkdtemp(prefix="kgsync-locality-"))
    items_dir = work / "items"
    shutil.copytree(corpus / "research", items_dir)
    graph_path = work / "graph.jsonl"
    cfg = config_module.load(ROOT).with_overrides(
        items=str(items_dir), graph=str(graph_path), cache_dir=str(work / "cache"),
        themes_vocabulary="" if args.no_themes else str(corpus / "themes-vocabulary.md"), vocabulary="",
    )
    started = time.perf_counter()
    base = build(cfg)
    base_bytes = graph_path.read_bytes(), manifest_path(graph_path).read_bytes()

    def restore() -> None:
        graph_path.write_bytes(base_bytes[0])
        manifest_path(graph_path).write_bytes(base_bytes[1])

    later = sorted(p for p in (corpus / "later").glob("*.md") if p.name != "README.md")
    if args.adds:
        later = later[: args.adds]
    research = sorted(p for p in items_dir.glob("*.md") if p.name != "README.md")
    step = max(1, len(research) // max(1, args.deletes))
    deletes = research[::step][: args.deletes]
    rows: list[tuple[str, str, int, int, int, int, int, str]] = []
    merges = [("add", p) for p in later] + [("delete", p) for p in deletes]
    for kind, path in [m for m in merges if args.only in (None, m[0])]:
        restore()
        if kind == "add":
            target = items_dir / path.name
            shutil.copyfile(path, target)
        else:
            saved = path.read_bytes()
            path.unlink()
        try:
            result = build(cfg)
        finally:
            if kind == "add":
                target.unlink()
            else:
                path.write_bytes(saved)
        slug = path.stem
        events = vocabulary_events(base.vocabulary.hub_keys, result.vocabulary.hub_keys, base.manifest.by_item,
                                   result.manifest.by_item, base.vocabulary.merges, result.vocabulary.merges,
                                   base.vocabulary.acronyms, result.vocabulary.acronyms,
                                   base.vocabulary.topics, result.vocabulary.topics,
                                   set(base.manifest.themes), set(result.manifest.themes))
        found = explain(base.manifest.by_item, result.manifest.by_item, {slug}, events)
        renamed, lost = renamed_and_lost(dict(base.manifest.by_item), dict(result.manifest.by_item), found.changed)
        rows.append((kind, slug, len(found.changed), len(found.explained), found.unexplained_count, renamed, lost,
                     "; ".join(str(e) for e in events)))
        for bystander, facts in found.unexplained.items():
            print(f"  unexplained {kind} {slug} -> {bystander}: {'; '.join(facts[:3])}", file=sys.stderr)
    restore()
    elapsed = time.perf_counter() - started
    lines = ["| merge | item | bystanders | explained | unexplained | renamed | lost a term | vocabulary events |",
             "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {k} | `{s}` | {c} | {e} | {u} | {rn} | {lo} | {ev or '-'} |" for k, s, c, e, u, rn, lo, ev in rows]
    adds = [r for r in rows if r[0] == "add"]
    dels = [r for r in rows if r[0] == "delete"]
    summary = []
    for label, part in (("adds", adds), ("deletes", dels)):
        if part:
            summary.append(f"{label}: {len(part)}; bystanders max {max(r[2] for r in part)}, total "
                           f"{sum(r[2] for r in part)}; unexplained total {sum(r[4] for r in part)}, merges with "
                           f"any {sum(1 for r in part if r[4])}; with a vocabulary event {sum(1 for r in part if r[7])}; "
                           f"bystanders renamed {sum(r[5] for r in part)} (merges {sum(1 for r in part if r[5])}), "
                           f"lost a term {sum(r[6] for r in part)} (merges {sum(1 for r in part if r[6])})")
    summary.append(f"{len(rows) + 1} builds in {elapsed:.0f} s")
    text = "\n".join(lines) + "\n\n" + "\n".join(f"- {line}" for line in summary) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
