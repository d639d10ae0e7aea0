"""kgsync.graph.claim_identity: a finding reworded in place keeps its claim name."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.read import config as config_module
from kgsync.graph.claim_identity import claim_renames, finding_renames, keep_claim_names, previous_facts_to_match, renamed_sources
from kgsync.graph.manifest import Manifest, facts_json
from kgsync.diff.claim_changes import changed_claims
from kgsync.diff.graph_diff import diff
from kgsync.contract.model import Facts, Relation
from kgsync.pipeline.stages import build
from kgsync.publish.proposal import prepare

SLUG = "2026-03-01-alpha"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research-repo"


def _facts(*claims: tuple[str, int, str], confidence: str = "medium", slug: str = SLUG) -> Facts:
    """An item stating ``claims``: (key, finding number, statement)."""
    entities = [(f"item:{slug}", "research_item")]
    observations = []
    relations = []
    for key, number, statement in claims:
        name = f"claim:{slug}:{key}"
        entities.append((name, "claim"))
        observations += [(name, f"title: {statement}"), (name, f"confidence:{confidence}"),
                         (name, f"section:key-finding-{number}")]
        relations.append(Relation(f"item:{slug}", name, "states"))
    return Facts(tuple(entities), tuple(observations), tuple(relations))


OLD = _facts(("caching-halves-latency", 1, "Caching halves the latency of graph reads"),
             ("indexes-grow-linearly", 2, "Indexes grow linearly with the number of items"),
             ("agents-forget-context", 3, "Agents forget context after twenty turns"))


def test_a_finding_reworded_in_place_keeps_its_name() -> None:
    new = _facts(("caching-cuts-latency", 1, "Caching cuts the latency of graph reads by half"),
                 ("indexes-grow-linearly", 2, "Indexes grow linearly with the number of items"),
                 ("agents-forget-context", 3, "Agents forget context after twenty turns"))
    assert claim_renames(SLUG, new, OLD) == {f"claim:{SLUG}:caching-cuts-latency": f"claim:{SLUG}:caching-halves-latency"}
    renamed, _ = keep_claim_names({SLUG: new}, {SLUG: OLD})
    names = {n for n, t in renamed[SLUG].entities if t == "claim"}
    assert names == {n for n, t in OLD.entities if t == "claim"}
    # its observations update: the new wording on the old name
    assert (f"claim:{SLUG}:caching-halves-latency", "title: Caching cuts the latency of graph reads by half") \
        in renamed[SLUG].observations
    assert Relation(f"item:{SLUG}", f"claim:{SLUG}:caching-halves-latency", "states") in renamed[SLUG].relations


def test_findings_read_before_their_facts_are_matched_as_their_claims_would_be() -> None:
    # ``finding_renames``: the same match from (name, number, title) triples, for a veto read before assembly.
    findings = [(f"claim:{SLUG}:{key}", number, text) for key, number, text in (
        ("caching-cuts-latency", 1, "Caching cuts the latency of graph reads by half"),
        ("indexes-grow-linearly", 2, "Indexes grow linearly with the number of items"),
        ("budgets-bound-recall", 3, "Token budgets bound what recall can reach"))]
    assert finding_renames(SLUG, findings, OLD) == {f"claim:{SLUG}:caching-cuts-latency": f"claim:{SLUG}:caching-halves-latency"}


def test_reordered_findings_keep_their_names_and_a_reworded_moved_one_is_found_by_wording() -> None:
    new = _facts(("agents-forget-context", 1, "Agents forget context after twenty turns"),
                 ("caching-halves-latency", 2, "Caching halves the latency of graph reads"),
                 ("indexes-grow-roughly", 3, "Indexes grow roughly linearly with the number of items"))
    assert claim_renames(SLUG, new, OLD) == {f"claim:{SLUG}:indexes-grow-roughly": f"claim:{SLUG}:indexes-grow-linearly"}


def test_a_deleted_finding_gives_its_name_to_no_other_finding() -> None:
    new = _facts(("caching-halves-latency", 1, "Caching halves the latency of graph reads"),
                 ("agents-forget-context", 2, "Agents forget context after twenty turns"),
                 ("budgets-bound-recall", 3, "Token budgets bound what recall can reach"))
    assert claim_renames(SLUG, new, OLD) == {}


def test_an_unrelated_finding_at_the_same_place_is_a_new_claim() -> None:
    new = _facts(("caching-halves-latency", 1, "Caching halves the latency of graph reads"),
                 ("budgets-bound-recall", 2, "Token budgets bound what recall can reach"),
                 ("agents-forget-context", 3, "Agents forget context after twenty turns"))
    assert claim_renames(SLUG, new, OLD) == {}


def test_a_relation_another_item_holds_to_a_renamed_claim_follows_it() -> None:
    other = "2026-03-02-beta"
    citing = Facts(((f"item:{other}", "research_item"),), (),
                   (Relation(f"claim:{other}:x", f"claim:{SLUG}:caching-cuts-latency", "supports"),),
                   ((f"claim:{other}:x", f"claim:{SLUG}:caching-cuts-latency", "supports", "says so", "b.md:3"),))
    new = _facts(("caching-cuts-latency", 1, "Caching cuts the latency of graph reads by half"))
    renamed, renames = keep_claim_names({SLUG: new, other: citing}, {SLUG: OLD})
    assert renames == {f"claim:{SLUG}:caching-cuts-latency": f"claim:{SLUG}:caching-halves-latency"}
    assert renamed[other].relations == (Relation(f"claim:{other}:x", f"claim:{SLUG}:caching-halves-latency", "supports"),)
    assert renamed[other].evidence[0][:2] == (f"claim:{other}:x", f"claim:{SLUG}:caching-halves-latency")


OTHER, THIRD = "2026-03-02-beta", "2026-03-03-gamma"


def _reworded_cited_and_unrelated() -> dict[str, Facts]:
    """A reworded finding (renamed back), an item citing it and one naming neither."""
    citing = Facts(((f"item:{OTHER}", "research_item"),), (),
                   (Relation(f"claim:{OTHER}:x", f"claim:{SLUG}:caching-cuts-latency", "supports"),))
    unrelated = _facts(("budgets-bound-recall", 1, "Token budgets bound what recall can reach"), slug=THIRD)
    new = _facts(("caching-cuts-latency", 1, "Caching cuts the latency of graph reads by half"))
    return {SLUG: new, OTHER: citing, THIRD: unrelated}


def test_facts_whose_json_names_no_renamed_claim_are_kept_without_a_scan() -> None:
    by_item = _reworded_cited_and_unrelated()
    other, third, unrelated = OTHER, THIRD, by_item[THIRD]
    plain, plain_renames = keep_claim_names(by_item, {SLUG: OLD})
    encoded = {slug: facts_json(facts) for slug, facts in by_item.items()}
    fast, fast_renames = keep_claim_names(by_item, {SLUG: OLD}, encoded)
    assert (fast, fast_renames) == (plain, plain_renames)
    assert fast[third] is unrelated  # its JSON names no renamed claim
    assert fast[other].relations[0].target == f"claim:{SLUG}:caching-halves-latency"  # its JSON does: renamed


words = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
statements = st.lists(words, min_size=2, max_size=8).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(st.lists(statements, min_size=1, max_size=5), st.lists(statements, min_size=1, max_size=5), st.randoms())
def test_renames_are_deterministic_one_to_one_and_never_take_a_name_in_use(old: list[str], new: list[str], rnd) -> None:
    old_facts = _facts(*((f"o{i}", i + 1, s) for i, s in enumerate(old)))
    new_claims = [(f"n{i}", i + 1, s) for i, s in enumerate(new)]
    renames = claim_renames(SLUG, _facts(*new_claims), old_facts)
    shuffled = new_claims[:]
    rnd.shuffle(shuffled)  # the order facts come in does not matter
    assert claim_renames(SLUG, _facts(*shuffled), old_facts) == renames
    assert len(set(renames.values())) == len(renames)
    assert set(renames.values()) <= {f"claim:{SLUG}:o{i}" for i in range(len(old))}


def _finding_line(lines: list[str], number: int) -> int:
    start = next(i for i, line in enumerate(lines) if re.match(r"^#+\s*Key Findings", line))
    return [i for i in range(start + 1, len(lines)) if re.match(r"^\d+[.)]\s", lines[i])][number - 1]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    target = tmp_path / "repo"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns(".kgsync-cache", "site"))
    return target


@pytest.mark.parametrize("cache", ["warm", "none"])  # the manifest read in part (shortcut) or whole
def test_a_build_keeps_a_reworded_and_re_rated_findings_claim_and_the_diff_shows_the_change(
        repo: Path, cache: str) -> None:
    config = config_module.load(repo)
    before = build(config).graph
    if cache == "none":
        shutil.rmtree(_cache_folder(repo))
    claim = next(e for e in sorted(before.of_type("claim"), key=lambda e: e.name)
                 if any(o.startswith("confidence:") for o in e.observations))
    slug = claim.name.split(":")[1]
    number = int(next(o for o in claim.observations if o.startswith("section:key-finding-")).rsplit("-", 1)[1])
    old_confidence = next(o for o in claim.observations if o.startswith("confidence:")).split(":", 1)[1]
    new_confidence = "low" if old_confidence != "low" else "high"
    item_file = repo / "Research" / "completed" / f"{slug}.md"
    lines = item_file.read_text(encoding="utf-8").split("\n")
    index = _finding_line(lines, number)
    line = re.sub(r"^(\d+[.)]\s+)", r"\1Notably, ", lines[index])
    line = re.sub(r"\b(high|medium|low)\b(?=[^a-z]*confidence|\s*\))", new_confidence, line, flags=re.I)
    if new_confidence not in line.lower():
        line += f" (confidence: {new_confidence})"
    lines[index] = line
    item_file.write_text("\n".join(lines), encoding="utf-8")

    body = prepare(config, checkout=None, base_sha=None, title="t", labels=(), write=False).proposal.body
    # One word diff, labelled with its Key Finding number, and the confidence change beside it.
    changed = body.split(f"- `{claim.name}`\n", 1)[1]
    assert changed.startswith(f"  - Key Finding {number}, reworded: **Notably,**"), changed[:300]
    assert f"  - confidence:{old_confidence}\n  + confidence:{new_confidence}\n" in changed
    assert body.count("**Notably,**") == 1

    after = build(config).graph
    assert after.entity(claim.name) is not None, "the reworded finding kept its claim name"
    assert not [e for e in after.of_type("claim") if e.name not in before.names()]
    changes = changed_claims(diff(before, after))
    assert [c.name for c in changes] == [claim.name]
    assert ("+", "Notably,") in changes[0].words
    assert changes[0].confidence == (old_confidence, new_confidence)
    assert build(config).graph == after  # the next build keeps the name too (stable, deterministic)
    manifest = (repo / "memory.kgsync.json").read_bytes()
    shutil.rmtree(_cache_folder(repo))
    rebuilt = build(config)
    assert rebuilt.graph == after and (repo / "memory.kgsync.json").read_bytes() == manifest


def test_previous_facts_to_match_decodes_only_items_with_a_new_claim_name() -> None:
    new = _facts(("caching-cuts-latency", 1, "Caching cuts the latency of graph reads by half"))
    other = "2026-03-02-beta"
    text = Manifest({SLUG: OLD, other: _facts(("x", 1, "X holds"), slug=other)}).dumps()
    previous = previous_facts_to_match({SLUG: new, other: _facts(("x", 1, "X holds now"), slug=other)}, text)
    assert previous == {SLUG: OLD}
    # A line that is exactly the facts' encoding now (the memo's) states every claim name: skipped unread.
    from kgsync.graph.manifest import facts_json

    assert previous_facts_to_match({SLUG: OLD}, text, {SLUG: facts_json(OLD)}) == {}
    assert previous_facts_to_match({SLUG: new}, text, {SLUG: facts_json(new)}) == {SLUG: OLD}


def _cache_folder(repo: Path) -> Path:
    from kgsync.pipeline.cache.location import locate

    location = locate(config_module.load(repo))
    assert location is not None
    return location.folder


_NAMES = st.sampled_from(["a", "b", "c", "d", "e", "claim:x:a", "claim:x:b"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_NAMES, st.integers()), st.dictionaries(_NAMES, _NAMES, max_size=3))
def test_sources_renamed_as_by_the_comprehension(sources: dict[str, int], renames: dict[str, str]) -> None:
    """``renamed_sources`` (a copy with the renamed names moved) equals the comprehension it spares,
    collisions included (a renamed name landing on a held one, two on one, chains)."""
    assert renamed_sources(sources, renames) == {renames.get(name, name): where for name, where in sources.items()}


def test_facts_whose_line_holds_no_renamed_claim_are_kept_unread() -> None:
    # ``holding``: the slugs whose facts may spell a renamed name; the others' are kept, unread.
    by_item = _reworded_cited_and_unrelated()
    plain = keep_claim_names(by_item, {SLUG: OLD})
    asked: list[list[str]] = []

    def holding(quoted: Sequence[str]) -> set[str]:
        asked.append(list(quoted))
        return {SLUG, OTHER}

    fast = keep_claim_names(by_item, {SLUG: OLD}, {}, holding)
    assert fast == plain and fast[0][THIRD] is by_item[THIRD]
    assert asked == [[f'"claim:{SLUG}:caching-cuts-latency"']]  # the new name, as ``facts_json`` spells it
