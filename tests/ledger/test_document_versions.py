"""A figure the asker reads out from a document against the speaker's own figure of that measure
(engine/answer/casefile/facts/versions.py link_document_versions): the document's figure is a
later version of the speaker's, attributed to the document — a conflict, never one chosen.
Text written for these tests."""

from __future__ import annotations

from decimal import Decimal

from engine.answer.casefile.facts import versions_of
from engine.answer.casefile.facts.versions import document_named
from tests.ledger.text_ledger import TextLedger

HEADER = """讯问笔录
时间：2025年5月6日9时00分至2025年5月6日11时00分
地点：临川市公安局北关派出所讯问室
侦查员：岑某、翟某 记录人：翟某
被讯问人：洪立伟 性别：男
"""

FINED = HEADER + """问：你以前受过处罚吗？
答：前年市场监管局来查过一次，把货都没收了，罚了我三千块钱。
问：你的货是从哪里进的？
答：从城西一个批发市场进的。
问：现向你出示临川市市场监督管理局行政处罚决定书，上面写明对你作出罚款陆仟元的处罚。你刚才说罚了三千，是怎么回事？
答：对，是罚了六千，我记错了。当时先交了三千，后来又交了三千。
"""


def _penalties(tl: TextLedger):
    return [e for e in tl.ledger.events if e.measure == "penalty" and e.amount is not None]


def test_a_fine_read_from_a_decision_is_a_version_of_the_fine_the_speaker_told():
    tl = TextLedger(FINED)
    told = next(e for e in _penalties(tl) if e.source == "answer")
    assert told.amount.value == Decimal(3000)  # 罚了我三千块钱: a fine, told by the speaker
    chain = versions_of(tl.ledger, told)
    assert [v.amount.value for v in chain] == [Decimal(3000), Decimal(6000)]
    assert chain[-1].source == "asker" and chain[-1].read_from == "行政处罚决定书"


def test_a_document_that_says_what_the_speaker_said_is_no_version():
    tl = TextLedger(FINED.replace("罚款陆仟元", "罚款叁仟元").replace("是罚了六千，我记错了。", "是三千。"))
    assert not any(e.corrects for e in _penalties(tl))


def test_a_speaker_who_told_several_fines_has_no_single_figure_a_document_revises():
    text = HEADER + """问：你以前受过处罚吗？
答：2019年罚了我两千块钱，2021年又罚了我三千块钱。
问：现向你出示行政处罚决定书，上面写明对你作出罚款陆仟元的处罚，你有没有异议？
答：没有异议。
"""
    assert not any(e.corrects for e in _penalties(TextLedger(text)))


def test_the_document_is_named_by_its_kind():
    assert document_named("现向你出示某某县卫生健康局某卫罚〔2020〕3号行政处罚决定书，上面写明") == "行政处罚决定书"
    assert document_named("银行流水显示这笔钱是2024年3月2日转出的，你怎么说？") == "银行流水"
    assert document_named("你的手机通话记录显示你11时05分才打的电话") == "手机通话记录"
    assert document_named("你当时为什么不报警？") == ""


# Two persons questioned in one file: a relative first, then the payer herself, each telling the fee.
TWO_PERSONS = """询问笔录
时间：2025年6月2日14时00分至2025年6月2日15时00分
地点：临川市公安局北关派出所询问室
询问人：岑某、翟某 记录人：翟某
被询问人：柯美玲 性别：女
问：你父亲买了些什么？
答：他先是6月初交了七百五十元的培训费，是现金给的业务员。
问：还有别的吗？
答：没有了。
询问笔录
时间：2025年6月3日9时00分至2025年6月3日10时00分
地点：临川市公安局北关派出所询问室
询问人：岑某、翟某 记录人：翟某
被询问人：柯建国 性别：男
问：你交过培训费吗？
答：交过。6月2号业务员说报了名上课有礼品。培训费原价两千，那几天优惠收一千三百元，我给的是现金。
问：还有别的事吗？
答：没有了。
"""


def test_one_fee_told_with_two_figures_by_two_persons_questioned_is_two_versions():
    tl = TextLedger(TWO_PERSONS)
    money = [e for e in tl.ledger.events if e.unit is None and e.amount is not None]
    first = next(e for e in money if e.amount.value == 750)
    chain = versions_of(tl.ledger, first)
    assert [v.amount.value for v in chain] == [Decimal(750), Decimal(1300)]
    speakers = [tl.ledger.statements[v.statement].speaker for v in chain]
    assert speakers == ["柯美玲", "柯建国"]  # each version is its teller's
    assert not any(e.amount.value == 2000 and e.role == "event" for e in money)  # 原价两千: listed, not paid


def test_one_person_telling_two_figures_of_a_fee_tells_two_payments_not_versions():
    text = TWO_PERSONS.replace("那几天优惠收一千三百元，我给的是现金。", "第一期收一千三百元，第二期培训费又交了八百元。")
    tl = TextLedger(text)
    assert not any(e.corrects for e in tl.ledger.events if e.unit is None)


class _Case:  # what voiced / voice_of read of a case: its ledger
    def __init__(self, ledger):
        self.ledger = ledger


def test_versions_told_by_two_persons_are_attributed_to_each():
    from engine.answer.casefile.disputes import voice_of, voiced

    tl = TextLedger(TWO_PERSONS)
    first = next(e for e in tl.ledger.events if e.unit is None and e.amount is not None and e.amount.value == 750)
    chain = versions_of(tl.ledger, first)
    case = _Case(tl.ledger)
    assert voiced(case, chain)
    assert [voice_of(case, v) for v in chain] == ["柯美玲本人", "柯建国本人"]
    fined = TextLedger(FINED)
    told = next(e for e in _penalties(fined) if e.source == "answer")
    versions = versions_of(fined.ledger, told)
    assert voiced(_Case(fined.ledger), versions)
    assert voice_of(_Case(fined.ledger), versions[-1]) == "问话中宣读的行政处罚决定书"
