"""A node's type, read from more of the phrase than its head word, apart from the slot it takes.

``terms.classify`` reads a term's kind from its head word, and an item's caps count the term
under that kind (its *slot*: ``choice.local_choice``).  Some phrases say more than their head:

* **"X as Y" with Y, the last word, something written** ("policy as code", "infrastructure as code"): the phrase
  casts a thing in a written form, a way of handling it: a method, as "LLM as judge" (Y a person's
  role, ``classify``) is.  WordNet gives the written form (``wordnet.is_written``: its first sense
  is noun.communication: "code", "text", "specification"); "software as a service" (an act) is no
  such casting and keeps its head's kind.
* **A method phrase opened by a brand** ("GitHub code search", "LanceDB vector search"): the first
  word, as the term's label writes it, is closed up with a capital inside ("GitHub", "OpenAI",
  "ServiceNow"), a trade name's spelling no English word has, and a compound follows.  The phrase
  names that organisation's product or feature, and products are concepts (README, "What is a
  concept, decided").  A brand and one activity noun ("ServiceNow analysis") is an activity on or
  by it and keeps its head's kind.

* **A method an item names as a theory** ("the predictive processing framework", "the PP framework"):
  an item's dense zones (title, question, summary, findings: ``ItemCandidates.dense``) write "the X N"
  with N a noun whose first WordNet sense is a cognition under explanation or hypothesis ("theory",
  "framework", "model": ``wordnet.is_theory``).  The node is a concept when an item that writes it
  writes it so and none writes it before a way of doing ("X technique", "X method", "X analysis":
  ``wordnet.is_activity``), the conservative reading: one item's "X techniques" keeps X a method whatever
  another's "the X framework" says.  Each item's frames depend on its dense zones only (``item_frames``,
  ``names_a_theory``; ``unchanged.selection_unchanged`` rebuilds when they change).  Only this
  direction: a way-of-doing noun also follows things a technique uses ("prompt injection technique",
  "ServiceNow process"), and "X prompting" follows "knowledge graph" as it does "chain-of-thought"
  (``bench/bench_type_frames.py``, CHANGELOG types18).  A coordination shares its frame noun: "the
  Predictive Processing (PP) / Predictive Coding (PC) framework" names both a theory ("the A / B N",
  "the A and B N", "the A or B N": ``coordinated_theories``), as "the predictive coding framework" would.
* **A method an item writes as a task** ("code generation benchmarks", "accuracy on question
  answering"): an item's dense zones write the name before "task(s)"/"benchmark(s)", or after a
  measure and "on"/"at" ("accuracy on X", ``MEASURE_NOUNS``), where it ends its phrase (``_HEAD``: punctuation,
  a function word or the end follows).  A task one evaluates on is a concept, no way of doing.  The
  node is a concept when an item writes it so and none gives it a way of doing's role: "using / via / by
  means of X", "apply / employ / adopt / practise / perform (a, the) X" (``item_roles``).  Only this
  direction: tools are used "via" and "using" as often as techniques are (``bench/bench_type_usage.py``,
  CHANGELOG types25: "via/using GitHub Actions" in 8 research items, "using RAG" in none).

The node takes the refined type; the item's caps counted the term under its slot, and the graph's
caps do not count it again (``Term.slot``, ``graph.terms``): a retyped term keeps every item slot
it had, so a type change never makes a node vanish (moving a method into the concept caps, where
the themes take slots first, would).  The first two rules read the term's key and label only (the
label is the earliest item's spelling, which names the term too): no corpus count, so no other item's
edit retypes a node by them.  The theory and task rules read the dense zones of the items that write
the term (``theory_kind``, ``task_kind``), so an edit of one of those can: a ``retyped`` event
(``kgsync.diff.vocab_events``).

Measured and left out (issue 21, ``bench/kin_signals.py``; the reader's type faults: machine
learning, platform engineering, predictive coding and processing typed as methods, fields or
theories; constitutional AI a concept, a training technique):

* the lexicographer file of the head's first sense (noun.act a deed one does; noun.cognition,
  noun.process a faculty or a process): "learning" is noun.cognition in machine learning and in
  reinforcement learning alike (a method, the reader says), "coding" and "engineering" are
  noun.act; of the 17 methods of the 273 items whose head is no act, 2 are reader faults;
* the types of the nodes items list beside it ("RAG, RLHF, Constitutional AI"): 3 of the faults
  (machine learning, platform engineering, predictive processing) among 19 nodes over the 273
  items (context engineering, RLHF, test-driven development, semantic search...: methods the
  reader confirms), and constitutional AI not at all (RAG, its neighbour, is a concept node).
* WordNet in place of ``lexicon``'s lists (types15, ``bench/bench_types.py``): an "-ing" head a method
  when its verb takes "Somebody ----s something" and no noun of that spelling is first a thing or a
  state, instead of ``ING_NOUNS``/``ING_EVENTS``, changes 332 "-ing" words of the 273 items, and of 50
  an engineer judged it gets 6 right ("funding", "poisoning" concepts), the lists 44 ("hosting",
  "streaming", "retraining" are no things; "embedding", "reward hacking", "forgetting" are no
  procedures: WordNet 3.0 lists no noun "embedding", and "hack", "forget", "game" take objects).
  Built, it made "reward hacking" and "pre-computed embedding" method nodes and dropped "type-
  constrained decoding".  A noun head a method when a sense is an act, process or cognition derived
  from such a verb, instead of ``METHOD_HEADS``, admits 33-44 of its 56 nouns but makes 20-31 of the
  135 labelled concept heads methods ("adoption", "reduction", "enforcement", "governance"): WordNet
  has no sense that tells a technique from a deed that happens.
* concept to method (chain-of-thought, constitutional AI, context injection: types78, scratch measures over
  the research items, labels of types18/19): a member of a list a way of doing introduces ("techniques: A, B,
  C", "methods (A, B)", "techniques such as A"; the noun's first WordNet sense under method, technique or
  procedure) is right for 2 nodes and wrong for 3 in the whole text ("knowledge graphs" listed among
  techniques, "processes: Claude Code, Aider"), 0 right and 2 wrong in the dense zones; the name before
  such a noun ("X technique(s)", whole text) 1 right (context injection) and 9 wrong ("agentic AI
  techniques", "the AGENTS.md heuristic", "prompt-injection technique", "ServiceNow process"); "X M" with
  M a method head and no item writing "a/the X" (a technique's name takes no article) 1 right
  (chain-of-thought) and 5 wrong in the dense zones ("ServiceNow analysis", "source map generation",
  "operational risk detection"), 12 wrong in the whole text; with M a gerund only ("prompting", "encoding"),
  built and run on the research items, 1 right and 3 wrong (access control, CIA, "H-neurons encoding").
  What names a technique ("mitigation approaches: RAG, Constitutional AI"; "Constitutional AI trains a
  model") is written as readily of products and of the things a technique works on.
* method to concept for a field of study (machine learning, platform engineering; names149,
  ``bench/bench_field_frames.py``): a linking item writing "X research / literature / community /
  discipline / practitioners" or "field of X", "advances in X".  The items write that of what they study,
  techniques as much as fields: in the research items' dense zones 2 right and 3 wrong (policy as code,
  RLHF, type-constrained decoding), in their whole text 2 right and 7 wrong ("prompt engineering
  literature", "TDD discipline", "GraphRAG community"), with no way-of-doing role as the guard 2 and 6; software engineering
  gets no such frame; on a new repository (the later items alone) 0 of 1 in the dense zones, 1 right
  and 1 wrong ("RAG research") in the whole text.
* the role an item gives the name (types172, ``bench/bench_type_roles.py``; a node flips when an item votes
  against its type and none for it): the object of a way of doing's verb ("apply / employ / practise /
  perform / implement / use (a, the) X", X ending its phrase) retypes 36 concepts of the research graph,
  2 right (chain-of-thought, reciprocal rank fusion), 2 either, 32 wrong (products, companies and
  standards are used and implemented: "using Claude Code", "using GitHub Actions"); without implement and
  use, 6, all wrong ("applies least privilege", "performs access control"); in the dense zones 11 (1
  right) and 2 (0 right); on the later items alone 4 wrong and 0.  A copula or apposition with a
  wider way-of-doing noun (WordNet's practice, approach, strategy) for a method, a field or
  discipline for a concept, 4 research flips, all wrong ("embedding is a standard practice", "cost
  reduction is a good strategy", "context engineering is a new field"); "the field of X" 1, wrong.
"""

