"""What a theme's words name, read from the theme vocabulary alone (no corpus count, so no item's edit
changes it): whether a phrase is a variant of the theme's name (``is_variant``), whether its Scope names it
as one idea (``names_one_idea``), whether its node is a method (``method_themes``), and the acronyms a
Scope spells out (``scope_expansions``).  ``themes`` builds the ``ThemeMap`` from these answers.
"""

from __future__ import annotations

import re

from kgsync.extract import lexicon, wordnet
from kgsync.extract.canonical import CLOSED_PREFIXES, display_alias, word_key
from kgsync.extract.lexicon import STOPWORDS

# "long form (ACR)" or "ACR (long form)" inside one scope phrase
_PAREN = re.compile(r"\(([^()]+)\)")
_ACRONYM = re.compile(r"^[A-Z][A-Za-z]*[A-Z][a-z]?$")


def names_one_idea(slug: str, scope: str) -> bool:
    """Does the theme's Scope column name the theme as one idea?  Some phrase of it (comma-separated;
    an acronym read as itself or as the long form it spells out) writes every content word of the
    slug, up to case, plural, hyphen or space and derivation (``_same_stem``: "AI agents" for
    "agentic-ai"), or the slug's acronym, or the long form the scope spells out for a slug word
    ("Retrieval-augmented generation (RAG)" for "rag-retrieval").  A slug that joins two facets no
    phrase writes together ("memory-context": "Memory management, context windows") is a category
    bucket: blind readers judged such a node no idea (nobody searches for "cost performance"), so it
    stays a tag.  The vocabulary's words only, no corpus count: no item's edit turns a node on or off.
    """
    expansions, phrases, spelled_out = scope_expansions(scope)
    long_of = {short.lower(): long for short, long in [*expansions, *spelled_out]}
    slug_words = [w for w in slug_parts(slug) if word_key(w) not in STOPWORDS]
    acronym = _acronym(slug_parts(slug))
    for phrase in phrases:
        keys = [word_key(w) for w in slug_parts(phrase)]
        if acronym and acronym in keys:
            return True
        if slug_words and all(_written(word, keys, long_of) for word in slug_words):
            return True
    return False


def _written(word: str, keys: list[str], long_of: dict[str, str]) -> bool:
    """Is the slug's ``word`` among a phrase's word ``keys``: itself, a derivation, or the long form
    the scope spells out for it (every word of it)?"""
    mine = word_key(word)
    if any(_same_stem(key, mine) for key in keys if key):
        return True
    long = [word_key(w) for w in slug_parts(long_of.get(word, ""))]
    return bool(long) and all(key in keys for key in long)


def method_themes(variants: dict[str, tuple[str, ...]]) -> frozenset[str]:
    """The themes whose node is a method: the slug's head, or a single-word variant of it the
    vocabulary writes ("evaluation" for "benchmarks-eval"), is a method noun (``lexicon.METHOD_HEADS``,
    the nouns that make a mined term a method): "rag-retrieval", "formal-methods".  Not a gerund,
    though the list has some ("reasoning", "learning"), nor the rest of ``terms.classify`` (its
    "-ing" process rule): a theme in "-ing" names a capability or a field ("llm-reasoning",
    "software-engineering"), not a procedure one applies.  The vocabulary's words only, no corpus
    count: no item's edit retypes a theme."""
    found: set[str] = set()
    for slug, written in variants.items():
        head = word_key(slug_parts(slug)[-1]) if slug_parts(slug) else ""
        forms = {head} | {word_key(w.lower()) for w in written if " " not in w.strip()
                          and _same_stem(word_key(w.lower()), head) and len(head) >= 3}
        if any(map(lexicon.is_procedure_noun, forms)):
            found.add(slug)
    return frozenset(found)


