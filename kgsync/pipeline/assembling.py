"""The assemble stage as the build runs it: every item's facts, from the facts store when nothing they
were built from changed, the evidence links between the items, and a reworded finding's claim name kept.

``kgsync.graph.assemble`` makes the facts; this module wraps it in the caches (the term choice, the facts
memo, the evidence texts) and hands ``kgsync.pipeline.stages`` what the merge and the manifest read
(``Assembled``).  Orchestration, like ``stages``: it may import ``kgsync.pipeline.cache``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from kgsync.contract.errors import GraphFormatError, Location
from kgsync.contract.lazy_mapping import LazyMapping
from kgsync.contract.model import Facts
from kgsync.extract.evidence import plan as plan_evidence
from kgsync.extract.evidence_model import EvidencePlan, EvidenceText, KeptLinks, LinkedBefore
from kgsync.extract.findings import Extraction
from kgsync.extract.record import Record
from kgsync.graph.assemble import Assembly, AssemblyInputs, Sources, context
from kgsync.graph.claim_identity import keep_claim_names, previous_facts_to_match, renamed_sources
from kgsync.graph.manifest_lines import LastLines
from kgsync.graph.manifest import Manifest, manifest_item_texts
from kgsync.graph.terms import mined_names_of_themes
from kgsync.graph.veto_names import VetoNames
from kgsync.pipeline.behind import MIN_BEHIND_LIGHT, Behind, started_beside
from kgsync.pipeline.cache.evidence_texts import EvidenceTexts
from kgsync.pipeline.cache.facts import FactsStore, TermChoiceStore
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.memo import choice_key, context_key, cut_key, memoised_assembly, texts_only
from kgsync.pipeline.incremental import states_facts
from kgsync.pipeline.reading import Reading
from kgsync.read.config import Caps
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.economy import Folding
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab import Vocabulary


def theme_concepts_of(items: Sequence[ResearchItem], themes: ThemeMap) -> frozenset[str]:
    """The themes that are concept (or method) nodes: the vocabulary's themes whose entry names one
    idea (``ThemeMap.ideas``: a category bucket such as "cost-performance" stays a tag, and so does
    a theme an item carries that the vocabulary lacks), whatever their share of the items (the
    vocabulary is shared, not a statistic: a merge never turns a theme's node on or off for the
    items that did not change).  A vocabulary with no Scope column says nothing of ideas: every
    theme of it and every theme an item carries is a node."""
    if themes.ideas is not None:
        return themes.ideas
    # Each spelling canonicalised once: 10,000 items carry ~65,000 themes in a few dozen spellings.
    return themes.canonical | set(map(themes.canonicalise, set().union(*(item.themes for item in items))))



@dataclass(frozen=True)
class Assembled:
    assembly: Assembly  # as assembled (before a reworded finding keeps its claim's name)
    evidence: EvidencePlan
    memo_json: Mapping[str, str] | None  # slug -> the manifest encoding of the facts the memo gave or took
    theme_concepts: frozenset[str] = frozenset()  # the themes that are concept nodes (``theme_concepts_of``)
    context: str | None = None  # ``context_key``: the corpus-wide inputs every item's facts read
    digests: Mapping[str, str] | None = None  # slug -> ``facts_digest`` of ``memo_json[slug]``
    retained: tuple[object, ...] = ()  # what assembling read (the facts store, ...): see ``BuildResult.retained``
    # slug -> ``memo_json[slug]`` of the facts assembled now (not reused: their JSON is a string already).
    made_json: Mapping[str, str] | None = None
    vetoed: VetoNames = VetoNames()  # the vetoes the plan read, by its names and the graph's
    terms: frozenset[str] = frozenset()  # the mined terms some item links (``TermChoice.linked``): the manifest's


def assemble_facts(cache_folder: Path | None, reader: CacheReader, reading: Reading,
              vocabulary: Vocabulary, fold: Folding, kept: tuple[ResearchItem, ...], themes: ThemeMap,
              vetoes: Callable[[Mapping[str, EvidenceText]], VetoNames],
              caps: Caps, tag_style: str, min_links: int, distrust: frozenset[str] = frozenset(), behind: Behind | None = None,
              selection: str | None = None, standing: frozenset[str] = frozenset(), renames: Mapping[str, str] | None = None,
              kept_links: KeptLinks = KeptLinks(),
              before: Callable[[Mapping[str, EvidenceText]], LinkedBefore] | None = None,
              kept_nodes: frozenset[str] = frozenset(), standing_themes: frozenset[str] = frozenset()) -> Assembled:
    """Every item's facts and the evidence links between them (less the ``vetoes``, given the items' texts); an item's facts come
    from the facts store when nothing they were built from changed (``kgsync.pipeline.cache.facts.FactsStore``).
    ``caps``, ``tag_style``, ``min_links``: kgsync.yml's, as ``kgsync.graph.assemble.AssemblyInputs`` holds them;
    ``selection``: the id of the vocabulary's selection (``SelectionStore.ident``; None: unknown);
    ``standing``: the mined terms the last build wrote (``AssemblyInputs.standing``); ``renames``: the
    names ``kgsync.vocabulary.standing.standing_names`` gave back to the selection's terms; ``kept_links``: ``evidence.plan``'s;
    ``before``: what the last build linked from each exact mention's finding number, given the items' texts
    (``kgsync.graph.linked_before``; None: nothing); ``kept_nodes``: ``AssemblyInputs.kept_nodes``;
    ``standing_themes``: the themes the last build made nodes (``AssemblyInputs.standing_themes``)."""
    items = reading.read.items
    theme_concepts = theme_concepts_of(items, themes)
    # The choice of every item's terms is the last build's when its inputs are (the same selection
    # among them): each item's terms are then chosen only if it is assembled again.
    merged = mined_names_of_themes(vocabulary, themes.nodes, themes)
    terms_key = choice_key(selection, items, caps, merged, min_links, renames)
    choices = TermChoiceStore(cache_folder, reader)
    inputs = AssemblyInputs(vocabulary, themes, caps, fold, tag_style, theme_concepts, min_links, kept,
                            standing=standing, kept_nodes=kept_nodes, standing_themes=standing_themes)
    shared = context(items, inputs, choice=choices.recall(terms_key), merged_into_theme=merged)
    choices.save(terms_key, shared.choice)
    terms_key = cut_key(terms_key, shared.choice)  # what the facts memo checks: the standing terms decided the cut
    # The key reads no evidence plan (each item's links are checked per item, ``AssemblyMemo``).
    shared_key = context_key(shared, [*kept, *items])
    store = FactsStore(cache_folder, shared_key, reader, distrust)
    memo = store.memo(reading.slug_keys, terms_key)
    extractions = _Extractions(reading.by_slug)  # loaded only for the items assembled again
    texts = EvidenceTexts(cache_folder, reader).of(items, reading.slug_keys, extractions)
    # The claim→claim links the items state (``kgsync.extract.evidence``): ``by_slug``, the items and the
    # kept ones, and their ``suffixes`` as the context derived them once.
    vetoed = vetoes(texts)
    linked = before(texts) if before is not None else LinkedBefore()
    shared = replace(shared, evidence=plan_evidence(items, texts, shared.by_slug, shared.suffixes, vetoed.pairs, kept_links,
                                                    linked))
    evidence = shared.evidence
    # At 10,000 fresh items, half of them assembled in a forked child (``started_beside``) beside the rest.
    assembly = memoised_assembly(items, extractions, shared, memo, started_beside)
    (behind or Behind()).save(lambda: store.save(memo), len(memo.put_slugs) if memo is not None else 0, MIN_BEHIND_LIGHT)
    return Assembled(assembly, evidence, memo.json if memo is not None else None, shared.theme_concepts, shared_key,
                      memo.digests if memo is not None else None, (store, memo, shared, texts, extractions),
                      memo.json.only(memo.put_slugs.__contains__) if memo is not None else None, vetoed,
                      shared.choice.linked)


def manifest_to_write(manifest: Manifest, assembled: Assembled, vocabulary: Vocabulary) -> Manifest:
    """The merged manifest, with the memo's encoding of the facts it gave or took (same objects
    only: a fact kept under its claim's previous name is encoded again) and the vocabulary state
    its events compare (``kgsync.diff.vocab_events``): hubs, theme concepts, near-duplicate merges,
    the acronym map, the topics."""
    if assembled.memo_json is not None:
        encoded = assembled.assembly.by_item
        by_item = manifest.by_item
        manifest = replace(manifest, known_json=texts_only(assembled.memo_json,
                                                           lambda slug: by_item.get(slug) is encoded.get(slug)))
    return replace(manifest, hubs=tuple(sorted(vocabulary.hub_keys)), themes=tuple(sorted(assembled.theme_concepts)),
                   merges=vocabulary.merges, acronyms=vocabulary.acronyms, topics=tuple(sorted(vocabulary.topics)),
                   terms=tuple(sorted(assembled.terms)), subjects=tuple(sorted(vocabulary.subjects)))


def with_kept_claim_names(assembly: Assembly, previous: Manifest | None, unread_manifest: Path | None,
                      encoded: Mapping[str, str] | None = None, last_lines: LastLines | None = None,
                      digests: Mapping[str, str] | None = None) -> Assembly:
    """A finding reworded in place keeps its claim's previous name (``kgsync.graph.claim_identity``).
    ``unread_manifest``: the manifest not decoded (the shortcut): only the lines of items that
    state a new claim name are (``encoded``: the memo's encoding of the facts it gave or took;
    ``last_lines``: that manifest's lines, ``digests``: ``facts_digest`` of each of ``encoded``)."""
    holding: Callable[[Sequence[str]], Collection[str]] | None = None
    if previous is not None:
        before: Mapping[str, Facts] = previous.by_item
    elif unread_manifest is not None:
        try:
            lines: Mapping[str, str] = (last_lines if last_lines is not None
                                        else manifest_item_texts(unread_manifest.read_bytes().decode("utf-8")))
            known, known_digests = encoded or {}, digests or {}

            def stated(slug: str) -> bool:
                return (slug in known and slug in lines
                        and ((last_lines is not None and last_lines.states(slug, known_digests.get(slug)))
                             or states_facts(lines[slug], known[slug])))

            # An item whose line states exactly the facts the memo gave keeps every name: only the
            # others can need their previous facts (the same answer, without a scan of every line).
            candidates = {slug: facts for slug, facts in assembly.by_item.items() if not stated(slug)}
            before = previous_facts_to_match(candidates, lines, encoded)
            if last_lines is not None:
                # A stated item's facts are its line's (less what the line holds besides): a name its
                # line lacks is none of its facts', found in the file's bytes, not in 10,000 texts.
                found_in, unstated = last_lines, set(candidates)

                def holding(quoted: Sequence[str]) -> Collection[str]:
                    return found_in.holding(quoted) | unstated
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise GraphFormatError(f"kgsync manifest is unreadable: {exc}", Location.of(unread_manifest),
                                   "restore it from git") from None
    else:
        return assembly
    # The memo's encodings are of these very facts (same objects only, as ``manifest_to_write``).
    same = texts_only(encoded or {}, assembly.by_item.__contains__)
    by_item, renames = keep_claim_names(assembly.by_item, before, same, holding)
    if not renames:
        return assembly
    sources = assembly.sources  # its places renamed, no ``Location`` made (``Sources``)
    return replace(assembly, by_item=by_item, sources=Sources(renamed_sources(sources.places, renames))
                   if isinstance(sources, Sources) else renamed_sources(sources, renames))


class _Extractions(LazyMapping[str, Extraction]):
    """slug -> its record's extraction, loaded when asked for (``assemble`` asks only for the
    items it cannot reuse)."""

    def __init__(self, by_slug: Mapping[str, Record]) -> None:
        self.by_slug = self._keys = by_slug

    def __getitem__(self, slug: str) -> Extraction:
        return self.by_slug[slug].extraction  # type: ignore[return-value]  # items that parsed have one
