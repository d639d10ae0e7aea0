"""The repo's theme vocabulary: alias map from Markdown or YAML."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.contract.errors import ConfigError
from kgsync.extract.canonical import term_key, words
from kgsync.vocabulary.themes import ThemeMap, field_acts, load_theme_map, node_names

SHARED = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "themes-vocabulary.md"


def test_markdown_with_a_yaml_block(tmp_path: Path) -> None:
    path = tmp_path / "themes.md"
    path.write_text("# Themes\n\n```yaml\nagentic-ai:\n  - agents\n  - AI Agents\nrag-retrieval: []\n```\n",
                    encoding="utf-8")
    themes = load_theme_map(path)
    assert themes.canonicalise("agents") == "agentic-ai"
    assert themes.canonicalise("AI agents") == "agentic-ai"
    assert themes.canonicalise("rag-retrieval") == "rag-retrieval"
    assert themes.canonicalise("unknown_theme") == "unknown-theme"


def test_the_real_vocabulary(require_shared: Callable[[Path], Path]) -> None:
    themes = load_theme_map(require_shared(SHARED))
    assert len(themes.canonical) == 22
    assert themes.canonicalise("vector-search") == "rag-retrieval"
    assert themes.canonicalise("ontologies") == "knowledge-graphs"


def test_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_theme_map(tmp_path / "missing.md")
    (tmp_path / "none.md").write_text("# no map here\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="no ```yaml block"):
        load_theme_map(tmp_path / "none.md")
    (tmp_path / "bad.md").write_text("intro\n\n```yaml\na: [b\n```\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_theme_map(tmp_path / "bad.md")
    assert caught.value.location.line is not None


def test_the_vocabularys_words_are_aliases_and_topic_keys(tmp_path: Path) -> None:
    path = tmp_path / "themes.md"
    path.write_text(
        "| Canonical slug | Aliases | Scope |\n|---|---|---|\n"
        "| `rag-retrieval` | `retrieval-augmented-generation`, `vector-search` |"
        " Retrieval-augmented generation (RAG), vector search, semantic retrieval |\n"
        "| `llm-reasoning` | `chain-of-thought` | LLM (Large Language Model) reasoning, structured output |\n"
        "| `memory-context` | `context-window` | Memory management, compression |\n"
        "\n```yaml\nrag-retrieval:\n  - retrieval-augmented-generation\n  - vector-search\n"
        "llm-reasoning:\n  - chain-of-thought\nmemory-context:\n  - context-window\n```\n",
        encoding="utf-8")
    themes = load_theme_map(path)
    # spaced aliases and the scope's spelled-out expansion, both forms: the variants of the theme's name
    assert {"retrieval augmented generation", "RAG", "retrieval-augmented generation"} <= set(
        themes.words["rag-retrieval"])
    # a narrower topic is no alias (it keeps its own mined node), yet still a tag's alias
    assert "vector search" not in themes.words["rag-retrieval"]
    # ... but names the narrower topic, not the theme: a claim saying it is about its own node only
    assert themes.mentions("Vector search is cheap") == ()
    # a scope phrase with a word of its own names its own idea, not the theme
    assert themes.mentions("Semantic retrieval is cheap") == ()
    assert themes.canonicalise("vector-search") == "rag-retrieval"
    assert "LLM" not in themes.words["llm-reasoning"]  # "LLM" is not the theme, "LLM reasoning" is
    # a claim names a theme by a phrase of two or more words, or a spelled-out acronym
    assert themes.mentions("RAG beats fine-tuning") == ("rag-retrieval",)
    # "context windows" is a named thing of its own, not the theme memory-context
    assert themes.mentions("Large language model reasoning and context windows") == ("llm-reasoning",)
    assert themes.mentions("the rag was torn; memory is cheap") == ()
    assert themes.mentions("Memory management is costly") == ("memory-context",)  # a scope phrase, a variant
    # a single word never names a theme ("compression" is in the scope, "memory" in the slug)
    assert themes.mentions("Compression halves the cost of memory") == ()


def test_a_renamed_themes_tag_links_its_node_where_the_item_writes_its_name(tmp_path: Path) -> None:
    path = tmp_path / "themes.md"
    path.write_text(
        "| Canonical slug | Aliases | Scope |\n|---|---|---|\n"
        "| `rag-retrieval` | `vector-search` | Retrieval-augmented generation (RAG), vector search |\n"
        "| `agentic-ai` | `ai-agents` | AI agents, tool use |\n"
        "\n```yaml\nrag-retrieval:\n  - vector-search\nagentic-ai:\n  - ai-agents\n```\n", encoding="utf-8")
    themes = load_theme_map(path)
    assert themes.node("rag-retrieval") == "retrieval-augmented-generation"
    assert themes.tag_links_node("rag-retrieval", "We ground answers with RAG over the wiki.")
    assert themes.tag_links_node("rag-retrieval", "Retrieval-augmented generation helps.")
    # the tag is the bucket its Scope lists: a local index that never writes the name is no RAG item
    assert not themes.tag_links_node("rag-retrieval", "A local SQLite index with vector search.")
    # the slug's acronym in capitals anywhere in the item (its research log too: ``capital_theme_words``)
    assert themes.tag_links_node("rag-retrieval", "A local SQLite index.", frozenset({"rag"}))
    # a theme named by its own slug links by the tag, as before
    assert themes.tag_links_node("agentic-ai", "Nothing about it here.")


def test_the_real_vocabularys_synonyms(require_shared: Callable[[Path], Path]) -> None:
    themes = load_theme_map(require_shared(SHARED))
    assert "retrieval augmented generation" in themes.words["rag-retrieval"]
    # "RAG retrieval" restates "retrieval": the node is named by the expansion, the slug stays the theme
    assert themes.names == {"rag-retrieval": "retrieval-augmented-generation"}
    assert themes.node("rag-retrieval") == "retrieval-augmented-generation"
    assert themes.node("llm-reasoning") == "llm-reasoning"  # LLM is a large language model: no word restated
    assert {"agentic ai", "ai agents"} <= set(themes.words["agentic-ai"])
    assert "agents" not in themes.words["agentic-ai"]  # any agent, not agentic AI
    assert "context window" not in themes.words["memory-context"]  # a named thing of its own
    assert {"evals", "evaluation"} <= set(themes.words["benchmarks-eval"])
    assert "multi agent systems" in themes.words["multi-agent"]
    # the big themes' narrower research ideas keep their own nodes: no alias of the category
    narrower = {"ai-architecture": {"mechanistic interpretability", "fine tuning"},
                "tools-infrastructure": {"citizen development", "developer experience", "MCP", "model context protocol"},
                "llm-reasoning": {"prompt engineering"}, "rag-retrieval": {"vector search"},
                "knowledge-graphs": {"ontologies"},
                # retired tags that share a word with the theme but name another idea (issue 21)
                "security-risk": {"operational risk", "supply chain security"},
                "memory-context": {"context window", "context compression"},
                "human-ai-interaction": {"human computer interaction", "human ai collaboration"},
                "governance-policy": {"low code governance", "ai governance"},
                "cost-performance": {"performance tradeoffs"},
                "organisational-design": {"organisation"},
                "enterprise-adoption": {"enterprise strategy"}}  # a plan, not the adoption
    for slug, topics in narrower.items():
        assert not topics & set(themes.words[slug]), slug
        assert all(themes.canonicalise(t.replace(" ", "-")) == slug for t in topics - {"MCP", "model context protocol"})
    # ... and a claim that names one is not about the theme
    assert themes.mentions("Operational risk and context windows grow") == ()
    assert themes.mentions("Human-computer interaction studies") == ()
    assert "HCI" not in themes.acronyms


_THEME_WORDS = st.sampled_from(["multi", "agent", "agents", "e", "mail", "re", "ranking", "co", "pilot", "knowledge",
                                "graph's", "graphs", "GPT-4.1", "4.1", "the", "Multi-Agent", "e\u2011mail", "na\u00efve",
                                "c++", "colour", "color", "sub", "sub-agent", ",", "."])


@given(st.lists(_THEME_WORDS, max_size=25))
def test_mentions_keys_each_phrase_as_term_key_does(tokens: list[str]) -> None:
    """``mentions`` keys a statement's phrases word by word: the same themes as ``term_key`` of each
    phrase of 2 or more of its words, as plainly written (prefixes closing up across the phrase)."""
    keys = {term_key(p): slug for p, slug in (("multi-agent", "a"), ("e-mail", "b"), ("knowledge graph", "c"),
                                              ("re ranking agents", "d"), ("naive colour", "e"), ("gpt 4.1", "f"),
                                              ("cpp agent", "g"), ("subagent", "h"), ("co pilot", "i"))}
    themes = ThemeMap(topic_keys=keys)
    text = " ".join(tokens)
    tokens_ = words(text)
    longest = max(len(k.split()) for k in keys) + 1
    expected = {keys[k] for i in range(len(tokens_)) for n in range(2, longest + 1) if i + n <= len(tokens_)
                if (k := term_key(" ".join(tokens_[i:i + n]))) in keys}
    assert themes.mentions(text) == tuple(sorted(expected))


def test_a_theme_whose_head_is_a_technique_is_a_method(require_shared: Callable[[Path], Path]) -> None:
    """The method nouns decide (``lexicon.METHOD_HEADS``), not the "-ing" rule: "LLM reasoning" is a
    capability, "software engineering" a field; "evals" / "evaluation" spell "eval" out."""
    themes = load_theme_map(require_shared(SHARED))
    assert themes.methods == {"rag-retrieval", "formal-methods", "benchmarks-eval"}


def test_a_themes_kind_reads_its_words_only(tmp_path: Path) -> None:
    path = tmp_path / "themes.md"
    path.write_text("```yaml\nllm-reasoning: []\nsoftware-engineering: []\nrag-retrieval: []\n"
                    "benchmarks-eval: [evaluation]\nmulti-agent: []\n```\n", encoding="utf-8")
    assert load_theme_map(path).methods == {"rag-retrieval", "benchmarks-eval"}


def test_a_pinned_kind_retypes_a_theme_and_nothing_else(tmp_path: Path) -> None:
    """The maintainers' pin of a theme's node name types the theme (a method or a concept, whatever its
    head says); a theme no pin names keeps its head's kind; nothing pinned: the same map."""
    path = tmp_path / "themes.md"
    path.write_text("```yaml\nllm-reasoning: []\nrag-retrieval: []\nbenchmarks-eval: [evaluation]\n```\n",
                    encoding="utf-8")
    themes = load_theme_map(path)
    pins = {"rag-retrieval": "concept", "llm-reasoning": "method"}
    retyped = themes.with_pinned_kinds(lambda name: pins.get(name, ""))
    assert themes.methods == {"rag-retrieval", "benchmarks-eval"}
    assert retyped.methods == {"llm-reasoning", "benchmarks-eval"}
    assert retyped.canonical == themes.canonical and retyped.words == themes.words
    assert themes.with_pinned_kinds(lambda name: "") is themes


