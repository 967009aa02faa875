"""Whether a statement speaks of what a question asks about, and what it says of it.

A question's focus (engine/question/focus.py) names the asked act (叫代驾, 扔, 收到), what it is
done to (水果刀, 货款) and the parties. A statement speaks of it when its answer — or the question
it answers — holds the act (or an act of its kind: 威胁 ~ 吓唬) and, when the question names
things, one of them. Of the clauses that hold the act, one that only proposes or intends it
(劝我叫个代驾, 打算还) says nothing of whether it happened; a negation right before the act
(就没叫代驾, 没有受伤) says it did not. The asker's own statement of a fact counts as said when the
answer confirms it (…经鉴定为轻微伤，你知道吗？—知道).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.question import CasePlan
from engine.answer.casefile.facts import Statement
from engine.ingest.chunkers.turns import HEARING_SIDES, party_of
from engine.text.names import posseg
from engine.text.boundaries import CLAUSE_PREDICATE, SENTENCE_ZH
from engine.text.segments import Segment, split

# Verbs of the same act in statements (a question says 打, the answer 砸): acts that criminal and
# civil records describe, grouped. A word of one group in the question matches any word of its group.
ACTS = [frozenset(g.split()) for g in (
    "打 砸 揍 殴打 踢 捅 砍 扎 刺 推 推搡 扇 击打 撞 掐 咬 动手 打架 斗殴 作案",
    "拿 取 偷 盗 抢 骗 挪用 侵占 拿走 取走 抢劫 抢走 盗窃 扯 夺 拽 作案",
    "给 交 转 付 汇 打款 转账 支付",
    "还 退 归还 退还 返还 退赔 退回 还给 退给",
    "说 讲 称 告诉 表示 提到 承认",
    "喝酒 饮酒 喝 醉",
    "受伤 伤 伤情 流血 缝针 骨折 轻伤 重伤 轻微伤 划伤 擦伤 摔伤 撞伤 受了伤",
    "认识 熟悉 见过",
    "用 花 花掉 用在 用到 花在 去向 处理 挥霍 消费 还债 还网贷 赌博 输掉 干什么",
    # giving oneself up is not being caught: 投案 and 抓获 are both ways of 到案, never each other
    "投案 自首 到案 归案",
    "到案 归案 传唤 抓获 查获 抓住 通知我 到公安机关 到派出所 来的 带走 带回 带回来 带到 抓走",
    "威胁 恐吓 吓唬 胁迫 逼迫 要挟",
    "帮忙 帮 帮助 关照 照顾 打招呼 通融 疏通 说情",
    "扔 丢 丢弃 扔掉 丢掉 抛弃",
    "收到 收下 收了 到账 收取 收过",
    # a sale told by either side of it: the one who bought is the one it was sold to (卖给了…, 收东西的人)
    "买 卖 卖给 买走 出售 售卖 销赃 收购 回收 收东西 收货",
    "签字 签名 签收 签的字",
    "停车 停 停下 停住 刹车",
    "投诉 举报 反映 控告 信访",
    # a sanction asked in general (以前有没有被处罚过) is told as the one imposed (被行政拘留过10天, 罚了2000元)
    "处罚 处理过 罚款 拘留 行政拘留 刑事拘留 判刑 判 坐牢 劳教 处分 吊销",
    "送到 运到 送达 运达 到货 交货 送货 交付",
    # keeping a thing: the asker's 还在吗 asks it (聊天记录还在吗？—在，都截图保存了)
    "保留 保存 留着 留存 存着 还在",
)]
# A verb's result told with another complement is the same act (拦下 ~ 拦住 ~ 拦停, 扣下 ~ 扣住): the
# question's words for how it ended differ from the statement's, the verb that did it does not.
_RESULTS = "下住停走掉到"


@lru_cache(maxsize=4096)
def kin(act: str) -> frozenset[str]:
    """The act and the words told for the same act: its group in ACTS and, for a verb with a result
    complement, the verb with another one."""
    found = {act}.union(*(g for g in ACTS if act in g))
    if len(act) == 2 and act[1] in _RESULTS and act[0] not in _RESULTS:
        found |= {act[0] + c for c in _RESULTS}
    return frozenset(found)


# A one-character act is a verb only before these (打了, 砸过, 扔进) — never inside another word (打架).
_VERB_AFTER = r"[了过着完伤死倒他她我你人进掉走下上出到回起住，。？！,.?!；;]"
# A negation scoping over the act right after it (就没叫代驾, 并没有受伤, 从来没打过).
# A negated consent or will governs the act after it (不同意调解, 不愿意赔, 没答应还).
NEGATED_BEFORE = re.compile(r"(?:没有|没|未|不|并未|从未|从没|从来没有?|不曾|别|无)(?:[就都也还再又曾能敢会想去来]){0,2}"
                            r"(?:同意|愿意|接受|答应|肯)?$")
# An act only proposed, intended, feared or hoped for in its clause (劝我叫个代驾, 打算下个月还), or
# forbidden (说这是耕地，不能倒垃圾: a prohibition told is neither the act done nor denied).
# (快离婚的时候 / 快要签合同时: the act only about to happen — a time before it, not its date)
# 请求判令二被告返还订金: a claim asks the court to order the act, it does not tell it done (nor consented).
CLAIMED = re.compile(r"请求|判令|诉请")
IRREALIS = re.compile(r"劝|建议|要求|叫我|让|叫他|要(?!求|是)|想|打算|准备|如果|要是|假如|万一|应该|答应|说好|希望|怕|以为|是否|有没有"
                      r"|不能|不准|不许|不得|禁止"
                      rf"|{CLAIMED.pattern}"
                      r"|快$")
# What is owed is all paid (已经全部结清了, 一分不欠), or is not (还欠, 没结清, 没给).
SETTLED = re.compile(r"结清|付清|还清|清了|不欠|(?:全部|都)(?:给|付|还|结|发)(?:了|清|完)")
OWING = re.compile(r"还欠|尚欠|仍欠|还差|没(?:有)?(?:结清|付清|还清|给|付|还|发)|未(?:结清|付清|还清|付|还|发)")
# An answer that confirms what the asker stated (…你知道吗？—知道 / 是否属实？—属实).
CONFIRMS = re.compile(r"^(?:知道|属实|是的|是|对|没有异议|没异议|无异议|没有意见|没意见|认可|承认|同意|确认|就是|没错)")
MONEY = re.compile(r"钱|款|元|资金|现金|工资")
# Words too general to say what a question is about (they occur in almost every answer).
GENERAL = frozenset("当时 后来 现在 以前 之前 之后 情况 事情 具体 一下 时候 问题 这个 那个 什么 东西 知道 说".split())
# ... nor to name the thing an act is done to.
NOT_THINGS = GENERAL | frozenset("晚上 那天 人 上 最后 最终 这些 那些 自己 对方 双方".split())


def occurs(word: str, context: str) -> bool:
    """A one-character verb counts only as a verb (打了, 砸过), never inside another word (打架)."""
    context = context.replace("\n", "")  # a PDF's line break inside a word (真实姓\n名)
    if len(word) > 1:
        return word in context
    return bool(re.search(re.escape(word) + rf"(?={_VERB_AFTER}|$)", context))


def _split_gap(word: str) -> str:
    """What may stand between a two-character word's characters (喝了不少酒): a few characters — and
    for a passive, its agent (被宾阳县法院判过刑: 被…判), a clause's length at most."""
    return r"[^，。；！？,;]{1,10}" if word[0] == "被" else r".{1,4}"


