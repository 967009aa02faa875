"""Case files never seen by the answer core: the scorer they share and the ``transcripts`` suite.

A case file is a PDF plus ``<file>.questions.jsonl`` in the schema of
``../shared/datasets/transcripts/README.md``: one ``{"id", "type", "question", "expect"}`` per
line, ``type`` one of fact | evidence | conflict | gap | pii. The ``transcripts`` suite scores the
four independently written dev files there; the ``casegen`` suite (engine/bench/casegen/suite.py)
scores files drawn by the case-file generator with this same scorer.

Every question is asked with ``Engine.ask(question, doc_id=<its file>)`` and passes when every
expectation key holds (README definitions; how each is read from an answer):

- ``numbers``: each integer is stated in the conclusion. Amounts are read with find_amounts (yuan;
  1.2万元 = 12000); when the question asks a count (几次, 多少笔 …: "the unit the question names")
  with the counts a measure word follows (三次, 4笔); when it asks a quantity in a unit (几瓶, 多少克,
  多少公里, 多少公里/小时, 干了多少天, 多少mg/100ml, 比例/百分之几 in %) with find_quantities, in that
  unit (3瓶, 九天 = 9, 百分之五 = 5); when it
  asks an amount in 万元 (多少万元) the listed figure is in 万元 (436 → 436万元 = 4,360,000元).
  A question that asks no money may name what it counts in words those patterns do not know; its
  numbers are then never yuan. A duration with no unit (等了多久, 多长时间) is a span in whatever unit
  of time the conclusion gives it (20 → 二十分钟; 多少分钟 names its unit and is a quantity). A
  measure word of its own (几下, 几家) or a thing with none (多少会员, 喝了多少酒, 会员人数是多少) is a
  figure of things in any measure word or unit the conclusion gives it (三下, 286名, 286个会员, 2瓶).
  How a question is read comes from its words alone, never from the expected value; and a question
  that asks money anywhere (多少钱, 几万块, 多少 of a money noun — 多少押金, 多少工程款, 多少损失 — or a
  bare 多少: 还有多少没退) keeps the money reading for all its numbers, so no money check is loosened.
- ``numbers_any``: one of them is stated in the conclusion or in the quotes it cites (read in the
  quotes as in the conclusion: a count, a quantity, a span or a figure of things when one is asked).
- ``numbers_not``: none of them is stated in the conclusion.
- ``dates``: each ISO date (as precise as the truth: ``2021-07`` for a month) is stated in the
  conclusion, read with find_dates.
- ``approx_date``: the conclusion presents the time as imprecise: a date find_dates reads as
  coarser than a day or hedged, or a hedge of time (左右, 月初, 中旬, 夏天, 腊月, 记不清 …).
- ``text``: each string occurs in the conclusion or the quotes it cites (whitespace ignored, so a
  phrase wrapped across lines still counts).
- ``yesno``: the verdict that opens the conclusion (是 / 否 …) is this one.
- ``pages``: the evidence shown (every item, its page range) covers each page of this file.
- ``conflict``: true — at least one conflict is reported; false — none is.
- ``abstain``: true — a gap is reported (false — none is).
- ``not_found``: true — status ``not_found`` (false — any other status).
- ``pii_masked``: none of the strings occurs anywhere in the default answer (conclusion, quotes,
  panels), even with a line break inside it.

Two checks hold for every question, whatever its keys:

- **wrong values**: a value of the kind the question asks for that differs from every expected
  one counts as wrong even when it is quoted from real evidence. A question asks amounts when it
  lists ``numbers`` or ``numbers_any`` (amounts, not a count); each amount in the conclusion must
  then be one of those, or a term of a calculation the answer shows whose recomputed result is
  one of those (the working of a right total is not a competing answer); for a quantity question
  the same holds of the figures in the unit asked, and for a figure of things asked (几下, 多少会员)
  of the figures of things the conclusion states (not for a count, nor a span asked with no unit:
  20 where 半个多小时 is a version too cannot be told apart in another unit). A question asks dates
  when it lists ``dates`` (each date in the conclusion must be one of them; a day quoted without
  its year that is one of them is less precise, not another day) or ``approx_date``
  without dates (then a day-precise date in the conclusion is invented precision). An amount
  listed in ``numbers_not`` is wrong in any conclusion.
- **ungrounded**: the independent recheck of engine/bench/scoring.py (every amount and date of
  the conclusion occurs in the quotes it cites or is a recomputed, shown calculation over them)
  finds nothing, and the answer's own verifier did not flag a number on an ``answered`` answer.

An answer *abstained* when its status is ``not_found``, or it reports a gap and states no value
of the kind the question asks for (an amount for ``numbers``/``numbers_any``, a date for
``dates``/``approx_date``): "记不清具体金额，仅称两万元左右" answers with a caveat, it does not abstain.
Abstention precision and recall are taken against the questions that expect ``abstain`` or
``not_found``.

The badge (``verified_wrong_share``, engine/bench/metrics.py): an answered (已核验) answer whose
row is not ``correct`` (any expectation failed, a wrong or an ungrounded value), over the answered
ones. The ``casegen`` suite reports it with the same scorer.

The gate (CI, and the exit code of ``python -m engine bench``): every question passes except the
ones listed in data/bench/transcripts_known_failures.json with a reason; a listed question that
passes fails the gate too (remove it from the list: it is guarded from then on), as does a listed
id that no question has.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field, fields
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

from engine.answer.verify import evaluate
from engine.bench.common import BenchCorpus, prepare_corpus
from engine.bench.metrics import percentile, rate, verified_wrong
from engine.bench.paths import REPO
from engine.bench.result import Progress, SuiteResult, suite_result
from engine.bench.scoring import (answer_text, cited_pages, cited_quotes, conclusion_counts, conclusion_values,
                                  detection, grounding, squash, yes_no)
from engine.text.case_lexicon import MONEY_ENDINGS
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from engine.text.quantities import UNITS, find_quantities, unit_words

QUESTION_TYPES = ("fact", "evidence", "conflict", "gap", "pii")
KNOWN_FAILURES = REPO / "data" / "bench" / "transcripts_known_failures.json"
DEV_FOLDER = "transcripts"  # under the datasets folder

# "the unit the question names": a count question asks 几/多少 of a measure word — not 这几个/那几个, a
# determiner (这几个工人一共欠多少工钱 asks an amount of those workers, not how many they are), nor 哪几笔,
# a which (哪几笔车费？加起来一共多少钱 asks which fares and their sum).
_COUNT_QUESTION = re.compile(r"(?<![这那哪])(?:几|多少)\s*(?:次|笔|回|期|趟|个|项|份|张|人)")
# ...and a quantity question 几/多少 of a unit (几瓶, 多少克, 多少公里, 干了多少天, 多少mg/100ml): its
# numbers are read with that unit (find_quantities), not as yuan.
# The units are find_quantities's own (UNITS), longest first, so that what the engine can read as a
# quantity the scorer reads too: a speed (多少公里/小时, 多少码) is asked in 公里/小时, not 公里; a share
# (比例是多少, 百分之几, 百分之多少, 几个点) in %, as 5% and 百分之五 are read. Measure words of a count
# (次, 笔, 人, 个…) are _COUNT_QUESTION's.
_COUNTED = {"次", "笔", "人", "个", "张", "份"}
_QUESTION_UNITS = unit_words(u for u in UNITS if UNITS[u] not in _COUNTED and UNITS[u] not in {"%", "mg/100ml"})
_UNIT_QUESTION = re.compile(rf"(?:几|多少)\s*(?:个(?=[小月工星]))?(?P<unit>{_QUESTION_UNITS})"
                            r"|(?P<named>mg/100ml|毫克/100毫升)"
                            r"|(?P<share>比例|百分之(?:几|多少)|(?:几|多少)个点|百分比)")
# ...and a duration asked with no unit (等了多久, 多长时间): its numbers are a span in whatever unit of
# time the conclusion gives it (20 → 二十分钟): the question does not say which, and the expected value
# never decides how a question is read.
_DURATION_QUESTION = re.compile(r"多久|多长(?:的)?时间|多少时间")
_TIME_UNITS = frozenset({"小时", "分钟", "天", "周", "个月", "年"})  # find_quantities's spans of time
# ...and a figure of something named with words the tables above do not know: a measure word (几下,
# 几家) or a thing with none (多少会员, 喝了多少酒, 会员人数是多少): its numbers are read with whatever
# measure word or unit of things the conclusion gives them (三下, 286名, 2瓶), never as yuan. Not
# 几点 / 几号 / 几月 (a time, a date), 几万 (money), 几乎, nor 这几 / 那几 / 哪几 / 好几.
_ASKED = re.compile(r"(?<![这那哪好])(?P<word>几|多少)(?P<after>[\u4e00-\u9fff]{0,4})")
_NOT_MEASURED_JI = "点号月日时分秒万千百十亿乎成率"
_MONEY_AFTER_JI = "万千百块元"  # 几万块, 几千元: an amount
# What a bare 多少 is followed by (还有多少没退, 是多少呢, 拿了多少给他): an amount asked, as before.
_BARE_AFTER = "没是呢了的都还就也才又在给吗啊呀吧左来多这那啦哪到被把让"
_COUNT_NAMED = re.compile(r"(?:人数|数量|个数|件数|户数)(?:是|有|为)?$")  # 会员人数是多少: a count, by name
# A thing named after 多少 that is money (多少本金, 多少工程款, 多少损失没有挽回) asks an amount: the
# question plan's money nouns (MONEY_ENDINGS) and the words of money that end otherwise.
_MONEY_THING = re.compile(rf"[{MONEY_ENDINGS}元块万千百亿价额账]|损失|利润|收入|收益|流水|抽水|回扣|好处|红包|彩礼")
# ...and an amount asked in 万元 (多少万元, 几万块): its ``numbers`` are in 万元 (README: "yuan, or the
# unit the question names"), compared with the conclusion's amounts as yuan × 10,000.
_WAN_QUESTION = re.compile(r"(?:几|多少)\s*万\s*(?:元|块)")
_WAN = Decimal(10000)
# Hedges of time a conclusion may present an imprecise date with. 约 alone only where it is not
# part of 约定 / 签约 / 违约 / 合约 / 预约 / 条约.
_TIME_HEDGE = re.compile(
    r"左右|前后|大概|大约|约莫|差不多|记不清|记不太清|记不得|不记得|不清楚|说不准|"
    r"月初|月中|月底|月末|年初|年中|年底|年末|上旬|中旬|下旬|月份|上半年|下半年|"
    r"[春夏秋冬](?:天|季)|腊月|正月|春节|(?<![签违合预条])约(?!定)")


# -- questions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Expectation:
    """The ``expect`` object of one question (README of ../shared/datasets/transcripts)."""

    numbers: tuple[int, ...] = ()
    numbers_any: tuple[int, ...] = ()
    numbers_not: tuple[int, ...] = ()
    dates: tuple[str, ...] = ()
    approx_date: bool | None = None
    text: tuple[str, ...] = ()
    yesno: str | None = None
    pages: tuple[int, ...] = ()
    conflict: bool | None = None
    abstain: bool | None = None
    not_found: bool | None = None
    pii_masked: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str) -> "Expectation":
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"{where}: unknown expectation key(s) {sorted(unknown)}")
        values: dict[str, Any] = {}
        for key in ("numbers", "numbers_any", "numbers_not", "pages"):
            items = data.get(key, [])
            if not isinstance(items, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in items):
                raise ValueError(f"{where}: {key} must be a list of integers")
            values[key] = tuple(items)
        for key in ("dates", "text", "pii_masked"):
            items = data.get(key, [])
            if not isinstance(items, list) or any(not isinstance(v, str) or not v.strip() for v in items):
                raise ValueError(f"{where}: {key} must be a list of non-empty strings")
            values[key] = tuple(items)
        for date in values["dates"]:
            if not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", date):
                raise ValueError(f"{where}: {date!r} is not an ISO date")
        for key in ("approx_date", "conflict", "abstain", "not_found"):
            if key in data and not isinstance(data[key], bool):
                raise ValueError(f"{where}: {key} must be true or false")
            values[key] = data.get(key)
        if data.get("yesno") not in (None, "yes", "no"):
            raise ValueError(f"{where}: yesno must be yes or no")
        values["yesno"] = data.get("yesno")
        expectation = cls(**values)
        if expectation == cls():
            raise ValueError(f"{where}: expect states nothing to check")
        return expectation

    def to_dict(self) -> dict[str, Any]:
        """The JSON object again, with the keys that are set only."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or value == ():
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class Asked:
    """What a question's ``numbers`` are: amount (yuan), count (a measure word of COUNT_VALUE),
    quantity (``unit``, find_quantities's), duration (any unit of time) or measure (``unit`` the
    measure word asked, or "" when the question names a thing with none)."""

    kind: Literal["amount", "count", "quantity", "duration", "measure"]
    unit: str = ""


