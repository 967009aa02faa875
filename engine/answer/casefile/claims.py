"""A hearing's claims and the contract terms its record states (庭审笔录 / 仲裁庭审笔录).

- The claims (诉讼请求 / 仲裁请求：一、…；二、…, or said aloud: 我的请求有三项。第一，…) as a list of demands,
  each with its side, its number and its sum (never the figures saying how it was reckoned: 按月工资8500元
  乘以5个月算): 原告要求被告返还多少存款 is the demand naming 存款, as claimed — never a figure said elsewhere;
  仲裁请求合计多少 is the demands added, checked against the total the side states (三项合计62,840元);
  按原告的诉讼请求，扣除押金后还应付多少 is the claimed sums added, less the term taken off (押金), with the
  equation — or needs review when the record states that term as more than one sum.
- A term a contract set, stated as one sum after its word (押金柒仟陆佰元, 月租金3800元, 首付56万元): every
  statement of it, with who said it; the sides agreeing is the answer, differing a conflict attributed
  to each. A sum merely near the word (押金交了两个月, 首付里面我爸妈给了20万) is not the term.
- The rest of a term once a part one side tells of it is taken off (首付56万元，首付里面我爸妈给了20万 —
  照原告的说法，除了父母给的，其余多少): that side's two sums, with the equation.
- The period a contract set (租期自2022年8月1日起至2024年7月31日止): from and to, quoted.
Never another figure of the file when these are not found: the caller then answers on its own routes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Anchor
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.side_measures import PER_PERIOD
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import plain_number, quoted
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.question import CasePlan
from engine.text.boundaries import CLAUSE_FIGURES
from engine.text.case_lexicon import CLAIM_HEADS, CLAIMS_LIST, CLAIMS_SPOKEN, CLAIMS_TOTAL, TERM_LINK, TERM_PERIODS
from engine.text.dates import find_dates
from engine.text.lines import joined_view
from engine.text.numbers import find_amounts, parse_number

# 一、 / 二、 / 1、 / 2. opening a demand: after the heading's colon or the demand before it
_ITEM = re.compile(r"(?:(?<=[：:；;。\s])|^)(?:(?P<n>[一二三四五六七八九十]{1,2}|\d{1,2})[、.．](?!\d)"
                   # 第一，裁决… / 第二、支付…: a demand said aloud by its ordinal
                   r"|第(?P<nth>[一二三四五六七八九十]{1,2})[，,、：:](?!\d))")
# 按月工资8500元乘以5个月算 / 以…为基数: how a demanded sum was reckoned, no sum demanded itself
_RECKONED = re.compile(r"^(?:即?按|以|其中|计算(?:方式|依据)?)[^，]*(?:算|乘|×|计|标准|基数)")
_REASONS = re.compile(r"事实(?:和|与|及)理由|事实、理由")
# 请求判令被告赔偿…，合计180392元: the bench having asked for the claims, an answer opening with the demand
# itself — one unnumbered demand (the list's only one)
_OPENS_DEMAND = re.compile(r"^\s*(?:我方的?|我们的?|我的)?(?:诉讼|仲裁)?(?:请求|要求)(?:人民法院|法院|贵院|仲裁委|仲裁庭)?(?:依法)?(?:判令|判决|裁决)")
# words every demand says (判令被告支付…): they tell no demand from another
_GENERIC = frozenset({"判令", "要求", "请求", "主张", "诉讼", "仲裁", "支付", "偿还", "返还", "拖欠", "多少", "金额", "数额",
                      "一共", "多少钱", "诉讼请求", "仲裁请求", *HEARING_SIDES})


@dataclass(frozen=True)
class Demand:
    """One demand of a side's claims: its number as listed, its words, and the sum it demands (the
    last sum it states: 存款的一半，即57,500元 demands 57,500), None when it names no sum (诉讼费)."""

    side: str
    number: int
    text: str
    amount: Decimal | None
    amount_text: str
    cited: str


def _number(n: str) -> int:
    value = parse_number(n)
    return int(value) if value is not None else 0


@dataclass(frozen=True)
class ClaimsTotal:
    """The total a side states of its own claims (三项合计62,840元), cited."""

    side: str
    value: Decimal
    text: str
    cited: str


def claims_region(answer: str, question: str) -> tuple[int, int] | None:
    """Where a side's claims list lies in its answer: after its heading (诉讼请求：) or its spoken count
    (我的请求有三项。), or — the bench having asked for the claims (陈述仲裁请求) — from the first of two or
    more numbered demands; up to 事实和理由, else the answer's end. None when the answer lists none."""
    head = CLAIMS_LIST.search(answer) or CLAIMS_SPOKEN.search(answer)
    if head is not None:
        start = head.start()
    elif CLAIM_HEADS.search(question) and len(items := list(_ITEM.finditer(answer))) >= 2:
        start = items[0].start()
    elif CLAIM_HEADS.search(question) and _OPENS_DEMAND.match(answer):
        start = 0
    else:
        return None
    reasons = _REASONS.search(answer, start)
    return start, reasons.start() if reasons else len(answer)


