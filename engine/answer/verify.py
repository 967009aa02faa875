"""Verification, the same for both modes: nothing in a conclusion may be unsupported.

- every amount and date in the conclusion equals (after normalisation) a value in a cited quote,
  or is a term or result of a shown calculation whose terms are themselves grounded;
- every calculation is recomputed here, independently of whoever wrote it;
- every cited E-id exists;
- no cited quote is a sentence addressed to the reader (prompt injection, engine/answer/defuse.py).
Statute citations (a 第X条 named must be among the evidence) are checked with the law's identity
and versions in engine/answer/statutes.py. Failures are listed in ``checks.unsupported`` and make the status ``needs_review``.
"""

from __future__ import annotations

import ast
import operator
import re
from decimal import Decimal, InvalidOperation

from engine.answer.defuse import quoted_after_injection, quoted_injections
from engine.answer.model import Answer, Checks, NOT_FOUND_PHRASE, Status
from engine.text.dates import date_grounded, find_dates
from engine.text.lines import join_pdf_lines
from engine.text.numbers import english_number, find_amounts, parse_number
from engine.text.quantities import find_quantities

# E-ids sit between Chinese characters (E1称…), which are word characters to \b: use lookarounds.
CITATION = re.compile(r"(?<![A-Za-z0-9])E(\d{1,3})(?![0-9])")
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def cited_ids(text: str) -> list[str]:
    return [f"E{n}" for n in dict.fromkeys(CITATION.findall(text))]


def evaluate(expression: str) -> Decimal:
    """Exact value of '17000 + 13000 - 10500' (numbers, + - *, parentheses only)."""
    def walk(node: ast.AST) -> Decimal:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -walk(node.operand)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return Decimal(str(node.value))
        raise ValueError(f"unsupported expression: {expression!r}")
    try:
        return walk(ast.parse(expression.replace(",", ""), mode="eval"))
    except (SyntaxError, InvalidOperation) as exc:
        raise ValueError(f"unsupported expression: {expression!r}") from exc


def _decimal(value) -> Decimal | None:
    try:
        return None if value is None else Decimal(str(value))
    except InvalidOperation:
        return None


