"""The case badge's trust score on the Benchmark page: what each strictness would keep and hold back
(its card's operating points, out of fold; docs/bench/case_trust.json, written with the model by
scripts/train_case_trust.py). Shares are drawn as 0–100 %, like every share on the page."""

from __future__ import annotations

from typing import Any, Mapping

import altair as alt
import pandas as pd

from ui.charts import Source, read_json

CASE_TRUST = Source("case_trust", "案卷核验把握（信任分）", "case_trust.json",
                    "python scripts/train_case_trust.py --reports .bench_trust/reports/*.json")
REAL = "真实问题：已核验中错误的比例 real questions: wrong among 已核验"
MADE_UP = "编造问题：错误答案仍为已核验的比例 made-up questions: wrong answers still 已核验"


def trust_frame(card: Mapping[str, Any] | None) -> pd.DataFrame:
    """One row per (operating point, measure): the share kept right (``keep``), the shares drawn,
    the counts behind them, and whether it is the shipped point."""
    points = ((card or {}).get("card") or {}).get("operating_points") or []
    shipped = ((card or {}).get("card") or {}).get("keep")
    rows = []
    for p in points:
        pairs = ((REAL, p["real_wrong_kept"], p["real_kept"]), (MADE_UP, p["made_up_wrong_kept"], p["made_up_wrong"]))
        for measure, count, total in pairs:
            rows.append({"keep": p["keep"], "threshold": p["threshold"], "measure": measure,
                         "value": round(count / total, 4) if total else None, "count": count, "total": total,
                         "shipped": p["keep"] == shipped})
    return pd.DataFrame(rows, columns=["keep", "threshold", "measure", "value", "count", "total", "shipped"])


def trust_chart(frame: pd.DataFrame) -> alt.LayerChart:
    """Each measure against the share of right badges kept (x, from strict to lenient); the shipped
    point marked."""
    from ui.labels import bilingual, label

    part = frame.dropna(subset=["value"]).copy()
    part["measure"] = part["measure"].map(bilingual)
    part["value"] = part["value"] * 100
    part["keep"] = part["keep"] * 100
    x = alt.X("keep:Q", title=label("保留的正确已核验（%，已调校类型）", "right badges kept (%, tuned kinds)"),
              scale=alt.Scale(zero=False))
    lines = alt.Chart(part).mark_line(point=True).encode(
        x=x, y=alt.Y("value:Q", scale=alt.Scale(domain=[0, 100]), title=label("比例（%）", "share (%)")),
        color=alt.Color("measure:N", title=None, legend=alt.Legend(orient="bottom", labelLimit=500)),
        tooltip=[alt.Tooltip("measure:N", title=label("指标", "measure")),
                 alt.Tooltip("keep:Q", title=label("保留（%）", "kept (%)")),
                 alt.Tooltip("value:Q", title=label("数值（%）", "value (%)"), format=".1f"),
                 alt.Tooltip("count:Q", title=label("个数", "count")),
                 alt.Tooltip("total:Q", title=label("总数", "of"))])
    shipped = alt.Chart(part[part["shipped"]].drop_duplicates("keep")).mark_rule(
        color="black", strokeDash=[4, 3]).encode(x=x)
    title = label("信任分的各档严格度（折外；虚线为当前设置）", "the trust score's operating points (out of fold; dashed: shipped)")
    return alt.layer(lines, shipped, title=alt.TitleParams(title, anchor="start"))


def trust_section() -> None:
    """The page's block: the chart and its table, or a line saying there is nothing yet."""
    import streamlit as st

    from ui.labels import bilingual, label

    st.markdown(f"#### {label('案卷答案的核验把握（信任分）', 'Case badge trust score')}")
    loaded = read_json(CASE_TRUST.path())
    if loaded.error:
        st.warning(label("信任分的评测结果文件无法读取", "the trust score's figures cannot be read"))
    frame = trust_frame(loaded.data)
    if frame.empty:
        st.info(label("还没有信任分的评测结果", "no trust score figures yet"))
        return
    st.caption(label("按案卷分组的五折交叉验证，在折外分数上计算；编造问题为 --counterfactual 生成的问题。严格度由 "
                     "badge.case_trust_keep 设置。",
                     "grouped 5-fold cross-validation by case file, out of fold; made-up questions are the "
                     "--counterfactual ones. Set the strictness with badge.case_trust_keep."))
    st.altair_chart(trust_chart(frame), width="stretch")
    table = frame.assign(measure=frame["measure"].map(bilingual), value=(frame["value"] * 100).round(1))
    st.dataframe(table.rename(columns={"keep": label("保留", "keep"), "threshold": label("阈值", "threshold"),
                                       "measure": label("指标", "measure"), "value": label("数值（%）", "value (%)"),
                                       "count": label("个数", "count"), "total": label("总数", "of"),
                                       "shipped": label("当前", "shipped")}), hide_index=True, width="stretch")
