"""The research tools (kgsync.serve.research): topic (contested and superseded claims left out unless
asked), evidence (the sentence and where it is), item (findings in order), unknown names with suggestions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgsync.contract import jsonl
from kgsync.contract.errors import ServeError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve import research
from kgsync.serve.service import Service
from tests.serve.answers import answer, long_answers_graph


def test_topic_leaves_out_contested_claims_unless_asked(example: Service) -> None:
    contested = "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long"
    default = answer(research.topic(example, "knowledge graphs", limit=50))  # an alias
    assert default["concept"] == "concept:knowledge-graphs"
    # the name's singular, which the node holds only inside its plural alias
    assert answer(research.topic(example, "knowledge graph", limit=5))["concept"] == "concept:knowledge-graphs"
    assert contested not in [c["claim"] for c in default["claims"]] and default["excluded"] == {"contested": 1}
    asked = answer(research.topic(example, "concept:knowledge-graphs", include_contested=True, limit=50))
    row = next(c for c in asked["claims"] if c["claim"] == contested)
    assert row["contradicted_by"] == 1 and row["status"] == "contested"
    slugs = [c["item"] for c in asked["claims"]]
    assert slugs == sorted(slugs, reverse=True)  # newest item first


def test_topic_leaves_out_superseded_claims_unless_asked(tmp_path: Path) -> None:
    graph = Graph((
        Entity("concept:x", "concept"),
        Entity("item:2026-01-01-old", "research_item", ("status:superseded",)),
        Entity("item:2026-02-01-new", "research_item"),
        Entity("claim:2026-01-01-old:a", "claim", ("title: old",)),
        Entity("claim:2026-02-01-new:b", "claim", ("title: new", "section:key-finding-2")),
        Entity("claim:2026-02-01-new:c", "claim", ("title: newer", "section:key-finding-1")),
    ), (Relation("claim:2026-01-01-old:a", "concept:x", "about"), Relation("item:2026-02-01-new", "concept:x", "addresses"),
        Relation("item:2026-02-01-new", "claim:2026-02-01-new:b", "states"),
        Relation("item:2026-02-01-new", "claim:2026-02-01-new:c", "states")))
    jsonl.write(tmp_path / "m.jsonl", graph)
    service = Service(tmp_path / "m.jsonl")
    default = answer(research.topic(service, "x"))
    assert [c["claim"] for c in default["claims"]] == ["claim:2026-02-01-new:c", "claim:2026-02-01-new:b"]
    assert default["excluded"] == {"superseded": 1}
    everything = answer(research.topic(service, "x", include_superseded=True))
    assert everything["claims"][-1]["claim"] == "claim:2026-01-01-old:a"


def test_evidence_says_the_manifest_is_missing_only_when_it_is(tmp_path: Path) -> None:
    """The QA pass (qa121), an agent on a new repository whose items state no evidence link yet: the
    manifest beside the graph records no sentence, and every ``evidence`` answer said "no kgsync
    manifest beside the graph", sending the agent to look for a file that is there."""
    claim = "claim:2026-01-01-a:x"
    graph = Graph((Entity("item:2026-01-01-a", "research_item"), Entity(claim, "claim", ("title: X holds.",))),
                  (Relation("item:2026-01-01-a", claim, "states"),))
    jsonl.write(tmp_path / "memory.jsonl", graph)
    manifest = tmp_path / "memory.kgsync.json"
    manifest.write_text('{"kgsync_manifest": 1, "items": {"2026-01-01-a": {"evidence": []}}}\n', encoding="utf-8")
    service = Service(tmp_path / "memory.jsonl")
    assert "note" not in answer(research.evidence(service, claim))
    manifest.unlink()
    assert answer(research.evidence(service, claim))["note"].startswith("no kgsync manifest beside the graph")


def test_evidence_gives_the_sentence_and_where_it_is(example: Service) -> None:
    body = answer(research.evidence(example, "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory"))
    (link,) = body["links"]
    assert link["relation"] == "contradicts" and link["direction"] == "out"
    assert link["claim"] == "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long"
    assert "This contradicts Key Finding 4" in link["sentence"]
    assert link["where"] == "Research/completed/2026-02-02-agent-memory-consolidation.md:79"
    back = answer(research.evidence(example, link["claim"]))
    assert [(x["direction"], x["relation"]) for x in back["links"]] == [("in", "contradicts")]


def test_item_lists_findings_in_finding_order(example: Service) -> None:
    body = answer(research.item(example, "2026-01-05-agent-memory-architectures"))
    sections = [next(o for o in f["observations"] if o.startswith("section:")) for f in body["findings"]]
    assert sections == [f"section:key-finding-{n}" for n in range(1, 5)]
    assert "concept:knowledge-graphs" in body["addresses"]


