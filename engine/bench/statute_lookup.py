"""The ``statute_lookup`` suite: a question naming an article gets that article, or not_found.

Questions are drawn from ``../shared/datasets/statutes/articles_latest.jsonl.gz`` with a fixed,
recorded seed (``random.Random(seed)``, so a run is repeated exactly by its seed):

* ``articles`` existing articles, each asked ``《法名》第N条规定了什么？`` in four forms: the
  number in Chinese numerals as the label writes it (第二百六十四条) or in Arabic digits
  (第264条, 第10条之一), × the law's full title (中华人民共和国刑法) or its short title (刑法). Many
  regulations and interpretations have no shorter title (law_title == law_short): their two name
  forms are the same question, asked twice (the row says ``same_name``). A 《》 inside a title is
  written 〈〉, as nested book-title marks are;
* ``beyond`` article numbers past the last article of laws drawn from those of the chosen
  articles (last number + 1 … + 30), each in one of the four forms in turn.

Scorer:
  existing article  ``cited_first``: the first evidence item of the answer is that article of that
                    law (law_title and article_label of its chunk); ``correct`` = cited first and
                    status answered;
  beyond the last   ``correct`` = status not_found and no evidence at all.
``verified_wrong_share`` (engine/bench/metrics.py): answered (已核验) answers that are not
correct, over all answered ones. Gate: cited first ≥ 0.99 and not_found on every number beyond
a law's last article (issue #25's acceptance).

The suite runs over the whole statute corpus home (``<bench-dir>/statutes``, the one
scripts/bench_stard.py builds; built here when empty: 1,345 laws, ingest seeded with the
dataset's precomputed vectors).
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

from engine.bench.metrics import rate, verified_wrong
from engine.bench.result import Progress, SuiteResult, ask_timings
from engine.text.numbers import parse_number, to_chinese
from engine.text.refs import article_key

SEED = 20261126
ARTICLES = 300
BEYOND = 100
MAX_PAST_LAST = 30  # a number beyond a law's last article: last + 1 … last + this
PRC = "中华人民共和国"
# (numerals, name) in the order the forms are asked
FORMS = (("chinese", "full"), ("chinese", "short"), ("digits", "full"), ("digits", "short"))
CITED_FIRST_TARGET = 0.99
_LABEL = re.compile(r"第(?P<num>[零一二三四五六七八九十百千两]+)条(?P<sub>之[一二三四五六七八九十]+)?")


@dataclass(frozen=True)
class LookupQuestion:
    id: str
    question: str
    law_title: str
    law_short: str
    version: str
    article_label: str  # the asked article, as the corpus labels it (第二百六十四条, 第十条之一)
    exists: bool  # False: a number beyond the law's last article
    numerals: str  # chinese | digits
    name: str  # full | short
    same_name: bool  # the law has no shorter title: both name forms read the same


def digits_label(label: str) -> str:
    """第二百六十四条 → 第264条, 第十条之一 → 第10条之一 (the sub-number stays as written)."""
    m = _LABEL.fullmatch(label)
    if m is None:
        raise ValueError(f"not an article label: {label}")
    return f"第{int(parse_number(m.group('num')))}条{m.group('sub') or ''}"


def law_name(title: str, short: str, form: str) -> str:
    """The name a question writes: the full title or the short one (中华人民共和国 dropped)."""
    name = title if form == "full" else (short or title)
    return name.replace("《", "〈").replace("》", "〉")


def phrase(title: str, short: str, label: str, numerals: str, name: str) -> str:
    written = label if numerals == "chinese" else digits_label(label)
    return f"《{law_name(title, short, name)}》{written}规定了什么？"


def _same_name(article: dict) -> bool:
    return law_name(article["law_title"], article["law_short"], "full") == \
        law_name(article["law_title"], article["law_short"], "short")


def draw_questions(articles: Sequence[dict], *, seed: int = SEED, existing: int = ARTICLES,
                   beyond: int = BEYOND) -> list[LookupQuestion]:
    """``existing`` random articles in the four forms each, then ``beyond`` numbers past the last
    article of laws drawn from those of the chosen articles (one form each, in turn)."""
    rng = random.Random(seed)
    chosen = rng.sample(range(len(articles)), existing)
    questions = []
    for n, i in enumerate(chosen, start=1):
        a = articles[i]
        for numerals, name in FORMS:
            questions.append(LookupQuestion(
                f"art-{n:03d}-{numerals}-{name}", phrase(a["law_title"], a["law_short"], a["article_label"], numerals, name),
                a["law_title"], a["law_short"], a["version"], a["article_label"], True, numerals, name, _same_name(a)))
    last: dict[str, int] = {}
    for a in articles:
        key = article_key(a["article_label"])
        if key is not None:
            last[a["law_title"]] = max(last.get(a["law_title"], 0), key // 1000)
    by_title = {a["law_title"]: a for a in articles}
    laws = list(dict.fromkeys(articles[i]["law_title"] for i in chosen))
    for n, title in enumerate(rng.sample(laws, min(beyond, len(laws))), start=1):
        a = by_title[title]
        label = f"第{to_chinese(last[title] + rng.randint(1, MAX_PAST_LAST))}条"
        numerals, name = FORMS[(n - 1) % len(FORMS)]
        questions.append(LookupQuestion(
            f"beyond-{n:03d}", phrase(title, a["law_short"], label, numerals, name), title, a["law_short"],
            a["version"], label, False, numerals, name, _same_name(a)))
    return questions


def score_lookup(q: LookupQuestion, answer) -> dict[str, Any]:
    """One row: what the answer cited first, and whether that is right (module docstring)."""
    status = answer.status.value
    first = answer.evidence[0].chunk.meta if answer.evidence else {}
    cited = {"law_title": first.get("law_title"), "article_label": first.get("article_label")} if first else None
    reasons = []
    if q.exists:
        cited_first = cited == {"law_title": q.law_title, "article_label": q.article_label}
        if not cited_first:
            reasons.append("first evidence: " + (f"《{cited['law_title']}》{cited['article_label']}" if cited
                                                 else "none"))
        if status != "answered":  # what withheld the badge, in the answer's own words
            reasons.append(f"status {status}" + (": " + "; ".join(answer.checks.unsupported)
                                                 if answer.checks.unsupported else ""))
    else:
        cited_first = None
        if status != "not_found":
            reasons.append(f"status {status}, expected not_found")
        if answer.evidence:
            reasons.append(f"{len(answer.evidence)} evidence item(s) for an article that does not exist")
    return {"id": q.id, "question": q.question, "law_title": q.law_title, "article_label": q.article_label,
            "exists": q.exists, "numerals": q.numerals, "name": q.name, "same_name": q.same_name,
            "status": status, "cited_first": cited_first, "cited": cited,
            "evidence": len(answer.evidence), "conclusion": answer.conclusion[:200],
            "correct": not reasons, "reasons": reasons}


def summarise_lookup(rows: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    existing = [r for r in rows if r["exists"]]
    beyond = [r for r in rows if not r["exists"]]
    metrics = {
        "questions": len(rows), "existing": len(existing), "beyond_last": len(beyond),
        "cited_first": rate(r["cited_first"] for r in existing),
        "answered_existing": rate(r["status"] == "answered" for r in existing),
        "not_found_beyond": rate(r["status"] == "not_found" for r in beyond),
        "no_evidence_beyond": rate(r["evidence"] == 0 for r in beyond),
        "accuracy": rate(r["correct"] for r in rows),
        **verified_wrong(rows),
    }
    table: dict[str, dict[str, Any]] = {}
    for numerals, name in FORMS:
        group = [r for r in existing if r["numerals"] == numerals and r["name"] == name]
        far = [r for r in beyond if r["numerals"] == numerals and r["name"] == name]
        table[f"{numerals} × {name}"] = {"n": len(group), "cited_first": rate(r["cited_first"] for r in group),
                                          "beyond_n": len(far),
                                          "beyond_not_found": rate(r["status"] == "not_found" for r in far)}
    return metrics, table


def lookup_gate(metrics: dict[str, Any], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    failures = []
    if metrics["cited_first"] is None or metrics["cited_first"] < CITED_FIRST_TARGET:
        failures.append({"id": "cited_first", "reason": f"cited first {metrics['cited_first']} below "
                                                        f"{CITED_FIRST_TARGET}"})
    failures += [{"id": r["id"], "reason": "; ".join(r["reasons"])} for r in rows
                 if not r["exists"] and not r["correct"]]
    return {"ok": not failures, "failures": failures, "fixed_known_failures": []}


def ask_all(engine, questions: Sequence[LookupQuestion], *, llm: bool = False,
            progress: Progress | None = None) -> list[dict[str, Any]]:
    """Every question asked of the whole home (no document scope), one scored row each."""
    engine.search("预热 warm-up", k=1)  # load indexes and models before timing
    rows = []
    for i, q in enumerate(questions, start=1):
        started = time.perf_counter()
        answer = engine.ask(q.question, llm=llm)
        row = score_lookup(q, answer)
        row["ms"] = round((time.perf_counter() - started) * 1000, 1)
        rows.append(row)
        if progress:
            progress("statute_lookup", i, len(questions))
    return rows


def run_statute_lookup(engine, statutes: Path, *, seed: int = SEED, existing: int = ARTICLES,
                       beyond: int = BEYOND, limit: int | None = None, llm: bool = False,
                       progress: Progress | None = None) -> SuiteResult:
    """``limit``: the first N drawn questions only (a quick look; the gate still applies)."""
    from engine.bench.statutes import build_statute_index, load_articles

    build = None
    if not engine.docs().documents:
        build = build_statute_index(engine, statutes)
    articles = load_articles(statutes)
    questions = draw_questions(articles, seed=seed, existing=existing, beyond=beyond)
    if limit:
        # keep both kinds in a short run: the first articles' forms and the first numbers beyond
        questions = [q for q in questions if q.exists][:limit] + [q for q in questions if not q.exists][:max(1, limit // 12)]
    rows = ask_all(engine, questions, llm=llm, progress=progress)
    latencies = [r["ms"] for r in rows]
    metrics, per_form = summarise_lookup(rows)
    laws = Counter(q.law_title for q in questions if q.exists)
    timings: dict[str, Any] = ask_timings(latencies)
    if build is not None:
        timings["build"] = {k: v for k, v in asdict(build).items() if k != "failed"} | {"failed": len(build.failed)}
    return SuiteResult(
        suite="statute_lookup",
        description=f"{metrics['existing']} article questions ({metrics['existing'] // len(FORMS)} random articles "
                    f"of {len(laws)} laws × Chinese numerals/digits × full/short title) and "
                    f"{metrics['beyond_last']} numbers beyond a law's last article, over the whole statute "
                    f"corpus ({engine.index.catalog.chunk_count()} chunks), seed {seed}",
        metrics=metrics, per_category=per_form, rows=rows, timings=timings,
        config={"seed": seed, "articles": existing, "beyond": beyond, "limit": limit,
                "max_past_last": MAX_PAST_LAST, "reranker": engine.searcher.reranker.name,
                "llm": llm, "dataset": str(statutes / "articles_latest.jsonl.gz")},
        gate=lookup_gate(metrics, rows))
