"""``LastLines``: each line of a manifest ``dumps`` wrote, found as the split finds it; the record
answers only for the lines it was written with."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kgsync.contract.errors import GraphFormatError
from kgsync.contract.model import Facts
from kgsync.graph import manifest_lines
from kgsync.graph.manifest_lines import LastLines, facts_digest, line_key
from kgsync.graph.manifest import Manifest, facts_json, load_manifest, manifest_item_texts

SLUGS = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8)


def _manifest(slugs: list[str]) -> Manifest:
    by_item = {slug: Facts(((f"item:{slug}", "research_item"),), ((f"item:{slug}", f"title: {slug}"),), ())
               for slug in slugs}
    named = {slug: (("cites", "x"),) for slug in slugs[::2]}
    return Manifest(by_item, named=named)


def _record(manifest: Manifest) -> dict[str, str]:
    return {slug: line_key(facts_digest(facts_json(facts)), manifest.line_suffix(slug))
            for slug, facts in manifest.by_item.items()}


@settings(max_examples=100, deadline=None)
@given(st.lists(SLUGS, unique=True, max_size=8))
def test_each_line_is_the_splits_with_a_record_or_without(slugs: list[str]) -> None:
    manifest = _manifest(slugs)
    data = manifest.dumps().encode("utf-8")
    split = dict(manifest_item_texts(data.decode("utf-8")))
    for written in (_record(manifest), None):
        lines = LastLines(data, written)
        assert set(lines) == set(split) and len(lines) == len(split)
        assert {slug: lines[slug] for slug in slugs} == split
        assert "not an item" not in lines and lines.get("not an item") is None


@settings(max_examples=200, deadline=None)
@given(st.lists(SLUGS, unique=True, min_size=1, max_size=40), st.data())
def test_a_line_is_found_by_bisection(slugs: list[str], data) -> None:
    manifest = _manifest(slugs)
    text = manifest.dumps().encode("utf-8")
    lines = LastLines(text, _record(manifest))
    for slug in [*slugs, data.draw(SLUGS)]:
        key = b"\n" + json.dumps(slug, ensure_ascii=False).encode("utf-8") + b": "
        assert lines._bisected(slug, key) == text.find(key)  # the one line it starts (JSON escapes every newline)


def test_past_a_few_lines_the_file_is_split_once() -> None:
    slugs = [f"item-{n:03}" for n in range(manifest_lines._SEARCHED * 2)]
    manifest = _manifest(slugs)
    data = manifest.dumps().encode("utf-8")
    lines = LastLines(data, _record(manifest))
    assert [lines[slug] for slug in slugs] == [manifest_item_texts(data.decode("utf-8"))[slug] for slug in slugs]
    assert lines._texts is not None  # split after ``_SEARCHED`` searches


def test_the_record_answers_for_the_facts_it_was_written_with_only() -> None:
    manifest = _manifest(["a", "b"])
    lines = LastLines(manifest.dumps().encode("utf-8"), _record(manifest))
    text = facts_json(manifest.by_item["a"])
    key = line_key(facts_digest(text), manifest.line_suffix("a"))
    assert lines.states("a", facts_digest(text)) and lines.same("a", key)
    assert not lines.same("a", line_key(facts_digest(text), "}"))  # its names moved: the line is read
    assert not lines.same("b", key) and not lines.same("c", key)
    other = facts_digest(text.replace("title: a", "title: A"))
    assert not lines.states("a", other) and not lines.states("a", None) and not lines.states("c", other)
    unknown = LastLines(manifest.dumps().encode("utf-8"), {"a": "", "b": ""})
    assert not unknown.states("a", facts_digest(text)) and not unknown.same("a", "")
    assert not LastLines(manifest.dumps().encode("utf-8"), None).states("a", facts_digest(text))
    assert line_key(None, "}") == "" and line_key("short", "}") == ""


@settings(max_examples=100, deadline=None)
@given(st.lists(SLUGS, unique=True, min_size=1, max_size=8), st.lists(SLUGS, max_size=3))
@example(slugs=["0", "hubs"], titles=[])  # an item named as a head key (found by a CI run)
def test_the_lines_holding_a_spelling_are_the_splits_lines_holding_it(slugs: list[str], titles: list[str]) -> None:
    manifest = _manifest(slugs)
    data = manifest.dumps().encode("utf-8")
    split = manifest_item_texts(data.decode("utf-8"))
    quoted = json.encoder.encode_basestring  # as ``facts_json`` spells a string
    needles = [f"[{quoted(f'item:{title}')},{quoted(f'title: {title}')}]" for title in titles]
    needles += ['"cites"', '"kgsync_manifest"', '"hubs"']  # some lines' names; the head's keys: no item's
    holds = {slug for slug, text in split.items() if any(n in text for n in needles)}
    # A line is its slug's key and then its text: a slug whose own key spells a needle ("hubs", a
    # head key's name, is a file name too) may be found as well ("one of these, not the other way round").
    named = {slug for slug in slugs if any(n in quoted(slug) for n in needles)}
    for written in (_record(manifest), None):
        found = LastLines(data, written).holding(needles)
        assert holds <= found <= holds | named, (found, holds, named)
    assert LastLines(data, None).holding(['"cites"']) == set(slugs[::2])


def _facts(slug: str, text: str) -> Facts:
    return Facts(((f"item:{slug}", "research_item"),), ((f"item:{slug}", f"title: {text}"),), ())


def _written(folder, slugs: list[str], text: str):
    """A manifest of ``slugs`` (statements and names on some) written in ``folder``: (its path, it)."""
    path = folder / "memory.kgsync.json"
    manifest = Manifest({slug: _facts(slug, text) for slug in slugs}, hubs=("h",),
                        named={slug: (("cites", "x"),) for slug in slugs[::2]},
                        statements={slug: (("claim:a", text),) for slug in slugs[1::2]})
    path.write_text(manifest.dumps(), encoding="utf-8")
    return path, manifest


@settings(max_examples=100, deadline=None)
@given(st.lists(SLUGS, unique=True, max_size=6), st.text(max_size=6))
def test_a_manifest_read_a_line_at_a_time_is_the_one_read_whole(tmp_path_factory, slugs: list[str], text: str) -> None:
    """``load_manifest_sharing`` gives what ``load_manifest`` gives, and an item's facts equal to the
    shared ones are those very objects (the others its own)."""
    path, manifest = _written(tmp_path_factory.mktemp("m"), slugs, text)
    share = {slug: _facts(slug, text if index % 2 else text + "!") for index, slug in enumerate(slugs)}
    loaded = manifest_lines.load_manifest_sharing(path, share)
    assert loaded == load_manifest(path) == manifest
    assert loaded is not None
    for index, slug in enumerate(slugs):
        assert (loaded.by_item[slug] is share[slug]) == bool(index % 2)


def test_a_manifest_not_in_the_layout_dumps_writes_is_read_whole(tmp_path) -> None:
    """Another layout (indented JSON), an item listed twice, a broken line, text after the end:
    what ``load_manifest`` reads, or its very error; no file: None."""
    path = tmp_path / "memory.kgsync.json"
    manifest = Manifest({"a": _facts("a", "x"), "b": _facts("b", "y")})
    text = manifest.dumps()
    indented = json.dumps(json.loads(text), indent=2)
    twice = text.replace('"b": ', '"a": ')
    for variant in (indented, twice, text + "\n\n", text.replace("}}\n", "} }\n")):
        path.write_text(variant, encoding="utf-8")
        assert manifest_lines.load_manifest_sharing(path) == load_manifest(path), variant
    for broken in (text.replace('},\n', '}\n', 1), text + "x", text.replace('"kgsync_manifest": 1', '"kgsync_manifest": 2')):
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(GraphFormatError) as whole:
            load_manifest(path)
        with pytest.raises(GraphFormatError) as by_lines:
            manifest_lines.load_manifest_sharing(path)
        assert by_lines.value.render() == whole.value.render()
    assert manifest_lines.load_manifest_sharing(tmp_path / "none.json") is None


@settings(max_examples=100, deadline=None)
@given(st.lists(SLUGS, unique=True, max_size=6), st.text(max_size=6))
def test_a_line_holding_the_shared_facts_json_is_those_facts_undecoded(tmp_path_factory, slugs: list[str],
                                                                        text: str) -> None:
    """Given each shared facts' JSON (``texts``), the manifest read is the one read without them: the
    lines holding that JSON are the shared facts (their statements and names read), the others decoded."""
    path, manifest = _written(tmp_path_factory.mktemp("m"), slugs, text)
    share = {slug: _facts(slug, text if index % 3 else text + "!") for index, slug in enumerate(slugs)}
    texts = {slug: facts_json(facts) for slug, facts in share.items()}
    loaded = manifest_lines.load_manifest_sharing(path, share, texts)
    assert loaded == manifest_lines.load_manifest_sharing(path, share) == manifest
    assert loaded is not None
    for index, slug in enumerate(slugs):
        assert (loaded.by_item[slug] is share[slug]) == bool(index % 3)


def test_a_line_adding_facts_after_the_shared_json_is_decoded(tmp_path) -> None:
    """A line (edited by hand) holding the shared facts' JSON, then a key the facts are read from:
    its facts are what JSON reads (the last of a key twice), not the shared ones."""
    path = tmp_path / "memory.kgsync.json"
    share = {"a": _facts("a", "x")}
    text = facts_json(share["a"])
    for added in (',"evidence":[["claim:a:1","claim:b:1","supports"]]}', ',"observations":[]}',
                  ',"named":[["cites","b"]],"relations":[["item:a","item:b","cites"]]}'):
        path.write_text(Manifest(share).dumps().replace(text, text[:-1] + added), encoding="utf-8")
        loaded = manifest_lines.load_manifest_sharing(path, share, {"a": text})
        assert loaded == load_manifest(path), added
        assert loaded is not None and loaded.by_item["a"] is not share["a"]


NEEDLE_PARTS = st.tuples(st.sampled_from(["", "["]), st.sampled_from(["claim:", "claim:a-long-item-slug:", "item:", ""]),
                        SLUGS, st.booleans(), st.sampled_from(["", ",", "\n"]))


@settings(max_examples=150, deadline=None)
@given(st.lists(SLUGS, unique=True, min_size=1, max_size=8), st.lists(st.lists(NEEDLE_PARTS, max_size=3), max_size=4))
# A needle found only in a line's key (the slug "0" opens its line as '"0": {'): held by no fact (found by CI).
@example(slugs=["0"], calls=[[("", "", "0", False, "")]])
def test_the_lines_holding_a_name_are_found_as_a_search_of_every_line_finds_them(slugs: list[str], calls) -> None:
    """``holding`` asked again and again (a name's start searched once, then its lines alone): each
    answer is the lines holding a needle, as the split finds them."""
    manifest = Manifest({slug: Facts(((f"claim:a-long-item-slug:{slug}", "claim"),), (), ()) for slug in slugs},
                        named={slug: (("cites", f"claim:a-long-item-slug:{slug}x"),) for slug in slugs[::2]})
    data = manifest.dumps().encode("utf-8")
    split = manifest_item_texts(data.decode("utf-8"))
    quoted = json.encoder.encode_basestring
    lines = LastLines(data, _record(manifest))
    for call in calls:  # a name quoted whole or only opened, inside a pair or not
        needles = [before + quoted(kind + name)[: None if whole else -1] + after
                   for before, kind, name, whole, after in call]
        assert lines.holding(needles) == {slug for slug, text in split.items() if any(n in text for n in needles)}


def test_a_name_holding_a_start_searched_before_is_looked_for_in_its_lines_alone() -> None:
    manifest = Manifest({slug: Facts(((f"claim:{slug}-long-item:{slug}", "claim"),), (), ()) for slug in "abc"},
                        named={"c": (("cites", "claim:a-long-item:a"),)})
    lines = LastLines(manifest.dumps().encode("utf-8"), _record(manifest))
    assert lines.holding(['"claim:a-long-item:a"']) == {"a", "c"}
    assert list(lines._near) == [b'"claim:a-long-item:']
    with mock.patch.object(lines, "_searched_lines", side_effect=AssertionError("searched")):
        assert lines.holding(['["claim:a-long-item:a",']) == {"a"}
        assert lines.holding(['"claim:a-long-item:b"']) == set()  # a's lines hold no b


@settings(max_examples=60, deadline=None)
@given(st.lists(SLUGS, unique=True, max_size=8))
def test_manifest_items_are_the_whole_reads_facts_each_line_decoded_alone(slugs: list[str]) -> None:
    manifest = _manifest(slugs)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.kgsync.json"
        path.write_text(manifest.dumps(), encoding="utf-8")
        whole = mock.Mock(side_effect=lambda: load_manifest(path).by_item)
        items = manifest_lines.manifest_items(path, whole)
        assert items is not None and sorted(items) == sorted(slugs)
        assert {slug: items[slug] for slug in items} == dict(load_manifest(path).by_item)
        # no line needed the whole read, unless a slug is spelled with an escape (``dumps``' spelling) or is not
        # printable: the whole read reads those, as JSON does
        assert whole.called == any(json.encoder.encode_basestring(slug)[1:-1] != slug or not slug.isprintable()
                                   for slug in slugs)


def test_manifest_items_reads_whole_where_the_file_or_a_line_is_in_doubt(tmp_path: Path) -> None:
    path = tmp_path / "memory.kgsync.json"
    whole = mock.Mock(return_value=None)
    assert manifest_lines.manifest_items(path, whole) is None and whole.call_count == 1  # no file: as the whole read
    text = _manifest(["a", "b"]).dumps()
    path.write_text(text.replace('"kgsync_manifest": ', '"kgsync_manifest": 9', 1), encoding="utf-8")
    whole = mock.Mock(side_effect=lambda: load_manifest(path).by_item)
    with pytest.raises(GraphFormatError):  # a newer version: the whole read's error
        manifest_lines.manifest_items(path, whole)
    broken = text.replace('"item:b"', '"item:b', 1)  # line b is no JSON; line a still reads alone
    path.write_text(broken, encoding="utf-8")
    whole = mock.Mock(side_effect=lambda: load_manifest(path).by_item)
    items = manifest_lines.manifest_items(path, whole)
    assert items is not None and items["a"] == _manifest(["a"]).by_item["a"] and not whole.called
    with pytest.raises(GraphFormatError):
        items["b"]
