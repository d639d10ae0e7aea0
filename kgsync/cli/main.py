"""The command line: thin click commands over plain library functions.

Only this layer turns ``KgsyncError`` into a message on stderr and an exit
code, each command through ``kgsync.cli._errors.reported``: 0 success, 1 the input or graph has problems (findings, failed items),
2 usage or configuration errors.
"""

from __future__ import annotations

import importlib
import sys

import click

from kgsync import __version__

#: command name -> module under kgsync.cli (each exposes ``command``).
COMMANDS = ("build", "lint", "vocab", "duplicates", "diff", "pr", "site", "serve")


class LazyGroup(click.Group):
    """Import a command's module only when it runs: `kgsync lint` never loads jinja2 or PyGithub."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module = importlib.import_module(f"kgsync.cli.{name}")
        command: click.Command = module.command
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kgsync")
def cli() -> None:
    """Research items -> a canonical knowledge graph (MCP memory JSONL), reviewed as PRs, published as a site."""
    # A graph may hold lone surrogates (the server writes "\ud800" escapes back as it read them):
    # printed, they come out as that same escape instead of stopping the command with a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main() -> None:
    cli.main(prog_name="kgsync", standalone_mode=True)


if __name__ == "__main__":  # pragma: no cover
    main()
