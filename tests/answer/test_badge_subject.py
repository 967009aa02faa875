"""The badge checks pass only when what a part cites is about the asked subject
(engine/answer/casefile/badge_subject.py): the asked batch, the asked whole, the asked person; a 记不清
about the very thing asked; a yes/no answered with 是/否 and a difference with a computed figure.
Records and sentences written for these tests."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from engine.answer.casefile.badge_subject import (_unsure_of_asked, answer_doubt, batch_doubt, deferred_doubt,
                                                  header_verdict, one_row_total, person_doubt, several_figures,
                                                  voice_doubt)
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.question import Slot, read_question
from engine.text.case_lexicon import UNCERTAIN

from tests.case_homes import ask, held_as_said, record_home

HEADER = """讯问笔录
时间：2024年6月3日9时00分至2024年6月3日10时40分
地点：某县公安局执法办案中心第一讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：{who} 性别：男
"""

# Batches told by their order; the second batch's weight is never said.
BATCHES = HEADER.format(who="甘立群") + """问：你们一共进了几批货？
答：一共三批。
问：每批多少？
答：第一批是去年10月，两车冻虾，每车20吨，一共40吨。第三批是12月，一车，15吨。
问：第二批呢？
答：第二批是11月份到的，具体多少我要回去查单子。
"""

# Whose lorry carried the goods is told; its plate never is.
LORRY = HEADER.format(who="甘立新") + """问：运货的货车是谁的？
答：是镇上一个车队的，按趟结钱，司机不知道车上装的是什么。
问：货卸在哪里？
答：卸在县城北边的冷库。
"""

# Nobody has paid the loss, said before the words of not knowing.
UNPAID = HEADER.format(who="甘立武").replace("讯问笔录", "询问笔录").replace("犯罪嫌疑人", "被询问人") + """问：你的车被砸坏了，损失有人赔了吗？
答：到现在没有人赔我，我也不知道该去找谁要。
问：你还有什么要补充的？
答：没有了。
"""

# The worker's own days, beside his rate per day; one hurt of those who came by motorbike.
DAYS = HEADER.format(who="甘立文").replace("讯问笔录", "询问笔录").replace("犯罪嫌疑人", "被询问人") + """问：你的工钱是怎么算的？
答：我干的是杂工，一天叁佰贰拾元，干了一百零六天，一分钱都没给过。
问：打架的时候有人受伤吗？
答：骑摩托车那边有一个人头上被砸到，流了很多血。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    folder = tmp_path_factory.mktemp("badge_subject")
    yield from record_home(folder, {"batches.pdf": BATCHES, "lorry.pdf": LORRY, "unpaid.pdf": UNPAID,
                                    "days.pdf": DAYS})


@pytest.mark.integration
def test_the_ones_own_figure_is_the_whole_of_it(home):  # 一天叁佰贰拾元 is a rate, not a count of days
    answer = ask(home, "days.pdf", "甘立文一共干了多少天？")
    assert held_as_said(answer) and "106" in answer.conclusion, answer.conclusion


