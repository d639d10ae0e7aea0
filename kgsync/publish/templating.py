"""The one Jinja2 environment for everything kgsync renders from templates/."""

from __future__ import annotations

from functools import cache
from importlib import resources

import jinja2


@cache
def environment(autoescape: bool = False) -> jinja2.Environment:
    """Templates from ``templates/`` (shipped as ``kgsync._templates``).

    StrictUndefined: a typo in a template fails the render instead of printing ''.
    ``keep_trailing_newline`` and sorted inputs keep output byte-identical.
    """
    root = resources.files("kgsync._templates")
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        undefined=jinja2.StrictUndefined,
        autoescape=autoescape,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
