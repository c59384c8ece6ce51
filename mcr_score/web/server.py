"""How `mcr-score serve` runs uvicorn: its HTTP protocol, with TCP_NODELAY on every connection.

With `--workers N` uvicorn binds the listening socket itself (`Config.bind_socket`) without naming
the protocol, so the accepted sockets report protocol 0 and asyncio, which turns Nagle's algorithm
off only for sockets that say TCP, leaves it on: each answer's last small segment then waits for
the client's delayed acknowledgement, about 40 ms per keep-alive request on Linux (upstream
Kludex/uvicorn#3149). Setting the option on each accepted connection does not depend on how the
socket was bound, nor on which HTTP implementation uvicorn picked (h11 or httptools).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

_TCP = (socket.AF_INET, socket.AF_INET6)


class NoDelayProtocol(AutoHTTPProtocol):  # type: ignore[misc,valid-type]  # a class chosen at import
    """uvicorn's HTTP protocol, with Nagle's algorithm off on the connection before any answer."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock: Any = transport.get_extra_info("socket")
        if sock is not None and sock.family in _TCP:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
