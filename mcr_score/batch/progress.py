"""The progress bar of a run, on standard error."""

from __future__ import annotations

import time
from typing import TextIO

from mcr_score.messages import count, text


class Progress:
    """A one-line progress bar on a TTY: records done, rate, and time left when the size is known."""

    def __init__(self, stream: TextIO, total_bytes: int | None, done_bytes: int = 0) -> None:
        self.stream = stream
        self.total = total_bytes
        self.start_bytes = done_bytes
        self.started = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, records: int, done_bytes: int, force: bool = False) -> None:
        """Redraw the bar, at most five times a second unless `force`d: a terminal is slow."""
        now = time.monotonic()
        if not force and now - self.last < 0.2:
            return
        self.last = now
        elapsed = max(now - self.started, 1e-9)
        rate = records / elapsed
        parts = [text("progress.records", n=count("n.record", records, f"{records:,}")), f"{rate:,.0f}/s"]
        bar = ""
        if self.total:
            fraction = min(done_bytes / self.total, 1.0)
            width = 24
            filled = int(fraction * width)
            bar = f"[{'#' * filled}{'.' * (width - filled)}] {fraction * 100:3.0f}% "
            speed = (done_bytes - self.start_bytes) / elapsed
            if speed > 0 and records:
                left = int((self.total - done_bytes) / speed)
                clock = (
                    f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}"
                    if left >= 3600
                    else f"{left // 60}:{left % 60:02d}"
                )
                parts.append(text("progress.left", clock=clock))
        self.stream.write("\r" + bar + "  ".join(parts) + "\033[K")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Erase the bar, so that the summary starts on a clean line."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
