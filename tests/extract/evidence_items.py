"""Two items that reference each other, their text builder, and the evidence links between items.

A support module, not a test module: the evidence, marker, description and reference
tests import from here, never from each other (tests/test_layout.py).
"""

from __future__ import annotations

from kgsync.extract.evidence import plan
from kgsync.extract.evidence_model import Mention
from kgsync.extract.findings import extract, undated_suffixes
from kgsync.read.items import ResearchItem, read_item_bytes


OLD = "2026-01-01-old-study"
NEW = "2026-02-01-new-study"
OLD_FINDINGS = (
    "SQLite FTS5 ranks research items by BM25 without extra dependencies.",
    "Vector stores solve semantic search, not deduplication.",
    "Binary database files are not diffable in git.",
)

#: Two findings of the new item: the first matches a note on vector-store cost best by its words, the second
#: cites the old item's Key Finding 2 in its own entry (tests/extract/test_evidence_anchor.py)
TWO_USES = ("Semantic search over vector stores costs too much for a small corpus.",
            f"Vector search waits until the corpus grows (`{OLD}.md` Key Finding 2).")


def mention(**fields: object) -> Mention:
    """A mention of the old item's Key Finding 2 at line 7, with ``fields`` in place of the defaults."""
    base = {"target": OLD, "finding": 2, "quote": "", "stance": None, "sentence": "A sentence.", "line": 7,
            "held_by": 0}
    return Mention(**{**base, **fields})  # type: ignore[arg-type]


def item_text(title: str, completed: str, findings: tuple[str, ...], body: str = "", front: str = "",
              theme: str = "search", question: str = "Which store?") -> str:
    listed = "\n".join(f"{n}. **{text}** Confidence: high." for n, text in enumerate(findings, 1))
    return (f"---\ntitle: \"{title}\"\ncompleted: {completed}\nthemes: [{theme}]\n{front}---\n\n# {title}\n\n"
            f"## Research Question\n\n{question}\n\n## Findings\n\n### Executive Summary\n\nA summary.\n\n"
            f"### Key Findings\n\n{listed}\n\n### Analysis\n\n{body}\n")


def make(slug: str, text: str) -> ResearchItem:
    parsed = read_item_bytes(text.encode(), f"Research/completed/{slug}.md", slug)
    assert not isinstance(parsed, list), parsed
    return parsed[0]


def old_item(front: str = "") -> ResearchItem:
    return make(OLD, item_text("Old study", "2026-01-01", OLD_FINDINGS, front=front))


def new_item(body: str, findings: tuple[str, ...] = ("SQLite FTS5 search is enough for a small corpus of items.",
                                                   "Vector search waits until the corpus grows.")) -> ResearchItem:
    return make(NEW, item_text("New study", "2026-02-01", findings, body))


def links_of(*items: ResearchItem):
    known = {item.slug: item for item in items}
    return plan(list(items), {item.slug: extract(item) for item in items}, known, undated_suffixes(known))
