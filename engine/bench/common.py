"""Small pieces every benchmark shares: reading JSONL datasets, describing the machine."""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path
from typing import Any


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """One JSON object per non-empty line (the datasets' format)."""
    return [json.loads(line) for line in Path(path).read_text("utf-8").splitlines() if line.strip()]


def machine() -> dict[str, str | int | float]:
    # The load average says whether other work shared the cores while the figures were taken.
    info: dict[str, str | int | float] = {"nproc": os.cpu_count() or 0,
                                          "python": sys.version.split()[0],
                                          "platform": platform.platform(),
                                          "loadavg_1m_at_start": round(os.getloadavg()[0], 2)}
    try:
        meminfo = Path("/proc/meminfo").read_text()
        kb = int(next(line.split()[1] for line in meminfo.splitlines() if line.startswith("MemTotal")))
        info["memory_gib"] = round(kb / 1024 / 1024, 1)
        cpu = Path("/proc/cpuinfo").read_text()
        info["cpu"] = next((line.split(":", 1)[1].strip() for line in cpu.splitlines()
                            if line.startswith("model name")), "")
    except (OSError, StopIteration, ValueError):
        pass
    return info
