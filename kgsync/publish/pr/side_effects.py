"""Why each side effect happened and the fix a maintainer can apply, for every kind the body reports.

A side effect is a change to an item nobody touched (or a re-judged claim, a lost node) that a
merge brings.  A reviewer who sees one must learn, in the body, why it moved and what to edit if
it should not have: "1 linking item left (min 2); pin it in kgsync-vocab.yml to keep it".  Every
kind is listed here, once (SideEffect and vocab_events.EventKind), and
tests/publish/pr/test_side_effects.py walks them all: a kind without a reason or a fix fails it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from kgsync.diff.vocab_events import EventKind, VocabularyEvent
from kgsync.vocabulary.groups import facet_head

VOCABULARY_FILE = "kgsync-vocab.yml"
VETO_FILE = "kgsync-veto.yml"  # kgsync.read.config.VETO_FILE (publish reads no file itself)
CONFIG_FILE = "kgsync.yml"


@dataclass(frozen=True)
class Explanation:
    reason: str  # why it happened, in the reviewer's terms
    fix: str  # what a maintainer edits to undo or keep it ("nothing to fix: ..." says why none is needed)
    #: Where the fix is made, ("path:line", what is there), listed under it.
    places: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return f"{self.reason}; {self.fix}"


class SideEffect(StrEnum):
    """The side effects no vocabulary event names (those are EventKind)."""

    LOST_ALL_LINKERS = "every item linking a node was removed"
    LOST_BELOW_MIN_LINKS = "a node has fewer linking items than mining.min_links"
    LOST_OVER_CAPS = "items name a node but none links it within its caps"
    LOST_UNNAMED = "no item names a node the base build wrote any more"
    TERM_RENAMED = "every relation of a concept or method moved to a node that keeps its name as an alias"
    TERM_RETYPED = "every relation of a concept or method moved to its name of the other type"
    THEME_TAG_ONLY = "a theme's node left the build's theme nodes: its vocabulary entry names no one idea"
    GAINED_MIN_LINKS = "a node reached mining.min_links linking items"
    RENAMED = "an item's file was renamed: a new slug"
    LINKED_ITEM_REMOVED = "an item it extends or cites was removed"
    LINKED_ITEM_RENAMED = "an item it extends or cites was renamed (a new slug)"
    RE_JUDGED = "a merged item contradicts or supersedes another item's claims"
    SHARED_NODE_OWNERS = "a shared node gained or lost a linking item"
    CITED_FINDING = "another item's evidence link cites a finding past the item's claim cap"
    THROUGH_MERGED_NODE = "an item links a node a merged item created, changed or removed"
    NO_ITEM = "a change no research item's build explains"
    BY_HAND = "a fact the manifest credits no item's build with"
    LANDED = "a fact written into the base graph by hand since the last build"
    NOTHING_MERGED = "an item's nodes changed and no item was merged"
    CONTESTED = "a claim is now contested"
    SUPERSEDED = "an item is now superseded"
    DANGLING_CITE = "an item names an item that is not there"
    VETOED = "a reviewer vetoed an evidence link in the veto file"
    LINT = "the new graph breaks a contract rule"


def explain(kind: SideEffect, subject: str = "", count: int = 0, minimum: int = 0,
            vocabulary_file: str = VOCABULARY_FILE) -> Explanation:
    """The reason and the fix for one side effect; subject a node or item, count and
    minimum the linking items left and mining.min_links (the lost-node kinds)."""
    pin = f"pin it in {vocabulary_file} to keep it"
    if kind is SideEffect.LOST_ALL_LINKERS:
        return Explanation(f"every item linking it was removed ({count})", pin)
    if kind is SideEffect.LOST_BELOW_MIN_LINKS:
        return Explanation(f"{count} linking item{'' if count == 1 else 's'} left (min {minimum})", pin)
    if kind is SideEffect.LOST_OVER_CAPS:
        return Explanation(f"{count} items name it, none links it within its caps any more", pin)
    if kind is SideEffect.LOST_UNNAMED:
        return Explanation("no item names it any more (a node stays while one item links it)",
                           "nothing to fix, unless an edit dropped it by mistake: name it in an item again")
    if kind is SideEffect.TERM_RENAMED:
        return Explanation(f"every relation of it moved to {subject}, which keeps its name as an alias: a rename, "
                           "nothing lost (a build names the idea so now: another kgsync version or vocabulary)",
                           "nothing to fix")
    if kind is SideEffect.TERM_RETYPED:
        now = subject.split(":", 1)
        was = "concept" if now[0] == "method" else "method"
        return Explanation(f"every relation of it moved to {subject}, its name as a {now[0]}: its type is read from "
                           "how the items write it (kgsync.vocabulary.node_kinds), or another kgsync version "
                           "typed it so", f"to fix its type whatever items come and go, write {now[-1]}: "
                           f"{{kind: {was}}} (or {now[0]}) under terms: in {vocabulary_file}")
    if kind is SideEffect.THEME_TAG_ONLY and not subject:
        # No theme vocabulary (its file is the subject): the items decide (``graph.assemble.written_theme_nodes``).
        # Short enough that Needs attention's note (reason; fix) keeps the fix within its 240 characters.
        return Explanation("with no theme vocabulary, a theme is a node while items that carry it write it "
                           "(mining.min_links, then one): none left does",
                           "to keep it, list it in a theme vocabulary whose Scope names it one idea "
                           f"({CONFIG_FILE}: themes_vocabulary)")
    if kind is SideEffect.THEME_TAG_ONLY:
        return Explanation("a theme that is a tag only now: no Scope phrase writes its slug as one idea",
                           f"to keep its node, write the slug's words as one Scope phrase in {subject}")
    if kind is SideEffect.GAINED_MIN_LINKS:
        return Explanation(f"a merged item links it too: {count} linking items now (min {minimum}), so it is a node",
                           f"to keep it out, add it to stoplist: in {vocabulary_file}")
    if kind is SideEffect.RENAMED:
        return Explanation("its file was renamed (a new slug, the same research: kgsync.diff.renames): the claims and "
                           "links it carries over are read under the new item, above; what is left here the rename "
                           "does not explain", "nothing to fix, unless facts added by hand are left on its nodes "
                           "(Needs attention): move them to the new nodes")
    if kind is SideEffect.LINKED_ITEM_REMOVED:
        return Explanation("the item it extends or cites was removed, and its link with it",
                           f"correct the slug, or drop it, where an item names it ({count} "
                           f"{'place' if count == 1 else 'places'}):" if count else
                           "correct the slug where the item names it (its cites:, supersedes: or a link in its "
                           "text), or drop it (a dangling cite is in Needs attention)")
    if kind is SideEffect.LINKED_ITEM_RENAMED:  # ``subject``: the new slug
        return Explanation("the item it extends or cites was renamed (its file moved: a new slug), and its link "
                           "went with the old slug",
                           f"write {subject} where an item names the old slug ({count} "
                           f"{'place' if count == 1 else 'places'}):" if count else
                           f"write {subject} where the item names the old slug (its cites:, supersedes: or a link "
                           "in its text)")
    if kind is SideEffect.RE_JUDGED:
        return Explanation("a merged item contradicts or supersedes its claims (see the evidence links)",
                           f"if a link is wrong, veto its two claims in {VETO_FILE}")
    if kind is SideEffect.SHARED_NODE_OWNERS:
        return Explanation("shared nodes it links gained or lost another item; its own facts did not change",
                           "nothing to fix: it follows the merged items")
    if kind is SideEffect.CITED_FINDING:
        return Explanation("a merged or removed item's evidence link cites its finding",
                           "nothing to fix: a Key Finding past its item's first caps.claims is a claim only while "
                           "another item's link cites it (the evidence links below); to keep every finding a claim, "
                           f"raise caps.claims in {CONFIG_FILE}")
    if kind is SideEffect.THROUGH_MERGED_NODE:
        return Explanation("it links a node a merged item created, changed or removed (in the merged item's "
                           "section above)", "nothing to fix here: to undo it, change the merged item")
    if kind is SideEffect.NO_ITEM:
        return Explanation("no research item's build writes these: content added or removed by hand or by an agent, "
                           "or a node outside the contract",
                           "keep it if someone meant it; else restore or remove it in the graph file")
    if kind is SideEffect.BY_HAND:
        return Explanation("made by hand or by an agent, not by this merge: the manifest beside the graph credits "
                           "no item's build with them",
                           "keep it if someone meant it; else restore or remove it in the graph file (a build "
                           "keeps what was added by hand)")
    if kind is SideEffect.LANDED:
        return Explanation(f"already in the base graph: added or removed by hand or by an agent since the last build "
                           f"({f'commit {subject}, ' if subject else ''}the newest to write the manifest), so neither this diff nor any PR "
                           "showed it; the manifest credits no item's build with it",
                           "keep it if someone meant it; else remove it from the graph file (a removed fact: restore "
                           "it there)")
    if kind is SideEffect.NOTHING_MERGED:
        return Explanation("no item was merged: added or removed by hand, by an agent, or by a build with another "
                           "kgsync version or vocabulary, on these items' nodes",
                           "keep it if someone meant it; else restore or remove it in the graph file")
    if kind is SideEffect.CONTESTED:
        by = f"{subject} contradicts it" if subject else "a later item contradicts it"
        return Explanation(by, f"if the sentence does not contradict it, veto the pair in {VETO_FILE}")
    if kind is SideEffect.SUPERSEDED:
        return Explanation("its superseded_by: names a newer item; its claims leave the graph",
                           "if it still stands, drop superseded_by: from the item")
    if kind is SideEffect.DANGLING_CITE:
        return Explanation("the named item is not in the repository", "correct the slug, or drop it if the item was removed")
    if kind is SideEffect.VETOED:
        return Explanation(f"a reviewer vetoed its evidence link, or the one that contested its claim "
                           f"({subject or VETO_FILE}, the entry's why: says why): "
                           "a vetoed link never returns, in either direction, whatever the items say",
                           f"to restore it, delete its entry in {VETO_FILE}")
    if kind is SideEffect.LINT:
        return Explanation("the new graph breaks a contract rule", "the rule's fix (lint table)")
    assert_never(kind)


def explain_event(event: VocabularyEvent, vocabulary_file: str = VOCABULARY_FILE) -> Explanation:
    """Why a vocabulary event moved the items it lists, and what keeps the vocabulary as it was: its
    parts are read from the event's fields (the term, ``other``, a retype's ``was`` and ``now``)."""
    kind, subject = event.kind, event.term
    if kind is EventKind.HUB_ENTERED:
        return Explanation(f"{subject} is now on more than mining.max_item_share of the items (1.25 times it once the last "
                           "build's hubs are recorded): a hub (a "
                           "corpus stopword), so no item takes it among its own terms; its node is linked by the "
                           "items that address it",
                           f"to keep it every naming item's own term, pin it under terms: in {vocabulary_file} (a "
                           "pinned term is never a hub)")
    if kind is EventKind.HUB_LEFT:
        # Says what a hub leaving does to the items it lists, and not that any of them links it now:
        # on a small corpus none may choose it, and its node leaves ("none links it within its caps").
        return Explanation(f"{subject} is on fewer items now, no longer a hub (a corpus stopword): it is a term "
                           "an item may choose within its caps again, and the items that addressed it no longer "
                           "link it beyond them",
                           f"to keep it a node whatever items come and go, pin it under terms: in {vocabulary_file}; "
                           "to keep it out of every item's terms, add it to stoplist: there")
    source, target = event.term, event.other
    if kind is EventKind.MERGED and _facet(source, target):
        return Explanation(f"{source} is what happens to or with {target} (its last word an act or a process, "
                           f"the rest {target}'s name or short form) and every item that chose it chose {target} "
                           f"too: a facet read on {target}'s page, so those items link {target}",
                           f"if they differ, pin {source} under terms: in {vocabulary_file} (a pinned term is "
                           "never merged)")
    if kind is EventKind.MERGED:
        return Explanation(f"{source} is a near-duplicate of the older {target} (the merge: rule in "
                           f"{CONFIG_FILE}): the items that chose it link {target}",
                           f"if they differ, pin {source} under terms: in {vocabulary_file} (a pinned term is "
                           "never merged)")
    if kind is EventKind.UNMERGED:
        return Explanation(f"{source} is no longer merged into {target} ({target} is no longer chosen, or the merge: "
                           f"rule in {CONFIG_FILE} changed): its items link {source} again",
                           f"to keep them one, add {source}: {target} under merges: in {vocabulary_file}")
    short, expansion = event.term, event.other
    if kind is EventKind.ACRONYM_DEFINED:
        return Explanation(f"an item now spells out {short} as {expansion} first: the items that write {short} "
                           "group it with that expansion",
                           f"to fix its meaning whatever items come and go, list {short} under the term's "
                           f"aliases: in {vocabulary_file}")
    if kind is EventKind.ACRONYM_UNDEFINED:
        return Explanation(f"no item defines {short} as {expansion} any more: the items that write {short} no "
                           "longer group it with it",
                           f"to keep them one, list {short} under the aliases: of {expansion} in "
                           f"{vocabulary_file}")
    if kind is EventKind.TOPIC_ENTERED:
        return Explanation(f"{subject} is now named by 10 % of the items and addressed by 5 % of them: a topic, "
                           "linked by every item that addresses it",
                           f"to keep it out, add it to stoplist: in {vocabulary_file}")
    if kind is EventKind.TOPIC_LEFT:
        return Explanation(f"no item addresses {subject} any more: the topic is retired and its items no longer "
                           "link it",
                           f"to keep it a node, pin it under terms: in {vocabulary_file}")
    if kind is EventKind.THEME_ENTERED or kind is EventKind.THEME_LEFT:
        # Both causes are said: the event is read from the manifests, which do not record which one applied
        # (a Scope column's ideas decide alone; without one, how many carrying items write the theme).
        why = ("now a node: the theme vocabulary's Scope names it one idea, or, with no vocabulary of ideas, "
               "enough items write it (mining.min_links); the items that carry it link it"
               if kind is EventKind.THEME_ENTERED else
               "no longer a node: the theme vocabulary no longer names it one idea, or, with no vocabulary of ideas, "
               "too few items that carry it write it; its items keep its tag: and their first claim carries the slug")
        return Explanation(f"{subject} is {why}", "to decide which themes name one idea, give the theme vocabulary "
                           f"a Scope column ({CONFIG_FILE}: themes_vocabulary)")
    if kind is EventKind.RETYPED:
        term, was, now = event.term, event.was, event.now
        return Explanation(f"{term}'s type is read from how the items write it (a task, a theory, a way of doing: "
                           f"kgsync.vocabulary.node_kinds), and this merge tipped it from {was} to {now}: every item "
                           f"that links it links {now}:{term}",
                           f"to fix its type whatever items come and go, write {term}: {{kind: {was}}} (or {now}) "
                           f"under terms: in {vocabulary_file}")
    assert_never(kind)


def _facet(source: str, target: str) -> bool:
    """``source -> target`` is a facet merge (``groups.facet_head``): the source's last word is an
    act or a process that the target does not end with."""
    last = source.replace("-", " ").split(" ")[-1]
    return facet_head(last) and not target.replace("-", " ").endswith(last)
