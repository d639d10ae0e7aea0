"""The committed graph and manifest: what a build merges into, and writing the new ones."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from types import FrameType

from kgsync.pipeline.cache import state as build_state
from kgsync.pipeline.cache.state import BuildState
from kgsync.contract import atomic_write, jsonl
from kgsync.contract.errors import ConfigError, GraphFormatError, KgsyncError, Location
from kgsync.contract.model import Facts, Graph
from kgsync.extract.evidence_model import KeptLinks
from kgsync.graph.manifest_lines import load_manifest_sharing, manifest_items
from kgsync.graph.kept_links import links_of_kept
from kgsync.graph.manifest import Manifest, manifest_path
from kgsync.lint.rules import emptied_graph
from kgsync.read.config import Config
from kgsync.read.items import Issue, IssueSeverity, ResearchItem


@dataclass(frozen=True)
class GraphFiles:
    """The committed graph and its manifest."""

    graph: Path
    manifest: Path
    read_manifest: ManifestOnce  # the committed manifest, read once if at all

    @classmethod
    def of(cls, config: Config) -> GraphFiles:
        graph = config.graph_file()  # refused when the repository links it outside the checkout
        manifest = manifest_path(graph)
        for other in (graph.with_name(graph.stem + suffix) for suffix in _GRAPH_SUFFIXES):
            if other.name != graph.name and other.is_file():
                older = other.suffix == ".json" and graph.suffix == ".jsonl"
                raise ConfigError(f"the graph shares its manifest {manifest.name} with the graph {other.name} beside it "
                                  "(a manifest is named after its graph's name less the suffix): each build would read "
                                  "the other's record as its own and write over it" + (_OLDER_SERVER if older else ""),
                                  Location.of(graph),
                                  f"if it is a leftover, remove it (rm {other.name}; a server on this graph takes "
                                  f"MEMORY_FILE_PATH={graph.name}); if a server still writes it, name this graph apart, "
                                  f"such as {graph.stem}-2.jsonl" if older else
                                  f"name the graph apart, such as {graph.stem}-2.jsonl, or remove {other.name} if it is "
                                  "no longer used")
        return cls(graph, manifest, ManifestOnce(manifest))


# What a X.json beside the graph X.jsonl is, most likely.
_OLDER_SERVER = ("; a .json graph beside a .jsonl one is most often left by the reference memory server "
                 "(@modelcontextprotocol/server-memory), whose older default file name was memory.json (older setups' "
                 "MEMORY_FILE_PATH still names one): a leftover copy, or a graph that server still writes")


# The names a graph beside another one takes that ``manifest_path`` gives the same manifest (``GraphFiles.of``):
# the stem alone or with a graph's suffix.  Another file of the stem (memory.md, memory.log) is no graph.
_GRAPH_SUFFIXES = ("", ".jsonl", ".json")


@dataclass
class ManifestOnce:
    """``read_manifest()``: the manifest at ``path``, read on the first call (None: no file).  That call's
    ``share``: facts the build holds (slug -> its facts), that the manifest's equal ones are (``Manifest.of_items``);
    ``texts``: slug -> ``facts_json`` of ``share[slug]``, where known (``load_manifest_sharing``)."""

    path: Path
    _read: list[Manifest | None] = field(default_factory=list)

    def __call__(self, share: Mapping[str, Facts] | None = None, texts: Mapping[str, str] | None = None) -> Manifest | None:
        if not self._read:
            self._read.append(load_manifest_sharing(self.path, share, texts))
        return self._read[0]

    def items(self) -> Mapping[str, Facts] | None:
        """The manifest's facts by slug (None: no file), each item's line decoded when it is asked for
        (``manifest_items``) unless the manifest is read already: what a reader of a few items' facts needs."""
        if self._read:
            return self._read[0].by_item if self._read[0] is not None else None
        return manifest_items(self.path, self._whole_items)

    def _whole_items(self) -> Mapping[str, Facts] | None:
        manifest = self()
        return manifest.by_item if manifest is not None else None


