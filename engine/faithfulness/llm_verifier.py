"""The LLM verifier: an OpenAI-compatible model extracts the statements and judges each one.

1. Statements: the model splits the answer (with the question, so each statement stands alone).
   A statement carrying an amount, date or number the answer does not state is the model's
   invention: the extraction is rejected.
2. Verdicts, a few statements per call: ``supported``, a reason and a verbatim quote, as JSON.
3. The offline rules still apply: a name, number or date the context does not hold makes the
   statement unsupported whatever the model said. A quote is shown as evidence only when it is
   really in the context; otherwise the offline verifier's span is.

The client is the answer mode's (engine.answer.llm: temperature 0, no retries, every failure an
``LLMUnavailable``). Any failure — no server, a timeout, a reply that is not the JSON asked for,
a verdict missing — falls back to the offline verifier for the whole answer, with the reason.
"""

from __future__ import annotations

import json
import logging
import math
import re
from typing import Any

from engine.answer.llm import as_data
from engine.llm_client import LLMUnavailable, complete
from engine.answer.prompts import EVIDENCE_CLOSE, EVIDENCE_OPEN
from engine.config import LLMSettings
from engine.faithfulness.model import (NO_STATEMENTS, FaithfulnessResult, Method, Statement, StatementVerdict,
                                      ratio)
from engine.faithfulness.prompts import (CONTEXT_BLOCK, STATEMENTS_SYSTEM, STATEMENTS_USER,
                                         VERDICTS_SYSTEM, VERDICTS_USER)
from engine.faithfulness.statements import build_statements
from engine.faithfulness.values import ValuePool, squash, stated_values
from engine.faithfulness.verify import Context, OfflineVerifier, offline_verdicts

log = logging.getLogger(__name__)

STATEMENTS_PER_CALL = 4  # verdicts with reasons and quotes must fit the client's reply budget
MAX_CONTEXT_CHARS = 6000  # context shown to the model per call; beyond it, statements go unjudged
_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)
_FENCE = re.compile(r"```(?:json)?", re.I)
_TRUE = {"true", "yes", "y", "supported", "是", "支持", "1"}
_FALSE = {"false", "no", "n", "unsupported", "not supported", "否", "不支持", "0"}


# -- the model's replies -------------------------------------------------------------------------
def parse_json(content: str | None) -> Any:
    """The JSON in a model reply: reasoning and code fences stripped; the outermost object or
    array when prose surrounds it. ``LLMUnavailable`` when there is none."""
    text = _FENCE.sub("", _THINK.sub("", content or "")).strip()
    if not text:
        raise LLMUnavailable("模型回复为空 (empty reply)")
    candidates = [text]
    for open_, close in (("{", "}"), ("[", "]")):
        start, end = text.find(open_), text.rfind(close)
        if 0 <= start < end:
            candidates.append(text[start:end + 1])
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    raise LLMUnavailable(f"模型回复不是 JSON (reply is not JSON): {text[:120]!r}")


def parse_statements(content: str | None) -> list[str]:
    data = parse_json(content)
    items = data.get("statements") if isinstance(data, dict) else data
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise LLMUnavailable("回复缺少 statements 字符串列表 (no list of statements in the reply)")
    return [i.strip() for i in items if i.strip()]


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise LLMUnavailable(f"无法识别的判定 (unreadable verdict): {value!r}")


def parse_verdicts(content: str | None, count: int) -> list[tuple[bool, str, str]]:
    """(supported, reason, quote) for statements S1…S{count}, in order."""
    data = parse_json(content)
    items = data.get("verdicts") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise LLMUnavailable("回复缺少 verdicts 列表 (no list of verdicts in the reply)")
    found: dict[int, tuple[bool, str, str]] = {}
    for position, item in enumerate(items, start=1):
        if not isinstance(item, dict) or "supported" not in item:
            raise LLMUnavailable(f"判定格式错误 (malformed verdict): {str(item)[:80]!r}")
        number = re.search(r"\d+", str(item.get("id", position)))
        index = int(number.group(0)) if number else position
        found[index] = (_flag(item["supported"]), str(item.get("reason") or "").strip(),
                        str(item.get("quote") or "").strip())
    missing = [f"S{i}" for i in range(1, count + 1) if i not in found]
    if missing:
        raise LLMUnavailable(f"回复缺少 {'、'.join(missing)} 的判定 (verdicts missing)")
    return [found[i] for i in range(1, count + 1)]


# -- messages ------------------------------------------------------------------------------------
def statements_messages(answer: str, question: str | None) -> list[dict[str, str]]:
    user = STATEMENTS_USER.format(question=(question or "（未提供 not given）").strip(), answer=answer.strip())
    return [{"role": "system", "content": STATEMENTS_SYSTEM}, {"role": "user", "content": user}]


