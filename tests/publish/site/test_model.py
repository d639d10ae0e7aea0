"""kgsync.publish.site.model: a node's page data from its observations."""

from __future__ import annotations

import os
import subprocess
import sys

from kgsync.contract.model import EntityType
from kgsync.publish.site.model import _node


def test_aliases_differing_in_case_only_sort_the_same_on_every_run() -> None:
    node = _node("concept:knowledge-graphs", EntityType.CONCEPT, "knowledge-graphs", "p",
                 ("alias:kg", "alias:KG", "alias:knowledge graphs"), None)
    assert node.aliases == ("KG", "kg")
    # A set's order follows the hash seed: the same answer under other seeds.
    code = ("from kgsync.contract.model import EntityType; from kgsync.publish.site.model import _node; "
            "print(_node('concept:k', EntityType.CONCEPT, 'k', 'p', ('alias:rag', 'alias:RAG'), None).aliases)")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
            for seed in range(8)}
    assert seen == {"('RAG', 'rag')\n"}
