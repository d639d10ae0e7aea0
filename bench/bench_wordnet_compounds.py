"""WordNet's two-word noun compounds the items name, by their first word's class (issue 21, topics19).

    .venv/bin/python bench/bench_wordnet_compounds.py FOLDER [FOLDER ...] [--labels TSV]

Every two-word compound of ``kgsync/extract/data/wordnet.tsv.gz`` (classes ``everyday`` and
``knowledge``: a lemma WordNet lists as one dictionary word) that >= 10 % of the items write (the text
as ``bench_topic_gate.texts`` reads it, the regular plural too), with the items naming and addressing it
(three mentions, one in the dense zones) and the table's classes of its first word (``modifier``,
``qualifier``: an adjective mining reads as descriptive).  ``--labels``: a topic label TSV (key in the
first column, label in the fourth, as ``topics13_engineer_*.tsv``) printed beside each.  Not a test.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_topic_gate import text_pattern, texts  # noqa: E402

from kgsync.read.items import find_item_files, read_items  # noqa: E402

TABLE = ROOT / "kgsync" / "extract" / "data" / "wordnet.tsv.gz"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--labels", default="")
    args = parser.parse_args()
    classes: dict[str, set[str]] = defaultdict(set)
    with gzip.open(TABLE, "rt", encoding="utf-8") as table:
        for line in table:
            cls, key = line.rstrip("\n").split("\t")
            classes[key].add(cls)
    labels: dict[str, str] = {}
    if args.labels:
        for line in Path(args.labels).read_text(encoding="utf-8").splitlines():
            cols = line.split("\t")
            if not line.startswith("#") and len(cols) >= 4:
                labels[cols[0]] = cols[3]
    items = read_items([p for folder in args.folders for p in find_item_files(folder)]).items
    read = [texts(item) for item in items]
    joined = re.sub(r"[\s-]+", " ", "\n".join(text for text, _dense in read))
    print(f"{len(items)} items; compound, named, addressed, compound's classes, first word's classes, label")
    for key in sorted(k for k, cs in classes.items() if len(k.split()) == 2 and cs & {"everyday", "knowledge"}):
        if key not in joined:
            continue
        pattern = text_pattern(key)
        named = sum(1 for text, _dense in read if pattern.search(text))
        if named * 10 < len(items):
            continue
        addressed = sum(1 for text, dense in read if len(pattern.findall(text)) >= 3 and pattern.search(dense))
        first = sorted(classes.get(key.split()[0], set()))
        print(f"{key}\t{named}\t{addressed}\t{','.join(sorted(classes[key]))}\t{','.join(first)}\t{labels.get(key, '-')}")


if __name__ == "__main__":
    main()
