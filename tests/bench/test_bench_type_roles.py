"""Role votes for a node's type, and the readings' type_ok as labels (``bench/bench_type_roles.py``, issue 21, types172)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_type_roles import RolePatterns, Roots, item_vote, read_reading


class _Stub(Roots):
    """Roots without WordNet's files: "technique" a way of doing, "discipline" a field."""

    def __init__(self) -> None:
        self.cache = {}

    def above(self, word: str) -> frozenset[str]:
        return {"technique": frozenset({"technique"}), "discipline": frozenset({"discipline"})}.get(word, frozenset())


@pytest.mark.parametrize(("text", "variant", "vote"), [
    ("we apply chain-of-thought to each step", "role", 1),
    ("we apply chain-of-thought to each step", "role-narrow", 1),
    ("teams use chain of thought.", "role", 1),
    ("teams use chain of thought.", "role-narrow", 0),  # "use" is no narrow verb: tools are used too
    ("apply chain-of-thought prompting", "role", 0),  # the name does not end its phrase
    ("chain of thought is a technique for reasoning", "copula-wide", 1),
    ("chain of thought, a discipline of its own", "copula-wide", -1),
    ("the field of chain of thought.", "field", -1),
    ("nothing here", "role", 0),
])
def test_an_item_votes_by_the_role_it_gives_the_name(text: str, variant: str, vote: int) -> None:
    assert item_vote(text, RolePatterns(frozenset({"chain of thought"})), variant, _Stub()) == vote


def test_a_reading_gives_the_node_its_own_type_or_the_other(tmp_path: Path) -> None:
    reading = tmp_path / "reading.tsv"
    reading.write_text("# reader\nid\tname\ttype\tverdict\ttype_ok\n1\tconcept:a\tconcept\tidea\tyes\n"
                       "2\tmethod:b\tmethod\tidea\tno\n3\tconcept:c\tconcept\tidea\t-\n4\ttheme:d\ttheme\tidea\tno\n",
                       encoding="utf-8")
    assert read_reading(reading) == {"a": "concept", "b": "concept"}