def _measured(question: str) -> str | None:
    """The measure word a question asks a figure by (几下 → 下; 多少会员 → 会, so 286会员 reads too), ""
    for a count named (会员人数是多少); None when it asks no such figure."""
    for match in _ASKED.finditer(question):
        after = match.group("after")
        if match.group("word") == "几":
            if after and after[0] not in _NOT_MEASURED_JI:
                return after[0]
        elif _COUNT_NAMED.search(question, 0, match.start()):
            return ""
        elif after and after[0] not in _BARE_AFTER and not _MONEY_THING.search(after):
            return after[0]
    return None


def _asks_money(question: str) -> bool:
    """A 几 / 多少 of the question asks an amount: 几万 / 几千块, a bare 多少 (还有多少没退) or 多少 of
    money (多少钱, 多少工程款). A question asking money anywhere keeps the money reading for all its
    numbers, so that no reading here loosens what a money question is held to."""
    for match in _ASKED.finditer(question):
        after = match.group("after")
        if match.group("word") == "几":
            if after[:1] in _MONEY_AFTER_JI:
                return True
        elif not _COUNT_NAMED.search(question, 0, match.start()) and \
                (not after or after[0] in _BARE_AFTER or _MONEY_THING.search(after)):
            return True
    return False


@dataclass(frozen=True)
class CaseQuestion:
    id: str
    type: str
    question: str
    expect: Expectation
    file: str  # the PDF's file name; the question is asked within it
    kind: str | None = None  # what a generated question asks (total_in, nth_amount …); dev files: None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], file: str, kind: str | None = None) -> "CaseQuestion":
        where = f"{file}: {data.get('id', '<no id>')}"
        missing = [k for k in ("id", "type", "question", "expect") if k not in data]
        if missing:
            raise ValueError(f"{where}: missing field(s) {missing}")
        extra = set(data) - {"id", "type", "question", "expect"}
        if extra:
            raise ValueError(f"{where}: unknown field(s) {sorted(extra)}")
        if data["type"] not in QUESTION_TYPES:
            raise ValueError(f"{where}: type must be one of {QUESTION_TYPES}")
        if not isinstance(data["question"], str) or not data["question"].strip():
            raise ValueError(f"{where}: empty question")
        if not isinstance(data["expect"], Mapping):
            raise ValueError(f"{where}: expect must be an object")
        return cls(id=str(data["id"]), type=data["type"], question=data["question"],
                   expect=Expectation.from_dict(data["expect"], where), file=file, kind=kind)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "question": self.question, "expect": self.expect.to_dict()}

    @property
    def asks_count(self) -> bool:
        return bool(_COUNT_QUESTION.search(self.question))

    @property
    def asks_unit(self) -> str | None:
        """The unit a quantity question names (canonical, as find_quantities writes it); None for
        money and counts."""
        if self.asks_count:
            return None
        match = _UNIT_QUESTION.search(self.question)
        if not match:
            return None
        if match.group("share"):
            return "%"
        return UNITS.get(match.group("unit") or "", "mg/100ml" if match.group("named") else None)

    @property
    def asks(self) -> Asked:
        """The kind of figure the question asks, from its words alone (module doc, ``numbers``)."""
        if self.asks_count:
            return Asked("count")
        unit = self.asks_unit
        if unit:
            return Asked("quantity", unit)
        if _asks_money(self.question):
            return Asked("amount")
        if _DURATION_QUESTION.search(self.question):
            return Asked("duration")
        measured = _measured(self.question)
        return Asked("measure", measured) if measured is not None else Asked("amount")

    def expected_amount(self, value: int) -> Decimal:
        """An expected figure of an amount question in yuan: as listed, or × 10,000 when the question
        asks in 万元 (436 for 多少万元 is 4,360,000元)."""
        return Decimal(value) * (_WAN if _WAN_QUESTION.search(self.question) else 1)


