"""Where and how an item writes a term candidate: the bit flags of ``mining``'s candidates, read by
``mining`` (which sets them), ``idea`` (whose tests ask them) and the vocabulary stage (which selects by them)."""

from __future__ import annotations

TITLE, DEFINED, EMPHASISED, ACRONYM, PLAIN, DENSE, SUBJECT, UNIT = 1, 2, 4, 8, 16, 32, 64, 128
#: Written in the research question or the executive summary: with ``TITLE``, where the item states
#: its own subject (the question it asks, the answer it gives), not in the findings alone, which
#: also cite their evidence ("GraphRAG, from Microsoft").  What a hub is addressed by
#: (``vocabulary.hubs``), as a topic is by its stated mentions (``ItemCandidates.topic_words``).
STATED = 256
#: Written in the question, summary or findings at least once other than as the tail of a longer
#: phrase a name opens ("the Gemini API": ``kgsync.extract.nesting``).  A candidate written there
#: without it is a named product's part, not the item's subject (``vocabulary.choice``, ``hubs``).
FREE = 512

FOCUS = TITLE | DENSE | EMPHASISED  # where an item's own salient terms come from
