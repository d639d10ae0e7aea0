"""Which items write a concept or method node's name in their own prose, against the items the graph links to it.

    .venv/bin/python bench/bench_written_links.py GRAPH ITEMS_DIR [ITEMS_DIR ...] [--split 2026-05-01]
        [--labels FILE] [--sample N --seed S] [--list NODE]

Issue 21, links189: a reader found concept nodes linking far fewer items than write their name
("prompt-engineering links 2 of the 25 items that mention it").  For every ``concept`` and ``method``
node of GRAPH (a ``memory.jsonl``), each item of ITEMS_DIR whose own prose writes the node's name or one
of its aliases is a *writer*; it is *linked* when the graph holds ``item -addresses-> node`` or
``item -uses_method-> node``.  Prose is the item's text less its front matter (the tags), its Sources,
Related and Evidence Map sections (cited titles), every URL and link target, inline code and dated
slugs; a name matches as whole words, case-insensitive but for an alias written like an acronym
(capitals only, matched as written), a final ``s``/``es`` allowed.

Each (writer, node) pair is read by where the name stands (``ZONES``): the title, the research question,
the executive summary, the key findings, the analysis, a heading, and the rest.  The script prints, for
the research items (completed before ``--split``) and the later items apart, the writers, the linked,
and the unlinked by their zones; ``--sample`` writes a seeded sample of the unlinked pairs as a label
sheet (slug, node, zone counts, a verdict column to fill: ``addresses`` or ``passing``), and
``--labels`` scores each candidate rule (``RULES``) on a filled sheet: how many labelled pairs it would
link, how many of those address the idea (precision with its count) and how many addressing pairs it
leaves.  Every rule reads the item's own text and the node's names alone (locality).
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ZONES = ("title", "question", "summary", "findings", "analysis", "heading", "other")
_CITED_SECTIONS = re.compile(r"^(sources|references|related|evidence map)\b", re.I)
_QUESTION = re.compile(r"^(research question|question)", re.I)
_ZONE_OF = {"executive summary": "summary", "key findings": "findings", "analysis": "analysis"}
_URL = re.compile(r"https?://\S+|\]\([^)]*\)|`[^`]*`|\b\d{4}-\d{2}-\d{2}-[a-z0-9-]+")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")


@dataclass(frozen=True)
class Item:
    slug: str
    completed: str
    zones: Mapping[str, str]  # zone -> its prose, joined


def read_item(path: Path) -> Item:
    """An item's prose by zone (see the module doc)."""
    text = path.read_text(encoding="utf-8")
    completed, title = "", ""
    if text.startswith("---\n"):
        head, _, text = text[4:].partition("\n---\n")
        for line in head.splitlines():
            if line.startswith("completed:"):
                completed = line.split(":", 1)[1].strip()[:10]
            elif line.startswith("title:"):
                title = line.split(":", 1)[1].strip().strip('"')
    zones: dict[str, list[str]] = {z: [] for z in ZONES}
    zones["title"].append(title)
    zone, cited, h2 = "other", False, ""
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            level, words = len(m.group(1)), m.group(2).strip()
            if level == 1:
                zone = "skip"  # the title again
                continue
            if level == 2:
                h2 = words
                cited = bool(_CITED_SECTIONS.match(words))
                zone = "question" if _QUESTION.match(words) else "other"
            else:
                cited = bool(_CITED_SECTIONS.match(words)) or bool(_CITED_SECTIONS.match(h2))
                zone = _ZONE_OF.get(words.lower().rstrip(":"), zone if level > 3 else "other")
            if not cited:
                zones["heading"].append(words)
            continue
        if cited or zone == "skip":
            continue
        zones[zone].append(line)
    return Item(path.stem, completed, {z: _URL.sub(" ", "\n".join(lines)) for z, lines in zones.items()})


_WORD = re.compile(r"[A-Za-z0-9]+(?:[.'][A-Za-z0-9]+)*")


def _fold(word: str) -> str:
    """A word as a form is matched: lower case, a final s/es dropped (a plural); an acronym as written."""
    if re.fullmatch(r"[A-Z0-9]{2,}s?", word):
        return word[:-1] if word.endswith("s") else word
    low = word.lower()
    for end in ("ies", "es", "s"):
        if low.endswith(end) and len(low) > len(end) + 2:
            return low[: -len(end)] + ("y" if end == "ies" else "")
    return low


def form_keys(names: Iterable[str]) -> set[tuple[str, ...]]:
    """A node's forms as folded word tuples: whole words, hyphen or space alike."""
    return {tuple(_fold(w) for w in _WORD.findall(name)) for name in names} - {()}


class Matcher:
    """Every node's forms, matched over a text's words in one pass (longest form first at each word)."""

    def __init__(self, nodes: Mapping[str, Iterable[str]]) -> None:
        self.forms: dict[tuple[str, ...], set[str]] = {}
        for node, names in nodes.items():
            for key in form_keys(names):
                self.forms.setdefault(key, set()).add(node)
        self.longest = max((len(k) for k in self.forms), default=1)
        self.heads = {k[0] for k in self.forms}

    def count(self, text: str) -> Counter[str]:
        words = [_fold(w) for w in _WORD.findall(text)]
        out = Counter[str]()
        for i, word in enumerate(words):
            if word not in self.heads:
                continue
            for n in range(min(self.longest, len(words) - i), 0, -1):
                for node in self.forms.get(tuple(words[i : i + n]), ()):
                    out[node] += 1
        return out