def _demanded(words: str):
    """The sum a demand's words demand: the last stated, leaving out a clause saying how it was
    reckoned (42,500元，按月工资8500元乘以5个月算 demands 42,500)."""
    clauses = re.split(r"，|(?<!\d),(?!\d)", words)  # 42,500: a thousands comma ends no clause
    kept = [c for c in clauses if not _RECKONED.match(c)]
    # (少交的15张按每张80元计算: a price per piece it is reckoned by, never the sum demanded)
    amounts = [a for c in kept for a in find_amounts(c) if not re.search(r"每[^，\d]{0,3}$", c[:a.start])]
    return amounts[-1] if amounts else None


def _claims(case: Case) -> list[tuple[list[Demand], ClaimsTotal | None]]:
    """Each side's claims list: its demands in the order listed, and the total it states of them."""
    out: list[tuple[list[Demand], ClaimsTotal | None]] = []
    for statement in case.ledger.statements:
        if statement.kind != "qa" or statement.party not in HEARING_SIDES:
            continue
        text, where = joined_view(statement.answer, tight=True)
        region = claims_region(text, statement.question)
        if region is None:
            continue
        region_start, region_end = region
        base = statement.answer_offset
        items = [m for m in _ITEM.finditer(text, region_start, region_end)]
        listed: list[Demand] = []
        end = region_start
        if not items and (opened := _OPENS_DEMAND.match(text, region_start)) is not None:
            items = [opened]  # 请求判令被告赔偿…: one demand, unnumbered — the first
        for k, item in enumerate(items):
            end = items[k + 1].start() if k + 1 < len(items) else region_end
            stop = re.search(r"[；;。]", text[item.end():end])  # 以上款项在扣除…后支付: not the demand's words
            end = item.end() + stop.start() if stop else end
            words = text[item.end():end].strip()
            if not words:
                continue
            last = _demanded(words)
            cited = case.cite(Anchor(statement.chunk_id, base + where[item.start()], base + where[end - 1] + 1))
            number = _number(item.group("n") or item.group("nth")) if item.re is _ITEM else 1
            listed.append(Demand(statement.party, number, words,
                                 Decimal(str(last.value)) if last else None, last.text if last else "", cited))
        total = None
        for amount in find_amounts(text[end:region_end]):
            at = end + amount.start
            sentence = max(text.rfind(ch, 0, at) for ch in "。；;，,") + 1
            if CLAIMS_TOTAL.search(text[sentence:at]):
                cited = case.cite(Anchor(statement.chunk_id, base + where[sentence], base + where[at + len(amount.text) - 1] + 1))
                total = ClaimsTotal(statement.party, Decimal(str(amount.value)), amount.text, cited)
                break
        if listed:
            out.append((listed, total))
    return out


def demands(case: Case) -> list[Demand]:
    """Every demand of every side's claims, in the order the record lists them."""
    return [d for listed, _ in _claims(case) for d in listed]


def in_claims_list(case: Case, statement_index: int, at: int) -> bool:
    """Whether chunk offset ``at`` of the statement lies in its claims list (after 诉讼请求：, before
    事实和理由) — a sum demanded there moved nowhere; the facts told after it did."""
    statement = case.statement(statement_index)
    region = claims_region(statement.answer, statement.question)
    if region is None:
        return False
    return region[0] <= at - statement.answer_offset < region[1]


