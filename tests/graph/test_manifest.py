"""The manifest (``kgsync.graph.manifest``): written byte-exact, one item a line, its head and every
line read back the same; a file that is no manifest, or a newer one, is an error that says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.contract.errors import GraphFormatError
from kgsync.graph.manifest_head import manifest_acronyms, manifest_hubs, manifest_topics
from kgsync.graph.manifest import Manifest, facts_json, load_manifest, manifest_item_texts
from kgsync.graph.merge import merge
from kgsync.contract.model import Facts, Graph, Relation
from tests.graph.one_concept import facts

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


def test_manifest_round_trip() -> None:
    _, manifest = merge(Graph(), None, {"a": facts("a", "kg \"quoted\" ü"), "b": facts("b", "x")})
    text = manifest.dumps()
    assert Manifest.loads(text, "m").by_item == manifest.by_item
    assert text.count("\n") == 4  # header, one line per item, footer


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(text, text), max_size=3), st.lists(st.tuples(text, text), max_size=3),
       st.lists(st.tuples(text, text, text), max_size=3), text)
def test_manifest_line_is_the_compact_json_of_the_facts(entities, observations, relations, slug) -> None:
    import json

    item = Facts(tuple(entities), tuple(observations), tuple(Relation(*r) for r in relations))
    expected = f"{json.dumps(slug, ensure_ascii=False)}: " + json.dumps(item.as_json(), ensure_ascii=False,
                                                                        separators=(",", ":"))
    assert Manifest({slug: item}).dumps().split("\n")[1] == expected
    assert Manifest.loads(Manifest({slug: item}).dumps(), "m").by_item[slug] == item


slugs = st.sampled_from(["a", "b", "c-d", "é", "a\"q", "z"])


manifests = st.builds(
    lambda items, statements, named, hubs: Manifest(
        {slug: facts(slug, alias) for slug, alias in items.items()},
        statements={slug: ((f"claim:{slug}:x", text),) for slug, text in statements.items() if slug in items},
        named={slug: (("cites", target),) for slug, target in named.items() if slug in items}, hubs=hubs),
    st.dictionaries(slugs, text, max_size=6), st.dictionaries(slugs, text, max_size=3),
    st.dictionaries(slugs, slugs, max_size=3), st.sampled_from([(), ("hub",)]))


@settings(max_examples=150, deadline=None)
@given(manifests, manifests)
def test_a_manifest_written_over_the_last_one_is_its_dumps(old: Manifest, new: Manifest) -> None:
    """``dumps_over`` keeps the old file's lines as bytes: the same bytes as ``dumps``, and the old
    object itself when no line moved (the write then knows its digest)."""
    old_bytes = old.dumps().encode("utf-8")
    assert new.dumps_over(old_bytes, old_bytes.decode("utf-8")) == new.dumps().encode("utf-8")
    assert old.dumps_over(old_bytes, old_bytes.decode("utf-8")) is old_bytes
    # One item's facts changed: its line alone is written again, the rest kept.
    if old.by_item:
        slug = sorted(old.by_item)[len(old.by_item) // 2]
        edited = Manifest({**old.by_item, slug: facts(slug, "edited")}, hubs=old.hubs, statements=old.statements,
                          named=old.named)
        assert edited.dumps_over(old_bytes, old_bytes.decode("utf-8")) == edited.dumps().encode("utf-8")


@settings(max_examples=150, deadline=None)
@given(manifests, st.sets(slugs, max_size=3), st.sets(slugs, max_size=2))
def test_an_unchanged_line_is_written_as_its_bytes_and_a_changed_one_encoded_again(
        old: Manifest, edited: set[str], reshared: set[str]) -> None:
    """A write over the last manifest with its record (``line_key`` of each line): a line the record
    vouches for is a slice of the old bytes, never read nor encoded; an item whose facts or share moved
    gets its line encoded again (``kgsync.graph.manifest_lines``, ``kgsync.pipeline.stages``)."""
    from kgsync.contract.atomic_write import Spliced, joined
    from kgsync.graph.manifest_lines import LastLines, facts_digest, line_key

    def keyed(manifest: Manifest) -> tuple[Manifest, dict[str, str]]:
        known = {slug: facts_json(item) for slug, item in manifest.by_item.items()}
        manifest = Manifest(manifest.by_item, known, hubs=manifest.hubs, statements=manifest.statements,
                            named=manifest.named, shares=manifest.shares)
        return manifest, {slug: line_key(facts_digest(known[slug]), manifest.line_suffix(slug)) for slug in known}

    old, written = keyed(Manifest(old.by_item, hubs=old.hubs, statements=old.statements, named=old.named,
                                  shares={slug: '{"rows":[]}' for slug in old.by_item}))
    old_bytes = old.dumps().encode("utf-8")
    edited = {slug for slug in edited & set(old.by_item) if old.by_item[slug] != facts(slug, "edited")}
    reshared &= set(old.by_item)
    new, keys = keyed(Manifest({**old.by_item, **{slug: facts(slug, "edited") for slug in edited}}, hubs=old.hubs,
                               statements=old.statements, named=old.named,
                               shares={**old.shares, **{slug: '{"rows":[1]}' for slug in reshared}}))
    lines = LastLines(old_bytes, written)
    out = new.chunks_over(old_bytes, lines, lambda slug: lines.same(slug, keys[slug]))
    assert joined(out) == new.dumps().encode("utf-8")
    moved = edited | reshared
    assert set(lines._found) == moved and lines._texts is None  # only the moved lines were read
    if not moved:
        assert out is old_bytes
        return
    assert isinstance(out, Spliced)
    assert [json.loads("{" + now.decode("utf-8").rstrip(",") + "}") for _s, _e, now in out.edits] == \
        [json.loads("{" + f"{json.dumps(slug)}: {new._item_text(slug)}" + "}") for slug in sorted(moved)]
    kept = [piece for piece in out if isinstance(piece, memoryview)]
    assert all(piece.obj is old_bytes for piece in kept) and len(kept) == len(moved) + 1


def test_manifest_item_texts_give_each_items_facts_undecoded() -> None:
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.kgsync.json").read_text(
        encoding="utf-8")
    manifest = Manifest.loads(text, "memory.kgsync.json")
    texts = manifest_item_texts(text)
    assert set(texts) == set(manifest.by_item)
    assert {slug: Facts.from_json(json.loads(t)) for slug, t in texts.items()} == dict(manifest.by_item)


def test_the_manifest_keeps_the_vocabulary_state_its_events_compare(tmp_path: Path) -> None:
    """Hubs, discriminating themes and near-duplicate merges on the first line (the PR compares
    them with the base commit's manifest: ``kgsync.diff.vocab_events``)."""
    manifest = Manifest({"a": Facts()}, hubs=("h",), themes=("evals",), merges=(("dense-retrieval", "retrieval"),),
                        acronyms=(("rag", "retrieval augmented generation", ("a",)),))
    text = manifest.dumps()
    assert text.splitlines()[0] == ('{"kgsync_manifest": 1, "hubs": ["h"], "themes": ["evals"], '
                                    '"merges": [["dense-retrieval", "retrieval"]], '
                                    '"acronyms": [["rag", "retrieval augmented generation", ["a"]]], "items": {')
    assert Manifest.loads(text, "m") == manifest
    (tmp_path / "m.json").write_text(text, encoding="utf-8")
    assert manifest_hubs(tmp_path / "m.json") == frozenset({"h"})
    with pytest.raises(GraphFormatError, match="merges must be a list of"):
        Manifest.loads(text.replace('["dense-retrieval", "retrieval"]', '["dense-retrieval"]'), "m")
    with pytest.raises(GraphFormatError, match="themes must be a list of strings"):
        Manifest.loads(text.replace('["evals"]', '"evals"'), "m")
    with pytest.raises(GraphFormatError, match="acronyms must be a list of"):
        Manifest.loads(text.replace('["a"]]]', '"a"]]'), "m")


def test_the_terms_head_round_trips_and_a_hostile_value_is_an_error_naming_its_key(tmp_path: Path) -> None:
    """The mined terms, with the min_links and caps they were written under, round-trip; a value of
    the wrong shape is an error naming its key (the build reports the file and the fix), and the
    head alone (``manifest_terms``) holds nothing from it, nor under other settings."""
    from kgsync.graph.manifest_head import manifest_terms

    manifest = Manifest({}, terms=("agent-memory", "vector-search"), min_links=2, term_caps=(5, 2))
    text, path = _round_trip(tmp_path, manifest, '{"kgsync_manifest": 1, "min_links": 2, "caps": {"concepts": 5, '
                             '"methods": 2}, "terms": ["agent-memory", "vector-search"], "items": {')
    assert manifest_terms(path, 2, (5, 2)) == {"agent-memory", "vector-search"}
    assert manifest_terms(path, 3, (5, 2)) == manifest_terms(path, 2, (6, 2)) == frozenset()
    caps, terms = '"caps": {"concepts": 5, "methods": 2}', '["agent-memory", "vector-search"]'
    for old, new, key in (('"min_links": 2', '"min_links": "2"', "min_links"),
                          ('"min_links": 2', '"min_links": true', "min_links"),
                          ('"concepts": 5', '"concepts": -5', "caps.concepts"), (caps, '"caps": 5', "caps"),
                          (caps, '"caps": {"concepts": 5}', "caps"), (terms, "5", "terms"), (terms, "[1, 2]", "terms")):
        hostile = text.replace(old, new)
        with pytest.raises(GraphFormatError, match=f"{key} must be"):
            Manifest.loads(hostile, "m")
        path.write_text(hostile, encoding="utf-8")
        assert manifest_terms(path, 2, (5, 2)) == frozenset(), key


def test_the_themes_head_records_its_settings_with_no_terms(tmp_path: Path) -> None:
    """The themes a build made nodes stay while one item writes them under the same settings
    (``manifest_themes``): a head that records themes and no mined term still records them."""
    from kgsync.graph.manifest_head import manifest_themes

    manifest = Manifest({}, themes=("security-risk",), min_links=2, term_caps=(0, 2))
    _text, path = _round_trip(tmp_path, manifest, '{"kgsync_manifest": 1, "themes": ["security-risk"], "min_links": 2, '
                              '"caps": {"concepts": 0, "methods": 2}, "items": {')
    assert manifest_themes(path, 2, (0, 2)) == {"security-risk"}
    assert manifest_themes(path, 1, (0, 2)) == manifest_themes(path, 2, (5, 2)) == frozenset()


def _round_trip(tmp_path: Path, manifest: Manifest, head: str) -> tuple[str, Path]:
    """The manifest's text, its first line ``head``, read back equal, and the file it is written to."""
    text = manifest.dumps()
    assert text.splitlines()[0] == head
    assert Manifest.loads(text, "m") == manifest
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    return text, path


def _item_texts_by_split(text: str) -> dict[str, str]:
    """``manifest_item_texts`` as first written (the text split into lines): its oracle."""
    import json

    decode = json.JSONDecoder().raw_decode
    texts: dict[str, str] = {}
    for line in text.split("\n")[1:]:
        if line.startswith('"'):
            slug, end = decode(line)
            texts[slug] = line[end:].lstrip(": ").rstrip(",")
    return texts


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(st.characters(blacklist_categories=("Cs",)), max_size=6), text, max_size=5),
       st.lists(st.sampled_from(['"', '"a', '"\\"": {}', '"x\\u0041": {},,', '"a": {}', "{", "", '"\t": {}']),
                max_size=3))
