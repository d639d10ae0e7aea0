"""Compounds an item writes as one lexical unit: the item's own evidence that a phrase is a name.

A phrase of two nouns whose head is vague ("governance model", "enterprise environment",
"analytics team") is usually a description: any model of governance, any setting in an
enterprise.  The same shape names an idea ("access control", "transaction cost", "model risk")
when writers treat it as one word, and they show it in how they write it:

* *hyphenated before a noun*: "access-control policies", "transaction-cost economics",
  "model-risk management" (a compound modifier is a lexicalised unit, English style guides);
* *capitalised as a name in the middle of a sentence*: "the Memory-System design",
  "Coase's Transaction Cost theory" (the word before is lower case, so neither a sentence's
  start, a heading nor a title-cased source title counts).

Read from the item alone (its dense zones and its body), so its contribution stays its own.
"""

from __future__ import annotations

import re

from kgsync.extract import lexicon
from kgsync.extract.canonical import term_key

# "access-control policies": two lower-case words joined by a hyphen, then a word.
_HYPHENATED = re.compile(r"(?<![\w-])([A-Za-z][a-z]+-[a-z]+)(?![\w-]) ([a-z]+)")

# "the Memory-System design", "the ServiceNow Enterprise Architecture workspace": a run of 2-4
# capitalised words (a name may have inner capitals) after a lower-case word.
_CAPITALISED = re.compile(r"(?<![\w-])[a-z]+ ((?:[A-Z][A-Za-z]+[- ]){1,3}[A-Z][A-Za-z]+)(?![\w-])")


def unit_keys(text: str) -> frozenset[str]:
    """Term keys of the two-word compounds ``text`` writes as one unit (see the module doc)."""
    out: set[str] = set()
    for match in _HYPHENATED.finditer(text):
        if match.group(2) not in lexicon.STOPWORDS:  # "cost-reduction is": no noun follows
            out.add(term_key(match.group(1)))
    for match in _CAPITALISED.finditer(text):
        words = re.split(r"[- ]", match.group(1))
        out.update(term_key(" ".join(words[i:i + 2])) for i in range(len(words) - 1))
    return frozenset(key for key in out if key.count(" ") == 1)
