"""Acronyms written as the genre of one compound: "the GitHub API", "the Agents SDK", "custom GPTs".

An item that writes an acronym, most of the times it writes it, directly after one and the same word
names that compound's thing, not the acronym's expansion: "Agents SDK" is a product (its kit is the
genre), "custom GPT" an OpenAI feature (not the idea of a generative pre-trained transformer), "shadow
IT" an idea of its own (not information technology), "NIST SP" a series.  The acronym is then the
genre after a name, as "API" is in "the Gemini API" (``nesting``, which reads capitalised names only,
and only in the dense zones): so it is none of the item's terms, nor is its expansion, wherever the
item defines it.  Read per item, from its own text (the title and the body), never a corpus count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from kgsync.extract import lexicon
from kgsync.extract.canonical import is_acronym
from kgsync.extract.designations import wanted_runs

#: The fewest uses of an acronym whose majority says anything: under five, one repeated phrase
#: ("the MCP SDK" twice in three uses) is the item's wording, not its meaning.
MIN_USES = 5
#: The characters of the word before an acronym after its first letter: letters, digits, dots, hyphens,
#: underscores or apostrophes ("GitHub", "Fly.io", "fine-grained", "Supadata's").
_IN_WORD = frozenset(".'\u2019-_")
#: The longest word before an acronym that is read (a longer run of letters is no word of a name).
_MAX_WORD = 59
#: What may wrap the word before (markup left by cleaning, quotes): not part of the word.
_WRAPPING = "*_`\"'([\u2018\u201c"
#: What may not follow the acronym: a hyphen (a designation, "GPT-4o", or a compound, "API-first").
_JOINS = frozenset("-")


def genre_only(text: str, keys: Sequence[str], runs: Iterable[tuple[int, int]] | None = None) -> tuple[str, ...]:
    """The acronym keys of ``keys`` that ``text`` writes, in capitals, at least ``MIN_USES`` times as
    a word of their own (a designation, "GPT-4", is not counted: ``designations``), more than half
    of those times directly after one and the same word that is neither a stopword nor an acronym
    ("Agents SDK", "custom GPTs"; not "AI RMF").  ``runs``: ``designations.capitalised_runs(text)``, when
    the caller has them (``item_text``)."""
    wanted = {key.lower() for key in keys if key.isascii() and key.isalpha()}
    if not wanted:
        return ()
    uses: Counter[str] = Counter()
    before: dict[str, Counter[str]] = {}
    # One pass over the words written like an acronym (``designations.capitalised_runs``), not a
    # case-blind regex of every key over the whole text (0.31 CPU s on the 220 items against 0.15).
    for start, end, written, key in wanted_runs(text, wanted, runs):
        if (start and text[start - 1] == "-") or text[end:end + 1] in _JOINS or not is_acronym(written):
            continue  # a piece of a hyphenated word or a designation ("GPT-4"), or no acronym ("Gpt")
        uses[key] += 1
        raw = _word_before(text, start).strip(_WRAPPING)
        if raw:
            opener = raw.lower()
            # An acronym before it makes a chain of acronyms ("AI RMF", "NIST SP", "MCP SDK"): a name read
            # as a whole elsewhere (the acronym map, designations), as ``nesting`` reads no acronym as a name.
            if opener and opener not in lexicon.STOPWORDS and not is_acronym(raw):
                before.setdefault(key, Counter())[opener] += 1
    return tuple(key for key in keys
                 if uses[key] >= MIN_USES and key in before and 2 * before[key].most_common(1)[0][1] > uses[key])


def chained_only(text: str, keys: Sequence[str], runs: Iterable[tuple[int, int]] | None = None) -> tuple[str, ...]:
    """The acronym keys of ``keys`` that ``text`` writes, in capitals, as a word of their own (not in
    a hyphenated word nor a designation, as ``genre_only`` reads them), and every time directly after
    another acronym: "RMF" written only in "AI RMF" and "NIST AI RMF".  Such an acronym is the last
    piece of a longer name, which the item names (its whole is a candidate of its own, "ai rmf"), not
    a thing of its own: the bare "RMF" would also name NIST SP 800-37's framework, which the item
    never means.  The caller leaves out the acronyms the item defines alone ("Risk Management
    Framework (RMF)"): a definition makes the acronym the item's word.  Read from the item's own
    text only.  ``runs``: ``designations.capitalised_runs(text)``, when the caller has them."""
    wanted = {key.lower() for key in keys if key.isascii() and key.isalpha()}
    if not wanted:
        return ()
    uses: Counter[str] = Counter()
    chained: Counter[str] = Counter()
    for start, end, written, key in wanted_runs(text, wanted, runs):
        if (start and text[start - 1] == "-") or text[end:end + 1] in _JOINS or not is_acronym(written):
            continue
        uses[key] += 1
        raw = _word_before(text, start).strip(_WRAPPING)
        if raw and is_acronym(raw) and raw.lower() != key:
            chained[key] += 1
    return tuple(key for key in keys if uses[key] and chained[key] == uses[key])


def _word_before(text: str, start: int) -> str:
    """The word written one space before ``start``: from its first letter (what wraps it, a quote or a
    parenthesis, left out) to the space; "" when none is."""
    end = start - 1
    if end < 1 or text[end] not in " \u00a0":
        return ""
    first = end
    floor = max(0, start - 1 - _MAX_WORD)
    while first > floor and (text[first - 1].isalnum() or text[first - 1] in _IN_WORD):
        first -= 1
    while first < end and not (text[first].isalpha()):
        first += 1  # the word starts at its first letter
    return text[first:end]
