"""``kgsync vocab`` (kgsync.cli.vocab): its listing agrees with the graph the build makes.

It once said a term was "not a node" while the graph held the node: the listing decided
node-ness on a path of its own.  Now it reads node-ness off the build's graph, and these
tests hold it to that on the example repo and on the real corpus.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from kgsync.cli.main import cli
from kgsync.read.items import ResearchItem
from tests.conftest import SHARED_CORPUS
from tests.item_corpus import corpus, rank_fusion_repo

_TERM = re.compile(r"^(concept|method) +(\S.*?)  \(\d+ items(?: pinned)?; (node|not a node)")
_OTHER = re.compile(r"^  ((?:concept|method):\S+)  \(linked by \d+\)$")


def listed(output: str) -> tuple[set[str], set[str]]:
    """(nodes, not nodes) as the text listing says."""
    nodes: set[str] = set()
    others: set[str] = set()
    for line in output.splitlines():
        term = _TERM.match(line)
        if term:
            (nodes if term.group(3) == "node" else others).add(f"{term.group(1)}:{term.group(2)}")
        other = _OTHER.match(line)
        if other:
            nodes.add(other.group(1))
    return nodes, others


def graph_nodes(graph_file: Path) -> set[str]:
    out = set()
    for line in graph_file.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record["entityType"] in ("concept", "method"):
            out.add(record["name"])
    return out


def check_agreement(root: Path, *options: str) -> None:
    runner = CliRunner()
    built = runner.invoke(cli, ["build", "--root", str(root), "--no-cache", "-q", *options])
    assert built.exit_code == 0, built.output
    shown = runner.invoke(cli, ["vocab", "--root", str(root), *options])
    assert shown.exit_code == 0, shown.output
    nodes, not_nodes = listed(shown.output)
    in_graph = graph_nodes(root / "memory.jsonl")
    assert not (not_nodes & in_graph), f"called 'not a node' yet in the graph: {sorted(not_nodes & in_graph)}"
    assert nodes == in_graph, (sorted(nodes - in_graph), sorted(in_graph - nodes))


def test_the_example_listing_names_exactly_the_graphs_nodes(example_repo: Path) -> None:
    check_agreement(example_repo)


def test_a_term_merged_into_a_theme_says_so_not_that_too_few_items_link_it(example_repo: Path) -> None:
    """The example pins knowledge-graph and retrieval-augmented-generation; the themes knowledge-graphs
    and rag-retrieval name the same ideas, so the pins merge into those themes' nodes.  The listing
    said "too few items link it within their caps" of a pinned term, which the caps never cut.  The
    node of rag-retrieval bears the pin's own name (``method:retrieval-augmented-generation``)."""
    shown = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo)])
    assert shown.exit_code == 0, shown.output
    lines = {line.split("  (")[0].split()[-1]: line for line in shown.output.splitlines() if _TERM.match(line)}
    assert lines["knowledge-graph"].endswith("pinned; not a node: merged into the node of the theme knowledge-graphs)")
    assert lines["retrieval-augmented-generation"].endswith(
        "pinned; node, linked by 5: the node of the theme rag-retrieval, which it merges into)")
    # Below min_links, but a node: the memory-context bucket's Scope names it, and the one item of the
    # bucket that addresses it links it beyond its caps (``graph.facet_links``).
    assert lines["context-window"].endswith("(2 items; node, linked by 1)")


def test_a_pinned_term_that_is_a_themes_node_says_it_merges_into_it(example_repo: Path) -> None:
    """Pinned as a method, retrieval-augmented-generation names the node of the theme rag-retrieval
    (``method:retrieval-augmented-generation``): the listing said "node, linked by 4", as if the pin
    were a node of its own beside the theme's; it is the theme's node, which every item naming it links."""
    vocab = example_repo / "kgsync-vocab.yml"
    text = vocab.read_text(encoding="utf-8")
    vocab.write_text(re.sub(r"(retrieval-augmented-generation:\n    kind: )\w+", r"\g<1>method", text), encoding="utf-8")
    check_agreement(example_repo)
    shown = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo)])
    line = next(line for line in shown.output.splitlines() if line.startswith("method  retrieval-augmented-generation  "))
    assert line.endswith("pinned; node, linked by 5: the node of the theme rag-retrieval, which it merges into)"), line