def test_item_takes_the_items_file_as_kgsync_names_it(example: Service) -> None:
    """Build warnings, lint, the PR body and the site name an item by its file ("Research/completed/
    <slug>.md:12"); item() of that path said "no item named ...", its closest names another item first
    on the real corpus (item:2026-02-27-interface-and-delivery for .../2026-02-27-local-database.md)."""
    slug = "2026-01-05-agent-memory-architectures"
    for written in (f"Research/completed/{slug}.md", f"{slug}.md", f"Research/completed/{slug}.md:12", f"./{slug}.MD"):
        assert answer(research.item(example, written))["item"]["name"] == f"item:{slug}", written
    with pytest.raises(ServeError, match="no item named 'Research/completed/2026-01-05-nothing.md'"):
        research.item(example, "Research/completed/2026-01-05-nothing.md")


def test_unknown_names_are_clear_errors_with_suggestions(example: Service) -> None:
    with pytest.raises(ServeError, match="no item named 'hybrid retrieval'.*2026-01-29-hybrid"):
        research.item(example, "hybrid retrieval")
    with pytest.raises(ServeError, match="no concept or method named"):
        research.topic(example, "\x00")


def test_a_suggestion_in_an_error_is_cut_as_the_unknown_name_is(tmp_path: Path) -> None:
    # "no item named ...; closest: <names>": the name asked for is cut at 200 characters, the
    # suggestions were printed whole, one of 100,000 characters (an agent's node) included.
    huge = "item:2026-01-01-" + "y" * 100_000
    jsonl.write(tmp_path / "m.jsonl", Graph((Entity(huge, "research_item", ("title: hybrid retrieval",)),), ()))
    with pytest.raises(ServeError, match="no item named 'hybrid retrieval'; closest: item:2026-01-01-y") as caught:
        research.item(Service(tmp_path / "m.jsonl"), "hybrid retrieval")
    assert len(str(caught.value)) < 400 and str(caught.value).endswith("…")


def test_topic_refuses_a_limit_under_1_or_a_negative_offset_naming_it(example: Service) -> None:
    """topic read a limit of 0 or less as 1 and a negative offset as 0, with no word; each is refused."""
    with pytest.raises(ServeError, match=r"limit is 0: it must be 1 or more .*fix:"):
        research.topic(example, "knowledge graphs", limit=0)
    with pytest.raises(ServeError, match=r"offset is -3: it must be 0 or more .*fix:"):
        research.topic(example, "knowledge graphs", offset=-3)


def test_a_node_of_another_kind_is_named_with_the_tool_that_takes_it(example: Service) -> None:
    """qa164: an agent that passed a concept to evidence (or an item to topic) was told "no claim named
    'concept:knowledge-graphs'" with claims that share a word as the closest: the node exists, the
    tool was wrong. The error says what the node is and which tool takes it; an empty name says so."""
    with pytest.raises(ServeError, match=r"^concept:knowledge-graphs is a concept, not a claim: topic takes it "):
        research.evidence(example, "concept:knowledge-graphs")
    item = "item:2026-01-05-agent-memory-architectures"
    with pytest.raises(ServeError, match=rf"^{item} is a research item, not a concept or method: item takes it "):
        research.topic(example, item)
    claim = next(c for c in example.index().snapshot.by_name if c.startswith("claim:"))
    with pytest.raises(ServeError, match=rf"^{claim} is a claim, not an item: evidence takes it "):
        research.item(example, claim)
    for what, call in (("concept or method", research.topic), ("claim", research.evidence), ("item", research.item)):
        with pytest.raises(ServeError, match=rf"^the name is empty: it must name an? {what} \(fix: "):
            call(example, "  ")


def test_a_node_of_another_kind_is_named_however_its_name_is_spelt(example: Service) -> None:
    """qa218: item('CONCEPT:KNOWLEDGE-GRAPHS') said "no item named" with items as the closest, while the
    lower-case name said what the node is: the other-kind check was exact where the lookup folds case,
    Unicode form and word breaks.  It folds them as the lookup does."""
    for spelt in ("CONCEPT:KNOWLEDGE-GRAPHS", "Concept:Knowledge Graphs", "\uff23ONCEPT\uff1aknowledge-graphs"):
        with pytest.raises(ServeError, match=r"^concept:knowledge-graphs is a concept, not an item: topic takes it "):
            research.item(example, spelt)
        with pytest.raises(ServeError, match=r"^concept:knowledge-graphs is a concept, not a claim: topic takes it "):
            research.evidence(example, spelt)
    item = "item:2026-01-05-agent-memory-architectures"
    with pytest.raises(ServeError, match=rf"^{item} is a research item, not a concept or method: item takes it "):
        research.topic(example, item.upper())


