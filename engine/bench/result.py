"""What a suite produces (``SuiteResult``) and the one way an answer suite builds it."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Sequence

from engine.bench.metrics import percentile

Progress = Callable[[str, int, int], None]  # (suite, done, total)


@dataclass
class SuiteResult:
    """What one suite produced: headline metrics, a per-category table, one row per question."""

    suite: str
    description: str  # what was run, in words (subset, how answers are read)
    metrics: dict[str, Any] = field(default_factory=dict)
    per_category: dict[str, dict[str, Any]] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)
    timings: dict[str, Any] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)
    # The suites that guard CI: {"ok", "failures": [{"id", "reason"}], "fixed_known_failures"}.
    gate: dict[str, Any] | None = None
    skipped: str | None = None  # why the suite did not run (dataset absent)
    # Further tables beside per_category, by name (per_file, per_kind), in the same shape.
    tables: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return json_safe(asdict(self))


def json_safe(value: Any) -> Any:
    """NaN/inf are not JSON: an undefined metric is written as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def ask_timings(latencies_ms: Sequence[float]) -> dict[str, float]:
    """The median and 95th percentile of the asks, in ms."""
    return {"ask_ms_p50": round(percentile(latencies_ms, 50), 1),
            "ask_ms_p95": round(percentile(latencies_ms, 95), 1)}


def suite_result(suite: str, description: str, engine, *, llm: bool, rows: list[dict[str, Any]],
                 latencies_ms: Sequence[float], metrics: dict[str, Any],
                 per_category: dict[str, dict[str, Any]] | None = None,
                 tables: dict[str, dict[str, dict[str, Any]]] | None = None,
                 timings: Mapping[str, Any] | None = None, config: Mapping[str, Any] | None = None,
                 gate: dict[str, Any] | None = None) -> SuiteResult:
    """An answer suite's result: ``timings`` (what it measured before asking, such as ingest) then
    the ask latencies; ``config`` after the reranker that ran and whether an LLM answered, which
    every answer suite records so that two reports can be told apart."""
    return SuiteResult(
        suite=suite, description=description, metrics=metrics, per_category=per_category or {},
        rows=rows, tables=tables or {}, timings={**(timings or {}), **ask_timings(latencies_ms)},
        config={"reranker": engine.searcher.reranker.name, "llm": llm, **(config or {})}, gate=gate)
