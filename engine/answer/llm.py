"""LLM answer mode: the model writes the one-line conclusion, everything else is ours.

1. Number the evidence: each source's text (bounded) becomes E1…En in an ``EvidenceSet``, so the
   ids the model sees are the ids in the Answer, and every quote is rebuilt from our own spans.
2. Ask an OpenAI-compatible chat endpoint (temperature 0) for a conclusion citing ``[E1]``,
   through engine/llm_client.py (one deadline, a length cap, the reply's shape checked).
3. Parse the reply: citations normalised to ``（E1）`` for the verifier, unknown ids left in place
   so the verifier flags them, ``NOT_FOUND_PHRASE`` without citations means not found.
4. Panels (calculations, conflicts, gaps) come from the deterministic composer run over the same
   sources and the same ``EvidenceSet``, so both modes show the same recomputed arithmetic. For a
   case file the deterministic answer is the ledger's (engine/answer/llm_case.py): its evidence
   comes first under its own ids, its rows, plan, calculations, conflicts and gaps are shown to the
   model in a ``<ledger>`` block, its panels stay, and a conclusion that contradicts them (a total
   other than the recomputed one, a value none of the ledger's) is flagged.
5. Checks the verifier cannot make from the Answer alone: a conclusion that takes one side of a
   detected conflict, and every statement of it against the evidence it cites (the faithfulness
   verifier, handed in as ``check_statements``): 被告无罪（E1） has no number to catch.

Any failure of the model call falls back to the deterministic draft with the reason on it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Callable
from decimal import Decimal

from engine.answer.candidates import Source
from engine.answer.composer import Composer, Draft, EvidenceSet
from engine.answer.llm_case import (NOTHING_FOUND, CaseContext, ledger_disagreements, ledger_glosses,
                                    render_ledger, with_working)
from engine.answer.model import NOT_FOUND_PHRASE, STATEMENT_DOUBT, Conflict, Evidence, Status
from engine.answer.prompts import (EVIDENCE_BLOCK, EVIDENCE_CLOSE, EVIDENCE_OPEN, LEDGER_RULES,
                                   SYSTEM_PROMPT, USER_PROMPT)
from engine.question import QuestionPlan
from engine.text.lines import join_pdf_lines
from engine.text.segments import Segment, answer_region, flat, sentences
from engine.answer.verify import CITATION, cited_ids
from engine.config import LLMSettings
from engine.llm_client import LLMUnavailable, complete
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from engine.types import Chunk

log = logging.getLogger(__name__)

EVIDENCE_CHARS = 600  # per evidence block: a 问/答 pair fits whole, a long article is cut
MAX_EVIDENCE = 12  # blocks shown to the model; keeps the prompt within a small model's context
# A case file: the ledger answer's quotes and its <ledger> block carry the facts; a few retrieved
# statements add context (a small local model reads ~8 tokens/s of prompt on 2 busy cores).
CASE_MAX_EVIDENCE = 8
MIN_RETRIEVED = 3  # retrieved blocks shown after a case file's own evidence, however much it has

_DELIMITER = re.compile(r"<(\s*/?\s*(?:evidence|ledger))", re.I)
_ATTRIBUTE_UNSAFE = re.compile(r'["<>\s]+')
_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)
_FENCE = re.compile(r"^```\w*|```$", re.M)
_LABEL = re.compile(r"^\s*(?:\*\*)?\s*(?:结论|回答|答案|答)\s*(?:\*\*)?\s*[:：]\s*")
_ID = r"(?:证据\s*)?[Ee]\s*\d{1,3}"
_GROUP = rf"[\[【〔［(（]\s*{_ID}(?:\s*(?:[,，、;；/]|和|及|与)\s*{_ID})*\s*[\]】〕］)）]"
_CITE_RUN = re.compile(rf"{_GROUP}(?:\s*[、,，]?\s*{_GROUP})*")  # [E1][E3] / [E1]、[E3]: one group
_ID_NUMBER = re.compile(r"[Ee]\s*(\d{1,3})")
_NUMBER_CHAR = re.compile(r"[\d０-９零〇一二三四五六七八九十百千万亿两壹贰叁肆伍陆柒捌玖拾佰仟,.，．]")


@dataclass(frozen=True)
class Reply:
    conclusion: str  # one line, citations as （E1、E2）
    not_found: bool  # said NOT_FOUND_PHRASE and cited nothing


# -- evidence ------------------------------------------------------------------------------------
def evidence_region(chunk: Chunk, limit: int = EVIDENCE_CHARS) -> Segment:
    """The part of a chunk shown to the model and quoted back: the whole text (a 问/答 pair keeps
    its question, without which 答：是的 means nothing), cut at a sentence end when longer than
    ``limit``. A question so long that the answer would not fit is dropped instead."""
    text = chunk.text
    start = 0
    if len(text) > limit:
        answer_start, _ = answer_region(chunk)
        if answer_start > limit // 2:
            start = answer_start
    end = len(text)
    if end - start > limit:
        ends = [s.end for s in sentences(chunk, answer_only=False) if s.start >= start
                and s.end <= start + limit]
        end = max(ends) if ends else _cut_outside_number(text, start, start + limit)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Segment(start, end, text[start:end])


def _cut_outside_number(text: str, start: int, cut: int) -> int:
    """A hard cut moved back so it does not split 17000 into 170|00 (a quote must not show a
    number the document does not contain)."""
    position = cut
    while position > start and _NUMBER_CHAR.match(text[position - 1]) and _NUMBER_CHAR.match(text[position]):
        position -= 1
    return position if position > start else cut


def number_evidence(sources: list[Source], evidence: EvidenceSet,
                    limit: int = MAX_EVIDENCE) -> list[Evidence]:
    """Cite each source's region, in rank order: these are E1…En, the blocks the model sees."""
    for source in sources[:limit]:
        evidence.cite(source, evidence_region(source.chunk))
    return list(evidence.items)


