"""评测 Benchmark: what the project measured, against its targets, for a team lead.

总览: the headline figures of the latest published runs, one chart per group and unit (shares on
one 0–100 % scale), each with its target drawn as a line and said met or not (ui/bench_figures.py).
趋势: each headline figure over the published runs (docs/bench/history.jsonl). Then the details —
answers per suite and per question, retrieval, latency, statutes, contract facts, faithfulness,
ingest — and running a suite. Every suite and metric is named through ui/bench_labels.py: no report
key, file path, commit or command reaches the page, except in the details expander for admins.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pandas as pd
import streamlit as st

import engine as face
from engine import Permission, Role
from ui.auth import require
from ui.bench_figures import (ANSWERS, GROUP_NAMES, JUDGE, LATENCY, LLM, RETRIEVAL, Figure, answer_figures,
                              ask_latency_figures, cuad_figures, llm_figures, scorecard_chart, stard_figures,
                              suite_figures, trend_chart, trend_frame)
from ui.bench_labels import MS, PERCENT, RATE, SECONDS, formatted, metric_kind, metric_label, suite_label
from ui.charts import (CUAD, CUAD_FACTS, FAITHFULNESS, INGEST, LAWBENCH, PUBLISHED_ANSWERS, SCALE, STARD,
                       STARD_CONTEXT,
                       Loaded, answer_command, category_frame, cuad_clauses_frame, cuad_fields_frame,
                       definitions_frame, expansion_of, faithfulness_frame, faithfulness_headline_frame,
                       gate_banner, ingest_measures_frame, ingest_stages_frame, load_answer_reports,
                       prediction_frame, read_json, readable, recitation_misses_frame, reports_dir, retrieval_frame,
                       rows_frame, scale_latency_frame, scale_measures_frame, stage_latency_frame,
                       statute_context_frame, unsupported_statements_frame, wide)
from ui.components import error_boundary, local_time, show_error
from ui.judge_chart import judge_section
from ui.labels import label
from ui.state import get_engine
from ui.trust_chart import trust_section

ASK_LATENCY = "ask_latency.json"
LLM_LOCAL = ("llm_local_all.json", "llm_local.json")  # all questions first, the sample otherwise
ANSWER_FILES = ("transcripts.json", "casegen.json")  # published beside answers.json
LAST_RUN_KEY = "bench.last_run"  # (report path, suite) of this session's last run
REPORT_KEY = "bench.report"  # the answer report the details show (a path)
KIND_ORDER = (RATE, MS, SECONDS)


@st.cache_resource(show_spinner=False)
def _run_lock() -> threading.Lock:
    # One run at a time per server: two runs of a suite would open two engines on one bench home.
    return threading.Lock()


def table(frame: pd.DataFrame) -> None:
    st.dataframe(readable(frame), hide_index=True, width="stretch")


def no_result(what: str, source=None, loaded: Loaded | None = None) -> None:
    """No figures yet: said in words; which file and which command is for admins' details."""
    if loaded is not None and loaded.error:
        st.warning(f"{what}：{label('结果文件无法读取', 'the result file cannot be read')}")
    else:
        st.info(f"{what}：{label('尚无结果', 'no results yet')}")
    SOURCES.append((what, source.path() if source is not None else None,
                    getattr(source, "command", None), loaded.error if loaded is not None else None))


# Where each figure came from, for the admins' details: (what, path, command, error).
SOURCES: list[tuple[str, Path | None, str | None, str | None]] = []


def docs_json(name: str) -> Loaded:
    from ui import charts

    loaded = read_json(charts.DOCS_BENCH / name)
    SOURCES.append((name, loaded.path, None, loaded.error))
    return loaded


# -- the published figures ------------------------------------------------------------------------
def published_suites() -> dict[str, tuple[dict, str]]:
    """suite → (its latest published result, the file): answers.json and the case-file reports
    published beside it; the later run of a suite wins."""
    latest: dict[str, tuple[str, dict, str]] = {}
    for name in (PUBLISHED_ANSWERS.file_name, *ANSWER_FILES):
        data = docs_json(name).data or {}
        for suite_name, suite in (data.get("suites") or {}).items():
            when = str((suite.get("run") or {}).get("finished_at") or data.get("generated_at") or "")
            if suite_name not in latest or when > latest[suite_name][0]:
                latest[suite_name] = (when, suite, name)
    return {name: (suite, source) for name, (_, suite, source) in latest.items()}


