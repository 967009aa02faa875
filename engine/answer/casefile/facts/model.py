"""The case ledger: statements of a case file and the money and time events they state.

Every row points at the chunk and the character span it was read from, so anything computed from
rows (a total, a balance, a conflict) can be shown with its verbatim quotes and boxes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal
from typing import Any


@dataclass(frozen=True)
class Anchor:
    """``chunk.text[start:end]`` of a stored chunk."""

    chunk_id: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Statement:
    """One question and its answer (a 问/答 pair), or a header block, of one session."""

    chunk_id: str
    doc_id: str
    session: int
    index: int  # order in the document
    question: str  # the asker's words ("" for a header)
    answer: str  # what the answerer said (the whole text of a header)
    answer_offset: int  # where ``answer`` starts in the chunk text
    speaker: str | None  # the answerer, as the header names them (the "我" of the answer)
    page: int
    kind: str = "qa"  # qa | header (a hearing side's turn is a qa statement with its party)
    question_span: tuple[int, int] | None = None  # where the asker's words are in the chunk text
    # The side the speaker answers for, as the record labels it: 原告, 被告, 第三人 (a hearing),
    # 被讯问人, 被询问人, 犯罪嫌疑人, 证人 … (an interrogation or inquiry); None when not said.
    party: str | None = None
    asked: str = ""  # the asker's words as the chunk holds them (line breaks kept), at question_span


@dataclass
class Value:
    """A value read from a statement, with its exact surface."""

    value: Any  # Decimal for amounts; ISO (partial) date string; "HH:MM" time; str for words
    text: str
    anchor: Anchor
    approx: bool = False
    precision: str | None = None  # dates: exact | month | year | approx | no_year | relative | festival
    unsure: bool = False  # the speaker says they do not remember this value (记不清)
    # dates: the date read against the record's own date (9月21日 in a record of 2023年9月27日 is
    # 2023-09-21), and for a stretch of time (2021年春节前, 腊月, 上个月中旬) its first and last day;
    # ``value`` and ``precision`` stay as said
    resolved: str | None = None
    range: tuple[str, str] | None = None

    def to_dict(self) -> dict[str, Any]:
        value = self.value
        if isinstance(value, Decimal):
            value = int(value) if value == value.to_integral_value() else float(value)
        return {"value": value, "text": self.text, "anchor": self.anchor.to_dict(),
                "approx": self.approx, "precision": self.precision, "unsure": self.unsure,
                "resolved": self.resolved, "range": list(self.range) if self.range else None}

    def to_record(self) -> dict[str, Any]:
        """Lossless form for storage (amounts as exact decimal strings)."""
        value = {"decimal": str(self.value)} if isinstance(self.value, Decimal) else self.value
        return {**self.to_dict(), "value": value}

    @classmethod
    def from_record(cls, data: dict[str, Any] | None) -> "Value | None":
        if data is None:
            return None
        value = data["value"]
        if isinstance(value, dict) and "decimal" in value:
            value = Decimal(value["decimal"])
        span = data.get("range")
        return cls(value, data["text"], Anchor(**data["anchor"]), data.get("approx", False),
                   data.get("precision"), data.get("unsure", False), data.get("resolved"),
                   tuple(span) if span else None)


@dataclass
class Event:
    """A figure stated in one sentence of a statement: a money movement, a sum of money that is
    the measure of something, or a quantity with its unit.

    ``role``: event (one movement), total (a stated sum), balance (what is still owed / not back),
    agreed (a sum agreed on, to be paid: 调解时说好赔…),
    periodic (an amount per period over a stated span), demand (money asked for), cost (an
    expense or loss valued, not a movement), count (how many movements, no amount), value (a
    figure of something: an appraisal, a sale price, a share, wages owed, a quantity), each (a
    per-piece or per-person figure: 每人5000元, 每车25吨), part (one item of an enumeration whose
    sum is stated: 鲁某39,200元，汤某37,800元…一共…), mention (a figure told again: 那笔6.8万元).
    ``kind``: what moved — pay, take, repay, interest, compensation, cost, demand (see lexicon);
    ``measure``: what the figure measures (lexicon MEASURES: valuation, sale, loan, restitution …);
    ``unit``: None for money (then ``currency``), else the quantity's unit (克, 吨, 公里, mg/100ml …).
    """

    id: str
    kind: str
    role: str
    statement: int  # index into CaseLedger.statements
    sentence: Anchor
    amount: Value | None = None
    currency: str = "CNY"
    date: Value | None = None
    time: Value | None = None
    means: Value | None = None
    place: Value | None = None
    payer: str | None = None
    payee: str | None = None
    ordinal: int | None = None  # the ordinal the text gives (第二次, 第三笔)
    chrono: int | None = None  # its place among events of its kind by date (1-based)
    principal: bool | None = None  # 本金 (True), 利息 (False), unsaid (None)
    periods: int | None = None  # periodic: how many periods the span covers
    period_span: tuple[str, str] | None = None  # periodic: the first and last period (ISO months)
    period_text: str | None = None  # periodic: the words that say how many periods (六个月)
    count: int | None = None  # role count: how many
    uncertain: list[str] = field(default_factory=list)  # fields the speaker is unsure of
    corrects: str | None = None  # the id of the event this one corrects
    words: str = ""  # the clause around the amount (what the event is about)
    session: int = 1
    measure: str | None = None
    unit: str | None = None  # None: money
    same_as: str | None = None  # role mention: the row this one tells again
    part_of: str | None = None  # role part: the stated total it is an item of
    source: str = "answer"  # answer | asker (a document the asker reads out: 现向你宣读…)
    subject: str = ""  # what the figure is of, in the statement's words (金项链, 啤酒, 螺纹钢)
    behalf: str | None = None  # the person the payer paid for (某某的老婆…拿了现金交给我)
    # the other side denies it happened (…还当面给过原告现金四千元，他们不认 / 现金我们没有收到)
    disputed: bool = False
    # a fact the asker put to the speaker (source asker): how the asker had it and the answer's
    # words confirming it (经出示记录，本人确认「属实」), "" when the answer did not confirm it
    confirmed: str = ""
    told_by: str | None = None  # source asker: the person whose account the asker cited (郑某供述…)
    refines: str | None = None  # the row of the speaker's vaguer telling this confirmed record makes exact
    # source asker: the document the asker read the figure from (处罚决定书, 价格认定结论书), when its
    # figure is a version of one the speaker told himself — the version is that document's
    read_from: str = ""

    @property
    def is_money(self) -> bool:
        return self.unit is None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "role": self.role,
                               "statement": self.statement, "sentence": self.sentence.to_dict(),
                               "currency": self.currency, "payer": self.payer, "payee": self.payee,
                               "ordinal": self.ordinal, "chrono": self.chrono,
                               "principal": self.principal, "periods": self.periods,
                               "period_span": list(self.period_span) if self.period_span else None,
                               "period_text": self.period_text,
                               "count": self.count, "uncertain": list(self.uncertain),
                               "corrects": self.corrects, "words": self.words, "session": self.session,
                               "measure": self.measure, "unit": self.unit, "same_as": self.same_as,
                               "part_of": self.part_of, "source": self.source, "subject": self.subject,
                               "behalf": self.behalf, "disputed": self.disputed,
                               "confirmed": self.confirmed, "told_by": self.told_by, "refines": self.refines,
                               "read_from": self.read_from}
        for name in ("amount", "date", "time", "means", "place"):
            value = getattr(self, name)
            out[name] = value.to_dict() if value is not None else None
        return out


@dataclass
class Correction:
    """A later statement saying an earlier value was wrong (记错了, 更正, 不是X是Y, 应该是…)."""

    field: str  # amount | date | time | quantity
    old: Value | None  # the value being corrected, when the text repeats it
    new: Value | None
    statement: int
    restated: str = ""  # the asker's restatement of the earlier claim (你刚才说…确定吗)
    target: str | None = None  # the id of the event it corrects, when one is found
    ordinal: int | None = None  # the occurrence the correcting sentence names (第三笔应该是…)
    sentence: Anchor | None = None  # the correcting sentence
    unit: str | None = None  # quantity: the unit of the figures
    clerical: bool = False  # the old figure was a slip of the pen (笔误), not another account


@dataclass
class CaseLedger:
    doc_id: str
    statements: list[Statement]
    events: list[Event]
    corrections: list[Correction]
    headers: dict[int, dict[str, str]]  # session → header fields
    subject: str | None  # the person questioned (被讯问人 / 被询问人 / 犯罪嫌疑人)
    people: list[str] = field(default_factory=list)  # every person the file names, longest first
    counterpart: str | None = None  # the person the statements name most, other than those answering
    # each session's own date (ISO) and where the record writes it (header 时间, else the closing)
    dated: dict[int, tuple[str, Anchor]] = field(default_factory=dict)

    @property
    def money(self) -> list[Event]:
        """The rows of money (quantities with other units are kept apart)."""
        return [e for e in self.events if e.unit is None]

    def statement_of(self, event: Event) -> Statement:
        return self.statements[event.statement]

    def by_id(self, event_id: str) -> Event | None:
        return next((e for e in self.events if e.id == event_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "subject": self.subject,
                "headers": {str(k): v for k, v in self.headers.items()},
                "events": [e.to_dict() for e in self.events]}


_VALUE_FIELDS = ("amount", "date", "time", "means", "place")


def ledger_to_record(ledger: CaseLedger) -> dict[str, Any]:
    """The whole ledger as JSON-able data, exactly (see ``ledger_from_record``)."""
    events = []
    for e in ledger.events:
        row = asdict(e)
        for name in _VALUE_FIELDS:
            value = getattr(e, name)
            row[name] = value.to_record() if value is not None else None
        events.append(row)
    corrections = []
    for c in ledger.corrections:
        corrections.append({"field": c.field, "old": c.old.to_record() if c.old else None,
                            "new": c.new.to_record() if c.new else None, "statement": c.statement,
                            "restated": c.restated, "target": c.target, "ordinal": c.ordinal,
                            "sentence": c.sentence.to_dict() if c.sentence else None,
                            "unit": c.unit, "clerical": c.clerical})
    return {"doc_id": ledger.doc_id, "subject": ledger.subject,
            "headers": {str(k): v for k, v in ledger.headers.items()},
            "statements": [asdict(s) for s in ledger.statements], "events": events,
            "corrections": corrections, "people": list(ledger.people), "counterpart": ledger.counterpart,
            "dated": {str(k): [day, anchor.to_dict()] for k, (day, anchor) in ledger.dated.items()}}


def ledger_from_record(data: dict[str, Any]) -> CaseLedger:
    statements = []
    for s in data["statements"]:
        span = s.get("question_span")
        statements.append(Statement(**{**s, "question_span": tuple(span) if span else None}))
    events = []
    for row in data["events"]:
        row = dict(row)
        row["sentence"] = Anchor(**row["sentence"])
        for name in _VALUE_FIELDS:
            row[name] = Value.from_record(row[name])
        if row.get("period_span"):
            row["period_span"] = tuple(row["period_span"])
        events.append(Event(**row))
    corrections = [Correction(c["field"], Value.from_record(c["old"]), Value.from_record(c["new"]),
                              c["statement"], c.get("restated", ""), c.get("target"), c.get("ordinal"),
                              Anchor(**c["sentence"]) if c.get("sentence") else None,
                              c.get("unit"), c.get("clerical", False))
                   for c in data["corrections"]]
    return CaseLedger(data["doc_id"], statements, events, corrections,
                      {int(k): v for k, v in data["headers"].items()}, data.get("subject"),
                      list(data.get("people", [])), data.get("counterpart"),
                      {int(k): (day, Anchor(**anchor)) for k, (day, anchor) in data.get("dated", {}).items()})
