"""The graph contract's rules (``RULES``), what a check finds (``Finding``) and the verdict
(``LintReport``).

Each rule has a stable code and a fixed severity; errors reject the graph, warnings reject it
only under ``strict``.  The checks are in ``kgsync.lint.checks`` and ``kgsync.lint.names``;
``kgsync.lint.rules`` runs them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum

from kgsync.contract.errors import LintFailed, Location, message_line
from kgsync.contract.model import Relation
from kgsync.read.veto_file import STALE_VETO_HINT


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Rule:
    """One contract rule: its stable code, severity, what it means and the usual fix."""

    code: str
    severity: Severity
    meaning: str
    hint: str


_E, _W = Severity.ERROR, Severity.WARNING
#: Every rule lint checks, in the order of the table in docs/cli.md (``rules_table``).  Codes are stable: CI filters on them.
RULES: dict[str, Rule] = {
    rule.code: rule
    for rule in (
        Rule("empty-name", _E, "an entity's name is empty", "give the entity its contract name, e.g. concept:<term>"),
        Rule("bad-name-characters", _E, "a name holds a newline or another control character",
             "rename the entity without control characters"),
        Rule("name-whitespace", _E, "a name starts or ends with whitespace", "strip the name"),
        Rule("unknown-entity-type", _E, "entityType is not one of research_item, concept, claim, method (schema drift)",
             "use one of the contract's entity types"),
        Rule("unknown-relation-type", _E,
             "relationType is not one of addresses, states, about, uses_method, supports, contradicts, extends "
             "(schema drift)", "use one of the contract's relation types"),
        Rule("name-prefix-mismatch", _E, "the name's prefix does not match the entityType (or is no known prefix)",
             "name item:<slug>, concept:<term>, claim:<slug>:<key> or method:<term> to match the type"),
        Rule("malformed-name", _E, "the part after the prefix is empty, or a claim is not claim:<slug>:<key>",
             "complete the name after its prefix"),
        Rule("non-canonical-name", _W, "a concept or method term is not lowercase-hyphenated [a-z0-9][a-z0-9.+-]*",
             "rename to the canonical term and keep the variant as an alias:<variant> observation"),
        Rule("self-relation", _E, "a relation goes from an entity to itself", "remove the relation"),
        Rule("dangling-relation", _E, "a relation's from or to names no entity in the graph",
             "add the missing entity or remove the relation"),
        Rule("endpoint-type-mismatch", _E,
             "the relation type does not allow these endpoint types (addresses item->concept, states item->claim, "
             "about claim->concept, uses_method item/claim->method, supports/contradicts claim->claim, "
             "extends item->item or claim->claim)",
             "use the relation type the endpoints allow, or fix the endpoints"),
        Rule("duplicate-entity", _E, "the same entity name appears more than once", "merge the entities into one"),
        Rule("duplicate-relation", _E, "the same (from, to, relationType) appears more than once",
             "keep one of the relations"),
        Rule("conflicting-relations", _E, "two claims both support and contradict each other",
             "keep either supports or contradicts between the two claims (an item's: give the finding "
             "one stance in its cites: entries and stance markers; two items': change one of the two stances, "
             "at the lines the build names)"),
        Rule("extends-cycle", _W, "extends relations form a cycle (A extends B ... extends A)",
             "remove the extends relation that points back"),
        Rule("duplicate-observation", _E, "an entity holds the same observation twice", "keep one copy"),
        Rule("empty-observation", _E, "an observation is empty or only whitespace", "remove it"),
        Rule("non-atomic-observation", _W,
             "an observation is longer than 300 characters, spans lines, or glues several key: facts together",
             "split it into short one-fact observations"),
        Rule("bad-observation-value", _E,
             "a provenance, confidence or completed observation has a malformed value",
             "write provenance:item=<slug>, confidence:high|medium|low, completed:YYYY-MM-DD"),
        Rule("unknown-status", _W,
             "a status observation is not a known trust state (superseded, contradicted, contested)",
             "use status:superseded, status:contradicted or status:contested, or drop it"),
        Rule("missing-title", _W, "a research item has no title: observation", "add title: <the item's title>"),
        Rule("orphan-node", _E, "a concept, claim or method has no relation at all",
             "relate it to the item or claim it came from, or remove it"),
        Rule("missing-provenance", _E,
             "a node has no provenance:item=<slug> observation (an item: none for its own slug; a concept or "
             "method: neither such an observation nor an item that addresses or uses it)",
             "add provenance:item=<slug> naming the research item it came from"),
        Rule("lost-provenance", _E, "provenance:item=<slug> names an item that is not in the graph",
             "restore item:<slug>, or point the provenance at an existing item"),
        Rule("near-duplicate-name", _W, ("two concept (or method) terms are near-duplicates under the merge rule, or through an alias, a vague head "
                                         "or a head the same items write; not when their heads differ (\"GitHub issue\" / \"GitHub\") "
                                         "or one is a kind of the other (\"Copilot coding agent\" / \"coding agent\") that other items address"),
             "if they are one idea, merge them under merges: in kgsync-vocab.yml (`variant words: canonical-name`); if "
             "two, rename one so the two are clearly distinct, or leave them"),
        Rule("confusable-names", _E,
             "two names read the same: their UTS #39 confusable skeletons match (a Cyrillic letter, an invisible "
             "character)", "rename the look-alike to the name it imitates (one node), or to a name that reads "
             "differently"),
        Rule("stranded-hand-added", _W,
             "content added by hand or by an agent whose anchor kgsync no longer generates (its finding deleted, "
             "its item superseded or deleted): kept as it is, never blocking a build",
             "re-attach it (point it at the node that replaced its anchor), or delete it"),
        Rule("stale-veto", _W, "an entry of kgsync-veto.yml names a claim the graph does not hold: it vetoes nothing "
             "(kgsync lint, at the entry's line; by the graph's names alone, so also a reworded finding's fresh name, which "
             "the build accepts but nothing shows)", STALE_VETO_HINT),
        Rule("byte-order-mark", _E, "the graph file starts with a UTF-8 byte order mark (U+FEFF): the memory server's "
             "JSON.parse fails on its first line, so it reads no line of the graph (kgsync reads past it)",
             "save the file as UTF-8 without a BOM; kgsync build writes it without one"),
        Rule("emptied-graph", _E, "the graph file holds no node, but the manifest beside it records the nodes of items "
             "in it: emptied, as a crash of a writer that writes in place leaves it (kgsync build refuses it; a rebuild "
             "would lose whatever was added by hand)",
             "restore it from git (git checkout -- FILE); or, to build it again from the items alone, remove it"),
        Rule("hand-added-content", _W,
             "content added by hand or by an agent breaks another rule of the contract: kept as it is, never "
             "blocking a build", "fix or delete that content in the graph file"),
    )
}


@dataclass(frozen=True)
class Finding:
    severity: Severity
    code: str  # a key of RULES
    entity: str  # entity name, or relation rendered "from -[type]-> to"
    message: str
    hint: str
    location: Location | None = None
    #: the pair's other node, for a finding about two (``near-duplicate-name``): what the PR compares with the
    #: pairs it lists, never read back out of the message's words
    other: str = ""

    def render(self) -> str:
        """``path:line: error[code] entity: message (fix: hint)``, always one line."""
        return message_line(self.location, f"{self.severity}[{self.code}] {show(self.entity)}: {self.message}", self.hint)

    def as_error(self) -> LintFailed:
        """This finding as the library's error (its Location and hint kept; ``render()`` unchanged)."""
        return LintFailed(f"{self.severity}[{self.code}] {show(self.entity)}: {self.message}", (self,),
                          self.location, self.hint)

    def sort_key(self) -> tuple[int, str, str, str, str, int]:
        where = self.location or Location("")
        rank = 0 if self.severity is Severity.ERROR else 1
        return (rank, self.entity, self.code, self.message, where.path, where.line or 0)


