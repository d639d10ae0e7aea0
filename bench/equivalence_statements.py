"""Where the items write two nodes' names as one idea, and how often, for the pairs readers judged (issue 21 part 2, pairs127).

    PYTHONPATH=$PWD .venv/bin/python bench/equivalence_statements.py GRAPH.jsonl 'ITEMS/*.md' \
        [--labels FILE ...] [--only-labelled] [--show N]

A statement equates two concept (or two method) nodes when the second's surface follows the first's
with only an equating phrase between (a surface: the node's name read as words or one of its
aliases, owned by that node only, ``pair_signals.names_in``).  The kinds, each
counted on its own so a kind that also joins two ideas can be left out:

* ``paren``: "A (B)", bare: an expansion, a translation, or an example ("policy engines (OPA)");
* ``paren-word``: "A (i.e. B)", "A (also called B)", "A (or B)";
* ``comma-word``: "A, also called B", "A, i.e. B", "A, that is, B", "A, or B," (an appositive "or"
  between commas);
* ``dash``: "A — that is, B —", "A — i.e. B", "A — or B —" (a dash, then an equating word);
* ``defined``: "A is also called B", "A refers to B", "A is another term for B", "A is synonymous
  with B", "A means B" (a definition of one by the other);
* with ``--loose``, ``paren-loose``: B inside a parenthesis opened right after A ("agentic AI
  (autonomous agents that act)"); ``word-loose``: B within six words after an equating word right
  after A ("A, that is, a human B", "A refers to the B of ...");
* ``slash``: "A / B" (two names of one thing, or two things side by side), not inside a URL or a
  file path.

For each pair: the statements by kind, the items writing one, and how many of those items address
both nodes (their node or claims link both: ``kin.graph_forms``); with ``--labels`` the verdict of
each labelled pair (``A<TAB>B<TAB>verdict``; a verdict word starting ``merge`` is a merge, ``close``,
``keep``, ``kept`` or ``different`` a pair apart) and, per kind, how many merge and apart pairs it
writes.  Nothing here is used by the build.
"""

from __future__ import annotations

import argparse
import glob
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from kgsync.contract import jsonl  # noqa: E402
from kgsync.vocabulary.kin import graph_forms  # noqa: E402
from pair_signals import names_in  # noqa: E402

_ARTICLE = r"(?:(?:a|an|the)\s+)?"
_WORD = r"(?:i\.e\.,?|aka|a\.k\.a\.|also called|also known as|otherwise known as|known as|also termed|that is,?|or)"
#: (kind, what lies between the two names, what must follow the second).
_KINDS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("paren", re.compile(r"\s*\(\s*"), re.compile(r"\s*\)")),
    ("paren-word", re.compile(rf"\s*\(\s*{_WORD}\s+{_ARTICLE}", re.I), re.compile(r"\s*\)")),
    ("comma-word", re.compile(rf",\s+{_WORD}\s+{_ARTICLE}", re.I), re.compile(r"\s*(?:[,;:.)]|$)")),
    ("dash", re.compile(rf"\s*(?:—|–|--)\s*{_WORD}\s+{_ARTICLE}", re.I), re.compile(r"\s*(?:—|–|--|[,;:.)]|$)")),
    ("defined", re.compile(
        r"\s+(?:(?:is|are)\s+(?:also\s+|often\s+|sometimes\s+)?(?:called|known as|termed|referred to as"
        r"|another (?:name|term|word) for|synonymous with|equivalent to|the same (?:thing )?as)"
        rf"|refers? to|means|denotes)\s+{_ARTICLE}", re.I), re.compile(r"")),
    ("slash", re.compile(r"\s*/\s*"), re.compile(r"")),
)

#: ``--loose``: what may lie between the first name and a second one up to 80 characters on, in one
#: sentence: a parenthesis opened right after the first and not closed, or an equating word right
#: after it and up to six words.
_LOOSE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("paren-loose", re.compile(r"\s*\([^()\n.;]*")),
    ("word-loose", re.compile(
        rf"(?:,|\s*(?:—|–|--))?\s+(?:{_WORD}|(?:is|are)\s+(?:also\s+)?(?:called|known as|termed|another (?:name|term) for"
        r"|synonymous with|the same as)|refers? to|means|denotes)\s+(?:[\w'-]+\s+){0,6}", re.I)),
)


@dataclass(frozen=True)
class Statement:
    """One place an item writes two names as one."""

    pair: tuple[str, str]
    kind: str
    item: str
    line: int
    excerpt: str


def statements(forms: Mapping[str, Iterable[str]], texts: Iterable[tuple[str, str]], prefix: str,
               loose: bool = False) -> list[Statement]:
    """Every place some text writes two nodes' names as one (``_KINDS``; with ``loose`` also ``_LOOSE``), in text order."""
    find = names_in(forms)
    out: list[Statement] = []
    for source, text in texts:
        kept = find(text)
        for (s1, e1, n1), (s2, e2, n2) in zip(kept, kept[1:]):
            if n1 == n2:
                continue
            for kind, between, after in _KINDS:
                if kind == "slash" and _in_path(text, s1, e2):
                    continue
                if between.fullmatch(text, e1, s2) and after.match(text, e2):
                    out.append(_statement(text, source, prefix, kind, (s1, n1), (e2, n2)))
                    break
            else:
                if loose:
                    out += _loose(text, source, prefix, kept, (s1, e1, n1))
    return out