from __future__ import annotations

import re

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, partial
from typing import NamedTuple

from kgsync.extract import wordnet
from kgsync.extract.canonical import word_key
from kgsync.vocabulary.terms import TermKind

#: A lower-case letter then a capital inside one word: a trade name's spelling ("GitHub", "OpenAI").
_CLOSED_UP = re.compile(r"[a-z][A-Z]")


def node_kind(key: str, label: str, slot: TermKind) -> TermKind:
    """The node's type of a term whose head gives ``slot`` (see the module doc)."""
    if slot is TermKind.CONCEPT and is_cast_as_written(key):
        return TermKind.METHOD
    if slot is TermKind.METHOD and is_brand_led(label):
        return TermKind.CONCEPT
    return slot


#: A word of an item's dense zones, or a parenthesis (an aside after a name is skipped: "PP (predictive processing)").
_TOKEN = re.compile(r"[a-z0-9][a-z0-9']*|[()]")
#: The longest name, in words, a frame is read after, and the longest aside skipped before a frame noun.
_LONGEST = 8


class ItemFrames(NamedTuple):
    """The word runs (one to ``_LONGEST`` words, lower case, one space between) an item's dense zones
    write as a theory ("the X framework") and before a way of doing ("X technique"): ``item_frames``."""

    theory: frozenset[str]
    way: frozenset[str]


