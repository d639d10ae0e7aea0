"""A veto's claims, by the names the evidence plan and the graph give them.

A reviewer vetoes a link (``kgsync-veto.yml``, ``kgsync.read.veto_file``) by the claim names the graph, the PR
body and the manifest show.  The evidence plan runs before a reworded finding's claim keeps its previous name
(``kgsync.graph.claim_identity``): it names each claim by its finding's words now.  So a veto of the name the
graph shows vetoed nothing and the warning kept quiet, and a veto of the name the new words make (shown nowhere)
vetoed the link and was warned as naming no claim.  Here each veto's name is read in both: the plan vetoes the
pair by its names, and the warning asks whether the claim the veto names is in the graph, by whichever name.

Slug is identity, so a ``git mv`` of an item names its claims anew.  While the committed manifest still records
the old slug (the renamed item's first build), a veto naming an old claim holds for the renamed item's claim: the
old slug gone from the items, and exactly one item new since that manifest whose findings are every one of the
old item's claims by claim identity's match (``renamed``).  The build warns at the veto's line with the new name
to write, since a later build's committed manifest no longer records the old slug.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import cache

from kgsync.contract.model import EntityType, Facts, claim_name
from kgsync.extract.evidence_model import EvidenceText
from kgsync.graph.claim_identity import finding_renames
from kgsync.graph.manifest import Manifest
from kgsync.read.veto_file import Vetoes


def _no_findings(slug: str) -> list[tuple[str, int, str]]:
    return []


@dataclass(frozen=True)
class VetoNames:
    """The vetoed pairs by the plan's names (each as written, and with a name the graph shows read as the
    plan's), and ``findings``: an item's findings as the claims they would be, by the plan's names."""

    pairs: frozenset[tuple[str, str]] = frozenset()
    findings: Callable[[str], list[tuple[str, int, str]]] = _no_findings
    renamed: Mapping[str, str] = field(default_factory=dict)  # a veto's name of a renamed item's claim -> its new name

    def renamed_in(self, built: Manifest) -> dict[str, str]:
        """``renamed``, for the old slugs the graph built (``built``: its manifest) no longer holds."""
        return {old: new for old, new in self.renamed.items() if old.split(":")[1] not in built.by_item}

    def claims_of(self, built: Manifest) -> Callable[[str], Collection[str]]:
        """The claims an item (its slug) holds in the graph built (``built``: its manifest), with each name a
        veto writes whose finding's claim is one of them under the name it kept (``veto_file.unmatched_vetoes``
        warns of a veto whose claim is truly absent).  The match is claim identity's against the built claims,
        which state the findings as they are now: a finding's claim is found at its number, by its words."""
        ends: dict[str, set[str]] = {}  # each slug's names the vetoes write, gathered once (not at each call)
        for end in {end for pair in self.pairs for end in pair}:
            ends.setdefault(end.split(":")[1], set()).add(end)

        moved = self.renamed_in(built)  # warned of as renamed (``veto_file.renamed_vetoes``), not as absent

        @cache
        def claims(slug: str) -> Collection[str]:
            facts = built.by_item.get(slug)
            held = _claims(facts) if facts is not None else frozenset()
            held |= {end for end in ends.get(slug, ()) if end in moved}
            written = ends.get(slug, set()) - held
            if not written or facts is None:
                return held
            kept = finding_renames(slug, self.findings(slug), facts)
            return held | {end for end in written if kept.get(end) in held}
        return claims


def veto_names(vetoes: Vetoes, texts: Mapping[str, EvidenceText], previous: Callable[[], Manifest | None],
               fold: Callable[[str], str]) -> VetoNames:
    """``vetoes`` read in the plan's names (``texts``: each item's findings now).  ``previous``: the committed
    manifest, read only for a veto naming a claim its item's findings name no more (the name the graph kept
    for a reworded finding, a typo, a deleted finding); ``fold``: the vocabulary folding a claim's title is
    written with, as ``claim_identity`` compares titles."""
    if not vetoes.pairs:
        return VetoNames()
    @cache
    def findings(slug: str) -> list[tuple[str, int, str]]:
        return _findings(slug, texts[slug], fold) if slug in texts else []

    @cache
    def kept_names(slug: str) -> dict[str, str]:  # each previous name a finding's claim keeps -> the plan's name
        manifest = previous()
        before = manifest.by_item.get(slug) if manifest is not None else None
        return {} if before is None else {kept: fresh for fresh, kept in finding_renames(slug, findings(slug), before).items()}

    @cache
    def new_slugs() -> dict[str, list[str]]:  # each claim key -> the items new since the committed manifest stating it
        manifest = previous()
        keys: dict[str, list[str]] = {}
        for slug in sorted(set(texts) - set(manifest.by_item if manifest is not None else texts)):
            for name, _, _ in findings(slug):
                keys.setdefault(name.split(":", 2)[2], []).append(slug)
        return keys

    @cache
    def renamed_to(slug: str) -> dict[str, str]:  # each claim of an item renamed -> its claim under the new slug
        manifest = previous()
        before = manifest.by_item.get(slug) if manifest is not None else None
        old = frozenset(name for name in _claims(before) if name.split(":")[1] == slug) if before is not None else frozenset()
        if before is None or not old:
            return {}
        found = []
        for new in sorted({n for name in old for n in new_slugs().get(name.split(":", 2)[2], ())}):
            as_old = [(claim_name(slug, name.split(":", 2)[2]), number, title) for name, number, title in findings(new)]
            kept = finding_renames(slug, as_old, before)
            back = {kept.get(name, name): claim_name(new, name.split(":", 2)[2]) for name, _, _ in as_old}
            if old <= back.keys():
                found.append({name: back[name] for name in old})
        return found[0] if len(found) == 1 else {}  # two candidates: no rename (the build warns as before)

    plan_name: dict[str, str] = {}  # a veto's name the item's findings make no more -> the plan's name of its claim
    renamed: dict[str, str] = {}
    for name in sorted({end for pair in vetoes.pairs for end in pair}):
        slug = name.split(":")[1]
        if slug not in texts:  # an item gone: renamed, if its findings are a new item's
            if name in renamed_to(slug):
                plan_name[name] = renamed[name] = renamed_to(slug)[name]
            continue
        if not findings(slug) or any(found == name for found, _, _ in findings(slug)):
            continue  # no findings read now, or the plan's name already
        if name in kept_names(slug):
            plan_name[name] = kept_names(slug)[name]
    pairs = {(plan_name.get(a, a), plan_name.get(b, b)) for a, b in vetoes.pairs} | vetoes.pairs
    return VetoNames(frozenset(pairs), findings, renamed)


def _claims(facts: Facts) -> frozenset[str]:
    return frozenset(name for name, kind in facts.entities if kind == EntityType.CLAIM.value)


def _findings(slug: str, text: EvidenceText, fold: Callable[[str], str]) -> list[tuple[str, int, str]]:
    """Each finding of the item as the claim it would be: its name, number and title (``finding_renames``)."""
    return [(claim_name(slug, c.key), c.number, fold(c.statement)) for c in text.claims]
