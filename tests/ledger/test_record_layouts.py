"""Records of other layouts, written for these tests: a hearing record (庭审笔录) whose parties state
one figure differently, and an interrogation with a ｜ table header, a second session whose header
stands mid-page and a 补充讯问 section. Each statement knows its speaker and side; the header
questions are answered from each session's own header."""

from __future__ import annotations

import pytest

from engine.answer.casefile.facts import build_ledger

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

HEARING = """某市某区人民法院
庭审笔录
时间：2024年6月3日9时00分至11时20分
地点：某市某区人民法院第五审判庭
案号：（2024）某0102民初88号
案由：租赁合同纠纷
审判长：苗某 审判员：晏某 人民陪审员：庄某
书记员：葛某
原告：某某商贸有限公司，住所地某市某路1号。
委托诉讼代理人：濮某，某律师事务所律师。
被告：宓某，男，1980年1月2日出生，身份证号码110101198001020014，联系电话
13900003333。
审判长：现在开庭，核对当事人身份。原告方到庭的是谁？
原告委托诉讼代理人：濮某，受原告委托出庭。
审判长：被告。
被告：宓某，本人到庭。
审判长：原告，被告欠你方多少租金？
原告委托诉讼代理人：欠了三个月的租金，一共四万五千元。
被告：我只欠两个月，三万元。
审判长：被告，你什么时候交的最后一笔租金？
被告：2024年1月5日，交了一万五千元。
审判长：原告付过押金没有？
原告委托诉讼代理人：付过，2023年12月1日原告用银行转账支付了押金两万元。
被告：押金是收到了，他们12月1日转了2万元。
审判员：原告对此有无异议？
原告委托诉讼代理人：没有异议。
审判长：双方是否愿意调解？
原告委托诉讼代理人：原告同意调解，前提是被告先付清拖欠的租金。
被告：不同意调解，我不欠那么多。
以上笔录经当事人阅读，确认无误。
"""

TABLE = """讯　问　笔　录
时间｜2024年3月1日9时05分至2024年3月1日10时15分
地点｜某县公安局刑侦大队第一讯问室
侦查员｜乔某、邴某｜工作单位｜某县公安局刑侦大队
记录人｜邴某
犯罪嫌疑人｜应某｜性别｜男｜出生日期｜1991年7月9日
身份证号码｜110101199107090016
联系电话｜13500004444
问　你拿了仓库里多少钱？
答　一共拿了六千元，分两次拿的。
问　钱用到哪里去了？
答　还了网贷。
问　收赃的人给你打电话用的是什么号码？
答　是个外地号码，具体号码我没记住。
问　郭志强现在在哪里？
答　不知道，他的手机号是13700005555，一直打不通。
问　你开的什么车？
答　一辆白色轿车，车牌号是浙C8K2M5，是我自己的。
问　你还有什么要说的？
答　没有了。
以上笔录我看过，和我说的相符。
犯罪嫌疑人：应某
讯问笔录（第二次）
时间｜2024年3月8日14时00分至2024年3月8日15时00分
地点｜某县看守所第三讯问室
侦查员｜乔某、邴某
问　上次说的有没有要更正的？
答　有，是七千元，不是六千元。
问　你家里人知道吗？
答　知道。
补充讯问：
时间｜2024年3月8日15时10分至2024年3月8日15时30分
地点｜某县看守所第三讯问室
问　这七千元你还给人家了吗？
答　还了两千元，是我父亲替我还的。
以上笔录我看过，和我说的相符。
"""


@pytest.fixture(scope="module")
def layouts_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("layouts"), {"庭审笔录_租赁.txt": HEARING, "讯问笔录_应某.txt": TABLE})


def test_each_party_of_a_hearing_is_a_statement_of_its_own(layouts_home):
    engine, docs = layouts_home
    doc = docs["庭审笔录_租赁.txt"]
    ledger = build_ledger(doc, engine.index.catalog.chunks(doc, with_facts=True))
    rent = [s for s in ledger.statements if "多少租金" in s.question]
    assert [(s.party, s.speaker) for s in rent] == [("原告", "濮某"), ("被告", "宓某")]
    assert "四万五千元" in rent[0].answer and "三万元" not in rent[0].answer
    assert "三万元" in rent[1].answer and "四万五千元" not in rent[1].answer
    paid = next(s for s in ledger.statements if "最后一笔租金" in s.question)
    assert (paid.party, paid.speaker) == ("被告", "宓某") and paid.answer.startswith("2024年1月5日")