def item_frames(dense: str) -> ItemFrames:
    """The runs the dense zones ``dense`` (``ItemCandidates.dense``) frame as a theory or as a way of
    doing (see the module doc): the text alone, so an item's frames depend on that item only.

    One pass over the words; before each frame noun, the last one to ``_LONGEST`` words (after an
    aside in parentheses)."""
    words = _words(dense)
    frame_words = {word: kind for word in set(words) if any(kind := _frame_kind(word))}
    theory: set[str] = set()
    way: set[str] = set()
    for i in (i for i, word in enumerate(words) if word in frame_words):
        is_theory, is_way = frame_words[words[i]]
        end = i
        if end and words[end - 1] == ")":  # "predictive processing (PP) framework"
            opened = next((j for j in range(end - 2, max(end - 2 - _LONGEST, -1), -1) if words[j] == "("), None)
            if opened is None:
                continue
            end = opened
        for n in range(1, min(_LONGEST, end) + 1):
            run = words[end - n:end]
            if "(" in run or ")" in run:
                break
            if is_theory and end - n > 0 and words[end - n - 1] == "the":
                theory.add(" ".join(run))
            elif is_way:
                way.add(" ".join(run))
    return ItemFrames(frozenset(theory) | coordinated_theories(flat(dense)), frozenset(way))


@lru_cache(maxsize=100_000)
def _frame_kind(word: str) -> tuple[bool, bool]:
    """(a theory noun, a way-of-doing noun): ``wordnet.is_theory``, ``wordnet.is_activity`` of its key."""
    noun = word_key(word)
    return wordnet.is_theory(noun), wordnet.is_activity(noun)


