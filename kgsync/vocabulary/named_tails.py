"""One sense per discourse for names: a node's form that an item first writes as the tail of a longer
name is that name there, so the longer name is an alias of the node (issue 21, topics19).

Inside one item a shortened name refers to the full one it shortens (Gale, Church and Yarowsky 1992,
"one sense per discourse"; a name's ellipsis): "the AI Act" after "EU AI Act", "AI RMF" after "NIST AI
RMF".  The item names the thing first in full and then by its tail, so where it first writes the node's
form, a longer name that holds it as its tail is what the item means by it.  Read only by structure:

* the form's first mention in the item's dense zones (title, question, summary, findings: where the
  item introduces what it is about) has an acronym written in capitals right before it ("NIST", "EU":
  a publisher's or a jurisdiction's name, no common word);
* the form's last word is written there with a capital ("Act", "RMF"): a name, not a common noun
  phrase that a word before it narrows ("AWS" before "agent memory" is a product's part); and not as
  the long form of an acronym defined right after it ("AWS Identity and Access Management (IAM)"): a
  definition's capitals spell its letters, whatever the long form names.

Item-local: an item gives the alias to its own use of the node only (``ItemTerms``), from its own text.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from kgsync.extract.acronyms import letters_match
from kgsync.extract.canonical import display_alias
from kgsync.extract.mining import ItemCandidates
from kgsync.vocabulary.terms import Term, TermUse, Vocabulary

#: An acronym in capitals (two letters or more), then a space, right before the text's end: one more word
#: of the name, read back from where the form starts.
_ACRONYM_BEFORE = re.compile(r"(?<![\w-])([A-Z]{2,})[ \t]+\Z")


@lru_cache(maxsize=20_000)
def _pattern(form: str) -> re.Pattern[str]:
    words = form.replace("-", " ").split()
    body = r"[\s-]+".join(map(re.escape, words))
    return re.compile(r"(?<![\w-])" + body + r"(?![\w-])", re.IGNORECASE)


#: A word right after an acronym in capitals: where a form of the rule can start.  A lookahead: "NIST AI
#: RMF" gives "ai" and "rmf".  The pattern opens with its first capital and looks behind it only then (no
#: word character or hyphen before that capital): a pattern that opens with a look-behind is tried at every
#: character of the text, one that opens with a class is skipped along to each capital in C (3x faster over
#: 10,000 items' dense zones, the same matches: ``bench/bench_select_step.py synthetic``, speed20).
_AFTER_ACRONYM = re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]+[ \t]+(?=(\w+))")


@lru_cache(maxsize=4)
def _sentences(dense: str) -> tuple[str, frozenset[str]]:
    """The dense zones without the title, and the words (lower-cased) written right after an acronym in
    capitals there: each item's forms are read in a row.  The title is capitalised word by word
    ("Coding AI Agent Skills Survey"): its capitals say nothing."""
    sentences = dense.split("\n", 1)[1] if "\n" in dense else ""
    return sentences, frozenset(map(str.lower, _AFTER_ACRONYM.findall(sentences)))


@lru_cache(maxsize=20_000)
def _opening(form: str) -> str | None:
    """The word (lower-cased) ``named_tail`` looks ``form`` up by in the words written after an acronym:
    its first; None for a lone word, which ``named_tail`` never reads."""
    if len(form.replace("-", " ").split()) < 2:
        return None
    return form.lower().replace("-", " ").split()[0]


def named_tail(dense: str, form: str) -> str | None:
    """The longer name ``dense`` first writes ``form`` as the tail of ("NIST AI RMF" for "ai rmf"), as
    written; None when its first mention is not so (see the module doc) or it is not written."""
    if len(form.replace("-", " ").split()) < 2:
        return None  # a lone word or acronym ("RMF", "API") is no shortened name: "EBA ML" is two names
    sentences, starts = _sentences(dense)
    words = form.lower().replace("-", " ").split()
    if words[0] not in starts:
        return None  # most forms: never written after an acronym (a set test first, far cheaper than the search)
    match = _pattern(form).search(sentences)
    if match is None:
        return None
    last = match.group(0).split()[-1].split("-")[-1]
    if not last[:1].isupper() or _defines_acronym(sentences, match):
        return None
    start = match.start()
    # a window just before it: an acronym and its spaces are short, and a search from 0 is quadratic
    while (before := _ACRONYM_BEFORE.search(sentences, max(0, start - 64), start)) is not None and before.group(1).lower() not in words:
        start = before.start()
    if start == match.start():
        return None
    return " ".join(sentences[start:match.end()].split())


#: "(IAM)" right after a form: the acronym the item defines the form as.
_DEFINED_AFTER = re.compile(r"[ \t]*\(([^\W_][\w&-]{1,9})\)")


def _defines_acronym(sentences: str, match: re.Match[str]) -> bool:
    """Is the form written as an acronym's long form, "(IAM)" right after it, its letters the form's
    (``acronyms.letters_match``)?  A definition writes its long form in capitals whatever it names
    ("Identity and Access Management (IAM)"), so its capitals are no name's: "AWS" before it names
    the vendor's product of the idea, not the idea's full name."""
    defined = _DEFINED_AFTER.match(sentences, match.end())
    return defined is not None and letters_match(defined.group(1), match.group(0))


def _forms(use: TermUse, terms: Mapping[str, Term]) -> dict[str, None]:
    """The forms of ``use``'s node an item may write, in the order its aliases are given: its name, its
    label and aliases, the variants the item wrote."""
    term = terms.get(use.name)
    return dict.fromkeys((use.name.replace("-", " "), *((term.label, *term.aliases) if term else ()), *use.aliases))


def _with_full_names(uses: tuple[TermUse, ...], terms: Mapping[str, Term], dense: str, starts: frozenset[str],
                     openings: dict[tuple[str, tuple[str, ...]], frozenset[str | None]]) -> tuple[TermUse, ...]:
    """``uses`` with the longer names; the same tuple when none gains one."""
    out: list[TermUse] = []
    changed = False
    for use in uses:
        key = (use.name, use.aliases)
        if (opens := openings.get(key)) is None:
            opens = openings[key] = frozenset(map(_opening, _forms(use, terms)))
        if starts.isdisjoint(opens):
            out.append(use)  # no form opens with a word written after an acronym: ``named_tail`` gives None for each
            continue
        fulls = [display_alias(full) for form in _forms(use, terms) if (full := named_tail(dense, form))]
        have = {alias.lower() for alias in use.aliases}
        extra = tuple(full for full in dict.fromkeys(fulls) if full.lower() not in have)
        out.append(dataclasses.replace(use, aliases=use.aliases + extra) if extra else use)
        changed = changed or bool(extra)
    return tuple(out) if changed else uses


def with_named_tails(vocabulary: Vocabulary, cands: Iterable[ItemCandidates]) -> Vocabulary:
    """``vocabulary`` with each item's use of a node holding the longer name the item first writes a form
    of the node as the tail of (``named_tail`` over ``ItemCandidates.dense``): the node's alias, given by
    that item alone (its text, the shared terms' forms)."""
    per_item = dict(vocabulary.per_item)
    changed = False
    # (node, the item's variants) -> its forms' first words: most items' uses repeat the shared terms' forms
    openings: dict[tuple[str, tuple[str, ...]], frozenset[str | None]] = {}
    for cand in cands:
        uses = per_item.get(cand.slug)
        if uses is None or not cand.dense:
            continue
        starts = _sentences(cand.dense)[1]
        if not starts:
            continue  # no word written after an acronym: no form of any node is a name's tail here
        concepts = _with_full_names(uses.concepts, vocabulary.terms, cand.dense, starts, openings)
        methods = _with_full_names(uses.methods, vocabulary.terms, cand.dense, starts, openings)
        subject_uses = _with_full_names(uses.subject_uses, vocabulary.terms, cand.dense, starts, openings)
        if concepts is uses.concepts and methods is uses.methods and subject_uses is uses.subject_uses:
            continue  # no use gained a name: the item's terms as they were
        per_item[cand.slug] = dataclasses.replace(uses, concepts=concepts, methods=methods, subject_uses=subject_uses)
        changed = True
    return dataclasses.replace(vocabulary, per_item=per_item) if changed else vocabulary


def item_tails(vocabulary: Vocabulary, cand: ItemCandidates) -> tuple[tuple[str, str, str | None], ...]:
    """(node, form, the longer name ``cand`` first writes it as the tail of) for each form of each node
    the item uses: what ``with_named_tails`` read of it.  A reused selection whose edited item's differ
    is stale (``pipeline.cache.selection``): the edit moved an alias though no term moved."""
    uses = vocabulary.per_item.get(cand.slug)
    if uses is None:
        return ()
    out: list[tuple[str, str, str | None]] = []
    for use in (*uses.concepts, *uses.methods, *uses.subject_uses):
        for form in _forms(use, vocabulary.terms):
            out.append((use.name, form, named_tail(cand.dense, form)))
    return tuple(out)
