"""The PR body through the real flow (real git, the example repo): the merged item is linked at
the merge commit and on the site, its dangling cite is in the body, the size line is there."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.github_standin import GitHubStandIn
from tests.research_checkout import git, research_checkout

from kgsync.extract.findings import MAX_STATEMENT, statement_of
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.truncation import body_length
from kgsync.read.items import KeyFinding, read_item_bytes
from tests.pr_command import REPO, TOKEN, kgsync_pr

from kgsync.read import config as config_module
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.graph.manifest import Manifest
from kgsync.contract.model import Facts
from kgsync.publish.proposal import Prepared, prepare

SLUG = "2026-06-01-a-merged-item"


def test_an_added_item_is_linked_at_the_merge_commit_with_its_dangling_cite(tmp_path: Path) -> None:
    work, _remote = research_checkout(tmp_path)
    config_file = work / "kgsync.yml"
    config_file.write_text(config_file.read_text(encoding="utf-8")
                           + "  repo: lab/research\n  url: https://lab.github.io/research/\n", encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "kgsync", "build"], cwd=work, capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stderr
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "graph")
    # The merge: one new item, citing an item that is not there.
    source = sorted((work / "Research" / "completed").glob("2026-*.md"))[0]
    text = source.read_text(encoding="utf-8").replace("cites: []", "cites: [2025-01-01-not-here]", 1)
    text = text.replace('title: "', 'title: "Merged: ', 1)
    (work / "Research" / "completed" / f"{SLUG}.md").write_text(text, encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "merge one item")
    sha = git(work, "rev-parse", "HEAD").strip()

    cfg = config_module.load(work)
    prepared = prepare(cfg, checkout=GitCheckout(work), base_sha=sha, title=None, labels=(), write=False)
    body = prepared.rendered.full_text
    file_url = f"https://github.com/lab/research/blob/{sha}/examples/research-repo/Research/completed/{SLUG}.md"
    assert f"[item file]({file_url})" in body
    assert f"[site page](https://lab.github.io/research/items/{SLUG}/)" in body
    assert "### Merged items (1)" in body and f"#### {SLUG}" in body
    assert body.index("**Merged:**") < body.index("| entity type |")
    assert "- 1 new dangling cite (fix: correct the slug, or drop it if the item was removed):\n" in body
    assert "2025-01-01-not-here" in body
    assert "JSONL bytes" in body and "Graph: " in body
    # Other items moved only as side effects, after the merged item.
    if "### Side effects" in body:
        assert body.index(f"#### {SLUG}") < body.index("### Side effects")


def _committed_example(tmp_path: Path, config_lines: str) -> Path:
    work, _remote = research_checkout(tmp_path)
    config_file = work / "kgsync.yml"
    config_file.write_text(config_file.read_text(encoding="utf-8") + config_lines, encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "kgsync", "build"], cwd=work, capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stderr
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "graph")
    return work


def test_a_theme_on_more_items_moves_no_other_item(tmp_path: Path) -> None:
    """Three of the 12 items carry memory-context (or its alias agent-memory).  A 13th item
    carrying it puts it on 4 of 13: no share decides a theme's node, so the three keep its
    concept and no side effect names it (the old max_theme_share of 0.25 is accepted and ignored)."""
    work = _committed_example(tmp_path, "mining:\n  max_theme_share: 0.25\n")
    folder = work / "Research" / "completed"
    carriers = sorted(p.stem for p in folder.glob("*.md")
                      if re.search(r"^themes:.*(memory-context|agent-memory)", p.read_text(encoding="utf-8"), re.M))
    assert len(carriers) == 3
    text = (folder / f"{carriers[0]}.md").read_text(encoding="utf-8").replace('title: "', 'title: "Third: ', 1)
    (folder / f"{SLUG}.md").write_text(text, encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "merge one item")
    sha = git(work, "rev-parse", "HEAD").strip()
    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    body = prepared.rendered.full_text
    assert f"#### {SLUG}" in body
    side_effects = body[body.index("### Side effects"):] if "### Side effects" in body else ""
    assert "concept:memory-context" not in side_effects and "theme is a hub" not in body


def test_removing_agent_written_content_and_a_forged_manifest_credit_are_needs_attention_lines(
        tmp_path: Path) -> None:
    """The base holds an agent's observation (no manifest entry credits it) and a forged credit: the
    change deletes the first by hand; both are Needs attention lines, the credited fact is kept."""
    from kgsync.contract import jsonl
    from kgsync.contract.model import Entity, Graph
    from kgsync.graph.manifest import load_manifest

    work = _committed_example(tmp_path, "")
    graph_file, manifest_file = work / "memory.jsonl", work / "memory.kgsync.json"
    manifest = load_manifest(manifest_file)
    assert manifest is not None
    slug = sorted(manifest.by_item)[0]
    kept, dropped = "note: forged credit kept", "note: verified by the agent"

    def with_notes(graph: Graph, notes: tuple[str, ...]) -> Graph:
        return Graph(tuple(Entity(e.name, e.entity_type, e.observations + notes) if e.name == f"item:{slug}" else e
                           for e in graph.entities), graph.relations)

    committed = jsonl.read(graph_file)
    graph_file.write_text(jsonl.dumps(with_notes(committed, (kept, dropped))), encoding="utf-8")
    own = manifest.by_item[slug]
    forged = Facts(own.entities, own.observations + ((f"item:{slug}", kept),), own.relations, own.evidence)
    manifest_file.write_text(Manifest({**manifest.by_item, slug: forged}).dumps(), encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "an agent's notes; a forged manifest credit")
    sha = git(work, "rev-parse", "HEAD").strip()
    graph_file.write_text(jsonl.dumps(with_notes(committed, (kept,))), encoding="utf-8")  # deleted by hand

    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    head = prepared.rendered.text.split("\n## ", 1)[0]
    assert "**Needs attention**" in head
    assert f"- 1 removed fact added by hand or by an agent:\n  - `item:{slug}: {dropped}`" in head, head
    assert f"- 1 manifest credit no build writes (kept as hand-added):\n  - `{slug}: item:{slug}: {kept}`" in head, head


def _built_and_pushed(tmp_path: Path, prepare_items: Callable[[Path], None] = lambda folder: None) -> Path:
    """The example repo on main with its graph built and committed, as after a merged kgsync PR."""
    work, _remote = research_checkout(tmp_path)
    prepare_items(work / "Research" / "completed")
    built = subprocess.run([sys.executable, "-m", "kgsync", "build"], cwd=work, capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stderr
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "graph")
    git(work, "push", "-q", "origin", "main")
    return work


def _commit(work: Path, message: str) -> str:
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", message)
    git(work, "push", "-q", "origin", "main")
    return git(work, "rev-parse", "HEAD").strip()


def _long_finding(folder: Path) -> tuple[Path, KeyFinding, str]:
    """An item file, a Key Finding whose statement the graph stores cut short, and that whole statement."""
    for path in sorted(folder.glob("2026-*.md")):
        item, _ = read_item_bytes(path.read_bytes(), path.name, path.stem)
        assert item is not None
        for finding in item.key_findings:
            whole = statement_of(finding, None)
            if len(whole) > MAX_STATEMENT + 40 and whole.split()[1] in finding.text:
                return path, finding, whole
    raise AssertionError("the example repo has no finding longer than the stored statement")


@pytest.mark.parametrize("written", ["2025-01-01-not-here", "../old/2025-01-01-not-here.md"])
def test_an_old_dangling_cite_is_not_new_and_a_reworded_finding_is_diffed_whole(tmp_path: Path, written: str) -> None:
    """An item cited a missing item before; a later edit rewords one of its long findings.  The
    dangling cite is not "new" (the base graph was built with it), written as a slug or as a path
    (its warning quotes the path), and the rewording is one word
    diff over the whole statement, labelled with its Key Finding number (not over the 160 stored
    characters, where the cut itself shows as a change)."""
    found: dict[str, object] = {}

    def cite_missing(folder: Path) -> None:
        path, finding, whole = _long_finding(folder)
        found.update(path=path, finding=finding, whole=whole)
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"^cites: \[", f"cites: [{written}, ", text, count=1, flags=re.M)
        path.write_text(re.sub(r"^cites: \[, ", "cites: [", text, flags=re.M), encoding="utf-8")

    work = _built_and_pushed(tmp_path, cite_missing)
    path, finding, whole = found["path"], found["finding"], found["whole"]
    assert isinstance(path, Path) and isinstance(finding, KeyFinding) and isinstance(whole, str)
    word = whole.split()[1]
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[finding.line - 1] = lines[finding.line - 1].replace(word, "Reportedly", 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    sha = _commit(work, "reword one finding")

    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    body = prepared.proposal.body
    assert "new dangling cite" not in body, body[:1500]  # the old cite is not new: no line
    assert "2025-01-01-not-here" not in body.split("**Merged:**")[0]
    [line] = [x for x in body.splitlines() if "reworded:" in x]
    assert line.startswith(f"  - Key Finding {finding.number}, reworded: ")
    assert line.count("~~") == 2 and "**Reportedly**" in line  # one change: the word, not the cut
    assert "…" not in line and whole.split()[-1].rstrip(".") in line  # the statement whole, to its end
    assert prepared.proposal.title.startswith("Update ") and "1 claim reworded" in prepared.proposal.title


def test_a_finding_reworded_past_the_cut_is_proposed_as_a_manifest_change_titled_so(tmp_path: Path) -> None:
    """Reworded only past the 160 stored characters, a finding changes no node: only the manifest's whole
    statement.  The PR carries the manifest (else the committed record stays stale until another PR), and
    says why it exists: the title names the record, the body says the graph does not change."""
    work = _built_and_pushed(tmp_path)
    path, finding, whole = _long_finding(work / "Research" / "completed")
    last = whole.split()[-1]
    lines = path.read_text(encoding="utf-8").split("\n")
    head, _, tail = lines[finding.line - 1].rpartition(last)
    lines[finding.line - 1] = f"{head}notably {last}{tail}"
    path.write_text("\n".join(lines), encoding="utf-8")
    sha = _commit(work, "reword one finding past the cut")
    checkout = GitCheckout(work)
    prepared = prepare(config_module.load(work), checkout=checkout, base_sha=sha, title=None, labels=(), write=True)
    changed = sorted(name for name, data in prepared.proposal.files.items() if checkout.blob(sha, name) != data)
    assert changed == ["memory.kgsync.json"], changed
    assert prepared.proposal.title == "Record 1 finding reworded past the cut (no graph change)"
    assert (f"**No change to the graph.** Its manifest records anew:\n- {path.stem}: Key Finding {finding.number}, "
            "reworded past the 160 characters the graph stores\n") in prepared.proposal.body


def _removing(work: Path, slug: str) -> Prepared:
    """The PR kgsync prepares (not written) for a commit that removes one item."""
    (work / "Research" / "completed" / f"{slug}.md").unlink()
    sha = _commit(work, "remove one item")
    return prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                   write=False)


def test_a_concept_another_item_still_links_stays_after_a_delete(tmp_path: Path) -> None:
    """method:hybrid-retrieval is linked by two items; deleting one leaves the other's link (the
    manifest's ``terms``: a delete retires only what no remaining item uses, issue 21), so the PR
    names no lost node and no side effect on the other item."""
    work = _built_and_pushed(tmp_path)
    gone = "2026-01-29-hybrid-retrieval-bm25-dense"
    prepared = _removing(work, gone)
    body = prepared.proposal.body
    head = body.split("**Removed:**", 1)[0]  # Needs attention
    assert "`method:hybrid-retrieval`" not in head and "removed concept" not in body, body[:2000]
    assert "- `method:hybrid-retrieval` — " not in body  # no removed node of that name anywhere
    assert "item:2026-02-12-evaluating-retrieval-quality` —uses_method→" not in body
    assert f"**Removed:**\n- {gone} — " in body


def test_a_kept_node_whose_last_item_stops_naming_it_is_not_said_below_min_links(tmp_path: Path) -> None:
    """After the delete above, method:hybrid-retrieval stands on one item (the manifest's terms keep
    it).  That item is then edited and names it no more: the node goes because no item links it,
    not for being below mining.min_links (one link would have kept it), so the PR says that and
    does not send the maintainer to pin it."""
    work = _built_and_pushed(tmp_path)
    (work / "Research" / "completed" / "2026-01-29-hybrid-retrieval-bm25-dense.md").unlink()
    built = subprocess.run([sys.executable, "-m", "kgsync", "build", "-q"], cwd=work, capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stderr
    assert '"name":"method:hybrid-retrieval"' in (work / "memory.jsonl").read_text(encoding="utf-8")
    _commit(work, "one item removed, its graph")
    item = work / "Research" / "completed" / "2026-02-12-evaluating-retrieval-quality.md"
    item.write_text(re.sub(r"(?i)hybrid retrieval", "a fallback", item.read_text(encoding="utf-8")), encoding="utf-8")
    sha = _commit(work, "the last item naming it no longer does")
    body = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                   write=False).proposal.body
    line = next(line for line in body.splitlines() if line.startswith("  - `method:hybrid-retrieval` — "))
    assert "(min 2)" not in line and "pin it" not in line, line
    assert line == ("  - `method:hybrid-retrieval` — no item names it any more (a node stays while one item links "
                    "it); nothing to fix, unless an edit dropped it by mistake: name it in an item again"), line


def test_a_lost_concept_says_why_and_how_to_keep_it(tmp_path: Path) -> None:
    """The same delete over a graph an older kgsync built (its manifest records no ``terms``): the
    node falls below mining.min_links (2), so Needs attention names it with the reason and the fix,
    and the other item's lost link is among the side effects."""
    work = _built_and_pushed(tmp_path)
    manifest = work / "memory.kgsync.json"
    head, rest = manifest.read_text(encoding="utf-8").split("\n", 1)
    older = re.sub(r'"terms": \[[^]]*\], ', "", head)
    assert older != head
    manifest.write_text(older + "\n" + rest, encoding="utf-8")
    _commit(work, "graph of an older kgsync")
    gone = "2026-01-29-hybrid-retrieval-bm25-dense"
    prepared = _removing(work, gone)
    body = prepared.proposal.body
    reason, fix = "1 linking item left (min 2)", "pin it in kgsync-vocab.yml to keep it"
    assert f"  - `method:hybrid-retrieval` — {reason}; {fix}\n" in body, body[:2000]
    assert f"**Removed:**\n- {gone} — " in body and "**Merged:**" not in body
    # The other item's lost link is shown among the side effects (under the first event that moved
    # that item: here a theme that became a concept), each event with its reason and fix.
    effects = body.split("### Side effects", 1)[1]
    assert "- `item:2026-02-12-evaluating-retrieval-quality` —uses_method→ `method:hybrid-retrieval`" in effects
    assert "- Why: " in effects and "- Fix: " in effects
    assert prepared.proposal.title.startswith("Remove ")


