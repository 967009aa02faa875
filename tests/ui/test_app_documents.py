"""The dashboard shell and the Documents page, driven by Streamlit's AppTest (fixtures: conftest)."""

from __future__ import annotations

import re

import json

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import (DEMO_PASSWORD, LOOPBACK_ADDRESS, WRONG_CREDENTIALS, PermissionDenied, Role, ScryptParams,
                         UserStore)
from engine.types import IngestStatus
from tests.ui.conftest import (APP, REPO, TIMEOUT_S, USERS, all_text, keys, login, page_run,
                               switch_page, texts)
from ui.auth import SESSION_KEY
from ui.components import escape_markdown
from ui.documents import delete_document, ingest_upload, reingest_document

pytestmark = pytest.mark.ui

DOCUMENTS = "pages/documents.py"
SHOWN_WRONG_CREDENTIALS = WRONG_CREDENTIALS.split(" (")[0]  # 用户名或密码错误, the gloss left out
TRANSCRIPT = "讯问笔录_李志强_20230512.pdf"
GROUND_TRUTH = json.loads((REPO / "data" / "demo" / "ground_truth.json").read_text("utf-8"))
TRUTH = {d["file"]: d for d in GROUND_TRUTH["documents"]}

GUARDED_SCRIPT = """
import streamlit as st
from engine.auth import Permission
from ui.auth import require

require(Permission.{permission})
st.markdown("guarded content reached")
"""


def doc_ids(ui_home) -> dict[str, str]:
    return {d.name: d.doc_id for d in ui_home.engine.docs().documents}


def user(ui_home, role: Role):
    return UserStore.for_home(ui_home.path).get(USERS[role])


def frames_text(at: AppTest) -> str:
    return "\n".join(df.value.to_csv() for df in at.dataframe)


def select_document(at: AppTest, ui_home, name: str) -> AppTest:
    # set_value takes the option itself (a doc_id); the widget shows it through format_func
    return at.selectbox(key="documents_selected").set_value(doc_ids(ui_home)[name]).run()


# -- signing in --------------------------------------------------------------------------------
def test_signed_out_visitors_get_only_the_login_form(app):
    at = app()
    assert not at.exception
    assert at.text_input(key="login_name") is not None
    text = all_text(at)
    assert "语料 Corpus" not in text and "文件 Documents" not in text
    assert DEMO_PASSWORD not in text  # this home has real accounts: no demo hint


def test_wrong_password_is_refused(app, ui_home):
    name = "ui-refused"  # its own name: failures count towards the per-name throttle
    UserStore.for_home(ui_home.path, params=ScryptParams(n=2 ** 10)).add(name, "right-password", Role.LEAD)
    at = login(app(), name, "not-the-password")
    # the engine's message without its English gloss (English only behind the language setting)
    assert SHOWN_WRONG_CREDENTIALS in texts(at, "error") and "wrong user name" not in all_text(at)
    assert SESSION_KEY not in at.session_state
    assert at.text_input(key="login_name") is not None
    refused = ui_home.engine.audit.records(kind="login", user=name, limit=1)[0]
    # AppTest has no connection: Streamlit reports no address, which counts as this machine's
    assert refused.body["payload"] == {"ok": False, "reason": "bad_password", "retry_after_s": 0,
                                       "address": LOOPBACK_ADDRESS}


def test_login_shows_the_user_and_the_corpus_status(app, ui_home):
    at = app(Role.PARALEGAL)
    assert not at.exception
    sidebar = "\n".join(e.value for e in at.sidebar.markdown) + "\n" + "\n".join(
        e.value for e in at.sidebar.caption)
    assert f"**{USERS[Role.PARALEGAL]}** · 律师助理" in sidebar and "Paralegal" not in sidebar
    status = ui_home.engine.status()
    assert f"语料：{status['documents']} 份文件 · {status['chunks']} 个片段" in sidebar
    # which models run, and any fallback, are for admins (#27): a paralegal reads how answers are made
    assert status["embedding_model"] not in sidebar and status["reranker"] not in sidebar
    assert "撰写：确定性撰写" in sidebar
    assert at.session_state[SESSION_KEY]
    admin = app(Role.ADMIN)
    shown = "\n".join(e.value for e in admin.sidebar.caption)
    assert status["embedding_model"] in shown and status["reranker"] in shown
    ok = ui_home.engine.audit.records(kind="login", user=USERS[Role.PARALEGAL], limit=1)[0]
    assert ok.body["payload"]["ok"] is True


