"""已核验 only when the answer answers the question: subject routes and the one badge check.

A green 已核验 on a quote about something else is worse than no answer. The question plan says what
a question is about (engine/question/subject.py); here that is held against what an answer cites.

Routes, taken after the case-file path and before the judged and composer paths:

* **An article named** (《刑法》第二百六十六条, 刑法第264条, 刑法264条): that article of that law, in the
  version in force on the as-of date, quoted whole — or ``not_found`` saying what the corpus holds
  instead (the laws present, or that law's articles), never another document's text.
* **The law on some conduct** (盗窃公私财物数额较大的怎么处罚): the article whose text speaks of every
  word of the conduct, quoted whole. When none does, ``needs_review`` naming the closest article and
  what it is about (诈骗 is not 盗窃), or ``not_found`` when nothing comes close.
* **A contract clause** (违约金, 保密, 付款, 管辖 …): the clause of that kind in the contract asked
  about — by its heading or by the contract-facts classification of its sentences — and in it the
  item that carries the asked value (a rate, a cap, a period, a court) quoted whole; amounts and
  dates are read by the composer from those clauses only. A kind the contract lacks is
  ``not_found`` (合同未约定定金); an amount of another kind is never given for it.

The badge check (``subject_problems``) runs on every answer, whichever path made it: ``answered``
needs the cited evidence to be about the asked subject (the named article, an article speaking of
the conduct, a clause of the asked kind) and, outside the case-file path (which checks its own
slots), the asked kind of value to be given. Otherwise the answer is ``needs_review`` with the
reason named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from engine.answer.candidates import Source
from engine.answer.composer import Composer, Draft, EvidenceSet
from engine.answer.defuse import defused
from engine.answer.model import NOT_FOUND_PHRASE, STATEMENT_DOUBT, Answer, Gap, Status
from engine.answer.wording import quoted
from engine.question import Asked, ArticleAsked, QuestionPlan
from engine.statutes.lookup import name_key
from engine.text.dates import find_dates
from engine.text.normalize import to_halfwidth
from engine.text.numbers import find_amounts
from engine.text.refs import article_key
from engine.text.segments import Segment, flat, trimmed
from engine.types import Chunk

if TYPE_CHECKING:
    from engine.answer.tools import AnswerTools
    from engine.retrieve.search import SearchResponse

# Clause kinds of a contract by chunk: chunk_id -> the contract-facts clause types found in it
# (engine/contract_facts/clauses.py). Given by the Engine, which may import engine.contract_facts.
ClauseTypes = Callable[[str], dict[str, set[str]]]

LISTED_ARTICLES = 15  # a law with more articles than this is summarised by the nearest ones
NEAREST = 3
_RATE = re.compile(r"[百千万]分之[零一二三四五六七八九十百\d.]+|\d+(?:\.\d+)?\s*[%％‰]|百分之|千分之|万分之|[一二三四五六七八九]成"
                   r"|(?i:\b\d+(?:\.\d+)?\s*(?:percent|per cent)\b)")
# English: "ninety (90) days", "12 months", "twenty-four (24) months"
_DURATION = re.compile(r"[\d一二三四五六七八九十百两半]+\s*(?:个)?(?:年|月|日|天|周|星期|小时|工作日)|期限|期间"
                       r"|(?i:\b\d+\)?\s*(?:business |calendar )?(?:days?|weeks?|months?|years?)\b)")
_PLACE = re.compile(r"法院|仲裁委员会|仲裁机构|住所地|所在地|[\u4e00-\u9fff]{2,}(?:省|市|区|县)"
                    r"|(?i:\bcourts?\b|\barbitrat\w*|\bvenue\b|\b(?:state|commonwealth|province) of\b)")
# Within a clause of some kinds, the items that state what was asked (the cap, the law chosen, the
# right to end for convenience); another item of that clause carries a value of another kind.
_ITEM_OF_KIND = {
    "cap_on_liability": re.compile(r"累计|不超过|不得超过|上限|为限|最高"
                                   r"|(?i:\bshall not exceed\b|\bnot to exceed\b|\blimited to\b|\bin no event\b|"
                                   r"\b(?:aggregate|total|maximum) liabilit)"),
    "governing_law": re.compile(r"适用[^。；]{0,30}法律|准据法|(?i:\bgovern(?:ed|s|ing)\b|\blaws? of\b)"),
    "termination_for_convenience": re.compile(r"(?i:\bconvenience\b|\bwithout cause\b|\bfor any reason\b)"),
}
_ITEM_START = re.compile(r"(?m)^\s*(?:\d+(?:\.\d+)+|[（(][一二三四五六七八九十\d]+[）)]|[一二三四五六七八九十]+、|第[一二三四五六七八九十百]+款)")
_SENTENCE = re.compile(r"[。；;！？!?]")
_SPACES = re.compile(r"\s+")
ASKED_WORDS = {Asked.RATE: "比例或标准", Asked.DURATION: "期限", Asked.AMOUNT: "金额", Asked.DATE: "日期",
               Asked.PLACE: "地点或法院", Asked.ARTICLE: "条文内容"}


def _plain(text: str) -> str:
    return _SPACES.sub("", to_halfwidth(text))


def _core(word: str) -> str:
    """诈骗罪 → 诈骗: an article writes the conduct, the question may name the crime."""
    return word[:-1] if len(word) > 2 and word.endswith("罪") else word


def speaks_of(chunk: Chunk, words: list[str]) -> list[str]:
    """The words an article's text uses (spacing and width ignored), of those given."""
    text = _plain(chunk.text)
    return [w for w in words if _plain(_core(w)) in text]


