"""kgsync.extract.evidence_anchor, read through ``evidence.plan``: a citation whose referencing finding the
sentence does not say (a reading-list line, a framing section's sentence, a best match that does not build on
the cited finding, a prose note, a keyword-matched source attribution) belongs to the finding of this item
whose link to that finding the item says elsewhere (``evidence_anchor.anchored``)."""

from __future__ import annotations

from tests.extract.evidence_items import NEW, OLD, OLD_FINDINGS, TWO_USES, item_text, links_of, make, new_item, old_item


def test_a_reading_list_citation_links_the_finding_that_cites_it_not_the_best_match() -> None:
    # The line's words match finding 1 best (semantic, search, small, corpus); finding 2 is the one
    # the item says builds on the old item's Key Finding 2.
    body = f"- [x] `{OLD}.md` — semantic search cost for a small corpus (Key Finding 2)"
    links = links_of(old_item(), new_item(body, TWO_USES)).links[NEW]
    assert {link.source_number for link in links} == {2} and len({link.line for link in links}) == 2
    assert sorted(link.kind for link in links) == ["number anchor reading", "number held list"]
    # without that finding's citation no finding of this item is said to use it: no claim link
    alone = (TWO_USES[0], "Vector search waits until the corpus grows.")
    result = links_of(old_item(), new_item(body, alone))
    assert result.links == {}
    [issue] = result.issues
    assert "reading-list line" in issue.message and f"[extends: {OLD} KF2]" in issue.hint


def test_a_citation_no_best_match_builds_on_restates_the_link_a_finding_says() -> None:
    # "Binary files …" shares nothing with the old item's vector-store finding: before, the item
    # would keep only its item->item link; finding 2 cites that finding, so the sentence is
    # evidence of finding 2's link.
    body = f"Binary files stay out of the repository (`{OLD}.md` Key Finding 2)."
    result = links_of(old_item(), new_item(body, TWO_USES))
    assert {(link.source_number, link.kind) for link in result.links[NEW]} == {
        (2, "number held list"), (2, "number anchor prose")}
    assert result.issues == ()


def test_a_prose_note_belongs_to_the_finding_the_item_names_firmly_elsewhere() -> None:
    # A source note after an analysis sentence matches finding 1 by its words (semantic, search,
    # small, corpus, vector, stores): where the note stands, not which finding uses the cited one.
    # Finding 2's own entry cites that finding: the note is evidence of finding 2's link.
    body = f"Semantic search over vector stores costs too much for a small corpus. Source: `{OLD}.md` Key Finding 2."
    result = links_of(old_item(), new_item(body, TWO_USES))
    assert {(link.source_number, link.kind) for link in result.links[NEW]} == {
        (2, "number held list"), (2, "number anchor prose")}
    # ... as is an Evidence Map row naming finding 2's claim
    row = (f"| Claim | Source | Confidence |\n|---|---|---|\n"
           f"| Vector search waits until the corpus grows | `{OLD}.md` Key Finding 2 | high |")
    alone = (TWO_USES[0], "Vector search waits until the corpus grows.")
    links = links_of(old_item(), new_item(f"{body}\n\n{row}", alone)).links[NEW]
    assert {(link.source_number, link.kind.split()[1]) for link in links} == {(2, "anchor"), (2, "clear-match")}
    # without either, the note's best match builds on it, as before
    [link] = links_of(old_item(), new_item(body, alone)).links[NEW]
    assert (link.source_number, link.kind) == (1, "number clear-match prose")


def test_a_source_attribution_matched_by_keywords_belongs_to_the_finding_the_item_links_it_from_elsewhere() -> None:
    # "Vector search" is both findings' subject: the note's best match is a keyword's guess (``leads_alone``),
    # unlinked and warned (tests/extract/test_evidence_source.py) ...
    tied = ("Vector search waits until the corpus grows.", "Vector search costs too much for the team.")
    note = f"Vector search matters. Source: `{OLD}.md` Key Finding 2."
    assert links_of(old_item(), new_item(note, tied)).links == {}
    # ... unless another sentence of the item relates the same cited finding to one of its findings (here
    # finding 2, by "costs", a best match under the trust bar): the note is that link's evidence
    prose = f"Vector search costs money, as `{OLD}.md` Key Finding 2 found."
    result = links_of(old_item(), new_item(f"{prose}\n\n{note}", tied))
    assert {(link.source_number, link.line > 0, link.kind) for link in result.links[NEW]} == {
        (2, True, "number best-match prose"), (2, True, "number anchor prose")}
    assert not [issue for issue in result.issues if "named as the source" in issue.message]
    # two findings linking it elsewhere do not say which one uses it: unlinked and warned, as before
    other = f"Vector search waits for growth, as `{OLD}.md` Key Finding 2 found."
    result = links_of(old_item(), new_item(f"{prose}\n\n{other}\n\n{note}", tied))
    assert {link.sentence for link in result.links[NEW]} == {prose, other}
    assert [issue for issue in result.issues if "named as the source" in issue.message]


