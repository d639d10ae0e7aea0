"""kgsync.extract.evidence_source: which finding of the citing item a link comes from (the one holding
the sentence, else a best match that may build on the cited finding), read through ``evidence.plan``."""

from __future__ import annotations

from kgsync.contract.model import RelationType
from kgsync.read.items import IssueSeverity
from tests.extract.evidence_items import NEW, OLD, links_of, new_item, old_item


def test_the_referencing_finding_is_found_by_its_whole_text() -> None:
    # "BM25" and "dependencies" are in the first finding's detail, not in its bold lead sentence.
    findings = ("**Full-text search suffices for now.** SQLite FTS5 ranks by BM25 with no new dependencies.",
                "**Vector search waits.** Semantic retrieval is deferred until the corpus grows.")
    body = f"Ranking by BM25 adds no dependencies. Source: `{OLD}.md` Key Finding 1."
    [link] = links_of(old_item(), new_item(body, findings)).links[NEW]
    assert link.source_number == 1


def test_the_item_named_says_nothing_about_the_subject_but_its_words_do() -> None:
    # The path's words ("old", "study") are not what the sentence says; the same words written
    # in the sentence are (they once were dropped with the slug's words).
    findings = ("A study of old binary formats shows they resist diffs.", "Vector search waits.")
    body = f"An old study agrees. Source: `{OLD}.md` Key Finding 3."
    [link] = links_of(old_item(), new_item(body, findings)).links[NEW]
    assert link.source_number == 1
    nothing = f"Source: `Research/completed/{OLD}.md` Key Finding 3."
    assert links_of(old_item(), new_item(nothing, findings)).links == {}


# A link read from a supports/contradicts cue, from a finding that does not hold the sentence, needs a
# clear best word match: >= 3 shared words and a lead of >= 2 over every other finding (docs/EVIDENCE.md).
# Prose writes no stance: the link is extends (a marker writes supports).
CLEAR = ("Binary database files stay out of git.", "Vector search waits until the corpus grows.")
CLOSE = ("Binary database files stay out of git.", "Binary files in git need a text dump.")


def test_a_supports_cue_s_link_is_written_from_a_clearly_best_matching_finding() -> None:
    body = f"This confirms `{OLD}.md` Key Finding 3: binary database files are not diffable in git."
    [link] = links_of(old_item(), new_item(body, CLEAR)).links[NEW]
    assert (link.relation, link.source_number) == (RelationType.SUPPORTS, 1)  # 4 words shared against 1


def test_a_supports_link_from_a_finding_that_barely_leads_is_not_written() -> None:
    # Finding 1 shares binary, database, files, git; finding 2 binary, files, git: a lead of 1
    # is a guess, and a wrong "confirms" is worse than none: only the item->item link stays.
    body = f"This confirms `{OLD}.md` Key Finding 3: binary database files are not diffable in git."
    assert links_of(old_item(), new_item(body, CLOSE)).links == {}
    contradicting = f"Our result contradicts `{OLD}.md` Key Finding 3: binary database files are diffable in git."
    assert links_of(old_item(), new_item(contradicting, CLOSE)).links == {}


def test_a_supports_link_needs_three_shared_words_even_from_the_only_finding() -> None:
    body = f"This confirms `{OLD}.md` Key Finding 3: binary files are not diffable in git."
    assert links_of(old_item(), new_item(body, ("Diffs of binary files in git are useless.",))).links[NEW]
    assert links_of(old_item(), new_item(body, ("Binary formats stay out of git.",))).links == {}


def test_extends_keeps_the_plain_best_match() -> None:
    # The same close match, cited without a cue: "builds on" from the best finding is written.
    body = f"Binary database files are not diffable in git, per `{OLD}.md` Key Finding 3."
    [link] = links_of(old_item(), new_item(body, CLOSE)).links[NEW]
    assert (link.relation, link.source_number) == (RelationType.EXTENDS, 1)


# A numbered citation outside the finding that holds it is built on (``extends``) by the finding
# that best matches what the sentence says; that best match must also be able to build on the
# cited finding (``evidence_source.builds_on``), else only the item->item link stays.


