"""``enclosed.enclosed_only`` (each run's phrases checked once, cached: ``_run_heads``) gives what it
gave when it checked every slice of every run on each call (``_oracle``, kept here as it was); and
``head_mentions`` (a form and its plural found by one scan) what it gave with a scan per form
(``_head_mentions_oracle``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import enclosed
from kgsync.extract.enclosed import HEAD_MENTIONS, _in_list, _in_word, _modifies, enclosed_only, head_mentions, noun_runs
from kgsync.extract.phrases import MAX_WORDS, TOKEN_OR_BREAK, check_phrase, is_break, tokens_of
from kgsync.extract.record import parse_record

RESEARCH = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "research"  # ../shared beside the repo


def _oracle(runs: Iterable[tuple[str, ...]], surfaces: Mapping[str, Mapping[str, int]], keys: Set[str],
            text: str, lower: str) -> set[str]:
    """``enclosed_only`` before the per-run cache (2026-12-04), word for word."""
    if not keys:
        return set()
    if len(lower) != len(text):
        lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    common: dict[str, set[str]] = {}
    for run in runs:
        size = len(run)
        if size < 2:
            continue
        for start in range(size):
            for end in range(start + 1, min(size, start + MAX_WORDS) + 1):
                checked = check_phrase(run[start:end])
                if checked is None or checked[0] not in keys:
                    continue
                key = checked[0]
                wider = check_phrase(run[start:end + 1]) if end + 1 == size and end - start < MAX_WORDS \
                    and _modifies(run[end - 1], run[end]) else None
                longer = {wider[0]} if wider is not None and wider[0] != key else set()
                common[key] = longer if key not in common else common[key] & longer
    return {key for key, longer in common.items()
            if longer and _head_mentions_oracle(text, lower, surfaces.get(key, {})) < HEAD_MENTIONS}


def _head_mentions_oracle(text: str, lower: str, written: Iterable[str]) -> int:
    """``head_mentions`` with a scan of the text per form (2026-12-05), word for word."""
    forms = {form.lower() for form in written}
    forms |= {form + "s" for form in forms if not form.endswith("s")}
    count = 0
    for form in forms:
        at = lower.find(form)
        while at >= 0:
            end = at + len(form)
            if (at == 0 or not _in_word(lower[at - 1])) and (end == len(lower) or not _in_word(lower[end])):
                following = TOKEN_OR_BREAK.search(text, end)
                if (following is None or "\n" in text[end:following.start()] or is_break(following.group())) \
                        and not _in_list(text, at, end):
                    count += 1
            at = lower.find(form, end)
    return count


def _all_keys(runs: list[tuple[str, ...]]) -> dict[str, dict[str, int]]:
    """Every phrase of ``runs`` that may be a term, keyed, with its surfaces: the widest ``keys``."""
    surfaces: dict[str, dict[str, int]] = {}
    for run in runs:
        for start in range(len(run)):
            for end in range(start + 1, min(len(run), start + MAX_WORDS) + 1):
                checked = check_phrase(run[start:end])
                if checked is not None:
                    surfaces.setdefault(checked[0], {}).setdefault(checked[1], 1)
    return surfaces


def _same(runs: list[tuple[str, ...]], surfaces: Mapping[str, Mapping[str, int]], keys: Set[str], text: str) -> None:
    assert enclosed_only(iter(runs), surfaces, keys, text, text.lower()) \
        == _oracle(iter(runs), surfaces, keys, text, text.lower())


def test_the_research_items_get_what_the_oracle_gives(monkeypatch: pytest.MonkeyPatch,
                                                     require_shared: Callable[[Path], Path]) -> None:
    calls = []
    real = enclosed.enclosed_only

    def spy(runs: Iterable[tuple[str, ...]], surfaces: Mapping[str, Mapping[str, int]], keys: Set[str],
            text: str, lower: str) -> set[str]:
        listed = list(runs)
        got = real(iter(listed), surfaces, keys, text, lower)
        assert got == _oracle(iter(listed), surfaces, keys, text, lower)
        # every phrase of the runs as a key, and every key with a space: the rule's widest input
        everything = _all_keys(listed)
        _same(listed, everything, set(everything), text)
        _same(listed, everything, {key for key in everything if " " in key}, text)
        calls.append(got)
        return got

    monkeypatch.setattr(enclosed, "enclosed_only", spy)
    paths = sorted(p for p in require_shared(RESEARCH).glob("*.md") if p.name != "README.md")
    for path in paths:
        parse_record(path.read_bytes(), str(path), path.stem)
    # at least once per item: an item whose concluding zones name another item (``cited_text``) is mined
    # twice, its own words and as written (``mining.candidates``)
    assert len(paths) == 220 and len(paths) <= len(calls) <= 2 * len(paths)
    assert any(calls)  # the rule fires on some items: the comparison is not of empty sets only


#: Words that make keys unusual: prefixes that close up ("multi agent", "e mail"), plurals, hyphens,
#: capitals, acronyms, verbs the lexicon may not know, stopwords and adverbs that end a run.
WORDS = ("human", "approval", "signals", "signal", "supply", "chain", "chains", "complexity", "risk",
         "multi", "agent", "agents", "e", "mail", "co", "pilot", "pre", "execution", "re", "use", "MCP",
         "GitHub", "AI", "supply-chain", "human-in-the-loop", "review", "blast", "radius", "differ",
         "productivity", "gains", "compound", "model", "models", "process", "analysis", "non", "trivial",
         "policies", "policy", "GPT-4", "data", "sets", "the", "a", "each", "of", "quickly", "research")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), min_size=1, max_size=6),
       st.data())
def test_random_runs_get_what_the_oracle_gives(texts: list[list[str]], data: st.DataObject) -> None:
    text = "\n\n".join(" ".join(words) + "." for words in texts)
    runs = list(_runs(text))
    everything = _all_keys(runs)
    keys = data.draw(st.sets(st.sampled_from(sorted(everything)))) if everything else set()
    _same(runs, everything, keys, text)
    _same(runs, everything, set(everything), text)


def _runs(text: str) -> Iterator[tuple[str, ...]]:
    return noun_runs(tokens_of(text)[1])


#: Pieces that make mentions overlap ("risk of risk of risk"), plurals of either form, words around
#: them, asides and breaks.
PIECES = ("risk", "risks", "of", " ", "s", "x", "-", "(", ")", ",", "[", "]", ".", "\n", "a", "as", "is")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30), st.lists(st.lists(st.sampled_from(PIECES), min_size=1,
                                                                         max_size=5), min_size=1, max_size=3))
def test_head_mentions_count_what_a_scan_per_form_counts(text: list[str], written: list[list[str]]) -> None:
    whole = "".join(text)
    forms = ["".join(form) for form in written]
    assert head_mentions(whole, whole.lower(), forms) == _head_mentions_oracle(whole, whole.lower(), forms)
