"""Tests of kgsync.pipeline.cache.selection: the last vocabulary reused only when no edit can change it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import msgspec

from kgsync.pipeline.cache import selection
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.read.items import find_item_files
from kgsync.vocabulary.terms import Vocabulary
from tests.pipeline.build_files import _cache_folder, _fresh_bytes, items_dir


def _note_at_the_end(repo: Path) -> None:
    """An edit that keeps the item's candidate terms: no vocabulary can change."""
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[1]
    victim.write_text(victim.read_text(encoding="utf-8") + "\nA plain note at the end of the log.\n", encoding="utf-8")


def test_an_edit_that_keeps_the_candidates_reuses_the_vocabulary(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    stored = _cache_folder(cfg) / "vocab"
    assert (stored / "inputs.json").is_file() and (stored / "selection.json").is_file()
    vocabulary = (stored / "selection.json").read_bytes()
    _note_at_the_end(repo)
    reuse = selection.SelectionStore._reuse
    with mock.patch.object(selection, "select_with_stats", side_effect=AssertionError("selected again")), \
            mock.patch.object(selection.SelectionStore, "_reuse", autospec=True, side_effect=reuse) as reusing:
        build(cfg)
    assert reusing.call_count == 1  # the stored selection was weighed, and (no selecting) kept
    assert (stored / "selection.json").read_bytes() == vocabulary  # not rewritten
    assert cfg.path(cfg.graph).read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]


def test_an_edit_that_moves_a_shortened_name_selects_again(repo: Path, tmp_path: Path) -> None:
    # Its terms are as they were, but the alias a name's shortened form gives (``vocabulary.named_tails``)
    # is the edited item's own: a stored selection read otherwise is stale.
    cfg = config_module.load(repo)
    build(cfg)
    _note_at_the_end(repo)
    real = selection.select_with_stats
    with mock.patch.object(selection, "item_tails", lambda vocabulary, cand: (id(cand),)), \
            mock.patch.object(selection, "select_with_stats", side_effect=real) as selecting:
        build(cfg)
    assert selecting.call_count == 1
    assert cfg.path(cfg.graph).read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]


def test_a_vocabulary_of_other_code_is_selected_again(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    _note_at_the_end(repo)
    real = selection.select_with_stats
    with mock.patch.object(selection.fingerprint, "code_fingerprint", lambda stage: "other code"), \
            mock.patch.object(selection, "select_with_stats", side_effect=real) as selecting:
        build(cfg)
    assert selecting.call_count == 1
    assert cfg.path(cfg.graph).read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]


def test_without_a_cache_folder_nothing_is_stored() -> None:
    store = selection.SelectionStore(None, mock.Mock())
    assert store.folder is None and store.inputs is None and store.keys == ()



