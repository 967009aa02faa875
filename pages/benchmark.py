"""评测 Benchmark: run an answer suite, and chart what the benchmark reports hold.

Runs go through engine.bench.runner (the code behind ``python -m engine bench``): the suite works
in its own bench home, the report is written to ``<home>/bench/report-<timestamp>.json`` and joins
the history below. The figures and where they come from: ui/charts.py.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pandas as pd
import streamlit as st

from engine.auth import Permission
from engine.bench import runner
from ui.auth import require
from ui.charts import (CUAD, CUAD_FACTS, FAITHFULNESS, INGEST, LAWBENCH, PUBLISHED_ANSWERS, RATE_HINT,
                       SCALE, STARD, STARD_CONTEXT, Loaded, answer_command, answer_latency_frame, bar_chart,
                       category_frame, category_name, chart_value, chartable_metrics, cuad_clauses_frame,
                       cuad_fields_frame,
                       gate_banner, readable,
                       default_metric, definitions_frame, expansion_of, faithfulness_frame,
                       faithfulness_headline_frame, format_value, history_chart, history_frame,
                       ingest_measures_frame, ingest_stages_frame, load_answer_reports, metric_names,
                       metrics_frame, precision_recall_chart, prediction_frame, read_json,
                       recall_curve_chart, recall_curve_frame, recitation_misses_frame, report_label,
                       reports_dir, retrieval_frame, rows_frame, scale_latency_frame, scale_measures_frame,
                       stage_latency_frame,
                       statute_context_chart, statute_context_frame, suites_in,
                       unsupported_statements_frame, wide)
from ui.components import error_boundary, local_time, show_error
from ui.judge_chart import judge_section
from ui.labels import label, named
from ui.state import get_engine

SUITE_NAMES = {
    "demo": ("演示问题（data/bench/demo_questions.jsonl）", "demo questions"),
    "cjrc": ("CJRC 裁判文书阅读理解（dev）", "CJRC reading comprehension (dev)"),
    "contractnli": ("ContractNLI 保密协议（dev）", "ContractNLI NDAs (dev)"),
}
LAST_RUN_KEY = "bench.last_run"  # (report path, suite) of this session's last run
REPORT_KEY = "bench.report"  # the answer report the tabs show (a path)
FAITHFULNESS_PART_NAMES = {"answers": ("答案", "answers"), "summaries": ("摘要", "summaries")}


@st.cache_resource(show_spinner=False)
def _run_lock() -> threading.Lock:
    # One run at a time per server: two runs of a suite would open two engines on one bench home.
    return threading.Lock()


def titled_report(source) -> dict | None:
    """A report section's heading and its JSON, or the command that writes it when absent."""
    loaded = read_json(source.path())
    st.markdown(f"#### {source.title}")
    if loaded.data is None:
        missing_hint(source.title, source.command, loaded)
        return None
    return loaded.data


def missing_hint(title: str, command: str, loaded: Loaded | None = None) -> None:
    if loaded is not None and loaded.error:
        st.warning(f"{title}：{loaded.path} 无法读取 — {loaded.error}")
    st.info(f"{title}：{label('还没有结果。生成它的命令', 'no results yet; the command that writes them')}：\n\n`{command}`")


def table(frame: pd.DataFrame) -> None:
    st.dataframe(readable(frame), hide_index=True, width="stretch")


def metric_row(figures: list[tuple[str, str, str | None]]) -> None:
    """(label, value as shown, help) side by side as st.metric cards."""
    for column, (label, value, help_text) in zip(st.columns(len(figures)), figures):
        column.metric(label, value, help=help_text)


