"""Tests of kgsync.read.pr_names: the names kgsync pr gives GitHub, checked before the build."""

from __future__ import annotations

import pytest

from kgsync.read.pr_names import LABEL_LIMIT, label_problem, site_url_problem


@pytest.mark.parametrize("label", ["", " ", "\t", "\u00a0"])
def test_a_blank_label_is_refused(label: str) -> None:
    # `--label ""` (or `labels: [""]` in kgsync.yml) passed to GitHub, which refuses a blank name
    # (422) after the branch was pushed.
    problem = label_problem(label)
    assert problem is not None and "blank" in problem and "fix:" in problem


def test_the_limit_is_githubs() -> None:
    assert LABEL_LIMIT == 50
    assert label_problem("y" * 50) is None and label_problem("y" * 51) is not None


def test_a_site_url_names_what_is_wrong() -> None:
    assert site_url_problem("") is None and site_url_problem("https://o.github.io/r/") is None
    assert "its scheme is 'javascript:'" in str(site_url_problem("javascript:alert(1)"))
    assert "it has no scheme" in str(site_url_problem("o.github.io/r/"))
    assert "it names no host" in str(site_url_problem("https:///r/"))
