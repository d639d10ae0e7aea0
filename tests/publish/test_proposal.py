"""Tests of kgsync.publish.proposal: the vocabulary events both manifests record."""

from __future__ import annotations

from kgsync.contract.model import Facts
from kgsync.diff.vocab_events import EventKind
from kgsync.graph.merge import Manifest
from kgsync.publish.pr.item_views import VocabularyGroup
from kgsync.publish.pr.side_effects import explain_event
from kgsync.publish.proposal import _vocabulary_groups


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
