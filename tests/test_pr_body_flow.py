"""The PR body through the real flow (real git, the example repo): the merged item is linked at
the merge commit and on the site, its dangling cite is in the body, the size line is there."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from research_checkout import git, research_checkout

from kgsync.read import config as config_module
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.graph.merge import Manifest
from kgsync.contract.model import Facts
from kgsync.publish.pr.item_views import VocabularyGroup
from kgsync.publish.proposal import _vocabulary_groups, prepare

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


def test_a_theme_event_heads_the_side_effects_it_causes(tmp_path: Path) -> None:
    """Three of the 12 items carry memory-context (or its alias agent-memory): at a theme share
    of 0.25 it is a concept.  A 13th item carrying it makes it a hub (4 of 13): the three lose
    its concept, under that event's heading (the base commit's manifest and the new one record
    the discriminating themes)."""
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
    heading = "### Side effects: theme is a hub: memory-context"
    assert heading in body, body
    section = body[body.index(heading):]
    assert all(f"#### {slug}" in section for slug in carriers)
    assert "concept:memory-context" in section
    assert body.index(f"#### {SLUG}") < body.index(heading)


def test_vocabulary_groups_come_from_what_both_manifests_record() -> None:
    before = {"a": Facts(entities=(("item:a", "research_item"), ("concept:retrieval", "concept"))),
              "b": Facts(entities=(("item:b", "research_item"),), observations=(("item:b", "summary: on retrieval"),)),
              "c": Facts(entities=(("item:c", "research_item"),), observations=(("item:c", "tag:evals"),))}
    after = {**before, "a": Facts(entities=(("item:a", "research_item"),))}
    [event] = _vocabulary_groups(Manifest(before), Manifest(after, hubs=("retrieval",)))
    assert event == VocabularyGroup("hub entered: retrieval", ("a", "b"))
    assert _vocabulary_groups(None, Manifest(after, hubs=("retrieval",))) == ()  # no base manifest: no event claimed
    assert _vocabulary_groups(Manifest(after, hubs=("retrieval",)), Manifest(after, hubs=("retrieval",))) == ()
    [theme] = _vocabulary_groups(Manifest(after, themes=("evals",)), Manifest(after))
    assert theme == VocabularyGroup("theme is a hub: evals", ("c",))
    [merged] = _vocabulary_groups(Manifest(before), Manifest(before, merges=(("dense-retrieval", "retrieval"),)))
    assert merged == VocabularyGroup("merged into: dense-retrieval -> retrieval", ("a",))
    # a merge no item's facts name explains nothing: not shown
    assert _vocabulary_groups(Manifest(before), Manifest(before, merges=(("x-y", "y"),))) == ()

