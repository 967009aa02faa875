"""The offline summariser: extractive and structure-aware, one reader per document kind.

Points are built from the document's own structure and the facts found at ingest (amounts and
dates with exact spans), as short labels around verbatim excerpts (see excerpts.py), so the
summariser knows its sources by construction and can never state a value the text does not hold.

- transcript (讯问笔录): who was questioned and by whom, when and where, how the person came to
  be held, the conduct in question, every amount with its date (payments, totals, refunds, net
  loss), other refund statements, admissions, other dated events, and the points the person
  could not or would not say (记不清, 不知道 …: gaps stated plainly, never filled in);
- contract: parties, term and signing date, money, governing law, disputes;
- statute: the law's title and latest amendment, then its articles (or its chapters, when there
  are more articles than points) with each one's opening words;
- judgment: one point per section in reading order (head, parties, claims, findings, reasoning,
  and up to three lines of the holding);
- anything else, or a kind whose reader finds nothing: the opening sentence of the first blocks.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from engine.answer.candidates import NET_WORDS, TOTAL_WORDS
from engine.text.segments import (Segment, answer_region, clauses, sentences, strip_turn_marker,
                                    uncertain_span)
from engine.summary.excerpts import (around, body_sentences, close_brackets, excerpt_text, heading_length,
                                    join_lines, trim)
from engine.summary.model import DraftPoint, Range
from engine.types import Chunk, DocKind, Fact

MAX_POINTS = 24
HEAD_CHARS = 90  # the most of a block's opening sentence a structural point quotes
# Contract sentences are long (English ones especially, split only at ; and numbered items):
# quoted whole up to this length, since a comma-cut English clause loses its verb.
CLAUSE_SENTENCE_CHARS = 260

_SPACE = r"[ \t\u3000]"
# "label：value" in a header; the value ends at the next "key：" on the line or the line end.
_FIELD = (rf"{_SPACE}*[：:]{_SPACE}*(?P<value>[^\n]*?)"
          rf"(?={_SPACE}+[\u4e00-\u9fff（）()、]{{2,12}}{_SPACE}*[：:]|{_SPACE}*$)")
_PERSON_QUESTIONED = r"被讯问人|被询问人|犯罪嫌疑人|被询问对象"
_INTERROGATORS = r"(?<!被)(?:侦查员|讯问人|询问人|办案民警|办案人员?)"
_RECORDER = r"记录人|记录员"
_NAMES_END = re.compile(r"[，,；;（(]")  # 王建国、刘洋，江州市公安局…: the names stop at the unit
_ARRIVAL = re.compile(r"(?P<label>到案经过|到案情况|抓获经过|到案方式)[：:]")

# Conduct words of the common offences; the answer to "why are you here" names the conduct first.
_CONDUCT = re.compile(r"诈骗|骗了|骗取|骗走|盗窃|偷了|偷走|抢劫|抢了|抢夺|贩卖|贩毒|运输毒品|受贿|行贿|"
                      r"挪用|侵占|职务侵占|殴打|打伤|打了|伤害|敲诈|勒索|走私|非法|冒充|洗钱|赌博|开设赌场")
_WHY_QUESTION = re.compile(r"为什么|因何|什么原因|什么事|因为什么|犯了什么|怎么回事")
_REFUND = re.compile(r"退赔|退还|退回|退给|退过|退了|退款|退钱|返还|归还|转回|赔偿|赔付|refund", re.I)
_ADMISSION = re.compile(r"(?<![不没未])(?:承认|认罪|认可)|是我(?:干|做|拿|偷|骗|打|弄|抢)|"
                        r"我(?:拿了|偷了|骗了|打了|抢了|拿走了)")
_BIRTH = re.compile(r"出生|生日|生于")
_QUESTION_CHARS = 30  # a question this short is quoted beside the gap it asked about
_MAX_TIMELINE = 6

MONEY_LABELS = {"net": "扣除后", "refund": "退还", "total": "合计", "amount": "金额"}


# -- shared helpers ------------------------------------------------------------------------------
class _Used:
    """Ranges already quoted, per chunk: one sentence feeds one point."""

    def __init__(self) -> None:
        self._ranges: dict[str, list[Range]] = {}

    def overlaps(self, chunk: Chunk, ranges: Iterable[Range]) -> bool:
        taken = self._ranges.get(chunk.chunk_id, [])
        return any(s < te and e > ts for s, e in ranges for ts, te in taken)

    def add(self, chunk: Chunk, ranges: Iterable[Range]) -> None:
        self._ranges.setdefault(chunk.chunk_id, []).extend(ranges)


def _point(aspect: str, label: str | None, chunk: Chunk, ranges: list[Range]) -> DraftPoint:
    body = excerpt_text(chunk, ranges)
    return DraftPoint(aspect, f"{label}：{body}" if label else body).cite(chunk, ranges)


def _answer_facts(chunk: Chunk, kind: str) -> list[Fact]:
    start, _ = answer_region(chunk)
    return [f for f in chunk.facts if f.kind == kind and f.start >= start]


def _opening(chunk: Chunk, limit: int = HEAD_CHARS, skip: int = 0) -> list[Range]:
    """The first sentence of a block after ``skip`` characters (an article's label), cut to its
    clauses up to ``limit`` characters when longer."""
    for sentence in body_sentences(chunk, skip=skip):
        if len(sentence.text) <= limit:
            r = trim(chunk.text, sentence.start, sentence.end)
            return [r] if r else []
        end = sentence.start
        for clause in clauses(chunk, sentence):
            if clause.end - sentence.start > limit and end > sentence.start:
                break
            end = clause.end
        r = trim(chunk.text, sentence.start, end)
        return [r] if r else []
    return []


def _labelled(chunk: Chunk, labels: str, *, names: bool = False) -> tuple[str, Range] | None:
    """(label as written, value range) of the first ``label…：value`` field in the chunk."""
    m = re.search(rf"(?m)(?P<label>{labels})[^\n：:]{{0,10}}?{_FIELD}", chunk.text)
    if not m or not m.group("value").strip():
        return None
    start, end = m.span("value")
    if names and (cut := _NAMES_END.search(chunk.text, start, end)):
        end = cut.start()
    r = trim(chunk.text, start, end)
    return (m.group("label"), r) if r else None


def _fields_point(aspect: str, chunk: Chunk, fields: list[tuple[str, Range]]) -> DraftPoint:
    text = "；".join(f"{label}：{join_lines(chunk.text[s:e])}" for label, (s, e) in fields)
    return DraftPoint(aspect, text).cite(chunk, [r for _, r in fields])


# -- transcripts ---------------------------------------------------------------------------------
def _who_from_roles(chunks: list[Chunk]) -> DraftPoint | None:
    """Without a header: persons named after role labels (被讯问人：某甲) anywhere."""
    seen: dict[str, tuple[Chunk, Fact]] = {}
    for chunk in chunks:
        for fact in chunk.facts:
            role = fact.meta.get("role")
            if fact.kind == "person" and role and role not in seen:
                seen[role] = (chunk, fact)
    if not seen:
        return None
    point = DraftPoint("who", "；".join(f"{role}：{fact.text}" for role, (_, fact) in seen.items()))
    for chunk, fact in seen.values():
        point.cite(chunk, [(fact.start, fact.end)])
    return point


def _header_points(header: Chunk) -> list[DraftPoint]:
    points = []
    who = [f for f in (_labelled(header, _PERSON_QUESTIONED, names=True),
                       _labelled(header, _INTERROGATORS, names=True),
                       _labelled(header, _RECORDER, names=True)) if f]
    if who:
        points.append(_fields_point("who", header, who))
    when = [f for f in (_labelled(header, r"时间|讯问时间|询问时间"),
                        _labelled(header, r"地点|讯问地点|询问地点")) if f]
    if when:
        points.append(_fields_point("time_place", header, when))
    arrival = _ARRIVAL.search(header.text)
    if arrival:
        stop = header.text.find("。", arrival.end())
        r = trim(header.text, arrival.end(), stop + 1 if stop >= 0 else len(header.text))
        if r:
            points.append(_point("arrival", arrival.group("label"), header, [r]))
    return points


def _answer_sentences(chunk: Chunk) -> list[Segment]:
    return [strip_turn_marker(s) for s in sentences(chunk, answer_only=True)]


def _first_matching(chunks: list[Chunk], pattern: re.Pattern, used: _Used,
                    prefer: Callable[[Chunk], bool] = lambda c: False) -> tuple[Chunk, list[Range]] | None:
    ordered = [c for c in chunks if prefer(c)] + [c for c in chunks if not prefer(c)]
    for chunk in ordered:
        for sentence in _answer_sentences(chunk):
            m = pattern.search(sentence.text)
            if not m:
                continue
            ranges = around(chunk, [(sentence.start + m.start(), sentence.start + m.end())])
            if ranges and not used.overlaps(chunk, ranges):
                return chunk, ranges
    return None


def _money_kind(text: str) -> str:
    if NET_WORDS.search(text):
        return "net"
    if _REFUND.search(text):
        return "refund"
    if TOTAL_WORDS.search(text):
        return "total"
    return "amount"


def _money_points(qa: list[Chunk], used: _Used) -> list[DraftPoint]:
    points = []
    for chunk in qa:
        amounts = _answer_facts(chunk, "amount")
        if not amounts:
            continue
        dates = [d for d in _answer_facts(chunk, "date") if not _BIRTH.search(_sentence_text(chunk, d.start))]
        ranges = around(chunk, [(f.start, f.end) for f in amounts + dates])
        if not ranges or used.overlaps(chunk, ranges):
            continue
        said = " ".join(_sentence_text(chunk, f.start) for f in amounts)
        kind = _money_kind(said) if _money_kind(said) != "amount" else _money_kind(
            str(chunk.meta.get("question") or ""))
        points.append(_point(kind, MONEY_LABELS[kind], chunk, ranges))
        used.add(chunk, ranges)
    return points


def _sentence_text(chunk: Chunk, position: int) -> str:
    return next((s.text for s in sentences(chunk, answer_only=False) if s.start <= position < s.end), "")


def _statement_points(qa: list[Chunk], pattern: re.Pattern, aspect: str, label: str,
                      used: _Used, skip_chunks: frozenset[str] = frozenset()) -> list[DraftPoint]:
    points = []
    for chunk in qa:
        if chunk.chunk_id in skip_chunks:
            continue
        anchors = [(s.start + m.start(), s.start + m.end()) for s in _answer_sentences(chunk)
                   for m in [pattern.search(s.text)] if m]
        ranges = around(chunk, anchors) if anchors else []
        if ranges and not used.overlaps(chunk, ranges):
            points.append(_point(aspect, label, chunk, ranges))
            used.add(chunk, ranges)
    return points


def _timeline_points(qa: list[Chunk], used: _Used) -> list[DraftPoint]:
    points = []
    for chunk in qa:
        dates = [d for d in _answer_facts(chunk, "date")
                 if (d.meta.get("granularity") != "year" or d.meta.get("approx"))
                 and not _BIRTH.search(_sentence_text(chunk, d.start))]
        ranges = around(chunk, [(d.start, d.end) for d in dates]) if dates else []
        if ranges and not used.overlaps(chunk, ranges):
            points.append(_point("timeline", "时间", chunk, ranges))
            used.add(chunk, ranges)
        if len(points) == _MAX_TIMELINE:
            break
    return points


def _question_range(chunk: Chunk) -> Range | None:
    start = chunk.meta.get("answer_start")
    if chunk.chunk_type != "qa" or not isinstance(start, int) or start <= 0:
        return None
    r = trim(chunk.text, 0, start)
    if r is None:
        return None
    question = strip_turn_marker(Segment(r[0], r[1], chunk.text[r[0]:r[1]]))
    return (question.start, question.end) if len(question.text) <= _QUESTION_CHARS else None


def _open_points(qa: list[Chunk], used: _Used) -> list[DraftPoint]:
    """What the person could not or would not say, with the question it left open."""
    points = []
    for chunk in qa:
        anchors = []
        for sentence in _answer_sentences(chunk):
            for clause in clauses(chunk, sentence):
                span = uncertain_span(clause.text)
                if span:
                    anchors.append((clause.start + span[0], clause.start + span[1]))
        ranges = around(chunk, anchors, sentence_chars=0) if anchors else []
        if not ranges:
            continue
        point = _point("open_point", "未说清", chunk, ranges)
        question = _question_range(chunk)
        if question:
            point.text += f"（问：{excerpt_text(chunk, [question])}）"
            point.cite(chunk, [question])
        points.append(point)
    return points


def summarize_transcript(chunks: list[Chunk]) -> list[DraftPoint]:
    header = next((c for c in chunks if c.chunk_type == "header"), None)
    qa = [c for c in chunks if c.chunk_type in ("qa", "qa_part")]
    points = _header_points(header) if header else []
    if not any(p.aspect == "who" for p in points):
        who = _who_from_roles(chunks)
        if who:
            points.insert(0, who)
    used = _Used()
    conduct = _first_matching(qa, _CONDUCT, used,
                              prefer=lambda c: bool(_WHY_QUESTION.search(str(c.meta.get("question") or ""))))
    if conduct:
        points.append(_point("conduct", "涉案行为", *conduct))
        used.add(*conduct)
    money = _money_points(qa, used)
    points += money
    # 退过一次 beside the refund's amount says nothing the amount point does not
    refunded = frozenset(c for p in money if p.aspect == "refund" for c in p.cited)
    points += _statement_points(qa, _REFUND, "refund", "退还", used, skip_chunks=refunded)
    points += _statement_points(qa, _ADMISSION, "admission", "承认", used)
    points += _timeline_points(qa, used)
    points += _open_points(qa, used)  # a gap may share its sentence with a value: both are said
    return points


# -- contracts -----------------------------------------------------------------------------------
_EN_PARTIES = re.compile(
    r"between\s+(?P<a>[^\n]+?(?:\n[^\n]+?)?),\s+an?\s[\s\S]{0,300}?\(\s*(?:the\s+)?[\"“](?P<ra>[^\"”]{1,40})[\"”]\s*\)"
    r",?\s+and\s+(?P<b>[^\n]+?(?:\n[^\n]+?)?),\s+an?\s[\s\S]{0,300}?\(\s*(?:the\s+)?[\"“](?P<rb>[^\"”]{1,40})[\"”]\s*\)",
    re.I)
_ZH_PARTY_LINE = re.compile(r"(?m)^[ \t\u3000]*(?:甲方|乙方|丙方|丁方|出租人|承租人|出卖人|买受人|委托人|受托人|"
                            r"发包人|承包人|出借人|借款人|转让方|受让方|卖方|买方)[^\n：:]{0,12}[：:][^\n]+$")


class _Topic:
    """A contract topic: clauses whose heading says it, and the sentences in them that carry it."""

    def __init__(self, aspect: str, label: str, heading: str, sentence: str, limit: int):
        self.aspect, self.label, self.limit = aspect, label, limit
        self.heading = re.compile(heading, re.I)
        self.sentence = re.compile(sentence, re.I)


CONTRACT_TOPICS = (
    _Topic("term", "期限 Term", r"期限|有效期|合同期|\bterm\b|duration",
           r"\d|[一二三四五六七八九十]+个?[月年]|自.{0,20}起|至.{0,20}止|months?|years?|commenc|renew", 2),
    _Topic("money", "价款 Money", r"价款|价格|费用|报酬|付款|支付|金额|租金|fees?|payment|price|compensation",
           r"", 4),  # sentences holding an amount fact: see _topic_points
    _Topic("governing_law", "适用法律 Governing law", r"适用法律|法律适用|准据法|governing\s+law|applicable\s+law",
           r"适用|法律|govern|laws?\s+of", 1),
    _Topic("disputes", "争议解决 Disputes", r"争议|纠纷|dispute|jurisdiction|arbitration",
           r"法院|仲裁|诉讼|court|arbitrat|jurisdiction", 1),
)


def _contract_parties(chunks: list[Chunk]) -> DraftPoint | None:
    head = next((c for c in chunks if c.chunk_type in ("header", "recital", "paragraph")), None)
    if head is None:
        return None
    lines = [(m.start(), m.end()) for m in _ZH_PARTY_LINE.finditer(head.text)]
    if lines:
        ranges = [r for r in (trim(head.text, s, e) for s, e in lines) if r]
        return DraftPoint("parties", "当事人：" + "；".join(join_lines(head.text[s:e]) for s, e in ranges)
                          ).cite(head, ranges)
    m = _EN_PARTIES.search(head.text)
    if m:
        pairs = [(m.span("ra"), m.span("a")), (m.span("rb"), m.span("b"))]
        text = "; ".join(f"{join_lines(head.text[r[0]:r[1]])}: {join_lines(head.text[n[0]:n[1]])}"
                         for r, n in pairs)
        return DraftPoint("parties", f"Parties 当事人：{text}").cite(head, [s for pair in pairs for s in pair])
    orgs = [f for f in head.facts if f.kind in ("org", "person") and f.meta.get("role")]
    if orgs:
        return DraftPoint("parties", "当事人：" + "；".join(f"{f.meta['role']}：{f.text}" for f in orgs)
                          ).cite(head, [(f.start, f.end) for f in orgs])
    return None


def _topic_points(topic: _Topic, chunks: list[Chunk], used: _Used) -> list[DraftPoint]:
    def carries(chunk: Chunk, sentence: Segment) -> list[Range]:
        if topic.aspect == "money":
            return [(f.start, f.end) for f in chunk.facts
                    if f.kind == "amount" and sentence.start <= f.start < sentence.end]
        m = topic.sentence.search(sentence.text)
        return [(sentence.start + m.start(), sentence.start + m.end())] if m else []

    headed = [c for c in chunks if topic.heading.search(str(c.meta.get("heading") or ""))]
    points: list[DraftPoint] = []
    for chunk in headed or [c for c in chunks if c.chunk_type != "signature"]:
        skip = heading_length(chunk)
        for sentence in body_sentences(chunk, skip=skip):
            anchors = carries(chunk, sentence)
            if not anchors or (not headed and topic.aspect in ("term", "governing_law", "disputes")
                               and not topic.heading.search(sentence.text)):
                continue  # outside its clause, a topic sentence must name the topic itself
            ranges = around(chunk, anchors, answer_only=False, skip=skip, sentence_chars=CLAUSE_SENTENCE_CHARS)
            if ranges and not used.overlaps(chunk, ranges):
                points.append(_point(topic.aspect, topic.label, chunk, ranges))
                used.add(chunk, ranges)
            if len(points) == topic.limit:
                return points
    return points


def _signing_point(chunks: list[Chunk]) -> DraftPoint | None:
    signature = next((c for c in chunks if c.chunk_type == "signature"), None)
    date = next((f for f in (signature.facts if signature else []) if f.kind == "date"), None)
    if date is None:
        return None
    line_start = signature.text.rfind("\n", 0, date.start) + 1
    line_end = signature.text.find("\n", date.end)
    r = trim(signature.text, line_start, line_end if line_end >= 0 else len(signature.text))
    return _point("signed", "签署 Signed", signature, [r]) if r else None


def _effective_point(chunks: list[Chunk], used: _Used) -> DraftPoint | None:
    """A date in the preamble (entered into as of March 15, 2023 (the "Effective Date"))."""
    head = next((c for c in chunks if c.chunk_type in ("header", "recital", "paragraph")), None)
    date = next((f for f in (head.facts if head else []) if f.kind == "date"), None)
    if date is None:
        return None
    ranges = around(head, [(date.start, date.end)], answer_only=False, sentence_chars=CLAUSE_SENTENCE_CHARS)
    if not ranges:
        return None
    used.add(head, ranges)
    return _point("effective", "日期 Date", head, ranges)


def summarize_contract(chunks: list[Chunk]) -> list[DraftPoint]:
    used = _Used()
    points = [p for p in (_contract_parties(chunks), _effective_point(chunks, used)) if p]
    for topic in CONTRACT_TOPICS:
        points += _topic_points(topic, chunks, used)
    signed = _signing_point(chunks)
    if signed:
        points.insert(1 + sum(p.aspect == "term" for p in points), signed)
    return points


# -- statutes ------------------------------------------------------------------------------------
def _article_body(chunk: Chunk) -> list[Range]:
    label = str(chunk.meta.get("article_label") or "")
    return _opening(chunk, limit=60, skip=len(label) if label and chunk.text.startswith(label) else 0)


def summarize_statute(chunks: list[Chunk], max_points: int) -> list[DraftPoint]:
    points = []
    header = next((c for c in chunks if c.chunk_type == "header"), None)
    if header:
        lines = [trim(header.text, m.start(), m.end()) for m in re.finditer(r"[^\n]+", header.text)]
        lines = [r for r in lines if r and not header.text[r[0]:r[1]].startswith("<!--")]
        if lines:
            title = (lines[0][0] + len(re.match(r"#*\s*", header.text[lines[0][0]:]).group(0)), lines[0][1])
            points.append(_point("title", None, header, [title]))
            dated = [r for r in lines[1:] if any(f.kind == "date" and r[0] <= f.start < r[1] for f in header.facts)]
            if dated:
                start, end = dated[-1]  # a PDF wraps a long amendment line: run on to its 》
                points.append(_point("version", "最近修订", header, [(start, close_brackets(header.text, start, end))]))
    articles = [c for c in chunks if c.meta.get("article_label")]
    room = max(max_points - len(points), 1)
    if len(articles) <= room:
        for chunk in articles:
            body = _article_body(chunk)
            if body:
                points.append(_point("article", str(chunk.meta["article_label"]), chunk, body))
        return points
    # one point per section at the deepest level (节, else 章, else 编) that fits in the room left
    paths = [tuple(c.meta.get("path") or ()) for c in articles]
    groups: dict[tuple[str, ...], list[Chunk]] = {}
    for depth in range(max(len(p) for p in paths), -1, -1):
        groups = {}
        for chunk, path in zip(articles, paths):
            groups.setdefault(path[:depth], []).append(chunk)
        if len(groups) <= room:
            break
    for path, members in list(groups.items())[:room]:
        first, last = members[0], members[-1]
        labels = str(first.meta["article_label"]) + (
            f"至{last.meta['article_label']}" if last is not first else "")
        point = DraftPoint("chapter", f"{' '.join(path) or '正文'}：{labels}").cite(first)
        if last is not first:
            point.cite(last)
        points.append(point)
    return points


# -- judgments and everything else --------------------------------------------------------------
JUDGMENT_SECTIONS = (("首部", "head", 2), ("当事人", "parties", 2), ("公诉机关指控", "claims", 1),
                     ("原告诉称", "claims", 1), ("被告辩称", "defence", 1), ("经审理查明", "findings", 2),
                     ("本院认为", "reasoning", 2), ("判决结果", "holding", 3))


_SECTION_NAMED_WITHIN = 15


def summarize_judgment(chunks: list[Chunk]) -> list[DraftPoint]:
    points = []
    for section, aspect, limit in JUDGMENT_SECTIONS:
        members = [c for c in chunks if c.meta.get("section") == section]
        taken = 0
        for chunk in members:
            for sentence in sentences(chunk, answer_only=False):
                if taken == limit:
                    break
                shifted = strip_turn_marker(sentence)
                ranges = around(chunk, [(shifted.start, shifted.end)], answer_only=False,
                                sentence_chars=HEAD_CHARS)
                if ranges:
                    # 被告李四辩称：… names its section itself; 被告辩称：被告李四辩称 would stutter
                    said = excerpt_text(chunk, ranges)[:_SECTION_NAMED_WITHIN]
                    points.append(_point(aspect, None if section[-2:] in said else section, chunk, ranges))
                    taken += 1
            if taken == limit:
                break
    return points


def summarize_generic(chunks: list[Chunk], max_points: int) -> list[DraftPoint]:
    points = []
    for chunk in chunks:
        ranges = _opening(chunk)
        if ranges and sum(e - s for s, e in ranges) >= 4:
            points.append(_point("opening", None, chunk, ranges))
        if len(points) >= min(max_points, 8):
            break
    return points


def summarize_chunks(kind: str, chunks: list[Chunk], max_points: int = MAX_POINTS) -> list[DraftPoint]:
    """Draft points of one document, by its kind; a kind's reader that finds nothing falls back
    to the generic one, so every document with text gets a summary."""
    readers: dict[str, Callable[[], list[DraftPoint]]] = {
        DocKind.TRANSCRIPT.value: lambda: summarize_transcript(chunks),
        DocKind.CONTRACT.value: lambda: summarize_contract(chunks),
        DocKind.STATUTE.value: lambda: summarize_statute(chunks, max_points),
        DocKind.JUDGMENT.value: lambda: summarize_judgment(chunks),
    }
    points = readers.get(kind, lambda: [])() or summarize_generic(chunks, max_points)
    return [p for p in points if p.text.strip()][:max_points]