def test_a_node_the_manifest_keeps_below_min_links_says_why(example_repo: Path) -> None:
    """method:hybrid-retrieval is linked by two items; one is deleted, and the manifest's terms keep
    the node for the other (issue 21).  The listing said "node, linked by 1" beside help that says a
    mined term needs mining.min_links (2) items: it now says the last build wrote it."""
    (example_repo / "Research" / "completed" / "2026-01-29-hybrid-retrieval-bm25-dense.md").unlink()
    check_agreement(example_repo)
    shown = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo)])
    line = next(line for line in shown.output.splitlines() if line.startswith("method  hybrid-retrieval  "))
    assert line.endswith("; node, linked by 1: below mining.min_links (2), kept because the last build wrote it "
                         "(memory.kgsync.json's terms) and an item links it)"), line
    assert "the last build wrote" in " ".join(shown_help().split())


def shown_help() -> str:
    return CliRunner().invoke(cli, ["vocab", "--help"]).output


def test_the_real_corpus_listing_names_exactly_the_graphs_nodes(tmp_path: Path,
                                                                 require_shared: Callable[[Path], Path]) -> None:
    corpus = require_shared(SHARED_CORPUS)
    themes = corpus.parent / "themes-vocabulary.md"
    # The corpus lies outside the repository: the operator's config file (--config) may name it, kgsync.yml may not.
    (tmp_path / "operator.yml").write_text(f"items: {corpus}\nthemes_vocabulary: {themes}\ngraph: memory.jsonl\n",
                                           encoding="utf-8")
    check_agreement(tmp_path, "--config", str(tmp_path / "operator.yml"))



def test_the_yaml_header_and_the_write_message_count_the_terms_the_file_holds(example_repo: Path, tmp_path: Path) -> None:
    # The header said "54 terms" while the listing and --write said 58: the file pins every mined term but
    # the corpus stopwords (hubs), which it lists at its end as comments.  One count, and the header says
    # what it counts.
    runner = CliRunner()
    listing = runner.invoke(cli, ["vocab", "--root", str(example_repo)])
    mined = int(listing.output.split(" terms (", 1)[0])
    out = tmp_path / "review.yml"
    shown = runner.invoke(cli, ["vocab", "--root", str(example_repo), "--format", "yaml", "--write", str(out)])
    assert shown.exit_code == 0, shown.output
    text = out.read_text(encoding="utf-8")
    pinned = len(yaml.safe_load(text)["terms"])  # the terms that are nodes; the others are comments (qa226)
    commented = len(re.findall(r"^#  \S+:  # \d+ item", text, re.M))
    held = pinned + commented
    assert 0 < held < mined, (held, mined)  # the example has hubs: the two counts differ
    header = shown.stdout.splitlines()[1]
    assert header.startswith(f"# {held} terms ") and f"of the {mined} mined" in header, header
    assert f"less {mined - held} corpus stopwords" in header, header
    assert f"wrote {pinned} pinned terms and {commented} more as comments ({held} terms " in shown.stderr, shown.stderr
    assert f"of the {mined} mined" in shown.stderr, shown.stderr

