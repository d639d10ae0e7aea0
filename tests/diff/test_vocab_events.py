"""Vocabulary events and bystanders: a merge changes other items only through shared nodes or named events."""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgsync.read import config as config_module
from kgsync.graph.manifest import manifest_path
from kgsync.contract.model import Facts, Relation
from kgsync.pipeline.stages import build
from kgsync.diff.vocab_events import EventKind, explain, vocabulary_events
from tests.item_corpus import rank_fusion_repo

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import gen_corpus  # noqa: E402


def facts(*relations: tuple[str, str, str], entities: tuple[tuple[str, str], ...] = ()) -> Facts:
    return Facts(entities, (), tuple(Relation(*r) for r in relations))


def test_a_term_whose_node_changes_type_is_a_retyped_event_listing_every_linker() -> None:
    """A merge can tip a term's type (``node_kinds`` reads it from how the items write it): its
    linkers, who did not change, link the node of the other type; the event names them."""
    before = {"a": facts(("item:a", "method:se", "uses_method"), entities=(("method:se", "method"),)),
              "b": facts(("item:b", "method:se", "uses_method"), entities=(("method:se", "method"),)),
              "c": facts(("item:c", "concept:x", "addresses"), entities=(("concept:x", "concept"),))}
    after = {"a": facts(("item:a", "concept:se", "addresses"), entities=(("concept:se", "concept"),)),
             "b": facts(("item:b", "concept:se", "addresses"), entities=(("concept:se", "concept"),)),
             "c": before["c"],
             "n": facts(("item:n", "concept:se", "addresses"), entities=(("concept:se", "concept"),))}
    events = vocabulary_events(set(), set(), before, after)
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.RETYPED, "se: method -> concept", ("a", "b", "n"))]
    assert explain(before, after, {"n"}, events).unexplained == {}
    # A term of both types on either side (two nodes, one idea each item wrote) is no retyping.
    both = {**after, "c": facts(("item:c", "method:se", "uses_method"), entities=(("method:se", "method"),))}
    assert vocabulary_events(set(), set(), before, both) == ()


def test_a_bystander_is_explained_only_through_the_merged_items_nodes_or_a_listed_event() -> None:
    before = {"a": facts(("item:a", "concept:x", "addresses")),
              "b": facts(("item:b", "concept:y", "addresses")),
              "c": facts(("item:c", "concept:z", "addresses"))}
    after = {"a": facts(("item:a", "concept:x", "addresses"), ("item:a", "concept:new", "addresses")),  # via new
             "b": facts(),  # lost y: nothing the merged item touches
             "c": facts(),  # lost z: listed by an event
             "n": facts(("item:n", "concept:new", "addresses"))}
    events = vocabulary_events({"q"}, {"q", "z"}, before, after)
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.HUB_ENTERED, "z", ("c",))]
    found = explain(before, after, {"n"}, events)
    assert found.changed == ("a", "b", "c")
    assert found.explained == ("a", "c")
    assert found.unexplained == {"b": ("relation item:b concept:y addresses",)}


def test_a_claim_that_cites_a_retired_claim_leaves_with_it_and_only_what_it_carried() -> None:
    """Deleting item d retires d's claim; b's finding that cited it was a claim only for that
    link (beyond the cap): the claim, its observations and relations and a concept node b held
    only through it leave with it.  b's other changes are still unexplained."""
    cited = "claim:b:cites-d"
    before = {"d": facts(("item:d", "claim:d:x", "states")),
              "b": Facts((("item:b", "research_item"), (cited, "claim"), ("concept:only-here", "concept")),
                         ((cited, "confidence:high"), ("item:b", "title: B")),
                         tuple(Relation(*r) for r in (("item:b", cited, "states"), (cited, "claim:d:x", "supports"),
                                                      (cited, "concept:only-here", "about"),
                                                      ("item:b", "concept:kept", "addresses"))))}
    after = {"b": Facts((("item:b", "research_item"),), (("item:b", "title: B"),), ())}
    found = explain(before, after, {"d"}, ())
    assert found.unexplained == {"b": ("relation item:b concept:kept addresses",)}


