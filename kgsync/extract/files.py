"""Convention files an item names: a file name in capitals ("AGENTS.md", "SKILL.md"), the per-file half.

A file name in capitals is a convention's (the capitals are the convention's, not an acronym's:
``phrases._FILE_NAME`` makes it a break for mining), and a convention many items study is a
standard, which is a concept (README, "What is a concept, decided"): agents read `AGENTS.md`,
skills are packaged as `SKILL.md`.  Mining never takes one, so each item records the file names
it writes, with their mentions over its whole text and where it concludes, in its
``topic_words``; the corpus decides which are topics (``kgsync.vocabulary.topics``), as for a
name: named by 10 % of the items and addressed (three mentions, one where the item concludes) by
the node floor.  Its key is the file name in lower case ("agents.md": no other topic key holds a
full stop), its node ``concept:agents-md``, its label the name as the convention writes it.
"""

from __future__ import annotations

import re
from collections import Counter

from kgsync.extract.phrases import _FILE_NAME

_FILE = re.compile(_FILE_NAME)


def file_mentions(text: str, dense: str) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each file name in capitals ``text``
    writes, by key."""
    counts = Counter(_FILE.findall(text))
    if not counts:
        return ()
    concluded = Counter(_FILE.findall(dense))
    out: dict[str, tuple[int, int]] = {}
    for form, n in counts.items():
        key = form.lower()
        total, where = out.get(key, (0, 0))
        out[key] = (total + n, where + concluded[form])
    return tuple(sorted((key, n, d) for key, (n, d) in out.items()))


def is_file_key(key: str) -> bool:
    """Is a topic key a file name's ("agents.md")?"""
    return "." in key and " " not in key


def label(key: str) -> str:
    """A file name as the convention writes it: its stem in capitals ("AGENTS.md")."""
    stem, _dot, extension = key.rpartition(".")
    return f"{stem.upper()}.{extension}"


def node_name(key: str) -> str:
    """A file topic's term name: the full stop a hyphen, as in a slug ("agents-md")."""
    return key.replace(".", "-")
