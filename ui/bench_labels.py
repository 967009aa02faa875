"""What the Benchmark page calls the suites and figures: every label in one place.

Reports name suites and metrics by keys (``demo``, ``verdict_right``, ``R@100``, ``ask_ms_p50``).
The page never shows a key: ``suite_label`` and ``metric_label`` give the Chinese name (English
beside it only when English is on), and ``metric_kind`` how to read and draw the value — a share
(drawn 0–100 %), a percentage already, milliseconds, seconds or a count. A suite or a metric that
lands later without an entry here (a helper adding ``statute_lookup``) still gets a readable name:
its words, never its underscores, under 「未登记」, and the page goes on.

Pure: no Streamlit (``label`` only reads the session's language).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ui.labels import label

RATE, PERCENT, MS, SECONDS, COUNT = "rate", "percent", "ms", "s", "count"


@dataclass(frozen=True)
class MetricName:
    zh: str
    en: str
    kind: str = RATE


SUITES: dict[str, tuple[str, str]] = {
    "demo": ("演示问题", "demo questions"),
    "honesty": ("「已核验」徽章探针", "verified-badge probes"),
    "transcripts": ("独立编写的案卷（开发集）", "independent case files (dev)"),
    "casegen": ("生成案卷（新种子）", "generated case files"),
    "cjrc": ("CJRC 裁判文书阅读理解", "CJRC reading comprehension"),
    "contractnli": ("ContractNLI 保密协议推断", "ContractNLI NDAs"),
    "statute_lookup": ("法条直查", "statute lookup"),
    "stard": ("STARD 法条检索", "STARD statute search"),
    "cuad": ("CUAD 合同条款检索", "CUAD clause search"),
    "llm_local": ("本地大模型（开发集案卷）", "local LLM (dev case files)"),
}

METRICS: dict[str, MetricName] = {
    # answers
    "accuracy": MetricName("正确率", "accuracy"),
    "status_accuracy": MetricName("状态正确率", "status accuracy"),
    "amount_exact": MetricName("金额完全正确", "amounts exact"),
    "date_exact": MetricName("日期完全正确", "dates exact"),
    "count_exact": MetricName("次数完全正确", "counts exact"),
    "yesno_accuracy": MetricName("是否题正确率", "yes/no accuracy"),
    "text_match": MetricName("文字答案正确", "text answers right"),
    "pii_masked": MetricName("个人信息已遮盖", "personal data masked"),
    "calculation_correct": MetricName("复算正确", "recomputation right"),
    "evidence_page_hit": MetricName("证据页命中", "evidence page hit"),
    "evidence_pages_ok": MetricName("证据页全部正确", "evidence pages right"),
    "evidence_precision": MetricName("证据页精确率", "evidence precision"),
    "abstention_precision": MetricName("拒答精确率", "abstention precision"),
    "abstention_recall": MetricName("拒答召回率", "abstention recall"),
    "false_abstention": MetricName("误拒答率", "false abstention"),
    "conflict_detection_precision": MetricName("冲突发现精确率", "conflict precision"),
    "conflict_detection_recall": MetricName("冲突发现召回率", "conflict recall"),
    "gap_detection_precision": MetricName("缺口发现精确率", "gap precision"),
    "gap_detection_recall": MetricName("缺口发现召回率", "gap recall"),
    "hallucination_rate": MetricName("幻觉率", "hallucination rate"),
    "verifier_flagged_rate": MetricName("核验器标出比例", "flagged by the verifier"),
    "ungrounded_by_recheck": MetricName("复查出的无出处数值", "ungrounded on recheck", COUNT),
    "known_failures": MetricName("已登记的已知失败", "known failures", COUNT),
    "questions": MetricName("题数", "questions", COUNT),
    "hypotheses": MetricName("假设数", "hypotheses", COUNT),
    "passed": MetricName("通过题数", "passed", COUNT),
    "questions_with_ungrounded_values": MetricName("含无出处数值的题", "questions with ungrounded values", COUNT),
    "ungrounded_values": MetricName("无出处数值", "ungrounded values", COUNT),
    "questions_with_wrong_values": MetricName("含错误数值的题", "questions with wrong values", COUNT),
    "wrong_values": MetricName("错误数值", "wrong values", COUNT),
    "verified": MetricName("标为已核验的答案", "answers marked verified", COUNT),
    "verified_wrong": MetricName("已核验却错误的答案", "verified but wrong", COUNT),
    "verified_wrong_share": MetricName("已核验却错误的比例", "verified but wrong share"),
    "em": MetricName("完全匹配", "exact match", PERCENT),
    "f1": MetricName("结论字符 F1", "conclusion char F1", PERCENT),
    "evidence_hit@5": MetricName("前 5 条证据命中", "evidence hit in 5"),
    "retrieval_hit@5": MetricName("前 5 条检索命中", "retrieval hit in 5"),
    "notmentioned_abstain_or_gap": MetricName("未约定 → 缺口", "not mentioned → gap"),
    "entailment_to_gap": MetricName("蕴含误作缺口", "entailment → gap"),
    "entailment_false_abstention": MetricName("蕴含误拒答", "entailment abstained"),
    "accuracy_3way": MetricName("三分类正确率", "3-way accuracy"),
    "entailment_evidence_overlap": MetricName("蕴含证据重叠", "entailment evidence overlap"),
    "contradiction_evidence_overlap": MetricName("矛盾证据重叠", "contradiction evidence overlap"),
    "entailment_char_recall": MetricName("蕴含证据字符召回", "entailment char recall"),
    "entailment_char_precision": MetricName("蕴含证据字符精确", "entailment char precision"),
    # per category
    "n": MetricName("题数", "questions", COUNT),
    "correct": MetricName("正确题数", "right", COUNT),
    "page_hit": MetricName("证据页命中", "page hit"),
    "status_acc": MetricName("状态正确率", "status accuracy"),
    "value_exact": MetricName("数值完全正确", "value exact"),
    "hallucinated": MetricName("幻觉题数", "hallucinated", COUNT),
    "known_fail": MetricName("已知失败题数", "known failures", COUNT),
    "ungrounded": MetricName("无出处数值", "ungrounded", COUNT),
    "not_found": MetricName("拒答题数", "abstained", COUNT),
    "verdict_right": MetricName("判断正确", "verdict right"),
    "abstain_or_gap": MetricName("拒答或判为缺口", "abstained or gap"),
    "char_recall": MetricName("字符召回率", "char recall"),
    "char_precision": MetricName("字符精确率", "char precision"),
    "evidence_overlap": MetricName("证据重叠", "evidence overlap"),
    # timings
    "ask_ms_p50": MetricName("问答耗时中位数", "ask p50", MS),
    "ask_ms_p95": MetricName("问答耗时 95 分位", "ask p95", MS),
    "suite_s": MetricName("整套用时", "suite time", SECONDS),
    "ingest_s": MetricName("导入用时", "ingest time", SECONDS),
    "generate_s": MetricName("生成案卷用时", "generation time", SECONDS),
    "ingested": MetricName("新导入文件", "ingested", COUNT),
    "unchanged": MetricName("未变文件", "unchanged", COUNT),
    "chunks": MetricName("片段数", "chunks", COUNT),
    "p50": MetricName("中位数", "p50", MS),
    "p95": MetricName("95 分位", "p95", MS),
    # retrieval (fixed names; R@k and the like are patterns below)
    "union-R": MetricName("两路召回并集的召回率", "union recall"),
    "exp_size": MetricName("扩展证据集平均条数", "expanded set size", COUNT),
    "own_contract_top4": MetricName("前 4 条出自所问合同", "own contract in top 4"),
    "top1_header": MetricName("第 1 条是条款标题", "first is a heading"),
    # faithfulness
    "items": MetricName("条目数", "items", COUNT),
    "scored": MetricName("可评分条目", "scored", COUNT),
    "mean_score": MetricName("平均忠实度", "mean faithfulness"),
    "statement_support": MetricName("陈述支持率", "statement support"),
    "fully_faithful": MetricName("完全忠实的比例", "fully faithful"),
    "statements": MetricName("陈述数", "statements", COUNT),
    "unsupported": MetricName("未被支持的陈述", "unsupported", COUNT),
    # contract facts: clause presence
    "tp": MetricName("判对：有", "true positives", COUNT),
    "fp": MetricName("误判为有", "false positives", COUNT),
    "fn": MetricName("漏判", "false negatives", COUNT),
    "tn": MetricName("判对：无", "true negatives", COUNT),
    "precision": MetricName("精确率", "precision"),
    "recall": MetricName("召回率", "recall"),
    "present": MetricName("有此条款", "present", COUNT),
    "located": MetricName("已定位", "located", COUNT),
    "locatable": MetricName("可定位", "locatable", COUNT),
    "predicted": MetricName("给出值", "predicted", COUNT),
    "gold_values": MetricName("标准答案有值", "gold values", COUNT),
    "p50_ms": MetricName("耗时中位数", "p50", MS),
    "p95_ms": MetricName("耗时 95 分位", "p95", MS),
    # local LLM
    "s_per_answer_p50": MetricName("每题用时中位数", "seconds per answer p50", SECONDS),
    "s_per_answer_mean": MetricName("每题平均用时", "seconds per answer, mean", SECONDS),
    "s_per_answer_max": MetricName("每题最长用时", "seconds per answer, max", SECONDS),
    "s_per_answer_p95": MetricName("每题用时 95 分位", "seconds per answer p95", SECONDS),
}

# Retrieval's standard notations, by pattern: R@10, P@4, hit@10, MRR@10, R@10+exp, R@13 (same size).
_PATTERNS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"R@(\d+)"), "前 {} 条召回率", "recall in {}"),
    (re.compile(r"P@(\d+)"), "前 {} 条精确率", "precision in {}"),
    (re.compile(r"hit@(\d+)"), "前 {} 条命中率", "hit in {}"),
    (re.compile(r"MRR@(\d+)"), "前 {} 条平均倒数名次", "MRR in {}"),
    (re.compile(r"R@(\d+)\+exp"), "前 {} 条扩展后召回率", "recall in {} expanded"),
    (re.compile(r"R@(\d+) \(same size\)"), "同样条数（{}）的召回率", "recall, same size {}"),
    (re.compile(r"evidence_recall@(\d+)"), "前 {} 条证据页召回率", "evidence recall in {}"),
)


# Names of runs and configurations (STARD, CUAD, LawBench, statute context), word by word.
_CONFIG_WORDS = (("plain fusion", "仅融合"), ("whole corpus", "全部语料"), ("same size", "同样条数"),
                 ("bm25", "关键词"), ("vector", "向量"), ("hybrid", "混合"), ("rerank", "重排序"),
                 ("expand", "证据扩展"), ("contract", "限定合同"), ("category", "条款类别"), ("plain", "原样"),
                 ("default", "默认"), ("bare", "裸条文"), ("enriched", "带上下文"), ("only", "限定"))


def config_name(name: object) -> str:
    """``hybrid + contract + category`` → ``混合 + 限定合同 + 条款类别`` (the English as it is when
    English is on)."""
    text = str(name)
    zh = re.sub(r"(\S+) only\b", r"仅\1", text)
    for word, chinese in _CONFIG_WORDS:
        zh = re.sub(rf"\b{re.escape(word)}\b", chinese, zh, flags=re.IGNORECASE)
    zh = zh.replace(" (", "（").replace("(", "（").replace(")", "）")
    return label(zh, text) if zh != text else text


def words(key: str) -> str:
    """A key as words (``statute_lookup`` → ``statute lookup``): what an unregistered name shows."""
    return " ".join(key.replace("_", " ").replace("-", " ").split())


def suite_label(name: str) -> str:
    if name in SUITES:
        return label(*SUITES[name])
    return label("未登记的评测集", "unregistered suite") + f"「{words(name)}」"


def metric_name(key: str) -> MetricName | None:
    if key in METRICS:
        return METRICS[key]
    for pattern, zh, en in _PATTERNS:
        match = pattern.fullmatch(key)
        if match:
            kind = COUNT if key == "exp_size" else RATE
            return MetricName(zh.format(match.group(1)), en.format(match.group(1)), kind)
    return None


def metric_label(key: str) -> str:
    """A metric's name as shown; an unregistered one by its words, marked as such."""
    name = metric_name(key)
    if name is not None:
        return label(name.zh, name.en)
    return label("未登记指标", "unregistered metric") + f"「{words(key)}」"


