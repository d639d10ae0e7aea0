"""Aliases the items write: every ``alias:`` of a concept or method node is a form some item that links it writes.

    .venv/bin/python bench/alias_check.py GRAPH ITEMS_GLOB [THEMES_FILE]

A node's aliases are how people type it (``alias:guardrails``): forms the items write, never
made up ("provenances", "observabilities": issue 21).  For each alias of each concept and
method node this looks for it, case-, hyphen- and space-insensitively, in the text of the
items that link the node (the item itself or one of its claims); the maintainers' theme
vocabulary file is exempt (a theme's aliases are their words).  Prints each unwritten alias and
the count; ``bench_concepts.py`` prints the count beside its measures.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.contract import jsonl  # noqa: E402
from kgsync.contract.model import EntityType, Graph  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402

_LINKERS = ("item:", "claim:")


def _flat(text: str) -> str:
    """Lower case, a hyphen or an underscore as a space, every run of white space one space."""
    return " ".join(re.sub(r"[-_]", " ", text.lower()).split())


def unwritten_aliases(graph: Graph, texts: dict[str, str], exempt: str = "") -> list[tuple[str, str]]:
    """(node, alias) of each alias of a concept or method node that no item linking it writes
    (``texts``: item slug -> its text) and ``exempt`` (the theme vocabulary file's text) does not hold."""
    flat = {slug: _flat(text) for slug, text in texts.items()}
    exempt_flat = _flat(exempt)
    linkers: dict[str, set[str]] = {}
    for r in graph.relations:
        if r.source.startswith(_LINKERS):
            linkers.setdefault(r.target, set()).add(r.source.split(":")[1])
    out = []
    for e in graph.entities:
        if e.entity_type not in (EntityType.CONCEPT, EntityType.METHOD):
            continue
        for alias in (o[len("alias:"):] for o in e.observations if o.startswith("alias:")):
            form = _flat(alias)
            if not any(form in flat.get(slug, "") for slug in linkers.get(e.name, ())) and form not in exempt_flat:
                out.append((e.name, alias))
    return sorted(out)


def item_texts(paths: Iterable[Path]) -> dict[str, str]:
    """Item slug -> its file's text, for every item that reads."""
    return {item.slug: Path(item.path).read_text(encoding="utf-8") for item in read_items(paths).items}


def main(argv: list[str]) -> int:
    graph = jsonl.read(Path(argv[0]))
    texts = item_texts(find_item_files(argv[1]))
    exempt = Path(argv[2]).read_text(encoding="utf-8") if len(argv) > 2 else ""
    found = unwritten_aliases(graph, texts, exempt)
    for name, alias in found:
        print(f"{name}: alias:{alias} is written by no item that links it")
    print(f"aliases no linking item writes: {len(found)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
