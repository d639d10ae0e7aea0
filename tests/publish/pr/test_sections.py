"""Tests of kgsync.publish.pr.sections: the body as cuttable sections, the head never cut."""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.publish.pr.item_views import BodyContext, VocabularyGroup
from kgsync.publish.pr.sections import DEFAULT_TITLE, build_sections
from tests.publish.pr.body_checks import moved_by_one_node


def _added(n: int) -> Graph:
    item = "item:2026-03-01-alpha"
    concepts = [Entity(f"concept:c{k:03d}", "concept", ("provenance:item=2026-03-01-alpha",)) for k in range(n)]
    return Graph((Entity(item, "research_item", ("title: Alpha",)), *concepts),
                 tuple(Relation(item, c.name, "addresses") for c in concepts))


def test_the_head_comes_first_never_goes_and_opens_with_the_title_only_when_asked() -> None:
    sections = build_sections(diff(Graph((), ()), _added(3)))
    assert sections[0].kind == "head" and sections[0].priority == 0
    assert sections[0].text.startswith(f"## {DEFAULT_TITLE}\n\n**Needs attention**")
    assert [s.kind for s in sections] == ["head", "heading", "item"] and sections[2].label == "2026-03-01-alpha"
    assert all(s.priority > 0 for s in sections[1:])  # everything else may be cut
    untitled = build_sections(diff(Graph((), ()), _added(3)), heading=False)
    assert untitled[0].text.startswith("**Needs attention**") and DEFAULT_TITLE not in untitled[0].text


def test_a_head_with_nothing_to_weigh_says_so_in_one_line() -> None:
    head = build_sections(diff(Graph((), ()), Graph((), ())), heading=False)[0].text
    assert head.startswith("**Needs attention**\n\n- nothing needs attention\n\n"), head[:200]
    assert "- 0 " not in head


def test_sections_are_deterministic_and_the_full_report_lists_every_entry() -> None:
    d = diff(Graph((), ()), _added(30))
    assert build_sections(d) == build_sections(d)
    full = "".join(s.text for s in build_sections(d, cap=0))
    assert all(f"concept:c{k:03d}" in full for k in range(30))


def _shared_change() -> tuple[Graph, Graph]:
    """A new item gives a method an alias the two older items that use it share."""
    def item(slug: str) -> Entity:
        return Entity(f"item:{slug}", "research_item", (f"title: {slug}",))
    old = Graph((item("2026-01-01-a"), item("2026-01-02-b"), Entity("method:m", "method", ())),
                (Relation("item:2026-01-01-a", "method:m", "uses_method"),))
    new = Graph((item("2026-01-01-a"), item("2026-01-02-b"), item("2026-03-01-c"),
                 Entity("method:m", "method", ("alias:M",))),
                tuple(Relation(f"item:{s}", "method:m", "uses_method") for s in ("2026-01-01-a", "2026-01-02-b", "2026-03-01-c")))
    return old, new


def test_a_node_change_shared_by_several_items_is_shown_once_per_cut_priority() -> None:
    # The 3-item PR of the real corpus repeated one alias's diff under 13 items (ux21). A new
    # item's section is cut first (priority 6), so the first side effect (4) shows the diff too;
    # a section that only points above weighs no more than a new item's (6), cut before it.
    sections = build_sections(diff(*_shared_change()), cap=0)
    items = [s for s in sections if s.kind == "item"]
    assert [s.label for s in items] == ["2026-03-01-c", "2026-01-02-b", "2026-01-01-a"]
    assert ["+ alias:M" in s.text for s in items] == [True, True, False]
    assert [s.priority for s in items] == [6, 4, 6]
    # The later item still names the node it moved with, and says where its change is.
    assert "**Changed nodes, shown above**\n\n- `method:m`\n" in items[2].text, items[2].text


def test_a_change_shown_above_is_in_a_section_that_outlives_the_pointer() -> None:
    # Truncation cuts the highest priority first, later sections first within one: the section that
    # shows the diff must be cut no sooner than the sections that point to it.
    old, new = _shared_change()
    new = Graph((*new.entities, Entity("concept:x", "concept", ())),
                (*new.relations, Relation("item:2026-03-01-c", "concept:x", "addresses")))
    sections = build_sections(diff(old, new), cap=0)
    shown = [i for i, s in enumerate(sections) if "+ alias:M" in s.text]
    pointers = [i for i, s in enumerate(sections) if "shown above**" in s.text]
    assert shown and pointers
    assert all(any(j < i and sections[j].priority <= sections[i].priority for j in shown) for i in pointers)


