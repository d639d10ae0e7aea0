"""kgsync.extract.evidence_stance: which prose stances are written as such."""

from __future__ import annotations

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import ClaimText, Mention, PlannedLink
from kgsync.extract.evidence_stance import opposed, own_stances, taken_as_source

S, C, E = RelationType.SUPPORTS, RelationType.CONTRADICTS, RelationType.EXTENDS
CITED = "claim:2026-01-01-old-study:binary-database-files"


def link(line: int, relation: RelationType = E, source: int = 1, target: str = CITED) -> PlannedLink:
    return PlannedLink(source, relation, target, "2026-01-01-old-study", f"Sentence at {line}.", line)


def test_a_pair_said_only_in_own_clauses_is_written_with_its_stance() -> None:
    assert [x.relation for x in own_stances([link(5)], {(1, CITED, 5): S})] == [S]
    # two sentences saying the same stance of the pair: both
    assert [x.relation for x in own_stances([link(5), link(9)], {(1, CITED, 5): S, (1, CITED, 9): S})] == [S, S]


def test_a_pair_another_sentence_links_stays_extends() -> None:
    # an Evidence Map row naming the cited finding as a source: this finding is derived from it
    assert [x.relation for x in own_stances([link(5), link(40)], {(1, CITED, 5): S})] == [E, E]
    # two sentences, two stances: neither is the finding's stance
    assert [x.relation for x in own_stances([link(5), link(9)], {(1, CITED, 5): S, (1, CITED, 9): C})] == [E, E]
    # another finding of the item linking the same cited claim does not make this one derived
    assert [x.relation for x in own_stances([link(5), link(9, source=2)], {(1, CITED, 5): S})] == [S, E]


def test_a_finding_that_takes_the_cited_item_as_its_source_stays_extends() -> None:
    said = {(1, CITED, 5): S}
    assert [x.relation for x in own_stances([link(5)], said, frozenset({(1, "2026-01-01-old-study")}))] == [E]
    # another finding taking it as a source does not make this one derived
    assert [x.relation for x in own_stances([link(5)], said, frozenset({(2, "2026-01-01-old-study")}))] == [S]


def test_the_findings_taking_an_item_as_source_are_those_whose_text_or_row_names_it() -> None:
    claims = [ClaimText(1, "fts", "SQLite FTS5 search is enough for a small corpus."),
              ClaimText(2, "vector", "Vector search waits until the corpus grows.")]
    def mention(held_by: int = 0, row_claim: str = "") -> Mention:
        return Mention("old", 0, "", None, "A sentence.", 3, held_by, row_claim)
    resolve = {"old": "2026-01-01-old-study"}.get
    assert taken_as_source([mention(held_by=2)], resolve, claims) == {(2, "2026-01-01-old-study")}
    assert taken_as_source([mention(row_claim="Vector search waits for a larger corpus")], resolve, claims) == \
        {(2, "2026-01-01-old-study")}
    # a row whose claim states the agreement records a corroboration, not a source
    assert taken_as_source([mention(row_claim="Vector search waits, confirmed by prior research")], resolve,
                           claims) == frozenset()
    assert taken_as_source([mention(held_by=2)], {}.get, claims) == frozenset()  # no item: nothing


def test_nothing_said_changes_nothing() -> None:
    links = [link(5), link(9, S)]
    assert own_stances(links, {}) == links


def test_a_promoted_link_the_corpus_opposes_is_found_either_way_round() -> None:
    ours = link(5, S)
    names = {"new": {1: "claim:new:finding"}, "old": {3: CITED}}
    against = {"new": [ours], "old": [PlannedLink(3, C, "claim:new:finding", "new", "It disputes.", 8)]}
    assert opposed(against, names, [("new", ours)]) == {("new", ours)}
    agreeing = {"new": [ours], "old": [PlannedLink(3, S, "claim:new:finding", "new", "It agrees.", 8)]}
    assert opposed(agreeing, names, [("new", ours)]) == set()
    assert opposed({"new": [ours]}, names, [("new", ours)]) == set()
