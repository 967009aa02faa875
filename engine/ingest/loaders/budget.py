"""Parse an uploaded file in a child process with a wall-clock and a memory budget.

Why a child process and not checks inside the parser: the limits of ``archive`` and ``xmlguard``
stop every bomb we know of, but the parser is a library (python-docx over libxml2) that can spend
its time or memory where no check of ours runs — one C call over a pathological part. Only the
kernel bounds that: the child sets ``RLIMIT_AS`` on itself before reading a byte (an allocation
past it fails and the child reports it) and ``RLIMIT_CPU`` as a last resort, and the parent kills
it at the deadline. A file over budget then costs one child, never the process asking — which may
be the dashboard serving every user, or an ingest with other files of the batch still to come.

The child is a fresh interpreter (``python -m engine.ingest.loaders.budget``), not a fork: the
parent may hold threads (Streamlit, Chroma, ONNX runtime) whose locks a fork would copy mid-use,
and a fresh process starts small, so the memory budget means the same everywhere. It imports only
the parser it runs (engine/ingest/loaders/__init__.py loads the other loaders lazily), which
costs a few tenths of a second per file.

Protocol: the file's bytes on stdin; on stdout one JSON object — ``{"ok": result}``,
``{"refused": message}`` for an IngestError, ``{"crashed": "Type: message"}`` otherwise. The
output is data (JSON), never a pickle: the child handles hostile input.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.types import IngestError
from engine.units import format_size

_OUT_OF_MEMORY = 3  # exit status of a child whose allocation failed
_CPU_GRACE_S = 5  # RLIMIT_CPU above the wall-clock budget: only reached if the parent is gone
_ENGINE_ROOT = str(Path(__file__).resolve().parents[3])


@dataclass(frozen=True)
class ParseBudget:
    seconds: float = 120.0
    memory_bytes: int = 2 * 1024 * 1024 * 1024  # address space of the child, interpreter included


DEFAULT_BUDGET = ParseBudget()


def run_bounded(target: str, data: bytes, what: str, budget: ParseBudget = DEFAULT_BUDGET,
                options: dict[str, Any] | None = None) -> Any:
    """``module:function`` called as ``function(data, **options)`` in a child within ``budget``;
    its JSON-able result, or IngestError (one line, Chinese first) naming ``what`` was parsed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (_ENGINE_ROOT, os.environ.get("PYTHONPATH", "")) if p)}
    command = [sys.executable, "-m", "engine.ingest.loaders.budget", target, json.dumps(options or {}),
               str(budget.memory_bytes), str(int(budget.seconds) + _CPU_GRACE_S)]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
    try:
        out, err = child.communicate(data, timeout=budget.seconds)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise IngestError(f"解析 {what} 超时：{budget.seconds:g} 秒内未完成，已停止；文件可能异常复杂或是"
                          f"恶意构造 (parsing took longer than {budget.seconds:g} s)") from None
    try:
        reply = json.loads(out) if out else {}
    except ValueError:
        reply = {}
    if "ok" in reply:
        return reply["ok"]
    if "refused" in reply:
        raise IngestError(str(reply["refused"]))
    if child.returncode == _OUT_OF_MEMORY or b"MemoryError" in err:
        raise IngestError(f"解析 {what} 所需内存超过 {format_size(budget.memory_bytes)} 上限，已停止；"
                          f"文件可能是压缩炸弹 (parsing needed more than "
                          f"{format_size(budget.memory_bytes)} of memory)")
    if child.returncode < 0:  # killed by a signal: a C library's abort, as PDFium's on a failed allocation
        raise IngestError(f"解析 {what} 的进程异常终止（信号 {-child.returncode}），文件可能已损坏或是恶意构造 "
                          f"(the parser of this {what} file was killed by signal {-child.returncode})")
    detail = reply.get("crashed") or (err.decode("utf-8", "replace").strip().splitlines() or
                                      [f"exit status {child.returncode}"])[-1]
    raise IngestError(f"无法解析该 {what} 文件 (cannot parse this {what} file: {detail})")


def _limit_self(memory_bytes: int, cpu_seconds: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))


def _peak_address_space() -> int:
    """VmPeak of this process in bytes (0 where /proc is not there)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmPeak:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _out_of_memory(memory_bytes: int) -> bool:
    """Whether a failure came from the address-space limit: libxml2 reports a failed allocation as
    an XML error ("unknown error", "Memory allocation failed"), and python-docx wraps it again,
    so the symptom is read from the process — it went right up to its limit."""
    return _peak_address_space() > memory_bytes * 0.9


def _reply(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload, ensure_ascii=False))
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    target, options, memory_bytes, cpu_seconds = argv[0], json.loads(argv[1]), int(argv[2]), int(argv[3])
    _limit_self(memory_bytes, cpu_seconds)
    try:
        module, function = target.split(":")
        parse = getattr(importlib.import_module(module), function)
        result = parse(sys.stdin.buffer.read(), **options)
        if _out_of_memory(memory_bytes):  # a parser that swallowed its MemoryError (pdfminer
            return _OUT_OF_MEMORY  # reads a stream it cannot inflate as empty) must not pass
        _reply({"ok": result})
    except MemoryError:
        return _OUT_OF_MEMORY
    except Exception as exc:  # the parent turns it into one line for the user
        if _out_of_memory(memory_bytes):
            return _OUT_OF_MEMORY
        _reply({"refused": str(exc)} if isinstance(exc, IngestError) else
               {"crashed": f"{type(exc).__name__}: {exc}"})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