@dataclass(frozen=True)
class LintReport:
    findings: tuple[Finding, ...] = ()  # sorted: errors first, then by entity, code, message

    def errors(self, strict: bool = False) -> tuple[Finding, ...]:
        """The findings that reject the graph; under ``strict`` warnings do too."""
        return tuple(f for f in self.findings if strict or f.severity is Severity.ERROR)

    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    def ok(self, strict: bool = False) -> bool:
        return not self.errors(strict)

    def summary(self) -> str:
        errors, warnings = len(self.errors()), len(self.warnings())
        return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def relation_label(relation: Relation) -> str:
    return f"{relation.source} -[{relation.relation_type}]-> {relation.target}"


CONFLICT = "both supports and contradicts "  # a conflicting-relations finding's message, before its second claim


def conflicting_claims(finding: Finding) -> tuple[str, str] | None:
    """The two claims of a ``conflicting-relations`` finding: the one it is placed at, then the other."""
    if finding.code != "conflicting-relations" or not finding.message.startswith(CONFLICT):
        return None
    return finding.entity, finding.message.removeprefix(CONFLICT)


@dataclass(frozen=True, slots=True)
class CopyKey:
    """A ``sources`` key for the node ``name`` of ``entity_type`` where it is a copy: a line of the name
    after its first.  Typed, as a relation's key is the ``Relation``: no spelling of a name is another key."""

    name: str
    entity_type: str


#: Where ``sources`` places a finding, by what it is about: an entity by its name, a relation (the
#: ``Relation`` itself, never its printed label), a node's copy (``CopyKey``).
SourceKey = str | Relation | CopyKey


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def show(text: str) -> str:
    """A name fit for a one-line message: quoted and escaped when it is empty or odd."""
    if not text or text != text.strip() or CONTROL.search(text):
        return json.dumps(text, ensure_ascii=False)
    return text


def rules_table() -> str:
    """The lint rule reference (docs/cli.md), generated from ``RULES`` so the two cannot drift."""
    rows = ["| code | severity | meaning | fix |", "|---|---|---|---|"]
    def cell(text: str) -> str:  # a "|" would end the cell (high|medium|low); <slug> would be read as HTML
        return text.replace("|", "\\|").replace("<", "&lt;")

    rows += [f"| `{r.code}` | {r.severity} | {cell(r.meaning)} | {cell(r.hint)} |" for r in RULES.values()]
    return "\n".join(rows) + "\n"
