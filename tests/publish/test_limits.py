"""Tests of kgsync.publish.limits: GitHub's body limit is the default everywhere a body is cut."""

from __future__ import annotations

import inspect

from click.testing import CliRunner

from kgsync.cli.main import cli
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.body import render_markdown


def test_github_body_limit_is_githubs_figure_and_the_renderers_default() -> None:
    assert GITHUB_BODY_LIMIT == 65536  # GitHub refuses a pull request body longer than this
    assert inspect.signature(render_markdown).parameters["limit"].default == GITHUB_BODY_LIMIT


def test_the_diff_command_cuts_at_githubs_limit_unless_told() -> None:
    result = CliRunner().invoke(cli, ["diff", "--help"])
    assert result.exit_code == 0 and "65536" in result.output
