"""Nothing an agent or a person adds, and no one bad item, blocks a build.

Hand-added content whose anchor goes (a Key Finding reworded, an item deleted) is kept,
reported under the warning rule ``stranded-hand-added``, and named in the PR; an item whose
own facts break the contract is an item error that keeps its previous nodes while every
other item updates.  The agent's edits go through the real MCP memory server.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kgsync.read import config as config_module
from kgsync.contract import jsonl
from kgsync.pipeline import assembling, stages
from kgsync.read.items import IssueSeverity
from kgsync.contract.model import Entity, Facts, Relation
from kgsync.publish.proposal import prepare
from tests.mcp_client import memory_server

pytestmark = pytest.mark.slow


def _build(root: Path) -> stages.BuildResult:
    return stages.build(config_module.load(root))


def _finding_line(item_file: Path, number: int) -> tuple[int, str]:
    """(index, text) of Key Finding ``number``'s line in the item file."""
    lines = item_file.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if re.match(r"^#+\s*Key Findings", line))
    entries = [i for i in range(start + 1, len(lines)) if re.match(r"^\d+[.)]\s", lines[i])]
    return entries[number - 1], lines[entries[number - 1]]


def test_an_agents_edits_on_a_claim_survive_its_finding_reworded_and_its_item_deleted(
        memory_server_js: Path, example_repo: Path) -> None:
    graph_file = example_repo / "memory.jsonl"
    built = _build(example_repo).graph
    claims = sorted(e.name for e in built.of_type("claim"))
    target, other = claims[0], claims[-1]
    slug = target.split(":")[1]
    section = next(o for o in built.entity(target).observations if o.startswith("section:key-finding-"))
    note = "note: an agent checked this claim against the 2026 survey"
    with memory_server(memory_server_js, graph_file) as server:
        server.add_observations(target, [note])
        server.create_relations([Relation(other, target, "supports")])

    # The finding is reworded in place (its key words change): the claim keeps its name
    # (kgsync.graph.claim_identity), so the agent's content stays on the claim that states it.
    item_file = example_repo / "Research" / "completed" / f"{slug}.md"
    index, line = _finding_line(item_file, int(section.rsplit("-", 1)[1]))
    lines = item_file.read_text(encoding="utf-8").split("\n")
    lines[index] = re.sub(r"^(\d+[.)]\s+)", r"\1Quite differently worded now: ", line)
    item_file.write_text("\n".join(lines), encoding="utf-8")
    result = _build(example_repo)
    kept = result.graph.entity(target)
    assert kept is not None and note in kept.observations
    assert any(o.startswith("title:") and "differently worded" in o.lower() for o in kept.observations)
    assert Relation(other, target, "supports") in result.graph.relations
    assert not [f for f in result.report.findings if f.code == "stranded-hand-added"]
    assert result.report.ok()
    with memory_server(memory_server_js, graph_file) as server:  # the agent finds its note on the new wording
        found = server.search_nodes("differently worded")
        assert target in found.names() and note in found.entity(target).observations

    # The item is deleted altogether: the agent's content still stays, as a warning the PR shows.
    item_file.unlink()
    result = _build(example_repo)
    assert note in result.graph.entity(target).observations
    stranded = [f for f in result.report.findings if f.code == "stranded-hand-added"]
    assert stranded and {f.severity.value for f in stranded} == {"warning"}
    assert any(f.entity == target for f in stranded)
    assert result.report.ok()
    assert not any(e.name == f"item:{slug}" for e in result.graph.entities)
    body = prepare(config_module.load(example_repo), checkout=None, base_sha=None, title="t", labels=(),
                   write=False).proposal.body
    assert "stranded-hand-added" in body
    with memory_server(memory_server_js, graph_file) as server:  # the server still loads it as-is
        assert server.read_graph() == jsonl.read(graph_file)


