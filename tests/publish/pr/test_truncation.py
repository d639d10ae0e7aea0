"""Tests of kgsync.publish.pr.truncation: whole sections cut in priority order to fit GitHub's limit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.diff.graph_diff import diff
from kgsync.diff.model import GraphDiff
from kgsync.lint.rules import Finding, Severity
from kgsync.publish.pr.body import DEFAULT_FULL_REPORT_HINT, render_markdown
from kgsync.publish.pr.sections import build_sections
from kgsync.publish.pr.truncation import LimitTooSmall, body_length
from tests.publish.pr.body_checks import FINDINGS, A, B, C, _new, _old


def _truncation_case() -> GraphDiff:
    many = tuple(Finding(Severity.WARNING, f"W{n:03d}", "concept:x", "w", "") for n in range(120))
    return diff(_old(), _new(), findings=FINDINGS + many, near_duplicates=(("concept:a", "concept:b"),))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=16000))
def test_truncation_drops_whole_sections_in_priority_order(limit: int) -> None:
    d = _truncation_case()
    sections = build_sections(d, heading=False, full_report_hint=DEFAULT_FULL_REPORT_HINT)
    try:
        body = render_markdown(d, limit=limit)
    except LimitTooSmall as small:  # below the notice alone: refused, naming the least limit that gives it whole
        assert limit < small.smallest and f"{small.smallest} characters or more" in small.render()
        least = render_markdown(d, limit=small.smallest).text
        assert body_length(least) <= small.smallest and least.rstrip("\n").endswith(DEFAULT_FULL_REPORT_HINT.rstrip())
        return
    assert body_length(body.text) <= limit
    assert body.full_text == "".join(s.text for s in build_sections(d, cap=0))
    assert body.truncated == (body_length("".join(s.text for s in sections)) > limit)
    if not body.truncated:
        return
    marker = "---\n\n> [!WARNING]\n> **Truncated:**"
    if not body.text.startswith("**Needs attention**"):  # not even the head fits with the notice: the notice alone, whole
        assert body.text.startswith(marker) and body.text.rstrip("\n").endswith(DEFAULT_FULL_REPORT_HINT.rstrip())
        return
    kept = body.text[: body.text.rindex(marker)]
    # Lowest priority first, the latest first within a priority; the head never goes.
    cut_order = sorted((i for i, s in enumerate(sections) if s.priority), key=lambda i: (sections[i].priority, i))
    cut_order.reverse()
    candidates = {
        "".join(s.text for i, s in enumerate(sections) if i not in cut_order[:k]) for k in range(1, len(cut_order) + 1)
    }
    assert kept in candidates


def test_truncation_keeps_errors_and_losses_before_new_items_and_extra_warnings() -> None:
    d = _truncation_case()
    full = render_markdown(d, limit=0).text
    body = render_markdown(d, limit=len(full) - 500)
    assert body.truncated
    assert "dangling-relation" in body.text and f"### {B}" in body.text and f"### {C}" in body.text
    assert "W119" not in body.text and "W000" in body.text  # the second page of warnings went first
    assert "Not shown: 21 lint findings." in body.text
    smaller = render_markdown(d, limit=4260).text  # the head lists the merged items too
    # The new item's section goes before the removed item's; errors and "needs attention" stay.
    assert "dangling-relation" in smaller and f"### {C}" in smaller and f"### {B}" not in smaller
    assert f"- 1 removed research item:\n  - `item:{C}`" in smaller
    assert f"({A}, {B}, (no item))" in smaller  # the sections left out, by name


def test_a_pointer_to_an_items_changes_never_outlives_them() -> None:
    """An item two events moved shows its changes under the first and a pointer under the second
    ("its changes are listed once, above, under ...").  Cut to fit, the changes (an item that only
    gained a link: cut early) went while the pointer stayed: in the bodies of 4 of 5 batches of the
    later items, 33 of 103 pointers pointed at nothing, and a section lost its heading."""
    from kgsync.contract.model import Entity, Graph, Relation
    from kgsync.publish.pr.item_views import BodyContext, VocabularyGroup

    merged, moved = "2026-03-09-beta", "2026-03-01-alpha"
    before = Graph((Entity(f"item:{moved}", "research_item", ("title: Alpha",)), Entity("concept:rag", "concept", ())),
                   (Relation(f"item:{moved}", "concept:rag", "addresses"),))
    concepts = tuple(Entity(f"concept:c{k:02d}", "concept", ()) for k in range(12))
    after = Graph((*before.entities, Entity(f"item:{merged}", "research_item", ("title: Beta",)), *concepts),
                  (*before.relations, Relation(f"item:{moved}", "concept:c00", "addresses"),
                   *(Relation(f"item:{merged}", c.name, "addresses") for c in concepts)))
    events = tuple(VocabularyGroup(f"hub entered: {name}", (moved,), "a hub now", "pin it") for name in ("c00", "rag"))
    context = BodyContext(merged=frozenset({merged}), events=events)
    d = diff(before, after)
    full = render_markdown(d, context=context, limit=0).text
    pointer = "Moved by this event too"
    assert pointer in full
    for limit in range(len(full) - 50, len(full) - 1600, -50):
        body = render_markdown(d, context=context, limit=limit).text
        assert "**Truncated:**" in body
        if pointer in body:
            assert f"#### {moved} — Alpha\n\nAlso moved by" in body, (limit, body)


def test_a_merged_items_section_outlives_side_effects_that_only_point_above() -> None:
    """A shared node's change (an alias a merged item brings) is shown once; every other item that
    links the node lists it under "changed nodes, shown above", and nothing else.  Those sections
    kept the priority of a change (4) and outlived the merged items' own sections (6): cut to
    GitHub's limit, the body of 10 later items merged at once showed 2 of them, and 60 side-effect
    sections, most of them such pointers."""
    from kgsync.contract.model import Entity, Graph, Relation
    from kgsync.publish.pr.item_views import BodyContext

    merged, others = "2026-03-09-beta", [f"2026-02-{k:02d}-item" for k in range(1, 21)]
    items = [Entity(f"item:{s}", "research_item", (f"title: Item {s}",)) for s in others]
    links = tuple(Relation(f"item:{s}", "concept:rag", "addresses") for s in others)
    before = Graph((*items, Entity("concept:rag", "concept", ())), links)
    claims = tuple(Entity(f"claim:{merged}:k{k}", "claim", (f"title: Beta finding {k}.",)) for k in range(4))
    after = Graph((*items, Entity("concept:rag", "concept", ("alias:RAG",)),
                   Entity(f"item:{merged}", "research_item", ("title: Beta",)), *claims),
                  (*links, Relation(f"item:{merged}", "concept:rag", "addresses"),
                   *(Relation(f"item:{merged}", c.name, "states") for c in claims)))
    d = diff(before, after)
    context = BodyContext(merged=frozenset({merged}))
    full = render_markdown(d, context=context, limit=0).text
    # The first shows the diff again; the others, moved by it alone, are one section (qa143) naming each.
    assert f"**{len(others) - 1} items whose only change is `concept:rag`, shown above**" in full, full
    assert all(f"{s} · " in full or f"{s}\n" in full or f"#### {s} — " in full for s in others), full
    whole = render_markdown(d, context=context).text  # the body uncut (the full report has a heading too)
    body = render_markdown(d, context=context, limit=len(whole) - 1).text
    assert "**Truncated:**" in body and f"#### {merged} (new item)" in body, body
    assert "items whose only change is" not in body, body  # the group that only points above went first


def test_a_kept_section_keeps_its_heading() -> None:
    """The heading of a group is written with its first section: cut first (it only points above),
    it took the heading with it, and the group's kept sections read under the heading before."""
    from kgsync.contract.model import Entity, Graph, Relation
    from kgsync.publish.pr.item_views import BodyContext, VocabularyGroup

    merged, first, pointer, kept = "2026-03-09-m", "2026-02-03-c", "2026-02-02-b", "2026-02-01-a"
    olds = (first, pointer, kept)
    items = [Entity(f"item:{s}", "research_item", (f"title: Item {s}",)) for s in olds]
    extra = (Entity("concept:x", "concept", ()),)
    before = Graph((*items, Entity("concept:rag", "concept", ()), *extra),
                   (*(Relation(f"item:{s}", "concept:rag", "addresses") for s in olds),
                    *(Relation(f"item:{s}", "concept:x", "addresses") for s in (first, kept))))
    after = Graph((*items, Entity("concept:rag", "concept", ("alias:RAG",)), *extra,
                   Entity(f"item:{merged}", "research_item", ("title: M",))),
                  (*(Relation(f"item:{s}", "concept:rag", "addresses") for s in olds),
                   Relation(f"item:{merged}", "concept:rag", "addresses")))
    events = (VocabularyGroup("hub entered: x", (first,), "x is a hub", "pin x"),
              VocabularyGroup("hub entered: rag", (pointer, kept), "rag is a hub", "pin rag"))
    d = diff(before, after)
    context = BodyContext(merged=frozenset({merged}), events=events)
    full = render_markdown(d, context=context, limit=0).text
    assert full.index("### Side effects: hub entered: rag") < full.index(f"#### {pointer}") < full.index(f"#### {kept}")
    for limit in range(len(full) - 50, len(full) - 1000, -50):
        try:
            body = render_markdown(d, context=context, limit=limit).text
        except LimitTooSmall:  # below the notice alone: no body to read
            break
        if f"#### {kept}" in body:
            assert "### Side effects: hub entered: rag" in body, (limit, body)


