"""The place population of issue 21 part 2 (places155: ``bench/bench_places.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_places import population


def test_a_place_a_governing_body_a_held_place_and_the_maps_places_are_listed(tmp_path: Path) -> None:
    rows = [{"type": "entity", "name": name, "entityType": name.split(":")[0], "observations": obs}
            for name, obs in (("concept:new-zealand", ["alias:NZ"]), ("concept:european-union", []),
                              ("concept:eu-ai-act", []), ("concept:knowledge-graph", []), ("item:2026-01-01-a", []))]
    rows.append({"type": "relation", "from": "item:2026-01-01-a", "to": "concept:new-zealand", "relationType": "addresses"})
    graph = tmp_path / "memory.jsonl"
    graph.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    (tmp_path / "memory.kgsync.json").write_text(json.dumps({"acronyms": [["nz", "new zealand", []],
                                                                           ["kg", "knowledge graph", []]]}))
    found = {(node, match, form): degree for node, degree, match, form, _cls in population(graph)}
    assert found == {("concept:eu-ai-act", "holds", "eu"): 0, ("concept:european-union", "whole", "european union"): 0,
                     ("concept:new-zealand", "whole", "new zealand"): 1, ("acronym:nz=new zealand", "map", "new zealand"): 0}
