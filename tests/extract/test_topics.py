"""What one item names and addresses of the topic words (``kgsync.extract.topics``, issue 21)."""

from __future__ import annotations

import re
import sys
import zlib
from array import array
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

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
    found = {key: (n, d) for key, n, d, _s in candidates(item).topic_words}
    assert found["provenance"] == (4, 1)


def test_an_items_mentions_where_it_states_its_subject_are_counted_apart() -> None:
    """The fourth count reads the title, question and summary, not the findings (``mining.STATED``)."""
    item = make_item("2026-02-01-cite", "Tracing research claims", "How are claims traced?", "Claims keep a source.",
                     ("Claims carry provenance.", "A provenance graph and a name (Microsoft) help."),
                     body=LOG.format(word="provenance", more="Provenance records, by Microsoft and Microsoft."))
    found = {key: (n, d, s) for key, n, d, s in candidates(item).topic_words}
    assert found["provenance"] == (4, 2, 0) and found["microsoft"] == (3, 1, 0)
    stated = make_item("2026-02-02-own", "Tracing research claims", "How does Microsoft trace claims?",
                       "Provenance keeps each claim's source.", ("Claims carry provenance.",),
                       body=LOG.format(word="provenance", more="Provenance records, by Microsoft and Microsoft."))
    found = {key: (n, d, s) for key, n, d, s in candidates(stated).topic_words}
    assert found["provenance"] == (4, 2, 1) and found["microsoft"] == (3, 1, 1)



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
    found = {key: (n, d) for key, n, d, _s in candidates(item).topic_words}
    assert found["technical debt"][1] >= 1 and found["technical debt"][0] >= 5


# The scans as they were written first, one Python step per pair: the oracle the C-level scans
# (``topic_tokens``' translate, ``pair_marks``' continued CRCs, the shared pair counts) must agree with.
_OLD_BREAK = re.compile(b"[" + re.escape(b".,;:!?()[]{}|<>\"'`") + b"]")
_OLD_TABLE = bytes(c if c >= 128 or chr(c).isalnum() or c in b".,;:!?()[]{}|<>\"'`" else 32 for c in range(256))


def _old_tokens(text: str) -> list[bytes]:
    return _OLD_BREAK.sub(b" . ", text.lower().encode("utf-8", "replace").translate(_OLD_TABLE)).split()


def _old_pair_marks(text: str) -> bytes:
    from kgsync.extract.topics import _STOP

    words = _old_tokens(text)
    marks = array("I", sorted({zlib.crc32(a + b" " + b) for a, b in set(zip(words, words[1:]))
                               if a != b"." and b != b"." and a not in _STOP and b not in _STOP}))
    if sys.byteorder == "big":
        marks.byteswap()
    return marks.tobytes()


def _old_phrase_counts(whole: list[bytes], concluded: list[bytes],
                       phrases: dict[str, list[str]]) -> tuple[tuple[str, int, int], ...]:
    from kgsync.extract.topics import _phrase_forms

    forms = {key: _phrase_forms(key, tuple(sorted(set(phrases[key])))) for key in sorted(phrases)}
    wanted = frozenset(pair for pairs in forms.values() for pair in pairs)
    in_whole = Counter(filter(wanted.__contains__, zip(whole, whole[1:])))
    in_concluded = Counter(filter(wanted.__contains__, zip(concluded, concluded[1:])))
    out = []
    for key, pairs in forms.items():
        n = sum(in_whole[pair] for pair in pairs)
        if n:
            out.append((key, n, sum(in_concluded[pair] for pair in pairs)))
    return tuple(out)


_WORDS = st.sampled_from(["technical", "debt", "Debts", "model", "risk", "the", "of", "a", "and", "é", "x1",
                          "Technical-Debt", "risks", "in"])
_TEXTS = st.lists(st.one_of(_WORDS, st.sampled_from(list(" .,;:!?()[]{}|<>\"'`-_\n\t/")), st.text(max_size=4)),
                  max_size=40).map("".join)


