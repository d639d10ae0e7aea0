"""The site tests' shared fixture: a headless Chromium session (tests/publish/site/webdriver.py)."""

from __future__ import annotations

import subprocess
import time

import pytest

from tests.publish.site.webdriver import CHROMEDRIVER, CHROMIUM, FLAGS, WebDriver, _free_port, _require_browser


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    _require_browser()
    port = _free_port()
    log = tmp_path_factory.mktemp("chromedriver") / "chromedriver.log"
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={port}", f"--log-path={log}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if WebDriver.call(base, "GET", "/status", timeout=2)["ready"]:
                    break
            except (OSError, AssertionError):
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"chromedriver did not start; see {log}")
            time.sleep(0.1)
        profile = tmp_path_factory.mktemp("chromium-profile")
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": [*FLAGS, f"--user-data-dir={profile}"]},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}
        session = WebDriver.call(base, "POST", "/session", capabilities, timeout=120)["sessionId"]
        wd = WebDriver(base, session)
        yield wd
        wd("DELETE", "")
    finally:
        driver.terminate()
        try:
            driver.wait(timeout=10)
        except subprocess.TimeoutExpired:
            driver.kill()
