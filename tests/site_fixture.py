"""A small hand-written graph (and items) for the site tests: every page kind,
every relation, trust states, and hostile text in every field."""

from __future__ import annotations

from kgsync.read.items import ResearchItem
from kgsync.contract.model import Entity, Graph, Relation

HOSTILE = (
    '<script>window.__xss=1</script>',
    '<img src=x onerror="window.__xss=2">',
    '[click](javascript:window.__xss=3)',
    '{{ jinja }} {% raw %}{% endraw %}',
    '`tick` | pipe | ~~x~~',
    '{: onclick="window.__xss=4" }',
    '<a href="javascript:window.__xss=5">a</a>',
    '&lt;b&gt; AT&T </title><script>window.__xss=6</script>',
    '!!! danger "boom"',
    '<svg onload="window.__xss=7">',
)
EVIL = " ".join(HOSTILE)


def item(slug: str, title: str, completed: str, themes: tuple[str, ...] = (), superseded_by: tuple[str, ...] = (),
         summary: str = "") -> ResearchItem:
    return ResearchItem(
        slug=slug, path=f"Research/completed/{slug}.md", title=title, completed=completed, themes=themes,
        cites=(), related=(), supersedes=(), superseded_by=superseded_by, confidence="high", item_type="primary",
        status="completed", research_question="", executive_summary=summary, key_findings=(), sources=(),
        sections=(), body="", body_line=1,
    )


def _item_entity(slug: str, title: str, completed: str, tags: tuple[str, ...], superseded: bool = False,
                 summary: str = "") -> Entity:
    obs = [f"title: {title}", f"summary: {summary or 'Summary of ' + title}", *(f"tag:{t}" for t in tags),
           "confidence:high", f"completed:{completed}"]
    if superseded:
        obs.append("status:superseded")
    obs.append(f"provenance:item={slug}")
    return Entity(f"item:{slug}", "research_item", tuple(obs))


