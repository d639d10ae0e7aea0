"""The maintainers' vocabulary file (``kgsync-vocab.yml`` beside ``kgsync.yml``).

It always wins over mining::

    terms:                      # pinned canonical names
      knowledge-graph:
        kind: concept           # concept | method (optional: else the head-word rule)
        label: knowledge graph  # optional display form
        aliases: [KG, knowledge graphs]
    merges:                     # variant -> canonical name (any variant spelling)
      knowledge base graph: knowledge-graph
    stoplist:                   # never a node, whatever mining finds
      - large language model

A pinned term is a node whenever an item mentions its name, label or an
alias, even on a single item and even when it is a hub.  A stoplist entry
stops the idea it names, with all its variants ("AI" stops "artificial
intelligence" when the corpus defines one as the other).  Every problem is
collected and reported once with its file and line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, overload

import yaml

from kgsync.extract.canonical import canonical_name, is_acronym, is_written_name, term_key
from kgsync.read.item_bytes import INVISIBLE
from kgsync.read.yaml_source import entry_lines, key_lines, read_yaml
from kgsync.contract.errors import ConfigError, Location, printable_json
from kgsync.vocabulary.terms import Term, Vocabulary
from kgsync.vocabulary.themes import theme_named

_KINDS = ("concept", "method")
_NAME = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
_TERM_KEYS = ("kind", "label", "aliases")


@dataclass(frozen=True)
class PinnedVocabulary:
    key_to_name: Mapping[str, str] = field(default_factory=dict)  # key of name/label/alias -> pinned name
    kinds: Mapping[str, str] = field(default_factory=dict)  # name -> "concept" | "method" | ""
    labels: Mapping[str, str] = field(default_factory=dict)  # name -> label ("" when not given)
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # name -> aliases as written
    merges: Mapping[str, str] = field(default_factory=dict)  # variant key -> target key
    stop_keys: frozenset[str] = frozenset()
    acronym_keys: frozenset[str] = frozenset()  # keys of acronym aliases (match only in capitals)
    path: str = ""
    #: ``term_key`` of each pinned name a theme's node stands for (``with_themes``): the item links that
    #: node beyond its caps, so the pin takes none of its slots (``choice.local_choice``)
    theme_keys: frozenset[str] = frozenset()

    def resolve(self, key: str) -> str:
        """The group key a term key belongs to: merges followed, pinned names' keys."""
        if key not in self.merges:  # nearly every key (tens of thousands a build): no set to make
            name = self.key_to_name.get(key)
            return term_key(name) if name else key
        seen = {key}
        while key in self.merges:
            key = self.merges[key]
            if key in seen:  # load_pinned rejects cycles; stay total anyway
                break
            seen.add(key)
        name = self.key_to_name.get(key)
        return term_key(name) if name else key

    @property
    def empty(self) -> bool:
        return not (self.key_to_name or self.merges or self.stop_keys)

    def with_themes(self, name_keys: Mapping[str, str]) -> PinnedVocabulary:
        """The file with ``theme_keys``: the pins a theme's node stands for, read as a mined term's name
        and variants are (``themes.theme_named`` of ``name_keys``: ``ThemeMap.name_keys``), from the
        pin's name, label and aliases alone: the file and the theme map decide it, never an item."""
        keys = frozenset(term_key(name) for name in self.kinds
                         if theme_named(name_keys, name, (self.labels.get(name, ""), *self.aliases.get(name, ()))))
        return self if keys == self.theme_keys else replace(self, theme_keys=keys)

    def kind_of(self, name: str) -> str:
        """The kind the file pins for the term ``name`` names ("concept", "method"), or ""."""
        pinned = self.key_to_name.get(term_key(name))
        return self.kinds.get(pinned, "") if pinned else ""


