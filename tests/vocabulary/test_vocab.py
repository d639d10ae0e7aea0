"""Vocabulary mining: discovery, canonical terms, hubs, the pinned file, per-item choice."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from kgsync.read.config import Caps, VocabularyOptions
from kgsync.extract.mining import candidates
from kgsync.vocabulary.vocab import (
    TermKind,
    Vocabulary,
    classify,
    load_pinned,
    select,
    select_with_stats,
)
from tests.item_corpus import corpus, make_item
from tests.vocabulary.vocab_setup import OPTIONS, write

SHARED_CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "research"


def test_recurring_term_is_one_node_with_its_variants(vocab: Vocabulary) -> None:
    term = vocab.terms["knowledge-graph"]
    assert term.kind is TermKind.CONCEPT
    assert set(term.items) >= {"2026-01-01-kg-basics", "2026-01-02-kg-names", "2026-01-03-mcp-intro"}
    # "knowledge graph" is kept inside "knowledge graphs" (substring search), the name holds the hyphen form
    assert "knowledge graphs" in term.aliases
    assert not any(a.lower() == "knowledge graph" for a in term.aliases)


def test_acronym_and_expansion_are_one_node(vocab: Vocabulary) -> None:
    term = vocab.terms["model-context-protocol"]
    assert "MCP" in term.aliases or any("MCP" in a for a in term.aliases)
    assert "model context protocol" in term.aliases
    assert "mcp" not in vocab.terms
    assert "2026-01-05-mcp-security" in term.items  # used there without a definition


def test_hub_term_is_a_corpus_stopword_its_addressers_link(vocab: Vocabulary) -> None:
    """A hub takes no item's slot; it is a node that the items addressing it link beyond their
    caps (``vocabulary.hubs``): the one item that writes it three times, once where it concludes."""
    assert any(label == "research agents" and count == 8 for label, count in vocab.hubs)
    assert vocab.terms["research-agent"].items == ("2026-01-01-kg-basics",)
    for slug, chosen in vocab.per_item.items():
        assert all(use.name != "research-agent" for use in chosen.concepts + chosen.methods
                   if use.name not in chosen.beyond)
        assert ("research-agent" in chosen.beyond) == (slug == "2026-01-01-kg-basics")


def test_a_hub_leaves_only_well_below_the_hub_share() -> None:
    """Hysteresis: with 8 items and a 0.5 share a term on 5 items is a hub in a first build;
    with the last build's hubs known, a hub stays one down to 4 items (> 0.75 x 4 = 3) and
    another term enters only at 6 (> 1.25 x 4 = 5)."""
    from kgsync.vocabulary.unchanged import same_hubs
    from kgsync.vocabulary.choice import HUB_LEAVE_RATIO, group_is_hub
    from kgsync.vocabulary.groups import CandidateGroup

    mining = OPTIONS.mining
    assert HUB_LEAVE_RATIO < 1

    def group(count: int) -> CandidateGroup:
        found = CandidateGroup("zorblax quux")
        found.items = {f"s{i}": 1.0 for i in range(count)}
        return found

    assert group_is_hub(group(5), "zorblax quux", 8, mining, None)  # a first build: the share itself
    assert not group_is_hub(group(4), "zorblax quux", 8, mining, None)
    assert not group_is_hub(group(5), "zorblax quux", 8, mining, frozenset())  # to enter: above 1.25 x 4 = 5
    assert group_is_hub(group(6), "zorblax quux", 8, mining, frozenset())
    assert group_is_hub(group(4), "zorblax quux", 8, mining, frozenset({"zorblax quux"}))
    assert not group_is_hub(group(3), "zorblax quux", 8, mining, frozenset({"zorblax quux"}))
    items = [candidates(item) for item in corpus()]
    vocab, stats = select_with_stats(items, OPTIONS)
    hub = next(iter(vocab.hub_keys))
    again, again_stats = select_with_stats(items, OPTIONS, previous_hubs=vocab.hub_keys)
    assert again == vocab and same_hubs(stats, vocab.hub_keys, OPTIONS.mining) == again_stats
    assert hub in vocab.hub_keys


def test_narrower_term_merges_into_its_head(vocab: Vocabulary) -> None:
    names = set(vocab.terms)
    assert "prompt-injection" in names
    assert "indirect-prompt-injection" not in names
    assert "2026-01-05-mcp-security" in vocab.terms["prompt-injection"].items


def test_spelling_variant_merges(vocab: Vocabulary) -> None:
    # "agentic memory" (1 item) is 2 edits from "agent memory" (2 items): one node
    assert "agentic-memory" not in vocab.terms
    assert "agent-memory" in vocab.terms
    assert "2026-01-06-injection" in vocab.terms["agent-memory"].items


def test_generic_single_words_are_never_terms(vocab: Vocabulary) -> None:
    for word in ("agent", "system", "model", "approach", "memory", "risk", "tool"):
        assert word not in vocab.terms


def test_per_item_choice_respects_caps_and_salience() -> None:
    caps = Caps(concepts=1, claims=3, methods=1)
    options = VocabularyOptions(caps=caps, mining=OPTIONS.mining)
    chosen = select([candidates(item) for item in corpus()], options)
    for terms in chosen.per_item.values():  # a hub it addresses takes no slot (``ItemTerms.beyond``)
        assert len([u for u in terms.concepts if u.name not in terms.beyond]) <= 1 and len(terms.methods) <= 1
    basics = chosen.per_item["2026-01-01-kg-basics"]
    assert [u.name for u in basics.concepts if u.name not in basics.beyond] == ["knowledge-graph"]


def test_term_use_aliases_are_the_items_own_variants(vocab: Vocabulary) -> None:
    uses = {u.name: u for u in vocab.per_item["2026-01-04-mcp-memory"].concepts}
    assert "model-context-protocol" in uses
    assert set(uses["model-context-protocol"].aliases) <= set(vocab.terms["model-context-protocol"].aliases)
    assert "model context protocol" in uses["model-context-protocol"].aliases


def test_mentions_find_terms_longest_first_and_acronyms_in_capitals(vocab: Vocabulary) -> None:
    assert vocab.mentions("We stored Knowledge-Graphs behind an MCP server.") == ("knowledge-graph",
                                                                                  "model-context-protocol")
    assert "model-context-protocol" not in vocab.mentions("the mcp of the system")  # lowercase acronym
    assert vocab.mentions("indirect prompt injection") == ("prompt-injection",)
    assert vocab.mentions("") == ()


def test_determinism_and_order_independence() -> None:
    items = corpus()
    first = select([candidates(i) for i in items], OPTIONS)
    shuffled = items[:]
    random.Random(7).shuffle(shuffled)
    second = select([candidates(i) for i in shuffled], OPTIONS)
    assert first == second
    assert list(first.terms) == sorted(first.terms)


# --- the pinned vocabulary ---------------------------------------------------------------


def test_pinned_entry_overrides_mining(tmp_path: Path) -> None:
    pinned = load_pinned(write(tmp_path, """
