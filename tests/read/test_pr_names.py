"""Tests of kgsync.read.pr_names: the names kgsync pr gives GitHub, checked before the build."""

from __future__ import annotations

import pytest

from kgsync.read.pr_names import LABEL_LIMIT, label_problem


@pytest.mark.parametrize("label", ["", " ", "\t", "\u00a0"])
def test_a_blank_label_is_refused(label: str) -> None:
    # `--label ""` (or `labels: [""]` in kgsync.yml) passed to GitHub, which refuses a blank name
    # (422) after the branch was pushed.
    problem = label_problem(label)
    assert problem is not None and "blank" in problem and "fix:" in problem


def test_the_limit_is_githubs() -> None:
    assert LABEL_LIMIT == 50
    assert label_problem("y" * 50) is None and label_problem("y" * 51) is not None
