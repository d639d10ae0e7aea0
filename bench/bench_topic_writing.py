"""Does how its items write a shared topic tell a generic one from an idea?  Measured, no rule (issue 21, generic186).

    .venv/bin/python bench/bench_topic_writing.py GRAPH FOLDER [FOLDER ...] --labels FILE --population NAME [--list]

GRAPH is a built ``memory.jsonl`` beside its manifest (``memory.kgsync.json``); the topics and hubs of
the manifest are the nodes of the shared-topic and hub routes.  For each, the items that link it
(each read in its own text only, as an item's contribution must be) are read three ways:

* **head**: how often the item writes the topic as a head (its run of words ends with it: the
  test ``attributive.attributive_only`` and fragments173's prefixed-compound rule use) against
  directly before another word ("enterprise AI governance", "query-time inference");
* **subject**: whether the item writes it in its title or its Research Question;
* **complement**: how often "of" or "for" follows it ("the throughput of", "a registry of");
* **frame**: ``vocabulary.topics.framed`` reads a phrase as an adverbial idiom ("at query time") when a
  third of its mentions follow one preposition (``extract.topics._FRAME_WORDS``) in at least 3 items;
  it counts every mention, so the items' "query-time inference" (the phrase before a noun, no thing
  of its own) dilutes "at query time".  ``frame_share`` reads the same over the phrase's *head*
  mentions only, in every item that writes it (the rule reads the items that name it), and the
  variants "frame-heads" (a third, the rule's share) and "frame-heads-majority" (a half) remove a
  topic phrase so framed.

Each way is scored as a rule that removes a node (``VARIANTS``); the node floor is
``mining.min_links`` and ``mining.min_items + 1`` (3), as for fragments173's rule.  Removals are
scored against the labels (``bench/labels/generic186_engineer_topics.tsv``: population, key,
verdict): a generic node removed is right, an idea or a named node removed wrong, ``either``
counts neither way.  The share of ideas and named nodes among the labelled nodes is printed
before and after each variant.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract.phrases import TOKEN_OR_BREAK, is_break  # noqa: E402
from kgsync.extract.topics import _FRAME_WORDS  # noqa: E402

#: The prepositions ``vocabulary.topics.framed`` reads, as text.
FRAME_WORDS = frozenset(word.decode() for word in _FRAME_WORDS)

#: The node floor of a corpus topic with the default mining settings (``vocabulary.topics``).
FLOOR = 3
#: A node whose mentions take "of"/"for" at least this often is read as relational (a measure or a
#: container of whatever the item studies: "the throughput of the queue").
COMPLEMENT_SHARE = 0.10


@dataclass(frozen=True)
class Writing:
    """How one item writes one topic: as a head, before a noun, with "of"/"for" after it, in its title or question."""

    heads: int
    modifiers: int
    complements: int
    subject: bool

    @property
    def mentions(self) -> int:
        return self.heads + self.modifiers


def forms_of(key: str, aliases: Iterable[str]) -> frozenset[str]:
    """The lower-case surfaces of a topic: its key, its aliases that spell the key (hyphens or spaces), with "s"."""
    out: set[str] = set()
    for base in {key, *(a.lower() for a in aliases if a.lower().replace("-", " ") == key.replace("-", " "))}:
        for form in (base, base.replace(" ", "-")):
            out.update({form, form + "s", form + "es"})
    return frozenset(out)


_FRONT_TITLE = re.compile(r'^title:\s*"?(.*?)"?\s*$', re.M)
_QUESTION = re.compile(r"^## Research Question\s*\n(.*?)(?=^## |\Z)", re.M | re.S)


def subject_text(text: str) -> str:
    """An item's title (frontmatter) and Research Question section, lower case."""
    title = _FRONT_TITLE.search(text)
    question = _QUESTION.search(text)
    return ((title.group(1) if title else "") + "\n" + (question.group(1) if question else "")).lower()