def test_the_real_vocabularys_ideas_and_buckets(require_shared: Callable[[Path], Path]) -> None:
    """A theme is a node only when some phrase of its Scope writes every word of the slug: the
    themes joining two facets no researcher writes as one phrase stay tags (blind readers judged
    their nodes category buckets, not ideas)."""
    themes = load_theme_map(require_shared(SHARED))
    assert themes.ideas == {
        "agentic-ai", "llm-reasoning", "multi-agent", "rag-retrieval", "knowledge-graphs", "formal-methods",
        "software-engineering", "enterprise-adoption", "human-ai-interaction", "regulatory-compliance",
        "organisational-design", "knowledge-management"}
    assert themes.canonical - themes.ideas == {
        "memory-context", "governance-policy", "security-risk", "consciousness-cognition", "ai-architecture",
        "tools-infrastructure", "mlops-deployment", "workforce-skills", "cost-performance", "benchmarks-eval"}
    assert themes.nodes == themes.ideas


def test_an_organisations_act_is_the_act_on_the_vocabularys_field(require_shared: Callable[[Path], Path]) -> None:
    """"enterprise-adoption" (an organisation, an act) is the act written with the field a theme is a kind
    of ("agentic-ai": AI): "AI adoption".  Not another object ("cloud adoption"), not a theme whose first
    word is no organisation ("software-engineering": "AI engineering" is another idea)."""
    assert load_theme_map(require_shared(SHARED)).field_acts == {"ai adoption": "enterprise-adoption"}
    assert field_acts(["agentic-ai", "enterprise-adoption", "software-engineering"]) == {
        "ai adoption": "enterprise-adoption"}
    assert field_acts(["enterprise-adoption", "knowledge-graphs"]) == {}  # no field the vocabulary names
    assert field_acts(["agentic-ai", "organisational-design"]) == {}  # "organisational": no organisation


