"""Facts the asker puts to the speaker, and where the answer stands on them.

In 讯问/询问笔录 the asker often states the facts himself — 现向你出示你的微信转账记录，显示你于…转账
6000元；经核算…总收入…获利…；你前面说…是不是 — and the speaker only confirms (属实 / 对 / 就是这几
笔), hedges (差不多就是这个数), answers another person's account with a figure of his own (郑某供述
你分给他4万元—我只给了他3万元) or denies (没有这回事). The figures of such a question are facts of
the speaker only when the answer confirms or hedges them; another person's account that the answer
does not confirm is a version attributed to that person; a denial makes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.text.case_lexicon import ASSENT_WORDS, READS_OUT, REFUSAL_WORDS, RESTATE
from engine.text.names import looks_like_name
from engine.text.numbers import find_amounts

# The asker states facts rather than only asking: a record shown or read out, a finding (经调取 /
# 经核算 / 经查), what a record shows (根据…显示), or a recap put for confirmation (…是不是？).
PUTS = re.compile(r"出示|宣读|经(?:调取|核算|核实|核查|查证|查明|查|统计|计算|审计|鉴定|比对)"
                  # 经海关关税部门计核 / 经某某价格认定中心认定 / 经委托测绘单位实地测量: a finding by a body
                  r"|经[^，。？?；]{2,24}?(?:计核|核定|认定|鉴定|评估|测量|测绘|估价)"
                  r"|根据[^，。？?；]{0,24}?(?:显示|记载|反映|证实|载明)"
                  r"|(?:记录|流水|明细|截图|清单|账单|账目|监控|视频)[^，。？?；]{0,6}?(?:显示|记载|反映|载明)")
RECAP = re.compile(r"(?:是不是|对不对|是否属实|属实吗|对吗|是吗|是这样吗|是不是这样|有没有这回事|有这回事吗|"
                   r"是否如此|是不是这个数|有没有异议|有无异议|你认不认可|是否认可|认可吗)[？?。]?\s*$")
# Another person's account the asker cites (郑某供述…, 据某某说…, 某某的证言称…): ``who`` is checked
# against the people the record names.
_CITES = r"(?:的)?(?:供述|陈述|证言|证实|交代|反映|称|说|讲)"
ASKS_VIEW = re.compile(r"你怎么说|你有什么说的|你怎么解释|你怎么看|是不是这样|对不对|属实吗|是否属实|是吗|对吗")

# The answer's opening words: it confirms, hedges or denies what was put (the words that own or
# refuse anywhere in a reply are the lexicon's; these add the ones that do so only at its head).
CONFIRM = re.compile(rf"(?:{ASSENT_WORDS}|对的|对|是这样|没错|没有错|确认|(?:我|本人)?(?:没有|没|无)(?:异议|意见)|"
                     r"没问题|就是|是)(?![不没方])")
HEDGE = re.compile(r"差不多|大概|大约|左右|应该是|估计|可能|上下")
DENY = re.compile(rf"{REFUSAL_WORDS}|不对|不是|不属实|没有的事|没有这事|不可能|有异议|没有|没|从来没")


@dataclass(frozen=True)
class Put:
    """Where an answer stands on the facts its question states."""

    stance: str  # confirm | hedge | deny | other (the answer says something else: a figure, a doubt)
    words: str  # the answer's opening words that say so (属实, 差不多就是这个数)
    told_by: str | None  # the person whose account the asker cites, when it is one
    how: str  # how the asker came by the facts, for the evidence line (出示记录, 核算, 调取记录 …)


def put_to_speaker(question: str, answer: str, people: list[str] | tuple[str, ...] = ()) -> Put | None:
    """The answer's stand on the facts the question puts to the speaker; None when the question
    puts none (it only asks)."""
    question = question.strip()
    told_by = cited_person(question, people)
    shows = bool(PUTS.search(question) or READS_OUT.search(question))
    if not (shows or RECAP.search(question) or (told_by and ASKS_VIEW.search(question))):
        return None
    head = re.split(r"[，,。；;！!？?]", answer.strip(), maxsplit=1)[0].strip()
    if not head:
        return None
    if DENY.match(head) and not CONFIRM.match(head):  # 没错 / 没有异议 confirm
        # 没有4万，我只给了他3万元: a figure of his own against the one put is a dispute, not a denial
        put_values = {a.value for a in find_amounts(question)}
        own = [a for a in find_amounts(answer) if a.value not in put_values]
        stance = "other" if own else "deny"
    elif CONFIRM.match(head) or (HEDGE.match(head) and re.search(r"这个数|这些|这几|这样|就是", head)):
        stance = "hedge" if HEDGE.search(head) else "confirm"
    else:
        stance = "other"
    return Put(stance, head, told_by, _how(question, told_by))


# The account of someone the record gives a role, with or without a name (同案人某某供述, 被害人称).
_ROLES = r"同案人|同案犯|同伙|被害人|受害人|证人|被告人|犯罪嫌疑人|嫌疑人|原告|被告|报案人|对方"
_ACCOUNT = re.compile(rf"(?P<role>{_ROLES})?(?P<who>[\u4e00-\u9fff]{{0,4}}?)(?:的)?(?:供述|陈述|证言|交代|称|说)")


def cited_person(question: str, people: list[str] | tuple[str, ...]) -> str | None:
    """郑某供述你… / 据某某说… / 某某的证言称… / 被害人称…: whose account the question cites (a name
    the record knows, a name in a role's place, else the role)."""
    if RESTATE.search(question):
        return None  # 你前面说…: the speaker's own earlier account
    for name in sorted(people, key=len, reverse=True):
        if name and re.search(re.escape(name) + _CITES, question):
            return name
    for m in _ACCOUNT.finditer(question):
        who = m.group("who")
        named = next((who[-n:] for n in (3, 2) if len(who) >= n and looks_like_name(who[-n:])), None)
        if m.group("role") and (named or not who):
            return named or m.group("role")
        if named and re.match(r"(?:供述|陈述|证言|交代)", question[m.end("who"):].lstrip("的")):
            return named
    return None


def _how(question: str, told_by: str | None) -> str:
    if told_by:
        return f"{told_by}所述"
    for pattern, words in ((r"核算|统计|计算|审计", "核算"), (r"调取", "调取记录"), (r"宣读", "宣读材料"),
                           (r"出示|截图|流水|明细|记录", "出示记录"), (r"认定|鉴定|评估", "认定"),
                           (r"经(?:核实|核查|查证|查明|查)", "查证")):
        if re.search(pattern, question):
            return words
    return "问话复述"


def confirmation_note(how: str, words: str, hedged: bool) -> str:
    """经出示记录，本人确认「属实」 / 经核算，本人称「差不多就是这个数」."""
    verb = "称" if hedged else "确认"
    return f"经{how}，本人{verb}「{words}」"

