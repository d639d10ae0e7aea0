"""What the evidence plan reads of each item: stored by record key in shards, equal to reading it again."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from kgsync.pipeline.cache.evidence_texts import EvidenceTexts
from kgsync.pipeline.cache.files import CacheReader
from kgsync.extract.evidence_model import EvidenceText
from kgsync.extract.findings import Extraction
from tests.pipeline.cache.example_records import _corpus


class _Unread(Mapping[str, Extraction]):
    """Extractions that must not be asked for: the stored texts stand for them."""

    def __getitem__(self, slug: str) -> Extraction:
        raise AssertionError(f"the extraction of {slug} was read")

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


class _Recording(CacheReader):
    """A reader that says which files it wrote."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[str] = []

    def write(self, path: Path, value: object) -> None:
        self.written.append(path.name)
        super().write(path, value)


def test_stored_texts_are_the_texts_and_an_edit_rewrites_its_shards_only(tmp_path: Path) -> None:
    items, keys, extractions = _corpus()
    assert len(items) >= 6
    expected = {item.slug: EvidenceText.of(extractions[item.slug]) for item in items}
    first = _Recording()
    assert EvidenceTexts(tmp_path, first).of(items, keys, extractions) == expected
    shards = sorted(path.name for path in (tmp_path / "evidence").glob("*.json"))
    assert sorted(first.written) == shards and len(shards) > 1 and not (tmp_path / "evidence.json").exists()
    # Read back without one extraction: every text from its shard, nothing written.
    again = _Recording()
    assert EvidenceTexts(tmp_path, again).of(items, keys, _Unread()) == expected
    assert again.written == [] and not again.notices
    # One item's record changed: its old and new shards are written again, no other.
    slug = items[0].slug
    old_key, new_key = keys[slug], "f" * 40 if keys[slug][0] != "f" else "0" * 40
    edited = _Recording()
    assert EvidenceTexts(tmp_path, edited).of(items, {**keys, slug: new_key}, extractions) == expected
    assert f"{new_key[0]}.json" in edited.written
    assert set(edited.written) <= {f"{old_key[0]}.json", f"{new_key[0]}.json"}
    stored = EvidenceTexts(tmp_path, CacheReader()).stored
    assert new_key in stored and old_key not in stored
