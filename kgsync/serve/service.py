"""The graph file behind the tools of ``kgsync serve``, re-read when it changes.

``Service`` holds the graph file's path and re-reads it when its mtime, ctime, size or inode changed
(one ``stat`` a call when it did not), so a ``git pull`` or an agent writing through the reference server
is seen by the next call; ``keep`` keeps its index in the user's cache between starts (``store``).
What each tool answers from it is ``tools`` and ``research``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kgsync.contract.errors import KgsyncError, Location, ServeError, message_line
from kgsync.serve import store
from kgsync.serve.index import Index, Weights
from kgsync.serve.manifest_evidence import Sentences, sentences_of
from kgsync.serve.snapshot import Snapshot, line_starts, read_bytes


#: What one ``stat`` says of the graph file: mtime, ctime, size, inode, device (``_sig``).
Signature = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class _Loaded:
    signature: Signature | None
    index: Index


class Service:
    """The graph file behind the tools, re-read when it changes."""

    def __init__(self, path: str | Path, weights: Weights | None = None, keep: bool = False, log: store.Log = store.stderr):
        """``keep``: keep the index in the user's cache directory between starts (``store``)."""
        self.path = Path(path)
        self.weights = weights or Weights()
        self.keep = keep
        self.log = log
        self._loaded: _Loaded | None = None
        self._lock = threading.Lock()  # the start-up thread and the tool calls share the index
        self._manifest: tuple[Signature | None, Sentences | ServeError] | None = None
        self.reloads = 0

    @property
    def manifest_path(self) -> Path:
        return self.path.with_name(self.path.stem + ".kgsync.json")

    def index(self) -> Index:
        """The index of the file as it is now (rebuilt only when the file changed)."""
        with self._lock:
            return self._current()

    def warm(self) -> None:
        """Read and index the file now (a start-up thread, while the MCP SDK loads); errors wait for a call."""
        try:
            self.index()
        except KgsyncError:
            pass

    def prebuild(self) -> Callable[[], None]:
        """Start loading while this process goes on (loading the MCP SDK): a forked child makes sure the
        stored index is the file's (checking every page of it, or indexing and storing), and a thread here
        reads the file and computes its key (file reads and hashing let the SDK import run meanwhile).
        The returned ``finish()`` decodes the bytes read here (with the child's count of their lines when
        its key is theirs) while the child may still be indexing, waits for it, and loads, taking the stored
        index only when its key is the key of the bytes this process read.  Without ``os.fork``, or without
        ``keep``, it just loads."""
        if not hasattr(os, "fork") or not self.keep:
            return self.warm
        told, tell = os.pipe()
        child = os.fork()
        if child == 0:  # the child: check or index, then exit without any cleanup of the parent's
            code = 1
            try:
                os.close(told)
                with open(self.path, "rb") as handle:
                    raw = handle.read()
                key, lines = store.key_of(raw, self.weights), line_starts(raw)
                # The parent's one pass over the bytes besides decoding them, done here while it loads the
                # SDK: it takes the count only for bytes of this very key (the bytes it read itself).
                os.write(tell, f"{key} {lines}".encode())
                os.close(tell)  # the parent decodes the graph now, while this indexes it (first start)
                store.ensure(self.path, raw, self.weights, self.log, key, lines)
                code = 0
            finally:
                os._exit(code)
        os.close(tell)
        read: list[tuple[Signature, bytes, str]] = []

        def read_and_hash() -> None:
            try:
                with open(self.path, "rb") as handle:
                    signature = _sig(os.fstat(handle.fileno()))
                    raw = handle.read()
                read.append((signature, raw, store.key_of(raw, self.weights)))
            except OSError:
                pass  # finish() reads again, and a call says why

        reader = threading.Thread(target=read_and_hash, name="kgsync-serve-read", daemon=True)
        reader.start()

        def finish() -> None:
            with os.fdopen(told, "rb") as pipe:  # at the child's key and count (or its end), not its exit
                said = pipe.read().decode("ascii", errors="replace").split(" ")
            reader.join()
            with self._lock:
                if read:
                    signature, raw, key = read[0]
                    lines = int(said[1]) if len(said) == 2 and said[0] == key and said[1].isdigit() else None
                    snapshot = read_bytes(raw, lines)  # while the child checks, or indexes and stores
                    os.waitpid(child, 0)
                    self._now(signature, store.load(self.path, raw, snapshot, self.weights, self.log, key))
                    return
            os.waitpid(child, 0)
            self.warm()

        return finish

    def _current(self) -> Index:
        signature = _signature(self.path)
        if self._loaded is not None and self._loaded.signature == signature:
            return self._loaded.index
        if signature is None:
            index = Index(Snapshot(), self.weights)
        else:
            try:
                with open(self.path, "rb") as handle:  # the signature of what was read, not of the path
                    signature = _sig(os.fstat(handle.fileno()))
                    raw = handle.read()
            except IsADirectoryError:
                raise ServeError("cannot read the graph file: it is a folder", Location.of(self.path),
                                 hint="put the graph file back at this path, or restart serve with --graph "
                                      "naming the file") from None
            except OSError as exc:
                raise ServeError(f"cannot read the graph file: {exc.strerror or exc}", Location.of(self.path),
                                 hint="make it readable (permissions, a broken link), or restart serve with "
                                      "--graph naming the file") from None
            snapshot = read_bytes(raw)
            index = store.load(self.path, raw, snapshot, self.weights, self.log) if self.keep else Index(snapshot, self.weights)
        return self._now(signature, index)

    def _now(self, signature: Signature | None, index: Index) -> Index:
        """``index`` is the file's now; the lines of that version the server would not read are told once:
        a file that is no graph (a typo'd --graph) must not pass for an empty graph."""
        self._loaded = _Loaded(signature, index)
        self.reloads += 1
        snapshot = index.snapshot
        if snapshot.skipped:
            self.log(self._skipped(snapshot, "skipped; the tools answer",
                                   "serve a graph kgsync build or the memory server wrote"))
        return index

    def _skipped(self, snapshot: Snapshot, answer: str, fix: str) -> str:
        """The warning for the lines of ``snapshot`` the server would not read, at the first one."""
        lines = snapshot.skipped + len(snapshot.entities) + len(snapshot.relations)
        return message_line(Location.of(self.path, snapshot.first_skipped),
                            f"warning: {snapshot.skipped} of the file's {lines} lines are not an entity or relation "
                            f"the memory server reads: {answer} from the other {lines - snapshot.skipped}",
                            f"{fix}; `kgsync lint {self.path}` names each line")

    def unread(self) -> str | None:
        """What of the graph file the answers now are not from, as a warning with the file and the fix: the
        file is missing, or none of its lines is one the memory server reads (the answers are the empty
        graph's, as the reference server's would be), or some are not (the answers are from the rest);
        None when every line is read."""
        loaded = self._loaded
        if loaded is None:
            return None
        snapshot = loaded.index.snapshot
        if loaded.signature is None:
            return message_line(Location.of(self.path), "warning: the graph file is missing (removed, renamed, or "
                                "between two steps of a checkout): this answer is from an empty graph",
                                "restore it (`git checkout -- FILE`) or run `kgsync build`; the next call reads it again")
        if snapshot.skipped and not snapshot.entities and not snapshot.relations:
            return message_line(Location.of(self.path, snapshot.first_skipped),
                                f"warning: none of the file's {snapshot.skipped} lines is an entity or relation the "
                                "memory server reads: this answer is from an empty graph",
                                f"restore the file from git; `kgsync lint {self.path}` names each line")
        if snapshot.skipped:
            return self._skipped(snapshot, "this answer is", "restore the file from git")
        return None

    def evidence_sentences(self) -> Sentences:
        """(from, to, relation) -> (sentence, "path:line") from the manifest beside the graph ({} without one),
        read again when it changed (``manifest_evidence``: its ``evidence`` alone decoded).  Raises
        ``ServeError`` naming the manifest when it cannot be read or is no manifest, until it changes."""
        signature = _signature(self.manifest_path, "the kgsync manifest")
        if self._manifest is None or self._manifest[0] != signature:
            self._manifest = self._read_manifest(signature)
        found = self._manifest[1]
        if isinstance(found, ServeError):
            raise found.with_traceback(None)  # the same error each call, its traceback not grown by each
        return found

    @property
    def manifest_found(self) -> bool:
        """Was the manifest beside the graph there when ``evidence_sentences`` last read it?  A manifest
        of a build whose items state no evidence link has no sentence, and is still there."""
        return self._manifest is not None and self._manifest[0] is not None

    def _read_manifest(self, signature: Signature | None) -> tuple[Signature | None, Sentences | ServeError]:
        """The manifest's sentences, or why it has none, with the signature of the bytes read."""
        if signature is None:
            return None, {}
        try:
            with open(self.manifest_path, "rb") as handle:  # the signature of what was read, not of the path
                signature = _sig(os.fstat(handle.fileno()))
                raw = handle.read()
        except FileNotFoundError:
            return None, {}  # removed since the stat: no manifest
        except OSError as exc:
            return signature, ServeError(f"cannot read the kgsync manifest: {exc.strerror or exc}",
                                         Location.of(self.manifest_path))
        try:
            return signature, sentences_of(raw, self.manifest_path)
        except ServeError as exc:
            return signature, exc


def _sig(st: os.stat_result) -> Signature:
    # The ctime too: an edit in place that keeps the size and puts the mtime back (os.utime) still sets
    # it, and no program can set it back.
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, st.st_dev)


def _signature(path: Path, what: str = "the graph file") -> Signature | None:
    try:
        return _sig(os.stat(path))
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise ServeError(f"cannot read {what}: {exc.strerror or exc}", Location.of(path)) from None