def test_one_payment_told_by_both_sides_is_one_row_with_two_tellings(layouts_home):
    engine, docs = layouts_home
    doc = docs["庭审笔录_租赁.txt"]
    ledger = build_ledger(doc, engine.index.catalog.chunks(doc, with_facts=True))
    deposit = [e for e in ledger.events if e.role in ("event", "mention") and e.amount is not None
               and e.amount.value == 20000]
    assert len(deposit) == 2
    first, second = deposit
    assert ledger.statements[first.statement].party == "原告" and ledger.statements[second.statement].party == "被告"
    # one movement, never added twice: the other side's telling is a mention of it (not a version)
    assert (first.role, second.role, second.same_as, first.same_as) == ("event", "mention", first.id, None)


def test_a_side_named_in_the_question_is_answered_from_its_own_words(layouts_home):
    answer = ask(layouts_home, "庭审笔录_租赁.txt", "被告同意调解吗？")
    assert answer.conclusion.startswith("否") and "不同意调解" in answer.conclusion
    plaintiff = ask(layouts_home, "庭审笔录_租赁.txt", "原告同意调解吗？")
    assert plaintiff.conclusion.startswith("是") and "原告同意调解" in plaintiff.conclusion
    absent = ask(layouts_home, "庭审笔录_租赁.txt", "这些货是哪家工厂生产的？")
    assert absent.status.value == "not_found"


def test_the_hearing_header_answers_when_where_and_who(layouts_home):
    answer = ask(layouts_home, "庭审笔录_租赁.txt", "这次开庭是哪天、在哪个审判庭？")
    assert "2024年6月3日" in answer.conclusion and "第五审判庭" in answer.conclusion
    assert "开庭时间" in answer.conclusion and answer.status.value == "answered"
    judge = ask(layouts_home, "庭审笔录_租赁.txt", "本案的审判长是谁？")
    assert "苗某" in judge.conclusion and "晏某" not in judge.conclusion
    clerk = ask(layouts_home, "庭审笔录_租赁.txt", "书记员是谁？")
    assert "葛某" in clerk.conclusion
    phone = ask(layouts_home, "庭审笔录_租赁.txt", "被告宓某的联系电话是多少？")
    assert "139****3333" in phone.conclusion  # the wrapped number, whole and masked


def test_a_table_header_each_session_and_the_supplement(layouts_home):
    first = ask(layouts_home, "讯问笔录_应某.txt", "这次讯问是在什么时间、什么地点进行的？")
    assert "2024年3月1日9时05分" in first.conclusion and "第一讯问室" in first.conclusion
    second = ask(layouts_home, "讯问笔录_应某.txt", "第二次讯问是在什么时间、什么地点？")
    assert "2024年3月8日14时00分" in second.conclusion and "看守所第三讯问室" in second.conclusion
    extra = ask(layouts_home, "讯问笔录_应某.txt", "补充讯问是什么时间做的？")
    assert "2024年3月8日15时10分" in extra.conclusion
    ident = ask(layouts_home, "讯问笔录_应某.txt", "应某的身份证号码和联系电话是多少？")
    assert "1101**********0016" in ident.conclusion and "135****4444" in ident.conclusion
    both = ask(layouts_home, "讯问笔录_应某.txt", "应某和郭志强的手机号分别是多少？")
    assert "135****4444" in both.conclusion and "137****5555" in both.conclusion
    caller = ask(layouts_home, "讯问笔录_应某.txt", "收赃的人给应某打电话用的是什么号码？")
    assert "135****4444" not in caller.conclusion and "没记住" in caller.conclusion and caller.gaps
    plate = ask(layouts_home, "讯问笔录_应某.txt", "应某的车牌号是多少？")
    assert "浙C****5" in plate.conclusion and "浙C8K2M5" not in str(plate.to_dict())
