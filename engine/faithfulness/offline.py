"""What the offline scorer (metric.py) and the LLM judge (judge.py) share: every statement through
the offline verifier, and the reason given when an answer has no statement to verify. Apart from
both so that neither imports the other for it (metric.py calls the judge)."""

from __future__ import annotations

from engine.faithfulness.model import Statement, StatementVerdict
from engine.faithfulness.verify import OfflineVerifier

NO_STATEMENTS = "回答中没有可核验的陈述 (no statements to verify)"


def offline_verdicts(statements: list[Statement], verifier: OfflineVerifier) -> list[StatementVerdict]:
    verdicts = []
    for statement in statements:
        verdict = verifier.verify(statement)
        verdicts.append(StatementVerdict(statement.text, verdict.supported, verdict.reason,
                                         verdict.evidence))
    return verdicts
