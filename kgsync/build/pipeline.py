"""The build, one named stage after another: read -> select -> assemble -> merge -> lint -> write.

Per-file work (parsing, extraction, term candidates) depends on one file's bytes
only; corpus-level work (the vocabulary, the graph) depends on every item.  Every
stage returns what the next one reads; the same input always gives byte-identical
output, cached or not.  ``kgsync.build.build_cache`` keeps the work a rebuild may skip
(records by content hash, each item's facts, the last vocabulary) and
``kgsync.build.state`` the two shortcuts: files whose stat is unchanged are not re-read,
and a committed graph that is exactly what kgsync last wrote (with nothing
hand-added) is not re-parsed.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, partial
from pathlib import Path
from stat import S_ISLNK
from typing import NamedTuple

from kgsync.contract import jsonl
from kgsync.build import state as build_state
from kgsync.graph.assemble import Assembly, assemble, context_key, written_terms
from kgsync.build.build_cache import (EvidenceTexts, FactsStore, Record, RecordCache, SelectionStore, parse_record)
from kgsync.build.cache_file import CacheReader
from kgsync.graph.claim_identity import keep_claim_names, previous_facts_to_match
from kgsync.read.config import Config
from kgsync.build.cpus import usable_cpus
from kgsync.vocabulary.economy import Folding, discriminating_themes
from kgsync.contract.errors import ConfigError, GraphFormatError, KgsyncError, LintFailed, Location
from kgsync.extract.evidence import EvidencePlan, EvidenceText, plan as plan_evidence
from kgsync.extract.findings import Extraction, undated_suffixes
from kgsync.read.items import (Issue, IssueSeverity, ReadResult, ResearchItem, check_corpus, find_item_files,
                          unreadable)
from kgsync.lint.rules import FileLines, LintReport, lint, relation_label, separate_hand_added
from kgsync.graph.merge import Manifest, load_manifest, manifest_acronyms, manifest_hubs, manifest_path, merge_with_foreign
from kgsync.extract.mining import candidates
from kgsync.contract.model import Facts, Graph
from kgsync.build.state import BuildState, Stamp, stamp_of
from kgsync.vocabulary.themes import ThemeMap, load_theme_map
from kgsync.read.veto_file import Vetoes, check_vetoes, load_vetoes, veto_path_beside
from kgsync.vocabulary.vocab import PinnedVocabulary, Vocabulary, load_pinned, select


@dataclass(frozen=True)
class BuildResult:
    graph: Graph  # the new graph (written unless write=False or lint failed)
    # The committed graph, as read; parsed only when asked for (``previous``): a
    # rebuild over a graph kgsync wrote itself need not decode it (see kgsync.build.state).
    load_previous: Callable[[], Graph] = field(repr=False, compare=False)
    manifest: Manifest
    items: tuple[ResearchItem, ...]
    issues: tuple[Issue, ...]  # every item problem: errors, warnings, notices
    report: LintReport
    vocabulary: Vocabulary
    wrote: bool
    changed_files: tuple[Path, ...]  # files this build rewrote (graph, manifest)
    # (stage, seconds of wall time) in pipeline order: where a build's time went (``--timings``).
    timings: tuple[tuple[str, float], ...] = field(default=(), compare=False)
    # Items the committed graph had that this build removed (their files are gone or no longer
    # matched): said aloud, since a narrowed --items would otherwise empty the graph quietly.
    removed_items: tuple[str, ...] = ()

    @cached_property
    def previous(self) -> Graph:
        return self.load_previous()

    @property
    def errors(self) -> tuple[KgsyncError, ...]:
        return tuple(i.as_error() for i in self.issues if i.severity is IssueSeverity.ERROR)

    @property
    def changed(self) -> bool:
        return self.graph != self.previous.canonical() or bool(self.changed_files)


@dataclass(frozen=True)
class Reading:
    """What the read stage yields: every item file's record, and what later stages look up in them."""

    records: tuple[Record, ...]  # one per item file, in file order
    read: ReadResult  # the items that parsed and every item problem (duplicate slugs, dangling cites)
    keys: tuple[str, ...]  # each record's content key, in the same order
    files: dict[str, tuple[Stamp, str]]  # the files the next build may trust by stat (``BuildState.files``)
    earlier: Mapping[str, Record]  # the records of ``earlier_keys`` no file has now, while the cache holds them
    # slug -> its record: the first file of a slug is the item, as for check_corpus (later ones are errors)
    by_slug: Mapping[str, Record]
    # slug -> the content key of its record; a slug two files claim gets none (never reused)
    slug_keys: Mapping[str, str]


