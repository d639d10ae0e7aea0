"""Locality benchmark: does merging one item change other items' facts, and is each change explained?

    .venv/bin/python bench/bench_locality.py [--shared ../shared] [--deletes 20] [--adds N] [--only add|delete]
        [--out FILE] [--no-themes]

Builds the 220 items of ``corpus/research`` once, then, one at a time and each from that same
base (graph and manifest restored), adds each item of ``corpus/later`` and deletes a spread of
``--deletes`` items.  For each merge it counts the *bystanders* (items whose file did not change
but whose generated facts did) and how many of them the merged item's own shared nodes or a
named vocabulary event (``kgsync.diff.vocab_events``) explain.  The build cache is shared by all
builds, so each one re-assembles only what changed.  Prints a Markdown table and a summary
(docs/LOCALITY.md holds the last run).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.read import config as config_module  # noqa: E402
from kgsync.graph.merge import manifest_path  # noqa: E402
from kgsync.pipeline.stages import build  # noqa: E402
from kgsync.diff.vocab_events import explain, vocabulary_events  # noqa: E402


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
    rows: list[tuple[str, str, int, int, int, str]] = []
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
                                   base.vocabulary.topics, result.vocabulary.topics)
        found = explain(base.manifest.by_item, result.manifest.by_item, {slug}, events)
        rows.append((kind, slug, len(found.changed), len(found.explained), found.unexplained_count,
                     "; ".join(str(e) for e in events)))
        for bystander, facts in found.unexplained.items():
            print(f"  unexplained {kind} {slug} -> {bystander}: {'; '.join(facts[:3])}", file=sys.stderr)
    restore()
    elapsed = time.perf_counter() - started
    lines = ["| merge | item | bystanders | explained | unexplained | vocabulary events |",
             "|---|---|---|---|---|---|"]
    lines += [f"| {k} | `{s}` | {c} | {e} | {u} | {ev or '-'} |" for k, s, c, e, u, ev in rows]
    adds = [r for r in rows if r[0] == "add"]
    dels = [r for r in rows if r[0] == "delete"]
    summary = []
    for label, part in (("adds", adds), ("deletes", dels)):
        if part:
            summary.append(f"{label}: {len(part)}; bystanders max {max(r[2] for r in part)}, total "
                           f"{sum(r[2] for r in part)}; unexplained total {sum(r[4] for r in part)}, merges with "
                           f"any {sum(1 for r in part if r[4])}; with a vocabulary event {sum(1 for r in part if r[5])}")
    summary.append(f"{len(rows) + 1} builds in {elapsed:.0f} s")
    text = "\n".join(lines) + "\n\n" + "\n".join(f"- {line}" for line in summary) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
