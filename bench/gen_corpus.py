"""Generate a synthetic research corpus in the real corpus's shape (deterministic).

    python bench/gen_corpus.py OUT_DIR --count 10000 [--seed 7] [--paragraphs 3] [--no-citations]

Writes OUT_DIR/<date>-<slug>.md files: YAML frontmatter as in the item
template (themes from the canonical vocabulary and its aliases, cites to
earlier items, occasional supersedes / superseded_by pairs), the usual
sections, 3-8 Key Findings mixing the styles the real corpus uses, sources
with URLs, and recurring domain terms with the variation real authors
produce: plurals, British/American spellings, acronyms defined in text.

The same (count, seed, paragraphs) always gives byte-identical files, so
benchmark figures are comparable between runs and machines.  Items average
about 7 KB with the default --paragraphs (the real corpus averages ~58 KB; the
generator's job is the shape and the term statistics, not the bulk).

Citations.  An item names the earlier items of its ``cites:`` in its text, as the real
corpus's items do, so that a build plans evidence for them (``kgsync.extract.evidence.plan``
skips an item that names none: the items of before named none, and so never paid it).
Measured with kgsync's own reading of references (``bench/cite_forms.py``, every reference one
line naming one item; the real figures pooled over ../shared/corpus/research and later, 273 items):

    .venv/bin/python bench/cite_forms.py ../shared/corpus/research ../shared/corpus/later
    .venv/bin/python bench/cite_forms.py OUT            # OUT: gen_corpus.py OUT --count 2000

    figure                                    real (273 items)       generated (2,000)
    items naming another item in the text     200 = 73.3 %           1,526 = 76.3 %
    items citing a finding by number          24 = 8.8 %             189 = 9.4 %
    items with cites: entries                 60 = 22.0 %            1,527 = 76.3 %
    references per naming item                median 13, mean 25.7   median 8, mean 7.9
    items named per naming item               median 3, mean 3.6     median 2, mean 2.0
    where: a list line / a table row / prose  64.6 / 22.1 / 13.1 %   64.4 / 23.5 / 12.0 %
    inside a Key Findings entry               11.8 %                 18.0 %
    in a source attribution                   64.1 %                 62.4 %
    named by its page / file address          66.3 / 18.8 %          63.3 / 19.9 %
    named by a link / in code / bare file     4.2 / 6.1 / 2.2 %      3.9 / 11.0 / 1.8 %
    with a finding number                     2.6 %                  6.3 %
    ... Key Finding N / KF N / Key Findings   102 / 22 / 10 of 136   614 / 69 / 61 of 756
    markers / cites: mappings                 0 / 0                  25 / 30

Where they stand: a Research Skill Output bullet's evidence label ("- [fact; source: URL;
ITEM-URL] …"), a Key Findings entry's sources, an Evidence Map row's Source cell (the row's claim
cell then one of the item's findings), a sourced fact in the Analysis ("[fact] <a cited finding's
statement>. Source: ITEM."); an item citing by number (12 % of the citing items) adds
"`<path>` Key Finding N shows that <that finding's statement>" to its first finding and its
Analysis, and two Evidence Map rows citing a finding by number with the item's own finding in the
Notes column.  Every number names a finding the cited item has; an item cites only items of its
``cites:`` completed no later than itself.  Decided where the real corpus is silent: 2 % of the
citing items state a stance by an inline marker and 2 % by a ``cites:`` mapping (the README's
precise forms; the real items use neither), so that the exact path is built too.  An item has
fewer references than a real one (its text is an eighth of the size: per KB it has more), and
more ``cites:`` entries (the earlier rounds' plan, kept: the items' links between items are
unchanged).  ``--no-citations`` writes the items of before, byte for byte (the citations draw
from a random stream of their own), for figures comparable with the earlier rounds'.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

THEMES = (
    "agentic-ai", "llm-reasoning", "memory-context", "multi-agent", "rag-retrieval", "governance-policy",
    "benchmarks-eval", "security-risk", "knowledge-graphs", "ai-architecture", "tools-infrastructure",
    "mlops-deployment", "cost-performance", "knowledge-management", "human-ai-interaction", "software-engineering",
)
#: Legacy spellings authors still write; the vocabulary's alias map folds them.
THEME_ALIASES = ("agents", "ai-agents", "vector-search", "evals", "ontologies", "workflow", "ethics", "pkm")

#: (long form, acronym or "") -- acronyms are defined in text the first time an item uses them.
ACRONYM_TERMS = (
    ("retrieval-augmented generation", "RAG"), ("Model Context Protocol", "MCP"),
    ("large language model", "LLM"), ("knowledge graph", "KG"), ("approximate nearest neighbour", "ANN"),
    ("reinforcement learning from human feedback", "RLHF"), ("role-based access control", "RBAC"),
    ("service level objective", "SLO"), ("personal knowledge management", "PKM"),
    ("reciprocal rank fusion", "RRF"), ("continuous integration", "CI"), ("policy decision point", "PDP"),
)
#: British / American pairs: an item picks one spelling for all of them.
SPELLINGS = (
    ("canonicalisation", "canonicalization"), ("organisation", "organization"), ("optimisation", "optimization"),
    ("normalisation", "normalization"), ("behaviour", "behavior"), ("modelling", "modeling"),
    ("summarisation", "summarization"), ("tokenisation", "tokenization"),
)
HEADS = (
    "search", "memory", "retrieval", "graph", "agent", "pipeline", "index", "policy", "benchmark", "cache",
    "embedding", "schema", "ontology", "evaluation", "workflow", "guardrail", "router", "planner", "store",
    "protocol", "registry", "classifier", "extractor", "summary", "prompt", "context window", "audit log",
)
MODIFIERS = (
    "vector", "hybrid", "semantic", "episodic", "temporal", "federated", "incremental", "adaptive", "sparse",
    "dense", "hierarchical", "multi-agent", "agentic", "structured", "long-term", "streaming", "zero-shot",
    "few-shot", "causal", "probabilistic", "graph-based", "rule-based", "self-hosted", "open-source", "runtime",
    "offline", "contextual", "distributed", "lightweight", "domain-specific", "entity", "knowledge", "policy",
)
METHODS = (
    "systematic literature review", "controlled experiment", "prototype", "expert interview", "benchmark study",
    "case study", "survey of vendor documentation", "ablation study", "threat modelling", "cost model",
)
FILLER = (
    "The evidence is uneven across sources, and vendor material dominates the recent record.",
    "Several sources describe the same mechanism under different names, which complicates comparison.",
    "Adoption is driven by tooling maturity more than by measured benefit.",
    "The trade-off is between recall on paraphrased questions and precision on exact terms.",
    "Most evaluations rely on small benchmarks that do not match production workloads.",
    "Operational cost grows with corpus size, while the benefit plateaus early.",
    "Governance requirements favour approaches whose outputs can be reviewed and versioned.",
    "A deterministic pipeline makes regressions visible in review rather than in production.",
)
HOSTS = (
    "https://arxiv.org/abs/", "https://doi.org/10.1145/", "https://github.com/example/", "https://docs.example.org/",
    "https://www.w3.org/TR/", "https://blog.example.com/posts/",
)

# Citations between items, in the forms and shares of the real corpus (``bench/cite_forms.py`` on
# ../shared/corpus/research and later, pooled; the figures are in the module's docstring).
#: Where an item's own pages are published: 66 % of the real references name the item by its page's
#: address, 19 % by its file's address on GitHub.
SITE = "https://example.github.io/research/"
REPO_FILES = "https://github.com/example/research/blob/main/Research/completed/"
#: How a reference writes the item it names, weighted as the real references are (pooled, per cent).
NAMINGS = (("page", 66), ("file address", 19), ("link", 4), ("file in code", 4), ("path in code", 2),
           ("bare file", 2))
#: How a numbered citation writes the number (the real 136: Key Finding N 102, KF N 22, lists 10, Finding N 2).
NUMBERINGS = (("Key Finding", 75), ("KF", 16), ("Key Findings", 7), ("Finding", 2))
#: Of the items that cite, the share citing a finding by number (real: 24 of the 200 naming items), and the
#: shares stating a stance exactly, by an inline marker or a ``cites:`` mapping (real: none; written by a few
#: so that the exact path is built too).
NUMBERED_ITEMS, MARKED_ITEMS, MAPPED_ITEMS = 0.12, 0.02, 0.02
#: Per place, the chance that it names a cited item: a Research Skill Output bullet (its evidence label's
#: sources), a Key Findings entry (its sources), an Evidence Map row (its Source cell), the Analysis (one
#: sourced fact).  With the item's shape these give the real shares of the references: a list line ~64 %
#: (12 % inside a Key Findings entry), a table row ~22 %, prose ~13 %.
IN_BULLET, IN_FINDING, IN_ROW, IN_ANALYSIS = 0.5, 0.18, 0.35, 0.9


@dataclass(frozen=True)
class Cited:
    """What a later item may cite of an earlier one."""

    slug: str
    completed: str  # its completed: date: an item cites work completed no later than itself
    claims: tuple[str, ...]  # its Key Findings' statements, in order
    superseded: bool  # a marker or cites: mapping naming a superseded item's finding links nothing: none is written


class Citer:
    """Writes one item's references to the earlier items it cites.  It draws from its own random
    stream, so every other byte of the item is the same as without citations."""

    def __init__(self, rng: random.Random, cited: tuple[Cited, ...]):
        self.rng = rng
        self.cited = cited
        self.numbered = bool(cited) and rng.random() < NUMBERED_ITEMS
        current = tuple(c for c in cited if not c.superseded)
        self.marker = rng.choice(current) if current and rng.random() < MARKED_ITEMS else None
        self.mapping = rng.choice(current) if current and rng.random() < MAPPED_ITEMS else None

    def chance(self, p: float) -> bool:
        return bool(self.cited) and self.rng.random() < p

    def pick(self) -> Cited:
        return self.rng.choice(self.cited)

    def name(self, slug: str) -> str:
        """The item as a reference writes it."""
        form = self.rng.choices([n for n, _ in NAMINGS], [w for _, w in NAMINGS])[0]
        return {
            "page": f"{SITE}{slug}.html", "file address": f"{REPO_FILES}{slug}.md",
            "link": f"[the earlier item]({REPO_FILES}{slug}.md)", "file in code": f"`{slug}.md`",
            "path in code": f"`Research/completed/{slug}.md`", "bare file": f"{slug}.md",
        }[form]

    def numbered_citation(self) -> tuple[str, str]:
        """(the item and the finding numbers as written, the statement of the first finding cited)."""
        cited = self.pick()
        first = self.rng.randrange(len(cited.claims))
        form = self.rng.choices([n for n, _ in NUMBERINGS], [w for _, w in NUMBERINGS])[0]
        path = f"`Research/completed/{cited.slug}.md`" if self.rng.random() < 0.6 else f"`{cited.slug}.md`"
        if form == "Key Findings" and len(cited.claims) > 1:
            second = self.rng.choice([n for n in range(len(cited.claims)) if n != first])
            low, high = sorted((first, second))
            return f"{path} Key Findings {low + 1} and {high + 1}", cited.claims[first]
        if form == "Finding":  # read only after the item is named in the same sentence
            return f"{path} (Finding {first + 1})", cited.claims[first]
        number = f"KF{first + 1}" if form == "KF" else f"Key Finding {first + 1}"
        return f"{path} {number}", cited.claims[first]

    def sources(self, p: float, many: float = 0.3) -> list[str]:
        """With chance ``p``, one cited item as a source list writes it (two, with chance ``many``)."""
        if not self.chance(p):
            return []
        names = [self.name(self.pick().slug)]
        if len(self.cited) > 1 and self.rng.random() < many:
            names.append(self.name(self.pick().slug))
        return names

    def marked(self) -> str:
        """The inline marker of a Key Findings entry (the precise form), "" none."""
        if self.marker is None:
            return ""
        stance = self.rng.choice(("supports", "extends", "contradicts"))
        return f" [{stance}: {self.marker.slug} KF{self.rng.randrange(len(self.marker.claims)) + 1}]"

    def mapping_entry(self) -> str:
        """The ``cites:`` mapping that states a finding's stance, "" none."""
        if self.mapping is None:
            return ""
        finding = self.rng.randrange(len(self.mapping.claims)) + 1
        return f"{{item: {self.mapping.slug}, findings: [{finding}], stance: extends, from: 1}}"