def unmet_conduct(chunk: Chunk, subject) -> list[str]:
    """What of the asked conduct an article does not speak of, when that makes it another conduct:
    any word naming the act (诈骗 is not 盗窃), or most of the other words. Empty: it speaks of it."""
    used = set(speaks_of(chunk, subject.conduct))
    missing = [w for w in subject.conduct if w not in used]
    acts_missing = [w for w in subject.acts if w not in used]
    rest = [w for w in subject.conduct if w not in subject.acts]
    if acts_missing or (rest and 2 * len([w for w in rest if w in used]) < len(rest)):
        return [_core(w) for w in missing]
    return []


def _law_name(chunk: Chunk) -> str:
    return chunk.meta.get("law_short") or chunk.meta.get("law_title") or ""


def _is_article(chunk: Chunk) -> bool:
    return chunk.kind == "statute" and bool(chunk.meta.get("article_label"))


def same_article(chunk: Chunk, asked: ArticleAsked) -> bool:
    if not _is_article(chunk) or chunk.meta.get("article_label") != asked.label:
        return False
    if not asked.law:
        return True
    named = name_key(asked.law)
    titles = [name_key(t) for t in (chunk.meta.get("law_title"), chunk.meta.get("law_short")) if t]
    return any(named.endswith(t) or t.endswith(named) for t in titles)


def _labels_text(labels: list[str]) -> str:
    """第六十四、六十七、二百六十六条、第二百八十七条之二: plain 第X条 labels share one 第…条."""
    plain = [m.group(1) for label in labels if (m := re.fullmatch(r"第([^之]+)条", label))]
    others = [label for label in labels if not re.fullmatch(r"第([^之]+)条", label)]
    return "、".join(([f"第{'、'.join(plain)}条"] if plain else []) + others)


def _conduct_of(chunk: Chunk) -> str:
    """What an article is about, verbatim: its first clause up to 的 (诈骗公私财物，数额较大的)."""
    body = flat(chunk.text)
    label = chunk.meta.get("article_label") or ""
    if body.startswith(label):
        body = body[len(label):].lstrip()
    stop = re.search(r"的[，,]|[。；]", body)
    cut = stop.start() + 1 if stop and stop.group(0).startswith("的") else (stop.start() if stop else 40)
    return body[:min(cut, 60)]


def in_scope(scope_kind: str | None, kinds: set[str]) -> bool:
    """Whether a subject's route — and so its check — applies to a question asked of the whole
    corpus (``scope_kind`` None) or of one document of that kind."""
    return scope_kind is None or scope_kind in kinds


