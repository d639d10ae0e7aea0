"""kgsync.graph.linked_before: a cites: entry's (or marker's) finding number that names another claim since the
last build, because the cited item renumbered its findings, follows the claim it linked, or links nothing."""

from __future__ import annotations

from pathlib import Path

from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.read.items import IssueSeverity
from tests.extract.evidence_items import NEW, OLD, item_text

_OLD_FINDINGS = (
    "SQLite FTS5 ranks research items by BM25 without extra dependencies.",
    "Vector stores solve semantic search, not deduplication.",
    "Binary database files are not diffable in git.",
    "Plain JSONL graphs merge cleanly in pull requests.",
)
_NEW_FINDINGS = ("Text dumps make binary stores reviewable.", "JSONL graphs merge well in review.")


def _repo(root: Path, old: tuple[str, ...], new_front: str, new_body: str = "Nothing.") -> config_module.Config:
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{OLD}.md").write_text(item_text("Old study", "2026-01-01", old), encoding="utf-8")
    (folder / f"{NEW}.md").write_text(item_text("New study", "2026-02-01", _NEW_FINDINGS, new_body, new_front),
                                      encoding="utf-8")
    (root / "kgsync.yml").write_text("items: Research/completed\ngraph: memory.jsonl\n", encoding="utf-8")
    return config_module.load(root)


