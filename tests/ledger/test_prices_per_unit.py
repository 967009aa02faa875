"""A price per kilogram, box, bag or piece (16元一公斤, 30元一箱) is what one unit costs: never a sum
of money moved, so no total, balance or difference adds it up; the sum told with it is one."""

from __future__ import annotations

import pytest

from tests.ledger.text_ledger import TextLedger

RECORD = """讯问笔录
时间：2024年6月12日9时00分至2024年6月12日10时00分
地点：某县公安局刑侦大队讯问室
侦查员：甲某、乙某 记录人：乙某
被讯问人：barrel
问：你把捞上来的鱼卖到哪里了？
答：卖给镇上的一家饭店，鲢鱼9元一公斤，黑鱼30元一千克，那天一共收了372元。
问：还卖过别的东西吗？
答：卖过两回酒，散装的45元一箱，瓶装的8元一瓶，第二回一共收了610元。
问：你还有什么要说的？
答：没有了。
""".replace("barrel", "苗德顺，男，1979年生")


@pytest.fixture(scope="module")
def ledger():
    return TextLedger(RECORD)


def test_prices_per_unit_are_no_sums(ledger):
    rows = [(int(e.amount.value), e.role) for e in ledger.ledger.events if e.amount is not None and e.unit is None]
    prices = [(v, role) for v, role in rows if v in (9, 30)]
    assert prices and all(role == "each" for _, role in prices), rows
    assert (372, "total") in rows, rows
