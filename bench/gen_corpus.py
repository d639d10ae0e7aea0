"""Generate a synthetic research corpus in the real corpus's shape (deterministic).

    python bench/gen_corpus.py OUT_DIR --count 10000 [--seed 7] [--paragraphs 3]

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


def render(plan: Plan, pool: list[str], rng: random.Random, paragraphs: int) -> str:
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
        f"cites: [{', '.join(plan.cites)}]          # slugs of items this item directly depends on or quotes",
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
        out += [f"### §{n} {name}", "", f"- **[{rng.choice(('fact', 'inference', 'assumption'))}]** {sentence()} ({rng.choice(sources)})", ""]
    out += ["---", "", "## Findings", "", "### Executive Summary", "", f"{para(paragraphs)} [inference; source: {sources[0]}]", "",
            "### Key Findings", ""]
    for i in range(1, rng.randint(3, 8) + 1):
        t, s = w.term(rng.choice(terms)), rng.sample(sources, rng.randint(1, 2))
        claim = f"{t[0].upper()}{t[1:]} improves {w.acronym(*rng.choice(acronyms))} when {rng.choice(spelled)} is applied first"
        style = rng.random()
        if style < 0.5:
            out.append(f"{i}. **{claim}.** ({rng.choice(('high', 'medium', 'low'))} confidence; source: {'; '.join(s)})")
        elif style < 0.8:
            out.append(f"{i}. **[inference] Confidence: {confidence}.** {claim}. (Sources: {'; '.join(s)})")
        else:
            out.append(f"{i}. {claim}. ({confidence} confidence; source: {s[0]})")
    out += ["", "### Evidence Map", "", "| Claim | Source | Confidence | Notes |", "|---|---|---|---|"]
    out += [f"| {w.term(t)} | {u} | {confidence} | |" for t, u in zip(terms, sources)]
    out += ["", "### Assumptions", "", f"- **Assumption:** {sentence()} **Justification:** {sentence()}", "",
            "### Analysis", "", para(paragraphs), "", "### Risks, Gaps, and Uncertainties", "", f"- {sentence()}", "",
            "### Open Questions", "", f"- How does {rng.choice(pool)} interact with {main}?", "", "---", "",
            "## Output", "", "- Type: knowledge", f"- Description: {title}", "- Links: []", ""]
    return "\n".join(out)


def generate(out_dir: Path, count: int, seed: int = 7, paragraphs: int = 3) -> list[Path]:
    """Write ``count`` items into ``out_dir``; return their paths (sorted)."""
    rng = random.Random(seed)
    pool = vocabulary(rng)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for plan in plans(count, rng):
        item_rng = random.Random(f"{seed}:{plan.slug}")  # per item: editing one item's plan leaves others alone
        path = out_dir / f"{plan.slug}.md"
        path.write_text(render(plan, pool, item_rng, paragraphs), encoding="utf-8")
        paths.append(path)
    return sorted(paths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the items into")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--paragraphs", type=int, default=3, help="sentences-per-section knob (size)")
    args = parser.parse_args(argv)
    paths = generate(args.out, args.count, args.seed, args.paragraphs)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} items, {size / 1e6:.1f} MB, into {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
