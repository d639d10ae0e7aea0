"""A node's type, read from more of the phrase than its head word, apart from the slot it takes.

``terms.classify`` reads a term's kind from its head word, and an item's caps count the term
under that kind (its *slot*: ``choice._local_choice``).  Some phrases say more than their head:

* **"X as Y" with Y, the last word, something written** ("policy as code", "infrastructure as code"): the phrase
  casts a thing in a written form, a way of handling it: a method, as "LLM as judge" (Y a person's
  role, ``classify``) is.  WordNet gives the written form (``wordnet.is_written``: its first sense
  is noun.communication: "code", "text", "specification"); "software as a service" (an act) is no
  such casting and keeps its head's kind.
* **A method phrase opened by a brand** ("GitHub code search", "LanceDB vector search"): the first
  word, as the term's label writes it, is closed up with a capital inside ("GitHub", "OpenAI",
  "ServiceNow"), a trade name's spelling no English word has, and a compound follows.  The phrase
  names that organisation's product or feature, and products are concepts (README, "What is a
  concept, decided").  A brand and one activity noun ("ServiceNow analysis") is an activity on or
  by it and keeps its head's kind.

The node takes the refined type; the item's caps counted the term under its slot, and the graph's
caps do not count it again (``Term.slot``, ``graph.terms``): a retyped term keeps every item slot
it had, so a type change never makes a node vanish (moving a method into the concept caps, where
the themes take slots first, would).  Both rules read the term's key and label only (the label is
the earliest item's spelling, which names the term too): no corpus count, so no other item's
edit retypes a node.

Measured and left out (issue 21, ``bench/kin_signals.py``; the reader's type faults: machine
learning, platform engineering, predictive coding and processing typed as methods, fields or
theories; constitutional AI a concept, a training technique):

* the lexicographer file of the head's first sense (noun.act a deed one does; noun.cognition,
  noun.process a faculty or a process): "learning" is noun.cognition in machine learning and in
  reinforcement learning alike (a method, the reader says), "coding" and "engineering" are
  noun.act; of the 17 methods of the 273 items whose head is no act, 2 are reader faults;
* the types of the nodes items list beside it ("RAG, RLHF, Constitutional AI"): 3 of the faults
  (machine learning, platform engineering, predictive processing) among 19 nodes over the 273
  items (context engineering, RLHF, test-driven development, semantic search...: methods the
  reader confirms), and constitutional AI not at all (RAG, its neighbour, is a concept node).
* WordNet in place of ``lexicon``'s lists (types15, ``bench/bench_types.py``): an "-ing" head a method
  when its verb takes "Somebody ----s something" and no noun of that spelling is first a thing or a
  state, instead of ``ING_NOUNS``/``ING_EVENTS``, changes 332 "-ing" words of the 273 items, and of 50
  an engineer judged it gets 6 right ("funding", "poisoning" concepts), the lists 44 ("hosting",
  "streaming", "retraining" are no things; "embedding", "reward hacking", "forgetting" are no
  procedures: WordNet 3.0 lists no noun "embedding", and "hack", "forget", "game" take objects).
  Built, it made "reward hacking" and "pre-computed embedding" method nodes and dropped "type-
  constrained decoding".  A noun head a method when a sense is an act, process or cognition derived
  from such a verb, instead of ``METHOD_HEADS``, admits 33-44 of its 56 nouns but makes 20-31 of the
  135 labelled concept heads methods ("adoption", "reduction", "enforcement", "governance"): WordNet
  has no sense that tells a technique from a deed that happens.
"""

from __future__ import annotations

import re

from kgsync.extract import wordnet
from kgsync.vocabulary.terms import TermKind

#: A lower-case letter then a capital inside one word: a trade name's spelling ("GitHub", "OpenAI").
_CLOSED_UP = re.compile(r"[a-z][A-Z]")


def node_kind(key: str, label: str, slot: TermKind) -> TermKind:
    """The node's type of a term whose head gives ``slot`` (see the module doc)."""
    if slot is TermKind.CONCEPT and is_cast_as_written(key):
        return TermKind.METHOD
    if slot is TermKind.METHOD and is_brand_led(label):
        return TermKind.CONCEPT
    return slot


def is_cast_as_written(key: str) -> bool:
    """Is ``key`` "X as Y" with Y, its last word, a noun of something written ("policy as code")?
    Not "[governance as accelerator] thesis" (a thesis: "as" is not before the last word), nor
    "treated as separate" (Y a modifier: WordNet's adjective is as common as its noun)."""
    words = key.split(" ")
    return (len(words) >= 3 and words[-2] == "as" and wordnet.is_written(words[-1])
            and not wordnet.is_modifier(words[-1]))


def is_brand_led(label: str) -> bool:
    """Is ``label`` a phrase whose first word is spelled as a trade name and whose rest is a
    compound ("GitHub code search", "LanceDB vector search": the brand's named feature)?  Not a
    brand and one activity noun ("ServiceNow analysis", "arXiv research": an activity on or by
    the brand, no product)."""
    first, _space, rest = label.partition(" ")
    return len(rest.split()) >= 2 and bool(_CLOSED_UP.search(first))
