"""Train the answerability / entailment judge (engine/answer/judge/) with grouped cross-validation.

    python scripts/train_judge.py                      # builds the bench homes the first time
    python scripts/train_judge.py --folds-out .bench/judge-folds   # also keep the 5 fold models
    python scripts/train_judge.py --rows-cache .bench/judge_rows.pkl  # reuse computed features
    python scripts/train_judge.py --rows-cache .bench/judge_rows.pkl --evaluate-folds .bench/judge-folds
                                                       # re-score saved fold models, no training

Data: CJRC dev (../shared/datasets/cjrc: 1,000 judgment fact sections, 6,000 questions with
span / yes / no / unanswerable labels and gold spans) and ContractNLI dev (61 NDAs, 1,037
hypotheses labelled Entailment / Contradiction / NotMentioned with evidence spans) and CUAD's
open-form contract questions (30 contracts × the 14 of its 41 clause categories asked as "what /
when / who …", present / absent, gold spans: the English open questions' own abstention
threshold; ``--cuad-forms all`` adds the 27 yes/no-form ones for a measurement, CUAD_FORMS says
why they are left out). Every question goes through the real answering path
up to the judge — the bench homes of ``python -m engine bench`` (.bench/cjrc,
.bench/contractnli, .bench/cuad-judge), the same search, aggregation and ``judge_input`` as
``Engine.ask`` — so training rows are what the judge sees at run time. Each dataset's rows are
cached in their own file with --rows-cache.

Grouped cross-validation by document: a document's fold is a hash of its dataset id
(``fold_of``), so no document is in both the training and the test part of any fold, and the
assignment does not depend on which other documents are present. Everything a fold's test part
is scored with was fitted without it — the passage model, the question models stacked on
out-of-fold scores of the passage, lexical and reader models (inner folds), the abstention
thresholds (picked on inner out-of-fold scores), the span model and its boundaries. The cross-validated figures in the card and in
docs/benchmarks.md are those out-of-fold predictions. The contract sets ask the same questions of
every contract, so a second cross-validation groups them by question text (``group_of``): its
figures (``cross_validated_by_question``) are for contract questions no fold trained on. The two
cross-validations and the shipped model's training run in worker processes, --jobs at a time.
The shipped model is the same procedure run on all documents. Deterministic: fixed seeds, one thread, LightGBM's deterministic mode.

Labels:
  passage     overlaps a gold span by at least half of the shorter of the two (CJRC span
              questions; ContractNLI evidence of Entailment/Contradiction; CUAD clauses); every
              passage of an unanswerable question / NotMentioned hypothesis / absent clause is
              negative; CJRC yes/no questions
              have no gold spans and are left out of this model.
  answerable  CJRC: not ``unanswerable``; ContractNLI: not NotMentioned; CUAD: ``present``.
  polarity    CJRC yes/no questions (no = 1) and ContractNLI Entailment/Contradiction (1).
  span        clauses of the three best passages of CJRC span questions, by the same overlap rule.
"""

from __future__ import annotations

import argparse
import hashlib
import io
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
import json
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.answer.judge.features import (CLAUSE_FEATURES, PASSAGE_FEATURES,  # noqa: E402
                                          QUESTION_FEATURES, JudgeInput, PassageTable,
                                          clause_table, passage_table, question_row)
from engine.answer.judge.folds import FOLDS, fold_of  # noqa: E402
from engine.answer.judge import boundary, lexical  # noqa: E402
from engine.answer.judge.model import (CARD, LINEAR_PARTS, PARTS, Judge,  # noqa: E402
                                       cited_passages, read, threshold_group)
from engine.answer.judged import judge_input, stated_answer  # noqa: E402
from engine.bench.common import ingest_texts, read_jsonl  # noqa: E402
from engine.bench.registry import bench_engine  # noqa: E402
from engine.ingest.anchors import chunk_range_to_spans  # noqa: E402

SEED = 20261125
PARAMS = {
    "passage": {"num_leaves": 31, "learning_rate": 0.05, "rounds": 300, "min_data_in_leaf": 40},
    "answerable": {"num_leaves": 15, "learning_rate": 0.03, "rounds": 300, "min_data_in_leaf": 30},
    "polarity": {"num_leaves": 7, "learning_rate": 0.03, "rounds": 200, "min_data_in_leaf": 20},
    "span": {"num_leaves": 31, "learning_rate": 0.05, "rounds": 300, "min_data_in_leaf": 40},
}
FEATURE_NAMES = {"passage": PASSAGE_FEATURES, "answerable": QUESTION_FEATURES,
                 "polarity": QUESTION_FEATURES, "span": CLAUSE_FEATURES}