terms:
  kg-store:
    kind: method
    label: KG store
    aliases: [knowledge graph, KG]
  entity-resolution:
    kind: concept
"""))
    vocab = select([candidates(i) for i in corpus()], OPTIONS, pinned)
    assert "knowledge-graph" not in vocab.terms
    term = vocab.terms["kg-store"]
    assert term.kind is TermKind.METHOD and term.pinned and term.label == "KG store"
    assert "2026-01-01-kg-basics" in term.items
    assert vocab.mentions("the KG grows") == ("kg-store",)  # "KG" is inside the alias "KG store"
    assert vocab.terms["entity-resolution"].kind is TermKind.CONCEPT  # mined as "resolution" method otherwise
    assert classify("entity resolution") is TermKind.METHOD  # the pin above said concept, and won


def test_a_pinned_alias_no_item_writes_is_still_on_the_node(tmp_path: Path) -> None:
    # The maintainers' aliases are the search keys they chose (US spellings, acronyms nobody
    # wrote yet): every item that links the term carries them, so the node does.
    pinned = load_pinned(write(tmp_path, """
terms:
  entity-resolution:
    kind: concept
    aliases: [record linkage]
"""))
    vocab = select([candidates(i) for i in corpus()], OPTIONS, pinned)
    uses = [u for terms in vocab.per_item.values() for u in terms.concepts if u.name == "entity-resolution"]
    assert uses and all("record linkage" in u.aliases for u in uses)
    assert not any("record linkage" in i.dense.lower() for i in map(candidates, corpus()))  # no item wrote it


def test_pinned_term_wins_even_on_one_item_and_across_stopwords(tmp_path: Path) -> None:
    pinned = load_pinned(write(tmp_path, "terms:\n  theory-of-mind: {kind: concept}\n"))
    items = corpus() + [make_item("2026-01-09-tom", "Theory of mind in research agents",
                                  "Do agents show a theory of mind?", "Some do.", ("Theory of mind emerges.",))]
    vocab = select([candidates(i) for i in items], OPTIONS, pinned)
    assert vocab.terms["theory-of-mind"].items == ("2026-01-09-tom",)
    assert "theory-of-mind" in [u.name for u in vocab.per_item["2026-01-09-tom"].concepts]


def test_a_pin_brings_back_what_the_quality_rules_keep_out(tmp_path: Path) -> None:
    """Bookkeeping phrases, plumbing acronyms and vague methods are no candidates, but a
    maintainer who means them pins them."""
    item = make_item("2026-01-09-json", "JSON files for the research backlog",
                     "Does JSON hold the research backlog?", "An audit review found JSON enough.",
                     ("JSON holds the research backlog.", "The audit review passed."))
    assert not {"json", "research backlog", "audit review"} & {c.key for c in candidates(item).terms}
    pinned = load_pinned(write(tmp_path, "terms:\n  json: {kind: concept}\n  research-backlog: {kind: concept}\n"
                                         "  audit-review: {kind: method}\n"))
    vocab = select([candidates(i) for i in corpus() + [item]], OPTIONS, pinned)
    chosen = vocab.per_item["2026-01-09-json"]
    assert {"json", "research-backlog"} <= {u.name for u in chosen.concepts}
    assert "audit-review" in {u.name for u in chosen.methods}


def test_an_item_that_names_a_pinned_term_chooses_it_whatever_its_caps(tmp_path: Path) -> None:
    """The maintainers' pin is honoured on every item that names it: chosen first, beyond the
    cap if need be; the item's own mined terms fill what is left of the cap."""
    caps = Caps(concepts=1, claims=3, methods=1)
    options = VocabularyOptions(caps=caps, mining=OPTIONS.mining)
    items = [candidates(i) for i in corpus()]
    mined = select(items, options).per_item["2026-01-01-kg-basics"]
    assert [u.name for u in mined.concepts if u.name not in mined.beyond] == ["knowledge-graph"]  # the cap's one slot
    pinned = load_pinned(write(tmp_path, "terms:\n  research-agent: {kind: concept}\n  canonical-name: {kind: concept}\n"))
    chosen = select(items, options, pinned).per_item
    # it names both ("canonical names", "research agents"): beyond the cap of 1, none cut, and
    # its mined knowledge-graph finds no slot left
    assert sorted(u.name for u in chosen["2026-01-01-kg-basics"].concepts) == ["canonical-name", "research-agent"]
    # only pins pass the cap, and the acronyms an item defines and states (``ItemTerms.defined``, no slot) and
    # the nodes its title names and it states (``choice.titled_parts``: ``ItemTerms.beyond``, no slot)
    assert all(name in {"canonical-name", "research-agent"} for terms in chosen.values()
               for name in [u.name for u in terms.concepts
                            if u.name not in terms.defined and u.name not in terms.beyond][caps.concepts:])


