"""What evidence extraction reads and writes: a mention of another item (per file), an item's
findings as the plan reads them, and the plan's links (corpus level).  Plain frozen data,
cached as typed JSON beside the record cache; the text helpers both steps share.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import filterfalse
from typing import Protocol

from kgsync.contract.model import RelationType, claim_name
from kgsync.extract.stance import WORD
from kgsync.read.items import LINK_ADDRESS, Issue, KeyFinding

#: A sentence kept as evidence is cut here (the manifest and the PR quote it).
MAX_SENTENCE = 300
#: Content words an unnumbered reference must share with a finding to name it.
MIN_SHARED = 3
#: Content words the referencing finding must share with what the sentence says.
MIN_SOURCE_WORDS = 1
#: A trust statement (supports, contradicts) from a finding that does not hold the sentence:
#: the best match must share ``MIN_SHARED`` words with what is said and lead every other finding
#: by this many (picks with a smaller lead were right under 0.9 of the time: docs/EVIDENCE.md).
MIN_TRUST_LEAD = 2


def clears_trust_bar(shared: int, runner_up: int) -> bool:
    """Whether a best match sharing ``shared`` content words with what is said, against ``runner_up`` for the next
    finding, is sure: ``MIN_SHARED`` words and ``MIN_TRUST_LEAD`` more than any other finding (the one bar
    ``evidence_source.best_match`` and ``evidence_feeds.fed_finding`` apply)."""
    return shared >= MIN_SHARED and shared - runner_up >= MIN_TRUST_LEAD
MARKUP = re.compile(rf"\*\*|__|\[([^\]\n]{{0,300}})\](?:{LINK_ADDRESS})")
#: An evidence label's word, as the item template writes it ("[fact]", "[inference; source: …]"): read by the
#: label patterns of ``findings`` (``EVIDENCE_LABEL``) and ``evidence_feeds``.
LABEL_WORD = r"(?:fact|inference|assumption|speculation|hypothesis)\b"
_STOP = frozenset(
    "a an the and or of in on for to with by from as at is are was were be been being this that these those it "
    "its their there than then into via over under not no can could may might should would will must more most "
    "less very also only just such each every all any both per key finding findings prior research item items "
    "source sources high medium low confirmed consistent md completed "
    # function words: shared, they say nothing about what two texts are about
    "has have had does did done which what when where who whom whose how why because while whereas although "
    "though however therefore thus hence since until unless whether about above after again against before "
    "below between during through out off once here other same own too now one two three new etc".split()
)



class Numbered(Protocol):
    """A finding's claim as the plan needs it (``extract.findings.Claim`` is one)."""

    @property
    def number(self) -> int: ...


class ClaimLike(Numbered, Protocol):
    @property
    def key(self) -> str: ...

    @property
    def statement(self) -> str: ...


class Extracted(Protocol):
    """What the plan reads of an item's extraction (``extract.findings.Extraction`` is one)."""

    @property
    def slug(self) -> str: ...

    @property
    def mentions(self) -> tuple[Mention, ...]: ...

    @property
    def claims(self) -> Sequence[ClaimLike]: ...

    @property
    def finding_words(self) -> tuple[tuple[int, str], ...]: ...


@dataclass(frozen=True)
class Mention:
    """One reference a sentence of an item makes to another item (per file: not yet resolved)."""

    target: str  # normalised slug, or an undated slug suffix
    finding: int  # the finding number it cites (0: none)
    quote: str  # a quoted passage in the sentence (the finding's own words), "" none
    stance: RelationType | None
    sentence: str  # the sentence (or Evidence Map row), markup out, cut at MAX_SENTENCE
    line: int  # its file line
    held_by: int  # the number of this item's own finding that holds the sentence (0: none)
    row_claim: str = ""  # an Evidence Map row's claim cell: what this item claims there
    context: str = ""  # the sentence before it on the line ("X. Source: `y.md` Key Finding 3.")
    clause: str = ""  # the clause that names the item (``classify``), what the sentence says of it
    exact: bool = False  # stated by the author's marker ("[supports: <slug> KF5]"): read as written
    refused: str = ""  # a supports/contradicts cue near the item the rules did not read as a stance
    said: str = ""  # an unnumbered, unquoted reference: what the sentence says (``restated.said_words``)
    reported: str = ""  # ... and what it reports that the one item it names found (``restated.reported_words``)
    withheld: bool = False  # the prose states an agreement whose sides it does not say: no claim link
    described: bool = False  # the stance is read from prose describing the item (``described_stance``)
    #: where the sentence stands (``SHAPES``): what kind of evidence a link from it is (``PlannedLink.kind``)
    shape: str = ""
    via: str = ""  # "description": the item is named by a description ("the parent taxonomy's KF5")
    #: the item is named only in the sentence's source attribution (an evidence label "[fact; source: …]", a
    #: "(source: …)" note, a "Source: …" note): the sentence says where its fact came from, not what this item
    #: does with it (``evidence_source.leads_alone``)
    sourced: bool = False
    #: a sourced fact's numbered or quoted citation: the content words of the inference paragraph right after it,
    #: which says which finding of this item the fact feeds (``evidence_feeds.inference_after``); "" none
    feeds: str = ""
    #: a numbered citation's: the content words of the title of the sub-question block it stands under (a heading,
    #: a bold line alone), which may say which finding of this item it serves (``evidence_blocks``); "" none
    block: str = ""
    #: the stance is said in the clause naming the item, this item's side its subject and the item its object
    #: (``stance.own_clause``): written as that stance when no other sentence links the pair (``evidence_stance``)
    own: bool = False

    def but(self, **changes: object) -> Mention:
        """``dataclasses.replace(self, **changes)``, in C: a copy of the instance's fields with
        ``changes`` set.  ``replace`` takes Python steps per field (20 of them), for each of 8,000 copies
        on the real corpus's read stage; this copy takes none.  A Mention has no
        ``__post_init__``, no slots and no field outside ``__init__`` (tests/extract/test_references.py
        holds the two equal)."""
        copy = object.__new__(Mention)
        fields_ = copy.__dict__
        fields_.update(self.__dict__)
        for name, value in changes.items():
            if name not in fields_:
                raise TypeError(f"Mention has no field {name!r}")
            fields_[name] = value
        return copy


