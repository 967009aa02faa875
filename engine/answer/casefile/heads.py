"""The thing a question asks about (有没有「监控录像」, 「法定代表人」是谁, 恒信财富的「老板」叫什么)."""

from __future__ import annotations

import re

from engine.question import CasePlan
from engine.text.names import posseg

_HEAD_AFTER = re.compile(r"(?:有没有|有无|是否有|有没)(?P<head>[\u4e00-\u9fff]{2,10}?)(?:[吗呢？?]|$)")
_HEAD_BEFORE = re.compile(r"(?P<head>[\u4e00-\u9fff]{2,10}?)(?:是谁|是什么(?![时地])|叫什么)")
# 哪家钢厂生产的: which organisation of a kind — the kind is the thing asked about
_HEAD_WHICH = re.compile(r"哪(?:一)?家(?P<head>[\u4e00-\u9fff]{2,6}?)(?:[的生出提供做卖买开]|$|[？?，,])")


# Words a question uses that name no thing the record must write so: people by their part in the
# matter (房东, 租客, 员工, 车主, 双方 — the record may call them 原告 / 被告 or by name) and words of
# any time or matter (这个日子, 那件事情).
NAMES_NO_THING = re.compile(r"^(?:日子|事情|事儿|东西|情况|时候)$|^[\u4e00-\u9fff]{1,3}(?:客|东|员|工|主|方|户)$"
                            r"|^[\u4e00-\u9fff]{1,3}人$")


def names_no_thing(word: str) -> bool:
    """``word`` names a person by role or a matter in general, never a thing a record's absence of the
    word shows missing (双方对这个日子说法一致吗 is asked of the date, whatever the record calls it)."""
    return bool(NAMES_NO_THING.search(word))


def asked_head(plan: CasePlan) -> str | None:
    """The thing a question asks about: 有没有「监控录像」, 「法定代表人」是谁 — its last noun."""
    which = _HEAD_WHICH.search(plan.text)
    if which and not (_HEAD_AFTER.search(plan.text) or _HEAD_BEFORE.search(plan.text)):
        nouns = [w for w, flag in posseg(which.group("head")) if len(w) >= 2 and flag.startswith("n")
                 and not flag.startswith("nr")]
        return nouns[0] if nouns else None
    for pattern in (_HEAD_AFTER, _HEAD_BEFORE):
        match = pattern.search(plan.text)
        if not match:
            continue
        head = re.split(r"的|和|与|跟", match.group("head"))[-1]  # 向佳怡和翟秀芳是谁…: the last party
        words = [(w, flag) for w, flag in posseg(head) if len(w) >= 2 and not flag.startswith(("nr", "r", "p", "u", "d", "c", "m"))]
        if pattern is _HEAD_AFTER and words and (words[-1][1] == "l" or words[-1][1].startswith("v") and words[-1][1] != "vn"):
            return None  # 有没有人受伤 asks whether an act happened: its words are matched as acts (act_mentions.py)
        return words[-1][0] if words else None
    return None


# Words naming money in general: a question asking by them names no thing of its own.
MONEY_IN_GENERAL = frozenset({"钱", "款", "金额", "数额", "欠款", "钱款", "款项", "多少钱", "借款", "本金", "损失"})


def thing_asked(plan: CasePlan) -> str | None:
    """The thing a question about a sum names (信用卡欠了多少, 剩下的贷款): the money word, else the head
    noun; None when it asks of money in general or names a person (工人, 人家, 原告, a name)."""
    from engine.ingest.chunkers.turns import HEARING_SIDES
    from engine.question import cut_across

    thing = plan.money_word or plan.head
    if not thing or thing in MONEY_IN_GENERAL or len(thing) < 2 or cut_across(thing, plan.text):
        return None
    if thing in HEARING_SIDES or names_no_thing(thing) or any(thing in n or n in thing for n in plan.names) \
            or any(flag.startswith(("r", "nr")) for _, flag in posseg(thing)):
        return None
    return thing
