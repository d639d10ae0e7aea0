"""kgsync.extract.restated: a cited finding named by its content (the sentence restates it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.pipeline.stages import build
from kgsync.contract.model import RelationType
from kgsync.extract.evidence import plan
from kgsync.extract.evidence_model import content_words
from kgsync.extract.findings import extract, undated_suffixes
from kgsync.extract.restated import MIN_OWN_WORDS, restated_finding, said_words, stem
from kgsync.graph.manifest import manifest_path
from kgsync.read import config as config_module
from tests.extract.evidence_items import item_text, make

OLD = "2026-01-01-governance-study"
NEW = "2026-02-01-platform-study"
GATE = {"theme": "governance", "question": "Which gate?"}  # these items' frontmatter theme and question
URL = f"https://github.com/example/Research/blob/main/Research/completed/{OLD}.md"
OLD_FINDINGS = (
    "Copilot Studio remains bypassable by default because the product still exposes direct publish paths to makers.",
    "A central control plane should separate policy decision from distributed enforcement adapters.",
    "Retirement is complete only when registry, runtime, credentials and archive evidence converge.",
)
NEW_FINDINGS = (
    "External pipelines cannot be authoritative while direct publish paths stay open to makers.",
    "Vendor administration coverage is the weakest part of the design.",
)


@dataclass(frozen=True)
class _Finding:
    number: int
    statement: str

    def content(self) -> frozenset[str]:
        return content_words(self.statement)


FINDINGS = [_Finding(n, text) for n, text in enumerate(OLD_FINDINGS, 1)]


# --- said_words (per file) ----------------------------------------------------------------------


def test_what_a_sentence_says_leaves_out_its_evidence_label_links_and_references() -> None:
    sentence = (f"- [inference; source: {URL}; https://learn.microsoft.com/publish] The [governed gate]"
                f"(https://example.com/gate) stops direct publish paths, as `{OLD}.md` shows.")
    said = said_words(sentence, [(0, f"{OLD}.md")]).split()
    assert said == sorted(said)
    assert {"governed", "gate", "stops", "direct", "publish", "paths", "shows"} <= set(said)
    # the label's source list, the link's target and the reference say nothing of the subject
    assert not {"inference", "learn", "microsoft", "github", "example", "governance", "study"} & set(said)


def test_a_source_note_is_read_with_the_sentence_it_qualifies() -> None:
    before = "Direct publish paths stay open to makers by default."
    note = f"Source: `{URL}`."
    assert said_words(note) == ""  # the note alone says nothing
    assert said_words(note, (), before) == said_words(before)
    # a sentence that says enough itself is not joined with the one before it
    own = f"The governed gate stops direct publish paths ({URL})."
    assert len(said_words(own).split()) >= MIN_OWN_WORDS
    assert said_words(own, (), before) == said_words(own)


def test_stems_compare_word_forms() -> None:
    assert stem("keeps") == stem("keep") and stem("specified") == stem("specify")
    assert stem("policies") == stem("policy") and stem("bus") == "bus"  # short words stay


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=3000))
def test_said_words_never_fails_and_is_sorted(text: str) -> None:
    said = said_words(text, [(0, "x.md")], text[:50]).split()
    assert said == sorted(set(said))


# --- restated_finding (plan) --------------------------------------------------------------------


def test_a_sentence_restating_one_finding_names_it() -> None:
    said = said_words("Copilot Studio stays bypassable by default because makers still see direct publish paths.")
    found = restated_finding(said, FINDINGS)
    assert found is not None and found.number == 1


def test_words_every_finding_uses_weigh_little() -> None:
    # "policy", "control", "enforcement" alone, shared by two findings: no clear restatement
    findings = FINDINGS + [_Finding(4, "Policy control enforcement needs owners.")]
    assert restated_finding(said_words("Policy control and enforcement matter."), findings) is None


def test_a_sentence_naming_a_topic_but_restating_no_finding_names_none() -> None:
    said = said_words("Which publish channels should a regulated bank keep open for makers?")
    assert restated_finding(said, FINDINGS) is None


def test_a_near_tie_between_two_findings_names_none() -> None:
    findings = [_Finding(1, "Direct publish paths remain open in Copilot Studio."),
                _Finding(2, "Direct publish paths remain open in Power Apps.")]
    said = said_words("Direct publish paths remain open in Copilot Studio and Power Apps.")
    assert restated_finding(said, findings) is None


def test_the_finding_s_own_claim_must_be_mostly_repeated() -> None:
    # shares rare words with finding 3's claim, but far less than half of it
    long_claim = _Finding(3, "Retirement is complete only when registry, runtime, credentials, dependency cleanup, "
                             "archive evidence, owner sign-off, licence release and cost closure all converge.")
    findings = FINDINGS[:2] + [long_claim]
    partial = said_words("Retirement evidence covers licence release and cost closure.")
    assert restated_finding(partial, findings) is None  # six of its seventeen words
    said = said_words("Retirement is complete only when registry, runtime, credentials, dependency cleanup, archive "
                      "evidence and owner sign-off converge.")
    found = restated_finding(said, findings)
    assert found is not None and found.number == 3


def test_no_words_or_no_findings_name_none() -> None:
    assert restated_finding("", FINDINGS) is None
    assert restated_finding("copilot studio", []) is None


# --- through the plan and a build ---------------------------------------------------------------


def links_of(body: str, front: str = ""):
    items = [make(OLD, item_text("Governance study", "2026-01-01", OLD_FINDINGS, **GATE)),
             make(NEW, item_text("Platform study", "2026-02-01", NEW_FINDINGS, body, front, **GATE))]
    known = {item.slug: item for item in items}
    return plan(items, {item.slug: extract(item) for item in items}, known, undated_suffixes(known))


RESTATING = (f"- [inference; source: {URL}] External pipelines cannot be authoritative because Copilot Studio "
             "remains bypassable by default: the product still exposes direct publish paths to makers.")


def test_a_restated_finding_cited_by_url_in_an_evidence_bracket_is_built_on() -> None:
    result = links_of(RESTATING)
    [link] = result.links[NEW]
    assert link.relation is RelationType.EXTENDS  # no stance word: built on
    assert link.target_claim.startswith(f"claim:{OLD}:copilot-studio")
    assert link.source_number == 1  # the finding that says what the sentence says
    assert result.required[OLD] == frozenset({1})


def test_a_restated_finding_with_a_stance_in_its_own_clause_is_built_on_and_warned() -> None:
    sentence = (f"Our pipeline test is consistent with the finding from `{OLD}.md` that Copilot Studio remains "
                "bypassable by default because direct publish paths stay exposed to makers.")
    result = links_of(sentence)
    [link] = result.links[NEW]
    # this item's test agrees, in its own clause, with the finding it restates: supports, and the warning gives
    # the marker that says it is derived instead
    assert link.relation is RelationType.SUPPORTS and f"claim:{OLD}:copilot-studio" in link.target_claim
    [hint] = [i for i in result.issues if "in its own clause" in i.message]
    assert f"[extends: {OLD} KF" in hint.hint
    # which side agrees is not said: extends, and the warning gives the marker that states the stance
    result = links_of(sentence.replace("Our pipeline test", "The pipeline test"))
    [link] = result.links[NEW]
    assert link.relation is RelationType.EXTENDS and f"claim:{OLD}:copilot-studio" in link.target_claim
    [hint] = [i for i in result.issues if "prose is not read as a stance" in i.message]
    assert f"[supports: {OLD} KF" in hint.hint


def test_a_citation_that_restates_no_finding_links_no_claims() -> None:
    assert links_of(f"- [inference; source: {URL}] Vendor administration needs a roadmap.").links == {}


def test_a_restatement_no_finding_of_this_item_clearly_says_links_no_claims() -> None:
    # the cited end is sure, the citing end would be a guess: the item→item extends says all there is
    body = (f"- [fact; source: {URL}] Retirement is complete only when registry, runtime, credentials and archive "
            "evidence converge, on vendor platforms too.")  # one word ("vendor") of this item's finding 2
    assert links_of(body).links == {}


def test_framing_sections_and_reading_lists_restate_nothing() -> None:
    framing = f"## Context\n\nThe earlier `{OLD}.md` found that Copilot Studio remains bypassable by default.\n"
    reading = (f"- `{OLD}.md` — Copilot Studio remains bypassable by default because the product still exposes "
               "direct publish paths to makers.")
    for body in (framing, reading):
        assert links_of(body).links == {}


def test_a_trailing_source_note_cites_the_sentence_before_it(tmp_path: Path) -> None:
    body = ("External pipelines cannot be authoritative because Copilot Studio remains bypassable by default and "
            f"exposes direct publish paths to makers. Source: {URL}")
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    (folder / f"{OLD}.md").write_text(item_text("Governance study", "2026-01-01", OLD_FINDINGS), encoding="utf-8")
    (folder / f"{NEW}.md").write_text(item_text("Platform study", "2026-02-01", NEW_FINDINGS, body), encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("items: Research/completed\ngraph: memory.jsonl\n", encoding="utf-8")
    result = build(config_module.load(tmp_path))
    [relation] = [r for r in result.graph.relations if r.source.startswith(f"claim:{NEW}:")
                  and r.target.startswith(f"claim:{OLD}:")]
    assert relation.relation_type == RelationType.EXTENDS and relation.target.startswith(f"claim:{OLD}:copilot-studio")
    manifest = json.loads(manifest_path(tmp_path / "memory.jsonl").read_text(encoding="utf-8"))
    [evidence] = manifest["items"][NEW]["evidence"]
    assert evidence[3] == f"Source: {URL}" and evidence[4] == f"Research/completed/{NEW}.md:{body_line(tmp_path)}"


def body_line(root: Path) -> int:
    text = (root / "Research" / "completed" / f"{NEW}.md").read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(text, 1) if line.startswith("External pipelines"))


def test_a_described_finding_is_the_one_whose_claim_the_description_covers_clearly() -> None:
    from kgsync.extract.restated import FindingIndex
    index = FindingIndex(FINDINGS)
    # a paraphrase too short for a restatement, but clearly of finding 2's claim
    about = "prior repository work arguing for a central control plane"
    assert index.restated(" ".join(sorted(content_words(about)))) is None
    found = index.described(about)
    assert found is not None and found.number == 2
    # words shared evenly with two findings' claims: which one is not said
    twins = FindingIndex([_Finding(1, "Direct publish paths remain open in Copilot Studio."),
                          _Finding(2, "Direct publish paths remain open in Power Apps.")])
    assert twins.described("prior work showing direct publish paths remain open") is None
    assert index.described("prior repository work") is None


def _own_words_token_by_token(sentence: str, written: list[str]) -> frozenset[str]:
    """``restated._own_words`` as first written, each token tested in turn: the oracle of the filters."""
    from kgsync.extract.evidence_model import MARKUP, content_words
    from kgsync.extract.restated import _ADDRESS, _BRACKET, MAX_SAID

    text = _BRACKET.sub(" ", MARKUP.sub(lambda m: m.group(1) or "", sentence[:MAX_SAID]))
    present = [w for w in written if w in text]
    address = _ADDRESS.search(text) is not None
    if not present and not address:
        return content_words(text)
    return content_words(" ".join(token for token in text.split()
                                   if not (address and _ADDRESS.search(token)) and not any(w in token for w in present)))


_SAID_PIECES = st.sampled_from(["see ", "https://x.org/a ", "notes.md", "a.html", "2026-01-02-slug", "x.md ", "[fact] ",
                                "**bold** ", "[text](u) ", "caching ", "layer ", "\u2003", "\x1c", "\n", " ", "md", "-"])


@given(st.lists(st.one_of(_SAID_PIECES, st.text(max_size=4)), max_size=20).map("".join),
       st.lists(st.sampled_from(["x.md", "slug", "a", "", "see notes", "2026"]), max_size=3))
@settings(max_examples=400, deadline=None)
def test_own_words_drop_the_tokens_the_token_loop_drops(sentence: str, written: list[str]) -> None:
    from kgsync.extract.restated import _own_words

    assert _own_words(sentence, written) == _own_words_token_by_token(sentence, written)


# --- reported_words and FindingIndex.reported: "the prior X item concluded that …" ----------------


def test_a_report_of_what_described_earlier_work_found_is_its_that_clause() -> None:
    from kgsync.extract.restated import reported_words

    sentence = (f"- [fact; source: {URL}] The completed governance item concluded that Copilot Studio stays "
                "bypassable by default.")
    assert reported_words(sentence).split() == ["bypassable", "copilot", "default", "stays", "studio"]
    # a short qualifier and an adverb between the description and its report
    assert "bypassable" in reported_words("Prior repository work on low-code platforms already found that "
                                          "Copilot Studio stays bypassable.")
    # the clause ends where the sentence turns to comment on the report
    commented = reported_words("The prior item found that publish paths stay open, which matters here because "
                               "vendor gates are advisory.")
    assert commented.split() == ["open", "paths", "publish", "stay"]


def test_no_report_without_a_that_clause_on_earlier_work() -> None:
    from kgsync.extract.restated import reported_words

    assert reported_words("The prior item found Copilot Studio bypassable.") == ""  # no that-clause
    assert reported_words("This item found that Copilot Studio stays bypassable.") == ""  # this item's own
    assert reported_words("Our analysis shows that publish paths stay open.") == ""
    assert reported_words("The item that Copilot Studio stays bypassable is old.") == ""  # a relative clause
    assert reported_words("The prior item, which was short, says that paths stay open.") == ""  # another clause
    assert reported_words("The prior item on one two three four five six topics says that paths stay open.") == ""


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=600))
def test_reported_words_never_fails_and_is_sorted(text: str) -> None:
    from kgsync.extract.restated import reported_words

    words = reported_words(f"The prior item found that {text}").split()
    assert words == sorted(set(words))


def test_a_report_names_the_finding_it_restates_well_above_any_other() -> None:
    from kgsync.extract.restated import FindingIndex, reported_words

    index = FindingIndex(FINDINGS)
    report = reported_words("The completed governance item concluded that Copilot Studio stays bypassable by default.")
    assert index.restated(report) is None  # too few of the claim's words for a restatement
    found = index.reported(report)
    assert found is not None and found.number == 1
    # words two findings share alike: which one is not said
    twins = FindingIndex([_Finding(1, "Direct publish paths remain open in Copilot Studio."),
                          _Finding(2, "Direct publish paths remain open in Power Apps.")])
    assert twins.reported(reported_words("The prior item found that direct publish paths remain open.")) is None
    # a lead of exactly twice the runner-up is no clear lead
    pair = FindingIndex([_Finding(1, "Gamma delta theta iota kappa."), _Finding(2, "Epsilon zeta.")])
    assert pair.reported("epsilon gamma delta iota theta zeta") is None  # 4 against 2: exactly twice
    found = pair.reported("epsilon gamma delta iota kappa theta zeta")  # 5 against 2
    assert found is not None and found.number == 1


REPORT = (f"[fact; source: {URL}] The completed governance item concluded that Copilot Studio stays bypassable "
          "by default.")


def _held_report(sentence: str, marker: str = ""):
    findings = "\n".join((f"1. **{NEW_FINDINGS[0]}** Confidence: high.{marker}",
                          f"2. **{NEW_FINDINGS[1]}** Confidence: high.\n   {sentence}"))
    text = item_text("Platform study", "2026-02-01", NEW_FINDINGS, **GATE)
    text = text.replace("\n".join(f"{n}. **{f}** Confidence: high." for n, f in enumerate(NEW_FINDINGS, 1)), findings)
    items = [make(OLD, item_text("Governance study", "2026-01-01", OLD_FINDINGS, **GATE)), make(NEW, text)]
    known = {item.slug: item for item in items}
    return plan(items, {item.slug: extract(item) for item in items}, known, undated_suffixes(known))


def test_a_report_a_finding_holds_extends_the_finding_it_restates_from_that_finding() -> None:
    [link] = _held_report(REPORT).links[NEW]
    assert link.relation is RelationType.EXTENDS and link.source_number == 2
    assert link.target_claim.startswith(f"claim:{OLD}:copilot-studio")
    # "this" before the description, in another clause, does not make the work this item's
    [link] = _held_report(REPORT.replace("The completed", "For this finding, the completed")).links[NEW]
    assert link.target_claim.startswith(f"claim:{OLD}:copilot-studio")


def test_a_report_no_finding_holds_is_evidence_for_a_link_said_elsewhere_else_a_warning() -> None:
    result = links_of("- " + REPORT)
    assert result.links == {}  # which finding of this item uses it is not said
    [issue] = [i for i in result.issues if f"{OLD} Key Finding 1" in i.message]
    assert issue.message.startswith(f"restates {OLD} Key Finding 1") and f"[extends: {OLD} KF1 from KF<n>]" in issue.hint
    # where finding 1 says it uses that finding (an author's marker), the sentence is one more piece of
    # evidence for that link: the marker's line and the report's
    text = item_text("Platform study", "2026-02-01", NEW_FINDINGS, "- " + REPORT, **GATE).replace(
        f"**{NEW_FINDINGS[0]}** Confidence: high.", f"**{NEW_FINDINGS[0]}** Confidence: high. [extends: {OLD} KF1]")
    items = [make(OLD, item_text("Governance study", "2026-01-01", OLD_FINDINGS, **GATE)), make(NEW, text)]
    known = {item.slug: item for item in items}
    links = plan(items, {item.slug: extract(item) for item in items}, known, undated_suffixes(known)).links[NEW]
    assert {(link.source_number, link.relation, link.target_claim) for link in links} == \
        {(1, RelationType.EXTENDS, links[0].target_claim)}
    assert any("concluded that" in link.sentence for link in links) and len(links) == 2


# --- reported_words: "that" after a verb (a report), not after a noun phrase (a relative clause) ---


def test_that_after_an_object_noun_phrase_opens_a_relative_clause_not_a_report() -> None:
    from kgsync.extract.restated import reported_words

    # a determiner after the verb: "that" follows the object's noun phrase
    assert reported_words("The prior item defines the search layer that this interface sits on.") == ""
    assert reported_words("Each synthesis claim needs a minimum provenance record that includes the item slug.") == ""
    assert reported_words("The direct evidence favors a human role that forces clarification.") == ""
    assert reported_words("The synthesis item produced an intervention map that covered steering.") == ""


def test_the_word_before_a_reported_that_is_a_verb_form() -> None:
    from kgsync.extract.restated import reported_words

    # a singular subject's bare noun, a number, a function word: no verb before "that"
    assert reported_words("The prior item's anomaly detection requirement that consumes the baseline.") == ""
    assert reported_words("The prior item covers Layer 3 and Layer 8 that the PIP must synthesise.") == ""
    assert reported_words("No research directory exists in that repo.") == ""
    assert reported_words("The key finding is that synthesis reduces entropy.") == ""
    # a coordinated subject takes a plural verb: an -s form after "and" is a plural noun
    assert reported_words("It captures approvals, evidence, and ownership records that can be shown later.") == ""
    assert reported_words("It lacks the schema, status, and evidence structures that exchange expects.") == ""


def test_a_noun_after_the_work_s_own_verb_is_no_verb_before_that() -> None:
    from kgsync.extract.restated import reported_words

    def reports(sentence: str) -> bool:
        return "bypassable" in reported_words(sentence)

    # a number starts the object's noun phrase, as a determiner does
    assert not reports("Prior work already established two adjacent points that keep Copilot Studio bypassable.")
    # an -s form right after the work noun is its verb: the -s word before "that" is its object's plural noun
    assert not reports("The prior item describes machine-readable contract stacks that keep Copilot Studio bypassable.")
    # ... and so is a noun after "and" in that object (not a coordinated subject's plural verb)
    assert not reports("Over-classifying items creates workaround pressure and shadow development that keep "
                       "Copilot Studio bypassable.")
    # a phrase after a preposition that follows a verb ends in a noun, not the subject's verb
    assert not reports("The question is whether the companion items compose into one lifecycle standard that keeps "
                       "Copilot Studio bypassable.")
    # a form of "be" is no reporting verb, with a plural subject too
    assert not reports("The only tension across the companion items is that Copilot Studio stays bypassable.")


def test_a_participle_or_a_phrase_after_the_work_noun_keeps_the_report() -> None:
    from kgsync.extract.restated import reported_words

    def reports(sentence: str) -> bool:
        return "bypassable" in reported_words(sentence)

    # an -ed word after the noun may describe the work; a phrase after a preposition next to the noun is the subject's
    assert reports("The research completed in March found that Copilot Studio stays bypassable.")
    assert reports("Prior work on exploit and explore argues that Copilot Studio stays bypassable.")


def test_each_verb_form_before_that_is_a_report() -> None:
    from kgsync.extract.restated import reported_words

    def reports(sentence: str) -> bool:
        return "bypassable" in reported_words(sentence)

    assert reports("The completed item concluded that Copilot Studio stays bypassable.")  # -ed
    assert reports("The completed item found that Copilot Studio stays bypassable.")  # an irregular past (WordNet)
    assert reports("The completed item concludes that Copilot Studio stays bypassable.")  # an -s form
    assert reports("The same item also qualifies that Copilot Studio stays bypassable.")
    assert reports("The adjacent item showing that Copilot Studio stays bypassable is old.")  # a participle
    assert reports("The prior item concluded only that Copilot Studio stays bypassable.")  # an adverb in -ly
    # a determiner after a preposition stands in the subject, not after the verb
    assert reports("Earlier research in this repository found that Copilot Studio stays bypassable.")
    # a base form with a plural subject: plural, coordinated, or with a floating quantifier
    assert reports("The prior results show that Copilot Studio stays bypassable.")
    assert reports("Repository-scale studies and practitioner cases show that Copilot Studio stays bypassable.")
    assert reports("XACML role separation and prior repository work all show that Copilot Studio stays bypassable.")
    # "and" inside a prepositional phrase, between modifiers or between clauses does not coordinate the subject
    assert reports("Prior work on exploit and explore argues that Copilot Studio stays bypassable.")
    assert reports("Historical and theoretical evidence suggests that Copilot Studio stays bypassable.")
    assert reports("Staff leave, and the repository's identity work shows that Copilot Studio stays bypassable.")


def test_the_irregular_past_forms_come_from_wordnet() -> None:
    from kgsync.extract.restated import _irregular_past

    forms = _irregular_past()
    assert {"found", "drew", "shown", "thought", "held", "said"} <= forms
    # no form of "be" (a copula's "that" is no report), and none morphology tells (-s, -ing, -ed)
    assert not {"was", "were", "been", "am", "are"} & forms
    assert not any(form.endswith(("s", "ing", "ed")) or form != form.lower() for form in forms)


def test_a_relative_clause_a_finding_holds_links_nothing() -> None:
    relative = (f"[fact; source: {URL}] Each governance item needs a minimum publish record that says Copilot "
                "Studio stays bypassable by default.")
    assert _held_report(relative).links.get(NEW, []) == []
