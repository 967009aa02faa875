import json

import pytest

from engine.ingest.enrich import Enrichment, enrich, find_persons_and_orgs
from engine.text.pii import mask_text

pytestmark = pytest.mark.unit

VALID_ID = "420106199001013413"
TRANSCRIPT = (
    "讯问笔录\n"
    "时间：2021年3月5日14时30分至16时10分\n"
    "侦查员：李四、王五  记录人：赵六\n"
    f"被讯问人：张三，男，身份证号{VALID_ID}，住址：湖北省武汉市洪山区珞喻路100号，电话13812345678。\n"
    "问：你借了多少钱？\n"
    "答：我在武汉某某科技有限公司上班，2020年1月份左右向他借了四万二千元，说好按本法第四十五条处理。"
)


def _facts(text):
    result = enrich(text)
    assert all(text[f.start:f.end] == f.text for f in result.facts)
    return result


def test_transcript_facts_of_every_kind():
    result = _facts(TRANSCRIPT)
    found = {(f.kind, f.text) for f in result.facts}
    assert {("date", "2021年3月5日14时30分"), ("person", "李四"), ("person", "王五"), ("person", "赵六"),
            ("person", "张三"), ("pii", VALID_ID), ("pii", "湖北省武汉市洪山区珞喻路100号"), ("pii", "13812345678"),
            ("org", "武汉某某科技有限公司"), ("date", "2020年1月份左右"), ("amount", "四万二千元"),
            ("statute_ref", "第四十五条")} <= found
    by_text = {f.text: f for f in result.facts}
    assert by_text["四万二千元"].value == 42000
    assert by_text["2020年1月份左右"].value == "2020-01" and by_text["2020年1月份左右"].meta["precision"] == "approx"
    assert by_text["张三"].meta["role"] == "被讯问人"
    assert result.pii_level == "high"


def test_facts_are_sorted_and_never_overlap():
    facts = _facts(TRANSCRIPT).facts
    assert facts == sorted(facts, key=lambda f: (f.start, f.end))
    assert all(a.end <= b.start for a, b in zip(facts, facts[1:]))


def test_an_id_number_is_not_an_amount():
    result = _facts(f"身份证号{VALID_ID}元")  # an amount finder alone would read 420106199001013413元
    assert [(f.kind, f.text) for f in result.facts] == [("pii", VALID_ID)]


def test_a_card_number_is_not_an_amount():
    result = _facts("账号：4111111111111111元")
    assert [(f.kind, f.meta.get("type")) for f in result.facts] == [("pii", "bank_card")]


def test_pii_level_low_and_none():
    assert enrich("请拨打13812345678联系").pii_level == "low"
    assert enrich("依照本法第四十五条的规定，处五万元以上二十万元以下罚款。").pii_level == "none"


def test_statute_sentence():
    result = _facts("依照本法第四十五条的规定，处五万元以上二十万元以下罚款。")
    assert [(f.kind, f.value) for f in result.facts] == [
        ("statute_ref", "第四十五条"), ("amount", 50000), ("amount", 200000)]


def test_contract_parties():
    facts = find_persons_and_orgs("甲方：北京某某有限公司\n乙方：王某某\n法定代表人：刘××")
    assert [(f.kind, f.value, f.meta.get("role")) for f in facts] == [
        ("org", "北京某某有限公司", "甲方"), ("person", "王某某", "乙方"), ("person", "刘××", "法定代表人")]


def test_name_without_separator_only_when_unambiguous():
    assert [f.value for f in find_persons_and_orgs("经审理查明，被告人张三，男，1990年生")] == ["张三"]
    assert find_persons_and_orgs("被告人张三因盗窃被抓") == []
    assert find_persons_and_orgs("原告诉称") == []


def test_standalone_organisations_are_trimmed_and_deictic_ones_skipped():
    facts = find_persons_and_orgs("他向中国工商银行股份有限公司武汉分行借款，该公司未还款，后到中华人民共和国商务部")
    assert [f.value for f in facts] == ["中国工商银行股份有限公司武汉分行"]
    facts = find_persons_and_orgs("原告武汉某某有限公司诉称")
    assert [f.value for f in facts] == ["武汉某某有限公司"]


def test_masking_the_enriched_chunk():
    result = enrich(TRANSCRIPT)
    masked = mask_text(TRANSCRIPT, result.facts)
    assert VALID_ID not in masked and "13812345678" not in masked and "珞喻路" not in masked
    assert "4201**********3413" in masked and "138****5678" in masked and "四万二千元" in masked
    assert len(masked) == len(TRANSCRIPT)


def test_to_dict_round_trips_through_json_for_integral_values():
    result = enrich("借款四万二千元")
    assert isinstance(result, Enrichment)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["pii_level"] == "none" and data["facts"][0]["value"] == 42000


def test_empty_text():
    assert enrich("") == Enrichment(facts=[], pii_level="none")
