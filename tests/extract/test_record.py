"""parse_record: one file's record (the item kept without body and sections, its issues, what
extract and mine yield), and parts loaded once when first asked for."""

from __future__ import annotations

from dataclasses import replace

from kgsync.extract.findings import extract
from kgsync.extract.mining import candidates
from kgsync.extract.record import Parts, Record, parse_record
from kgsync.read.items import IssueSeverity, read_item_bytes
from tests.item_corpus import item_markdown

TEXT = item_markdown("Knowledge graphs", question="How should agents store knowledge graphs?",
                     summary="Knowledge graphs help agents.", findings=["Knowledge graphs help agents recall work."])


def test_a_record_is_what_read_extract_and_mine_yield_without_the_body() -> None:
    record = parse_record(TEXT.encode(), "Research/completed/2026-01-01-kg.md", "2026-01-01-kg")
    item, _issues = read_item_bytes(TEXT.encode(), "Research/completed/2026-01-01-kg.md", "2026-01-01-kg")
    assert item is not None and record.item is not None
    assert (record.item.body, record.item.sections) == ("", ())
    assert record.item.key_findings == item.key_findings and record.item.title == "Knowledge graphs"
    # the extraction carries mining's modifiers: what the item's claims are not about (issue 21), and
    # the phrases it addresses: the ideas of its bucket themes it links (the body is gone by then)
    mined = candidates(item)
    assert "knowledge graph" in mined.addressed
    assert record.extraction == replace(extract(item), modifiers=mined.modifiers, addressed=mined.addressed)
    assert record.candidates == mined


def test_an_unreadable_file_is_a_record_of_its_issues_alone() -> None:
    record = parse_record(b"---\ntitle: [unclosed\n---\n", "Research/completed/2026-01-02-b.md", "2026-01-02-b")
    assert record.item is None and (record.extraction, record.candidates) == (None, None)
    assert [i.severity for i in record.issues] == [IssueSeverity.ERROR]
    assert str(record.issues[0].location) == "Research/completed/2026-01-02-b.md:2"  # where the [ opens (qa30)


def test_parts_are_loaded_once_when_first_asked_for() -> None:
    calls: list[int] = []

    def load() -> Parts:
        calls.append(1)
        return (None, None)

    record = Record(None, (), load)
    assert calls == []
    assert record.extraction is None and record.candidates is None and record.load_parts() == (None, None)
    assert calls == [1]
