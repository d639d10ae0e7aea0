"""Tests of kgsync.pipeline.cache.facts: each item's facts in 16 shards, a one-item edit rewrites its own."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from kgsync.graph.manifest import manifest_path
from kgsync.pipeline.cache import facts
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.read.items import find_item_files
from tests.pipeline.build_files import _cache_folder, _fresh_bytes, items_dir


def _written(calls: list[Path]):  # type: ignore[no-untyped-def]
    real = CacheReader.write

    def write(self: CacheReader, path: Path, value: object) -> None:
        calls.append(path)
        real(self, path, value)
    return write


def test_an_edit_rewrites_only_the_edited_items_shard(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    shards = sorted(p.stem for p in (_cache_folder(cfg) / "facts").glob("*.json"))
    assert len(shards) > 1 and all(len(s) == 1 and s in "0123456789abcdef" for s in shards)
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    victim.write_text(victim.read_text(encoding="utf-8").replace("\n## ", "\nOne more line.\n\n## ", 1), encoding="utf-8")
    calls: list[Path] = []
    with mock.patch.object(CacheReader, "write", _written(calls)):
        build(cfg)
    rewritten = [p.name for p in calls if p.parent.name == "facts"]
    shard = hashlib.sha1(victim.stem.encode()).hexdigest()[0]
    assert rewritten == [f"{shard}.texts", f"{shard}.json"]  # its own shard (texts first), no other
    assert cfg.path(cfg.graph).read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]


def test_shards_of_other_code_or_inputs_are_ignored_and_distrusted_entries_dropped(repo: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    folder = _cache_folder(cfg)
    shard = sorted((folder / "facts").glob("*.json"))[0]
    context = CacheReader().read(shard, facts._FactsShard)[0][1]  # the corpus-wide inputs' key the build used
    stored = facts.FactsStore(folder, context, CacheReader())
    assert stored.entries and stored.usable
    assert facts.FactsStore(folder, "another corpus", CacheReader()).entries == {}
    with mock.patch.object(facts.fingerprint, "with_memo_source", lambda code, memo: "other code"):
        assert facts.FactsStore(folder, context, CacheReader()).entries == {}
    slug = sorted(stored.entries)[0]
    reader = CacheReader()
    distrusting = facts.FactsStore(folder, context, reader, distrust=frozenset({slug}))
    assert slug not in distrusting.entries and len(distrusting.entries) == len(stored.entries) - 1
    assert any(slug in notice.message for notice in reader.notices)


def test_without_a_context_the_store_is_not_used_and_save_empties_it(tmp_path: Path) -> None:
    (tmp_path / "facts").mkdir()
    (tmp_path / "facts" / "0.json").write_text("{}", encoding="utf-8")
    store = facts.FactsStore(tmp_path, None, CacheReader())
    assert not store.usable and store.memo({}) is None
    store.save(None)
    assert not (tmp_path / "facts").exists()


def _note_at_the_end(repo: Path) -> Path:
    """An edit that keeps the item's candidate terms: the vocabulary's selection is reused."""
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[1]
    victim.write_text(victim.read_text(encoding="utf-8") + "\nA plain note at the end of the log.\n", encoding="utf-8")
    return victim


def _stale_terms(folder: Path, choice: bool) -> None:
    """Every stored entry's terms key made stale, and (``choice``) the stored ``TermChoice`` emptied,
    under the choice key they were stored with: only the store's word (the same selection) makes them count."""
    reader = CacheReader()
    for shard in (folder / "facts").glob("*.json"):
        header, entries = reader.read(shard, facts._FactsShard)
        reader.write(shard, (header, {slug: ((keys[0], "stale", keys[2]), *rest)
                                      for slug, (keys, *rest) in entries.items()}))
    if not choice:
        return
    code, key, _choice = reader.read(folder / "term-choice.json", facts._StoredChoice)
    reader.write(folder / "term-choice.json", (code, key, ((), (), (), ())))


def _spies():  # type: ignore[no-untyped-def]
    from kgsync.graph import assemble
    from kgsync.pipeline.cache import memo

    return (mock.patch.object(memo, "item_facts", side_effect=memo.item_facts),
            mock.patch.object(assemble, "term_choice", side_effect=assemble.term_choice))


def test_under_the_same_selection_the_items_terms_are_carried_over(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    _stale_terms(_cache_folder(cfg), choice=False)
    victim = _note_at_the_end(repo)
    assembling, choosing = _spies()
    with assembling as assembled, choosing as chose:
        build(cfg)
    # No item's terms chosen or checked again: the stale keys were trusted (what the test below shows
    # they are not, under another selection); only the edited item was assembled.
    assert chose.call_count == 0
    assert [call.args[1].slug for call in assembled.call_args_list] == [victim.stem]
    assert cfg.path(cfg.graph).read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]