@overload
def load_pinned(path: str | Path) -> PinnedVocabulary: ...
@overload
def load_pinned(path: None) -> None: ...
def load_pinned(path: str | Path | None) -> PinnedVocabulary | None:
    """Read and validate the vocabulary file; a missing file is an empty vocabulary.  None (no
    file configured, ``Config.optional_path``) is no vocabulary, as ``load_theme_map`` takes it."""
    if path is None:
        return None
    path = Path(path)
    if not path.exists():  # anything else that is no regular file is refused (``read_yaml``)
        return PinnedVocabulary(path=str(path))
    data, node = read_yaml(path)
    return parse_pinned(data, node, str(path))


@dataclass
class _Problems:
    """Every problem of one vocabulary file, each as ``path:line: what (fix: how)``."""

    path: str
    lines: dict[str, int]
    found: list[tuple[int, str]] = field(default_factory=list)  # (line, message)

    def __call__(self, where: str, message: str, fix: str) -> None:
        line = self.lines.get(where, 1)
        self.found.append((line, f"{Location(self.path, line)}: {message} (fix: {fix})"))

    @property
    def errors(self) -> list[str]:
        """In file order (a stable sort: found order within a line), as kgsync.yml's problems are."""
        return [text for _, text in sorted(self.found, key=lambda problem: problem[0])]


@dataclass
class _Terms:
    """The ``terms:`` section, parsed: each pinned name's kind, label and aliases, and who owns each key."""

    key_to_name: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    acronym_keys: set[str] = field(default_factory=set)


def parse_pinned(data: Any, node: yaml.Node | None, path: str) -> PinnedVocabulary:
    """Validate a vocabulary file's data, section by section; every problem is reported at once."""
    error = _Problems(path, key_lines(node))
    # Each stoplist entry's own line, as "stoplist.<n>" (a list has no keys of its own; n from 1).
    error.lines.update({f"stoplist.{n}": line for n, line in enumerate(entry_lines(node, "stoplist"), 1)})
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise ConfigError("must be a mapping with terms:, merges: and stoplist:", Location(path, 1),
                          "see the vocabulary file format in README.md")
    for key in data:
        if key not in ("terms", "merges", "stoplist"):
            error(str(key), f"unknown section {key!r}", "use terms:, merges: and stoplist:")
    terms = _parse_terms(data.get("terms") or {}, error)
    merges = _parse_merges(data.get("merges") or {}, terms.key_to_name, error)
    _check_merge_chains(merges, error)
    stop = _parse_stoplist(data.get("stoplist") or [], terms.key_to_name, error)
    if error.errors:
        # Each problem carries its own fix; the format's reference heads the list (a hint here would
        # read as a second fix on the last problem).
        raise ConfigError(f"{len(error.errors)} problem(s) in the vocabulary file (its format: README.md):\n  "
                          + "\n  ".join(error.errors), Location(path))
    return PinnedVocabulary(terms.key_to_name, terms.kinds, terms.labels, terms.aliases, merges, frozenset(stop),
                            frozenset(terms.acronym_keys), path)


def _parse_terms(terms: Any, error: _Problems) -> _Terms:
    out = _Terms()
    if not isinstance(terms, Mapping):
        error("terms", "terms: must map each canonical name to its kind, label and aliases",
              "write `terms:` then `  name: {kind: concept}`")
        terms = {}
    for name, spec in terms.items():
        where = f"terms.{name}"
        name = str(name)
        canonical = bool(_NAME.fullmatch(name)) and is_written_name(name)
        if not canonical:
            error(where, f"{name!r} is not a canonical name", f"write it as {canonical_name(name) or 'lowercase-words'!r}")
        spec = {} if spec is None else spec
        if not isinstance(spec, Mapping):
            error(where, f"{name}: expected a mapping of kind/label/aliases", "write `{kind: concept}` or leave empty")
            continue
        # A name to fix: its fields are still read for their problems (all reported at once), into a
        # scratch table, so that it pins nothing and claims no key another term owns.
        _parse_term(name, spec, where, out if canonical else _Terms(), error)
    return out


