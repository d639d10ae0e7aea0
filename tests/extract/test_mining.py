"""Per-item term mining (kgsync.extract.mining): candidates, phrases, acronym definitions; the fast paths equal their definitions."""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.item_corpus import corpus
from kgsync.extract import markup, mining, names
from kgsync.extract.canonical import is_acronym
from kgsync.extract.mining import ItemCandidates, acronym_pairs, candidates


def test_item_candidates_pickle_and_depend_on_one_item_only() -> None:
    item = corpus()[2]
    cands = candidates(item)
    assert pickle.loads(pickle.dumps(cands)) == cands
    assert candidates(item) == cands
    assert isinstance(cands, ItemCandidates) and cands.slug == item.slug
    assert ("mcp", "model context protocol") in cands.acronyms


def test_acronym_pairs_both_directions() -> None:
    text = "We use the Model Context Protocol (MCP) and RAG (retrieval-augmented generation) daily."
    assert acronym_pairs(text) == [("MCP", "Model Context Protocol"), ("RAG", "retrieval-augmented generation")]


def test_candidates_do_not_depend_on_cache_state() -> None:
    from kgsync.extract import canonical
    from kgsync.extract import acronyms, mining, phrases

    items = corpus()
    first = [candidates(i) for i in items]
    for cached in (phrases.run_terms, phrases._token_info, phrases.check_phrase, phrases._check_token, phrases.is_break, mining._score,
                   phrases.token_keys, markup._bold_run, markup._code_run, markup.emphasis_terms, acronyms._is_short_form,
                   canonical.is_acronym, canonical.word_key):
        cached.cache_clear()
    assert [candidates(i) for i in reversed(items)] == first[::-1]


def test_item_candidates_pickle_round_trip() -> None:
    from kgsync.extract.mining import Candidate

    for item in corpus():
        found = candidates(item)
        back = pickle.loads(pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL))
        assert back == found and repr(back) == repr(found)
        assert all(type(term) is Candidate for term in back.terms)


def _acronym_pairs_plainly(text: str) -> list[tuple[str, str]]:
    """``acronyms.url_free_acronym_pairs`` as first written: every test in its original order."""
    import re

    from kgsync.extract import acronyms

    text = text.replace("\u2019", "'")
    out: list[tuple[str, str]] = []
    for match in acronyms._PAREN.finditer(text):
        inner = match.group(1)
        short_match = acronyms._SHORT_FORM.fullmatch(inner)
        if short_match:
            short = short_match.group(1)
            if not acronyms._is_short_form.__wrapped__(short):
                continue
            before = text[max(0, match.start() - 200) : match.start()]
            cut = max((m.end() for m in re.finditer(r"[.;:!?()\[\]{}\n]", before)), default=0)
            words_before = before[cut:].split()
            n = min(len(short) + 5, 2 * len(short))
            long = acronyms._best_long_form(short, " ".join(words_before[-n:]))
            if long and len(long) > len(short) and short.lower() not in long.lower().split():
                out.append((acronyms._short_norm(short), acronyms._trim(long)))
            continue
        pieces = inner.strip().split(" ")
        if 2 <= len(pieces) <= 3 and all(acronyms._SHORT_FORM.fullmatch(p) and acronyms._is_short_form.__wrapped__(p)
                                         for p in pieces):
            letters = "".join(pieces)
            before = text[max(0, match.start() - 200) : match.start()]
            cut = max((m.end() for m in re.finditer(r"[.;:!?()\[\]{}\n]", before)), default=0)
            words_before = before[cut:].split()
            n = min(len(letters) + 5, 2 * len(letters))
            long = acronyms._best_long_form(letters, " ".join(words_before[-n:]))
            if long and len(long) > len(letters) and not any(p.lower() in long.lower().split() for p in pieces):
                out.append((" ".join(pieces), acronyms._trim(long)))
            continue
        word = acronyms._WORD_BEFORE.search(text, max(0, match.start() - 12), match.start())
        inner = inner.strip()
        inner_words = inner.split()
        if word is None or len(inner) < 3 or any(c in inner for c in ";:,"):
            continue
        short = word.group(1)
        if not acronyms._is_short_form.__wrapped__(short) or len(inner_words) < 2 or len(inner_words) > len(short) + 5:
            continue
        if acronyms._best_long_form(short, inner) == inner:
            out.append((acronyms._short_norm(short), acronyms._trim(inner)))
    return out