def word_hit(word: str, context: str) -> float:
    """1 when the word occurs; 0.8 when a word of the same act does (打 ~ 砸); 0.5 when a
    two-character word is split by a few characters (喝酒 ~ 喝了不少酒)."""
    if occurs(word, context):
        return 1.0
    if any(occurs(other, context) for other in kin(word) if other != word):
        return 0.8
    if len(word) == 2 and re.search(re.escape(word[0]) + _split_gap(word) + re.escape(word[1]), context):
        return 0.5
    if len(word) == 2 and occurs(word[0], context):
        return 0.4  # a verb's head alone (用到 ~ 做什么用, 转给 ~ 转了)
    return 0.0


def position(word: str, text: str) -> int:
    """Where the word (or its split form 喝…酒, or an act of its group) starts in the text; -1."""
    text = text.replace("\n", "")
    if occurs(word, text):
        return text.find(word) if len(word) > 1 else re.search(re.escape(word) + rf"(?={_VERB_AFTER}|$)", text).start()
    found = [position(o, text) for o in kin(word) if o != word and occurs(o, text)]
    if found:
        return min(found)
    if len(word) == 2:
        m = re.search(re.escape(word[0]) + _split_gap(word) + re.escape(word[1]), text)
        if m:
            return m.start()
    return -1


