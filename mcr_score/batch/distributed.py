"""`batch --dask ADDRESS` (issue 40): the chunks of a run scored on a Dask cluster instead of this
machine's worker processes, through the executor `dask.distributed` gives (`Client.get_executor`):
the same tasks (`pool.run_task`: records, or pieces of game files read where they are scored), the
same writer in input order, so the output is the local batch's byte for byte, `--resume`, the
progress bar and the summary as they are. A worker that dies takes no record with it: the scheduler
runs its tasks again on another (they are pure functions of their chunk); a task that kills every
worker it is given (`KilledWorker`) is scored record by record, so that only a record that kills
its worker is an error record.

ADDRESS is a running scheduler's, `tcp://HOST:PORT` (`dask scheduler` prints it), or `local:N`, a
`LocalCluster` of N worker processes on this machine (one thread each: scoring is all CPU).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcr_score.batch.errors import ClusterError
from mcr_score.messages import msg

if TYPE_CHECKING:
    from concurrent.futures import Executor

MAX_LOCAL_WORKERS = 256
_TCP = re.compile(r"tcp://(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.\-_]+):(\d{1,5})")
_LOCAL = re.compile(r"local:(\d{1,4})")
CONNECT_SECONDS = 20  # how long to wait for a scheduler that does not answer


@dataclass(frozen=True)
class Address:
    """Where the run's tasks go: a scheduler's address, or the workers of a local cluster."""

    scheduler: str | None  # `tcp://host:port`
    local_workers: int = 0  # `local:N`


class DaskAddressError(ValueError):
    """An ADDRESS that is neither `tcp://HOST:PORT` nor `local:N` (a usage error)."""

    code = "bad-dask-address"


def parse_address(text: str) -> Address:
    """`tcp://HOST:PORT` or `local:N` (1 to `MAX_LOCAL_WORKERS`), else `DaskAddressError` naming it."""
    tcp = _TCP.fullmatch(text)
    if tcp is not None and 0 < int(tcp[1]) < 65536:
        return Address(text)
    local = _LOCAL.fullmatch(text)
    if local is not None and 1 <= int(local[1]) <= MAX_LOCAL_WORKERS:
        return Address(None, int(local[1]))
    raise DaskAddressError(msg("error.dask.address", address=repr(text), most=MAX_LOCAL_WORKERS).text())


def _dask() -> None:
    """Dask is an extra: without it, an error naming how to install it."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise ClusterError(msg("error.dask.missing", extra="pip install 'mcr-score[dask]'")) from None


@contextlib.contextmanager
def cluster(address: Address) -> Iterator[tuple[Executor, int]]:
    """An executor whose tasks run on the cluster, and how many tasks it runs at once (its threads)."""
    _dask()
    from dask.distributed import Client, LocalCluster

    local = None
    # distributed is not typed (its calls untyped to mypy): each such call marked where it is made
    try:
        if address.scheduler is not None:
            client = Client(address.scheduler, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
        else:
            local = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=address.local_workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            client = Client(local)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as e:
        if local is not None:
            local.close()
        where = address.scheduler or f"local:{address.local_workers}"
        raise ClusterError(msg("error.dask.connect", address=where, reason=str(e) or type(e).__name__)) from None
    try:
        threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
        yield client.get_executor(pure=False), threads  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if local is not None:
            local.close()