# -- running -----------------------------------------------------------------------------------
def run_section(home: Path, llm_configured: bool) -> None:
    st.subheader(label("运行评测", "Run a suite"))
    left, middle, right = st.columns([2, 1, 1])
    suite = left.selectbox(label("评测集", "Suite"), list(runner.SUITES), key="bench.suite",
                           format_func=lambda s: named(SUITE_NAMES, s))
    limit = middle.number_input(label("题数上限", "Limit"), min_value=0, value=0, step=1, key="bench.limit",
                                help=label("0 = 默认：演示集全部题目；数据集取文档说明的子集",
                                           "0 = the suite's documented default"))
    full = right.checkbox(label("完整 dev 集", "Full dev split"), key="bench.full", disabled=suite == "demo",
                          help=label("CJRC / ContractNLI 全部题目，耗时很长", "takes long"))
    llm = right.checkbox(label("使用大模型", "Use the LLM"), key="bench.llm", disabled=not llm_configured,
                         help=None if llm_configured else label("未配置大模型：评测确定性撰写器",
                                                                "no LLM configured"))
    st.caption(f"{label('报告写入', 'Reports go to')} `{reports_dir(home)}`；每个评测集在自己的评测目录 "
               f"`{runner.DEFAULT_BENCH_DIR}/<suite>` 中导入语料（首次需要几分钟）。"
               "运行期间请停留在本页：离开会中止评测。")
    if st.button(label("运行", "Run"), type="primary", key="bench.run"):
        lock = _run_lock()
        if not lock.acquire(blocking=False):
            st.warning(label("另一个评测正在运行，请稍后再试", "another benchmark is running"))
        else:
            try:
                run_suite(home, suite, int(limit) or None, full and suite != "demo",
                          llm and llm_configured)
            finally:
                lock.release()
    last = st.session_state.get(LAST_RUN_KEY)
    if last:
        st.success(f"{label('最近一次运行', 'Last run')}：{named(SUITE_NAMES, last[1])} → `{last[0]}`"
                   f"{label('（下方各页签显示的就是这次运行）', ' (shown in the tabs below)')}")


def run_suite(home: Path, suite: str, limit: int | None, full: bool, llm: bool) -> None:
    with st.status(f"{label('运行', 'Running')} {suite}：{label('准备语料…', 'preparing the corpus…')}",
                   expanded=True) as status:
        bar = st.progress(0.0, text=label("准备语料", "preparing the corpus"))

        def progress(name: str, done: int, total: int) -> None:
            bar.progress(done / total if total else 1.0, text=f"{name}: {done} / {total}")
            status.update(label=f"{label('运行', 'Running')} {name}：{done} / {total}")

        options = runner.BenchOptions(bench_dir=runner.DEFAULT_BENCH_DIR,
                                      datasets=runner.DEFAULT_DATASETS, limit=limit, full=full,
                                      llm=llm, progress=progress)
        try:
            report = runner.run_suites([suite], options)
            path = runner.write_report(report, runner.default_report_path(home))
        except Exception as exc:  # noqa: BLE001 — shown and logged by show_error
            status.update(label=f"{suite} {label('失败', 'failed')}", state="error")
            show_error(exc, f"评测 {suite} ")
            return
        result = report["suites"][suite]
        if result.get("skipped"):
            status.update(label=f"{suite} {label('已跳过', 'skipped')}", state="complete")
            st.warning(f"{suite} {label('未运行', 'skipped')}：{result['skipped']}")
        else:
            seconds = (result.get("timings") or {}).get("suite_s")
            status.update(label=f"{suite} {label('完成', 'done')}" + (f"（{seconds} s）" if seconds else ""),
                          state="complete")
    st.session_state[LAST_RUN_KEY] = (str(path), suite)
    st.session_state[REPORT_KEY] = str(path)  # the tabs below show this run, not an older report


# -- answer reports ----------------------------------------------------------------------------
def choose_report(reports: list[Loaded]) -> Loaded | None:
    """The answer report the Answers and Latency tabs show (newest of this home by default)."""
    if not reports:
        return None
    # Chosen by path, so a run that adds a report does not shift the choice to another one.
    by_path = {str(r.path): r for r in reports}
    if st.session_state.get(REPORT_KEY) not in by_path:
        st.session_state.pop(REPORT_KEY, None)  # that file is gone
    chosen = st.selectbox(label("答案评测报告", "Answer report"), list(by_path), key=REPORT_KEY,
                          format_func=lambda p: report_label(by_path[p]))
    return by_path[chosen]


