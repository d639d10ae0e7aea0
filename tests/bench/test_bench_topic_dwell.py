"""How the items use a word of several senses (``bench/bench_topic_dwell.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_topic_dwell import Signals, fold, measure, read_labels


def test_a_plural_folds_to_the_noun_wordnet_lists() -> None:
    assert fold("Policies") == "policy"
    assert fold("benchmarks") == "benchmark"
    assert fold("governance") == "governance"


def test_dwell_stated_bond_and_case_are_counted_per_item() -> None:
    dwelt = ("Governance. " + "governance of data, " * 5, "governance", "Governance title")
    passing = ("Prompt injection and prompt-injection attacks, prompt injection.", "prompt injection", "x")
    once = ("the Governance board", "nothing", "nothing")
    rows = {s.word: s for s in measure([dwelt, passing, once], {"governance", "injection"})}
    governance, injection = rows["governance"], rows["injection"]
    assert (governance.named, governance.addressed, governance.dwelt, governance.stated) == (2, 1, 1, 1)  # the second item does not name it
    assert injection.bond == 1.0 and injection.neighbour == "<prompt"  # every mention after "prompt", a hyphen or not
    assert (governance.neighbour, governance.bond) == (">board", 1 / 7)  # "of" and the marks bind no compound
    assert governance.lower == 5 / 7  # capitalised twice of seven


def test_the_rule_needs_the_gate_no_hub_and_each_signal() -> None:
    base = Signals("word", named=40, addressed=20, dwelt=20, stated=8, bond=0.1, neighbour="-", lower=0.9)
    assert base.passes(200)
    assert not Signals("word", 40, 50, 20, 8, 0.1, "-", 0.9).passes(200)  # a hub: more than 0.2 of the items
    assert not Signals("word", 40, 20, 19, 8, 0.1, "-", 0.9).passes(200)  # fewer than half dwell on it
    assert not Signals("word", 40, 20, 20, 5, 0.1, "-", 0.9).passes(200)  # stated by fewer than 0.15 of its namers
    assert not Signals("word", 40, 20, 20, 8, 0.3, "-", 0.9).passes(200)  # mostly inside one compound
    assert not Signals("word", 40, 20, 20, 8, 0.1, "-", 0.2).passes(200)  # written capitalised: a name
    assert not Signals("word", 19, 10, 10, 8, 0.1, "-", 0.9).passes(200)  # under the share gate


def test_labels_are_read_from_first_to_last_letter(tmp_path: Path) -> None:
    path = tmp_path / "reading.tsv"
    path.write_text("# a reader\nword\tverdict\tbest_name\tnote\naudit\tpart\t-\t-\nlogging\tgeneric\t-\t-\n"
                    "memory\tidea\t-\t-\nzone\tgeneric\t-\t-\n", encoding="utf-8")
    assert read_labels(path, "a", "l") == {"audit": "part", "logging": "generic"}
    assert read_labels(path, "m", "z") == {"memory": "idea", "zone": "generic"}