@dataclass(frozen=True)
class Base:
    """What the build merges into."""

    graph: Graph  # the committed graph; empty under the shortcut
    manifest: Manifest | None  # the committed manifest, when read
    load_previous: Callable[[], Graph]  # the committed graph (parsed on first need under the shortcut)
    # The shortcut (exact, see kgsync.pipeline.cache.state): both files hold what the last build wrote and
    # that graph held only generated facts, so merging into it = merging into nothing.
    verified: bool
    # Under the shortcut, the two files' bytes as verified (what the incremental path splices).
    graph_bytes: bytes | None = None
    manifest_bytes: bytes | None = None
    graph_sha1: str | None = None  # of ``graph_bytes``
    # The graph file's stat before the build read it (None: no file): ``write_graph`` writes only
    # over that file, never over one an agent (``kgsync serve --writable``) wrote since.
    graph_stamp: build_state.Stamp | None = None
    # The graph file is missing beside a manifest that records nodes (``_a_lost_graph``): said, then built.
    lost_graph: Issue | None = None


def committed_base(files: GraphFiles, state: BuildState, items: Sequence[ResearchItem], keep: frozenset[str],
                   share: Mapping[str, Facts] | None = None, texts: Mapping[str, str] | None = None) -> Base:
    """What the build merges into; ``share``: the facts assembled (the committed manifest's equal ones are those),
    ``texts``: ``facts_json`` of some of them (a manifest line holding it is not decoded)."""
    stamp = _stamp(files.graph)  # before the read: a write between the two is seen as a change (safe side)
    committed_bytes = build_state.unchanged_file(files.graph, state.graph) if state.pure else None
    manifest_bytes = build_state.unchanged_file(files.manifest, state.manifest) if committed_bytes is not None else None
    if committed_bytes is not None and manifest_bytes is not None:
        # The old manifest only matters for items that failed (they keep their old facts).
        return Base(Graph(), files.read_manifest(share, texts) if keep else None,
                    _parse_later(committed_bytes, str(files.graph)), verified=True,
                    graph_bytes=committed_bytes, manifest_bytes=manifest_bytes,
                    graph_sha1=state.graph.sha1 if state.graph is not None else None, graph_stamp=stamp)
    committed = jsonl.read(files.graph)
    manifest = files.read_manifest(share, texts)
    if manifest is None:
        _refuse_a_lost_manifest(committed, items, files.graph, files.manifest)
    elif not committed.entities and not committed.relations:
        if files.graph.is_file():
            _refuse_a_lost_graph(manifest, files.graph, files.manifest)
        return Base(committed, manifest, lambda: committed, verified=False, graph_stamp=stamp,
                    lost_graph=_a_lost_graph(manifest, files.graph, files.manifest))
    return Base(committed, manifest, lambda: committed, verified=False, graph_stamp=stamp)


def _stamp(path: Path) -> build_state.Stamp | None:
    try:
        return build_state.stamp_of(path.stat())
    except OSError:
        return None


def items_before(base: Base, state: BuildState) -> Collection[str]:
    """The committed manifest's items: read (when it was), else what the last build recorded
    writing (the shortcut verified the file still holds exactly that)."""
    if base.manifest is not None:
        return base.manifest.by_item.keys()
    return state.items if base.verified else ()


