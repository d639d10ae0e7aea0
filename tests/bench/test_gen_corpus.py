"""bench/gen_corpus.py: the benchmark corpus is deterministic and in the real corpus's shape."""

from __future__ import annotations

import sys
from pathlib import Path

import frontmatter

from kgsync.read.items import IssueSeverity, read_corpus

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import gen_corpus  # noqa: E402


def test_same_seed_same_bytes_other_seed_other_bytes(tmp_path: Path) -> None:
    a = gen_corpus.generate(tmp_path / "a", 60, seed=3)
    b = gen_corpus.generate(tmp_path / "b", 60, seed=3)
    c = gen_corpus.generate(tmp_path / "c", 60, seed=4)
    assert [p.name for p in a] == [p.name for p in b]
    assert all(x.read_bytes() == y.read_bytes() for x, y in zip(a, b))
    assert [p.read_bytes() for p in a] != [p.read_bytes() for p in c]


def test_items_have_the_corpus_shape_and_read_without_errors(tmp_path: Path) -> None:
    paths = gen_corpus.generate(tmp_path, 300, seed=11)
    assert len(paths) == 300 and len({p.stem for p in paths}) == 300
    result = read_corpus(tmp_path, tmp_path)
    assert [i.render() for i in result.issues if i.severity is IssueSeverity.ERROR] == []
    assert len(result.items) == 300
    slugs = {item.slug for item in result.items}
    for item in result.items:
        assert 3 <= len(item.key_findings) <= 8, item.slug
        assert item.title and item.executive_summary and item.sources
        assert item.completed[:4] in ("2024", "2025", "2026")
        assert set(item.cites) <= slugs
        assert all(cited < item.slug or cited[:10] <= item.slug[:10] for cited in item.cites)
    # superseded pairs are consistent both ways
    by_slug = {item.slug: item for item in result.items}
    pairs = [(item.slug, old) for item in result.items for old in item.supersedes]
    assert pairs, "300 items should include a superseded pair"
    for new, old in pairs:
        assert by_slug[old].superseded_by == (new,)


def test_terms_recur_with_acronyms_spelling_and_plural_variants(tmp_path: Path) -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in gen_corpus.generate(tmp_path, 200, seed=5))
    assert "retrieval-augmented generation (RAG)" in text or "Model Context Protocol (MCP)" in text
    assert "canonicalisation" in text and "canonicalization" in text
    assert "ontologies" in text and "ontologys" not in text
    metadata = frontmatter.loads(gen_corpus.generate(tmp_path / "one", 12, seed=5)[-1].read_text()).metadata
    assert metadata["status"] == "completed" and metadata["themes"]
