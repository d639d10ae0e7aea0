"""The shared acronym map: which expansion an item's acronym joins, and a vocabulary that stays put."""

from __future__ import annotations

from kgsync.extract.mining import candidates
from kgsync.vocabulary.acronym_index import (acronym_map, ambiguous_acronyms, item_acronyms, place_expansions,
                                             resolved_group_key)
from kgsync.vocabulary.similarity import is_near_duplicate
from kgsync.vocabulary.terms import Vocabulary
from kgsync.vocabulary.vocab_file import PinnedVocabulary
from kgsync.vocabulary.vocab import select
from kgsync.read.items import ResearchItem
from tests.item_corpus import make_item
from tests.vocabulary.vocab_setup import OPTIONS



def _ip_items() -> list[ResearchItem]:
    return [
        make_item("2026-01-01-ip-defined", "Intellectual property (IP) of model outputs",
                  "Who owns the IP of generated code?", "Intellectual property (IP) rules for generated code.",
                  ("IP ownership of generated code is unsettled.",)),
        make_item("2026-01-02-ip-licences", "IP and open weights", "Who holds the IP?", "The IP stays with the lab.",
                  ("IP terms differ.",)),
        make_item("2026-01-03-ip-clauses", "IP in vendor contracts", "Where is the IP?", "Vendors keep the IP.",
                  ("IP terms vary.",)),
    ] + [make_item(f"2026-01-0{n}-kg", "Knowledge graphs", "Which knowledge graph?", "Knowledge graphs.")
         for n in (7, 8, 9)]


def test_an_ambiguous_acronym_keeps_its_letters_unless_the_item_spells_one_out() -> None:
    items = [candidates(i) for i in _ip_items()] + [candidates(make_item(
        "2026-01-04-ip-network", "Internet Protocol (IP) allowlists", "Which IP ranges?", "IP allowlists.")),
        candidates(make_item("2026-01-05-ip-ranges", "IP ranges for agents", "Which IP ranges?", "IP ranges.")),
        candidates(make_item("2026-01-06-ip-risk", "IP risk", "Which IP risk?", "IP risk.",
                             body="Intellectual property law is unsettled."))]
    expansions = acronym_map(items)
    assert expansions["ip"] == ("intellectual property", "internet protocol")
    by_slug = {c.slug: item_acronyms(c, expansions) for c in items}
    assert by_slug["2026-01-06-ip-risk"]["ip"] == "intellectual property"  # written out there
    assert "ip" not in by_slug["2026-01-05-ip-ranges"]  # neither written: the letters stay


def test_deleting_the_item_that_defines_an_acronym_renames_nothing() -> None:
    """A delete retires only what no remaining item uses: the manifest's acronym entries are the
    next build's, so the items that still write "IP" keep the term they had."""
    items = [candidates(i) for i in _ip_items()]
    before = select(items, OPTIONS)
    ip_users = {slug for slug, terms in before.per_item.items()
                for use in terms.concepts if use.name == "intellectual-property"}
    assert {"2026-01-02-ip-licences", "2026-01-03-ip-clauses"} <= ip_users
    recorded = tuple((short, long) for short, long, _users in before.acronyms)
    assert ("ip", "intellectual property") in recorded
    after = select(items[1:], OPTIONS, previous_acronyms=recorded)
    for slug in ("2026-01-02-ip-licences", "2026-01-03-ip-clauses"):
        assert [u.name for u in after.per_item[slug].concepts] == [u.name for u in before.per_item[slug].concepts]
    # without the manifest the same delete would have renamed them
    fresh = select(items[1:], OPTIONS)
    assert ("ip", "intellectual property") in {(s, lg) for s, lg, _u in after.acronyms}
    assert fresh.acronyms == () or ("ip", "intellectual property") not in {(s, lg) for s, lg, _u in fresh.acronyms}


def test_an_entry_retires_when_no_item_writes_the_acronym() -> None:
    items = [candidates(i) for i in _ip_items()]
    other = candidates(make_item("2026-01-09-kg", "Knowledge graphs", "Which knowledge graph?", "Knowledge graphs."))
    assert "ip" not in acronym_map([other], (("ip", "intellectual property"),))
    assert acronym_map(items[1:2], (("ip", "intellectual property"),))["ip"] == ("intellectual property",)


def test_a_brand_spelling_takes_no_expansion_it_does_not_write() -> None:
    defined = candidates(make_item("2026-01-01-ios", "Integrated Operations System (IOS)", "What is IOS?",
                                   "IOS runs plants."))
    brand = candidates(make_item("2026-01-02-ios-phone", "iOS shortcuts", "Which iOS shortcuts?", "iOS shortcuts."))
    expansions = acronym_map([defined, brand])
    assert item_acronyms(defined, expansions)["ios"] == "integrated operation system"
    assert "ios" not in item_acronyms(brand, expansions)


