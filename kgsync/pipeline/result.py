"""What a build returns (``kgsync.pipeline.stages.build``): the new graph and manifest, the problems
found on the way, and what the build wrote; the graphs are built from their bytes only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from kgsync.contract.errors import KgsyncError
from kgsync.contract.model import Graph
from kgsync.graph.manifest import Manifest
from kgsync.graph.veto_names import VetoNames
from kgsync.lint.rules import LintReport
from kgsync.read.items import Issue, IssueSeverity, ResearchItem
from kgsync.vocabulary.vocab import Vocabulary


@dataclass(frozen=True)
class BuildResult:
    # The new graph (written unless write=False or lint failed); built when asked for (``graph``):
    # an incremental rebuild has only its file bytes.
    load_graph: Callable[[], Graph] = field(repr=False, compare=False)
    # The committed graph, as read; parsed only when asked for (``previous``): a
    # rebuild over a graph kgsync wrote itself need not decode it (see kgsync.pipeline.cache.state).
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
    # "slug: fact" for each fact the committed manifest credits to an item that no build of it can
    # have written (``ownership.anchored``): kept as content added by hand or by an agent, never deleted.
    disowned: tuple[str, ...] = ()
    # Whether the graph was spliced from the last one (``kgsync.pipeline.incremental``) rather than
    # merged and linted whole: the same bytes either way; said for tests and ``--timings``.
    incremental: bool = field(default=False, compare=False)
    # (entities, relations) of the new graph, counted without building it (None: from ``graph``).
    load_sizes: Callable[[], tuple[int, int]] | None = field(default=None, repr=False, compare=False)
    # The build's intermediates (records, caches, the stored facts, ...), freed with the result rather
    # than when the build returns: freeing them one object at a time cost a one-item rebuild at
    # 10,000 items ~0.09 s of CPU (``bench/bench_build.py --count 10000 --skip-real``, speed12i), which a
    # CLI run, ending without freeing (``kgsync.cli.main``), skips.
    retained: tuple[object, ...] = field(default=(), repr=False, compare=False)
    # The items whose facts differ from the committed manifest's (added and removed ones too), where the
    # build found them on its way (the spliced path); None: it did not look (``kgsync build`` then
    # compares the manifests itself, to print only those items' warnings).
    changed_items: frozenset[str] | None = field(default=None, compare=False)
    # A dry run's (write=False): the files a build would rewrite (none: it would say "unchanged"),
    # found when asked for (``would_write``): encoding and comparing them is a cost vocab and pr skip.
    load_would_write: Callable[[], tuple[Path, ...]] = field(default=tuple, repr=False, compare=False)
    # One line (``describe_facts``) for each fact the committed manifest held by hand (``Manifest.held``)
    # that the graph keeps though no item writes it now (``hand_added.kept_by_hand``): said beside the
    # removed items, whose nodes they may be.
    kept_by_hand: tuple[str, ...] = ()
    # The graph file was missing beside a manifest that records nodes: built again from the items, and
    # what was added to it by hand is gone (``kgsync.pipeline.committed``); printed by ``kgsync build``.
    lost_graph: Issue | None = None
    # The vetoes the evidence plan read, by its names and the graph's (``graph.veto_names``): the PR files a
    # link a veto removed under the veto, whichever name the veto wrote.
    veto_names: VetoNames = field(default_factory=VetoNames, repr=False, compare=False)
    # Items whose files are gone that keep their nodes because an item file fails to read this build
    # (``committed.kept_items``: a rename to a file that fails is no delete); removed once every file reads.
    held_items: tuple[str, ...] = ()

    @property
    def sizes(self) -> tuple[int, int]:
        """(entities, relations) of the new graph; the incremental path counts its file's lines."""
        if self.load_sizes is not None:
            return self.load_sizes()
        return len(self.graph.entities), len(self.graph.relations)

    @cached_property
    def would_write(self) -> tuple[Path, ...]:
        return self.load_would_write()

    @cached_property
    def graph(self) -> Graph:
        return self.load_graph()

    @cached_property
    def previous(self) -> Graph:
        return self.load_previous()

    @property
    def errors(self) -> tuple[KgsyncError, ...]:
        return tuple(i.as_error() for i in self.issues if i.severity is IssueSeverity.ERROR)

    @property
    def changed(self) -> bool:
        return self.graph != self.previous.canonical() or bool(self.changed_files)
