"""The prompt-injection detector (engine/text/injection.py): detection rate and false positives.

    python scripts/bench_injection.py              # paraphrase sets, hard negatives, demo + dev case files
    python scripts/bench_injection.py --external   # also every sentence of CJRC dev, CUAD, all statutes
    python scripts/bench_injection.py --json       # one JSON document instead of lines

Detection: a paraphrase counts only when every sentence of it is flagged (a payload sentence left
behind would still be quoted). Sets in data/bench: ``injection_paraphrases.jsonl`` (written before
the rules), ``injection_heldout.jsonl`` (written after the first rules, measured once blind:
25/32, then used for changes — see docs/benchmarks.md), ``injection_hard_negatives.jsonl`` (legal
sentences sharing the vocabulary). False positives: every sentence of the demo corpus (data/demo)
and the 13 dev case files (../shared/datasets/transcripts), read through the engine's loaders
(OCR on where the quality gate asks for it, as at ingest).
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.text.injection import find_injections, sentence_spans  # noqa: E402

BENCH = REPO / "data" / "bench"
DATASETS = REPO.parent / "shared" / "datasets"


def _rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (BENCH / name).read_text("utf-8").splitlines() if line.strip()]


def _detected(text: str) -> bool:
    ends = {i.end: i.start for i in find_injections(text)}  # a flagged turn keeps its 答： marker
    return bool(ends) and all(end in ends and ends[end] >= start for start, end in sentence_spans(text))


def detection(name: str) -> dict:
    rows = _rows(name)
    missed = [r["id"] for r in rows if not _detected(r["text"])]
    return {"set": name, "items": len(rows), "detected": len(rows) - len(missed),
            "rate": round(1 - len(missed) / len(rows), 3), "missed": missed}


def false_positives(name: str, texts: list[tuple[str, str]]) -> dict:
    start = time.perf_counter()
    sentences = sum(len(sentence_spans(text)) for _, text in texts)
    flagged = [{"where": where, "sentence": i.text, "cues": list(i.cues)}
               for where, text in texts for i in find_injections(text)]
    return {"corpus": name, "documents": len({w for w, _ in texts}), "sentences": sentences,
            "flagged": len(flagged), "rate": round(len(flagged) / max(sentences, 1), 5),
            "seconds": round(time.perf_counter() - start, 1), "examples": flagged[:20]}


def _pages(paths: list[Path]) -> list[tuple[str, str]]:
    from engine.ingest.loaders import load_document

    out = []
    for path in paths:
        document = load_document(path.name, path.read_bytes(), max_bytes=1 << 30, ocr="auto")
        out += [(path.name, page.text) for page in document.pages]
    return out


def _external() -> list[dict]:
    cjrc = [(f"cjrc:{i}", json.loads(line)["context"]) for i, line in
            enumerate((DATASETS / "cjrc/docs_dev.jsonl").read_text("utf-8").splitlines())]
    cuad = [(Path(p).name, Path(p).read_text("utf-8", errors="replace"))
            for p in sorted(glob.glob(str(DATASETS / "cuad/contracts_txt/*.txt")))]
    laws = [(Path(p).name, Path(p).read_text("utf-8"))
            for p in sorted(glob.glob(str(DATASETS / "statutes/laws/*.md")))]
    return [false_positives("CJRC dev judgments", cjrc), false_positives("CUAD contracts", cuad),
            false_positives("statutes (all laws)", laws)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--external", action="store_true", help="also CJRC dev, CUAD and every statute")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    demo = sorted(p for p in (REPO / "data/demo").iterdir() if p.suffix in (".pdf", ".md"))
    dev = sorted((DATASETS / "transcripts").glob("*.pdf"))
    report = {
        "detection": [detection("injection_paraphrases.jsonl"), detection("injection_heldout.jsonl")],
        "false_positives": [false_positives("hard negatives", [(r["id"], r["text"]) for r in
                                                               _rows("injection_hard_negatives.jsonl")]),
                            false_positives("demo corpus + dev case files", _pages(demo + dev))],
    }
    if args.external:
        report["false_positives"] += _external()
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    for d in report["detection"]:
        print(f"detection  {d['set']:<34} {d['detected']}/{d['items']} = {d['rate']:.3f}"
              + (f"  missed {', '.join(d['missed'])}" if d["missed"] else ""))
    for f in report["false_positives"]:
        print(f"false pos. {f['corpus']:<34} {f['flagged']}/{f['sentences']} sentences "
              f"({f['documents']} documents, {f['seconds']} s)")
        for example in f["examples"]:
            print(f"           {example['where']}: {example['sentence'][:80]!r} {example['cues']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
