"""Features of (question, passage), of the question over all its passages, and of clauses.

One set of functions serves training (scripts/train_judge.py) and answering, so the models see at
run time exactly what they were trained on. Everything is cheap and offline: the e5 cosine of the
question and the passage's chunk (the vectors are already in the embedding cache, computed at
ingest), the chunk's BM25 score and rank from the search that found it, overlap of the
question's words (idf-weighted, as BM25 weighs them) and character bigrams with the passage and
its neighbours, the asked slot (read with the question, engine/question) against what the passage contains,
numbers and names of the question found or contradicted, negation and modality cues, the
question's form and the passage's role (judgment section, contract clause, search role).

Three tables:
  passages   one row per passage of the retrieved chunks (PASSAGE_FEATURES);
  question   one row per question: the best passages' model scores and features, and what of the
             question the retrieved text lacks altogether (QUESTION_FEATURES);
  clauses    one row per clause of the best passages, for span answers (CLAUSE_FEATURES).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from engine.answer.judge.segment import Passage, clauses, passages
from engine.answer.judge.slots import EXCEPTION, NEGATION, OBLIGE, ONLY, PERMIT, Slot, filler_spans
from engine.question import QuestionPlan
from engine.text.segments import Segment
from engine.text.normalize import to_halfwidth
from engine.types import Chunk

# Words that say what kind of question it is, never what it is about (Chinese and English).
FORM_WORDS = frozenset("""
是否 有没有 是不是 有无 能否 可否 什么 什么样 哪些 哪个 哪家 哪位 哪里 哪儿 何处 何时 何人 何种 多少 多久 多长 几 怎么 怎样 如何
为什么 为何 因何 谁 吗 呢 么 请问 情况 具体 分别 哪 时候 时间 一下 是 的 了 在 有 和 与 及 被 为 其 对 把 将 等 均 都 又
does do did is are was were has have had can may shall will must the a an of to in on for by be been any
that this these those there it its with under agreement provide provides provided party parties
what which who whom whose when where why how
""".split())
# Removed longest first, in a fixed order (a set's order changes with the hash seed, and removing
# 么 before 什么 would leave a different text).
_FORM_HAN = sorted((w for w in FORM_WORDS if re.search(r"[\u4e00-\u9fff]", w)), key=lambda w: (-len(w), w))
SLOTS = tuple(Slot)
_SLOT_CODE = {slot: i for i, slot in enumerate(SLOTS)}
SECTIONS = ("首部", "当事人", "原告诉称", "公诉机关指控", "被告辩称", "经审理查明", "本院认为", "判决结果", "尾部")
ROLES = ("hit", "chain", "cited", "citing", "context", "completion")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
_LATIN_WORD = re.compile(r"[a-z]{5,}")


@dataclass(frozen=True)
class ChunkSignal:
    """What retrieval said about a chunk: e5 cosine with the question, BM25 and fused ranks."""
    cosine: float
    bm25: float = 0.0
    bm25_rank: int | None = None
    rank: int | None = None  # in the final search results (1 = best), None = brought in by aggregation
    role: str = "hit"


@dataclass
class QuestionInfo:
    text: str
    slot: Slot
    english: bool
    terms: list[str]  # content tokens (BM25 tokens minus form words), deduplicated
    weights: list[float]  # idf of each term (the corpus's; unknown words get the largest)
    unknown: int  # content terms the corpus never uses
    bigrams: set[str]  # Han character bigrams of the content part
    content: str  # the question without form words and punctuation (normalised)
    names: list[str]
    values: set[str]  # normalised amounts and dates the question states
    negated: bool
    only: bool
    permit: bool
    oblige: bool
    focus: list[int] = field(default_factory=list)  # indices of the terms the question word is about

    @property
    def yesno(self) -> bool:
        return self.slot is Slot.YESNO


@dataclass
class JudgeInput:
    plan: QuestionPlan  # the question as read once (engine/question): text, slot, names, tokens
    chunks: list[Chunk]  # the retrieved evidence chunks, in evidence order
    signals: dict[str, ChunkSignal]  # by chunk id
    idf: Callable[[str], float | None]  # BM25 idf of a token in the corpus; None when unknown

    @property
    def question(self) -> str:
        return self.plan.text


@dataclass
class PassageTable:
    info: QuestionInfo
    passages: list[Passage]
    features: np.ndarray  # len(passages) × len(PASSAGE_FEATURES)
    coverage: np.ndarray  # idf-weighted term coverage of each passage (reused by the clause table)
    term_hits: list[set[int]] = field(default_factory=list)  # which question terms each passage has


def _norm(text: str) -> str:
    return to_halfwidth(text).lower()


def _values(text: str) -> set[str]:
    """Amounts, dates and other numbers (十级, 100%, 3 years) a text states, normalised."""
    from engine.text.dates import find_dates
    from engine.text.numbers import find_amounts, find_numbers

    amounts, dates = find_amounts(text), find_dates(text)
    taken = [(f.start, f.end) for f in (*amounts, *dates)]
    numbers = {f"n:{f.value}" for f in find_numbers(text)
               if not any(s <= f.start and f.end <= e for s, e in taken)}
    return {f"a:{f.value}" for f in amounts} | {f"d:{f.value}" for f in dates} | numbers


def question_info(inp: JudgeInput) -> QuestionInfo:
    text = inp.question.strip()
    slot = inp.plan.answer_slot
    english = len(_HAN.findall(text)) < 0.2 * max(1, len(text.replace(" ", "")))
    names = [n for n in inp.plan.names if n]
    terms, weights, unknown = [], [], 0
    for token in dict.fromkeys(inp.plan.tokens):
        if token in FORM_WORDS or not any(ch.isalnum() for ch in token):
            continue
        if len(token) < 2 and not token.isdigit():
            continue
        idf = inp.idf(token)
        if idf is None:
            unknown += 1
        terms.append(token)
        weights.append(idf if idf is not None else -1.0)
    known = [w for w in weights if w >= 0]
    top = max(known, default=1.0)
    weights = [w if w >= 0 else top for w in weights]  # a word the corpus lacks is as rare as its rarest
    content = _norm(text)
    for word in _FORM_HAN:
        content = content.replace(word, " ")
    bigrams = {run[i:i + 2] for run in _HAN_RUN.findall(content) for i in range(len(run) - 1)}
    if english:
        content = " ".join(w for w in re.findall(r"[a-z0-9']+", content) if w not in FORM_WORDS)
    else:
        content = "".join(ch for ch in content if ch.isalnum())
    return QuestionInfo(text=text, slot=slot, english=english, terms=terms, weights=weights,
                        unknown=unknown, bigrams=bigrams, content=content, names=names, values=_values(text),
                        negated=bool(NEGATION.search(_strip_form(text))), only=bool(ONLY.search(text)),
                        permit=bool(PERMIT.search(_strip_form(text))), oblige=bool(OBLIGE.search(text)),
                        focus=_focus(_norm(text), terms, weights))


_QUESTION_WORD = re.compile(r"什么|哪|谁|何|多少|几|如何|怎么|怎样|是否|有无|有没有|吗|情况|\bwhat\b|\bwhich\b|"
                            r"\bwho\b|\bwhen\b|\bwhere\b|\bhow\b|\bwhy\b")


def _focus(text: str, terms: list[str], weights: list[float]) -> list[int]:
    """The terms the question word asks about — the nearest before and after it (笔记本电脑价值多少
    → 价值; 何时吸毒 → 吸毒) — and the rarest term: an answer must speak of these."""
    if not terms:
        return []
    chosen = {max(range(len(terms)), key=lambda i: (weights[i], -i))}
    where = {i: text.find(t) for i, t in enumerate(terms)}
    match = _QUESTION_WORD.search(text)
    if match:
        before = [i for i, at in where.items() if 0 <= at and at + len(terms[i]) <= match.start()]
        after = [i for i, at in where.items() if at >= match.end()]
        if before:
            chosen.add(max(before, key=lambda i: (where[i] + len(terms[i]), -i)))
        if after:
            chosen.add(min(after, key=lambda i: (where[i], i)))
    return sorted(chosen)


_FORM_NEGATIONS = re.compile(r"是否|有没有|是不是|有无|能否|可否|^\s*(?:does|do|did|is|are|was|were|can|may)\b", re.I)


def _strip_form(text: str) -> str:
    """The question without its yes/no form words: 有没有 and 是否 are not negations, 'May' at the
    start of a question is not a permission."""
    return _FORM_NEGATIONS.sub(" ", text)


def _has_term(term: str, text: str) -> bool:
    if term in text:
        return True
    # English without a stemmer: "disclosure" meets "disclose" by a shared 5-letter stem.
    return len(term) >= 6 and term.isascii() and term[:5] in text


def _coverage(info: QuestionInfo, text: str) -> tuple[float, float, set[int]]:
    """(share of terms, idf-weighted share of terms, indices of the terms found)."""
    if not info.terms:
        return 0.0, 0.0, set()
    hits = {i for i, t in enumerate(info.terms) if _has_term(t, text)}
    total = sum(info.weights) or 1.0
    return len(hits) / len(info.terms), sum(info.weights[i] for i in hits) / total, hits


def _focus_share(info: QuestionInfo, hits: set[int]) -> float:
    return sum(1 for i in info.focus if i in hits) / len(info.focus) if info.focus else -1.0


def _bigram_share(info: QuestionInfo, text: str) -> float:
    if not info.bigrams:
        return 0.0
    return sum(1 for b in info.bigrams if b in text) / len(info.bigrams)


def _novelty(question: str, text: str) -> float:
    """Share of the passage's characters the question does not use: an answer adds something."""
    chars = [ch for ch in text if ch.isalnum()]
    if not chars:
        return 0.0
    asked = set(question)
    return sum(1 for ch in chars if ch not in asked) / len(chars)