def test_a_best_match_sharing_nothing_with_the_cited_finding_links_no_claim() -> None:
    # The sentence is about vector search (finding 2); it cites the old item's finding on binary
    # files, which vector search does not build on: which finding draws on it is not said.
    body = f"Vector search waits until the corpus grows (`{OLD}.md` Key Finding 3)."
    result = links_of(old_item(), new_item(body))
    assert result.links == {}
    [issue] = result.issues  # the author is told how to say which finding builds on it
    assert issue.severity is IssueSeverity.WARNING and f"[extends: {OLD} KF3 from KF<n>]" in issue.hint
    # the same sentence citing the old item's vector-store finding links it from finding 2
    [link] = links_of(old_item(), new_item(body.replace("Key Finding 3", "Key Finding 2"))).links[NEW]
    assert (link.relation, link.source_number) == (RelationType.EXTENDS, 2)
    # a finding that holds the citation states it, whatever its words
    held = ("SQLite FTS5 search is enough for a small corpus of items.",
            f"Vector search waits until the corpus grows (`{OLD}.md` Key Finding 3).")
    [link] = links_of(old_item(), new_item("Nothing here.", held)).links[NEW]
    assert (link.relation, link.source_number) == (RelationType.EXTENDS, 2)


RESTATING = ("Binary SQLite database files are not diffable in git, so the index is rebuilt from text.",
             "Vector search waits until the corpus grows.")


def test_a_best_match_restating_another_finding_of_the_cited_item_links_no_claim() -> None:
    # Finding 1 restates the old item's finding 3 (binary files in git); the sentence, about the
    # index rebuilt from its files, cites finding 1 (SQLite FTS5): finding 1 draws on finding 3,
    # not on finding 1, so the citation belongs to no finding of the new item.
    body = f"The SQLite index is rebuilt from the text files (`{OLD}.md` Key Finding 1)."
    assert links_of(old_item(), new_item(body, RESTATING)).links == {}
    # ... unless the sentence cites the finding it restates as well: it draws on that one (the
    # one of the two it shares most with, ``shares_most_with``)
    both = body.replace("Key Finding 1", "Key Findings 1 and 3")
    [link] = links_of(old_item(), new_item(both, RESTATING)).links[NEW]
    assert (link.source_number, link.target_claim.split(":")[2][:12]) == (1, "binary-datab")
    # ... or the sentence is the finding's own
    held = (f"{RESTATING[0]} The SQLite index follows `{OLD}.md` Key Finding 1.", RESTATING[1])
    [link] = links_of(old_item(), new_item("Nothing here.", held)).links[NEW]
    assert (link.source_number, link.target_claim.split(":")[2][:12]) == (1, "sqlite-fts5-")


# A citation outside the finding that holds it names several findings of one item ("Source: `x.md`
# (Key Findings 1-8)"): the best-matching finding builds on those it clearly shares most with
# (``evidence_source.shares_most_with``), and a finding of this item that cites one of them more
# specifically is the one that builds on it (``evidence_source.most_specific``).
SEVERAL = ("Vector stores solve semantic search but not deduplication, so vector search of binary files waits.",
           "The site publishes nightly.")


def test_a_best_match_citing_several_findings_builds_on_those_it_shares_most_with() -> None:
    # Finding 1 (its whole text) shares 7 words with the old finding 2 (vector, stores, solve,
    # semantic, search, deduplication, confidence), 3 with finding 3 (binary, files, confidence):
    # fewer than half as many; with finding 1 one word (it cannot build on it, ``builds_on``).
    body = f"Vector search waits for deduplication. Source: `{OLD}.md` (Key Findings 1-3)."
    result = links_of(old_item(), new_item(body, SEVERAL))
    [link] = result.links[NEW]
    assert (link.source_number, link.target_claim.split(":")[2][:13]) == (1, "vector-stores")
    assert result.required[OLD] == frozenset({2})  # the findings it does not build on are not forced
    # with a finding closer to the old finding 3, that one is built on as well
    closer = (SEVERAL[0].replace("binary files", "binary database files in git"), SEVERAL[1])
    links = links_of(old_item(), new_item(body, closer)).links[NEW]
    assert sorted(link.target_claim.split(":")[2][:13] for link in links) == ["binary-databa", "vector-stores"]


