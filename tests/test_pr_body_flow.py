"""The PR body through the real flow (real git, the example repo): the merged item is linked at
the merge commit and on the site, its dangling cite is in the body, the size line is there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from research_checkout import git, research_checkout

from kgsync import config as config_module
from kgsync.publish.git_branch import GitCheckout
from kgsync.merge import Manifest
from kgsync.model import Facts
from kgsync.publish.pr_body import VocabularyGroup
from kgsync.publish.proposal import _hub_events, prepare

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
    assert "new dangling cites (1)" in body and "2025-01-01-not-here" in body
    assert "JSONL bytes" in body and "Graph: " in body
    # Other items moved only as side effects, after the merged item.
    if "### Side effects" in body:
        assert body.index(f"#### {SLUG}") < body.index("### Side effects")


def test_hub_events_come_from_the_hubs_both_manifests_record() -> None:
    before = {"a": Facts(entities=(("item:a", "research_item"), ("concept:retrieval", "concept"))),
              "b": Facts(entities=(("item:b", "research_item"),), observations=(("item:b", "summary: on retrieval"),)),
              "c": Facts(entities=(("item:c", "research_item"),))}
    after = {**before, "a": Facts(entities=(("item:a", "research_item"),))}
    [event] = _hub_events(Manifest(before), Manifest(after, hubs=("retrieval",)))
    assert event == VocabularyGroup("hub entered: retrieval", ("a", "b"))
    assert _hub_events(None, Manifest(after, hubs=("retrieval",))) == ()  # no base manifest: no event claimed
    assert _hub_events(Manifest(after, hubs=("retrieval",)), Manifest(after, hubs=("retrieval",))) == ()
