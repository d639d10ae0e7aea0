"""Claims that kept their name while their finding was reworded or re-rated."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from kgsync.contract.model import EntityType
from kgsync.diff.model import GraphDiff


@dataclass(frozen=True, slots=True)
class ClaimChange:
    """A claim that kept its name while its finding was reworded or re-rated
    (``kgsync.graph.claim_identity``): what a reviewer needs to see instead of a claim removed
    and another added."""

    name: str
    old_statement: str  # "" when the statement did not change
    new_statement: str
    # The statement's words as ("=" | "-" | "+", words) runs, in reading order.
    words: tuple[tuple[str, str], ...] = ()
    confidence: tuple[str, str] | None = None  # (old, new), "" for none

    @property
    def statement_changed(self) -> bool:
        return self.old_statement != self.new_statement


_STATEMENT_KEYS = ("title:", "summary:")


def changed_claims(d: GraphDiff) -> tuple[ClaimChange, ...]:
    """The claims of ``d`` whose statement (``title:``/``summary:``) or ``confidence:`` changed, by name."""
    out: list[ClaimChange] = []
    for change in d.changed:
        if change.entity_type != EntityType.CLAIM.value:
            continue
        old_statement = _first_value(change.observations_removed, _STATEMENT_KEYS)
        new_statement = _first_value(change.observations_added, _STATEMENT_KEYS)
        old_confidence = _first_value(change.observations_removed, ("confidence:",))
        new_confidence = _first_value(change.observations_added, ("confidence:",))
        old_text, new_text, words = "", "", tuple[tuple[str, str], ...]()
        if old_statement is not None and new_statement is not None:
            old_text, new_text, words = old_statement, new_statement, word_diff(old_statement, new_statement)
        confidence = None
        if old_confidence != new_confidence:
            confidence = (old_confidence or "", new_confidence or "")
        if words or confidence:
            out.append(ClaimChange(change.name, old_text, new_text, words, confidence))
    return tuple(sorted(out, key=lambda c: c.name))


def word_diff(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """``old`` -> ``new`` word by word: ("=", kept words), ("-", removed), ("+", added)."""
    a, b = old.split(), new.split()
    runs: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            runs.append(("=", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("-", " ".join(a[i1:i2])))
        if j2 > j1:
            runs.append(("+", " ".join(b[j1:j2])))
    return tuple(runs)


def _first_value(observations: Iterable[str], keys: tuple[str, ...]) -> str | None:
    for observation in observations:
        for key in keys:
            if observation.startswith(key):
                return observation[len(key):].strip()
    return None
