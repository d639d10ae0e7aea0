"""Simulated recall levers: a built graph with relations or observations changed afterwards.

    .venv/bin/python bench/recall_levers.py LEVER [LEVER ...] [--set section.key:value,...] [--json FILE] [--no-themes]

A lever is a rewrite of the records kgsync wrote (what a code change would write, not a kgsync
option), applied to the graphs ``bench/bench_recall.py`` builds for ``--set`` (from its cache),
then asked recall.py's questions exactly as ``bench_recall.py`` asks them: the ruler unchanged.
Several levers apply in the order given.  Printed: pooled R@10 and payload with bootstrap 95 %
intervals, the paired ΔR@10 against the graph as built (same ``--set``, no lever) and against
BM25, R@10 wins / losses and the sets whose R@10 drops: a row of docs/recall.md's lever table.
Every lever reads one item at a time (its own text, its own records) or the shared themes
vocabulary, never corpus-wide statistics (issue 10's locality promise).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_recall import (  # noqa: E402
    DEFAULT_CUTS, LATER, QuestionSet, build_graphs, evaluate, fmt, median, parse_changes, question_sets, side_of,
    signed)
from recall_levers_claims import claim_tags_on_smallest_claim, item_level_twin  # noqa: E402
from recall_stats import Bootstrap, column, tally  # noqa: E402

Records = list[dict]
Lever = Callable[[Records, QuestionSet, set[str]], Records]  # records, the question set, the theme slugs
TOP_IDEAS = 3  # bucket-tag-on-top-ideas: nodes a bucket tags; fixed before measuring, not tuned
SALIENT_TERMS = 12  # an item's own repeated terms carried; fixed before measuring, not tuned
TEMPLATE_HEADING = re.compile(r"^(§\d|q\d|[a-z]\.|key finding|finding \d)", re.I)


def no_relation(kind: str) -> Lever:
    """Every relation of one type gone (``states``, ``about``: they take the ruler to no item)."""
    def lever(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
        return [r for r in records if not (r["type"] == "relation" and r["relationType"] == kind)]
    return lever


def no_duplicate_tag(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
    """No `tag:` for a theme the item also addresses as a concept: the same fact twice."""
    addressed = {(r["from"], r["to"].split(":", 1)[1]) for r in records
                 if r["type"] == "relation" and r["relationType"] == "addresses"}
    return [{**r, "observations": [o for o in r["observations"] if not (
        o.startswith("tag:") and (r["name"], o[4:].replace("_", "-")) in addressed)]}
            if r["type"] == "entity" and r["entityType"] == "research_item" else r for r in records]


def bucket_tags_as_slugs(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
    """An item's tag whose theme has no node (a category bucket) written as its slug (``tag:memory-context``):
    a search for the slug finds the bucket's items on their own nodes, each with all its relations."""
    nodes = {r["name"].split(":", 1)[1] for r in records if r["type"] == "entity" and r["entityType"] in ("concept", "method")}

    def tag(observation: str) -> str:
        slug = observation[4:].replace("_", "-")
        return f"tag:{slug}" if observation.startswith("tag:") and slug not in nodes else observation
    return [{**r, "observations": [tag(o) for o in r["observations"]]}
            if r["type"] == "entity" and r["entityType"] == "research_item" else r for r in records]