def _by_slug(records: Sequence[Record], keys: Sequence[str]) -> tuple[dict[str, Record], dict[str, str]]:
    """``Reading.by_slug`` and ``Reading.slug_keys``."""
    by_slug: dict[str, Record] = {}
    for r in records:
        if r.item is not None:
            by_slug.setdefault(r.item.slug, r)
    slug_count = Counter(r.item.slug for r in records if r.item is not None)
    return by_slug, {r.item.slug: key for r, key in zip(records, keys)
                     if r.item is not None and slug_count[r.item.slug] == 1}


def read_records(config: Config, jobs: int | None = None, state: BuildState | None = None,
                 reader: CacheReader | None = None, earlier_keys: Sequence[str] = ()) -> Reading:
    """Parse every item file (through the cache); duplicate slugs and dangling cites checked here.

    Files the cache does not know are parsed by ``jobs`` processes, this one included
    (default: one per usable CPU).  A record depends on its file's bytes only and results
    come back in file order, so the output does not depend on the worker count.
    ``state`` lets a file whose stat is unchanged skip being read and hashed (see
    ``kgsync.build.state``); ``earlier_keys``: the record keys of the last selection, whose
    records a vocabulary reuse compares an edited item against (``Reading.earlier``).
    """
    files = find_item_files(config.items, config.root)
    if not files:
        # A wrong path must not read as "every item was deleted": that would remove
        # every generated node from the committed graph.
        raise ConfigError(f"no item files match {config.items!r}", Location(str(config.root)),
                          "pass --items PATH (a folder or a glob), or set items: in kgsync.yml")
    cache = RecordCache(config.path(config.cache_dir) if config.cache_dir else None, reader or CacheReader())
    known = state.files if state is not None else {}
    scan_started = time.time_ns()

    def settled(stat: os.stat_result) -> bool:
        return state is not None and state.settled(stat, scan_started)

    displays = _Displays(config.root)
    seen: dict[str, tuple[Stamp, str]] = {}
    keys: list[str] = []
    records: dict[str, Record] = {}
    todo: list[tuple[str, bytes, str, str]] = []  # (key, raw, display, slug) of the files to parse
    for path in files:
        found = _find(path, displays, known, cache, settled)
        keys.append(found.key)
        if found.trusted is not None:
            seen[found.display] = found.trusted
        if found.record is not None:
            records[found.key] = found.record
        elif found.key not in records:
            records[found.key] = _PENDING
            todo.append((found.key, found.raw, found.display, path.stem))
    for (key, *_), record in zip(todo, _parse_all([job[1:] for job in todo], jobs)):
        records[key] = record
        cache.put(key, record)
    earlier = cache.earlier(earlier_keys, records)
    cache.save()
    ordered = tuple(records[key] for key in keys)
    return Reading(ordered, check_corpus((r.item, r.issues) for r in ordered), tuple(keys), seen, earlier,
                   *_by_slug(ordered, keys))


class _Found(NamedTuple):
    """One item file, as the scan found it."""

    key: str  # its content key (``unreadable:<display>`` when it cannot be read)
    record: Record | None  # from the cache (or the unreadable file's error); None: parse ``raw``
    raw: bytes  # the bytes read (b"" when not read)
    display: str
    trusted: tuple[Stamp, str] | None  # (stamp, key) for ``BuildState.files``: read by stat next time