#: A mention's sentence shape: prose ("" ), a table row, a list line, a reading-list line (a list
#: line that starts with the item it names), a sentence of a framing section.
SHAPES = ("", "row", "list", "reading", "framing")


@dataclass(frozen=True)
class ClaimText:
    """What the plan reads of a finding: its claim (``extract.findings.Claim`` has these fields) and the
    content words of the finding's whole text, which its prose restates (``finding_words``)."""

    number: int
    key: str
    statement: str
    words: str = ""  # the finding's content words, sorted, space-joined

    def content(self) -> frozenset[str]:
        return self._content

    @cached_property
    def _content(self) -> frozenset[str]:
        """``content``, read once: the plan compares each finding with what every mention of the
        item says (``evidence_source.best_match``: 6,111 reads of 2,033 findings on the 220 items).  Kept in
        the instance's ``__dict__``: no field, so equality, hashing and the cache's JSON ignore it."""
        return frozenset(self.words.split()) if self.words else content_words(self.statement)


@dataclass(frozen=True)
class EvidenceText:
    """What the plan reads of one item: its mentions and its findings as claims (small, so a
    build keeps it beside the record cache instead of loading every item's extraction)."""

    slug: str
    mentions: tuple[Mention, ...]
    claims: tuple[ClaimText, ...]

    @classmethod
    def of(cls, extraction: Extracted) -> EvidenceText:
        words = dict(extraction.finding_words)
        return cls(extraction.slug, extraction.mentions,
                   tuple(ClaimText(c.number, c.key, c.statement, words.get(c.number, "")) for c in extraction.claims))


@dataclass(frozen=True)
class PlannedLink:
    """A claim→claim link an item states, resolved; the source claim is chosen at assembly."""

    source_number: int  # the referencing item's finding that states it (``source_finding``)
    relation: RelationType
    target_claim: str  # the referenced claim's name
    target_slug: str
    sentence: str
    line: int
    #: the evidence kind (``evidence_kinds.link_kind``: how the cited finding and the referencing one
    #: were named, and the sentence's shape); read by benches and tests, written to no output
    kind: str = field(default="", compare=False)

    def key(self) -> tuple[int, str, str, str, int]:
        return (self.source_number, self.relation.value, self.target_claim, self.sentence, self.line)


