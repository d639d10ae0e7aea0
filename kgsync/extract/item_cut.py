"""One item's body as the per-line passes read it, cut once when its record is made (``record.parse_record``).

Three passes read an item's body line by line outside fenced code: the warnings of its markers
(``markers.misspelt_marks``, ``markers.unread_marks``) and the references scan
(``references.scan``).  Each split the body into its unfenced lines, found its comments and link
definitions (``markers.unrendered``), and asked whether it holds a bracket warned as no marker
(``markers.warned_brackets``) and whether it holds an author's marker at all.  ``ItemCut`` holds
each once, made from the item alone and passed down as a value: no cache outlives the item, and
a pass given none cuts the body itself (``cut_of``), as it did.

Mining's whole-text scans share their own cut (``item_text.ItemText``): they read the body cleaned of
markup, these read it as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kgsync.extract.markers import BodyCut, unrendered, warned_brackets
from kgsync.read.items import ResearchItem, author_markers, unfenced_lines


@dataclass(frozen=True)
class ItemCut:
    """What the per-line passes read of an item's body, each made once (see the module doc)."""

    #: ``unfenced_lines(body)``: the body's lines outside fenced code, as runs (first line's 0-based number, lines)
    lines: Sequence[tuple[int, Sequence[str]]]
    #: ``markers.unrendered(body, body_line)``: file line -> the columns that render nothing there
    hidden: Mapping[int, Sequence[tuple[int, int]]]
    #: ``markers.warned_brackets(body)``: a bracket of a marker's shape the warnings may name as no marker
    warned: bool
    #: whether the body holds an author's marker anywhere, code and comments included
    #: (``author_markers(body, in_code=True)``): when not, no line of it holds one
    marked: bool

    @property
    def plain(self) -> bool:
        """No line holds a marker nor a bracket warned as none: ``markers.without_marks`` of each line is the line."""
        return not self.marked and not self.warned

    def for_markers(self) -> BodyCut:
        """What ``markers.unread_marks`` reads of the cut."""
        return self.marked, self.lines, self.hidden

    def for_misspelt(self) -> BodyCut:
        """What ``markers.misspelt_marks`` reads of the cut."""
        return self.warned, self.lines, self.hidden


def cut_of(item: ResearchItem) -> ItemCut:
    """The ``ItemCut`` of ``item``'s body.

    ``marked`` asks the whole body once: a marker never spans a line break (``AUTHOR_MARKER``), and
    a line break is its own NFKC form, which no neighbour changes, so the body holds one exactly when
    one of its lines does."""
    body = item.body
    return ItemCut(unfenced_lines(body), unrendered(body, item.body_line), warned_brackets(body),
                   bool(author_markers(body, in_code=True)))