_AFTER_NEGATION = re.compile(r"^[^，,。；;]{0,3}?(?:未果|失败|不成|未成|无果|未遂|不到|不了|未|不|没)")


def _negation_near_focus(text: str, info: QuestionInfo) -> float:
    """A negation just before a focus term (未支付, did not disclose) or a failure just after it
    (调解未果, 协商不成): the passage says the asked thing did not happen."""
    window = 12 if info.english else 4
    for i in info.focus:
        term = info.terms[i]
        start = text.find(term)
        while start >= 0:
            if NEGATION.search(text[max(0, start - window):start]):
                return 1.0
            if not info.english and _AFTER_NEGATION.match(text[start + len(term):start + len(term) + 6]):
                return 1.0
            start = text.find(term, start + 1)
    return 0.0


def _common_run(info: QuestionInfo, text: str) -> float:
    """The longest run of the question's content the passage repeats verbatim, as a share of that
    content (被告出具了收据 ~ 被告出具收据一张: the predicate itself is there, not just its words)."""
    from difflib import SequenceMatcher

    if not info.content:
        return 0.0
    match = SequenceMatcher(None, info.content, text, autojunk=False).find_longest_match(
        0, len(info.content), 0, len(text))
    return match.size / len(info.content)


def _local_negation(text: str, info: QuestionInfo) -> float:
    """A negation cue within a few characters before a question term (未支付, did not disclose)."""
    for term in info.terms:
        start = text.find(term)
        while start >= 0:
            window = text[max(0, start - (12 if info.english else 4)):start]
            if NEGATION.search(window):
                return 1.0
            start = text.find(term, start + 1)
    return 0.0


