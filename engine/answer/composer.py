"""The deterministic evidence composer (offline default).

It never writes a fact of its own: every value in a conclusion is copied from a quote it cites
(or is the result of a calculation it shows), conflicting statements are both reported, and a
"记不清" in the evidence is reported as a gap rather than papered over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Callable, Mapping

from engine.answer.arithmetic import Check, makeup_check, net_check, sum_check
from engine.answer.candidates import (DEDUCTION_WORDS, NET_WORDS, TOTAL_WORDS, Candidate, Source,
                                      find_candidates, names_agree, numeric, relevance)
from engine.answer.model import (CONFLICT_PHRASE, NOT_FOUND_PHRASE, UNCLEAR_PHRASE, Calculation,
                                 Conflict, Evidence, Gap, Status)
from engine.answer.wording import chinese_count, money, quoted, said_amount
from engine.text.segments import (Segment, trimmed, clauses, flat, is_uncertain, sentences,
                                    strip_turn_marker)
from engine.ingest.anchors import chunk_range_to_spans, spans_bboxes
from engine.question import ASKS_WORDS, QUESTION_WORDS, Asks, Intent, QuestionPlan, Reading
from engine.statutes.lookup import name_key
from engine.text.names import names_in, posseg
from engine.text.ordinals import ordinals_in
from engine.text.pii import widen_to_pii
from engine.text.tokenize import dictionary_words
from engine.types import PageText

# What an identifier looks like (an account, card, phone or ID number): a long run of digits.
IDENTIFIER_VALUE = re.compile(r"\d[\d\s-]{4,}\d")
MAX_QUOTE = 220  # characters; a longer sentence is quoted from its value's clause instead
_NEGATIVE = re.compile(r"^(?:没有|没|不是|不|未|否|无|从未|从来没|No\b|no\b|Not\b)")


class EvidenceSet:
    """Numbers evidence E1, E2 … in the order the conclusion cites it; one entry per quote."""

    def __init__(self, pages_for: Callable[[str], Mapping[int, PageText]]):
        self.items: list[Evidence] = []
        self._pages_for = pages_for

    def cite(self, source: Source, segment: Segment, role: str | None = None) -> str:
        for item in self.items:
            if item.chunk.chunk_id == source.chunk.chunk_id and \
                    item.quote_start <= segment.start and segment.end <= item.quote_end:
                return item.id
        start, end = widen_to_pii(source.chunk.text, segment.start, segment.end)  # never cut an ID
        spans = chunk_range_to_spans(source.chunk.spans, start, end)
        boxes = spans_bboxes(self._pages_for(source.chunk.doc_id), spans)
        item = Evidence(id=f"E{len(self.items) + 1}", chunk=source.chunk, doc_name=source.doc_name,
                        quote_start=start, quote_end=end, bboxes=boxes,
                        score=source.score, role=role or source.role)
        self.items.append(item)
        return item.id

    def copy(self) -> "EvidenceSet":
        """The same items under the same ids, to cite more onto without changing this set."""
        twin = EvidenceSet(self._pages_for)
        twin.items = list(self.items)
        return twin

    def cite_candidate(self, cand: Candidate, role: str | None = None) -> str:
        segment = cand.sentence if len(cand.sentence.text) <= MAX_QUOTE else cand.clause
        return self.cite(cand.source, segment, role)


@dataclass
class Draft:
    status: Status
    conclusion: str
    evidence: EvidenceSet
    calculations: list[Calculation] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    # Problems the composer found that verify() cannot see from the Answer alone (an LLM
    # conclusion taking one side of a detected conflict, or resting on evidence that carries
    # instructions); the pipeline adds them to checks.unsupported.
    unsupported: list[str] = field(default_factory=list)
    # Set when the LLM's conclusion is not used (call failed, not configured, nothing to ask
    # about): the draft is then the deterministic one and the answer's mode is extractive.
    fallback_reason: str | None = None
    # Case files: the ledger rows the answer rests on (engine/answer/casefile/facts), each with its evidence id.
    ledger: list[dict] = field(default_factory=list)
    plan: dict | None = None  # case files: the question's case plan (engine/question)
    document: str | None = None  # case files: the file's stored text, read once by the case path (trust score)


def _named_article(plan: QuestionPlan, sources: list[Source]) -> Source | None:
    """The source that is the statute article the question names (《X法》第Y条, X法第Y条), if the
    question asks what it says rather than about a value in it."""
    for ref in plan.query.article_refs:
        law = ref.meta.get("law")
        if not ref.value or not law or ref.meta.get("relative") or law.startswith("本"):
            continue
        named = name_key(law)
        for source in sources:
            meta = source.chunk.meta
            if meta.get("article_label") != ref.value or len(named) < 2:
                continue
            # 民法商法公司法 ends with 公司法; a name cut short (纪念日放假办法) ends the title
            titles = [name_key(t) for t in (meta.get("law_title"), meta.get("law_short")) if t]
            if any(named.endswith(t) or t.endswith(named) for t in titles):
                return source
    return None


_q = quoted
_cn = chinese_count
_yuan = money


def _show(cand: Candidate, asks: Asks) -> str:
    """A value as the conclusion states it: the source's own words, plus the normalised value
    when they differ (壹万叁仟元 → 13000元)."""
    if asks is Asks.AMOUNT:
        return said_amount(cand.surface.text, cand.value, cand.currency)
    return flat(cand.surface.text)


def _differs(a: Candidate, b: Candidate, asks: Asks) -> bool:
    if asks is Asks.DATE:
        x, y = str(a.value), str(b.value)
        return not (x.startswith(y) or y.startswith(x))  # 2022-11 vs 2022-11-02: compatible
    x, y = numeric(a.value), numeric(b.value)
    if x is None or y is None or x == y:
        return False
    if a.approx or b.approx:  # 八千元左右 vs 8000元 is not a contradiction
        return abs(x - y) > Decimal("0.1") * max(abs(x), abs(y))
    return True


def _same_slot(a: Candidate, b: Candidate) -> bool:
    if a.chunk.chunk_id == b.chunk.chunk_id and a.sentence == b.sentence:
        return False
    if a.ordinals != b.ordinals:
        return False
    for words in (TOTAL_WORDS, NET_WORDS, DEDUCTION_WORDS):
        if bool(words.search(a.clause.text)) != bool(words.search(b.clause.text)):
            return False
    return bool(a.matched & b.matched) or bool(a.ordinals)


_VERBS: set[str] = set()  # content words jieba tagged as verbs (filled by _content_words)


def _content_words(text: str) -> set[str]:
    words = set()
    for word, flag in posseg(text):
        if flag[:1] in ("v", "n") and word not in QUESTION_WORDS and not flag.startswith("nr"):
            words.add(word)
            if flag.startswith("v"):
                _VERBS.add(word)
    return words


_HAN = re.compile(r"[\u4e00-\u9fff]+")
# Words about the request rather than its subject (哪些证据证明…) or naming money in general (款项,
# 金额): never "absent" from a corpus.
META_WORDS = frozenset("证据 证明 材料 内容 规定 情况 问题 事实 信息 说法 记录 款项 钱款 金额 数额".split())


class Composer:
    def __init__(self, pages_for: Callable[[str], Mapping[int, PageText]],
                 doc_sources: Callable[[str], list[Source]], scope: str,
                 idf: Callable[[str], float | None] | None = None):
        self.pages_for = pages_for
        self.doc_sources = doc_sources  # every chunk of a document, for completing arithmetic
        self.scope = scope  # what was searched, named in a not-found answer
        # How specific a word is in the corpus (BM25 idf); None when the corpus never uses it.
        self.idf = idf

    # -- entry ---------------------------------------------------------------------------------
    def compose(self, plan: QuestionPlan, sources: list[Source],
                evidence: EvidenceSet | None = None) -> Draft:
        """``evidence``: an already numbered set to cite into (the LLM mode numbers every source
        first, so the panels computed here use the ids the model saw)."""
        evidence = EvidenceSet(self.pages_for) if evidence is None else evidence
        question = plan.reading
        if not sources:
            return self._not_found(question, evidence)
        law = self._law_article(plan, sources)
        if law is not None:  # 诈骗…数额较大的，处什么刑罚: the article that says it, whole
            return self._quote_article(law, evidence)
        absent = self._absent_words(question)
        if absent:  # the corpus never says 定金 / 前科: whatever matched, it is not about that
            return self._not_found(question, evidence, "「" + "、".join(absent) + "」相关内容")
        if question.intent is Intent.CONFLICT:
            return self._conflicts(question, sources, evidence)
        if question.intent is Intent.EVIDENCE and question.asks in (Asks.TEXT, Asks.YESNO):
            return self._evidence_set(question, sources, evidence)
        if question.asks in (Asks.AMOUNT, Asks.DATE, Asks.COUNT):
            return self._value(question, sources, evidence)
        if question.asks is Asks.YESNO:
            return self._yes_no(question, sources, evidence)
        return self._text(plan, sources, evidence)

    @staticmethod
    def _law_article(plan: QuestionPlan, sources: list[Source]) -> Source | None:
        """A question about the law (罪名, 怎么处罚, 法律规定, 第X条) is answered by the best
        statute article retrieved for it, even when it names money (数额较大): no value is
        looked up in the article."""
        # Only where money or time words would send it to a value lookup; other law questions
        # (yes/no, what the article says) keep their own paths.
        if not plan.case.law or plan.reading.asks not in (Asks.AMOUNT, Asks.DATE, Asks.COUNT):
            return None
        articles = [s for s in sources if s.chunk.kind == "statute" and s.chunk.meta.get("article_label")
                    and s.role == "hit"]
        # by search score: sources come grouped in reading order, so their rank is not relevance
        return _named_article(plan, sources) or max(articles, key=lambda s: (s.score, -s.rank), default=None)

    def _quote_article(self, source: Source, evidence: EvidenceSet) -> Draft:
        body = trimmed(source.chunk.text, 0, len(source.chunk.text))
        label = source.chunk.meta["article_label"]
        law = source.chunk.meta.get("law_short") or source.chunk.meta.get("law_title")
        return Draft(Status.ANSWERED, f"《{law}》{label}规定：{_q(body.text)}（{evidence.cite(source, body)}）。",
                     evidence)

    def _absent_words(self, question: Reading) -> list[str]:
        """Nouns of the question the corpus never uses. Verbs and time words vary too much in form
        (转给/转了, 以前), and name detection is too loose (张卡转), to conclude from their absence."""
        if self.idf is None:
            return []
        words = [t for t in question.terms if t in question.nouns and len(t) >= 2
                 and _HAN.fullmatch(t) and t not in META_WORDS]
        # 手机号码 is not missing when 手机 is there: only a word none of whose two-character parts
        # occurs is taken as absent (定金, 前科, 质保期). It is named to the reader in dictionary
        # words, never as a fragment the segmenter cut out of the question (条是 of 第264条是…).
        absent = [w for w in words if all(self.idf(w[i:i + 2]) is None for i in range(len(w) - 1))]
        return [w if "".join(parts) == w else "、".join(parts)
                for w in absent if (parts := dictionary_words(w))]

    def _not_found(self, question: Reading, evidence: EvidenceSet, what: str = "相关内容") -> Draft:
        return Draft(Status.NOT_FOUND, f"{NOT_FOUND_PHRASE}{what}（检索范围：{self.scope}）。", evidence)

    # -- one value: amount, date, count ----------------------------------------------------------
    def _value(self, question: Reading, sources: list[Source], evidence: EvidenceSet) -> Draft:
        asks = question.asks
        candidates = find_candidates(question, sources)
        if not candidates:
            gap = self._gap_sentence(question, sources)
            if gap:
                return self._unclear(question, gap, evidence)
            return self._not_found(question, evidence, {Asks.AMOUNT: "相关金额", Asks.DATE: "相关日期",
                                                        Asks.COUNT: "相关次数"}[asks])
        primary = candidates[0]
        draft = Draft(Status.ANSWERED, "", evidence)
        first = evidence.cite_candidate(primary)
        # Rivals: the same point stated differently anywhere in the primary's document (read whole
        # when small), not just in the retrieved top hits: a contradiction must not hide on page 5.
        seen = {(c.chunk.chunk_id, c.surface.start) for c in candidates}
        pool = candidates[1:] + [c for c in find_candidates(question, self.doc_sources(primary.chunk.doc_id))
                                 if (c.chunk.chunk_id, c.surface.start) not in seen]
        rivals = [c for c in pool if _same_slot(primary, c) and _differs(primary, c, asks)
                  and primary.matched <= c.matched and self._own_words(question, primary, c)]
        rivals = list({str(c.value): c for c in rivals}.values())[:3]

        note = ""
        if primary.approx:
            note = "，系约数"
        elif asks is Asks.DATE and primary.precision in ("month", "year"):
            note = "，仅精确到" + ("月" if primary.precision == "month" else "年")
        unsure = self._uncertain_clause(primary, asks)
        if unsure is not None:
            what = {Asks.AMOUNT: "具体金额", Asks.DATE: "具体日期", Asks.COUNT: "具体次数"}[asks]
            draft.gaps.append(Gap(f"{UNCLEAR_PHRASE}{what}：{_q(unsure.text)}", [first]))
            parts = [f"{UNCLEAR_PHRASE}{what}（{first}：{_q(unsure.text)}），仅称{_show(primary, asks)}{note}"]
        else:
            parts = [f"材料显示为{_show(primary, asks)}（{first}）{note}"]
        if rivals:
            ids = [evidence.cite_candidate(c) for c in rivals]
            said = "；".join([f"{first}称{_show(primary, asks)}"] +
                            [f"{i}称{_show(c, asks)}" for i, c in zip(ids, rivals)])
            draft.conflicts.append(Conflict("testimony" if primary.chunk.kind == "transcript" else "fact",
                                            f"同一事项说法不一：{said}", [first, *ids]))
            parts = [f"{CONFLICT_PHRASE}：{said}，需人工核实"]
            draft.status = Status.NEEDS_REVIEW

        check = None
        if question.total and asks is Asks.AMOUNT:
            check = sum_check(question, primary, self.doc_sources(primary.chunk.doc_id))
        elif question.net and asks is Asks.AMOUNT:
            check = net_check(question, primary, self.doc_sources(primary.chunk.doc_id))
        if check is None and asks is Asks.AMOUNT:  # a total that names its own make-up
            check = makeup_check(question, primary, self.doc_sources(primary.chunk.doc_id))
        if check is not None:
            parts.append(self._calculation(check, evidence, draft))
        draft.conclusion = "；".join(parts) + "。"
        return draft

    @staticmethod
    def _own_words(question: Reading, primary: Candidate, rival: Candidate) -> bool:
        """Two values under one heading or question (the fields of a header block, two amounts in
        one answer) are different facts unless the rival's own words name the same point."""
        if rival.chunk.chunk_id != primary.chunk.chunk_id:
            return True
        _, own = relevance(question, rival.clause.text, rival.sentence.text, "")
        return bool(own) and primary.matched <= own

    @staticmethod
    def _uncertain_clause(cand: Candidate, asks: Asks) -> Segment | None:
        """The clause of the candidate's sentence saying 记不清/不知道 about the asked kind of value
        (记不清哪天 is about a date, not about the amount in the same sentence)."""
        for clause in clauses(cand.chunk, cand.sentence):
            if not is_uncertain(clause.text):
                continue
            about = [kind for kind, pattern in ASKS_WORDS.items() if pattern.search(clause.text)]
            if not about or asks in about:
                return clause
        return None

    def _calculation(self, check: Check, evidence: EvidenceSet, draft: Draft) -> str:
        ids = [evidence.cite_candidate(t.candidate, "completion") for t in check.terms]
        stated_id = evidence.cite_candidate(check.stated)
        result, stated = check.result, numeric(check.stated.value)
        currency = check.stated.currency
        draft.calculations.append(Calculation(check.expression, result, stated, check.ok,
                                              [*ids, stated_id], check.description, check.factors))
        for best, other in check.alternatives:
            a, b = evidence.cite_candidate(best), evidence.cite_candidate(other)
            draft.conflicts.append(Conflict(
                "testimony" if best.chunk.kind == "transcript" else "fact",
                f"同一笔款项说法不一：{a}称{_show(best, Asks.AMOUNT)}，{b}称{_show(other, Asks.AMOUNT)}",
                [a, b]))
        verdict = "与所述一致" if check.ok else f"与所述{_yuan(stated, currency)}不符，需人工复核"
        if not check.ok or check.alternatives:
            draft.status = Status.NEEDS_REVIEW
        note = "（各笔金额另有不同说法，见冲突）" if check.alternatives else ""
        return f"复算 {check.expression} = {_yuan(result, currency)}，{verdict}{note}"

    # -- yes/no and free text (who, where, why, what) ---------------------------------------------
    def _yes_no(self, question: Reading, sources: list[Source], evidence: EvidenceSet) -> Draft:
        return self._quote_answer(question, sources, evidence, yes_no=True)

    def _text(self, plan: QuestionPlan, sources: list[Source], evidence: EvidenceSet) -> Draft:
        named = _named_article(plan, sources)
        if named is not None:  # 刑法第二百六十六条是怎么规定的: the article itself answers, whole
            return self._quote_article(named, evidence)
        return self._quote_answer(plan.reading, sources, evidence, yes_no=False)

    def _quote_answer(self, question: Reading, sources: list[Source], evidence: EvidenceSet, *,
                      yes_no: bool) -> Draft:
        """The best answering sentence decides: quoted, and for yes/no read for its polarity."""
        best = self._best_sentence(question, sources, answers_only=True)
        if best is None:
            return self._not_found(question, evidence)
        source, sentence = best
        first = evidence.cite(source, sentence)
        if is_uncertain(sentence.text):
            return self._unclear(question, best, evidence, first)
        if yes_no:
            verdict = "否" if _NEGATIVE.search(sentence.text) else "是"
            return Draft(Status.ANSWERED, f"{verdict}（{first}：{_q(sentence.text)}）。", evidence)
        return Draft(Status.ANSWERED, f"材料显示：{_q(sentence.text)}（{first}）。", evidence)

    def _unclear(self, question: Reading, found: tuple[Source, Segment], evidence: EvidenceSet,
                 cited: str | None = None) -> Draft:
        source, sentence = found
        cited = cited or evidence.cite(source, sentence)
        return Draft(Status.ANSWERED, f"{UNCLEAR_PHRASE}：{_q(sentence.text)}（{cited}），材料未给出确切答案。",
                     evidence, gaps=[Gap(f"{UNCLEAR_PHRASE}：{_q(sentence.text)}", [cited])])

    # -- evidence sets -------------------------------------------------------------------------------
    def _evidence_set(self, question: Reading, sources: list[Source], evidence: EvidenceSet) -> Draft:
        lines = []
        for source in sources[:6]:
            best = self._best_sentence(question, [source], answers_only=True, require=False)
            if best is None:
                continue
            # document and page are on the evidence card; the conclusion carries only what it shows
            lines.append(f"{evidence.cite(*best)}：{_q(best[1].text)}")
        if not lines:
            return self._not_found(question, evidence)
        return Draft(Status.ANSWERED, "相关证据：" + "；".join(lines) + "。", evidence)

    # -- conflicts and gaps across the evidence ------------------------------------------------------
    def _conflicts(self, question: Reading, sources: list[Source], evidence: EvidenceSet) -> Draft:
        draft = Draft(Status.ANSWERED, "", evidence)
        docs = list(dict.fromkeys(s.chunk.doc_id for s in sources))[:3]
        pool = [s for d in docs for s in self.doc_sources(d)]
        # Names in a conflict question usually name the speaker (某甲前后说法…), whose statements
        # say 我: the pairwise check below keeps the two statements about the same people.
        anyone = replace(question, names=[], ordinals=set())
        for asks in (Asks.AMOUNT, Asks.DATE):
            cands = find_candidates(anyone, pool, asks, need_total=False, need_net=False,
                                    require_match=False)
            words = {id(c): _content_words(f"{c.clause.text}\n{c.source.question}") for c in cands}
            people = {id(c): set(names_in(f"{c.sentence.text}\n{c.source.question}")) for c in cands}
            reported: set[tuple[str, str]] = set()
            for i, a in enumerate(cands):
                for b in cands[i + 1:]:
                    if a.chunk.chunk_id == b.chunk.chunk_id or a.ordinals != b.ordinals:
                        continue
                    shared = words[id(a)] & words[id(b)]
                    verbs = {w for w in shared if w in _VERBS}
                    if len(shared) < (1 if a.ordinals or verbs else 2) or not _differs(a, b, asks):
                        continue
                    if people[id(a)] and people[id(b)] and not people[id(a)] & people[id(b)]:
                        continue  # about different people
                    if any(bool(w.search(a.clause.text)) != bool(w.search(b.clause.text))
                           for w in (TOTAL_WORDS, NET_WORDS, DEDUCTION_WORDS)):
                        continue
                    key = tuple(sorted((f"{a.chunk.chunk_id}:{a.surface.start}", f"{b.chunk.chunk_id}:{b.surface.start}")))
                    if key in reported:
                        continue
                    reported.add(key)
                    x, y = evidence.cite_candidate(a), evidence.cite_candidate(b)
                    topic = "、".join(sorted(shared)[:3])
                    draft.conflicts.append(Conflict(
                        "testimony" if a.chunk.kind == "transcript" else "fact",
                        f"关于「{topic}」说法不一：{x}称{_show(a, asks)}，{y}称{_show(b, asks)}", [x, y]))
        for source in pool:
            for sentence in sentences(source.chunk):
                sentence = strip_turn_marker(sentence)
                if is_uncertain(sentence.text):
                    cited = evidence.cite(source, sentence)
                    said = next(c for c in clauses(source.chunk, sentence) if is_uncertain(c.text))
                    draft.gaps.append(Gap(f"{UNCLEAR_PHRASE}：{_q(said.text)}", [cited]))
        if draft.conflicts:
            draft.status = Status.NEEDS_REVIEW
            draft.conclusion = (f"发现{_cn(len(draft.conflicts))}处说法不一，需人工核实："
                                + "；".join(c.description for c in draft.conflicts) + "。")
        else:
            draft.conclusion = "在检索到的材料中未发现金额或日期上的前后矛盾。"
        if draft.gaps:
            ids = "、".join(i for g in draft.gaps for i in g.evidence)
            draft.conclusion += f"另有{_cn(len(draft.gaps))}处记不清或不知道的陈述（{ids}），见材料缺口。"
        return draft

    # -- shared -------------------------------------------------------------------------------------
    def _best_sentence(self, question: Reading, sources: list[Source], *, answers_only: bool,
                       require: bool = True) -> tuple[Source, Segment] | None:
        best, best_score = None, 0.0
        for source in sources:
            asked = source.question
            if not names_agree(question, f"{source.chunk.text}\n{asked}", source.speaker):
                continue
            for i, sentence in enumerate(sentences(source.chunk, answer_only=answers_only)):
                sentence = strip_turn_marker(sentence)
                if question.identifier and not IDENTIFIER_VALUE.search(sentence.text):
                    continue  # 账号是多少: a sentence without a number does not answer it
                score, matched = relevance(question, sentence.text, sentence.text, asked)
                if question.ordinals:  # 第三次…: only that occurrence answers
                    said = ordinals_in(sentence.text) or ordinals_in(asked)
                    if said and not said & question.ordinals:
                        continue
                    score += 3.0 if said & question.ordinals else 0.0
                if i == 0 and asked:
                    score += 0.5  # the first sentence of an answer answers its question
                score += 1.0 / (1 + source.rank)
                if (matched or not require) and score > best_score:
                    best, best_score = (source, sentence), score
        return best

    def _gap_sentence(self, question: Reading, sources: list[Source]) -> tuple[Source, Segment] | None:
        """A 记不清/不知道 about what is asked (the asked kind of value, the question's terms)."""
        for source in sources:
            for sentence in sentences(source.chunk):
                sentence = strip_turn_marker(sentence)
                for clause in clauses(source.chunk, sentence):
                    if not is_uncertain(clause.text):
                        continue
                    about = [kind for kind, pattern in ASKS_WORDS.items() if pattern.search(clause.text)]
                    if about and question.asks not in about:
                        continue  # 记不清哪天 does not answer 多少钱
                    _, matched = relevance(question, clause.text, sentence.text, source.question)
                    if matched and names_agree(question, f"{sentence.text}\n{source.question}", source.speaker):
                        return source, sentence
        return None
