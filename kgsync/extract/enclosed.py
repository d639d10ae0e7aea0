"""Which phrases an item writes only inside one longer phrase: "human approval signals".

C-value (Frantzi, Ananiadou & Mima 2000) gives a candidate that occurs only nested in one longer
candidate no termhood of its own.  Mining reads an item's title, research question, executive
summary and key findings (``mining.candidates``) and takes every phrase of a word run that may be
a term, the pieces of a longer run too.  So an item whose findings write only "RLHF trains models
on human approval signals" offered "human approval" as its term, and joined the items about
approval gates before an action; one whose findings write only "global supply chain complexity"
joined the items about AI supply-chain security (issue 21).

English noun compounds are headed on the right: a phrase written before another noun of its run
modifies that noun ("approval signals": signals of a kind), while a word before the phrase only
narrows it ("pre-execution human approval" is still human approval).  So a phrase of several
words is no term of the item (``enclosed_only``) when

* where the item concludes, every time it is written, the same next word, the last of its run,
  makes a longer phrase that may be a term (``phrases.check_phrase``): it is, each time, the modifier of
  one head (a run's last noun heads it; a word inside a longer run may be a verb the lexicon does
  not know, "research agents use MCP", and says nothing; so may a word WordNet lists as no noun,
  "blast radius differ", or one after a plural, "productivity gains compound": ``_modifies``);
  written alone, or before two different heads ("supply chain risk", "model supply chain
  compromise"), it is the item's own unit; and
* its whole text writes it as a head (the run ends with it) fewer than ``HEAD_MENTIONS`` times,
  leaving out the mentions inside a parenthesised or bracketed list ("(multinational
  corporations, global supply chains)"): an example given in passing is an aside, not the item's
  term.  An item that writes the bare phrase again and again uses it, whatever its findings say.

Only phrases of plain lower-case words (``named``): a hyphenated or capitalised one is a unit the
writer made or a name, whatever head follows it.  The item's own text alone decides, as for every
candidate.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from functools import lru_cache
from itertools import groupby

from kgsync.extract import wordnet
from kgsync.extract.phrases import TOKEN_OR_BREAK, MAX_WORDS, is_break, phrase_slices, token_keys

#: An item that writes a phrase as a head this many times outside asides uses it as its own term
#: (the mentions by which an item addresses a topic, ``topics.ADDRESS_MENTIONS``).
HEAD_MENTIONS = 3


def enclosed_only(runs: Iterable[tuple[str, ...]], surfaces: Mapping[str, Mapping[str, int]], keys: Set[str],
                  text: str, lower: str) -> set[str]:
    """The keys of ``keys`` (term keys of two words or more) that ``runs`` (the word runs where the
    item concludes, ``phrases.runs_of``) write each time before the same head, and that ``text``
    (the item's whole text; ``lower``: ``text.lower()`` of the same length) writes as a head
    outside asides fewer than ``HEAD_MENTIONS`` times, by the forms ``surfaces`` gives (module doc)."""
    if not keys:
        return set()
    if len(lower) != len(text):  # a letter whose lower case is longer ("\u0130"): keep it, so indices match
        lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    common: dict[str, set[str]] = {}
    for run in runs:
        for key, wider in _run_heads(run):
            if key in keys:
                longer = {wider} if wider else set()
                common[key] = longer if key not in common else common[key] & longer
    return {key for key, longer in common.items()
            if longer and head_mentions(text, lower, surfaces.get(key, {})) < HEAD_MENTIONS}


@lru_cache(maxsize=200_000)
def _run_heads(run: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(key, longer key or "") of every phrase of ``run`` that may be a term (``check_phrase``), in
    order (start, then length): the longer key is the phrase's own with the run's last word, when
    that word closes the run right after it and may be its head (``_modifies``).  Cached per run, as
    ``phrases.run_terms``: runs recur within and across items, and ``enclosed_only`` only looks up
    the keys it is given, so each run's slices are checked once, not once per item."""
    size = len(run)
    if size < 2:
        return ()
    found = phrase_slices(run)  # ``check_phrase`` of every slice, most decided from each token's facts
    # the phrases that close the run, by start: the slices a phrase before the run's last word widens to
    closing = {start: key for start, end, (key, _surface, _plain) in found if end == size}
    out: list[tuple[str, str]] = []
    for start, end, (key, _surface, _plain) in found:
        # the head it modifies: the run's next word when that closes the run (the run's last noun
        # heads it; a word inside a longer run may be a verb the lexicon does not know: "agents use MCP")
        wider = closing.get(start) if end + 1 == size and end - start < MAX_WORDS \
            and _modifies(run[end - 1], run[end]) else None
        out.append((key, wider if wider is not None and wider != key else ""))
    return tuple(out)


#: Determiners that open a singular noun phrase ("each agent session", "a supply chain"): a plural
#: word ending their run is no head of it but the verb that agrees with it ("each agent session
#: starts from zero").  Closed-class words of English grammar; "that" and "one" are left out (a
#: relative pronoun, a number: "the ones that ... ").
SINGULAR_DETERMINERS = frozenset({"a", "an", "each", "every", "this", "another", "either", "neither"})


def noun_runs(tokens: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """The word runs of ``tokens`` (``phrases.runs_of``), each cut where its noun phrase ends: a run
    after a singular determiner that ends in a plural after a singular word ends before that word,
    a verb agreeing with its subject ("each agent session starts": the run is "agent session")."""
    before = ""
    for stop, group in groupby(tokens, is_break):
        run = tuple(group)
        if stop:
            before = run[-1].lower()
            continue
        if before in SINGULAR_DETERMINERS and len(run) > 2 and _plural(run[-1]) and not _plural(run[-2]):
            run = run[:-1]
        before = ""
        yield run


def _plural(word: str) -> bool:
    """Is ``word`` written in the plural ("signals", "starts"; not "process", "analysis")?"""
    key = token_keys(word)
    return word.lower().endswith("s") and bool(key) and not key[-1].endswith("s")


def _modifies(last: str, head: str) -> bool:
    """Can a phrase ending in ``last`` modify a following ``head``?  The head must be a noun WordNet
    lists ("signals", "complexity"; not "differ", "require": a verb the lexicon does not know, ending
    a clause), and the modifier written in the singular, as English noun modifiers are ("supply chain
    complexity"): a plural before another word is a subject before its verb ("productivity gains
    compound")."""
    head_keys = token_keys(head)
    return bool(head_keys) and wordnet.is_common(head_keys[-1]) and not _plural(last)


def named(surface: str) -> bool:
    """Is ``surface`` written as a unit of the writer's own making: hyphenated ("human-in-the-loop
    review", "supply-chain provenance") or with a capital ("GitHub Copilot Workspace", "Policy
    Enforcement Point", "AI governance")?  A compound so written keeps its referent before any
    head; the rule reads only phrases of plain lower-case words."""
    return "-" in surface or any(map(str.isupper, surface))


def head_mentions(text: str, lower: str, written: Iterable[str]) -> int:
    """How many times ``text`` writes one of the forms ``written`` (and their plurals in -s) as the
    head of its run, directly before a break (``phrases.is_break``), outside a parenthesised or
    bracketed list (``_in_list``)."""
    forms = {form.lower() for form in written}
    forms |= {form + "s" for form in forms if not form.endswith("s")}
    count = 0
    for form in forms:
        plural = form + "s"
        if plural in forms and not _overlaps(form) and not _overlaps(plural):
            # Neither form's mentions overlap each other, so each one's scan finds all of them, and the
            # plural's are the singular's that go on with an "s": one scan of the text for both.
            at = lower.find(form)
            while at >= 0:
                end = at + len(form)
                count += _head_at(text, lower, at, end) + (lower.startswith("s", end) and _head_at(text, lower, at, end + 1))
                at = lower.find(form, end)
            continue
        if form.endswith("s") and form[:-1] in forms and not _overlaps(form) and not _overlaps(form[:-1]):
            continue  # counted with its singular
        at = lower.find(form)
        while at >= 0:
            end = at + len(form)
            count += _head_at(text, lower, at, end)
            at = lower.find(form, end)
    return count


def _head_at(text: str, lower: str, at: int, end: int) -> bool:
    """Is ``text[at:end]`` (where ``lower`` holds a form) a whole word or words, the head of its run
    (directly before a break), outside a parenthesised or bracketed list?"""
    if (at == 0 or not _in_word(lower[at - 1])) and (end == len(lower) or not _in_word(lower[end])):
        following = TOKEN_OR_BREAK.search(text, end)
        return (following is None or "\n" in text[end:following.start()] or is_break(following.group())) \
            and not _in_list(text, at, end)
    return False


@lru_cache(maxsize=100_000)
def _overlaps(form: str) -> bool:
    """Can two mentions of ``form`` overlap (it ends with what it starts with: "risk of risk")?
    ``str.find`` after a mention's end then misses the second."""
    return any(form.startswith(form[i:]) for i in range(1, len(form)))


def _in_list(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` inside parentheses or brackets, on one line, that hold a comma: a list of
    examples given in passing ("(multinational corporations, global supply chains)")?"""
    opening = max(text.rfind("(", 0, start), text.rfind("[", 0, start))
    if opening < 0 or "\n" in text[opening:start] or any(c in text[opening + 1:start] for c in ")]"):
        return False
    closing = min((i for i in (text.find(")", end), text.find("]", end)) if i >= 0), default=-1)
    if closing < 0 or "\n" in text[end:closing] or any(c in text[end:closing] for c in "(["):
        return False
    return "," in text[opening:closing]


def _in_word(char: str) -> bool:
    return char.isalnum() or char in "-_"
