"""Zero tolerance for values: every amount, date and number in a point must be in its sources.

Compared after normalisation, like the answer verifier (engine/answer/verify.py): 壹万叁仟元,
13000元 and 13,000.00元 are one amount; 2023年1月6日 and 2023-01-06 one date. A point that fails
is not shown; the summary lists it under ``rejected_points`` with the value that failed.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from engine.text.dates import find_dates
from engine.text.numbers import find_amounts, find_numbers


def _decimal(value) -> Decimal | None:
    try:
        return None if value is None else Decimal(str(value))
    except InvalidOperation:
        return None


def ungrounded_values(text: str, sources: list[str]) -> list[str]:
    """One message per value of ``text`` that none of ``sources`` states; empty when grounded."""
    joined = "\n".join(sources)
    source_amounts = {_decimal(f.value) for f in find_amounts(joined)}
    source_dates = {str(f.value) for f in find_dates(joined)}
    source_numbers = {_decimal(f.value) for f in find_numbers(joined)} | source_amounts
    problems = []
    covered: list[tuple[int, int]] = []
    for fact in find_amounts(text):
        covered.append((fact.start, fact.end))
        if _decimal(fact.value) not in source_amounts:
            problems.append(f"金额「{fact.text}」不见于所引片段 (amount not in the cited blocks)")
    for fact in find_dates(text):
        covered.append((fact.start, fact.end))
        if str(fact.value) not in source_dates:
            problems.append(f"日期「{fact.text}」不见于所引片段 (date not in the cited blocks)")
    for fact in find_numbers(text):
        if any(s < fact.end and e > fact.start for s, e in covered):
            continue  # part of an amount or a date, judged above
        if _decimal(fact.value) not in source_numbers and fact.text not in joined:
            problems.append(f"数字「{fact.text}」不见于所引片段 (number not in the cited blocks)")
    return problems
