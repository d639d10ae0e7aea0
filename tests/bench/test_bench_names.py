"""Names against labels, and the held-out set of a time split (``bench/bench_names.py``, issue 21)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_names import held_out, read_verdicts


def _graph(path: Path, nodes: list[str], relations: list[tuple[str, str]]) -> Path:
    rows = [{"type": "entity", "name": n, "entityType": n.split(":")[0], "observations": []} for n in nodes]
    rows += [{"type": "relation", "from": a, "to": b, "relationType": "addresses"} for a, b in relations]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_held_out_is_what_the_later_items_add_or_address(tmp_path: Path) -> None:
    later = tmp_path / "later"
    later.mkdir()
    (later / "2026-06-01-new.md").write_text("", encoding="utf-8")
    research = _graph(tmp_path / "r.jsonl", ["concept:old", "concept:kept"], [("item:2026-01-01-a", "concept:old")])
    whole = _graph(tmp_path / "g.jsonl", ["concept:old", "concept:kept", "concept:fresh", "method:used"],
                   [("item:2026-01-01-a", "concept:old"), ("claim:2026-06-01-new:x", "method:used"),
                    ("item:2026-06-01-new", "concept:kept")])
    assert held_out(whole, research, later) == {"concept:fresh", "method:used", "concept:kept"}


def test_engineer_labels_read_with_their_header(tmp_path: Path) -> None:
    labels = tmp_path / "l.tsv"
    labels.write_text("# a comment\n# node\tverdict\ttype_ok\twhy\nconcept:x\tnot\tyes\tgeneric\n"
                      "method:y\tidea\tno\ta theory\n", encoding="utf-8")
    verdicts = read_verdicts(labels)
    assert verdicts["concept:x"].kind == "not" and verdicts["concept:x"].type_ok is True
    assert verdicts["method:y"].kind == "idea" and verdicts["method:y"].type_ok is False


def test_a_type_ok_column_wins_over_a_column_naming_the_nodes_type(tmp_path: Path) -> None:
    """reader147's reading has both ``type`` (the node's type, "concept") and ``type_ok`` (the verdict on it): the
    first matching column was ``type``, so every type fault read as unsaid."""
    labels = tmp_path / "l.tsv"
    labels.write_text("id\tname\ttype\tverdict\ttype_ok\texpansion_ok\tnote\n"
                      "1\tconcept:storm\tconcept\tidea\tno\t-\ta pipeline: a method\n"
                      "2\tconcept:rag\tconcept\tidea\tyes\t-\tfine\n", encoding="utf-8")
    verdicts = read_verdicts(labels)
    assert verdicts["concept:storm"].type_ok is False
    assert verdicts["concept:rag"].type_ok is True