def answers_tab(chosen: Loaded | None, home: Path) -> None:
    if chosen is None:
        missing_hint(label("答案评测", "Answer benchmarks"), answer_command(home))
        return
    report = chosen.data or {}
    machine = report.get("machine") or {}
    st.caption(f"{label('生成', 'generated')} {local_time(report.get('generated_at'))} · {label('代码', 'code')} "
               f"{report.get('code_version') or '—'} · {label('机器', 'machine')} {machine.get('cpu') or '—'}"
               + (f"，{machine['cores']} 核" if machine.get("cores") else ""))
    for name, suite in report.get("suites", {}).items():
        st.markdown(f"#### {named(SUITE_NAMES, name)}")
        if suite.get("skipped"):
            st.info(f"{label('未运行', 'skipped')}：{suite['skipped']}")
            continue
        st.caption(suite.get("description", ""))
        banner = gate_banner(suite)
        if banner is not None:
            (st.success if banner.ok else st.error)(banner.text)
        categories = category_frame(suite)
        options = chartable_metrics(categories)
        if options:
            metric = st.selectbox(label("分类指标", "Per-category metric"), options, index=default_metric(options),
                                  key=f"bench.category_metric.{name}")
            values = categories[["category", metric]].dropna()
            values = values.assign(category=values["category"].map(category_name))
            # A share gets a fixed 0..1 axis; counts (integers) and CJRC's percentages do not.
            rate = (not pd.api.types.is_integer_dtype(values[metric]) and metric not in ("em", "f1")
                    and bool(values[metric].between(0, 1).all()))
            st.altair_chart(bar_chart(values, x="category", y=metric, rate=rate,
                                      title=f"{metric} {label('按类别', 'per category')}",
                                      y_title=RATE_HINT if rate else metric), width="stretch")
            table(categories)
        metrics = metrics_frame(suite)
        if not metrics.empty:
            st.markdown(f"**{label('总体指标', 'Headline metrics')}**")
            table(metrics)
        rows = rows_frame(suite)
        if not rows.empty:
            with st.expander(f"{label('逐题结果', 'Per question')}（{len(rows)}）"):
                table(rows)


def retrieval_tab() -> None:
    stard = read_json(STARD.path())
    st.markdown(f"#### {STARD.title}")
    if stard.data is None:
        missing_hint(STARD.title, STARD.command, stard)
    else:
        doc = stard.data
        questions = next((r["metrics"].get("questions") for r in doc.get("runs", [])), "?")
        st.caption(f"{questions} 个问题 · {doc.get('chunks', '?')} 个片段 · "
                   f"{label('重排序', 'reranker')}：{doc.get('reranker', '—')}")
        frame = retrieval_frame(doc, ["R@10", "R@100", "hit@10", "MRR@10"])
        st.altair_chart(bar_chart(frame, x="metric", y="value", color="config", rate=True,
                                  title=label("消融", "Ablation: bm25 / vector / hybrid / +rerank / +expand"),
                                  y_title=RATE_HINT), width="stretch")
        table(wide(retrieval_frame(doc), "config", "metric", "value"))
    cuad = read_json(CUAD.path())
    st.markdown(f"#### {CUAD.title}")
    if cuad.data is None:
        missing_hint(CUAD.title, CUAD.command, cuad)
        return
    doc = cuad.data
    st.caption(f"{doc.get('tests', '?')} 个问题 · {doc.get('contracts', '?')} 份合同 · "
               f"{doc.get('chunks', '?')} 个片段 · {label('重排序', 'reranker')}：{doc.get('reranker', '—')}")
    for prefix, title in (("R@", label("字符召回率", "character recall")), ("P@", label("字符精确率", "character precision"))):
        frame = retrieval_frame(doc, metric_names(doc, prefix))
        if frame.empty:
            continue
        st.altair_chart(bar_chart(frame, x="metric", y="value", color="config", rate=True,
                                  title=f"{title} @k", y_title=RATE_HINT), width="stretch")
        table(wide(frame, "config", "metric", "value"))
    others = retrieval_frame(doc)
    others = others[~others["metric"].str.startswith(("R@", "P@"))]
    if not others.empty:
        table(wide(others, "config", "metric", "value"))
    references = doc.get("references") or {}
    if references:
        st.markdown(f"**{label('参考基线', 'Reference baselines')}**")
        table(pd.DataFrame.from_dict(references, orient="index").rename_axis("baseline").reset_index())


