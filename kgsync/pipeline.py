"""The build: read items -> extract -> canonicalise -> assemble -> merge -> lint -> write.

Per-file work (parsing, extraction, term candidates) depends on one file's
bytes only, so it is cached by content hash in ``cache_dir``; corpus-level
work (the vocabulary, the graph) is redone on every build, which keeps a
rebuild exact: the same input always gives byte-identical output, cached or not.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import pickle
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from kgsync import jsonl
from kgsync.assemble import assemble
from kgsync.config import Config
from kgsync.errors import KgsyncError, LintFailed
from kgsync.economy import discriminating_themes, hub_folding
from kgsync.extract import Extraction, extract
from kgsync.items import Issue, ReadResult, ResearchItem, Severity, check_corpus, find_item_files, read_item_bytes
from kgsync.lint import LintReport, lint
from kgsync.merge import Manifest, load_manifest, manifest_path, merge
from kgsync.model import Graph
from kgsync.themes import load_theme_map
from kgsync.vocab import ItemCandidates, Vocabulary, candidates, load_pinned, select

_CACHED_MODULES = ("items.py", "extract.py", "vocab.py", "canonical.py")


@dataclass(frozen=True)
class Record:
    """Everything one file yields, independent of every other file (cacheable)."""

    item: ResearchItem | None  # without body and sections: they are not needed after extraction
    issues: tuple[Issue, ...]
    extraction: Extraction | None
    candidates: ItemCandidates | None


@dataclass(frozen=True)
class BuildResult:
    graph: Graph  # the new graph (written unless write=False or lint failed)
    previous: Graph  # the committed graph, as read
    manifest: Manifest
    items: tuple[ResearchItem, ...]
    issues: tuple[Issue, ...]  # every item problem: errors, warnings, notices
    report: LintReport
    vocabulary: Vocabulary
    wrote: bool
    changed_files: tuple[Path, ...]  # files this build rewrote (graph, manifest)

    @property
    def errors(self) -> tuple[KgsyncError, ...]:
        return tuple(i.as_error() for i in self.issues if i.severity is Severity.ERROR)

    @property
    def changed(self) -> bool:
        return self.graph != self.previous.canonical() or bool(self.changed_files)


def read_records(config: Config, jobs: int | None = None) -> tuple[list[Record], ReadResult]:
    """Parse every item file (through the cache); duplicate slugs and dangling cites checked here.

    Files the cache does not know are parsed by ``jobs`` worker processes (default:
    one per usable CPU).  A record depends on its file's bytes only and results
    come back in file order, so the output does not depend on the worker count.
    """
    files = find_item_files(config.items, config.root)
    cache = _Cache(config.path(config.cache_dir) if config.cache_dir else None)
    keys: list[str] = []
    records: dict[str, Record] = {}
    todo: list[tuple[str, bytes, str, str]] = []  # (key, raw, display, slug) of the files to parse
    for path in files:
        raw = path.read_bytes()
        display = _display(path, config.root)
        key = hashlib.sha1(display.encode() + b"\0" + raw).hexdigest()
        keys.append(key)
        record = cache.get(key)
        if record is not None:
            records[key] = record
        elif key not in records:
            records[key] = _PENDING
            todo.append((key, raw, display, path.stem))
    for (key, *_), record in zip(todo, _parse_all([job[1:] for job in todo], jobs)):
        records[key] = record
        cache.put(key, record)
    cache.save()
    ordered = [records[key] for key in keys]
    return ordered, check_corpus((r.item, r.issues) for r in ordered)


_PENDING = Record(None, (), None, None)
_CHUNK = 16  # files per task: large enough to amortise the round trip, small enough to balance 2 cores
_MIN_PARALLEL = 2 * _CHUNK  # below this, starting workers costs more than it saves


def _parse_all(jobs_in: Sequence[tuple[bytes, str, str]], jobs: int | None) -> list[Record]:
    """``_record`` of every (raw, display, slug), in order; in worker processes when worth it."""
    workers = min(jobs or _usable_cpus(), -(-len(jobs_in) // _CHUNK))
    if workers < 2 or len(jobs_in) < _MIN_PARALLEL:
        return [_record(*job) for job in jobs_in]
    chunks = [jobs_in[i : i + _CHUNK] for i in range(0, len(jobs_in), _CHUNK)]
    # fork: the workers inherit the imported modules (no re-import per worker).
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        return [record for chunk in pool.map(_record_chunk, chunks) for record in chunk]


def _record_chunk(chunk: Sequence[tuple[bytes, str, str]]) -> list[Record]:
    gc.disable()  # a worker allocates many small objects and no cycles worth collecting
    return [_record(*job) for job in chunk]


def _record(raw: bytes, display: str, slug: str) -> Record:
    parsed = read_item_bytes(raw, display, slug)
    if isinstance(parsed, list):
        return Record(None, tuple(parsed), None, None)
    item, warnings = parsed
    light = replace(item, body="", sections=())
    return Record(light, tuple(warnings), extract(item), candidates(item))


def _usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def build(config: Config, *, write: bool = True, strict: bool = False) -> BuildResult:
    """Build the graph from the items and merge it into the committed one.

    Raises ``LintFailed`` (writing nothing) when the result breaks the contract.
    Item errors do not raise: those items keep their previous nodes and the
    result's ``issues`` say why; the CLI turns them into exit code 1.
    """
    with _without_gc():
        return _build(config, write, strict)


@contextmanager
def _without_gc() -> Iterator[None]:
    """The cyclic collector off for the build: a build allocates millions of small,
    acyclic objects (records, facts, graph lines), and the collector would rescan
    all of them again and again (a third of a 10,000-item rebuild)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _build(config: Config, write: bool, strict: bool) -> BuildResult:
    records, read = read_records(config)
    by_slug = {r.item.slug: r for r in records if r.item is not None}
    items = read.items
    extractions = {item.slug: by_slug[item.slug].extraction for item in items}
    pinned = load_pinned(config.path(config.vocabulary)) if config.vocabulary else None
    vocabulary = select([by_slug[i.slug].candidates for i in items], config, pinned)
    themes = load_theme_map(config.path(config.themes_vocabulary) if config.themes_vocabulary else None)
    candidates_of = [by_slug[i.slug].candidates for i in items]
    fold = hub_folding(candidates_of, vocabulary)
    item_themes = [{themes.canonicalise(t) for t in item.themes} for item in items]
    theme_concepts = discriminating_themes(item_themes, config.mining.max_item_share)
    assembly = assemble(items, extractions, vocabulary, themes, config.caps, fold, config.tag_style, theme_concepts)

    graph_path = config.path(config.graph)
    committed = jsonl.read(graph_path)
    manifest_file = manifest_path(graph_path)
    old_manifest = load_manifest(manifest_file)
    failed = frozenset(i.slug for i in read.issues if i.severity is Severity.ERROR and i.slug)
    graph, manifest = merge(committed, old_manifest, assembly.by_item, keep=failed - set(assembly.by_item))

    report = lint(graph, sources=assembly.sources, rule=config.merge)
    if not report.ok(strict):
        bad = report.errors(strict)
        raise LintFailed(f"the new graph breaks the contract ({len(bad)} finding(s)); nothing was written", bad)
    changed: list[Path] = []
    if write:
        if jsonl.write(graph_path, graph):
            changed.append(graph_path)
        if jsonl.write_bytes_atomically(manifest_file, manifest.dumps().encode("utf-8")):
            changed.append(manifest_file)
    return BuildResult(graph, committed, manifest, items, read.issues, report, vocabulary,
                       bool(changed), tuple(changed))


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


