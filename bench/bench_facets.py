"""Would a bucket theme's Scope phrases, as nodes, be ideas, and which items would link them?

    .venv/bin/python bench/bench_facets.py FOLDER [FOLDER ...] [--vocabulary FILE] [--graph memory.jsonl]
        [--labels FILE] [--singles]

Several FOLDERs are read as one corpus.  A *bucket* is a theme of the vocabulary that names no one idea
(``kgsync.vocabulary.theme_words.names_one_idea``: "benchmarks-eval", "security-risk").  Each phrase of its Scope
column that names a term as mining would take it is a *facet* (``kgsync.vocabulary.facets.scope_facets``: a
coordination distributes its head; no plain single word, no function word inside, ``idea.names_an_idea``
read as one unit); ``--singles`` adds the plain single words too ("evaluation", "policy"), to show what
they would link.  For each facet it prints the items that carry the bucket, those that write it (a key
of it in the lower-cased text, hyphens as spaces), those that address it (the rule's own reading: a key
of it among the item's ``mining.candidates(item).addressed``, three mentions in the whole text, one in
the title, question, summary or findings, of a two-word term mining keeps or an acronym; a single word of ``--singles``: counted in the text, singular
or plural), and whether ``--graph`` has its node already; then the new nodes (a facet at least one item
addresses, with no node in ``--graph``) and how many the labels (``--labels``, default the facets65
engineer labels, written before the rule; matched by ``term_key``) call ideas.  Not a test: it prints
figures (issue 21, facets65).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract import markup  # noqa: E402
from kgsync.extract.canonical import canonical_name, display_alias, term_key  # noqa: E402
from kgsync.extract.mining import candidates  # noqa: E402
from kgsync.extract.topics import addresses  # noqa: E402
from kgsync.read.items import ResearchItem, read_corpus  # noqa: E402
from kgsync.vocabulary.facets import Facet, scope_facets  # noqa: E402
from kgsync.vocabulary.themes import _ROW, load_theme_map  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "facets65_engineer_phrases.tsv"


def single_counts(word: str, text: str, dense: str) -> tuple[int, int]:
    """Mentions of a plain single word in the whole text and the dense zones (any case, singular or
    plural, not inside a hyphenated word): what ``--singles`` reads, since ``extract.addressed`` keeps no
    single word."""
    pattern = _single_pattern(word)
    return len(pattern.findall(text)), len(pattern.findall(dense))


@cache
def _single_pattern(word: str) -> re.Pattern[str]:
    stem = re.escape(word.lower())
    body = f"{stem[:-1]}(?:y|ies)" if stem.endswith("y") else f"{stem}(?:e?s)?"
    return re.compile(rf"(?<![\w\-])(?i:{body})(?![\w\-])")


def texts(item: ResearchItem) -> tuple[str, str]:
    """The item's whole text (title and body, without code, link targets and URLs) and its dense zones."""
    findings = "\n".join(f.text for f in item.key_findings)
    zones = (item.title, item.research_question, item.executive_summary, findings)
    return (item.title + "\n" + markup.clean(markup.without_fences(item.body)),
            "\n".join(markup.clean(z) for z in zones if z))


def single_words(scope: str) -> tuple[Facet, ...]:
    """The Scope's plain single-word phrases as facets ("policy"): what ``--singles`` adds."""
    words = [p.strip() for p in scope.split(",") if len(p.split()) == 1 and "-" not in p and "(" not in p]
    return tuple(Facet(canonical_name(w), False, (display_alias(w),), ()) for w in words)


def graph_nodes(path: Path | None) -> set[str]:
    """The name part of every concept and method node of a memory.jsonl."""
    if path is None:
        return set()
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("type") == "entity" and row["name"].split(":", 1)[0] in ("concept", "method"):
            names.add(row["name"].split(":", 1)[1])
    return names


def labels(path: Path) -> dict[str, str]:
    """``term_key`` of a node's name part -> the label's verdict (the labels name a would-be node as the
    engineer wrote it, "machine-learning-operations"; the rule's name may differ in number)."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "bucket\t")):
            continue
        _bucket, _phrase, node, verdict, _why = line.split("\t")
        found[term_key(node.split(":", 1)[1].replace("-", " "))] = verdict
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--vocabulary", type=Path, default=ROOT.parent / "shared" / "corpus" / "themes-vocabulary.md")
    parser.add_argument("--graph", type=Path, default=None, help="the graph before: which facets are nodes already")
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--singles", action="store_true", help="also the plain single-word Scope phrases")
    args = parser.parse_args()
    themes = load_theme_map(args.vocabulary)
    scopes = {slug: scope for slug, _aliases, scope in _ROW.findall(args.vocabulary.read_text(encoding="utf-8"))}
    buckets = sorted(themes.canonical - (themes.ideas or frozenset()))
    items = [item for folder in args.folders for item in read_corpus(folder).items]
    before, verdicts = graph_nodes(args.graph), labels(args.labels)
    addressed = {item.slug: frozenset(candidates(item).addressed) for item in items}
    written = {item.slug: " ".join(texts(item)[0].lower().replace("-", " ").split()) for item in items}
    print(f"{len(items)} items, {len(buckets)} buckets\n")
    print("| bucket | facet | items with the bucket | write it | address it | node before | label |")
    print("|---|---|---|---|---|---|---|")
    new: dict[str, int] = {}
    for bucket in buckets:
        carrying = [item for item in items if bucket in {themes.canonicalise(t) for t in item.themes}]
        facets = scope_facets(scopes.get(bucket, "")) + (single_words(scopes.get(bucket, "")) if args.singles else ())
        for facet in facets:
            if facet.keys:  # the rule's own reading: the keys each item's record keeps (``extract.addressed``)
                writing = sum(1 for item in carrying if any(key in written[item.slug] for key in facet.keys))
                addressing = sum(1 for item in carrying if not addressed[item.slug].isdisjoint(facet.keys))
            else:  # a plain single word (``--singles``): counted in the text
                counts = [single_counts(facet.forms[0], *texts(item)) for item in carrying]
                writing = sum(1 for n, _dense in counts if n)
                addressing = sum(1 for n, dense in counts if addresses(n, dense))
            exists = facet.name in before
            if addressing and not exists:
                new[facet.name] = new.get(facet.name, 0) + addressing
            print(f"| {bucket} | {facet.name} | {len(carrying)} | {writing} | {addressing} | "
                  f"{'yes' if exists else 'no'} | {verdicts.get(term_key(facet.name.replace('-', ' ')), '?')} |")
    ideas = [name for name in new if verdicts.get(term_key(name.replace("-", " "))) == "idea"]
    print(f"\nnew nodes: {len(new)} ({', '.join(f'{n} {k}' for k, n in sorted(new.items()))}); "
          f"labelled idea: {len(ideas)} of {len(new)}; links they bring: {sum(new.values())}")


if __name__ == "__main__":
    main()
