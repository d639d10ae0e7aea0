"""Word classes from the WordNet-derived table, and the rules that read them."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from kgsync.extract import wordnet
from kgsync.extract.mining import names_an_idea
from kgsync.vocabulary.terms import TermKind, classify

TABLE = Path(wordnet.__file__).parent / "data" / "wordnet.tsv.gz"


def test_the_table_is_sorted_deterministic_data() -> None:
    raw = TABLE.read_bytes()
    assert raw[4:8] == b"\0\0\0\0"  # gzip with no time stamp: a regeneration is byte-identical
    lines = gzip.decompress(raw).decode("utf-8").splitlines()
    assert lines == sorted(set(lines))
    assert {line.split("\t")[0] for line in lines} == {"everyday", "knowledge", "place", "activity", "act", "role",
                                                        "modifier", "ordinary", "qualifier", "jurisdiction",
                                                        "rare", "relational", "written", "common", "quality", "gerund", "party", "process",
                                                        "theory"}


@pytest.mark.parametrize(("key", "written"), [
    ("user interface", "User Interface"), ("cross reference", "cross-reference"), ("source code", "source code"),
    ("new zealand", "New Zealand"), ("united kingdom", "United Kingdom"),  # places are not concepts (README)
    ("tool using", "tool-using"), ("self modifying", "self-modifying"), ("rubber stamping", "rubber-stamping"),
    ("immediate task", "immediate task"), ("prior research", "prior research"),  # a descriptive adjective
    ("separate question", "separate question"),
    ("business led", "business-led"), ("data driven", "data-driven"),  # an adjective: a noun and a manner participle
])
def test_not_a_research_idea(key: str, written: str) -> None:
    assert not names_an_idea(key, ((written, 1),), 0)


@pytest.mark.parametrize(("key", "written"), [
    ("european union", "European Union"),  # an organisation WordNet spells as a name
    ("fine tuning", "fine-tuning"), ("red teaming", "red-teaming"), ("problem solving", "problem-solving"),
    ("knowledge graph", "knowledge graph"), ("artificial intelligence", "artificial intelligence"),
    ("human review", "human review"), ("regulatory framework", "regulatory framework"),  # relational adjectives
    ("prompt design", "prompt design"),  # "prompt" is rarely an adjective
])
def test_a_research_idea_or_a_name(key: str, written: str) -> None:
    assert names_an_idea(key, ((written, 1),), 0)


@pytest.mark.parametrize("key", ["test driven development", "randomised controlled trial", "llm as judge",
                                 "reinforcement learning from human feedback", "semantic search", "red teaming"])
def test_techniques_procedures_and_evaluation_methods_are_methods(key: str) -> None:
    assert classify(key) is TermKind.METHOD


@pytest.mark.parametrize("key", ["theory of mind", "policy as code", "software as a service", "knowledge graph",
                                 "prompt injection", "reward hacking", "software development", "control failure",
                                 "devops research and assessment", "identity and access management"])
def test_things_and_phenomena_are_concepts(key: str) -> None:
    assert classify(key) is TermKind.CONCEPT


def test_an_evaluation_of_a_coordination_is_still_an_evaluation() -> None:
    assert classify("evaluation of retrieval and generation") is TermKind.METHOD


@pytest.mark.parametrize("word", ["run", "build", "pass", "url", "pc"])
def test_ordinary_words_and_everyday_abbreviations(word: str) -> None:
    assert wordnet.is_ordinary(word)


@pytest.mark.parametrize("word", ["rag", "mcp", "llm", "dora", "rbnz", "ml"])
def test_research_acronyms_are_not_ordinary_words(word: str) -> None:
    assert not wordnet.is_ordinary(word)


@pytest.mark.parametrize(("word", "qualifies"), [("prior", True), ("immediate", True), ("separate", True),
                                                  ("human", False), ("semantic", False), ("prompt", False),
                                                  ("expert", False), ("regulatory", False)])
def test_descriptive_adjectives_qualify_relational_ones_classify(word: str, qualifies: bool) -> None:
    assert wordnet.is_qualifier(word) is qualifies


@pytest.mark.parametrize(("key", "scopes"), [("eu", True), ("uk", True), ("european union", True),
                                              ("new zealand", True), ("ai", False), ("gdpr", False), ("it", False)])
def test_jurisdictions_are_places_and_the_bodies_that_govern_them(key: str, scopes: bool) -> None:
    assert wordnet.is_jurisdiction(key) is scopes


def test_rare_words_are_one_sense_nouns_plain_english_does_not_need() -> None:
    """WordNet's one-sense nouns no gloss writes: topic words ("provenance", "guardrail"); not a
    word of many senses ("system"), an everyday word ("software": glosses write it), an act
    ("workflow", "remediation"), a person ("stakeholder"), a verb or adjective, nor the key of a
    plural lemma ("afters" is no "after")."""
    assert wordnet.is_rare("provenance") and wordnet.is_rare("guardrail")
    assert not any(map(wordnet.is_rare, ("system", "software", "workflow", "remediation", "stakeholder", "build",
                                         "after", "durable", "template", "headcount")))


def test_written_is_a_noun_whose_first_sense_is_something_written() -> None:
    """"Code", "specification": WordNet's first sense is noun.communication ("policy as code"
    casts policy in a written form: ``vocabulary.node_kinds``); "service" is an act, "judge" a person."""
    assert wordnet.is_written("code") and wordnet.is_written("specification")
    assert not wordnet.is_written("service") and not wordnet.is_written("judge")


def test_party_is_a_noun_of_an_organisation() -> None:
    """"enterprise" (its second sense), "financial institution" (a compound); not "network" (a group
    of things), "rail", "authority" (only its plural "authorities" is a body), nor a person ("critic")."""
    assert all(map(wordnet.is_party, ("enterprise", "institution", "financial institution", "bank", "team")))
    assert not any(map(wordnet.is_party, ("network", "rail", "authority", "critic", "user", "artificial intelligence")))


def test_table_read_by_blocks_is_read_by_lines() -> None:
    """The committed table read a class at a time is the table read line by line; a table whose
    classes are not one block each, or with an empty line, is read line by line."""
    text = gzip.decompress(TABLE.read_bytes()).decode("utf-8")
    assert wordnet._by_blocks(text) == wordnet._by_lines(text) == wordnet._table()
    assert wordnet._by_blocks("act\tx\nrole\ty\nact\tz\n") is None
    assert wordnet._by_blocks("act\tx\n\nact\ty\n") is None
    assert wordnet._by_blocks("act\tx\nnoclass\ty\n") is None
    assert wordnet._by_blocks("act\tx\rz\n") is None
    small = "act\tx\nact\ty\nrole\tz"
    assert wordnet._by_blocks(small) == wordnet._by_lines(small)
    assert wordnet._by_blocks(small)["act"] == {"x", "y"}


def test_a_process_is_a_noun_whose_first_sense_is_a_process() -> None:
    assert wordnet.is_process("activation") and not wordnet.is_process("workflow") and not wordnet.is_process("point")


def test_a_relational_adjective_is_a_pertainym_not_a_qualifier() -> None:
    # WordNet's commonest sense "relating to" a noun: "financial" (finance), "operational"; not "real", "prior"
    assert wordnet.is_relational("financial") and wordnet.is_relational("operational")
    assert not wordnet.is_relational("real") and not wordnet.is_relational("prior")
    assert not any(wordnet.is_relational(w) and wordnet.is_qualifier(w) for w in ("financial", "human", "real", "open"))