def _contrarian(folder: Path, sentences_per_finding: int = 55) -> str:
    """An item whose four findings state ~220 contradictions of other items' Key Findings (by markers: prose
    writes no stance)."""
    others = sorted(p.stem for p in folder.glob("2026-*.md"))
    source = (folder / f"{others[1]}.md").read_text(encoding="utf-8")
    head, _, rest = source.partition("## Key Findings")
    tail = rest.partition("\n## ")[2]
    targets = [(o, k) for o in others for k in range(1, 6)][:sentences_per_finding]
    findings = [f"{n + 1}. **Finding {n} of the contrarian study holds.** " + " ".join(
        f"Result {n}-{i} differs on {o[11:]} point {k}, which contradicts `{o}.md` Key Finding {k} "
        f"[contradicts: {o} KF{k}]."
        for i, (o, k) in enumerate(targets)) for n in range(4)]
    slug = "2026-06-02-contrarian"
    text = head.replace('title: "', 'title: "Contrarian: ', 1) + "## Key Findings\n\n" + "\n".join(findings) + "\n\n## " + tail
    (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    return slug


@pytest.mark.slow
def test_one_item_full_of_contradictions_cannot_blank_the_pr_head(tmp_path: Path) -> None:
    """Issue 23.1 through the real parts (git with a bare remote, `kgsync pr`, PyGithub against the
    stand-in): one item states ~220 contradictions and another item is deleted in the same change.
    The head keeps its fixed budget: the counts, Needs attention (each list capped with "and N more"
    and a pointer to the job summary) and the removed item are in the body, which is within
    GitHub's limit and not cut; the job summary lists every contradiction."""
    work = _built_and_pushed(tmp_path)
    folder = work / "Research" / "completed"
    slug = _contrarian(folder)
    gone = "2026-01-22-graphrag-community-summaries"
    (folder / f"{gone}.md").unlink()
    _commit(work, "a contrarian item, and one item removed")
    remote = tmp_path / "remote.git"
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        proc = kgsync_pr(work, gh.api_url)
        assert proc.returncode in (0, 1), proc.stderr
        [pr] = gh.open_pulls()
    body = pr.body
    summary = (work.parent / "summary").read_text(encoding="utf-8")
    assert body_length(body) <= GITHUB_BODY_LIMIT
    assert body.startswith("**Needs attention**\n")  # the head, not the truncation notice alone
    count = int(re.search(r"^- (\d+) new contradictions:$", body, re.M).group(1))  # type: ignore[union-attr]
    assert count > 100
    assert f"  - and {count - 10} more\n" in body and "Each list above shows its first 10 entries." in body
    hint = body.split("Each list above shows")[1].split("\n")[0]
    assert "job summary" in hint
    # and the command that prints the whole report from this repository's branches and graph, not
    # "kgsync diff OLD NEW" (which OLD, which NEW?)
    assert "OLD NEW" not in hint and "git worktree add --detach ../kgsync-new origin/kgsync/graph-update" in hint
    assert "kgsync diff ../kgsync-old/memory.jsonl ../kgsync-new/memory.jsonl --limit 0" in hint
    assert f"**Removed:**\n- {gone} — " in body and f"- 1 removed research item:\n  - `item:{gone}`" in body
    assert f"**Merged:**\n- {slug} — " in body, body.split("\n### ", 1)[0]
    assert re.search(r"\*\*\d+ added, \d+ removed, \d+ changed nodes; \d+ added, \d+ removed relations\*\*", body)
    head = body.split("\n### ", 1)[0]
    assert body_length(head) < 20_000  # a fixed budget, whatever one item holds
    # The job summary (the full report) lists every one, each with its sentence.
    full_head = summary.split("\n### ", 1)[0]
    assert full_head.count("—contradicts→") == count and "Each list above shows" not in full_head


def test_a_shallow_clone_diffs_a_reworded_finding_whole_from_the_base_manifest(tmp_path: Path) -> None:
    """The Action's checkout is shallow (depth 1): the commit that last wrote the graph is not
    there, so the old item text is in no file git has.  The committed manifest keeps each cut
    claim's whole statement and the slugs each item names, so the word diff still runs over the
    whole finding and changes one word, and the item's old dangling cite is not "new"; the
    merged item is still the reworded one (the title says so)."""
    work = _built_and_pushed(tmp_path, _cite_missing)
    path, finding, whole = _long_finding(work / "Research" / "completed")
    word = whole.split()[1]
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[finding.line - 1] = lines[finding.line - 1].replace(word, "Reportedly", 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    _commit(work, "reword one finding")
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", (tmp_path / "remote.git").as_uri(), str(shallow)], check=True)
    assert git(shallow, "rev-parse", "--is-shallow-repository").strip() == "true"
    checkout = GitCheckout(shallow)
    assert checkout.is_shallow() and not GitCheckout(work).is_shallow()

    prepared = prepare(config_module.load(shallow), checkout=checkout, base_sha=checkout.head(), title=None,
                       labels=(), write=False)
    body = prepared.proposal.body
    [line] = [x for x in body.splitlines() if "reworded:" in x]
    assert line.startswith(f"  - Key Finding {finding.number}, reworded: "), line
    assert line.count("~~") == 2 and "**Reportedly**" in line  # the word, not the cut
    assert "…" not in line and whole.split()[-1].rstrip(".") in line
    assert prepared.proposal.title.startswith("Update ") and "1 claim reworded" in prepared.proposal.title
    assert f"**Merged:**\n- {path.stem} — " in body
    assert "new dangling cite" not in body and "2025-01-01-not-here" not in body.split("**Merged:**")[0]


def _cite_missing(folder: Path) -> None:
    """The item with a long finding cites an item that is not there (before any graph is built)."""
    path, _finding, _whole = _long_finding(folder)
    text = re.sub(r"^cites: \[", "cites: [2025-01-01-not-here, ", path.read_text(encoding="utf-8"), count=1, flags=re.M)
    path.write_text(re.sub(r"^cites: \[, ", "cites: [", text, flags=re.M), encoding="utf-8")


def test_a_shallow_clone_with_an_older_base_manifest_fetches_the_history_it_needs(tmp_path: Path) -> None:
    """The base manifest was written before it recorded what each item names and each cut
    finding's whole statement (an older kgsync): in a depth-1 clone neither the manifest nor git
    says whether the item's dangling cite is old.  The PR fetches just enough history from the
    remote to read the item as the base graph was built from it: the old cite is not "new", the
    reworded finding is diffed whole; a cite this change adds is new."""
    def older_history(folder: Path) -> None:  # a repository with history before the graph
        _cite_missing(folder)
        work = folder.parent.parent
        for n in range(12):
            (work / "NOTES.md").write_text(f"old {n}\n", encoding="utf-8")
            git(work, "add", "NOTES.md")
            git(work, "commit", "-q", "-m", f"old notes {n}")

    work = _built_and_pushed(tmp_path, older_history)
    _drop_manifest_records(work)
    path, finding, whole = _long_finding(work / "Research" / "completed")
    word = whole.split()[1]
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[finding.line - 1] = lines[finding.line - 1].replace(word, "Reportedly", 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    _commit(work, "an unrelated commit")  # the graph was written two commits before the base
    for _ in range(3):
        (work / "NOTES.md").write_text(f"{_}\n", encoding="utf-8")
        _commit(work, f"notes {_}")
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", (tmp_path / "remote.git").as_uri(), str(shallow)], check=True)
    checkout = GitCheckout(shallow)
    assert checkout.is_shallow()

    prepared = prepare(config_module.load(shallow), checkout=checkout, base_sha=checkout.head(), title=None,
                       labels=(), write=False)
    body = prepared.proposal.body
    assert "new dangling cite" not in body, body[:1500]  # the old cite is not new: no line
    assert "2025-01-01-not-here" not in body.split("**Merged:**")[0]
    [line] = [x for x in body.splitlines() if "reworded:" in x]
    assert line.startswith(f"  - Key Finding {finding.number}, reworded: "), line
    assert line.count("~~") == 2 and "**Reportedly**" in line and "…" not in line  # whole, one word changed
    # Only the history it needed, not the whole repository's.
    assert checkout.is_shallow() and int(git(shallow, "rev-list", "--count", "HEAD")) < int(
        git(work, "rev-list", "--count", "HEAD"))

    # The same older manifest, and this change adds a second missing cite: that one is new.
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^cites: \[", "cites: [2025-02-02-also-missing, ", text, count=1, flags=re.M),
                    encoding="utf-8")
    _commit(work, "cite another missing item")
    again = tmp_path / "again"
    subprocess.run(["git", "clone", "-q", "--depth", "1", (tmp_path / "remote.git").as_uri(), str(again)], check=True)
    checkout = GitCheckout(again)
    prepared = prepare(config_module.load(again), checkout=checkout, base_sha=checkout.head(), title=None,
                       labels=(), write=False)
    head = prepared.proposal.body.split("**Merged:**")[0]
    assert "- 1 new dangling cite (fix: " in head and "2025-02-02-also-missing" in head, head
    assert "2025-01-01-not-here" not in head


@pytest.mark.parametrize(("older", "shallow"), [(False, False), (True, False), (True, True)],
                         ids=["manifest-record", "older-manifest", "older-manifest-depth-1"])
def test_a_dangling_cite_an_edit_adds_is_new_though_the_graph_does_not_change(
        tmp_path: Path, older: bool, shallow: bool) -> None:
    """An edit that only adds a cite of a missing item changes no node (the graph cannot show the
    cite), so the item is in no diff: the base manifest's record still tells the cite is new;
    an older manifest without the record asks git which files the change touched (a depth-1
    clone fetching that history first).  The item's old missing cite stays old."""
    work = _built_and_pushed(tmp_path, _cite_missing)
    if older:
        _drop_manifest_records(work)
    path, _finding, _whole = _long_finding(work / "Research" / "completed")
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^cites: \[", "cites: [2025-12-01-missing-survey, ", text, count=1, flags=re.M),
                    encoding="utf-8")
    sha = _commit(work, "cite a missing survey")
    checkout = GitCheckout(work)
    if shallow:
        clone = tmp_path / "shallow"
        subprocess.run(["git", "clone", "-q", "--depth", "1", (tmp_path / "remote.git").as_uri(), str(clone)],
                       check=True)
        checkout, work = GitCheckout(clone), clone
        sha = checkout.head()
    prepared = prepare(config_module.load(work), checkout=checkout, base_sha=sha, title=None, labels=(), write=False)
    head = prepared.proposal.body.split("**No change to the graph.**")[0]
    line = text.split("\n").index(next(row for row in text.split("\n") if row.startswith("cites: ["))) + 1
    # At the cites: line (it was line 2, the frontmatter's first, wherever cites: was).
    assert "- 1 new dangling cite (fix: " in head and f"{path.name}:{line}` — cites names '2025-12-01-missing-survey'" in head
    assert "2025-01-01-not-here" not in head, head


def _drop_manifest_records(work: Path) -> None:
    """Rewrite the committed manifest as an older kgsync wrote it: no record of what each item
    names, nor of cut findings' whole statements."""
    manifest_file = work / "memory.kgsync.json"
    manifest = Manifest.loads(manifest_file.read_text(encoding="utf-8"), "manifest")
    assert manifest.named and manifest.statements  # what the older manifest lacks
    older = Manifest(manifest.by_item, hubs=manifest.hubs, themes=manifest.themes, merges=manifest.merges,
                     acronyms=manifest.acronyms, topics=manifest.topics)
    manifest_file.write_text(older.dumps(), encoding="utf-8")
    _commit(work, "graph by an older kgsync")




def test_a_git_mv_with_an_edited_finding_is_one_rename_with_the_old_nodes_hand_facts_named(tmp_path: Path) -> None:
    """The item file is moved to a new slug and one finding reworded in the same merge; an agent
    had added a fact to the old item node.  The body says the rename once, pairs the claims, and
    names the fact left on the old node with how to carry it over (the graph is as before: slug
    is identity)."""
    from kgsync.contract import jsonl
    from kgsync.contract.model import Entity, Graph

    work = _built_and_pushed(tmp_path)
    old_slug = "2026-01-22-graphrag-community-summaries"
    new_slug = f"{old_slug}-global"
    graph_file = work / "memory.jsonl"
    note = "note: checked against the paper by an agent"
    graph = jsonl.read(graph_file)
    graph_file.write_text(jsonl.dumps(Graph(tuple(
        Entity(e.name, e.entity_type, e.observations + (note,)) if e.name == f"item:{old_slug}" else e
        for e in graph.entities), graph.relations)), encoding="utf-8")
    _commit(work, "an agent's note")
    folder = work / "Research" / "completed"
    git(work, "mv", str(folder / f"{old_slug}.md"), str(folder / f"{new_slug}.md"))
    path = folder / f"{new_slug}.md"
    text = path.read_text(encoding="utf-8")
    assert "summarising Leiden communities" in text
    path.write_text(text.replace("summarising Leiden communities", "summarising the Leiden communities"),
                    encoding="utf-8")
    sha = _commit(work, "rename the item, reword a finding")

    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    body = prepared.proposal.body
    assert body.count(f"renamed from `item:{old_slug}` to `item:{new_slug}` (the same title; 3 claims") == 1, body
    assert f"`item:{old_slug}: {note}`" in body and f"move it to item:{new_slug}" in body, body
    assert "removed research item" not in body and "Removed claims" not in body and "New claims" not in body, body
    assert "summarising **the** Leiden" in body, body


@pytest.mark.parametrize("same_commit", [True, False], ids=["beside-the-merge", "after-the-merge"])
def test_an_agent_s_write_to_the_graph_leaves_the_merged_item_merged(tmp_path: Path, same_commit: bool) -> None:
    """The reviewer's pass: an agent appended a node and a relation to memory.jsonl in the commit
    that merged an item (or in a later one, before the Action ran).  The commit that last changed
    the graph was then the agent's, so git said no item file changed since "the graph was built":
    the PR was titled "kgsync: knowledge graph update", "from 0 research items", with no Merged
    list and the new item filed under "Side effects (other items)".  Only kgsync writes the
    manifest (an agent or the memory server writes the graph alone): the last build is its commit."""
    work = _built_and_pushed(tmp_path)
    source = sorted((work / "Research" / "completed").glob("2026-*.md"))[0]
    text = source.read_text(encoding="utf-8").replace('title: "', 'title: "Merged: ', 1)
    (work / "Research" / "completed" / f"{SLUG}.md").write_text(text, encoding="utf-8")
    if not same_commit:
        _commit(work, "merge one item")
    graph_file = work / "memory.jsonl"
    agent = ('{"type":"entity","name":"concept:agent-note","entityType":"concept","observations":["by an agent"]}\n'
             f'{{"type":"relation","from":"item:{source.stem}","to":"concept:agent-note","relationType":"addresses"}}\n')
    graph_file.write_text(graph_file.read_text(encoding="utf-8").rstrip("\n") + "\n" + agent, encoding="utf-8")
    sha = _commit(work, "merge one item; an agent's node" if same_commit else "an agent's node")
    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    body = prepared.proposal.body
    assert prepared.proposal.title.startswith("Add Merged:"), prepared.proposal.title
    assert f"**Merged:**\n- {SLUG} — Merged: " in body, body[:2000]
    assert "from 1 research item" in body and f"#### {SLUG} (new item)" in body.split("### Side effects")[0]


def test_a_veto_s_pr_says_the_link_went_by_the_veto_and_how_to_restore_it(tmp_path: Path) -> None:
    """The reviewer's pass, batch 8: a reviewer vetoed an evidence link a PR had proposed.  The
    next PR was titled "kgsync: knowledge graph update", "from 0 research items", and filed the
    removed link under "Side effects (other items)": "it links a node a merged item created ...
    (in the merged item's section above)" over no merged item, "to undo it, change the merged
    item".  The veto file was named nowhere: neither why the link went nor how to restore it.  Its
    summary then still read "from 0 research items (1 other item moved as side effects)"."""
    work = _built_and_pushed(tmp_path)
    graph = (work / "memory.jsonl").read_text(encoding="utf-8")
    link = next(r for r in map(json.loads, graph.splitlines()) if r["type"] == "relation"
                and r["from"].startswith("claim:") and r["to"].startswith("claim:")
                and r["relationType"] in ("supports", "extends", "contradicts"))
    (work / "kgsync-veto.yml").write_text(f"vetoed:\n  - from: {link['from']}\n    to: {link['to']}\n"
                                           "    why: the sentence cites the finding as background\n", encoding="utf-8")
    sha = _commit(work, "veto a link")
    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    body, source = prepared.proposal.body, link["from"].split(":")[1]
    assert prepared.proposal.title == "Veto 1 evidence link", prepared.proposal.title
    assert "removed relations**, from a veto, no research item merged (1 item moved as its side effect).\n" in body, \
        body[:1500]
    assert "### Side effects (other items)" not in body and "change the merged item" not in body, body
    section = body.split("### Side effects: ", 1)[1].split("\n### ", 1)[0]
    assert section.startswith("vetoed in kgsync-veto.yml\n"), section
    assert "kgsync-veto.yml:2" in section and f"#### {source}" in section, section
    assert "- Fix: to restore it, delete its entry in kgsync-veto.yml" in section, section


def test_a_reworded_finding_other_items_links_cite_names_those_links_to_check(tmp_path: Path) -> None:
    """The reviewer's pass, batch 7: a Key Finding another item's evidence link cites (extends) was
    reworded.  The body showed the word diff and nothing else: the citing link does not change, so
    it is in no diff, and the reviewer could not tell that another item's link now rests on new
    words, nor how to undo it should they no longer hold."""
    work = _built_and_pushed(tmp_path)
    lines = [json.loads(line) for line in (work / "memory.jsonl").read_text(encoding="utf-8").splitlines()]
    statements = {e["name"]: o[len("title: "):] for e in lines if e["type"] == "entity"
                  for o in e["observations"] if o.startswith("title: ")}
    link = next(r for r in lines if r["type"] == "relation" and r["relationType"] in ("supports", "extends", "contradicts")
                and r["from"].startswith("claim:") and r["to"] in statements
                and r["from"].split(":")[1] != r["to"].split(":")[1])
    path = work / "Research" / "completed" / f"{link['to'].split(':')[1]}.md"
    text = path.read_text(encoding="utf-8")
    start = text.index(statements[link["to"]][:40])
    path.write_text(text[:start] + "Reportedly, " + text[start].lower() + text[start + 1:], encoding="utf-8")
    sha = _commit(work, "reword a cited finding")
    prepared = prepare(config_module.load(work), checkout=GitCheckout(work), base_sha=sha, title=None, labels=(),
                       write=False)
    head = prepared.proposal.body.split("**Merged:**")[0]
    assert "- 1 evidence link citing a reworded finding (check that it still holds; if not, veto it in " \
           "kgsync-veto.yml):\n" in head, head
    assert f"  - `{link['from']}` —{link['relationType']}→ `{link['to']}`" in head, head