def test_manifest_item_texts_read_each_line_as_a_split_would(items: dict[str, str], junk: list[str]) -> None:
    text = Manifest({slug: facts(slug, alias) for slug, alias in items.items()}).dumps()
    assert dict(manifest_item_texts(text)) == _item_texts_by_split(text)
    # Lines no manifest has: the same texts, or the same error.
    odd = text.replace("\n}}\n", "\n" + "\n".join(junk) + "\n}}\n")
    try:
        expected: dict[str, str] | None = _item_texts_by_split(odd)
    except ValueError:
        expected = None
    if expected is None:
        with pytest.raises(ValueError):
            manifest_item_texts(odd)
    else:
        assert dict(manifest_item_texts(odd)) == expected


def test_a_manifest_head_nested_too_deep_is_unreadable_not_a_traceback(tmp_path: Path) -> None:
    # json.loads raises RecursionError (no ValueError) on a line nested 100,000 deep: the build died
    # in manifest_hubs instead of reporting the manifest as unreadable when it reads it whole.
    path = tmp_path / "memory.kgsync.json"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert (manifest_hubs(path), manifest_topics(path), manifest_acronyms(path)) == (None, frozenset(), ())
    with pytest.raises(GraphFormatError, match="kgsync manifest is unreadable"):
        Manifest.loads(path.read_text(encoding="utf-8"), str(path))