def headline() -> list[Figure]:
    figures: list[Figure] = []
    for name, (suite, source) in published_suites().items():
        figures += suite_figures(name, suite, source)
    figures += stard_figures(docs_json(STARD.file_name).data, STARD.file_name)
    figures += cuad_figures(docs_json(CUAD.file_name).data, CUAD.file_name)
    figures += ask_latency_figures(docs_json(ASK_LATENCY).data, ASK_LATENCY)
    llm = next((docs_json(n) for n in LLM_LOCAL if docs_json(n).data), None)
    if llm is not None:
        figures += llm_figures(llm.data, llm.path.name)
    return figures


def overview_tab(figures: list[Figure]) -> None:
    with_target = [f for f in figures if f.target is not None and f.value is not None]
    met = sum(1 for f in with_target if f.met)
    st.markdown(f"**{label('达标', 'Met')} {met} / {len(with_target)}**　"
                + label("最近一次发布的评测结果；黑线为目标，灰色虚线为对照，绿色达标，橙色未达标，灰色未设目标。",
                        "latest published runs; black line: target, dashed: comparison"))
    for group in (ANSWERS, JUDGE, RETRIEVAL, LATENCY, LLM):
        members = [f for f in figures if f.group == group]
        if not members:
            continue
        st.markdown(f"#### {label(*GROUP_NAMES[group])}")
        for kind in KIND_ORDER:
            same = [f for f in members if (RATE if f.kind == PERCENT else f.kind) == kind]
            if same:
                unit = label("比例", "shares") if kind == RATE else label("毫秒", "ms") if kind == MS \
                    else label("秒", "seconds")
                st.altair_chart(scorecard_chart(same, f"{label(*GROUP_NAMES[group])}（{unit}）"), width="stretch")
        pending = [f.name for f in members if f.value is None]
        if pending:
            st.caption(label("尚无结果：", "no results yet: ") + "、".join(pending))


def trend_tab(figures: list[Figure]) -> None:
    entries, bad = face.read_history(face.HISTORY)  # read at call time: a test points it elsewhere
    SOURCES.append((label("历次发布", "published runs"), face.HISTORY, "python -m engine bench --suite … --publish",
                    "; ".join(bad) or None))
    if bad:
        st.warning(label(f"历次记录中有 {len(bad)} 行无法读取，已略过", f"{len(bad)} unreadable lines skipped"))
    drawn, without = 0, []
    columns = st.columns(2)
    for figure in figures:
        frame = trend_frame(entries, figure)
        if frame.empty:
            without.append(figure.name)
            continue
        with columns[drawn % 2]:
            st.altair_chart(trend_chart(frame, figure), width="stretch")
            if len(frame) == 1:
                st.caption(label("目前只有一次发布的运行", "one published run so far"))
        drawn += 1
    if not drawn:
        st.info(label("还没有发布过的评测运行", "no published runs yet"))
    if without:
        st.caption(label("以下指标由单独的测量脚本得出，尚无历次记录：", "measured by their own scripts, no runs kept: ")
                   + "、".join(without))


# -- details: answer reports ---------------------------------------------------------------------
def report_name(loaded: Loaded) -> str:
    data = loaded.data or {}
    when = local_time(data.get("generated_at")) if data.get("generated_at") else "—"
    suites = "、".join(suite_label(s) for s in data.get("suites", {})) or "—"
    where = label("已发布", "published") if loaded.path == PUBLISHED_ANSWERS.path() else label("本机运行", "run here")
    return f"{when} · {where} · {suites}"


def choose_report(reports: list[Loaded]) -> Loaded | None:
    if not reports:
        return None
    by_path = {str(r.path): r for r in reports}  # by path: a new run does not shift the choice
    if st.session_state.get(REPORT_KEY) not in by_path:
        st.session_state.pop(REPORT_KEY, None)  # that file is gone
    chosen = st.selectbox(label("评测报告", "Report"), list(by_path), key=REPORT_KEY,
                          format_func=lambda p: report_name(by_path[p]))
    return by_path[chosen]


