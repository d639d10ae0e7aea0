"""The shared acronym map: which expansion an item's acronym joins, and a vocabulary that stays put."""

from __future__ import annotations

from kgsync.extract.mining import candidates
from kgsync.read.config import Config, Mining
from kgsync.vocabulary.acronym_index import _acronym_map, item_acronyms
from kgsync.vocabulary.vocab import select
from kgsync.read.items import ResearchItem
from tests.item_corpus import make_item

CONFIG = Config(mining=Mining(min_items=2, max_item_share=0.5))


def _ip_items() -> list[ResearchItem]:
    return [
        make_item("2026-01-01-ip-defined", "Intellectual property (IP) of model outputs",
                  "Who owns the IP of generated code?", "Intellectual property (IP) rules for generated code.",
                  ("IP ownership of generated code is unsettled.",)),
        make_item("2026-01-02-ip-licences", "IP and open weights", "Who holds the IP?", "The IP stays with the lab.",
                  ("IP terms differ.",)),
        make_item("2026-01-03-ip-clauses", "IP in vendor contracts", "Where is the IP?", "Vendors keep the IP.",
                  ("IP terms vary.",)),
    ] + [make_item(f"2026-01-0{n}-kg", "Knowledge graphs", "Which knowledge graph?", "Knowledge graphs.")
         for n in (7, 8, 9)]


def test_an_ambiguous_acronym_keeps_its_letters_unless_the_item_spells_one_out() -> None:
    items = [candidates(i) for i in _ip_items()] + [candidates(make_item(
        "2026-01-04-ip-network", "Internet Protocol (IP) allowlists", "Which IP ranges?", "IP allowlists.")),
        candidates(make_item("2026-01-05-ip-ranges", "IP ranges for agents", "Which IP ranges?", "IP ranges.")),
        candidates(make_item("2026-01-06-ip-risk", "IP risk", "Which IP risk?", "IP risk.",
                             body="Intellectual property law is unsettled."))]
    expansions = _acronym_map(items)
    assert expansions["ip"] == ("intellectual property", "internet protocol")
    by_slug = {c.slug: item_acronyms(c, expansions) for c in items}
    assert by_slug["2026-01-06-ip-risk"]["ip"] == "intellectual property"  # written out there
    assert "ip" not in by_slug["2026-01-05-ip-ranges"]  # neither written: the letters stay


def test_deleting_the_item_that_defines_an_acronym_renames_nothing() -> None:
    """A delete retires only what no remaining item uses: the manifest's acronym entries are the
    next build's, so the items that still write "IP" keep the term they had."""
    items = [candidates(i) for i in _ip_items()]
    before = select(items, CONFIG)
    ip_users = {slug for slug, terms in before.per_item.items()
                for use in terms.concepts if use.name == "intellectual-property"}
    assert {"2026-01-02-ip-licences", "2026-01-03-ip-clauses"} <= ip_users
    recorded = tuple((short, long) for short, long, _users in before.acronyms)
    assert ("ip", "intellectual property") in recorded
    after = select(items[1:], CONFIG, previous_acronyms=recorded)
    for slug in ("2026-01-02-ip-licences", "2026-01-03-ip-clauses"):
        assert [u.name for u in after.per_item[slug].concepts] == [u.name for u in before.per_item[slug].concepts]
    # without the manifest the same delete would have renamed them
    fresh = select(items[1:], CONFIG)
    assert ("ip", "intellectual property") in {(s, lg) for s, lg, _u in after.acronyms}
    assert fresh.acronyms == () or ("ip", "intellectual property") not in {(s, lg) for s, lg, _u in fresh.acronyms}


def test_an_entry_retires_when_no_item_writes_the_acronym() -> None:
    items = [candidates(i) for i in _ip_items()]
    other = candidates(make_item("2026-01-09-kg", "Knowledge graphs", "Which knowledge graph?", "Knowledge graphs."))
    assert "ip" not in _acronym_map([other], (("ip", "intellectual property"),))
    assert _acronym_map(items[1:2], (("ip", "intellectual property"),))["ip"] == ("intellectual property",)


def test_a_brand_spelling_takes_no_expansion_it_does_not_write() -> None:
    defined = candidates(make_item("2026-01-01-ios", "Integrated Operations System (IOS)", "What is IOS?",
                                   "IOS runs plants."))
    brand = candidates(make_item("2026-01-02-ios-phone", "iOS shortcuts", "Which iOS shortcuts?", "iOS shortcuts."))
    expansions = _acronym_map([defined, brand])
    assert item_acronyms(defined, expansions)["ios"] == "integrated operation system"
    assert "ios" not in item_acronyms(brand, expansions)
