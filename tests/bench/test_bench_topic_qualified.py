"""Nouns of several senses the items write after an acronym (``bench/bench_topic_qualified.py``, issue 21 part 2)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bench.bench_topic_qualified import ItemWords, after_forms, count_words, read_labels, variants


def test_a_word_is_qualified_only_directly_after_an_acronym_in_capitals() -> None:
    counts, after = count_words("LLM hallucinations persist. AI-generated hallucination. The OWL\tontology.\n"
                                "Ontology work; GDPR. Accountability matters; Llm evaluation.")
    assert after == frozenset({"hallucination", "ontology"})
    assert counts["hallucination"] == 2 and counts["ontology"] == 2 and counts["accountability"] == 1
    assert "gdpr" not in counts and "evaluation" in counts  # a word in capitals is no word of the count


def test_a_word_follows_a_node_form_within_one_run_of_words() -> None:
    forms = {"large language model", "rag", "model"}
    text = "Large Language Model evaluations; RAG-evaluation. The model: benchmark. rag\nontology"
    assert after_forms(text, forms) == frozenset({"evaluation"})
    assert after_forms("a large language model hallucinates", {"language model"}) == frozenset({"hallucinate"})


def test_each_variant_narrows_the_one_before() -> None:
    def item(qualified: bool, after_node: bool = False) -> ItemWords:
        return ItemWords(Counter(), Counter(), frozenset({"hallucination", "model"} if qualified else ()),
                         frozenset({"hallucination"} if after_node else ()))

    addressers = [item(True)] * 3 + [item(False)] * 4
    assert variants("hallucination", addressers, {"noun": 3}) == ("floors", "qualified", "few senses")
    assert variants("hallucination", addressers[:6], {"noun": 3}) == (
        "floors", "qualified", "qualified half", "few senses")
    assert variants("model", addressers, {"noun": 9, "verb": 6}) == ("floors", "qualified")
    assert variants("hallucination", addressers[1:], {"noun": 3}) == ("floors",)
    by_node = [item(False, True)] * 3
    assert variants("hallucination", by_node, {"noun": 3}) == ("floors", "node qualified", "node few senses")
    assert variants("hallucination", by_node, {"noun": 3, "verb": 1}) == ("floors", "node qualified")


def test_labels_are_read_by_word_and_population(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# columns: word, population, verdict, note\nbenchmark\tnewrepo\tidea\tLLM benchmarks\n"
                    "agent\tresearch\tgeneric\n", encoding="utf-8")
    assert read_labels([path], "newrepo") == {"benchmark": "idea"}
    assert read_labels([path], None) == {"benchmark": "idea", "agent": "generic"}