@dataclass(frozen=True)
class KeptLinks:
    """The claim→claim links the last build wrote to and from the claims of items kept from it (their
    findings are not read now), as the committed manifest records them (``graph.kept_links``)."""

    #: citing slug -> its links to kept items' claims
    to_kept: Mapping[str, tuple[PlannedLink, ...]] = field(default_factory=dict)
    #: cited slug -> {its claim's name: that claim's finding number}, for each claim a kept item's link names
    from_kept: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: kept slug -> {a finding's number: the name of the claim that states it in its kept facts}
    claims: Mapping[str, Mapping[int, str]] = field(default_factory=dict)

    def still_written(self, slug: str, still: Collection[tuple[str, str, int]], claims: Sequence[ClaimText],
                      vetoed: Collection[tuple[str, str]]) -> list[PlannedLink]:
        """The links to a kept item's claims that ``slug`` wrote last time whose sentence it still writes
        at that line naming that item (``still``: (kept slug, sentence, line)), from a finding it still has
        (``claims``), and not vetoed (``vetoed``: pairs of claim names, either way)."""
        keys = {claim.number: claim.key for claim in claims}
        out = []
        for link in self.to_kept.get(slug, ()):
            source = claim_name(slug, keys[link.source_number]) if link.source_number in keys else None
            if source is not None and (link.target_slug, link.sentence, link.line) in still and \
                    (source, link.target_claim) not in vetoed and (link.target_claim, source) not in vetoed:
                out.append(link)
        return out

    def cited(self, slug: str, claims: Sequence[ClaimText]) -> set[int]:
        """The findings of ``slug`` whose claims the links of kept items name: the finding whose claim has
        that name now, else the one of the number it had (a reworded finding keeps its claim's name:
        ``graph.claim_identity``)."""
        names = self.from_kept.get(slug, {})
        by_name = {claim_name(slug, claim.key): claim.number for claim in claims}
        numbers = set(by_name.values())
        return {by_name.get(name, number) for name, number in names.items() if name in by_name or number in numbers}


@dataclass(frozen=True)
class Moved:
    """The claim an exact mention linked last build that its number names no more (``LinkedBefore.moved``)."""

    #: the claim linked then; several when the sentence linked several that none of its numbers names now and none
    #: was linked by this number then, so which one it named is not known
    before: tuple[str, ...]
    #: that claim's finding number now; 0: it is gone; None: not known (several ``before``)
    now: int | None


@dataclass(frozen=True)
class LinkedBefore:
    """What the last build linked from each exact mention (a ``cites:`` entry, a marker) that names a finding by
    number, and the claims those numbers name now (``graph.linked_before``): a cited item that deletes (or
    inserts) a finding before the one cited renumbers it, and the number then names another claim."""

    #: citing slug -> {(sentence, cited slug, relation): {each claim of the cited item it linked: its number then}}; by
    #: the sentence, not its line: an entry or a line added above moves it, and it still names what it named
    linked: Mapping[str, Mapping[tuple[str, str, str], Mapping[str, int]]] = field(default_factory=dict)
    #: cited slug -> {a finding's number now: its claim's name as the graph gives it (a reworded finding keeps its
    #: previous name: ``graph.claim_identity``)}
    named: Mapping[str, Mapping[int, str]] = field(default_factory=dict)

    def moved(self, slug: str, mention: Mention, cited: str, numbers: Collection[int]) -> Moved | None:
        """When ``mention`` of item ``slug`` names a finding of ``cited`` whose claim its sentence did not link last
        build while a claim it did link is named by none of its numbers now (``numbers``: the sentence's numbers of
        ``cited``): ``Moved``.  None: a claim the sentence linked, nothing linked from it last build, or a number
        added to it (every claim it linked is still named)."""
        relation = (mention.stance or RelationType.EXTENDS).value
        before = self.linked.get(slug, {}).get((mention.sentence, cited, relation))
        now = self.named.get(cited)
        if not before or now is None or now.get(mention.finding) in before:
            return None
        left = sorted(set(before) - {now.get(number) for number in numbers})
        if len(left) > 1:  # which of them this number named: the one it named then
            named_then = [name for name in left if before[name] == mention.finding]
            if len(named_then) != 1:
                return Moved(tuple(left), None)
            left = named_then
        if not left:
            return None
        return Moved((left[0],), next((number for number, name in sorted(now.items()) if name == left[0]), 0))


@dataclass(frozen=True)
class EvidencePlan:
    required: Mapping[str, frozenset[int]]  # slug -> finding numbers that must become claims
    links: Mapping[str, tuple[PlannedLink, ...]]  # referencing slug -> its links
    issues: tuple[Issue, ...] = ()
    vetoed: frozenset[tuple[str, str]] = frozenset()

    def for_item(self, slug: str) -> tuple[frozenset[int], tuple[PlannedLink, ...]]:
        return self.required.get(slug, frozenset()), self.links.get(slug, ())


def finding_words(findings: Sequence[KeyFinding]) -> tuple[tuple[int, str], ...]:
    """Each finding's content words (its whole text, not only the claim's lead sentence): what
    a sentence elsewhere in the item says when it restates the finding's detail."""
    return tuple((f.number, " ".join(sorted(content_words(f.text)))) for f in findings)


def words_key(text: str) -> str:
    return " ".join(WORD.findall(plain_text(text).lower()))


def plain_text(text: str) -> str:
    # ``MARKUP`` matches only where one of these is: most texts hold none, and skip the regex and its
    # Python callback (33,000 calls on the 220 items)
    if "**" in text or "__" in text or "](" in text:
        text = MARKUP.sub(_link_text, text)
    return " ".join(text.split())


def _link_text(match: re.Match[str]) -> str:
    return match.group(1) or ""


def shorten_sentence(text: str) -> str:
    text = text.strip(" |")
    if len(text) <= MAX_SENTENCE:
        return text
    return text[: MAX_SENTENCE - 1].rsplit(" ", 1)[0] + "…"


#: A word of three characters or more: ``[a-z0-9]+`` runs, the shorter left out by the regex (it
#: matches a run whole from its start, and no part of a shorter one).
_PLAIN_WORD = re.compile(r"[a-z0-9]{3,}")


def content_words(text: str) -> frozenset[str]:
    """The words that say what a text is about (hyphenated words count part by part)."""
    # each distinct word checked once (a sentence repeats its words), the tests in C: no Python step per word
    return frozenset(filterfalse(str.isdigit, set(_PLAIN_WORD.findall(text.lower())) - _STOP))
