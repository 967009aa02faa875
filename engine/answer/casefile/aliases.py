"""Who someone called by a nickname or a surname and a title is on paper (龙哥, 阿强, 童老板, 姓童的
老板): the record names him where it ties the familiar name to a full one — 真名叫…, 全名是…,
身份证上叫…, 某某，外号某哥, 某哥就是某某, or an answer giving the name the asker asked of the
nickname (你说的某哥叫什么？—叫某某), in any session and from any speaker. No such sentence: the
file does not say, and the nickname is never given back as a name (nor a namesake guessed from a
surname alone)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.said import _anchor, _gap, _sentences, _unsure_about
from engine.answer.wording import quoted
from engine.answer.casefile.facts import Statement
from engine.text.case_lexicon import UNCERTAIN
from engine.question import CasePlan, Slot
from engine.text.names import SURNAMES, looks_like_name
from engine.text.segments import Segment

# Words that give the name on paper (真名叫, 全名是, 身份证上叫, 大名): the name follows them.
ON_PAPER = re.compile(r"(?:真名|真实姓名|真实名字|全名|大名|本名|原名|学名|身份证上(?:的名字)?|户口本上(?:的名字)?)"
                      r"(?:是|叫|为|就是|叫做)?[：:]?\s*")
# Words that give a nickname after the name (某某，外号某哥 / 人称 / 大家都叫他).
GOES_BY = re.compile(r"[，,]?\s*(?:外号|绰号|小名|诨名|江湖人称|人称|大家都?(?:叫|喊|管)(?:他|她)|别人都?(?:叫|喊|管)(?:他|她)|"
                     r"我们都?(?:叫|喊|管)(?:他|她))(?:叫|是|为)?")
# A nickname said to be a name (某哥就是某某, 某哥叫某某, 某哥其实是某某).
IS_NAMED = re.compile(r"(?:就是|其实是|其实就是|本人是|名叫|叫做|叫|是)")
# The asker asking who a nickname is (你说的某哥是谁 / 叫什么 / 真名): the answer's opening names him.
ASKS_WHO = re.compile(r"是谁|叫什么|名字|真名|全名|姓名|什么人|哪个")
OPENS_WITH_NAME = re.compile(r"^(?:[他她]|此人|这个人)?(?:的)?(?:真名|真实姓名|全名|大名|本名|名字)?(?:叫|是|就是|叫做)?\s*")
_NAME_STOP = re.compile(r"[的是在和与跟也就都说，,。；;、：:\s（(]")


@dataclass
class FullName:
    """The name the record gives someone known by ``alias``, and the sentence giving it."""

    name: str
    statement: Statement
    sentence: Segment


def surname_of(alias: str) -> str | None:
    """The surname an alias carries (姓童的老板 → 童, 童老板 → 童, 老童 → 童); None for a nickname
    (龙哥, 阿强), whose character may be a given name."""
    by_surname = re.match(r"姓([\u4e00-\u9fff])的", alias)
    if by_surname:
        return by_surname.group(1)
    if re.fullmatch(r"[老小][\u4e00-\u9fff]", alias):  # 老童 carries a surname, 小胖 none
        return alias[1] if alias[1] in SURNAMES else None
    if re.search(r"[哥姐]$", alias) or alias.startswith("阿"):
        return None
    return alias[0]


def _title(alias: str) -> str | None:
    """The title an alias calls someone by (童老板, 姓童的老板 → 老板)."""
    match = re.search(r"(老板|老总|经理|师傅|司机|总)$", alias)
    return match.group(1) if match else None


def _said_forms(alias: str) -> list[str]:
    """How a record may say the alias: as asked, and 童老板 for 姓童的老板 (and back)."""
    forms = [alias]
    surname, title = surname_of(alias), _title(alias)
    if surname and title:  # the bare title too (我们老板叫某某): the name must then carry the surname
        forms += [f"{surname}{title}", f"姓{surname}的{title}", f"姓{surname}的", title]
    return list(dict.fromkeys(forms))


def _name_at(case: Case, text: str, at: int, surname: str | None) -> str | None:
    """The full name starting at ``at``: a person the file names, else a name-like run of 2–3
    characters; of the alias's surname when it carries one."""
    rest = text[at:]
    known = sorted((p for p in case.people() if rest.startswith(p) and len(p) >= 2), key=len, reverse=True)
    found = known[0] if known else None
    if found is None:  # a name the file's people do not hold: the whole run up to a stop, name-like
        run = _NAME_STOP.split(rest, maxsplit=1)[0]
        found = run if 2 <= len(run) <= 3 and looks_like_name(run) else None
    if found is None or (surname and not found.startswith(surname)) or TITLED.search(found):
        return None
    return found


# A run that calls someone by a title or a kinship word is no name (王老板, 虎哥).
TITLED = re.compile(r"(?:老板|老总|总|经理|师傅|哥|姐|叔|婶|嫂)$")


def _name_before(case: Case, text: str, end: int, surname: str | None) -> str | None:
    """The full name ending at ``end`` (某某，外号某哥)."""
    before = text[:end]
    known = sorted((p for p in case.people() if before.endswith(p) and len(p) >= 2), key=len, reverse=True)
    found = known[0] if known else next((before[-n:] for n in (3, 2) if len(before) >= n
                                         and looks_like_name(before[-n:])), None)
    if found is None or (surname and not found.startswith(surname)):
        return None
    return found


def _said_of(text: str, forms: list[str]) -> int:
    """Where the sentence names the alias (−1: it does not)."""
    return min((text.find(f) for f in forms if f in text), default=-1)