def test_a_reading_list_citation_with_no_anchor_links_the_one_finding_that_names_the_cited_item() -> None:
    # No finding cites the old item's Key Finding 2, but finding 2's entry names the old item as a whole (its
    # undated name's start, before a role noun): that finding says it uses the item, the line says which finding
    body = f"- [x] `{OLD}.md` — semantic search cost for a small corpus (Key Finding 2)"
    naming = (TWO_USES[0], "Vector search waits until the corpus grows, as the prior old-study research advised.")
    result = links_of(old_item(), new_item(body, naming))
    [link] = result.links[NEW]
    assert (link.source_number, link.relation.value, link.kind) == (2, "extends", "number named reading")
    assert link.target_claim.startswith(f"claim:{OLD}:vector-stores") and result.issues == ()
    # the dated slug in the finding's entry names it too
    dated = (TWO_USES[0], f"Vector search waits until the corpus grows (`{OLD}.md`).")
    [link] = links_of(old_item(), new_item(body, dated)).links[NEW]
    assert (link.source_number, link.kind) == (2, "number named reading")
    # ... and so does an evidence label giving its page as the finding's source
    labelled = (TWO_USES[0], f"[inference; source: https://example.org/research/{OLD}.html] Vector search waits.")
    [link] = links_of(old_item(), new_item(body, labelled)).links[NEW]
    assert (link.source_number, link.kind) == (2, "number named reading")


def test_no_finding_named_for_a_citation_when_several_name_the_item_or_the_name_fits_another() -> None:
    body = f"- [x] `{OLD}.md` — semantic search cost for a small corpus (Key Finding 2)"
    # two findings name the old item: which one uses it is not said
    both = ("Semantic search costs too much, as the old-study research found.",
            "Vector search waits until the corpus grows, as the prior old-study research advised.")
    result = links_of(old_item(), new_item(body, both))
    assert result.links == {} and "reading-list line" in result.issues[0].message
    # a finding whose entry cites another of its findings by number draws on that one, not on the item
    numbered = (TWO_USES[0], f"Vector search waits, as the old-study research (`{OLD}.md` Key Finding 3) found.")
    assert [link.source_number for link in links_of(old_item(), new_item(body, numbered)).links[NEW]] == [2]
    assert {link.kind for link in links_of(old_item(), new_item(body, numbered)).links[NEW]} == {"number held list"}
    # a name's start that fits two items this item names names neither
    other = make("2026-01-15-old-study-sequel", item_text("Sequel", "2026-01-15", OLD_FINDINGS))
    sequel = f"{body}\n\nSee `2026-01-15-old-study-sequel.md` too."
    fits_two = (TWO_USES[0], "Vector search waits until the corpus grows, as the old-study research advised.")
    assert NEW not in links_of(old_item(), other, new_item(sequel, fits_two)).links


def test_a_report_with_no_anchor_links_the_one_finding_that_gives_the_item_as_its_source() -> None:
    # The list line reports the old item's Key Finding 2 by its words (not a whole restatement); no finding holds
    # it or says a link to that finding, but finding 2's evidence label gives the old item's page as its source
    old = make(OLD, item_text("Old study", "2026-01-01", (OLD_FINDINGS[0], "Vector stores solve semantic search, "
                              "not deduplication, and each needs a server process with operational cost, backups and "
                              "monitoring.", OLD_FINDINGS[2])))
    page = f"https://example.org/research/{OLD}.html"
    body = f"- [fact; source: {page}] The completed old study concluded that vector stores solve semantic search."
    sourced = ("SQLite FTS5 search is enough for a small corpus of items.",
               f"[inference; source: {page}] Delay the second phase until growth.")
    result = links_of(old, new_item(body, sourced))
    [link] = result.links[NEW]
    assert (link.source_number, link.relation.value, link.kind) == (2, "extends", "restated named list")
    assert link.target_claim == f"claim:{OLD}:vector-stores-solve-semantic" and result.issues == ()
    # no finding naming the item: which one builds on it is not said (warned, no link), as before
    result = links_of(old, new_item(body, (sourced[0], "Delay the second phase until growth.")))
    assert result.links == {} and "no finding of this item clearly builds on it" in result.issues[0].message
