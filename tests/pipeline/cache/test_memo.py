"""Reused facts: decoded when first read, equal to the facts they hold, never trusted unvalidated."""

from __future__ import annotations

from dataclasses import replace

import msgspec
import pytest

from kgsync.pipeline.cache.memo import (AssemblyMemo, FactsTexts, InvalidStoredFacts, StoredFacts, mentions_digest,
                                        texts_only)
from kgsync.contract.model import Facts, Relation
from kgsync.graph.manifest import facts_json
from kgsync.graph.manifest_lines import facts_digest

FACTS = Facts((("item:a", "research_item"), ("concept:x", "concept")), (("item:a", "title: A"),),
              (Relation("item:a", "concept:x", "addresses"),), (("claim:a:b", "claim:c:d", "supports", "s", "a.md:3"),))


def test_stored_facts_are_the_facts_they_hold() -> None:
    stored = StoredFacts("a", facts_json(FACTS))
    assert stored == FACTS and FACTS == stored and hash(stored) == hash(FACTS)
    assert (stored.entities, stored.observations, stored.relations, stored.evidence) == (
        FACTS.entities, FACTS.observations, FACTS.relations, FACTS.evidence)
    assert facts_json(stored) == facts_json(FACTS)
    assert stored != Facts()


@pytest.mark.parametrize("text", ['{"entities": [[1, 2]], "observations": [], "relations": []}',
                                  '{"entities": [], "observations": [], "relations": [{"__reduce__": "os.system"}]}',
                                  '{"entities": [', "not json"])
def test_stored_facts_that_do_not_validate_raise_when_first_read(text: str) -> None:
    stored = StoredFacts("a", text)  # nothing is decoded yet
    with pytest.raises(InvalidStoredFacts) as raised:
        _ = stored.entities
    assert raised.value.slug == "a"
    with pytest.raises(InvalidStoredFacts):
        _ = stored == FACTS  # every read of the facts raises: none takes them for facts


def _memo(digest: str, vouched: dict[str, set[str]]) -> AssemblyMemo:
    text = facts_json(FACTS)
    entry = (("key", None, None), ("word",), digest, ((("item:a", 1, False),), text, facts_digest(text)))
    memo = AssemblyMemo({"a": entry}, {"a": "key"})  # type: ignore[dict-item]
    memo.vouched_by = vouched
    return memo


def test_an_entry_checked_against_the_same_mention_index_is_not_checked_again() -> None:
    digests = {"word": "d1"}
    now = mentions_digest(digests)
    # A stale per-entry digest: only the store's word (the same whole index) makes it reusable.
    vouched = _memo("stale", {now: {"a"}})
    vouched.check_mentions(digests)
    found = vouched.get("a", None, digests)
    assert found is not None and found[0] == FACTS and vouched.verified == {"a"}
    assert vouched.digests == {"a": facts_digest(facts_json(FACTS))}  # what the manifest's record compares
    other = _memo("stale", {mentions_digest({"word": "d0"}): {"a"}})
    other.check_mentions(digests)
    assert other.get("a", None, digests) is None and not other.verified


def test_an_entry_is_reused_for_the_same_terms_only() -> None:
    from kgsync.pipeline.cache.memo import _terms_key
    from kgsync.vocabulary.terms import ItemTerms, TermUse

    uses = ItemTerms("a", (TermUse("concept:x", ("x", "X")),), (TermUse("method:y", ("y",)),), ("s",), ("t",))
    assert _terms_key(uses) == _terms_key(ItemTerms("a", (TermUse("concept:x", ("x", "X")),),
                                                    (TermUse("method:y", ("y",)),), ("s",), ("t",)))
    others = [ItemTerms("a", (TermUse("concept:x", ("x",)),), uses.methods, ("s",), ("t",)),  # an alias less
              ItemTerms("a", uses.methods, uses.concepts, ("s",), ("t",)),  # concept and method swapped
              ItemTerms("a", uses.concepts, uses.methods, (), ("s", "t")),  # a subject now a topic
              ItemTerms("a", uses.concepts, uses.methods, ("s",), ("t",), ("u",))]  # beyond the caps
    assert len({_terms_key(u) for u in [uses, *others]}) == 5 and _terms_key(None) is None
    memo = AssemblyMemo({}, {"a": "key"})
    memo.put("a", uses, (FACTS, (), frozenset()), {})
    assert memo.get("a", uses, {}) is not None
    assert all(memo.get("a", other, {}) is None for other in others)


