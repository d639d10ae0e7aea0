"""The usage features measured for issue 21 in names139 (``bench/bench_usage.py``): phrase position and burstiness."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench.bench_termhood import Node
from bench.bench_usage import Mention, auc, best_cut, coherence, combine, features, mentions, tfidf, wordnet_nouns

TEXTS = {
    "a": "The model registry holds tools. A registry, once built, lists agents. Registry reasoning helps.",
    "b": "Guardrails stop harm. Guardrails again. A guardrail.",
}
NOUNS = frozenset({"reasoning", "tools", "harm"})


def test_mentions_read_the_neighbouring_words_only_when_no_punctuation_stands_between() -> None:
    found = mentions(Node("concept:registry", ["registry"]), TEXTS)
    assert found == [Mention("a", "model", "holds"), Mention("a", "A", ""), Mention("a", "", "reasoning")]


def test_features_of_a_head_an_attributive_and_a_bare_mention() -> None:
    found = mentions(Node("concept:registry", ["registry"]), TEXTS)
    values = features(found, n_items=len(TEXTS), nouns=NOUNS)
    assert values["head"] == pytest.approx(1 / 3)  # "model registry"; "A" is a function word
    assert values["attributive"] == pytest.approx(1 / 3)  # "registry reasoning"
    assert values["never_bare"] == 0.0  # "A registry," is bare
    assert values["-per_item"] == -3.0
    assert values["-repeat"] == -1.0
    # residual IDF: observed log2(2/1) = 1, Poisson predicts -log2(1 - e^-1.5)
    assert values["-ridf"] == pytest.approx(-(1 + math.log2(1 - math.exp(-1.5))))


def test_an_item_that_never_writes_the_name_bare_counts_in_never_bare() -> None:
    found = [Mention("a", "model", ""), Mention("b", "", "")]
    assert features(found, n_items=2, nouns=NOUNS)["never_bare"] == 0.5


def test_a_node_never_written_scores_zero() -> None:
    assert set(features([], n_items=5, nouns=NOUNS).values()) == {0.0}


def test_auc_counts_generic_above_the_others_and_ties_half() -> None:
    verdicts = {"g": "generic", "i": "idea", "n": "named"}
    assert auc({"g": 2.0, "i": 1.0, "n": 2.0}, verdicts) == 0.75
    assert auc({"g": 0.0, "i": 1.0, "n": 2.0}, verdicts) == 0.0


def test_best_cut_needs_three_generic_and_prefers_the_cleaner_cut() -> None:
    verdicts = {"g1": "generic", "g2": "generic", "g3": "generic", "i1": "idea", "i2": "idea"}
    values = {"g1": 0.9, "g2": 0.8, "g3": 0.7, "i1": 0.75, "i2": 0.1}
    assert best_cut(values, verdicts) == (0.7, 3, 1)
    assert best_cut({"g1": 1.0, "i1": 0.0}, {"g1": "generic", "i1": "idea"})[1] == 0


def test_combine_is_the_mean_rank_of_the_parts() -> None:
    values = {"x": {"p": 0.0, "q": 1.0}, "y": {"p": 1.0, "q": 0.0}, "z": {"p": 2.0, "q": 2.0}}
    combine(values, parts=("p", "q"))
    assert [values[n]["combined"] for n in "xyz"] == [0.25, 0.25, 1.0]


def test_wordnet_nouns_reads_lemmas_and_skips_the_licence_lines(tmp_path: Path) -> None:
    index = tmp_path / "index.noun"
    index.write_text("  1 This software and database is being provided\nregistry n 1 1 @ 1 0 06502378\n", encoding="utf-8")
    assert wordnet_nouns(index) == frozenset({"registry"})
    assert wordnet_nouns(tmp_path / "absent") == frozenset()


def test_tfidf_drops_words_every_item_writes_and_cuts_web_addresses() -> None:
    vectors = tfidf({"a": "shared alpha https://example.com/zeta", "b": "shared beta"})
    assert set(vectors["a"]) == {"alpha"}
    assert vectors["a"]["alpha"] == pytest.approx(1.0)


def test_coherence_leaves_the_nodes_own_words_out() -> None:
    vectors = {"a": {"registry": 0.6, "ledger": 0.8}, "b": {"registry": 0.6, "ledger": 0.8}, "c": {"other": 1.0}}
    node = Node("concept:registry", ["registry"])
    assert coherence(node, {"a", "b"}, vectors) == pytest.approx(0.64)  # 0.36 of "registry" left out
    assert coherence(node, {"a", "b", "c"}, vectors) == pytest.approx(0.64 / 3)
    assert coherence(node, {"a"}, vectors) == 0.0


def test_mentions_read_a_spaced_form_written_with_a_hyphen() -> None:
    assert len(mentions(Node("method:fine-tuning", ["fine tuning"]), {"a": "Fine-tuning helps; fine tuning too."})) == 2
