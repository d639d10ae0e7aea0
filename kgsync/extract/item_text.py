"""One item's texts as mining's whole-text scans read them, each cut once (``mining.candidates``).

Six modules scan an item's whole text, each cutting it its own way: ``topics`` into lower-cased
word tokens (``topics._tokens``), ``names``, ``derived`` and ``plurals`` into runs of ASCII letters
(``names.letter_runs``), ``designations`` and ``genres`` into the runs written like an acronym
(``designations.capitalised_runs``).  Each cut was made by each module that read it, some twice
(the acronym runs of the same text by both ``designations`` and ``genres``), and the stated zones
(title, question, summary) were cut again as the opening of the dense zones.  ``ItemText`` holds
each cut once, made when the item is mined, and is passed down as a value: no cache outlives the
item, and a module given no ``ItemText`` cuts the text itself as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from kgsync.extract.designations import capitalised_runs
from kgsync.extract.names import letter_run_list
from kgsync.extract.topics import _tokens


@dataclass(frozen=True)
class ItemText:
    """The texts mining scans whole and their cuts (see the module doc)."""

    #: the title and body, cleaned: what the topic, name, derived-word, compound and file scans read
    text: str
    #: the title, question, summary and findings, cleaned (joined by line breaks)
    dense: str
    #: the title, question and summary, cleaned: where an item states its subject (``flags.STATED``)
    stated: str
    #: the title (URLs blanked) and body: what the acronym, designation and genre scans read
    scanned: str
    #: ``topics._tokens`` of ``text``, ``dense`` and ``stated``
    tokens: list[bytes]
    dense_tokens: list[bytes]
    stated_tokens: list[bytes]
    #: ``names.letter_runs`` of ``text``, ``dense`` and ``stated``
    runs: Counter[bytes]
    dense_runs: Counter[bytes]
    stated_runs: Counter[bytes]
    #: ``designations.capitalised_runs(scanned)``: (start, end) of each run written like an acronym
    capitalised: tuple[tuple[int, int], ...]


def item_text(text: str, stated_zones: Sequence[str], concluded: str | None, scanned: str) -> ItemText:
    """The ``ItemText`` of an item whose stated zones, cleaned, are ``stated_zones`` (those it writes)
    and whose dense zones are those and ``concluded`` (its findings, cleaned; None when it has none),
    each zone joined to the next by a line break.

    The dense zones open with the stated ones, joined by a line break: no token or run spans a
    line break (it is neither a letter, a digit nor a word byte), and ``str.lower`` reads no
    context across one, so the dense zones' cuts are the stated zones' followed by the findings'
    (tests/extract/test_item_text.py holds them equal to cutting the joined text)."""
    stated = "\n".join(stated_zones)
    if concluded is None:
        dense = "\n".join(stated_zones)  # equal to ``stated``, not the same object (as the zones joined apart)
        dense_tokens, dense_list = None, None
    else:
        dense = "\n".join((*stated_zones, concluded))
        dense_tokens, dense_list = _tokens(concluded), letter_run_list(concluded)
    stated_tokens, stated_list = _tokens(stated), letter_run_list(stated)
    stated_runs = Counter(stated_list)
    return ItemText(
        text=text, dense=dense, stated=stated, scanned=scanned,
        tokens=_tokens(text),
        dense_tokens=stated_tokens if dense_tokens is None else stated_tokens + dense_tokens,
        stated_tokens=stated_tokens,
        runs=Counter(letter_run_list(text)),
        dense_runs=stated_runs if dense_list is None else Counter(chain(stated_list, dense_list)),
        stated_runs=stated_runs,
        capitalised=tuple(capitalised_runs(scanned)),
    )
