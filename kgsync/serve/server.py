"""The MCP wiring of ``kgsync serve``: the official Python SDK (``mcp`` 2.x), stdio transport.

Tool names, arguments and answer shapes of the reference server where it has the tool
(``search_nodes``, ``open_nodes``, ``read_graph``), so an agent switches by changing the command
alone; ``topic``, ``evidence`` and ``item`` are kgsync's own.  Every answer is the JSON text
``tools`` makes (at most 20,000 characters); a call that cannot be answered is an MCP tool error
with a message that says why, never a crash of the server.  Every line the client sends is read here
(``read_line``), not by the SDK's stdio reader: a line the SDK cannot serve is answered as JSON-RPC 2.0
says (``wire``), never dropped.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import (CallToolResult, ErrorData, InputRequiredResult, JSONRPCError, JSONRPCMessage,
                       JSONRPCNotification, ToolAnnotations, jsonrpc_message_adapter)
from pydantic import BeforeValidator, ValidationError
from typing_extensions import TypedDict  # pydantic needs it (not typing's) on Python < 3.12

from kgsync.contract.errors import KgsyncError
from kgsync.serve import research, tools, wire, write
from kgsync.serve.arguments import argument_error
from kgsync.serve.service import Service

INSTRUCTIONS = """\
A research knowledge graph (items, their claims, the concepts they address), kept in the MCP memory
server's format and served ranked and bounded. Start with search_nodes (ranked, paged with offset);
then item(slug) for one item's findings, topic(concept) for what the repository currently holds about a
concept, evidence(claim) for what supports or contradicts a claim. Answers never exceed 20,000
characters; long observations end with an ellipsis (item or open_nodes give them whole)."""

SEARCH = """\
Search the research knowledge graph; entities come back ranked by relevance (best first), the
reference memory server's answer shape: {entities, relations}, relations only among the returned
entities. An item comes with up to two of its claims that match the query best (contested and
superseded claims left out, as topic leaves them out; item(slug) shows them); a superseded item is left
out unless the query names it (read_graph lists them). Ask with topic words
(no operators needed: quotes, '*', '-' and ':' are read as plain words); a query that is exactly a
node's name ('concept:knowledge-graphs', 'item:<slug>' or the bare slug, a claim name) returns that node
first. limit: results per page (1 or more; at most 50 are shown); when more exist the answer has
next_offset: call again with offset=next_offset (0 or more)."""

OPEN = """\
Open nodes by their exact names (as search_nodes, item or topic return them): the entities, with
their observations whole, and every relation with either end among them (the reference memory
server's semantics). A very connected node's relations are paged: next_offset when cut. A name that is
no node is listed under not_found with the closest names (a plural guessed wrong, a slug cut short);
past 20 such names, not_found_more counts the rest."""

READ = """\
An overview of the graph, never the whole file: counts by entity and relation type, and the concepts
and methods most items address (paged with offset, limit); on the first page, the claims that contradict
each other (contradictions) and the superseded items (superseded), up to 10 each. Use search_nodes or
topic to go further; evidence(claim) or item(slug) for one of them."""

TOPIC = """\
What the repository currently says about a concept or method: the claims about it, and the claims of
the items addressing it, newest item first, each with its confidence, how many claims support or
contradict it, and its item. Contested claims (status:contested, or contradicted by another claim)
and superseded ones are left out unless include_contested / include_superseded is true. concept: a
name like 'concept:knowledge-graph', 'knowledge graph' or an alias. Paged with offset, limit."""

EVIDENCE = """\
The evidence around one claim: the claims it supports, contradicts or extends and those that support,
contradict or extend it, each with the sentence that says so and its source path:line when the
build recorded them, plus the item-level 'extends' links of its item. claim: a claim name from
search_nodes, item or topic ('claim:<item-slug>:<key>'). A page holds the whole links that fit 8,000
characters: when more exist the answer has next_offset: call again with offset=next_offset."""

ITEM = """\
One research item: its node (title, summary, confidence, date, themes) and its findings (claims) in
the item's own finding order, with support and contradiction counts, the concepts it addresses, the
methods it uses, and the items it extends or is extended by. slug: '2026-01-29-some-item',
'item:2026-01-29-some-item' or its file, 'Research/completed/2026-01-29-some-item.md'. A page holds the
whole findings that fit 8,000 characters: when more exist the answer has next_offset: call again with
offset=next_offset."""

def _no_boolean(value: object) -> object:
    if isinstance(value, bool):
        raise ValueError("a boolean is no integer")
    return value


def _no_number(value: object) -> object:
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise ValueError("a number is no boolean")
    return value


# pydantic's lax mode read ``limit: true`` as 1 and ``include_contested: 1`` as true.  Only those are refused:
# a number or a boolean sent as text ("5", "true"), as some clients send every argument, is still read.
Count = Annotated[int, BeforeValidator(_no_boolean)]
Flag = Annotated[bool, BeforeValidator(_no_number)]

_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def _answer(call: Callable[[], Any], service: Service | None = None) -> str:
    """The tool's answer as text; with ``service`` (a read tool), a graph file gone or some or all of its
    lines unreadable is said in it (``Service.unread``): under "warning" in a JSON answer (the answer
    keeps room for it within the bound), after the message in an error."""
    try:
        why = _unread(service)
        with tools.room(len(tools.dumps({"warning": why})) if why else 0):
            result = call()
    except KgsyncError as exc:
        why = service.unread() if service is not None else None
        raise ToolError(exc.render() + (f". {why}" if why else "")) from None
    text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, indent=2)
    if why:  # the answer kept room for it (tools.room): the bound holds
        answer = json.loads(text)
        text = tools.dumps({**answer, "warning": why}) if isinstance(answer, dict) else text
    return text


def _unread(service: Service | None) -> str | None:
    """``service``'s warning for the file as it is now (read first, as the call will read it)."""
    if service is None:
        return None
    service.index()
    return service.unread()


class EntityIn(TypedDict):
    name: str
    entityType: str
    observations: list[str]


RelationIn = TypedDict("RelationIn", {"from": str, "to": str, "relationType": str})


class ObservationsIn(TypedDict):
    entityName: str
    contents: list[str]


class DeletionIn(TypedDict):
    entityName: str
    observations: list[str]


def _relation(r: RelationIn) -> dict[str, str]:
    return {"from": r["from"], "to": r["to"], "relationType": r["relationType"]}


def read_line(line: str) -> tuple[JSONRPCMessage | None, tuple[wire.Refusal, ...]]:
    """What one line from the client asks: the message to serve, or the answers owed for it (``wire``), or
    neither (a blank line, a notification, a response).  The SDK's model reads the line first; what it
    refuses or misreads is read again (``wire.loaded``: an escaped lone surrogate, deep nesting) and
    answered as JSON-RPC 2.0 says.  Never raises: a line that broke the reader would end the session."""
    text = line.rstrip("\n")
    if not text.strip():
        return None, ()
    value: object = wire.UNREAD
    try:
        message = jsonrpc_message_adapter.validate_json(text, by_name=False)
    except ValidationError as refused:
        value = wire.loaded(text)
        if isinstance(value, wire.Unread):
            errors = refused.errors()
            return None, (wire.parse_error(str(errors[0]["msg"]) if errors else "no JSON"),)
        try:
            message = jsonrpc_message_adapter.validate_python(value, by_name=False)
        except (ValidationError, RecursionError):
            return None, wire.owed(value)
    if isinstance(message, JSONRPCNotification):  # the model leaves out an id it cannot read: a request's
        if isinstance(value, wire.Unread):
            value = wire.loaded(text)
        if isinstance(value, dict) and "id" in value:
            return None, (wire.unreadable_id(value),)
    return message, ()


def _answer_of(refusal: wire.Refusal) -> SessionMessage:
    return SessionMessage(JSONRPCError(jsonrpc="2.0", id=refusal.request_id,
                                       error=ErrorData(code=refusal.code, message=refusal.message)))


class _Server(MCPServer):
    """The SDK's server, its arguments' check said in kgsync's form (``arguments``), not pydantic's, and every
    line from the client read by ``read_line``: each one the SDK cannot serve is answered."""

    async def run_stdio_async(self) -> None:
        """The SDK's stdio run, the client's lines read here (``read_line``), not by the SDK's reader, which
        drops what it cannot parse and cannot say which line it was: the SDK writes the answers (stdout,
        claimed as it claims it) and gets an empty stdin.  Read as the SDK reads it: UTF-8, an undecodable
        byte as U+FFFD."""
        wire_in = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
        try:
            async with stdio_server(stdin=anyio.wrap_file(io.StringIO())) as (_, write_stream):
                send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)

                async def read() -> None:
                    async with send:
                        async for line in anyio.wrap_file(wire_in):
                            message, refusals = read_line(line)
                            for refusal in refusals:
                                await write_stream.send(_answer_of(refusal))
                            if message is not None:
                                await send.send(SessionMessage(message))

                async with anyio.create_task_group() as group:
                    group.start_soon(read)
                    await self._lowlevel_server.run(receive, write_stream,
                                                    self._lowlevel_server.create_initialization_options())
        finally:
            wire_in.detach()  # sys.stdin's buffer stays open (closing the wrapper would close it)

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[Any, Any] | None = None) -> CallToolResult | InputRequiredResult:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            found = exc.__cause__
            if isinstance(exc, UnexpectedToolError) or not isinstance(found, ValidationError):
                raise
            schema = next((tool.input_schema for tool in await self.list_tools() if tool.name == name), {})
            raise ToolError(argument_error(name, found.errors(include_url=False), schema).render()) from None


