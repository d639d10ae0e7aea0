"""Hubs as nodes the items about them link (``kgsync.vocabulary.hubs``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from kgsync.pipeline.stages import build
from kgsync.contract import jsonl
from kgsync.diff.vocab_events import EventKind, vocabulary_events
from kgsync.extract.mining import ItemCandidates, candidates
from kgsync.read import config as config_module
from kgsync.read.config import Mining, VocabularyOptions
from kgsync.vocabulary.hubs import hub_nodes, item_hubs
from kgsync.vocabulary.unchanged import selection_unchanged
from kgsync.vocabulary.vocab import PinnedVocabulary, Vocabulary, select, select_with_stats
from tests.item_corpus import item_markdown, make_item

OPTIONS = VocabularyOptions(mining=Mining(min_items=2, max_item_share=0.5, min_links=2))
ABOUT = ("Zorblax engines in practice", "How do zorblax engines fail?", "The zorblax engine fails under load.",
         ("A zorblax engine needs cooling.", "Tidal sensors drift."))
PASSING = ("Tidal sensor drift", "Why do tidal sensors drift?", "Tidal sensors drift; a zorblax engine is nearby.",
           ("Tidal sensors drift by the season.",))


def _corpus(addressing: int, passing: int, other: int = 2, first: str = "") -> list[ItemCandidates]:
    """The first ``addressing`` items address "zorblax engine" (four mentions, in their title,
    question, summary and findings); the next ``passing`` name it once in their summary."""
    out = []
    for i in range(addressing + passing + other):
        title, question, summary, findings = ABOUT if i < addressing else PASSING if i < addressing + passing else (
            "Tidal sensor maintenance", "How are tidal sensors kept?", "Tidal sensors need care.", ("Care helps.",))
        if i == 0 and first:
            summary = first
        out.append(candidates(make_item(f"2026-02-{i + 1:02d}-item", title, question, summary, findings)))
    return out


def test_a_hub_is_a_node_that_the_items_about_it_link_beyond_their_caps() -> None:
    vocab = select(_corpus(addressing=3, passing=4), OPTIONS)  # named by 7 of 9 items: a hub
    assert "zorblax engine" in vocab.hub_keys
    term = vocab.terms["zorblax-engine"]
    assert term.items == ("2026-02-01-item", "2026-02-02-item", "2026-02-03-item")
    assert "zorblax engines" in term.aliases
    assert hub_nodes(vocab)["zorblax-engine"] == term.items
    for slug, uses in vocab.per_item.items():
        # never one of the item's own (capped) terms; beyond them for the items about it only
        assert "zorblax-engine" not in [u.name for u in uses.concepts + uses.methods if u.name not in uses.beyond]
        assert ("zorblax-engine" in uses.beyond) == (slug in term.items)


def test_an_item_that_names_a_hub_in_passing_moves_no_other_item() -> None:
    base = _corpus(addressing=3, passing=4)
    vocab = select(base, OPTIONS)
    more = [*base, candidates(make_item("2026-03-01-extra", *PASSING))]
    again = select(more, OPTIONS, previous_hubs=vocab.hub_keys)
    assert again.terms["zorblax-engine"] == vocab.terms["zorblax-engine"]
    assert all(again.per_item[slug] == uses for slug, uses in vocab.per_item.items())


def test_the_earliest_addressing_item_names_the_hub_and_its_acronym_is_found_in_capitals() -> None:
    cands = _corpus(addressing=3, passing=4, first="The Zorblax Engine (ZE) fails under load; the ZE overheats.")
    vocab = select(cands, OPTIONS)
    term = vocab.terms["zorblax-engine"]
    assert "ZE" in term.aliases
    assert vocab.mentions("We cooled the ZE.") == ("zorblax-engine",)
    assert "zorblax-engine" not in vocab.mentions("a ze of it")  # an acronym only in capitals


def test_a_hub_general_english_lists_as_a_compound_is_no_node() -> None:
    # the same corpus with a dictionary compound where "zorblax engine" was: a stopword, no node
    def general(text: str) -> str:
        return text.replace("zorblax engines", "artificial intelligence").replace("zorblax engine", "artificial intelligence")
    cands = []
    for i, item in enumerate(_corpus(addressing=3, passing=4)):
        del item
        title, question, summary, findings = ABOUT if i < 3 else PASSING if i < 7 else (
            "Tidal sensor maintenance", "How are tidal sensors kept?", "Tidal sensors need care.", ("Care helps.",))
        cands.append(candidates(make_item(f"2026-02-{i + 1:02d}-item", general(title), general(question),
                                          general(summary), tuple(general(f) for f in findings))))
    vocab = select(cands, OPTIONS)
    assert "artificial intelligence" in vocab.hub_keys
    assert "artificial-intelligence" not in vocab.terms and "artificial-intelligence" not in hub_nodes(vocab)
    assert all("artificial-intelligence" not in uses.beyond for uses in vocab.per_item.values())


def test_a_hub_no_item_addresses_is_no_term() -> None:
    vocab = select(_corpus(addressing=0, passing=7), OPTIONS)
    assert "zorblax engine" in vocab.hub_keys and "zorblax-engine" not in vocab.terms


def test_an_edit_that_changes_what_an_item_addresses_is_selected_again() -> None:
    cands = _corpus(addressing=3, passing=4)
    _vocab, stats = select_with_stats(cands, OPTIONS)
    assert item_hubs(cands[0], stats.hubs, stats.acronyms, PinnedVocabulary()).keys() == {"zorblax engine"}
    edited = candidates(make_item(cands[0].slug, *PASSING))
    assert selection_unchanged(stats, [(cands[0], edited)], OPTIONS.caps) is None
    assert selection_unchanged(stats, [(cands[0], cands[0])], OPTIONS.caps) is not None


def _write(folder: Path, addressing: int, passing: int, other: int = 2) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in folder.glob("*.md"):
        path.unlink()
    for i in range(addressing + passing + other):
        title, question, summary, findings = ABOUT if i < addressing else PASSING if i < addressing + passing else (
            "Tidal sensor maintenance", "How are tidal sensors kept?", "Tidal sensors need care.", ("Care helps.",))
        (folder / f"2026-02-{i + 1:02d}-item-{i}.md").write_text(item_markdown(
            title, question=question, summary=summary, findings=[f"{f} (Confidence: high)" for f in findings]),
            encoding="utf-8")


def test_a_build_writes_the_hub_node_and_the_pr_names_its_entering(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    items = repo / "Research" / "completed"
    _write(items, addressing=3, passing=0, other=4)  # 3 of 7 items: no hub
    (repo / "kgsync.yml").write_text("graph: memory.jsonl\nmining: {max_item_share: 0.5, min_items: 2}\n",
                                     encoding="utf-8")
    cfg = config_module.load(repo)
    first = build(cfg)
    assert "zorblax engine" not in first.vocabulary.hub_keys
    _write(items, addressing=3, passing=4)  # 7 of 9: above 1.25 x 0.5, a hub enters
    second = build(cfg)
    assert "zorblax engine" in second.vocabulary.hub_keys
    linked = {r.source for r in jsonl.read(repo / "memory.jsonl").relations
              if r.target == "concept:zorblax-engine" and r.relation_type == "addresses"}
    assert linked == {f"item:2026-02-0{i + 1}-item-{i}" for i in range(3)}
    events = vocabulary_events(first.vocabulary.hub_keys, second.vocabulary.hub_keys,
                               first.manifest.by_item, second.manifest.by_item)
    hub = [e for e in events if e.kind is EventKind.HUB_ENTERED and e.subject == "zorblax engine"]
    assert len(hub) == 1  # the PR names it (the tidal sensors' words entered too)
    assert {f"2026-02-0{i + 1}-item-{i}" for i in range(3)} <= set(hub[0].items)


#: Names the hub three times, every one in its findings: it cites it, its title, question and summary are about tides.
CITING = ("Tidal sensor calibration", "How are tidal sensors calibrated?", "Tidal sensors are calibrated monthly.",
          ("A zorblax engine log helps.", "The zorblax engine vendor publishes the zorblax engine data."))


def _hub_beside(slug: str, texts: tuple[str, str, str, tuple[str, ...]]) -> Vocabulary:
    """The hub corpus plus one item of ``texts``: the hub stays one, linked by its three addressing items only."""
    cands = _corpus(addressing=3, passing=4)
    cands.append(candidates(make_item(slug, *texts)))
    vocab = select(cands, OPTIONS)
    assert "zorblax engine" in vocab.hub_keys
    assert vocab.terms["zorblax-engine"].items == ("2026-02-01-item", "2026-02-02-item", "2026-02-03-item")
    return vocab


def test_an_item_that_names_a_hub_in_its_findings_alone_does_not_link_it() -> None:
    # three mentions, where the item concludes, but none where it states its subject
    vocab = _hub_beside("2026-03-01-citing", CITING)
    assert "zorblax-engine" not in vocab.per_item["2026-03-01-citing"].beyond


NAMED = ("Tidal sensor drift near engines", "Why does the Acme zorblax engine drift?",
         "The Acme zorblax engine and the Borg zorblax engine drift.", ("The Borg zorblax engine needs cooling.",))


def test_an_item_that_states_a_hub_only_as_a_named_products_part_does_not_link_it() -> None:
    # four mentions, two where it states its subject, each after a name: "the Acme zorblax engine"
    vocab = _hub_beside("2026-03-01-named", NAMED)
    assert "zorblax-engine" not in vocab.per_item["2026-03-01-named"].beyond


def test_a_piece_of_an_expansion_every_item_defines_is_no_hub_of_a_small_corpus() -> None:
    # Each item writes "Large Language Model (LLM)" and the long form only: mining's phrases of that run
    # ("large language") were on every item, a hub of a small corpus and a node its items "addressed".
    items = [candidates(make_item(f"2026-02-{i + 1:02d}-item", f"Zorblax grading with a Large Language Model (LLM), part {i}",
                                  "How should a Large Language Model grade zorblax engines?",
                                  "A Large Language Model grades zorblax engines; the Large Language Model drifts.",
                                  ("A Large Language Model needs a rubric.",))) for i in range(4)]
    items += _corpus(addressing=0, passing=0, other=2)
    vocab = select(items, OPTIONS)
    assert "large language model" in vocab.hub_keys
    assert "large language" not in vocab.hub_keys and "language model" not in vocab.hub_keys
    assert not {"large-language", "language-model"} & vocab.terms.keys()
    assert vocab.terms["large-language-model"].items == tuple(c.slug for c in items[:4])
