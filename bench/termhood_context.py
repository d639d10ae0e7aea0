"""Criteria of a second kind for ``bench_termhood.py`` (issue 21, generic15): how an item writes a term,
and what WordNet says of the words it is made of.  Per item and fixed resources only, no corpus count.

* Definitional context (``def_*``, ``defined``): the share of a node's items that define or introduce
  it where they use it, one sub-criterion per form (removed when the share is low: a generic phrase is
  used in passing, an idea is introduced):

  - ``def_title``: the item's title names it; ``def_heading``: a Markdown heading does;
  - ``def_bold``: a short emphasised span (``**X**``, ``*X*``, ``_X_``, at most eight words) holds it;
  - ``def_copula``: "X is a/an/the ...", "X are ...", "X refers to / means / denotes / describes",
    "known as / called / termed / dubbed / defined as X";
  - ``def_paren``: "X (Y)" or "Y (X)": an acronym or a gloss beside it;
  - ``def_quoted``: written in quotes or backticks ("the term `X`");
  - ``def_table``: the first cell of a table row; ``def_source``: a line of the Sources section.

* Lexical compositionality from WordNet 3.0 (``/usr/share/wordnet``, Debian ``wordnet-base``):

  - ``wn_head``: the head noun's (last word's) senses in the abstract everyday lexicographer files
    (act, attribute, quantity, state, event, process, relation, possession, time, location): the share
    of its senses, weighted by SemCor counts plus one;
  - ``wn_compose``: ``wn_head`` ≥ 0.5 and every modifier an ordinary word (a WordNet noun or adjective
    with ≥ 15 SemCor tags, ``wordnet_table.ORDINARY_TAGS``): "cost reduction", "escalation path";
  - ``wn_lexical``: the whole name is a WordNet lemma ("registry", "knowledge base");
  - ``wn_artifact``: the head's first sense is an artifact or a communication (removed when 0: a head
    that names a thing or a text is kept).

  ``defined``: any of them; ``def_strong``: bold, copula, parenthesis or quotes (the ones that
  explain it where it stands); ``def_first``: one of those at the item's first mention.

* ``passing``: the node's mentions per item, mean over its items (removed when low: written once).
* ``spread``: the share of an item's ``##`` sections that mention it, mean (removed when low).
* ``plural``: the share of its mentions written in the plural (removed when high: a count noun of
  everyday work, "pull requests", "APIs", "productivity gains", against a mass-noun idea or a name).
* ``numeric``: the share of its mentions with a percentage, a multiple or a money amount within 60
  characters (removed when high: a business measure, "77% report cost reductions").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

WORDNET = Path("/usr/share/wordnet")
ABSTRACT = {"noun.act", "noun.attribute", "noun.quantity", "noun.state", "noun.event", "noun.process",
            "noun.relation", "noun.possession", "noun.time", "noun.location"}
ORDINARY_TAGS = 15
_COPULA_AFTER = re.compile(r"^[*_`\"')]*(?:\s*\([^)]{1,80}\))?\s*(?:is|are)\s+(?:a|an|the)\b"
                           r"|^[*_`\"')]*\s*(?:refers? to|means|denotes|describes|is defined)\b", re.I)
_COPULA_BEFORE = re.compile(r"\b(?:known as|called|termed|dubbed|defined as|so-called|the term)\s*[*_`\"'(]*$", re.I)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?\s*(?:%|percent|x\b|×)|[$€£]\s?\d")
_BOLD = re.compile(r"\*\*([^*\n]{1,120})\*\*|(?<![*\w])\*([^*\n]{1,120})\*(?![*\w])|(?<![_\w])_([^_\n]{1,120})_(?![_\w])")


class NodeLike(Protocol):
    name: str
    forms: set[str]
    items: set[str]


def _pattern(forms: set[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(" + alternatives + r")(?:s|es)?(?![\w-])", re.I)


def split_item(text: str) -> tuple[str, str]:
    """(title, body) of an item's text."""
    if not text.startswith("---"):
        return "", text
    _, front, body = text.split("---", 2)
    title = re.search(r"^title:\s*(.*)$", front, re.M)
    return (title.group(1).strip().strip("\"'") if title else ""), body