def latency_tab(chosen: Loaded | None) -> None:
    stard = read_json(STARD.path())
    st.markdown(f"#### {label('检索各阶段延迟', 'Search latency per stage (STARD)')}")
    if stard.data is None:
        missing_hint(STARD.title, STARD.command, stard)
    else:
        frame = stage_latency_frame(stard.data)
        configs = list(dict.fromkeys(frame["config"]))
        if configs:
            # the full pipeline by default: the reranked run when there is one
            default = configs.index("hybrid+rerank") if "hybrid+rerank" in configs else len(configs) - 1
            config = st.selectbox(label("配置", "Config"), configs, index=default, key="bench.latency_config")
            one = frame[frame["config"] == config]
            st.altair_chart(bar_chart(one, x="stage", y="ms", color="quantile",
                                      title=f"{config}: p50 / p95 (ms)", y_title="毫秒 ms"),
                            width="stretch")
            table(wide(frame.assign(column=frame["stage"] + " " + frame["quantile"]),
                       "config", "column", "ms"))
    cuad = read_json(CUAD.path())
    st.markdown(f"#### {label('合同检索延迟', 'Contract search latency (CUAD, whole search)')}")
    if cuad.data is None:
        missing_hint(CUAD.title, CUAD.command, cuad)
    else:
        frame = stage_latency_frame(cuad.data)
        st.altair_chart(bar_chart(frame, x="config", y="ms", color="quantile",
                                  title="p50 / p95 (ms)", y_title=label("毫秒", "ms")), width="stretch")
        table(wide(frame, "config", "quantile", "ms"))
    st.markdown(f"#### {label('问答延迟', 'Ask latency (answer suites)')}")
    if chosen is None:
        st.info(label("没有答案评测报告", "no answer report yet"))
        return
    frame = answer_latency_frame(chosen.data or {})
    if frame.empty:
        st.info(label("所选报告没有延迟数据", "the chosen report has no latency figures"))
        return
    st.caption(f"{chosen.path.name}：整次问答（检索、撰写、核验）的耗时；各阶段耗时见上方检索评测。")
    st.altair_chart(bar_chart(frame, x="suite", y="ms", color="quantile",
                              title="p50 / p95 (ms)", y_title=label("毫秒", "ms")), width="stretch")
    table(wide(frame, "suite", "quantile", "ms"))


def history_tab(reports: list[Loaded], home: Path) -> None:
    own = [r for r in reports if r.path != PUBLISHED_ANSWERS.path()]
    if not own:
        missing_hint(label("历史", "History"), answer_command(home))
        return
    suites = suites_in(own)
    suite = st.selectbox(label("评测集", "Suite"), suites, key="bench.history_suite",
                         format_func=lambda s: named(SUITE_NAMES, s))
    frame = history_frame(own, suite)
    if frame.empty:
        st.info(f"{suite} {label('没有已完成的运行', 'has no completed run')}")
        return
    measured = [c for c in frame.columns if c not in ("generated_at", "report", "code_version")]
    preferred = [m for m in ("accuracy", "hallucination_rate", "evidence_page_hit", "f1", "em",
                             "entailment_evidence_overlap") if m in measured]
    chosen = st.multiselect(label("指标", "Metrics"), measured, default=preferred or measured[:2],
                            key=f"bench.history_metrics.{suite}")
    if len(frame) < 2:
        st.info(label("只有一次运行；再运行一次即可看到趋势", "one run so far: run again to see a trend"))
    if chosen:
        st.altair_chart(history_chart(frame, chosen, title=f"{suite}：{label('历次运行', 'runs')}"), width="stretch")
    table(frame[["generated_at", "report", "code_version", *chosen]])