@given(_TEXTS, _TEXTS, st.lists(st.sampled_from(["Technical debt", "model risk", "Model Risks", "debt model",
                                                 "technical-debt", "a b"]), max_size=4))
@settings(max_examples=300, deadline=None)
def test_the_c_level_topic_scans_agree_with_the_per_pair_scans(text: str, dense: str, written: list[str]) -> None:
    from kgsync.extract.canonical import term_key
    from kgsync.extract.topics import topic_tokens, pair_marks, phrase_frames, phrase_scan

    assert topic_tokens(text) == _old_tokens(text)
    assert pair_marks(text) == _old_pair_marks(text)
    phrases = {key: [w for w in written if term_key(w) == key] for key in {term_key(w) for w in written} if key}
    found, marks, frames = phrase_scan(text, dense, phrases)
    assert marks == _old_pair_marks(text)
    assert found == _old_phrase_counts(_old_tokens(text), _old_tokens(dense), phrases)
    # the frames are read in the same pass as the mentions: those of a text that mentions a phrase
    assert frames == (phrase_frames(text, phrases) if found else ())


def _old_counts(text: str) -> dict[str, int]:
    """``topics._counts`` as first written, the regex over the whole text: the oracle of the runs' count."""
    from kgsync.extract.topics import _WORD, _forms

    forms = _forms()
    words = Counter(_WORD.findall(text))
    out: dict[str, int] = {}
    for form in words.keys() & forms.keys():
        out[forms[form]] = out.get(forms[form], 0) + words[form]
    return out


_TOPIC_PIECES = st.sampled_from(["guardrail", "Guardrails", "GUARDRAIL", "provenance", "Provenances", "xProvenance",
                                 "GraphProvenance", "provenanceGuardrail", "LLMs", "a", "I", "é", "Ü", "\u212a",
                                 "system", " ", "-", "_", "1", "\n", "'", "ǅ", "ﬁ"])


@given(st.lists(st.one_of(_TOPIC_PIECES, st.text(max_size=3)), max_size=40).map("".join))
@settings(max_examples=300, deadline=None)
def test_the_topic_word_count_by_letter_runs_agrees_with_the_regex_over_the_text(text: str) -> None:
    from kgsync.extract.names import letter_runs
    from kgsync.extract.topics import _counts

    assert _counts(text) == _old_counts(text)
    # the runs the caller cut once for the names and derived words too
    assert _counts(text, letter_runs(text)) == _old_counts(text)

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


def test_the_scan_reads_no_frame_before_the_first_word() -> None:
    """``phrase_scan`` reads the mentions and their frames in one pass: a mention that opens the text
    has no word before it, and one after a preposition has."""
    from kgsync.extract.topics import phrase_frames, phrase_scan

    phrases = {"harbour speed": ["harbour speed"]}
    for text in ("harbour speed at harbour speed", "in harbour speed", "harbour speed"):
        found, _marks, frames = phrase_scan(text, "harbour speed", phrases)
        assert frames == phrase_frames(text, phrases)
    assert phrase_scan("harbour speed at harbour speed", "", phrases)[2] == (("harbour speed", "at", 1),)


def test_the_topic_forms_table_is_the_one_word_key_gives() -> None:
    """``_forms`` keys each form with ``fresh_word_key`` (not remembered): the table ``word_key`` gives."""
    from kgsync.extract import wordnet
    from kgsync.extract.canonical import word_key
    from kgsync.extract.topics import _forms

    expected: dict[str, str] = {}
    for key in sorted(wordnet.rare_words()):
        plurals = [key + "s", key + "es"] + ([key[:-1] + "ies"] if key.endswith("y") else [])
        for form in (key, *plurals):
            if word_key(form) == key:
                expected.setdefault(form, key)
                expected.setdefault(form.capitalize(), key)
    assert _forms() == expected
    assert list(_forms()) == list(expected)


def _copy(text: str) -> str:
    """An equal string that is another object (but for the cached empty and one-character ones)."""
    return (text + "\x00")[:-1]


