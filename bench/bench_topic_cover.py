"""What would make the topics no node covers nodes or aliases: the theme vocabulary, or the node that holds them?

    .venv/bin/python bench/bench_topic_cover.py FOLDER [FOLDER ...] --graph GRAPH [--list FILE]
        [--key TERM ...] [--vocabulary FILE]

Issue 21: "every topic named in >= 10 % of the items is a node or an alias of one".  For each term of
``--list`` (``bench/bench_topic_gate.py``'s list form: one term a line, ``#`` comments) that ``--graph``
covers by no concept or method name or alias (``bench_topic_gate.node_names``, lemmatised), it measures
the two routes an engineer could take (topics140):

* **theme**: the theme vocabulary's rows (``--vocabulary``, a Markdown table ``| `slug` | aliases | Scope |``)
  whose slug, alias or Scope facet (``vocabulary.facets.scope_facets``, the rule that makes a bucket's
  Scope phrases nodes, applied to every row) is the term, with the items that carry that theme and
  address the term in their text (``bench_topic_gate``'s text count: three mentions, one in the dense
  zones): what a rule making a theme's words nodes could cover, and for how many items;
* **holder**: the nodes whose name or alias (lemmatised) holds the term as whole words, and how many of
  the items that name the term name it only inside one of those forms ("retrieval augmented" inside
  "retrieval augmented generation").  ``canonical.prune_aliases`` drops an alias another alias holds
  (the reference server's search is a substring test), so such a term is reached by a search for it,
  but it is no alias the bench counts; and a holder may be another idea ("software development" in
  "software development kit"): that needs a reader's verdict, which the bench cannot give.

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_topic_gate import LIST, lemma, node_names, text_pattern, texts  # noqa: E402
from kgsync.extract.topics import ADDRESS_DENSE, ADDRESS_MENTIONS  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.facets import scope_facets  # noqa: E402

#: a row of the theme vocabulary's table: slug, aliases (backquoted slugs), Scope
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|(.*?)\|(.*?)\|\s*$", re.M)


@dataclass(frozen=True)
class Theme:
    """One row of the theme vocabulary: the slug and the lemmas its row names (slug, aliases, facets)."""

    slug: str
    names: frozenset[str]


def read_themes(text: str) -> tuple[Theme, ...]:
    """The rows of a theme vocabulary's table, each with the lemma of its slug, of each alias and of each
    Scope facet (``scope_facets``: the phrases that name a term as mining would take it)."""
    out = []
    for slug, aliases, scope in ROW.findall(text):
        forms = [slug, *re.findall(r"`([^`]+)`", aliases), *(f.name for f in scope_facets(scope.strip()))]
        out.append(Theme(slug, frozenset(lemma(form) for form in forms)))
    return tuple(out)


def holders(term: str, forms: dict[str, set[str]]) -> dict[str, set[str]]:
    """The node forms (lemma -> node names) that hold ``term``'s lemma as whole words, other than itself,
    without those that hold another such form ("graph retrieval augmented generation" holds "retrieval
    augmented generation", which holds "retrieval augmented"): the nearest holders, the ones a reader
    would compare the term with."""
    key = lemma(term)
    found = {form: names for form, names in forms.items() if form != key and _holds(form, key)}
    return {form: names for form, names in found.items() if not any(o != form and _holds(form, o) for o in found)}


def _holds(form: str, part: str) -> bool:
    """Does ``form`` hold ``part`` as whole words?"""
    return re.search(r"(?:^| )" + re.escape(part) + r"(?:$| )", form) is not None


def node_forms(graph: Path) -> dict[str, set[str]]:
    """lemma of each concept/method name and alias -> the nodes that carry it."""
    out: dict[str, set[str]] = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        entity = json.loads(line)
        if entity.get("type") == "entity" and entity.get("entityType") in ("concept", "method"):
            name = entity["name"]
            forms = [name.split(":", 1)[1], *(o[6:] for o in entity.get("observations", ()) if o.startswith("alias:"))]
            for form in forms:
                out.setdefault(lemma(form), set()).add(name)
    return out


def only_inside(term: str, held: list[str], whole: str) -> bool | None:
    """None when ``whole`` does not name ``term``; else whether every mention sits inside a holder's form."""
    mentions = len(text_pattern(term).findall(whole))
    if not mentions:
        return None
    return sum(len(text_pattern(form).findall(whole)) for form in held) >= mentions


def addresses(term: str, whole: str, dense: str) -> bool:
    """``bench_topic_gate``'s text reading: three mentions, one in the dense zones."""
    pattern = text_pattern(term)
    return len(pattern.findall(whole)) >= ADDRESS_MENTIONS and len(pattern.findall(dense)) >= ADDRESS_DENSE


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--graph", type=Path, required=True)
    parser.add_argument("--list", type=Path, default=LIST)
    parser.add_argument("--key", nargs="+", default=None, help="terms to read instead of --list's")
    parser.add_argument("--vocabulary", type=Path, default=None, help="the theme vocabulary (Markdown table)")
    args = parser.parse_args()
    terms = args.key or [line.strip() for line in args.list.read_text(encoding="utf-8").splitlines()
                         if line.strip() and not line.startswith("#")]
    covered = node_names(args.graph)
    missing = [t for t in terms if lemma(t) not in covered]
    forms = node_forms(args.graph)
    themes = read_themes(args.vocabulary.read_text(encoding="utf-8")) if args.vocabulary else ()
    items = read_items([p for folder in args.folders for p in find_item_files(str(folder / "*.md"))]).items
    read = [(item, *texts(item)) for item in items]
    print(f"{len(items)} items; {len(terms) - len(missing)} of {len(terms)} terms covered; the {len(missing)} others:")
    by_theme = by_one_holder = mostly_inside = 0
    for term in missing:
        named = [(item, whole, dense) for item, whole, dense in read if text_pattern(term).search(whole)]
        rows = [t for t in themes if lemma(term) in t.names]
        for theme in rows:
            carriers = [i for i, w, d in named if theme.slug in i.themes and addresses(term, w, d)]
            print(f"  {term:28s} theme {theme.slug}: {len(carriers)} items carry it and address the term")
        by_theme += bool(rows)
        held = holders(term, forms)
        nodes = sorted({n for names in held.values() for n in names})
        inside = sum(1 for _, whole, _ in named if only_inside(term, list(held), whole))
        if held:
            print(f"  {term:28s} held by {len(nodes)} node(s) {', '.join(nodes[:4])}{' ...' if len(nodes) > 4 else ''}: "
                  f"{inside} of {len(named)} namers write it only inside them")
        else:
            print(f"  {term:28s} no holder ({len(named)} items name it)")
        by_one_holder += len(nodes) == 1
        mostly_inside += len(nodes) == 1 and 2 * inside > len(named)
    print(f"uncovered {len(missing)}: named by a theme's row {by_theme}; held by one node {by_one_holder}, "
          f"of which most namers write it only inside it {mostly_inside}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
