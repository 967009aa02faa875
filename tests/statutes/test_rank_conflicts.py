"""Statutes of different rank that disagree: both are shown, and the conflict explains which
principle a reader would apply (上位法优于下位法), without the system choosing between them."""

from __future__ import annotations

import pytest

from engine import Engine
from engine.config import Settings

pytestmark = pytest.mark.integration

LAW = """# 中华人民共和国示范管理法

2020年1月1日 第十三届全国人民代表大会常务委员会第十五次会议通过

<!-- INFO END -->

## 第一章 总则

第一条 为了规范示范管理，制定本法。

第十条 违反本法规定擅自经营的，由主管部门处五万元以下罚款。
"""

RULE = """# 示范管理实施办法

2022年3月1日 示范管理部令第3号公布

<!-- INFO END -->

第一条 根据《中华人民共和国示范管理法》，制定本办法。

第三条 违反规定擅自经营的，由主管部门处十万元以下罚款。
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory) -> Engine:
    home = tmp_path_factory.mktemp("ranks")
    law = home / "中华人民共和国示范管理法(2020-01-01).md"
    rule = home / "示范管理实施办法(2022-03-01).md"
    law.write_text(LAW, "utf-8")
    rule.write_text(RULE, "utf-8")
    eng = Engine(settings=Settings.from_name("strict", home=str(home / "home"), ingest={"ocr": "off"}))
    assert eng.ingest([law, rule], kind="statute").ok
    yield eng
    eng.index.catalog.close()


def test_ranks_are_stored_on_the_articles(engine):
    ranks = {c.meta["law_title"]: c.meta["rank"] for c in engine.chunks() if c.meta.get("article_label")}
    assert ranks == {"中华人民共和国示范管理法": "法律", "示范管理实施办法": "部门规章"}


def test_disagreeing_laws_of_different_rank_get_a_hint_not_a_choice(engine):
    answer = engine.ask("擅自经营的罚款上限是多少？")
    conflicts = [c for c in answer.conflicts if c.kind != "version"]
    assert conflicts, answer.to_dict()
    hint = conflicts[0].hint
    assert hint and hint.startswith("上位法优于下位法：《示范管理法》（法律）效力高于《示范管理实施办法》（部门规章）")
    assert "未据此取舍" in hint
    quoted = " ".join(e.quote for e in answer.evidence)
    assert "五万元" in quoted and "十万元" in quoted  # both sides stay in the evidence
    assert {s["rank"] for s in answer.to_dict()["statutes"]} >= {"法律", "部门规章"}
