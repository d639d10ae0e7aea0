"""General English's rarity as a topic-word signal, measured for issue 21 (``bench/bench_topic_rarity.py``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench.bench_topic_rarity import rarity, rarity_rule, read_wordnet

WORDNET = Path("/usr/share/wordnet")


def test_the_rule_keeps_a_word_at_or_under_every_limit_and_off_the_left_out_senses() -> None:
    nouns = {"telemetry": (1, "noun.act"), "privacy": (2, "noun.attribute"), "template": (1, "noun.cognition")}
    tags = Counter({"privacy": 3})
    glosses = Counter({"telemetry": 3, "privacy": 24, "template": 2, "templates": 1})
    assert rarity("template", nouns, tags, glosses) == (0, 3, 1)  # the plural counts
    words = sorted(nouns)
    assert rarity_rule(words, nouns, tags, glosses, (5, 5, 1)) == ["telemetry", "template"]
    assert rarity_rule(words, nouns, tags, glosses, (5, 2, 1)) == []
    assert rarity_rule(words, nouns, tags, glosses, (5, 30, 3), frozenset({"noun.act"})) == ["privacy", "template"]


@pytest.mark.skipif(not (WORDNET / "cntlist.rev").is_file(), reason="needs the WordNet database (wordnet-base)")
def test_a_listed_topic_is_as_common_in_general_english_as_a_generic_word() -> None:
    nouns, excluded, tags, glosses = read_wordnet(WORDNET)
    # the finding: "privacy" (a topic readers miss) is glossed more than "availability" (generic),
    # and "deployment" (generic) is as rare as "telemetry" (a topic)
    assert rarity("privacy", nouns, tags, glosses) == (3, 24, 2)
    assert rarity("availability", nouns, tags, glosses) == (3, 5, 1)
    assert rarity("telemetry", nouns, tags, glosses) == (0, 3, 1)
    assert rarity("deployment", nouns, tags, glosses) == (0, 1, 1)
    assert nouns["telemetry"][1] == "noun.act"
    assert "drift" in excluded and "copilot" not in excluded  # a verb too; a lower-case noun only
