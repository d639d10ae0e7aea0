"""kgsync.extract.evidence_feeds: the inference right after a sourced fact says which finding the fact feeds."""

from __future__ import annotations

from kgsync.extract.evidence_feeds import MAX_INFERENCE_LINES, fed_finding, inference_after, is_fact
from kgsync.extract.evidence_model import ClaimText
from kgsync.extract.references import scan
from kgsync.read.items import IssueSeverity
from tests.extract.evidence_items import NEW, OLD, links_of, new_item, old_item

#: Two findings a fact on vector search matches equally ("vector", "search"): its words say neither.
TIED = ("Vector search waits until the corpus grows past fifty items.", "Vector search costs too much for the team budget.")


def fact_block(inference: str, fact: str = "Vector search helps.") -> str:
    """A sub-question block of an investigation: a sourced fact citing the old item's Key Finding 2, then
    ``inference`` as the next paragraph."""
    return f"**A1. Vector timing**\n\n[fact] {fact} [Source: `{OLD}.md`, Key Finding 2.]\n\n{inference}\n"


def test_is_fact_reads_the_first_evidence_label_of_the_line() -> None:
    assert is_fact("[fact] X. [Source: `a.md`, Key Finding 2.]")
    assert is_fact("**[fact]** X. Source: `a.md` Key Finding 2.")
    assert is_fact("X rebuilds from YAML. [fact, source: a.md Key Finding 4]")  # the label at the end
    assert not is_fact("[inference] X. [fact: source = a.md]")  # an inference citing a fact's source
    assert not is_fact("X. Source: `a.md` Key Finding 2.")  # no label: not said to be a fact


def test_inference_after_is_the_next_paragraph_when_it_opens_with_an_inference_label() -> None:
    lines = ["[fact] Vector search helps.", "It continues here.", "", "",
             "**[inference]** The corpus grows past fifty.", "1. **Layer** waits", "", "[fact] Another."]
    assert inference_after(lines, 0) == "corpus fifty grows layer past waits"  # the list it opens too, no label
    assert inference_after(lines, 1) == inference_after(lines, 0)  # from any line of the fact's paragraph
    assert inference_after(lines, 7) == ""  # the end
    # another fact first, a heading or a bold line (a new sub-question), a rule: nothing feeds this fact
    for between in ("[fact] Cost is low.", "#### A2. Cost", "**A2. Cost**", "**A2. Cost** [fact]", "---"):
        assert inference_after(["[fact] X.", "", between, "[inference] The corpus grows."], 0) == "", between
    # a heading right under the inference ends it
    assert inference_after(["[fact] X.", "", "[inference; source: b.md] Corpus grows.", "### Next"], 0) == \
        "corpus grows"


def test_inference_after_reads_a_bounded_paragraph_and_leaves_references_out() -> None:
    lines = ["[fact] X.", "", f"[inference] Per `{OLD}.md` the corpus grows."] + \
        [f"- word{n}" for n in range(MAX_INFERENCE_LINES + 5)]
    words = inference_after(lines, 0).split()
    assert "word0" in words and f"word{MAX_INFERENCE_LINES - 2}" in words and f"word{MAX_INFERENCE_LINES}" not in words
    assert not any("old" in word or "study" in word for word in words)  # the path says nothing of the subject


def test_fed_finding_is_the_inference_s_clear_match_or_none() -> None:
    claims = [ClaimText(1, "a", TIED[0]), ClaimText(2, "b", TIED[1])]
    assert fed_finding("corpus fifty grows items", claims) == claims[0]
    assert fed_finding("budget costs team", claims) == claims[1]
    assert fed_finding("corpus search vector", claims) is None  # a lead of one word: not clear
    assert fed_finding("corpus grows", claims) is None  # two words: too few to be sure
    assert fed_finding("corpus fifty grows items", []) is None


def test_scan_keeps_the_inference_of_a_sourced_fact_s_numbered_citation() -> None:
    [mention] = scan(new_item(fact_block("[inference] The corpus grows past fifty items.")))
    assert mention.sourced and mention.finding == 2 and mention.feeds == "corpus fifty grows past"  # "items" is a stop word
    # an inference citing the item is no fact: it says itself what the item makes of it
    [mention] = scan(new_item(f"[inference] Vector search helps. [Source: `{OLD}.md`, Key Finding 2.]\n\n"
                              "[inference] The corpus grows past fifty items.\n"))
    assert mention.feeds == ""


def test_a_sourced_fact_links_its_best_match_when_the_inference_after_it_feeds_that_finding() -> None:
    result = links_of(old_item(), new_item(fact_block("[inference] The corpus grows past fifty items."), TIED))
    [link] = result.links[NEW]
    assert (link.source_number, link.kind) == (1, "number fed prose") and result.issues == ()


def test_a_sourced_fact_whose_inference_feeds_another_finding_or_none_links_no_claim() -> None:
    # the fact's words match KF1 (list order), the inference says KF2; or the inference names no finding clearly
    for inference in ("[inference] The team budget costs too much.", "[inference] Nothing else follows."):
        result = links_of(old_item(), new_item(fact_block(inference), TIED))
        assert result.links == {}, inference  # the item -> item extends says all there is
        [issue] = result.issues
        assert issue.severity is IssueSeverity.WARNING and "the inference after the fact" in issue.message
        assert f"[extends: {OLD} KF2 from KF<n>]" in issue.hint


def test_a_sourced_fact_whose_own_words_state_a_finding_clearly_keeps_it() -> None:
    # "waits until the corpus grows past fifty items": KF1's own words, clear; the inference feeding KF2 changes nothing
    fact = "Vector search waits until the corpus grows past fifty items."
    [link] = links_of(old_item(), new_item(fact_block("[inference] The team budget costs too much.", fact), TIED)).links[NEW]
    assert (link.source_number, link.kind) == (1, "number clear-match prose")