def _parse_term(name: str, spec: Mapping[Any, Any], where: str, out: _Terms, error: _Problems) -> None:
    for key in spec:
        if key not in _TERM_KEYS:
            error(f"{where}.{key}", f"{name}: unknown field {key!r}", f"use {', '.join(_TERM_KEYS)}")
    kind = spec.get("kind") or ""
    if kind and kind not in _KINDS:
        error(f"{where}.kind", f"{name}: kind must be concept or method, not {kind!r}", "write concept or method")
        kind = ""
    label = spec.get("label") or ""
    if not isinstance(label, str):
        error(f"{where}.label", f"{name}: label must be text", "quote it")
        label = ""
    raw_aliases = spec.get("aliases") or []
    if isinstance(raw_aliases, str):
        raw_aliases = [raw_aliases]
    if not isinstance(raw_aliases, list) or not all(isinstance(a, (str, int, float)) for a in raw_aliases):
        error(f"{where}.aliases", f"{name}: aliases must be a list of text", "write `aliases: [a, b]`")
        raw_aliases = []
    if any(not str(a).strip() for a in raw_aliases):  # dropped without a word, it was a name the maintainer meant
        error(f"{where}.aliases", f"{name}: an alias is empty", "write the alias, or delete the empty entry")
    for wordless in (str(a) for a in raw_aliases if str(a).strip() and not any(c.isalnum() for c in str(a))):
        error(f"{where}.aliases", f"{name}: alias {wordless[:40]!r} has no letter or digit",  # "!!" named nothing
              "write the alias, or delete the entry")
    alias_list = tuple(str(a) for a in raw_aliases if any(c.isalnum() for c in str(a)))
    # As an item's frontmatter: text that shows nothing, or reorders what is shown, names no node.
    for field_name, what, texts in (("label", "the label", (label,)), ("aliases", "an alias", alias_list)):
        hidden = next((found.group() for text in texts if (found := INVISIBLE.search(text))), None)
        if hidden is not None:
            error(f"{where}.{field_name}", f"{name}: {what} holds invisible or bidi control character "
                  f"U+{ord(hidden):04X}", "delete it: names and aliases hold only visible text")
    out.kinds[name], out.labels[name], out.aliases[name] = kind, label, alias_list
    for surface in (name, label, *alias_list):
        key = term_key(surface) if surface else ""
        if not key:
            continue
        owner = out.key_to_name.setdefault(key, name)
        if owner != name:
            error(where, f"{surface!r} is claimed by both {owner!r} and {name!r}",
                  "keep the variant under one term and list the other in merges:")
        if surface in alias_list and " " not in surface and is_acronym(surface):
            out.acronym_keys.add(key)


def _parse_merges(raw_merges: Any, key_to_name: Mapping[str, str], error: _Problems) -> dict[str, str]:
    merges: dict[str, str] = {}
    if not isinstance(raw_merges, Mapping):
        error("merges", "merges: must map each variant to its canonical name", "write `merges:` then `  variant: name`")
        raw_merges = {}
    for variant, target in raw_merges.items():
        where = f"merges.{variant}"
        if not isinstance(target, str) or not term_key(target):
            error(where, f"merge target of {variant!r} must be a term name", "write `variant: canonical-name`")
            continue
        vkey, tkey = term_key(str(variant)), term_key(target)
        if not vkey:
            error(where, f"{variant!r} has no words", "remove the entry")
            continue
        if vkey == tkey:
            continue  # already the same term: harmless
        if vkey in key_to_name and key_to_name[vkey] != key_to_name.get(tkey):
            error(where, f"{variant!r} is a pinned term ({key_to_name[vkey]}), it cannot also merge into {target!r}",
                  "remove the merge or the pinned term")
            continue
        merges[vkey] = tkey
    return merges


