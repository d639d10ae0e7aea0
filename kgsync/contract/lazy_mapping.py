"""``LazyMapping``: a read-only mapping whose keys are known up front and whose values are made when asked for."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import TypeVar

K = TypeVar("K")
V_co = TypeVar("V_co", covariant=True)


class LazyMapping(Mapping[K, V_co]):
    """A subclass sets ``_keys`` (any collection; its order is the mapping's) and defines ``__getitem__``,
    which makes, decodes or looks up one value.  ``in``, iteration and ``len`` read ``_keys`` alone:
    ``Mapping``'s own ``__contains__`` would make the value to answer, the work these classes put off
    (a build keeps 10,000 items' terms, facts or places and reads the few it needs)."""

    __slots__ = ()
    _keys: Collection[K]

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)
