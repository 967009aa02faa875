"""The scan gate on text PDFs: how many pages it would send to OCR (should be none) and its cost.

    python scripts/bench_scan_gate.py            # the 30 CUAD PDFs and statute PDFs made here

Statute PDFs: the first 12 law files of ../shared/datasets/statutes/laws typeset with the repo's
PDF maker (embedded CJK font), 40 lines a page. Pages are loaded with OCR off, so the figure is
the gate's verdict and the load + gate time per page, not OCR's.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.ingest.loaders.pdf import load_pdf  # noqa: E402
from engine.bench.pdfmaker import make_pdf  # noqa: E402

LINES_PER_PAGE = 40


def statute_pdfs(laws: Path, out: Path, n: int) -> list[Path]:
    paths = []
    for md in sorted(laws.glob("*.md"))[:n]:
        lines = [ln.lstrip("# ").strip() for ln in md.read_text("utf-8").splitlines()
                 if ln.strip() and not ln.startswith("<!--")]
        pages = [lines[i:i + LINES_PER_PAGE] for i in range(0, len(lines), LINES_PER_PAGE)][:20]
        paths.append(make_pdf(out / f"{md.stem}.pdf", pages))
    return paths


def run(name: str, pdfs: list[Path]) -> None:
    pages, flagged, seconds = 0, [], 0.0
    reasons: Counter = Counter()
    for pdf in pdfs:
        data = pdf.read_bytes()
        started = time.perf_counter()
        document = load_pdf(pdf.name, data, ocr="off")
        seconds += time.perf_counter() - started
        for page in document.pages:
            pages += 1
            q = page.quality
            real = [r for r in q.reasons if r != "ocr_disabled"]
            if real:
                flagged.append((pdf.name, page.number, real))
                reasons.update(real)
    print(f"{name}: {len(pdfs)} PDFs, {pages} pages, sent to OCR: {len(flagged)}; "
          f"load + gate {pages / seconds:.2f} pages/s ({1000 * seconds / pages:.1f} ms/page)")
    for item in flagged[:10]:
        print("   ", item)
    if reasons:
        print("    reasons:", dict(reasons))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--laws", type=int, default=12)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    import jieba  # ingest loads it anyway (BM25 tokens); its 0.6 s start is not the gate's cost
    jieba.setLogLevel(logging.ERROR)
    jieba.initialize()
    run("CUAD", sorted((args.datasets / "cuad" / "contracts_pdf").glob("*.pdf")))
    with tempfile.TemporaryDirectory() as tmp:
        run("statutes", statute_pdfs(args.datasets / "statutes" / "laws", Path(tmp), args.laws))
    return 0


if __name__ == "__main__":
    sys.exit(main())