def _attribute(value: str) -> str:
    return _ATTRIBUTE_UNSAFE.sub(" ", value).strip()


def as_data(text: str) -> str:
    """Document text as the model sees it: line breaks of the PDF removed, and anything looking
    like our delimiters defused so a document cannot close its own evidence block."""
    return _DELIMITER.sub(lambda m: "＜" + m.group(1), flat(text))


def render_evidence(items: list[Evidence]) -> str:
    blocks = []
    for item in items:
        pages = str(item.page) if item.page == item.page_end else f"{item.page}-{item.page_end}"
        extra = ""
        law, article = item.chunk.meta.get("law_title"), item.chunk.meta.get("article_label")
        if law or article:
            extra = f' 条文="{_attribute(" ".join(str(v) for v in (law, article) if v))}"'
        blocks.append(EVIDENCE_BLOCK.format(open=EVIDENCE_OPEN, close=EVIDENCE_CLOSE, id=item.id,
                                            doc=_attribute(item.doc_name), pages=pages, extra=extra,
                                            text=as_data(item.quote)))
    return "\n\n".join(blocks)


def build_messages(question: str, items: list[Evidence], ledger: str = "") -> list[dict[str, str]]:
    """System rules and the user turn; ``ledger`` is a case file's ``<ledger>`` block (or "")."""
    user = USER_PROMPT.format(question=question.strip(), open=EVIDENCE_OPEN, close=EVIDENCE_CLOSE,
                              blocks=render_evidence(items), ledger=f"\n{ledger}\n" if ledger else "")
    system = SYSTEM_PROMPT + LEDGER_RULES if ledger else SYSTEM_PROMPT
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


# -- the reply -----------------------------------------------------------------------------------
def normalise_citations(text: str) -> str:
    """[E1] / 【E1】 / [E1, E2] / [E1][E3] → （E1）, （E1、E2）, （E1、E3）; ids are kept as
    written (an E99 the evidence lacks stays, for the verifier to flag)."""
    def joined(match: re.Match) -> str:
        ids = dict.fromkeys(f"E{int(n)}" for n in _ID_NUMBER.findall(match.group(0)))
        return "（" + "、".join(ids) + "）"
    return _CITE_RUN.sub(joined, text)


def parse_reply(content: str | None) -> Reply:
    text = _THINK.sub("", content or "")  # reasoning models may think aloud first
    text = _FENCE.sub("", text)
    text = re.sub(r"\s*\n\s*", "", text).strip()
    text = _LABEL.sub("", text).replace("**", "").strip()
    if not text:
        raise LLMUnavailable("模型回复为空 (empty reply)")
    conclusion = normalise_citations(text)
    return Reply(conclusion, NOT_FOUND_PHRASE in conclusion and not cited_ids(conclusion))


# -- checks the verifier cannot make -------------------------------------------------------------
def _stated_values(text: str) -> set[tuple[str, object]]:
    """Amounts and dates stated in a text, normalised (壹万叁仟元, 13000元 and 13,000.00元 are one
    value: Decimals that are equal hash equal)."""
    text = CITATION.sub(lambda m: " " * len(m.group(0)), text)  # E12 is not the number 12
    return ({("amount", Decimal(str(f.value))) for f in find_amounts(text)}
            | {("date", str(f.value)) for f in find_dates(text)})


def one_sided_conflicts(conclusion: str, conflicts: list[Conflict]) -> list[str]:
    """A conflict the conclusion does not state in full: every value in dispute must appear."""
    said = _stated_values(conclusion)
    cited = set(cited_ids(conclusion))
    problems = []
    for conflict in conflicts:
        disputed = _stated_values(conflict.description)
        left_out = disputed - said if disputed else set(conflict.evidence) - cited
        if left_out:
            problems.append(f"结论只采用了冲突中的一方说法，未提及：{conflict.description} "
                            f"(conclusion takes one side of a conflict)")
    return problems


# -- the composer --------------------------------------------------------------------------------
# (conclusion, evidence, {doc_id: a transcript's speaker}[, {E-id: the ledger's reading of it}]) ->
# one problem per statement the cited evidence does not support; engine/faithfulness/conclusion.py,
# handed in by the Engine.
StatementCheck = Callable[..., list[str]]


