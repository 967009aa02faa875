"""Questions about what a case file does not hold, made from its own questions: the wrong answers
the case badge's trust score learns from (``--counterfactual``; scripts/train_case_trust.py).

On files of kinds it was not written for, the answer core's worst failures are 已核验 answers to a
question about one thing quoting a sentence about another (the question's 押金 answered from the
sentence about the rent). The dev files and the generator's files, on which the core was tuned,
give too few such answers to learn from. So each question is asked once more with one of its words
that the file holds replaced by a word of another file's questions that this file never uses
(被告交了多少押金 → 被告交了多少保证金, when 保证金 is nowhere in the file): the material then does
not answer it, the only right outcomes are 未找到 or a review, and an 已核验 answer is wrong by
construction. The word swapped is the question's longest noun or name the file holds; the new word is
a word of the same class (a person's name for a name, a place for a place, a noun for a noun), drawn
by a hash of the question id (deterministic). A question with no such word is left out.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from typing import Any, Mapping, Sequence

from engine.bench.transcripts import CaseFile, CaseQuestion, Expectation, score_case_answer
from engine.question import tagged_terms, word_class

_SPACE = re.compile(r"\s+")
SUFFIX = "~cf"


def _absent(word: str, text: str) -> bool:
    """Neither the word nor its last two characters (its head: 保证金 → 证金) occur in the text."""
    return word not in text and (len(word) <= 2 or word[-2:] not in text)


def counterfactual_question(q: CaseQuestion, text: str,
                            vocabulary: Mapping[str, Sequence[str]]) -> CaseQuestion | None:
    """``vocabulary``: word class → the words of other files' questions."""
    held = sorted(((w, word_class(f)) for w, f in tagged_terms(q.question)
                   if w in text and word_class(f) != "other"), key=lambda wc: len(wc[0]), reverse=True)
    if not held:
        return None
    word, kind = held[0]
    candidates = [w for w in vocabulary.get(kind, ()) if _absent(w, text) and w not in q.question]
    if not candidates:
        return None
    pick = int(hashlib.sha256(q.id.encode("utf-8")).hexdigest()[:8], 16) % len(candidates)
    asked = q.question.replace(word, candidates[pick], 1)
    return CaseQuestion(id=q.id + SUFFIX, type="gap", question=asked,
                        expect=Expectation.from_dict({"not_found": True}, q.id + SUFFIX), file=q.file,
                        kind=f"counterfactual:{q.kind or q.type}")


def counterfactual_files(files: Sequence[CaseFile], texts: Mapping[str, str]) -> list[CaseFile]:
    """Each file with its questions turned counterfactual; ``texts``: file name → its text."""
    words = {f.pdf.name: {(w, word_class(flag)) for q in f.questions for w, flag in tagged_terms(q.question)}
             for f in files}
    out = []
    for f in files:
        text = _SPACE.sub("", texts[f.pdf.name])
        vocabulary: dict[str, list[str]] = {}
        for w, kind in sorted({wk for name, ws in words.items() if name != f.pdf.name for wk in ws}):
            vocabulary.setdefault(kind, []).append(w)
        asked = [c for q in f.questions if (c := counterfactual_question(q, text, vocabulary))]
        out.append(CaseFile(f.pdf, asked, family=f.family))
    return out


def mismatched_rows(f: CaseFile, answers: Mapping[str, Any], document: str, per_question: int = 2) -> list[dict]:
    """Answers given to the wrong question: each question ``b`` of the file paired with the
    answers of up to ``per_question`` other questions of the file asking the same first slot (an
    amount for an amount), nearest first — the answer core's commonest failure on unseen kinds is
    this one, a sentence of the file about something else. Each pair is scored by the suite's own
    scorer (the other answer may well be right for ``b`` too), and carries the trust card that
    answer would get under ``b``'s plan. ``answers``: question id → its Answer."""
    from engine.answer.casefile.trust import TrustInput
    from engine.answer.model import Status

    def verified(answer) -> bool:  # 已核验 before the trust score (which may have held it back)
        return answer.status is Status.ANSWERED or bool((answer.checks.trust or {}).get("demoted"))

    rows = []
    order = [q for q in f.questions if answers[q.id].plan]
    place = {q.id: i for i, q in enumerate(order)}
    for i, b in enumerate(order):
        first = (answers[b.id].plan.get("slots") or [None])[0]
        others = sorted((a for a in order if a.id != b.id and verified(answers[a.id])
                         and (answers[a.id].plan.get("slots") or [None])[0] == first),
                        key=lambda a: abs(place[a.id] - i))
        for a in others[:per_question]:
            given = replace(answers[a.id], plan=answers[b.id].plan)
            row = score_case_answer(b, given.to_dict())
            row.update(id=f"{b.id}~{a.id}", kind=f"mismatch:{b.kind or b.type}",
                       trust={"input": TrustInput.from_answer(
                           given, document, answers[b.id].checks.trust["retrieved"]).to_dict(), "model": None,
                           "demoted": answers[a.id].status is not Status.ANSWERED})
            rows.append(row)
    return rows


def counterfactual_run(engine, files: Sequence[CaseFile], doc_ids: Mapping[str, str],
                       llm: bool) -> tuple[list[dict], list[CaseFile]]:
    """The suites' ``--counterfactual`` (engine/bench/transcripts.Rewrite): each file's answers to
    its own questions given to its other questions (rows scored here), and the files with their
    questions made about what they do not hold (to be asked)."""
    texts = {f.pdf.name: "".join(c.text for c in engine.chunks(doc_ids[f.pdf.name])) for f in files}
    rows = []
    for f in files:
        answers = {q.id: engine.ask(q.question, doc_id=doc_ids[f.pdf.name], llm=llm) for q in f.questions}
        rows.extend(mismatched_rows(f, answers, texts[f.pdf.name]))
    return rows, counterfactual_files(files, texts)