def _links(result) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The new study's claim links: its claim -> the old study's claim it links."""
    return {r.source: r.target for r in result.graph.relations if r.source.startswith(f"claim:{NEW}:")}


def test_a_cites_entry_whose_number_names_another_finding_now_follows_its_claim_or_links_nothing(
        tmp_path: Path) -> None:
    """The old study deletes its Key Finding 2: its 3 and 4 become 2 and 3.  The entry naming KF3 linked the
    "binary files" claim; read as written it now quietly linked the "JSONL" one, and the entry naming KF2 the
    "binary files" one in place of the deleted claim.  Now the first follows its claim (KF2 now) and the second
    links nothing, each warned at its line with the old and new finding and the entry to write."""
    front = (f"cites:\n  - {{item: {OLD}, findings: [3], stance: contradicts, from: 1}}\n"
             f"  - {{item: {OLD}, findings: [2], stance: extends, from: 2}}\n")
    cfg = _repo(tmp_path, _OLD_FINDINGS, front)
    first = _links(build(cfg))
    assert sorted(t.split(":")[2].split("-")[0] for t in first.values()) == ["binary", "vector"], first
    [to_binary] = [s for s, t in first.items() if t.startswith(f"claim:{OLD}:binary-")]
    _repo(tmp_path, (_OLD_FINDINGS[0], *_OLD_FINDINGS[2:]), front)  # KF2 deleted
    result = build(cfg)
    links = _links(result)
    assert links == {to_binary: first[to_binary]}, links  # followed its claim; none to the JSONL claim
    warned = sorted((i for i in result.issues if i.slug == NEW), key=lambda i: i.location.line)  # type: ignore[union-attr]
    assert [(i.severity, i.location.line) for i in warned] == [  # type: ignore[union-attr]
        (IssueSeverity.WARNING, 6), (IssueSeverity.WARNING, 7)], [i.render() for i in warned]
    followed, gone = warned
    assert followed.message.startswith(f"cites: entry {{item: {OLD}, stance: contradicts, …}} names {OLD} KF3, but "
                                       f"the last build linked the claim {first[to_binary]}"), followed.render()
    assert "Key Finding 3 is now 'Plain JSONL graphs merge cleanly in pull requests.'" in followed.message
    assert followed.message.endswith("linked to its Key Finding 2, the claim linked before"), followed.render()
    assert followed.hint.startswith("write findings: [2] in the entry to keep that link"), followed.render()
    assert f"[contradicts: {OLD} KF3]" in followed.hint, followed.render()
    assert "that claim is gone" in gone.message and gone.message.endswith("no link"), gone.render()
    assert "drop the number from the entry" in gone.hint, gone.render()
    # the next build, against this build's manifest: the followed link stays, and so does its warning (the
    # manifest records the link from the entry); the withheld one is read as written then (nothing records it)
    again = build(cfg)
    assert first[to_binary] in _links(again).values()
    assert followed.render() in [i.render() for i in again.issues if i.slug == NEW]
    # the entry written with the number the claim has now: linked, no warning
    _repo(tmp_path, (_OLD_FINDINGS[0], *_OLD_FINDINGS[2:]),
          f"cites:\n  - {{item: {OLD}, findings: [2], stance: contradicts, from: 1}}\n")
    fixed = build(cfg)
    assert _links(fixed) == links and not [i for i in fixed.issues if i.slug == NEW]


def test_a_marker_whose_number_names_another_finding_now_follows_its_claim(tmp_path: Path) -> None:
    marker = f"[contradicts: {OLD} KF3 from KF1]"
    cfg = _repo(tmp_path, _OLD_FINDINGS, "", f"The vendor note. {marker}")
    first = _links(build(cfg))
    _repo(tmp_path, (_OLD_FINDINGS[0], *_OLD_FINDINGS[2:]), "", f"The vendor note. {marker}")
    result = build(cfg)
    assert _links(result) == first
    [issue] = [i for i in result.issues if i.slug == NEW]
    assert issue.message.startswith(f"stance marker [contradicts: {OLD} …] names {OLD} KF3"), issue.render()
    assert issue.hint.startswith("write KF2 in the marker to keep that link"), issue.render()


def test_a_reworded_finding_at_its_number_is_the_same_claim_and_says_nothing(tmp_path: Path) -> None:
    front = f"cites:\n  - {{item: {OLD}, findings: [3], stance: contradicts, from: 1}}\n"
    cfg = _repo(tmp_path, _OLD_FINDINGS, front)
    first = _links(build(cfg))
    reworded = (*_OLD_FINDINGS[:2], "Binary database files are never diffable in git.", _OLD_FINDINGS[3])
    _repo(tmp_path, reworded, front)
    result = build(cfg)
    assert _links(result) == first and not [i for i in result.issues if i.slug == NEW]


def test_a_marker_naming_several_findings_keeps_the_claims_it_linked_across_builds(tmp_path: Path) -> None:
    """[contradicts: <old> KF3, KF4] linked the "binary" and "JSONL" claims; the old study deletes its KF1, so
    they are its KF2 and KF3 and it has no KF4.  KF3 still names a claim the marker linked (kept, no warning);
    KF4 follows the claim no number names now ("binary"), warned; the same in the build after."""
    marker = f"[contradicts: {OLD} KF3, KF4 from KF1]"
    cfg = _repo(tmp_path, _OLD_FINDINGS, "", f"The vendor note. {marker}")
    first = build(cfg).graph
    linked = {r.target for r in first.relations if r.source.startswith(f"claim:{NEW}:")}
    assert sorted(t.split(":")[2].split("-")[0] for t in linked) == ["binary", "plain"]
    _repo(tmp_path, _OLD_FINDINGS[1:], "", f"The vendor note. {marker}")
    for _ in range(2):
        result = build(cfg)
        assert {r.target for r in result.graph.relations if r.source.startswith(f"claim:{NEW}:")} == linked
        [issue] = [i for i in result.issues if i.slug == NEW]
        assert issue.message.startswith(f"stance marker [contradicts: {OLD} …] names {OLD} KF4"), issue.render()
        assert "it has no Key Finding 4 now" in issue.message and "linked to its Key Finding 2" in issue.message


def test_a_followed_entry_moved_to_another_line_still_follows_its_claim(tmp_path: Path) -> None:
    """The entry's link followed its claim; then a cites: entry is added above it, so its line moves.  Found by its
    line, nothing was recorded there: the number was read as written, and the link moved to the next finding."""
    entry = f"  - {{item: {OLD}, findings: [3], stance: contradicts, from: 1}}\n"
    cfg = _repo(tmp_path, _OLD_FINDINGS, f"cites:\n{entry}")
    first = _links(build(cfg))
    _repo(tmp_path, (_OLD_FINDINGS[0], *_OLD_FINDINGS[2:]), f"cites:\n{entry}")
    assert _links(build(cfg)) == first
    _repo(tmp_path, (_OLD_FINDINGS[0], *_OLD_FINDINGS[2:]), f"cites:\n  - 2026-01-15-third-study\n{entry}")
    result = build(cfg)
    assert _links(result) == first
    [issue] = [i for i in result.issues if i.slug == NEW and "KF3" in i.message]
    assert issue.location is not None and issue.location.line == 7, issue.render()
