"""The one research-item builder of the tests, and an eight-item corpus with known overlaps.

``item_markdown`` writes an item file in the item template's layout; ``make_item``
parses one into a ``ResearchItem`` (mining and vocabulary tests); ``corpus()`` is
eight such items whose overlaps the tests know.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.extract.mining import DEFINED, Candidate, ItemCandidates
from kgsync.read.items import ResearchItem, read_item_bytes


def item_markdown(title: str, *, completed: str = "2026-03-01", themes: str = "[knowledge-graphs]", extra: str = "",
                  question: str = "", body: str = "", summary: str = "", findings: Sequence[str] = ()) -> str:
    """An item file: frontmatter (``extra`` is more frontmatter lines), question, summary, numbered Key Findings."""
    listed = "\n".join(f"{n}. {text}" for n, text in enumerate(findings, 1))
    return (f"---\ntitle: \"{title}\"\ncompleted: {completed}\nthemes: {themes}\n{extra}---\n\n# {title}\n\n"
            f"## Research Question\n\n{question}\n\n{body}\n\n## Findings\n\n### Executive Summary\n\n{summary}\n\n"
            f"### Key Findings\n\n{listed}\n")


def make_item(slug: str, title: str, question: str = "", summary: str = "", findings: tuple[str, ...] = (),
              body: str = "") -> ResearchItem:
    text = item_markdown(title, question=question, body=body, summary=summary,
                         findings=[f"{text} (Confidence: high)" for text in findings])
    item, issues = read_item_bytes(text.encode(), f"Research/completed/{slug}.md", slug)
    assert item is not None, issues
    return item


def corpus() -> list[ResearchItem]:
    """Eight items: 'knowledge graph' on 3, MCP defined on 2 and used on 3, 'agent' on all."""
    return [
        make_item("2026-01-01-kg-basics", "Knowledge graphs for research agents",
                  "How should research agents store knowledge graphs?",
                  "Knowledge graphs help research agents recall earlier work.",
                  ("A knowledge graph with canonical names improves recall for research agents.",)),
        make_item("2026-01-02-kg-names", "Canonical names in a Knowledge-Graph",
                  "Which canonicalisation rules keep one node per idea for research agents?",
                  "Entity resolution and canonical names keep the knowledge graph small.",
                  ("Entity resolution merges variants of one idea.",)),
        make_item("2026-01-03-mcp-intro", "Model Context Protocol servers",
                  "What does the Model Context Protocol (MCP) offer research agents?",
                  "The MCP memory server stores a knowledge graph as JSONL for agent memory.",
                  ("MCP servers expose tools to research agents.",)),
        make_item("2026-01-04-mcp-memory", "Agent memory over MCP",
                  "How do research agents use MCP (Model Context Protocol) for agent memory?",
                  "Agent memory via MCP is simple.",
                  ("MCP memory servers persist agent memory between sessions.",)),
        make_item("2026-01-05-mcp-security", "Securing MCP tools",
                  "Which prompt injection risks do MCP tools carry for research agents?",
                  "Prompt injection through MCP tool descriptions is the main risk.",
                  ("Indirect prompt injection reaches research agents through tool output.",)),
        make_item("2026-01-06-injection", "Prompt injection defences for agentic memory",
                  "How do research agents resist prompt injection?",
                  "Prompt injection needs layered defences; agentic memory adds risk.",
                  ("Prompt injection detection catches half of attacks.",)),
        make_item("2026-01-07-retrieval", "Hybrid retrieval evaluation for research agents",
                  "Does hybrid retrieval beat dense retrieval for research agents?",
                  "Hybrid retrieval evaluation shows gains; a benchmark of 200 queries was used.",
                  ("Hybrid retrieval evaluation favours BM25 plus embeddings.",)),
        make_item("2026-01-08-retrieval-2", "Hybrid retrieval evaluation at scale",
                  "How does hybrid retrieval evaluation scale for research agents?",
                  "Hybrid retrieval evaluation at scale needs caching.",
                  ("Hybrid retrieval evaluation costs grow with corpus size.",)),
    ]


def agent_theme_repo(root: Path, themes: Sequence[str]) -> Path:
    """A research repo of one item per theme of ``themes`` (no theme vocabulary), each writing
    "AI agents" and its theme's words (with no vocabulary a theme is a node only of the items that write
    it): the theme ``agentic-ai`` and the mined ``ai-agent`` are a near-duplicate pair, a theme's node
    on one side at least.  Built (``kgsync build --no-cache``); returns its graph file."""
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True, exist_ok=True)
    for n, (theme, topic) in enumerate(zip(themes, ("memory", "planning", "tool use", "evaluation"), strict=False), 1):
        (folder / f"2026-01-0{n}-agents-{n}.md").write_text(item_markdown(
            f"AI agents and {topic}", themes=f"[{theme}]", question=f"How do AI agents handle {topic}?",
            summary=f"AI agents need {topic}; AI agents fail without it. A study of {theme.replace('-', ' ')}.",
            findings=[f"AI agents improve {topic} with retrieval (Confidence: high)"]))
    return built(root)


def pinned_theme_repo(root: Path, item: str, settings: str = "") -> Path:
    """A research repo of the one item file ``item`` (``item_markdown``), with a theme vocabulary whose
    node ``agentic-ai`` a pinned term stands for (``kgsync-vocab.yml`` pins ``ai-agent``, written "AI
    agents": a variant of the theme's alias ``ai-agents``) and ``settings`` (more kgsync.yml lines).
    Built (``kgsync build --no-cache``); returns its graph file."""
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "2026-01-01-agents.md").write_text(item, encoding="utf-8")
    (root / "themes.md").write_text(
        "| Canonical slug | Aliases | Scope |\n|---|---|---|\n"
        "| `agentic-ai` | `ai-agents` | AI agents, autonomous decision-making systems |\n"
        "| `knowledge-graphs` | `kg` | Knowledge graphs, ontologies |\n\n"
        "```yaml\nagentic-ai: [ai-agents]\nknowledge-graphs: [kg]\n```\n", encoding="utf-8")
    (root / "kgsync-vocab.yml").write_text("terms:\n  ai-agent:\n    kind: concept\n    aliases: [AI agents]\n",
                                           encoding="utf-8")
    (root / "kgsync.yml").write_text(f"themes_vocabulary: themes.md\n{settings}", encoding="utf-8")
    return built(root)


def built(root: Path) -> Path:
    """``kgsync build`` of ``root`` (no cache); its graph file."""
    from click.testing import CliRunner

    from kgsync.cli.main import cli

    result = CliRunner().invoke(cli, ["build", "--root", str(root), "-q", "--no-cache"])
    assert result.exit_code == 0, result.output
    return root / "memory.jsonl"


def term_nodes(graph_file: Path) -> set[str]:
    """The concept and method nodes of a graph file."""
    return {e.name for e in jsonl.loads(graph_file.read_text()).entities if e.name.startswith(("concept:", "method:"))}


def llm_item(dense: str, defined: str = "large language model") -> ItemCandidates:
    """An item that defines ``defined`` (its acronym LLM) and writes the topic phrase "language model"
    in ``dense``: what ``kgsync.extract.topic_links.item_ellipses`` reads."""
    terms = (Candidate("language model", 2.0, (("language models", 2),), 0),
             Candidate(defined, 3.0, ((defined.capitalize(), 1),), DEFINED))
    return ItemCandidates("2026-01-01-llm", terms, (("llm", defined),), dense,
                          topic_words=(("language model", 5, 3, 2),))


def rank_fusion_repo(root: Path) -> Path:
    """A new repository of three items that all write "reciprocal rank fusion" and "BM25" (so on a
    corpus this small both are hubs, on more than ``mining.min_items`` items), each addressed by one
    item only (three mentions, one in its title, question or summary).  Its folder of items."""
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True, exist_ok=True)
    items = {
        "2026-01-01-hybrid-ranking-beat-bm25": item_markdown(
            "Hybrid ranking beat BM25", question="Does hybrid ranking beat BM25 ranking on research queries?",
            summary="Hybrid ranking with reciprocal rank fusion beat BM25 ranking on 200 queries.",
            findings=["Reciprocal rank fusion of BM25 and dense embeddings raised recall by 12 points "
                      "(Confidence: high)", "BM25 ranking alone missed paraphrased queries (Confidence: medium)"]),
        "2026-01-02-embeddings-beat-either-alone": item_markdown(
            "Embeddings beat either alone", question="Do dense embeddings beat BM25 alone?",
            summary="Dense embeddings combined by reciprocal rank fusion beat either ranker alone.",
            findings=["Reciprocal rank fusion is robust to score scales (Confidence: high)",
                      "Dense embeddings help on paraphrase (Confidence: medium)"]),
        "2026-01-03-fusion-costs": item_markdown(
            "Fusion costs at query time", question="What does reciprocal rank fusion cost at query time?",
            summary="Reciprocal rank fusion adds little latency over BM25 ranking.",
            findings=["Reciprocal rank fusion adds 3 ms per query (Confidence: high)",
                      "BM25 indexes are cheap to update (Confidence: medium)"]),
    }
    for slug, text in items.items():
        (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    return folder