@lru_cache(maxsize=8192)
def _verb_starts(text: str) -> frozenset[int]:
    """Where a verb starts in the text, as jieba cuts it (请客, 拦下来, 扔进): a one-character act
    is found at such a place only, never inside a noun (打电话 holds 打 as a verb; 打字机 does not)."""
    starts, at = set(), 0
    for word, flag in posseg(text):
        if (flag.startswith("v") or flag == "l") and word not in _OTHER_VERBS:
            starts.add(at)
        at += len(word)
    return frozenset(starts)


# Verbs opening with a one-character act's character that tell no such act (开始当厂长 opens nothing,
# 打算 hits no one, 打听 and 说明 are no 打 and no 说 of the thing asked).
_OTHER_VERBS = frozenset("开始 开展 开支 开销 开心 打算 打听 看来 还是".split())


@lru_cache(maxsize=4096)
def _form(word: str) -> re.Pattern[str]:
    """A word as statements write it: a PDF line break anywhere inside, an aspect after its first
    character (打招呼 ~ 打了招呼, 帮忙 ~ 帮过忙)."""
    pieces = [re.escape(word[0])] + (["[了过着]?"] if len(word) >= 2 else []) + \
        ["\n?" + re.escape(c) for c in word[1:]]
    return re.compile("".join(pieces))


def _act_positions(act: str, text: str) -> list[int]:
    """Where the act or an act of its kind starts in the text."""
    found = []
    for word in kin(act):
        for m in _form(word).finditer(text):
            start = m.start()
            if len(word) > 1 or start in _verb_starts(text) or occurs(word, text[start:]):
                found.append(start)
    if not found and len(act) == 2:  # 喝…酒: a verb and its object split by a few characters
        m = re.search(re.escape(act[0]) + (_split_gap(act) if act[0] == "被" else r"[^，。；,;]{1,4}")
                      + re.escape(act[1]), text)
        if m and (m.start() in _verb_starts(text) or act[0] == "被"):  # (被 is no verb: the passive's mark)
            found.append(m.start())
    return sorted(found)


def act_at(plan: CasePlan, text: str, main: bool = False) -> int:
    """Where the asked act (any of the question's act verbs, or one of their kind; only the main
    one with ``main`` — or a piece of it, when it is a phrase of jieba's pieces: 承认|骗 told as
    我承认我…骗了) first stands in the text; -1."""
    acts = plan.focus.acts
    if main:
        acts = acts[:1] + [a for a in acts[1:] if a in acts[0]]
    found = [p for act in acts for p in _act_positions(act, text)]
    return min(found, default=-1)


def objects_of(plan: CasePlan, people: list[str] = (), text: str | None = None) -> list[str]:
    """The things the question names (水果刀, 货款), without general words and people's names — and,
    given the file's ``text``, only those it names somewhere: a thing the file never names is the
    question's paraphrase (行为 for 这样做), which cannot tell one statement from another."""
    found = [o for o in plan.focus.objects if o not in NOT_THINGS and not any(o in p for p in people)]
    return found if text is None else [o for o in found if object_hit(o, text)]


