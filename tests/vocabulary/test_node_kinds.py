"""A node's type beyond its head word, apart from the slot an item's caps count it under."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import wordnet
from kgsync.extract.mining import ItemCandidates, candidates
from kgsync.read.config import Mining, VocabularyOptions
from kgsync.vocabulary.node_kinds import (
    ItemFrames,
    ItemRoles,
    coordinated_theories,
    flat,
    frame_run,
    is_brand_led,
    is_cast_as_written,
    item_frames,
    item_roles,
    names_a_theory,
    node_kind,
    task_kind,
    theory_kind,
)
from kgsync.vocabulary.terms import TermKind, classify
from kgsync.vocabulary.vocab import select
from tests.item_corpus import make_item

NO_HUBS = VocabularyOptions(mining=Mining(min_items=1, max_item_share=1.0))  # no term is on more than every item: no hub

CONCEPT, METHOD = TermKind.CONCEPT, TermKind.METHOD


def test_x_as_something_written_is_a_way_of_handling_x() -> None:
    """"Policy as code" casts policy in a written form (WordNet: code's first sense is
    noun.communication), as "LLM as judge" casts a model in a role; "software as a service" is
    no casting (a service is an act) and keeps its head's kind."""
    assert classify("policy as code") is CONCEPT  # the head word alone: "policy"
    assert is_cast_as_written("policy as code") and is_cast_as_written("infrastructure as code")
    assert node_kind("policy as code", "policy as code", CONCEPT) is METHOD
    assert not is_cast_as_written("software as service")
    assert node_kind("software as service", "software as a service", CONCEPT) is CONCEPT
    assert not is_cast_as_written("governance as accelerator thesis")  # a thesis: "as" is not before the last word
    assert not is_cast_as_written("treated as separate")  # "separate": an adjective as often as a noun


def test_a_method_phrase_opened_by_a_brand_names_a_product() -> None:
    """"GitHub code search": the first word is spelled as a trade name (a capital after a small
    letter inside one word), so the phrase names that organisation's product, a concept."""
    assert classify("github code search") is METHOD  # the head word alone: "search"
    assert is_brand_led("GitHub code search") and is_brand_led("LanceDB vector search")
    assert not is_brand_led("ServiceNow analysis")  # a brand and one activity noun: an activity on it
    assert node_kind("github code search", "GitHub code search", METHOD) is CONCEPT
    assert node_kind("semantic search", "semantic search", METHOD) is METHOD
    assert not is_brand_led("Semantic Search")  # capitals at word starts are a title's, no brand
    assert not is_brand_led("GitHub")  # a brand alone is a concept by its head already
    assert node_kind("github", "GitHub", CONCEPT) is CONCEPT


def test_a_retyped_term_keeps_the_slot_its_head_gave_it() -> None:
    """The item's caps count "GitHub code search" as a method (its head's kind): ``ItemTerms``
    lists it there, the term records that slot, and its node is a concept."""
    items = [make_item(f"2026-01-0{n}-search-{n}", "GitHub code search for agent memory",
                       "How well does GitHub code search find earlier research?",
                       "GitHub code search finds earlier research items by keyword.",
                       ("GitHub code search misses synonyms.",)) for n in range(1, 4)]
    vocabulary = select([candidates(item) for item in items], NO_HUBS)
    term = vocabulary.terms["github-code-search"]
    assert term.kind is CONCEPT and term.slot is METHOD
    for uses in vocabulary.per_item.values():
        assert "github-code-search" in {use.name for use in uses.methods}
        assert "github-code-search" not in {use.name for use in uses.concepts}


def _three_items(slug: str, texts: tuple[str, str, str, str], findings: str) -> list[ItemCandidates]:
    """Three items of one title, question and summary (``texts``' first three); the first's finding is
    ``findings``, the others' ``texts``' last."""
    title, question, summary, other = texts
    return [candidates(make_item(f"2026-01-0{n}-{slug}-{n}", title, question, summary,
                                 (findings if n == 1 else other,))) for n in range(1, 4)]


def _processing_items(findings: str) -> list[ItemCandidates]:
    return _three_items("pp", ("Predictive processing for research agents", "What does predictive processing predict?",
                               "Predictive processing explains perception as prediction.",
                               "Predictive processing minimises prediction error."), findings)


def test_a_method_an_item_names_as_a_theory_is_a_concept() -> None:
    """"The predictive processing framework": a framework's first WordNet sense is a hypothesis
    (a cognition), so the item names a theory; no item writes it before a way of doing."""
    assert wordnet.is_theory("framework") and wordnet.is_theory("theory") and not wordnet.is_theory("technique")
    items = _processing_items("The predictive processing framework unifies perception and action.")
    assert classify("predictive processing") is METHOD  # the head word alone: "processing"
    assert "predictive processing" in item_frames(items[0].dense).theory
    vocabulary = select(items, NO_HUBS)
    term = vocabulary.terms["predictive-processing"]
    assert term.kind is CONCEPT and term.slot is METHOD


