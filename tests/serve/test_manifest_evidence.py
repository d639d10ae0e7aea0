"""kgsync.serve.manifest_evidence: the manifest's evidence sentences, its ``evidence`` lists alone decoded, the same
as ``json.loads`` of the whole file gives (the reading it replaced, kept here as the oracle)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from kgsync.contract.errors import ServeError
from kgsync.serve import research
from kgsync.serve.manifest_evidence import sentences_of
from kgsync.serve.service import Service

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research-repo"
PATH = Path("repo") / "memory.kgsync.json"
#: How each error about the manifest at ``PATH`` opens (its line, when JSON says).
UNREAD = r"^repo.memory\.kgsync\.json(:\d+)?: cannot read the evidence sentences of the kgsync manifest: "


def as_json_read(raw: bytes) -> list[tuple[Any, Any]] | None:
    """The sentences as the serve code before msgspec read them: the whole file by ``json`` (None where
    that failed and it answered as if there were no manifest)."""
    found: dict[Any, Any] = {}
    try:
        data = json.loads(raw.decode("utf-8"))
        for facts in data.get("items", {}).values():
            for entry in facts.get("evidence", ()):
                if isinstance(entry, list) and len(entry) >= 5 and all(isinstance(p, str) for p in entry[:5]):
                    found.setdefault((entry[0], entry[1], entry[2]), (entry[3], entry[4]))
    except (ValueError, AttributeError, TypeError, RecursionError):
        return None
    return list(found.items())


def read_as_json_did(raw: bytes) -> None:
    """``sentences_of`` gives what ``json`` read, and a ``ServeError`` naming the file where it read nothing."""
    expected = as_json_read(raw)
    if expected is None:
        with pytest.raises(ServeError, match=UNREAD) as raised:
            sentences_of(raw, PATH)
        assert raised.value.location is not None and raised.value.location.path == str(PATH)
        assert "kgsync build" in (raised.value.hint or "")
    else:
        assert list(sentences_of(raw, PATH).items()) == expected


E1 = '["claim:a:one", "claim:b:two", "supports", "A says B.", "a.md:3"]'
E2 = '["claim:a:one", "claim:b:two", "supports", "Said again.", "c.md:9"]'
E3 = '["claim:c:x", "claim:a:one", "contradicts", "C disagrees \\u00e9 \\ud83d\\ude00.", "c.md:4"]'
HEAD = '{"kgsync_manifest": 1, "hubs": ["x"], "items": {\n'

MANIFESTS = {
    "as kgsync writes it": HEAD + f'"a": {{"entities":[["claim:a:one","claim"]],"evidence":[{E1}]}},\n"b": {{}},\n'
                                  f'"c": {{"evidence":[{E3},{E2}]}}\n}}}}\n',
    "the first of a triple wins": f'{{"items": {{"c": {{"evidence": [{E2}]}}, "a": {{"evidence": [{E1}]}}}}}}',
    "a slug twice: first place, last facts": f'{{"items": {{"a": {{"evidence": [{E1}]}}, "c": {{"evidence": [{E2}]}}, '
                                             f'"a": {{"evidence": [{E3}, {E1}]}}}}}}',
    "evidence twice in an item": f'{{"items": {{"a": {{"evidence": [{E1}], "evidence": [{E3}]}}}}}}',
    "items twice": f'{{"items": {{"a": {{"evidence": [{E1}]}}}}, "items": {{"c": {{"evidence": [{E3}]}}}}}}',
    "entries that are not five strings": '{"items": {"a": {"evidence": [["a", "b", "c", "d"], ["a", "b", "c", "d", 5], '
                                         '"text", {"a": 1}, null, ["a", "b", "c", "d", "e", "extra", 7]]}}}',
    "evidence a string, a mapping": f'{{"items": {{"a": {{"evidence": "abc"}}, "b": {{"evidence": {{"x": 1}}}}, '
                                    f'"c": {{"evidence": [{E1}]}}}}}}',
    "evidence a number": f'{{"items": {{"a": {{"evidence": [{E1}]}}, "b": {{"evidence": 3}}}}}}',
    "evidence null": f'{{"items": {{"a": {{"evidence": [{E1}]}}, "b": {{"evidence": null}}}}}}',
    "facts a list": f'{{"items": {{"a": {{"evidence": [{E1}]}}, "b": []}}}}',
    "items a list": '{"items": []}',
    "items null": '{"items": null}',
    "no items": '{"kgsync_manifest": 1}',
    "a list at the top": f'[{E1}]',
    "NaN and Infinity elsewhere (json reads them)": f'{{"x": NaN, "y": -Infinity, "items": {{"a": {{"evidence": [{E1}]}}}}}}',
    "a number out of range in an entry": f'{{"items": {{"a": {{"evidence": [[1e400], {E1}]}}}}}}',
    "a lone surrogate": '{"items": {"a": {"evidence": [["claim:a:one", "b", "c", "\\ud800", "e"]]}}}',
    "trailing text": f'{{"items": {{"a": {{"evidence": [{E1}]}}}}}} x',
    "truncated": (HEAD + f'"a": {{"evidence":[{E1}]}},\n')[:-3],
    "deeply nested elsewhere": '{"x": ' + "[" * 5000 + "]" * 5000 + f', "items": {{"a": {{"evidence": [{E1}]}}}}}}',
}


@pytest.mark.parametrize("text", MANIFESTS.values(), ids=MANIFESTS.keys())
def test_the_sentences_are_those_json_read(text: str) -> None:
    read_as_json_did(text.encode("utf-8"))


@pytest.mark.parametrize("raw", [
    b"\xef\xbb\xbf" + MANIFESTS["as kgsync writes it"].encode(),  # a byte-order mark: json refuses it
    MANIFESTS["as kgsync writes it"].replace('"hubs": ["x"]', '"hubs": ["\xff"]').encode("latin-1"),  # not UTF-8, skipped
    MANIFESTS["as kgsync writes it"].replace('"hubs": ["x"]', '"hubs": ["\u00e9\u6f22"]').encode("utf-8"),  # UTF-8, not ASCII
    MANIFESTS["as kgsync writes it"].encode("utf-8").replace(b'"x"', b'"\xed\xa0\x80"'),  # a surrogate's bytes: not UTF-8
    MANIFESTS["as kgsync writes it"].replace('"x"', '"a\x01b"').encode(),  # a control character in a string
], ids=["bom", "latin-1 byte", "non-ascii", "surrogate bytes", "control character"])
def test_bytes_json_refuses_or_reads_give_what_json_gave(raw: bytes) -> None:
    read_as_json_did(raw)


def test_the_kgsync_manifests_sentences_are_the_ones_json_read() -> None:
    raw = (EXAMPLE / "memory.kgsync.json").read_bytes()
    found = list(sentences_of(raw, PATH).items())
    assert found and found == as_json_read(raw)


def test_a_manifest_edited_in_place_is_read_again(tmp_path: Path) -> None:
    for name in ("memory.jsonl", "memory.kgsync.json"):
        shutil.copyfile(EXAMPLE / name, tmp_path / name)
    service = Service(tmp_path / "memory.jsonl")
    claim = "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory"
    before = json.loads(research.evidence(service, claim))
    sentence = before["links"][0]["sentence"]
    manifest = tmp_path / "memory.kgsync.json"
    stat = manifest.stat()
    text = manifest.read_text(encoding="utf-8")
    spelled = json.dumps(sentence, ensure_ascii=False)[1:-1]
    assert spelled in text and spelled[0] != "Z"
    manifest.write_text(text.replace(spelled, "Z" + spelled[1:]), encoding="utf-8")  # same size
    os.utime(manifest, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the mtime put back: the ctime moved
    after = json.loads(research.evidence(service, claim))
    assert after["links"][0]["sentence"] == "Z" + sentence[1:]


WIDE = "\u00e9" * 700_000  # two bytes each: past the first chunk checked as UTF-8


@pytest.mark.parametrize(("raw", "where", "why"), [
    (MANIFESTS["truncated"].encode(), 2, r"it is not JSON \(.*, column \d+\)"),
    (MANIFESTS["as kgsync writes it"].replace('"b": {}', '"b": {} x').encode(), 3, r"it is not JSON"),
    (MANIFESTS["as kgsync writes it"].encode().replace(b'"b"', b'"\xff"'), 3, r"it is not UTF-8 \(byte 1[0-9]{2}\)"),
    (WIDE.encode()[1:] + b"\n\n", 1, r"it is not UTF-8 \(byte 0\)"),  # a character's first byte cut off
    (b"\n[" + WIDE.encode() + b"\xff\n", 2, r"it is not UTF-8 \(byte 1,400,002\)"),
    (MANIFESTS["items a list"].encode(), None, "it is not a manifest kgsync writes"),
    (MANIFESTS["evidence a number"].encode(), None, "it is not a manifest kgsync writes"),
], ids=["truncated", "text after a line", "a byte not UTF-8", "the first byte", "past the first chunk",
        "items a list", "evidence a number"])
def test_a_corrupt_manifest_is_an_error_at_its_line(raw: bytes, where: int | None, why: str) -> None:
    with pytest.raises(ServeError, match=UNREAD + why) as raised:
        sentences_of(raw, PATH)
    assert raised.value.location is not None and raised.value.location.line == where
    assert raised.value.render().startswith(f"{PATH}{f':{where}' if where else ''}: cannot read")
    assert "`git checkout -- memory.kgsync.json`" in raised.value.render()