def lists_claims(statement) -> bool:
    """Whether the statement's answer holds a claims list (its demands are no side's account of a fact)."""
    return claims_region(statement.answer, statement.question) is not None


def _asked_words(plan: CasePlan) -> list[str]:
    words = [plan.money_word] if plan.money_word else []
    words += [t for t in plan.question.terms if len(t) >= 2 and t not in _GENERIC and t not in words]
    return words


def _matching(plan: CasePlan, listed: list[Demand]) -> list[Demand]:
    """The demands the question names: those naming the money asked (存款, 违约金), else most of the
    question's own words — none when no demand names any."""
    if plan.money_word:
        named = [d for d in listed if plan.money_word in d.text]
        if named:
            return named
    words = _asked_words(plan)
    scores = [sum(1 for w in words if w in d.text) for d in listed]
    best = max(scores, default=0)
    return [d for d, s in zip(listed, scores) if s == best] if best else []


@dataclass(frozen=True)
class TermSaid:
    side: str | None
    value: Decimal
    text: str
    cited: str


def term_figures(case: Case, word: str) -> list[TermSaid]:
    """Each sum stated right after the term's word (押金柒仟陆佰元, 首付总共是56万元), with who said it."""
    stem = word[:-1] if word.endswith("款") and len(word) > 2 else word
    pattern = re.compile(re.escape(stem) + TERM_LINK.pattern)
    found: list[TermSaid] = []
    for said in joined_sentences(case):
        for hit in pattern.finditer(said.text):
            amount = next((a for a in find_amounts(said.text) if a.start == hit.end()), None)
            if amount is None:
                continue
            side = said.statement.party if said.statement.party in HEARING_SIDES else None
            found.append(TermSaid(side, Decimal(str(amount.value)), amount.text,
                                  case.cite(said.anchor(0, len(said.text)))))
    return found