# Abstention thresholds are set so that this share of answerable questions (out of fold, in the
# training part) would be abstained on: below the acceptance bounds of issue #12 (0.05 for CJRC
# false abstention, 0.10 of Entailment items turned into gaps), with a margin.
TARGET_FALSE_ABSTENTION = {"zh": 0.04, "en": 0.08}
TOP_K = 5
PUBLISHED = REPO / "docs" / "bench" / "judge.json"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Example:
    dataset: str  # cjrc | contractnli | cuad
    doc: str  # dataset document id (the group)
    qid: str
    kind: str  # answer_type (span/yes/no/unanswerable) or ContractNLI label
    inp: JudgeInput  # what the judge read (idf frozen to the question's tokens)
    gold_spans: list[tuple[int, int]]  # document offsets
    gold_answers: list[str]
    answerable: int
    polarity: int | None  # 1 = no / Contradiction
    table: PassageTable | None = None  # computed from ``inp`` when the rows are loaded
    passage_labels: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    lex: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # hashed lexical features

    def compute(self) -> None:
        """The passage table and its labels (features are recomputed from the stored input, so a
        feature change does not need the search again)."""
        self.table = passage_table(self.inp)
        self.passage_labels = np.asarray(
            [int(overlaps_gold(_doc_spans(p.chunk, p.segment.start, p.segment.end), self.gold_spans))
             for p in self.table.passages], dtype=np.int32)
        self.lex = lexical.hashed(lexical.feature_names(self.table))

    @property
    def language(self) -> str:
        return "en" if self.table.info.english else "zh"


def _doc_spans(chunk, start: int, end: int) -> list[tuple[int, int]]:
    return [(s.start, s.end) for s in chunk_range_to_spans(chunk.spans, start, end)]


def _overlap(a: list[tuple[int, int]], b: tuple[int, int]) -> int:
    return sum(max(0, min(e, b[1]) - max(s, b[0])) for s, e in a)


def overlaps_gold(spans: list[tuple[int, int]], gold: list[tuple[int, int]]) -> bool:
    """Overlap with some gold span of at least half of the shorter of the two."""
    length = sum(e - s for s, e in spans)
    return any(_overlap(spans, g) * 2 >= min(length, g[1] - g[0]) > 0 for g in gold)


def collect(engine, questions: list[dict], doc_ids: dict[str, str], dataset: str) -> list[Example]:
    answerer = engine.answerer
    out = []
    started = time.perf_counter()
    for n, q in enumerate(questions, 1):
        text = as_question(q["hypothesis"]) if dataset == "contractnli" else q["question"]
        response, _, sources = answerer.retrieve(text, doc_id=doc_ids[q["doc_id"]])
        inp = judge_input(answerer, response.plan, response, sources)
        inp.idf = {t: inp.idf(t) for t in inp.plan.tokens}.get  # picklable, and all the features ask for
        if dataset == "cjrc":
            gold = [tuple(s) for s in q["gold_spans"]] if q["answer_type"] == "span" else []
            kind = q["answer_type"]
            answerable = int(kind != "unanswerable")
            polarity = {"yes": 0, "no": 1}.get(kind)
            answers = q["gold_answers"]
        elif dataset == "cuad":
            # a quote CUAD could not find verbatim in the txt has no offsets (its README)
            gold = [(g["start"], g["end"]) for g in q["gold_spans"] if g.get("start") is not None]
            kind = q["clause_status"]  # present | absent
            answerable = int(kind == "present")
            polarity = None
            answers = [q["gold_answer"]] if answerable else []
        else:
            gold = [(e["start"], e["end"]) for e in q["evidence"]]
            kind = q["label"]
            answerable = int(kind != "NotMentioned")
            polarity = {"Entailment": 0, "Contradiction": 1}.get(kind)
            answers = []
        out.append(Example(dataset, q["doc_id"], q["id"], kind, inp, gold, answers, answerable, polarity))
        if n % 250 == 0:
            rate = n / (time.perf_counter() - started)
            print(f"  {dataset}: {n}/{len(questions)} ({rate:.1f}/s)", file=sys.stderr, flush=True)
    return out


def as_question(hypothesis: str) -> str:
    from engine.bench.contractnli import as_question as phrase

    return phrase(hypothesis)


# -- models ----------------------------------------------------------------------------------------
def fit(part: str, x: np.ndarray, y: np.ndarray):
    import lightgbm

    params = dict(PARAMS[part])
    rounds = params.pop("rounds")
    data = lightgbm.Dataset(x, y, feature_name=list(FEATURE_NAMES[part]), free_raw_data=False)
    return lightgbm.train({"objective": "binary", "seed": SEED, "deterministic": True,
                           "force_row_wise": True, "num_threads": 1, "verbose": -1,
                           "feature_fraction": 0.9, "feature_fraction_seed": SEED, **params},
                          data, num_boost_round=rounds)


def predict(model, x: np.ndarray) -> np.ndarray:
    return model.predict(x, num_threads=1) if len(x) else np.zeros(0)


def passage_rows(examples: list[Example]) -> tuple[np.ndarray, np.ndarray]:
    used = [e for e in examples if not (e.dataset == "cjrc" and e.kind in ("yes", "no"))]
    x = np.concatenate([e.table.features for e in used if len(e.passage_labels)])
    y = np.concatenate([e.passage_labels for e in used if len(e.passage_labels)])
    return x, y


