"""Reading an answer for the benchmarks: the values, counts and verdict its conclusion states,
the pages and quotes it cites, whether every amount and date it states is grounded in those quotes,
and detection precision/recall. Every answer suite scores with these (demo, honesty, the case-file
suites, CJRC, ContractNLI); each suite's own expectations live in its module."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Mapping, Sequence

from engine.answer.candidates import COUNT_NUMERAL, COUNT_VALUE
from engine.answer.model import Status
from engine.answer.verify import cited_ids, evaluate
from engine.text.dates import date_grounded, find_dates
from engine.text.numbers import find_amounts, parse_number

_VERDICT = re.compile(r"^\s*(是|否|对|不对|yes|no)(?![A-Za-z\u4e00-\u9fff])", re.I)
_YES_WORDS, _NO_WORDS = {"是", "对", "yes"}, {"否", "不对", "no"}
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Values:
    amounts: frozenset[Decimal]
    dates: frozenset[str]


def conclusion_values(text: str) -> Values:
    return Values(frozenset(decimal_of(f.value) for f in find_amounts(text)),
                  frozenset(str(f.value) for f in find_dates(text)))


def conclusion_counts(text: str, measure: str = "") -> set[int]:
    """Counts stated with a measure word (四次, 三期, 二人), and with ``measure``, the one a question
    asks by when it is none of those (几下 → 砸了三下)."""
    counts = set()
    told = [COUNT_VALUE] + ([re.compile(rf"({COUNT_NUMERAL})\s*{re.escape(measure)}")] if measure else [])
    for pattern in told:
        for match in pattern.finditer(text):
            value = parse_number(match.group(1))
            if value is not None:
                counts.add(int(value))
    return counts


def yes_no(conclusion: str) -> str | None:
    """"yes" / "no" when the conclusion opens with a verdict (是（E1…）, 否（E2…）), else None."""
    match = _VERDICT.match(conclusion)
    if not match:
        return None
    word = match.group(1).lower()
    return "yes" if word in _YES_WORDS else "no" if word in _NO_WORDS else None


def cited_pages(answer: Mapping[str, Any], k: int | None = None) -> list[tuple[str, int]]:
    """(document, page) pairs the evidence covers, in evidence order, first ``k`` items only."""
    pairs: list[tuple[str, int]] = []
    for item in answer.get("evidence", [])[:k]:
        for page in range(item["page"], item.get("page_end", item["page"]) + 1):
            if (item["doc_name"], page) not in pairs:
                pairs.append((item["doc_name"], page))
    return pairs


def decimal_of(value: Any) -> Decimal | None:
    try:
        return None if value is None else Decimal(str(value))
    except InvalidOperation:
        return None


def cited_quotes(answer: Mapping[str, Any]) -> str:
    """The quotes the conclusion cites (E1, E2 …), or every quote when it cites none."""
    by_id = {e["id"]: e for e in answer.get("evidence", [])}
    cited = cited_ids(answer.get("conclusion", "")) or list(by_id)
    return " ".join(by_id[i]["quote"] for i in cited if i in by_id)


_LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*")


def _readings(text: str) -> str:
    """A quote as printed and with its line breaks joined: a PDF line may end inside a date or a
    number (2024年1\n月3日), which is still that date."""
    return f"{text} {_LINE_BREAK.sub('', text)}"


def _month_span_factors(calc: Mapping[str, Any], text: str) -> set[Decimal]:
    """Month counts a calculation derives from a span (500元 a month from 2021年4月 to 2022年1月:
    10) that hold: both ends are dates in ``text`` and the count is the inclusive span."""
    months = {str(f.value)[:7] for f in find_dates(text) if len(str(f.value)) >= 7}
    held = set()
    for factor in calc.get("factors", []) or []:
        start, end = str(factor.get("from") or ""), str(factor.get("to") or "")
        if factor.get("unit") != "month" or start[:7] not in months or end[:7] not in months:
            continue
        try:
            span = (int(end[:4]) - int(start[:4])) * 12 + int(end[5:7]) - int(start[5:7]) + 1
        except ValueError:
            continue
        if decimal_of(factor.get("value")) == span:
            held.add(Decimal(span))
    return held


def _quantity_factors(calc: Mapping[str, Any], text: str) -> set[Decimal]:
    """Counts a calculation takes from a figure with its unit said in its quotes (做了3180件,
    干了一百九十八天): the factor's words are in ``text`` and read as that number."""
    from engine.text.quantities import find_quantities

    held = set()
    for factor in calc.get("factors", []) or []:
        said = str(factor.get("text") or "")
        if factor.get("unit") == "quantity" and said and said in text \
                and decimal_of(factor.get("value")) in {decimal_of(q.value) for q in find_quantities(said)}:
            held.add(decimal_of(factor.get("value")))
    return held


