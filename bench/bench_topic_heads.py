"""Do the items' own texts tell a topic word they study as one thing from a head they write as different things?

    .venv/bin/python bench/bench_topic_heads.py FOLDER [FOLDER ...] [--labels FILE]

A single-word topic (``kgsync.vocabulary.topics``) is one of WordNet's one-sense nouns or a derived
noun; WordNet gives ``registry`` and ``throughput`` one sense as it gives ``guardrail`` and
``provenance``, yet readers judged the first two generic: the items write different registries
("invariant registry", "waiver registry", "model registry") and different throughputs (a team's
delivery, a queue's, a model service's).  For each labelled word (default
``bench/labels/senses108_engineer_research.tsv``: idea / generic) this prints, over the items that
address it (``extract.topic_links.item_topics``), signals read from those items alone:

* ``dominated``: the share of them whose title, question, summary and findings write it mostly (more
  than half of those mentions) inside one two-word term they mine ending with it ("invariant
  registry"): what ``select_topics`` could read from the candidates it has, no new per-item data;
* ``mined``: the share that mine any such two-word term; ``shared``: how many such terms two of them mine;
* ``bare``: the share of its mentions in the whole texts with no content word before it (a
  stopword, a clause mark or nothing: ``lexicon.STOPWORDS``); ``whole_dom``: the share of them
  whose whole text writes it mostly after one and the same content word;
* ``context``: the mean share of an item's content words within four words of it that another of
  them also writes near it (items that study one thing write it in the same company);
* ``stated``: the share that name it in their title, question or summary.

A signal works when every generic word is on one side of a threshold and every idea on the other.
Not a test: it prints figures (issue 21 part 2, senses108).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_topic_gate import texts  # noqa: E402

from kgsync.extract import lexicon, mining  # noqa: E402
from kgsync.extract.mining import ItemCandidates  # noqa: E402
from kgsync.extract.topic_links import item_topics  # noqa: E402
from kgsync.extract.topics import topic_tokens  # noqa: E402
from kgsync.read.items import ResearchItem, find_item_files, read_items  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "senses108_engineer_research.tsv"
#: words either side of a mention read as its company (``context``)
WINDOW = 4


def read_labels(path: Path) -> dict[str, str]:
    """Word -> verdict, from a label file's ``word``/``verdict`` columns (``#`` lines are its header)."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return {row[0]: row[1] for row in rows[1:]}


def forms(word: str) -> frozenset[bytes]:
    """The word and its regular plurals, as ``topic_tokens`` cuts them."""
    return frozenset(f.encode() for f in (word, word + "s", word + "es", word[:-1] + "ies"))


def content(token: bytes) -> str | None:
    """A token that is a content word (letters, not a stopword), else None."""
    text = token.decode("utf-8", "replace")
    return text if text.isalpha() and text not in lexicon.STOPWORDS else None


def dominated(cands: ItemCandidates, word: str) -> tuple[bool, list[str]]:
    """Does the item's concluding text write ``word`` mostly inside one mined two-word term ending with
    it, and which such terms does it mine?"""
    dense = {row[0]: row[2] for row in cands.topic_words}.get(word, 0)
    terms = [(c.key, sum(n for _surface, n in c.surfaces)) for c in cands.terms
             if c.key.count(" ") == 1 and c.key.endswith(" " + word)]
    top = max((n for _key, n in terms), default=0)
    return bool(dense) and 2 * top > dense, [key for key, _n in terms]


def whole_text(tokens: list[bytes], word: str) -> tuple[Counter[str], set[str]]:
    """The content word before each mention (``""``: none) and the content words near them."""
    own = forms(word)
    before: Counter[str] = Counter()
    near: set[str] = set()
    for i, token in enumerate(tokens):
        if token not in own:
            continue
        before[(content(tokens[i - 1]) if i else None) or ""] += 1
        for other in tokens[max(0, i - WINDOW):i] + tokens[i + 1:i + 1 + WINDOW]:
            found = content(other)
            if found is not None and len(found) > 2 and other not in own:
                near.add(found)
    return before, near


def signals(word: str, items: list[tuple[ResearchItem, ItemCandidates]]) -> dict[str, float]:
    """The signals of the module doc for one word over the items that address it."""
    addressers = [(item, cands) for item, cands in items if word in item_topics(cands)[1]]
    n = len(addressers)
    dominant = mined = whole_dominant = stated = 0
    compounds: Counter[str] = Counter()
    mentions = bare = 0
    company: list[set[str]] = []
    for item, cands in addressers:
        is_dominated, terms = dominated(cands, word)
        dominant += is_dominated
        mined += bool(terms)
        compounds.update(terms)
        stated += bool({row[0]: row[3] for row in cands.topic_words}.get(word, 0))
        before, near = whole_text(topic_tokens(texts(item)[0]), word)
        total = sum(before.values())
        mentions += total
        bare += before[""]
        top = max((count for key, count in before.items() if key), default=0)
        whole_dominant += 2 * top > total
        company.append(near)
    shares = [len(near & set().union(*(other for j, other in enumerate(company) if j != i))) / len(near)
              for i, near in enumerate(company) if near]
    return {"items": n, "dominated": dominant / n, "mined": mined / n,
            "shared": sum(1 for count in compounds.values() if count >= 2), "bare": bare / max(1, mentions),
            "whole_dom": whole_dominant / n, "context": statistics.mean(shares) if shares else 0.0,
            "stated": stated / n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--labels", type=Path, default=LABELS)
    args = parser.parse_args()
    labels = read_labels(args.labels)
    paths = [p for folder in args.folders for p in find_item_files(str(folder / "*.md"))]
    items = [(item, mining.candidates(item)) for item in sorted(read_items(paths).items, key=lambda i: i.slug)]
    names = ["items", "dominated", "mined", "shared", "bare", "whole_dom", "context", "stated"]
    print("word\tverdict\t" + "\t".join(names))
    table = {}
    for word, verdict in sorted(labels.items(), key=lambda row: (row[1], row[0])):
        found = signals(word, items)
        if not found["items"]:
            continue
        table[word] = (verdict, found)
        print(f"{word}\t{verdict}\t" + "\t".join(f"{found[name]:.2f}" if isinstance(found[name], float)
                                                   else str(found[name]) for name in names))
    print()
    for name in names[1:]:
        generic = [found[name] for verdict, found in table.values() if verdict == "generic"]
        ideas = [found[name] for verdict, found in table.values() if verdict == "idea"]
        if not generic or not ideas:
            continue
        # the gap between the two sides (negative: they overlap), in the signal's own units
        gap = max(min(generic) - max(ideas), min(ideas) - max(generic))
        print(f"{name}: generic {min(generic):.3f}-{max(generic):.3f}, ideas {min(ideas):.3f}-{max(ideas):.3f}: "
              f"{'separates' if gap > 0 else 'does not separate'} (gap {gap:+.3f})")


if __name__ == "__main__":
    main()