def test_a_way_of_doing_written_anywhere_keeps_the_method() -> None:
    """Conservative: one item's "predictive processing technique" keeps the method, whatever
    another item's "the predictive processing framework" says; "frameworks" without "the" are
    frameworks for it, not it."""
    items = _processing_items("The predictive processing framework unifies perception and action.")
    technique = candidates(make_item("2026-01-09-pp-technique", "Predictive processing for research agents",
                                     "Is predictive processing a technique?",
                                     "A predictive processing technique ranks research agents' memories."))
    assert "predictive processing" in item_frames(technique.dense).way
    vocabulary = select([*items, technique], NO_HUBS)
    assert vocabulary.terms["predictive-processing"].kind is METHOD
    plural = _processing_items("Predictive processing frameworks unify perception and action.")
    assert "predictive processing" not in item_frames(plural[0].dense).theory
    assert select(plural, NO_HUBS).terms[
        "predictive-processing"].kind is METHOD


def test_frames_are_word_runs_before_a_frame_noun() -> None:
    frames = item_frames("The Predictive-Processing (PP) framework is no PP technique.")
    assert frames.theory == {"predictive processing"}  # the run "the" opens; the aside "(PP)" skipped
    assert "pp" in frames.way and "no pp" in frames.way
    assert item_frames("") == ItemFrames(frozenset(), frozenset())


def test_a_theory_frame_is_read_within_the_punctuation_the_frames_drop() -> None:
    # ``flat`` keeps punctuation, ``frame_run`` (and ``item_frames``) drop it: "the x y" that a full stop
    # parts from "theory" is no frame, though the words alone would read as one.
    assert flat("The X-Y  Theory.") == "the x y theory." and frame_run("The X-Y  Theory.") == "the x y theory"
    assert not names_a_theory(flat("We chose the x y. Theory came later."), {"x y"})
    assert names_a_theory(frame_run("We chose the x y. Theory came later."), {"x y"})


def test_theory_kind_retypes_only_methods() -> None:
    dense = {"a": flat("The x-y theory holds."), "b": "nothing here.", "c": "an x y technique."}
    assert names_a_theory(dense["a"], {"x y"}) and not names_a_theory(flat("Then x y theory."), {"x y"})
    assert theory_kind(METHOD, ["x-y"], ["a", "b"], dense.__getitem__) is CONCEPT
    assert theory_kind(CONCEPT, ["x y"], ["a"], dense.__getitem__) is CONCEPT
    assert theory_kind(METHOD, ["y"], ["a"], dense.__getitem__) is METHOD  # "the y" is not written
    assert theory_kind(METHOD, ["X Y"], ["a", "b", "c"], dense.__getitem__) is METHOD  # a way of doing vetoes


def test_a_coordination_shares_its_theory_noun() -> None:
    """"The predictive processing (PP) / predictive coding (PC) framework" names both a theory: the frame
    noun is shared by the conjuncts after "the"; a conjunct is the whole run between "the", the coordinator
    and the noun."""
    text = flat("What does the Predictive Processing (PP) / Predictive Coding (PC) framework say?")
    assert coordinated_theories(text) == {"predictive processing", "predictive coding"}
    assert coordinated_theories(flat("the x y and z theory holds")) == {"x y", "z"}
    assert coordinated_theories(flat("the x/y model")) == {"x", "y"}
    assert not coordinated_theories(flat("x y and z theory"))  # no "the": frameworks for them, not them
    assert not coordinated_theories(flat("the x y, and z theory"))  # punctuation ends a conjunct
    assert not coordinated_theories(flat("the x and z technique"))  # a way of doing, no theory
    assert "predictive coding" in item_frames("The PP / predictive coding framework.").theory
    dense = {"a": text, "b": flat("A predictive coding network was trained."), "c": flat("Predictive coding methods.")}
    assert theory_kind(METHOD, ["predictive coding"], ["a", "b"], dense.__getitem__) is CONCEPT
    assert theory_kind(METHOD, ["predictive coding"], ["a", "c"], dense.__getitem__) is METHOD  # a way of doing vetoes


def test_a_method_named_in_a_coordinated_theory_is_a_concept() -> None:
    """Through ``select``: the items' dense zones write the method only beside another name before "framework"."""
    items = _three_items("pc", ("Predictive coding for research agents", "Is predictive coding sound?",
                                "Predictive coding minimises prediction error.",
                                "Predictive coding explains perception."),
                         "The predictive processing / predictive coding framework explains perception.")
    assert classify("predictive coding") is METHOD  # the head word alone: "coding"
    term = select(items, NO_HUBS).terms["predictive-coding"]
    assert term.kind is CONCEPT and term.slot is METHOD


