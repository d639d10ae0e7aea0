"""Hostile input: pathological lines of every kind through one item's whole parse.

    .venv/bin/python bench/bench_hostile.py [--length 100000] [--kinds '[' '(['] [--megabyte]

Each kind is one line of ``--length`` characters (a character or a short pattern repeated)
placed where item text is parsed: in the title, the Executive Summary, a Key Finding, the
Sources and a plain section.  Prints the seconds each takes through reading, extraction
and mining (``kgsync.extract.record.parse_record``, all the per-item work of a build), and, with
``--megabyte``, a full build of one 1 MB item made of every kind (goal: < 2 s).
A regex that backtracks super-linearly shows as a time that quadruples when the length
doubles; every kind should take about the same time per character.
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from kgsync.read import config as config_module  # noqa: E402
from kgsync.extract.record import parse_record  # noqa: E402
from kgsync.read.items import MAX_LINE  # noqa: E402
from kgsync.pipeline.stages import build  # noqa: E402

# Each pattern is repeated to the length; the ones the issue found first, then the others
# every regex over item text was checked against.
KINDS = {
    "[": "[", "([": None, "#": "#", "A. ": "A. ", "(": "(", "](": "](", "[a](": "[a](", "**": "**", "*": "*",
    "*a": "*a", "__": "__", "`": "`", "``a": "``a", "_": "_", "<": "<", "<a": "<a", "1. ": "1. ", "- ": "- ",
    "space": " ", "a": "a", "a ": "a ", "A": "A", "(A": "(A", "a-": "a-", "a.": "a.", "a'": "a'", ".": ".",
    "http://": "http://", "https://a": "https://a", "x.md ": "x.md ", "2026-01-01-a": "2026-01-01-a-",
    "confidence ": "confidence ", "high ": "high ", "[fact": "[fact", "(source: ": "(source: ", "a (b": "a (b",
    ";": ";", "# ": "# ", "# a#": "# a#", "((": "((", "\t": "\t", "§": "§", "c++": "c++", "c#": "c#", ".net": ".net", "'s": "'s",
}


def line_of(kind: str, length: int) -> str:
    if kind == "([":
        return ("(" + "[" * length)[:length]
    pattern = KINDS[kind]
    assert pattern is not None
    return (pattern * (length // len(pattern) + 1))[:length]


def item_with(line: str) -> bytes:
    # the title's frontmatter line stays within MAX_LINE: a longer one is an item error (the item is not parsed,
    # and the bench would time that refusal, not the parse of the line in the body's sections)
    title = line.replace("\n", " ")
    while len(f"title: {title!r}") > MAX_LINE:
        title = title[:len(title) * 9 // 10]
    return (
        f"---\ntitle: {title!r}\ncompleted: 2026-01-01\nthemes: [a]\n---\n\n# T\n\n## Research Question\n\n{line}\n\n"
        f"## Executive Summary\n\n{line}\n\n## Key Findings\n\n1. {line}\n2. **{line}** (high confidence)\n\n"
        f"## Sources\n\n- {line}\n\n## Notes\n\n{line}\n"
    ).encode()


def time_kind(kind: str, length: int) -> float:
    raw = item_with(line_of(kind, length))
    started = time.perf_counter()
    record = parse_record(raw, "Research/completed/2026-01-01-x.md", "2026-01-01-x")
    record.load_parts()
    return time.perf_counter() - started


def megabyte_item() -> bytes:
    """About 1 MB: every kind as one line, spread over the sections an item's text is read from."""
    lines = [line_of(kind, 1_000_000 // len(KINDS)) for kind in KINDS]
    fifth = len(lines) // 5
    parts = [lines[i * fifth:(i + 1) * fifth] for i in range(4)] + [lines[4 * fifth:]]
    return (
        "---\ntitle: A hostile item\ncompleted: 2026-01-01\nthemes: [a]\n---\n\n# T\n\n## Research Question\n\n"
        + "\n".join(parts[0]) + "\n\n## Executive Summary\n\n" + "\n".join(parts[1]) + "\n\n## Key Findings\n\n"
        + "\n".join(f"{n}. {line}" for n, line in enumerate(parts[2], 1)) + "\n\n## Sources\n\n"
        + "\n".join(f"- {line}" for line in parts[3]) + "\n\n## Notes\n\n" + "\n".join(parts[4]) + "\n"
    ).encode("utf-8")


def megabyte_build() -> float:
    raw = megabyte_item()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        items = root / "Research" / "completed"
        items.mkdir(parents=True)
        (items / "2026-01-01-x.md").write_bytes(raw)
        cfg = config_module.load(root).with_overrides(cache_dir="")
        started = time.perf_counter()
        build(cfg)
        seconds = time.perf_counter() - started
    print(f"one item of {len(raw) / 1e6:.2f} MB ({len(KINDS)} kinds of line): full build {seconds:.2f} s "
          f"(goal < 2 s)")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--length", type=int, default=100_000)
    parser.add_argument("--kinds", nargs="*", default=list(KINDS))
    parser.add_argument("--megabyte", action="store_true")
    args = parser.parse_args()
    print(f"| line kind | {args.length:,} chars (s) | {args.length // 2:,} chars (s) | ratio |")
    print("|---|---|---|---|")
    for kind in args.kinds:
        full, half = time_kind(kind, args.length), time_kind(kind, args.length // 2)
        print(f"| {kind!r} | {full:.3f} | {half:.3f} | {full / max(half, 1e-9):.1f} |", flush=True)
    if args.megabyte:
        megabyte_build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
