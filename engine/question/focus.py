"""What a question about a case file is about: the act it asks of (its predicate verbs), the
things that act is done to or with, the parties it names, whose account it asks for, and the shape
of a yes/no question (negated, existential, about something still outstanding).

"他喝完酒以后叫代驾了吗" asks of 叫代驾 — 喝完酒以后 only sets the time; "作案用的那把水果刀后来扔到
哪里去了" asks of 扔 done to the 水果刀 — 用 only says which knife. The answer layer matches these
against each statement (engine/answer/casefile/act_mentions.py), so an answer quotes what was said about
the asked act, never a sentence about another one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.text.case_lexicon import PARTY_ROLES, question_kind
from engine.question.reading import Reading
from engine.question.terms import cut_across
from engine.text.names import ORG_ENDING, posseg

# Verbs that carry no act of their own (是 / 有 / 在 / 说 …): the question's form, not its subject.
LIGHT_VERBS = frozenset("""
是 有 在 说 讲 做 干 去 来 到 要 会 能 可以 想 让 用 过 给 把 被 叫做 算 属于 成为 进行 发生 存在 还有 有没有
没有 是不是 知道 觉得 认为 记得 请问 告诉 下来 起来 出来 回来
""".split())
# Words that name the asked slot (什么位置, 什么时间), not the subject.
SLOT_WORDS = frozenset("时间 地点 日期 金额 方式 名字 姓名 地方 时候 数额 次数 号码 位置 情况 经过 东西 原因".split())
# A clause that only sets the time of the asked act (喝完酒以后 / 抢劫的时候): its verbs are not the act.
# (后来, 当时 are adverbs of the asked clause itself.)
_SETTING = re.compile(r"以后|之后|的时候|时候|以前|之前|期间|(?<=[\u4e00-\u9fff])时(?![间候刻])"
                      r"|(?<=[\u4e00-\u9fff])(?<![前最然随之以落])后(?![来面期天年续果])")  # 离婚后: a time too
# Negation of the asked act inside the question (还有工资没拿到吗, 是不是没有还钱).
_NEGATED = re.compile(r"(?:没有|没|未|不)$")
# 有没有人受伤 / 有无被害人 / 是否有人: does anyone / anything — one affirming account answers it.
_EXISTENTIAL = re.compile(r"(?:有没有|有无|是否有|有没)(?:人|谁|其他人|别人|被害人|受害人|证人|同伙|"
                          r"[\u4e00-\u9fff]{0,4}(?:人|者))")
# Something still outstanding: 还有工资没拿到吗, 还欠…吗, 还差…吗, 结清了吗.
_REMAINDER = re.compile(r"还有[^，。？?]{0,8}没|还欠|尚欠|仍欠|还差|没(?:有)?(?:结清|付清|还清)|结清|付清|还清")
_ROLE = "|".join(PARTY_ROLES)
# Whose account is asked: 原告说… / 按被告的说法 / 据证人称 / 被告自己说的.
_SAID_BY = re.compile(rf"(?:按|据|依|照)?(?P<who>{_ROLE}|[\u4e00-\u9fff]{{2,4}}?)(?:方|一方|那边|那方)?"
                      rf"(?:自己)?(?:的)?(?:说法|所说|说的|称|说|讲|陈述|主张|认为|供述|承认)")
# A figure computed under someone's account: 按原告说的日子算, 要是按他自己说的算.
# 按他自己说的 is the person questioned's own account (the record's own answers).
_UNDER_ACCOUNT = re.compile(r"按(?:照)?(?P<who>[^，。？?]{1,12}?)(?:说|讲|称)[^，。？?]{0,10}?(?:算|计算)")
_OWN_ACCOUNT = re.compile(r"(?:他|她|其|本人|嫌疑人|被告人)(?:自己|本人)?(?:的)?")
# An aspect or result ending of a verb (帮过, 喝完, 拿到了): the act is its stem too.
_ASPECT = re.compile(r"(?<=.)(?:过|了|完|着)$")
# Words of knowing (你知道…吗, 认识他吗): asked, not knowing is the answer, not a gap.
KNOWING_WORDS = ("知道", "清楚", "记得", "明白", "了解", "认识")
_KNOWING = re.compile("|".join(KNOWING_WORDS))
# Verbs of telling someone something (告诉他车子抵押着): the telling is the act, what was told its content.
_TELLING = re.compile(r"告诉|告知|提醒|透露|交代")
_YES_NO_END = re.compile(r"吗[？?]?\s*$|是否|有没有")
# The person a question is about, described by a clause (…来补房卡的男的是几点到的 / 开车撞人的那个人后来
# 去了哪里): the clause's verbs say who, the act asked comes after the described person.
_DESCRIBED_PERSON = re.compile(r"[^，,。？?的]{0,12}的(?:那个|那位|这个)?(?:男的|女的|男人|女人|男子|女子|人)"
                               r"(?=是(?!谁|不是|否)|后来|当时|最后|又|先)")
_ASKED_HEAD = re.compile(r"[\u4e00-\u9fff]{1,4}(?:是谁|是哪个|是哪些|叫什么|都有谁|有哪些人)")
# 他报警了吗 / 是主动投案的吗: the two characters ending the question are its act
_PREDICATE_END = re.compile(r"([\u4e00-\u9fff]{2})(?:[了过]|的)?(?:吗|没有|了没)[？?]?\s*$")
_NAMING = frozenset("叫 称 姓 称呼 取名".split())
_PLACE_PARTICLES = frozenset("里 上 下 中 内 外 旁 边".split())
_NEGATION_PREFIX = re.compile(r"^(?:没有|没|未|不)(?=.)")
# A verb ending in where or to whom it moves something (交到, 转给, 存进): no name ends so.
_MOVED_TO = "到给进入回往向"
# What follows 还 when it pays back rather than means "still" (还过钱, 还了, 还给, 还清, 还钱).
_RETURNED = frozenset("过了给清完钱款债")
# A verb ending in its result (拿到, 做完, 扔掉) is whole: the verb after it is another (拿到|卖…的钱).
_RESULT_ENDS = frozenset("到完给好掉走住成")
_MOVES_TO = re.compile(rf"(?<=.)[{_MOVED_TO}]$")


@dataclass
class Focus:
    acts: list[str] = field(default_factory=list)  # the asked act's verbs, the main one first
    objects: list[str] = field(default_factory=list)  # nouns the act is done to or with
    roles: list[str] = field(default_factory=list)  # party roles the question names, in order
    said_by: str | None = None  # whose account is asked (原告说 …): a role or a name
    # a figure asked under an account said by someone the record's sides do not name (按卖货的那边
    #自己说的日子算): no stated figure can be known to be that account's
    account_unread: bool = False
    negated: bool = False  # the question asks of the act's absence (还有工资没拿到吗)
    existential: bool = False  # 有没有人受伤: one affirming account answers yes
    remainder: bool = False  # is anything still outstanding (还欠…吗, 还有…没拿到吗)
    moves_money: bool = False  # the asked act hands money over (给的, 转了, 还过): a ledger row's act
    subject: str | None = None  # who or what does the act, when the question names it (肇事车, 郑某)
    patient: str | None = None  # the thing the act is done to, as named before it (把手机扔到哪里)
    knowing: list[str] = field(default_factory=list)  # words of knowing the question asks with (你知道…吗)
    # the person whose knowing is asked, when the question names one before the word of knowing and
    # does not address the one questioned (解晓彤知道…吗): the speaker's 我不清楚 is then no 否
    knower: str | None = None
    # where the asked act moves something, as a yes/no names it (交到公司对公账户上, 扔到河里): the last
    # noun after the act — a sentence not naming it does not say whether it went there
    destination: str | None = None

    def to_dict(self) -> dict:
        return {"acts": list(self.acts), "objects": list(self.objects), "roles": list(self.roles),
                "said_by": self.said_by, "account_unread": self.account_unread, "negated": self.negated, "existential": self.existential,
                "remainder": self.remainder, "moves_money": self.moves_money, "subject": self.subject,
                "patient": self.patient, "knowing": list(self.knowing), "knower": self.knower,
                "destination": self.destination}


def _stem(word: str) -> str:
    """喝完 → 喝, 没拿到 → 拿到, 喝了酒 → 喝酒: the act without its aspect or negation."""
    word = _ASPECT.sub("", _NEGATION_PREFIX.sub("", word))
    return re.sub(r"(?<=.)[了过着](?=.)", "", word) if len(word) >= 3 else word


def _modifies(text: str, end: int, serial: bool = False) -> bool:
    """A verb inside a noun's modifier (原告付的两笔货款, 作案用的那把刀): 的 follows within a few
    characters and a noun, not 是 or the question's end, follows the 的. A verb right after another
    (``serial``: 拿到|卖他驾驶证分的钱) opens the modifier of that verb's object, however long."""
    if _DESCRIBED_PERSON.match(text, end):
        return True  # 冒充客人来补房卡的男的是几点到前台的: the verbs before 的男的是 say who he is
    rest = text[end:end + (10 if serial else 6)]
    at = rest.find("的")
    if at < 0 or at > (8 if serial else 2) or serial and re.search(r"[，,。？?]", rest[:at]):
        return False
    if rest[:at] in PARTY_ROLES or rest[:at] in ("他", "她", "我", "你", "他们", "我们"):
        return False  # 承担原告的律师费: the verb's object is whose (原告的), the verb is the act
    after = rest[at + 1:at + 2]
    if _ASKED_HEAD.match(text[end + at + 1:]):
        return False  # 输钱最多的玩家是谁: the clause says who is asked for — its act is the act
    return bool(after) and after not in "是吗呢了？?，,。" and re.match(r"[\u4e00-\u9fff]", after) is not None


