"""What one person of a group is still owed (老汤干了那么久，到现在还差多少钱没拿到): that person's own
item of an enumerated obligation (鲁某39,200元，汤某37,800元…一共…) less every lump paid to each of a
group the person belongs to (给除了某某以外的6个人每人发了5000元 / 又给这6个人每人发了4000元) and
every payment told of that person by name.

Who belongs to a group is read from the sentence paying it: the people it names, or the enumeration's
people less those it leaves out (除了某某以外), or — 这6个人 — the group paid before. A group whose size
the sentence states and the reading does not give is never used: the answer needs review then, as it
does when a payment to the person is told per period or the result is negative or above the item.
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Event
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number, quoted, said_figure
from engine.text.numbers import parse_number

_LABEL = "未付金额"
# The items of an enumeration owed to each person: what is due, never what was paid.
_DUE = frozenset({"wages_owed", "contract_price", "cost"})
_LEFT_OUT = re.compile(r"除(?:了)?(?P<who>[^，。；以之外]{2,12}?)(?:以外|之外|外)")
_GROUP_SIZE = re.compile(r"(?P<n>[\d一二三四五六七八九十两]+)(?:个|名|位)(?:人|工人|工友)")
_AGAIN = re.compile(r"(?:这|那|上述)(?:[\d一二三四五六七八九十两]+)?(?:个|名|位)?(?:人|工人|工友)|他们|大家")
_PER_PERSON = re.compile(r"每人|每个人|每位|一人")


def _item_of(case: Case, who: str) -> Event | None:
    """The person's own item of an enumeration of what is due (one row naming them and no one else,
    beside rows of the same measure naming others)."""
    people = case.people()
    rows = [e for e in case.ledger.money if e.measure in _DUE and e.role in ("value", "part") and not e.corrects
            and e.amount is not None and not e.amount.approx]
    mine = [e for e in rows if who in e.words and not any(p != who and p in e.words and p not in who for p in people)]
    others = [e for e in rows if e not in mine and any(p in e.words for p in people)]
    return mine[0] if len(mine) == 1 and others else None


# An item of an enumeration opens with whom it is of: 贝某18,700元 (a name the file may not know otherwise).
_ITEM_OF = re.compile(r"^(?P<who>[\u4e00-\u9fff]{2,4}?)(?=[\d一二三四五六七八九十两壹贰叁肆伍陆柒捌玖])")


def _enumerated(case: Case, item: Event) -> list[str]:
    """The people of the enumeration the item belongs to (the rows of its statement and measure),
    each read from the words opening its item, else the file's name it holds."""
    rows = [e for e in case.ledger.money if e.statement == item.statement and e.measure == item.measure
            and e.role in ("value", "part")]
    found = []
    for row in rows:
        opening = _ITEM_OF.match(row.words)
        named = [p for p in case.people() if p in row.words]
        who = opening.group("who") if opening else max(named, key=len) if len(named) == 1 else None
        if who and who not in found:
            found.append(who)
    return found


def _size(text: str) -> int | None:
    found = _GROUP_SIZE.search(text)
    if not found:
        return None
    value = parse_number(found.group("n"))
    return int(value) if value is not None else None


def answer_person_balance(case: Case, who: str, outcome: Outcome) -> bool:
    """False when the record holds no enumerated item of that person beside lumps paid per person
    (the caller then says what it would have said)."""
    item = _item_of(case, who)
    lumps = [e for e in case.ledger.money if e.role == "each" and e.unit is None and not e.corrects
             and e.amount is not None and _PER_PERSON.search(case.text_of(e.sentence))]
    if item is None or not lumps:
        return False
    group = _enumerated(case, item)
    cited_item = case.cite_event(item, "completion")
    paid: list[Event] = []
    members: list[str] | None = None
    for lump in sorted(lumps, key=lambda e: (e.statement, e.sentence.start)):
        said = case.text_of(lump.sentence)
        named = [p for p in group if p in said]
        left_out = _LEFT_OUT.search(said)
        if left_out:
            members = [p for p in group if p not in left_out.group("who")]
        elif named:
            members = named
        elif members is None or not _AGAIN.search(said):
            members = None  # a group the sentence does not say: it cannot be placed
        size = _size(said)
        if members is None or size is not None and size != len(members):
            ids = [cited_item, case.cite_event(lump, "completion")]
            outcome.add(Part(_LABEL, f"无法确定{quoted(said)}（{ids[1]}）所说的每人款项是否包括{who}，"
                                     f"无法得出{who}的未付金额，需人工复核", Fill.CONFLICT, ids))
            return True
        if who in members:
            paid.append(lump)
    by_name = [e for e in case.ledger.money if e.role in ("event", "mention", "periodic") and not e.corrects
               and e.amount is not None and e.kind in ("pay", "repay") and who in e.words]
    if any(e.role == "periodic" for e in by_name):
        ids = [cited_item] + [case.cite_event(e, "completion") for e in by_name]
        outcome.add(Part(_LABEL, f"{who}另有按期支付的款项，无法逐笔扣除，需人工复核", Fill.CONFLICT, ids))
        return True
    paid += [e for e in by_name if not (e.role == "mention" and e.same_as in {p.id for p in paid})]
    whole = Decimal(str(item.amount.value))
    minus = [Decimal(str(e.amount.value)) for e in paid]
    result = whole - sum(minus, Decimal(0))
    ids = [cited_item] + [case.cite_event(e, "completion") for e in paid]
    if result < 0 or result > whole:
        outcome.add(Part(_LABEL, f"无法得出：按{'、'.join(ids)}，已付多于应得，结果为负，需人工复核", Fill.CONFLICT, ids))
        return True
    expression = f"{plain_number(whole)} - " + " - ".join(plain_number(v) for v in minus) if minus else plain_number(whole)
    outcome.calculations.append(Calculation(expression, result, None, True, ids, f"{who}应得的数额减去已付给{who}的各笔"))
    # each term quoted by its own clause (the item's sentence names everyone else's figure too)
    steps = [f"{who}应得{said_figure(item.amount, item.currency)}（{quoted(item.words)}，{cited_item}）"]
    steps += [f"减去{said_figure(e.amount, e.currency)}（{quoted(e.words)}，{i}）"
              for e, i in zip(paid, ids[1:])]
    outcome.add(Part(_LABEL, f"{who}尚有{money(result, item.currency)}未拿到：{'，'.join(steps)}，"
                             f"复算为{money(result, item.currency)}", Fill.FILLED, ids))
    return True
