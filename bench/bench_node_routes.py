"""The route that made each concept and method node, against blind readings of every node (issue 21).

    # 1. each node's routes, with the code of TREE (this tree, or a commit's ``git archive``), into a TSV
    PYTHONPATH=TREE .venv/bin/python bench/bench_node_routes.py routes REPO OUT.tsv
    # 2. the routes joined with readings: ideas / named / generic / wrong per route and per item count
    .venv/bin/python bench/bench_node_routes.py table [--list] NAME=ROUTES.tsv:READING.tsv ...

REPO: a research repository (``Research/completed`` and, for the configured case, ``kgsync.yml`` naming
the corpus's theme vocabulary), as ``/work/tools/basebuild.sh`` and ``newrepo.sh`` lay it out.  ``routes``
runs the build (``stages.build``, nothing written) with whatever ``kgsync`` is first on the path, so a
reading is joined with the routes of the code that built the graph it read: the graph's node set is
printed, to compare with the reading's.

Why a node stands, per item that links it (``addresses`` or ``uses_method``), from the vocabulary
the build made:

* ``caps``: a term mined within the item's caps (``ItemTerms.concepts``/``methods``, not beyond them);
* ``acronym``: an acronym the item defines and states, linked beyond its caps (``ItemTerms.defined``);
* ``topic``: a topic word or phrase a tenth of the items share, linked beyond the caps
  (``ItemTerms.beyond``, the term's key among ``Vocabulary.topics``);
* ``title``: a title's subject (``ItemTerms.beyond``, no topic: ``vocab.with_titled``);
* ``subject``: a name the item's findings open with (``ItemTerms.subjects``);
* ``hub``: a term on more than a fifth of the items (``hubs.hub_nodes``);
* ``theme``: the node of a theme that names one idea (the manifest's themes); ``facet``: a bucket
  theme's Scope phrase; ``other``: a link none of these accounts for (a claim's mention, a merge).

A node's *route* is the first that holds of: ``theme``, ``hub``, ``caps`` (``mining.min_links``
items choose it within their caps), ``acronym`` (with the caps' choosers, ``min_links`` items), ``topic``,
``subject``, ``facet``, else ``other`` (a tree older than ``ItemTerms.defined`` has no ``acronym``: its
definers count as ``caps``); ``--list`` names each node with its route set.  Beside it: how many items link
it, how many of those write one of its names (the name part or an ``alias:``) in their prose (the
body, front matter off; hyphens as spaces, case folded), and how many items of the corpus write it.

``table`` prints, per reading and pooled per population (the part of NAME before ``/``): the verdicts
per route (and ``all``: the reading's own count, as its summary gives it), what the rest would read with
a route's nodes gone (the cost of a rule that drops the route), per route any item links it by, per
count of linking items, per route x count, per share of its writers that link it, per route x share;
last, every cell of 3+ nodes that reads more generic than ideas+named, with the readings where it does,
and whether two readings of every population do (issue 21's bar for a rule that asks more of a route).

Not a test: it prints figures.  Nothing in the repo is written.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROUTES = ("theme", "hub", "caps", "acronym", "topic", "subject", "facet", "title", "other")
VERDICTS = ("idea", "named", "generic", "wrong")
COUNT_BANDS = ((1, 2, "1-2"), (3, 4, "3-4"), (5, 9, "5-9"), (10, 19, "10-19"), (20, 10**9, "20+"))


# --- routes (run with the tree whose code built the graph) -------------------------------------------------


def routes(repo: Path) -> list[dict[str, str]]:
    """One row per concept and method node of the graph ``repo``'s build makes: its routes and counts."""
    from kgsync.pipeline import stages
    from kgsync.read.config import load

    cfg = load(repo)
    result = stages.build(cfg, write=False)
    vocabulary = result.vocabulary
    graph = result.load_graph()
    kinds = ("concept", "method")
    nodes = {e.name: e for e in graph.entities if e.entity_type in kinds}
    linked: dict[str, set[str]] = defaultdict(set)
    for relation in graph.relations:
        if relation.relation_type in ("addresses", "uses_method") and relation.source.startswith("item:"):
            linked[relation.target].add(relation.source[len("item:"):])
    why = _item_routes(vocabulary)
    themes, facets = _theme_nodes(cfg, vocabulary, result.manifest)
    hub_names = _hub_names(vocabulary)
    min_links = cfg.mining.min_links
    texts = _bodies(result.items, repo)
    topics = _topic_names(vocabulary)
    merged = {target for _source, target in vocabulary.merges}  # a merge's target: noted, not a route
    rows = []
    for name in sorted(nodes):
        part = name.partition(":")[2]
        slugs = sorted(linked.get(name, ()))
        unaccounted = ("theme",) if part in themes else ("facet",) if part in facets else ("other",)
        per_item = {slug: why.get((slug, part), unaccounted) for slug in slugs}
        counts = Counter(route for found in per_item.values() for route in found)
        flags = [flag for flag, holds in (("theme", part in themes), ("hub", part in hub_names),
                                          ("topic", part in topics), ("subject", part in vocabulary.subjects),
                                          ("facet", part in facets), ("merge", part in merged)) if holds]
        written = _pattern(_names(nodes[name]))
        writers = {slug for slug, body in texts.items() if written.search(body)}
        prose = len(writers.intersection(slugs))
        rows.append({"node": name, "flags": ",".join(flags), "min_links": str(min_links),
                     "items": str(len(slugs)), "prose": str(prose),
                     "writers": str(len(writers)),
                     "routes": ",".join(f"{r}:{counts[r]}" for r in ROUTES if counts[r])})
    return rows