def _find(path: Path, displays: _Displays, known: Mapping[str, tuple[Stamp, str]], cache: RecordCache,
          settled: Callable[[os.stat_result], bool]) -> _Found:
    """One file's content key and cached record: trusted by stat when ``known`` records this very
    stat and the cache still has its record, else read and hashed."""
    # One lstat: for anything but a symlink it is the stat (a symlink takes both, and the full display).
    stat = os.lstat(path)
    link = S_ISLNK(stat.st_mode)
    if link:
        try:
            stat = path.stat()
        except OSError as exc:  # a broken link: named as the link, since it leads nowhere
            display = displays.of(path, False)
            return _Found(f"unreadable:{display}", _unreadable(display, path.stem, exc), b"", display, None)
    display = displays.of(path, link)
    stamp = stamp_of(stat)
    entry = known.get(display)
    if entry is not None and entry[0] == stamp and (record := cache.get(entry[1], path, display)) is not None:
        return _Found(entry[1], record, b"", display, (stamp, entry[1]))
    # Unknown stat, or its record is gone: read, hash, parse.
    try:
        raw = path.read_bytes()
    except OSError as exc:  # unreadable now: an error for this item, which keeps its old nodes
        return _Found(f"unreadable:{display}", _unreadable(display, path.stem, exc), b"", display, None)
    key = hashlib.sha1(os.fsencode(display) + b"\0" + raw).hexdigest()
    # Record the stat only for the bytes read under it, and only when no later
    # write can reproduce it (see kgsync.build.state): otherwise hash again next time.
    trusted = (stamp, key) if stamp == stamp_of(path.stat()) and settled(stat) else None
    return _Found(key, cache.get(key, path, display), raw, display, trusted)