def _values_match(info: QuestionInfo, text: str) -> tuple[float, float]:
    """(share of the question's amounts/dates stated in the passage, whether the passage states
    another value of a kind the question states and none of the question's)."""
    if not info.values:
        return -1.0, 0.0
    found = _values(text)
    same = len(info.values & found) / len(info.values)
    kinds = {v[:2] for v in info.values}
    other = any(v[:2] in kinds for v in found - info.values)
    return same, float(other and same == 0)


def _code(value: str | None, table: Sequence[str]) -> float:
    return float(table.index(value)) if value in table else -1.0


# The text says it does not know: 无法估价, 下落不明, 未查明 — what is asked is not established.
UNKNOWN = re.compile(r"无法|不详|不明|未查明|未能查明|查无|不清|未查实|未确定|待查|unknown|not known", re.I)
NEAR = 12  # characters between a question term and a filler of the asked slot (Chinese)


def _slot_near(text: str, spans: list[tuple[int, int]], info: QuestionInfo, hits: set[int]) -> float:
    """Whether a filler the question does not state lies within a few characters of a question
    term: 被害人侯某的笔记本电脑（价值1800元） answers 价值多少, an amount across the paragraph does not."""
    window = NEAR * (3 if info.english else 1)
    places = [m.start() for i in hits for m in re.finditer(re.escape(info.terms[i]), text)]
    return float(any(abs(a - s) <= window or abs(a - e) <= window for s, e in spans for a in places))


