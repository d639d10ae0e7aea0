"""Is a topic no node because no rule makes it a candidate, or because the corpus's share gate keeps it out?

    .venv/bin/python bench/bench_topic_gate.py FOLDER [FOLDER ...] [--list FILE] [--key WORDS ...]

Several FOLDERs are read as one corpus.  Terms: ``--key`` (each a word or a phrase, as written), or
the lines of ``--list`` (default ``bench/labels/topics8_engineer_list.txt``, an engineer's list of the
research topics named by >= 10 % of the 273 items; ``#`` lines are comments).

A topic enters (``kgsync.vocabulary.topics.select_topics``) when ``TOPIC_SHARE`` of the items name it
and ``ADDRESS_SHARE`` address it (three mentions, one where the item concludes:
``extract.topics.addresses``).  For each term it prints two counts:

* **candidate**: the items that name and address its key by the pipeline's own per-item scan
  (``mining.candidates`` then ``extract.topic_links.item_topics``: topic words, derived words, names,
  compounds, the item's mined two-word phrases; a two-word phrase is named where an item writes it,
  its pair marks); addressed 0 when no rule makes it a topic candidate;
* **text**: the same two counts read from the items' text directly (the term or its regular plural,
  any case, a hyphen as a space; title and body without code, link targets and URLs; dense zones:
  title, question, summary, findings): what the gate would see if a rule made it a candidate.

and a verdict: ``enters`` (the candidate counts pass the gate; it may still be a hub, stopped or a
fragment), ``gate`` (a candidate, kept out by the shares), ``gate*`` (no candidate, and the text
counts fail the gate too: a new rule could not make it a node), ``rule`` (no candidate, and the text
counts pass: only a rule that made it a candidate is missing); ``node, ...`` when ``--graph`` has a
node named or aliased so (lemmatised).  Not a test: it prints figures
(issue 21, topics9).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract import markup, mining  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402
from kgsync.extract.topics import ADDRESS_DENSE, ADDRESS_MENTIONS, phrase_marks, read_marks  # noqa: E402
from kgsync.read.items import ResearchItem, find_item_files, read_items  # noqa: E402
from kgsync.extract.topic_links import item_topics  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

LIST = ROOT / "bench" / "labels" / "topics8_engineer_list.txt"


def text_pattern(term: str) -> re.Pattern[str]:
    """The term or its regular plural as a whole word sequence, a space or a hyphen between words."""
    words = term.lower().replace("-", " ").split()
    last = words[-1]
    plural = last[:-1] + "ies" if last.endswith("y") else last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s"
    body = r"[\s-]+".join(map(re.escape, words[:-1]))
    tail = f"(?:{re.escape(last)}|{re.escape(plural)})"
    return re.compile(r"(?<![a-z0-9])" + (body + r"[\s-]+" if body else "") + tail + r"(?![a-z0-9])")


def texts(item: ResearchItem) -> tuple[str, str]:
    """(whole text, dense zones), lower-cased, cleaned as mining cleans them."""
    findings = "\n".join(f.text for f in item.key_findings)
    zones = [markup.clean(z) for z in (item.title, item.research_question, item.executive_summary, findings)]
    body = markup.clean(markup.without_fences(item.body))
    return (zones[0] + "\n" + body).lower(), "\n".join(zones).lower()


def names_and_addresses(pattern: re.Pattern[str], whole: str, dense: str) -> tuple[bool, bool]:
    """(does the text name the term, does it address it: three mentions, one in the dense zones), by ``texts``."""
    mentions = len(pattern.findall(whole))
    return mentions > 0, mentions >= ADDRESS_MENTIONS and len(pattern.findall(dense)) >= ADDRESS_DENSE


def lemma(term: str) -> str:
    """A term's words, lower-cased, hyphens as spaces, each plural's regular "-s"/"-es"/"-ies" off."""
    out = []
    for word in term.lower().replace("-", " ").replace("_", " ").split():
        if word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        elif word.endswith(("ses", "xes")):
            word = word[:-2]
        elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
            word = word[:-1]
        out.append(word)
    return " ".join(out)


def node_names(graph: Path) -> set[str]:
    """The ``lemma`` of every concept and method node's name and alias in ``graph``."""
    out: set[str] = set()
    for line in graph.read_text(encoding="utf-8").splitlines():
        entity = json.loads(line)
        if entity.get("type") == "entity" and entity.get("entityType") in ("concept", "method"):
            out.add(lemma(entity["name"].split(":", 1)[1]))
            out.update(lemma(obs[6:]) for obs in entity.get("observations", ()) if obs.startswith("alias:"))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--list", type=Path, default=LIST)
    parser.add_argument("--key", nargs="+", default=None, help="terms to read instead of --list's")
    parser.add_argument("--graph", type=Path, default=None, help="a memory.jsonl: mark the terms it covers")
    args = parser.parse_args()
    terms = args.key or [line.strip() for line in args.list.read_text(encoding="utf-8").splitlines()
                         if line.strip() and not line.startswith("#")]
    paths = [p for folder in args.folders for p in find_item_files(str(folder / "*.md"))]
    items = read_items(paths).items
    n = len(items)
    enter_named, enter_addressed = math.ceil(TOPIC_SHARE * n), math.ceil(ADDRESS_SHARE * n)
    keys = {term: term_key(term) for term in terms}
    cand_named: Counter[str] = Counter()
    cand_addressed: Counter[str] = Counter()
    text_named: Counter[str] = Counter()
    text_addressed: Counter[str] = Counter()
    patterns = {term: text_pattern(term) for term in terms}
    # a two-word phrase is named where the item writes it anywhere (its pair marks), as ``select_topics`` counts it
    marks = {key: phrase_marks(key) for key in keys.values() if key.count(" ") == 1}
    for item in items:
        found = mining.candidates(item)
        named, addressed, _stated = item_topics(found)
        cand_named.update(named)
        written = read_marks(found.pairs)
        cand_named.update(key for key, own in marks.items() if not own.isdisjoint(written))
        cand_addressed.update(addressed)
        whole, dense = texts(item)
        for term, pattern in patterns.items():
            is_named, is_addressed = names_and_addresses(pattern, whole, dense)
            text_named[term] += is_named
            text_addressed[term] += is_addressed
    print(f"{n} items; a topic enters when named by >= {enter_named} and addressed by >= {enter_addressed}")
    covered = node_names(args.graph) if args.graph else set()
    print(f"{'term':32s} {'candidate':>15s} {'text':>15s}  verdict")
    verdicts: Counter[str] = Counter()
    for term in terms:
        key = keys[term]
        c_named, c_addr = cand_named[key], cand_addressed[key]
        t_named, t_addr = text_named[term], text_addressed[term]
        if c_addr or (c_named and " " not in key):
            verdict = "enters" if c_named >= enter_named and c_addr >= enter_addressed else "gate"
        else:
            verdict = "rule" if t_named >= enter_named and t_addr >= enter_addressed else "gate*"
        if lemma(term) in covered:
            verdict = "node, " + verdict
        verdicts[verdict] += 1
        print(f"{term:32s} {c_named:7d} {c_addr:7d} {t_named:7d} {t_addr:7d}  {verdict}")
    print("verdicts:", dict(sorted(verdicts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
