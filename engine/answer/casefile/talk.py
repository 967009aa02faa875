"""Questions answered by what was said rather than by a ledger row: yes/no, who, what, where, why,
when something other than a payment happened, and lists of evidence.

The statement that answers is the one whose question and answer share the most with the user's
question (weighted by how specific each word is in this file), helped by the hybrid search score
of its chunk. Its answer decides: a verdict for yes/no, a quote otherwise — unless the speaker
says they do not know what is asked (a gap), or nothing in the file is about the question
(not found, never a loosely related quote).
"""

from __future__ import annotations

import re

from engine.answer.casefile.act_mentions import (act_at, confirmed_assertion, object_hit, objects_of, side_of, speaks_of,
                                          word_hit)
from engine.answer.casefile.case import Case, dominant_kind
from engine.answer.casefile.disputes import disputed_figure
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.answer.casefile.parts import Fill, Outcome, Part, Quoted
from engine.answer.casefile.said import (Match, _anchor, _assertion, _best_sentence, _bigrams,
                                         _confirmed_part, _dice, _effective_question, _gap, _has_slot, _ordinal_said,
                                         _sentences, _unsure_about, _weights, person_asked, quote_of_one,
                                         speaks_for, told_of)
from engine.answer.casefile.verdict import confirmed_state, of_asked_side, state_told, yes_no
from engine.answer.casefile.when import POSTURE_SAID, time_of_day, when_where
from engine.answer.wording import quoted
from engine.answer.casefile.facts import Anchor, Statement
from engine.answer.casefile.facts.extract import per_piece
from engine.text.case_lexicon import (ATTRIBUTES, RECOVERED_TOLD, UNCERTAIN, UNSURE_ABOUT, WHEREABOUTS_TOLD,
                                      same_posture)
from engine.question import CasePlan, Slot
from engine.question import channel_asked, cut_across
from engine.answer.casefile.heads import names_no_thing
from engine.text.boundaries import CLAUSE_FIELD, SENTENCE_ZH
from engine.text.refs import find_statute_refs
from engine.text.segments import Segment, split, trimmed

# How far the best statement must match before it is taken to be about the question at all.
MIN_MATCH = 0.34


def substantive(plan: CasePlan, case: Case) -> bool:
    """The question names an act a statement can be checked against (about.speaks_of) — not the
    asker's saying (援引了哪条法律), which the statement's words show rather than name."""
    return bool(plan.focus.acts) and not plan.asker_said

def rank_statements(case: Case, plan: CasePlan) -> list[Match]:
    weights = _weights(plan, case)
    total = sum(weights.values()) or 1.0
    matches = []
    names = case.named_in(plan.text, plan.names)
    people = case.people()
    checked = substantive(plan, case)
    things = objects_of(plan, people, case.doc_text)
    asked_bigrams = _bigrams(plan.text)
    subject = side_of(plan.focus.roles[0]) if plan.focus.roles else None
    for statement in case.ledger.statements:
        if not statement.answer.strip():
            continue
        asked, said = _effective_question(case, statement), statement.answer
        if plan.asker_said:  # what the questioning side said: their words are the evidence
            asked, said = statement.question, ""
        got = 0.0
        for word, weight in weights.items():
            got += weight * max(word_hit(word, asked), 0.8 * word_hit(word, said))
        coverage = got / total
        if statement.kind == "header":  # its many fields match many words: only a clear match counts
            coverage *= 0.6
        similar = _dice(asked_bigrams, _bigrams(statement.question)) if statement.kind != "header" else 0.0
        speaks = not checked or speaks_of(plan, asked, said, things)
        score = coverage + 0.5 * case.retrieval.get(statement.chunk_id, 0.0) + 0.4 * similar
        if checked and speaks:
            score += 0.2
        others = [n for n in people if n in asked + said and n not in names
                  and not any(n in k or k in n for k in names) and n != statement.speaker]
        if names and not any(n in asked + said or n == statement.speaker for n in names) and others:
            score -= 0.3  # about someone else
        elif names and any(n in asked and n != statement.speaker for n in names):
            score += 0.1  # asked about the person the question names
        if plan.parties and statement.party in HEARING_SIDES:
            # 被告同意调解吗: the side named first speaks; another side's words are theirs, not its
            score += 0.2 if statement.party == plan.parties[0] else -0.2 if statement.party not in plan.parties else 0.0
        elif subject and statement.party == subject:
            score += 0.1  # 被害人受伤了吗: the account of the side the question names
        told = None
        if plan.ordinal is not None and plan.kind is None:  # 第二次抢劫: that occurrence, not another
            occurrence = _ordinal_said(statement)
            told = None if occurrence is None else occurrence == plan.ordinal
            score += 0.2 if told else -0.3 if told is False else 0.0
        matches.append(Match(statement, score, coverage, similar, speaks, told, checked and speaks))
    if plan.focus.said_by:  # 原告说…: only that party's words answer
        matches = [m for m in matches if speaks_for(m.statement, plan.focus.said_by)]
    matches.sort(key=lambda m: -m.score)
    return matches

