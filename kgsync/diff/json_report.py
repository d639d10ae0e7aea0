"""The diff as a stable machine-readable report (``kgsync diff --format json``, the PR flow's artefact)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from kgsync.contract.errors import printable_json
from kgsync.contract.model import Entity, Facts, Relation
from kgsync.diff.claim_changes import ClaimChange, changed_claims
from kgsync.diff.finding_order import finding_record, severity_of
from kgsync.diff.model import EntityChange, GraphDiff, ItemRename

JSON_VERSION = 1


def _entity_record(e: Entity) -> dict[str, Any]:
    return {"name": e.name, "entity_type": e.entity_type, "observations": list(e.observations)}


def _relation_record(r: Relation) -> dict[str, str]:
    return {"from": r.source, "to": r.target, "relation_type": r.relation_type}


def _change_record(c: EntityChange) -> dict[str, Any]:
    return {
        "name": c.name,
        "entity_type": c.entity_type,
        "observations_added": list(c.observations_added),
        "observations_removed": list(c.observations_removed),
        "type_changed": {"from": c.type_changed[0], "to": c.type_changed[1]} if c.type_changed else None,
        "reordered": c.reordered,
    }


def to_dict(d: GraphDiff, hand_new: Facts | None = None, hand_old: Facts | None = None) -> dict[str, Any]:
    """``hand_new``, ``hand_old``: the facts of the new and old graph no build wrote, by the manifest beside
    each (``graph.hand_added.hand_added``; None: no manifest there): the changes ``by_hand`` lists."""
    return {
        "version": JSON_VERSION,
        "is_empty": d.is_empty,
        "counts": {
            "entities": {
                c.entity_type: {"added": c.added, "removed": c.removed, "changed": c.changed} for c in d.counts
            },
            "relations": {t: {"added": a, "removed": r} for t, (a, r) in d.relation_counts().items()},
            "findings": dict(sorted(Counter(severity_of(f) for f in d.findings).items())),
        },
        "entities": {
            "added": [_entity_record(e) for e in d.added],
            "removed": [_entity_record(e) for e in d.removed],
            "changed": [_change_record(c) for c in d.changed],
        },
        "relations": {
            "added": [_relation_record(r) for r in d.relations_added],
            "removed": [_relation_record(r) for r in d.relations_removed],
        },
        # Items refer to entities by name and relations in full; details are above.
        "items": [
            {
                "slug": i.slug,
                "title": i.title,
                "added": [e.name for e in i.added],
                "removed": [e.name for e in i.removed],
                "changed": [c.name for c in i.changed],
                "relations_added": [_relation_record(r) for r in i.relations_added],
                "relations_removed": [_relation_record(r) for r in i.relations_removed],
            }
            for i in d.items
        ],
        "findings": [finding_record(f, d.is_new(f)) for f in d.findings],
        "near_duplicates": [list(p) for p in d.near_duplicates],
        # The proposed pairs the same items address (``kin.same_items``): the evidence beside each.
        "near_duplicate_items": [{"pair": [a, b], "both": both, "counts": [first, second]}
                                 for a, b, both, first, second in d.same_items],
        # The claims that kept their name through a rewording or re-rating (the PR body's
        # "Changed claims"): the statement before and after, its word diff, the confidence change.
        "changed_claims": [_claim_change_record(c) for c in changed_claims(d)],
        # Items whose file moved to a new slug (the PR body's "renamed from ... to ..."): why they are
        # one, their claims paired, and what is left on the old nodes (``kgsync.diff.renames``).
        "renames": [_rename_record(r) for r in d.renames],
        # The changes the manifests credit no build with (the PR body's "Changes by hand"), also listed
        # above with the rest; null when neither graph has a manifest beside it (nothing told apart).
        "by_hand": _by_hand(d, hand_new, hand_old) if hand_new is not None or hand_old is not None else None,
    }


def _by_hand(d: GraphDiff, new: Facts | None, old: Facts | None) -> dict[str, Any]:
    """The added changes ``new`` holds and the removed ones ``old`` holds (``publish.pr.hand_made`` splits them off)."""
    added, removed = new or Facts(), old or Facts()
    entities = set(added.entities), set(removed.entities)
    observations = set(added.observations), set(removed.observations)
    relations = set(added.relations), set(removed.relations)
    return {
        "entities": {"added": [e.name for e in d.added if (e.name, e.entity_type) in entities[0]],
                     "removed": [e.name for e in d.removed if (e.name, e.entity_type) in entities[1]]},
        "observations": {
            "added": [{"name": c.name, "observation": o} for c in d.changed for o in c.observations_added
                      if (c.name, o) in observations[0]],
            "removed": [{"name": c.name, "observation": o} for c in d.changed for o in c.observations_removed
                        if (c.name, o) in observations[1]]},
        "relations": {"added": [_relation_record(r) for r in d.relations_added if r in relations[0]],
                      "removed": [_relation_record(r) for r in d.relations_removed if r in relations[1]]},
    }


def _rename_record(r: ItemRename) -> dict[str, Any]:
    return {
        "from": f"item:{r.old}",
        "to": f"item:{r.new}",
        "rule": r.rule,
        "claims": [list(pair) for pair in r.claims],
        "left": list(r.left),
        "left_relations": [_relation_record(rel) for rel in r.left_relations],
    }


def _claim_change_record(c: ClaimChange) -> dict[str, Any]:
    return {
        "name": c.name,
        "old_statement": c.old_statement,
        "new_statement": c.new_statement,
        "words": [list(run) for run in c.words],
        "confidence": {"from": c.confidence[0], "to": c.confidence[1]} if c.confidence else None,
    }


def to_json(d: GraphDiff, hand_new: Facts | None = None, hand_old: Facts | None = None) -> str:
    """Stable machine-readable report: sorted keys, indent 2, UTF-8 kept (but bidi and C1 controls, as
    ``\\u`` escapes: the report is printed to a terminal), trailing newline.  ``hand_*``: as ``to_dict``."""
    return printable_json(json.dumps(to_dict(d, hand_new, hand_old), indent=2, sort_keys=True, ensure_ascii=False)) + "\n"
