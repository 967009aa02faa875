"""Personal information in case material: find it, grade it, mask it.

Types (meta "type"):
  id_card    18-digit PRC resident ID: province code, a real birth date, and the ISO 7064 MOD 11-2
             check digit (X allowed). A number with the right shape but a wrong check digit is still
             reported (meta checksum_ok=False): a mistyped ID still identifies a person and must be
             masked. OCR's × for the check character X counts as X. After an ID label
             (身份证号码, 公民身份号码, 证件号码 …) any run of 14-19 digits (X/× allowed) is an ID
             too (meta labelled=True): a misread digit, an unread check character, a 15-digit
             pre-1999 ID. Unlabelled 15-digit IDs have no check digit and are not looked for.
  bank_card  16-19 digits passing the Luhn check (spaces/dashes in groups of four allowed), or any
             10-25 digit number right after 卡号/银行卡/账号/账户 (meta luhn tells which).
  mobile     mainland mobile 1[3-9]xxxxxxxxx, optional +86/86, spaces or dashes as 3-4-4.
  email      the usual local@domain.tld.
  wechat     an ID (letter first, 6-20 of letters/digits/_/-) after 微信号/微信/WeChat/wx/vx labels.
  plate      a vehicle licence plate: a province's one-character name, a letter, then five or six
             letters and digits with at least one digit (皖N5T2K7, 粤B·D12345): it names its owner.
             A phone number after 微信 stays a mobile.
  address    the value after 住址/地址/户籍地/住所/现住/家住/住在... labels, cut at the next field or
             sentence word and at its last address word, with two address words at least
             (上海市浦东新区, 珞喻路100号); or a standalone 省/市-prefixed run ending in a house
             number (…路100号, …3栋2单元301室), its place name delimited with jieba's dictionary.

pii_level: "high" when an id_card or bank_card is present (they enable identity theft and fraud on
their own; PIPL treats ID numbers and financial accounts as sensitive), "low" for mobile, email,
wechat, address or plate, "none" otherwise.

mask_text keeps the length of every span (spans computed on the original stay valid):
  id_card   4201**********3414 (first 4, last 4)      mobile   138****5678 (+86 and separators kept)
  bank_card 6222 **** **** 1234 (first 4, last 4 digits; separators kept)
  email     z******@example.com (first character of the local part, domain kept)
  wechat    zh********8 (first 2 and last 1 kept)
  plate     皖N****7 (province, letter and the last character kept)
  address   湖北省武汉市********* (province/city prefix kept, the rest masked)
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.text import SpanSet
from engine.text.folding import DASHES, ZERO_WIDTH, digits_joined, has_digit_noise, without_zero_width
from engine.text.lines import joined_view
from engine.text.normalize import to_halfwidth
from engine.text.tokenize import word_frequency
from engine.types import Fact

MASK = "*"
HIGH_RISK_TYPES = frozenset({"id_card", "bank_card"})
LOW_RISK_TYPES = frozenset({"mobile", "email", "wechat", "address", "plate"})

# GB/T 2260 province-level codes: the first two digits of every resident ID.
_PROVINCE_CODES = frozenset({
    11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46,
    50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82})
_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"

# The check character X is read by OCR as the multiplication sign × (seen on RapidOCR output of a
# check character alone on a wrapped line); it is taken as X. A check letter wrapped onto its own
# line comes back from the line-joining rule (engine/text/lines.py) after a space: "…5003 X".
_CHECK = r"(?:[\dXx×]|[ ][Xx×])"
_ID_RE = re.compile(rf"(?<![0-9A-Za-z])\d{{17}}{_CHECK}(?![0-9A-Za-z])")
# An ID after its label is personal data even when it is not a well-formed ID: a misread or
# mistyped digit, a check character OCR could not read, an old 15-digit number.
_ID_LABEL_RE = re.compile(r"(?:公民身份号码|身份证号码|身份证号|身份号码|身份证|证件号码|证件号)(?:为|是|:)?[ ]?"
                          r"(?P<num>\d[\dXx×]{13,18}(?:[ ][Xx×])?)(?![0-9A-Za-z])")
_CARD_RE = re.compile(r"(?<![0-9A-Za-z])(?:\d{16,19}|\d{4}(?:[ -]\d{4}){3}(?:[ -]\d{1,3})?)(?![0-9A-Za-z])")
_ACCOUNT_RE = re.compile(
    r"(?<![Qq信箱号])(?:银行卡号|银行卡|卡号|银行账号|账号|帐号|银行账户|账户|帐户)(?:为|是|:)?[ ]?"
    r"(?P<num>\d(?:[ -]?\d){9,24})(?![0-9A-Za-z])")
_MOBILE_RE = re.compile(
    r"(?<![0-9A-Za-z+])(?:\+?86[ -]?)?1[3-9]\d(?:[ -]?\d{4}){2}(?![0-9A-Za-z])(?![元块万亿])")
_EMAIL_RE = re.compile(r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_WECHAT_RE = re.compile(
    r"(?:微信号|微信|(?i:wechat(?: id)?|weixin|vx|wx))(?![A-Za-z])(?:号)?(?:为|是|:)?[ ]?"
    r"(?P<id>[A-Za-z][-_A-Za-z0-9]{5,19})(?![-_A-Za-z0-9])")
_PLATE_RE = re.compile(r"(?<![A-Za-z0-9])[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼]"
                       r"[A-HJ-NP-Z][·•・ -]?(?=[A-HJ-NP-Z]*\d)[A-HJ-NP-Z0-9]{5,6}(?![A-Za-z0-9])")
_ADDRESS_LABEL_RE = re.compile(
    r"(?:户籍所在地|户籍地址|户籍地|家庭住址|家庭地址|现住址|住址|地址|住所地|住所|居住地|暂住地|现住|"
    r"(?<![回在])家住|居住在|住在|住于)(?:为|是|在|于)?[:]?[ ]?(?P<addr>[^\s,。;、()“”\"]{3,60})")
# A labelled value is an address only when an administrative or street word comes early...
_ADDRESS_START_RE = re.compile(r"^[^,。;]{0,8}?(?:省|自治区|市|区|县|镇|乡|村|路|街|道|巷|弄)")
# ...and it ends at its last address word: 中山路东七巷13号孙某对… → 中山路东七巷13号.
_ADDRESS_WORDS = "号楼|号|室|栋|幢|单元|楼|层|村|组|小区|社区|大厦|花园|公寓|路|街|道|巷|弄|区|县|镇|乡|市|省|自治区"
_ADDRESS_LAST_WORD_RE = re.compile(rf".*(?:{_ADDRESS_WORDS})")
_ADDRESS_WORD_RE = re.compile(_ADDRESS_WORDS)
# Standalone: 湖北省/武汉市 ... ending in a house number (not 第2016N0728号, a document number).
_ADMIN_RE = re.compile(r"省|自治区|市")
_STANDALONE_TAIL_RE = re.compile(
    r"[\u4e00-\u9fffA-Za-z0-9#-]{0,40}?(?<![第\d])\d+号(?:(?:\d+|[一二三四五六七八九十]+)(?:栋|幢|号楼|楼|单元|层|室|号))*")
# Words that show the run is a sentence, not an address: 钦州市某某公司开发建设的位于…, 作出第…号.
_NOT_ADDRESS_RE = re.compile(r"的|位于|作出|出具|委托|字第|公安局|法院|检察院")
_CITY_PREFIX_RE = re.compile(r"^(?:[^省市区县]{2,8}?(?:省|自治区))?(?:[^省市区县]{2,8}?市)?")


def id_card_checksum_ok(number: str) -> bool:
    """ISO 7064 MOD 11-2 check digit of an 18-character PRC ID (X = 10)."""
    if not re.fullmatch(r"\d{17}[\dXx]", number):
        return False
    total = sum(int(d) * w for d, w in zip(number[:17], _ID_WEIGHTS))
    return _ID_CHECK[total % 11] == number[17].upper()


def id_card_shape_ok(number: str) -> bool:
    """Province code and a real birth date (1900-2099): the parts that do not depend on the check digit."""
    if not re.fullmatch(r"\d{17}[\dXx]", number) or int(number[:2]) not in _PROVINCE_CODES:
        return False
    year, month, day = int(number[6:10]), int(number[10:12]), int(number[12:14])
    return (1900 <= year <= 2099 and 1 <= month <= 12
            and 1 <= day <= calendar.monthrange(year, month)[1])


def luhn_ok(digits: str) -> bool:
    """The Luhn (mod 10) check used by bank cards; separators are ignored."""
    ds = [int(ch) for ch in digits if ch.isdigit()]
    if len(ds) < 2:
        return False
    total = 0
    for i, d in enumerate(reversed(ds)):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


# Inside a labelled value, where the address has certainly ended: the next field's label, a year
# (2020年, not the 年 of 青年路), money, or sentence words (的, 变更为...).
_ADDRESS_END_RE = re.compile(r"联系电话|电话|手机|身份证|邮编|邮政编码|变更|的|\d{4}年|\d+(?:\.\d+)?万?元")
_ADDRESS_LEAD = "由从在于为是"


def _trim_address_value(value: str) -> tuple[int, str]:
    """(offset, value): the run stops at punctuation; cut it earlier where the next field starts
    and drop a leading preposition (地址由…, 住所地在…)."""
    m = _ADDRESS_END_RE.search(value, 1)
    value = value[:m.start()] if m else value
    stripped = value.lstrip(_ADDRESS_LEAD)
    return len(value) - len(stripped), stripped


def _place_name_start(norm: str, marker_start: int, marker: str) -> int | None:
    """Where the place name before 省/市/自治区 starts: the longest known word (武汉, 石家庄,
    广西壮族) ending right there, so 判令北京市 gives 北京 rather than 判令北京."""
    for length in range(6, 1, -1):
        start = marker_start - length
        head = norm[start:marker_start]
        if start >= 0 and all("\u4e00" <= ch <= "\u9fff" for ch in head) \
                and (word_frequency(head + marker) or word_frequency(head)):
            return start
    return None


def _standalone_addresses(norm: str) -> Iterable[tuple[int, int]]:
    for admin in _ADMIN_RE.finditer(norm):
        tail = _STANDALONE_TAIL_RE.match(norm, admin.end())
        if not tail or _NOT_ADDRESS_RE.search(tail.group()):
            continue
        start = _place_name_start(norm, admin.start(), admin.group())
        # No known place name (本市江宁区…): the address proper starts after the marker.
        yield (start if start is not None else admin.end()), tail.end()


def _candidates(norm: str) -> list[tuple[int, int, int, dict[str, object]]]:
    """(priority, start, end, meta): lower priority number wins an overlap."""
    out: list[tuple[int, int, int, dict[str, object]]] = []
    for m in _ID_RE.finditer(norm):
        number = m.group().replace("×", "X").replace(" ", "")
        if id_card_checksum_ok(number) and id_card_shape_ok(number):
            out.append((0, m.start(), m.end(), {"type": "id_card", "checksum_ok": True}))
        elif id_card_shape_ok(number) and not luhn_ok(number):
            out.append((3, m.start(), m.end(), {"type": "id_card", "checksum_ok": False}))
    for m in _ID_LABEL_RE.finditer(norm):
        out.append((3, m.start("num"), m.end("num"), {"type": "id_card", "checksum_ok": False,
                                                      "labelled": True}))
    for m in _CARD_RE.finditer(norm):
        if luhn_ok(m.group()):
            out.append((1, m.start(), m.end(), {"type": "bank_card", "luhn": True}))
    for m in _ACCOUNT_RE.finditer(norm):
        out.append((2, m.start("num"), m.end("num"),
                    {"type": "bank_card", "luhn": luhn_ok(m.group("num")), "labelled": True}))
    for m in _MOBILE_RE.finditer(norm):
        out.append((4, m.start(), m.end(), {"type": "mobile"}))
    for m in _EMAIL_RE.finditer(norm):
        out.append((5, m.start(), m.end(), {"type": "email"}))
    for m in _WECHAT_RE.finditer(norm):
        out.append((6, m.start("id"), m.end("id"), {"type": "wechat"}))
    for m in _PLATE_RE.finditer(norm):
        out.append((6, m.start(), m.end(), {"type": "plate"}))
    for m in _ADDRESS_LABEL_RE.finditer(norm):
        offset, value = _trim_address_value(m.group("addr"))
        last = _ADDRESS_LAST_WORD_RE.match(value)
        # two address words at least (上海市浦东新区, 三楼30号): 在本市 alone is no address
        if _ADDRESS_START_RE.match(value) and last and len(_ADDRESS_WORD_RE.findall(last.group())) >= 2:
            start = m.start("addr") + offset
            out.append((7, start, start + last.end(), {"type": "address", "labelled": True}))
    for start, end in _standalone_addresses(norm):
        out.append((8, start, end, {"type": "address", "labelled": False}))
    return out


def find_pii(text: str) -> list[Fact]:
    """Personal information with exact spans; kind="pii", value the verbatim string, meta["type"].

    A PDF wraps long numbers: an ID whose first ten digits end one line and last eight start the
    next is one ID. Detection therefore also runs on the text with its line breaks joined
    (engine/text/lines.py), and such a span maps back to the original, line break included
    (meta wrapped=True). Lines are scanned as they are too: two phone numbers on consecutive
    lines must not merge into one 22-digit non-match.

    People also write numbers in groups (110102 19760304 5626, 6222-0212-3456-7890-123), with
    full-width digits or with zero-width characters inside; a third scan reads the text with
    those gaps dropped (engine/text/folding.py) and maps what it finds back over the gaps (meta
    grouped=True). It keeps only values that stand on their own there — a valid ID, a Luhn card
    or a mobile in groups of three or more digits, or a labelled number — so dates and amounts
    written next to each other never join into one.
    """
    norm = to_halfwidth(text)
    candidates = _candidates(norm)
    seen = {(priority, start, end) for priority, start, end, _ in candidates}
    if "\n" in text:
        view, where = joined_view(norm, tight=True)
        for priority, start, end, meta in _candidates(view):
            o_start, o_end = where[start], where[end - 1] + 1
            if "\n" in norm[o_start:o_end]:
                candidates.append((priority, o_start, o_end, {**meta, "wrapped": True}))
            elif (priority, o_start, o_end) not in seen:  # a label wrapped (账\n号：6222…)
                candidates.append((priority, o_start, o_end, meta))
    if has_digit_noise(norm):
        joined = digits_joined(norm)
        for priority, start, end, meta in _candidates(joined.text):
            o_start, o_end = joined.source_span(start, end)
            if o_end - o_start != end - start and _stands_alone(norm[o_start:o_end], meta):
                extra = {"wrapped": True} if "\n" in norm[o_start:o_end] else {}
                candidates.append((priority, o_start, o_end, {**meta, **extra, "grouped": True}))
    chosen: list[tuple[int, int, dict[str, object]]] = []
    taken = SpanSet()
    for _, start, end, meta in sorted(candidates, key=lambda c: (c[0], c[1] - c[2])):
        if taken.add(start, end):
            chosen.append((start, end, meta))
    return [Fact(kind="pii", text=text[s:e], start=s, end=e, value=text[s:e], meta=meta)
            for s, e, meta in sorted(chosen, key=lambda c: c[0])]


_DIGIT_RUN_RE = re.compile(r"[0-9]+")
# How people group a mobile's eleven digits (138 1234 5678, 1381 234 5678, 138-12345678, 1381234-5678); an equation's
# figures (180392 - 20000) or an amount beside a number are grouped otherwise.
_MOBILE_GROUPS = frozenset({(3, 4, 4), (4, 3, 4), (3, 8), (7, 4)})


def _stands_alone(written: str, meta: dict[str, object]) -> bool:
    """Whether a value found with the gaps between digits dropped was written as one value: its
    digit groups (zero-width characters do not separate groups) are those of an ID, a card or a
    phone, not of two dates or an amount next to a number."""
    if meta.get("labelled"):
        return True  # 账号：6222 0212 3456 7890 123 — the label says what the digits are
    unseen = without_zero_width(written).text
    if not has_digit_noise(unseen):
        return True  # only invisible characters were inside
    groups = [len(run) for run in _DIGIT_RUN_RE.findall(unseen)]
    if meta["type"] == "id_card":
        return bool(meta.get("checksum_ok")) and min(groups) >= 2  # a well-formed ID, in any grouping
    if meta["type"] == "mobile":
        national = groups[1:] if unseen.lstrip("+").startswith("86") and groups[0] == 2 else groups
        return tuple(national) in _MOBILE_GROUPS
    if meta["type"] == "bank_card":
        # groups of four (the last may be shorter) or 6+13; never thousands (1 234 567 …)
        return min(groups[:-1]) >= 3 and not all(g == 3 for g in groups[1:])
    return False  # an address or a name only found by joining 4-5楼 into 45楼 is not one


def widen_to_pii(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) grown so that it never cuts a piece of personal data in two: a quote that ends
    mid-ID would otherwise carry an unrecognisable (and so unmasked) part of it."""
    for fact in find_pii(text):
        if fact.start < start < fact.end:
            start = fact.start
        if fact.start < end < fact.end:
            end = fact.end
    return start, end