def qualifies(match: Match) -> bool:
    """About the question: its words are there, or some are and the search ranks it high too, or
    the asker asked nearly the same question."""
    return match.coverage >= MIN_MATCH or (match.coverage >= MIN_MATCH / 2 and match.score >= 0.65) \
        or match.similar >= 0.5 or bool(match.told) or match.about

def candidates(case: Case, plan: CasePlan, matches: list[Match], limit: int = 4) -> list[Match]:
    """The close best statements that are about the question: qualifying, within reach of the best,
    and — when the question names an act or a thing — speaking of it. None: the file does not say."""
    close = [m for m in matches if qualifies(m) and m.told is not False]
    # 第一次卖信息是哪天 — 第一次卖是什么时候？—第一次是2023年8月17日…: the statement telling the asked
    # occurrence answers it even where its few words (卖; the 信息 left unsaid) rank it below the
    # general ones — when it tells the asked act itself
    told = [m for m in close if m.told and plan.focus.acts
            and act_at(plan, m.statement.question + "。" + m.statement.answer) >= 0][:2]
    if substantive(plan, case):
        close = [m for m in close if m.speaks]
    if not close and not told:
        return []
    best = close[0].score if close else 0.0
    close = [m for m in close[:limit] if m.score >= best - 0.35]
    close += [m for m in told if m not in close]
    return sorted(close, key=lambda m: not m.told)  # the statement telling that occurrence first

