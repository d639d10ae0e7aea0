"""kgsync.publish.pr.body: escaping, layout (golden files), truncation, hostile input.

Rendering checks use cmarkgfm (tests/publish/pr/body_checks.py), the Python binding of GitHub's
own cmark-gfm, with raw HTML let through (UNSAFE), so "no HTML, no link, same column count" is checked
on what GitHub's parser builds rather than on our guess of it.

Regenerate the golden files with ``UPDATE_GOLDEN=1 pytest tests/publish/pr/test_body.py``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgsync.diff.graph_diff import diff, review
from kgsync.contract.errors import Location
from kgsync.lint.rules import Finding, Severity
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.body import render_markdown
from kgsync.publish.pr.item_views import BodyContext
from kgsync.publish.pr.truncation import body_length
from tests.publish.pr.body_checks import FINDINGS, A, B, C, _new, _old, as_pull_request, assert_harmless, check_golden, gfm


# --------------------------------------------------------------------------- golden files


def test_golden_typical_update() -> None:
    d = diff(_old(), _new(), findings=FINDINGS, near_duplicates=(("concept:memory", "concept:memories"),))
    body = render_markdown(d, title="kgsync: knowledge graph update")
    # The body goes without the title (a PR shows it above); the full report opens with it.
    assert not body.truncated and body.full_text == "## kgsync: knowledge graph update\n\n" + body.text
    check_golden("typical.md", as_pull_request(d, body.text, "kgsync: knowledge graph update"))
    assert_harmless(body.text)


def test_golden_empty_diff() -> None:
    d = diff(_old(), _old())
    check_golden("empty.md", as_pull_request(d, render_markdown(d).text))


def test_golden_findings_without_graph_change() -> None:
    d = diff(_new(), _new(), findings=FINDINGS)
    check_golden("findings_only.md", as_pull_request(d, render_markdown(d).text))


def test_golden_truncated() -> None:
    d = diff(_old(), _new(), findings=FINDINGS)
    body = render_markdown(d, limit=2500, full_report_hint="The whole report is in [the job summary](https://example.org/run/1).")
    assert body.truncated and len(body.text) <= 2500
    check_golden("truncated.md", as_pull_request(d, body.text))


def test_layout_order_and_readability() -> None:
    d = replace(review(_old(), _new()), findings=FINDINGS, near_duplicates=(("concept:memory", "concept:memories"),))
    text = render_markdown(d).text
    # The cause first (issue 10): the merged items, then side effects, then lint, pairs and the index.
    # Among the merged: what loses or re-judges knowledge first: the removed item, the changed one, the new one.
    # Needs attention first; a deleted item under Removed, never Merged; titles once (in the head's lists).
    order = ["**Needs attention**", "**Merged:**", f"- {A} — Alpha question", f"- {B} — Beta question (new item)",
             "**Removed:**", f"- {C} — Gamma question", "Graph: ", "| entity type |",
             "### Removed items (1)", f"#### {C} (removed item)", "### Merged items (2)",
             f"#### {A}\n", f"#### {B} (new item)", "### Changes no research item explains",
             "#### Changes not attributed", "### Lint findings", "### Candidate near-duplicates", "### Items (4)"]
    positions = [text.index(marker) for marker in order]
    assert positions == sorted(positions)
    assert text.index("dangling-relation") < text.index("foreign-type")  # errors first
    assert f"- `item:{B}` —addresses→ `concept:rag`" in text
    assert f"- `claim:{B}:k1` — Agents need memory. — confidence:high *(+3 more)*" in text
    assert "<details><summary>6 new concepts</summary>" in text  # long group folded
    assert "  - confidence:medium\n  + confidence:high\n" in text  # changed observation as a diff
    assert "| thing (not in the contract) | 1 | 0 | 0 |" in text


def test_findings_the_base_had_already_are_folded_after_the_new_ones() -> None:
    import json

    from kgsync.diff.graph_diff import review
    from kgsync.diff.json_report import to_json

    orphan_old = Entity("concept:old-orphan", "concept", ("alias:old orphan",))
    orphan_new = Entity("concept:new-orphan", "concept", ("alias:new orphan",))
    old = Graph(_old().entities + (orphan_old,), _old().relations)
    new = Graph(_new().entities + (orphan_old, orphan_new), _new().relations)
    d = review(old, new)
    assert not d.is_new(next(f for f in d.findings if f.entity == orphan_old.name and f.code == "orphan-node"))
    text = render_markdown(d, limit=0).text
    new_part, _, known_part = text.partition("the base graph has already (not brought by this change)")
    assert "concept:new-orphan" in new_part and "concept:old-orphan" not in new_part
    assert "concept:old-orphan" in known_part
    assert re.search(r"### Lint findings \(\d+ new, \d+ already in the base graph\)", text)
    # The head counts only what this change brings; what the base had is a count apart.
    head = text.split("\n### ", 1)[0]
    assert "concept:old-orphan" not in head and "`orphan-node: concept:new-orphan`" in head
    assert re.search(r"^- \d+ new lint errors \(\d+ already in the base graph\):$", head, re.M), head
    records = {(r["entity"], r["code"]): r["new"] for r in json.loads(to_json(d))["findings"]}
    assert records[(orphan_new.name, "orphan-node")] and not records[(orphan_old.name, "orphan-node")]


def test_a_long_observation_changed_late_shows_where_it_differs() -> None:
    head = "Long " + "word " * 80
    old = Graph((Entity("item:2026-01-01-x", "research_item", (f"title: {head}ends one way",)),))
    new = Graph((Entity("item:2026-01-01-x", "research_item", (f"title: {head}ends another way",)),))
    text = render_markdown(diff(old, new), limit=0).text
    assert "  - title: …" in text and "ends one way" in text and "ends another way" in text


def test_a_near_duplicate_pair_is_listed_once() -> None:
    pair = ("concept:memories", "concept:memory")
    finding = Finding(Severity.WARNING, "near-duplicate-name", pair[0], f"near-duplicate of {pair[1]}", "", other=pair[1])
    text = render_markdown(diff(_old(), _new(), findings=FINDINGS + (finding,), near_duplicates=(pair,)), limit=0).text
    assert text.count("concept:memories") == 1  # in the near-duplicates section, not also as a lint row


def test_a_pair_the_same_items_address_comes_first_with_its_counts() -> None:
    # The firmest evidence a name pair has (``kin.same_items``) is written beside it, and it leads.
    pairs = (("concept:agent-memory", "concept:memory-system"), ("concept:language-model", "concept:large-language-model"))
    d = replace(diff(_old(), _new(), findings=FINDINGS, near_duplicates=pairs),
                same_items=(("concept:language-model", "concept:large-language-model", 33, 39, 54),))
    text = render_markdown(d, limit=0).text
    assert ("- `concept:language-model` ≈ `concept:large-language-model` — the same items address both: "
            "33 link both, of 39 and 54\n- `concept:agent-memory` ≈ `concept:memory-system`\n") in text


def test_render_is_deterministic_whatever_the_file_order() -> None:
    new = _new()
    reordered = Graph(tuple(reversed(new.entities)), tuple(reversed(new.relations)))
    first = render_markdown(diff(_old(), new, findings=FINDINGS))
    second = render_markdown(diff(_old(), reordered, findings=tuple(reversed(FINDINGS))))
    assert first == second


def _hostile_graph() -> tuple[Graph, tuple[Finding, ...]]:
    slug = "2026-04-01-evil"
    title = (
        "<script>alert('x')</script> [click me](https://evil.example/phish) ![pixel](https://evil.example/p.png) "
        "@octocat @github/security | pipe | cell `tick` ``double`` #123 GH-9 <img src=x onerror=alert(1)> "
        "www.evil.example \u202eexe.txt\x00"
    )
    body = "summary: " + ("<b>@octocat</b> | x " * 3500)  # 70,000 characters
    entities = [Entity(f"item:{slug}", "research_item", (f"title: {title}", body))]
    relations = []
    for n in range(400):
        name = f"concept:evil-{n:03d} {title}"
        entities.append(Entity(name, "concept", (f"provenance:item={slug}", title)))
        relations.append(Relation(f"item:{slug}", name, "addresses"))
        claim = f"claim:{slug}:k{n:03d}"
        entities.append(Entity(claim, "claim", (title, "confidence:high <script>", f"provenance:item={slug}")))
        relations.append(Relation(claim, name, f"about | {title}"))
    entities.append(Entity("x:1", f"type | with | pipes {title}"))
    findings = tuple(
        Finding(Severity.ERROR, f"E|{n}", f"concept:evil | {n}", f"bad | {title}", f"fix | {title}", Location("m.jsonl", 1))
        for n in range(120)
    )
    return Graph(tuple(entities), tuple(relations)), findings


def test_hostile_item_is_rendered_harmless_and_within_githubs_limit() -> None:
    graph, findings = _hostile_graph()
    assert len(graph.entities[0].observations[1]) > 70_000 - 10
    d = diff(Graph(), graph, findings=findings, near_duplicates=((graph.entities[1].name, graph.entities[3].name),))
    body = render_markdown(d)
    assert len(body.full_text) > GITHUB_BODY_LIMIT
    assert body.truncated and len(body.text) <= body_length(body.text) <= GITHUB_BODY_LIMIT
    assert "**Truncated:**" in body.text and "The full report is in the workflow run's job summary" in body.text
    assert "item section" in body.text.split("**Truncated:**")[1]
    assert "x " * 500 not in body.full_text  # each string is capped
    assert_harmless(body.text)
    assert_harmless(body.full_text)
    # The summary table and a findings table survived, with their columns.
    rendered = gfm(body.text)
    assert rendered.count("<table>") >= 2


def test_golden_evidence_links_are_quoted_and_contradictions_need_attention() -> None:
    old, new = _old(), _new()
    contradiction = Relation(f"claim:{B}:k1", f"claim:{C}:k1", "contradicts")
    new = Graph(new.entities, new.relations + (contradiction,))
    contested = Entity(f"claim:{C}:k1", "claim", ("Gamma holds.", "confidence:low", "status:contested",
                                                 f"provenance:item={C}"))
    gamma = [e for e in old.entities if e.name == f"item:{C}"]
    new = Graph(new.entities + (contested, *gamma),
                new.relations + (Relation(f"item:{C}", f"claim:{C}:k1", "states"),))
    evidence = {
        (f"claim:{B}:k1", f"claim:{C}:k1", "contradicts"):
            (f"Our benchmark **refutes** `{C}.md` Key Finding 1 <script>x</script>.", f"Research/{B}.md:40"),
        (f"claim:{B}:k1", f"claim:{A}:k1", "supports"): (f"This confirms `{A}.md` Key Finding 1.", f"Research/{B}.md:12"),
    }
    d = diff(old, new)
    body = render_markdown(d, title="kgsync: knowledge graph update", evidence=evidence)
    head = body.text.split("### ", 1)[0]
    assert f"- 1 new contradiction:\n  - `claim:{B}:k1` —contradicts→ `claim:{C}:k1` — “Our benchmark" in head
    assert f"- 1 trust change:\n  - `claim:{C}:k1` — now contested" in head
    assert "refutes" in head and f"Research/{B}.md:40" in head  # the quote is in the part never cut
    assert "### Evidence links (2:" in body.text
    check_golden("evidence.md", as_pull_request(d, body.text, "kgsync: knowledge graph update"))
    assert_harmless(body.text)


def _claim_graph(statement: str, confidence: str) -> Graph:
    name = f"claim:{A}:caching-halves-latency"
    return Graph((Entity(f"item:{A}", "research_item", ("title: Alpha question",)),
                  Entity(name, "claim", (f"title: {statement}", f"confidence:{confidence}", "section:key-finding-1",
                                         f"provenance:item={A}"))),
                 (Relation(f"item:{A}", name, "states"),))


def test_golden_a_reworded_and_re_rated_claim_is_a_changed_claim_with_a_word_diff() -> None:
    old = _claim_graph("Caching halves the latency of graph reads.", "medium")
    new = _claim_graph("Caching cuts the latency of graph reads by half.", "high")
    d = diff(old, new)
    body = render_markdown(d).text
    check_golden("changed_claim.md", as_pull_request(d, body))
    assert_harmless(body)
    # One word diff (no separate "Changed claims" section, no stored lines saying it again).
    assert "### Changed claims" not in body and body.count("~~halves~~") == 1
    assert "- confidence:medium\n" in body and "+ confidence:high\n" in body
    assert "title: Caching" not in body
    rendered = gfm(body)
    assert "<del>halves</del>" in rendered and "<strong>cuts</strong>" in rendered


def test_a_changed_claims_hostile_wording_stays_inert() -> None:
    old = _claim_graph("Caching halves latency.", "medium")
    new = _claim_graph("Caching <script>alert(1)</script> ~~x~~ **y** @someone #12 https://evil.example halves latency.",
                       "medium")
    body = render_markdown(diff(old, new)).text
    assert_harmless(body)
    assert "  - reworded: Caching **" in body and "confidence" not in body.split("reworded: ")[1]


def test_a_long_link_in_needs_attention_shows_both_names_whole() -> None:
    """One code span of "a —supports→ b" was cut at 160 characters, inside b's name."""
    a, b = f"claim:{A}:" + "a-long-finding-name-" * 4, f"claim:{B}:" + "another-long-finding-" * 4
    old = Graph((Entity(a, "claim", ("x",)), Entity(b, "claim", ("y",))), (Relation(a, b, "supports"),))
    text = render_markdown(diff(old, Graph(old.entities, ()))).text
    assert f"- 1 removed supports / contradicts link:\n  - `{a}` —supports→ `{b}`\n" in text


