"""classify (kgsync.vocabulary.terms): a term is a method by its head word, else a concept."""

from __future__ import annotations

from kgsync.vocabulary.terms import TermKind, Vocabulary, classify


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