def test_a_finding_citing_it_more_specifically_keeps_the_cited_finding() -> None:
    # Finding 1 shares enough with the old findings 2 and 3 to build on both; finding 2 cites the
    # old finding 3 in its own text: the section's broad citation of findings 2 and 3, best
    # matched to finding 1, links finding 1 to the old finding 2 only.
    closer = SEVERAL[0].replace("binary files", "binary database files in git")
    findings = (closer, f"Binary database files stay out of git (`{OLD}.md` Key Finding 3).")
    body = f"Vector search waits for deduplication of binary files. Source: `{OLD}.md` (Key Findings 2 and 3)."
    links = links_of(old_item(), new_item(body, findings)).links[NEW]
    # (the section's note is evidence of finding 2's link too: ``test_a_prose_note_…_firmly_elsewhere``)
    assert sorted({(link.source_number, link.target_claim.split(":")[2][:13]) for link in links}) == [
        (1, "vector-stores"), (2, "binary-databa")]
    # ... as does a sentence naming it alone that best matches finding 2
    section = body + f"\n\nBinary database files stay out of git. Source: `{OLD}.md` Key Finding 3."
    links = links_of(old_item(), new_item(section, (closer, "Binary database files stay out of git."))).links[NEW]
    assert sorted((link.source_number, link.target_claim.split(":")[2][:13]) for link in links) == [
        (1, "vector-stores"), (2, "binary-databa")]
    # ... and without either, finding 1 builds on both
    links = links_of(old_item(), new_item(body, (closer, "The site publishes nightly."))).links[NEW]
    assert sorted((link.source_number, link.target_claim.split(":")[2][:13]) for link in links) == [
        (1, "binary-databa"), (1, "vector-stores")]


# An Evidence Map row whose claim cell clearly states one finding lists that finding's sources: each finding of an
# item it cites is one, however many it cites and whatever a narrower citation elsewhere says (no broad citation)
ROW = "| Claim | Source | Confidence | Notes |\n|---|---|---|---|\n| {claim} | `{old}.md` Key Findings 2 and 3 | high | |"


def test_a_row_clearly_stating_a_finding_links_every_finding_it_cites_from_it() -> None:
    # Finding 1 shares fewer than half as many words with the old finding 3 as with 2 (a broad prose citation
    # would build on 2 only), and finding 2 cites the old finding 3 by itself (``most_specific``): the row says
    # finding 1 rests on both, so both are linked from it
    findings = (SEVERAL[0], f"Binary database files stay out of git (`{OLD}.md` Key Finding 3).")
    row = ROW.format(claim="Vector stores solve semantic search, not deduplication, for binary files", old=OLD)
    links = links_of(old_item(), new_item(row, findings)).links[NEW]
    assert sorted({(link.source_number, link.target_claim.split(":")[2][:13], link.kind) for link in links}) == [
        (1, "binary-databa", "number clear-match row"), (1, "vector-stores", "number clear-match row"),
        (2, "binary-databa", "number held list")]
    # the same words as a prose note: a broad citation, built on where finding 1 shares most
    prose = f"Vector stores solve semantic search, not deduplication, for binary files. Source: `{OLD}.md` " \
        "(Key Findings 2 and 3)."
    links = links_of(old_item(), new_item(prose, findings)).links[NEW]
    assert sorted({(link.source_number, link.target_claim.split(":")[2][:13]) for link in links}) == [
        (1, "vector-stores"), (2, "binary-databa")]
    # a row whose claim cell matches no finding clearly says nothing of which finding rests on them: as before
    vague = ROW.format(claim="Binary stores", old=OLD)
    links = links_of(old_item(), new_item(vague, findings)).links[NEW]
    assert (1, "binary-databa") not in {(link.source_number, link.target_claim.split(":")[2][:13]) for link in links}


def test_a_supports_cue_s_link_from_the_finding_that_holds_the_sentence_needs_no_word_match() -> None:
    # Finding 2 says nearly the same words (a lead of 1): only holding the sentence makes finding 1 sure.
    findings = (f"**Git stays the store.** This confirms `{OLD}.md` Key Finding 3 in a new setting.",
                "Git stays the store in a new setting, for now.")
    [link] = links_of(old_item(), new_item("Nothing here.", findings)).links[NEW]
    assert (link.relation, link.source_number) == (RelationType.EXTENDS, 1)  # prose writes no stance


# A source attribution ("Source: `x.md` KF2", "[Source: …]") says where the sentence's fact came from, not which
# finding of this item uses it: below the trust bar its best match must lead once each word said weighs 1 / the
# number of this item's findings using it (``leads_alone``); a lead by words every finding shares is a guess.
TIED = ("Vector search waits until the corpus grows.", "Vector search costs too much for the team.")