def metric_kind(key: str, value: object = None) -> str:
    """How to read a metric: a registered one by its entry; else a share when its value lies in
    0..1 and is not whole, a count otherwise."""
    name = metric_name(key)
    if name is not None:
        return name.kind
    if isinstance(value, float) and 0 <= value <= 1 and not value.is_integer():
        return RATE
    return COUNT


UNITS = {RATE: ("%", "%"), PERCENT: ("%", "%"), MS: ("毫秒", "ms"), SECONDS: ("秒", "s"), COUNT: ("", "")}


def as_shown(key: str, value: object) -> float | None:
    """The value on the page's scale: shares and percentages both as 0–100 %, times and counts
    as they are; None when it is no number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    kind = metric_kind(key, value)
    return float(value) * 100 if kind == RATE else float(value)


def percent(value: object) -> str:
    """A share as a percentage (``0.986`` → ``98.6 %``), or a dash."""
    return formatted("accuracy", value)


def formatted(key: str, value: object) -> str:
    """``98.6 %``, ``31 毫秒``, ``73`` — or a dash."""
    shown = as_shown(key, value)
    if shown is None:
        return "—"
    kind = metric_kind(key, value)
    unit = label(*UNITS[kind])
    number = f"{shown:.1f}".rstrip("0").rstrip(".") if kind in (RATE, PERCENT, SECONDS) else f"{shown:g}"
    return f"{number} {unit}".strip() if unit != "%" else f"{number} %"
