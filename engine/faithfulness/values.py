"""Numbers, dates and names a statement states, held against the context with zero tolerance.

Values are compared normalised, never as strings: 四万二千元 = 42000元 = 42,000.00元 (and not
42000美元); 2022年10月15日 = 2022-10-15. Finders are the engine's own (engine/text/numbers.py,
engine/text/dates.py, engine/ingest/enrich.py's names); nothing here parses a numeral itself.

Matching rules, all in one direction — a statement may be *less* precise than its source, never
more:
  * an amount matches an amount of equal value whose currency agrees (a currency only assumed
    from a bare $ or ¥ agrees with any);
  * a date matches the same ISO value, a more precise context date inside it (statement
    2022-11, context 2022-11-02), or — written without a year (11月2日) — the same month and day;
  * any other number (十二个月, 30%, 第二百六十六条, 三年, 四次) matches a number the context
    writes in any form;
  * a name (a labelled person, an organisation, an English proper noun) must occur in the
    context; a Chinese person's name one character away from a name of the context (李小明 for
    王小明) is a changed name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Iterable

from engine.answer.verify import evaluate
from engine.ingest.enrich import COMMON_SURNAMES, ORG_SUFFIXES, plain_name, find_persons_and_orgs
from engine.text import SpanSet
from engine.text.dates import find_dates
from engine.text.normalize import to_halfwidth
from engine.text.numbers import find_amounts, find_numbers, parse_number

# Every numeral run of the context, read by the one parser: generous on the context side (a
# lone 三 of 第三期 counts there) so that only the statement side decides what must be found.
_NUMERAL_RUN = re.compile(r"[\d０-９零〇一二三四五六七八九十两百千万亿壹贰叁肆伍陆柒捌玖拾佰仟]+(?:[.,]\d+)*")
# An explicit sum in a statement: 17000 + 13000 + 6000 + 6000 = 42000元, 42000 - 10500 = 31500.
_CALCULATION = re.compile(r"(?P<expr>\d[\d,.]*(?:\s*[-+×x*]\s*\d[\d,.]*)+)\s*[=＝]\s*(?P<result>\d[\d,.]*)")
_WHITESPACE = re.compile(r"\s+")
# Leading words a name finder may take into a name after a role label without a colon
# (甲方为江州市…公司 → "为江州市…公司").
_NAME_LEAD = "为是系即由与和及被向"
# Capitalised English words that are not names (sentence openers, defined-term boilerplate).
_EN_NOT_NAMES = frozenset({
    "the", "this", "that", "these", "those", "a", "an", "each", "either", "any", "all", "no", "if",
    "it", "its", "in", "on", "at", "by", "for", "of", "to", "under", "upon", "after", "before",
    "and", "or", "but", "both", "neither", "section", "sections", "article", "clause", "exhibit",
    "schedule", "party", "parties", "agreement", "term", "whereas", "now", "therefore"})
_EN_PROPER = re.compile(r"(?<![A-Za-z'])[A-Z][A-Za-z]+(?:[-'][A-Za-z]+)*")
_CJK_NAME = re.compile(r"[\u4e00-\u9fff]{2,4}")
_ORG_SUFFIX_AT_END = re.compile("(?:" + "|".join(sorted(map(re.escape, ORG_SUFFIXES), key=len, reverse=True)) + ")$")
# Institutions are actors a statement must not swap (人民法院 for 人民检察院, 仲裁委员会 for 法院):
# the suffix words of organisation names (enrich.ORG_SUFFIXES) that also stand alone.
_INSTITUTION = re.compile("|".join(sorted((re.escape(w) for w in ORG_SUFFIXES if len(w) >= 3),
                                          key=len, reverse=True)))
# A pseudonym of a judgment (王某, 张某某, 李×): unmistakably a person, however it is introduced.
_PSEUDONYM = re.compile(rf"[{''.join(sorted(COMMON_SURNAMES))}](?:某某?|[×xX]{{1,2}})")
# A charge (罪名) after the words that introduce one: 构成诈骗罪, 犯盗窃罪, 涉嫌合同诈骗罪.
_CHARGE = re.compile(r"(?:构成|犯有|犯|涉嫌|以)([\u4e00-\u9fff]{2,10}?罪)")
# A quantity written with a lone Chinese digit, which find_numbers leaves alone (一个, 三人 are
# words there): 三年, 五个月, 四次, 两倍. Only before a measure word, so 一起/一样/一些 stay words.
_QUANTITY = re.compile(r"(?<![〇零一二三四五六七八九十百千万两])([一二三四五六七八九十两])\s*"
                       r"(?=个?(?:年|月|日|天|小时|周|倍|名|位|件|条|款|项|期|次|笔|份|张|人|回|处|页|家|种|成))")


# The unit after a number (三年, 十五个工作日, 30%, 90 days): 3 years and 3 months are not the same
# claim. Synonyms share one name (天 = 日, months = 月).
_MEASURE = re.compile(r"\)?\s*(?:个)?(?:工作|自然)?(?P<m>小时|星期|年|月|日|天|周|倍|名|位|件|条|款|项|期|次|笔|份|张|人"
                      r"|回|处|页|家|种|%|％|(?i:years?|months?|days?|hours?|weeks?)(?![A-Za-z]))")
_MEASURE_NAMES = {"天": "日", "星期": "周", "％": "%", "year": "年", "years": "年", "month": "月",
                  "months": "月", "day": "日", "days": "日", "hour": "小时", "hours": "小时",
                  "week": "周", "weeks": "周"}


def measure_after(text: str, end: int) -> str | None:
    match = _MEASURE.match(text, end)
    if not match:
        return None
    word = match.group("m")
    return _MEASURE_NAMES.get(word.lower(), _MEASURE_NAMES.get(word, word))


def _measure_around(text: str, start: int, end: int) -> str | None:
    return "%" if text[max(0, start - 3):start] == "百分之" else measure_after(text, end)


@dataclass(frozen=True)
class Value:
    kind: str  # amount | date | number
    value: object  # Decimal for amounts and numbers, ISO string for dates
    text: str  # as the statement writes it
    currency: str | None = None
    currency_assumed: bool = False
    measure: str | None = None  # for numbers: the unit after it (年, 月, 日, %, 次...)

    def describe(self) -> str:
        label = {"amount": "金额", "date": "日期", "number": "数字"}[self.kind]
        return f"{label}「{self.text}」"


def _decimal(value: object) -> Decimal | None:
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def stated_values(text: str) -> list[Value]:
    """The amounts, dates and other numbers a statement states, each once, in text order."""
    taken = SpanSet()
    found: list[tuple[int, Value]] = []
    for fact in find_dates(text):
        if taken.add(fact.start, fact.end):
            found.append((fact.start, Value("date", str(fact.value), fact.text)))
    for fact in find_amounts(text):
        if taken.add(fact.start, fact.end):
            found.append((fact.start, Value("amount", _decimal(fact.value), fact.text,
                                            fact.meta.get("currency"),
                                            bool(fact.meta.get("currency_assumed")))))
    for fact in find_numbers(text):
        if taken.add(fact.start, fact.end):
            found.append((fact.start, Value("number", fact.value, fact.text,
                                            measure=_measure_around(text, fact.start, fact.end))))
    for match in _QUANTITY.finditer(text):
        start, end = match.span(1)
        value = parse_number(match.group(1))
        if value is not None and taken.add(start, end):
            found.append((start, Value("number", value, text[start:end + 1],
                                       measure=measure_after(text, end))))
    return [value for _, value in sorted(found, key=lambda item: item[0])]


@dataclass
class ValuePool:
    """Every value a piece of context states, normalised for matching."""

    amounts: list[tuple[Decimal, str | None, bool]]
    dates: set[str]
    numbers: set[Decimal]
    quantities: set[tuple[Decimal, str]]  # (value, measure) of numbers written with a unit

    @classmethod
    def of(cls, text: str) -> "ValuePool":
        amounts = [(_decimal(f.value), f.meta.get("currency"), bool(f.meta.get("currency_assumed")))
                   for f in find_amounts(text)]
        numbers = {v for v, _, _ in amounts if v is not None}
        quantities: set[tuple[Decimal, str]] = set()
        norm = to_halfwidth(text)
        found = [(f.start, f.end, f.value) for f in find_numbers(text)]
        found += [(m.start(), m.end(), parse_number(m.group(0))) for m in _NUMERAL_RUN.finditer(norm)]
        for start, end, value in found:
            if value is None:
                continue
            numbers.add(value)
            measure = _measure_around(norm, start, end)
            if measure:
                quantities.add((value, measure))
        return cls(amounts, {str(f.value) for f in find_dates(text)}, numbers, quantities)

    def has(self, value: Value) -> bool:
        if value.kind == "amount":
            return any(amount == value.value and (currency == value.currency or assumed
                                                  or value.currency_assumed)
                       for amount, currency, assumed in self.amounts)
        if value.kind == "date":
            iso = str(value.value)
            if iso.startswith("--"):  # month and day without a year
                return any(d.endswith(iso[1:]) for d in self.dates)
            return iso in self.dates or any(d.startswith(iso + "-") for d in self.dates)
        if value.measure:
            return (value.value, value.measure) in self.quantities
        return value.value in self.numbers


def missing_values(values: Iterable[Value], pool: ValuePool) -> list[Value]:
    return [v for v in values if not pool.has(v)]


# -- arithmetic ----------------------------------------------------------------------------------
def calculation_holds(text: str, pool: ValuePool) -> bool | None:
    """For a statement that shows a sum (A + B = C): True when it recomputes and every term is a
    number of the context, False when it does not; None when the statement shows no sum."""
    match = _CALCULATION.search(to_halfwidth(text))
    if not match:
        return None
    expression = match.group("expr").replace(",", "").replace("×", "*").replace("x", "*")
    try:
        result = evaluate(expression)
        stated = Decimal(match.group("result").replace(",", ""))
    except (ValueError, InvalidOperation):
        return False
    terms = [Decimal(t) for t in re.findall(r"\d+(?:\.\d+)?", expression)]
    return result == stated and all(t in pool.numbers for t in terms)


# -- names ---------------------------------------------------------------------------------------
def squash(text: str) -> str:
    """Comparable form: half-width, no whitespace (PDF line breaks fall inside names)."""
    return _WHITESPACE.sub("", to_halfwidth(text))


def _is_english(text: str) -> bool:
    letters = sum(ch.isascii() and ch.isalpha() for ch in text)
    return letters > 0 and letters >= 2 * sum("\u4e00" <= ch <= "\u9fff" for ch in text)


@dataclass
class NameIndex:
    """The context's text and the person names its labels give (for the changed-name check)."""

    text: str  # squashed
    persons: set[str]
    lowered: str

    @classmethod
    def of(cls, passages: Iterable[str]) -> "NameIndex":
        passages = list(passages)
        persons = {squash(f.value) for p in passages for f in find_persons_and_orgs(p)
                   if f.kind == "person"}
        text = squash("\n".join(passages))
        return cls(text, persons, text.lower())

    def unknown_names(self, statement: str) -> list[str]:
        """Names in the statement the context does not have, with the context name each one
        replaces when it is a one-character change of it."""
        problems: list[str] = []
        for fact in find_persons_and_orgs(statement):
            name = squash(fact.value).lstrip(_NAME_LEAD)
            if name and not self._has_name(name, labelled="role" in fact.meta):
                problems.append(f"{'人名' if fact.kind == 'person' else '机构'}「{name}」")
        for word in _INSTITUTION.findall(squash(statement)):
            if word not in self.text:
                problems.append(f"机构「{word}」")
        for pseudonym in _PSEUDONYM.findall(squash(statement)):
            if pseudonym not in self.text:
                problems.append(f"人名「{pseudonym}」")
        for charge in _CHARGE.findall(squash(statement)):
            if charge not in self.text:
                problems.append(f"罪名「{charge}」")
        squashed = squash(statement)
        for known in self.persons:
            for start in range(len(squashed) - len(known) + 1):
                window = squashed[start:start + len(known)]
                if window not in self.text and _one_apart(window, known) and _looks_like_name(window):
                    problems.append(f"人名「{window}」（上下文为「{known}」）")
        if _is_english(statement):
            words = _EN_PROPER.findall(statement)
            opener = re.match(r"\W*([A-Za-z]+)", statement)
            for i, word in enumerate(words):
                if word.lower() in _EN_NOT_NAMES or (i == 0 and opener and opener.group(1) == word):
                    continue
                if word.lower() not in self.lowered:
                    problems.append(f"名称「{word}」")
        return list(dict.fromkeys(problems))


    def _has_name(self, name: str, labelled: bool) -> bool:
        """A labelled name (甲方：X公司) must be there whole. An organisation found by its suffix
        alone has a guessed left edge (她用手机银行), so its distinctive end is what must be there:
        the suffix word and at least two characters before it (恒远科技有限公司 ≠ 恒远贸易有限公司)."""
        if name in self.text:
            return True
        if labelled:
            return False
        suffix = _ORG_SUFFIX_AT_END.search(name)
        if suffix is None:
            return False
        return name[suffix.start() - 2:] in self.text if suffix.start() >= 2 else False


def _looks_like_name(window: str) -> bool:
    """The enrich module's test for a name standing without a label (surname first, not a
    common word: 刘波 yes, 高于 no); four-character names only need to be Chinese."""
    if not _CJK_NAME.fullmatch(window):
        return False
    return len(window) == 4 or plain_name(window)


def _one_apart(a: str, b: str) -> bool:
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1