def test_the_manifest_encoded_in_pieces_is_its_text_and_loads_back_the_same() -> None:
    facts = Facts((("item:a", "research_item"), ("concept:x", "concept")), (("item:a", "title: A"),),
                  (Relation("item:a", "concept:x", "addresses"),))
    manifest = Manifest({"a": facts, "b": Facts((("concept:x", "concept"),))}, hubs=("x",))
    text = manifest.dumps()
    assert b"".join(manifest.encoded()) == text.encode("utf-8") and text.endswith("}}\n")
    loaded = Manifest.loads(text, "memory.kgsync.json")
    assert loaded == manifest and loaded.dumps() == text
    # One string for each name, however often the manifest writes it.
    assert loaded.by_item["a"].entities[1][0] is loaded.by_item["b"].entities[0][0]


@pytest.mark.parametrize("version", [2, 10])
def test_a_manifest_of_a_newer_kgsync_says_to_upgrade_not_to_restore(tmp_path: Path, version: int) -> None:
    # A manifest a newer kgsync wrote (another machine, a newer Action pin) told the user to
    # "restore it from git", where the committed file is that very manifest: the fix is the upgrade.
    path = tmp_path / "memory.kgsync.json"
    path.write_text(Manifest({}).dumps().replace('"kgsync_manifest": 1', f'"kgsync_manifest": {version}'), encoding="utf-8")
    with pytest.raises(GraphFormatError) as caught:
        load_manifest(path)
    rendered = caught.value.render()
    assert f"version {version}" in rendered and "reads version 1" in rendered, rendered
    assert "upgrade kgsync" in rendered and "restore it from git" not in rendered, rendered


