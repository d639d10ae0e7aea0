"""Candidate duplicates the name-only rule misses: proposed for review, never merged by the build;
and what a reviewer is shown of every signal (``proposed_pairs``: no pair whose names say two
things, ``two_things``).

``similarity.near_duplicate_pairs`` compares node names.  Three more signals, each a reviewable
proposal (lint, ``kgsync duplicates``, the review PR), because neither is evidence enough for the
build to merge by itself:

* **through an alias** (``alias_pairs``): the names differ, but a surface one node is written as
  is a near-duplicate of the other's name or of one of its surfaces.  "H-neuron activations" and
  the node ``hallucination-associated-neurons``, whose items define "H-neurons" as its short form:
  "h neuron activation" is "h neuron" plus a head, a facet of the same page.
* **a head the same items write for the longer name** (``head_pairs``): "language model" /
  "large language model", a modifier the items drop at will; the items that link the two are
  largely the same (``same_items``), which a narrower kind's are not ("copilot coding agent": 4 of
  "coding agent"'s 17).  ``same_items`` is also the evidence the review PR writes beside any
  proposed pair it holds for (``diff.GraphDiff.same_items``), and lists first.
* **a vague head over a kind of the same thing** (``vague_head_pairs``): one name is a word
  plus a vague head noun (``groups.vague_head``: "file", "application", "system"), and the other
  is that word with a modifier ("instruction file" / "copilot instruction": a Copilot instruction
  *is* an instruction file), or that word alone, and some item addresses both.  Without that item
  the pair is as often a possessor and its facet as a kind and its carrier ("agent skill" /
  "ai agent": a skill an agent has, not an agent).

Signals measured and left out (no reader pair they would find, or as many false pairs): WordNet
synonymy of the differing words (no reader pair's words share a WordNet synset: log/trail,
approval/oversight), and the overlap of the sets of items that link two names sharing a word
(the siblings a reader keeps apart, PDP/PAP/PEP, overlap far more than the pairs a reader
merges: authors who mean one idea write one name).  Measured again for issue 21 with
``bench/kin_signals.py`` over the research corpus's graph and over that corpus with the later
items (273), against the reader's three pairs this module does not propose (audit log / audit
trail, AI agent / autonomous agent, human oversight / human in the loop); each finds one of
them and more pairs a reader keeps apart, so none is a rule:

* a shared hypernym *word* of two heads after the same modifier (log -> written record ->
  record -> evidence, trail -> evidence: two synsets of "evidence", four steps): audit log /
  trail, and cost performance / reduction, h-neuron activation / formation, LLM hallucination
  / reasoning, all nearer (two or three steps); over the 892 mined concept terms, 15 more
  (AI agent / assistant, local database / index...) with acts and processes left out;
* two modifiers of one head written together by some item ("autonomous AI agents"): AI agent /
  autonomous agent, and AI / multi agent, claude code / low code, continuous / runtime
  monitoring, GitHub / Microsoft Copilot, human / nominal review, autonomous / coding agent
  (9 pairs over the 273 items, 1 a reader's); none of the 3 items that write "autonomous AI
  agents" links both nodes, and the graph holds no text that writes it: a reading of the
  items at build time, not of the graph;
* one name as the modifier of the other's head ("human-in-the-loop oversight"): human in the
  loop / human oversight, and agent skill / workflow, Copilot coding agent / instruction,
  GitHub Actions / Copilot, memory context / system, human approval / oversight (7, 1);
* an adjective and a head beside the head's most linked node (autonomous agent / AI agent):
  and low code / Claude Code, controlled / LLM hallucination, predictive / AI-assisted coding,
  constitutional / shadow AI, continuous / runtime monitoring (8, 1).

Measured a third time for issue 21's second part (``bench/largest_pairs.py``) over the 100
largest concepts, against the engineer's labels written first (``bench/labels/dup58_engineer_*.tsv``:
every pair of them to merge, and the 30 look-alikes to keep apart); precision counts a pair the
labels do not merge as a false one.  On the research graph (5 merges: AI agent / agentic AI /
autonomous agent, audit log / audit trail, AI / enterprise adoption) this module proposes 1 of 1;
a word shared only through a derivation of the WordNet table ("agentic" / "agent", "auditability"
/ "audit") 2 of 21 (every "agent" name beside "agentic AI" and "AGENTS.md"); two or more items
shared at ten times chance 1 of 7 (the PDP / PAP / PEP siblings, AGENTS.md / SKILL.md); one head
and no item shared, each name linked by three items or more, 2 of 10 ("autonomous agent" beside
every kind of agent); on the 273 items' graph 1 of 1, 2 of 19, 0 of 4 and 2 of 9.  The items'
own equations ("A (B)", "A, also called B": ``bench/pair_signals.py``) write none of the five.
Measured a fourth time over every kind of equation an item writes (``bench/equivalence_statements.py``: also
"A — that is, B", "A refers to B", "A is another term for B", "A / B", and, looser, B in a parenthesis or
six words after an equating word right after A): of the development readings' 5 merge
pairs whose nodes stand in the research graph (``agentic-ai`` / ``autonomous-agent``, ``human-approval`` /
``human-in-the-loop`` among them) no item writes one as the other, on the 220 items or the 273; the pairs some
item does write as one are a maker and its product ("Claude Code (Anthropic)"), an example, a list or two
things side by side (on the later items 2 pairs, 12 read loosely, all two ideas by labels written first),
so none is proposed.
Measured a fifth time over what an item's title and its items say (``bench/title_pairs.py``, labels written
first: ``bench/labels/pairs188_engineer_title_*.tsv``, every pair each signal touches on four builds): a node
named in each part of an item's title ("Predictive processing ...: the brain as prediction machine") proposes
1 merge of 52 pairs on the configured 273 items (1 of 42 from research items, 0 of 9 from later ones), 1 of 6
when two items write it; the smaller node's items all linking the other 2 of 63; a title and the same items
together 1 of 3 (research) and 0 of 0 on a new repository; a node in the title and another in the summary 0
of 62.  None is right more often than wrong, so none is proposed.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from itertools import compress
from operator import attrgetter

from kgsync.contract.model import EntityType, Graph
from kgsync.extract.canonical import term_key
from kgsync.read.config import Merge
from kgsync.vocabulary.groups import proper_name, vague_head
from kgsync.vocabulary.similarity import MAX_BLOCK, near_duplicate_pairs, plural_of, same_idea_pairs, spelling_variant

_TOKEN = re.compile(r"[a-z0-9]+")


def proposed_pairs(names: Iterable[str], forms: Mapping[str, Iterable[str]], items: Mapping[str, frozenset[str]],
                   rule: Merge = Merge()) -> set[tuple[str, str]]:
    """The candidate duplicates among the names of one type a reviewer is shown (lint's
    near-duplicate-name, the review PR): ``similarity.near_duplicate_pairs`` and ``kin_pairs``,
    ``reviewed``."""
    names = sorted(set(names))
    return reviewed(set(near_duplicate_pairs(names, rule)) | kin_pairs(forms, items, rule), names, items)


def reviewed(pairs: Iterable[tuple[str, str]], names: Iterable[str],
             items: Mapping[str, frozenset[str]]) -> set[tuple[str, str]]:
    """``pairs`` less those whose names say two things (``two_things``), but for the pairs with the
    same content words (``similarity.same_idea_pairs``: "agentic AI" / "AI agent"), whose heads
    differ as written only."""
    same = same_idea_pairs(names)
    return {pair for pair in pairs if pair in same or not two_things(*pair, items)}


def two_things(a: str, b: str, items: Mapping[str, frozenset[str]]) -> bool:
    """Do two names say two things, whichever signal paired them?  An English compound names a kind of
    its head, its last word: two different heads are two things ("GitHub issue" / "GitHub", "coding agent
    harness" / "coding agent", "policy enforcement point" / "policy enforcement", "agent skill" / "AI agent",
    "instruction file" / "Copilot instruction"), unless the names are spellings of one
    (``similarity.spelling_variant``: "fine-tuning" / "finetuning").  The same head with the other
    name's words before it is a kind of it ("Copilot coding agent" / "coding agent", "personal
    knowledge management"), unless the same items address both (``same_items``: the modifier is one
    the items drop at will, ``head_pairs``).  Measured on the engineer's labels, written first
    (``bench/labels/neardup28_engineer_*.tsv``, ``bench/neardup_labels.py``): of the 21 pairs the
    four builds of issue 21 showed (research and with the later items, each with and without the
    theme vocabulary), this leaves out 17, one of them a merge (H-neuron formation, a facet of the
    H-neurons' page); the 4 it keeps are merges."""
    wa, wb = _TOKEN.findall(a.lower()), _TOKEN.findall(b.lower())
    if not wa or not wb or spelling_variant(a, b):
        return False
    if not _same_word(wa[-1], wb[-1]):
        return True
    short, long = sorted((wa, wb), key=len)
    tail = long[len(long) - len(short):]
    kind = len(short) < len(long) and tail[:-1] == short[:-1]
    return kind and not same_items(items, a, b)


def _same_word(x: str, y: str) -> bool:
    """One word, in either number ("graph" / "graphs")."""
    return x == y or plural_of(x, y) or plural_of(y, x)


def kin_pairs(forms: Mapping[str, Iterable[str]], items: Mapping[str, frozenset[str]],
              rule: Merge = Merge()) -> set[tuple[str, str]]:
    """Sorted pairs (``a < b``) of names by ``alias_pairs``, ``vague_head_pairs`` or ``head_pairs``.  ``forms``:
    name (``-``-joined words, as in the graph) -> the surfaces its node is written as (aliases);
    ``items``: name -> the slugs of the items that link it."""
    return alias_pairs(forms, rule) | vague_head_pairs(forms, items) | head_pairs(forms, items)


def graph_forms(graph: Graph, entity_type: str, prefix: str, targets: Iterable[str] | None = None,
                ) -> tuple[dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
    """``kin_pairs``' inputs for the nodes of one type: name (without ``prefix``) -> its aliases,
    and name -> the items whose node or claims link it.  ``targets``: each relation's target, in the
    graph's order, when the caller has read them (lint: ``kgsync.lint.checks.columns_of``)."""
    forms = {e.name[len(prefix):]: tuple(o[len("alias:"):] for o in e.observations if o.startswith("alias:"))
             for e in graph.of_type(entity_type) if e.name.startswith(prefix) and len(e.name) > len(prefix)}
    items: dict[str, set[str]] = defaultdict(set)
    # The relations into these nodes picked out in C (a graph of 10,000 items has ~230k relations,
    # and lint asks once per type): a target is ``prefix + name`` exactly when it is one of them.
    cut, wanted = len(prefix), {prefix + name for name in forms}
    relations = graph.relations
    for relation in compress(relations, map(wanted.__contains__, map(_TARGET, relations) if targets is None else targets)):
        source = relation.source
        if source.startswith(("item:", "claim:")):
            items[relation.target[cut:]].add(source.split(":")[1])
    return forms, {name: frozenset(slugs) for name, slugs in items.items()}


_TARGET = attrgetter("target")


def theme_nodes(graph: Graph, names: Iterable[str]) -> frozenset[str]:
    """Those of ``names`` (concept or method nodes, prefixed) that are a theme's node: named by a
    theme the items carry (their ``tag:``, in either tag style), or keeping its slug as an alias (a
    theme named by the idea mining names, ``graph.terms.own_theme_nodes``; an acronym's expansion).

    Why: a ``merges:`` line of kgsync-vocab.yml joins mined terms; a theme's node is the items'
    own word, so a line whose variant is a theme's node does nothing (``agentic ai: ai-agent``
    leaves ``concept:agentic-ai``), and its pair's line must let the theme's node stand
    (``similarity.merge_line``)."""
    wanted = frozenset(names)
    if not wanted:
        return frozenset()
    slugs = {observation[len("tag:"):].replace("_", "-") for entity in graph.of_type(EntityType.RESEARCH_ITEM.value)
             for observation in entity.observations if observation.startswith("tag:")}
    found = set()
    for name in wanted:
        entity = graph.entity(name)
        aliases = () if entity is None else (o[len("alias:"):] for o in entity.observations if o.startswith("alias:"))
        if name.split(":", 1)[1] in slugs or any(alias in slugs for alias in aliases):
            found.add(name)
    return frozenset(found)


def _form_of(surface: str) -> str:
    """A surface as a name would spell it: its matching key's words joined by ``-``."""
    return term_key(surface).replace(" ", "-")


def alias_pairs(forms: Mapping[str, Iterable[str]], rule: Merge = Merge()) -> set[tuple[str, str]]:
    """Pairs of names one of whose surfaces (the name counts as one) is a near-duplicate of the
    other's (``similarity.near_duplicate_pairs``), where the names themselves are not."""
    owners: dict[str, set[str]] = defaultdict(set)
    for name, surfaces in forms.items():
        owners[_form_of(name.replace("-", " ")) or name].add(name)
        for surface in surfaces:
            form = _form_of(surface)
            if form:
                owners[form].add(name)
    # A surface two nodes share (an acronym both write: "DORA") identifies neither: the acronym
    # index's business.  Leaving it out also bounds the work on hostile input to one owner a form.
    single = {form: next(iter(names)) for form, names in owners.items() if len(names) == 1}
    pairs: set[tuple[str, str]] = set()
    for first, second in near_duplicate_pairs(single, rule):
        a, b = single[first], single[second]
        if a != b:
            pairs.add((min(a, b), max(a, b)))
    return pairs


def vague_head_pairs(forms: Mapping[str, Iterable[str]], items: Mapping[str, frozenset[str]]) -> set[tuple[str, str]]:
    """"instruction-file" / "copilot-instruction" (or "instruction"): a name of two words whose
    head is vague, and a name that ends with its first word (a kind of it, or it alone), when
    some item links both (``items``: name -> linking item slugs).  A proper name is left out
    (``groups.proper_name``: "GitHub Issues" is a product, not an issue of GitHub's)."""
    unique = sorted(forms)
    by_last: dict[str, list[str]] = defaultdict(list)
    for name in unique:
        by_last[name.split("-")[-1]].append(name)
    pairs: set[tuple[str, str]] = set()
    for name in unique:
        words_ = name.split("-")
        if len(words_) != 2 or not vague_head(words_[1]) or vague_head(words_[0]) or proper_name(forms[name]):
            continue
        kinds = by_last.get(words_[0], [])
        if len(kinds) > MAX_BLOCK:
            continue  # a hub word (hostile input, or a word every name ends with): no evidence
        for other in kinds:
            if other != name and not items.get(name, frozenset()).isdisjoint(items.get(other, frozenset())):
                pairs.add((min(name, other), max(name, other)))
    return pairs


#: Two names the same items address: each name's linking items at least this share shared ...
SAME_ITEMS_SHARE = 0.6
#: ... and at least this many items shared (two items sharing two names is no usage yet).
MIN_SHARED_ITEMS = 3


def shared_items(items: Mapping[str, frozenset[str]], a: str, b: str) -> tuple[int, int, int]:
    """(items linking both, items linking ``a``, items linking ``b``): the evidence a reviewer reads."""
    first, second = items.get(a, frozenset()), items.get(b, frozenset())
    return len(first & second), len(first), len(second)


def same_items(items: Mapping[str, frozenset[str]], a: str, b: str) -> bool:
    """The items that address ``a`` and ``b`` are largely the same: at least ``MIN_SHARED_ITEMS``
    shared, and that at least ``SAME_ITEMS_SHARE`` of each name's items.  Authors who mean one idea
    write either name for it ("language model" / "large language model": most items of the one address
    the other); a narrower kind is addressed by a few of the broader name's items only ("copilot coding
    agent" / "coding agent"), a product by a few of its maker's ("GitHub Actions" / "GitHub").  A corpus
    statistic: it only ever marks a proposal, it never renames a node."""
    shared, count_a, count_b = shared_items(items, a, b)
    return shared >= MIN_SHARED_ITEMS and shared >= SAME_ITEMS_SHARE * max(count_a, count_b)


def head_pairs(forms: Iterable[str], items: Mapping[str, frozenset[str]]) -> set[tuple[str, str]]:
    """"language-model" / "large-language-model": one name is the other's head (its last words)
    and the same items address both (``same_items``): the modifier is one the items drop at will.
    The head alone is not enough: "coding agent" heads "copilot coding agent", a kind of it, whose
    few items are among its many.  Grouped by last word (a block of at most ``MAX_BLOCK``)."""
    by_last: dict[str, list[str]] = defaultdict(list)
    for name in sorted(set(forms)):
        by_last[name.split("-")[-1]].append(name)
    pairs: set[tuple[str, str]] = set()
    for block in by_last.values():
        if len(block) > MAX_BLOCK:
            continue  # a hub word (hostile input): no evidence
        for head in block:
            for longer in block:
                if longer != head and longer.endswith("-" + head) and same_items(items, head, longer):
                    pairs.add((min(head, longer), max(head, longer)))
    return pairs
