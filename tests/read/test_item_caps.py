"""Caps on every list an item controls: past one, the item is an error at its line with the
fix, it keeps its previous nodes, the other items build, and the site stays small."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from kgsync.cli.main import cli
from kgsync.contract import jsonl
from kgsync.graph.manifest import load_manifest, manifest_path
from kgsync.read.config import Caps
from kgsync.read.item_caps import cap_problems
from kgsync.read.items import read_item_bytes


def _items(repo: Path) -> list[Path]:
    return sorted(p for p in (repo / "Research" / "completed").glob("*.md") if p.name != "README.md")


def test_a_100000_theme_item_is_an_error_at_its_line_and_builds_nothing_from_the_list(repo: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["build", "--root", str(repo), "-q"]).exit_code == 0
    graph_file = repo / "memory.jsonl"
    before = load_manifest(manifest_path(graph_file))
    assert before is not None
    victim, other = _items(repo)[0], _items(repo)[1]
    text = victim.read_text(encoding="utf-8")
    themes = "[" + ", ".join(f"theme-{n}" for n in range(100_000)) + "]"
    text, count = re.subn(r"(?m)^themes:.*$", lambda _: f"themes: {themes}", text, count=1)
    assert count == 1
    victim.write_text(text, encoding="utf-8")
    other.write_text(re.sub(r"(?m)^title:.*$", "title: A renamed item", other.read_text(encoding="utf-8"), count=1),
                     encoding="utf-8")

    built = runner.invoke(cli, ["build", "--root", str(repo)])

    assert built.exit_code == 1, built.output
    line = text[: text.index("themes: [theme-0")].count("\n") + 1
    where = f"{victim.relative_to(repo).as_posix()}:{line}"
    # Too long for YAML to be asked to build it (an object per entry): refused before it is read.
    assert f"{where}: error: themes: frontmatter is " in built.output, built.output
    assert "caps: in kgsync.yml" in built.output
    graph = jsonl.read(graph_file)
    after = load_manifest(manifest_path(graph_file))
    assert after is not None
    assert after.by_item[victim.stem] == before.by_item[victim.stem]  # nothing of it lost or added
    assert not any("theme-5" in o for e in graph.entities for o in e.observations)
    assert after.by_item[other.stem] != before.by_item[other.stem]  # the others still build

    project = repo / "site-project"
    site = runner.invoke(cli, ["site", "--root", str(repo), "-q", "--no-build", "--project", str(project)])
    assert site.exit_code == 0, site.output
    assert len(list(project.rglob("*.md"))) < 200


def test_a_1000_theme_item_is_an_error_at_the_themes_line_with_the_cap() -> None:
    themes = "[" + ", ".join(f"theme-{n}" for n in range(1_000)) + "]"
    item, _ = read_item_bytes(f"---\ntitle: T\nthemes: {themes}\n---\n\n# T\n".encode(), "r/x.md", "x")
    assert item is not None
    [problem] = cap_problems(item, Caps())
    assert problem.render().startswith("r/x.md:3: error: themes: 1,000 themes, over the cap of 30;")
    assert "raise caps.themes in kgsync.yml" in problem.render()


def test_every_list_an_item_controls_has_a_cap_with_its_line() -> None:
    caps = Caps(themes=2, cites=1, sources=1, findings=2)
    text = ("---\ntitle: T\nthemes: [a, b, c]\ncites: [p, q]\nrelated: [p, q]\nsupersedes: [p, q]\n"
            "superseded_by: [p, q]\n---\n\n# T\n\n## Key Findings\n\n1. One.\n2. Two.\n3. Three.\n\n"
            "## Sources\n\n- https://a.org/1\n- https://a.org/2\n")
    item, _ = read_item_bytes(text.encode(), "r/x.md", "x")
    assert item is not None
    found = {issue.message.split(":")[0]: issue for issue in cap_problems(item, caps)}
    assert {name: issue.location.line for name, issue in found.items()} == {
        "themes": 3, "cites": 4, "related": 5, "supersedes": 6, "superseded_by": 7, "Key Findings": 16,
        "sources": 18}
    assert "caps.cites" in found["related"].hint and "caps.findings" in found["Key Findings"].hint
    assert cap_problems(item, Caps()) == ()


def test_an_item_past_the_observations_cap_on_one_node_is_an_error_and_keeps_its_nodes(repo: Path) -> None:
    """The cap that covers what no other list does: one item's observations on one node."""
    runner = CliRunner()
    assert runner.invoke(cli, ["build", "--root", str(repo), "-q"]).exit_code == 0
    graph_file = repo / "memory.jsonl"
    before = load_manifest(manifest_path(graph_file))
    assert before is not None
    victim = _items(repo)[0]
    text = victim.read_text(encoding="utf-8")
    themes = ", ".join(f"extra-theme-{n}" for n in range(20))
    victim.write_text(re.sub(r"(?m)^themes: \[", f"themes: [{themes}, ", text, count=1), encoding="utf-8")
    config = repo / "kgsync.yml"
    config.write_text(config.read_text(encoding="utf-8") + "caps:\n  observations: 25\n", encoding="utf-8")

    built = runner.invoke(cli, ["build", "--root", str(repo)])

    assert built.exit_code == 1, built.output
    where = f"{victim.relative_to(repo).as_posix()}:1"
    assert re.search(rf"{re.escape(where)}: error: makes \d+ observations on item:{victim.stem}, over the cap of 25",
                     built.output), built.output
    after = load_manifest(manifest_path(graph_file))
    assert after is not None and after.by_item[victim.stem] == before.by_item[victim.stem]
    assert set(after.by_item) == set(before.by_item)
