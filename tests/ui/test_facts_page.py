"""The Facts page in AppTest over the demo corpus: the contracts table with filters and
aggregations from the typed query tool, fact cards, and 查看原文 opening a fact's page with its
span highlighted (redacted page images for roles that may not see personal data)."""

from __future__ import annotations

import json

import pytest

from engine.auth import Role
from engine.contract_facts.query import Aggregation
from tests.ui.conftest import all_text, page_run, texts
from ui.components import escape_markdown
from ui.evidence import REDACTED_CAPTION, ViewerTarget

pytestmark = pytest.mark.ui

FACTS = "pages/facts.py"
ZH = "技术服务合同_恒远-云启_2023.pdf"
EN = "Services_Agreement_Northwind-HarborLane_2023.pdf"


def doc_id(ui_home, name: str) -> str:
    return next(d.doc_id for d in ui_home.engine.docs().documents if d.name == name)


def contracts_table(at):
    frames = [f.value for f in at.main.dataframe if "文件" in f.value.columns]
    assert len(frames) == 1
    return frames[0]


def test_the_page_lists_every_contract_with_fact_cards(app):
    at = app(Role.PARALEGAL, FACTS)
    assert not at.exception, at.exception
    assert "即将推出" not in all_text(at)
    table = contracts_table(at)
    assert set(table["文件"]) == {ZH, EN}
    row = table[table["文件"] == ZH].iloc[0]
    assert (row["总额"], row["币种"], row["终止"]) == ("200000", "CNY", "2024-02-29")
    assert "（推算）" in table[table["文件"] == EN].iloc[0]["终止"]
    assert set(table["类型"]) <= {"服务合同", "技术服务合同", "其他"} and "services" not in set(table["类型"])
    cards = [e for e in at.main.expander if "—" in e.label]
    assert {c.label.split(" — ")[1] for c in cards} == {escape_markdown(ZH), escape_markdown(EN)}  # plain text
    fields = [f.value for f in at.main.dataframe if "字段" in f.value.columns]
    zh_fields = next(f for f in fields if "中华人民共和国法律（China）" in set(f["值"]))
    law = zh_fields[zh_fields["值"] == "中华人民共和国法律（China）"].iloc[0]
    assert (law["页"], law["对齐"]) == ("2", "逐字定位")
    renewal = zh_fields[zh_fields["字段"] == "续期"].iloc[0]
    assert (renewal["值"], renewal["对齐"], renewal["页"]) == ("—", "未定位", "—")  # not stated: empty
    # no field name twice (期限 期限 Term), no raw value, no None
    assert all(" " not in name for name in zh_fields["字段"])
    cells = set(zh_fields.drop(columns=["原文"]).astype(str).to_numpy().ravel())
    assert not {"None", "exact", "none", "rules", "service", "effective"} & cells
    assert not any("1288" in t for t in texts(at, "markdown"))  # a party's address is masked


def test_filters_and_aggregations(app):
    at = app(Role.PARALEGAL, FACTS)
    at.selectbox(key="facts.law").select("Delaware").run()
    assert list(contracts_table(at)["文件"]) == [EN]
    at.radio(key="facts.aggregation").set_value(Aggregation.COUNT).run()
    assert [m.value for m in at.main.metric] == ["1"]

    at.selectbox(key="facts.law").select(None)
    at.radio(key="facts.aggregation").set_value(Aggregation.SUM).run()
    assert [(m.label, m.value) for m in at.main.metric] == [("合计（CNY）", "200000")]
    assert any("Northwind" in w and "未定位到合同总额" in w for w in texts(at, "warning"))  # not summed, said so

    at.radio(key="facts.aggregation").set_value(Aggregation.GROUP).run()
    assert any("请选择分组字段" in w for w in texts(at, "warning"))
    assert "分组" in at.radio(key="facts.aggregation").options  # named, not the enum value
    at.selectbox(key="facts.group_by").select_index(1).run()  # governing law
    groups = next(f.value for f in at.main.dataframe if "合同数" in f.value.columns)
    assert sorted(groups.itertuples(index=False, name=None)) == [("China", 1), ("Delaware", 1)]
    assert not at.exception


