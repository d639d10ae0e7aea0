"""The PR body says what happened first (issue 10): the merged items with their links and own
contribution, then side effects under the vocabulary event that explains them, the graph's
size before → after, and the dangling cites the change brings.

Golden bodies for one add, one edit (a reworded finding and a confidence change), one delete,
a vocabulary event and many items at once (cut rules still hold).  Regenerate with
``UPDATE_GOLDEN=1 pytest tests/publish/pr/test_body_cause.py``.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.diff.graph_diff import diff, review
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import GraphDiff, graph_size
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.body import DEFAULT_FULL_REPORT_HINT, render_markdown
from kgsync.publish.pr.item_views import BodyContext, ItemLinks, StatementChange, VocabularyGroup
from kgsync.publish.pr.sections import build_sections
from kgsync.publish.pr.truncation import body_length
from kgsync.diff.vocab_events import EventKind, VocabularyEvent
from kgsync.publish.pr.side_effects import SideEffect, explain, explain_event
from kgsync.publish.pr.title import MAX_TITLE
from kgsync.publish.pr.body_context import _lost_groups
from kgsync.contract.errors import Location
from kgsync.read.item_model import DanglingLink, Issue, IssueSeverity
from tests.publish.pr.body_checks import GOLDEN, as_pull_request, assert_harmless, check_golden

A, B, C = "2026-03-01-alpha", "2026-03-02-beta", "2026-02-20-gamma"
REPO = "https://github.com/acme/research/blob/0123456789abcdef0123456789abcdef01234567/research"


def _cite(path: str, line: int, target: str, tail: str = ", which is not an item here") -> Issue:
    """The build's warning of a cite of ``target``, no item here (``corpus_checks``), at ``path``:``line``."""
    return Issue(IssueSeverity.WARNING, Location(path, line), f"cites names {target!r}{tail}",
                 slug=path.rsplit("/", 1)[-1].removesuffix(".md"), dangling=DanglingLink("cites", target))


def _item(slug: str, title: str, *concepts: str) -> tuple[list[Entity], list[Relation]]:
    entities = [Entity(f"item:{slug}", "research_item", (f"title: {title}", f"completed:{slug[:10]}",
                                                                  f"provenance:item={slug}")),
                Entity(f"claim:{slug}:kf-1", "claim", (f"{title} holds.", "confidence:medium", "section:key-finding-1",
                                                        f"provenance:item={slug}"))]
    relations = [Relation(f"item:{slug}", f"claim:{slug}:kf-1", "states")]
    relations += [Relation(f"item:{slug}", f"concept:{c}", "addresses") for c in concepts]
    return entities, relations


def _graph(*parts: tuple[list[Entity], list[Relation]], concepts: dict[str, tuple[str, ...]]) -> Graph:
    entities = [e for p in parts for e in p[0]]
    entities += [Entity(f"concept:{c}", "concept", tuple(f"provenance:item={s}" for s in slugs))
                 for c, slugs in concepts.items()]
    return Graph(tuple(entities), tuple(r for p in parts for r in p[1]))


def _base() -> Graph:
    return _graph(_item(A, "Alpha question", "retrieval"), _item(C, "Gamma question", "retrieval"),
                  concepts={"retrieval": (A, C)})


def _links(*slugs: str) -> dict[str, ItemLinks]:
    return {s: ItemLinks(f"{REPO}/{s}.md", f"https://acme.github.io/research/items/{s}/") for s in slugs}


def _render(d: GraphDiff, context: BodyContext, limit: int = GITHUB_BODY_LIMIT) -> str:
    """The PR body (``limit`` 0: the full report, as the job summary shows it)."""
    text = render_markdown(d, title="kgsync: test", context=context, limit=limit).text
    # Our own links are the only links: without them, nothing in the body links or pings.
    ours = re.compile(r"\[(item file|site page)\]\((https://[^)\s]+)\)")
    built = {url for link in context.links.values() for url in (link.file_url, link.page_url)}
    assert {m.group(2) for m in ours.finditer(text)} <= built
    assert_harmless(ours.sub(r"\1", text))
    return text