def headline_table(suite: dict) -> pd.DataFrame:
    """A suite's metrics as a person reads them: name, value with its unit."""
    rows = [{"metric": metric_label(k), "value": formatted(k, v)}
            for k, v in (suite.get("metrics") or {}).items()]
    rows += [{"metric": metric_label(k), "value": formatted(k, v)}
             for k, v in (suite.get("timings") or {}).items()]
    return pd.DataFrame(rows, columns=["metric", "value"])


def shares_as_percent(frame: pd.DataFrame) -> pd.DataFrame:
    """Per-category columns named, shares shown as percentages (one scale on the page)."""
    out = frame.copy()
    for column in out.columns:
        if column == "category":
            continue
        values = pd.to_numeric(out[column], errors="coerce")
        if metric_kind(column, values.dropna().iloc[0] if values.notna().any() else None) == RATE:
            out[column] = (values * 100).round(1)
            out = out.rename(columns={column: f"{metric_label(column)}（%）"})
        else:
            out = out.rename(columns={column: metric_label(column)})
    return out


def answers_tab(chosen: Loaded | None) -> None:
    if chosen is None:
        no_result(label("答案评测", "Answer benchmarks"), PUBLISHED_ANSWERS)
        return
    for name, suite in (chosen.data or {}).get("suites", {}).items():
        st.markdown(f"#### {suite_label(name)}")
        if suite.get("skipped"):
            st.info(label("本次未运行（数据集不在本机）", "not run (dataset absent)"))
            continue
        banner = gate_banner(suite, reasons=ADMIN)
        if banner is not None:
            (st.success if banner.ok else st.error)(banner.text)
        figures = answer_figures(name, suite, "")
        st.caption(" · ".join(f"{f.name.split(' · ')[-1]} {formatted_figure(f)}（{f.verdict()}）"
                              for f in figures if f.value is not None))
        left, right = st.columns([1, 1])
        with left:
            st.markdown(f"**{label('总体指标', 'Headline')}**")
            table(headline_table(suite))
        categories = category_frame(suite)
        with right:
            if not categories.empty:
                st.markdown(f"**{label('按类别', 'Per category')}**")
                table(shares_as_percent(categories))
        rows = rows_frame(suite, columns=("category", "question", "status", "correct", "ms"))
        if not rows.empty:
            with st.expander(f"{label('逐题结果', 'Per question')}（{len(rows)}）"):
                table(rows)


def formatted_figure(figure: Figure) -> str:
    from ui.bench_figures import shown

    return shown(figure.value, figure.kind) if figure.value is not None else "—"


# -- details: retrieval and latency --------------------------------------------------------------
def retrieval_tab(figures: list[Figure]) -> None:
    stard = docs_json(STARD.file_name)
    st.markdown(f"#### {suite_label('stard')}")
    if stard.data is None:
        no_result(suite_label("stard"), STARD, stard)
    else:
        same = [f for f in figures if f.key.startswith("stard.") and f.group == RETRIEVAL]
        if same:
            st.altair_chart(scorecard_chart(same, label("默认检索流程（%）", "the default pipeline (%)")),
                            width="stretch")
        frame = retrieval_frame(stard.data)
        table(configs_table(frame))
    cuad = docs_json(CUAD.file_name)
    st.markdown(f"#### {suite_label('cuad')}")
    if cuad.data is None:
        no_result(suite_label("cuad"), CUAD, cuad)
        return
    same = [f for f in figures if f.key.startswith("cuad.")]
    if same:
        st.altair_chart(scorecard_chart(same, label("默认检索流程（%）", "the default pipeline (%)")), width="stretch")
    table(configs_table(retrieval_frame(cuad.data)))


