"""The case ledger on the Ask page: the rows an answer rests on, and a conflict's versions.

A case-file answer carries ``answer.ledger``: one row per ledger event it cites (engine/answer/
casefile/case.py ``ledger_rows``), each naming the evidence item (E-id) that quotes it. The rows
in the answer hold the date and amount as the text wrote them; how precise the date is, whether
the amount is approximate and the amount's exact decimal are read from the stored ledger
(``stored_events``: the same rows by id, through the engine's read-only ``ledgers``), and a row
falls back to what the answer holds when the stored one is gone or no longer matches.

Everything here is pure (no Streamlit): ``row_views`` turns the rows into cells, ``table_html``
draws them, ``conflict_versions`` pairs each side of a conflict with its evidence, its row and the
results computed under it. ui/evidence.py lays them out. In a masked answer every cell goes
through ``mask_pii`` (with the wrapped pieces of the cited chunks), as every other text does.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine import (CURRENCY_UNITS, Answer, Calculation, Conflict, Event, Evidence, Value, as_decimal,
                    chinese_count, find_pii, format_decimal, join_pdf_lines, mask_pii, wrapped_pieces)
from ui.components import evidence_mark_html
from ui.labels import (
    DATE_PRECISION_NAMES,
    LEDGER_KIND_NAMES,
    LEDGER_ROLE_NAMES,
    UNCERTAIN_FIELD_NAMES,
    UNKNOWN_DATE,
    UNSURE_NOTE,
    label,
    named,
)

log = logging.getLogger(__name__)

DASH = "—"
# Movements; the other rows (a stated total, a balance …) have no date of their own.
TERM_ROLES = ("event", "periodic")
CALC_MARKS = "①②③④⑤⑥⑦⑧⑨⑩"
ACCOUNT_TYPES = ("bank_card",)  # what the 方式 cell adds from the row's own quote
AMOUNT_COLUMN = 3  # right-aligned
StoredEvents = dict[tuple[str, str], Event]  # (document, row id) → the stored ledger event


# --- reading the rows ------------------------------------------------------------------------------


def stored_events(engine, answer: Answer) -> StoredEvents:
    """(document, row id) → the stored ledger event, for every document the answer's rows come
    from. Empty when the answer has no rows; a document whose ledger cannot be read is left out
    (its rows then show what the answer holds)."""
    by_evidence = {e.id: e for e in answer.evidence}
    docs = {by_evidence[r["evidence"]].chunk.doc_id for r in answer.ledger
            if r.get("evidence") in by_evidence}
    events: StoredEvents = {}
    for doc_id in sorted(docs):
        try:
            ledger = engine.answerer.ledgers(doc_id)
        except Exception:  # noqa: BLE001 — a deleted document or a damaged store: rows fall back
            log.exception("cannot read the ledger of %s", doc_id)
            continue
        events.update({(doc_id, e.id): e for e in ledger.events})
    return events


def masker(answer: Answer) -> Callable[[str], str]:
    """The masking every cell of a masked answer goes through: ``mask_pii`` with the line pieces
    of wrapped values in the chunks the answer cites (the function the rest of the page uses)."""
    if not answer.pii_masked:
        return lambda text: text
    pieces = wrapped_pieces(dict.fromkeys(item.chunk.text for item in answer.evidence))
    return lambda text: mask_pii(text, pieces)


@dataclass(frozen=True)
class Cell:
    text: str  # masked as the answer is
    notes: tuple[str, ...] = ()  # short labels shown beside it (约, 仅到月, 记不清 …)
    words: str = ""  # the text's own words, when the cell shows them normalised (a tooltip)


@dataclass(frozen=True)
class RowView:
    """One ledger row as the table shows it; every text already masked as the answer is."""

    row_id: str
    evidence_id: str | None
    date: Cell
    parties: str
    amount: Cell
    means: str
    page: str
    category: str
    notes: tuple[str, ...]
    disputed: bool  # one version of a conflict
    stored: bool  # read with the stored ledger's row (date precision, exact amount, approx)


def _calendar(iso: str) -> str | None:
    """2022-10-15 → 2022年10月15日, 2022-11 → 2022年11月, 2022 → 2022年, --11-02 → 11月2日."""
    parts = iso.split("-")
    try:
        if iso.startswith("--") and len(parts) == 4:
            return f"{int(parts[2])}月{int(parts[3])}日"
        numbers = [int(p) for p in parts]
    except ValueError:
        return None
    if len(numbers) == 3:
        return f"{numbers[0]}年{numbers[1]}月{numbers[2]}日"
    if len(numbers) == 2:
        return f"{numbers[0]}年{numbers[1]}月"
    return f"{numbers[0]}年" if len(numbers) == 1 else None


def date_cell(date: Value | None, surface: str | None, unsure: bool, time: Value | None = None, *,
              dated: bool = True) -> Cell:
    """The date normalised (2022年11月) with how precise it is beside it and the text's own words
    as a tooltip; those words when they do not normalise (去年年底); 不详 when a movement has no
    date (a dash for a row that has none by nature: a stated total, ``dated=False``)."""
    notes = [label(*UNSURE_NOTE)] if unsure else []
    if date is None:
        if surface:
            return Cell(join_pdf_lines(surface), tuple(notes))
        return Cell(label(*UNKNOWN_DATE) if dated or notes else DASH, tuple(notes))
    shown = _calendar(str(date.value)) if date.precision != "relative" else None
    text = shown or join_pdf_lines(date.text)
    if time is not None and shown:
        text += f" {join_pdf_lines(str(time.value))}"
    precision = date.precision
    if precision in DATE_PRECISION_NAMES:
        notes.insert(0, label(*DATE_PRECISION_NAMES[precision]))
    if date.approx and precision != "approx":
        notes.insert(0, label(*DATE_PRECISION_NAMES["approx"]))
    words = join_pdf_lines(date.text)
    return Cell(text, tuple(dict.fromkeys(notes)), words if words != text else "")


def money_text(value: Any, currency: str | None) -> str:
    """The amount's exact decimal as stored (12000.50 stays 12000.50) and its unit."""
    number = value if isinstance(value, Decimal) else as_decimal(value)
    digits = format(number, "f") if number is not None else str(value)  # never 1.2E+4
    unit = CURRENCY_UNITS.get(currency or "CNY")
    return f"{digits} {unit}" if unit else f"{digits} {currency}"


