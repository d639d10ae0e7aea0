"""The fields an item's sections fill: its research question, executive summary, key findings and
sources, and the warning for each of those sections it lacks (at the code fence never closed that
hides its heading, or the HTML comment that holds it, when one does).  Split from ``kgsync.read.items``, which parses the file and
calls ``with_sections`` once its body is cut into sections.
"""

from __future__ import annotations

from dataclasses import replace

from kgsync.read.item_model import Issue, IssueMaker, IssueSeverity, ResearchItem
from kgsync.read.item_sections import (Section, commented_headings, heading_key, list_entries, plain_text, section_place,
                                       swallowed_headings)
from kgsync.read.item_sources import listed_sources, unlisted_links


def with_sections(item: ResearchItem, problem: IssueMaker, warnings: list[Issue]) -> tuple[ResearchItem, list[Issue]]:
    """``item`` with the fields its sections fill (question, summary, findings, sources), and
    ``warnings`` with one for each of those sections it lacks or writes in a way the build cannot read."""
    question = item.section(*_QUESTION)
    summary = _findings_subsection(item, "executive summary")
    findings = _findings_subsection(item, "key findings")
    sources = item.section("sources", "references")
    for wanted, found, keys in (("Research Question", question, _QUESTION), ("Executive Summary", summary, ()),
                                ("Key Findings", findings, ())):
        if found is None:
            place = section_place(item.sections, wanted, summary, findings)
            warnings.append(_missing_section(item, problem, wanted, keys or (wanted.lower(),), place))
    parsed_findings = list_entries(findings) if findings else ()
    if findings is not None and not parsed_findings:
        warnings.append(problem(IssueSeverity.WARNING, findings.line, "Key Findings has no list entries",
                                "write the findings as a numbered list"))
    for line, target in unlisted_links(sources) if sources else ():
        warnings.append(problem(IssueSeverity.WARNING, line, f"Sources entry links to {target!r}, which is no web "
                                "address: it is not listed among the item's sources (its page shows none of it)",
                                "link the source's web address (https://…), or write it as plain text"))
    listed = listed_sources(sources.text) if sources else ()
    item = replace(
        item,
        field_lines=item.field_lines + ((("sources", sources.line),) if sources else ()),
        research_question=plain_text(question.text) if question else "",
        executive_summary=plain_text(summary.text) if summary else "",
        key_findings=parsed_findings,
        sources=listed,
    )
    return item, warnings


_QUESTION = ("research question", "question / hypothesis", "question")


#: Where the item template puts a section the build reads, when it is not a top-level one: the
#: summary and the findings are subsections of "## Findings".
_TEMPLATE_HEADINGS = {"Executive Summary": "a '### Executive Summary' heading under the '## Findings' section",
                      "Key Findings": "a '### Key Findings' heading under the '## Findings' section"}


def _missing_section(item: ResearchItem, problem: IssueMaker, wanted: str, keys: tuple[str, ...],
                     place: tuple[int, str] | None) -> Issue:
    """The warning for a section the item lacks; at the code fence never closed that hides its heading, or at the
    HTML comment that holds it, if one does."""
    fence, marker, hidden = swallowed_headings(item.body, item.body_line)
    at = next((line for key, line in hidden if key in keys), 0)
    if at:
        return problem(IssueSeverity.WARNING, fence, f"no '{wanted}' section: its heading (line {at}) is inside the code "
                       f"fence opened at line {fence}, which is never closed",
                       f"close the code block with a {marker} line before the heading")
    at, opened = next(((line, comment) for key, line, comment in commented_headings(item.body, item.body_line)
                       if key in keys), (0, 0))
    if at:
        return problem(IssueSeverity.WARNING, opened, f"no '{wanted}' section: its heading (line {at}) is inside the HTML "
                       f"comment opened at line {opened}, which GitHub does not show: a commented-out section is not read",
                       "remove the comment's '<!--' and '-->' to publish the section")
    heading = _TEMPLATE_HEADINGS.get(wanted) or f"a '## {wanted}' section"
    line, where = (place[0], f" (here: {place[1]})") if place else (item.body_line, "")
    return problem(IssueSeverity.WARNING, line, f"no '{wanted}' section", f"add {heading}, as in the item template{where}")


def _findings_subsection(item: ResearchItem, name: str) -> Section | None:
    """Prefer the Findings part (the template repeats names inside §6 Synthesis)."""
    candidates = [s for s in item.sections if heading_key(s.heading) == name]
    if not candidates:
        return None
    findings = item.section("findings")
    if findings:
        after = [s for s in candidates if s.line > findings.line]
        if after:
            return after[0]
    return candidates[-1]
