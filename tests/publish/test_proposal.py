"""Tests of kgsync.publish.proposal: a PR prepared from a checkout (what its body shows beyond the
diff: tests/publish/pr/test_body_context.py)."""

from __future__ import annotations

from pathlib import Path

from kgsync.contract.model import Entity, Graph
from kgsync.pipeline.stages import build
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.publish.proposal import Prepared, prepare
from kgsync.read import config as config_module
from tests.extract.evidence_items import NEW, OLD, OLD_FINDINGS, item_text
from tests.research_checkout import git


def test_prepared_carries_the_facts_made_by_hand_that_diff_json_marks(example_repo: Path) -> None:
    # ``kgsync pr --diff-json`` writes ``by_hand`` from them, as the body files "Changes by hand".
    from kgsync.contract import jsonl

    note = Entity("concept:agent-note", "concept", ("added by an agent",))
    graph = jsonl.read(example_repo / "memory.jsonl")
    jsonl.write(example_repo / "memory.jsonl", Graph(graph.entities + (note,), graph.relations))
    prepared = prepare(config_module.load(example_repo), checkout=None, base_sha=None, title="t", labels=(), write=False)
    assert prepared.hand_made.new is not None and (note.name, "concept") in prepared.hand_made.new.entities


def _prepare_committed(root: Path, message: str) -> Prepared:
    """Commit the checkout's files as they are (no build) and prepare the PR against that commit."""
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    sha = git(root, "rev-parse", "HEAD").strip()
    return prepare(config_module.load(root), checkout=GitCheckout(root), base_sha=sha, title=None, labels=(),
                   write=False)


def _reword(root: Path, slug: str, old: str, new: str) -> None:
    path = root / "Research" / "completed" / f"{slug}.md"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def _checkout(root: Path, items: dict[str, str]) -> Path:
    """A research repository at ``root`` on branch main, not yet built or committed: ``items`` (slug ->
    text) in Research/completed, and a kgsync.yml naming them and memory.jsonl.  Returns the items' folder."""
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True)
    for slug, text in items.items():
        (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    (root / "kgsync.yml").write_text("items: Research/completed\ngraph: memory.jsonl\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    return folder


def _build_and_commit(root: Path, message: str) -> str:
    """Build the graph, commit everything with ``message``; the commit's sha."""
    build(config_module.load(root))
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    return git(root, "rev-parse", "HEAD").strip()


def test_a_veto_by_the_name_a_reworded_finding_s_words_make_is_filed_under_the_veto(tmp_path: Path) -> None:
    """The reviewer's pass: the build honours a veto written with the name a reworded finding's new
    words make (``graph.veto_names``), but the PR matched the veto file's pairs to the removed link by
    the graph's names only, so the link fell back to "Side effects (other items)", with the fix
    "change the merged item" over no merged item."""
    _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS), NEW: item_text(
        "New study", "2026-02-01", ("SQLite FTS5 search is enough for a small corpus of items.",
                                    "Binary database files can be diffed with a text dump."),
        f"Our text dump of the database contradicts `{OLD}.md` Key Finding 3 on diffable binary files.")})
    _build_and_commit(tmp_path, "two items")
    _reword(tmp_path, NEW, "Binary database files can be diffed with a text dump.",
            "A text dump makes binary database files diffable.")
    _reword(tmp_path, OLD, "Binary database files are not diffable in git.",
            "In git, binary database files are not diffable.")
    _build_and_commit(tmp_path, "reword both findings")  # the claims keep their names; the new words make others
    (tmp_path / "kgsync-veto.yml").write_text(f"vetoed:\n  - from: claim:{OLD}:git-binary-database-files\n"
                                              f"    to: claim:{NEW}:text-dump-makes-binary\n", encoding="utf-8")
    prepared = _prepare_committed(tmp_path, "veto the link by the new words' names")
    body = prepared.proposal.body
    assert prepared.diff.relations_removed, "the veto removed the link"
    assert prepared.proposal.title == "Veto 1 evidence link", prepared.proposal.title
    [link] = prepared.diff.relations_removed
    section = body.split("### Side effects: ", 1)[1].split("\n### ", 1)[0]
    assert section.startswith("vetoed in kgsync-veto.yml\n") and "kgsync-veto.yml:2" in section, section
    assert f"- `{link.source}` —{link.relation_type}→ `{link.target}`" in section, section


