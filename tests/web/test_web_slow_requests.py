"""A request that does not come (issue 37): the service answers it within a bounded time, on a real
uvicorn server on 127.0.0.1 read by a raw socket client.

A POST declaring `Content-Length: 9000` and sending no body was never answered (docs/serve.md: over
8 KiB is 413 before it is read): now 413 at once, the connection closed. A body that does not all
arrive within `api.BODY_SECONDS` (none at all, or a byte at a time: slowloris) is 408 and the
connection closed; so is a request head that does not arrive within `server.HEAD_SECONDS` (a
connection that sent nothing is only closed). The server's own process is `mcr-score serve`, stopped
by its pid; the finer cases run with short times on the same protocol in a thread."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from mcr_score.web import api, server  # noqa: E402
from mcr_score.web.server import NoDelayProtocol  # noqa: E402

HAND = b'{"hand": "123456789m123p5s5s"}'


def head(length: int | None = None, path: str = "/api/score") -> bytes:
    size = "" if length is None else f"Content-Length: {length}\r\n"
    return f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{size}\r\n".encode()


class Answer:
    """What a connection got: the status, headers, body, whether the server closed it, and when."""

    def __init__(self, data: bytes, closed: bool, seconds: float) -> None:
        self.closed = closed
        self.seconds = seconds
        top, _, self.body = data.partition(b"\r\n\r\n")
        lines = top.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1]) if lines[0].startswith("HTTP/") else None
        self.headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}

    def error(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.body)
        assert data["ok"] is False
        error: dict[str, Any] = data["error"]
        return error


def talk(port: int, first: bytes, *, drip: bytes = b"", every: float = 0.2, within: float = 30.0) -> Answer:
    """Send `first`, then `drip` a byte every `every` seconds, reading until the server closes the
    connection or sends a whole answer; never longer than `within` seconds."""
    started = time.monotonic()
    data = b""
    closed = False
    with socket.create_connection(("127.0.0.1", port), timeout=within) as conn:
        conn.sendall(first)
        dripped = 0
        while time.monotonic() - started < within:
            conn.settimeout(every)
            try:
                chunk = conn.recv(65536)
            except TimeoutError:
                if dripped < len(drip):
                    try:
                        conn.sendall(drip[dripped : dripped + 1])
                    except OSError:  # closed by the server under us
                        closed = True
                        break
                    dripped += 1
                continue
            except ConnectionResetError:
                closed = True
                break
            if not chunk:
                closed = True
                break
            data += chunk
            if _whole(data):
                conn.settimeout(1.0)  # and is the connection closed after it?
                try:
                    closed = conn.recv(1) == b""
                except (TimeoutError, ConnectionResetError) as e:
                    closed = isinstance(e, ConnectionResetError)
                break
    return Answer(data, closed, time.monotonic() - started)


def _whole(data: bytes) -> bool:
    top, found, body = data.partition(b"\r\n\r\n")
    if not found:
        return False
    for line in top.decode("latin-1").split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            return len(body) >= int(value)
    return True


# ---- mcr-score serve, as users run it ----------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def served() -> Iterator[int]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcr_score", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        os.kill(proc.pid, 15)  # SIGTERM to the server's own pid
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, 9)
            proc.wait(10)


def test_a_body_declared_over_8_kib_is_413_at_once_and_the_connection_closed(served: int) -> None:
    answer = talk(served, head(9000), within=5)
    assert answer.status == 413
    assert answer.seconds < 1
    assert answer.error()["code"] == "too-large"
    assert answer.headers["connection"] == "close"
    assert answer.closed


def test_bodies_and_heads_that_do_not_come_are_answered_in_bounded_time(served: int) -> None:
    """All at once, each on its own connection: a body never sent, a body a byte every 0.4 s (100 bytes
    would take 40 s), a head a byte every 0.4 s, a connection that sends nothing; meanwhile a request
    that is whole is answered at once."""
    cases = {
        "no body": {"first": head(100)},
        "slow body": {"first": head(100), "drip": b" " * 100, "every": 0.4},
        "slow head": {"first": b"POST /api/score HTTP/1.1\r\n", "drip": b"X-Slow: " + b"a" * 100, "every": 0.4},
        "silent": {"first": b""},
    }
    answers: dict[str, Answer] = {}

    def one(name: str, case: dict[str, Any]) -> None:
        answers[name] = talk(served, within=25, **case)

    threads = [threading.Thread(target=one, args=item) for item in cases.items()]
    for t in threads:
        t.start()
    time.sleep(0.5)
    whole = talk(served, head(len(HAND)) + HAND, within=5)
    assert whole.status == 200
    assert whole.seconds < 2
    for t in threads:
        t.join(30)
    limit = api.BODY_SECONDS, server.HEAD_SECONDS
    for name in ("no body", "slow body", "slow head"):
        answer = answers[name]
        assert answer.status == 408, (name, answer.status)
        assert min(limit) - 0.5 < answer.seconds < max(limit) + 3, (name, answer.seconds)
        assert answer.error()["code"] == "request-timeout"
        assert answer.headers["connection"] == "close"
        assert answer.closed, name
    assert (
        answers["no body"].error()["message"]
        == "the request body did not all arrive within 10 s: the connection is closed"
    )
    assert answers["slow head"].error()["where"] == "head"
    silent = answers["silent"]
    assert (silent.status, silent.closed) == (None, True)
    assert silent.seconds < server.HEAD_SECONDS + 3


# ---- the same protocol and app in a thread, with short times ---------------------------------------


class QuickProtocol(NoDelayProtocol):
    head_seconds = 0.5


@contextmanager
def serving(body_seconds: float = 0.5) -> Iterator[int]:
    config = uvicorn.Config(
        api.create_app(body_seconds=body_seconds), host="127.0.0.1", port=0, log_level="critical", http=QuickProtocol
    )
    sock = config.bind_socket()
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        instance.should_exit = True
        thread.join(10)
        sock.close()


def test_a_body_in_pieces_within_its_time_is_answered() -> None:
    with serving(body_seconds=3) as port:
        answer = talk(port, head(len(HAND)), drip=HAND, every=0.05, within=10)
    assert answer.status == 200, answer.body


def test_a_body_past_its_time_is_408_in_that_time() -> None:
    with serving() as port:
        missing = talk(port, head(50), within=10)
        slow = talk(port, head(50) + b"{", drip=b" " * 49, every=0.1, within=10)
    for answer in (missing, slow):
        assert answer.status == 408
        assert answer.seconds < 2
        assert answer.error() == {
            "code": "request-timeout",
            "message": "the request body did not all arrive within 0.5 s: the connection is closed",
            "where": "body",
            "problems": [answer.error()["problems"][0]],
        }
        assert answer.closed


def test_a_chunked_body_past_8_kib_is_413_and_the_connection_closed() -> None:
    chunk = b"2000\r\n" + b" " * 0x2000 + b"\r\n"
    request = b"POST /api/score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk * 2
    with serving() as port:
        answer = talk(port, request, within=10)
    assert answer.status == 413
    assert answer.closed


def test_a_head_past_its_time_is_408_also_on_a_kept_alive_connection() -> None:
    """After an answer, the next head has its time again: a keep-alive connection that then sends half
    a head is answered 408, in the error shape."""
    get = b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n"
    with serving() as port, socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(get)
        data = b""
        while not _whole(data):
            data += conn.recv(65536)
        assert data.startswith(b"HTTP/1.1 200")
        conn.sendall(b"GET /api/rules HTTP/1.1\r\nHost: ")
        started = time.monotonic()
        rest = b""
        while chunk := conn.recv(65536):
            rest += chunk
        late = Answer(rest, True, time.monotonic() - started)
    assert late.status == 408
    assert late.seconds < 2
    assert late.error()["message"] == "the request head did not all arrive within 0.5 s: the connection is closed"


def _answers(data: bytes) -> list[bytes]:
    """The whole answers at the start of `data`, in order."""
    out = []
    while _whole(data):
        top, _, rest = data.partition(b"\r\n\r\n")
        length = next(
            int(v)
            for k, _, v in (x.partition(b":") for x in top.split(b"\r\n")[1:])
            if k.strip().lower() == b"content-length"
        )
        out.append(top)
        data = rest[length:]
    return out


def test_a_request_pipelined_behind_an_answer_keeps_its_own_time() -> None:
    """A GET and a POST sent at once, the POST's body then a byte every 0.05 s (1.5 s, past the head's
    0.5 s, within the body's 3 s): the POST's head came with the GET, so no head time runs while its
    body comes, and both are answered."""
    get = b"GET /api/rules HTTP/1.1\r\nHost: x\r\n\r\n"
    with serving(body_seconds=3) as port, socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(get + head(len(HAND)) + HAND[:1])
        data = b""
        deadline = time.monotonic() + 8
        sent = 1
        conn.settimeout(0.05)
        while len(_answers(data)) < 2 and time.monotonic() < deadline:
            try:
                chunk = conn.recv(65536)
            except TimeoutError:
                if sent < len(HAND):
                    conn.sendall(HAND[sent : sent + 1])
                    sent += 1
                continue
            assert chunk, f"closed after {data[:200]!r}"
            data += chunk
    assert [a.split(b"\r\n")[0] for a in _answers(data)] == [b"HTTP/1.1 200 OK"] * 2


def test_a_declared_length_over_the_limit_in_process() -> None:
    from fastapi.testclient import TestClient

    client = TestClient(api.create_app())
    response = client.post("/api/score", content=b" " * 9000)
    assert response.status_code == 413
    assert response.headers["connection"] == "close"
    assert response.json()["error"]["code"] == "too-large"