def answer_talk(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    patient = plan.focus.patient
    if patient and not names_no_thing(patient) and case.absent(patient) and not object_hit(patient, case.doc_text):
        # 他把刀扔到哪里了: the file never names a 刀 (nor a thing of its kind). jieba's cut across the
        # question's words (把货运出 → 货运) is no word asked: nothing is named missing, and the record's
        # own turns may still answer (engine/answer/casefile/turns.py) — never a quote ranked by the cut
        label = "相关内容" if cut_across(patient, plan.text) else f"「{patient}」相关内容"
        for slot in plan.slots:
            outcome.add(Part(label, "", Fill.MISSING))
        return
    if plan.whereabouts and answer_whereabouts(case, plan, outcome):
        return
    if plan.recovered_list and answer_recovered(case, outcome):
        return
    matches = rank_statements(case, plan)
    chosen = candidates(case, plan, matches)
    if plan.attribute:
        chosen = _valued(plan, chosen, matches)
    if not chosen and plan.posture:  # 那个男的倒在什么位置: the answers telling that act, best first
        chosen = [m for m in matches if any(same_posture(plan.posture, said.group("act"))
                                            for said in POSTURE_SAID.finditer(m.statement.answer))][:3]
    if not chosen and Slot.YESNO in plan.slots:
        # 监控拍到了吗 — 门口有监控吗？—有，但那几天坏了: the state of the asked thing, told under
        # the asker's other words
        # — or a finding the asker reads out in other words (均为假冒…) that the speaker confirms
        chosen = [m for m in matches[:8] if qualifies(m) and any(
            state_told(plan, s.text, m.statement.question, case.people(), case.doc_text) is not None
            for s in _sentences(m.statement)) or confirmed_state(case, plan, m.statement) is not None][:2]
    if not chosen and Slot.YESNO in plan.slots and channel_asked(plan):
        chosen = matches[:1]  # 某某付的是现金吗: the way that person paid is looked for in every turn
    if not chosen:  # nothing in the file speaks of it: not found, never a quote about something else
        for slot in plan.slots:
            outcome.add(Part(ATTRIBUTE_LABELS.get(plan.attribute or "", "相关内容"), "", Fill.MISSING))
        return
    if plan.asker_said:
        outcome.add(_asker_quote(case, plan, chosen[0]))
        return
    for slot in plan.slots:
        if slot is Slot.YESNO and disputed_figure(case, plan.text, outcome):
            continue  # 某某分给他4万元是真的吗, with 4万 one of two accounts of the act
        if slot is Slot.YESNO:
            # 被告同意调解吗: the named side's words, before another side's that rank higher
            side = candidates(case, plan, [m for m in matches if of_asked_side(plan, m.statement, case)])
            outcome.add(yes_no(case, plan, side if plan.acting_side else chosen, outcome))
        elif slot in (Slot.DATE, Slot.PLACE):
            outcome.add(when_where(case, plan, chosen, slot, outcome))
        elif slot is Slot.TIME:
            outcome.add(time_of_day(case, plan, chosen, outcome))
        else:
            outcome.add(_quote(case, plan, chosen, slot, outcome))

def _figure_unnamed(plan: CasePlan, asked: str, said: str) -> bool:
    """注册资本是多少: a figure the question names by a word of no known money measure is told only
    where that word stands (in the sentence or the asker's words) — never a figure of another thing
    the answer tells of the same company (转了50000元到公司账户)."""
    head = plan.head
    return bool(head) and len(head) >= 2 and plan.measure is None and plan.money_word is None \
        and Slot.AMOUNT in plan.slots and word_hit(head, said) < 0.8 and word_hit(head, asked) < 0.8 \
        and re.search(re.escape(head) + r"(?:是|有|为)?多少", plan.text) is not None  # the figure's own name


def _unsure_of_figure_asked(plan: CasePlan, case: Case, asked: str, said: str) -> bool:
    """一个月收入多少？—一个月挣多少我说不清: the speaker does not know the figure the asker asked in
    the question's own words — a gap, though the answer repeats none of them."""
    return _unsure_about(said, Slot.AMOUNT) and bool(UNSURE_ABOUT["amount"].search(asked)) \
        and any(word_hit(t, asked) >= 0.8 for t in _weights(plan, case))


def answer_whereabouts(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """这批瓷砖后来用到哪里去了: the first turn telling where the thing went — asked of it (卖给谁了,
    去哪了) or told of it by its own words (手机卖给了…) — quoted; the speaker not knowing (具体去了哪里
    我不清楚, 都分散出去了，记不清) is a gap. False when no turn speaks of where it went."""
    thing = plan.whereabouts
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        asked = _effective_question(case, statement)
        asks_where = bool(WHEREABOUTS_TOLD.search(asked)) and object_hit(thing, asked)
        for sentence in _sentences(statement):
            told = WHEREABOUTS_TOLD.search(sentence.text) and object_hit(thing, sentence.text)
            if not (asks_where or told):
                continue
            if UNCERTAIN.search(sentence.text):
                outcome.add(_gap(case, statement, sentence, outcome, "去向"))
                return True
            cited = case.cite(_anchor(statement, sentence))
            outcome.add(Part("去向", f"材料显示：{quoted(sentence.text)}（{cited}）", Fill.FILLED, [cited],
                             quoted=Quoted(sentence.text, Slot.TEXT, statement.question)))
            return True
    return False

# A negation in the clause before the word of getting back (没追回, 还没有找回来).
_NOT_BACK = re.compile(r"没有?|未|不|尚未|还没有?")


def answer_recovered(case: Case, outcome: Outcome, limit: int = 6) -> bool:
    """哪些东西被追回了: every answer's sentence telling goods got back (追回, 起获, 扣押, 退还给被害人),
    each quoted — not one negated in its clause (还没追回), nor money paid back (退还被害人九千元 is
    restitution, not goods). False when no sentence tells any."""
    from engine.text.numbers import find_amounts

    lines, ids = [], []
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        for sentence in _sentences(statement):
            text = sentence.text
            for found in RECOVERED_TOLD.finditer(text):
                clause = max(text.rfind(ch, 0, found.start()) for ch in "，,；;") + 1
                ends = [i for i in (text.find(ch, found.end()) for ch in "，,；;。") if i >= 0]
                end = min(ends) + 1 if ends else len(text)
                if _NOT_BACK.search(text[clause:found.start()]) or find_amounts(text[clause:end]) or len(ids) >= limit:
                    continue
                # from the part of the sentence naming the thing (…；平板电脑没来得及卖，被追回了) to its clause's end
                start = max(text.rfind(ch, 0, found.start()) for ch in "；;") + 1
                shown = trimmed(text, start, end)
                told = Segment(sentence.start + shown.start, sentence.start + shown.end, shown.text)
                cited = case.cite(_anchor(statement, told))
                if cited not in ids:
                    ids.append(cited)
                    lines.append(f"{cited}：{quoted(shown.text)}")
    if not ids:
        return False
    outcome.add(Part("追回的财物", "材料显示追回的财物：" + "；".join(lines), Fill.FILLED, ids))
    return True


def _asker_quote(case: Case, plan: CasePlan, match: Match) -> Part:
    """The asker's own sentence that answers (讯问开始时援引了哪条法律 → the opening question)."""
    statement = match.statement
    if statement.question_span is None:
        return Part("内容", "", Fill.MISSING)
    text = case.sources[statement.chunk_id].chunk.text
    start, end = statement.question_span
    pieces = split(text, start, end, SENTENCE_ZH)
    if plan.law:  # 援引了哪部法律的哪一条: only a sentence that cites an article answers it
        pieces = [p for p in pieces if find_statute_refs(p.text)] or pieces
    weights = _weights(plan, case)
    best = max(pieces, key=lambda p: sum(word_hit(t, p.text) for t in weights), default=None)
    if best is None:
        return Part("内容", "", Fill.MISSING)
    cited = case.cite(Anchor(statement.chunk_id, best.start, best.end))
    return Part("内容", f"讯问（询问）人员说：{quoted(best.text)}（{cited}）", Fill.FILLED, [cited])

# An answer this short is quoted whole: its sentences answer together (受了什么伤 → 缝了七针。鉴定是轻伤二级。).
WHOLE_ANSWER = 80

ATTRIBUTE_LABELS = {"colour": "颜色", "brand": "品牌"}


def _valued(plan: CasePlan, chosen: list[Match], matches: list[Match], limit: int = 3) -> list[Match]:
    """什么颜色 / 什么牌子: the close statements giving a value of the kind (or answering the asker's own
    question about it); none of them does — the best-ranked ones that give one of the thing the
    question names (被抢的手机是什么牌子 → …拿了一部华为手机…), else none."""
    asked, said = ATTRIBUTES[plan.attribute]
    gives = [m for m in chosen if said.search(m.statement.answer.replace("\n", "")) or asked.search(m.statement.question)]
    if gives:
        return gives
    things = [o for o in plan.focus.objects if len(o) >= 2 and not asked.search(o)]
    return [m for m in matches if things and any(
        said.search(t) and any(o in t for o in things)
        for t in (s.text.replace("\n", "") for s in _sentences(m.statement)))][:limit]


def _quote(case: Case, plan: CasePlan, chosen: list[Match], slot: Slot, outcome: Outcome) -> Part:
    """The first of the close best statements whose answer holds the asked slot (or whose asker
    stated it and the answer confirms); a statement saying it does not know the asked thing is a
    gap; otherwise missing."""
    label = {Slot.PERSON: "人员", Slot.PLACE: "地点", Slot.DURATION: "期限", Slot.INSTRUMENT: "所用物品",
             Slot.ACCOUNT: "账户"}.get(slot, "内容")
    if slot is Slot.TEXT and (plan.attribute or plan.choices):  # what was looked for, in the question's words
        label = ATTRIBUTE_LABELS.get(plan.attribute or "", "") or f"{'还是'.join(plan.choices)}的相关记载"
    if plan.choices and slot is Slot.TEXT:  # 是男是女: only an account naming a choice (or not seeing it) answers
        chosen = [m for m in chosen if any(c in m.statement.answer.replace("\n", "") for c in plan.choices)]
    if plan.attribute and slot is Slot.TEXT:
        # 是什么颜色: an account giving a value of that kind, or the answer to the asker's own question about it
        asked, said = ATTRIBUTES[plan.attribute]
        chosen = [m for m in chosen if said.search(m.statement.answer.replace("\n", ""))
                  or asked.search(m.statement.question)]
    valued = ATTRIBUTES[plan.attribute][1] if plan.attribute and slot is Slot.TEXT else None
    for match in chosen:
        statement = match.statement
        sentence = _best_sentence(plan, statement, prefer=lambda t: _has_slot(t, slot, case.people())
                                  and (valued is None or bool(valued.search(t.replace("\n", "")))))
        if sentence is None:
            continue
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, slot)), None)
        if unsure is not None:
            return _gap(case, statement, unsure, outcome, label)
        if not _has_slot(sentence.text, slot, case.people()):
            assertion = _assertion(case, plan, statement, slot) if confirmed_assertion(statement) else None
            if assertion is not None:
                return _confirmed_part(case, statement, assertion, label)
            continue
        answer = trimmed(statement.answer, 0, len(statement.answer))
        shown = answer if answer and len(answer.text) <= WHOLE_ANSWER else sentence
        if slot is Slot.TEXT and shown is sentence:
            shown = _act_passage(plan, statement, sentence)
        cited = case.cite(_anchor(statement, shown))
        part = Part(label, f"材料显示：{quoted(shown.text)}（{cited}）", Fill.FILLED, [cited],
                    quoted=Quoted(shown.text, slot, statement.question))
        if slot is Slot.PERSON:
            _also_naming(case, plan, chosen, match, shown.text, part)
        return part
    return Part(label, "", Fill.MISSING)