def test_a_removed_item_s_fix_names_the_line_of_another_item_s_text_that_links_it(tmp_path: Path) -> None:
    """The reviewer's pass, batch 6: an item extended the removed one through a link in its text, yet
    the fix read "correct the slug in its cites:".  Through the flow: a rebuild reads the items from
    its cache, which keeps no body, so the line is read from the item's file."""
    linking = f"As `Research/completed/{OLD}.md` found, SQLite FTS5 holds for small corpora."
    folder = _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS),
                                  NEW: item_text("New study", "2026-02-01", ("A text dump suffices.",), linking)})
    _build_and_commit(tmp_path, "two items")
    (folder / f"{OLD}.md").unlink()
    git(tmp_path, "commit", "-q", "-am", "remove the old study")
    sha = git(tmp_path, "rev-parse", "HEAD").strip()
    prepared = prepare(config_module.load(tmp_path), checkout=GitCheckout(tmp_path), base_sha=sha, title=None,
                       labels=(), write=False)
    section = prepared.proposal.body.split(f"### Side effects: item:{OLD} removed\n", 1)[1].split("\n#### ", 1)[0]
    line = (folder / f"{NEW}.md").read_text(encoding="utf-8").splitlines().index(linking) + 1
    assert f"  - `Research/completed/{NEW}.md:{line}` (its text)\n" in section, section


def test_facts_an_agent_wrote_into_the_graph_beside_a_merge_are_shown_once(tmp_path: Path) -> None:
    """The reviewer's pass, batch 9: an agent appended a concept node and a relation to the graph in
    the commit that merged an item.  The base graph holds them and the build keeps them, so the diff
    never showed them: the body names them under "Changes by hand", from the graph at the last
    build's commit against the base graph, with the fix."""
    from kgsync.contract import jsonl
    from kgsync.contract.model import Relation

    folder = _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS)})
    _build_and_commit(tmp_path, "one item, built")
    (folder / f"{NEW}.md").write_text(item_text("New study", "2026-02-01", (
        "SQLite FTS5 search is enough for a small corpus of items.",)), encoding="utf-8")
    graph = jsonl.read(tmp_path / "memory.jsonl")
    note = Entity("concept:agent-note", "concept", ("added by an agent",))
    link = Relation(f"item:{OLD}", note.name, "addresses")
    jsonl.write(tmp_path / "memory.jsonl", Graph(graph.entities + (note,), graph.relations + (link,)))
    prepared = _prepare_committed(tmp_path, "merge an item; an agent writes the graph too")
    body = prepared.proposal.body
    assert note.name not in {e.name for e in prepared.diff.added}, "the base holds it: not in the diff"
    assert "### Changes by hand" in body, body
    section = body.split("### Changes by hand", 1)[1].split("\n### ", 1)[0]
    assert "concept:agent-note" in section and "addresses" in section, section
    assert "since the last build" in section and "remove it from the graph file" in section, section


def test_a_pr_that_only_rewrites_a_hand_edited_graph_says_so_in_its_title_and_body(tmp_path: Path) -> None:
    """qa31: an agent appended a node to the committed graph by hand (`echo '{...}' >> memory.jsonl`, in
    the reference server's spacing); no item changed.  The build keeps the facts and writes the file as
    kgsync does (sorted in, one JSON form), so the PR changed memory.jsonl's lines, yet it was titled
    "kgsync: knowledge graph update" and its body said "No change to the graph.": a reviewer saw a diff
    the PR said was not there, and no reason for the PR."""
    import json

    _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS)})
    _build_and_commit(tmp_path, "one item, built")
    graph = tmp_path / "memory.jsonl"
    note = {"type": "entity", "name": "concept:agent-note", "entityType": "concept", "observations": ["by an agent"]}
    graph.write_text(graph.read_text(encoding="utf-8") + "\n" + json.dumps(note), encoding="utf-8")
    prepared = _prepare_committed(tmp_path, "an agent appends a node")
    assert prepared.diff.is_empty
    assert prepared.proposal.files["memory.jsonl"] != graph.read_bytes()  # the PR does change the file
    assert prepared.proposal.title == "Rewrite memory.jsonl as kgsync writes it (no graph change)"
    assert ("**No change to the graph.** memory.jsonl is rewritten as kgsync writes it (its lines in kgsync's "
            "order, in one JSON form): no fact is added, removed or changed.") in prepared.proposal.body


