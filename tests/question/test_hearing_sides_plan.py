"""Plans of questions about a hearing where each side states its own figures: whose claims are asked
(被申请人 is no 申请人), the side whose yes or no to the other's mediation proposal is asked, a figure
times a count as a side states them, each side's figure asked, one side's quantity against the other's."""

from __future__ import annotations

import pytest

from engine.question import Slot, read_question

pytestmark = pytest.mark.unit


def make_plan(question: str):
    return read_question(question).case


@pytest.mark.parametrize("question, claim", [
    ("按被申请人主张的基数，赔偿金是多少？", None),
    ("被上诉人请求的利息是多少？", None),
    ("申请人的仲裁请求合计是多少？", "申请人"),
    ("原告主张的违约金是多少？", "原告"),
])
def test_a_respondents_words_are_never_the_applicants_claims(question, claim):
    assert make_plan(question).claim == claim


@pytest.mark.parametrize("question, side", [
    ("申请人同意被申请人提出的调解方案吗？", "申请人"),
    ("被告是否接受原告提出的和解金额？", "被告"),
    ("原告同意被告提出的调解金额吗？", "原告"),
    ("被告同意调解吗？", None),  # the mediation itself, no proposal
    ("申请人同意延期举证吗？", None),
])
def test_the_side_whose_answer_to_a_mediation_proposal_is_asked(question, side):
    assert make_plan(question).consent_by == side


@pytest.mark.parametrize("question, factors", [
    ("如果按被申请人主张的工资基数和月数，经济补偿是多少钱？", ("工资基数", "月数")),
    ("按原告说的日租金标准和天数，租金一共多少？", ("日租金标准", "天数")),
    ("按被告主张的工资基数，补偿是多少？", None),
])
def test_a_figure_times_a_count_asked(question, factors):
    assert make_plan(question).factors == factors


def test_each_sides_figure_and_one_sides_quantity_against_the_others():
    each = make_plan("计算补偿的月工资基数，双方各自主张多少？")
    assert each.sides_each and Slot.AMOUNT in each.slots
    against = make_plan("申请人主张的加班时长比公司记录的多多少小时？")
    assert against.differ and against.voice == "申请人" and against.unit == "小时"
    assert not make_plan("双方各自出资多少？").sides_each  # each one's own sum, no accounts of one figure
    alone = make_plan("申请人一共加班多少小时？")
    assert not alone.differ


def test_a_sum_taken_off_a_claim_is_named_by_its_act():
    # 扣掉医院已经垫付的钱: the record states 垫付的两万元, never the question's wrapping phrase
    from engine.question.casefile import make_plan
    assert make_plan("原告主张的赔偿总额扣掉医院已经垫付的钱，还要医院再赔多少？").claim_less == ["垫付"]
    assert make_plan("按原告的诉讼请求，扣除押金后还应付多少？").claim_less == ["押金"]


def test_a_total_over_counted_occasions_keeps_their_count():
    from engine.question.casefile import make_plan
    assert make_plan("前后两次住院一共住了多少天？").occasions == 2
    assert make_plan("一共住了多少天？").occasions is None
    assert make_plan("第二次一共偷了几部？").occasions is None


def test_one_sides_stance_against_the_others_is_one_ask():
    from engine.question.casefile import make_plan
    plan = make_plan("原告认可的增项一共多少？比被告主张的增项少多少？")
    assert plan.stance_gap == ("原告", "认可", "被告", "主张", "增项", "少") and not plan.unplanned
    assert make_plan("原告主张的违约金比被告认可的最多违约金多多少？").stance_gap is None
