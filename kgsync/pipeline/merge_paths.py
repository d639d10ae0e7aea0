"""The merge and lint stages' two paths, and what each returns (``MergeOutput``): the whole graph merged
with its lint run beside the build (``Linting``; ``stages._fully`` starts it), or the last graph
spliced (``incrementally``) when the committed files and the inputs (``inputs_key``) are the last
build's; and the record of the manifest's lines written (``line_keys``, read back by ``last_lines``).
Split from ``kgsync.pipeline.stages``, which runs the build and calls these in order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kgsync.contract import atomic_write, jsonl
from kgsync.contract.errors import ConfigError
from kgsync.contract.model import Graph
from kgsync.graph.assemble import Assembly
from kgsync.graph.manifest import Manifest
from kgsync.graph.manifest_lines import LastLines, line_key
from kgsync.lint.rules import LintReport
from kgsync.pipeline.assembling import Assembled
from kgsync.pipeline.behind import Beside
from kgsync.pipeline.cache import state as build_state
from kgsync.pipeline.cache.manifest_record import ManifestRecord
from kgsync.pipeline.cache.memo import texts_only
from kgsync.pipeline.committed import Base, GraphFiles
from kgsync.pipeline.incremental import line_counts, rebuild
from kgsync.read.config import Config, Merge
from kgsync.read.items import Issue, ResearchItem
from kgsync.read.yaml_source import read_small_file
from kgsync.vocabulary.vocab import Vocabulary

if TYPE_CHECKING:  # imported where it is called (``Linting.finished``): see ``stages._fully``
    from kgsync.pipeline.checking import ReadyForLint


@dataclass(frozen=True)
class MergeOutput:
    """The merge and lint stages' result, however it was reached."""

    manifest: Manifest  # the merged manifest (before the vocabulary state and statements are added)
    report: LintReport
    item_errors: tuple[Issue, ...]  # the items blamed for a lint error (they keep their previous facts)
    pure: bool  # the graph holds generated facts only
    load_graph: Callable[[], Graph]
    graph_data: Callable[[], bytes | atomic_write.Chunks]  # the graph file's bytes (or in pieces: written, not joined)
    incremental: bool = False
    sizes: Callable[[], tuple[int, int]] | None = None  # (entities, relations), when cheaper than the graph
    changed_items: frozenset[str] | None = None  # the items whose facts changed, where the path computed them


@dataclass(frozen=True)
class Linting:
    """The full path: the whole graph merged, its first lint under way beside the build (``Beside``,
    in a forked child on the second core: it reads the merged graph, and sends back only its report)."""

    ready: ReadyForLint  # the merged graph as lint reads it: the build goes on with it meanwhile
    report: Beside[LintReport]
    base: Base
    files: GraphFiles
    assembly: Assembly
    items: Sequence[ResearchItem]
    rule: Merge

    def finished(self, graph_bytes: bytes | None) -> MergeOutput:
        """The merge and lint stages' result: the report waited for, items blamed for its errors
        (``checking.blaming_items``).  ``graph_bytes``: the bytes of ``ready``'s graph, when made."""
        from kgsync.pipeline.checking import blaming_items  # only a whole merge lints: ``stages._fully``

        linted = blaming_items(self.ready, self.report.result(), self.base, self.files, self.assembly, self.items,
                               self.rule)
        graph = linted.merged.graph
        made = graph_bytes if graph_bytes is not None and linted.merged is self.ready.merged else None
        return MergeOutput(linted.merged.manifest, linted.report, linted.item_errors, not linted.merged.foreign,
                       lambda: graph, (lambda: made) if made is not None else (lambda: jsonl.dumps_bytes(graph)))


# Past this share of the items changed, the full merge is as fast (and the splice's scans are wasted).
INCREMENTAL_SHARE = 10


