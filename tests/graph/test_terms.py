"""kgsync.graph.terms: the per-name tables a loop over every item reads, against the lookups they spare."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pathlib import Path
from types import SimpleNamespace

from kgsync.graph.facts_builder import FactsBuilder
from kgsync.graph.terms import (_pinned, concept_nodes, item_terms, mined_names_of_themes, node_kind, own_theme_nodes,
                                pinned_names, retyped_kinds, spaced_name_alias, term_choice)
from kgsync.read.config import Caps
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab import ItemTerms, Term, TermKind, TermUse, Vocabulary
from kgsync.contract import jsonl
from tests.item_corpus import item_markdown, pinned_theme_repo

_NAMES = ["a", "b", "c", "d", "e", "f"]
_KINDS = st.sampled_from([TermKind.CONCEPT, TermKind.METHOD])


@st.composite
def _vocabularies(draw: st.DrawFn) -> Vocabulary:
    names = draw(st.lists(st.sampled_from(_NAMES), unique=True))
    terms = {name: Term(name, draw(_KINDS), name, (), (), draw(st.booleans()), draw(st.one_of(st.none(), _KINDS)))
             for name in names}
    subjects = frozenset(draw(st.lists(st.sampled_from(names), unique=True))) if names else frozenset()
    return Vocabulary(terms, {}, subjects=subjects)


def _uses(names: list[str]) -> tuple[TermUse, ...]:
    return tuple(TermUse(name, ()) for name in names)


_CHOSEN = st.dictionaries(st.sampled_from(["s1", "s2", "s3"]),
                          st.tuples(st.lists(st.sampled_from(_NAMES + ["g"])),
                                    st.lists(st.sampled_from(_NAMES + ["g"]))))


@settings(max_examples=200, deadline=None)
@given(_vocabularies(), _CHOSEN, st.dictionaries(st.sampled_from(_NAMES), st.just("theme")))
def test_the_tables_agree_with_the_lookups(vocabulary: Vocabulary, chosen_names: dict[str, tuple[list[str], list[str]]],
                                           merged: dict[str, str]) -> None:
    """``pinned_names`` and ``retyped_kinds`` give what ``_pinned`` and ``node_kind`` give, for every
    name (a term's or none's) and slot; ``concept_nodes`` (which reads them) what its first form gave."""
    retyped = retyped_kinds(vocabulary)
    for name in [*_NAMES, "g"]:
        assert (name in pinned_names(vocabulary)) == _pinned(vocabulary, name)
        for slot in TermKind:
            assert retyped.get(name, slot) is node_kind(vocabulary, name, slot)
    chosen = {slug: ItemTerms(slug, _uses(concepts), _uses(methods)) for slug, (concepts, methods) in chosen_names.items()}
    # concept_nodes as first written: a term lookup per use
    subjects = [name for name in vocabulary.subjects if vocabulary.terms[name].kind is TermKind.CONCEPT]
    chosen_concepts = (use.name for uses in chosen.values()
                       for kind, listed in ((TermKind.CONCEPT, uses.concepts), (TermKind.METHOD, uses.methods))
                       for use in listed if node_kind(vocabulary, use.name, kind) is TermKind.CONCEPT)
    expected = frozenset(name for name in (*chosen_concepts, *subjects) if name not in merged)
    assert concept_nodes(chosen, merged, vocabulary) == expected
    assert retyped_kinds(None) == {}


def test_a_mined_term_whose_written_variant_is_a_themes_word_merges_into_the_theme() -> None:
    # The items write "agentic AI"; the term's name spells the acronym out, the theme's word does not.
    themes = ThemeMap(frozenset({"agentic-ai"}), words={"agentic-ai": ("agentic ai", "ai agents")})
    terms = {"agentic-artificial-intelligence": Term("agentic-artificial-intelligence", TermKind.CONCEPT,
                                                     "agentic AI", ("agentic AI", "agentic artificial intelligence"), ()),
             "agent-memory": Term("agent-memory", TermKind.CONCEPT, "agent memory", ("agent memory", "AI"), ()),
             "ai-agents": Term("ai-agents", TermKind.CONCEPT, "AI agents", (), ())}
    merged = mined_names_of_themes(Vocabulary(terms, {}), themes.canonical, themes)
    assert merged == {"agentic-artificial-intelligence": "agentic-ai", "ai-agents": "agentic-ai"}


def test_a_mined_act_on_the_vocabularys_field_merges_into_the_organisations_act() -> None:
    """"AI adoption" is the theme "enterprise-adoption" (``ThemeMap.field_acts``); a theme's own word wins."""
    themes = ThemeMap(frozenset({"agentic-ai", "enterprise-adoption"}), words={"agentic-ai": ("agentic ai",)},
                      field_acts={"ai adoption": "enterprise-adoption"})
    terms = {"ai-adoption": Term("ai-adoption", TermKind.CONCEPT, "AI adoption", ("AI adoption",), ()),
             "cloud-adoption": Term("cloud-adoption", TermKind.CONCEPT, "cloud adoption", (), ())}
    assert mined_names_of_themes(Vocabulary(terms, {}), themes.canonical, themes) == {"ai-adoption": "enterprise-adoption"}
    assert mined_names_of_themes(Vocabulary(terms, {}), frozenset({"agentic-ai"}), themes) == {}  # no such node


