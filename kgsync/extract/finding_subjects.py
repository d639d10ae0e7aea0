"""The names that open an item's key findings ("**GraphRAG (Microsoft) solves ...**"): each such
finding is about that name, which mining flags ``SUBJECT``.  Split from ``kgsync.extract.mining``;
``FIRST_TOKEN`` (the word a text opens with) is read by ``kgsync.graph.claims`` too.
"""

from __future__ import annotations

import re

from kgsync.extract import markup
from kgsync.extract.canonical import is_acronym
from kgsync.extract.findings import strip_leading_labels
from kgsync.extract.phrases import token_keys, word_runs
from kgsync.read.items import ResearchItem


#: The word a text opens with (a name may hold hyphens and apostrophes: "model2vec", "O'Reilly").
FIRST_TOKEN = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*")


_FILE_SUFFIX = re.compile(r"\.[A-Za-z]")


def finding_subjects(item: ResearchItem) -> set[str]:
    """Keys of the names that open a key finding ("**GraphRAG (Microsoft) solves ...**"): the
    finding is about that name.  A name of one token (a capital after its first letter:
    "GraphRAG", "RBNZ", "OpenAI") standing alone: "GitHub Copilot ..." opens with a longer
    name, and a finding that opens with a phrase or an ordinary word names its subject less
    surely."""
    out: set[str] = set()
    for finding in item.key_findings:
        text = markup.clean(strip_leading_labels(finding.text)).lstrip("*_`\"' ")
        first = FIRST_TOKEN.match(text)
        if first is None or not is_acronym(first.group()) or _FILE_SUFFIX.match(text, first.end()):
            continue  # "AGENTS.md" is a file's name
        runs = word_runs(text[: first.end() + 40])
        if runs and runs[0] == (first.group(),) and len(keys := token_keys(first.group())) == 1:
            out.add(keys[0])
    return out
