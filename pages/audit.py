"""审计 Audit: the hash-chained trail — filter and page through records, verify the chain, and
replay one ask stage by stage (parse → recall per channel → fusion → rerank → evidence → compose
→ verify → output), all read back from the record alone (engine/audit/replay.py).

Leads and admins only: the guard runs before anything is read. Records of asks answered with
personal data unmasked hold that data; it is masked here until the viewer chooses to see it,
which is itself audited, as on the Documents page.
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from typing import Any

import pandas as pd
import streamlit as st

from engine import (ASK_KIND, AuditLog, AuditRecord, Permission, ReplayStep, Role, Stage, Status, User,
                    replay_steps)
from ui.auth import get_authenticator, require
from ui.components import badge_markdown, error_boundary, escape_markdown, local_time, local_zone
from ui.documents import masked, masked_meta
from ui.labels import CONFLICT_NAMES, MODE_NAMES, STATUS_NAMES, chinese_text, label, named
from ui.state import get_engine

PAGE_SIZES = (25, 50, 100)
RECENT_WINDOW = 500  # recent records whose users and kinds seed the filter choices
ANY = "__any__"  # the filters' "no filter" choice (shown as 全部)
KIND_NAMES = {"ask": ("问答", "ask"), "login": ("登录", "sign-in"), "delete": ("删除文件", "document deleted"),
              "pii_unmasked": ("查看个人信息", "personal data shown"),
              "document_ingested": ("导入文件", "document ingested"),
              "document_reingested": ("重新导入", "document re-ingested"),
              "password_changed": ("修改密码", "password changed"),
              "answer_unmasked": ("显示问答原文", "answer shown unmasked")}
LOGIN_REASONS = {"throttled": ("尝试过多，被限流", "throttled"), "bad_password": ("密码错误", "wrong password"),
                 "unknown_user": ("无此用户", "unknown user")}
VIEW_NAMES = {"documents": ("文件", "Documents"), "summary": ("摘要", "Summary"), "facts": ("事实", "Facts"),
              "audit": ("审计", "Audit"), "ask": ("问答", "Ask")}
ROLE_IN_EVIDENCE = {"hit": ("检索命中", "search hit"), "chain": ("同一问答", "same Q/A"),
                    "cited": ("引用条文", "cited article"), "citing": ("援引本条", "citing article"),
                    "context": ("同章条文", "same chapter"), "version": ("其他版本", "other version"),
                    "completion": ("补全计算", "completes the sum"), "fact": ("合同事实", "contract fact")}
EXPORT_NAME = "lextrace-audit-export.jsonl"
CHAIN_KEY = "audit.chain"  # (ChainCheck dict, checked at) of this session's last verification
PAGE_KEY = "audit.page"
FILTERS_KEY = "audit.filters_seen"  # the filters the page number belongs to
REVEALED_KEY = "audit.revealed"  # record ids whose unmasking this session has already audited

STAGE_NAMES: dict[str, tuple[str, str]] = {
    Stage.PARSE.value: ("解析", "parse"), Stage.RECALL.value: ("召回", "recall"),
    Stage.FUSION.value: ("融合", "fusion"), Stage.RERANK.value: ("重排序", "rerank"),
    Stage.EVIDENCE.value: ("证据", "evidence"), Stage.COMPOSE.value: ("撰写", "compose"),
    Stage.VERIFY.value: ("核验", "verify"), Stage.OUTPUT.value: ("输出", "output"),
    Stage.EVENT.value: ("事件", "event"),
}
CHANNEL_NAMES = {"bm25": ("关键词", "BM25"), "vector": ("向量", "vector"), "direct": ("直接查找", "direct lookup"),
                 "facts": ("合同事实表", "contract facts")}


def yes_no(value: Any) -> str:
    return "—" if value is None else (label("是", "yes") if value else label("否", "no"))


def frame(rows: list[dict[str, Any]]) -> None:
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    else:
        st.caption(label("（无）", "(none)"))


# -- the chain ---------------------------------------------------------------------------------
def chain_section(log: AuditLog) -> None:
    left, middle, right = st.columns([3, 1, 1])
    head = log.head()
    left.caption(f"共 {log.count()} 条记录 · {label('链头', 'head')} {escape_markdown(head[:16])}…",
                 help=label(f"链头哈希 {head}。每次写入都用密钥文件中的密钥签一份检查点（记录数与链头），"
                            "并在密钥旁的头文件中另存一份：末尾记录被截掉、数据库被换成旧副本或被删除时校验都会发现；"
                            "导出的副本可另地保存。",
                            f"head {head}; every append signs a checkpoint with the key in the secrets file "
                            "and keeps a copy in the head file beside the key"))
    if right.button(label("校验审计链", "Verify chain"), key="audit.verify", type="primary"):
        with st.spinner(label("重新计算每条记录的哈希与链接…", "recomputing every hash and link…")):
            check = log.verify()
        st.session_state[CHAIN_KEY] = (check.to_dict(), datetime.now(timezone.utc))
    middle.download_button(label("导出审计链", "Export"), data=lambda: export_bytes(log),
                           file_name=EXPORT_NAME, mime="application/jsonl", key="audit.export",
                           help=label("整条链与签名检查点，供另地保存（python -m engine audit export 同样）",
                                      "the chain and its signed checkpoint, for keeping elsewhere"))
    result = st.session_state.get(CHAIN_KEY)
    if result is None:
        return
    check, when = result
    at = local_time(when)
    if check["ok"]:
        checkpoint = check.get("checkpoint") or {}
        st.success(f"{label('审计链完整', 'Chain intact')}：已校验 {check['checked']} 条记录，哈希与链接全部一致，"
                   f"签名检查点与密钥旁的头文件（{checkpoint.get('count', 0)} 条）均相符（{at}）")
    else:
        where = (f"第 {check['first_bad_seq']} 条" if check.get("first_bad_seq")
                 else escape_markdown(check["first_broken"]) if check.get("first_broken")
                 else label("检查点", "the checkpoint"))
        st.error(f"{label('审计链断裂', 'Chain broken')}：第一处问题在{where}（已校验 {check['checked']} 条，{at}）。"
                 f"{label('原因', 'reason')}：{escape_markdown(check['reason'])}")
    for note in check.get("notes") or []:
        st.caption(f"{label('说明', 'note')}：{escape_markdown(chinese_text(note))}")


def export_bytes(log: AuditLog) -> bytes:
    """The chain and its signed checkpoint as AuditLog.export writes them (engine/audit/chain.py)."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / EXPORT_NAME
        log.export(path)
        return path.read_bytes()


