"""What each feature of the read stage costs and what the graph loses without it (issue 24, speed130).

    .venv/bin/python bench/feature_costs.py [--corpus ../shared/corpus/research] [--generated 1000]
    .venv/bin/python bench/feature_costs.py [--corpus ...] --without NAME [--without NAME ...]
    .venv/bin/python bench/feature_costs.py --effects --base OUT/research [--corpus ...] [--themes FILE]
                                           [--only NAME ...] [--together]

*Costs*: ``parse_record`` of every item of the corpus (and of ``--generated`` items of
``bench/gen_corpus.py``), in this one process, each feature's function (``FEATURES``) wrapped where
the read stage calls it and timed on the thread's CPU clock: inclusive (its calls' whole time) and
exclusive (less the time of the wrapped features it calls).  Not cProfile, which puts a hook on every
call and inflates small functions 2-3 times: only the wrapped functions pay, and what a wrapper's
own clock readings cost is measured on an empty function first and taken off (``calls`` is printed
beside each row so the correction can be judged).  The tables of the build's data (``topics.load``,
``derived.load``) are loaded before, as a build loads them before its fork; the pass is one, cold,
as a fresh build's is (the per-process caches start empty).

``--without NAME``: the same pass with those features giving their neutral result (below): what removing
them saves, measured, not summed from the table (a filter removed lets more terms through to the scans after
it).  On a loaded machine a pass's CPU moves 10-25 % between runs: alternate with a plain pass.

*Effects* (``--effects``): for each feature with a neutral result (what the function gives where it
finds nothing: no acronym pairs, no modifiers, every term kept), a fresh ``kgsync build`` of the
corpus (in a folder of its own, with ``--themes`` beside it when given) in a child process in which
that function returns its neutral result, and ``kgsync diff`` of its graph against ``--base``'s
``memory.jsonl``: entities and relations added, removed and changed, and whether the manifest
differs (``--together``: one build without all the ``--only`` features).  A function patched in its own module
(``markup.link_protocols``) is neutral for every caller.  A feature whose neutral result changes nothing
(``marker warnings: misspelt``) is the harness's control: graph and manifest byte-identical to the base.

Nothing in the repo is touched.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Feature:
    name: str  # the feature, as the table names it
    module: str  # the module whose attribute is patched: where the read stage looks the function up
    attribute: str
    neutral: Callable[..., Any] | None = None  # what it gives where it finds nothing; None: not removable


def _nothing(*_args: object, **_kwargs: object) -> tuple[()]:
    return ()


def _none_set(*_args: object, **_kwargs: object) -> set[str]:
    return set()


def _none_frozen(*_args: object, **_kwargs: object) -> frozenset[str]:
    return frozenset()


def _false(*_args: object, **_kwargs: object) -> bool:
    return False


def _true(*_args: object, **_kwargs: object) -> bool:
    return True


def _empty(*_args: object, **_kwargs: object) -> str:
    return ""


def _no_stances(*_args: object) -> tuple[dict[str, object], dict[str, str]]:
    return {}, {}


def _not_attributed(*_args: object) -> tuple[frozenset[str], str]:
    return frozenset(), ""


def _no_described(*_args: object, **_kwargs: object) -> tuple[None, str, str]:
    return None, "", ""


def _no_tails(*_args: object, **_kwargs: object) -> Counter[str]:
    return Counter()


def _dense_only(_item: object, dense_text: str, dense_runs: object, _repositories: object,
                _unread: object = None) -> tuple[str, object]:
    return dense_text, dense_runs


def _no_phrases(whole: list[bytes], *_args: object, marks: bytes | None = None) -> tuple[object, ...]:
    from kgsync.extract import topics
    return (), topics._token_pair_marks(whole) if marks is None else marks, (), (), {}


_R, _M, _F = "kgsync.extract.record", "kgsync.extract.mining", "kgsync.extract.findings"
_IT = "kgsync.extract.item_text"  # what mining reads of the body once for both its readings (``body_reading``)
_RF, _MN = "kgsync.extract.references", "kgsync.extract.mentions"

#: The read stage's features, outermost first (an inner one's time is inside its caller's inclusive time).
FEATURES = (
    Feature("read: frontmatter + sections", _R, "read_item_bytes"),
    Feature("body cut (markers, references)", _R, "cut_of"),
    Feature("marker warnings: misspelt", _R, "misspelt_marks", _nothing),
    Feature("marker warnings: unread", _R, "unread_marks", _nothing),
    Feature("written themes", _R, "written_themes", _nothing),
    Feature("extract (claims, links, evidence)", _R, "extract"),
    Feature("  claims", _F, "claim_of"),
    Feature("  summary lead", _F, "lead_sentence"),
    Feature("  text links (slugs named)", _F, "text_links", _nothing),
    Feature("  references / evidence scan", _F, "scan", _nothing),
    Feature("    lines to read", _RF, "_lines_to_read"),
    Feature("    sentences", _RF, "sentences"),
    Feature("    sentence mentions", _RF, "sentence_mentions"),
    Feature("      reference spans", _MN, "references"),
    Feature("      held by a finding", _MN, "_held_by"),
    Feature("      stance cues (governing)", _MN, "governing", _no_stances),
    Feature("      own clause (supports)", _MN, "own_clause", _false),
    Feature("      said words (restated)", _MN, "said_words", _empty),
    Feature("      reported words", _MN, "reported_words", _empty),
    Feature("      source attribution", _MN, "_attributed", _not_attributed),
    Feature("      described stance", _MN, "described_stance", _no_described),
    Feature("      by description", _MN, "_described", _nothing),
    Feature("      marked sentence", _MN, "_marked"),
    Feature("      plain text", _MN, "plain_text"),
    Feature("      shortened", _MN, "shorten_sentence"),
    Feature("    fuller descriptions", _RF, "fuller_forms"),
    Feature("    citing sentences", _RF, "_citing_sentences"),
    Feature("    cited by name", _RF, "_cited_by_name"),
    Feature("    named items", _RF, "_named_in"),
    Feature("    author markers", _RF, "author_marks"),
    Feature("    sourced facts' inference", _RF, "_with_inference"),
    Feature("  finding words", _F, "finding_words", _nothing),
    Feature("candidates (mining)", _R, "candidates"),
    Feature("  markup: clean", "kgsync.extract.markup", "clean"),
    Feature("  markup: without names", "kgsync.extract.markup", "without_names"),
    Feature("  markup: without fences", "kgsync.extract.markup", "without_fences"),
    Feature("  markup: repository names", "kgsync.extract.markup", "repository_names", _none_set),
    Feature("  markup: link protocols", "kgsync.extract.markup", "link_protocols", _none_frozen),
    Feature("  zone tokens", _M, "tokens_of"),
    Feature("  zone runs -> terms", _M, "run_terms"),
    Feature("  item text cut (tokens, runs)", _M, "item_text"),
    Feature("  body reading (once for both readings)", _M, "body_reading"),
    Feature("  acronym definitions", _IT, "url_free_acronym_pairs", _nothing),
    Feature("  designation definitions", _IT, "defined_in_designation", _false),
    Feature("  emphasis", "kgsync.extract.markup", "emphasised", _nothing),
    Feature("  finding subjects", _IT, "finding_subjects", _none_set),
    Feature("  units (body)", _IT, "unit_keys", _none_set),
    Feature("  units (zones)", _M, "unit_keys", _none_set),
    Feature("  nesting: name tails", "kgsync.extract.nesting", "name_tails", _no_tails),
    Feature("  attributive modifiers", "kgsync.extract.attributive", "attributive_only", _none_set),
    Feature("  enclosed modifiers", "kgsync.extract.enclosed", "enclosed_only", _none_set),
    Feature("  expansion pieces", _M, "pieces_only_inside", _none_set),
    Feature("  names an idea", _M, "_names_an_idea", _true),
    Feature("  designations", _M, "designation_only", _nothing),
    Feature("  designation prefixes", _M, "_designation_prefixes", _none_set),
    Feature("  genres", _M, "genre_only", _nothing),
    Feature("  spelled-out acronyms", _M, "spelled_out", _nothing),
    Feature("  topic phrases (+frames, relations)", "kgsync.extract.topics", "phrase_scan_cut", _no_phrases),
    Feature("  relational frames", _M, "relational_frames", _none_set),
    Feature("  concluded zones (Analysis)", _M, "_concluded", _dense_only),
    Feature("  topic words", "kgsync.extract.topics", "mentions", _nothing),
    Feature("  derived words", "kgsync.extract.derived", "derived_mentions_stated", _nothing),
    Feature("  name words", "kgsync.extract.names", "name_mentions_stated", _nothing),
    Feature("  compounds", "kgsync.extract.compounds", "compound_mentions", _nothing),
    Feature("  prefixed compounds", "kgsync.extract.compounds", "prefixed_mentions", _nothing),
    Feature("  convention files", "kgsync.extract.files", "file_mentions", _nothing),
    Feature("  plurals", "kgsync.extract.plurals", "written", _nothing),
    Feature("  kinds (relational adjective)", _M, "names_a_kind", _false),
    Feature("  joined pairs", _M, "names_a_joined_pair", _false),
    Feature("  addressed keys", _M, "addressed_keys", _nothing),
)


class Clock:
    """Inclusive and exclusive CPU nanoseconds and calls per feature, from the wrappers' stack."""

    def __init__(self) -> None:
        self.inclusive: Counter[str] = Counter()
        self.exclusive: Counter[str] = Counter()
        self.calls: Counter[str] = Counter()
        self.nested: Counter[str] = Counter()  # wrapped calls made inside this feature's calls
        self.stack: list[list[int]] = []  # per open call: [time spent in wrapped callees, their calls]

    def wrap(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        clock, now = self, time.thread_time_ns
        if inspect.isgeneratorfunction(function):  # its work is done as it is iterated: done here, in the call
            generator = function

            def function(*args: Any, **kwargs: Any) -> Any:
                return iter(list(generator(*args, **kwargs)))

        def timed(*args: Any, **kwargs: Any) -> Any:
            frame = [0, 0]
            clock.stack.append(frame)
            started = now()
            try:
                return function(*args, **kwargs)
            finally:
                spent = now() - started
                clock.stack.pop()
                clock.inclusive[name] += spent
                clock.exclusive[name] += spent - frame[0]
                clock.calls[name] += 1
                clock.nested[name] += frame[1]
                if clock.stack:
                    clock.stack[-1][0] += spent
                    clock.stack[-1][1] += 1 + frame[1]
        return timed


def _patch(features: tuple[Feature, ...], make: Callable[[Feature, Callable[..., Any]], Callable[..., Any] | None]) -> None:
    for feature in features:
        owner = importlib.import_module(feature.module)
        replacement = make(feature, getattr(owner, feature.attribute))
        assert replacement is not None, feature.name  # only a removable feature is replaced by its neutral result
        setattr(owner, feature.attribute, replacement)


def _empty_call() -> int:
    return 0


def _calibrate() -> tuple[float, float]:
    """(ns a wrapped call adds inside its own figure, ns it adds to its caller's): from an empty function
    called 1,000 times by a wrapped caller, against the same caller calling it bare."""
    clock, bare_clock = Clock(), Clock()
    inner = clock.wrap("inner", _empty_call)
    outer = clock.wrap("outer", lambda: [inner() for _ in range(1000)])
    bare = bare_clock.wrap("bare", lambda: [_empty_call() for _ in range(1000)])
    for _ in range(50):
        outer()
        bare()
    own = clock.inclusive["inner"] / clock.calls["inner"]
    seen_outside = (clock.inclusive["outer"] - bare_clock.inclusive["bare"]) / clock.nested["outer"]
    return own, seen_outside


def _item_files(corpus: Path) -> list[tuple[bytes, str, str]]:
    return [(path.read_bytes(), str(path), path.stem) for path in sorted(corpus.glob("*.md"))]


def costs(corpus: Path, without: tuple[str, ...] = ()) -> tuple[Clock, float, int]:
    """Every feature's time over one cold pass of ``parse_record`` over the corpus; the pass's CPU seconds.
    ``without``: the features (names) that give their neutral result, their work not done."""
    from kgsync.extract import derived, topics
    from kgsync.extract.record import parse_record
    topics.load()
    derived.load()
    files = _item_files(corpus)
    clock = Clock()
    removed = tuple(f for f in FEATURES if f.name.strip() in without)
    _patch(removed, lambda feature, _function: feature.neutral)
    _patch(tuple(f for f in FEATURES if f not in removed), lambda feature, function: clock.wrap(feature.name, function))
    started = time.thread_time_ns()
    for raw, display, slug in files:
        parse_record(raw, display, slug)
    return clock, (time.thread_time_ns() - started) / 1e9, len(files)


def costs_table(clock: Clock, total: float, own: float, outside: float) -> list[str]:
    lines = ["| feature | calls | incl. CPU s | excl. CPU s | share of pass (excl.) |", "|---|---:|---:|---:|---:|"]
    corrected_total = total - sum(clock.calls.values()) * outside / 1e9
    for feature in FEATURES:
        name = feature.name
        if not clock.calls[name]:
            continue
        incl = (clock.inclusive[name] - clock.calls[name] * own - clock.nested[name] * outside) / 1e9
        excl = (clock.exclusive[name] - clock.calls[name] * own) / 1e9
        depth = (len(name) - len(name.lstrip())) // 2  # "· " per level: inside the feature above it
        lines.append(f"| {'· ' * depth}{name.strip()} | {clock.calls[name]} "
                     f"| {incl:.3f} | {excl:.3f} | {100 * excl / corrected_total:.1f} % |")
    lines.append(f"| whole pass (wrappers' clock readings taken off) | | {corrected_total:.3f} | | 100 % |")
    return lines


def _child_costs(corpus: Path, without: list[str]) -> dict[str, Any]:
    """Run ``costs`` in a fresh process (cold caches, nothing patched before) and return its figures."""
    out = subprocess.run([sys.executable, __file__, "--child-costs", str(corpus), *(f"--without={name}" for name in without)],
                         check=True, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _child_costs_main(corpus: Path, without: list[str]) -> None:
    own, outside = _calibrate()
    clock, total, count = costs(corpus, tuple(without))
    print(json.dumps({"own": own, "outside": outside, "total": total, "count": count,
                      "inclusive": clock.inclusive, "exclusive": clock.exclusive, "calls": clock.calls,
                      "nested": clock.nested}))


def _clock_of(figures: dict[str, Any]) -> Clock:
    clock = Clock()
    for part in ("inclusive", "exclusive", "calls", "nested"):
        getattr(clock, part).update(figures[part])
    return clock


def _build_without(names: str, repo: Path) -> None:
    """In this process: the features ``names`` ("|" between them) give their neutral results, then
    ``kgsync build`` of ``repo``."""
    removed = tuple(f for f in FEATURES if f.name.strip() in names.split("|") and f.neutral is not None)
    _patch(removed, lambda feature, _function: feature.neutral)
    os.chdir(repo)
    sys.argv = ["kgsync", "build", "--no-cache", "-q"]
    from kgsync.cli.main import main
    main()


def effects(corpus: Path, base: Path, themes: Path | None, only: list[str], together: bool = False) -> list[str]:
    """For each removable feature (``together``: for all of ``only`` at once): what a build without it
    changes against ``base``'s graph."""
    lines = ["| feature | entities +/−/changed | relations +/− | claims +/−/changed | manifest |", "|---|---|---|---|---|"]
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT), PYTHONHASHSEED="0")
    removable = [f.name.strip() for f in FEATURES if f.neutral is not None and (not only or f.name.strip() in only)]
    for name in ["|".join(removable)] if together else removable:
        with tempfile.TemporaryDirectory(prefix="feature_costs.") as work:
            repo = Path(work)
            (repo / "Research" / "completed").mkdir(parents=True)
            (repo / "docs").mkdir()
            for path in corpus.glob("*.md"):
                shutil.copy(path, repo / "Research" / "completed" / path.name)
            if themes is not None:
                shutil.copy(themes, repo / "docs" / themes.name)
                (repo / "kgsync.yml").write_text(f"themes_vocabulary: docs/{themes.name}\n")
            built = subprocess.run([sys.executable, __file__, "--build-without", name, str(repo)],
                                   check=False, capture_output=True, env=env)
            if built.returncode != 0 or not (repo / "memory.kgsync.json").exists():
                lines.append(f"| {name.replace('|', ', ')} | build failed (exit {built.returncode}) | | | |")
                print(lines[-1], flush=True)
                continue
            report = subprocess.run([sys.executable, "-m", "kgsync", "diff", "--format", "json",
                                     str(base / "memory.jsonl"), str(repo / "memory.jsonl")],
                                    check=True, capture_output=True, text=True, env=env)
            diff = json.loads(report.stdout)
            manifest = (repo / "memory.kgsync.json").read_bytes() == (base / "memory.kgsync.json").read_bytes()
        lines.append(f"| {name.replace('|', ', ')} | {_entity_counts(diff)} | {_relation_counts(diff)} "
                     f"| {_claim_counts(diff)} | {'same' if manifest else 'differs'} |")
        print(lines[-1], flush=True)
    return lines