def test_a_full_report_over_its_own_limit_loses_item_sections_and_keeps_every_list() -> None:
    """The full report is the job summary, which GitHub cuts at 1 MiB; the body's notice sends the reader
    there for the evidence links, findings and pairs it leaves out.  A first run on the 273 items wrote a
    1.05 MB report cut at a byte, inside an item's table: its evidence links, 5 lint findings,
    near-duplicate pairs and item index (after the item sections) were in neither the body nor the
    summary.  Cut to a limit, the report loses whole item sections only, the latest first, in bytes,
    and names them."""
    d = _truncation_case()
    whole = render_markdown(d, limit=0).full_text
    limit = len(whole.encode("utf-8")) - 600
    report = render_markdown(d, report_limit=limit).full_text
    assert len(report.encode("utf-8")) <= limit
    lists = whole[whole.index("### Evidence links"):]  # then every finding, the pairs and the item index
    assert "W119" in lists and "### Candidate near-duplicates (1)" in lists and "### Items (4)" in lists
    assert lists in report
    assert f"#### {A}" in report  # the removed and changed items stay; the new item's section went
    assert "#### 2026-03-02-beta" not in report
    assert "Not shown: 1 item section (2026-03-02-beta)." in report
    assert "bytes (GitHub's limit for a job summary" in report
    assert render_markdown(d, report_limit=len(whole.encode("utf-8"))).full_text == whole


