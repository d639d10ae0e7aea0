"""LazyMapping: membership, iteration and length read the keys alone, never a value."""

from __future__ import annotations

from kgsync.contract.lazy_mapping import LazyMapping


class _Squares(LazyMapping[int, int]):
    """n -> n * n, counting the values it makes."""

    def __init__(self, keys: list[int]) -> None:
        self._keys = keys
        self.made = 0

    def __getitem__(self, key: int) -> int:
        if key not in self._keys:
            raise KeyError(key)
        self.made += 1
        return key * key


def test_keys_answer_without_making_a_value() -> None:
    squares = _Squares([3, 1, 2])
    assert 2 in squares and 5 not in squares and "2" not in squares
    assert list(squares) == [3, 1, 2] and len(squares) == 3  # the keys' own order
    assert squares.made == 0
    assert squares.get(5) is None and squares.get(2) == 4 and squares.made == 1


def test_it_is_a_mapping_equal_to_its_dict() -> None:
    squares = _Squares([1, 2])
    assert squares == {1: 1, 2: 4} and dict(squares.items()) == {1: 1, 2: 4}