@dataclass
class CaseFile:
    pdf: Path
    questions: list[CaseQuestion]
    family: str | None = None  # generated files: old | new kinds (engine/bench/casegen/suite.py); dev files: None


def load_case_questions(path: Path, file: str) -> list[CaseQuestion]:
    """``<file>.questions.jsonl``; a bad line is an error naming the file and line."""
    questions = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            questions.append(CaseQuestion.from_dict(json.loads(line), file))
        except (json.JSONDecodeError, ValueError) as exc:
            raise ValueError(f"{path.name} line {number}: {exc}") from None
    return questions


def questions_path(pdf: Path) -> Path:
    return pdf.with_name(pdf.stem + ".questions.jsonl")


def case_files(folder: Path) -> list[CaseFile]:
    """Every ``*.pdf`` of ``folder`` with its questions file (a PDF without one is an error)."""
    files = []
    for pdf in sorted(folder.glob("*.pdf")):
        qpath = questions_path(pdf)
        if not qpath.is_file():
            raise ValueError(f"{pdf.name} has no {qpath.name}")
        files.append(CaseFile(pdf, load_case_questions(qpath, pdf.name)))
    ids = [q.id for f in files for q in f.questions]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise ValueError(f"duplicated question ids in {folder}: {duplicated}")
    return files


