"""What the manifest keeps of each item for the next PR's review: whole statements of cut
claims, and the items it names (``cites``/``supersedes``/``superseded_by``).

The graph stores a claim's statement cut at ``findings.MAX_STATEMENT`` characters (an
observation is atomic and short).  A reviewer of a reworded finding needs the whole finding
before and after, and the base commit the PR is against already holds the edit, so the old
text is in no file of that commit but the committed manifest.  It keeps, per item, each claim
whose stored ``title:`` is not its whole statement, with the whole statement folded the same way
(``economy.hub_folding``).  So for every claim, "the manifest's statement, else the stored
one" is the whole statement, by construction, in any checkout (a shallow clone included).

Likewise a dangling cite is "new" only when the item did not name that slug when the base
graph was built: the manifest keeps the slugs each item names (the item's own words, so its
line moves only with its file), and the PR checks them against the base graph's items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from kgsync.contract.model import Facts
from kgsync.extract.findings import MAX_STATEMENT, Claim, statement_of
from kgsync.read.items import ResearchItem

#: slug -> ((claim name, its whole statement), ...), sorted by claim name.
Statements = Mapping[str, tuple[tuple[str, str], ...]]
#: The front-matter fields that name other items (``corpus_checks._dangling_links`` checks the same).
LINK_FIELDS = ("cites", "supersedes", "superseded_by")

_TITLE, _SECTION, _CUT = "title: ", "section:key-finding-", "…"


def long_findings(item: ResearchItem, claims: Sequence[Claim] | None = None) -> tuple[tuple[int, str], ...]:
    """(number, whole statement) of each finding whose statement a claim stores cut (longer than
    ``MAX_STATEMENT``): what ``whole_statements`` looks up (cached per item by the build).

    ``claims``: the item's extracted claims (``findings.extract``), when at hand.  A claim's
    statement is the finding's cut at ``MAX_STATEMENT`` (``statement_of``), which ends in "…"
    whenever the whole is longer, and is empty (no claim) only when the whole is: so a finding
    whose number only claims with an uncut statement carry is not cleaned again (most are not)."""
    numbers = {claim.number for claim in claims} if claims is not None else set()
    maybe_cut = {claim.number for claim in claims if claim.statement.endswith(_CUT)} if claims is not None else set()
    out = []
    for finding in item.key_findings:
        if finding.number in numbers and finding.number not in maybe_cut:
            continue  # every claim of this number is whole: the finding is not longer than one
        whole = statement_of(finding, None)
        if len(whole) > MAX_STATEMENT:
            out.append((finding.number, whole))
    return tuple(out)


def whole_statements(by_item: Mapping[str, Facts], long: Mapping[str, Iterable[tuple[int, str]]],
                     fold: Callable[[str], str],
                     previous: Statements | None = None) -> dict[str, tuple[tuple[str, str], ...]]:
    """The whole statement of each claim whose stored title was cut, per item; ``long``: each
    item read now -> its ``long_findings``.

    Only a title ending in "…" can be cut (``findings.shorten``), and only an item with a long
    finding has a whole statement to record, so only those items' observations are read: the
    facts of the others (most of a corpus, reused from the last build) are not looked at.  An
    item not read now (it fails to parse and keeps its facts) keeps its ``previous`` statements."""
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for slug in by_item:  # the facts of an item without a long finding are not read (see above)
        if slug not in long:
            kept = previous.get(slug, ()) if previous else ()
            if kept:
                out[slug] = kept
            continue
        if not long[slug]:
            continue  # no finding longer than a stored statement: no whole statement to record
        facts = by_item[slug]
        cut = {name: text[len(_TITLE):] for name, text in facts.observations
               if text.endswith(_CUT) and text.startswith(_TITLE) and name.startswith("claim:")}
        if not cut:
            continue
        numbers = {name: text[len(_SECTION):] for name, text in facts.observations
                   if name in cut and text.startswith(_SECTION)}
        wholes = {str(number): text for number, text in long[slug]}
        found = []
        for name in sorted(cut):
            whole = wholes.get(numbers.get(name, ""), "")
            whole = fold(whole) if whole else ""
            if whole and whole != cut[name]:
                found.append((name, whole))
        if found:
            out[slug] = tuple(found)
    return out


def statement_in(statements: Statements, claim: str) -> str | None:
    """``claim``'s whole statement as ``statements`` records it (None: not recorded: not cut)."""
    slug = claim.split(":")[1] if claim.count(":") >= 2 else ""
    return dict(statements.get(slug, ())).get(claim)


def named_items(by_item: Mapping[str, Facts], items: Iterable[ResearchItem],
                previous: Statements | None = None) -> dict[str, tuple[tuple[str, str], ...]]:
    """slug -> ((field, slug named), ...) for each item that names another in ``LINK_FIELDS``, in
    the item's order.  An item not read now keeps its ``previous`` record."""
    by_slug = {item.slug: item for item in items}
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for slug in by_item:
        item = by_slug.get(slug)
        named = (tuple((name, target) for name in LINK_FIELDS for target in getattr(item, name))
                 if item is not None else (previous or {}).get(slug, ()))
        if named:
            out[slug] = named
    return out


def records_changed(base: Statements, statements: Statements, base_named: Statements,
                    named: Statements) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the claims whose whole statement ``statements`` records otherwise than ``base``, the items whose named
    slugs ``named`` records otherwise than ``base_named``), each sorted: what a manifest alone changes when the
    graph does not."""
    reworded = sorted(claim for slug in base.keys() | statements.keys()
                      for claim in dict(base.get(slug, ())).keys() | dict(statements.get(slug, ())).keys()
                      if statement_in(base, claim) != statement_in(statements, claim))
    relinked = sorted(slug for slug in base_named.keys() | named.keys() if base_named.get(slug, ()) != named.get(slug, ()))
    return tuple(reworded), tuple(relinked)