# -- filtering and paging ----------------------------------------------------------------------
def recent_values(log: AuditLog) -> tuple[list[str], list[str]]:
    """(users, kinds) for the filter choices: the accounts and whatever recent records show;
    anything older can still be typed in."""
    recent = log.records(limit=RECENT_WINDOW)
    users = set(get_authenticator().store.users()) | {r.user for r in recent if r.user}
    kinds = {ASK_KIND} | {r.kind for r in recent}
    return sorted(users), sorted(kinds)


def day_bounds(picked: Any) -> tuple[datetime | None, datetime | None]:
    """since (inclusive) and until (exclusive) for the picked day(s) in the server's zone."""
    days = [d for d in (picked if isinstance(picked, (list, tuple)) else [picked]) if isinstance(d, date)]
    if not days:
        return None, None
    first, last = min(days), max(days)
    since = datetime(first.year, first.month, first.day).astimezone()
    until = (datetime(last.year, last.month, last.day) + timedelta(days=1)).astimezone()
    return since, until


def filter_controls(log: AuditLog) -> dict[str, Any]:
    users, kinds = recent_values(log)
    one, two, three = st.columns(3)
    anyone = label("全部", "all")
    user = one.selectbox(label("用户", "User"), [ANY, *users], key="audit.user", accept_new_options=True,
                         format_func=lambda u: anyone if u == ANY else u)
    kind = two.selectbox(label("类型", "Kind"), [ANY, *kinds], key="audit.kind", accept_new_options=True,
                         format_func=lambda k: anyone if k == ANY else named(KIND_NAMES, k))
    status = three.selectbox(label("状态", "Status"), [ANY, *(s.value for s in Status)], key="audit.status",
                             format_func=lambda s: anyone if s == ANY else named(STATUS_NAMES, s))
    four, five, six = st.columns([1, 2, 1])
    days = four.date_input(f"{label('日期', 'Dates')}（{local_zone()}）", value=[], key="audit.dates",
                           help=label("选一天或一个区间；留空表示不限", "one day or a range; empty = any"))
    text = five.text_input(label("包含文字", "Text"), key="audit.text",
                           help=label("问题、结论、事件内容中的文字，或完整的记录编号",
                                      "question, conclusion, event payload, or an exact record id"))
    size = six.selectbox(label("每页", "Per page"), PAGE_SIZES, key="audit.page_size")
    since, until = day_bounds(days)
    return {"user": None if user == ANY else user, "kind": None if kind == ANY else kind,
            "status": None if status == ANY else status, "since": since, "until": until,
            "text": (text or "").strip() or None, "size": size}


