"""``kgsync.extract.markup``: what mining reads of an item's Markdown (fast forms held to the plain patterns)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import markup
from tests.fence_cases import MIXED_AND_LONG_FENCES


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("ab1+.-_:/ éxﬁ\n") + ["://", "http", "https://", "abcdefghijklmnop"]),
                max_size=30).map("".join))
def test_link_schemes_are_what_the_scheme_pattern_finds(text: str) -> None:
    assert markup._link_schemes(text) == markup._LINK_SCHEME.findall(text)


_MARKUP_PIECES = st.sampled_from(["[fact]", "[inference; source: x]", "[hypothesis", "[fact ", "[", "]", "(", ")", ";",
                                  "[text](http://a.b)", "![alt](src)", "](", "http://x.y/z", "https://", "www.a", "www",
                                  "<b>", "</i>", "<", ">", " ", "\n", "word", "é", "_"])


@given(st.lists(st.lists(st.one_of(_MARKUP_PIECES, st.text(max_size=3)), max_size=12).map("".join), max_size=5))
@settings(max_examples=500, deadline=None)
def test_the_zones_cleaned_one_by_one_and_joined_are_the_joined_zones_cleaned(zones: list[str]) -> None:
    """``candidates`` cleans each zone once and joins them (for units and the dense text): no label,
    link, URL or tag spans a line."""
    assert "\n".join(map(markup.clean, zones)) == markup.clean("\n".join(zones))


@given(st.lists(st.one_of(_MARKUP_PIECES, st.sampled_from(["!", "![", "![alt](src)", "[a](b)", "[[x](y)"]),
                          st.text(max_size=3)), max_size=16).map("".join))
@settings(max_examples=500, deadline=None)
def test_a_text_with_no_bang_loses_its_link_targets_as_with_the_image_pattern(text: str) -> None:
    """``clean`` reads links with a pattern led by "[" alone where the text has no "!": the same as
    the one that also takes "![alt](src)"."""
    from kgsync.extract.acronyms import WEB_ADDRESS
    from kgsync.extract.findings import EVIDENCE_LABEL

    expected = markup._HTML.sub(" ", WEB_ADDRESS.sub(" ", markup._LINK.sub(r"\1", EVIDENCE_LABEL.sub(" ", text))))
    assert markup.clean(text) == expected
    assert markup._TEXT_LINK.sub(r"\1", text.replace("!", "")) == markup._LINK.sub(r"\1", text.replace("!", ""))


@given(st.lists(st.sampled_from(["**", "__", "*", "_", "a", "MCP", "graph", " ", ":", "\n", "x y", "`c d`"]),
                max_size=24).map("".join))
@settings(max_examples=500, deadline=None)
def test_a_text_with_no_underscore_pair_is_emphasised_as_with_both_markers(text: str) -> None:
    """``emphasised`` reads bold with a pattern led by "**" alone where the text has no "__"."""
    expected = [m.span() for m in markup._BOLD.finditer(text)]
    assert [m.span() for m in (markup._BOLD if "__" in text else markup._STARS_BOLD).finditer(text)] == expected
    without = text.replace("_", "")
    assert [m.span() for m in markup._STARS_BOLD.finditer(without)] == [m.span() for m in markup._BOLD.finditer(without)]


def test_a_repository_written_as_a_path_is_a_name_where_the_item_writes_it() -> None:
    text = ("Targets: `davidamitchell/Memory-System` ([link](https://github.com/davidamitchell/Agent-Evaluation/blob/"
            "main/README.md)); Low-Code/No-Code tools; the `hneurons/H-Neurons` code; `org/Policy-LSP`.")
    assert markup.repository_names(text) == {"Memory-System", "Agent-Evaluation"}
    # common words capitalised and hyphen-joined only: a slash in prose joins alternatives, and a letter
    # or an acronym of the name's own is how the idea itself is written ("H-Neurons")
    assert markup.without_names("The Memory-System repository; memory systems; Memory-Systems",
                                frozenset({"Memory-System"})) == "The ; repository; memory systems; Memory-Systems"
    assert markup.without_names("x/Memory-System", frozenset({"Memory-System"})) == "x/Memory-System"


@pytest.mark.parametrize("block", MIXED_AND_LONG_FENCES.values(), ids=list(MIXED_AND_LONG_FENCES))
def test_a_mixed_or_longer_fence_is_removed_to_the_line_github_closes_it_at(block) -> None:
    text = "Prose before.\n" + block("code line") + "Prose after.\n"
    assert markup.without_fences(text) == "Prose before.\n\n\nProse after.\n"



#: Text around and between paths: words, slashes, marks.
_NOISE = st.lists(st.sampled_from(["github.com/", "/", "-", "`", " ", "\n", "x", "Ab", "Memory", "_", ".", "é"]),
                  max_size=5).map("".join)
#: A repository path or something near one: a host or a code mark, an owner, words joined by hyphens, an end.
_PATHS = st.builds(lambda lead, owner, words, end: f"{lead}{owner}/{'-'.join(words)}{end}",
                   st.sampled_from(["github.com/", "`", "", " ", "gitlab.com/"]), st.sampled_from(["davidamitchell", "a", "x.y", ""]),
                   st.lists(st.sampled_from(["Api", "Memory", "Ab", "ab", "AB", "Système"]), min_size=1, max_size=3),
                   st.sampled_from(["`", "", " ", "-x", "x", "/"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_NOISE, _PATHS), max_size=4).map("".join))
def test_the_repository_names_are_those_the_path_pattern_finds_in_the_whole_text(text: str) -> None:
    """``repository_names`` searches for a slash before a hyphenated name first: it finds every name
    ``_REPOSITORY`` finds over the whole text, and no other."""
    found = frozenset(url or code for url, code in markup._REPOSITORY.findall(text))
    assert markup.repository_names(text) == found


@pytest.mark.parametrize(("text", "expected"), [
    # CommonMark 6.3: a destination holds balanced parentheses, or is written in "<…>"
    ("See [BM25](https://en.wikipedia.org/wiki/Okapi_BM25_(ranking)) here.", "See BM25 here."),
    ("A [link](javascript:alert(2)) ends here.", "A link ends here."),
    ("An ![image](https://e.org/a_(b).png) too.", "An image too."),
    ("A [link](<https://e.org/a(b> \"t\") ends.", "A link ends."),
    ("Unclosed [x](https://e.org/a(b and more) stays a link to the first close.", "Unclosed x stays a link to the first close."),
])
def test_a_link_address_with_parentheses_leaves_no_stray_parenthesis(text: str, expected: str) -> None:
    """qa128 row 7: the address ended at its first ")", and the rest ("ranking))") was read as prose."""
    assert " ".join(markup.clean(text).split()) == expected
