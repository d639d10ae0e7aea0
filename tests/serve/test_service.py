"""kgsync.serve.service: the graph file behind the tools, re-read when it changes, loaded at start-up by a child."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from kgsync.contract import jsonl
from kgsync.contract.errors import ServeError
from kgsync.contract.model import Entity, Graph
from kgsync.serve import research, store, tools
from kgsync.serve import service as service_module
from kgsync.serve.service import Service
from kgsync.serve.snapshot import Snapshot, line_starts
from tests.serve.answers import names


def test_a_changed_file_is_re_read_and_an_unchanged_one_is_not(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, Graph((Entity("item:2026-01-01-alpha", "research_item", ("title: alpha retrieval",)),)))
    service = Service(path)
    assert names(tools.search_nodes(service, "retrieval")) == ["item:2026-01-01-alpha"]
    index = service.index()
    for _ in range(3):
        assert service.index() is index  # one stat, no re-read
    # Same size, same mtime, new inode (a git checkout writes a new file and renames it).
    replacement = tmp_path / "next.jsonl"
    jsonl.write(replacement, Graph((Entity("item:2026-01-01-omega", "research_item", ("title: omega retrieval",)),)))
    stat = path.stat()
    os.utime(replacement, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    os.replace(replacement, path)
    assert names(tools.search_nodes(service, "retrieval")) == ["item:2026-01-01-omega"]
    path.unlink()
    assert names(tools.search_nodes(service, "retrieval")) == []  # a missing file is the empty graph, as for the server


@pytest.mark.skipif(not hasattr(os, "fork"), reason="prebuild forks")
def test_an_index_built_by_a_child_process_answers_as_one_built_here(example: Service) -> None:
    example.keep = True  # the child stores the index, this process opens it
    finish = example.prebuild()
    finish()
    here = Service(example.path)
    for query in ("hybrid retrieval", "memory consolidation agents", "knowledge graph schema"):
        assert tools.search_nodes(example, query) == tools.search_nodes(here, query)
    assert research.topic(example, "knowledge graph") == research.topic(here, "knowledge graph")
    assert example.reloads == 1 and example.index() is example.index() and example.index().stored


@pytest.mark.skipif(not hasattr(os, "fork"), reason="prebuild forks")
def test_the_childs_line_count_is_taken_only_for_the_bytes_read_here(example: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    counts: list[int | None] = []
    decode = service_module.read_bytes

    def counted(raw: bytes, lines: int | None = None) -> Snapshot:
        counts.append(lines)
        return decode(raw, lines)

    monkeypatch.setattr(service_module, "read_bytes", counted)
    example.keep = True
    example.prebuild()()
    assert counts == [line_starts(example.path.read_bytes())] and counts[0]  # the child's count, taken
    # The child hashes other bytes than this process (as when the file is replaced between the two reads):
    # its count is not taken (this process counts), and the index it stores under that key is not served.
    parent, key_of = os.getpid(), store.key_of
    monkeypatch.setattr(store, "key_of", lambda raw, weights: key_of(raw + b"\n" * (os.getpid() != parent), weights))
    again = Service(example.path, keep=True)
    again.prebuild()()
    assert counts[1:] == [None] and again.index().stored is False
    here = Service(example.path)
    for query in ("hybrid retrieval", "memory consolidation agents"):
        assert tools.search_nodes(again, query) == tools.search_nodes(example, query) == tools.search_nodes(here, query)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="prebuild forks")
def test_a_child_index_of_an_older_file_is_not_taken(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, Graph((Entity("item:2026-01-01-alpha", "research_item", ("title: alpha retrieval",)),)))
    service = Service(path, keep=True)
    finish = service.prebuild()
    replacement = tmp_path / "next.jsonl"
    jsonl.write(replacement, Graph((Entity("item:2026-01-01-omega", "research_item", ("title: omega retrieval",)),)))
    os.replace(replacement, path)  # while the child indexes (or after): either way not its version
    finish()
    assert names(tools.search_nodes(service, "retrieval")) == ["item:2026-01-01-omega"]


def test_lines_the_server_would_not_read_are_said_with_the_first_ones_place(tmp_path: Path) -> None:
    """`kgsync serve --graph notes.txt` said "indexed notes.txt (0 nodes)" and nothing of the lines it
    skipped (with --no-index-cache, nothing at all): each version of the file read with skipped lines is
    told once, at the first skipped line, with how many of its lines were kept."""
    path = tmp_path / "notes.txt"
    entity = '{"type":"entity","name":"item:2026-01-01-alpha","entityType":"research_item","observations":[]}'
    path.write_text(f"{entity}\n\nnot json\n{{\"a\": 1}}\n", encoding="utf-8")
    said: list[str] = []
    service = Service(path, log=said.append)
    service.index()
    service.index()
    assert said == [f"{path}:3: warning: 2 of the file's 3 lines are not an entity or relation the memory server "
                    "reads: skipped; the tools answer from the other 1 (fix: serve a graph kgsync build or the memory "
                    f"server wrote; `kgsync lint {path}` names each line)"], said
    jsonl.write(path, Graph((Entity("item:2026-01-01-alpha", "research_item", ()),)))
    service.index()
    assert len(said) == 1, said


def test_a_file_with_some_lines_skipped_is_said_for_every_answer(tmp_path: Path) -> None:
    """``unread``: the warning every read answer carries; with some lines skipped (not only all of them),
    how many, the first one's place, what the answer is from, and the fix; None once the file reads."""
    path = tmp_path / "memory.jsonl"
    entity = '{"type":"entity","name":"item:2026-01-01-alpha","entityType":"research_item","observations":[]}'
    path.write_text(f"{entity}\n\nnot json\n{{\"a\": 1}}\n", encoding="utf-8")
    service = Service(path, log=lambda _: None)
    service.index()
    assert service.unread() == (f"{path}:3: warning: 2 of the file's 3 lines are not an entity or relation the memory "
                                "server reads: this answer is from the other 1 (fix: restore the file from git; "
                                f"`kgsync lint {path}` names each line)")
    jsonl.write(path, Graph((Entity("item:2026-01-01-alpha", "research_item", ()),)))
    service.index()
    assert service.unread() is None


