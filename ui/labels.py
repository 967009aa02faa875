"""What the dashboard calls things: Chinese only by default, Chinese and English behind a setting.

Every label goes through ``label(zh, en)``. The English half is shown when the person switched on
「显示英文」 in the sidebar (this browser session), or when the server's default says so
(``LEXTRACE_UI_ENGLISH=1``). Values the engine produces (statuses, conflict kinds, document kinds,
benchmark categories) are shown through the tables here, never as the raw enum value.
"""

from __future__ import annotations

import os

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

ENGLISH_KEY = "ui.english"
ENGLISH_DEFAULT_ENV = "LEXTRACE_UI_ENGLISH"


def english() -> bool:
    """Whether English goes beside the Chinese labels in this session (outside a Streamlit run,
    e.g. a unit test of a table helper: the server default)."""
    default = os.environ.get(ENGLISH_DEFAULT_ENV, "").strip().lower() in ("1", "true", "yes", "on")
    if get_script_run_ctx(suppress_warning=True) is None or ENGLISH_KEY not in st.session_state:
        return default
    return st.session_state[ENGLISH_KEY] is True


def label(zh: str, en: str) -> str:
    """``zh``, or ``zh en`` when English is on."""
    return f"{zh} {en}" if english() else zh


def bilingual(text: str | None) -> str:
    """A label the engine keeps as one "中文 English" string (contract types, fact fields,
    clause types): its Chinese part, or the whole when English is on."""
    if not text:
        return "—"
    zh, _, en = text.partition(" ")
    return label(zh, en) if en else zh


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def chinese_text(message: str) -> str:
    """A message the engine writes as 中文 (English gloss) — errors, refusals — with the English
    glosses left out unless English is on: a parenthesis holding Latin words and no Chinese,
    (nested ones included). Everything else (numbers, names, paths) stays."""
    if english():
        return message
    out, at = [], 0
    while (start := message.find("(", at)) != -1:
        depth, end = 0, None
        for i in range(start, len(message)):
            depth += {"(": 1, ")": -1}.get(message[i], 0)
            if depth == 0:
                end = i
                break
        if end is None:
            break
        inner = message[start + 1:end]
        latin_words = sum(1 for word in inner.replace(";", " ").split() if any(c.isalpha() and c.isascii() for c in word))
        if latin_words >= 2 and not any(_is_cjk(c) for c in inner):
            out.append(message[at:start].rstrip(" "))
        else:
            out.append(message[at:end + 1])
        at = end + 1
    out.append(message[at:])
    return "".join(out)


def english_toggle() -> None:
    """The setting itself (in the sidebar): bilingual, so that either reader can find it."""
    st.toggle("显示英文 English", key=ENGLISH_KEY, value=english(),
              help="界面标签附上英文 (show English beside the Chinese labels)")


def named(table: dict[str, tuple[str, str]], value: object) -> str:
    """A value the engine produced (an enum or its string) as a label; unknown values are shown
    as「其他」with the value, never bare, and None as a dash."""
    if value is None:
        return "—"
    key = getattr(value, "value", value)
    if key in table:
        return label(*table[key])
    for zh, en in table.values():  # already a label (a widget hands back what it showed)
        if key in (zh, f"{zh} {en}"):
            return label(zh, en)
    return label("其他", "other") + f"（{key}）"


# Values shown on several pages, each in one place.
STATUS_NAMES = {
    "ingested": ("已导入", "ingested"), "unchanged": ("未变化", "unchanged"), "failed": ("失败", "failed"),
    "answered": ("已核验", "answered"), "needs_review": ("需人工复核", "needs review"),
    "not_found": ("未找到", "not found"),
}
CONFLICT_NAMES = {"fact": ("事实", "fact"), "testimony": ("供述", "testimony"), "version": ("版本", "version"),
                  "reading": ("识读", "reading")}
KIND_NAMES = {
    "auto": ("自动识别", "auto"), "transcript": ("讯问笔录", "transcript"), "statute": ("法律条文", "statute"),
    "contract": ("合同", "contract"), "judgment": ("裁判文书", "judgment"), "generic": ("其他文书", "generic"),
}
MODE_NAMES = {"extractive": ("确定性撰写", "deterministic"), "llm": ("大模型", "LLM")}
CHUNK_TYPE_NAMES = {
    "header": ("首部", "header"), "qa": ("问答", "Q/A"), "qa_part": ("问答（续）", "Q/A, continued"),
    "signature": ("签名", "signatures"), "article": ("条文", "article"), "clause": ("条款", "clause"),
    "recital": ("鉴于条款", "recital"), "paragraph": ("段落", "paragraph"),
}
# The case ledger (engine/answer/casefile/facts): what moved (Event.kind), what a row says about it (Event.role),
# how precise its date is (Value.precision) and which of its fields the speaker is unsure of.
LEDGER_KIND_NAMES = {
    "pay": ("给付", "paid"), "take": ("拿取", "taken"), "repay": ("归还", "returned"),
    "interest": ("利息/收益", "interest"), "compensation": ("赔偿", "compensation"),
    "cost": ("费用/损失", "cost"), "demand": ("索要", "demanded"), "money": ("款项", "money"),
    "value": ("数额", "figure"), "quantity": ("数量", "quantity"), "goods": ("财物", "goods"),
}
LEDGER_ROLE_NAMES = {
    "event": ("单笔", "one movement"), "total": ("所述合计", "stated total"),
    "balance": ("所述余额", "stated balance"), "remainder": ("所述余下", "stated remainder"),
    "agreed": ("约定数额", "agreed sum"), "periodic": ("按期", "per period"),
    "demand": ("索要数额", "sum demanded"), "cost": ("所述费用", "stated cost"),
    "count": ("所述次数", "stated count"), "value": ("所述数额", "stated figure"),
    "each": ("单价/每份", "per piece"), "mention": ("再次提及", "told again"),
    "part": ("合计的一项", "item of a total"), "recovered": ("追回", "got back"),
}
# A date's precision as a note beside it; "exact" needs none.
DATE_PRECISION_NAMES = {
    "approx": ("约", "approx."), "month": ("仅到月", "month only"), "year": ("仅到年", "year only"),
    "no_year": ("未写年份", "no year"), "relative": ("相对日期", "relative"),
    "festival": ("节日表述", "by a festival"),
}
UNKNOWN_DATE = ("不详", "unknown")
UNSURE_NOTE = ("记不清", "not remembered")
UNCERTAIN_FIELD_NAMES = {
    "amount": ("金额", "amount"), "value": ("金额", "amount"), "date": ("日期", "date"),
    "time": ("时间", "time"), "means": ("方式", "means"), "place": ("地点", "place"),
}
