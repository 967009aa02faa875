"""Benchmark figures for the dashboard: reading the report files and shaping their tables (the
charts against targets: ui/bench_figures.py; the names: ui/bench_labels.py).

Where the figures come from (each source is optional; a missing one is said so, and the command
that writes it is in the admins' details):

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
  scale            ``docs/bench/scale-100k.json``, ``scale-1000k.json`` (scripts/bench_scale.py:
                   synthetic chunks in the embedded stack, the shared one and a Chroma server)
  contract facts   ``docs/bench/cuad_facts.json`` (scripts/bench_cuad_facts.py: rule-extracted
                   fields and clause presence against CUAD's answers)

The shaping functions are pure (report dicts in, DataFrames out). The page decides where they go.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import pandas as pd

from engine import PUBLISHED_REPORT, default_report_path

# Read at call time, so a test can point it at a directory of its own.
DOCS_BENCH = PUBLISHED_REPORT.parent
REPORT_GLOB = "report-*.json"


# -- sources -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Source:
    key: str
    title: str
    file_name: str  # in DOCS_BENCH
    command: str  # what writes it

    def path(self, docs_dir: Path | None = None) -> Path:
        return (docs_dir or DOCS_BENCH) / self.file_name


STARD = Source("stard", "STARD 法条检索", "stard.json",
               "python scripts/bench_stard.py --home .bench/statutes")
CUAD = Source("cuad", "CUAD 合同检索（LegalBench-RAG 字符指标）",
              "cuad.json", "python scripts/bench_cuad.py")
INGEST = Source("ingest", "导入吞吐", "ingest.json",
                "python scripts/bench_ingest.py")
FAITHFULNESS = Source("faithfulness", "忠实度（答案与摘要对照其来源）",
                      "faithfulness.json", "python scripts/bench_faithfulness.py")
LAWBENCH = Source("lawbench", "LawBench 法条背诵与预测（1-1 背诵，3-1 预测）",
                  "lawbench.json", "python scripts/bench_lawbench.py --home .bench/statutes")
STARD_CONTEXT = Source("stard_context", "法条上下文嵌入（裸条文与带上下文，STARD）",
                       "stard_context.json",
                       "python scripts/bench_statute_context.py --bare .bench/statutes "
                       "--enriched .bench/statutes_ctx")
CUAD_FACTS = Source("cuad_facts", "CUAD 合同事实（规则抽取对照 CUAD 答案）",
                    "cuad_facts.json", "python scripts/bench_cuad_facts.py")
SCALE_COMMAND = "nice -n 10 python scripts/bench_scale.py --chunks {n} --publish"
SCALE = (Source("scale_100k", "规模：10 万片段", "scale-100k.json", SCALE_COMMAND.format(n=100_000)),
         Source("scale_1000k", "规模：100 万片段", "scale-1000k.json", SCALE_COMMAND.format(n=1_000_000)))
PUBLISHED_ANSWERS = Source("answers", "已发布答案评测", PUBLISHED_REPORT.name,
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
        return Loaded(path, error=f"无法读取：{exc.strerror or exc}")
    try:
        data = json.loads(text)
    except ValueError as exc:
        return Loaded(path, error=f"不是有效的 JSON：{exc}")
    if not isinstance(data, dict):
        return Loaded(path, error="不是 JSON 对象")
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
            loaded = Loaded(path, error="不是答案评测报告（缺少 suites 字段）")
        (good if loaded.data is not None else bad).append(loaded)
    return good, bad


# -- names a person reads ----------------------------------------------------------------------
CATEGORY_NAMES = {  # per-category rows of the answer suites (demo, CJRC, ContractNLI)
    "fact": ("事实题", "fact"), "evidence": ("证据题", "evidence"), "conflict": ("冲突题", "conflict"),
    "gap": ("缺口题", "gap"), "not_found": ("无答案题", "not found"),
    "span": ("片段答案", "span"), "yes": ("是", "yes"), "no": ("否", "no"),
    "unanswerable": ("无法回答", "unanswerable"),
    "Entailment": ("蕴含", "entailment"), "Contradiction": ("矛盾", "contradiction"),
    "NotMentioned": ("未提及", "not mentioned"),
    # the honesty probes, by the status each expects
    "expect answered": ("应作答的题", "expected answered"), "expect needs_review": ("应需复核的题", "expected review"),
    "expect not_found": ("应答未找到的题", "expected not found"),
}
COLUMN_NAMES = {  # the tables' columns that are not metrics (those: ui/bench_labels.py)
    "metric": ("指标", "metric"), "value": ("值", "value"), "definition": ("定义", "definition"),
    "category": ("类别", "category"), "config": ("配置", "config"), "quantile": ("分位", "quantile"),
    "suite": ("评测集", "suite"), "stage": ("阶段", "stage"), "corpus": ("语料", "corpus"), "ms": ("毫秒", "ms"),
    "part": ("部分", "part"), "group": ("分组", "group"), "item": ("条目", "item"),
    "statement": ("陈述", "statement"), "reason": ("原因", "reason"), "field": ("字段", "field"),
    "note": ("说明", "note"), "measure": ("度量", "measure"), "id": ("编号", "id"),
    "question": ("问题", "question"), "status": ("状态", "status"), "failed": ("未通过", "failed"),
    "conclusion": ("结论", "conclusion"), "domain": ("领域", "domain"), "answer_type": ("答案类型", "answer type"),
    "label": ("标注", "label"), "verdict": ("判定", "verdict"), "pred": ("预测", "prediction"),
    "generated_at": ("运行时间", "run at"), "report": ("报告", "report"), "code_version": ("代码版本", "code"),
    "unit": ("单位", "unit"), "note ": ("说明", "note"), "got": ("得到", "got"), "why": ("原因", "why"),
    "mode": ("检索方式", "mode"), "embedding": ("嵌入", "embedding"), "k": ("k", "k"),
    "baseline": ("基线", "baseline"), "skipped": ("未运行原因", "skipped"),
    "stack": ("存储方案", "stack"), "scope": ("范围", "scope"),
}


def readable(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame as a person reads it: Chinese column names, category values named, empty cells
    as a dash (never None or NaN), truth values as 是/否."""
    from ui.labels import label, named

    if frame.empty:
        return frame
    from ui.bench_labels import config_name, metric_label, metric_name, suite_label

    out = frame.copy()
    for column in ("category", "group"):
        if column in out.columns:
            out[column] = out[column].map(lambda v: named(CATEGORY_NAMES, v) if v in CATEGORY_NAMES else v)
    if "config" in out.columns:
        out["config"] = out["config"].map(config_name)
    if "status" in out.columns:
        from ui.labels import STATUS_NAMES

        out["status"] = out["status"].map(lambda v: named(STATUS_NAMES, v) if isinstance(v, str) else v)
    if "suite" in out.columns:
        out["suite"] = out["suite"].map(suite_label)
    if "metric" in out.columns:  # a long frame: metric keys as values
        out["metric"] = out["metric"].map(lambda v: metric_label(v) if metric_name(str(v)) else v)
    def cell(value: Any) -> str:
        if value is None or (isinstance(value, float) and value != value):
            return "—"
        if isinstance(value, bool):
            return label("是", "yes") if value else label("否", "no")
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)

    for column in out.columns:
        values = out[column]
        # a column with gaps or of mixed kinds becomes text (a dash for a gap); whole numeric
        # columns stay numbers, so they still sort as numbers
        if values.dtype == bool or values.dtype == object or values.isna().any():
            out[column] = values.map(cell)
    return out.rename(columns={c: named(COLUMN_NAMES, c) if c in COLUMN_NAMES else metric_label(c)
                               for c in out.columns if c in COLUMN_NAMES or metric_name(str(c))})