def test_stoplist_term_never_becomes_a_node(tmp_path: Path) -> None:
    pinned = load_pinned(write(tmp_path, "stoplist:\n  - MCP\n  - knowledge graphs\n"))
    vocab = select([candidates(i) for i in corpus()], OPTIONS, pinned)
    assert "model-context-protocol" not in vocab.terms  # stopped through its acronym
    assert "knowledge-graph" not in vocab.terms
    assert not vocab.mentions("a knowledge graph behind MCP")


def test_declared_merge(tmp_path: Path) -> None:
    pinned = load_pinned(write(tmp_path, "merges:\n  entity resolution: canonical name\n"))
    vocab = select([candidates(i) for i in corpus()], OPTIONS, pinned)
    assert "entity-resolution" not in vocab.terms
    assert "2026-01-02-kg-names" in vocab.terms["canonical-name"].items


# --- the real corpus ---------------------------------------------------------------------
@pytest.mark.slow
def test_real_corpus_reads_well(require_shared: Callable[[Path], Path]) -> None:
    from kgsync.read.items import read_corpus

    items = read_corpus(require_shared(SHARED_CORPUS)).items
    vocab = select([candidates(i) for i in items], VocabularyOptions())
    assert "model-context-protocol" in vocab.terms
    assert "mcp" not in vocab.terms
    hubs = {label for label, _ in vocab.hubs}
    assert "artificial intelligence" in hubs and "large language model" in hubs
    for chosen in vocab.per_item.values():
        unslotted = (*chosen.beyond, *chosen.defined)  # a topic it addresses, an acronym it defines and states
        slotted = [[u for u in uses if u.name not in unslotted] for uses in (chosen.concepts, chosen.methods)]
        assert len(slotted[0]) <= 5 and len(slotted[1]) <= 2  # neither takes a slot
    assert all(" " not in n and n == n.lower() for n in vocab.terms)


