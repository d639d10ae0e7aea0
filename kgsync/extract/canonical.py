"""Canonical names, matching keys and display aliases for concepts and methods.

Three pure functions, one per job:

``term_key(surface)``
    The *matching key*: every surface variant of one idea maps to the same key,
    across case, hyphens/spaces/underscores, plurals, possessives, British and
    American spelling, and a hyphenated or closed prefix ("multi-agent",
    "multiagent").  Keys decide identity; nobody reads them.
``canonical_name(surface)``
    The name part after ``concept:``/``method:``: lowercase, words joined by
    ``-``, every word singular.  Spelling is kept as written, so the vocabulary
    can name an idea by the spelling the corpus uses most (an American repo gets
    ``tokenizer``, a British one ``tokeniser``); both share one key.
    Idempotent: ``canonical_name(canonical_name(x)) == canonical_name(x)``.
``display_alias(surface)``
    How people type the term, for ``alias:`` observations: spaces between
    words, acronyms and brand capitals kept (``MCP``, ``DSPy``), other words
    lowercase.  A hyphen is kept when the surface also has spaces
    ("retrieval-augmented generation": the writer chose it) or when it joins a
    digit or a single letter ("GPT-4", "k-means"); a fully hyphenated surface
    ("chain-of-thought") becomes words, because the node name already holds the
    hyphenated form and search is by substring.

Rules are English morphology and spelling tables, not tuned on any corpus.
Singularisation works per word with explicit protections for words that end in
"s" without being plural ("analysis", "bus", "process", "series", "ethics",
"kubernetes"); the "-ize"/"-ise" pair is keyed on "-ise" because the reverse
direction would need a long exception list ("advise", "enterprise", "premise"...).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

# Words of a surface, after folding to ASCII ("naïve" -> "naive"; names must be
# [a-z0-9.-]): a decimal version stays whole ("4.1"), everything else splits at
# anything that is not a letter or digit (hyphens, spaces, "_", "/").
_TOKEN = re.compile(r"\d+(?:\.\d+)+|[a-z0-9]+")
_DASHES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                         "\u2212": "-", "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u00a0": " "})
_POSSESSIVE = re.compile(r"(?<=[^\W_])'s\b|(?<=s)'(?=\s|$)", re.IGNORECASE)
_SPECIAL = ((re.compile(r"(?<![\w+])c\+\+(?![\w+])", re.IGNORECASE), "cpp"),
            (re.compile(r"(?<![\w#])c#(?!\w)", re.IGNORECASE), "csharp"),
            (re.compile(r"(?<![\w.])\.net\b", re.IGNORECASE), "dotnet"))

# --------------------------------------------------------------------------- plurals
#: Words that end in "s" but are singular (or uncountable): never stripped.
_INVARIANT = frozenset("""
news series species means kudos chaos cosmos ethos pathos mythos telos kairos topos eros bathos
chronos macos ios thermos bayes jenkins hopkins reynolds williams neurips https atlas canvas alias bias
gas pandas christmas texas kubernetes postgres jenkins redis iris paris tennis metropolis trellis
lens corpus status bus virus campus census consensus bonus focus nexus radius genus onus apparatus
prospectus syllabus stimulus stimulus hiatus cactus fungus octopus impetus plus thus this his us
ethics physics economics politics analytics semantics robotics logistics dynamics statistics
linguistics mathematics mechanics ergonomics electronics graphics informatics optics acoustics
aesthetics athletics pragmatics phonetics forensics cybernetics econometrics tokenomics genetics
kinematics hermeneutics thermodynamics aeronautics avionics photonics basics
headquarters whereabouts crossroads diabetes rabies measles mumps herpes
""".split())
#: -us/-as/-is/-os words whose plural adds "es": "biases" -> "bias".
_ES_PLURAL_S = frozenset("""
bias alias atlas canvas gas bus virus status corpus campus census consensus bonus focus nexus
radius lens iris apparatus prospectus syllabus stimulus cactus octopus thesis
""".split())
_IRREGULAR = {
    "criteria": "criterion", "phenomena": "phenomenon", "indices": "index", "matrices": "matrix",
    "vertices": "vertex", "appendices": "appendix", "corpora": "corpus", "schemata": "schema",
    "formulae": "formula", "antennae": "antenna", "children": "child", "analyses": "analysis",
    "hypotheses": "hypothesis", "theses": "thesis", "syntheses": "synthesis", "diagnoses": "diagnosis",
    "crises": "crisis", "parentheses": "parenthesis", "emphases": "emphasis", "axes": "axis",
    "ellipses": "ellipsis", "prognoses": "prognosis", "bases": "base", "taxa": "taxon",
}
#: Nouns ending in -ie whose plural "-ies" is not "-y".
_IE_NOUNS = frozenset("""
cookie movie zombie selfie calorie rookie hoodie goalie genie smoothie prairie brownie newbie techie
foodie freebie auntie pixie sortie veggie budgie talkie walkie lie tie pie die
""".split())
#: Nouns ending in -che whose plural is "-ches" -> "-che", not "-ch".
_CHE_NOUNS = frozenset("cache niche cliche headache avalanche psyche quiche creche microfiche".split())
_PROTECTED_ENDINGS = ("ss", "us", "sis", "xis", "itis", "bis", "aas", "omics", "onics", "etics")
#: "DevOps", "MLOps": a practice, not a plural ("loops", "workshops" are plurals).
_OPS = re.compile(r"(dev|ml|llm|ai|fin|sec|data|git|biz|sys|chat|agent|model|rev|net|cloud|no|it)ops$")


@lru_cache(maxsize=200_000)
def singular(word: str) -> str:
    """The singular of one lowercase word; idempotent; unknown shapes unchanged."""
    if len(word) <= 3 or not word.isalpha() or word in _INVARIANT:
        return word
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if not word.endswith("s") or word.endswith(_PROTECTED_ENDINGS) or word.endswith("ops") and _OPS.search(word):
        return word
    if word.endswith("ies"):
        if len(word) <= 4 or word[:-1] in _IE_NOUNS:
            return word[:-1]
        return word[:-3] + "y"
    if word.endswith("es"):
        stem = word[:-2]
        if stem in _ES_PLURAL_S:
            return stem
        if stem.endswith(("ss", "x", "zz", "sh")):
            return stem
        if stem.endswith("ch"):
            return word[:-1] if word[:-1] in _CHE_NOUNS else stem
    return word[:-1]


# --------------------------------------------------------------------------- spelling
# American -> British, per word.  Keyed on British because the reverse of
# "-ize" -> "-ise" would misfire on "advise", "enterprise", "premise", "exercise"...
_IZE = re.compile(r"^(?P<stem>[a-z]+?)(?P<y>[iy])z(?P<suffix>e|ed|es|er|ers|ing|ation|ations|ational|able|ability)$")
_IZE_KEEP = frozenset({"s", "pr", "se", "caps", "res", "downs", "ups", "overs", "supers", "outs", "ma", "ba"})
_OUR = re.compile(r"^(behavior|color|favor|flavor|honor|humor|labor|neighbor|rumor|harbor|vapor|endeavor|"
                  r"armor|odor|rigor|tumor|valor|clamor|candor|splendor|fervor|savior|parlor)"
                  r"(al|ally|s|ed|ing|ite|ites|able|ful|hood|hoods|less|ist|ists|y)?$")
_LL = re.compile(r"^(model|label|travel|cancel|signal|fuel|level|channel|tunnel|total|counsel|dial|marshal|"
                 r"quarrel|rival|funnel|panel|shovel|pedal|enamel|duel|jewel|marvel|tunnel)(ing|ed|er|ers|or|ors)$")
_WORDS = {
    "catalog": "catalogue", "catalogs": "catalogues", "cataloging": "cataloguing", "cataloged": "catalogued",
    "dialog": "dialogue", "dialogs": "dialogues", "analog": "analogue", "analogs": "analogues",
    "monolog": "monologue", "epilog": "epilogue",
    "center": "centre", "centers": "centres", "centered": "centred", "centering": "centring",
    "epicenter": "epicentre", "fiber": "fibre", "fibers": "fibres", "theater": "theatre", "theaters": "theatres",
    "liter": "litre", "liters": "litres", "caliber": "calibre", "specter": "spectre", "meager": "meagre",
    "defense": "defence", "defenses": "defences", "offense": "offence", "offenses": "offences",
    "license": "licence", "licenses": "licences", "pretense": "pretence",
    "gray": "grey", "aging": "ageing", "artifact": "artefact", "artifacts": "artefacts",
    "enrollment": "enrolment", "fulfillment": "fulfilment", "skillful": "skilful", "installment": "instalment",
    "acknowledgment": "acknowledgement", "mold": "mould", "plow": "plough", "practise": "practice",
    "learnt": "learned", "program": "programme", "programs": "programmes",
}
# "program" vs "programme": British uses "program" for software, so only the
# plain noun pair is unified (a key, never shown); the name keeps the writer's.


@lru_cache(maxsize=200_000)
def british(word: str) -> str:
    """One lowercase word in British spelling (the key's spelling); idempotent."""
    if word in _WORDS:
        return _WORDS[word]
    # Each pattern needs a letter most words lack: a cheap test first (the lazy _IZE
    # is tried at every split of the word).
    match = _IZE.match(word) if "z" in word else None
    if match and not (match["y"] == "i" and match["stem"] in _IZE_KEEP):
        return f"{match['stem']}{match['y']}s{match['suffix']}"
    match = _OUR.match(word) if "or" in word else None
    if match:
        return f"{match[1][:-2]}our{match[2] or ''}"
    match = _LL.match(word) if "l" in word else None
    if match:
        return f"{match[1]}l{match[2]}"
    return word


# --------------------------------------------------------------------------- keys
#: The combining prefixes a term key closes up: written closed, hyphenated or open
#: ("multiagent", "multi-agent", "multi agent"), they meet in one key ("multiagent") because
#: ``append_key`` joins each to the word after it. Public: the phrase, idea, attributive and
#: theme rules read the same set to know a word that only opens a compound (no word of its own).
CLOSED_PREFIXES = frozenset("""
multi pre re co non sub meta post inter semi anti auto hyper micro bi de e
""".split())


def without_prefix(word: str) -> str:
    """The word a key's closed prefix was joined to ("antimoney" -> "money"), else the word."""
    for prefix in sorted(CLOSED_PREFIXES, key=len, reverse=True):
        rest = word[len(prefix):]
        if word.startswith(prefix) and len(rest) >= 3 and rest.isalpha():
            return rest
    return word


def _normalise(surface: str) -> str:
    # An ASCII text is its own NFKC form, and ``_DASHES`` maps no ASCII character: nearly every
    # text ``words`` reads skips both (speed179: the same answer, in fewer instructions).
    text = surface if surface.isascii() else unicodedata.normalize("NFKC", surface).translate(_DASHES)
    # Each pattern needs a character most surfaces lack ("c++", "c#", ".net", "'s"): tested
    # first, as the patterns lead with lookbehinds and are tried at every position.
    for (pattern, replacement), mark in zip(_SPECIAL, "+#."):
        if mark in text:
            text = pattern.sub(replacement, text)
    return _POSSESSIVE.sub("", text) if "'" in text else text


@lru_cache(maxsize=100_000)
def words(surface: str) -> tuple[str, ...]:
    """The lowercase ASCII words of a surface, possessives and punctuation gone."""
    return tuple(_TOKEN.findall(fold(_normalise(surface)).lower()))


def fresh_words(text: str) -> tuple[str, ...]:
    """``words`` of a whole text (an item's dense zones), computed and not remembered: each text
    is read once, and in the cache it stayed with its words till the cache filled (10,000 items:
    95 MiB of a fresh build's peak memory, ``extract.topic_links.item_ellipses``;
    ``bench/bench_build.py --count 10000 --skip-real``, speed11m)."""
    return words.__wrapped__(text)


def fold(text: str) -> str:
    """Accents off ("naïve" -> "naive"); a letter that only looks like a Latin one (Cyrillic "а",
    Greek "ο") becomes that letter (``latin_lookalikes``); other letters with no ASCII form
    are dropped, and so are invisible characters (a zero-width joiner)."""
    if text.isascii():
        return text
    return "".join(c if c.isascii() else _fold_char(c) for c in text)


@lru_cache(maxsize=8192)
def _fold_char(char: str) -> str:
    # Decomposition first, as before (what it keeps is unchanged); the confusable prototype
    # only for a letter or digit it would drop, so "dаta" with a Cyrillic "а" is "data", not "dta".
    ascii_form = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return ascii_form or _lookalike(char)


@lru_cache(maxsize=8192)
def _lookalike(char: str) -> str:
    """The ASCII letter or digit a non-ASCII letter or digit is confusable with (UTS #39), or ""."""
    if char.isascii() or unicodedata.category(char)[0] not in "LN":
        return ""
    import disarm  # here, not at the top: its import (importlib.metadata, email, zipfile) costs every
    # process that makes it, and only a name beyond ASCII needs it

    prototype = disarm.normalize_confusables(char)
    return prototype if prototype.isascii() and prototype.isalnum() else ""


def latin_lookalikes(text: str) -> str:
    """``text`` with each non-ASCII letter or digit that is confusable with an ASCII one (UTS #39:
    Cyrillic "а", Greek "ο") replaced by it, and invisible characters removed; accented Latin
    letters ("é") kept.  For names that keep their letters (themes), not only ASCII ones."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if char.isascii():
            out.append(char)
        elif unicodedata.category(char) != "Cf":  # format characters (ZWJ, bidi controls) render as nothing
            out.append(_lookalike(char) or char)
    return "".join(out)


def skeleton(name: str) -> str:
    """The UTS #39 skeleton of ``name`` (disarm's key, which also keeps "rn"/"m" and "1"/"l"
    apart): two names with one skeleton read the same (``kgsync.lint``'s confusable-names)."""
    if name.isascii():
        return name.lower()
    import disarm  # as in ``_lookalike``: only a name beyond ASCII needs it

    return str(disarm.skeleton_key(name))


@lru_cache(maxsize=200_000)
def word_key(word: str) -> str:
    """The key of one lowercase word: British spelling, then singular."""
    return singular(british(word))


def fresh_word_key(word: str) -> str:
    """``word_key``, computed and not remembered: for a table built once from tens of thousands of
    words (``topics``), which would only fill the caches (and took twice as long through them)."""
    return singular.__wrapped__(british.__wrapped__(word))


@lru_cache(maxsize=200_000)
def term_key(surface: str) -> str:
    """The matching key of a surface: all variants of one idea give the same key."""
    return key_of_words([word_key(w) for w in words(surface)])


def key_of_words(keys: Iterable[str]) -> str:
    """``term_key`` of words that are already ``word_key``-ed (the hot path)."""
    out: list[str] = []
    for key in keys:
        append_key(out, key)
    return " ".join(out)


def append_key(out: list[str], key: str) -> None:
    """``key_of_words``' step: the words of a key (``out``, changed in place) and one more
    ``word_key``-ed word, so a key's phrases that start alike are keyed word by word."""
    out.append(key)
    # Close up every prefix the new word completes, right to left ("e e mail" ->
    # "eemail" at once, not "e email" now and "eemail" on a second pass): the
    # result has no closable pair left, so term_key stays idempotent.
    while len(out) > 1 and out[-2] in CLOSED_PREFIXES and _closes(out[-2], out[-1]):
        out[-2:] = [out[-2] + out[-1]]


@lru_cache(maxsize=50_000)
def _closes(prefix: str, key: str) -> bool:
    # Only when the closed word is itself a stable key: keeps term_key idempotent.
    return len(key) >= 3 and key.isalpha() and word_key(prefix + key) == prefix + key


@lru_cache(maxsize=100_000)
def canonical_name(surface: str, kept: frozenset[int] = frozenset()) -> str:
    """Lowercase, hyphen-joined, singular words; spelling as written; idempotent.  The words at
    the indexes ``kept`` stay as written: a plural the name fixes ("bill of materials", "Amazon
    Web Services"), which ``term_key`` still singularises, so every spelling meets in one key."""
    return "-".join(w if i in kept else singular(w) for i, w in enumerate(words(surface)))


def is_written_name(name: str) -> bool:
    """Lowercase words joined by hyphens, as ``canonical_name`` writes them, plurals it kept allowed."""
    return bool(name) and "-".join(words(name)) == name


# --------------------------------------------------------------------------- display
_SURROUND = re.compile(r"^[\W_]+|(?<![\W_])[\W_]+$")  # the trailing run tried once, where it starts


@lru_cache(maxsize=200_000)  # the same few thousand tokens, over and over (mining, naming, display)
def is_acronym(token: str) -> bool:
    """'MCP', 'LLMs', 'DSPy', 'GraphRAG': a capital after the first letter."""
    letters = list(filter(str.isalpha, token))  # per character in C
    return len(letters) >= 2 and any(map(str.isupper, letters[1:]))


def _display_word(word: str) -> str:
    return word if is_acronym(word) else word.lower()


def _prefix_hyphen(left: str) -> bool:
    # "re-ranking", "multi-agent", "e-mail": the hyphen after a prefix is how people type it.
    return left.lower() in CLOSED_PREFIXES or left.lower() in ("self", "cross", "non", "open", "well")


@lru_cache(maxsize=100_000)
def display_alias(surface: str, keep_capitals: bool = False) -> str:
    """How people type the term: words, acronyms upper-case, hyphens where meant.  ``keep_capitals``:
    the surface is a name whose capitals are part of it ("EU AI Act": ``vocabulary.groups.written_names``
    says which), so every word stays as written, as a brand's run does."""
    text = unicodedata.normalize("NFKC", surface).translate(_DASHES)
    if "'" in text:  # both possessive forms hold one (the patterns are tried at every position)
        text = _POSSESSIVE.sub("", text)
    if not (text[:1].isalnum() and text[-1:].isalnum()):  # str.isalnum is re's \w without "_"
        text = _SURROUND.sub("", text)
    text = " ".join(text.split())
    if " " in text and text.isupper():  # "KNOWLEDGE GRAPH" is shouting, not an acronym
        text = " ".join(w if len(w) <= 4 else w.lower() for w in text.split(" "))
    keep_hyphens = " " in text
    # A product's name, capitalised word by word around a brand ("GitHub Actions", "ServiceNow
    # Now Assist"): its capitals are part of the name, as the acronym's are.
    chunks = text.split(" ")
    named = frozenset(range(len(chunks))) if keep_capitals else _brand_run(chunks) if keep_hyphens else frozenset()
    out: list[str] = []
    for at, chunk in enumerate(chunks):
        word_of = _as_written if at in named else _display_word
        parts = [p for p in chunk.replace("_", "-").split("-") if p]
        if not parts:
            continue
        words_out = [word_of(parts[0])]
        for previous, part in zip(parts, parts[1:]):
            joined = keep_hyphens or _needs_hyphen(previous, part) or _prefix_hyphen(previous)
            words_out.append(("-" if joined else " ") + word_of(part))
        out.append("".join(words_out))
    return " ".join(out)


def _as_written(word: str) -> str:
    return word


def _brand_run(chunks: list[str]) -> frozenset[int]:
    """The capitalised words of a run capitalised word by word around a brand in mixed case
    ("GitHub", "ServiceNow": a capital inside one word of lower-case letters): a product's name,
    whose capitals are part of it ("GitHub Actions workflow", "DevOps Research and Assessment": a
    run goes on over a connective before a capitalised word).  Not a run around an acronym in
    capitals ("MCP Server" stays "MCP server"), a hyphenated compound ("Feed-Forward") or a
    phrase capitalised as a heading is ("Knowledge Graph")."""
    out: set[int] = set()
    run: list[int] = []
    for at, chunk in enumerate([*chunks, ""]):
        if chunk[:1].isupper():
            run.append(at)
            continue
        if run and chunk in _CONNECTIVES and chunks[at + 1:at + 2] and chunks[at + 1][:1].isupper():
            continue  # "Research and Assessment": the run goes on
        capitalised = [i for i in run if chunks[i][:1].isupper()]
        if len(capitalised) > 1 and any(_is_brand(chunks[i]) for i in capitalised):
            out.update(capitalised)
        run = []
    return frozenset(out)


#: The lower-case words inside a name capitalised word by word ("Bank of England", "Research and Assessment").
_CONNECTIVES = frozenset({"and", "of", "for", "the", "&"})


def _is_brand(word: str) -> bool:
    return "-" not in word and is_acronym(word) and not word.isupper() and any(map(str.islower, word[1:]))


def _needs_hyphen(left: str, right: str) -> bool:
    # "GPT-4", "Llama-3", "k-means", "top-k", "t-SNE": the hyphen is part of the name.
    return any(c.isdigit() for c in left + right) or len(left) == 1 or len(right) == 1


def prune_aliases(name: str, aliases: Iterable[str]) -> tuple[str, ...]:
    """The aliases that can still match a query nothing else on the node matches.

    Search is a case-insensitive substring test, so an alias that is contained
    in another alias (or in the name) never changes which queries reach the
    node: "knowledge graph" is redundant beside "knowledge graphs".  Case
    duplicates keep their most capitalised form ("MCP" over "mcp").

    Except an acronym in capitals ("EU", "PDP"): a word of its own, not a substring.  Inside
    "european-union" or "PDPs" a substring search still finds it, but the reference server's
    token match (``kgsync serve``) and a page's title read it as a word: "EU" is no token of
    "european union", "PDP" none of "PDPs" (a node of policy decision points aliased "PDPs" only).

    And never an acronym in capitals that is another one of the node plus a capital "S" ("RDFS" beside
    "RDF"): written in capitals the "S" is a letter, not a plural (that is "RDFs"), so it names another
    thing (RDF Schema) that met this node only because a key drops a plural "s" (``another_acronym``).
    """
    aliases = set(aliases)
    by_lower: dict[str, str] = {}
    for alias in sorted(aliases - another_acronym(aliases), key=lambda a: (-sum(map(str.isupper, a)), a)):
        by_lower.setdefault(alias.lower(), alias)
    lowered = sorted(by_lower, key=lambda a: (-len(a), a))
    kept: list[str] = []
    for alias in lowered:
        word = in_capitals_word(by_lower[alias]) and alias != name.lower()  # "YAML" of "yaml": the name is the word
        if (alias in name.lower() or any(alias in longer for longer in kept)) and not word:
            continue
        kept.append(alias)
    return tuple(sorted(by_lower[a] for a in kept))


def another_acronym(aliases: Iterable[str]) -> frozenset[str]:
    """The aliases in capitals that are another alias in capitals plus "S": "RDFS" beside "RDF", "HTTPS"
    beside "HTTP", "IDS" beside "ID".  An acronym's plural writes its "s" in lower case ("LLMs"); a capital
    "S" is one more letter, another acronym.  "GHAS" alone, "AWS" alone: no shorter one, nothing said."""
    capitals = {a for a in aliases if in_capitals_word(a)}
    return frozenset(a for a in capitals if a.endswith("S") and a[:-1] in capitals)


def in_capitals_word(alias: str) -> bool:
    """"EU", "PDP", "FTS5": one word, two letters or more, every letter a capital (``prune_aliases``).
    Not "PDPs" nor "GenAI": their lower-case letters are a plural or a word's, and no shorter alias
    needs them kept."""
    letters = [c for c in alias if c.isalpha()]
    return len(letters) >= 2 and alias.isalnum() and all(c.isupper() for c in letters)


def without_restated_expansion(parts: Sequence[str], long_of: Mapping[str, str]) -> tuple[str, ...] | None:
    """The words of a name that writes an acronym next to a word its own expansion already holds, with
    the acronym spelled out and that word dropped; None when the name has no such pair.

    "RAG retrieval" is "retrieval-augmented generation retrieval" (the "PIN number" pattern): the
    name restates a word of the acronym, so it names the acronym's idea itself, and the expansion is
    its name ("retrieval-augmented generation"), as a mined acronym's node is named by its long form.
    ``long_of``: lowercase acronym -> the long form the source spells out for it (a theme's Scope,
    an item's definition); an acronym nobody spells out is left alone, so no guess is made.  The
    word must be next to the acronym, after it ("RAG retrieval") or before it ("retrieval RAG"): a
    word further away qualifies the phrase, not the acronym ("RAG for document retrieval")."""
    keys = [word_key(p.lower()) for p in parts]
    for i, part in enumerate(parts):
        long = long_of.get(part.lower())
        if not long:
            continue
        long_words = words(long)
        if len(long_words) < 2:
            continue
        inside = {word_key(w) for w in long_words}
        for j in (i + 1, i - 1):
            if 0 <= j < len(parts) and keys[j] in inside and keys[j] != keys[i]:
                return tuple(parts[:min(i, j)]) + (long,) + tuple(parts[max(i, j) + 1:])
    return None