def _also_naming(case: Case, plan: CasePlan, chosen: list[Match], first: Match, shown: str, part: Part) -> None:
    """送货单上签字的是谁: the other close accounts telling the same one person did the asked act (each
    side of a hearing saying 童海签的) are cited beside the first — who it was rests on all of them.
    Each names that person in a sentence telling the act, in an answer about the asked thing."""
    people = [p for p in case.people() if p in shown]
    if len(people) != 1:
        return
    things = [o for o in objects_of(plan, case.people(), case.doc_text) if o not in people]
    for match in chosen:
        statement = match.statement
        if match is first or len(part.evidence) >= 3:
            continue
        sentence = _best_sentence(plan, statement, prefer=lambda t: people[0] in t and act_at(plan, t) >= 0)
        if sentence is None or people[0] not in sentence.text or act_at(plan, sentence.text) < 0 \
                or things and not any(object_hit(o, statement.question + statement.answer) for o in things):
            continue  # the same person in another act, or the act of another thing
        more = case.cite(_anchor(statement, sentence))
        if more not in part.evidence:
            part.text += f"；{quoted(sentence.text)}（{more}）"
            part.evidence.append(more)

# The longest passage quoted for what happened (抢了哪些东西): the sentences telling the act.
LONGEST_PASSAGE = 200