def test_a_mined_term_named_like_a_bucket_theme_stays_its_own_node() -> None:
    """Only a theme that is a node (``ThemeMap.nodes``: its Scope names one idea) takes a mined term of
    its name: "memory context" under the bucket ``memory-context`` stays a mined node."""
    themes = ThemeMap(frozenset({"agentic-ai", "memory-context"}),
                      words={"agentic-ai": ("agentic ai",), "memory-context": ("memory context",)},
                      ideas=frozenset({"agentic-ai"}))
    terms = {"memory-context": Term("memory-context", TermKind.CONCEPT, "memory context", ("memory context",), ()),
             "agentic-ai": Term("agentic-ai", TermKind.CONCEPT, "agentic AI", ("agentic AI",), ())}
    assert mined_names_of_themes(Vocabulary(terms, {}), themes.nodes, themes) == {"agentic-ai": "agentic-ai"}


def test_a_theme_no_vocabulary_lists_is_the_node_mining_names_for_its_idea() -> None:
    """Without a theme vocabulary a theme is no node of its own beside the mined node of its idea
    (``own_theme_nodes``): a variant of the mined term's name, or of a variant of two or more words
    ("agentic AI"), its type (a method stays one), an acronym beside a word of its expansion
    ("rag-retrieval"); else the slug as a canonical term (its head singular)."""
    terms = {
        "knowledge-graph": Term("knowledge-graph", TermKind.CONCEPT, "knowledge graph", ("knowledge graphs", "KG"), ()),
        "agentic-artificial-intelligence": Term("agentic-artificial-intelligence", TermKind.CONCEPT, "agentic AI",
                                                ("agentic AI", "agentic artificial intelligence"), ()),
        "software-engineering": Term("software-engineering", TermKind.METHOD, "software engineering",
                                     ("software engineering", "SE"), ()),
        "retrieval-augmented-generation": Term("retrieval-augmented-generation", TermKind.METHOD,
                                               "retrieval-augmented generation", ("RAG",), ()),
    }
    found = own_theme_nodes(["knowledge-graphs", "agentic-ai", "software-engineering", "rag-retrieval",
                             "tools-infrastructure"], Vocabulary(terms, {}))
    assert {slug: theme.node for slug, theme in found.items()} == {
        "knowledge-graphs": "concept:knowledge-graph",
        "agentic-ai": "concept:agentic-artificial-intelligence",
        "software-engineering": "method:software-engineering",
        "rag-retrieval": "method:retrieval-augmented-generation",
        "tools-infrastructure": "concept:tools-infrastructure",  # a modifier stays as written
    }
    assert found["agentic-ai"].spelling == "agentic AI"  # as the items write it, not a second "agentic ai"
    assert found["tools-infrastructure"].spelling == "tools infrastructure"
    # No vocabulary at all: the slug alone decides (no item's mining moves the plural's node).
    assert own_theme_nodes(["knowledge-graphs"], Vocabulary({}, {}))["knowledge-graphs"].node == "concept:knowledge-graph"


