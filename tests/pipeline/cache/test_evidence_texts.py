"""What the evidence plan reads of each item: stored by record key in shards, equal to reading it again."""

from __future__ import annotations

import json
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


def test_a_stored_claim_that_does_not_decode_is_read_again_with_a_notice(tmp_path: Path) -> None:
    # The claims are decoded when first read: an entry whose claims are JSON of another shape is
    # caught then, read from the item's extraction instead, and its shard removed (written next time).
    items, keys, extractions = _corpus()
    expected = {item.slug: EvidenceText.of(extractions[item.slug]) for item in items}
    EvidenceTexts(tmp_path, CacheReader()).of(items, keys, extractions)
    slug = next(item.slug for item in items if expected[item.slug].claims)
    shard = tmp_path / "evidence" / f"{keys[slug][0]}.json"
    data = json.loads(shard.read_text(encoding="utf-8"))
    data[1][keys[slug]]["claims"] = [{"number": "one"}]
    shard.write_text(json.dumps(data), encoding="utf-8")
    reader = CacheReader()
    texts = EvidenceTexts(tmp_path, reader).of(items, keys, extractions)
    assert not reader.notices  # the file validates: its claims are not read yet
    assert texts == expected and texts[slug].claims == expected[slug].claims
    assert len(reader.notices) == 1 and slug in reader.notices[0].message and not shard.exists()
    # Each stored text, read back, equals (and hashes as) the text read again.
    again = EvidenceTexts(tmp_path, CacheReader()).of(items, keys, extractions)
    assert all(again[s] == expected[s] and expected[s] == again[s] and hash(again[s]) == hash(expected[s])
               for s in expected)
