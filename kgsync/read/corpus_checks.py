"""Cross-file rules of a corpus of items: one item per slug, no two files alike but for case,
links (``cites``, ``supersedes``, ``superseded_by``) that name an item here, cites of earlier
work, no ring of ``superseded_by``.  Each file was parsed on its own (``kgsync.read.items``); only what needs
the corpus as a whole is checked here, every problem at the file and line it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from kgsync.contract.errors import Location, printable_path
from kgsync.read.item_dates import NO_COMPLETED
from kgsync.read.item_model import DanglingLink, Issue, IssueSeverity, ReadResult, ResearchItem


def check_corpus(parsed: Iterable[tuple[ResearchItem | None, tuple[Issue, ...]]]) -> ReadResult:
    """Cross-file rules: a slug names one item (later files with it are errors), cites resolve."""
    items: list[ResearchItem] = []
    issues: list[Issue] = []
    first_path: dict[str, str] = {}
    for item, item_issues in parsed:
        issues.extend(item_issues)
        if item is None:
            continue
        if item.slug in first_path:
            issues.append(Issue(IssueSeverity.ERROR, Location(item.path, 1),
                                f"duplicate slug {item.slug!r}: {printable_path(first_path[item.slug])} has the "
                                "same file name",
                                "rename one of the files; a slug names one item", slug=""))
            continue
        first_path[item.slug] = item.path
        items.append(item)
    items, issues = _without_case_twins(items, issues)
    # An item that failed now keeps its last nodes (see kgsync.graph.merge): citing it is no dangling link.
    failed = {i.slug for i in issues if i.severity is IssueSeverity.ERROR and i.slug}
    issues.extend(_dangling_links(items, failed))
    later, citers = _later_cites(items)
    issues = with_citers(issues, citers) + later
    issues.extend(_supersession_cycles(items))
    return ReadResult(tuple(items), tuple(issues))


def _supersession_cycles(items: Sequence[ResearchItem]) -> list[Issue]:
    """A warning on every item of a ring of ``superseded_by`` links (A by B, B by A): each is then
    superseded (``ResearchItem.is_superseded``) and no claim of any stays in the graph, which no
    item meant.  What the graph does is unchanged: only which link is wrong is for the author."""
    by_slug = {item.slug: item for item in items}
    after = {item.slug: [t for t in item.superseded_by if t in by_slug and t != item.slug]
             for item in items if item.superseded_by}
    issues: list[Issue] = []
    reported: set[str] = set()
    for start in sorted(after):
        if start in reported:
            continue
        # The ring through ``start``, if any: a path back to it over superseded_by links.
        paths, seen, ring = [[start]], {start}, None
        while paths and ring is None:
            path = paths.pop()
            for target in after.get(path[-1], ()):
                if target == start:
                    ring = path
                    break
                if target not in seen:
                    seen.add(target)
                    paths.append([*path, target])
        if ring is None or reported & set(ring):
            continue
        reported.update(ring)
        names = ", ".join(ring)  # from the first slug, each superseded by the next
        for slug in sorted(ring):
            item = by_slug[slug]
            issues.append(Issue(IssueSeverity.WARNING, Location(item.path, item.line_of("superseded_by")),
                                f"superseded_by: {names} each name the next as superseding it, round to the first: "
                                "all are superseded and none of their claims stays in the graph",
                                "keep superseded_by only on the items a newer one replaces", slug))
    return issues


def _without_case_twins(items: list[ResearchItem], issues: list[Issue]) -> tuple[list[ResearchItem], list[Issue]]:
    """Items whose slugs differ only in case are all errors (each keeps its previous nodes): on a
    case-insensitive disk they are one file, and their node names would have one confusable
    skeleton, which no blame of one item can settle (the other keeps the same names)."""
    by_folded: dict[str, list[ResearchItem]] = {}
    for item in items:
        by_folded.setdefault(item.slug.casefold(), []).append(item)
    twins = [group for group in by_folded.values() if len(group) > 1]
    if not twins:
        return items, issues
    out = set()
    for group in twins:
        for item in group:
            others = ", ".join(printable_path(other.path.rsplit("/", 1)[-1]) for other in group if other is not item)
            issues.append(Issue(IssueSeverity.ERROR, Location(item.path, 1),
                                f"file name differs only in case from {others}: on a case-insensitive disk they are "
                                "one file, and their nodes would read the same",
                                "delete the copy, or rename one of the files", item.slug))
            out.add(item.slug)
    return [item for item in items if item.slug not in out], issues


def _dangling_links(items: Sequence[ResearchItem], also_known: Iterable[str] = ()) -> list[Issue]:
    known = {item.slug for item in items} | set(also_known)
    issues = []
    for item in items:
        # How each link was written, made only for an item with a dangling link (nearly none: a dict an
        # item cost ~0.03 s a 10,000-item rebuild; speed187, a one-item rebuild of
        # ``bench/gen_corpus.py --count 10000``'s items).
        written: dict[tuple[str, str], str] | None = None
        for field_name, targets in (("cites", item.cites), ("supersedes", item.supersedes),
                                    ("superseded_by", item.superseded_by)):
            for target in targets:
                if target not in known and target != item.slug:
                    if written is None:  # the first, as written
                        written = {(name, slug): text for name, slug, text in reversed(item.written_links)}
                    # At the entry's own line in a block list, else the field's (an annotation on the
                    # title line points nowhere useful).
                    as_written = written.get((field_name, target))
                    issues.append(Issue(IssueSeverity.WARNING, Location(item.path, item.link_line(field_name, target)),
                                        f"{dangling_head(field_name, target)}"
                                        f"{f' (written {as_written!r})' if as_written else ''}, which is not an item here",
                                        f"a {field_name} entry is an item's slug, its file name without .md "
                                        "(2026-01-01-topic): correct it, or drop it if the item was removed", item.slug,
                                        DanglingLink(field_name, target)))
    return issues


def dangling_head(field_name: str, target: str) -> str:
    """How the warning of a link to a missing item begins, whatever its author wrote."""
    return f"{field_name} names {target!r}"


def _later_cites(items: Sequence[ResearchItem]) -> tuple[list[Issue], dict[str, list[tuple[str, int]]]]:
    """A warning on a ``cites`` entry naming an item completed later: later work extends earlier work,
    so the cite makes no extends edge (``kgsync.graph.extends``), which an author who wrote it, or the
    items citing one whose completed: date is mistyped (9999-12-31), would otherwise never learn.  A
    same-day item is earlier work unless it cites this item back (``ResearchItem.cited_as_earlier_by``).
    A cite of an item with no date is no warning here but (slug, line) of the citing entry, by the cited
    slug: the undated item's own warning names them (``with_citers``), at the line where the fix goes."""
    by_slug = {item.slug: item for item in items}
    issues = []
    undated: dict[str, list[tuple[str, int]]] = {}
    for item in items:
        for target in item.cites:
            cited = by_slug.get(target)
            if cited is None or cited is item or target in item.superseded_by or cited.cited_as_earlier_by(item):
                continue
            if not cited.completed:  # undated work sorts last (``precedes``): no date of this item's is wrong
                undated.setdefault(target, []).append((item.slug, item.link_line("cites", target)))
                continue
            fix = "cite only earlier work, or correct the completed: date of one of the two"
            if cited.completed == item.completed:
                when = (f"completed the same day ({cited.completed}), which cites this item too, its slug sorting "
                        "after this item's")
            else:
                when = f"completed {cited.completed}, after this item ({item.completed or 'no date'})"
            issues.append(Issue(IssueSeverity.WARNING, Location(item.path, item.link_line("cites", target)),
                                f"cites {target!r}, {when}: no extends edge is made (later work extends earlier work)",
                                fix, item.slug))
    return issues, undated


#: How many citing items the warning of an undated item names (the rest are counted).
_CITERS_NAMED = 3


def with_citers(issues: list[Issue], citers: Mapping[str, Sequence[tuple[str, int]]]) -> list[Issue]:
    """``issues`` with each undated item's warning (``item_dates.NO_COMPLETED``) naming the items whose cites:
    entries make no extends edge to it, each by its slug and that entry's line (``_later_cites``)."""
    if not citers:
        return issues
    out = []
    for issue in issues:
        named = citers.get(issue.slug, ()) if issue.message == NO_COMPLETED else ()
        if named:
            listed = ", ".join(f"{slug} at line {line}" for slug, line in named[:_CITERS_NAMED])
            more = f", and {len(named) - _CITERS_NAMED} more" if len(named) > _CITERS_NAMED else ""
            many = f"the {len(named)} items" if len(named) > 1 else "the item"
            issue = replace(issue, message=f"{NO_COMPLETED.removesuffix('the items citing it')}{many} citing it "
                                           f"({listed}{more})")
        out.append(issue)
    return out
