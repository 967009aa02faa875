"""A figure each side of a hearing states of one named measure (月工资基数, 加班时长), read by where the
figure stands: right after the measure's word (月工资8500元, 基数为6820元) or right before it said as
that measure (以6820元为基数). On that reading:
- a sum asked as a figure times a count, as one side states both (按被申请人主张的工资基数和月数 — 以6820元为
  基数，最多按5个月计算): their product, with the equation;
- a quantity one side states against the other's (申请人主张的加班时长比公司考勤系统记录的多多少小时): each
  side's own total in the unit asked — never a figure per month or per day (每个月加班36个小时) — and
  their difference, attributed.
Nothing is answered when a side states no such figure, or two different ones: the other routes then
answer, or the gap stands."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import plain_number, quoted
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.question import CasePlan
from engine.text.numbers import find_amounts, parse_number
from engine.text.quantities import find_quantities

# the words between a measure's word and its figure (月工资是8500元, 基数按6820元, 一共120小时)
_LINK = re.compile(r"(?:就是|应该是|应当是|是|为|按|约|大概|大约|在|有|共|一共|总共|合计|人民币)+$")
# words of the question that name no measure: the sides, asking, the units themselves
_NOT_MEASURE = re.compile(r"^(?:双方|各自|分别|主张|认为|说法|陈述|多少|金额|数额|如果|公司|单位)$")
# 每个月加班36个小时 / 每天8小时: a figure per period, not the side's total
PER_PERIOD = re.compile(r"每(?:个)?(?:月|天|日|周|星期|年|次|人)[^，,。；;]{0,8}$")
# the count a figure is multiplied by, after 按 / 乘以 (按5个月计算, 乘以5个月)
_COUNT_UNITS = {"月数": "个?月", "天数": "天|日", "年数": "年", "小时数": "个?小时", "件数": "件", "个数": "个", "期数": "期"}
_NUMBER = r"[\d一二三四五六七八九十两.]+"


def _side(said: Said) -> str | None:
    return said.statement.party if said.statement.party in HEARING_SIDES else None


def measure_words(case: Case, plan: CasePlan) -> list[str]:
    """The question's words that may name the measure asked (月工资, 基数; 加班), present in the file."""
    words = [plan.money_word] if plan.money_word else []
    words += sorted((w for w in {*plan.question.nouns, *plan.question.terms} if len(w) >= 2), key=len, reverse=True)
    return [w for w in dict.fromkeys(words) if w in case.doc_text and w not in HEARING_SIDES and not _NOT_MEASURE.match(w)]


def stated_as(text: str, start: int, end: int, words: list[str]) -> bool:
    """Whether the figure at ``text[start:end]`` is stated as one of ``words``: right after the word
    (月工资8500元, 每个月工资8500元, 基数为…), or before it said as that (以6820元为基数)."""
    clause = max(text.rfind(ch, 0, start) for ch in "，；;：:。") + 1
    before = _LINK.sub("", text[clause:start])
    after = text[end:]
    return any(before.endswith(w) or re.match(rf"(?:作为|为|的)?{re.escape(w)}", after) for w in words)


def clause_of(text: str, start: int, end: int) -> str:
    """The clause a figure stands in (…，也应当以6820元为基数，…), or the clauses from ``start`` to ``end``:
    what is quoted for it — the other figures of its sentence (基本工资4500元、岗位津贴2000元) are no part
    of what is told."""
    opening = max(text.rfind(ch, 0, start) for ch in "，；;。") + 1
    closing = min([i for i in (text.find(ch, end) for ch in "，；;。") if i >= 0] or [len(text)])
    return text[opening:closing].strip()


@dataclass(frozen=True)
class _Told:
    side: str
    value: Decimal
    text: str
    said: Said
    clause: str = ""


def _cite(case: Case, said: Said) -> str:
    return case.cite(said.anchor(0, len(said.text)))


