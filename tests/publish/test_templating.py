"""Tests of kgsync.publish.templating: the one Jinja2 environment over templates/."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

import kgsync
from kgsync.publish.templating import environment, templates_root


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


def test_a_source_tree_renders_its_own_templates_not_the_installed_ones(tmp_path: Path) -> None:
    # A second tree (a worktree, or an older checkout) run with PYTHONPATH over the venv's editable install of the
    # first: the editable finder maps kgsync._templates to the first tree's templates/, so a template edit in the
    # second tree was not rendered and an older tree rendered today's templates (found in the thirty-seventh round).
    here = Path(kgsync.__file__).resolve().parents[1]
    tree = tmp_path / "tree"
    shutil.copytree(here / "kgsync", tree / "kgsync", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(here / "templates", tree / "templates")
    shutil.copy(here / "pyproject.toml", tree / "pyproject.toml")
    (tree / "templates" / "tree_marker.txt").write_text("rendered from the copied tree\n", encoding="utf-8")
    code = "from kgsync.publish.templating import environment; print(environment().get_template('tree_marker.txt').render(), end='')"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "rendered from the copied tree\n"


def test_outside_a_source_tree_the_shipped_package_data_is_used(tmp_path: Path) -> None:
    # An installed wheel has no pyproject.toml beside the package: a templates/ folder there (another
    # distribution's, in site-packages) is not kgsync's.
    (tmp_path / "kgsync").mkdir()
    (tmp_path / "templates").mkdir()
    assert templates_root(tmp_path / "kgsync") is None
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n', encoding="utf-8")
    assert templates_root(tmp_path / "kgsync") is None
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "kgsync"\n', encoding="utf-8")
    assert templates_root(tmp_path / "kgsync") == tmp_path / "templates"