def test_a_theme_becoming_a_node_lists_the_items_that_carry_it() -> None:
    """With no vocabulary of ideas, a theme one item writes is no node; the item that brings its second
    writer makes it one: the first writer links it and its first claim drops the slug's tag, which stood in
    for the node.  A ``theme entered`` event lists the items carrying it (a tag of it, or its node)."""
    tagged = Facts((("claim:a:x", "claim"),), (("claim:a:x", "tag:regulatory-compliance"),
                                              ("item:a", "tag:regulatory_compliance")), ())
    linked = Facts((("concept:regulatory-compliance", "concept"),), (("item:a", "tag:regulatory_compliance"),),
                   (Relation("item:a", "concept:regulatory-compliance", "addresses"),))
    other = facts(("item:c", "concept:z", "addresses"))
    before = {"a": tagged, "c": other}
    after = {"a": linked, "c": other, "n": facts(("item:n", "concept:regulatory-compliance", "addresses"))}
    assert explain(before, after, {"n"}, vocabulary_events(set(), set(), before, after)).unexplained != {}
    events = vocabulary_events(set(), set(), before, after, themes_after={"regulatory-compliance"})
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.THEME_ENTERED, "regulatory-compliance",
                                                                ("a", "n"))]
    assert explain(before, after, {"n"}, events).unexplained == {}
    left = vocabulary_events(set(), set(), after, before, themes_before={"regulatory-compliance"})
    assert [(e.kind, e.items) for e in left] == [(EventKind.THEME_LEFT, ("a", "n"))]


def test_a_prefixed_compound_topic_lists_the_items_holding_its_node() -> None:
    """A prefixed compound's topic key keeps its hyphen ("zero-shot"): the item a delete makes link
    its new node is listed by the ``topic entered`` event, and so explained."""
    before = {"a": facts(), "c": facts(("item:c", "concept:z", "addresses"))}
    after = {"a": facts(("item:a", "concept:zero-shot", "addresses"), entities=(("concept:zero-shot", "concept"),)),
             "c": facts(("item:c", "concept:z", "addresses"))}
    events = vocabulary_events(set(), set(), before, after, topics_after={"zero-shot"})
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.TOPIC_ENTERED, "zero-shot", ("a",))]
    assert explain(before, after, {"c"}, events).unexplained == {}


def test_a_new_merge_lists_the_items_of_both_terms() -> None:
    before = {"a": facts(("item:a", "concept:system-debt", "addresses")), "b": facts()}
    after = {"a": facts(("item:a", "concept:debt", "addresses")), "b": facts(), "n": facts(("item:n", "concept:debt", "addresses"))}
    events = vocabulary_events(set(), set(), before, after, (), (("system-debt", "debt"),))
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.MERGED, "system-debt -> debt", ("a", "n"))]


def test_a_new_merge_does_not_list_an_item_that_held_the_older_term_alike_before_and_after() -> None:
    """qa164: as the acronym events, a merge event listed every item that holds either term, those
    that linked the older one before the merge and still do too (nothing of theirs moved)."""
    old = facts(("item:o", "concept:debt", "addresses"))
    before = {"a": facts(("item:a", "concept:system-debt", "addresses")), "o": old}
    after = {"a": facts(("item:a", "concept:debt", "addresses")), "o": old,
             "n": facts(("item:n", "concept:debt", "addresses"))}
    events = vocabulary_events(set(), set(), before, after, (), (("system-debt", "debt"),))
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.MERGED, "system-debt -> debt", ("a", "n"))]