def test_acronym_pairs_equal_the_plain_order_of_tests() -> None:
    """The last clause end is found by one match, and parenthesised expansions are rejected by
    their cheap tests first: the same pairs as testing in the original order."""
    from kgsync.extract.acronyms import url_free_acronym_pairs

    pieces = ["Model", "Context", "Protocol", "(", ")", "MCP", "LLMs", "large", "language", "models", "LLM", ";",
              ":", ",", ".", "\n", "\u2019s", "Q&A", "RAG", "retrieval-augmented", "generation", "AB", "12", "GPU",
              "graphics", "processing", "unit", "[", "]", "{", "é"]
    pieces += ["large language model (LLM)", "LLM (large language model)", "Model Context Protocol (MCP)",
               "MCP (Model Context Protocol)", "Q&A (question, answer)", "GPUs (graphics processing units)", "KG (knowledge graph)",
               "Graph Processing Model Context (GPU MCP)", "(LLM RAG)", "MCP (LLM RAG)"] * 3
    rnd = random.Random(7)
    found = 0
    for _ in range(6000):
        text = "".join(rnd.choice(pieces) + (" " if rnd.random() < 0.6 else "") for _ in range(rnd.randint(0, 25)))
        expected = _acronym_pairs_plainly(text)
        assert url_free_acronym_pairs(text) == expected, text
        found += bool(expected)
    assert found > 2000  # the texts do define acronyms


def test_names_an_idea_keeps_discourse_and_mistyped_names_out() -> None:
    from kgsync.extract.mining import ACRONYM, DEFINED, names_an_idea

    def ok(key: str, *surfaces: str, flags: int = 0) -> bool:
        return names_an_idea(key, tuple((s, 1) for s in surfaces or (key,)), flags)

    # a vague noun qualified only by evaluative words, or two vague nouns: discourse
    assert not ok("real problem")
    assert not ok("viable approach")
    assert not ok("use case")
    assert ok("policy decision point")  # three words: a named thing
    assert ok("access control", flags=DEFINED)  # defined as an acronym's long form
    assert ok("prompt injection") and ok("coding agent")
    # a prefixed compound is an adjective when its last part is one
    assert not ok("preexisting", "pre-existing")
    assert ok("pretraining", "pre-training")
    # a capitalised name with a method's head word is a publication or body, not a method
    assert not ok("harvard business review", "Harvard Business Review")
    assert ok("systematic literature review", "Systematic Literature Review", "systematic literature review")
    # a lone method word is an activity; an acronym is a name
    assert not ok("synthesis")
    assert ok("rag", "RAG", flags=ACRONYM)
    # a vague noun qualified by a participle, or only by a word in capitals; the item's own layout
    assert not ok("completed item", "completed items")
    assert not ok("completed research item", "completed research items")
    assert not ok("special publication")
    assert not ok("ai capability", "AI capabilities") and not ok("ai system", "AI systems")
    assert ok("github action", "GitHub Actions")  # a name, not capitals
    assert ok("ai capability", "AI capability", flags=DEFINED)
    assert not ok("executive summary", "Executive Summary")
    # a superlative qualifies like any evaluative word
    assert not ok("highest value", "highest-value") and not ok("biggest risk")
    assert ok("interest rate", flags=mining.UNIT)  # "interest" is no superlative (written as one unit)


