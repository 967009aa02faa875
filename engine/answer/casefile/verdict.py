"""Yes/no from what was said: the verdict of the statement that speaks of the asked act — its bare
是/不是 to the very act asked, else the clause holding the act with the negation's scope, never a
proposal (劝我叫个代驾) or the speaker's own act told of someone else, paid up or not for what is
still outstanding, or the asker's fact the answer confirms (…你知道吗？—知道)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.act_mentions import (BARE_VERDICT, CLAIMED, act_at, confirmed_assertion, mentions, objects_of,
                                                 occurs, position, side_of, names_things_whole, tells_asked_act,
                                                 thing_named, untold_of_asked, verb_negated, voice, whole_things,
                                                 word_hit)
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part, Quoted, Reading
from engine.answer.casefile.said import (GENERAL, Match, _anchor, _assertion, _confirmed_part, _effective_question, _gap,
                                         _sentences)
from engine.answer.model import Conflict
from engine.answer.wording import quoted
from engine.ingest.chunkers.turns import HEARING_SIDES, party_of
from engine.answer.casefile.facts import Statement
from engine.text.case_lexicon import (GRANT_WORDS, POINTING_WORDS, CHANNELS, EITHER, EITHER_OTHER, EITHER_TOPIC, NOT_HELD, OUT_OF_ORDER, STATES,
                                      REFUSAL, UNCERTAIN)
from engine.question import CasePlan, Slot
from engine.question import asks_knowing, channel_asked, doer_named
from engine.text.boundaries import SENTENCE_ZH, split
from engine.text.numbers import find_amounts
from engine.text.segments import Segment, trimmed

NEGATION = re.compile(r"^(?:没有|没|不是|不|未|否|无|从来没|从没|从未|并没|并不|还没)")

AFFIRMATION = re.compile(r"^(?:是的?|对|有|嗯|认识|知道|会|属实|确实|当然|同意|愿意|可以|承认|在(?=[，。,！!]|$)|"
                         r"[\u4e00-\u9fff][了过](?:[，。,]|$))")
# The asker's question a bare 是/有/在/没有 answers: a yes/no one (…还在吗, 有没有…), never one asking
# who, what or how (是谁先动的手？—是对方… is no 是).
_ASKS_WH = re.compile(r"谁|什么|哪|几|多少|怎么|怎样|如何|为什么|为何|干嘛")
_ASKS_YES_NO = re.compile(r"吗|么[？?]|是否|有没有|是不是|有无|对不对|没有[？?]|[^，。？?]不[^，。？?]{1,3}[？?]")


@dataclass
class Verdict:
    """What one statement says to a yes/no question: 是 / 否, or None when the speaker does not know."""

    value: str | None
    statement: Statement
    sentence: Segment  # in the answer
    asked: Segment | None = None  # the asker's words it confirms (chunk offsets), when those decide
    # read from a sentence telling the act (its negation's scope, a state, a word of the question), not
    # a bare 是/没有 to the asker's own yes/no nor a confirmed assertion: an inference, not a reply
    inferred: bool = False


# 你知道收别人的银行卡再卖出去是违法的吗？—知道一点: the asker asked whether the speaker knows something
# (the ask opens with 你知道); a bare 知道 answers that, not whether the act was done — unless knowing is
# what the user asks too (知不知道那是危险废物). (公司里有没有人知道或者参与 asks of acts, not the speaker's knowing.)
_KNOWING_ASKED = re.compile(r"^\s*(?:那)?(?:你|您)(?:当时|事先|事前|是否)?(?:知道|知不知道|清楚|明白|了解)[^，。？?]{2,}[？?]")


def knowing_asked(plan: CasePlan, statement: Statement, said: str = "", words: bool = False) -> bool:
    """你知道…吗: not knowing is then the answer, not a gap. When the question asks whether another
    knew (解晓彤知道…吗), the speaker's own not knowing (这个我不清楚 — ``said`` up to the words of not
    knowing, in their clause) is a gap; someone else's (老板不知道) still answers.
    ``words``: knowing asked in so many words (知不知道 / 清楚吗), not any word of knowing."""
    asked = asks_knowing(plan.text) if words else bool(plan.focus.knowing)
    knower = plan.focus.knower
    if not asked or knower is None or knower == statement.speaker:
        return asked
    clause = re.split(r"[，,。；;！!？?]", said.replace("\n", ""))[-1]
    return "我" not in clause and bool(_POINTING.sub("", clause))


# Words of a clause that point back or qualify and name no one (这个, 具体, 也, 都).
_POINTING = re.compile(rf"[{POINTING_WORDS}\s]")


def _people_put(plan: CasePlan, statement: Statement, said: str) -> bool:
    """A bare 对/是/没有 confirms what the asker put: the people the question names (but the speaker)
    must be in it, or pointed at (他, 她) — 账对不对？—对的 says nothing of 景秀兰那一户."""
    missing = [n for n in plan.names if n != statement.speaker and n not in said.replace("\n", "")]
    return not missing or bool(re.search(r"[他她]", said))


def _flip(plan: CasePlan, value: str) -> str:
    """A question asking of the act's absence (是不是没有还): a denial of the act answers 是."""
    if plan.focus.negated and not plan.focus.remainder:
        return "否" if value == "是" else "是"
    return value


def _refusal_put(plan: CasePlan, asked: str) -> bool:
    """The asker puts the refusal of the act the question asks of (收下了吗 — 你是否拒收过): the turn's
    yes is the question's no — unless the question asks of the refusal itself (被告拒收了吗)."""
    if plan.refusal_asked:
        return False
    return any(asked.startswith(act[0], found.end()) for act in plan.focus.acts for found in REFUSAL.finditer(asked))