def test_a_bad_theme_is_an_item_error_that_keeps_the_items_nodes_while_others_update(example_repo: Path) -> None:
    before = _build(example_repo)
    items = sorted((example_repo / "Research" / "completed").glob("2026-*.md"))
    bad, edited = items[0], items[1]
    bad_slug, edited_slug = bad.stem, edited.stem
    old_facts = before.manifest.by_item[bad_slug]
    text = bad.read_text(encoding="utf-8")
    bad.write_text(re.sub(r"^themes: \[", 'themes: ["a\\\\x7fb", ', text, count=1, flags=re.M), encoding="utf-8")
    text = edited.read_text(encoding="utf-8")
    edited.write_text(re.sub(r"^title: .*$", 'title: "A retitled item"', text, count=1, flags=re.M), encoding="utf-8")
    result = _build(example_repo)
    assert result.manifest.by_item[bad_slug] == old_facts  # kept as it was
    assert "title: A retitled item" in result.graph.entity(f"item:{edited_slug}").observations
    [error] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert error.slug == bad_slug and error.location is not None and error.location.line == 7


def test_an_item_whose_facts_break_the_contract_keeps_its_previous_nodes(
        example_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last line of defence: whatever the boundary lets through and still makes a name the
    contract rejects is blamed on its item alone (here a fault injected into assembling)."""
    before = _build(example_repo)
    items = sorted((example_repo / "Research" / "completed").glob("2026-*.md"))
    bad_slug, edited = items[2].stem, items[3]
    old_facts = before.manifest.by_item[bad_slug]
    real = assembling.memoised_assembly

    def assemble_with_a_broken_item(*args, **kwargs):
        assembly = real(*args, **kwargs)
        facts = assembly.by_item[bad_slug]
        broken = Facts(facts.entities + (("concept:", "concept"),), facts.observations,
                       facts.relations + (Relation(f"item:{bad_slug}", "concept:", "addresses"),))
        assembly.by_item[bad_slug] = broken
        return assembly

    monkeypatch.setattr(assembling, "memoised_assembly", assemble_with_a_broken_item)
    text = edited.read_text(encoding="utf-8")
    edited.write_text(re.sub(r"^title: .*$", 'title: "Another title"', text, count=1, flags=re.M), encoding="utf-8")
    result = stages.build(config_module.load(example_repo).with_overrides(cache_dir=""))
    assert result.manifest.by_item[bad_slug] == old_facts
    assert "title: Another title" in result.graph.entity(f"item:{edited.stem}").observations
    [error] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert error.slug == bad_slug and "malformed-name" in error.message
    assert not any(e.name == "concept:" for e in result.graph.entities)
    assert isinstance(result.graph.entity(f"item:{bad_slug}"), Entity)


def test_a_hand_added_copy_of_a_node_under_another_type_is_placed_at_its_line(example_repo: Path) -> None:
    # Not at the generated node's item file (with no line): the copy is the graph file's content to fix.
    graph_file = example_repo / "memory.jsonl"
    name = next(e.name for e in _build(example_repo).graph.of_type("concept"))
    copy = f'{{"type":"entity","name":"{name}","entityType":"topic","observations":["my note"]}}'
    text = graph_file.read_text(encoding="utf-8")
    graph_file.write_text(text + "\n" + copy, encoding="utf-8")
    result = _build(example_repo)
    [found] = [f for f in result.report.findings if f.entity == name]
    assert found.code == "hand-added-content" and "duplicate-entity" in found.message
    assert found.location is not None and (found.location.path, found.location.line) == \
        (str(graph_file), text.count("\n") + 2)


def test_kept_by_hand_names_what_stays_only_because_it_was_added_by_hand_first() -> None:
    from kgsync.contract.model import Graph
    from kgsync.graph.hand_added import hand_added, kept_by_hand
    from kgsync.graph.merge import merge

    def wrote(slug: str) -> Facts:
        return Facts(((f"item:{slug}", "research_item"),), ((f"item:{slug}", f"title: {slug}"),),
                     (Relation(f"item:{slug}", "item:a", "extends"),))

    graph, manifest = merge(Graph(), None, {"a": wrote("a")})
    link = Relation("item:b", "item:a", "extends")
    planned = Graph(graph.entities + (Entity("item:b", "research_item", ("title: b",)),), graph.relations + (link,))
    written, base = merge(planned, manifest, {"a": wrote("a"), "b": wrote("b")})
    assert base.held.relations == (link,)
    assert hand_added(written, base) == Facts((("item:b", "research_item"),), (("item:b", "title: b"),), (link,))
    gone, after = merge(written, base, {"a": wrote("a")})
    assert kept_by_hand(base, after, gone) == Facts((("item:b", "research_item"),), (("item:b", "title: b"),), (link,))
    assert kept_by_hand(base, base, written) == Facts()  # still written: nothing is kept only by hand
