"""The Audit page (pages/audit.py) through AppTest: records, filters, paging, chain check, replay,
masking of unmasked asks, and the refusal of roles without VIEW_AUDIT (fixtures: conftest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from tests.ui.conftest import USERS, all_text, page_run, texts
from ui.components import escape_markdown

pytestmark = pytest.mark.ui

AUDIT = "pages/audit.py"
QUESTION = "陈晓梅前后一共转给你多少钱？"
PII_QUESTION = "李志强的身份证号码是多少？"
RAW_ID_CARD = "330106198907231517"  # data/demo ground truth: pii_id_card
STAGES_IN_ORDER = ["解析", "召回 · 关键词", "召回 · 向量", "融合", "重排序", "证据", "撰写", "核验", "输出"]


@pytest.fixture
def shanghai(monkeypatch):
    """The server's zone for this test: UTC+08:00, whatever the machine's is."""
    import time

    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def time_column(table) -> str:
    return next(c for c in table.columns if c.startswith("时间"))


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
    assert lead_ask.audit_id in set(table["编号"])
    assert set(table["用户"]) == {USERS[Role.LEAD]}
    assert set(table["类型"]) == {"问答"}  # named, not the raw kind
    row = table[table["编号"] == lead_ask.audit_id].iloc[0]
    assert row["内容"] == QUESTION
    assert row["状态"] == "需人工复核" and lead_ask.status.value == "needs_review"
    assert row["哈希"] == "✓"
    cells = table.astype(str).to_numpy().ravel()
    assert not {"ask", "login", "needs_review", "None", "True", "False"} & set(cells)


def test_times_are_in_the_servers_zone_with_its_offset(app, ui_home, lead_ask, shanghai):
    from datetime import datetime, timedelta, timezone

    at = app(Role.LEAD, AUDIT)
    at.text_input(key="audit.text").input(lead_ask.audit_id).run()
    table = at.dataframe[0].value
    column = time_column(table)
    assert column == "时间（UTC+08:00）"
    stored = datetime.fromisoformat(ui_home.engine.audit.get(lead_ask.audit_id).created_at)
    local = stored.astimezone(timezone(timedelta(hours=8)))
    assert table[column].iloc[0] == f"{local:%Y-%m-%d %H:%M:%S} +08:00"
    at.selectbox(key="audit.record").set_value(lead_ask.audit_id).run()
    assert any(f"{local:%Y-%m-%d %H:%M:%S} +08:00" in m for m in texts(at, "markdown"))


def test_filters_narrow_the_records(app, lead_ask):
    at = app(Role.LEAD, AUDIT)
    at.selectbox(key="audit.status").set_value("not_found").run()
    ids = set(at.dataframe[0].value["编号"]) if at.dataframe else set()
    assert lead_ask.audit_id not in ids  # answered, so a not_found filter leaves it out
    at.selectbox(key="audit.status").set_value(lead_ask.status.value).run()
    at.text_input(key="audit.text").input("前后一共转给你").run()
    assert lead_ask.audit_id in set(at.dataframe[0].value["编号"])
    at.text_input(key="audit.text").input("没有这样的问题 xyz").run()
    assert "没有符合条件的记录" in texts(at, "info")


def test_date_range_filter_is_in_the_servers_days(app, lead_ask, ui_home, shanghai):
    from datetime import datetime, timedelta

    created = datetime.fromisoformat(ui_home.engine.audit.get(lead_ask.audit_id).created_at)
    day = created.astimezone().date()  # the day in UTC+08:00
    at = app(Role.LEAD, AUDIT)
    at.text_input(key="audit.text").input(lead_ask.audit_id).run()
    at.date_input(key="audit.dates").set_value((day, day)).run()
    assert lead_ask.audit_id in set(at.dataframe[0].value["编号"])
    at.date_input(key="audit.dates").set_value((day + timedelta(days=1), day + timedelta(days=2))).run()
    assert not at.dataframe
    assert "没有符合条件的记录" in texts(at, "info")


def test_pages_through_many_records(app, ui_home):
    kind = "ui_test_paging"
    for i in range(27):
        ui_home.engine.audit.record_event(kind, {"n": i}, user=USERS[Role.ADMIN])
    at = app(Role.ADMIN, AUDIT)
    at.selectbox(key="audit.kind").set_value(kind).run()  # a kind typed in, not among the choices
    assert not at.exception
    first = at.dataframe[0].value
    assert len(first) == 25 and "n：26" in set(first["内容"])  # newest first
    assert at.button(key="audit.previous").disabled and not at.button(key="audit.next").disabled
    at.button(key="audit.next").click().run()
    second = at.dataframe[0].value
    assert list(second["内容"]) == ["n：1", "n：0"]
    assert at.button(key="audit.next").disabled
    assert "第 2 页 · 本页 2 条" in texts(at, "caption")
    at.selectbox(key="audit.page_size").set_value(50).run()  # a filter change starts at page 1
    assert len(at.dataframe[0].value) == 27


def test_verify_chain_reports_an_intact_chain(app, ui_home, lead_ask):
    at = app(Role.LEAD, AUDIT)
    at.button(key="audit.verify").click().run()
    assert not at.exception
    success = [s for s in texts(at, "success") if "审计链完整" in s and "签名检查点" in s]
    assert success, texts(at, "success")
    checked = int(success[0].split("已校验 ")[1].split(" 条")[0])
    # the page's own sign-in and earlier tests add records; every one that existed was checked
    assert checked >= ui_home.engine.audit.get(lead_ask.audit_id).seq
    assert not [e for e in texts(at, "error") if "审计链断裂" in e]


def test_a_truncated_chain_is_reported_with_its_first_missing_record(app, tmp_path):
    """The page shows what verify() found on a log whose newest records were cut off."""
    import sqlite3

    from engine.audit import AuditLog

    log = AuditLog(tmp_path / "audit.sqlite")
    for i in range(5):
        log.record_event("ui_test_truncation", {"n": i}, user="someone")
    conn = sqlite3.connect(log.path, isolation_level=None)
    conn.execute("DROP TRIGGER audit_no_delete")
    conn.execute("DELETE FROM audit_records WHERE seq > 3")
    conn.close()
    # the chain section of the page (its functions, without the page body's guard) on this log
    from tests.ui.conftest import REPO

    at = AppTest.from_function(_chain_script, args=(str(REPO / AUDIT), str(log.path))).run()
    assert not at.exception, at.exception
    at.button(key="audit.verify").click().run()
    (error,) = [e for e in texts(at, "error") if "审计链断裂" in e]
    assert "第 4 条" in error and "truncated" in error


def _chain_script(page_file: str, path: str) -> None:
    import sys
    from pathlib import Path

    from engine.audit import AuditLog

    source = Path(page_file).read_text("utf-8")
    definitions = source.split("\nuser = require(")[0]  # the functions, without the page's body
    module = type(sys)("audit_page_functions")
    exec(compile(definitions, page_file, "exec"), module.__dict__)
    module.chain_section(AuditLog(path))


def test_replay_shows_every_stage_in_pipeline_order(app, ui_home, lead_ask):
    at = open_record(app(Role.LEAD, AUDIT), lead_ask.audit_id)
    assert not at.exception
    labels = expander_labels(at)
    stages = [label for label in labels if label[0].isdigit()]
    assert len(stages) == len(STAGES_IN_ORDER)
    for number, (label, stage) in enumerate(zip(stages, STAGES_IN_ORDER), start=1):
        assert label.startswith(f"{number}. {stage}"), (label, stage)
    assert labels[-1] == "原始记录（JSON）"
    text = all_text(at)
    steps = ui_home.engine.audit.replay(lead_ask.audit_id)
    rerank = next(s for s in steps if s.stage.value == "rerank")
    # each step says what it did in words (never the engine's English line, never "extractive:"),
    # and which models ran is for admins
    assert "已重排序" in text or "未重排序" in text
    assert rerank.data["reranker"] not in text and "extractive" not in text and "reranked by" not in text
    assert f"确定性撰写：{escape_markdown(lead_ask.conclusion)}" in text  # the conclusion as recorded
    admin = all_text(open_record(app(Role.ADMIN, AUDIT), lead_ask.audit_id))
    # recorded text is shown as plain text: escaped for Markdown (ui.components.escape_markdown)
    assert f"重排序器：**{escape_markdown(rerank.data['reranker'])}**" in admin
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
    assert [label for label in expander_labels(at) if label[0].isdigit()] == ["1. 事件"]
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
    assert any("请先登录" in w for w in texts(at, "warning"))
    assert not at.dataframe