def test_repeated_failures_lock_the_account_for_a_while(app, ui_home):
    name = "ui-throttled"
    UserStore.for_home(ui_home.path, params=ScryptParams(n=2 ** 10)).add(name, "right-password", Role.LEAD)
    at = app()
    for _ in range(3):
        login(at, name, "wrong-password")
    assert "秒后再试" in texts(at, "error")[-1]
    login(at, name, "right-password")  # locked: even the right password waits
    assert "尝试次数过多" in texts(at, "error")[-1]
    assert SESSION_KEY not in at.session_state


def test_sign_out_ends_the_session(app, ui_home):
    from ui.auth import get_authenticator

    at = app(Role.LEAD)
    token = at.session_state[SESSION_KEY]
    at.button(key="sign_out").click().run()
    assert SESSION_KEY not in at.session_state
    assert at.text_input(key="login_name") is not None
    assert get_authenticator().user_for(token) is None  # the old token is dead on the server


def test_tampered_session_state_does_not_sign_anyone_in(app):
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S)
    at.session_state[SESSION_KEY] = "forged-token"
    at.session_state["role"] = "admin"
    at.session_state["user"] = USERS[Role.ADMIN]
    at.run()
    assert at.text_input(key="login_name") is not None
    assert "语料 Corpus" not in all_text(at)


def test_a_page_run_without_signing_in_is_stopped(app):
    at = page_run(DOCUMENTS, session_from=app())
    assert "请先登录" in texts(at, "warning")
    assert not at.dataframe
    login(at, "ui-nobody", "wrong-guess")  # the page offers the login form itself
    assert SHOWN_WRONG_CREDENTIALS in texts(at, "error") and not at.dataframe


# -- the guard -----------------------------------------------------------------------------------
@pytest.mark.parametrize("role,allowed", [(Role.PARALEGAL, False), (Role.LEAD, True), (Role.ADMIN, True)])
def test_guard_stops_a_role_without_the_permission(app, role, allowed):
    signed_in = app(role)
    at = AppTest.from_string(GUARDED_SCRIPT.format(permission="VIEW_AUDIT"), default_timeout=TIMEOUT_S)
    at.session_state[SESSION_KEY] = signed_in.session_state[SESSION_KEY]
    at.session_state["role"] = "admin"  # planted; must change nothing
    at.run()
    assert not at.exception
    assert ("guarded content reached" in all_text(at)) is allowed
    assert any("无权访问" in e for e in texts(at, "error")) is not allowed


def test_paralegal_cannot_open_the_audit_page(app):
    if not (REPO / "pages" / "audit.py").is_file():
        pytest.skip("pages/audit.py is not written yet; the guard is tested with a stand-in page")
    at = app(Role.PARALEGAL)
    with pytest.raises(ValueError):  # not in a paralegal's navigation at all
        switch_page(at, "pages/audit.py")
    forced = page_run("pages/audit.py", session_from=at)  # the page script reached anyway
    assert any("无权访问" in e for e in texts(forced, "error"))
    lead = app(Role.LEAD, "pages/audit.py")
    assert not lead.exception
    assert not any("无权访问" in e for e in texts(lead, "error"))


def test_navigation_keeps_the_shell_around_each_page(app, ui_home):
    at = app(Role.PARALEGAL, DOCUMENTS)
    assert any(c.value.startswith("语料：") for c in at.sidebar.caption)
    assert at.sidebar.button(key="sign_out") is not None
    assert at.dataframe  # the documents table: the page ran inside the shell


def test_page_errors_are_messages_not_tracebacks():
    at = AppTest.from_string("""
from ui.components import error_boundary
with error_boundary("测试 Test"):
    raise ValueError("boom")
""").run()
    assert not at.exception
    # what broke is for the server log; the reader gets one Chinese line, no Python text
    assert texts(at, "error") == ["测试 Test失败：内部错误（详情已记入服务器日志）"]