def test_one_add_opens_with_the_item_its_links_its_contribution_and_the_size() -> None:
    # Beta arrives and names "retrieval": gamma's and alpha's facts do not move; "memory" is
    # beta's alone.  Beta cites an item that is not there: the body says so (not only stderr).
    new = _graph(_item(A, "Alpha question", "retrieval"), _item(C, "Gamma question", "retrieval"),
                 _item(B, "Beta question", "retrieval", "memory"),
                 concepts={"retrieval": (A, B, C), "memory": (B,)})
    d = review(_base(), new)
    assert merged_slugs(d) == {B}
    dangling = (_cite(f"research/{B}.md", 2, "2026-01-01-missing"),)
    text = _render(d, BodyContext(links=_links(B), dangling=dangling))
    check_golden("cause_add.md", as_pull_request(d, text, "kgsync: test"))
    before, after = graph_size(_base()), graph_size(new)
    assert f"{before.entities:,} → {after.entities:,} entities" in text
    assert f"{before.jsonl_bytes:,} → {after.jsonl_bytes:,} JSONL bytes" in text
    assert text.index(f"[item file]({REPO}/{B}.md)") < text.index("| entity type |")  # the cause first
    fix = "(fix: correct the slug, or drop it if the item was removed)"  # said once, for every entry
    assert f"- 1 new dangling cite {fix}:\n  - `research/" in text and "2026-01-01-missing" in text
    assert "new contradiction" not in text and "- 0 " not in text  # a line of 0 is left out
    # The title once: in the Merged list, not again in the item's heading or its node's notes.
    # (twice: the Merged list, and the claim that states "Beta question holds.")
    assert text.count("Beta question") == 2 and "— Beta question holds." in text and "from 1 research item (2 other items moved" in text
    assert not text.startswith("## ")  # a PR shows its title above the body


def test_one_edit_shows_the_reworded_finding_and_the_confidence_change() -> None:
    old = _base()
    entities = [Entity(f"claim:{A}:kf-1", "claim", ("Alpha holds for small corpora.", "confidence:high",
                                                   "section:key-finding-1", f"provenance:item={A}"))
                if e.name == f"claim:{A}:kf-1" else e for e in old.entities]
    d = review(old, Graph(tuple(entities), old.relations))
    assert merged_slugs(d) == {A}
    text = _render(d, BodyContext(links=_links(A)))
    check_golden("cause_edit.md", as_pull_request(d, text, "kgsync: test"))
    assert "Side effects" not in text
    # One word diff, not also the stored lines; the other changed observations stay as lines.
    assert "- Alpha question holds.\n" not in text and "+ Alpha holds for small corpora.\n" not in text
    assert "- confidence:medium\n" in text and "+ confidence:high\n" in text
    assert text.count("~~question~~") == 1
    assert "  - reworded: Alpha ~~question~~ holds **for small corpora**.\n" in text  # word by word, the stop apart
    # With the item's findings known (the PR flow), the diff runs over the whole statement,
    # labelled with its Key Finding number: the stored cut is not a change.
    whole = StatementChange(1, "Alpha question holds " + "for every corpus we tried " * 8 + "and more.",
                            "Alpha holds " + "for every corpus we tried " * 8 + "and more.")
    labelled = _render(d, BodyContext(links=_links(A), statements={f"claim:{A}:kf-1": whole}))
    assert "  - Key Finding 1, reworded: Alpha ~~question~~ holds for every corpus" in labelled
    assert labelled.count("~~") == 2 and "and more." in labelled


