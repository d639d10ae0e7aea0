"""classify (kgsync.vocabulary.terms): a term is a method by its head word, else a concept."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.canonical import key_of_words
from kgsync.extract.phrases import segments, token_keys
from kgsync.vocabulary.terms import TermKind, Vocabulary, _mention_runs, classify


def test_methods_by_head_word(vocab: Vocabulary) -> None:
    assert vocab.terms["hybrid-retrieval-evaluation"].kind is TermKind.METHOD
    assert classify("prompt injection detection") is TermKind.METHOD
    assert classify("chain of thought prompting") is TermKind.METHOD
    assert classify("red teaming") is TermKind.METHOD
    assert classify("knowledge graph") is TermKind.CONCEPT
    assert classify("model context protocol") is TermKind.CONCEPT
    assert classify("vector embedding") is TermKind.CONCEPT
    # a phenomenon in "-ing" is what the system studied falls into, not a procedure: a concept
    assert classify("reward hacking") is TermKind.CONCEPT
    assert classify("catastrophic forgetting") is TermKind.CONCEPT
    assert classify("prompt chaining") is TermKind.METHOD
    # a gerund WordNet lexicalises with the word before it names a field, task or deed, not a procedure
    assert classify("antimoney laundering") is TermKind.CONCEPT
    assert classify("natural language processing") is TermKind.CONCEPT
    assert classify("fine tuning") is TermKind.METHOD
    assert classify("reranking") is TermKind.METHOD


def test_growth_adds_a_term_beyond_the_caps_and_finds_it_by_its_key() -> None:
    # The one way hubs and topics grow a vocabulary: an item links a name once, and mentions find it.
    from kgsync.vocabulary.terms import Growth, ItemTerms, Term, TermUse

    use = TermUse("agent-memory", ("agent memory",))
    start = Vocabulary({}, {"a": ItemTerms("a", (use,), ())})
    growth = Growth.of(start)
    growth.terms["agent-memory"] = Term("agent-memory", TermKind.CONCEPT, "agent memory", (), ("a", "b"))
    growth.index_key("agent memory", "agent-memory")
    assert growth.with_use("a", use, TermKind.CONCEPT) is None  # linked within its caps already
    added = growth.with_use("b", use, TermKind.METHOD)
    assert added is not None and added.methods == (use,) and added.concepts == ()
    growth.per_item["b"] = added
    grown = growth.grown(topics=frozenset({"agent memory"}))
    assert list(grown.per_item) == ["a", "b"] and grown.topics == {"agent memory"}
    assert grown.mentions("Agent memory fills up.") == ("agent-memory",)
    assert start.mentions("Agent memory fills up.") == () and start.topics == frozenset()


_WORDS = st.sampled_from(["multi", "agent", "e", "mail", "Co-Pilot", "RAG", "GPT-4o", "naïve", "日本", "über", "s",
                          "anti", "money", "Agents", "policies", "re", "rank", "-", ",", ".", "(", ")", "'s", "\n\n"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=14).map(" ".join))
def test_a_texts_mention_runs_are_its_runs_keys_joined_as_a_term_key_joins_them(text: str) -> None:
    """Each run's key words are ``key_of_words`` of its tokens' keys (a closed prefix joined to the
    word after it), each word with the token it came from; "" for each once a prefix closed up."""
    expected = []
    for run in segments(text):
        kws = [key for token in run for key in token_keys(token)]
        cased = [token for token in run for _key in token_keys(token)]
        joined = key_of_words(kws).split(" ")
        expected.append((joined, cased if len(joined) == len(kws) else [""] * len(joined)))
    assert [(list(joined), list(cased)) for joined, cased in _mention_runs(text)] == expected
