"""Quantities with their units: 18克, 38吨, 3瓶, 12车, 5公里左右, 60公里/小时, 138mg/100ml, 85天,
6个月, 五个人, 0.05%, 百分之三 — exact values, the unit in one canonical spelling, the span.

Money is ``find_amounts``'s job (元, 美元 …) and dates are ``find_dates``'s (9月4日, 2023年): a
numeral that belongs to either is never a quantity here. A unit is written one way in ``unit``
(公斤 and kg are 千克, km is 公里, 毫克/100毫升 is mg/100ml) so that two statements of the same
measure compare; different units are never converted into each other.

meta: unit (canonical), approx (左右, 多, 约 …), qualifier (those words), each (每车25吨: a per-unit
figure, "每" before it), ordinal (第3车: a position, not a quantity — such numerals are skipped).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from engine.text import SpanSet
from engine.text.normalize import to_halfwidth
from engine.text.numbers import ARABIC_PATTERN, CN_DIGITS, CN_ZEROS, SMALL_UNITS, BIG_UNITS, parse_number
from engine.types import Fact

# surface → canonical unit. Longest surfaces are tried first (公里/小时 before 公里, 个月 before 月).
UNITS: dict[str, str] = {
    # concentration, speed: compound units first
    "mg/100ml": "mg/100ml", "mg/100mL": "mg/100ml", "毫克/100毫升": "mg/100ml", "毫克/百毫升": "mg/100ml",
    "毫克每百毫升": "mg/100ml", "公里/小时": "公里/小时", "公里每小时": "公里/小时", "千米/小时": "公里/小时",
    "km/h": "公里/小时", "码": "公里/小时",
    # weight, volume, length
    "千克": "千克", "公斤": "千克", "kg": "千克", "克": "克", "g": "克", "斤": "斤", "吨": "吨",
    "毫升": "毫升", "ml": "毫升", "mL": "毫升", "升": "升",
    "公里": "公里", "千米": "公里", "km": "公里", "米": "米", "立方米": "立方米", "立方": "立方米", "m³": "立方米",
    "个方": "立方米",  # 18个方: a cubic metre as said (a bare 方 is a side: 双方, 三方)
    # time spans (a date's 年/月/日 is find_dates's: only spans here)
    "个小时": "小时", "小时": "小时", "个钟头": "小时", "钟头": "小时", "分钟": "分钟",
    "个工作日": "天", "工作日": "天", "天": "天", "个星期": "周", "星期": "周", "周": "周",
    "个月": "个月", "年": "年",
    # pieces and people
    "瓶": "瓶", "箱": "箱", "台": "台", "件": "件", "部": "部", "辆": "辆", "车": "车", "捆": "捆",
    "张": "张", "条": "条", "只": "只", "包": "包", "袋": "袋", "桶": "桶", "套": "套", "根": "根",
    "支": "支", "双": "双", "盒": "盒", "针": "针", "处": "处", "户": "户", "份": "份", "盘": "盘", "卷": "卷",
    "个人": "人", "人": "人", "名": "人", "位": "人", "个": "个", "次": "次", "笔": "笔", "回": "次", "趟": "次",
    "%": "%", "％": "%",
    # energy and power, area (not converted into each other: 度 is the kWh as said, 亩 is no 平方米)
    "千瓦时": "千瓦时", "kWh": "千瓦时", "度": "度", "千瓦": "千瓦", "kW": "千瓦",
    "平方米": "平方米", "平米": "平方米", "㎡": "平方米", "亩": "亩", "公顷": "公顷",
    # teaching hours, printed things, and the common measure words of things counted (not 层: 下面几层
    # 会员 says several levels, it asks none)
    "课时": "课时", "个课时": "课时", "学时": "课时", "册": "册", "本": "本", "页": "页", "种": "种", "项": "项",
    "间": "间", "粒": "粒", "片": "片", "颗": "颗", "枚": "枚", "头": "头", "棵": "棵", "株": "棵",  # (186株 are 186棵: one measure of trees)
    "匹": "匹",
    "艘": "艘", "架": "架", "幅": "幅", "杯": "杯", "碗": "碗", "罐": "罐", "倍": "倍", "级": "级",
    "桌": "桌", "盆": "盆", "单": "单", "局": "局", "节": "节",
}
# Characters after a unit that make it another word: 克服, 车辆 is fine but 车间 is not a count,
# 台湾, 年龄, 人民, 名字, 条件, 件事 (一件事 is a count: allowed), 部门, 张三 …
_NOT_UNIT_AFTER: dict[str, str] = {
    "克": "服制隆拉", "g": "a-zA-Z", "台": "湾阶上下面", "车": "间站库牌主道位厢头", "年": "龄级度代底初末前后中",
    "人": "民员家们工士", "名": "字单义称下", "条": "件例款约文", "部": "门分位长", "张": "开扬贴", "米": "饭面粉",
    "处": "理罚分长", "位": "置于子", "份": "额子", "支": "付持队出", "周": "岁边围年转", "件": "事",
    "个": "体人月", "升": "级高值", "斤": "两", "回": "来去家到", "天": "津", "包": "括含", "盒": "子",
    "盘": "点查问算子缠", "卷": "入起宗烟尺", "个方": "面向案法式便针位形子",
    # 度数 / 度过 / 度假, 本人 / 本来 / 本金, 间隔, 头发, 种类, 项目, 片面, 级别, 页面, 倍数
    "度": "数过日假", "本": "人身来地事金期月年息子科部质钱", "间": "断隔接谍", "头": "发脑部目上",
    "种": "类子植地族", "项": "目链", "片": "面刻区子", "级": "别", "页": "面", "倍": "数",
    "架": "子势", "杯": "子", "碗": "筷", "颗": "粒",
    # 桌子 / 桌面, 盆地 / 盆景, 单位 / 单价 / 单独, 局长 / 局面, 节日 / 节约 / 节目
    "桌": "子面布椅", "盆": "地景栽子", "单": "位价独子据元身据人", "局": "长面势部里", "节": "日约目省点假能奏气",
}
_UNIT_RE = re.compile("|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True)))
_CN_NUM = "".join(CN_DIGITS) + CN_ZEROS + "".join(SMALL_UNITS) + "".join(BIG_UNITS)
# 2.46万立方米 / 3万条: digits with a 万 or 亿 after them are one numeral (the value in full)
_NUMERAL = re.compile(rf"(?:{ARABIC_PATTERN})(?:万|亿)?|[{_CN_NUM}]+(?:点[{''.join(CN_DIGITS)}{CN_ZEROS}]+)?|半|两")
_PERCENT_WORDS = re.compile(rf"百分之(?P<num>(?:{ARABIC_PATTERN})|[{_CN_NUM}]+(?:点[{''.join(CN_DIGITS)}{CN_ZEROS}]+)?)")
# A hedge just before a figure (大约20公斤, 估计是21时45分): the figure is approximate. One list for
# quantities and clock times (engine/answer/casefile/time_between.py).
APPROX_BEFORE = re.compile(r"(?:大约|大概|大致|约莫|差不多|估计|将近|接近|约|近)(?:是|为|有|在)?$")
_POST_APPROX = re.compile(r"(?:左右|上下|出头|来|多一点|不到)")
_SPEED = re.compile(r"(?:时速|车速|速度)[^，。；\d]{0,5}$")
_MORE = re.compile(r"(?:多|余|来|几)")
# 每车25吨 / 每柜也是25吨 / 每箱都是24瓶 / 每辆车上坐两个人: a figure per piece of something
_EACH_BEFORE = re.compile(r"每[\u4e00-\u9fff]{1,2}?(?:上|里)?(?:都|也|各)?(?:是|为|有|约|坐|装|拉|载|放)?$")


def unit_words(units: Iterable[str]) -> str:
    """A regex of the given unit surfaces (longest first), each refusing the characters after it that
    make it another word (多少本金 asks no 本, 几个月 is 个月): how a question's 多少X is read as a unit."""
    return "|".join(re.escape(u) + (f"(?![{_NOT_UNIT_AFTER[u]}])" if u in _NOT_UNIT_AFTER else "")
                    for u in sorted(units, key=len, reverse=True))