def test_a_name_written_with_hyphens_is_found_by_its_words_with_spaces() -> None:
    """The reference server's search is a substring test: "retrieval augmented generation" misses
    ``method:retrieval-augmented-generation`` and its alias "retrieval-augmented generation".  An
    alias the item writes with the name's words and hyphens is also written with spaces, as written,
    unless an alias already holds that form; the slug alone is no spelling ("new zealand")."""
    rag = "method:retrieval-augmented-generation"
    assert spaced_name_alias(rag, ("RAG", "retrieval-augmented generation")) == "retrieval augmented generation"
    assert spaced_name_alias(rag, ("retrieval-augmented generation", "Retrieval Augmented Generation systems")) is None
    assert spaced_name_alias("method:ai-assisted-coding", ("AI-assisted coding",)) == "AI assisted coding"
    assert spaced_name_alias("concept:multi-agent", ("multi-agent",)) == "multi agent"
    assert spaced_name_alias("concept:new-zealand", ("NZ",)) is None
    assert spaced_name_alias("concept:guardrail", ("guardrails",)) is None  # one word: the name holds it


def test_a_pin_that_names_a_themes_node_merges_into_it_from_either_slot() -> None:
    """A pinned term a theme stands for (``mined_names_of_themes``) is written as the theme's node whether
    the item chose it as a concept or as a method: the node carries the aliases the item writes ("RAG"),
    the item links the node though it does not carry the theme, and the pin takes none of its slots.  A
    pin of kind method (``method:retrieval-augmented-generation``, the theme's node too) was skipped: the
    node lost the alias as written, the item its link (issue 21)."""
    rag = Term("retrieval-augmented-generation", TermKind.METHOD, "retrieval-augmented generation", ("RAG",), ("s",), True)
    other = Term("hybrid-retrieval", TermKind.METHOD, "hybrid retrieval", ("hybrid retrieval",), ("s",))
    themes = ThemeMap(frozenset({"rag-retrieval"}), words={"rag-retrieval": ("retrieval-augmented-generation",)},
                      methods=frozenset({"rag-retrieval"}), names={"rag-retrieval": "retrieval-augmented-generation"})
    vocabulary = Vocabulary({rag.name: rag, other.name: other}, {})
    merged = mined_names_of_themes(vocabulary, themes.nodes, themes)
    assert merged == {rag.name: "rag-retrieval"}
    uses = ItemTerms("s", (), (TermUse(rag.name, ("RAG", "retrieval-augmented generation")),
                               TermUse(other.name, ("hybrid retrieval",))))
    builder = FactsBuilder()
    item = SimpleNamespace(slug="s")
    _concepts, methods = item_terms(builder, item, uses, Caps(methods=1), [], merged, themes.words, vocabulary,  # type: ignore[arg-type]
                                    themes.methods, theme_node=themes.node)
    node = "method:retrieval-augmented-generation"
    assert methods == [node, "method:hybrid-retrieval"]  # the theme's node, and the one slot still free
    assert {"alias:RAG", "alias:rag-retrieval"} <= {o for name, o in builder.facts().observations if name == node}
    # The choice counts the theme as linked (its node exists), whichever slot named it.
    choice, _chosen = term_choice([item], Vocabulary(vocabulary.terms, {"s": uses}), Caps(methods=1),  # type: ignore[list-item]
                                  merged, min_links=1)
    assert choice.themes == {"rag-retrieval"}


