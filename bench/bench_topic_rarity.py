"""Does general English's rarity of a noun separate the single-word topics readers miss from generic words?

    apt-get install wordnet-base
    .venv/bin/python bench/bench_topic_rarity.py FOLDER [FOLDER ...] [--wordnet /usr/share/wordnet]
        [--tags N] [--glosses N] [--senses N] [--not-lexnames LEX,...] [--listed WORD,...] [--all]

A topic word today is a noun WordNet gives one sense and that none of its glosses writes
(``wordnet.is_rare``).  Readers of the graph list single words many items discuss with no node
("telemetry", "accountability", "privacy", "productivity"...: ``--listed``, by default those of
``bench/labels/reading_topics_2026-12-02_fifth.txt``).  This bench asks whether a softer reading of
rarity lets them in and keeps generic words out: how often general English uses the noun, read
from WordNet's database as two counts,

* ``tags``: SemCor's sense-tag counts of the lemma over all its senses and parts of speech
  (``cntlist.rev``, ~230,000 tagged words of the Brown corpus), and
* ``glosses``: how many times WordNet's glosses (definitions and examples, ~1.4 million words of
  plain English) write it, singular and plural.

Every single lower-case WordNet noun that is no topic word yet, no verb, adjective or adverb and
not named (spelled in lower case in each synset) is made a topic word for the run (the extraction
itself, ``extract.topics``, with ``wordnet.rare_words`` widened), each FOLDER's items are mined,
and the words that pass the topic shares (named by ``TOPIC_SHARE``, addressed by
``ADDRESS_SHARE``, no hub) are printed with both counts, their sense count and first sense's
lexicographer file.  The *rarity rule* (``--tags``, ``--glosses``, ``--senses``) keeps those at or
under each limit, and whose first sense is in none of ``--not-lexnames`` (``rare``'s own
exclusions: ``noun.act,noun.person,noun.time,noun.group,noun.feeling,noun.quantity,noun.Tops``):
the words it would add, and which listed words it covers.  Not a test: it prints figures.
Several FOLDERs are read as one corpus.

Measured (2026-12-02, CHANGELOG): it separates nothing.  The generic words of this corpus are
its register's, which general English hardly uses either ("deployment", "template", "vendor",
"tracking": untagged, glossed at most five times), while several listed topics are everyday
English ("privacy": glossed 24 times, "productivity": 13 tags), as frequent as the generic
"accuracy" or "complexity".  Every limit that admits a listed word admits generic ones with it.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract import mining, topics, wordnet  # noqa: E402
from kgsync.extract.canonical import word_key  # noqa: E402
from kgsync.read.config import Mining  # noqa: E402
from kgsync.read.items import read_items  # noqa: E402
from kgsync.vocabulary.choice import is_hub  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

LISTED = ("telemetry,accountability,auditability,transparency,explainability,privacy,productivity,orchestration,"
          "escalation,drift,summarisation,lineage,incentive,invariant,versioning")
LEXNAMES = ("adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
            "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
            "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
            "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time").split()


def read_wordnet(folder: Path) -> tuple[dict[str, tuple[int, str]], set[str], Counter[str], Counter[str]]:
    """(noun -> (senses, first sense's lexicographer file), nouns spelled with a capital somewhere or
    listed in another part of speech, SemCor tags per lemma, gloss mentions per word)."""
    lexname, spelled_up = {}, set()
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        lexname[fields[0]] = LEXNAMES[int(fields[1])]
        for i in range(int(fields[3], 16)):
            word = fields[4 + 2 * i].split("(")[0]
            if not word.islower():
                spelled_up.add(word.lower())
    nouns = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if not line.startswith(" "):
            fields = line.split()
            offsets = fields[4 + int(fields[3]) + 2:]
            nouns[fields[0]] = (len(offsets), lexname[offsets[0]])
    excluded = set(spelled_up)
    for name in ("index.verb", "index.adj", "index.adv"):
        excluded |= {line.split()[0] for line in (folder / name).read_text(encoding="latin-1").splitlines()
                     if not line.startswith(" ")}
    tags: Counter[str] = Counter()
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        sense_key, _number, count = line.split()
        tags[sense_key.split("%")[0].lower()] += int(count)
    glosses: Counter[str] = Counter()
    for name in ("data.noun", "data.verb", "data.adj", "data.adv"):
        for line in (folder / name).read_text(encoding="latin-1").splitlines():
            if not line.startswith(" ") and " | " in line:
                glosses.update(re.findall(r"[a-z]+(?:-[a-z]+)*", line.partition(" | ")[2].lower()))
    return nouns, excluded, tags, glosses


def rarity(word: str, nouns: dict[str, tuple[int, str]], tags: Counter[str], glosses: Counter[str]
           ) -> tuple[int, int, int]:
    """(SemCor tags, gloss mentions singular and plural, WordNet senses) of a noun."""
    return tags[word], glosses[word] + glosses[word + "s"], nouns[word][0]


def rarity_rule(words: list[str], nouns: dict[str, tuple[int, str]], tags: Counter[str], glosses: Counter[str],
                limits: tuple[int, int, int], left_out: frozenset[str] = frozenset()) -> list[str]:
    """The ``words`` at or under each limit of (tags, glosses, senses), whose first sense's
    lexicographer file is none of ``left_out``."""
    return [w for w in words if nouns[w][1] not in left_out
            and all(c <= limit for c, limit in zip(rarity(w, nouns, tags, glosses), limits))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--tags", type=int, default=5, help="the rule's most SemCor tags")
    parser.add_argument("--glosses", type=int, default=5, help="the rule's most gloss mentions")
    parser.add_argument("--senses", type=int, default=1, help="the rule's most WordNet senses")
    parser.add_argument("--not-lexnames", default="", help="first senses the rule leaves out, comma-separated")
    parser.add_argument("--listed", default=LISTED, help="the words readers list, comma-separated")
    parser.add_argument("--all", action="store_true", help="print every word that passes the shares")
    args = parser.parse_args()
    nouns, excluded, tags, glosses = read_wordnet(args.wordnet)
    known = wordnet.rare_words() | wordnet.derived_words()[0] | wordnet.derived_words()[1]
    extra = frozenset(w for w in nouns if w.isalpha() and w.islower() and w not in excluded
                      and word_key(w) == w and w not in known)
    widened = wordnet.rare_words() | extra
    wordnet.rare_words = lambda: widened  # type: ignore[assignment]  # the run's topic words, before the first scan
    paths = sorted(p for folder in args.folders for p in folder.glob("*.md"))
    items = read_items(paths).items
    named: Counter[str] = Counter()
    addressed: Counter[str] = Counter()
    for item in items:
        for key, n, dense, _stated in mining.candidates(item).topic_words:
            if key in extra:
                named[key] += 1
                addressed[key] += topics.addresses(n, dense)
    n_items = len(items)
    enter_named = math.ceil(TOPIC_SHARE * n_items)
    config = Mining()
    enter_addressed = max(config.min_links, config.min_items + 1, math.ceil(ADDRESS_SHARE * n_items))
    passing = sorted(w for w in named if named[w] >= enter_named and addressed[w] >= enter_addressed
                     and not is_hub(w, addressed[w], n_items, config, None))

    def counts(w: str) -> tuple[int, int, int]:
        return rarity(w, nouns, tags, glosses)

    left_out = frozenset(filter(None, args.not_lexnames.split(",")))
    rule = rarity_rule(passing, nouns, tags, glosses, (args.tags, args.glosses, args.senses), left_out)
    print(f"{n_items} items; a topic enters named by {enter_named}, addressed by {enter_addressed}; "
          f"{len(extra)} WordNet nouns widened; {len(passing)} pass the shares")
    for w in passing if args.all else rule:
        t, g, s = counts(w)
        print(f"  {w:18} named {named[w]:3} addressed {addressed[w]:3} tags {t:4} glosses {g:4} senses {s} "
              f"{nouns[w][1]}")
    print(f"rule tags <= {args.tags}, glosses <= {args.glosses}, senses <= {args.senses}"
          f"{', first sense not ' + args.not_lexnames if left_out else ''}: adds {len(rule)}: "
          + ", ".join(rule))
    listed = [w.strip() for w in args.listed.split(",") if w.strip()]
    covered = [w for w in listed if w in rule]
    print(f"covers {len(covered)} of {len(listed)} listed: {', '.join(covered) or '-'}")
    for w in listed:
        if w not in rule:
            why = ("not a WordNet noun" if w not in nouns else "a topic word already" if w in known
                   else "a verb, modifier or name too" if w not in extra
                   else f"named {named[w]}, addressed {addressed[w]}" if w not in passing
                   else "tags {}, glosses {}, senses {}, {}".format(*counts(w), nouns[w][1]))
            print(f"  {w:15} not covered: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