def _spaced(text: str) -> str:
    """``text`` in the one spelling runs and texts are compared in: lower case, hyphens as spaces."""
    return text.lower().replace("-", " ")


def _words(text: str) -> list[str]:
    """The words (and parentheses) of ``text`` as ``item_frames`` reads them: ``_spaced``, punctuation dropped."""
    return _TOKEN.findall(_spaced(text))


def frame_run(name: str) -> str:
    """``name`` (a key or a surface) as ``item_frames`` writes a run: its ``_words``, one space between."""
    return " ".join(_words(name))


def flat(dense: str) -> str:
    """``dense`` as ``names_a_theory`` reads it: ``_spaced``, one space between words, and its punctuation
    kept, so that "the R N" is found only where no comma or full stop parts R from "the" or from N."""
    return " ".join(_spaced(dense).split())


def names_a_theory(text: str, runs: Iterable[str]) -> bool:
    """Does ``text`` (``flat``) write "the R N", R one of ``runs`` (``frame_run``s) and N a theory noun?
    The cheap test ``theory_kind`` runs first: a few string searches, no pass over every word."""
    for run in runs:
        if not run:
            continue
        at = text.find(f"the {run} ")
        while at >= 0:
            after = _TOKEN.match(text, at + len(run) + 5)  # the word after "the R "
            if (at == 0 or not text[at - 1].isalnum()) and after and _frame_kind(after.group())[0]:
                return True
            at = text.find(f"the {run} ", at + 1)
    return False


#: A word as ``flat`` writes it, with no punctuation around it.
_BARE = re.compile(r"[a-z0-9][a-z0-9']*")
#: What joins two names that share the noun after the second: "the A / B framework", "the A and B model".
_COORDINATORS = frozenset({"/", "and", "or"})
#: The longest aside (in ``flat``'s space-parted pieces) skipped after a name: "(PP)", "(predictive coding)".
_ASIDE_PIECES = 4


@lru_cache(maxsize=4096)
def coordinated_theories(text: str) -> frozenset[str]:
    """The names ``text`` (``flat``) writes as two conjuncts that share a theory noun after "the": A and B of
    "the A / B N", "the A and B N", "the A or B N" (each one to ``_LONGEST`` words, an aside in parentheses
    after either skipped: "the predictive processing (pp) / predictive coding (pc) framework").  Each conjunct
    is the whole run between "the", the coordinator and the noun, so a longer phrase before "the" or a word
    left over gives no name.  Cached by the text: an item's dense zones, read once for every method term."""
    pieces = text.replace("/", " / ").split()
    out: set[str] = set()
    for noun in _theory_nouns(set(pieces)):
        at = 3  # a noun needs "the A / B" before it: four pieces at least
        while (at := _next_index(pieces, noun, at + 1)) >= 0:
            second, end = _conjunct(pieces, _past_aside(pieces, at - 1), _COORDINATORS)
            if not second or end < 0 or pieces[end] not in _COORDINATORS:
                continue
            first, end = _conjunct(pieces, _past_aside(pieces, end - 1), _THE)
            if first and end >= 0 and pieces[end] == "the":
                out.update((" ".join(first), " ".join(second)))
    return frozenset(out)


_THE = frozenset({"the"})
#: The pieces ``_theory_nouns`` has read, and those of them that are a theory noun: a piece's kind does not
#: depend on the text it is in, so each distinct piece is classified once a process, and a text's nouns are
#: a set difference and an intersection (C) instead of a Python step per distinct piece of every text (at
#: 10,000 items that step was most of the vocabulary stage's ``theory_kind``).
_READ_PIECES: set[str] = set()
_THEORY_PIECES: set[str] = set()


def _theory_nouns(distinct: set[str]) -> set[str]:
    """The pieces of ``distinct`` that are a theory noun (``_frame_kind``; ``_BARE`` reads the word in a piece)."""
    unread = distinct - _READ_PIECES
    if unread:
        _THEORY_PIECES.update(p for p in unread if (noun := _BARE.match(p)) and _frame_kind(noun.group())[0])
        _READ_PIECES.update(unread)
    return distinct & _THEORY_PIECES


