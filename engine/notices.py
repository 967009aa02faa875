"""Configuration warnings: a missing optional part (FlashRank weights, the learned ranker, OCR),
a secrets file others can read. Said, never shouted.

A component that falls back notes it here, once per process (``note``). Nothing is written to
stderr at that moment: a script that loops over questions would get the same line hundreds of
times. The command line decides what to print afterwards — every warning with ``-v``, otherwise
each distinct one at most once per home per day (``DailyGate``) — and always puts them all in
its ``--json`` document as ``"warnings"``. The dashboard shows them in the sidebar.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger(__name__)

GATE_FILE = Path("cache") / "warnings_shown.json"  # under the home


@dataclass(frozen=True)
class ConfigWarning:
    code: str  # what kind of part: reranker_fallback, ocr_unavailable, secrets_permissions, ...
    message: str

    @property
    def key(self) -> str:
        """Identity for "already shown today": the code and the exact message."""
        return hashlib.sha256(f"{self.code}\n{self.message}".encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


_noted: dict[str, ConfigWarning] = {}
_lock = threading.Lock()


def note(code: str, message: str) -> ConfigWarning:
    """Record a configuration warning for this process (logged at DEBUG the first time: -vv)."""
    warning = ConfigWarning(code, message)
    with _lock:
        if warning.key in _noted:
            return warning
        _noted[warning.key] = warning
    log.debug("%s: %s", code, message)
    return warning


def noted() -> list[ConfigWarning]:
    """Every warning noted so far in this process, in the order first noted."""
    with _lock:
        return list(_noted.values())


def forget() -> None:
    """Clear the process's warnings (tests, and a long-lived process that reloaded its parts)."""
    with _lock:
        _noted.clear()


class DailyGate:
    """Which warnings a command-line run should print: those not printed for this home today.

    State is a small JSON file under the home ({warning key: ISO date last printed}). A home that
    does not exist yet, or cannot be written, keeps no state: its warnings are printed.
    """

    def __init__(self, home: Path | str, today: date | None = None):
        self.path = Path(home) / GATE_FILE
        self.home = Path(home)
        self.today = (today or date.today()).isoformat()

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} \
            if isinstance(data, dict) else {}

    def due(self, warnings: list[ConfigWarning]) -> list[ConfigWarning]:
        """The warnings to print now; they are recorded as printed today."""
        if not warnings:
            return []
        shown = self._read()
        due = [w for w in warnings if shown.get(w.key) != self.today]
        if due and self.home.is_dir():
            shown = {k: v for k, v in shown.items() if v == self.today}  # older days need no memory
            shown.update({w.key: self.today for w in due})
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}")
                tmp.write_text(json.dumps(shown, sort_keys=True), "utf-8")
                os.replace(tmp, self.path)  # concurrent runs: last writer wins, nothing torn
            except OSError as exc:
                log.debug("cannot record shown warnings in %s: %s", self.path, exc)
        return due
