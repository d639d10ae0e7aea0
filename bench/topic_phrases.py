"""List the phrases (2-3 words), acronyms and words WordNet does not list that >= a share of the items name.

Evaluation only (issue 21, topics13), never used by the build: the candidates a reader labels as
research topics or not (``bench/labels/topics13_engineer_*.tsv``) before any rule is run on them.
Whole words, case-insensitive, hyphens as spaces, each word singular (``canonical.singular``); the
text after the frontmatter, URLs cut.  A phrase starting or ending with a stopword, or holding a
number, is not listed; an acronym is a token written in capitals (2-6 letters, an optional plural
"s") in at least half its mentions.

    python bench/topic_phrases.py DIR [--share 0.10] [--wordnet /usr/share/wordnet]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from kgsync.extract.canonical import singular
from kgsync.extract.lexicon import STOPWORDS

_URL = re.compile(r"https?://\S+|\]\([^)]*\)")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9'’]*")
_BREAK = re.compile(r"[.,;:!?()\[\]{}|\"“”*#>`_=/\\\n]+")


def body(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if text.startswith("---"):
        end = text.find("\n---", 3)
        text = text[end + 4 :] if end > 0 else text
    return _URL.sub(" ", text)


def wordnet_lemmas(root: Path) -> set[str]:
    out: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (root / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                out.add(line.split(" ", 1)[0])
    return out


def scan(text: str) -> tuple[set[str], Counter[str], Counter[str], set[str]]:
    phrases: set[str] = set()
    caps: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    words: set[str] = set()
    for chunk in _BREAK.split(text):
        raw = [t.rstrip("'’") for t in _TOKEN.findall(chunk.replace("-", " "))]
        keys = [singular(t.lower()) for t in raw]
        for t, k in zip(raw, keys):
            words.add(k)
            if re.fullmatch(r"[A-Z]{2,6}s?", t):
                caps[k] += 1
            else:
                lower[k] += 1
        for n in (2, 3):
            for i in range(len(keys) - n + 1):
                gram = keys[i : i + n]
                if gram[0] in STOPWORDS or gram[-1] in STOPWORDS or any(any(c.isdigit() for c in g) for g in gram):
                    continue
                if any(len(g) < 2 for g in gram):
                    continue
                phrases.add(" ".join(gram))
    return phrases, caps, lower, words


def _inflected(key: str, lemmas: set[str]) -> bool:
    """Is ``key`` a WordNet lemma or an inflection of one ("restated", "strongest", "agent's")?"""
    if key in lemmas or key.endswith(("'s", "’s")) or key.endswith("ly") and key[:-2] in lemmas:
        return True
    for end in ("ed", "ing", "er", "est", "d", "r", "st", "e"):
        stem = key[: -len(end)] if key.endswith(end) else None
        if stem and (stem in lemmas or stem + "e" in lemmas or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in lemmas)
                     or stem.endswith("i") and stem[:-1] + "y" in lemmas):
            return True
    return False


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", type=Path)
    ap.add_argument("--share", type=float, default=0.10)
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = ap.parse_args()
    items = sorted(p for p in args.dir.glob("*.md") if p.name != "README.md")
    phrase_n: Counter[str] = Counter()
    word_n: Counter[str] = Counter()
    caps: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for path in items:
        ph, c, lo, ws = scan(body(path))
        phrase_n.update(ph)
        word_n.update(ws)
        caps.update(c)
        lower.update(lo)
    need = args.share * len(items)
    lemmas = wordnet_lemmas(args.wordnet)
    rows: dict[str, tuple[str, int]] = {}
    for key, n in phrase_n.items():
        if n >= need:
            rows[key] = ("phrase", n)
    for key, n in word_n.items():
        if n < need or key in STOPWORDS:
            continue
        if caps[key] and caps[key] >= lower[key]:
            rows[key] = ("acronym", n)
        elif len(key) > 2 and not _inflected(key, lemmas):
            rows[key] = ("not-in-wordnet", n)
    print(f"# {len(items)} items, share {args.share}: at least {need:.1f} items")
    for key, (kind, n) in sorted(rows.items(), key=lambda kv: (-kv[1][1], kv[0])):
        print(f"{key}\t{kind}\t{n}")


if __name__ == "__main__":
    main()