def ingest_tab() -> None:
    loaded = read_json(INGEST.path())
    if loaded.data is None:
        missing_hint(INGEST.title, INGEST.command, loaded)
        return
    machine = loaded.data.get("machine") or {}
    st.caption(f"{machine.get('cpu') or '—'}，{machine.get('nproc', '?')} 核 · {label('命令', 'command')}："
               f"`{loaded.data.get('command', INGEST.command)}`")
    stages = ingest_stages_frame(loaded.data)
    if not stages.empty:
        st.altair_chart(bar_chart(stages, x="stage", y="ms", color="corpus",
                                  title=label("导入各阶段耗时", "Prepare stages (ms, summed over files)"),
                                  y_title=label("毫秒", "ms")), width="stretch")
        table(wide(stages, "corpus", "stage", "ms"))
    measures = ingest_measures_frame(loaded.data)
    if not measures.empty:
        table(measures)


def scale_tab() -> None:
    """scripts/bench_scale.py's reports: each stack's ingest, disk, memory and search latency."""
    for source in SCALE:
        doc = titled_report(source)
        if doc is None:
            continue
        corpus = next((body.get("corpus") for body in (doc.get("stacks") or {}).values() if body.get("corpus")), {})
        vectors = corpus.get("vectors") or {}
        machine = doc.get("machine") or {}
        st.caption(f"{doc.get('chunks', '?')} 个合成片段（{corpus.get('documents', '?')} 份文档）· 向量："
                   f"{(vectors.get('real_embedder') or {}).get('chunks', '?')} 个来自真实嵌入模型，其余为"
                   f"按词元的种子随机投影 · {label('代码', 'code')} {doc.get('code_version') or '—'} · "
                   f"{machine.get('cpu') or '—'}，{machine.get('nproc', '?')} 核 · "
                   f"{label('命令', 'command')}：`{source.command}`")
        latency = scale_latency_frame(doc)
        if not latency.empty:
            latency = latency.assign(run=latency["scope"].map(chart_value) + " " + latency["quantile"])
            st.altair_chart(bar_chart(latency, x="stack", y="ms", color="run",
                                      title=label("混合检索延迟（毫秒）", "Hybrid search latency (ms)"),
                                      y_title=label("毫秒", "ms")), width="stretch")
        table(scale_measures_frame(doc))


def faithfulness_tab() -> None:
    doc = titled_report(FAITHFULNESS)
    if doc is None:
        return
    config = doc.get("config") or {}
    thresholds = config.get("thresholds") or {}
    st.caption(f"{label('生成', 'generated')} {local_time(doc.get('generated_at'))} · {label('代码', 'code')} "
               f"{doc.get('code_version') or '—'} · "
               f"{label('大模型判定', 'LLM judge') if config.get('llm') else label('离线核验', 'offline verifier')} · "
               f"{label('嵌入', 'embedding')} {config.get('embedding_model', '—')} · {label('阈值', 'thresholds')} "
               + ", ".join(f"{k} {v}" for k, v in thresholds.items())
               + " (docs/bench/faithfulness_calibration.md)")
    for part in ("answers", "summaries"):
        skipped = (doc.get(part) or {}).get("skipped")
        if skipped:
            st.info(f"{named(FAITHFULNESS_PART_NAMES, part)} {label('未运行', 'skipped')}：{skipped}")
    frame = faithfulness_frame(doc)
    if not frame.empty:
        for part in dict.fromkeys(frame["part"]):
            values = frame[frame["part"] == part].dropna(subset=["mean_score"])
            if values.empty:
                continue
            st.altair_chart(bar_chart(values, x="group", y="mean_score", rate=True,
                                      title=f"{label('忠实度', 'Faithfulness')}：{part}", y_title=RATE_HINT),
                            width="stretch")
        table(frame)
    st.markdown(f"**{label('总体指标', 'Headline metrics')}**")
    table(faithfulness_headline_frame(doc))
    unsupported = unsupported_statements_frame(doc)
    with st.expander(f"{label('未被支持的陈述', 'Unsupported statements')}（{len(unsupported)}）"):
        table(unsupported)


def statutes_tab() -> None:
    lawbench_section()
    expansion_section()
    statute_context_section()


