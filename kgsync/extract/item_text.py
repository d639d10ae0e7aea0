"""One item's texts as mining's whole-text scans read them, each cut once (``mining.candidates``).

Six modules scan an item's whole text, each cutting it its own way: ``topics`` into lower-cased
word tokens (``topics.topic_tokens``), ``names``, ``derived`` and ``plurals`` into runs of ASCII letters
(``names.letter_runs``), ``designations`` and ``genres`` into the runs written like an acronym
(``designations.capitalised_runs``).  Each cut was made by each module that read it, some twice
(the acronym runs of the same text by both ``designations`` and ``genres``), and the stated zones
(title, question, summary) were cut again as the opening of the dense zones.  ``ItemText`` holds
each cut once, made when the item is mined, and is passed down as a value: no cache outlives the
item, and a module given no ``ItemText`` cuts the text itself as before.

The whole text and the scanned one differ only in their titles' cleaning: both end with the
cleaned body (nine tenths of the text), which is lower-cased once here for the topic tokens, the
acronym scans' folded text (``acronyms.folded_for_acronyms``) and the modifier scan (``attributive``): three
lower-casings of it before, each as costly as a regex pass (``str.lower`` reads a table per
character of a text beyond Latin-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
import dataclasses
from dataclasses import dataclass
from itertools import chain

from kgsync.extract import markup
from kgsync.extract.acronyms import folded_for_acronyms, is_valid_expansion, letters_match, url_free_acronym_pairs
from kgsync.extract.acronyms import without_web_addresses
from kgsync.extract.canonical import term_key
from kgsync.extract.designations import capitalised_runs, defined_in_designation
from kgsync.extract.finding_subjects import finding_subjects
from kgsync.extract.names import letter_run_list, letter_runs_of_bytes
from kgsync.extract.topics import lowered_topic_tokens, topic_tokens
from kgsync.extract.units import unit_keys
from kgsync.read.items import ResearchItem, without_comments


@dataclass(frozen=True)
class ItemText:
    """The texts mining scans whole and their cuts (see the module doc)."""

    #: the title, cleaned: how ``text`` opens
    title: str
    #: the title and body, cleaned: what the topic, name, derived-word, compound and file scans read
    text: str
    #: the title, question, summary and findings, cleaned (joined by line breaks)
    dense: str
    #: the title, question and summary, cleaned: where an item states its subject (``flags.STATED``)
    stated: str
    #: the title (URLs blanked) and body: what the acronym, designation and genre scans read
    scanned: str
    #: ``text.lower()``
    lower: str
    #: ``text`` in UTF-8 (errors replaced), as the letter-run and compound scans read it
    data: bytes
    #: ``topics.topic_tokens`` of ``text``, ``dense`` and ``stated``
    tokens: list[bytes]
    dense_tokens: list[bytes]
    stated_tokens: list[bytes]
    #: ``names.letter_runs`` of ``text``, ``dense`` and ``stated``
    runs: Counter[bytes]
    dense_runs: Counter[bytes]
    stated_runs: Counter[bytes]
    #: ``designations.capitalised_runs(scanned)``: (start, end) of each run written like an acronym
    capitalised: tuple[tuple[int, int], ...]
    #: how ``scanned`` opens before its body (its title, URLs blanked), the cleaned body and its lower case
    scanned_title: str
    body: str
    body_lower: str

    def folded(self) -> str:
        """``acronyms.folded_for_acronyms(scanned)``, its body's lower case reused: folding is per character
        (no letter folded or lower-cased reads its neighbours across a line break), and a body
        without the three letters ``folded_for_acronyms`` replaces first folds to its lower case."""
        body = self.body_lower if not any(char in self.body for char in _REPLACED) else folded_for_acronyms(self.body)
        return folded_for_acronyms(self.scanned_title) + "\n" + body


#: The letters ``acronyms.folded_for_acronyms`` replaces before lower-casing.
_REPLACED = "\u0130\u0131\u017f"


@dataclass(frozen=True)
class BodyReading:
    """What mining reads of an item's body and title as written, which no zone's cleaning enters: the same
    in both of ``mining.candidates``' readings (they differ only in what they leave out of the concluding
    zones: ``cited_text``), so read once for both (the second reading, of one item in eight, read it again)."""

    #: ``markup.repository_names`` of the body
    repositories: frozenset[str]
    #: the body cleaned: fences, markup and repository names out
    body: str
    #: the title, URLs blanked: how the scanned text opens (``ItemText.scanned``)
    scanned_title: str
    #: ``designations.capitalised_runs`` of the scanned text (``ItemText.capitalised``)
    capitalised: tuple[tuple[int, int], ...]
    #: each acronym definition the scanned text writes that mining keeps, in order, as
    #: (short form, expansion, short key, long key, whether written inside a designation)
    definitions: tuple[tuple[str, str, str, str, bool], ...]
    #: (key, surface) of each emphasised run of the cleaned body, whole (``markup.emphasis_terms``), in order
    emphasis: tuple[tuple[str, str], ...]
    #: ``finding_subjects`` of the item
    subjects: frozenset[str]
    #: ``units.unit_keys`` of the cleaned body: no unit spans a line break, so the body's joined after the
    #: zones' are the joined text's (tests/extract/test_item_text.py)
    units: frozenset[str]
    #: ``markup.link_protocols`` of the body as written
    protocols: frozenset[str]


def body_reading(item: ResearchItem) -> BodyReading:
    """The ``BodyReading`` of ``item`` (see there)."""
    repositories = markup.repository_names(item.body)
    # an HTML comment opening a line shows nothing on GitHub: a commented-out draft's words name no concept
    body = markup.without_names(markup.clean(markup.without_fences(without_comments(item.body))), repositories)
    scanned_title = without_web_addresses(item.title)
    scanned = scanned_title + "\n" + body
    definitions = []
    inside: dict[tuple[str, str], bool] = {}  # a definition written again (half of them) is judged once
    for short, expansion in url_free_acronym_pairs(scanned):
        short_key, long_key = term_key(short), term_key(expansion)
        if (not short_key or not long_key or short_key == long_key or not is_valid_expansion(long_key)
                or not letters_match(short, expansion) or short_key in long_key.split(" ")):
            continue  # a recursive acronym ("YAML Ain't Markup Language") is named by itself
        if (short, expansion) not in inside:
            inside[short, expansion] = defined_in_designation(scanned, short, expansion)
        definitions.append((short, expansion, short_key, long_key, inside[short, expansion]))
    return BodyReading(
        repositories=repositories, body=body, scanned_title=scanned_title,
        capitalised=tuple(capitalised_runs(scanned)), definitions=tuple(definitions),
        emphasis=tuple(term for phrase in markup.emphasised(body) for term in markup.emphasis_terms(phrase)),
        subjects=frozenset(finding_subjects(item)), units=unit_keys(body), protocols=markup.link_protocols(item.body))


def item_text(title: str, scanned_title: str, body: str, stated_zones: Sequence[str], concluded: str | None,
              capitalised: tuple[tuple[int, int], ...] | None = None, like: ItemText | None = None) -> ItemText:
    """The ``ItemText`` of an item whose cleaned title and body are ``title`` and ``body`` (the whole
    text: the two joined by a line break; the scanned text: ``scanned_title`` and ``body`` so), whose
    stated zones, cleaned, are ``stated_zones`` (those it writes) and whose dense zones are those and
    ``concluded`` (its findings, cleaned; None when it has none), each zone joined to the next by a
    line break.

    The dense zones open with the stated ones, joined by a line break: no token or run spans a
    line break (it is neither a letter, a digit nor a word byte), and ``str.lower`` reads no
    context across one (a final sigma looks past case-ignorable characters only), so the dense
    zones' cuts are the stated zones' followed by the findings', and the whole text's lower case is
    its title's and its body's (tests/extract/test_item_text.py holds them equal to cutting the
    joined texts).  ``capitalised``: ``designations.capitalised_runs`` of the scanned text, when the caller
    has it (``BodyReading``).  ``like``: another ``ItemText`` of the item (mining's first reading), whose
    whole and scanned texts' cuts are taken when its title, scanned title and body are these: they
    are functions of those three alone (the second reading differs from the first in the zones only,
    its title most often not)."""
    if like is not None and (like.title, like.scanned_title, like.body) == (title, scanned_title, body):
        return _with_zones(like, stated_zones, concluded)
    text = title + "\n" + body
    body_lower = body.lower()
    lower = title.lower() + "\n" + body_lower
    data = text.encode("utf-8", "replace")
    stated = "\n".join(stated_zones)
    if concluded is None:
        dense = "\n".join(stated_zones)  # equal to ``stated``, not the same object (as the zones joined apart)
        dense_tokens, dense_list = None, None
    else:
        dense = "\n".join((*stated_zones, concluded))
        dense_tokens, dense_list = topic_tokens(concluded), letter_run_list(concluded)
    stated_tokens, stated_list = topic_tokens(stated), letter_run_list(stated)
    stated_runs = Counter(stated_list)
    scanned = scanned_title + "\n" + body
    return ItemText(
        title=title, text=text, dense=dense, stated=stated, scanned=scanned, lower=lower, data=data,
        tokens=lowered_topic_tokens(lower),
        dense_tokens=stated_tokens if dense_tokens is None else stated_tokens + dense_tokens,
        stated_tokens=stated_tokens,
        runs=letter_runs_of_bytes(data),
        dense_runs=stated_runs if dense_list is None else Counter(chain(stated_list, dense_list)),
        stated_runs=stated_runs,
        capitalised=tuple(capitalised_runs(scanned)) if capitalised is None else capitalised,
        scanned_title=scanned_title, body=body, body_lower=body_lower,
    )


def _with_zones(like: ItemText, stated_zones: Sequence[str], concluded: str | None) -> ItemText:
    """``like`` with the dense and stated zones ``stated_zones`` and ``concluded`` cut as ``item_text`` cuts them."""
    stated = "\n".join(stated_zones)
    stated_tokens, stated_list = topic_tokens(stated), letter_run_list(stated)
    stated_runs = Counter(stated_list)
    if concluded is None:
        dense, dense_tokens, dense_runs = "\n".join(stated_zones), stated_tokens, stated_runs
    else:
        dense = "\n".join((*stated_zones, concluded))
        dense_tokens = stated_tokens + topic_tokens(concluded)
        dense_runs = Counter(chain(stated_list, letter_run_list(concluded)))
    return dataclasses.replace(like, dense=dense, stated=stated, dense_tokens=dense_tokens, stated_tokens=stated_tokens,
                               dense_runs=dense_runs, stated_runs=stated_runs)