def test_names_an_idea_keeps_bookkeeping_plumbing_and_vague_methods_out() -> None:
    from kgsync.extract.markup import link_protocols
    from kgsync.extract.mining import ACRONYM, DEFINED, EMPHASISED, names_an_idea

    def ok(key: str, *surfaces: str, flags: int = 0) -> bool:
        return names_an_idea(key, tuple((s, 1) for s in surfaces or (key,)), flags)

    # the repository's own bookkeeping: phrases made only of the item format's words
    assert not ok("research backlog", "research backlog", "Research Backlog")
    assert not ok("research corpus") and not ok("research item") and not ok("completed research item")
    assert ok("research loop") and ok("research agenda")  # a word beyond the format's: a subject
    assert ok("backlog")  # one word: the bookkeeping rule reads phrases
    # the confidence field's values grade a finding ("(medium confidence; source: ...)")
    # (emphasised too: "**Medium confidence:**" opens many a finding's note)
    assert not ok("medium confidence", "Medium confidence", flags=EMPHASISED)
    assert not ok("high confidence", "high confidence", flags=EMPHASISED)
    assert ok("low code", "low-code", flags=EMPHASISED)  # a grade word beside a subject's word
    # what the loop does with its items: the unit items are kept in, with activities and prefixes
    assert not ok("cross item integration", "cross-item integration") and not ok("cross item synthesis")
    assert not ok("item review") and not ok("corpus analysis")
    assert ok("item response theory") and ok("corpus linguistics")  # a word beyond: a subject
    # a file format, or a protocol the item's links are written in, as an acronym (even defined) is plumbing
    web = link_protocols("See https://example.org and ftp://example.org/x.")
    assert web == {"https", "http", "ftp"}
    assert not ok("json", "JSON") and not ok("pdf", "PDF", "PDFs")
    assert not names_an_idea("http", (("HTTP", 2),), DEFINED | ACRONYM, web)
    assert names_an_idea("http", (("HTTP", 2),), DEFINED | ACRONYM)  # an item that links no web page
    assert ok("mcp", "MCP", flags=DEFINED | ACRONYM) and ok("rag", "RAG")
    assert ok("python", "Python")  # a name, not an acronym: the rule reads capitals
    assert ok("json schema", "JSON Schema")  # a longer name that holds one
    # a vague method noun qualified only by another activity names no one procedure
    assert not ok("audit review") and not ok("compression technique") and not ok("learning method")
    assert ok("code review") and ok("systematic literature review") and ok("regression testing")
    assert ok("audit review", flags=DEFINED)  # an acronym's long form is a named procedure


def test_a_files_name_is_no_term_and_a_finding_opens_with_its_subject() -> None:
    from kgsync.read.items import KeyFinding, ResearchItem
    from kgsync.extract.mining import SUBJECT
    from kgsync.extract.phrases import word_runs

    assert word_runs("AGENTS.md is read by Claude Code; GPT-4.1 too") == [("read",), ("Claude", "Code"), ("GPT-4.1",)]
    findings = ("**GraphRAG (Microsoft) solves multi-hop questions.**", "GitHub Copilot reads AGENTS.md first.",
                "AGENTS.md is read first.", "[fact] RBNZ has published no AI guidance.")
    item = ResearchItem(
        slug="2026-01-01-x", path="x.md", title="Retrieval designs", completed="2026-01-01", themes=(), cites=(),
        related=(), supersedes=(), superseded_by=(), confidence="high", item_type="primary", status="completed",
        research_question="Which designs?", executive_summary="GraphRAG, RBNZ and GitHub Copilot compared.",
        key_findings=tuple(KeyFinding(n, text, n) for n, text in enumerate(findings, 1)), sources=(), sections=(),
        body="", body_line=1)
    subjects = {c.key for c in candidates(item).terms if c.flags & SUBJECT}
    assert subjects == {"graphrag", "rbnz"}  # not "github" (a longer name opens), not a file's name


