"""The service under a real uvicorn server on a free loopback port (#22): an unexpected error is a JSON
500 that keeps the keep-alive connection, HEAD has no body on the wire, and every accepted connection
has TCP_NODELAY, including on the socket `--workers N` binds (uvicorn leaves Nagle's algorithm on
there: Kludex/uvicorn#3149, about 43 ms on each keep-alive request)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from mcr_score.web import api  # noqa: E402
from mcr_score.web.server import NoDelayProtocol  # noqa: E402


@contextmanager
def serving(app: Any, **options: Any) -> Iterator[tuple[uvicorn.Server, int]]:
    """`app` served in a thread on a port of 127.0.0.1 bound as `serve --workers N` binds it
    (`Config.bind_socket`, then handed to the server), with the `serve` command's own protocol."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="critical", http=NoDelayProtocol, **options)
    sock = config.bind_socket()
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield server, sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def exchange(conn: socket.socket, request: bytes) -> tuple[bytes, dict[str, str], bytes]:
    """Send one request on an open connection and read one whole response (its Content-Length)."""
    conn.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        assert chunk, f"the server closed the connection; got {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    length = 0 if request.startswith(b"HEAD") else int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = conn.recv(65536)
        assert chunk, "the server closed the connection inside a body"
        body += chunk
    return status.encode(), headers, body


def get(path: str, method: str = "GET") -> bytes:
    return f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


def test_an_unexpected_error_is_a_json_500_and_the_connection_stays_open() -> None:
    import json

    app = api.create_app()

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    with serving(app) as (_, port), socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        for _ in range(2):
            status, headers, body = exchange(conn, get("/api/boom"))
            assert status.startswith(b"HTTP/1.1 500")
            assert headers["content-type"] == "application/json"
            assert headers.get("connection") != "close"
            error = json.loads(body)["error"]
            assert json.loads(body)["ok"] is False
            assert error["code"] == "internal-error"
            assert error["message"] == "an unexpected error in the service (RuntimeError); its log has the details"
        status, _, body = exchange(conn, get("/api/score?hand=123456789m123p5s5s"))  # the same connection
        assert status.startswith(b"HTTP/1.1 200")
        assert json.loads(body)["total"] == 22


def test_head_sends_the_headers_of_get_and_no_body_on_the_wire() -> None:
    with serving(api.create_app()) as (_, port), socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        _, got, body = exchange(conn, get("/api/rules"))
        status, head, nothing = exchange(conn, get("/api/rules", "HEAD"))
        assert status.startswith(b"HTTP/1.1 200")
        assert head["content-length"] == got["content-length"] == str(len(body))
        assert head["content-type"] == got["content-type"]
        assert nothing == b""
        status, _, body = exchange(conn, get("/api/fans/28"))  # the connection goes on
        assert status.startswith(b"HTTP/1.1 200")
        assert body.startswith(b'{"id":28')


def nodelay(server: uvicorn.Server) -> list[int]:
    """TCP_NODELAY on the server's side of each open connection (the protocol's own transport)."""
    return [
        p.transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        for p in list(server.server_state.connections)
    ]


def test_every_accepted_connection_has_tcp_nodelay_on_the_socket_workers_bind() -> None:
    with serving(api.create_app()) as (server, port), socket.create_connection(("127.0.0.1", port), timeout=10) as c:
        status, _, _ = exchange(c, get("/api/rules"))
        assert status.startswith(b"HTTP/1.1 200")
        assert nodelay(server) == [1]
