"""``kgsync.extract.designations``: an acronym inside a designation names the standard or model, not its expansion."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.extract.canonical import is_acronym, term_key
from kgsync.extract.designations import _written_words, defined_in_designation, designation_only, in_designation
from kgsync.extract.mining import candidates
from tests.item_corpus import make_item


@pytest.mark.parametrize("text", [
    "the ISO/IEC 42001 standard", "IEEE 802.11 radios", "NIST SP 800-53 controls", "GPT-4o answers",
    "GPT-4 agents", "ACL 2024 papers", "APRA CPS 230 duties", "(IEC) 27001:2022",
])
def test_an_acronym_before_a_number_stands_in_a_designation(text: str) -> None:
    """A standard, a model, a release or an edition: "ISO/IEC 42001" is no use of "IEC"."""
    first = re.search(r"[A-Z]{2,}", text)
    assert first is not None and in_designation(text, first.end())


@pytest.mark.parametrize("text", [
    "IEC rules and ISO bodies", "GPT models", "ACL, 2024", "BCG's 2024 survey", "DORA and APRA CPS 230",
])
def test_an_acronym_on_its_own_is_no_designation(text: str) -> None:
    first = re.search(r"[A-Z]{2,}", text)
    assert first is not None and not in_designation(text, first.end())


def test_designation_only_names_the_acronyms_never_written_on_their_own() -> None:
    text = "NIST AI RMF and ISO/IEC 42001 apply; GPT-4o and GPT-4 lead; custom GPTs help; ACL 2024; IEEE 802.11."
    found = designation_only(text, ["iec", "iso", "gpt", "acl", "ieee", "nist", "rmf"])
    assert found == ("iec", "iso", "acl", "ieee")  # "custom GPTs" and "NIST AI RMF" stand on their own


def test_a_definition_inside_a_designation_is_no_use_of_the_long_form() -> None:
    text = "Apply Widget Standards Council (WSC) 4200 and Widget Standards Council (WSC) 4300."
    assert defined_in_designation(text, "WSC", "Widget Standards Council")
    assert not defined_in_designation(text + " The Widget Standards Council meets.", "WSC", "Widget Standards Council")
    assert not defined_in_designation("The Widget Standards Council (WSC) meets.", "WSC", "Widget Standards Council")


def test_an_item_naming_only_a_standard_addresses_neither_its_body_nor_its_letters() -> None:
    """The item defines what "WSC" stands for (the shared map learns it), but every use names a
    standard: neither "wsc" nor "widget standards council" is a term of the item; "GPT-4o" is no
    use of "GPT" either."""
    item = make_item("2026-01-01-wsc", "Widget Standards Council (WSC) 4200 compliance",
                     "Does the WSC 4200 control set cover agents?", "ISO/WSC 4200 covers agents; GPT-4o drafts it.",
                     ("WSC 4200 controls map to agent permissions.",))
    found = candidates(item)
    keys = {c.key for c in found.terms}
    council = term_key("Widget Standards Council")
    assert "wsc" not in keys and council not in keys and "gpt" not in keys
    assert "agent permission" in keys  # the item's own terms stay
    assert ("wsc", council) in found.acronyms


_DESIGNATION_WORDS = st.sampled_from(["IEC", "iec", "Iec", "IECs", "IECS", "ISO", "GPT", "GPTs", "gpt", "DSPy", "a", "the",
                                      "International", "Electrotechnical", "Commission", "42001", "4o", "2024",
                                      "\u212a", "\u017f", "\u0131", "é", "_", "IEC4"])
_DESIGNATION_TEXTS = st.lists(st.one_of(_DESIGNATION_WORDS, st.sampled_from(list(" /-()\n\t.,")), st.text(max_size=3)),
                              max_size=30).map("".join)


@given(_DESIGNATION_TEXTS, st.lists(st.sampled_from(["IEC", "iec", "GPT", "ISO", "DSPy", "ks", "SK", "A", "é"]), max_size=5))
def test_designations_found_in_one_pass_agree_with_the_key_by_key_scan(text: str, keys: list[str]) -> None:
    assert designation_only(text, keys) == _designation_only_key_by_key(text, keys)


@given(_DESIGNATION_TEXTS)
def test_the_capitalised_runs_are_those_of_the_backtracking_pattern(text: str) -> None:
    """``_CAPITALISED_RUN``'s possessive quantifiers: the oracle is the pattern as first written."""
    import re

    from kgsync.extract.designations import _CAPITALISED_RUN

    first = re.compile(r"\b[A-Za-z][a-z]*[A-Z][A-Za-z]*\b")
    assert [m.span() for m in _CAPITALISED_RUN.finditer(text)] == [m.span() for m in first.finditer(text)]