_FACT_KINDS = {Slot.DATE: ("date",), Slot.AMOUNT: ("amount",), Slot.PERSON: ("person",),
               Slot.ORG: ("org",), Slot.COURT: ("org",)}


def _fillers(chunk: Chunk, seg: Segment, slot: Slot) -> list[tuple[int, int]]:
    """Fillers of the asked slot in the passage (offsets in the passage): the patterns' matches
    and the enrichment's facts of that kind."""
    spans = filler_spans(seg.text, slot)
    kinds = _FACT_KINDS.get(slot, ())
    for fact in chunk.facts:
        if fact.kind in kinds and seg.start <= fact.start and fact.end <= seg.end:
            if slot is not Slot.COURT or "法院" in fact.text:
                spans.append((fact.start - seg.start, fact.end - seg.start))
    return spans


def _slot_spans(chunk: Chunk, seg: Segment, slot: Slot, question: str) -> list[tuple[int, int]]:
    """The fillers the question does not already state; none for yes/no and what questions."""
    if slot in (Slot.YESNO, Slot.WHAT):
        return []
    return [s for s in _fillers(chunk, seg, slot) if seg.text[s[0]:s[1]] not in question]


def _slot_fill(chunk: Chunk, seg: Segment, slot: Slot, question: str) -> tuple[float, float]:
    """(fillers of the asked slot in the passage, fillers the question does not already state);
    -1 for a question without a slot (yes/no, what)."""
    if slot in (Slot.YESNO, Slot.WHAT):
        return -1.0, -1.0
    spans = _fillers(chunk, seg, slot)
    return float(len(spans)), float(sum(1 for s in spans if seg.text[s[0]:s[1]] not in question))


PASSAGE_FEATURES: tuple[str, ...] = (
    # question
    "q_slot", "q_yesno", "q_english", "q_terms", "q_unknown", "q_names", "q_values", "q_negated",
    "q_only", "q_permit", "q_oblige",
    # passage vs question
    "cov", "cov_idf", "bigram", "cov_window", "cov_rank", "cov_gap", "novelty", "names_found",
    "values_found", "values_other", "slot_fill", "slot_new", "neg", "neg_local", "permit", "oblige",
    "exception", "only", "chars", "common_run", "focus_found", "focus_window", "slot_near", "unknown_cue",
    "neg_focus",
    # chunk and role
    "cosine", "cosine_gap", "search_rank", "bm25_rel", "bm25_rank", "role", "section", "doc_position",
)