def ungrounded_values(answer: Mapping[str, Any]) -> list[str]:
    """Amounts (with currency) and dates in the conclusion that the cited quotes do not carry.

    Independent of the answer's own ``checks``: the quotes are those the conclusion cites (all
    evidence when it cites none), read as printed and with line breaks joined. A shown
    calculation counts only when its recomputed result equals its stated result field and every
    term occurs in its own quotes — as an amount, a count with its measure word (10个月), a
    figure with its unit the calculation names as its factor (做了3180件), or a month count that the
    span between two dates of those quotes gives.
    """
    if answer.get("status") == Status.NOT_FOUND.value:
        return []
    by_id = {e["id"]: e for e in answer.get("evidence", [])}
    conclusion = answer.get("conclusion", "")
    quotes = _readings(cited_quotes(answer))
    quoted = [(decimal_of(f.value), f.meta.get("currency")) for f in find_amounts(quotes)]
    computed: list[tuple[Decimal, str | None]] = []
    for calc in answer.get("calculations", []):
        terms_text = _readings(" ".join(by_id[i]["quote"] for i in calc.get("evidence", []) if i in by_id))
        terms = [(decimal_of(f.value), f.meta.get("currency")) for f in find_amounts(terms_text)]
        terms += [(Decimal(n), None) for n in conclusion_counts(terms_text) | _month_span_factors(calc, terms_text)
                  | _quantity_factors(calc, terms_text)]
        try:
            result = evaluate(calc["expression"])
        except ValueError:
            continue
        numbers = [Decimal(n) for n in re.findall(r"\d+(?:\.\d+)?", calc["expression"].replace(",", ""))]
        currencies = {c for v, c in terms if v in numbers and c is not None}
        if result == decimal_of(calc.get("result")) and all(any(v == n for v, _ in terms) for n in numbers):
            computed.append((result, currencies.pop() if len(currencies) == 1 else None))
    problems = []
    for fact in find_amounts(conclusion):
        value, currency = decimal_of(fact.value), fact.meta.get("currency")
        if not any(v == value and (c is None or currency is None or c == currency)
                   for v, c in [*quoted, *computed]):
            problems.append(f"amount {fact.text} ({value} {currency}) not in the cited quotes")
    quote_dates = {str(f.value) for f in find_dates(quotes)}
    for fact in find_dates(conclusion):
        if not date_grounded(str(fact.value), quote_dates):
            problems.append(f"date {fact.text} ({fact.value}) not in the cited quotes")
    return problems


def grounding(answer: Mapping[str, Any]) -> tuple[list[str], bool, bool]:
    """(values the recheck finds ungrounded, whether the answer's own verifier flagged one,
    whether the answer hallucinates). An answer shipped as verified although its own verifier
    flagged a number is a hallucination as much as one the recheck catches; a flagged
    needs_review answer is a caught one."""
    ungrounded = ungrounded_values(answer)
    flagged = not answer.get("checks", {}).get("numbers_grounded", True)
    return ungrounded, flagged, bool(ungrounded) or (flagged and answer.get("status") == Status.ANSWERED.value)


_MASK_RUN = re.compile(r"[*＊•●]+")
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9_]")


def masked_shown(raw: str, text: str) -> bool:
    """Whether ``text`` shows ``raw`` masked: a run of mask characters with a prefix of ``raw``
    right before it and a suffix right after, revealing at least two characters but not all, and
    not running on into other letters or digits.
    Format-agnostic: 3301**********1517, 138****8000 and 浙江省杭州市****** all qualify."""
    for run in _MASK_RUN.finditer(text):
        before, after = text[:run.start()], text[run.end():]
        prefix = next((n for n in range(len(raw), 0, -1) if before.endswith(raw[:n])), 0)
        suffix = next((n for n in range(len(raw) - prefix, 0, -1) if after.startswith(raw[-n:])), 0)
        start, end = run.start() - prefix, run.end() + suffix
        flanked = (start > 0 and _ASCII_ALNUM.match(text[start - 1])) or \
            (end < len(text) and _ASCII_ALNUM.match(text[end]))
        if 2 <= prefix + suffix < len(raw) and not flanked:  # 139****8000 is not 138****8000
            return True
    return False


def answer_text(answer: Mapping[str, Any]) -> str:
    """Every string the answer shows, except the question the user typed."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                if key != "question":
                    walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(answer)
    return "\n".join(parts)


def squash(text: str) -> str:
    return _SPACE.sub("", text).casefold()



def detection(pred: Sequence[bool], gold: Sequence[bool]) -> dict[str, float | None]:
    """Precision and recall of a yes/no detector (abstention, conflicts, gaps)."""
    tp = sum(p and g for p, g in zip(pred, gold))
    predicted, actual = sum(pred), sum(gold)
    return {"precision": round(tp / predicted, 4) if predicted else None,
            "recall": round(tp / actual, 4) if actual else None}