def figure_text(value: Any, currency: str | None, unit: str | None) -> str:
    """Money with its currency, a quantity with its unit (3 瓶, 18 克)."""
    if not unit:
        return money_text(value, currency)
    number = value if isinstance(value, Decimal) else as_decimal(value)
    return f"{format(number, 'f') if number is not None else value} {unit}"


def amount_cell(event: Event | None, row: dict[str, Any]) -> Cell:
    notes = []
    if event is not None and event.amount is not None:
        text, approx = figure_text(event.amount.value, event.currency, event.unit), event.amount.approx
    elif row.get("amount") is not None:
        text, approx = figure_text(row["amount"], row.get("currency"), row.get("unit")), False
    else:
        return Cell(DASH)
    if approx:
        text = f"{label('约', 'approx.')} {text}"
    if row.get("periods"):
        text += f" × {row['periods']}{label('期', ' periods')}"
    if {"amount", "value"} & set(row.get("uncertain") or ()):
        notes.append(label(*UNSURE_NOTE))
    return Cell(text, tuple(notes))


def accounts_in(quote: str) -> list[str]:
    """Card and account numbers the quote itself names (卡号6222…), line breaks joined."""
    return list(dict.fromkeys("".join(f.text.split()) for f in find_pii(quote)
                              if f.meta.get("type") in ACCOUNT_TYPES))


def means_text(row: dict[str, Any], item: Evidence | None) -> str:
    """How it moved (银行转账, 微信 …) and, when the row's quote names one, the card or account."""
    means = join_pdf_lines(row["means"]) if row.get("means") else ""
    accounts = accounts_in(item.quote) if item is not None else []
    if accounts:
        numbers = "、".join(f"{label('卡号', 'card')} {a}" for a in accounts)
        return f"{means}（{numbers}）" if means else numbers
    return means or DASH


def parties_text(row: dict[str, Any]) -> str:
    payer, payee = row.get("payer"), row.get("payee")
    if not payer and not payee:
        return DASH
    return f"{payer or DASH} → {payee or DASH}"


def category_text(row: dict[str, Any], with_kind: bool) -> str:
    """第2笔 / 所述合计 …, with what moved (给付, 归还 …) in front when the table mixes kinds
    (``with_kind``) or nothing else names the row: the answer column is narrow."""
    role = row.get("role") or "event"
    parts = [named(LEDGER_ROLE_NAMES, role)] if role != "event" else []
    if row.get("ordinal"):
        parts.append(label(f"第{row['ordinal']}笔", f"no. {row['ordinal']}"))
    if with_kind or not parts:
        parts.insert(0, named(LEDGER_KIND_NAMES, row.get("kind") or "money"))
    return " · ".join(parts)