_SPLIT_REACH = 72  # further than any value reaches from a cut: an address is at most 60 characters


def splits_pii(text: str, at: int) -> bool:
    """Whether cutting ``text`` at ``at`` would split a piece of personal data in two. Only the
    characters within reach of ``at`` are scanned, so a chunker can ask at every candidate cut."""
    lo = max(0, at - _SPLIT_REACH)
    return any(f.start < at - lo < f.end for f in find_pii(text[lo:at + _SPLIT_REACH]))


def pii_level(facts: Iterable[Fact]) -> str:
    """"high" with an ID or bank card, "low" with other personal data, else "none"."""
    types = {f.meta.get("type") for f in facts if f.kind == "pii"}
    if types & HIGH_RISK_TYPES:
        return "high"
    if types & LOW_RISK_TYPES:
        return "low"
    return "none"


def _mask_digits(s: str, keep_first: int, keep_last: int) -> str:
    positions = [i for i, ch in enumerate(s) if ch.isdigit()]
    hidden = set(positions[keep_first:len(positions) - keep_last])
    return "".join(MASK if i in hidden else ch for i, ch in enumerate(s))


def _mask_mobile(s: str) -> str:
    digits = [i for i, ch in enumerate(s) if ch.isdigit()]
    national = digits[-11:]  # drop the 86 country code from the count
    hidden = set(national[3:7])
    return "".join(MASK if i in hidden else ch for i, ch in enumerate(s))