_OLD, _NEW = "2026-03-01-alpha", "2026-03-01-alpha-revisited"


def _research(slug: str, statement: str, *, extra: tuple[str, ...] = ()) -> tuple[list[Entity], list[Relation]]:
    item = f"item:{slug}"
    prov = f"provenance:item={slug}"
    claims = [Entity(f"claim:{slug}:k1", "claim", (f"title: {statement}", "confidence:high", prov)),
              Entity(f"claim:{slug}:k2", "claim", ("title: A second finding.", "confidence:medium", prov))]
    nodes = [Entity(item, "research_item", ("title: Does alpha hold?", "completed:2026-03-01", prov, *extra)), *claims]
    links = [Relation(item, "concept:rag", "addresses"), *(Relation(item, c.name, "states") for c in claims)]
    return nodes, links


def _renamed(*, hand_note: bool) -> tuple[Graph, Graph]:
    """``git mv`` of an item to a new slug with a finding reworded; with ``hand_note`` an agent had
    added an observation to the old item node and a relation from it, which the build keeps on
    the old (stranded) node."""
    rag = Entity("concept:rag", "concept", ())
    old_nodes, old_links = _research(_OLD, "Alpha holds.", extra=("note: checked by an agent",) if hand_note else ())
    if hand_note:
        old_links.append(Relation(f"item:{_OLD}", "concept:rag", "uses_method"))
    new_nodes, new_links = _research(_NEW, "Alpha holds for small graphs.")
    if hand_note:  # what the build keeps: the hand-added facts, on the old node
        new_nodes.append(Entity(f"item:{_OLD}", "research_item", ("note: checked by an agent",)))
        new_links.append(Relation(f"item:{_OLD}", "concept:rag", "uses_method"))
    return Graph((rag, *old_nodes), tuple(old_links)), Graph((rag, *new_nodes), tuple(new_links))


def test_a_renamed_item_reads_as_a_rename_with_its_claims_paired() -> None:
    old, new = _renamed(hand_note=False)
    full = "".join(s.text for s in build_sections(diff(old, new), cap=0))
    assert full.count(f"renamed from `item:{_OLD}` to `item:{_NEW}`") == 1, full
    assert "removed research item" not in full and "Removed claims" not in full, full
    assert "New claims" not in full, full  # both claims are paired, by their key
    assert "Alpha holds **for small graphs.**" in full or "**for small graphs**" in full, full


def test_content_added_by_hand_to_a_renamed_items_old_node_is_named_with_how_to_carry_it() -> None:
    old, new = _renamed(hand_note=True)
    full = "".join(s.text for s in build_sections(diff(old, new), cap=0))
    assert full.count(f"renamed from `item:{_OLD}` to `item:{_NEW}`") == 1, full
    assert f"item:{_OLD}: note: checked by an agent" in full, full
    assert f"`item:{_OLD}` —uses_method→ `concept:rag`" in full, full
    assert f"move it to item:{_NEW}" in full, full
    assert "Side effects (other items)" not in full, full


def test_a_relation_added_by_hand_from_an_item_node_with_nothing_merged_is_reported_as_hand_added() -> None:
    old, _new = _renamed(hand_note=False)
    new = Graph(old.entities, (*old.relations, Relation(f"item:{_OLD}", "concept:rag", "uses_method")))
    full = "".join(s.text for s in build_sections(diff(old, new), cap=0))
    assert "a merged item created" not in full and "Side effects (other items)" not in full, full
    # Two bare graphs cannot tell a hand edit from another build (a kgsync upgrade, a vocabulary edit).
    assert ("no item was merged: added or removed by hand, by an agent, or by a build with another kgsync "
            "version or vocabulary") in full, full


def test_the_head_of_a_change_with_nothing_merged_says_it_was_made_by_hand() -> None:
    # The head read "... relations, from 0 research items." above a section saying no item was merged.
    old, _new = _renamed(hand_note=False)
    new = Graph(old.entities, (*old.relations, Relation(f"item:{_OLD}", "concept:rag", "uses_method")))
    head = build_sections(diff(old, new), cap=0)[0].text
    assert "from 0 research items" not in head, head
    assert ("removed relations**, with no research item merged (by hand, by an agent, or by another kgsync version "
            "or vocabulary).") in head, head