def current_page(filters: dict[str, Any]) -> int:
    """The page number, back to 1 whenever a filter changes."""
    signature = json.dumps(filters, default=str, sort_keys=True)
    if st.session_state.get(FILTERS_KEY) != signature:
        st.session_state[FILTERS_KEY] = signature
        st.session_state[PAGE_KEY] = 1
    return st.session_state.setdefault(PAGE_KEY, 1)


def _turn(delta: int) -> None:
    st.session_state[PAGE_KEY] = max(1, st.session_state.get(PAGE_KEY, 1) + delta)


def page_of_records(log: AuditLog, filters: dict[str, Any]) -> tuple[list[AuditRecord], int, bool]:
    """(records on this page, page number, whether a next page exists)."""
    page = current_page(filters)
    size = filters["size"]
    query = {k: v for k, v in filters.items() if k != "size"}
    fetched = log.records(limit=size + 1, offset=(page - 1) * size, **query)  # one extra: a next page?
    return fetched[:size], page, len(fetched) > size


def pager(page: int, has_next: bool, shown: int) -> None:
    left, middle, right = st.columns([1, 2, 1])
    left.button(label("← 上一页", "← Previous"), key="audit.previous", disabled=page <= 1, on_click=_turn, args=(-1,))
    middle.caption(f"第 {page} 页 · 本页 {shown} 条")
    right.button(label("下一页 →", "Next →"), key="audit.next", disabled=not has_next, on_click=_turn, args=(1,))


def event_summary(kind: str, payload: dict[str, Any]) -> str:
    """One line for an audited event, in words (the raw payload is in the replay)."""
    if kind == "login":
        if payload.get("ok"):
            return label("登录成功", "signed in") + (label("（须修改初始密码）", " (must change the password)")
                                                  if payload.get("must_change") else "")
        return label("登录失败", "sign-in refused") + (f"（{named(LOGIN_REASONS, payload['reason'])}）"
                                                     if payload.get("reason") else "")
    if kind in ("delete", "document_ingested", "document_reingested"):
        return str(payload.get("name") or payload.get("doc_id") or "")
    if kind == "pii_unmasked":
        where = payload.get("name") or payload.get("audit_record") or payload.get("doc_id") or ""
        view = named(VIEW_NAMES, payload["view"]) if payload.get("view") else ""
        return f"{label('页面', 'page')} {view} · {where}".strip(" ·")
    if kind == "answer_unmasked":
        return f"{payload.get('question') or ''} · {label('问答记录', 'ask record')} {payload.get('answer') or '—'}"
    text = "；".join(f"{k}：{v}" for k, v in sorted(payload.items()) if v not in (None, ""))
    return text if len(text) <= 120 else text[:119] + "…"


def record_summary(record: AuditRecord) -> str:
    if record.kind == ASK_KIND:
        return record.question or ""
    return event_summary(record.kind, record.body.get("payload", {}))


def record_rows(records: list[AuditRecord]) -> list[dict[str, Any]]:
    return [{label("编号", "id"): r.id, f"{label('时间', 'time')}（{local_zone()}）": local_time(r.created_at),
             label("用户", "user"): r.user or "—", label("类型", "kind"): named(KIND_NAMES, r.kind),
             label("状态", "status"): named(STATUS_NAMES, r.status) if r.status else "—",
             label("内容", "question / event"): record_summary(r),
             label("未遮盖", "unmasked"): yes_no(bool(r.body.get("unmasked", False))),
             label("哈希", "hash"): "✓" if r.hash_ok else label("✗ 不符", "✗ mismatch")} for r in records]


