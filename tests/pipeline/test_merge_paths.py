"""kgsync.pipeline.merge_paths: the merge and lint stages' two paths (the build's own tests, in
test_stages and test_incremental, run both), and the record of the manifest's lines written."""

from __future__ import annotations


def test_a_line_whose_share_the_selection_gave_is_keyed_by_the_shares_identity() -> None:
    """``line_keys``: an item that parsed, under a selection, is keyed by its share's identity and
    record key (its text neither joined nor hashed); any other by its suffix's text; no digest, no key."""
    from kgsync.contract.model import Entity, Facts
    from kgsync.graph.manifest import Manifest, facts_json
    from kgsync.graph.manifest_lines import facts_digest, line_key
    from kgsync.pipeline.merge_paths import line_keys

    by_item = {slug: Facts(entities=(Entity(f"item:{slug}", "item", ()),)) for slug in ("a", "b", "c", "d")}
    known = {slug: facts_json(facts) for slug, facts in by_item.items() if slug != "d"}
    digests = {slug: facts_digest(text) for slug, text in known.items()}
    shares = {slug: f'{{"rows":["{slug}"]}}' for slug in by_item}
    manifest = Manifest(by_item, known, shares=shares)
    read_keys = {"a": "key of a", "c": "key of c"}
    keys = line_keys(manifest, digests, "selection\0", read_keys, {"a", "b"})
    assert keys == {"a": line_key(digests["a"], manifest.shared_suffix("a", "selection\0key of a")),
                    "b": line_key(digests["b"], manifest.line_suffix("b")),  # no record key
                    "c": line_key(digests["c"], manifest.line_suffix("c")),  # kept, not parsed
                    "d": ""}
    assert "a" not in manifest._suffixes  # its share's text was not joined
    # Another text under the same identity: the same key (``share_texts`` gives one text a record key).
    reshared = Manifest(by_item, known, shares={**shares, "a": '{"rows":[]}'})
    assert line_keys(reshared, digests, "selection\0", read_keys, {"a", "b"})["a"] == keys["a"]
    assert line_keys(manifest, digests, None, read_keys, {"a", "b"})["a"] == line_key(digests["a"], manifest.line_suffix("a"))
