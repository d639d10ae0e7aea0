"""Acronyms written as units of measure: "1.5 GB", "16 GB RAM", "100 GB/month".

An item that writes an acronym in capitals only directly after a number measures something in it: the
letters are a unit there ("GB": gigabytes), not a name whose expansion the item means.  The shared
acronym map knows only what some item defined ("Great Britain (GB)", in an item on customer
satisfaction), and it would lend that meaning to every item that writes the letters and defines none
(``vocabulary.acronym_index.item_acronyms``): so such an acronym is none of the item's terms and takes
no expansion, as an acronym written only inside a designation ("ISO/IEC 42001": ``designations``).
A count is a number before the plural ("3 LLMs"), and an item that counts a thing writes its name
bare elsewhere too: only an acronym written after a number every time is read as a unit.  Read per
item, from its own text (the title and the body), never a corpus count."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from kgsync.extract.canonical import is_acronym
from kgsync.extract.designations import wanted_runs

#: A number ending right before the acronym, after one space or none: "1.5 GB", "16GB", "~1,000 TB"; not
#: a name's digit ("ARM A1 VM").
_NUMBER_BEFORE = re.compile(r"(?<![^\W\d_])\d(?:[\d.,]*\d)?[ \u00a0]?$")
#: How far back the number is looked for: a long number and a space.
_LOOK_BACK = 40
#: A digit (``\d``: any decimal digit, as ``_NUMBER_BEFORE``'s) where that number's last may be.
_DIGIT_CLOSE = re.compile(r"\d")


def unit_only(text: str, keys: Sequence[str], runs: Iterable[tuple[int, int]] | None = None) -> tuple[str, ...]:
    """The acronym keys of ``keys`` that ``text`` writes, in capitals, only directly after a number
    (a plural "s" allowed): units of measure there ("16 GB").  ``runs``:
    ``designations.capitalised_runs(text)``, when the caller has them (``item_text``)."""
    wanted = {key.lower() for key in keys if key.isascii() and key.isalpha()}
    if not wanted:
        return ()
    used: set[str] = set()
    bare: set[str] = set()  # written once not after a number: no unit, whatever its other uses
    for start, _end, written, key in wanted_runs(text, wanted, runs):
        if key in bare or not is_acronym(written):
            continue
        used.add(key)
        # The number ends at most three characters before the acronym (a digit, a space, a line's end:
        # ``$`` matches before a last newline): a C test of those first, the pattern's 40 tries only then.
        if not _DIGIT_CLOSE.search(text, max(0, start - 3), start) or \
                not _NUMBER_BEFORE.search(text, max(0, start - _LOOK_BACK), start):
            bare.add(key)
    return tuple(key for key in keys if key.lower() in used and key.lower() not in bare)
