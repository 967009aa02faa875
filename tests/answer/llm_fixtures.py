"""Fixtures of the LLM-mode tests: the scripted loopback server and an Engine pointed at it.

    from tests.answer.llm_fixtures import scripted, server  # noqa: F401  (pytest finds them)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Engine
from engine.config import Settings
from tests.answer.fake_openai_server import FakeOpenAIServer


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer(model="scripted") as running:
        yield running


@pytest.fixture
def scripted(server):
    server.reset()
    yield server
    assert server.pending == 0, "a scripted reply was never asked for"


def engine_over(pdfs: list[Path], home: Path, server: FakeOpenAIServer):
    """An Engine in ``home`` over ``pdfs`` (ingested, OCR off), its LLM the scripted server."""
    settings = Settings.from_name("strict", home=str(home), ingest={"ocr": "off"},
                                  llm={"base_url": server.base_url, "api_key": "test",
                                       "model": "scripted", "timeout_s": 10})
    eng = Engine(settings=settings)
    result = eng.ingest(pdfs)
    assert result.ok, result.to_dict()
    return eng, result


_BLOCK = re.compile(r'<evidence id="(E\d+)"[^>]*>\n(.*?)\n</evidence>', re.S)


def blocks(body: dict) -> dict[str, str]:
    """Evidence id → text, as the model saw them in a request ``body``."""
    return dict(_BLOCK.findall(body["messages"][-1]["content"]))