@pytest.mark.parametrize("theme_kind", [TermKind.METHOD, TermKind.CONCEPT])
def test_a_mined_method_that_names_a_themes_node_merges_into_it(theme_kind: TermKind) -> None:
    """A MINED (unpinned) term a theme stands for, chosen by the item as a method, is written as the
    theme's node as a mined concept is, whatever the theme's kind: the item links the node though it
    does not carry the theme, the node carries the variants the item writes ("SE", the item's own
    acronym), and the term takes none of the item's slots.  It was written as no node at all: not its
    own (it merged), not the theme's (only concepts and pins were read): the item lost the link
    (issue 21; labels: bench/labels/theme47_engineer_*.tsv)."""
    term = Term("software-engineering", TermKind.METHOD, "software engineering", ("SE",), ("s",))
    other = Term("code-review", TermKind.METHOD, "code review", ("code review",), ("s",))
    themes = ThemeMap(frozenset({"software-engineering"}), words={"software-engineering": ("engineering-practices",)},
                      methods=frozenset({"software-engineering"}) if theme_kind is TermKind.METHOD else frozenset())
    vocabulary = Vocabulary({term.name: term, other.name: other}, {})
    merged = mined_names_of_themes(vocabulary, themes.nodes, themes)
    assert merged == {term.name: "software-engineering"}
    uses = ItemTerms("s", (), (TermUse(term.name, ("SE", "software engineering")), TermUse(other.name, ("code review",))))
    builder = FactsBuilder()
    item = SimpleNamespace(slug="s")
    concepts, methods = item_terms(builder, item, uses, Caps(methods=1), [], merged, themes.words, vocabulary,  # type: ignore[arg-type]
                                   themes.methods)
    node = f"{theme_kind.value}:software-engineering"
    assert (concepts, methods) == (([], [node, "method:code-review"]) if theme_kind is TermKind.METHOD
                                   else ([node], ["method:code-review"]))  # the theme's node; the one slot still free
    assert "alias:SE" in {o for name, o in builder.facts().observations if name == node}
    choice, _chosen = term_choice([item], Vocabulary(vocabulary.terms, {"s": uses}), Caps(methods=1),  # type: ignore[list-item]
                                  merged, min_links=1)
    assert choice.themes == {"software-engineering"}  # its node exists: an item links it


def test_every_name_an_item_writes_for_one_theme_stays_an_alias_of_its_node(tmp_path: Path) -> None:
    """An item that writes two names a theme's node stands for (the pinned "AI agents" and the mined
    "agentic AI", both ``agentic-ai``) keeps both as the node's aliases.  Only the last name read kept
    its variants, so the reference server's substring search for the other missed the node (issue 21)."""
    item = item_markdown("Agentic AI at the bank", themes="[knowledge-graphs]",
                         summary="Agentic AI changes banks: AI agents act for clerks.",
                         findings=["Agentic AI lets AI agents approve loans.",
                                   "AI agents need audit logs in agentic AI deployments."])
    graph = jsonl.loads(pinned_theme_repo(tmp_path, item).read_text(encoding="utf-8"))
    node = graph.entity("concept:agentic-ai")
    assert node is not None
    aliases = [o for o in node.observations if o.startswith("alias:")]
    assert {"alias:AI agents", "alias:agentic AI"} <= set(aliases), aliases
    assert len(aliases) == len(set(aliases))
    assert ("item:2026-01-01-agents", "concept:agentic-ai") in {(r.source, r.target) for r in graph.relations}