def test_candidates_drop_an_acronym_whose_long_form_names_no_idea() -> None:
    from kgsync.read.items import ResearchItem

    item = ResearchItem(
        slug="2026-01-01-x", path="x.md", title="What HBR says", completed="2026-01-01", themes=(), cites=(),
        related=(), supersedes=(), superseded_by=(), confidence="high", item_type="primary", status="completed",
        research_question="Is the real problem a viable approach?",
        executive_summary="Harvard Business Review (HBR) reports on prompt injection attacks.",
        key_findings=(), sources=(), sections=(),
        body="## Log\n\nHarvard Business Review (HBR) reports on prompt injection attacks.\n", body_line=1)
    keys = {c.key for c in candidates(item).terms}
    assert "prompt injection" in keys or "prompt injection attack" in keys
    assert not keys & {"hbr", "harvard business review", "real problem", "viable approach"}


def test_candidates_drop_a_plumbing_acronym_with_its_long_form() -> None:
    from kgsync.read.items import ResearchItem

    summary = ("The server speaks HyperText Transfer Protocol (HTTP) and stores JavaScript Object Notation (JSON) "
               "next to its Model Context Protocol (MCP) tools.")
    item = ResearchItem(
        slug="2026-01-01-x", path="x.md", title="An HTTP server for MCP", completed="2026-01-01", themes=(), cites=(),
        related=(), supersedes=(), superseded_by=(), confidence="high", item_type="primary", status="completed",
        research_question="Does HTTP suit MCP?", executive_summary=summary, key_findings=(), sources=(), sections=(),
        body=f"## Log\n\n{summary}\n\n## Sources\n\n- [MCP](https://modelcontextprotocol.io)\n", body_line=1)
    found = candidates(item)
    keys = {c.key for c in found.terms}
    assert {"mcp", "model context protocol"} <= keys
    assert not keys & {"http", "hypertext transfer protocol", "json", "javascript object notation"}
    assert ("http", "hypertext transfer protocol") in found.acronyms  # still the corpus's acronym map


def test_a_noun_qualifying_a_vague_noun_is_a_term_only_where_the_item_writes_it_as_one_unit() -> None:
    from tests.item_corpus import make_item

    plain = make_item("2026-02-01-plain", "Agent oversight",
                      "Which governance model suits agents in enterprise environments?",
                      "A governance model for agents in enterprise environments needs a memory system.")
    keys = {c.key for c in candidates(plain).terms}
    assert {"governance model", "enterprise environment", "memory system"}.isdisjoint(keys)
    unit = make_item("2026-02-02-unit", "Agent oversight",
                     "Which governance model suits agents in enterprise environments?",
                     "A governance model for agents needs a memory system.",
                     body="We compare memory-system designs and the Governance Model catalogue.")
    found = {c.key: c.flags for c in candidates(unit).terms}
    assert found["memory system"] & mining.UNIT and found["governance model"] & mining.UNIT
    assert "enterprise environment" not in found
    # a word that is also an adjective ("prompt") classifies: not this rule
    assert mining.names_an_idea("prompt template", (("prompt template", 1),), mining.DENSE)
    assert not mining.names_an_idea("governance model", (("governance model", 1),), mining.DENSE)
    assert mining.names_an_idea("governance model", (("governance model", 1),), mining.DENSE | mining.UNIT)
    assert mining.names_an_idea("github action", (("GitHub Actions", 1),), mining.DENSE)  # a product's name
    assert mining.names_an_idea("code review", (("code review", 1),), mining.DENSE)  # a method's head


def test_a_title_that_opens_with_a_pair_names_it_as_its_subject() -> None:
    from tests.item_corpus import make_item

    item = make_item("2026-02-04-tce", "Transaction Cost Economics: foundations", "What do transaction costs explain?")
    assert {c.key: c.flags for c in candidates(item).terms}["transaction cost"] & mining.UNIT
    setting = make_item("2026-02-05-setting", "Agents in enterprise environments", "Which enterprise environment fits?")
    assert not {c.key: c.flags for c in candidates(setting).terms}.get("enterprise environment", 0) & mining.UNIT