def _check_merge_chains(merges: Mapping[str, str], error: _Problems) -> None:
    for vkey in sorted(merges):  # a merge chain must end
        seen, key = {vkey}, merges[vkey]
        while key in merges:
            if key in seen:
                error("merges", f"merges form a cycle through {key!r}", "point every variant at one canonical name")
                break
            seen.add(key)
            key = merges[key]


def _parse_stoplist(raw_stop: Any, key_to_name: Mapping[str, str], error: _Problems) -> set[str]:
    stop: set[str] = set()
    if isinstance(raw_stop, str):
        raw_stop = [raw_stop]
    if not isinstance(raw_stop, list):
        error("stoplist", "stoplist: must be a list of terms", "write `stoplist: [term, term]`")
        raw_stop = []
    for n, entry in enumerate(raw_stop, 1):
        key = term_key(str(entry)) if entry is not None else ""
        if not key:  # dropped without a word, it was a term the maintainer meant to stop
            what = "is empty" if entry is None or not str(entry).strip() else f"{str(entry)[:40]!r} has no words"
            error(f"stoplist.{n}" if f"stoplist.{n}" in error.lines else "stoplist", f"stoplist: entry {n} {what}",
                  "write the term to stop, or delete the entry")
            continue
        if key in key_to_name:
            error("stoplist", f"{entry!r} is both stopped and pinned as {key_to_name[key]!r}",
                  "remove it from one of the two")
            continue
        stop.add(key)
    return stop


def dump_vocabulary(vocabulary: Vocabulary, stop_hubs: bool = True, nodes: Collection[str] | None = None) -> str:
    """The mined vocabulary as a reviewable vocabulary file (same format as load_pinned reads).

    Edit and commit it as kgsync-vocab.yml: a term under ``terms:`` is pinned, a node whatever mining
    says, and keeps its name in later builds; delete an entry to hand it back to mining.  ``nodes``: the
    concept and method nodes of the graph the build makes (``kind:name``), when known: a term that is none
    is written as a comment to uncomment, so the file committed as written keeps the nodes the build makes
    (pinning every mined term made 1,273 nodes of the 220 research items' 187).  A hub's node
    (``kgsync.vocabulary.hubs``) is not pinned (a pin would take a slot on every item that
    names it) and its stoplist line is a comment (``stop_hubs``): uncommented, it drops the node.
    """
    terms = dumped_terms(vocabulary)
    listed = "every stopword is listed at the end, as a comment" if stop_hubs else "the stopwords are left out"
    left_out = f" ({listed})" if len(terms) < len(vocabulary.terms) else ""
    out = ["# kgsync vocabulary: mined by `kgsync vocab --write`; edit, then commit as kgsync-vocab.yml.",
           f"# {terms_counted(vocabulary)}{left_out}.  The file wins over mining."]
    pinned = _pinned_names(terms, nodes)
    if nodes is not None:
        out.append(f"# A term under terms: is pinned: a node whatever mining says.  The {len(pinned)} that are nodes of "
                   "the graph the build makes are pinned below; the other")
        out.append(f"# {len(terms) - len(pinned)} are comments: uncomment one (its lines' first #) to make it a node, "
                   "delete an entry to hand it back to mining.")
    out.append("terms:")
    aliases, held_by = _aliases_one_term_claims(terms)
    for name, term in terms.items():
        lines = [f"  {name}:  # {len(term.items)} item(s): {', '.join(term.items[:3])}"
                 + (", ..." if len(term.items) > 3 else "")]
        lines.extend(f"    # also {_q(alias)}: a name of {owner} in this file (a name belongs to one term)"
                     for alias, owner in held_by.get(name, ()))
        lines.append(f"    kind: {term.kind.value}")
        lines.append(f"    label: {_q(term.label)}")
        if aliases[name]:
            lines.append(f"    aliases: [{', '.join(_q(a) for a in aliases[name])}]")
        out.extend(lines if name in pinned else (f"#{line}" for line in lines))
    out.append("merges: {}")
    out.append("stoplist: []")
    if stop_hubs and vocabulary.hubs:
        out.append("# corpus stopwords (hubs): no item's own term; a node the items about it link.  To drop one,")
        out.append("# move its line into stoplist:")
        out.extend(f"#  - {_q(label)}  # {count} items" for label, count in vocabulary.hubs)
    return "\n".join(out) + "\n"


