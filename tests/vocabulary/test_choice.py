"""Each item's local choice of its terms (``kgsync.vocabulary.choice``)."""

from __future__ import annotations

from kgsync.extract.mining import candidates
from kgsync.read.config import Caps, Mining, VocabularyOptions
from kgsync.vocabulary.vocab import select
from tests.item_corpus import make_item

OPTIONS = VocabularyOptions(caps=Caps(concepts=5, claims=3, methods=1), mining=Mining(min_items=2, max_item_share=0.9, min_links=1))


def _chosen(summary: str) -> list[str]:
    item = make_item("2026-02-01-sdk", "Stateless agents", "Why do stateless agents lose their session state?",
                     summary, ("Session state is lost with the Gemini SDK.",
                               "It is kept with the Cohere SDK."))
    other = make_item("2026-02-02-other", "Tidal sensors", "How do tidal sensors drift?", "Tidal sensors drift.")
    uses = select([candidates(item), candidates(other)], OPTIONS).per_item["2026-02-01-sdk"]
    return [u.name for u in uses.concepts + uses.methods]


def test_a_term_written_only_as_a_named_products_part_is_not_the_items_subject() -> None:
    # "SDK" only ever after a name ("the OpenAI Agents SDK"): the product's part, not what the item studies
    # inside no one longer term of the item strongly enough to be its part (``SUBSUMED_SHARE``)
    chosen = _chosen("We compare the Gemini SDK, the Whisper SDK, the Anthropic SDK and the Cohere SDK.")
    assert "sdk" not in chosen and "gemini-sdk" in chosen


def test_the_same_term_written_alone_once_may_be_chosen() -> None:
    assert "sdk" in _chosen("We compare an SDK: the Gemini SDK, the Whisper SDK, the Anthropic SDK or the Cohere SDK.")
