"""The phrases an item writes as a relation's frame, not an idea: "the causal chain from cost-cutting
to lost revenue", more than half of whose mentions a relation word follows ("from", "between"),
each item filling it with its own two things.  Mining leaves them out of the item's topic phrases.
Split from ``kgsync.extract.mining``; the item's own counts alone decide.
"""

from __future__ import annotations

from collections.abc import Sequence

from kgsync.extract import lexicon, wordnet


def relational_frames(counts: Sequence[tuple[str, int, int]], related: dict[str, int]) -> set[str]:
    """The phrases (``counts``: key, mentions in the whole text, in the dense zones) more than half of
    whose mentions, and at least ``MIN_RELATION_MENTIONS``, a relation word follows (``related``:
    ``topics.relation_mentions``): "the causal chain from cost-cutting to lost revenue"; not an act's
    phrase (``_takes_a_source``)."""
    return {key for key, n, _dense in counts
            if (r := related.get(key, 0)) >= MIN_RELATION_MENTIONS and 2 * r > n and not _takes_a_source(key)}


def _takes_a_source(key: str) -> bool:
    """A phrase whose head is an act, a process or a way of doing (WordNet; a method's head): its "from"
    says where the act starts ("retrieval from the corpus", "generation from a template"), not a frame."""
    head = key.rsplit(" ", 1)[-1]
    return (head in lexicon.METHOD_HEADS or wordnet.is_act(head) or wordnet.is_process(head)
            or wordnet.is_activity(head))


#: A frame is a habit of the item's writing: one "X from" is a sentence's construction, not yet a frame.
MIN_RELATION_MENTIONS = 2
