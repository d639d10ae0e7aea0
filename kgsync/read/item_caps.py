"""The caps on every list an item's file controls (``caps:`` in kgsync.yml).

An item past a cap is an item error at the list's line, saying which field, the cap and how
to trim or split: like any item error it keeps its previous nodes and every other item builds.
Checked after parsing (a parse is cached by the file's bytes alone; the caps come from the
configuration), before anything is built from the item, so a 100,000-entry theme list fails
at once instead of making 100,000 tags, concepts and site pages.

What the caps bound: the item node's observations (fixed keys plus one tag per theme), its
frontmatter relations (cites, related, supersedes, superseded_by), its source URLs and its Key
Findings (claims are chosen among them, ``caps.claims``).  Concepts, methods and text links
have their own caps in the same section.  ``caps.observations`` is checked on the assembled
facts (``observation_cap_problems``): one item's observations on any one node, whatever list
made them (a term's aliases, written many ways), so nothing an item writes escapes a cap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import itemgetter

from kgsync.contract.errors import Location
from kgsync.contract.model import Facts
from kgsync.read.config import Caps
from kgsync.read.item_model import Issue, IssueSeverity, ResearchItem


_LINK_LISTS = ("cites", "related", "supersedes", "superseded_by")  # each capped by ``caps.cites``


def cap_problems(item: ResearchItem, caps: Caps) -> tuple[Issue, ...]:
    """One item error for each list of ``item`` that is longer than its cap (none: within every cap)."""
    if (len(item.themes) <= caps.themes and len(item.sources) <= caps.sources and len(item.key_findings) <= caps.findings
            and max(len(item.cites), len(item.related), len(item.supersedes), len(item.superseded_by)) <= caps.cites):
        # (the four ``_LINK_LISTS`` written out: a generator a call cost ~0.03 s a 10,000-item rebuild;
        # speed187, a one-item rebuild of ``bench/gen_corpus.py --count 10000``'s items)
        return ()  # within every cap (nearly every item): no list's line is looked up
    found: list[Issue] = []

    def over(field_name: str, count: int, cap: int, line: int, what: str, fix: str) -> None:
        if count > cap:
            found.append(Issue(IssueSeverity.ERROR, Location(item.path, line),
                               f"{field_name}: {count:,} {what}, over the cap of {cap:,}; the item keeps its "
                               "previous nodes", f"{fix}, or raise caps.{_CAP_OF.get(field_name, field_name)} "
                               "in kgsync.yml", item.slug))

    over("themes", len(item.themes), caps.themes, item.line_of("themes"), "themes",
         f"keep the {caps.themes} themes that best describe the item (split an item of several topics into items)")
    for name in _LINK_LISTS:
        over(name, len(getattr(item, name)), caps.cites, item.line_of(name), "items named",
             f"name at most {caps.cites} items in {name} (the closest ones)")
    over("sources", len(item.sources), caps.sources, item.line_of("sources"), "distinct URLs in the Sources section",
         f"keep the {caps.sources} sources the findings rest on, or split the item")
    if len(item.key_findings) > caps.findings:
        first_over = item.key_findings[caps.findings]
        over("Key Findings", len(item.key_findings), caps.findings, first_over.line, "entries",
             f"keep the {caps.findings} findings that matter most (this line is the first past the cap), or split "
             "the item")
    return tuple(found)


def observation_cap_problems(by_item: Mapping[str, Facts], items: Sequence[ResearchItem],
                             caps: Caps) -> tuple[Issue, ...]:
    """An item error for each item that puts more than ``caps.observations`` observations on one
    node (aliases of a term written many ways, say): checked on its assembled facts, whatever
    made them, so no list an item controls escapes a cap."""
    path_of = {item.slug: item.path for item in items}
    found = []
    for slug in sorted(by_item):
        observations = by_item[slug].observations
        if len(observations) <= caps.observations:  # no node can hold more (most items: no count needed)
            continue
        counts = Counter(map(itemgetter(0), observations))
        if not counts or slug not in path_of or max(counts.values()) <= caps.observations:
            continue
        name, count = max(counts.items(), key=lambda pair: (pair[1], pair[0]))
        if count > caps.observations:
            found.append(Issue(IssueSeverity.ERROR, Location(path_of[slug], 1),
                               f"makes {count:,} observations on {name}, over the cap of {caps.observations:,}; the "
                               "item keeps its previous nodes",
                               "write the item's themes and terms fewer ways, or raise caps.observations in kgsync.yml",
                               slug))
    return tuple(found)


_CAP_OF = {"related": "cites", "supersedes": "cites", "superseded_by": "cites", "Key Findings": "findings"}
