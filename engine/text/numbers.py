"""Chinese and Arabic numerals: exact parsing, money amounts, and numbers for the tokenizer.

Why our own parser rather than ``cn2an.cn2an``: cn2an (0.5.24) gets the common forms right but
(a) returns ``float`` for decimals, (b) its ``strict`` mode rejects everyday forms (两千, 三千五,
二十万零三千) while ``normal`` mode reads any digit run positionally (五五 → 55, 一二三 → 123) and
only ``smart`` mode accepts 4.2万. A money value must be exact and must come from an unambiguous
reading, so we parse to ``Decimal`` with an explicit grammar; the tests check it against cn2an
on the forms both accept. ``cn2an.an2cn`` *is* right for writing numerals (see ``to_chinese``).

Readings decided here (documented because they are choices):
  * 三千五 = 3500, 一万五 = 15000, 四万二 = 42000, 三百五 = 350: a bare final digit right after
    千/百/万/亿 counts in the next lower unit. This is how Mandarin is spoken; 3005 is 三千零五.
  * A 零 switches that off: 一万零五 = 10005, 一百零五 = 105.
  * 二十万零三千 = 203000 and 一万五百 = 10500 are accepted: sloppy but only one reading exists.
  * A bare run of digits without units (二〇二〇, 二零二零) reads positionally: it is how years
    are written. ``find_amounts`` and ``find_numbers`` ignore such runs (五五元 is no amount).
  * 百万 / 千万 without a leading digit, 十几万, 几千 are not numbers: no value is invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterator

import cn2an

from engine.text.normalize import to_halfwidth
from engine.types import Fact

# --- the numeral alphabet --------------------------------------------------------------------

CN_DIGITS: dict[str, int] = {
    "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    # financial (大写) forms used on contracts and receipts
    "壹": 1, "贰": 2, "貳": 2, "叁": 3, "參": 3, "肆": 4, "伍": 5, "陆": 6, "陸": 6, "柒": 7,
    "捌": 8, "玖": 9,
}
CN_ZEROS = "零〇○"  # ○ (white circle) is how many typed and OCRed texts write 〇
SMALL_UNITS: dict[str, int] = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
BIG_UNITS: dict[str, int] = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_CN_DIGIT_CLASS = "".join(CN_DIGITS) + CN_ZEROS
_CN_CLASS = _CN_DIGIT_CLASS + "".join(SMALL_UNITS) + "".join(BIG_UNITS)
_DECIMAL_POINT = "点"

# Thousands groups only when exactly three digits follow each comma ("1,0000" is not 1,000 + "0"); a
# full-width comma there is one too (128，000元: typed so, or OCR's reading of a scanned page's comma).
ARABIC_PATTERN = r"\d{1,3}(?:[,，]\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d+)?"
_ARABIC_FULL = re.compile(rf"(?:{ARABIC_PATTERN})")
# A numeral run as it appears in running text: Arabic pieces, Chinese numerals, mixed (3万5千),
# and 点 only when a digit follows (三点五万, but not the 点 of 三点钟).
NUMBER_PATTERN = (rf"(?:{ARABIC_PATTERN}|[{_CN_CLASS}])"
                  rf"(?:{ARABIC_PATTERN}|[{_CN_CLASS}]|{_DECIMAL_POINT}(?=[{_CN_DIGIT_CLASS}]))*")


# Longer runs are codes or noise, not quantities (and int() refuses > 4300 digits anyway).
MAX_NUMERAL_LENGTH = 40


@dataclass(frozen=True)
class _Tok:
    kind: str  # num | zero | small | big | point
    value: Decimal = Decimal(0)
    single: bool = False  # one digit (Chinese digit or a lone Arabic digit): may carry a unit
    chinese: bool = False


def _lex(s: str) -> list[_Tok] | None:
    toks: list[_Tok] = []
    i = 0
    while i < len(s):
        m = _ARABIC_FULL.match(s, i)
        if m:
            raw = m.group()
            toks.append(_Tok("num", Decimal(raw.replace(",", "")), single=len(raw) == 1))
            i = m.end()
            continue
        ch = s[i]
        if ch in CN_DIGITS:
            toks.append(_Tok("num", Decimal(CN_DIGITS[ch]), single=True, chinese=True))
        elif ch in CN_ZEROS:
            toks.append(_Tok("zero", chinese=True))
        elif ch in SMALL_UNITS:
            toks.append(_Tok("small", Decimal(SMALL_UNITS[ch])))
        elif ch in BIG_UNITS:
            toks.append(_Tok("big", Decimal(BIG_UNITS[ch])))
        elif ch == _DECIMAL_POINT:
            toks.append(_Tok("point"))
        else:
            return None
        i += 1
    return toks


def _parse_section(toks: list[_Tok], allow_decimal: bool) -> Decimal | None:
    """A group below 万: 三千五百, 一百零五, 十二, 4.2, 一点五 (decimal only where allowed)."""
    if not toks:
        return None
    points = [i for i, t in enumerate(toks) if t.kind == "point"]
    if points:
        if not allow_decimal or len(points) > 1:
            return None
        int_toks, frac_toks = toks[:points[0]], toks[points[0] + 1:]
        if not frac_toks or any(not t.chinese or t.kind not in ("num", "zero") for t in frac_toks):
            return None
        whole = Decimal(0) if [t.kind for t in int_toks] == ["zero"] else _parse_section(int_toks, False)
        if whole is None:
            return None
        digits = "".join("0" if t.kind == "zero" else str(int(t.value)) for t in frac_toks)
        return Decimal(f"{int(whole)}.{digits}")
    if len(toks) == 1 and toks[0].kind == "num":
        if toks[0].value != toks[0].value.to_integral_value() and not allow_decimal:
            return None
        return toks[0].value
    total = Decimal(0)
    pending: Decimal | None = None
    last_unit: Decimal | None = None
    after_zero = False
    for t in toks:
        if t.kind == "num":
            if not t.single or pending is not None:
                return None  # 12千, 五五 inside a structured numeral
            pending = t.value
        elif t.kind == "zero":
            if pending is not None or after_zero or last_unit is None:
                return None  # 五零, 零零, a leading 零
            after_zero = True
        elif t.kind == "small":
            if last_unit is not None and t.value >= last_unit:
                return None  # units must fall: 百千, 十十
            if pending is None:
                if t.value == 10 and last_unit is None:
                    pending = Decimal(1)  # 十二 = 12
                else:
                    return None  # 百五, 一百十
            total += pending * t.value
            pending, last_unit, after_zero = None, t.value, False
        else:
            return None
    if pending is not None:
        if after_zero or last_unit is None or last_unit == 10:
            total += pending  # 一百零五, 五, 二十五
        else:
            total += pending * last_unit / 10  # 三千五 = 3500 (see module docstring)
    elif after_zero:
        return None  # a trailing 零
    return total


def _parse_remainder(toks: list[_Tok], unit: int) -> Decimal | None:
    """What follows 万 or 亿: 零五百, 二千, a colloquial bare digit (四万二), or nothing."""
    if not toks:
        return Decimal(0)
    leading_zero = toks[0].kind == "zero"
    if leading_zero:
        toks = toks[1:]
        if not toks:
            return None
    if not leading_zero and len(toks) == 1 and toks[0].kind == "num" and toks[0].single:
        return toks[0].value * unit / 10  # 一万五 = 15000
    value = _parse_big(toks, allow_decimal=False) if unit > 10**4 else _parse_section(toks, False)
    if value is None or value >= unit:
        return None
    return value


def _parse_big(toks: list[_Tok], allow_decimal: bool) -> Decimal | None:
    for unit in (10**8, 10**4):
        idx = max((i for i, t in enumerate(toks) if t.kind == "big" and t.value == unit), default=None)
        if idx is None:
            continue
        left, right = toks[:idx], toks[idx + 1:]
        if unit == 10**8:
            multiplier = _parse_big(left, allow_decimal)  # 一万亿 is allowed
        else:
            multiplier = _parse_section(left, allow_decimal)
        if multiplier is None or multiplier <= 0 or multiplier >= unit:
            return None
        rest = _parse_remainder(right, unit)
        if rest is None:
            return None
        if rest and multiplier != multiplier.to_integral_value():
            return None  # 1.5万3千
        return multiplier * unit + rest
    return _parse_section(toks, allow_decimal)


def _canonical(value: Decimal) -> Decimal:
    """Integral values as plain integers (no 4.2E+4 exponents); others as computed."""
    if value == value.to_integral_value():
        return Decimal(int(value))
    return value


def _is_digit_string(s: str) -> bool:
    """二〇二〇, 二零二零: Chinese digits without any unit, read positionally."""
    return len(s) >= 1 and all(ch in CN_DIGITS or ch in CN_ZEROS for ch in s) and "两" not in s


def _is_range(s: str) -> bool:
    """Two neighbouring digits said together (一二, 三四, 七八, 八九): an estimate between them."""
    return len(s) == 2 and all(ch in CN_DIGITS for ch in s) and CN_DIGITS[s[1]] == CN_DIGITS[s[0]] + 1


def parse_number(s: str) -> Decimal | None:
    """The exact value of a numeral, or None when it is not one unambiguous number.

    Accepts 42000, 42,000, 12,000.00, 4.2万, 0.5万, 3万5千, 四万二千, 一万零五百, 贰万伍仟, 贰拾万,
    两千, 三千五 (=3500), 十二, 三十五点五, 二〇二〇 (positional digits). Full-width digits are fine.
    """
    s = to_halfwidth(s).strip()
    if not s or len(s) > MAX_NUMERAL_LENGTH:
        return None
    if _ARABIC_FULL.fullmatch(s):
        return _canonical(Decimal(s.replace(",", "")))
    if _is_digit_string(s):
        if _is_range(s):
            return None  # 七八年, 八九斤, 三四个人: about seven or eight, never 78
        return Decimal(int("".join("0" if ch in CN_ZEROS else str(CN_DIGITS[ch]) for ch in s)))
    toks = _lex(s)
    if not toks:
        return None
    value = _parse_big(toks, allow_decimal=True)
    return None if value is None else _canonical(value)


def to_chinese(n: int) -> str:
    """12 → 十二, 110 → 一百一十, 1010 → 一千零一十 (the style statute labels use)."""
    if n < 0:
        raise ValueError(f"negative numbers have no numeral here: {n}")
    return str(cn2an.an2cn(n))


def format_decimal(value: Decimal) -> str:
    """42000, 0.5, 12.35: plain notation without exponent or trailing zeros."""
    value = _canonical(value)
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


# --- numbers in running text -----------------------------------------------------------------

_NUMBER_RE = re.compile(NUMBER_PATTERN)
_UNIT_CHARS = set(SMALL_UNITS) | set(BIG_UNITS)


def _continues_number(norm: str, start: int) -> bool:
    """True when ``norm[start:]`` would continue a number written just before it.

    "1,0000" or "3.14.15": the piece after the comma/point is not a number of its own. A comma after
    four or more digits is a list separator (1000，2000元: the full-width comma became ","), so the
    piece after it is allowed.
    """
    if start == 0:
        return False
    prev = norm[start - 1]
    if prev.isdigit() or prev.isascii() and prev.isalpha():
        return True
    if prev in ":;" and start >= 2 and norm[start - 2].isdigit():
        return True  # 55,000:00 / 7;000: a misprinted or misread separator; no value is read from its tail
    if prev in ".," and start >= 2 and norm[start - 2].isdigit():
        if prev == ".":
            return True
        return _digits_ending_at(norm, start - 2) <= 3
    return False


def _number_continues_after(norm: str, end: int) -> bool:
    """True when ``norm[:end]`` is cut off from a number that goes on: 2020.1|.15, 1|,0000."""
    if end + 1 >= len(norm) or not norm[end + 1].isdigit():
        return False
    if norm[end] == ".":
        return True
    if norm[end] != ",":
        return False
    return 0 < _digits_ending_at(norm, end - 1) <= 3


def _digits_ending_at(norm: str, last: int) -> int:
    """How many digits run back from ``norm[last]``: a comma after at most three is a thousands
    separator, after more a list separator."""
    run = 0
    while last - run >= 0 and norm[last - run].isdigit():
        run += 1
    return run


def _iter_numbers(norm: str) -> Iterator[tuple[int, int, Decimal]]:
    for m in _NUMBER_RE.finditer(norm):
        raw = m.group()
        start, end = m.start(), m.end()
        if _continues_number(norm, start) or _number_continues_after(norm, end):
            continue
        if end < len(norm) and norm[end].isascii() and norm[end].isalpha():
            continue  # H5N1, 3M, v2: part of a code, not a quantity
        has_arabic = any(ch.isdigit() for ch in raw)
        if not has_arabic:
            # A lone Chinese numeral (一个, 三人, 十分) or a bare digit run (七七事变) is a word, not
            # a quantity worth normalising; a run with units (四万二千, 三十) is.
            if len(raw) < 2 or not any(ch in _UNIT_CHARS for ch in raw):
                continue
        value = parse_number(raw)
        if value is not None:
            yield start, end, value


def find_numbers(text: str) -> list[Fact]:
    """Every numeral with its span: Arabic (42,000 / 4.2万 / 3万5千) and Chinese with units
    (四万二千, 三十一). kind="number", value a Decimal, meta {"arabic": bool}.

    Lone Chinese digits (一个, 三人) and unit-less digit runs are words, not numbers, and are skipped.
    Meant for the tokenizer; money is ``find_amounts``'s job.
    """
    norm = to_halfwidth(text)
    return [Fact(kind="number", text=text[s:e], start=s, end=e, value=v,
                 meta={"arabic": any(ch.isdigit() for ch in norm[s:e])})
            for s, e, v in _iter_numbers(norm)]


# --- money ------------------------------------------------------------------------------------

# Currency words before the number. Longest first so that "US$" wins over "$".
_PREFIX_CURRENCY: dict[str, tuple[str, bool]] = {  # surface → (ISO code, assumed?)
    "人民币": ("CNY", False), "RMB": ("CNY", False), "CNY": ("CNY", False),
    "¥": ("CNY", True),  # ¥ is also the yen sign; in Chinese legal papers it is the yuan
    "港币": ("HKD", False), "HK$": ("HKD", False), "HKD": ("HKD", False),
    "US$": ("USD", False), "USD": ("USD", False), "$": ("USD", True),
    "EUR": ("EUR", False), "€": ("EUR", False), "GBP": ("GBP", False), "£": ("GBP", False),
}
_UNIT_CURRENCY: dict[str, tuple[str, bool]] = {
    "元整": ("CNY", False), "圆整": ("CNY", False), "元": ("CNY", False), "圆": ("CNY", False),
    "块钱": ("CNY", False), "块": ("CNY", False),
    "美元": ("USD", False), "美金": ("USD", False), "港元": ("HKD", False), "港币": ("HKD", False),
    "欧元": ("EUR", False), "日元": ("JPY", False), "英镑": ("GBP", False),
    "united states dollars": ("USD", False), "u.s. dollars": ("USD", False),
    "us dollars": ("USD", False), "dollars": ("USD", True), "usd": ("USD", False),
    "rmb": ("CNY", False), "yuan": ("CNY", False), "euros": ("EUR", False), "euro": ("EUR", False),
}
_MAJOR_UNIT_NAME = {"CNY": "元", "USD": "美元", "HKD": "港元", "EUR": "欧元", "JPY": "日元", "GBP": "英镑"}
_YUAN_UNITS = {"元整", "圆整", "元", "圆", "块钱", "块"}
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9}


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_CN_UNITS = [u for u in _UNIT_CURRENCY if not u.isascii()]
_EN_UNITS = [u for u in _UNIT_CURRENCY if u.isascii()]
_AMOUNT_RE = re.compile(
    r"(?P<pre>(?:大约|大概|大致|约合|约为|将近|接近|差不多|估计"
    r"|(?<![签违合契预履节制邀公条婚缔相])约|(?<![最附靠])近)(?:是|为|有|在)?"
    r"|(?<![A-Za-z])(?i:on or about|approximately|approx\.|about|around|roughly|nearly)\s)?"
    rf"(?:(?P<cur>{_alternation(list(_PREFIX_CURRENCY))})[ ]?)?"
    rf"(?P<num>{NUMBER_PATTERN})"
    rf"(?:(?P<more>多|余|几)(?P<mag>[十百千万亿])?)?"
    r"(?:[ ](?i:(?P<scale>thousand|million|billion))\b)?"
    rf"(?:(?P<unit_cn>{_alternation(_CN_UNITS)})(?![化论素旦宵首帅件组次制方性])"
    rf"|[ ]?(?i:(?P<unit_en>{_alternation(_EN_UNITS)}))\b)?"
    rf"(?:(?P<jiao>[{''.join(CN_DIGITS)}\d])[角毛])?(?:零?(?P<fen>[{''.join(CN_DIGITS)}\d])分(?![不也都没钟]))?"
    r"(?P<zheng>整)?"
    r"(?P<post>左右|上下)?"
)


def _digit_value(ch: str) -> Decimal:
    return Decimal(int(ch)) if ch.isdigit() else Decimal(CN_DIGITS[ch])


def _money_value(value: Decimal) -> int | Decimal:
    return int(value) if value == value.to_integral_value() else value


def _resolve_currency(prefix: str | None, unit: str | None) -> tuple[str, bool]:
    """港币5000元 is HKD, 5000美元 is USD, USD 5,000 dollars is USD (not merely assumed)."""
    by_prefix = _PREFIX_CURRENCY.get(prefix) if prefix else None
    by_unit = _UNIT_CURRENCY.get(unit) if unit else None
    if by_prefix and by_unit:
        if by_unit[0] != "CNY" and by_unit[0] != by_prefix[0]:
            return by_unit  # the unit word names the currency; the prefix was generic (人民币... rare)
        return by_prefix[0], by_prefix[1] and by_unit[1]
    found = by_prefix or by_unit
    assert found is not None
    return found


# Spoken Chinese drops 元 after round sums (给了他一万二, 投了三万多, 一共八千): such a numeral counts
# as money only when it has a 千/万 magnitude, a money word stands before it in its sentence, and no
# measure word follows it (三千多人, 一万字 are not money).
_MONEY_CONTEXT = re.compile(r"钱|款|元|块|给|转|拿|赔|投|借|还|退|欠|交|付|收|花|要|剩|共|价|资|费|息|损失|金|汇|存|骗|偷|赚|亏")
_SENTENCE_BREAK = re.compile(r"[。；！？;!?\n]")
_NOT_MONEY_AFTER = re.compile(r"[\u4e00-\u9fff]")
_MONEY_AFTER_OK = re.compile(r"(?:的|了|啊|呢|吧|吗|呀|现金|多|左右|上下|这|那|就|都|也|还|我|他|她|你|给|块)")


def _implied_yuan(norm: str, m: re.Match[str]) -> bool:
    raw = m.group("num")
    if not any(ch in "万萬千仟" for ch in raw + (m.group("mag") or "")) or _is_digit_string(raw):
        return False
    if m.group("scale") or m.group("jiao") or m.group("fen"):
        return False
    start, end = m.start("num"), m.end()
    after = norm[end:end + 2]
    if after and _NOT_MONEY_AFTER.match(after) and not _MONEY_AFTER_OK.match(after):
        return False
    begin = start
    while begin > 0 and start - begin < 30 and not _SENTENCE_BREAK.match(norm[begin - 1]):
        begin -= 1
    return bool(_MONEY_CONTEXT.search(norm, begin, start))


# OCR reads 千 as its look-alike 干 (两干五百块钱): between a numeral and the rest of an amount that
# ends in a money word, 干 can only be 千 — read as the tail alone (五百块钱) it would be a wrong value.
# Same length, so every span still points into the text as written.
_LOOKALIKE_THOUSAND = re.compile(rf"(?<=[{''.join(CN_DIGITS)}])干(?=[{''.join(CN_DIGITS)}{CN_ZEROS}百佰十拾]*(?:元|块|圆))")


def find_amounts(text: str) -> list[Fact]:
    """Money amounts with exact spans: 42000元, 4.2万元, 人民币贰万伍仟元整, ￥3,000, 1万块,
    五千块钱, $1,000,000, USD 5,000, 约一万元左右, 十多万元.

    A number counts as money only when a currency word is attached (人民币/￥/$/USD before it, or
    元/块钱/美元/dollars after it), so page numbers, article numbers, dates, phone and ID numbers
    never become amounts. value: int in the major unit (yuan, dollars) when integral, else Decimal.
    meta: unit (元, 美元, ...), currency (ISO code), approx, and when relevant ``qualifier``
    (the words making it approximate: 约, 多, 左右 — 多/余/几 mean "more than": the value is then a
    lower bound) and ``currency_assumed`` (bare $ is taken as USD, ¥ as CNY).
    Bare 块 without 钱 is money only from 10 up (or with 毛/角 after it: 3块5毛 = 3.5): 一块/两块
    are far more often "one piece" or "together".
    """
    norm = _LOOKALIKE_THOUSAND.sub("千", to_halfwidth(text))
    facts: list[Fact] = []
    for m in _AMOUNT_RE.finditer(norm):
        cur, unit_cn, unit_en = m.group("cur"), m.group("unit_cn"), m.group("unit_en")
        unit = unit_cn or (unit_en.lower() if unit_en else None)
        implied = False
        if not cur and not unit:
            if not _implied_yuan(norm, m):
                continue
            unit, implied = "元", True  # 还要我再给一万二 / 也投了三万多: spoken money, no 元
        if not cur and _continues_number(norm, m.start("num")):
            continue
        if not (unit or m.group("more") or m.group("scale")) and _number_continues_after(norm, m.end("num")):
            continue  # ￥3,0000: a broken grouping, not ￥3
        raw = m.group("num")
        if _is_digit_string(raw) and len(raw) > 1:
            continue  # 五五元 / 一二三元: no structured reading, do not guess
        if m.group("scale") and not raw.replace(",", "").replace(".", "").isdigit():
            continue
        value = parse_number(raw)
        if value is None:
            continue
        if m.group("mag"):
            value *= BIG_UNITS.get(m.group("mag")) or SMALL_UNITS[m.group("mag")]
        if m.group("scale"):
            value *= _SCALES[m.group("scale").lower()]
        if m.group("jiao") or m.group("fen"):
            if unit not in _YUAN_UNITS:
                continue
            if m.group("jiao"):
                value += _digit_value(m.group("jiao")) / 10
            if m.group("fen"):
                value += _digit_value(m.group("fen")) / 100
        if unit == "块" and value < 10 and not (m.group("jiao") or m.group("fen")):
            continue
        currency, assumed = _resolve_currency(cur, unit)
        qualifiers = [q for q in (m.group("pre"), m.group("more"), m.group("post")) if q]
        meta: dict[str, object] = {"unit": _MAJOR_UNIT_NAME[currency], "currency": currency,
                                   "approx": bool(qualifiers)}
        if qualifiers:
            meta["qualifier"] = [q.strip() for q in qualifiers]
        if assumed:
            meta["currency_assumed"] = True
        if implied:
            meta["unit_implied"] = True
        start, end = m.start(), m.end()
        facts.append(Fact(kind="amount", text=text[start:end], start=start, end=end,
                          value=_money_value(_canonical(value)), meta=meta))
    return facts


# -- English number words (contract terms: twelve (12) months; twelve monthly fees) ------------------
_ONES = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
NUMBER_WORD = (r"(?:(?:" + "|".join(sorted(_TENS, key=len, reverse=True)) + r")(?:[- ](?:"
               + "|".join(sorted((w for w in _ONES if _ONES[w] and _ONES[w] < 10), key=len, reverse=True))
               + r"))?|" + "|".join(sorted(_ONES, key=len, reverse=True))
               + r"|one hundred|a hundred|hundred)")


def english_number(words: str) -> int | None:
    """one → 1, twenty-four → 24, ninety → 90, one hundred → 100; None for anything else."""
    w = words.lower().strip().replace("-", " ")
    if w in ("one hundred", "a hundred", "hundred"):
        return 100
    parts = w.split()
    if len(parts) == 1:
        return _ONES.get(parts[0], _TENS.get(parts[0]))
    if len(parts) == 2 and parts[0] in _TENS and parts[1] in _ONES and 0 < _ONES[parts[1]] < 10:
        return _TENS[parts[0]] + _ONES[parts[1]]
    return None