def _derived_factors(calc, quotes: str, checks: Checks, cited_ids_all: set[str] = frozenset()) -> set[Decimal]:
    """Period counts of a calculation, recomputed from the two months, which must be in the quotes."""
    from engine.answer.casefile.facts.extract import months_between

    months = {str(f.value)[:7] for f in find_dates(quotes)}
    found: set[Decimal] = set()
    for factor in calc.factors:
        if factor.get("unit") == "stated":  # 六个月: the count is said in the quote itself
            said = str(factor.get("text", ""))
            # 六个月, 十二期, twelve: the count said, with its measure word
            number = parse_number(re.sub(r"\s*(?:个|期|次|笔|份)?(?:月|季度|季|年|周|天|日)?$", "", said)) or english_number(said)
            if said and said in quotes and number is not None and number == _decimal(factor.get("value")):
                found.add(number)
            else:
                checks.unsupported.append(f"计算中的期数 {factor.get('value')} 不见于所引证据")
            continue
        if factor.get("unit") == "quantity":  # 两瓶: a figure with its unit, said in the quote
            from engine.text.quantities import find_quantities

            said = str(factor.get("text", ""))
            values = {f.value for f in find_quantities(said)} if said and said in quotes else set()
            number = _decimal(factor.get("value"))
            if number in values:
                found.add(number)
            else:
                checks.unsupported.append(f"计算中的数量 {factor.get('value')} 不见于所引证据")
            continue
        if factor.get("unit") == "rate":  # 月息一分五: the rate read again from the quote's own words
            from engine.text.rates import read_rates

            said = str(factor.get("text", ""))
            number = _decimal(factor.get("value"))
            if said and said in quotes and number in {r.value for r in read_rates(said)}:
                found.add(number)
            else:
                checks.unsupported.append(f"计算中的利率 {factor.get('value')} 不见于所引证据")
            continue
        if factor.get("unit") == "months_in_year":  # a year's twelve months: the calendar's, not the quote's
            if _decimal(factor.get("value")) == 12:
                found.add(Decimal(12))
            continue
        if factor.get("unit") == "days":  # 9月4日 to 9月12日, both counted: recomputed from the dates
            from datetime import date

            days = {str(f.value) for f in find_dates(quotes)}
            first, last = str(factor.get("from", "")), str(factor.get("to", ""))
            try:
                span = (date.fromisoformat(last) - date.fromisoformat(first)).days + (1 if factor.get("inclusive") else 0)
            except ValueError:
                span = None
            if span is None or not (date_grounded(first, days) and date_grounded(last, days)):
                checks.unsupported.append(f"计算中的天数 {factor.get('value')} 无法由所引证据中的起止日期复算")
            elif Decimal(span) != _decimal(factor.get("value")):
                checks.unsupported.append(f"计算中的天数 {factor.get('value')} 与起止日期不符（应为 {span}）")
            else:
                found.add(Decimal(span))
            continue
        if factor.get("unit") == "minutes":  # 21时45分 to 22时05分: recomputed from the two clock times quoted
            from engine.text.case_lexicon import TIME_OF_DAY, clock_minutes

            said = [str(factor.get("from", "")), str(factor.get("to", ""))]
            read = [clock_minutes(m) if (m := TIME_OF_DAY.fullmatch(t)) else None for t in said]
            span = None if None in read or not all(t in quotes for t in said) else (read[1] - read[0]) % (24 * 60)
            if span is None or Decimal(span) != _decimal(factor.get("value")):
                checks.unsupported.append(f"计算中的分钟数 {factor.get('value')} 无法由所引证据中的两个时刻复算")
            else:
                found.add(Decimal(span))
            continue
        if factor.get("unit") == "listed":  # the people a quote lists, counted: each item is in the quote
            items = [str(i) for i in factor.get("items", [])]
            if items and len(items) == _decimal(factor.get("value")) and all(i in quotes for i in items):
                found.add(Decimal(len(items)))
            else:
                checks.unsupported.append(f"计数 {factor.get('value')} 与所引证据中列举的项数不符")
            continue
        if factor.get("unit") == "rows":  # how many rows are cited, counted
            rows = set(factor.get("rows", []))
            if rows and len(rows) == _decimal(factor.get("value")) and all(r in cited_ids_all for r in rows):
                found.add(Decimal(len(rows)))
            else:
                checks.unsupported.append(f"计数 {factor.get('value')} 与所列证据条数不符")
            continue
        first, last = str(factor.get("from", "")), str(factor.get("to", ""))
        span = months_between(first, last) if factor.get("unit") == "month" else None
        if span is None or first not in months or last not in months:
            checks.unsupported.append(f"计算中的期数 {factor.get('value')} 无法由所引证据中的起止月份复算")
            continue
        if Decimal(span) != _decimal(factor.get("value")):
            checks.unsupported.append(f"计算中的期数 {factor.get('value')} 与起止月份不符（应为 {span}）")
            continue
        found.add(Decimal(span))
    return found