def object_hit(obj: str, text: str) -> bool:
    """The thing is named (水果刀), by its head (刀; 监察部门 ~ 部门), or, for money, by any word for
    money (货款 ~ 两笔钱)."""
    text = text.replace("\n", "").lower()  # (the question is read lower-cased: 4s店 is the record's 4S店)
    if obj in text or word_hit(obj, text) >= 0.8:
        return True
    if len(obj) >= 3 and _head_named(obj, text):
        return True
    return bool(MONEY.search(obj)) and bool(MONEY.search(text))


def _head(obj: str) -> str:
    return obj[-2 if len(obj) >= 4 else -1:]


def _head_uses(obj: str, text: str) -> tuple[int, int]:
    """(times the text names the thing's head bare or of the thing itself, times inside a noun of its
    own ending in that head — 桅灯、尾灯 beside the 探照灯 asked, 菜刀 beside 水果刀)."""
    head, free, other = _head(obj), 0, 0
    before = ("", "")
    for word, flag in _nouns(text):
        if head in word:
            own = _COUNTED_BY.sub("", word)
            if word == head and before[1].startswith("n") and not before[1].startswith("nr") \
                    and not obj.startswith(before[0]) and not _COUNTED_BY.fullmatch(before[0]):
                own = before[0] + word  # 示廓|灯: jieba cut the other kind's name from its head
            if len(own) > len(head) and own.endswith(head) and own != obj and not obj.endswith(own) \
                    and (flag.startswith(("n", "l")) or own != word):
                other += 1
            else:
                free += 1
        before = (word, flag)
    return free, other


def _head_named(obj: str, text: str) -> bool:
    return _head(obj) in text and _head_uses(obj, text)[0] > 0


def names_other_kind(obj: str, text: str) -> bool:
    """The text names other things of the asked thing's head and never the thing, nor its head
    bare: 开了哪些灯？—桅灯、左右舷灯和尾灯都开了 says nothing of the 探照灯 asked."""
    text = text.replace("\n", "")
    if len(obj) < 3 or obj in text or _head(obj) not in text:
        return False
    free, other = _head_uses(obj, text)
    return other > 0 and free == 0


@lru_cache(maxsize=4096)
def _nouns(text: str) -> tuple[tuple[str, str], ...]:
    return tuple(posseg(text))


# jieba keeps a pointing word, a number and a measure word with the noun (那辆车, 一辆车, 部手机): they
# say which one or how many, not what kind.
_COUNTED_BY = re.compile(r"^[这那哪每该此其各某]?[\d一二两三四五六七八九十百千几]*"
                         r"[个辆把张台部件只头条根支块本位名间套双对批箱袋瓶包份段笔盏架艘]?")


def sentences_of(text: str) -> list[Segment]:
    return split(text, 0, len(text), SENTENCE_ZH)


def clauses_of(sentence: Segment) -> list[Segment]:
    found = split(sentence.text, 0, len(sentence.text), CLAUSE_PREDICATE) or [Segment(0, len(sentence.text), sentence.text)]
    return [Segment(sentence.start + c.start, sentence.start + c.end, c.text) for c in found]


@dataclass
class Mention:
    """A clause that speaks of the asked act: where, whether negated, whether only proposed."""

    clause: Segment  # offsets in ``text`` (the answer, or the asker's words when ``asked``)
    sentence: Segment
    negated: bool
    irrealis: bool
    settled: bool | None = None  # for a question about what is outstanding: paid up (True) or not


def _without_act_tail(plan: CasePlan, before: str) -> str:
    """就没叫|代驾: the other words of the asked act (and a measure word) between a negation and
    the act found do not break its scope."""
    words = sorted({w for a in plan.focus.acts for w in (a, *a)} | {"个", "一个", "了"}, key=len, reverse=True)
    tail = re.compile("(?:" + "|".join(map(re.escape, words)) + ")+$")
    return tail.sub("", before)