def lawbench_section() -> None:
    doc = titled_report(LAWBENCH)
    if doc is None:
        return
    recitation = doc.get("recitation") or {}
    if recitation:
        st.markdown(f"**1-1 {label('法条背诵', 'Article recitation')}** · {recitation.get('questions', '?')} 个问题 · "
                    f"{doc.get('chunks', '?')} 个片段")
        metric_row([
            (label("首条命中", "Exact first"), format_value(recitation.get("exact_article_rate")),
             label("第一条结果是问题所指法律的那一条（任何版本）", "the named law and article is result 1")),
            (label("版本一致", "Same version"), format_value(recitation.get("same_version_rate")),
             label("且与 LawBench 标准答案的版本相同", "…in the version LawBench's gold names")),
            (label("直接查找", "Via direct lookup"), format_value(recitation.get("direct_lookup_rate")),
             label("第一条来自法条直接查找", "result 1 came from direct lookup")),
            ("p50", format_value(recitation.get("p50_ms"), "ms"), None),
            ("p95", format_value(recitation.get("p95_ms"), "ms"), None)])
        newer = len(recitation.get("version_differs") or [])
        dated = doc.get("recitation_as_of") or {}
        st.caption(f"{newer} 题命中的是比标准答案更新的版本"
                   + (f" · 按 {dated['as_of']} 有效版本 (as of): 第一条即所问法条 "
                      f"{format_value(dated.get('exact_article_rate'))}，版本一致 "
                      f"{format_value(dated.get('same_version_rate'))}" if dated.get("as_of") else ""))
        misses = recitation_misses_frame(recitation)
        st.markdown(f"未命中 Misses ({len(misses)})")
        table(misses)
    prediction = doc.get("prediction") or []
    if prediction:
        st.markdown("**3-1 法条预测 Article prediction (案情 → 刑法条文 facts → criminal-law articles)**")
        curve = recall_curve_frame(prediction)
        if not curve.empty:
            st.altair_chart(recall_curve_chart(curve, title=f"LawBench 3-1：Recall@k {label('按检索范围', 'per search scope')}"),
                            width="stretch")
        table(prediction_frame(prediction))


def expansion_section() -> None:
    stard = read_json(STARD.path())
    st.markdown(f"#### {label('证据扩展', 'Evidence expansion (STARD)')}")
    if stard.data is None:
        missing_hint(STARD.title, STARD.command, stard)
        return
    expansion = expansion_of(stard.data)
    if expansion is None:
        # A report written before the expand run existed: say so, the ablation above still holds.
        st.caption(f"stard.json 中没有证据扩展运行；重新运行 `{STARD.command}`")
        return
    gain = (None if expansion.recall_same_size is None
            else round(expansion.recall_expanded - expansion.recall_same_size, 4))
    metric_row([
        (f"R@{expansion.hits} {label('命中', 'hits')}", format_value(expansion.recall_hits),
         f"{expansion.config}：前 {expansion.hits} 条结果"),
        (expansion.expanded_metric, format_value(expansion.recall_expanded),
         label("扩展后的证据集", "the expanded evidence set")),
        (label("平均条数", "mean size"), format_value(expansion.size), label("扩展证据集的平均条数", "mean set size")),
        (expansion.same_size_metric or label("同样条数", "same size"), format_value(expansion.recall_same_size),
         label("同样条数的普通结果列表", "a plain list of the same size"))])
    st.caption(label("扩展证据（命中 → 引用的法条 → 所在章节上下文）与同样条数的普通结果列表相比",
                     "expanded evidence (hits → cited articles → chapter context) vs a plain list of the same size")
               + (f"：{expansion.expanded_metric} − {expansion.same_size_metric} = {gain:+g}"
                  if gain is not None else ""))


def statute_context_section() -> None:
    doc = titled_report(STARD_CONTEXT)
    if doc is None:
        return
    frame = statute_context_frame(doc)
    if frame.empty:
        st.info(label("stard_context.json 没有运行结果", "no runs"))
        return
    st.altair_chart(statute_context_chart(frame, title=label("裸条文与带上下文的条文嵌入",
                                                             "Bare vs enriched article embeddings")),
                    width="stretch")
    st.caption(f"{label('覆盖', 'covered')}：{doc.get('documents', '?')} 部法律 · {doc.get('chunks', '?')} 个片段 · "
               f"{doc.get('articles', '?')} 条 · {doc.get('questions', '?')} 个问题"
               "（增强索引只建了部分语料时，只比较这一部分）")
    table(wide(frame.assign(run=frame["mode"] + " " + frame["embedding"]), "run", "metric", "value"))