def test_a_dangling_cite_names_its_missing_slug_whole_beside_a_long_path() -> None:
    """The reviewer's pass (batch 2 of the 53 later items): an item with a long slug cited seven
    missing items on its line 12, and the head showed seven identical lines, each cut before the
    slug it names (`...update.md:12: cites names…`): the one thing to correct was in none.  The
    place and the build's words are shown apart, each whole."""
    slug = "2026-05-06-ai-capability-reference-architecture-security-supply-chain-update"
    missing = [f"2026-05-06-aibom-{word}-schema-design-standards-alignment" for word in ("first", "second")]
    new = _graph(_item(A, "Alpha question", "retrieval"), _item(C, "Gamma question", "retrieval"),
                 _item(B, "Beta question", "retrieval"), concepts={"retrieval": (A, B, C)})
    d = review(_base(), new)
    dangling = tuple(_cite(f"Research/completed/{slug}.md", 12, m) for m in missing)
    for limit in (GITHUB_BODY_LIMIT, 0):  # the PR body and the job summary
        text = _render(d, BodyContext(links=_links(B), dangling=dangling), limit)
        [first, second] = [line for line in text.splitlines() if line.startswith(f"  - `Research/completed/{slug}.md")]
        assert "2026-05-06-aibom-first-schema-design-standards-alignment" in first
        assert "2026-05-06-aibom-second-schema-design-standards-alignment" in second
        assert f"`Research/completed/{slug}.md:12`" in first  # the place, whole, to open


def test_one_delete_lists_the_removed_item_and_the_retired_shared_node_as_its_contribution() -> None:
    new = _graph(_item(A, "Alpha question"), concepts={})
    d = review(_base(), new)
    assert merged_slugs(d) == {C}
    # A removed item's file is gone at the merge commit: no link to it.  Retrieval keeps one
    # linking item (min 2): the body says why it went and how to keep it, as the PR flow does.
    lost = {"concept:retrieval": explain(SideEffect.LOST_BELOW_MIN_LINKS, count=1, minimum=2)}
    context = BodyContext(links={}, lost={name: str(why) for name, why in lost.items()},
                          events=_lost_groups(d, lost, merged_slugs(d)))
    text = _render(d, context)
    check_golden("cause_delete.md", as_pull_request(d, text, "kgsync: test"))
    reason = "1 linking item left (min 2)"
    assert f"  - `concept:retrieval` — {reason}; pin it in kgsync-vocab.yml to keep it\n" in text
    side = text.index(f"### Side effects: concept:retrieval removed: {reason}\n\n- Fix: pin it in kgsync-vocab.yml")
    removed = text.index("### Removed items (1)")
    assert removed < text.index(f"#### {C}") < side < text.index(f"#### {A}")
    assert "- 1 removed research item:\n  - `item:2026-02-20-gamma`" in text  # needs attention, never cut
    assert "**Removed:**\n- 2026-02-20-gamma — Gamma question\n" in text
    assert "**Merged:**" not in text and "Merged items" not in text  # a deleted item is never "merged"


def test_a_vocabulary_event_heads_the_side_effects_it_explains() -> None:
    # Beta's arrival makes "retrieval" a hub: alpha and gamma lose it (their files did not change).
    new = _graph(_item(A, "Alpha question"), _item(C, "Gamma question"), _item(B, "Beta question", "memory"),
                 concepts={"memory": (B,)})
    d = review(_base(), new)
    assert merged_slugs(d) == {B}
    why = explain_event(VocabularyEvent(EventKind.HUB_ENTERED, "retrieval", ()))  # as the PR flow fills it in
    events = (VocabularyGroup("hub entered: retrieval", (A, B, C), why.reason, why.fix),)
    text = _render(d, BodyContext(links=_links(B), events=events))
    check_golden("cause_vocabulary_event.md", as_pull_request(d, text, "kgsync: test"))
    assert text.count("### Side effects: hub entered: retrieval") == 1  # one heading for the group
    assert f"### Side effects: hub entered: retrieval\n\n- Why: {why.reason}\n- Fix: {why.fix}\n" in text
    assert "### Side effects (other items)" not in text
    assert text.index(f"#### {B}") < text.index("### Side effects: hub entered") < text.index(f"#### {A}")


