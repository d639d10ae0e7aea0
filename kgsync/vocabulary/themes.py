"""The research repo's theme vocabulary: alias -> canonical theme slug.

The reference repo keeps it as Markdown ending in a fenced YAML block
(``canonical: [alias, ...]``); a plain YAML file of the same shape works too.
Themes are canonicalised through it so that ``tag:`` observations never drift.

The alias column is the repository's tag migration map, not a synonym list: it
canonicalises every retired tag, but only an alias or scope expansion that is a variant of
the theme's name (``is_variant``: every content word is the slug's, "retrieval-augmented
generation (RAG)" for "rag-retrieval") becomes an ``alias:`` of the theme's node
(``ThemeMap.words``) and takes a mined concept of that name into it; a retired tag that names
a neighbouring idea ("operational-risk" under "security-risk", "context-window" under
"memory-context", "vector-search" under "rag-retrieval") keeps its own mined node.  And a claim whose statement names the theme
itself is ``about`` it (``ThemeMap.mentions``): a variant of the theme's name of two or
more words ("context windows", "retrieval-augmented generation"; an alias or a scope
phrase) or a spelled-out acronym that is one ("RAG").  A single word ("agent",
"policy", "tools") names far too many things to make a claim about the category, and a
narrower topic the scope lists ("vector search", "MCP", "tool use") speaks for its own
node: the theme's node is returned with every relation touching it, so each ``about`` it
keeps is paid on every search that matches the theme.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from kgsync.extract.canonical import (CLOSED_PREFIXES, append_key, canonical_name, display_alias, latin_lookalikes, term_key,
                                      without_restated_expansion, word_key, words)
from kgsync.extract import wordnet
from kgsync.read.items import fenced_blocks
from kgsync.vocabulary.facets import Facet, scope_facets
from kgsync.vocabulary.theme_words import is_variant, method_themes, names_one_idea, scope_expansions, slug_parts
from kgsync.read.yaml_source import decode_utf8, key_lines, read_small_file, read_yaml
from kgsync.contract.errors import ConfigError, Location

# A table row of the Markdown vocabulary: | `slug` | `alias`, ... | scope |
_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|([^|\n]*)\|([^|\n]*)\|\s*$", re.M)


@dataclass(frozen=True)
class ThemeMap:
    canonical: frozenset[str] = frozenset()
    alias_to_canonical: dict[str, str] = field(default_factory=dict)
    words: dict[str, tuple[str, ...]] = field(default_factory=dict)  # slug -> alias observations, sorted
    topic_keys: dict[str, str] = field(default_factory=dict)  # term_key of a variant phrase -> slug
    acronyms: dict[str, str] = field(default_factory=dict)  # spelled-out acronym of a variant, as written -> slug
    #: the slugs whose node is a method (``method_themes``): the rest are concepts
    methods: frozenset[str] = frozenset()
    #: the slugs whose vocabulary entry names one idea (``names_one_idea``): only they are nodes, a
    #: bucket ("memory-context") stays a tag; None when the vocabulary has no Scope column (a plain
    #: YAML map, or no vocabulary): then every theme is a node
    ideas: frozenset[str] | None = None
    #: ``term_key`` of a bucket theme's Scope phrase or alias -> the buckets whose row writes it
    #: (``bucket_tags``): a mined node of that name carries the bucket's slug as a tag
    bucket_keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: ``term_key`` of an act written with the vocabulary's field ("ai adoption") -> the theme named by
    #: an organisation and that act ("enterprise-adoption"): a mined concept of that name is the theme
    #: (``field_acts``)
    field_acts: dict[str, str] = field(default_factory=dict)
    #: slug -> its node's name part, for the slugs whose words restate an acronym's expansion
    #: (``node_names``: "rag-retrieval" -> "retrieval-augmented-generation"); the slug stays the theme
    names: dict[str, str] = field(default_factory=dict)
    #: bucket slug -> the ideas its Scope names (``facets.scope_facets``): an item of the bucket that
    #: addresses one links its node (``kgsync.graph.facet_links``)
    facets: dict[str, tuple[Facet, ...]] = field(default_factory=dict)
    # theme as written -> canonical slug: a 10,000-item build asks ~60,000 times for a few
    # hundred distinct spellings, and the regex behind ``_key`` is most of a build's theme cost.
    _seen: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def canonicalise(self, theme: str) -> str:
        found = self._seen.get(theme)
        if found is None:
            key = _key(theme)
            found = self._seen[theme] = key if key in self.canonical else self.alias_to_canonical.get(key, key)
        return found

    def mentions(self, text: str) -> tuple[str, ...]:
        """Themes whose name ``text`` writes: a variant phrase or acronym (sorted; see the module doc)."""
        found: set[str] = set()
        if self.topic_keys:
            # Each phrase's key is ``term_key`` of its words joined (``words`` gives those words
            # back from them), built word by word as ``key_of_words`` builds it: a ``term_key``
            # per phrase, most of them never seen before, was most of a fresh build's claim time.
            keys = [word_key(w) for w in words(text)]
            longest, firsts = self._longest, self._firsts
            for i in range(len(keys) - 1):
                if keys[i] not in firsts:
                    continue  # no phrase from here is a key: its first word stays this one (``_firsts``)
                phrase = [keys[i]]
                for key in keys[i + 1 : i + longest]:  # phrases of 2 to ``longest`` words
                    append_key(phrase, key)
                    slug = self.topic_keys.get(" ".join(phrase))
                    if slug:
                        found.add(slug)
        for acronym, slug in self.acronyms.items():
            if acronym in text and re.search(rf"(?<![\w-]){re.escape(acronym)}s?(?![\w-])", text):
                found.add(slug)
        return tuple(sorted(found))

    def bucket_tags(self, name: str, aliases: Iterable[str] = ()) -> tuple[str, ...]:
        """The bucket themes whose vocabulary row names this idea node: its name, or an alias the item
        writes for it, is one of the bucket's Scope phrases or aliases ("AI governance" under
        governance-policy, "low-code" under tools-infrastructure).  Sorted; empty when none does."""
        if not self.bucket_keys:
            return ()
        found = {b for surface in (name, *aliases) for b in self.bucket_keys.get(term_key(surface), ())}
        return tuple(sorted(found))

    def node(self, slug: str) -> str:
        """The name part of the theme's node (``concept:``/``method:`` + it): the slug, unless the
        slug restates an acronym's expansion (``node_names``)."""
        return self.names.get(slug, slug)

    def tag_links_node(self, slug: str, stated: str, capitals: Collection[str] = ()) -> bool:
        """Does an item that carries ``slug`` link the theme's node by the tag?  Yes, unless the node is
        renamed (``node_names``: the slug "rag-retrieval" restates RAG's expansion) and the item writes
        neither a word of the slug in capitals anywhere (``capitals``: "RAG") nor a variant of the node's
        name where it states what it asks and finds (``stated``; ``mentions``).  Such a tag is the bucket
        its Scope lists ("vector search, semantic retrieval"): an item about a local index that never
        writes RAG is no RAG item, and keeps the ``tag:``.  The item's text and the vocabulary's words only."""
        if slug not in self.names:
            return True
        return any(part in capitals for part in slug_parts(slug)) or slug in self.mentions(stated)

    def with_pinned_kinds(self, kind_of: Callable[[str], str]) -> ThemeMap:
        """The map with each theme whose node the maintainers' vocabulary pins (``kind_of`` its name:
        "concept", "method" or "") typed as pinned: the file always wins over mining, here over the
        theme's head (``method_themes``: "rag-retrieval" is a method by "retrieval")."""
        pinned = {slug: kind for slug in self.canonical if (kind := kind_of(self.node(slug)))}
        methods = (self.methods - pinned.keys()) | {slug for slug, kind in pinned.items() if kind == "method"}
        return self if methods == self.methods else replace(self, methods=frozenset(methods))

    def name_keys(self, nodes: frozenset[str]) -> dict[str, str]:
        """``term_key`` of each name that stands for one of the themes ``nodes`` -> that theme: the slug,
        each of its words (``words``) and an act written with the vocabulary's field (``field_acts``:
        "AI adoption"); a theme's own word wins over an act (``theme_named`` reads it)."""
        by_key = {key: theme for key, theme in self.field_acts.items() if theme in nodes}
        by_key.update({term_key(word): theme for theme in sorted(nodes, reverse=True) for word in self.words.get(theme, ())})
        by_key.update({term_key(theme): theme for theme in nodes})
        return by_key

    @property
    def nodes(self) -> frozenset[str]:
        """The vocabulary's themes that are nodes (``ideas``; every one without a Scope column)."""
        return self.canonical if self.ideas is None else self.ideas

    @cached_property
    def _longest(self) -> int:
        # Once per map, not per statement (a pass over every topic key).
        return max((len(k.split()) for k in self.topic_keys), default=0) + 1  # a closed prefix joins two words


    @cached_property
    def _firsts(self) -> frozenset[str]:
        """The first word of every topic key, and every closed prefix: a phrase keyed word by word
        (``append_key``) keeps its first word unless that word is a prefix that closes up with the
        next, so a phrase whose first word is neither is no topic key (most words of a statement)."""
        return frozenset(k.split(" ", 1)[0] for k in self.topic_keys) | CLOSED_PREFIXES


