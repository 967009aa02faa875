"""Judgments (判决书 / 裁定书): paragraphs tagged with the section they belong to.

Sections follow the order a Chinese judgment is written in: 首部 (court, case number), 当事人,
原告诉称 / 公诉机关指控, 被告辩称, 经审理查明, 本院认为, 判决结果 (what follows 判决如下), 尾部
(judges, clerk, date). A section starts at a paragraph that opens with its marker; paragraphs
with no marker stay in the section before them. Short paragraphs of one section are merged.
"""

from __future__ import annotations

import re

from engine.ingest.chunkers.base import DocText, page_furniture, paragraphs
from engine.ingest.chunkers.generic import chunk_paragraphs
from engine.types import ChunkDraft, LoadedDocument

_LEAD = r"^[ \t　]*"
# Markers looked for at a paragraph's start, in this order (the first match names the section).
SECTION_MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("本院认为", re.compile(_LEAD + r"本院认为")),
    ("经审理查明", re.compile(_LEAD + r"(.{0,40}?(经审理查明|审理查明|本院查明|另查明|又查明|经查明|经查[,，:：]|"
                           r"本院(经审理)?(依法)?(确认|认定|查明)[^，,。]{0,12}(事实|如下)|法律事实[为如]|"
                           r"经审理[,，]?本院确认)|依据上述有效证据)")),
    ("公诉机关指控", re.compile(_LEAD + r"(公诉机关|.{2,20}人民检察院).{0,30}指控")),
    ("原告诉称", re.compile(_LEAD + r"(原告|上诉人|申请人|起诉人|申请执行人).{0,40}?(诉称|诉讼请求|上诉请求|"
                          r"申请称|请求[：:]|向本院提出)")),
    ("被告辩称", re.compile(_LEAD + r"(被告|被上诉人|被申请人|被告人|辩护人|第三人).{0,40}?(辩称|答辩|述称|"
                          r"辩解|辩护意见|未到庭|未作答辩)")),
    ("尾部", re.compile(_LEAD + r"(审[ \t　]*判[ \t　]*长|审[ \t　]*判[ \t　]*员|人民陪审员|书[ \t　]*记[ \t　]*员|"
                       r"法官助理|代理审判员)")),
    ("当事人", re.compile(_LEAD + r"(原告|被告|上诉人|被上诉人|第三人|申请人|被申请人|公诉机关|被告人|辩护人|"
                        r"委托(诉讼)?代理人|法定代(表|理)人)[（(：:]")),
)
JUDGMENT_FOLLOWS = re.compile(r"(判决|裁定|调解协议|决定)如下[：:]?[ \t　]*$")
# The head of a judgment: the court, the document title, the case number such as （2019）京01民初123号.
HEAD_LINE = re.compile(_LEAD + r"(.{2,30}人民法院|.{0,20}(判决书|裁定书|调解书|决定书)|[（(]\d{4}[）)].{1,20}号)[ \t　]*$")
HEAD_SECTION = "首部"
RESULT_SECTION = "判决结果"


def section_of(paragraph: str) -> str | None:
    for name, pattern in SECTION_MARKERS:
        if pattern.match(paragraph):
            return name
    return None


def chunk_judgment(doc: LoadedDocument) -> list[ChunkDraft]:
    doctext = DocText(doc)
    furniture = page_furniture(doctext)
    paras = paragraphs(doctext, exclude=furniture)
    sections: list[str | None] = []
    current: str | None = None  # an excerpt (a fact section alone) has no head: its start is unnamed
    after_result_marker = False
    for start, end in paras:
        text = doctext.text[start:end]
        marked = section_of(text)
        if marked == "当事人" and current not in (None, HEAD_SECTION, "当事人"):
            marked = None  # "原告：" further down is a quote inside the reasoning, not a party line
        if marked is None and current in (None, HEAD_SECTION) and HEAD_LINE.match(text):
            marked = HEAD_SECTION
        if marked:
            current = marked
        elif after_result_marker:
            current = RESULT_SECTION
        sections.append(current)
        after_result_marker = bool(JUDGMENT_FOLLOWS.search(text)) or (
            after_result_marker and current == RESULT_SECTION)

    chunks: list[ChunkDraft] = []
    run_start = 0
    for i in range(1, len(paras) + 1):
        if i == len(paras) or sections[i] != sections[run_start]:
            section = sections[run_start]
            chunks.extend(chunk_paragraphs(doctext, paras[run_start:i], exclude=furniture,
                                           meta={"section": section}, first_index=run_start))
            run_start = i
    return chunks