def oof_passage_scores(examples: list[Example], folds: np.ndarray) -> list[np.ndarray]:
    """Passage scores for ``examples``, each from a model fitted on the other folds present."""
    scores: list[np.ndarray] = [np.zeros(0)] * len(examples)
    for f in sorted(set(folds.tolist())):
        model = fit("passage", *passage_rows([e for e, k in zip(examples, folds) if k != f]))
        for i in np.flatnonzero(folds == f):
            scores[i] = predict(model, examples[i].table.features)
    return scores


def question_rows(examples: list[Example], scores: list[np.ndarray], stacked: np.ndarray) -> np.ndarray:
    return np.stack([question_row(e.table, s, tuple(k)) for e, s, k in zip(examples, scores, stacked)])


# -- the lexical models (stacked into the question rows) -----------------------------------------------
LEXICAL_TARGETS = {"lex_answerable": lambda e: e.answerable, "lex_polarity": lambda e: e.polarity}
LEXICAL_L2 = 1.0


def fit_lexical(examples: list[Example]) -> dict[str, lexical.LexicalModel]:
    out = {}
    for part, target in LEXICAL_TARGETS.items():
        used = [e for e in examples if target(e) is not None and e.language == "zh"]
        out[part] = lexical.fit([e.lex for e in used], np.asarray([target(e) for e in used]), LEXICAL_L2)
    return out


def lexical_scores(models: dict[str, lexical.LexicalModel], examples: list[Example]) -> np.ndarray:
    return np.asarray([lexical.lexical_scores(models, e.table, e.lex) for e in examples])


def oof_lexical(examples: list[Example], folds: np.ndarray) -> np.ndarray:
    """Lexical scores of ``examples``, each from models fitted on the other folds present."""
    out = np.zeros((len(examples), len(lexical.LEXICAL_PARTS)))
    for f in sorted(set(folds.tolist())):
        models = fit_lexical([e for e, k in zip(examples, folds) if k != f])
        test = np.flatnonzero(folds == f)
        out[test] = lexical_scores(models, [examples[i] for i in test])
    return out


def clause_rows(examples: list[Example], scores: list[np.ndarray]):
    """Clause rows and labels of the CJRC span questions (the span model's training data)."""
    xs, ys = [], []
    for e, s in zip(examples, scores):
        if e.dataset != "cjrc" or e.kind != "span" or not len(s):
            continue
        cands, rows = clause_table(e.table, s)
        xs.append(rows)
        ys.append(np.asarray([int(overlaps_gold(_doc_spans(c.passage.chunk, c.segment.start, c.segment.end),
                                                e.gold_spans)) for c in cands], dtype=np.int32))
    return np.concatenate(xs), np.concatenate(ys)


# Picked by grouped CV over 0.3 / 1 / 3 / 10 (span F1 54.9 / 56.0 / 56.3 / 55.5, docs/benchmarks.md).
BOUNDARY_L2 = 3.0


def fit_boundary(examples: list[Example], scores: list[np.ndarray]) -> dict[str, lexical.LexicalModel]:
    """The span start / end models, on the candidate clauses of CJRC span questions that hold a
    gold answer verbatim (labels: the tokens holding its first and last character)."""
    starts, ends, y_start, y_end = [], [], [], []
    for e, s in zip(examples, scores):
        if e.dataset != "cjrc" or e.kind != "span" or not len(s):
            continue
        cands, _ = clause_table(e.table, s)
        for c in cands:
            text = c.segment.text
            at = next(((text.find(g), len(g)) for g in e.gold_answers if g and g in text), None)
            if at is None:
                continue
            words, st, en = boundary.boundary_rows(text, e.table.info)
            labels = boundary.token_labels(words, (at[0], at[0] + at[1]))
            if labels is None:
                continue
            starts += st
            ends += en
            y_start += [int(i == labels[0]) for i in range(len(words))]
            y_end += [int(i == labels[1]) for i in range(len(words))]
    return {"span_start": lexical.fit(starts, np.asarray(y_start), BOUNDARY_L2),
            "span_end": lexical.fit(ends, np.asarray(y_end), BOUNDARY_L2)}


# -- the reader (span model and boundaries), whose confidence is stacked into the question rows ----------
def fit_reader(examples: list[Example], scores: list[np.ndarray]):
    return fit("span", *clause_rows(examples, scores)), fit_boundary(examples, scores)


def reader_scores(examples: list[Example], scores: list[np.ndarray], span_model, boundaries) -> np.ndarray:
    """The reader's two stacked scores of each example, through the answering path's ``read``."""
    return np.asarray([read(e.table, s, lambda rows: predict(span_model, rows), boundaries).features
                       for e, s in zip(examples, scores)], dtype=np.float64).reshape(len(examples), 2)


def oof_reader(examples: list[Example], folds: np.ndarray, scores: list[np.ndarray]) -> np.ndarray:
    """Reader scores of ``examples``, each from a span model and boundaries fitted on the other
    folds present."""
    out = np.zeros((len(examples), 2))
    for f in sorted(set(folds.tolist())):
        train = np.flatnonzero(folds != f)
        span_model, boundaries = fit_reader([examples[i] for i in train], [scores[i] for i in train])
        test = np.flatnonzero(folds == f)
        out[test] = reader_scores([examples[i] for i in test], [scores[i] for i in test], span_model, boundaries)
    return out


