"""A topic phrase joins the mined term it is (``kgsync.vocabulary.topic_join``, issue 21)."""

from __future__ import annotations

from kgsync.vocabulary.terms import Term, TermKind
from kgsync.vocabulary.similarity import compound_readings
from kgsync.vocabulary.topic_join import expanded_forms, topic_targets

RMF = Term("risk-management-framework", TermKind.CONCEPT, "risk management framework",
           ("RMF", "risk management framework"), ("2026-01-01-a",))
ASSISTED = Term("ai-assisted-coding", TermKind.METHOD, "AI-assisted coding", ("AI-assisted coding",), ("2026-01-01-b",))
TERMS = {term.name: term for term in (RMF, ASSISTED)}
ACRONYMS = {"rmf": "risk management framework", "ai": "artificial intelligence"}


def test_a_phrase_is_compared_by_its_expanded_form() -> None:
    assert expanded_forms("ai rmf", ACRONYMS) == [
        "ai rmf", "artificial intelligence rmf", "ai risk management framework",
        "artificial intelligence risk management framework"]
    # "AI RMF" is a narrower form of the risk management framework, once RMF is written out
    assert topic_targets(["ai rmf"], {"ai rmf": TermKind.CONCEPT}, TERMS, ACRONYMS) == {
        "ai rmf": "risk-management-framework"}


def test_an_acronym_the_map_does_not_expand_stays_apart() -> None:
    assert topic_targets(["ai rmf"], {"ai rmf": TermKind.CONCEPT}, TERMS, {}) == {}


def test_a_participle_compound_reads_as_its_first_word() -> None:
    assert compound_readings("AI-assisted coding") == ["ai coding"]
    assert compound_readings("human-supervised") == []  # the head: no modifier
    assert compound_readings("agentic coding") == []
    assert topic_targets(["ai coding"], {"ai coding": TermKind.METHOD}, TERMS, ACRONYMS) == {
        "ai coding": "ai-assisted-coding"}


def test_a_topic_joins_a_term_of_its_own_kind_only_and_never_a_narrower_one() -> None:
    assert topic_targets(["ai coding"], {"ai coding": TermKind.CONCEPT}, TERMS, ACRONYMS) == {}
    narrower = Term("indirect-prompt-injection", TermKind.CONCEPT, "indirect prompt injection", (), ("x",))
    # the broader topic never joins its narrower kind; a single word is no phrase to compare
    assert topic_targets(["prompt injection", "coding"], {"prompt injection": TermKind.CONCEPT,
                                                          "coding": TermKind.METHOD},
                         {narrower.name: narrower, **TERMS}, ACRONYMS) == {}


def test_with_topics_links_the_joined_term() -> None:
    from kgsync.vocabulary.terms import Vocabulary
    from kgsync.vocabulary.topics import TopicChoice, with_topics

    choice = TopicChoice(topics=frozenset({"ai rmf"}), addressers={"ai rmf": ("2026-02-01-c",)})
    vocab = with_topics(Vocabulary(terms=dict(TERMS), per_item={}), choice, {"ai rmf": "risk-management-framework"})
    assert "ai-rmf" not in vocab.terms
    assert vocab.terms["risk-management-framework"].items == ("2026-01-01-a", "2026-02-01-c")
    assert "ai rmf" in vocab.terms["risk-management-framework"].aliases
    assert [use.name for use in vocab.per_item["2026-02-01-c"].concepts] == ["risk-management-framework"]


def test_a_chain_of_acronyms_joining_a_generic_head_names_the_node() -> None:
    from kgsync.vocabulary.terms import ItemTerms, TermUse, Vocabulary
    from kgsync.vocabulary.topic_join import acronym_names

    joins = {"ai rmf": "risk-management-framework", "ai coding": "ai-assisted-coding"}
    # "AI RMF" is a name (every word an acronym the map expands), narrower than the generic head;
    # "AI coding" is no chain of acronyms
    assert acronym_names(joins, ACRONYMS, TERMS) == {"risk-management-framework": "ai-rmf"}
    assert acronym_names(joins, ACRONYMS, [*TERMS, "ai-rmf"]) == {}  # the name is taken
    assert acronym_names({"ai rmf": "risk-management-framework", "ml rmf": "risk-management-framework"},
                         {**ACRONYMS, "ml": "machine learning"}, TERMS) == {}  # two names for one term: neither
    use = TermUse("risk-management-framework", ("RMF",))
    vocab = Vocabulary(terms=dict(TERMS), per_item={"2026-01-01-a": ItemTerms("2026-01-01-a", (use,), (),
                                                                              beyond=("risk-management-framework",))},
                       _index={"rmf": "risk-management-framework"}, subjects=frozenset({"risk-management-framework"}))
    out = vocab.renamed({"risk-management-framework": "ai-rmf"})
    assert list(out.terms) == ["ai-assisted-coding", "ai-rmf"] and out.terms["ai-rmf"].name == "ai-rmf"
    assert out.terms["ai-rmf"].aliases == RMF.aliases
    chosen = out.per_item["2026-01-01-a"]
    assert [u.name for u in chosen.concepts] == ["ai-rmf"] and chosen.beyond == ("ai-rmf",)
    assert out._index == {"rmf": "ai-rmf"} and out.subjects == frozenset({"ai-rmf"})


