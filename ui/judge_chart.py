"""The answerability judge's figures against the acceptance targets of issue #12 (Benchmark page);
CUAD's open contract questions, which #12 sets no target for, are charted without ticks.

Two sources, each optional:
  cross-validated   docs/bench/judge.json (written by scripts/train_judge.py with the model and
                    its card): grouped 5-fold out-of-fold figures of the judged answer path
                    computed without the engine around it — grouped by document, and for the
                    contract sets also by question text (no fold tests a question it trained on);
  end to end        the published answer report (docs/bench/answers.json) when its CJRC /
                    ContractNLI runs used the fold models (``--judge-folds``): every question
                    answered by ``Engine.ask`` with the judge that never saw its document.
Shares are 0..1; CJRC's conclusion char-F1 is shown as a share too (the report keeps percent).
"""

from __future__ import annotations

from typing import Any, Mapping

import altair as alt
import pandas as pd

from ui.charts import PUBLISHED_ANSWERS, Source, read_json

JUDGE = Source("judge", "可答性判断器 Answerability judge (issue #12)", "judge.json",
               "python scripts/train_judge.py")

# (dataset, metric as the bench reports it, label, target, direction)
TARGETS: tuple[tuple[str, str, str, float, str], ...] = (
    ("cjrc", "abstention_recall", "拒答召回 abstention recall", 0.85, "≥"),
    ("cjrc", "false_abstention", "误拒答 false abstention", 0.05, "≤"),
    ("cjrc", "evidence_hit@5", "证据命中 evidence hit@5", 0.90, "≥"),
    ("cjrc", "f1", "结论字符 F1 conclusion char-F1", 0.60, "≥"),
    ("cjrc", "yesno_accuracy", "是否题准确率 yes/no accuracy", 0.80, "≥"),
    ("contractnli", "notmentioned_abstain_or_gap", "未约定→缺口 NotMentioned→gap", 0.80, "≥"),
    ("contractnli", "entailment_to_gap", "蕴含误作缺口 Entailment→gap", 0.10, "≤"),
    ("contractnli", "accuracy_3way", "三分类准确率 3-way accuracy", 0.70, "≥"),
    ("contractnli", "entailment_evidence_overlap", "证据重叠 evidence overlap (Entailment)", float("nan"), ""),
    # CUAD's open-form contract questions train the English open-question gate; #12 sets no target
    ("cuad", "absent_to_gap", "缺失条款→缺口 absent clause→gap", float("nan"), ""),
    ("cuad", "present_to_gap", "存在条款误作缺口 present clause→gap", float("nan"), ""),
    ("cuad", "evidence_hit@5", "证据重叠 evidence overlap@5 (present)", float("nan"), ""),
)
CV_LABEL = "交叉验证 cross-validated (train_judge.py)"
CV_QUESTION_LABEL = "按问题交叉验证 cross-validated, unseen questions"
E2E_LABEL = "端到端 out of fold (engine bench)"
OUT_OF_FOLD = "out of fold"


def _share(metric: str, value: Any) -> float | None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    return float(value) / 100 if metric == "f1" else float(value)  # the report keeps F1 in percent


def judge_frame(card: Mapping[str, Any] | None, report: Mapping[str, Any] | None) -> pd.DataFrame:
    """One row per (metric, source): value, target, whether the target is met."""
    sources: list[tuple[str, Mapping[str, Mapping[str, Any]]]] = []
    if card and card.get("cross_validated"):
        sources.append((CV_LABEL, card["cross_validated"]))
    if card and card.get("cross_validated_by_question"):  # contract sets grouped by question text
        sources.append((CV_QUESTION_LABEL, card["cross_validated_by_question"]))
    suites = (report or {}).get("suites") or {}
    e2e = {name: suite.get("metrics") or {} for name, suite in suites.items()
           if name in ("cjrc", "contractnli") and OUT_OF_FOLD in str((suite.get("config") or {}).get("judge", ""))}
    if e2e:
        sources.append((E2E_LABEL, e2e))
    rows = []
    for source, figures in sources:
        for dataset, metric, label, target, direction in TARGETS:
            value = _share(metric, (figures.get(dataset) or {}).get(metric))
            if value is None:
                continue
            met = None if not direction else (value >= target if direction == "≥" else value <= target)
            rows.append({"dataset": dataset, "metric": label, "source": source, "value": round(value, 4),
                         "target": None if not direction else f"{direction} {target:g}", "target_value":
                         None if not direction else target, "met": met})
    return pd.DataFrame(rows, columns=["dataset", "metric", "source", "value", "target", "target_value", "met"])


def judge_chart(frame: pd.DataFrame, dataset: str) -> alt.LayerChart:
    """Bars per metric (one per source) with the target drawn as a tick."""
    part = frame[frame["dataset"] == dataset]
    order = list(dict.fromkeys(part["metric"]))
    bars = alt.Chart(part).mark_bar().encode(
        x=alt.X("metric:N", sort=order, title=None, axis=alt.Axis(labelAngle=0, labelLimit=160)),
        xOffset=alt.XOffset("source:N"),
        y=alt.Y("value:Q", scale=alt.Scale(domain=[0, 1]), title="比例 share (0–1)"),
        color=alt.Color("source:N", title=None),
        tooltip=["metric", "source", "value", "target", "met"])
    targets = alt.Chart(part.dropna(subset=["target_value"]).drop_duplicates("metric")).mark_tick(
        color="black", thickness=2, size=40).encode(
        x=alt.X("metric:N", sort=order), y="target_value:Q", tooltip=["metric", "target"])
    return alt.layer(bars, targets, title=f"{dataset}: 判断器指标与目标 judge figures vs targets")


def judge_section() -> None:
    """The page's block: chart and table, or the command that produces the figures."""
    import streamlit as st

    st.markdown(f"#### {JUDGE.title}")
    figures = read_json(JUDGE.path())
    report = read_json(PUBLISHED_ANSWERS.path()).data
    frame = judge_frame(figures.data, report)
    if figures.error:
        st.warning(f"{JUDGE.path()} 无法读取 — {figures.error}")
    if frame.empty:
        st.info(f"还没有判断器的评测结果 (no judge figures yet)。生成它的命令 (the command that writes it)："
                f"\n\n`{JUDGE.command}`")
        return
    st.caption("交叉验证：按文档分组的五折，训练脚本在折外预测上计算；合同数据集另按问题分组（测试折的问题从未训练过）；"
               "端到端：每题用未见过其文档的折模型经 Engine.ask 回答 (cross-validated: grouped 5-fold out-of-fold, "
               "for the contract sets also grouped by question; end to end: Engine.ask with the fold model that "
               "never saw the document). 黑色刻度为目标 (black ticks: targets).")
    for dataset in dict.fromkeys(frame["dataset"]):
        st.altair_chart(judge_chart(frame, dataset), width="stretch")
    st.dataframe(frame.drop(columns=["target_value"]), hide_index=True, width="stretch")
