"""The manifest keeps each cut claim's whole statement (kgsync.graph.statements): by construction,
"the recorded statement, else the stored one" is the whole finding, in any checkout."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from kgsync.contract.model import Facts
from kgsync.extract.findings import MAX_STATEMENT, claim_of, extract, statement_of
from kgsync.graph.manifest import Manifest
from kgsync.graph.statements import long_findings, named_items, statement_in, whole_statements
from kgsync.read.items import ResearchItem, read_item_bytes

LONG = ("Retrieval over a knowledge graph answers multi-hop questions better than vector search alone, "
        "because entities and their relations are explicit, and the gain grows with the number of hops "
        "a question needs, as three benchmarks show.")
ITEM = f"""---
title: "A question"
completed: 2026-03-01
cites: [2026-01-01-gone, 2026-02-01-here]
---

## Research Question

Why?

## Executive Summary

Because.

## Key Findings

1. **{LONG}**
2. **A short finding holds.**

## Sources

- https://example.org/a
"""


def _item_and_facts(slug: str = "2026-03-01-a") -> tuple[ResearchItem, Facts]:
    item, _warnings = read_item_bytes(ITEM.encode(), f"{slug}.md", slug)
    assert item is not None
    observations = []
    for finding in item.key_findings:
        claim = claim_of(finding)
        name = f"claim:{slug}:kf-{finding.number}"
        observations += [(name, f"title: {claim.statement}"), (name, f"section:key-finding-{finding.number}")]
    return item, Facts(observations=tuple(observations))


def test_only_cut_claims_are_recorded_whole_and_folded_like_the_stored_title() -> None:
    item, facts = _item_and_facts()
    assert len(LONG) > MAX_STATEMENT
    recorded = whole_statements({"2026-03-01-a": facts}, {"2026-03-01-a": long_findings(item)}, str)
    assert recorded == {"2026-03-01-a": (("claim:2026-03-01-a:kf-1", LONG),)}
    assert statement_in(recorded, "claim:2026-03-01-a:kf-2") is None  # not cut: the stored title is whole
    shouting = whole_statements({"2026-03-01-a": facts}, {"2026-03-01-a": long_findings(item)}, str.upper)
    assert statement_in(shouting, "claim:2026-03-01-a:kf-1") == LONG.upper()


def test_an_item_not_read_now_keeps_its_recorded_statements() -> None:
    _item, facts = _item_and_facts()
    previous = {"2026-03-01-a": (("claim:2026-03-01-a:kf-1", LONG),)}
    assert whole_statements({"2026-03-01-a": facts}, {}, str, previous) == previous
    assert whole_statements({"2026-03-01-a": facts}, {}, str) == {}


class _FactsNotToRead:
    """Facts whose observations must not be read (a reused item's: decoded only when needed)."""

    @property
    def observations(self) -> tuple[tuple[str, str], ...]:
        raise AssertionError("an item with no long finding had its facts read")


def test_an_item_with_no_long_finding_has_no_statements_and_its_facts_are_not_read() -> None:
    unread = cast(Facts, _FactsNotToRead())
    assert whole_statements({"2026-03-01-a": unread}, {"2026-03-01-a": ()}, str) == {}


def test_the_manifest_keeps_them_in_the_item_line_and_reads_them_back() -> None:
    item, facts = _item_and_facts()
    statements = whole_statements({"2026-03-01-a": facts}, {"2026-03-01-a": long_findings(item)}, str)
    manifest = Manifest({"2026-03-01-a": facts, "2026-03-02-b": Facts()}, statements=statements)
    text = manifest.dumps()
    assert len(text.splitlines()) == 4  # still one item a line
    back = Manifest.loads(text, "m.json")
    assert back == manifest and back.by_item == manifest.by_item
    assert statement_in(back.statements, "claim:2026-03-01-a:kf-1") == statement_of(item.key_findings[0], None)
    assert Manifest.loads(Manifest(manifest.by_item).dumps(), "m.json").statements == {}  # an older manifest


def test_the_manifest_keeps_the_slugs_each_item_names_in_its_own_words() -> None:
    item, facts = _item_and_facts()
    named = named_items({"2026-03-01-a": facts, "2026-03-02-b": Facts()}, [item])
    assert named == {"2026-03-01-a": (("cites", "2026-01-01-gone"), ("cites", "2026-02-01-here"))}
    assert named_items({"2026-03-01-a": facts}, [], named) == {"2026-03-01-a": named["2026-03-01-a"]}  # kept
    back = Manifest.loads(Manifest({"2026-03-01-a": facts}, named=named).dumps(), "m.json")
    assert back.named == named and back.by_item == {"2026-03-01-a": facts}


def test_only_findings_longer_than_a_stored_statement_are_kept_whole() -> None:
    item, _facts = _item_and_facts()
    assert long_findings(item) == ((1, LONG),)  # finding 2 is short: its stored title is whole


def test_the_item_s_claims_spare_cleaning_the_findings_they_show_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from kgsync.graph import statements

    item, _facts = _item_and_facts()
    claims = extract(item).claims
    assert long_findings(item, claims) == long_findings(item) == ((1, LONG),)
    assert long_findings(item, ()) == ((1, LONG),)  # no claim says anything: every finding is cleaned
    cleaned: list[int] = []

    def counted(finding: object, limit: int | None = MAX_STATEMENT) -> str:
        cleaned.append(cast(int, getattr(finding, "number")))
        return statement_of(finding, limit)  # type: ignore[arg-type]

    monkeypatch.setattr(statements, "statement_of", counted)
    assert long_findings(item, claims) == ((1, LONG),)
    assert cleaned == [1]  # finding 2's claim is whole: not cleaned again


def test_the_build_cleans_an_item_s_long_findings_once_per_record(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from kgsync.pipeline.cache import whole_findings
    from kgsync.pipeline.cache.files import CacheReader

    item, _facts = _item_and_facts()
    first = whole_findings.WholeFindings(tmp_path, CacheReader()).of([item], {item.slug: "key-1"})
    assert first == {item.slug: ((1, LONG),)} and (tmp_path / "whole-findings.json").is_file()

    def cleaned(_item: ResearchItem, _claims: object = None) -> tuple[tuple[int, str], ...]:
        raise AssertionError("cleaned again although its record did not change")

    monkeypatch.setattr(whole_findings, "long_findings", cleaned)
    assert whole_findings.WholeFindings(tmp_path, CacheReader()).of([item], {item.slug: "key-1"}) == first
    with pytest.raises(AssertionError):  # an edited item (another record key) is cleaned again
        whole_findings.WholeFindings(tmp_path, CacheReader()).of([item], {item.slug: "key-2"})


def test_the_build_uses_a_record_s_claims_only_when_they_are_loaded(tmp_path: Path) -> None:
    from kgsync.pipeline.cache.files import CacheReader
    from kgsync.pipeline.cache.whole_findings import WholeFindings
    from kgsync.extract.record import Parts, Record

    item, _facts = _item_and_facts()
    loads: list[str] = []

    def parts() -> Parts:
        loads.append(item.slug)
        return extract(item), None

    lazy = Record(item, (), parts)  # as read from the cache: its parts load when first asked for
    assert WholeFindings(tmp_path, CacheReader()).of([item], {item.slug: "key-1"}, {item.slug: lazy}) == {
        item.slug: ((1, LONG),)}
    assert loads == []  # not loaded for this: the findings are cleaned instead
    loaded = Record(item, (), (extract(item), None))
    assert WholeFindings(None, CacheReader()).of([item], {}, {item.slug: loaded}) == {item.slug: ((1, LONG),)}
    # Another item's record (the same slug, another object) is not read: its claims need not be this item's.
    from dataclasses import replace

    short = extract(item)
    short = replace(short, claims=tuple(replace(claim, statement="Short.") for claim in short.claims))
    assert WholeFindings(None, CacheReader()).of([item], {}, {item.slug: Record(item, (), (short, None))}) == {
        item.slug: ()}  # its own record's claims are believed
    assert WholeFindings(None, CacheReader()).of([item], {}, {item.slug: Record(replace(item), (), (short, None))}) == {
        item.slug: ((1, LONG),)}


def test_records_changed_names_the_whole_statements_and_named_items_that_differ() -> None:
    from kgsync.graph.statements import records_changed

    base = {"a": (("claim:a:one", "old whole"), ("claim:a:two", "same")), "b": (("claim:b:x", "kept"),)}
    now = {"a": (("claim:a:one", "new whole"), ("claim:a:two", "same")), "b": (("claim:b:x", "kept"),)}
    named = {"a": (("cites", "b"),)}
    assert records_changed(base, now, named, named) == (("claim:a:one",), ())
    assert records_changed(base, base, named, {"a": (("cites", "b"), ("cites", "c"))}) == ((), ("a",))
    assert records_changed(base, base, named, {}) == ((), ("a",))
    assert records_changed(base, base, named, named) == ((), ())
