"""Pathological lines parse in linear time, and the linear patterns keep their meaning.

The parse runs in a child process with a timeout: on the old patterns a 30,000-character
line of "[" alone took minutes (time quadrupled when the line doubled), so the test fails
by timing out instead of hanging the suite.  Now the whole file takes about a second; the
bound is generous for a loaded machine and is no speed goal (bench/bench_hostile.py is).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kgsync.extract.findings import clean_statement, first_sentence, lead_sentence
from kgsync.read.items import read_item_bytes

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("[", "([", "A. ", "[a](", "[fact", "(source: ", "# a#", "# ", "<", "](", " ", "\n \n")

CHILD = """
import sys
sys.path.insert(0, {bench!r})
import bench_hostile
from kgsync.extract.record import parse_record
kinds = {kinds!r}
for kind in kinds:
    line = ("(" + "[" * 30000)[:30000] if kind == "([" else (kind * 30000)[:30000]
    record = parse_record(bench_hostile.item_with(line), "Research/completed/2026-01-01-x.md", "2026-01-01-x")
    assert record.item is not None and record.extraction is not None and record.candidates is not None, kind
print("ok")
"""


def test_pathological_lines_of_every_kind_parse_without_backtracking() -> None:
    code = CHILD.format(bench=str(ROOT / "bench"), kinds=KINDS)
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("parsing 30,000-character pathological lines took over 120 s: a pattern backtracks")
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


@pytest.mark.parametrize(("text", "expected"), [
    # A link's text holds no bracket (CommonMark): the inner link is the link, the outer
    # brackets an evidence label that is dropped.
    ("[inference; source: [GitHub docs](https://x.org/a), B] Teams should use files.", "Teams should use files."),
    ("**Bold** claim with [a link](https://x.org) and `code`.", "Bold claim with a link and code."),
    # As before the linear rewrite: a note ends at its first closing bracket.
    ("Retrieval helps (source: Smith (2020)).", "Retrieval helps)."),
    ("Retrieval helps (high confidence; https://x.org/a).", "Retrieval helps"),
    ("Retrieval helps (see the appendix).", "Retrieval helps (see the appendix)."),
    ("A claim [fact: see [1]] here.", "A claim ] here."),
])
def test_clean_statement_keeps_its_meaning(text: str, expected: str) -> None:
    assert clean_statement(text) == expected


def test_first_sentence_skips_abbreviations_only_at_the_end() -> None:
    assert first_sentence("Smith et al. found it. Then more.") == "Smith et al. found it."
    assert first_sentence("See Fig. 3 for details. Next.") == "See Fig. 3 for details."
    assert first_sentence("The XA. Next one.") == "The XA."  # "A." inside a word is no initial
    assert first_sentence("By J. Smith. Next.") == "By J. Smith."
    assert lead_sentence("Cost falls ( ; ). Next.") == "Cost falls ."


def test_heading_closing_sequence_is_stripped_as_before() -> None:
    raw = (b"---\ntitle: T\n---\n\n## Research Question ##  \n\nWhy?\n\n## Key Findings#\n\n1. One.\n\n"
           b"## Sources # #\n\n- https://x.org/a\n")
    item, _warnings = read_item_bytes(raw, "x.md", "x")
    assert [s.heading for s in item.sections] == ["Research Question", "Key Findings", "Sources #"]


FENCES_CHILD = """
from kgsync.read.item_sections import fenced_blocks
for text in ("x\\n" + "    ```\\n" * 40000, "- a\\n" + "  x\\n  ```\\n" * 40000, "  ```\\n  ```\\n" * 40000):
    fenced_blocks(text)
print("ok")
"""


def test_runs_of_indented_fence_lines_are_read_in_linear_time() -> None:
    # Each indented fence line reads the lines before it back to its list item: on 40,000 such lines
    # with nothing to stop at, reading every one back to the start took minutes (quadratic).
    try:
        done = subprocess.run([sys.executable, "-c", FENCES_CHILD], capture_output=True, text=True, timeout=60, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("reading 40,000 indented fence lines took over 60 s: a fence line's list item is searched quadratically")
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