# A group with fewer answerable questions than this takes its language's threshold: a quantile
# of a few dozen scores is mostly noise.
MIN_GROUP_ANSWERABLE = 100


def thresholds_from(examples: list[Example], p: np.ndarray) -> dict[str, float]:
    """Per language (the fallback) and per language and question form (``threshold_group``): the
    score below which TARGET_FALSE_ABSTENTION of that group's answerable questions would fall."""
    out = {}
    groups = [threshold_group(e.table.info) for e in examples]
    for language, target in TARGET_FALSE_ABSTENTION.items():
        answerable = np.asarray([pi for e, pi in zip(examples, p) if e.language == language and e.answerable])
        out[language] = float(np.quantile(answerable, target)) if len(answerable) else 0.5
        for group in sorted({g for g in groups if g.startswith(f"{language}-")}):
            scores = np.asarray([pi for e, g, pi in zip(examples, groups, p) if g == group and e.answerable])
            if len(scores) >= MIN_GROUP_ANSWERABLE:
                out[group] = float(np.quantile(scores, target))
    return out


@dataclass
class Fitted:
    models: dict[str, Any]
    thresholds: dict[str, float]


def train_all(examples: list[Example], folds: np.ndarray) -> Fitted:
    """The whole procedure on ``examples``: inner folds give the out-of-fold passage scores the
    question models are stacked on and the out-of-fold answerability the thresholds come from."""
    inner = oof_passage_scores(examples, folds)
    stacked = np.hstack([oof_lexical(examples, folds), oof_reader(examples, folds, inner)])
    rows = question_rows(examples, inner, stacked)
    y_ans = np.asarray([e.answerable for e in examples])
    p_inner = np.zeros(len(examples))
    for f in sorted(set(folds.tolist())):
        model = fit("answerable", rows[folds != f], y_ans[folds != f])
        p_inner[folds == f] = predict(model, rows[folds == f])
    pol = np.asarray([e.polarity is not None for e in examples])
    y_pol = np.asarray([e.polarity or 0 for e in examples])
    span_model, boundaries = fit_reader(examples, inner)
    models = {
        "passage": fit("passage", *passage_rows(examples)),
        "answerable": fit("answerable", rows, y_ans),
        "polarity": fit("polarity", rows[pol], y_pol[pol]),
        "span": span_model,
        **fit_lexical(examples),
        **boundaries,
    }
    return Fitted(models, thresholds_from(examples, p_inner))


def judge_of(fitted: Fitted, name: str) -> Judge:
    card = {"name": name, "features": {p: list(FEATURE_NAMES[p]) for p in PARTS},
            "thresholds": fitted.thresholds}
    return Judge(card, {p: fitted.models[p] for p in PARTS},
                 {p: fitted.models[p] for p in LINEAR_PARTS})


# -- evaluation (out of fold) --------------------------------------------------------------------------
@dataclass
class Prediction:
    decision: str
    span_text: str  # what a span answer says ("" when abstaining, YES/NO for a verdict)
    cited: list[list[tuple[int, int]]]  # document spans of the first TOP_K cited quotes
    clause_text: str = ""  # the whole answer clause (to compare with what is stated)
    p_answerable: float = 0.0


def predict_example(judge: Judge, e: Example) -> Prediction:
    """What the judged answer path concludes for one example, without the engine around it."""
    from engine.answer.judge.model import Decision

    judgment = judge.decide(e.table)
    decision = judgment.decision
    if decision == Decision.NOT_FOUND or not judgment.passages:
        return Prediction(decision, "", [], p_answerable=judgment.p_answerable)
    cited: list[list[tuple[int, int]]] = []
    clause_text = ""
    text = "YES" if decision == Decision.ENTAILS else "NO" if decision == Decision.CONTRADICTS else ""
    if decision == Decision.ANSWERS:
        found = judge.answer(judgment)
        if found is not None:
            passage, span = found.passage, found.segment
            value = stated_answer(passage.chunk, span, judgment.slot, found.core)
            text = value if value is not None else span.text
            clause_text = span.text
            cited.append(_doc_spans(passage.chunk, span.start, span.end))
    for verdict, _role in cited_passages(judgment, limit=TOP_K - len(cited)):
        seg = verdict.passage.segment
        cited.append(_doc_spans(verdict.passage.chunk, seg.start, seg.end))
    return Prediction(decision, text, cited[:TOP_K], clause_text or text, judgment.p_answerable)


def covers(spans: list[tuple[int, int]], gold: tuple[int, int]) -> bool:
    return any(s <= gold[0] and gold[1] <= e for s, e in spans)


