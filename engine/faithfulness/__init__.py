"""Faithfulness: how much of an answer or summary its context supports (RAGAS-style, CJK-aware).

    from engine.faithfulness import score_faithfulness
    result = score_faithfulness(answer, [quote, ...], embedder=engine.index.embedder)
    result.score          # supported / total, NaN when there is nothing to check
    result.statements     # [StatementVerdict(text, supported, reason, evidence)]

Steps, one module each: statements.py (split into atomic statements), verify.py (offline
verifier: values, names, negation, overlap, embeddings) or llm_verifier.py (an OpenAI-compatible
model's verdicts, checked offline; unrelated to the answerability judge of engine/answer/judge),
metric.py (the score); cli.py is ``python -m engine faithfulness``.
"""

from engine.faithfulness.cli import add_faithfulness_parser, faithfulness_for, run_faithfulness
from engine.faithfulness.metric import score_faithfulness
from engine.faithfulness.model import FaithfulnessResult, StatementVerdict
from engine.faithfulness.statements import split_statements

__all__ = ["FaithfulnessResult", "StatementVerdict", "add_faithfulness_parser", "faithfulness_for",
           "run_faithfulness", "score_faithfulness", "split_statements"]