def test_an_item_two_events_moved_is_listed_under_each_with_its_changes_once() -> None:
    """Alpha lost retrieval (a hub now) and a topic's node: each event names every item it
    moved.  Alpha's changes are shown once, under the first event, which says the other moved it
    too; the second event lists alpha in one line pointing there (gamma only under the first)."""
    new = _graph(_item(A, "Alpha question"), _item(C, "Gamma question"), _item(B, "Beta question", "memory"),
                 concepts={"memory": (B,)})
    d = review(_base(), new)
    hub = explain_event(VocabularyEvent(EventKind.HUB_ENTERED, "retrieval", ()))
    theme = explain_event(VocabularyEvent(EventKind.TOPIC_LEFT, "evals", ()))
    events = (VocabularyGroup("hub entered: retrieval", (A, C), hub.reason, hub.fix),
              VocabularyGroup("topic left: evals", (A,), theme.reason, theme.fix))
    text = _render(d, BodyContext(links=_links(B), events=events))
    first, second = "### Side effects: hub entered: retrieval\n", "### Side effects: topic left: evals\n"
    under_first = text[text.index(first):text.index(second)]
    under_second = text[text.index(second):]
    assert f"#### {A} — Alpha question\n" in under_first and f"#### {C} — Gamma question\n" in under_first
    assert "Also moved by *topic left: evals* (below).\n" in under_first
    assert f"- Why: {theme.reason}\n- Fix: {theme.fix}\n" in under_second  # each event with its reason and fix
    assert f"#### {A} — Alpha question\n\nMoved by this event too; its changes are listed once, above, under " \
           "*hub entered: retrieval*.\n" in under_second
    assert C not in under_second
    assert text.count(f"- `item:{A}` —addresses→ `concept:retrieval`") == 1  # the changes once
    # The full report (no cap) reads the same way.
    assert text == _render(d, BodyContext(links=_links(B), events=events), limit=0).split("\n", 2)[2]


def test_a_re_judged_item_shows_its_changes_under_the_trust_change_before_any_event() -> None:
    """Beta contradicts gamma's finding, and retrieval became a hub: gamma's changes are shown
    under "contradicts or supersedes its claims" (a trust change weighs more), the event lists
    it in one line pointing there."""
    base = _base()
    contested = Entity(f"claim:{C}:kf-1", "claim", ("Gamma question holds.", "confidence:medium",
                                                  "section:key-finding-1", f"provenance:item={C}", "status:contested"))
    new = _graph(_item(A, "Alpha question"), _item(C, "Gamma question"), _item(B, "Beta question", "memory"),
                 concepts={"memory": (B,)})
    new = Graph(tuple(contested if e.name == contested.name else e for e in new.entities),
                new.relations + (Relation(f"claim:{B}:kf-1", f"claim:{C}:kf-1", "contradicts"),))
    d = review(base, new)
    hub = explain_event(VocabularyEvent(EventKind.HUB_ENTERED, "retrieval", ()))
    events = (VocabularyGroup("hub entered: retrieval", (A, C), hub.reason, hub.fix),)
    # Only beta's file changed (the PR flow knows it from git; the diff alone would call gamma merged).
    text = _render(d, BodyContext(merged=frozenset({B}), links=_links(B), events=events))
    judged = f"### Side effects: {explain(SideEffect.RE_JUDGED).reason}\n"
    event = "### Side effects: hub entered: retrieval\n"
    assert text.index(judged) < text.index(event)
    under_judged = text[text.index(judged):text.index(event)]
    assert f"#### {C} — Gamma question\n\nAlso moved by *hub entered: retrieval* (below).\n" in under_judged
    assert "+ status:contested" in under_judged
    assert f"#### {C} — Gamma question\n\nMoved by this event too" in text[text.index(event):]


def test_side_effects_no_event_names_fall_under_the_plain_heading() -> None:
    new = _graph(_item(A, "Alpha question"), _item(C, "Gamma question"), _item(B, "Beta question", "memory"),
                 concepts={"memory": (B,)})
    d = review(_base(), new)
    text = _render(d, BodyContext(events=(VocabularyGroup("hub entered: other", (C,)),)))
    assert text.index("### Side effects: hub entered: other") < text.index(f"#### {C}")
    assert text.index("### Side effects (other items)") < text.index(f"#### {A}")