def answer_term(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """押金 / 月租金 / 首付款 asked: the sum stated after its word, each statement cited; sides stating
    different sums are a conflict, each attributed. False when the record states no such sum."""
    word = plan.term or ""
    told = term_figures(case, word)
    if not told:
        return False
    values = list(dict.fromkeys(t.value for t in told))
    cites = list(dict.fromkeys(t.cited for t in told))
    if len(values) == 1:
        sides = list(dict.fromkeys(t.side for t in told if t.side))
        agreed = "，双方所述一致" if len(sides) >= 2 else f"（{sides[0]}所述）" if sides else ""
        outcome.add(Part(word, f"{word}{told[0].text}（{'、'.join(cites)}）{agreed}", Fill.FILLED, cites))
        return True
    said = "；".join(f"{t.side or '记录'}称{word}{t.text}（{t.cited}）" for t in told)
    outcome.conflicts.append(Conflict("testimony", f"{word}说法不一：{said}", cites))
    outcome.add(Part(word, f"说法不一：{said}，需人工核实", Fill.CONFLICT, cites))
    return True


def answer_term_rest(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """照原告的说法，首付款里除了她父母给的钱，其余出了多少: the term as the side asked states it (首付56万元),
    less the one part it tells of it (首付里面我爸妈给了20万), with the equation. False when that side states
    the term as no sum or two, tells no part or several different ones, or the part exceeds the whole."""
    word, side = plan.term or "", plan.voice
    whole = [t for t in term_figures(case, word) if side is None or t.side == side]
    if len({t.value for t in whole}) != 1:
        return False
    total = whole[0]
    stem = word[:-1] if word.endswith("款") and len(word) > 2 else word
    inside = re.compile(re.escape(stem) + r"(?:款)?(?:里面|里头|里|当中|中)")
    parts: list[tuple[Decimal, str, str, str]] = []  # (value, its words, the clause, cited)
    for said in joined_sentences(case):
        if side is not None and said.statement.party != side:
            continue
        for hit in inside.finditer(said.text):
            end = min([i for i in (said.text.find(ch, hit.end()) for ch in "，,；;。") if i >= 0] or [len(said.text)])
            # read in the whole sentence (15万 is money there, after 40万元), kept within the clause
            found = [a for a in find_amounts(said.text) if hit.end() <= a.start < end and Decimal(str(a.value)) != total.value]
            if found:
                parts.append((Decimal(str(found[0].value)), found[0].text, said.text[hit.start():end],
                              case.cite(said.anchor(0, len(said.text)))))
    if len({p[0] for p in parts}) != 1:
        return False  # no part told, or several: which one the question takes off is not ours to choose
    part, part_text, clause, part_cited = parts[0]
    result = total.value - part
    if result < 0:
        return False
    ids = list(dict.fromkeys([total.cited, part_cited]))
    expression = f"{plain_number(total.value)} - {plain_number(part)}"
    outcome.calculations.append(Calculation(expression, result, None, True, ids, f"按{side or '记录'}所述{word}减去其中一部分"))
    outcome.add(Part(f"{word}其余部分", f"按{side or '记录'}所述，{word}{total.text}（{total.cited}），其中{quoted(clause)}"
                                       f"（{part_cited}），其余为{plain_number(result)}元（{expression} = {plain_number(result)}，见计算）",
                     Fill.FILLED, ids))
    return True


def answer_claim(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """The claims asked: the demand the question names, quoted with its sum; or, with a term taken off
    (扣除押金后), every claimed sum added less that term's one stated sum, with the equation. False when
    the record lists no claims of the side asked, or none naming what is asked."""
    listed = [d for d in demands(case) if not plan.claim or d.side == plan.claim]
    if not listed:
        return False
    if plan.claim_less:
        return _claims_less(case, plan, listed, outcome)
    if plan.aggregate == "total":
        return _claims_total(case, plan, outcome)
    chosen = [d for d in _matching(plan, listed) if d.amount is not None]
    if not chosen:
        return False
    if plan.aggregate == "difference" and plan.responder and plan.money_word:
        return _claim_less_granted(case, plan, chosen, outcome)
    for d in chosen:
        label = f"{d.side}请求第{d.number}项"
        changed = _changed_to(case, d, plan.money_word) if len(chosen) == 1 else None
        if changed is None:
            outcome.add(Part(label, f"{label}：{quoted(d.text)}（{d.cited}）", Fill.FILLED, [d.cited]))
            continue
        # 护理费4,800元 … 护理费变更为7,200元: each version, the later named as such — never one chosen
        said = (f"{label}：{quoted(d.text)}（{d.cited}）；{d.side}后又变更为{changed.text}（{quoted(changed.clause)}，"
                f"{changed.cited}，最后所述）")
        outcome.conflicts.append(Conflict("testimony", f"{d.side}请求前后不一：{said}", [d.cited, changed.cited]))
        outcome.add(Part(label, f"{said}，需人工核实", Fill.CONFLICT, [d.cited, changed.cited]))
    return True


# A side changing a demand's sum in the hearing (护理费变更为7,200元 / 第一项诉讼请求变更为退还课时费18000元 /
# 刚才说错了…护理费应为18,000元)
_CHANGED = re.compile(r"变更为|变更成|改为|改成|调整为|降为|降到|减少为|减为|增加为|增加到|提高到|应为|应当为")


@dataclass(frozen=True)
class _Change:
    """A demand's sum as its side later changed it: the new sum, its words, the clause saying so, cited."""

    value: Decimal
    text: str
    clause: str
    cited: str


def _changed_to(case: Case, demand: Demand, word: str | None) -> _Change | None:
    """The sum the demand's side last changes it to, in a clause naming the demand's money (``word``)
    after the list; None when it is never changed to another sum."""
    if not word or word not in demand.text:
        return None
    found = None
    for said in joined_sentences(case):
        if said.statement.party != demand.side:
            continue
        for clause in CLAUSE_FIGURES.split(said.text):  # (7,200元 is one figure)
            change = _CHANGED.search(clause)
            amount = next((a for a in find_amounts(clause) if change and a.start > change.start()), None)
            if change and amount is not None and word in clause and Decimal(str(amount.value)) != demand.amount \
                    and not PER_PERIOD.search(clause[:amount.start]):
                found = (amount, clause, said)
    if found is None:
        return None
    amount, clause, said = found
    return _Change(Decimal(str(amount.value)), amount.text, clause, case.cite(said.anchor(0, len(said.text))))


# 不是9,600元 / 没有那么多: a figure of the item the side denies, no figure of its own
_DENIED = re.compile(r"(?:不是|并非|没有|不到|而非)$")


def _claim_less_granted(case: Case, plan: CasePlan, chosen: list[Demand], outcome: Outcome) -> bool:
    """原告主张的违约金比被告认可的最多违约金多多少: the one demand naming the money asked, less the one figure
    the other side states of it (违约金最多3,400元 — in a clause naming it, before the figure), with the
    equation. False when the demands or that side's figures of it are not one, or the difference would be
    negative: nothing is chosen."""
    if len(chosen) != 1 or plan.compared_way == "less":
        return False
    demand, word = chosen[0], plan.money_word or ""
    figures: dict[Decimal, tuple[str, str, str]] = {}
    for said in joined_sentences(case):
        if said.statement.party != plan.responder:
            continue
        for amount in find_amounts(said.text):
            clause = re.split(r"[，,；;。：:、]", said.text[:amount.start])[-1]
            # 违约金每天200元: the rate it is reckoned by, not the side's sum of it
            if word in clause and not _DENIED.search(clause) and not PER_PERIOD.search(clause):
                cited = case.cite(said.anchor(0, len(said.text)))
                figures.setdefault(Decimal(str(amount.value)), (amount.text, clause + amount.text, cited))
    if len(figures) != 1:
        return False
    value, (text, clause, cited) = next(iter(figures.items()))
    assert demand.amount is not None
    result = demand.amount - value
    if result < 0:
        return False
    expression = f"{plain_number(demand.amount)} - {plain_number(value)}"
    ids = [demand.cited, cited]
    outcome.calculations.append(Calculation(expression, result, None, True, ids, f"{demand.side}请求数额减去{plan.responder}所述"))
    outcome.add(Part("差额", f"{demand.side}请求第{demand.number}项{demand.amount_text}（{quoted(demand.text)}，{demand.cited}）；"
                             f"{plan.responder}称{text}（{quoted(clause)}，{cited}）；{demand.side}主张比{plan.responder}所述多"
                             f"{plain_number(result)}元（{expression} = {plain_number(result)}，见计算）", Fill.FILLED, ids))
    return True


def _claims_total(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """仲裁请求合计多少 / 原告一共要求赔多少: the demands the question names (every one, when it names
    none) added, with the equation — beside the total the side states of them, a conflict when the two
    differ. False when fewer than two of them state a sum."""
    for listed, stated in _claims(case):
        if plan.claim and listed[0].side != plan.claim:
            continue
        chosen = [d for d in (_matching(plan, listed) or listed) if d.amount is not None]
        if len(chosen) < 2:
            continue
        total = sum((d.amount for d in chosen), Decimal(0))
        cites = [d.cited for d in chosen]
        expression = " + ".join(plain_number(d.amount) for d in chosen)
        items = "、".join(f"第{d.number}项{d.amount_text}" for d in chosen)
        outcome.calculations.append(Calculation(expression, total, None, True, cites, f"{chosen[0].side}各项请求金额相加"))
        whole = len(chosen) == len([d for d in listed if d.amount is not None])
        if stated is not None and whole and stated.value != total:
            ids = cites + [stated.cited]
            outcome.conflicts.append(Conflict("calculation", f"{chosen[0].side}所述合计{stated.text}（{stated.cited}），"
                                                              f"各项相加为{plain_number(total)}元", ids))
            outcome.add(Part("请求合计", f"{chosen[0].side}称合计{stated.text}（{stated.cited}）；各项{items}"
                                         f"（{'、'.join(cites)}）相加为{plain_number(total)}元（{expression} = "
                                         f"{plain_number(total)}），两者不一致，需人工核实", Fill.CONFLICT, ids))
            return True
        told = f"，{chosen[0].side}所述合计{stated.text}相符（{stated.cited}）" if stated is not None and whole else ""
        ids = cites + ([stated.cited] if told else [])
        text = (f"{chosen[0].side}的请求：{items}（{'、'.join(cites)}），合计{plain_number(total)}元"
                f"（{expression} = {plain_number(total)}，见计算）{told}")
        changed = _total_as_changed(case, chosen, outcome)
        if changed is None:
            outcome.add(Part("请求合计", text, Fill.FILLED, ids))
            return True
        # 精神损害抚慰金从10,000元降到5,000元: the total under each version, the later named
        later, more = changed
        outcome.conflicts.append(Conflict("testimony", f"{chosen[0].side}的请求前后不一：原合计{plain_number(total)}元；"
                                                       f"变更后合计{plain_number(later)}元", ids + more))
        outcome.add(Part("请求合计", f"{text}；其后{chosen[0].side}变更请求，变更后合计{plain_number(later)}元"
                                     f"（最后所述，见计算），需人工核实", Fill.CONFLICT, ids + more))
        return True
    return _stated_claims_total(case, plan, outcome)


# the bench asking for the claims as changed (变更后的诉讼请求总额是多少 / 改过以后)
_CHANGE_ASKED = re.compile(rf"{_CHANGED.pattern}|变更|更改|改(?:过|了)?(?:以|之)?后")
# 总金额变更为6131元 / (变更后的诉讼请求总额是多少？—)…一共是36,780元: the claims' total said anew
_TOTAL_SAID = re.compile(r"(?:总金额|总额|合计|共计|总计|总共|一共|累计)[^，,。；;\d]{0,6}$")


def _stated_claims_total(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """原告一共要求赔多少 where fewer than two demands state a sum: the total the side states of its claims
    (三项金额合计6081元), or the one demand's own total (赔偿维修费…、拖车费400元，共计37,300元); and the
    total the side states anew later (总金额变更为6131元 / asked for the changed claims: 一共是36,780元) —
    each cited, the later named as such, never one chosen. False when the side states no total."""
    for listed, stated in _claims(case):
        if plan.claim and listed[0].side != plan.claim or _matching(plan, listed):
            continue
        first = stated
        if first is None:
            summed = [d for d in listed if d.amount is not None and d.amount_text in d.text
                      and CLAIMS_TOTAL.search(d.text[:d.text.rfind(d.amount_text)])]  # (…，共计37,300元)
            if len(summed) != 1:
                continue
            d = summed[0]
            first = ClaimsTotal(d.side, d.amount, d.amount_text, d.cited)
        later = _total_said_anew(case, first)
        if later is None:
            outcome.add(Part("请求合计", f"{first.side}称请求合计{first.text}（{first.cited}）", Fill.FILLED, [first.cited]))
            return True
        said = (f"{first.side}起诉时请求合计{first.text}（{first.cited}）；其后变更为{later.text}"
                f"（{later.cited}，最后所述）")
        outcome.conflicts.append(Conflict("testimony", f"{first.side}的请求总额前后不一：{said}", [first.cited, later.cited]))
        outcome.add(Part("请求合计", f"{said}，需人工核实", Fill.CONFLICT, [first.cited, later.cited]))
        return True
    return False


def _total_said_anew(case: Case, first: ClaimsTotal) -> ClaimsTotal | None:
    """The last total of its claims the side states after changing them: a total word right before the sum,
    in a clause changing it or answering a question about the changed claims."""
    found = None
    for said in joined_sentences(case):
        if said.statement.party != first.side:
            continue
        changing = bool(_CHANGE_ASKED.search(said.statement.question) and CLAIM_HEADS.search(said.statement.question))
        for clause in CLAUSE_FIGURES.split(said.text):
            for amount in find_amounts(clause):
                before = clause[:amount.start]
                if Decimal(str(amount.value)) != first.value and _TOTAL_SAID.search(before) \
                        and (changing or _CHANGED.search(before)):
                    found = ClaimsTotal(first.side, Decimal(str(amount.value)), amount.text,
                                        case.cite(said.anchor(0, len(said.text))))
    return found


# the money a demand names, right before its sum (赔偿精神损害抚慰金10,000元 → 抚慰金)
_DEMANDED_MONEY = re.compile(r"([\u4e00-\u9fff]{1,3}?(?:费|金|款))[^，,。；\d]{0,4}$")


def _total_as_changed(case: Case, chosen: list[Demand], outcome: Outcome) -> tuple[Decimal, list[str]] | None:
    """The demands' total with each demand the side later changed (…从10,000元降到5,000元) at its changed
    sum, with the equation; None when none is changed."""
    values, cited = [], []
    for d in chosen:
        named = _DEMANDED_MONEY.search(d.text[:d.text.rfind(d.amount_text)]) if d.amount_text in d.text else None
        changed = _changed_to(case, d, named.group(1)) if named else None
        values.append(d.amount if changed is None else changed.value)
        if changed is not None:
            cited.append(changed.cited)
    if not cited:
        return None
    later = sum(values, Decimal(0))
    expression = " + ".join(plain_number(v) for v in values)
    outcome.calculations.append(Calculation(expression, later, None, True, [d.cited for d in chosen] + cited,
                                            "变更后各项请求金额相加"))
    return later, cited


# 水费318元、电费832元、燃气费286元: items of a bill, each named right before its sum
_ITEM_SUM = re.compile(r"(?P<name>(?:(?![欠共计为是的])[\u4e00-\u9fff]){1,4}?(?:费|款|金))(?:为|是|共)?$")
# 水费电费我认，燃气费我不认 / 对利息没有异议: a clause owning or refusing the items it names
_OWNS = re.compile(r"认可|我认|我们认|承认|没有异议|无异议|没意见|没问题|同意")
_REFUSES = re.compile(r"不认|不予认可|不承认|(?<![没无])有异议|不同意|否认")


def _bill_items(case: Case) -> dict[str, tuple[Decimal, str, str]]:
    """Items of a bill stated with their sums (name → sum, its words, cited): from a sentence naming at
    least two of them (欠水费318元、电费832元、燃气费286元)."""
    items: dict[str, tuple[Decimal, str, str]] = {}
    for said in joined_sentences(case):
        found = []
        for amount in find_amounts(said.text):
            clause = re.split(r"[，,、；;：:。]", said.text[:amount.start])[-1]
            named = _ITEM_SUM.search(clause)
            if named:
                found.append((named.group("name"), Decimal(str(amount.value)), amount.text))
        if len(found) >= 2:
            cited = case.cite(said.anchor(0, len(said.text)))
            for name, value, text in found:
                items.setdefault(name, (value, text, cited))
    return items


def answer_admitted(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """被告认可其中多少: the items of a bill the side owns (水费电费我认) added, those it refuses named
    beside — with the equation; nothing when the side's words name no item of a bill with its sum."""
    side = plan.admitted_by
    items = _bill_items(case)
    if not side or not items:
        return False
    for said in joined_sentences(case):
        if said.statement.party != side:
            continue
        owned, refused = [], []
        for clause in re.split(r"[，,；;]", said.text):
            names = [n for n in items if n in clause]
            if not names:
                continue
            if _REFUSES.search(clause):
                refused += names
            elif _OWNS.search(clause):
                owned += names
        if not owned:
            continue
        cited = case.cite(said.anchor(0, len(said.text)))
        values = [items[n][0] for n in owned]
        total = sum(values, Decimal(0))
        ids = list(dict.fromkeys([cited] + [items[n][2] for n in owned]))
        expression = " + ".join(plain_number(v) for v in values)
        if len(values) > 1:
            outcome.calculations.append(Calculation(expression, total, None, True, ids, f"{side}认可的各项相加"))
        rest = f"；不认可{'、'.join(refused)}" if refused else ""  # named, its sum no part of what is owned
        summed = f"，共{plain_number(total)}元（{expression} = {plain_number(total)}）" if len(values) > 1 else ""
        outcome.add(Part(f"{side}认可", f"{side}认可{'、'.join(f'{n}{items[n][1]}' for n in owned)}{summed}{rest}"
                                        f"（{quoted(said.text)}，{'、'.join(ids)}）", Fill.FILLED, ids))
        return True
    return False


_RATE_SAID = re.compile(r"\d+(?:\.\d+)?%|百分之|千分之|万分之|每日|每天|按日")


def agreed_clause(case: Case, word: str) -> Part | None:
    """The sentence saying how the contract set ``word`` (合同第八条约定：…支付相当于一年租金20%的违约金),
    quoted — one stating a rate before one without; None when no sentence says 约定 of it."""
    told = [s for s in joined_sentences(case) if "约定" in s.text and word in s.text]
    if not told:
        return None
    said = max(told, key=lambda s: (bool(_RATE_SAID.search(s.text)), -s.statement.index))
    cited = case.cite(said.anchor(0, len(said.text)))
    return Part(f"{word}的约定", f"{word}的约定：{quoted(said.text)}（{cited}）", Fill.FILLED, [cited])


def _claims_less(case: Case, plan: CasePlan, listed: list[Demand], outcome: Outcome) -> bool:
    summed = [d for d in listed if d.amount is not None]
    if not summed:
        return False
    cites = [d.cited for d in summed]
    terms = [d.amount for d in summed]
    words = [f"第{d.number}项{d.amount_text}" for d in summed]
    for word in plan.claim_less:
        told = term_figures(case, word)
        values = {t.value for t in told}
        if len(values) != 1:
            # the sum taken off is not stated once: the claims are shown, the balance is not computed
            why = "未在材料中找到" if not told else "说法不一：" + "；".join(
                f"{t.side or '记录'}称{t.text}（{t.cited}）" for t in told)
            ids = cites + list(dict.fromkeys(t.cited for t in told))
            if told:
                outcome.conflicts.append(Conflict("testimony", f"{word}{why}", ids))
            outcome.add(Part("应付数额", f"各项请求：{'、'.join(words)}（{'、'.join(cites)}）；{word}{why}，无法扣除，需人工核实",
                             Fill.CONFLICT if told else Fill.MISSING, ids))
            return True
        value = values.pop()
        terms.append(-value)
        words.append(f"扣除{word}{told[0].text}")
        cites += list(dict.fromkeys(t.cited for t in told))
    result = sum(terms, Decimal(0))
    if result < 0:
        return False  # more taken off than claimed: never composed
    expression = " + ".join(plain_number(t) for t in terms if t > 0) + "".join(f" - {plain_number(-t)}" for t in terms if t < 0)
    outcome.calculations.append(Calculation(expression, result, None, True, cites, "各项请求金额相加，减去扣除项"))
    outcome.add(Part("应付数额", f"按{listed[0].side}的请求，{'，'.join(words)}，共计{plain_number(result)}元"
                                 f"（{expression} = {plain_number(result)}，见计算；{'、'.join(cites)}）",
                     Fill.FILLED, cites))
    return True


# 自2022年8月1日起至2024年7月31日止 / 从…到… / …至…: a period's two ends after its word
_PERIOD_LINK = re.compile(r"^(?:为|是)?(?:自|从)?$")
_PERIOD_TO = re.compile(r"^(?:起)?(?:至|到|—|－|-|~|～)(?:同年)?$")


def answer_term_period(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """租期从哪天到哪天: the period a contract set, the two dates right after its word, quoted. False
    when no sentence states one."""
    for said in joined_sentences(case):
        for word in TERM_PERIODS.finditer(said.text):
            dates = [d for d in find_dates(said.text) if d.start >= word.end()][:2]
            if len(dates) < 2 or not _PERIOD_LINK.match(said.text[word.end():dates[0].start]) \
                    or not _PERIOD_TO.match(said.text[dates[0].end:dates[1].start]):
                continue
            end = dates[1].end + (1 if said.text[dates[1].end:dates[1].end + 1] == "止" else 0)
            cited = case.cite(said.anchor(word.start(), end))
            outcome.add(Part(word.group(0), f"{word.group(0)}自{dates[0].text}起至{dates[1].text}止"
                                            f"（{quoted(said.text[word.start():end])}，{cited}）", Fill.FILLED, [cited]))
            return True
    return False
