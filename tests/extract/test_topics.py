"""What one item names and addresses of the topic words (``kgsync.extract.topics``, issue 21)."""

from __future__ import annotations

from tests.item_corpus import make_item
from kgsync.extract.mining import candidates
from kgsync.extract.topics import addresses, mentions

LOG = "## Research Log\n\nWe read about {word} here. {more}\n"



def test_mentions_count_the_whole_text_and_the_dense_zones_apart() -> None:
    text = "Guardrails stop agents. A guardrail per tool.\nThe log: guardrails again; system and software.\nGUARDRAIL"
    dense = "Guardrails stop agents."
    found = dict((key, (n, d)) for key, n, d in mentions(text, dense))
    assert found["guardrail"] == (3, 1)  # plural folded, capitalised counted, capitals throughout (a name's) not
    assert "system" not in found and "software" not in found  # everyday words are no topic words


def test_an_item_that_mentions_a_word_in_passing_does_not_address_it() -> None:
    assert not addresses(1, 1)  # once, in its summary
    assert not addresses(5, 0)  # only its research log names it
    assert not addresses(2, 1)
    assert addresses(3, 1)  # three times, once where it concludes


def test_the_log_counts_for_an_items_mentions() -> None:
    """Mining reads only the dense zones; the topic scan reads the research log too."""
    item = make_item("2026-02-01-prov", "Tracing research claims", "How are claims traced?",
                     "Provenance keeps each claim's source.", ("Claims carry a source.",),
                     body=LOG.format(word="provenance", more="Provenance records. Provenance graphs."))
    found = {key: (n, d) for key, n, d in candidates(item).topic_words}
    assert found["provenance"] == (4, 1)



def test_an_items_two_word_terms_are_counted_over_its_whole_text() -> None:
    from kgsync.extract.topics import phrase_mentions

    text = "Technical debt grows. The log: technical-debt, Technical Debts; debt technical.\nLow technical detail."
    found = {key: (n, d) for key, n, d in phrase_mentions(text, "Technical debt grows.", {"technical debt": ["Technical debt"]})}
    assert found == {"technical debt": (3, 1)}  # hyphenated, capitalised and plural forms; not across a break


def test_pair_marks_tell_whether_an_item_writes_a_phrase_anywhere() -> None:
    from kgsync.extract.topics import pair_marks, phrase_marks, read_marks

    marks = read_marks(pair_marks("In passing, the log mentions Technical-Debts once. Debt. Model risk"))
    assert not marks.isdisjoint(phrase_marks("technical debt"))
    assert not marks.isdisjoint(phrase_marks("model risk"))
    assert marks.isdisjoint(phrase_marks("debt model"))  # a full stop breaks the pair
    assert pair_marks("a b c") == pair_marks("a b c") and read_marks(pair_marks("")) == frozenset()


def test_an_items_phrase_candidates_carry_their_whole_text_counts() -> None:
    item = make_item("2026-02-01-debt", "Technical debt in agent code", "Does technical debt grow?",
                     "Technical debt grows with agent code.", ("Technical debt doubles.",),
                     body=LOG.format(word="technical debt", more="Technical debt again."))
    found = {key: (n, d) for key, n, d in candidates(item).topic_words}
    assert found["technical debt"][1] >= 1 and found["technical debt"][0] >= 5


def test_phrase_frames_count_the_preposition_before_each_mention() -> None:
    """The preposition just before a mention of an item's two-word term, in any form it is counted
    in; a determiner, a conjunction or a sentence start is no frame."""
    from kgsync.extract.topics import phrase_frames

    text = ("Robots act at harbour speed. At harbour speed, errors spread; cranes at harbour-speeds fail. "
            "Harbour speed grows and harbour speed rises. The harbour speed of cranes, via harbour speed.")
    assert phrase_frames(text, {"harbour speed": ["harbour speed"]}) == (
        ("harbour speed", "at", 3), ("harbour speed", "via", 1))
    assert phrase_frames(text, {}) == ()
    assert phrase_frames("Nothing here.", {"harbour speed": ["harbour speed"]}) == ()
