"""How answers word values: quotes, counts and amounts. One place, shared by every composer, so
that the verifier's rules (every Arabic numeral of a conclusion comes from the evidence or a shown
calculation) hold for all of them."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from engine.text.numbers import to_chinese
from engine.text.segments import flat

if TYPE_CHECKING:  # a runtime import would load the case-file package, which imports this module
    from engine.answer.casefile.facts.model import Value

# How a version of a fact told several times is named beside it (…E2称八千（最新陈述）): the later telling is
# named as such, never silently chosen.
LATEST = "最新陈述"
EARLIEST = "最初陈述"


def version_note(latest: bool, earliest: bool = False) -> str:
    """（最新陈述） / （最初陈述） / '' — the note a version is shown with."""
    return f"（{LATEST}）" if latest else f"（{EARLIEST}）" if earliest else ""


CURRENCY_UNITS = {"CNY": "元", "USD": "美元", "EUR": "欧元", "HKD": "港元", "GBP": "英镑", "JPY": "日元"}


def quoted(text: str) -> str:
    """「…」 around the display form of a quote (line breaks joined, trailing commas dropped)."""
    return f"「{flat(text).rstrip('，、：,:;； ')}」"


def chinese_count(n: int) -> str:
    """Counts in the composer's own words are written in Chinese numerals, so that every Arabic
    numeral in a conclusion comes from the evidence (the verifier checks exactly that)."""
    return to_chinese(n)


def as_decimal(value: Any) -> Decimal | None:
    if isinstance(value, Decimal):
        return value
    if isinstance(value, (int, float, str)):
        try:
            return Decimal(str(value).replace(",", ""))
        except InvalidOperation:
            from engine.text.numbers import parse_number

            return parse_number(str(value))
    return None


def plain_number(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral_value() else format(value.normalize(), "f")


def money(value: Any, currency: str | None = "CNY") -> str:
    """An amount in normalised digits with its unit (元 unless the evidence says otherwise)."""
    number = as_decimal(value)
    if number is None:
        return str(value)
    unit = CURRENCY_UNITS.get(currency or "CNY")
    return f"{plain_number(number)}{unit}" if unit else f"{plain_number(number)} {currency}"


def said_amount(surface: str, value: Any, currency: str | None = "CNY") -> str:
    """The source's own words for an amount, plus the normalised value when they differ
    (壹万叁仟元 → 壹万叁仟元（即13000元））."""
    surface = flat(surface)
    normal = money(value, currency)
    return surface if surface.replace(",", "") == normal else f"{surface}（即{normal}）"


def said_figure(amount: Value, currency: str | None = "CNY") -> str:
    """A figure as said, its digits beside the words (三万五千元（即35000元）), marked when approximate
    unless its own words already say so (约三万元)."""
    text = said_amount(amount.text, amount.value, currency)
    return f"{text}（约数）" if amount.approx and "约" not in text else text
