"""kgsync.vocabulary.standing: a term the last build wrote keeps its name (issue 21, a delete renames nothing)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.item_corpus import item_markdown
from kgsync.contract import jsonl
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.vocabulary.standing import standing_names
from kgsync.vocabulary.vocab import ItemTerms, PinnedVocabulary, Term, TermKind, TermUse, Vocabulary


def _vocabulary(*names: str, hubs: frozenset[str] = frozenset(), pinned: frozenset[str] = frozenset()) -> Vocabulary:
    terms = {name: Term(name, TermKind.CONCEPT, name.replace("-", " "), (name.replace("-", " "),), ("a",),
                        pinned=name in pinned)
             for name in names}
    uses = ItemTerms("a", tuple(TermUse(name, ()) for name in names), ())
    return Vocabulary(dict(sorted(terms.items())), {"a": uses}, hub_keys=hubs)


def _names(vocabulary: Vocabulary) -> list[str]:
    return [use.name for use in vocabulary.per_item["a"].concepts]


def test_a_term_respelled_since_the_last_build_takes_its_written_name_back() -> None:
    renamed, renames = standing_names(_vocabulary("prediction-machines", "agent-memory"), {"prediction-machine"})
    assert renames == {"prediction-machines": "prediction-machine"}
    assert _names(renamed) == ["prediction-machine", "agent-memory"] and "prediction-machines" not in renamed.terms


def test_a_merge_source_left_alone_keeps_its_target_name_while_the_target_is_gone() -> None:
    merges = [("url-deduplication", "url-based-deduplication")]
    renamed, renames = standing_names(_vocabulary("url-deduplication"), {"url-based-deduplication"}, merges)
    assert renames == {"url-deduplication": "url-based-deduplication"} and _names(renamed) == ["url-based-deduplication"]
    assert renamed.merges == tuple(merges)  # still recorded: the next build keeps the name again
    # the target still a term of its own: both stay (nothing renamed onto a name another term holds)
    both = _vocabulary("url-deduplication", "url-based-deduplication")
    assert standing_names(both, {"url-based-deduplication"}, merges) == (both, {})
    # a target the last build did not write: no name to keep
    assert standing_names(_vocabulary("url-deduplication"), {"other"}, merges)[1] == {}


def test_no_manifest_hubs_and_written_names_rename_nothing() -> None:
    vocabulary = _vocabulary("prediction-machines", hubs=frozenset({"prediction machine"}))
    assert standing_names(vocabulary, {"prediction-machine"}) == (vocabulary, {})
    plain = _vocabulary("prediction-machines")
    assert standing_names(plain, ()) == (plain, {}) and standing_names(plain, {"prediction-machines"}) == (plain, {})


def test_the_maintainers_file_wins_over_a_standing_name() -> None:
    """A name the maintainers' vocabulary file gives (a pin, a merge's target) is kept, and a
    standing name the file merges away or stops is given to no term: the file always wins over
    mining, the last build's names included."""
    pinned = _vocabulary("prediction-machines", pinned=frozenset({"prediction-machines"}))
    assert standing_names(pinned, {"prediction-machine"}) == (pinned, {})
    # the last build merged url-deduplication into url-based-deduplication; the file now merges the
    # other way round, or stops the target: url-deduplication keeps its own name
    merges = [("url-deduplication", "url-based-deduplication")]
    alone = _vocabulary("url-deduplication")
    merged_back = PinnedVocabulary(merges={"url based deduplication": "url deduplication"})
    assert standing_names(alone, {"url-based-deduplication"}, merges, merged_back) == (alone, {})
    stopped = PinnedVocabulary(stop_keys=frozenset({"url based deduplication"}))
    assert standing_names(alone, {"url-based-deduplication"}, merges, stopped) == (alone, {})
    # a file that names neither leaves the rule as it is
    other = PinnedVocabulary(merges={"kg": "knowledge graph"}, stop_keys=frozenset({"research item"}))
    assert standing_names(alone, {"url-based-deduplication"}, merges, other)[1] == {
        "url-deduplication": "url-based-deduplication"}


