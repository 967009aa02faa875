"""Draw the parameters of one case file from its seed (deterministic per seed)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from engine.bench.casegen import pools
from engine.bench.casegen.casetypes import CASE_TYPES, MEANS_WORDS, PLACES, RETURN_MEANS, CaseType
from engine.bench.casegen.model import (CaseParams, Dispute, Flow, Interest, Layout, Person, Session,
                                          When)
from engine.bench.casegen.surface import (DAY_STYLES, SPRING_FESTIVAL, amount_styles_for,
                                            chinese_numeral, clock_time, id_number, la_yue_window,
                                            mobile_number, season_of, write_amount, write_approx_amount,
                                            write_day)

# Yes/no facts by (case type or "any", role questioned).
YES_NO_FACTS = {
    ("any", "suspect"): ("surrender", "knew_illegal"),
    ("fraud", "victim"): ("receipt",),
    ("loan", "victim"): ("iou", "receipt"),
    ("fundraising", "victim"): ("contract",),
    ("assault", "suspect"): ("drunk",),
}
ABSENT_KINDS = ("bank_card", "absent_person", "plate", "wechat_id", "email")
KINDS = ("old", "new", "all")
UNKNOWN_DATE_WORDS = ("具体哪天记不清了", "哪一天我记不清了", "具体时间我记不清了")


@dataclass(frozen=True)
class Options:
    """What a caller may constrain; everything else is drawn from the seed."""

    case_type: str | None = None  # an old case type (CASE_TYPES) or a new one (scenarios.SCENARIOS)
    max_scans: int = 2  # scanned pages per file (OCR is the slow part of ingesting them)
    # old: money flows between two parties, in the old layouts — the files of the CI floor, byte
    # for byte; new: the kinds of #26 (goods and valuations, quantities × prices, wages, hearings)
    # in every layout; all: either, drawn per seed.
    kinds: str = "old"
    # old kinds only, opt-in: each payment told act by act (第三笔是某日。…转给他的。转了X元。); off,
    # every seed keeps its text byte for byte
    act_by_act: bool = False

    def __post_init__(self):
        if self.kinds not in KINDS:
            raise ValueError(f"kinds must be one of {KINDS}, not {self.kinds!r}")


def rng_for(seed: int, part: str) -> random.Random:
    """An independent stream per part, so a change in one part leaves the others' draws alone."""
    return random.Random(f"lextrace-casegen/{seed}/{part}")


def _person(rng: random.Random, taken: set[str], *, min_year: int = 1955, max_year: int = 2000,
            gender: str | None = None) -> Person:
    gender = gender or rng.choice("男女")
    name = pools.person_name(rng, gender, taken)
    birth = date(rng.randint(min_year, max_year), rng.randint(1, 12), rng.randint(1, 28))
    city = rng.choice(pools.CITIES)
    return Person(name=name, gender=gender, birth=birth,
                  id_number=id_number(rng, rng.choice(pools.REGION_CODES), birth, gender),
                  mobile=mobile_number(rng), address=pools.street_address(rng, city),
                  ethnicity=rng.choice(pools.ETHNICITIES), education=rng.choice(pools.EDUCATION),
                  job=rng.choice(pools.JOBS))


