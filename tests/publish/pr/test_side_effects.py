"""Every side effect the PR body reports states its reason and the fix a maintainer can apply
(kgsync.publish.pr.side_effects): each kind is walked here, and a body holding every kind at
once is read heading by heading.  A new kind without a reason or a fix fails this test."""

from __future__ import annotations

import re

import pytest

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.diff.vocab_events import EventKind, VocabularyEvent
from kgsync.lint.rules import RULES
from kgsync.publish.pr.attention import attention
from kgsync.publish.pr.body import render_markdown
from kgsync.publish.pr.item_views import BodyContext, VocabularyGroup
from kgsync.publish.pr.side_effects import SideEffect, explain, explain_event
from kgsync.publish.pr.body_context import _gained_groups, _lost_groups, _removed_item_groups

#: An event of each kind with its parts (the rest: a hub, a topic or a theme, "retrieval").
EVENTS = {EventKind.MERGED: VocabularyEvent(EventKind.MERGED, "dense-retrieval", (), other="retrieval"),
          EventKind.UNMERGED: VocabularyEvent(EventKind.UNMERGED, "dense-retrieval", (), other="retrieval"),
          EventKind.ACRONYM_DEFINED: VocabularyEvent(EventKind.ACRONYM_DEFINED, "rag", (),
                                                     other="retrieval augmented generation"),
          EventKind.ACRONYM_UNDEFINED: VocabularyEvent(EventKind.ACRONYM_UNDEFINED, "rag", (),
                                                       other="retrieval augmented generation"),
          EventKind.RETYPED: VocabularyEvent(EventKind.RETYPED, "software-engineering", (), was="method", now="concept")}


def _event(kind: EventKind) -> VocabularyEvent:
    return EVENTS.get(kind, VocabularyEvent(kind, "retrieval", ()))


@pytest.mark.parametrize("kind", list(SideEffect))
def test_every_side_effect_kind_has_a_reason_and_a_fix(kind: SideEffect) -> None:
    why = explain(kind, "claim:2026-03-02-beta:kf-1", count=1, minimum=2)
    assert why.reason.strip() and why.fix.strip(), kind
    assert str(why) == f"{why.reason}; {why.fix}"


@pytest.mark.parametrize("kind", list(EventKind))
def test_every_vocabulary_and_acronym_event_has_a_reason_and_a_fix(kind: EventKind) -> None:
    subject = _event(kind).subject
    why = explain_event(_event(kind), "vocab.yml")
    assert why.reason.strip() and why.fix.strip(), kind
    assert any(part in why.reason for part in re.split(r" -> | = |: ", subject)), why.reason  # names what moved
    assert "vocab.yml" in why.fix or "kgsync.yml" in why.fix  # the file a maintainer edits


def test_a_retyped_term_says_which_way_and_how_to_fix_its_type() -> None:
    why = explain_event(_event(EventKind.RETYPED), "vocab.yml")
    assert "from method to concept" in why.reason and "concept:software-engineering" in why.reason
    assert "software-engineering: {kind: method}" in why.fix and "vocab.yml" in why.fix


def test_a_facet_merge_says_it_is_a_facet_and_a_near_duplicate_merge_does_not() -> None:
    facet = explain_event(VocabularyEvent(EventKind.MERGED, "github-actions-workflow", (), other="github-actions"),
                          "vocab.yml")
    assert "facet" in facet.reason and "github-actions's page" in facet.reason
    near = explain_event(VocabularyEvent(EventKind.MERGED, "indirect-prompt-injection", (), other="prompt-injection"),
                         "vocab.yml")
    assert "near-duplicate" in near.reason and "facet" not in near.reason


def test_the_lost_node_reasons_say_how_many_items_are_left_and_how_to_keep_it() -> None:
    assert str(explain(SideEffect.LOST_BELOW_MIN_LINKS, count=1, minimum=2)) == (
        "1 linking item left (min 2); pin it in kgsync-vocab.yml to keep it")
    assert explain(SideEffect.LOST_ALL_LINKERS, count=3).reason == "every item linking it was removed (3)"


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_lint_rule_names_its_fix(code: str) -> None:
    assert RULES[code].hint.strip(), code