def _next_index(pieces: list[str], piece: str, start: int) -> int:
    """Where ``piece`` is next in ``pieces`` from ``start`` (``list.index``, in C), or -1."""
    try:
        return pieces.index(piece, start)
    except ValueError:
        return -1


def _past_aside(pieces: list[str], at: int) -> int:
    """``at``, or the piece before the aside in parentheses that ends at ``at`` (up to ``_ASIDE_PIECES`` pieces)."""
    if at < 0 or not pieces[at].endswith(")"):
        return at
    opened = next((i for i in range(at, max(at - _ASIDE_PIECES, -1), -1) if pieces[i].startswith("(")), None)
    return at if opened is None else opened - 1


def _conjunct(pieces: list[str], at: int, stops: frozenset[str]) -> tuple[list[str], int]:
    """The bare words (up to ``_LONGEST``) that end at ``at``, back to the piece ``stops`` holds or the first
    that is no bare word (punctuation ends a conjunct), and where they stopped."""
    words: list[str] = []
    while at >= 0 and len(words) < _LONGEST and pieces[at] not in stops and _BARE.fullmatch(pieces[at]):
        words.append(pieces[at])
        at -= 1
    return words[::-1], at


def written_as_theory(names: Iterable[str], dense: Iterable[str], frames: Callable[[], Iterable[ItemFrames]]) -> bool:
    """Does an item (``dense``: the dense zones of the term's items, ``flat``) frame one of ``names`` (a term's
    keys and surfaces) as a theory, and none (``frames``: their ``item_frames``) as a way of doing?"""
    return _written_as_theory(names, ((text, partial(coordinated_theories, text)) for text in dense), frames)


def _written_as_theory(names: Iterable[str], dense: Iterable[tuple[str, Callable[[], frozenset[str]]]],
                       frames: Callable[[], Iterable[ItemFrames]]) -> bool:
    """``written_as_theory``, each text with what gives its ``coordinated_theories`` (asked only where
    ``names_a_theory`` finds none)."""
    runs = frozenset(map(frame_run, names))
    if not any(names_a_theory(text, runs) or not theories().isdisjoint(runs) for text, theories in dense):
        return False
    return not any(not f.way.isdisjoint(runs) for f in frames())


def theory_kind(kind: TermKind, names: Iterable[str], items: Iterable[str], dense: Callable[[str], str],
                theories: Callable[[str], frozenset[str]] | None = None) -> TermKind:
    """``kind``, or concept for a method its items (slugs; ``dense``: a slug's dense zones, ``flat``) name as a
    theory only (``written_as_theory``).  A way of doing is looked for only where a theory frame is
    found, so most items are read by a few string searches.  ``theories``: a slug's ``coordinated_theories``
    of its ``dense``, made already (``text_kinds``: in another process); None: made here."""
    if kind is TermKind.METHOD:
        slugs = list(items)
        texts = ((dense(s), partial(theories, s) if theories is not None else partial(coordinated_theories, dense(s)))
                 for s in slugs)
        if _written_as_theory(names, texts, lambda: (item_frames(dense(s)) for s in slugs)):
            return TermKind.CONCEPT
    return kind


#: English's closed classes (prepositions, conjunctions, auxiliaries, relatives): after one, a name has ended its phrase.
FUNCTION_WORDS = ("a an the and or nor but of for to in on at by with from into onto over under than as about across after "
             "against among before behind between beyond during per via within without is are was were be been being "
             "has have had do does did can could may might must shall should will would that which who whom whose "
             "where when while if because so not also alone only").split()
