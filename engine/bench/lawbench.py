"""LawBench tasks over the statute index (../shared/datasets/lawbench).

1-1 法条背诵 "民法商法公司法第十一条的内容是什么？": does direct lookup put exactly that article first?
    Scored by law and article (``law_short|第X条``); the version is reported next to it, because
    LawBench's gold ids name the version current when it was made (公司法 2018-10-26) while search
    uses the version in force on the as-of date. Every miss is listed with the lookup's reason.
3-1 法条预测 (facts of a criminal case → 刑法 article numbers): Recall@k of the gold 刑法 articles
    in the search results, over the whole corpus and with the search limited to the 刑法 document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.bench.common import read_jsonl
from engine.bench.metrics import hit_at, mean, percentile, recall_at
from engine.bench.statutes import article_id
from engine.engine import Engine

RECALL_KS = (1, 5, 10, 20, 50, 100)


def _law_article(article_or_id: dict | str | None) -> str | None:
    """law_short|第X条 — the identity without the version."""
    if not article_or_id:
        return None
    if isinstance(article_or_id, str):
        law, _version, label = article_or_id.split("|")
        return f"{law}|{label}"
    return f"{article_or_id.get('law_short')}|{article_or_id.get('article_label')}"


@dataclass
class RecitationReport:
    questions: int = 0
    exact_first: int = 0  # the named article (law and number) is result 1
    same_version: int = 0  # … and in the gold's version
    via_direct: int = 0  # result 1 came from direct lookup
    latency_ms: list[float] = field(default_factory=list)
    misses: list[dict[str, Any]] = field(default_factory=list)
    version_differs: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        n = max(self.questions, 1)
        return {"questions": self.questions,
                "exact_article_rate": round(self.exact_first / n, 4),
                "same_version_rate": round(self.same_version / n, 4),
                "direct_lookup_rate": round(self.via_direct / n, 4),
                "p50_ms": round(percentile(self.latency_ms, 50), 1),
                "p95_ms": round(percentile(self.latency_ms, 95), 1),
                "misses": self.misses, "version_differs": self.version_differs}


def run_recitation(engine: Engine, path: Path, limit: int | None = None,
                   as_of: str | None = None) -> RecitationReport:
    report = RecitationReport()
    for q in read_jsonl(path)[:limit]:
        gold = set(q["gold_article_ids"])
        gold_articles = {_law_article(g) for g in gold}
        response = engine.search(q["question"], k=5, as_of=as_of)
        report.questions += 1
        report.latency_ms.append(response.timings_ms.get("total", 0.0))
        first = response.results[0] if response.results else None
        got = first.article() if first else None
        if got and _law_article(got) in gold_articles:
            report.exact_first += 1
            report.via_direct += "direct" in first.channels
            if article_id(got) in gold:
                report.same_version += 1
            else:
                report.version_differs.append({"id": q["id"], "gold": sorted(gold), "got": article_id(got)})
            continue
        direct = response.direct[0] if response.direct else None
        report.misses.append({
            "id": q["id"], "question": q["question"], "gold": sorted(gold), "got": article_id(got),
            "law_named": direct.law_named if direct else None,
            "law_resolved": direct.law_title if direct else None,
            "why": (direct.reason if direct and direct.reason else
                    "no ingested law's name stands before the article number" if not direct else
                    "looked up, but a different article came first")})
    return report


@dataclass
class PredictionReport:
    name: str
    questions: int = 0
    recall: dict[int, list[float]] = field(default_factory=lambda: {k: [] for k in RECALL_KS})
    hit10: list[float] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "questions": self.questions,
                **{f"R@{k}": round(mean(v), 4) for k, v in self.recall.items()},
                "hit@10": round(mean(self.hit10), 4),
                "p50_ms": round(percentile(self.latency_ms, 50), 1),
                "p95_ms": round(percentile(self.latency_ms, 95), 1)}


def criminal_law_doc(engine: Engine) -> str | None:
    """The ingested 刑法 in force today (its articles carry law_short 刑法)."""
    plan, _ = engine.searcher.versions(None)
    docs = [d for d, title, short, _v in engine.index.catalog.statute_documents()
            if short == "刑法" and d not in plan.excluded]
    return docs[0] if docs else None


def run_prediction(engine: Engine, path: Path, limit: int | None = None) -> list[PredictionReport]:
    questions = read_jsonl(path)[:limit]
    criminal = criminal_law_doc(engine)
    configs = {"whole corpus": {}, "刑法 only": {"doc_id": criminal}} if criminal else {"whole corpus": {}}
    reports = []
    for name, options in configs.items():
        report = PredictionReport(name)
        for q in questions:
            gold = {_law_article(g) for g in q["gold_article_ids"]}
            response = engine.search(q["question"], k=max(RECALL_KS), **options)
            ranked = [_law_article(h.article()) for h in response.results if h.article()]
            report.questions += 1
            for k in RECALL_KS:
                report.recall[k].append(recall_at(ranked, gold, k))
            report.hit10.append(hit_at(ranked, gold, 10))
            report.latency_ms.append(response.timings_ms.get("total", 0.0))
        reports.append(report)
    return reports
