"""A node's form an item first writes as the tail of a longer name is that name there
(``kgsync.vocabulary.named_tails``, issue 21)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.mining import ItemCandidates
from kgsync.vocabulary.named_tails import _AFTER_ACRONYM, item_tails, named_tail, with_named_tails
from kgsync.vocabulary.terms import ItemTerms, Term, TermKind, TermUse, Vocabulary

TITLE = "AI Strategy: Global Examples\n"


def test_the_longer_name_first_written_is_the_forms_name() -> None:
    dense = TITLE + "Frameworks such as the NIST AI RMF and ISO 42001. The AI RMF asks for a map."
    assert named_tail(dense, "ai rmf") == "NIST AI RMF"
    # every acronym in capitals before it: the whole name
    assert named_tail(TITLE + "Under the EU AI Act and the AI Act's annexes.", "ai act") == "EU AI Act"


def test_a_first_mention_on_its_own_gives_nothing() -> None:
    # the item introduces the form bare; a later "NIST AI RMF" does not rename what it meant first
    assert named_tail(TITLE + "The AI RMF asks for a map. NIST AI RMF 1.0 too.", "ai rmf") is None
    # a definition first: "(AI RMF)" after the long form
    assert named_tail(TITLE + "Risk Management Framework (AI RMF) and the NIST AI RMF.", "ai rmf") is None


def test_a_common_noun_phrase_or_a_lone_word_is_no_shortened_name() -> None:
    # a lower-case last word: a qualifier before a common noun phrase, no name
    assert named_tail(TITLE + "LLM context window limits bind.", "context window") is None
    # a lone acronym: "EBA ML" is two names side by side
    assert named_tail(TITLE + "The EBA ML report.", "ml") is None
    # a word of the form itself before it is no longer name
    assert named_tail(TITLE + "AI AI Act", "ai act") is None


def test_a_long_form_an_acronym_defines_is_no_vendors_name_of_it() -> None:
    # The definition writes its long form in capitals: "AWS" names the vendor's product, not the idea's name.
    text = TITLE + "Controls: AWS Identity and Access Management (IAM), encryption."
    assert named_tail(text, "identity and access management") is None
    # Another acronym after it spells other letters: the capitals are still the name's.
    assert named_tail(TITLE + "Under the EU AI Act (2024) and its annexes.", "ai act") == "EU AI Act"


def test_the_title_is_capitalised_word_by_word_and_says_nothing() -> None:
    assert named_tail("Coding AI Agent Skills Survey\nWhich agent skills help?", "agent skills") is None


def test_each_item_gives_the_alias_to_its_own_use_only() -> None:
    term = Term("ai-rmf", TermKind.CONCEPT, "ai rmf", ("RMF", "ai rmf"), ("a", "b"))
    use = TermUse("ai-rmf", ("ai rmf",))
    vocabulary = Vocabulary({"ai-rmf": term}, {"a": ItemTerms("a", (use,), ()), "b": ItemTerms("b", (use,), ())})
    cands = [ItemCandidates("a", (), dense=TITLE + "Under the NIST AI RMF, the AI RMF..."),
             ItemCandidates("b", (), dense=TITLE + "The AI RMF maps risk.")]
    out = with_named_tails(vocabulary, cands)
    assert out.per_item["a"].concepts == (TermUse("ai-rmf", ("ai rmf", "NIST AI RMF")),)
    assert out.per_item["b"] == vocabulary.per_item["b"]
    assert out.terms == vocabulary.terms
    # nothing to add: the same vocabulary back
    assert with_named_tails(vocabulary, cands[1:]) is vocabulary


def test_an_edit_that_moves_a_shortened_name_shows_in_the_items_tails() -> None:
    term = Term("ai-rmf", TermKind.CONCEPT, "ai rmf", ("RMF", "ai rmf"), ("a",))
    vocabulary = Vocabulary({"ai-rmf": term}, {"a": ItemTerms("a", (TermUse("ai-rmf", ("ai rmf",)),), ())})
    before = ItemCandidates("a", (), dense=TITLE + "Under the NIST AI RMF, the AI RMF...")
    reworded = ItemCandidates("a", (), dense=TITLE + "Under the NIST AI RMF, the AI RMF asks more.")
    bare = ItemCandidates("a", (), dense=TITLE + "Under the AI RMF (NIST AI RMF)...")
    assert item_tails(vocabulary, before) == item_tails(vocabulary, reworded)
    assert item_tails(vocabulary, before) != item_tails(vocabulary, bare)
    assert item_tails(vocabulary, ItemCandidates("z", ())) == ()


#: The first version's pattern (topics19): its look-behind first, tried at every character.
_LOOK_BEHIND_FIRST = re.compile(r"(?<![\w-])[A-Z]{2,}[ \t]+(?=(\w+))")
_PIECE = st.sampled_from(["NIST", "AI", "RMF", "EU", "Act", "aI", "xAI", "A", "ml", "-", " ", "  ", "\t", "\n",
                          "_", "é", "É", "(", ")", ".", "9", "GPT-4", "LLM's", "IS"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECE, max_size=30).map("".join))
def test_the_capital_first_pattern_finds_what_the_look_behind_first_one_did(text: str) -> None:
    # speed20: the same words, found by a pattern sre skips along to each capital in C
    assert _AFTER_ACRONYM.findall(text) == [m.group(1) for m in _LOOK_BEHIND_FIRST.finditer(text)]
