"""How `mcr-score serve` runs uvicorn: its HTTP protocol, with TCP_NODELAY on every connection and a
bounded time for a request's head to arrive.

With `--workers N` uvicorn binds the listening socket itself (`Config.bind_socket`) without naming
the protocol, so the accepted sockets report protocol 0 and asyncio, which turns Nagle's algorithm
off only for sockets that say TCP, leaves it on: each answer's last small segment then waits for
the client's delayed acknowledgement, about 40 ms per keep-alive request on Linux (upstream
Kludex/uvicorn#3149). Setting the option on each accepted connection does not depend on how the
socket was bound, nor on which HTTP implementation uvicorn picked (h11 or httptools).

uvicorn bounds a request head's size (h11: 16 KiB) but not its time: a client sending it a byte at
a time, or a connection that sends nothing, held a connection for ever. The head must now arrive
within `HEAD_SECONDS` of the connection or of the last answer (the body has its own time, the app's
`api.BODY_SECONDS`): past that, a head begun is answered 408 in the error shape, and the connection
is closed.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

_TCP = (socket.AF_INET, socket.AF_INET6)
HEAD_SECONDS = 10.0
"""The most time a request head may take to arrive: a few hundred bytes, which a table's network
brings in milliseconds (an idle keep-alive connection is closed sooner, by uvicorn's own 5 s)."""


class NoDelayProtocol(AutoHTTPProtocol):  # type: ignore[misc,valid-type]  # a class chosen at import
    """uvicorn's HTTP protocol, with Nagle's algorithm off on the connection before any answer, and
    a request head that must arrive within `head_seconds`."""

    head_seconds = HEAD_SECONDS

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock: Any = transport.get_extra_info("socket")
        if sock is not None and sock.family in _TCP:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._expect_head()

    def data_received(self, data: bytes) -> None:
        self._head_begun = True
        super().data_received(data)
        if self.cycle is not self._head_cycle:  # a head arrived: its request is under way
            self._cancel_head()

    def on_response_complete(self) -> None:
        answered = self.cycle
        super().on_response_complete()
        if self.cycle is answered and not self.transport.is_closing():  # no request pipelined behind it
            self._expect_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head()
        super().connection_lost(exc)

    def _expect_head(self) -> None:
        """From now on, the next request's head has `head_seconds` to arrive."""
        self._cancel_head()
        self._head_cycle = self.cycle
        self._head_begun = False
        self._head_timer = asyncio.get_running_loop().call_later(self.head_seconds, self._head_late)

    def _cancel_head(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        """The head did not arrive in time: 408 for one begun (a connection that sent nothing is
        only closed), then the connection closed."""
        self._head_timer = None
        if self.cycle is not self._head_cycle or self.transport.is_closing():
            return
        if self._head_begun:
            self.transport.write(_late_answer(self.head_seconds))
        self.transport.close()


def _late_answer(seconds: float) -> bytes:
    """A whole HTTP answer, 408 with the error object, written as is (the protocol has no request to
    answer through the app)."""
    from mcr_score.messages import msg
    from mcr_score.systems.mcr.pages.referee import rejection
    from mcr_score.web.api import RequestTimeoutError

    error = RequestTimeoutError(msg("error.request.head-timeout", seconds=seconds), where="head")
    body = json.dumps(rejection(error), ensure_ascii=False, separators=(",", ":")).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body
