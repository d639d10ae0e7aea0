"""WordNet's topic domains of a compound's senses (``bench/bench_wordnet_domains.py``, issue 21, topics20)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_wordnet_domains import read_nouns, readings, senses

#: Four synsets in wndb(5WN) form: "source code" (no domain) under "code", which lies in "computer science";
#: "real time" (sense 2) itself in "computer science".
DATA = """\
  1 header line
00000001 09 n 01 computer_science 0 000 | the science of computers
00000002 10 n 01 code 0 001 ;c 00000001 n 0000 | instructions for a computer
00000003 10 n 01 source_code 0 001 @ 00000002 n 0000 | a program as written
00000004 28 n 01 real_time 0 001 ;c 00000001 n 0000 | the time a process takes
00000005 28 n 01 real_time 0 000 | a time of the world
"""
INDEX = """\
  1 header line
real_time n 2 1 ;c 2 0 00000005 00000004
source_code n 1 1 @ 1 0 00000003
"""


def test_domain_readings(tmp_path: Path) -> None:
    (tmp_path / "data.noun").write_text(DATA, encoding="latin-1")
    (tmp_path / "index.noun").write_text(INDEX, encoding="latin-1")
    nouns, index = read_nouns(tmp_path), senses(tmp_path)
    assert index["real_time"] == ("00000005", "00000004")
    # The first sense has none; another sense has one; nothing above either.
    assert readings(nouns, index["real_time"]) == {"first": set(), "any": {"computer_science"},
                                                   "above": {"computer_science"}}
    # Only inherited: its hypernym "code" is in the domain.
    assert readings(nouns, index["source_code"]) == {"first": set(), "any": set(), "above": {"computer_science"}}
    assert readings(nouns, ()) == {"first": set(), "any": set(), "above": set()}
