"""What a quote can answer (engine/answer/casefile/badge.py): the asker's own question is no answer, and a
number asked by its name (保险单号, 卡号) is answered only by a run of its digits or letters. Records
written for these tests."""

from __future__ import annotations

import pytest

from engine.answer.casefile.badge import _quote_doubt, number_missing
from engine.answer.casefile.parts import Quoted
from engine.question import Slot, read_question
from tests.case_homes import ask, held_as_said, record_home

POLICY = """庭审笔录
时间：2025年3月4日9时30分至2025年3月4日11时00分
地点：澄江市某区人民法院第二法庭
审判员：祁某 书记员：伍某
原告：蒙立新 被告：某财产保险公司澄江支公司
审判员：被告对事故发生有无异议？
被告：对事故发生及责任认定无异议，肇事车辆在我公司投保交强险和商业三者险100万元属实。
审判员：原告的医疗费是多少？
原告：医疗费一共是38,600元，票据都在这里。
"""


def test_the_askers_question_is_no_answer():
    plan = read_question("第二笔钱用到哪里了？").case
    assert _quote_doubt(None, plan, Quoted("问第二笔钱实际用到哪里了？", Slot.TEXT)) == "所引语句是提问，不是回答"


def test_a_number_asked_by_its_name_is_given_only_by_its_digits():
    assert number_missing("保险单号是多少？", "材料显示：「肇事车辆投保交强险和商业三者险100万元属实。」（E1）")
    assert not number_missing("保险单号是多少？", "保险单号：PDZA202545010000123（E1）")
    assert not number_missing("他的手机号码是多少？", "联系电话：186****3162（E1）")  # masked, still its digits
    assert not number_missing("一共付了多少钱？", "共计3000元（E1）")  # no number asked by its name


@pytest.mark.integration
def test_a_number_asked_by_its_name_is_never_verified_without_it(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("policy_number"), {"庭审笔录_蒙立新.txt": POLICY}):
        answer = ask(home, "庭审笔录_蒙立新.txt", "肇事车辆商业三者险的保险单号是多少？")
        assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
