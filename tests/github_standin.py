"""A local stand-in for the GitHub REST endpoints `kgsync pr` calls.

A threaded ``http.server`` on 127.0.0.1 with an in-memory repository: one
repo, its pull requests, their labels and comments.  It answers the way
api.github.com does for these endpoints (status codes, the JSON fields
PyGithub reads, GitHub's real error bodies), checks the bearer token, and
checks a PR's head branch against a real bare git repository, the remote
kgsync pushes to: a PR for a branch that was never pushed is a 422, exactly as
on GitHub.  Faults are injected per request (``fail``): N times 502, a 403 with
GitHub's permission message, a rate-limit 403...

Endpoints: GET /repos/{o}/{r}; GET, POST /repos/{o}/{r}/pulls;
GET, PATCH /repos/{o}/{r}/pulls/{n}; POST /repos/{o}/{r}/issues/{n}/labels;
POST /repos/{o}/{r}/issues/{n}/comments.  Anything else is a 404 and is
recorded in ``unhandled`` so a test notices a new call.
"""

from __future__ import annotations

import json
import re
import subprocess
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

DOCS = "https://docs.github.com/rest"

#: GitHub's limit on a label's name: a longer name, or a blank one, is refused with a 422.
LABEL_NAME_LIMIT = 50


def label_refused(name: str) -> dict[str, Any]:
    """GitHub's 422 for a label name it refuses (blank, or over ``LABEL_NAME_LIMIT`` characters)."""
    why = "can't be blank" if not name.strip() else f"is too long (maximum is {LABEL_NAME_LIMIT} characters)"
    return {"message": "Validation Failed",
            "errors": [{"resource": "Label", "code": "invalid", "field": "name", "message": f"name {why}"}],
            "documentation_url": "https://docs.github.com/rest/issues/labels#add-labels-to-an-issue",
            "status": "422"}


#: GitHub's bodies, verbatim (status as a string is what the API sends since 2024).
ACTIONS_NOT_PERMITTED = {
    "message": "GitHub Actions is not permitted to create or approve pull requests.",
    "documentation_url": "https://docs.github.com/rest/pulls/pulls#create-a-pull-request",
    "status": "403",
}
NOT_ACCESSIBLE = {
    "message": "Resource not accessible by integration",
    "documentation_url": "https://docs.github.com/rest/pulls/pulls#create-a-pull-request",
    "status": "403",
}
BAD_CREDENTIALS = {"message": "Bad credentials", "documentation_url": DOCS, "status": "401"}
RATE_LIMITED = {
    "message": "API rate limit exceeded for installation ID 1.",
    "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
    "status": "403",
}
BAD_GATEWAY = b"<html><body><h1>502 Bad Gateway</h1></body></html>"


@dataclass
class Fault:
    method: str
    path: str  # regular expression, matched against the path (no query)
    status: int
    body: Any = None  # dict -> JSON; bytes -> as is
    times: int = 1
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, list[str]]
    body: Any
    authorization: str
    status: int = 0


@dataclass
class Pull:
    number: int
    title: str
    body: str
    head: str
    base: str
    state: str = "open"
    labels: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


