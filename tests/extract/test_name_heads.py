"""A general head an item writes mostly after a product's name (``kgsync.extract.name_heads``, issue 21)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Set
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import name_heads
from kgsync.extract.canonical import key_of_words
from kgsync.extract.name_heads import mention_counts, name_headed
from kgsync.extract.nesting import at_opening, name_like
from kgsync.extract.phrases import is_break, token_keys, tokens_of
from kgsync.extract.record import parse_record

RESEARCH = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "research"  # ../shared beside the repo


def test_a_head_written_mostly_after_a_name_is_that_products_thing() -> None:
    text = ("We write through the GitHub Contents API. The Slack API sends events; the Telegram Bot API\n"
            "polls. An API is an interface.")
    assert mention_counts(text, {"api"}) == {"api": (4, 3)}
    assert name_headed(text, {"api"}) == {"api"}


def test_a_head_written_bare_as_often_stays_the_items_term() -> None:
    text = "The Render free tier sleeps. A free tier is a trap. Free tiers end."
    assert mention_counts(text, {"free tier"}) == {"free tier": (3, 1)}
    assert name_headed(text, {"free tier"}) == set()


def test_one_word_of_the_same_run_may_stand_between_the_name_and_the_head() -> None:
    assert name_headed("Use a GitHub fine-grained PAT, then the GitHub PAT again.", {"pat"}) == {"pat"}


def test_a_capital_that_opens_a_sentence_a_line_or_a_heading_is_no_name() -> None:
    text = "## Contents API limits\nGitHub API calls. (Slack API)\n- Whisper API\nThe API."
    assert name_headed(text, {"api"}) == set()


def test_an_acronym_before_the_head_is_no_name() -> None:
    assert name_headed("the MCP registry and the npm registry", {"registry"}) == set()


def test_a_head_in_capitals_is_a_title_or_a_name_of_its_own() -> None:
    # "Digital Operational Resilience Act", "Hypothetical Document Embeddings": the head is a piece of a title
    text = "The Digital Operational Resilience Act. Hypothetical Document Embeddings help."
    assert name_headed(text, {"operational resilience", "embedding"}) == set()
    # a designation of letters and digits names a thing of its own ("SQLite FTS5")
    assert name_headed("It uses SQLite FTS5 and SQLite FTS5 again.", {"fts5"}) == set()


def test_only_keys_of_one_or_two_words_are_read() -> None:
    assert name_headed("the Copilot coding agent container", {"coding agent container"}) == set()


# ``name_heads._count`` read every token of the text in turn when it was written (senses19); speed19 reads
# only the tokens that open a wanted key.  The first reading, word for word, is the oracle.

def _old_count(text: str, wanted: Set[str]) -> tuple[Counter[str], Counter[str], set[str]]:
    matches, words = tokens_of(text)
    mentions: Counter[str] = Counter()
    after: Counter[str] = Counter()
    plain: set[str] = set()
    firsts = {key.split(" ")[0] for key in wanted}
    heading = name_heads._heading_lines(text)
    for index, word in enumerate(words):
        if is_break(word):
            continue
        first = token_keys(word)
        if len(first) != 1 or first[0] not in firsts:
            continue
        for size in (1, 2):
            span = words[index:index + size]
            if len(span) < size or any(map(is_break, span)):
                break
            keyed = [k for token in span for k in token_keys(token)]
            if len(keyed) != size:
                break
            key = key_of_words(keyed)
            if key not in wanted:
                continue
            mentions[key] += 1
            if name_heads._written_plainly(span):
                plain.add(key)
                if _old_after_name(text, matches, words, index, heading):
                    after[key] += 1
    return mentions, after, plain


def _old_after_name(text: str, matches: list[re.Match[str]], words: list[str], index: int,
                    heading: list[tuple[int, int]]) -> bool:
    for back in range(1, name_heads._BETWEEN + 2):
        at = index - back
        if at < 0 or is_break(words[at]):
            return False
        if name_like(words[at]):
            start = matches[at].start()
            return not at_opening(text, start) and not any(low <= start < high for low, high in heading)
    return False


def _same_as_oracle(text: str, wanted: Set[str]) -> None:
    got, want = name_heads._count(text, wanted), _old_count(text, wanted)
    assert [dict(got[0]), dict(got[1]), got[2]] == [dict(want[0]), dict(want[1]), want[2]]


def test_the_research_items_count_what_the_oracle_counts(monkeypatch: pytest.MonkeyPatch,
                                                         require_shared: Callable[[Path], Path]) -> None:
    calls: list[int] = []
    real = name_heads.name_headed

    def spy(text: str, keys: Set[str]) -> set[str]:
        _same_as_oracle(text, {key for key in keys if 0 < key.count(" ") + 1 <= 2})
        calls.append(len(keys))
        return real(text, keys)

    monkeypatch.setattr(name_heads, "name_headed", spy)
    paths = sorted(p for p in require_shared(RESEARCH).glob("*.md") if p.name != "README.md")
    for path in paths[::4]:
        parse_record(path.read_bytes(), str(path), path.stem)
    assert len(calls) == len(paths[::4]) and sum(calls) > 1000


_WORDS = st.sampled_from(["API", "api", "APIs", "GitHub", "Slack", "the", "free", "tier", "tiers", "multi", "agent",
                          "agents", "e", "mail", "registry", "npm", "PAT", "fine-grained", "Render's", "é", "# ",
                          "e-mail", "AGENTS.md", "4.1"])
_TEXTS = st.lists(st.one_of(_WORDS, st.sampled_from(list(" .,;:()-_\n\"'")), st.text(max_size=3)),
                  max_size=40).map("".join)


@given(_TEXTS, st.sets(st.sampled_from(["api", "free tier", "tier", "multiagent", "agent", "registry", "pat",
                                        "email", "mail", "e mail", "fine grained", ""]), max_size=5))
@settings(max_examples=400, deadline=None)
def test_random_texts_count_what_the_oracle_counts(text: str, wanted: set[str]) -> None:
    _same_as_oracle(text, wanted)
