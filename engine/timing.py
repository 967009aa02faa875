"""Per-stage wall-clock timings, reported in milliseconds by ingest, search and ask."""

from __future__ import annotations

import time


class Stopwatch:
    """``lap("parse")`` records the time since the previous lap (or the start) under that name."""

    def __init__(self) -> None:
        self.started = self._last = time.perf_counter()
        self.laps: dict[str, float] = {}

    def lap(self, stage: str) -> float:
        now = time.perf_counter()
        elapsed = (now - self._last) * 1000
        self.laps[stage] = self.laps.get(stage, 0.0) + elapsed
        self._last = now
        return elapsed

    def skip(self) -> None:
        """Start the next lap now: time since the last lap belongs to no stage."""
        self._last = time.perf_counter()

    def total(self) -> float:
        return (time.perf_counter() - self.started) * 1000