def build_server(service: Service, writable: bool = False) -> MCPServer:
    """An MCP server whose tools read ``service``'s graph (re-read whenever the file changes);
    ``writable`` adds the reference server's write tools (locked, atomic writes)."""
    server: MCPServer = _Server(name="kgsync-serve", instructions=INSTRUCTIONS)
    if writable:
        _write_tools(server, service)

    @server.tool(name="search_nodes", description=SEARCH, annotations=_READ_ONLY, structured_output=False)
    def search_nodes(query: str, limit: Count = 10, offset: Count = 0) -> str:
        return _answer(lambda: tools.search_nodes(service, query, limit, offset), service)

    @server.tool(name="open_nodes", description=OPEN, annotations=_READ_ONLY, structured_output=False)
    def open_nodes(names: list[str], offset: Count = 0) -> str:
        return _answer(lambda: tools.open_nodes(service, names, offset), service)

    @server.tool(name="read_graph", description=READ, annotations=_READ_ONLY, structured_output=False)
    def read_graph(offset: Count = 0, limit: Count = 20) -> str:
        return _answer(lambda: tools.read_graph(service, offset, limit), service)

    @server.tool(name="topic", description=TOPIC, annotations=_READ_ONLY, structured_output=False)
    def topic(concept: str, include_contested: Flag = False, include_superseded: Flag = False,
              offset: Count = 0, limit: Count = 20) -> str:
        return _answer(lambda: research.topic(service, concept, include_contested, include_superseded, offset, limit), service)

    @server.tool(name="evidence", description=EVIDENCE, annotations=_READ_ONLY, structured_output=False)
    def evidence(claim: str, offset: Count = 0) -> str:
        return _answer(lambda: research.evidence(service, claim, offset), service)

    @server.tool(name="item", description=ITEM, annotations=_READ_ONLY, structured_output=False)
    def item(slug: str, offset: Count = 0) -> str:
        return _answer(lambda: research.item(service, slug, offset), service)

    return server


