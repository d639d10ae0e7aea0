"""Which topic words are the corpus's topics, kept in the manifest, and who links them (``kgsync.vocabulary.topics``, issue 21)."""

from __future__ import annotations

import dataclasses

from pathlib import Path

from tests.item_corpus import item_markdown, llm_item, make_item
from kgsync.pipeline.stages import build
from kgsync.contract import jsonl
from kgsync.diff.vocab_events import EventKind, vocabulary_events
from kgsync.extract.mining import ItemCandidates, candidates
from kgsync.graph.manifest_head import manifest_topics
from kgsync.graph.manifest import manifest_path
from kgsync.read import config as config_module
from kgsync.read.config import Mining, VocabularyOptions
from kgsync.vocabulary.topics import select_topics
from kgsync.vocabulary.vocab import select

LOG = "## Research Log\n\nWe read about {word} here. {more}\n"



def _items(n_items: int, addressing: int, naming: int, addressed: tuple[str, str], named_log: str
           ) -> list[ItemCandidates]:
    """``n_items`` items: the first ``addressing`` with the (summary, log) ``addressed``, the next
    ``naming`` with the log ``named_log``, the rest with neither."""
    out: list[ItemCandidates] = []
    for i in range(n_items):
        if i < addressing:
            summary, log = addressed
        elif i < addressing + naming:
            summary, log = "Nothing special.", named_log
        else:
            summary, log = "Nothing special.", ""
        out.append(candidates(make_item(f"2026-02-{i + 1:02d}-item", f"Item number {i}", "What is it?", summary,
                                        ("It is something.",), body=log)))
    return out


def _corpus(n_items: int, addressing: int, naming: int, word: str = "provenance") -> list[ItemCandidates]:
    """``n_items`` items; the first ``addressing`` address ``word``, the next ``naming`` name it once."""
    return _items(n_items, addressing, naming,
                  (f"{word.capitalize()} matters here.", LOG.format(word=word, more=f"{word} and {word}.")),
                  LOG.format(word=word, more=""))


MINING = Mining(min_items=2, max_item_share=0.5, min_links=2)


def test_a_word_enters_when_enough_items_name_and_address_it() -> None:
    cands = _corpus(20, addressing=3, naming=0)  # named by 15 %, addressed by 15 %
    choice = select_topics(cands, MINING)
    assert choice.topics == {"provenance"}
    assert choice.addressers["provenance"] == ("2026-02-01-item", "2026-02-02-item", "2026-02-03-item")


def test_a_word_too_few_items_address_does_not_enter() -> None:
    # named by 20 of 30 items, addressed by 2: at most min_items, so no topic however many name it
    assert not select_topics(_corpus(30, addressing=2, naming=18), MINING).topics
    # addressed by 3 of 40 items, named by only 3 (7.5 %): too few name it
    assert not select_topics(_corpus(40, addressing=3, naming=0), MINING).topics


def test_a_word_most_items_address_is_a_node_as_a_hub_is() -> None:
    # addressed by 8 of 10 items, over the hub share (0.5): the corpus's most shared idea, linked by each
    choice = select_topics(_corpus(10, addressing=8, naming=0), MINING)
    assert choice.topics == {"provenance"}
    assert len(choice.addressers["provenance"]) == 8
    # ... and a node its addressers link, as a mined hub is
    vocab = select(_corpus(10, addressing=8, naming=0), VocabularyOptions(mining=MINING))
    assert "provenance" in vocab.terms and len(vocab.terms["provenance"].items) == 8


def test_a_phrase_most_items_address_separates_nothing() -> None:
    # a phrase addressed over the hub share is mining's term in each of its addressers: a hub, not a topic
    assert "technical debt" not in select_topics(_phrase_corpus(10, addressing=8, naming=0), MINING).topics
    assert "technical debt" in select_topics(_phrase_corpus(40, addressing=8, naming=0), MINING).topics


def test_a_topic_of_the_last_build_stays_while_one_item_addresses_it() -> None:
    few = _corpus(40, addressing=1, naming=0)  # would never enter: one item addresses it
    assert select_topics(few, MINING, frozenset({"provenance"})).topics == {"provenance"}
    none = _corpus(40, addressing=0, naming=10)  # named, addressed by none: retired
    assert not select_topics(none, MINING, frozenset({"provenance"})).topics


