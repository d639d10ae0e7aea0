"""The vocabulary-file lines that would merge the PR's candidate near-duplicates.

A reviewer who agrees that two names are one idea should not have to work out the syntax of
``kgsync-vocab.yml`` nor which name stands: each pair gets its ``merges:`` line
(``similarity.merge_line``: the shorter name stands, or a theme's node), in one YAML block to copy.  The build never
merges these pairs itself (``similarity.same_idea_pairs``): the maintainer decides, once.

Safety: names come from the graph (hostile input).  A line is written only when the name that
stands is a valid vocabulary name (lower-case words and digits joined by ``-`` or ``.``) and the
variant is made of such words, so nothing in the block can close the fence or be read as Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence

from markupsafe import Markup

from kgsync.extract.canonical import term_key
from kgsync.vocabulary.similarity import merge_line

_PREFIX = re.compile(r"(concept|method):")
_NAME = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*")
_VARIANT = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")


def merge_lines(pairs: Sequence[tuple[str, str]], themes: Container[str] = frozenset()) -> tuple[tuple[str, str], ...]:
    """(variant, canonical name) per pair of concept or method names of one kind, deduplicated and
    sorted; a name of ``themes`` (a theme's node, prefixed) stands, and two themes' nodes get no line
    (a line joins mined terms, not themes)."""
    out = set()
    for a, b in pairs:
        ka, kb = _PREFIX.match(a), _PREFIX.match(b)
        if ka is None or kb is None or ka.group(1) != kb.group(1):
            continue  # a concept and a method: not one merge line (the kinds differ)
        if a in themes and b in themes:
            continue
        standing = {name[ka.end():] for name in (a, b) if name in themes}
        variant, canonical = merge_line(a[ka.end():], b[kb.end():], standing)
        # A line that maps a term key to itself ("knowledge graphs: knowledge-graph") joins nothing.
        if _NAME.fullmatch(canonical) and _VARIANT.fullmatch(variant) and term_key(variant) != term_key(canonical):
            out.add((variant, canonical))
    return tuple(sorted(out))


def merge_block(pairs: Sequence[tuple[str, str]], shared: Mapping[tuple[str, str], tuple[int, int, int]] | None = None,
                themes: Container[str] = frozenset()) -> str:
    """Markdown: the ``merges:`` lines for ``pairs`` in a YAML block, or "" when none can be written.
    ``shared``: pair -> (items linking both, each name's items) of the pairs the same items address
    (``kin.same_items``), written as a comment on the pair's line: the evidence travels with it.
    ``themes``: the names that are a theme's node (``GraphDiff.theme_nodes``), which stand."""
    lines = merge_lines(pairs, themes)
    if not lines:
        return ""
    notes = {line[0]: counts for pair, counts in (shared or {}).items() if (line := merge_lines([pair], themes))}
    body = "".join(f"  {variant}: {canonical}" + _note(notes.get((variant, canonical))) + "\n"
                   for variant, canonical in lines)
    return str(Markup(
        "To merge a pair, add its line to `kgsync-vocab.yml` (the shorter name stands, or the theme's; "
        "leave out the pairs that are two ideas):\n\n```yaml\nmerges:\n" + body + "```\n\n"))


def _note(counts: tuple[int, int, int] | None) -> str:
    return "" if counts is None else f"  # the same items: {counts[0]} link both, of {counts[1]} and {counts[2]}"