@dataclass(frozen=True)
class GateBanner:
    ok: bool
    text: str


def gate_banner(suite: Mapping[str, Any], *, reasons: bool = True) -> GateBanner | None:
    """What the CI gate of a suite checked, in figures that agree with the tables beside it.

    The gate passes when every fact question *not registered as a known failure* is right and
    no answer carries an ungrounded value; the banner says exactly that, with the counts (a
    bare 'all fact questions correct' beside a fact accuracy of 0.745 was a contradiction)."""
    gate = suite.get("gate")
    if not gate:
        return None
    rows = suite.get("rows") or []
    facts = [r for r in rows if r.get("category") == "fact"]
    known = [r for r in rows if r.get("known_failure") is not None]
    known_wrong_facts = sum(1 for r in known if r.get("category") == "fact" and not r.get("correct"))
    hallucinated = [r for r in rows if r.get("hallucination")]
    hallucinated_known = sum(1 for r in hallucinated if r.get("known_failure") is not None)
    # a suite without fact questions (the probes, the case files) is counted over all its questions
    counted, kind = (facts, "事实题") if facts else (rows, "题目")
    right = sum(1 for r in counted if r.get("correct"))
    known_wrong = known_wrong_facts if facts else sum(1 for r in known if not r.get("correct"))
    metrics = suite.get("metrics") or {}
    if not counted and isinstance(metrics.get("questions"), int):  # a report without its rows
        right, counted = metrics.get("passed") or 0, [None] * metrics["questions"]
    figures = (f"{kind} {right}/{len(counted)} 正确"
               + (f"（错的 {len(counted) - right} 道中 {known_wrong} 道已登记为已知失败）"
                  if len(counted) - right else "")
               + f"；结论含未落地数值的答案 {len(hallucinated)} 个"
               + (f"（其中 {hallucinated_known} 个在已登记的已知失败题中）" if hallucinated_known else "")
               + (f"；已登记的已知失败题共 {len(known)} 道，不计入门槛" if known else ""))
    if gate.get("ok"):
        scope = "除已登记的已知失败题外，" if known else ""
        return GateBanner(True, f"CI 门槛通过：{scope}{kind}全部正确、没有未落地数值。{figures}。")
    # the scorer's reasons are English notes: for the admins' eyes (``reasons``); the ids for all
    failures = "；".join(f"{f['id']}：{f['reason']}" if reasons else str(f["id"]) for f in gate.get("failures", []))
    return GateBanner(False, f"CI 门槛未通过：{failures}。{figures}。")