def is_variant(slug: str, phrase: str, long_of: dict[str, str] | None = None) -> bool:
    """Does ``phrase`` name the theme ``slug`` itself (a variant of its name), rather than a
    narrower or neighbouring topic that shares a word with it?

    Every content word of a variant is a word of the slug, up to case, plural and spelling, a
    derivation ("agents" / "agentic-ai", "evaluation" / "benchmarks-eval", "org" / "organisational"),
    the slug's own acronym ("KG" / "knowledge-graphs") or the long form the theme's scope spells out
    for one of its words ("retrieval-augmented generation" / "rag-retrieval"), apart from a vague head
    after them (``lexicon.GENERIC``: "multi-agent systems", "software engineering practices"), which
    stands in for no slug head that names an act (``wordnet.is_act``): "enterprise strategy" is a plan,
    not enterprise adoption.  A
    phrase with one more word of its own names another idea ("context window", "operational risk",
    "human-computer interaction", "model architecture", "developer tools"): the vocabulary lists it
    under the theme so that the tag canonicalises, not because it is the theme.  A single word that
    only shortens a word of the slug names that word's own thing: "organisation" is no
    organisational design, "agent" is any agent ("AI agents" is agentic AI).  Nor is the slug's head
    alone when it is an acronym after a modifier: "AI" names far more than "agentic-ai".
    """
    long_of = long_of or {}
    slug_words = slug_parts(slug)
    parts = slug_parts(phrase)
    if not {word_key(w) for w in parts} - STOPWORDS - CLOSED_PREFIXES - {""}:
        return False  # nothing but prefixes and stopwords: "multi" alone is no name
    if (len(slug_words) >= 2 and len(parts) == 1 and len(parts[0]) <= 3
            and word_key(parts[0]) == word_key(slug_words[-1])):
        return False  # the head's own acronym names the whole field: "AI" is not "agentic AI"
    own = {word_key(w) for w in slug_words}
    own.add(_acronym(slug_words))
    for word in slug_words:  # the long form of a slug word the scope spells out ("rag")
        own |= {word_key(w) for w in slug_parts(long_of.get(word, ""))}
    own -= STOPWORDS | {""}
    if len(parts) == 1:
        long = long_of.get(parts[0])  # an acronym: its long form must be the slug's words
        if long and slug_parts(long) != parts:
            return is_variant(slug, long, long_of)
        key = word_key(parts[0])
        return any(key == mine or (len(mine) >= 4 and key.startswith(mine)) for mine in own)
    content = [word_key(w) for w in parts if word_key(w) not in STOPWORDS]
    head = word_key(slug_words[-1])
    if (len(content) >= 2 and content[-1] in lexicon.GENERIC and content[-1] not in own
            and (not wordnet.is_act(head) or any(_same_stem(key, head) for key in content))):
        # A vague head adds no idea ("multi-agent systems", "agentic systems"), but it cannot stand in
        # for a head that names an act: a strategy is no adoption ("enterprise strategy").
        content = content[:-1]
    return all(any(_same_stem(key, mine) for mine in own) for key in content)


def slug_parts(phrase: str) -> list[str]:
    """A slug's or a phrase's words, lower-cased, split at blanks, hyphens, underscores and slashes."""
    return [w for w in re.split(r"[\s\-_/]+", phrase.lower()) if w]


def _acronym(words: list[str]) -> str:
    """A slug's acronym, lower-cased ("kg" of knowledge-graphs); "" for a slug of one word, whose first letter names
    nothing."""
    return "".join(w[0] for w in words) if len(words) >= 2 else ""


def _same_stem(a: str, b: str) -> bool:
    """One word, or one a derivation or clipping of the other ("agent" / "agentic", "org" /
    "organisational")."""
    short, long = sorted((a, b), key=len)
    return a == b or (len(short) >= 3 and long.startswith(short))


def scope_expansions(scope: str) -> tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]:
    """(acronym, long form) pairs a scope spells out, its phrases with either form, and every
    (acronym, long form) it spells out, inside a longer phrase too (the words a variant may use).

    "Retrieval-augmented generation (RAG)" -> ("RAG", "retrieval-augmented generation");
    "LLM (Large Language Model) reasoning" -> ("LLM", "large language model"), and the
    phrases "LLM reasoning", "Large Language Model reasoning".  An acronym counts as a topic
    key only when its phrase is nothing but it and its long form: "LLM" alone names far
    more than LLM reasoning.
    """
    pairs: list[tuple[str, str]] = []
    phrases: list[str] = []
    spelled_out: list[tuple[str, str]] = []
    for phrase in (p.strip() for p in scope.split(",")):
        match = _PAREN.search(phrase)
        if not match:
            phrases.append(phrase)
            continue
        before, inside, after = phrase[: match.start()].rstrip(), match[1].strip(), phrase[match.end():].strip()
        head, _, last = before.rpartition(" ")
        if _ACRONYM.match(inside):  # long form (ACR)
            short, long, with_short = inside, before, f"{inside} {after}".strip()
        elif _ACRONYM.match(last):  # ACR (long form)
            short, long, with_short = last, inside, f"{before} {after}".strip()
        else:
            phrases.append(f"{before} {after}".strip())
            continue
        with_long = " ".join(p for p in (head if short == last else "", long, after) if p)
        phrases += [with_short, with_long]
        spelled_out.append((short, display_alias(long)))
        if not after and (short != last or not head):  # the phrase is exactly the pair
            pairs.append((short, display_alias(long)))
    return pairs, phrases, spelled_out