def _slug(phrase: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", phrase.lower()).strip("-")


def vocabulary_phrases(themes_file: Path) -> dict[str, list[list[str]]]:
    """Each theme's phrases as the vocabulary writes them, in order: its Scope phrases (comma-separated;
    "long form (ACR)" read as both forms of one phrase), then its aliases, each form as a slug."""
    text = themes_file.read_text(encoding="utf-8")
    out: dict[str, list[list[str]]] = {}
    for slug, aliases, scope in re.findall(r"^\|\s*`([^`]+)`\s*\|([^|\n]*)\|([^|\n]*)\|\s*$", text, re.M):
        phrases: list[list[str]] = []
        for phrase in scope.split(","):
            inner = re.search(r"\(([^()]+)\)", phrase)
            phrases.append([re.sub(r"\([^()]*\)", "", phrase), inner.group(1)] if inner else [phrase])
        phrases += [[a.strip().strip("`")] for a in aliases.split(",")]
        out[slug] = [[_slug(f) for f in forms if _slug(f)] for forms in phrases]
    return out


def _ideas(records: Records) -> dict[str, str]:
    """Concept and method nodes by their slug and by each alias's slug (the first node wins)."""
    found: dict[str, str] = {}
    for r in records:
        if r["type"] == "entity" and r["entityType"] in ("concept", "method"):
            found.setdefault(r["name"].split(":", 1)[1], r["name"])
            for o in r["observations"]:
                if o.startswith("alias:"):
                    found.setdefault(_slug(o[6:]), r["name"])
    return found


def _buckets(records: Records) -> set[str]:
    """The themes an item tags that have no node of their own (the category buckets)."""
    nodes = {r["name"].split(":", 1)[1] for r in records if r["type"] == "entity" and r["entityType"] in ("concept", "method")}
    return {o[4:].replace("_", "-") for r in records if r["type"] == "entity" and r["entityType"] == "research_item"
            for o in r["observations"] if o.startswith("tag:")} - nodes


def _tag_nodes(records: Records, carriers: dict[str, set[str]]) -> Records:
    """``tag:<slug>`` (the slug's own form, so a search for the slug finds it) on each carrier node."""
    return [{**r, "observations": r["observations"] + [f"tag:{t}" for t in sorted(carriers[r["name"]])
                                                       if f"tag:{t}" not in r["observations"]]}
            if r["type"] == "entity" and r["name"] in carriers else r for r in records]


def bucket_tag_on_scope_nodes(vocabulary: Path, first_only: bool) -> Lever:
    """A bucket theme's slug as a ``tag:`` on the idea nodes its vocabulary row names: a node whose
    name or alias is one of its Scope phrases or aliases ("AI governance" for governance-policy), or
    (``first_only``) only the node of its first Scope phrase, when it is one.  The vocabulary's words only."""
    def lever(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
        ideas, carriers = _ideas(records), {}
        phrases = vocabulary_phrases(vocabulary)
        for bucket in sorted(_buckets(records)):
            groups = phrases.get(bucket, [])
            named = [ideas[f] for forms in (groups[:1] if first_only else groups) for f in forms if f in ideas]
            for node in named:
                carriers.setdefault(node, set()).add(bucket)
        return _tag_nodes(records, carriers)
    return lever


def _singular(slug: str) -> str:
    """Each word of a slug without a plural ``s`` ("context-windows" -> "context-window"; not "ss", "us", "is")."""
    return "-".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")) else w
                    for w in slug.split("-"))


def bucket_tag_on_narrower_nodes(vocabulary: Path) -> Lever:
    """A bucket theme's slug as a ``tag:`` on every idea node whose name or alias, plural-folded, is one of
    the row's Scope phrases or aliases or a narrower form of one (ends with it as whole words:
    "data governance" under "governance", "pre-training" under "training").  The vocabulary's words
    and the node's own name only: no count."""
    def lever(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
        keys: dict[str, set[str]] = {}
        for r in records:
            if r["type"] == "entity" and r["entityType"] in ("concept", "method"):
                forms = [r["name"].split(":", 1)[1]] + [_slug(o[6:]) for o in r["observations"] if o.startswith("alias:")]
                keys[r["name"]] = {_singular(f) for f in forms}
        phrases, carriers = vocabulary_phrases(vocabulary), {}
        for bucket in sorted(_buckets(records)):
            wanted = {_singular(f) for forms in phrases.get(bucket, []) for f in forms} - {_singular(bucket)}
            for node, forms in keys.items():
                if any(f == w or f.endswith("-" + w) for f in forms for w in wanted):
                    carriers.setdefault(node, set()).add(bucket)
        return _tag_nodes(records, carriers)
    return lever


def bucket_tag_from_items(limit: int | None) -> Lever:
    """Each item's bucket tags (its own ``tag:``s whose theme has no node) as ``tag:<slug>`` on the mined
    idea nodes it addresses or uses (``limit``: only its first ones, in the graph's order): a union over
    items, each item's share decided by itself alone (no count), but a hub collects many buckets."""
    def lever(records: Records, _qset: QuestionSet, themes: set[str]) -> Records:
        buckets = _buckets(records)
        tags = {r["name"]: {o[4:].replace("_", "-") for o in r["observations"] if o.startswith("tag:")} & buckets
                for r in records if r["type"] == "entity" and r["entityType"] == "research_item"}
        chosen: dict[str, list[str]] = {}
        for r in records:
            if r["type"] == "relation" and r["relationType"] in ("addresses", "uses_method") and r["from"] in tags \
                    and r["to"].split(":", 1)[1] not in themes:
                chosen.setdefault(r["from"], []).append(r["to"])
        carriers: dict[str, set[str]] = {}
        for item, nodes in chosen.items():
            for node in nodes[:limit]:
                carriers.setdefault(node, set()).update(tags[item])
        return _tag_nodes(records, carriers)
    return lever


def bucket_tag_on_first_claim(primary_only: bool | str, shortest: bool = False) -> Lever:
    """Each item's bucket tags as ``tag:<slug>`` on its first claim (a node of few relations, one of
    them the item's ``states``), so a search for the slug reaches the item for a claim's characters,
    not the whole item's; ``primary_only``: only when the bucket is the first theme the item writes;
    ``"first-bucket"``: only the first bucket the item writes; ``shortest``: the item's claim of
    fewest characters with its relations, not its first."""
    def lever(records: Records, qset: QuestionSet, _themes: set[str]) -> Records:
        buckets = _buckets(records)
        first_claim: dict[str, str] = {}
        size: dict[str, int] = {}
        for r in records:
            if r["type"] == "entity" and r["entityType"] == "claim":
                size[r["name"]] = size.get(r["name"], 0) + len(json.dumps(r))
            elif r["type"] == "relation":
                for end in (r["from"], r["to"]):
                    if end.startswith("claim:"):
                        size[end] = size.get(end, 0) + len(json.dumps(r))
        for r in records:
            if r["type"] == "entity" and r["entityType"] == "claim":
                slug, best = r["name"].split(":")[1], first_claim.get(r["name"].split(":")[1])
                if best is None or (shortest and (size[r["name"]], r["name"]) < (size[best], best)):
                    first_claim[slug] = r["name"]
        carriers: dict[str, set[str]] = {}
        for slug, claim in first_claim.items():
            item = qset.items.get(slug)
            written = [_slug(t) for t in (item.themes if item else [])]
            chosen = written[:1] if primary_only is True else [t for t in written if t in buckets][:1] \
                if primary_only == "first-bucket" else written
            if wanted := {t for t in chosen if t in buckets}:
                carriers[claim] = wanted
        return _tag_nodes(records, carriers)
    return lever


def no_bucket_tags_on_ideas(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
    """No bucket ``tag:`` on concept or method nodes (undoes ``ThemeMap.bucket_tags`` on a built graph)."""
    buckets = _buckets(records)
    return [{**r, "observations": [o for o in r["observations"] if not (o.startswith("tag:") and o[4:] in buckets)]}
            if r["type"] == "entity" and r["entityType"] in ("concept", "method") else r for r in records]


def bucket_tag_on_top_ideas(records: Records, _qset: QuestionSet, themes: set[str]) -> Records:
    """A probe, not a candidate (corpus counts: an item's edit moves the tag): a bucket's slug as a
    ``tag:`` on the ``TOP_IDEAS`` concept or method nodes (no theme's own) its items address most."""
    tagged: dict[str, set[str]] = {}
    for r in records:
        if r["type"] == "entity" and r["entityType"] == "research_item":
            tagged[r["name"]] = {o[4:].replace("_", "-") for o in r["observations"] if o.startswith("tag:")}
    counts: dict[str, dict[str, int]] = {}
    for r in records:
        if r["type"] == "relation" and r["relationType"] in ("addresses", "uses_method") and r["from"] in tagged \
                and r["to"].split(":", 1)[1] not in themes:
            for bucket in tagged[r["from"]]:
                counts.setdefault(bucket, {})[r["to"]] = counts.get(bucket, {}).get(r["to"], 0) + 1
    carriers: dict[str, set[str]] = {}
    for bucket in sorted(_buckets(records)):
        ranked = sorted(counts.get(bucket, {}).items(), key=lambda kv: (-kv[1], kv[0]))
        for node, _n in ranked[:TOP_IDEAS]:
            carriers.setdefault(node, set()).add(bucket)
    return _tag_nodes(records, carriers)


def _without_aliases(records: Records, keep: Callable[[str, str], bool]) -> Records:
    return [{**r, "observations": [o for o in r["observations"]
                                   if not o.startswith("alias:") or keep(r["name"].split(":", 1)[1], o[6:])]}
            if r["type"] == "entity" and r["entityType"] in ("concept", "method") else r for r in records]


def theme_aliases_spelled_only(records: Records, _qset: QuestionSet, themes: set[str]) -> Records:
    """A theme concept keeps only its slug spelled out ("knowledge management"): the vocabulary's
    aliases are its rewrite map for legacy tags ("workflow", "developer experience", "ethics"), and
    on a node every item of the theme addresses each is one more key that returns the whole hub."""
    return _without_aliases(records, lambda term, alias: term not in themes
                            or alias.lower() == term.replace("-", " "))


def no_one_word_aliases(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
    """No alias that is one lower-case word ("agent", "evaluation"); acronyms ("RAG", "iOS") stay."""
    return _without_aliases(records, lambda _term, alias: any(c in alias for c in " -")
                            or any(c.isupper() for c in alias))


def own_headings(item) -> list[str]:  # noqa: ANN001  (a recall.Item)
    """The item's own section headings below its title, without the template's numbered steps."""
    import recall
    seen: dict[str, str] = {}
    for level, name, _content in recall.sections(item.body):
        text = re.sub(r"[*_`]", "", name).strip()
        if level >= 2 and not TEMPLATE_HEADING.match(text):
            seen.setdefault(text.lower(), text)
    return list(seen.values())


def salient_terms(item, limit: int = SALIENT_TERMS) -> list[str]:  # noqa: ANN001  (a recall.Item)
    """The item's own repeated terms: runs of 1-3 content words (recall.py's tokens and stopwords:
    no corpus statistics) that occur at least 3 times in its body, ranked by count x words (the
    first seen first), a term inside an already chosen one skipped."""
    import recall
    counts: dict[str, int] = {}
    for run in recall.runs_of(item.body):
        words = run.split()
        for n in (1, 2, 3):
            for i in range(len(words) - n + 1):
                term = " ".join(words[i:i + n])
                counts[term] = counts.get(term, 0) + 1
    order = {t: k for k, t in enumerate(counts)}
    chosen: list[str] = []
    for term in sorted((t for t, c in counts.items() if c >= 3), key=lambda t: (-counts[t] * len(t.split()), order[t])):
        if len(chosen) < limit and not any(term in c for c in chosen):
            chosen.append(term)
    return chosen


def on_carrier(observations: Callable, carrier: str) -> Lever:  # noqa: ANN001
    """``observations(item)`` added to the item's node (``item``) or to its first claim (``claim``:
    a node of one relation, so a match costs little; but a claim is a finding, so this is a probe)."""
    def lever(records: Records, qset: QuestionSet, _themes: set[str]) -> Records:
        first_claim: dict[str, str] = {}
        for r in records:
            if r["type"] == "entity" and r["entityType"] == "claim":
                first_claim.setdefault(r["name"].split(":")[1], r["name"])
        out = []
        for r in records:
            slug = r["name"].split(":")[1] if r["type"] == "entity" and r["name"][:5] in ("item:", "claim") else None
            hit = slug in qset.items and (r["entityType"] == "research_item" if carrier == "item"
                                          else r["name"] == first_claim.get(slug))
            out.append({**r, "observations": r["observations"] + observations(qset.items[slug])} if hit else r)
        return out
    return lever


def full_text_on_item(records: Records, qset: QuestionSet, _themes: set[str]) -> Records:
    """The item's whole text (recall.py's: title, themes, body) on its node, the structure kept: a
    ceiling for coverage plus structure, whatever the payload."""
    return [{**r, "observations": r["observations"] + [qset.items[r["name"][5:]].text]}
            if r["type"] == "entity" and r["entityType"] == "research_item" else r for r in records]


def without(kind: str, drop: Callable[[dict, str], bool]) -> Lever:
    """Every observation of a ``kind`` node that ``drop(node, observation)`` names gone: what a
    graph that never wrote it would answer (observations are payload and keys, never relations)."""
    def lever(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
        return [{**r, "observations": [o for o in r["observations"] if not drop(r, o)]}
                if r["type"] == "entity" and r["entityType"] == kind else r for r in records]
    return lever


def kind_of(key: str) -> Callable[[dict, str], bool]:
    """The observations of one kind (``section`` names ``section:key-finding-2``)."""
    return lambda _node, observation: observation.startswith(key + ":")


def claim_confidence_as_items(records: Records, qset: QuestionSet, themes: set[str]) -> Records:
    """A claim's ``confidence:`` gone where its item's says the same (the item's is then the default)."""
    item = {r["name"][5:]: o for r in records if r["type"] == "entity" and r["entityType"] == "research_item"
            for o in r["observations"] if o.startswith("confidence:")}
    return without("claim", lambda node, o: o.startswith("confidence:") and item.get(node["name"].split(":")[1]) == o
                   )(records, qset, themes)


def capped(kind: str, key: str, limit: int) -> Lever:
    """The text of a ``kind`` node's ``key:`` observation cut at the last word boundary within
    ``limit`` characters, ending in "…" (as kgsync cuts a statement at ``findings.MAX_STATEMENT``)."""
    def cut(observation: str) -> str:
        head, sep, text = observation.partition(": ")
        if not observation.startswith(key + ":") or len(text) <= limit:
            return observation
        return head + sep + text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:-\u2013\u2014") + "\u2026"

    def lever(records: Records, _qset: QuestionSet, _themes: set[str]) -> Records:
        return [{**r, "observations": [cut(o) for o in r["observations"]]}
                if r["type"] == "entity" and r["entityType"] == kind else r for r in records]
    return lever


def levers(salient: int = SALIENT_TERMS, vocabulary: Path = ROOT.parent / "shared" / "corpus" / "themes-vocabulary.md"
           ) -> dict[str, Lever]:
    """Every lever by name; ``salient``: how many terms the salient-* levers carry; ``vocabulary``: the themes file."""
    def terms(item) -> list[str]:  # noqa: ANN001
        return ["terms: " + ", ".join(salient_terms(item, salient))]

    def headings(item) -> list[str]:  # noqa: ANN001
        return [f"heading: {h}" for h in own_headings(item)]

    return {
        "no-states": no_relation("states"),
        "no-about": no_relation("about"),
        "no-duplicate-tag": no_duplicate_tag,
        "no-about-of-addressed": item_level_twin("about", "addresses"),
        "no-claim-method-of-items": item_level_twin("uses_method", "uses_method"),
        "claim-tags-on-smallest-claim": claim_tags_on_smallest_claim,
        "bucket-tags-as-slugs": bucket_tags_as_slugs,
        "bucket-tag-on-scope-nodes": bucket_tag_on_scope_nodes(vocabulary, first_only=False),
        "bucket-tag-on-first-scope-node": bucket_tag_on_scope_nodes(vocabulary, first_only=True),
        "bucket-tag-on-narrower-nodes": bucket_tag_on_narrower_nodes(vocabulary),
        "bucket-tag-from-items": bucket_tag_from_items(None),
        "bucket-tag-on-first-claim": bucket_tag_on_first_claim(False),
        "bucket-tag-on-first-claim-primary": bucket_tag_on_first_claim(True),
        "bucket-tag-on-shortest-claim-primary": bucket_tag_on_first_claim(True, shortest=True),
        "bucket-tag-on-shortest-claim": bucket_tag_on_first_claim(False, shortest=True),
        "first-bucket-tag-on-shortest-claim": bucket_tag_on_first_claim("first-bucket", shortest=True),
        "bucket-tag-from-items-first": bucket_tag_from_items(1),
        "bucket-tag-on-top-ideas": bucket_tag_on_top_ideas,
        "no-bucket-tags-on-ideas": no_bucket_tags_on_ideas,
        "theme-aliases-spelled-only": theme_aliases_spelled_only,
        "no-one-word-aliases": no_one_word_aliases,
        "headings-on-item": on_carrier(headings, "item"),
        "headings-on-claim": on_carrier(headings, "claim"),
        "salient-on-item": on_carrier(terms, "item"),
        "salient-on-claim": on_carrier(terms, "claim"),
        "full-text-on-item": full_text_on_item,
        "claim-no-section": without("claim", kind_of("section")),
        "claim-no-source": without("claim", kind_of("source")),
        "claim-no-confidence": without("claim", kind_of("confidence")),
        "claim-confidence-as-items": claim_confidence_as_items,
        "item-no-tags": without("research_item", kind_of("tag")),
        "item-no-summary": without("research_item", kind_of("summary")),
        "item-no-completed": without("research_item", kind_of("completed")),
        "claim-title-100": capped("claim", "title", 100),
        "claim-title-80": capped("claim", "title", 80),
        "item-summary-100": capped("research_item", "summary", 100),
    }


def theme_slugs(themes_file: Path) -> set[str]:
    """The canonical slugs of the shared themes vocabulary (the first column of its table)."""
    return set(re.findall(r"^\| `([a-z0-9-]+)` \|", themes_file.read_text(encoding="utf-8"), re.M))


def rewritten(graphs: dict[str, Path], qsets: list[QuestionSet], chosen: list[Lever], label: str,
              themes: set[str], work: Path) -> dict[str, Path]:
    out = {}
    for qset in qsets:
        records = [json.loads(line) for line in graphs[qset.name].read_text(encoding="utf-8").split("\n") if line]
        for lever in chosen:
            records = lever(records, qset, themes)
        target = work / "levers" / f"{graphs[qset.name].stem}-{label}.jsonl"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records), encoding="utf-8")
        out[qset.name] = target
    return out


def set_r10(rows: list[dict], name: str) -> float:
    return sum(r["r10"] for r in rows if r["set"] == name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levers", nargs="+", choices=sorted(levers()))
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--set", default="", metavar="SPEC", help="option changes of the graph the levers rewrite")
    parser.add_argument("--work", type=Path, default=ROOT / ".kgsync-cache" / "bench-recall")
    parser.add_argument("--draws", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", type=Path, help="write every question's scores here")
    parser.add_argument("--baseline-rev", help="also compare with this git revision's graphs as built (e.g. main)")
    parser.add_argument("--no-themes", action="store_true", help="the graphs built with no theme vocabulary")
    parser.add_argument("--salient-terms", type=int, default=SALIENT_TERMS,
                        help=f"terms the salient-* levers carry (default {SALIENT_TERMS}; other values trace a curve)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.shared / "bench"))
    import recall  # the ruler

    corpus = args.shared / "corpus"
    qsets = question_sets(recall, corpus, list(DEFAULT_CUTS))
    side = side_of("kgsync", None, parse_changes(args.set), args.work)
    vocabulary = None if args.no_themes else corpus / "themes-vocabulary.md"
    built = build_graphs(side, qsets, vocabulary, args.work, fresh=False)
    themes = theme_slugs(corpus / "themes-vocabulary.md")
    by_name = levers(args.salient_terms, corpus / "themes-vocabulary.md")
    label = "+".join(args.levers) + (f"-{args.salient_terms}" if args.salient_terms != SALIENT_TERMS else "") + (
        "-no-themes" if args.no_themes else "")
    graphs = rewritten(built, qsets, [by_name[n] for n in args.levers], label, themes, args.work)
    systems = {"lever": evaluate(recall, qsets, graphs), "as built": evaluate(recall, qsets, built)}
    if side.changes:  # the graph as built with the default options too: the table's "vs main"
        plain = side_of("kgsync", None, {}, args.work)
        systems["defaults"] = evaluate(recall, qsets, build_graphs(plain, qsets, vocabulary,
                                                                   args.work, fresh=False))
    if args.baseline_rev:
        base = side_of("baseline", args.baseline_rev, {}, args.work)
        systems[base.label] = evaluate(recall, qsets, build_graphs(base, qsets, vocabulary,
                                                                   args.work, fresh=False))
    systems["BM25"] = evaluate(recall, qsets, None)
    boot = Bootstrap(len(systems["lever"]), args.draws, args.seed)
    ours, pay = systems["lever"], column(systems["lever"], "payload")
    print(f"levers {' + '.join(args.levers)} on --set '{args.set}': {len(ours)} questions")
    print(f"R@10 {fmt(boot.interval(column(ours, 'r10')))}; payload {fmt(boot.interval(pay), 0)} "
          f"(median {median(pay):,.0f})")
    for name in [n for n in systems if n != "lever"]:
        theirs = systems[name]
        t = tally(column(ours, "r10"), column(theirs, "r10"))
        worse = [q.name for q in qsets if q.truth and set_r10(ours, q.name) < set_r10(theirs, q.name) - 1e-12]
        line = f"vs {name}: ΔR@10 {signed(boot.paired(column(ours, 'r10'), column(theirs, 'r10')))}; W/L {t.wins}/{t.losses}"
        if name != "BM25":
            line += (f"; ΔMRR {signed(boot.paired(column(ours, 'rr'), column(theirs, 'rr')))}"
                     f"; Δpayload {boot.paired(pay, column(theirs, 'payload')).mean:+,.0f}")
        print(line + f"; sets that lose: {', '.join(worse) or 'none'}")
    for label, part in (("research", [r for r in ours if r["set"] != LATER]), (LATER, [r for r in ours if r["set"] == LATER])):
        print(f"{label}: {len(part)} questions, R@10 {sum(column(part, 'r10')) / len(part):.3f}, MRR "
              f"{sum(column(part, 'rr')) / len(part):.3f}, payload {sum(column(part, 'payload')) / len(part):,.0f}")
    if args.json:
        args.json.write_text(json.dumps({"systems": systems}, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