def _pinned_names(terms: Mapping[str, Term], nodes: Collection[str] | None) -> frozenset[str]:
    """The terms the file pins: all of them, or (``nodes`` known) those that are nodes of the build's graph."""
    if nodes is None:
        return frozenset(terms)
    return frozenset(name for name, term in terms.items() if f"{term.kind.value}:{name}" in nodes)


def written_counted(vocabulary: Vocabulary, nodes: Collection[str]) -> str:
    """What ``dump_vocabulary`` wrote given the build's ``nodes``, as ``kgsync vocab --write`` says it."""
    terms = dumped_terms(vocabulary)
    pinned = len(_pinned_names(terms, nodes))
    return f"{pinned} pinned terms and {len(terms) - pinned} more as comments ({terms_counted(vocabulary)})"


def _aliases_one_term_claims(terms: Mapping[str, Term]) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, str]]]]:
    """Each term's aliases as the file writes them, and the aliases it leaves out with the term that holds each.

    ``load_pinned`` refuses a name (a term's name, label or alias, by ``term_key``) that two terms claim, while
    mining keeps an acronym on every term an item spells it out as ("DORA": DevOps Research and Assessment, and
    the Digital Operational Resilience Act, both on the research items), so the file written would stop every
    build.  A term's own name and label come first; an alias another term claims stays with the term of the
    most items (then the first by name) and is said, as a comment, on the others."""
    owner: dict[str, str] = {}
    for name, term in terms.items():
        for surface in (name, term.label):
            owner.setdefault(term_key(surface), name)
    for name, term in sorted(terms.items(), key=lambda pair: (-len(pair[1].items), pair[0])):
        for alias in term.aliases:
            owner.setdefault(term_key(alias), name)
    kept: dict[str, list[str]] = {}
    held_by: dict[str, list[tuple[str, str]]] = {}
    for name, term in terms.items():
        kept[name] = []
        for alias in (a for a in term.aliases if a != term.label):
            holder = owner.get(term_key(alias), name)
            if holder == name:
                kept[name].append(alias)
            else:
                held_by.setdefault(name, []).append((alias, holder))
    return kept, held_by


def dumped_terms(vocabulary: Vocabulary) -> dict[str, Term]:
    """The terms ``dump_vocabulary`` writes: every mined term but a hub's (``kgsync.vocabulary.hubs``)."""
    hub_names = {vocabulary._index.get(key) for key in vocabulary.hub_keys}
    return {name: term for name, term in vocabulary.terms.items() if name not in hub_names}


def terms_counted(vocabulary: Vocabulary) -> str:
    """What ``dump_vocabulary`` holds, counted as its header and ``kgsync vocab --write`` say it: the terms
    it writes, and beside them the mined ones (``kgsync vocab``'s listing counts those) less the hubs'."""
    held, mined = len(dumped_terms(vocabulary)), len(vocabulary.terms)
    if held == mined:
        return f"{held} terms from {vocabulary.item_count} items"
    return f"{held} terms of the {mined} mined from {vocabulary.item_count} items, less {mined - held} corpus stopwords"


def _q(text: str) -> str:
    # A JSON string is a YAML double-quoted scalar, and so are its escapes: a bidi control or a C1
    # control (which json.dumps leaves raw) written as ``\uXXXX``, as every JSON output writes it
    # (``printable_json``), reads back as the same character and never reaches a terminal or an editor raw.
    return printable_json(json.dumps(text, ensure_ascii=False))
