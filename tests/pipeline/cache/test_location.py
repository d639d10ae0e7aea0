"""kgsync.pipeline.cache.location: the checkout cannot steer the cache (issue: a crafted cache
entry that validates rewrote the graph).  By default the cache lives outside the checkout; a
cache folder inside it is authenticated with a key the repository does not hold."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.location import locate, machine_key, user_cache_home
from kgsync.pipeline.stages import build
from kgsync.graph.manifest import manifest_path
from kgsync.graph.manifest_lines import facts_digest
from kgsync.read import config as config_module
from kgsync.read.items import IssueSeverity

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "research-repo"


def _copy(target: Path) -> Path:
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    return target


def _graph_bytes(cfg: config_module.Config) -> tuple[bytes, bytes]:
    graph = cfg.path(cfg.graph)
    return graph.read_bytes(), manifest_path(graph).read_bytes()


def test_the_default_cache_is_outside_the_checkout_one_folder_per_repository(tmp_path: Path) -> None:
    one, two = _copy(tmp_path / "one"), _copy(tmp_path / "two")
    first, second = locate(config_module.load(one)), locate(config_module.load(two))
    assert first is not None and second is not None
    assert first.folder.parent == user_cache_home() / "kgsync" and first.folder != second.folder
    assert not first.folder.resolve().is_relative_to(one.resolve()) and first.key is None
    build(config_module.load(one))
    assert (first.folder / "state.json").is_file() and not (one / ".kgsync-cache").exists()
    assert locate(config_module.load(one).with_overrides(cache_dir="")) is None  # --no-cache


def test_a_cache_inside_the_checkout_is_authenticated_and_outside_it_plain(tmp_path: Path) -> None:
    repo = _copy(tmp_path / "repo")
    inside = locate(config_module.load(repo).with_overrides(cache_dir=".kgsync-cache"))
    outside = locate(config_module.load(repo).with_overrides(cache_dir=str(tmp_path / "elsewhere")))
    assert inside is not None and inside.key == machine_key() and len(inside.key) == 32
    assert outside is not None and outside.key is None
    key_file = user_cache_home() / "kgsync" / "key"
    assert key_file.stat().st_mode & 0o077 == 0  # the key is the user's alone
    # A file written under the key reads back; the same JSON without the tag, or under another key, does not.
    reader = CacheReader(inside.key)
    path = tmp_path / "f" / "x.json"
    path.parent.mkdir()
    reader.write(path, (1, "two"))
    assert reader.read(path, tuple[int, str]) == (1, "two") and not reader.notices
    assert CacheReader(b"k" * 32).read(path, tuple[int, str]) is None
    path.write_text('[1, "two"]', encoding="utf-8")
    assert reader.read(path, tuple[int, str]) is None and len(reader.notices) == 1


def _craft(facts_folder: Path) -> None:
    """What a hostile commit can write: a facts entry that validates, changed as the issue's
    reproduction did (a claim reworded to text no item has, a concept added, an unrelated item
    marked superseded, a real claim dropped)."""
    shard = sorted(facts_folder.glob("*.json"))[0]
    head, entries = json.loads(shard.read_bytes())
    texts_file = shard.with_suffix(".texts")  # the entries' facts' JSON, kept apart (``facts.FactsStore``)
    texts_id, texts = json.loads(texts_file.read_bytes())
    slug = sorted(entries)[0]
    other = next(name for s in sorted(entries) if s != slug for name, kind in json.loads(texts[s])["entities"]
                 if kind == "research_item")
    key, words, digest, (ops, _none, _) = entries[slug]
    facts_text = texts[slug]
    facts = json.loads(facts_text)
    entities, observations, relations = facts["entities"], facts["observations"], facts["relations"]
    claims = [name for name, kind in entities if kind == "claim"]
    assert len(claims) >= 2, "the crafted entry needs two claims: one to reword, one to drop"
    reworded, dropped = claims[0], claims[-1]
    observations = [[name, "title: A claim no item makes." if name == reworded and obs.startswith("title: ") else obs]
                    for name, obs in observations if name != dropped]
    observations.append([other, "status:superseded"])
    entities = [e for e in entities if e[0] != dropped] + [["concept:planted-by-a-commit", "concept"]]
    observations.append(["concept:planted-by-a-commit", "alias:planted"])
    relations = [r for r in relations if dropped not in r[:2]] + [[f"item:{slug}", "concept:planted-by-a-commit",
                                                                   "addresses"]]
    facts.update(entities=entities, observations=observations, relations=relations)
    planted = json.dumps(facts, ensure_ascii=False, separators=(",", ":"))
    entries[slug] = [key, words, digest, [ops, None, facts_digest(planted)]]
    texts[slug] = planted
    shard.write_text(json.dumps([head, entries]), encoding="utf-8")
    texts_file.write_text(json.dumps([texts_id, texts]), encoding="utf-8")  # under the id the header names


def test_a_planted_cache_entry_never_changes_a_byte_of_output(tmp_path: Path) -> None:
    # The crafted cache: a real build's cache (plain JSON, written outside any checkout), then edited.
    crafted = tmp_path / "crafted"
    maker = _copy(tmp_path / "maker")
    build(config_module.load(maker).with_overrides(cache_dir=str(crafted)))
    _craft(crafted / "facts")
    fresh_repo = _copy(tmp_path / "fresh")
    fresh_cfg = config_module.load(fresh_repo).with_overrides(cache_dir="")
    build(fresh_cfg)
    fresh = _graph_bytes(fresh_cfg)

    # Not vacuous: trusted as a cache (a folder outside the checkout), the crafted entry rewrites the graph.
    trusting = _copy(tmp_path / "trusting")
    trusted_cfg = config_module.load(trusting).with_overrides(cache_dir=str(tmp_path / "trusted"))
    shutil.copytree(crafted, tmp_path / "trusted")
    build(trusted_cfg)
    steered = trusted_cfg.path(trusted_cfg.graph).read_text(encoding="utf-8")
    assert "A claim no item makes." in steered and "concept:planted-by-a-commit" in steered

    # Committed into the checkout where the cache used to live: the default never reads it.
    repo = _copy(tmp_path / "repo")
    shutil.copytree(crafted, repo / ".kgsync-cache")
    cfg = config_module.load(repo)
    result = build(cfg)
    assert _graph_bytes(cfg) == fresh
    assert not [i for i in result.issues if "cache file" in i.message]  # not even looked at

    # kgsync.yml (or --cache-dir) chooses that folder inside the checkout: every planted file
    # fails authentication, is ignored with a notice, and the output is still a fresh build's.
    repo2 = _copy(tmp_path / "repo2")
    shutil.copytree(crafted, repo2 / ".kgsync-cache")
    (repo2 / "kgsync.yml").write_text((repo2 / "kgsync.yml").read_text(encoding="utf-8")
                                      + "\ncache_dir: .kgsync-cache\n", encoding="utf-8")
    cfg2 = config_module.load(repo2)
    result = build(cfg2)
    assert _graph_bytes(cfg2) == fresh
    notices = [i for i in result.issues if i.severity is IssueSeverity.NOTICE and "not authenticated" in i.message]
    assert any(i.location is not None and "/facts/" in i.location.path for i in notices)
    # The build rewrote them under the machine's key: the next build reads them, quietly, and agrees.
    again = build(cfg2)
    assert _graph_bytes(cfg2) == fresh and not [i for i in again.issues if "cache file" in i.message]
