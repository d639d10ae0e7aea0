"""Criteria for single-word topics measured on an engineer's labels (``bench/bench_topic_words.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_topic_words import Word, admits, gloss_counts, lexfiles


def _word(senses: tuple[str, ...], glosses: int, other_pos: bool = False) -> Word:
    return Word("x", "idea", senses, glosses, other_pos, named=40, addressed=20, stated=8, mentions=300)


def test_a_criterion_reads_senses_glosses_part_of_speech_and_the_items() -> None:
    governance = _word(("group", "act"), 1)
    deployment = _word(("act",), 1)
    assert admits(governance, 3, 5, True, "no act/person", 0, 0)
    assert not admits(deployment, 3, 5, True, "no act/person", 0, 0)  # its first sense is an act
    assert not admits(governance, 1, 5, True, "any", 0, 0)  # two senses
    assert not admits(_word(("state",), 9), 3, 5, True, "any", 0, 0)  # nine glosses write it
    assert not admits(_word(("state",), 0, other_pos=True), 3, 5, True, "any", 0, 0)  # a verb too
    assert admits(_word(("state",), 0, other_pos=True), 3, 5, False, "any", 0, 0)
    assert not admits(governance, 3, 5, True, "any", 0.5, 0)  # 8 of 20 name it where they state their subject
    assert admits(governance, 3, 5, True, "any", 0.4, 15)  # 15 mentions per addressing item


def test_glosses_and_lexicographer_files_are_read_from_the_database_format(tmp_path: Path) -> None:
    line = "00000001 04 n 01 telemetry 0 000 | automatic transmission of measurements; telemetry data\n"
    (tmp_path / "data.noun").write_text(line, encoding="latin-1")
    (tmp_path / "data.verb").write_text("00000002 30 v 01 send 0 000 | transmit measurements\n", encoding="latin-1")
    (tmp_path / "data.adj").write_text("  license text\n", encoding="latin-1")
    (tmp_path / "data.adv").write_text("", encoding="latin-1")
    glosses = gloss_counts(tmp_path)
    assert glosses["measurement"] == 2 and glosses["telemetry"] == 1  # a plural counts, once per gloss
    assert lexfiles(tmp_path) == {"00000001": "act"}