# --------------------------------------------------------------------------- speed shortcuts stay exact


def test_label_and_name_take_the_best_ranked_surface() -> None:
    """``group_label``/``_choose_name`` take the minimum instead of sorting: the same surface as the full ranking."""
    from kgsync.vocabulary import groups as vocab

    cases = [{"MCP": 3, "Model Context Protocol": 3, "model context protocols": 1},
             {"LLM": 5, "large language models": 2, "Large Language Model": 2},
             {"k8s": 1, "Kubernetes": 1}, {"GraphRAG": 2}, {"e-mail": 2, "email": 2, "E-Mail": 1}]
    for surfaces in cases:
        for key in {vocab.term_key(s) for s in surfaces} | {"other key"}:
            group = vocab.CandidateGroup(key)
            group.surfaces.update(surfaces)
            ranked = sorted(surfaces.items(), key=lambda kv: (vocab.is_lone_acronym(kv[0]), -kv[1], len(kv[0]), kv[0]))
            assert vocab.group_label(group) == vocab.display_alias(ranked[0][0])
            expected = next((vocab.canonical_name(s) for s, _ in ranked
                             if vocab.canonical_name(s) and vocab.term_key(s) == key), vocab.canonical_name(key))
            assert vocab._choose_name(group) == expected


def test_probe_blocks_reuse_own_blocks_exactly() -> None:
    from kgsync.vocabulary import groups as vocab

    def probe_plainly(name: str) -> list[str]:
        words_ = name.split("-")
        out = ["f:" + "".join(words_), "s:" + " ".join(sorted(words_))]
        if len(words_) >= 2:
            out += [f"d{i}:" + "-".join(words_[:i] + [w[:5]] + words_[i + 1 :]) for i, w in enumerate(words_)]
        out += ["j:" + "-".join(vocab._unscoped(words_))]  # the name without the jurisdictions that open it
        out += ["h:" + "-".join(words_[i:]) for i in range(1, len(words_) - 1)]
        vague = words_[-1] in lexicon.GENERIC and words_[-1] not in lexicon.METHOD_HEADS
        return out + (["h:" + "-".join(words_[:-1])] if len(words_) > 1 and vague else [])

    from kgsync.extract import lexicon

    for name in ("rag", "knowledge-graph", "indirect-prompt-injection", "a-b-c-d-e", "multi-agent-memory-systems",
                 "low-code-application", "eu-ai-act"):
        assert vocab._probe_blocks(name) == vocab._probe_blocks(name, vocab._own_blocks(name)) == probe_plainly(name)