def _subject(tokens: list[tuple[int, str, str]], names: list[str]) -> str | None:
    """The question's opening noun or name, before its first verb (肇事车撞人以后…, 郑某还有…); a
    pronoun (他) leaves it open."""
    for at, word, flag in tokens:
        if flag.startswith(("v", "l", "p", "r", "d", "c")):
            return None
        if flag in ("t", "m", "q", "f") or not re.search(r"[\u4e00-\u9fff]", word):
            continue  # 那天晚上 / 第一次: when, not who
        name = next((n for n in names if word in n), None)
        return name or word
    return None


def _destination(tokens: list[tuple[int, str, str]], at: int, names: list[str]) -> str | None:
    """The last noun of the run right after an act that moves something somewhere (交到|公司|对公|账户|上
    → 账户); None for another act, or a person or party named there (还给原告: whose it is, not where)."""
    words = [(w, f) for start, w, f in tokens if start >= at]
    if len(words) > 1 and not _MOVES_TO.search(words[0][0]) and words[1][0] in _MOVED_TO:
        words = words[1:]  # 扔|到|河里: jieba cut the ending off
    if not words or words[0][0][-1] not in _MOVED_TO:
        return None
    run: list[str] = []
    for word, flag in words[1:]:
        if word in "了过" or flag == "r" and not run:
            continue  # 打到|他|卡上: whose the place is
        if not flag.startswith(("n", "s")) or flag.startswith("nr") or word in PARTY_ROLES \
                or any(word in n for n in names):
            break
        run.append(word)
    return run[-1] if run else None


