"""``kgsync.extract.form_tables``: a table built whole only after a few texts, the same answers either way."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from kgsync.extract.form_tables import FormTable

_WORDS = {b"graph": "graph", b"Graph": "graph", b"graphs": "graph", b"memory": "memory"}


def _table(built: list[int]) -> FormTable[str]:
    def build() -> dict[bytes, str]:
        built.append(1)
        return dict(_WORDS)
    return FormTable(build, _WORDS.get, lazy_texts=2)


def test_the_table_is_built_after_the_few_texts_read_run_by_run_or_on_load() -> None:
    built: list[int] = []
    forms = _table(built)
    assert forms.for_a_text() is None and forms.for_a_text() is None and built == []
    assert forms.for_a_text() == _WORDS and built == [1]  # the third text: the table is cheaper now
    loaded = _table(built)
    loaded.load()
    assert loaded.for_a_text() == _WORDS and built == [1, 1]


@given(st.lists(st.sampled_from([*_WORDS, b"node", b"GRAPH", b"memories"]), max_size=12))
def test_runs_looked_up_alone_give_the_tables_answer(runs: list[bytes]) -> None:
    forms = _table([])
    counted = Counter(runs)
    assert forms.written(counted, None) == forms.written(counted, _WORDS)
    assert [forms.get(run, None) for run in runs] == [forms.get(run, _WORDS) for run in runs]
