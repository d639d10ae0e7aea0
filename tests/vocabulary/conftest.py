"""The vocabulary tests' shared fixture: the vocabulary selected from the eight-item corpus."""

from __future__ import annotations

import pytest

from kgsync.extract.mining import candidates
from kgsync.vocabulary.vocab import Vocabulary, select
from tests.item_corpus import corpus
from tests.vocabulary.vocab_setup import OPTIONS


@pytest.fixture(scope="module")
def vocab() -> Vocabulary:
    return select([candidates(item) for item in corpus()], OPTIONS)