def test_local_choice_of_one_item_matches_select(tmp_path: Path) -> None:
    """``choice_of`` (the reuse proof's view of one item) chooses as ``select`` does, pinned single words included,
    and then the terms its title names and it states that the choice left out, as ``select`` finds them."""
    from unittest import mock

    from kgsync.vocabulary import vocab as vocab_module
    from kgsync.vocabulary.vocab import choice_of, item_shares, pinned_lookup

    pinned = load_pinned(write(tmp_path, "terms:\n  zorblax: {kind: concept}\n"))
    items = [candidates(item) for item in corpus()]
    items.append(candidates(make_item("2026-01-09-zorblax", "Zorblax for research agents", "Is it quick?")))
    items.append(candidates(make_item("2026-01-10-run", "RUN versus BUILD budgets", "Who owns the RUN budget?")))
    found: list[list[str]] = []
    titled: list[list[str]] = []
    real, real_titled = vocab_module.local_choice, vocab_module.titled_parts
    with mock.patch.object(vocab_module, "local_choice", lambda *a: found.append(real(*a)) or found[-1]), \
            mock.patch.object(vocab_module, "titled_parts", lambda *a: titled.append(real_titled(*a)) or titled[-1]):
        _vocab, stats = select_with_stats(items, OPTIONS, pinned)
    lookup = pinned_lookup(pinned)
    mine = [choice_of(item_shares(item, pinned, stats, lookup), pinned, stats, OPTIONS.caps)
            for item in sorted(items, key=lambda c: c.slug)]
    assert mine == [[*chosen, *parts] for chosen, parts in zip(found, titled)]
    assert any(titled)  # "hybrid retrieval", a part of "hybrid retrieval evaluation" it chose
    assert "zorblax" in mine[-2]
    assert "run" not in mine[-1] and mine[-1]  # an ordinary word in capitals, skipped alike


def test_an_ordinary_word_in_capitals_is_no_acronym() -> None:
    """"RUN vs BUILD": capitals emphasise an ordinary word (WordNet); with no definition in the item
    or the shared map there is no acronym to name.  A definition whose letters match makes one."""
    items = [make_item("2026-01-01-run", "RUN versus BUILD cost allocation",
                       "How do organisations split RUN and BUILD spending?",
                       "RUN spending keeps systems alive; BUILD spending changes them.",
                       ("RUN allocation needs a shared taxonomy.",)),
             make_item("2026-01-02-run", "RUN budgets in practice", "Who owns the RUN budget?",
                       "The RUN budget belongs to operations.", ("RUN costs grow with the estate.",))]
    vocab = select([candidates(item) for item in items], OPTIONS)
    assert "run" not in vocab.terms and "build" not in vocab.terms
    defined = items + [make_item("2026-01-03-run", "RUN (Rapid Unit Normalisation) for sensors",
                                 "Does RUN help?", "RUN rescales sensor units.")]
    vocab = select([candidates(item) for item in defined], OPTIONS)
    assert "rapid-unit-normalisation" in vocab.terms  # the map's one meaning reaches the others too
    assert "2026-01-01-run" in vocab.terms["rapid-unit-normalisation"].items


def test_a_name_may_keep_a_plural_it_fixes_and_still_meets_the_singular_key(tmp_path: Path) -> None:
    pinned = load_pinned(write(tmp_path, "terms:\n  bill-of-materials: {kind: concept}\n"))
    assert pinned.key_to_name["bill of material"] == "bill-of-materials"
