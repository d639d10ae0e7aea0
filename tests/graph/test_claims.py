"""select_claims (kgsync.graph.claims): which findings become claims, by position alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st


def _claims_of(confidences: list[str]) -> list:
    from kgsync.extract.findings import Claim

    return [Claim(f"finding-{n}", f"Finding {n}.", confidence, n, n + 10, ()) for n, confidence in
            enumerate(confidences, 1)]


def test_claims_are_the_first_findings_in_document_order_whatever_their_confidence() -> None:
    from kgsync.graph.claims import select_claims

    claims = _claims_of(["low", "high", "medium", "high", "high", "low"])
    assert [c.number for c in select_claims(claims, 4)] == [1, 2, 3, 4]
    assert [c.number for c in select_claims(claims, 4, chosen=(5, 1))] == [1, 5]  # the author's choice
    # Findings other items cite by number are claims beyond the cap (issue 11 feeds this).
    assert [c.number for c in select_claims(claims, 4, required={6})] == [1, 2, 3, 4, 6]
    assert [c.number for c in select_claims(claims, 2, chosen=(3,), required={1})] == [1, 3]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["high", "medium", "low", ""]), min_size=1, max_size=9),
       st.integers(0, 8), st.sampled_from(["high", "medium", "low", ""]), st.integers(1, 6))
def test_editing_one_finding_never_flips_another(confidences: list[str], victim: int, confidence: str,
                                                  cap: int) -> None:
    """Which findings are claims is decided by position alone: a finding reworded or re-rated in
    place changes nothing for the others."""
    from dataclasses import replace

    from kgsync.graph.claims import select_claims

    claims = _claims_of(confidences)
    victim %= len(claims)
    edited = list(claims)
    edited[victim] = replace(claims[victim], statement="Reworded entirely.", confidence=confidence, key="reworded")
    before = {c.number for c in select_claims(claims, cap)}
    after = {c.number for c in select_claims(edited, cap)}
    assert before == after
