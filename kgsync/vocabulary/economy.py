"""Index economy: what kgsync writes must not turn corpus stopwords into search keys.

The memory server's search is a substring match, and every entity it returns
costs an agent its observations plus every relation touching it.  A term found
on a large share of the items ("artificial intelligence" in an AI corpus)
separates nothing and floods every search that contains it.  The vocabulary
keeps such hub terms out of every item's capped choice (a hub's node is linked
only by the items that address it, ``hubs``); this module applies the same rule
to the text observations kgsync writes (titles, summaries, claim statements):

* a hub term that the corpus abbreviates ("artificial intelligence (AI)") is
  written as its short form ("AI"), which keeps the sentence readable and
  lossless — the corpus itself defines the abbreviation.

* a theme is a hub by nature (3-5 themes an item, ~20 themes a corpus), so its
  ``tag:`` observation is written search-safe: ``tag:agentic_ai``.  A search for
  the slug ``agentic-ai`` then returns nothing instead of every tagged item with
  all its relations (measured on the real corpus: ~110,000 characters a question);
  an exact ``tag:agentic_ai`` search still finds them.  ``tag_style: slug``
  writes the slug verbatim.

Nothing here changes the items; the site and the PR show the items' own text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kgsync.extract.canonical import term_key
from kgsync.extract.mining import ItemCandidates
from kgsync.vocabulary.vocab import Vocabulary


@dataclass(frozen=True)
class Folding:
    """Hub long forms -> the corpus's short form, applied to generated text."""

    rules: tuple[tuple[str, str], ...] = ()  # (long-form key, short form), longest first
    _pattern: re.Pattern[str] | None = None
    _short_of: dict[str, str] | None = None

    @classmethod
    def of(cls, rules: Iterable[tuple[str, str]]) -> Folding:
        ordered = tuple(sorted(set(rules), key=lambda r: (-len(r[0]), r)))
        if not ordered:
            return cls()
        alternatives = "|".join(_surface_pattern(long) for long, _ in ordered)
        pattern = re.compile(rf"\b(?:{alternatives})\b(?:\s*\(\s*[A-Za-z][\w&-]{{0,9}}\s*\))?", re.IGNORECASE)
        return cls(ordered, pattern, dict(ordered))

    def __call__(self, text: str) -> str:
        if not self._pattern or not text:
            return text
        return self._pattern.sub(self._replace, text)

    def _replace(self, match: re.Match[str]) -> str:
        matched = match.group(0)
        long_form = matched.split("(", 1)[0].strip()
        short = (self._short_of or {}).get(term_key(long_form))
        if short is None:  # the pattern matched a variant the key does not map: keep it
            return matched
        plural = long_form.lower().endswith("s") and not short.lower().endswith("s")
        return short + ("s" if plural else "")


def _surface_pattern(long_key: str) -> str:
    # term_key singularises and joins with spaces; the text may hyphenate or pluralise.
    words = [re.escape(w) + r"(?:e?s)?" for w in long_key.split()]
    return r"[\s-]+".join(words)


def hub_folding(candidates: Sequence[ItemCandidates], vocabulary: Vocabulary) -> Folding:
    """Fold every mined hub that the corpus abbreviates into its most common short form."""
    hubs = {term_key(label) for label, _count in vocabulary.hubs}
    shorts: dict[str, Counter[str]] = {}
    for item in candidates:
        for short_key, long_key in item.acronyms:
            if long_key in hubs:
                shorts.setdefault(long_key, Counter())[short_key] += 1
    rules = []
    for long_key, counts in shorts.items():
        short_key = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        rules.append((long_key, short_key.upper()))
    return Folding.of(rules)


def tag_observation(theme: str, style: str = "search-safe") -> str:
    """``tag:<theme>`` in the configured style (see the module doc)."""
    return f"tag:{theme}" if style == "slug" else f"tag:{theme.replace('-', '_')}"
