"""Convention files an item names: a file name in capitals ("AGENTS.md", "SKILL.md"), the per-file half.

A file name in capitals is a convention's (the capitals are the convention's, not an acronym's:
``phrases.FILE_NAME_PATTERN`` makes it a break for mining), and a convention many items study is a
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

from kgsync.extract.phrases import FILE_NAME_PATTERN

_FILE = re.compile(FILE_NAME_PATTERN)
#: The extension a file name ends with, led by its full stop: a literal the regex engine skips to
#: in C, where ``_FILE``, led by a word boundary and a capital, is tried at every capital.
_EXTENSION = re.compile(r"\.(?:md|markdown|ya?ml|json|jsonl|toml|txt|py|js|ts|sh|cfg|ini)\b")
#: What ``FILE_NAME_PATTERN`` allows right before the extension's full stop.
_BEFORE_EXTENSION = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def file_mentions(text: str, dense: str) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each file name in capitals ``text``
    writes, by key."""
    counts = Counter(_file_names(text))
    if not counts:
        return ()
    concluded = counts if dense is text else Counter(_file_names(dense))  # the same text: read once
    out: dict[str, tuple[int, int]] = {}
    for form, n in counts.items():
        key = form.lower()
        total, where = out.get(key, (0, 0))
        out[key] = (total + n, where + concluded[form])
    return tuple(sorted((key, n, d) for key, (n, d) in out.items()))


def _file_names(text: str) -> list[str]:
    """``_FILE.findall(text)``, read on the lines only where an extension follows a capital or a
    digit: every match ends so (its last segment is capitals and digits) and none spans a line (no
    part of ``FILE_NAME_PATTERN`` matches a line break, which is no word character, as the text's ends
    are not for ``\\b``), so the lines' matches, in order, are the text's.  Most items write a file
    name in capitals on no line at all (an item's own files are in lower case)."""
    lines: list[tuple[int, int]] = []
    for hit in _EXTENSION.finditer(text):
        at = hit.start()
        if at and text[at - 1] in _BEFORE_EXTENSION and not (lines and at < lines[-1][1]):
            lines.append((text.rfind("\n", 0, at) + 1, len(text) if (end := text.find("\n", at)) < 0 else end))
    return [name for start, end in lines for name in _FILE.findall(text, start, end)]


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
