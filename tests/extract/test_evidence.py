"""kgsync.extract.evidence: references between findings, their stance, and the links they make."""

from __future__ import annotations

import json
from dataclasses import replace
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.read import config as config_module
from kgsync.extract.evidence import plan
from kgsync.extract.evidence_model import EvidencePlan, EvidenceText, KeptLinks, PlannedLink
from kgsync.extract.findings import extract, undated_suffixes
from kgsync.extract.references import scan
from kgsync.extract.stance import classify
from kgsync.read.items import IssueSeverity, ResearchItem
from kgsync.graph.manifest import manifest_path
from kgsync.contract.model import RelationType, claim_name
from kgsync.pipeline.stages import build
from tests.extract.evidence_items import NEW, OLD, OLD_FINDINGS, TWO_USES, item_text, links_of, make, new_item, old_item


# --- stance -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("sentence", "stance"), [
    ("This confirms the finding from zzreference: YouTube blocks cloud IPs.", RelationType.SUPPORTS),
    ("The result is consistent with zzreference on latency.", RelationType.SUPPORTS),
    ("Our measurement contradicts zzreference on cold starts.", RelationType.CONTRADICTS),
    ("The earlier estimate in zzreference is not borne out by our new data.", RelationType.CONTRADICTS),
    ("The earlier estimate in zzreference is not borne out by a 2025 survey.", None),  # a third source
    ("This item builds on zzreference with a second corpus.", RelationType.EXTENDS),
    ("It refines zzreference by narrowing the scope.", RelationType.EXTENDS),
    # negation and hedges: the cue does not count
    ("Not a contradiction: zzreference explicitly deferred it.", None),
    ("This does not confirm zzreference at all.", None),
    ("No Apple documentation contradicts zzreference here.", None),
    ("The data may contradict zzreference later.", None),
    ("It is consistent with zzreference rather than contradicting it.", RelationType.SUPPORTS),
    # relation type names listed, not a stance
    ("Relationship types (confirms, contradicts, extends) come from zzreference.", None),
    # a cue far from the reference is about something else
    ("zzreference lists sources " + "and more words " * 10 + "which an arXiv paper confirms.", None),
    # contradicts, in the corpus's own words (2026-03-08-ios-shortcuts-github-api-memory-capture.md:303)
    ("The direct-write path reverses the conclusion from prior research (zzreference) that issue creation is "
     "preferred.", RelationType.CONTRADICTS),
    ("The estimate in zzreference was refuted by our measurements.", RelationType.CONTRADICTS),
    ("Our result conflicts with zzreference.", RelationType.CONTRADICTS),
    # ... and its negations and hedges (2026-02-27-local-database.md:344, 2026-03-15-latent-…:272)
    ("Not a contradiction: this item is the successor step to zzreference, not a reversal.", RelationType.EXTENDS),
    ("Potential contradiction 1: zzreference recommends LightRAG. These are consistent.", None),
    ("The absence of a benchmark does not overturn zzreference.", None),
    ("Apparent contradiction: zzreference places it at Layer 1.", None),
    ("This extends zzreference rather than overturning it.", RelationType.EXTENDS),
    # the cue must govern the reference: same clause ...
    ("- zzreference — covers the coordination tax; confirms AI multiplied output.", None),
    ("[inference; source: zzreference] That tension reinforces the need for fail-closed defaults.", None),
    ("[fact: confirmed by direct inspection and zzreference Key Finding 7]", None),  # a source, not an agreement
    ("Source: zzreference (context window mechanics); arXiv:2509.12517 (sycophancy - confirms that context "
     "state matters).", None),
    ("The block was confirmed by zzreference and the workflow logs.", RelationType.EXTENDS),  # cited as a source
    ("This item's block finding is corroborated by zzreference.", RelationType.SUPPORTS),
    # the item must be the cue's object, or the cue's other side this item
    ("Goal drift confirmed in agentic systems, consistent with the IR literature and zzreference.", None),
    ("zzreference confirms that production systems use markdown memory files.", RelationType.EXTENDS),
    ("zzreference confirms this finding.", RelationType.SUPPORTS),
    ("This confirms that hybrid retrieval wins (zzreference).", None),
    ("The hierarchy is consistent with the five-component architecture from zzreference.", RelationType.SUPPORTS),
    # ... and the nearest cue wins over a farther one
    ("This item builds on zzreference and, in a second study, confirms what an arXiv paper found.", RelationType.EXTENDS),
])
def test_stance_of_a_sentence(sentence: str, stance: RelationType | None) -> None:
    assert classify(sentence) is stance


def test_an_evidence_map_rows_cells_are_clauses() -> None:
    # "consistent with prior research" in the Notes cell does not say which finding agrees with
    # which (the Source cell names the item the claim rests on): no stance; said of the item in
    # its own cell, it is one.
    row = "| YouTube fetching unreliable | zzreference | high | First-party evidence; consistent with prior research |"
    assert classify(row) is None
    row = "| YouTube fetching unreliable | logs | high | consistent with zzreference Key Finding 2 |"
    assert classify(row) is RelationType.SUPPORTS
    row = "| Goal drift confirmed in agentic systems | zzreference | high | Empirical |"
    assert classify(row) is None  # the stance word is in the restated claim


