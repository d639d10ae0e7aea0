"""kgsync.yml: declarative schema, every problem reported at once (its reference: test_config_reference.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kgsync.read import config, config_reference
from kgsync.contract.errors import ConfigError


def test_defaults_without_a_file(tmp_path: Path) -> None:
    cfg = config.load(tmp_path)
    assert cfg.items == "Research/completed/*.md" and cfg.graph == "memory.jsonl"
    assert (cfg.caps.concepts, cfg.caps.claims, cfg.caps.methods) == (5, 4, 2)
    assert cfg.path(cfg.graph) == tmp_path / "memory.jsonl"


def test_values_are_read(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text(
        "graph: kg/graph.jsonl\ncaps:\n  claims: 1\nmining:\n  max_item_share: 0.5\npr:\n  labels: kg\n",
        encoding="utf-8")
    cfg = config.load(tmp_path)
    assert cfg.graph == "kg/graph.jsonl" and cfg.caps.claims == 1 and cfg.caps.concepts == 5
    assert cfg.mining.max_item_share == 0.5 and cfg.pr.labels == ("kg",)


def test_the_vocabulary_stage_is_handed_its_three_sections(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("caps:\n  methods: 1\nmining:\n  min_links: 3\n", encoding="utf-8")
    cfg = config.load(tmp_path)
    options = cfg.vocabulary_options
    assert (options.mining, options.caps, options.merge) == (cfg.mining, cfg.caps, cfg.merge)
    assert options.caps.methods == 1 and options.mining.min_links == 3
    assert config.Config().vocabulary_options == config.VocabularyOptions()  # the same defaults


def test_an_optional_file_is_none_when_its_option_is_empty(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("themes_vocabulary: themes.md\nvocabulary: ''\n", encoding="utf-8")
    cfg = config.load(tmp_path)
    assert cfg.optional_path(cfg.themes_vocabulary) == tmp_path / "themes.md"
    assert cfg.optional_path(cfg.vocabulary) is None  # while path() gives Path(): no file, said so


def test_the_veto_file_lives_beside_the_vocabulary_file(tmp_path: Path) -> None:
    assert config.Config(root=tmp_path, vocabulary="").veto_path() is None  # no vocabulary file: no vetoes
    beside = config.Config(root=tmp_path, vocabulary="maintained/kgsync-vocab.yml").veto_path()
    assert beside == tmp_path / "maintained" / "kgsync-veto.yml"


def test_every_problem_is_reported_once_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text(
        "grph: x\ncaps:\n  claims: many\n  concepts: -1\nmining:\n  max_item_share: 3\ntag_style: fancy\n",
        encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        config.load(tmp_path)
    message = str(caught.value)
    assert "5 problem(s)" in message
    expected = ["kgsync.yml:1: grph: unknown option (did you mean graph? ",
                "kgsync.yml:3: caps.claims: expected a whole number, 0 or more, got 'many'",
                "kgsync.yml:4: caps.concepts: expected a whole number, 0 or more, got -1",
                "kgsync.yml:6: mining.max_item_share: expected a number from 0 to 1, got 3", "kgsync.yml:7: tag_style"]
    positions = [message.index(text) for text in expected]
    assert positions == sorted(positions)  # in file order, each with its file and line


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("graph: [unclosed\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        config.load(tmp_path)
    assert caught.value.location is not None and caught.value.location.line == 2


@pytest.mark.parametrize(
    ("content", "words", "line"),
    [
        (b"items: x\ncache_dir: 2026-02-30\n", "day is out of range", 2),  # YAML's date syntax, no date
        (b"items: x\npr:\n  title: caf\xe9\n", "not UTF-8", 3),
        (b"site: " + b"[" * 3000 + b"]" * 3000 + b"\n", "nested too deeply", 1),
    ],
)
def test_every_unreadable_config_is_a_config_error_with_its_line(
        tmp_path: Path, content: bytes, words: str, line: int) -> None:
    (tmp_path / "kgsync.yml").write_bytes(content)
    with pytest.raises(ConfigError, match=words) as caught:
        config.load(tmp_path)
    assert caught.value.location is not None and caught.value.location.path.endswith("kgsync.yml")
    assert caught.value.location.line in (line, None)


def test_the_vocabulary_and_theme_files_fail_the_same_way(tmp_path: Path) -> None:
    from kgsync.vocabulary.themes import load_theme_map
    from kgsync.vocabulary.vocab_file import load_pinned

    (tmp_path / "kgsync-vocab.yml").write_text("stoplist: [2026-02-30]\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="day is out of range") as caught:
        load_pinned(tmp_path / "kgsync-vocab.yml")
    assert caught.value.location.line == 1
    themes = tmp_path / "themes.md"
    themes.write_bytes(b"# Themes\n\ncaf\xe9\n\n```yaml\nrag: [retrieval]\n```\n")
    with pytest.raises(ConfigError, match="not UTF-8") as caught:
        load_theme_map(themes)
    assert caught.value.location.line == 3


def test_a_choice_accepts_only_its_values(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("tag_style: slug\n", encoding="utf-8")
    assert config.load(tmp_path).tag_style == "slug"
    (tmp_path / "kgsync.yml").write_text("tag_style: kebab\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="kgsync.yml:1: tag_style: must be one of search-safe, slug"):
        config.load(tmp_path)


def test_a_deprecated_option_still_loads_is_type_checked_and_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("mining:\n  salient_per_item: 3\n  min_links: 1\n", encoding="utf-8")
    loaded = config.load(tmp_path)
    assert loaded.mining == config.Mining(min_links=1)
    assert ("mining.salient_per_item", "no longer used (each item chooses its own terms); accepted and ignored") \
        in config_reference.deprecated()
    (tmp_path / "kgsync.yml").write_text("mining:\n  max_theme_share: 0.5\n", encoding="utf-8")
    assert config.load(tmp_path).mining == config.Mining()  # every theme is a concept: the share is ignored
    assert any(key == "mining.max_theme_share" for key, _why in config_reference.deprecated())
    (tmp_path / "kgsync.yml").write_text("mining:\n  salient_per_item: many\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="kgsync.yml:2: mining.salient_per_item: expected a whole number"):
        config.load(tmp_path)


@pytest.mark.parametrize("value", ["''", "'.'", "out/", "'..'", "kg/.."])
def test_a_graph_path_that_names_no_file_is_a_config_error_at_its_line(tmp_path: Path, value: str) -> None:
    # The manifest is named after the graph file (<name>.kgsync.json): a path with no file name
    # made every command die with a ValueError traceback from pathlib.
    (tmp_path / "kgsync.yml").write_text(f"items: x\ngraph: {value}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="kgsync.yml:2: graph: names no file") as caught:
        config.load(tmp_path)
    assert "such as memory.jsonl" in str(caught.value)


def test_a_graph_that_names_a_folder_is_a_config_error_at_its_line(tmp_path: Path) -> None:
    # graph: Research/completed (the items folder) failed later, at the folder, with no line of
    # kgsync.yml, and hinted to remove the folder "to start an empty graph".
    (tmp_path / "Research" / "completed").mkdir(parents=True)
    (tmp_path / "kgsync.yml").write_text("items: x\ngraph: Research/completed\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="kgsync.yml:2: graph: 'Research/completed' is a folder: name a file, such "
                                          "as memory.jsonl"):
        config.load(tmp_path)


def test_a_graph_named_as_a_manifest_is_a_config_error_at_its_line_before_any_manifest_exists(tmp_path: Path) -> None:
    # graph: memory.kgsync.json was refused only once that file existed: a first build wrote the graph
    # there and its manifest at memory.kgsync.kgsync.json.
    (tmp_path / "kgsync.yml").write_text("items: x\ngraph: kg/memory.kgsync.json\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="kgsync.yml:2: graph: 'kg/memory.kgsync.json' names a graph's manifest "
                                          r"\(<graph>.kgsync.json\), which the build reads and writes: name the "
                                          "graph file, such as memory.jsonl"):
        config.load(tmp_path)


@pytest.mark.parametrize(("graph", "what"), [
    ("kgsync.yml", "kgsync.yml itself"),
    ("themes.md", "the themes_vocabulary file"),
    ("kgsync-vocab.yml", "the vocabulary file"),
    ("items/2026-01-01-a.md", "an item file"),
])
def test_a_graph_that_names_an_input_of_the_build_is_a_config_error_at_its_line(tmp_path: Path, graph: str,
                                                                                 what: str) -> None:
    # Every command then read that file as the graph: twenty lines of "not a JSON object" at the
    # file's own lines, and not a word of kgsync.yml's graph: line, the one to fix.
    (tmp_path / "items").mkdir()
    for name in ("themes.md", "kgsync-vocab.yml", "items/2026-01-01-a.md"):
        (tmp_path / name).write_text("# text\n", encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text(f"items: items\nthemes_vocabulary: themes.md\ngraph: {graph}\n",
                                         encoding="utf-8")
    with pytest.raises(ConfigError, match=f"kgsync.yml:3: graph: '{graph}' is {what}, which the build reads: name "
                                          "another file, such as memory.jsonl"):
        config.load(tmp_path)


def test_a_graph_override_that_names_no_file_is_a_config_error() -> None:
    # The Action passes its graph input as `kgsync pr --graph=VALUE`: '.' died the same way.
    with pytest.raises(ConfigError, match=r"graph: names no file \('\.'\)"):
        config.Config().with_overrides(graph=".")
    assert config.Config().with_overrides(graph="kg/graph.jsonl", items=None).graph == "kg/graph.jsonl"


@pytest.mark.parametrize(("key", "value"), [("branch", "a..b"), ("branch", "'-x'"), ("branch", "''"),
                                            ("base", "'ma in'"), ("branch", "main"), ("branch", "HEAD")])
def test_a_pr_branch_git_cannot_name_or_the_base_itself_is_a_config_error_at_its_line(
        tmp_path: Path, key: str, value: str) -> None:
    # Found only by the push, after the whole build, with no word of kgsync.yml ("invalid refspec").
    (tmp_path / "kgsync.yml").write_text(f"items: x\npr:\n  {key}: {value}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"kgsync.yml:3: pr.{key}: "):
        config.load(tmp_path)


@pytest.mark.parametrize("graph", ["kgsync.yml", "docs/themes.md", "memory.kgsync.json"])
def test_a_graph_override_naming_a_file_the_build_reads_is_a_config_error(tmp_path: Path, graph: str) -> None:
    # `kgsync build --out` and `kgsync pr --graph` (the Action's graph input) were checked for a file
    # name only: the build read that input as the graph (or, empty, wrote the graph over it).
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "themes.md").write_text("# Themes\n", encoding="utf-8")
    (tmp_path / "memory.kgsync.json").write_text("{}", encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("themes_vocabulary: docs/themes.md\n", encoding="utf-8")
    loaded = config.load(tmp_path)
    for given in (graph, str(tmp_path / graph)):
        with pytest.raises(ConfigError, match=rf"graph: '{re.escape(given)}' (is|names) .*, which the build reads"):
            loaded.with_overrides(graph=given)
    assert loaded.with_overrides(graph="memory.jsonl").graph == "memory.jsonl"


def test_a_pr_title_with_a_line_break_is_a_config_error_at_its_line(tmp_path: Path) -> None:
    # pr.title becomes the PR title and the commit subject: a second line split them.
    (tmp_path / "kgsync.yml").write_text('items: x\npr:\n  title: "Graph\\nupdate"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kgsync.yml:3: pr.title: .*U\+000A"):
        config.load(tmp_path)


def test_a_pr_label_over_githubs_50_characters_is_a_config_error_at_its_line(tmp_path: Path) -> None:
    # GitHub refuses a label name over 50 characters (422), after the build and the push: the dry run
    # passed it, and the real run pushed the branch, then failed to label the PR.
    long = "research-" + "x" * 51
    (tmp_path / "kgsync.yml").write_text(f"items: x\npr:\n  labels: [knowledge-graph, {long}]\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"kgsync.yml:3: pr.labels: '{long}' is 60 characters; GitHub's limit "
                                          r"for a label name is 50 \(fix: "):
        config.load(tmp_path)
    (tmp_path / "kgsync.yml").write_text(f"items: x\npr:\n  labels: [{'y' * 50}]\n", encoding="utf-8")
    assert config.load(tmp_path).pr.labels == ("y" * 50,)


def test_a_blank_pr_label_is_a_config_error_at_its_line(tmp_path: Path) -> None:
    # `labels: [knowledge-graph, ""]` passed to GitHub, which refuses a blank name (422) after the push.
    (tmp_path / "kgsync.yml").write_text('items: x\npr:\n  labels: [knowledge-graph, ""]\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kgsync.yml:3: pr.labels: .*blank.*fix: "):
        config.load(tmp_path)


def test_a_blank_pr_title_is_a_config_error_at_its_line(tmp_path: Path) -> None:
    # `title: "  "` titled every PR "  " (the cause title is kgsync's only when pr.title is left out).
    (tmp_path / "kgsync.yml").write_text('items: x\npr:\n  base: main\n  title: "  "\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kgsync.yml:4: pr.title: is blank.*fix: "):
        config.load(tmp_path)

@pytest.mark.parametrize(("key", "value"), [
    ("graph", "../elsewhere.jsonl"), ("graph", "kg/../../elsewhere.jsonl"), ("graph", "/tmp/elsewhere.jsonl"),
    ("graph", "linked/memory.jsonl"), ("cache_dir", "../kgsync-cache"), ("cache_dir", "/tmp/kgsync-cache"),
])
def test_an_output_path_outside_the_repository_is_a_config_error_at_its_line(tmp_path: Path, key: str,
                                                                             value: str) -> None:
    # kgsync.yml is repository content, read by the job that holds the write token: a graph (and
    # its manifest) or a cache it names outside the checkout was written there, and a cache folder
    # outside the checkout is trusted without the HMAC a folder inside it needs.
    root = tmp_path / "repo"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    (root / "linked").symlink_to(tmp_path / "outside")  # a committed link to a folder outside
    (root / "kgsync.yml").write_text(f"items: x\n{key}: {value}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"kgsync.yml:2: {key}: .* lies outside the repository") as caught:
        config.load(root)
    assert "fix:" in str(caught.value) and ("--out" in str(caught.value) or "--cache-dir" in str(caught.value))


@pytest.mark.parametrize(("key", "value"), [("graph", "kg/memory.jsonl"), ("graph", "kg/../memory.jsonl"),
                                            ("cache_dir", ".kgsync-cache"), ("cache_dir", "''")])
def test_an_output_path_inside_the_repository_is_kept(tmp_path: Path, key: str, value: str) -> None:
    (tmp_path / "kgsync.yml").write_text(f"items: notes/*.md\n{key}: {value}\n", encoding="utf-8")
    assert getattr(config.load(tmp_path), key) == value.strip("'")


@pytest.mark.parametrize(("key", "value"), [
    ("items", "/elsewhere/items"), ("items", "../elsewhere/*.md"), ("items", "linked/*.md"),
    ("vocabulary", "../kgsync-vocab.yml"), ("themes_vocabulary", "/etc/themes.md"),
])
def test_an_input_path_outside_the_repository_is_a_config_error_at_its_line(tmp_path: Path, key: str,
                                                                            value: str) -> None:
    """kgsync.yml is repository content: the items, vocabulary or theme map it names outside the checkout
    were read into the graph, the PR body and messages (a committed link leading out already was refused,
    a plain path was not).  The operator may still: --items, or a config file named by --config."""
    root = tmp_path / "repo"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    (root / "linked").symlink_to(tmp_path / "outside")
    (root / "kgsync.yml").write_text(f"graph: memory.jsonl\n{key}: {value}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"kgsync.yml:2: {key}: .* lies outside the repository") as caught:
        config.load(root)
    assert "--config" in str(caught.value)
    operators = tmp_path / "operator.yml"
    operators.write_text(f"graph: memory.jsonl\n{key}: {value}\n", encoding="utf-8")
    assert getattr(config.load(root, operators), key) == value  # named on the command line: the operator's


def test_the_command_line_may_still_write_outside(tmp_path: Path) -> None:
    # --out / --cache-dir are the operator's choice, not repository content.
    cfg = config.load(tmp_path).with_overrides(graph=str(tmp_path.parent / "x.jsonl"), cache_dir="/tmp/c")
    assert cfg.graph == str(tmp_path.parent / "x.jsonl") and cfg.cache_dir == "/tmp/c"


@pytest.mark.parametrize("kgsync_yml", [None, "items: x\n"])
def test_a_default_graph_linked_outside_the_repository_is_no_graph_file(tmp_path: Path,
                                                                                kgsync_yml: str | None) -> None:
    # No `graph:` key: memory.jsonl, repository content like the key, may be a committed link outside.
    root = tmp_path / "repo"
    root.mkdir()
    if kgsync_yml is not None:
        (root / "kgsync.yml").write_text(kgsync_yml, encoding="utf-8")
    (tmp_path / "stolen.jsonl").write_text("", encoding="utf-8")
    (root / "memory.jsonl").symlink_to(tmp_path / "stolen.jsonl")
    loaded = config.load(root)
    with pytest.raises(ConfigError, match=r"memory.jsonl: the graph file is a link to .*stolen.jsonl, outside the "
                                          r"repository") as caught:
        loaded.graph_file()
    assert "--out" in str(caught.value)
    assert loaded.with_overrides(graph=str(tmp_path / "out.jsonl")).graph_file() == tmp_path / "out.jsonl"
    (root / "memory.jsonl").unlink()
    (root / "memory.jsonl").symlink_to(root / "kept.jsonl")  # a link inside stays written through
    assert loaded.graph_file() == root / "memory.jsonl"
    (root / "memory.kgsync.json").symlink_to(tmp_path / "stolen.jsonl")  # its manifest, beside it, as much
    with pytest.raises(ConfigError, match=r"memory.kgsync.json: the graph's manifest is a link to .*stolen.jsonl, outside"):
        loaded.graph_file()


def test_a_maintainers_file_linked_out_of_the_repository_is_refused(tmp_path: Path) -> None:
    # kgsync.yml, the vocabulary, the veto file and the theme map, committed as a link to a file
    # outside the checkout, were read: the repository pulled a file of the runner's disk into the
    # build, the PR body and the error messages.  The items' rule: a path written inside the
    # repository that resolves outside is refused; one written outside is kgsync.yml's choice.
    root = tmp_path / "repo"
    root.mkdir()
    secret = tmp_path / "secret.yml"
    secret.write_text("caps:\n  claims: 1\n", encoding="utf-8")
    (root / "kgsync.yml").symlink_to(secret)
    with pytest.raises(ConfigError) as caught:
        config.load(root)
    assert caught.value.location == caught.value.location.of(root / "kgsync.yml")
    assert f"a symbolic link leads out of the repository (to {secret})" in caught.value.message
    assert "commit the file itself" in str(caught.value.hint) and "--config" in str(caught.value.hint)
    assert config.load(root, secret).caps.claims == 1  # the operator's --config may name any file
    assert config.load(root, root / "kgsync.yml").caps.claims == 1  # named on the command line, as much
    (root / "kgsync.yml").unlink()
    (root / "kgsync.yml").write_text("themes_vocabulary: themes.yml\n", encoding="utf-8")
    loaded = config.load(root)
    for name, path in (("kgsync-vocab.yml", lambda: loaded.optional_path(loaded.vocabulary)),
                       ("themes.yml", lambda: loaded.optional_path(loaded.themes_vocabulary)),
                       ("kgsync-veto.yml", loaded.veto_path)):
        (root / name).symlink_to(secret)
        with pytest.raises(ConfigError, match=f"{name}: a symbolic link leads out of the repository "
                                              f"\\(to {re.escape(str(secret))}\\): not read") as caught:
            path()
        assert "commit the file itself" in str(caught.value.hint)
        (root / name).unlink()
        (root / name).symlink_to(root / "kgsync.yml")  # a link inside is read
        assert path() == root / name
        (root / name).unlink()
    elsewhere = config.load(root).with_overrides(vocabulary=str(secret))  # written outside: the config's choice
    assert elsewhere.optional_path(elsewhere.vocabulary) == secret
    assert elsewhere.veto_path() == secret.with_name("kgsync-veto.yml")


def test_the_vocabulary_path_kgsync_yml_names_must_exist_the_default_need_not(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("items: notes\nvocabulary: kgsync-vocabulary.yml\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="vocabulary: 'kgsync-vocabulary.yml': no such file") as caught:
        config.load(tmp_path).vocabulary_path()
    assert caught.value.location is not None and caught.value.location.line == 2
    (tmp_path / "kgsync-vocabulary.yml").write_text("stoplist: [api]\n", encoding="utf-8")
    assert config.load(tmp_path).vocabulary_path() == tmp_path / "kgsync-vocabulary.yml"
    (tmp_path / "kgsync.yml").write_text("items: notes\n", encoding="utf-8")
    assert config.load(tmp_path).vocabulary_path() == tmp_path / "kgsync-vocab.yml"  # absent: no vocabulary yet
    (tmp_path / "kgsync.yml").write_text("vocabulary: ''\n", encoding="utf-8")
    assert config.load(tmp_path).vocabulary_path() is None  # none configured


def test_each_problem_prints_one_fix(tmp_path: Path) -> None:
    # A problem with its own fix last: the reference must not follow it as a second "(fix: ...)".
    (tmp_path / "kgsync.yml").write_text("grph: x\npr:\n  branch: main\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        config.load(tmp_path)
    rendered = caught.value.render().splitlines()  # as the CLI prints it
    assert [line.count("(fix: ") for line in rendered[1:]] == [0, 1]
    assert rendered[-1].endswith("(fix: set pr.branch to a branch of its own)")
    assert "docs/configuration.md" in rendered[0]  # the reference heads the list, as the vocabulary file's does


@pytest.mark.parametrize("url", ["javascript:alert(1)", "JavaScript://x.org/%0Aalert(1)", "data:text/html,<b>x</b>",
                                 "ftp://example.org/site/", "example.org/site/", "https://", "//example.org/"])
def test_a_site_url_that_is_no_web_address_is_refused_at_its_line(tmp_path: Path, url: str) -> None:
    # The PR body links each merged item's page at site.url: a javascript: or data: link there runs when clicked.
    (tmp_path / "kgsync.yml").write_text(f"site:\n  title: Research\n  url: '{url}'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"kgsync.yml:3: site.url: .*\(fix: .*https://"):
        config.load(tmp_path)


@pytest.mark.parametrize("url", ["", "https://owner.github.io/research/", "http://localhost:8000", "HTTPS://Example.org"])
def test_a_site_url_on_the_web_is_read(tmp_path: Path, url: str) -> None:
    (tmp_path / "kgsync.yml").write_text(f"site:\n  url: '{url}'\n", encoding="utf-8")
    assert config.load(tmp_path).site.url == url


@pytest.mark.parametrize(("value", "what"), [
    ("notes/2026-01-01-x.md", "is a file"), ("kgsync.yml", "is a file"),
    ("memory.jsonl", "is the graph's name"), ("memory.kgsync.json", "is the graph's manifest's name"),
])
def test_a_cache_dir_naming_a_file_is_a_config_error_at_its_line(tmp_path: Path, value: str, what: str) -> None:
    # qa207: `cache_dir:` naming an item file stopped `kgsync build` with a NotADirectoryError traceback
    # after the build, and naming the manifest (not yet written) made a folder there that the build then
    # blamed on the manifest ("restore it from git").
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "2026-01-01-x.md").write_text("---\ntitle: x\n---\n", encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text(f"items: notes/*.md\ncache_dir: {value}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"kgsync.yml:2: cache_dir: '{value}' {what}") as caught:
        config.load(tmp_path)
    assert "fix: name a folder of its own, such as .kgsync-cache" in str(caught.value)


@pytest.mark.parametrize(("name", "what"), [
    ("memory.jsonl", "is the graph's name"), ("memory.kgsync.json", "is the graph's manifest's name")])
def test_a_cache_dir_override_naming_the_graph_or_its_manifest_is_a_config_error(tmp_path: Path, name: str,
                                                                                 what: str) -> None:
    # qa207: `--cache-dir memory.kgsync.json` before the manifest exists made a folder there (click refuses only
    # an existing file), which the build then read as a broken manifest; kgsync.yml's cache_dir: is refused.
    with pytest.raises(ConfigError, match=re.escape(f"--cache-dir: {str(tmp_path / name)!r} {what}")) as caught:
        config.load(tmp_path).with_overrides(cache_dir=str(tmp_path / name))
    assert caught.value.hint == "name a folder of its own for the cache, such as .kgsync-cache"
    out = tmp_path / "out" / "g.jsonl"  # the graph --out names, and its manifest
    with pytest.raises(ConfigError, match="is the graph's manifest's name"):
        config.load(tmp_path).with_overrides(graph=str(out), cache_dir=str(tmp_path / "out" / "g.kgsync.json"))


def test_a_config_file_not_found_says_the_fix(tmp_path: Path) -> None:
    """qa218: ``--config`` naming no file said "config file not found" and nothing to do about it."""
    with pytest.raises(ConfigError, match=r"config file not found \(fix: .*--config.*kgsync\.yml"):
        config.load(tmp_path, tmp_path / "kgsync.yml; touch PWNED9")
