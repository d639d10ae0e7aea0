"""Which links a stance hint's sentence states, and a reading's row as a verdict on ``extends``
(``bench/bench_stance_hints.py``)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_stance_hints import hint_tag, items_folder, reading_rows, sentence_tags, verdict_on_extends
from kgsync.contract.model import RelationType
from kgsync.extract.evidence_hints import own_stance_hint, prose_stance_hint, refused_hint, unclear_source_hint
from tests.extract.evidence_items import NEW, OLD, mention, new_item


def test_the_tags_are_read_from_the_hints_the_plan_writes() -> None:
    item = new_item("Nothing here.")
    assert hint_tag(prose_stance_hint(item, {(OLD, 2): mention(stance=RelationType.SUPPORTS)}).message) == "stance"
    assert hint_tag(refused_hint(item, mention(refused="confirms"), OLD, 2).message) == "refused"
    assert hint_tag(own_stance_hint(item, {(OLD, 2): mention(stance=RelationType.SUPPORTS)}).message) == "own"
    assert hint_tag(unclear_source_hint(item, mention(), OLD, 2).message) == ""


def test_a_sentence_is_tagged_by_the_hint_at_its_line_naming_its_cited_item() -> None:
    item = new_item("Nothing here.")
    stance = prose_stance_hint(item, {(OLD, 2): mention(stance=RelationType.SUPPORTS)})
    stated = (f"claim:{NEW}:a", f"claim:{OLD}:b", "extends", "word-match clear-match prose", "s", f"{NEW}.md:7")
    elsewhere = (*stated[:5], f"{NEW}.md:8")
    other_item = (stated[0], "claim:2026-01-15-other-study:c", *stated[2:])
    tags = sentence_tags([stated, elsewhere, other_item], (stance,))
    assert tags == {stated: "stance", elsewhere: "", other_item: ""}


def test_a_row_is_a_verdict_on_the_relation_the_reader_judged() -> None:
    row = {"relation": "supports", "verdict": "right", "should_be": ""}
    assert verdict_on_extends(row) == "wrong-relation"  # the reader wants supports
    assert verdict_on_extends({**row, "reader_relation": "extends"}) == "right"  # the reader judged it as extends
    assert verdict_on_extends({**row, "verdict": "wrong-relation", "should_be": "extends"}) == "right"
    assert verdict_on_extends({**row, "relation": "extends", "verdict": "wrong-relation",
                               "should_be": "contradicts"}) == "wrong-relation"
    assert verdict_on_extends({**row, "relation": "extends", "verdict": "wrong-finding"}) == "other"
    assert verdict_on_extends({**row, "relation": "extends", "verdict": "none", "should_be": "none"}) == "other"


def test_a_reading_s_rows_are_grouped_by_pair(tmp_path: Path) -> None:
    reading = tmp_path / "reading.tsv"
    reading.write_text("# who, when\nid\trelation\tfrom\tto\tverdict\tshould_be\tnote\n"
                       "1\textends\tclaim:a:x\tclaim:b:y\tright\t\t\n"
                       "2\textends\tclaim:a:x\tclaim:b:y\twrong-relation\tsupports\t\n"
                       "3\textends\tclaim:a:z\tclaim:b:y\tnone\tnone\t\n", encoding="utf-8")
    rows = reading_rows(reading)
    assert [r["id"] for r in rows[("claim:a:x", "claim:b:y")]] == ["1", "2"]
    assert [r["id"] for r in rows[("claim:a:z", "claim:b:y")]] == ["3"]


def test_the_items_folder_holds_both_corpora_but_no_readme(tmp_path: Path) -> None:
    for part, name in (("research", "2026-01-01-a.md"), ("later", "2026-06-01-b.md"), ("research", "README.md")):
        (tmp_path / "corpus" / part).mkdir(parents=True, exist_ok=True)
        (tmp_path / "corpus" / part / name).write_text("---\ntitle: x\n---\n", encoding="utf-8")
    folder = items_folder(tmp_path, tmp_path / "work")
    assert sorted(p.name for p in folder.iterdir()) == ["2026-01-01-a.md", "2026-06-01-b.md"]
    assert items_folder(tmp_path, tmp_path / "work") == folder  # a second run reuses it