def theme_named(name_keys: Mapping[str, str], name: str, variants: Iterable[str]) -> str | None:
    """The theme (``name_keys``: ``ThemeMap.name_keys``) that a term named ``name`` stands for: its name's,
    else the first of its ``variants`` of two or more words that is a theme's ("agentic AI" is the theme
    agentic-ai's own word; the term's name spells the acronym out); None: no theme's."""
    for key in (term_key(name), *(term_key(a) for a in variants if len(a.split()) > 1)):
        if key in name_keys:
            return name_keys[key]
    return None


def _key(theme: str) -> str:
    # Look-alike letters folded (a Cyrillic "а" is the Latin "a") and accents composed (NFC: "e" and a
    # combining acute are "é"): two themes that read the same are one.
    return re.sub(r"[\s_]+", "-", latin_lookalikes(unicodedata.normalize("NFC", theme)).strip().lower())


def _yaml_blocks(text: str) -> list[tuple[str, int]]:
    """(its text, the lines before it) of each closed fenced block of ``text`` whose info string is yaml
    or yml, read as GitHub renders fences (``fenced_blocks``: ~~~ or ```, any length)."""
    out = []
    for block in fenced_blocks(text):
        first = text.find("\n", block.start) + 1
        last = text.rfind("\n", 0, block.end) + 1
        info = text[block.start:first].strip(" \t\n").lstrip(block.marker[0]).split()
        if info[:1] in (["yaml"], ["yml"]) and not block.to_end and 0 < first <= last \
                and text[last:block.end].strip(" \t").startswith(block.marker):
            out.append((text[first:last], text.count("\n", 0, first)))
    return out