def test_ideas_come_from_the_scope_column_only(tmp_path: Path) -> None:
    """A plain YAML map has no Scope column: every theme is a node, as before; in a Markdown table, a
    slug without a row names no idea."""
    plain = tmp_path / "themes.yml"
    plain.write_text("memory-context: [context-window]\nrag-retrieval: []\n", encoding="utf-8")
    themes = load_theme_map(plain)
    assert themes.ideas is None and themes.nodes == {"memory-context", "rag-retrieval"}
    table = tmp_path / "themes.md"
    table.write_text("| slug | aliases | Scope |\n|---|---|---|\n"
                     "| `memory-context` | `context-window` | Memory management, context windows |\n"
                     "| `rag-retrieval` | | Retrieval-augmented generation (RAG) |\n"
                     "\n```yaml\nmemory-context: [context-window]\nrag-retrieval: []\nformal-methods: []\n```\n",
                     encoding="utf-8")
    themes = load_theme_map(table)
    assert themes.nodes == {"rag-retrieval"}
    assert themes.canonicalise("context-window") == "memory-context"  # a bucket's aliases still canonicalise


def test_a_buckets_row_names_the_ideas_that_carry_its_slug(tmp_path: Path) -> None:
    """A bucket has no node for a search of its slug to find: the ideas its own row writes (a Scope
    phrase, either form of an acronym, an alias; up to plural and hyphen) carry its slug as a tag.
    Not the slug itself (no idea), nor an idea theme's row; a plain YAML map has no buckets."""
    table = tmp_path / "themes.md"
    table.write_text("| slug | aliases | Scope |\n|---|---|---|\n"
                     "| `memory-context` | `context-window` | Memory management, context windows |\n"
                     "| `tools-infrastructure` | `workflow` | MCP (Model Context Protocol), low-code |\n"
                     "| `rag-retrieval` | `vector-search` | Retrieval-augmented generation (RAG) |\n"
                     "\n```yaml\nmemory-context: [context-window]\ntools-infrastructure: [workflow]\n"
                     "rag-retrieval: [vector-search]\n```\n", encoding="utf-8")
    themes = load_theme_map(table)
    assert themes.bucket_tags("context-window") == ("memory-context",)
    assert themes.bucket_tags("memory management") == ("memory-context",)
    assert themes.bucket_tags("low-code") == themes.bucket_tags("model-context-protocol") == ("tools-infrastructure",)
    assert themes.bucket_tags("protocol", ["MCP"]) == ("tools-infrastructure",)  # an alias the item writes
    assert themes.bucket_tags("workflows") == ("tools-infrastructure",)
    assert themes.bucket_tags("memory-context") == themes.bucket_tags("vector-search") == ()
    assert themes.bucket_tags("memory") == ()  # one word of a phrase is not the phrase
    plain = tmp_path / "themes.yml"
    plain.write_text("memory-context: [context-window]\n", encoding="utf-8")
    assert load_theme_map(plain).bucket_tags("context-window") == ()