def passage_table(inp: JudgeInput) -> PassageTable:
    info = question_info(inp)
    found: list[Passage] = []
    for chunk in inp.chunks:
        found.extend(passages(chunk))
    n = len(found)
    out = np.zeros((n, len(PASSAGE_FEATURES)), dtype=np.float32)
    if n == 0:
        return PassageTable(info, found, out, np.zeros(0, dtype=np.float32))
    texts = [_norm(p.segment.text) for p in found]
    cover = [_coverage(info, t) for t in texts]
    cov_idf = np.asarray([c[1] for c in cover], dtype=np.float32)
    order = np.argsort(-cov_idf, kind="stable")
    rank = np.empty(n, dtype=np.float32)
    rank[order] = np.arange(1, n + 1)
    best_cov = float(cov_idf.max())
    cosines = [inp.signals[c.chunk_id].cosine for c in inp.chunks if c.chunk_id in inp.signals]
    best_cos = max(cosines, default=0.0)
    bm25_best = max((s.bm25 for s in inp.signals.values()), default=0.0) or 1.0
    seqs = sorted({c.seq for c in inp.chunks})
    span_seq = (max(seqs) - min(seqs)) or 1
    q_row = (_SLOT_CODE[info.slot], float(info.yesno), float(info.english), len(info.terms), info.unknown,
             len(info.names), len(info.values), float(info.negated), float(info.only), float(info.permit),
             float(info.oblige))
    for i, (p, text) in enumerate(zip(found, texts)):
        share, weighted, hits = cover[i]
        window_hits = set(hits)
        for j in (i - 1, i + 1):  # neighbours in the same chunk
            if 0 <= j < n and found[j].chunk.chunk_id == p.chunk.chunk_id:
                window_hits |= cover[j][2]
        total = sum(info.weights) or 1.0
        window = sum(info.weights[k] for k in window_hits) / total if info.terms else 0.0
        values_found, values_other = _values_match(info, p.segment.text)
        slot_fill, slot_new = _slot_fill(p.chunk, p.segment, info.slot, info.text)
        signal = inp.signals.get(p.chunk.chunk_id, ChunkSignal(cosine=best_cos))
        meta = p.chunk.meta
        out[i] = (*q_row,
                  share, weighted, _bigram_share(info, text), window, math.log1p(rank[i]),
                  weighted - best_cov, _novelty(info.text, p.segment.text),
                  (sum(1 for name in info.names if name in p.segment.text) / len(info.names)) if info.names else -1.0,
                  values_found, values_other, slot_fill, slot_new,
                  len(NEGATION.findall(text)), _local_negation(text, info), float(bool(PERMIT.search(text))),
                  float(bool(OBLIGE.search(text))), float(bool(EXCEPTION.search(text))),
                  float(bool(ONLY.search(text))), math.log1p(len(p.segment.text)), _common_run(info, text),
                  _focus_share(info, hits), _focus_share(info, window_hits),
                  _slot_near(text, _slot_spans(p.chunk, p.segment, info.slot, info.text), info, hits)
                  if info.slot not in (Slot.YESNO, Slot.WHAT) else -1.0,
                  float(bool(UNKNOWN.search(text))), _negation_near_focus(text, info),
                  signal.cosine, signal.cosine - best_cos,
                  math.log1p(signal.rank) if signal.rank else math.log1p(50),
                  signal.bm25 / bm25_best, math.log1p(signal.bm25_rank) if signal.bm25_rank else math.log1p(200),
                  _code(signal.role, ROLES), _code(meta.get("section"), SECTIONS),
                  (p.chunk.seq - min(seqs)) / span_seq)
    return PassageTable(info, found, out, cov_idf, [c[2] for c in cover])


QUESTION_FEATURES: tuple[str, ...] = (
    "q_slot", "q_yesno", "q_english", "q_terms", "q_unknown", "q_names", "q_values", "q_negated",
    "q_only", "q_permit", "q_oblige",
    "p1", "p2", "p3", "p_mean5", "n_over_50", "n_over_20", "passages",
    "best_cov", "best_cov_idf", "best_bigram", "best_cov_window", "best_novelty", "best_names_found",
    "best_values_found", "best_values_other", "best_slot_fill", "best_slot_new", "best_neg",
    "best_neg_local", "best_permit", "best_oblige", "best_exception", "best_only", "best_cosine",
    "max_cov_idf", "max_bigram", "max_cosine", "absent_idf", "names_absent", "values_absent",
    "top3_neg_local", "top3_exception", "top3_only", "top3_permit",
    "max_slot_fill", "max_slot_new", "absent_terms", "absent_rarest", "all_bigram",
    "best_common_run", "max_common_run",
    "focus_anywhere", "best_focus", "max_focus_window", "max_slot_near", "best_slot_near", "top3_unknown",
    "focus_unknown", "best_neg_focus", "top3_neg_focus",
    # stacked: the lexical models' scores (engine/answer/judge/lexical.py) and the reader's — the
    # span model's best clause and the best clause × boundary pair (engine/answer/judge/model.py
    # ``read``), weighed against "no answer" as a neural reader weighs its best span
    "lex_answerable", "lex_polarity", "reader_clause", "reader_span",
)
_BEST = ("cov", "cov_idf", "bigram", "cov_window", "novelty", "names_found", "values_found",
         "values_other", "slot_fill", "slot_new", "neg", "neg_local", "permit", "oblige",
         "exception", "only", "cosine")
_P = {name: i for i, name in enumerate(PASSAGE_FEATURES)}
_Q = 11  # the question's own features lead both tables
_STACKED = 4  # and the stacked scores close the question's