def _many() -> tuple[Graph, Graph, list[str]]:
    """Items 0-2 removed, 3-5 reworded, 14-27 new (each with a topic of its own), 6-13 untouched."""
    slugs = [f"2026-04-{n:02d}-item-{n}" for n in range(1, 29)]
    old = _graph(*(_item(s, f"Question {n}", "shared") for n, s in enumerate(slugs[:14])),
                 concepts={"shared": tuple(slugs[:14])})
    new = _graph(*(_item(s, f"Question {n}, reworded" if n < 6 else f"Question {n}", "shared",
                         *((f"topic {n}",) if n >= 14 else ()))
                   for n, s in enumerate(slugs) if n >= 3),
                 concepts={"shared": tuple(slugs[3:]), **{f"topic {n}": (s,) for n, s in enumerate(slugs) if n >= 14}})
    return old, new, slugs


def test_many_items_at_once_keep_the_cut_rules() -> None:
    old, new, slugs = _many()
    d = review(old, new)
    assert len(merged_slugs(d)) == 20
    context = BodyContext(links=_links(*slugs[3:]), dangling=tuple(_cite(f"research/{s}.md", 2, "x", "") for s in slugs[:12]))
    body = _render(d, context)
    assert "**Merged:**" in body and "\n- and 7 more\n" in body  # the head lists ten of 17
    assert "Each list above shows its first 10 entries. " + DEFAULT_FULL_REPORT_HINT in body
    full = _render(d, context, limit=0)  # the job summary: every entry
    assert "and 7 more" not in full and all(f"- {s}" in full for s in slugs[3:6] + slugs[14:])
    limit = 11_000  # the head lists one entry a line, zeros included: a little longer than before
    text = _render(d, context, limit=limit)
    check_golden("cause_many.md", as_pull_request(d, text, "kgsync: test"))
    assert body_length(text) <= limit and "**Truncated:**" in text
    # "Needs attention" is never cut, with its dangling cites; cuts fall at section boundaries.
    sections = build_sections(d, title="kgsync: test", context=context, heading=False,
                              full_report_hint=DEFAULT_FULL_REPORT_HINT)
    head = sections[0].text
    assert text.startswith(head) and "  - and 2 more\n" in head
    assert "- 12 new dangling cites (fix: correct the slug, or drop it if the item was removed):\n" in head
    kept = text[: text.rindex("---\n\n> [!WARNING]")]
    cut_order = sorted((i for i, s in enumerate(sections) if s.priority), key=lambda i: (sections[i].priority, i))[::-1]
    assert kept in {"".join(s.text for i, s in enumerate(sections) if i not in cut_order[:k])
                    for k in range(1, len(cut_order) + 1)}
    # The removed items' sections outlive the new items' ones.
    shown = set(re.findall(r"^#### (\S+)", kept, re.M))
    assert {slugs[0], slugs[1], slugs[2]} <= shown


#: The PR goldens the issue asks for: add, reword, delete and a merge of several items.
PR_GOLDENS = {"cause_add.md": "Add", "cause_edit.md": "Update", "cause_delete.md": "Remove", "cause_many.md": "Add 14, "}
#: A title that names how many items ("Add 3 items", "Update graph: 2 items", "Add 2, remove 1 item").
_COUNTED = re.compile(r"(?:(?:Add|Update|Remove) \d+(?:, (?:update|remove) \d+)*|Update graph: \d+) items?")
_SIZE = re.compile(r" \((?:[+-]\d[\d,]* claims?|\d[\d,]* claims? reworded|[+-]\d[\d,]* claims?, .+|\d[\d,]* nodes? changed)\)")


def _golden_names() -> list[str]:
    return sorted(p.name for p in GOLDEN.glob("*.md"))


def test_the_issue_s_pr_goldens_are_there() -> None:
    for name, verb in PR_GOLDENS.items():
        assert (GOLDEN / name).read_text(encoding="utf-8").startswith(f"# {verb}"), name


