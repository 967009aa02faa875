"""The headline figures a team lead reads on the Benchmark page, each against its target.

A ``Figure`` is one number on the page's scale (shares as 0–100 %, times in ms or s), where it
comes from, and its ``Target`` (a bound and a direction) when one is set. Targets live here, each
with where it was set; where none is, the figure says so instead of inventing one:

  answer suites      the CI gate: every question right except those registered as known failures
                     → accuracy ≥ (questions − known failures) / questions; no ungrounded or wrong
                     value; 已核验 on no wrong answer (``verified_wrong_share`` ≤ 0)
  CJRC, ContractNLI  the answerability judge's acceptance (ui/judge_chart.TARGETS)
  STARD, CUAD        the retrieval acceptance in docs/benchmarks.md (R@100 ≥ 85 %, hit@10 ≥ 72 %,
                     MRR@10 ≥ 50 %, p50 ≤ 150 ms, p95 ≤ 400 ms; CUAD P@1 ≥ 5 %, R@64 ≥ 75 %)
  ask latency        the target written into docs/bench/ask_latency.json (p50 ≤ 300 ms)
  local LLM          no target of its own: compared with the deterministic composer on the same
                     questions (its reference line)

Pure: report dicts in, Figures out, Altair specifications built; no Streamlit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import altair as alt
import pandas as pd

from ui.bench_labels import MS, PERCENT, RATE, SECONDS, as_shown, metric_kind, metric_label, suite_label
from ui.labels import label

# Groups, in page order.
ANSWERS, JUDGE, RETRIEVAL, LATENCY, LLM = "answers", "judge", "retrieval", "latency", "llm"
GROUP_NAMES = {ANSWERS: ("答案", "Answers"), JUDGE: ("可答性判断", "Answerability"),
               RETRIEVAL: ("检索", "Retrieval"), LATENCY: ("延迟", "Latency"), LLM: ("本地大模型", "Local LLM")}
# suite → (metric, bound as the report writes it, direction): the judge's acceptance
JUDGE_TARGETS = {
    "cjrc": (("f1", 60.0, "≥"), ("abstention_recall", 0.85, "≥"), ("false_abstention", 0.05, "≤"),
             ("evidence_hit@5", 0.90, "≥"), ("yesno_accuracy", 0.80, "≥")),
    "contractnli": (("accuracy_3way", 0.70, "≥"), ("notmentioned_abstain_or_gap", 0.80, "≥"),
                    ("entailment_to_gap", 0.10, "≤")),
}
STARD_TARGETS = (("R@100", 0.85, "≥"), ("hit@10", 0.72, "≥"), ("MRR@10", 0.50, "≥"))
STARD_LATENCY = (("p50", 150.0), ("p95", 400.0))
CUAD_TARGETS = (("P@1", 0.05, "≥"), ("R@64", 0.75, "≥"))
STARD_DEFAULT_RUN = "hybrid+rerank"  # the pipeline ask and search use


@dataclass(frozen=True)
class Target:
    value: float  # on the page's scale
    direction: str  # "≥" | "≤"
    note: str = ""  # why this bound (shown in words)

    def met(self, value: float | None) -> bool | None:
        if value is None:
            return None
        return value >= self.value - 1e-9 if self.direction == "≥" else value <= self.value + 1e-9


@dataclass(frozen=True)
class Figure:
    key: str  # suite.metric: the trend joins runs by it
    group: str
    name: str  # what it is, in words (the suite and the metric)
    kind: str  # bench_labels kind: RATE/PERCENT on 0–100 %, MS, SECONDS
    value: float | None
    target: Target | None = None
    detail: str = ""  # e.g. 72 / 73 题
    reference: tuple[str, float] | None = None  # (what, value): a comparison, not a target
    source: str = ""  # the file it comes from (admins' details)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def met(self) -> bool | None:
        return self.target.met(self.value) if self.target else None

    def verdict(self) -> str:
        """目标 ≥ 98.6 %：达标 — or 未设目标 (and the comparison, when there is one)."""
        if self.value is None:
            return label("尚无结果", "no result yet")
        if self.target is None:
            if self.reference is not None:
                what, ref = self.reference
                return label(f"对照 {what} {shown(ref, self.kind)}", f"vs {what} {shown(ref, self.kind)}")
            return label("未设目标（仅记录）", "no target set")
        state = label("达标", "met") if self.met else label("未达标", "not met")
        return f"{label('目标', 'target')} {self.target.direction} {shown(self.target.value, self.kind)}：{state}"


def shown(value: float, kind: str) -> str:
    if kind in (RATE, PERCENT):
        return f"{value:.1f}".rstrip("0").rstrip(".") + " %"
    unit = label("毫秒", "ms") if kind == MS else label("秒", "s") if kind == SECONDS else ""
    return f"{value:g} {unit}".strip()


def _rate_scale(key: str, value: Any) -> float | None:
    """The value on 0–100 % for a share or a percentage, as is for the others."""
    return as_shown(key, value)


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


# -- answer suites ------------------------------------------------------------------------------
def answer_figures(name: str, suite: Mapping[str, Any], source: str) -> list[Figure]:
    """An answer suite's headline: its accuracy against its gate, the values it got wrong or
    could not ground, and how often 已核验 sat on a wrong answer."""
    if suite.get("skipped"):
        return [Figure(f"{name}.accuracy", ANSWERS, f"{suite_label(name)} · {metric_label('accuracy')}", RATE,
                       None, source=source, detail=label("未运行", "skipped"))]
    metrics = suite.get("metrics") or {}
    figures = []
    accuracy = _number(metrics.get("accuracy"))
    questions = int(metrics.get("questions") or 0)
    known = _known_failures(suite)
    target = None
    if suite.get("gate") and questions:
        bound = (questions - known) / questions * 100
        target = Target(round(bound, 1), "≥", label(
            f"门槛：除 {known} 道已登记的已知失败外全部正确" if known else "门槛：全部正确",
            "the gate: all right but the registered known failures"))
    passed = metrics.get("passed")
    right = passed if isinstance(passed, int) else round(accuracy * questions) if accuracy is not None else None
    figures.append(Figure(f"{name}.accuracy", ANSWERS, f"{suite_label(name)} · {metric_label('accuracy')}", RATE,
                          None if accuracy is None else accuracy * 100, target,
                          f"{right} / {questions} {label('题', 'questions')}" if right is not None else "",
                          source=source))
    for key in ("hallucination_rate", "verified_wrong_share"):
        value = _number(metrics.get(key))
        if value is not None:
            figures.append(Figure(f"{name}.{key}", ANSWERS, f"{suite_label(name)} · {metric_label(key)}", RATE,
                                  value * 100, Target(0.0, "≤", label("不应有", "none allowed")), source=source))
    wrong = _number(metrics.get("wrong_values"))
    if wrong is not None and questions:
        share = _number(metrics.get("questions_with_wrong_values"))
        figures.append(Figure(f"{name}.wrong_values_share", ANSWERS,
                              f"{suite_label(name)} · {label('含错误数值的题', 'questions with a wrong value')}", RATE,
                              (share or 0.0) / questions * 100, Target(0.0, "≤", label("零容差", "zero tolerance")),
                              f"{int(wrong)} {label('个错误数值', 'wrong values')}", source=source))
    return figures


def _known_failures(suite: Mapping[str, Any]) -> int:
    metrics = suite.get("metrics") or {}
    if isinstance(metrics.get("known_failures"), int):
        return metrics["known_failures"]
    return sum(1 for row in suite.get("rows") or [] if row.get("known_failure") is not None)


def judge_figures(name: str, suite: Mapping[str, Any], source: str) -> list[Figure]:
    metrics = suite.get("metrics") or {}
    figures = []
    for key, bound, direction in JUDGE_TARGETS.get(name, ()):
        value = _rate_scale(key, metrics.get(key))
        target_value = bound if metric_kind(key) == PERCENT else bound * 100
        figures.append(Figure(f"{name}.{key}", JUDGE, f"{suite_label(name)} · {metric_label(key)}", RATE,
                              value, Target(target_value, direction, label("可答性判断器的验收目标",
                                                                           "the judge's acceptance")),
                              source=source))
    return figures


# -- retrieval and latency ----------------------------------------------------------------------
def stard_figures(document: Mapping[str, Any] | None, source: str) -> list[Figure]:
    if not document:
        return []
    runs = {r.get("name"): r for r in document.get("runs") or []}
    run = runs.get(STARD_DEFAULT_RUN) or (list(runs.values())[-1] if runs else None)
    if run is None:
        return []
    metrics = run.get("metrics") or {}
    figures = [Figure(f"stard.{key}", RETRIEVAL, f"{suite_label('stard')} · {metric_label(key)}", RATE,
                      _rate_scale(key, metrics.get(key)), Target(bound * 100, direction,
                                                                 label("检索验收目标", "retrieval acceptance")),
                      source=source) for key, bound, direction in STARD_TARGETS]
    total = (run.get("latency_ms") or {}).get("total") or {}
    for quantile, bound in STARD_LATENCY:
        figures.append(Figure(f"stard.latency_{quantile}", LATENCY,
                              f"{label('法条检索耗时', 'statute search time')} · {metric_label(quantile)}", MS,
                              _number(total.get(quantile)), Target(bound, "≤", label("检索验收目标",
                                                                                     "retrieval acceptance")),
                              source=source))
    return figures


def cuad_figures(document: Mapping[str, Any] | None, source: str) -> list[Figure]:
    if not document or not document.get("runs"):
        return []
    runs = document["runs"]
    run = next((r for r in runs if str(r.get("name", "")).startswith("default")), runs[-1])
    metrics = run.get("metrics") or {}
    return [Figure(f"cuad.{key}", RETRIEVAL, f"{suite_label('cuad')} · {metric_label(key)}", RATE,
                   _rate_scale(key, metrics.get(key)), Target(bound * 100, direction,
                                                              label("检索验收目标", "retrieval acceptance")),
                   source=source) for key, bound, direction in CUAD_TARGETS]


def ask_latency_figures(document: Mapping[str, Any] | None, source: str) -> list[Figure]:
    if not document:
        return []
    overall = document.get("overall") or {}
    bound = _number((document.get("config") or {}).get("target_p50_ms"))
    return [Figure("ask.latency_p50", LATENCY, f"{label('问答耗时', 'ask time')} · {metric_label('p50')}", MS,
                   _number(overall.get("p50_ms")), Target(bound, "≤", label("问答延迟目标", "ask latency target"))
                   if bound is not None else None, f"{overall.get('n', '?')} {label('次问答', 'asks')}",
                   source=source),
            Figure("ask.latency_p95", LATENCY, f"{label('问答耗时', 'ask time')} · {metric_label('p95')}", MS,
                   _number(overall.get("p95_ms")), None, source=source)]


def llm_figures(document: Mapping[str, Any] | None, source: str) -> list[Figure]:
    """Local-LLM answers against the deterministic composer on the same questions."""
    if not document:
        return []
    modes = document.get("modes") or {}

    def metrics(mode: str) -> Mapping[str, Any]:
        body = modes.get(mode) or {}
        return body.get("metrics", body)

    llm, deterministic = metrics("llm"), metrics("deterministic")
    accuracy, reference = _number(llm.get("accuracy")), _number(deterministic.get("accuracy"))
    figures = [Figure("llm_local.accuracy", LLM, f"{suite_label('llm_local')} · {metric_label('accuracy')}", RATE,
                      None if accuracy is None else accuracy * 100,
                      detail=f"{llm.get('passed', '?')} / {llm.get('questions', '?')} {label('题', 'questions')}",
                      reference=(label("确定性撰写", "deterministic"), reference * 100) if reference is not None
                      else None, source=source)]
    wrong = _number(llm.get("questions_with_wrong_values"))
    if wrong is not None and llm.get("questions"):
        figures.append(Figure("llm_local.wrong_values_share", LLM,
                              f"{suite_label('llm_local')} · {label('含错误数值的题', 'questions with a wrong value')}",
                              RATE, wrong / llm["questions"] * 100, Target(0.0, "≤", label("零容差", "zero tolerance")),
                              source=source))
    seconds = _number(llm.get("s_per_answer_p50"))
    if seconds is not None:
        figures.append(Figure("llm_local.s_per_answer_p50", LLM,
                              f"{suite_label('llm_local')} · {metric_label('s_per_answer_p50')}", SECONDS, seconds,
                              reference=(label("确定性撰写", "deterministic"),
                                         _number(deterministic.get("s_per_answer_p50")) or 0.0), source=source))
    return figures


def suite_figures(name: str, suite: Mapping[str, Any], source: str) -> list[Figure]:
    """The headline of any answer-report suite, a future one included (its accuracy, its
    verified-but-wrong share), by what its metrics hold."""
    if name in JUDGE_TARGETS:
        return judge_figures(name, suite, source)
    return answer_figures(name, suite, source)


# -- charts -------------------------------------------------------------------------------------
MET_COLOURS = {True: "#2b8a3e", False: "#e8590c", None: "#868e96"}


def figures_frame(figures: Iterable[Figure]) -> pd.DataFrame:
    rows = [{"name": f.name, "value": f.value, "target": f.target.value if f.target else None,
             "direction": f.target.direction if f.target else "", "verdict": f.verdict(), "detail": f.detail,
             "colour": MET_COLOURS[f.met], "shown": shown(f.value, f.kind) if f.value is not None else "—",
             "reference": f.reference[1] if f.reference else None}
            for f in figures]
    return pd.DataFrame(rows, columns=["name", "value", "target", "direction", "verdict", "detail", "colour",
                                       "shown", "reference"])


def scorecard_chart(figures: list[Figure], title: str) -> alt.LayerChart:
    """One bar per figure on the scale of their kind (shares 0–100 %), the target drawn as a
    black line across the bar's row and the verdict written beside it; the name in full."""
    kind = figures[0].kind
    frame = figures_frame(figures)
    order = list(frame["name"])
    if kind in (RATE, PERCENT):
        scale = alt.Scale(domain=[0, 100])
    else:
        top = max([v for v in frame["value"].tolist() + frame["target"].tolist() + frame["reference"].tolist()
                   if isinstance(v, (int, float)) and math.isfinite(v)] or [1.0])
        scale = alt.Scale(domain=[0, top * 1.35])
    axis_title = label("比例（%）", "share (%)") if kind in (RATE, PERCENT) else \
        label("耗时（毫秒）", "time (ms)") if kind == MS else label("耗时（秒）", "time (s)")
    y = alt.Y("name:N", sort=order, title=None, axis=alt.Axis(labelLimit=340, labelFontSize=12))
    base = alt.Chart(frame)
    bars = base.mark_bar(height=14).encode(
        x=alt.X("value:Q", scale=scale, title=axis_title), y=y,
        color=alt.Color("colour:N", scale=None, legend=None),
        tooltip=[alt.Tooltip("name:N", title=label("指标", "figure")),
                 alt.Tooltip("shown:N", title=label("数值", "value")),
                 alt.Tooltip("verdict:N", title=label("目标", "target")),
                 alt.Tooltip("detail:N", title=label("说明", "detail"))])
    targets = base.transform_filter("isValid(datum.target)").mark_tick(
        color="black", thickness=3, size=22).encode(x="target:Q", y=y)
    references = base.transform_filter("isValid(datum.reference)").mark_tick(
        color="#495057", thickness=2, size=22, strokeDash=[3, 2]).encode(x="reference:Q", y=y)
    # the value and the verdict written above each bar, from its start: never past the chart's edge
    text = base.mark_text(align="left", baseline="bottom", dy=-8, fontSize=11, color="#495057").encode(
        x=alt.value(2), y=y, text="verdict_line:N").transform_calculate(
        verdict_line="datum.shown + '　' + datum.verdict")
    # Streamlit fits the whole chart (title and axis included) into this height: the rows get
    # ROW_PX each, so a verdict written above a bar never runs into the bar above it
    return alt.layer(bars, targets, references, text, title=alt.TitleParams(title, anchor="start")).properties(
        height=ROW_PX * len(figures) + TITLE_AND_AXIS_PX)


