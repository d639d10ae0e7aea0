"""Mine one item's term candidates: the per-file half of the vocabulary (``kgsync.vocabulary.vocab`` selects over the corpus).

``candidates(item)`` depends on that item only, so its result is cached per file
with the item's record (see ``kgsync.pipeline.stages``).

* *Where*: the title, Research Question, Executive Summary and Key Findings
  (the densest signal), acronym definitions anywhere ("Model Context Protocol
  (MCP)" and "MCP (Model Context Protocol)", Schwartz & Hearst 2003), and
  emphasised phrases anywhere (``**bold**`` short noun phrases, term-like
  ```code``` spans).
* *What*: noun-phrase-like runs of 1-4 words between stopwords, verbs,
  adverbs and punctuation, with no determiner or evaluative adjective first
  ("new", "key", "several") and no adjective, participle or vague noun last
  ("autonomous", "based", "way").  A single ordinary word is never a term on
  its own ("system", "memory", "stack"): it names no one idea, and a
  substring search for it still reaches every term that contains it.  Single
  words that are acronyms or names ("MCP", "DSPy", "GraphRAG"), hyphenated
  compounds ("fine-tuning") and emphasised words are terms.
* *How salient*: title 3, question 2, summary 1.5, findings 1 (each
  ``w * (1 + ln count)``), +0.5 when the item defines it as an acronym, +0.5
  when it emphasises it.  Mentions in the rest of the body are not counted:
  that took a Python step per word of the research log (most of the text).
  Evidence labels ("[fact]", "[inference; source: ...]") are not text.
  A term only in the body (a definition or emphasis in the research log)
  counts for recurrence but is never one of the item's own salient terms.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, repeat
from operator import itemgetter
from typing import NamedTuple

from kgsync.extract import attributive, compounds, derived, enclosed, files, lexicon, markup, names, nesting, plurals, topics
from kgsync.extract.addressed import addressed_keys
from kgsync.extract.designations import designation_only
from kgsync.extract.expansion_pieces import pieces_only_inside
from kgsync.extract.genres import chained_only, genre_only
from kgsync.extract.acronyms import spelled_out
from kgsync.extract.acronyms import acronym_pairs as acronym_pairs  # re-exported API
from kgsync.extract.canonical import is_acronym, term_key
from kgsync.extract.cited_text import without_item_names
from kgsync.extract.relation_frames import relational_frames
from kgsync.extract.phrases import MAX_WORDS as MAX_WORDS
from kgsync.extract.phrases import run_terms, runs_of, tokens_of
from kgsync.extract.phrases import segments as segments  # re-exported API
from kgsync.extract.phrases import token_keys as token_keys  # re-exported API
from kgsync.extract.units import unit_keys
from kgsync.extract.measures import unit_only
from kgsync.extract.flags import ACRONYM as ACRONYM, DEFINED as DEFINED, DENSE as DENSE, EMPHASISED as EMPHASISED
from kgsync.extract.flags import FOCUS as FOCUS, FREE as FREE, PLAIN as PLAIN, STATED as STATED
from kgsync.extract.flags import SUBJECT as SUBJECT, TITLE as TITLE, UNIT as UNIT
from kgsync.extract.idea import names_an_idea as names_an_idea  # re-exported API
from kgsync.extract.idea import names_a_joined_pair, names_a_kind
from kgsync.extract.item_text import BodyReading, ItemText, body_reading, item_text
from kgsync.read.items import ResearchItem


_ZONE_WEIGHTS = (3.0, 2.0, 1.5, 1.0)  # title, question, summary, findings




class Candidate(NamedTuple):
    key: str  # canonical.term_key
    score: float  # salience inside its item
    surfaces: tuple[tuple[str, int], ...]  # as written (whitespace-normalised), count; sorted
    flags: int  # TITLE | DEFINED | EMPHASISED | ACRONYM | PLAIN


@dataclass(frozen=True)
class ItemCandidates:
    """Everything mined from one item (picklable; depends on that item only)."""

    slug: str
    terms: tuple[Candidate, ...]  # sorted by key
    acronyms: tuple[tuple[str, str], ...] = ()  # (acronym key, expansion key) this item defines
    dense: str = ""  # title, question, summary and findings: for pinned phrases mining did not cut
    #: (acronym key, key of a phrase the item writes whose words the acronym's letters stand for), for
    #: the acronyms it writes without defining: the expansions it may take from the shared map
    spelled: tuple[tuple[str, str], ...] = ()
    #: (topic word, mentions in the whole text, in the dense zones, in its title, question and
    #: summary: where it states its subject): ``kgsync.extract.topics``
    topic_words: tuple[tuple[str, int, int, int], ...] = ()
    #: the two-word phrases its whole text writes, as marks (``kgsync.extract.topics.pair_marks``)
    pairs: bytes = b""
    #: (topic phrase, preposition before it, mentions): ``kgsync.extract.topics.phrase_frames``
    frames: tuple[tuple[str, str, int], ...] = ()
    #: the topic words and phrases of ``topic_words`` it addresses and writes in the plural (``kgsync.extract.plurals``)
    plurals: tuple[str, ...] = ()
    #: the keys it writes only as another word's modifier (``enclosed.enclosed_only``: "human approval
    #: signals"; ``attributive.attributive_only``: "multi-step reasoning"): no term of it, and no topic
    #: of its claims either (``kgsync.graph.claims.Topics.modifiers``)
    modifiers: tuple[str, ...] = ()
    #: the keys of the two-word phrases of ``topic_words`` and the acronyms it addresses, whatever they
    #: are (``addressed.addressed_keys``): the vocabulary's phrases are looked up in them later
    addressed: tuple[str, ...] = ()
    #: ``topic_words``, ``pairs`` and ``frames`` as counted with the text naming other items left in
    #: (``cited_text``), when they differ (else None): whether the corpus shares a topic reads them
    #: (a phrase other items write as a cited slug is in use), which items address it does not
    whole: tuple[tuple[tuple[str, int, int, int], ...], bytes, tuple[tuple[str, str, int], ...]] | None = None

    def with_cited_names(self) -> ItemCandidates:
        """These candidates with ``topic_words``, ``pairs`` and ``frames`` counted as ``whole`` holds them."""
        if self.whole is None:
            return self
        topic_words, pairs, frames = self.whole
        return dataclasses.replace(self, topic_words=topic_words, pairs=pairs, frames=frames, whole=None)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The terms as plain tuples: a NamedTuple pickles through a Python __getnewargs__
        # call each (one a candidate term: most of a record's pickling time, 25382fd9); tuple.__new__
        # rebuilds them in C.  Records are pickled back from the read stage's worker processes
        # (``kgsync.pipeline.spread``); the cache stores them as typed JSON, never a pickle.
        return _item_candidates, (self.slug, tuple(map(tuple, self.terms)), self.acronyms, self.dense, self.spelled,
                                  self.topic_words, self.pairs, self.frames, self.plurals, self.modifiers,
                                  self.addressed, self.whole)


def _item_candidates(slug: str, rows: tuple[tuple[object, ...], ...], acronyms: tuple[tuple[str, str], ...],
                     dense: str, spelled: tuple[tuple[str, str], ...],
                     topic_words: tuple[tuple[str, int, int, int], ...] = (), pairs: bytes = b"",
                     frames: tuple[tuple[str, str, int], ...] = (), in_plural: tuple[str, ...] = (),
                     modifiers: tuple[str, ...] = (), addressed: tuple[str, ...] = (),
                     whole: tuple[tuple[tuple[str, int, int, int], ...], bytes, tuple[tuple[str, str, int], ...]] | None = None
                     ) -> ItemCandidates:
    return ItemCandidates(slug, tuple(map(tuple.__new__, repeat(Candidate), rows)), acronyms, dense, spelled,
                          topic_words, pairs, frames, in_plural, modifiers, addressed, whole)


def _concluded(item: ResearchItem, dense_text: str, dense_runs: Counter[bytes],
               repositories: frozenset[str], unread: Callable[[str], str]) -> tuple[str, Counter[bytes]]:
    """The item's dense zones and its Findings' Analysis (``ResearchItem.findings_analysis``), with
    their letter runs: where a single word (a topic word, a derived word) counts as concluded.

    A topic word is a single noun ("traceability", "provenance"): the item's title, summary and
    findings name what it concludes, its Analysis why, and a property the item reasons with
    ("policy-version traceability") is often named only there and in its log.  Mining's zones stay
    as they are (its phrases are cut from them): only where a single word counts as concluded."""
    analysis = item.findings_analysis()
    if not analysis:
        return dense_text, dense_runs
    cleaned = markup.without_names(markup.clean(unread(markup.without_fences(analysis))), repositories)
    # The dense zones' runs (cut already), then the Analysis's: no run of letters spans the line break that
    # joins them, so these are the joined text's runs, in its order (the dense zones were cut again here).
    runs = Counter(dense_runs)
    runs.update(names.letter_run_list(cleaned))
    return dense_text + "\n" + cleaned, runs


def candidates(item: ResearchItem) -> ItemCandidates:
    """Term candidates of one item, with their salience inside it (``_mined``), where it concludes
    (title, question, summary, findings, their analysis) read from its own words: the text there
    naming other items (``cited_text``) says what they are about.  When the item writes such text
    there, its topic counts with that text left in are kept too (``ItemCandidates.whole``)."""
    reading = body_reading(item)  # the body and title as written: the same in both readings
    own, texts = _mined(item, without_item_names, reading)
    concluding = (item.title, item.research_question, item.executive_summary, item.findings_analysis(),
                  *(f.text for f in item.key_findings))
    if all(without_item_names(zone) == zone for zone in concluding):
        return own  # no zone names an item (two in three items): the counts are the same
    whole, _texts = _mined(item, _as_written, reading, counts_only=True, first=(texts, own.pairs))
    if (whole.topic_words, whole.pairs, whole.frames) == (own.topic_words, own.pairs, own.frames):
        return own
    return dataclasses.replace(own, whole=(whole.topic_words, whole.pairs, whole.frames))


def _as_written(text: str) -> str:
    return text


def _mined(item: ResearchItem, unread: Callable[[str], str], reading: BodyReading | None = None,
           counts_only: bool = False, first: tuple[ItemText, bytes] | None = None) -> tuple[ItemCandidates, ItemText]:
    """Term candidates of one item, with their salience inside it, and the texts they were read from;
    ``unread`` takes out of each text what it does not read (``cited_text.without_item_names``, or
    nothing); ``reading``: the item's ``item_text.BodyReading``, when the caller has it; ``first``: the
    first reading's texts and pair marks (``candidates``), whose whole text's cuts and marks are taken
    when that text is the same (``item_text``'s ``like``).  ``counts_only``:
    only ``topic_words``, ``pairs`` and ``frames`` are filled (``candidates``' second reading):
    the scans that feed none of them (genres, spelled-out acronyms, plurals, what it addresses)
    are skipped (speed175 counted the read's instructions with and without).

    Only the dense zones are tokenised; the rest of the body (most of the text,
    the research log) is only scanned for acronym definitions and emphasis, by
    literal-led regexes.  Counting every mention in the body would take a
    Python step per word, and did not change which terms an item addresses.
    """
    findings = "\n".join(f.text for f in item.key_findings)
    zones = (item.title, item.research_question, item.executive_summary, findings)
    # A repository the item writes as a path ("davidamitchell/Memory-System") is a proper name: its
    # spelling there names the repository wherever the item writes it, not the idea its words key to.
    reading = body_reading(item) if reading is None else reading
    repositories, body = reading.repositories, reading.body
    # Each zone cleaned once: no label, link, URL or tag spans a line, so the lines the zones are
    # joined with are kept and the joined zones' cleaning is the cleaned zones joined.
    # The text in them that names another item (its slug, file name, the link to it: ``cited_text``) says
    # what that item is about, not this one: where the item concludes, it is no mention (the whole text's
    # counts keep it: how often an item names a topic, not where it concludes on it).
    clean = tuple(markup.without_names(markup.clean(unread(zone)), repositories) for zone in zones)
    zone_keys: list[Counter[str]] = []  # per zone: key -> times
    written: Counter[tuple[str, str]] = Counter()  # (key, surface) -> times, over all zones
    # Each zone cut into tokens once: for its runs here and for its name tails (``nesting``) below.
    cut = [tokens_of(zone) for zone in clean]
    for _matches, tokens in cut:
        # An ordinary single word ("plain") names no idea on its own (see the module doc).
        found = list(chain.from_iterable(map(run_terms, runs_of(tokens))))
        written.update(found)
        zone_keys.append(Counter(map(itemgetter(0), found)))
    surfaces: dict[str, dict[str, int]] = {}
    for (key, surface), count in written.items():
        surfaces.setdefault(key, {})[surface] = count
    extra: dict[str, int] = {}  # flags beyond TITLE and DENSE (those follow from zone_keys)
    bonus: dict[str, float] = {}
    acronyms: set[tuple[str, str]] = set()
    designated: set[str] = set()  # long forms written only as an acronym's expansion inside a designation
    # The body is clean of URLs already; the title is not.
    # The whole text, the dense and the stated zones, each cut once for the scans below (``item_text``).
    texts = item_text(clean[0], reading.scanned_title, body, [c for z, c in zip(zones[:3], clean[:3]) if z],
                      clean[3] if zones[3] else None, reading.capitalised, first[0] if first else None)
    text, dense_text, stated, scanned = texts.text, texts.dense, texts.stated, texts.scanned
    # The acronym definitions mining keeps, each with whether it is written inside designations (``BodyReading``)
    for short, expansion, short_key, long_key, inside in reading.definitions:
        acronyms.add((short_key, long_key))
        if inside:
            designated.add(long_key)  # "International Electrotechnical Commission (IEC) 42001": a standard's
            continue  # name, no use of the body's (the definition still says what "IEC" stands for)
        for key, surface, flag in ((short_key, short, DEFINED | ACRONYM), (long_key, expansion, DEFINED)):
            if extra.get(key, 0) & DEFINED == 0:
                bonus[key] = bonus.get(key, 0) + 0.5
            extra[key] = extra.get(key, 0) | flag
            _count(surfaces.setdefault(key, {}), " ".join(surface.split()))
    for key, surface in reading.emphasis:  # each emphasised run, the whole phrase only
        if extra.get(key, 0) & EMPHASISED == 0:
            bonus[key] = bonus.get(key, 0) + 0.5
        extra[key] = extra.get(key, 0) | EMPHASISED
        _count(surfaces.setdefault(key, {}), surface)
    for key in reading.subjects:
        if key in surfaces:
            extra[key] = extra.get(key, 0) | SUBJECT
    # no unit spans a line break: the zones' and the body's read apart are those of the text they join
    units = unit_keys("\n".join(clean)) | reading.units | _title_opening(item.title)
    # The keys view first: the intersection is a set either way (the view builds it), and so typed
    # (the stubs call ``units & surfaces.keys()`` a frozenset, which compiled code rejects: bench_compiled).
    for key in surfaces.keys() & units:
        extra[key] = extra.get(key, 0) | UNIT  # written as one unit: "access-control policies"
    title, question, summary, listed = zone_keys
    tails = Counter[str]()  # written after a name, as its product's part ("the Gemini API")
    for zone, zone_cut in zip(clean[1:], cut[1:]):
        tails.update(nesting.name_tails(zone, zone_cut))
    # An acronym stands or falls with its long form ("HBR" with "Harvard Business Review"), and a
    # plumbing acronym's long form with it ("Hypertext Transfer Protocol" with "HTTP").
    unnamed = {long for _short, long in acronyms if long in surfaces and not names_an_idea(
        long, tuple(surfaces[long].items()), extra.get(long, 0))}
    unnamed |= {short for short, long in acronyms if long in unnamed}
    protocols = reading.protocols
    unnamed |= {long for short, long in acronyms if short in lexicon.FILE_FORMATS or short in protocols}
    modifiers = attributive.attributive_only(text, surfaces, texts.lower)  # "multi-step reasoning": a modifier
    # "human approval signals": a phrase written where the item concludes only as one head's modifier, and
    # hardly ever as a head, is no term of the item (``enclosed``); one it names (defines, emphasises,
    # writes as one unit, with a hyphen or a capital) is left alone.
    modifiers |= enclosed.enclosed_only(chain.from_iterable(enclosed.noun_runs(tokens) for _m, tokens in cut), surfaces, {
        key for key in surfaces if " " in key and not extra.get(key, 0) & (DEFINED | EMPHASISED | UNIT)
        and not any(map(enclosed.named, surfaces[key]))}, text, texts.lower)
    unnamed |= modifiers
    # "large language" of "Large Language Model (LLM)": a piece of an expansion the item defines, written only
    # inside it, is no term of the item's own (``expansion_pieces``); one it defines or emphasises itself stays.
    if acronyms:
        unnamed |= pieces_only_inside(texts.tokens, {long for _short, long in acronyms}, [
            key for key in surfaces if " " in key and not extra.get(key, 0) & (DEFINED | EMPHASISED)])
    terms = []
    for key in sorted(surfaces):
        # The tests that drop a key first (a fifth of them): its score and its zones' flags only for a term
        # kept.  ``names_an_idea`` reads none of the zone flags, only ``extra``'s (``_IDEA_FLAGS``).
        if key in unnamed:
            continue
        by_surface = surfaces[key]
        ordered = tuple(by_surface.items() if len(by_surface) == 1 else sorted(by_surface.items(), key=_by_count))
        named = extra.get(key, 0)
        if not _names_an_idea(key, ordered, named & _IDEA_FLAGS, protocols):
            continue
        # Each zone's count looked up once: a key is in a zone's Counter when it counts it (once or more).
        in_title, asked, summarised, in_findings = title.get(key, 0), question.get(key, 0), summary.get(key, 0), listed.get(key, 0)
        score = _score((in_title, asked, summarised, in_findings), bonus.get(key, 0))
        flags = ((TITLE if in_title else 0) | (DENSE if asked or summarised or in_findings else 0)
                 | (STATED if asked or summarised else 0)
                 | (FREE if asked + summarised + in_findings > tails.get(key, 0) else 0)
                 | named)
        terms.append(Candidate(key, score, ordered, flags))
    dense = "\n".join(z for z in zones if z)
    own = {short for short, _long in acronyms}
    lone_acronyms = sorted({c.key for c in terms if " " not in c.key and any(is_acronym(s) for s, _n in c.surfaces)})
    # "ISO/IEC 42001", "GPT-4": an acronym the item writes only inside designations names them, not its expansion.
    designations = set(designation_only(scanned, lone_acronyms, texts.capitalised)) | {k for k in designated if not extra.get(k, 0) & DEFINED}
    # "NIST SP 800-53": a phrase of acronyms whose last the item writes only before a number is a
    # designation's prefix, a publisher's series code, no idea: the designation names the document.
    designations |= _designation_prefixes(scanned, terms)
    # "16 GB RAM": an acronym the item writes only after a number, and does not define, is a unit there (``measures``).
    designations |= {key for key in unit_only(scanned, lone_acronyms, texts.capitalised) if key not in own}
    if designations:
        terms = [c for c in terms if c.key not in designations]
    # "the Agents SDK", "custom GPTs": an acronym written mostly after one word is that compound's genre, and
    # neither it nor the expansion the item defines for it (nor a piece of that) is the item's term (``genres``).  Dropped from
    # the terms returned only: the scans below still read the item's words as before (the long form
    # still bounds its own fragments: "application programming" in "application programming interface").
    genres: set[str] = set() if counts_only else set(
        genre_only(scanned, [key for key in lone_acronyms if key not in designations], texts.capitalised))
    genre_keys = genres | {piece for short, long in acronyms if short in genres for piece in _pieces(long)}
    # "RMF" written only in "AI RMF": a piece of a longer name, no term of its own, nor its spelled-out
    # expansion (``genres.chained_only``); one the item defines alone is its word.  (Terms only: the
    # counts-only reading keeps none.)
    if not counts_only:
        genre_keys |= set(chained_only(scanned, [key for key in lone_acronyms if key not in own and key not in designations
                                                 and key not in genres], texts.capitalised))
    undefined = [key for key in lone_acronyms if key not in own and key not in designations and key not in genre_keys]
    spelled = spelled_out(scanned, undefined, texts.folded()) if undefined and not counts_only else ()
    # Its two-word terms may be topics ("technical debt"), which the corpus decides (``vocabulary.topics``).
    phrases = {c.key: [s for s, _n in c.surfaces] for c in terms if c.key.count(" ") == topics.PHRASE_WORDS - 1}
    # (the phrases counted in the stated zones too, see below, from the forms the whole text's scan built)
    phrase_counts, pairs, frames, stated_phrases, related = topics.phrase_scan_cut(
        texts.tokens, texts.dense_tokens, texts.stated_tokens, phrases,
        marks=first[1] if first is not None and texts.tokens is first[0].tokens else None)
    # "the causal chain from X to Y": a phrase the item writes mostly (more than half its mentions) before "from" or "between" names
    # the relation between what follows, a frame each item fills with its own two things, no idea
    # (``related``: ``topics.relation_mentions``, read in the same pass).
    relational = relational_frames(phrase_counts, related)
    if relational:
        phrase_counts = tuple(p for p in phrase_counts if p[0] not in relational)
        stated_phrases = tuple(p for p in stated_phrases if p[0] not in relational)
    # and the words it writes as names ("Microsoft"), the nouns a field derives ("embeddings") and
    # its hyphenated compounds ("human-in-the-loop") and the convention files it names ("AGENTS.md"):
    # topics too when the corpus shares them; the letter runs of each text cut once (``texts``) for the
    # topic words, names and derived words.
    # Each counted again where the item states its subject (title, question, summary: ``STATED``): the
    # mentions an item links a topic by (``vocabulary.topics``).  That text opens the dense zones, so
    # a word none of them names has none there: only the scans that found one are run again.
    runs, dense_runs, stated_runs = texts.runs, texts.dense_runs, texts.stated_runs
    longer, mined = _longer_names(terms), {c.key for c in terms}
    concluded, concluded_runs = _concluded(item, dense_text, dense_runs, repositories, unread)
    # Both compound scans read the whole text's hyphenated runs: cut once for the two.
    hyphens = compounds.hyphen_runs(texts.data) if "-" in text else None
    prefixed = compounds.prefixed_mentions(text, concluded, texts.data, hyphens)
    words = tuple(sorted(chain(
        _with_stated(topics.mentions(text, concluded, runs, concluded_runs),
                     lambda: topics.mentions(stated, stated, stated_runs, stated_runs)),
        _with_stated(phrase_counts, lambda: stated_phrases),
        derived.derived_mentions_stated(text, concluded, stated, runs, concluded_runs, stated_runs),
        names.name_mentions_stated(text, dense_text, stated, longer, runs, dense_runs, stated_runs),
        _with_stated(compounds.compound_mentions(text, dense_text, mined, texts.data, hyphens),
                     lambda: compounds.compound_mentions(stated, stated, mined)),
        _with_stated(prefixed, lambda: compounds.prefixed_mentions(stated, stated)),
        _with_stated(files.file_mentions(text, dense_text), lambda: files.file_mentions(stated, stated)))))
    if counts_only:
        return ItemCandidates(item.slug, (), topic_words=words, pairs=pairs, frames=frames), texts
    # "multi-hop reasoning", never "multi-hop" alone: a prefixed compound the item writes only as a modifier
    # (``compounds.modifiers_only``), which the corpus reads when it decides the topics (``vocabulary.topics``);
    # the counts-only reading keeps no modifiers, so it is read here, after that reading returns
    modifiers |= compounds.modifiers_only(prefixed, text, texts.lower)
    # and which of those it addresses it writes in the plural: the plural alias it may give their nodes
    in_plural = plurals.written((key for key, n, dense_n, _stated in words if topics.addresses(n, dense_n)), runs, pairs)
    # "operational risk": a vague noun a relational adjective classifies is a topic phrase when the corpus
    # shares it (counted above), not one of the item's own terms (``idea.names_a_kind``).
    # "least-privilege": a pair opened by a word that opens no term, joined by the item's hyphen, likewise
    # (``idea.names_a_joined_pair``).
    kinds = {c.key for c in terms if " " in c.key and (names_a_kind(c.key, c.flags) or names_a_joined_pair(c.key, c.flags))}
    dropped = genre_keys | relational | kinds
    kept = tuple(c for c in terms if c.key not in dropped) if dropped else tuple(terms)
    return ItemCandidates(item.slug, kept, tuple(sorted(acronyms)), dense, spelled, words, pairs, frames, in_plural,
                          tuple(sorted(modifiers)),
                          addressed_keys(words, runs, dense_runs)), texts


def _designation_prefixes(scanned: str, terms: Sequence[Candidate]) -> set[str]:
    """The keys of ``terms`` of two or more words, each written as an acronym wherever the item writes
    the phrase ("NIST SP"), whose last acronym the item writes only before a document's number
    ("NIST SP 800-53", "SP 800-207"): a publisher's series code, named by the document it numbers,
    no idea of its own.  Not before a version ("NIST AI RMF 1.0": the framework, in its first
    edition, is the thing named).  The item's text alone decides."""
    # A surface in lower case holds no acronym (a capital after a word's first letter): two terms in three are
    # left out by that one C test before a word of theirs is cut and looked at (mine73).
    chains = {c.key: c.surfaces[0][0].split()[-1] for c in terms if " " in c.key and not c.surfaces[0][0].islower()
              and all(all(map(is_acronym, surface.split())) for surface, _n in c.surfaces)}
    found: set[str] = set()
    numbered: dict[str, bool] = {}
    for key, last in chains.items():
        if last not in numbered:
            ends = _word_ends(scanned, last)
            numbered[last] = bool(ends) and all(_DOCUMENT_NUMBER.match(scanned, end) for end in ends)
        if numbered[last]:
            found.add(key)
    return found


def _word_ends(text: str, word: str) -> list[int]:
    r"""The end of each time ``text`` writes ``word`` with no word character or hyphen either side:
    the matches of ``(?<![\w-])word(?![\w-])``, found by ``str.find`` (a pattern compiled per acronym
    cost more than the search; ``\w`` is ``str.isalnum`` or "_")."""
    ends = []
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not _in_word(text[at - 1])) and (end == len(text) or not _in_word(text[end])):
            ends.append(end)
            at = text.find(word, end)  # matches do not overlap
        else:
            at = text.find(word, at + 1)
    return ends


def _in_word(char: str) -> bool:
    return char.isalnum() or char in "-_"


#: A document's number after a series code: "800-53", " 42001"; not a version ("1.0", "2.1": a dot
#: between digits) nor a model's name ("GPT-4o": letters after the digits).
_DOCUMENT_NUMBER = re.compile(r"\)?[ \t]?-?\d+(?![.,]\d|\w)")


def _pieces(key: str) -> Iterator[str]:
    """``key`` and every run of two or more of its words: an expansion's pieces, which mining also
    offers ("application programming" of "application programming interface")."""
    words = key.split(" ")
    return (" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, len(words) + 1))


def _with_stated(found: tuple[tuple[str, int, int], ...], stated: Callable[[], tuple[tuple[str, int, int], ...]]
                 ) -> Iterator[tuple[str, int, int, int]]:
    """Each (key, mentions, dense mentions) of ``found`` with its mentions in the stated zones, from
    ``stated()``: the same count over the title, question and summary alone (0 where it has none),
    run only when one of ``found`` is named in the dense zones (they open with the stated ones)."""
    where = {key: n for key, _n, n in stated()} if any(dense for _key, _n, dense in found) else {}
    return ((key, n, dense, where.get(key, 0)) for key, n, dense in found)


def _longer_names(terms: Sequence[Candidate]) -> tuple[str, ...]:
    """The item's terms of several words as written, each once: the names a name word may open
    (``names.name_mentions``: "Claude Code")."""
    return tuple(sorted({surface for c in terms if " " in c.key for surface, _n in c.surfaces}))


#: The flags ``idea.names_an_idea`` reads (tests/extract/test_idea.py holds the others idle): where in the
#: item a term is written (its title, its dense zones) does not change whether it names an idea.
_IDEA_FLAGS = ACRONYM | DEFINED | EMPHASISED | UNIT


@lru_cache(maxsize=100_000)
def _names_an_idea(key: str, surfaces: tuple[tuple[str, int], ...], flags: int, protocols: frozenset[str]) -> bool:
    """``names_an_idea``, remembered: a pure function of its arguments, and the same (term, surfaces,
    flags) recurs across items (five calls in six over a generated 1,000-item corpus).  ``candidates``
    asks it with ``_IDEA_FLAGS`` alone, so that where the item writes the term splits no answer."""
    return names_an_idea(key, surfaces, flags, protocols)


def _title_opening(title: str) -> set[str]:
    """The pair a title opens with ("Transaction Cost Economics: foundations ..."): what the item is
    about, named as its subject, not a setting it is placed in ("... in enterprise environments")."""
    opening = _OPENING_PAIR.match(title)
    return {term_key(opening.group(1) + " " + opening.group(2))} if opening else set()


_OPENING_PAIR = re.compile(r"\s*([^\W_]+)[ -]([^\W_]+)\b")


def _count(counts: dict[str, int], surface: str) -> None:
    counts[surface] = counts.get(surface, 0) + 1


def _by_count(kv: tuple[str, int]) -> tuple[int, str]:
    return -kv[1], kv[0]


@lru_cache(maxsize=4096, typed=True)  # few distinct (counts, bonus); typed: a missing bonus stays int 0
def _score(counts: tuple[int, int, int, int], bonus: float) -> float:
    return round(sum(w * (1 + math.log(c)) for w, c in zip(_ZONE_WEIGHTS, counts) if c) + bonus, 4)
