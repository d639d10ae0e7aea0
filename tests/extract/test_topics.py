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