#: What follows a name that heads its phrase: punctuation, a function word, or the end of the text.
_HEAD = re.compile(r"(?=\s*[^\w\s]|\s+(?:" + "|".join(FUNCTION_WORDS) + r")\b|\s*$)")
#: A web address: no prose, read by no role.
_URL = re.compile(r"(?:https?://|www\.)\S+")
#: Nouns of measurement: "accuracy on X" names X as what is measured.
MEASURE_NOUNS = frozenset("accuracy performance score scores result results gain gains improvement improvements error errors".split())
#: "X task(s)", "X benchmark(s)": the noun; "accuracy on X", "performance at X": the preposition.  Each found
#: first, and the words read from it (a regex tried at every word costs every build a try per word).
_TASK_NOUN = re.compile(r" (?:tasks?|benchmarks?)\b")
_ON = re.compile(r" (?:on|at) ")
#: A word as ``flat`` writes it.
_WORD = re.compile(r"[a-z0-9][a-z0-9']*")
#: The word a piece of text ends with, after punctuation: "quality" of "(quality".
_TAIL = re.compile(r"(?<![a-z0-9'])[a-z0-9][a-z0-9']*$")
#: An aside in parentheses between a name and its task noun: "question answering (QA) tasks".
_ASIDE = 40
#: A way of doing's role: "using / via / by means of (the) X", "apply / employ / adopt / practise / perform (a, the) X".
_ROLE = re.compile(r"\b(?:(?:using|via|by means of) (?:the )?|(?:appl(?:y|ies|ied|ying)|employ(?:s|ed|ing)?|"
                   r"adopt(?:s|ed|ing)?|practi[sc](?:e|es|ed|ing)|perform(?:s|ed|ing)?) (?:an? |the )?)(?=[a-z0-9])")


class ItemRoles(NamedTuple):
    """The word runs an item's dense zones (``flat``) write as a task ("X tasks", "accuracy on X") and in
    a way of doing's role ("using X", "apply X"): ``item_roles``."""

    task: frozenset[str]
    way: frozenset[str]


def item_roles(dense: str) -> ItemRoles:
    """The runs an item's dense zones ``dense`` write as a task or in a way of doing's role (see the module
    doc): the text alone, so an item's roles depend on that item only.  Read in ``flat``'s spelling with its
    web addresses left out (no prose: "github.com/GraphRAG-Bench/GraphRAG-Benchmark" is no "GraphRAG
    benchmark").  Each run ends where the name ends its phrase (``_HEAD``) or, for "X tasks", before the
    noun; every shorter run that ends there counts too."""
    return ItemRoles(_tasks(dense), _ways(dense))


def _prose(dense: str) -> str:
    """``dense`` as ``item_roles`` reads it: ``flat``, its web addresses left out (not cached: a text as long as
    the item's; ``_tasks`` and ``_ways`` cache their small sets, by the text the item holds anyway)."""
    return flat(_URL.sub(" ", dense) if "://" in dense or "www." in dense else dense)


@lru_cache(maxsize=4096)
def _tasks(dense: str) -> frozenset[str]:
    """``item_roles``'s tasks: the cheap half, read first (most texts write no task of a method)."""
    text = _prose(dense)
    task: set[str] = set()
    for noun in _TASK_NOUN.finditer(text):
        words = _words_before(text, noun.start())
        task.update(" ".join(words[i:]) for i in range(len(words)))
    for on in _ON.finditer(text):
        if text[text.rfind(" ", 0, on.start()) + 1:on.start()] in MEASURE_NOUNS:
            task |= _runs_from(text, on.end())
    return frozenset(task)


@lru_cache(maxsize=4096)
def _ways(dense: str) -> frozenset[str]:
    """``item_roles``'s ways of doing: read only for a method some item writes as a task (``task_kind``)."""
    text = _prose(dense)
    out: set[str] = set()
    for match in _ROLE.finditer(text):
        out |= _runs_from(text, match.end())
    return frozenset(out)