def verify(answer: Answer) -> Checks:
    checks = Checks()
    by_id = {e.id: e for e in answer.evidence}
    text = answer.conclusion

    # cited ids exist (in the conclusion and in every panel)
    referenced = cited_ids(text) + [i for c in answer.calculations for i in c.evidence] \
        + [i for c in answer.conflicts for i in c.evidence] + [i for g in answer.gaps for i in g.evidence]
    missing = sorted({i for i in referenced if i not in by_id})
    if missing:
        checks.citations_valid = False
        checks.unsupported.append(f"引用了不存在的证据 (cited ids that do not exist): {', '.join(missing)}")
    if answer.status is not Status.NOT_FOUND and answer.evidence and not cited_ids(text):
        checks.citations_valid = False
        checks.unsupported.append("结论未引用任何证据 (the conclusion cites no evidence)")

    # a quote the conclusion rests on must not be a sentence talking to the reader (a planted
    # prompt injection, engine/text/injection.py): the pipeline blanks such sentences before
    # composing, so this catches the paths that did not (and any quote reaching a blanked one)
    for cited in cited_ids(text):
        item = by_id.get(cited)
        for sentence in quoted_injections(item.chunk, item.quote_start, item.quote_end) if item else ():
            shown = " ".join(sentence.split())[:60]
            checks.unsupported.append(f"{cited} 引用的文字是对阅读者下的指令「{shown}」（疑似提示注入），"
                                      f"不能作为结论的依据 (cited evidence carries instructions)")
        if item and quoted_after_injection(item.chunk, item.quote_start, item.quote_end):
            checks.unsupported.append(f"{cited} 引用的文字紧跟在一句疑似提示注入之后（同一段落），可能是注入者"
                                      f"要求说出的内容，不能单独作为结论的依据 (cited text follows an instruction)")

    # arithmetic, recomputed
    computed: set[Decimal] = set()
    for calc in answer.calculations:
        try:
            value = evaluate(calc.expression)
        except ValueError as exc:
            checks.unsupported.append(str(exc))
            continue
        if _decimal(calc.result) != value:
            checks.unsupported.append(f"计算结果有误: {calc.expression} = {value}, not {calc.result}")
        if calc.stated is not None and calc.ok != (value == _decimal(calc.stated)):
            checks.unsupported.append(f"核对结论有误: {calc.expression} = {value} vs stated {calc.stated}")
        quotes = " ".join(join_pdf_lines(by_id[i].quote) for i in calc.evidence if i in by_id)
        grounded = {_decimal(f.value) for f in find_amounts(quotes)}
        grounded.update(_derived_factors(calc, quotes, checks, set(by_id)))
        for number in re.findall(r"\d+(?:\.\d+)?", calc.expression):
            if Decimal(number) not in grounded:
                checks.unsupported.append(f"计算中的 {number} 不见于所引证据 (not in the cited quotes)")
        computed.update({value, *(Decimal(n) for n in re.findall(r"\d+(?:\.\d+)?", calc.expression))})

    if answer.status is Status.NOT_FOUND:
        if NOT_FOUND_PHRASE not in text:
            checks.unsupported.append("未找到时结论必须说明未在材料中找到")
        return checks  # asserts nothing: its only numbers describe the searched scope

    # numbers and dates in the conclusion, grounded in the quotes it cites
    # A PDF's line breaks fall inside values (2024年1\n月3日): quotes are read with them joined.
    text = _without_cited_titles(text, answer)
    cited_quotes = " ".join(join_pdf_lines(by_id[i].quote) for i in cited_ids(text) if i in by_id)
    quote_amounts = {_decimal(f.value) for f in find_amounts(cited_quotes)}
    quote_dates = {str(f.value) for f in find_dates(cited_quotes)}
    for fact in find_amounts(text):
        value = _decimal(fact.value)
        if value not in quote_amounts and value not in computed:
            checks.numbers_grounded = False
            checks.unsupported.append(f"金额「{fact.text}」不见于所引证据 (amount not grounded)")
    for fact in find_dates(text):
        if not date_grounded(str(fact.value), quote_dates):
            checks.numbers_grounded = False
            checks.unsupported.append(f"日期「{fact.text}」不见于所引证据 (date not grounded)")
    # bare numbers (counts, percentages) too, outside amounts, dates and E-ids
    masked = CITATION.sub(lambda m: " " * len(m.group(0)), text)
    for fact in [*find_amounts(text), *find_dates(text)]:
        masked = masked[:fact.start] + " " * (fact.end - fact.start) + masked[fact.end:]
    quote_numbers = {parse_number(n) for n in re.findall(r"[一二三四五六七八九十两百千万零〇壹贰叁肆伍陆柒捌玖拾佰仟]+", cited_quotes)}
    quote_digits = set(re.findall(r"\d+(?:\.\d+)?", cited_quotes))  # 4.1 (a clause), 2019 ...
    # a quantity read whole from its quote (2.46万立方米 is 24600, as 1.5万元 is 15000 among amounts)
    quote_numbers.update(Decimal(str(f.value)) for f in find_quantities(cited_quotes))
    for token in re.findall(r"\d+(?:\.\d+)?", masked):
        if token not in quote_digits and Decimal(token) not in quote_numbers and Decimal(token) not in computed:
            checks.numbers_grounded = False
            checks.unsupported.append(f"数字「{token}」不见于所引证据 (number not grounded)")

    return checks


def _without_cited_titles(text: str, answer: Answer) -> str:
    """The conclusion with the 《title》 of each law it cites blanked (same length): the year in
    《宪法修正案（1993年）》 names the document, it is no date the answer asserts. Only the titles
    the cited chunks bear; any other 《》 is read as written, so an invented version is caught."""
    titles = {t for item in answer.evidence for t in (item.chunk.meta.get("law_title"),
                                                         item.chunk.meta.get("law_short")) if t}
    for title in titles:
        text = text.replace(f"《{title}》", " " * (len(title) + 2))
    return text
