"""A figure of a numbered list of items (1.医疗费…；2.误工费，每天300元，…为54,000元；3.护理费，…为12,000元)
is the item's whose words open it, never the list's first figure; the item told later with another sum
(护理费应为18,000元，各项损失总额相应变更为…) is a second account of it, both cited, none chosen. Record written
for this test, typeset into a real PDF, asked through Engine.ask."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

HEARING = """庭审笔录
时间：2024年9月10日9时30分至2024年9月10日11时40分
地点：某区人民法院第三法庭
审判员：甲某 书记员：乙某
原告：某甲 被告：某区某诊所
审判员：原告说一下具体的损失。
原告代理人：原告的损失如下：1.医疗费31,620元，有票据为证；2.误工费，每天300元，共90天，为27,000元；
3.护理费，按每天150元计算，40天，为6,000元；4.交通费1,150元。
审判员：被告对原告主张的各项损失有什么意见？
被告代理人：医疗费认可，误工天数不认可，其他的请法庭依法认定。
审判员：原告还有什么补充？
原告代理人：护理期经鉴定为60日，护理费应为9,000元，各项损失总额相应变更为68,770元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("claim_items"), {"庭审笔录_某甲.pdf": HEARING})


@pytest.mark.integration
def test_an_items_figure_is_the_one_its_words_open(home):
    answer = ask(home, "庭审笔录_某甲.pdf", "原告主张的交通费是多少？")
    assert amounts(answer.conclusion) == {1150}, answer.conclusion


@pytest.mark.integration
def test_an_item_told_again_with_another_sum_is_two_accounts(home):
    answer = ask(home, "庭审笔录_某甲.pdf", "原告主张的护理费是多少？")
    assert {6000, 9000} <= amounts(answer.conclusion), answer.conclusion
    assert 68770 not in amounts(answer.conclusion) and 31620 not in amounts(answer.conclusion)
    assert answer.status.value == "needs_review" and answer.conflicts
