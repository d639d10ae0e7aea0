"""bench/recall_reach.py and bench/recall_levers.py: reaches split by path, levers that read one item."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED_BENCH = REPO.parent / "shared" / "bench"
sys.path.insert(0, str(REPO / "bench"))
from recall_levers import bucket_tags_as_slugs, no_duplicate_tag, no_relation, theme_aliases_spelled_only  # noqa: E402
from recall_reach import fields_matched, path_class  # noqa: E402

SLUG = "2026-03-01-agent-memory-tiers"
CLAIM = {"type": "entity", "name": f"claim:{SLUG}:tiered-memory-beats", "entityType": "claim",
         "observations": ["title: Tiered memory beats a flat store.", "confidence:high", f"provenance:item={SLUG}"]}
ITEM = {"type": "entity", "name": f"item:{SLUG}", "entityType": "research_item",
        "observations": ["title: Agent memory", "tag:memory_context", "tag:agentic_ai", f"provenance:item={SLUG}"]}
CONCEPT = {"type": "entity", "name": "concept:memory-context", "entityType": "concept",
           "observations": ["alias:memory context", "alias:context window"]}
RELATIONS = [{"type": "relation", "from": f"item:{SLUG}", "to": "concept:memory-context", "relationType": "addresses"},
             {"type": "relation", "from": f"item:{SLUG}", "to": CLAIM["name"], "relationType": "states"}]


def test_a_reach_is_named_by_its_most_contentful_field() -> None:
    assert fields_matched(CLAIM, "memory") == {"title", "provenance", "slug", "key"}
    assert path_class("claim", "", fields_matched(CLAIM, "memory")) == "claim: title"
    assert path_class("claim", "", fields_matched(CLAIM, "ai")) == "claim: structure (name prefix/type)"  # "ai" in "claim"
    assert path_class("claim", "", fields_matched(CLAIM, "high")) == "claim: structure (confidence)"
    assert path_class("concept", " -addresses->", fields_matched(CONCEPT, "context window")) == \
        "concept -addresses->: alias"


def test_levers_drop_what_they_name_and_nothing_else() -> None:
    records = [ITEM, CLAIM, CONCEPT, *RELATIONS]
    assert [r["relationType"] for r in no_relation("states")(records, None, set()) if r["type"] == "relation"] \
        == ["addresses"]
    item = no_duplicate_tag(records, None, set())[0]
    assert item["observations"] == ["title: Agent memory", "tag:agentic_ai", f"provenance:item={SLUG}"]
    concept = theme_aliases_spelled_only(records, None, {"memory-context"})[2]
    assert concept["observations"] == ["alias:memory context"]
    assert theme_aliases_spelled_only(records, None, set())[2] == CONCEPT  # not a theme: untouched
    # A tag whose theme has no node is written as its slug; one with a node stays search-safe.
    without_node = bucket_tags_as_slugs([ITEM, CLAIM], None, set())[0]
    assert without_node["observations"][1:3] == ["tag:memory-context", "tag:agentic-ai"]
    assert bucket_tags_as_slugs(records, None, set())[0]["observations"][1:3] == ["tag:memory_context", "tag:agentic-ai"]


def test_salient_terms_are_the_items_own_repeated_words(require_shared) -> None:  # noqa: ANN001
    sys.path.insert(0, str(require_shared(SHARED_BENCH)))
    import recall  # the ruler's tokens and stopwords

    from recall_levers import own_headings, salient_terms

    body = ("## Findings\n\nThe state file wins. A state file is git friendly.\n\n## §1 Step\n\n"
            "## JSON state file\n\nThe state file again; sqlite loses. Sqlite, sqlite.\n")
    item = recall.Item(SLUG, "x.md", body, {"title": "t", "completed": "2026-03-01"}, body)
    assert salient_terms(item) == ["state file", "sqlite"]  # count x words; "state" lies inside the first
    assert own_headings(item) == ["Findings", "JSON state file"]


def test_a_bucket_tag_goes_on_the_items_own_claim_per_item() -> None:
    from types import SimpleNamespace

    from recall_levers import bucket_tag_on_first_claim, no_bucket_tags_on_ideas

    qset = SimpleNamespace(items={SLUG: SimpleNamespace(themes=["agentic-ai", "memory-context"])})
    theme = {"type": "entity", "name": "concept:agentic-ai", "entityType": "concept", "observations": []}
    records = [ITEM, CLAIM, theme, *RELATIONS]  # agentic-ai has its node; memory-context none: a bucket
    claim = bucket_tag_on_first_claim(False)(records, qset, set())[1]  # type: ignore[arg-type]
    assert claim["observations"][-1] == "tag:memory-context"
    # "primary": only when the bucket is the first theme the item writes ("agentic-ai" here).
    assert bucket_tag_on_first_claim(True)(records, qset, set())[1] == CLAIM  # type: ignore[arg-type]
    assert bucket_tag_on_first_claim("first-bucket")(records, qset, set())[1] == claim  # type: ignore[arg-type]
    idea = {"type": "entity", "name": "concept:context-window", "entityType": "concept",
            "observations": ["alias:context window", "tag:memory-context"]}
    assert no_bucket_tags_on_ideas([ITEM, idea], None, set())[1]["observations"] == ["alias:context window"]  # type: ignore[arg-type]
