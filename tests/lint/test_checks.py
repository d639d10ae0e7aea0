"""provenance_slug: the one reading of a ``provenance:item=<slug>`` observation the checks share."""

from __future__ import annotations

import pytest

from kgsync.lint.checks import provenance_slug


@pytest.mark.parametrize(("observation", "slug"), [
    ("provenance:item=2026-01-01-a", "2026-01-01-a"),
    ("provenance: item= 2026-01-01-a ", "2026-01-01-a"),  # blanks around the value are the server's, not the slug's
    ("provenance:item=", None),
    ("provenance:2026-01-01-a", None),  # no item=
    ("provenance:items=x", None),
    ("source:item=2026-01-01-a", None),
    ("title: provenance:item=x", None),
])
def test_provenance_slug(observation: str, slug: str | None) -> None:
    assert provenance_slug(observation) == slug