def write_graph(graph_data: bytes | atomic_write.Chunks, manifest: Manifest, pure: bool, files: GraphFiles, base: Base,
                state: BuildState, spliced: bool = False, lines: Mapping[str, str] | None = None,
                unchanged: Callable[[str], bool] | None = None,
                encoded: list[bytes] | None = None) -> tuple[tuple[Path, ...], BuildState]:
    """Write the graph (``graph_data``: its file bytes) and the manifest where their bytes changed: the
    files rewritten, and the state that records what was written (``pure``: the graph holds generated facts only).
    ``spliced``: the graph was spliced from the verified one by this code (``kgsync.pipeline.incremental``),
    so the verified manifest is this code's ``dumps`` too and its unchanged lines are kept as bytes
    (``lines``: its item texts, ``unchanged``: the lines known unread, as ``Manifest.chunks_over`` reads them).
    ``encoded``: ``manifest.encoded()``, when the caller made it already (the build, while its lint ran)."""
    # The graph's digest and temp file (sha1, the system's write and fsync: C that lets go of the GIL,
    # ~0.3 s at 10,000 items of ``bench/gen_corpus.py``, par26) in a thread while the manifest is encoded
    # (Python), then the manifest's.  Both are encoded before either file is renamed into place: the
    # manifest reads facts a build reused (``StoredFacts``), which may raise; an error leaves both files
    # as they were.
    beside = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kgsync-graph-write")
    graph = beside.submit(partial(_staged, files.graph, graph_data, state.graph, base.graph_bytes, base.verified))
    manifest_staged: _Staging | None = None
    try:
        if spliced and base.verified and base.manifest_bytes is not None:
            manifest_data: bytes | atomic_write.Chunks = manifest.chunks_over(
                base.manifest_bytes, lines if lines is not None else base.manifest_bytes.decode("utf-8"), unchanged)
        else:
            manifest_data = encoded if encoded is not None else manifest.encoded()
        manifest_staged = _staged(files.manifest, manifest_data, state.manifest, base.manifest_bytes, base.verified)
        graph_staged = graph.result()
    except BaseException as exc:
        # An error or Ctrl-C on either side: no temp file stays (the graph's is removed when its thread
        # ends, even if a second Ctrl-C stops the wait).  Both failed (a name too long, a read-only
        # folder): the graph's error, as when written in turn.
        if manifest_staged is not None:
            _discard(manifest_staged)
        try:
            if not isinstance(exc, Exception):
                raise exc  # Ctrl-C: the graph's thread is not waited for
            graph_error = graph.exception()
        except BaseException:
            graph.add_done_callback(_discard_staged)
            raise
        _discard_staged(graph)
        if graph_error is not None and graph_error is not exc:
            raise graph_error from None
        raise
    finally:
        beside.shutdown(wait=False)
    changed: list[Path] = []
    stamps: list[build_state.Written | None] = []
    try:
        with _ctrl_c_held():  # both renamed, or (an error) the first alone, never cut between by Ctrl-C
            if _stamp(files.graph) != base.graph_stamp:
                # Merged from the file as it was: writing would drop what was added since (the build's read
                # to here is its merge and lint: seconds at 10,000 items).  Checked just before the rename.
                raise KgsyncError("the graph file changed while this build ran (an agent's write through kgsync "
                                  "serve --writable, an editor, another build); nothing was written",
                                  Location.of(files.graph), "run kgsync build again: it keeps what was added")
            # Both change: the old graph is kept aside until the manifest is in place too, and put back
            # when the manifest's rename fails (no two-file rename exists).
            old_graph = _OldFile.aside(graph_staged[0]) if graph_staged[0] and manifest_staged[0] else None
            try:
                for path, (staged, digest, blocks, same, last) in ((files.graph, graph_staged),
                                                                   (files.manifest, manifest_staged)):
                    if staged is not None:
                        staged.commit()
                        changed.append(path)
                    # Not written now: the stamp may become trusted without a hash (``Written.settled``).
                    stamps.append(build_state.written(path, digest, blocks, last if same else None))
            except BaseException:
                if old_graph is not None and changed:
                    old_graph.restore(files.graph)
                raise
            finally:
                if old_graph is not None:
                    old_graph.drop()
    except BaseException:
        _discard(graph_staged)  # a temp file renamed already is gone: nothing to remove
        _discard(manifest_staged)
        raise
    graph_written, manifest_written = stamps
    return tuple(changed), replace(state, graph=graph_written, manifest=manifest_written, pure=pure,
                                   items=tuple(sorted(manifest.by_item)))


