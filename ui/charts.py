"""Benchmark figures for the dashboard: reading the report files, shaping tables, drawing charts.

Where the figures come from (each source is optional; a missing one becomes a hint naming the
command that writes it):

  answer reports   ``<home>/bench/report-*.json`` (``python -m engine bench``), one per run, which
                   is also the history; ``docs/bench/answers.json`` (``... --publish``)
  retrieval        ``docs/bench/stard.json`` (scripts/bench_stard.py, STARD statutes) and
                   ``docs/bench/cuad.json`` (scripts/bench_cuad.py, CUAD contracts, character metrics)
  ingest           ``docs/bench/ingest.json`` (scripts/bench_ingest.py)
  faithfulness     ``docs/bench/faithfulness.json`` (scripts/bench_faithfulness.py: demo answers
                   against their evidence, demo summaries against their sources)
  statutes         ``docs/bench/lawbench.json`` (scripts/bench_lawbench.py: LawBench 1-1 article
                   recitation, 3-1 article prediction), the ``hybrid+expand`` run of stard.json
                   (evidence expansion) and ``docs/bench/stard_context.json``
                   (scripts/bench_statute_context.py: bare vs context-enriched article embeddings)
  contract facts   ``docs/bench/cuad_facts.json`` (scripts/bench_cuad_facts.py: rule-extracted
                   fields and clause presence against CUAD's answers)

The shaping functions are pure (report dicts in, DataFrames out); the chart functions only build
Altair specifications. The page decides where they go.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import altair as alt
import pandas as pd

from engine.bench.runner import PUBLISHED_REPORT, REPO, default_report_path

# Read at call time, so a test can point it at a directory of its own.
DOCS_BENCH = REPO / "docs" / "bench"
REPORT_GLOB = "report-*.json"
RATE_HINT = "比例 share (0–1)"  # axis title of charts whose values are shares


# -- sources -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    key: str
    title: str
    file_name: str  # in DOCS_BENCH
    command: str  # what writes it

    def path(self, docs_dir: Path | None = None) -> Path:
        return (docs_dir or DOCS_BENCH) / self.file_name


STARD = Source("stard", "STARD 法条检索 (statute retrieval, Chinese)", "stard.json",
               "python scripts/bench_stard.py --home .bench/statutes")
CUAD = Source("cuad", "CUAD 合同检索 (contract retrieval, LegalBench-RAG character metrics)",
              "cuad.json", "python scripts/bench_cuad.py")
INGEST = Source("ingest", "导入吞吐 Ingest throughput", "ingest.json",
                "python scripts/bench_ingest.py")
FAITHFULNESS = Source("faithfulness", "忠实度 Faithfulness (answers and summaries vs. their sources)",
                      "faithfulness.json", "python scripts/bench_faithfulness.py")
LAWBENCH = Source("lawbench", "LawBench 法条背诵与预测 (1-1 article recitation, 3-1 article prediction)",
                  "lawbench.json", "python scripts/bench_lawbench.py --home .bench/statutes")
STARD_CONTEXT = Source("stard_context", "法条上下文嵌入 Statute-context embeddings (bare vs enriched, STARD)",
                       "stard_context.json",
                       "python scripts/bench_statute_context.py --bare .bench/statutes "
                       "--enriched .bench/statutes_ctx")
CUAD_FACTS = Source("cuad_facts", "CUAD 合同事实 Contract facts (rule extraction vs CUAD answers)",
                    "cuad_facts.json", "python scripts/bench_cuad_facts.py")
PUBLISHED_ANSWERS = Source("answers", "已发布答案评测 Published answer report", PUBLISHED_REPORT.name,
                           "python -m engine bench --suite demo --publish")


def answer_command(home: Path | str) -> str:
    return f"python -m engine bench --suite demo --home {home}"


@dataclass
class Loaded:
    """One JSON document, or why there is none (``missing`` when the file does not exist)."""

    path: Path
    data: dict[str, Any] | None = None
    error: str | None = None

    @property
    def missing(self) -> bool:
        return self.data is None and self.error is None


def read_json(path: Path) -> Loaded:
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return Loaded(path)
    except OSError as exc:
        return Loaded(path, error=f"无法读取 (cannot read): {exc.strerror or exc}")
    try:
        data = json.loads(text)
    except ValueError as exc:
        return Loaded(path, error=f"不是有效的 JSON (not valid JSON): {exc}")
    if not isinstance(data, dict):
        return Loaded(path, error="不是 JSON 对象 (not a JSON object)")
    return Loaded(path, data)


def reports_dir(home: Path | str) -> Path:
    """Where ``python -m engine bench`` writes its reports for this home (the runner decides)."""
    return default_report_path(Path(home)).parent


def report_paths(home: Path | str) -> list[Path]:
    """Report files of this home, newest first (their names carry the timestamp)."""
    folder = reports_dir(home)
    return sorted(folder.glob(REPORT_GLOB), reverse=True) if folder.is_dir() else []


def is_answer_report(data: Mapping[str, Any]) -> bool:
    return isinstance(data.get("suites"), dict)


def load_answer_reports(home: Path | str, docs_dir: Path | None = None) -> tuple[list[Loaded], list[Loaded]]:
    """(readable reports: this home's newest first, then the published one; unreadable files)."""
    good: list[Loaded] = []
    bad: list[Loaded] = []
    for path in [*report_paths(home), PUBLISHED_ANSWERS.path(docs_dir)]:
        loaded = read_json(path)
        if loaded.missing:
            continue
        if loaded.data is not None and not is_answer_report(loaded.data):
            loaded = Loaded(path, error="缺少 suites 字段 (not an answer report: no 'suites')")
        (good if loaded.data is not None else bad).append(loaded)
    return good, bad


def report_label(loaded: Loaded, docs_dir: Path | None = None) -> str:
    data = loaded.data or {}
    when = str(data.get("generated_at", "?")).replace("T", " ")
    suites = ", ".join(data.get("suites", {}))
    where = "已发布 published" if loaded.path == PUBLISHED_ANSWERS.path(docs_dir) else "本机 home"
    return f"{when} · {suites or '—'} · {where} · {loaded.path.name}"


# -- shaping: answer suites --------------------------------------------------------------------
def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    return None


def metrics_frame(suite: Mapping[str, Any]) -> pd.DataFrame:
    """The headline metrics of one suite, one row each (undefined ones shown as empty)."""
    rows = [{"metric": name, "value": _number(value), "definition": definition_of(name)}
            for name, value in (suite.get("metrics") or {}).items()]
    return pd.DataFrame(rows, columns=["metric", "value", "definition"])


def category_frame(suite: Mapping[str, Any]) -> pd.DataFrame:
    """The per-category (per answer type, per label) table, one row per category."""
    table = suite.get("per_category") or {}
    frame = pd.DataFrame.from_dict(table, orient="index")
    frame.index.name = "category"
    return frame.apply(pd.to_numeric, errors="coerce").reset_index() if not frame.empty else frame


def chartable_metrics(frame: pd.DataFrame, *, exclude: Iterable[str] = ("category", "n")) -> list[str]:
    skip = set(exclude)
    return [c for c in frame.columns if c not in skip and frame[c].notna().any()
            and pd.api.types.is_numeric_dtype(frame[c])]


# Which per-category column a chart opens on, by preference.
PREFERRED_CATEGORY_METRICS = ("accuracy", "f1", "em", "verdict_right", "abstain_or_gap", "evidence_overlap")


def default_metric(options: Sequence[str]) -> int:
    for name in PREFERRED_CATEGORY_METRICS:
        if name in options:
            return list(options).index(name)
    return 0


def rows_frame(suite: Mapping[str, Any], columns: Sequence[str] = (
        "id", "category", "domain", "answer_type", "label", "question", "status", "correct",
        "failed", "em", "f1", "verdict", "conclusion", "pred", "ms")) -> pd.DataFrame:
    """Per-question rows with the columns this suite has; lists joined, nested values as JSON."""
    rows = suite.get("rows") or []
    present = [c for c in columns if any(c in r for r in rows)]

    def cell(value: Any) -> Any:
        if isinstance(value, list):
            return ", ".join(map(str, value))
        if isinstance(value, dict):
            return json.dumps(value, ensure_ascii=False)
        return value

    return pd.DataFrame([{c: cell(r.get(c)) for c in present} for r in rows], columns=present)


def answer_latency_frame(report: Mapping[str, Any]) -> pd.DataFrame:
    """End-to-end ask latency per suite of one report (the suites time whole asks, not stages)."""
    rows = []
    for name, suite in report.get("suites", {}).items():
        timings = suite.get("timings") or {}
        for quantile in ("p50", "p95"):
            value = _number(timings.get(f"ask_ms_{quantile}"))
            if value is not None:
                rows.append({"suite": name, "quantile": quantile, "ms": value})
    return pd.DataFrame(rows, columns=["suite", "quantile", "ms"])


def history_frame(reports: Sequence[Loaded], suite: str) -> pd.DataFrame:
    """One row per report that ran ``suite`` (oldest first): its metrics and timings."""
    rows = []
    for loaded in reports:
        data = loaded.data or {}
        result = data.get("suites", {}).get(suite)
        if not result or result.get("skipped"):
            continue
        row: dict[str, Any] = {"generated_at": pd.to_datetime(data.get("generated_at"), utc=True,
                                                              errors="coerce"),
                               "report": loaded.path.name, "code_version": data.get("code_version")}
        for source in ("metrics", "timings"):
            for name, value in (result.get(source) or {}).items():
                number = _number(value)
                if number is not None:
                    row[name] = number
        rows.append(row)
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    return frame.dropna(subset=["generated_at"]).sort_values("generated_at").reset_index(drop=True)


def suites_in(reports: Sequence[Loaded]) -> list[str]:
    return list(dict.fromkeys(name for r in reports for name in (r.data or {}).get("suites", {})))


# -- shaping: retrieval and ingest -------------------------------------------------------------
def retrieval_frame(document: Mapping[str, Any], metrics: Sequence[str] | None = None) -> pd.DataFrame:
    """Long form (config, metric, value) of the runs in stard.json / cuad.json, in run order."""
    rows = []
    for run in document.get("runs", []):
        for name, value in (run.get("metrics") or {}).items():
            number = _number(value)
            if number is None or name in ("questions", "tests"):
                continue
            if metrics is None or name in metrics:
                rows.append({"config": run.get("name", "?"), "metric": name, "value": number})
    return pd.DataFrame(rows, columns=["config", "metric", "value"])


def wide(frame: pd.DataFrame, index: str, columns: str, values: str) -> pd.DataFrame:
    """A long frame as the table a person reads (row and column order kept as first seen)."""
    if frame.empty:
        return frame
    table = frame.pivot(index=index, columns=columns, values=values)
    table = table.reindex(index=list(dict.fromkeys(frame[index])),
                          columns=list(dict.fromkeys(frame[columns])))
    table.columns.name = None
    return table.reset_index()


def metric_names(document: Mapping[str, Any], prefix: str) -> list[str]:
    """Metric names of the runs starting with ``prefix`` (``R@``, ``P@``), in the order written."""
    names = (n for run in document.get("runs", []) for n in (run.get("metrics") or {}))
    return [n for n in dict.fromkeys(names) if n.startswith(prefix)]


def stage_latency_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """(config, stage, quantile, ms). STARD times each search stage; CUAD only the whole search,
    which appears as stage ``total``."""
    rows = []
    for run in document.get("runs", []):
        latency = run.get("latency_ms") or {}
        stages = latency if all(isinstance(v, dict) for v in latency.values()) else {"total": latency}
        for stage, quantiles in stages.items():
            for quantile in ("p50", "p95"):
                value = _number((quantiles or {}).get(quantile))
                if value is not None:
                    rows.append({"config": run.get("name", "?"), "stage": stage,
                                 "quantile": quantile, "ms": value})
    return pd.DataFrame(rows, columns=["config", "stage", "quantile", "ms"])


def ingest_measures_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    columns = ["measure", "corpus", "value", "unit", "n", "note"]
    return pd.DataFrame([{c: row.get(c) for c in columns} for row in document.get("rows", [])],
                        columns=columns)


def ingest_stages_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """(corpus, stage, ms): the prepare stages measured per corpus (summed over its files)."""
    rows = [{"corpus": corpus, "stage": stage, "ms": number}
            for corpus, stages in (document.get("stages_ms") or {}).items()
            for stage, value in (stages or {}).items()
            if (number := _number(value)) is not None]
    return pd.DataFrame(rows, columns=["corpus", "stage", "ms"])


# -- shaping: faithfulness ---------------------------------------------------------------------
FAITHFULNESS_PARTS = {"answers": ("per_category", "答案 answers"), "summaries": ("per_document", "摘要 summaries")}


def faithfulness_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """(part, group, mean_score, statement_support, statements, unsupported): one row per answer
    category and per summarised document; parts that were skipped are left out."""
    rows = []
    for part, (table_key, label) in FAITHFULNESS_PARTS.items():
        body = document.get(part) or {}
        for group, row in (body.get(table_key) or {}).items():
            rows.append({"part": label, "group": group, "mean_score": _number(row.get("mean_score")),
                         "statement_support": _number(row.get("statement_support")),
                         "statements": row.get("statements"), "unsupported": row.get("unsupported")})
    return pd.DataFrame(rows, columns=["part", "group", "mean_score", "statement_support", "statements",
                                       "unsupported"])


def faithfulness_headline_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """The headline metrics of each part, one row per part (a skipped part says why)."""
    rows = []
    for part, (_, label) in FAITHFULNESS_PARTS.items():
        body = document.get(part) or {}
        metrics = body.get("metrics") or {}
        rows.append({"part": label, **{k: _number(v) for k, v in metrics.items()},
                     "skipped": body.get("skipped")})
    return pd.DataFrame(rows)


def unsupported_statements_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """Every statement judged unsupported, with where it comes from and why."""
    columns = ["part", "item", "statement", "reason"]
    rows = []
    for part, (_, label) in FAITHFULNESS_PARTS.items():
        for row in (document.get(part) or {}).get("rows") or []:
            item = row.get("id") or f"{row.get('doc', '?')} {row.get('point') or ''}".strip()
            rows += [{"part": label, "item": item, "statement": s.get("text"), "reason": s.get("reason")}
                     for s in row.get("statements") or [] if not s.get("supported")]
    return pd.DataFrame(rows, columns=columns)


# -- shaping: statutes (LawBench, STARD expansion, statute-context embeddings) ----------------
_RECALL_AT = re.compile(r"R@(\d+)")
_EXPANDED = re.compile(r"R@(\d+)\+exp")
_SAME_SIZE = re.compile(r"R@(\d+) \(same size\)")


def format_value(value: Any, unit: str = "") -> str:
    """A reported figure as written (no rounding beyond the report's own), or — when there is none."""
    number = _number(value)
    if number is None:
        return "—"
    return f"{number:g}{' ' + unit if unit else ''}"


def recitation_misses_frame(recitation: Mapping[str, Any]) -> pd.DataFrame:
    """LawBench 1-1 questions whose first result was not the named article, and the lookup's reason."""
    columns = ["id", "question", "got", "why"]
    return pd.DataFrame([{c: miss.get(c) for c in columns} for miss in recitation.get("misses") or []],
                        columns=columns)


def recall_curve_frame(prediction: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """(config, k, recall): LawBench 3-1 Recall@k of each search config, k ascending."""
    rows = []
    for run in prediction:
        points = sorted((int(match.group(1)), number) for name, value in run.items()
                        if (match := _RECALL_AT.fullmatch(name)) and (number := _number(value)) is not None)
        rows += [{"config": run.get("name", "?"), "k": k, "recall": recall} for k, recall in points]
    return pd.DataFrame(rows, columns=["config", "k", "recall"])


def prediction_frame(prediction: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """LawBench 3-1 as a table: one row per search config, its figures as reported."""
    frame = pd.DataFrame(list(prediction))
    return frame.rename(columns={"name": "config"}) if not frame.empty else frame


@dataclass(frozen=True)
class Expansion:
    """The ``hybrid+expand`` run of stard.json: the evidence set aggregate() grows from the top
    ``hits`` results (hits → cited articles → chapter context) against a plain list of the same
    mean size."""

    config: str
    hits: int  # N: the set grows from the top N hits
    recall_hits: float | None  # R@N of the plain ranking
    recall_expanded: float  # R@N+exp
    size: float  # mean size of the expanded set (exp_size)
    same_size_metric: str | None  # e.g. "R@13 (same size)": the key names the rounded size
    recall_same_size: float | None

    @property
    def expanded_metric(self) -> str:
        return f"R@{self.hits}+exp"


def expansion_of(document: Mapping[str, Any]) -> Expansion | None:
    """The first run of stard.json that scored an expanded evidence set, or None (older reports)."""
    for run in document.get("runs", []):
        metrics = run.get("metrics") or {}
        expanded = next((m for m in metrics if _EXPANDED.fullmatch(m)), None)
        if expanded is None or _number(metrics[expanded]) is None:
            continue
        hits = int(_EXPANDED.fullmatch(expanded).group(1))
        same = next((m for m in metrics if _SAME_SIZE.fullmatch(m)), None)
        return Expansion(config=run.get("name", "?"), hits=hits,
                         recall_hits=_number(metrics.get(f"R@{hits}")),
                         recall_expanded=_number(metrics[expanded]),
                         size=_number(metrics.get("exp_size")),
                         same_size_metric=same,
                         recall_same_size=_number(metrics.get(same)) if same else None)
    return None


def statute_context_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """(mode, embedding, metric, value) from stard_context.json, whose run names read
    "<mode> <embedding>" (``vector bare``, ``hybrid enriched``)."""
    rows = []
    for run in document.get("runs", []):
        mode, _, embedding = str(run.get("name", "?")).rpartition(" ")
        for name, value in run.items():
            number = _number(value)
            if name != "name" and number is not None:
                rows.append({"mode": mode or embedding, "embedding": embedding if mode else "?",
                             "metric": name, "value": number})
    return pd.DataFrame(rows, columns=["mode", "embedding", "metric", "value"])


# -- shaping: contract facts -------------------------------------------------------------------
FIELD_COLUMNS = ["field", "precision", "recall", "correct", "predicted", "gold_values", "note"]


def cuad_fields_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """Field precision / recall of cuad_facts.json: the value fields, then the parties and the
    expiration date stated or derived from start + term (both counted their own way, see note)."""
    rows = [{"field": name, **{c: score.get(c) for c in FIELD_COLUMNS[1:6]}, "note": ""}
            for name, score in (document.get("fields") or {}).items()]
    parties = document.get("parties")
    if parties:
        rows.append({"field": "Parties", "precision": parties.get("precision"), "recall": parties.get("recall"),
                     # Two different counts are "correct" here (names, spans): the note gives both.
                     "correct": None, "predicted": parties.get("names"),
                     "gold_values": parties.get("gold_spans"),
                     "note": f"精确率按名称 precision over names ({parties.get('good_names')}/"
                             f"{parties.get('names')}); 召回率按标准片段 recall over gold spans "
                             f"({parties.get('matched_spans')}/{parties.get('gold_spans')})"})
    derived = document.get("expiration_stated_or_derived")
    if derived:
        rows.append({"field": "Expiration Date (stated or derived)",
                     **{c: derived.get(c) for c in FIELD_COLUMNS[1:6]},
                     "note": "写明的终止日，或起始日 + 期限 (stated, or start + term)"})
    frame = pd.DataFrame(rows, columns=FIELD_COLUMNS)
    for column in ("precision", "recall"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")  # None (nothing to score) → NaN
    return frame


def precision_recall_frame(fields: pd.DataFrame) -> pd.DataFrame:
    """(field, measure, value) of a cuad_fields_frame, for charting; undefined values left out."""
    long = fields.melt(id_vars=["field"], value_vars=["precision", "recall"], var_name="measure",
                       value_name="value")
    return long.dropna(subset=["value"]).reset_index(drop=True)


CLAUSE_COLUMNS = ["category", "present", "tp", "fp", "fn", "tn", "precision", "recall", "f1", "located",
                  "locatable"]


def cuad_clauses_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """Clause present/absent detection per CUAD category (cuad_facts.json ``clauses``)."""
    rows = [{"category": category, **{c: score.get(c) for c in CLAUSE_COLUMNS[1:]}}
            for category, score in (document.get("clauses") or {}).items()]
    frame = pd.DataFrame(rows, columns=CLAUSE_COLUMNS)
    for column in ("precision", "recall", "f1"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    return frame


# -- charts ------------------------------------------------------------------------------------
def bar_chart(frame: pd.DataFrame, *, x: str, y: str, color: str | None = None,
              title: str = "", y_title: str | None = None, rate: bool = False) -> alt.Chart:
    """Bars along ``x`` (in the frame's order), grouped side by side by ``color`` when given.

    ``rate``: the values are shares (0..1), so the axis is fixed to 0..1 and charts compare."""
    y_scale = alt.Scale(domain=[0, 1]) if rate else alt.Undefined
    encoding: dict[str, Any] = {
        "x": alt.X(f"{x}:N", sort=list(dict.fromkeys(frame[x])), title=None,
                   axis=alt.Axis(labelAngle=0)),
        "y": alt.Y(f"{y}:Q", title=y_title or y, scale=y_scale),
        "tooltip": [c for c in (x, color, y) if c],
    }
    if color:
        order = list(dict.fromkeys(frame[color]))
        encoding["color"] = alt.Color(f"{color}:N", sort=order, title=None)
        encoding["xOffset"] = alt.XOffset(f"{color}:N", sort=order)
    return alt.Chart(frame, title=title).mark_bar().encode(**encoding)


def recall_curve_chart(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """Recall@k against k (log axis: k runs 1..100) per config, from a recall_curve_frame."""
    ks = sorted(set(frame["k"]))
    order = list(dict.fromkeys(frame["config"]))
    return alt.Chart(frame, title=title).mark_line(point=True).encode(
        x=alt.X("k:Q", title="k", scale=alt.Scale(type="log"), axis=alt.Axis(values=ks, format="d")),
        y=alt.Y("recall:Q", title="Recall@k", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("config:N", sort=order, title=None),
        tooltip=["config:N", "k:Q", "recall:Q"])


def statute_context_chart(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """Bare vs enriched side by side for each mode and metric, from a statute_context_frame."""
    grouped = frame.assign(group=frame["mode"] + " · " + frame["metric"])
    return bar_chart(grouped, x="group", y="value", color="embedding", rate=True, title=title,
                     y_title=RATE_HINT)


def precision_recall_chart(fields: pd.DataFrame, title: str = "") -> alt.Chart:
    """Precision and recall side by side per field, from a cuad_fields_frame."""
    return bar_chart(precision_recall_frame(fields), x="field", y="value", color="measure", rate=True,
                     title=title, y_title=RATE_HINT)


def history_chart(frame: pd.DataFrame, metrics: Sequence[str], title: str = "") -> alt.Chart:
    long = frame.melt(id_vars=["generated_at"], value_vars=list(metrics), var_name="metric",
                      value_name="value").dropna(subset=["value"])
    return alt.Chart(long, title=title).mark_line(point=True).encode(
        x=alt.X("generated_at:T", title="运行时间 run (UTC)"),
        y=alt.Y("value:Q", title=None),
        color=alt.Color("metric:N", title=None),
        tooltip=["generated_at:T", "metric:N", "value:Q"])


# -- metric definitions ------------------------------------------------------------------------
METRIC_DEFINITIONS: dict[str, str] = {
    # retrieval
    "R@k (STARD)": "Recall@k：前 k 条检索结果覆盖的标准答案法条占全部标准法条的比例，按问题平均。"
                   "(share of the gold articles found in the first k results, averaged over questions)",
    "hit@k": "命中率：前 k 条结果中至少有一条标准法条的问题所占比例。(share of questions with a gold "
             "item in the first k)",
    "MRR@10": "第一条正确结果排名的倒数（1/名次）的平均值，前 10 名之外记 0。(mean reciprocal rank of the "
              "first gold item within the top 10)",
    "union-R": "融合前两路召回（BM25 ∪ 向量）所有候选的召回率：融合与重排序能达到的上限。(recall of every "
               "candidate either channel produced — the ceiling for fusion and reranking)",
    "R@k (CUAD)": "字符召回率：标准答案片段的字符中，被前 k 条检索片段覆盖的比例（LegalBench-RAG）。"
                  "(character recall: share of gold characters covered by the first k snippets)",
    "P@k (CUAD)": "字符精确率：前 k 条检索片段的字符中落在标准答案片段内的比例（LegalBench-RAG）。"
                  "(character precision: share of retrieved characters inside gold spans)",
    "own_contract_top4": "前 4 条结果来自被问合同的比例。(share of the top 4 results that come from the "
                         "contract the question is about)",
    "char_precision / char_recall": "ContractNLI：引用原文与标准证据片段按字符计算的精确率 / 召回率。"
                                    "(character precision / recall of the cited quotes against the gold "
                                    "evidence spans)",
    "evidence_overlap": "ContractNLI：前 5 条引文中有与标准证据片段重叠者的比例。(a cited quote overlaps "
                        "a gold evidence span)",
    "R@N+exp / R@n (same size)": "证据扩展：前 N 条命中 → 其引用的法条 → 同章上下文所组成的证据集覆盖的标准法条比例；"
                                 "对照为同样条数（扩展集平均大小 n）的普通结果列表的召回率。(recall of the "
                                 "evidence set grown from the top N hits, vs a plain list of the same size)",
    "exact_article_rate": "LawBench 1-1：第一条结果正是问题所指的那部法律的那一条（不论版本）的比例；"
                          "same_version_rate 还要求与标准答案版本一致。(share of questions whose first "
                          "result is the named article; same_version_rate also needs the gold's version)",
    "field precision / recall": "CUAD 合同事实：精确率 = 正确值 / 给出的值；召回率 = 正确值 / 标准答案有值的合同"
                                "（日期须同一天，期限单位可换算，管辖法律须集合相等）。(correct / values given; "
                                "correct / contracts whose gold is a value)",
    "clause micro precision / recall, macro F1": "条款有无判断：所有类别合计的精确率、召回率（micro），各类别 F1 "
                                                 "的平均（macro）。(pooled over the 41 CUAD categories; "
                                                 "macro F1 averages the per-category F1)",
    # answers
    "accuracy": "演示集：所有适用检查（状态、数值、页码、冲突、缺口、计算……）都通过且无幻觉的问题比例。"
                "(share of questions passing every applicable check with nothing hallucinated)",
    "status_accuracy": "答案状态（已核验 / 需复核 / 未找到）符合预期的比例。(status as expected)",
    "amount_exact / date_exact": "结论中的金额 / 日期与标准值完全一致（零容差）且没有多余同类数值的比例。"
                                 "(amounts / dates exactly right, zero tolerance, nothing extra)",
    "EM / F1": "CJRC：预测答案与标准答案的完全匹配率、字符级 F1（官方评分脚本，百分制）。"
               "(exact match and character F1 of the official CJRC scorer, in percent)",
    "evidence_page_hit": "引用证据覆盖到标准页码的问题比例。(the cited evidence covers an expected page)",
    "evidence_recall@5": "前 5 条证据覆盖的标准页码比例。(share of expected pages covered by the first 5 "
                         "evidence items)",
    "evidence_precision": "引用证据所在页中属于标准页码的比例。(share of cited pages that are expected)",
    "abstention precision / recall": "拒答（未找到）的精确率：拒答中确实无答案的比例；召回率：无答案的问题中"
                                     "被拒答的比例。(not_found answers that were right to abstain / "
                                     "unanswerable questions that were abstained on)",
    "conflict / gap detection precision / recall": "报告冲突 / 材料缺口的精确率与召回率（只计标准答案有定论的问题）。"
                                                   "(precision / recall of reported conflicts or gaps)",
    "hallucination_rate": "幻觉率：在给出答案的问题中，结论里出现引文不能支持的金额或日期（独立复核），或核验器"
                          "已标出却仍作为已核验答案发出的比例。(answers with an amount or date their cited "
                          "quotes do not carry, or shipped as verified though the verifier flagged it)",
    "verifier_flagged_rate": "核验器自己标出未落地数值的答案比例。(answers whose own verifier flagged a "
                             "number)",
    "p50 / p95": "延迟的中位数与第 95 百分位（最近秩定义），单位毫秒。(median and 95th percentile latency, "
                 "nearest rank, in ms)",
    # faithfulness
    "faithfulness": "忠实度：回答或摘要拆成原子陈述，被上下文（答案的引文、摘要要点的来源片段）支持的陈述所占比例；"
                    "金额、日期、人名须完全一致。没有可核验陈述时不计分。(share of atomic statements the "
                    "context supports; numbers, dates and names must match exactly; none to check: no score)",
    "statement_support": "忠实度（按陈述合计）：全部陈述中被支持的比例。(supported statements / all "
                         "statements, pooled)",
    "fully_faithful": "所有陈述都被支持（得分 1.0）的回答或要点所占比例。(share of scored items with "
                      "every statement supported)",
}

# Report metric names that share one definition above.
_ALIASES = {"amount_exact": "amount_exact / date_exact", "date_exact": "amount_exact / date_exact",
            "em": "EM / F1", "f1": "EM / F1",
            "abstention_precision": "abstention precision / recall",
            "abstention_recall": "abstention precision / recall",
            "char_precision": "char_precision / char_recall",
            "char_recall": "char_precision / char_recall",
            "entailment_char_precision": "char_precision / char_recall",
            "entailment_char_recall": "char_precision / char_recall",
            "entailment_evidence_overlap": "evidence_overlap",
            "mean_score": "faithfulness",
            "same_version_rate": "exact_article_rate",
            "clause_micro_precision": "clause micro precision / recall, macro F1",
            "clause_micro_recall": "clause micro precision / recall, macro F1",
            "clause_macro_f1": "clause micro precision / recall, macro F1"}


def definition_of(metric: str) -> str:
    if metric in METRIC_DEFINITIONS:
        return METRIC_DEFINITIONS[metric]
    if metric in _ALIASES:
        return METRIC_DEFINITIONS[_ALIASES[metric]]
    if metric.startswith(("conflict_detection", "gap_detection")):
        return METRIC_DEFINITIONS["conflict / gap detection precision / recall"]
    if metric.startswith("evidence_recall@"):
        return METRIC_DEFINITIONS["evidence_recall@5"]
    if _EXPANDED.fullmatch(metric) or _SAME_SIZE.fullmatch(metric) or metric == "exp_size":
        return METRIC_DEFINITIONS["R@N+exp / R@n (same size)"]
    return ""


def definitions_frame() -> pd.DataFrame:
    return pd.DataFrame([{"指标 metric": k, "定义 definition": v} for k, v in METRIC_DEFINITIONS.items()])
