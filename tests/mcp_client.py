"""Drive the real ``@modelcontextprotocol/server-memory`` through the Python MCP SDK.

The server runs as ``node <dist/index.js>`` over stdio with ``MEMORY_FILE_PATH``
pointing at a graph file, exactly as an agent's MCP client would start it.
Tests get a synchronous handle (an anyio blocking portal runs the async
session in a background thread), so they read like plain sequential code::

    with memory_server(server_js, tmp_path / "memory.jsonl") as server:
        graph = server.read_graph()

Results are parsed from the tools' text content (``JSON.stringify(result,
null, 2)``), which every SDK version exposes the same way; the structured
content field was renamed between SDK majors.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import anyio
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from kgsync.contract.model import Entity, Graph, Relation

#: Seconds one tool call may take before the test fails instead of hanging.
CALL_TIMEOUT = 60.0


class ToolError(AssertionError):
    """The server answered a tool call with ``isError``."""


def graph_of(payload: dict[str, Any]) -> Graph:
    """A ``{entities, relations}`` answer as a kgsync ``Graph`` (server order kept)."""
    return Graph(
        tuple(Entity(e["name"], e["entityType"], tuple(e["observations"])) for e in payload.get("entities", [])),
        tuple(Relation(r["from"], r["to"], r["relationType"]) for r in payload.get("relations", [])),
    )


def entity_payload(entity: Entity) -> dict[str, Any]:
    return {"name": entity.name, "entityType": entity.entity_type, "observations": list(entity.observations)}


def relation_payload(relation: Relation) -> dict[str, str]:
    return {"from": relation.source, "to": relation.target, "relationType": relation.relation_type}


@dataclass
class MemoryServer:
    """A live server session; every method is one MCP tool call."""

    portal: BlockingPortal
    session: ClientSession
    memory_file: Path

    def call(self, tool: str, **arguments: Any) -> Any:
        """Call ``tool``; return its JSON answer (or the plain text when it is not JSON)."""
        result = self.portal.call(self._call, tool, arguments)
        text = "".join(getattr(block, "text", "") for block in result.content)
        is_error = getattr(result, "is_error", None)
        if is_error is None:  # SDK 1.x spells it isError
            is_error = getattr(result, "isError", False)
        if is_error:
            raise ToolError(f"{tool}({arguments!r}) failed: {text}")
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text

    async def _call(self, tool: str, arguments: dict[str, Any]) -> Any:
        # anyio's deadline, not the SDK's timeout argument: its type changed between SDK majors.
        with anyio.fail_after(CALL_TIMEOUT):
            return await self.session.call_tool(tool, arguments)

    def list_tools(self) -> list[str]:
        result = self.portal.call(self.session.list_tools)
        return sorted(tool.name for tool in result.tools)

    # The server's tools, typed.
    def read_graph(self) -> Graph:
        return graph_of(self.call("read_graph"))

    def search_nodes(self, query: str) -> Graph:
        return graph_of(self.call("search_nodes", query=query))

    def open_nodes(self, names: list[str]) -> Graph:
        return graph_of(self.call("open_nodes", names=names))

    def create_entities(self, entities: list[Entity]) -> list[dict[str, Any]]:
        return self.call("create_entities", entities=[entity_payload(e) for e in entities])

    def create_relations(self, relations: list[Relation]) -> list[dict[str, Any]]:
        return self.call("create_relations", relations=[relation_payload(r) for r in relations])

    def add_observations(self, entity_name: str, contents: list[str]) -> list[dict[str, Any]]:
        return self.call("add_observations", observations=[{"entityName": entity_name, "contents": contents}])

    def delete_entities(self, names: list[str]) -> Any:
        return self.call("delete_entities", entityNames=names)


@asynccontextmanager
async def _session(server_js: Path, memory_file: Path, errlog: TextIO) -> AsyncIterator[ClientSession]:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not on PATH (fix: run bash .ci/run, which installs what the tests need)")
    params = StdioServerParameters(
        command=node,
        args=[str(server_js)],
        # An absolute path: the server resolves a relative one against its own dist/ folder.
        env={"MEMORY_FILE_PATH": str(Path(memory_file).resolve())},
    )
    async with _connected(params, errlog) as session:
        yield session


@asynccontextmanager
async def _connected(params: StdioServerParameters, errlog: TextIO) -> AsyncIterator[ClientSession]:
    async with stdio_client(params, errlog=errlog) as (read, write):
        async with ClientSession(read, write) as session:
            with anyio.fail_after(CALL_TIMEOUT):
                await session.initialize()
            yield session


@contextmanager
def memory_server(server_js: str | Path, memory_file: str | Path) -> Iterator[MemoryServer]:
    """Start the server on ``memory_file``; stop it (and wait for it) on exit.

    The server's stderr goes to ``<memory_file>.server.log`` beside the graph,
    so a failing test can show what the server said.
    """
    memory_file = Path(memory_file)
    log_path = memory_file.with_name(memory_file.name + ".server.log")
    with open(log_path, "w", encoding="utf-8") as errlog, start_blocking_portal() as portal:
        with portal.wrap_async_context_manager(_session(Path(server_js), memory_file, errlog)) as session:
            yield MemoryServer(portal, session, memory_file)


@contextmanager
def kgsync_serve(graph: str | Path, *extra: str) -> Iterator[MemoryServer]:
    """``python -m kgsync serve --graph GRAPH`` (this interpreter), driven like the reference server;
    ``--root GRAPH`` when GRAPH is a folder (a research repo: the graph of its kgsync.yml).

    Its stderr goes to ``<graph>.serve.log`` beside the graph (``GRAPH/serve.log`` for a folder)."""
    graph = Path(graph).resolve()
    where = ["--root", str(graph)] if graph.is_dir() else ["--graph", str(graph)]
    params = StdioServerParameters(command=sys.executable, args=["-m", "kgsync", "serve", *where, *extra],
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
    log_path = graph / "serve.log" if graph.is_dir() else graph.with_name(graph.name + ".serve.log")
    with open(log_path, "w", encoding="utf-8") as errlog, start_blocking_portal() as portal:
        with portal.wrap_async_context_manager(_connected(params, errlog)) as session:
            yield MemoryServer(portal, session, graph)