@pytest.mark.integration
def test_one_of_a_group_is_not_how_many_came(home):
    answer = ask(home, "days.pdf", "骑摩托车来的那一方一共有多少人？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion


@pytest.mark.integration
def test_nobody_did_it_before_not_knowing_is_a_denial(home):
    answer = ask(home, "unpaid.pdf", "甘立武的损失有人赔了吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion


@pytest.mark.parametrize("question", ["他承不承认这是走私？", "原告同不同意调解？", "她愿不愿意退钱？"])
def test_a_verb_said_twice_around_bu_asks_yes_or_no(question):
    assert Slot.YESNO in read_question(question).case.slots


@pytest.mark.integration
def test_another_batchs_figure_is_not_verified(home):
    answer = ask(home, "batches.pdf", "第二批冻虾一共有多少吨？")
    assert (answer.status.value != "answered" and not held_as_said(answer)) or not re.search(r"40吨|15吨", answer.conclusion), answer.conclusion


@pytest.mark.integration
def test_not_knowing_something_else_is_not_the_gap_asked(home):
    answer = ask(home, "lorry.pdf", "运货的货车车牌号是多少？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion


@pytest.mark.parametrize(("quote", "question", "about"), [
    ("他的真名我不知道，身份证件我也没见过，一直叫他阿雄。", "阿雄另外给了他多少美元？", False),
    ("是镇上一个车队的，司机不知道车上装的是什么。", "运货的货车车牌号是多少？", False),
    ("这个我不清楚，需要回去核实。", "那批钢材有没有用到工程上？", True),  # pointing back at the question
    ("当时很乱，我记不清是谁先推的谁。", "是谁先动的手？", True),  # what is not known follows the words
    ("四月份，具体哪天记不清了。", "这个群是什么时候建的？", True),  # the kind of value asked (date)
    ("拿刀那人戴着头盔，我没看清他的脸，也不知道是谁砍的那一刀。", "胖子的手臂是谁砍的？", True),
    # the clause of not knowing names something else, though the sentence named the asked animal / money
    ("野兔、獾子是保护动物，我听说过，斑鸠也是保护动物我真的不知道。", "评估的獾子每只价值多少钱？", False),
    ("我转钱的时候跟他说的是交管理费，发票怎么开的我不清楚。", "按合同标准，一个月的管理费是多少钱？", False),
    # a bare 我不清楚 is of the clause right before it, not of the whole sentence (公司 named first)
    ("听主管说,公司把年底的账对了一下,丢了不少货,具体丢了什么、怎么算的,我不清楚。", "他第一次把这事告诉公司里的谁？", False),
    ("货是谁拉走的，我不清楚。", "货是谁拉走的？", True),
])
def test_not_knowing_is_about_the_asked_thing(quote, question, about):
    plan = read_question(question).case
    assert any(_unsure_of_asked(quote, m, plan.text) for m in UNCERTAIN.finditer(quote)) is about


def test_a_sentence_of_another_batch_is_doubted():
    plan = read_question("第二批冻虾一共有多少吨？").case
    assert plan.batch == 2
    assert "第1批" in batch_doubt(plan, ["第一批是去年10月，两车冻虾，一共40吨。", "你们一共进了几批货？"])
    assert batch_doubt(plan, ["第二批是11月份到的，一共30吨。", ""]) is None
    assert batch_doubt(plan, ["一共30吨。", ""]) is None  # no batch named: nothing to contradict


def test_several_different_figures_do_not_say_which():
    assert several_figures([3, 4, 4, 3])
    assert several_figures([8, 8]) is None


def _part(text: str) -> Part:
    return Part("内容", text, Fill.FILLED, ["E1"])


def test_a_yes_no_question_needs_a_verdict():
    plan = read_question("申请人同意公司提出的调解方案吗？").case
    assert answer_doubt(plan, Outcome([_part("申请人称「三万太少了，我最低要五万元。」（E1）")]))
    assert answer_doubt(plan, Outcome([_part("否（E1：「不同意。」）")])) is None


def test_a_difference_needs_a_computed_figure():
    plan = read_question("调解时双方的金额差了多少？").case
    assert answer_doubt(plan, Outcome([_part("被申请人称「可以一次性支付三万元」（E1）")]))


def test_an_answer_put_off_until_checked_gives_none():
    assert deferred_doubt("具体怎么算出来的我这边没有材料，需要回去向公司核实以后再提交。")
    assert deferred_doubt("我听说我表妹也投了，她投了多少我不清楚，你们可以问她。") is None


def test_one_sides_figure_is_not_the_other_sides_claim():
    plan = SimpleNamespace(voice="被申请人")
    said_by = {0: "申请人", 1: "被申请人"}
    case = SimpleNamespace(statement=lambda i: SimpleNamespace(party=said_by[i]))
    assert "申请人所说" in voice_doubt(case, plan, [SimpleNamespace(statement=0)])
    assert voice_doubt(case, plan, [SimpleNamespace(statement=1)]) is None
    assert voice_doubt(case, SimpleNamespace(voice=None), [SimpleNamespace(statement=0)]) is None


def test_a_row_of_another_actor_is_not_the_asked_ones_money():
    case = SimpleNamespace(people=lambda: ["张建国", "李秀兰", "王德明"], ledger=SimpleNamespace(subject="王德明"),
                           resolve_alias=lambda alias: None)
    plan = SimpleNamespace(names=["张建国"], focus=SimpleNamespace(subject="张建国"))
    assert "李秀兰" in person_doubt(case, plan, "12月2日李秀兰来看房，交了贰万元定金")
    assert person_doubt(case, plan, "张建国实际转给我的是12.5万元。") is None
    assert person_doubt(case, plan, "后来我又转给李秀兰五千元。") is None  # the one paid, not the payer
    spoken = SimpleNamespace(names=["王德明"], focus=SimpleNamespace(subject="王德明"))  # the one questioned
    assert person_doubt(case, spoken, "12月2日李秀兰来看房，交了贰万元定金") is None


def test_the_headers_particulars_are_no_verdict():
    assert header_verdict("被讯问人：某甲，男，1988年7月22日出生，汉族，大专文化。", "")
    assert header_verdict("没有，停了以后一分钱都没还过。", "停止还款以后你还过钱吗？") is None


def test_one_row_without_a_whole_said_is_no_total():
    plan = read_question("三张信用卡的授信额度合计是多少？").case
    one = Part("金额", "金额为八千元（E1）", Fill.FILLED, ["E1"], rows=[object()])
    assert one_row_total(plan, one, "2022年腊月他把卡借给我应急，我刷了八千元。")
    assert one_row_total(plan, one, "三张卡的额度加起来一共是九万元。") is None
    paid = read_question("姚某已经拿到了多少工钱？").case  # one payment can be all that was paid
    assert one_row_total(paid, one, "老板6月份给过我一千五百元。") is None