A, B, C, E, H = "2026-03-01-alpha", "2026-03-02-beta", "2026-02-20-gamma", "2026-02-10-epsilon", "2026-02-01-eta"
BYSTANDERS = [f"2026-01-{n:02d}-bystander" for n in range(1, len(EventKind) + 1)]


def _item(slug: str, *extra: str) -> list[Entity]:
    return [Entity(f"item:{slug}", "research_item", (f"title: {slug[11:]}", f"provenance:item={slug}", *extra)),
            Entity(f"claim:{slug}:kf-1", "claim", (f"{slug[11:]} holds.", "section:key-finding-1",
                                                    f"provenance:item={slug}"))]


def _every_kind() -> tuple[Graph, Graph]:
    """Beta arrives: it contradicts gamma's claim (re-judged); retrieval gains beta (eta's only
    change); alpha loses the node "lost" (its only item link); epsilon's claim now supports
    beta's (through a merged node); one bystander moves under each vocabulary event."""
    slugs = [A, C, E, H, *BYSTANDERS]
    old_entities = [e for s in slugs for e in _item(s)] + [
        Entity("concept:retrieval", "concept", (f"provenance:item={A}", f"provenance:item={H}")),
        Entity("concept:lost", "concept", ())]
    old_relations = [Relation(f"item:{s}", f"claim:{s}:kf-1", "states") for s in slugs] + [
        Relation(f"item:{A}", "concept:retrieval", "addresses"), Relation(f"item:{A}", "concept:lost", "addresses"),
        Relation(f"item:{H}", "concept:retrieval", "addresses")]
    new_entities = [e for s in (A, E, H) for e in _item(s)] + _item(B) + [
        Entity(f"claim:{C}:kf-1", "claim", ("gamma holds.", "section:key-finding-1", f"provenance:item={C}",
                                            "status:contested")),
        Entity(f"item:{C}", "research_item", ("title: gamma", f"provenance:item={C}")),
        Entity("concept:retrieval", "concept", (f"provenance:item={A}", f"provenance:item={B}", f"provenance:item={H}"))]
    new_entities += [e for s in BYSTANDERS for e in _item(s, "tag:moved")]
    new_entities.append(Entity("concept:by-hand", "concept", ("note: an agent wrote this",)))  # no item's
    new_relations = [Relation(f"item:{s}", f"claim:{s}:kf-1", "states") for s in [*slugs, B]] + [
        Relation(f"item:{A}", "concept:retrieval", "addresses"), Relation(f"item:{B}", "concept:retrieval", "addresses"),
        Relation(f"item:{H}", "concept:retrieval", "addresses"),
        Relation(f"claim:{B}:kf-1", f"claim:{C}:kf-1", "contradicts"),
        Relation(f"claim:{E}:kf-1", f"claim:{B}:kf-1", "supports")]
    return Graph(tuple(old_entities), tuple(old_relations)), Graph(tuple(new_entities), tuple(new_relations))