def _entity_counts(diff: dict[str, Any]) -> str:
    kinds = diff["counts"]["entities"]
    added = sum(k["added"] for k in kinds.values())
    removed = sum(k["removed"] for k in kinds.values())
    changed = sum(k["changed"] for k in kinds.values())
    return f"+{added} / −{removed} / ~{changed}"


def _claim_counts(diff: dict[str, Any]) -> str:
    claim = diff["counts"]["entities"].get("claim", {"added": 0, "removed": 0, "changed": 0})
    return f"+{claim['added']} / −{claim['removed']} / ~{claim['changed']}"


def _relation_counts(diff: dict[str, Any]) -> str:
    kinds = diff["counts"]["relations"]
    added = sum(k.get("added", 0) for k in kinds.values())
    removed = sum(k.get("removed", 0) for k in kinds.values())
    return f"+{added} / −{removed}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=REPO_ROOT.parent.parent / "shared" / "corpus" / "research")
    parser.add_argument("--generated", type=int, default=0, help="also time this many generated items (0: none)")
    parser.add_argument("--effects", action="store_true", help="build without each removable feature and diff")
    parser.add_argument("--base", type=Path, help="--effects: the folder holding the full build's memory.jsonl")
    parser.add_argument("--themes", type=Path, help="--effects: the theme vocabulary the base was built with")
    parser.add_argument("--only", action="append", default=[], help="--effects: this feature only (repeatable)")
    parser.add_argument("--together", action="store_true", help="--effects: one build without every --only feature")
    parser.add_argument("--without", action="append", default=[],
                        help="time the pass with this feature giving its neutral result (repeatable): what removing it saves")
    parser.add_argument("--child-costs", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--build-without", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_costs:
        _child_costs_main(args.child_costs, args.without)
        return 0
    if args.build_without:
        _build_without(args.build_without[0], Path(args.build_without[1]))
        return 0
    if args.effects:
        if args.base is None:
            parser.error("--effects needs --base (the folder of the full build's memory.jsonl)")
        effects(args.corpus, args.base, args.themes, args.only, args.together)
        return 0
    corpora = [(args.corpus, args.corpus.name)]
    generated = None
    if args.generated:
        generated = tempfile.TemporaryDirectory(prefix="feature_costs.")
        subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "gen_corpus.py"), generated.name,
                        "--count", str(args.generated)], check=True, capture_output=True)
        corpora.append((Path(generated.name), f"{args.generated} generated items"))
    for corpus, label in corpora:
        unknown = [name for name in args.without if name not in {f.name.strip() for f in FEATURES if f.neutral}]
        if unknown:
            parser.error(f"--without {unknown[0]!r}: no removable feature of that name (see FEATURES)")
        figures = _child_costs(corpus, args.without)
        load = os.getloadavg()[0]
        removed = f", without {', '.join(args.without)}" if args.without else ""
        print(f"\n### {label}{removed}: {figures['count']} items, one process, load {load:.2f}; a wrapped call's clock "
              f"readings ~{figures['own']:.0f} ns own / ~{figures['outside']:.0f} ns in its caller (taken off)\n")
        print("\n".join(costs_table(_clock_of(figures), figures["total"], figures["own"], figures["outside"])))
    if generated is not None:
        generated.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