@dataclass
class SubjectRoute:
    answerer: "AnswerTools"
    composer: Composer
    plan: QuestionPlan
    response: "SearchResponse"
    sources: list[Source]
    doc_id: str | None
    as_of: object = None

    @property
    def catalog(self):
        return self.answerer.index.catalog

    def draft(self) -> Draft | None:
        """The subject's answer, or None when no subject route applies."""
        subject = self.plan.subject
        if subject.articles and self._scope_holds({"statute"}):
            return self._article()
        if subject.clause is not None and self._scope_holds({"contract"}):
            return self._clause()
        if subject.law_question and subject.conduct and self._scope_holds({"statute"}):
            return self._conduct()
        return None

    def _scope_holds(self, kinds: set[str]) -> bool:
        """Unscoped, or scoped to a document of one of these kinds."""
        if self.doc_id is None:
            return True
        record = self.catalog.get_document(self.doc_id)
        return record is not None and in_scope(record.kind, kinds)

    def _evidence(self) -> EvidenceSet:
        return EvidenceSet(self.composer.pages_for)

    def _not_found(self, what: str, holds: str | None = None) -> Draft:
        tail = f"；现有：{holds}" if holds else ""
        text = f"{NOT_FOUND_PHRASE}{what}{tail}（检索范围：{self.composer.scope}）。"
        return Draft(Status.NOT_FOUND, text, self._evidence())

    def _source(self, chunk: Chunk) -> Source:
        for source in self.sources:
            if source.chunk.chunk_id == chunk.chunk_id:
                return source
        record = self.catalog.get_document(chunk.doc_id)
        # read from the catalog: sentences addressed to the reader are left out, as for every source
        return Source(rank=len(self.sources), chunk=defused(chunk), doc_name=record.name if record else chunk.doc_id,
                      score=0.0, role="direct")

    # -- an article named ---------------------------------------------------------------------
    def _article(self) -> Draft:
        versions, names = self.answerer.searcher.versions(self.as_of)
        found: list[Chunk] = []
        for asked in self.plan.subject.articles:
            chunks = self._article_chunks(asked, versions, names)
            if not chunks:
                return self._missing_article(asked, versions, names)
            found.append(chunks[0])
        if self.plan.subject.asked is not Asked.ARTICLE:
            # A value in the named article (数额较大是多少): read from that article alone.
            return self.composer.compose(self.plan, [self._source(c) for c in found])
        evidence = self._evidence()
        parts = []
        for chunk in found:
            body = trimmed(chunk.text, 0, len(chunk.text))
            parts.append(f"《{_law_name(chunk)}》{chunk.meta['article_label']}规定：{quoted(body.text)}"
                         f"（{evidence.cite(self._source(chunk), body)}）")
        return Draft(Status.ANSWERED, "；".join(parts) + "。", evidence)

    def _article_chunks(self, asked: ArticleAsked, versions, names) -> list[Chunk]:
        """The asked article in the version in force on the as-of date (direct lookup's result,
        or, with no law named, the one law among the retrieved articles that has it)."""
        for hit in self.response.direct:
            if hit.article_label == asked.label and hit.chunk_ids and (
                    not asked.law or name_key(hit.law_named or "") == name_key(asked.law)):
                return self.catalog.get_chunks(hit.chunk_ids[:1])
        if asked.law:
            title = names.resolve(asked.law)
            if title is None:
                return []
            ids = [c for c in self.catalog.find_articles(asked.label, law=title, doc_id=self.doc_id)
                   if c.rsplit(":", 1)[0] not in versions.excluded]
            return self.catalog.get_chunks(ids[:1])
        ids = [c for c in self.catalog.find_articles(asked.label, doc_id=self.doc_id)
               if c.rsplit(":", 1)[0] not in versions.excluded]
        chunks = self.catalog.get_chunks(ids)
        laws = {c.meta.get("law_title") for c in chunks}
        return chunks[:1] if len(laws) == 1 else []

    def _missing_article(self, asked: ArticleAsked, versions, names) -> Draft:
        title = names.resolve(asked.law) if asked.law else None
        if asked.law and title is None:
            laws = sorted({(short or law) for _d, law, short, _v in self.catalog.statute_documents()})
            return self._not_found(f"《{asked.law}》", "、".join(f"《{law}》" for law in laws) or "无法律文件")
        if title is None:
            laws = sorted({c.meta.get("law_short") or c.meta.get("law_title")
                           for c in self.catalog.get_chunks(self.catalog.find_articles(asked.label))})
            if len(laws) > 1:
                return Draft(Status.NEEDS_REVIEW, f"材料中有多部法律含{asked.label}：" + "、".join(f"《{x}》" for x in laws)
                             + "，问题未指明是哪一部，请写明法律名称。", self._evidence())
            return self._not_found(asked.label)
        present = sorted({label for doc, label in self.catalog.law_articles(title) if doc not in versions.excluded},
                         key=lambda label: article_key(label) or 0)
        short = next((s for _d, law, s, _v in self.catalog.statute_documents() if law == title and s), title)
        if not present:
            return self._not_found(f"《{short}》{asked.label}（{versions.as_of.isoformat()} 施行的版本中没有该法条文）")
        if len(present) > LISTED_ARTICLES:
            wanted = article_key(asked.label) or 0
            nearest = sorted(present, key=lambda label: abs((article_key(label) or 0) - wanted))[:NEAREST]
            holds = (f"《{short}》共 {len(present)} 条，与之最近的是"
                     + _labels_text(sorted(nearest, key=lambda label: article_key(label) or 0)))
        else:
            holds = f"《{short}》" + _labels_text(present)
        return self._not_found(f"《{short}》{asked.label}", holds)

    # -- the law on some conduct ---------------------------------------------------------------
    def _conduct(self) -> Draft:
        conduct = self.plan.subject.conduct
        articles = [s for s in self.sources if _is_article(s.chunk) and s.role in ("hit", "direct")] or \
            [s for s in self.sources if _is_article(s.chunk)]
        covering = [s for s in articles if not unmet_conduct(s.chunk, self.plan.subject)]
        if covering:
            best = max(covering, key=lambda s: (s.score, -s.rank))
            evidence = self._evidence()
            body = trimmed(best.chunk.text, 0, len(best.chunk.text))
            return Draft(Status.ANSWERED, f"《{_law_name(best.chunk)}》{best.chunk.meta['article_label']}规定："
                                          f"{quoted(body.text)}（{evidence.cite(best, body)}）。", evidence)
        words = "、".join(_core(w) for w in conduct)
        near = [(len(speaks_of(s.chunk, conduct)), s.score, -s.rank, s) for s in articles]
        near = [n for n in near if n[0] > 0]
        if not near:
            return self._not_found(f"关于「{words}」的法律规定")
        closest = max(near, key=lambda n: n[:3])[3]
        missing = unmet_conduct(closest.chunk, self.plan.subject)
        evidence = self._evidence()
        body = trimmed(closest.chunk.text, 0, len(closest.chunk.text))
        eid = evidence.cite(closest, body, role="closest")
        label = f"《{_law_name(closest.chunk)}》{closest.chunk.meta['article_label']}"
        text = (f"{NOT_FOUND_PHRASE}关于「{words}」的法律规定。最接近的是{label}（{eid}），"
                f"其规定的是「{_conduct_of(closest.chunk)}」，未涉及「{'、'.join(missing)}」，"
                f"与所问不是同一行为或情形，需人工核实。")
        draft = Draft(Status.NEEDS_REVIEW, text, evidence)
        draft.gaps.append(Gap(f"{label}未涉及「{'、'.join(missing)}」", [eid]))
        return draft

    # -- a contract clause ----------------------------------------------------------------------
    def _contracts(self) -> list[str]:
        if self.doc_id is not None:
            return [self.doc_id]
        contracts = [d for d in self.catalog.documents("ready") if d.kind == "contract"]
        words = [_plain(w) for w in self.plan.subject.contract_words]
        named = [d.doc_id for d in contracts if any(w in _plain(d.name) or w in _plain(self._title(d.doc_id))
                                                    for w in words)]
        return named or [d.doc_id for d in contracts]

    def _title(self, doc_id: str) -> str:
        chunks = self.catalog.chunks(doc_id)
        header = next((c for c in chunks if c.chunk_type == "header"), None)
        first = header.text.strip().split("\n", 1)[0].strip() if header else ""
        if re.search(r"(?:合同|协议|Agreement|Contract)$", first, re.I):
            return first
        record = self.catalog.get_document(doc_id)
        return re.sub(r"\.[A-Za-z0-9]+$", "", record.name) if record else doc_id

    def _clause_chunks(self, doc_id: str) -> list[Chunk]:
        topic = self.plan.subject.clause
        types = getattr(self.answerer, "clause_types", None)
        classified = types(doc_id) if types is not None else {}
        # The preamble and the signature block have no clause heading; they count where the
        # contract facts found the asked kind there (the effective date in the preamble).
        return [defused(c) for c in self.catalog.chunks(doc_id, with_facts=True)
                if c.kind == "contract" and (topic.key in classified.get(c.chunk_id, ()) or (
                    c.chunk_type not in ("header", "signature") and topic.heading.search(str(c.meta.get("heading") or ""))))]

    def _clause(self) -> Draft:
        topic = self.plan.subject.clause
        contracts = self._contracts()
        if not contracts:
            return None  # nothing here is a contract: the question is answered as any other
        found = {doc: chunks for doc in contracts if (chunks := self._clause_chunks(doc))}
        if not found:
            names = "、".join(f"《{self._title(d)}》" for d in contracts) or "合同"
            return self._not_found(f"{names}关于{topic.label}的约定")
        asked = self.plan.subject.asked
        if asked in (Asked.AMOUNT, Asked.DATE, Asked.COUNT):
            chunks = [c for chunks in found.values() for c in chunks]
            return self.composer.compose(self.plan, [self._source(c) for c in chunks])
        scored = []
        for doc, chunks in found.items():
            for chunk in chunks:
                for item in _items(chunk):
                    fit = _fits(item.text, asked, topic.key)
                    if fit is None:
                        continue
                    scored.append((self._overlap(item.text) + fit, doc, chunk, item))
        if not scored:
            names = "、".join(f"《{self._title(d)}》" for d in found)
            return self._not_found(f"{names}关于{topic.label}的条款中所问的{ASKED_WORDS.get(asked, '内容')}")
        best = max(s[0] for s in scored)
        # "怎么计算" asks for every rule of the clause; a pointed question for the best item
        chosen = [s for s in scored if s[0] == best] if asked is not Asked.TEXT else \
            [s for s in scored if s[0] >= best - 1.0]
        chosen.sort(key=lambda s: (s[2].seq, s[3].start))
        evidence = self._evidence()
        quotes = []
        for _score, doc, chunk, item in chosen[:4]:
            eid = evidence.cite(self._source(chunk), item)
            quotes.append(f"{quoted(item.text)}（{eid}）")
        doc, chunk = chosen[0][1], chosen[0][2]
        # the clause's own heading, verbatim (第七条 违约责任): a contract's article, not a statute's;
        # a section number in digits (7. TERMINATION) is left to the quoted item, which carries its
        # own (7.1) — a bare 7 in the conclusion is a number no evidence shows
        heading = re.sub(r"^\d+(?:\.\d+)*\.?\s+", "", chunk.text.split("\n", 1)[0].strip())
        where = f"《{self._title(doc)}》" + (quoted(heading) if len(heading) <= 24 and heading not in chosen[0][3].text
                                             else "")
        return Draft(Status.ANSWERED, f"{where}约定：" + "；".join(quotes) + "。", evidence)

    def _overlap(self, text: str) -> float:
        """How many of the question's content words (beyond the clause kind) the item uses."""
        plain = _plain(text).lower()  # English: "Termination" is the asked "termination"
        named = self.plan.subject.clause_words or ""
        words = [t for t in self.plan.reading.terms if len(t) >= 2 and t not in named
                 and not any(t in w or w in t for w in self.plan.subject.contract_words)]
        return float(sum(_plain(t).lower() in plain for t in words))