def test_the_file_vocab_write_writes_pins_only_the_nodes_so_committing_it_keeps_the_graph(example_repo: Path,
                                                                                         tmp_path: Path) -> None:
    """Maintainer of a new repository (qa226): the header of `kgsync vocab --write`'s file says "edit, then commit as
    kgsync-vocab.yml", and every mined term in it was pinned, so a node whatever mining says: committed as written,
    the 220 research items' 187 concept and method nodes became 1,273 ("added complexity", "ecosystem recognition").
    Now the terms that are nodes of the graph the build makes are pinned, the others are comments to uncomment,
    and the header says so: committed as written, the file keeps the nodes the build makes."""
    runner = CliRunner()
    (example_repo / "kgsync-vocab.yml").unlink()  # a repository adopting the file: none yet
    built = runner.invoke(cli, ["build", "--root", str(example_repo), "--no-cache", "-q"])
    assert built.exit_code == 0, built.output
    before = graph_nodes(example_repo / "memory.jsonl")
    out = tmp_path / "review.yml"
    shown = runner.invoke(cli, ["vocab", "--root", str(example_repo), "--write", str(out)])
    assert shown.exit_code == 0, shown.output
    nodes, not_nodes = listed(shown.output)
    text = out.read_text(encoding="utf-8")
    pinned = yaml.safe_load(text)["terms"] or {}
    assert {f"{spec['kind']}:{name}" for name, spec in pinned.items()} <= nodes
    commented = {m.group(1) for m in re.finditer(r"^#  (\S+):  # \d+ item", text, re.M)}
    assert commented and not commented & set(pinned), commented & set(pinned)
    assert commented <= {name.split(":", 1)[1] for name in not_nodes}
    assert "uncomment" in text.split("\nterms:\n")[0]  # the header says how to pin one more
    assert f"wrote {len(pinned)} pinned terms and {len(commented)} more as comments" in shown.stderr, shown.stderr
    # Uncommented, a commented term loads (its aliases were settled across every term written).
    (example_repo / "kgsync-vocab.yml").write_text(re.sub(r"^#(  \S+:  # \d+ item|    )", r"\1", text, flags=re.M),
                                                   encoding="utf-8")
    assert runner.invoke(cli, ["build", "--root", str(example_repo), "--dry-run", "-q"]).exit_code == 0
    (example_repo / "kgsync-vocab.yml").write_text(text, encoding="utf-8")  # committed as written
    again = runner.invoke(cli, ["build", "--root", str(example_repo), "--no-cache", "-q"])
    assert again.exit_code == 0, again.output
    assert graph_nodes(example_repo / "memory.jsonl") == before