def answer_sides_product(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """按被申请人主张的工资基数和月数，经济补偿是多少: in a sentence of the side asked (each side, when none
    is named), the sum stated as the measure and the count it is taken by (以6820元为基数，最多按5个月计算)
    — their product with the equation; the sides' products differing a conflict. False when the side
    states no such pair, or two different ones."""
    if plan.factors is None:
        return False
    base, count_word = plan.factors
    words = [w for w in measure_words(case, plan) if w in base]  # 工资基数: 工资, 基数 — never 赔偿金, the product
    unit = _COUNT_UNITS.get(count_word)
    if not words or unit is None:
        return False
    count_said = re.compile(rf"(?:按|乘以?|×|\*)\s*(?P<count>(?P<n>{_NUMBER})\s*(?:{unit}))")
    found: dict[str, list[tuple[_Told, int, str]]] = {}
    for said in joined_sentences(case):
        side = _side(said)
        if side is None or plan.voice and side != plan.voice:
            continue
        count = count_said.search(said.text)
        figures = [a for a in find_amounts(said.text) if stated_as(said.text, a.start, a.end, words)]
        if count is None or not figures:
            continue
        n = parse_number(count.group("n"))
        if n is None or n != int(n):
            continue
        told = _Told(side, Decimal(str(figures[0].value)), figures[0].text, said,
                     clause_of(said.text, min(figures[0].start, count.start()), max(figures[0].end, count.end())))
        found.setdefault(side, []).append((told, int(n), count.group("count")))
    if not found:
        return False
    results = []
    for side, pairs in found.items():
        if len({(t.value, n) for t, n, _ in pairs}) != 1:
            return False  # the side states two pairs: which one is asked is not for us to choose
        told, n, count_words = pairs[0]
        product = told.value * n
        cited = _cite(case, told.said)
        expression = f"{plain_number(told.value)} * {n}"
        outcome.calculations.append(Calculation(expression, product, None, True, [cited], f"按{side}所述数额乘以其所述{count_word}",
                                                factors=[{"value": n, "unit": "stated", "text": count_words}]))
        results.append((side, product, f"按{side}所述{told.text}、{count_words}（{quoted(told.clause)}，{cited}），"
                                        f"为{plain_number(product)}元（{plain_number(told.value)}×{n}={plain_number(product)}，见计算）", cited))
    ids = [r[3] for r in results]
    said = "；".join(r[2] for r in results)
    if len({r[1] for r in results}) > 1:
        outcome.add(Part("按双方所述计算", f"双方所述不一：{said}，需人工核实", Fill.CONFLICT, ids))
    else:
        outcome.add(Part("计算结果", said, Fill.FILLED, ids))
    return True


def _side_quantity(case: Case, plan: CasePlan, words: list[str]) -> dict[str, list[_Told]]:
    """Each side's totals in the unit asked, in sentences about the measure (naming one of its words,
    or answering a question that does)."""
    by_side: dict[str, list[_Told]] = {}
    for said in joined_sentences(case):
        side = _side(said)
        if side is None or not any(w in said.text or w in said.statement.question for w in words):
            continue
        for q in find_quantities(said.text):
            if q.meta.get("unit") != plan.unit or q.meta.get("each") or PER_PERIOD.search(said.text[:q.start]):
                continue
            by_side.setdefault(side, []).append(_Told(side, q.value, q.text, said, clause_of(said.text, q.start, q.end)))
    return by_side


def answer_sides_quantity_gap(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """申请人主张的加班时长比公司考勤系统记录的多多少小时: the side asked's total less the other side's,
    each in the unit asked and attributed, with the equation. False unless each of two sides states one
    total of it, and the side asked the larger (多多少) — a negative difference is never composed."""
    words = [w for w in measure_words(case, plan) if w != plan.unit]
    if not words or not plan.unit or not plan.voice:
        return False
    by_side = _side_quantity(case, plan, words)
    if plan.voice not in by_side or len(by_side) != 2:
        return False
    totals = {side: told for side, told in by_side.items() if len({t.value for t in told}) == 1}
    if len(totals) != 2:
        return False  # a side states two different totals: which is its account is not ours to choose
    other = next(side for side in totals if side != plan.voice)
    mine, theirs = totals[plan.voice][0], totals[other][0]
    result = mine.value - theirs.value
    if result < 0:
        return False
    ids = [_cite(case, mine.said), _cite(case, theirs.said)]
    expression = f"{plain_number(mine.value)} - {plain_number(theirs.value)}"
    outcome.calculations.append(Calculation(expression, result, None, True, ids, f"{plan.voice}所述减去{other}所述",
                                            factors=[{"value": t.value, "unit": "quantity", "text": t.text} for t in (mine, theirs)]))
    outcome.add(Part("差额", f"{plan.voice}称{mine.text}（{quoted(mine.clause)}，{ids[0]}）；{other}称{theirs.text}"
                             f"（{quoted(theirs.clause)}，{ids[1]}）；{plan.voice}所述比{other}多{plain_number(result)}{plan.unit}"
                             f"（{expression} = {plain_number(result)}，见计算）", Fill.FILLED, ids))
    return True


# 不是9,800元 / 没有那么多: a figure the side denies, no figure of its own
_DENIED = re.compile(r"(?:不是|并非|没有|不到|而非)$")
_OWNING = ("认可", "承认")


def _stance_figures(case: Case, side: str, stance: str, word: str) -> dict[Decimal, _Told]:
    """The sums a side states of the thing (三项增项一共18,600元), in a clause naming it before the sum — as
    it owns it (我方认可的增项13,700元) when its stance asked is owning; never a figure per day or one denied."""
    found: dict[Decimal, _Told] = {}
    for said in joined_sentences(case):
        if _side(said) != side:
            continue
        for amount in find_amounts(said.text):
            clause = re.split(r"[，,；;。：:、]", said.text[:amount.start])[-1]
            if word not in clause or _DENIED.search(clause) or PER_PERIOD.search(clause):
                continue
            if stance in _OWNING and not any(s in clause for s in _OWNING):
                continue
            value = Decimal(str(amount.value))
            found.setdefault(value, _Told(side, value, amount.text, said, clause + amount.text))
    return found


def answer_stance_gap(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """原告认可的增项一共多少？比被告主张的增项少多少: each side's one sum of the thing as it stands on it,
    attributed, and their difference the way asked, with the equation. False unless each side states one
    such sum and the difference asked is not negative — nothing is chosen."""
    if plan.stance_gap is None:
        return False
    side, stance, other, other_stance, word, way = plan.stance_gap
    mine, theirs = _stance_figures(case, side, stance, word), _stance_figures(case, other, other_stance, word)
    if len(mine) != 1 or len(theirs) != 1:
        return False
    a, b = next(iter(mine.values())), next(iter(theirs.values()))
    big, small = (a, b) if way == "多" else (b, a)
    result = big.value - small.value
    if result < 0:
        return False
    ids = [_cite(case, a.said), _cite(case, b.said)]
    expression = f"{plain_number(big.value)} - {plain_number(small.value)}"
    outcome.calculations.append(Calculation(expression, result, None, True, ids, f"{big.side}所述减去{small.side}所述"))
    outcome.add(Part(f"{side}{stance}的{word}", f"{side}{stance}的{word}为{a.text}（{quoted(a.clause)}，{ids[0]}）", Fill.FILLED, [ids[0]]))
    outcome.add(Part("差额", f"{other}{other_stance}的{word}为{b.text}（{quoted(b.clause)}，{ids[1]}）；{side}{stance}的比{other}"
                             f"{other_stance}的{way}{plain_number(result)}元（{expression} = {plain_number(result)}，见计算）",
                     Fill.FILLED, ids))
    return True