class _Cache:
    """Records by content hash, in one pickle; invalidated when the parsing code changes."""

    def __init__(self, folder: Path | None):
        self.path = folder / "records.pickle" if folder else None
        self.fingerprint = _code_fingerprint()
        self.old: dict[str, Record] = {}
        self.new: dict[str, Record] = {}
        if self.path and self.path.exists():
            try:
                with self.path.open("rb") as handle:
                    fingerprint, records = pickle.load(handle)
                if fingerprint == self.fingerprint:
                    self.old = records
            except Exception:  # a corrupt or foreign cache is only a slower build
                self.old = {}

    def get(self, key: str) -> Record | None:
        record = self.old.get(key)
        if record is not None:
            self.new[key] = record
        return record

    def put(self, key: str, record: Record) -> None:
        self.new[key] = record

    def save(self) -> None:
        if not self.path or self.new.keys() == self.old.keys():
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        gitignore = self.path.parent / ".gitignore"
        if not gitignore.exists():
            gitignore.write_text("*\n", encoding="utf-8")
        data = pickle.dumps((self.fingerprint, self.new), protocol=pickle.HIGHEST_PROTOCOL)
        jsonl.write_bytes_atomically(self.path, data)


def _code_fingerprint() -> str:
    here = Path(__file__).parent
    digest = hashlib.sha1()
    for name in _CACHED_MODULES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()
