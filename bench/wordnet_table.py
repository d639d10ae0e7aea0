"""Regenerate ``kgsync/extract/data/wordnet.tsv.gz`` from Princeton WordNet 3.0 (Debian ``wordnet-base``).

    apt-get install wordnet-base
    .venv/bin/python bench/wordnet_table.py [--wordnet /usr/share/wordnet]

kgsync reads the table at run time, never WordNet itself: the same input gives the same output on
every machine and in the GitHub Action, with no system dependency.  The script reads the WordNet
database files (``index.noun``, ``data.noun``, ``index.adj``, ``data.adj``, ``index.adv``: the
format of wndb(5WN); ``cntlist.rev``: SemCor's sense counts, cntlist(5WN)) and writes one
``class<TAB>key`` line per entry, keys by ``canonical.term_key`` / ``canonical.word_key``, sorted;
gzip with no time stamp, so a rerun is byte-identical.

Classes (each a reading of WordNet's own lexicographer files and hypernyms; see
``kgsync.extract.wordnet``):

* ``everyday``: a compound noun WordNet lists as one dictionary word ("user interface",
  "cross-reference", "source code"), spelled in lower case (not a name: "European Union"), none of whose senses is
  a field of knowledge, a process, a phenomenon, a relation, a quantity, an attribute or a
  possession (lexicographer files noun.cognition, noun.process, noun.phenomenon, noun.body,
  noun.relation, noun.quantity, noun.attribute, noun.possession) nor a named instance;
* ``knowledge``: any other compound noun (of knowledge, a process...: "problem solving");
* ``place``: a name whose first sense is an instance of a location ("New Zealand");
* ``activity``: a noun one of whose three commonest senses is a way of doing or of finding out (it or its
  hypernyms: method, technique, procedure, inquiry, experiment, analysis, trial, data
  processing...; not any activity: "service", "task"): a method's head;
* ``act``: a noun whose first sense is another act (noun.act): a method's head when a manner
  qualifies it ("test-driven development");
* ``process``: a noun whose first sense is a process (noun.process: "activation", "growth"): with
  ``act``, what happens to a thing, so "H-neuron activation" is a facet of H-neurons
  (``vocabulary.groups``' facet merge);
* ``role``: a noun whose first sense is a person's role ("judge", "critic"): "LLM as judge";
* ``party``: a noun, single or compound, one of whose two commonest senses is an organisation
  (noun.group under organization: "enterprise", "institution", "financial institution", "bank";
  not "network", a group of things, nor a person: "critic", "classifier" are parts of methods too),
  spelled in lower case: a participle before it says which organisations ("regulated enterprise");
* ``written``: a noun whose first sense is something written or said (noun.communication: "code",
  "text", "specification"): "policy as code" casts a thing in a written form, a way of handling it;
* ``theory``: a noun whose first sense is a cognition under explanation or hypothesis (``THEORY_ROOTS``:
  "theory", "framework", "model"): "the predictive processing framework" names a theory, not a method;
* ``modifier``: a word WordNet lists as an adjective or adverb, tagged in SemCor as one at least
  as often as as a noun ("fine" in "fine-tuning", "red"; not "self", "rubber");
* ``ordinary``: an ordinary English word, so that the same letters in capitals with no definition are
  emphasis, not an acronym ("RUN vs BUILD"): a single word SemCor tags at least ``ORDINARY_TAGS``
  times over all its senses and parts of speech (``cntlist.rev``: "run", "build", "pass"; not "rag",
  "pat"), or an abbreviation WordNet lists in the synset of an everyday compound ("URL": uniform
  resource locator, "PC": personal computer);
* ``jurisdiction``: a place's name (``place``) or the name of a body that governs one, one of whose
  senses descends from political unit or international organisation ("EU", "European Union",
  "United States"): "EU AI Act" is the AI Act, scoped;
* ``qualifier``: a descriptive adjective, one that says how a thing is, not what it is about: SemCor
  tags it as an adjective at least ``QUALIFIER_TAGS`` times and more often than as a noun, and its
  commonest adjective sense is no pertainym (adj.pert: "human", "supervisory" classify a noun and
  make terms: "human oversight").  "prior", "immediate", "separate"; not "prompt", "hybrid" (rare
  as adjectives), "expert" (a noun);
* ``relational``: a single adjective whose commonest sense is a pertainym (adj.pert: "relating to or
  concerned with" a noun): "financial" (finance), "operational" (operations), "regulatory": it says which
  field a thing belongs to, not how it is, so with a vague noun it names a kind ("financial services",
  "operational risk"), where a descriptive adjective ("real problem") does not;
* ``rare``: a single noun of one sense that general English hardly needs: WordNet spells it in
  lower case, lists it as no verb, adjective or adverb, and none of WordNet's own glosses (the
  definitions and examples of every synset, ~1.4 million words of plain English) writes it,
  and its sense is no named instance, act, person, time, group, feeling, quantity or top
  category ("provenance", "guardrail"; not "system": nine senses, "workflow": an act, "software":
  fifty glosses write it).  A candidate *topic* word (``kgsync.extract.topics``): one meaning,
  and no everyday word;
* ``common``: a single word that cannot be a name when an item capitalises it: one WordNet spells
  in lower case as a noun in any of its senses ("technology", "risk", "python", "amazon"), or whose
  first sense is a named time or a named person ("January", "Monday", "Newton"), or an adjective
  WordNet spells with a capital ("Australian", "Bayesian": a nationality, a name's derivative).  A word WordNet
  does not hold ("Microsoft", "Claude"), holds as an adjective only ("anthropic") or spells only
  with a capital for another thing ("Gemini": a constellation) may be one (``kgsync.extract.names``);
* ``quality``: a noun WordNet does not list, formed from an adjective it lists in "-able"/"-ible" by
  "-ability"/"-ibility" ("observability" of "observable"), or from a verb it lists by "-ability" where
  it lists no "-able" adjective of it either ("auditability" of "audit"): one property, one meaning; and
  ``gerund``: a verb's "-ing" form WordNet lists in no part of speech, nor its plural ("embedding"
  of "embed"): a noun only where an item writes its plural ("embeddings").  Derived words general
  English does not need, as a ``rare`` word: candidate topic words (``kgsync.extract.derived``).
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract.canonical import term_key, word_key  # noqa: E402

OUT = ROOT / "kgsync" / "extract" / "data" / "wordnet.tsv.gz"
LEXNAMES = ("adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
            "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
            "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
            "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time").split()
#: Senses of knowledge, measure, mechanism or ownership: "decision making", "feedback loop", "interest
#: rate", "intellectual property".
KNOWLEDGE = {"noun.cognition", "noun.process", "noun.phenomenon", "noun.body", "noun.relation", "noun.quantity",
             "noun.attribute", "noun.possession"}
#: Bodies that govern a territory: "EU" (an international organisation), a state.
JURISDICTION_ROOTS = {"political_unit", "world_organization"}
#: SemCor tags of an ordinary word: "patch", "minor" (15) are, "net" (14), "ml" (13), "rag" (9) are not.
ORDINARY_TAGS = 15
#: SemCor adjective tags of a qualifier ("raw" 14, "remote" 13, "lean" 5; not "prompt" 2, "mobile" 2).
QUALIFIER_TAGS = 5
#: First senses that name an action, a person, a time, a group, a feeling, a quantity or a top
#: category: a word of one of these names no topic on its own ("remediation", "stakeholder").
NOT_RARE = {"noun.act", "noun.person", "noun.time", "noun.group", "noun.feeling", "noun.quantity", "noun.Tops"}
#: A way of doing or finding out, not any act: "service", "application", "task" are activities too.
ACTIVITY_ROOTS = {"method", "technique", "procedure", "inquiry", "investigation", "experiment", "analysis",
                  "examination", "testing", "trial", "data_processing", "appraisal"}
#: A theory noun's first sense descends from these: "theory" (explanation), "framework" (hypothesis).
THEORY_ROOTS = {"explanation", "hypothesis"}


def read_synsets(folder: Path, part: str = "noun", lexnames: Sequence[str] = LEXNAMES
                 ) -> dict[str, tuple[str, list[str], list[tuple[str, str]]]]:
    """offset -> (lexicographer file, words, pointers) of WordNet's ``data.<part>`` file; ``lexnames``
    names the lexicographer files by number (the nouns' are 0-28; a verb file needs the list up to 44)."""
    out = {}
    for line in (folder / f"data.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.partition(" | ")[0].split()
        offset, lexfile, count = fields[0], int(fields[1]), int(fields[3], 16)
        words = [fields[4 + 2 * i] for i in range(count)]
        at = 4 + 2 * count
        pointers = [(fields[at + 1 + 4 * j], fields[at + 2 + 4 * j]) for j in range(int(fields[at]))]
        out[offset] = (lexnames[lexfile], words, pointers)
    return out


def hypernym_names(synsets: dict[str, tuple[str, list[str], list[tuple[str, str]]]], first_word: dict[str, str],
                   offset: str) -> set[str]:
    """The names (first lemmas) of every synset above ``offset`` (hypernyms, instance hypernyms)."""
    seen: set[str] = set()
    todo = [offset]
    while todo:
        for kind, target in synsets[todo.pop()][2]:
            if kind in ("@", "@i") and target not in seen:
                seen.add(target)
                todo.append(target)
    return {first_word[o] for o in seen}


def gloss_words(folder: Path) -> set[str]:
    """Every word the glosses of ``data.noun``, ``data.verb``, ``data.adj`` and ``data.adv`` write
    (lower-cased, with the plural "s" off too): general English's defining vocabulary."""
    out: set[str] = set()
    for name in ("data.noun", "data.verb", "data.adj", "data.adv"):
        for line in (folder / name).read_text(encoding="latin-1").splitlines():
            if not line.startswith(" ") and " | " in line:
                out.update(re.findall(r"[a-z]+(?:-[a-z]+)*", line.partition(" | ")[2].lower()))
    return out | {word[:-1] for word in out if word.endswith("s")}


def read_index(path: Path) -> dict[str, list[str]]:
    """lemma -> its synset offsets, most frequent sense first."""
    return {lemma: offsets for lemma, (_tagged, offsets) in read_index_counts(path).items()}


def read_index_counts(path: Path) -> dict[str, tuple[int, list[str]]]:
    """lemma -> (how many of its senses SemCor tagged, its synset offsets)."""
    out = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        at = 4 + int(fields[3])
        out[fields[0]] = (int(fields[at + 1]), fields[at + 2:])
    return out


def ordinary_words(folder: Path, synsets: dict[str, tuple[str, list[str], list[tuple[str, str]]]],
                   everyday: set[str]) -> set[tuple[str, str]]:
    """The ``ordinary`` rows: frequent single words (SemCor) and everyday compounds' abbreviations."""
    tags: dict[str, int] = {}
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        sense_key, _number, count = line.split()
        lemma = sense_key.split("%")[0].lower()
        if lemma.isalpha():
            tags[lemma] = tags.get(lemma, 0) + int(count)
    rows = {("ordinary", term_key(lemma)) for lemma, count in tags.items() if count >= ORDINARY_TAGS}
    for _lex, words, _pointers in synsets.values():
        plain = [w.split("(")[0] for w in words]
        if any(term_key(w.replace("_", " ")) in everyday for w in plain if "_" in w or "-" in w):
            rows |= {("ordinary", term_key(w)) for w in plain if w.isalpha() and w.isupper() and 2 <= len(w) <= 5}
    return rows


def qualifiers(folder: Path) -> set[tuple[str, str]]:
    """The ``qualifier`` rows: descriptive adjectives SemCor tags as such more often than as nouns."""
    tags: dict[tuple[str, str], int] = {}  # (lemma, "n" | "a") -> SemCor tags
    for line in (folder / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        sense_key, _number, count = line.split()
        lemma, _pct, rest = sense_key.partition("%")
        kind = {"1": "n", "3": "a", "5": "a"}.get(rest[:1])
        if kind and lemma.isalpha():
            tags[(lemma, kind)] = tags.get((lemma, kind), 0) + int(count)
    pertainyms = {line.split()[0] for line in (folder / "data.adj").read_text(encoding="latin-1").splitlines()
                  if not line.startswith(" ") and line.split()[1] == "01"}
    first_sense = {lemma: offsets[0] for lemma, offsets in read_index(folder / "index.adj").items() if offsets}
    return {("qualifier", lemma) for (lemma, kind), count in tags.items()
            if kind == "a" and count >= QUALIFIER_TAGS and count > tags.get((lemma, "n"), 0)
            and lemma in first_sense and first_sense[lemma] not in pertainyms}


def relationals(folder: Path) -> set[tuple[str, str]]:
    """The ``relational`` rows: single adjectives whose commonest sense is a pertainym (adj.pert)."""
    pertainyms = {line.split()[0] for line in (folder / "data.adj").read_text(encoding="latin-1").splitlines()
                  if not line.startswith(" ") and line.split()[1] == "01"}
    return {("relational", lemma) for lemma, offsets in read_index(folder / "index.adj").items()
            if lemma.isalpha() and offsets and offsets[0] in pertainyms}


def common_words(folder: Path, synsets: dict[str, tuple[str, list[str], list[tuple[str, str]]]],
                 nouns: dict[str, list[str]]) -> set[tuple[str, str]]:
    """The ``common`` rows: single nouns some synset spells in lower case, names of a time or a
    person, and adjectives WordNet spells with a capital (a nationality: "Australian")."""
    rows = set()
    for line in (folder / "data.adj").read_text(encoding="latin-1").splitlines():
        if not line.startswith(" "):
            fields = line.split()
            for word in (fields[4 + 2 * i].split("(")[0] for i in range(int(fields[3], 16))):
                if word.isalpha() and word[:1].isupper():
                    rows.add(("common", word_key(word.lower())))
    for _lexname, words, _pointers in synsets.values():
        for word in words:
            word = word.split("(")[0]
            if word.isalpha() and word.islower():
                rows.add(("common", word_key(word)))
    for lemma, offsets in nouns.items():
        if lemma.isalpha() and offsets:
            lexname, _words, pointers = synsets[offsets[0]]
            if lexname == "noun.time" or (lexname == "noun.person" and any(kind == "@i" for kind, _t in pointers)):
                rows.add(("common", word_key(lemma)))
    return rows


def derived_nouns(folder: Path) -> set[tuple[str, str]]:
    """The ``quality`` and ``gerund`` rows: nouns derived from WordNet's words that it does not list."""
    listed = {lemma for name in ("index.noun", "index.verb", "index.adj", "index.adv")
              for lemma in read_index(folder / name)}
    for name in ("noun.exc", "adj.exc", "adv.exc"):  # irregular forms of other words (a verb's are its own)
        for line in (folder / name).read_text(encoding="latin-1").splitlines():
            listed.update(line.split()[:1])
    rows = set()
    for adjective in read_index(folder / "index.adj"):
        if adjective.isalpha() and adjective.endswith(("able", "ible")):
            noun = adjective[:-2] + "ility"
            if noun not in listed:
                rows.add(("quality", noun))
    for verb in read_index(folder / "index.verb"):
        if not verb.isalpha() or len(verb) < 3:
            continue
        # "-ability" of a verb whose "-able" adjective WordNet does not list either ("auditability" of
        # "audit"): the quality of being so, a field's own noun as "observability" is
        stems = {verb[:-1] if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")) else verb}
        if verb.endswith("y") and verb[-2] not in "aeiou":
            stems = {verb[:-1] + "i"}  # "verify": "verifiability"
        if verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
            stems.add(verb + verb[-1])  # "debug": "debuggability" (both kept, as for the gerund)
        rows |= {("quality", stem + "ability") for stem in stems
                 if stem + "ability" not in listed and stem + "able" not in listed}
        forms = {verb + "ing"}
        if verb.endswith("ie"):
            forms.add(verb[:-2] + "ying")
        elif verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
            forms.add(verb[:-1] + "ing")
        if verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
            forms.add(verb + verb[-1] + "ing")  # "embed": "embedding" (the stress is not in WordNet: both kept)
        rows |= {("gerund", form) for form in forms if form not in listed and form + "s" not in listed}
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    args = parser.parse_args()
    synsets = read_synsets(args.wordnet)
    nouns = read_index(args.wordnet / "index.noun")
    first_word = {}  # offset -> its first lemma (the synset's name)
    spelled: dict[str, str] = {}  # lemma -> as data.noun writes it (capitals kept)
    for offset, (_lex, words, _pointers) in synsets.items():
        first_word[offset] = words[0].lower()
        for word in words:
            spelled.setdefault(word.split("(")[0].lower(), word.split("(")[0])

    def ancestors(offset: str) -> set[str]:
        return hypernym_names(synsets, first_word, offset)

    glossed = gloss_words(args.wordnet)
    others = {lemma for name in ("index.verb", "index.adj", "index.adv")
              for lemma in read_index(args.wordnet / name)}
    rows: set[tuple[str, str]] = set()
    for lemma, offsets in nouns.items():
        senses = [synsets[o] for o in offsets]
        text = lemma.replace("_", " ")
        compound = " " in text or "-" in text
        instance = any(kind == "@i" for kind, _t in senses[0][2])
        if instance and senses[0][0] == "noun.location":
            rows.add(("place", term_key(text)))
            rows.add(("jurisdiction", term_key(text)))
            continue
        if any(c.isupper() for c in spelled.get(lemma, "")) and any(
                ancestors(o) & JURISDICTION_ROOTS for o in offsets):
            rows.add(("jurisdiction", term_key(text)))
        # A named instance, or a name WordNet spells with capitals ("European_Union"): an organisation's.
        named = (any(any(kind == "@i" for kind, _t in s[2]) for s in senses)
                 or any(c.isupper() for c in spelled.get(lemma, "")))
        # Not its abbreviations: "LLM" (Master of Laws), "CIA", "MCP" mean other things in research.
        organisation = not named and any(synsets[o][0] == "noun.group" and "organization" in ancestors(o) | {first_word[o]}
                                         for o in offsets[:2])
        if compound and organisation:
            rows.add(("party", term_key(text)))  # "financial institution"
        if compound and not named and not any(s[0] in KNOWLEDGE for s in senses):
            rows.add(("everyday", term_key(text)))
        elif compound and not named:
            rows.add(("knowledge", term_key(text)))  # a compound noun of knowledge: "problem solving"
        if compound:
            continue
        key = word_key(text)
        if key != text and key in nouns:
            continue  # "times" (multiplication) is not "time": the lemma of the key word itself decides
        lexname = senses[0][0]
        if organisation:
            rows.add(("party", key))  # "enterprise"; not "authorities" as "authority"
        if (len(offsets) == 1 and not named and key == lemma and lemma.isalpha() and lemma not in others
                and lemma not in glossed and lexname not in NOT_RARE):  # "afters" -> "after": an adverb's key
            rows.add(("rare", key))
        if any(ancestors(o) & ACTIVITY_ROOTS or first_word[o] in ACTIVITY_ROOTS for o in offsets[:3]):
            rows.add(("activity", key))
        elif lexname == "noun.act":
            rows.add(("act", key))
        elif lexname == "noun.person":
            rows.add(("role", key))
        if lexname == "noun.process":
            rows.add(("process", key))
        if lexname == "noun.communication":
            rows.add(("written", key))
        if lexname == "noun.cognition" and ancestors(offsets[0]) & THEORY_ROOTS:
            rows.add(("theory", key))
    noun_tagged = {lemma: tagged for lemma, (tagged, _o) in read_index_counts(args.wordnet / "index.noun").items()}
    modifier_tagged: dict[str, int] = {}
    for name in ("index.adj", "index.adv"):
        for lemma, (tagged, _offsets) in read_index_counts(args.wordnet / name).items():
            if "_" not in lemma and "-" not in lemma and lemma.isalpha():
                modifier_tagged[lemma] = modifier_tagged.get(lemma, 0) + tagged
    for lemma, tagged in modifier_tagged.items():
        if tagged >= noun_tagged.get(lemma, 0):  # "fine", "red": used as a modifier at least as often
            rows.add(("modifier", lemma))
    rows |= ordinary_words(args.wordnet, synsets, {key for kind, key in rows if kind == "everyday"})
    rows |= qualifiers(args.wordnet)
    rows |= relationals(args.wordnet)
    rows |= common_words(args.wordnet, synsets, nouns)
    rows |= derived_nouns(args.wordnet)
    text = "".join(f"{kind}\t{key}\n" for kind, key in sorted(rows) if key)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as handle:
        handle.write(text.encode("utf-8"))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(buffer.getvalue())
    counts: dict[str, int] = {}
    for kind, _key in rows:
        counts[kind] = counts.get(kind, 0) + 1
    print(OUT.relative_to(ROOT), len(buffer.getvalue()), "bytes", dict(sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
