"""Which mined term a topic phrase is (``topics.with_topics``): one idea, one node (issue 21).

A topic enters after the mined terms have merged (``groups._merge_near_duplicates``), so without
this a topic phrase is a node of its own beside a mined term a reader reads as the same idea:
"AI RMF" beside "risk management framework" (whose acronym "RMF" the shared map expands), "AI
coding" beside "AI-assisted coding".  A topic phrase joins the mined term it would have merged
into as a mined term, by the same growth-policy test (``groups.mergeable``), compared

* by its expanded form: each acronym of the phrase that the shared map expands with one meaning
  (of two, which one the phrase means is not written there) written out, one at a time and all
  together ("ai rmf" -> "ai risk management framework", a narrower form of "risk management
  framework");
* against each surface of the term too, a hyphenated participle compound read as its first
  word ("AI-assisted coding" -> "ai coding": an AI-assisted practice is the AI one, the
  participle says how, not what).

The mined term keeps its name (the vocabulary's node, as for a topic key its index knows), except
where the topic is a chain of acronyms ("AI RMF", a name) that joins it only as a narrower form: the
node is that named thing and takes the topic's name (``acronym_names``, ``Vocabulary.renamed``; issue 21), and
the generic head's own forms are no aliases of it (``head_aliases``).  Only
phrases (two words or more): a topic word is a rare noun of its own, no narrower form.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from kgsync.extract.acronyms import is_blend
from kgsync.extract.canonical import term_key
from kgsync.read.config import Merge
from kgsync.vocabulary.groups import mergeable
from kgsync.vocabulary.similarity import compound_names
from kgsync.vocabulary.terms import Term, TermKind


def expanded_forms(key: str, acronyms: Mapping[str, str]) -> list[str]:
    """``key`` (a topic phrase, words space-joined) and its forms with the acronyms ``acronyms``
    expands (acronym key -> expansion key) written out: each one alone, then all of them."""
    words_ = key.split(" ")
    spots = [i for i, w in enumerate(words_) if " " in acronyms.get(w, "")]
    out = [key]
    for i in spots:
        out.append(" ".join(words_[:i] + [acronyms[words_[i]]] + words_[i + 1:]))
    if len(spots) > 1:
        out.append(" ".join(acronyms[w] if i in spots else w for i, w in enumerate(words_)))
    return out


def topic_targets(keys: Iterable[str], kinds: Mapping[str, TermKind], terms: Mapping[str, Term],
                  acronyms: Mapping[str, str], rule: Merge = Merge()) -> dict[str, str]:
    """Topic phrase key -> the name of the mined term it joins (see the module doc).  ``kinds``:
    each key's kind (a topic joins a term of its own kind only).  The terms are probed in name
    order through the words they share with a form (no pair without one can be near)."""
    by_word: dict[tuple[TermKind, str], set[tuple[str, str]]] = defaultdict(set)
    for name, term in terms.items():
        forms = {name} | compound_names(term.aliases)
        for form in forms:
            for word in form.split("-"):
                by_word[(term.kind, word)].add((name, form))
    out: dict[str, str] = {}
    for key in sorted(keys):
        if " " not in key:
            continue
        for form in expanded_forms(key, acronyms):
            name = form.replace(" ", "-")
            near = sorted(set().union(*(by_word.get((kinds[key], w), set()) for w in form.split(" "))))
            target = next((t for t, f in near if mergeable(name, f, rule)), None)
            if target is not None:
                out[key] = target
                break
    return out


def acronym_names(joins: Mapping[str, str], acronyms: Mapping[str, str], names: Iterable[str]) -> dict[str, str]:
    """Mined term name -> the name it takes from a topic phrase that joins it (``topic_targets``), for
    a topic written as a chain of acronyms the shared map expands ("ai rmf": "AI RMF") that joins the
    term only as a narrower form once written out ("ai risk management framework" into "risk
    management framework").  A chain of acronyms is a name (the NIST AI RMF), as a defined long form
    is (``groups.mergeable``'s ``defined``): the node it joins is that named thing, and a generic head
    ("risk-management-framework") misnames it.  The topic's name is kept (``ai-rmf``) unless two
    topics would rename one term or the name is taken (``names``: the vocabulary's term names)."""
    taken = set(names)
    found: dict[str, list[str]] = defaultdict(list)
    for key, target in sorted(joins.items()):
        words_ = key.split(" ")
        if len(words_) < 2 or not all(" " in acronyms.get(w, "") for w in words_):
            continue
        name = key.replace(" ", "-")
        narrower = [form for form in expanded_forms(key, acronyms)[1:]
                    if form.replace(" ", "-").endswith("-" + target)]
        if narrower and name != target and name not in taken:
            found[target].append(name)
    return {target: named[0] for target, named in found.items() if len(named) == 1}


def head_aliases(old: str, aliases: Iterable[str], acronyms: Mapping[str, str]) -> frozenset[str]:
    """The aliases of a term that ``acronym_names`` renamed from ``old`` ("risk-management-framework" to
    "ai-rmf") that write the generic head it was named by: its words ("risk management framework") or an
    acronym the shared map (``acronyms``: acronym key -> its one expansion) expands to them ("RMF").  The
    node is the named thing (the NIST AI RMF); the head names every framework of its kind (a model risk
    management framework, DORA's ICT one), so as an alias it is too broad (issue 21 part 2, acronyms176).
    The topic's own forms ("ai rmf", "NIST AI RMF") stay.  Read from the term and the shared map only."""
    head = old.replace("-", " ")
    return frozenset(alias for alias in aliases
                     if term_key(alias) == head or (" " not in alias and acronyms.get(term_key(alias)) == head))


def blend_glosses(old: str, aliases: Iterable[str]) -> frozenset[str]:
    """The aliases of a term that ``blend_names`` renamed from ``old`` ("memory-gpt" to "memgpt") that write
    the long form it was named by ("memory GPT").  That long form only glosses the blend's clipped part
    (``acronyms.is_blend``): it spells none of the kept word's letters, so it is no name of the thing the
    blend names, and readers call it none (issue 21).  The mention index keeps its key: a text that writes
    it still names the node.  A long form that spells every letter names the term and is never renamed
    ("generative-ai"), so it stays.  Read from the term's name and forms only."""
    gloss = old.replace("-", " ")
    return frozenset(alias for alias in aliases if term_key(alias) == gloss)


def blend_names(terms: Mapping[str, Term], expansions: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Term name -> the name of the blend it stands for, for a term named by the long form the shared map
    (``expansions``: acronym key -> its expansion keys) gives a short form when every long form the map
    holds for it, as the term's forms write it, only glosses a blend of it (``acronyms.is_blend``:
    "Memory-GPT (MemGPT)" keeps GPT and clips "Memory").  Such a long form spells out no letter of the
    kept word: it is no expansion, and the short form is the thing's own name ("memgpt"; issue 21).  One
    long form that spells every letter ("Generative Artificial Intelligence (GenAI)") names the term as
    an acronym's expansion does, so ``generative-ai`` keeps its name.  A pinned term, a long form no form
    of the term writes (its letters unknown) and a name already taken keep the name.  Read from the term's
    forms and the shared map only."""
    taken = set(terms)
    out: dict[str, str] = {}
    for name, term in sorted(terms.items()):
        if term.pinned:
            continue
        cased = {term_key(form): form for form in sorted((term.label, *term.aliases))}
        for short in sorted(term.aliases):
            longs = expansions.get(term_key(short), ()) if " " not in short else ()
            if name.replace("-", " ") not in longs:
                continue
            new = term_key(short).replace(" ", "-")
            if (new and new not in taken and new not in out.values()
                    and all(long in cased and is_blend(short, cased[long]) for long in longs)):
                out[name] = new
                break
    return out
