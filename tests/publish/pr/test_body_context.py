"""Tests of kgsync.publish.pr.body_context: the vocabulary events both manifests record, the whole
findings a renamed item's claims are diffed by."""

from __future__ import annotations

from kgsync.contract.model import Entity, Facts, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.diff.vocab_events import EventKind
from kgsync.graph.merge import Manifest
from kgsync.publish.pr.body_context import BaseState, VetoedLinks, _vetoed_groups, _vocabulary_groups, _whole_statements
from kgsync.publish.pr.item_views import StatementChange, VocabularyGroup
from kgsync.publish.pr.side_effects import explain_event


def test_vocabulary_groups_come_from_what_both_manifests_record() -> None:
    before = {"a": Facts(entities=(("item:a", "research_item"), ("concept:retrieval", "concept"))),
              "b": Facts(entities=(("item:b", "research_item"),), observations=(("item:b", "summary: on retrieval"),)),
              "c": Facts(entities=(("item:c", "research_item"),), observations=(("item:c", "tag:evals"),))}
    after = {**before, "a": Facts(entities=(("item:a", "research_item"),))}
    [event] = _vocabulary_groups(Manifest(before), Manifest(after, hubs=("retrieval",)))
    why = explain_event(EventKind.HUB_ENTERED, "retrieval")  # each event with its reason and fix
    assert event == VocabularyGroup("hub entered: retrieval", ("a", "b"), why.reason, why.fix)
    assert "kgsync-vocab.yml" in event.fix
    assert _vocabulary_groups(None, Manifest(after, hubs=("retrieval",))) == ()  # no base manifest: no event claimed
    assert _vocabulary_groups(Manifest(after, hubs=("retrieval",)), Manifest(after, hubs=("retrieval",))) == ()
    assert _vocabulary_groups(Manifest(after, themes=("evals",)), Manifest(after)) == ()  # no share moves a theme
    [merged] = _vocabulary_groups(Manifest(before), Manifest(before, merges=(("dense-retrieval", "retrieval"),)))
    assert (merged.label, merged.items) == ("merged into: dense-retrieval -> retrieval", ("a",))
    assert "pin dense-retrieval" in merged.fix
    # a merge no item's facts name explains nothing: not shown
    assert _vocabulary_groups(Manifest(before), Manifest(before, merges=(("x-y", "y"),))) == ()


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