def test_each_item_named_in_a_sentence_gets_the_stance_that_governs_it() -> None:
    body = (f"Cross-item integration: this extends `{OLD}.md` by showing that search waits, and it reinforces "
            f"`2026-01-15-third-study.md` by showing why.")
    stances = {m.target: m.stance for m in scan(new_item(body))}
    assert stances == {OLD: RelationType.EXTENDS, "2026-01-15-third-study": RelationType.SUPPORTS}


# --- scanning -----------------------------------------------------------------------------------


def test_numbered_references_in_every_form_are_found() -> None:
    body = (f"Source: `Research/completed/{OLD}.md` Key Finding #2.\n\n"
            f"The ranking is Key Finding 1 of `{OLD}`.\n\n"
            f"| Binary files are not diffable | {OLD}.md KF 3 | high | confirmed in prior item |\n")
    found = {(m.target, m.finding, m.line) for m in scan(new_item(body))}
    lines = sorted(line for _, _, line in found)
    assert {(t, n) for t, n, _ in found} == {(OLD, 2), (OLD, 1), (OLD, 3)}
    assert len(set(lines)) == 3


def test_a_reference_inside_a_code_block_is_ignored() -> None:
    body = f"```\nSee `{OLD}.md` Key Finding 2, which this confirms.\n```\n"
    assert scan(new_item(body)) == ()
    assert links_of(old_item(), new_item(body)).links == {}


def test_framing_sections_state_no_finding_of_the_item_but_their_finding_numbers_cite() -> None:
    # The Sources list and the Context say what another item is: their stance words judge nothing
    # of this item's findings.  An explicit finding number there is still a citation the item
    # builds on: it is kept, with no stance (so it can only become an ``extends``).
    text = item_text("New study", "2026-02-01", ("Vector search waits until the corpus grows.",),
                     f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found.")
    framed = text.replace("## Findings", f"## Context\n\nThis confirms `{OLD}.md` Key Finding 2.\n\n"
                                         f"This confirms `{OLD}.md` on vector search.\n\n"
                                         f"## Sources\n\n- [x] `{OLD}.md` — vector search deferred (Key Finding 2)\n\n"
                                         "## Findings")
    mentions = scan(make(NEW, framed))
    assert [(m.sentence, m.finding, m.stance) for m in mentions] == [
        (f"This confirms `{OLD}.md` Key Finding 2.", 2, None),
        (f"- [x] `{OLD}.md` — vector search deferred (Key Finding 2)", 2, None),
        (f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found.", 2, None),
    ]
    assert [m.shape for m in mentions] == ["framing", "framing", ""]
    framed_only = text.replace(f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found.", "").replace(
        "## Findings", f"## Context\n\nThis confirms `{OLD}.md` Key Finding 2: vector search waits until the "
                      "corpus grows.\n\n## Findings")
    # it describes what was read: no finding of this item is said to use it, so no claim link
    result = links_of(old_item(), make(NEW, framed_only))
    assert result.links == {}
    [issue] = result.issues
    assert "framing section" in issue.message and f"[extends: {OLD} KF2]" in issue.hint
    # where a finding does cite it, the framing sentence restates that link ("confirms" is no supports)
    anchored = framed_only.replace("Vector search waits until the corpus grows.",
                                   f"Vector search waits until the corpus grows (`{OLD}.md` Key Finding 2).")
    links = links_of(old_item(), make(NEW, anchored)).links[NEW]
    assert {(link.relation, link.source_number) for link in links} == {(RelationType.EXTENDS, 1)}
    assert len({link.line for link in links}) == 2


def test_a_best_match_only_list_order_picked_is_linked_and_warned() -> None:
    # Both findings share "vector" and "search" with the sentence and with the cited finding: nothing
    # but list order picks finding 1. The numbered citation still links (it is the cited end that is
    # sure), and the author is told which marker says the finding that uses it.  (Were the item named
    # only as the sentence's source, "Source: …", no link: tests/extract/test_evidence_source.py.)
    body = f"Vector search matters, as `{OLD}.md` Key Finding 2 found."
    tied = ("Vector search waits until the corpus grows.", "Vector search costs too much for the team.")
    result = links_of(old_item(), new_item(body, tied))
    [link] = result.links[NEW]
    assert (link.source_number, link.kind) == (1, "number best-match prose")
    [issue] = result.issues
    assert "KF1 and KF2 of this item match this sentence equally" in issue.message
    assert f"[extends: {OLD} KF2 from KF<n>]" in issue.hint and issue.location.line == link.line
    # a finding that matches better is no guess: no warning
    closer = ("Vector search matters until the corpus grows.", tied[1])
    assert links_of(old_item(), new_item(body, closer)).issues == ()


def test_each_link_carries_its_evidence_kind() -> None:
    body = (f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found.\n\n"
            f"This confirms the finding from `{OLD}.md` that SQLite FTS5 ranks research items by BM25 "
            "for a small corpus of items.")
    kinds = {link.kind for link in links_of(old_item(), new_item(body)).links[NEW]}
    # the number names the cited finding, its two shared words (vector, search) a weak best match;
    # the second sentence restates the old Key Finding 1 and matches finding 1 clearly
    assert kinds == {"number best-match prose", "restated clear-match prose"}
    held = {link.kind for link in links_of(old_item(), new_item("Nothing here.", TWO_USES)).links[NEW]}
    assert held == {"number held list"}


def test_a_self_reference_links_nothing() -> None:
    body = f"As `{NEW}.md` Key Finding 1 says, this confirms itself."
    assert scan(new_item(body)) == ()


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="ab-.`|# 0123456789Kf", max_size=400))
def test_scanning_any_text_never_fails(text: str) -> None:
    scan(new_item(text))