def test_a_merge_source_left_alone_keeps_a_pinned_target_s_name() -> None:
    """The file pins the target's name: handing it to the merge source contradicts nothing, and keeps
    its items' node (a delete renames nothing).  A target the file makes an alias of another pinned
    name is given to no term (it would be a second node of that pin's idea)."""
    merges = [("url-deduplication", "url-based-deduplication")]
    alone = _vocabulary("url-deduplication")
    pinned_target = PinnedVocabulary(key_to_name={"url based deduplication": "url-based-deduplication"})
    assert standing_names(alone, {"url-based-deduplication"}, merges, pinned_target)[1] == {
        "url-deduplication": "url-based-deduplication"}
    an_alias = PinnedVocabulary(key_to_name={"url based deduplication": "dedup", "dedup": "dedup"})
    assert standing_names(alone, {"url-based-deduplication"}, merges, an_alias) == (alone, {})


def test_a_term_pinned_under_another_spelling_takes_the_pinned_name(tmp_path: Path) -> None:
    """The graph wrote kubernetes-operator; the maintainers pin kubernetes-operators in
    kgsync-vocab.yml: the next build writes the pinned name (as a build with no manifest would)."""
    cfg = _kubernetes_items(tmp_path)
    build(cfg)
    assert "concept:kubernetes-operator" in {e.name for e in jsonl.read(tmp_path / "memory.jsonl").entities}
    (tmp_path / "kgsync-vocab.yml").write_text("terms:\n  kubernetes-operators:\n    kind: concept\n",
                                               encoding="utf-8")
    build(config_module.load(tmp_path))
    names = {e.name for e in jsonl.read(tmp_path / "memory.jsonl").entities}
    assert "concept:kubernetes-operators" in names and "concept:kubernetes-operator" not in names


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["kg", "kgs", "k-g", "rag", "rags", "graph", "graphs"]), unique=True),
       st.frozensets(st.sampled_from(["kg", "kgs", "rag", "rags", "graph", "graphs", "other"])))
def test_renames_are_one_to_one_onto_standing_names_no_term_holds(names: list[str], standing: frozenset[str]) -> None:
    vocabulary = _vocabulary(*names)
    renamed, renames = standing_names(vocabulary, standing)
    assert len(set(renames.values())) == len(renames) and set(renames.values()) <= standing
    assert not set(renames.values()) & set(names) and len(renamed.terms) == len(vocabulary.terms)
    assert standing_names(renamed, standing)[1] == {}  # the next build, over what it wrote: no rename


def _kubernetes_items(tmp_path: Path) -> config_module.Config:
    """The earliest item writes "Kubernetes operator", two later ones "Kubernetes Operators"; eight others."""
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    texts = {"2026-01-01-first": ("A Kubernetes operator for agents", "A Kubernetes operator runs the agent."),
             "2026-01-02-second": ("Kubernetes Operators for research agents", "Kubernetes Operators run agents."),
             "2026-01-03-third": ("Kubernetes Operators in production", "Kubernetes Operators scale agents.")}
    for slug, (title, summary) in texts.items():
        (folder / f"{slug}.md").write_text(item_markdown(title, completed=slug[:10], summary=summary,
                                                         question="How should research agents be deployed?",
                                                         findings=[f"**{summary}** (high confidence)"]), encoding="utf-8")
    for n in range(4, 12):  # others: the term stays below the hub share
        (folder / f"2026-01-{n:02d}-x{n}.md").write_text(item_markdown(f"Topic {n}", completed=f"2026-01-{n:02d}"),
                                                         encoding="utf-8")
    return config_module.load(tmp_path)


def test_deleting_the_item_that_named_a_term_renames_it_for_no_other_item(tmp_path: Path) -> None:
    """The earliest item writes "Kubernetes operator" and names the node; the later ones write only
    "Kubernetes Operators", a name whose plural head they would keep (``groups._kept_plurals``).
    Deleting the first leaves the node's name as the graph wrote it."""
    cfg = _kubernetes_items(tmp_path)
    folder = tmp_path / "Research" / "completed"

    def linked() -> set[str]:
        build(cfg)
        graph = jsonl.read(tmp_path / "memory.jsonl")
        return {r.target for r in graph.relations if r.source == "item:2026-01-02-second"
                and r.target.startswith("concept:kubernetes")}

    before = linked()
    assert before == {"concept:kubernetes-operator"}
    (folder / "2026-01-01-first.md").unlink()
    assert linked() == before