def _items(chunk: Chunk) -> list[Segment]:
    """A clause's numbered items (7.1, （2）, 一、), each one quote; a clause without numbering
    by its sentences. The heading line is not an item."""
    text = chunk.text
    first_break = text.find("\n")
    start = first_break + 1 if first_break >= 0 and len(text[:first_break]) <= 20 else 0
    starts = [m.start() for m in _ITEM_START.finditer(text, start)]
    if not starts:
        pieces, cursor = [], start
        for m in _SENTENCE.finditer(text, start):
            piece = trimmed(text, cursor, m.end())
            if piece:
                pieces.append(piece)
            cursor = m.end()
        tail = trimmed(text, cursor, len(text))
        return pieces + ([tail] if tail else [])
    bounds = [*starts, len(text)]
    return [seg for a, b in zip(bounds, bounds[1:]) if (seg := trimmed(text, a, b))]


def _fits(text: str, asked: Asked, topic: str) -> float | None:
    """How well an item carries the asked value: None when it carries none of it."""
    kind = _ITEM_OF_KIND.get(topic)
    if kind is not None:
        return 2.0 if kind.search(text) else None
    if asked is Asked.RATE:
        return 2.0 if _RATE.search(text) else None
    if asked is Asked.DURATION:
        return 2.0 if _DURATION.search(text) else None
    if asked is Asked.PLACE:
        return 2.0 if _PLACE.search(text) else None
    # what the clause provides: items stating a figure (a rate, an amount, a period) first
    return 1.0 if (_RATE.search(text) or find_amounts(text) or _DURATION.search(text)) else 0.0


