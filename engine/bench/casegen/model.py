"""The parameters of one generated case file: who, what money moved when and how, what is
disputed, unknown or absent, and how the record is formatted. Ground truth is computed from
these, never written by hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from engine.bench.casegen.surface import AmountText

PRECISIONS = ("day", "month", "month_part", "season", "la_yue", "unknown")
QA_STYLES = ("full", "ascii", "role", "speaker")
HEADER_STYLES = ("lines", "packed", "sentence")
SCAN_KINDS = ("image", "image_text", "image_wrong_text")


@dataclass(frozen=True)
class When:
    """When a payment happened: the true day (kept for ordering) and what the text says."""

    hidden: date
    precision: str  # one of PRECISIONS
    surface: str  # as written; for "unknown" the words that say so (记不清)

    @property
    def iso(self) -> str | None:
        """The ISO value the text pins down: a day, a month, or nothing (season, 腊月, unknown)."""
        if self.precision == "day":
            return self.hidden.isoformat()
        if self.precision in ("month", "month_part"):
            return f"{self.hidden.year}-{self.hidden.month:02d}"
        return None

    @property
    def approx(self) -> bool:
        return self.precision != "day"


@dataclass(frozen=True)
class Person:
    name: str
    gender: str  # 男 | 女
    birth: date
    id_number: str
    mobile: str
    address: str
    ethnicity: str
    education: str
    job: str

    @property
    def pronoun(self) -> str:
        return "他" if self.gender == "男" else "她"


@dataclass
class Flow:
    """One movement of money. ``primary`` flows are what the case is about (paid, lent, taken,
    invested, compensation paid); ``return`` flows go back (refunds, repayments, restitution)."""

    id: str  # p1, p2 … / r1, r2 …
    role: str  # primary | return
    index: int  # order within its role, from 0, chronological
    amount: int
    amount_text: AmountText
    when: When
    means: str  # wechat | alipay | bank | online_bank | cash
    means_surface: str  # the words naming it (微信, 支付宝, 手机银行 …)
    place: str | None = None  # where cash changed hands
    session: int = 1  # the session whose answers state it


@dataclass
class Dispute:
    """A later statement contradicting an earlier one about one flow."""

    flow_id: str
    field: str  # amount | date
    where: str  # same_session | second_session
    corrected_amount: int | None = None
    corrected_amount_text: AmountText | None = None
    corrected_when: When | None = None
    reference: str = "ordinal"  # how the correction names the flow: ordinal | date | means


@dataclass(frozen=True)
class Interest:
    monthly: int
    months: int
    monthly_text: AmountText

    @property
    def total(self) -> int:
        return self.monthly * self.months


@dataclass(frozen=True)
class Session:
    number: int
    start: datetime
    end: datetime
    place: str  # the room, as the header prints it
    officers: tuple[str, str]
    recorder: str


@dataclass
class Layout:
    qa_style: str
    header_style: str
    footer_style: int  # index into the footer formats
    id_wraps: bool  # the sentence-style header lets the ID number wrap across lines
    size: float
    leading: float
    scans: dict[int, str] = field(default_factory=dict)  # page -> one of SCAN_KINDS (set at layout)


@dataclass
class CaseParams:
    seed: int
    case_type: str
    subject_role: str  # suspect | victim: who is questioned
    subject: Person
    counterpart: str  # the other party's name (a person, or the company)
    counterpart_gender: str | None  # None for a company
    company: str | None  # the company involved (embezzlement, fundraising)
    city: str
    unit: str  # the police unit
    relative: tuple[str, str] | None  # (relation, name) of a family member who pays back
    flows: list[Flow]
    sessions: list[Session]
    dispute: Dispute | None
    interest: Interest | None
    agreed: tuple[int, AmountText] | None  # assault: compensation agreed in mediation
    medical: tuple[int, AmountText] | None  # assault: the victim's medical costs
    gaps: list[str]  # unknown_date | money_use | other_investor
    other_investor: str | None  # named in an other_investor gap
    yes_no: list[tuple[str, bool]]  # (fact, truth)
    absent: list[str]  # kinds of facts the file does not contain
    absent_name: str  # a name that occurs nowhere in the file
    layout: Layout

    def primaries(self) -> list[Flow]:
        return [f for f in self.flows if f.role == "primary"]

    def returns(self) -> list[Flow]:
        return [f for f in self.flows if f.role == "return"]

    def flow(self, flow_id: str) -> Flow:
        return next(f for f in self.flows if f.id == flow_id)

    @property
    def payer(self) -> str:
        """Who the primary flows come from."""
        return self.subject.name if self.subject_is_payer else self.counterpart

    @property
    def payee(self) -> str:
        return self.counterpart if self.subject_is_payer else self.subject.name

    @property
    def signer(self) -> tuple[str, str]:
        """Who signs each page (the footer): role and name."""
        return ("被讯问人" if self.subject_role == "suspect" else "被询问人"), self.subject.name

    @property
    def document_title(self) -> str:
        return f"{'讯问笔录' if self.subject_role == 'suspect' else '询问笔录'}_{self.subject.name}"

    @property
    def subject_is_payer(self) -> bool:
        from engine.bench.casegen.casetypes import CASE_TYPES

        return CASE_TYPES[self.case_type].subject_pays(self.subject_role)