def _item_routes(vocabulary: Any) -> dict[tuple[str, str], tuple[str, ...]]:
    """(slug, term name) -> why the item links the term, as its chosen terms say."""
    topics = _topic_names(vocabulary)
    hubs = _hub_names(vocabulary)
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for slug, uses in vocabulary.per_item.items():
        defined = set(getattr(uses, "defined", ()))
        beyond = set(getattr(uses, "beyond", ()))
        found: dict[str, list[str]] = defaultdict(list)
        for n, linkers in hubs.items():
            if slug in linkers:  # a hub's addressers link it beyond their caps, as a topic's do
                found[n].append("hub")
        for use in (*uses.concepts, *uses.methods):
            n = use.name
            if n in defined:
                found[n].append("acronym")
            elif n in beyond:
                if n not in found:
                    found[n].append("topic" if n in topics else "title")
            else:
                found[n].append("caps")
        for n in beyond:
            if n not in found:
                found[n].append("topic" if n in topics else "title")
        for n in getattr(uses, "subjects", ()):
            found[n].append("subject")
        for n, why in found.items():
            out[(slug, n)] = tuple(dict.fromkeys(why))
    return out


def _topic_names(vocabulary: Any) -> frozenset[str]:
    """The names of the vocabulary's topic terms (``Vocabulary.topics`` holds their keys)."""
    from kgsync.extract.canonical import term_key

    keys = set(vocabulary.topics)
    index = getattr(vocabulary, "_index", {})  # key -> name, as ``topics.with_topics`` names a topic's term
    named = {index[key] for key in keys if key in index}
    try:
        from kgsync.extract import files
    except ImportError:
        files = None
    for key in keys:
        named.add(key.replace(" ", "-"))
        if files is not None and files.is_file_key(key):
            named.add(files.node_name(key))
    return frozenset(name for name, term in vocabulary.terms.items()
                     if name in named or term_key(name.replace("-", " ")) in keys or term_key(term.label) in keys)


def _hub_names(vocabulary: Any) -> dict[str, tuple[str, ...]]:
    from kgsync.vocabulary.hubs import hub_nodes

    return dict(hub_nodes(vocabulary))