def evaluate(examples: list[Example], preds: list[Prediction], scorer) -> dict[str, dict[str, Any]]:
    from engine.answer.judge.model import Decision

    out: dict[str, dict[str, Any]] = {}
    cj = [(e, p) for e, p in zip(examples, preds) if e.dataset == "cjrc"]
    if cj:
        unans = [p.decision == Decision.NOT_FOUND for e, p in cj if not e.answerable]
        false = [p.decision == Decision.NOT_FOUND for e, p in cj if e.answerable]
        yn = [(e, p) for e, p in cj if e.kind in ("yes", "no")]
        spans = [(e, p) for e, p in cj if e.kind == "span"]
        f1 = [scorer._compute_turn_score(e.gold_answers, p.span_text)["f1"] for e, p in cj]
        span_f1 = [scorer._compute_turn_score(e.gold_answers, p.span_text)["f1"] for e, p in spans]
        out["cjrc"] = {
            "questions": len(cj),
            "abstention_recall": round(float(np.mean(unans)), 4),
            "false_abstention": round(float(np.mean(false)), 4),
            "evidence_hit@1": round(float(np.mean([any(covers(p.cited[0], tuple(g)) for g in e.gold_spans)
                                                    if p.cited else False for e, p in spans])), 4),
            f"evidence_hit@{TOP_K}": round(float(np.mean([any(covers(c, tuple(g)) for c in p.cited
                                                            for g in e.gold_spans) for e, p in spans])), 4),
            "f1": round(100 * float(np.mean(f1)), 1),
            "span_f1": round(100 * float(np.mean(span_f1)), 1),
            "span_f1_whole_clause": round(100 * float(np.mean(
                [scorer._compute_turn_score(e.gold_answers, p.clause_text)["f1"] for e, p in spans])), 1),
            "yesno_accuracy": round(float(np.mean([p.span_text == e.gold_answers[0] for e, p in yn])), 4),
        }
        out["cjrc"]["abstention_recall_at_false_abstention"] = operating_points(
            [p.p_answerable for e, p in cj], [not e.answerable for e, p in cj])
    cn = [(e, p) for e, p in zip(examples, preds) if e.dataset == "contractnli"]
    if cn:
        label = {Decision.NOT_FOUND: "NotMentioned", Decision.ENTAILS: "Entailment",
                 Decision.CONTRADICTS: "Contradiction", Decision.ANSWERS: "Entailment"}
        ent = [p.decision == Decision.NOT_FOUND for e, p in cn if e.kind == "Entailment"]
        nm = [p.decision == Decision.NOT_FOUND for e, p in cn if e.kind == "NotMentioned"]
        overlap = [any(_overlap(c, g) > 0 for c in p.cited for g in e.gold_spans)
                   for e, p in cn if e.kind == "Entailment" and e.gold_spans]
        out["contractnli"] = {
            "hypotheses": len(cn),
            "notmentioned_abstain_or_gap": round(float(np.mean(nm)), 4),
            "entailment_to_gap": round(float(np.mean(ent)), 4),
            "accuracy_3way": round(float(np.mean([label[p.decision] == e.kind for e, p in cn])), 4),
            "entailment_evidence_overlap": round(float(np.mean(overlap)), 4) if overlap else None,
            "notmentioned_recall_at_entailment_to_gap": operating_points(
                [p.p_answerable for e, p in cn if e.kind != "Contradiction"],
                [e.kind == "NotMentioned" for e, p in cn if e.kind != "Contradiction"]),
            "contradiction_recall": round(float(np.mean([p.decision == Decision.CONTRADICTS for e, p in cn
                                                         if e.kind == "Contradiction"])), 4),
        }
    cu = [(e, p) for e, p in zip(examples, preds) if e.dataset == "cuad"]
    if cu:
        present = [(e, p) for e, p in cu if e.answerable]
        out["cuad"] = {
            "questions": len(cu),
            "absent_to_gap": round(float(np.mean([p.decision == Decision.NOT_FOUND for e, p in cu
                                                  if not e.answerable])), 4),
            "present_to_gap": round(float(np.mean([p.decision == Decision.NOT_FOUND for e, p in present])), 4),
            f"evidence_hit@{TOP_K}": round(float(np.mean([any(_overlap(c, g) > 0 for c in p.cited
                                                             for g in e.gold_spans)
                                                         for e, p in present if e.gold_spans])), 4),
            "absent_recall_at_present_to_gap": operating_points(
                [p.p_answerable for e, p in cu], [not e.answerable for e, p in cu]),
        }
    return out


def operating_points(p_answerable: list[float], unanswerable: list[bool],
                     rates: tuple[float, ...] = (0.05, 0.10, 0.20, 0.30)) -> dict[str, float]:
    """Abstention recall if the threshold were set so that this share of the answerable
    questions were abstained on (out-of-fold scores; the trade-off the threshold picks from)."""
    p = np.asarray(p_answerable)
    neg = np.asarray(unanswerable)
    out = {}
    for rate in rates:
        cut = np.quantile(p[~neg], rate)
        out[f"{rate:.2f}"] = round(float((p[neg] < cut).mean()), 4)
    # AUC: the probability that an unanswerable question scores below an answerable one
    ranks = np.argsort(np.argsort(np.concatenate([p[neg], p[~neg]]), kind="stable"), kind="stable")
    n_neg, n_pos = int(neg.sum()), int((~neg).sum())
    if n_neg and n_pos:
        out["auc"] = round(float(1 - (ranks[:n_neg].sum() - n_neg * (n_neg - 1) / 2) / (n_neg * n_pos)), 4)
    return out


