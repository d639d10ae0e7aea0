"""The command line: thin click commands over plain library functions.

Only this layer turns ``KgsyncError`` into a message on stderr and an exit
code, each command through ``kgsync.cli._errors.reported``: 0 success, 1 the input or graph has problems (findings, failed items),
2 usage or configuration errors.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys
import threading

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
        _collect_again()
        command: click.Command = module.command
        return command


# Whether ``main`` turned the cyclic collector off until a command's modules are imported.
_collecting_later = False


def _collect_again() -> None:
    """The collector on again, once the command's modules are imported (``main``): the objects they
    made (classes, functions, compiled patterns) live as long as the process, so they are moved out
    of the generations the collector scans (``gc.freeze``, O(1)) rather than scanned on its next run."""
    global _collecting_later
    if _collecting_later:
        _collecting_later = False
        gc.freeze()
        gc.enable()


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
    """The console entry point: run the command, then exit without freeing its objects one by one.

    A build holds millions of small objects (records, facts, graph lines)
    until it returns; the interpreter would free each of them, and then every module, before the
    process ends (speed9f timed it), work the operating system does at once when the process
    ends.  What a normal exit does besides still happens, in its order: other threads are waited
    for, the ``atexit`` handlers run, the output is flushed.

    The cyclic collector is off while the command's modules are imported (``_collect_again``): an
    import makes ~250 modules' objects, few of them garbage, and the collector ran ~70 times over
    them (speed13o).
    """
    global _collecting_later
    if gc.isenabled():
        gc.disable()
        _collecting_later = True
    try:
        cli.main(prog_name="kgsync", standalone_mode=True)
        code = 0
    except SystemExit as exc:  # kept until the process ends: its traceback holds the command's objects
        code = _exit_status(exc.code)
    shutdown = getattr(threading, "_shutdown", None)  # CPython's wait for the non-daemon threads
    if shutdown is not None:
        shutdown()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (``| head``): nothing more can be written anyway
            code = 120  # what the interpreter exits with when it cannot flush them
    os._exit(code)


def _exit_status(code: object) -> int:
    """The process status ``sys.exit(code)`` gives: None 0, an int itself, anything else printed and 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


if __name__ == "__main__":  # pragma: no cover
    main()
