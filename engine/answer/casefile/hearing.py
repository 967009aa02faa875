"""What each side of a hearing (庭审笔录, 仲裁庭审笔录) says for itself: the sum one side says is still owed
and the sum the other admits (原告称尚欠八万元 / 被告称只欠五万元 — both, attributed, a conflict; 多出多少 is
their difference with its equation), each side's figure of a thing, and the tasks the court set after
the hearing (庭后七日内提交银行流水). Never one side's figure as the settled one. The mediation's offers
are in mediation.py; a side's figure of a named measure, times a count or against the other's, in
side_measures.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import plain_number, quoted
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.answer.casefile.facts import Anchor
from engine.answer.casefile.claims import lists_claims
from engine.answer.casefile.heads import thing_asked
from engine.answer.casefile.side_measures import PER_PERIOD, clause_of, measure_words, stated_as
from engine.text.case_lexicon import ASSENT_WORDS, CORRECTION, GRANT_WORDS, REFUSAL_WORDS
from engine.question import CasePlan
from engine.text.lines import joined_view
from engine.text.numbers import find_amounts, parse_number

_SIDE = re.compile(r"原告|被告|第三人|上诉人|被上诉人|申请人|被申请人")


def is_hearing(case: Case) -> bool:
    """Two sides of a hearing answer in the record (原告 and 被告 each have turns)."""
    return len({s.party for s in case.ledger.statements if s.party in HEARING_SIDES}) >= 2


def _side(said: Said) -> str | None:
    return said.statement.party if said.statement.party in HEARING_SIDES else None


# -- each side's figure of what is owed ----------------------------------------------------------
# A sum said to be owed (尚欠本金八万元, 只欠五万元, 还差货款三万元没付, 剩下两万元没还), or claimed
# (请求判令被告归还借款本金八万元): the words before the amount, within the clause.
_OWED_BEFORE = re.compile(r"(?:尚欠|还欠|仍欠|只欠|共欠|欠(?:了|着)?|欠款|余款|剩余|剩下|只剩|还剩|还差|未付|未还|没还|没付|"
                          r"归还|偿还|返还)"
                          # 还欠我劳务费 / 仍欠借款本金: whom and what, no other figure between
                          r"[^，,。；;：:\d一二三四五六七八九十两百千万]{0,8}$")
_OWED_AFTER = re.compile(r"^(?:的)?(?:借款|货款|工资|工钱|本金)?(?:没|未)(?:有)?(?:还|付|给|支付|归还)")
_CLAIMED = re.compile(r"归还|偿还|返还")
_REPORTED = re.compile(r"(被上诉人|上诉人|被申请人|申请人|第三人|原告|被告|对方)(?:方)?(?:说|称|主张|讲|认为|起诉)")
_NEGATED = re.compile(r"(?:不是|并非|不止|没有|不到|而非)$")
_INTEREST_ONLY = re.compile(r"利息|罚息|违约金")


@dataclass
class _Figure:
    side: str
    value: Decimal
    text: str
    said: Said
    start: int
    end: int
    claimed: bool = False  # 请求判令被告归还…: a claim's sum, weaker than 尚欠… said as a fact


def _owed_figures(case: Case, principal: bool) -> list[_Figure]:
    found: list[_Figure] = []
    for said in joined_sentences(case):
        side = _side(said)
        if side is None:
            continue
        for amount in find_amounts(said.text):
            clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，,；;：:") + 1
            before = said.text[clause_start:amount.start]
            if _NEGATED.search(before) or not (_OWED_BEFORE.search(before) or _OWED_AFTER.match(said.text[amount.end:])):
                continue
            reported = _REPORTED.search(before)
            if reported and reported.group(1) != side:
                continue  # 原告说我还欠八万元，不对: the other side's figure, told again
            if principal and _INTEREST_ONLY.search(before[-6:]):
                continue  # 利息两千元 is not the principal asked
            owed = _OWED_BEFORE.search(before)
            claimed = bool(owed and _CLAIMED.match(owed.group(0))) and not _OWED_AFTER.match(said.text[amount.end:])
            found.append(_Figure(side, Decimal(str(amount.value)), amount.text, said, amount.start, amount.end, claimed))
    return found


def _sides_difference(by_side: dict[str, _Figure], cites: dict[str, str], said: str, outcome: Outcome) -> Part:
    """多出多少 / 相差多少 between the two sides' figures: the larger less the smaller, with the equation —
    the difference of the two accounts is what is asked: both are on view, nothing is chosen."""
    high, low = sorted(by_side.values(), key=lambda f: -f.value)
    result = high.value - low.value
    outcome.calculations.append(Calculation(f"{plain_number(high.value)} - {plain_number(low.value)}", result, None,
                                            True, [cites[high.side], cites[low.side]], "双方所述数额之差"))
    return Part("差额", f"{said}；{high.side}所述比{low.side}多{plain_number(result)}元"
                        f"（{plain_number(high.value)}-{plain_number(low.value)}={plain_number(result)}，见计算）",
                Fill.FILLED, list(cites.values()))


# A debt or sum named by its thing (贷款, 信用卡, 房租, 劳务费, 定金): a figure's clause naming one.
_MONEY_THING = re.compile(r"[\u4e00-\u9fff]{0,3}(?:贷款|借款|欠款|信用卡|房租|租金|货款|工资|工钱|费|定金|押金|保证金|首付|尾款|本金|利息)")


def _of_thing_asked(thing: str | None, figures: list[_Figure]) -> list[_Figure]:
    """Of a thing the question names (信用卡欠了多少, 剩下的贷款), the figures whose clause names it, never
    one whose clause names another (剩余贷款本金是56万元 for the credit card is no side's account of it);
    a figure naming none, where its sentence takes up another figure of it."""
    if thing is None:
        return figures
    def clause(figure: _Figure) -> str:
        return clause_of(figure.said.text, figure.start, figure.end)

    of_thing = [f for f in figures if thing in clause(f)]
    values = {f.value for f in of_thing}
    kept = list(of_thing)
    for figure in figures:
        if figure in of_thing or _MONEY_THING.search(clause(figure)):
            continue
        # a figure naming no thing answers for the thing asked only in a sentence that takes up the
        # other side's figure of it (原告说我们还欠二万三千元，这个数不对，我们只欠一万八千元)
        others = {Decimal(str(a.value)) for a in find_amounts(figure.said.text) if a.start != figure.start}
        if others & values:
            kept.append(figure)
    return sorted(kept, key=figures.index)


def answer_sides_owed(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """还欠多少 in a hearing where the sides state different sums: each side's, attributed, as a
    conflict (or the side asked about, 原告主张欠多少); 多出/相差多少 → their difference. False (nothing
    added) when the sides do not both state a sum or state the same one."""
    thing = thing_asked(plan)  # (read once: the filter and the one side's figure both use it)
    figures = _of_thing_asked(thing, _owed_figures(case, bool(plan.principal)))
    by_side: dict[str, _Figure] = {}
    # each side's first statement of the sum as a fact (尚欠…), else of its claim (判令…归还…)
    for figure in sorted(figures, key=lambda f: f.claimed):
        by_side.setdefault(figure.side, figure)
    if len(by_side) == 1 and thing and not plan.differ and \
            any(thing in clause_of(f.said.text, f.start, f.end) for f in by_side.values()):
        # 房子还剩多少贷款本金: one side's figure of the thing asked, as that side's
        (side, figure), = by_side.items()
        cited = case.cite(figure.said.anchor(0, len(figure.said.text)))
        outcome.add(Part(f"{side}所述余额", f"{side}称{figure.text}（{cited}）", Fill.FILLED, [cited]))
        return True
    if len(by_side) < 2 or len({f.value for f in by_side.values()}) < 2:
        return False
    asked = [plan.voice] if plan.voice in by_side else []
    cites = {side: case.cite(f.said.anchor(0, len(f.said.text))) for side, f in by_side.items()}
    said = "；".join(f"{side}称{f.text}（{cites[side]}）" for side, f in by_side.items())
    ids = list(cites.values())
    if plan.differ and len(by_side) == 2:
        outcome.add(_sides_difference(by_side, cites, said, outcome))
        return True
    if len(asked) == 1 and not plan.differ:
        # 原告主张被告还欠多少: that side's own account is what is asked — told as that side's, the
        # other side's figure left out of the answer (it is no answer to what was asked)
        figure = by_side[asked[0]]
        outcome.add(Part(f"{asked[0]}所述欠款", f"{asked[0]}称{figure.text}（{cites[asked[0]]}）", Fill.FILLED,
                         [cites[asked[0]]]))
        return True
    outcome.conflicts.append(Conflict("testimony", f"欠款数额双方说法不一：{said}", ids))
    outcome.add(Part("欠款", f"双方说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    return True


# -- tasks set after the hearing -------------------------------------------------------------------
_TASK_SAID = re.compile(r"(?:庭后|休庭后|闭庭后|开庭后|本次庭审后|收到[^，。；]{0,8}后)?(?P<days>[一二三四五六七八九十两\d]+)(?:个工作日|个?日|天)内"
                        r"[^，。；;]{0,8}?(?P<act>提交|补交|提供|补充|递交|寄送|交)(?P<what>[^，。；;！]{1,30})")


def answer_tasks(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """庭后几日内提交什么: each task the record sets (庭后七日内提交银行流水), for the side asked (or
    every side), quoted with its days — nothing when the record sets none."""
    found: list[tuple[str | None, str, str, str]] = []  # (side, days words, what, cited)
    for source in sorted(case.sources.values(), key=lambda s: s.rank):
        text, where = joined_view(source.chunk.text, tight=True)
        for sentence in re.finditer(r"[^。；;！？\n]+", text):
            side_before: str | None = None
            # 双方于庭后五个工作日内提交…，被告在三日内补交…: each clause its own task, its side said
            # in it or carried from the clause before
            for clause in re.finditer(r"[^，,]+", sentence.group(0)):
                words = clause.group(0)
                m = _TASK_SAID.search(words)
                sides = _SIDE.findall(words[:m.start()] if m else words) or (["双方"] if re.search(r"双方|各方", words) else [])
                side_before = sides[-1] if sides else side_before
                if m is None or not re.search(r"庭|期限|日内|天内", sentence.group(0)):
                    continue
                if _POINTER.fullmatch(m.group("what").strip()):
                    continue  # 在三日内提交上述记录: what is named in the request before it (below)
                label = re.match(r"\s*[^：:，,]{1,8}[：:]\s*", words)  # 审： / 审判员： before the words
                start = sentence.start() + clause.start() + (label.end() if label and label.end() <= m.start() else 0)
                end = sentence.start() + clause.end()
                cited = case.cite(Anchor(source.chunk.chunk_id, where[start], where[end - 1] + 1))
                found.append((side_before, m.group("days") + ("个工作日" if "工作日" in m.group(0) else "天"),
                              text[start:end].strip(), cited))
    asked = [p for p in plan.parties if p in HEARING_SIDES]
    chosen = [f for f in found if not asked or f[0] in asked or f[0] == "双方"]
    granted = [g for g in _granted(case) if not asked or g[0] in asked]
    if not chosen and not granted:
        return False
    for _, days, request, grant in granted:
        outcome.add(Part("庭后事项", f"申请{quoted(request.words)}（{request.cited}）；"
                                     f"准许{quoted(grant.words)}（{days}）（{grant.cited}）", Fill.FILLED,
                         [request.cited, grant.cited]))
    for side, days, clause, cited in chosen:
        digits = re.match(r"[\d一二三四五六七八九十两]+", days).group(0)
        number = parse_number(digits)
        count = f"（{plain_number(number)}{days[len(digits):]}）" if number is not None and not digits.isdigit() else ""
        outcome.add(Part("庭后事项", f"{quoted(clause)}{count}（{cited}）", Fill.FILLED, [cited]))
    return True


# A task asked for by a side (我们申请庭后提交…的取款记录) and granted with its days by the court in a
# later turn (准许，被告在庭后三日内提交): the thing is in the request, the days in the grant.
_REQUEST = re.compile(r"(?:申请|请求|要求)(?:在)?(?:庭后|休庭后|闭庭后|开庭后)?(?:再)?(?:补充)?(?P<act>提交|补交|提供|补充|递交)"
                      r"(?P<what>[^，。；;！？]{2,30})")
_GRANT = re.compile(r"(?:准许|同意|可以|允许|准予|本庭准许)[，,]?[^。；;！？]{0,16}?"
                    r"(?P<days>[一二三四五六七八九十两\d]+)(?P<unit>个工作日|个?日|天)内[^。；;！？]{0,6}?"
                    r"(?:提交|补交|提供|补充|递交)(?P<what>[^，。；;！？]{0,12})")
# 上述 / 相关 / 该 材料: a grant's words pointing back at what was asked, naming nothing themselves
_POINTER = re.compile(r"(?:上述|前述|相关|该|此|这些|所述)?(?:的)?(?:材料|证据|记录|资料|凭证)?")
_TURNS_BACK = 2  # turns (chunks) before a grant its request is looked for in


@dataclass(frozen=True)
class _Said:
    words: str
    cited: str


def _request_in(case: Case, chunk, text: str, where: list[int], end: int) -> _Said | None:
    """The last request for a task in ``text[:end]``, quoted from after its speaker's label."""
    requests = list(_REQUEST.finditer(text, 0, end))
    if not requests:
        return None
    request = requests[-1]
    # the request's own sentence: a wrapped view has joined the judge's question onto the same line
    line = max(text.rfind(end, 0, request.start()) for end in "。？！?!\n") + 1
    label = re.match(r"\s*[^：:，,\n]{1,12}[：:　]\s*", text[line:request.start()])  # 被告： / 原告委托诉讼代理人　
    start = line + label.end() if label else request.start()
    return _Said(text[start:request.end()].strip(),
                 case.cite(Anchor(chunk.chunk_id, where[start], where[request.end() - 1] + 1)))


def _granted(case: Case) -> list[tuple[str | None, str, _Said, _Said]]:
    """(side, days, request, grant) for each grant whose own words name no thing (准许，被告在庭后三日内
    提交), paired with the nearest request before it in the same turn or the turns just before."""
    chunks = sorted((s.chunk for s in case.sources.values()), key=lambda c: c.seq)
    views = [joined_view(c.text, tight=True) for c in chunks]
    out: list[tuple[str | None, str, _Said, _Said]] = []
    for k, (chunk, (text, where)) in enumerate(zip(chunks, views)):
        for grant in _GRANT.finditer(text):
            if not _POINTER.fullmatch(grant.group("what").strip()):
                continue  # the grant names its own thing: read as a task by itself
            request = _request_in(case, chunk, text, where, grant.start())
            for back in range(k - 1, max(-1, k - 1 - _TURNS_BACK), -1):
                if request is not None or chunks[k].seq - chunks[back].seq > _TURNS_BACK:
                    break
                request = _request_in(case, chunks[back], views[back][0], views[back][1], len(views[back][0]))
            if request is None:
                continue
            sides = _SIDE.findall(grant.group(0)) or _SIDE.findall(request.words)
            number = parse_number(grant.group("days"))
            days = (plain_number(number) if number is not None else grant.group("days")) + \
                ("个工作日" if grant.group("unit") == "个工作日" else "天")
            said = _Said(grant.group(0).strip(),
                         case.cite(Anchor(chunk.chunk_id, where[grant.start()], where[grant.end() - 1] + 1)))
            out.append((sides[0] if sides else None, days, request, said))
    return out


# -- one side's claim and the other side's answer to it ---------------------------------------------
# The lexicon's words of assent and refusal, with a hearing's own: of money claimed (收到了 / 没收到,
# 不是还 / 只能算 — the payment owned but named otherwise) and the formal 不予认可 / 否认 / 不同意.
_DENY = re.compile(rf"{REFUSAL_WORDS}|不予(?:认可|承认|确认)|不认|否认|没有收到|没收到|不同意|不是还|只能算|不能算|不存在|"
                   r"没给过|没有给过|"
                   # a word of assent negated right before it (没有同意过, 从未认可, 并未收到)
                   r"(?:没有?|未|并未|从未|从没有?|从来没有?)(?:曾|有)?(?:同意|认可|承认|收到|确认|答应)")
_UNSURE = re.compile(r"记不清|不记得|想不起|不清楚|说不清|不太确定|可能")
_ADMIT = re.compile(rf"{ASSENT_WORDS}|收到了|收到过|确实|同意")
_ASSENT = re.compile(rf"{GRANT_WORDS}|愿意")  # granting what was asked (定金我可以退)


def _other_side(case: Case, side: str) -> str | None:
    sides = [s.party for s in case.ledger.statements if s.party in HEARING_SIDES and s.party != side]
    return sides[0] if sides else None


def _terms_hit(plan: CasePlan, text: str) -> int:
    return sum(1 for t in plan.question.terms if len(t) >= 2 and t in text)


def _topic(case: Case, plan: CasePlan, words_too: bool = False) -> str | None:
    """The noun of the question the file says least often (空调 beside 欠款): what it is about — with
    ``words_too``, when no noun qualifies, the question's other words (婚前 of 被告的婚前存款)."""
    def rarest(words) -> str | None:
        found = [n for n in words if len(n) >= 2 and n not in HEARING_SIDES and n != plan.money_word
                 and n in case.doc_text]  # 欠款 names the balance, not the thing
        return min(found, key=lambda n: (case.doc_text.count(n), -len(n)), default=None)
    return rarest(plan.question.nouns) or (rarest(plan.question.terms) if words_too else None)


def _clause_about(plan: CasePlan, text: str) -> str:
    """An answer granting one thing and refusing another (定金我可以退，违约金不同意 for 同意返还定金吗):
    of its clauses saying either, the one naming most of the question's words, when one names more
    than the others; else the whole answer (…线路问题，这个钱我们不认: one stance, pointing back)."""
    clauses = [c for c in re.split(r"[，,；;。]", text) if _DENY.search(c) or _ADMIT.search(c) or _ASSENT.search(c)]
    if not any(_DENY.search(c) for c in clauses) or all(_DENY.search(c) for c in clauses):
        return text
    hits = sorted(((_terms_hit(plan, c), c) for c in clauses), key=lambda h: -h[0])
    if len(hits) > 1 and hits[0][0] > hits[1][0]:
        return hits[0][1]
    return text


def answer_response(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """被告说春节前给过原告一万元，原告认不认？: the other side's answer, quoted, beside the claim as
    its side said it (an approximate time such as 春节前 stays as said) — admitted is a yes, denied a no
    with the conflict stated, not remembered is said so. False when no answer of that side is found."""
    responder = plan.responder
    claimer = plan.voice if plan.voice and plan.voice != responder else _other_side(case, responder or "")
    if responder is None or claimer is None:
        return False
    named = {a.value for a in find_amounts(plan.text)}
    sentences = joined_sentences(case)

    def about(said: Said) -> bool:
        told = {a.value for a in find_amounts(said.text)} | {a.value for a in find_amounts(said.statement.question)}
        return bool(named & told) if named else _terms_hit(plan, said.text + said.statement.question) >= 2

    claims = [s for s in sentences if _side(s) == claimer and about(s)]
    asked_at = [s.statement.index for s in sentences if about(s)]
    start = min(asked_at, default=None)
    answers = [s for s in sentences if _side(s) == responder and start is not None
               and start <= s.statement.index <= start + 6
               and (_DENY.search(s.text) or _UNSURE.search(s.text) or _ADMIT.search(s.text))]
    topic = _topic(case, plan) if not named else None
    if not answers and topic:
        # 原告同意从欠款里扣除空调维修费吗: the side's own word on the thing the question names most
        # narrowly (the file's rarest noun of the question), wherever in the hearing it is said
        about = lambda s: topic in s.text  # noqa: E731
        claims = [s for s in sentences if _side(s) == claimer and about(s) and find_amounts(s.text)]
        answers = [s for s in sentences if _side(s) == responder and about(s)
                   and (_DENY.search(s.text) or _ADMIT.search(s.text))]
        start = min((s.statement.index for s in claims + answers), default=None)
    if not answers or start is None:
        return False
    answer = max(answers, key=lambda s: (_terms_hit(plan, s.text) + (2 if about(s) else 0), -s.statement.index))
    cited = case.cite(answer.anchor(0, len(answer.text)))
    claim = max(claims, key=lambda s: _terms_hit(plan, s.text)) if claims else None
    claim_cited = case.cite(claim.anchor(0, len(claim.text))) if claim else None
    theirs = f"；{claimer}称{quoted(claim.text)}（{claim_cited}）" if claim else ""
    if claim is None:
        # 审判长：被告称年底给过原告二万元，原告是否收到？ — the claim as the bench put it
        put = next((s.statement for s in sentences if s.statement.index == start and s.statement.question_span), None)
        if put is not None and claimer in put.question:
            claim_cited = case.cite(Anchor(put.chunk_id, *put.question_span))
            theirs = f"；庭上所述{claimer}的主张：{quoted(put.question)}（{claim_cited}）"
    ids = [cited, *([claim_cited] if claim_cited else [])]
    said = _clause_about(plan, answer.text)  # 定金我可以退，违约金不同意: the clause of the thing asked decides
    if _DENY.search(said):
        text = f"否，{responder}不认可：{quoted(answer.text)}（{cited}）{theirs}"
        outcome.conflicts.append(Conflict("testimony", f"双方说法不一：{text[2:]}", ids))
        outcome.add(Part("是否认可", f"{text}；双方说法不一，需人工核实", Fill.CONFLICT, ids))
    elif _UNSURE.search(said):
        text = f"{responder}称记不清：{quoted(answer.text)}（{cited}）{theirs}"
        outcome.conflicts.append(Conflict("testimony", f"{claimer}所述未获{responder}确认：{text}", ids))
        outcome.add(Part("是否认可", f"{text}；{responder}未确认，需人工核实", Fill.UNSURE, ids))
    else:
        outcome.add(Part("是否认可", f"是，{responder}认可：{quoted(answer.text)}（{cited}）{theirs}", Fill.FILLED, ids))
    return True


_OFFSET_SAID = re.compile(r"抵(?:扣|销|充|作|偿)?(?:了)?(?:本金|借款|欠款|货款)|冲抵|抵扣|折抵")


def answer_offset(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """多付的利息应抵本金: the sum a side wants set off, as that side said it, and the other side's
    refusal beside it as a conflict. False when no side says a sum is to be set off."""
    said = [s for s in joined_sentences(case) if _side(s) and _OFFSET_SAID.search(s.text)]
    claims = [s for s in said if find_amounts(s.text) and (plan.voice is None or _side(s) == plan.voice)]
    if not claims:
        return False
    claim = claims[0]
    side = _side(claim)
    cited = case.cite(claim.anchor(0, len(claim.text)))
    refused = [s for s in said if _side(s) != side and _DENY.search(s.text)]
    if refused:
        other = refused[0]
        other_cited = case.cite(other.anchor(0, len(other.text)))
        text = f"{side}称{quoted(claim.text)}（{cited}）；{_side(other)}称{quoted(other.text)}（{other_cited}）"
        outcome.conflicts.append(Conflict("testimony", f"抵扣双方说法不一：{text}", [cited, other_cited]))
        outcome.add(Part("抵扣", f"{text}；双方说法不一，需人工核实", Fill.CONFLICT, [cited, other_cited]))
        return True
    outcome.add(Part("抵扣", f"{side}称{quoted(claim.text)}（{cited}）", Fill.FILLED, [cited]))
    return True


# -- what a thing is worth, by each side ---------------------------------------------------------------
# 现在能卖15万左右 / 最多值十二万 / 成交价在210万元左右 / 按12万元折价: a worth said of a thing — never the
# price it was bought at (落地价, 总价, 买的) nor a debt on it.
_WORTH_SAID = re.compile(r"值|能卖|卖得|市场价|成交价|估价|评估价|折价|价值|市值")
_NOT_WORTH = re.compile(r"落地价|总价|买的|买了|购买|购入|首付|贷款|花了|付了")
_WORTH_WORD = re.compile(r"现在|目前|净值|市场价|成交价|价值|值|折价款?|估价|多少钱?|那辆|这辆|那套|这套|那台|这台")
# the debt a worth is asked net of (剩下的贷款, 尚欠的借款): a remainder word and the debt's noun
_REMAINING = re.compile(r"剩余|剩下|尚欠|还欠|未还|余下|结余")


def _things(case: Case, plan: CasePlan) -> list[str]:
    """The thing whose worth is asked, in the question's words present in the record (车值 → 车)."""
    out = []
    for word in [*plan.question.nouns, *plan.question.terms]:
        word = _WORTH_WORD.sub("", word)
        if word and word not in HEARING_SIDES and word in case.doc_text and word not in out \
                and (len(word) >= 2 or word in plan.question.text):
            out.append(word)
    return [w for w in out if len(w) >= 2] or out


def _worth_figures(case: Case, plan: CasePlan) -> dict[str, _Figure]:
    things = _things(case, plan)
    sentences = joined_sentences(case)
    naming = {s.statement.index for s in sentences if any(t in s.text or t in s.statement.question for t in things)}
    by_side: dict[str, _Figure] = {}
    claims = {s.statement.index for s in sentences if lists_claims(s.statement)}
    # a sentence naming the thing itself before one only in its exchange
    ordered = sorted(sentences, key=lambda s: not any(t in s.text for t in things))
    for said in ordered:
        side = _side(said)
        if side is None or side in by_side or not things or said.statement.index in claims:
            continue  # the claims list demands a sum (折价款五十二万元): no side's worth of the thing
        # about the thing: it names it, or answers in the exchange whose other turns do
        if not ({said.statement.index - 1, said.statement.index, said.statement.index + 1} & naming):
            continue
        for amount in find_amounts(said.text):
            clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，,；;：:") + 1
            before = said.text[clause_start:amount.start]
            if _WORTH_SAID.search(before) and not _NOT_WORTH.search(before):
                by_side[side] = _Figure(side, Decimal(str(amount.value)), amount.text, said, amount.start, amount.end)
                break
    return by_side


def _remaining_debt(case: Case, words: str) -> list[_Figure]:
    """剩下的贷款 taken off a worth: each sum told after a remainder word and the debt's noun (剩余贷款
    本金106万元), with the side that told it."""
    nouns = [n for n in re.findall(r"贷款|借款|欠款|房贷|车贷|债务|按揭", words)]
    found: list[_Figure] = []
    for said in joined_sentences(case):
        for amount in find_amounts(said.text):
            clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，,；;：:。") + 1
            before = said.text[clause_start:amount.start]
            if _REMAINING.search(before) and any(n in before for n in nouns):
                found.append(_Figure(_side(said) or "记录", Decimal(str(amount.value)), amount.text, said,
                                     amount.start, amount.end))
    return found


def answer_sides_worth(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """那辆车现在值多少钱: each side's worth of the thing, attributed (one side's figure is never the
    settled one: the sides differing is a conflict); 按原告说的市场价，扣掉剩下的贷款，净值多少: that side's
    worth less the remaining debt both tell alike, with the equation — needs review when the debt is
    told as two sums. False when no side states a worth of the thing."""
    by_side = _worth_figures(case, plan)
    if not by_side:
        return False
    cites = {side: case.cite(f.said.anchor(0, len(f.said.text))) for side, f in by_side.items()}
    said = "；".join(f"{side}称{f.text}（{cites[side]}）" for side, f in by_side.items())
    if plan.value_less:
        if plan.voice not in by_side:
            return False
        worth = by_side[plan.voice]
        debts = [d for words in plan.value_less for d in _remaining_debt(case, words)]
        values = {d.value for d in debts}
        debt_cites = list(dict.fromkeys(case.cite(d.said.anchor(0, len(d.said.text))) for d in debts))
        if len(values) != 1:
            told = "；".join(f"{d.side}称{d.text}（{c}）" for d, c in zip(debts, debt_cites)) or "未在材料中找到"
            outcome.add(Part("净值", f"{plan.voice}称{worth.text}（{cites[plan.voice]}）；{'、'.join(plan.value_less)}：{told}，"
                                     "无法扣除，需人工核实", Fill.CONFLICT if debts else Fill.MISSING,
                             [cites[plan.voice], *debt_cites]))
            return True
        debt = values.pop()
        result = worth.value - debt
        if result < 0:
            return False
        ids = [cites[plan.voice], *debt_cites]
        expression = f"{plain_number(worth.value)} - {plain_number(debt)}"
        outcome.calculations.append(Calculation(expression, result, None, True, ids, f"按{plan.voice}所述价值扣除剩余债务"))
        outcome.add(Part("净值", f"按{plan.voice}所述{worth.text}（{cites[plan.voice]}），扣除{debts[0].text}"
                                 f"（{'、'.join(debt_cites)}），为{plain_number(result)}元（{expression} = {plain_number(result)}，见计算）",
                         Fill.FILLED, ids))
        return True
    if plan.voice in by_side:
        figure = by_side[plan.voice]
        outcome.add(Part(f"{plan.voice}所述价值", f"{plan.voice}称{figure.text}（{cites[plan.voice]}）", Fill.FILLED,
                         [cites[plan.voice]]))
        return True
    ids = list(cites.values())
    if len({f.value for f in by_side.values()}) == 1:
        outcome.add(Part("价值", f"{said}，双方所述一致" if len(by_side) > 1 else said, Fill.FILLED, ids))
        return True
    outcome.conflicts.append(Conflict("testimony", f"价值双方说法不一：{said}", ids))
    outcome.add(Part("价值", f"双方说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    return True


# -- arrears told in months by each side -----------------------------------------------------------------
# 一共欠了七个月 / 只欠六个月 / 租金最多欠到2月底，就是四个月: the months a side says are owed
_MONTHS_OWED = re.compile(r"(?P<n>[一二三四五六七八九十两\d]{1,3})个月")
_OWED_SAID = re.compile(r"欠")
# 每月支付抚养费2000元 / 月租金3800元 / 每个月3800元: the sum agreed per month
_PER_MONTH = re.compile(r"每月|每个月|月租金|月租|按月|月工资|月薪")


def _of_money(case: Case, said: Said, word: str) -> bool:
    """Whether a sentence speaks of the money ``word``: it names it, or its turn's question does, or one
    of the two turns before (现在欠了多少？—一共欠了九个月 after 每月给我赡养费1500元)."""
    if word in said.text or word in said.statement.question:
        return True
    before = [s for s in case.ledger.statements if said.statement.index - 2 <= s.index < said.statement.index]
    return any(word in s.answer or word in s.question for s in before)


def _monthly(case: Case, word: str) -> list[tuple[Decimal, str, str]]:
    """Each sum said per month of the money ``word`` (in the sentence or the turn's question)."""
    found = []
    for said in joined_sentences(case):
        if not _of_money(case, said, word):
            continue
        for amount in find_amounts(said.text):
            clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，,；;。") + 1
            if _PER_MONTH.search(said.text[clause_start:amount.start]):
                found.append((Decimal(str(amount.value)), amount.text, case.cite(said.anchor(0, len(said.text)))))
    return found


def answer_months_owed(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """被告拖欠的抚养费是多少 / 按被告自己的说法欠的租金: each side's months owed × the sum agreed per month
    (told alike wherever it is said), with the equation — both sides' results, attributed, a conflict
    when they differ; the side asked, its own. False when no side tells months owed of that money or
    the monthly sum is not told once."""
    word = plan.money_word or ""
    monthly = _monthly(case, word)
    if len({m[0] for m in monthly}) != 1:
        return False
    rate, rate_text = monthly[0][0], monthly[0][1]
    rate_cites = list(dict.fromkeys(m[2] for m in monthly))
    months: dict[str, tuple[int, str, str]] = {}
    for said in joined_sentences(case):
        side = _side(said)
        if side is None or side in months or not _OWED_SAID.search(said.text):
            continue
        if not _of_money(case, said, word):
            continue
        # the first count after 欠 that is not denied (只欠六个月，不是七个月)
        counted = [m for m in _MONTHS_OWED.finditer(said.text) if m.start() > said.text.find("欠")
                   and not _NEGATED.search(said.text[:m.start()])]
        if not counted:
            continue
        n = parse_number(counted[0].group("n"))
        if n is None:
            continue
        months[side] = (int(n), counted[0].group(0), case.cite(said.anchor(0, len(said.text))))
    if not months or plan.voice and plan.voice not in months:
        return False
    asked = [plan.voice] if plan.voice else list(months)
    told = []
    for side in asked:
        n, words, cited = months[side]
        result = rate * n
        ids = [cited, *rate_cites]
        outcome.calculations.append(Calculation(f"{plain_number(rate)} * {n}", result, None, True, ids,
                                                f"{side}所述月数乘以每月数额",
                                                factors=[{"value": n, "unit": "stated", "text": words}]))
        told.append((side, result, f"{side}称欠{words}（{cited}），每月{rate_text}（{'、'.join(rate_cites)}），"
                                   f"合计{plain_number(result)}元（{plain_number(rate)}×{n}={plain_number(result)}）", ids))
    ids = list(dict.fromkeys(i for *_, t in told for i in t))
    said = "；".join(t[2] for t in told)
    if len({t[1] for t in told}) > 1:
        outcome.conflicts.append(Conflict("testimony", f"{word}欠款双方说法不一：{said}", ids))
        outcome.add(Part(word, f"双方说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    else:
        outcome.add(Part(word, said, Fill.FILLED, ids))
    return True


# -- which of two answers each side gives ----------------------------------------------------------------
# 不是借款 / 从来没说是借 / 并非赠与: a choice named only to be denied
_DENIED_BEFORE = re.compile(r"(?:不是|并非|而非|没说是|没有说是|不属于|不能算|不算)$")


def _choice_at(text: str, choice: str) -> int:
    """Where ``choice`` is said for itself in ``text`` (借款, or its verb given: 借给我们), -1 when only
    denied or not said."""
    forms = [re.escape(choice)] + ([re.escape(choice[0]) + "给"] if len(choice) == 2 else [])
    for m in re.finditer("|".join(forms), text):
        if not _DENIED_BEFORE.search(text[max(0, m.start() - 4):m.start()]):
            return m.start()
    return -1


def answer_sides_choice(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """那20万元双方说法一致吗？是借款还是赠与？: each side's own answer of the two (原告：说好是借给我们的；
    被告：是赠与，不是借款), quoted and attributed — the sides giving different ones is a conflict. A side
    only denying one (从来没说是借) gives no answer by that. False unless both sides give one."""
    told: dict[str, tuple[str, list[Said]]] = {}
    for said in joined_sentences(case):
        side = _side(said)
        found = sorted((at, c) for c in plan.choices if (at := _choice_at(said.text, c)) >= 0)
        if side is None or not found or lists_claims(said.statement):
            continue  # the claims list names what is demanded (偿还…借款), not the side's account of it
        choice, quotes = told.setdefault(side, (found[0][1], []))
        if found[0][1] == choice and len(quotes) < 2:  # the side's first answer, in up to two of its places
            quotes.append(said)
    if len(told) < 2:
        return False
    cites = {side: [case.cite(s.anchor(0, len(s.text))) for s in quotes] for side, (_, quotes) in told.items()}
    said = "；".join(f"{side}称是{choice}：" + "、".join(f"{quoted(s.text)}（{c}）" for s, c in zip(quotes, cites[side]))
                    for side, (choice, quotes) in told.items())
    ids = [c for side in cites for c in cites[side]]
    if len({c for c, _ in told.values()}) > 1:
        outcome.conflicts.append(Conflict("testimony", f"双方说法不一：{said}", ids))
        outcome.add(Part("双方说法", f"否，双方说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    else:
        outcome.add(Part("双方说法", f"是，双方所述一致：{said}", Fill.FILLED, ids))
    return True


# -- a figure of one thing stated differently by the sides ------------------------------------------------
# a figure said as another version of one told before (护理费变更为…, 刚才说错了…应为…)
_RESTATED = re.compile(rf"{CORRECTION.pattern}|变更|改为|改成|调整为|应为|应当为")
# the money item a figure is stated as, right before it (住院押金伍仟元, 交通费150元, 押金为…)
_ITEM_BEFORE = re.compile(r"([\u4e00-\u9fff]{1,4}(?:费|金|款))(?:为|是|共|共计|合计)?$")
# a side's sum said as the one it owns (只认可79,215元, 同意按…为6,150元), beside figures it only mentions
_OWNED = re.compile(r"认可|同意|承认|只认")


def _one_sides_version(case: Case, plan: CasePlan, side: str, topic: str, words: list[str], outcome: Outcome) -> bool:
    """原告最后要求退的课时费 / 原告主张的护理费: that side's figures of the thing in record order (its claims
    list's among them), the later ones restated — the last or the first as asked, named as that version, or
    each version when none is asked. False when the side states fewer than two different figures of it: one
    figure is for the other routes to answer (a difference asked, 按原告变更后的请求…差多少, is theirs too)."""
    told = [found[0] for said in joined_sentences(case) if _side(said) == side
            and (found := _sides_figure_in(said, side, topic, words or [topic])) is not None and found[1] >= 1]
    # a version is a figure restated: each later one said as a change or a correction of it (变更为 / 说错了…
    # 应为) — figures of the thing told side by side (押金伍仟元, 两笔押金共7,000元) are parts, never versions
    told = told[:1] + [f for f in told[1:] if _RESTATED.search(f.said.text)]
    if len({f.value for f in told}) < 2:
        return False
    cites = {id(f): case.cite(f.said.anchor(0, len(f.said.text))) for f in told}
    if plan.version_pick is None:  # 原告主张的护理费 told 12,000 then 18,000: each version, the last named
        said = "；".join(f"{f.text}（{cites[id(f)]}{'，最后所述' if f is told[-1] else ''}）"
                        for f in {f.value: f for f in told}.values())
        ids = list(dict.fromkeys(cites.values()))
        outcome.conflicts.append(Conflict("testimony", f"{side}所述{topic}前后不一：{said}", ids))
        outcome.add(Part(topic, f"{side}所述{topic}前后不一：{said}，需人工核实", Fill.CONFLICT, ids))
        return True
    chosen = told[-1] if plan.version_pick == "last" else told[0]
    earlier = {f.value: f for f in told if f.value != chosen.value}
    # the version asked is the answer; the others are pointed to, each cited, not restated as figures
    others = "、".join(cites[id(f)] for f in earlier.values())
    which, then = ("最后所述", "此前") if plan.version_pick == "last" else ("最初所述", "此后")
    outcome.add(Part(topic, f"{side}{which}为{chosen.text}（{quoted(clause_of(chosen.said.text, chosen.start, chosen.end))}，"
                            f"{cites[id(chosen)]}）；{side}{then}另有不同说法（{others}）", Fill.FILLED,
                     list(dict.fromkeys([cites[id(chosen)], *(cites[id(f)] for f in earlier.values())]))))
    return True


def _sides_figure_in(said: Said, side: str, topic: str, words: list[str]) -> tuple[_Figure, int] | None:
    """The side's figure of the thing in one sentence and how strongly it is said to be of it: 3 said as
    the sum the side owns (只认可79,215元), 2 stated as a measure asked (月工资是9200元), 1 after the thing
    named in the sentence, 0 only in a sentence answering a question that names it. Never a figure
    denied, one the other side said, or a rate per day."""
    in_sentence = topic in said.text
    named = in_sentence or topic in said.statement.question
    named_at = said.text.find(topic)  # a figure told before the thing is named is another's (爸妈给了20万)
    first = None
    for amount in find_amounts(said.text):
        clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，,；;：:") + 1
        before = said.text[clause_start:amount.start]
        reported = _REPORTED.search(before)
        if _NEGATED.search(before) or reported and reported.group(1) != side:
            continue  # 但没有十万 / 不是申请人说的8500元: the other side's figure, denied or told again
        if not (named and amount.start >= named_at or stated_as(said.text, amount.start, amount.end, words)):
            continue
        if PER_PERIOD.search(before) and not stated_as(said.text, amount.start, amount.end, [topic, *words]):
            continue  # 每天收入三百元 told of 误工费: a rate it is reckoned by, not the side's sum of it
        item = _ITEM_BEFORE.search(before)
        if item and topic not in item.group(1) and item.group(1) not in topic:
            continue  # 误工费的票据都交了，住院押金伍仟元: the figure of another item named right before it
        figure = _Figure(side, Decimal(str(amount.value)), amount.text, said, amount.start, amount.end)
        if _OWNED.search(before):  # 其中7,222元…与本案无关。被告只认可79,215元: the sum it owns
            return figure, 3
        strength = 2 if stated_as(said.text, amount.start, amount.end, words) else 1 if in_sentence else 0
        if first is None or strength > first[1]:
            first = (figure, strength)
    return first


def answer_sides_figure(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """首付里被告的婚前存款占了多少: the thing the question names most narrowly (its rarest noun in the file),
    each side's first figure of it — said in a sentence naming it or answering a question that does, never
    a figure the side denies (没有十万) — attributed, as a conflict. False unless two sides state different
    figures of it: one figure, or none, is for the other routes to answer."""
    # the money the question names (出资, 存款) is the thing when the file names it; else its rarest word
    topic = plan.money_word if plan.money_word and plan.money_word in case.doc_text else _topic(case, plan, True)
    if not topic:
        return False
    # 月工资基数，双方各自主张多少 — 以6820元为基数: asked of each side, a figure stated as the measure counts
    # wherever it stands in its sentence
    words = measure_words(case, plan) if plan.sides_each else []
    # 原告那边主张的护理费: the side acting in the question (主张, 要求) — its own figures only; a side
    # owning the thing (被告的出资) is no side whose account is asked
    one = plan.acting_side if len(plan.parties) == 1 and plan.acting_side in HEARING_SIDES else None
    if one is not None and not plan.differ and _one_sides_version(case, plan, one, topic, words, outcome):
        return True  # (a side stating one figure of it: each side's figure, attributed, as before)
    # each side's strongest figure, the earliest of equal strength; a claims list's (返还…存款的一半:
    # demands, no account of the thing) only when each side's figure is asked (误工费双方主张的数额), and
    # weaker than the side's own words of the same strength
    best: dict[str, tuple[float, _Figure]] = {}
    for said in joined_sentences(case):
        side = _side(said)
        claims = lists_claims(said.statement)
        if side is None or claims and not words:
            continue
        found = _sides_figure_in(said, side, topic, words)
        if found is None:
            continue
        strength = found[1] - (0.5 if claims else 0.0)
        if side not in best or strength > best[side][0]:
            best[side] = (strength, found[0])
    by_side = {side: figure for side, (_, figure) in best.items()}
    if len(by_side) < 2 or len({f.value for f in by_side.values()}) < 2:
        return False
    cites = {side: case.cite(f.said.anchor(0, len(f.said.text))) for side, f in by_side.items()}
    # each figure's own clause quoted when asked of each side (其余 figures of its sentence are no answer)
    said = "；".join(f"{side}称{f.text}（{quoted(clause_of(f.said.text, f.start, f.end) if words else f.said.text)}，"
                    f"{cites[side]}）" for side, f in by_side.items())
    ids = list(cites.values())
    if plan.differ and len(by_side) == 2:  # 双方主张的基数相差多少: their difference, nothing chosen
        outcome.add(_sides_difference(by_side, cites, said, outcome))
        return True
    outcome.conflicts.append(Conflict("testimony", f"{topic}双方说法不一：{said}", ids))
    outcome.add(Part(topic, f"双方说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    return True