class GitHubStandIn:
    """``with GitHubStandIn(token, remote=bare) as gh: gh.api_url ...``"""

    def __init__(self, token: str, *, repo: str = "lab/research", remote: Path | None = None):
        self.token = token
        self.repo = repo
        self.remote = remote
        self.pulls: dict[int, Pull] = {}
        self.labels: set[str] = set()
        self.requests: list[Request] = []
        self.unhandled: list[str] = []
        self.faults: list[Fault] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)

    # -- lifecycle ---------------------------------------------------------------

    def __enter__(self) -> GitHubStandIn:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    @property
    def api_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def fail(self, method: str, path: str, status: int, body: Any = None, *, times: int = 1, **headers: str) -> None:
        self.faults.append(Fault(method, path, status, body, times, dict(headers)))

    def open_pulls(self) -> list[Pull]:
        return [p for p in self.pulls.values() if p.state == "open"]

    def writes(self) -> list[Request]:
        return [r for r in self.requests if r.method != "GET"]

    # -- state -------------------------------------------------------------------

    def _branch_sha(self, branch: str) -> str | None:
        if self.remote is None:
            return "0" * 40
        proc = subprocess.run(
            ["git", "--git-dir", str(self.remote), "rev-parse", "--verify", "-q", f"refs/heads/{branch}"],
            capture_output=True,
            text=True,
        )
        return proc.stdout.strip() or None

    def _repo_json(self) -> dict[str, Any]:
        owner, name = self.repo.split("/")
        return {
            "id": 1,
            "name": name,
            "full_name": self.repo,
            "owner": {"login": owner, "id": 1, "type": "Organization"},
            "private": False,
            "default_branch": "main",
            "url": f"{self.api_url}/repos/{self.repo}",
            "html_url": f"https://github.com/{self.repo}",
            "permissions": {"admin": False, "push": True, "pull": True},
        }

    def _pull_json(self, pr: Pull) -> dict[str, Any]:
        owner = self.repo.split("/")[0]
        api = f"{self.api_url}/repos/{self.repo}"
        return {
            "id": 1000 + pr.number,
            "number": pr.number,
            "state": pr.state,
            "title": pr.title,
            "body": pr.body,
            "url": f"{api}/pulls/{pr.number}",
            "issue_url": f"{api}/issues/{pr.number}",
            "html_url": f"https://github.com/{self.repo}/pull/{pr.number}",
            "head": {"ref": pr.head, "label": f"{owner}:{pr.head}", "sha": self._branch_sha(pr.head) or ""},
            "base": {"ref": pr.base, "label": f"{owner}:{pr.base}"},
            "labels": [{"name": name, "color": "ededed", "default": False} for name in pr.labels],
            "merged": False,
        }

    # -- HTTP --------------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        standin = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def _serve(self) -> None:
                split = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = raw.decode("utf-8", "replace")
                request = Request(
                    self.command, split.path, parse_qs(split.query), body, self.headers.get("Authorization", "")
                )
                with standin._lock:
                    standin.requests.append(request)
                    try:
                        status, payload, headers = standin._route(request)
                    except Exception as exc:  # a stand-in bug must show up as a failing test, not a hang
                        standin.unhandled.append(f"{request.method} {request.path}: {exc!r}")
                        status, payload, headers = 500, {"message": repr(exc)}, {}
                request.status = status
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                ctype = "text/html" if isinstance(payload, bytes) else "application/json; charset=utf-8"
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("X-GitHub-Media-Type", "github.v3; format=json")
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _serve

        return Handler

    def _route(self, request: Request) -> tuple[int, Any, dict[str, str]]:
        for fault in self.faults:
            if fault.times > 0 and fault.method == request.method and re.fullmatch(fault.path, request.path):
                fault.times -= 1
                body = fault.body if fault.body is not None else BAD_GATEWAY
                return fault.status, body, fault.headers
        if request.authorization not in (f"token {self.token}", f"Bearer {self.token}"):
            return 401, BAD_CREDENTIALS, {}
        prefix = f"/repos/{self.repo}"
        path, method = request.path, request.method
        if path == prefix and method == "GET":
            return 200, self._repo_json(), {}
        if path == f"{prefix}/pulls" and method == "GET":
            return 200, self._list(request), {}
        if path == f"{prefix}/pulls" and method == "POST":
            return self._create(request.body or {})
        match = re.fullmatch(rf"{re.escape(prefix)}/(pulls|issues)/(\d+)(/labels|/comments)?", path)
        if match and int(match.group(2)) in self.pulls:
            pr = self.pulls[int(match.group(2))]
            kind, tail = match.group(1), match.group(3)
            if kind == "pulls" and tail is None and method == "GET":
                return 200, self._pull_json(pr), {}
            if kind == "pulls" and tail is None and method == "PATCH":
                return self._edit(pr, request.body or {})
            if kind == "issues" and tail == "/labels" and method == "POST":
                # GitHub takes {"labels": [...]} or a bare list (PyGithub sends the list).
                body = request.body or []
                names = body.get("labels", []) if isinstance(body, dict) else body
                if bad := [n for n in names if not str(n).strip() or len(str(n)) > LABEL_NAME_LIMIT]:
                    return 422, label_refused(str(bad[0])), {}  # as GitHub: none of them is added
                for name in names:
                    self.labels.add(name)  # GitHub creates a missing label on the fly
                    if name not in pr.labels:
                        pr.labels.append(name)
                return 200, [{"name": n, "color": "ededed", "default": False} for n in pr.labels], {}
            if kind == "issues" and tail == "/comments" and method == "POST":
                pr.comments.append((request.body or {}).get("body", ""))
                return 201, {"id": len(pr.comments), "body": pr.comments[-1]}, {}
        self.unhandled.append(f"{method} {path}")
        return 404, {"message": "Not Found", "documentation_url": DOCS, "status": "404"}, {}

    def _list(self, request: Request) -> list[dict[str, Any]]:
        state = request.query.get("state", ["open"])[0]
        head = request.query.get("head", [""])[0]
        base = request.query.get("base", [""])[0]
        owner = self.repo.split("/")[0]
        out = []
        for pr in sorted(self.pulls.values(), key=lambda p: -p.number):  # GitHub: newest first
            if state != "all" and pr.state != state:
                continue
            if head and head != f"{owner}:{pr.head}":
                continue
            if base and base != pr.base:
                continue
            out.append(self._pull_json(pr))
        return out

    def _create(self, body: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
        head, base = body.get("head", ""), body.get("base", "")
        invalid = {"message": "Validation Failed", "documentation_url": DOCS, "status": "422"}
        if self._branch_sha(head) is None:
            errors = [{"resource": "PullRequest", "field": "head", "code": "invalid"}]
            return 422, {**invalid, "errors": errors}, {}
        if any(p.state == "open" and p.head == head and p.base == base for p in self.pulls.values()):
            owner = self.repo.split("/")[0]
            errors = [{"resource": "PullRequest", "code": "custom",
                       "message": f"A pull request already exists for {owner}:{head}."}]
            return 422, {**invalid, "errors": errors}, {}
        number = max(self.pulls, default=0) + 1
        self.pulls[number] = Pull(number, body.get("title", ""), body.get("body") or "", head, base)
        return 201, self._pull_json(self.pulls[number]), {}

    def _edit(self, pr: Pull, body: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
        if "title" in body:
            pr.title = body["title"]
        if "body" in body:
            pr.body = body["body"]
        if body.get("state") in ("open", "closed"):
            pr.state = body["state"]
        return 200, self._pull_json(pr), {}