@given(st.lists(st.one_of(_TOPIC_PIECES, _WORDS, st.text(max_size=3)), max_size=40).map("".join),
       st.lists(st.sampled_from(["Technical debt", "model risk", "Model Risks", "technical-debt"]), max_size=3))
@settings(max_examples=300, deadline=None)
def test_the_same_text_twice_is_counted_once_with_the_same_counts(text: str, written: list[str]) -> None:
    """``mentions`` and ``phrase_mentions`` given one text as both (mining's stated zones) count it
    once: the same answer as for an equal text that is another object, counted twice."""
    from kgsync.extract.canonical import term_key
    from kgsync.extract.names import letter_runs
    from kgsync.extract.topics import phrase_mentions

    other = _copy(text)
    assert other is not text or len(text) < 2
    runs = letter_runs(text)
    assert mentions(text, text, runs, runs) == mentions(text, other, runs, letter_runs(other)) == mentions(text, text)
    phrases = {key: [w for w in written if term_key(w) == key] for key in {term_key(w) for w in written} if key}
    assert phrase_mentions(text, text, phrases) == phrase_mentions(text, other, phrases)


def test_a_run_looked_up_alone_is_the_forms_tables_answer() -> None:
    """``_form_of`` (a process that parses a few items builds no table) gives ``_byte_forms``'s
    answer for every form of the table, and None for the runs near them that are none."""
    from kgsync.extract import topics

    table = topics._byte_forms()
    assert topics._lower_words()  # the premise of the lookup, for the committed WordNet table
    for form, key in table.items():
        assert topics._form_of(form) == key, form
    near = {variant for form in table for variant in (
        form + b"s", form + b"es", form[:-1], form[:-2], form[:-1] + b"ies", form.upper(), form.lower(), b"x" + form)}
    for run in near - table.keys():
        assert topics._form_of(run) is None, run


@given(st.lists(st.one_of(_TOPIC_PIECES, _WORDS, st.text(max_size=3)), max_size=40).map("".join))
@settings(max_examples=200, deadline=None)
def test_the_topic_word_count_run_by_run_agrees_with_the_table(text: str) -> None:
    """``_counts`` before ``load`` (each run looked up alone) and after (the table) agree."""
    from kgsync.extract import topics

    saved = topics._FORMS.table, topics._FORMS.texts
    try:
        topics._FORMS.table, topics._FORMS.texts = None, -(10**9)
        alone = topics._counts(text)
        topics._FORMS.table = topics._byte_forms()
        assert alone == topics._counts(text)
    finally:
        topics._FORMS.table, topics._FORMS.texts = saved


def test_a_topic_word_the_findings_analysis_names_counts_where_the_item_concludes() -> None:
    """A single topic or derived word named in the Findings' Analysis (where the item reasons to its
    findings) counts as concluded there; one named only in the research log does not (topics17b)."""
    from kgsync.read.items import read_item_bytes
    from tests.item_corpus import item_markdown

    def item(analysis: str) -> dict[str, tuple[int, int, int]]:
        text = item_markdown("Waivers for scanners", question="How are scanner waivers kept?",
                             body=LOG.format(word="traceability", more="Provenance and traceability."),
                             summary="Waivers are centralised.", findings=["Waivers carry an expiry. (Confidence: high)"])
        parsed, issues = read_item_bytes((text + analysis).encode(), "Research/completed/2026-02-01-w.md", "2026-02-01-w")
        assert parsed is not None, issues
        return {key: (n, d, s) for key, n, d, s in candidates(parsed).topic_words}

    assert item("")["traceability"] == (2, 0, 0) and item("")["provenance"] == (1, 0, 0)
    concluded = item("\n### Analysis\n\nPolicy-version traceability and provenance make waivers auditable.\n")
    assert concluded["traceability"] == (3, 1, 0)  # a derived word ("traceable")
    assert concluded["provenance"] == (2, 1, 0)  # a topic word
    assert addresses(*concluded["traceability"][:2])