def _spread(rng: random.Random, first: date, last: date, n: int, min_gap: int) -> list[date]:
    """``n`` sorted days in [first, last], at least ``min_gap`` days apart (closer if they must)."""
    span = (last - first).days
    if n == 0:
        return []
    gap = min(min_gap, max(1, span // max(n, 1)))
    for _ in range(500):
        offsets = sorted(rng.sample(range(span + 1), n))
        if all(b - a >= gap for a, b in zip(offsets, offsets[1:])):
            return [first + timedelta(days=o) for o in offsets]
    step = max(1, span // n)
    return [first + timedelta(days=i * step) for i in range(n)]


def _amount_text(rng: random.Random, value: int):
    return write_amount(value, rng.choice(amount_styles_for(value)))


def _draw_amount(rng: random.Random, low: int, high: int, step: int, taken: set[int]) -> int:
    for _ in range(1000):
        value = rng.randrange(low // step, high // step + 1) * step
        if value > 0 and value not in taken:
            taken.add(value)
            return value
    raise RuntimeError("no free amount in range")


def _month_key(d: date) -> tuple[int, int]:
    return d.year, d.month


def _when(rng: random.Random, day: date, interview: date, others: list[date], allow_coarse: bool) -> When:
    """How the text dates ``day``: mostly the day itself, sometimes only a month, a part of a
    month, a season; a coarse form is used only when no other payment falls in that month
    (or season), so that it still names one payment."""
    same_month = any(_month_key(o) == _month_key(day) for o in others)
    season = season_of(day)
    same_season = any(season_of(o) == season and o.year == day.year for o in others)
    choices = ["day"] * 11
    if allow_coarse and not same_month:
        choices += ["month"] * 2 + ["month_part"] * 2
    if allow_coarse and season and not same_season:
        choices += ["season"]
    precision = rng.choice(choices)
    if precision == "day":
        return When(day, "day", write_day(day, rng.choice(DAY_STYLES)))
    if precision == "month":
        surface = rng.choice((f"{day.year}年{day.month}月份", f"{day.year}年{day.month}月",
                              f"{day.year}年{chinese_numeral(day.month)}月份"))
        return When(day, "month", surface)
    if precision == "month_part":
        part = "初" if day.day <= 10 else "中旬" if day.day <= 20 else rng.choice(("底", "下旬"))
        month = rng.choice((str(day.month), chinese_numeral(day.month)))
        return When(day, "month_part", f"{day.year}年{month}月{part}")
    surface = rng.choice((f"{day.year}年{season}左右", f"{day.year}年{season}的时候", f"{day.year}年{season}"))
    return When(day, "season", surface)


def _confusable_amount(rng: random.Random, value: int, step: int, taken: set[int]) -> int:
    """A value a witness could have mixed up with ``value``: two digits swapped (32000 ↔ 23000),
    or a round difference."""
    digits = str(value)
    candidates = []
    for i in range(len(digits)):
        for j in range(i + 1, len(digits)):
            if digits[i] != digits[j] and digits[i] != "0" and digits[j] != "0":
                swapped = list(digits)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                candidates.append(int("".join(swapped)))
    for delta in (1000, 2000, 3000, 5000, 10000):
        if delta >= step:
            candidates += [value + delta, value - delta]
    candidates = [c for c in candidates if c > 0 and c not in taken and c % step == 0]
    if not candidates:
        raise RuntimeError("no confusable amount")
    choice = rng.choice(candidates)
    taken.add(choice)
    return choice


def _session_place(rng: random.Random, unit: str, role: str, number: int) -> str:
    room = chinese_numeral(rng.randint(1, 8))
    if role == "suspect":
        options = [f"{unit}执法办案中心第{room}讯问室", f"{unit}刑侦大队第{room}讯问室"]
        if number == 2:
            options.append(f"{unit.split('公安局')[0]}看守所第{room}讯问室")
    else:
        road = rng.choice(pools.ROADS)
        options = [f"{unit}{road}路派出所接待室", f"{unit}经济犯罪侦查大队第{room}询问室",
                   f"{unit}{road}路派出所询问室"]
    return rng.choice(options)


def _session(rng: random.Random, number: int, day: date, unit: str, role: str,
             officers: tuple[str, str]) -> Session:
    hour, minute = clock_time(rng)
    start = datetime(day.year, day.month, day.day, hour, minute)
    end = start + timedelta(minutes=rng.randrange(40, 150, 5))
    return Session(number, start, end, _session_place(rng, unit, role, number), officers,
                   rng.choice(officers))


def _place_for(rng: random.Random, ct: CaseType, payer: str) -> str:
    if ct.key in PLACES:
        return rng.choice(PLACES[ct.key]).format(payer=payer)
    return pools.meeting_place(rng)


def draw_case(seed: int, options: Options = Options(), attempt: int = 0) -> CaseParams:
    """The case of ``seed``. A draw whose amounts collide is drawn again from the next stream
    of the same seed (``attempt``), so the result still depends on the seed alone."""
    rng = rng_for(seed, f"params/{attempt}")
    ct = CASE_TYPES[options.case_type or rng.choice(sorted(CASE_TYPES))]
    role = rng.choice(ct.roles)
    taken: set[str] = set()
    city = rng.choice(pools.CITIES)
    unit = f"{city}市公安局{rng.choice(pools.DISTRICTS)}分局"
    subject = _person(rng, taken)
    company = pools.company_name(rng, city) if ct.company_side else None
    if company:
        counterpart, counterpart_gender = company, None
    else:
        counterpart_gender = rng.choice("男女")
        counterpart = pools.person_name(rng, counterpart_gender, taken)
    officers = (pools.person_name(rng, rng.choice("男女"), taken), pools.person_name(rng, rng.choice("男女"), taken))
    relative = (rng.choice(pools.RELATIVES), pools.person_name(rng, rng.choice("男女"), taken)) \
        if ct.returns_by_relative else None
    absent_name = pools.person_name(rng, rng.choice("男女"), taken)
    interview = date(2021, 3, 1) + timedelta(days=rng.randrange(0, 1370))

    n = rng.randint(*ct.primaries)
    m = rng.randint(*ct.returns)
    m = min(m, 6 - n)
    first_day = interview - timedelta(days=rng.randint(150, 720))
    primary_days = _spread(rng, first_day, interview - timedelta(days=45), n, 25)
    return_days = _spread(rng, primary_days[0] + timedelta(days=15), interview - timedelta(days=5), m, 12)

    # What the subject cannot say: where the money went (not asked of compensation), who struck
    # first (assault), the day of one payment, how much someone else paid.
    gaps_possible = (["who_first"] if ct.agreed else ["money_use"]) + (["unknown_date"] if n >= 3 else []) + \
        (["other_investor"] if ct.key in ("fraud", "fundraising", "loan") and role == "victim" else [])
    gaps = rng.sample(gaps_possible, rng.randint(1, min(2, len(gaps_possible))))
    unknown_index = rng.randint(1, n - 2) if "unknown_date" in gaps else None
    dispute_wanted = rng.random() < 0.85
    dispute_index = None
    if dispute_wanted:
        choices = [i for i in range(n) if i != unknown_index]
        dispute_index = rng.choice(choices)

    # Sessions: a second one when the correction comes there, now and then anyway.
    where = rng.choice(("same_session", "second_session")) if dispute_wanted else None
    two_sessions = where == "second_session" or rng.random() < 0.15
    second_day = interview + timedelta(days=rng.randint(3, 25)) if two_sessions else None

    # The 腊月 of the lunar year before the interview, for one payment when it fits between its
    # neighbours (去年腊月 is resolved against the interview date).
    la_yue_index = None
    festival = SPRING_FESTIVAL.get(interview.year)
    if festival and interview > festival + timedelta(days=20) and rng.random() < 0.35:
        window_start, window_end = la_yue_window(interview.year)
        all_days = sorted(primary_days + return_days)
        for i in rng.sample(range(n), n):
            if i in (unknown_index, dispute_index):
                continue
            position = all_days.index(primary_days[i])
            low = max(window_start, all_days[position - 1] + timedelta(days=3)) if position else window_start
            high = min(window_end, all_days[position + 1] - timedelta(days=3)) \
                if position + 1 < len(all_days) else window_end
            if low <= high:
                primary_days[i] = low + timedelta(days=rng.randint(0, (high - low).days))
                la_yue_index = i
                break

    amounts_taken: set[int] = set()
    low, high, step = ct.amounts
    flows: list[Flow] = []
    approx_index = rng.choice([i for i in range(n) if i != dispute_index] + [None] * 3)
    all_days = primary_days + return_days
    for i, day in enumerate(primary_days):
        others = [d for d in all_days if d != day]
        if i == unknown_index:
            when = When(day, "unknown", rng.choice(UNKNOWN_DATE_WORDS))
        elif i == la_yue_index:
            when = When(day, "la_yue", rng.choice(("去年腊月", "去年腊月的时候", "去年腊月里")))
        else:
            # A disputed date is a day (so both versions are dates to compare).
            when = _when(rng, day, interview, others, allow_coarse=i != dispute_index)
        value = _draw_amount(rng, low, high, step, amounts_taken)
        if i == approx_index and value >= 2000:
            value = max(round(value, -3) if value < 10000 else round(value, -4), 1000)
            amounts_taken.add(value)
            text = write_approx_amount(value, rng)
        else:
            text = _amount_text(rng, value)
        means = rng.choice(ct.means)
        flows.append(Flow(f"p{i + 1}", "primary", i, value, text, when, means,
                          rng.choice(MEANS_WORDS[means]),
                          _place_for(rng, ct, counterpart if role == "suspect" else subject.name)
                          if means == "cash" else None))
    # Distinct amounts even after rounding an approximate one.
    values = [f.amount for f in flows]
    if len(set(values)) != len(values):
        return draw_case(seed, options, attempt + 1)

    total_in = sum(values)
    return_low = max(step, low // 2)
    return_high = max(return_low + step, min(high, int(total_in * 0.5 / max(m, 1))))
    for j, day in enumerate(return_days):
        value = _draw_amount(rng, return_low, return_high, step, amounts_taken)
        means = rng.choice(RETURN_MEANS[ct.key])
        session = 1
        if two_sessions and j == m - 1 and rng.random() < 0.5:
            gap_days = (second_day - interview).days
            if gap_days >= 3:
                day = interview + timedelta(days=rng.randint(1, gap_days - 1))
                session = 2
        when = When(day, "day", write_day(day, rng.choice(DAY_STYLES)))
        flows.append(Flow(f"r{j + 1}", "return", j, value, _amount_text(rng, value), when, means,
                          rng.choice(MEANS_WORDS[means]), None, session))

    dispute = None
    if dispute_index is not None:
        flow = flows[dispute_index]
        field = "date" if flow.when.precision == "day" and rng.random() < 0.35 else "amount"
        if field == "amount":
            corrected = _confusable_amount(rng, flow.amount, step, amounts_taken)
            dispute = Dispute(flow.id, "amount", where, corrected_amount=corrected,
                              corrected_amount_text=_amount_text(rng, corrected))
        elif field == "date":
            sorted_days = sorted(d for d in all_days)
            position = sorted_days.index(flow.when.hidden)
            low_day = sorted_days[position - 1] + timedelta(days=1) if position else flow.when.hidden - timedelta(days=10)
            high_day = sorted_days[position + 1] - timedelta(days=1) \
                if position + 1 < len(sorted_days) else interview - timedelta(days=1)
            options_days = [flow.when.hidden + timedelta(days=k) for k in (-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6)]
            options_days = [d for d in options_days if low_day <= d <= high_day]
            if options_days:
                new_day = rng.choice(options_days)
                dispute = Dispute(flow.id, "date", where,
                                  corrected_when=When(new_day, "day", write_day(new_day, rng.choice(DAY_STYLES))))
        if dispute:
            refs = ["ordinal"] + (["date"] if field == "amount" and flow.when.precision == "day" else [])
            if [f.means for f in flows if f.role == "primary"].count(flow.means) == 1:
                refs.append("means")
            dispute.reference = rng.choice(refs)
            dispute.where = where

    # Every version of the totals must leave something owed (a correction may lower the total).
    corrected_total = total_in if dispute is None or dispute.field != "amount" else \
        total_in - flows[dispute_index].amount + dispute.corrected_amount
    returned = sum(f.amount for f in flows if f.role == "return")
    if min(total_in, corrected_total) <= returned:
        return draw_case(seed, options, attempt + 1)

    sessions = [_session(rng, 1, interview, unit, role, officers)]
    if two_sessions:
        sessions.append(_session(rng, 2, second_day, unit, role, officers))

    interest = None
    if ct.interest and rng.random() < 0.6:
        monthly = rng.randrange(3, 31) * 100
        months = rng.randint(3, 12)
        if monthly * months not in amounts_taken and monthly not in amounts_taken:
            interest = Interest(monthly, months, write_amount(monthly, rng.choice(("arabic", "chinese", "chinese_kuai",
                                                                                   "arabic_kuai"))))
            amounts_taken |= {monthly, monthly * months}
    agreed = medical = None
    if ct.agreed:
        agreed_value = max(total_in, corrected_total) + rng.randrange(2, 21) * 1000
        medical_value = _draw_amount(rng, 1500, 30000, 100, amounts_taken | {agreed_value})
        agreed = (agreed_value, _amount_text(rng, agreed_value))
        medical = (medical_value, _amount_text(rng, medical_value))

    other_investor = pools.person_name(rng, rng.choice("男女"), taken) if "other_investor" in gaps else None
    facts = (["acquainted"] if company is None else []) + list(YES_NO_FACTS.get(("any", role), ())) + \
        list(YES_NO_FACTS.get((ct.key, role), ()))
    yes_no = [(key, rng.random() < 0.5) for key in rng.sample(facts, min(2, len(facts)))]
    absent = rng.sample(ABSENT_KINDS, 2)

    header_style = rng.choice(("lines", "packed", "sentence"))
    size = rng.choice((13.0, 13.5, 14.0))  # records are printed large (仿宋 三号/四号)
    layout = Layout(qa_style=rng.choice(("full", "ascii", "role", "speaker")), header_style=header_style,
                    footer_style=rng.randrange(4), id_wraps=header_style == "sentence" and rng.random() < 0.6,
                    size=size, leading=round(size * rng.choice((1.8, 1.9, 2.0)), 1))
    return CaseParams(seed=seed, case_type=ct.key, subject_role=role, subject=subject,
                      counterpart=counterpart, counterpart_gender=counterpart_gender, company=company,
                      city=city, unit=unit, relative=relative, flows=flows, sessions=sessions,
                      dispute=dispute, interest=interest, agreed=agreed, medical=medical, gaps=gaps,
                      other_investor=other_investor, yes_no=yes_no, absent=absent,
                      absent_name=absent_name, layout=layout)