def _verdict(case: Case, plan: CasePlan, statement: Statement) -> Verdict | None:
    sentences = _sentences(statement)
    if not sentences:
        return None
    first = sentences[0]
    opening = trimmed(first.text, 0, len(first.text))
    asked = _effective_question(case, statement)
    to_the_act = not plan.focus.acts or act_at(plan, asked) >= 0
    people = case.people()
    if confirmed_assertion(statement) and to_the_act:  # …经鉴定为轻微伤，你知道吗？—知道。
        assertion = _assertion(case, plan, statement)
        if assertion is not None and act_at(plan, assertion.text) >= 0 \
                and tells_asked_act(plan, assertion.text, people, case.doc_text):
            said = mentions(plan, assertion.text)
            value = "否" if said and said[0].negated else "是"
            return Verdict(_flip(plan, value), statement, first, asked=assertion)
    # a bare verdict on the very act asked (有。/ 没有，… / 不是，是…): the asker asked it as a yes/no,
    # of the asked act and its things (聊天记录还在吗？—在 for 有没有保留聊天记录)
    if opening and to_the_act and _yes_no_asked(asked) \
            and not (_KNOWING_ASKED.search(asked) and not asks_knowing(plan.text)) \
            and tells_asked_act(plan, f"{asked}{first.text}", people, case.doc_text, first.text) \
            and names_things_whole(plan, f"{asked}{first.text}", people, case.doc_text) \
            and _people_put(plan, statement, f"{asked}{first.text}"):
        refused = _refusal_put(plan, asked)  # 你是否拒收过？—拒收过。 for 收下了吗: the act did not happen
        if NEGATION.match(opening.text) or _replaces(plan, opening.text):
            return Verdict(_flip(plan, "是" if refused else "否"), statement, first)
        if (AFFIRMATION.match(opening.text) or refused and REFUSAL.match(opening.text)) \
                and not UNCERTAIN.search(opening.text):
            return Verdict(_flip(plan, "否" if refused else "是"), statement, first)
    if to_the_act and (unsure := UNCERTAIN.search(first.text)) \
            and not knowing_asked(plan, statement, first.text[:unsure.start()]):
        if _denied_before(plan, first.text[:unsure.start()]):  # 没有人赔我，我也不知道该找谁赔
            return Verdict(_flip(plan, "否"), statement, first, inferred=True)
        if _denied_after(plan, first.text[unsure.end():]):  # 这个我不清楚，我没跟别人一起干过
            return Verdict(_flip(plan, "否"), statement, first)
        return Verdict(None, statement, first)
    # a clause telling the main act before one telling another act the question names (约定 before 签订)
    told = sorted(mentions(plan, statement.answer), key=lambda m: act_at(plan, m.clause.text.replace("\n", ""), main=True) < 0)
    for mention in _consent_first(plan, told):
        if mention.irrealis or re.search(r"[？?]\s*$", mention.sentence.text):
            continue  # 劝我叫个代驾: proposed, not done; 是否同意调解？: asked, not said
        if _own_act(plan, statement, mention, people):
            continue  # 肇事车停了吗？—我赶紧停车…: the speaker's own act, not the one asked of
        if _done_by_another(plan, statement, mention, people):
            continue  # 你签过字吗？—合同是开发商签的，我没签字: the first clause names another doer
        if mention.settled is None and not consent_told(plan, mention.sentence.text):
            continue  # 同意由替补鼓手演出吗？—替补鼓手来不了: the act without a word of consent
        if mention.settled is None and \
                not (tells_asked_act(plan, f"{asked}{mention.sentence.text}", people, case.doc_text,
                                        mention.sentence.text)
                     and names_things_whole(plan, f"{asked}{mention.sentence.text}", people, case.doc_text)):
            continue  # 交警来了以后先拍了照: another act of that moment, not 等到交警来了才走
        unsure = UNCERTAIN.search(mention.clause.text)
        if unsure and not knowing_asked(plan, statement, mention.clause.text[:unsure.start()]):
            return Verdict(None, statement, mention.sentence)
        if mention.settled is not None:  # 还有…没拿到吗 — 已经全部结清了
            return Verdict("否" if mention.settled else "是", statement, mention.sentence)
        consent = _consent_in(plan, mention.clause.text)
        denied = mention.negated or verb_negated(plan, mention.clause.text) or \
            consent is not None and bool(_NEGATED_JUST_BEFORE.search(mention.clause.text[:consent.start()]))
        value = "否" if denied else "是"
        return Verdict(_flip(plan, value), statement, mention.sentence,
                       inferred=not _says_itself(plan, mention.sentence.text, value))
    state = _state_verdict(plan, statement, asked, people, case.doc_text, case)
    if state is not None:
        return state
    if not plan.focus.acts:
        return _key_verdict(plan, statement, asked, people, case.doc_text)
    return None


def _tells_main(case: Case, plan: CasePlan, verdict: Verdict) -> bool:
    """The verdict's sentence tells the main act — a bare 有。/ 没有，… with the asker's words."""
    said = verdict.sentence.text.replace("\n", "")
    if BARE_VERDICT.match(said.strip()) or verdict.asked is not None:
        said = f"{_effective_question(case, verdict.statement)}{said}"
    return act_at(plan, said, main=True) >= 0


def _says_itself(plan: CasePlan, sentence: str, value: str) -> bool:
    """The sentence opens with its own 是/否 and tells the main act (没有，我从来没有办过狩猎证): a reply
    in so many words, whatever the asker had asked — not a verdict inferred from how it tells the act."""
    opening = BARE_VERDICT.match(sentence.strip())
    if opening is None or act_at(plan, sentence.replace("\n", ""), main=True) < 0:
        return False
    if re.search(r"[了过]", opening.group(0)) and act_at(plan, opening.group(0), main=True) < 0:
        return False  # 开过，收据我一直留着: its 开过 replies to another act than the 保留 asked
    return ("否" if NEGATION.match(opening.group(0)) else "是") == value


def tells_main_act(plan: CasePlan, sentence: str) -> bool:
    """The sentence tells the question's main act (or one of its kind), and a consent as ``consent_told``."""
    return act_at(plan, sentence.replace("\n", ""), main=True) >= 0 and consent_told(plan, sentence)


def consent_told(plan: CasePlan, sentence: str) -> bool:
    """For a consent asked (同意由替补鼓手演出吗), the sentence says a word of consent or refusal: the act
    alone (替补鼓手来不了) is no consent."""
    sentence = sentence.replace("\n", "")
    return not CONSENT_ASKED.search(plan.text) or bool(CONSENT_ASKED.search(sentence) or _ASSENT.search(sentence))


