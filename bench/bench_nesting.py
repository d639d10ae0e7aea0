"""How the items write the concept and method nodes they link -- alone or inside a longer phrase -- against the readings.

    .venv/bin/python bench/bench_nesting.py GRAPH ITEMS [--labels FILE ...] [--list]

GRAPH: a ``memory.jsonl``; ITEMS: the glob of the items it was built from.  A C-value style
question (Frantzi, Ananiadou & Mima 2000): is a node that its items write mostly *nested* in
longer phrases ("the GitHub API", "the Whisper API" -> "API"; "npm registry", "model registry" ->
"registry") a genre word rather than an idea?  For each item -> node link (``addresses``,
``uses_method``), every occurrence of one of the node's forms (its name and aliases, by
``term_key``) in the item's title, research question, executive summary and key findings (where
mining counts) is one of:

* ``bare``: no longer phrase of its word run that may be a term (``phrases.check_phrase``) contains it;
* ``tail``: the longest such phrase ends with it ("GitHub API");
* ``head``: it opens the longest such phrase ("API design");
* ``inside``: neither ("GitHub API rate limits").

Prints the sums by verdict of the readings (``bench_names``), then what two removal rules would
do -- the links each drops and the nodes left with fewer than two links (no longer nodes), by
verdict: ``never-bare`` (the item never writes the form alone), ``mostly-tail`` (more tail
than bare occurrences, inside at least two different longer phrases, never alone in the title,
question or summary) and ``name-tail`` (written in the question, summary and findings only
after a name: ``kgsync.extract.nesting``).  With ``--list``, each node's counts.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_names import DEFAULT_READINGS, LABELS, read_verdicts  # noqa: E402
from kgsync.extract import markup  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402
from kgsync.extract.nesting import name_tails  # noqa: E402
from kgsync.extract.phrases import MAX_WORDS, check_phrase, word_runs  # noqa: E402
from kgsync.read.items import read_items  # noqa: E402

KINDS = ("bare", "tail", "head", "inside")
LINKS = ("addresses", "uses_method")


def node_forms(graph: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(node -> the keys of its name and aliases, item slug -> the nodes it links)."""
    forms: dict[str, set[str]] = {}
    links: dict[str, set[str]] = defaultdict(set)
    for line in graph.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("type") == "entity" and row.get("entityType") in ("concept", "method"):
            keys = {term_key(row["name"].split(":", 1)[1].replace("-", " "))}
            keys |= {term_key(o[len("alias:"):]) for o in row.get("observations", []) if o.startswith("alias:")}
            forms[row["name"]] = {k for k in keys if k}
        elif row.get("type") == "relation" and row.get("relationType") in LINKS and row["from"].startswith("item:"):
            links[row["from"][len("item:"):]].add(row["to"])
    return forms, links


def occurrences(text: str) -> list[tuple[str, str, str]]:
    """(key, kind, the longest phrase containing it or "") of each phrase of ``text`` that may be a term."""
    out: list[tuple[str, str, str]] = []
    for run in word_runs(text):
        spans = []
        for start in range(len(run)):
            for end in range(start + 1, min(start + MAX_WORDS, len(run)) + 1):
                checked = check_phrase(tuple(run[start:end]))
                if checked is not None:
                    spans.append((start, end, checked[0], checked[2]))
        for start, end, key, _plain in spans:
            longer = [(s, e, k) for s, e, k, plain in spans if s <= start and end <= e and (s, e) != (start, end)
                      and not plain]
            if not longer:
                out.append((key, "bare", ""))
                continue
            s, e, k = max(longer, key=lambda span: (span[1] - span[0], -span[0]))
            out.append((key, "tail" if e == end else "head" if s == start else "inside", k))
    return out


#: kinds in all dense zones, kinds in the stated zones, the longer phrases, (mentions in the question, summary and
#: findings, those that are a name's tail: ``extract.nesting``)
Profile = tuple[Counter[str], Counter[str], set[str], tuple[int, int]]


