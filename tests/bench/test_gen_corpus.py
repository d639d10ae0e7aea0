"""bench/gen_corpus.py: the benchmark corpus is deterministic and in the real corpus's shape."""

from __future__ import annotations

import sys
from pathlib import Path

import frontmatter
import pytest

from kgsync.contract import jsonl
from kgsync.extract.references import scan
from kgsync.pipeline.stages import build
from kgsync.read import config
from kgsync.read.items import IssueSeverity, read_corpus
from kgsync.read.item_model import ReadResult

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


def _mentions(result: ReadResult) -> dict[str, list[tuple[str, int, bool]]]:
    """Each item's references to another item, as kgsync reads them: (cited slug, finding number, exact)."""
    by_slug = {item.slug for item in result.items}
    out: dict[str, list[tuple[str, int, bool]]] = {}
    for item in result.items:
        out[item.slug] = [(m.target, m.finding, m.exact) for m in scan(item)
                          if m.target in by_slug and m.target != item.slug]
    return out


def test_items_cite_earlier_items_and_findings_that_exist_in_the_real_forms(tmp_path: Path) -> None:
    gen_corpus.generate(tmp_path, 200, seed=11)
    result = read_corpus(tmp_path, tmp_path)
    by_slug = {item.slug: item for item in result.items}
    mentions = _mentions(result)
    naming = [slug for slug, found in mentions.items() if found]
    # the real corpus: 73 % of the items name another item, 9 % cite a finding by number (bench/cite_forms.py)
    assert 0.6 <= len(naming) / len(by_slug) <= 0.85
    assert 0.04 <= sum(any(n for _t, n, _e in mentions[s]) for s in naming) / len(by_slug) <= 0.15
    assert any(exact for found in mentions.values() for _t, _n, exact in found), "a marker or cites: mapping"
    for slug in naming:
        item = by_slug[slug]
        for target, number, _exact in mentions[slug]:
            cited = by_slug[target]
            assert target in item.cites, (slug, target)  # only what its cites: lists, all earlier work
            assert cited.completed <= item.completed and cited.slug < item.slug, (slug, target)
            assert number <= len(cited.key_findings), (slug, target, number)
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(tmp_path.glob("*.md")))
    for form in (gen_corpus.SITE, gen_corpus.REPO_FILES, "`Research/completed/", " Key Finding ", " KF",
                 "| Key Finding ", "[fact; source: ", "stance: extends, from: 1}"):
        assert form in text, form


def test_without_citations_the_items_name_none_and_every_other_line_is_the_same(tmp_path: Path) -> None:
    with_them = gen_corpus.generate(tmp_path / "with", 120, seed=5)
    without = gen_corpus.generate(tmp_path / "without", 120, seed=5, citations=False)
    assert [p.name for p in with_them] == [p.name for p in without]
    result = read_corpus(tmp_path / "without", tmp_path / "without")
    assert not any(_mentions(result).values())
    for cited, plain in zip(with_them, without):
        cites = frontmatter.loads(plain.read_text(encoding="utf-8")).metadata["cites"]
        a, b = cited.read_text(encoding="utf-8").splitlines(), plain.read_text(encoding="utf-8").splitlines()
        extra = [line for line in a if line.startswith("| ") and "| Key Finding " in line]  # numbered rows, added
        assert len(a) - len(extra) == len(b), cited.name
        for line, before in zip([line for line in a if line not in extra], b):
            # a line the citations changed names an item its cites: lists
            assert line == before or any(slug in line for slug in cites), (cited.name, line)


@pytest.mark.slow  # a build of 150 items
def test_a_small_generated_corpus_builds_its_citations_into_claim_links(tmp_path: Path) -> None:
    gen_corpus.generate(tmp_path / "Research" / "completed", 150, seed=7)
    result = build(config.load(tmp_path).with_overrides(cache_dir=str(tmp_path / "cache")))
    assert [i.render() for i in result.issues if i.severity is IssueSeverity.ERROR] == []
    graph = jsonl.read(tmp_path / "memory.jsonl")
    names = set(graph.names())
    claim_links = [r for r in graph.relations if r.source.startswith("claim:") and r.target.startswith("claim:")]
    assert len(claim_links) >= 20
    assert {r.relation_type for r in claim_links} >= {"extends", "supports"}
    for relation in graph.relations:  # none dangling
        assert relation.source in names and relation.target in names, relation
    for link in claim_links:  # from a later item's claim to a claim of an item it cites
        citing, cited = link.source.split(":")[1], link.target.split(":")[1]
        assert cited < citing
