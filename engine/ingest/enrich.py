"""Layer 3 for one chunk: amounts, dates, statute references, personal data, persons, organisations.

Every fact keeps ``chunk_text[fact.start:fact.end] == fact.text``. Persons and organisations are
cheap on purpose (no NER model): a name after a role label (被讯问人：张三, 甲方：某某有限公司) or an
organisation name ending in 有限公司/银行/人民法院...

Overlaps between kinds are settled by one priority order, strongest first:
  pii → statute_ref → date → amount → org → person.
Personal data comes first because masking must never lose a span (and an ID number is not an
amount); a statute reference beats a number inside it; a date beats a number. Within a kind the
longer span wins. No two kept facts overlap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.text import SpanSet
from engine.text.dates import find_dates
from engine.text.lines import find_whole
from engine.text.normalize import to_halfwidth
from engine.text.numbers import find_amounts
from engine.text.pii import find_pii, pii_level
from engine.text.refs import find_statute_refs
from engine.text.tokenize import word_frequency
from engine.types import Fact

KIND_PRIORITY = ("pii", "statute_ref", "date", "amount", "org", "person")

# Role labels of transcripts, judgments and contracts; longest first so 被讯问人 is not read as 讯问人.
ROLE_LABELS = sorted((
    "被讯问人", "讯问人", "被询问人", "询问人", "侦查员", "记录人", "翻译人", "见证人",
    "甲方", "乙方", "丙方", "原告", "被告", "被告人", "第三人", "上诉人", "被上诉人", "申请人",
    "被申请人", "申请执行人", "被执行人", "法定代表人", "委托代理人", "委托诉讼代理人", "代理人",
    "辩护人", "证人", "被害人", "受害人", "犯罪嫌疑人", "审判长", "审判员", "人民陪审员", "书记员",
    "检察员", "联系人", "出借人", "借款人", "担保人", "保证人", "出卖人", "买受人", "出租人",
    "承租人", "发包人", "承包人", "委托人", "受托人", "转让方", "受让方", "卖方", "买方",
), key=len, reverse=True)
_ROLE_RE = re.compile(
    r"(?P<role>" + "|".join(ROLE_LABELS) + r")"
    r"(?:\((?P<note>[^()\n]{1,12})\))?(?P<sep>[:]|[ \t]+)?[ \t]*"
    r"(?P<value>[^\s,。;:、()]{2,40}(?:、[^\s,。;:、()]{2,10})*)")
# A Chinese name, a pseudonym (张某, 王某某, 李×, 刘xx) or a hyphenated minority name (阿依古丽·买买提).
_NAME_RE = re.compile(r"[\u4e00-\u9fff][\u4e00-\u9fff某×xX*]{1,3}|[\u4e00-\u9fff]{2,6}·[\u4e00-\u9fff]{2,6}")
# Without a colon after the label (被告人张三，...) a name is accepted only when it starts with a
# common surname: otherwise 原告诉称 would yield a person 诉称. Surnames that are also everyday
# function characters (和, 于, 由, 向...) are left out of this list on purpose.
COMMON_SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁"
    "任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵钱严覃武戴"
    "莫孔汤常温康施文牛樊葛邢齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅"
    "童凌毕单季裴霍涂苗谷盛曲翁冉骆蓝游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤穆农司卓吉缪简车项连芦麦"
    "褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂佟臧闵苟邬边卞姬师仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩佘池"
    "麻苑迟邝封谈匡鞠惠荆冀郁胥班储栗燕楚鄢劳谌奚皮粟冼蔺楼闻厉伊仝郜阚权帅屠朴盖练廉禹井祖漆巴丰"
    "卿狄晋芮扈晁阙浦戈伏鹿薄邸雍辜羊裘亓邰赫杭况宿逯隆茹诸慕危亢嵇湛戎茅揭尉冶檀衣昝衡尧")
ORG_SUFFIXES = ("股份有限公司", "有限责任公司", "有限公司", "分公司", "公司", "集团", "银行", "分行", "支行",
                "律师事务所", "会计师事务所", "事务所", "合作社", "研究院", "研究所", "委员会",
                "人民法院", "人民检察院", "公安局", "公安分局", "派出所", "税务局", "管理局")
_ORG_SUFFIX_RE = re.compile("|".join(sorted(ORG_SUFFIXES, key=len, reverse=True)))
_ORG_VALUE_RE = re.compile(r"(?:" + "|".join(sorted(ORG_SUFFIXES, key=len, reverse=True)) + r")$")
# Characters that end an organisation name when scanning left from its suffix: prepositions, verbs
# and particles that introduce it (他在XX公司, 向XX银行借款). 和 is one, except inside 共和国.
_ORG_STOP = set("在于向从给与和及是到至为由对将把了的、,.;:!?\"'“”‘’《》 \t\n")
_ORG_INTRODUCER_RE = re.compile(
    "|".join(ROLE_LABELS) + r"|委托|挂靠单位|挂靠|出具|证明|作出|提起|要求|诉至|诉称|起诉|认定|判令|涉案|"
    r"系|经(?![济贸营销纪])|被|由|向|(?<!共)和|与|及|故|时任|通过|赔偿|补偿|取得|致|帮助|接受|得知|担任|"
    r"(?<!国)有(?![限色])|按|送|用印有|以|在")
# Names that are references, not organisations: 该公司, 本公司, 贵公司, 其公司, 子公司...
_ORG_DEICTIC = ("该", "本", "贵", "其", "此", "这", "那", "上述", "原", "各", "子", "母", "分", "总")


@dataclass
class Enrichment:
    facts: list[Fact] = field(default_factory=list)  # sorted by start
    pii_level: str = "none"  # none | low | high (see engine.text.pii.pii_level)

    def to_dict(self) -> dict[str, Any]:
        return {"facts": [f.to_dict() for f in self.facts], "pii_level": self.pii_level}


def _classify_party(value: str) -> str | None:
    if _ORG_VALUE_RE.search(value) and len(value) > 3:
        return "org"
    if _NAME_RE.fullmatch(value):
        return "person"
    return None


# 陈述, 申请, 房屋 start with a surname too; jieba knows them as common words, real names it does not.
COMMON_WORD_FREQUENCY = 200


def plain_name(value: str) -> bool:
    """A name that needs no separator to be trusted: surname first, 2-3 characters, no common word."""
    return (len(value) <= 3 and value[0] in COMMON_SURNAMES and _NAME_RE.fullmatch(value) is not None
            and word_frequency(value) < COMMON_WORD_FREQUENCY
            and word_frequency(value[:2]) < COMMON_WORD_FREQUENCY)


def find_persons_and_orgs(text: str) -> list[Fact]:
    """Names after role labels (persons or organisations) and standalone organisation names."""
    norm = to_halfwidth(text)
    labelled: list[Fact] = []
    standalone: list[Fact] = []
    for m in _ROLE_RE.finditer(norm):
        role = m.group("role")
        pos = m.start("value")
        parts = m.group("value").split("、")
        if not m.group("sep"):
            # 被告人张三，: take it only when it plainly is a name; 被告人张三因盗窃 stays unread,
            # because where the name ends would be a guess.
            part = parts[0]
            if len(parts) > 1 or not (_classify_party(part) == "org" or plain_name(part)):
                continue
        for part in parts:
            kind = _classify_party(part)
            if kind:
                meta: dict[str, Any] = {"role": role}
                if m.group("note"):
                    meta["role_note"] = m.group("note")
                labelled.append(Fact(kind=kind, text=text[pos:pos + len(part)], start=pos,
                                  end=pos + len(part), value=text[pos:pos + len(part)], meta=meta))
            pos += len(part) + 1
    for m in _ORG_SUFFIX_RE.finditer(norm):
        start, depth = m.start(), 0
        while start > 0 and m.end() - start < 40:
            ch = norm[start - 1]
            if ch in _ORG_STOP and not (ch == "和" and norm[start - 2:start + 1] == "共和国"):
                break
            if ch == ")":
                depth += 1
            elif ch == "(":
                if depth == 0:
                    break  # XX有限公司(以下简称YY公司: the alias opens here
                depth -= 1
            elif not "\u4e00" <= ch <= "\u9fff":
                break
            start -= 1
        # 原告武汉某某有限公司, 经本院委托淮安市某某评估有限公司: the name starts after the role
        # label or the verb that introduces it.
        for intro in _ORG_INTRODUCER_RE.finditer(norm, start, m.start()):
            start = intro.end()
        name = norm[start:m.end()]
        if m.start() - start < 2 or name.startswith(_ORG_DEICTIC) or name.startswith(("(", ")")):
            continue
        standalone.append(Fact(kind="org", text=text[start:m.end()], start=start, end=m.end(),
                               value=text[start:m.end()]))
    # A labelled name beats a standalone one; among standalone names the longest wins
    # (中国工商银行股份有限公司武汉分行 over the 中国工商银行 inside it).
    return _first_come(labelled + sorted(standalone, key=lambda f: f.start - f.end))


def _first_come(ordered: list[Fact]) -> list[Fact]:
    """Keep each fact that overlaps none kept before it; return them in text order."""
    taken = SpanSet()
    kept = [fact for fact in ordered if taken.add(fact.start, fact.end)]
    return sorted(kept, key=lambda f: (f.start, f.end))


def _resolve_overlaps(facts: list[Fact]) -> list[Fact]:
    rank = {kind: i for i, kind in enumerate(KIND_PRIORITY)}
    return _first_come(sorted(facts, key=lambda f: (rank.get(f.kind, len(rank)), f.start - f.end, f.start)))


def enrich(text: str) -> Enrichment:
    """All layer-3 facts of one chunk text and its PII level."""
    # A PDF wraps lines anywhere: dates and amounts are read whole across a break (PII already is).
    facts = [*find_pii(text), *find_statute_refs(text), *find_whole(find_dates, text),
             *find_whole(find_amounts, text), *find_persons_and_orgs(text)]
    kept = _resolve_overlaps(facts)
    return Enrichment(facts=kept, pii_level=pii_level(kept))