# -- replay ------------------------------------------------------------------------------------
def reveal_choice(engine, user: User, record: AuditRecord) -> bool:
    """Whether this record's personal data is shown: only for unmasked asks, only for roles that
    may unmask, only when chosen — and the first showing per session is audited."""
    if not record.body.get("unmasked"):
        return True  # stored masked: nothing to hide
    st.warning(label("此问答当时显示了未遮盖的个人信息，记录中含原文；下面默认遮盖。",
                     "This ask was answered unmasked; its record holds personal data, masked below."))
    if not user.can(Permission.UNMASK_PII):
        return False
    if not st.toggle(label("显示个人信息", "Show personal data"), key=f"audit.reveal.{record.id}",
                     help=label("每条记录第一次显示时记入审计", "audited the first time per record")):
        return False
    revealed = st.session_state.setdefault(REVEALED_KEY, set())
    if record.id not in revealed:
        user.ensure(Permission.UNMASK_PII)
        engine.audit.record_event("pii_unmasked", {"audit_record": record.id, "view": "audit"},
                                  user=user.name)
        revealed.add(record.id)
    return True


def step_label(step: ReplayStep) -> str:
    parts = [f"{step.order}. {named(STAGE_NAMES, step.stage.value)}"]
    if step.channel:
        parts.append(named(CHANNEL_NAMES, step.channel))
    if step.elapsed_ms is not None:
        parts.append(f"{step.elapsed_ms:g} ms")
    return " · ".join(parts)


def step_summary(step: ReplayStep, record: AuditRecord, doc_names: dict[str, str], internals: bool) -> str:
    """One sentence for a replayed step, in the reader's words, from the step's own data (the
    engine's summary is the English line of ``python -m engine audit show``)."""
    data, stage = step.data, Stage(step.stage.value)
    if stage is Stage.PARSE:
        entities = {"amounts": "金额", "dates": "日期", "articles": "法条", "laws": "法律"}
        found = "；".join(f"{name} {', '.join(map(str, data.get(key) or []))}"
                         for key, name in entities.items() if data.get(key))
        return label(f"识别出：{found}", f"found: {found}") if found else \
            label("问题中没有金额、日期或法条引用", "no amounts, dates or article references")
    if stage is Stage.RECALL:
        if "fact_query" in data:
            return label("合同事实表的类型化查询（参数化 SQL，不经检索）", "typed contract-fact query, no search")
        if "chunk_ids" in data:
            return label(f"直接取得所问法条 {len(data['chunk_ids'])} 条", f"{len(data['chunk_ids'])} named article(s)")
        return label(f"{data['total']} 个候选，保留前 {len(data['top'])} 个",
                     f"{data['total']} candidates, top {len(data['top'])} kept")
    if stage is Stage.FUSION:
        return label("倒数名次融合各通道", "reciprocal rank fusion") if data.get("method") else \
            label("单一通道，不融合", "single channel, no fusion")
    if stage is Stage.RERANK:
        if not data["ran"]:
            return label("未重排序", "no reranker ran")
        return label("已重排序", "reranked") + (f"（{escape_markdown(data['reranker'])}）" if internals else "")
    if stage is Stage.EVIDENCE:
        pages = dict.fromkeys(f"{e['doc_name']} 第{p}页" for e in data["cited"]
                              for p in range(e["page"], e["page_end"] + 1))
        return label(f"{len(data['cited'])} 条证据", f"{len(data['cited'])} evidence items") + \
            (f"：{'；'.join(pages)}" if pages else "")
    if stage is Stage.COMPOSE:
        return f"{named(MODE_NAMES, data['mode'])}：{data['conclusion']}"
    if stage is Stage.VERIFY:
        checks = data["checks"]
        failed = [label("数值未全有出处", "numbers not grounded")] if not checks["numbers_grounded"] else []
        failed += [label("引用了不存在的证据", "invalid citations")] if not checks["citations_valid"] else []
        failed += [f"{label('无出处', 'unsupported')} {u}" for u in checks["unsupported"]]
        return label("全部检查通过", "all checks passed") if not failed else \
            label("未通过：", "failed: ") + "；".join(failed)
    if stage is Stage.OUTPUT:
        return named(STATUS_NAMES, data["status"]) + ("" if data["pii_masked"] else
                                                     label("，显示了个人信息", ", personal data shown"))
    return named(KIND_NAMES, record.kind)


