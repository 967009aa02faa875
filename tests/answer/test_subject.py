"""已核验 only when the answer answers the question (engine/answer/subject.py), on a home built from
material written for these tests: an invented statute and an invented warehouse lease, ingested
for real (Markdown and a PDF with an embedded CJK font)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Engine
from engine.answer.model import STATEMENT_DOUBT, Answer, Evidence, Status
from engine.answer.subject import subject_problems
from engine.config import Settings
from engine.question import read_question
from engine.types import Chunk
from engine.bench.pdfmaker import make_pdf

pytestmark = pytest.mark.integration

STATUTE = """# 中华人民共和国河道保护条例

2021年3月1日 国务院令第九百号公布

<!-- INFO END -->

## 第三章 法律责任

第三十一条 在河道管理范围内非法采砂，情节严重的，处三年以下有期徒刑或者拘役，并处罚金。

第三十二条 向河道倾倒建筑垃圾的，由水行政主管部门责令停止违法行为，处五万元以下罚款。

第三十五条 河道管理人员玩忽职守，造成严重损失的，依法给予处分。
"""

LEASE = [
    "仓库租赁合同",
    "甲方（出租人）：江北示范物流有限公司",
    "乙方（承租人）：南湖样例贸易有限公司",
    "第一条 租赁期限",
    "租赁期限自2024年6月1日起至2026年5月31日止。",
    "第二条 租金及支付",
    "2.1 年租金为人民币叁拾万元整（¥300,000.00）。",
    "2.2 首付款：合同签订后五日内，乙方支付人民币捌万元整（¥80,000.00）。",
    "第三条 违约责任",
    "3.1 乙方逾期支付租金的，每逾期一日，按逾期金额的万分之三支付违约金。",
    "3.2 甲方逾期交付仓库的，每逾期一日，按年租金的千分之二支付违约金。",
    "3.3 违约金累计不超过年租金的百分之十五。",
    "第四条 保密",
    "双方对知悉的对方经营信息负有保密义务，保密期限为合同终止后两年。",
    "第五条 争议解决",
    "协商不成的，提交仓库所在地有管辖权的人民法院诉讼解决。",
]


@pytest.fixture(scope="module")
def home(tmp_path_factory, cjk_font) -> Engine:
    folder = tmp_path_factory.mktemp("subject")
    statute = folder / "中华人民共和国河道保护条例(2021-03-01).md"
    statute.write_text(STATUTE, "utf-8")
    lease = make_pdf(folder / "仓库租赁合同.pdf", [LEASE], font=cjk_font)
    engine = Engine(settings=Settings.from_name("strict", home=str(folder / "home"), ingest={"ocr": "off"}))
    assert engine.ingest([statute], kind="statute").ok
    assert engine.ingest([lease], kind="contract").ok
    yield engine
    engine.index.catalog.close()


def test_a_named_article_is_quoted_whole(home):
    answer = home.ask("河道保护条例第三十二条规定了什么？")
    assert answer.status is Status.ANSWERED
    assert "建筑垃圾" in answer.conclusion and answer.evidence[0].chunk.meta["article_label"] == "第三十二条"


def test_an_article_the_law_lacks_is_not_found_and_the_answer_lists_what_it_has(home):
    for question in ("河道保护条例第三十三条规定了什么？", "河道保护条例33条是怎么规定的？"):
        answer = home.ask(question)
        assert answer.status is Status.NOT_FOUND and not answer.evidence
        assert "《河道保护条例》第三十三条" in answer.conclusion
        assert "第三十一、三十二、三十五条" in answer.conclusion  # what the corpus holds instead


def test_a_law_the_corpus_lacks_is_not_found_naming_the_laws_it_has(home):
    answer = home.ask("森林法第十条的内容是什么？")
    assert answer.status is Status.NOT_FOUND and "《森林法》" in answer.conclusion
    assert "河道保护条例" in answer.conclusion


def test_conduct_the_law_speaks_of_is_answered_from_that_article(home):
    answer = home.ask("在河道里非法采砂，情节严重的，怎么处罚？")
    assert answer.status is Status.ANSWERED and "第三十一条" in answer.conclusion


def test_other_conduct_never_gets_the_badge_from_a_nearby_article(home):
    answer = home.ask("在河道里非法捕鱼，情节严重的，怎么处罚？")
    assert answer.status is not Status.ANSWERED
    assert "捕鱼" in answer.conclusion  # says what it did not find, in the question's words


@pytest.mark.parametrize("question, expected, not_expected", [
    ("乙方逾期付租金的，每天按什么比例付违约金？", "万分之三", "千分之二"),
    ("仓库租赁合同的违约金累计最多不超过多少？", "百分之十五", "万分之三"),
    ("仓库租赁合同的保密期限是多久？", "两年", None),
    ("仓库租赁合同的争议由哪里的法院管辖？", "仓库所在地", None),
])
def test_a_clause_question_quotes_the_item_that_carries_the_asked_value(home, question, expected, not_expected):
    answer = home.ask(question)
    assert answer.status is Status.ANSWERED, answer.conclusion
    assert expected in answer.conclusion
    assert not_expected is None or not_expected not in answer.conclusion


def test_an_amount_of_a_clause_is_the_amount_of_that_kind(home):
    answer = home.ask("仓库租赁合同的首付款是多少钱？")
    assert answer.status is Status.ANSWERED and "80000" in answer.conclusion.replace(",", "")
    assert "300000" not in answer.conclusion.replace(",", "")


def test_a_clause_kind_the_contract_lacks_is_not_found(home):
    for question in ("仓库租赁合同约定的定金是多少？", "仓库租赁合同的知识产权归哪一方？"):
        answer = home.ask(question)
        assert answer.status is Status.NOT_FOUND and not answer.evidence, answer.conclusion


def _chunk(kind: str, text: str, **meta) -> Chunk:
    return Chunk("d1:0", "d1", 0, kind, "qa" if kind == "transcript" else "article", text, [], [], meta)


def test_the_badge_check_holds_an_answered_answer_to_its_subject():
    transcript = _chunk("transcript", "答：听清楚了。")
    off = Answer(question="", intent="fact", status=Status.ANSWERED, conclusion="材料显示：「听清楚了。」（E1）。",
                 evidence=[Evidence("E1", transcript, "笔录.pdf", 2, 7, [], 0.5)])
    assert subject_problems(read_question("河道保护条例第三十三条规定了什么？"), off) == \
        ["所引证据不是所问的《河道保护条例》第三十三条", STATEMENT_DOUBT]  # a record's line, as said
    article = _chunk("statute", "第三十一条 在河道管理范围内非法采砂，情节严重的，处三年以下有期徒刑。",
                     article_label="第三十一条", law_title="中华人民共和国河道保护条例", law_short="河道保护条例")
    near = Answer(question="", intent="fact", status=Status.ANSWERED, conclusion="规定：「…」（E1）。",
                  evidence=[Evidence("E1", article, "条例.md", 0, 10, [], 0.5)])
    assert subject_problems(read_question("非法捕鱼情节严重的怎么处罚？"), near) == ["所引条文未涉及「捕鱼」"]
    assert subject_problems(read_question("非法采砂情节严重的怎么处罚？"), near) == []
    rate = Answer(question="", intent="fact", status=Status.ANSWERED, conclusion="材料显示：「第三十一条」（E1）。",
                  evidence=[Evidence("E1", article, "条例.md", 0, 5, [], 0.5)])
    assert subject_problems(read_question("每天按什么比例支付滞纳金？"), rate) == \
        ["所引内容不是「违约金」条款", "结论未给出所问的比例或标准"]
    assert subject_problems(read_question("每天按什么比例支付滞纳金？"), rate, case_file=True) == []