class _OldFile:
    """The file a staged one is about to replace, kept under a temp name beside it until ``drop``: a hard
    link (the very file: its inode, its bytes), or a copy where the file system has none.  ``restore``
    puts it back over the new file (or removes the new file when there was none)."""

    def __init__(self, path: Path, kept: Path | None) -> None:
        self.path, self.kept = path, kept  # the file (a link's target), the old one's temp name (None: none)

    @classmethod
    def aside(cls, staged: atomic_write.Staged) -> _OldFile:
        path = staged.path
        if not path.exists():
            return cls(path, None)
        try:
            try:
                kept = _linked(path)
            except OSError:  # no hard links here (a FAT or network file system): a copy
                fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
                os.close(fd)
                kept = Path(name)
                try:
                    shutil.copyfile(path, kept)
                    shutil.copymode(path, kept)  # mkstemp's 0600 otherwise: put back, the graph keeps its mode
                except BaseException:
                    kept.unlink(missing_ok=True)
                    raise
        except OSError as exc:  # nothing renamed yet: both files stay as they were
            raise atomic_write.unwritable(staged.named, exc) from None
        return cls(path, kept)

    def restore(self, named: Path) -> None:
        try:
            if self.kept is None:
                self.path.unlink(missing_ok=True)
            else:
                os.replace(self.kept, self.path)
        except OSError as exc:
            kept, self.kept = self.kept, None  # the only copy of the old graph now: not dropped
            raise GraphFormatError(
                f"the new graph is in place but its manifest is not, and the graph as it was could not be put "
                f"back: {exc.strerror or exc}", Location.of(named),
                # ``path``, not ``named``: a graph committed as a link is written through it (an mv or rm
                # of the link would leave the new graph in the linked file)
                f"put it back (mv {kept} {self.path}), then run kgsync build again" if kept is not None
                else f"remove it (rm {self.path}), then run kgsync build again") from None

    def drop(self) -> None:
        if self.kept is not None:
            self.kept.unlink(missing_ok=True)


def _linked(path: Path) -> Path:
    """A new hard link to ``path`` beside it, under a name no file has."""
    while True:
        name = path.with_name(f".{path.name}.{secrets.token_hex(8)}.old")
        try:
            os.link(path, name)
            return name
        except FileExistsError:
            continue


# What ``_staged`` gives: the temp file of the new bytes (None: the file is left as it is), their digest
# and blocks, whether the file was verified to hold them already, and the record it was verified against.
_Staging = tuple["atomic_write.Staged | None", str, build_state.Blocks, bool, "build_state.Written | None"]


def _staged(path: Path, data: bytes | atomic_write.Chunks, last: build_state.Written | None, verified_data: bytes | None,
            verified_base: bool) -> _Staging:
    """``data`` for the file at ``path`` staged (``atomic_write.stage_bytes``) unless the file holds it: ``last``,
    the record of its bytes ``verified_data`` when the build verified them (``verified_base``)."""
    # Verified above to hold the last build's bytes: a digest says whether they differ.
    verified = verified_base and last is not None
    if verified and last is not None and data is verified_data:
        # The very bytes verified to be in the file (not a copy: the same object): the digest recorded.
        blocks, digest = last.blocks, last.sha1
    else:
        blocks = _blocks(data, last if verified else None, verified_data)
        digest = build_state.digest_of(blocks)
    same = last is not None and verified_base and digest == last.sha1
    staged = None if same else atomic_write.stage_bytes(path, data, compare=not verified)
    return staged, digest, blocks, same, last


def _discard(staging: _Staging) -> None:
    if staging[0] is not None:
        staging[0].discard()


def _discard_staged(future: Future[_Staging]) -> None:
    """The graph's temp file removed, once its thread ends, when the build gave it up."""
    if not future.cancelled() and future.exception() is None:
        _discard(future.result())


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) held until the block ends, then raised: the two renames are not cut between.
    Only the main thread can handle signals; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[tuple[int, FrameType | None]] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append((signum, frame)))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held and callable(previous):
        previous(*held[0])
    elif held and previous == signal.SIG_DFL:
        raise KeyboardInterrupt


def files_to_write(graph_data: Callable[[], bytes | atomic_write.Chunks], manifest: Manifest,
                   files: GraphFiles) -> tuple[Path, ...]:
    """The files ``write_graph`` would rewrite, written by none: a dry run says "unchanged" where a
    build would (the manifest's bytes are ``Manifest.encoded``, which ``chunks_over`` reproduces)."""
    return tuple(path for path, data in ((files.graph, graph_data), (files.manifest, manifest.encoded))
                 if not atomic_write.holds(path, data()))


