"""Tell a document's kind from its content: transcript, statute, judgment, contract or generic.

Checked in that order, because the later kinds' signals occur inside the earlier ones: a
transcript talks about contracts, a statute mentions 原告 and 合同, a judgment quotes contract
clauses. Each test needs more than one signal, so a stray word never decides.
"""

from __future__ import annotations

import re

from engine.ingest.chunkers.base import DocText
from engine.ingest.chunkers.judgment import section_of
from engine.ingest.chunkers.statute import ARTICLE_HEAD, INFO_END, accept_articles, article_candidate
from engine.ingest.chunkers.turns import TITLE_LINE, find_turns
from engine.types import DocKind, LoadedDocument

# Enough text to see a document's nature without reading a whole statute book.
_SAMPLE_CHARS = 30_000
_HEAD_LINES = 8
LAW_TITLE = re.compile(r"(法|条例|规定|解释|办法|细则|规则|决定|决议|准则|规程|宪法)[（(]?[^）)]{0,12}[）)]?$")
JUDGMENT_MARKERS = ("本院认为", "判决如下", "裁定如下", "经审理查明", "本院查明", "诉讼请求", "辩称",
                    "公诉机关指控", "审判长", "书记员", "人民法院")
JUDGMENT_PARTIES = ("原告", "被告", "上诉人", "公诉机关", "申请人")
JUDGMENT_TITLE = re.compile(r"(判决书|裁定书|调解书)")
CONTRACT_TITLE = re.compile(r"(合同|协议|协议书|契约|AGREEMENT|Agreement|CONTRACT|Contract)")
CONTRACT_MARKERS_ZH = ("甲方", "乙方", "违约责任", "签订", "双方", "本合同", "本协议")
CONTRACT_MARKERS_EN = ("WHEREAS", "IN WITNESS WHEREOF", "hereinafter", "the Parties", "Section 1",
                       "ARTICLE 1", "ARTICLE I", "shall", "Effective Date", "terminate")


def _head_text(doctext: DocText) -> str:
    lines = [ln.text.strip().lstrip("#").strip() for ln in doctext.lines if ln.text.strip()]
    return "\n".join(lines[:_HEAD_LINES])


def detect_kind(doc: LoadedDocument) -> DocKind:
    doctext = DocText(doc)
    sample = doctext.text[:_SAMPLE_CHARS]
    head = _head_text(doctext)
    sample_lines = [ln for ln in doctext.lines if ln.start < _SAMPLE_CHARS]

    turns = find_turns([ln.text for ln in sample_lines]).turns.values()  # 问/答 or speaker labels
    questions = sum(1 for t in turns if t.role == "Q")
    answers = sum(1 for t in turns if t.role == "A")
    titled_transcript = any(TITLE_LINE.match(t) for t in head.split("\n")[:3])
    if (questions >= 3 and answers >= 3) or (titled_transcript and questions >= 1 and answers >= 1):
        return DocKind.TRANSCRIPT

    candidates = [c for i, ln in enumerate(sample_lines) if (c := article_candidate(i, ln.text))]
    articles = len(accept_articles(candidates))
    title_lines = [t for t in head.split("\n")[:3] if not ARTICLE_HEAD.match(t)]
    lawlike_title = any(LAW_TITLE.search(t) for t in title_lines)
    if articles >= 3 and (INFO_END in sample or (lawlike_title and not CONTRACT_TITLE.search(head))):
        return DocKind.STATUTE

    judgment_hits = sum(1 for marker in JUDGMENT_MARKERS if marker in sample)
    parties = any(word in sample for word in JUDGMENT_PARTIES)
    # An excerpt of a judgment (a fact section alone) opens with a section marker: 经审理查明：…
    opens_with_section = any(section_of(ln.text) not in (None, "尾部", "当事人")
                             for ln in sample_lines[:3] if ln.text.strip())
    if judgment_hits >= 3 or opens_with_section or (JUDGMENT_TITLE.search(head) and judgment_hits >= 1) or (
            parties and judgment_hits >= 2):
        return DocKind.JUDGMENT

    zh_hits = sum(1 for marker in CONTRACT_MARKERS_ZH if marker in sample)
    en_hits = sum(1 for marker in CONTRACT_MARKERS_EN if marker in sample)
    if CONTRACT_TITLE.search(head) and (zh_hits >= 2 or en_hits >= 2):
        return DocKind.CONTRACT
    if ("甲方" in sample and "乙方" in sample and zh_hits >= 4) or en_hits >= 5:
        return DocKind.CONTRACT
    return DocKind.GENERIC
