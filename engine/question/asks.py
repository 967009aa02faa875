"""The asks of one question. A paralegal often asks two things at once (合同是哪天签的？合同总价多少？,
进了多少克冰毒，花了多少钱？, 质保金是合同价的百分之几、多少钱？): each clause that asks something is an ask
of its own, read on its own words, so that the answer can give every ask in order — each by its own
route, or said missing — never only the one the whole question's plan settled on.

An ask that names no thing of its own (多少钱？ after 质保金是合同价的百分之几) carries the subject of
the first ask: the words before its 是, or its words without the asking phrase (进了多少克冰毒 → 进了冰毒).
Clauses asking nothing (她介绍别人来投资，…) are carried into the ask that follows them, and those before
the first ask (按第二次讯问的说法，…) into every ask.
"""

from __future__ import annotations

import re

from engine.question.terms import head_term, tagged_terms
from engine.text.case_lexicon import PARTY_ROLES
from engine.text.names import posseg
from engine.text.quantities import UNITS, unit_words

# the clause separators of engine/question/casefile._parts (one split of a question's parts)
_CLAUSES = re.compile(r"[、，,；;]|(?<=[？?])")
# a clause asks something: a question word
_ASKING = re.compile(r"什么|怎样|怎么|如何|哪|谁|多少|几|多重|多长|多远|多大|多久|百分之几")
# a clause asking yes or no, ended by its question mark (调解成了没有？/ 收下了吗？/ 是否同意调解？): an ask
# of its own beside another (案子最后怎么处理？)
_YES_NO = re.compile(r"(?:吗|没有|了没|有没有[\u4e00-\u9fff]{0,10}|是否[\u4e00-\u9fff]{0,10}|是不是[\u4e00-\u9fff]{0,10})[？?]$")
# the asking phrase of a figure (几包, 多少克, 几个点, 百分之几), removed to leave what it is of; the unit
# is one of the quantity units (多少介绍费 keeps its noun)
_UNIT_WORDS = unit_words(u for u in UNITS if re.fullmatch(r"[\u4e00-\u9fff]+", u))
_FIGURE_ASKED = re.compile(rf"百分之几|(?:几|多少)(?:个)?(?:{_UNIT_WORDS}|点)?")


# Two sums of different names asked in one clause: 要了多少物业费和多少滞纳金 / 总价和首付各是多少. Each is
# a sum of its own (one may be told, the other not), so each is an ask of its own.
_VALUE = r"[价费款金额付息资税钱租]"
_SUMS_JOINED = re.compile(rf"多少(?P<a>[\u4e00-\u9fff]{{1,5}}?{_VALUE})(?:和|与|及|跟|以及)多少"
                          rf"(?P<b>[\u4e00-\u9fff]{{1,5}}?{_VALUE})")
_SUMS_EACH = re.compile(rf"(?:和|与|及|跟|以及)(?P<b>[\u4e00-\u9fff]{{1,5}}?{_VALUE})(?:的)?(?:各|分别)自?(?:是|为)?"
                        r"多少(?:钱|元)?")


def _sums_asked(clause: str) -> list[str]:
    """A clause asking two sums of different names, as two asks (物业公司要了多少物业费和多少滞纳金 →
    物业公司要了多少物业费 / 物业公司要了多少滞纳金; 房子的总价和首付各是多少 → 房子的总价是多少 / 房子的首付
    是多少); the clause itself otherwise."""
    if found := _SUMS_JOINED.search(clause):
        before, after = clause[:found.start()], clause[found.end():]
        return [f"{before}多少{found['a']}{after}", f"{before}多少{found['b']}{after}"]
    found = _SUMS_EACH.search(clause)
    if found is None:
        return [clause]
    # the first sum's name: jieba's last word before 和 (with the one before it when that is one
    # character: 物业|费)
    words = [w for w, _ in posseg(clause[:found.start()])]
    first = words[-1] if words else ""
    if len(first) == 1 and len(words) >= 2:
        first = words[-2] + first
    if not re.search(f"{_VALUE}$", first) or len(first) < 2:
        return [clause]
    before, after = clause[:found.start() - len(first)], clause[found.end():]
    return [f"{before}{first}是多少{after}", f"{before}{found['b']}是多少{after}"]