# Words granting or refusing what was put (我可以原样退还, 没问题, 拒绝, 不行): a consent asked is
# answered by them too.
_ASSENT = re.compile(rf"{GRANT_WORDS}|行|好的|肯|拒绝|不干|不认")


def _consent_in(plan: CasePlan, clause: str) -> re.Match[str] | None:
    """The word of consent a clause says, when the question asks a consent (同意退还…吗)."""
    return CONSENT_ASKED.search(clause.replace("\n", "")) if CONSENT_ASKED.search(plan.text) else None


def _consent_first(plan: CasePlan, found: list) -> list:
    """同意全部退还吗？—订金我最多还四万，不同意全部还: the clause saying the consent decides, not
    an offer told before it."""
    return sorted(found, key=lambda m: _consent_in(plan, m.clause.text) is None)


# 到现在没有人赔我 / 至今没人管: nobody did the asked act, said before the words of not knowing (…我也不知道
#该找谁赔) — a denial, not a gap.
_NOBODY = r"(?:到现在|到今天|至今|目前|现在|一直)?(?:都|也|还)?(?:没有|没|未)(?:人|谁|任何人)?"


def _denied_before(plan: CasePlan, before: str) -> bool:
    """The first clause of ``before`` says nobody did the asked act (its verb's first character)."""
    before = before.replace("\n", "").strip()  # a record wraps anywhere (没|有人赔)
    clause = re.split(r"[，,；;。]", before, maxsplit=1)[0]
    return clause != before and any(
        re.match(rf"{_NOBODY}{re.escape(act[0])}", clause) for act in plan.focus.acts if act)


# a clause opening with its doer's denial (我没跟别人一起干过 / 从来没有…): what it denies follows
_DENIAL_OPENING = re.compile(r"^(?:我|他|她|我们|他们)?(?:也|都|从来|根本|确实)?(?:没有|没|不曾|从没|从来没|并没有|并没)")


def _denied_after(plan: CasePlan, after: str) -> bool:
    """A clause after the one not knowing denies the question's own words (他是跟别的司机一起干的吗？—这个我不清楚，
    我没跟别人一起干过): the speaker does not know something else, and denies what was asked. The denied
    words share a run of three characters with the question (一起干), never a lone verb."""
    clauses = [c.strip() for c in re.split(r"[，,；;。]", after.replace("\n", ""))]
    clause = next((c for c in clauses if c), "")
    denial = _DENIAL_OPENING.match(clause)
    if denial is None:
        return False
    denied = clause[denial.end():]
    asked = re.sub(r"[^\u4e00-\u9fff]", "", plan.text)
    return any(denied[i:i + 3] in asked for i in range(len(denied) - 2)
               if re.fullmatch(r"[\u4e00-\u9fff]{3}", denied[i:i + 3]))


_NEGATED_JUST_BEFORE = re.compile(r"(?:不是|不|没有|没|并非|并不是|未)(?:都|全|均)?$")


def _state_verdict(plan: CasePlan, statement: Statement, asked: str, people: list[str],
                   doc_text: str, case: Case | None = None) -> Verdict | None:
    """A verdict from a sentence describing the state of the asked thing, with no 是/有 to the act:
    a property asked (是假的吗) said or its opposite said (经鉴定均为真品 → 否); a thing asked to have
    done something (监控拍到了吗) said to have been out of order (门口的监控那几天坏了 → 否). The
    sentence (with the asker's words it answers) names the asked thing — never a state of another."""
    for sentence in _sentences(statement):
        value = state_told(plan, sentence.text, asked, people, doc_text)
        if value == "?":
            return Verdict(None, statement, sentence)  # 是不是假的我也不清楚
        if value is not None:
            return Verdict(value, statement, sentence, inferred=True)
    put = confirmed_state(case, plan, statement) if case is not None else None
    if put is not None:
        return Verdict(put[0], statement, _sentences(statement)[0], asked=put[1])
    return None


def confirmed_state(case: Case, plan: CasePlan, statement: Statement) -> tuple[str, Segment] | None:
    """鉴定意见：上述物品均为假冒…，你是否认可？—认可: the state the asker reads out, confirmed, is the
    speaker's — its verdict and the asker's sentence (chunk offsets); a dispute (不认可，…) confirms
    nothing."""
    if statement.question_span is None or not confirmed_assertion(statement) or statement.chunk_id not in case.sources:
        return None
    text = case.sources[statement.chunk_id].chunk.text
    for piece in split(text, *statement.question_span, SENTENCE_ZH):
        value = state_told(plan, piece.text, statement.question, case.people(), case.doc_text)
        if value in ("是", "否"):
            return value, piece
    return None


def state_told(plan: CasePlan, text: str, asked: str, people: list[str], doc_text: str) -> str | None:
    """What a sentence's state of the asked thing says to the yes/no: 是, 否, ? (the speaker does not
    know) or None (it tells no state of that thing). Read by the badge too: a verdict on a state
    stands on such a sentence only."""
    text = text.replace("\n", "")  # read as one line: a record wraps anywhere (不|是假的)
    said, opposite = STATES[plan.state] if plan.state is not None else (None, None)
    # the things whose state is asked, whole as the question names them (充电线, not 充电); the state's
    # own word (是不是原装的) is no thing
    things = [o for o in whole_things(plan, objects_of(plan, people, doc_text), doc_text)
              if not (said is not None and (said.search(o) or opposite.search(o)))]
    if things and not any(thing_named(plan, o, text, doc_text) or thing_named(plan, o, asked, doc_text) for o in things):
        return None
    if plan.state is not None:
        for pattern, value in ((opposite, "否"), (said, "是")):
            found = pattern.search(text)
            if found is None:
                continue
            if UNCERTAIN.search(text):
                return "?"
            negated = bool(_NEGATED_JUST_BEFORE.search(text[:found.start()]))
            return value if not negated else ("是" if value == "否" else "否")
        return None
    held = NOT_HELD.search(text) if HOLDING_ASKED.search(plan.text) else None
    if held is not None and (_named_before(plan, doc_text, things, text[:held.start()], text, asked)
                             or any(thing_named(plan, o, text[held.end():held.end() + 8], doc_text) for o in things)):
        return "?" if UNCERTAIN.search(text) else _flip(plan, "否")  # 驾驶证去年就被吊销了
    out = OUT_OF_ORDER.search(text) if plan.focus.acts or plan.question.verbs else None
    if out is None or _device_not_doer(plan, things):
        return None
    if _named_before(plan, doc_text, things, text[:out.start()], text, asked):
        return "?" if UNCERTAIN.search(text) else _flip(plan, "否")
    return None