def sample() -> tuple[Graph, list[ResearchItem]]:
    items = [
        item("2026-01-01-rag-basics", "Retrieval-augmented generation basics", "2026-01-01", ("llm", "retrieval")),
        item("2026-02-01-rag-eval", "Evaluating RAG pipelines", "2026-02-01", ("llm", "evaluation")),
        item("2026-03-01-kg-memory", "Knowledge graphs as agent memory", "2026-03-01", ("knowledge-management",)),
        item("2025-12-01-old-rag", "Old notes on retrieval", "2025-12-01", ("retrieval",),
             superseded_by=("2026-01-01-rag-basics",)),
        item("2026-03-02-evil", EVIL, "2026-03-02", ("evil",)),
    ]
    entities = [
        _item_entity("2026-01-01-rag-basics", items[0].title, "2026-01-01", ("llm", "retrieval")),
        _item_entity("2026-02-01-rag-eval", items[1].title, "2026-02-01", ("llm", "evaluation")),
        _item_entity("2026-03-01-kg-memory", items[2].title, "2026-03-01", ("knowledge-management",)),
        _item_entity("2025-12-01-old-rag", items[3].title, "2025-12-01", ("retrieval",), superseded=True),
        _item_entity("2026-03-02-evil", EVIL, "2026-03-02", (EVIL, "evil"), summary=EVIL),
        Entity("concept:retrieval-augmented generation", "concept",
               ("alias:RAG", "alias:retrieval augmented generation", "alias:grounded generation",
                "provenance:item=2026-01-01-rag-basics", "provenance:item=2026-02-01-rag-eval")),
        Entity("concept:knowledge graph", "concept", ("alias:KG", "alias:knowledge graphs",
                                                      "provenance:item=2026-03-01-kg-memory")),
        Entity("concept:evaluation", "concept", ("alias:evals", "provenance:item=2026-02-01-rag-eval")),
        Entity("concept:vector search", "concept", ("alias:semantic search", "provenance:item=2026-01-01-rag-basics")),
        Entity(f"concept:{EVIL}", "concept", tuple(f"alias:{h}" for h in HOSTILE) + ("provenance:item=2026-03-02-evil",)),
        Entity("method:ablation study", "method", ("alias:ablation", "provenance:item=2026-02-01-rag-eval")),
        Entity("method:literature review", "method", ("provenance:item=2026-01-01-rag-basics",)),
        Entity(f"method:{EVIL}", "method", (f"alias:{EVIL}", "provenance:item=2026-03-02-evil")),
        Entity("claim:2026-01-01-rag-basics:kf-1", "claim",
               ("title: Retrieval reduces hallucination in factual QA.", "confidence:high",
                "section:key-finding-1", "source:https://example.org/paper?id=1&x=2",
                "provenance:item=2026-01-01-rag-basics")),
        Entity("claim:2026-02-01-rag-eval:kf-2", "claim",
               ("title: Retrieval gains shrink with long-context models.", "confidence:medium",
                "section:key-finding-2", "provenance:item=2026-02-01-rag-eval")),
        Entity("claim:2026-02-01-rag-eval:kf-3", "claim",
               ("title: Retrieval never helps.", "confidence:low", "section:key-finding-3",
                "status:contradicted", "provenance:item=2026-02-01-rag-eval")),
        Entity("claim:2025-12-01-old-rag:kf-1", "claim",
               ("title: Old retrieval claim.", "confidence:high", "section:key-finding-1",
                "provenance:item=2025-12-01-old-rag")),
        Entity("claim:2026-03-02-evil:kf-1", "claim",
               (f"title: {EVIL}", "confidence:high", "section:key-finding-1",
                "source:javascript:window.__xss=8", 'source:https://ok.example/"><script>window.__xss=9</script>',
                "provenance:item=2026-03-02-evil")),
    ]
    R = Relation
    relations = [
        R("item:2026-01-01-rag-basics", "concept:retrieval-augmented generation", "addresses"),
        R("item:2026-01-01-rag-basics", "concept:vector search", "addresses"),
        R("item:2026-02-01-rag-eval", "concept:retrieval-augmented generation", "addresses"),
        R("item:2026-02-01-rag-eval", "concept:evaluation", "addresses"),
        R("item:2026-03-01-kg-memory", "concept:knowledge graph", "addresses"),
        R("item:2026-03-01-kg-memory", "concept:retrieval-augmented generation", "addresses"),
        R("item:2025-12-01-old-rag", "concept:retrieval-augmented generation", "addresses"),
        R("item:2026-03-02-evil", f"concept:{EVIL}", "addresses"),
        R("item:2026-03-02-evil", "concept:knowledge graph", "addresses"),
        R("item:2026-01-01-rag-basics", "method:literature review", "uses_method"),
        R("item:2026-02-01-rag-eval", "method:ablation study", "uses_method"),
        R("item:2026-03-02-evil", f"method:{EVIL}", "uses_method"),
        R("item:2026-01-01-rag-basics", "claim:2026-01-01-rag-basics:kf-1", "states"),
        R("item:2026-02-01-rag-eval", "claim:2026-02-01-rag-eval:kf-2", "states"),
        R("item:2026-02-01-rag-eval", "claim:2026-02-01-rag-eval:kf-3", "states"),
        R("item:2025-12-01-old-rag", "claim:2025-12-01-old-rag:kf-1", "states"),
        R("item:2026-03-02-evil", "claim:2026-03-02-evil:kf-1", "states"),
        R("claim:2026-01-01-rag-basics:kf-1", "concept:retrieval-augmented generation", "about"),
        R("claim:2026-02-01-rag-eval:kf-2", "concept:retrieval-augmented generation", "about"),
        R("claim:2026-02-01-rag-eval:kf-3", "concept:retrieval-augmented generation", "about"),
        R("claim:2025-12-01-old-rag:kf-1", "concept:retrieval-augmented generation", "about"),
        R("claim:2026-03-02-evil:kf-1", f"concept:{EVIL}", "about"),
        R("claim:2026-02-01-rag-eval:kf-2", "method:ablation study", "uses_method"),
        R("claim:2026-02-01-rag-eval:kf-2", "claim:2026-01-01-rag-basics:kf-1", "extends"),
        R("claim:2026-03-02-evil:kf-1", "claim:2026-01-01-rag-basics:kf-1", "supports"),
        R("claim:2026-02-01-rag-eval:kf-3", "claim:2026-01-01-rag-basics:kf-1", "contradicts"),
        R("item:2026-02-01-rag-eval", "item:2026-01-01-rag-basics", "extends"),
        R("item:2026-01-01-rag-basics", "item:2025-12-01-old-rag", "extends"),
    ]
    return Graph(tuple(entities), tuple(relations)).canonical(), items
