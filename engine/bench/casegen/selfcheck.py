"""Read a generated PDF back and check that its questions' expectations are really stated there.

Text pages and scans with a correct invisible layer are read with pdfplumber and must show
exactly the lines the layout placed; an image-only scan must have no text, one with a wrong
layer must not read as the page. For every question: each value it rests on is printed (its
exact surface) on the page the expectation names; expected pages are pages of those values;
expected phrases are on an expected page; computed numbers are recomputed from the parameters;
personal data is on its page; what a not_found question asks about occurs nowhere. Files of the
new kinds: every figure and date of the facts that is printed is one of the writings of that
fact (stated_values), on its page of the PDF text.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.bench.casegen.layout import Rendered
from engine.bench.casegen.model import CaseParams
from engine.bench.casegen.narrative import Script
from engine.bench.casegen.newcase import Fact, NewCase
from engine.bench.casegen.questions import Truth, versions
from engine.bench.casegen.surface import DAY_STYLES, amount_styles_for, chinese_numeral, write_amount, write_day

_SPACE = re.compile(r"\s+")
_LONG_DIGITS = re.compile(r"\d{12,}")


def squash(text: str) -> str:
    return _SPACE.sub("", text)


class SelfCheckError(AssertionError):
    pass


def extracted_pages(pdf: Path) -> list[str]:
    import pdfplumber

    with pdfplumber.open(pdf) as document:
        return [page.extract_text() or "" for page in document.pages]


def check_case(case: CaseParams | NewCase, script: Script, rendered: Rendered, truths: list[Truth]) -> list[str]:
    """Problems found (empty when the file says what its questions expect)."""
    problems: list[str] = []
    laid = [squash("".join(lines)) for lines in rendered.page_lines]
    read = [squash(t) for t in extracted_pages(rendered.pdf)]
    if len(read) != rendered.pages:
        return [f"the PDF has {len(read)} pages, the layout {rendered.pages}"]
    readable = set()
    for number in range(1, rendered.pages + 1):
        kind = rendered.scans.get(number)
        got, want = read[number - 1], laid[number - 1]
        if kind is None or kind == "image_text":
            readable.add(number)
            if got != want:
                problems.append(f"page {number} ({kind or 'text'}) reads differently from its layout")
        elif kind == "image" and got:
            problems.append(f"page {number} is an image-only scan but has text")
        elif kind == "image_wrong_text" and (not got or got == want):
            problems.append(f"page {number} should carry a wrong invisible layer")

    def on_page(surface: str, page: int) -> bool:
        # Scans without a usable layer are checked against what the layout printed there.
        ok = squash(surface) in laid[page - 1]
        return ok and (page not in readable or squash(surface) in read[page - 1])

    for t in truths:
        where = f"{t.kind}: {t.question}"
        support_pages = set()
        for key in t.support:
            page = rendered.page_of[key]
            support_pages.add(page)
            if not on_page(script.surfaces[key], page):
                problems.append(f"{where}: {script.surfaces[key]!r} is not on page {page}")
        pages = t.expect.get("pages", [])
        if not set(pages) <= support_pages:
            problems.append(f"{where}: expected pages {pages} are not where its values are {sorted(support_pages)}")
        for phrase in t.expect.get("text", []):
            if not any(on_page(phrase, p) for p in pages):
                problems.append(f"{where}: {phrase!r} is on none of pages {pages}")
        for raw in t.expect.get("pii_masked", []):
            if not any(on_page(raw, p) for p in pages):
                problems.append(f"{where}: personal data {raw} is not on pages {pages}")
    if isinstance(case, CaseParams):
        problems += _check_values(case, truths)
        problems += _check_absent(case, truths, laid)
    else:
        problems += case.scenario.check(case, truths)
        problems += _check_never_stated(case, truths, laid)
        for key, (value, text) in stated_values(case, script, rendered).items():
            page = rendered.page_of[key]
            if text not in writings(value):
                problems.append(f"{key}: {text!r} does not state the fact {value}")
            elif not on_page(text, page):
                problems.append(f"{key}: {text!r} is not on page {page}")
    return problems


def writings(fact: Fact) -> set[str]:
    """Every way the generator may print ``fact`` (the writers' output, which the tests read
    back with the engine's independent readers)."""
    kind, number, unit = fact
    if kind == "date":
        zero = f"{number.year}年{number.month:02d}月{number.day:02d}日"
        return {write_day(number, style) for style in DAY_STYLES} | {zero}
    if kind == "amount":
        out = {write_amount(number, style).surface for style in amount_styles_for(number)}
        return out | {f"{w}/{unit}" for w in out} if unit else out  # 4160元/吨
    numerals = {str(number), chinese_numeral(number)} | ({"两"} if number == 2 else set())
    return {n + unit for n in numerals}


def stated_values(case: NewCase, script: Script, rendered: Rendered) -> dict:
    """key -> (the fact, the text printed for it) for every value of the file's facts that is
    printed: the sittings' days and the scenario's figures (scenarios' ``values``)."""
    facts = {("header", s.number, "date"): Fact("date", s.start.date()) for s in case.sittings}
    facts.update(case.scenario.values(case))
    return {key: (value, script.surfaces[key]) for key, value in facts.items() if key in rendered.page_of}


def _check_never_stated(case, truths: list[Truth], laid: list[str]) -> list[str]:
    """What a not_found question asks about is written nowhere (the subject's ID set aside)."""
    everything = "".join(laid).replace(case.subject.id_number, "")
    problems = []
    for t in truths:
        for pattern in t.absent:
            if re.search(pattern, everything):
                problems.append(f"{t.kind}: {pattern!r} occurs although the file should not state it")
    if sum(t.expect.get("not_found", False) for t in truths) != len(case.absent):
        problems.append("not every absent fact has its question")
    if case.absent_name in everything:
        problems.append(f"the absent name {case.absent_name} occurs in the file")
    return problems


def _check_values(case: CaseParams, truths: list[Truth]) -> list[str]:
    """Numbers recomputed from the parameters, independently of how questions.py built them."""
    problems = []
    paid = sum(f.amount for f in case.flows if f.role == "primary")
    back = sum(f.amount for f in case.flows if f.role == "return")
    v = versions(case)
    if v.total_in[0] != paid or v.total_out != back:
        problems.append("totals do not add up")
    if case.agreed is None and v.balance[0] != paid - back:
        problems.append("balance is not paid - returned")
    if any(b <= 0 for b in v.balance):
        problems.append(f"a balance is not positive: {v.balance}")
    for t in truths:
        if t.kind == "total_in" and t.expect.get("numbers", [paid]) != [paid]:
            problems.append(f"total_in expects {t.expect['numbers']}, the payments sum to {paid}")
        if t.kind == "count" and t.expect["numbers"] != [len(case.primaries())]:
            problems.append("count is not the number of payments")
        for n in t.expect.get("numbers_not", []):
            if n in t.expect.get("numbers", []):
                problems.append(f"{t.kind}: {n} is both expected and forbidden")
    return problems


def _check_absent(case: CaseParams, truths: list[Truth], laid: list[str]) -> list[str]:
    everything = "".join(laid)
    problems = []
    if case.absent_name in everything:
        problems.append(f"the absent name {case.absent_name} occurs in the file")
    long_numbers = set(_LONG_DIGITS.findall(everything.replace(case.subject.id_number, "")))
    if "bank_card" in case.absent and long_numbers:
        problems.append(f"a card-like number occurs although none should: {long_numbers}")
    for word, kind in (("车牌", "plate"), ("微信号", "wechat_id"), ("邮箱", "email")):
        if kind in case.absent and word in everything:
            problems.append(f"{word} occurs although the file should not state it")
    if sum(t.expect.get("not_found", False) for t in truths) != len(case.absent):
        problems.append("not every absent fact has its question")
    return problems