def test_an_item_that_fails_and_an_item_kept_for_it_are_named_in_needs_attention(tmp_path: Path) -> None:
    """qa128: a merge broke one item's YAML and deleted another.  The build kept the failed item's
    previous nodes, and the deleted item's too (a file fails), and the run exited 1 with annotations
    on main's check; but the PR body, the one thing a reviewer reads, said "Add 1 item" and named
    neither: merging it looked like merging main's items.  Needs attention now names the failed file
    at its line and the item kept though its file is gone."""
    third = "2026-03-01-third-study"
    folder = _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS),
                                  NEW: item_text("New study", "2026-02-01", ("A text dump suffices.",)),
                                  third: item_text("Third study", "2026-03-01", ("Tags suffice.",))})
    _build_and_commit(tmp_path, "three items")
    (folder / f"{NEW}.md").write_text(item_text("New study", "2026-02-01", ("A text dump suffices.",),
                                                          front="broken: [\n"),
                                      encoding="utf-8")
    (folder / f"{third}.md").unlink()
    (folder / "2026-04-01-fourth-study.md").write_text(item_text("Fourth study", "2026-04-01", ("Dates order.",)),
                                                       encoding="utf-8")
    prepared = _prepare_committed(tmp_path, "break one item, delete one, add one")
    assert prepared.errors, "the broken item fails"
    head = prepared.proposal.body.split("**Needs attention**", 1)[1].split("\n\n**", 1)[0]
    assert "1 item file failed" in head, head
    assert f"`Research/completed/{NEW}.md:6`" in head and "malformed frontmatter YAML" in head, head
    assert "this PR holds none of its changes" in head, head
    assert f"`item:{third}`" in head and "file is gone" in head, head


def test_an_item_citing_a_renamed_item_is_told_the_new_slug_not_that_the_item_was_removed(tmp_path: Path) -> None:
    """qa128: a merge renamed an item (``git mv``) that another item cites.  The head read the rename
    right, yet the side effect on the citing item read "item:<old> removed. Why: the item it extends
    or cites was removed ... Fix: correct the slug, or drop it", and the dangling cite in Needs
    attention named no new slug: a reviewer was told to drop a cite of research still there.  Both now
    say it was renamed and give the slug to write."""
    renamed = "2026-01-02-old-study"
    _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS),
                         NEW: item_text("New study", "2026-02-01", ("A text dump suffices.",), front=f"cites: [{OLD}]\n")})
    _build_and_commit(tmp_path, "two items")
    git(tmp_path, "mv", f"Research/completed/{OLD}.md", f"Research/completed/{renamed}.md")
    prepared = _prepare_committed(tmp_path, "rename the old study")
    body = prepared.proposal.body
    assert [(r.old, r.new) for r in prepared.diff.renames] == [(OLD, renamed)], body
    assert f"### Side effects: item:{OLD} removed" not in body, body
    section = body.split(f"### Side effects: item:{OLD} renamed to item:{renamed}\n", 1)[1].split("\n#### ", 1)[0]
    assert "was renamed" in section and f"write {renamed}" in section, section
    assert f"`Research/completed/{NEW}.md:" in section, section
    head = body.split("**Needs attention**", 1)[1].split("\n\n**", 1)[0]
    assert f"cites names '{OLD}'" in head and f"renamed to {renamed} in this change" in head, head


def test_the_item_index_reads_a_renamed_item_s_old_slug_as_renamed_not_changed(tmp_path: Path) -> None:
    """qa128: in the item index of a merge that renamed an item and added another, the old slug's row
    read "changed" with every count 0: a reviewer looked for a change that was not there."""
    renamed = "2026-01-02-old-study"
    folder = _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS)})
    _build_and_commit(tmp_path, "one item")
    git(tmp_path, "mv", f"Research/completed/{OLD}.md", f"Research/completed/{renamed}.md")
    (folder / f"{NEW}.md").write_text(item_text("New study", "2026-02-01", ("A text dump suffices.",)), encoding="utf-8")
    body = _prepare_committed(tmp_path, "rename the old study, add a new one").proposal.body
    rows = [line for line in body.splitlines() if line.startswith(f"| {OLD} |")]
    assert rows and all(f"| renamed to item:{renamed} |" in row for row in rows), rows
    assert f"#### {OLD} — Old study (renamed to item:{renamed})" in body, body