def test_an_acronym_losing_its_only_definer_lists_the_items_holding_it() -> None:
    # Item s writes "DIA" without defining it; the only definer is deleted: s's choice moves
    # (concept:dia -> concept:ai-investment), explained by the event, and so is the item whose
    # link to the new node that move made (a node reaching mining.min_links linkers).
    before = {"s": facts(("item:s", "concept:dia", "addresses")), "d": facts(("item:d", "concept:dia", "addresses")),
              "e": facts(("item:e", "concept:media", "addresses"))}
    after = {"s": facts(("item:s", "concept:ai-investment", "addresses")),
             "e": facts(("item:e", "concept:media", "addresses"), ("item:e", "concept:ai-investment", "addresses"))}
    events = vocabulary_events(set(), set(), before, after,
                               acronyms_before=(("dia", "department internal affair", ("s",)),))
    assert [(e.kind, e.subject, e.items) for e in events] == [
        (EventKind.ACRONYM_UNDEFINED, "dia = department internal affair", ("d", "s"))]  # not "media"
    assert explain(before, after, {"d"}, events).unexplained == {}
    assert explain(before, after, {"d"}, ()).unexplained != {}


def test_an_acronym_event_does_not_list_an_item_whose_facts_did_not_change() -> None:
    """qa164: "acronym defined: lm = language model" listed 44 items of a 3-item merge onto the research
    corpus, every one holding a node with the words (``concept:large-language-model``) or writing "LM", none
    whose facts moved: the PR filed the 25 of them that a shared node's alias reached under the event.
    As for hubs, topics and themes (qa121, qa151), an item alike before and after was not moved by it."""
    same = facts(("item:h", "concept:large-language-model", "addresses"))
    user = facts(("item:u", "concept:agent", "addresses"))
    before = {"h": same, "u": user, "m": facts(("item:m", "concept:lm", "addresses"))}
    after = {"h": same, "u": user, "m": facts(("item:m", "concept:language-model", "addresses")),
             "n": facts(("item:n", "concept:language-model", "addresses"))}
    events = vocabulary_events(set(), set(), before, after,
                               acronyms_after=(("lm", "language model", ("m", "u")),))
    assert [(e.kind, e.subject, e.items) for e in events] == [
        (EventKind.ACRONYM_DEFINED, "lm = language model", ("m", "n"))]
    assert explain(before, after, {"n"}, events).unexplained == {}


def test_a_hub_event_does_not_list_an_item_whose_facts_did_not_change() -> None:
    """An item that names the hub alike before and after was not moved by it (qa121: "hub left"
    listed items "moved by this event too" whose links had not changed)."""
    same = facts(("item:a", "concept:bm25", "addresses"), entities=(("concept:bm25", "concept"),))
    before = {"a": same, "b": facts(("item:b", "concept:fusion", "addresses"))}
    after = {"a": same, "b": facts(("item:b", "concept:bm25", "addresses"))}
    events = vocabulary_events({"bm25"}, set(), before, after)
    assert [(e.kind, e.subject, e.items) for e in events] == [(EventKind.HUB_LEFT, "bm25", ("b",))]


def test_a_delete_on_a_new_small_repository_names_under_each_hub_event_only_the_items_it_moved(tmp_path: Path) -> None:
    """Three items write "reciprocal rank fusion" and "BM25" (hubs on so small a corpus); deleting
    one makes them no hubs.  The two items left (and the deleted one) now link ``concept:reciprocal-rank-fusion``: that
    event lists them.  Neither item's facts name a "bm25" node or text that changed, so ``hub
    left: bm25`` lists none of them (qa121 saw it list both, beside "concept:... removed: none
    links it within its caps")."""
    folder = rank_fusion_repo(tmp_path)
    cfg = config_module.load(tmp_path).with_overrides(cache_dir="")
    first = build(cfg)
    (folder / "2026-01-03-fusion-costs.md").unlink()
    second = build(cfg)
    old, new = first.vocabulary, second.vocabulary
    assert {"bm25", "reciprocal rank fusion"} <= old.hub_keys - new.hub_keys
    events = vocabulary_events(old.hub_keys, new.hub_keys, first.manifest.by_item, second.manifest.by_item)
    gone = "2026-01-03-fusion-costs"  # the deleted item: every fact of it changed (shown under Removed items)
    listed = {e.subject: tuple(slug for slug in e.items if slug != gone) for e in events if e.kind is EventKind.HUB_LEFT}
    remaining = ("2026-01-01-hybrid-ranking-beat-bm25", "2026-01-02-embeddings-beat-either-alone")
    assert listed["reciprocal rank fusion"] == remaining
    assert listed["bm25"] == ()
    for slug in remaining:  # every listed item is one whose facts the deletion changed
        assert first.manifest.by_item[slug] != second.manifest.by_item[slug]


