"""The Audit page (pages/audit.py) through AppTest: records, filters, paging, chain check, replay,
masking of unmasked asks, and the refusal of roles without VIEW_AUDIT (fixtures: conftest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from tests.ui.conftest import USERS, all_text, page_run, texts

pytestmark = pytest.mark.ui

AUDIT = "pages/audit.py"
QUESTION = "陈晓梅前后一共转给你多少钱？"
PII_QUESTION = "李志强的身份证号码是多少？"
RAW_ID_CARD = "330106198907231517"  # data/demo ground truth: pii_id_card
STAGES_IN_ORDER = ["解析 parse", "召回 recall · bm25", "召回 recall · vector", "融合 fusion",
                   "重排序 rerank", "证据 evidence", "撰写 compose", "核验 verify", "输出 output"]


def frames_text(at: AppTest) -> str:
    return "\n".join(df.value.to_csv() for df in at.dataframe)


def json_text(at: AppTest) -> str:
    return "\n".join(str(j.value) for j in at.json)


def expander_labels(at: AppTest) -> list[str]:
    return [e.label for e in at.main.expander]


def open_record(at: AppTest, record_id: str) -> AppTest:
    """Filter on the exact id (the text filter matches ids) and choose it for replay."""
    at.text_input(key="audit.text").input(record_id).run()
    return at.selectbox(key="audit.record").set_value(record_id).run()


@pytest.fixture(scope="module")
def lead_ask(ui_home):
    """One ask by the lead, recorded in the shared audit log."""
    return ui_home.engine.ask(QUESTION, user=USERS[Role.LEAD])


def test_lead_sees_their_ask_in_the_records(app, ui_home, lead_ask):
    at = app(Role.LEAD, AUDIT)
    assert not at.exception
    at.selectbox(key="audit.user").set_value(USERS[Role.LEAD]).run()
    at.selectbox(key="audit.kind").set_value("ask").run()
    assert not at.exception
    table = at.dataframe[0].value
    assert lead_ask.audit_id in set(table["编号 id"])
    assert set(table["用户 user"]) == {USERS[Role.LEAD]}
    assert set(table["类型 kind"]) == {"ask"}
    row = table[table["编号 id"] == lead_ask.audit_id].iloc[0]
    assert row["内容 question / event"] == QUESTION
    assert row["状态 status"] == lead_ask.status.value
    assert row["哈希 hash"] == "✓"


def test_filters_narrow_the_records(app, lead_ask):
    at = app(Role.LEAD, AUDIT)
    at.selectbox(key="audit.status").set_value("not_found").run()
    ids = set(at.dataframe[0].value["编号 id"]) if at.dataframe else set()
    assert lead_ask.audit_id not in ids  # answered, so a not_found filter leaves it out
    at.selectbox(key="audit.status").set_value(lead_ask.status.value).run()
    at.text_input(key="audit.text").input("前后一共转给你").run()
    assert lead_ask.audit_id in set(at.dataframe[0].value["编号 id"])
    at.text_input(key="audit.text").input("没有这样的问题 xyz").run()
    assert "没有符合条件的记录 (no records match)" in texts(at, "info")


def test_date_range_filter_is_in_utc_days(app, lead_ask, ui_home):
    created = ui_home.engine.audit.get(lead_ask.audit_id).created_at[:10]
    from datetime import date, timedelta

    day = date.fromisoformat(created)
    at = app(Role.LEAD, AUDIT)
    at.text_input(key="audit.text").input(lead_ask.audit_id).run()
    at.date_input(key="audit.dates").set_value((day, day)).run()
    assert lead_ask.audit_id in set(at.dataframe[0].value["编号 id"])
    at.date_input(key="audit.dates").set_value((day + timedelta(days=1), day + timedelta(days=2))).run()
    assert not at.dataframe
    assert "没有符合条件的记录 (no records match)" in texts(at, "info")


def test_pages_through_many_records(app, ui_home):
    kind = "ui_test_paging"
    for i in range(27):
        ui_home.engine.audit.record_event(kind, {"n": i}, user=USERS[Role.ADMIN])
    at = app(Role.ADMIN, AUDIT)
    at.selectbox(key="audit.kind").set_value(kind).run()  # a kind typed in, not among the choices
    assert not at.exception
    first = at.dataframe[0].value
    assert len(first) == 25 and '{"n": 26}' in set(first["内容 question / event"])  # newest first
    assert at.button(key="audit.previous").disabled and not at.button(key="audit.next").disabled
    at.button(key="audit.next").click().run()
    second = at.dataframe[0].value
    assert list(second["内容 question / event"]) == ['{"n": 1}', '{"n": 0}']
    assert at.button(key="audit.next").disabled
    assert "第 2 页 page · 本页 2 条 records" in texts(at, "caption")
    at.selectbox(key="audit.page_size").set_value(50).run()  # a filter change starts at page 1
    assert len(at.dataframe[0].value) == 27


def test_verify_chain_reports_an_intact_chain(app, ui_home, lead_ask):
    at = app(Role.LEAD, AUDIT)
    at.button(key="audit.verify").click().run()
    assert not at.exception
    success = [s for s in texts(at, "success") if "审计链完整 Chain intact" in s]
    assert success, texts(at, "success")
    checked = int(success[0].split("已校验 ")[1].split(" 条")[0])
    # the page's own sign-in and earlier tests add records; every one that existed was checked
    assert checked >= ui_home.engine.audit.get(lead_ask.audit_id).seq
    assert not [e for e in texts(at, "error") if "Chain broken" in e]


def test_replay_shows_every_stage_in_pipeline_order(app, ui_home, lead_ask):
    at = open_record(app(Role.LEAD, AUDIT), lead_ask.audit_id)
    assert not at.exception
    labels = expander_labels(at)
    stages = [label for label in labels if label[0].isdigit()]
    assert len(stages) == len(STAGES_IN_ORDER)
    for number, (label, stage) in enumerate(zip(stages, STAGES_IN_ORDER), start=1):
        assert label.startswith(f"{number}. {stage}"), (label, stage)
    assert labels[-1] == "原始记录 Raw record (JSON)"
    text = all_text(at)
    steps = ui_home.engine.audit.replay(lead_ask.audit_id)
    rerank = next(s for s in steps if s.stage.value == "rerank")
    assert f"重排序器 reranker: **{rerank.data['reranker']}**" in text
    assert lead_ask.conclusion in text  # the compose step shows the conclusion as recorded
    tables = frames_text(at)
    recall = next(s for s in steps if s.stage.value == "recall" and s.channel == "bm25")
    top_chunk, top_score = recall.data["top"][0]["chunk_id"], recall.data["top"][0]["score"]
    assert top_chunk in tables and str(top_score) in tables
    for item in lead_ask.evidence:
        assert item.chunk.chunk_id in tables and item.doc_name in tables


def test_unmasked_ask_is_masked_in_the_replay_until_revealed_and_revealing_is_audited(app, ui_home):
    answer = ui_home.engine.ask(PII_QUESTION, unmask=True, user=USERS[Role.ADMIN])
    record = ui_home.engine.audit.get(answer.audit_id)
    assert RAW_ID_CARD in str(record.body), "the demo answer should carry the raw number"
    at = open_record(app(Role.LEAD, AUDIT), answer.audit_id)
    assert not at.exception
    assert any("未遮盖的个人信息" in w for w in texts(at, "warning"))
    shown = all_text(at) + frames_text(at) + json_text(at)
    assert RAW_ID_CARD not in shown
    before = len(ui_home.engine.audit.records(kind="pii_unmasked", user=USERS[Role.LEAD], limit=100))
    at.toggle(key=f"audit.reveal.{answer.audit_id}").set_value(True).run()
    assert RAW_ID_CARD in all_text(at) + frames_text(at) + json_text(at)
    at.run()  # a rerun while revealed is not a second viewing
    events = ui_home.engine.audit.records(kind="pii_unmasked", user=USERS[Role.LEAD], limit=100)
    assert len(events) == before + 1
    assert events[0].body["payload"] == {"audit_record": answer.audit_id, "view": "audit"}


def test_event_records_replay_their_payload(app, ui_home):
    record_id = ui_home.engine.audit.record_event("ui_test_event", {"what": "replay me"},
                                                  user=USERS[Role.ADMIN])
    at = open_record(app(Role.ADMIN, AUDIT), record_id)
    assert not at.exception
    assert [label for label in expander_labels(at) if label[0].isdigit()] == ["1. 事件 event"]
    assert "replay me" in json_text(at)


def test_paralegal_is_refused_and_sees_no_record(app, lead_ask):
    at = app(Role.PARALEGAL)
    forced = page_run(AUDIT, session_from=at)
    assert not forced.exception
    assert any("无权访问" in e for e in texts(forced, "error"))
    assert not forced.dataframe and not forced.main.expander and not forced.main.button
    assert lead_ask.audit_id not in all_text(forced)


def test_signed_out_visitor_is_asked_to_sign_in(ui_home, monkeypatch):
    from tests.ui.conftest import REPO, TIMEOUT_S

    monkeypatch.setenv("LEXTRACE_HOME", str(ui_home.path))
    at = AppTest.from_file(str(REPO / AUDIT), default_timeout=TIMEOUT_S).run()
    assert "请先登录 (please sign in)" in texts(at, "warning")
    assert not at.dataframe
