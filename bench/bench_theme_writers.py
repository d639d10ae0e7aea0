"""Should an item that only files itself under a theme of the configured vocabulary stop linking the theme's node?

    .venv/bin/python bench/bench_theme_writers.py [--shared ../shared] [--labels-links FILE] [--labels-nodes FILE]
        [--min-links 2] [--show]

With a theme vocabulary whose Scope column says which themes name one idea (``ThemeMap.ideas``), every item that
carries such a theme in its ``themes:`` line links the theme's node.  Without one, an item links a theme no
vocabulary lists only where it *writes* it, and a theme fewer than ``mining.min_links`` items write has no node
(``kgsync.extract.written_themes``, ``graph.assemble.written_theme_nodes``).  This bench measures the same rule
and its variants for the configured case, on ``corpus/research`` (the research graph, 220 items) and
``corpus/research`` + ``corpus/later`` (the 273-item graph), against labels written before it
(``bench/labels/themes171_engineer_{nodes,links}.tsv``).

Which themes an item writes, four readings, each of the item's own text only:

- ``slug``: the theme's slug words as one phrase in its title, question, summary or a Key Finding (``written_themes``,
  the unconfigured rule itself);
- ``zones``: that, or a variant of the theme's name (``ThemeMap.mentions``: an alias or Scope phrase of two or more
  words that ``is_variant`` of the slug, or an acronym the Scope spells out) in those zones;
- ``text``: a variant anywhere in the title or body;
- ``aliases``: ``text``, or any alias the vocabulary lists for the theme, single words too ("agents", "ux").

Two rules per reading (``--min-links`` is the floor, as ``written_theme_nodes`` reads it):

- ``links``: a theme is a node when at least ``min_links`` items write it; only those items link it, the others keep
  their ``tag:`` (the unconfigured rule);
- ``nodes``: a theme is a node when at least ``min_links`` items write it; then every item carrying it links it.

Printed per graph: each theme's carriers and writers by reading; per rule, the nodes it removes with the labels'
verdicts, the carrier links it removes, and the labelled share of those (right / tag-only / wrong; a link is
counted once per graph, research and later apart): a ``links`` rule on the random sample of the labels (44 links drawn
from the ``zones`` reading's removals: the ``slug`` reading removes more, unlabelled), a ``nodes`` rule on the labels of
every carrier link of the four themes such a rule can remove.  The pass bar, fixed before measuring (the brief): more
generic than idea nodes removed, at least 3 tag-only-or-wrong removed links per right one on the labels.
Only carrier links are modelled: a node also linked by items that mine a variant of it keeps those links.
Not a test: it prints figures (issue 21 part 2, themes171).
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract.canonical import fresh_words, key_of_words, term_key, word_key  # noqa: E402
from kgsync.extract.written_themes import written_themes  # noqa: E402
from kgsync.read.items import ResearchItem, read_items  # noqa: E402
from kgsync.vocabulary.themes import ThemeMap, load_theme_map  # noqa: E402

READINGS = ("slug", "zones", "text", "aliases")
RULES = ("links", "nodes")
_BREAK = re.compile(r"[^\w\s'\u2019\-\u2010\u2011\u2013]+")  # as written_themes cuts phrases


@dataclass(frozen=True)
class Carried:
    corpus: str  # "research" or "later"
    item: str
    theme: str
    writes: frozenset[str]  # the readings under which the item writes the theme


def _zones(item: ResearchItem) -> list[str]:
    return [item.title, item.research_question or "", item.executive_summary or "", *(f.text for f in item.key_findings)]


def _keys(text: str) -> list[str]:
    return key_of_words(map(word_key, fresh_words(_BREAK.sub(" 0 ", text)))).split(" ")


def _holds(parts: list[str], keys: list[str]) -> bool:
    size = len(parts)
    return any(keys[at:at + size] == parts for at, key in enumerate(keys) if key == parts[0])


def _alias_parts(themes: ThemeMap, theme: str) -> list[list[str]]:
    """The theme's aliases as the vocabulary lists them, single words too, as key runs."""
    aliases = [alias for alias, slug in themes.alias_to_canonical.items() if slug == theme]
    return [parts for alias in aliases if (parts := term_key(alias.replace("-", " ")).split())]