def test_carried_over_terms_are_not_trusted_under_another_selection(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    folder = _cache_folder(cfg)
    _stale_terms(folder, choice=True)
    (folder / "vocab" / "inputs.json").unlink()  # the vocabulary is selected again: another selection
    _note_at_the_end(repo)
    assembling, choosing = _spies()
    with assembling as assembled, choosing as chose:
        result = build(cfg)
    assert chose.call_count == 1  # the stale choice was not carried over
    assert assembled.call_count == len(result.items)  # no stale terms key vouched for
    assert (cfg.path(cfg.graph).read_bytes(), manifest_path(cfg.path(cfg.graph)).read_bytes()) == _fresh_bytes(
        repo, cfg, tmp_path)


def test_a_stored_choice_of_terms_is_recalled_under_its_key_and_code_only(tmp_path: Path) -> None:
    from kgsync.graph.terms import TermChoice

    choice = TermChoice(frozenset({"a"}), frozenset({"b"}), frozenset({"t"}), frozenset({"n", "m"}))
    facts.TermChoiceStore(tmp_path, CacheReader()).save("key", choice)
    stored = facts.TermChoiceStore(tmp_path, CacheReader())
    assert stored.recall("key") == choice
    assert stored.recall("another key") is None and stored.recall(None) is None
    with mock.patch.object(facts.fingerprint, "with_memo_source", lambda code, memo: "other code"):
        assert facts.TermChoiceStore(tmp_path, CacheReader()).recall("key") is None
    stored.save(None, choice)  # no key (no selection id): nothing kept
    assert facts.TermChoiceStore(tmp_path, CacheReader()).recall("key") is None
    assert facts.TermChoiceStore(None, CacheReader()).recall("key") is None


def _first_shard(repo: Path) -> tuple[Path, Path, tuple[str | None, ...], dict[str, Any]]:
    """After a build of ``repo``: its cache folder, the facts store's first shard, its header and entries."""
    cfg = config_module.load(repo)
    build(cfg)
    folder = _cache_folder(cfg)
    shard = sorted((folder / "facts").glob("*.json"))[0]
    header, entries = CacheReader().read(shard, facts._FactsShard)
    return folder, shard, header, entries


def test_the_texts_are_kept_apart_and_read_only_when_asked(repo: Path) -> None:
    folder, shard, header, entries = _first_shard(repo)
    assert all(entry[3][1] is None for entry in entries.values())  # no text in the entries' file
    store = facts.FactsStore(folder, header[1], CacheReader())
    memo = store.memo({slug: entry[0][0] for slug, entry in store.entries.items()})
    assert memo is not None and store.texts.loaded == {}  # no texts file read with the entries
    slug = sorted(entries)[0]
    text = facts.memo_module._text(slug, memo.texts)
    assert text.startswith('{"entities":') and list(store.texts.loaded) == [shard.stem]  # its own shard's only


def test_texts_not_written_with_their_entries_are_not_used(repo: Path) -> None:
    folder, shard, header, entries = _first_shard(repo)
    texts = shard.with_suffix(".texts")
    texts_id, stored = CacheReader().read(texts, facts._TextsFile)
    CacheReader().write(texts, ("0" * 40, stored))  # a save cut short: the texts of another write
    assert not set(entries) & set(facts.FactsStore(folder, header[1], CacheReader()).entries)
    texts.unlink()  # lost: the same
    assert not set(entries) & set(facts.FactsStore(folder, header[1], CacheReader()).entries)
    slug = sorted(entries)[0]
    CacheReader().write(texts, (texts_id, {s: text for s, text in stored.items() if s != slug}))
    store = facts.FactsStore(folder, header[1], CacheReader())
    assert set(entries) <= set(store.entries)  # the texts of this write, but one lost: reading it raises
    with pytest.raises(facts.memo_module.InvalidStoredFacts):
        facts.memo_module._text(slug, store.texts)


def test_texts_replaced_after_the_entries_were_read_are_still_those_read(repo: Path) -> None:
    # A save in a forked child (``kgsync.pipeline.behind``) rewrites a shard while the build goes on.
    folder, shard, header, entries = _first_shard(repo)
    texts = shard.with_suffix(".texts")
    texts_id, stored = CacheReader().read(texts, facts._TextsFile)
    store = facts.FactsStore(folder, header[1], CacheReader())
    CacheReader().write(texts, ("1" * 40, {slug: '"{}"' for slug in stored}))
    slug = sorted(entries)[0]
    assert facts.memo_module._text(slug, store.texts) == json.loads(bytes(stored[slug]))


def test_a_rebuild_with_a_shards_texts_lost_equals_a_fresh_build(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    for texts in (_cache_folder(cfg) / "facts").glob("*.texts"):
        texts.unlink()
    _note_at_the_end(repo)
    build(cfg)
    assert (cfg.path(cfg.graph).read_bytes(), manifest_path(cfg.path(cfg.graph)).read_bytes()) == _fresh_bytes(
        repo, cfg, tmp_path)
    assert sorted(p.suffix for p in (_cache_folder(cfg) / "facts").iterdir()).count(".texts") > 1  # written again
