"""Does a term candidate name an idea?  ``names_an_idea`` and the tests it is made of, by the
candidate's own words and how its item writes it (per item: ``mining`` asks them of every candidate)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence, Set
from itertools import chain

from kgsync.extract import attributive, lexicon, wordnet
from kgsync.extract.canonical import CLOSED_PREFIXES, is_acronym, term_key
from kgsync.extract.flags import ACRONYM, DEFINED, EMPHASISED, UNIT


def names_an_idea(key: str, surfaces: Sequence[tuple[str, int]], flags: int, protocols: Set[str] = frozenset()) -> bool:
    """Does a candidate name an idea, by its own words and how the item writes it?

    General rules (word classes from ``lexicon``, no list of bad terms); the
    maintainers' pinned terms still come through (``vocab`` finds pinned phrases in
    the dense text), and their stoplist removes the rest:

    * a vague noun qualified only by evaluative or descriptive words is discourse, not a topic:
      "real problem", "viable approach", "key challenge", "highest value", "immediate task",
      "prior research" (a descriptive adjective: ``wordnet.is_qualifier``), unless the item defines it as
      an acronym's long form, as below: "Continuous Integration (CI)", "Net Present Value (NPV)" are
      named ideas (topics17: of the 220 items, 9 define "continuous integration", named by 27); a
      relational adjective is no descriptive one ("financial services", "operational risk": a kind,
      ``names_a_kind``, a topic phrase only);
    * vague nouns together say nothing either ("use case", "research output", "completed
      research item"), unless the item defines them as an acronym's long form (a named idea), or
      writes the two as one unit ("access-control policies"): then a topic phrase only, which the
      corpus must share (``names_a_joined_pair``);
    * a prefixed compound is the part of speech of its last part: "pre-existing" is
      an adjective, however the prefix closes up; a "non-" compound only qualifies;
    * the same holds for a vague noun or an organisation qualified by a participle ("completed item", "regulated
      enterprise": ``attributive``) or only by an acronym ("AI capability": the acronym is the term); and the item
      layout's own section names ("executive summary") are about the item, not its subject;
    * a name written in capitals throughout is a publication, product or body, not a
      method, even when its last word is a method's ("Harvard Business Review"); and a
      lone method word ("synthesis") names an activity, not a method;
    * the repository's own bookkeeping is not a subject: a phrase made only of the item
      format's words ("research backlog", "research corpus", "executive summary");
    * a file format or a transfer protocol written as an acronym is plumbing, not a topic:
      "JSON" (``lexicon.FILE_FORMATS``, the standard library's media types), "HTTP" (a
      ``protocols`` of the item's own links, ``markup.link_protocols``);
    * a noun qualifying a vague noun ("governance model", "enterprise environment") describes
      unless the item writes the pair as one unit (``units``: "access-control policies", "the
      Memory-System design", a name like "GitHub Actions"), defines or emphasises it (a method's
      head aside: "code review" names a procedure);
    * a vague method noun qualified only by another activity ("audit review", "compression
      technique", "learning method") names a kind of procedure, not one.
    """
    kws = key.split(" ")
    # Each test below is asked only of the keys it can hold for (its first condition, inline): most
    # keys hold none, and a call per test was most of this function's time (tests/extract/test_idea.py
    # holds it equal to the test-by-test form).
    if (len(kws[0]) < 2 or kws[0].isdigit()) and all(len(w) < 2 or w.isdigit() for w in kws):
        return False  # notation ("N-1", "k 8"): no word of a name in it
    written = [surface for surface, _count in surfaces]
    one = len(kws) == 1
    if one and is_plumbing(key, written, protocols):
        return False  # before the acronym test: the item may well define it ("JSON (JavaScript ...)")
    if (is_everyday_word(key) or wordnet.is_place(key)
            or len(kws) == 2 and written and "-" in written[0] and is_participle_compound(key, written)):
        return False
    if flags & ACRONYM:
        return True
    modifiers, head = kws[:-1], kws[-1]
    if not one and (not _BOOKKEEPING_WORDS.isdisjoint(kws) and is_bookkeeping(key)
                    or head in _VAGUE_METHOD_HEADS and is_vague_method(key, flags)
                    or not flags & DEFINED and attributive.described_party(kws, written)):  # "regulated enterprise"
        return False
    if modifiers and head in lexicon.GENERIC:
        if not flags & DEFINED and _qualifies_only(modifiers, _descriptive_adjective):
            return False
        if (all(m in lexicon.GENERIC or _participle(m) for m in modifiers) and not flags & DEFINED
                and (len(kws) == 2 and not flags & UNIT or any(map(_participle, modifiers)))):
            return False  # "use case", "completed research item"; "policy decision point" names a thing
        if not flags & DEFINED and all(_written_as_acronym(m, written) for m in modifiers):
            return False
        if len(kws) == 2 and head not in lexicon.METHOD_HEADS and not flags & (DEFINED | EMPHASISED | UNIT) and not (
                lexicon.looks_adjective(modifiers[0]) or wordnet.is_modifier(modifiers[0])
                or any(map(_has_inner_capital, written))):
            return False  # a noun describing a vague noun, never written as one unit: "governance model"
    if len(kws) == 1:
        last_parts = {w.split()[-1].split("-")[-1].lower() for w in written}
        if any("-" in w for w in written) and all(lexicon.looks_adjective(p) for p in last_parts):
            return False
        if all(w.lower().startswith("non-") for w in written):  # a negation qualifies, never names
            return False
        if head in lexicon.METHOD_HEADS and not any(is_acronym(w) for w in written):
            return False
    elif head in lexicon.METHOD_HEADS and all(_capitalised(w) for w in written):
        return False
    return True


def is_everyday_word(key: str) -> bool:
    """A compound that WordNet lists as one everyday word ("user interface", "cross-reference",
    "source code"): a dictionary word names no research idea, like a plain single word, however
    an item capitalises it ("User Interface (UI)").  Names WordNet spells with capitals
    ("European Union") are not everyday words: organisations and products are concepts (README)."""
    return wordnet.is_everyday(key)


def is_participle_compound(key: str, written: Sequence[str]) -> bool:
    """"tool-using", "self-modifying", "rubber-stamping": one hyphenated word ending in a verb's
    "-ing" after a noun (not an adjective or adverb: "fine-tuning", "red-teaming" name methods)
    that WordNet does not list as a noun ("problem-solving").  It qualifies ("tool-using
    agents"): a fragment, neither a concept nor a method.  So is a noun before a participle of
    manner ("business-led", "data-driven": ``lexicon.MANNER``)."""
    if " " not in key or key.count(" ") > 1 or not written:
        return False
    first, last = key.split(" ")
    if not all("-" in w and " " not in w.strip() for w in written):
        return False
    if last in lexicon.MANNER:  # "business-led", "data-driven": an adjective ("business-led change")
        return True
    if not last.endswith("ing") or len(last) < 5 or last in lexicon.ING_NOUNS:
        return False
    return not wordnet.is_modifier(first) and not wordnet.is_noun_compound(key)


def is_plumbing(key: str, written: Sequence[str], protocols: Set[str] = frozenset()) -> bool:
    """A file format or a transfer protocol written as an acronym ("JSON", "PDFs", "HTTP")."""
    return (" " not in key and (key in lexicon.FILE_FORMATS or key in protocols)
            and all(map(in_capitals, written)))


def is_bookkeeping(key: str) -> bool:
    """A phrase made only of the item format's words ("research backlog"): about the item, not its
    subject.  So is a phrase about what is done with items ("cross-item integration", "item
    synthesis"): the unit items are kept in, qualified only by vague nouns, activities and prefixes."""
    kws = key.split(" ")
    if len(kws) < 2:
        return False
    if all(word in _LAYOUT_WORDS or word in _GRADES for word in kws):
        return True  # "executive summary", "medium confidence"
    return (not _STORE_WORDS.isdisjoint(kws)
            and all(w in _LAYOUT_WORDS or w in lexicon.GENERIC or w in lexicon.METHOD_HEADS or w in _CROSS
                    for w in kws))


def is_vague_method(key: str, flags: int = 0) -> bool:
    """A vague method noun qualified only by another activity ("audit review"): which procedure?"""
    *modifiers, head = key.split(" ")
    return (bool(modifiers) and head in _VAGUE_METHOD_HEADS and not flags & DEFINED
            and all(m in lexicon.METHOD_HEADS for m in modifiers))


#: The item format's own words: about the item itself, not its subject.  The sections an item is
#: read by (``items``), the frontmatter fields kgsync reads, the lifecycle the template's
#: ``status:`` walks (backlog to completed) and the units items are kept in.
_LAYOUT_WORDS = LAYOUT_WORDS = frozenset(chain.from_iterable(term_key(phrase).split(" ") for phrase in (
    "research question", "executive summary", "key findings",  # sections
    "title", "status", "themes", "completed", "confidence",  # frontmatter fields
    "backlog", "item", "corpus", "repository", "repo",  # where items are kept
)))


#: The values of the confidence field: "(medium confidence; source: ...)" grades a finding, it names nothing.
_GRADES = frozenset({"high", "medium", "low"})


#: The units items are kept in ("item", "corpus"): a phrase of them with activities is the loop's own work.
_STORE_WORDS = frozenset({"item", "corpus", "backlog", "repository", "repo"})


#: Prefixes that relate units ("cross-item", "inter-item"): canonical's closing prefixes and "cross".
_CROSS = CLOSED_PREFIXES | {"cross"}


#: Method heads that name a kind of activity, not a procedure ("review", "technique").
_VAGUE_METHOD_HEADS = lexicon.METHOD_HEADS & lexicon.GENERIC


#: A bookkeeping phrase holds one of these (``is_bookkeeping``).
_BOOKKEEPING_WORDS = _LAYOUT_WORDS | _STORE_WORDS


def names_a_kind(key: str, flags: int) -> bool:
    """A vague noun qualified only by descriptive words, one of them or more a relational adjective
    ("financial services", "operational risk", "structural limit"): mined (``names_an_idea``), but
    only a *topic* phrase when the corpus shares it (``vocabulary.topics``: 10 % name it, 5 % address
    it), not an item's own term competing for its concept slots: most such pairs an item writes are
    its discourse ("structural limit", "economic cost"; topics18: 462 new item terms on the 220 items,
    two of them shared as subjects).  The item's defined terms are its own ("Financial Services (FS)")."""
    kws = key.split(" ")
    modifiers = kws[:-1]
    return (bool(modifiers) and not flags & DEFINED and kws[-1] in lexicon.GENERIC
            and any(lexicon.looks_adjective(m) and wordnet.is_relational(m) for m in modifiers)
            and _qualifies_only(modifiers, lexicon.looks_adjective))


def names_a_joined_pair(key: str, flags: int) -> bool:
    """A pair opened by a word that opens no term (``lexicon.NOT_FIRST``), which mining takes only
    where the item joins the two with a hyphen (``phrases``: "least-privilege", "next-token",
    "hard-stop"): a *topic* phrase only when the corpus shares it, like a kind (``names_a_kind``),
    not an item's own term.  The hyphen shows a unit, not an idea: most such pairs one item writes
    are its discourse ("best-fit", "full-rebuild", "late-March"; 26 keys over the 220 research items,
    43 uses), and the corpus decides which it shares as a subject (10 % name it, ``mining.min_links``
    items address it).  A defined one ("Total Cost of Ownership (TCO)") is the item's own term.

    So is a pair of two vague nouns (``lexicon.GENERIC``) the item writes as one unit, with a hyphen
    or a capital (``flags.UNIT``: "access-control policies", "Data-Quality checks"): written apart,
    two vague nouns say nothing ("use case"), but joined the writer made them a unit, and the corpus
    decides whether it is a shared subject, at a vague head's 5 % (``vocabulary.topics``).  As an
    item's own term it would compete for the concept slots and push out its ideas (measured on the
    220 items: "escalation path", "application register" lost to "use case"; topics162)."""
    kws = key.split(" ")
    return not flags & DEFINED and len(kws) > 1 and (kws[0] in lexicon.NOT_FIRST or joined_vague_pair(key, flags))


def joined_vague_pair(key: str, flags: int) -> bool:
    """Two vague nouns (``lexicon.GENERIC``) written as one unit (``flags.UNIT``) and not defined:
    a topic phrase only (``names_a_joined_pair``), and no facet of a Scope, whose phrases are read
    as one unit by convention, not because a writer joined them (``vocabulary.facets``)."""
    kws = key.split(" ")
    return (not flags & DEFINED and len(kws) == 2 and bool(flags & UNIT)
            and kws[0] in lexicon.GENERIC and kws[1] in lexicon.GENERIC)


def _qualifies_only(modifiers: Sequence[str], adjective: Callable[[str], bool]) -> bool:
    """Is every modifier one that qualifies rather than names ("real", "highest", "completed", "prior")?
    ``adjective``: which adjectives count (``names_an_idea`` spares the relational ones, ``names_a_kind``
    asks for them)."""
    return all(m in lexicon.NOT_FIRST or adjective(m) or lexicon.is_superlative(m) or _participle(m)
               or wordnet.is_qualifier(m) for m in modifiers)


def _descriptive_adjective(word: str) -> bool:
    """An adjective that says how a thing is ("real", "viable"), not which field it belongs to: a
    relational adjective (WordNet's pertainym as its commonest sense: "financial", "operational")
    classifies a vague noun into a kind, as a noun before it would ("financial services",
    "operational risk"; topics18)."""
    return lexicon.looks_adjective(word) and not wordnet.is_relational(word)


def _participle(word: str) -> bool:
    """"completed", "shared": a past participle qualifies, it does not name."""
    return word.endswith("ed") and len(word) > 4 and word not in lexicon.ED_NOUNS


#: What splits a surface into its parts: spaces and hyphens.
_PARTS = re.compile(r"[\s-]+")


def _written_as_acronym(word: str, written: Sequence[str]) -> bool:
    """Is the key word ``word`` written in capitals ("AI" in "AI capabilities", not "GitHub") in every surface?"""
    return all(any(part.lower() == word and part.isupper() for part in _PARTS.split(w)) for w in written)


def in_capitals(surface: str) -> bool:
    """"JSON", "PDFs": an acronym, in the plural too.  Public: ``vocabulary.acronym_index`` reads an
    ordinary word written so ("NOTE") by the same test."""
    return surface.isupper() or (surface.endswith("s") and surface[:-1].isupper())


def _has_inner_capital(surface: str) -> bool:
    """"GitHub Actions": a word with a capital after lower case letters is a product's name."""
    return any(not part.isupper() and any(c.isupper() for c in part[1:]) for part in _PARTS.split(surface))


def _capitalised(surface: str) -> bool:
    parts = [p for p in _PARTS.split(surface) if p]
    return len(parts) > 1 and all(p[:1].isupper() for p in parts)