def load_theme_map(path: Path | None) -> ThemeMap:
    if path is None or not str(path) or path == Path():
        return ThemeMap()
    try:
        raw = read_small_file(path)
    except FileNotFoundError:
        raise ConfigError("themes_vocabulary file not found", Location.of(path),
                          "fix 'themes_vocabulary:' in kgsync.yml") from None
    # Line ends as a Windows (CRLF) or old Mac (CR) editor saves them read as "\n": the fences
    # and table rows are matched line by line, and lines are counted on "\n" for messages.
    text = decode_utf8(path, raw).replace("\r\n", "\n").replace("\r", "\n")
    blocks = _yaml_blocks(text) if path.suffix.lower() in (".md", ".markdown") else [(text, 0)]
    if not blocks:
        raise ConfigError("no ```yaml block with the alias map", Location.of(path),
                          "end the file with a fenced YAML block: canonical: [alias, ...]")
    block, offset = blocks[-1]
    data, node = read_yaml(path, block, offset)
    data = data or {}
    if not isinstance(data, dict):
        raise ConfigError("theme alias map must map canonical slugs to lists of aliases", Location.of(path))
    _check_alias_lists(data, key_lines(node), offset, path)
    canonical = frozenset(_key(str(k)) for k in data)
    _check_alias_owners(node, canonical, offset, path)
    aliases: dict[str, str] = {}
    phrases: dict[str, list[str]] = {slug: [slug] for slug in sorted(canonical)}
    for slug, values in sorted(data.items(), key=lambda kv: str(kv[0])):
        for alias in values or []:
            aliases.setdefault(_key(str(alias)), _key(str(slug)))
            phrases[_key(str(slug))].append(_key(str(alias)))
    scopes = {_key(slug): scope for slug, _aliases, scope in _ROW.findall(text)} if len(blocks) else {}
    return _with_words(ThemeMap(canonical, aliases), phrases, scopes)


