"""The maintainers' vocabulary file: load_pinned (every problem with its line) and dump_vocabulary
(what a build mined, written so it loads back and keeps the names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kgsync.contract.errors import ConfigError
from kgsync.extract.mining import candidates
from kgsync.vocabulary.vocab import PinnedVocabulary, Vocabulary, load_pinned, select
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab_file import dump_vocabulary
from tests.item_corpus import corpus
from tests.vocabulary.vocab_setup import OPTIONS, write


def test_missing_file_is_an_empty_vocabulary(tmp_path: Path) -> None:
    pinned = load_pinned(tmp_path / "absent.yml")
    assert isinstance(pinned, PinnedVocabulary) and pinned.empty
    assert load_pinned(None) is None  # no file configured: no vocabulary (``Config.optional_path``)


def test_the_kind_a_file_pins_is_read_by_name_label_or_alias(tmp_path: Path) -> None:
    """``kind_of``: what types a theme's node the file names (``ThemeMap.with_pinned_kinds``)."""
    path = tmp_path / "kgsync-vocab.yml"
    path.write_text("terms:\n  retrieval-augmented-generation:\n    kind: method\n    aliases: [RAG]\n"
                    "  knowledge-graph:\n    label: knowledge graph\n", encoding="utf-8")
    pinned = load_pinned(path)
    assert pinned.kind_of("retrieval-augmented-generation") == pinned.kind_of("RAG") == "method"
    assert pinned.kind_of("knowledge-graph") == ""  # pinned without a kind: the theme keeps its head's
    assert pinned.kind_of("vector-search") == ""


def test_the_pins_a_themes_node_stands_for_are_read_from_the_pins_own_words(tmp_path: Path) -> None:
    """``with_themes``: a pin whose name, label or alias of two or more words is a name of a theme's
    node (``ThemeMap.name_keys``) is marked, by its key, as a mined term's name and variants are read
    (``themes.theme_named``); a one-word alias ("RAG") names no theme on its own."""
    pinned = load_pinned(write(tmp_path, "terms:\n  ai-agent:\n    aliases: [AI agents]\n"
                                         "  autonomous-system:\n    label: agentic AI\n"
                                         "  rag:\n    aliases: [RAG]\n  vector-search: {}\n"))
    themes = ThemeMap(frozenset({"agentic-ai", "rag-retrieval"}),
                      words={"agentic-ai": ("agentic ai", "ai agents"), "rag-retrieval": ("rag retrieval",)})
    marked = pinned.with_themes(themes.name_keys(themes.nodes))
    assert marked.theme_keys == {"ai agent", "autonomous system"}
    assert marked.with_themes(themes.name_keys(themes.nodes)) is marked  # nothing to change: the same file
    assert pinned.with_themes({}).theme_keys == frozenset()


def test_bad_file_is_rejected_with_every_problem_and_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, """terms:
  Knowledge Graph:
    kind: concept
  kg-store:
    kind: thing
    colour: red
  agent-memory:
    aliases: [knowledge graph]
merges:
  a: b
  b: a
stoplist: [agent memory]
extras: 1
""")
    with pytest.raises(ConfigError) as caught:
        load_pinned(path)
    text = caught.value.render()
    assert f"{path}:2: 'Knowledge Graph' is not a canonical name (fix: write it as 'knowledge-graph')" in text
    assert f"{path}:5: kg-store: kind must be concept or method" in text
    assert f"{path}:6: kg-store: unknown field 'colour'" in text
    assert "cycle" in text
    assert "both stopped and pinned" in text
    assert f"{path}:13: unknown section 'extras'" in text