# 有没有驾驶证 / 有营业执照吗 / 是否持有…: whether something is held.
HOLDING_ASKED = re.compile(r"有没有|有无|是否(?:有|持有|办|取得)|有[^，。？?]{1,14}(?:吗|没有)|持有|办(?:了|过|没办)")


def _named_before(plan: CasePlan, doc_text: str, things: list[str], before: str, text: str, asked: str) -> bool:
    """The state is of the asked thing: named before the state word (门口的监控那几天坏了), or named by
    the asker and the answer speaking of no one else first (监控拍到了吗？—那几天坏了)."""
    if any(thing_named(plan, o, before, doc_text) for o in things):
        return True
    return not any(thing_named(plan, o, text, doc_text) for o in things) \
        and any(thing_named(plan, o, asked, doc_text) for o in things) \
        and not re.search(r"[他她我你]", before)


def _device_not_doer(plan: CasePlan, things: list[str]) -> bool:
    """监控拍到了吗 asks the device's own act; 他把监控砸坏了吗 asks an act done to it — a state of
    the thing does not answer that."""
    text = plan.text
    begins = min((text.find(v) for v in plan.question.verbs if v in text and v not in GENERAL), default=-1)
    if begins < 0:
        return True
    before = text[:begins]
    return not things or not any(o in before for o in things) or bool(re.search(r"[把将]", before))


def _yes_no_asked(asked: str) -> bool:
    """Whether a bare 是/有/没有 can answer the asker's words: not a question asking who, what or how."""
    return not _ASKS_WH.search(asked) or bool(_ASKS_YES_NO.search(asked))


def _own_act(plan: CasePlan, statement: Statement, mention, people: list[str] = ()) -> bool:
    """The clause tells the speaker's own act (我停下车) while the question asks it of someone or
    something else it names (肇事车, a person other than the speaker) — or, of a person the question
    names, the act of others: people it names instead (柯文静、向德明于次日住院治疗 for 戚小燕住院了吗),
    or people counted (其中住院9人)."""
    subject = plan.focus.subject
    if not subject or subject == statement.speaker or statement.party == side_of(subject):
        return False
    clause = mention.clause.text.replace("\n", "")
    at = act_at(plan, clause)
    before = clause[:at] if at >= 0 else ""
    if re.search(r"我(?!们)(?![^被让叫]*被)", before):
        return True
    if subject not in plan.names or subject in clause:
        return False
    others = [p for p in people if p != subject and p not in subject and subject not in p]
    sentence = mention.sentence.text.replace("\n", "")
    told = clause if subject in sentence else sentence  # 原告柯文静、向德明于次日住院治疗，原告戚小燕在门诊治疗
    return any(p in told for p in others) or bool(_PEOPLE_COUNTED.search(clause))


# The doer a cleft names (合同是开发商签的, 是物业公司发的): a party word right before the act.
_CLEFT_DOER = re.compile(r"是(?P<who>[\u4e00-\u9fff]{1,6}?(?:商|公司|单位|人|方|员|局|所|行|会|部|厂|店|主|东|委|站|院|社))$")


def _done_by_another(plan: CasePlan, statement: Statement, mention, people: list[str] = ()) -> bool:
    """Asked of the speaker (or the speaker's side), the clause tells by a cleft (是X签的) that another
    party did the act: it says nothing of whether the speaker did."""
    subject = plan.focus.subject
    if subject and not (subject == statement.speaker or statement.party == side_of(subject)):
        return False
    clause = mention.clause.text.replace("\n", "")
    at = act_at(plan, clause)
    if at < 0:
        return False
    cleft = _CLEFT_DOER.search(clause[:at])
    if cleft is None:
        named = next((p for p in people if clause[:at].endswith(f"是{p}")), None)
        return named is not None and named != statement.speaker and named != subject
    who = cleft.group("who")
    return not who.startswith(("我", "本人", "自己")) and who != subject


# 其中住院9人 / 共有三人受伤: people counted, not one person named.
_PEOPLE_COUNTED = re.compile(r"[\d一二两三四五六七八九十百]+(?:个)?人")


def _key_verdict(plan: CasePlan, statement: Statement, asked: str, people: list[str],
                 doc_text: str) -> Verdict | None:
    """No act to look for (他是你表哥吗): the first sentence holding a word of the question, negated
    when a negation stands right before it — one that, with the asker's words, names what is asked."""
    # the word itself or one of its act (0.8), never a character it shares with another word (同伙 ~ 同意)
    key = plan.focus.knowing + [t for t in plan.question.terms if t not in GENERAL and word_hit(t, statement.answer) >= 0.8]
    for sentence in _sentences(statement):
        hits = [position(k, sentence.text) for k in key]
        at = min((h for h in hits if h >= 0), default=-1)
        if at >= 0:
            if CLAIMED.search(sentence.text[:at]):
                continue  # 三、判令被告承担原告的律师费: what a side asks the court for, not what was done or agreed
            if not tells_asked_act(plan, f"{asked}{sentence.text}", people, doc_text, sentence.text):
                continue
            told = _predicate_at(sentence.text, plan.text)
            return Verdict("否" if _clause_negated(sentence.text, at if told < 0 else told) else "是",
                           statement, sentence, inferred=True)
    return None


