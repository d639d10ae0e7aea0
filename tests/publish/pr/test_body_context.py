"""Tests of kgsync.publish.pr.body_context: the vocabulary events both manifests record, the whole
findings a renamed item's claims are diffed by."""

from __future__ import annotations

from kgsync.contract.model import Entity, Facts, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.diff.vocab_events import EventKind, VocabularyEvent
from kgsync.graph.manifest import Manifest
from kgsync.publish.pr.body_context import (BaseState, Explaining, VetoedLinks, _moved_groups, _vetoed_groups,
                                            _vocabulary_events, _vocabulary_groups, _whole_statements, body_context,
                                            named_at)
from kgsync.publish.pr.item_views import StatementChange, VocabularyGroup
from kgsync.publish.pr.sections import build_sections
from kgsync.publish.pr.side_effects import explain_event
from kgsync.read.config import SiteOptions
from tests.extract.evidence_items import item_text, make


def _groups(base: Manifest | None, manifest: Manifest) -> tuple[VocabularyGroup, ...]:
    return _vocabulary_groups(_vocabulary_events(base, manifest))


def test_vocabulary_groups_come_from_what_both_manifests_record() -> None:
    before = {"a": Facts(entities=(("item:a", "research_item"), ("concept:retrieval", "concept"))),
              "b": Facts(entities=(("item:b", "research_item"),), observations=(("item:b", "summary: on retrieval"),)),
              "c": Facts(entities=(("item:c", "research_item"),), observations=(("item:c", "tag:evals"),))}
    after = {**before, "a": Facts(entities=(("item:a", "research_item"),))}
    [event] = _groups(Manifest(before), Manifest(after, hubs=("retrieval",)))
    why = explain_event(VocabularyEvent(EventKind.HUB_ENTERED, "retrieval", ("a",)))  # each with its reason and fix
    # b names retrieval alike before and after: the event did not move it, so it is not listed (qa121)
    assert event == VocabularyGroup("hub entered: retrieval", ("a",), why.reason, why.fix)
    assert "kgsync-vocab.yml" in event.fix
    assert _groups(None, Manifest(after, hubs=("retrieval",))) == ()  # no base manifest: no event claimed
    assert _groups(Manifest(after, hubs=("retrieval",)), Manifest(after, hubs=("retrieval",))) == ()
    assert _groups(Manifest(after, themes=("evals",)), Manifest(after)) == ()  # no share moves a theme
    # a's facts move (it no longer links concept:retrieval): an item alike before and after is moved by no event (qa164)
    [merged] = _groups(Manifest(before), Manifest(after, merges=(("dense-retrieval", "retrieval"),)))
    assert (merged.label, merged.items) == ("merged into: dense-retrieval -> retrieval", ("a",))
    assert "pin dense-retrieval" in merged.fix
    # a merge no item's facts name explains nothing: not shown
    assert _groups(Manifest(before), Manifest(before, merges=(("x-y", "y"),))) == ()


def test_a_retype_a_vocabulary_event_names_is_said_there_once_not_again_as_a_move() -> None:
    """``_moved_groups`` reads the retyped terms from the events' fields: a retype no event names is
    filed as a move; one an event names (the term, whatever its types) is left to the event."""
    a, b = "item:2026-01-01-a", "item:2026-01-02-b"
    items = (Entity(a, "research_item"), Entity(b, "research_item"))
    old = Graph(items + (Entity("method:software-engineering", "method"),),
                tuple(Relation(i, "method:software-engineering", "uses_method") for i in (a, b)))
    new = Graph(items + (Entity("concept:software-engineering", "concept"),),
                tuple(Relation(i, "concept:software-engineering", "addresses") for i in (a, b)))
    d = diff(old, new)
    [moved] = _moved_groups(d, frozenset({"2026-01-01-a"}), frozenset(), "vocab.yml")
    assert moved.label == "method:software-engineering retyped to concept:software-engineering"
    assert moved.items == ("2026-01-02-b",)
    assert _moved_groups(d, frozenset({"2026-01-01-a"}), frozenset({"software-engineering"}), "vocab.yml") == ()
    assert _moved_groups(d, frozenset({"2026-01-01-a"}), frozenset({"software"}), "vocab.yml") == (moved,)