@pytest.mark.parametrize(("text", "said"), [
    ('{"version": 3, "entities": []}', 'not a kgsync manifest: no "kgsync_manifest" key (its keys: version, entities)'),
    ('{"items": {}}', 'not a kgsync manifest: no "kgsync_manifest" key (its keys: items)'),
    ("[]", "not a kgsync manifest: a JSON list, not an object"),
    ('{"kgsync_manifest": 1}', 'no "items" object (each item\'s slug -> the facts kgsync wrote for it)'),
    ('{"kgsync_manifest": 1, "items": []}', 'no "items" object (each item\'s slug -> the facts kgsync wrote for it)'),
    ('{"kgsync_manifest": 1, "items": {"a": 5}}', "the record of item 'a' is not one kgsync writes (not an object)"),
    ('{"kgsync_manifest": 1, "items": {"a": {"entities": 5}}}',
     "the record of item 'a' is not one kgsync writes (a value of the wrong type)"),
])
def test_a_file_that_is_no_manifest_says_what_is_wrong_not_a_python_error(tmp_path: Path, text: str, said: str) -> None:
    # Another tool's JSON at memory.kgsync.json, or a hand-edited one, was "kgsync manifest is unreadable:
    # 'items'" (a KeyError's text), "'int' object has no attribute 'get'", or read as an empty manifest.
    path = tmp_path / "memory.kgsync.json"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(GraphFormatError) as caught:
        load_manifest(path)
    assert caught.value.render().startswith(f"{path}: kgsync manifest is unreadable: {said} (fix: restore it from git"), \
        caught.value.render()


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "0", "null"])
def test_a_manifest_version_that_is_not_the_number_1_is_unreadable(tmp_path: Path, version: str) -> None:
    # JSON's true and 1.0 compared equal to 1 in Python: a hand-edited head passed as version 1.
    path = tmp_path / "memory.kgsync.json"
    path.write_text(Manifest({}).dumps().replace('"kgsync_manifest": 1', f'"kgsync_manifest": {version}'), encoding="utf-8")
    with pytest.raises(GraphFormatError, match="unsupported manifest version") as caught:
        load_manifest(path)
    assert "restore it from git" in caught.value.render()


_ANY_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)


_PAIRS = st.lists(st.tuples(_ANY_TEXT, _ANY_TEXT), max_size=4).map(tuple)


@settings(max_examples=300, deadline=None)
@given(_PAIRS, _PAIRS, st.lists(st.tuples(_ANY_TEXT, _ANY_TEXT, _ANY_TEXT), max_size=3),
       st.lists(st.lists(_ANY_TEXT, max_size=5).map(tuple), max_size=2).map(tuple))
