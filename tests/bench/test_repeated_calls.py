"""bench/repeated_calls.py: calls against distinct arguments, and the two sentence-scan rewrites it times."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import repeated_calls  # noqa: E402  (bench/ is not a package)

from kgsync.extract import mentions  # noqa: E402
from kgsync.extract.evidence_model import plain_text  # noqa: E402
from kgsync.extract.stance import CLAUSE_END  # noqa: E402

_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "Research" / "completed"


def test_calls_are_counted_against_distinct_arguments_and_the_functions_put_back() -> None:
    rows = {name: (calls, distinct) for name, calls, distinct in repeated_calls.count_calls(
        repeated_calls._item_files(_EXAMPLE)[:2])}
    calls, distinct = rows["kgsync.extract.evidence_model.plain_text"]
    assert calls >= distinct > 0
    assert mentions.plain_text is plain_text  # no wrapper left behind


def test_the_split_form_cuts_the_clauses_the_current_code_does() -> None:
    sentence = "`a.md` confirms X; `b.md` - in part - [see] `c.md` | cell — end–"
    refs = [(sentence.index(slug), slug) for slug in ("`a.md`", "`b.md`", "`c.md`")]
    assert repeated_calls._clauses_by_split(sentence, refs) == mentions._clauses_naming(sentence, refs)


def test_the_former_three_branch_pattern_matches_where_the_clause_end_does() -> None:
    for text in ("a; b | c [d] e - f\t-\tg — h – i", "a-b -c- d -", "x –- y ;; z"):
        assert [m.span() for m in repeated_calls._THREE_BRANCHES.finditer(text)] == [
            m.span() for m in CLAUSE_END.finditer(text)]
