"""Signals of a topic word written as different things (``bench/bench_topic_heads.py``, issue 21 part 2)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_topic_heads import dominated, read_labels, whole_text
from kgsync.extract.mining import Candidate, ItemCandidates
from kgsync.extract.topics import topic_tokens


def _item(dense_mentions: int, *terms: tuple[str, int]) -> ItemCandidates:
    rows = tuple(Candidate(key, 1.0, ((key, n),), 0) for key, n in terms)
    return ItemCandidates("x", rows, topic_words=(("registry", 9, dense_mentions, 0),))


def test_an_item_is_dominated_by_a_compound_only_when_it_writes_most_mentions() -> None:
    assert dominated(_item(4, ("waiver registry", 3), ("central registry", 1)), "registry") == (
        True, ["waiver registry", "central registry"])
    assert not dominated(_item(4, ("waiver registry", 2)), "registry")[0]  # half is not most
    assert not dominated(_item(0, ("waiver registry", 2)), "registry")[0]  # not written where it concludes
    assert dominated(_item(3, ("registry entry", 3)), "registry") == (False, [])  # a modifier, not the head


def test_whole_text_reads_the_word_before_and_the_company() -> None:
    before, near = whole_text(topic_tokens("Registry first. The registry holds models; a model registry, waiver registries."), "registry")
    assert before == {"": 2, "model": 1, "waiver": 1}  # none, "the": no content word before
    assert {"holds", "models", "model", "waiver"} <= near and "registry" not in near


def test_labels_are_read_by_their_columns(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# header\nword\tverdict\twhy\nregistry\tgeneric\tmany things\nguardrail\tidea\t-\n", encoding="utf-8")
    assert read_labels(path) == {"registry": "generic", "guardrail": "idea"}