class LLMComposer:
    def __init__(self, settings: LLMSettings, composer: Composer,
                 check_statements: StatementCheck | None = None):
        self.settings = settings
        self.composer = composer
        self.check_statements = check_statements

    def compose(self, question: QuestionPlan, sources: list[Source], case: CaseContext | None = None) -> Draft:
        """The model's conclusion over ``sources`` (and, for a case file, ``case``: the ledger's
        deterministic answer, whose evidence, rows and panels the model sees and the answer keeps)."""
        if not self.settings.configured:
            return self._fallback(question, sources, "LLM 未配置 (no base_url/model in settings)", case)
        if not sources and (case is None or not case.draft.evidence.items):
            return self._fallback(question, sources, "没有检索到证据，未询问 LLM (no evidence to ask about)", case)
        evidence, shown = self._number(sources, case)
        ledger = render_ledger(case) if case is not None else ""
        try:
            reply = parse_reply(complete(self.settings, build_messages(question.text, shown, ledger)))
        except LLMUnavailable as exc:
            return self._fallback(question, sources, str(exc), case)
        # The ledger's answer holds the panels when it found something; else the deterministic
        # composer's, over the same evidence, as outside a case file (a conflict it sees is shown),
        # and the conclusion is flagged: the case file's own reading found no answer to check it by.
        by_ledger = case is not None and case.draft.status is not Status.NOT_FOUND
        if reply.not_found:
            if by_ledger:
                return self._fallback(question, sources, "模型称未在材料中找到，但账目和笔录中有相关内容 "
                                      "(the model found nothing where the ledger answer did)", case)
            # Our own wording (with the searched scope), not the model's: a not-found answer is
            # not number-checked, so nothing the model wrote may ride along with it.
            return case.draft if case is not None else self.composer.compose(question, [])

        panels = case.draft if by_ledger else self.composer.compose(question, sources, evidence)
        draft = Draft(Status.ANSWERED, reply.conclusion, evidence, calculations=panels.calculations,
                      conflicts=panels.conflicts, gaps=panels.gaps, ledger=list(panels.ledger))
        # (evidence carrying planted instructions is flagged by verify(), for both modes)
        draft.unsupported = one_sided_conflicts(reply.conclusion, panels.conflicts)
        if by_ledger:  # a total, an amount or a date against the ledger's
            draft.unsupported += ledger_disagreements(reply.conclusion, case)
            # the ledger's value was read out of what was said: the model's wording of it is no firmer
            if STATEMENT_DOUBT in case.draft.conclusion:
                draft.unsupported.append(STATEMENT_DOUBT)
        elif case is not None:
            draft.unsupported.append(NOTHING_FOUND)
        draft.unsupported += self._statements(reply.conclusion, evidence, sources, panels, case if by_ledger else None)
        # A conflict, a gap or a failed recomputation needs a person whoever wrote the conclusion.
        if panels.status is Status.NEEDS_REVIEW or draft.unsupported:
            draft.status = Status.NEEDS_REVIEW
        return draft

    def _number(self, sources: list[Source], case: CaseContext | None) -> tuple[EvidenceSet, list[Evidence]]:
        """The evidence the model sees: retrieved blocks, after a case file's own quotes (under
        the ids its panels use; a statement one of them is from is not shown twice)."""
        if case is None:
            evidence = EvidenceSet(self.composer.pages_for)
            return evidence, number_evidence(sources, evidence)
        evidence = case.evidence()
        quoted = {item.chunk.chunk_id for item in evidence.items}
        fresh = [s for s in sources if s.chunk.chunk_id not in quoted]
        return evidence, number_evidence(fresh, evidence, max(MIN_RETRIEVED, CASE_MAX_EVIDENCE - len(evidence.items)))

    def _statements(self, conclusion: str, evidence: EvidenceSet, sources: list[Source], panels: Draft,
                    case: CaseContext | None) -> list[str]:
        """Every statement against the evidence it cites (claims without a number or date too)."""
        if self.check_statements is None:
            return []
        speakers = {s.chunk.doc_id: s.speaker for s in sources if s.speaker}
        if case is None:
            return self.check_statements(conclusion, evidence.items, speakers)
        # a recomputed result is read with its sum, a quote with what the ledger read from it
        quoted = " ".join(join_pdf_lines(item.quote) for item in evidence.items)
        return self.check_statements(with_working(conclusion, panels.calculations, quoted), evidence.items,
                                     speakers, ledger_glosses(case))

    def _fallback(self, question: QuestionPlan, sources: list[Source], reason: str,
                  case: CaseContext | None = None) -> Draft:
        log.warning("LLM conclusion not used (%s); answering with the deterministic composer", reason)
        draft = case.draft if case is not None else self.composer.compose(question, sources)
        draft.fallback_reason = f"LLM 未使用，已改用抽取式回答 (LLM not used, extractive answer): {reason}"
        return draft