def test_a_new_dangling_cite_a_delete_makes_is_printed_and_annotated_not_held_back(tmp_path: Path) -> None:
    """qa128: a merge deleted an item another item cites.  The PR body listed the citing item's
    dangling cite as new, but the run printed (and annotated) only the touched items' warnings, and
    the citing file was not edited: its warning was counted among "2 warnings in 2 item files this
    change did not touch", so the check showed no annotation at the line to correct."""
    from kgsync.read.item_model import of_touched_items

    folder = _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS),
                                  NEW: item_text("New study", "2026-02-01", ("A text dump suffices.",),
                                                 front=f"cites: [{OLD}]\n")})
    _build_and_commit(tmp_path, "two items")
    (folder / f"{OLD}.md").unlink()
    prepared = _prepare_committed(tmp_path, "delete the old study")
    assert f"cites names '{OLD}'" in prepared.proposal.body
    shown, held = of_touched_items(prepared.issues, prepared.touched)
    assert any(f"cites names '{OLD}'" in i.message for i in shown), (shown, held)


def test_a_dry_run_over_item_files_not_yet_committed_names_them_as_merged(tmp_path: Path) -> None:
    """qa142: the README's way to read the PR before pushing is ``kgsync pr --dry-run`` on the checkout.  The
    build reads the working tree, but the merged items were the files git found changed between the last build's
    commit and HEAD: an item added (untracked) or edited and not yet committed was no merged item.  The title
    named only what was committed ("Remove …" for a change that also added three items), and the new items were
    filed under "Side effects (other items)" with "Fix: change the merged item".  The files the build read are
    the change: a file of the working tree that differs from the last build's commit is merged too."""
    third = "2026-03-01-third-study"
    folder = _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS),
                                  NEW: item_text("New study", "2026-02-01", ("A text dump suffices.",))})
    sha = _build_and_commit(tmp_path, "two items")
    (folder / f"{third}.md").write_text(item_text("Third study", "2026-03-01", ("Tags suffice.",)), encoding="utf-8")
    _reword(tmp_path, NEW, "A text dump suffices.", "A text dump of the database suffices for review.")
    prepared = prepare(config_module.load(tmp_path), checkout=GitCheckout(tmp_path), base_sha=sha, title=None,
                       labels=(), write=False)
    assert prepared.proposal.title.startswith("Add 1, update 1 item"), prepared.proposal.title
    merged = prepared.proposal.body.split("**Merged:**", 1)[1].split("\n\n", 1)[0]
    assert third in merged and NEW in merged, merged
    assert "from 2 research items" in prepared.proposal.body, prepared.proposal.body
    assert "### Side effects (other items)" not in prepared.proposal.body, prepared.proposal.body


def test_a_merged_item_s_own_warnings_are_in_needs_attention_and_an_untouched_item_s_are_not(tmp_path: Path) -> None:
    """qa142's leftover (qa143): a merged item's own build warnings (its file:line problems) were
    annotations on main's push run only; the graph PR, the one thing a reviewer reads, never named
    them.  Needs attention now lists each merged item's warnings at its line, bounded like every line;
    an item the change did not touch keeps its old warnings out of the body."""
    third = "2026-03-01-third-study"
    _checkout(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS, front="confidence: shaky\n")})
    _build_and_commit(tmp_path, "one item with a warning of its own, built")
    folder = tmp_path / "Research" / "completed"
    (folder / f"{third}.md").write_text(item_text("Third study", "2026-03-01", ("Tags suffice.",),
                                                  front="confidence: wobbly\n"), encoding="utf-8")
    prepared = _prepare_committed(tmp_path, "add an item with a warning")
    head = prepared.proposal.body.split("**Needs attention**", 1)[1].split("\n\n**", 1)[0]
    assert "1 build warning of a merged item" in head, head
    assert f"`Research/completed/{third}.md:5`" in head and "wobbly" in head, head
    assert "shaky" not in prepared.proposal.body and OLD not in head, head