@pytest.mark.parametrize(("slug", "scope", "name"), [
    ("rag-retrieval", "Retrieval-augmented generation (RAG), vector search", "retrieval-augmented-generation"),
    ("pin-number", "PIN (personal identification number) rules", "personal-identification-number"),
    ("protocol-mcp", "MCP (Model Context Protocol)", "model-context-protocol"),  # the word before the acronym
    ("mcp-server", "MCP (Model Context Protocol) servers", None),  # a server is no word of the expansion
    ("llm-reasoning", "LLM (Large Language Model) reasoning", None),
    ("rag-retrieval", "RAG, vector search", None),  # no expansion spelled out: nothing guessed
])
def test_a_slug_that_restates_its_acronyms_expansion_names_its_node_by_it(slug: str, scope: str,
                                                                          name: str | None) -> None:
    assert node_names([slug], {slug: scope}).get(slug) == name


def _theme_map_error(tmp_path: Path, yaml_block: str) -> ConfigError:
    """The error loading a theme map whose YAML block is ``yaml_block`` (its first line is line 4)."""
    path = tmp_path / "themes.md"
    path.write_text(f"# Themes\n\n```yaml\n{yaml_block}```\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_theme_map(path)
    return caught.value


@pytest.mark.parametrize(("value", "shown"), [
    ("agent-systems", "'agent-systems'"),  # was read letter by letter: 'a', 'g', ... became aliases
    ("5", "5"),  # was a TypeError traceback
    ("{c: d}", "a mapping"),
    ("[ok, [x]]", "a list inside the list"),
])
def test_a_theme_whose_aliases_are_not_a_list_is_an_error_at_its_line(tmp_path: Path, value: str, shown: str) -> None:
    error = _theme_map_error(tmp_path, f"mcp: [model-context-protocol]\nagents: {value}\n")
    assert error.location is not None and error.location.line == 5
    assert error.message.startswith(f"agents: the aliases are {shown}, not a list")
    assert error.hint == "write agents: [alias, ...] (or agents: [] for none)"


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_a_theme_map_saved_with_windows_or_old_mac_line_ends_reads_as_with_unix_ones(tmp_path: Path,
                                                                                      newline: str) -> None:
    # A theme map saved by a Windows editor (CRLF): "no ```yaml block with the alias map", build refused.
    text = ("# Themes\n\n| Canonical slug | Aliases | Scope |\n|---|---|---|\n"
            "| `agentic-ai` | `agents` | AI agents, tool use |\n\n```yaml\nagentic-ai:\n  - agents\nrag-retrieval: []\n```\n")
    (tmp_path / "unix.md").write_text(text, encoding="utf-8", newline="\n")
    (tmp_path / "other.md").write_bytes(text.replace("\n", newline).encode("utf-8"))
    assert load_theme_map(tmp_path / "other.md") == load_theme_map(tmp_path / "unix.md")
    (tmp_path / "bad.md").write_bytes("intro\n\n```yaml\nok: []\na: [b\n```\n".replace("\n", newline).encode())
    with pytest.raises(ConfigError) as caught:
        load_theme_map(tmp_path / "bad.md")
    assert caught.value.location is not None and caught.value.location.line in (5, 6)  # the block's own lines



def test_a_theme_map_past_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    # A committed docs/themes-vocabulary.md linked to /dev/zero hung the build (read whole, for ever):
    # the theme map is read as the YAML files are, a regular file of at most 16 MiB.
    with (tmp_path / "themes.md").open("wb") as handle:
        handle.truncate(16 * 1024 * 1024 + 1)  # sparse: no disk, no time
    with pytest.raises(ConfigError, match="16 MiB"):
        load_theme_map(tmp_path / "themes.md")


@pytest.mark.parametrize(("block", "line", "message"), [
    # "kg" under two themes: the first theme in sorted order took it, and nothing said so.
    ("knowledge-graphs: [kg]\nmemory-context:\n  - agent-memory\n  - KG\n", 7,
     "KG: an alias of knowledge-graphs and of memory-context"),
    # A theme's slug written as another's alias: never read (the theme wins), and nothing said so.
    ("knowledge-graphs: [ontologies]\nmemory-context: [agent-memory, knowledge-graphs]\n", 5,
     "knowledge-graphs: a theme, and an alias of memory-context"),
])
def test_an_alias_of_two_themes_is_an_error_at_its_line(tmp_path: Path, block: str, line: int, message: str) -> None:
    path = tmp_path / "themes.md"
    path.write_text(f"# Themes\n\n```yaml\n{block}```\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_theme_map(path)
    error = caught.value
    assert error.location is not None and (error.location.path, error.location.line) == (str(path), line)
    assert error.message.startswith(message)


def test_a_theme_written_decomposed_is_the_theme_written_composed(tmp_path: Path) -> None:
    # "café" typed as "e" + a combining acute (NFD: a macOS file name, a pasted text) was another
    # theme than the map's "café" (NFC): not linked to the theme's node, and a second tag that
    # reads the same ("tag:café_culture" twice in the graph) and that a search typed in NFC misses.
    path = tmp_path / "themes.md"
    path.write_text("# Themes\n\n```yaml\ncaf\u00e9-culture: [caf\u00e9s]\n```\n", encoding="utf-8")
    themes = load_theme_map(path)
    assert themes.canonicalise("cafe\u0301-culture") == themes.canonicalise("caf\u00e9-culture") == "caf\u00e9-culture"
    assert themes.canonicalise("cafe\u0301s") == "caf\u00e9-culture"
    assert ThemeMap().canonicalise("Cafe\u0301 Culture") == "caf\u00e9-culture"  # no map: the tag's key


@pytest.mark.parametrize("text", [
    "# Themes\n\n~~~yaml\nrag-retrieval: [vector-search]\n~~~\n",  # a tilde fence
    "# Themes\n\n````yml\nrag-retrieval: [vector-search]\n````\n",  # a longer fence
    # the map, then the format shown in a ```` example block: its ```yaml line is code, not a block
    "# Themes\n\n```yaml\nrag-retrieval: [vector-search]\n```\n\nThe format:\n\n"
    "````markdown\n```yaml\nexample-theme: [an-alias]\n```\n````\n",
])
def test_the_alias_map_is_the_last_yaml_block_github_renders(tmp_path: Path, text: str) -> None:
    path = tmp_path / "themes.md"
    path.write_text(text, encoding="utf-8")
    themes = load_theme_map(path)
    assert themes.canonical == frozenset({"rag-retrieval"})
    assert themes.canonicalise("vector-search") == "rag-retrieval"


@pytest.mark.parametrize("entry", ["''", "'  '", "~", ""])
def test_an_empty_alias_of_a_theme_is_an_error_at_its_line(tmp_path: Path, entry: str) -> None:
    # Refused in kgsync-vocab.yml (qa91), not in the theme map: '' was an alias of nothing, and `- ~` (or `- `)
    # made the tag "none" an alias of the theme.
    error = _theme_map_error(tmp_path, f"knowledge-graphs:\n  - ontologies\n  - {entry}\n")
    assert error.location is not None and error.location.line == 6
    assert error.message == "knowledge-graphs: an alias is empty" and error.hint == "write the alias, or delete the empty entry"


@pytest.mark.parametrize("key", ["''", "'-'", "'_ /'", "'!!!'", "~"])
def test_a_theme_with_no_word_in_its_slug_is_an_error_at_its_line(tmp_path: Path, key: str) -> None:
    # qa207: '' or '-' as a theme's slug was an IndexError traceback out of `kgsync build`, and `~:` made a
    # theme "none"; the slug names the theme's node, so it needs a letter or a digit.
    error = _theme_map_error(tmp_path, f"knowledge-graphs: [kg]\n{key}: [x-y]\n")
    assert error.location is not None and error.location.line == 5
    assert error.message == "a theme's slug holds no letter or digit" and \
        error.hint == "write the theme's slug (knowledge-graphs), or delete the entry"