def _theme_nodes(cfg: Any, vocabulary: Any, manifest: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The name parts of the theme nodes and of the bucket themes' facet nodes."""
    from kgsync.vocabulary.themes import load_theme_map

    themes = load_theme_map(cfg.optional_path(cfg.themes_vocabulary))
    slugs = tuple(manifest.themes)
    names: set[str] = set()
    names.update(slugs)  # an older tree named a theme's node by its slug
    if cfg.themes_vocabulary:
        names.update(themes.node(slug) for slug in slugs)
        from kgsync.graph.terms import mined_names_of_themes

        names.update(mined_names_of_themes(vocabulary, themes.nodes, themes))
    else:
        try:
            from kgsync.graph.terms import own_theme_nodes
        except ImportError:  # an older tree: the theme's node is its slug
            names.update(slugs)
        else:
            names.update(own.node.partition(":")[2] for own in own_theme_nodes(slugs, vocabulary).values())
    facets = {facet.name for found in getattr(themes, "facets", {}).values() for facet in found}
    return frozenset(names), frozenset(facets - names)


def _bodies(items: Iterable[Any], repo: Path) -> dict[str, str]:
    """slug -> its file's text after the front matter, folded as ``_fold`` does."""
    out = {}
    for item in items:
        text = (repo / item.path).read_text(encoding="utf-8")
        if text.startswith("---"):
            end = text.find("\n---", 3)
            text = text[end + 4:] if end >= 0 else text
        out[item.slug] = " " + _fold(text) + " "
    return out


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[-_/]", " ", text.casefold()))


def _names(entity: Any) -> tuple[str, ...]:
    part = entity.name.partition(":")[2]
    aliases = [o[len("alias:"):] for o in entity.observations if o.startswith("alias:")]
    return tuple(sorted({_fold(n) for n in (part, *aliases) if n.strip()}))


def _pattern(names: Sequence[str]) -> re.Pattern[str]:
    """One search for any of ``names`` as whole words (folded as ``_fold`` folds the text)."""
    return re.compile(r"(?<![a-z0-9])(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![a-z0-9])")


def _writes(body: str, names: Sequence[str]) -> bool:
    return bool(_pattern(names).search(body))


def _route(row: Mapping[str, str]) -> str:
    """The route that made the node (the module docstring's order), from ``routes``' row."""
    flags = set(row["flags"].split(",")) - {""}
    counts = Counter({p.split(":")[0]: int(p.split(":")[1]) for p in row["routes"].split(",") if p})
    min_links = int(row["min_links"])
    if "theme" in flags:
        return "theme"
    if "hub" in flags:
        return "hub"
    if counts["caps"] >= min_links:
        return "caps"
    if counts["acronym"] and counts["caps"] + counts["acronym"] >= min_links:
        return "acronym"
    for flag in ("topic", "subject", "facet"):
        if flag in flags:
            return flag
    return "other"


# --- the table (any tree) -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    node: str
    route: str
    routes: str
    items: int
    prose: int
    verdict: str
    writers: int  # items of the corpus that write one of its names in prose, linking it or not


def joined(routes_tsv: Path, reading: Path) -> tuple[list[Row], list[str], list[str]]:
    """The graph's nodes with the reading's verdicts, the nodes no reading judged, and the read nodes
    the graph lacks (the reading read another graph)."""
    with routes_tsv.open(encoding="utf-8") as handle:
        graph = {r["node"]: r for r in csv.DictReader(handle, delimiter="\t")}
    verdicts: dict[str, str] = {}
    lines = [line for line in reading.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    header = lines[0].split("\t")
    for line in lines[1:]:
        cells = dict(zip(header, line.split("\t")))
        name, verdict = cells.get("name", ""), cells.get("verdict", "")
        if name.startswith(("concept:", "method:")) and verdict:
            verdicts[name] = verdict
    rows = [Row(n, _route(r), r["routes"], int(r["items"]), int(r["prose"]), verdicts[n], int(r["writers"]))
            for n, r in graph.items() if n in verdicts]
    return rows, sorted(set(graph) - set(verdicts)), sorted(set(verdicts) - set(graph))


def band(count: int) -> str:
    return next(label for low, high, label in COUNT_BANDS if low <= count <= high)


def prose_band(row: Row) -> str:
    """How many of the linking items write the node in prose: all, most (half or more), fewer."""
    if row.prose >= row.items:
        return "all write it"
    return "half or more" if 2 * row.prose >= row.items else "under half"


WRITER_BANDS = ("links most writers", "links a third+", "links under a third")


def writer_band(row: Row) -> str:
    """Of the items that write one of its names in prose, how many link it: a name many items write
    in passing and few link reads as an everyday phrase, or so the guess goes."""
    writers = max(row.writers, 1)
    if 2 * row.prose > writers:
        return WRITER_BANDS[0]
    return WRITER_BANDS[1] if 3 * row.prose >= writers else WRITER_BANDS[2]


def tally(rows: Sequence[Row], key: Any) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        keys = key(row)
        for k in (keys if isinstance(keys, (list, tuple)) else (keys,)):
            out[k][row.verdict] += 1
    return out


def render(title: str, cells: Mapping[str, Counter[str]], order: Sequence[str] | None = None) -> list[str]:
    lines = [f"  {title:<26} {'n':>4} {'idea':>5} {'named':>6} {'gener':>6} {'wrong':>6}   ideas+named   generic>i+n"]
    for k in (order or sorted(cells)):
        if k not in cells:
            continue
        c = cells[k]
        n = sum(c.values())
        good = c["idea"] + c["named"]
        flag = "  <-- generic > ideas+named" if c["generic"] > good else ""
        lines.append(f"  {k:<26} {n:>4} {c['idea']:>5} {c['named']:>6} {c['generic']:>6} {c['wrong']:>6}"
                     f"   {good:>3}/{n:<3} {100 * good / n:5.1f} %{flag}")
    return lines


#: the cells the test of issue 21's task reads: a route, a route by its linking items' count, by how many
#: of its writers link it, and "any item links it by" a route
CELLS: tuple[tuple[str, Any], ...] = (
    ("route", lambda r: r.route),
    ("route x items", lambda r: f"{r.route} {band(r.items)}"),
    ("route x writers", lambda r: f"{r.route} {writer_band(r)}"),
    ("by route", lambda r: [f"by {p.split(':')[0]}" for p in r.routes.split(",") if p]),
)
SMALLEST = 3  # a cell of one or two nodes says nothing of a route: one reader's doubt flips it


def table(pairs: Sequence[str], listing: bool) -> None:
    pooled: dict[str, list[Row]] = defaultdict(list)
    failing: dict[str, set[tuple[str, str]]] = defaultdict(set)  # cell -> (population, reading) where it fails
    for pair in pairs:
        label, _, files = pair.partition("=")
        routes_tsv, _, reading = files.partition(":")
        rows, unread, absent = joined(Path(routes_tsv), Path(reading))
        print(f"== {label}: {len(rows)} nodes read; {len(unread)} graph nodes unread; "
              f"{len(absent)} read nodes not in the graph{': ' + ', '.join(absent) if absent else ''}")
        _print(rows, listing)
        population = label.split("/")[0]
        pooled[population].extend(rows)
        for _title, key in CELLS:
            for cell, c in tally(rows, key).items():
                if sum(c.values()) >= SMALLEST and c["generic"] > c["idea"] + c["named"]:
                    failing[cell].add((population, label))
    for population, rows in pooled.items():
        print(f"== pooled over the readings of {population} ({len(rows)} node readings)")
        _print(rows, False)
    populations = {pair.partition("=")[0].split("/")[0] for pair in pairs}
    print(f"== cells of {SMALLEST}+ nodes that read more generic than ideas+named, with the readings where they do")
    for cell in sorted(failing):
        where = sorted(failing[cell])
        passes = len(where) >= 2 and {p for p, _ in where} == populations
        print(f"  {cell:<30} {', '.join(label for _, label in where)}"
              f"{'   <-- two readings of every population: a rule may ask more of it' if passes else ''}")
    if not failing:
        print("  none")


def _print(rows: Sequence[Row], listing: bool) -> None:
    routes = {**tally(rows, lambda r: r.route), **tally(rows, lambda r: "all")}
    print("\n".join(render("route", routes, (*ROUTES, "all"))))
    print("\n".join(_without(rows)))
    print("\n".join(render("any item by (route)", tally(rows, lambda r: [f"by {p.split(':')[0]}" for p in r.routes.split(",") if p]),
                           [f"by {r}" for r in ROUTES])))
    print("\n".join(render("linking items", tally(rows, lambda r: band(r.items)), [b[2] for b in COUNT_BANDS])))
    print("\n".join(render("route x items", tally(rows, lambda r: f"{r.route} {band(r.items)}"),
                           [f"{r} {b[2]}" for r in ROUTES for b in COUNT_BANDS])))
    print("\n".join(render("prose writers", tally(rows, prose_band), ["all write it", "half or more", "under half"])))
    print("\n".join(render("writers linking", tally(rows, writer_band), WRITER_BANDS)))
    print("\n".join(render("route x writers", tally(rows, lambda r: f"{r.route} {writer_band(r)}"),
                           [f"{r} {w}" for r in ROUTES for w in WRITER_BANDS])))
    if listing:
        for row in sorted(rows, key=lambda r: (r.route, r.verdict, r.node)):
            print(f"    {row.route:<8} {row.verdict:<8} {row.items:>3} {row.prose:>3} {row.writers:>3}  {row.node}  [{row.routes}]")


def _without(rows: Sequence[Row]) -> list[str]:
    """What the graph would read with each route's nodes gone: the cost of a rule that drops a route."""
    lines = ["  without the route's nodes: ideas+named of the rest (right readings lost, generic ones gone)"]
    for route in ROUTES:
        gone = [r for r in rows if r.route == route]
        if not gone:
            continue
        rest = [r for r in rows if r.route != route]
        good = sum(r.verdict in ("idea", "named") for r in rest)
        lost = sum(r.verdict in ("idea", "named") for r in gone)
        generic = sum(r.verdict == "generic" for r in gone)
        lines.append(f"    {route:<8} {good}/{len(rest)} = {100 * good / max(len(rest), 1):5.1f} %   ({lost} right lost, {generic} generic gone)")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("routes", help="each node's routes, with the kgsync first on the path")
    one.add_argument("repo", type=Path)
    one.add_argument("out", type=Path)
    two = sub.add_parser("table", help="routes joined with readings")
    two.add_argument("pairs", nargs="+", help="POPULATION/NAME=ROUTES.tsv:READING.tsv")
    two.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "routes":
        rows = routes(args.repo.resolve())
        with args.out.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=["node", "flags", "min_links", "routes", "items", "prose", "writers"], delimiter="\t",
                                    lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        print(json.dumps(Counter(_route(r) for r in rows)), f"{len(rows)} nodes", file=sys.stderr)
    else:
        table(args.pairs, args.list)


if __name__ == "__main__":
    main()