def test_active_on_and_amount_filters(app):
    import datetime

    at = app(Role.PARALEGAL, FACTS)
    at.date_input(key="facts.active_on").set_value(datetime.date(2023, 3, 10)).run()
    assert list(contracts_table(at)["文件"]) == [ZH]
    at.date_input(key="facts.active_on").set_value(None)
    at.selectbox(key="facts.amount_op").select("≥")
    at.text_input(key="facts.amount").input("200,000").run()
    assert list(contracts_table(at)["文件"]) == [ZH]
    at.text_input(key="facts.amount").input("two hundred").run()
    assert any("金额应为数字" in w for w in texts(at, "warning"))
    assert not at.exception


def test_a_fact_opens_its_page_with_the_span_highlighted(app, ui_home):
    zh = doc_id(ui_home, ZH)
    at = app(Role.PARALEGAL, FACTS)
    at.button(key=f"facts.open.{zh}:field:total_amount").click().run()
    assert not at.exception, at.exception
    target = at.session_state["facts.viewer"]
    assert isinstance(target, ViewerTarget) and target.doc_id == zh and target.page == 1
    chunk = ui_home.engine.index.catalog.get_chunks([target.chunk_id])[0]
    assert chunk.text[target.quote_start:target.quote_end] == "人民币贰拾万元整"
    assert target.annotations and {a["page"] for a in target.annotations} == {1}
    # a paralegal sees the redacted page image with the box drawn, never the original PDF
    assert any(REDACTED_CAPTION in c for c in texts(at, "caption")) and len(at.image) == 1
    assert not at.get("component_instance")
    assert any(b.label.startswith("▶ 正在查看") for b in at.button)


def test_the_lead_sees_personal_data_only_after_choosing_to_and_that_is_audited(app, ui_home):
    en = doc_id(ui_home, EN)
    at = app(Role.LEAD, FACTS)
    at.button(key=f"facts.open.{en}:field:governing_law").click().run()
    assert not at.exception, at.exception
    # masked by default, for every role: the redacted page image, no address in the cards
    assert at.toggle(key="facts.unmask").value is False
    assert any(REDACTED_CAPTION in c for c in texts(at, "caption")) and not at.get("component_instance")
    assert "江南大道1288号" not in "\n".join(texts(at, "markdown"))
    before = len(ui_home.engine.audit.records(kind="pii_unmasked", user=ui_home.users[Role.LEAD]))

    at.toggle(key="facts.unmask").set_value(True).run()
    assert not at.exception, at.exception
    target = at.session_state["facts.viewer"]
    assert target.page == 2
    assert len(at.image) == 1 and not at.get("component_instance")  # the page zoomed to the fact
    at.toggle(key="facts.reader").set_value(True).run()  # the original, on request
    (viewer,) = [json.loads(e.proto.json_args) for e in at.get("component_instance")]
    assert viewer["annotations"] == target.annotations and viewer["annotations"]
    assert "江南大道1288号" in "\n".join(texts(at, "markdown"))
    records = ui_home.engine.audit.records(kind="pii_unmasked", user=ui_home.users[Role.LEAD])
    assert len(records) == before + 1
    payload = records[0].body["payload"]
    assert payload["view"] == "facts" and en in payload["doc_ids"]
    at.run()  # the same display again is not a new event
    assert len(ui_home.engine.audit.records(kind="pii_unmasked", user=ui_home.users[Role.LEAD])) == before + 1


def test_a_paralegal_has_no_unmask_toggle(app):
    at = app(Role.PARALEGAL, FACTS)
    assert not [t for t in at.toggle if t.key == "facts.unmask"]
    at.session_state["facts.unmask"] = True  # planted: counts for nobody without the permission
    at.run()
    assert "1288" not in "\n".join(texts(at, "markdown"))


def test_the_page_needs_a_signed_in_user(app):
    at = page_run(FACTS, session_from=app())
    assert any("请先登录" in w for w in texts(at, "warning"))