def _generation_items(findings: str) -> list[ItemCandidates]:
    return _three_items("cg", ("Code generation for research agents", "How good is code generation?",
                               "Code generation writes programs from specifications.",
                               "Code generation saves research agents time."), findings)


def test_a_method_an_item_writes_as_a_task_is_a_concept() -> None:
    """"Code generation benchmarks": a task one evaluates on, no way of doing; the item caps still
    count the term under its head's kind (the slot)."""
    items = _generation_items("Models gain 13 points on code generation benchmarks.")
    assert classify("code generation") is METHOD  # the head word alone: "generation"
    assert "code generation" in item_roles(items[0].dense).task
    term = select(items, NO_HUBS).terms["code-generation"]
    assert term.kind is CONCEPT and term.slot is METHOD


def test_a_way_of_doing_role_written_anywhere_keeps_the_method() -> None:
    """Conservative: one item's "using code generation" keeps the method, whatever another's "code
    generation tasks" says."""
    items = _generation_items("Models gain 13 points on code generation tasks.")
    using = candidates(make_item("2026-01-09-cg-using", "Code generation for research agents",
                                 "Do teams write tests using code generation?",
                                 "Teams write research agents' tests using code generation."))
    assert "code generation" in item_roles(using.dense).way
    assert select([*items, using], NO_HUBS).terms["code-generation"].kind is METHOD


def test_roles_are_runs_that_end_their_phrase() -> None:
    roles = item_roles("Accuracy on question answering (QA), using the X-Y method. Apply Z tasks")
    assert roles.task == {"question answering", "z", "apply z"}  # "on X": the runs that end a phrase; "X tasks": all
    assert "x y method" in roles.way and "x y" not in roles.way  # "x y" is no phrase's head: "method" follows
    assert "z" not in roles.way  # "z tasks": "tasks" follows, no function word
    assert item_roles("") == ItemRoles(frozenset(), frozenset())
    assert item_roles("source: https://github.com/x/X-Y-Benchmark") == ItemRoles(frozenset(), frozenset())  # no prose


def test_task_kind_retypes_only_methods() -> None:
    dense = {"a": "Scores on x-y tasks.", "b": "nothing here.", "c": "We do it via X-Y."}
    assert task_kind(METHOD, ["x-y"], ["a", "b"], dense.__getitem__) is CONCEPT
    assert task_kind(CONCEPT, ["x y"], ["a"], dense.__getitem__) is CONCEPT
    assert task_kind(METHOD, ["z"], ["a"], dense.__getitem__) is METHOD  # "z tasks" is not written
    assert task_kind(METHOD, ["X Y"], ["a", "b", "c"], dense.__getitem__) is METHOD  # a way of doing's role vetoes


def _coordinated_theories_oracle(text: str) -> frozenset[str]:
    """``coordinated_theories`` as first written: every position of every theory noun, read left to right."""
    from kgsync.vocabulary.node_kinds import _BARE, _COORDINATORS, _conjunct, _frame_kind, _past_aside

    pieces = text.replace("/", " / ").split()
    nouns = {piece for piece in set(pieces) if (noun := _BARE.match(piece)) and _frame_kind(noun.group())[0]}
    out: set[str] = set()
    for at in (at for at, piece in enumerate(pieces) if piece in nouns and at >= 4):
        second, end = _conjunct(pieces, _past_aside(pieces, at - 1), _COORDINATORS)
        if not second or end < 0 or pieces[end] not in _COORDINATORS:
            continue
        first, end = _conjunct(pieces, _past_aside(pieces, end - 1), frozenset({"the"}))
        if first and end >= 0 and pieces[end] == "the":
            out.update((" ".join(first), " ".join(second)))
    return frozenset(out)


#: Pieces of a text around the frame, and the frame itself ("the A / B N"), so that it falls at the start, the end
#: and the middle of a text, repeated, with asides and coordinators in and around it.
_PIECES = ("the", "and", "or", "/", "framework", "theory", "of", ",", ".", "(pp)", "x", "y")
_FRAMES = st.builds(
    lambda first, joint, second, noun: f"the {first} {joint} {second} {noun}",
    st.sampled_from(("x", "x y", "predictive processing (pp)", "(pp)")),
    st.sampled_from(("/", "and", "or", ",")),
    st.sampled_from(("y", "z (pc)", "predictive coding", "the")),
    st.sampled_from(("framework", "theory", "model", "technique")),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_FRAMES, st.sampled_from(_PIECES)), max_size=8))
def test_coordinated_theories_finds_what_reading_every_position_finds(parts: list[str]) -> None:
    """The set-algebra reading (each piece classified once a process, each noun found by ``list.index``) names
    what reading every position of the text names, noun repeated, asides and coordinators anywhere."""
    text = " ".join(parts)
    assert coordinated_theories(text) == _coordinated_theories_oracle(text)
