"""One idea across items while ``vocab.select`` groups them (``CandidateGroup``), how a group is named and
labelled, and how near-duplicate groups merge (the growth policy: oldest first)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from rapidfuzz.distance import Levenshtein

from kgsync.extract import lexicon, wordnet
from kgsync.extract.acronyms import acronym_spells_plural
from kgsync.extract.canonical import canonical_name, display_alias, is_acronym, singular, term_key, words
from kgsync.extract.mining import DEFINED, PLAIN
from kgsync.read.config import Merge
from kgsync.vocabulary.similarity import compound_names, is_near_duplicate
from kgsync.vocabulary.terms import POSTMODIFIER, TermKind, classify
from kgsync.vocabulary.vocab_file import PinnedVocabulary


#: An empty ``Counter`` without ``Counter.__init__`` (Python code: a call to ``update`` with
#: nothing): cheaper, and a build makes two per candidate group (67,600 on the 220 items).
_new_counter = Counter.__new__


class CandidateGroup:
    """One idea across items while selecting: all keys that resolved to it."""

    __slots__ = ("key", "items", "focus", "surfaces", "flags", "pinned", "keys", "name", "first", "first_surfaces")

    def __init__(self, key: str) -> None:
        self.key = key
        self.items: dict[str, float] = {}  # slug -> local salience
        self.focus: set[str] = set()  # slugs whose title, question, summary, findings or emphasis hold it
        self.surfaces: Counter[str] = _new_counter(Counter)  # surface -> items using it
        self.flags = 0
        self.pinned: str | None = None
        self.keys: set[str] = set()
        self.name = ""  # cached by group_name once the surfaces are complete
        self.first = ""  # the earliest item (slug order) that wrote a surface: it names the term
        self.first_surfaces: Counter[str] = _new_counter(Counter)  # that item's surfaces (a stable name and label)


def merge_chosen_groups(groups: dict[str, CandidateGroup], chosen: set[str], kind_of: Mapping[str, TermKind], rule: Merge,
                        contract: Callable[[str], str] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """Merge near-duplicates among the chosen groups (``_merge_near_duplicates``): each merged
    group is absorbed into its target and leaves ``groups``.  Returns source -> target, and
    source -> the name it would have had (taken before it is absorbed)."""
    facets: set[str] = set()
    merged_into = _merge_near_duplicates(groups, chosen, kind_of, rule, contract, facets)
    source_names = {source: group_name(groups[source]) for source in merged_into}
    for source, target in sorted(merged_into.items()):
        _absorb(groups[target], groups.pop(source), source in facets)
    return merged_into, source_names


def item_names_group(group: CandidateGroup, slug: str, surfaces: Sequence[tuple[str, int]]) -> bool:
    """Does this item (items come in slug order) name the group?  The earliest item that writes
    it out (an expansion before an acronym), else the earliest item: a rule no count moves."""
    if not group.first or group.first == slug:
        return True
    return (all(is_lone_acronym(s) for s in group.first_surfaces)
            and any(not is_lone_acronym(s) for s, _count in surfaces))


#: A closed-up name ending in an acronym ("HybridRAG", "GraphRAG"): a variant of what the acronym names.
_ACRONYM_TAIL = re.compile(r"[A-Z]?[a-z]{2,}([A-Z]{2,6})s?")


def group_kind(group: CandidateGroup, pinned: PinnedVocabulary, acronyms: Mapping[str, str] | None = None) -> TermKind:
    """The pinned kind, else the kind of what an acronym tail names ("HybridRAG" is a kind of
    retrieval-augmented generation: a method; ``acronyms``: the shared map, acronym key ->
    expansion key), else ``classify``."""
    if group.pinned and pinned.kinds.get(group.pinned):
        return TermKind(pinned.kinds[group.pinned])
    if acronyms and " " not in group.key:
        for surface in sorted(group.surfaces):
            tail = _ACRONYM_TAIL.fullmatch(surface)
            if tail and tail.group(1).lower() in acronyms:
                return classify(acronyms[tail.group(1).lower()])
    return classify(group.key)


def _merge_near_duplicates(groups: Mapping[str, CandidateGroup], kept: set[str], kind_of: Mapping[str, TermKind],
                           rule: Merge, contract: Callable[[str], str] | None = None,
                           facets_out: set[str] | None = None) -> dict[str, str]:
    """source group -> target group, by the growth policy: oldest first.

    Each term, oldest first, joins the first kept name of its
    kind it may merge into (``mergeable``), else is kept.  Exact blocks make
    this linear: every mergeable pair shares one (see ``_probe_blocks``).  ``contract``: a
    group key with the shared map's expansions written as their acronyms; two groups that
    contract alike are one idea ("enterprise AI" / "enterprise artificial intelligence").  A
    facet joins its thing first, whichever is older (``_facet_targets``); ``facets_out``, when
    given, receives the facets merged so.
    """
    # Oldest first (the earliest item that chose it, slug order), not most items first: a
    # later item's term joins an earlier one, and no count that merges move decides the name.
    order = sorted(kept, key=lambda g: (not groups[g].pinned, groups[g].first or min(groups[g].items, default=""),
                                        len(g), g))
    names = {g: group_name(groups[g]) for g in kept}
    facets = _facet_targets(groups, kept, kind_of, names)
    blocks: dict[tuple[TermKind, str], list[str]] = defaultdict(list)
    merged: dict[str, str] = {}
    twins: dict[tuple[TermKind, str], str] = {}
    for g in order:
        name, kind = names[g], kind_of[g]
        own = _own_blocks(name)
        target = None
        short = contract(g) if contract is not None else g
        if not groups[g].pinned:
            target = twins.get((kind, short))
        twins.setdefault((kind, short), g)
        if target:
            merged[g] = target
            continue
        readings = _readings(groups[g], name)
        if not groups[g].pinned:
            for block in _probe_blocks(name, own):
                near = blocks.get((kind, block))  # most blocks hold nothing yet
                if near:
                    target = next((o for o in near if mergeable(name, names[o], rule, bool(groups[g].flags & DEFINED))), None)
                    if target:
                        break
            # a hyphenated participle compound read as its first word names the other ("AI-assisted
            # coding" / "AI coding"), either one first: "h:" holds a name, "c:" a reading
            if target is None:
                target = next((near[0] for block in (*("h:" + r for r in readings), "c:" + name)
                               if (near := blocks.get((kind, block)))), None)
        if target:
            merged[g] = target
            continue
        for block in (*own, *("c:" + r for r in readings)):
            blocks[(kind, block)].append(g)
    # A facet joins its thing whichever came first, unless it is a near-duplicate of another term
    # ("AI agent workflow" is "agent workflow"); whatever had joined the facet follows it.
    joined = {g: t for g, t in facets.items() if g not in merged}
    merged.update(joined)
    for source in sorted(merged):
        if merged[source] in joined or source in joined:
            merged[source] = _followed(merged, source)
    if facets_out is not None:
        facets_out.update(joined)
    return merged


def _readings(group: CandidateGroup, name: str) -> list[str]:
    """The names a group's surfaces read as with a participle compound read as its first word
    (``similarity.compound_names``), other than its own name."""
    if "-" not in name:
        return []
    return sorted(compound_names(group.surfaces) - {name})


def facet_head(word: str) -> bool:
    """A head noun whose first WordNet sense is an act or a process ("workflow", "activation"):
    what happens to or with the thing the rest of the name names.  Not a thing of its own
    ("point", "harness", "server": a component), nor a way of doing or finding out (a method's
    head, ``wordnet.is_activity``: another kind of node)."""
    return wordnet.is_act(word) or wordnet.is_process(word)


def _facet_targets(groups: Mapping[str, CandidateGroup], kept: set[str], kind_of: Mapping[str, TermKind],
                   names: Mapping[str, str]) -> dict[str, str]:
    """Facet -> the group it is a facet of: "GitHub Actions workflow" joins "GitHub Actions" (a
    name, ``_proper``), "H-neuron activation" joins the node whose short form "H-neurons" is
    (``_short_forms``), when that group is chosen too, of the same kind, and by every item that
    chose the facet: the
    facet is written only where the thing is discussed, so a reader reads it on the thing's page
    ("knowledge graph construction", chosen by an item that does not choose "knowledge graph",
    is a topic of its own).  A name form and a condition on each item's own choice: no count or
    share decides it; only which items choose which terms moves it (a ``merged into`` vocabulary
    event).  Not the broader
    head ("coding agent" / "coding agent harness": a harness is another thing, ``facet_head``),
    nor a pinned name (the maintainers' word)."""
    owners: dict[tuple[TermKind, str], set[str]] = defaultdict(set)
    for g in kept:
        forms = _short_forms(groups[g]) | ({g, names[g].replace("-", " ")} if _proper(groups[g]) else set())
        for form in forms:
            owners[(kind_of[g], form)].add(g)
    out: dict[str, str] = {}
    for g in sorted(kept):
        words_ = names[g].split("-")
        if groups[g].pinned or len(words_) < 2 or not facet_head(words_[-1]):
            continue
        found = owners.get((kind_of[g], " ".join(words_[:-1])), set()) - {g}
        if len(found) == 1 and groups[g].items.keys() <= groups[next(iter(found))].items.keys():
            out[g] = next(iter(found))  # (a form two groups own names neither)
    return out


def _proper(group: CandidateGroup) -> bool:
    """Every surface that spells the group's key is capitalised word by word ("GitHub Actions"):
    a named thing, whose facets its page holds.  A common noun's act is often an idea of its own
    ("inference-time intervention", "knowledge graph construction", "software development")."""
    return proper_name(surface for surface in group.surfaces if term_key(surface) == group.key)


def proper_name(surfaces: Iterable[str]) -> bool:
    """Every surface written with a capital on each word ("GitHub Issues"), and at least one: a
    name.  The one test of a proper name here and in ``kin`` (which imports this module)."""
    written = [surface.replace("-", " ").split() for surface in surfaces]
    return bool(written) and all(ws and all(w[:1].isupper() for w in ws) for ws in written)


def _short_forms(group: CandidateGroup) -> set[str]:
    """The keys of a group's short surfaces: an acronym ("MCP") or a name with an initial for a
    word ("H-neurons"), which only the group's items define for it; not its other words ("agents"
    of "agentic AI": a word, not a name of it)."""
    out = set()
    for surface in group.surfaces:
        key = term_key(surface)
        if key and (is_lone_acronym(surface) or any(len(w) == 1 for w in key.split(" "))):
            out.add(key)
    return out


def _followed(merged: Mapping[str, str], source: str) -> str:
    """The last target ``source`` reaches through ``merged`` (which holds it)."""
    seen, target = {source}, merged[source]
    while target in merged and target not in seen:
        seen.add(target)
        target = merged[target]
    return target


def mergeable(name: str, canon: str, rule: Merge, defined: bool = False) -> bool:
    """Near-duplicates (``similarity.is_near_duplicate``) that are one idea:
    spelling variants (the edit-distance half), the same words in another
    order, or a narrower term merging into the broader one it ends with
    ("indirect prompt injection" -> "prompt injection").  Other near pairs
    ("knowledge graph" / "knowledge graph construction": another head) stay
    apart; ``kgsync duplicates`` lists them for a maintainer to decide.  ``defined``: an item
    defines ``name`` as an acronym's long form ("Meta Context Engineering (MCE)"): a named
    technique, not a narrower wording of the broader term, so it does not join it (its acronym
    would become an alias of the broader term, a wrong expansion)."""

    if not is_near_duplicate(name, canon, rule):
        return False
    a, b = name.split("-"), canon.split("-")
    if len(a) == 1 or len(b) == 1 or Levenshtein.distance(name, canon) < rule.min_edit_distance:
        return True
    if set(a) == set(b):
        return True
    if len(a) == len(b) + 1 and a[:-1] == b and vague_head(a[-1]):
        return True  # "low-code application" is low code: a vague head adds no idea
    if _unscoped(a) == b or _unscoped(b) == a:
        return True  # "AI Act" / "EU AI Act": a jurisdiction scopes the idea, either one names it first
    return len(b) < len(a) and a[-len(b):] == b and not defined  # only the narrower joins the broader


def vague_head(word: str) -> bool:
    """A vague noun (``lexicon.GENERIC``: "application", "system") that is no method's head: "an
    evaluation of hybrid retrieval" is another idea than hybrid retrieval."""
    return word in lexicon.GENERIC and word not in lexicon.METHOD_HEADS


def _own_blocks(name: str) -> list[str]:
    words_ = name.split("-")
    out = ["f:" + "".join(words_), "s:" + " ".join(sorted(words_)), "h:" + name]
    if len(words_) >= 2:
        out += [f"d{i}:" + "-".join(words_[:i] + [w[:5]] + words_[i + 1 :]) for i, w in enumerate(words_)]
    return out + ["j:" + "-".join(_unscoped(words_))]


def _unscoped(words_: list[str]) -> list[str]:
    """A name's words without the jurisdictions that open it ("eu-ai-act": ai, act), when two
    words or more remain: a place or the body that governs it scopes an idea, it is not another
    one (README: places are not concepts)."""
    i = 0
    while len(words_) - i > 2 and wordnet.is_jurisdiction(words_[i]):
        i += 1
    return words_[i:]


def _probe_blocks(name: str, own: list[str] | None = None) -> list[str]:
    """A separator-free twin, a reordering, a derivation of one word, or a
    shorter term this one ends with (its head).  ``own``: ``_own_blocks(name)``, when known."""
    words_ = name.split("-")
    own = _own_blocks(name) if own is None else own
    # _own_blocks is [twin, reordering, "h:" + name] + the derivations (two words or more) + the unscoped name
    out = own[:2] + own[3:]
    out += ["h:" + "-".join(words_[i:]) for i in range(1, len(words_) - 1)]
    if len(words_) > 1 and vague_head(words_[-1]):
        out.append("h:" + "-".join(words_[:-1]))  # "low-code-application" meets "low-code"
    return out


def _absorb(target: CandidateGroup, source: CandidateGroup, facet: bool = False) -> None:
    """``facet``: the source names what happens to the target ("GitHub Actions workflow"), so
    its earliest item does not name or label the target, whichever came first."""
    for slug, score in source.items.items():
        target.items[slug] = target.items.get(slug, 0.0) + score
    target.focus |= source.focus
    # A narrower term merged in ("bounded use case" into "use case") lends its
    # items, not its words: as an alias it would make "bounded" reach the node.
    if not set(source.key.split(" ")) > set(target.key.split(" ")):
        target.surfaces.update(source.surfaces)
    target.keys |= source.keys | {source.key}
    if source.first and (not target.first or source.first < target.first) and not facet:
        target.first, target.first_surfaces = source.first, source.first_surfaces
    target.name = ""  # more surfaces: choose again
    target.flags |= source.flags & ~PLAIN


def group_label(group: CandidateGroup) -> str:
    """The display form the earliest item writes (most written there); an expansion before its
    acronym.  Not the corpus majority: a label must not flip when a majority shifts."""
    surfaces = group.first_surfaces or group.surfaces
    if not surfaces:
        return group.key
    first = min(surfaces.items(), key=_surface_rank)[0]  # the rank is a total order
    # whether it is a name is read from every item's spelling, as the aliases' display (``vocab``)
    return display_alias(first, first in written_names(group.surfaces))


#: The lower-case words a name capitalised word by word holds ("Bank of England").
_NAME_CONNECTIVES = frozenset({"and", "of", "for", "the", "&"})


def written_names(surfaces: Iterable[str]) -> frozenset[str]:
    """The surfaces of a group that are names: two words or more, an acronym among them, every other word
    capitalised ("EU AI Act", "Claude iOS", "iOS Shortcuts"), and no surface of the same words writes
    them in lower case.  The display lowers a capitalised word because headings capitalise common
    phrases ("MCP Server" over the body's "MCP server"); where no item ever writes the phrase in lower
    case, its capitals are the name's, as a brand's are.  The items' own spelling decides, no list.
    Empty where the group has an acronym's short form ("GenAI" beside "Generative AI"): a definition
    capitalises the long form it spells out whatever it names ("Continuous Integration (CI)")."""
    capitalised: dict[str, list[str]] = defaultdict(list)
    lowered: set[str] = set()
    surfaces = list(surfaces)
    if any(map(is_lone_acronym, surfaces)):
        return frozenset()
    for surface in surfaces:
        parts = [p for p in re.split(r"[\s-]+", surface) if p]
        if len(parts) < 2:
            continue
        plain = [p for p in parts if not is_acronym(p) and p.lower() not in _NAME_CONNECTIVES]
        key = term_key(surface)  # singular, any case: "GitHub Issues" meets "GitHub issue"
        if plain and any(map(is_acronym, parts)) and all(p[:1].isupper() for p in plain):
            capitalised[key].append(surface)
        else:
            lowered.add(key)
    return frozenset(s for key, named in capitalised.items() if key not in lowered for s in named)


def _surface_rank(kv: tuple[str, int]) -> tuple[bool, int, int, str]:
    return is_lone_acronym(kv[0]), -kv[1], len(kv[0]), kv[0]


def is_lone_acronym(surface: str) -> bool:
    """One word written as an acronym ("MCP"): a surface a long form outranks as a name."""
    return " " not in surface and "-" not in surface and is_acronym(surface)


def group_name(group: CandidateGroup) -> str:
    """The group's node name: the pinned one, else the one ``_choose_name`` picks, chosen once and kept."""
    if group.pinned:
        return group.pinned
    if not group.name:
        group.name = _choose_name(group)
    return group.name


_CAPITALISED = re.compile(r"[A-Z][\w']*(?:[\s-]+[A-Z][\w']*)+")


def _kept_plurals(surface: str, group: CandidateGroup) -> frozenset[int]:
    """The plurals the name keeps as written: a plural in a modifier or after "of" ("fundamentals
    first", "bill of materials": English writes a modifier singular, so a plural one is fixed),
    and the head of a name capitalised word by word that no ordinary English word opens
    ("Amazon Web Services"; not "Knowledge Graphs", a heading's capitals), or whose acronym
    spells the plural itself ("MLOps": ``acronyms.acronym_spells_plural``) - unless any
    surface of the group writes that word singular ("knowledge graphs" / "knowledge graph")."""
    ws = words(surface)
    plurals = {i for i, w in enumerate(ws) if singular(w) != w}
    if not plurals or len(ws) < 2:
        return frozenset()
    head = next((i - 1 for i, w in enumerate(ws) if i and w in POSTMODIFIER), len(ws) - 1)
    if ((not _CAPITALISED.fullmatch(surface.strip()) or wordnet.is_ordinary(ws[0]))
            and not acronym_spells_plural(ws[head], group.surfaces)):
        plurals.discard(head)  # "Knowledge Graphs" is a heading's capitals, not a name
    for other in group.surfaces:
        written = words(other)
        if len(written) == len(ws):
            plurals -= {i for i in plurals if written[i] == singular(ws[i])}
    return frozenset(plurals)


def _choose_name(group: CandidateGroup) -> str:
    """From the earliest item's surfaces (see ``group_label``), then everyone's."""
    surfaces = group.first_surfaces or group.surfaces
    if surfaces:  # nearly always the best-ranked surface: no sort for it
        surface = min(surfaces.items(), key=_surface_rank)[0]
        name = canonical_name(surface, _kept_plurals(surface, group))
        if name and term_key(surface) == group.key:
            return name
    ranked = sorted(surfaces.items(), key=_surface_rank) + sorted(group.surfaces.items(), key=_surface_rank)
    for surface, _count in ranked:
        name = canonical_name(surface, _kept_plurals(surface, group))
        if name and term_key(surface) == group.key:
            return name
    # No surface spells the group's key: items that write only an acronym the shared map expands
    # ("IP" for "intellectual property").  The key names it, so the name does not depend on
    # whether the item that spelled it out is still in the corpus (a vocabulary that stays put).
    return canonical_name(group.key) or (canonical_name(ranked[0][0]) if ranked else group.key.replace(" ", "-"))
