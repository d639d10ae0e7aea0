"""The general-English word classes of ``kgsync.extract.lexicon`` that decide what a term is."""

from __future__ import annotations

import mimetypes

from kgsync.extract import lexicon


def test_superlatives_of_adjectives_only() -> None:
    for word in ("highest", "largest", "biggest", "earliest", "simplest", "strongest"):
        assert lexicon.is_superlative(word), word
    for word in ("interest", "request", "forest", "harvest", "manifest", "honest", "best", "test"):
        assert not lexicon.is_superlative(word), word


def test_file_formats_are_the_standard_librarys_media_types() -> None:
    # formats by the subtypes of the media types the standard library maps file suffixes to
    assert {"json", "pdf", "csv", "html", "xml", "zip", "png"} <= lexicon.FILE_FORMATS
    # a suffix is not a format's name: ".ai" is Adobe Illustrator's, its media type "postscript"
    assert mimetypes.MimeTypes().types_map[True].get(".ai") == "application/postscript"
    assert not {"ai", "mcp", "rag", "api", "llm", "ios", "http"} & lexicon.FILE_FORMATS
    assert all(name.isalnum() and name == name.lower() for name in lexicon.FILE_FORMATS)


def test_ing_events_are_no_ing_nouns_and_no_method_heads() -> None:
    # three disjoint classes: an -ing word is a thing, a phenomenon or (else) a process
    assert not lexicon.ING_EVENTS & lexicon.ING_NOUNS
    assert not lexicon.ING_EVENTS & lexicon.METHOD_HEADS
    assert all(word.endswith("ing") for word in lexicon.ING_EVENTS)


def test_a_procedure_noun_is_a_method_head_that_is_no_gerund() -> None:
    assert lexicon.is_procedure_noun("retrieval") and lexicon.is_procedure_noun("evaluation")
    assert "reasoning" in lexicon.METHOD_HEADS and not lexicon.is_procedure_noun("reasoning")
    assert not lexicon.is_procedure_noun("governance")
