"""The build, one named stage after another: read -> select -> assemble -> merge -> lint -> write.

Per-file work (parsing, extraction, term candidates) depends on one file's bytes
only; corpus-level work (the vocabulary, the graph) depends on every item.  Every
stage returns what the next one reads; the same input always gives byte-identical
output, cached or not.  ``kgsync.pipeline.cache`` keeps the work a rebuild may skip
(records by content hash, each item's facts, the last vocabulary) and
``kgsync.pipeline.cache.state`` the two shortcuts: files whose stat is unchanged are not re-read,
and a committed graph that is exactly what kgsync last wrote (with nothing
hand-added) is not re-parsed.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from kgsync.pipeline.assembling import assemble_facts, manifest_to_write, with_kept_claim_names
from kgsync.pipeline.behind import MIN_BEHIND_LIGHT, Behind, Beside, started_beside
from kgsync.pipeline.cache import state as build_state
from kgsync.pipeline.cache.whole_findings import WholeFindings
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.location import locate
from kgsync.pipeline.cache.memo import InvalidStoredFacts, reused
from kgsync.pipeline.cache.selection import InvalidStoredSelection, SelectionStore
from kgsync.pipeline.merge_paths import Linting, incrementally, inputs_key, last_lines, line_keys
from kgsync.pipeline.cache.lint_report import LintReportStore
from kgsync.pipeline.cache.manifest_record import ManifestRecord
from kgsync.pipeline.committed import (Base, GraphFiles, committed_base, files_to_write, items_before, kept_items,
                                       write_graph)
from kgsync.pipeline.cache.read_memo import ReadMemo
from kgsync.pipeline.cache.records import RecordCache
from kgsync.pipeline.reading import Reading, item_files, parse_all, reading_of
from kgsync.pipeline.result import BuildResult
from kgsync.contract import jsonl
from kgsync.contract.errors import LintFailed
from kgsync.contract.model import Graph
from kgsync.graph.assemble import Assembly
from kgsync.graph.statements import named_items, whole_statements
from kgsync.graph.linked_before import linked_before
from kgsync.graph.veto_names import veto_names
from kgsync.graph.manifest_head import (manifest_acronyms, manifest_hubs, manifest_merges, manifest_subjects, manifest_terms,
                                        manifest_themes, manifest_topics)
from kgsync.graph.hand_added import kept_by_hand
from kgsync.graph.kept_links import kept_item_nodes
from kgsync.graph.manifest import Manifest
from kgsync.graph.ownership import describe_facts, disowned
from kgsync.read.config import Caps, Config, Merge
from kgsync.read.item_caps import observation_cap_problems
from kgsync.read.items import Issue, IssueSeverity, ResearchItem, missed_item_files
from kgsync.read.veto_file import configured_vetoes, renamed_vetoes, unmatched_vetoes
from kgsync.vocabulary.themes import ThemeMap, load_theme_map
from kgsync.vocabulary.standing import standing_names
from kgsync.vocabulary.shares import pinned_lookup, vocabulary_share
from kgsync.vocabulary.vocab import PinnedVocabulary, load_pinned
from kgsync.extract.mining import ItemCandidates
from kgsync.vocabulary.share_record import share_json, share_of


def build(config: Config, *, write: bool = True, strict: bool = False) -> BuildResult:
    """Build the graph from the items and merge it into the committed one.

    Raises ``LintFailed`` (writing nothing) when the result breaks the contract.
    Item errors do not raise: those items keep their previous nodes and the
    result's ``issues`` say why; the CLI turns them into exit code 1.
    """
    distrust: frozenset[str] = frozenset()
    distrust_selection = False
    notices: list[Issue] = []  # the cache notices of an attempt given up (its reader's), said once
    with _without_gc():
        while True:
            behind = Behind()  # the large cache saves, in forked children while the build goes on
            try:
                return _build(config, write, strict, distrust, notices, behind, distrust_selection)
            except InvalidStoredFacts as exc:
                # Raised before anything is written (``StoredFacts``); again without that entry.
                if exc.slug in distrust:
                    raise AssertionError(f"stored facts of {exc.slug} were dropped, yet read") from None
                distrust |= {exc.slug}
            except InvalidStoredSelection:
                # Raised where an item's stored terms are first read, before anything is written
                # (``SelectionStore``); again with the vocabulary selected.
                if distrust_selection:
                    raise AssertionError("the stored vocabulary was dropped, yet read") from None
                distrust_selection = True
            finally:
                behind.abandon()  # none left when the build ended (``_build`` waits); after an error, ended



def read_records(config: Config, memo: ReadMemo | None = None, earlier_keys: Sequence[str] = (),
                 jobs: int | None = None) -> Reading:
    """The read stage (``kgsync.pipeline.reading``: files' bytes -> records, on ``jobs`` processes)
    wrapped in its memo (``kgsync.pipeline.cache.read_memo``; None: no cache, every file parsed)."""
    files = item_files(config.items, config.root, config.where("items"))
    recalled = (memo or ReadMemo()).records(files, config.root, lambda files: parse_all(files, jobs), earlier_keys)
    return reading_of(recalled.records, recalled.keys, config.caps, recalled.earlier,
                      missed_item_files(config.items, config.root, files))


def _maintainers_vocabularies(config: Config) -> tuple[PinnedVocabulary | None, ThemeMap]:
    """The vocabulary file and the theme map, each read with the other: a theme whose node a pin names
    typed by the pin (``ThemeMap.with_pinned_kinds``), and the pins a theme's node stands for marked
    (``PinnedVocabulary.with_themes``: they take no slot in an item's own choice)."""
    pinned = load_pinned(config.vocabulary_path())
    themes = load_theme_map(config.optional_path(config.themes_vocabulary))
    if pinned is None:
        return None, themes
    themes = themes.with_pinned_kinds(pinned.kind_of)
    return pinned.with_themes(themes.name_keys(themes.nodes)), themes


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
        # allocation after enable() would scan all of it (millions of objects at 10,000 items).  freeze +
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


def _build(config: Config, write: bool, strict: bool, distrust: frozenset[str] = frozenset(),
           notices: list[Issue] | None = None, behind: Behind | None = None,
           distrust_selection: bool = False) -> BuildResult:
    """The stages in order, each a function whose result the next ones read (``STAGES`` names them)."""
    clock = _StageClock()
    location = locate(config)  # outside the checkout by default (kgsync.pipeline.cache.location)
    cache_folder = location.folder if location is not None else None
    # Every cache file that does not validate (or, inside the checkout, does not authenticate): ignored, with a notice.
    reader = CacheReader(location.key if location is not None else None)
    if notices is not None:  # shared with the attempts before this one (``build``)
        notices.extend(reader.notices)
        reader.notices = notices
    state = build_state.load(cache_folder, reader)
    behind = behind if behind is not None else Behind()
    # At 10,000 fresh items, the node kinds' reading of every item's text made in a forked child meanwhile.
    selections = SelectionStore(cache_folder, reader, distrust_selection, partial(behind.save, min_entries=MIN_BEHIND_LIGHT),
                                started_beside)
    behind.said = reader.notices
    read_memo = ReadMemo(RecordCache(cache_folder, reader, behind.wait), state, behind.save)
    reading = read_records(config, read_memo, selections.keys)
    state = replace(state, files=read_memo.trusted)
    clock.lap("read")
    files = GraphFiles.of(config)
    standing = manifest_terms(files.manifest, config.mining.min_links, config.caps.term_slots)  # the last build's terms
    keep, kept, held, kept_links = kept_items(_failing_items(reading), reading.by_slug, files.read_manifest)
    kept_shares = _kept_shares(keep, files.read_manifest)  # they count in the vocabulary as when they last parsed
    pinned, themes = _maintainers_vocabularies(config)  # inputs, loaded here and handed to the stages that read them
    vocabulary, fold = selections.select(reading.read.items, reading.by_slug, reading.slug_keys, reading.earlier,
                                         config.vocabulary_options, pinned, manifest_hubs(files.manifest),
                                         manifest_acronyms(files.manifest), manifest_topics(files.manifest),
                                         manifest_subjects(files.manifest, config.mining.min_links, config.caps.term_slots),
                                         tuple(kept_shares.values()))
    vocabulary, renames = standing_names(vocabulary, standing, manifest_merges(files.manifest), pinned)  # after: the items' alone
    clock.lap("select")
    vetoes = configured_vetoes(config.veto_path())  # the maintainers' vetoes: an input, as the two above
    named = partial(veto_names, vetoes, previous=files.read_manifest, fold=fold)  # read in the plan's names
    # a finding number's claim last build: a few items' lines of the manifest, not the whole
    before = partial(linked_before, previous=files.read_manifest.items, fold=fold)
    assembled = assemble_facts(cache_folder, reader, reading, vocabulary, fold, kept, themes, named, config.caps,
                          config.tag_style, config.mining.min_links, distrust, behind, selections.ident,
                          standing, renames, kept_links, before,
                          kept_item_nodes(files.read_manifest() if keep else None, keep),
                          manifest_themes(files.manifest, config.mining.min_links, config.caps.term_slots))
    clock.lap("assemble")
    base = committed_base(files, state, reading.read.items, keep, assembled.assembly.by_item, assembled.made_json)
    record = ManifestRecord(cache_folder, reader)
    lines = last_lines(base, state, record)
    assembly = with_kept_claim_names(assembled.assembly, base.manifest, files.manifest if base.verified else None,
                                 assembled.memo_json, lines, assembled.digests)
    # Reused facts are within the cap (``AssemblyMemo.put`` keeps no others): only the rest are counted.
    skip = reused(assembly.by_item)
    over_caps = observation_cap_problems({slug: facts for slug, facts in assembly.by_item.items() if slug not in skip},
                                         reading.read.items, config.caps)
    if over_caps:  # as an item that fails to parse: it keeps its previous facts
        failing = frozenset(i.slug for i in over_caps)
        keep = keep | failing
        assembly = replace(assembly, by_item={s: f for s, f in assembly.by_item.items() if s not in failing})
        if base.manifest is None:
            base = replace(base, manifest=files.read_manifest())
    lint_store = LintReportStore(cache_folder, reader)
    inputs = inputs_key(config, assembled, vocabulary)
    spliced = incrementally(base, assembly, assembled, keep, lint_store.load(base.graph_sha1, inputs), lines)
    if spliced is not None:
        clock.lap("merge")  # the splice and the lint of the changed nodes (the full path laps its merge alone)
    # The full path's lint runs beside what follows (``Linting``), which goes on with the merged manifest
    # as lint found it; an item the lint blames changes it, and what follows is made again.
    linting = _fully(base, files, assembly, reading.read.items, keep, config.merge, clock) if spliced is None else None
    try:
        merged_manifest = spliced.manifest if spliced is not None else linting.ready.merged.manifest  # type: ignore[union-attr]
        long = WholeFindings(cache_folder, reader).of(reading.read.items, reading.slug_keys, reading.by_slug)

        def written(merged: Manifest) -> Manifest:
            """The manifest written from the merged one: the vocabulary state, statements, names and shares."""
            manifest = replace(manifest_to_write(merged, assembled, vocabulary), min_links=config.mining.min_links,
                               term_caps=config.caps.term_slots)
            return replace(manifest, statements=whole_statements(manifest.by_item, long, fold,
                                                                 base.manifest.statements if base.manifest else None),
                           named=named_items(manifest.by_item, reading.read.items,
                                             base.manifest.named if base.manifest else None),
                           shares=_shares(manifest.by_item, reading, selections, pinned, config.vocabulary_options.caps,
                                          files.read_manifest if keep else None))
        manifest = written(merged_manifest)
        encoded: list[bytes] | None = None  # the manifest's lines, made while the lint goes on
        if linting is None:
            assert spliced is not None
            out = spliced
        else:
            # The files' bytes too, while the lint goes on (a build that writes them; kept when no item is blamed).
            graph_bytes = jsonl.dumps_bytes(linting.ready.merged.graph) if write else None
            encoded = manifest.encoded() if write else None
            out = linting.finished(graph_bytes)
            if out.manifest is not merged_manifest:  # an item blamed: merged again without its facts
                manifest, encoded = written(out.manifest), None
    finally:
        if linting is not None:
            linting.report.abandon()  # ended by ``finished``; after an error, its child is ended here
    removed_items = tuple(sorted(set(items_before(base, state)) - set(manifest.by_item)))
    clock.lap("lint")
    if not out.report.ok(strict):
        bad = out.report.errors(strict)
        behind.wait()
        build_state.save(cache_folder, state, reader)
        raise LintFailed(f"the new graph breaks the contract ({len(bad)} finding(s)); nothing was written", bad)
    changed: tuple[Path, ...] = ()
    # A dry run's files a build would rewrite, found only when asked (``kgsync build``; not vocab or pr).
    pending: Callable[[], tuple[Path, ...]] = tuple
    if write:
        # The record of the lines written: the last line of an item under the same key is kept as its bytes.
        keys = line_keys(manifest, assembled.digests or {}, selections.share_identity, reading.slug_keys,
                          reading.by_slug)
        changed, state = write_graph(out.graph_data(), manifest, out.pure, files, base, state, out.incremental, lines,
                                     lambda slug: lines is not None and lines.same(slug, keys[slug]), encoded)
        # The report of the graph written, for the next incremental rebuild (only a pure graph's).
        lint_store.save(state.graph.sha1 if state.graph is not None and out.pure else None, inputs, out.report)
        # And its manifest's lines, for the next build's ``LastLines``.
        record.save(state.manifest.sha1 if state.manifest is not None else None, keys)
    else:
        pending = partial(files_to_write, out.graph_data, manifest, files)
    behind.wait()  # the caches saved behind the build are on disk when it returns
    build_state.save(cache_folder, state, reader)
    clock.lap("write")
    issues = (reading.read.issues + over_caps + assembled.evidence.issues + out.item_errors
              + unmatched_vetoes(vetoes, assembled.vetoed.claims_of(manifest))
              + renamed_vetoes(vetoes, assembled.vetoed.renamed_in(manifest)) + tuple(dict.fromkeys(reader.notices)))
    credited = tuple(f"{slug}: {fact}" for slug, facts in sorted(disowned(base.manifest.owned if base.manifest else {}).items())
                     for fact in describe_facts(facts))
    return BuildResult(out.load_graph, base.load_previous, manifest, reading.read.items, issues, out.report,
                       vocabulary, bool(changed), changed, tuple(clock.laps), removed_items, credited, out.incremental,
                       out.sizes, (reading, read_memo, selections, files, assembled, base, lines, assembly, out, long),
                       out.changed_items, pending, _kept_by_hand(base.manifest, manifest, out.load_graph),
                       base.lost_graph, assembled.vetoed, held_items=held)


def _kept_by_hand(base: Manifest | None, manifest: Manifest, graph: Callable[[], Graph]) -> tuple[str, ...]:
    """``BuildResult.kept_by_hand``: read only when the committed manifest holds facts by hand (the
    graph is then merged whole: never pure, so never spliced)."""
    if base is None or not base.holds_by_hand:
        return ()
    return tuple(describe_facts(kept_by_hand(base, manifest, graph())))


def _fully(base: Base, files: GraphFiles, assembly: Assembly, items: Sequence[ResearchItem], keep: frozenset[str],
           rule: Merge, clock: _StageClock) -> Linting:
    """The whole graph merged (``kgsync.graph.merge``), and its lint started (``Linting``)."""
    # Here, not at the top: the everyday rebuild splices the last graph (``incrementally``) and never
    # merges it whole, and this module's import was ~1 % of a build's imports
    # (speed213: callgrind over a one-item rebuild of ``bench/gen_corpus.py --count 2000``'s items).
    from kgsync.pipeline.checking import first_report, merge_into, ready_for_lint

    merged = merge_into(base, assembly.by_item, keep)
    clock.lap("merge")
    ready = ready_for_lint(merged, base, assembly.by_item, keep, items)
    lines = len(ready.merged.graph.entities) + len(ready.merged.graph.relations)
    return Linting(ready, Beside(partial(first_report, ready, assembly, files, rule), lines), base, files, assembly,
                    items, rule)


def _kept_shares(keep: frozenset[str], read_manifest: Callable[[], Manifest | None]) -> dict[str, ItemCandidates]:
    """slug -> the vocabulary share the committed manifest records for each item kept from the last
    build (``kept_items``); a manifest written before the field records none: that item counts nothing."""
    manifest = read_manifest() if keep else None
    if manifest is None:
        return {}
    return {slug: share_of(slug, json.loads(manifest.shares[slug])) for slug in sorted(keep) if slug in manifest.shares}


def _shares(by_item: Mapping[str, object], reading: Reading, selections: SelectionStore, pinned: PinnedVocabulary | None,
            caps: Caps, read_manifest: Callable[[], Manifest | None] | None) -> dict[str, str]:
    """slug -> ``share_json`` of each item's vocabulary share (``Manifest.shares``): of its candidates
    now when it parsed, else (a kept item) the committed manifest's, copied unchanged."""
    stats, pinned = selections.stats, pinned or PinnedVocabulary()
    assert stats is not None  # the selection ran
    lookup = pinned_lookup(pinned)

    def share(slug: str) -> str:
        made = selections.made.get(slug)
        return share_json(vocabulary_share(reading.by_slug[slug].candidates, pinned, stats, caps, lookup, made))  # type: ignore[arg-type]

    parsed = [slug for slug in by_item if slug in reading.by_slug]  # items that parsed have candidates
    shares = selections.share_texts(parsed, reading.slug_keys, share)
    last = read_manifest() if read_manifest is not None else None
    if last is not None:
        shares.update((slug, last.shares[slug]) for slug in by_item if slug not in shares and slug in last.shares)
    return dict(sorted(shares.items()))


def _failing_items(reading: Reading) -> frozenset[str]:
    """Items that fail now: they keep their last facts (nothing is assembled for them)."""
    failed = frozenset(i.slug for i in reading.read.issues if i.severity is IssueSeverity.ERROR and i.slug)
    return failed - set(reading.by_slug)
