"""Assemble a case ledger: statements, events, corrections linked to what they correct, and the
chronological order of each kind of movement."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Iterable

from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.answer.casefile.facts.extract import UNSAID_KIND, known_people, other_party, read_events, whole_names
from engine.text.case_lexicon import GENERIC_KINDS, TOTAL, VALUE_MEASURES
from engine.answer.casefile.facts.model import CaseLedger, Correction, Event
from engine.answer.casefile.facts.statements import read_statements, record_dates
from engine.answer.casefile.facts.versions import link_versions
from engine.answer.casefile.facts.when import resolve_dates
from engine.text.lines import join_pdf_lines
from engine.text.names import names_in, recurring_names
from engine.types import Chunk

# Bumped whenever extraction changes, so stored ledgers are rebuilt (engine/answer/casefile/facts/store.py).
LEDGER_VERSION = 90  # 90: a count taken back in another counting word (7个 … 一共是9个人) is its version beside small counts of others; a sum taken back with the right one told in the next sentence is its version (a cost row too); a bare 交 after a word of order or adding (另交…押金) pays; 89: an organisation word run into the word before it with no marker (3月20日银行把…) is its plain party (银行); 88: the channel named in the sentence (用微信…发了一笔转账) is the means, not the bare 转账 nearer the figure; 87: money told by a shortfall verb (少交的电费…一万块钱, 漏缴) is no payment; 86: one list of family words (堂弟, 侄子, 外甥…: engine/text/case_lexicon.FAMILY); 85: a ｜ table header's rows are fields of their own (derivation 6); 84: a receipt quoted (今收到某甲…款) — 某甲 paid the one who wrote it; 83: 某某拿了多少？—我给了他… — the one given to took it; a handed-over clause never overrides a figure's own verb; 82: 还了 of a repayment is no 'also'; 81: a movement told again in the answer to 一共多少 is a mention of the one told before (same sum, same receiver); 80: 某某这笔我给了他… — the person named as the topic is not the payer; 79: a figure in the words of a paper the speaker quotes (收条上写的是“…叁万元整”) tells again a payment of that sum; 78: 上次说…X元，我刚才说错了 — X taken back, no row; 77: a total restated is the earlier total of the same named payer, never a sum naming nobody; 76: 收到某某 names the payer; a receiver told in a clause with a figure of its own is that figure's; 75: 卖一袋95元 names a sale; 74: a clause telling only how the figure before it was handed over (一共是7,200元，他用微信转给我的) makes it a payment, payer that clause's subject; 73: 株 is 棵; 72: 桌, 盆, 单, 局, 节 are units; 七八年 is no 78; 71, 70: two people of one side answering in turn (被告苗长海：… 被告苗雨欣：…) are two statements, each speaker the name after the side; 69: the measure words of energy, area, teaching hours and common things counted (度, 千瓦时, 平方米, 亩, 课时, 册, 本, 种, 项, 倍, 级 …) are units; 68: s13-money2 — 垫付的两万元 (an act word before 的) and a figure the question puts for a side's word (有无异议) are mentions; 67: a gain promised (五年能赚…) is no row; an answer that says it tells again (前面说了…) mentions the earlier rows; 66: the base a share is reckoned on (32份是121600元，我拿了18240元 at 15%) is a value, not a movement; 65, 64, 63: s13-quant — 18个方 is 18立方米; a price declared (申报/报关) is a value measure; 62, 61: s13-quant — findings the asker puts and the speaker accepts (我没有意见/没有异议), 偷逃税款 a
# value measure (tax), 2.46万立方米 one quantity, 每柜也是25吨 a figure per piece; 60: one pattern for a price told with its piece before the figure (一盒1280元, 吊水一瓶四十元:
# PER_PIECE_BEFORE, read by piece_before; EACH no longer repeats it); 59: merged s11-figures (a price told with its piece before the figure — 吊水一瓶四十元 — is per
# piece, never a sum); 58: merged s11-conflicts (a figure the asker reads from a document, or another person questioned
# gives, is a version of the speaker's, attributed) and s11-flows (a payment after a promise to pay back is of the
# promise's kind; 谈下来 is a sum agreed; 赔 after 要 is a demand; 一盒1280元 is per piece; a means in another clause
# is that clause's). What each earlier number changed is in `git log -p -- engine/answer/casefile/facts/build.py`.


def build_ledger(doc_id: str, chunks: Iterable[Chunk]) -> CaseLedger:
    chunks = sorted(chunks, key=lambda c: c.seq)
    statements, headers = read_statements(chunks)
    events, corrections = read_events(statements)
    # the person questioned: the answerer the turns pair with the asker (a hearing's other parties,
    # whose turns are statements too, are not it), else the first speaker
    answerers = {c.meta.get("answerer") for c in chunks if c.chunk_type in ("qa", "qa_part")}
    subject = next((s.speaker for s in statements if s.speaker and s.speaker in answerers), None) or \
        next((s.speaker for s in statements if s.speaker), None)
    ledger = CaseLedger(doc_id, statements, events, corrections, headers, subject,
                        people_of(statements, headers), other_party(statements, known_people(statements)),
                        record_dates(chunks))
    _resolve_unsaid_kind(ledger)
    _kept_promises(ledger)  # 答应退两万…他用微信转了8000元: a payment under the promise is of its kind
    _link_mentions(ledger)
    _refine_by_record(ledger)  # 以记录为准: the confirmed record stands for the vaguer telling
    _link_put_versions(ledger)  # 某某供述…—我只给了他…: two accounts of one act
    _inherit_series_kind(ledger)
    _mark_denied(ledger)
    link_versions(ledger)  # 前面说的那个数说多了… / 可能八千，也可能一万: later versions of a figure
    _chronology(ledger)  # corrections name occurrences by order too
    _link_corrections(ledger)
    _link_mentions(ledger, final=True)  # 确定，是十五万元: the corrected figure confirmed
    _link_same_ordinal(ledger)
    _link_restated_totals(ledger)
    _link_other_side(ledger)
    _chronology(ledger)
    resolve_dates(ledger)
    return ledger


def people_of(statements, headers: dict[int, dict[str, str]]) -> list[str]:
    """Everyone the file names: header persons, speakers, names jieba tags in answers and the
    names the record repeats (recurring_names), longest first."""
    found: set[str] = set()
    for fields in headers.values():
        for key, value in fields.items():
            if re.search(r"人|员|嫌疑|证人|被害", key):
                found.update(p for p in re.split(r"[、，,\s]+", value) if 2 <= len(p) <= 4)
    found.update(s.speaker for s in statements if s.speaker)
    text = "\n".join(s.question + "\n" + s.answer for s in statements)
    for statement in statements:
        if statement.kind != "header":
            found.update(names_in(statement.answer))
    found.update(recurring_names(join_pdf_lines(text)))
    found.update(known_people(statements))
    found = set(whole_names(found))
    return sorted(found, key=lambda n: (-len(n), n))


def _same_amount(a: Decimal | None, b: Decimal | None) -> bool:
    return a is not None and b is not None and a == b


def _movements(ledger: CaseLedger) -> list[Event]:
    return [e for e in ledger.events if e.role == "event"]


def _link_corrections(ledger: CaseLedger) -> None:
    """A correction's target: the earlier row carrying the old value, else the occurrence the
    correcting sentence (or the asker's restatement) names. An amount correction is a row of its
    own that corrects the target (made from the target when the sentence names no kind); a date
    correction stays a Correction pointing at its target."""
    from engine.text.case_lexicon import ordinal_of

    for correction in ledger.corrections:
        # a figure corrected may be a movement, a sum agreed on or a figure of something
        earlier = [e for e in ledger.events if e.role in ("event", "agreed", "value", "cost") and e.is_money
                   and e.statement < correction.statement and not e.corrects]
        ordinal = correction.ordinal or (ordinal_of(correction.restated) if correction.restated else None)

        def by_ordinal():
            if ordinal is None:
                return by_reference(ledger, correction, earlier)
            told = [e for e in earlier if e.ordinal == ordinal]
            return (told or [e for e in earlier if e.chrono == ordinal] or [None])[0]

        if correction.field == "amount":
            target = None
            if correction.old is not None:
                same = [e for e in reversed(earlier) if e.amount and _same_amount(e.amount.value, correction.old.value)]
                # 9月8日那笔是24,000元，不是两万元 / 第四笔…不是两万: of the rows with the old value, the
                # one the sentence names by its occurrence or date
                named = [e for e in same if ordinal is not None and ordinal in (e.ordinal, e.chrono)]
                dated = by_reference(ledger, correction, same) if not named else None
                target = (named or ([dated] if dated else []) or same or [None])[0]
            target = target or by_ordinal() or _only_flow_between(ledger, correction, earlier)
            if target is None:
                continue
            new_event = next((e for e in ledger.events if e.statement == correction.statement
                              and e.amount is not None and e.amount.anchor == correction.new.anchor), None)
            if new_event is None:  # 第一笔应该是4000元: the row again, with the value said now
                new_event = replace(target, id=f"{target.id}c{correction.statement}", amount=correction.new,
                                    statement=correction.statement, session=ledger.statements[correction.statement].session,
                                    sentence=correction.sentence or correction.new.anchor, uncertain=[],
                                    corrects=None)
                ledger.events.append(new_event)
            new_event.corrects = target.id
            new_event.kind, new_event.measure, new_event.role = target.kind, target.measure, target.role
            new_event.ordinal = new_event.ordinal or target.ordinal
            new_event.date = new_event.date if new_event.date and new_event.date.precision != "no_year" \
                else target.date
            correction.target = target.id
        elif correction.field == "date":
            target = None
            moved = [e for e in earlier if e.role == "event"]
            if correction.old is not None:
                old = str(correction.old.value)
                same = [e for e in reversed(moved) if e.date and str(e.date.value) == old]
                named = [e for e in same if ordinal is not None and ordinal in (e.ordinal, e.chrono)]
                target = (named or (same if ordinal is None else []) or [None])[0]
                if target is None and ordinal is not None and len(same) == 1 \
                        and not any(e.ordinal == ordinal for e in moved):
                    # 第一笔付款的日期是2月22日，不是2月21日 while a payment the other side disputes comes
                    # earlier: the one row dated as the old value is the occurrence the speaker counts as
                    # the first — not the first by date
                    target = same[0]
                    target.ordinal = ordinal
            target = target or by_ordinal()
            correction.target = target.id if target else None


def _date_matches(reference: str, value: str) -> bool:
    """2月7号 (--02-07) names 2021-02-07; 12月份 (--12) names 2023-12-20; a full date names itself."""
    reference, value = reference.lstrip("-"), str(value)
    if not value[:1].isdigit():
        return False
    if len(reference) >= 7 and reference[:4].isdigit():
        return value.startswith(reference)
    return value[5:].startswith(reference) if len(value) > 5 else False


def _only_flow_between(ledger: CaseLedger, correction: Correction, earlier: list[Event]) -> Event | None:
    """The one earlier movement of the same kind between the same named people as the corrected
    figure's row (上次说的要改吗？—他转给我的好像是一万八千元): the row it restates, when no old value,
    occurrence, date or means names it."""
    new = next((e for e in ledger.events if e.statement == correction.statement and e.amount is not None
                and correction.new is not None and e.amount.anchor == correction.new.anchor), None)
    if new is None or not (new.payer or new.payee):
        return None
    same = [e for e in earlier if e.role == "event" and e.kind == new.kind
            and (new.payer is None or e.payer == new.payer) and (new.payee is None or e.payee == new.payee)]
    return same[0] if len(same) == 1 else None


def by_reference(ledger: CaseLedger, correction: Correction, earlier: list[Event]) -> Event | None:
    """The row a correction names by its date, month or means (2月7号那次, 给现金的那次)."""
    from engine.text.case_lexicon import MEANS
    from engine.text.dates import find_dates

    if correction.sentence is None:
        return None
    statement = ledger.statements[correction.statement]
    text = statement.answer[max(0, correction.sentence.start - statement.answer_offset):
                            correction.sentence.end - statement.answer_offset]
    text = join_pdf_lines(text)
    new_text = join_pdf_lines(correction.new.text)
    for fact in find_dates(text):
        if fact.text in new_text or new_text in fact.text:
            continue
        found = [e for e in earlier if e.date and _date_matches(str(fact.value), str(e.date.value))]
        if len(found) == 1:
            return found[0]
    month = re.search(r"(\d{1,2}|[一二三四五六七八九十]{1,3})月份?(?:那|的那)", text)
    if month:
        from engine.text.numbers import parse_number

        number = parse_number(month.group(1))
        if number is not None:
            found = [e for e in earlier if e.date and _date_matches(f"--{int(number):02d}", str(e.date.value))]
            if len(found) == 1:
                return found[0]
    for means in MEANS.finditer(text):
        found = [e for e in earlier if e.means and means.group(0) in e.means.text]
        if len(found) == 1:
            return found[0]
    return None


def _resolve_unsaid_kind(ledger: CaseLedger) -> None:
    """A total whose words name no kind (一共九万二千元) totals the file's main kind of movement."""
    counts: dict[str, int] = {}
    for e in _movements(ledger) or [e for e in ledger.events if e.role == "total" and e.kind != UNSAID_KIND]:
        counts[e.kind] = counts.get(e.kind, 0) + 1
    main = max(counts, key=counts.get) if counts else None
    for e in ledger.events:
        if e.kind == UNSAID_KIND:
            e.kind = main or UNSAID_KIND


# What a promise to pay back or to make good is kept by (a sum agreed, lexicon AGREED): money coming back,
# or damages paid.
_PROMISED_KINDS = ("repay", "compensation")


def _kept_promises(ledger: CaseLedger) -> None:
    """他答应退我们一万元。6月9日他用微信给我转了4000元: a movement told with the generic verbs of
    handing over (转了, 给了), in the same answer after a promise to pay back or to make good, by the
    one who promised (or by no one named) and not to him, is money paid under that promise — of its
    kind, so that what was promised less what was paid of it is what is still owed (never money the
    other side handed over)."""
    for promise in [e for e in ledger.events if e.role == "agreed" and e.kind in _PROMISED_KINDS and e.is_money]:
        for event in ledger.events:
            if event.statement != promise.statement or event.sentence.start <= promise.sentence.start \
                    and event.sentence.chunk_id == promise.sentence.chunk_id:
                continue
            if event.role != "event" or event.kind not in GENERIC_KINDS or not event.is_money or event.measure:
                continue
            if not _same_party(event.payer, promise.payer) or (event.payee and event.payee == promise.payer):
                continue
            event.kind = promise.kind


def _inherit_series_kind(ledger: CaseLedger) -> None:
    """第四次是…我用网银转了46,500元到我老婆的卡上: a generic "handed over" verb in the Nth
    occurrence of a series continues the series told just before it (第三次…拿了…)."""
    previous: Event | None = None
    for event in _movements(ledger):
        if event.ordinal is None:
            continue
        if (previous is not None and event.kind in GENERIC_KINDS and previous.kind not in GENERIC_KINDS
                and previous.ordinal == event.ordinal - 1 and previous.session == event.session):
            event.kind = previous.kind
        previous = event


def _same_party(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b or a in b or b in a


def _link_same_ordinal(ledger: CaseLedger) -> None:
    """Two statements of the same movement (same kind, ordinal and parties) with different amounts:
    the later one is a version of the earlier, even without a correction cue. (Two people's second
    gifts are two gifts.)"""
    seen: dict[tuple[str, int], list[Event]] = {}
    for event in _movements(ledger):
        if event.ordinal is None or event.corrects:
            continue
        firsts = seen.setdefault((event.kind, event.ordinal), [])
        first = next((f for f in firsts if _same_party(f.payer, event.payer) and _same_party(f.payee, event.payee)), None)
        if first is None:
            firsts.append(event)
        elif event.amount and first.amount and event.amount.value != first.amount.value \
                and event.statement != first.statement:
            event.corrects = first.id


def dates_agree(a: str | None, b: str | None) -> bool:
    """Two dates that can name the same day: --09-04 and 2023-09-04, 2023-05 and 2023-05-30; a
    date said in words (春节前) or missing agrees with any."""
    parts = []
    for value in (a, b):
        value = str(value or "")
        if value.startswith("--"):
            parts.append((None, *value[2:].split("-")))
        elif value[:4].isdigit():
            pieces = value.split("-")
            parts.append((pieces[0], *pieces[1:]))
        else:
            return True
    (y1, *md1), (y2, *md2) = parts
    if y1 and y2 and y1 != y2:
        return False
    return all(x == y for x, y in zip(md1, md2))


def _link_mentions(ledger: CaseLedger, final: bool = False) -> None:
    """A movement told again is one movement: a figure named with 那/这 (那笔6.8万元, 当天转的那1500元),
    the same figure read out from a document the asker shows (交易明细: 2023年9月4日转出5万元), or
    told again with the same date or by another party of a hearing. A later row of the same kind
    and amount whose date and occurrence do not differ becomes a ``mention`` of the earlier one;
    one said to be another (又, 再, 另外) never does."""
    from engine.answer.casefile.facts.extract import MENTIONED
    from engine.text.case_lexicon import AGAIN

    order = {e.id: n for n, e in enumerate(ledger.events)}
    rows = sorted((e for e in ledger.events if e.is_money and e.amount is not None),
                  key=lambda e: (e.statement, order[e.id]))
    for n, event in enumerate(rows):
        demonstrative = event.same_as == MENTIONED
        # (还了某某一万五千元: of a repayment 还 is the verb, not "also")
        words = re.sub(r"还(?=了|给|款|清|钱)", "", event.words) if event.kind == "repay" else event.words
        if event.role != "event" or event.same_as not in (None, MENTIONED) or AGAIN.search(words):
            continue
        # the words of a paper the speaker quotes (收条上写的是“今收到…叁万元整”); an answer to 一共多少, which
        # sums up what was told one by one (一共十四万七千元，还了某某一万五千元) — each read once per row
        quoted_paper = bool(_WRITTEN.search(event.words))
        summing_up = bool(TOTAL.search(ledger.statements[event.statement].question))
        for other in reversed(rows[:n]):
            # (前面说了…两万六千六: a figure told again may be a sum stated before, 一共交了两万六千六百元)
            if other.role not in (("event", "total") if demonstrative else ("event",)) or other.same_as \
                    or other.amount.value != event.amount.value \
                    or other.kind != event.kind and not demonstrative:
                continue
            if not dates_agree(other.date.value if other.date else None, event.date.value if event.date else None):
                continue
            if event.ordinal is not None and other.ordinal is not None and event.ordinal != other.ordinal:
                continue
            other_speaker = ledger.statements[other.statement].speaker != ledger.statements[event.statement].speaker
            # 他用微信给我妈转了8000元 (the daughter) / 10月23号在微信上退了我八千 (the mother): the receiver is
            # told from each speaker's side — one payer, one day, one sum told by two speakers is one act
            retold = other_speaker and bool(other.payer) and other.payer == event.payer and _same_day(other, event)
            if not demonstrative and not (_same_party(other.payer, event.payer)
                                          and (_same_party(other.payee, event.payee) or retold)):
                continue
            dated = bool(other.date and event.date)
            told_by_document = "asker" in (event.source, other.source) or quoted_paper
            summed_up = summing_up and other.statement != event.statement and bool(other.payee) \
                and other.payee == event.payee
            if demonstrative or dated or told_by_document or summed_up or other.statement == event.statement \
                    or (other_speaker and event.ordinal is None and bool(other.date or event.date)):
                event.role, event.same_as = "mention", other.id
                break
        if final and event.same_as == MENTIONED:
            event.same_as = None


# The words of a paper quoted: 上面写的是“…”, 写着「…」, 载明“…”.
_WRITTEN = re.compile(r"(?:写的是|写着|写明|载明|内容是|上面写)[:：]?[“\"「『]")


def _same_day(a: Event, b: Event) -> bool:
    """Both dated to the day (a month and day at least), and the same day."""
    days = [str(e.date.value) if e.date else "" for e in (a, b)]
    return all(re.fullmatch(r"(?:\d{4}|-)-\d{2}-\d{2}", d) for d in days) and dates_agree(*days)


def _link_restated_totals(ledger: CaseLedger) -> None:
    """A sum stated again after a correction (六次一共二十二万三千元 … 第四笔说错了 … 这样算一共是
    二十二万七千元) is a later version of the same total, not a second total."""
    totals = [e for e in ledger.events if e.role == "total" and e.is_money and e.amount is not None and not e.corrects]
    corrected = [e for e in ledger.events if e.corrects]
    for n, later in enumerate(totals):
        candidates = [e for e in reversed(totals[:n]) if e.kind == later.kind and e.measure == later.measure
                      and e.statement != later.statement and _same_party(e.payer, later.payer)]
        # a total of the same named payer is the one restated (某某一共给了我两万元 … 26000元), never a
        # sum naming nobody told between them
        named = [e for e in candidates if later.payer and e.payer == later.payer]
        for earlier in named or candidates:
            if earlier.amount.value == later.amount.value:
                continue
            between = any(earlier.statement < c.statement <= later.statement and c.kind == later.kind for c in corrected)
            if between or earlier.session != later.session:
                later.corrects = earlier.id
                break


def _link_other_side(ledger: CaseLedger) -> None:
    """A hearing's sides telling the same movement (原告: 于2023年5月30日支付货款陆拾万元 / 被告: 5月底
    又付了60万) is one movement told twice: the later telling is a mention of the earlier, never a
    second movement to add up (a figure the sides state differently stays two rows, a conflict).
    Matched one to one: same kind and amount, dates that agree; what _link_mentions linked already
    is left as it is."""
    sides = {s.index: s.party for s in ledger.statements if s.party in HEARING_SIDES}
    if len(set(sides.values())) < 2:
        return
    told = [e for e in _movements(ledger) if not e.corrects and not e.same_as and e.statement in sides
            and e.amount is not None]
    matched: set[str] = set()
    for n, later in enumerate(told):
        for earlier in told[:n]:
            if earlier.id in matched or earlier.corrects or sides[earlier.statement] == sides[later.statement]:
                continue
            if earlier.kind == later.kind and earlier.amount.value == later.amount.value and dates_agree(
                    earlier.date.value if earlier.date else None, later.date.value if later.date else None):
                later.role, later.same_as = "mention", earlier.id
                matched.add(earlier.id)
                break


def _link_put_versions(ledger: CaseLedger) -> None:
    """Another person's account put to the speaker (郑某供述你分给他4万元，你怎么说？) and the figure the
    answer gives instead (我只给了他3万元 / 可能三万也可能四万): the answer's row is a later version of
    the cited account's row, of the same kind (A称X元；本人称Y元) — a conflict, never a second act."""
    for told in [e for e in ledger.events if e.source == "asker" and e.told_by and e.amount is not None
                 and not e.corrects]:
        # a figure of something (老韩说第一回收你的铜线给了你七千元 — a price obtained) is put against the
        # speaker's own figure of the same measure, as a movement against his movement
        earlier = [e for e in ledger.events if e.source == "answer" and e.role == told.role and e.statement < told.statement
                   and e.amount is not None and e.unit == told.unit and not e.corrects and e.kind == told.kind
                   and (told.role == "event" or e.measure == told.measure)
                   and _same_parties(e, told) and (e.ordinal is None or told.ordinal is None or e.ordinal == told.ordinal)]
        # of the same occasion only: an account of the second sale (第二回…) is no version of a sale whose
        # occasion was not said, nor of the first — when the occasion cannot be told, no version
        same = [e for e in earlier if e.ordinal == told.ordinal
                and dates_agree(e.date.value if e.date else None, told.date.value if told.date else None)]
        same_occasion = len(same) == 1 and (told.ordinal is not None or len(earlier) == 1)
        if told.role == "value" and told.measure in VALUE_MEASURES and same_occasion \
                and same[0].amount.value != told.amount.value:
            # 那可能是我记错了，应该是七千元: the speaker taking up the account put to him is his own
            # later version of the figure, never a second sale
            act = same[0]
            told.corrects = act.id
            for again in [e for e in ledger.events if e.statement == told.statement and e.source == "answer"
                          and e.amount is not None and e.role == "value" and not e.corrects
                          and e.amount.value in (told.amount.value, act.amount.value)]:
                again.corrects = act.id if again.amount.value == told.amount.value else None
                if again.amount.value == act.amount.value:
                    again.role, again.same_as = "mention", act.id
            continue
        if told.role == "event" and len(earlier) == 1 and earlier[0].amount.value != told.amount.value:
            # 孙某说第二次你只转了5000元，你怎么说？—我记得是6000元: the act the speaker told before, in
            # the other person's version; the answer's figure told again is that act's mention
            act = earlier[0]
            told.corrects, told.ordinal = act.id, told.ordinal or act.ordinal
            told.payer, told.payee = told.payer or act.payer, told.payee or act.payee
            for again in [e for e in ledger.events if e.statement == told.statement and e.source == "answer"
                          and e.amount is not None and e.amount.value == act.amount.value and e.role == "event"]:
                again.role, again.same_as, again.corrects = "mention", act.id, None
            continue
        own = [e for e in ledger.events if e.statement == told.statement and e.source == "answer"
               and e.amount is not None and e.unit == told.unit and e.role in ("event", "value", "total")
               and not e.corrects and e.amount.value != told.amount.value]
        if len(own) != 1:
            continue
        answer = own[0]
        answer.corrects = told.id
        answer.kind, answer.measure, answer.role = told.kind, told.measure, told.role
        answer.payer, answer.payee = answer.payer or told.payer, answer.payee or told.payee


def _refine_by_record(ledger: CaseLedger) -> None:
    """A record the speaker confirms (现向你出示…转账记录，显示你于8月27日21时14分…转账6000元—对，以
    记录为准) for an act he told only vaguely before (8月下旬，具体哪天记不清，微信转给他6000元): the
    record's row stands for the act and names the vaguer one it refines; the earlier telling becomes
    a mention of it — no conflict. The act is matched by kind, parties, means and amount (an
    approximate amount within a tenth), never by position alone; a record matching several rows, or
    adding nothing exact, changes nothing."""
    for record in [e for e in ledger.events if e.source == "asker" and e.confirmed and e.amount is not None
                   and e.role in ("event", "mention") and not e.corrects]:
        candidates = [e for e in ledger.events if e.source == "answer" and e.role in ("event", "mention")
                      and e.statement < record.statement and e.amount is not None and e.unit == record.unit
                      and not e.corrects and _same_act(e, record)
                      and dates_agree(e.date.value if e.date else None, record.date.value if record.date else None)]
        linked = ledger.by_id(record.same_as) if record.same_as else None
        if linked is not None and linked.source == "answer" and linked.role == "event":
            candidates = [linked]
        candidates = [e for e in candidates if e.role == "event"]
        if len(candidates) != 1 or not _vaguer(candidates[0], record):
            continue
        told = candidates[0]
        record.role, record.same_as, record.refines = "event", None, told.id
        record.ordinal = record.ordinal or told.ordinal
        record.payer, record.payee = record.payer or told.payer, record.payee or told.payee
        record.means = record.means if record.means and not told.means else told.means or record.means
        told.role, told.same_as = "mention", record.id
        for other in ledger.events:  # a later mention of the vaguer telling tells the record's act
            if other.same_as == told.id:
                other.same_as = record.id


def _same_parties(told: Event, record: Event) -> bool:
    """No party named differently, and one named the same (the receiver, else the payer)."""
    for a, b in ((told.payer, record.payer), (told.payee, record.payee)):
        if a and b and a != b:
            return False
    return bool(told.payee and told.payee == record.payee or told.payer and told.payer == record.payer
                and record.payee is None)


def _same_act(told: Event, record: Event) -> bool:
    """The same act by what it is: kind, the parties both name, the means both name, the amount
    (an approximate one within a tenth of the record's)."""
    if told.kind != record.kind or not _same_parties(told, record):
        return False
    if told.means and record.means and not (told.means.text in record.means.text or record.means.text in told.means.text
                                             or told.means.text in record.words or record.means.text in told.words):
        return False
    if told.amount.value == record.amount.value:
        return True
    return told.amount.approx and abs(told.amount.value - record.amount.value) * 10 <= record.amount.value


def _vaguer(told: Event, record: Event) -> bool:
    """The earlier telling says less exactly what the record says: no date or an unsure, approximate
    or partial one against a day; no clock time against one; an approximate amount against an exact one."""
    day = record.date is not None and record.date.precision in (None, "exact") and \
        len(str(record.date.resolved or record.date.value)) == 10
    vague_day = told.date is None or "date" in told.uncertain or told.date.approx or \
        told.date.precision not in (None, "exact")
    if day and vague_day:
        return True
    if record.time is not None and told.time is None:
        return True
    return bool(told.amount.approx or "amount" in told.uncertain) and not record.amount.approx


# The other side saying it never happened: 他们不认 (told by the payer), 没有收到 / 不承认 (by the payee).
DENIED = re.compile(r"不认(?!识)|不承认|否认|没(?:有)?收到|没(?:有)?这回事|没有这笔")


def _mark_denied(ledger: CaseLedger) -> None:
    """A movement the other side denies — right after it in its own telling (…还当面给过原告现金四千元，
    他们不认) or, in the next statements of another speaker, in a clause naming its means or amount
    (现金我们没有收到) — is disputed: told, not established, so it takes no place among the Nth."""
    statements = ledger.statements
    for e in _movements(ledger):
        own = statements[e.statement]
        if e.amount is None or e.source != "answer":
            continue
        start = e.amount.anchor.end - own.answer_offset
        end = e.sentence.end - own.answer_offset
        following = [a.start() for a in _AMOUNT_SAID.finditer(own.answer, max(0, start), max(0, end))]
        if DENIED.search(own.answer, max(0, start), min([max(0, end)] + following)):
            e.disputed = True
            continue
        marks = [v.text for v in (e.means, e.amount) if v is not None and v.text]
        for later in statements[e.statement + 1:e.statement + 3]:
            if later.kind != "qa" or (later.speaker == own.speaker and later.party == own.party):
                continue
            clauses = re.split(r"[，,。；;！？]", later.answer)
            if any(DENIED.search(c) and any(mark in c for mark in marks) for c in clauses):
                e.disputed = True
                break


# Where the next figure of a telling starts (a denial after it is that figure's).
_AMOUNT_SAID = re.compile(r"[\d一二三四五六七八九十两壹贰叁肆伍陆柒捌玖拾百千万佰仟]+(?:\.\d+)?(?:万|千)?(?:元|块)")


def _chronology(ledger: CaseLedger) -> None:
    """Each kind's movements numbered in time: by date when every one is dated, else in the order
    they are told (the text's own ordinals, 第二次, stay apart in ``ordinal``). A movement the
    other side denies takes no place in the order."""
    kinds = {e.kind for e in _movements(ledger)}
    for kind in kinds:
        events = [e for e in _movements(ledger) if e.kind == kind and not e.corrects and not e.disputed]
        dated = all(e.date is not None and str(e.date.value)[:1].isdigit() for e in events)
        if all(e.ordinal is not None for e in events):
            order = sorted(events, key=lambda e: e.ordinal)
        elif dated:
            order = sorted(events, key=lambda e: str(e.date.value))
        else:
            order = events
        for n, e in enumerate(order, start=1):
            e.chrono = n
        for e in ledger.events:  # a later statement of a row is that row's occurrence
            if e.corrects and e.kind == kind:
                target = ledger.by_id(e.corrects)
                e.chrono = target.chrono if target else None
    # sums demanded (要是不给他10万元… / 后来说最少要6万元): numbered apart from what was paid, the same way —
    # the first demand is the first told (or the earliest dated), never the first payment
    demands = [e for e in ledger.events if e.role == "demand" and e.chrono is None and not e.corrects
               and not e.disputed]
    dated = all(e.date is not None and str(e.date.value)[:1].isdigit() for e in demands)
    for n, e in enumerate(sorted(demands, key=lambda e: str(e.date.value)) if dated else demands, start=1):
        e.chrono = n


def corrections_of(ledger: CaseLedger, event: Event) -> list[Correction]:
    return [c for c in ledger.corrections if getattr(c, "target", None) == event.id]


def versions_of(ledger: CaseLedger, event: Event) -> list[Event]:
    """The event and every later statement of it (corrections), oldest first."""
    chain = [event]
    for other in ledger.events:
        if other.corrects == event.id:
            chain.append(other)
    return chain