def _predicate_at(text: str, question: str) -> int:
    """Where the sentence says the question's predicate — the yes/no asks of what stands last before its
    吗 (…的钱经过某某的手吗): the run of two characters or more of the question, found in the sentence,
    that stands latest in the question (longest there); -1 when none."""
    runs: list[tuple[int, int, int]] = []  # (where in the question, length, where in the sentence)
    for i in range(len(question)):
        for j in range(i + 2, len(question) + 1):
            piece = question[i:j]
            if not re.fullmatch(r"[\u4e00-\u9fff]+", piece) or piece.endswith("吗") or piece in ("是不是", "有没有"):
                break
            found = text.find(piece)
            if found < 0:
                break
            runs.append((i, len(piece), found))
    return max(runs)[2] if runs else -1


# A negation scoping the clause's predicate (不经过我的手, 从来没有跟他们见过面): anywhere in the clause
# before the asked word — never the question forms 有没有 / 是不是, a conjunction (不但, 不管, 不过) or the
# words of not knowing (UNCERTAIN answers those).
# (不能 / 不准 / 不许 / 不让 / 不得 倒垃圾: a rule or a prohibition told, never that the act did not happen)
# (拒收 / 拒绝签字: a refusal of the act negates it too)
_CLAUSE_NEGATION = re.compile(rf"(?<![有是])(?:没有?|不|未|并非|无|{REFUSAL.pattern})(?![但仅管论过光止知记清能准许让得])")


def _clause_negated(text: str, at: int) -> bool:
    """Whether the predicate holding the word at ``at`` is negated in its clause (split at ，；。)."""
    start = max(text.rfind(ch, 0, at) for ch in "，,；;。：:") + 1
    before = text[start:at]
    return bool(_CLAUSE_NEGATION.search(before)) and not UNCERTAIN.search(before)


# Consent or will asked (同意调解吗, 愿意赔偿吗): a 但/除非 after it makes the consent conditional.
CONSENT_ASKED = re.compile(r"同意|愿意|接受|认可|答应")
CONDITION = re.compile(r"[，,]\s*(?:但是?|可是|不过|除非|前提是|条件是|只要)")


def of_asked_side(plan: CasePlan, statement: Statement, case: Case | None = None) -> bool:
    """被告同意调解吗: only the side the question names speaks for it (the 原告's consent is not the
    被告's); a statement of no hearing side is not excluded. The side is the statement's, else the
    one its turn's label names (原告委托诉讼代理人:…). A consent asked of a person the question
    names (苗雨欣同意…吗) is that person's, when the record gives them turns of their own."""
    if plan.acting_side is None:
        return _of_asked_person(plan, statement, case)
    side = statement.party if statement.party in HEARING_SIDES else _label_side(case, statement)
    return side not in HEARING_SIDES or side == plan.acting_side


def _of_asked_person(plan: CasePlan, statement: Statement, case: Case | None) -> bool:
    who = plan.focus.subject if plan.focus.subject in plan.names else None
    if case is None or who is None or not CONSENT_ASKED.search(plan.text):
        return True
    own = [s for s in case.ledger.statements if s.kind != "header" and _speaks(case, s, who)]
    return not own or _speaks(case, statement, who)


def _speaks(case: Case, statement: Statement, who: str) -> bool:
    return statement.speaker == who or who in (_label(case, statement) or "")


def _label(case: Case | None, statement: Statement) -> str | None:
    """The label of the statement's turn (被告苗雨欣, 原告委托诉讼代理人), None when it has none."""
    source = case.sources.get(statement.chunk_id) if case is not None else None
    if source is None or statement.kind == "header":
        return None
    text = source.chunk.text
    start = text.rfind("\n", 0, statement.answer_offset) + 1
    label = text[start:statement.answer_offset].strip(" \t\u3000:：")
    return label if 0 < len(label) <= 16 else None


def _label_side(case: Case | None, statement: Statement) -> str | None:
    label = _label(case, statement)
    return party_of(label, "A") if label else None


