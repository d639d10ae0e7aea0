"""The ideas a bucket theme's Scope column names: each a node an item of the bucket links when it addresses it.

A bucket theme ("benchmarks-eval", "security-risk": ``theme_words.names_one_idea`` says which) joins two
facets under one slug, so it is no node (docs/CONTRACT.md); but the phrases of its Scope column are
the maintainers' own words for the ideas it holds ("adversarial attacks", "workforce impact").
Each such phrase that names a term, as mining would take it from an item, is a *facet*: an item
that carries the bucket and addresses the phrase (``extract.topics.addresses``: three mentions, one
where it concludes; ``extract.addressed`` keeps the keys of what each item addresses) links the
facet's node, beyond its caps as a theme's node is.
The vocabulary's words only decide which phrases are facets, no corpus count: no item's edit turns
one on or off.

Which phrases name a term is mining's own rule for a phrase an item writes (``phrases.check_phrase``,
``idea.names_an_idea``), the phrase read as one unit (the Scope column writes it so):

* a coordination distributes its head ("operational and supply-chain risk": "operational risk",
  "supply-chain risk"), each a phrase of its own;
* a plain single word is no term ("policy", "training", "efficiency", "evaluation"): it names too
  many things, and the reference server's substring search for it already reaches every node whose
  name holds it; an acronym ("MLOps") or a hyphenated compound ("fine-tuning", "low-code") is one;
* a phrase with a function word inside is a description, not a name ("retrieval within a session"):
  mining's word runs end at a stopword;
* a vague noun a noun only describes is no idea ("measurement methodology", "skills gaps":
  ``names_an_idea``'s generic-head rules).

A facet's node is named as mining names the phrase (``canonical_name``; an acronym's by the long form
the Scope spells out, its head singular: "machine-learning-operation" for "MLOps (Machine Learning
Operations)") and is a method when its head is a method noun that is no "-ing" form (as a theme's:
``theme_words.method_themes``); a mined node of the same name is the same node (``kgsync.graph.facet_links``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kgsync.extract import lexicon
from kgsync.extract.acronyms import acronym_spells_plural, letters_match
from kgsync.extract.canonical import canonical_name, display_alias, is_acronym, term_key, word_key, words
from kgsync.extract.flags import ACRONYM, DEFINED, UNIT
from kgsync.extract.idea import joined_vague_pair, names_an_idea
from kgsync.extract.lexicon import STOPWORDS
from kgsync.extract.phrases import check_phrase


@dataclass(frozen=True, order=True)
class Facet:
    """One idea a bucket theme's Scope names: its node's name part, whether that node is a method, and
    the forms an item writes it in (as the Scope writes them: the phrase, or an acronym and its long form)."""

    name: str
    method: bool
    forms: tuple[str, ...]
    #: ``term_key`` of each form: an item addresses the facet when it addresses one of them
    #: (``extract.addressed``: a two-word topic phrase of the item, or an acronym, every spelling of its key added up)
    keys: tuple[str, ...]


def scope_facets(scope: str) -> tuple[Facet, ...]:
    """The facets of one bucket's Scope column (comma-separated phrases; "ACR (long form)" or "long form
    (ACR)" is one phrase, its two forms, named by the long form as mining names a defined acronym).
    Sorted, each name once."""
    found: dict[str, Facet] = {}
    for phrase in (p.strip() for p in scope.split(",")):
        pair = _acronym_pair(phrase)
        if pair is not None:
            short, long = pair
            facets = [_facet(long, (short, display_alias(long)), acronym=True)]
        else:  # an aside in brackets that spells out no acronym is no part of the name
            bare = " ".join(_BRACKETS.sub(" ", phrase).split())
            facets = [_facet(part, (display_alias(part),)) for part in distributed(bare)]
        for facet in facets:
            if facet is not None:
                found.setdefault(facet.name, facet)
    return tuple(sorted(found.values()))


def _acronym_pair(phrase: str) -> tuple[str, str] | None:
    """(acronym, long form) when the phrase is exactly one written with the other in brackets and the
    acronym's letters stand for the long form's words (``acronyms.letters_match``, mining's test)."""
    match = _BRACKETED.fullmatch(phrase)
    if match is None:
        return None
    outside, inside = match[1].strip(), match[2].strip()
    for short, long in ((inside, outside), (outside, inside)):
        if is_acronym(short) and " " not in short and letters_match(short, long):
            return short, long
    return None


_BRACKETS = re.compile(r"\([^()]*\)")
_BRACKETED = re.compile(r"([^()]+)\(([^()]+)\)\s*")


def distributed(phrase: str) -> tuple[str, ...]:
    """A coordination's phrases, its head shared ("operational and supply-chain risk": "operational
    risk", "supply-chain risk"); any other phrase as it is.  Only modifiers of one word each before
    "and" share the head: "X and Y" with more words before "and" joins two phrases, each named whole."""
    parts = phrase.split(" and ")
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        return (phrase,)
    first, second = parts[0].split(), parts[1].split()
    if len(first) == 1 and len(second) >= 2:
        return (f"{first[0]} {second[-1]}", parts[1].strip())
    return tuple(p.strip() for p in parts)


def _facet(phrase: str, forms: tuple[str, ...], acronym: bool = False) -> Facet | None:
    """The facet ``phrase`` names, or None when it names no term (see the module doc)."""
    tokens = tuple(phrase.split())
    if not tokens or any(t.lower() in STOPWORDS for t in tokens):
        return None  # a description: mining's runs end at a function word
    checked = check_phrase(tokens)
    if not acronym and (checked is None or checked[2]):
        return None  # no term's shape, or a plain single word
    key = term_key(phrase)
    flags = UNIT | (ACRONYM | DEFINED if acronym else 0)
    if not key or not names_an_idea(key, ((phrase, 1),), flags):
        return None
    if joined_vague_pair(key, flags):
        return None  # "skills gaps": two vague nouns; a Scope's UNIT is its convention, no writer's hyphen
    head = word_key(key.split(" ")[-1])
    forms = tuple(dict.fromkeys(forms))
    # "MLOps (Machine Learning Operations)": the acronym keeps the plural of the last word, as a mined name does
    kept = frozenset({len(words(phrase)) - 1}) if acronym and acronym_spells_plural(words(phrase)[-1], forms) else frozenset()
    return Facet(canonical_name(phrase, kept), lexicon.is_procedure_noun(head), forms,
                 tuple(dict.fromkeys(term_key(form) for form in forms)))