def test_an_invisible_or_bidi_character_in_a_label_or_alias_is_a_problem_at_its_line(tmp_path: Path) -> None:
    """An item's frontmatter loses these characters at the boundary; the vocabulary file passed them into
    the graph, "alias:knowledge\u202e graph" and "alias:k\u200bg" (which reads as "kg" and is not), with
    no word.  The file is the maintainers': each is a problem at its line, as every other."""
    path = write(tmp_path, 'terms:\n  knowledge-graph:\n    kind: concept\n    label: "knowledge\u202e graph"\n'
                           '    aliases: [KG, "k\u200bg"]\n  agent-memory:\n    aliases: ["memory\u2066 of agents"]\n')
    with pytest.raises(ConfigError) as caught:
        load_pinned(path)
    problems = caught.value.render().split("\n  ")[1:]
    found = [(p.partition(": ")[0], p.partition(": ")[2].split(" (fix: ")[0]) for p in problems]
    assert found == [(f"{path}:{line}", f"{term}: {what} holds invisible or bidi control character {char}")
                     for line, term, what, char in ((4, "knowledge-graph", "the label", "U+202E"),
                                                    (5, "knowledge-graph", "an alias", "U+200B"),
                                                    (7, "agent-memory", "an alias", "U+2066"))]
    assert all(p.endswith("(fix: delete it: names and aliases hold only visible text)") for p in problems)


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_pinned(write(tmp_path, "terms:\n  a: [unclosed\n"))
    assert caught.value.location is not None and caught.value.location.line is not None


def test_written_vocabulary_loads_back_and_keeps_the_names(tmp_path: Path, vocab: Vocabulary) -> None:
    text = dump_vocabulary(vocab)
    pinned = load_pinned(write(tmp_path, text))
    again = select([candidates(i) for i in corpus()], OPTIONS, pinned)
    # Pinned now (each keeps its name and kind); a pinned term ranks higher in its items, so
    # one an item chose last may lose its slot to another pinned term of that item.
    hub_nodes = {"research-agent"}  # a hub's node is not pinned (below): mining makes it again
    kept = set(again.terms) & set(vocab.terms) - hub_nodes
    assert len(kept) >= len(vocab.terms) - len(hub_nodes) - 2 and hub_nodes <= set(again.terms)
    assert all(again.terms[n].pinned and again.terms[n].kind == vocab.terms[n].kind for n in kept)
    # a hub is listed for review, not stopped (it is a node) and not pinned (it would take slots)
    assert '#  - "research agents"' in text.split("stoplist: []\n")[1]
    assert "research-agent:" not in text


def test_problems_are_listed_in_file_order_each_with_one_fix(tmp_path: Path) -> None:
    # The problems came section by section (line 13 before line 2), and the last one read with two
    # fixes, its own then the file's ("(fix: ...) (fix: see the vocabulary file format ...)").
    path = write(tmp_path, "terms:\n  Knowledge Graph:\n    kind: concept\n  kg-store:\n    kind: thing\nextras: 1\n")
    with pytest.raises(ConfigError) as caught:
        load_pinned(path)
    text = caught.value.render()
    lines = [int(n) for n in re.findall(rf"{re.escape(str(path))}:(\d+):", text)]
    assert lines == sorted(lines) and len(lines) == 3, text
    assert all(line.count("(fix:") == 1 for line in text.splitlines()[1:]), text


def test_an_empty_alias_or_stoplist_entry_is_a_problem_at_its_line(tmp_path: Path) -> None:
    # Both were dropped without a word: the maintainer meant a word there.
    path = write(tmp_path, 'terms:\n  knowledge-graph:\n    aliases: [KG, ""]\n  agent-memory:\n    aliases: ["  "]\n'
                           'stoplist:\n  - large language model\n  - ""\n  -\n  - "--"\n')
    with pytest.raises(ConfigError) as caught:
        load_pinned(path)
    problems = caught.value.render().split("\n  ")[1:]
    assert [p.partition(": ")[0] for p in problems] == [f"{path}:{line}" for line in (3, 5, 8, 9, 10)]
    assert all("(fix: " in p and p.count("(fix: ") == 1 for p in problems)
    assert "knowledge-graph: an alias is empty" in problems[0] and "stoplist: entry 2" in problems[2]


