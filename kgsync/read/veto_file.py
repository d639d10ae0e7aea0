"""The maintainers' veto file (``kgsync-veto.yml`` beside ``kgsync-vocab.yml``).

A reviewer who finds an evidence link wrong (the sentence cites a finding as background,
not as agreement) vetoes it by its two claim names; the link never returns, whatever the
items say later.  Every problem is collected with its file and line, then raised once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kgsync.read.item_model import Issue, IssueSeverity
from kgsync.read.yaml_source import read_yaml
from kgsync.contract.errors import ConfigError, Location, printable_path


@dataclass(frozen=True)
class Vetoes:
    pairs: frozenset[tuple[str, str]] = frozenset()
    path: str = ""
    problems: tuple[str, ...] = field(default=(), compare=False)
    lines: Mapping[tuple[str, str], int] = field(default_factory=dict, compare=False)  # each pair's line


def load_vetoes(path: str | Path | None) -> Vetoes:
    """``kgsync-veto.yml``: links maintainers rejected, by their two claim names (either order)::

        vetoed:
          - from: claim:2026-03-02-a:some-key
            to: claim:2026-02-27-b:other-key
            why: the sentence cites the finding as background, not as agreement

    A missing file vetoes nothing, and so does None (no file configured, ``Config.veto_path``).  Every
    problem is collected with its line (``problems``); ``check_vetoes`` raises them at once (``configured_vetoes``: the build's reading).
    """
    if path is None:
        return Vetoes()
    path = Path(path)
    if not path.exists():  # anything else that is no regular file is refused (``read_yaml``)
        return Vetoes(path=str(path))
    data, node = read_yaml(path)
    return parse_vetoes(data, node, str(path))


def parse_vetoes(data: Any, node: Any, path: str) -> Vetoes:
    problems: list[str] = []
    shown = printable_path(path)  # repository content: escaped wherever a message prints it
    if data is None:
        return Vetoes(path=path)
    if not isinstance(data, Mapping) or set(data) - {"vetoed"}:
        problems.append(f"{shown}:1: the veto file must be a mapping with one key, vetoed: (fix: see docs/EVIDENCE.md)")
        return Vetoes(path=path, problems=tuple(problems))
    entries = data.get("vetoed")
    entry_nodes = _sequence_nodes(node, "vetoed")
    if entries is None:  # ``vetoed:`` alone: no vetoes yet (``{}``, ``''`` or ``0`` is no list: refused)
        entries = []
    if not isinstance(entries, list):
        problems.append(f"{shown}:{_line_of(node, 1)}: vetoed: must be a list of from:/to: pairs (fix: see docs/EVIDENCE.md)")
        return Vetoes(path=path, problems=tuple(problems))
    pairs: dict[tuple[str, str], int] = {}
    for index, entry in enumerate(entries):
        line = entry_nodes[index].start_mark.line + 1 if index < len(entry_nodes) else 1
        if not isinstance(entry, Mapping):
            problems.append(f"{shown}:{line}: a veto must be a mapping with from: and to: (fix: write - {{from: "
                            "claim:<slug>:<key>, to: claim:<slug>:<key>}, copied from the PR body; a term to keep out "
                            "of the graph goes in stoplist: in kgsync-vocab.yml)")
            continue
        unknown = sorted(str(k) for k in entry if k not in ("from", "to", "why"))
        if unknown:
            problems.append(f"{shown}:{line}: unknown key(s) {', '.join(unknown)} (fix: use from:, to: and why:)")
        # The reason is a sentence for the reviewers.  A boolean is a word YAML 1.1 read as one (`why: no`,
        # `why: yes`): what the maintainer wrote, so it stays accepted; a number, a list or a mapping is none.
        if entry.get("why") is not None and not isinstance(entry["why"], (str, bool)):
            problems.append(f"{shown}:{line}: why: must be text, not {str(entry['why'])[:40]!r} "
                            "(fix: write the reason as a sentence, quoted if it starts with [ or {)")
        ends = [entry.get("from"), entry.get("to")]
        if not all(isinstance(e, str) and e.startswith("claim:") and e.count(":") >= 2 for e in ends):
            problems.append(f"{shown}:{line}: from: and to: must both be claim names claim:<slug>:<key> "
                            f"(fix: copy them from the PR body or the manifest)")
            continue
        pair = (str(ends[0]), str(ends[1]))
        if pair[0] == pair[1]:
            problems.append(f"{shown}:{line}: from: and to: name the same claim (fix: name the link's two claims)")
            continue
        if pair in pairs or pair[::-1] in pairs:
            problems.append(f"{shown}:{line}: this link is vetoed twice (fix: delete one entry)")
        pairs.setdefault(pair, line)
    return Vetoes(frozenset(pairs), path, tuple(problems), pairs)


def check_vetoes(vetoes: Vetoes) -> None:
    if vetoes.problems:
        # Each line holds its own fix (as the vocabulary file's): no second one after the last.
        raise ConfigError(f"{len(vetoes.problems)} problem(s) in the veto file (its format: docs/EVIDENCE.md):\n  "
                          + "\n  ".join(vetoes.problems), Location(vetoes.path))


def unmatched_vetoes(vetoes: Vetoes, claims_of: Callable[[str], Collection[str]]) -> tuple[Issue, ...]:
    """A warning at each veto's line that names a claim ``claims_of`` its slug lacks: that entry vetoes nothing.

    Not an error: a claim leaves the graph when its item is deleted or its finding reworded, and its veto
    still holds should it return (the link never does); a typo in a claim's name is what this catches."""
    return tuple(Issue(IssueSeverity.WARNING, Location(vetoes.path, line), stale_veto_message(missing), STALE_VETO_HINT)
                 for line, missing in stale_vetoes(vetoes, claims_of))


def stale_vetoes(vetoes: Vetoes, claims_of: Callable[[str], Collection[str]]) -> list[tuple[int, list[str]]]:
    """(line, the claims it names that ``claims_of`` their slug lacks) of each such veto, in line order."""
    stale = []
    for pair, line in sorted(vetoes.lines.items(), key=lambda kept: kept[1]):
        missing = [end for end in pair if end not in claims_of(end.split(":")[1])]
        if missing:
            stale.append((line, missing))
    return stale


def stale_veto_message(missing: Iterable[str]) -> str:
    return f"this veto names {' and '.join(missing)}, no claim in the graph: it vetoes nothing"


STALE_VETO_HINT = "copy the claim's name from the PR body or the manifest, or delete the entry if the claim is gone for good"


def renamed_vetoes(vetoes: Vetoes, renamed: Mapping[str, str]) -> tuple[Issue, ...]:
    """A warning at each veto's line that names a claim of an item renamed (``graph.veto_names``): the veto holds
    for the new claim only while the committed manifest records the old slug, so the fix is the new name."""
    issues = []
    for pair, line in sorted(vetoes.lines.items(), key=lambda kept: kept[1]):
        for end in (end for end in pair if end in renamed):
            old, new = end.split(":")[1], renamed[end].split(":")[1]
            issues.append(Issue(IssueSeverity.WARNING, Location(vetoes.path, line),
                                f"this veto names {end} of item {old}, now {new} (renamed: the same findings): it holds "
                                f"for {renamed[end]} only while the committed manifest records {old}",
                                f"write {renamed[end]} in place of {end}"))
    return tuple(issues)


def is_vetoed(source: str, target: str, vetoed: Iterable[tuple[str, str]]) -> bool:
    pairs = vetoed if isinstance(vetoed, (set, frozenset)) else set(vetoed)
    return (source, target) in pairs or (target, source) in pairs


def _sequence_nodes(node: Any, key: str) -> list[Any]:
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if key_node.value == key and isinstance(value_node, yaml.SequenceNode):
                return list(value_node.value)
    return []


def _line_of(node: Any, default: int) -> int:
    return node.start_mark.line + 1 if node is not None and hasattr(node, "start_mark") else default


def configured_vetoes(path: Path | None) -> Vetoes:
    """The vetoes of the configured veto file ``path`` (``Config.veto_path``; None: none), every problem
    raised at once (``check_vetoes``), as kgsync.yml's are."""
    vetoes = load_vetoes(path)
    check_vetoes(vetoes)
    return vetoes
