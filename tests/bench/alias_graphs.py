"""A graph of concept nodes with aliases only, one line a node: what the alias benches' tests read."""

from __future__ import annotations

import json
from pathlib import Path


def write_alias_graph(path: Path, nodes: dict[str, list[str]]) -> Path:
    path.write_text("".join(json.dumps({"type": "entity", "name": name, "entityType": name.split(":")[0],
                                        "observations": [f"alias:{a}" for a in aliases]}) + "\n"
                            for name, aliases in nodes.items()), encoding="utf-8")
    return path