def test_hostile_long_lines_scan_in_linear_time() -> None:
    # Patterns with adjacent unbounded quantifiers would take minutes here (issue 13 benchmarks speed).
    many = " ".join(f"`2026-01-01-a{i}-b.md`" for i in range(5_000))  # every item named in one sentence
    for line in ("KF" + " " * 100_000, "a-" * 50_000, "`" + "a-" * 40_000, ". " * 50_000, "key finding " * 8_000,
                 many + " confirms", "; ".join([many] * 2), "confirms contradicts " * 20_000 + many,
                 # each cue of a clause reads only the words within reach of it (``stance.own_clause``)
                 "This confirms `2026-01-01-a-b.md` " + "confirmed by this " * 20_000):
        scan(new_item(line))


# --- resolution ---------------------------------------------------------------------------------


def test_a_numbered_reference_links_the_cited_finding_from_the_best_matching_claim() -> None:
    body = f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found."
    result = links_of(old_item(), new_item(body))
    [link] = result.links[NEW]
    assert link.relation is RelationType.EXTENDS  # cited without a cue: built on
    assert link.target_claim.startswith(f"claim:{OLD}:vector-stores")
    assert link.source_number == 2  # "Vector search waits until the corpus grows."
    assert result.required[OLD] == frozenset({2}) and result.required[NEW] == frozenset({2})


def _kept_old(citing: ResearchItem, kept: Mapping[str, tuple[PlannedLink, ...]],
              vetoed: frozenset[tuple[str, str]] = frozenset()) -> EvidencePlan:
    """The plan of ``citing`` while the old study is kept from an earlier build (its findings not read)."""
    known = {OLD: ResearchItem.known_only_by(OLD, "2026-01-01"), citing.slug: citing}
    return plan([citing], {citing.slug: extract(citing)}, known, undated_suffixes(known), vetoed, KeptLinks(kept))


def test_the_links_to_a_kept_item_s_findings_are_those_last_written_while_the_sentence_stands() -> None:
    body = f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found."
    read = links_of(old_item(), new_item(body))
    assert _kept_old(new_item(body), {}).links == {}  # its findings unread: nothing to plan from
    kept = _kept_old(new_item(body), read.links)
    assert kept.links == read.links and kept.required[NEW] == read.required[NEW]
    # the sentence edited, moved to another line, or its finding gone: the link goes with it
    assert _kept_old(new_item(body.replace("deferred", "postponed")), read.links).links == {}
    assert _kept_old(new_item(f"Text.\n\n{body}"), read.links).links == {}
    [link] = read.links[NEW]
    assert _kept_old(new_item(body), {NEW: (replace(link, source_number=3),)}).links == {}
    # and a maintainer's veto holds
    vetoed = frozenset({(f"claim:{NEW}:vector-search-waits-until", link.target_claim)})
    assert _kept_old(new_item(body), read.links, vetoed).links == {}


def test_a_kept_item_s_links_keep_requiring_the_findings_they_name() -> None:
    # The new study is kept (its text not read): its link to the old study's finding 3 still makes that
    # finding a claim, found by its claim's name, else (reworded: the name kept) by its number.
    old = old_item()
    known = {OLD: old, NEW: ResearchItem.known_only_by(NEW, "2026-02-01")}
    claims = {claim.number: claim_name(OLD, claim.key) for claim in extract(old).claims}

    def required(names: dict[str, int]) -> frozenset[int] | None:
        kept = KeptLinks(from_kept={OLD: names})
        return plan([old], {OLD: extract(old)}, known, undated_suffixes(known), frozenset(), kept).required.get(OLD)

    assert required({claims[3]: 3}) == required({claims[3]: 1}) == required({f"claim:{OLD}:reworded": 3}) == {3}
    assert required({f"claim:{OLD}:gone": 7}) is None  # neither its name nor its number is there now
    assert plan([old], {OLD: extract(old)}, known, undated_suffixes(known)).required == {}