def mentions(plan: CasePlan, text: str) -> list[Mention]:
    """The clauses of a text that hold the asked act — or, for a question about what is still
    owed, that say it is paid up or not."""
    found = []
    for sentence in sentences_of(text):
        for clause in clauses_of(sentence):
            # read as one line: a record wraps anywhere (从来没|有见过面 is still a denial)
            said = clause.text.replace("\n", "")
            if plan.focus.remainder and (SETTLED.search(said) or OWING.search(said)):
                owing = OWING.search(said)
                found.append(Mention(clause, sentence, False, False, settled=not owing))
                continue
            at = act_at(plan, said)
            if at < 0:
                continue
            before = _without_act_tail(plan, said[:at])
            found.append(Mention(clause, sentence, bool(NEGATED_BEFORE.search(before)),
                                 bool(IRREALIS.search(before))))
    return found


def speaks_of(plan: CasePlan, asked: str, said: str, things: list[str] = ()) -> bool:
    """The statement (the question it answers, what was said) is about the asked act — and, of the
    things the question names with it, about one (扔 of a 钱包 is not 扔 of the 水果刀). A question
    naming no act is matched by its words alone (the ranking's weights)."""
    if not plan.focus.acts:
        return True
    context = asked + said
    if act_at(plan, context) < 0 and not (plan.focus.remainder and mentions(plan, said)):
        return False
    return not things or any(object_hit(o, context) for o in things)


def confirmed_assertion(statement: Statement) -> bool:
    """The answer confirms what the asker put to the speaker (宣读/出示…你知道吗？—知道)."""
    said = statement.answer.strip()
    return bool(statement.question.strip()) and bool(CONFIRMS.match(said)) and \
        len(re.sub(r"[^\u4e00-\u9fff]", "", statement.question)) >= 15


def side_of(label: str | None) -> str | None:
    """The side a party label or role word names, as statements carry it (``Statement.party``, read
    by the chunker's ``party_of``): 原告委托诉讼代理人 → 原告, 被告人 → 被告; a name is itself."""
    if not label:
        return None
    return party_of(label, "A") or label


def voice(statement: Statement) -> str | None:
    """Whom an answer is attributed to: a hearing's side (原告, 被告 …), else the speaker."""
    return statement.party if statement.party in HEARING_SIDES else statement.speaker


def tells_asked_act(plan: CasePlan, text: str, people: list[str] = (), doc_text: str | None = None,
                    answer: str = "") -> bool:
    """Whether a sentence, with the asker's words it answers, tells the very act a yes/no asks: the
    act (or one of its kind), one of the things named after it when the question names any (聊天记录),
    and, for an act done once something came (等到救护车来了才走), the waiting for that thing (没等救护车
    来就走了) — not a sentence telling another act of that moment (救护车到了，医生把老人抬走了), nor
    an ``answer`` (the sentence without the asker's words) naming only other things of the asked
    thing's kind."""
    text = text.replace("\n", "")
    if plan.focus.acts and act_at(plan, text) < 0:
        return False
    if plan.waited_for and not (plan.waited_for in text and re.search(r"等|直到", text)):
        return False
    if plan.focus.destination and not object_hit(plan.focus.destination, text):
        return False  # 交到公司对公账户上的吗 — 再交第二期签证办理费 says not where it went
    things = acted_on(plan, people, doc_text)
    known = plan.focus.acts[1:] if plan.focus.acts and plan.focus.acts[0] in plan.focus.knowing else []
    if known and not any(_act_positions(a, text) for a in known) and not any(object_hit(o, text) for o in things):
        return False  # 知道卖的是假茶吗 — 你知道为什么被传唤吗？知道: knowing something else
    if any(names_other_kind(o, answer) for o in things):
        return False  # 开了哪些灯？—桅灯、尾灯都开了: the ``answer`` tells of other lamps than the one asked
    return not things or any(object_hit(o, text) for o in things)


# An answer opening with a bare verdict (有。/ 没有，他说过几天就还。/ 不是的。) tells the asker's words.
BARE_VERDICT = re.compile(r"^(?:没有|没|不是|不|有|是的?|对的?|嗯|没错|不对|从来没有|从没有|[\u4e00-\u9fff]{1,2}[了过])"
                          r"(?:[，。,！!；;]|$)")  # (签了，合同一式两份: the asked verb said back)