def mask_value(value: str, pii_type: str) -> str:
    """The masked form of one PII string; always the same length as ``value``."""
    if pii_type == "id_card":
        return value[:4] + MASK * max(0, len(value) - 8) + value[-4:] if len(value) > 8 else MASK * len(value)
    if pii_type == "bank_card":
        return _mask_digits(value, 4, 4)
    if pii_type == "mobile":
        return _mask_mobile(value)
    if pii_type == "email":
        local, _, domain = value.partition("@")
        return local[:1] + MASK * (len(local) - 1) + "@" + domain
    if pii_type == "wechat":
        return value[:2] + MASK * max(0, len(value) - 3) + value[-1:] if len(value) > 3 else MASK * len(value)
    if pii_type == "plate":
        return value[:2] + "".join(MASK if ch.isalnum() else ch for ch in value[2:-1]) + value[-1:]
    if pii_type == "address":
        keep = len(_CITY_PREFIX_RE.match(to_halfwidth(value)).group())  # type: ignore[union-attr]
        return value[:keep] + "".join(ch if ch.isspace() else MASK for ch in value[keep:])
    return MASK * len(value)


# Inside one value, whitespace and zero-width characters are never part of it, nor are the dashes
# between its digit groups: it is masked as the value they spell, and they stay where they were.
_NOT_IN_VALUE_RE = re.compile(rf"\s+|[{ZERO_WIDTH}]+")


