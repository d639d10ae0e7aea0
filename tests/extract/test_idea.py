"""``kgsync.extract.idea``: whether a candidate names an idea."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import idea, mining
from kgsync.extract.canonical import term_key


def _names_an_idea_test_by_test(key: str, surfaces: tuple[tuple[str, int], ...], flags: int,
                                protocols: frozenset[str]) -> bool:
    """``idea.names_an_idea`` as written before its tests were asked only of the keys they can hold
    for: the oracle of the guarded form."""
    kws = key.split(" ")
    if all(len(w) < 2 or w.isdigit() for w in kws):
        return False  # notation ("N-1", "k 8"): no word of a name in it
    written = [surface for surface, _count in surfaces]
    if idea.is_plumbing(key, written, protocols):
        return False  # before the acronym test: the item may well define it ("JSON (JavaScript ...)")
    if (idea.is_everyday_word(key) or idea.wordnet.is_place(key)
            or idea.is_participle_compound(key, written)):
        return False
    if flags & idea.ACRONYM:
        return True
    if idea.is_bookkeeping(key) or idea.is_vague_method(key, flags):
        return False
    if len(kws) > 1 and not flags & idea.DEFINED and idea.attributive.described_party(kws, written):
        return False  # "regulated enterprise": a participle before an organisation (generic8's rule)
    modifiers, head = kws[:-1], kws[-1]
    if modifiers and head in idea.lexicon.GENERIC:
        if not flags & idea.DEFINED and all(
                m in idea.lexicon.NOT_FIRST or idea.lexicon.looks_adjective(m) and not idea.wordnet.is_relational(m)
                or idea.lexicon.is_superlative(m) or idea._participle(m) or idea.wordnet.is_qualifier(m) for m in modifiers):
            return False
        if (all(m in idea.lexicon.GENERIC or idea._participle(m) for m in modifiers) and not flags & idea.DEFINED
                and (len(kws) == 2 and not flags & idea.UNIT or any(map(idea._participle, modifiers)))):
            return False  # "use case", "completed research item"; "policy decision point" names a thing
        if not flags & idea.DEFINED and all(idea._written_as_acronym(m, written) for m in modifiers):
            return False
        if len(kws) == 2 and head not in idea.lexicon.METHOD_HEADS and not flags & (idea.DEFINED | idea.EMPHASISED | idea.UNIT) and not (
                idea.lexicon.looks_adjective(modifiers[0]) or idea.wordnet.is_modifier(modifiers[0])
                or any(map(idea._has_inner_capital, written))):
            return False  # a noun describing a vague noun, never written as one unit: "governance model"
    if len(kws) == 1:
        last_parts = {w.split()[-1].split("-")[-1].lower() for w in written}
        if any("-" in w for w in written) and all(idea.lexicon.looks_adjective(p) for p in last_parts):
            return False
        if all(w.lower().startswith("non-") for w in written):  # a negation qualifies, never names
            return False
        if head in idea.lexicon.METHOD_HEADS and not any(idea.is_acronym(w) for w in written):
            return False
    elif head in idea.lexicon.METHOD_HEADS and all(idea._capitalised(w) for w in written):
        return False
    return True



_IDEA_WORDS = ["research", "backlog", "item", "corpus", "repository", "executive", "summary", "audit", "review",
               "technique", "method", "model", "governance", "use", "case", "json", "http", "new", "zealand", "user",
               "interface", "tool-using", "data-driven", "completed", "ai", "n", "1", "k", "8", "non-binding",
               "pre-existing", "synthesis", "code", "harvard", "business", "access", "control", "cross-item",
               "integration", "learning", "source", "github", "action", "financial", "operational", "service", "risk",
               "real", "problem"]


@st.composite
def _idea_calls(draw: st.DrawFn) -> tuple[str, tuple[tuple[str, int], ...], int, frozenset[str]]:

    words = draw(st.lists(st.sampled_from(_IDEA_WORDS), min_size=1, max_size=4))
    styles = draw(st.lists(st.sampled_from([str.lower, str.upper, str.title, lambda w: w]), min_size=1, max_size=3))
    joins = draw(st.lists(st.sampled_from([" ", "-"]), min_size=1, max_size=3))
    surfaces = tuple(sorted({(join.join(style(w) for w in words), 1) for style, join in zip(styles, joins)}))
    key = draw(st.one_of(st.just(term_key(" ".join(words))), st.just(" ".join(words))))
    return key, surfaces, draw(st.integers(0, 255)), draw(st.sets(st.sampled_from(["http", "https", "json"])).map(frozenset))


@given(_idea_calls())
@settings(max_examples=1000, deadline=None)
def test_names_an_idea_asks_each_test_only_where_it_can_hold(call: tuple[str, tuple[tuple[str, int], ...], int,
                                                                         frozenset[str]]) -> None:
    assert idea.names_an_idea(*call) == _names_an_idea_test_by_test(*call)


@given(_idea_calls(), st.integers(0, 1023))
@settings(max_examples=1000, deadline=None)
def test_names_an_idea_reads_no_flag_but_the_idea_flags(call: tuple[str, tuple[tuple[str, int], ...], int, frozenset[str]],
                                                        other: int) -> None:
    # ``candidates`` asks ``names_an_idea`` (remembered) with ``_IDEA_FLAGS`` alone: the other flags (where the
    # item writes the term: its title, its dense zones, a finding's subject) leave its answer as it is.
    key, surfaces, flags, protocols = call
    assert idea.names_an_idea(key, surfaces, flags | other, protocols) == \
        idea.names_an_idea(key, surfaces, (flags | other) & mining._IDEA_FLAGS, protocols)


def test_a_relational_adjective_before_a_vague_head_names_a_kind() -> None:
    # "financial services", "operational risk": a relational adjective (WordNet's pertainym: finance,
    # operations) says which field, as a noun would; a descriptive one says how ("real problem")
    assert idea.names_an_idea("financial service", (("financial services", 3),), 0)
    assert idea.names_an_idea("operational risk", (("operational risk", 3),), 0)
    assert not idea.names_an_idea("real problem", (("real problem", 3),), 0)
    assert not idea.names_an_idea("prior research", (("prior research", 3),), 0)
    # a kind is a topic phrase when the corpus shares it, no item's own term (``mining`` drops it), unless defined
    assert idea.names_a_kind("operational risk", 0) and idea.names_a_kind("genuine structural limit", 0)
    assert not idea.names_a_kind("financial service", idea.DEFINED)  # "Financial Services (FS)"
    assert not idea.names_a_kind("real problem", 0)  # no relational word: discourse, not mined at all
    assert not idea.names_a_kind("technical debt", 0)  # "debt" is no vague head: a term like any
    assert not idea.names_a_kind("operational risk management", 0)  # "risk" is a noun: the item's term


def test_a_defined_long_form_with_a_vague_head_names_an_idea() -> None:
    # "Continuous Integration (CI)": descriptive words before a vague head are discourse ("continuous
    # improvement" in passing), but an item that defines the phrase as an acronym's long form names one idea
    surfaces = (("continuous integration", 3),)
    assert not idea.names_an_idea("continuous integration", surfaces, 0)
    assert idea.names_an_idea("continuous integration", surfaces, idea.DEFINED)
    assert not idea.names_an_idea("key challenge", (("key challenge", 2),), 0)


def test_a_pair_a_hyphen_joins_after_a_word_that_opens_no_term_is_a_topic_phrase_only() -> None:
    # "least-privilege": mined only where the item joins it (``phrases``), a topic when the corpus shares it
    assert idea.names_a_joined_pair("least privilege", 0) and idea.names_a_joined_pair("hard stop", 0)
    assert not idea.names_a_joined_pair("total cost of ownership", idea.DEFINED)  # "Total Cost of Ownership (TCO)"
    assert not idea.names_a_joined_pair("technical debt", 0)


def test_two_vague_nouns_written_as_one_unit_are_a_topic_phrase_only() -> None:
    # "access-control policies": two vague nouns written apart say nothing ("use case"); joined, the item made
    # them a unit, and the corpus decides whether it shares it (a topic phrase, no item's own term: ``mining``)
    surfaces = (("access control", 4), ("access-control", 1))
    assert not idea.names_an_idea("access control", surfaces, 0)
    assert not idea.names_a_joined_pair("access control", 0)
    assert idea.names_an_idea("access control", surfaces, idea.UNIT)
    assert idea.names_a_joined_pair("access control", idea.UNIT)
    assert not idea.names_a_joined_pair("access control", idea.UNIT | idea.DEFINED)  # defined: the item's own term
    assert not idea.names_a_joined_pair("technical debt", idea.UNIT)  # "debt" is no vague noun: a term like any
    assert not idea.names_a_joined_pair("access control policy", idea.UNIT)  # a head names a thing