# --- commands ----------------------------------------------------------------------------
def test_vocab_command_prints_and_writes(tmp_path: Path) -> None:
    from kgsync.cli.vocab import command

    folder = tmp_path / "items"
    folder.mkdir()
    for item in corpus():
        (folder / f"{item.slug}.md").write_text(_source(item), encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("items: items\nmining: {min_items: 2, max_item_share: 0.5}\n")
    out = tmp_path / "review.yml"
    result = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml"), "--write", str(out)])
    assert result.exit_code == 0, result.output
    assert "concept knowledge-graph" in result.output
    assert "2026-01-01-kg-basics" in result.output
    assert "model-context-protocol:" in out.read_text()
    yaml_out = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml"), "--format", "yaml"])
    assert yaml_out.output.startswith("# kgsync vocabulary")
    # What the command says becomes a node is exactly what a build writes.
    import re

    from kgsync.read import config as config_module
    from kgsync.pipeline.stages import build

    said = {m.group(2): m.group(3) for m in re.finditer(r"^(concept|method) +(\S+)  \(.*?; (node|not a node)",
                                                         result.output, re.MULTILINE)}
    assert "node" in said.values() and "not a node" in said.values()
    graph = build(config_module.load(tmp_path).with_overrides(cache_dir="")).graph
    written = {e.name.split(":", 1)[1] for e in graph.entities if e.entity_type in ("concept", "method")}
    assert {name for name, verdict in said.items() if verdict == "node"} == written & set(said)


def test_vocab_command_rejects_a_bad_vocabulary_file(tmp_path: Path) -> None:
    from kgsync.cli.vocab import command

    folder = tmp_path / "items"
    folder.mkdir()
    (folder / "2026-01-01-a.md").write_text(_source(corpus()[0]), encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("items: items\n")
    (tmp_path / "kgsync-vocab.yml").write_text("terms:\n  Bad Name: {}\n")
    result = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml")])
    assert result.exit_code == 2
    assert "kgsync-vocab.yml:2" in result.output


def test_vocab_command_without_items_is_a_usage_error(tmp_path: Path) -> None:
    from kgsync.cli.vocab import command

    (tmp_path / "kgsync.yml").write_text("items: nowhere\n")
    result = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml")])
    assert result.exit_code == 2, result.output  # as for `kgsync build`: a wrong path, not a failed item
    assert "no item files match 'nowhere'" in result.output


def _source(item: ResearchItem) -> str:
    findings = "\n".join(f"{f.number}. {f.text}" for f in item.key_findings)
    return (f"---\ntitle: \"{item.title}\"\ncompleted: 2026-03-01\n---\n\n## Research Question\n\n"
            f"{item.research_question}\n\n## Findings\n\n### Executive Summary\n\n{item.executive_summary}\n\n"
            f"### Key Findings\n\n{findings}\n")


def test_a_write_path_with_a_trailing_slash_names_a_folder_and_is_refused(tmp_path: Path) -> None:
    # `--write x/` wrote a file named x (pathlib drops the slash): the user named a folder.
    from tests.conftest import EXAMPLE_REPO

    result = CliRunner().invoke(cli, ["vocab", "--root", str(EXAMPLE_REPO), "--write", f"{tmp_path / 'x'}/"])
    assert result.exit_code == 2, result.output
    assert "--write" in result.output and "names no file" in result.output and "file path" in result.output
    assert not (tmp_path / "x").exists()



def test_vocab_text_escapes_bidi_and_escape_characters_in_names(tmp_path: Path) -> None:
    # The listing names every concept node of the graph the build would write, hand-added ones
    # (an agent's, through the memory server) too: a name holding U+202E (reorders the line) or ESC
    # (opens a terminal sequence) reached the terminal raw.
    from kgsync.cli.vocab import command

    folder = tmp_path / "items"
    folder.mkdir()
    for item in corpus():
        (folder / f"{item.slug}.md").write_text(_source(item), encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("items: items\nmining: {min_items: 2, max_item_share: 0.5}\n")
    hand_added = {"type": "entity", "name": "concept:exe\u202etxt\x1b[2J", "entityType": "concept",
                  "observations": ["added by an agent"]}
    (tmp_path / "memory.jsonl").write_text(json.dumps(hand_added) + "\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml")])
    assert result.exit_code == 0, result.output
    assert "concept:exe" in result.stdout  # listed
    assert "\u202e" not in result.stdout and "\x1b" not in result.stdout
    assert "concept:exe%u202Etxt%1B[2J" in result.stdout


def test_vocab_yaml_escapes_control_characters_and_loads_back_the_same(tmp_path: Path) -> None:
    # A pinned label or alias holding U+009B (a C1 control: opens a terminal sequence as ESC [ does)
    # reached the terminal raw in the yaml listing and in the file --write writes, where the text
    # listing escapes them.  (A bidi control such as U+202E is refused in the file since qa27b:
    # tests/vocabulary/test_vocab_file.py.)
    from kgsync.cli.vocab import command

    folder = tmp_path / "items"
    folder.mkdir()
    for item in corpus():
        (folder / f"{item.slug}.md").write_text(_source(item), encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("items: items\nmining: {min_items: 2, max_item_share: 0.5}\n")
    label, alias = "agent \u009bmemory", "agentic\u009b2J memory"
    (tmp_path / "kgsync-vocab.yml").write_text(
        f"terms:\n  agent-memory:\n    kind: concept\n    label: {json.dumps(label)}\n    aliases: [{json.dumps(alias)}]\n",
        encoding="utf-8")
    written = tmp_path / "review.yml"
    result = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml"), "--format", "yaml",
                                          "--write", str(written)])
    assert result.exit_code == 0, result.output
    for text in (result.stdout, written.read_text(encoding="utf-8")):
        assert "\u009b" not in text
        assert '"agent \\u009bmemory"' in text  # an escape of a YAML double-quoted scalar
        term = yaml.safe_load(text)["terms"]["agent-memory"]
        assert (term["label"], alias in term["aliases"]) == (label, True)  # read back, the same strings


def test_a_write_path_that_cannot_be_written_is_an_error_naming_it(tmp_path: Path) -> None:
    # A read-only folder (or a path under a file): `vocab --write` ended in a traceback.
    from tests.conftest import EXAMPLE_REPO

    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    result = CliRunner().invoke(cli, ["vocab", "--root", str(EXAMPLE_REPO), "--write", str(blocker / "v.yml")])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert f"{blocker / 'v.yml'}: cannot write" in result.output and "(fix: " in result.output, result.output