def _mask_verbatim(value: str, pii_type: str) -> str:
    """``mask_value`` of a span as written — over line breaks, in digit groups, with zero-width
    characters inside: masked as the value it spells, everything else kept in place."""
    spelt = digits_joined(value).dropping(_NOT_IN_VALUE_RE)
    if len(spelt.text) == len(value):
        return mask_value(value, pii_type)
    chars = list(value)
    for ch, i in zip(mask_value(spelt.text, pii_type), spelt.where):
        if ch == MASK:
            chars[i] = MASK
    return "".join(chars)


def mask_text(text: str, facts: Iterable[Fact]) -> str:
    """``text`` with every PII fact masked in place (same length; other facts are ignored).

    The facts must come from this very text: a span that does not hold its fact's text is a bug
    upstream and raises ValueError instead of masking the wrong characters.
    """
    chars = list(text)
    for f in facts:
        if f.kind != "pii":
            continue
        if text[f.start:f.end] != f.text:
            raise ValueError(f"PII fact span [{f.start}, {f.end}) does not hold {f.text!r}")
        chars[f.start:f.end] = _mask_verbatim(f.text, str(f.meta.get("type")))
    return "".join(chars)


_MIN_CONTEXT = 2  # characters around a line piece that must match where it is found again


@dataclass(frozen=True)
class WrappedPiece:
    """One line of a wrapped PII span, with the context that must surround it where found again."""
    pattern: re.Pattern
    hidden: str
    needs_left_boundary: bool  # no context before it: it must not be the tail of a longer number