def disputed_ids(answer: Answer) -> set[str]:
    """E-ids that are one version of a conflict."""
    return {v.evidence_id for conflict in answer.conflicts for v in conflict_versions(answer, conflict)}


def correction_note(corrected: str | None) -> str:
    """更正E3: this row is a later statement correcting the one E3 quotes."""
    return label("更正", "corrects ") + (corrected or label("前述", "an earlier statement"))


def calc_mark(number: int) -> str:
    """① for the first recomputation (several are shown when a term is disputed)."""
    return CALC_MARKS[number - 1] if 0 < number <= len(CALC_MARKS) else f"({number})"


def row_views(answer: Answer, events: StoredEvents | None = None) -> list[RowView]:
    """The answer's ledger rows as table cells, in the answer's order, masked as the answer is."""
    events = events or {}
    mask = masker(answer)
    by_evidence = {e.id: e for e in answer.evidence}
    disputed = disputed_ids(answer)
    with_kind = len({r.get("kind") for r in answer.ledger}) > 1
    views = []
    for row in answer.ledger:
        eid = row.get("evidence")
        item = by_evidence.get(eid)
        event = _matching_event(events, item, row)
        uncertain = set(row.get("uncertain") or ())
        date = date_cell(event.date if event else None, row.get("date"), "date" in uncertain,
                         event.time if event else None, dated=row.get("role") in TERM_ROLES)
        amount = amount_cell(event, row)
        page = row.get("page") or (item.page if item is not None else None)
        notes = []
        if row.get("corrects"):
            notes.append(correction_note(corrected_evidence(answer, row)))
        if (row.get("session") or 1) > 1:
            notes.append(label(f"第{row['session']}次讯问（询问）", f"session {row['session']}"))
        other = sorted(f for f in uncertain if f not in ("date", "amount", "value"))
        if other:
            notes.append(label("记不清：", "not remembered: ")
                         + "、".join(named(UNCERTAIN_FIELD_NAMES, f) for f in other))
        if eid in disputed:
            notes.append(label("说法不一", "disputed"))
        views.append(RowView(
            row_id=str(row.get("id") or ""), evidence_id=eid if item is not None else None,
            date=Cell(mask(date.text), date.notes, mask(date.words)), parties=mask(parties_text(row)),
            amount=Cell(mask(amount.text), amount.notes), means=mask(means_text(row, item)),
            page=str(page) if page else DASH, category=category_text(row, with_kind),
            notes=tuple(mask(n) for n in notes),
            disputed=eid in disputed, stored=event is not None))
    return views


def _matching_event(events: StoredEvents, item: Evidence | None,
                    row: dict[str, Any]) -> Event | None:
    """The stored event of a row, when it still says what the answer says (a ledger rebuilt
    since by a newer extractor may number its events otherwise)."""
    if item is None:
        return None
    event = events.get((item.chunk.doc_id, row.get("id")))
    if event is None:
        return None
    stored = event.amount.value if event.amount is not None else None
    said = as_decimal(row.get("amount")) if row.get("amount") is not None else None
    same_amount = (stored is None and said is None) or (
        stored is not None and said is not None and as_decimal(stored) == said)
    same_date = (event.date.text if event.date else None) == row.get("date")
    return event if same_amount and same_date else None


# --- the table -----------------------------------------------------------------------------------


def _cell_html(cell: Cell) -> str:
    """The value on one line (a date or an amount is not broken), its notes after it."""
    notes = "".join(f'<span class="lx-note">{html.escape(n)}</span>' for n in cell.notes)
    title = f' title="{html.escape(cell.words)}"' if cell.words else ""
    text = html.escape(cell.text).replace("年", "年<wbr>", 1)  # 2022年 / 10月15日 in a narrow column
    return f'<span class="lx-value"{title}>{text}</span>{notes}'