# A one-character verb asked both ways (查没查, 去不去, 看没看过): the act is the verb, asked — not denied.
# (有没有, 是不是 and the two-character words asked so — 知不知道, 同不同意 — are read as they stand)
_BOTH_WAYS = re.compile(r"(?P<verb>[^有是知认同愿承接对\W\d])[不没](?P=verb)")


def read_focus(text: str, reading: Reading, names: list[str] = ()) -> Focus:
    """``names``: the parties the question names (beyond jieba's), whose characters are never acts."""
    text = _BOTH_WAYS.sub(r"\g<verb>", text)
    focus = Focus()
    names = list(dict.fromkeys([*reading.names, *names]))
    roles = [m.group(0) for m in re.finditer(_ROLE, text)]
    focus.roles = list(dict.fromkeys(roles))
    said = _SAID_BY.search(text)
    if said and (said.group("who") in PARTY_ROLES or said.group("who") in names):
        focus.said_by = said.group("who")
    under = _UNDER_ACCOUNT.search(text)
    focus.account_unread = focus.said_by is None and bool(under) and not _OWN_ACCOUNT.fullmatch(under.group("who"))
    settings = [m.end() for m in _SETTING.finditer(text)]
    setting_end = settings[-1] if settings else 0
    acts: list[tuple[str, bool, int, int]] = []  # (stem, inside a modifier, where it starts and ends)
    negations: list[bool] = []  # each negated act: whether it sits in a modifier
    offset, previous = 0, ""
    titles = [m.span() for m in re.finditer(r"《[^》]*》", text)]  # 《钢材购销合同》 names a thing
    flags: dict[str, str] = {}
    context: set[str] = set()  # verbs that say which thing (被刮的车, 自己的行为)
    tokens: list[tuple[int, str, str]] = []
    act_starts: dict[str, int] = {}
    for word, flag in posseg(text):
        start, offset = offset, offset + len(word)
        if word == "还" and text[offset:offset + 1] in _RETURNED:
            flag = "v"  # 还过钱 / 还给他: jieba's adverb 还 (still) is the act of paying back here
        flags.setdefault(word, flag)
        tokens.append((start, word, flag))
        if any(a <= start < b for a, b in titles):
            continue
        split = previous if _ASPECT.search(previous) and len(word) == 1 and flag.startswith("v") else ""
        previous = word if flag.startswith("v") else ""
        if split and acts and acts[-1][0] == _stem(split):  # 帮过忙: one act, 帮忙
            acts[-1] = (acts[-1][0] + word, acts[-1][1], acts[-1][2], offset)
            continue
        if any(word in n for n in names) or word in PARTY_ROLES:
            continue
        if word in SLOT_WORDS or not re.search(r"[\u4e00-\u9fff]", word):
            continue
        if flag.startswith("v") or flag == "l":
            stem = _stem(word)
            if stem in LIGHT_VERBS or len(stem) == 0 or stem[-1] in "是的在有":
                continue  # 严梓|涵是: a name cut wrong, not an act
            if text[start - 1:start] == "的":
                context.add(word)
                continue  # 自己的行为: a verb after 的 is a noun here
            if start < setting_end:
                continue  # 喝完酒以后: the setting, not the act
            if ORG_ENDING.match(text, offset) and not _MOVES_TO.search(word):
                continue  # 锐拓|公司: jieba's verb is a company's name (交到|公司 moves something to one)
            if cut_across(word, text):
                continue  # 那起|假事故: jieba's cut across a measure word and its noun, no act
            if stem in _NAMING and re.match(r"什么|啥|谁|哪", text[offset:]):
                continue  # 叫什么名字: the asked slot, not an act
            serial = bool(acts) and acts[-1][3] == start and not acts[-1][1]
            if serial and acts[-1][0][-1] not in _RESULT_ENDS:  # 找代|驾: jieba's pieces of one verb phrase
                acts.append((_stem(text[acts[-1][2]:offset]), acts[-1][1], acts[-1][2], offset))
            # vn: a noun unless nothing else acts
            acts.append((stem, _modifies(text, offset, serial and flag != "vn") or flag == "vn", start, offset))
            act_starts.setdefault(stem, start)
            if _NEGATED.search(text[max(0, start - 2):start]) or word != _NEGATION_PREFIX.sub("", word):
                if not re.search(r"有没有|是不是|有没$", text[max(0, start - 3):start]):
                    negations.append(bool(_modifies(text, offset)))
    # 没考过的考生，周哥有没有退钱: a negation inside a modifier says which people; the question asks of an
    # absence only when it negates the main act, or when no act but the modified one is told (没还的钱)
    focus.negated = any(not inside for inside in negations) or \
        (bool(negations) and all(inside for _, inside, _, _ in acts))
    # the last predicate verb is the main act; a verb inside a modifier (被刮的那辆车) says which thing
    # a phrase of two pieces comes before its pieces (找代驾, then 驾, 找代)
    ordered = sorted(acts, key=lambda a: (-a[3], a[2]))
    focus.acts = list(dict.fromkeys(a for a, inside, _, _ in ordered if not inside))
    context |= {a for a, inside, _, _ in acts if inside}
    if not focus.acts:  # 是主动投案的吗: a verbal noun is the act when no verb is
        focus.acts = [a for a, _, _, _ in reversed(acts) if a in reading.terms
                      and not _modifies(text, text.find(a) + len(a))][:1]
    last = _PREDICATE_END.search(text)
    if not focus.acts and last and last.group(1) in reading.terms and not ORG_ENDING.fullmatch(last.group(1)):
        # 他报警了吗: what ends it is the act (not …是锐拓公司的吗: a company named)
        focus.acts = [last.group(1)]
    # the things: nouns (and the context verbs), not adverbs or times (最后, 当时)
    # (jieba tags some nouns right after a verb as adjectives: 保留|合同/a — the act's object all the same)
    things = [t for t in reading.terms if flags.get(t, "n").startswith(("n", "vn", "j", "eng")) or t in context
              or flags.get(t) == "a" and len(t) > 1 and any(text.find(t) == end for _, _, _, end in acts)]
    focus.objects = [t for t in things if not any(_stem(t) in a for a in focus.acts)
                     and _stem(t) not in LIGHT_VERBS
                     and t not in SLOT_WORDS and t not in PARTY_ROLES and not _SETTING.fullmatch(t)
                     and t not in _NAMING and t not in _PLACE_PARTICLES
                     and not any(t in n for n in names)
                     and not any(t in text[a:b] for a, b in titles)
                     and not 0 <= text.find(t) < setting_end]  # 喝完酒以后: when, not what
    # 《钢材购销合同》: a named document is one thing, matched whole
    focus.objects = [text[a + 1:b - 1] for a, b in titles if b - a > 2] + focus.objects
    focus.subject = _subject(tokens, names)
    main_at = act_starts.get(focus.acts[0]) if focus.acts else None
    if main_at is not None:  # the last thing named between the setting and the act: what it is done to
        before = [w for at, w, f in tokens if setting_end <= at < main_at and f.startswith("n") and not f.startswith("nr")
                  and len(w) >= 2 and w not in SLOT_WORDS and w not in PARTY_ROLES and not any(w in n for n in names)]
        patient = re.sub(r"(?<=.)[上里中内下]$", "", before[-1]) if before else ""  # 送货单上: the 单, not 单上
        moved = [w for at, w, f in tokens if at < main_at and f.startswith("n") and text[at - 1:at] == "把"]
        focus.patient = moved[-1] if moved else patient if len(patient) >= 2 else None  # 把刀扔到…: the 刀
        if _YES_NO_END.search(text):
            focus.destination = _destination(tokens, main_at, names)
    focus.knowing = [k for k in KNOWING_WORDS if k in reading.terms or k in reading.verbs]
    knows_at = min((text.find(k) for k in focus.knowing if k in text), default=-1)
    if knows_at > 0 and "你" not in text[:knows_at]:
        focus.knower = next((n for n in names if n in text[:knows_at]), None)
    knowing = _KNOWING.search(text)
    if knowing and _YES_NO_END.search(text):  # 他当时知道是违法的吗: knowing is the act asked
        focus.acts = [knowing.group(0)] + [a for a in focus.acts if a != knowing.group(0)]
    told = next((m.group(0) for m in _TELLING.finditer(text, setting_end)), None)
    if told and _YES_NO_END.search(text) and not knowing:  # 告诉胡志强车子抵押着了吗: the telling is asked
        focus.acts = [told] + [a for a in focus.acts if a != told]
    focus.existential = bool(_EXISTENTIAL.search(text))
    focus.remainder = bool(_REMAINDER.search(text))
    kind = question_kind(text)
    # 抢了哪些东西 takes things; 拿了钱 / 转给他 moves money (a ledger row's act)
    focus.moves_money = kind is not None and (kind != "take" or bool(re.search(r"钱|款|元|资金|现金", text)))
    return focus
