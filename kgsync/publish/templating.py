"""The one Jinja2 environment for everything kgsync renders from templates/."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import jinja2

_PACKAGE = Path(__file__).resolve().parents[1]


def templates_root(package: Path = _PACKAGE) -> Path | None:
    """``templates/`` of the source tree ``package`` was imported from, or None when it is installed.

    Why: an editable install maps ``kgsync._templates`` to the tree it was installed from, so a second tree run
    over the same venv (a worktree, an older checkout, ``PYTHONPATH``) would render the first tree's templates.
    A source tree is told by its ``pyproject.toml`` naming kgsync, so a ``templates/`` folder beside an installed
    package (another distribution's, in site-packages) is never taken for kgsync's.  Tool source, not repository
    content: the research checkout a build reads is never consulted here.
    """
    tree = package.parent
    try:
        project = tomllib.loads((tree / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if project.get("name") != "kgsync" or not (tree / "templates").is_dir():
        return None
    return tree / "templates"


def shipped_templates() -> Traversable:
    """The templates kgsync renders: the source tree's own, else the installed package data."""
    return templates_root() or resources.files("kgsync._templates")


@cache
def environment(autoescape: bool = False) -> jinja2.Environment:
    """Templates from ``templates/`` (shipped as ``kgsync._templates``).

    StrictUndefined: a typo in a template fails the render instead of printing ''.
    ``keep_trailing_newline`` and sorted inputs keep output byte-identical.
    """
    root = shipped_templates()
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        undefined=jinja2.StrictUndefined,
        autoescape=autoescape,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
