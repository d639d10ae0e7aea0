"""Options every command that reads kgsync.yml shares, resolved the same way."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from kgsync.contract.errors import ConfigError, Location

if TYPE_CHECKING:  # kgsync.yml's schema and the YAML reader load when a command reads kgsync.yml (load_config)
    from kgsync.read.config import Config

F = TypeVar("F", bound=Callable[..., object])


class FilePath(click.Path):
    """A file to write, given on the command line: ``click.Path(dir_okay=False)`` that also refuses
    a trailing slash, which names a folder (pathlib drops it: ``--out x/`` wrote a file named x)."""

    def __init__(self, *, writable: bool = False) -> None:
        super().__init__(dir_okay=False, writable=writable, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value:
            self.fail("'' names no file (fix: give a file path, such as memory.jsonl)", param, ctx)
        if isinstance(value, str) and value.endswith(("/", "\\")):
            self.fail(f"{value!r} names no file: a trailing slash names a folder "
                      f"(fix: give a file path, such as {value}memory.jsonl)", param, ctx)
        return super().convert(value, param, ctx)


def write_output(path: Path, text: str, *, inputs: Config | None = None, option: str = "--output") -> None:
    """Write a ``FilePath`` the user named (a diff, a vocabulary, a JSON report); a folder that is
    read-only, a path under a file or a full disk is a ``ConfigError`` at that path, not a traceback.
    ``inputs``: the repository's configuration; a path naming one of its inputs (kgsync.yml, the
    graph, its manifest, a vocabulary file, an item) is refused, the file kept: no reading of
    ``option`` means "replace the config with a listing"; so is, with or without it, any graph,
    manifest or item, known by its head (``_read_as_input``)."""
    refuse_an_input(path, inputs=inputs, option=option)
    try:
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    except OSError as exc:
        raise ConfigError(f"cannot write ({exc.strerror or exc})", Location.of(path),
                          "name a file in a writable folder") from None


def refuse_an_input(path: Path, *, inputs: Config | None = None, option: str = "--output") -> None:
    """The ``ConfigError`` of ``write_output`` for a path it would refuse (an input of the build), raised
    on its own: a command that works before it writes (``kgsync vocab`` builds and lists) refuses first."""
    if (what := (inputs.input_at(path) if inputs is not None else None) or _read_as_input(path)) is not None:
        raise ConfigError(f"{option} names a file that is {what}, which the build reads: not written", Location.of(path),
                          "name another file")


def _read_as_input(path: Path) -> str | None:
    """What kgsync reads the existing file ``path`` as, by its own bytes, whatever the configuration
    names (None: nothing): a graph of ``build --out``, or one the memory server wrote, is a graph
    wherever it lies, and its manifest a manifest; a Markdown file that opens with a YAML frontmatter
    is an item's form (of a build's --items, which no configuration names).  Only the head is read."""
    if not path.is_file():  # first: a FIFO named so is never opened (the read would wait for a writer)
        return None
    try:
        with open(path, "rb") as handle:
            head = handle.read(65536)
    except OSError:  # none, a folder, unreadable: the write says so if it must
        return None
    head = head.removeprefix(b"\xef\xbb\xbf")
    if path.suffix.lower() == ".md" and head.lstrip().startswith(b"---"):  # an item of any --items, config or none
        return "an item file"
    first = head.split(b"\n", 1)[0].strip()
    if path.name.endswith(".kgsync.json") or first.startswith(b'{"kgsync_manifest"'):
        return "a graph's manifest"
    if _GRAPH_LINE.match(first):  # as the server and kgsync write a line (one longer than the head, too)
        return "a graph file"
    try:
        record = json.loads(first) if first.startswith(b"{") else None
    except (ValueError, RecursionError):
        record = None
    return "a graph file" if isinstance(record, dict) and record.get("type") in ("entity", "relation") else None


_GRAPH_LINE = re.compile(rb'\{\s*"type"\s*:\s*"(?:entity|relation)"')


def repo_options(command: F) -> F:
    """``--root`` and ``--config``, in that order, on ``command``."""
    command = click.option(
        "--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
        help="kgsync.yml to use (default: ROOT/kgsync.yml if present).",
    )(command)
    return click.option(
        "--root", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
        help="The research repo root, where kgsync.yml is (default: the folder of --config, else .).",
    )(command)


def load_config(root: Path | None, config_path: Path | None) -> Config:
    """Paths in kgsync.yml are relative to the root: --root, else the config file's folder, else the cwd."""
    from kgsync.read import config as config_module  # not at import: `kgsync serve --graph` reads no kgsync.yml

    if root is None:
        root = config_path.parent if config_path else Path(".")
    return config_module.load(root, config_path)


def cache_dir_option(command: F) -> F:
    """``--cache-dir`` (or $KGSYNC_CACHE_DIR): where the cache lives, overriding ``cache_dir`` in kgsync.yml.

    CI points it outside the checkout (the Action: $RUNNER_TEMP), so no committed file is read as cache."""
    return click.option(
        "--cache-dir", "cache_dir", envvar="KGSYNC_CACHE_DIR", type=click.Path(file_okay=False, path_type=Path),
        help="Cache folder (default: `cache_dir` in kgsync.yml, else ~/.cache/kgsync/<repo hash>, outside the checkout; "
             "a folder inside the checkout is authenticated by a key outside it; env KGSYNC_CACHE_DIR).",
    )(command)