def test_a_renamed_items_carried_claim_is_diffed_whole_from_both_manifests() -> None:
    """A renamed item's claims have new names: the whole findings of a pair come from the base
    manifest (the old claim) and the new one (the new claim), even when the stored cut is the same."""
    old_slug, new_slug = "2026-03-01-alpha", "2026-03-01-alpha-revisited"

    def graph(slug: str) -> Graph:
        item, claim = f"item:{slug}", f"claim:{slug}:k1"
        return Graph((Entity(item, "research_item", ("title: Q",)),
                      Entity(claim, "claim", ("title: Alpha holds …", "section:key-finding-3"))),
                     (Relation(item, claim, "states"),))

    old, new = graph(old_slug), graph(new_slug)
    before, after = "Alpha holds for the long tail of the corpus.", "Alpha holds for the long tail of every corpus."
    base = BaseState(old, {}, Manifest({}, statements={old_slug: ((f"claim:{old_slug}:k1", before),)}))
    found = _whole_statements(diff(old, new), base, new, Manifest({}, statements={new_slug: ((f"claim:{new_slug}:k1", after),)}))
    assert found == {f"claim:{new_slug}:k1": StatementChange(3, before, after)}
    # the same whole finding on both sides: nothing reworded
    same = Manifest({}, statements={new_slug: ((f"claim:{new_slug}:k1", before),)})
    assert _whole_statements(diff(old, new), base, new, same) == {}


def test_a_vetoed_contradiction_s_target_claim_no_longer_contested_is_the_veto_s_side_effect_too() -> None:
    """A veto of a contradicts link also takes status:contested off the claim it disputed.  The PR filed
    that claim's item under "Side effects (other items)": "it links a node a merged item created ...",
    fix "change the merged item", with no item merged: the veto did it, and deleting its entry undoes it."""
    a, b = "claim:2026-02-01-a:x", "claim:2026-01-01-b:y"

    def graph(contested: bool) -> Graph:
        entities = (Entity("item:2026-02-01-a", "research_item", ("title: A",)), Entity(a, "claim", ("title: X",)),
                    Entity("item:2026-01-01-b", "research_item", ("title: B",)),
                    Entity(b, "claim", ("title: Y",) + (("status:contested",) if contested else ())))
        relations = (Relation("item:2026-02-01-a", a, "states"), Relation("item:2026-01-01-b", b, "states"))
        return Graph(entities, relations + ((Relation(a, b, "contradicts"),) if contested else ()))

    [group] = _vetoed_groups(diff(graph(True), graph(False)), frozenset(), VetoedLinks(lines={(b, a): 2}))
    assert group.label == "vetoed in kgsync-veto.yml" and "kgsync-veto.yml:2" in group.reason
    assert set(group.items) == {"2026-02-01-a", "2026-01-01-b"}, group.items


