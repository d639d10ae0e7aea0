"""What reading items yields: the item (``ResearchItem``), a problem with a file (``Issue``)
and the result of reading a corpus (``ReadResult``).

Kinds of problem (``Issue.severity``):
- ``error``: the file is not a usable item (unreadable, malformed YAML, duplicate
  slug, no title).  The build keeps whatever the graph already had from it.
- ``warning``: the item is built from what is there (a missing section, a cite
  to an item that does not exist).
- ``notice``: not an item at all (a folder README without frontmatter); skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum

from kgsync.contract.errors import ItemError, Location, message_line
from kgsync.read.item_sections import KeyFinding, Section, heading_key


class IssueSeverity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"


#: The notice of a Markdown file the items option matches that is no research item: no frontmatter, and
#: not named like an item (a README.md in the items folder).
NOT_AN_ITEM = "no YAML frontmatter: not a research item, skipped"



#: ``problem(severity, line, message, hint='')``: an Issue of the file being read.
IssueMaker = Callable[..., "Issue"]

@dataclass(frozen=True)
class Source:
    """One web address of an item's Sources section, with the label its link gives it ("[Robertson and Zaragoza
    (2009) …](https://…)"; "": written bare): the item's page shows the label the author wrote, not the address."""

    address: str
    label: str = ""


@dataclass(frozen=True)
class DanglingLink:
    """A link field's entry that names no item here (``corpus_checks``): which field, and the slug it names."""

    field_name: str  # cites | supersedes | superseded_by
    target: str


@dataclass(frozen=True)
class Issue:
    severity: IssueSeverity
    location: Location
    message: str
    hint: str = ""
    slug: str = ""
    #: the missing item a link field names, when that is the problem: what the PR compares and lists, never
    #: read back out of the message's words
    dangling: DanglingLink | None = None

    @property
    def of_an_item(self) -> bool:
        """False for the notice of a file that is no research item (``NOT_AN_ITEM``)."""
        return self.message != NOT_AN_ITEM

    def render(self) -> str:
        return message_line(self.location, f"{self.severity}: {self.message}", self.hint)

    @property
    def located(self) -> str:
        """"path:line: what", the place and the message without severity or fix: how the PR body lists a
        failing file or a dangling cite (``publish.pr.attention``)."""
        return f"{self.location}: {self.message}"

    def as_error(self) -> ItemError:
        """This issue as the library's error (its Location and hint kept; see kgsync.contract.errors)."""
        return ItemError(self.message, self.location, self.hint or None)


def of_touched_items(issues: Iterable[Issue], touched: Collection[str] | None) -> tuple[tuple[Issue, ...], tuple[Issue, ...]]:
    """(shown, held back): the problems a run prints, and those it only counts.

    An error is always shown (its item kept its previous nodes); a warning or notice only when its
    item is one this change touches (``touched``: their slugs; None: every item, as on a first
    build).  An old, unchanged item's ~90 warnings on every run hid the new ones, and GitHub shows
    only the first 10 warning annotations of a step.  A warning of no item (no slug: the
    maintainers' veto file's) is always shown, as kgsync.yml's problems are: held back, a typo in a
    veto was hidden and counted as an item file's."""
    shown: list[Issue] = []
    held: list[Issue] = []
    for issue in issues:
        keep = (touched is None or issue.severity is IssueSeverity.ERROR or (issue.slug and issue.slug in touched)
                or (not issue.slug and issue.severity is IssueSeverity.WARNING))
        (shown if keep else held).append(issue)
    return tuple(shown), tuple(held)


def failed_files(issues: Iterable[Issue]) -> int:
    """How many files have an error (each keeps its previous nodes): the count a build's last line
    gives.  Files, not messages: one item with two bad entries is one failed item."""
    return len({issue.location.path for issue in issues if issue.severity is IssueSeverity.ERROR})


@dataclass(frozen=True)
class CitedFinding:
    """A ``cites:`` entry that says how this item relates to another item's findings, read
    exactly: ``{item: <slug>, findings: [5], stance: supports, from: 2}`` (``from``: this item's
    finding that states it; docs/EVIDENCE.md)."""

    item: str  # normalised slug
    findings: tuple[int, ...]
    stance: str  # supports | contradicts | extends
    source: int  # this item's Key Finding number, 0: not given
    line: int  # file line of ``cites:``


@dataclass(frozen=True)
class ResearchItem:
    slug: str
    path: str  # as found (relative to the research repo root when possible)
    title: str
    completed: str  # YYYY-MM-DD, "" when unknown
    themes: tuple[str, ...]
    cites: tuple[str, ...]
    related: tuple[str, ...]
    supersedes: tuple[str, ...]
    superseded_by: tuple[str, ...]
    confidence: str  # high | medium | low | ""
    item_type: str
    status: str
    research_question: str
    executive_summary: str
    key_findings: tuple[KeyFinding, ...]
    #: the web addresses of the Sources section, in order, each once, with the label its link gives it
    sources: tuple[Source, ...]
    sections: tuple[Section, ...]
    body: str
    body_line: int  # file line of the body's first line
    # The Key Finding numbers the author chose as claims (frontmatter ``kgsync: {claims: [1, 3]}``);
    # empty: the first ``caps.claims`` findings in document order (docs/CLAIMS.md).
    claim_numbers: tuple[int, ...] = ()
    cited_findings: tuple[CitedFinding, ...] = ()  # ``cites:`` entries with findings and a stance
    # (field, 1-based line) of the frontmatter lists and the Sources heading: where a message
    # about one of them points (the caps, ``kgsync.read.item_caps``), also for a cached item.
    field_lines: tuple[tuple[str, int], ...] = ()
    # (field, slug, as written) of each cites/supersedes/superseded_by entry written otherwise than as its
    # slug ("Research/completed/<slug>.md", "../../etc/passwd"): a message about the link quotes the author.
    written_links: tuple[tuple[str, str, str], ...] = ()
    # (field, slug, 1-based line) of each cites/supersedes/superseded_by entry: its own line in a block list.
    link_lines: tuple[tuple[str, str, int], ...] = ()
    # The ``themes`` entries whose words the title, question, summary or a Key Finding writes as one
    # phrase (``extract.written_themes``, set with the file's record); None: not read (an item not made
    # from a file's record reads them from its text when asked).
    written_themes: tuple[str, ...] | None = None
    # The words of its ``themes`` slugs its body writes in capitals ("RAG"; ``extract.written_themes``,
    # set with the file's record); None: not read (read from its text when asked).
    capital_theme_words: tuple[str, ...] | None = None

    @classmethod
    def known_only_by(cls, slug: str, completed: str) -> ResearchItem:
        """An item whose file failed to parse now: other items still cite and link it by these."""
        return cls(slug, "", "", completed, (), (), (), (), (), "", "", "", "", "", (), (), (), "", 0)

    def line_of(self, field_name: str) -> int:
        """The line of a frontmatter list or section (``field_lines``); 1 when unknown."""
        return dict(self.field_lines).get(field_name, 1)

    def link_line(self, field_name: str, slug: str) -> int:
        """The line of the first entry of ``field_name`` naming ``slug`` (``link_lines``), else the field's."""
        return next((line for name, target, line in self.link_lines if name == field_name and target == slug),
                    None) or self.line_of(field_name)

    def precedes(self, other: ResearchItem) -> bool:
        """Is this earlier work than ``other``?  Completion date, then slug (slugs start with dates);
        undated last.  Later work extends earlier work (``kgsync.graph.extends``)."""
        return (self.completed or "9999", self.slug) < (other.completed or "9999", other.slug)

    def cited_as_earlier_by(self, citing: ResearchItem) -> bool:
        """May ``citing``'s ``cites:`` entry naming this item extend it?  Earlier work (``precedes``)
        may; so may work completed the same day that does not cite ``citing`` back: completion dates
        are days, and an author's cite says which came first (two citing each other: their slugs)."""
        return self.precedes(citing) or (
            (self.completed or "") == (citing.completed or "") and citing.slug not in self.cites)

    @property
    def is_superseded(self) -> bool:
        return bool(self.superseded_by)

    def section(self, *names: str) -> Section | None:
        """The first section whose heading equals one of ``names`` (case-insensitive)."""
        wanted = [n.lower() for n in names]
        for name in wanted:
            for section in self.sections:
                if heading_key(section.heading) == name:
                    return section
        return None

    def findings_analysis(self) -> str:
        """The text of the Analysis subsection of the item's Findings (the item template's "### Analysis"
        after "## Findings"), "" when it has none: the §-sections of the research log come before."""
        findings = self.section("findings")
        if findings is None:
            return ""
        for section in self.sections:
            if section.line > findings.line and heading_key(section.heading) == "analysis":
                return section.text
        return ""


@dataclass(frozen=True)
class ReadResult:
    items: tuple[ResearchItem, ...]
    issues: tuple[Issue, ...]

    @property
    def failed(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity is IssueSeverity.ERROR)

    @property
    def failed_slugs(self) -> frozenset[str]:
        return frozenset(i.slug for i in self.failed if i.slug)