# -- the badge check ----------------------------------------------------------------------------


def subject_problems(plan: QuestionPlan, answer: Answer, clause_types: ClauseTypes | None = None,
                     case_file: bool = False, scope_kind: str | None = None) -> list[str]:
    """Why an answered answer does not answer its question (empty when it does). ``scope_kind``:
    the kind of the one document the question was asked of (None: the whole corpus). The checks of
    a clause kind and of the law on some conduct apply where their routes do (SubjectRoute.draft):
    asked of a judgment, 原告向哪个法院提起诉讼 is about that judgment, not about a contract's
    dispute clause, and 法院的判决结果是什么 is answered from the judgment, not from a statute. A
    named article is checked wherever it is asked: no other document holds its text."""
    if answer.status is not Status.ANSWERED:
        return []
    subject = plan.subject
    chunks = [item.chunk for item in answer.evidence]
    problems: list[str] = []
    statutes, contracts = in_scope(scope_kind, {"statute"}), in_scope(scope_kind, {"contract"})
    if subject.articles and subject.asked is Asked.ARTICLE:
        for asked in subject.articles:
            if not any(same_article(c, asked) for c in chunks):
                problems.append(f"所引证据不是所问的{asked.named()}")
    elif subject.law_question and subject.conduct and not case_file and statutes:
        articles = [c for c in chunks if _is_article(c)]
        if not articles:
            problems.append("所引证据不是法律条文")
        else:
            missing = unmet_conduct(articles[0], subject)
            if missing:
                problems.append(f"所引条文未涉及「{'、'.join(missing)}」")
    if subject.clause is not None and chunks and not case_file and contracts:
        topic = subject.clause
        for chunk in chunks[:1]:
            classified = clause_types(chunk.doc_id).get(chunk.chunk_id, set()) if clause_types else set()
            if chunk.kind != "contract" or not (topic.heading.search(str(chunk.meta.get("heading") or ""))
                                                or topic.key in classified):
                problems.append(f"所引内容不是「{topic.label}」条款")
    if not case_file:
        missing = _unfilled(subject.asked, answer)
        if missing:
            problems.append(f"结论未给出所问的{missing}")
        # a record's statements answered past its ledger: the case path's rule holds (parts.Reading)
        if chunks and all(c.kind == "transcript" for c in chunks):
            problems.append(STATEMENT_DOUBT)
    return problems


def _unfilled(asked: Asked, answer: Answer) -> str | None:
    """The asked kind of value when the conclusion (with its quotes) does not give one."""
    shown = answer.conclusion + " " + " ".join(item.quote for item in answer.evidence)
    checks = {Asked.RATE: lambda: _RATE.search(shown), Asked.DURATION: lambda: _DURATION.search(shown),
              Asked.PLACE: lambda: _PLACE.search(shown), Asked.AMOUNT: lambda: find_amounts(answer.conclusion),
              Asked.DATE: lambda: find_dates(answer.conclusion)}
    check = checks.get(asked)
    return ASKED_WORDS[asked] if check is not None and not check() else None