def question_row(table: PassageTable, scores: np.ndarray, stacked: Sequence[float]) -> np.ndarray:
    """The question's row: its form, the best passages' scores, the best passage's features, what
    of the question no retrieved passage contains (words, names, values), and the stacked scores
    (``stacked``: the lexical models' in the order of lexical.LEXICAL_PARTS, then the reader's)."""
    if len(stacked) != _STACKED:
        raise ValueError(f"question_row takes {_STACKED} stacked scores, got {len(stacked)}")
    f = table.features
    info = table.info
    row = np.zeros(len(QUESTION_FEATURES), dtype=np.float32)
    q_part = [PASSAGE_FEATURES.index(n) for n in QUESTION_FEATURES[:_Q]]
    if len(f) == 0:
        row[:_Q] = _question_only(info)
        row[_Q:] = -1.0
        row[QUESTION_FEATURES.index("passages")] = 0
        row[QUESTION_FEATURES.index("absent_idf")] = 1.0
        row[-_STACKED:] = stacked
        return row
    row[:_Q] = f[0, q_part]
    order = np.argsort(-scores, kind="stable")
    top = scores[order]
    best = order[0]
    all_hits = set().union(*table.term_hits) if table.term_hits else set()
    total = sum(info.weights) or 1.0
    absent = sum(w for i, w in enumerate(info.weights) if i not in all_hits) / total if info.terms else 0.0
    joined = "\n".join(p.segment.text for p in table.passages)
    names_absent = sum(1 for n in info.names if n not in joined)
    values_absent = len(info.values - _values(joined)) if info.values else -1
    top3 = order[:3]
    absent_weights = [w for i, w in enumerate(info.weights) if i not in all_hits]
    all_text = _norm(joined)
    row[_Q:] = (
        top[0], top[1] if len(top) > 1 else 0.0, top[2] if len(top) > 2 else 0.0, float(top[:5].mean()),
        float((scores >= 0.5).sum()), float((scores >= 0.2).sum()), len(scores),
        *[f[best, _P[n]] for n in _BEST],
        float(f[:, _P["cov_idf"]].max()), float(f[:, _P["bigram"]].max()), float(f[:, _P["cosine"]].max()),
        absent, names_absent, values_absent,
        float(f[top3, _P["neg_local"]].max()), float(f[top3, _P["exception"]].max()),
        float(f[top3, _P["only"]].max()), float(f[top3, _P["permit"]].max()),
        float(f[:, _P["slot_fill"]].max()), float(f[:, _P["slot_new"]].max()),
        len(absent_weights), max(absent_weights, default=0.0) / (max(info.weights, default=0.0) or 1.0),
        _bigram_share(info, all_text),
        f[best, _P["common_run"]], float(f[:, _P["common_run"]].max()),
        _focus_share(info, all_hits), f[best, _P["focus_found"]], float(f[:, _P["focus_window"]].max()),
        float(f[:, _P["slot_near"]].max()), f[best, _P["slot_near"]], float(f[top3, _P["unknown_cue"]].max()),
        float(((f[:, _P["focus_found"]] > 0) & (f[:, _P["unknown_cue"]] > 0)).any()),
        f[best, _P["neg_focus"]], float(f[top3, _P["neg_focus"]].max()),
        *stacked,
    )
    return row


def _question_only(info: QuestionInfo) -> tuple[float, ...]:
    return (_SLOT_CODE[info.slot], float(info.yesno), float(info.english), len(info.terms), info.unknown,
            len(info.names), len(info.values), float(info.negated), float(info.only), float(info.permit),
            float(info.oblige))


CLAUSE_FEATURES: tuple[str, ...] = (
    "q_slot", "q_english", "q_terms",
    "passage_p", "passage_rank", "cov_idf", "bigram", "novelty", "slot_fill", "slot_new", "chars",
    "offset_best", "prev_cov", "next_cov", "first", "last", "clauses", "passage_cov_idf", "has_value",
    "focus", "prev_focus", "next_focus", "slot_near", "core_share",
)


@dataclass(frozen=True)
class ClauseCandidate:
    passage: Passage
    segment: Segment  # offsets into the chunk text
    passage_index: int
    position: int  # clause number within the passage


