"""The answerability judge's figures against its acceptance targets (Benchmark page); CUAD's open
contract questions, which have no target, are listed in the table only.

Two sources, each optional:
  cross-validated   docs/bench/judge.json (written by scripts/train_judge.py with the model and
                    its card): grouped 5-fold out-of-fold figures of the judged answer path
                    computed without the engine around it — grouped by document, and for the
                    contract sets also by question text (no fold tests a question it trained on);
  end to end        the published answer report (docs/bench/answers.json) when its CJRC /
                    ContractNLI runs used the fold models (``--judge-folds``): every question
                    answered by ``Engine.ask`` with the judge that never saw its document.
Shares are drawn as 0–100 %, like every share on the page; CJRC's conclusion char-F1 (the report
keeps percent) too.
"""

from __future__ import annotations

from typing import Any, Mapping

import altair as alt
import pandas as pd

from ui.charts import PUBLISHED_ANSWERS, Source, read_json

JUDGE = Source("judge", "可答性判断器", "judge.json", "python scripts/train_judge.py")

# (dataset, metric as the bench reports it, label, target, direction)
TARGETS: tuple[tuple[str, str, str, float, str], ...] = (
    ("cjrc", "abstention_recall", "拒答召回率 abstention recall", 0.85, "≥"),
    ("cjrc", "false_abstention", "误拒答率 false abstention", 0.05, "≤"),
    ("cjrc", "evidence_hit@5", "前5条证据命中 evidence hit@5", 0.90, "≥"),
    ("cjrc", "f1", "结论字符F1 conclusion char-F1", 0.60, "≥"),
    ("cjrc", "yesno_accuracy", "是否题正确率 yes/no accuracy", 0.80, "≥"),
    ("contractnli", "notmentioned_abstain_or_gap", "未约定→缺口 NotMentioned→gap", 0.80, "≥"),
    ("contractnli", "entailment_to_gap", "蕴含误作缺口 Entailment→gap", 0.10, "≤"),
    ("contractnli", "accuracy_3way", "三分类正确率 3-way accuracy", 0.70, "≥"),
    ("contractnli", "entailment_evidence_overlap", "蕴含证据重叠 evidence overlap", float("nan"), ""),
    # CUAD's open-form contract questions train the English open-question gate; no target is set
    ("cuad", "absent_to_gap", "缺失条款→缺口 absent clause→gap", float("nan"), ""),
    ("cuad", "present_to_gap", "存在条款误作缺口 present clause→gap", float("nan"), ""),
    ("cuad", "evidence_hit@5", "前5条证据重叠 evidence overlap@5", float("nan"), ""),
)
CV_LABEL = "交叉验证 cross-validated"
CV_QUESTION_LABEL = "按问题交叉验证 cross-validated, unseen questions"
E2E_LABEL = "端到端（折外） end to end, out of fold"
OUT_OF_FOLD = "out of fold"
DATASET_NAMES = {"cjrc": ("CJRC 裁判文书", "CJRC"), "contractnli": ("ContractNLI 保密协议", "ContractNLI"),
                 "cuad": ("CUAD 合同开放问题", "CUAD open questions")}


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


def _bilingual(text: str) -> str:
    from ui.labels import bilingual

    return bilingual(text)


def judge_chart(frame: pd.DataFrame, dataset: str) -> alt.LayerChart:
    """Bars per metric (one per source) on 0–100 %, each metric's target drawn as a line across
    its group, the verdict in the tooltip and the table below."""
    from ui.labels import label, named

    part = frame[(frame["dataset"] == dataset) & frame["target_value"].notna()].copy()
    part["metric"] = part["metric"].map(_bilingual)
    part["source"] = part["source"].map(_bilingual)
    part["value"] = part["value"] * 100
    part["target_value"] = part["target_value"] * 100
    part["verdict"] = part["met"].map(lambda met: label("达标", "met") if met else label("未达标", "not met"))
    order = list(dict.fromkeys(part["metric"]))
    bars = alt.Chart(part).mark_bar().encode(
        x=alt.X("metric:N", sort=order, title=None, axis=alt.Axis(labelAngle=0, labelLimit=200)),
        xOffset=alt.XOffset("source:N"),
        y=alt.Y("value:Q", scale=alt.Scale(domain=[0, 100]), title=label("比例（%）", "share (%)")),
        color=alt.Color("source:N", title=None, legend=alt.Legend(orient="bottom", labelLimit=400)),
        tooltip=[alt.Tooltip("metric:N", title=label("指标", "metric")),
                 alt.Tooltip("source:N", title=label("来源", "source")),
                 alt.Tooltip("value:Q", title=label("数值（%）", "value (%)"), format=".1f"),
                 alt.Tooltip("verdict:N", title=label("目标", "target"))])
    targets = alt.Chart(part.drop_duplicates("metric")).mark_tick(
        color="black", thickness=3, size=60).encode(x=alt.X("metric:N", sort=order), y="target_value:Q")
    title = f"{named(DATASET_NAMES, dataset)}：{label('指标与目标（黑线）', 'figures vs targets (black line)')}"
    return alt.layer(bars, targets, title=alt.TitleParams(title, anchor="start"))


def judge_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The table under the charts: named, in %, the target and whether it is met."""
    from ui.labels import label, named

    return pd.DataFrame([{
        label("数据集", "dataset"): named(DATASET_NAMES, row.dataset), label("指标", "metric"): _bilingual(row.metric),
        label("来源", "source"): _bilingual(row.source), label("数值（%）", "value (%)"): round(row.value * 100, 1),
        label("目标", "target"): "—" if not isinstance(row.target, str) else
        f"{row.target.split()[0]} {float(row.target.split()[1]) * 100:g} %",
        label("达标", "met"): "—" if not isinstance(row.met, bool) else (label("是", "yes") if row.met else label("否", "no"))}
        for row in frame.itertuples()])


def judge_section() -> None:
    """The page's block: charts and the table, or a line saying there is nothing yet."""
    import streamlit as st

    from ui.labels import label

    st.markdown(f"#### {label('可答性判断器', 'Answerability judge')}")
    figures = read_json(JUDGE.path())
    report = read_json(PUBLISHED_ANSWERS.path()).data
    frame = judge_frame(figures.data, report)
    if figures.error:
        st.warning(label("判断器的评测结果文件无法读取", "the judge's figures cannot be read"))
    if frame.empty:
        st.info(label("还没有判断器的评测结果", "no judge figures yet"))
        return
    st.caption(label("交叉验证：按文档分组的五折，在折外预测上计算（合同数据集另按问题分组）；端到端：每题用未见过其文档的"
                     "折模型完整回答。",
                     "cross-validated: grouped 5-fold out of fold; end to end: each question answered with the "
                     "fold model that never saw its document"))
    for dataset in dict.fromkeys(frame.loc[frame["target_value"].notna(), "dataset"]):
        st.altair_chart(judge_chart(frame, dataset), width="stretch")
    st.dataframe(judge_table(frame), hide_index=True, width="stretch")
