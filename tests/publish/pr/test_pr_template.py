"""Tests of kgsync.publish.pr.pr_template: the PR body's Jinja environment."""

from __future__ import annotations

import pytest

from kgsync.publish.pr.markdown_escape import ZWSP, md_code
from kgsync.publish.pr.pr_template import _environment


def test_template_escapes_values_it_forgot_to_escape() -> None:
    template = _environment().from_string("{{ value }}|{{ safe }}")
    assert template.render(value="<b>@x", safe=md_code("*b*")) == f"&#60;b&#62;@{ZWSP}x|`*b*`"
    with pytest.raises(TypeError):
        _environment().from_string("{{ value }}").render(value=None)