def clause_table(table: PassageTable, scores: np.ndarray, top_passages: int = 3
                 ) -> tuple[list[ClauseCandidate], np.ndarray]:
    """Clauses of the ``top_passages`` best passages, with CLAUSE_FEATURES."""
    info = table.info
    order = [int(i) for i in np.argsort(-scores, kind="stable")[:top_passages]]
    cands: list[ClauseCandidate] = []
    rows: list[tuple[float, ...]] = []
    q_part = (_SLOT_CODE[info.slot], float(info.english), len(info.terms))
    for rank, index in enumerate(order):
        passage = table.passages[index]
        text = passage.chunk.text
        parts = clauses(text, passage.segment)
        cover = [_coverage(info, _norm(c.text)) for c in parts]
        covs = [c[1] for c in cover]
        focus = [_focus_share(info, c[2]) for c in cover]
        best = int(np.argmax(covs)) if covs else 0
        for k, clause in enumerate(parts):
            fill, new = _slot_fill(passage.chunk, clause, info.slot, info.text)
            near = (_slot_near(_norm(clause.text), _slot_spans(passage.chunk, clause, info.slot, info.text),
                               info, cover[k][2]) if info.slot not in (Slot.YESNO, Slot.WHAT) else -1.0)
            lo, hi = answer_core(clause.text, info.text, info.slot)
            has_value = float(any(fact.kind in ("amount", "date") and clause.start <= fact.start
                                  and fact.end <= clause.end for fact in passage.chunk.facts))
            cands.append(ClauseCandidate(passage, clause, index, k))
            rows.append((*q_part, float(scores[index]), rank, covs[k], _bigram_share(info, _norm(clause.text)),
                         _novelty(info.text, clause.text), fill, new, math.log1p(len(clause.text)),
                         k - best, covs[k - 1] if k > 0 else -1.0, covs[k + 1] if k + 1 < len(parts) else -1.0,
                         float(k == 0), float(k == len(parts) - 1), len(parts),
                         float(table.coverage[index]), has_value,
                         focus[k], focus[k - 1] if k > 0 else -2.0, focus[k + 1] if k + 1 < len(parts) else -2.0,
                         near, (hi - lo) / max(1, len(clause.text))))
    matrix = np.asarray(rows, dtype=np.float32).reshape(len(rows), len(CLAUSE_FEATURES))
    return cands, matrix


_NAMED = (Slot.PLACE, Slot.ORG, Slot.COURT)
_SHARED_MIN = 2  # a run of the question repeated at an answer's edge is cut when this long


def answer_core(text: str, question: str, slot: Slot = Slot.WHAT) -> tuple[int, int]:
    """``[start, end)`` of what a clause adds to the question: runs of the question's own wording
    at either edge of the clause are cut (被告人杨某甲｜向葛某等人指示石油输油管道位置 answers 何人向葛某
    等人指示石油输油管道位置 with 被告人杨某甲; 工作地点为｜烟台平17公司). The whole clause when
    nothing, or nothing of substance, would be left. A cut at the end never goes into a name (a
    filler of the asked slot, a place, an organisation, a court): 浙江省杭州市西湖公证处 keeps its
    公证处 although the question says 公证处."""
    from difflib import SequenceMatcher

    fillers = [span for kind in {slot, *_NAMED} for span in filler_spans(text, kind)]
    lo, hi = 0, len(text)
    asked = _norm(question)
    norm = _norm(text)
    changed = True
    while changed and hi - lo > _SHARED_MIN:
        changed = False
        for at_start in (True, False):
            part = norm[lo:hi]
            m = SequenceMatcher(None, part, asked, autojunk=False).find_longest_match(0, len(part), 0, len(asked))
            if m.size < _SHARED_MIN:
                continue
            if at_start and m.a == 0:  # (a filler's start is loose: 原告前往浙江省…公证处 matches whole)
                lo += m.size
                changed = True
                break
            if not at_start and m.a + m.size == len(part) and not any(s < hi - m.size < e for s, e in fillers):
                hi -= m.size
                changed = True
                break
    while lo < hi and not text[lo].isalnum() and text[lo] not in "《“\"(（":
        lo += 1
    while hi > lo and (not text[hi - 1].isalnum() and text[hi - 1] not in "》”\")）%％" or
                       (hi < len(text) and text[hi - 1] == "的")):  # 廖某某的｜指挥: the 的 belongs to the cut
        hi -= 1
    if sum(ch.isalnum() for ch in text[lo:hi]) < 2:
        return 0, len(text)
    return lo, hi