@pytest.mark.parametrize("name", _golden_names())
def test_every_golden_pr_title_fits_and_never_cuts_a_word(name: str) -> None:
    """Every golden PR's title line: at most 72 characters, Dependabot-style (what happened, to
    which item, how much), and each word of an item's title in it a whole word of that title
    (as the body's Merged or Removed list gives it); no item behind the change: the configured title."""
    first, _, body = (GOLDEN / name).read_text(encoding="utf-8").partition("\n\n")
    assert first.startswith("# ")
    title = first[2:]
    assert 0 < len(title) <= MAX_TITLE
    listed = re.findall(r"^- [\w.-]+ — (.+?)(?: \((?:new item|removed item)\))?(?: · \[.*)?$", body, re.M)
    if not listed:  # nothing merged: the configured title
        assert title in ("Knowledge graph update", "kgsync: knowledge graph update", "kgsync: test"), title
        return
    verb, _, rest = title.partition(" ")
    assert verb in ("Add", "Update", "Remove"), title
    size = _SIZE.search(title)
    assert size and title.endswith(size.group(0)), title  # how much, last
    named = title[: size.start()]
    if _COUNTED.fullmatch(named):
        return
    words = named.split(" ", 1)[1].removesuffix("…").split()
    assert any(title_words[: len(words)] == words for title_words in (t.split() for t in listed)), (title, listed)


def _crowded(n: int) -> tuple[GraphDiff, BodyContext, dict[tuple[str, str, str], tuple[str, str]]]:
    """A change with ``n`` of everything the head lists: removed and new items, contradictions,
    dangling cites, trust changes, lost concepts."""
    old_items = [_item(f"2026-05-{k:04d}-old", f"Old question {k}", f"lost-{k}") for k in range(n)]
    old = _graph(*old_items, _item(A, "Alpha question"), concepts={f"lost-{k}": (f"2026-05-{k:04d}-old",) for k in range(n)})
    new_items = [_item(f"2026-06-{k:04d}-new", f"New question {k}") for k in range(n)]
    contested = [Entity(f"claim:{A}:c{k}", "claim", (f"Alpha {k} holds.", "status:contested")) for k in range(n)]
    contradicts = [Relation(f"claim:2026-06-{k:04d}-new:kf-1", f"claim:{A}:c{k}", "contradicts") for k in range(n)]
    base = _graph(_item(A, "Alpha question"), concepts={})
    old = Graph(old.entities + tuple(Entity(e.name, e.entity_type, e.observations[:1]) for e in contested),
                old.relations)
    new = Graph(base.entities + tuple(e for p in new_items for e in p[0]) + tuple(contested),
                base.relations + tuple(r for p in new_items for r in p[1]) + tuple(contradicts))
    d = diff(old, new)  # no lint: the head's lists are what this measures
    evidence = {(r.source, r.target, "contradicts"): ("which contradicts it " * 12, "x.md:1") for r in contradicts}
    dangling = tuple(_cite(f"research/2026-06-{k:04d}-new.md", 2, f"gone-{k}") for k in range(n))
    lost = {f"concept:lost-{k}": "0 linking items left (min 2); pin it in kgsync-vocab.yml to keep it" for k in range(n)}
    return d, BodyContext(dangling=dangling, lost=lost), evidence


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=11, max_value=400))
def test_the_head_has_a_fixed_budget_whatever_one_change_holds(n: int) -> None:
    """Past the cap, more of everything adds only digits to the head (about 30 counts): its size is bounded."""
    def head(count: int) -> str:
        d, context, evidence = _crowded(count)
        return build_sections(d, title="t", context=context, evidence=evidence, heading=False,
                              full_report_hint=DEFAULT_FULL_REPORT_HINT)[0].text

    small, large = head(11), head(n)
    assert len(large) <= len(small) + 3 * 40
    assert "- and " in large and "Each list above shows its first 10 entries." in large
    for label in ("removed research items", "removed concepts or methods", "trust changes", "new contradictions",
                  "new dangling cites"):
        assert re.search(rf"^- {n:,} {label}( \(fix: [^)]+\))?:$", large, re.M), label

