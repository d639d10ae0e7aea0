"""The manifest's first line: what a build reads of it without the items it opens (the hubs, the
acronym map, the topics, the mined terms: ``read_head``), and each of its values checked as ``Manifest`` reads them."""

from __future__ import annotations

import json
from pathlib import Path

from kgsync.contract.model import Facts


MANIFEST_VERSION = 1  # the manifest format this kgsync writes and reads


class NewerManifest(ValueError):
    """A manifest of a later format than this kgsync's: git holds that file, so nothing is restored."""


def read_version(head: dict[str, object]) -> None:
    """Raise unless ``head`` (a manifest file's JSON object) is of the version this kgsync reads."""
    version = head.get("kgsync_manifest")
    if type(version) is int and version > MANIFEST_VERSION:  # not bool: JSON's true == 1 in Python
        raise NewerManifest(f"manifest version {version}, written by a newer kgsync; this kgsync reads "
                            f"version {MANIFEST_VERSION}")
    if type(version) is not int or version != MANIFEST_VERSION:
        raise ValueError(f"unsupported manifest version {version!r}")


def read_head(path: Path) -> dict[str, object] | None:
    """The manifest's head: the JSON object of its first line without the items it opens (read
    alone: the items, one a line after it, run on for megabytes); None when the file is missing or
    unreadable, or that line is no JSON object.  The line is read whole, however long: a large
    corpus's record (hubs, acronyms, topics, terms) must not be dropped for its length."""
    try:
        with path.open("rb") as handle:
            first = handle.readline().decode("utf-8")
        head = json.loads(first.rstrip().removesuffix("{").rstrip().removesuffix('"items":').rstrip().rstrip(",")
                          + "}")
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested too deep
        return None
    return head if isinstance(head, dict) else None


def manifest_acronyms(path: Path) -> tuple[tuple[str, str], ...]:
    """The (acronym, expansion) pairs a manifest records, from its first line only (none when it is
    missing or unreadable): the next build keeps them while an item writes the acronym."""
    head = read_head(path)
    try:
        entries = acronym_entries(head.get("acronyms", [])) if head is not None else ()
    except (ValueError, TypeError):
        return ()
    return tuple(sorted({(short, long) for short, long, _users in entries}))


def manifest_topics(path: Path) -> frozenset[str]:
    """The topics a manifest records, from its first line only (none when it is missing or
    unreadable): the next build keeps them while an item addresses them."""
    topics = (read_head(path) or {}).get("topics", [])
    return frozenset(t for t in topics if isinstance(t, str)) if isinstance(topics, list) else frozenset()


def manifest_terms(path: Path, min_links: int, term_caps: tuple[int, int], key: str = "terms") -> frozenset[str]:
    """The mined terms a manifest records (``Manifest.terms``), from its first line only: the next
    build keeps each while an item links it.  None when it is missing or unreadable, or was written
    under another ``mining.min_links`` or other caps (``term_caps``: caps.concepts, caps.methods):
    a new setting decides every node again.  ``key``: another list recorded with them (``manifest_subjects``)."""
    head = read_head(path) or {}
    terms = head.get(key, [])
    if (head.get("min_links"), head.get("caps")) != (min_links, caps_record(term_caps)) or not isinstance(terms, list):
        return frozenset()
    return frozenset(t for t in terms if isinstance(t, str))


def caps_record(term_caps: tuple[int, int]) -> dict[str, int]:
    """The manifest head's ``"caps"`` of ``Caps.term_slots`` (caps.concepts, caps.methods)."""
    return dict(zip(("concepts", "methods"), term_caps, strict=True))


def manifest_subjects(path: Path, min_links: int, term_caps: tuple[int, int]) -> frozenset[str]:
    """The finding subjects a manifest records (``Manifest.subjects``), as ``manifest_terms``: the
    next build keeps each while one item's findings open with it."""
    return manifest_terms(path, min_links, term_caps, "subjects")


def manifest_themes(path: Path, min_links: int, term_caps: tuple[int, int]) -> frozenset[str]:
    """The themes a manifest records as nodes (``Manifest.themes``), as ``manifest_terms``: with no
    vocabulary of ideas, the next build keeps each while one item writes it (``written_theme_nodes``)."""
    return manifest_terms(path, min_links, term_caps, "themes")


def manifest_merges(path: Path) -> tuple[tuple[str, str], ...]:
    """The near-duplicate merges a manifest records (source name, target name), from its first line
    only (none when it is missing or unreadable): a source left alone keeps its target's name."""
    try:
        return pairs("merges", (read_head(path) or {}).get("merges", []), "[term, term]")
    except ValueError:
        return ()


def manifest_hubs(path: Path) -> frozenset[str] | None:
    """The hubs a manifest records, from its first line only (None when it records none, is
    missing or unreadable: a build then has no hysteresis to apply; the manifest is checked
    when it is read whole)."""
    hubs = (read_head(path) or {}).get("hubs")
    return frozenset(h for h in hubs if isinstance(h, str)) if isinstance(hubs, list) else None


def pairs(key: str, value: object, shape: str) -> tuple[tuple[str, str], ...]:
    """A manifest head list of string pairs, checked (``ValueError`` names the key)."""
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(t, str) for t in p) for p in value):
        raise ValueError(f"{key} must be a list of {shape} pairs")
    return tuple((p[0], p[1]) for p in value)


def acronym_entries(value: object) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The manifest head's acronym map, checked (``ValueError`` names the key)."""
    if not isinstance(value, list) or not all(
            isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and isinstance(e[1], str)
            and isinstance(e[2], list) and all(isinstance(s, str) for s in e[2]) for e in value):
        raise ValueError("acronyms must be a list of [acronym, expansion, [item, ...]] entries")
    return tuple((e[0], e[1], tuple(e[2])) for e in value)


def held_facts(value: object) -> Facts:
    """The manifest head's facts held by hand (``Manifest.held``), checked (``ValueError`` names the key)."""
    if not isinstance(value, dict) or not all(key in ("entities", "observations", "relations") and isinstance(
            facts, list) and all(isinstance(f, list) and len(f) == (3 if key == "relations" else 2)
                                 and all(isinstance(s, str) for s in f) for f in facts) for key, facts in value.items()):
        raise ValueError("held must be an object of entities [name, type], observations [name, text] and relations")
    return Facts.from_json(value)