# -- the Documents page ----------------------------------------------------------------------------
def test_documents_page_lists_the_corpus_and_page_quality(app, ui_home):
    at = app(Role.PARALEGAL, DOCUMENTS)
    assert not at.exception
    listed = at.dataframe[0].value
    assert set(listed["名称"]) == set(TRUTH)
    assert dict(zip(listed["名称"], listed["页数"])) == {n: d["pages"] for n, d in TRUTH.items()}
    # Chinese names for kinds, local times with their offset, no None
    assert set(listed["类型"]) <= {"讯问笔录", "法律条文", "合同", "裁判文书", "其他文书"}
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}", t) for t in listed["导入时间"])

    select_document(at, ui_home, TRANSCRIPT)
    quality = at.tabs[0].dataframe[0].value
    assert list(quality.columns) == ["页", "字符", "乱码率", "模式命中", "需 OCR", "已 OCR", "判定",
                                     "与 OCR 一致度", "隐形文字", "图像覆盖", "成词率", "数字改读", "原因"]
    assert list(quality["页"]) == list(range(1, TRUTH[TRANSCRIPT]["pages"] + 1))
    scanned = {p["page"] for p in TRUTH[TRANSCRIPT]["scanned_pages"]}
    flagged = set(quality.loc[quality["需 OCR"] == "是", "页"])
    assert flagged == scanned  # the scanned page fails the gate, the others pass
    assert set(quality["已 OCR"]) == {"否"}  # OCR is off in these tests
    assert quality.loc[quality["页"].isin(scanned), "乱码率"].min() > 0.1
    cells = quality.astype(str).to_numpy().ravel()
    assert "None" not in cells and "nan" not in cells and not any("_" in c for c in cells)
    assert any(f"第 {min(scanned)} 页" in w for w in texts(at, "warning"))


def test_paralegal_sees_personal_data_masked_and_no_admin_tools(app, ui_home):
    at = select_document(app(Role.PARALEGAL, DOCUMENTS), ui_home, TRANSCRIPT)
    assert not at.exception
    shown = all_text(at) + frames_text(at) + "\n".join(str(j.value) for j in at.json)
    for pii in TRUTH[TRANSCRIPT]["pii"]:
        if not pii["scanned"]:
            assert pii["surface"] not in shown, pii["id"]
    assert "3301**********1517" in shown  # the header's ID number, masked in place
    assert [t.label for t in at.tabs] == ["逐页质量", "片段", "原文"]
    assert not [t for t in at.main.toggle if "unmask" in (t.key or "")]  # no unmask switch
    assert not [k for k in keys(at) if k.startswith(("delete_", "reingest_", "pdf_"))]
    assert any("含个人信息" in i for i in texts(at, "info"))  # the original PDF stays hidden


def test_a_pdf_without_personal_data_is_shown_in_the_viewer(app, ui_home):
    name = "中华人民共和国刑法(2023-12-29)节选.pdf"
    at = select_document(app(Role.PARALEGAL, DOCUMENTS), ui_home, name)
    assert f"pdf_{doc_ids(ui_home)[name]}" in keys(at)
    markdown = "中华人民共和国刑事诉讼法(2018-10-26)节选.md"
    at = select_document(at, ui_home, markdown)  # not a PDF: its text
    assert "第一百二十条" in "\n".join(c.value for c in at.tabs[2].code)


def test_lead_can_unmask_and_it_is_audited(app, ui_home):
    at = select_document(app(Role.LEAD, DOCUMENTS), ui_home, TRANSCRIPT)
    doc_id = doc_ids(ui_home)[TRANSCRIPT]
    assert "330106198907231517" not in all_text(at)
    before = len(ui_home.engine.audit.records(kind="pii_unmasked", user=USERS[Role.LEAD]))
    at.toggle(key=f"unmask_{doc_id}").set_value(True).run()
    assert "330106198907231517" in all_text(at)
    assert f"pdf_{doc_id}" in keys(at)
    assert "删除" not in [b.label for b in at.button]  # unmasking is not deleting
    events = ui_home.engine.audit.records(kind="pii_unmasked", user=USERS[Role.LEAD])
    assert len(events) == before + 1 and events[0].body["payload"]["doc_id"] == doc_id