def _write_tools(server: MCPServer, service: Service) -> None:
    """The reference server's write tools: names, arguments, descriptions and semantics (``write``)."""
    graph = service.path
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)
    deletes = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False)

    @server.tool(name="create_entities", description="Create multiple new entities in the knowledge graph",
                 annotations=writes, structured_output=False)
    def create_entities(entities: list[EntityIn]) -> str:
        return _answer(lambda: write.echo("create_entities", write.create_entities(graph, [dict(e) for e in entities])))

    @server.tool(name="create_relations", description="Create multiple new relations between entities in the knowledge "
                 "graph. Relations should be in active voice", annotations=writes, structured_output=False)
    def create_relations(relations: list[RelationIn]) -> str:
        return _answer(lambda: write.echo("create_relations", write.create_relations(graph, [_relation(r) for r in relations])))

    @server.tool(name="add_observations", description="Add new observations to existing entities in the knowledge graph",
                 annotations=writes, structured_output=False)
    def add_observations(observations: list[ObservationsIn]) -> str:
        return _answer(lambda: write.echo("add_observations", write.add_observations(graph, [dict(o) for o in observations])))

    @server.tool(name="delete_entities", description="Delete multiple entities and their associated relations from the "
                 "knowledge graph", annotations=deletes, structured_output=False)
    def delete_entities(entityNames: list[str]) -> str:  # noqa: N803  (the reference server's argument name)
        return _answer(lambda: write.delete_entities(graph, entityNames))

    @server.tool(name="delete_observations", description="Delete specific observations from entities in the knowledge graph",
                 annotations=deletes, structured_output=False)
    def delete_observations(deletions: list[DeletionIn]) -> str:
        return _answer(lambda: write.delete_observations(graph, [dict(d) for d in deletions]))

    @server.tool(name="delete_relations", description="Delete multiple relations from the knowledge graph",
                 annotations=deletes, structured_output=False)
    def delete_relations(relations: list[RelationIn]) -> str:
        return _answer(lambda: write.delete_relations(graph, [_relation(r) for r in relations]))


def run(service: Service, writable: bool = False) -> None:
    build_server(service, writable).run("stdio")
