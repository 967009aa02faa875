"""A small real corpus (the demo files) ingested once per module, embedded or on a Chroma server."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from engine import Engine
from engine.config import Settings

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "data" / "demo"


def demo_files() -> list[Path]:
    files = sorted(p for p in DEMO.iterdir() if p.suffix in {".pdf", ".md", ".txt", ".docx"})
    if not files:
        pytest.fail("data/demo is empty: run python scripts/make_demo_corpus.py")
    return files


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory):
    """A real ``chroma run`` on 127.0.0.1 (the CLI ships in the chromadb package)."""
    exe = shutil.which("chroma") or str(Path(__import__("sys").executable).with_name("chroma"))
    port = _free_port()
    path = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen([exe, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"chroma run did not start (exit {proc.poll()})")
            time.sleep(0.2)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def make_engine(home: Path, vectors: dict | None = None) -> Engine:
    settings = Settings.from_name("strict", home=str(home), ingest={"ocr": "off"},
                                  vectors=vectors or {})
    engine = Engine(settings=settings)
    result = engine.ingest(demo_files())
    assert result.ok, result.to_dict()
    return engine


@pytest.fixture(scope="module", params=["embedded", "server"])
def demo_engine(request, tmp_path_factory):
    vectors = None
    if request.param == "server":
        vectors = {"mode": "server", "url": request.getfixturevalue("chroma_server"),
                   "namespace": f"test-{request.module.__name__.rsplit('.', 1)[-1]}"}
    engine = make_engine(tmp_path_factory.mktemp(f"home-{request.param}"), vectors)
    yield engine
    engine.index.catalog.close()