# -- scoring --------------------------------------------------------------------------------------


def _amounts(text: str) -> list[Decimal]:
    return [Decimal(str(f.value)) for f in find_amounts(text) if f.value is not None]


def _quantities(text: str, unit: str) -> list[Decimal]:
    """Numbers of ``text`` in ``unit`` (3瓶, 九天 → 9)."""
    return [Decimal(str(f.value)) for f in find_quantities(text) if f.meta.get("unit") == unit]


def figures(asked: Asked, text: str) -> set[Decimal]:
    """The figures of ``text`` of the kind asked (module doc, ``numbers``): amounts in yuan, counts
    by their measure word, quantities in the unit asked, spans in any unit of time, and for a
    measure asked a count or a quantity of things in any measure word (286名, 2瓶, 三下)."""
    if asked.kind == "amount":
        return set(_amounts(text))
    if asked.kind == "quantity":
        return set(_quantities(text, asked.unit))
    counts = {Decimal(c) for c in conclusion_counts(text, asked.unit)}
    if asked.kind == "count":
        return counts
    units = [(Decimal(str(f.value)), f.meta.get("unit")) for f in find_quantities(text)]
    if asked.kind == "duration":
        return {v for v, u in units if u in _TIME_UNITS}
    return counts | {v for v, u in units if u not in _TIME_UNITS and u != "%"}


