"""kgsync.read.veto_file: the maintainers' vetoed evidence links, checked with line numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.contract.errors import ConfigError
from kgsync.read.config import Config
from kgsync.read.veto_file import Vetoes, check_vetoes, configured_vetoes, is_vetoed, load_vetoes

A, B = "claim:2026-01-01-a:one-key", "claim:2026-02-01-b:two-key"


def test_a_missing_file_vetoes_nothing(tmp_path: Path) -> None:
    vetoes = load_vetoes(tmp_path / "kgsync-veto.yml")
    assert vetoes.pairs == frozenset() and vetoes.problems == ()
    assert load_vetoes(None) == Vetoes()  # no file configured: none either


def test_pairs_are_read_and_match_either_order(tmp_path: Path) -> None:
    path = tmp_path / "kgsync-veto.yml"
    path.write_text(f"vetoed:\n  - from: {A}\n    to: {B}\n    why: background, not agreement\n", encoding="utf-8")
    vetoes = load_vetoes(path)
    assert vetoes.pairs == {(A, B)}
    assert is_vetoed(B, A, vetoes.pairs) and is_vetoed(A, B, vetoes.pairs)
    check_vetoes(vetoes)


@pytest.mark.parametrize("text", [f"vetoed:\n  - from: item:x\n    to: {B}\n", "veto:\n  - from: x\n", "vetoed: x\n"])
def test_each_problem_line_has_one_fix(tmp_path: Path, text: str) -> None:
    # The last line read "... (fix: copy them from the PR body or the manifest) (fix: fix each line
    # named)": two fixes, the second saying nothing (qa20 made the vocabulary file's one fix each).
    path = tmp_path / "kgsync-veto.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        check_vetoes(load_vetoes(path))
    rendered = raised.value.render()
    assert all(line.count("(fix: ") == 1 for line in rendered.splitlines()[1:]), rendered
    assert "fix each line named" not in rendered and "docs/EVIDENCE.md" in rendered, rendered


@pytest.mark.parametrize("text", ["vetoed: {}\n", "vetoed: ''\n", "vetoed: 0\n"])
def test_an_empty_value_that_is_no_list_is_refused(tmp_path: Path, text: str) -> None:
    # ``vetoed: {}`` (or any falsy value that is no list) read as no vetoes: a mapping the reviewer
    # meant as entries vetoed nothing, silently.  ``vetoed:`` alone and ``vetoed: []`` stay empty.
    path = tmp_path / "kgsync-veto.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        check_vetoes(load_vetoes(path))
    assert f"{path}:1: vetoed: must be a list of from:/to: pairs" in str(raised.value)
    for empty in ("vetoed:\n", "vetoed: []\n"):
        path.write_text(empty, encoding="utf-8")
        check_vetoes(load_vetoes(path))


def test_every_problem_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "kgsync-veto.yml"
    path.write_text(
        f"vetoed:\n  - from: {A}\n    to: {B}\n"          # line 2: fine
        f"  - from: item:2026-01-01-a\n    to: {B}\n"       # line 4: not a claim
        f"  - from: {B}\n    to: {A}\n"                      # line 6: the same link again
        f"  - from: {A}\n    to: {B}\n    because: x\n",     # line 8: unknown key, duplicate
        encoding="utf-8")
    vetoes = load_vetoes(path)
    assert [p.split(":")[1] for p in vetoes.problems] == ["4", "6", "8", "8"]
    with pytest.raises(ConfigError) as raised:
        check_vetoes(vetoes)
    assert f"{path}:4: from: and to: must both be claim names" in str(raised.value)


def test_the_configured_file_s_vetoes_are_checked(tmp_path: Path) -> None:
    assert configured_vetoes(None).pairs == frozenset()  # no vocabulary file: no veto file, no vetoes
    config = Config(root=tmp_path, vocabulary="maintained/kgsync-vocab.yml")
    (tmp_path / "maintained").mkdir()
    (tmp_path / "maintained" / "kgsync-veto.yml").write_text(f"vetoed:\n  - from: {A}\n    to: item:x\n",
                                                             encoding="utf-8")
    with pytest.raises(ConfigError, match=":2: from: and to: must both be claim names"):
        configured_vetoes(config.veto_path())


def test_a_plain_text_veto_says_where_a_term_goes(tmp_path: Path) -> None:
    # `- large language model` (a term to keep out, as in the vocabulary's stoplist) was told only
    # "a veto must be a mapping with from: and to: (fix: write from: and to:)" (qa32).
    path = tmp_path / "kgsync-veto.yml"
    path.write_text("vetoed:\n  - large language model\n", encoding="utf-8")
    [problem] = load_vetoes(path).problems
    assert problem.startswith(f"{path}:2: a veto must be a mapping with from: and to:")
    assert problem.count("(fix: ") == 1 and "from: claim:<slug>:<key>" in problem
    assert "stoplist: in kgsync-vocab.yml" in problem


@pytest.mark.parametrize("why", ["5", "2.5", "[a, b]", "{x: y}"])
def test_a_why_that_is_no_text_is_a_problem_at_its_entry(tmp_path: Path, why: str) -> None:
    # `why: 5` was accepted without a word: the reason a maintainer gives is read as text (docs/EVIDENCE.md).
    path = tmp_path / "kgsync-veto.yml"
    path.write_text(f"vetoed:\n  - from: {A}\n    to: {B}\n    why: background\n  - from: {B}\n    to: claim:x:y\n"
                    f"    why: {why}\n", encoding="utf-8")
    problems = load_vetoes(path).problems
    assert len(problems) == 1 and problems[0].startswith(f"{path}:5: why: must be text") and "(fix: " in problems[0]