def writing(text: str, forms: frozenset[str]) -> Writing:
    """How ``text`` writes any of ``forms`` (``forms_of``)."""
    low = text.lower()
    heads = modifiers = complements = 0
    for form in sorted(forms):
        for match in re.finditer(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])", low):
            end = match.end()
            following = TOKEN_OR_BREAK.search(text, end)
            if following is None or "\n" in text[end:following.start()] or is_break(following.group()):
                heads += 1
            else:
                modifiers += 1
            if re.match(r"\s+(?:of|for)\s", low[end:end + 6]):
                complements += 1
    subject = subject_text(text)
    return Writing(heads, modifiers, complements,
                   any(re.search(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])", subject) for form in forms))


@dataclass(frozen=True)
class Frame:
    """A phrase's commonest preposition before it, over its mentions and over its head mentions."""

    mentions: int
    share: float  # of all mentions, after their commonest preposition (what ``framed`` reads now)
    heads: int
    head_word: str
    head_share: float  # of head mentions, after their commonest preposition
    head_writers: int  # items writing a head mention after that preposition


def frame_share(texts: Mapping[str, str], forms: frozenset[str]) -> Frame:
    """How the items of ``texts`` (slug -> text) frame a phrase (``forms``): see the module doc."""
    every: Counter[str] = Counter()
    by_head: Counter[str] = Counter()
    writers: dict[str, set[str]] = {}
    mentions = heads = 0
    for slug, text in sorted(texts.items()):
        low = text.lower()
        for form in sorted(forms):
            for match in re.finditer(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])", low):
                mentions += 1
                before = re.findall(r"[a-z]+", low[max(0, match.start() - 20):match.start()])
                word = before[-1] if before and before[-1] in FRAME_WORDS else ""
                every[word] += bool(word)
                following = TOKEN_OR_BREAK.search(text, match.end())
                if following is None or "\n" in text[match.end():following.start()] or is_break(following.group()):
                    heads += 1
                    if word:
                        by_head[word] += 1
                        writers.setdefault(word, set()).add(slug)
    top = max(every.values(), default=0)
    head_word, head_top = min(by_head.items(), key=lambda kv: (-kv[1], kv[0]), default=("", 0))
    return Frame(mentions, top / mentions if mentions else 0.0, heads, head_word,
                 head_top / heads if heads else 0.0, len(writers.get(head_word, ())))


def _head_any(ws: Sequence[Writing]) -> bool:
    return sum(w.heads > 0 for w in ws) < FLOOR


def _head_most(ws: Sequence[Writing]) -> bool:
    return sum(w.heads > 0 and w.heads >= w.modifiers for w in ws) < FLOOR


def _no_subject(ws: Sequence[Writing]) -> bool:
    return not any(w.subject for w in ws)


def _complement(ws: Sequence[Writing]) -> bool:
    mentions = sum(w.mentions for w in ws)
    return mentions > 0 and sum(w.complements for w in ws) >= COMPLEMENT_SHARE * mentions


#: Each variant: does it remove the node, given its linking items' writing?
VARIANTS: Mapping[str, Callable[[Sequence[Writing]], bool]] = {
    "head-any (fewer than 3 linkers write it as a head)": _head_any,
    "head-most (fewer than 3 write it mostly as a head)": _head_most,
    "no-subject (no linker's title or question writes it)": _no_subject,
    "complement (>= 10 % of mentions take of/for)": _complement,
}