@dataclass(frozen=True)
class Plan:
    slug: str
    day: date
    supersedes: str | None
    superseded_by: str | None
    cites: tuple[str, ...]


def vocabulary(rng: random.Random) -> list[str]:
    """About 400 compound terms, shared by the whole corpus (order fixed by the seed)."""
    terms = sorted({f"{m} {h}" for m in MODIFIERS for h in HEADS})
    rng.shuffle(terms)
    return terms[:400]


def zipf_pick(rng: random.Random, pool: list[str], k: int) -> list[str]:
    """k distinct terms, head-heavy like real term frequencies."""
    weights = [1.0 / (rank + 1) ** 0.9 for rank in range(len(pool))]
    chosen: list[str] = []
    while len(chosen) < k:
        term = rng.choices(pool, weights)[0]
        if term not in chosen:
            chosen.append(term)
    return chosen


def plans(count: int, rng: random.Random) -> list[Plan]:
    start = date(2024, 1, 1)
    slugs = []
    for i in range(count):
        words = "-".join(rng.sample(["agent", "memory", "graph", "retrieval", "policy", "vector", "schema",
                                     "governance", "eval", "context", "pipeline", "mcp", "rag", "kg"], 3))
        day = start + timedelta(days=i * 730 // max(count, 1))
        slugs.append((f"{day.isoformat()}-{words}-{i:05d}", day))
    supersede: dict[int, int] = {}  # newer -> older
    taken: set[int] = set()
    for i in range(10, count):
        if rng.random() < 0.01:
            older = rng.randrange(0, i)
            if older not in taken and older not in supersede and i not in taken:
                supersede[i] = older
                taken.add(older)
    superseded_by = {older: newer for newer, older in supersede.items()}
    out = []
    for i, (slug, day) in enumerate(slugs):
        cites = tuple(sorted({slugs[rng.randrange(0, i)][0] for _ in range(rng.randint(0, 3))})) if i else ()
        out.append(
            Plan(
                slug, day,
                slugs[supersede[i]][0] if i in supersede else None,
                slugs[superseded_by[i]][0] if i in superseded_by else None,
                cites,
            )
        )
    return out


def plural(term: str) -> str:
    if term.endswith("y") and term[-2:-1] not in "aeiou":
        return term[:-1] + "ies"
    if term.endswith(("s", "x", "ch", "sh")):
        return term + "es"
    return term + "s"


def url(rng: random.Random, term: str) -> str:
    host = rng.choice(HOSTS)
    return f"{host}{term.replace(' ', '-')}-{rng.randint(1000, 9999)}"


class Writer:
    """Renders one item; term spellings are fixed per item, acronyms defined at first use."""

    def __init__(self, rng: random.Random, british: bool):
        self.rng = rng
        self.british = british
        self.defined: set[str] = set()

    def spell(self, text: str) -> str:
        for uk, us in SPELLINGS:
            text = text.replace(uk, uk if self.british else us)
        return text

    def acronym(self, long: str, short: str) -> str:
        if not short:
            return long
        if short in self.defined:
            return short if self.rng.random() < 0.6 else long
        self.defined.add(short)
        return f"{long} ({short})"

    def term(self, term: str) -> str:
        r = self.rng.random()
        if r < 0.2:
            return plural(term)  # plural variant
        if r < 0.3:
            return term.title()  # capitalised variant
        return term


def render(plan: Plan, pool: list[str], rng: random.Random, paragraphs: int,
           cited: tuple[Cited, ...] = (), cite_rng: random.Random | None = None) -> tuple[str, Cited]:
    """The item's text, and what later items may cite of it.  ``cited``: the earlier items of its
    ``cites:`` it names in its text, drawn with ``cite_rng`` (none: the text names no item)."""
    w = Writer(rng, british=rng.random() < 0.6)
    terms = zipf_pick(rng, pool, rng.randint(4, 8))
    acronyms = rng.sample(ACRONYM_TERMS, rng.randint(1, 3))
    spelled = [w.spell(pair[0]) for pair in rng.sample(SPELLINGS, 2)]
    themes = rng.sample(THEMES, rng.randint(2, 4)) + ([rng.choice(THEME_ALIASES)] if rng.random() < 0.2 else [])
    sources = [url(rng, t) for t in terms[: rng.randint(3, 6)]]
    main, other = terms[0], terms[1]
    a_long, a_short = acronyms[0]
    title = f"How should {main} be combined with {w.acronym(a_long, a_short)} for {other}?"
    w.defined.clear()  # the title does not count as a definition; the body defines it again

    def sentence() -> str:
        t = w.term(rng.choice(terms))
        a = w.acronym(*rng.choice(acronyms))
        return f"{rng.choice(FILLER)} This matters for {t} and for {a}, especially where {rng.choice(spelled)} is involved."

    def para(n: int = 3) -> str:
        return " ".join(sentence() for _ in range(n))

    confidence = rng.choice(("high", "medium", "medium", "low"))
    completed = plan.day + timedelta(days=rng.randint(0, 3))
    completed_text = completed.isoformat() if rng.random() < 0.5 else f"{completed.isoformat()}T{rng.randint(8, 18):02d}:15:00+00:00"
    citer = Citer(cite_rng or random.Random(0), tuple(c for c in cited if c.completed <= completed.isoformat()))
    mapping = citer.mapping_entry()
    cites = [mapping if citer.mapping and slug == citer.mapping.slug else slug for slug in plan.cites]
    fm = [
        "---",
        f'title: "{title}"',
        f"added: {plan.day.isoformat()}T08:00:00+00:00",
        "status: completed",
        f"priority: {rng.choice(('low', 'medium', 'high'))}  # low | medium | high",
        "blocks: []",
        f"themes: [{', '.join(themes)}]",
        f"started: {plan.day.isoformat()}T09:00:00+00:00",
        f"completed: {completed_text}",
        "output: [knowledge]",
        f"cites: [{', '.join(cites)}]          # slugs of items this item directly depends on or quotes",
        "related: []",
        f"superseded_by: {plan.superseded_by or '~'}",
        f"supersedes: {plan.supersedes or '~'}",
        f"item_type: {'synthesis' if rng.random() < 0.1 else 'primary'} # primary | synthesis",
        f"confidence: {confidence} # high | medium | low",
        "versions: []",
        "---",
        "",
    ]
    out = fm + [f"# {title}", "", "## Research Question", "", f"{title} {para(1)}", "",
                "## Scope", "", "**In scope:**"]
    out += [f"- {w.term(t)}" for t in terms[:4]]
    out += ["", "**Out of scope:**", f"- {rng.choice(pool)}", "", "**Constraints:** Public sources only.", "",
            "## Context", "", para(paragraphs), ""]
    if plan.cites:
        out += [f"This builds on `Research/completed/{plan.cites[0]}.md`.", ""]
    out += ["## Approach", ""]
    out += [f"{i}. Use a {rng.choice(METHODS)} to examine {w.term(t)}." for i, t in enumerate(terms[:3], 1)]
    out += ["", "## Sources", ""]
    out += [f"- [x] [Author{i} et al. ({2020 + i % 6}) On {t}]({u}) — what it provides"
            for i, (t, u) in enumerate(zip(terms, sources))]
    out += ["", "---", "", "## Research Skill Output", ""]
    for n, name in enumerate(("Initialise", "Question Decomposition", "Investigation", "Reasoning",
                              "Consistency Check", "Depth and Breadth Expansion", "Synthesis", "Recursive Review")):
        label, said, source = rng.choice(('fact', 'inference', 'assumption')), sentence(), rng.choice(sources)
        cited_too = citer.sources(IN_BULLET) if n else []  # §0 Initialise frames the question: no citation there
        bullet = f"- [{label}; source: {'; '.join([source, *cited_too])}] {said}" if cited_too else \
            f"- **[{label}]** {said} ({source})"
        out += [f"### §{n} {name}", "", bullet, ""]
    out += ["---", "", "## Findings", "", "### Executive Summary", "", f"{para(paragraphs)} [inference; source: {sources[0]}]", "",
            "### Key Findings", ""]
    claims: list[str] = []
    for i in range(1, rng.randint(3, 8) + 1):
        t, s = w.term(rng.choice(terms)), rng.sample(sources, rng.randint(1, 2))
        claim = f"{t[0].upper()}{t[1:]} improves {w.acronym(*rng.choice(acronyms))} when {rng.choice(spelled)} is applied first"
        claims.append(claim)
        style = rng.random()
        cited_too = citer.sources(IN_FINDING)
        if style < 0.5:
            entry = f"{i}. **{claim}.** ({rng.choice(('high', 'medium', 'low'))} confidence; source: {'; '.join(s + cited_too)})"
        elif style < 0.8:
            entry = f"{i}. **[inference] Confidence: {confidence}.** {claim}. (Sources: {'; '.join(s + cited_too)})"
        else:
            entry = f"{i}. {claim}. ({confidence} confidence; source: {'; '.join([s[0], *cited_too])})"
        if i == 1:
            entry += citer.marked()
            if citer.numbered:
                cite, stated = citer.numbered_citation()
                entry += f" {cite} shows that {stated[0].lower()}{stated[1:]}."
        out.append(entry)
    out += ["", "### Evidence Map", "", "| Claim | Source | Confidence | Notes |", "|---|---|---|---|"]
    for t, u in zip(terms, sources):
        term = w.term(t)
        cited_too = citer.sources(IN_ROW)
        out.append(f"| {citer.rng.choice(claims)} | {' ; '.join([u, *cited_too])} | {confidence} | |" if cited_too else
                   f"| {term} | {u} | {confidence} | |")
    if citer.numbered:
        for _ in range(2):
            own = citer.rng.randrange(len(claims))
            cite, _stated = citer.numbered_citation()
            out.append(f"| {claims[own]} | {cite} | {confidence} | Key Finding {own + 1} |")
    assumption = f"- **Assumption:** {sentence()} **Justification:** {sentence()}"
    analysis = para(paragraphs)
    if citer.chance(IN_ANALYSIS):
        fact = citer.pick()
        analysis += f" [fact] {citer.rng.choice(fact.claims)}. Source: {citer.name(fact.slug)}."
    if citer.numbered:
        cite, stated = citer.numbered_citation()
        analysis += f" {cite} shows that {stated[0].lower()}{stated[1:]}."
    out += ["", "### Assumptions", "", assumption, "",
            "### Analysis", "", analysis, "", "### Risks, Gaps, and Uncertainties", "", f"- {sentence()}", "",
            "### Open Questions", "", f"- How does {rng.choice(pool)} interact with {main}?", "", "---", "",
            "## Output", "", "- Type: knowledge", f"- Description: {title}", "- Links: []", ""]
    return "\n".join(out), Cited(plan.slug, completed.isoformat(), tuple(claims), plan.superseded_by is not None)


def generate(out_dir: Path, count: int, seed: int = 7, paragraphs: int = 3, citations: bool = True) -> list[Path]:
    """Write ``count`` items into ``out_dir``; return their paths (sorted).  ``citations``: the items
    name the items they cite in their text; False writes the items of before (byte for byte), which
    name none."""
    rng = random.Random(seed)
    pool = vocabulary(rng)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    written: dict[str, Cited] = {}  # the items written so far: an item cites earlier ones only
    for plan in plans(count, rng):
        item_rng = random.Random(f"{seed}:{plan.slug}")  # per item: editing one item's plan leaves others alone
        path = out_dir / f"{plan.slug}.md"
        cited = tuple(written[slug] for slug in plan.cites) if citations else ()
        # the citations' own stream: without them (or with none) every other byte is the same
        text, written[plan.slug] = render(plan, pool, item_rng, paragraphs, cited,
                                          random.Random(f"{seed}:{plan.slug}:citations"))
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return sorted(paths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the items into")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--paragraphs", type=int, default=3, help="sentences-per-section knob (size)")
    parser.add_argument("--no-citations", action="store_true",
                        help="the items of before: no item named in the text (for figures comparable with earlier rounds')")
    args = parser.parse_args(argv)
    paths = generate(args.out, args.count, args.seed, args.paragraphs, citations=not args.no_citations)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} items, {size / 1e6:.1f} MB, into {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