@pytest.mark.parametrize(("tool", "spelt", "node"), [
    # the prefix in capitals: it was read as part of the name, and the node was not found (no suggestion
    # at all for a concept) though the name matched it in every other letter
    ("topic", "CONCEPT:KNOWLEDGE-GRAPHS", "concept:knowledge-graphs"),
    ("topic", "Concept:Knowledge-Graphs", "concept:knowledge-graphs"),
    ("item", "ITEM:2026-01-29-HYBRID-RETRIEVAL-BM25-DENSE", "item:2026-01-29-hybrid-retrieval-bm25-dense"),
    ("evidence", "Claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory",
     "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory"),
    # another Unicode form of the same name: a typographic hyphen (U+2010, U+2011, U+2212), full-width letters
    ("topic", "concept:knowledge\u2010graphs", "concept:knowledge-graphs"),
    ("topic", "knowledge\u2011graph", "concept:knowledge-graphs"),
    ("topic", "\uff43\uff4f\uff4e\uff43\uff45\uff50\uff54:knowledge-graphs", "concept:knowledge-graphs"),
    ("item", "2026\u221201\u221229-hybrid-retrieval-bm25-dense", "item:2026-01-29-hybrid-retrieval-bm25-dense"),
])
def test_a_name_spelt_in_another_case_or_unicode_form_is_the_node(example: Service, tool: str, spelt: str,
                                                                   node: str) -> None:
    said = answer(getattr(research, tool)(example, spelt))
    key = {"topic": "concept", "item": "item", "evidence": "claim"}[tool]
    found = said[key] if isinstance(said[key], str) else said[key].get("name", said[key].get("claim"))
    assert found == node


def _pages(tool: Callable[..., str], name: str, key: str) -> tuple[list[dict], list[str]]:
    """Every page of ``tool(name)`` from offset 0, following next_offset; and each page's text."""
    pages, texts, offset = [], [], 0
    while True:
        texts.append(tool(name, offset=offset) if offset else tool(name))
        pages.append(answer(texts[-1]))
        if "next_offset" not in pages[-1]:
            return pages, texts
        assert pages[-1]["next_offset"] == offset + len(pages[-1][key]) > offset
        offset = pages[-1]["next_offset"]


@pytest.fixture()
def long_answers(tmp_path: Path) -> Service:
    jsonl.write(tmp_path / "memory.jsonl", long_answers_graph())
    return Service(tmp_path / "memory.jsonl")


def test_an_item_past_the_target_shows_whole_findings_and_says_the_offset_of_the_rest(long_answers: Service) -> None:
    """item shortened each finding (observations cut to 240 characters, sources and provenance dropped) to fit
    20,000 characters, without a word; now it shows the whole findings that fit 8,000, as topic does, and
    says the offset that gets the rest."""
    snap = long_answers.index().snapshot
    pages, texts = _pages(lambda name, **paged: research.item(long_answers, name, **paged), "2026-05-01-long-survey",
                          "findings")
    first = pages[0]
    assert len(texts[0]) > 0 and all(len(t) <= 8_000 for t in texts)
    assert len(pages) > 1 and f"call again with offset={first['next_offset']}" in first["note"]
    assert f"{first['next_offset']} of the item's 40 findings" in first["note"]
    shown = [f for page in pages for f in page["findings"]]
    assert [f["name"] for f in shown] == [f"claim:2026-05-01-long-survey:finding-{n:02d}" for n in range(1, 41)]
    assert all(f["observations"] == list(snap.by_name[f["name"]].observations) for f in shown)  # whole
    assert "note" not in pages[-1] or "offset=" not in pages[-1]["note"]


def test_evidence_past_the_target_shows_whole_links_and_says_the_offset_of_the_rest(long_answers: Service) -> None:
    pages, texts = _pages(lambda name, **paged: research.evidence(long_answers, name, **paged),
                          "claim:2026-05-01-long-survey:finding-01", "links")
    assert len(pages) > 1 and all(len(t) <= 8_000 for t in texts)
    first = pages[0]
    assert f"{first['next_offset']} of the claim's 40 links" in first["note"]
    assert f"call again with offset={first['next_offset']}" in first["note"]
    shown = [link for page in pages for link in page["links"]]
    assert sorted(link["claim"] for link in shown) == sorted(f"claim:2026-06-{1 + n % 28:02d}-follow-up-{n}:replication"
                                                             for n in range(40))
    assert all(link["statement"].startswith("Replication") and not link["statement"].endswith("…") for link in shown)