def profiles(items_glob: str, forms: dict[str, set[str]], links: dict[str, set[str]]) -> dict[tuple[str, str], Profile]:
    """(slug, node) -> how that item writes that node's forms, for every item -> node link."""
    out: dict[tuple[str, str], Profile] = {}
    read = read_items([Path(p) for p in sorted(glob.glob(items_glob))])
    for item in read.items:
        zones = (item.title, item.research_question, item.executive_summary,
                 "\n".join(f.text for f in item.key_findings))
        found = [(i, occ) for i, zone in enumerate(zones) for occ in occurrences(markup.clean(zone))]
        tails = sum((name_tails(markup.clean(zone)) for zone in zones[1:]), Counter[str]())
        for node in sorted(links.get(item.slug, ())):
            keys = forms.get(node)
            if keys is None:
                continue
            kinds: Counter[str] = Counter()
            stated: Counter[str] = Counter()
            longer: set[str] = set()
            for zone, (key, kind, other) in found:
                if key in keys:
                    kinds[kind] += 1
                    if zone < 3:
                        stated[kind] += 1
                    if other:
                        longer.add(other)
            written = sum(1 for zone, (key, _kind, _other) in found if zone > 0 and key in keys)
            out[item.slug, node] = (kinds, stated, longer, (written, sum(tails[k] for k in keys)))
    return out


def never_bare(profile: Profile) -> bool:
    kinds, _stated, _longer, _tails = profile
    return kinds["bare"] == 0 and sum(kinds.values()) > 0


def mostly_tail(profile: Profile) -> bool:
    kinds, stated, longer, _tails = profile
    return kinds["tail"] > kinds["bare"] and len(longer) >= 2 and stated["bare"] == 0


def name_tail(profile: Profile) -> bool:
    """Written in the question, summary and findings only after a name ("the Gemini API"): kgsync's rule
    (``mining.FREE``), which it applies to the items' own choices and to the hubs' stated mentions only."""
    written, tails = profile[3]
    return written > 0 and tails >= written


RULES: dict[str, Callable[[Profile], bool]] = {"never-bare": never_bare, "mostly-tail": mostly_tail,
                                               "name-tail": name_tail}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", help="glob of the items the graph was built from")
    parser.add_argument("--labels", type=Path, nargs="*", default=[LABELS / name for name in DEFAULT_READINGS])
    parser.add_argument("--list", action="store_true", help="each node's counts")
    args = parser.parse_args()
    verdicts: dict[str, str] = {}
    for path in args.labels:
        verdicts.update({node: v.kind for node, v in read_verdicts(path).items()})
    forms, links = node_forms(args.graph)
    found = profiles(args.items, forms, links)
    by_node: dict[str, list[Profile]] = defaultdict(list)
    for (_slug, node), profile in sorted(found.items()):
        by_node[node].append(profile)
    by_verdict: dict[str, Counter[str]] = defaultdict(Counter)
    for node, rows in by_node.items():
        for kinds, _stated, _longer, _tails in rows:
            by_verdict[verdicts.get(node, "unread")].update(kinds)
    print(f"{len(found)} links of {len(by_node)} nodes; occurrences in the dense zones by verdict:")
    for verdict, kinds in sorted(by_verdict.items()):
        total = sum(kinds.values()) or 1
        print(f"  {verdict:7} " + "  ".join(f"{k} {kinds[k]} ({kinds[k] / total:.0%})" for k in KINDS))
    for name, rule in RULES.items():
        dropped: Counter[str] = Counter()
        gone: dict[str, list[str]] = defaultdict(list)
        for node, rows in sorted(by_node.items()):
            verdict = verdicts.get(node, "unread")
            hit = sum(map(rule, rows))
            dropped[verdict] += hit
            if hit and len(rows) - hit < 2:
                gone[verdict].append(node)
        print(f"{name}: links dropped " + ", ".join(f"{v} {n}" for v, n in sorted(dropped.items())))
        for verdict, nodes in sorted(gone.items()):
            print(f"  nodes gone, {verdict} {len(nodes)}: {', '.join(nodes)}")
    if args.list:
        for node, rows in sorted(by_node.items()):
            kinds = sum((r[0] for r in rows), Counter())
            print(f"{verdicts.get(node, 'unread'):7} {node} links {len(rows)} " + " ".join(f"{k} {kinds[k]}" for k in KINDS))


if __name__ == "__main__":
    main()