class _Displays:
    """``_display`` of many files: the folder is resolved once, not every file (10,000
    ``Path.resolve`` calls cost ~0.5 s); a symlinked file still takes the full path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root_resolved = root.resolve()
        self.folders: dict[Path, str | None] = {}

    def of(self, path: Path, link: bool) -> str:
        parent = path.parent
        if parent not in self.folders:
            try:
                self.folders[parent] = parent.resolve().relative_to(self.root_resolved).as_posix()
            except ValueError:
                self.folders[parent] = None
        folder = self.folders[parent]
        if folder is None or link or path.name in ("", ".", ".."):
            return _display(path, self.root)
        return path.name if folder == "." else f"{folder}/{path.name}"


_PENDING = Record(None, (), (None, None))


def _unreadable(display: str, slug: str, exc: OSError) -> Record:
    return Record(None, (unreadable(display, slug, exc),), (None, None))


_CHUNK = 16  # files per task: large enough to amortise the round trip, small enough to balance 2 cores
_MIN_PARALLEL = 2 * _CHUNK  # below this, starting workers costs more than it saves


def _parse_all(jobs_in: Sequence[tuple[bytes, str, str]], jobs: int | None) -> list[Record]:
    """``parse_record`` of every (raw, display, slug), in order; spread over ``jobs`` processes when worth it.

    The calling process is one of them: it takes chunks from the front while
    ``jobs - 1`` workers take them from the back, and it keeps its warm caches.
    """
    processes = min(jobs or usable_cpus(), -(-len(jobs_in) // _CHUNK))
    if processes < 2 or len(jobs_in) < _MIN_PARALLEL:
        return [parse_record(*job) for job in jobs_in]
    chunks = [jobs_in[i : i + _CHUNK] for i in range(0, len(jobs_in), _CHUNK)]
    # fork: the workers inherit the imported modules (no re-import per worker).
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(processes - 1, mp_context=context) as pool:
        # Submitted last chunk first, so the workers start at the back; a chunk still
        # queued when this process reaches it is cancelled and done here.
        futures = [pool.submit(_record_chunk, chunk) for chunk in reversed(chunks)][::-1]
        done: list[list[Record]] = []
        try:
            for chunk, future in zip(chunks, futures):
                if not future.cancel():
                    break  # a worker has it, and every chunk after it
                done.append([parse_record(*job) for job in chunk])
            done += [future.result() for future in futures[len(done) :]]
        except BaseException:
            pool.shutdown(cancel_futures=True)  # do not wait for chunks nobody will read
            raise
    return [record for chunk in done for record in chunk]


def _record_chunk(chunk: Sequence[tuple[bytes, str, str]]) -> list[Record]:
    gc.disable()  # a worker allocates many small objects and no cycles worth collecting
    return [parse_record(*job) for job in chunk]


def build(config: Config, *, write: bool = True, strict: bool = False) -> BuildResult:
    """Build the graph from the items and merge it into the committed one.

    Raises ``LintFailed`` (writing nothing) when the result breaks the contract.
    Item errors do not raise: those items keep their previous nodes and the
    result's ``issues`` say why; the CLI turns them into exit code 1.
    """
    with _without_gc():
        return _build(config, write, strict)


def mined_vocabulary(items: Sequence[ResearchItem], config: Config) -> tuple[Vocabulary, dict[str, int]]:
    """The vocabulary a build of these items selects, and its terms that become nodes (name -> items linking it)."""
    vocabulary = select([candidates(item) for item in items], config, _pinned(config))
    themes = _theme_map(config)
    nodes = written_terms(items, vocabulary, themes, config.caps, theme_concepts_of(items, themes, config),
                          config.mining.min_links, hub_themes_of(items, themes, config))
    return vocabulary, nodes


def theme_concepts_of(items: Sequence[ResearchItem], themes: ThemeMap, config: Config) -> frozenset[str]:
    """The themes on at most ``mining.max_theme_share`` of these items: they become concept nodes."""
    return discriminating_themes([{themes.canonicalise(t) for t in item.themes} for item in items],
                                 config.mining.max_theme_share)


def hub_themes_of(items: Sequence[ResearchItem], themes: ThemeMap, config: Config) -> frozenset[str]:
    """Theme concepts that are hubs (on more than ``mining.max_item_share`` of the items): an item's
    link to one takes none of its concept slots (none with the defaults, where both shares agree)."""
    discriminating = discriminating_themes([{themes.canonicalise(t) for t in item.themes} for item in items],
                                           config.mining.max_item_share)
    return theme_concepts_of(items, themes, config) - discriminating


def _pinned(config: Config) -> PinnedVocabulary | None:
    return load_pinned(config.path(config.vocabulary)) if config.vocabulary else None


def _theme_map(config: Config) -> ThemeMap:
    return load_theme_map(config.path(config.themes_vocabulary) if config.themes_vocabulary else None)


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
        # Everything allocated meanwhile is still in the youngest generation, so the first
        # allocation after enable() would scan all of it (~0.3 s at 10,000 items).  freeze +
        # unfreeze moves every object to the oldest generation in O(1) (list splices): they
        # stay collectable, and are scanned only by a later full collection.
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


class _StageClock:
    """Wall time per pipeline stage; ``lap(name)`` closes the stage running since the last lap."""

    def __init__(self) -> None:
        self.laps: list[tuple[str, float]] = []
        self.last = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps.append((stage, now - self.last))
        self.last = now


STAGES = ("read", "select", "assemble", "merge", "lint", "write")  # what ``BuildResult.timings`` names


def _build(config: Config, write: bool, strict: bool) -> BuildResult:
    """The stages in order, each a function whose result the next ones read (``STAGES`` names them)."""
    clock = _StageClock()
    cache_folder = config.path(config.cache_dir) if config.cache_dir else None
    reader = CacheReader()  # every cache file that does not validate: ignored, with a notice
    state = build_state.load(cache_folder, reader)
    selections = SelectionStore(cache_folder, reader)
    reading = read_records(config, state=state, reader=reader, earlier_keys=selections.keys)
    state = replace(state, files=reading.files)
    clock.lap("read")
    files = _GraphFiles.of(config)
    vocabulary, fold = selections.select(reading.read.items, reading.by_slug, reading.slug_keys, reading.earlier,
                                         config, _pinned(config), manifest_hubs(files.manifest),
                                         manifest_acronyms(files.manifest))
    clock.lap("select")
    keep = _failing_items(reading)
    kept = _kept_items(keep, files.read_manifest) if keep else ()
    assembled = _assemble(config, cache_folder, reader, reading, vocabulary, fold, kept)
    clock.lap("assemble")
    base = _base(files, state, reading.read.items, keep)
    assembly = _keep_claim_names(assembled.assembly, base.manifest, files.manifest if base.verified else None)
    merged = _merge(base, assembly.by_item, keep)
    clock.lap("merge")
    linted = _lint_blaming_items(merged, base, files, assembly, reading.read.items, keep, config)
    manifest = _manifest_to_write(linted.merged.manifest, assembled, vocabulary)
    removed_items = tuple(sorted(set(_items_before(base, state)) - set(manifest.by_item)))
    clock.lap("lint")
    if not linted.report.ok(strict):
        bad = linted.report.errors(strict)
        build_state.save(cache_folder, state)
        raise LintFailed(f"the new graph breaks the contract ({len(bad)} finding(s)); nothing was written", bad)
    changed: tuple[Path, ...] = ()
    if write:
        changed, state = _write(linted.merged.graph, manifest, not linted.merged.foreign, files, base, state)
    build_state.save(cache_folder, state)
    clock.lap("write")
    issues = reading.read.issues + assembled.evidence.issues + linted.item_errors + tuple(reader.notices)
    return BuildResult(linted.merged.graph, base.load_previous, manifest, reading.read.items, issues, linted.report,
                       vocabulary, bool(changed), changed, tuple(clock.laps), removed_items)


@dataclass(frozen=True)
class _GraphFiles:
    """The committed graph and its manifest."""

    graph: Path
    manifest: Path
    read_manifest: Callable[[], Manifest | None]  # the committed manifest, read once if at all

    @classmethod
    def of(cls, config: Config) -> _GraphFiles:
        graph = config.path(config.graph)
        manifest = manifest_path(graph)
        return cls(graph, manifest, cache(partial(load_manifest, manifest)))


def _failing_items(reading: Reading) -> frozenset[str]:
    """Items that fail now: they keep their last facts (nothing is assembled for them)."""
    failed = frozenset(i.slug for i in reading.read.issues if i.severity is IssueSeverity.ERROR and i.slug)
    return failed - set(reading.by_slug)


@dataclass(frozen=True)
class _Assembled:
    assembly: Assembly  # as assembled (before a reworded finding keeps its claim's name)
    evidence: EvidencePlan
    memo_json: Mapping[str, str] | None  # slug -> the manifest encoding of the facts the memo gave or took
    theme_concepts: frozenset[str] = frozenset()  # the discriminating themes (concept nodes)


def _assemble(config: Config, cache_folder: Path | None, reader: CacheReader, reading: Reading,
              vocabulary: Vocabulary, fold: Folding, kept: tuple[ResearchItem, ...]) -> _Assembled:
    """Every item's facts and the evidence links between them; an item's facts come from the
    facts store when nothing they were built from changed (``build_cache.FactsStore``)."""
    items = reading.read.items
    themes = _theme_map(config)
    theme_concepts = theme_concepts_of(items, themes, config)
    hub_themes = hub_themes_of(items, themes, config)
    store = FactsStore(cache_folder, context_key([*kept, *items], vocabulary, themes, config.caps, fold,
                                                 config.tag_style, theme_concepts, hub_themes,
                                                 config.mining.min_links), reader)
    memo = store.memo(reading.slug_keys)
    extractions = _Extractions(reading.by_slug)  # loaded only for the items assembled again
    texts = EvidenceTexts(cache_folder, reader).of(items, reading.slug_keys, extractions)
    evidence = _evidence(config, items, kept, texts)
    assembly = assemble(items, extractions, vocabulary, themes, config.caps, fold, config.tag_style, theme_concepts,
                        memo, config.mining.min_links, kept, hub_themes, evidence)
    store.save(memo)
    return _Assembled(assembly, evidence, memo.json if memo is not None else None, theme_concepts)


@dataclass(frozen=True)
class _Base:
    """What the build merges into."""

    graph: Graph  # the committed graph; empty under the shortcut
    manifest: Manifest | None  # the committed manifest, when read
    load_previous: Callable[[], Graph]  # the committed graph (parsed on first need under the shortcut)
    # The shortcut (exact, see kgsync.build.state): both files hold what the last build wrote and
    # that graph held only generated facts, so merging into it = merging into nothing.
    verified: bool


def _base(files: _GraphFiles, state: BuildState, items: Sequence[ResearchItem], keep: frozenset[str]) -> _Base:
    committed_bytes = build_state.unchanged_file(files.graph, state.graph) if state.pure else None
    if committed_bytes is not None and build_state.unchanged_file(files.manifest, state.manifest) is not None:
        # The old manifest only matters for items that failed (they keep their old facts).
        return _Base(Graph(), files.read_manifest() if keep else None,
                     _parse_later(committed_bytes, str(files.graph)), verified=True)
    committed = jsonl.read(files.graph)
    manifest = files.read_manifest()
    if manifest is None:
        _refuse_a_lost_manifest(committed, items, files.graph, files.manifest)
    return _Base(committed, manifest, lambda: committed, verified=False)


def _items_before(base: _Base, state: BuildState) -> Collection[str]:
    """The committed manifest's items: read (when it was), else what the last build recorded
    writing (the shortcut verified the file still holds exactly that)."""
    if base.manifest is not None:
        return base.manifest.by_item.keys()
    return state.items if base.verified else ()


@dataclass(frozen=True)
class _Merged:
    graph: Graph
    manifest: Manifest
    foreign: bool  # the committed graph adds to the generated facts (content added by hand or by an agent)


def _merge(base: _Base, by_item: Mapping[str, Facts], keep: frozenset[str]) -> _Merged:
    return _Merged(*merge_with_foreign(base.graph, base.manifest, by_item, keep))


@dataclass(frozen=True)
class _Linted:
    merged: _Merged  # without the facts of the items blamed
    report: LintReport
    item_errors: tuple[Issue, ...]  # the items blamed


def _lint_blaming_items(merged: _Merged, base: _Base, files: _GraphFiles, assembly: Assembly,
                        items: Sequence[ResearchItem], keep: frozenset[str], config: Config) -> _Linted:
    """The merged graph's findings.  An item whose own facts break the contract (a theme, alias or
    name no rule allows) is an item error: it keeps its previous nodes and every other item
    updates.  Again until none is left (keeping one item's old facts can only touch that item's nodes)."""
    report = _lint(merged, assembly, files.graph, config)
    by_item = assembly.by_item
    item_errors: list[Issue] = []
    while blamed := _items_blamed(report, items, by_item, frozenset(i.slug for i in item_errors)):
        item_errors += blamed
        failing = frozenset(i.slug for i in blamed)
        keep = keep | failing
        by_item = {slug: facts for slug, facts in by_item.items() if slug not in failing}
        if base.manifest is None:
            base = replace(base, manifest=files.read_manifest())
        merged = _merge(base, by_item, keep)
        report = _lint(merged, assembly, files.graph, config)
    return _Linted(merged, report, tuple(item_errors))


def _manifest_to_write(manifest: Manifest, assembled: _Assembled, vocabulary: Vocabulary) -> Manifest:
    """The merged manifest, with the memo's encoding of the facts it gave or took (same objects
    only: a fact kept under its claim's previous name is encoded again) and the vocabulary state
    its events compare (``kgsync.diff.vocab_events``): hubs, discriminating themes, near-duplicate merges,
    the acronym map."""
    if assembled.memo_json is not None:
        encoded = assembled.assembly.by_item
        manifest = Manifest(manifest.by_item, {slug: text for slug, text in assembled.memo_json.items()
                                               if manifest.by_item.get(slug) is encoded.get(slug)})
    return replace(manifest, hubs=tuple(sorted(vocabulary.hub_keys)), themes=tuple(sorted(assembled.theme_concepts)),
                   merges=vocabulary.merges, acronyms=vocabulary.acronyms)


def _write(graph: Graph, manifest: Manifest, pure: bool, files: _GraphFiles, base: _Base,
           state: BuildState) -> tuple[tuple[Path, ...], BuildState]:
    """Write the graph and the manifest where their bytes changed: the files rewritten, and the
    state that records what was written (``pure``: the graph holds generated facts only)."""
    changed: list[Path] = []
    stamps: list[build_state.Written | None] = []
    for path, data, last in ((files.graph, jsonl.dumps(graph).encode("utf-8"), state.graph),
                             (files.manifest, manifest.dumps().encode("utf-8"), state.manifest)):
        digest = hashlib.sha1(data).hexdigest()
        # Verified above to hold the last build's bytes: a digest says whether they differ.
        verified = base.verified and last is not None
        same = last is not None and base.verified and digest == last.sha1
        if not same and jsonl.write_bytes_atomically(path, data, compare=not verified):
            changed.append(path)
        stamps.append(build_state.written(path, digest))
    graph_written, manifest_written = stamps
    return tuple(changed), replace(state, graph=graph_written, manifest=manifest_written, pure=pure,
                                   items=tuple(sorted(manifest.by_item)))


def _keep_claim_names(assembly: Assembly, previous: Manifest | None, unread_manifest: Path | None) -> Assembly:
    """A finding reworded in place keeps its claim's previous name (``kgsync.graph.claim_identity``).
    ``unread_manifest``: the manifest not decoded (the shortcut): only the lines of items that
    state a new claim name are."""
    if previous is not None:
        before: Mapping[str, Facts] = previous.by_item
    elif unread_manifest is not None:
        try:
            before = previous_facts_to_match(assembly.by_item, unread_manifest.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise GraphFormatError(f"kgsync manifest is unreadable: {exc}", Location.of(unread_manifest),
                                   "restore it from git") from None
    else:
        return assembly
    by_item, renames = keep_claim_names(assembly.by_item, before)
    if not renames:
        return assembly
    return replace(assembly, by_item=by_item,
                   sources={renames.get(name, name): where for name, where in assembly.sources.items()})


def _lint(merged: _Merged, assembly: Assembly, graph_path: Path, config: Config) -> LintReport:
    """The merged graph's findings; those of content added by hand or by an agent never block."""
    if not merged.foreign:
        return lint(merged.graph, sources=assembly.sources, rule=config.merge)
    # Hand-added content is placed at its line in the committed file, not at an item it touches.
    sources = _GeneratedThenFile(assembly.sources, assembly.by_item, FileLines(graph_path))
    generated = merge_with_foreign(Graph(), None, merged.manifest.by_item)[0]
    return separate_hand_added(lint(merged.graph, sources=sources, rule=config.merge),
                               lint(generated, sources=assembly.sources, rule=config.merge))


