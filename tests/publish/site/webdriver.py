"""Headless Chromium driven over the W3C WebDriver protocol (stdlib ``urllib``, no Selenium),
and a quiet static file server for built sites.

A support module, not a test module: the ``browser`` fixture (tests/publish/site/conftest.py)
and the browser tests import from here (tests/test_layout.py).
"""

from __future__ import annotations

import base64
import http.server
import json
import os
import shutil
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.conftest import missing as fail_or_skip


CHROMIUM = os.environ.get("KGSYNC_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("KGSYNC_CHROMEDRIVER", "/usr/bin/chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,900",
]


def _require_browser() -> None:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not (Path(p).exists() or shutil.which(p))]
    if missing:
        fail_or_skip(f"not installed: {', '.join(missing)} (chromium and chromium-driver)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriver:
    """The few W3C WebDriver commands the test needs."""

    def __init__(self, base: str, session: str):
        self.base, self.session = base, session

    @staticmethod
    def call(base: str, method: str, path: str, body: dict | None = None, timeout: float = 60) -> object:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"null")["value"]
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"WebDriver {method} {path}: {exc.read()[:500]!r}") from None

    def __call__(self, method: str, path: str, body: dict | None = None) -> object:
        return self.call(self.base, method, f"/session/{self.session}{path}", body)

    def get(self, url: str) -> None:
        self("POST", "/url", {"url": url})

    def find_all(self, css: str) -> list[str]:
        return [e[ELEMENT] for e in self("POST", "/elements", {"using": "css selector", "value": css})]

    def find(self, css: str) -> str:
        return self("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def js(self, script: str, *args: object) -> object:
        return self("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script: str, *args: object, timeout: float = 20) -> object:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(script, *args)
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for: {script}")

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self("GET", "/screenshot")))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass
