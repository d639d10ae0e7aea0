"""Does an item's own text tell the ideas it studies from the words it uses in passing?  Each criterion against labels.

    .venv/bin/python bench/bench_incidental.py GRAPH ITEMS_DIR [--labels FILE ...] [--list]

GRAPH: a ``memory.jsonl``; ITEMS_DIR: the items it was built from.  Labels: node readings in
``bench_names.read_verdicts``' format (default: ``bench/labels/names9_engineer_list.tsv``, an
engineer's labels of main's research graph written before any rule; pass ``--labels`` for another).

For every concept and method node, each item that links it (``addresses`` / ``uses_method``) is
asked, from its own text alone (its title, question, summary, findings, body and section
headings, and the node's aliases), whether it *treats the term as its subject* by one
criterion (``CRITERIA``); a node fails a criterion when fewer than ``K`` of its items do
(``K`` = 1: none; ``K`` = 2: ``mining.min_links``, so an item-local rule of that kind would leave
the node without its links).  The ``wordnet`` row asks instead whether WordNet lists the term (a
general-English word, ``kgsync.extract.wordnet``'s table).  For each criterion it prints how many
nodes would go, by label, the share of those that are generic (``not``: removal precision) and
the share of generic nodes it finds.  Precision of removal matters most: a removed idea costs
more than a kept generic phrase.  Not a test: it prints figures (issue 21, names9).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_names import read_verdicts  # noqa: E402
from kgsync.extract import markup, wordnet  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402
from kgsync.extract.findings import strip_leading_labels  # noqa: E402
from kgsync.read.items import ResearchItem, find_item_files, read_items  # noqa: E402

DEFAULT_LABELS = ROOT / "bench" / "labels" / "names9_engineer_list.tsv"
_LINKS = ("addresses", "uses_method")
#: Function words after a mention: the mention ends its noun phrase there (it is the phrase's head).
_FUNCTION = frozenset(
    "the a an of to in on for with by from via through and or but is are was were be been being as at that this these those "
    "it its their our your not no than then so such into over under between within about across after before during per vs "
    "versus".split())
_DEFINITION = re.compile(r"\s*(?:\([^)]*\)\s*)?(?:is|are|refers to|means|describes|denotes)\s+(?:a|an|the)\b")
_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.I)
_LIST_AFTER = re.compile(r"\s*(?:,|;|/|\s(?:and|or)\s)")
_LIST_BEFORE = re.compile(r"(?:,|;|/)\s*$|\s(?:and|or)\s$")


@dataclass(frozen=True)
class Use:
    """How one item writes one term."""

    title: int  # mentions in the title
    question: int  # in the research question
    stated: int  # in the title, question and summary
    heading: int  # in the body's section headings
    opens: bool  # a key finding opens with it (after its labels and an article)
    defines: int  # mentions followed by a copular definition ("X is a ...")
    mentions: int  # in the whole body
    head_share: float  # share of the body's mentions that end their noun phrase (not a modifier)
    listed_share: float  # share of the body's mentions inside a list (commas, "and", "or", "/")
    dense: int  # mentions in the title, question, summary and key findings


CRITERIA: dict[str, Callable[[Use], bool]] = {
    "title": lambda u: u.title > 0,
    "question": lambda u: u.question > 0,
    "stated (title, question, summary)": lambda u: u.stated > 0,
    "section heading": lambda u: u.heading > 0,
    "opens a finding": lambda u: u.opens,
    "defines it": lambda u: u.defines > 0,
    "studied (title, question, heading or opens a finding)": lambda u: u.title + u.question + u.heading > 0 or u.opens,
    "mostly a head (>= 0.5 of mentions)": lambda u: u.head_share >= 0.5,
    "mostly outside lists (>= 0.7)": lambda u: u.listed_share <= 0.3,
    "a third of its mentions in the dense zones": lambda u: 3 * u.dense >= u.mentions,
}


def _patterns(name: str, aliases: list[str]) -> list[re.Pattern[str]]:
    """A pattern per alias (and the name's words): hyphen- or space-separated, a plural or possessive
    ending; an acronym's alias matches in its own case only."""
    out = []
    for alias in {*aliases, name.split(":", 1)[1].replace("-", " ")}:
        words = re.split(r"[\s\-]+", alias.strip())
        body = r"[\s\-]+".join(map(re.escape, words))
        cased = alias.isupper() or (len(alias) <= 5 and any(c.isupper() for c in alias[1:]))
        out.append(re.compile(r"(?<![\w-])" + body + r"(?:s|es|'s)?(?!\w)", 0 if cased else re.I))
    return out


def _spans(text: str, patterns: list[re.Pattern[str]]) -> list[tuple[int, int]]:
    found = sorted((m.start(), m.end()) for p in patterns for m in p.finditer(text))
    out: list[tuple[int, int]] = []
    for start, end in found:
        if not out or start >= out[-1][1]:
            out.append((start, end))
    return out


def use_of(item: ResearchItem, patterns: list[re.Pattern[str]]) -> Use:
    """How ``item`` writes the term ``patterns`` find: from the item's text alone."""
    body = markup.clean(markup.without_fences(item.body))
    spans = _spans(body, patterns)
    heads = listed = defines = 0
    for start, end in spans:
        after = re.match(r"[ \t]?([-A-Za-z0-9]+)", body[end : end + 30])
        if after is None or after.group(1).lower() in _FUNCTION or after.group(1)[0].isdigit():
            heads += 1
        if _LIST_AFTER.match(body, end) or _LIST_BEFORE.search(body[max(0, start - 3) : start]):
            listed += 1
        if _DEFINITION.match(body, end):
            defines += 1
    headings = "\n".join(line for line in item.body.splitlines() if line.lstrip().startswith("#"))
    opens = False
    for finding in item.key_findings:
        text = markup.clean(strip_leading_labels(finding.text)).lstrip("*_`\"' ")
        text = text[_ARTICLE.match(text).end() :] if _ARTICLE.match(text) else text
        first = _spans(text[:80], patterns)
        opens = opens or bool(first and first[0][0] == 0)
    stated = markup.clean("\n".join((item.title, item.research_question, item.executive_summary)))
    dense = len(_spans(stated + "\n" + markup.clean("\n".join(f.text for f in item.key_findings)), patterns))
    n = max(1, len(spans))
    return Use(len(_spans(item.title, patterns)), len(_spans(markup.clean(item.research_question), patterns)),
               len(_spans(stated, patterns)), len(_spans(headings, patterns)), opens, defines, len(spans),
               heads / n, listed / n, dense)


def _graph(path: Path) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """node -> its aliases; node -> the items linking it."""
    aliases: dict[str, list[str]] = {}
    linkers: dict[str, list[str]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record["entityType"] in ("concept", "method"):
            aliases[record["name"]] = [o[6:] for o in record["observations"] if o.startswith("alias:")]
        elif record.get("type") == "relation" and record["relationType"] in _LINKS and record["from"].startswith("item:"):
            linkers[record["to"]].append(record["from"].split(":", 1)[1])
    return aliases, linkers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", type=Path, help="the items' folder")
    parser.add_argument("--labels", type=Path, nargs="+", default=[DEFAULT_LABELS])
    parser.add_argument("--list", action="store_true", help="name the nodes each criterion would remove")
    args = parser.parse_args()
    verdicts = {}
    for path in args.labels:
        verdicts.update(read_verdicts(path))
    aliases, linkers = _graph(args.graph)
    items = {item.slug: item for item in read_items(find_item_files(args.items)).items}
    uses: dict[str, list[Use]] = {}
    for name in sorted(aliases):
        patterns = _patterns(name, aliases[name])
        uses[name] = [use_of(items[slug], patterns) for slug in linkers.get(name, ()) if slug in items]
    label = {name: verdicts[name].kind if name in verdicts else "unread" for name in aliases}
    totals = Counter(label.values())
    print(f"{len(aliases)} concept and method nodes: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))
    print("| criterion | K | removed | idea | named | not | unread | removal precision | generic found |")
    print("|---|---|---|---|---|---|---|---|---|")
    removed_by: dict[str, list[str]] = {}
    rows = [(f"{title}", k, lambda name, t=test, k=k: sum(map(t, uses[name])) < k)
            for title, test in CRITERIA.items() for k in (1, 2)]
    rows.append(("wordnet lists it (a general-English word)", 0,
                 lambda name: any(term_key(name.split(":", 1)[1].replace("-", " ")) in keys
                                  for keys in wordnet._table().values())))
    for title, k, fails in rows:
        gone = [name for name in sorted(aliases) if fails(name)]
        by = Counter(label[name] for name in gone)
        judged = by["idea"] + by["named"] + by["not"]
        precision = f"{by['not']}/{judged} = {by['not'] / judged:.2f}" if judged else "-"
        found = f"{by['not']}/{totals['not']}" if totals["not"] else "-"
        print(f"| {title} | {k or '-'} | {len(gone)} | {by['idea']} | {by['named']} | {by['not']} | {by['unread']} | "
              f"{precision} | {found} |")
        removed_by[f"{title} (K={k})"] = gone
    if args.list:
        for title, gone in removed_by.items():
            print(f"\n{title}: " + ", ".join(f"{name} [{label[name]}]" for name in gone))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