def _act_passage(plan: CasePlan, statement: Statement, sentence: Segment) -> Segment:
    """What happened, as told: from the first to the last sentence of the answer holding the asked
    act (拿了一部手机和一个钱包。…金项链，就一把扯了下来), when that is not too long."""
    told = [s for s in _sentences(statement) if act_at(plan, s.text) >= 0]
    if len(told) < 2 or told[-1].end - told[0].start > LONGEST_PASSAGE:
        return sentence
    return Segment(told[0].start, told[-1].end, statement.answer[told[0].start:told[-1].end])

def answer_evidence(case: Case, plan: CasePlan, outcome: Outcome, limit: int = 4) -> None:
    """有哪些证据表明…: the statements that bear on it, each with its best sentence."""
    # Ranked by words and search together: the question's words are often not the file's
    # (悔罪表现 vs 我很后悔, 公开宣传 vs 发传单、开讲座).
    ranked = rank_statements(case, plan)
    matches = [m for m in ranked if m.coverage > 0 or case.retrieval.get(m.statement.chunk_id, 0.0) >= 0.5][:limit]
    if not matches:
        outcome.add(Part("相关证据", "", Fill.MISSING))
        return
    lines, ids = [], []
    if MONEY_WORDS.search(plan.text):  # 证据表明X把钱交给了Y: the ledger's rows of that money come first
        for event in _money_rows(case, plan)[:3]:
            cited = case.cite_event(event)
            if cited not in ids:
                ids.append(cited)
                lines.append(f"{cited}：{quoted(case.text_of(event.sentence))}")
    from_rows = bool(ids)
    for match in sorted(matches, key=lambda m: m.statement.index):
        sentence = _best_sentence(plan, match.statement)
        if sentence is None or len(lines) >= limit + 2:
            continue
        cited = case.cite(_anchor(match.statement, sentence))
        if cited in ids:
            continue
        ids.append(cited)
        lines.append(f"{cited}：{quoted(sentence.text)}")
    # Sentences ranked by their likeness to the question may or may not prove what it asks (明知…,
    # 有意躲避…): that is a reader's judgement. Only the ledger's rows of the money asked are facts the
    # answer can stand on.
    outcome.add(Part("相关证据", "相关证据：" + "；".join(lines), Fill.FILLED, ids,
                     doubt=None if from_rows else "所列语句能否证明所问之事需人工判断"))