def _items_blamed(report: LintReport, items: Sequence[ResearchItem], by_item: Mapping[str, Facts],
                  known: frozenset[str]) -> list[Issue]:
    """An item error for each item (not in ``known``) whose generated facts have a lint error: the
    finding points at the item's file, or names an entity (a relation: its source) the item generates."""
    slug_of = {item.path: item.slug for item in items}
    path_of = {item.slug: item.path for item in items}
    makers: dict[str, list[str]] | None = None  # entity name -> the items generating it, built on first need
    found: dict[str, Issue] = {}
    for finding in report.errors():
        slug = slug_of.get(finding.location.path) if finding.location is not None else None
        slugs = [slug] if slug is not None else []
        if not slugs:
            if makers is None:
                makers = {}
                for maker, facts in by_item.items():
                    for name, _type in facts.entities:
                        makers.setdefault(name, []).append(maker)
            slugs = makers.get(finding.entity.split(" -[", 1)[0], [])
        for slug in slugs:
            if slug in known or slug in found or slug not in path_of:
                continue
            found[slug] = Issue(IssueSeverity.ERROR, finding.location if finding.location is not None and
                                finding.location.path == path_of[slug] else Location(path_of[slug], 1),
                                f"makes a node that breaks the graph contract: {finding.code} {finding.entity}: "
                                f"{finding.message}; the item keeps its previous nodes", finding.hint, slug)
    return list(found.values())


