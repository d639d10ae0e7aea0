"""Where the items write two nodes' names as one (``bench/equivalence_statements.py``, issue 21 part 2)."""

from __future__ import annotations

from pathlib import Path

from bench.equivalence_statements import read_labels, statements

FORMS = {"agentic-ai": ("agentic AI", "AI agents"), "autonomous-agent": ("autonomous agents",),
         "anthropic": (), "claude-code": ("Claude Code",), "github": ("GitHub",)}


def kinds(text: str, loose: bool = False) -> list[tuple[tuple[str, str], str, int]]:
    return [(s.pair, s.kind, s.line) for s in statements(FORMS, [("item", text)], "concept:", loose)]


def test_each_kind_of_equation_pairs_the_two_names_with_its_line() -> None:
    pair = ("concept:agentic-ai", "concept:autonomous-agent")
    assert kinds("Intro.\nAgentic AI (autonomous agents) act.") == [(pair, "paren", 2)]
    assert kinds("Agentic AI, also called autonomous agents, act.") == [(pair, "comma-word", 1)]
    assert kinds("AI agents — that is, autonomous agents — act.") == [(pair, "dash", 1)]
    assert kinds("Agentic AI refers to autonomous agents.") == [(pair, "defined", 1)]
    assert kinds("Agentic AI / autonomous agents act.") == [(pair, "slash", 1)]


def test_a_choice_a_path_or_a_description_is_no_equation_unless_read_loosely() -> None:
    assert kinds("Use agentic AI or autonomous agents.") == []
    assert kinds("See github.com/anthropic/claude-code for it.") == []
    text = "Agentic AI (systems of autonomous agents that act) spread."
    assert kinds(text) == []
    assert kinds(text, loose=True) == [(("concept:agentic-ai", "concept:autonomous-agent"), "paren-loose", 1)]


def test_labels_read_merge_and_every_kind_of_apart(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# header\nconcept:b\tconcept:a\tmerge\nconcept:c\tconcept:d\tclose\n"
                    "concept:e\tconcept:f\tdifferent\nconcept:g\tconcept:h\tunsure\n")
    assert read_labels([str(path)]) == {("concept:a", "concept:b"): "merge", ("concept:c", "concept:d"): "apart",
                                        ("concept:e", "concept:f"): "apart"}
