"""Acronyms written as the genre of one compound: "the GitHub API", "the Agents SDK", "custom GPTs".

An item that writes an acronym, most of the times it writes it, directly after one and the same word
names that compound's thing, not the acronym's expansion: "Agents SDK" is a product (its kit is the
genre), "custom GPT" an OpenAI feature (not the idea of a generative pre-trained transformer), "shadow
IT" an idea of its own (not information technology), "NIST SP" a series.  The acronym is then the
genre after a name, as "API" is in "the Gemini API" (``nesting``, which reads capitalised names only,
and only in the dense zones): so it is none of the item's terms, nor is its expansion, wherever the
item defines it.  Read per item, from its own text (the title and the body), never a corpus count."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from kgsync.extract import lexicon
from kgsync.extract.canonical import is_acronym

#: The fewest uses of an acronym whose majority says anything: under five, one repeated phrase
#: ("the MCP SDK" twice in three uses) is the item's wording, not its meaning.
MIN_USES = 5
#: The word before an acronym: letters first, then letters, digits, dots, hyphens or apostrophes
#: ("GitHub", "Fly.io", "fine-grained", "Supadata's"), one space between it and the acronym.
_WORD_BEFORE = re.compile(r"([^\W\d_][\w.'\u2019-]*)[ \u00a0]$")
#: What may wrap the word before (markup left by cleaning, quotes): not part of the word.
_WRAPPING = "*_`\"'([\u2018\u201c"


def genre_only(text: str, keys: Sequence[str]) -> tuple[str, ...]:
    """The acronym keys of ``keys`` that ``text`` writes, in capitals, at least ``MIN_USES`` times as
    a word of their own (a designation, "GPT-4", is not counted: ``designations``), more than half
    of those times directly after one and the same word that is neither a stopword nor an acronym
    ("Agents SDK", "custom GPTs"; not "AI RMF")."""
    wanted = [key for key in keys if key.isascii() and key.isalpha()]
    if not wanted:
        return ()
    pattern = re.compile(r"(?<![\w-])(?i:" + "|".join(map(re.escape, sorted(wanted, key=len, reverse=True)))
                         + r")s?(?![\w-])")
    uses: Counter[str] = Counter()
    before: dict[str, Counter[str]] = {}
    for match in pattern.finditer(text):
        written = match.group()
        if not is_acronym(written):
            continue
        key = written.lower()
        if key not in wanted and key.endswith("s"):
            key = key[:-1]
        uses[key] += 1
        word = _WORD_BEFORE.search(text, max(0, match.start() - 60), match.start())
        if word:
            raw = word.group(1).strip(_WRAPPING)
            opener = raw.lower()
            # An acronym before it makes a chain of acronyms ("AI RMF", "NIST SP", "MCP SDK"): a name read
            # as a whole elsewhere (the acronym map, designations), as ``nesting`` reads no acronym as a name.
            if opener and opener not in lexicon.STOPWORDS and not is_acronym(raw):
                before.setdefault(key, Counter())[opener] += 1
    return tuple(key for key in wanted
                 if uses[key] >= MIN_USES and key in before and 2 * before[key].most_common(1)[0][1] > uses[key])