# -- shaping: answer suites --------------------------------------------------------------------
def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    return None


def category_frame(suite: Mapping[str, Any]) -> pd.DataFrame:
    """The per-category (per answer type, per label) table, one row per category."""
    table = suite.get("per_category") or {}
    frame = pd.DataFrame.from_dict(table, orient="index")
    frame.index.name = "category"
    return frame.apply(pd.to_numeric, errors="coerce").reset_index() if not frame.empty else frame


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


# -- shaping: scale ----------------------------------------------------------------------------
def _scale_measures(stack: str, body: Mapping[str, Any]) -> list[tuple[str, Any, str]]:
    """(measure, value, unit) of one stack's run; each stack stores a different set of things, so
    disk and memory are summed over the parts that stack keeps (its servers included)."""
    ingest = body.get("ingest") or {}
    disk = body.get("disk_mib") or {}
    rss = body.get("rss_mib") or {}
    overlap = body.get("overlap_with_exact") or body.get("vector_recall_at_100") or {}
    end_to_end = body.get("engine_search_ms") or {}
    if stack == "embedded":
        disk_total, memory = disk.get("home"), rss.get("bench_process_peak")
    elif stack == "shared":
        disk_total = sum(_number(disk.get(k)) or 0.0 for k in ("catalog_database", "retrieval_database",
                                                                 "replica_in_home"))
        memory = (_number(rss.get("bench_process_peak")) or 0.0) + (_number(rss.get("postgres_pss")) or 0.0)
    else:
        disk_total, memory = disk.get("chroma_path"), rss.get("chroma_server_pss")
    return [("写入速度", ingest.get("chunks_per_s"), "片段/秒"),
            ("磁盘", disk_total, "MiB"),
            ("内存（进程峰值 + 服务器）", memory, "MiB"),
            ("前 100 与精确检索重合", overlap.get("mean"), "比例"),
            ("Engine.search 中位数", end_to_end.get("p50_ms"), "毫秒"),
            ("Engine.search p95", end_to_end.get("p95_ms"), "毫秒")]


def scale_measures_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """(stack, measure, value, unit, note): one row per measure of each stack that ran; a stack
    stopped on the way (memory limit, crash) is one row saying where."""
    rows = []
    for stack, body in (document.get("stacks") or {}).items():
        if not body.get("ok"):
            rows.append({"stack": stack, "measure": "未完成", "value": None, "unit": None,
                         "note": body.get("failure")})
            continue
        rows += [{"stack": stack, "measure": measure, "value": _number(value), "unit": unit, "note": None}
                 for measure, value, unit in _scale_measures(stack, body)]
    return pd.DataFrame(rows, columns=["stack", "measure", "value", "unit", "note"])


def scale_latency_frame(document: Mapping[str, Any]) -> pd.DataFrame:
    """(stack, scope, quantile, ms): hybrid search over all chunks and within one document (the
    Chroma server: its dense half alone, it has no Chinese lexical search)."""
    rows = []
    for stack, body in (document.get("stacks") or {}).items():
        search = body.get("search") or body.get("vector_search") or {}
        for scope, figures in search.items():
            for quantile in ("p50", "p95"):
                value = _number((figures or {}).get(f"{quantile}_ms"))
                if value is not None:
                    rows.append({"stack": stack, "scope": scope, "quantile": quantile, "ms": value})
    return pd.DataFrame(rows, columns=["stack", "scope", "quantile", "ms"])


# -- shaping: faithfulness ---------------------------------------------------------------------
FAITHFULNESS_PARTS = {"answers": ("per_category", "答案"), "summaries": ("per_document", "摘要")}


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
_EXPANDED = re.compile(r"R@(\d+)\+exp")
_SAME_SIZE = re.compile(r"R@(\d+) \(same size\)")


def recitation_misses_frame(recitation: Mapping[str, Any]) -> pd.DataFrame:
    """LawBench 1-1 questions whose first result was not the named article, and the lookup's reason."""
    columns = ["id", "question", "got", "why"]
    return pd.DataFrame([{c: miss.get(c) for c in columns} for miss in recitation.get("misses") or []],
                        columns=columns)


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
    return pd.DataFrame([{"metric": k, "definition": v} for k, v in METRIC_DEFINITIONS.items()])
