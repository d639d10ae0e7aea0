"""A term's page title in words, not as its slug: the alias that spells its name as its items
write it (``spelled_out``), else the spelling its own items write most (``spell_as_written``); and
which aliases only respell the title (``respells``), no other name for the reader.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace

from kgsync.contract.model import EntityType, Graph
from kgsync.publish.site.node import Node
from kgsync.publish.site.text import one_line
from kgsync.read.items import ResearchItem

Observations = Mapping[str, Sequence[str]]  # key -> values, as ``observations_with`` returns them

TERM_KINDS = frozenset({EntityType.CONCEPT, EntityType.METHOD})


#: A word of a name, case-folded: "AGENTS.md" and "agents-md", or "confidentiality, integrity,
#: and availability" and its slug, are the same words.
_WORD = re.compile(r"[^\W_]+")
#: English plural endings of a name's last word (as written, in lower case): the singular's ending
#: and the plural's, longest first ("policies" -> "policy", "harnesses" -> "harness", "models" -> "model").
_PLURALS = (("y", "ies"), ("", "es"), ("", "s"))


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.casefold()))


def _singular(alias: str, key_words: tuple[str, ...]) -> str:
    """``alias`` made singular when it is the plural of the words ``key_words`` ("GitHub Issues"
    for github-issue -> "GitHub Issue"); "" when it is not."""
    words = _words(alias)
    if not key_words or len(words) != len(key_words) or words[:-1] != key_words[:-1]:
        return ""
    last = key_words[-1]
    for singular_end, plural_end in _PLURALS:
        if last.endswith(singular_end) and words[-1] == last[:len(last) - len(singular_end)] + plural_end \
                and alias.casefold().endswith(plural_end):
            return alias[:len(alias) - len(plural_end)] + singular_end
    return ""


def spelled_out(key: str, obs: Observations) -> str:
    """A term's page title: the alias that writes its canonical name's words as its items do
    ("knowledge graphs" for knowledge-graphs, "GitHub" for github, "AGENTS.md" for agents-md), else a
    plural alias made singular ("large language model" from "large language models": the name is the
    singular), so a reader sees words, not a slug; the name itself when no alias spells it
    (hyphenated words such as pre-training stay)."""
    if " " in key:
        return key  # readable already
    key_words = _words(key)
    aliases = sorted({one_line(v) for v in obs.get("alias", ())} - {""})
    same = [a for a in aliases if _words(a) == key_words and a != key and not _respelled(a, aliases)]
    if same:
        return same[0]
    singular = [s for s in (_singular(a, key_words) for a in aliases) if s]
    return singular[0] if singular else key


def _respelled(alias: str, aliases: Sequence[str]) -> bool:
    """True when ``alias`` is another alias with spaces for its hyphens, the form the build adds for
    search (``graph.terms.spaced_name_alias``): the form with hyphens is the spelling."""
    return "-" not in alias and any("-" in a and a.replace("-", " ") == alias for a in aliases)


#: A URL in an item's text: its host and path are no spelling of a name ("openai.com").
_URL_IN_TEXT = re.compile(r"https?://\S+|www\.\S+")


def spell_as_written(nodes: dict[str, Node], graph: Graph, by_slug: Mapping[str, ResearchItem]) -> None:
    """A term no alias spells (``spelled_out`` kept its slug: openai, new-zealand) is titled by the
    spelling its own items write most (OpenAI, New Zealand): its name's words, apart by spaces or
    hyphens, counted as written inside a sentence of the text of the items that name it or link it
    (after a word and a space: not a title, heading, table cell or sentence start, where any word is
    capitalised; URLs left out); the slug stays when they never write it.  Ties go to the first
    form in code-point order, so the same graph titles it the same on every run.

    A term two of whose aliases spell its title's words, one with hyphens and one with spaces
    ("software as-a-service", "software as a service": the build writes the spaced form for search,
    ``graph.terms.spaced_name_alias``), is titled by the one its items write more, counted the same
    way (case aside); ``spelled_out``'s choice, the hyphens, stays on a tie."""
    linked: dict[str, set[str]] = defaultdict(set)
    for r in graph.relations:
        if r.source.startswith("item:") and r.target in nodes:
            linked[r.target].add(r.source.removeprefix("item:"))
    texts: dict[str, str] = {}  # an item's text without headings, table rows and URLs: cut once, not once per term
    for name, node in list(nodes.items()):
        if node.kind not in TERM_KINDS:
            continue
        twins = _hyphen_twins(node)
        if not twins and (node.title != node.key or " " in node.key):
            continue
        words = _words(node.key)
        if not words:
            continue
        written = _written_forms(words, sorted(set(node.items) | linked[name]), by_slug, texts)
        if twins:
            counts = {twin: sum(n for form, n in written.items() if form.casefold() == twin.casefold()) for twin in twins}
            title = max(twins, key=lambda twin: (counts[twin], twin == node.title))
        elif written:
            title = min(written, key=lambda form: (-written[form], form))
        else:
            continue
        if title != node.title:
            nodes[name] = replace(node, title=title,
                                  aliases=tuple(a for a in node.search_names if not respells(a, title)))


def _hyphen_twins(node: Node) -> tuple[str, ...]:
    """The title and the aliases that write its words with other hyphens or spaces (case aside), when
    there are two such spellings or more; else ()."""
    title_words, spaced = _words(node.title), node.title.replace("-", " ").casefold()
    twins = {node.title, *(a for a in node.search_names
                           if _words(a) == title_words and a.replace("-", " ").casefold() == spaced)}
    return tuple(sorted(twins)) if len({t.casefold() for t in twins}) > 1 else ()


def _written_forms(words: Sequence[str], slugs: Sequence[str], by_slug: Mapping[str, ResearchItem],
                   texts: dict[str, str]) -> Counter[str]:
    """How often the items ``slugs`` write ``words`` (apart by spaces or hyphens) inside a sentence, by form."""
    # The space before the name is matched, not only looked behind at: a pattern that starts with a
    # character is tried only where that character is (6 times faster on the corpus), not at every
    # position.  The same spans: a match ends inside a word, never in the space the next one starts with.
    phrase = re.compile(r" (?<=[\w,;)] )(?P<name>" + r"[\s-]+".join(map(re.escape, words)) + r")(?![\w-])",
                        re.IGNORECASE)
    written: Counter[str] = Counter()
    for slug in slugs:
        item = by_slug.get(slug)
        if item is not None:
            text = texts.get(slug)
            if text is None:
                text = texts[slug] = _URL_IN_TEXT.sub(" ", "\n".join(
                    line for line in item.body.splitlines() if not line.lstrip().startswith(("#", "|"))))
            written.update(one_line(m["name"]) for m in phrase.finditer(text))
    return written


def respells(alias: str, title: str) -> bool:
    """True when ``alias`` is the title's own words in another case, hyphenation or number
    ("retrieval-augmented generation", "large language models"): no other name for the reader."""
    title_words = _words(title)
    return bool(title_words) and (_words(alias) == title_words or bool(_singular(alias, title_words)))