ROW_PX = 40
TITLE_AND_AXIS_PX = 90


def trend_frame(entries: Iterable[Mapping[str, Any]], figure: Figure) -> pd.DataFrame:
    """(when, value) of ``figure`` over the published runs, on the page's scale."""
    suite, _, metric = figure.key.partition(".")
    rows = []
    for entry in entries:
        if entry.get("suite") != suite:
            continue
        metrics = {**(entry.get("timings") or {}), **(entry.get("metrics") or {})}
        value = trend_value(figure, metric, metrics)
        when = pd.to_datetime(entry.get("finished_at"), utc=True, errors="coerce")
        if value is not None and not pd.isna(when):
            rows.append({"when": when, "value": value})
    return pd.DataFrame(rows, columns=["when", "value"])


def trend_value(figure: Figure, metric: str, metrics: Mapping[str, Any]) -> float | None:
    if metric == "wrong_values_share":
        wrong, questions = _number(metrics.get("questions_with_wrong_values")), _number(metrics.get("questions"))
        return wrong / questions * 100 if wrong is not None and questions else None
    if figure.kind in (RATE, PERCENT):
        return _rate_scale(metric, metrics.get(metric))
    return _number(metrics.get(metric))


def trend_chart(frame: pd.DataFrame, figure: Figure) -> alt.LayerChart:
    """The figure over the published runs, with its target as a dashed line."""
    scale = alt.Scale(domain=[0, 100]) if figure.kind in (RATE, PERCENT) else alt.Undefined
    axis_title = label("比例（%）", "share (%)") if figure.kind in (RATE, PERCENT) else \
        label("耗时（毫秒）", "ms") if figure.kind == MS else label("耗时（秒）", "s")
    line = alt.Chart(frame).mark_line(point=True).encode(
        x=alt.X("when:T", title=label("发布时间", "published"), axis=alt.Axis(format="%m-%d", labelAngle=0)),
        y=alt.Y("value:Q", title=axis_title, scale=scale),
        tooltip=[alt.Tooltip("when:T", title=label("发布时间", "published"), format="%Y-%m-%d %H:%M"),
                 alt.Tooltip("value:Q", title=label("数值", "value"), format=".1f")])
    layers = [line]
    if figure.target is not None:
        rule = pd.DataFrame({"target": [figure.target.value]})
        layers.append(alt.Chart(rule).mark_rule(color="black", strokeDash=[5, 3]).encode(y="target:Q"))
    return alt.layer(*layers, title=alt.TitleParams(figure.name, subtitle=figure.verdict(), anchor="start")
                     ).properties(height=150)