def ask_words(text: str) -> list[str]:
    """The words of each ask of ``text``, in order; [] when it asks one thing only."""
    asks: list[str] = []
    pending = ""
    for clause in (piece for c in _CLAUSES.split(text) for piece in _sums_asked(c.strip())):
        if not clause or not clause.strip("？?。 "):
            continue
        if not _ASKING.search(clause) and not _YES_NO.search(clause.strip()):
            pending += clause + "，"  # 她介绍别人来投资，拿了多少介绍费: the setting of the next ask
            continue
        asks.append(pending + clause)
        # 他有没有拿钱？拿了多少: a yes/no is also the setting of the asks after it
        pending = clause + "，" if not _ASKING.search(clause) else ""
    if len(asks) < 2:
        return []
    # 按第二次讯问的说法，…买了几克，付了多少现金: a setting before the first ask holds for every ask
    setting = asks[0][:asks[0].rfind("，") + 1] if "，" in asks[0] else ""
    subject = _subject(asks[0][len(setting):])
    asks[1:] = [setting + (a if _own_thing(a) or not subject else f"{subject}，{a}") for a in asks[1:]]
    # 误工费原告要多少，被告认多少: an ask naming only a side of the first ask's thing is of that thing
    thing = next((w for w, flag in tagged_terms(asks[0][len(setting):]) if flag.startswith("n") and w not in PARTY_ROLES), None)
    if thing:
        asks[1:] = [setting + f"{thing}，{a[len(setting):]}" if _side_only(a[len(setting):]) else a for a in asks[1:]]
    return asks


def _side_only(ask: str) -> bool:
    """The ask's one named thing is a side of a hearing (被告说最多认多少)."""
    return head_term(ask) in PARTY_ROLES


def _own_thing(ask: str) -> bool:
    """The ask names a thing of its own (押金交了多少), not only what its figure is per (每箱多少钱:
    每箱 says per what, the goods are the first ask's)."""
    head = head_term(ask)
    return bool(head) and not head.startswith("每")


def _subject(first: str) -> str:
    """What the first ask is about, without its asking phrase (质保金是合同价的百分之几 → 质保金)."""
    first = first.rstrip("？?。 ")
    asked = _ASKING.search(first)
    if asked is None:
        return ""
    be = first.find("是")
    if 0 < be < asked.start():
        return first[:be]
    return _FIGURE_ASKED.sub("", first, count=1) if _FIGURE_ASKED.search(first) else ""


# 账面库存和实际盘点数各是多少台 / 100元和50元的各多少张: things joined by 和/与/及/、 and asked 各 (or 分别)
# a figure — one figure each. The joined run stands right before 各/分别 (a few words of the things' own
# may follow the last one: 50元的).
_EACH_ASKED = re.compile(r"((?:[\u4e00-\u9fff\w.]{1,12}(?:和|与|及|跟|、)){1,5}[\u4e00-\u9fff\w.]{1,12}?)"
                         r"(?:的)?(?:各|分别)[^，,。；;？?、]{0,4}?(?:多少|几)")


def figures_each(text: str) -> int:
    """How many figures one ask asks by 各/分别 over things it joins (2 for 甲和乙各是多少); 1 otherwise."""
    found = _EACH_ASKED.search(text)
    if found is None:
        return 1
    return len(re.split(r"和|与|及|跟|、", found.group(1)))


# 保险单号是多少 / 卡号是什么: a number asked by its name.
_NUMBER_ASKED = re.compile(r"(?:号码|编号|单号|账号|卡号|牌号|证号)(?:是)?(?:多少|什么)")


def number_asked(text: str) -> bool:
    """Whether the question asks a number by its name (保险单号是多少), which only its digits answer."""
    return bool(_NUMBER_ASKED.search(text))
