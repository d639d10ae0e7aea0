"""Claims, summaries and links taken from one item."""

from __future__ import annotations

import pytest

from kgsync.extract.findings import claim_key, claim_of, lead_sentence, resolve_links, undated_suffixes
from kgsync.extract.sentences import first_sentence
from kgsync.read.items import KeyFinding


@pytest.mark.parametrize(
    ("text", "statement", "confidence"),
    [
        ("**Knowledge graphs help recall.** (high confidence; source: https://x.org/a)",
         "Knowledge graphs help recall.", "high"),
        ("**[inference] Confidence: medium.** Indirect injection matters most. Then more. (Sources: https://a.b/c)",
         "Indirect injection matters most.", "medium"),
        ("[fact; source: [Spec](https://agents.md/), [Docs](https://d.io/x)] **High confidence:** AGENTS.md is "
         "portable. Other text.", "AGENTS.md is portable.", "high"),
        ("**[medium][inference]** GitAgent attracted early interest, but not much. Next.",
         "GitAgent attracted early interest, but not much.", "medium"),
        ("**The core mechanism:** Jevons (1865) showed that efficiency raises total use of coal. More.",
         "Jevons (1865) showed that efficiency raises total use of coal.", ""),
        ("Gao et al. (2022) showed proxy optimisation fails at scale. Second.",
         "Gao et al. (2022) showed proxy optimisation fails at scale.", ""),
        ("Plain finding with a [link](https://x.org) and *emphasis* here. Second.",
         "Plain finding with a link and emphasis here.", ""),
    ],
)
def test_claim_statement_and_confidence(text: str, statement: str, confidence: str) -> None:
    claim = claim_of(KeyFinding(1, text, 10))
    assert claim.statement == statement
    assert claim.confidence == confidence
    assert claim.line == 10


def test_item_confidence_is_the_default() -> None:
    assert claim_of(KeyFinding(1, "A plain claim here.", 1), "low").confidence == "low"


def test_the_primary_source_is_kept() -> None:
    text = "**C.** (source: https://a.org/1; https://b.org/2; https://a.org/1; https://c.org/3)"
    assert claim_of(KeyFinding(1, text, 1)).sources == ("https://a.org/1",)


def test_claim_key_is_content_based_and_stable() -> None:
    a = claim_of(KeyFinding(1, "**Indirect prompt injection matters most in practice.**", 5))
    b = claim_of(KeyFinding(7, "**Indirect prompt injection matters most in practice.**", 99))
    assert a.key == b.key == "indirect-prompt-injection-matters"
    assert len(claim_key("internationalisation " * 3 + "x")) <= 40
    assert claim_key("") .startswith("claim-")


def test_long_statements_are_cut_at_a_word() -> None:
    claim = claim_of(KeyFinding(1, "**" + "word " * 100 + "end.**", 1))
    assert len(claim.statement) <= 240 and claim.statement.endswith("…")


def test_lead_sentence_strips_labels_and_citations() -> None:
    summary = ("**[inference]** Prompt injection is an operational problem. (Sources: https://a.org ; "
               "https://b.org) Second sentence.")
    assert lead_sentence(summary) == "Prompt injection is an operational problem."


def test_first_sentence_keeps_abbreviations() -> None:
    assert first_sentence("Use e.g. graphs, i.e. nodes. Next one.") == "Use e.g. graphs, i.e. nodes."


def test_links_resolve_only_when_unambiguous() -> None:
    known = {"2026-01-01-graph-memory": "x", "2026-01-02-vector-search": "y", "2026-01-03-vector-search": "z"}
    suffixes = undated_suffixes(known)
    assert suffixes == {"graph-memory": "2026-01-01-graph-memory"}
    found = resolve_links([("graph-memory", 2), ("vector-search", 1), ("2026-01-02-vector-search", 3),
                           ("nope", 1)], known, suffixes)
    assert found == {"2026-01-01-graph-memory": 2, "2026-01-02-vector-search": 3}


