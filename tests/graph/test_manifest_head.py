"""Tests of kgsync.graph.manifest_head: the manifest's first line, read alone."""

from __future__ import annotations

import json
from pathlib import Path

from kgsync.graph.manifest_head import manifest_acronyms, manifest_hubs, manifest_topics


def test_the_manifest_head_is_read_from_its_first_line_and_nothing_when_unreadable(tmp_path: Path) -> None:
    """Hubs, topics and acronyms come from the first line alone; a missing file, a line that is no
    JSON object or a malformed entry gives none (the manifest is checked when it is read whole)."""
    path = tmp_path / "m.json"
    path.write_text('{"kgsync_manifest": 1, "hubs": ["h", 3], "topics": ["provenance"], '
                    '"acronyms": [["rag", "retrieval augmented generation", ["a"]]], "items": {\n"a": {}}\n', encoding="utf-8")
    assert (manifest_hubs(path), manifest_topics(path)) == (frozenset({"h"}), frozenset({"provenance"}))
    assert manifest_acronyms(path) == (("rag", "retrieval augmented generation"),)
    for text in ("", "[1, 2]\n", '{"hubs": "h", "topics": "t", "acronyms": [["rag"]], "items": {\n'):
        path.write_text(text, encoding="utf-8")
        assert (manifest_hubs(path), manifest_topics(path), manifest_acronyms(path)) == (None, frozenset(), ()), text
    missing = tmp_path / "none.json"
    assert (manifest_hubs(missing), manifest_topics(missing), manifest_acronyms(missing)) == (None, frozenset(), ())


def test_a_first_line_past_a_mebibyte_is_read_whole(tmp_path: Path) -> None:
    """A large corpus's record (hubs, acronyms, topics, terms) may pass 1 MiB on the first line: it is
    read whole, not dropped (review29: every record was silently lost past 1 MiB)."""
    path = tmp_path / "m.json"
    topics = [f"topic-{n:06d}-{'x' * 40}" for n in range(30_000)]  # about 1.5 MB of names
    path.write_text('{"kgsync_manifest": 1, "topics": ' + json.dumps(topics) + ', "items": {\n"a": {}}\n',
                    encoding="utf-8")
    assert path.stat().st_size > 1 << 20
    assert manifest_topics(path) == frozenset(topics)
