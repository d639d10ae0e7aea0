"""Which claim each exact mention's finding number linked last build, and which it names now.

A ``cites:`` entry (``{item: <slug>, findings: [3], …}``) or a marker (``[supports: <slug> KF3]``) names a finding
by its place in the cited item's Key Findings list.  When the cited item deletes a finding before it (or inserts
one), the number names the next finding: read as written, the link would quietly move to a claim the author
never judged.  The committed manifest knows the claim the mention linked (its evidence records the sentence,
read here with the relation but not the line: an entry or a line added above moves it) and that claim's number
then (``section:key-finding-N``); claim identity (``graph.claim_identity``) gives the name each finding's claim
keeps now.  ``evidence.plan`` compares them (``LinkedBefore.moved``).

Read only where an item has such a mention: the manifest is not read otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kgsync.contract.model import Facts, claim_name
from kgsync.extract.evidence_model import EvidenceText, LinkedBefore
from kgsync.graph.claim_identity import finding_numbers, finding_renames
from kgsync.graph.kept_links import recorded, slug_of


def linked_before(texts: Mapping[str, EvidenceText], previous: Callable[[], Mapping[str, Facts] | None],
                  fold: Callable[[str], str]) -> LinkedBefore:
    """``LinkedBefore`` of the items read (``texts``), from the committed manifest's facts by slug (``previous``,
    asked only when an item has an exact mention naming a finding number; only the items with one and the items
    their links name are read of it: ``ManifestOnce.items``); ``fold``: the vocabulary folding claim titles are
    written with, as claim identity compares them."""
    said = {slug: {m.sentence for m in text.mentions if m.exact and m.finding} for slug, text in texts.items()}
    said = {slug: places for slug, places in said.items() if places}
    by_item = previous() if said else None
    if by_item is None:
        return LinkedBefore()
    linked: dict[str, dict[tuple[str, str, str], dict[str, int]]] = {}
    numbers: dict[str, dict[str, int]] = {}  # each cited item's claims by name -> their numbers then, read once
    for slug, places in sorted(said.items()):
        facts = by_item.get(slug)
        for _source, target, relation, sentence, _line in recorded(facts) if facts is not None else ():
            cited = slug_of(target)
            if sentence not in places or cited not in texts or cited not in by_item:
                continue
            if cited not in numbers:
                numbers[cited] = finding_numbers(by_item[cited])
            if (number := numbers[cited].get(target)) is not None:
                linked.setdefault(slug, {}).setdefault((sentence, cited, relation), {})[target] = number
    named: dict[str, dict[int, str]] = {}
    for cited in sorted(numbers):
        findings = [(claim_name(cited, c.key), c.number, fold(c.statement)) for c in texts[cited].claims]
        kept = finding_renames(cited, findings, by_item[cited])
        named[cited] = {number: kept.get(name, name) for name, number, _ in findings}
    return LinkedBefore(linked, named)
