"""Load figure for `mcr-score serve`: requests per second and latency percentiles of `/api/score`.

    .venv/bin/python -m benchmarks.serve [--workers 2] [--requests 4000] [--concurrency 16]

Starts the real command, `mcr-score serve --workers N`, on a free port of 127.0.0.1 (the only address
it sends to), waits until it answers, then sends `--requests` GET /api/score requests from
`--concurrency` connections (httpx, asyncio), cycling over a few hands of different shapes, and
reports the rate and the p50/p90/p99/max latency, with the time and the machine's load average
when the run began (as `uptime` prints it). The load generator runs on the same machine and takes
a share of its cores: on a 2-core machine the figure is a floor for the server, and a loaded
machine lowers it further. Every answer must be 200, or the run fails.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import socket
import statistics
import subprocess
import sys
import time

import httpx

HANDS = [
    "123456789m123p5s5s",
    "[WWWW1][444s]45m678pFF6m|ES1000",
    "11123456789999m|EE1000",
    "[EEEE][CCCC][FFFF][PPPP]NN",
    "1m9m1p9p1s9sESWNCFP1m",
    "22334455667788p",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(url: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(url + "/api/rules", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit("the server did not answer in time")


async def load(url: str, requests: int, concurrency: int) -> tuple[float, list[float]]:
    latencies: list[float] = []
    todo = iter(range(requests))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:

        async def worker() -> None:
            for i in todo:
                start = time.perf_counter()
                response = await client.get("/api/score", params={"hand": HANDS[i % len(HANDS)]})
                latencies.append(time.perf_counter() - start)
                if response.status_code != 200:
                    raise SystemExit(f"HTTP {response.status_code}: {response.text[:200]}")

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return time.perf_counter() - start, latencies


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args()
    began = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_average = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "mcr_score", "serve", "--port", str(port), "--workers", str(args.workers)]
    proc = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    try:
        wait_ready(url, proc)
        asyncio.run(load(url, args.warmup, args.concurrency))
        seconds, latencies = asyncio.run(load(url, args.requests, args.concurrency))
    finally:
        proc.terminate()
        proc.wait(10)
    ms = [x * 1000 for x in latencies]
    print(
        f"mcr-score serve --workers {args.workers}: GET /api/score, {args.requests} requests, "
        f"{args.concurrency} connections, {len(HANDS)} hands in turn"
    )
    print(f"  {began}, load average: {load_average} ({os.cpu_count()} cores)")
    print(f"  {args.requests / seconds:.0f} requests/s over {seconds:.1f} s")
    print(
        f"  latency ms: p50 {statistics.median(ms):.1f}  p90 {percentile(ms, 90):.1f}  "
        f"p99 {percentile(ms, 99):.1f}  max {max(ms):.1f}"
    )


if __name__ == "__main__":
    main()
