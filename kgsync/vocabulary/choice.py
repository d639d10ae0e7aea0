"""Hubs and each item's local choice of its terms (``local_choice``): salience inside the item, never a corpus count."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Container, Iterable, Mapping, Sequence, Set

from kgsync.extract import wordnet
from kgsync.extract.mining import ACRONYM, DEFINED, DENSE, FREE, PLAIN, STATED, TITLE
from kgsync.read.config import Caps, Mining
from kgsync.vocabulary.groups import CandidateGroup
from kgsync.vocabulary.terms import TermKind


#: Hysteresis (docs/LOCALITY.md): when the last build's hubs are known, a hub leaves the stoplist
#: only below this share of ``mining.max_item_share``, and another term enters only above
#: ``HUB_ENTER_RATIO`` of it; so a term near the limit does not flip as items come and go (one
#: deleted item lowers the limit for every term).  A first build uses the share itself.
HUB_LEAVE_RATIO = 0.75


HUB_ENTER_RATIO = 1.25


def group_is_hub(group: CandidateGroup, g: str, n_items: int, mining: Mining, previous_hubs: frozenset[str] | None) -> bool:
    """A corpus stopword (``is_hub``); a pinned term never is one."""
    return not group.pinned and is_hub(g, len(group.items), n_items, mining, previous_hubs)


def is_hub(g: str, count: int, n_items: int, mining: Mining, previous_hubs: frozenset[str] | None) -> bool:
    """Whether group ``g`` on ``count`` of ``n_items`` items is a corpus stopword: on more than the
    hub share of the items (and more than ``min_items``); with the last build's hubs known, a hub
    stays one until it falls below ``HUB_LEAVE_RATIO`` of that share and another term enters only
    above ``HUB_ENTER_RATIO`` of it."""
    ratio = 1.0 if previous_hubs is None else HUB_LEAVE_RATIO if g in previous_hubs else HUB_ENTER_RATIO
    share = mining.max_item_share * ratio
    return count > max(share * n_items, mining.min_items)


def local_choice(ranked: Iterable[tuple[float, str]], own_flags: Mapping[str, int],
                  is_pinned: Callable[[str], bool], kind: Callable[[str], TermKind], caps: Caps,
                  hubs: Set[str], theme_pins: Container[str] = frozenset()) -> list[str]:
    """One item's terms, from its own candidates only: its most salient terms that its own
    mining does not mark plain (an ordinary single word) nor writes only as a named product's
    part outside its title ("the Gemini API": no ``flags.FREE``), strongest first, then by key; at most
    ``caps.concepts`` concepts and ``caps.methods`` methods; never two where one contains
    the other.  Whether a term recurs elsewhere never moves it up or down (locality).

    Beyond those caps it also takes each term it defines as an acronym and states
    (``defined_and_stated``): the item's own evidence that the phrase is a term it addresses,
    which a fixed number of slots ranked by salience alone gave to its title's fragments.

    A pinned term (``kgsync-vocab.yml``) the item names is chosen first, whatever the caps: the
    maintainers' pin is honoured on every item that names it (its summary parts do), and the
    mined terms fill the slots it leaves.  A pin a theme's node stands for (``theme_pins``:
    ``PinnedVocabulary.theme_keys``) leaves them all: it is written as that node, which the item
    links beyond its caps as it links a theme it carries (``graph.terms``), so it costs the item
    none of its own terms."""
    ranked = sorted(ranked)
    inside = _InsideLonger(ranked)
    chosen: list[str] = []
    counts = {TermKind.CONCEPT: 0, TermKind.METHOD: 0}
    limits = {TermKind.CONCEPT: caps.concepts, TermKind.METHOD: caps.methods}
    for _score, g in ranked:
        if is_pinned(g) and g not in hubs and not any(_nested(g, other) for other in chosen):
            chosen.append(g)
            if g not in theme_pins:
                counts[kind(g)] += 1
    filled = all(counts[k] >= limits[k] for k in counts)  # then only a term beyond the caps may come
    for score, g in ranked:
        flags = own_flags.get(g, 0)
        if filled and not flags & DEFINED:
            continue  # the caps are full: only a defined term may still come (a quick test first)
        if g in hubs or is_pinned(g):
            continue
        if flags & PLAIN:
            continue  # an ordinary single word names no idea on its own
        if not flags & DEFINED and wordnet.is_everyday(g):
            continue  # an acronym of an everyday compound ("UI": user interface; ``idea.is_everyday_word``)
        if flags & DENSE and not flags & (FREE | TITLE):
            continue  # only ever a named product's part ("the OpenAI Agents SDK": ``extract.nesting``)
        # Nearly always inside one longer term of this item ("large language" in "large
        # language model"): the longer one names the idea.
        if not flags & (ACRONYM | DEFINED) and inside.score(g) >= SUBSUMED_SHARE * -score:
            continue
        term_kind = kind(g)
        full = counts[term_kind] >= limits[term_kind]
        if full and not defined_and_stated(g, flags):
            continue
        if any(_nested(g, other) for other in chosen):
            continue
        chosen.append(g)
        if not full:
            counts[term_kind] += 1
            filled = all(counts[k] >= limits[k] for k in counts)
    return chosen


def titled_parts(ranked: Iterable[tuple[float, str]], own_flags: Mapping[str, int], chosen: Sequence[str],
                 hubs: Set[str], is_pinned: Callable[[str], bool]) -> list[str]:
    """The terms an item names in its title and states (its question or summary: ``STATED``; not only as a
    named product's part: ``FREE``) that its choice (``chosen``) left out, strongest first: the item's own
    statement of its subject ("ServiceNow CSDM: ..." asking how to model data "in ServiceNow").  The choice
    leaves such a term out mostly as a part of a longer term it took ("servicenow csdm", "minimum viable
    kill switch"), which only that item chooses and so is no node: the item then linked neither.  These
    link the term's node beyond the caps when other items' own choices make it one (``vocab``), and
    never make a node themselves.  From the item's own candidates only (locality); a hub, a pinned term,
    an ordinary single word or an everyday compound is none, as in ``local_choice``, and a term holding
    one the item chose is not its part."""
    out: list[str] = []
    for _score, g in sorted(ranked):
        flags = own_flags.get(g, 0)
        if not (flags & TITLE and flags & STATED and flags & FREE) or g in chosen:
            continue
        if g in hubs or is_pinned(g) or flags & PLAIN or (not flags & DEFINED and wordnet.is_everyday(g)):
            continue
        if any(_nested(g, other) and len(other) <= len(g) for other in (*chosen, *out)):
            continue  # it holds a term taken already: that one names the idea
        out.append(g)
    return out


def defined_and_stated(g: str, flags: int) -> bool:
    """Whether an item links term ``g`` (its candidate ``flags``) beyond its caps: an acronym it defines
    ("Resource Description Framework (RDF)": ``DEFINED``) and writes where it states its subject (its
    question or summary: ``STATED``), unless WordNet lists the expansion as a compound of general
    English ("information technology": an everyday thing, as a hub that is one is no node)."""
    return bool(flags & DEFINED and flags & STATED) and not wordnet.is_noun_compound(g)


#: A term whose item writes it inside a longer term of its own at least this strongly is that longer term's part.
SUBSUMED_SHARE = 0.75


class _InsideLonger:
    """group key -> the strongest score (positive) of a longer term of the same item that contains
    it, word for word (0.0: none).  Asked only for the few terms that pass the choice's other
    tests, so it looks them up one at a time instead of listing every part of every term (that
    was a third of the choice): ``ranked`` is strongest first, so the first container found is
    the strongest.

    The longer terms are one text, each as " key ", NUL apart (in no key), searched in C
    (``str.find``): a match lies within one of them, whole words, and the first is the strongest.
    (A loop testing ``in`` on each term was the choice's largest cost.)"""

    def __init__(self, ranked: Sequence[tuple[float, str]]) -> None:
        # each term of two words or more (only those contain another), strongest first
        longer = [(neg_score, f" {g} ") for neg_score, g in ranked if " " in g]
        self._text = "\0".join(spaced for _neg, spaced in longer)
        self._starts: list[int] = []  # where each one starts in ``_text``
        at = 0
        for _neg, spaced in longer:
            self._starts.append(at)
            at += len(spaced) + 1
        self._lengths = [len(spaced) for _neg, spaced in longer]
        self._scores = [max(-neg_score, 0.0) for neg_score, _spaced in longer]

    def score(self, g: str) -> float:
        spaced = f" {g} "
        at = self._text.find(spaced)
        while at >= 0:
            index = bisect_right(self._starts, at) - 1
            if self._lengths[index] != len(spaced):  # more words than ``g``: not ``g`` itself
                return self._scores[index]
            if index + 1 == len(self._starts):
                break
            at = self._text.find(spaced, self._starts[index + 1])
        return 0.0


def salience_weight(key: str, pinned: bool) -> float:
    """What an item's salience of a term is multiplied by when it ranks its terms."""
    return _length_factor(key) * (1.5 if pinned else 1.0)


def _length_factor(key: str) -> float:
    n = key.count(" ") + 1
    return (0.7, 1.0, 1.0, 0.85)[min(n, 4) - 1]


def _nested(a: str, b: str) -> bool:
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "
