"""A table of word forms, built whole only in a process that reads many texts (``topics``, ``derived``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

V = TypeVar("V")


class FormTable(Generic[V]):
    """Written form (bytes) -> what it stands for, over a word list (tens of thousands of forms).

    Building the whole table costs a process 0.06-0.07 s of CPU
    (``bench/bench_build.py --count 10000 --skip-real``, speed9i): worth it before worker processes fork to
    parse many items (``load``), not in a rebuild that parses one.  Until it is built each run is looked
    up alone (``one``, remembered) and after ``lazy_texts`` texts read that way the table is built after
    all.  ``one(run)`` must give
    ``build().get(run)``: each user's tests hold them equal.
    """

    def __init__(self, build: Callable[[], dict[bytes, V]], one: Callable[[bytes], V | None],
                 lazy_texts: int = 64) -> None:
        self.build = build
        self.one = one
        self.lazy_texts = lazy_texts
        self.table: dict[bytes, V] | None = None
        self.texts = 0  # texts read run by run so far
        self._seen: dict[bytes, V | None] = {}

    def load(self) -> None:
        """Build the whole table now (before worker processes fork, so that each inherits it)."""
        self.table = self.build()

    def for_a_text(self) -> dict[bytes, V] | None:
        """The whole table, or None while this process has read only a few texts (one more counted)."""
        if self.table is None:
            self.texts += 1
            if self.texts > self.lazy_texts:  # many texts in this process (no ``load``): the table is cheaper
                self.load()
        return self.table

    def get(self, run: bytes, table: Mapping[bytes, V] | None) -> V | None:
        """What ``run`` stands for: from ``table`` when built, else looked up alone."""
        if table is not None:
            return table.get(run)
        if run in self._seen:
            return self._seen[run]
        found = self._seen[run] = self.one(run)
        return found

    def written(self, runs: Mapping[bytes, int], table: Mapping[bytes, V] | None) -> dict[bytes, V]:
        """Run -> what it stands for, of each run of ``runs`` that is a form (``table`` from ``for_a_text``)."""
        if table is not None:  # the set intersection runs in C
            return {form: table[form] for form in runs.keys() & table.keys()}
        return {form: found for form in runs if (found := self.get(form, None)) is not None}