def test_only_admins_may_delete_or_reingest_whatever_the_ui_shows(ui_home):
    doc_id = doc_ids(ui_home)[TRANSCRIPT]
    for role in (Role.PARALEGAL, Role.LEAD):
        with pytest.raises(PermissionDenied):
            delete_document(ui_home.engine, user(ui_home, role), doc_id)
        with pytest.raises(PermissionDenied):
            reingest_document(ui_home.engine, user(ui_home, role), doc_id, "generic")
    assert ui_home.engine.document(doc_id) is not None


def test_admin_uploads_reingests_and_deletes_through_the_page(app, ui_home):
    note = "案件材料说明\n本卷宗共收到转账记录四笔，合计人民币四万二千元。\n联系人电话 13912345678。\n"
    before = set(doc_ids(ui_home).values())
    at = app(Role.ADMIN, DOCUMENTS)
    try:
        statute = "中华人民共和国刑事诉讼法(2018-10-26)节选.md"
        at.file_uploader(key="documents_upload").set_value([
            ("案件说明.txt", note.encode("utf-8"), "text/plain"),
            ("损坏的文件.pdf", b"%PDF-1.7 this is not really a pdf", "application/pdf"),
            (statute, (REPO / "data" / "demo" / statute).read_bytes(), "text/markdown"),
        ])
        at.run()
        at.button(key="documents_ingest").click().run()
        assert not at.exception
        lines = texts(at, "markdown")
        assert any("已导入" in m and "案件说明.txt" in m for m in lines)
        assert any("未变化" in m and statute in m for m in lines)
        assert any("失败" in m and "损坏的文件.pdf" in m for m in lines)
        assert any(e.startswith("损坏的文件.pdf：") and len(e) > len("损坏的文件.pdf：") + 5
                   for e in texts(at, "error"))
        added = set(doc_ids(ui_home).values()) - before
        assert len(added) == 1
        doc_id = added.pop()
        assert "案件说明.txt" in set(at.dataframe[0].value["名称"])
        ingested = ui_home.engine.audit.records(kind="document_ingested", user=USERS[Role.ADMIN])
        assert ingested[0].body["payload"]["doc_id"] == doc_id

        at.selectbox(key="documents_selected").set_value(doc_id).run()
        assert [t.label for t in at.tabs][-1] == "管理"
        at.selectbox(key=f"reingest_kind_{doc_id}").set_value("generic").run()
        at.button(key=f"reingest_{doc_id}").click().run()
        assert any("已重新导入" in s for s in texts(at, "success"))
        assert ui_home.engine.document(doc_id).kind == "generic"

        assert at.button(key=f"delete_{doc_id}").disabled  # confirmation first
        at.checkbox(key=f"confirm_delete_{doc_id}").check().run()
        at.button(key=f"delete_{doc_id}").click().run()
        assert not at.exception
        assert any("已删除" in s for s in texts(at, "success"))
        assert ui_home.engine.document(doc_id) is None
        assert set(at.dataframe[0].value["名称"]) == set(TRUTH)
        deleted = ui_home.engine.audit.records(kind="delete", user=USERS[Role.ADMIN])
        assert deleted[0].body["payload"]["doc_id"] == doc_id
    finally:  # leave the shared corpus as other tests expect it
        for extra in set(doc_ids(ui_home).values()) - before:
            ui_home.engine.delete(extra)


