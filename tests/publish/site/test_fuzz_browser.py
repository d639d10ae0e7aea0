"""Fuzz: items whose every field is drawn from all of Unicode plus Markdown, HTML, Jinja and YAML
fragments go through the real build, the real site render and ``mkdocs build``; headless
Chromium then opens every page.  No script may run, no link may be a javascript:/data: URL.

Each example is a full mkdocs build (seconds), so the example count is small; the fragments
make each example dense (every field of three items holds several).  Slow.
"""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kgsync.read import config as config_module
from kgsync.pipeline.stages import build
from kgsync.publish.site import project as site
from tests.publish.site.webdriver import WebDriver, _QuietHandler

pytestmark = pytest.mark.slow

FRAGMENTS = (
    "<script>window.__xss=1</script>", '<img src=x onerror="window.__xss=2">', "[clickme](javascript:window.__xss=3)",
    "[d](data:text/html,<script>window.__xss=4</script>)", '<a href="javascript:window.__xss=5">a</a>',
    "{{ 7*7 }}", "{% raw %}", "{: onclick=\"window.__xss=6\" }", "\n---\ntitle: x\n---\n", "\n```\n", "!!! note",
    "<svg onload=window.__xss=7>", "](javascript:window.__xss=8)", "<!--", "]]>", "&#106;avascript:window.__xss=9",
    "\x85", "\u2028", "\ufffe", "\x1b[31m", "\\", '"', "'", "|", "#", "*", "_", "`", "- ", "1. ", ": ", "&", "\t",
    "javascript:window.__xss=10", "data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTE8L3NjcmlwdD4=",
    "<iframe src=javascript:window.__xss=12>", "<object data=javascript:window.__xss=13>",
)
TEXT = st.lists(st.one_of(st.text(min_size=1, max_size=6), st.sampled_from(FRAGMENTS)), min_size=1, max_size=5).map(
    "".join)
URL = st.one_of(st.sampled_from(["javascript:window.__xss=20", "data:text/html,<script>window.__xss=21</script>",
                                 "JaVaScRiPt:window.__xss=22", " javascript:window.__xss=23"]),
                TEXT.map(lambda t: f"https://example.org/{t}"))
FIELDS = st.fixed_dictionaries({"title": TEXT, "themes": st.lists(TEXT, min_size=1, max_size=3), "finding": TEXT,
                                "term": TEXT, "summary": TEXT, "url": URL})


def _item(index: int, fields: dict) -> str:
    front = yaml.safe_dump({"title": f"{fields['title']} {index}", "completed": f"2026-01-0{index + 1}",
                            "themes": fields["themes"], "confidence": "high"}, allow_unicode=True)
    return (f"---\n{front}---\n\n# Item {index}\n\n## Research Question\n\n{fields['title']}?\n\n"
            f"## Executive Summary\n\n{fields['summary']} about **{fields['term']}**.\n\n"
            f"## Key Findings\n\n1. **{fields['term']}** matters: {fields['finding']}\n"
            f"2. [{fields['term']}]({fields['url']}) {fields['finding']}\n\n"
            f"## Sources\n\n- [{fields['term']}]({fields['url']})\n- {fields['url']}\n")


HOSTILE_URL = ("return [...document.querySelectorAll('*')].flatMap(e => [...e.attributes])"
               ".filter(a => ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(a.name))"
               ".map(a => a.value.trim().toLowerCase()).filter(v => /^(javascript|data|vbscript):/.test(v))")


@given(FIELDS)
@example({"title": "x\x9b [clickme](javascript:window.__xss=1)", "themes": ["a\x7fb", "ok"], "finding": "f",
          "term": "retrieval", "summary": "s", "url": "javascript:window.__xss=2"})
@example({"title": "y\ufffe [clickme](javascript:window.__xss=3)", "themes": ["ok"], "finding": "\x80",
          "term": "\uffff", "summary": "<script>window.__xss=4</script>", "url": "data:text/html,x"})
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                HealthCheck.too_slow, HealthCheck.data_too_large])
def test_no_item_text_runs_or_links_a_script_url(browser: WebDriver, tmp_path_factory, fields: dict) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True)
    for index in range(3):  # terms recur in three items, so they become concept nodes with aliases
        (folder / f"2026-01-0{index + 1}-item-{index}.md").write_text(_item(index, fields), encoding="utf-8")
    cfg = config_module.load(root).with_overrides(cache_dir="")
    result = build(cfg)
    site.render_project(result.graph, result.items, cfg.site, root / "project",
                        {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"})
    site.build_html(root / "project", root / "out")
    pages = sorted(p.relative_to(root / "out").parent.as_posix() for p in (root / "out").rglob("index.html"))
    handler = functools.partial(_QuietHandler, directory=str(root / "out"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        for page in pages:
            browser.get(base + ("" if page == "." else page + "/"))
            browser.wait("return document.readyState === 'complete'")
            assert browser.js("return window.__xss === undefined"), f"a script ran on {page}"
            assert browser.js(HOSTILE_URL) == [], f"a script URL on {page}"
    finally:
        httpd.shutdown()
        httpd.server_close()