def contexts(pattern: re.Pattern[str], title: str, body: str) -> set[str]:
    """The definitional contexts in which one item writes the term."""
    found: set[str] = set()
    if pattern.search(title):
        found.add("def_title")
    in_sources = False
    for line in body.splitlines():
        if line.startswith("## "):
            in_sources = line[3:].strip().lower().startswith("sources")
        if not pattern.search(line):
            continue
        if line.lstrip().startswith("#"):
            found.add("def_heading")
        if in_sources:
            found.add("def_source")
        if line.lstrip().startswith("|"):
            cells = line.strip().strip("|").split("|")
            if cells and pattern.search(cells[0]):
                found.add("def_table")
        for span in _BOLD.finditer(line):
            inner = next(g for g in span.groups() if g is not None)
            if len(inner.split()) <= 8 and pattern.search(inner):
                found.add("def_bold")
        for match in pattern.finditer(line):
            after, before = line[match.end():match.end() + 120], line[max(0, match.start() - 40):match.start()]
            if _COPULA_AFTER.search(after) or _COPULA_BEFORE.search(before):
                found.add("def_copula")
            if re.match(r"[*_`\"']*\s*\(", after) or re.search(r"\(\s*[*_`\"']*$", before):
                found.add("def_paren")
            if re.search(r"[\"\u201c`']$", before) and re.match(r"[\"\u201d`']", after):
                found.add("def_quoted")
    return found


KINDS = ("def_title", "def_heading", "def_bold", "def_copula", "def_paren", "def_quoted", "def_table", "def_source")
#: The contexts that explain a term where it stands, not where the item puts it.
STRONG = frozenset({"def_bold", "def_copula", "def_paren", "def_quoted"})


def definitional(nodes: Mapping[str, NodeLike], raw: dict[str, str]) -> dict[str, dict[str, float]]:
    """criterion -> node -> share of its items in that context (``defined``: any of them), plus
    ``passing`` (mentions per item) and ``spread`` (share of sections mentioning it)."""
    split = {slug: split_item(text) for slug, text in raw.items()}
    out: dict[str, dict[str, float]] = {k: {} for k in (*KINDS, "defined", "def_strong", "def_first", "passing", "spread", "plural", "numeric")}
    for name, node in nodes.items():
        pattern = _pattern(node.forms)
        singular = {f.lower() for f in node.forms}
        slugs = sorted(node.items & split.keys())
        per_kind = dict.fromkeys((*KINDS, "defined", "def_strong", "def_first"), 0)
        mentions = plural = numeric = 0
        spread = 0.0
        for slug in slugs:
            title, body = split[slug]
            found = contexts(pattern, title, body)
            for kind in found:
                per_kind[kind] += 1
            per_kind["defined"] += bool(found)
            per_kind["def_strong"] += bool(found & STRONG)
            first = next((line for line in body.splitlines() if pattern.search(line)), "")
            per_kind["def_first"] += bool(contexts(pattern, "", first) & STRONG)
            for match in pattern.finditer(body):
                mentions += 1
                written = match.group(0).lower()
                plural += written.endswith("s") and (written[:-1] in singular or written[:-2] in singular)
                numeric += bool(_NUMBER.search(body[max(0, match.start() - 60):match.end() + 60]))
            sections = re.split(r"^## ", body, flags=re.M)
            spread += sum(bool(pattern.search(s)) for s in sections) / max(1, len(sections))
        n = max(1, len(slugs))
        for kind, count in per_kind.items():
            out[kind][name] = count / n
        out["passing"][name] = mentions / n
        out["spread"][name] = spread / n
        out["plural"][name] = plural / max(1, mentions)
        out["numeric"][name] = numeric / max(1, mentions)
    return out