def inputs_key(config: Config, assembled: Assembled, vocabulary: Vocabulary) -> str | None:
    """A digest of everything besides the items' own facts that the last build's graph and report
    came from: the configuration, the vocabulary, themes and veto files, the corpus-wide inputs of
    the facts (``context_key``: the theme map, the theme concepts, the mined nodes, every
    item's slug and date) and the vocabulary selection (hubs, merges, acronyms, topics).  The
    incremental rebuild runs only when it is the last build's (None: cannot tell, never)."""
    if assembled.context is None:
        return None
    digest = hashlib.sha1(f"{assembled.context}\0{config!r}\0".encode())
    paths = [config.optional_path(config.vocabulary), config.optional_path(config.themes_vocabulary), config.veto_path()]
    for path in paths:
        try:
            digest.update(read_small_file(path) if path is not None else b"-")
        except (OSError, ConfigError):  # said where the file is read (``load_pinned``, ``load_theme_map``)
            digest.update(b"missing")
        digest.update(b"\0")
    digest.update(repr((sorted(vocabulary.hub_keys), vocabulary.merges, vocabulary.acronyms,
                        sorted(vocabulary.topics))).encode())
    return digest.hexdigest()


def incrementally(base: Base, assembly: Assembly, assembled: Assembled, keep: frozenset[str],
                   previous: LintReport | None, lines: LastLines | None) -> MergeOutput | None:
    """The graph spliced from the last one (``kgsync.pipeline.incremental``), when the committed files
    are exactly what the last build wrote (pure: no hand-added content), the last build's report is
    cached for this code and these inputs (``previous``, see ``inputs_key``), no item keeps its
    previous facts, and the new report has no error (an error's item is blamed by the full path).
    None: run the full path.  ``lines``: the committed manifest's item lines (``last_lines``)."""
    if not base.verified or keep or base.graph_bytes is None or lines is None or previous is None:
        return None
    by_item = assembly.by_item
    encoded = assembled.assembly.by_item
    known = texts_only(assembled.memo_json or {}, lambda slug: by_item.get(slug) is encoded.get(slug))
    digests = assembled.digests or {}
    rebuilt = rebuild(base.graph_bytes, lines, by_item, known, previous, assembly.sources,
                      max(64, len(by_item) // INCREMENTAL_SHARE), lambda slug: lines.states(slug, digests.get(slug)))
    if rebuilt is None or rebuilt.report.errors():
        return None
    data, last = rebuilt.graph, base.graph_bytes
    return MergeOutput(Manifest({slug: by_item[slug] for slug in sorted(by_item)}), rebuilt.report, (), True,
                   lambda: jsonl.loads_bytes(atomic_write.joined(data), "<graph>"), lambda: data, incremental=True,
                   sizes=lambda: line_counts(last),  # the splice keeps every line's kind (``Rebuilt.graph``)
                   changed_items=frozenset(rebuilt.changed_items))


def last_lines(base: Base, state: build_state.BuildState, record: ManifestRecord) -> LastLines | None:
    """The committed manifest's item lines under the shortcut (``base.verified``), with the record of
    them the build that wrote it kept, when it is of these bytes (None: not under the shortcut)."""
    if not base.verified or base.manifest_bytes is None:
        return None
    return LastLines(base.manifest_bytes, record.load(state.manifest.sha1 if state.manifest is not None else None))


def line_keys(manifest: Manifest, digests: Mapping[str, str], selection: str | None,
               read_keys: Mapping[str, str], parsed: Container[str]) -> dict[str, str]:
    """The record of the lines of ``manifest`` (``line_key``): known for the lines written from the
    memo's JSON of the facts (``known_json``), whose digest ``digests`` holds.  A share ``_shares``
    took from ``share_texts`` (an item that ``parsed``) is keyed by its identity, the ``selection``
    (``SelectionStore.share_identity``) and its item's record key, not by its text: that text
    (~1.3 kB an item of ``bench/gen_corpus.py --count 10000``, keys52) is neither joined into the line's
    suffix nor hashed for each of 10,000 items."""
    known = manifest.known_json
    keys = {}
    for slug in manifest.by_item:
        digest = digests.get(slug) if slug in known else None
        if digest is None:
            keys[slug] = ""  # no key (``line_key``): the line is read
            continue
        read_key = read_keys.get(slug) if selection is not None and slug in parsed else None
        keys[slug] = line_key(digest, manifest.shared_suffix(slug, selection + read_key) if selection and read_key
                              else manifest.line_suffix(slug))
    return keys