def topic_nodes(graph: Path) -> dict[str, tuple[str, frozenset[str], tuple[str, ...]]]:
    """Manifest topic or hub key -> (its node, the node's aliases, the items linking it), for the keys that are nodes."""
    manifest = json.loads(graph.with_name("memory.kgsync.json").read_text())
    keys = set(manifest["topics"]) | set(manifest["hubs"])
    aliases: dict[str, set[str]] = {}
    links: dict[str, set[str]] = {}
    for line in graph.read_text().splitlines():
        record = json.loads(line)
        if record["type"] == "entity" and record["entityType"] in ("concept", "method"):
            aliases[record["name"]] = {o[6:] for o in record["observations"] if o.startswith("alias:")}
        elif record["type"] == "relation" and record["from"].startswith("item:"):
            links.setdefault(record["to"], set()).add(record["from"][5:])
    out = {}
    for key in sorted(keys):
        slug = key.replace(" ", "-").replace(".", "-")
        named = [n for n in sorted(aliases) if n.split(":", 1)[1] == slug
                 or any(a.lower().replace("-", " ") == key for a in aliases[n])]
        if named:
            node = named[0]
            out[key] = (node, frozenset(aliases[node]), tuple(sorted(links.get(node, ()))))
    return out


def read_labels(path: Path, population: str) -> dict[str, str]:
    """Key -> verdict, the labels of one population."""
    out = {}
    for line in path.read_text().splitlines():
        parts = line.split("\t")
        if line.startswith("#") or len(parts) < 3 or parts[0] != population:
            continue
        out[parts[1]] = parts[2]
    return out


def good_share(verdicts: Iterable[str]) -> tuple[int, int]:
    """(ideas and named, nodes judged) among labelled verdicts, ``either`` left out."""
    judged = [v for v in verdicts if v != "either"]
    return sum(v in ("idea", "named") for v in judged), len(judged)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--labels", type=Path, required=True)
    parser.add_argument("--population", required=True)
    parser.add_argument("--list", action="store_true", help="print each node's linkers' head:modifier counts")
    args = parser.parse_args(argv)
    texts = {p.stem: p.read_text(encoding="utf-8") for folder in args.folders for p in sorted(folder.glob("*.md"))}
    labels = read_labels(args.labels, args.population)
    nodes = topic_nodes(args.graph)
    writings = {key: [writing(texts.get(slug, ""), forms_of(key, aliases)) for slug in slugs]
                for key, (_node, aliases, slugs) in nodes.items()}
    if args.list:
        for key, ws in writings.items():
            print(f"{nodes[key][0]:50s} {labels.get(key, '?'):8s} " + " ".join(
                f"{w.heads}:{w.modifiers}{'s' if w.subject else ''}" for w in ws))
    good, judged = good_share(labels[k] for k in nodes if k in labels)
    print(f"{args.population}: {len(nodes)} topic and hub nodes, {judged} judged, ideas or named {good}/{judged}")
    for name, removes in VARIANTS.items():
        gone = [key for key, ws in writings.items() if removes(ws)]
        right = [k for k in gone if labels.get(k) == "generic"]
        wrong = [k for k in gone if labels.get(k) in ("idea", "named")]
        after = good_share(labels[k] for k in nodes if k in labels and k not in gone)
        print(f"  {name}: removes {len(gone)}; right {len(right)} {right}; wrong {len(wrong)} {wrong}; "
              f"after {after[0]}/{after[1]}")
    frames = {key: frame_share(texts, forms_of(key, nodes[key][1])) for key in nodes if " " in key}
    for name, share in (("frame-heads (a third)", 1 / 3), ("frame-heads-majority (a half)", 1 / 2)):
        gone = [key for key, f in frames.items()
                if f.head_share >= share and f.head_writers >= FLOOR and not f.share >= 1 / 3]
        right = [k for k in gone if labels.get(k) == "generic"]
        wrong = [k for k in gone if labels.get(k) in ("idea", "named")]
        either = [k for k in gone if labels.get(k) == "either"]
        print(f"  {name}: removes {len(gone)}; right {len(right)} {right}; wrong {len(wrong)} {wrong}; "
              f"either {either}; " + "; ".join(f"{k} {frames[k].head_share:.2f} '{frames[k].head_word}' of "
                                                f"{frames[k].heads} heads" for k in gone))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
