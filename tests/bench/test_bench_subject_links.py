"""The items whose title or question names a node they do not link (``bench/bench_subject_links.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_subject_links import form_pattern, label_report, main, read_labels, read_subjects, subject_pairs
from tests.item_corpus import item_markdown


def _write(folder: Path, slug: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{slug}.md").write_text(text, encoding="utf-8")


def _graph(path: Path) -> Path:
    records = [
        {"type": "entity", "name": "concept:servicenow", "entityType": "concept", "observations": []},
        {"type": "entity", "name": "concept:access-control", "entityType": "concept",
         "observations": ["alias:access controls"]},
        {"type": "entity", "name": "method:retrieval-augmented-generation", "entityType": "method",
         "observations": ["alias:RAG"]},
        {"type": "relation", "from": "item:2026-03-02-access", "to": "concept:access-control", "relationType": "addresses"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _items(folder: Path) -> Path:
    _write(folder, "2026-03-01-snow", item_markdown("ServiceNow CSDM in practice", completed="2026-03-01",
                                                     question="How should a ServiceNow instance model data?"))
    _write(folder, "2026-03-02-access", item_markdown("Access control for agents", completed="2026-03-02",
                                                       question="Do access controls limit agents?"))
    _write(folder, "2026-06-01-rag", item_markdown("Knowledge graphs", completed="2026-06-01",
                                                    question="When do rag dolls or RAG pipelines help? See https://x.org/RAG"))
    return folder


def test_a_name_in_the_title_or_question_is_a_subject_pair_linked_or_not(tmp_path: Path) -> None:
    from bench.bench_subject_links import read_graph

    nodes, links = read_graph(_graph(tmp_path / "memory.jsonl"))
    pairs = subject_pairs(read_subjects([_items(tmp_path / "items")]), nodes, links, "2026-05-01")
    found = {(p.item.slug, p.node): (p.half, p.where, p.linked) for p in pairs}
    assert found == {
        ("2026-03-01-snow", "concept:servicenow"): ("research", "both", False),
        ("2026-03-02-access", "concept:access-control"): ("research", "both", True),
        # the acronym matches as written ("rag dolls" does not), the URL not at all
        ("2026-06-01-rag", "method:retrieval-augmented-generation"): ("later", "question", False),
    }


def test_a_form_matches_whole_words_a_plural_and_a_hyphen() -> None:
    pattern = form_pattern("access control")
    assert pattern.search("role-based access-controls")
    assert not pattern.search("access controller")
    assert form_pattern("RAG").search("RAGs") and not form_pattern("RAG").search("rag")


def test_the_sheet_written_and_read_back_scores_by_half_and_where(tmp_path: Path, capsys: object) -> None:
    sheet = tmp_path / "sheet.tsv"
    assert main([str(_graph(tmp_path / "memory.jsonl")), str(_items(tmp_path / "items")), "--sheet", str(sheet)]) == 0
    rows = read_labels(sheet)
    assert [(r["slug"], r["where"], r["verdict"]) for r in rows] == [
        ("2026-03-01-snow", "both", ""), ("2026-06-01-rag", "question", "")]
    rows[0]["verdict"], rows[1]["verdict"] = "subject", "mention"
    assert label_report(rows) == ["research: 1/1 subject; title: 0/0, question: 0/0, both: 1/1",
                                  "later: 0/1 subject; title: 0/0, question: 0/1, both: 0/0"]