def test_facts_json_spells_the_facts_as_json_dumps_does(entities: tuple[tuple[str, str], ...],
                                                        observations: tuple[tuple[str, str], ...],
                                                        relations: list[tuple[str, str, str]],
                                                        evidence: tuple[tuple[str, ...], ...]) -> None:
    """The manifest's encoding of an item's facts (encoded in C) is ``json.dumps``'s, escape for escape:
    control characters, quotes, backslashes, any other character as it is (a lone surrogate too)."""
    found = Facts(entities, observations, tuple(Relation(*r) for r in relations), evidence)
    assert facts_json(found) == json.dumps(found.as_json(), ensure_ascii=False, separators=(",", ":"))
    lone = Facts(((f"concept:\ud800{entities[0][0] if entities else ''}", "concept"),))
    assert facts_json(lone) == json.dumps(lone.as_json(), ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("held", ['[]', '{"relations": [["a", "b"]]}', '{"entities": [[1, "concept"]]}', '{"notes": []}'])
def test_a_held_record_of_another_shape_is_unreadable(held: str) -> None:
    with pytest.raises(GraphFormatError, match="held must be"):
        Manifest.loads(f'{{"kgsync_manifest": 1, "held": {held}, "items": {{}}}}', "memory.kgsync.json")


def test_an_item_s_vocabulary_share_round_trips_on_its_line_and_an_old_manifest_reads_without_it(tmp_path: Path) -> None:
    from kgsync.extract.mining import Candidate, ItemCandidates
    from kgsync.vocabulary.share_record import share_json

    share = share_json(ItemCandidates("a", (Candidate("incident reporting", 1.5, (("Incident reporting", 2),), 33),),
                                      (("ir", "incident reporting"),)))
    manifest = Manifest({"a": facts("a", "x"), "b": facts("b", "y")}, shares={"a": share})
    text = manifest.dumps()
    assert f'"vocabulary_share":{share}}}' in text.splitlines()[1]  # on a's line, last
    back = Manifest.loads(text, "m")
    assert back.shares == {"a": share} and back.dumps() == text
    # a manifest written before the field: the same facts, no share
    old = Manifest({"a": facts("a", "x"), "b": facts("b", "y")}).dumps()
    assert Manifest.loads(old, "m").shares == {} and Manifest.loads(old, "m").by_item == back.by_item
    path = tmp_path / "memory.kgsync.json"
    path.write_text(text.replace(share, '{"rows":[["k"]]}'), encoding="utf-8")
    with pytest.raises(GraphFormatError, match=r"item 'a' is not one kgsync writes \(vocabulary_share.rows"):
        load_manifest(path)


def test_a_shared_suffix_names_the_share_in_place_of_its_text() -> None:
    """``shared_suffix``: the line's suffix with what identifies its share (a NUL before it) in the
    text's place, never a suffix itself; an item without a share: its suffix."""
    by_item = {slug: facts(slug, "x") for slug in ("a", "b")}
    manifest = Manifest(by_item, statements={"a": (("claim:a:x", "The whole statement"),)},
                        shares={"a": '{"rows":[1]}'})
    shared = manifest.shared_suffix("a", "selection\0key of a")
    assert shared == manifest.line_suffix("a").replace('{"rows":[1]}', "\0selection\0key of a")
    assert shared != manifest.line_suffix("a") and "\0" not in manifest.dumps()
    assert manifest.shared_suffix("b", "selection\0key of b") == manifest.line_suffix("b") == "}"


def test_a_manifest_that_is_not_json_is_unreadable_at_its_line(tmp_path: Path) -> None:
    # qa207: a hand edit that broke the JSON said "memory.kgsync.json: kgsync manifest is unreadable: Expecting
    # ',' delimiter: line 3 column 5 (char 40)": the file's own line belongs in the location, as every message has it.
    path = tmp_path / "memory.kgsync.json"
    path.write_text('{"kgsync_manifest": 1,\n "items": {\n "a": {\n', encoding="utf-8")
    with pytest.raises(GraphFormatError) as caught:
        load_manifest(path)
    assert caught.value.location is not None and caught.value.location.line == 4
    assert caught.value.render().startswith(f"{path}:4: kgsync manifest is unreadable: not JSON (")