def _kept_items(slugs: frozenset[str], read_manifest: Callable[[], Manifest | None]) -> tuple[ResearchItem, ...]:
    """The items that fail to parse now, as their last facts know them (slug and date): they keep
    their nodes, so the extends edges of items citing or linking them must stay too."""
    manifest = read_manifest()
    if manifest is None:
        return ()
    kept = []
    for slug in sorted(slugs & set(manifest.by_item)):
        own = f"item:{slug}"
        dates = [text[len("completed:"):] for name, text in manifest.by_item[slug].observations
                 if name == own and text.startswith("completed:")]
        kept.append(ResearchItem.known_only_by(slug, dates[0] if dates else ""))
    return tuple(kept)


def _refuse_a_lost_manifest(committed: Graph, items: Sequence[ResearchItem], graph_path: Path,
                            manifest_file: Path) -> None:
    """Without the manifest every committed fact counts as hand-added, so a graph kgsync wrote
    would keep every old title and claim beside the new ones: refuse instead of guessing."""
    ours = [slug for slug in (item.slug for item in items)
            if (entity := committed.entity(f"item:{slug}")) is not None and f"provenance:item={slug}" in entity.observations]
    if ours:
        raise GraphFormatError(
            f"{manifest_file.name} is missing, but {graph_path.name} holds nodes kgsync built from these items "
            f"(item:{ours[0]}{f' and {len(ours) - 1} more' if len(ours) > 1 else ''})",
            Location.of(manifest_file),
            f"restore it from git (git checkout -- {manifest_file.name}); or, to keep every node in "
            f"{graph_path.name} as hand-added content (adopting a graph kgsync did not write), create an empty "
            f"manifest: echo '{{\"kgsync_manifest\": 1, \"items\": {{}}}}' > {manifest_file.name}")