def test_a_write_path_that_is_the_veto_file_is_refused_and_kept(example_repo: Path) -> None:
    # The veto file, beside kgsync-vocab.yml, is read by every build and lint, but input_at did not
    # list it: `vocab --write kgsync-veto.yml` replaced the reviewers' vetoes with a vocabulary listing.
    veto = example_repo / "kgsync-veto.yml"
    veto.write_text("vetoed:\n  - from: claim:2026-01-01-a:one\n    to: claim:2026-02-01-b:two\n    why: no\n",
                    encoding="utf-8")
    before = veto.read_bytes()
    result = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo), "--write", str(veto)])
    assert result.exit_code != 0 and "is the veto file, which the build reads" in result.output, result.output
    assert veto.read_bytes() == before


def test_a_write_path_that_is_an_input_of_the_build_is_refused_and_kept(example_repo: Path) -> None:
    # `vocab --write kgsync.yml` (or the graph, the manifest, an item) replaced that file with a
    # vocabulary listing, without a word: the user named it, but no reading of --write means that.
    item = sorted((example_repo / "Research" / "completed").glob("*.md"))[0]
    for target, what in ((example_repo / "kgsync.yml", "kgsync.yml itself"), (item, "an item file"),
                         (example_repo / "memory.jsonl", "the graph file"),
                         (example_repo / "memory.kgsync.json", "the graph's manifest"),
                         (example_repo / "kgsync-vocab.yml", "the vocabulary file")):
        before = target.read_bytes() if target.exists() else None
        result = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo), "--write", str(target)])
        assert result.exit_code != 0, (target, result.output)
        assert f"is {what}, which the build reads" in result.output and "name another file" in result.output
        assert (target.read_bytes() if target.exists() else None) == before


def test_a_write_path_that_is_an_item_of_items_is_refused_and_kept(example_repo: Path) -> None:
    # `kgsync vocab --items notes --write notes/<item>.md`, the README's run on any folder: the check
    # of --write read the config's items (Research/completed/*.md), not --items, so the item was
    # replaced by a vocabulary listing, and the next build failed on it (no frontmatter).
    notes = example_repo.parent / "notes"
    (example_repo / "Research" / "completed").rename(notes)
    item = sorted(notes.glob("*.md"))[0]
    before = item.read_bytes()
    result = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo), "--items", str(notes),
                                      "--write", str(item)])
    assert result.exit_code != 0, result.output
    assert "is an item file, which the build reads" in result.output, result.output
    assert item.read_bytes() == before