def table_html(rows: Sequence[RowView], button_prefix: str) -> str:
    """The rows as an HTML table; each row's E-id is a mark that opens its quote and page."""
    heads = [label("出处", "source"), label("日期", "date"), label("付款方 → 收款方", "payer → payee"),
             label("金额", "amount"), label("方式", "means"), label("页", "page"), label("类别", "kind")]
    heads += [label("备注", "notes")]
    lines = ["<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr></thead><tbody>"]
    for row in rows:
        cells = [evidence_mark_html(row.evidence_id, button_prefix) if row.evidence_id else DASH,
                 _cell_html(row.date), html.escape(row.parties), _cell_html(row.amount),
                 html.escape(row.means), html.escape(row.page), html.escape(row.category)]
        cells += [html.escape("；".join(row.notes) or DASH)]
        tds = "".join(f'<td class="lx-num">{c}</td>' if i == AMOUNT_COLUMN else f"<td>{c}</td>"
                      for i, c in enumerate(cells))
        lines.append(f'<tr class="lx-disputed">{tds}</tr>' if row.disputed else f"<tr>{tds}</tr>")
    lines.append("</tbody>")
    return f'<div class="lx-ledger-wrap"><table class="lx-ledger">{"".join(lines)}</table></div>'


# --- conflicts -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Version:
    """One side of a conflict: its evidence, its ledger row (when it is one) and the results of
    the recomputations that take this side (numbered as in the 计算 panel)."""

    evidence_id: str
    item: Evidence | None
    row: dict[str, Any] | None
    results: tuple[tuple[int, Calculation], ...] = ()
    corrects: str | None = None  # the E-id of the statement this side corrects (a later version)


def conflict_versions(answer: Answer, conflict: Conflict) -> list[Version]:
    """The sides of a conflict. For a sum with a disputed term the conflict cites every term;
    the sides are then the E-ids not shared by all of its recomputations, each with the results
    computed under it. Otherwise every cited E-id is a side."""
    ids = list(dict.fromkeys(conflict.evidence))
    related = [(n, c) for n, c in enumerate(answer.calculations, start=1) if set(c.evidence) & set(ids)]
    sides, results = ids, False
    if len(related) > 1 and all(any(i in c.evidence for _, c in related) for i in ids):
        shared = set.intersection(*(set(c.evidence) for _, c in related))
        apart = [i for i in ids if i not in shared]
        if len(apart) > 1:
            sides, results = apart, True
    by_evidence = {e.id: e for e in answer.evidence}
    rows = {r.get("evidence"): r for r in answer.ledger}
    return [Version(i, by_evidence.get(i), rows.get(i),
                    tuple((n, c) for n, c in related if i in c.evidence) if results else (),
                    corrected_evidence(answer, rows.get(i)))
            for i in sides]


def corrected_evidence(answer: Answer, row: dict[str, Any] | None) -> str | None:
    """The E-id quoting the row that ``row`` corrects (更正), when the answer cites it."""
    if row is None or not row.get("corrects"):
        return None
    return next((r.get("evidence") for r in answer.ledger if r.get("id") == row["corrects"]), None)


def version_value(version: Version, events: StoredEvents, mask: Callable[[str], str]) -> str:
    """What this side says: 13000 元 · 2022年11月2日 (from its ledger row), or ''."""
    row = version.row
    if row is None:
        return ""
    event = _matching_event(events, version.item, row)
    parts = []
    amount = amount_cell(event, row)
    if amount.text != DASH:
        parts.append(amount.text)
    if row.get("date") or event is not None and event.date is not None:
        date = date_cell(event.date if event else None, row.get("date"), False)
        parts.append(date.text + "".join(f"（{n}）" for n in date.notes))
    return mask(" · ".join(parts))


def result_line(number: int, calc: Calculation) -> tuple[str, bool]:
    """``复算① = 42000，与所述一致`` / ``复算② = 41000 ≠ 所述 42000`` (the sum under this
    version) and whether it agrees with the stated sum."""
    result = _plain(calc.result)
    text = f"{label('复算', 'sum ')}{calc_mark(number)} = {result}"
    if calc.stated is None:
        return text, True
    stated = _plain(calc.stated)
    if calc.ok:
        return text + label("，与所述一致", f", agrees with the stated {stated}"), True
    return text + label(f" ≠ 所述 {stated}", f", differs from the stated {stated}"), False


def _plain(value: Any) -> str:
    number = as_decimal(value)
    if number is None:
        return DASH if value is None else str(value)
    return format_decimal(number)


def side_names(count: int) -> list[str]:
    """说法一, 说法二 …"""
    return [label(f"说法{chinese_count(n)}", f"version {n}") for n in range(1, count + 1)]