def test_two_meanings_are_two_expansions_no_spelling_variant_joins() -> None:
    expansions = {"dora": ("devops research and assessment", "digital operational resilience act"),
                  "sre": ("site reliability engineer", "site reliability engineering"),
                  "adr": ("architectural decision record", "architecture decision record"),
                  "mcp": ("model context protocol",)}
    assert ambiguous_acronyms(expansions, is_near_duplicate) == frozenset({"dora"})


def _dora_items() -> list[ResearchItem]:
    devops = [make_item(f"2026-01-0{n}-dora-devops", "DevOps Research and Assessment (DORA) metrics",
                        "Which DORA metrics matter?", "DORA metrics track delivery.",
                        ("DORA found that deployment frequency predicts delivery.",)) for n in (1, 2)]
    act = [make_item(f"2026-01-0{n}-dora-act", "Digital Operational Resilience Act (DORA) duties",
                     "Which DORA duties apply to banks?", "DORA mandates an ICT register.",
                     ("DORA requires an ICT risk register for banks.",)) for n in (3, 4)]
    unsaid = [make_item("2026-01-05-dora-unsaid", "DORA and bank resilience", "Does DORA apply?", "DORA applies.",
                        ("DORA duties apply to banks.",))]
    return devops + act + unsaid


def test_an_acronym_of_two_meanings_names_what_each_item_says_it_means() -> None:
    """Two kept terms both write "DORA": the shared index gives the letters to neither (no pick
    by name order); each item's claims read them as the item defines them, and an item that says
    neither gets no reading."""
    vocabulary = select([candidates(i) for i in _dora_items()], OPTIONS)
    names = set(vocabulary.terms)
    assert {"devops-research-and-assessment", "digital-operational-resilience-act"} <= names
    statement = "DORA applies."
    assert set(vocabulary.mentions(statement)) <= {"dora"}  # at most the acronym's own term, never an expansion
    devops = vocabulary.readings["2026-01-01-dora-devops"]
    act = vocabulary.readings["2026-01-03-dora-act"]
    assert vocabulary.mentions(statement, reading=devops) == ("devops-research-and-assessment",)
    assert vocabulary.mentions(statement, reading=act) == ("digital-operational-resilience-act",)
    assert "2026-01-05-dora-unsaid" not in vocabulary.readings
    assert vocabulary.mentions("dora requires it", reading=act) == ()  # a lone acronym only in capitals


def test_an_acronym_inside_a_designation_names_no_term() -> None:
    vocabulary = Vocabulary({}, {}, _index={"gpt": "generative-pre-trained-transformer"},
                            _acronym_keys=frozenset({"gpt"}), _lengths={"gpt": (1,)})
    assert vocabulary.mentions("GPT models write code.") == ("generative-pre-trained-transformer",)
    for text in ("GPT-4o writes code.", "GPT-4 agents", "GPT 3.5 answers"):
        assert vocabulary.mentions(text) == (), text


def test_each_items_acronyms_found_once_give_the_same_readings_and_entries() -> None:
    """``select`` finds each item's ``item_acronyms`` once and hands them to the later passes:
    the readings and the manifest's acronym entries are those each pass finds by itself."""
    from kgsync.vocabulary.acronym_index import acronym_entries, item_readings
    from kgsync.vocabulary.vocab import PinnedVocabulary

    cands = [candidates(i) for i in _dora_items() + _ip_items()]
    expansions = acronym_map(cands)
    local = [item_acronyms(c, expansions) for c in cands]
    ambiguous = frozenset({"dora", "ip"})
    index = {"devops research and assessment": "devops-research-and-assessment",
             "digital operational resilience act": "digital-operational-resilience-act"}
    pinned = PinnedVocabulary()
    readings = item_readings(cands, expansions, ambiguous, index, pinned, local)
    assert readings == item_readings(cands, expansions, ambiguous, index, pinned)
    assert readings["2026-01-01-dora-devops"] == {"dora": "devops-research-and-assessment"}
    entries = acronym_entries(cands, expansions, local)
    assert entries == acronym_entries(cands, expansions) and entries


def test_resolve_without_an_acronym_map_is_the_pinned_resolution() -> None:
    # ``vocab._group_candidates`` groups a key that no acronym map holds by ``PinnedVocabulary.resolve`` alone.
    pinned = PinnedVocabulary(key_to_name={"agent memory": "Agent Memory", "rag": "RAG"},
                              merges={"agents memory": "agent memory", "loop a": "loop b", "loop b": "loop a"})
    for key in ("agent memory", "agents memory", "rag", "loop a", "loop b", "other term"):
        assert resolved_group_key(key, {}, pinned, {}) == pinned.resolve(key)


def test_a_place_an_acronym_spells_out_is_stopped_a_governing_body_is_not() -> None:
    expansions = {"nz": ("new zealand",), "eu": ("european union",), "mcp": ("model context protocol",)}
    assert place_expansions(expansions, PinnedVocabulary()) == frozenset({"new zealand"})
    pinned = PinnedVocabulary(key_to_name={"new zealand": "New Zealand"})
    assert place_expansions(expansions, pinned) == frozenset()  # the vocabulary file wins