def test_an_acronym_two_items_define_and_state_is_a_node_beyond_their_caps(tmp_path: Path) -> None:
    """Each item's one concept slot goes to a stronger title phrase; both define "Resource Description
    Framework (RDF)" in their summaries, so both link it beyond the cap and it is a node
    (``choice.defined_and_stated``, ``ItemTerms.defined``): the graph stage's caps keep it too."""
    from tests.item_corpus import built, item_markdown, term_nodes

    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    for slug, title in (("2026-01-01-ontology-stores", "Ontology stores for agents"),
                        ("2026-01-02-policy-graphs", "Usage policies as named graphs")):
        (folder / f"{slug}.md").write_text(item_markdown(
            title, question=f"How do {title.lower()} compare?",
            summary="Both write Resource Description Framework (RDF) triples.",
            findings=[f"{title} answer agent queries (Confidence: high)"]), encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("caps: {concepts: 1}\n", encoding="utf-8")
    assert "concept:resource-description-framework" in term_nodes(built(tmp_path))


def test_a_defined_acronym_takes_no_slot_when_the_items_nodes_are_written() -> None:
    """``item_terms`` counts the caps as the choice did: a term the item links beyond them for defining and
    stating it (``ItemTerms.defined``) takes no slot, so a second such term stays whether or not another
    item made the first a node (a slot counted here dropped APRA when GDPR became a node: bench_locality)."""
    terms = {name: Term(name, TermKind.CONCEPT, name, (), ("s",)) for name in ("low-code", "gdpr", "apra")}
    uses = ItemTerms("s", tuple(TermUse(name, (name,)) for name in terms), (), defined=("gdpr", "apra"))
    concepts, _methods = item_terms(FactsBuilder(), SimpleNamespace(slug="s"), uses, Caps(concepts=1), [], {}, {},  # type: ignore[arg-type]
                                    Vocabulary(terms, {}))
    assert concepts == ["concept:low-code", "concept:gdpr", "concept:apra"]


def test_an_act_with_the_field_links_its_theme_but_is_no_alias_of_it() -> None:
    """A mined "AI adoption" is the theme ``enterprise-adoption`` (``themes.field_acts``): the item links
    the theme's node, whose aliases hold no "ai adoption": another modifier on the theme's head, which
    readers read as a wrong alias (issue 21; labels: bench/labels/expand185_engineer_field_acts.tsv)."""
    term = Term("ai-adoption", TermKind.CONCEPT, "AI adoption", ("ai adoption",), ("s",))
    themes = ThemeMap(frozenset({"agentic-ai", "enterprise-adoption"}), field_acts={"ai adoption": "enterprise-adoption"})
    vocabulary = Vocabulary({term.name: term}, {})
    merged = mined_names_of_themes(vocabulary, themes.nodes, themes)
    assert merged == {term.name: "enterprise-adoption"}
    uses = ItemTerms("s", (TermUse(term.name, ("ai adoption",)),), ())
    for acts, listed in ((themes.field_acts, False), (None, True)):
        builder = FactsBuilder()
        concepts, _methods = item_terms(builder, SimpleNamespace(slug="s"), uses, Caps(), [], merged,  # type: ignore[arg-type]
                                        themes.words, vocabulary, field_acts=acts)
        assert concepts == ["concept:enterprise-adoption"]  # linked either way
        observed = {o for name, o in builder.facts().observations if name == "concept:enterprise-adoption"}
        assert ("alias:ai adoption" in observed) is listed


_PER_ITEM = st.dictionaries(st.sampled_from(["s1", "s2", "s3", "s4"]),
                            st.tuples(st.lists(st.sampled_from(_NAMES), unique=True, max_size=4),
                                      st.lists(st.sampled_from(_NAMES), unique=True, max_size=3)))


@settings(max_examples=300, deadline=None)
@given(_PER_ITEM, st.integers(min_value=1, max_value=3))
def test_the_choice_is_its_own_fixed_point(chosen: dict[str, tuple[list[str], list[str]]], min_links: int) -> None:
    """Issue 21, "canonical means stable": the terms a choice links (``TermChoice.linked``, the manifest's
    ``terms``) read back as the next build's ``standing`` choose the same terms again.  Counted per slot,
    a name two items link as a concept and one as a method was cut from the method's item and recorded as
    linked, so the second build held it there (a repository of the 28 items of January-February 2026)."""
    terms = {name: Term(name, TermKind.CONCEPT, name, (), tuple(sorted(chosen))) for name in _NAMES}
    per_item = {slug: ItemTerms(slug, _uses(concepts), _uses(methods)) for slug, (concepts, methods) in chosen.items()}
    vocabulary = Vocabulary(terms, per_item)
    items = [SimpleNamespace(slug=slug) for slug in sorted(chosen)]
    caps = Caps(concepts=4, methods=3)
    first, written = term_choice(items, vocabulary, caps, {}, min_links)  # type: ignore[arg-type]
    second, again = term_choice(items, vocabulary, caps, {}, min_links, first.linked)  # type: ignore[arg-type]
    assert again == written
    assert second.linked == first.linked


def test_a_name_linked_as_a_concept_by_two_items_stays_the_method_of_a_third() -> None:
    terms = {"pp": Term("pp", TermKind.CONCEPT, "pp", (), ("a", "b", "c"))}
    per_item = {"a": ItemTerms("a", _uses(["pp"]), ()), "b": ItemTerms("b", _uses(["pp"]), ()),
                "c": ItemTerms("c", (), _uses(["pp"]))}
    items = [SimpleNamespace(slug=slug) for slug in "abc"]
    choice, chosen = term_choice(items, Vocabulary(terms, per_item), Caps(), {}, 2)  # type: ignore[arg-type]
    assert [use.name for use in chosen["c"].methods] == ["pp"]
    assert choice.linked == {"pp"}
