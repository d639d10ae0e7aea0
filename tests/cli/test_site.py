"""kgsync site, the command: a missing graph is refused, the project rendered and built, a notice
when no repository is known, configuration errors exit 2."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from kgsync.contract import jsonl
from tests.site_fixture import sample


@pytest.mark.slow
def test_cli_refuses_a_missing_graph_rather_than_render_an_empty_site(tmp_path):
    from kgsync.cli.main import cli

    result = CliRunner().invoke(cli, ["site", "--root", str(tmp_path), "--graph", str(tmp_path / "nope.jsonl"),
                                      "--no-build"])
    assert result.exit_code == 2 and "nope.jsonl: graph file not found" in result.output
    assert not (tmp_path / "site").exists()


def test_cli_refuses_an_emptied_graph_beside_a_manifest_that_records_nodes(example_repo) -> None:  # noqa: ANN001
    # qa31: a graph file a crashed in-place writer emptied, beside the manifest that records 12 items: the build
    # refuses it, but `kgsync site` rendered 13 pages with no item (the site workflow would publish them).
    from kgsync.cli.main import cli

    (example_repo / "memory.jsonl").write_text("", encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", "--root", str(example_repo), "--no-build"])
    assert result.exit_code == 2, result.output
    assert "memory.jsonl holds no node, but memory.kgsync.json records the nodes of 12 item(s)" in result.output
    assert "fix: restore it from git" in result.output and not (example_repo / "site" / "docs").exists()


def test_cli_renders_and_builds(tmp_path, monkeypatch):
    from kgsync.cli.main import cli

    for name in ("GITHUB_REF_NAME", "GITHUB_HEAD_REF"):  # as in a pull-request run of CI: not this test's input
        monkeypatch.delenv(name, raising=False)

    graph, _ = sample()
    root = tmp_path / "repo"
    root.mkdir()
    jsonl.write(root / "memory.jsonl", graph)
    (root / "kgsync.yml").write_text("site:\n  title: My KB\n  repo: acme/kb\n", encoding="utf-8")
    items = root / "Research" / "completed"
    items.mkdir(parents=True)
    (items / "2026-01-01-rag-basics.md").write_text(
        "---\ntitle: Retrieval-augmented generation basics\ncompleted: 2026-01-01\n---\n\n# RAG\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["site", "--root", str(root), "--no-build"])
    assert result.exit_code == 0, result.output
    assert "no repository to link item files into" not in result.output  # site.repo is set
    assert (root / "site" / "mkdocs.yml").is_file()
    assert "My KB" in (root / "site" / "docs" / "index.md").read_text(encoding="utf-8")
    out = tmp_path / "html"
    result = runner.invoke(cli, ["site", "--root", str(root), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "index.html").is_file()
    assert "notice: no site.url" in result.output  # a project site's 404 page needs it
    item_page = (out / "items" / "2026-01-01-rag-basics" / "index.html").read_text("utf-8")
    assert 'href="https://github.com/acme/kb/blob/main/Research/completed/2026-01-01-rag-basics.md"' in item_page
    result = runner.invoke(cli, ["site", "--root", str(root), "--engine", "nope"])
    assert result.exit_code == 2
    (root / "kgsync.yml").write_text("site:\n  title: My KB\n", encoding="utf-8")  # no repository known
    result = runner.invoke(cli, ["site", "--root", str(root), "--no-build"])
    assert result.exit_code == 0 and "notice: no repository to link item files into" in result.output
    (root / "kgsync.yml").write_text("site:\n  titel: typo\n", encoding="utf-8")
    result = runner.invoke(cli, ["site", "--root", str(root), "--no-build"])
    assert result.exit_code == 2 and "titel" in result.output


def test_a_project_folder_that_cannot_be_written_is_an_error_naming_it(tmp_path):
    # `kgsync site` in a read-only checkout (its default project is ROOT/site) ended in a traceback.
    from kgsync.cli.main import cli

    graph, _ = sample()
    jsonl.write(tmp_path / "memory.jsonl", graph)
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", "--root", str(tmp_path), "--project", str(blocker / "p"), "--no-build"])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "cannot write the site project" in result.output and str(blocker / "p") in result.output, result.output
    assert "(fix: " in result.output


def test_the_default_project_linked_outside_the_repository_is_refused(tmp_path):
    """The default project is ROOT/site, the repository's: committed as a link to a folder elsewhere, the
    render wrote mkdocs.yml, docs/ and the HTML there, and published that folder's overrides/ and
    assets/extra.css (inside the project as it resolved).  Refused as the default graph linked outside
    is; --project names any folder."""
    from kgsync.cli.main import cli

    graph, _ = sample()
    root = tmp_path / "repo"
    root.mkdir()
    jsonl.write(root / "memory.jsonl", graph)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "assets").mkdir(parents=True)
    (elsewhere / "assets" / "extra.css").write_text("SECRET=1\n", encoding="utf-8")
    (root / "site").symlink_to(elsewhere)
    result = CliRunner().invoke(cli, ["site", "--root", str(root), "--no-build"])
    assert result.exit_code == 2, result.output
    assert "site: " in result.output and str(elsewhere) in result.output and "--project" in result.output
    assert sorted(p.name for p in elsewhere.iterdir()) == ["assets"]  # nothing written there
    result = CliRunner().invoke(cli, ["site", "--root", str(root), "--project", str(elsewhere), "--no-build"])
    assert result.exit_code == 0, result.output  # the operator's choice


def test_the_default_output_folder_committed_as_a_link_is_refused(tmp_path):
    """The HTML goes to PROJECT/site by default, and the build empties it first: committed as a link
    (site/site -> a folder with an index.html, such as a web server's), the build deleted that folder's
    files through the link and wrote the site there, exit 0.  Refused before anything is written, whatever
    the link's target (mkdocs writes a folder, never a link); --out names any folder."""
    from kgsync.cli.main import cli

    graph, _ = sample()
    root = tmp_path / "repo"
    (root / "site").mkdir(parents=True)
    jsonl.write(root / "memory.jsonl", graph)
    elsewhere = tmp_path / "www"
    elsewhere.mkdir()
    (elsewhere / "index.html").write_text("<p>the runner's own page</p>\n", encoding="utf-8")
    (elsewhere / "precious.txt").write_text("keep me\n", encoding="utf-8")
    (root / "site" / "site").symlink_to(elsewhere)
    result = CliRunner().invoke(cli, ["site", "--root", str(root)])
    assert result.exit_code == 2, result.output
    assert f"{root / 'site' / 'site'}: " in result.output and str(elsewhere) in result.output, result.output
    assert "--out" in result.output
    assert sorted(p.name for p in elsewhere.iterdir()) == ["index.html", "precious.txt"]
    assert not (root / "site" / "mkdocs.yml").exists()  # refused before the render
    result = CliRunner().invoke(cli, ["site", "--root", str(root), "--no-build"])
    assert result.exit_code == 0, result.output  # no HTML built: the link is not used


def test_items_outside_the_configured_folder_are_read_with_items_and_their_absence_is_said(tmp_path, monkeypatch):
    """The README's run on any folder, `kgsync build --items notes/ --out graph.jsonl`, then `kgsync
    site --graph graph.jsonl`: the site read the config's items (Research/completed/*.md), matched no
    file and rendered every item page without its question and findings, exit 0 and not a word; and
    `site` had no --items to point it at the folder the build read."""
    from kgsync.cli.main import cli

    graph, _ = sample()
    root = tmp_path / "repo"
    notes = root / "notes"
    notes.mkdir(parents=True)
    jsonl.write(root / "graph.jsonl", graph)
    (notes / "2026-01-01-rag-basics.md").write_text(
        "---\ntitle: Retrieval-augmented generation basics\ncompleted: 2026-01-01\n---\n\n"
        "# RAG\n\n## Research Question\n\nWhen does grounding beat recall?\n", encoding="utf-8")
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["site", "--graph", "graph.jsonl", "--no-build"])
    assert result.exit_code == 0, result.output
    assert ("notice: 5 of the graph's 5 items have no file under 'Research/completed/*.md': their pages show "
            "the graph's facts only, not the items' text (fix: pass --items FOLDER, or set `items:` in "
            "kgsync.yml)") in result.output, result.output
    page = root / "site" / "docs" / "items" / "2026-01-01-rag-basics.md"
    assert "When does grounding beat recall?" not in page.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", "--graph", "graph.jsonl", "--items", "notes", "--no-build"])
    assert result.exit_code == 0, result.output
    assert "When does grounding beat recall?" in page.read_text(encoding="utf-8")
    assert "notice: 4 of the graph's 5 items have no file under 'notes'" in result.output, result.output


