"""Candidate properties of a claim link's from end, against readings (``bench/bench_from_ends.py``)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_from_ends import properties, read_verdicts
from kgsync.extract.evidence_model import ClaimText

# The citing item's findings: KF1 states the write call, KF2 the governance operating model, KF3 the watch dictation.
KF1 = ClaimText(1, "contents-api-put", "The Contents API PUT call writes the note text as a file")
KF2 = ClaimText(2, "governance-operating-model", "The governance operating model needs an explicit owner")
KF3 = ClaimText(3, "watch-dictate-note", "An Apple Watch complication lets the user dictate a note")
CLAIMS = (KF1, KF2, KF3)
CITED = ClaimText(3, "share-sheet-integration-requires", "Share Sheet integration requires accepted types")


def test_a_title_stating_another_finding_would_relink_from_it() -> None:
    said = properties("governance model operating", KF1, CITED, CLAIMS)
    assert said["title-other"] and not said["title-none"]


def test_a_title_stating_no_finding_clearly_would_drop_the_link() -> None:
    said = properties("input share sheet", KF1, CITED, CLAIMS)
    assert said["title-none"] and not said["title-other"]


def test_a_title_word_meets_a_finding_word_by_its_first_five_letters() -> None:
    # "dictation" in the title meets "dictate" in KF3: KF3 states the block, so the property does not fire for it
    assert not properties("dictation siri", KF3, CITED, CLAIMS)["title-unstated"]
    assert properties("dictation siri", KF1, CITED, CLAIMS)["title-unstated"]


def test_no_title_fires_no_title_property() -> None:
    said = properties("", KF1, CITED, CLAIMS)
    assert not said["title-other"] and not said["title-none"] and not said["title-unstated"]


def test_a_cited_subject_another_finding_states_fires_subject_elsewhere() -> None:
    cited = ClaimText(5, "watch-complication-capture", "Watch complications capture notes")
    assert properties("", KF1, cited, CLAIMS)["subject-elsewhere"]
    assert not properties("", KF3, cited, CLAIMS)["subject-elsewhere"]


def test_every_wrong_kind_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "reading.tsv"
    path.write_text("# a reading\nid\trelation\tfrom\tto\tverdict\tshould_be\tnote\n"
                    "1\textends\ta\tb\twrong-from\t\t\n2\textends\ta\tc\tright\t\t\n3\textends\ta\td\tunsure\t\t\n",
                    encoding="utf-8")
    assert read_verdicts(path) == {("a", "b"): "wrong", ("a", "c"): "right", ("a", "d"): "unsure"}