def context_blocks(passages: list[str], limit: int = MAX_CONTEXT_CHARS) -> tuple[str, bool]:
    """The passages as numbered data blocks, cut at ``limit`` characters; (text, cut)."""
    blocks, used, cut = [], 0, False
    for number, passage in enumerate(passages, start=1):
        text = as_data(passage)
        if used + len(text) > limit:
            text, cut = text[:max(0, limit - used)], True
        if text:
            blocks.append(CONTEXT_BLOCK.format(open=EVIDENCE_OPEN, close=EVIDENCE_CLOSE,
                                               id=f"C{number}", text=text))
        used += len(text)
        if cut:
            break
    return "\n\n".join(blocks), cut


def verdict_messages(blocks: str, count: int, statements: list[str]) -> list[dict[str, str]]:
    listed = "\n".join(f"S{i}：{text}" for i, text in enumerate(statements, start=1))
    user = VERDICTS_USER.format(count=count, open=EVIDENCE_OPEN, close=EVIDENCE_CLOSE, blocks=blocks,
                                statements=listed)
    return [{"role": "system", "content": VERDICTS_SYSTEM}, {"role": "user", "content": user}]


# -- judging -------------------------------------------------------------------------------------
def _invented_values(statements: list[str], answer: str) -> list[str]:
    said = ValuePool.of(answer)
    return [v.text for text in statements for v in stated_values(text) if not said.has(v)]


def _locate(quote: str, passages: list[str]) -> str | None:
    """The context text the model quoted, as the context writes it (line breaks included), or
    None when the quote is not in the context."""
    target = squash(quote)
    if len(target) < 2:
        return None
    for passage in passages:
        positions = [i for i, ch in enumerate(passage) if not ch.isspace()]
        at = squash(passage).find(target)  # squash drops exactly the whitespace, 1:1 otherwise
        if at >= 0:
            return passage[positions[at]:positions[at + len(target) - 1] + 1]
    return None


def _offline(statements: list[Statement], verifier: OfflineVerifier, reason: str) -> FaithfulnessResult:
    log.warning("LLM faithfulness judge not used (%s); offline verifier instead", reason)
    note = f"LLM 未使用，已改用离线核验 (LLM judge not used, offline verifier): {reason}"
    if not statements:
        return FaithfulnessResult(math.nan, [], reason=f"{NO_STATEMENTS}; {note}", method=Method.OFFLINE)
    verdicts = offline_verdicts(statements, verifier)
    return FaithfulnessResult(ratio(verdicts), verdicts, reason=note, method=Method.OFFLINE)


def verify_with_llm(answer: str, context: Context, verifier: OfflineVerifier, settings: LLMSettings, *,
          question: str | None = None) -> FaithfulnessResult:
    try:
        texts = parse_statements(complete(settings, statements_messages(answer, question)))
        invented = _invented_values(texts, answer)
        if invented:
            raise LLMUnavailable(f"提取的陈述含有回答中没有的数值 (extracted statements add values): "
                                 f"{'、'.join(invented)}")
    except LLMUnavailable as exc:
        return _offline(build_statements(answer, question), verifier, str(exc))
    statements = [Statement(t, t) for t in texts]
    if not statements:
        return FaithfulnessResult(math.nan, [], reason=NO_STATEMENTS, method=Method.LLM)

    blocks, cut = context_blocks(context.passages)
    judged: list[tuple[bool, str, str]] = []
    try:
        for start in range(0, len(statements), STATEMENTS_PER_CALL):
            batch = [s.text for s in statements[start:start + STATEMENTS_PER_CALL]]
            reply = complete(settings, verdict_messages(blocks, len(context.passages), batch))
            judged += parse_verdicts(reply, len(batch))
    except LLMUnavailable as exc:
        return _offline(statements, verifier, str(exc))

    verdicts = []
    for statement, (supported, reason, quote) in zip(statements, judged):
        ruled = verifier.rule_verdict(statement)
        if ruled is not None and not ruled.supported:
            verdicts.append(StatementVerdict(statement.text, False, f"{ruled.reason}"
                                             + ("（模型判为支持，已否决 — the model's 'supported' overruled）"
                                                if supported else ""), None))
            continue
        if not supported:
            verdicts.append(StatementVerdict(statement.text, False, f"LLM: {reason or '不支持'}", None))
            continue
        evidence = _locate(quote, context.passages) if quote else None
        if evidence is None:
            evidence = verifier.verify(statement).evidence
        verdicts.append(StatementVerdict(statement.text, True, f"LLM: {reason or '支持'}", evidence))
    note = "上下文过长，只向模型展示了前 {} 字 (context cut for the model)".format(MAX_CONTEXT_CHARS) \
        if cut else None
    return FaithfulnessResult(ratio(verdicts), verdicts, reason=note, method=Method.LLM)
