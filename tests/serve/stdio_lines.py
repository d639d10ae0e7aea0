"""``kgsync serve`` driven over its stdio by raw JSON-RPC lines, as a client in another language drives it.

A support module, not a test module: tests/serve/ imports from here (tests/test_layout.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def rpc_lines(graph: Path, lines: list[str], timeout: float = 60.0) -> list[dict | None]:
    """``kgsync serve`` over its stdio, driven line by line as a client in another language drives it: the
    initialize handshake, then each JSON-RPC line as written (its escapes kept); the answer to each, or
    None when none came within ``timeout`` seconds (the server left the call waiting)."""
    import selectors
    import time

    process = subprocess.Popen([sys.executable, "-m", "kgsync", "serve", "--graph", str(graph)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdin is not None and process.stdout is not None
    watch = selectors.DefaultSelector()
    watch.register(process.stdout, selectors.EVENT_READ)

    def send(line: str) -> None:
        assert process.stdin is not None
        process.stdin.write(line.encode("ascii") + b"\n")
        process.stdin.flush()

    def answer() -> dict | None:
        assert process.stdout is not None
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0 and watch.select(left):
            return json.loads(process.stdout.readline())
        return None

    try:
        send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}))
        assert answer() is not None
        send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        answers = []
        for line in lines:
            send(line)
            answers.append(answer())
        return answers
    finally:
        process.kill()
        process.wait(timeout=30)


def call_line(number: int, tool: str, arguments: str) -> str:
    """A tools/call line whose ``arguments`` object is written as given (JSON text, escapes and all)."""
    return (f'{{"jsonrpc":"2.0","id":{number},"method":"tools/call",'
            f'"params":{{"name":"{tool}","arguments":{arguments}}}}}')


class ServerGone(AssertionError):
    """The server closed its output: it crashed (its stderr's end is the message)."""


def fenced_lines(graph: Path, lines: list[bytes], timeout: float = 60.0) -> tuple[list[list[dict]], dict]:
    """``kgsync serve`` over its stdio: the initialize handshake, then each line sent as the bytes given,
    each followed by a ping with an id of its own (the fence); what came back for each line is every message
    before its fence's answer ([] for a line left unanswered), so a line owed no answer costs no timeout.
    Then a tools/call of search_nodes: its answer, the session alive after them all.  ``ServerGone`` when the
    server's output ends; an ``AssertionError`` when a fence gets no answer within ``timeout`` seconds."""
    import queue
    import threading

    process = subprocess.Popen([sys.executable, "-m", "kgsync", "serve", "--no-index-cache", "--graph", str(graph)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    # A thread reads the answers: select() on the pipe misses a line already in the reader's buffer.
    lines_out: queue.Queue[bytes] = queue.Queue()

    def read_out() -> None:
        assert process.stdout is not None
        for line in iter(process.stdout.readline, b""):
            lines_out.put(line)
        lines_out.put(b"")  # the end: the server closed its output

    threading.Thread(target=read_out, daemon=True).start()

    def send(line: bytes) -> None:
        assert process.stdin is not None
        process.stdin.write(line + b"\n")
        process.stdin.flush()

    def until(wanted: object) -> tuple[list[dict], dict]:
        """The messages before the one answering id ``wanted``, and that one."""
        assert process.stderr is not None
        got: list[dict] = []
        while True:
            try:
                line = lines_out.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no answer to {wanted!r} within {timeout} s (after {got})") from None
            if not line:
                process.kill()
                raise ServerGone(process.stderr.read().decode("utf-8", "replace")[-2000:])
            message = json.loads(line)
            if message.get("id") == wanted and "method" not in message:
                return got, message
            got.append(message)

    try:
        send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}).encode())
        until(0)
        send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        answers = []
        for number, line in enumerate(lines):
            send(line)
            send(json.dumps({"jsonrpc": "2.0", "id": f"fence-{number}", "method": "ping"}).encode())
            answers.append(until(f"fence-{number}")[0])
        send(call_line(10_000, "search_nodes", '{"query":"hybrid retrieval"}').encode())
        return answers, until(10_000)[1]
    finally:
        process.kill()
        process.wait(timeout=30)