def yes_no(case: Case, plan: CasePlan, chosen: list[Match], outcome: Outcome) -> Part:
    """The verdict of the best statement that gives one; for 有没有人… any affirming account. One
    speaker telling it both ways (愿意调解，但… / 那我不同意调解了) is a conflict citing both; a
    consent asked and given on a condition is no plain 是."""
    channel = channel_asked(plan)
    if channel is not None:
        verdicts = _channel_verdicts(case, plan, channel)
    else:
        verdicts = [v for v in (_verdict(case, plan, m.statement) for m in chosen) if v is not None]
    verdicts = [v for v in verdicts if of_asked_side(plan, v.statement, case)]
    # a statement telling the main act before one telling only another act the question names
    verdicts.sort(key=lambda v: not _tells_main(case, plan, v))
    if not verdicts:  # said as 未在材料中找到对所问之事的明确说法, never a bare 是否
        return Part("对所问之事的明确说法", "", Fill.MISSING)
    decisive = verdicts[0]
    if plan.focus.existential or channel is not None and _EVER.search(plan.text):
        # (有没有用现金付过: one payment told made that way answers it, whatever the others were)
        decisive = next((v for v in verdicts if v.value == "是"), decisive)
    statement, sentence = decisive.statement, decisive.sentence
    if decisive.value is None:
        return _gap(case, statement, sentence, outcome, "是否")
    if not plan.focus.existential and (CONSENT_ASKED.search(plan.text) or statement.party in HEARING_SIDES):
        # a position taken (a consent, a party's in a hearing): the same speaker elsewhere telling the
        # asked act the other way (a later 不同意 after 愿意…但…), each asked about the act (你是否还
        # 愿意调解？) — not a sentence using its verb of something else
        own = [o for o in case.ledger.statements if o.kind != "header" and o.index != statement.index
               and voice(o) == voice(statement) and act_at(plan, o.answer) >= 0]
        others = [v for v in verdicts[1:] + [v for v in (_verdict(case, plan, o) for o in own) if v is not None]
                  if act_at(plan, _effective_question(case, v.statement), main=True) >= 0]
        if act_at(plan, _effective_question(case, statement), main=True) < 0:
            others = []
        # both sentences name the main act itself (叫代驾, not a 叫 found elsewhere, nor 给 for 转)
        main = plan.focus.acts[0] if plan.focus.acts else ""
        telling = bool(main) and occurs(main, sentence.text)
        reversed_ = next((v for v in others if telling and v.value not in (None, decisive.value)
                          and voice(v.statement) == voice(statement) and occurs(main, v.sentence.text)), None)
        if reversed_ is not None:
            return _both_ways(case, decisive, reversed_, outcome)
    if not plan.focus.existential and statement.party in HEARING_SIDES \
            and not CONSENT_ASKED.search(plan.text):  # a consent is its giver's own, no side tells another's
        told = _other_side_accounts(case, plan, decisive)
        disputed = next((v for v in told if v.value != decisive.value), None)
        if disputed is not None:  # 狗是拴了绳的 (被告) / 未拴牵引绳 (原告): each side's account, no verdict
            return _both_ways(case, decisive, disputed, outcome, sides=True)
        verdicts = verdicts + told[:1]  # the other side saying the same (一分钱没拿): cited beside it
    if decisive.value == "是" and decisive.asked is None and CONSENT_ASKED.search(plan.text):
        condition = CONDITION.search(sentence.text)
        # 同意调解，但…: the consent to the asked act; 愿意，但只能…: a bare assent, the act being the asked one
        before = sentence.text[:condition.start()] if condition is not None else ""
        if condition is not None and (act_at(plan, before) >= 0 or AFFIRMATION.fullmatch(before.strip())):
            cited = case.cite(_anchor(statement, sentence))
            outcome.conflicts.append(Conflict("testimony", f"所述同意附有条件（{cited}）", [cited]))
            return Part("是否", f"是，但附有条件（{cited}：{quoted(sentence.text)}），需人工核实", Fill.CONFLICT, [cited])
    if decisive.asked is not None:
        return _confirmed_part(case, statement, decisive.asked, "是否", decisive.value)
    # Quote the verdict with its reason: the sentence that decides and, if that is a bare 不是/有,
    # the next one.
    sentences = _sentences(statement)
    shown = sentence
    at = next((i for i, s in enumerate(sentences) if s.start == sentence.start), None)
    if len(sentence.text) <= 6 and at is not None and len(sentences) > at + 1:
        nxt = sentences[at + 1]
        shown = Segment(sentence.start, nxt.end, statement.answer[sentence.start:nxt.end])
    cited = case.cite(_anchor(statement, shown))
    part = Part("是否", f"{decisive.value}（{cited}：{quoted(shown.text)}）", Fill.FILLED, [cited],
                reading=Reading.VERDICT,
                # what is still owed is answered by a sentence saying it is paid up (已经全部结清了),
                # which names no act: only a verdict on an act is checked against it
                quoted=None if plan.focus.remainder else Quoted(sentence.text, Slot.YESNO,
                                                                _effective_question(case, statement), plan,
                                                                statement.speaker))
    # 有没有…帮过忙 / 见过面吗: every account that says the same, not only the first (a later session
    # telling it again is where a reader checks that it still holds)
    # (only one telling the asked act whole: a sentence the verdict was only inferred from says nothing)
    for other in verdicts:
        if other.value == decisive.value and other.asked is None and other.statement.index != statement.index \
                and len(part.evidence) < 3 and not _untold(case, plan, other):
            more = case.cite(_anchor(other.statement, other.sentence))
            part.text = part.text[:-1] + f"；{more}：{quoted(other.sentence.text)}）"
            part.evidence.append(more)
    # a verdict only read from how a sentence tells the act is 已核验 when a reply to the very question
    # (a bare 没有 to the asker's yes/no, a confirmed assertion) says the same
    part.inferred = decisive.inferred and not any(not v.inferred and v.value == decisive.value for v in verdicts)
    # the way of paying: another payment of the person told made the other way (都是用微信转账 — 那次她
    # 是拿现金给我的) is an account against it, never left out
    contrary = next((v for v in verdicts if v.value in ("是", "否") and v.value != decisive.value), None) \
        if channel is not None else None
    show_contrary(case, plan, decisive, part, outcome, contrary)
    return part


# 有没有…过 / …过吗: asked whether it ever happened
_EVER = re.compile(r"有没有[^，。？?]*过|过[^，。？?]{0,6}(?:吗|没有)[？?]?$")


def show_contrary(case: Case, plan: CasePlan, decisive: Verdict, part: Part, outcome: Outcome,
                  contrary: Verdict | None = None) -> None:
    """Another account telling the very act the other way (``contrary``, else the one the file holds)
    is cited beside the verdict, a conflict stated openly (the answer is then needs_review: the reader
    decides, nothing is chosen)."""
    contrary = contrary or _contrary_account(case, plan, decisive)
    if contrary is None or not part.evidence:
        return
    cited = case.cite(_anchor(contrary.statement, contrary.sentence))
    first = part.evidence[0]
    end = part.text.rfind("）")
    part.text = f"{part.text[:end]}；另{cited}称{contrary.value}：{quoted(contrary.sentence.text)}{part.text[end:]}"
    part.evidence.append(cited)
    outcome.conflicts.append(Conflict("testimony", f"材料中另有相反的说法：{first}称{decisive.value}，{cited}称"
                                                   f"{contrary.value}（{quoted(contrary.sentence.text)}）", [first, cited]))


def _untold(case: Case, plan: CasePlan, verdict: Verdict) -> list[str]:
    """What of the asked act a verdict's sentence, with the asker's words it answers, leaves unsaid."""
    said = f"{_effective_question(case, verdict.statement)}{verdict.sentence.text}"
    return untold_of_asked(plan, said, case.people(), case.doc_text, verdict.statement.speaker, verdict.sentence.text)


def _contrary_account(case: Case, plan: CasePlan, decisive: Verdict) -> Verdict | None:
    """Another statement of the file telling the asked act itself the other way (没有。 to 你还过钱吗，and
    later 后来我还了他五千元): never left out of a 是/否. Not for a question any one account answers (有没有人
    受伤), one of an occasion (第二次…) or a time (后来又…), or of what is still owed (read at a time), nor a
    是 read past a negation; a bare reply counts with the asker's words it answers."""
    if plan.focus.existential or plan.focus.remainder or plan.ordinal or plan.batch or not plan.focus.acts \
            or plan.at_one_time:
        return None
    people = case.people()
    for other in case.ledger.statements:
        if other.kind == "header" or other.index == decisive.statement.index \
                or act_at(plan, f"{other.question}{other.answer}", main=True) < 0 \
                or not of_asked_side(plan, other, case):
            continue
        told = _verdict(case, plan, other)
        if told is None or told.value not in ("是", "否") or told.value == decisive.value or told.asked is not None \
                or _polarity_unsure(plan, told):
            continue
        said = f"{_effective_question(case, other)}{told.sentence.text}"
        if plan.names and not any(n in said for n in plan.names) \
                and any(p in said for p in people if p != other.speaker):
            continue  # 包立群知道是假酒吗？—他不知道: of another person than the one asked
        if not _untold(case, plan, told):
            return told
    return None


