"""read_yaml: every way a maintainers' YAML file fails is a ConfigError naming the file and line;
key_lines: each dotted key's line, for messages about a value."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from kgsync.contract.errors import ConfigError
from kgsync.read.yaml_source import key_lines, leads_out, read_yaml


def _error(path: Path, text: str | None = None, line_offset: int = 0) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        read_yaml(path, text, line_offset)
    return caught.value


def test_data_and_the_line_of_every_dotted_key(tmp_path: Path) -> None:
    path = tmp_path / "kgsync.yml"
    path.write_text("items: research\nmerge:\n  min_edit_distance: 2\n  max_token_jaccard: 0.5\n", encoding="utf-8")
    data, node = read_yaml(path)
    assert data == {"items": "research", "merge": {"min_edit_distance": 2, "max_token_jaccard": 0.5}}
    assert key_lines(node) == {"items": 1, "merge": 2, "merge.min_edit_distance": 3, "merge.max_token_jaccard": 4}
    assert key_lines(read_yaml(path, "- a\n- b\n")[1]) == {}  # a list has no keys


def test_bad_yaml_names_the_line_counted_from_the_offset(tmp_path: Path) -> None:
    path = tmp_path / "kgsync.yml"
    error = _error(path, "a: 1\nb: [unclosed\n")
    assert error.render().startswith(f"{path}:") and "not valid YAML" in error.render()
    assert error.location is not None and error.location.line is not None
    shifted = _error(path, "a: 1\nb: [unclosed\n", line_offset=10)
    assert shifted.location is not None and shifted.location.line == error.location.line + 10


def test_bytes_that_are_not_utf8_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "kgsync-vocab.yml"
    path.write_bytes(b"terms:\n  a: {}\n  caf\xe9: {}\n")
    error = _error(path)
    assert error.location is not None and error.location.line == 3
    assert "not UTF-8" in error.render()


def test_a_date_that_is_no_date_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "themes.yml"
    error = _error(path, "a: 2026-02-28\nb: 2026-02-30\n")
    assert error.location is not None and error.location.line == 2
    assert "not valid YAML" in error.render() and "quote the value" in error.render()


def test_nesting_too_deep_is_a_config_error(tmp_path: Path) -> None:
    error = _error(tmp_path / "kgsync.yml", "[" * 100_000 + "]" * 100_000)
    assert error.render() == f"{tmp_path / 'kgsync.yml'}: YAML nested too deeply (fix: flatten the file)"


@pytest.mark.parametrize(("text", "key", "line", "first"), [
    ("items: x\ngraph: memory.jsonl\nsite:\n  title: T\ngraph: /tmp/elsewhere.jsonl\n", "graph", 5, 2),
    ("site:\n  title: A\n  url: u\n  title: B\n", "site.title", 4, 2),
    ("terms:\n  rag: {kind: concept, kind: method}\n", "terms.rag.kind", 2, 2),
])
def test_a_key_written_twice_is_an_error_at_its_second_line(tmp_path: Path, text: str, key: str, line: int,
                                                             first: int) -> None:
    # YAML keeps the last value of a repeated key without a word: a second `graph:` further down a
    # maintainers' file silently redirected the output while a reviewer read the first.
    error = _error(tmp_path / "kgsync.yml", text)
    assert error.location is not None and error.location.line == line
    assert error.message == f"{key}: written twice (first at line {first}); YAML would keep only the last"


def _laughs(levels: int) -> str:
    """A "billion laughs" document: each anchor's list names the previous one nine times."""
    rows = ["lol0: &a0 [x, x, x, x, x, x, x, x, x]"]
    rows += [f"lol{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, levels + 1)]
    return "items: research\n" + "\n".join(rows) + "\n"


def test_aliases_that_expand_past_the_limit_are_an_error_at_their_line(tmp_path: Path) -> None:
    # Nine levels of nine aliases are 9**10 values once expanded: the check for repeated keys walked
    # every one of them, and `kgsync build` hung on a kgsync.yml (or vocabulary, theme map) of 600 bytes.
    path = tmp_path / "kgsync.yml"
    error = _error(path, _laughs(9))
    # lol6 (9**7 values) is the key whose value takes the running count past the limit
    assert error.location is not None and error.location.line == 8
    assert error.message == "lol6: YAML aliases here expand to more than 1,000,000 values"
    assert error.render().endswith("(fix: write the values out; a maintainers' file needs no deep YAML aliases)")


def test_aliases_within_the_limit_are_read(tmp_path: Path) -> None:
    data, _ = read_yaml(tmp_path / "kgsync.yml", _laughs(4) + "shared: &s {a: 1}\nuse: *s\n")
    assert data["use"] == {"a": 1} and len(data["lol4"]) == 9


@pytest.mark.parametrize(("char", "shown"), [("\x00", "U+0000"), ("\x07", "U+0007"), ("\ufffe", "U+FFFE")])
def test_a_character_yaml_refuses_is_an_error_at_its_line_on_one_line(tmp_path: Path, char: str, shown: str) -> None:
    # PyYAML's ReaderError has no mark: the message was its two-line text ('in "<unicode string>",
    # position 170'), with no line; in a theme map's block the position is the block's, not the file's.
    path = tmp_path / "kgsync.yml"
    error = _error(path, f"items: research\nsite:\n  title: a{char}b\n", line_offset=4)
    assert error.location is not None and error.location.line == 7
    assert error.render() == (f"{path}:7: not valid YAML: the character {shown} is not allowed in YAML "
                              "(fix: remove it, or write it as an escape in a double-quoted string)")


def _within_seconds(seconds: int, call: Callable[[], object]) -> object:
    """``call()``, failed after ``seconds`` rather than left hanging (the defect these tests pin)."""

    def stop(*_: object) -> None:
        raise TimeoutError(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        return call()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="a FIFO is POSIX")
def test_a_maintainers_file_that_is_no_regular_file_is_refused_at_once(tmp_path: Path) -> None:
    """A committed kgsync-vocab.yml (or kgsync.yml, the theme map, the veto file) that is a link to
    /dev/zero: kgsync build read it whole, for ever, its memory growing (killed by `timeout 20`); a link
    to a FIFO blocked at the open.  A maintainers' file is a regular file: anything else is refused."""
    os.mkfifo(tmp_path / "fifo")
    path = tmp_path / "kgsync-vocab.yml"
    path.symlink_to(tmp_path / "fifo")
    with pytest.raises(ConfigError) as caught:
        _within_seconds(5, lambda: read_yaml(path))
    assert "not a regular file" in caught.value.message and caught.value.location == caught.value.location.of(path)
    assert caught.value.hint


def test_a_maintainers_file_past_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    """A maintainers' file is a few kilobytes; one of hundreds of megabytes (committed, or a link to
    one) was read and parsed whole, minutes of YAML.  Past 16 MiB it is refused before it is read."""
    path = tmp_path / "kgsync.yml"
    with path.open("wb") as handle:
        handle.truncate(16 * 1024 * 1024 + 1)  # sparse: no disk, no time
    error = _error(path)
    assert "16 MiB" in error.message and error.hint, error.message


@pytest.mark.parametrize(("text", "line", "fix"), [
    ("site:\n\ttitle: x\n", 2, "indent with spaces"),            # a tab a Windows editor or a Makefile habit left
    ("pr:\n  labels: [a, b\n", 3, "close the"),                 # an unclosed flow list
    ("site:\n  title: a: b\n", 2, "quote the value"),            # ': ' inside a plain value
])
def test_bad_yaml_says_how_to_fix_it(tmp_path: Path, text: str, line: int, fix: str) -> None:
    # "kgsync.yml:2: not valid YAML: found character '\t' that cannot start any token": the line and
    # PyYAML's words, and no fix, where every other message of kgsync names one.
    path = tmp_path / "kgsync.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        read_yaml(path)
    rendered = raised.value.render()
    assert f"kgsync.yml:{line}: not valid YAML" in rendered and f"(fix: {fix}" in rendered, rendered


def test_a_path_leads_out_only_through_a_link_written_inside_the_root(tmp_path: Path) -> None:
    """``leads_out``, the one check of the items and the maintainers' files: the target of a path written
    inside the root that resolves outside it; None for a file, a link inside, or a path written outside."""
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (tmp_path / "out.yml").write_text("", encoding="utf-8")
    (root / "file.yml").write_text("", encoding="utf-8")
    (root / "out.yml").symlink_to(tmp_path / "out.yml")
    (root / "in.yml").symlink_to(root / "file.yml")
    (root / "linked").symlink_to(tmp_path, target_is_directory=True)
    (root / "loop.yml").symlink_to(root / "loop.yml")
    assert leads_out(root / "out.yml", root) == tmp_path / "out.yml"
    assert leads_out(root / "linked" / "out.yml", root) == tmp_path / "out.yml"  # in a linked folder
    assert leads_out(root / "sub" / ".." / "out.yml", root) == tmp_path / "out.yml"
    assert leads_out(root / "file.yml", root) is None and leads_out(root / "in.yml", root) is None
    assert leads_out(tmp_path / "out.yml", root) is None  # written outside: the writer's choice
    assert leads_out(root / "loop.yml", root) is None  # a loop: the read says it cannot read it