def test_each_item_links_a_topic_by_its_own_text_beyond_its_caps() -> None:
    cands = _corpus(20, addressing=3, naming=5)
    options = VocabularyOptions(mining=MINING)
    vocab = select(cands, options)
    assert "provenance" in vocab.terms and vocab.topics == {"provenance"}
    linked = sorted(slug for slug, uses in vocab.per_item.items() if "provenance" in uses.beyond)
    assert linked == ["2026-02-01-item", "2026-02-02-item", "2026-02-03-item"]  # the 5 passing mentions do not
    # locality: another item that addresses the word changes no other item's links
    more = [*cands, candidates(make_item("2026-03-01-extra", "Another", "Why?", "Provenance again.", ("It is.",),
                                         body=LOG.format(word="provenance", more="provenance, provenance")))]
    again = select(more, options, previous_topics=vocab.topics)
    for slug, uses in vocab.per_item.items():
        assert again.per_item[slug].beyond == uses.beyond


def _write(folder: Path, n_items: int, addressing: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in folder.glob("*.md"):
        path.unlink()
    for i in range(n_items):
        topical = i < addressing
        summary = "Guardrails keep agents safe." if topical else "Agents need care."
        log = LOG.format(word="guardrails", more="A guardrail, then guardrails.") if topical else ""
        (folder / f"2026-02-{i + 1:02d}-item-{i}.md").write_text(item_markdown(
            f"Agent study {i}", question="How do agents behave?", summary=summary, body=log,
            findings=[f"Agents behave in way {i} (Confidence: high)"]), encoding="utf-8")


def test_a_build_records_the_topics_and_keeps_them_while_items_address_them(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    items = repo / "Research" / "completed"
    _write(items, 12, addressing=3)
    (repo / "kgsync.yml").write_text("graph: memory.jsonl\nmining: {max_item_share: 0.5}\n", encoding="utf-8")
    cfg = config_module.load(repo)
    first = build(cfg)
    graph_path = repo / "memory.jsonl"
    assert manifest_topics(manifest_path(graph_path)) == {"guardrail"}
    linked = {r.source for r in jsonl.read(graph_path).relations if r.target == "concept:guardrail"}
    assert linked == {f"item:2026-02-0{i + 1}-item-{i}" for i in range(3)}
    # Two of its three items go: it would not enter now (one item addresses it), but it stays.
    for path in sorted(items.glob("*.md"))[1:3]:
        path.unlink()
    kept = build(cfg)
    assert kept.vocabulary.topics == {"guardrail"}
    assert manifest_topics(manifest_path(graph_path)) == {"guardrail"}
    # The last one goes: the topic is retired, a vocabulary event the PR names.
    sorted(items.glob("*.md"))[0].unlink()
    gone = build(cfg)
    assert not gone.vocabulary.topics and manifest_topics(manifest_path(graph_path)) == frozenset()
    events = vocabulary_events(set(), set(), first.manifest.by_item, gone.manifest.by_item,
                               topics_before=first.vocabulary.topics, topics_after=gone.vocabulary.topics)
    assert [(e.kind, e.subject) for e in events] == [(EventKind.TOPIC_LEFT, "guardrail")]
    assert "2026-02-01-item-0" in events[0].items


def test_an_incremental_build_selects_topics_as_a_fresh_build_does(tmp_path: Path) -> None:
    """The selection cache is reused only when no edit changes what an item names or addresses:
    here an edit of a research log alone, which mining does not read, makes a third item address
    the word."""
    repo = tmp_path / "repo"
    items = repo / "Research" / "completed"
    _write(items, 12, addressing=2)
    third = sorted(items.glob("*.md"))[5]
    third.write_text(third.read_text(encoding="utf-8").replace("Agents need care.", "Guardrails keep agents safe."),
                     encoding="utf-8")
    (repo / "kgsync.yml").write_text("graph: memory.jsonl\nmining: {max_item_share: 0.5}\n", encoding="utf-8")
    cfg = config_module.load(repo)
    assert not build(cfg).vocabulary.topics  # two items address it: at most min_items
    third.write_text(third.read_text(encoding="utf-8").replace(
        "## Findings", LOG.format(word="guardrails", more="A guardrail.") + "\n## Findings"), encoding="utf-8")
    cached = build(cfg)
    assert cached.vocabulary.topics == {"guardrail"}
    graph = (repo / "memory.jsonl").read_bytes()
    (repo / "memory.jsonl").unlink()
    manifest_path(repo / "memory.jsonl").unlink()
    fresh = build(cfg.with_overrides(cache_dir=""))
    assert fresh.vocabulary.topics == {"guardrail"} and (repo / "memory.jsonl").read_bytes() == graph


def test_a_topic_node_is_found_by_its_plural_as_the_reference_server_searches(tmp_path: Path) -> None:
    # The reference server's search is a substring test: "guardrails" is no substring of
    # "concept:guardrail", so the node carries the plural the items write as an alias.
    assert "guardrails" in select(_corpus(20, addressing=3, naming=5, word="guardrails"),
                                  VocabularyOptions(mining=MINING)).terms["guardrail"].aliases
    repo = tmp_path / "repo"
    _write(repo / "Research" / "completed", 12, addressing=3)
    (repo / "kgsync.yml").write_text("graph: memory.jsonl\nmining: {max_item_share: 0.5}\n", encoding="utf-8")
    build(config_module.load(repo))
    node = next(e for e in jsonl.read(repo / "memory.jsonl").entities if e.name == "concept:guardrail")
    assert "alias:guardrails" in node.observations


def _phrase_corpus(n_items: int, addressing: int, naming: int, phrase: str = "technical debt") -> list[ItemCandidates]:
    """``n_items`` items; the first ``addressing`` address ``phrase`` (three times, in the title
    and summary too), the next ``naming`` name it once in their log."""
    out: list[ItemCandidates] = []
    for i in range(n_items):
        title, summary, log = f"Item number {i}", "Nothing special.", ""
        if i < addressing:
            title, summary = f"{phrase.capitalize()} in code {i}", f"{phrase.capitalize()} grows fast: all {phrase} does."
            log = LOG.format(word=phrase, more=f"More {phrase}.")
        elif i < addressing + naming:
            log = LOG.format(word=phrase, more="")
        out.append(candidates(make_item(f"2026-02-{i + 1:02d}-item", title, "What is it?", summary,
                                        ("It is something.",), body=log)))
    return out


def test_a_phrase_named_by_a_tenth_and_addressed_by_the_node_floor_enters() -> None:
    cands = _phrase_corpus(40, addressing=3, naming=2)  # named by 5 of 40 (12.5 %), addressed by 3
    choice = select_topics(cands, MINING)
    assert "technical debt" in choice.topics
    assert choice.addressers["technical debt"] == ("2026-02-01-item", "2026-02-02-item", "2026-02-03-item")
    # named by too few (3 of 40): no topic, though as many items address it
    assert "technical debt" not in select_topics(_phrase_corpus(40, addressing=3, naming=0), MINING).topics
    # a phrase the mined vocabulary has already may enter too: an item choosing it within its caps makes no node
    assert "technical debt" in select_topics(cands, MINING, known={"technical debt"}).topics
    # ... but not a fragment of a longer mined key that no item chose whole
    assert "technical debt" not in select_topics(cands, MINING, known={"technical debt register"}).topics


def test_an_addresser_of_a_mined_phrase_gives_its_node_the_topics_own_forms() -> None:
    from kgsync.vocabulary.terms import Term, TermKind, Vocabulary
    from kgsync.vocabulary.topics import with_topics

    cands = _phrase_corpus(40, addressing=3, naming=2)
    mined = Term("technical-debt", TermKind.CONCEPT, "technical debt", ("TD", "technical debt"), ("2026-01-01-other",))
    vocab = with_topics(Vocabulary(terms={"technical-debt": mined}, per_item={}, _index={"technical debt": "technical-debt"}),
                        select_topics(cands, MINING, known={"technical debt"}))
    assert "TD" in vocab.terms["technical-debt"].aliases  # the term keeps its choosers' forms
    uses = vocab.per_item["2026-02-01-item"].concepts
    assert [use.aliases for use in uses if use.name == "technical-debt"] == [("technical debt",)]  # not "TD"


def test_a_phrase_with_a_vague_head_enters_at_the_topic_words_share() -> None:
    # "operating model": a vague head (``lexicon.GENERIC``); addressed by 3 of 40 (7.5 %, over ADDRESS_SHARE), named by 5
    assert "operating model" in select_topics(_phrase_corpus(40, addressing=3, naming=2, phrase="operating model"),
                                              MINING).topics
    # addressed by 3 of 80 (3.75 %), named by 9: a technical debt would enter, an operating model does not
    assert "operating model" not in select_topics(_phrase_corpus(80, addressing=3, naming=6, phrase="operating model"),
                                                  MINING).topics


def test_a_kind_enters_by_the_items_addressing_it_not_by_any_items_caps() -> None:
    # "operational risk" (``idea.names_a_kind``): no item's own term, so no item chooses it whole within its caps;
    # beside a longer mined key ("operational risk literature") the items addressing it whole show the unit
    cands = _phrase_corpus(40, addressing=3, naming=2, phrase="operational risk")
    assert all("operational risk" not in {c.key for c in item.terms} for item in cands)
    assert "operational risk" in select_topics(cands, MINING, known={"operational risk literature"}).topics
    # a noun's phrase is still a fragment there, as before
    assert "technical debt" not in select_topics(_phrase_corpus(40, addressing=3, naming=2), MINING,
                                                 known={"technical debt register"}).topics


def test_a_pair_joined_by_a_hyphen_enters_by_the_items_addressing_it() -> None:
    # "least-privilege" (``idea.names_a_joined_pair``): mined where an item joins it, no item's own term; a
    # topic when a tenth of the items name it (open or joined) and the node floor addresses it
    cands = _phrase_corpus(40, addressing=3, naming=2, phrase="least-privilege")
    assert all("least privilege" not in {c.key for c in item.terms} for item in cands)
    assert "least privilege" in select_topics(cands, MINING).topics
    assert "least privilege" not in select_topics(_phrase_corpus(40, addressing=3, naming=2, phrase="least privilege"),
                                                  MINING).topics  # never joined: not mined, as before


def test_a_phrase_with_a_method_head_enters_at_the_node_floor() -> None:
    # "code review": "review" is vague (``lexicon.GENERIC``) but a method's head: a procedure named by its
    # object is one unit, so 3 addressers of 80 (3.75 %, under ADDRESS_SHARE) are enough, as for "technical debt"
    assert "code review" in select_topics(_phrase_corpus(80, addressing=3, naming=6, phrase="code review"),
                                          MINING).topics


def test_a_phrase_most_of_its_writers_pass_by_is_no_topic() -> None:
    # named by 80 of 80 (a heading of the item format), addressed by fewer than 1 in 20 of them: passed by
    assert "technical debt" not in select_topics(_phrase_corpus(80, addressing=3, naming=77), MINING).topics
    assert "technical debt" in select_topics(_phrase_corpus(80, addressing=3, naming=6), MINING).topics


def test_a_phrase_with_a_vague_head_or_an_acronym_is_no_topic() -> None:
    from kgsync.vocabulary.topics import is_gap, is_topic_phrase

    assert is_topic_phrase("technical debt", ["technical debt", "Technical Debt"])
    assert is_topic_phrase("ai adoption", ["AI adoption"])  # an acronym is no name's word (topics13)
    assert is_topic_phrase("ai rmf", ["AI RMF"])
    assert not is_topic_phrase("gpt 4", ["GPT-4"])
    assert not is_topic_phrase("prior repository", ["prior repository"])  # the item format's word
    assert not is_topic_phrase("decision making", ["decision making"])  # a WordNet compound
    assert not is_gap("large language", {"large language model"})  # a fragment
    assert is_gap("coding agent", {"coding agent", "coding agent harness"})  # chosen whole: a unit
    assert not is_topic_phrase("github website", ["GitHub website"])  # a name's thing
    assert not is_topic_phrase("action workflow", ["Actions workflow", "Actions workflows"])
    assert is_topic_phrase("copilot studio", ["Copilot Studio"])  # a name in two words
    assert is_topic_phrase("coding agent", ["Coding agent", "coding agents"])
    assert is_gap("prompt injection", {"indirect prompt injection"})  # a broader term


def test_a_phrase_topic_is_a_node_its_addressers_link_in_its_head_kind() -> None:
    from kgsync.vocabulary.terms import Vocabulary
    from kgsync.vocabulary.topics import with_topics

    cands = _phrase_corpus(40, addressing=3, naming=2)
    # when the items choose it within their caps, mining has it: no topic of it
    assert "technical-debt" in select(cands, VocabularyOptions(mining=MINING)).terms
    vocab = with_topics(Vocabulary(terms={}, per_item={}), select_topics(cands, MINING))
    term = vocab.terms["technical-debt"]
    assert term.kind.value == "concept" and term.aliases == ("technical debt",)  # no item writes "technical debts"
    assert sorted(slug for slug, uses in vocab.per_item.items() if "technical-debt" in uses.beyond) == [
        "2026-02-01-item", "2026-02-02-item", "2026-02-03-item"]
    assert vocab.mentions("Their technical debt grows.") == ("technical-debt",)
    assert vocab.mentions("Their technical debts grow.") == ("technical-debt",)  # the plural is still found


def _framed_corpus(frame: str) -> list[ItemCandidates]:
    """40 items; the first 3 address "harbour speed" (title, summary, log), the next 2 name it once;
    ``frame`` is written before most of its log mentions."""
    out: list[ItemCandidates] = []
    for i in range(40):
        title, summary, log = f"Item number {i}", "Nothing special.", ""
        if i < 3:
            title, summary = f"Harbour speed in port {i}", "Harbour speed grows fast: all harbour speed does."
            log = (f"## Research Log\n\nCranes move {frame} harbour speed. Ships dock {frame} harbour speed. "
                   f"Tugs turn {frame} harbour speed. Pilots steer {frame} harbour speed.\n")
        elif i < 5:
            log = "## Research Log\n\nWe read about harbour speed here.\n"
        out.append(candidates(make_item(f"2026-02-{i + 1:02d}-item", title, "What is it?", summary,
                                        ("It is something.",), body=log)))
    return out


def test_a_phrase_kept_to_one_preposition_is_an_idiom_not_a_topic() -> None:
    """"at harbour speed" in most mentions: the object of an adverbial idiom, no topic; the same
    counts in varied contexts ("and harbour speed", a determiner is no frame) make one."""
    from kgsync.vocabulary.topics import framed

    locked = _framed_corpus("at")
    assert framed(locked, {"harbour speed"}) == {"harbour speed"}
    assert "harbour speed" not in select_topics(locked, MINING).topics
    assert "harbour speed" in select_topics(locked, MINING).phrases  # counted: an edit there may move it
    free = _framed_corpus("and")
    assert framed(free, {"harbour speed"}) == frozenset()
    assert "harbour speed" in select_topics(free, MINING).topics
    assert "harbour speed" in select_topics(_framed_corpus("the"), MINING).topics
    # one writer's habit is no idiom: the frame must be written by as many items as make a node
    assert framed(locked, {"harbour speed"}, floor=4) == frozenset()


def test_an_edit_that_changes_a_phrases_frames_may_move_the_topics() -> None:
    from kgsync.vocabulary.topics import edit_moves_phrases

    locked, free = _framed_corpus("at"), _framed_corpus("and")
    phrases = select_topics(locked, MINING).phrases
    assert edit_moves_phrases(phrases, locked[0], free[0])
    assert not edit_moves_phrases(phrases, locked[0], locked[0])


def _name_corpus(n_items: int, addressing: int, naming: int) -> list[ItemCandidates]:
    """``n_items`` items; the first ``addressing`` address Gartner as a name, the next ``naming`` name it once."""
    return _items(n_items, addressing, naming,
                  ("Reports published by Gartner matter.", LOG.format(word="it", more="As Gartner said, Gartner.")),
                  LOG.format(word="it", more="A report by Gartner."))


def test_a_name_named_by_a_tenth_and_addressed_by_the_node_floor_is_a_concept_node() -> None:
    """Organisations are concepts (README): a name enters as a phrase does, at the node floor."""
    from kgsync.vocabulary.terms import Vocabulary
    from kgsync.vocabulary.topics import with_topics

    cands = _name_corpus(60, addressing=3, naming=3)  # named by 10 %, addressed by 3 (5 % is 3 too)
    assert select_topics(cands, MINING).topics == {"gartner"}
    cands = _name_corpus(100, addressing=3, naming=7)  # named by 10 %, addressed by 3 (a topic word needs 5)
    choice = select_topics(cands, MINING)
    assert choice.topics == {"gartner"}
    vocab = with_topics(Vocabulary(terms={}, per_item={}), choice)
    term = vocab.terms["gartner"]
    assert term.kind.value == "concept" and term.label == "Gartner" and "gartners" not in term.aliases
    assert vocab.mentions("As Gartner reports.") == ("gartner",)
    assert not select_topics(_name_corpus(40, addressing=2, naming=3), MINING).topics  # at most min_items
    assert not select_topics(_name_corpus(40, addressing=3, naming=0), MINING).topics  # named by 7.5 %
    provenance = _corpus(100, addressing=3, naming=7)  # a topic word so addressed does not enter
    assert not select_topics(provenance, MINING).topics


def _compound_corpus(n_items: int, addressing: int, naming: int) -> list[ItemCandidates]:
    """The first ``addressing`` items address "human-in-the-loop" (mining takes it where they conclude)."""
    return _items(n_items, addressing, naming,
                  ("Human-in-the-loop gates matter.", LOG.format(word="it", more="human-in-the-loop, human-in-the-loop.")),
                  LOG.format(word="it", more="A human-in-the-loop step."))


def test_a_compound_named_by_a_tenth_and_addressed_by_the_node_floor_is_a_node() -> None:
    from kgsync.vocabulary.terms import Vocabulary
    from kgsync.vocabulary.topics import with_topics

    cands = _compound_corpus(100, addressing=3, naming=7)
    choice = select_topics(cands, MINING)
    assert choice.topics == {"human in the loop"}
    vocab = with_topics(Vocabulary(terms={}, per_item={}), choice)
    term = vocab.terms["human-in-the-loop"]
    assert term.kind.value == "concept" and term.label == "human-in-the-loop"
    assert "human in the loops" not in term.aliases  # no plural of a compound's last word
    assert vocab.mentions("A Human-in-the-loop gate.") == ("human-in-the-loop",)
    assert not select_topics(_compound_corpus(100, addressing=3, naming=6), MINING).topics  # named by 9 %


def test_a_prefixed_compound_enters_at_the_topic_words_share_and_is_a_concept_named_as_written() -> None:
    """"multi-agent", written before varying heads, is counted as one word: it enters as a topic word
    does (a tenth name it, 5 % address it), its node named and labelled as the items write it, no name
    (a name is linked only where stated) and no made-up plural."""
    from kgsync.vocabulary.terms import Vocabulary
    from kgsync.vocabulary.topics import with_topics

    heads = "multi-agent systems, multi-agent orchestration and multi-agent coordination"
    alone = "Single-agent versus multi-agent, compared."
    cands = _items(40, 3, 1, ("Multi-agent systems fail.", LOG.format(word=heads, more=alone)),
                   LOG.format(word="multi-agent coordination", more=""))
    assert select_topics(cands, MINING).topics == {"multi-agent"}  # 4 of 40 name it, 3 address it
    vocab = with_topics(Vocabulary(terms={}, per_item={}), select_topics(cands, MINING))
    term = vocab.terms["multi-agent"]
    assert term.kind.value == "concept" and term.label == "multi-agent" and term.aliases == ()
    assert term.items == ("2026-02-01-item", "2026-02-02-item", "2026-02-03-item")
    fewer = _items(80, 3, 5, ("Multi-agent systems fail.", LOG.format(word=heads, more=alone)),
                   LOG.format(word="multi-agent coordination", more=""))
    assert not select_topics(fewer, MINING).topics  # named by 10 %, addressed by 3 (the floor), not 5 %: a word's share


def test_a_prefixed_compound_its_items_write_only_before_a_noun_is_no_topic() -> None:
    """"multi-hop reasoning", "multi-hop retrieval", never "multi-hop" alone: the noun phrases are the
    items' ideas, the bare modifier joins them whatever the noun.  It enters only where the node floor of
    its addressers (here 3) write it as a head, and then every addresser links it."""
    heads = "multi-hop reasoning, multi-hop retrieval and multi-hop delegation chains"
    before = _items(40, 4, 0, ("Multi-hop reasoning fails.", LOG.format(word=heads, more="")), "")
    alone = _items(40, 4, 0, ("Multi-hop reasoning fails.", LOG.format(word=heads, more="Single-hop or multi-hop?")), "")
    assert all("multi-hop" in c.modifiers for c in before[:4]) and all("multi-hop" not in c.modifiers for c in alone[:4])
    assert not select_topics(before, MINING).topics  # 4 address it, none writes it alone
    assert not select_topics(alone[:2] + before[2:], MINING).topics  # two write it alone: under the floor
    choice = select_topics(alone[:3] + before[3:], MINING)
    assert choice.topics == {"multi-hop"}
    assert choice.addressers["multi-hop"] == tuple(f"2026-02-0{i}-item" for i in range(1, 5))


def test_a_convention_file_named_by_a_tenth_and_addressed_by_the_node_floor_is_a_concept_node() -> None:
    from kgsync.vocabulary.terms import Vocabulary
    from kgsync.vocabulary.topics import with_topics

    out: list[ItemCandidates] = []
    for i in range(100):
        summary = "Agents read AGENTS.md first." if i < 3 else "Nothing special."
        log = LOG.format(word="it", more="AGENTS.md again, AGENTS.md." if i < 3 else "An AGENTS.md." if i < 10 else "")
        out.append(candidates(make_item(f"2026-02-{i + 1:02d}-item", f"Item number {i}", "What is it?", summary,
                                        ("It is something.",), body=log)))
    choice = select_topics(out, MINING)
    assert choice.topics == {"agents.md"}
    term = with_topics(Vocabulary(terms={}, per_item={}), choice).terms["agents-md"]
    assert term.kind.value == "concept" and term.label == "AGENTS.md"


def test_a_topic_node_has_a_plural_alias_only_where_an_item_writes_it(tmp_path: Path) -> None:
    # No item writes "provenances": no alias invents it (it is still counted: a mention is a mention).
    cands = _corpus(20, addressing=3, naming=5)
    vocab = select(cands, VocabularyOptions(mining=MINING))
    assert vocab.topics == {"provenance"} and "provenances" not in vocab.terms["provenance"].aliases
    assert all("provenances" not in use.aliases for uses in vocab.per_item.values() for use in uses.concepts)
    # One addresser writes the plural: it gives it to the node, the others do not (each use is its item's own).
    writes = LOG.format(word="provenance", more="Provenances of data, provenance again.")
    one = [*cands[:2], candidates(make_item("2026-02-03-item", "Item number 2", "What is it?", "Provenance matters here.",
                                            ("It is something.",), body=writes)), *cands[3:]]
    vocab = select(one, VocabularyOptions(mining=MINING))
    assert "provenances" in vocab.terms["provenance"].aliases
    uses = {slug: use.aliases for slug, item in vocab.per_item.items() for use in item.concepts if use.name == "provenance"}
    assert uses == {"2026-02-01-item": ("provenance",), "2026-02-02-item": ("provenance",),
                    "2026-02-03-item": ("provenance", "provenances")}
    # A build whose items never write "guardrails" but "guardrail": an edit that writes the plural
    # changes what the node is found by (the selection cache is not reused over it).
    repo = tmp_path / "repo"
    items = repo / "Research" / "completed"
    _write(items, 12, addressing=3)
    for path in sorted(items.glob("*.md")):
        path.write_text(path.read_text(encoding="utf-8").replace("Guardrails", "The guardrail").replace(
            "guardrails", "the guardrail"), encoding="utf-8")
    (repo / "kgsync.yml").write_text("graph: memory.jsonl\nmining: {max_item_share: 0.5}\n", encoding="utf-8")
    cfg = config_module.load(repo)
    build(cfg)

    def node() -> tuple[str, ...]:
        return next(e for e in jsonl.read(repo / "memory.jsonl").entities if e.name == "concept:guardrail").observations

    assert node() == ("alias:guardrail",)
    first = sorted(items.glob("*.md"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace("then the guardrail", "then guardrails"),
                     encoding="utf-8")
    build(cfg)
    assert node() == ("alias:guardrail", "alias:guardrails")
def _citing(i: int, word: str = "provenance") -> ItemCandidates:
    """An item that names ``word`` three times, in a finding and its log only: its title, question
    and summary are about something else (it cites a source on ``word``)."""
    return candidates(make_item(f"2026-03-{i + 1:02d}-citing", f"Citing item {i}", "What is it?", "Nothing special.",
                                (f"A source on {word} helps.",), body=LOG.format(word=word, more=f"{word} again.")))


def test_an_item_links_a_name_only_where_it_states_its_subject() -> None:
    # two items state the name (summary), two name it as often in a finding and a log only (they
    # cite a source from it): four address it, so it enters (the node floor is three); only the
    # two that state it link it.  An idea the same four name is linked by all four: an item that
    # names an idea three times, once where it concludes, uses it.
    cands = _corpus(20, addressing=2, naming=0, word="Anthropic") + [_citing(0, "Anthropic"), _citing(1, "Anthropic")]
    choice = select_topics(cands, MINING)
    assert choice.topics == {"anthropic"}
    assert choice.addressers["anthropic"] == ("2026-02-01-item", "2026-02-02-item")
    vocab = select(cands, VocabularyOptions(mining=MINING))
    assert vocab.terms["anthropic"].items == ("2026-02-01-item", "2026-02-02-item")
    citing = vocab.per_item.get("2026-03-01-citing")
    assert citing is None or "anthropic" not in citing.beyond
    ideas = _corpus(20, addressing=2, naming=0) + [_citing(0), _citing(1)]
    assert select_topics(ideas, MINING).addressers["provenance"] == (
        "2026-02-01-item", "2026-02-02-item", "2026-03-01-citing", "2026-03-02-citing")


def test_a_topic_the_ellipsis_rule_would_not_admit_stays_when_the_last_build_recorded_it() -> None:
    """The same items give "language model" as a topic or not by the last manifest alone
    (determinism12): a graph built before the ellipsis rule (pairs10) lists it, and it stays while
    one item addresses it, linked by the items that address it in plain words, never by those
    that read it as their LLM.  Two 273-item builds into an output folder an older build had
    written were taken for a race; over a fresh folder the build gives the normal graph."""
    ellipsis = [dataclasses.replace(llm_item("Large language model (LLM) errors\nWhy do language models guess?"),
                                    slug=f"2026-01-{i + 1:02d}-llm") for i in range(4)]
    plain = dataclasses.replace(ellipsis[0], slug="2026-02-01-plain", terms=ellipsis[0].terms[:1], acronyms=())
    cands = [*ellipsis, plain]
    assert not select_topics(cands, MINING).topics  # one item addresses it: it never enters
    kept = select_topics(cands, MINING, frozenset({"language model"}))
    assert kept.topics == {"language model"}
    assert kept.addressers["language model"] == ("2026-02-01-plain",)
    assert not select_topics(ellipsis, MINING, frozenset({"language model"})).topics  # none addresses it: retired


def test_a_cited_items_name_counts_for_the_corpus_not_for_the_citing_item() -> None:
    """A summary that names a topic only in a cited item's slug (``extract.cited_text``): the item does not
    address it, but the corpus shares it all the same (the slug's words are in use)."""
    cited = ("This builds on `2026-01-01-provenance-capture`.",
             LOG.format(word="provenance", more="provenance and provenance."))
    own = _corpus(20, addressing=2, naming=0)
    citing = _items(20, 1, 0, cited, "")[0]
    assert citing.whole is not None
    cands = [dataclasses.replace(citing, slug="2026-02-20-citing"), *own[:19]]
    choice = select_topics(cands, MINING)
    assert choice.topics == {"provenance"}  # three items address it with the names read
    assert choice.addressers["provenance"] == ("2026-02-01-item", "2026-02-02-item")  # its own words: two
    assert not select_topics(own[:19] + [_items(20, 0, 0, cited, "")[0]], MINING).topics