def test_a_removed_item_s_side_effect_names_where_each_item_names_it() -> None:
    """The reviewer's pass, batch 6: an item extended the removed one through a link in its text (and
    listed it under ``related:``), yet the fix read "correct the slug in its cites:".  ``related:``
    makes no link and is not checked as a dangling cite (docs/CONTRACT.md), but it names the item:
    the removal says every place an item still names it, by field (or its text) and line."""
    gone = "2026-01-01-gone"
    cites = make("2026-02-01-cites", item_text("Cites", "2026-02-01", ("A finding.",), front=f"cites: [{gone}]\n"))
    text = make("2026-02-02-text", item_text("Text", "2026-02-02", ("A finding.",), front=f"related: [{gone}]\n",
                                             body=f"As `Research/completed/{gone}.md` found, more holds."))
    related = make("2026-02-03-related", item_text("Related", "2026-02-03", ("A finding.",),
                                                   front=f"related: [{gone}]\n"))
    nodes = tuple(Entity(f"item:{i.slug}", "research_item", (f"title: {i.title}",)) for i in (cites, text, related))
    old = Graph(nodes + (Entity(f"item:{gone}", "research_item", ("title: Gone",)),),
                tuple(Relation(f"item:{i.slug}", f"item:{gone}", "extends") for i in (cites, text)))
    new = Graph(nodes, ())
    context = body_context(Explaining("kgsync-vocab.yml", "", 2), SiteOptions(), diff(old, new), new,
                           (cites, text, related), (), None, None, Manifest({}), merged=frozenset({gone}))
    [group] = [g for g in context.events if g.label == f"item:{gone} removed"]
    assert set(group.items) == {cites.slug, text.slug}, group.items
    body = "".join(s.text for s in build_sections(diff(old, new), context=context, cap=0))
    section = body.split(f"### Side effects: item:{gone} removed\n", 1)[1].split("\n#### ", 1)[0]
    body_line = text.body_line + text.body.splitlines().index(f"As `Research/completed/{gone}.md` found, more holds.")
    assert "cites:, or" not in section, section
    for place in (f"`{cites.path}:{cites.line_of('cites')}` (cites:)", f"`{text.path}:{body_line}` (its text)",
                  f"`{text.path}:{text.line_of('related')}` (related:)",
                  f"`{related.path}:{related.line_of('related')}` (related:)"):
        assert f"  - {place}\n" in section, (place, section)


def test_a_removed_item_is_named_at_the_cites_entry_that_names_it_as_its_dangling_cite_is() -> None:
    """The QA pass (qa121), a reviewer of a delete: Needs attention named the dangling cite at its
    ``- `` entry's line (``:7``), the side effect's fix the same cite at the ``cites:`` line (``:6``),
    two lines for one place.  Both name the entry; a flow list's entry is on the field's line."""
    gone = "2026-01-01-gone"
    cite = f"  - {{item: {gone}, findings: [1], stance: supports, from: 1}}"
    text = item_text("Block", "2026-02-01", ("A finding.",), front=f"cites:\n  - 2026-01-05-other\n{cite}\n")
    block = make("2026-02-01-block", text)
    entry = text.splitlines().index(cite) + 1
    assert entry != block.line_of("cites")
    assert named_at(block, gone) == [(f"{block.path}:{entry}", "cites:")]
    flow = make("2026-02-02-flow", item_text("Flow", "2026-02-02", ("A finding.",), front=f"cites: [{gone}]\n"))
    assert named_at(flow, gone) == [(f"{flow.path}:{flow.line_of('cites')}", "cites:")]


def test_a_node_whose_links_all_moved_to_a_node_keeping_its_name_is_a_rename_not_a_loss() -> None:
    """The reviewer's pass, upgrading kgsync on a repository with no theme vocabulary: every
    relation of ``concept:agentic-ai`` moved to the existing ``concept:agentic-artificial-intelligence``,
    which now keeps the slug as an alias, and ``method:software-engineering`` became
    ``concept:software-engineering`` (retyped).  The body said of each "N items name it, none links
    it within its caps any more; pin it in kgsync-vocab.yml to keep it": pinning brings back the
    duplicate node, and its items were filed under "it links a node a merged item created, changed
    or removed", fix "change the merged item", with no item merged.  Each is a rename (or a
    retype), with no pin to apply, and its items are filed under it."""
    a, b = "item:2026-01-01-a", "item:2026-01-02-b"
    items = (Entity(a, "research_item", ("title: A",)), Entity(b, "research_item", ("title: B",)))
    idea, theme = "concept:agentic-artificial-intelligence", "concept:agentic-ai"
    old = Graph(items + (Entity(idea, "concept", ("alias:agentic AI",)), Entity(theme, "concept", ("alias:agentic ai",)),
                         Entity("method:software-engineering", "method", ("alias:SE",))),
                (Relation(a, idea, "addresses"), Relation(a, theme, "addresses"), Relation(b, theme, "addresses"),
                 Relation(a, "method:software-engineering", "uses_method"),
                 Relation(b, "method:software-engineering", "uses_method")))
    new = Graph(items + (Entity(idea, "concept", ("alias:agentic AI", "alias:agentic-ai")),
                         Entity("concept:software-engineering", "concept", ("alias:SE",))),
                (Relation(a, idea, "addresses"), Relation(b, idea, "addresses"),
                 Relation(a, "concept:software-engineering", "addresses"),
                 Relation(b, "concept:software-engineering", "addresses")))
    d = diff(old, new)
    context = body_context(Explaining("kgsync-vocab.yml", "", 2), SiteOptions(), d, new, (), (), None,
                           BaseState(old, {}, None), Manifest({}), merged=frozenset())
    body = "".join(s.text for s in build_sections(d, context=context, cap=0))
    assert "pin it" not in body and "change the merged item" not in body, body
    assert f"`{theme}` — renamed to {idea}" in body, body
    assert "`method:software-engineering` — retyped to concept:software-engineering" in body, body
    assert f"### Side effects: {theme} renamed to {idea}\n" in body, body  # its items are filed there