def test_a_stored_vocabulary_is_the_vocabulary_and_a_bad_entry_selects_again(repo: Path, tmp_path: Path) -> None:
    # The items' terms of a reused vocabulary are decoded when asked for: equal to the whole file decoded;
    # an entry that does not validate is caught when read, and the build runs again selecting anew.
    cfg = config_module.load(repo)
    build(cfg)
    path = _cache_folder(cfg) / "vocab" / "selection.json"
    whole = msgspec.json.decode(path.read_bytes(), type=tuple[str, Vocabulary, tuple[tuple[str, str], ...]])
    stored = msgspec.json.decode(path.read_bytes(), type=selection._StoredSelection)
    lazy = selection._vocabulary(stored[1])
    assert isinstance(lazy.per_item, selection._StoredTerms) and lazy == whole[1]
    assert dict(lazy.per_item) == dict(whole[1].per_item) and len(lazy.per_item) == len(whole[1].per_item) > 1
    data = json.loads(path.read_text(encoding="utf-8"))
    data[1]["per_item"] = {slug: {"slug": 1} for slug in data[1]["per_item"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    _note_at_the_end(repo)
    real = selection.select_with_stats
    with mock.patch.object(selection, "select_with_stats", side_effect=real) as selecting:
        result = build(cfg)
    assert selecting.call_count == 1  # the second attempt's
    assert [issue.message for issue in result.issues if "vocabulary does not validate" in issue.message] == [
        "cache file entry of the vocabulary does not validate; ignored, the work is done again"]
    assert cfg.path(cfg.graph).read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]
    assert json.loads(path.read_text(encoding="utf-8"))[1]["per_item"] == {
        slug: json.loads(msgspec.json.encode(terms)) for slug, terms in result.vocabulary.per_item.items()}


def _share_store(folder: Path) -> selection.SelectionStore:
    store = selection.SelectionStore(folder, selection.CacheReader())
    store.ident = "one selection"
    return store


def test_a_few_changed_shares_are_written_apart_and_read_back(tmp_path: Path) -> None:
    slugs = [f"item-{n:02}" for n in range(20)]
    keys = {slug: f"key of {slug}" for slug in slugs}
    made: list[str] = []
    (tmp_path / "vocab").mkdir()  # as ``select`` leaves it

    def share(slug: str) -> str:
        made.append(slug)
        return f"share of {slug} ({keys[slug]})"

    assert _share_store(tmp_path).share_texts(slugs, keys, share) == {s: share(s) for s in slugs}
    whole = tmp_path / "vocab" / "shares.json"
    newer = tmp_path / "vocab" / "shares-new.json"
    written, made[:] = whole.read_bytes(), []
    keys["item-03"] = "an edit"  # one of twenty: only it is made again, only it is written, apart
    texts = _share_store(tmp_path).share_texts(slugs, keys, share)
    assert made == ["item-03"] and texts["item-03"] == "share of item-03 (an edit)"
    assert whole.read_bytes() == written and newer.is_file()
    made[:] = []
    assert _share_store(tmp_path).share_texts(slugs, keys, share) == texts and made == []  # read back
    for slug in slugs[:5]:  # a quarter changed since shares.json: all of them written there again
        keys[slug] = "another edit"
    texts = _share_store(tmp_path).share_texts(slugs, keys, share)
    assert sorted(made) == slugs[:5] and whole.read_bytes() != written and not newer.exists()
    made[:] = []
    assert _share_store(tmp_path).share_texts(slugs, keys, share) == texts and made == []


def test_the_shares_are_saved_by_the_saver_given_with_the_count_of_entries_they_write(tmp_path: Path) -> None:
    slugs = [f"item-{n:02}" for n in range(20)]
    keys = {slug: f"key of {slug}" for slug in slugs}
    (tmp_path / "vocab").mkdir()
    handed: list[tuple[Callable[[], None], int]] = []

    def store() -> selection.SelectionStore:
        found = selection.SelectionStore(tmp_path, selection.CacheReader(), save=lambda save, n: handed.append((save, n)))
        found.ident = "one selection"
        return found

    whole = tmp_path / "vocab" / "shares.json"
    texts = store().share_texts(slugs, keys, lambda slug: f"share of {slug} ({keys[slug]})")
    assert [n for _, n in handed] == [20] and not whole.exists()  # every item's: handed over, not yet written
    handed.pop()[0]()
    assert whole.is_file() and _share_store(tmp_path).share_texts(slugs, keys, lambda slug: "made") == texts
    keys["item-03"] = "an edit"
    store().share_texts(slugs, keys, lambda slug: f"share of {slug} ({keys[slug]})")
    assert [n for _, n in handed] == [1]  # one entry apart (``shares-new.json``)


def test_a_share_is_identified_by_this_code_and_selection() -> None:
    """``share_identity``: what ``share_texts`` keeps a share under besides its record key; another
    selection another identity, and none without a cache folder (nothing kept)."""
    store, other = _share_store(Path("cache")), _share_store(Path("cache"))
    other.ident = "another selection"
    assert store.share_identity == f"{store.fingerprint}\0one selection\0" != other.share_identity
    assert selection.SelectionStore(None, mock.Mock()).share_identity is None
