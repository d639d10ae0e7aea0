"""Tests of kgsync.publish.site.check: every internal link and resource of a built site resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.publish.site.check import broken_links, main


def _site(root: Path, pages: dict[str, str]) -> Path:
    for name, body in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return root


def test_a_linked_site_has_no_broken_links(tmp_path: Path) -> None:
    site = _site(tmp_path, {
        "index.html": '<a href="concepts/rag/">rag</a> <a href="concepts/rag/#why">why</a> <img src="x.png">'
                      '<a href="https://example.org/a">out</a> <a href="#top" id="top">top</a>',
        "concepts/rag/index.html": '<h2 id="why">Why</h2><a href="../../">home</a>',
    })
    (site / "x.png").write_bytes(b"")
    assert broken_links(site) == []


def test_each_broken_link_is_named_with_its_page_and_why(tmp_path: Path) -> None:
    site = _site(tmp_path, {
        "index.html": '<a href="missing/">a</a><a href="page/#nope">b</a><a href="/abs/">c</a>'
                      '<a href="../../etc/passwd">d</a><a href="javascript:alert(1)">e</a>',
        "page/index.html": "<p id=here>x</p>",
    })
    assert broken_links(site) == [
        "index.html: <a> missing/ (no such file)",
        "index.html: <a> page/#nope (no id 'nope' in page/index.html)",
        "index.html: <a> /abs/ (absolute path: breaks when the site is served from a sub-path)",
        "index.html: <a> ../../etc/passwd (leaves the site)",
        "index.html: <a> javascript:alert(1) (scheme 'javascript')",
    ]


def test_the_404_page_may_link_from_the_root(tmp_path: Path) -> None:
    site = _site(tmp_path, {"404.html": '<a href="/">home</a><a href="/gone/">gone</a>', "index.html": ""})
    assert broken_links(site) == ["404.html: <a> /gone/ (no such file)"]


def test_main_exits_1_on_a_broken_link_and_2_without_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main([str(_site(tmp_path / "ok", {"index.html": "<p>x</p>"}))]) == 0
    assert main([str(_site(tmp_path / "bad", {"index.html": '<a href="x/">x</a>'}))]) == 1
    assert "index.html: <a> x/ (no such file)" in capsys.readouterr().out


def test_the_404_page_of_a_site_published_under_a_path_links_from_that_path(tmp_path: Path) -> None:
    # qa164: with site.url https://owner.github.io/repo/ the engine writes the 404 page's links under /repo/;
    # the check read them from the host's root and called every one broken, so the Pages workflow could not
    # publish a project site whole.
    site = _site(tmp_path, {"404.html": '<link href="/repo/assets/x.css"><a href="/repo/">home</a>'
                                        '<a href="/repo/gone/">gone</a><a href="/other/">out</a>',
                            "index.html": "", "assets/x.css": ""})
    assert broken_links(site, url="https://owner.github.io/repo/") == [
        "404.html: <a> /repo/gone/ (no such file)",
        "404.html: <a> /other/ (outside /repo/, the path of the address the site is published at)",
    ]
    assert broken_links(site, url="https://owner.github.io/repo") == broken_links(site, url="https://owner.github.io/repo/")


def test_main_reads_the_published_address_after_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = _site(tmp_path, {"404.html": '<a href="/repo/">home</a>', "index.html": ""})
    assert main([str(site)]) == 1  # read from the root: /repo/ is no folder of the site
    assert main([str(site), "--url", "https://owner.github.io/repo/"]) == 0
    assert main([str(site), "--url"]) == 2
    assert "usage: python -m kgsync.publish.site.check SITE_DIR [--url URL]" in capsys.readouterr().err