def test_a_node_lost_after_a_caps_change_is_said_below_min_links() -> None:
    """The base manifest's terms keep a node for one linker only under the caps they were written
    with (``manifest_terms``).  A change of caps that leaves concept:x one linker loses it for being
    below mining.min_links, and the PR says so; it said "1 items name it, none links it within its
    caps any more", though item a links it within them."""
    from kgsync.vocabulary.vocab import ItemTerms, Term, TermKind, TermUse, Vocabulary

    a, b = "2026-01-01-a", "2026-01-02-b"
    items = (Entity(f"item:{a}", "research_item", ("title: A",)), Entity(f"item:{b}", "research_item", ("title: B",)))
    old = Graph(items + (Entity("concept:x", "concept", ("alias:x",)),),
                (Relation(f"item:{a}", "concept:x", "addresses"), Relation(f"item:{b}", "concept:x", "addresses")))
    new = Graph(items, ())
    vocabulary = Vocabulary({"x": Term("x", TermKind.CONCEPT, "x", ("x",), (a,))},
                            {a: ItemTerms(a, (TermUse("x", ()),), ())})
    base = BaseState(old, {}, Manifest({}, terms=("x",), min_links=2, term_caps=(5, 2)))
    for caps, reason in (((1, 2), "1 linking item left (min 2)"),
                         ((5, 2), "1 items name it, none links it within its caps any more")):
        context = body_context(Explaining("kgsync-vocab.yml", "", 2, caps), SiteOptions(), diff(old, new), new, (), (),
                               None, base, Manifest({}), vocabulary, merged=frozenset())
        assert context.lost["concept:x"].startswith(reason + ";"), (caps, context.lost)


def test_a_theme_that_enters_or_leaves_the_nodes_is_a_vocabulary_event_of_the_body_said_once() -> None:
    """The manifests record the themes that are nodes (``Manifest.themes``), and ``vocabulary_events``
    reads ``theme entered`` / ``theme left`` from them, but the body never passed them: a theme's node
    that went showed only as a lost node, and one that came as nothing (tidy144, left since).  Now each
    is an event listing the items it moved (an item whose facts did not change is not listed); a node a
    ``theme left`` event names is said there, once, not again as a lost node's group."""
    a, c = "2026-01-01-a", "2026-01-03-c"
    node = "concept:evals"
    linked = {s: Facts(((f"item:{s}", "research_item"), (node, "concept")), ((f"item:{s}", "tag:evals"),),
                       (Relation(f"item:{s}", node, "addresses"),)) for s in (a, c)}
    tagged = {s: Facts(((f"item:{s}", "research_item"), (f"claim:{s}:k1", "claim")),
                       ((f"item:{s}", "tag:evals"), (f"claim:{s}:k1", "tag:evals")), ()) for s in (a, c)}
    [left] = _groups(Manifest(linked, themes=("evals",)), Manifest(tagged))
    assert (left.label, left.items) == ("theme left: evals", (a, c))
    assert "no longer a node" in left.reason and left.fix
    [entered] = _groups(Manifest(tagged), Manifest(linked, themes=("evals",)))
    assert (entered.label, entered.items) == ("theme entered: evals", (a, c))
    # an item that carries the theme alike before and after was not moved by it
    assert _groups(Manifest({a: linked[a], c: tagged[c]}, themes=("evals",)),
                   Manifest({a: tagged[a], c: tagged[c]}))[0].items == (a,)
    items = tuple(Entity(f"item:{s}", "research_item", ("title: T",)) for s in (a, c))
    old = Graph(items + (Entity(node, "concept", ("alias:evals",)),),
                tuple(Relation(f"item:{s}", node, "addresses") for s in (a, c)))
    new = Graph(items, ())
    context = body_context(Explaining("kgsync-vocab.yml", "themes.md", 2), SiteOptions(), diff(old, new), new, (), (),
                           None, BaseState(old, {}, Manifest(linked, themes=("evals",))), Manifest(tagged),
                           merged=frozenset({a}))
    assert [g.label for g in context.events] == ["theme left: evals"], context.events
    assert context.lost[node]  # Needs attention still says why the node went