def test_a_corrupt_manifest_is_an_error_naming_it_until_it_is_mended(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "research-repo"
    for name in ("memory.jsonl", "memory.kgsync.json"):
        shutil.copyfile(example / name, tmp_path / name)
    manifest = tmp_path / "memory.kgsync.json"
    whole = manifest.read_bytes()
    service = Service(tmp_path / "memory.jsonl")
    claim = "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory"
    reads: list[bytes] = []
    read = service_module.sentences_of
    monkeypatch.setattr(service_module, "sentences_of", lambda raw, path: reads.append(raw) or read(raw, path))
    manifest.write_bytes(whole[: len(whole) // 2])  # a write cut short
    for _ in range(2):
        with pytest.raises(ServeError, match=r"memory\.kgsync\.json:\d+: cannot read the evidence sentences of the kgsync "
                                             r"manifest: it is not JSON") as raised:
            research.evidence(service, claim)
        assert raised.value.location is not None and raised.value.location.path == str(manifest)
    assert len(reads) == 1  # read once until it changes
    manifest.write_bytes(whole)
    assert json.loads(research.evidence(service, claim))["links"][0]["where"].endswith(".md:79")
    manifest.unlink()  # no manifest: the links without their sentences, as before
    answer = json.loads(research.evidence(service, claim))
    assert "sentence" not in answer["links"][0] and answer["note"].startswith("no kgsync manifest beside the graph")
    assert len(reads) == 2


def test_a_graph_file_made_a_folder_while_serving_is_named_as_one_with_the_fix(tmp_path: Path) -> None:
    """qa218: a graph replaced by a folder while serving said "cannot read the graph file: Is a
    directory" with no fix: it names the folder and what to do."""
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, Graph((Entity("concept:x", "concept"),), ()))
    service = Service(path, keep=False)
    assert service.index().snapshot.by_name
    path.unlink()
    path.mkdir()
    with pytest.raises(ServeError, match=r"it is a folder.*\(fix: .*--graph"):
        service.index()