def test_a_write_path_that_is_a_graph_of_no_config_is_refused_and_kept(example_repo: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # With no kgsync.yml, `kgsync build --items notes --out g.jsonl` then `kgsync vocab --items notes
    # --write g.jsonl` replaced the graph with a listing: the check knew only the config's memory.jsonl.
    # A graph is a graph wherever it lies: by its manifest beside it, or by its first line.
    notes = tmp_path / "notes"
    (example_repo / "Research" / "completed").rename(notes)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    assert CliRunner().invoke(cli, ["build", "--no-cache", "-q", "--items", str(notes), "--out", "g.jsonl"]).exit_code == 0
    (work / "server.jsonl").write_text('{"type":"entity","name":"a","entityType":"x","observations":[]}\n', encoding="utf-8")
    for target, what in (("g.jsonl", "a graph file"), ("g.kgsync.json", "a graph's manifest"),
                         ("server.jsonl", "a graph file")):
        before = (work / target).read_bytes()
        result = CliRunner().invoke(cli, ["vocab", "--items", str(notes), "--write", target])
        assert result.exit_code != 0, (target, result.output)
        assert f"is {what}, which the build reads" in result.output, (target, result.output)
        assert (work / target).read_bytes() == before


def test_the_listing_counts_item_warnings_and_shows_errors(tmp_path: Path) -> None:
    # `kgsync vocab` printed every item warning of every item on every run (104 lines on the research
    # corpus) before its listing; the build and the PR hold back those of untouched items.  An error
    # (an item left out of the listing) is still shown, with the count of the rest.
    from kgsync.cli.vocab import command

    folder = tmp_path / "items"
    folder.mkdir()
    for item in corpus():
        (folder / f"{item.slug}.md").write_text(_source(item), encoding="utf-8")
    (folder / "2026-02-01-no-findings.md").write_text("---\ntitle: A note\ncompleted: 2026-02-01\n---\n\n# A note\n\nText.\n",
                                                       encoding="utf-8")
    (folder / "2026-02-02-broken.md").write_text("---\ntitle: [oops\n---\n\n# Broken\n", encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("items: items\n")
    result = CliRunner().invoke(command, ["--config", str(tmp_path / "kgsync.yml")])
    assert result.exit_code == 0, result.output
    assert "2026-02-02-broken.md:2: error: " in result.stderr, result.stderr
    assert "no-findings.md" not in result.stderr, result.stderr
    [note] = [line for line in result.stderr.splitlines() if line.startswith("note: ")]
    assert "warning" in note and "kgsync build --dry-run --all-warnings" in note, note


def test_a_write_path_naming_an_input_of_the_build_not_yet_there_is_refused(example_repo: Path) -> None:
    # Refused only once the file existed: `vocab --write kgsync-veto.yml` in a repository with no vetoes yet wrote
    # the listing there, and every later build and lint stopped on the veto file (exit 2); at the vocabulary
    # file's name it pinned every mined term, at the graph's name the next build read the listing as a graph.
    (example_repo / "kgsync-vocab.yml").unlink()
    (example_repo / "memory.jsonl").unlink()
    (example_repo / "memory.kgsync.json").unlink()
    for name, what in (("kgsync-veto.yml", "the veto file"), ("kgsync-vocab.yml", "the vocabulary file"),
                       ("memory.jsonl", "the graph file"), ("memory.kgsync.json", "the graph's manifest")):
        result = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo), "--write", str(example_repo / name)])
        assert result.exit_code == 2, (name, result.output)
        assert f"is {what}, which the build reads" in result.output, result.output
        assert not (example_repo / name).exists(), name
    assert CliRunner().invoke(cli, ["build", "--root", str(example_repo), "--no-cache"]).exit_code == 0


def test_a_hub_too_few_items_address_says_why_it_is_no_node(tmp_path: Path) -> None:
    """Three items write "reciprocal rank fusion": a hub (a corpus stopword), which only one of them
    addresses, fewer than ``mining.min_links``.  The listing said "too few items link it within their
    caps" of it, though a hub is never an item's own term; and its hubs section called every hub "a
    node the items addressing it link" where none of them was one (qa121)."""
    rank_fusion_repo(tmp_path)
    check_agreement(tmp_path)
    shown = CliRunner().invoke(cli, ["vocab", "--root", str(tmp_path)])
    assert shown.exit_code == 0, shown.output
    line = next(line for line in shown.output.splitlines() if line.startswith("concept reciprocal-rank-fusion "))
    assert line.endswith("(1 items; not a node: a hub (on more than mining.max_item_share of the items, so no "
                         "item's own term) that 1 item addresses, fewer than mining.min_links (2))"), line
    hubs = shown.output.split("corpus stopwords", 1)[1].splitlines()
    assert "  reciprocal rank fusion  (3 items; no node: 1 item addresses it, fewer than mining.min_links (2))" in hubs
    assert "  BM25  (3 items; no node: 1 item addresses it, fewer than mining.min_links (2))" in hubs


def test_a_write_path_the_build_reads_is_refused_before_the_listing(example_repo: Path) -> None:
    """qa142: `vocab --write kgsync.yml` ran the whole build, printed the listing (over 150 lines on the
    example) and only then refused the file: the refusal, the one line that mattered, came after
    it.  A path that is refused is refused first: nothing built, nothing listed."""
    result = CliRunner().invoke(cli, ["vocab", "--root", str(example_repo), "--write", str(example_repo / "kgsync.yml")])
    assert result.exit_code == 2, result.output
    assert result.stdout == "", result.stdout
    assert "is kgsync.yml itself, which the build reads" in result.stderr, result.stderr