def read_wordnet(folder: Path = WORDNET) -> tuple[dict[str, list[tuple[str, int]]], dict[str, int]]:
    """(noun lemma -> [(lexname, SemCor count + 1)] in sense order, lemma -> SemCor tags over all its
    senses and parts of speech: ``wordnet_table``'s reading of an ordinary word)."""
    from bench.wordnet_table import read_synsets
    synsets = read_synsets(folder)
    tags: dict[str, int] = {}
    noun_sense: dict[tuple[str, int], int] = {}
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, number, count = line.split()
        lemma, _pct, rest = key.partition("%")
        tags[lemma.lower()] = tags.get(lemma.lower(), 0) + int(count)
        if rest.startswith("1"):
            noun_sense[(lemma.lower(), int(number))] = int(count)
    nouns: dict[str, list[tuple[str, int]]] = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        lemma, senses, pointers = fields[0], int(fields[2]), int(fields[3])
        offsets = fields[6 + pointers:6 + pointers + senses]
        nouns[lemma] = [(synsets[o][0], 1 + noun_sense.get((lemma, i + 1), 0)) for i, o in enumerate(offsets)]
    return nouns, tags


def _lemma(word: str, known: set[str]) -> str:
    if word in known:
        return word
    for cut, add in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(cut) and word[: -len(cut)] + add in known:
            return word[: -len(cut)] + add
    return word


def lexical(nodes: Mapping[str, NodeLike], folder: Path = WORDNET) -> dict[str, dict[str, float]]:
    """criterion -> node -> value for the WordNet criteria."""
    nouns, ordinary = read_wordnet(folder)
    known = set(nouns)
    out: dict[str, dict[str, float]] = {k: {} for k in ("wn_head", "wn_compose", "wn_lexical", "wn_artifact")}
    for name in nodes:
        words = name.split(":", 1)[1].split("-")
        head = _lemma(words[-1], known)
        senses = nouns.get(head, [])
        weight = sum(c for _l, c in senses)
        abstract = sum(c for lex, c in senses if lex in ABSTRACT) / weight if weight else 0.0
        out["wn_head"][name] = abstract
        modifiers = [_lemma(w, known) for w in words[:-1]]
        out["wn_compose"][name] = float(abstract >= 0.5 and bool(modifiers)
                                        and all(ordinary.get(m, 0) >= ORDINARY_TAGS for m in modifiers))
        out["wn_lexical"][name] = float("_".join(words) in nouns or "_".join([*words[:-1], head]) in nouns)
        out["wn_artifact"][name] = float(bool(senses) and senses[0][0] in ("noun.artifact", "noun.communication"))
    return out


def criteria(nodes: Mapping[str, NodeLike], raw: dict[str, str]
             ) -> list[tuple[str, dict[str, float], list[float], Callable[[float, float], bool]]]:
    at_least: Callable[[float, float], bool] = lambda v, t: v >= t  # noqa: E731
    at_most: Callable[[float, float], bool] = lambda v, t: v <= t  # noqa: E731
    out: list[tuple[str, dict[str, float], list[float], Callable[[float, float], bool]]] = []
    for kind, values in definitional(nodes, raw).items():
        if kind in ("plural", "numeric"):
            out.append((kind, values, [0.1, 0.25, 0.5], at_least))
        else:
            thresholds = [1.0, 2.0, 3.0] if kind == "passing" else [0.0, 0.25, 0.5]
            out.append((kind, values, thresholds, at_most))
    if (WORDNET / "data.noun").exists():
        for kind, values in lexical(nodes).items():
            if kind == "wn_head":
                out.append((kind, values, [0.5, 0.75, 1.0], at_least))
            elif kind == "wn_artifact":
                out.append((kind, values, [0.0], at_most))
            else:
                out.append((kind, values, [1.0], at_least))
    else:
        print("wordnet: /usr/share/wordnet absent, skipped")
    return out