def test_a_long_contradiction_sentence_keeps_where_it_is_stated() -> None:
    """The note was cut at its cap as a whole, so a long sentence pushed out "(path:line)"."""
    source, target = f"claim:{B}:k1", f"claim:{C}:k1"
    old = Graph((Entity(source, "claim", ("x",)), Entity(target, "claim", ("y",))), ())
    new = Graph(old.entities, (Relation(source, target, "contradicts"),))
    sentence = "Our replication on a larger corpus " + "does not hold up at all " * 12 + "and contradicts it."
    evidence = {(source, target, "contradicts"): (sentence, f"Research/completed/{B}.md:102")}
    head = render_markdown(diff(old, new), evidence=evidence).text.split("\n\n**", 1)[0]
    [line] = [x for x in head.splitlines() if "—contradicts→" in x]
    assert line.endswith(f"…” (Research/completed/{B}.md:102)") and "“Our replication on a larger corpus" in line
    assert "at al…" not in line  # shortened at a word


def test_a_change_to_the_manifest_alone_says_what_it_records_anew() -> None:
    # A finding reworded past the stored cut, or an item's links, change the manifest and no node: the
    # PR (titled "Record 1 finding reworded past the cut (no graph change)") said only "No change to
    # the graph." in its body, so the reviewer could not tell which finding or item.
    recorded = (("2026-01-29-hybrid", "Key Finding 4, reworded past the 160 characters the graph stores"),
                ("2026-02-01-notes", "the items it names (cites:)"))
    body = render_markdown(diff(Graph(), Graph()), context=BodyContext(recorded=recorded)).text
    assert "**No change to the graph.** Its manifest records anew:\n" \
           "- 2026-01-29-hybrid: Key Finding 4, reworded past the 160 characters the graph stores\n" \
           "- 2026-02-01-notes: the items it names (cites:)\n" in body
    capped = render_markdown(diff(Graph(), Graph()), context=BodyContext(recorded=recorded * 10)).text
    assert "- and 10 more" in capped  # capped as every list of the head
    assert "records anew" not in render_markdown(diff(Graph(), Graph())).text  # an ordinary empty body: as before