def step_body(step: ReplayStep, record: AuditRecord, doc_names: dict[str, str], show,
              internals: bool = False) -> None:
    """The tables of one step. ``show`` masks free text (conclusions, quotes) when required;
    ``internals`` (admins): the reranker and model names."""
    data = step.data
    # By value: Streamlit re-imports edited modules, so the Stage class of a step made by the
    # long-lived engine need not be the one imported by this run of the page.
    stage = Stage(step.stage.value)
    st.markdown(escape_markdown(show(step_summary(step, record, doc_names, internals))))
    if stage is Stage.PARSE:
        entities = {"amounts": ("金额", "amounts"), "dates": ("日期", "dates"), "articles": ("法条", "articles"),
                    "laws": ("法律", "laws")}
        frame([{label("实体", "entity"): named(entities, key),
                label("值", "values"): ", ".join(map(str, data.get(key, []))) or "—"} for key in entities])
        st.caption(label("分词", "tokens") + "：" + " / ".join(map(escape_markdown, data.get("tokens", []))))
    elif stage is Stage.RECALL:
        frame([{label("名次", "rank"): t["rank"], label("片段", "chunk_id"): t["chunk_id"],
                label("分数", "score"): t["score"]} for t in data["top"]])
    elif stage is Stage.FUSION:
        if data.get("method"):
            st.caption(f"{label('方法', 'method')}：{label('倒数名次融合', 'reciprocal rank fusion')}")
        frame([{label("名次", "rank"): o["rank"], label("片段", "chunk_id"): o["chunk_id"],
                label("分数", "score"): "—" if o["score"] is None else o["score"]} for o in data["order"]])
    elif stage is Stage.RERANK:
        if internals:
            st.caption(f"{label('重排序器', 'reranker')}：**{escape_markdown(data['reranker'])}**"
                       + ("" if data["ran"] else label("（未运行）", " (did not run)")))
        frame([{label("名次", "rank"): o["rank"], label("文件", "document"): doc_names.get(o["doc_id"], o["doc_id"]),
                label("页", "pages"): "-".join(map(str, sorted(set(o["pages"])))),
                label("片段", "chunk_id"): o["chunk_id"], label("分数", "score"): o["score"]} for o in data["order"]])
    elif stage is Stage.EVIDENCE:
        quotes = {e["id"]: e.get("quote", "") for e in record.body.get("answer", {}).get("evidence", [])}
        frame([{label("编号", "id"): e["id"], label("文件", "document"): e["doc_name"],
                label("页", "pages"): f"{e['page']}" + ("" if e["page"] == e["page_end"] else f"-{e['page_end']}"),
                label("来由", "role"): named(ROLE_IN_EVIDENCE, e["role"]), label("分数", "score"): e["score"],
                label("引文", "quote"): show(quotes.get(e["id"], "")), label("片段", "chunk_id"): e["chunk_id"]}
               for e in data["cited"]])
    elif stage is Stage.COMPOSE:
        st.caption(f"{label('方式', 'mode')}：{named(MODE_NAMES, data['mode'])}"
                   + (f" · {label('模型', 'model')}：{escape_markdown(data['model'])}"
                      if data.get("model") and internals else ""))
        st.markdown(f"**{label('计算', 'Calculations')}**")
        frame([{label("算式", "expression"): c["expression"], label("结果", "result"): str(c["result"]),
                label("原文所述", "stated"): "—" if c.get("stated") is None else str(c["stated"]),
                label("一致", "ok"): yes_no(c["ok"]), label("证据", "evidence"): "、".join(c.get("evidence", []))}
               for c in data["calculations"]])
        st.markdown(f"**{label('冲突', 'Conflicts')}**")
        frame([{label("类型", "kind"): named(CONFLICT_NAMES, c.get("kind")), label("说明", "description"):
                show(c["description"]), label("证据", "evidence"): "、".join(c.get("evidence", []))}
               for c in data["conflicts"]])
        st.markdown(f"**{label('缺口', 'Gaps')}**")
        frame([{label("说明", "description"): show(g["description"]),
                label("证据", "evidence"): "、".join(g.get("evidence", []))} for g in data["gaps"]])
    elif stage is Stage.VERIFY:
        checks = data["checks"]
        check, result = label("检查", "check"), label("结果", "result")
        frame([{check: label("数值均有出处", "numbers grounded"), result: yes_no(checks["numbers_grounded"])},
               {check: label("引用有效", "citations valid"), result: yes_no(checks["citations_valid"])},
               {check: label("计算复核", "calculations ok"),  # —: nothing was calculated
                result: yes_no(all(data["calculations_ok"])) if data["calculations_ok"] else "—"}])
        if checks["unsupported"]:
            st.error(label("无出处", "unsupported") + "："
                     + "；".join(escape_markdown(show(u)) for u in checks["unsupported"]))
    elif stage is Stage.OUTPUT:
        models = data.get("models") or {}
        item, value_column = label("项", "item"), label("值", "value")
        model_names = {"embedding": ("向量模型", "embedding"), "reranker": ("重排序", "reranker"),
                       "llm": ("大模型", "LLM")}
        frame([{item: label("状态", "status"), value_column: named(STATUS_NAMES, data["status"])},
               {item: label("个人信息已遮盖", "personal data masked"), value_column: yes_no(data["pii_masked"])},
               {item: label("用户", "user"), value_column: data.get("user") or "—"},
               *({item: named(model_names, name), value_column: "—" if value is None else str(value)}
                 for name, value in models.items() if internals)])
    else:  # an event: its payload is all there is
        st.json(show(data), expanded=True)


