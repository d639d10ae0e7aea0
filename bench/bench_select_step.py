"""What one step of the select stage costs, in one process (issue 24, speed20).

    .venv/bin/python bench/bench_select_step.py research [--corpus ../shared/corpus/research] [--runs 3]
    .venv/bin/python bench/bench_select_step.py synthetic [--count 10000] [--runs 3]

Builds the corpus once with a fresh cache (the synthetic one from ``bench/gen_corpus.py`` in a temporary
folder, as ``bench/bench_build.py`` does), keeping what ``vocabulary.vocab.select_with_stats`` was
given; then times ``select_with_stats`` on it (``time.process_time``, collector off, after one warm-up)
with step 7, ``named_tails.with_named_tails``, as it is and made the identity, alternated ``--runs``
times, and the step alone on the vocabulary it is handed (its caches cleared before each run, as in a
fresh build).  The machine's load average is printed with the figures.  To compare another tree's step,
run this file with that tree first on ``sys.path`` (``PYTHONPATH``).  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "bench"))

import gen_corpus  # noqa: E402  (bench/ is not a package)
from bench_build import config_for  # noqa: E402


def captured(root: Path, items: str, themes: Path | None, work: Path) -> tuple[Any, ...]:
    """The arguments of ``select_with_stats`` in a fresh build of ``items``."""
    from kgsync.pipeline import stages
    from kgsync.pipeline.cache import selection

    seen: list[tuple[Any, ...]] = []
    real = selection.select_with_stats

    def spy(*args: Any) -> Any:
        seen.append(args)
        return real(*args)

    selection.select_with_stats = spy  # type: ignore[assignment]
    try:
        stages.build(config_for(root, items, work / "graph.jsonl", work / "cache", themes))
    finally:
        selection.select_with_stats = real  # type: ignore[assignment]
    return seen[0]


def clear_caches() -> None:
    from kgsync.vocabulary import named_tails

    for name in ("_pattern", "_sentences", "_opening"):
        cache = getattr(named_tails, name, None)
        if cache is not None:
            cache.cache_clear()


def measure(args: tuple[Any, ...], runs: int) -> dict[str, list[float]]:
    from kgsync.vocabulary import named_tails, vocab

    step = named_tails.with_named_tails
    gc.disable()
    vocab.select_with_stats(*args)  # warm-up: the stage's own caches, as a build's earlier stages leave them
    out: dict[str, list[float]] = {"select": [], "select, step 7 the identity": [], "step 7 alone": []}
    captured_vocab: list[Any] = []

    def keep(vocabulary: Any, cands: Any) -> Any:
        cands = list(cands)
        captured_vocab[:] = [vocabulary, cands]
        return step(vocabulary, cands)

    vocab.with_named_tails = keep  # type: ignore[assignment]
    vocab.select_with_stats(*args)
    for _ in range(runs):
        for label, replacement in (("select", step), ("select, step 7 the identity", lambda v, _c: v)):
            clear_caches()
            vocab.with_named_tails = replacement  # type: ignore[assignment]
            started = time.process_time()
            vocab.select_with_stats(*args)
            out[label].append(time.process_time() - started)
        clear_caches()
        started = time.process_time()
        step(*captured_vocab)
        out["step 7 alone"].append(time.process_time() - started)
    vocab.with_named_tails = step  # type: ignore[assignment]
    gc.enable()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus_kind", choices=("research", "synthetic"))
    parser.add_argument("--corpus", type=Path, default=REPO_ROOT.parent / "shared" / "corpus" / "research")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if args.corpus_kind == "research":
            themes = args.corpus.parent / "themes-vocabulary.md"
            inputs = captured(work, str(args.corpus.resolve() / "*.md"), themes if themes.exists() else None, work)
        else:
            gen_corpus.generate(work / "Research" / "completed", args.count)
            inputs = captured(work, "Research/completed/*.md", None, work)
        figures = measure(inputs, args.runs)
    print(f"{len(inputs[0])} items, load average {os.getloadavg()[0]:.2f}, CPU seconds per run:")
    for label, values in figures.items():
        print(f"  {label}: " + " ".join(f"{value:.3f}" for value in values))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