def contract_facts_tab() -> None:
    doc = titled_report(CUAD_FACTS)
    if doc is None:
        return
    st.caption(f"{doc.get('contracts', '?')} 份合同 · 每份 {format_value(doc.get('ms_per_contract'), 'ms')}"
               f" · {label('命令', 'command')}：`{doc.get('command', CUAD_FACTS.command)}`")
    if doc.get("ingest_failed"):
        st.warning("导入失败 (failed to ingest)：" + "；".join(map(str, doc["ingest_failed"])))
    fields = cuad_fields_frame(doc)
    if not fields.empty:
        st.markdown(f"**{label('字段', 'Fields')}**")
        st.altair_chart(precision_recall_chart(fields, title=label("字段精确率与召回率", "Field precision / recall")),
                        width="stretch")
        table(fields)
    summary = doc.get("summary") or {}
    clauses = cuad_clauses_frame(doc)
    if summary or not clauses.empty:
        st.markdown(f"**{label('条款有无', 'Clause present / absent')}**（{len(clauses)} 类）")
    if summary:
        metric_row([
            (label("微平均精确率", "Micro precision"), format_value(summary.get("clause_micro_precision")), None),
            (label("微平均召回率", "Micro recall"), format_value(summary.get("clause_micro_recall")), None),
            (label("宏平均 F1", "Macro F1"), format_value(summary.get("clause_macro_f1")), None)])
        st.caption(f"基线「总说存在」的精确率 {format_value(summary.get('always_present_precision'))} · "
                   f"真阳性中所指片段与标准片段重叠 {format_value(summary.get('clause_located_share'))}")
    if not clauses.empty:
        with st.expander(f"{label('各类别', 'Per category')}（{len(clauses)}）"):
            table(clauses)


user = require(Permission.RUN_BENCHMARK)
engine = get_engine()
home = Path(engine.home)
st.header(label("评测", "Benchmark"))

with error_boundary(label("运行评测", "Running the benchmark")):
    run_section(home, engine.settings.llm.configured)
st.divider()

reports, unreadable = load_answer_reports(home)
for bad in unreadable:
    st.warning(f"{label('报告无法读取', 'unreadable report')} {bad.path.name}：{bad.error}")
chosen = choose_report(reports)
answers, faithfulness, retrieval, statutes, facts, latency, history, ingest, scale = st.tabs(
    [label("答案", "Answers"), label("忠实度", "Faithfulness"), label("检索消融", "Retrieval"), label("法条", "Statutes"), label("合同事实", "Contract facts"),
     label("延迟", "Latency"), label("历史", "History"), label("导入", "Ingest"), label("规模", "Scale")])
with answers, error_boundary(label("答案评测", "Answer report")):
    answers_tab(chosen, home)
with answers, error_boundary(label("可答性判断器", "Answerability judge")):
    judge_section()  # issue #12: the judge's cross-validated and out-of-fold figures vs targets
with faithfulness, error_boundary(label("忠实度评测", "Faithfulness report")):
    faithfulness_tab()
with retrieval, error_boundary(label("检索评测", "Retrieval report")):
    retrieval_tab()
with statutes, error_boundary(label("法条评测", "Statute reports")):
    statutes_tab()
with facts, error_boundary(label("合同事实评测", "Contract facts report")):
    contract_facts_tab()
with latency, error_boundary(label("延迟", "Latency")):
    latency_tab(chosen)
with history, error_boundary(label("历史", "History")):
    history_tab(reports, home)
with ingest, error_boundary(label("导入评测", "Ingest report")):
    ingest_tab()
with scale, error_boundary(label("规模评测", "Scale reports")):
    scale_tab()
with st.expander(label("指标定义", "Metric definitions")):
    table(definitions_frame())