MONEY_WORDS = re.compile(r"钱|款|元|资金|财物|转账")

def _money_rows(case: Case, plan: CasePlan) -> list:
    """The movements of the money an evidence question is about: of the kind it names, else the
    file's main kind, involving the people it names when it names any."""
    from engine.text.case_lexicon import question_kind

    kind = question_kind(plan.text) or dominant_kind(case)
    names = [n for n in plan.names if n in case.doc_text]
    rows = [e for e in case.ledger.money if e.role == "event" and not e.corrects and e.kind == kind]
    if names:
        rows = [e for e in rows if not (e.payer or e.payee) or any(
            n in (e.payer or "") or n in (e.payee or "") or (e.payer or "") in n for n in names)] or rows
    return rows

def answer_amount_by_talk(case: Case, plan: CasePlan, outcome: Outcome, about: str | None = None) -> None:
    """An amount the ledger does not hold as a movement (我自己留了八千元左右, 她朋友没有投): the
    best-matching statement's sentence that carries an amount, or says the act did not happen.
    ``about``: someone outside the case's money flow — only what is said of them answers, from
    the sentence naming them on (听说X也被她骗了，被骗了多少我不知道)."""
    from engine.text.numbers import find_amounts

    matches = rank_statements(case, plan)
    if about:
        matches = [m for m in matches if about in m.statement.answer or about in m.statement.question]
    elif matches and not qualifies(matches[0]):
        matches = []
    if not matches:
        outcome.add(Part("金额", "", Fill.MISSING))
        return
    best = matches[0].score
    acts = [w for w in _weights(plan, case) if w in plan.question.verbs]
    whom = person_asked(case, plan) if plan.rate_per else None
    chosen = matches[:3] if about else [m for m in matches[:3] if qualifies(m) and m.score >= best - 0.35]
    for match in chosen:
        statement = match.statement
        sentences = _sentences(statement)
        if about:
            named = next((i for i, s in enumerate(sentences) if about in s.text), None)
            if named is None and about not in statement.question:
                continue
            sentences = sentences[named or 0:]
        for sentence in sentences:
            per_unit = plan.rate_per is not None and any(said_per(sentence.text, a, plan.rate_per)
                                                          for a in find_amounts(sentence.text))
            # the asker put nearly this question (…付了多少钱，你知道吗？): its answer needs none of its words
            if not about and not per_unit and match.similar < 0.5 \
                    and not any(word_hit(t, sentence.text) > 0 for t in _weights(plan, case)) \
                    and not _unsure_of_figure_asked(plan, case, statement.question, sentence.text):
                continue
            if _unsure_about(sentence.text, Slot.AMOUNT):
                outcome.add(_gap(case, statement, sentence, outcome, "金额"))
                return
            if _figure_unnamed(plan, statement.question, sentence.text):
                continue
            amounts = find_amounts(sentence.text)
            # (words someone is quoted saying — 卢婷说“昨天没买够的今天必须补上” — deny nothing of the act)
            own = re.sub(r"[“\"「『][^”\"」』]*[”\"」』]", "", sentence.text)
            denied = any(re.search(r"(?:没有|没|未|并未|不曾)(?:再)?" + re.escape(a[0]), own) for a in acts)
            if amounts and not denied:
                asked = _asked_amount(plan, case, sentence.text, amounts)
                if asked is None:  # several figures and none is the one asked: never quote another
                    continue
                if plan.rate_per and (whom is None or not told_of(case, statement, sentence.text, asked.start, whom)):
                    continue  # 一天的工钱 of someone else (another worker's rate)
                quote = quote_of_one(sentence, (asked.start, asked.end), [(a.start, a.end) for a in amounts
                                                                          if a.value != asked.value])
                cited = case.cite(_anchor(statement, quote))
                outcome.add(Part("金额", f"材料显示：{quoted(quote.text)}（{cited}）", Fill.FILLED, [cited],
                                 quoted=Quoted(quote.text, Slot.AMOUNT, statement.question)))
                return
            if denied:
                cited = case.cite(_anchor(statement, sentence))
                outcome.add(Part("金额", f"材料显示并无此笔款项：{quoted(sentence.text)}（{cited}）", Fill.FILLED, [cited]))
                return
    outcome.add(Part("金额", "", Fill.MISSING))