def wrapped_pieces(sources: Iterable[str]) -> list[WrappedPiece]:
    """The line pieces of every wrapped PII span in ``sources`` (see ``mask_fragments``)."""
    pieces: list[WrappedPiece] = []
    for source in sources:
        if "\n" not in source:
            continue
        for fact in find_pii(source):
            if "\n" not in fact.text:
                continue
            masked = _mask_verbatim(fact.text, str(fact.meta.get("type")))
            for piece in re.finditer(r"\S+", fact.text):
                clear, hidden = piece.group(), masked[piece.start():piece.end()]
                if clear == hidden:
                    continue
                start, end = fact.start + piece.start(), fact.start + piece.end()
                before = source[max(0, start - _MIN_CONTEXT):start] if piece.start() == 0 else ""
                after = source[end:end + _MIN_CONTEXT] if piece.end() == len(fact.text) else ""
                pattern = re.compile(re.escape(before) + f"({re.escape(clear)})" + re.escape(after)
                                     + ("" if after else r"(?![0-9A-Za-z])"))
                pieces.append(WrappedPiece(pattern, hidden, needs_left_boundary=not before))
    return pieces


def mask_fragments(text: str, pieces: Iterable[WrappedPiece]) -> str:
    """``text`` with every line piece of a wrapped PII span masked where it occurs.

    Text built from a quote (a conclusion, a panel note, a summary point) can hold one line of a
    wrapped ID — "身份证号码3301831983" — which no detector recognises on its own. Each piece is
    looked for with the characters next to it on the side away from the break (the label before
    a first piece, the text after a last one), so an amount that happens to share digits with an
    ID elsewhere is never touched.
    """
    chars = list(text)
    for piece in pieces:
        for m in piece.pattern.finditer(text):
            left = text[m.start(1) - 1] if m.start(1) > 0 else ""
            if piece.needs_left_boundary and left.isascii() and left.isalnum():
                continue  # the piece is the tail of a longer number or word
            chars[m.start(1):m.end(1)] = piece.hidden
    return "".join(chars)


