"""``kgsync serve``: a ranked, bounded MCP server (stdio) over the committed graph.

Needs the MCP SDK: ``pip install 'kgsync[serve]'``.  Exit codes: 0 when the client closes the
connection; 2 configuration or usage errors (no graph file, the SDK missing).
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import click

from kgsync.cli._errors import reported
from kgsync.cli._options import load_config, repo_options
from kgsync.contract.errors import ConfigError, Location
from kgsync.serve.service import Service


@click.command("serve")
@click.option("--graph", "graph", type=click.Path(dir_okay=False, path_type=Path),
              help="Graph file to serve (default: `graph` in kgsync.yml under --root, memory.jsonl).")
@click.option("--writable", is_flag=True, help="Also offer the reference server's write tools (create_entities, ...); "
              "every write is atomic and locked (<graph>.lock), so two servers never lose a write.")
@click.option("--no-index-cache", "no_index_cache", is_flag=True, help="Index the graph at every start instead of keeping "
              "the index in the user's cache directory (~/.cache/kgsync/serve/) for the next start.")
@repo_options
def command(graph: Path | None, writable: bool, no_index_cache: bool, root: Path | None, config_path: Path | None) -> None:
    """Serve the graph to agents over MCP (stdio): ranked search_nodes, open_nodes, read_graph, topic, evidence, item.

    Read-only unless --writable.  Answers stay under 20,000 characters; the file is re-read when it changes (a git pull).
    """
    with reported():
        if graph is not None:
            path = graph
        else:
            cfg = load_config(root, config_path)
            # Read (and, writable, the agents' additions written to it): not through a link out of the checkout.
            path = cfg.graph_file("--graph FILE")
        if path.exists() and not path.is_file():  # a FIFO blocks each call's open, a device never ends
            raise ConfigError("the graph file is not a regular file (a folder, a FIFO, a socket or a device)",
                              Location.of(path), "pass --graph the graph file, such as memory.jsonl")
        if not path.is_file() and not writable:
            raise ConfigError("graph file not found", Location.of(path), "run `kgsync build` first, or pass --graph FILE")
        # The graph is read and indexed before serving (the first call is as fast as the others); a
        # child process checks the stored index (or indexes and stores it) while this one loads the MCP
        # SDK (a thread was slower: both hold the GIL).  An unreadable graph: the calls say why.
        service = Service(Path(os.path.abspath(path)), keep=not no_index_cache)  # `..` folded, as build's paths
        # The cyclic collector stays off until the start-up's objects are frozen below: the SDK's import
        # (~550 pydantic models) and the graph's ~1.5 million objects, few of them garbage, made it walk
        # them again and again (4844238c).
        gc.disable()
        finish = service.prebuild()
        try:
            from kgsync.serve.server import run
        except ImportError as exc:
            raise ConfigError(f"kgsync serve needs the MCP SDK ({exc})", None,
                              "pip install 'kgsync[serve]'") from None
        finish()
        # Half a million objects of the graph and the SDK live as long as the server: out of the cyclic
        # collector's full passes, which would otherwise walk them all now and then during a call.
        gc.freeze()
        gc.enable()
    run(service, writable)