def acted_on(plan: CasePlan, people: list[str] = (), doc_text: str | None = None) -> list[str]:
    """The things a yes/no names after its act begins: the act's objects. Those before it name its
    doer, whom the answer may call 他 (三轮车司机是不是…: 他一直等到…); one said with 的 only
    qualifies another (被骗的钱 is the 钱, called 被冻结的钱 by the asker); a thing the file never names
    is the question's paraphrase (行为 for 这样做)."""
    verbs = [v for v in plan.question.verbs if v not in GENERAL]
    asked = plan.text
    begins = min((asked.find(v) for v in verbs if v in asked), default=0)
    return [o for o in objects_of(plan, people, doc_text) if o not in plan.names
            and asked.find(o) >= begins and o != plan.waited_for and f"{o}的" not in asked]


def untold_of_asked(plan: CasePlan, text: str, people: list[str] = (), doc_text: str | None = None,
                    speaker: str | None = None, answer: str = "") -> list[str]:
    """What of a yes/no's asked act a sentence (with the asker's words it answers) leaves unsaid: the
    main act itself (or one of its kind) — told by the ``answer`` itself when it is more than a bare
    有。/ 没有。 (你是怎么骗她的？—认识她以后… does not say 骗) —, any of the things it is done to, the
    people the question names (but the speaker; 他/她 points at one). A verdict read from a sentence
    leaving any of these out is an inference from it, not what it says."""
    text = text.replace("\n", "")
    told = answer.replace("\n", "") if answer.strip() and not BARE_VERDICT.match(answer.strip()) else text
    main = plan.focus.acts[0] if plan.focus.acts else ""
    # (its characters in any order tell a verb and its object split: 见过面 ~ 一次面都没见过)
    missing = [main] if main and act_at(plan, told, main=True) < 0 \
        and not (len(main) >= 2 and all(ch in told for ch in main)) else []
    missing += [o for o in acted_on(plan, people, doc_text) if not object_hit(o, text)]
    if not re.search(r"[他她]|[你我]们|双方|二人|两人|俩", text):  # pointing at one or both (双方未办理结婚登记)
        # (the speaker as the question writes him, jieba's cut of it too: 柯雨 of 柯雨彤)
        missing += [n for n in plan.names if not (speaker and (n in speaker or speaker in n)) and n not in text]
    return missing


def names_things_whole(plan: CasePlan, text: str, people: list[str] = (), doc_text: str | None = None) -> bool:
    """For a bare 在/有 to the asker's own yes/no: the thing asked, taken whole as the question writes
    it, is the one the asker's words name — 转账记录 is not the 聊天记录 asked of, though both are 记录."""
    text = text.replace("\n", "")
    wholes = [w for w in (_whole_thing(plan, o, doc_text) for o in objects_of(plan, people, doc_text)) if w]
    return not wholes or any(_same_thing(whole, text, doc_text) for whole in wholes)


# What may stand right before a noun without making it another thing (那份合同, 签过，合同在…).
_NOT_A_MODIFIER = frozenset("的这那个些份张段条次笔把将被了过着在是有都也还")


def _same_thing(whole: list[str], text: str, doc_text: str | None = None) -> bool:
    """The text names the thing asked, or its head bare (合同 for 劳动合同), or not at all — never
    only the head with another modifier (聊天记录 for 转账记录), nor its modifiers with another head
    when the file names the head asked (充电头 for 充电线; a head the file never uses is the question's
    paraphrase: 监察部门 for 监察支队); its modifiers may stand apart (金融方面的许可证 names 金融许可证)."""
    *modifiers, head = whole
    if "".join(whole) in text:
        return True
    starts = [m.start() for m in re.finditer(re.escape(head), text)]
    if all(m in text for m in modifiers):
        if starts or doc_text is not None and head not in _joined(doc_text):
            return True
        return not any(re.match(r"[\u4e00-\u9fff]", text[m.end():m.end() + 1])
                       for m in re.finditer(re.escape(modifiers[-1]), text))
    return not starts or any(at == 0 or not re.match(r"[\u4e00-\u9fff]", text[at - 1])
                             or text[at - 1] in _NOT_A_MODIFIER for at in starts)


