"""kgsync's graph files against the real reference MCP memory server.

The server (``@modelcontextprotocol/server-memory``, pinned in .ci/run) runs
under node over stdio, driven by the Python MCP SDK.  These tests are the
proof that what kgsync writes is what an agent's memory server reads, and that
what the server writes back kgsync reads and re-emits byte for byte.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from tests.mcp_client import memory_server

from kgsync.read import config as kgconfig
from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation

pytestmark = pytest.mark.slow

#: Strings the two JSON encoders could disagree on.
NASTY = (
    "café – naïve ≠ ascii",
    "emoji 😀🧠 and a flag 🇳🇿",
    'double "quotes" and \\ backslashes \\n (literal)',
    "tab\there, newline\nthere, cr\rthere",
    "controls \x00\x01\x07\x08\x0b\x0c\x1b\x1f and DEL \x7f",
    "line sep \u2028 para sep \u2029 nbsp \u00a0 bom \ufeff",
    "slash / and </script> and \u0085",
    "",
)


def sample_graph() -> Graph:
    """A small contract-shaped graph with awkward text in every field."""
    entities = (
        Entity(
            "item:2026-01-10-agent-memory",
            "research_item",
            ("title: How should agents remember?", "completed:2026-01-10", "tag:memory-context", *NASTY),
        ),
        Entity(
            "concept:canonicalisation",
            "concept",
            ("alias:canonicalization", "alias:canonical form", "provenance:item=2026-01-10-agent-memory"),
        ),
        Entity("concept:naïve-bayes ✓", "concept", ("alias:Naive Bayes",)),
        Entity("claim:2026-01-10-agent-memory:kf-1", "claim", ("summary: Memory \"helps\" \\ sometimes.",)),
        Entity("method:entity resolution", "method", ()),
    )
    relations = (
        Relation("item:2026-01-10-agent-memory", "concept:canonicalisation", "addresses"),
        Relation("item:2026-01-10-agent-memory", "concept:naïve-bayes ✓", "addresses"),
        Relation("item:2026-01-10-agent-memory", "claim:2026-01-10-agent-memory:kf-1", "states"),
        Relation("claim:2026-01-10-agent-memory:kf-1", "concept:canonicalisation", "about"),
        Relation("item:2026-01-10-agent-memory", "method:entity resolution", "uses_method"),
    )
    return Graph(entities, relations)


def test_server_reads_every_entity_and_relation_kgsync_wrote(memory_server_js: Path, tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    graph = sample_graph().canonical()
    jsonl.write(path, graph)
    before = path.read_bytes()
    with memory_server(memory_server_js, path) as server:
        assert server.read_graph() == graph
    assert path.read_bytes() == before  # reading never rewrites the file


def test_server_lists_the_tools_kgsync_relies_on(memory_server_js: Path, tmp_path: Path) -> None:
    with memory_server(memory_server_js, tmp_path / "memory.jsonl") as server:
        tools = server.list_tools()
    for tool in ("read_graph", "search_nodes", "open_nodes", "create_entities", "create_relations", "add_observations"):
        assert tool in tools


def test_what_the_server_writes_kgsync_reads_and_rewrites_byte_for_byte(memory_server_js: Path, tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, sample_graph().canonical())
    created = Entity("concept:agent-added ünïcode 😀", "concept", NASTY)
    with memory_server(memory_server_js, path) as server:
        server.create_entities([created, Entity("method:vector search", "method", ("alias:ANN search",))])
        server.add_observations("item:2026-01-10-agent-memory", ["note: added by an agent \u2028 ✓", 'a "quoted" \\ obs'])
        server.create_relations(
            [
                Relation("item:2026-01-10-agent-memory", created.name, "addresses"),
                Relation("claim:2026-01-10-agent-memory:kf-1", "method:vector search", "uses_method"),
            ]
        )
        served = server.read_graph()
    server_bytes = path.read_bytes()
    parsed = jsonl.read(path)
    assert parsed == served
    assert parsed.entity(created.name) == created
    assert "note: added by an agent \u2028 ✓" in parsed.entity("item:2026-01-10-agent-memory").observations
    assert jsonl.dumps(parsed).encode("utf-8") == server_bytes
    assert not server_bytes.endswith(b"\n")
    # Writing back what we read is a no-op: the bytes are already ours.
    assert jsonl.write(path, parsed) is False


def test_lone_surrogates_the_server_escapes_survive_a_round_trip(memory_server_js: Path, tmp_path: Path) -> None:
    # A client may send "\ud800" (valid JSON, not valid Unicode); JSON.stringify
    # writes it back escaped.  kgsync must read and re-emit such a file exactly.
    path = tmp_path / "memory.jsonl"
    path.write_bytes(b'{"type":"entity","name":"concept:odd","entityType":"concept","observations":["lone \\ud800 \\udfff"]}')
    with memory_server(memory_server_js, path) as server:
        server.add_observations("concept:odd", ["second"])
    server_bytes = path.read_bytes()
    assert b"\\ud800" in server_bytes
    assert jsonl.dumps(jsonl.read(path)).encode("utf-8") == server_bytes


def test_node_json_stringify_and_kgsync_agree_on_every_bmp_character(node_bin: str, tmp_path: Path) -> None:
    """Every code point U+0000..U+FFFF (lone surrogates included), in every field."""
    chars = [chr(c) for c in range(0x10000)] + ["😀", "\U0010ffff"]
    chunks = ["".join(chars[i : i + 64]) for i in range(0, len(chars), 64)]
    graph = Graph(
        tuple(Entity(f"e{i} {chunk}", f"t {chunk}", (chunk, chunk[::-1])) for i, chunk in enumerate(chunks)),
        tuple(Relation(f"from {chunk}", f"to {chunk}", chunk) for chunk in chunks[:50]),
    )
    # Hand node the graph escaped to ASCII, so every code point reaches it intact.
    source = tmp_path / "in.json"
    source.write_text(
        json.dumps(
            {
                "entities": [[e.name, e.entity_type, list(e.observations)] for e in graph.entities],
                "relations": [[r.source, r.target, r.relation_type] for r in graph.relations],
            }
        ),
        encoding="ascii",
    )
    out = tmp_path / "out.jsonl"
    # The server's saveGraph, verbatim in substance.
    script = """
      const fs = require('fs');
      const g = JSON.parse(fs.readFileSync(process.argv[1], 'utf-8'));
      const lines = [
        ...g.entities.map(([name, entityType, observations]) =>
          JSON.stringify({type: 'entity', name, entityType, observations})),
        ...g.relations.map(([from, to, relationType]) =>
          JSON.stringify({type: 'relation', from, to, relationType})),
      ];
      fs.writeFileSync(process.argv[2], lines.join('\\n'));
    """
    subprocess.run([node_bin, "-e", script, str(source), str(out)], check=True)
    expected = out.read_bytes()
    assert jsonl.dumps(graph).encode("utf-8") == expected
    assert jsonl.dumps(jsonl.loads(expected.decode("utf-8"))).encode("utf-8") == expected


def test_the_server_itself_writes_every_bmp_character_as_kgsync_does(memory_server_js: Path, tmp_path: Path) -> None:
    # The same characters through the real server's create_entities / create_relations (its own
    # saveGraph writes the file); lone surrogates cannot travel as UTF-8 over stdio, so they are
    # left to the JSON.stringify test above and to the round-trip test of a file that holds them.
    chars = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF] + ["😀", "\U0010ffff"]
    chunks = ["".join(chars[i : i + 64]) for i in range(0, len(chars), 64)]
    graph = Graph(
        tuple(Entity(f"e{i} {chunk}", f"t {chunk}", (chunk, chunk[::-1])) for i, chunk in enumerate(chunks)),
        tuple(Relation(f"from {chunk}", f"to {chunk}", chunk) for chunk in chunks[:50]),
    )
    path = tmp_path / "memory.jsonl"
    with memory_server(memory_server_js, path) as server:
        server.create_entities(list(graph.entities))
        server.create_relations(list(graph.relations))
    assert path.read_bytes() == jsonl.dumps(graph).encode("utf-8")


def test_search_nodes_finds_a_concept_by_its_alias(memory_server_js: Path, tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, sample_graph().canonical())
    with memory_server(memory_server_js, path) as server:
        found = server.search_nodes("Canonicalization")  # the server lower-cases both sides
        assert [e.name for e in found.entities] == ["concept:canonicalisation"]
        assert Relation("item:2026-01-10-agent-memory", "concept:canonicalisation", "addresses") in found.relations
        assert [e.name for e in server.search_nodes("naive bayes").entities] == ["concept:naïve-bayes ✓"]


# --- The example research repo, built by kgsync, served by the real server. ---


def build(root: Path, graph: Path) -> Graph:
    from kgsync.pipeline import stages

    result = stages.build(kgconfig.load(root).with_overrides(graph=str(graph)))
    assert isinstance(result.graph, Graph)
    return result.graph


def aliases(entity: Entity) -> list[str]:
    return [o.removeprefix("alias:").strip() for o in entity.observations if o.startswith("alias:")]


def test_server_reads_the_whole_built_example_graph(memory_server_js: Path, example_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "memory.jsonl"
    built = build(example_repo, out)
    on_disk = jsonl.read(out)
    assert on_disk == built
    assert len(on_disk.entities) > 20 and len(on_disk.relations) > 20
    with memory_server(memory_server_js, out) as server:
        assert server.read_graph() == on_disk


def test_search_nodes_finds_each_built_concept_by_each_alias(
    memory_server_js: Path, example_repo: Path, tmp_path: Path
) -> None:
    out = tmp_path / "memory.jsonl"
    graph = build(example_repo, out)
    aliased = [e for e in graph.of_type("concept") if aliases(e)]
    assert len(aliased) >= 3, "the example repo defines acronyms and spelling variants: concepts must carry aliases"
    with memory_server(memory_server_js, out) as server:
        for concept in aliased:
            for alias in aliases(concept):
                found = [e.name for e in server.search_nodes(alias).entities]
                assert concept.name in found, f"search_nodes({alias!r}) missed {concept.name}"
        # Acronyms the example items define in their text ("Model Context Protocol (MCP)")
        # meet their long form in one node (a concept, or a method: the theme rag-retrieval names a
        # technique), which search finds under either.
        for acronym, long_form in (("MCP", "model context protocol"), ("RAG", "retrieval-augmented generation")):
            hits = [
                e for e in server.search_nodes(acronym).entities
                if e.entity_type in ("concept", "method") and acronym in aliases(e)
            ]
            assert len(hits) == 1, f"one node should carry alias:{acronym}, got {[e.name for e in hits]}"
            names = [a.lower() for a in aliases(hits[0])] + [hits[0].name.lower()]
            assert any(long_form in n or long_form.replace(" ", "-") in n for n in names)
            assert hits[0].name in [e.name for e in server.search_nodes(long_form).entities]


def test_open_nodes_on_a_concept_returns_its_relations_to_items(
    memory_server_js: Path, example_repo: Path, tmp_path: Path
) -> None:
    out = tmp_path / "memory.jsonl"
    graph = build(example_repo, out)
    addressed: dict[str, set[str]] = {}
    for relation in graph.relations:
        if relation.relation_type == "addresses":
            addressed.setdefault(relation.target, set()).add(relation.source)
    concept = max(sorted(addressed), key=lambda name: len(addressed[name]))  # the most connected one
    assert len(addressed[concept]) >= 2
    with memory_server(memory_server_js, out) as server:
        opened = server.open_nodes([concept])
    assert [e.name for e in opened.entities] == [concept]
    items = {r.source for r in opened.relations if r.relation_type == "addresses" and r.target == concept}
    assert items == addressed[concept]
    assert all(name.startswith("item:") for name in items)
    assert set(opened.relations) == {r for r in graph.relations if concept in (r.source, r.target)}


def test_what_an_agent_adds_through_the_server_survives_a_rebuild(
    memory_server_js: Path, example_repo: Path, tmp_path: Path
) -> None:
    out = tmp_path / "memory.jsonl"
    graph = build(example_repo, out)
    item = sorted(e.name for e in graph.of_type("research_item"))[0]
    concept = sorted(e.name for e in graph.of_type("concept"))[0]
    # In-contract, as an agent following the graph's conventions writes it (the build
    # rejects, rather than silently keeps, an entity without provenance).
    added_concept = Entity(
        "concept:agent-curated-follow-up",
        "concept",
        ("summary: added by an agent in a session", f"provenance:item={item.removeprefix('item:')}"),
    )
    with memory_server(memory_server_js, out) as server:
        server.create_entities([added_concept])
        server.add_observations(item, ["summary: an agent's note on this item ✓"])
        server.create_relations([Relation(item, added_concept.name, "addresses")])
        after_agent = server.read_graph()
    rebuilt = build(example_repo, out)
    assert rebuilt.entity(added_concept.name) == added_concept
    assert "summary: an agent's note on this item ✓" in rebuilt.entity(item).observations
    assert Relation(item, added_concept.name, "addresses") in rebuilt.relations
    assert rebuilt.entity(concept) is not None
    # Nothing the agent wrote was lost, and a second rebuild changes nothing.
    for entity in after_agent.entities:
        assert set(entity.observations) <= set(rebuilt.entity(entity.name).observations)
    before = out.read_bytes()
    build(example_repo, out)
    assert out.read_bytes() == before
    with memory_server(memory_server_js, out) as server:
        assert server.read_graph() == jsonl.read(out)



def test_open_nodes_on_a_claim_returns_its_evidence_links(
    memory_server_js: Path, example_repo: Path, tmp_path: Path
) -> None:
    # The example items state one agreement and one contradiction between findings
    # (docs/EVIDENCE.md); the server must hand an agent both, and the trust state.
    out = tmp_path / "memory.jsonl"
    graph = build(example_repo, out)
    evidence = [r for r in graph.relations if r.relation_type in ("supports", "contradicts")]
    assert {r.relation_type for r in evidence} == {"supports", "contradicts"}
    contradiction = next(r for r in evidence if r.relation_type == "contradicts")
    with memory_server(memory_server_js, out) as server:
        opened = server.open_nodes([contradiction.target])
        contested = [e.name for e in server.search_nodes("status:contested").entities]
    assert [e.name for e in opened.entities] == [contradiction.target]
    assert contradiction in opened.relations
    assert set(opened.relations) == {r for r in graph.relations if contradiction.target in (r.source, r.target)}
    assert "status:contested" in opened.entities[0].observations
    assert contested == [contradiction.target]
