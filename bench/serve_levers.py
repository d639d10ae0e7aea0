"""kgsync serve: ranking levers measured on the question sets before the later items, not shipped.

    .venv/bin/python bench/serve_levers.py [--shared ../shared] [--later] [--graphs-rev REV]
        [LEVERS ...]   e.g.  pairs:true  expand:true  spread:0.15  concepts:0.5  feedback:10  passages:max

Each argument is a set of lever values (``Levers``' fields, ``key:value`` joined with commas).  The
questions, graphs and scores are ``bench/bench_serve.py``'s (``search_nodes``, the query the phrases
joined, the items in the order the answer names them); the ranking is ``kgsync.serve.index.Index``'s
with the levers on top (``LeverIndex``), paired per question against the plain index, bootstrap 95 %
interval, and R@10 by question set.  By default only the development questions (every set but
``later``, the held-out later items' questions): the levers are chosen there; ``--later`` adds the
later set, measured once at the end (serve18, CHANGELOG).

``--graphs-rev`` builds the graphs with a revision's code (a change under kgsync/serve/ never changes a
graph, but it changes this checkout's code digest and so the cache key: every edit would rebuild).

The levers (serve18):

- ``pairs``: the query's adjacent word pairs searched as two-word phrases besides the words (ordered
  bigrams of the sequential dependence model, Metzler and Croft 2005).
- ``expand``: each concept's or method's written form the query holds (its name's words, an alias, in
  a row) adds the words of its other forms (the vocabulary's own synonyms); ``acronyms`` keeps only an
  alias whose letters are the initials of another form (APRA, "Australian Prudential Regulation
  Authority").
- ``spread``: every item gains ``spread`` times the score of each item linked to it (``extends``,
  either way: the question cites what an item like it cites) among the matching documents;
  ``direction`` ``cited`` / ``citing`` only one way.
- ``concepts``: every item gains ``concepts`` times the score of each matching concept or method node it
  addresses (graph propagation along ``addresses`` / ``uses_method``); ``split`` divides a node's share
  among the items addressing it.
- ``passages``: each claim also indexed alone; an item's score plus (``sum``) or at least (``max``) its
  best claim's (the query's words together in one finding).
- ``bm25f``: ``fields`` scores BM25F with a length per column (Robertson, Zaragoza and Taylor 2004; k1
  1.2, b 0.75, the index's column weights) from the index's own term instances; ``whole`` recomputes
  FTS5's ``bm25()`` the same way (one length, the document's), the check that the scorer is faithful;
  ``stems_once`` counts a stem the query writes in two forms ("API", "APIs"; "transcript",
  "transcripts") once, where the index's ``OR`` query of tokens counts it once a form.
- ``feedback``: pseudo-relevance feedback (RM3-like): the ``feedback`` best documents' words weighted by
  their share of each document and its score, the ``feedback_terms`` best new ones searched as a second
  query, the two scores (each over its best) mixed ``mix`` : 1 - ``mix``.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from kgsync.serve import tools  # noqa: E402
from kgsync.serve.service import Service  # noqa: E402
from kgsync.serve.index import (  # noqa: E402
    _KIND_CONCEPT,
    _KIND_ITEM,
    _KIND_SHIFT,
    _ROW_MASK,
    _TOKEN,
    MAX_TOKEN_CHARS,
    MAX_TOKENS,
    STOPWORDS,
    Hit,
    Index,
    Weights,
    _fields,
    _words,
    query_tokens,
    stems,
)
from kgsync.serve.snapshot import Snapshot, is_item, read_bytes, values  # noqa: E402

MAX_PAIRS = 24


@dataclass(frozen=True)
class Levers:
    pairs: bool = False
    expand: bool = False
    acronyms: bool = False
    spread: float = 0.0
    direction: str = "both"  # both, cited (the extended item gains), citing
    feedback: int = 0
    feedback_terms: int = 10
    mix: float = 0.5
    concepts: float = 0.0  # an item gains this times the score of each matching concept or method it addresses
    split: bool = False  # ... divided by the number of items addressing it (one step of a random walk)
    bm25f: str = ""  # "fields": BM25F, a length per column (Robertson et al. 2004); "whole": FTS5's bm25() recomputed
    stems_once: bool = False  # with bm25f: a stem the query writes twice ("API", "APIs") counted once
    passages: str = ""  # "sum": an item's score + its best claim's (a claim indexed alone); "max": the larger


def parse_levers(spec: str) -> Levers:
    changes: dict[str, object] = {}
    kinds = {f.name: f.type for f in dataclasses.fields(Levers)}
    for part in filter(None, spec.split(",")):
        key, sep, value = part.partition(":")
        if not sep or key not in kinds:
            raise SystemExit(f"lever {part!r}: expected key:value with key one of {', '.join(kinds)}")
        kind = kinds[key]
        changes[key] = value == "true" if kind == "bool" else (
            value if kind == "str" else (int(value) if kind == "int" else float(value)))
    return dataclasses.replace(Levers(), **changes)  # type: ignore[arg-type]


def sequence(text: str) -> list[str]:
    """The words of ``text`` in order (lower case, no stopword, none over ``MAX_TOKEN_CHARS``)."""
    return [t for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS and len(t) <= MAX_TOKEN_CHARS]


def query_pairs(query: str) -> list[tuple[str, str]]:
    """Adjacent word pairs (no stopword, nothing but spaces or hyphens between), distinct, in order."""
    seen: dict[tuple[str, str], None] = {}
    previous = None
    text = query[:200_000].lower()
    for match in _TOKEN.finditer(text):
        token = match.group()
        if len(token) > MAX_TOKEN_CHARS or token in STOPWORDS:
            previous = None
            continue
        if previous is not None and not text[previous.end():match.start()].strip(" -"):
            seen.setdefault((previous.group(), token), None)
            if len(seen) >= MAX_PAIRS:
                break
        previous = match
    return list(seen)


def fts(tokens: list[str], pairs: list[tuple[str, str]] = ()) -> str:  # type: ignore[assignment]
    return " OR ".join([*(f'"{t}"' for t in tokens), *(f'"{a} {b}"' for a, b in pairs)])


class LeverIndex(Index):
    """``Index`` with the levers on top of its ranking (the same documents, the same BM25)."""

    def __init__(self, snapshot: Snapshot, levers: Levers):
        self.levers = levers
        super().__init__(snapshot, Weights())

    @cached_property
    def forms(self) -> dict[tuple[str, ...], tuple[str, ...]]:
        found: dict[tuple[str, ...], dict[str, None]] = {}
        for entity in self.snapshot.by_name.values():
            if entity.entity_type not in ("concept", "method"):
                continue
            written = [_words(entity.name), *values(entity, "alias")]
            forms = {tuple(sequence(f)) for f in written} - {()}
            if self.levers.acronyms:
                initials = {"".join(t[0] for t in _TOKEN.findall(f.lower())): tuple(sequence(f)) for f in written}
                acronyms = {f for f in forms if len(f) == 1 and f[0] in initials and len(initials[f[0]]) > 1}
                forms = acronyms | {initials[a[0]] for a in acronyms}
            if len(forms) < 2:
                continue
            words = [w for form in sorted(forms) for w in form]
            for form in forms:
                found.setdefault(form, {}).update(dict.fromkeys(words))
        return {k: tuple(v) for k, v in found.items()}

    def expanded(self, query: str) -> list[str]:
        tokens = query_tokens(query)
        words = sequence(query[:200_000])
        extra: dict[str, None] = {}
        for start in range(len(words)):
            for size in range(1, min(len(words), 8) + 1):
                found = self.forms.get(tuple(words[start:start + size]))
                if found is not None:
                    extra.update(dict.fromkeys(found))
        return list(dict.fromkeys([*tokens, *extra]))[:MAX_TOKENS]

    @cached_property
    def item_links(self) -> dict[str, set[str]]:
        links: dict[str, set[str]] = {}
        by_name = self.snapshot.by_name
        for r in self.snapshot.relations:
            a, b = by_name.get(r.source), by_name.get(r.target)
            if a is None or b is None or not is_item(a) or not is_item(b) or a.name == b.name:
                continue
            if self.levers.direction in ("both", "cited"):
                links.setdefault(b.name, set()).add(a.name)  # b gains from a (a extends b)
            if self.levers.direction in ("both", "citing"):
                links.setdefault(a.name, set()).add(b.name)
        return links

    @cached_property
    def claim_rows(self) -> list[str]:
        """A second FTS5 table, one row a claim (its words, the item's tokenizer): rowid - 1 -> claim name."""
        names = sorted(self.item_of)
        self._db.execute(f"CREATE VIRTUAL TABLE temp.claims USING fts5(body, tokenize = '{self.weights.tokenizer}')")
        by_name = self.snapshot.by_name
        self._db.executemany("INSERT INTO temp.claims (rowid, body) VALUES (?, ?)",
                             [(k, " ".join(_fields(by_name[c])[0] + _fields(by_name[c])[3])) for k, c in enumerate(names, 1)])
        return names

    @cached_property
    def addressed(self) -> dict[str, list[str]]:
        """Concept or method -> the items addressing (or using) it."""
        found: dict[str, list[str]] = {}
        for r in self.snapshot.relations:
            if r.relation_type in ("addresses", "uses_method") and r.source.startswith("item:"):
                found.setdefault(r.target, []).append(r.source)
        return found

    @cached_property
    def postings(self) -> tuple[dict[str, dict[int, list[int]]], dict[int, list[int]], list[float]]:
        """term -> rowid -> frequency per column; rowid -> length per column; mean length per column."""
        self._db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.instances USING fts5vocab(main, docs, 'instance')")
        postings: dict[str, dict[int, list[int]]] = {}
        lengths: dict[int, list[int]] = {}
        for term, doc, col in self._db.execute("SELECT term, doc, col FROM temp.instances"):
            k = ("name", "title", "aliases", "body").index(col)
            postings.setdefault(term, {}).setdefault(doc, [0, 0, 0, 0])[k] += 1
            lengths.setdefault(doc, [0, 0, 0, 0])[k] += 1
        count = max(1, len(self._names))
        means = [max(1e-9, sum(v[k] for v in lengths.values()) / count) for k in range(4)]
        return postings, lengths, means

    def terms_of(self, tokens: list[str]) -> list[str]:
        """The indexed terms (porter stems) of ``tokens``, through the index's tokenizer, one a token: two
        tokens of one stem ("api", "apis") give it twice, as the index's ``OR`` query counts it."""
        db = self._db
        with db:
            db.executemany("INSERT INTO scratch (rowid, t) VALUES (?, ?)", enumerate(tokens, 1))
            found = [term for _, term in db.execute("SELECT doc, term FROM scratch_terms").fetchall()]
            db.execute("DELETE FROM scratch")
        return found  # a term once a token: FTS5 scores each quoted token of the query on its own

    def bm25f(self, tokens: list[str]) -> list[tuple[int, float]]:
        import math
        postings, lengths, means = self.postings
        w = self.weights
        weights = (w.name, w.title, w.aliases, w.body)
        n = len(self._names)
        scores: dict[int, float] = {}
        whole = self.levers.bm25f == "whole"
        average = sum(means)
        terms = self.terms_of(tokens)
        for term in list(dict.fromkeys(terms)) if self.levers.stems_once else terms:
            docs = postings.get(term)
            if not docs:
                continue
            idf = max(1e-6, math.log((n - len(docs) + 0.5) / (len(docs) + 0.5)))
            for doc, tf in docs.items():
                length = lengths[doc]
                if whole:  # FTS5: weighted frequencies summed, then one length, the document's
                    t = sum(weights[k] * tf[k] for k in range(4)) / (1 - 0.75 + 0.75 * sum(length) / average)
                else:  # each column's frequency normalised by that column's length, then weighted and summed
                    t = sum(weights[k] * tf[k] / (1 - 0.75 + 0.75 * length[k] / means[k]) for k in range(4) if tf[k])
                kind = doc >> _KIND_SHIFT
                scale = 1.0 if kind == _KIND_ITEM else (w.concept if kind == _KIND_CONCEPT else w.other)
                scores[doc] = scores.get(doc, 0.0) + scale * idf * t * 2.2 / (1.2 + t)
        return sorted(scores.items(), key=lambda rs: (-rs[1], rs[0]))

    def text_of(self, name: str) -> str:
        entity = self.snapshot.by_name[name]
        if is_item(entity):
            return " ".join(self._item_row(entity))
        titles, aliases, _tags, free = _fields(entity)
        return " ".join([_words(name), *titles, *aliases, *free])

    def ranked(self, sql: str, query: str, tokens: list[str]) -> list[tuple[int, float]]:
        """Every matching document (rowid, score: higher is better), levers applied, best first."""
        lv = self.levers
        pairs = [p for p in query_pairs(query) if p[0] in tokens and p[1] in tokens] if lv.pairs else []
        if lv.bm25f:
            rows = self.bm25f(tokens)
        else:
            rows = [(r, -float(s)) for r, s in self._db.execute(sql, (fts(tokens, pairs), 1_000_000, 0)).fetchall()]
        if lv.feedback and rows:
            model: dict[str, float] = {}
            best = rows[0][1] or 1.0
            for rowid, score in rows[:lv.feedback]:
                words = [t for t in sequence(self.text_of(self._names[(rowid & _ROW_MASK) - 1])) if not t.isdigit()]
                for t in words:
                    model[t] = model.get(t, 0.0) + score / best / len(words)
            new = [t for t, _ in sorted(model.items(), key=lambda kv: (-kv[1], kv[0])) if t not in tokens]
            terms = self._selective(new[:lv.feedback_terms])
            if terms:
                second = {r: -float(s) for r, s in self._db.execute(sql, (fts(terms), 1_000_000, 0)).fetchall()}
                first = dict(rows)
                top_b = max(second.values(), default=1.0) or 1.0
                mixed = {r: lv.mix * first.get(r, 0.0) / best + (1 - lv.mix) * second.get(r, 0.0) / top_b
                         for r in {*first, *second}}
                rows = sorted(mixed.items(), key=lambda rs: (-rs[1], rs[0]))
        if lv.passages:
            claims = self.claim_rows
            best: dict[str, float] = {}
            for r, sc in self._db.execute("SELECT rowid, bm25(claims) FROM temp.claims WHERE claims MATCH ?", (fts(tokens),)):
                item = self.item_of[claims[r - 1]]
                best[item] = max(best.get(item, 0.0), -float(sc))
            name_of = {r: self._names[(r & _ROW_MASK) - 1] for r, _ in rows}
            if lv.passages == "sum":
                final = {r: s + best.get(name_of[r], 0.0) for r, s in rows}
            else:
                final = {r: max(s, best.get(name_of[r], 0.0)) for r, s in rows}
            rows = sorted(final.items(), key=lambda rs: (-rs[1], rs[0]))
        if lv.concepts:
            name_of = {r: self._names[(r & _ROW_MASK) - 1] for r, _ in rows}
            gain: dict[str, float] = {}
            for r, sc in rows:
                items = self.addressed.get(name_of[r], [])
                for item in items:
                    gain[item] = gain.get(item, 0.0) + lv.concepts * sc / (len(items) if lv.split else 1)
            final = {r: sc + gain.get(name_of[r], 0.0) for r, sc in rows}
            rows = sorted(final.items(), key=lambda rs: (-rs[1], rs[0]))
        if lv.spread:
            name_of = {r: self._names[(r & _ROW_MASK) - 1] for r, _ in rows}
            score = {name_of[r]: s for r, s in rows}
            links = self.item_links
            final = {r: s + lv.spread * sum(score.get(m, 0.0) for m in links.get(name_of[r], ())) for r, s in rows}
            rows = sorted(final.items(), key=lambda rs: (-rs[1], rs[0]))
        return rows

    def _search(self, query: str, limit: int, offset: int, claims_per_item: int) -> list[Hit]:
        tokens = self._selective(self.expanded(query) if self.levers.expand else query_tokens(query))
        if not tokens or limit <= 0:
            return []
        rows = self.ranked(self.ranking_sql(), query, tokens)[max(0, offset):max(0, offset) + limit]
        wanted = stems(" ".join(tokens))
        need = 1 if len(wanted) <= 2 else 2
        hits = []
        for rowid, score in rows:
            name = self._names[(rowid & _ROW_MASK) - 1]
            best = sorted((-len(wanted & self._stems_of(c)), k, c) for k, c in enumerate(self.claims_of.get(name, ()))
                          if len(wanted & self._stems_of(c)) >= need)
            hits.append(Hit(name, score, tuple(c for _, _, c in best[:claims_per_item])))
        return hits


class LeverService(Service):
    """A ``Service`` whose index is a ``LeverIndex`` of the file (read once: the bench never writes it)."""

    def __init__(self, path: Path, levers: Levers):
        super().__init__(path)
        self._lever_index = LeverIndex(read_bytes(Path(path).read_bytes()), levers)

    def index(self) -> Index:
        return self._lever_index


def rows_of(qsets: list, graphs: dict[str, Path], levers: Levers | None) -> list[dict]:  # noqa: ANN001
    """bench_serve's rows (one a question), through ``search_nodes`` on a plain or lever service."""
    import json

    from bench_serve import ranked_items
    from recall_stats import question_scores

    rows = []
    for qset in qsets:
        service = Service(graphs[qset.name]) if levers is None else LeverService(graphs[qset.name], levers)
        for slug in sorted(qset.truth):
            text = tools.search_nodes(service, " ".join(q["phrase"] for q in qset.queries[slug]), 10)
            scores = question_scores(ranked_items(json.loads(text), service), qset.truth[slug])
            rows.append({"set": qset.name, "r10": scores.r10, "rr": scores.rr, "payload": float(len(text))})
    return rows


def paired(ours: list[float], theirs: list[float], draws: int = 2000, seed: int = 15) -> tuple[float, float, float]:
    """Mean per-question difference and its bootstrap 95 % interval (questions resampled)."""
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    rng = random.Random(seed)
    means = sorted(statistics.fmean(rng.choices(diffs, k=len(diffs))) for _ in range(draws))
    return statistics.fmean(diffs), means[int(draws * 0.025)], means[int(draws * 0.975) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levers", nargs="*", default=["spread:0.15"])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--work", type=Path, default=ROOT / ".kgsync-cache" / "bench-recall")
    parser.add_argument("--graphs-rev", default=None, help="build the graphs with this revision's code")
    parser.add_argument("--later", action="store_true", help="the later set too (measure it once, at the end)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.shared / "bench"))
    import recall  # ../shared/bench/recall.py
    from bench_recall import DEFAULT_CUTS, LATER, build_graphs, question_sets, side_of

    corpus = args.shared / "corpus"
    qsets = [q for q in question_sets(recall, corpus, list(DEFAULT_CUTS)) if q.truth and (args.later or q.name != LATER)]
    side = side_of("kgsync", args.graphs_rev, {}, args.work)
    graphs = build_graphs(side, qsets, corpus / "themes-vocabulary.md", args.work, False)
    groups = [("development (every set but later)", [q for q in qsets if q.name != LATER])]
    if args.later:
        groups.append((f"{LATER} (held out)", [q for q in qsets if q.name == LATER]))
    for title, group in groups:
        base = rows_of(group, graphs, None)
        print(f"\n## {title}: {len(base)} questions; kgsync serve R@10 {statistics.fmean(r['r10'] for r in base):.3f}, "
              f"MRR {statistics.fmean(r['rr'] for r in base):.3f}, chars {statistics.fmean(r['payload'] for r in base):,.0f}\n")
        print("| levers | R@10 | ΔR@10 [95 %] | ΔMRR [95 %] | wins / losses | chars mean / max | ΔR@10 by set |")
        print("|---|---|---|---|---|---|---|")
        for spec in args.levers:
            rows = rows_of(group, graphs, parse_levers(spec))
            d10 = paired([r["r10"] for r in rows], [r["r10"] for r in base])
            drr = paired([r["rr"] for r in rows], [r["rr"] for r in base])
            wins = sum(a["r10"] > b["r10"] for a, b in zip(rows, base))
            losses = sum(a["r10"] < b["r10"] for a, b in zip(rows, base))
            by_set: dict[str, list[float]] = {}
            for a, b in zip(rows, base):
                by_set.setdefault(a["set"], []).append(a["r10"] - b["r10"])
            chars = [r["payload"] for r in rows]
            print(f"| {spec} | {statistics.fmean(r['r10'] for r in rows):.3f} | {d10[0]:+.3f} [{d10[1]:+.3f}, {d10[2]:+.3f}] | "
                  f"{drr[0]:+.3f} [{drr[1]:+.3f}, {drr[2]:+.3f}] | {wins} / {losses} | "
                  f"{statistics.fmean(chars):,.0f} / {max(chars):,.0f} | "
                  + " ".join(f"{k}:{statistics.fmean(v):+.3f}" for k, v in by_set.items()) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
