"""Law rank (效力层级): 宪法 > 法律 > 行政法规 > 地方性法规 / 部门规章 > 地方政府规章 …

Inferred from the title and from the issuer named in the header (the promulgation lines between the
title and the first article: "国务院令第406号公布", "最高人民法院审判委员会…通过", "…省人民代表大会
常务委员会…通过"), because titles alone are ambiguous: a 规定 can be the State Council's (行政法规),
a ministry's (部门规章) or the Supreme People's Court's (司法解释). An operator can override the
inferred rank per title (``StatuteSettings.rank_overrides``), since some instruments (e.g. a 决定
of the NPC Standing Committee on a legal question) are classified by convention, not by form.

``level`` orders ranks for 上位法优于下位法: a smaller level is the higher law. Ranks that share a
level (地方性法规 and 部门规章; 司法解释 and 行政法规) are not above one another: the 立法法 sends such
conflicts to an authority instead of deciding them by rank, so no rank hint is given for them.
"""

from __future__ import annotations

import re
from enum import Enum


class LawRank(str, Enum):
    CONSTITUTION = "宪法"
    LAW = "法律"
    JUDICIAL_INTERPRETATION = "司法解释"
    ADMINISTRATIVE_REGULATION = "行政法规"
    SUPERVISORY_REGULATION = "监察法规"
    LOCAL_REGULATION = "地方性法规"
    DEPARTMENTAL_RULE = "部门规章"
    LOCAL_GOVERNMENT_RULE = "地方政府规章"
    UNKNOWN = "层级未识别"  # no issuer in the header and a title that does not tell

    @property
    def level(self) -> int:
        return _LEVELS[self]


_LEVELS = {
    LawRank.CONSTITUTION: 0,
    LawRank.LAW: 1,
    # Judicial interpretations apply the law they interpret and bind courts like it, but they are
    # not legislation; placed with 行政法规 so a statute outranks them and they are not compared
    # with regulations.
    LawRank.JUDICIAL_INTERPRETATION: 2,
    LawRank.ADMINISTRATIVE_REGULATION: 2,
    LawRank.SUPERVISORY_REGULATION: 2,
    LawRank.LOCAL_REGULATION: 3,
    LawRank.DEPARTMENTAL_RULE: 3,
    LawRank.LOCAL_GOVERNMENT_RULE: 4,
    LawRank.UNKNOWN: 5,
}

_PROVINCES = ("北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|湖南|"
              "广东|海南|四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古|广西|西藏|宁夏|新疆|香港|澳门")
# A province-level name, or a city/prefecture named before 市/自治州 (深圳市, 延边朝鲜族自治州).
_REGION = (rf"(?:(?:{_PROVINCES})(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)?"
          r"|[\u4e00-\u9fff]{2,3}市(?=人民)"
          r"|[\u4e00-\u9fff]{2,8}(?:自治州|自治县))")
_LOCAL_TITLE = re.compile(rf"^{_REGION}")
_COURT = re.compile(r"^(?:最高人民法院|最高人民检察院)|^关于.*(?:适用法律|具体应用法律).*(?:解释|规定)")
_NPC_DECISION = re.compile(r"^全国人民代表大会(?:常务委员会)?关于")
_SUPERVISORY = re.compile(r"国家监察委员会")
# 政务院: the State Council's name before 1954.
_STATE_COUNCIL_ISSUER = re.compile(r"(?:国务院|政务院)(?:、[^令]{0,20})?令|(?:国务院|政务院)(?:批准|发布|公布)")
_NPC_ISSUER = re.compile(r"全国人民代表大会")
_LOCAL_CONGRESS_ISSUER = re.compile(rf"{_REGION}人民代表大会")
_LOCAL_GOVERNMENT_ISSUER = re.compile(rf"{_REGION}人民政府令")
_MINISTRY_ISSUER = re.compile(r"(?:部|委员会|总局|总署|局|银行|办公厅)(?:令|第\d+号令|发布|公布)"
                             r"|(?:部务|室务|局务|委务|署务|行务)会议")
_COURT_ISSUER = re.compile(r"最高人民法院|最高人民检察院")


def infer_rank(title: str, header: str = "") -> LawRank:
    """The rank of a law from its title and its header's issuer lines (see the module docstring)."""
    title = title.strip()
    if re.match(r"^(?:中华人民共和国)?宪法", title):
        return LawRank.CONSTITUTION
    is_statute_title = bool(re.search(r"(?<!办)法$", title))
    if _COURT.search(title) or (_COURT_ISSUER.search(header) and not _STATE_COUNCIL_ISSUER.search(header)
                                and not is_statute_title):
        return LawRank.JUDICIAL_INTERPRETATION
    if _NPC_DECISION.match(title):
        return LawRank.LAW  # 有关法律问题的决定: same force as a law
    if _SUPERVISORY.search(header) and not _NPC_ISSUER.search(header):
        return LawRank.SUPERVISORY_REGULATION
    if _LOCAL_TITLE.match(title) and not _STATE_COUNCIL_ISSUER.search(header):
        if _LOCAL_GOVERNMENT_ISSUER.search(header) or re.search(r"(?:办法|规定|细则)$", title):
            return LawRank.LOCAL_GOVERNMENT_RULE if not _LOCAL_CONGRESS_ISSUER.search(header) \
                else LawRank.LOCAL_REGULATION
        return LawRank.LOCAL_REGULATION
    if is_statute_title and not re.search(r"实施(?:细则|条例|办法)$", title):
        return LawRank.LAW
    if _STATE_COUNCIL_ISSUER.search(header) or re.match(r"^(?:中华人民共和国)?国务院", title):
        return LawRank.ADMINISTRATIVE_REGULATION
    if _MINISTRY_ISSUER.search(header):
        return LawRank.DEPARTMENTAL_RULE
    if title.endswith("条例"):
        # National 条例 without a named issuer: nearly all are the State Council's.
        return LawRank.ADMINISTRATIVE_REGULATION
    if _NPC_ISSUER.search(header):
        return LawRank.LAW
    return LawRank.UNKNOWN


def rank_of(title: str, header: str = "", overrides: dict[str, str] | None = None) -> LawRank:
    """``infer_rank`` unless ``overrides`` names this title (full title, as in the header)."""
    if overrides and title in overrides:
        return LawRank(overrides[title])
    return infer_rank(title, header)


def higher(a: LawRank, b: LawRank) -> LawRank | None:
    """The higher of two ranks, or None when neither is above the other."""
    if a.level == b.level:
        return None
    return a if a.level < b.level else b


def rank_of_article(meta: dict) -> LawRank:
    """An article chunk's rank: stored at ingest, else inferred from its title (homes built before
    ranks were stored have none)."""
    stored = meta.get("rank")
    return LawRank(stored) if stored else infer_rank(meta.get("law_title") or "")