def test_a_source_attribution_s_best_match_by_words_every_finding_shares_links_no_claim() -> None:
    for body in (f"Vector search matters. Source: `{OLD}.md` Key Finding 2.",
                 f"[fact; source: `{OLD}.md` Key Finding 2] Vector search matters.",
                 f"Vector search matters. [Source: `{OLD}.md`, Key Finding 2.]"):
        result = links_of(old_item(), new_item(body, TIED))
        assert result.links == {}, body  # the item -> item extends says all there is
        [issue] = result.issues
        assert issue.severity is IssueSeverity.WARNING and "named as the source of the sentence's fact" in issue.message
        assert f"[extends: {OLD} KF2 from KF<n>]" in issue.hint
    # the same words in prose that relates the cited finding to the item: linked (and warned as a guess)
    [link] = links_of(old_item(), new_item(f"Vector search matters, as `{OLD}.md` Key Finding 2 found.", TIED)).links[NEW]
    assert link.kind == "number best-match prose"


def test_a_source_attribution_s_best_match_leading_by_a_word_of_its_own_is_linked() -> None:
    # "waits" is finding 1's alone: a lead of one word (under the trust bar's two), but its own
    body = f"Vector search waits. Source: `{OLD}.md` Key Finding 2."
    result = links_of(old_item(), new_item(body, TIED))
    [link] = result.links[NEW]
    assert (link.source_number, link.kind) == (1, "number best-match prose") and result.issues == ()
    # ... and where the item says elsewhere which finding uses the cited one, the note is that link's evidence
    said = (TIED[0], f"Vector search costs too much for the team (`{OLD}.md` Key Finding 2).")
    links = links_of(old_item(), new_item(f"Vector search matters. Source: `{OLD}.md` Key Finding 2.", said)).links[NEW]
    assert {(link.source_number, link.kind) for link in links} == {(2, "number held list"), (2, "number anchor prose")}


def test_leads_alone_weighs_each_word_by_the_findings_using_it_exactly() -> None:
    from kgsync.extract.evidence_model import ClaimText
    from kgsync.extract.evidence_source import leads_alone

    def claim(number: int, words: str) -> ClaimText:
        return ClaimText(number, f"k{number}", words, " ".join(sorted(words.split())))
    # alpha: 3 findings (1/3 each), beta: 2 (1/2), gamma: 3: findings 1 and 2 weigh 1/3 + 1/2 and 1/2 + 1/3, a tie
    claims = (claim(1, "alpha beta"), claim(2, "beta gamma"), claim(3, "alpha gamma delta"), claim(4, "alpha gamma"))
    said = frozenset({"alpha", "beta", "gamma"})
    assert not leads_alone(claims[0], claims, said) and not leads_alone(claims[1], claims, said)
    assert leads_alone(claims[2], claims, said | {"delta"})  # a word of its own
    assert not leads_alone(claims[0], claims, frozenset({"omega"}))  # nothing said that it holds


def test_says_another_names_the_cited_item_s_finding_what_is_said_matches_far_better() -> None:
    from kgsync.extract.evidence_model import ClaimText
    from kgsync.extract.evidence_source import says_another

    def claim(number: int, words: str) -> ClaimText:
        return ClaimText(number, f"k{number}", words, " ".join(sorted(words.split())))
    claims = (claim(1, "wiki separate repository"), claim(2, "wiki pages render sidebar home native"),
              claim(3, "wiki search"))
    said = frozenset({"wiki", "render", "sidebar", "home", "native"})  # four words finding 2 alone uses
    assert says_another(claims, {1}, said) == 2
    assert says_another(claims, {1, 2}, said) == 0  # the sentence cites it too: nothing to check
    assert says_another(claims, {1}, frozenset({"wiki", "render", "sidebar"})) == 0  # 2 + 1/3: under 3
    # a lead under twice another finding's weight is no sign the number is wrong
    close = (claims[0], claims[1], claim(3, "wiki render sidebar home"))
    assert says_another(close, {1}, said) == 0


def test_says_nothing_of_a_finding_when_what_is_said_shares_no_word_of_its_own() -> None:
    from kgsync.extract.evidence_model import ClaimText
    from kgsync.extract.evidence_source import says_nothing_of

    def claim(number: int, words: str) -> ClaimText:
        return ClaimText(number, f"k{number}", words, " ".join(sorted(words.split())))
    claims = (claim(1, "wiki separate repository"), claim(2, "wiki pages render sidebar home native"),
              claim(3, "wiki search"))
    said = frozenset({"wiki", "render", "sidebar", "home", "native"})
    assert says_nothing_of(claims, 1, said)  # "wiki" only, which all three use: 1/3 of a word
    assert not says_nothing_of(claims, 1, said | {"repository"})  # a word finding 1 alone uses
    assert not says_nothing_of(claims, 2, said)
    assert says_nothing_of(claims, 1, frozenset())
