"""The one place where library errors become messages and exit codes.

Exit codes for every command: 0 success; 1 the input or the graph has problems
(failed items, lint errors, a publish that failed); 2 usage or configuration
errors, or a graph file that cannot be read.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from kgsync.errors import ConfigError, GraphFormatError, KgsyncError, LintFailed

FAILED, USAGE = 1, 2


def exit_code(exc: KgsyncError) -> int:
    return USAGE if isinstance(exc, (ConfigError, GraphFormatError)) else FAILED


@contextmanager
def reported() -> Iterator[None]:
    """Run a command body; a ``KgsyncError`` is printed (with every lint finding) and exits."""
    try:
        yield
    except LintFailed as exc:
        for finding in exc.findings:
            click.echo(finding.render(), err=True)
        click.echo(f"error: {exc.message}", err=True)
        raise SystemExit(FAILED) from None
    except KgsyncError as exc:
        click.echo(f"error: {exc.render()}", err=True)
        raise SystemExit(exit_code(exc)) from None