class _Unread(tuple):  # type: ignore[type-arg]
    """Claims a plan must not read: an item naming no other item has none to offer it."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise AssertionError("the claims of an item naming no item were read")


def test_an_item_naming_no_item_plans_nothing_and_is_not_read_further() -> None:
    # Its kept links go with their sentences (the same plan as before the shortcut), and its claims are
    # never decoded: at 10,000 items naming none that was ~40 % of the plan.
    body = f"Vector search is deferred, as `{OLD}.md` Key Finding 2 found."
    read = links_of(old_item(), new_item(body))
    quiet = new_item("Vector search is deferred until the corpus grows.")
    assert not extract(quiet).mentions
    assert _kept_old(quiet, read.links) == _kept_old(quiet, {}) == EvidencePlan({}, {}, (), frozenset())
    known = {quiet.slug: quiet, OLD: ResearchItem.known_only_by(OLD, "2026-01-01")}
    unread = EvidenceText(quiet.slug, (), _Unread())
    assert plan([quiet], {quiet.slug: unread}, known, undated_suffixes(known), frozenset(),
                KeptLinks(read.links)) == EvidencePlan({}, {}, (), frozenset())


def test_a_finding_number_that_does_not_exist_warns_with_file_and_line() -> None:
    body = f"Text.\n\nPer `{OLD}.md` Key Finding 9, vector search waits."
    result = links_of(old_item(), new_item(body))
    assert result.links == {}
    [issue] = result.issues
    assert issue.severity is IssueSeverity.WARNING
    assert issue.location.path == f"Research/completed/{NEW}.md"
    text = item_text("New study", "2026-02-01", ("SQLite FTS5 search is enough for a small corpus of items.",
                                                 "Vector search waits until the corpus grows."), body)
    assert issue.location.line == text.split("\n").index(f"Per `{OLD}.md` Key Finding 9, vector search waits.") + 1
    assert "Key Finding 9" in issue.render() and "3 finding(s)" in issue.render()


def test_a_reference_to_a_superseded_item_links_no_claims() -> None:
    body = f"This confirms `{OLD}.md` Key Finding 1: FTS5 search is enough."
    old = old_item(front=f"superseded_by: [{NEW}]\n")
    assert links_of(old, new_item(body)).links == {}
    # "This confirms X": this item's side agrees with the cited finding in its own clause
    assert links_of(old_item(), new_item(body)).links[NEW][0].relation is RelationType.SUPPORTS


def test_an_unnumbered_reference_needs_a_cue_and_the_finding_s_words() -> None:
    findings = ("Binary database files stay out of git.",)
    cued = f"The benchmark confirms `{OLD}.md`: binary database files are not diffable in git."
    [link] = links_of(old_item(), new_item(cued, findings)).links[NEW]
    # the cue names the finding; the link is extends: its subject is not this item's side (a marker would be)
    assert link.relation is RelationType.EXTENDS and ":binary-database-files" in link.target_claim
    uncued = f"See `{OLD}.md` about binary files in version control."  # names no finding: item→item only
    assert links_of(old_item(), new_item(uncued, findings)).links == {}
    # no finding of the referencing item says anything the sentence says: item→item only
    assert links_of(old_item(), new_item(cued, ("Vector search waits.",))).links == {}


def test_a_finding_named_by_content_must_be_the_single_best_match() -> None:
    tied = make(OLD, item_text("Old study", "2026-01-01", (
        "SQLite search ranks results quickly.", "SQLite search ranks results slowly at scale.")))
    body = f"This confirms `{OLD}.md`: SQLite search ranks results."
    findings = ("SQLite FTS5 search ranks results well enough.",)
    assert links_of(tied, new_item(body, findings)).links == {}  # a tie is a guess: no claim link
    assert links_of(old_item(), new_item(f"This confirms `{OLD}.md`: SQLite FTS5 ranks research items by BM25.",
                                         findings)).links[NEW]


def test_a_quoted_finding_is_named_by_its_own_words() -> None:
    body = f'The prior item (`{OLD}.md`) found that "vector stores solve semantic search, not deduplication" — we agree.'
    result = links_of(old_item(), new_item(body))
    assert result.links[NEW][0].target_claim.startswith(f"claim:{OLD}:vector-stores")


# --- through a build: graph, manifest, trust state, veto -------------------------------------------


def write_repo(root: Path, new_body: str, veto: str | None = None) -> config_module.Config:
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True)
    (folder / f"{OLD}.md").write_text(item_text("Old study", "2026-01-01", OLD_FINDINGS), encoding="utf-8")
    (folder / f"{NEW}.md").write_text(item_text("New study", "2026-02-01", (
        "SQLite FTS5 search is enough for a small corpus of items.",
        "Binary database files can be diffed with a text dump.",
    ), new_body), encoding="utf-8")
    (root / "kgsync.yml").write_text("items: Research/completed\ngraph: memory.jsonl\n", encoding="utf-8")
    if veto is not None:
        (root / "kgsync-veto.yml").write_text(veto, encoding="utf-8")
    return config_module.load(root)


#: A stance the author states exactly (and prose that says it in its own clause: ``test_own_clause``).
CONTRA_PROSE = f"Our text dump of the database contradicts `{OLD}.md` Key Finding 3 on diffable binary files."
CONTRA = f"{CONTRA_PROSE} [contradicts: {OLD} KF3 from KF2]"


def test_a_build_writes_the_link_keeps_its_sentence_and_marks_the_contested_claim(tmp_path: Path) -> None:
    cfg = write_repo(tmp_path, CONTRA)
    result = build(cfg)
    contradicting = [r for r in result.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    [relation] = contradicting
    assert relation.source.startswith(f"claim:{NEW}:binary-database-files") and relation.target.startswith(
        f"claim:{OLD}:binary-database-files")
    assert "status:contested" in result.graph.entity(relation.target).observations
    manifest = json.loads(manifest_path(tmp_path / "memory.jsonl").read_text(encoding="utf-8"))
    [evidence] = manifest["items"][NEW]["evidence"]
    assert evidence[:3] == [relation.source, relation.target, "contradicts"]
    assert evidence[3] == CONTRA_PROSE  # the sentence as written (bold and links unwrapped), the marker out
    assert evidence[4].startswith(f"Research/completed/{NEW}.md:")


def test_prose_whose_own_clause_states_no_stance_links_extends_and_warns_with_the_marker(tmp_path: Path) -> None:
    # "The text dump ... contradicts X": which side speaks is not said (no "this", "our", "we"): whether the
    # finding disputes X on its own evidence or is derived from it is not in the words: the cue's link is extends,
    # nothing is contested, and the warning gives the marker to write.
    prose = CONTRA_PROSE.replace("Our text dump", "The text dump")
    result = build(write_repo(tmp_path, prose))
    claim_links = {(r.source, r.target, r.relation_type) for r in result.graph.relations
                   if r.source.startswith("claim:") and r.target.startswith("claim:")}
    [(source, target, relation)] = claim_links
    assert relation == RelationType.EXTENDS
    assert source.startswith(f"claim:{NEW}:binary-database-files") and target.startswith(f"claim:{OLD}:binary-database-files")
    assert all("status:contested" not in e.observations for e in result.graph.entities)
    [hint] = [i for i in result.issues if "prose is not read as a stance" in i.message]
    assert hint.severity is IssueSeverity.WARNING and str(hint.location.path).endswith(f"{NEW}.md")
    text = (tmp_path / "Research" / "completed" / f"{NEW}.md").read_text(encoding="utf-8")
    assert hint.location.line == text.split("\n").index(prose) + 1
    assert f"disputing {OLD}'s Key Finding 3" in hint.message and "linked as extends" in hint.message
    assert f"[contradicts: {OLD} KF3]" in hint.hint


def test_own_clause_prose_writes_its_stance_contests_the_claim_and_warns_how_to_undo_it(tmp_path: Path) -> None:
    # "Our text dump ... contradicts X Key Finding 3": this item's evidence disputes the cited finding in its
    # own clause, and no other sentence links the pair: contradicts, as a marker would write it.
    result = build(write_repo(tmp_path, CONTRA_PROSE))
    [relation] = [r for r in result.graph.relations if r.source.startswith("claim:") and r.target.startswith("claim:")]
    assert relation.relation_type == RelationType.CONTRADICTS
    assert "status:contested" in result.graph.entity(relation.target).observations
    assert not [i for i in result.issues if "prose is not read as a stance" in i.message]
    [hint] = [i for i in result.issues if "in its own clause" in i.message]
    assert f"disputes {OLD}'s Key Finding 3: linked as contradicts" in hint.message, hint.render()
    assert f"[extends: {OLD} KF3]" in hint.hint, hint.render()
    # the author's marker on that line says otherwise: it is written alone
    marked = build(write_repo(tmp_path / "marked", f"{CONTRA_PROSE} [extends: {OLD} KF3 from KF2]"))
    assert [r.relation_type for r in marked.graph.relations
            if r.source.startswith("claim:") and r.target.startswith("claim:")] == [RelationType.EXTENDS]


def test_a_marker_on_the_prose_line_states_the_stance_alone(tmp_path: Path) -> None:
    # The marker's own sentence is read as if the marker were not there: its cue would add an extends beside
    # the contradicts and a warning asking for the marker already written.
    result = build(write_repo(tmp_path, CONTRA))
    assert [r.relation_type for r in result.graph.relations
            if r.source.startswith("claim:") and r.target.startswith("claim:")] == [RelationType.CONTRADICTS]
    assert not [i for i in result.issues if "prose is not read as a stance" in i.message]


def test_one_prose_stance_warning_per_sentence() -> None:
    own = "SQLite FTS5 search is enough for a small corpus of items."
    body = f"The result confirms `{OLD}.md` Key Findings 1 and 2: {own}"
    result = links_of(old_item(), new_item(body, (own,)))
    assert [link.relation for link in result.links[NEW]] == [RelationType.EXTENDS, RelationType.EXTENDS]
    [hint] = [i for i in result.issues if "prose is not read as a stance" in i.message]
    assert f"agreeing with {OLD}'s Key Findings 1 and 2" in hint.message, hint.render()
    assert f"[supports: {OLD} KF1, KF2]" in hint.hint, hint.render()
    # said in this item's own clause: both written as supports, one warning saying how to write extends instead
    result = links_of(old_item(), new_item(body.replace("The result", "This"), (own,)))
    assert [link.relation for link in result.links[NEW]] == [RelationType.SUPPORTS, RelationType.SUPPORTS]
    [hint] = [i for i in result.issues if "in its own clause" in i.message]
    assert f"agrees with {OLD}'s Key Findings 1 and 2: linked as supports" in hint.message, hint.render()
    assert f"[extends: {OLD} KF1, KF2]" in hint.hint, hint.render()


def test_an_own_clause_stance_of_a_finding_the_item_also_takes_as_a_source_is_extends() -> None:
    # The same two findings linked by another sentence (an Evidence Map row, a source note): this finding is
    # derived from the cited one, whatever the confirming sentence says.
    own = "SQLite FTS5 search is enough for a small corpus of items."
    body = f"This confirms `{OLD}.md` Key Finding 1: {own}"
    [alone] = links_of(old_item(), new_item(body, (own,))).links[NEW]
    assert alone.relation is RelationType.SUPPORTS
    sourced = f"{body}\n\nSQLite FTS5 is in the standard library. Source: `{OLD}.md` Key Finding 1."
    links = links_of(old_item(), new_item(sourced, (own,))).links[NEW]
    assert {link.relation for link in links} == {RelationType.EXTENDS} and len(links) == 2
    # partly: a partial agreement qualifies the cited finding
    partly = links_of(old_item(), new_item(body.replace("This confirms", "This partly confirms"), (own,)))
    assert [link.relation for link in partly.links[NEW]] == [RelationType.EXTENDS]
    # the cited item as the agent: its finding is this one's evidence
    passive = links_of(old_item(), new_item(f"This is confirmed by `{OLD}.md` Key Finding 1: {own}", (own,)))
    assert [link.relation for link in passive.links[NEW]] == [RelationType.EXTENDS]


def test_a_vetoed_link_never_returns(tmp_path: Path) -> None:
    first = build(write_repo(tmp_path / "a", CONTRA))
    [relation] = [r for r in first.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    veto = f"vetoed:\n  - from: {relation.target}\n    to: {relation.source}\n    why: a text dump is not the file\n"
    result = build(write_repo(tmp_path / "b", CONTRA, veto))
    assert not [r for r in result.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    assert all("status:contested" not in e.observations for e in result.graph.entities)


def test_a_veto_naming_a_claim_the_graph_lacks_warns_at_its_line(tmp_path: Path) -> None:
    # A veto of a mistyped claim vetoed nothing and nothing said so.  It is kept (a claim may leave
    # the graph and come back: its veto still holds), and the build warns at its line.
    first = build(write_repo(tmp_path / "a", CONTRA))
    [relation] = [r for r in first.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    typo = relation.target + "x"
    veto = (f"vetoed:\n  - from: {relation.target}\n    to: {relation.source}\n"
            f"  - from: {typo}\n    to: {relation.source}\n")
    result = build(write_repo(tmp_path / "b", CONTRA, veto))
    stale = [i for i in result.issues if "kgsync-veto.yml" in str(i.location.path)]
    assert [(i.severity, i.location.line) for i in stale] == [(IssueSeverity.WARNING, 4)], stale
    [issue] = stale
    assert typo in issue.message and relation.source not in issue.message, issue.render()
    assert "fix: " in issue.render() and "delete" in issue.hint, issue.render()


def _reword(root: Path, slug: str, old: str, new: str) -> None:
    path = root / "Research" / "completed" / f"{slug}.md"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


@pytest.mark.parametrize("named", ["graph", "fresh"])
def test_a_veto_of_a_reworded_finding_s_link_holds_by_the_name_the_graph_shows(tmp_path: Path, named: str) -> None:
    # A finding reworded in place keeps its claim's name (kgsync.graph.claim_identity): the graph and
    # the PR show that name, so a reviewer copies it.  Its veto vetoed nothing and said nothing, while
    # the name its new words make (shown nowhere) removed the link and warned "it vetoes nothing".
    cfg = write_repo(tmp_path, CONTRA)
    build(cfg)
    _reword(tmp_path, NEW, "Binary database files can be diffed with a text dump.",
            "A text dump makes binary database files diffable.")
    _reword(tmp_path, OLD, "Binary database files are not diffable in git.",
            "In git, binary database files are not diffable.")
    reworded = build(cfg)
    [relation] = [r for r in reworded.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    assert relation.source.startswith(f"claim:{NEW}:binary-database-files"), relation  # the names kept
    assert relation.target.startswith(f"claim:{OLD}:binary-database-files"), relation
    ends = ((relation.target, relation.source) if named == "graph"
            else (f"claim:{OLD}:git-binary-database-files", f"claim:{NEW}:text-dump-makes-binary"))
    (tmp_path / "kgsync-veto.yml").write_text(f"vetoed:\n  - from: {ends[0]}\n    to: {ends[1]}\n", encoding="utf-8")
    result = build(cfg)
    assert not [r for r in result.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    assert all("status:contested" not in e.observations for e in result.graph.entities)
    assert not [i for i in result.issues if "kgsync-veto.yml" in str(i.location.path)], "the claims are in the graph"


def test_a_veto_holds_after_a_git_mv_of_its_item_and_warns_at_its_line_with_the_new_name(tmp_path: Path) -> None:
    # Slug is identity: a ``git mv`` of an item names its claims anew, so a veto by the old names vetoed
    # nothing: the link came back under the new item's name and the build only warned "vetoes nothing".
    # The committed manifest still records the old slug's findings when the renamed item is first built.
    cfg = write_repo(tmp_path, CONTRA)
    [relation] = [r for r in build(cfg).graph.relations if r.relation_type == RelationType.CONTRADICTS]
    veto = tmp_path / "kgsync-veto.yml"
    veto.write_text(f"vetoed:\n  - from: {relation.source}\n    to: {relation.target}\n", encoding="utf-8")
    moved = "2026-02-01-new-study-moved"
    folder = tmp_path / "Research" / "completed"
    (folder / f"{NEW}.md").rename(folder / f"{moved}.md")
    result = build(cfg)
    assert not [r for r in result.graph.relations if r.relation_type == RelationType.CONTRADICTS]
    [warning] = [i for i in result.issues if "kgsync-veto.yml" in str(i.location.path)]
    renamed = relation.source.replace(NEW, moved)
    assert warning.location.line == 2 and NEW in warning.message and moved in warning.message, warning
    assert "vetoes nothing" not in warning.message and renamed in warning.hint, warning


# --- ranges and descriptions (docs/EVIDENCE.md) ---------------------------------------------------


def test_a_sentence_citing_more_findings_than_the_item_has_names_none_in_particular() -> None:
    # the old study has 3 findings: "Key Findings 1-4" is no reference to specific ones
    findings = ("SQLite FTS5 search is enough for a small corpus of items.",
                f"Vector search waits until the corpus grows, per `{OLD}.md` Key Findings 1-4.")
    result = links_of(old_item(), new_item("", findings))
    assert not result.links.get(NEW)
    [warning] = [i for i in result.issues if "cites 4 findings" in i.message]
    assert "which has 3" in warning.message
    # within the count, each number is cited
    within = (findings[0], findings[1].replace("1-4", "1-3"))
    assert len(links_of(old_item(), new_item("", within)).links[NEW]) == 3


def test_a_description_links_from_the_finding_that_states_it_never_from_a_guess() -> None:
    named = f"Read first:\n\n- `{OLD}.md`\n\n"
    stated = ("SQLite FTS5 search is enough for a small corpus of items.",
              "Vector search waits until the corpus grows (old study item, Key Finding 2).")
    [link] = links_of(old_item(), new_item(named, stated)).links[NEW]
    assert (link.source_number, link.kind) == (2, "description held list")
    assert link.target_claim.startswith(f"claim:{OLD}:")
    # the same citation in a section-level sentence: which finding uses it is only a best match
    body = named + "Search stays simple here. Vector growth matters (old study item, Key Finding 2)."
    result = links_of(old_item(), new_item(body))
    assert not result.links.get(NEW)
    assert any("no finding of this item clearly builds on it" in i.message for i in result.issues)


@pytest.mark.parametrize("citing", [
    "Search stays simple here. Vector growth matters (old study item, Key Finding 2).",
    "| Claim | Source | Confidence |\n|---|---|---|\n| Vector search | old study research, Key Finding 2 | high |",
])
def test_a_description_links_from_the_finding_the_item_says_uses_the_cited_one(citing: str) -> None:
    # "Foundation Data prerequisite … | CSDM research item Key Finding 2; …" (an Evidence Map row,
    # 2026-03-08-servicenow-platform-strategy.md:294), "The practitioner case (context-mode Key
    # Finding 6) is the closest evidence" (2026-03-02-semantic-full-text-search.md:386): which finding
    # uses the cited one is only a best match, but the item says which elsewhere (here its cites:
    # entry with from:, an anchor), and the best match is that finding.  No guess is left: the
    # sentence is evidence for that link (extends), as a citation by name's would be; never a new pair.
    front = f"cites:\n  - {{item: {OLD}, findings: [2], stance: extends, from: 2}}\n"
    text = item_text("New study", "2026-02-01", ("SQLite FTS5 search is enough for a small corpus of items.",
                                                 "Vector search waits until the corpus grows."), citing, front=front)
    result = links_of(old_item(), make(NEW, text))
    [held] = [link for link in result.links[NEW] if link.kind.startswith("cites ")]
    described = [link for link in result.links[NEW] if link is not held]
    assert len(described) == 1, [i.message for i in result.issues]
    [cited] = described
    assert (cited.source_number, cited.relation, cited.target_claim) == (2, RelationType.EXTENDS, held.target_claim)
    assert cited.kind.startswith("description anchor ")
    assert not [i for i in result.issues if "no finding of this item clearly builds on it" in i.message]


def test_a_citation_by_name_and_by_description_is_read_once_and_warned_once() -> None:
    # "noted in ... the prior local-database research (Key Finding 2)" (the real corpus,
    # 2026-03-02-semantic-full-text-search.md:269): read by its undated name and again by description,
    # the one citation was linked (a list-order guess) and warned "no claim link" at the same line.
    named = f"Read first:\n\n- `{OLD}.md`\n\n"
    tied = ("Vector search waits until the corpus grows.", "Vector search costs too much for the team.")
    body = named + "Vector search matters, as noted in the prior old-study research (Key Finding 2)."
    result = links_of(old_item(), new_item(body, tied))
    [link] = result.links[NEW]
    assert (link.source_number, link.kind) == (1, "number best-match prose")
    [issue] = result.issues
    assert "KF1 and KF2 of this item match this sentence equally: linked from KF1" in issue.message


def test_a_guess_is_not_said_linked_when_a_description_makes_no_link() -> None:
    # An Evidence Map row citing an item by description ("prior research ios-shortcuts (Key Findings
    # 1-2)", 2026-03-08-slack-bot-memory-capture-retrieval.md:379): its finding only a list-order
    # guess, the description makes no link, yet "linked from KF8 by list order" was warned beside
    # "no claim link" for the same finding.
    named = f"Read first:\n\n- `{OLD}.md`\n\n"
    tied = ("Vector search waits until the corpus grows.", "Vector search costs too much for the team.")
    row = "| Claim | Source | Confidence |\n|---|---|---|\n| Vector search | old study research, Key Finding 2 | high |"
    result = links_of(old_item(), new_item(named + row, tied))
    assert not result.links.get(NEW)
    [issue] = result.issues
    assert "no finding of this item clearly builds on it" in issue.message and "no claim link" in issue.message


def test_an_open_question_states_no_finding_of_the_item() -> None:
    # "- What is the latency impact …? … (per context-mode research Key Finding 1: …)": what the
    # investigation left open rests on the citation; no finding of this item is said to use it
    text = item_text("New study", "2026-02-01", ("Vector search waits until the corpus grows.",),
                     "Vector search waits.")
    asked = text + f"\n## Open Questions\n\n- Does search wait? Vector search waits (`{OLD}.md` Key Finding 2).\n"
    mentions = scan(make(NEW, asked))
    assert [(m.finding, m.shape) for m in mentions] == [(2, "framing")]
    result = links_of(old_item(), make(NEW, asked))
    assert result.links == {}
    assert "framing section" in result.issues[0].message


def test_a_marker_naming_no_finding_of_a_failing_item_is_warned_as_of_a_reading_one() -> None:
    # [supports: <slug>] (no KF<n>) naming an item kept from an earlier build (it fails now) was dropped in
    # silence; the same marker naming the item while it reads is warned: what an author writes is answered
    body = f"Later analysis. [supports: {OLD} from KF1]"
    [read] = links_of(old_item(), new_item(body)).issues
    known = {OLD: ResearchItem.known_only_by(OLD, "2026-01-01"), NEW: new_item(body)}
    kept = KeptLinks(claims={OLD: {1: f"claim:{OLD}:sqlite-fts5-ranks-research"}})
    result = plan([known[NEW]], {NEW: extract(known[NEW])}, known, undated_suffixes(known), frozenset(), kept)
    assert result.links == {}
    [issue] = result.issues
    assert (issue.message, issue.hint, issue.location) == (read.message, read.hint, read.location)


def test_a_from_naming_no_finding_of_this_item_is_warned_as_such_not_as_a_missing_from() -> None:
    # `from: 9` (the item has 2 findings) was warned "names no finding of this item that states it (fix: add
    # from: <n> to the entry)": the entry has its from:, the number is what is wrong; so for a marker's from KF9
    front = f"cites:\n  - {{item: {OLD}, findings: [2], stance: supports, from: 9}}\n"
    item = make(NEW, item_text("New study", "2026-02-01", ("One finding.", "Two findings."), "Nothing.", front))
    for result in (links_of(old_item(), item),
                   links_of(old_item(), new_item(f"Later analysis. [supports: {OLD} KF2 from KF9]"))):
        assert result.links == {}
        [issue] = result.issues
        assert "Key Finding 9" in issue.message and "has 2" in issue.message, issue.message
        assert "add from:" not in issue.hint and "1 to 2" in issue.hint, issue.hint



def test_an_own_clause_stance_another_item_opposes_stays_extends() -> None:
    # The old item's marker disputes the new finding; the new item's prose agrees with the old finding: the two
    # claims would carry opposite stances, which fails an item's build.  The author's marker stands.
    own = "SQLite FTS5 search is enough for a small corpus of items."
    body = f"This confirms `{OLD}.md` Key Finding 3: {own}"
    disputing = make(OLD, item_text("Old study", "2026-01-01", (
        *OLD_FINDINGS[:2], f"{OLD_FINDINGS[2]} [contradicts: {NEW} KF1]")))
    assert [link.relation for link in links_of(old_item(), new_item(body, (own,))).links[NEW]] == [RelationType.SUPPORTS]
    result = links_of(disputing, new_item(body, (own,)))
    assert [link.relation for link in result.links[NEW]] == [RelationType.EXTENDS]
    assert [link.relation for link in result.links[OLD]] == [RelationType.CONTRADICTS]
    [hint] = [i for i in result.issues if "prose is not read as a stance" in i.message]  # the marker to write
    assert not [i for i in result.issues if "in its own clause" in i.message]