def kept_items(failing: frozenset[str], read: Collection[str], read_manifest: Callable[[], Manifest | None]
               ) -> tuple[frozenset[str], tuple[ResearchItem, ...], tuple[str, ...], KeptLinks]:
    """The items that keep their last facts, as those facts know them (slug and date), and which of
    them are held back: the items that fail to parse now (``failing``) keep their nodes, so the extends
    edges of items citing or linking them must stay too; and while one fails, so does every item whose
    file is gone (not among the ``read`` slugs).  Why: a rename reads as a delete and a new file, and
    when the new file fails (a name that is no slug, YAML broken on the way) the delete would remove
    the item's nodes with nothing to take their place; the next build that reads every file removes them.
    Returns (the slugs kept, the items, the slugs held back though their files are gone, the links to and
    from the kept items' claims: ``graph.kept_links``)."""
    if not failing:
        return failing, (), (), KeptLinks()
    manifest = read_manifest()
    if manifest is None:
        return failing, (), (), KeptLinks()
    gone = tuple(sorted(set(manifest.by_item) - set(read) - failing))
    kept = []
    for slug in sorted((failing | set(gone)) & set(manifest.by_item)):
        own = f"item:{slug}"
        dates = [text[len("completed:"):] for name, text in manifest.by_item[slug].observations
                 if name == own and text.startswith("completed:")]
        kept.append(ResearchItem.known_only_by(slug, dates[0] if dates else ""))
    keep = failing | set(gone)
    return keep, tuple(kept), gone, links_of_kept(manifest, keep)


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


def _refuse_a_lost_graph(manifest: Manifest, graph_path: Path, manifest_file: Path) -> None:
    """An empty graph file beside a manifest that records nodes: what a crash of a writer that writes in
    place (the reference server's ``writeFile``) leaves.  Rebuilt from the items, whatever was added by
    hand would be gone unsaid: refuse.  Removing the file is the deliberate way to start it again."""
    problem = emptied_graph(manifest, graph_path.name, manifest_file.name)  # as lint's emptied-graph says it
    if problem is not None:
        raise GraphFormatError(problem[0], Location.of(graph_path), problem[1])


def _a_lost_graph(manifest: Manifest, graph_path: Path, manifest_file: Path) -> Issue | None:
    """No graph file beside a manifest that records nodes: removed to start over (the documented way, and
    ``_refuse_a_lost_graph``'s fix), or by mistake.  Built again from the items either way, and said, since
    what was added by hand is not in the manifest and is gone with the file."""
    owners = _owners(manifest)
    if not owners:
        return None
    return Issue(IssueSeverity.WARNING, Location.of(graph_path),
                 f"{graph_path.name} is missing, but {manifest_file.name} records the nodes of {len(owners)} item(s) "
                 f"in it (item:{owners[0]}, ...): it is built again from the items alone, and what was added by hand or "
                 "by an agent is lost with the file",
                 f"if it was removed by mistake, restore both files (git checkout -- {graph_path.name} "
                 f"{manifest_file.name}) and build again; to start over without this warning, remove the manifest "
                 f"too (rm {manifest_file.name})")


def _owners(manifest: Manifest) -> list[str]:
    """The items ``manifest`` records nodes of."""
    return [slug for slug, facts in manifest.by_item.items() if facts.entities]


def _parse_later(raw: bytes, source: str) -> Callable[[], Graph]:
    def parse() -> Graph:
        return jsonl.loads_bytes(raw, source)
    return parse


def _blocks(data: bytes | atomic_write.Chunks, verified: build_state.Written | None,
            verified_data: bytes | None) -> build_state.Blocks:
    """The blocks of ``data`` (``state.Blocks``): in those of ``verified``, the record of the file as
    this build verified it (bytes ``verified_data``), when they add up to ``data``'s length, so that
    equal bytes have the recorded digest; a splice of those very bytes (``atomic_write.Spliced``) hashes only
    the blocks its edits fall in (``state.spliced_blocks``)."""
    if verified is None:
        return build_state.blocks_of(data)
    if isinstance(data, atomic_write.Spliced) and data.base is verified_data:
        spliced = build_state.spliced_blocks(verified.blocks, data.base, data.edits)
        if spliced is not None:
            return spliced
    return build_state.blocks_of(data, [length for length, _ in verified.blocks])