# A way denied right before it is named (没有微信转账记录, 不是用现金): no way the money moved.
_WAY_DENIED = re.compile(r"(?:没有|没|不是|未|并非)(?:用|通过|走)?$")
# The money moving in the clause naming a way of paying (她微信转了我300元, 给的现金) — not a mere
# mention of the way (只有他的微信).
_PAID_BY = re.compile(r"[转付给交收汇打]")


def _channel_verdicts(case: Case, plan: CasePlan, channel: str) -> list[Verdict]:
    """付的是现金吗: the sentences telling the way the asked payment moved by — of the person the
    question names (in the sentence or the asker's words), one way named with money moving —
    是 when it is the asked way, 否 when another. No such sentence: no verdict (never 是 by default
    from a sentence that names the payment but not its way)."""
    named = case.named_in(plan.text, plan.names)
    subject = doer_named(plan)  # 老鬼: a nickname the record uses is the payer too
    who = named[0] if named else subject if subject and len(subject) >= 2 and subject in case.doc_text else None
    # 卖食用油的那笔钱是通过微信收的吗: the way of the money for the goods named, told in an account of them
    # (…拿的是食用油…。…用建设银行卡转给我…), never the way another sale's money moved
    goods = [o for o in objects_of(plan, case.people(), case.doc_text) if len(o) >= 2 and o in case.doc_text
             and not any(c.search(o) for c in CHANNELS.values())]
    found: list[Verdict] = []
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        asked = _effective_question(case, statement)
        if goods and not any(g in statement.answer or g in asked for g in goods):
            continue
        for sentence in _sentences(statement):
            if who and who not in sentence.text and who not in asked:
                continue
            told = {name for clause in re.split(r"[，,；;]", sentence.text) if _PAID_BY.search(clause)
                    for name, pattern in CHANNELS.items()
                    if (way := pattern.search(clause)) and not _WAY_DENIED.search(clause[:way.start()])}
            if len(told) == 1:
                found.append(Verdict("是" if channel in told else "否", statement, sentence))
                break
    return found


def _other_side_accounts(case: Case, plan: CasePlan, decisive: Verdict) -> list[Verdict]:
    """In a hearing, the other sides' verdicts on the asked act, each read with a sure polarity from
    a sentence naming its main act (被告: 狗是拴了绳的 — 原告: 被告的狗未拴牵引绳)."""
    side = decisive.statement.party
    if not plan.focus.acts or decisive.value not in ("是", "否") or decisive.asked is not None \
            or _polarity_unsure(plan, decisive):
        return []
    found = []
    for other in case.ledger.statements:
        if other.kind == "header" or other.party not in HEARING_SIDES or other.party == side:
            continue
        told = _verdict(case, plan, other)
        if told is not None and told.asked is None and told.value in ("是", "否") and not _polarity_unsure(plan, told) \
                and not _another_sides_act(plan, told):
            found.append(told)
    return found


def _another_sides_act(plan: CasePlan, verdict: Verdict) -> bool:
    """Asked of one side (被告签过字吗), the sentence tells the act of another side it names before the act
    and never names the side asked (原告与开发商签订了…): no account of the asked side's act."""
    subject = side_of(plan.focus.subject)
    if subject not in HEARING_SIDES:
        return False
    text = verdict.sentence.text.replace("\n", "")
    at = act_at(plan, text, main=True)
    if at < 0:
        return False
    opened = max(text.rfind(ch, 0, at) for ch in "，,；;。") + 1
    closed = min((i for i in (text.find(ch, at) for ch in "，,；;。") if i >= 0), default=len(text))
    clause = text[opened:closed]  # the act's own clause (…，被告所住房屋在服务范围内 is another)
    before = text[opened:at]
    return subject not in clause and any(side in before for side in HEARING_SIDES if side != subject)


def _polarity_unsure(plan: CasePlan, verdict: Verdict) -> bool:
    """Whether a 是 may be a denial read past (确实没有书面对过账: a negation and words between it and
    the act): a negation anywhere before the act in its clause leaves a 是 unsure; a sentence not
    naming the main act is no account of it."""
    text = verdict.sentence.text.replace("\n", "")
    at = act_at(plan, text, main=True)
    if at < 0:
        return True
    clause_start = max((m.end() for m in re.finditer(r"[，,；;。]", text[:at])), default=0)
    return verdict.value == "是" and bool(re.search(r"[没不未无非]", text[clause_start:at]))


def _both_ways(case: Case, first: Verdict, other: Verdict, outcome: Outcome, sides: bool = False) -> Part:
    """Two verdicts on the asked act, each quoted, a conflict: one speaker's, the later named
    (前后说法不一) — or, with ``sides``, two sides' of a hearing, each side named (双方说法不一)."""
    a, b = sorted((first, other), key=lambda v: v.statement.index)
    ids = [case.cite(_anchor(v.statement, v.sentence)) for v in (a, b)]
    said = "；".join(f"{v.statement.party}称{v.value}（{i}：{quoted(v.sentence.text)}）" if sides
                    else f"{i}称{v.value}（{quoted(v.sentence.text)}）" for i, v in zip(ids, (a, b)))
    head = "双方说法不一" if sides else "前后说法不一"
    outcome.conflicts.append(Conflict("testimony", f"{head}：{said}", ids))
    latest = "" if sides else f"，以最后所述（{ids[1]}）为{b.value}"
    return Part("是否", f"{head}：{said}{latest}，需人工核实", Fill.CONFLICT, ids)


