"""Does some item make a node its SUBJECT?  Counts per signal against labels, not a rule (issue 21, generic18).

    .venv/bin/python bench/bench_subject.py GRAPH --labels FILE ... [--corpus DIR ...] [--show SIGNAL]

generic14 and generic15 measured how a node's items write it (shares over its items: title, heading,
emphasis, "X is a", "X (Y)", a Sources line...).  This bench asks a different, item-local question:
is there *one* item that makes the term what it is about, against items that only mention it inside
sentences about something else?  Per item, from that item's own text only (no corpus count), a term
is the item's subject when:

* ``title``: the item's title names it;
* ``question``: its research question (the ``## Research Question`` or ``## Question / Hypothesis``
  section) names it;
* ``heading``: a Markdown heading below the title names it;
* ``summary``: the Executive Summary of its Findings names it;
* ``output``: the ``- Description:`` line of its ``## Output`` section (the writer's one-line account
  of what the item delivers) names it;
* ``scope``: an ``**In scope:**`` bullet opens with it (within its first 60 characters);
* ``bold``: a short emphasised span (``**X**``, at most eight words) in the Findings holds it;
* ``subject``: a sentence of the Findings section has it as its grammatical subject: the sentence
  opens with it (after citation tags, a confidence label and at most two determiners or
  quantifiers) and a verb follows it (an auxiliary or modal, or a word in -s/-ed: "X is",
  "X reduces", "X requires"; after a plural, any lower-case word but a function word or an -ing
  form: "Xs revoke"), an acronym in parentheses allowed between;
* ``defines``: a Findings sentence defines it ("X is a/an ...", "X refers to", "known as X");
* ``source``: a line of its Sources section names it in the source's title (the text before " — ",
  URLs cut out): a work the item read is about the term;
* ``claim``: one of the item's claims in the graph opens with it (the graph's own finding titles).

A node's value per signal is the number of its items with that signal; the rule a signal would make
removes the node when no item has it.  ``any`` combines title, question, heading, subject and claim
(the places where a writer says what the item is about).  ``..., written in lower case``: the same
rule only for the nodes its items write in lower case in at least half their mentions (a name is
capitalised, so this spares the named nodes and shows what the rule costs the ideas).  Printed: per signal, the nodes removed by
verdict (idea / named / generic), the generic share, and with ``--show`` the node names; then each
signal's AUC (generic against idea + named, by the number and by the share of items with it) beside
the plain number of items, the baseline any count of items carries.  ``--only-items DIR`` counts only
the items of DIR (the later items of a held-out reading).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_termhood import Node, mention_pattern, read_graph  # noqa: E402

# Closed classes of English (not tuned to labels): what may open a subject noun phrase, and the
# auxiliaries and modals that show a verb follows it.
OPENERS = frozenset("the a an this that these those its their our each every any all most many some such both "
                    "no one two three either neither".split())
#: Closed-class words that cannot be the verb after a plural subject ("Kill switches revoke" is a
#: subject, "Pull requests from forks" is not yet one).
FUNCTION_WORDS = frozenset("of in on at by for from with without to into onto via over under through across within "
                           "about between among and or but nor as than that which who whose where when while if "
                           "the a an this these those its their our".split())
AUXILIARIES = frozenset("is are was were be been has have had can could should must may might will would shall "
                        "does do did cannot remains remain becomes become".split())
_TAGS = re.compile(r"^(?:\s*(?:\d+\.|[-*])\s+)?(?:\s*\[[^\]]*\]\s*|\s*\*\*[^*]{0,40}confidence\.?\*\*\s*)*", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*\[])")
_BOLD = re.compile(r"\*\*([^*\n]{1,120})\*\*")
_DEFINES_AFTER = re.compile(r"^[*_`\"')]*(?:\s*\([^)]{1,80}\))?\s*(?:is|are)\s+(?:a|an)\b|^[*_`\"')]*\s*(?:refers? to|means|denotes)\b", re.I)
_DEFINES_BEFORE = re.compile(r"\b(?:known as|called|termed|dubbed|defined as|so-called|the term)\s*[*_`\"'(]*$", re.I)
QUESTION_SECTIONS = ("research question", "question / hypothesis")
SIGNALS = ("title", "question", "heading", "summary", "output", "scope", "bold", "subject", "defines", "claim", "source")
ANY = ("title", "question", "heading", "subject", "claim")


def sections(text: str) -> tuple[str, dict[str, str], list[str]]:
    """(title, ``##`` section name -> text, heading lines below the title) of an item."""
    title = ""
    body = text
    if text.startswith("---"):
        _, front, body = text.split("---", 2)
        found = re.search(r"^title:\s*(.*)$", front, re.M)
        title = found.group(1).strip().strip("\"'") if found else ""
    named: dict[str, list[str]] = defaultdict(list)
    headings: list[str] = []
    current = ""
    for line in body.splitlines():
        if line.startswith("## "):
            current = line[3:].strip().lower()
        if re.match(r"#{2,6} ", line):
            headings.append(line)
        named[current].append(line)
    return title, {k: "\n".join(v) for k, v in named.items()}, headings


def is_subject(sentence: str, pattern: re.Pattern[str]) -> bool:
    """The sentence opens with the term (determiners allowed) and a verb follows it."""
    sentence = _TAGS.sub("", sentence).lstrip("*_`\"' ")
    match = pattern.search(sentence)
    if not match:
        return False
    before = re.findall(r"[A-Za-z']+", sentence[:match.start()])
    if len(before) > 2 or any(w.lower() not in OPENERS for w in before):
        return False
    after = sentence[match.end():]
    after = re.sub(r"^[*_`\"')]*\s*(?:\([^)]{1,80}\)\s*)?(?:'s\s+)?", "", after)
    word = re.match(r"([A-Za-z]+)", after)
    if not word:
        return False
    verb = word.group(1).lower()
    plural = match.group(0).lower() != match.group(1).lower()
    if plural and verb not in FUNCTION_WORDS and not verb.endswith("ing") and word.group(1).islower():
        return True
    return verb in AUXILIARIES or (len(verb) > 3 and (verb.endswith("ed") or (verb.endswith("s") and not verb.endswith("ss"))))


def item_signals(node: Node, text: str, claims: list[str]) -> set[str]:
    pattern = mention_pattern(node.forms)
    title, named, headings = sections(text)
    found: set[str] = set()
    if pattern.search(title):
        found.add("title")
    if any(pattern.search(named.get(s, "")) for s in QUESTION_SECTIONS):
        found.add("question")
    if any(pattern.search(h) for h in headings if not h.lower().startswith("## sources")):
        found.add("heading")
    findings = named.get("findings", "")
    summary = re.search(r"^### Executive Summary\s*\n(.*?)(?=^###|\Z)", findings, re.M | re.S)
    if summary and pattern.search(summary.group(1)):
        found.add("summary")
    description = re.search(r"^- Description:(.*)$", named.get("output", ""), re.M)
    if description and pattern.search(description.group(1)):
        found.add("output")
    in_scope = re.search(r"\*\*In scope:?\*\*:?(.*?)(?=\*\*Out of scope|\Z)", named.get("scope", ""), re.S)
    if in_scope and any(pattern.search(line[:60]) for line in in_scope.group(1).splitlines() if line.lstrip().startswith("-")):
        found.add("scope")
    for span in _BOLD.finditer(findings):
        if len(span.group(1).split()) <= 8 and pattern.search(span.group(1)):
            found.add("bold")
            break
    for line in findings.splitlines():
        for sentence in _SENTENCE.split(line):
            if is_subject(sentence, pattern):
                found.add("subject")
        for match in pattern.finditer(line):
            if _DEFINES_AFTER.search(line[match.end():match.end() + 120]) or _DEFINES_BEFORE.search(line[max(0, match.start() - 40):match.start()]):
                found.add("defines")
    for line in named.get("sources", "").splitlines():
        cited = re.sub(r"\(?https?://\S+", " ", line.split(" \u2014 ")[0])
        if pattern.search(cited):
            found.add("source")
            break
    if any(is_subject(c, pattern) or pattern.match(c.lstrip("*_`\"' ")) for c in claims):
        found.add("claim")
    return found


def subject_share(node: Node, text: str) -> tuple[int, int]:
    """(Findings sentences with the term as subject, Findings sentences mentioning it) of one item."""
    pattern = mention_pattern(node.forms)
    findings = sections(text)[1].get("findings", "")
    subject = mentions = 0
    for line in findings.splitlines():
        for sentence in _SENTENCE.split(line):
            if pattern.search(sentence):
                mentions += 1
                subject += is_subject(sentence, pattern)
    return subject, mentions


def auc(values: dict[str, float], verdicts: dict[str, str]) -> float:
    """Mann-Whitney AUC that a generic node has a LOWER value than an idea or named one (ties half)."""
    generic = [v for n, v in values.items() if verdicts[n] == "generic"]
    other = [v for n, v in values.items() if verdicts[n] != "generic"]
    pairs = sum((g < o) + 0.5 * (g == o) for g in generic for o in other)
    return pairs / (len(generic) * len(other)) if generic and other else 0.5


def read_claims(graph: Path) -> dict[str, list[str]]:
    """item slug -> its claims' titles."""
    out: dict[str, list[str]] = defaultdict(list)
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["type"] == "entity" and record["entityType"] == "claim":
            slug = record["name"].split(":")[1]
            out[slug].extend(o[7:] for o in record["observations"] if o.startswith("title: "))
    return out


def read_labels(paths: list[Path]) -> dict[str, str]:
    verdicts: dict[str, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            fields = line.split("\t")
            if line.startswith("#") or len(fields) < 2 or fields[0] == "node":
                continue
            verdicts[fields[0]] = fields[1]
    return verdicts


def node_signals(nodes: dict[str, Node], raw: dict[str, str], claims: dict[str, list[str]]) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for name, node in nodes.items():
        pattern = mention_pattern(node.forms)
        counts: Counter[str] = Counter()
        for slug in sorted(node.items & raw.keys()):
            found = item_signals(node, raw[slug], claims.get(slug, []))
            counts.update(found)
            counts["any"] += bool(found & set(ANY))
            counts["items"] += 1
            subject, mentions = subject_share(node, raw[slug])
            written = [m.group(0) for m in pattern.finditer(raw[slug])]
            counts["written"] += len(written)
            counts["lower"] += sum(w == w.lower() for w in written)
            counts["subject_mentions"] += subject
            counts["mentions"] += mentions
        out[name] = counts
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--labels", type=Path, nargs="+", required=True)
    parser.add_argument("--corpus", type=Path, nargs="+", default=[ROOT.parent / "shared" / "corpus" / "research"])
    parser.add_argument("--only-items", type=Path, help="count only the items of this folder (held-out reading)")
    parser.add_argument("--show", nargs="*", default=[], help="signals whose removed nodes to list")
    args = parser.parse_args()
    nodes = read_graph(args.graph)
    verdicts = read_labels(args.labels)
    raw = {p.stem: p.read_text(encoding="utf-8") for folder in args.corpus for p in sorted(folder.glob("*.md"))}
    if args.only_items:
        raw = {slug: text for slug, text in raw.items() if (args.only_items / f"{slug}.md").exists()}
    claims = read_claims(args.graph)
    judged = {n: nodes[n] for n in verdicts if n in nodes}
    values = node_signals(judged, raw, claims)
    base = Counter(verdicts[n] for n in judged)
    print(f"{len(judged)} labelled nodes: {dict(base)}")
    print(f"{'signal (removed when no item has it)':<40} {'generic':>8} {'idea':>6} {'named':>6} {'share':>6}")
    def row(label: str, removed: list[str], show: bool) -> None:
        by = Counter(verdicts[n] for n in removed)
        share = by["generic"] / len(removed) if removed else 0.0
        print(f"{label:<40} {by['generic']:>8} {by['idea']:>6} {by['named']:>6} {share:>6.2f}")
        if show:
            for verdict in ("generic", "idea", "named"):
                print(f"    {verdict}: " + ", ".join(sorted(n.split(':', 1)[1] for n in removed if verdicts[n] == verdict)))

    for signal in (*SIGNALS, "any"):
        row(signal, [n for n in judged if values[n][signal] == 0], signal in args.show)
    # A name is written capitalised; restricting a rule to the nodes the items write in lower case
    # (at least half their mentions) spares the named nodes and shows what is left for the ideas.
    for signal in ("any", "subject", "title"):
        row(signal + ", written in lower case",
            [n for n in judged if values[n][signal] == 0 and values[n]["lower"] * 2 >= values[n]["written"]],
            signal in args.show)
    print(f"\n{'value (low = generic)':<40} {'AUC':>6}")
    print(f"{'items (baseline)':<40} {auc({n: float(values[n]['items']) for n in judged}, verdicts):>6.2f}")
    for signal in (*SIGNALS, "any"):
        count = {n: float(values[n][signal]) for n in judged}
        share = {n: values[n][signal] / max(1, values[n]["items"]) for n in judged}
        print(f"{signal + ' items':<40} {auc(count, verdicts):>6.2f}")
        print(f"{signal + ' share of items':<40} {auc(share, verdicts):>6.2f}")
    ratio = {n: values[n]["subject_mentions"] / max(1, values[n]["mentions"]) for n in judged}
    print(f"{'subject share of Findings mentions':<40} {auc(ratio, verdicts):>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