def test_an_item_the_removal_moved_is_shown_under_the_removal_not_under_an_acronym_event_it_shares() -> None:
    """Maintainer of a new repository (qa226): deleting the graph-platform item took a claim of the web-ontologies
    item (a finding stated for its link to the deleted item's) and its extends links.  The PR showed those changes
    under "acronym no longer defined: saas = software as a service", Why: "the items that write saas no longer
    group it with it": the deleted item was saas's only definer, and the web-ontologies item writes SaaS and moved,
    so the event listed it, first.  An item filed under a removed item lost a link to it, a cause it is known to
    have; an event lists an item that writes its word and moved for any cause.  The removal comes first."""
    gone, web = "2026-05-12-graph-db-saas-knowledge-ontology", "2026-05-12-web-ontologies-production-knowledge-graph"
    claim = f"claim:{web}:reasoning-strategy"
    gone_claim = f"claim:{gone}:graphdb-reasons"
    web_nodes = (Entity(f"item:{web}", "research_item", ("title: Web ontologies", "summary: SaaS graphs")),)
    old = Graph(web_nodes + (Entity(claim, "claim", ("title: Reasoning strategy follows the workload.",)),
                             Entity(f"item:{gone}", "research_item", ("title: Hosted SaaS graph databases",)),
                             Entity(gone_claim, "claim", ("title: GraphDB reasons forward.",))),
                (Relation(f"item:{web}", claim, "states"), Relation(claim, gone_claim, "extends"),
                 Relation(f"item:{web}", f"item:{gone}", "extends"), Relation(f"item:{gone}", gone_claim, "states")))
    new = Graph(web_nodes, ())
    d = diff(old, new)
    web_before = Facts(((f"item:{web}", "research_item"), (claim, "claim")), (),
                       (Relation(f"item:{web}", claim, "states"), Relation(f"item:{web}", f"item:{gone}", "extends")))
    web_after = Facts(((f"item:{web}", "research_item"),), (), ())
    saas = (("saas", "software as a service", (web,)),)
    base = Manifest({web: web_before, gone: Facts(((f"item:{gone}", "research_item"),), (), ())}, acronyms=saas)
    context = body_context(Explaining("kgsync-vocab.yml", "", 2), SiteOptions(), d, new, (), (), None, base,
                           Manifest({web: web_after}), merged=frozenset({gone}))
    labels = [g.label for g in context.events if web in g.items]
    assert labels == [f"item:{gone} removed", "acronym no longer defined: saas = software as a service"], labels
    body = "".join(s.text for s in build_sections(d, context=context, cap=0))
    removal = body.split(f"### Side effects: item:{gone} removed\n", 1)[1].split("\n### ", 1)[0]
    assert f"#### {web}" in removal and claim in removal, removal  # its changes, under the removal
    acronym = body.split("### Side effects: acronym no longer defined", 1)[1].split("\n### ", 1)[0]
    assert claim not in acronym and f"item:{gone} removed" in acronym, acronym  # there: a line pointing to them