def test_markup_pattern_matches_like_the_lookbehind_form() -> None:
    """``_MARKUP`` tests a lone star from after it (literal-led, fast); same matches as the plain form."""
    import random
    import re

    from kgsync.extract.findings import _MARKUP
    from kgsync.read.inline import LINK_ADDRESS

    # (A link's text holds no "[" and its target no "[": linear on a run of "[", see test_hostile_input.)
    plain = re.compile(rf"\*\*|__|`|\[([^\[\]]*)\]{LINK_ADDRESS}|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")
    rnd = random.Random(3)
    alphabet = ["*", "**", "_", "__", "`", "[", "]", "(", ")", " ", "a", "\n", "é", "-", ":", "1", "[x](y)"]
    for _ in range(20000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12)))
        assert [(m.span(), m.group(1)) for m in _MARKUP.finditer(text)] == \
            [(m.span(), m.group(1)) for m in plain.finditer(text)], text


def test_dated_slugs_equal_findall() -> None:
    """``_dated_slugs`` tries the pattern only at "-dd-dd-" marks; it finds what ``findall`` finds."""
    import random

    from kgsync.extract.findings import _DATED_SLUG, _dated_slugs

    rnd = random.Random(3)
    alphabet = ["2024", "-", "01", "1", "a", "x-y", " ", "_", "é", "\n", "٣", "12", "2", "b.md", ".", "é1", "-12-12-"]
    for _ in range(20000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 14)))
        assert _dated_slugs(text) == _DATED_SLUG.findall(text), text


def test_clean_statement_skips_only_patterns_that_cannot_match() -> None:
    """Each pattern runs only when the text holds what every match of it needs."""
    import random

    from kgsync.extract import findings as extract

    def always(text: str) -> str:
        text = extract._MARKUP.sub(lambda m: m.group(1) or "", text)
        for pattern in (extract._LABEL, extract._INLINE_SOURCE, extract._TRAILING_PAREN, extract._URL):
            text = pattern.sub("", text)
        return extract.shorten(" ".join(text.split()).strip(" :;-—"))

    rnd = random.Random(4)
    pieces = ["[fact]", "[Inference; x]", "(source: a)", "(Sources: b)", " (high confidence)", "CONFIDENCE: low",
              "confıdence: high", "Medium-confidence", "[", "(", ")", "]", "https://x.org/a", "http://y.io/b", "http", " ", "claim",
              "**", "[t](u)", ".", "sources", "\n"]
    for _ in range(20000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 10)))
        assert extract.clean_statement(text) == always(text), text


def test_a_link_whose_address_holds_parentheses_leaves_only_its_text_in_the_statement() -> None:
    # [BM25](https://en.wikipedia.org/wiki/Okapi_BM25_(ranking)) left "BM25)" in the claim, the summary and the PR
    # body: the link's address ended at its first ")" (CommonMark takes balanced parentheses in an address)
    from kgsync.extract.findings import clean_statement

    assert clean_statement("Okapi [BM25](https://en.wikipedia.org/wiki/Okapi_BM25_(ranking)) ranks well.") == \
        "Okapi BM25 ranks well."
    assert clean_statement("See [the goal](https://e.org/The_Goal_(novel) and more.") == "See the goal and more."
    assert lead_sentence("**[fact]** The [Guide](https://e.org/a_(b)_c) says so. More.") == "The Guide says so."


def test_an_image_or_a_link_whose_address_is_refused_leaves_its_label() -> None:
    """QA 121, row 6: a finding's ``![img](x" onerror="…")`` read as "!img\")" on its item's page (the
    link's address ended at the first ")" of the handler, and the image's "!" stayed)."""
    from kgsync.extract.findings import clean_statement
    assert clean_statement('See ![img](x" onerror="alert(2)") there.', limit=None) == "See img there."
    assert clean_statement("See [evil](javascript:alert(1)) now.", limit=None) == "See evil now."
    assert clean_statement("A ![chart](https://x.org/c.png) shows it.", limit=None) == "A chart shows it."
    assert clean_statement("Wow! [the survey](https://x.org/s) says so.", limit=None) == "Wow! the survey says so."


def test_a_claim_key_is_made_of_the_words_a_reader_sees_not_an_inline_html_tags_letters() -> None:
    """qa128 row 10: ``**A <b>bold</b> claim**`` was keyed ``b-bold-b-claim``.  An HTML element's tag shows
    nothing; a placeholder in angle brackets that is no HTML element (``<category>``) is text and stays."""
    assert claim_of(KeyFinding(1, "**A <b>bold</b> <em class=\"x\">new</em> claim holds.** [fact]", 1)).key == \
        "bold-new-claim-holds"
    assert claim_of(KeyFinding(1, "Feeds at <category> are read hourly.", 1)).key == "feeds-category-read-hourly"