def test_a_duplicate_upload_says_which_document_it_matches(app, ui_home):
    """The same bytes under a new name: not ingested again, and the page says under which name
    they are stored already (the new name used to vanish silently)."""
    statute = "中华人民共和国刑事诉讼法(2018-10-26)节选.md"
    before = doc_ids(ui_home)
    at = app(Role.ADMIN, DOCUMENTS)
    at.file_uploader(key="documents_upload").set_value([
        ("刑诉法节选_副本.md", (REPO / "data" / "demo" / statute).read_bytes(), "text/markdown")])
    at.run()
    at.button(key="documents_ingest").click().run()
    assert not at.exception
    shown = escape_markdown("刑诉法节选_副本.md")  # file names are plain text on the page
    (note,) = [i for i in texts(at, "info") if shown in i]
    assert f"已有文件「{escape_markdown(statute)}」" in note and "内容完全相同" in note
    assert any("未变化" in m and shown in m for m in texts(at, "markdown"))
    assert doc_ids(ui_home) == before  # nothing added, nothing renamed


def test_a_failed_reingest_keeps_the_document_as_it_was(ui_home):
    admin = user(ui_home, Role.ADMIN)
    report = ingest_upload(ui_home.engine, admin, "restore.txt", "一份用于恢复测试的说明。\n".encode(), "auto")
    assert report.status is IngestStatus.INGESTED
    before = ui_home.engine.document(report.doc_id)
    try:
        failed = reingest_document(ui_home.engine, admin, report.doc_id, "no-such-kind")
        assert failed.status is IngestStatus.FAILED and "unknown kind" in failed.error
        assert ui_home.engine.document(report.doc_id) == before  # never deleted, so nothing to restore
        gone = reingest_document(ui_home.engine, admin, "d-not-there", "generic")
        assert gone.status is IngestStatus.FAILED and "文件不存在" in gone.error
    finally:
        ui_home.engine.delete(report.doc_id)


def test_the_original_counts_as_personal_when_text_has_pii_or_a_page_went_unread(ui_home):
    from engine.types import DocumentRecord, PageText
    from ui.documents import may_show_pii

    ids = doc_ids(ui_home)
    for name, expected in [(TRANSCRIPT, True), ("中华人民共和国刑法(2023-12-29)节选.pdf", False)]:
        record = ui_home.engine.document(ids[name])
        assert may_show_pii(record, ui_home.engine.pages(record.doc_id)) is expected, name

    def record(needs_ocr: bool) -> DocumentRecord:
        return DocumentRecord(doc_id="x", name="scan.pdf", sha256="0", kind="generic", media_type="pdf",
                              pages=1, chunks=0, size_bytes=1, status="ready", created_at="",
                              meta={"quality": [{"page": 1, "needs_ocr": needs_ocr, "ocr_used": False}]})

    blank = [PageText(number=1, text="", lines=[])]
    assert may_show_pii(record(needs_ocr=True), blank)  # an unread scan may show anything
    assert not may_show_pii(record(needs_ocr=False), blank)
    assert may_show_pii(record(needs_ocr=False), [PageText(number=1, text="电话 13800138000", lines=[])])


def test_documents_read_by_older_chunkers_are_announced_and_derived_again_on_request(app, ui_home):
    """A document stored before derivation versions (engine/ingest/derivation.py) still answers;
    the page says so in one line, and its button reads it again from the stored original."""
    import sqlite3

    doc_id = doc_ids(ui_home)[TRANSCRIPT]
    chunks = [c.text for c in ui_home.engine.chunks(doc_id)]
    with sqlite3.connect(ui_home.path / "catalog.sqlite") as conn:  # as a release before versions wrote it
        conn.execute("UPDATE documents SET meta = json_remove(meta, '$.derivation') WHERE doc_id=?", (doc_id,))
    at = app(Role.PARALEGAL, DOCUMENTS)
    assert not at.exception
    assert "1 份文件按旧版本解析，可重新解析" in texts(at, "info")
    at.button(key="documents_reindex").click().run()
    assert not at.exception
    assert not any(t.endswith("份文件按旧版本解析，可重新解析") for t in texts(at, "info"))
    assert any("已按当前版本" in t for t in texts(at, "info"))  # the upload results say what happened
    assert not ui_home.engine.docs().stale and [c.text for c in ui_home.engine.chunks(doc_id)] == chunks
    audited = ui_home.engine.audit.records(kind="document_rederived", limit=1)[0].body["payload"]
    assert audited["doc_id"] == doc_id and audited["status"] == "ingested" and audited["derivation_before"] == 0