def test_notation_names_no_idea() -> None:
    from kgsync.extract.mining import EMPHASISED, TITLE, names_an_idea

    # "N-1" (n minus one) and "k 8": letters and digits of a formula, no word of a name.
    assert not names_an_idea("n 1", (("N-1", 2),), TITLE | EMPHASISED)
    assert not names_an_idea("k 8", (("k-8", 1),), 0)
    assert names_an_idea("gpt 4", (("GPT-4", 2),), TITLE)  # a name with a number stays


def test_a_recursive_acronym_is_named_by_itself_not_by_its_joke_expansion() -> None:
    from kgsync.read.items import ResearchItem

    summary = "Configuration is kept in YAML (YAML Ain't Markup Language) and GNU (GNU's Not Unix) tools read it."
    item = ResearchItem(
        slug="2026-01-01-x", path="x.md", title="Configuration files", completed="2026-01-01", themes=(), cites=(),
        related=(), supersedes=(), superseded_by=(), confidence="high", item_type="primary", status="completed",
        research_question="Where is configuration kept?", executive_summary=summary, key_findings=(), sources=(),
        sections=(), body=f"## Log\n\n{summary}\n", body_line=1)
    found = candidates(item)
    assert not {short for short, _long in found.acronyms} & {"yaml", "gnu"}
    # no longer a defined long form (a named idea with the acronym's bonus): a phrase like any other
    assert not any(c.flags & mining.DEFINED for c in found.terms if c.key.startswith(("yaml", "gnu")))


def test_a_candidate_written_only_after_a_name_is_not_free() -> None:
    from tests.item_corpus import make_item

    def flags(summary: str, findings: tuple[str, ...]) -> int:
        item = make_item("2026-02-01-sdk", "Transcript fetching", "How do we fetch transcripts?", summary, findings)
        return next(c.flags for c in candidates(item).terms if c.key == "sdk")

    named = flags("We call the OpenAI Agents SDK and the Anthropic SDK.", ("The Whisper SDK times out.",))
    assert named & mining.DENSE and not named & mining.FREE  # a product's part ("the Anthropic SDK")
    alone = flags("We call the Anthropic SDK; an SDK pins its transport.", ("The Whisper SDK times out.",))
    assert alone & mining.FREE


def _summary_keys(title: str, question: str, summary: str) -> set[str]:
    """The candidate keys of an item of a title, a question and a summary (also its body)."""
    from kgsync.read.items import ResearchItem

    item = ResearchItem(
        slug="2026-01-01-x", path="x.md", title=title, completed="2026-01-01", themes=(), cites=(), related=(),
        supersedes=(), superseded_by=(), confidence="high", item_type="primary", status="completed",
        research_question=question, executive_summary=summary, key_findings=(), sources=(), sections=(),
        body=f"## Summary\n\n{summary}\n", body_line=1)
    return {c.key for c in candidates(item).terms}


def test_candidates_drop_a_series_code_written_only_before_document_numbers() -> None:
    """"NIST SP 800-53": "NIST SP" is a publisher's series code before a document's number, no idea
    (pairs15); a name before a version ("NIST AI RMF 1.0") and one written alone stay."""
    question = "Which controls do NIST SP 800-53 and NIST AI RMF 1.0 require?"
    keys = _summary_keys("Access control standards", question,
                         "NIST Special Publication (SP) 800-53 and NIST SP 800-207 require it; NIST AI RMF 1.0 agrees.")
    assert "nist sp" not in keys and "nist ai rmf" in keys
    assert "nist sp" in _summary_keys("Access control standards", question,
                                      "NIST SP 800-53 requires it; the NIST SP series agrees. NIST AI RMF 1.0 too.")
    # an "SP" inside a longer word or hyphenated run is no writing of the code: it keeps no name
    assert "nist sp" not in _summary_keys("Access control standards", question,
                                          "NIST SP 800-53 and NIST SP 800-207 require it; the ASP rules, "
                                          "the X-SP layer and the SPs agree.")