def _value(raw: str) -> Decimal | None:
    if raw == "半":
        return Decimal("0.5")
    return parse_number(raw)


def find_quantities(text: str, *, money: list[Fact] | None = None, dates: list[Fact] | None = None) -> list[Fact]:
    """Quantities in ``text`` (module doc). ``money`` / ``dates``: the amounts and dates already
    found in it (read here when not given), whose numerals are theirs."""
    from engine.text.dates import find_dates
    from engine.text.numbers import find_amounts

    norm = to_halfwidth(text)
    taken = SpanSet()
    for fact in (find_amounts(text) if money is None else money) + (find_dates(text) if dates is None else dates):
        taken.add(fact.start, fact.end)
    found: list[Fact] = []
    for m in _PERCENT_WORDS.finditer(norm):
        value = _value(m.group("num"))
        if value is not None and taken.add(m.start(), m.end()):
            found.append(_fact(text, m.start(), m.end(), value, "%", norm))
    for m in _NUMERAL.finditer(norm):
        start, end = m.start(), m.end()
        more = _MORE.match(norm, end)
        unit_at = more.end() if more else end
        unit = _UNIT_RE.match(norm, unit_at)
        if unit is None:
            continue
        surface = unit.group(0)
        after = norm[unit.end():unit.end() + 1]
        if after and surface in _NOT_UNIT_AFTER and re.match(f"[{_NOT_UNIT_AFTER[surface]}]", after):
            continue
        if surface == "度" and not m.group(0)[0].isdigit() and after and re.match(r"[\u4e00-\u9fff]", after) \
                and after not in "电的":
            continue  # 一度想放弃 (once): 三万二千度 stands before 电 or the clause's end
        if surface.isascii() and surface.isalpha() and after.isascii() and after.isalpha():
            continue  # 5kgs, 3km2: not ours
        if start > 0 and norm[start - 1] in "第" or norm[max(0, start - 1):start] in ("-", "."):
            continue  # 第3车: a position
        if start > 0 and (norm[start - 1].isdigit() or norm[start - 1] in _CN_NUM and m.group(0) != "半"):
            continue
        value = _value(m.group(0))
        if value is None or (UNITS[surface] == "年" and (value >= 100 or "." in m.group(0))):
            continue  # 2023年 is a date, not three years
        if not taken.add(start, unit.end()):
            continue
        canonical = UNITS[surface]
        if canonical == "公里" and _SPEED.search(norm, max(0, start - 8), start):
            canonical = "公里/小时"  # 时速六十公里: a speed written with the distance unit
        fact = _fact(text, start, unit.end(), value, canonical, norm, bool(more))
        found.append(fact)
    return sorted(found, key=lambda f: f.start)


def _fact(text: str, start: int, end: int, value: Decimal, unit: str, norm: str, more: bool = False) -> Fact:
    qualifiers = []
    pre = APPROX_BEFORE.search(norm, max(0, start - 4), start)
    if pre and pre.end() == start:
        qualifiers.append(pre.group(0))
    post = _POST_APPROX.match(norm, end)
    if post:
        qualifiers.append(post.group(0))
    if more:
        qualifiers.append("多")
    each = norm[max(0, start - 2):start].endswith(("每", "每个")) or bool(
        _EACH_BEFORE.search(norm[max(0, start - 8):start]))
    meta: dict[str, object] = {"unit": unit, "approx": bool(qualifiers), "each": each}
    if qualifiers:
        meta["qualifier"] = qualifiers
    return Fact(kind="quantity", text=text[start:end], start=start, end=end,
                value=value if value != value.to_integral_value() else Decimal(int(value)), meta=meta)
