"""bench/bench_compiled.py: what it compiles, and how it splits a cachegrind file."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import bench_compiled  # noqa: E402  (bench/ is not a package)


def test_it_compiles_the_read_stage_but_the_modules_that_cannot_be() -> None:
    compiled = bench_compiled.modules(ROOT)
    assert "kgsync/extract/mining.py" in compiled and "kgsync/read/items.py" in compiled
    assert not set(bench_compiled.EXCLUDED) & set(compiled)
    assert all((ROOT / module).is_file() for module in bench_compiled.EXCLUDED)  # none renamed away


def test_instructions_are_summed_by_the_kind_of_code_their_source_file_is(tmp_path: Path) -> None:
    out = tmp_path / "cachegrind.out"
    out.write_text("events: Ir\nfl=/x/Modules/_sre/sre_lib.h\nfn=sre_search\n12 300\n13 20\n"
                   "fl=/x/Python/ceval.c\nfn=_PyEval_EvalFrameDefault\n5 7\nfl=???\nfn=???\n0 1\n", encoding="utf-8")
    assert bench_compiled._instructions(out) == {"regex engine": 320, "interpreter loop": 7,
                                                 "other C (calls, objects, ...)": 1}


def test_the_table_has_the_places_only_compiled_code_has() -> None:
    from collections import Counter

    rows = bench_compiled.instruction_rows({"pure": Counter({"interpreter loop": 4 * 10**9}),
                                            "compiled": Counter({"interpreter loop": 10**9, "mypyc runtime": 10**9})}, 5)
    assert rows[2:] == ["| interpreter loop | 4.00 | 1.00 |", "| mypyc runtime | 0.00 | 1.00 |", "| total | 4.00 | 2.00 (-50%) |"]
