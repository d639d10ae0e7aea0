"""bench/read_passes.py: how much of a text a regex call reads, the tally by group, and the purposes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import read_passes  # noqa: E402  (bench/ is not a package)


def test_a_call_reads_from_pos_to_endpos_and_a_match_no_further_than_it_matched() -> None:
    text = "x" * 50 + "key" + "y" * 47
    key = re.compile("key")
    assert read_passes._extent("finditer", (text,), {}, None) == 100
    assert read_passes._extent("findall", (text, 10, 60), {}, None) == 50
    assert read_passes._extent("sub", ("-", text), {}, None) == 100
    found = key.search(text, 20)
    assert read_passes._extent("search", (text, 20), {}, found) == 33  # to the match's end
    assert read_passes._extent("search", (text, 60), {}, None) == 40  # a failed search reads to the end
    assert read_passes._extent("match", (text, 60), {}, None) == 0  # a failed anchored try: nothing
    assert read_passes._extent("match", (text, 50), {}, key.match(text, 50)) == 3


def test_a_call_on_a_fifth_of_the_item_is_a_pass_and_the_typical_item_is_counted_apart() -> None:
    tally = read_passes.Tally()
    tally.length, tally.typical = 1000, True
    tally.add("extract.markup.clean", "re x", 200, 5)
    tally.add("extract.markup.clean", "re x", 199, 5)
    tally.typical = False
    tally.add("extract.markup.clean", "re x", 1000, 5)
    tally.search("extract.markup.clean", "str.find", 7)
    group = "extract.markup.clean"
    assert (tally.large[group], tally.small[group], tally.searches[group], tally.cpu[group]) == (2, 1, 1, 22)
    assert tally.large_cpu[group] == 10  # the two passes' alone
    assert (tally.typical_large[group], tally.typical_small[group], tally.typical_searches[group]) == (1, 1, 0)
    assert tally.typical_chars[group] == pytest.approx(0.399) and tally.chars[group] == pytest.approx(1.399)


def test_a_grouped_pattern_tallies_its_calls_by_the_kgsync_function_only_while_asked() -> None:
    plain = re.compile("ai")
    grouped = read_passes.GroupedPattern(plain)
    read_passes.TALLY.__init__()  # type: ignore[misc]
    read_passes.TALLY.length = 10
    assert grouped.findall("ai ai") == ["ai", "ai"] and read_passes.TALLY.cpu == {}  # not asked: not tallied
    read_passes.TALLY.regex = True
    try:
        assert [m.span() for m in grouped.finditer("ai rai")] == [(0, 2), (4, 6)]
        assert grouped.search("xx ai", 1) is not None
    finally:
        read_passes.TALLY.regex = False
    # no kgsync function made them: group "?"; 6 and 4 characters of 10, each a pass (a fifth or more)
    assert read_passes.TALLY.large["?"] == 2 and read_passes.TALLY.chars["?"] == pytest.approx(1.0)


def test_matches_are_counted_from_each_kind_of_result() -> None:
    pattern = re.compile("a")
    assert read_passes._found("search", pattern.search("ba")) == 1 and read_passes._found("match", None) == 0
    assert read_passes._found("findall", pattern.findall("aba")) == 2
    assert read_passes._found("subn", pattern.subn("", "aab")) == 2
    assert read_passes._found("split", pattern.split("bab")) == 1 and read_passes._found("split", ["b"]) == 0


def test_with_sites_on_each_call_is_tallied_by_pattern_and_kgsync_call_site_and_answers_as_before() -> None:
    from kgsync.extract import units

    word, anchor = re.compile(r"[a-z]+-[a-z]+"), re.compile("-")
    sited_word, sited_anchor = read_passes.GroupedPattern(word), read_passes.GroupedPattern(anchor)
    text = "a well-known and self-made x-ray; no"
    read_passes.SITES.__init__()  # type: ignore[misc]
    read_passes.SITES.on = True
    try:
        got = [m.span() for m in units._matches(text, sited_word, sited_anchor)]  # type: ignore[arg-type]
        assert sited_word.sub("W", text) == word.sub("W", text)  # run as ``subn``, answered as ``sub``
    finally:
        read_passes.SITES.on = False
    assert got == [m.span() for m in word.finditer(text)]
    sites = {site for _pattern, site in read_passes.SITES.calls}
    assert {site.split(":")[0] for site in sites} == {"extract.units", "?"}
    assert all(site.endswith(" _matches") for site in sites if site != "?")
    anchor_key = next(key for key in read_passes.SITES.calls if key[0] == "-")
    assert read_passes.SITES.calls[anchor_key] == 1 and read_passes.SITES.found[anchor_key] == 3
    assert read_passes.SITES.chars[anchor_key] == len(text)
    assert read_passes.SITES.found[(word.pattern, "?")] == 3  # the ``sub``'s matches, made by this test
    assert sum(read_passes.SITES.calls[key] for key in read_passes.SITES.calls if key[0] == word.pattern) == 4


def test_each_group_has_the_purpose_of_its_module() -> None:
    assert read_passes.purpose("extract.acronyms._phrase_starts") == "acronyms, designations, genres (folded text)"
    assert read_passes.purpose("read.item_sections._marks") == "file read, sections, checks"
    assert read_passes.purpose("extract.mentions._marked") == "references: lines, sentences, stance"
    assert read_passes.purpose("?") == "other"