def _replaces(plan: CasePlan, answer: str) -> bool:
    """A cleft answer (是X…的) to a cleft question (是Y的吗) that names something else in Y's place."""
    if not re.search(r"是[^，。？?]{1,12}的吗|是不是", plan.text):
        return False
    cleft = re.match(r"是(?![的，。,])([^，。,]{2,30})的?", answer)
    if not cleft:
        return False
    content = [t for t in plan.question.terms if len(t) > 1 and t not in GENERAL]
    return bool(content) and not any(t in cleft.group(1) for t in content)  # the very words, not their acts


# A negation right before a side's words in its clause (没有同伙, 没人跟我一起, 不是自己去的) — never
# the question forms 有没有 / 是不是.
_NEGATED_SIDE = re.compile(r"(?:(?<![有是])(?:没有?|不是|不)|未|并非|并没有?|从没有?)[^，。；！？,]{0,2}$")
# Words that tell a side by themselves, in an answer to any question (同伙, 投案, 抓获); the others
# (和某某一起, 民警找到我) only in a turn about who was there or how someone came in.
_SIDE_WORDS = re.compile(r"同伙|伙同|同案|帮凶|投案|自首|抓获|被抓|单独作案|一个人作案")


def _side_told(text: str, plan: CasePlan, on_topic: bool) -> str | None:
    """The side of the asked pair a sentence tells (a side's words negated tell the other one);
    None when it tells neither or both."""
    text = text.replace("\n", "")  # read as one line: a record wraps anywhere (没|人跟我一起)
    pair = (plan.either, EITHER_OTHER[plan.either])
    if on_topic:
        told = [(side, found) for side in pair for found in EITHER[side][1].finditer(text)]
    else:
        told = [(side, found) for found in _SIDE_WORDS.finditer(text) for side in pair
                if EITHER[side][1].search(found.group(0))]
    sides = set()
    for side, found in told:
        clause_start = max(text.rfind(ch, 0, found.start()) for ch in "，。；！？,") + 1
        negated = _NEGATED_SIDE.search(text[clause_start:found.start()])
        sides.add(EITHER_OTHER[side] if negated else side)
    return sides.pop() if len(sides) == 1 else None


def either_verdict(case: Case, plan: CasePlan, outcome: Outcome) -> Part | None:
    """有没有同伙 — 就我自己，没人跟我一起 / 是主动投案的吗 — 民警在我家里把我抓获的: of two accounts
    that exclude each other, the one a statement tells answers the side asked (the other side 否),
    from the sentence that tells it — in a turn about the topic (你是怎么到案的, 那天还有谁), where
    a bare 没有 to the asker's side tells the other, or by the side's own words anywhere. Told both
    ways: a conflict. None when nothing tells either side (the question is answered as before)."""
    topic = EITHER_TOPIC[plan.either]
    named = case.named_in(plan.text, plan.names)
    found: list[Verdict] = []
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        asked = _effective_question(case, statement)
        on_topic = bool(topic.search(asked))
        for at, sentence in enumerate(_sentences(statement)):
            if named and named[0] != statement.speaker and named[0] not in sentence.text \
                    and not (statement.speaker is None and named[0] == case.ledger.subject):
                continue  # 有没有同伙 asked of someone else than the one speaking
            side = _side_told(sentence.text, plan, on_topic)
            opening = trimmed(sentence.text, 0, len(sentence.text))
            if side is None and at == 0 and on_topic and opening:
                # 有没有人和你一起？—没有。: a bare answer to the side the asker named
                put = _side_told(asked, plan, True)
                if put is not None and NEGATION.match(opening.text):
                    side = EITHER_OTHER[put]
                elif put is not None and AFFIRMATION.match(opening.text) and not UNCERTAIN.search(opening.text):
                    side = put
            if side is not None:
                found.append(Verdict("是" if side == plan.either else "否", statement, sentence))
                break
    if not found:
        return None
    decisive = found[0]
    other = next((v for v in found if v.value != decisive.value), None)
    if other is not None:
        return _both_ways(case, decisive, other, outcome)
    statement, sentence = decisive.statement, decisive.sentence
    sentences = _sentences(statement)
    at = next(i for i, s in enumerate(sentences) if s.start == sentence.start)
    shown = sentence
    if len(sentence.text) <= 6 and len(sentences) > at + 1:  # 没有。就我自己去的。: the reason with it
        shown = Segment(sentence.start, sentences[at + 1].end, statement.answer[sentence.start:sentences[at + 1].end])
    cited = case.cite(_anchor(statement, shown))
    return Part("是否", f"{decisive.value}（{cited}：{quoted(shown.text)}）", Fill.FILLED, [cited],
                reading=Reading.VERDICT)


# The words a conclusion quotes (是（E1：「…」）), each 「…」.
QUOTED = re.compile(r"「([^」]+)」")


def verdict_contradicted(plan: CasePlan, text: str, people: list[str] = ()) -> bool:
    """是（「我没有危险废物经营许可证…」）: a 是 whose first quoted sentence negates a thing or act the question
    names, in the clause that names it — the quote denies what the verdict affirms. A question asking of
    the act's absence (是不是没有还) is affirmed by a denial, and is left."""
    if not text.startswith("是") or plan.focus.negated:
        return False
    shown = QUOTED.search(text)
    if shown is None:
        return False
    quote = shown.group(1)
    for word, _ in plan.terms:
        if len(word) < 2 or word in GENERAL or any(word in p or p in word for p in people):
            continue
        at = quote.find(word)
        if at >= 0 and _clause_negated(quote, at):
            return True
    return False


def figures_unsaid(plan: CasePlan, text: str) -> list[str]:
    """是（「第三，2023年1月15日那笔三万元现金我认可…」） for 有没有还过1万元: the sums the question names
    that no quote of a 是 holds — the quote affirms something else. A 否 may say 没有 without
    repeating them. (Dates are not read here: a quote's 8月 leaves the year to the record.)"""
    if not text.startswith("是") or not plan.named_sums:
        return []
    held = {a.value for a in find_amounts("".join(QUOTED.findall(text)))}
    return [shown for value, shown in plan.named_sums if value not in held]