def _loose(text: str, source: str, prefix: str, kept: list[tuple[int, int, str]],
           first: tuple[int, int, str]) -> list[Statement]:
    """The looser readings (``--loose``) after a name no strict kind pairs: another name inside the
    parenthesis opened right after it, or within a few words after an equating word right after it
    ("agentic AI (autonomous agents that act)", "HITL, that is, a human approving each action")."""
    s1, e1, n1 = first
    for s2, e2, n2 in kept:
        if s2 < e1 or s2 - e1 > 80:
            continue
        if n2 == n1:
            break
        for kind, between in _LOOSE:
            if between.fullmatch(text, e1, s2):
                return [_statement(text, source, prefix, kind, (s1, n1), (e2, n2))]
    return []


def _statement(text: str, source: str, prefix: str, kind: str, first: tuple[int, str], second: tuple[int, str]) -> Statement:
    (start, a), (end, b) = first, second
    excerpt = " ".join(text[max(0, start - 60):end + 60].split())
    return Statement((prefix + min(a, b), prefix + max(a, b)), kind, source, text.count("\n", 0, start) + 1, excerpt)


def _in_path(text: str, start: int, end: int) -> bool:
    """Is the span inside a URL or a file path ("github.com/openai/...", ".github/copilot-instructions.md"),
    where a slash joins the parts of an address, not two names?"""
    left = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start), text.rfind("(", 0, start)) + 1
    ends = [i for i in (text.find(" ", end), text.find("\n", end), text.find(")", end)) if i >= 0]
    token = text[left:min(ends) if ends else len(text)]
    return "://" in token or "." in token.split("/")[0] or token.count("/") > 1 or token.startswith(("`", "."))


def read_labels(paths: Iterable[str]) -> dict[tuple[str, str], str]:
    """Pair -> ``merge`` or ``apart`` (the latest file listed wins)."""
    out: dict[tuple[str, str], str] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            cells = line.split("\t")
            if line.startswith("#") or len(cells) < 3 or not cells[0].startswith(("concept:", "method:")):
                continue
            verdict = cells[2].strip().lower()
            if verdict.startswith("merge"):
                out[(min(cells[0], cells[1]), max(cells[0], cells[1]))] = "merge"
            elif verdict.startswith(("close", "keep", "kept", "different")):
                out[(min(cells[0], cells[1]), max(cells[0], cells[1]))] = "apart"
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graph")
    parser.add_argument("items")
    parser.add_argument("--labels", nargs="*", default=[])
    parser.add_argument("--only-labelled", action="store_true", help="list only the labelled pairs")
    parser.add_argument("--show", type=int, default=2, help="statements shown per pair")
    parser.add_argument("--loose", action="store_true", help="also the looser readings (_LOOSE)")
    args = parser.parse_args(argv)
    graph = jsonl.read(Path(args.graph))
    texts = [(Path(p).stem, Path(p).read_text()) for p in sorted(glob.glob(args.items))]
    labels = read_labels(args.labels)
    found: list[Statement] = []
    linked: dict[str, frozenset[str]] = {}
    for entity_type, prefix in (("concept", "concept:"), ("method", "method:")):
        forms, items = graph_forms(graph, entity_type, prefix)
        found += statements(forms, texts, prefix, args.loose)
        linked.update({prefix + name: slugs for name, slugs in items.items()})
    by_pair: dict[tuple[str, str], list[Statement]] = defaultdict(list)
    for statement in found:
        by_pair[statement.pair].append(statement)
    per_kind: dict[str, Counter[str]] = defaultdict(Counter)
    for pair, listed in sorted(by_pair.items()):
        verdict = labels.get(pair, "-")
        for kind in sorted({s.kind for s in listed}):
            per_kind[kind][verdict] += 1
        if args.only_labelled and verdict == "-":
            continue
        writers = sorted({s.item for s in listed})
        both = linked.get(pair[0], frozenset()) & linked.get(pair[1], frozenset())
        kinds = Counter(s.kind for s in listed)
        print(f"{verdict:6} {pair[0]} ~ {pair[1]}: {len(listed)} statement(s) in {len(writers)} item(s), "
              f"{len([w for w in writers if w in both])} addressing both; "
              + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        for statement in listed[:args.show]:
            print(f"         {statement.item}.md:{statement.line} [{statement.kind}] ...{statement.excerpt}...")
    print("\n== labelled pairs no statement writes:")
    for pair, verdict in sorted(labels.items()):
        if pair not in by_pair:
            both = linked.get(pair[0], frozenset()) & linked.get(pair[1], frozenset())
            present = pair[0] in linked and pair[1] in linked
            print(f"{verdict:6} {pair[0]} ~ {pair[1]}: {'both nodes, ' + str(len(both)) + ' items link both' if present else 'a node is gone'}")
    print("\n== pairs per kind (merge / apart / unlabelled):")
    for kind, counts in sorted(per_kind.items()):
        print(f"  {kind:11} {counts['merge']} / {counts['apart']} / {counts['-']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
