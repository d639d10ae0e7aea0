"""A planned link's evidence kind: how the cited finding was named, how the citing one was found, and the
sentence's shape, in three words (``bench/bench_link_kinds.py`` prints each kind's precision).

Apart from ``evidence.plan`` because it is a pure naming of facts the plan has already settled: it decides nothing.
"""

from __future__ import annotations

from kgsync.extract.evidence_hints import from_cites
from kgsync.extract.evidence_model import Mention


def link_kind(mention: Mention, restated: bool, clear: bool = True, anchor: bool = False,
              names_item: bool = False, fed: bool = False, headed: bool = False) -> str:
    """A link's evidence kind, three words: how the cited finding is named (``cites`` entry,
    ``marker``, ``description``, ``number``, ``restated``, ``described``, ``quote``,
    ``word-match``), how the referencing finding is (``marker``, ``held``: its Key Findings entry
    holds the sentence, ``notes``: an Evidence Map's Notes cell names it, ``clear-match``: a best
    match above the trust bar, ``fed``: a sourced fact's, the clear match of the inference right after it
    (``evidence_feeds.fed_finding``), ``anchor``: the finding whose link to the same cited finding the item
    says elsewhere (``evidence_anchor.anchored``), ``named``: the one finding whose entry names the cited item
    (``names_item``: ``evidence_anchor.named_user``), ``heading``: the one its block's title states
    (``evidence_blocks``), ``best-match``: a best match below the bar), and the sentence's shape (``prose``,
    ``row``, ``list``, ``reading``, ``framing``).  Each kind's precision: ``bench/bench_link_kinds.py``."""
    if mention.exact:
        named, source = ("cites" if from_cites(mention) else "marker"), "marker"
    else:
        named = "description" if mention.via == "description" else "number" if mention.finding else \
            "restated" if restated else "described" if mention.described else "quote" if mention.quote else \
            "word-match"
        source = "named" if names_item else "heading" if headed else "anchor" if anchor else \
            ("notes" if mention.via == "notes" else "held") if mention.held_by else \
            "fed" if fed else "clear-match" if clear else "best-match"
    return f"{named} {source} {mention.shape or 'prose'}"