def test_a_renamed_node_lists_no_alias_of_its_generic_head() -> None:
    from kgsync.vocabulary.terms import ItemTerms, TermUse, Vocabulary
    from kgsync.vocabulary.topic_join import head_aliases

    aliases = ("NIST AI RMF", "RMF", "ai rmf", "risk management framework", "risk management frameworks")
    # the head's words (any plural) and the acronym the map expands to them; the chain's own forms stay
    assert head_aliases("risk-management-framework", aliases, ACRONYMS) == frozenset(
        {"RMF", "risk management framework", "risk management frameworks"})
    assert head_aliases("risk-management-framework", aliases, {"ai": "artificial intelligence"}) == frozenset(
        {"risk management framework", "risk management frameworks"})  # "RMF" the map does not expand to it: kept
    term = Term("ai-rmf", TermKind.CONCEPT, "AI RMF", aliases, ("2026-01-01-a",))
    use = TermUse("ai-rmf", ("AI RMF", "RMF"))
    vocab = Vocabulary(terms={"ai-rmf": term}, per_item={"2026-01-01-a": ItemTerms("2026-01-01-a", (use,), (), subject_uses=(use,))},
                       _index={"rmf": "ai-rmf", "risk management framework": "ai-rmf"})
    out = vocab.without_aliases({"ai-rmf": head_aliases("risk-management-framework", aliases, ACRONYMS)})
    assert out.terms["ai-rmf"].aliases == ("NIST AI RMF", "ai rmf")
    chosen = out.per_item["2026-01-01-a"]
    assert chosen.concepts[0].aliases == ("AI RMF",) and chosen.subject_uses[0].aliases == ("AI RMF",)
    assert out._index == vocab._index  # what a text names is unchanged: only the node's listed forms
    assert vocab.without_aliases({"ai-rmf": frozenset()}) is vocab


def test_a_term_named_by_a_blends_gloss_takes_the_blends_name() -> None:
    """"Memory-GPT (MemGPT)" keeps GPT and clips "Memory": no expansion, MemGPT is the name (issue 21, reader177).
    One long form that spells every letter ("Generative Artificial Intelligence (GenAI)") keeps the long name."""
    from kgsync.vocabulary.topic_join import blend_names

    mem = Term("memory-gpt", TermKind.CONCEPT, "MemGPT", ("MemGPT", "memory GPT"), ("2026-01-01-a",))
    gen = Term("generative-ai", TermKind.CONCEPT, "generative AI",
               ("GenAI", "generative AI", "generative artificial intelligence"), ("2026-01-01-a",))
    lora = Term("low-rank-adaptation", TermKind.METHOD, "LoRA", ("LoRA", "low-rank adaptation"), ("2026-01-01-a",))
    terms = {t.name: t for t in (mem, gen, lora)}
    expansions = {"memgpt": ("memory gpt",), "genai": ("generative ai", "generative artificial intelligence"),
                  "lora": ("low rank adaptation",)}
    assert blend_names(terms, expansions) == {"memory-gpt": "memgpt"}
    assert blend_names(terms, {"memgpt": ("memory gpt",), "genai": ("generative ai",)}) == {
        "memory-gpt": "memgpt", "generative-ai": "genai"}  # only the blend's gloss: the blend names it
    assert blend_names({**terms, "memgpt": gen}, expansions) == {}  # the name is taken
    pinned = Term("memory-gpt", TermKind.CONCEPT, "MemGPT", ("MemGPT", "memory GPT"), ("2026-01-01-a",), True)
    assert blend_names({"memory-gpt": pinned}, expansions) == {}  # the maintainers' name stays
    unwritten = Term("memory-gpt", TermKind.CONCEPT, "MemGPT", ("MemGPT",), ("2026-01-01-a",))
    assert blend_names({"memory-gpt": unwritten}, expansions) == {}  # the long form's letters unknown


def test_a_node_renamed_to_its_blend_lists_no_gloss_of_it() -> None:
    """"Memory-GPT (MemGPT)": the node is MemGPT, and "memory GPT" glosses its clipped "Mem", no name of it
    (issue 21, reader192).  The blend's own forms stay; a gloss that names an unrenamed term is never asked."""
    from kgsync.vocabulary.topic_join import blend_glosses

    aliases = ("MemGPT", "memory GPT", "Memory-GPT", "memory GPT agents")
    assert blend_glosses("memory-gpt", aliases) == frozenset({"memory GPT", "Memory-GPT"})
    assert blend_glosses("memory-gpt", ("MemGPT",)) == frozenset()