_REPEAT_MIN_CHARS = 6  # shorter values (none of the types has one) would hit ordinary words
# What may sit between the characters of a repeated value: a grouping space, a line break, a dash,
# an invisible character.
_REPEAT_GAP = rf"[\s{re.escape(DASHES)}{ZERO_WIDTH}]{{0,3}}"


def _spelling(value: str) -> str:
    """The characters a value is made of, however it was written (the key of ``KnownValues``)."""
    return digits_joined(value).dropping(_NOT_IN_VALUE_RE).text.lower()


@dataclass(frozen=True)
class KnownValues:
    """Personal data found in some texts (an answer's evidence), to be masked wherever a text built
    from them repeats it: a model that copies an account number without its 账号 label, a 19-digit
    number that fails the Luhn check, an ID regrouped or with its line break gone is no longer
    recognisable on its own, but it is still the value the evidence holds."""

    pattern: re.Pattern | None
    types: dict[str, str]  # spelling → PII type


def known_values(facts: Iterable[Fact]) -> KnownValues:
    types: dict[str, str] = {}
    for fact in facts:
        if fact.kind == "pii" and len(_spelling(fact.text)) >= _REPEAT_MIN_CHARS:
            types.setdefault(_spelling(fact.text), str(fact.meta.get("type")))
    if not types:
        return KnownValues(None, {})
    alternatives = []
    for spelling in sorted(types, key=len, reverse=True):  # longest first: a number inside an address
        body = _REPEAT_GAP.join(re.escape(ch) for ch in spelling)
        before = r"(?<![0-9A-Za-z])" if spelling[0].isascii() and spelling[0].isalnum() else ""
        after = r"(?![0-9A-Za-z])" if spelling[-1].isascii() and spelling[-1].isalnum() else ""
        alternatives.append(before + body + after)
    return KnownValues(re.compile("|".join(alternatives), re.IGNORECASE), types)


def mask_known(text: str, known: KnownValues) -> str:
    """``text`` with every repeat of a known value masked as that value's type would be."""
    if known.pattern is None:
        return text
    chars: list[str] | None = None
    for match in known.pattern.finditer(to_halfwidth(text)):
        pii_type = known.types.get(_spelling(match.group()))
        if pii_type is None:
            continue
        chars = chars if chars is not None else list(text)
        chars[match.start():match.end()] = _mask_verbatim(text[match.start():match.end()], pii_type)
    return text if chars is None else "".join(chars)


def mask_pii(text: str, pieces: Iterable[WrappedPiece] = (), known: KnownValues | None = None) -> str:
    """``text`` with its own personal data masked and, given the ``wrapped_pieces`` and the
    ``known_values`` of the texts it was built from, every line piece of a wrapped value and every
    repeat of a value of theirs too: what a masked view shows."""
    masked = mask_text(text, find_pii(text))
    if known is not None:
        masked = mask_known(masked, known)
    return mask_fragments(masked, pieces)
