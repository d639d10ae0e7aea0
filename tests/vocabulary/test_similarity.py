"""kgsync.vocabulary.similarity: the pairs a reader would merge that the distinctness rule misses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.read.config import Merge
from kgsync.vocabulary.similarity import is_near_duplicate, merge_line, near_duplicate_pairs, same_idea_pairs


def test_an_ic_adjective_and_an_acronym_meet_their_noun_and_long_form() -> None:
    # "agentic AI" and "AI agents": no word in common as written, one idea to a reader.
    names = ["agentic-artificial-intelligence", "ai-agent", "agent-memory", "artificial-intelligence-act"]
    assert same_idea_pairs(names) == {("agentic-artificial-intelligence", "ai-agent")}
    assert ("agentic-artificial-intelligence", "ai-agent") in near_duplicate_pairs(names)


def test_the_adjective_alone_or_the_acronym_alone_is_enough() -> None:
    assert same_idea_pairs(["algorithmic-fairness", "algorithm-fairness"]) == {("algorithm-fairness", "algorithmic-fairness")}
    assert same_idea_pairs(["enterprise-ai", "enterprise-artificial-intelligence"]) == {
        ("enterprise-ai", "enterprise-artificial-intelligence")}


def test_different_ideas_stay_apart() -> None:
    # another word; a short "-ic" word is no adjective of a noun ("public"/"publ"); other numbers;
    # a single word pairs by spelling only (the distinctness rule), never by its initials.
    names = ["agent-memory", "agentic-workflow", "public-key", "publ-key", "gpt-4-agent", "gpt-5-agent",
             "attention", "artificial-neural-network-model", "ann-model-x"]
    assert same_idea_pairs(names) == set()


def test_the_shorter_name_stands_in_the_merge_line() -> None:
    assert merge_line("github-action-workflow", "github-action") == ("github action workflow", "github-action")
    assert merge_line("agentic-artificial-intelligence", "ai-agent") == ("agentic artificial intelligence", "ai-agent")


def test_a_name_with_an_initial_does_not_stand_over_the_spelled_out_one() -> None:
    # "h-neuron-activation" is shorter, but its "h" abbreviates "hallucination-associated": a facet.
    assert merge_line("h-neuron-activation", "hallucination-associated-neurons") == (
        "h neuron activation", "hallucination-associated-neurons")


_WORD = st.sampled_from(["ai", "agent", "agentic", "artificial", "intelligence", "memory", "graph", "knowledge", "kg"])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(_WORD, min_size=1, max_size=4).map("-".join), max_size=12))
def test_pairs_do_not_depend_on_the_order_of_the_names(names: list[str]) -> None:
    pairs = same_idea_pairs(names)
    assert pairs == same_idea_pairs(list(reversed(names)))
    assert all(a < b for a, b in pairs)


def test_a_min_edit_distance_past_a_machine_integer_reads_as_any_large_one() -> None:
    """kgsync.yml's ``merge.min_edit_distance: 99999999999999999999999`` (a whole number, 0 or more, as
    the reference asks) reached rapidfuzz as a score cutoff, which raised OverflowError ("Python int too
    large to convert to C unsigned long"): a traceback from build, lint and duplicates. No two names are
    that far apart, so it reads as any distance past the longest name."""
    names = ["knowledge-graph", "knowledge-graphs", "vector-search-engine", "entity-resolution"]
    large = Merge(min_edit_distance=10**6)
    for huge in (2**64, 10**23):
        rule = Merge(min_edit_distance=huge)
        assert near_duplicate_pairs(names, rule) == near_duplicate_pairs(names, large)
        assert [is_near_duplicate(a, b, rule) for a in names for b in names] == [
            is_near_duplicate(a, b, large) for a in names for b in names]