def test_an_acronym_of_a_place_makes_no_node_and_its_items_keep_their_other_terms() -> None:
    """"New Zealand (NZ)": mining refuses the place written out, and the acronym no longer names it."""
    items = [candidates(make_item(f"2026-01-0{n}-nz", "Knowledge graphs in New Zealand (NZ)",
                                  "How do NZ banks use knowledge graphs?",
                                  "NZ banks build knowledge graphs for NZ regulators.",
                                  ("NZ banks adopt knowledge graphs.",))) for n in (1, 2, 3)]
    vocabulary = select(items, OPTIONS)
    names = {use.name for terms in vocabulary.per_item.values() for use in terms.concepts}
    assert "new-zealand" not in names and "nz" not in names
    assert "knowledge-graph" in names
    assert ("nz", "new zealand") in {(s, lg) for s, lg, _u in vocabulary.acronyms}  # the map stays put


def test_an_acronym_of_two_meanings_is_an_alias_only_where_min_links_of_the_nodes_items_read_it_so() -> None:
    """"Financial Services (FS)" in one item, the regulators' Feedback Statements (FS) in others: one item's
    shorthand is no alias of financial-service (issue 21).  "DORA", which each node's items define alike,
    stays on both nodes; an acronym of one meaning is never asked; a pinned term keeps its forms."""
    from kgsync.vocabulary.acronym_index import unread_acronym_aliases
    from kgsync.vocabulary.terms import Term, TermKind

    def term(name: str, aliases: tuple[str, ...], items: tuple[str, ...], pinned: bool = False) -> Term:
        return Term(name, TermKind.CONCEPT, aliases[-1], aliases, items, pinned)

    fs = term("financial-service", ("FS", "financial services"), ("a", "b", "c"))
    dora = term("digital-operational-resilience-act", ("DORA", "DORAs", "digital operational resilience act"),
                ("c", "d"))
    llm = term("large-language-model", ("LLM", "large language model"), ("a",))
    readings = {"a": {"fs": "financial-service"}, "b": {"fs": "feedback-statement"},
                "c": {"dora": "digital-operational-resilience-act"}, "d": {"dora": "digital-operational-resilience-act"}}
    terms = {t.name: t for t in (fs, dora, llm)}
    ambiguous = frozenset({"fs", "dora"})
    assert unread_acronym_aliases(terms, readings, ambiguous, 2) == {"financial-service": frozenset({"FS"})}
    assert unread_acronym_aliases(terms, readings, ambiguous, 1) == {}  # one item links a node: one reads an alias
    assert unread_acronym_aliases(terms, readings, ambiguous, 3) == {
        "financial-service": frozenset({"FS"}), "digital-operational-resilience-act": frozenset({"DORA", "DORAs"})}
    pinned = {"financial-service": term("financial-service", fs.aliases, fs.items, pinned=True)}
    assert unread_acronym_aliases(pinned, readings, ambiguous, 2) == {}


def test_a_node_its_items_define_an_acronym_of_two_meanings_for_keeps_it() -> None:
    """select end to end: both DORA nodes keep "DORA", which two items each define as the node."""
    vocabulary = select([candidates(i) for i in _dora_items()], OPTIONS)
    for name in ("devops-research-and-assessment", "digital-operational-resilience-act"):
        assert "DORA" in vocabulary.terms[name].aliases


def test_one_items_shorthand_of_an_acronym_of_two_meanings_is_no_alias() -> None:
    """select end to end: one item's "GitHub Copilot (GHC)" beside another's Glasgow Haskell Compiler (GHC):
    the node keeps its name's forms, not the letters, and a text that writes GHC names what it did before."""
    copilot = [make_item(f"2026-01-0{n}-copilot", "GitHub Copilot in the enterprise",
                         "How do teams adopt GitHub Copilot?", "GitHub Copilot speeds up reviews.",
                         ("GitHub Copilot suggests tests for legacy code.",)) for n in (1, 2)]
    shorthand = make_item("2026-01-03-copilot-ghc", "GitHub Copilot (GHC) across repositories",
                          "How does GHC share prompts across repositories?", "GHC reads shared instructions.",
                          ("GHC applies repository instructions to GitHub Copilot chats.",))
    haskell = make_item("2026-01-04-haskell", "Glasgow Haskell Compiler (GHC) and verified software",
                        "Does GHC help formal verification?", "GHC compiles the verified core.",
                        ("GHC optimisations preserve the verified semantics.",))
    items = [*copilot, shorthand, haskell]
    cands = [candidates(i) for i in items]
    vocabulary = select(cands, OPTIONS)
    assert "github-copilot" in vocabulary.terms
    assert "GHC" not in vocabulary.terms["github-copilot"].aliases
    both = select([*cands, candidates(make_item("2026-01-05-copilot-ghc", shorthand.title, "How does GHC help?",
                                                "GHC reads shared instructions.", ("GHC writes tests.",)))], OPTIONS)
    assert "GHC" in both.terms["github-copilot"].aliases  # two of the node's items read it so: an alias