def _words_before(text: str, at: int) -> list[str]:
    """The words (up to ``_LONGEST``) that end right before ``at``, past an aside in parentheses, back to
    the first that is no word (punctuation stops a run)."""
    seg = text[max(0, at - 8 * _LONGEST * 12):at].rstrip()
    if seg.endswith(")"):
        opened = seg.rfind("(")
        inner = seg[opened + 1:-1]
        if opened < 0 or not 1 <= len(inner) <= _ASIDE or ")" in inner:
            return []
        seg = seg[:opened].rstrip()
    words: list[str] = []
    for piece in reversed(seg.split(" ")[-_LONGEST:]):
        if not _WORD.fullmatch(piece):
            if tail := _TAIL.search(piece):  # "(quality", "pass@1": the word after the punctuation
                words.append(tail.group())
            break
        words.append(piece)
    return words[::-1]


def _runs_from(text: str, start: int) -> set[str]:
    """The runs of one to ``_LONGEST`` words from ``start`` that end a phrase (``_HEAD`` follows)."""
    out: set[str] = set()
    end = start
    for n, word in enumerate(_WORD.match(text, i) for i in _word_starts(text, start)):
        if word is None or n == _LONGEST:
            break
        end = word.end()
        if _HEAD.match(text, end):
            out.add(text[start:end])
    return out


def _word_starts(text: str, start: int) -> Iterator[int]:
    """Where each word of the run from ``start`` begins: one space after the last word, as ``flat`` writes."""
    at = start
    while True:
        yield at
        word = _WORD.match(text, at)
        if word is None or not text.startswith(" ", word.end()):
            return
        at = word.end() + 1


def task_kind(kind: TermKind, names: Iterable[str], items: Iterable[str], dense: Callable[[str], str],
              tasks: Callable[[str], frozenset[str]] | None = None) -> TermKind:
    """``kind``, or concept for a method one of its items (slugs; ``dense``: a slug's dense zones) writes as a task
    and none in a way of doing's role (``item_roles``; the module doc).  ``tasks``: a slug's ``item_roles`` tasks,
    made already (``text_kinds``: in another process); None: made here."""
    if kind is TermKind.METHOD:
        runs = frozenset(map(frame_run, names))
        slugs = list(items)
        texts = [dense(slug) for slug in slugs]
        found = map(_tasks, texts) if tasks is None else map(tasks, slugs)
        if any(not task.isdisjoint(runs) for task in found) and all(_ways(t).isdisjoint(runs) for t in texts):
            return TermKind.CONCEPT
    return kind


def text_kinds(dense: str) -> tuple[frozenset[str], frozenset[str]]:
    """What ``theory_kind`` and ``task_kind`` read of an item's dense zones ``dense`` whatever the term: its
    ``coordinated_theories`` (of ``flat``) and its ``item_roles`` tasks.  The item's text alone decides them."""
    return coordinated_theories(flat(dense)), _tasks(dense)


def is_cast_as_written(key: str) -> bool:
    """Is ``key`` "X as Y" with Y, its last word, a noun of something written ("policy as code")?
    Not "[governance as accelerator] thesis" (a thesis: "as" is not before the last word), nor
    "treated as separate" (Y a modifier: WordNet's adjective is as common as its noun)."""
    words = key.split(" ")
    return (len(words) >= 3 and words[-2] == "as" and wordnet.is_written(words[-1])
            and not wordnet.is_modifier(words[-1]))


def is_brand_led(label: str) -> bool:
    """Is ``label`` a phrase whose first word is spelled as a trade name and whose rest is a
    compound ("GitHub code search", "LanceDB vector search": the brand's named feature)?  Not a
    brand and one activity noun ("ServiceNow analysis", "arXiv research": an activity on or by
    the brand, no product)."""
    first, _space, rest = label.partition(" ")
    return len(rest.split()) >= 2 and bool(_CLOSED_UP.search(first))