def configs_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Runs × metrics, metrics named and shares in %."""
    if frame.empty:
        return frame
    frame = frame.assign(value=[v * 100 if metric_kind(m, v) == RATE else v
                                for m, v in zip(frame["metric"], frame["value"])],
                         metric=[metric_label(m) + ("（%）" if metric_kind(m, v) == RATE else "")
                                 for m, v in zip(frame["metric"], frame["value"])])
    frame["value"] = frame["value"].round(1)
    return wide(frame, "config", "metric", "value")


def latency_tab(figures: list[Figure], chosen: Loaded | None) -> None:
    st.markdown(f"#### {label('问答与检索耗时', 'Ask and search time')}")
    same = [f for f in figures if f.group == LATENCY]
    if same:
        st.altair_chart(scorecard_chart(same, label("耗时（毫秒）", "time (ms)")), width="stretch")
    else:
        no_result(label("延迟", "Latency"))
    asked = docs_json(ASK_LATENCY).data
    if asked:
        groups = pd.DataFrame([{"group": label(*ASK_GROUPS.get(g, (g, g))), "p50": body.get("p50_ms"),
                                "p95": body.get("p95_ms"), "n": body.get("n")}
                               for g, body in (asked.get("groups") or {}).items()])
        st.markdown(f"**{label('问答耗时（毫秒），按题组', 'Ask time (ms) per group')}**")
        table(groups.rename(columns={"group": label("题组", "group"), "p50": metric_label("p50"),
                                     "p95": metric_label("p95"), "n": metric_label("n")}))
    stard = docs_json(STARD.file_name).data
    if stard:
        frame = stage_latency_frame(stard)
        frame = frame.assign(column=[f"{label(*STAGES.get(s, (s, s)))} {metric_label(q)}"
                                     for s, q in zip(frame["stage"], frame["quantile"])])
        st.markdown(f"**{label('法条检索各阶段耗时（毫秒）', 'Statute search stages (ms)')}**")
        table(wide(frame, "config", "column", "ms"))
    if chosen is not None:
        rows = [{"suite": suite_label(name), "p50": (suite.get("timings") or {}).get("ask_ms_p50"),
                 "p95": (suite.get("timings") or {}).get("ask_ms_p95")}
                for name, suite in (chosen.data or {}).get("suites", {}).items() if not suite.get("skipped")]
        if rows:
            st.markdown(f"**{label('评测集中的问答耗时（毫秒）', 'Ask time in the suites (ms)')}**")
            table(pd.DataFrame(rows).rename(columns={"suite": label("评测集", "suite"), "p50": metric_label("p50"),
                                                     "p95": metric_label("p95")}))


ASK_GROUPS = {"demo": ("演示问题", "demo"), "transcripts_scoped": ("案卷（限定文件）", "case files, scoped"),
              "transcripts_unscoped": ("案卷（全部文件）", "case files, all documents")}
STAGES = {"parse": ("解析", "parse"), "bm25": ("关键词", "BM25"), "vector": ("向量", "vector"),
          "fuse": ("融合", "fuse"), "rerank": ("重排序", "rerank"), "total": ("合计", "total"),
          "load": ("读取", "load"), "embed": ("向量化", "embed"), "recall": ("召回", "recall")}


# -- details: statutes, contract facts, faithfulness, ingest ---------------------------------------
def statutes_tab() -> None:
    lawbench = docs_json(LAWBENCH.file_name)
    st.markdown(f"#### {label('LawBench 法条背诵与预测', 'LawBench recitation and prediction')}")
    if lawbench.data is None:
        no_result("LawBench", LAWBENCH, lawbench)
    else:
        recitation = lawbench.data.get("recitation") or {}
        if recitation:
            table(pd.DataFrame([{"metric": label("第一条即所问法条", "first result is the article"),
                                 "value": formatted("exact_first", recitation.get("exact_article_rate"))},
                                {"metric": label("且版本一致", "same version"),
                                 "value": formatted("same_version", recitation.get("same_version_rate"))},
                                {"metric": label("来自法条直查", "via direct lookup"),
                                 "value": formatted("direct", recitation.get("direct_lookup_rate"))}]))
            misses = recitation_misses_frame(recitation)
            with st.expander(f"{label('未命中', 'Misses')}（{len(misses)}）"):
                table(misses.drop(columns=["why"]))
        prediction = lawbench.data.get("prediction") or []
        if prediction:
            st.markdown(f"**{label('案情 → 刑法条文（3-1）', 'Facts → criminal-law articles (3-1)')}**")
            frame = prediction_frame(prediction)
            table(frame.rename(columns={c: metric_label(c) for c in frame.columns if c != "config"}))
    stard = docs_json(STARD.file_name).data
    expansion = expansion_of(stard) if stard else None
    if expansion is not None:
        st.markdown(f"#### {label('证据扩展', 'Evidence expansion')}")
        table(pd.DataFrame([
            {"metric": metric_label(f"R@{expansion.hits}"), "value": formatted("R@", expansion.recall_hits)},
            {"metric": metric_label(expansion.expanded_metric), "value": formatted("R@", expansion.recall_expanded)},
            {"metric": metric_label("exp_size"), "value": f"{expansion.size:.1f}"},
            {"metric": metric_label(expansion.same_size_metric or "R@0 (same size)"),
             "value": formatted("R@", expansion.recall_same_size)}]))
    context = docs_json(STARD_CONTEXT.file_name)
    st.markdown(f"#### {label('法条上下文嵌入', 'Statute context embeddings')}")
    if context.data is None:
        no_result(label("法条上下文嵌入", "statute context"), STARD_CONTEXT, context)
    else:
        frame = statute_context_frame(context.data)
        if not frame.empty:
            table(configs_table(frame.assign(config=frame["mode"] + " · " + frame["embedding"])
                                [["config", "metric", "value"]]))


def contract_facts_tab() -> None:
    loaded = docs_json(CUAD_FACTS.file_name)
    if loaded.data is None:
        no_result(label("合同事实", "Contract facts"), CUAD_FACTS, loaded)
        return
    doc = loaded.data
    st.caption(label(f"{doc.get('contracts', '?')} 份合同", f"{doc.get('contracts', '?')} contracts"))
    fields = cuad_fields_frame(doc).drop(columns=["note"])
    if not fields.empty:
        st.markdown(f"**{label('字段精确率与召回率（%）', 'Field precision and recall (%)')}**")
        fields[["precision", "recall"]] = (fields[["precision", "recall"]] * 100).round(1)
        table(fields)
    clauses = cuad_clauses_frame(doc)
    if not clauses.empty:
        with st.expander(f"{label('条款有无，按类别', 'Clause presence per category')}（{len(clauses)}）"):
            table(clauses)


def faithfulness_tab() -> None:
    loaded = docs_json(FAITHFULNESS.file_name)
    if loaded.data is None:
        no_result(label("忠实度", "Faithfulness"), FAITHFULNESS, loaded)
        return
    doc = loaded.data
    headline_rows = faithfulness_headline_frame(doc)
    table(headline_rows.rename(columns={c: metric_label(c) for c in headline_rows.columns
                                        if c not in ("part", "skipped")}))
    frame = faithfulness_frame(doc)
    if not frame.empty:
        table(frame)
    unsupported = unsupported_statements_frame(doc)
    with st.expander(f"{label('未被支持的陈述', 'Unsupported statements')}（{len(unsupported)}）"):
        table(unsupported.drop(columns=["reason"]))


def ingest_tab() -> None:
    loaded = docs_json(INGEST.file_name)
    if loaded.data is None:
        no_result(label("导入", "Ingest"), INGEST, loaded)
        return
    stages = ingest_stages_frame(loaded.data)
    if not stages.empty:
        stages = stages.assign(stage=[label(*STAGES.get(s, (s, s))) for s in stages["stage"]])
        st.markdown(f"**{label('导入各阶段耗时（毫秒，按语料合计）', 'Ingest stages (ms, per corpus)')}**")
        table(wide(stages, "corpus", "stage", "ms"))
    measures = ingest_measures_frame(loaded.data)
    if not measures.empty:
        table(measures.drop(columns=["note"]))


# -- running ----------------------------------------------------------------------------------------
def run_tab(home: Path, llm_configured: bool) -> None:
    left, middle, right = st.columns([2, 1, 1])
    suite = left.selectbox(label("评测集", "Suite"), list(face.SUITE_NAMES), key="bench.suite", format_func=suite_label)
    middle.number_input(label("题数上限", "Limit"), min_value=0, value=0, step=1, key="bench.limit",
                                help=label("0 = 默认题数", "0 = the suite's default"))
    right.checkbox(label("完整开发集", "Full dev split"), key="bench.full", disabled=suite == "demo",
                   help=label("耗时很长", "takes long"))
    right.checkbox(label("使用大模型", "Use the LLM"), key="bench.llm", disabled=not llm_configured)
    st.caption(label("每个评测集在自己的评测目录中导入语料（首次需要几分钟）；运行期间请停留在本页，离开会中止评测。",
                     "each suite ingests its corpus in its own folder; stay on this page while it runs"))
    SOURCES.append((label("本机报告", "reports here"), reports_dir(home), answer_command(home), None))
    # The run itself happens at the top of the next run of the page (run_requested), before the
    # report selector is drawn, so the details can show the new report at once.
    st.button(label("运行", "Run"), type="primary", key="bench.run", on_click=_request_run, args=(llm_configured,))
    last = st.session_state.get(LAST_RUN_KEY)
    if last:
        st.success(f"{label('最近一次运行', 'Last run')}：{suite_label(last[1])}"
                   + label("（「答案明细」中显示的就是这次运行）", " (shown under Answer details)"))


RUN_REQUEST_KEY = "bench.run_request"  # (suite, limit, full, llm) asked for by the Run button


def _request_run(llm_configured: bool) -> None:
    """The choices as they are when the button is pressed (a callback's args are bound when the
    button is drawn, before a choice made since)."""
    state = st.session_state
    suite = state.get("bench.suite") or "demo"
    st.session_state[RUN_REQUEST_KEY] = (suite, int(state.get("bench.limit") or 0) or None,
                                         bool(state.get("bench.full")) and suite != "demo",
                                         bool(state.get("bench.llm")) and llm_configured)


def run_requested(home: Path) -> None:
    """Run the suite the Run button asked for (progress at the top of the page), one at a time."""
    request = st.session_state.pop(RUN_REQUEST_KEY, None)
    if request is None:
        return
    lock = _run_lock()
    if not lock.acquire(blocking=False):
        st.warning(label("另一个评测正在运行，请稍后再试", "another benchmark is running"))
        return
    try:
        run_suite(home, *request)
    finally:
        lock.release()


def run_suite(home: Path, suite: str, limit: int | None, full: bool, llm: bool) -> None:
    with st.status(f"{label('运行', 'Running')} {suite_label(suite)}：{label('准备语料…', 'preparing…')}",
                   expanded=True) as status:
        bar = st.progress(0.0, text=label("准备语料", "preparing the corpus"))

        def progress(name: str, done: int, total: int) -> None:
            bar.progress(done / total if total else 1.0, text=f"{suite_label(name)}：{done} / {total}")
            status.update(label=f"{label('运行', 'Running')} {suite_label(name)}：{done} / {total}")

        try:  # in a child process (engine/benchmarks.py): the suite's models never load here
            path = engine.run_benchmark(suite, limit=limit, full=full, llm=llm, progress=progress).report
            report = json.loads(path.read_text("utf-8"))
        except Exception as exc:  # noqa: BLE001 — shown and logged by show_error
            status.update(label=f"{suite_label(suite)} {label('失败', 'failed')}", state="error")
            show_error(exc, f"{label('评测', 'Benchmark')} {suite_label(suite)} ")
            return
        result = report["suites"][suite]
        if result.get("skipped"):
            status.update(label=f"{suite_label(suite)} {label('未运行', 'skipped')}", state="complete")
            st.warning(label("未运行：本机没有这个评测集的数据", "skipped: the dataset is not here"))
        else:
            seconds = (result.get("timings") or {}).get("suite_s")
            status.update(label=f"{suite_label(suite)} {label('完成', 'done')}"
                                + (f"（{seconds} {label('秒', 's')}）" if seconds else ""), state="complete")
    st.session_state[LAST_RUN_KEY] = (str(path), suite)
    st.session_state[REPORT_KEY] = str(path)  # the details show this run, not an older report


def admin_details(reports: list[Loaded], unreadable: list[Loaded]) -> None:
    """Files, commands, commits and the metric keys behind the page: admins only."""
    with st.expander(label("详细信息（管理员）：来源文件、命令、代码版本与指标键", "Details (admin)")):
        st.dataframe(pd.DataFrame([{"what": what, "file": str(path or "—"), "command": command or "—",
                                    "error": error or "—"} for what, path, command, error in SOURCES]),
                     hide_index=True, width="stretch")
        st.dataframe(pd.DataFrame([{"report": str(r.path), "code": (r.data or {}).get("code_version") or "—",
                                    "suites": ", ".join((r.data or {}).get("suites", {}))} for r in reports]
                                  + [{"report": str(b.path), "code": "—", "suites": b.error or "—"}
                                     for b in unreadable]), hide_index=True, width="stretch")
        st.dataframe(definitions_frame(), hide_index=True, width="stretch")


user = require(Permission.RUN_BENCHMARK)
engine = get_engine()
STACKS = {"embedded": ("嵌入式（默认）", "embedded"), "shared": ("共享：PostgreSQL + pgvector", "shared"),
          "chroma": ("Chroma 服务器（仅向量）", "Chroma server")}
SCOPES = {"all": ("全部片段", "all chunks"), "one_document": ("限一份文档", "one document")}


def scale_tab() -> None:
    """scripts/bench_scale.py's reports: each stack's ingest, disk, memory and search latency."""
    for source in SCALE:
        loaded = docs_json(source.file_name)
        st.markdown(f"#### {source.title}")
        if loaded.data is None:
            no_result(source.title, source, loaded)
            continue
        doc = loaded.data
        corpus = next((b.get("corpus") for b in (doc.get("stacks") or {}).values() if b.get("corpus")), {})
        real = ((corpus.get("vectors") or {}).get("real_embedder") or {}).get("chunks", "?")
        st.caption(f"{doc.get('chunks', '?')} 个合成片段（{corpus.get('documents', '?')} 份文档）· 向量：{real} 个来自"
                   "真实嵌入模型，其余为按词元的种子随机投影 · 测量时机器负载较高，延迟只宜相互比较")
        latency = scale_latency_frame(doc)
        if not latency.empty:
            latency = latency.assign(stack=[label(*STACKS.get(v, (v, v))) for v in latency["stack"]],
                                     column=[f"{label(*SCOPES.get(c, (c, c)))} {q}"
                                             for c, q in zip(latency["scope"], latency["quantile"])])
            st.markdown(f"**{label('混合检索延迟（毫秒）', 'Hybrid search latency (ms)')}**")
            table(wide(latency, "stack", "column", "ms"))
        measures = scale_measures_frame(doc)
        table(measures.assign(stack=[label(*STACKS.get(v, (v, v))) for v in measures["stack"]]))


home = Path(engine.home)
ADMIN = user.role is Role.ADMIN
SOURCES.clear()
st.header(label("评测", "Benchmark"))

with error_boundary(label("运行评测", "Running the benchmark")):
    run_requested(home)
reports, unreadable = load_answer_reports(home)
if unreadable:
    st.warning(label(f"有 {len(unreadable)} 份评测报告无法读取，已略过", f"{len(unreadable)} unreadable reports skipped"))
figures: list[Figure] = []
with error_boundary(label("读取评测结果", "Reading the results")):
    figures = headline()
tabs = st.tabs([label("总览", "Overview"), label("趋势", "Trends"), label("答案明细", "Answer details"),
                label("检索", "Retrieval"), label("延迟", "Latency"), label("可答性判断", "Answerability"),
                label("法条", "Statutes"), label("合同事实", "Contract facts"), label("忠实度", "Faithfulness"),
                label("导入", "Ingest"), label("规模", "Scale"), label("运行评测", "Run")])
with tabs[0], error_boundary(label("总览", "Overview")):
    overview_tab(figures)
with tabs[1], error_boundary(label("趋势", "Trends")):
    trend_tab(figures)
with tabs[2], error_boundary(label("答案明细", "Answer details")):
    answers_tab(choose_report(reports))
with tabs[3], error_boundary(label("检索", "Retrieval")):
    retrieval_tab(figures)
with tabs[4], error_boundary(label("延迟", "Latency")):
    latency_tab(figures, next((r for r in reports if str(r.path) == st.session_state.get(REPORT_KEY)),
                              reports[0] if reports else None))
with tabs[5], error_boundary(label("可答性判断", "Answerability")):
    judge_section()
    trust_section()
with tabs[6], error_boundary(label("法条", "Statutes")):
    statutes_tab()
with tabs[7], error_boundary(label("合同事实", "Contract facts")):
    contract_facts_tab()
with tabs[8], error_boundary(label("忠实度", "Faithfulness")):
    faithfulness_tab()
with tabs[9], error_boundary(label("导入", "Ingest")):
    ingest_tab()
with tabs[10], error_boundary(label("规模", "Scale")):
    scale_tab()
with tabs[11], error_boundary(label("运行评测", "Running")):
    run_tab(home, engine.settings.llm.configured)
if ADMIN:
    admin_details(reports, unreadable)
