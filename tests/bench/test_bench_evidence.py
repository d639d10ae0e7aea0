"""Which numbered references ``bench/bench_evidence.py`` counts, and for which item (plain string tests)."""

from __future__ import annotations

from bench.bench_evidence import line_citations, with_descriptions

PRIOR = "2026-01-01-local-database"
OTHER = "2026-01-02-context-mode-llm-context-compression"
FRAMEWORK = "2026-01-03-integrative-framework-agent-decision-making"
OWN = "2026-02-01-citing"
CURRENT = {PRIOR, OTHER, FRAMEWORK, OWN}


def test_a_range_or_a_list_is_one_citation_of_every_number_it_names() -> None:
    assert line_citations(f"Layers. Source: `{PRIOR}.md` (Key Findings 1-3).", CURRENT, OWN) == [(PRIOR, (1, 2, 3))]
    assert line_citations(f"Fields. Source: prior research ({PRIOR}.md Key Finding #1 and #2).", CURRENT, OWN) == \
        [(PRIOR, (1, 2))]
    assert line_citations(f"See `{PRIOR}.md` KF 4, 5 and Key Finding 7.", CURRENT, OWN) == \
        [(PRIOR, (4, 5)), (PRIOR, (7,))]


def test_a_range_too_long_to_name_a_finding_names_none() -> None:
    assert line_citations(f"Source: `{PRIOR}.md` (Key Findings 1-40).", CURRENT, OWN) == []


def test_a_number_in_a_sentence_describing_another_item_is_not_the_named_items() -> None:
    line = (f"The prior local-database research and this item agree. The context-mode research's Key Finding 6 "
            f"describes the same stack. Source: `{PRIOR}.md`.")
    assert line_citations(line, CURRENT, OWN) == []
    line = f"The parent taxonomy's internal inconsistency — Key Finding 5 places it at Layer 1 (`{PRIOR}.md`)."
    assert line_citations(line, CURRENT, OWN) == [(PRIOR, (5,))]  # the sentence names the item: its number
    line = f"The parent taxonomy's internal inconsistency — Key Finding 5 places it at Layer 1. See `{PRIOR}.md`."
    assert line_citations(line, CURRENT, OWN) == []  # "the parent taxonomy" may be any item


def test_a_note_or_a_description_of_the_named_item_is_its_citation() -> None:
    line = f"Prior research (`{FRAMEWORK}.md`) names eight domains. [Source: Integrative Framework completed item, Key Finding 5.]"
    assert line_citations(line, CURRENT, OWN) == [(FRAMEWORK, (5,))]
    line = f"The `{PRIOR}.md` item confirmed it. Source: Key Finding #2."
    assert line_citations(line, CURRENT, OWN) == [(PRIOR, (2,))]


def test_a_row_is_one_sentence_and_a_clause_naming_two_items_counts_none() -> None:
    row = f"| Feed block confirmed by prior research | Research/completed/{PRIOR}.md | high | Key Finding 2 of that item |"
    assert line_citations(row, CURRENT, OWN) == [(PRIOR, (2,))]
    assert line_citations(f"`{PRIOR}.md` Key Finding 2 and `{OTHER}.md` Key Finding 3.", CURRENT, OWN) == []
    assert line_citations(f"`{OWN}.md` Key Finding 2.", CURRENT, OWN) == []  # the item itself: no reference


def test_on_a_line_naming_several_items_a_clause_naming_one_is_its_citation() -> None:
    row = (f"| Zero ongoing cost | `Research/completed/{PRIOR}.md`; `Research/completed/{OTHER}.md` Key Finding #2; "
           f"`Research/completed/{FRAMEWORK}.md` | High | All use GITHUB_TOKEN |")
    assert line_citations(row, CURRENT, OWN) == [(OTHER, (2,))]
    row = f"| Governance | Research/completed/{OTHER}.md KF10; Research/completed/{PRIOR}.md | high | Two items |"
    assert line_citations(row, CURRENT, OWN) == [(OTHER, (10,))]
    row = f"| Governance | {OTHER}.md and {PRIOR}.md | high | Key Finding 4 |"
    assert line_citations(row, CURRENT, OWN) == []  # its cell names neither: which item's is a reading
    line = f"Both agree (`{PRIOR}.md`). The context-mode research's Key Finding 6 matches `{OTHER}.md`; see KF 2."
    assert line_citations(line, CURRENT, OWN) == [(OTHER, (6,))]


def test_references_by_description_pool_with_the_numbered_ones_once_a_line_and_item() -> None:
    references = [("items/a.md", 3, PRIOR, (1, 2)), ("items/a.md", 9, PRIOR, (4,))]
    missed = [("items/a.md", 9, PRIOR, (4,))]
    rows = [{"at": "a.md:3", "cited": PRIOR, "finding": "2", "relation": "extends"},  # counted already
            {"at": "a.md:5", "cited": OTHER, "finding": "6", "relation": "extends"},
            {"at": "a.md:5", "cited": OTHER, "finding": "7", "relation": "extends"},  # same line and item: one
            {"at": "a.md:7", "cited": OTHER, "finding": "1", "relation": "extends"},
            {"at": "a.md:8", "cited": OTHER, "finding": "1", "relation": "none"}]  # no reference to link
    stated = {("a.md", 3, f"claim:{PRIOR}:x"), ("a.md", 5, f"claim:{OTHER}:y"), ("a.md", 7, f"claim:{OTHER}:z")}
    sections = {f"claim:{PRIOR}:x": "section:key-finding-1", f"claim:{OTHER}:y": "section:key-finding-7",
                f"claim:{OTHER}:z": "section:key-finding-2"}  # a.md:7 links another finding than the listed one
    assert with_descriptions(references, missed, rows, stated, sections) == (4, 2)