def thing_named(plan: CasePlan, obj: str, text: str, doc_text: str | None = None) -> bool:
    """The text names the thing the question names (``object_hit``) — as the same thing when the
    question writes it as a compound (充电头 names 充电 but not the 充电线 asked)."""
    whole = _whole_thing(plan, obj, doc_text)
    return object_hit(obj, text) and (whole is None or _same_thing(whole, text.replace("\n", ""), doc_text))


def whole_things(plan: CasePlan, things: list[str], doc_text: str) -> list[str]:
    """The things that can tell one statement's thing from another's: not a modifier of another's
    compound (充电 of 充电|线), nor a single character standing alone (线 only as the head of 充电线)."""
    inside = {w for o in things for w in (_whole_thing(plan, o, doc_text) or [])[:-1]}
    return [o for o in things if o not in inside and (len(o) >= 2 or _whole_thing(plan, o, doc_text))]


@lru_cache(maxsize=1024)
def _tagged(text: str) -> tuple[tuple[str, str], ...]:
    return tuple(posseg(text))


@lru_cache(maxsize=8)
def _joined(doc_text: str) -> str:
    """The file's text read as one line (a record wraps anywhere): joined once per file, not per
    thing and sentence checked against it."""
    return doc_text.replace("\n", "")


def _whole_thing(plan: CasePlan, obj: str, doc_text: str | None = None) -> list[str] | None:
    """The words of the thing as the question writes it whole, when jieba cut a compound noun
    (转账|记录 for 转账记录): the nouns right before it, or the verb between the act and it; None when
    it stands alone. A verb inside the compound (竞业|限制|协议, 充电|线) is kept only when the file
    writes the compound so (``doc_text``): 派人|维修|房屋 is two acts, not a thing."""
    words = _tagged(plan.text)
    index = next((i for i, (w, _) in enumerate(words) if w == obj), None)
    if index is None or words[index][1] in ("v", "vd", "vg"):
        return None  # a verb heads no compound (拿 after a name is an act)
    first, inner = index, None
    while first > 0:
        word, flag = words[first - 1]
        if flag.startswith(("n", "j", "vn")) and not flag.startswith(("nr", "ns", "nt", "nz")) and word not in plan.names:
            first -= 1  # 金融|许可证, 调表|仪器
            continue
        if flag == "v" and first >= 2 and len(word) == 2 and word[-1] not in "了过着" and word not in plan.focus.knowing \
                and (words[first - 2][0] == "的" or words[first - 2][1].startswith("n")
                     and not words[first - 2][1].startswith(("nr", "nz"))):
            first -= 1  # 用的|充电|线, 竞业|限制|协议: a verb inside the noun's words says which thing
            inner = first if inner is None else inner
            continue
        if flag == "v" and first == index and first >= 2 and words[first - 2][0] in plan.question.verbs:
            first -= 1  # 保留|转账|记录: the verb between the act and the noun qualifies the noun
        break
    whole = "".join(w for w, _ in words[first:index + 1])
    if inner is not None and (doc_text is None or whole not in _joined(doc_text)):
        first = inner + 1
    return [w for w, _ in words[first:index + 1]] if first < index else None


def verb_told(verb: str, text: str) -> bool:
    """The verb stands in the text as itself, an act of its kind, or by its head (等到 ~ 没等…)."""
    return word_hit(verb, text) >= 0.4 or bool(_act_positions(verb, text)) or (len(verb) == 2 and verb[0] in text)


def verb_negated(plan: CasePlan, text: str) -> bool:
    """A negation right before one of the question's verbs, or its head (没等救护车来就走了 denies
    等到…才走, though 走 itself is said)."""
    text = text.replace("\n", "")
    for verb in plan.question.verbs:
        for head in {verb, verb[0]}:
            at = text.find(head)
            while at >= 0:
                if NEGATED_BEFORE.search(text[:at]):
                    return True
                at = text.find(head, at + 1)
    return False