def _check_alias_lists(data: dict[Any, Any], lines: dict[str, int], offset: int, path: Path) -> None:
    """Each theme's aliases are a list of plain values (or nothing): a string would be read letter
    by letter (each letter an alias), a number would not be read at all."""
    for slug, values in data.items():
        if values is None or (isinstance(values, list) and not any(isinstance(v, (list, dict)) for v in values)):
            continue
        if isinstance(values, list):
            shown = "a list inside the list" if any(isinstance(v, list) for v in values) else "a mapping inside the list"
        elif isinstance(values, dict):
            shown = "a mapping"
        else:
            shown = repr(values)[:60]
        line = lines.get(str(slug))
        raise ConfigError(f"{slug}: the aliases are {shown}, not a list", Location.of(path, offset + line if line else None),
                          f"write {slug}: [alias, ...] (or {slug}: [] for none)")


def _check_alias_owners(node: yaml.Node | None, canonical: frozenset[str], offset: int, path: Path) -> None:
    """Each theme's slug has a letter or digit (it names the theme's node; '' or '-' had no word to read), and
    each alias names one theme: listed under two themes it went to the first in sorted order, and
    another theme's slug listed as an alias was never read (the theme wins); neither was said.  An empty
    alias is none (as in kgsync-vocab.yml): ``''`` named nothing, and ``- ~`` the tag "none"."""
    owner: dict[str, str] = {}
    for key_node, value_node in node.value if isinstance(node, yaml.MappingNode) else ():
        slug = _key(str(key_node.value))
        if key_node.tag.endswith(":null") or not any(c.isalnum() for c in slug):  # `~:` was the theme "none"
            raise ConfigError("a theme's slug holds no letter or digit", Location.of(path, offset + key_node.start_mark.line + 1),
                              "write the theme's slug (knowledge-graphs), or delete the entry")
        for alias_node in value_node.value if isinstance(value_node, yaml.SequenceNode) else ():
            alias = _key(str(alias_node.value))
            where = Location.of(path, offset + alias_node.start_mark.line + 1)
            if not alias or alias_node.tag.endswith(":null"):  # `- ~` or `- ` was read as the tag "none"
                raise ConfigError(f"{key_node.value}: an alias is empty", where, "write the alias, or delete the empty entry")
            if alias != slug and alias in canonical:
                raise ConfigError(f"{alias_node.value}: a theme, and an alias of {slug}", where,
                                  f"remove it from {slug}'s list, or retire the theme {alias} (its aliases then "
                                  f"under {slug})")
            if owner.setdefault(alias, slug) != slug:
                raise ConfigError(f"{alias_node.value}: an alias of {owner[alias]} and of {slug}", where,
                                  "keep it under one theme: an item's tag maps to one theme")


def _with_words(themes: ThemeMap, phrases: dict[str, list[str]], scopes: dict[str, str]) -> ThemeMap:
    """The theme map plus its search words and topic keys (see the module doc)."""
    words_of: dict[str, tuple[str, ...]] = {}
    topic_keys: dict[str, str] = {}
    acronyms: dict[str, str] = {}
    for slug, written in phrases.items():
        spelled = [display_alias(p.replace("-", " ")) for p in written]
        expansions, scope_phrases, spelled_out = (scope_expansions(scopes.get(slug, "")) if slug in themes.canonical
                                                  else ([], [], []))
        long_of = {short.lower(): long for short, long in spelled_out}
        for short, long in expansions:
            if is_variant(slug, short, long_of):  # "RAG", not "MCP" under tools-infrastructure
                acronyms.setdefault(short, slug)
            spelled += [long, short]
        for phrase in [*spelled, *scope_phrases]:
            key = term_key(phrase)
            # A single word names too much; a narrower topic speaks for its own node.
            if key and len(words(phrase)) >= 2 and is_variant(slug, phrase, long_of):
                topic_keys.setdefault(key, slug)
        seen: dict[str, str] = {}
        for word in spelled:
            if is_variant(slug, word, long_of):  # a narrower or neighbouring topic keeps its own node
                seen.setdefault(word.lower(), word)
        words_of[slug] = tuple(sorted(seen.values()))
    methods = method_themes({slug: words_of[slug] for slug in themes.canonical if slug in words_of})
    ideas = frozenset(slug for slug in themes.canonical if names_one_idea(slug, scopes.get(slug, ""))
                      ) if scopes else None
    buckets = themes.canonical - ideas if ideas is not None else frozenset()  # without a Scope, none
    return ThemeMap(themes.canonical, themes.alias_to_canonical, words_of, topic_keys, acronyms, methods, ideas,
                    _bucket_keys(buckets, phrases, scopes), field_acts(themes.canonical if ideas is None else ideas),
                    node_names(themes.canonical, scopes),
                    {slug: found for slug in sorted(buckets) if (found := scope_facets(scopes.get(slug, "")))})