def test_a_body_with_every_kind_of_side_effect_states_each_reason_and_fix() -> None:
    old, new = _every_kind()
    d = diff(old, new)
    lost = {"concept:lost": explain(SideEffect.LOST_ALL_LINKERS, count=1)}
    events = tuple(VocabularyGroup(f"{kind.value}: {_event(kind).subject}", (slug,),
                                   *(lambda why: (why.reason, why.fix))(explain_event(_event(kind))))
                   for kind, slug in zip(EventKind, BYSTANDERS, strict=True))
    context = BodyContext(merged=frozenset({B}), events=events + _lost_groups(d, lost, frozenset({B})),
                          lost={name: str(why) for name, why in lost.items()})
    body = render_markdown(d, context=context, limit=0).text
    blocks = re.findall(r"^### ((?:Side effects|Changes no research item).*?)\n\n(.*?)(?=^####)", body, re.M | re.S)
    headings = [heading for heading, _ in blocks]
    # every event, the lost node; re-judged (gamma), co-owned (eta), through a merged node (epsilon)
    assert len(headings) == len(EventKind) + 5, headings  # and the change no item explains
    assert headings[-1] == "Changes no research item explains"
    assert any(h.startswith("Side effects: concept:lost removed: every item linking it") for h in headings)
    assert any("contradicts or supersedes" in h for h in headings) and any("shared nodes" in h for h in headings)
    assert "Side effects (other items)" in headings  # epsilon: through beta's claim
    reasons = {explain(kind).reason for kind in SideEffect}
    for heading, text in blocks:
        assert re.search(r"^- Fix: \S", text, re.M), heading  # the fix, always
        # the reason: its own line, or the heading says it ("Side effects: <reason>", "<node> removed: <reason>")
        said = heading.removeprefix("Side effects: ") in reasons or " removed: " in heading
        assert said or re.search(r"^- Why: \S", text, re.M), heading
    # Needs attention: the trust change says which claim re-judges it and how to undo it.
    [trust] = [line for line in attention(d, cap=0) if line.noun == "trust change"]
    [entry] = trust.entries
    assert entry.note == (f"now contested: claim:{B}:kf-1 contradicts it; if the sentence does not contradict it, "
                          "veto the pair in kgsync-veto.yml")


def test_a_node_a_merged_item_brings_to_min_links_and_a_removed_item_s_links_are_explained() -> None:
    """Beta arrives and links "memory", which alpha named alone (min 2: now a node alpha links
    too); gamma is removed and epsilon's extends link to it goes.  Both bystanders sit under
    their own reason with the fix, as the PR flow groups them."""
    old = Graph(tuple(_item(A) + _item(C) + _item(E)),
                (Relation(f"item:{E}", f"item:{C}", "extends"),
                 *(Relation(f"item:{s}", f"claim:{s}:kf-1", "states") for s in (A, C, E))))
    memory = Entity("concept:memory", "concept", ())
    new = Graph(tuple(_item(A) + _item(B) + _item(E)) + (memory,),
                (Relation(f"item:{A}", "concept:memory", "addresses"), Relation(f"item:{B}", "concept:memory", "addresses"),
                 *(Relation(f"item:{s}", f"claim:{s}:kf-1", "states") for s in (A, B, E))))
    d = diff(old, new)
    merged = frozenset({B, C})
    events = _gained_groups(d, new, merged, 2, "kgsync-vocab.yml") + _removed_item_groups(d, merged)
    assert [(g.label, g.items) for g in events] == [("concept:memory added", (A,)), (f"item:{C} removed", (E,))]
    body = render_markdown(d, context=BodyContext(merged=merged, events=events), limit=0).text
    assert ("### Side effects: concept:memory added\n\n- Why: a merged item links it too: 2 linking items now (min 2), "
            "so it is a node\n- Fix: to keep it out, add it to stoplist: in kgsync-vocab.yml\n") in body
    assert f"### Side effects: item:{C} removed\n\n- Why: the item it extends or cites was removed" in body


def test_a_new_node_no_merged_item_links_is_not_said_to_come_from_a_merged_item() -> None:
    """Alpha and epsilon now link "evals" (a theme that became a concept), beta (merged) does not:
    the "a merged item links it too" reason would be false, so it is not given."""
    old = Graph(tuple(_item(A) + _item(E)), tuple(Relation(f"item:{s}", f"claim:{s}:kf-1", "states") for s in (A, E)))
    evals = Entity("concept:evals", "concept", ())
    new = Graph(tuple(_item(A) + _item(B) + _item(E)) + (evals,),
                (Relation(f"item:{A}", "concept:evals", "addresses"), Relation(f"item:{E}", "concept:evals", "addresses"),
                 *(Relation(f"item:{s}", f"claim:{s}:kf-1", "states") for s in (A, B, E))))
    assert _gained_groups(diff(old, new), new, frozenset({B}), 2, "kgsync-vocab.yml") == ()