def replay_section(engine, user: User, records: list[AuditRecord]) -> None:
    st.subheader(label("回放", "Replay"))
    if not records:
        return
    by_id = {r.id: r for r in records}
    chosen = st.selectbox(label("记录", "Record"), list(by_id), key="audit.record",
                          format_func=lambda i: f"{i} · {named(KIND_NAMES, by_id[i].kind)} · "
                                                f"{record_summary(by_id[i])[:60]}")
    record = by_id[chosen]
    status = f" · {badge_markdown(record.status)}" if record.status else ""
    # The user is whatever name a sign-in was tried with: plain text, never Markdown.
    st.markdown(f"**{escape_markdown(record.id)}** · {named(KIND_NAMES, record.kind)} · "
                f"{local_time(record.created_at)} · {label('用户', 'user')} "
                f"{escape_markdown(record.user) if record.user else '—'}{status}")
    if not record.hash_ok:
        st.error(label("此记录的哈希与内容不符：内容或哈希被改动过", "this record's hash does not match its body"))
    reveal = reveal_choice(engine, user, record)

    def show(value: Any) -> Any:
        if reveal:
            return value
        return masked(value) if isinstance(value, str) else masked_meta(value)

    doc_names = {d.doc_id: d.name for d in engine.docs().documents}
    internals = user.role is Role.ADMIN  # which models ran: for admins
    for step in replay_steps(record):  # the very record shown above, not a second read
        with st.expander(step_label(step), expanded=Stage(step.stage.value) in (Stage.COMPOSE, Stage.EVENT)):
            step_body(step, record, doc_names, show, internals)
    with st.expander(label("原始记录（JSON）", "Raw record (JSON)")):
        st.caption(f"prev_hash {escape_markdown(record.prev_hash)} · hash {escape_markdown(record.hash)}")
        st.json(show(record.body), expanded=False)


user = require(Permission.VIEW_AUDIT)
engine = get_engine()
log = engine.audit
st.header(label("审计", "Audit"))
records: list[AuditRecord] = []
with error_boundary(label("校验审计链", "Verifying the chain")):
    chain_section(log)
with error_boundary(label("读取审计记录", "Reading the audit records")):
    filters = filter_controls(log)
    records, page, has_next = page_of_records(log, filters)
    if not records:
        st.info(label("没有符合条件的记录", "no records match") if page == 1
                else label("这一页没有记录", "no records on this page"))
    else:
        if not all(r.hash_ok for r in records):
            st.error(label("本页有记录的哈希与内容不符：请校验审计链", "a record on this page fails its hash"))
        frame(record_rows(records))
    pager(page, has_next, len(records))
with error_boundary(label("回放", "Replay")):
    replay_section(engine, user, records)