def carried(items: Iterable[tuple[str, ResearchItem]], themes: ThemeMap) -> list[Carried]:
    ideas = themes.ideas or frozenset()
    rows: list[Carried] = []
    for corpus, item in items:
        mine = sorted({themes.canonicalise(t) for t in item.themes} & ideas)
        if not mine:
            continue
        slug = {themes.canonicalise(t) for t in written_themes(item)}
        zones = slug | {s for zone in _zones(item) for s in themes.mentions(zone)}
        text = zones | set(themes.mentions(item.title)) | set(themes.mentions(item.body))
        keys = _keys(item.title + "\n" + item.body)
        for theme in mine:
            got = {name for name, found in (("slug", slug), ("zones", zones), ("text", text)) if theme in found}
            if "text" in got or any(_holds(parts, keys) for parts in _alias_parts(themes, theme)):
                got.add("aliases")
            rows.append(Carried(corpus, item.slug, theme, frozenset(got)))
    return rows


def removed(rows: list[Carried], reading: str, rule: str, min_links: int) -> tuple[frozenset[str], list[Carried]]:
    """The nodes the rule removes and the carrier links it removes."""
    writers = Counter(row.theme for row in rows if reading in row.writes)
    gone = frozenset(row.theme for row in rows if writers[row.theme] < min_links)
    links = [row for row in rows if row.theme in gone or (rule == "links" and reading not in row.writes)]
    return gone, links


def _labels(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--labels-links", type=Path, default=ROOT / "bench/labels/themes171_engineer_links.tsv")
    parser.add_argument("--labels-nodes", type=Path, default=ROOT / "bench/labels/themes171_engineer_nodes.tsv")
    parser.add_argument("--min-links", type=int, default=2)
    parser.add_argument("--show", action="store_true", help="list every removed link with its label")
    args = parser.parse_args(argv)
    corpus = args.shared / "corpus"
    themes = load_theme_map(corpus / "themes-vocabulary.md")
    read: list[tuple[str, ResearchItem]] = []
    for part in ("research", "later"):
        paths = sorted(p for p in (corpus / part).glob("*.md") if p.name != "README.md")
        read += [(part, item) for item in read_items(paths).items]
    verdict_of_node = {(r["theme"], r["graph"]): r["verdict"] for r in _labels(args.labels_nodes)}
    # A link rule is read on the random sample (drawn from the ``zones`` reading's removals, which hold the ``text``
    # and ``aliases`` ones), a node rule on the population of the removable themes' links, labelled in full.
    link_labels = _labels(args.labels_links)
    verdicts = {rule: {(r["item"], r["theme"]): r["verdict"] for r in link_labels if r["set"] == wanted}
                for rule, wanted in (("links", "sample44"), ("nodes", "population"))}
    all_rows = carried(read, themes)
    for graph, parts in (("research", {"research"}), ("c273", {"research", "later"})):
        rows = [row for row in all_rows if row.corpus in parts]
        print(f"== {graph}: {len({r.item for r in rows})} items carry an idea theme, {len(rows)} carrier links")
        print(f"   {'theme':24} carriers " + " ".join(f"{r:>7}" for r in READINGS) + "   (writers)")
        for theme in sorted({r.theme for r in rows}):
            mine = [r for r in rows if r.theme == theme]
            print(f"   {theme:24} {len(mine):8} " + " ".join(f"{sum(x in r.writes for r in mine):7}" for x in READINGS))
        for reading in READINGS:
            for rule in RULES:
                gone, links = removed(rows, reading, rule, args.min_links)
                nodes = Counter(verdict_of_node.get((t, graph), "unlabelled") for t in gone)
                print(f"-- {rule}/{reading}: nodes removed {len(gone)} {sorted(gone)} verdicts {dict(sorted(nodes.items()))}")
                verdict_of_link = verdicts[rule]
                for part in sorted(parts):
                    mine = [r for r in links if r.corpus == part]
                    seen = Counter(verdict_of_link.get((r.item, r.theme), "unlabelled") for r in mine)
                    right = seen.get("right", 0)
                    against = seen.get("tag-only", 0) + seen.get("wrong", 0)
                    ratio = f"{against / right:.2f}" if right else ("inf" if against else "-")
                    print(f"   {part:8} links removed {len(mine):4}; labelled right {right}, tag-only {seen.get('tag-only', 0)}, "
                          f"wrong {seen.get('wrong', 0)}, unlabelled {seen.get('unlabelled', 0)}; (tag-only+wrong)/right {ratio}")
                    if args.show:
                        for r in mine:
                            print(f"      {r.theme:22} {r.item} {verdict_of_link.get((r.item, r.theme), '-')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
