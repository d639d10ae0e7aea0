"""Each item's local choice of its terms (``kgsync.vocabulary.choice``)."""

from __future__ import annotations

from pathlib import Path

from kgsync.contract import jsonl
from kgsync.extract.flags import ACRONYM, DEFINED, DENSE, FREE, PLAIN, STATED, TITLE
from kgsync.extract.mining import candidates
from kgsync.read.config import Caps, Mining, VocabularyOptions
from kgsync.vocabulary.choice import defined_and_stated, local_choice, titled_parts
from kgsync.vocabulary.terms import TermKind
from kgsync.vocabulary.vocab import select
from tests.item_corpus import item_markdown, make_item, pinned_theme_repo

OPTIONS = VocabularyOptions(caps=Caps(concepts=5, claims=3, methods=1), mining=Mining(min_items=2, max_item_share=0.9, min_links=1))


def _chosen(summary: str) -> list[str]:
    item = make_item("2026-02-01-sdk", "Stateless agents", "Why do stateless agents lose their session state?",
                     summary, ("Session state is lost with the Gemini SDK.",
                               "It is kept with the Cohere SDK."))
    other = make_item("2026-02-02-other", "Tidal sensors", "How do tidal sensors drift?", "Tidal sensors drift.")
    uses = select([candidates(item), candidates(other)], OPTIONS).per_item["2026-02-01-sdk"]
    return [u.name for u in uses.concepts + uses.methods]


def test_a_term_written_only_as_a_named_products_part_is_not_the_items_subject() -> None:
    # "SDK" only ever after a name ("the OpenAI Agents SDK"): the product's part, not what the item studies
    # inside no one longer term of the item strongly enough to be its part (``SUBSUMED_SHARE``)
    chosen = _chosen("We compare the Gemini SDK, the Whisper SDK, the Anthropic SDK and the Cohere SDK.")
    assert "sdk" not in chosen and "gemini-sdk" in chosen


def test_the_same_term_written_alone_once_may_be_chosen() -> None:
    assert "sdk" in _chosen("We compare an SDK: the Gemini SDK, the Whisper SDK, the Anthropic SDK or the Cohere SDK.")


def test_a_pin_a_themes_node_stands_for_takes_no_slot_of_the_items_own(tmp_path: Path) -> None:
    """The pinned "AI agents" is written as the theme ``agentic-ai``'s node, which the item links beyond
    its caps as it links a theme it carries: the pin costs none of its own slots, so the item keeps
    ``caps.concepts`` concepts of its own beside the node.  The pin took one, and the item lost a term."""
    item = item_markdown("Credit scoring with AI agents", themes="[knowledge-graphs]",
                         summary="AI agents score loan applications. Credit scoring models and audit trails "
                                 "decide who borrows.",
                         findings=["AI agents cut the time of loan approval.",
                                   "Credit scoring models drift without audit trails.",
                                   "Audit trails let regulators replay credit scoring models."])
    graph = jsonl.loads(pinned_theme_repo(tmp_path, item, "caps: {concepts: 2}\nmining: {min_links: 1}\n")
                        .read_text(encoding="utf-8"))
    linked = {r.target for r in graph.relations if r.source == "item:2026-01-01-agents" and r.relation_type == "addresses"}
    themes = {"concept:agentic-ai", "concept:knowledge-graphs"}  # the pin's theme, and the theme the item carries
    assert themes <= linked
    assert len(linked - themes) == 2, sorted(linked)


def _local(flags: dict[str, int], caps: Caps) -> list[str]:
    ranked = [(-float(10 - i), g) for i, g in enumerate(flags)]  # strongest first, in the dict's order
    return local_choice(ranked, flags, lambda g: False, lambda g: TermKind.CONCEPT, caps, set())


def test_an_acronym_the_item_defines_and_states_is_linked_beyond_its_caps() -> None:
    # "Resource Description Framework (RDF)" in the summary: the caps are full of stronger phrases, and
    # the defined term comes too, taking no slot; a phrase after it that the item only writes does not
    flags = {"graph database": DENSE | FREE | STATED, "property graph": DENSE | FREE | STATED,
             "resource description framework": DEFINED | ACRONYM | DENSE | FREE | STATED,
             "ontology first": DENSE | FREE | STATED}
    assert _local(flags, Caps(concepts=2)) == ["graph database", "property graph", "resource description framework"]


def test_a_defined_acronym_the_item_does_not_state_or_everyday_english_names_waits_for_a_slot() -> None:
    flags = {"graph database": DENSE | FREE | STATED,
             "resource description framework": DEFINED | ACRONYM | DENSE | FREE,  # its findings only
             "information technology": DEFINED | ACRONYM | DENSE | FREE | STATED}  # a WordNet compound
    assert _local(flags, Caps(concepts=1)) == ["graph database"]
    assert not defined_and_stated("information technology", flags["information technology"])


def test_a_defined_term_within_the_caps_takes_its_slot_as_before() -> None:
    flags = {"resource description framework": DEFINED | ACRONYM | DENSE | FREE | STATED, "graph database": DENSE | FREE | STATED}
    assert _local(flags, Caps(concepts=2)) == ["resource description framework", "graph database"]


def test_a_titled_and_stated_part_of_a_chosen_term_is_a_titled_part() -> None:
    # "ServiceNow CSDM: ..." asking how to model data "in ServiceNow": the choice took "servicenow csdm",
    # which holds "servicenow"; the part comes back, strongest first, beside no term holding a chosen one
    flags = {"servicenow csdm": TITLE | DENSE | FREE | STATED, "servicenow": TITLE | DENSE | FREE | STATED,
             "csdm standard": TITLE | DENSE | FREE | STATED,  # holds no chosen term, the caps left it out
             "maintainable servicenow csdm": TITLE | DENSE | FREE | STATED,  # holds the chosen term: not its part
             "data modelling": DENSE | FREE | STATED,  # not in the title
             "strategy": TITLE | DENSE | FREE | STATED | PLAIN,  # an ordinary single word
             "platform": TITLE | DENSE}  # the title only
    ranked = [(-float(10 - i), g) for i, g in enumerate(flags)]
    assert titled_parts(ranked, flags, ["servicenow csdm"], set(), lambda g: False) == ["servicenow", "csdm standard"]
    assert titled_parts(ranked, flags, ["servicenow csdm"], {"servicenow"}, lambda g: False) == ["csdm standard"]


def test_a_titled_part_links_a_node_other_items_choose_and_makes_none() -> None:
    from kgsync.vocabulary.vocab import _titled_links

    choice = {"a": ["kill switch"], "b": ["kill switches"], "c": ["minimum viable kill switch"], "d": ["lone"]}
    titled = {"a": [], "b": [], "c": ["kill switch", "lone part", "lone"], "d": []}
    merged = {"kill switches": "kill switch"}  # a near-duplicate merge: the node is the target
    kept = {"kill switch", "minimum viable kill switch", "lone part", "lone"}
    # "lone part": chosen by no item itself; "lone": by one (fewer than min_links): no node from a titled part
    assert _titled_links(choice, titled, merged, kept, 2) == {"c": ["kill switch"]}
    assert _titled_links(choice, titled, merged, kept - {"kill switch"}, 2) == {}  # a hub or a merged-away group
