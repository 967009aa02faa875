"""A figure asked in a measure word of energy, area or teaching hours (多少度电, 多少千瓦, 多少课时, 几倍) is a
quantity in that unit, read from the figures the record gives in it — never a sum of money (before, such
questions were planned as amounts and answered with the ledger's money). Records written for this test."""

from __future__ import annotations

import pytest

from engine.question import Slot, read_question
from tests.case_homes import ask, record_home

WORKSHOP = """询问笔录
时间：2024年7月3日9时00分至2024年7月3日10时10分
地点：某县公安局某派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：戚某某 性别：男
问：你加工坊里用电的设备有哪些？
答：一台30千瓦的粉碎机，一台15千瓦的烘干机。
问：绕过电表一共用了多少电？
答：供电所算的是三万二千度电，我认。
问：供电所让你交了多少钱？
答：追补电费两万零八百元，我已经交了一万元。
"""

COURSE = """庭审笔录
时间：2024年12月2日9时30分至11时00分
地点：某区人民法院第二法庭
案由：教育培训合同纠纷
审判员：甲某 书记员：乙某
原告：邬某某
被告：某教育咨询有限公司
审判员：原告陈述诉讼请求和事实。
原告：我给孩子报了数学一对一，买了60课时，每课时280元，一共16800元。
审判员：被告答辩。
被告：课程费收到了，剩下的可以按合同退。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("measure_words"), {"询问笔录_戚某某.pdf": WORKSHOP,
                                                                    "庭审笔录_邬某某.pdf": COURSE})


@pytest.mark.unit
@pytest.mark.parametrize("question, unit", [
    ("他一共窃了多少度电？", "度"), ("设备功率一共是多少千瓦？", "千瓦"), ("买了多少课时？", "课时"),
    ("违约使用电费是追补电费的几倍？", "倍"), ("客厅地板有多少平方米？", "平方米"),
])
def test_a_figure_asked_in_a_measure_word_is_a_quantity(question, unit):
    plan = read_question(question).case
    assert plan.unit == unit and Slot.QUANTITY in plan.slots and Slot.AMOUNT not in plan.slots


@pytest.mark.integration
def test_kilowatt_hours_are_answered_in_kilowatt_hours(home):
    answer = ask(home, "询问笔录_戚某某.pdf", "戚某某一共窃了多少度电？")
    assert "三万二千度" in answer.conclusion or "32000度" in answer.conclusion, answer.conclusion
    assert "元" not in answer.conclusion.split("（")[0]


@pytest.mark.integration
def test_teaching_hours_are_answered_in_hours(home):
    answer = ask(home, "庭审笔录_邬某某.pdf", "数学一对一课程买了多少课时？")
    assert answer.conclusion.startswith("60课时"), answer.conclusion