def read_graph(path: Path) -> tuple[dict[str, list[str]], set[tuple[str, str]]]:
    """The concept and method nodes (name -> its forms: the slug's words and its aliases) and the
    (item slug, node) pairs the graph links."""
    nodes: dict[str, list[str]] = {}
    links: set[tuple[str, str]] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["type"] == "entity" and record["entityType"] in ("concept", "method"):
            slug = record["name"].split(":", 1)[1]
            nodes[record["name"]] = [slug.replace("-", " ")] + [o[6:] for o in record["observations"]
                                                                 if o.startswith("alias:")]
        elif record["type"] == "relation" and record["relationType"] in ("addresses", "uses_method"):
            if record["from"].startswith("item:"):
                links.add((record["from"][5:], record["to"]))
    return nodes, links


def zone_counts(item: Item, matcher: Matcher) -> dict[str, dict[str, int]]:
    """node -> zone -> mentions of the node's forms in ``item``'s prose."""
    out: dict[str, dict[str, int]] = {}
    for zone in ZONES:
        for node, n in matcher.count(item.zones[zone]).items():
            out.setdefault(node, {})[zone] = n
    return out


Rule = Callable[[Mapping[str, int]], bool]
_STATED = ("title", "question", "summary")
RULES: dict[str, Rule] = {
    "stated": lambda c: any(c.get(z) for z in _STATED),
    "stated+3": lambda c: any(c.get(z) for z in _STATED) and sum(c.values()) >= 3,
    "title|question": lambda c: bool(c.get("title") or c.get("question")),
    "summary": lambda c: bool(c.get("summary")),
    "findings": lambda c: bool(c.get("findings")),
    "heading": lambda c: bool(c.get("heading")),
    "concluded+3": lambda c: any(c.get(z) for z in (*_STATED, "findings", "analysis")) and sum(c.values()) >= 3,
    "n>=3": lambda c: sum(c.values()) >= 3,
    "n>=5": lambda c: sum(c.values()) >= 5,
    "zones>=3": lambda c: len(c) >= 3,
    "stated+findings": lambda c: any(c.get(z) for z in _STATED) and bool(c.get("findings")),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", type=Path, nargs="+")
    parser.add_argument("--split", default="2026-05-01")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=189)
    parser.add_argument("--labels", type=Path)
    parser.add_argument("--list", dest="node")
    args = parser.parse_args(argv)
    nodes, links = read_graph(args.graph)
    items = [read_item(p) for folder in args.items for p in sorted(folder.glob("*.md"))]
    matcher = Matcher(nodes)
    pairs: dict[tuple[str, str], dict[str, int]] = {}
    half = {item.slug: ("research" if item.completed < args.split else "later") for item in items}
    for item in items:
        for node, counts in zone_counts(item, matcher).items():
            pairs[(item.slug, node)] = counts
    if args.node:
        for (slug, node), counts in sorted(pairs.items()):
            if node == args.node:
                print(slug, "linked" if (slug, node) in links else "-", counts)
        return
    for part in ("research", "later"):
        mine = {k: c for k, c in pairs.items() if half[k[0]] == part}
        linked = [k for k in mine if k in links]
        unlinked = {k: c for k, c in mine.items() if k not in links}
        print(f"{part}: {len(mine)} (item, node) writer pairs over {len({k[1] for k in mine})} nodes; "
              f"linked {len(linked)}; unlinked {len(unlinked)}; graph links not written in prose: "
              f"{sum(1 for k in links if half.get(k[0]) == part and k not in mine)}")
        concluding = ("title", "question", "summary", "findings", "analysis")
        rest = [c for c in unlinked.values() if not any(c.get(z) for z in concluding)]
        print(f"  unlinked pairs naming it nowhere it states or concludes (title, question, summary, findings,"
              f" analysis): {len(rest)}, of them at most twice: {sum(1 for c in rest if sum(c.values()) <= 2)}")
        for rule, test in RULES.items():
            print(f"  unlinked pairs {rule:>16}: {sum(1 for c in unlinked.values() if test(c))}")
    per_node = Counter(k[1] for k in pairs)
    per_node_linked = Counter(k[1] for k in pairs if k in links)
    print("nodes by writers (all items): writers / linked-writers")
    for node, n in per_node.most_common(25):
        print(f"  {node}: {n} / {per_node_linked[node]}")
    if args.sample:
        rng = random.Random(args.seed)
        unl = sorted(k for k in pairs if k not in links)
        strata = {"stated": RULES["stated"],
                  "concluded": lambda c: RULES["concluded+3"](c) and not RULES["stated"](c)}
        for part in ("research", "later"):
            for stratum, test in strata.items():
                pool = [k for k in unl if half[k[0]] == part and test(pairs[k])]
                n = args.sample if stratum == "stated" else args.sample // 2
                for slug, node in sorted(rng.sample(pool, min(n, len(pool)))):
                    counts = pairs[(slug, node)]
                    print("\t".join((part, slug, node, " ".join(f"{z}={n}" for z, n in counts.items()),
                                     "", stratum)))
    if args.labels:
        score(args.labels, pairs, half)


def score(path: Path, pairs: Mapping[tuple[str, str], Mapping[str, int]], half: Mapping[str, str]) -> None:
    """Each rule against a filled sheet, research and later apart."""
    verdicts: dict[tuple[str, str], str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        verdicts[(cells[1], cells[2])] = cells[4].strip()
    for part in ("research", "later"):
        mine = {k: v for k, v in verdicts.items() if half.get(k[0]) == part and k in pairs}
        good = sum(1 for v in mine.values() if v == "addresses")
        print(f"{part}: {len(mine)} labelled unlinked pairs, {good} address the idea")
        for rule, test in RULES.items():
            hit = [v for k, v in mine.items() if test(pairs[k])]
            right = sum(1 for v in hit if v == "addresses")
            print(f"  {rule:>16}: links {len(hit)}, right {right}"
                  f" ({right / len(hit):.0%})" * bool(hit) + f", leaves {good - right} addressing")


if __name__ == "__main__":
    main()