class _GeneratedThenFile(Mapping[str, Location]):
    """Where a finding points: a generated node's item (a generated relation: its source's item),
    else the line of the committed graph file that holds it (content added by hand or by an agent)."""

    def __init__(self, generated: Mapping[str, Location], by_item: Mapping[str, Facts], committed: FileLines) -> None:
        self.generated = generated
        self.by_item = by_item
        self.committed = committed
        self._relations: set[str] | None = None  # labels of the generated relations, built on first need

    def __getitem__(self, key: str) -> Location:
        found = self.generated.get(key)
        if found is not None:
            return found
        if self._relations is None:
            self._relations = {relation_label(r) for facts in self.by_item.values() for r in facts.relations}
        if key in self._relations:
            raise KeyError(key)  # lint then places it at its source entity, i.e. the item
        return self.committed[key]

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self.committed), **dict.fromkeys(self.generated)})

    def __len__(self) -> int:
        return len(set(self.committed) | set(self.generated))


class _Extractions(Mapping[str, Extraction]):
    """slug -> its record's extraction, loaded when asked for (``assemble`` asks only for the
    items it cannot reuse)."""

    def __init__(self, by_slug: Mapping[str, Record]) -> None:
        self.by_slug = by_slug

    def __getitem__(self, slug: str) -> Extraction:
        return self.by_slug[slug].extraction  # type: ignore[return-value]  # items that parsed have one

    def __iter__(self) -> Iterator[str]:
        return iter(self.by_slug)

    def __len__(self) -> int:
        return len(self.by_slug)


def _parse_later(raw: bytes, source: str) -> Callable[[], Graph]:
    def parse() -> Graph:
        return jsonl.loads(raw.decode("utf-8").removeprefix("\ufeff"), source)
    return parse


def _evidence(config: Config, items: Sequence[ResearchItem], kept: Sequence[ResearchItem],
              texts: Mapping[str, EvidenceText]) -> EvidencePlan:
    """The claim→claim links the items state (``kgsync.extract.evidence``), less the vetoed ones."""
    vetoes = load_vetoes(veto_path_beside(config.path(config.vocabulary))) if config.vocabulary else Vetoes()
    check_vetoes(vetoes)
    known = {item.slug: item for item in (*kept, *items)}
    return plan_evidence(items, texts, known, undated_suffixes(known), vetoes.pairs)


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