def _asked_amount(plan: CasePlan, case: Case, text: str, amounts: list):
    """Of a sentence's figures, the one the question asks: the one said per the unit asked (一天的工钱 →
    一天一百九十元, beside 付过五千五百元), else the only figure, else the one whose clause alone says
    the question's words; None when the sentence does not single one out."""
    if plan.rate_per:
        per = [a for a in amounts if said_per(text, a, plan.rate_per)]
        return per[0] if len({a.value for a in per}) == 1 else None
    if not plan.per_unit:  # 合同总价款 asked, 每箱121元 said: a figure per piece is no sum
        amounts = [a for a in amounts if not per_piece(text, a.start, a.end)]
        if not amounts:
            return None
    if len({a.value for a in amounts}) == 1:
        return amounts[0]
    weights = _weights(plan, case)
    clauses = split(text, 0, len(text), CLAUSE_FIELD)

    def said(amount) -> float:
        clause = next((c for c in clauses if c.start <= amount.start < c.end), None)
        return sum(weight for word, weight in weights.items() if clause and word_hit(word, clause.text) > 0)

    scored = sorted(((said(a), a) for a in amounts), key=lambda p: -p[0])
    best = scored[0][0]
    top = {a.value for score, a in scored if score == best}
    return scored[0][1] if best > 0 and len(top) == 1 else None


def said_per(text: str, amount, unit: str) -> bool:
    """一天一百九十元 / 每个月6000元 / 7200元/月 / 七元一件: the figure is said per that unit."""
    per = rf"(?:每|一)(?:一)?(?:个)?{re.escape(unit)}"
    before = text[max(0, amount.start - 8):amount.start]
    # 每个月给她发三千五百元: the one paid may be said between the period and the figure
    return bool(re.search(per + r"(?:的)?(?:都|就)?(?:给[他她我])?(?:是|为|就|能拿|拿|给|算|发|付|开)?$", before)
                or re.match(rf"(?:/|每|一)(?:个)?{re.escape(unit)}", text[amount.end:]))