def test_a_term_whose_name_is_not_canonical_has_its_fields_problems_reported_at_once(tmp_path: Path) -> None:
    """qa128 row 9: ``Knowledge Graph: {kind: thing}`` reported the name alone; its kind's problem showed
    only once the name was fixed.  Every problem at once, each at its line."""
    path = write(tmp_path, "terms:\n  Knowledge Graph:\n    kind: thing\n    colour: red\n    aliases: ['']\n")
    with pytest.raises(ConfigError) as caught:
        load_pinned(path)
    text = caught.value.render()
    assert f"{path}:2: 'Knowledge Graph' is not a canonical name (fix: write it as 'knowledge-graph')" in text
    assert f"{path}:3: Knowledge Graph: kind must be concept or method, not 'thing'" in text, text
    assert f"{path}:4: Knowledge Graph: unknown field 'colour'" in text, text
    assert f"{path}:5: Knowledge Graph: an alias is empty" in text, text


def test_an_alias_with_no_letter_or_digit_is_a_problem_at_its_line(tmp_path: Path) -> None:
    # qa207: `aliases: ["!!"]` wrote the observation alias:!! on the node (no text holds it as a name), and
    # "-" was dropped without a word; a stoplist entry or merge of that kind was refused already.
    path = write(tmp_path, 'terms:\n  knowledge-graph:\n    aliases: [KG, "!!"]\n  agent-memory:\n    aliases: ["-"]\n')
    with pytest.raises(ConfigError) as caught:
        load_pinned(path)
    problems = caught.value.render().split("\n  ")[1:]
    assert problems == [f"{path}:3: knowledge-graph: alias '!!' has no letter or digit (fix: write the alias, or delete "
                        "the entry)",
                        f"{path}:5: agent-memory: alias '-' has no letter or digit (fix: write the alias, or delete the "
                        "entry)"]


def test_a_written_vocabulary_loads_when_mining_gave_one_acronym_to_several_terms(tmp_path: Path) -> None:
    """Maintainer on the 220 research items (qa226): `kgsync vocab --write` wrote 1,302 terms, and the file, committed
    as kgsync-vocab.yml as its header says, stopped every build with 6 problems: mining reads an acronym with two
    meanings as each item spells it out ("DORA": DevOps Research and Assessment, and the Digital Operational
    Resilience Act; "OWASP" by its old and new names; "ADR" beside the term adr), and a vocabulary file gives a
    name to one term.  The file written must load: such an alias stays with the term of the most items, and the
    others say in a comment which term holds it."""
    from kgsync.vocabulary.terms import Term, TermKind

    def term(name: str, label: str, aliases: tuple[str, ...], items: int) -> Term:
        return Term(name, TermKind.CONCEPT, label, aliases, tuple(f"2026-01-{n:02d}-x" for n in range(1, items + 1)))

    terms = [term("devops-research-and-assessment", "DevOps Research and Assessment", ("DORA",), 20),
             term("digital-operational-resilience-act", "digital operational resilience act", ("DORA",), 15),
             term("dora", "DORA", (), 3),
             term("open-web-application-security-project", "open web application security project", ("OWASP",), 4),
             term("open-worldwide-application-security-project", "open worldwide application security project",
                  ("OWASP",), 8),
             term("adr", "ADR", ("ADRs",), 2),
             term("architecture-decision-record", "architecture decision record", ("ADR", "ADRs"), 9)]
    vocabulary = Vocabulary(terms={t.name: t for t in sorted(terms, key=lambda t: t.name)}, per_item={}, item_count=30)
    text = dump_vocabulary(vocabulary)
    pinned = load_pinned(write(tmp_path, text))  # no ConfigError: every name is claimed by one term
    assert set(pinned.kinds) == {t.name for t in terms}
    assert pinned.aliases["open-worldwide-application-security-project"] == ("OWASP",)  # the most items keep it
    assert pinned.aliases["open-web-application-security-project"] == ()
    assert "OWASP" not in pinned.aliases["devops-research-and-assessment"]
    # "DORA" is the term dora's own name: neither long form takes it as an alias
    assert pinned.aliases["devops-research-and-assessment"] == pinned.aliases["digital-operational-resilience-act"] == ()
    assert pinned.aliases["architecture-decision-record"] == ()  # "ADR", "ADRs": the term adr's
    block = text.split("  open-web-application-security-project:")[1].split("\n  open-worldwide")[0]
    assert '"OWASP"' in block and "open-worldwide-application-security-project" in block  # said, as a comment
