"""Which candidates an item writes only as modifiers: "multi-step reasoning", "a regulated enterprise".

Two shapes of phrase describe which thing is meant and name none (issue 21):

* a hyphenated compound whose first part is a combining prefix or a quantity ("multi-step",
  "single-agent", "cross-region") that the item writes only *attributively*: directly before
  another word of the same word run ("multi-step reasoning", "single-agent systems"), never as
  a head, that is never before a break of the run (``phrases.is_break``: a stopword, a verb the
  lexicon knows, punctuation, the end of a line).  Written so, the compound is an adjective: it
  qualifies the noun after it, and the noun phrase, not the compound, is the item's term.  A
  gerund after the prefix ("pre-training") and a compound WordNet lists as a noun
  ("cross-reference") are nouns themselves and are left alone.  ``attributive_only(text,
  surfaces)`` reads the item's own text only (an item's contribution is its own);
* a past participle opening a phrase whose head is an organisation ("regulated enterprise",
  "regulated financial institution"), WordNet's ``party`` class (``wordnet.is_party``; the head is
  the compound WordNet lists at the phrase's end, if any: not "intelligence" in "hosted artificial
  intelligence").  The participle says which organisations, as a relative clause would
  ("enterprises that are regulated"): it describes, it names no idea.  Persons are left out:
  "critic", "classifier", "verifier" are parts of methods too ("learned critic").  Names written
  with capitals ("United Nations") and defined long forms are names (``described_party``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from kgsync.extract import lexicon, wordnet
from kgsync.extract.canonical import CLOSED_PREFIXES
from kgsync.extract.phrases import TOKEN_OR_BREAK, is_break

#: The first parts that make a hyphenated modifier: canonical's combining prefixes ("multi-",
#: "inter-", "sub-"), the other prefixes people hyphenate ("cross-", "self-", "non-") and the
#: quantity words a compound of number opens with ("single-agent", "dual-use", "zero-trust").
PREFIXES = CLOSED_PREFIXES | {"cross", "self", "non", "single", "dual", "double", "mono", "uni", "poly", "tri", "zero", "few", "many"}


def prefixed(surface: str) -> bool:
    """Is ``surface`` one hyphenated word of two parts, a prefix or a quantity first and no gerund last?"""
    first, hyphen, last = surface.lower().partition("-")
    return (bool(hyphen) and first in PREFIXES and last.isalpha() and len(last) >= 3
            and not last.endswith("ing") and " " not in surface)


def attributive_only(text: str, surfaces: Mapping[str, Mapping[str, int]], lower: str | None = None) -> set[str]:
    """The keys of ``surfaces`` (key -> surface -> count) that are prefixed compounds (``prefixed``)
    which ``text`` writes at least once and always directly before another word of its run.
    ``lower``: ``text.lower()``, when the caller has it (``item_text``)."""
    wanted = {surface.lower(): key for key, written in surfaces.items()
              if written and all(map(prefixed, written)) and not wordnet.is_noun_compound(key) for surface in written}
    if not wanted:
        return set()
    low = text.lower() if lower is None else lower
    if len(low) != len(text):  # a letter whose lower case is longer ("\u0130"): keep it, so indices match ``text``
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    seen: set[str] = set()
    heads: set[str] = set()
    for surface, key in wanted.items():
        at = low.find(surface)
        while at >= 0:  # str.find runs in C: a regex over the whole body per surface cost more
            end = at + len(surface)
            if (at == 0 or not _in_word(low[at - 1])) and (end == len(low) or not _in_word(low[end])):
                seen.add(key)
                following = TOKEN_OR_BREAK.search(text, end)
                if following is None or "\n" in text[end:following.start()] or is_break(following.group()):
                    heads.add(key)  # a head: the run ends with it
            at = low.find(surface, end)
    return seen - heads


def _in_word(char: str) -> bool:
    return char.isalnum() or char in "-_"


def described_party(kws: Sequence[str], written: Sequence[str]) -> bool:
    """"regulated enterprise": a past participle opening a phrase whose head is an organisation or a
    person (``wordnet.is_party``), not written as a name (in every surface: every word capitalised, or an inner capital)."""
    if len(kws) < 2 or not _past_participle(kws[0]):
        return False
    # the head is the compound WordNet lists at the end ("financial institution", "artificial intelligence")
    tail = " ".join(kws[-2:])
    if not wordnet.is_party(tail if len(kws) > 2 and wordnet.is_noun_compound(tail) else kws[-1]):
        return False
    return not written or not all(map(_named, written))


def _past_participle(word: str) -> bool:
    """As ``idea._participle``: "regulated", not "speed" (``lexicon.ED_NOUNS``)."""
    return word.endswith("ed") and len(word) > 4 and word.isalpha() and word not in lexicon.ED_NOUNS


def _named(surface: str) -> bool:
    parts = [p for p in re.split(r"[\s-]+", surface) if p]
    # every word capitalised, or a word with a capital after lower case ("GitHub"; not an acronym, "AI")
    return all(p[:1].isupper() for p in parts) or any(not p.isupper() and any(c.isupper() for c in p[1:]) for p in parts)