def _citing(with_citer: bool) -> Graph:
    """Item alpha (never touched) with one claim; with the citing item beta, whose finding supports
    alpha's Key Finding 5, past alpha's claim cap: a claim only while a link cites it (docs/CLAIMS.md)."""
    a, b = "2026-03-01-alpha", "2026-03-09-beta"
    nodes = [Entity(f"item:{a}", "research_item", ("title: Alpha", f"provenance:item={a}")),
             Entity(f"claim:{a}:k1", "claim", ("title: Alpha holds.", f"provenance:item={a}"))]
    links = [Relation(f"item:{a}", f"claim:{a}:k1", "states")]
    if with_citer:
        nodes += [Entity(f"claim:{a}:k5", "claim", ("title: Alpha holds late.", f"provenance:item={a}")),
                  Entity(f"item:{b}", "research_item", ("title: Beta", f"provenance:item={b}")),
                  Entity(f"claim:{b}:b1", "claim", ("title: Beta agrees.", f"provenance:item={b}"))]
        links += [Relation(f"item:{a}", f"claim:{a}:k5", "states"), Relation(f"item:{b}", f"claim:{b}:b1", "states"),
                  Relation(f"claim:{b}:b1", f"claim:{a}:k5", "supports")]
    return Graph(tuple(nodes), tuple(links))


def test_a_finding_that_is_a_claim_because_a_merged_or_removed_item_cites_it_says_so() -> None:
    """An item nobody touched gains (or loses) a claim: a merged item's link cites one of its findings
    past its claim cap (or the removed item's link did).  It is not a node a merged item created."""
    for old, new in ((_citing(False), _citing(True)), (_citing(True), _citing(False))):
        # git says beta's file changed (the PR flow); two bare graphs (`kgsync diff`) infer it
        for context in (BodyContext(merged=frozenset({"2026-03-09-beta"})), None):
            full = "".join(s.text for s in build_sections(diff(old, new), cap=0, context=context))
            assert "### Side effects: a merged or removed item's evidence link cites its finding" in full, full
            assert "Side effects (other items)" not in full and "#### 2026-03-01-alpha —" in full, full


def test_a_cited_finding_is_a_cause_of_its_own_beside_a_vocabulary_event() -> None:
    """An event that also moved the item lists it, pointing to the cited finding's heading, where its
    new claim is shown (the event does not explain a claim)."""
    event = VocabularyGroup("hub entered: retrieval", ("2026-03-01-alpha",), "a hub now", "pin it")
    context = BodyContext(merged=frozenset({"2026-03-09-beta"}), events=(event,))
    full = "".join(s.text for s in build_sections(diff(_citing(False), _citing(True)), cap=0, context=context))
    cited, hub = full.index("### Side effects: a merged or removed item's evidence link cites"), full.index(
        "### Side effects: hub entered: retrieval")
    assert cited < full.index("`claim:2026-03-01-alpha:k5` — ") < hub, full
    assert "Moved by this event too" in full[hub:], full


def _two_merged_one_moved() -> tuple[Graph, Graph]:
    """Two new items use a method an older item (moved: it gains the link) uses too."""
    def item(slug: str) -> Entity:
        return Entity(f"item:{slug}", "research_item", (f"title: {slug}",))
    old = Graph((item("2026-01-01-a"), Entity("method:m", "method", ())), ())
    new = Graph((item("2026-01-01-a"), item("2026-03-01-c"), item("2026-03-02-d"), Entity("method:m", "method", ())),
                tuple(Relation(f"item:{s}", "method:m", "uses_method") for s in ("2026-01-01-a", "2026-03-01-c",
                                                                                "2026-03-02-d")))
    return old, new


def test_the_item_index_lists_the_merged_items_before_the_others() -> None:
    """The reviewer's pass, batch 1: the index listed the 20 items moved as side effects above the
    11 merged ones, so the items the PR is about were at the bottom of its table."""
    old, new = _two_merged_one_moved()
    sections = build_sections(diff(old, new), cap=0)
    index = next(s.text for s in sections if s.kind == "index")
    rows = [line.split(" | ")[0].removeprefix("| ") for line in index.splitlines() if line.startswith("| 2026-")]
    assert rows == ["2026-03-02-d", "2026-03-01-c", "2026-01-01-a"], index


