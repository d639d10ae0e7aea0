"""An item's vocabulary share as the manifest records it (``kgsync.vocabulary.share_record``)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.mining import Candidate, ItemCandidates
from kgsync.vocabulary.share_record import share_json, share_of

_text = st.text(st.characters(codec="utf-8"), max_size=8)
_pairs = st.lists(st.tuples(_text, _text), max_size=3).map(tuple)
_rows = st.lists(st.builds(Candidate, _text, st.floats(allow_nan=False, allow_infinity=False),
                           st.lists(st.tuples(_text, st.integers(0, 99)), max_size=3).map(tuple),
                           st.integers(0, 255)), max_size=4).map(tuple)


@settings(max_examples=200, deadline=None)
@given(st.builds(ItemCandidates, st.just("a"), _rows, _pairs, spelled=_pairs))
def test_a_share_round_trips_exactly_and_its_text_is_written_again_the_same(share: ItemCandidates) -> None:
    text = share_json(share)
    back = share_of("a", json.loads(text))
    assert back == share
    assert share_json(back) == text  # a kept item's line is copied byte for byte


_any_text = st.text(st.characters(), max_size=8)  # lone surrogates too: msgspec refuses them
_edges = st.sampled_from([0.0, -0.0, 1e-4, 9.999999999999999e-05, 1e16, 9999999999999998.0, 1e-05, 1e300])
_any_rows = st.lists(st.builds(Candidate, _any_text, st.floats() | st.integers() | _edges,
                               st.lists(st.tuples(_any_text, st.integers()), max_size=3).map(tuple),
                               st.integers(0, 2**70)), max_size=4).map(tuple)


@settings(max_examples=500, deadline=None)
@given(st.builds(ItemCandidates, st.just("a"), _any_rows, st.lists(st.tuples(_any_text, _any_text), max_size=2).map(tuple)))
def test_a_share_is_spelled_as_the_standard_librarys_compact_json_whatever_it_holds(share: ItemCandidates) -> None:
    # the manifest's bytes: msgspec encodes only where it spells them alike (exponents, NaN, surrogates aside)
    data = {k: v for k, v in (("rows", share.terms), ("acronyms", share.acronyms)) if v}
    assert share_json(share) == json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def test_an_empty_share_is_an_empty_object_not_no_share() -> None:
    # an item with nothing to share still counts as an item (the hub share's denominator)
    assert share_json(ItemCandidates("a", ())) == "{}"
    assert share_of("a", {}) == ItemCandidates("a", ())


@pytest.mark.parametrize(("data", "said"), [
    ([], "must be an object"),
    ({"rows": [], "dense": ""}, "must be an object"),
    ({"rows": {}}, "rows must be a list"),
    ({"rows": [["k", 1.0, [], -1]]}, "[key, score, surfaces, flags]"),
    ({"rows": [["k", "1", [], 1]]}, "[key, score, surfaces, flags]"),
    ({"rows": [["k", 1.0, [["s"]], 1]]}, "surfaces holds pairs"),
    ({"acronyms": [["a", 1]]}, "acronyms holds pairs"),
    ({"spelled": "ab"}, "spelled must be a list"),
])
def test_a_share_of_another_shape_is_a_value_error_naming_its_part(data: object, said: str) -> None:
    with pytest.raises(ValueError, match="vocabulary_share") as error:
        share_of("a", data)
    assert said in str(error.value)
