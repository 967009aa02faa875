"""An audit record read back as the stages of the pipeline that produced it (the Audit page's
replay and ``python -m engine audit replay``): parse, recall per channel, fusion, rerank,
evidence, compose, verify, output — each with what it produced, from the record alone."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.audit.record import ASK_KIND, AuditRecord


class Stage(str, Enum):
    PARSE = "parse"
    RECALL = "recall"
    FUSION = "fusion"
    RERANK = "rerank"
    EVIDENCE = "evidence"
    COMPOSE = "compose"
    VERIFY = "verify"
    OUTPUT = "output"
    EVENT = "event"  # the single step of a non-ask record


@dataclass
class ReplayStep:
    order: int
    stage: Stage
    summary: str
    data: dict[str, Any]
    channel: str | None = None  # recall steps: bm25 | vector
    elapsed_ms: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"order": self.order, "stage": self.stage.value, "channel": self.channel,
                "summary": self.summary, "data": self.data, "elapsed_ms": self.elapsed_ms}


def replay_steps(record: AuditRecord) -> list[ReplayStep]:
    """The stages of an ask in pipeline order, each with what it produced (from the record alone)."""
    body = record.body
    if record.kind != ASK_KIND:
        return [ReplayStep(1, Stage.EVENT, record.kind, {"payload": body.get("payload", {}),
                                                         "user": record.user})]
    search, answer = body["search"], body["answer"]
    answer_ms = answer.get("timings_ms", {})
    steps: list[ReplayStep] = []

    def add(stage: Stage, summary: str, data: dict[str, Any], *, channel: str | None = None,
            elapsed: float | None = None) -> None:
        steps.append(ReplayStep(len(steps) + 1, stage, summary, data, channel, elapsed))

    if search.get("route") == "facts":
        add(Stage.RECALL, "typed contract-fact query (parameterised SQL, no search)",
            {"fact_query": search.get("fact_query")}, channel="facts")
    else:
        _replay_search(search, body, add)
    _replay_answer(record, body, answer, answer_ms, add)
    return steps


def _replay_search(search: dict[str, Any], body: dict[str, Any], add) -> None:
    search_ms = search.get("timings_ms", {})
    results = search["results"]

    parsed = search["parsed"]
    entities = {key: parsed.get(key, []) for key in ("amounts", "dates", "articles", "laws")}
    found = ", ".join(f"{key} {values}" for key, values in entities.items() if values)
    add(Stage.PARSE, f"intent {body['intent']}; {found or 'no amounts, dates or article references'}",
        {"intent": body["intent"], "tokens": parsed.get("tokens", []), **entities},
        elapsed=search_ms.get("parse"))
    for channel, recall in search["recall"].items():
        add(Stage.RECALL, f"{recall['total']} candidates, top {len(recall['top'])} kept",
            {"total": recall["total"],
             "top": [{"rank": i, "chunk_id": cid, "score": score}
                     for i, (cid, score) in enumerate(recall["top"], 1)]},
            channel=channel, elapsed=search_ms.get(channel))
    direct = [h for h in results if "direct" in h["channels"]]
    if direct:
        add(Stage.RECALL, f"{len(direct)} named article(s) fetched directly",
            {"chunk_ids": [h["chunk_id"] for h in direct]}, channel="direct")

    def rrf(hit: dict[str, Any]) -> float | None:  # a directly fetched article may have none
        return hit["channels"].get("rrf", {}).get("score")

    fused = search["mode"] == "hybrid"
    by_rrf = sorted(results, key=lambda h: -(rrf(h) or 0.0)) if fused else results
    add(Stage.FUSION, "reciprocal rank fusion of the channels" if fused
        else f"single channel ({search['mode']}), no fusion",
        {"method": "rrf" if fused else None,
         "order": [{"rank": i, "chunk_id": h["chunk_id"],
                    "score": rrf(h) if fused else h["score"]}
                   for i, h in enumerate(by_rrf, 1)]},
        elapsed=search_ms.get("fuse"))
    reranked = search["reranker"] != "none"
    add(Stage.RERANK, f"reranked by {search['reranker']}" if reranked else "no reranker ran",
        {"reranker": search["reranker"], "ran": reranked,
         "order": [{"rank": h["rank"], "chunk_id": h["chunk_id"], "doc_id": h["doc_id"],
                    "pages": [h["page_start"], h["page_end"]], "score": h["score"]}
                   for h in results]},
        elapsed=search_ms.get("rerank"))


def _replay_answer(record: AuditRecord, body: dict[str, Any], answer: dict[str, Any],
                   answer_ms: dict[str, Any], add) -> None:
    cited = [{key: e[key] for key in ("id", "chunk_id", "doc_id", "doc_name", "page", "page_end",
                                      "role", "score")} for e in answer["evidence"]]
    pages = sorted({(e["doc_name"], p) for e in cited for p in range(e["page"], e["page_end"] + 1)})
    add(Stage.EVIDENCE, f"{len(cited)} evidence items on "
        + ("; ".join(f"{name} p.{page}" for name, page in pages) or "no pages"),
        {"cited": cited}, elapsed=answer_ms.get("aggregate"))
    add(Stage.COMPOSE, f"{body['mode']}: {answer['conclusion']}",
        {"mode": body["mode"], "model": body["models"]["llm"], "conclusion": answer["conclusion"],
         "calculations": answer["calculations"], "conflicts": answer["conflicts"],
         "gaps": answer["gaps"]}, elapsed=answer_ms.get("compose"))
    checks = answer["checks"]
    passed = checks["numbers_grounded"] and checks["citations_valid"] and not checks["unsupported"]
    add(Stage.VERIFY, "all checks passed" if passed else "checks failed: " + ", ".join(
        [name for name in ("numbers_grounded", "citations_valid") if not checks[name]]
        + [f"unsupported {u}" for u in checks["unsupported"]]),
        {"checks": checks, "calculations_ok": [c["ok"] for c in answer["calculations"]]},
        elapsed=answer_ms.get("verify"))
    add(Stage.OUTPUT, f"{body['status']}" + ("" if answer["pii_masked"] else ", PII unmasked"),
        {"status": body["status"], "pii_masked": answer["pii_masked"], "unmasked": body["unmasked"],
         "user": record.user, "models": body["models"]})