_BASE: dict[int, tuple[Path, dict[str, Facts], object]] = {}


def _base(seed: int) -> tuple[Path, dict[str, Facts], object]:
    """A generated 40-item repo built once per seed (its graph and manifest are the 'committed' ones)."""
    if seed not in _BASE:
        root = Path(tempfile.mkdtemp(prefix="kgsync-locality-"))
        _cross_reference(gen_corpus.generate(root / "Research" / "completed", 41, seed=seed), seed)
        cfg = config_module.load(root).with_overrides(cache_dir="")
        result = build(cfg)
        _BASE[seed] = (root, dict(result.manifest.by_item), result.vocabulary)
    return _BASE[seed]


def _cross_reference(paths: list[Path], seed: int) -> None:
    """Make the generated items refer to earlier ones as the real corpus does: text links (a
    dated slug, a path, an undated slug suffix; often equally many, so the slug's date breaks the
    tie) and a finding beyond the claim cap that cites another item's Key Finding by number (an
    evidence link: both findings become claims)."""
    rng = random.Random(seed)
    paths = sorted(paths)
    for index, path in enumerate(paths[1:], 1):
        text = path.read_text(encoding="utf-8")
        links = []
        for earlier in rng.sample(paths[:index], min(index, 2)):
            slug, suffix = earlier.stem, earlier.stem[11:]
            forms = (f"`{slug}`", f"`Research/completed/{slug}.md`", f"`{suffix}`")
            links += [rng.choice(forms) for _ in range(rng.randint(1, 2))]
        text = text.replace("## Approach", f"Earlier work: {', '.join(links)}.\n\n## Approach", 1)
        cited = paths[rng.randrange(index)].stem
        finding = (f"9. Building on Key Finding {rng.randint(1, 3)} of `{cited}.md`, the pipeline evidence "
                   "holds here too. (high confidence)\n")
        text = text.replace("\n### Evidence Map", f"{finding}\n### Evidence Map", 1)
        path.write_text(text, encoding="utf-8")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from([3, 5]), pick=st.integers(0, 40), add=st.booleans())
def test_adding_or_deleting_one_item_leaves_no_unexplained_bystander(seed: int, pick: int, add: bool) -> None:
    """The locality rule on generated corpora: one item is taken out of (or put back into) the
    committed build; every other item whose facts changed is explained by a node that item
    holds or by a vocabulary event that lists it."""
    root, base_facts, base_vocab = _base(seed)
    work = Path(tempfile.mkdtemp(prefix="kgsync-locality-case-"))
    try:
        shutil.copytree(root, work, dirs_exist_ok=True)
        files = sorted((work / "Research" / "completed").glob("*.md"))
        victim = files[pick % len(files)]
        cfg = config_module.load(work).with_overrides(cache_dir="")
        if add:  # the committed build lacks the item: build without it first, then add it
            text = victim.read_bytes()
            victim.unlink()
            start = build(cfg)
            victim.write_bytes(text)
        else:
            start = None
        before = dict(start.manifest.by_item) if start else base_facts
        vocab_before = start.vocabulary if start else base_vocab
        if not add:
            victim.unlink()
        result = build(cfg)
        assert manifest_path(cfg.path(cfg.graph)).exists()
        events = vocabulary_events(vocab_before.hub_keys, result.vocabulary.hub_keys, before, result.manifest.by_item,
                                   vocab_before.merges, result.vocabulary.merges,
                                   vocab_before.acronyms, result.vocabulary.acronyms,
                                   vocab_before.topics, result.vocabulary.topics)
        found = explain(before, result.manifest.by_item, {victim.stem}, events)
        assert found.unexplained == {}, (victim.stem, events)
    finally:
        shutil.rmtree(work, ignore_errors=True)