def test_the_render_line_counts_pages_and_files_apart(tmp_path):
    """"rendered 468 pages into site (473 changed, ...)" on the real corpus: more changed than pages, as the
    count is of files (mkdocs.yml, the stylesheets, scripts and the explorer's data besides the pages)."""
    from kgsync.cli.main import cli

    graph, _ = sample()
    jsonl.write(tmp_path / "memory.jsonl", graph)
    result = CliRunner().invoke(cli, ["site", "--root", str(tmp_path), "--no-build"])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("rendered "))
    pages, files = map(int, re.fullmatch(r"rendered (\d+) pages into \S+ \((\d+) files changed, 0 removed, "
                                         r"[0-9.]+ s\)", line).groups())
    assert files == pages + 5, line
    result = CliRunner().invoke(cli, ["site", "--root", str(tmp_path), "--no-build"])
    assert "(0 files changed, 0 removed" in result.output, result.output


def test_a_project_folder_holding_the_items_is_refused_and_nothing_written(tmp_path, monkeypatch):
    """`kgsync site --items notes --project notes` (or `--project .` over them) wrote mkdocs.yml into the
    items' folder, exit 0: its first line marks the folder a rendered site, whose pages are no items, so
    the next `kgsync build --items notes` read none ("no item files match")."""
    from kgsync.cli.main import cli

    graph, _ = sample()
    notes = tmp_path / "notes"
    notes.mkdir()
    jsonl.write(tmp_path / "graph.jsonl", graph)
    (notes / "2026-01-01-rag-basics.md").write_text(
        "---\ntitle: Retrieval-augmented generation basics\ncompleted: 2026-01-01\n---\n\n# RAG\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for project in ("notes", "."):
        result = CliRunner().invoke(cli, ["site", "--graph", "graph.jsonl", "--items", "notes", "--project", project,
                                          "--no-build"])
        assert result.exit_code == 2, (project, result.output)
        assert ("holds 1 item file (notes/2026-01-01-rag-basics.md): its mkdocs.yml would make a build read them as "
                "a rendered site's pages, not items") in result.output, result.output
        assert sorted(p.name for p in tmp_path.rglob("*")) == ["2026-01-01-rag-basics.md", "graph.jsonl", "notes"]


def test_the_published_address_can_be_given_on_the_command_line(tmp_path) -> None:  # noqa: ANN001
    # qa164: the Pages workflow learns the address from actions/configure-pages, not from kgsync.yml (a fork
    # publishes elsewhere); with no way to pass it, the published example's 404 page was unstyled.
    from kgsync.cli.main import cli

    graph, _ = sample()
    root = tmp_path / "repo"
    root.mkdir()
    jsonl.write(root / "memory.jsonl", graph)
    (root / "kgsync.yml").write_text("site:\n  url: https://elsewhere.example/\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", "--root", str(root), "--no-build", "--url", "https://owner.github.io/kb"])
    assert result.exit_code == 0, result.output
    assert 'site_url: "https://owner.github.io/kb/"\n' in (root / "site" / "mkdocs.yml").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", "--root", str(root), "--no-build", "--url", "https://owner.github.io/kb//"])
    assert 'site_url: "https://owner.github.io/kb/"\n' in (root / "site" / "mkdocs.yml").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", "--root", str(root), "--no-build", "--url", "javascript:alert(1)"])
    assert result.exit_code == 2 and "--url: 'javascript:alert(1)' is no web address" in result.output