def field_acts(nodes: Iterable[str]) -> dict[str, str]:
    """"ai adoption" -> "enterprise-adoption": a theme node named by an organisation and an act (WordNet:
    "enterprise" a party, "adoption" an act) says who acts and leaves what they act on to the repository;
    the vocabulary names that field as the acronym head a theme is a kind of ("agentic-ai": AI, a head of
    at most three letters after a modifier, as ``is_variant`` reads it).  So the act written with the
    field ("AI adoption") is the theme: the one idea a reader finds on both pages.  An act with any other
    object ("cloud adoption") is another idea; the vocabulary's words only, no corpus count."""
    slugs = sorted(nodes)
    fields = sorted({parts[-1] for parts in map(slug_parts, slugs) if len(parts) >= 2 and len(parts[-1]) <= 3})
    found: dict[str, str] = {}
    for slug in slugs:
        parts = slug_parts(slug)
        if len(parts) == 2 and wordnet.is_party(word_key(parts[0])) and wordnet.is_act(word_key(parts[1])):
            for word in fields:
                key = term_key(f"{word} {parts[1]}")
                if key:
                    found.setdefault(key, slug)
    return found


def node_names(slugs: Iterable[str], scopes: dict[str, str]) -> dict[str, str]:
    """Slug -> its node's name part, for each slug that writes an acronym next to a word the long
    form its Scope spells out already holds ("rag-retrieval": RAG is retrieval-augmented generation,
    so "RAG retrieval" restates "retrieval"; ``canonical.without_restated_expansion``): the node is
    named by the expansion, as a mined acronym's node is ("retrieval-augmented-generation").

    The slug stays what the vocabulary made it: the items' ``themes:`` write it, ``tag:`` observations
    and the manifest keep it, and the node keeps it as an alias (a search for the slug still finds the
    node).  Only the node's name changes; the vocabulary's words only, so no item's edit renames it."""
    found: dict[str, str] = {}
    for slug in sorted(slugs):
        _pairs, _phrases, spelled_out = scope_expansions(scopes.get(slug, ""))
        long_of = {short.lower(): long for short, long in spelled_out}
        restated = without_restated_expansion(slug_parts(slug), long_of) if long_of else None
        name = canonical_name(" ".join(restated)) if restated else ""
        if name and name != slug:
            found[slug] = name
    return found


def _bucket_keys(buckets: frozenset[str], phrases: dict[str, list[str]], scopes: dict[str, str]
                 ) -> dict[str, tuple[str, ...]]:
    """``term_key`` of each phrase a bucket's row writes (its Scope phrases, either form of an acronym,
    and its aliases; not the slug itself, which names no idea) -> the buckets (``ThemeMap.bucket_keys``).
    A bucket has no node for a search of its slug to find; the ideas its own row lists stand for it."""
    found: dict[str, set[str]] = {}
    for slug in sorted(buckets):
        _pairs, scope_phrases, _spelled = scope_expansions(scopes.get(slug, ""))
        for phrase in [*scope_phrases, *(p.replace("-", " ") for p in phrases.get(slug, [])[1:])]:
            key = term_key(phrase)
            if key and key != term_key(slug):
                found.setdefault(key, set()).add(slug)
    return {key: tuple(sorted(slugs)) for key, slugs in sorted(found.items())}