def test_a_cut_notice_gives_the_command_that_prints_the_whole_report() -> None:
    """Given the repository's own command (``diff_command``: its remote, branches, graph and
    kgsync.yml), the notices say it where they said `kgsync diff OLD NEW --limit 0`, which left the
    reviewer to find the two graph files (and their manifests, beside them)."""
    from kgsync.publish.pr.body import diff_command

    command = diff_command("origin", "main", "kgsync/graph-update", "research/memory.jsonl", "research/kgsync.yml")
    assert command == (
        "git fetch origin main kgsync/graph-update && git worktree add --detach ../kgsync-old origin/main && "
        "git worktree add --detach ../kgsync-new origin/kgsync/graph-update && kgsync diff "
        "../kgsync-old/research/memory.jsonl ../kgsync-new/research/memory.jsonl --limit 0 "
        "--config research/kgsync.yml")
    assert "--config" not in diff_command("origin", "main", "b", "memory.jsonl", "kgsync.yml")
    assert "'../kgsync-old/a b/memory.jsonl'" in diff_command("origin", "main", "b", "a b/memory.jsonl", None)  # quoted
    many = tuple(Finding(Severity.WARNING, f"W{n:03d}", "concept:x", "w", "") for n in range(120))
    d = diff(_old(), _new(), findings=FINDINGS + many)  # cut at 4,260 characters
    whole = render_markdown(d, limit=0).full_text
    report_limit = len(whole.encode("utf-8")) - 600  # the job summary is cut too
    cut = render_markdown(d, limit=4260, report_limit=report_limit, diff_command=command)
    notice = cut.text[cut.text.rindex("**Truncated:**"):]
    assert f"`{command}`" in notice and "OLD NEW" not in notice, notice
    assert f"`{command}`" in cut.full_text and "OLD NEW" not in cut.full_text  # the summary's own notice
    # without a run link, the head's "and N more" hint says it too; a caller's hint is its own
    assert "OLD NEW" not in cut.text
    run = "The whole report is in the [workflow run's summary](https://github.com/o/r/actions/runs/7)."
    assert render_markdown(d, limit=0, full_report_hint=run, diff_command=command).text == \
        render_markdown(d, limit=0, full_report_hint=run).text