def test_the_summary_says_how_many_side_effects_a_veto_made() -> None:
    head = build_sections(diff(*_two_merged_one_moved()), context=BodyContext(vetoed=frozenset({"2026-01-01-a"})),
                          heading=False)[0].text
    assert ", from 2 research items (1 other item moved as side effects, 1 of them by a veto).\n" in head, head
    plain = build_sections(diff(*_two_merged_one_moved()), heading=False)[0].text
    assert ", from 2 research items (1 other item moved as side effects).\n" in plain, plain


def test_the_item_index_says_a_shared_node_counts_under_each_item_that_links_it() -> None:
    """QA 121, row 3: a first build's index listed a concept three new items link under each of them, so
    its "+" column summed to 21 where the graph gained 15 nodes, and nothing said why."""
    def item(slug: str) -> Entity:
        return Entity(f"item:{slug}", "research_item", (f"title: {slug}",))
    slugs = ("2026-03-01-c", "2026-03-02-d")
    new = Graph((*(item(s) for s in slugs), Entity("concept:shared", "concept", ())),
                tuple(Relation(f"item:{s}", "concept:shared", "addresses") for s in slugs))
    d = diff(Graph((), ()), new)
    index = next(s.text for s in build_sections(d, cap=0) if s.kind == "index")
    counts = [line.split(" | ")[3] for line in index.splitlines() if line.startswith("| 2026-")]
    assert sum(map(int, counts)) == 4 and len(d.added) == 3, index  # each item: itself and the shared concept
    assert "A node several items link is counted under each of them" in index, index
    assert "the + column sums to 4, the graph gained 3." in index, index
    alone = next(s.text for s in build_sections(diff(*_two_merged_one_moved()), cap=0) if s.kind == "index")
    assert "counted under each of them" not in alone, alone  # the columns add up: nothing to explain


def test_items_moved_only_by_a_shared_node_shown_above_are_one_section_naming_the_node_once() -> None:
    # qa142's leftover (qa143): one alias a merged item gave concept:agentic-ai filed a section for each of the
    # 107 items linking it, each "Changed nodes, shown above: concept:agentic-ai" (23 KB of a 65 KB body).  Now
    # one section says the node once and names every item; an item with changes of its own keeps its section.
    merged, others = "2026-03-09-beta", [f"2026-02-{k:02d}-item" for k in range(1, 21)]
    own = "2026-01-31-own"
    before, after = moved_by_one_node((merged,), others, own)
    sections = build_sections(diff(before, after), context=BodyContext(merged=frozenset({merged})), cap=0)
    full = "".join(s.text for s in sections)
    # The merged item's diff and link, the first side effect's diff (cut at another priority), the group, the item
    # with changes of its own: 5, not 23.
    assert full.count("`concept:rag`") == 5, full
    grouped = [s for s in sections if "whose only change" in s.text]
    assert len(grouped) == 1, full
    # Every item is still named: the one whose section shows the diff again, the others in the group.
    assert all(slug in grouped[0].text or f"#### {slug} — " in full for slug in others), full
    assert grouped[0].count == len(others) - 1 and grouped[0].kind == "item"
    assert f"#### {own} — Item {own}" in full  # its own removed link: a section of its own
    assert len(full) < 3_000, len(full)


def test_a_shared_node_s_change_says_how_many_items_of_the_change_link_it_where_it_is_shown() -> None:
    # qa143, read on the real corpus: one new item's "artificial intelligence agents" gave concept:agentic-ai an
    # alias, and the diff was shown under the first merged item in review order, an edited item that never writes
    # it, as if that edit had brought it.  The row now says the node is shared and how many items link it.
    sections = build_sections(diff(*_shared_change()), cap=0)
    shown = [s.text for s in sections if "+ alias:M" in s.text]
    assert shown and all("`method:m` — linked by 3 items of this change; its change is not one item's alone" in t
                         for t in shown), shown
    alone = build_sections(diff(Graph((), ()), _added(2)), cap=0)
    assert not any("linked by" in s.text for s in alone)

