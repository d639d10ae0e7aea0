"""What a change does to labelled aliases and expansion-named nodes (``bench/bench_alias_labels.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_alias_labels import main, report
from tests.bench.alias_graphs import write_alias_graph as _graph


def test_the_report_counts_verdicts_and_follows_a_renamed_node(tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.tsv"
    aliases.write_text("# header\ngraph\tpopulation\tnode\talias\tclass\tverdict\tnote\n"
                       "c273\tresearch\tconcept:enterprise-adoption\tai adoption\tother\tother-modifier\t-\n"
                       "c273\tresearch\tconcept:memory-gpt\tMemGPT\tacronym\tright\t-\n"
                       "new\tlater\tconcept:x\tX\tacronym\tright\t-\n", encoding="utf-8")
    names = tmp_path / "names.tsv"
    names.write_text("graph\tpopulation\tnode\tshort_form\tverdict\tnote\n"
                     "c273\tresearch\tconcept:memory-gpt\tMemGPT\twrong\t-\n", encoding="utf-8")
    base = _graph(tmp_path / "base.jsonl", {"concept:enterprise-adoption": ["ai adoption", "enterprise adoption"],
                                            "concept:memory-gpt": ["MemGPT"]})
    head = _graph(tmp_path / "head.jsonl", {"concept:enterprise-adoption": ["enterprise adoption", "EA"],
                                            "concept:memgpt": ["MemGPT"]})
    lines = report("c273", base, head, aliases, names)
    assert lines == [
        "c273: 2 -> 2 nodes",
        "  aliases base: research other-modifier 1, research right 1",
        "  aliases head: research right 1",  # MemGPT kept under the new name
        "  removed research other-modifier: concept:enterprise-adoption 'ai adoption'",
        "  added (unlabelled): concept:enterprise-adoption 'EA'",
        "  renamed research name-was-wrong: concept:memory-gpt -> concept:memgpt (MemGPT)",  # its alias labelled there
    ]
    assert main(["new", str(base), str(head), "--aliases", str(aliases), "--names", str(names)]) == 0