def group_of(e: Example, by: str) -> str:
    """The cross-validation group of an example. ``document`` (the default, and how the shipped
    model's stacking folds are made): no document in a training and a test part. ``question``: the
    contract sets ask the same questions of every contract (CUAD's 41 categories, ContractNLI's 17
    hypotheses), so grouped by document a model can still learn each question's own prior; grouped
    by question text, no contract question is in both parts — the figure for questions never
    seen in training. CJRC's questions are written per document and stay grouped by document."""
    if by == "question" and e.dataset in ("cuad", "contractnli"):
        return f"{e.dataset}:{e.inp.question}"
    return e.doc


def cross_validate(examples: list[Example], folds_out: Path | None, scorer, by: str = "document"):
    folds = np.asarray([fold_of(group_of(e, by)) for e in examples])
    preds: list[Prediction | None] = [None] * len(examples)
    for k in range(FOLDS):
        train = [e for e, f in zip(examples, folds) if f != k]
        started = time.perf_counter()
        fitted = train_all(train, folds[folds != k])
        judge = judge_of(fitted, f"fold{k}")
        test = np.flatnonzero(folds == k)
        for i in test:
            preds[i] = predict_example(judge, examples[i])
        if folds_out is not None:
            save(fitted, folds_out / f"fold{k}", name=f"fold{k}", extra={"fold": k, "folds": FOLDS})
        print(f"fold {k}: {len(train)} train, {len(test)} test, thresholds {fitted.thresholds}, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return preds, evaluate(examples, preds, scorer)


def save(fitted: Fitted, folder: Path, *, name: str, extra: dict[str, Any]) -> dict[str, Any]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for part in PARTS:
        files[part] = f"judge_{part}.txt"
        fitted.models[part].save_model(str(folder / files[part]))
    for part in LINEAR_PARTS:
        files[part] = f"judge_{part}.npz"
        fitted.models[part].save(folder / files[part])
    card = {"name": name, "features": {p: list(FEATURE_NAMES[p]) for p in PARTS}, "files": files,
            "thresholds": {k: round(v, 6) for k, v in fitted.thresholds.items()},
            "params": PARAMS, "linear": {"dim": lexical.DIM, "lexical_l2": LEXICAL_L2, "boundary_l2": BOUNDARY_L2}, "seed": SEED, **extra,
            "model_sha256": {p: file_hash(folder / f) for p, f in files.items()}}
    (folder / "judge.json").write_text(json.dumps(card, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return card


def load_rows(args) -> list[Example]:
    examples = _load_inputs(args)
    started = time.perf_counter()
    for e in examples:
        e.compute()
    examples = [e for e in examples if trains_judge(e, args.cuad_forms)]
    print(f"features of {len(examples)} questions in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return examples


def _load_inputs(args) -> list[Example]:
    """Every dataset's rows, each kept in its own cache file (``<rows-cache>.<dataset>.pkl``) so
    that adding a dataset does not run the search again for the others."""
    examples: list[Example] = []
    for dataset in args.train_on:
        load = DATASETS[dataset]
        cache = None
        if args.rows_cache:
            cache = args.rows_cache.with_name(f"{args.rows_cache.stem}.{dataset}.pkl")
        if cache is not None and cache.is_file():
            examples += _RowsUnpickler(io.BytesIO(cache.read_bytes())).load()
            continue
        rows = load(args)
        if cache is not None:
            cache.parent.mkdir(parents=True, exist_ok=True)
            cache.write_bytes(pickle.dumps(rows))
        examples += rows
    return examples


class _RowsUnpickler(pickle.Unpickler):
    """A rows cache written by this script run as a program names its rows ``__main__.Example``;
    read from another program (scripts/bench_judge_confidence.py) that is this module's Example."""

    def find_class(self, module: str, name: str):
        if module == "__main__" and name == "Example":
            return Example
        return super().find_class(module, name)


def rows_through_engine(home: Path, docs: dict[str, str], questions: list[dict], dataset: str,
                        kind: str) -> list[Example]:
    """The questions' rows through a bench home's real path: their documents ingested (once),
    each question searched and read up to the judge."""
    engine = bench_engine(home, False)
    corpus = ingest_texts(engine, docs, [q["doc_id"] for q in questions], kind=kind)
    try:
        return collect(engine, questions, corpus.doc_ids, dataset)
    finally:
        engine.index.catalog.close()


def _first_docs(docs: dict[str, str], questions: list[dict], n: int | None) -> list[dict]:
    """The questions about the first ``n`` documents (a smoke run), or all of them."""
    if not n:
        return questions
    keep = set(list(docs)[:n])
    return [q for q in questions if q["doc_id"] in keep]


def _cjrc_inputs(args) -> list[Example]:
    cjrc_dir = args.datasets / "cjrc"
    docs = {d["doc_id"]: d["context"] for d in read_jsonl(cjrc_dir / "docs_dev.jsonl")}
    questions = _first_docs(docs, read_jsonl(cjrc_dir / "questions_dev.jsonl"), args.limit_docs)
    return rows_through_engine(args.bench_dir / "cjrc", docs, questions, "cjrc", "judgment")


def _contractnli_inputs(args) -> list[Example]:
    cnli_dir = args.datasets / "contractnli"
    docs = {d["doc_id"]: d["text"] for d in read_jsonl(cnli_dir / "docs_dev.jsonl")}
    items = _first_docs(docs, read_jsonl(cnli_dir / "items_dev.jsonl"),
                        args.limit_docs and max(2, args.limit_docs // 10))
    return rows_through_engine(args.bench_dir / "contractnli", docs, items, "contractnli", "contract")


def _cuad_inputs(args) -> list[Example]:
    """CUAD's contract questions (one per clause category: "What is the governing law of this
    contract?", "Is there a non-compete clause in this contract?"), present / absent in each
    contract; all are cached, ``load_rows`` keeps the forms CUAD_FORMS says. The contracts are
    ingested as their txt export, which the gold offsets index."""
    folder = args.datasets / "cuad"
    if not (folder / "questions.jsonl").is_file():
        return []
    docs = {d["doc_id"]: (folder / d["txt"]).read_text("utf-8") for d in read_jsonl(folder / "docs.jsonl")}
    questions = _first_docs(docs, read_jsonl(folder / "questions.jsonl"),
                            args.limit_docs and max(2, args.limit_docs // 10))
    return rows_through_engine(args.bench_dir / "cuad-judge", docs, questions, "cuad", "contract")


DATASETS = {"cjrc": _cjrc_inputs, "contractnli": _contractnli_inputs, "cuad": _cuad_inputs}
SHIPPED_DATASETS = ("cjrc", "contractnli", "cuad")
# Which of CUAD's questions train the judge. Its open-form questions ("What is the renewal term…?")
# are the only English open questions with answerability labels: without them the en-open group
# had no threshold of its own and took the one learned on ContractNLI's hypotheses. Its yes/no-form
# ones ("Is there a non-compete clause…?") fall in ContractNLI's en-yesno group, whose threshold
# they moved off its target (NotMentioned → gap 0.49 → 0.28; docs/benchmarks.md): a measurement.
CUAD_FORMS = ("open", "all")


def trains_judge(e: Example, cuad_forms: str) -> bool:
    """Whether a computed example is in the training and cross-validation set (CUAD_FORMS)."""
    return e.dataset != "cuad" or cuad_forms == "all" or not e.table.info.yesno


# Each dataset's files (questions first: its count of rows goes with it).
DATA_FILES = {"cjrc": ("questions_dev.jsonl", "docs_dev.jsonl"),
              "contractnli": ("items_dev.jsonl", "docs_dev.jsonl"),
              "cuad": ("questions.jsonl", "docs.jsonl")}
ROWS_CALLED = {"cjrc": "questions", "contractnli": "hypotheses", "cuad": "questions"}


def data_hashes(datasets: Path, examples: list[Example], cuad_forms: str) -> dict[str, dict[str, Any]]:
    """The sha256 of the files of every dataset the examples come from and how many rows each
    gave: what a model (or a bar picked on its answers) was fitted on."""
    out: dict[str, dict[str, Any]] = {}
    for dataset in dict.fromkeys(e.dataset for e in examples):
        rows_file, docs_file = DATA_FILES[dataset]
        out[f"{dataset}/{rows_file}"] = {"sha256": file_hash(datasets / dataset / rows_file),
                                         ROWS_CALLED[dataset]: sum(e.dataset == dataset for e in examples)}
        if dataset == "cuad":
            out[f"{dataset}/{rows_file}"]["forms"] = cuad_forms
        out[f"{dataset}/{docs_file}"] = {"sha256": file_hash(datasets / dataset / docs_file)}
    return out


def _dump(path: Path | None, examples: list[Example], preds: list[Prediction]) -> None:
    """Every out-of-fold prediction as a JSON line (for error analysis)."""
    if path is None:
        return
    with open(path, "w", encoding="utf-8") as out:
        for e, p in zip(examples, preds):
            out.write(json.dumps({"id": e.qid, "doc": e.doc, "kind": e.kind, "question": e.inp.question,
                                  "gold": e.gold_answers, "decision": p.decision, "answer": p.span_text,
                                  "clause": p.clause_text, "p_answerable": round(p.p_answerable, 4)},
                                 ensure_ascii=False) + "\n")


_ROWS: list[Example] = []  # the rows the worker processes read (set before they fork)


def _cjrc_scorer(datasets: Path):
    """CJRC's official scorer (its char-F1 and EM), shipped beside the dataset."""
    from engine.bench.cjrc import load_official_scorer

    return load_official_scorer(datasets / "cjrc").CJRCEvaluator


def _cross_validate_rows(folds_out: Path | None, datasets: Path, by: str):
    return cross_validate(_ROWS, folds_out, _cjrc_scorer(datasets), by=by)


def _train_rows() -> Fitted:
    return train_all(_ROWS, np.asarray([fold_of(e.doc) for e in _ROWS]))


def evaluate_folds(examples: list[Example], folder: Path, datasets: Path):
    """The out-of-fold figures of saved fold models (``--folds-out``) under the current answering
    code, without training: each example predicted by the judge of its document's fold — the
    models cross_validate trained and scored (training is deterministic, so a retrain gives them
    again). For changes that touch how an answer is read from the models, not the models."""
    from engine.answer.judge.folds import load_fold_judges

    judge_of_doc = load_fold_judges(folder)
    preds = [predict_example(judge_of_doc(e.doc), e) for e in examples]
    return preds, evaluate(examples, preds, _cjrc_scorer(datasets))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-dir", type=Path, default=REPO / ".bench")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--out", type=Path, default=CARD.parent, help="where the shipped model goes")
    parser.add_argument("--folds-out", type=Path, default=None,
                        help="also save each fold's models here (for the out-of-fold end-to-end bench)")
    parser.add_argument("--rows-cache", type=Path, default=None, help="keep the computed rows in this file")
    parser.add_argument("--limit-docs", type=int, default=None, help="only the first N CJRC documents (a smoke run)")
    parser.add_argument("--cv-only", action="store_true", help="cross-validate, do not write the shipped model")
    parser.add_argument("--group-by", choices=("document", "question"), default="document",
                        help="cross-validation groups of the contract sets (see group_of); the shipped "
                             "model and --folds-out always use document")
    parser.add_argument("--evaluate-folds", type=Path, default=None, metavar="DIR",
                        help="score the fold models saved in DIR (by --folds-out) out of fold, without training")
    parser.add_argument("--jobs", type=int, default=2, help="training runs at once (worker processes)")
    parser.add_argument("--train-on", nargs="+", choices=tuple(DATASETS), default=list(SHIPPED_DATASETS),
                        help="the datasets to train and cross-validate on; another set than the "
                             f"shipped model's ({' '.join(SHIPPED_DATASETS)}) is a measurement (--cv-only)")
    parser.add_argument("--cuad-forms", choices=CUAD_FORMS, default="open",
                        help="CUAD's open-form questions (shipped) or all of them (a measurement, --cv-only)")
    parser.add_argument("--dump", type=Path, default=None,
                        help="write every out-of-fold prediction here (JSON lines, for error analysis)")
    args = parser.parse_args()
    measurement = tuple(args.train_on) != SHIPPED_DATASETS or args.group_by != "document" or args.cuad_forms != "open"
    if measurement and not args.cv_only:
        parser.error("--train-on other datasets, --group-by question and --cuad-forms all are measurements: "
                     "add --cv-only")
    if args.group_by != "document" and args.folds_out:
        parser.error("--folds-out needs document folds (the benchmarks pick a fold by document)")
    logging.basicConfig(level=logging.ERROR)

    examples = load_rows(args)
    if args.evaluate_folds:
        preds, cv = evaluate_folds(examples, args.evaluate_folds, args.datasets)
        print(json.dumps(cv, indent=1))
        _dump(args.dump, examples, preds)
        return 0
    print(f"{len(examples)} questions, {sum(len(e.passage_labels) for e in examples)} passages",
          file=sys.stderr)
    # The runs are independent and LightGBM trains on one thread: they go to worker processes
    # (forked, so the rows are shared, not copied through pickles), --jobs at a time. The contract
    # sets ask the same questions of every contract: the figure for questions never seen in
    # training is a second cross-validation, grouped by question text (group_of).
    global _ROWS
    _ROWS = examples
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("fork")) as pool:
        runs = {"cv": pool.submit(_cross_validate_rows, args.folds_out, args.datasets, args.group_by)}
        if not args.cv_only:
            runs["by_question"] = pool.submit(_cross_validate_rows, None, args.datasets, "question")
            runs["shipped"] = pool.submit(_train_rows)
        done = {name: run.result() for name, run in runs.items()}
    preds, cv = done["cv"]
    print(json.dumps(cv, indent=1))
    _dump(args.dump, examples, preds)
    if args.cv_only:
        return 0
    cv_by_question = {k: v for k, v in done["by_question"][1].items() if k in ("cuad", "contractnli")}
    print(json.dumps({"by_question": cv_by_question}, indent=1))
    fitted = done["shipped"]
    save(fitted, args.out, name="judge-lgbm", extra={
        "command": "python scripts/train_judge.py",
        "trained_on": data_hashes(args.datasets, examples, args.cuad_forms),
        "folds": FOLDS, "grouped_by": "document (fold = sha256(dataset doc id) mod 5)",
        "target_false_abstention": TARGET_FALSE_ABSTENTION,
        "cross_validated": cv, "cross_validated_by_question": cv_by_question,
    })
    print(f"saved {args.out / 'judge.json'}", file=sys.stderr)
    if args.out == CARD.parent:  # the shipped model: its figures for docs and the Benchmark page
        PUBLISHED.write_text(json.dumps({
            "command": "python scripts/train_judge.py", "model": "judge-lgbm",
            "generated_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "folds": FOLDS,
            "grouped_by": "document", "cross_validated": cv,
            "cross_validated_by_question": cv_by_question}, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