def calculation_terms(answer: Mapping[str, Any], results: Iterable[Decimal]) -> set[Decimal]:
    """Terms of the shown calculations whose recomputed result is one of ``results``."""
    wanted, terms = set(results), set()
    for calc in answer.get("calculations", []):
        try:
            if evaluate(calc["expression"]) not in wanted:
                continue
        except (ValueError, KeyError):
            continue
        terms |= {Decimal(n) for n in re.findall(r"\d+(?:\.\d+)?", calc["expression"].replace(",", ""))}
    return terms


def wrong_values(q: CaseQuestion, answer: Mapping[str, Any]) -> list[str]:
    """Values of the asked kind in the conclusion that differ from the expected ones (module doc)."""
    e, conclusion = q.expect, answer.get("conclusion", "")
    wrong: list[str] = []
    seen: set[tuple[str, object]] = set()  # a value restated (九千元（即9000元）) is one wrong value
    asked = q.asks
    unit = asked.unit if asked.kind == "quantity" else None
    expected_amounts = set() if asked.kind != "amount" else \
        {q.expected_amount(v) for v in (*e.numbers, *e.numbers_any)}
    working = calculation_terms(answer, expected_amounts) if expected_amounts else set()
    forbidden = {q.expected_amount(v) for v in e.numbers_not}
    if unit and (e.numbers or e.numbers_any):  # 18克 where 18 is asked: a figure in the unit asked
        expected = {Decimal(v) for v in (*e.numbers, *e.numbers_any)}
        terms = calculation_terms(answer, expected)
        for value in dict.fromkeys(_quantities(conclusion, unit)):
            if value not in expected and value not in terms:
                wrong.append(f"quantity {value}{unit} is not the expected "
                             + "/".join(str(v) for v in sorted(expected)))
    if asked.kind == "measure" and (e.numbers or e.numbers_any):  # 18株 where 43 is asked: a figure of things
        expected = {Decimal(v) for v in (*e.numbers, *e.numbers_any)}
        terms = calculation_terms(answer, expected)
        for value in sorted(figures(asked, conclusion) - expected - terms):
            wrong.append(f"figure {value} (of things) is not the expected " + "/".join(str(v) for v in sorted(expected)))
    for fact in find_amounts(conclusion):
        value = Decimal(str(fact.value))
        if ("amount", value) in seen:
            continue
        seen.add(("amount", value))
        if value in forbidden:
            wrong.append(f"amount {fact.text} is a value this question must not give")
        elif expected_amounts and value not in expected_amounts and value not in working:
            wrong.append(f"amount {fact.text} ({value}) is not the expected "
                         + "/".join(str(v) for v in sorted(expected_amounts)))
    for fact in find_dates(conclusion):
        if ("date", fact.value) in seen:
            continue
        seen.add(("date", fact.value))
        if e.dates and str(fact.value) not in e.dates and not _same_day_without_year(str(fact.value), e.dates):
            wrong.append(f"date {fact.text} ({fact.value}) is not the expected {'/'.join(e.dates)}")
        elif e.approx_date and not e.dates and fact.meta.get("granularity") == "day" \
                and not fact.meta.get("approx"):
            wrong.append(f"date {fact.text} is day-precise where the material is not")
    return wrong


def _same_day_without_year(said: str, dates: Iterable[str]) -> bool:
    """A day stated without its year (11月8日, --11-08) that is an expected day's month and day: the
    words of a quote, less precise than the truth but not another day — not a wrong value (the
    ``dates`` check still needs the day with its year)."""
    return said.startswith("--") and any(d[4:] == said[1:] and len(d) == 10 for d in dates)


