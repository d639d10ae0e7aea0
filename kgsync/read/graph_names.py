"""The graph file's name and its manifest's: the one naming rule (``<name>.kgsync.json`` beside the
graph), and which option values name a file at all.  Apart from ``config`` so that its checks of
``graph:`` and ``--out`` read the rule from one place."""

from __future__ import annotations

from pathlib import Path


def manifest_of(graph: Path) -> Path:
    """The manifest of the graph file ``graph``: beside it, ``<name>.kgsync.json`` (what each item
    contributed; the next build merges by it)."""
    return graph.with_name(graph.stem + ".kgsync.json")


def names_a_file(path: str) -> bool:
    """Whether ``path`` ends in a file name (not "", ".", "..", nor a trailing slash)."""
    return bool(path) and not path.endswith(("/", "\\")) and Path(path).name not in ("", ".", "..")


A_MANIFEST = "names a graph's manifest (<graph>.kgsync.json), which the build reads and writes"
GRAPH_NOT_MANIFEST = "name the graph file, such as memory.jsonl (the build writes its manifest beside it)"


def names_a_manifest(path: str) -> bool:
    """Whether ``path`` has a manifest's name (``manifest_of``), existing or not: a graph written there
    is read as a manifest by the next build, and its own manifest lands at ``<name>.kgsync.kgsync.json``."""
    return Path(path).name.lower().endswith(".kgsync.json")