def test_an_entry_is_reused_for_the_same_evidence_links_only() -> None:
    from kgsync.contract.model import RelationType
    from kgsync.extract.evidence_model import PlannedLink
    from kgsync.graph.claims import ItemEvidence
    from kgsync.pipeline.cache.memo import _links_key

    link = PlannedLink(1, RelationType.EXTENDS, "claim:b:x", "b", 'Per "b" KF2, \u00e9t\u00e9.', 3)
    links = ItemEvidence(frozenset({1, 2}), (link,))
    assert _links_key(links) == _links_key(ItemEvidence(frozenset({2, 1}), (replace(link, kind="other"),)))
    assert _links_key(None) is None and _links_key(ItemEvidence()) is None  # nothing read of the plan
    others = [ItemEvidence(frozenset({1}), (link,)), ItemEvidence(frozenset({1, 2})),  # a finding, a link less
              *(ItemEvidence(links.required, (replace(link, **change),)) for change in (  # each field the facts read
                  {"source_number": 2}, {"relation": RelationType.SUPPORTS}, {"target_claim": "claim:b:y"},
                  {"sentence": 'Per "b" KF2, ete.'}, {"line": 4})),
              ItemEvidence(links.required, (link, link))]
    assert len({_links_key(e) for e in [links, *others]}) == len(others) + 1
    memo = AssemblyMemo({}, {"a": "key"})
    memo.put("a", None, (FACTS, (), frozenset()), {}, links)
    assert memo.get("a", None, {}, links) is not None
    assert all(memo.get("a", None, {}, other) is None for other in others)


def test_an_entry_keyed_as_an_older_build_keyed_links_is_not_reused() -> None:
    # A memo file of the code before the links key was JSON (its fingerprint aside): its key for the
    # very same links is another string, so the item is assembled again, never taken as it stood.
    import hashlib

    from kgsync.contract.model import RelationType
    from kgsync.extract.evidence_model import PlannedLink
    from kgsync.graph.claims import ItemEvidence

    links = ItemEvidence(frozenset({1}), (PlannedLink(1, RelationType.EXTENDS, "claim:b:x", "b", "Per b KF1.", 3),))
    old = hashlib.sha1(repr((sorted(links.required), [link.key() for link in links.links])).encode()).hexdigest()
    from kgsync.pipeline.cache.memo import _links_key

    def memo_keyed(links_key: str | None) -> AssemblyMemo:
        text = facts_json(FACTS)
        entry = (("key", None, links_key), ("word",), "digest", ((("item:a", 1, False),), text, facts_digest(text)))
        memo = AssemblyMemo({"a": entry}, {"a": "key"})  # type: ignore[dict-item]
        memo.vouched_by = {mentions_digest({}): {"a"}}
        memo.check_mentions({})
        return memo

    assert old != _links_key(links)
    assert memo_keyed(old).get("a", None, {}, links) is None
    assert memo_keyed(_links_key(links)).get("a", None, {}, links) is not None  # the same entry, keyed now


def test_stored_texts_are_decoded_when_read_and_only_keeps_them_unread() -> None:
    text = facts_json(FACTS)
    raw = msgspec.json.decode(msgspec.json.encode([text]), type=tuple[msgspec.Raw])[0]  # as the store reads it
    texts = FactsTexts({"a": raw, "b": "{}"})
    kept = texts.only(lambda slug: slug == "a")
    assert list(kept) == ["a"] and kept._texts["a"] is raw  # not decoded
    assert texts["a"] == text and texts.get("b") == "{}" and "c" not in texts and len(texts) == 2
    assert texts_only(texts, "b".__eq__) == {"b": "{}"} and texts_only({"a": text}, "b".__eq__) == {}
    assert StoredFacts("a", raw) == FACTS


def test_a_stored_text_that_is_no_json_string_raises_when_read() -> None:
    raw = msgspec.json.decode(b"[[1, 2]]", type=tuple[msgspec.Raw])[0]
    texts = FactsTexts({"a": raw})
    assert "a" in texts  # nothing is decoded yet
    with pytest.raises(InvalidStoredFacts) as raised:
        _ = texts["a"]
    assert raised.value.slug == "a"
    with pytest.raises(InvalidStoredFacts):
        _ = StoredFacts("a", raw).entities


def test_facts_made_elsewhere_are_kept_as_the_facts_made_here_are() -> None:
    """``put_made`` (facts another process made, as ``MadeFacts``) keeps the entry, the text and the
    digest ``put`` keeps, and gives facts equal to them; over the observation cap, the facts themselves
    and no entry, as ``put``."""
    from kgsync.pipeline.cache.memo import MadeFacts

    ops = (("item:a", 1, False),)
    text = facts_json(FACTS)
    here, there = AssemblyMemo({}, {"a": "key"}), AssemblyMemo({}, {"a": "key"})
    here.put("a", None, (FACTS, ops, frozenset({"word"})), {"word": "d"})
    facts, made_ops, words = there.put_made("a", None, MadeFacts(ops, frozenset({"word"}), text, facts_digest(text), False),
                                            {"word": "d"})
    assert (facts, made_ops, words) == (FACTS, ops, frozenset({"word"})) and isinstance(facts, StoredFacts)
    assert (there.entries, dict(there.json.items()), there.digests, there.verified) == (
        here.entries, dict(here.json.items()), here.digests, here.verified)
    over = AssemblyMemo({"a": here.entries["a"]}, {"a": "key"})
    kept = over.put_made("a", None, MadeFacts(ops, frozenset(), text, facts_digest(text), True, FACTS), {})
    assert kept[0] is FACTS and "a" not in over.entries and over.json["a"] == text
