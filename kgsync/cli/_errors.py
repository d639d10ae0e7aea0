"""The one place where library errors become messages and exit codes.

Exit codes for every command: 0 success; 1 the input or the graph has problems
(failed items, lint errors, a publish that failed); 2 usage or configuration
errors, or a graph file that cannot be read.  Every command runs its body in
``reported()``; what differs between commands (the message prefix, a token to
mask, lint findings as GitHub annotations) is an option of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from kgsync.contract.errors import ConfigError, GraphFormatError, KgsyncError, LintFailed, message_line

if TYPE_CHECKING:  # lint findings and item problems only pass through here
    from kgsync.lint.rules import Finding
    from kgsync.read.item_model import Issue

OK, FAILED, USAGE = 0, 1, 2

def held_back_note(held: Sequence[Issue], untouched: str, command: str) -> str:
    """One line for the warnings and notices of the items a run did not change (``untouched``: "this
    build did not change"): how many, and how to list every one: ``command`` ("build", "pr"), the
    command that printed it, run again in memory with its own ``--all-warnings``."""
    items = [i for i in held if i.of_an_item]
    others = [i for i in held if not i.of_an_item]  # a README.md beside the items: counted as what it is
    parts = [f"{_counted(items, 'item file', 'in')} {untouched}"] if items else []
    if others:
        files = len({i.location.path for i in others})
        parts.append(f"{_counted(others, 'file', 'on')} that {'is' if files == 1 else 'are'} no research item "
                     "(no frontmatter)")
    return f"note: {', and '.join(parts)}, not shown (list every one: kgsync {command} --dry-run --all-warnings)"


def held_items_warning(held: Sequence[str]) -> str:
    """The warning for the items no longer found whose nodes were kept while an item file fails to read:
    ``kgsync build`` and ``kgsync pr`` print the same line (the PR body says it too)."""
    return message_line(None, f"warning: {len(held)} item(s) no longer found; kept their nodes while an item file fails "
                        f"to read (a renamed file reads as a delete and a new file): {listed(held, ', ')}",
                        "fix the failing file and build again: that build removes them if they are gone")


def listed(names: Sequence[str], separator: str) -> str:
    """The first five of ``names`` joined by ``separator``, and how many more."""
    more = f"{separator}and {len(names) - 5} more" if len(names) > 5 else ""
    return separator.join(names[:5]) + more


def _counted(held: Sequence[Issue], noun: str, preposition: str) -> str:
    """"2 warnings and 1 notice in 1 item file"."""
    warnings = sum(1 for i in held if str(i.severity) == "warning")
    notices = len(held) - warnings
    counts = " and ".join(f"{n:,} {kind}{'' if n == 1 else 's'}" for n, kind in ((warnings, "warning"), (notices, "notice"))
                          if n)
    files = len({i.location.path for i in held})
    return f"{counts} {preposition} {files:,} {noun}{'' if files == 1 else 's'}"


def exit_code(exc: KgsyncError) -> int:
    return USAGE if isinstance(exc, (ConfigError, GraphFormatError)) else FAILED


@contextmanager
def reported(
    *,
    prefix: str = "error: ",
    secret: str = "",
    annotate: Callable[[Finding], str] | None = None,
) -> Iterator[None]:
    """Run a command body; a ``KgsyncError`` is printed (with every lint finding) and exits.

    ``prefix`` starts the error line; ``secret`` (a token) is masked in every line
    printed on stderr; ``annotate`` prints each lint finding on stdout in that form
    (GitHub annotations) instead of as text on stderr.
    """

    def safe(text: str) -> str:
        if not secret:
            return text
        from kgsync.publish.github.git_branch import redact  # only a command holding a token needs it

        return redact(text, secret)

    try:
        yield
    except LintFailed as exc:
        for finding in exc.findings:
            if annotate is not None:
                click.echo(annotate(finding))
            else:
                click.echo(safe(finding.render()), err=True)
        click.echo(f"{prefix}{safe(exc.render())}", err=True)
        raise SystemExit(FAILED) from None
    except KgsyncError as exc:
        click.echo(f"{prefix}{safe(exc.render())}", err=True)
        raise SystemExit(exit_code(exc)) from None