def presents_approx_date(conclusion: str) -> bool:
    if _TIME_HEDGE.search(conclusion):
        return True
    return any(f.meta.get("approx") or f.meta.get("granularity") in ("month", "year")
               for f in find_dates(conclusion))


def abstained(answer: Mapping[str, Any], e: "Expectation", gives_amount: bool, gives_date: bool) -> bool:
    """not_found, or a gap with no value of the kind the question asks for. A gap beside such a
    value (记不清具体金额, 仅称两万元左右) is a caveat on an answer, not a refusal to answer."""
    if answer.get("status") == "not_found":
        return True
    if not answer.get("gaps"):
        return False
    asks_amount, asks_date = bool(e.numbers or e.numbers_any), bool(e.dates or e.approx_date)
    return not ((asks_amount and gives_amount) or (asks_date and gives_date))


def _listing(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in values) or "none"


def score_case_answer(q: CaseQuestion, answer: Mapping[str, Any]) -> dict[str, Any]:
    """One report row: each expectation key's check (None when not asked), what failed and why."""
    e, conclusion = q.expect, answer.get("conclusion", "")
    status = answer.get("status")
    quotes = cited_quotes(answer)
    found = conclusion_values(conclusion)
    asked = q.asks
    stated = figures(asked, conclusion)
    checks: dict[str, bool | None] = {}
    reasons: list[str] = []

    def check(name: str, ok: bool | None, why: str = "") -> None:
        checks[name] = ok
        if ok is False:
            reasons.append(f"{name}: {why}")

    what = {"amount": "amounts", "count": "counts", "quantity": f"quantities in {asked.unit}",
            "duration": "spans of time", "measure": f"figures of things ({asked.unit or 'any measure word'})"}[asked.kind]

    def expected(value: int) -> Decimal:  # in the unit the conclusion's values are read in
        return q.expected_amount(value) if asked.kind == "amount" else Decimal(value)

    missing = [v for v in e.numbers if expected(v) not in stated]
    check("numbers", None if not e.numbers else not missing,
          f"expected {_listing(e.numbers)}, the conclusion states {what} {_listing(sorted(stated))}")
    in_quotes = figures(asked, quotes)
    check("numbers_any", None if not e.numbers_any else
          any(expected(v) in stated | in_quotes for v in e.numbers_any),
          f"none of {_listing(e.numbers_any)} in the conclusion or its quotes")
    said_not = [v for v in e.numbers_not if q.expected_amount(v) in found.amounts]
    check("numbers_not", None if not e.numbers_not else not said_not,
          f"states {_listing(said_not)}, a value for another question")
    missing_dates = [d for d in e.dates if d not in found.dates]
    check("dates", None if not e.dates else not missing_dates,
          f"expected {_listing(e.dates)}, the conclusion states {_listing(sorted(found.dates))}")
    check("approx_date", None if not e.approx_date else presents_approx_date(conclusion),
          "the time is not presented as imprecise")
    shown_text = squash(conclusion + quotes)
    missing_text = [t for t in e.text if squash(t) not in shown_text]
    check("text", None if not e.text else not missing_text,
          f"{_listing(missing_text)} not in the conclusion or its quotes")
    verdict = yes_no(conclusion)
    check("yesno", None if e.yesno is None else verdict == e.yesno,
          f"expected {e.yesno}, the conclusion opens with {verdict or 'no verdict'}")
    pages = cited_pages(answer)
    cited_here = sorted({p for d, p in pages if d == q.file})
    missing_pages = [p for p in e.pages if p not in cited_here]
    check("pages", None if not e.pages else not missing_pages,
          f"page(s) {_listing(missing_pages)} not cited (cited: {_listing(cited_here)})")
    conflicts = len(answer.get("conflicts", []))
    check("conflict", None if e.conflict is None else (conflicts > 0) == e.conflict,
          "no conflict reported" if e.conflict else f"{conflicts} conflict(s) reported where the values agree")
    gaps = len(answer.get("gaps", []))
    check("abstain", None if e.abstain is None else (gaps > 0) == e.abstain,
          "no gap reported" if e.abstain else f"{gaps} gap(s) reported")
    check("not_found", None if e.not_found is None else (status == "not_found") == e.not_found,
          f"status {status}")
    shown = squash(answer_text(answer))
    in_clear = [s for s in e.pii_masked if squash(s) in shown]
    check("pii_masked", None if not e.pii_masked else not in_clear,
          f"{_listing(in_clear)} shown in clear")

    wrong = wrong_values(q, answer)
    ungrounded, verifier_flagged, hallucination = grounding(answer)
    failed = [name for name, ok in checks.items() if ok is False]
    if wrong:
        failed.append("wrong_values")
        reasons.append("wrong values: " + "; ".join(wrong))
    if hallucination:
        failed.append("ungrounded")
        why = ungrounded or list(answer.get("checks", {}).get("unsupported", [])) or ["flagged by the verifier"]
        reasons.append("ungrounded: " + "; ".join(why))
    return {
        "id": q.id, "file": q.file, "type": q.type, "kind": q.kind, "question": q.question,
        "expect": e.to_dict(), "status": status, "conclusion": conclusion,
        "values_found": sorted([int(v) if v == v.to_integral_value() else float(v) for v in found.amounts])
        + sorted(found.dates),
        "pages_cited": cited_here, "conflicts_reported": conflicts, "gaps_reported": gaps,
        "checks": checks, "failed": failed, "reasons": reasons, "correct": not failed,
        "wrong_values": wrong, "ungrounded": ungrounded, "verifier_flagged": verifier_flagged,
        "hallucination": hallucination,
        "abstained": abstained(answer, e, bool(stated), bool(found.dates) or presents_approx_date(conclusion)),
        "expect_abstain": bool(e.abstain or e.not_found),
        # what the case badge's trust score read (scripts/train_case_trust.py learns from these)
        "trust": answer.get("checks", {}).get("trust"),
    }