def test_a_cut_body_beside_a_cut_report_says_how_to_read_what_neither_shows() -> None:
    """When the job summary itself is cut, the item sections it leaves out are in neither it nor the
    body: the body's notice must not send the reader to the summary alone, but say that it is cut too
    and what prints the whole report.  A summary that is whole keeps the notice as it was."""
    d = _truncation_case()
    whole = render_markdown(d, limit=0).full_text
    report_limit = len(whole.encode("utf-8")) - 600  # the new item's section leaves the report
    run = "The whole report is in the [workflow run's summary](https://github.com/o/r/actions/runs/7)."
    cut = render_markdown(d, limit=4260, report_limit=report_limit, full_report_hint=run)
    assert cut.truncated and "Not shown: 1 item section (2026-03-02-beta)." in cut.full_text
    notice = cut.text[cut.text.rindex("**Truncated:**"):]
    assert run in notice
    assert "The job summary is cut too" in notice and "1 item section" in notice
    assert "`kgsync diff OLD NEW --limit 0`" in notice and "OLD: the base branch's graph file" in notice
    kept = render_markdown(d, limit=4260, report_limit=len(whole.encode("utf-8")), full_report_hint=run)
    assert kept.text == render_markdown(d, limit=4260, full_report_hint=run).text
    assert "cut too" not in kept.text