def test_candidates_drop_a_phrase_written_mostly_as_a_frame_from_x_to_y() -> None:
    """"the causal chain from X to Y", mostly: the relation between what follows, no idea of the item's
    (pairs15).  Half the mentions, one mention, or an act's source ("retrieval from") keep the phrase."""
    def keys_of(summary: str) -> set[str]:
        return _summary_keys("Opportunity cost", "Why is the causal chain hard to see?", summary)

    framed = ("The causal chain from cost cutting to lost revenue spans months. The causal chain from a decision "
              "to its outcome is long, and the causal chain fails.")
    assert "causal chain" not in keys_of(framed)
    assert "causal chain" in keys_of("The causal chain from cost cutting to lost revenue spans months; the causal "
                                     "chain is long, and the causal chain fails.")
    assert "semantic retrieval" in keys_of("Semantic retrieval from a corpus, and semantic retrieval from notes, "
                                           "beat semantic retrieval.")


def test_a_repository_the_item_writes_as_a_path_names_no_idea() -> None:
    """"Memory-System" in an item that writes `davidamitchell/Memory-System` is that repository, not
    the idea "memory system" its words key to."""
    from kgsync.read.items import ResearchItem

    def keys(body: str) -> set[str]:
        item = ResearchItem(
            slug="2026-01-01-x", path="x.md", title="Capture into the Memory-System", completed="2026-01-01",
            themes=(), cites=(), related=(), supersedes=(), superseded_by=(), confidence="high",
            item_type="primary", status="completed", research_question="How to write to the Memory-System?",
            executive_summary="The Memory-System repository takes notes.", key_findings=(), sources=(),
            sections=(), body=body, body_line=1)
        return {c.key for c in candidates(item).terms}

    assert "memory system" in keys("## Log\n\nThe Memory-System takes notes.\n")
    assert "memory system" not in keys("## Log\n\nTarget: `davidamitchell/Memory-System`.\n")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["SP", "S", "P", "AA", "A", " ", "-", "_", "é", "\u0663", "\u216b", "(", "800", "\n"]),
                max_size=25), st.sampled_from(["SP", "AA", "A", "P", "AAA"]))
def test_word_ends_are_the_ends_of_a_whole_word_pattern(pieces: list[str], word: str) -> None:
    """``mining._word_ends`` finds what ``(?<![\\w-])word(?![\\w-])`` matches (the pattern it replaced)."""
    text = "".join(pieces)
    written = re.escape(word)
    assert mining._word_ends(text, word) == [m.end() for m in re.finditer(rf"{written}(?<![\w-]{written})(?![\w-])", text)]


@given(st.text(alphabet="aAbBcZz1-' \u01c5\u0130", max_size=20))
@settings(max_examples=500, deadline=None)
def test_a_surface_in_lower_case_holds_no_acronym(surface: str) -> None:
    # ``_designation_prefixes`` leaves out, before cutting it, a term whose first surface is in lower case
    if surface.islower():
        assert not any(map(is_acronym, surface.split()))


@given(st.text(), st.text())
@settings(max_examples=500, deadline=None)
def test_the_concluded_runs_are_the_dense_runs_then_the_analysis_runs(dense: str, analysis: str) -> None:
    # ``_concluded`` counts the Analysis's letter runs onto the dense zones' instead of cutting the joined text
    runs = Counter(names.letter_runs(dense))
    runs.update(names.letter_run_list(analysis))
    joined = names.letter_runs(dense + "\n" + analysis)
    assert runs == joined and list(runs) == list(joined)
