"""Do the items' own texts tell an acronym of the trade ("API", "SaaS") from one they study ("LLM", "RAG")?

    .venv/bin/python bench/bench_acronym_uses.py GRAPH FOLDER [FOLDER ...] [--labels FILE]

Readers judge some acronym nodes generic (``concept:application-programming-interface``,
``concept:software-as-a-service``, ``concept:open-source-software``) and others ideas or names
(``large-language-model``, ``model-context-protocol``).  For each labelled acronym node of GRAPH
(default labels ``bench/labels/acro113_engineer_research.tsv``: node, acronym, verdict) this prints,
read from the items of the FOLDERs alone:

* ``items``: the items that link the node (an item's ``addresses`` or a claim's ``about``);
* ``written``: the items whose whole text writes the acronym (in capitals, a word of its own);
* ``defined``: the share of those that define it ("Application Programming Interface (API)":
  ``mining.candidates``' acronym pairs); ``spelled``: the share that write its expansion out anywhere;
* ``before_noun``: the share of its uses directly before a lower-case noun WordNet lists ("API key",
  "SaaS vendors": the acronym as a modifier; a verb WordNet also lists as a noun counts too, "API
  sets"); ``after_name``: directly after a capitalised content word not all in capitals that opens no
  sentence ("the GitHub API": a genre of named things);
  ``after_number``: directly after a figure ("$30M ARR");
* ``stated``: the share of the linking items whose title, question or summary write the acronym.

A signal works when every generic node is on one side of a threshold and every idea or name on the
other.  Not a test: it prints figures (issue 21 part 2, acro113).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract import lexicon, markup, mining, wordnet  # noqa: E402
from kgsync.extract.canonical import is_acronym, word_key  # noqa: E402
from kgsync.extract.designations import capitalised_runs  # noqa: E402
from kgsync.read.items import ResearchItem, find_item_files, read_items  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "acro113_engineer_research.tsv"
SIGNALS = ("defined", "spelled", "before_noun", "after_name", "after_number", "stated")
_FIGURE = re.compile(r"[$€£]?[\d.,]+[KkMmBb]?")
_WORD_BEFORE = re.compile(r"([\w$.,’'/]+) $")
_WORD_AFTER = re.compile(r" ([A-Za-z][\w-]*)")


def read_labels(path: Path) -> dict[str, tuple[str, str]]:
    """Node -> (acronym key, verdict), from a label file's ``node``/``acronym``/``verdict`` columns
    (``#`` lines are its header)."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    header = rows[0]
    at = {name: header.index(name) for name in ("node", "acronym", "verdict")}
    return {row[at["node"]]: (row[at["acronym"]].lower(), row[at["verdict"]]) for row in rows[1:]}


def linking_items(graph: Path) -> dict[str, set[str]]:
    """Node -> the slugs of the items that link it, themselves or through a claim."""
    out: dict[str, set[str]] = defaultdict(set)
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "relation" and record["from"].startswith(("item:", "claim:")):
            out[record["to"]].add(record["from"].split(":")[1])
    return out


def whole_text(item: ResearchItem) -> str:
    """The title and the body, markup and code left out (what a reader reads)."""
    return item.title + "\n" + markup.clean(markup.without_fences(item.body))


def uses(text: str, key: str) -> Counter[str]:
    """The acronym's uses in ``text`` (``uses``) and how many stand before a noun, after a name or after a figure."""
    found: Counter[str] = Counter()
    for start, end in capitalised_runs(text):
        written = text[start:end]
        low = written.lower()
        plural = low != key
        if plural and low != key + "s":
            continue
        if not is_acronym(written) or (start and text[start - 1] == "-") or text[end:end + 1] == "-":
            continue  # a piece of a hyphenated word or a designation ("GPT-4")
        found["uses"] += 1
        before = _WORD_BEFORE.search(text[max(0, start - 40):start])
        previous = before.group(1) if before else ""
        if previous.endswith((".", ",", "'", "’")):
            previous = ""  # the acronym follows punctuation, not a word ("Setup. API calls")
        opens = text[:start - len(previous) - 1].rstrip(" *_\"(").endswith((".", ":", "!", "?", "\n", "#")) if previous else True
        # a chain of acronyms ("AI RMF") is read as a whole; a name in mixed case ("GitHub") is a name
        if previous[:1].isupper() and previous.lower() not in lexicon.STOPWORDS and not previous.isupper() and not opens:
            found["after_name"] += 1
        if _FIGURE.fullmatch(previous):
            found["after_number"] += 1
        after = _WORD_AFTER.match(text[end:end + 40])
        following = after.group(1) if after else ""
        if (not plural and following[:1].islower() and following not in lexicon.STOPWORDS
                and wordnet.is_common(word_key(following))):
            found["before_noun"] += 1
    return found


def signals(key: str, expansion: str, linked: set[str], items: list[tuple[ResearchItem, mining.ItemCandidates]]) -> dict[str, float]:
    """The signals of the module doc for one acronym over the corpus and the items linking its node."""
    written = defined = spelled = stated = 0
    counts: Counter[str] = Counter()
    for item, cands in items:
        found = uses(whole_text(item), key)
        if found["uses"]:
            written += 1
            counts.update(found)
            defined += any(short == key for short, _long in cands.acronyms)
            spelled += expansion in whole_text(item).lower().replace("-", " ")
        if item.slug in linked:
            zones = "\n".join((item.title, item.research_question, item.executive_summary))
            stated += bool(uses(markup.clean(zones), key)["uses"])
    total = max(1, counts["uses"])
    return {"items": len(linked), "written": written, "uses": counts["uses"],
            "defined": defined / max(1, written), "spelled": spelled / max(1, written),
            "before_noun": counts["before_noun"] / total, "after_name": counts["after_name"] / total,
            "after_number": counts["after_number"] / total, "stated": stated / max(1, len(linked))}


def separation(table: dict[str, tuple[str, dict[str, float]]], name: str) -> str | None:
    """Whether ``name`` puts every generic node on one side of a threshold and every idea or name on the other."""
    generic = [found[name] for verdict, found in table.values() if verdict == "generic"]
    kept = [found[name] for verdict, found in table.values() if verdict != "generic"]
    if not generic or not kept:
        return None
    # the gap between the two sides (negative: they overlap), in the signal's own units
    gap = max(min(generic) - max(kept), min(kept) - max(generic))
    return (f"{name}: generic {min(generic):.2f}-{max(generic):.2f}, ideas and names {min(kept):.2f}-{max(kept):.2f}: "
            f"{'separates' if gap > 0 else 'does not separate'} (gap {gap:+.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--labels", type=Path, default=LABELS)
    args = parser.parse_args()
    labels = read_labels(args.labels)
    linked = linking_items(args.graph)
    paths = [p for folder in args.folders for p in find_item_files(str(folder / "*.md"))]
    items = [(item, mining.candidates(item)) for item in sorted(read_items(paths).items, key=lambda i: i.slug)]
    names = ("items", "written", "uses", *SIGNALS)
    print("node\tacronym\tverdict\t" + "\t".join(names))
    table = {}
    for node, (key, verdict) in sorted(labels.items(), key=lambda row: (row[1][1], row[0])):
        if node not in linked or not key.isalnum():
            continue  # not in this graph, or no acronym of letters ("H-Neurons")
        found = signals(key, node.split(":", 1)[1].replace("-", " "), linked[node], items)
        table[node] = (verdict, found)
        print(f"{node}\t{key}\t{verdict}\t" + "\t".join(f"{found[name]:.2f}" if isinstance(found[name], float)
                                                        else str(found[name]) for name in names))
    print()
    for name in SIGNALS:
        line = separation(table, name)
        if line:
            print(line)


if __name__ == "__main__":
    main()