def _in_sentence(case: Case, alias: str, sentence: str) -> str | None:
    """The full name a sentence gives the alias, in its own words."""
    forms, surname = _said_forms(alias), surname_of(alias)
    at = _said_of(sentence, forms)
    if at < 0:
        return None
    for paper in ON_PAPER.finditer(sentence, at):  # 龙哥真名叫某某 / 强哥…他身份证上叫某某
        name = _name_at(case, sentence, paper.end(), surname)
        if name:
            return name
    for form in forms:  # 某某，外号龙哥 / 某某，大家都叫他龙哥
        for found in re.finditer(re.escape(form), sentence):
            nick = next((g for g in GOES_BY.finditer(sentence[:found.start()]) if g.end() == found.start()), None)
            if nick:
                name = _name_before(case, sentence, nick.start(), surname)
                if name:
                    return name
            said = IS_NAMED.match(sentence, found.end())  # 龙哥就是某某
            if said:
                name = _name_at(case, sentence, said.end(), surname)
                after = sentence[said.end() + len(name):said.end() + len(name) + 1] if name else ""
                # the name itself, not someone the nickname is said of (龙哥是某某的朋友)
                if name and name not in forms and not re.match(r"[\u4e00-\u9fff]", after):
                    return name
    return None


def _answer_naming(case: Case, alias: str, statement: Statement) -> FullName | None:
    """An answer opening with the name the asker asked of the alias (你说的龙哥叫什么？—叫某某)."""
    forms = _said_forms(alias)
    if _said_of(statement.question, forms) < 0 or not ASKS_WHO.search(statement.question):
        return None
    sentences = _sentences(statement)
    if not sentences or UNCERTAIN.search(sentences[0].text):
        return None
    first = sentences[0]
    opening = OPENS_WITH_NAME.match(first.text)
    at = opening.end() if opening else 0
    name = _name_at(case, first.text, at, surname_of(alias))
    if name and first.text.startswith("的", at + len(name)):
        name = None  # 是某某的朋友: someone he is said of, not his name
    if name is None:  # 他真名叫某某 further on in the answer
        for paper in ON_PAPER.finditer(first.text):
            name = _name_at(case, first.text, paper.end(), surname_of(alias))
            if name:
                break
    return FullName(name, statement, first) if name and name not in forms else None


def full_name(case: Case, alias: str) -> FullName | None:
    """Where the record names the person known as ``alias``: the first sentence tying the two."""
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        told = _answer_naming(case, alias, statement)
        if told is not None:
            return told
        for sentence in _sentences(statement):
            name = _in_sentence(case, alias, sentence.text)
            if name is None and statement.question and _said_of(statement.question, _said_forms(alias)) >= 0 \
                    and _said_of(sentence.text, _said_forms(alias)) < 0:
                # 问：龙哥是什么人？答：…他身份证上叫某某: the asker named him, the answer says 他
                paper = ON_PAPER.search(sentence.text)
                name = _name_at(case, sentence.text, paper.end(), surname_of(alias)) \
                    if paper and re.search(r"[他她]", sentence.text[:paper.start()]) else None
            if name:
                return FullName(name, statement, sentence)
    return None


def _unsure_of_name(case: Case, alias: str) -> tuple[Statement, Segment] | None:
    """A sentence saying the name of the alias is not known (他全名我不知道, 真名叫什么不清楚)."""
    forms = _said_forms(alias)
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        asked_of = _said_of(statement.question, forms) >= 0
        named_before = False  # 卖给一个叫“阿飞”的男的。他真名叫什么我不知道: 他 is the one just named
        for sentence in _sentences(statement):
            told_of = named_before and re.match(r"\s*(?:他|她|这人|此人|这个人|那个人)", sentence.text) is not None
            named_before = named_before or _said_of(sentence.text, forms) >= 0
            if not UNCERTAIN.search(sentence.text) or not re.search(r"名|叫什么|姓什么", sentence.text):
                continue
            # the not knowing is of a name (真名叫什么我不知道), not of something else the sentence tells
            # beside the nickname (具体是哪天我记不清了，有个微信名叫“阿杰”的人…)
            if not _unsure_about(sentence.text, Slot.PERSON):
                continue
            if asked_of or told_of or _said_of(sentence.text, forms) >= 0:
                return statement, sentence
    return None


def answer_real_name(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """龙哥真名叫什么 / 姓童的老板全名: the name the record gives, quoted; else what the record says
    of not knowing it; else a gap."""
    for alias in plan.nicknames + plan.aliases:
        found = full_name(case, alias)
        if found is not None:
            cited = case.cite(_anchor(found.statement, found.sentence))
            outcome.add(Part("姓名", f"{alias}的真实姓名：{found.name}（{cited}：{quoted(found.sentence.text)}）",
                             Fill.FILLED, [cited]))
            continue
        unsure = _unsure_of_name(case, alias)
        if unsure is not None:
            outcome.add(_gap(case, unsure[0], unsure[1], outcome, "姓名"))
            continue
        outcome.add(Part(f"{alias}的真实姓名", "", Fill.MISSING))


def person_of_alias(case: Case, plan: CasePlan) -> str | None:
    """The full name of the one person a question calls by a nickname or alias, when the record
    gives it (龙哥的电话 is asked of 某某)."""
    for alias in plan.nicknames + plan.aliases:
        found = full_name(case, alias)
        if found is not None:
            return found.name
    return None