# -- aggregation ----------------------------------------------------------------------------------


def _table(rows: Sequence[Mapping[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for r in rows:
        groups.setdefault(str(r[key]), []).append(r)
    return {name: {"n": len(members), "passed": sum(r["correct"] for r in members),
                   "accuracy": rate([r["correct"] for r in members]),
                   "wrong_values": sum(bool(r["wrong_values"]) for r in members),
                   "ungrounded": sum(r["hallucination"] for r in members)}
            for name, members in groups.items()}


def summarise_cases(rows: Sequence[Mapping[str, Any]], latencies_ms: Sequence[float]) -> dict[str, Any]:
    """Headline metrics, per-type and per-file tables (and per generated kind when there are kinds)."""
    abstention = detection([r["abstained"] for r in rows], [r["expect_abstain"] for r in rows])
    metrics = {
        "questions": len(rows),
        "passed": sum(r["correct"] for r in rows),
        "accuracy": rate([r["correct"] for r in rows]),
        "questions_with_ungrounded_values": sum(r["hallucination"] for r in rows),
        "ungrounded_values": sum(len(r["ungrounded"]) for r in rows),
        "questions_with_wrong_values": sum(bool(r["wrong_values"]) for r in rows),
        "wrong_values": sum(len(r["wrong_values"]) for r in rows),
        "abstention_precision": abstention["precision"],
        "abstention_recall": abstention["recall"],
        **verified_wrong(rows),
        "ask_ms_p50": round(percentile(latencies_ms, 50), 1) if latencies_ms else None,
        "ask_ms_p95": round(percentile(latencies_ms, 95), 1) if latencies_ms else None,
    }
    per_type = {t: row for t, row in _table(rows, "type").items()}
    per_type = {t: per_type[t] for t in QUESTION_TYPES if t in per_type}
    tables = {"per_file": _table(rows, "file")}
    if any(r["kind"] for r in rows):
        tables["per_kind"] = dict(sorted(_table(rows, "kind").items()))
    return {"metrics": metrics, "per_category": per_type, "tables": tables}


# -- known failures and the gate ------------------------------------------------------------------


@dataclass
class KnownFailures:
    """data/bench/transcripts_known_failures.json: questions that fail today (id → reason) and
    the pass-rate floor of the generated files the CI test runs."""

    questions: dict[str, str] = field(default_factory=dict)
    casegen_seeds: list[int] = field(default_factory=list)
    casegen_max_scans: int = 2
    casegen_floor: float = 0.0
    casegen_measured: str = ""  # when and on which commit the floor was measured

    @classmethod
    def load(cls, path: Path = KNOWN_FAILURES) -> "KnownFailures":
        if not path.is_file():
            return cls()
        data = json.loads(path.read_text("utf-8"))
        questions = data.get("questions", {})
        if not all(isinstance(v, str) and v.strip() for v in questions.values()):
            raise ValueError(f"{path.name}: every known failure needs a reason")
        casegen = data.get("casegen", {})
        return cls(questions=dict(questions), casegen_seeds=list(casegen.get("seeds", [])),
                   casegen_max_scans=int(casegen.get("max_scans", 2)),
                   casegen_floor=float(casegen.get("pass_rate_floor", 0.0)),
                   casegen_measured=str(casegen.get("measured", "")))


def question_gate(rows: Sequence[Mapping[str, Any]], known: Mapping[str, str]) -> dict[str, Any]:
    """Every question passes except the known failures; a known failure that passes, or one no
    question has, fails the gate as well (strict, so the list stays honest)."""
    ids = {r["id"] for r in rows}
    failures = [{"id": r["id"], "reason": "; ".join(r["reasons"])} for r in rows
                if not r["correct"] and r["id"] not in known]
    fixed = [r["id"] for r in rows if r["correct"] and r["id"] in known]
    stale = sorted(set(known) - ids)
    return {"ok": not failures and not fixed and not stale, "failures": failures,
            "fixed_known_failures": fixed, "unknown_known_failures": stale}


def floor_gate(accuracy: float | None, floor: float) -> dict[str, Any]:
    ok = accuracy is not None and accuracy >= floor
    failures = [] if ok else [{"id": "pass_rate", "reason": f"pass rate {accuracy} below the floor {floor}"}]
    return {"ok": ok, "failures": failures, "fixed_known_failures": [], "floor": floor}


# -- running --------------------------------------------------------------------------------------


@dataclass
class CaseRun:
    rows: list[dict[str, Any]]
    latencies_ms: list[float]
    corpus: BenchCorpus
    kinds: dict[str, str]  # file -> the document kind ingest chose


# A rewrite of the questions before they are asked (engine/bench/counterfactual.py passes one in
# from the registry): (engine, files, {file: doc id}, llm) → (rows it scored itself, files to ask).
Rewrite = Callable[[Any, Sequence["CaseFile"], Mapping[str, str], bool], tuple[list[dict], list["CaseFile"]]]


def run_case_files(engine, files: Sequence[CaseFile], *, suite: str, llm: bool = False,
                   kind: str = "auto", progress: Progress | None = None,
                   rewrite: Rewrite | None = None) -> CaseRun:
    """Ingest the PDFs into the suite's home (nothing else stays there) and ask every question
    within its own file — or the questions ``rewrite`` makes of them (and keep the rows it scored)."""
    corpus = prepare_corpus(engine, [f.pdf for f in files], f"{suite} case files", kind=kind)
    kinds = {r.name: r.kind for r in engine.docs().documents}
    rows, latencies = [], []
    if rewrite is not None:
        rows, files = rewrite(engine, files, corpus.doc_ids, llm)
    total, done = sum(len(f.questions) for f in files), 0
    engine.search("预热 warm-up", k=1)  # load indexes and models before timing
    for f in files:
        doc_id = corpus.doc_ids[f.pdf.name]
        for q in f.questions:
            started = time.perf_counter()
            answer = engine.ask(q.question, doc_id=doc_id, llm=llm)
            latencies.append((time.perf_counter() - started) * 1000)
            row = score_case_answer(q, answer.to_dict())
            row["ms"] = round(latencies[-1], 1)
            rows.append(row)
            done += 1
            if progress:
                progress(suite, done, total)
    return CaseRun(rows, latencies, corpus, kinds)


def case_result(suite: str, description: str, run: CaseRun, *, llm: bool, engine,
                gate: dict[str, Any] | None, config: Mapping[str, Any] | None = None) -> SuiteResult:
    summary = summarise_cases(run.rows, run.latencies_ms)
    metrics = {k: v for k, v in summary["metrics"].items() if k not in ("ask_ms_p50", "ask_ms_p95")}  # timings
    return suite_result(
        suite, description, engine, llm=llm, rows=run.rows, latencies_ms=run.latencies_ms, metrics=metrics,
        per_category=summary["per_category"], tables=summary["tables"], timings={"ingest_s": run.corpus.ingest_s},
        config={"document_kinds": run.kinds, "ocr_pages": run.corpus.ocr_pages, **(config or {})}, gate=gate)


def run_transcripts(engine, folder: Path, *, llm: bool = False, known: KnownFailures | None = None,
                    progress: Progress | None = None, rewrite: Rewrite | None = None) -> SuiteResult:
    files = case_files(folder)
    run = run_case_files(engine, files, suite="transcripts", llm=llm, progress=progress, rewrite=rewrite)
    known = known if known is not None else KnownFailures.load()
    for row in run.rows:
        row["known_failure"] = known.questions.get(row["id"])
    names = ", ".join(f.pdf.stem for f in files)
    return case_result(
        "transcripts",
        f"{len(run.rows)} questions over {len(files)} independently written case files ({names}), "
        f"each asked within its file ({'LLM' if llm else 'deterministic composer'})",
        run, llm=llm, engine=engine, gate=None if rewrite else question_gate(run.rows, known.questions),
        config={"dataset": str(folder), "known_failures": len(known.questions), "counterfactual": rewrite is not None})
