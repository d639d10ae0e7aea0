"""Tests of kgsync.publish.templating: the one Jinja2 environment over templates/."""

from __future__ import annotations

import jinja2
import pytest

from kgsync.publish.templating import environment


def test_a_typo_in_a_template_fails_the_render_instead_of_printing_nothing() -> None:
    with pytest.raises(jinja2.UndefinedError, match="tpyo"):
        environment().from_string("a {{ tpyo }} b").render()


def test_the_trailing_newline_is_kept_and_blocks_leave_no_blank_lines() -> None:
    template = environment().from_string("{% for x in xs %}\n  {% if x %}\n{{ x }}\n  {% endif %}\n{% endfor %}\n")
    assert template.render(xs=["a", "", "b"]) == "a\nb\n"


def test_escaping_only_where_asked_and_one_environment_each() -> None:
    assert environment().from_string("{{ v }}").render(v="<b>") == "<b>"
    assert environment(autoescape=True).from_string("{{ v }}").render(v="<b>") == "&lt;b&gt;"
    assert environment() is environment() and environment(True) is not environment()


def test_the_shipped_templates_are_found() -> None:
    assert environment().list_templates()  # templates/ shipped as kgsync._templates
