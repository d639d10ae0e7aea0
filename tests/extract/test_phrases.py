"""The tokeniser (kgsync.extract.phrases): word runs and the phrases that may be terms; its fast
paths equal their definitions."""

from __future__ import annotations

import random


_TOKENS = ["multi", "agent", "agents", "de", "e", "mail", "re", "ranking", "MCP", "LLMs", "the", "of", "new", "key",
           "based", "GPT-4", "4.1", "日本", "naïve", "Model", "Context", "Protocol", "co-pilot", "self-rag", "meta",
           "pre-training", "Llama", "graph", "knowledge", "quickly", "red-teaming", "x", "AI's", "non-e-mail", "co",
           "multi-agent", "sub-sub-agent", "42", "3-d", "ⅰⅰ", "family", "several", "system", "de-e-mail"]


def _phrases_by_definition(run: tuple[str, ...]) -> list[tuple[str, str, bool]]:
    from kgsync.extract import phrases

    return [checked for start in range(len(run)) for end in range(start + 1, min(start + phrases.MAX_WORDS, len(run)) + 1)
            if (checked := phrases.check_phrase(run[start:end])) is not None]


def test_phrases_equal_checking_every_slice() -> None:
    """``run_phrases`` decides most multi-token slices from per-token facts; it must agree with
    ``check_phrase`` on every slice (prefixes that close up, keyless tokens, acronyms, stopwords)."""
    from kgsync.extract import phrases

    rnd = random.Random(11)
    for _ in range(4000):
        run = tuple(rnd.choice(_TOKENS) for _ in range(rnd.randint(1, 8)))
        assert phrases.run_phrases(run) == _phrases_by_definition(run), run


def test_runs_split_like_a_token_loop() -> None:
    from kgsync.extract import phrases

    def by_loop(text: str) -> list[tuple[str, ...]]:
        runs, run = [], []
        for token in phrases.TOKEN_OR_BREAK.findall(text):
            if not token[0].isalnum() or phrases._breaks(token):
                if run:
                    runs.append(tuple(run))
                run = []
            else:
                run.append(token)
        return runs + [tuple(run)] if run else runs

    rnd = random.Random(5)
    pieces = _TOKENS + [" ", ", ", ". ", "\n\n", "_", "(", "the ", "is "]
    for _ in range(2000):
        text = " ".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 20)))
        assert phrases.word_runs(text) == by_loop(text), text


def test_run_terms_are_the_phrases_that_are_not_plain_words() -> None:
    from kgsync.extract import mining

    rnd = random.Random(13)
    runs = [(token,) for token in _TOKENS] + [tuple(rnd.choice(_TOKENS) for _ in range(rnd.randint(1, 6)))
                                              for _ in range(500)]
    for run in runs:
        assert mining.run_terms.__wrapped__(run) == tuple(
            (key, surface) for key, surface, plain in _phrases_by_definition(run) if not plain), run


def test_a_word_that_opens_no_term_opens_a_pair_joined_by_a_hyphen() -> None:
    # "least privilege": "least" opens no term (``lexicon.NOT_FIRST``), but the item's hyphen binds the pair
    from kgsync.extract import phrases

    assert phrases.run_terms(("least-privilege",)) == (("least privilege", "least-privilege"),)
    assert ("least privilege", "least privilege") not in phrases.run_terms(("least", "privilege"))  # written open
    assert phrases.run_terms(("high-level",)) == ()  # a hyphenated word the list names itself
    assert all(key != "least privilege access" for key, _s in phrases.run_terms(("least-privilege", "access")))
    assert phrases.run_terms(("best-supported",)) == ()  # a participle heads no term, as before