_RUN_TEXTS = st.lists(st.one_of(_DESIGNATION_WORDS, st.sampled_from(["iPhone", "eBay", "aXfooBar", "1xFoo", "éaB", "ÄBC", "aB_",
                                                                     "GitHub2", "Ab1Cd"]),
                                st.sampled_from(list(" /-()\n\t.,'_1")), st.text(alphabet="aAbBzZ_1é\u212a-", max_size=4)),
                      max_size=30).map("".join)


@given(_RUN_TEXTS)
def test_the_capitalised_runs_found_from_their_capitals_are_the_pattern_s(text: str) -> None:
    """``capitalised_runs`` finds them from each capital: the oracle is ``_CAPITALISED_RUN``."""
    from kgsync.extract.designations import _CAPITALISED_RUN, capitalised_runs

    assert list(capitalised_runs(text)) == [m.span() for m in _CAPITALISED_RUN.finditer(text)]


def _designation_only_key_by_key(text: str, keys: list[str]) -> tuple[str, ...]:
    """``designation_only`` as first written, one regex per key: the oracle of the one-pass scan."""
    from kgsync.extract.designations import _written_acronym

    out = []
    for key in keys:
        if not key.isascii() or not key.isalpha():
            continue
        uses = [m for m in _written_acronym(key).finditer(text) if is_acronym(m.group())]
        if uses and all(in_designation(text, m.end()) for m in uses):
            out.append(key)
    return tuple(out)


@given(_DESIGNATION_TEXTS, st.sampled_from(["IEC", "GPT", "ISO"]),
       st.sampled_from(["International Electrotechnical Commission", "Generative Pre-trained Transformer", "a b c"]))
def test_a_definition_in_a_designation_needs_a_parenthesis_before_the_acronym(text: str, short: str, long: str) -> None:
    # the rule as first written, with no look for a parenthesis first, is the oracle
    words_ = [re.escape(word) for word in long.split()]
    written = re.compile(r"(?<!\w)(?i:" + r"\s+".join(words_) + r")(?!\w)")
    after = re.compile(r"\s*\(\s*" + re.escape(short) + r"s?\s*")
    for prefix in ("", f"{long} ({short}) 42001 and ", f"{long} ( {short}s ) 2024; "):
        whole = prefix + text
        uses = list(written.finditer(whole))
        expected = bool(uses) and all((d := after.match(whole, u.end())) is not None and in_designation(whole, d.end()) for u in uses)
        assert defined_in_designation(whole, short, long) == expected


_LONG_WORDS = st.lists(st.sampled_from(["Kit", "kit", "sale", "Sale", "ink", "Ink", "\u212aey", "\u017fale", "\u0130nk", "\u00e9t\u00e9",
                                         "x_y", "4o", "a", "C++", "(b)", "-", "Z"]), min_size=1, max_size=3)
_LONG_TEXTS = st.lists(st.one_of(st.sampled_from(["Kit", "KIT", "\u212aIT", "kit", "sale", "\u017fALE", "SALE", "ink", "\u0130NK",
                                                  "\u0131nk", "INK", "\u00e9t\u00e9", "\u00c9T\u00c9", "x_y", "4o", "a", "A", "C++",
                                                  "(b)", "-", "Z", "z", "_"]),
                                 st.sampled_from(list(" \t\n/-().,")), st.text(max_size=2)), max_size=30).map("".join)


@given(_LONG_TEXTS, _LONG_WORDS)
def test_a_long_form_is_found_where_the_plain_regex_finds_it(text: str, words_: list[str]) -> None:
    # the regex as first written, led by a lookbehind, is the oracle of the one led by the first letter
    escaped = [re.escape(word) for word in words_]
    plain = re.compile(r"(?<!\w)(?i:" + r"\s+".join(escaped) + r")(?!\w)")
    for whole in (text, " ".join(words_) + " " + text, text + " ".join(words_).upper()):
        assert [m.span() for m in _written_words(escaped).finditer(whole)] == [m.span() for m in plain.finditer(whole)]


def test_a_designation_holds_a_bounded_chain_of_acronyms_in_the_text_and_in_mentions() -> None:
    # "ISO/IEC/IEEE 42010" is a designation; a chain longer than any designation, ending in a
    # number, is not one (and each acronym of a hostile chain costs a few steps, not a scan to the end)
    from kgsync.extract.designations import MAX_DESIGNATION_ACRONYMS
    from kgsync.vocabulary.terms import _in_designation

    for extra in range(MAX_DESIGNATION_ACRONYMS + 3):
        chain = ["AB", *(f"C{chr(ord('A') + k)}" for k in range(extra))]
        text = "/".join(chain) + " 42001"
        expected = extra <= MAX_DESIGNATION_ACRONYMS
        assert in_designation(text, 2) is expected, text
        assert _in_designation([w.lower() for w in chain] + ["42001"], [*chain, "42001"], 0) is expected, text
    assert designation_only("/".join(["AB"] * 50_000) + " 1", ["AB"]) == ()  # the first uses stand in no designation
