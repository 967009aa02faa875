"""审计 Audit: the hash-chained trail — filter and page through records, verify the chain, and
replay one ask stage by stage (parse → recall per channel → fusion → rerank → evidence → compose
→ verify → output), all read back from the record alone (engine/audit.py).

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

from engine.answer.model import Status
from engine.audit import ASK_KIND, AuditLog, AuditRecord, ReplayStep, Stage, replay_steps
from engine.auth import Permission, User
from ui.auth import get_authenticator, require
from ui.components import badge_markdown, error_boundary
from ui.documents import masked, masked_meta
from ui.state import get_engine

PAGE_SIZES = (25, 50, 100)
RECENT_WINDOW = 500  # recent records whose users and kinds seed the filter choices
ANY = "全部 all"
CHAIN_KEY = "audit.chain"  # (ChainCheck dict, checked at) of this session's last verification
PAGE_KEY = "audit.page"
FILTERS_KEY = "audit.filters_seen"  # the filters the page number belongs to
REVEALED_KEY = "audit.revealed"  # record ids whose unmasking this session has already audited

STAGE_LABELS: dict[Stage, str] = {
    Stage.PARSE: "解析 parse",
    Stage.RECALL: "召回 recall",
    Stage.FUSION: "融合 fusion",
    Stage.RERANK: "重排序 rerank",
    Stage.EVIDENCE: "证据 evidence",
    Stage.COMPOSE: "撰写 compose",
    Stage.VERIFY: "核验 verify",
    Stage.OUTPUT: "输出 output",
    Stage.EVENT: "事件 event",
}


def frame(rows: list[dict[str, Any]]) -> None:
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    else:
        st.caption("（无 none）")


# -- the chain ---------------------------------------------------------------------------------
def chain_section(log: AuditLog) -> None:
    left, right = st.columns([3, 1])
    head = log.head()
    left.caption(f"共 {log.count()} 条记录 records · 链头 head `{head[:16]}…`",
                 help=f"链头哈希 {head}。链本身无法发现末尾记录被整体截掉：需要时把链头另存一份以便比对。"
                      "(Keep a copy of the head hash elsewhere to detect truncation.)")
    if right.button("校验审计链 Verify chain", key="audit.verify", type="primary"):
        with st.spinner("重新计算每条记录的哈希与链接… (recomputing every hash and link)"):
            check = log.verify()
        st.session_state[CHAIN_KEY] = (check.to_dict(), datetime.now(timezone.utc))
    result = st.session_state.get(CHAIN_KEY)
    if result is None:
        return
    check, when = result
    at = when.strftime("%Y-%m-%d %H:%M:%S UTC")
    if check["ok"]:
        st.success(f"审计链完整 Chain intact：已校验 {check['checked']} 条记录，哈希与链接全部一致（{at}）")
    else:
        st.error(f"审计链断裂 Chain broken：第一处在记录 `{check['first_broken']}`"
                 f"（已校验 {check['checked']} 条，{at}）。原因 reason：{check['reason']}")


# -- filtering and paging ----------------------------------------------------------------------
def recent_values(log: AuditLog) -> tuple[list[str], list[str]]:
    """(users, kinds) for the filter choices: the accounts and whatever recent records show;
    anything older can still be typed in."""
    recent = log.records(limit=RECENT_WINDOW)
    users = set(get_authenticator().store.users()) | {r.user for r in recent if r.user}
    kinds = {ASK_KIND} | {r.kind for r in recent}
    return sorted(users), sorted(kinds)


def utc_bounds(picked: Any) -> tuple[datetime | None, datetime | None]:
    """since (inclusive) and until (exclusive) for the picked UTC day(s)."""
    days = [d for d in (picked if isinstance(picked, (list, tuple)) else [picked]) if isinstance(d, date)]
    if not days:
        return None, None
    first, last = min(days), max(days)
    since = datetime(first.year, first.month, first.day, tzinfo=timezone.utc)
    until = datetime(last.year, last.month, last.day, tzinfo=timezone.utc) + timedelta(days=1)
    return since, until


def filter_controls(log: AuditLog) -> dict[str, Any]:
    users, kinds = recent_values(log)
    one, two, three = st.columns(3)
    user = one.selectbox("用户 User", [ANY, *users], key="audit.user", accept_new_options=True)
    kind = two.selectbox("类型 Kind", [ANY, *kinds], key="audit.kind", accept_new_options=True)
    status = three.selectbox("状态 Status", [ANY, *(s.value for s in Status)], key="audit.status")
    four, five, six = st.columns([1, 2, 1])
    days = four.date_input("日期 Dates (UTC)", value=[], key="audit.dates",
                           help="选一天或一个区间；留空表示不限 (one day or a range; empty = any)")
    text = five.text_input("包含文字 Text", key="audit.text",
                           help="问题、结论、事件内容中的文字，或完整的记录编号 "
                                "(question, conclusion, event payload, or an exact record id)")
    size = six.selectbox("每页 Per page", PAGE_SIZES, key="audit.page_size")
    since, until = utc_bounds(days)
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
    left.button("← 上一页 Previous", key="audit.previous", disabled=page <= 1, on_click=_turn, args=(-1,))
    middle.caption(f"第 {page} 页 page · 本页 {shown} 条 records")
    right.button("下一页 Next →", key="audit.next", disabled=not has_next, on_click=_turn, args=(1,))


def record_summary(record: AuditRecord) -> str:
    if record.kind == ASK_KIND:
        return record.question or ""
    payload = json.dumps(record.body.get("payload", {}), ensure_ascii=False, sort_keys=True)
    return payload if len(payload) <= 120 else payload[:119] + "…"


def record_rows(records: list[AuditRecord]) -> list[dict[str, Any]]:
    return [{"编号 id": r.id, "时间 time (UTC)": r.created_at, "用户 user": r.user or "",
             "类型 kind": r.kind, "状态 status": r.status or "", "内容 question / event": record_summary(r),
             "未遮盖 unmasked": bool(r.body.get("unmasked", False)),
             "哈希 hash": "✓" if r.hash_ok else "✗ 不符 mismatch"} for r in records]


# -- replay ------------------------------------------------------------------------------------
def reveal_choice(engine, user: User, record: AuditRecord) -> bool:
    """Whether this record's personal data is shown: only for unmasked asks, only for roles that
    may unmask, only when chosen — and the first showing per session is audited."""
    if not record.body.get("unmasked"):
        return True  # stored masked: nothing to hide
    st.warning("此问答当时显示了未遮盖的个人信息，记录中含原文；下面默认遮盖。"
               "(This ask was answered unmasked; its record holds personal data, masked below.)")
    if not user.can(Permission.UNMASK_PII):
        return False
    if not st.toggle("显示个人信息 Show personal data", key=f"audit.reveal.{record.id}",
                     help="每条记录第一次显示时记入审计 (audited)"):
        return False
    revealed = st.session_state.setdefault(REVEALED_KEY, set())
    if record.id not in revealed:
        user.ensure(Permission.UNMASK_PII)
        engine.audit.record_event("pii_unmasked", {"audit_record": record.id, "view": "audit"},
                                  user=user.name)
        revealed.add(record.id)
    return True


def step_label(step: ReplayStep) -> str:
    parts = [f"{step.order}. {STAGE_LABELS.get(Stage(step.stage.value), step.stage.value)}"]
    if step.channel:
        parts.append(step.channel)
    if step.elapsed_ms is not None:
        parts.append(f"{step.elapsed_ms:g} ms")
    return " · ".join(parts)


def step_body(step: ReplayStep, record: AuditRecord, doc_names: dict[str, str], show) -> None:
    """The tables of one step. ``show`` masks free text (conclusions, quotes) when required."""
    data = step.data
    # By value: Streamlit re-imports edited modules, so the Stage class of a step made by the
    # long-lived engine need not be the one imported by this run of the page.
    stage = Stage(step.stage.value)
    st.markdown(show(step.summary))
    if stage is Stage.PARSE:
        frame([{"实体 entity": key, "值 values": ", ".join(map(str, data.get(key, [])))}
               for key in ("amounts", "dates", "articles", "laws")])
        st.caption("分词 tokens：" + " / ".join(map(str, data.get("tokens", []))))
    elif stage is Stage.RECALL:
        frame([{"名次 rank": t["rank"], "片段 chunk_id": t["chunk_id"], "分数 score": t["score"]}
               for t in data["top"]])
    elif stage is Stage.FUSION:
        if data.get("method"):
            st.caption(f"方法 method: {data['method']}")
        frame([{"名次 rank": o["rank"], "片段 chunk_id": o["chunk_id"], "分数 score": o["score"]}
               for o in data["order"]])
    elif stage is Stage.RERANK:
        st.caption(f"重排序器 reranker: **{data['reranker']}**" + ("" if data["ran"] else "（未运行 did not run）"))
        frame([{"名次 rank": o["rank"], "文件 document": doc_names.get(o["doc_id"], o["doc_id"]),
                "页 pages": "-".join(map(str, sorted(set(o["pages"])))), "片段 chunk_id": o["chunk_id"],
                "分数 score": o["score"]} for o in data["order"]])
    elif stage is Stage.EVIDENCE:
        quotes = {e["id"]: e.get("quote", "") for e in record.body.get("answer", {}).get("evidence", [])}
        frame([{"编号 id": e["id"], "文件 document": e["doc_name"],
                "页 pages": f"{e['page']}" + ("" if e["page"] == e["page_end"] else f"-{e['page_end']}"),
                "角色 role": e["role"], "分数 score": e["score"], "引文 quote": show(quotes.get(e["id"], "")),
                "片段 chunk_id": e["chunk_id"]} for e in data["cited"]])
    elif stage is Stage.COMPOSE:
        st.caption(f"方式 mode: {data['mode']}" + (f" · 模型 model: {data['model']}" if data.get("model") else ""))
        st.markdown("**计算 Calculations**")
        frame([{"算式 expression": c["expression"], "结果 result": str(c["result"]),
                "原文所述 stated": str(c.get("stated")), "一致 ok": c["ok"],
                "证据 evidence": ", ".join(c.get("evidence", []))} for c in data["calculations"]])
        st.markdown("**冲突 Conflicts**")
        frame([{"类型 kind": c.get("kind", ""), "说明 description": show(c["description"]),
                "证据 evidence": ", ".join(c.get("evidence", []))} for c in data["conflicts"]])
        st.markdown("**缺口 Gaps**")
        frame([{"说明 description": show(g["description"]), "证据 evidence": ", ".join(g.get("evidence", []))}
               for g in data["gaps"]])
    elif stage is Stage.VERIFY:
        checks = data["checks"]
        frame([{"检查 check": "数值均有出处 numbers_grounded", "结果 result": checks["numbers_grounded"]},
               {"检查 check": "引用有效 citations_valid", "结果 result": checks["citations_valid"]},
               {"检查 check": "计算复核 calculations_ok",  # None: nothing was calculated
                "结果 result": all(data["calculations_ok"]) if data["calculations_ok"] else None}])
        if checks["unsupported"]:
            st.error("无出处 unsupported：" + "；".join(map(show, checks["unsupported"])))
    elif stage is Stage.OUTPUT:
        models = data.get("models") or {}
        frame([{"项 item": "状态 status", "值 value": data["status"]},
               {"项 item": "个人信息已遮盖 pii_masked", "值 value": str(data["pii_masked"])},
               {"项 item": "用户 user", "值 value": data.get("user") or ""},
               *({"项 item": f"模型 {name}", "值 value": str(value)} for name, value in models.items())])
    else:  # an event: its payload is all there is
        st.json(show(data), expanded=True)


def replay_section(engine, user: User, records: list[AuditRecord]) -> None:
    st.subheader("回放 Replay")
    if not records:
        return
    by_id = {r.id: r for r in records}
    chosen = st.selectbox("记录 Record", list(by_id), key="audit.record",
                          format_func=lambda i: f"{i} · {by_id[i].kind} · {record_summary(by_id[i])[:60]}")
    record = by_id[chosen]
    status = f" · {badge_markdown(record.status)}" if record.status else ""
    st.markdown(f"**{record.id}** · {record.kind} · {record.created_at} · 用户 {record.user or '—'}{status}")
    if not record.hash_ok:
        st.error("此记录的哈希与内容不符：内容或哈希被改动过 (this record's hash does not match its body)")
    reveal = reveal_choice(engine, user, record)

    def show(value: Any) -> Any:
        if reveal:
            return value
        return masked(value) if isinstance(value, str) else masked_meta(value)

    doc_names = {d.doc_id: d.name for d in engine.docs().documents}
    for step in replay_steps(record):  # the very record shown above, not a second read
        with st.expander(step_label(step), expanded=Stage(step.stage.value) in (Stage.COMPOSE, Stage.EVENT)):
            step_body(step, record, doc_names, show)
    with st.expander("原始记录 Raw record (JSON)"):
        st.caption(f"prev_hash `{record.prev_hash}` · hash `{record.hash}`")
        st.json(show(record.body), expanded=False)


user = require(Permission.VIEW_AUDIT)
engine = get_engine()
log = engine.audit
st.header("审计 Audit")
records: list[AuditRecord] = []
with error_boundary("校验审计链 Verifying the chain"):
    chain_section(log)
with error_boundary("读取审计记录 Reading the audit records"):
    filters = filter_controls(log)
    records, page, has_next = page_of_records(log, filters)
    if not records:
        st.info("没有符合条件的记录 (no records match)" if page == 1
                else "这一页没有记录 (no records on this page)")
    else:
        if not all(r.hash_ok for r in records):
            st.error("本页有记录的哈希与内容不符：请校验审计链 (a record on this page fails its hash)")
        frame(record_rows(records))
    pager(page, has_next, len(records))
with error_boundary("回放 Replay"):
    replay_section(engine, user, records)
