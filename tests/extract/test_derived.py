"""Nouns a field derives from common words, as topic words: ``kgsync.extract.derived`` (issue 21)."""

from __future__ import annotations

from kgsync.extract import wordnet
from kgsync.extract.derived import derived_mentions, is_derived
from kgsync.extract.names import is_name_key, may_be_name


def _found(text: str, dense: str = "") -> dict[str, tuple[int, int]]:
    return {key: (n, d) for key, n, d in derived_mentions(text, dense)}


def test_a_quality_of_an_able_adjective_is_a_topic_word() -> None:
    """"observability": WordNet lists "observable", not the noun; "scalability" it lists (no derived word)."""
    text = "Observability matters. Agents need observability; observability tools."
    assert _found(text, dense="Observability matters.")["observability"] == (3, 1)
    assert wordnet.is_quality("observability") and not wordnet.is_quality("scalability")


def test_a_quality_of_a_verb_with_no_able_adjective_is_a_topic_word() -> None:
    """"auditability": WordNet lists the verb "audit" and neither "auditable" nor the noun; not a
    noun it lists ("usability") nor one of an "-able" adjective it lists ("readability": "readable")."""
    assert _found("Auditability first; auditability of agents.", dense="Auditability first")["auditability"] == (2, 1)
    assert wordnet.is_quality("auditability") and wordnet.is_quality("debuggability")
    assert not wordnet.is_quality("usability") and not wordnet.is_quality("readability")


def test_a_gerund_is_a_noun_only_where_the_item_writes_its_plural() -> None:
    """"embeddings" is a thing one counts; "by embedding the file" is the verb at work."""
    assert _found("Embeddings store meaning; one embedding per chunk.", dense="Embeddings store meaning")[
        "embedding"] == (2, 1)
    assert "embedding" not in _found("We keep it by embedding the file and embedding the notes.")
    assert wordnet.is_gerund("embedding") and not wordnet.is_gerund("building")  # WordNet lists "building"


def test_a_derived_word_is_no_name_however_an_item_capitalises_it() -> None:
    assert is_derived("embedding") and is_derived("observability") and not is_derived("provenance")
    assert not may_be_name("observability") and not is_name_key("observability")


def test_a_run_looked_up_alone_is_the_forms_tables_answer() -> None:
    """``_form_of`` (a process that parses a few items builds no table) gives ``_forms``'s answer
    for every form of the table, and None for the runs near them that are none; and
    ``derived_mentions`` reads the same either way."""
    from kgsync.extract import derived

    table = derived._forms()
    assert derived._lower_words()  # the premise of the lookup, for the committed WordNet table
    for form, value in table.items():
        assert derived._form_of(form) == value, form
    near = {variant for form in table for variant in (
        form + b"s", form + b"es", form[:-1], form[:-3] + b"y", form[:-1] + b"ies", form.upper(), form.lower(),
        b"x" + form)}
    for run in near - table.keys():
        assert derived._form_of(run) is None, run
    text = ("Observability and auditability: Embeddings, embeddings, EMBEDDINGS, observabilities; "
            "the Explainability of embedding.")
    saved = derived._FORMS.table, derived._FORMS.texts
    try:
        derived._FORMS.table, derived._FORMS.texts = None, -(10**9)
        alone = derived_mentions(text, text[:40])
        derived._FORMS.table = table
        assert alone == derived_mentions(text, text[:40]) and alone
    finally:
        derived._FORMS.table, derived._FORMS.texts = saved


def test_the_stated_counts_read_once_are_the_counts_asked_twice() -> None:
    """``derived_mentions_stated`` finds the whole text's words once for the dense and the stated
    zones: the same figures as ``derived_mentions`` asked of each, the stated ones only when a word
    has a mention in the dense zones."""
    from kgsync.extract.derived import derived_mentions_stated
    from kgsync.extract.names import letter_runs

    text = ("Observability and auditability: Embeddings, embeddings, EMBEDDINGS, observabilities; "
            "the Explainability of embedding. More observability.")
    for cut in range(0, len(text) + 1, 7):
        for stated_cut in range(0, cut + 1, 11):
            dense, stated = text[:cut], text[:stated_cut]
            found = derived_mentions(text, dense)
            where = {key: d for key, _n, d in derived_mentions(text, stated)} if any(
                d for _k, _n, d in found) else {}
            assert derived_mentions_stated(text, dense, stated, letter_runs(text), letter_runs(dense),
                                           letter_runs(stated)) == tuple(
                (key, n, d, where.get(key, 0)) for key, n, d in found)