def test_a_theme_that_is_a_tag_only_now_says_the_vocabulary_decided(tmp_path) -> None:
    """A theme node the base build had and this one has not (``Manifest.themes``) went because its
    vocabulary entry names no one idea (a bucket): the reason says so, the fix names the themes file,
    not a pin."""
    from kgsync.publish.pr.body_context import Explaining, _lost_nodes
    from kgsync.read import config as config_module

    (tmp_path / "kgsync.yml").write_text("themes_vocabulary: docs/themes.md\n", encoding="utf-8")
    item = Entity("item:2026-03-02-beta", "research_item", ("provenance:item=2026-03-02-beta",))
    old = Graph((item, Entity("concept:memory-context", "concept", ()), Entity("concept:lost", "concept", ())),
                (Relation("item:2026-03-02-beta", "concept:memory-context", "addresses"),
                 Relation("item:2026-03-02-beta", "concept:lost", "addresses")))
    new = Graph((item,), ())
    lost = _lost_nodes(Explaining.of(config_module.load(tmp_path)), diff(old, new), old, new, None, frozenset(),
                       frozenset({"memory-context"}))
    assert lost["concept:memory-context"] == explain(SideEffect.THEME_TAG_ONLY, "themes.md")
    assert "themes.md" in lost["concept:memory-context"].fix
    assert "pin it" in lost["concept:lost"].fix  # a mined node: as before


def test_a_theme_node_lost_with_no_theme_vocabulary_says_no_item_writes_it_not_a_scope_phrase(tmp_path) -> None:
    """Reviewer on a new repository (the 53 later items, no kgsync.yml), deleting three of the four items that
    carry software-engineering: Needs attention said its node went because "no Scope phrase writes its slug as
    one idea" and to "write the slug's words as one Scope phrase in the themes vocabulary", a file the
    repository does not have.  With no theme vocabulary a theme is a node while the items that carry it write it
    (``graph.assemble.written_theme_nodes``): the reason says that, and the fix names what keeps it."""
    from kgsync.publish.pr.body_context import Explaining, _lost_nodes
    from kgsync.read import config as config_module

    item = Entity("item:2026-03-02-beta", "research_item", ("provenance:item=2026-03-02-beta",))
    old = Graph((item, Entity("concept:software-engineering", "concept", ())),
                (Relation("item:2026-03-02-beta", "concept:software-engineering", "addresses"),))
    new = Graph((item,), ())
    lost = _lost_nodes(Explaining.of(config_module.load(tmp_path)), diff(old, new), old, new, None, frozenset(),
                       frozenset({"software-engineering"}))
    why = lost["concept:software-engineering"]
    assert "Scope" not in why.reason and "write" in why.reason and "mining.min_links" in why.reason, why
    assert "themes_vocabulary" in why.fix, why


@pytest.mark.parametrize("kind", list(EventKind))
def test_a_side_effect_heading_gives_its_why_and_fix_whole(kind: EventKind) -> None:
    """Maintainer on a new repository (qa226): the PR for three knowledge-graph items said "Why: resource
    description framework is now on more than mining.max_item_share of the items ... its node is linked by
    the…": kgsync's own explanation was cut at the 240 characters an item's text is cut at, and the reviewer
    never read what the event does to the items.  The term in it is an item's word (escaped as one), but the
    sentence around it is kgsync's, written to be read whole: each event's Why and Fix appear in full."""
    term = "resource description framework"
    event = VocabularyEvent(kind, term, (BYSTANDERS[0],), other="retrieval augmented generation",
                            was="method" if kind is EventKind.RETYPED else "",
                            now="concept" if kind is EventKind.RETYPED else "")
    why = explain_event(event, "kgsync-vocab.yml")
    old, new = (Graph(tuple(_item(BYSTANDERS[0], *tags)), ()) for tags in ((), ("tag:moved",)))
    group = VocabularyGroup(f"{kind.value}: {event.subject}", (BYSTANDERS[0],), why.reason, why.fix)
    body = render_markdown(diff(old, new), context=BodyContext(merged=frozenset(), events=(group,)), limit=0).text
    lines = [line for line in body.splitlines() if line.startswith(("- Why: ", "- Fix: "))]
    assert lines == [f"- Why: {why.reason}", f"- Fix: {why.fix}"], lines
