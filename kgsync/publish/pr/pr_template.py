"""The PR body template (templates/pr_body.md.j2), with escaping made impossible to forget.

The environment escapes every ``{{ value }}`` with ``md_escape`` unless the value is already
``Markup`` (what ``md_code``/``plain``/``md_escape`` return).
"""

from __future__ import annotations

from functools import cache

import jinja2
from jinja2.environment import TemplateModule
from markupsafe import Markup

from kgsync.publish.pr.markdown_escape import TEXT_LIMIT, md_code, md_escape, plain
from kgsync.publish.templating import environment

TEMPLATE = "pr_body.md.j2"


#: A group longer than this folds into a <details> block.
DETAILS_AFTER = 5

#: The cap on a side-effect heading's Why and Fix (characters): kgsync's own sentences, written to be read
#: whole (the longest, "hub entered" and "retyped", pass ``TEXT_LIMIT`` with a term of a few words in them),
#: so only a term far longer than any name is cut; the item's words in them are escaped as any text is.
EXPLANATION_LIMIT = 4 * TEXT_LIMIT


def _finalize(value: object) -> object:
    if isinstance(value, Markup):
        return value
    if isinstance(value, bool) or value is None:
        raise TypeError(f"refusing to print {value!r} in a PR body template")  # a template bug
    if isinstance(value, int):
        return Markup(str(value))
    return md_escape(str(value))


@cache
def _environment() -> jinja2.Environment:
    # An overlay with its own cache: autoescape + finalize change the compiled code,
    # so a template compiled by the shared environment must not be reused here.
    return environment().overlay(autoescape=True, finalize=_finalize, cache_size=50)


def template_module() -> TemplateModule:
    return _environment().get_template(TEMPLATE).make_module(
        {"code": md_code, "esc": md_escape, "plain": plain, "details_after": DETAILS_AFTER,
         "explanation_limit": EXPLANATION_LIMIT}
    )


def macro(module: TemplateModule, name: str, *args: object) -> str:
    # A template's macros are the module's attributes, looked up by their name in the template.
    return str(getattr(module, name)(*args))
