"""Which gate keeps a shared topic out (``bench/bench_topic_why.py``, issue 21, topics162)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_topic_why import parse_synset, phrase_gate, word_gate, writes

# Two synsets in WordNet 3.0's data.noun layout: the word's own (an act), and a compound of it whose gloss writes it.
_TELEMETRY = ("01116206 04 n 01 telemetry 0 001 @ 00996969 n 0000 | automatic transmission and measurement "
              "of data from remote sources")
_COMPOUND = "00983482 04 n 02 telemetry_intelligence 0 TELINT 0 001 @ 00982852 n 0000 | derived from foreign telemetry"


def _wordnet(tmp_path: Path) -> Path:
    (tmp_path / "data.noun").write_text(_TELEMETRY + "\n" + _COMPOUND + "\n", encoding="latin-1")
    for name in ("data.verb", "data.adj", "data.adv", "index.verb", "index.adj", "index.adv"):
        (tmp_path / name).write_text("", encoding="latin-1")
    (tmp_path / "index.noun").write_text(
        "telemetry n 1 1 @ 1 0 01116206\nzeppelinoid n 2 1 @ 2 0 01116206 00983482\n", encoding="latin-1")
    return tmp_path


def test_a_synset_line_gives_its_file_lemma_words_and_gloss_words() -> None:
    parsed = parse_synset(_COMPOUND)
    assert parsed is not None
    offset, synset = parsed
    assert offset == "00983482"
    assert synset.lexname == "noun.act"
    assert synset.lemma_words == frozenset({"telemetry", "intelligence", "telint"})
    assert writes(synset.gloss, "telemetry")
    assert parse_synset("  1 This software and database is being provided") is None


def test_a_word_is_kept_out_by_the_first_wordnet_test_it_fails(tmp_path: Path) -> None:
    folder = _wordnet(tmp_path)
    assert word_gate("zeppelinoid", folder) == "WordNet: 2 senses"
    assert word_gate("telemetry", folder) == (
        "WordNet: 1 glosses write it (1 of its own compounds); sense in noun.act")
    assert word_gate("qwertyuiop", folder) == "no WordNet noun"
    assert word_gate("provenance", folder) == "topic word"  # the committed table decides first
    assert word_gate("observability", None) == "derived noun"


def test_a_phrase_says_whether_mining_took_it_and_whether_two_vague_nouns_refuse_it() -> None:
    assert phrase_gate("access control", 0) == "not mined (names_an_idea refuses it written plainly)"
    assert phrase_gate("audit trail", 3) == "mined in 3 items"
    assert phrase_gate("vector store", 0).startswith("not mined (inside longer terms")
