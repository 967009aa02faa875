"""CUAD dev as a contract-facts benchmark: rule-based field accuracy and clause detection.

    python scripts/bench_cuad_facts.py                # reuses the CUAD home of bench_cuad.py
    python scripts/bench_cuad_facts.py --no-locate    # skip the PDF→txt mapping (faster)

Ingests ../shared/datasets/cuad/contracts_pdf into --home when not there yet (unchanged files are
skipped), extracts each contract's facts with the rules (nothing is stored), scores them against
questions.jsonl (engine/bench/cuad_facts.py says how) and writes docs/bench/cuad_facts.json and
docs/bench/cuad_facts.md.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.common import machine  # noqa: E402
from engine.bench.cuad import ingest_contracts, map_corpus  # noqa: E402
from engine.bench.cuad_facts import DATE_FIELDS, FactsRun, run_cuad_facts  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402


def _f(x) -> str:
    return "—" if x is None else f"{x:.3f}"


def markdown(run: FactsRun, info: dict, command: str) -> str:
    data = run.to_dict()
    lines = ["# CUAD dev: contract facts (rules)", "",
             f"`{command}` — {run.contracts} CUAD contracts ingested from their PDFs, facts extracted by the rules "
             f"(engine/contract_facts), {data['ms_per_contract']:.0f} ms per contract on {info.get('nproc')} cores. "
             "Scoring: engine/bench/cuad_facts.py. The rules were written from general drafting formulas and "
             "checked on this same dev set (no held-out split), so read the figures as dev figures.", "",
             "## Fields", "",
             "| field | gold values | given | correct | precision | recall |", "|---|---|---|---|---|---|"]
    for name, f in data["fields"].items():
        lines.append(f"| {name} | {f['gold_values']} | {f['predicted']} | {f['correct']} | {_f(f['precision'])} "
                     f"| {_f(f['recall'])} |")
    d = data["expiration_stated_or_derived"]
    lines.append(f"| Expiration Date, stated or start + term (last day or anniversary) | {d['gold_values']} | "
                 f"{d['predicted']} | {d['correct']} | {_f(d['precision'])} | {_f(d['recall'])} |")
    p = data["parties"]
    lines += ["", f"Parties: {p['matched_spans']} of {p['gold_spans']} gold spans (names and defined roles) "
                  f"matched by a party we give (recall {_f(p['recall'])}); {p['good_names']} of {p['names']} names "
                  f"we give match a gold span (precision {_f(p['precision'])}); all gold spans found in "
                  f"{p['contracts_all_found']} of {p['contracts']} contracts.", "",
              "Dates must be the same day as CUAD's; a date given where CUAD's answer is no date (perpetual, a "
              "blank form) counts as wrong. Governing law: the set of jurisdictions must equal CUAD's. Periods: "
              "equal in interchangeable units.", "",
              "## Clause present / absent (41 categories)", "",
              f"micro precision {_f(data['summary']['clause_micro_precision'])}, micro recall "
              f"{_f(data['summary']['clause_micro_recall'])}, macro F1 {_f(data['summary']['clause_macro_f1'])} "
              f"(saying \"present\" everywhere: precision {_f(data['summary']['always_present_precision'])}, "
              "recall 1.000); "
              f"of true positives whose chunk could be mapped, {_f(data['summary']['clause_located_share'])} point "
              "at a chunk overlapping a gold span.", "",
              "| category | present | TP | FP | FN | precision | recall | F1 | located |",
              "|---|---|---|---|---|---|---|---|---|"]
    for name, c in sorted(data["clauses"].items()):
        located = f"{c['located']}/{c['locatable']}" if c["locatable"] else "—"
        lines.append(f"| {name} | {c['present']} | {c['tp']} | {c['fp']} | {c['fn']} | {_f(c['precision'])} | "
                     f"{_f(c['recall'])} | {_f(c['f1'])} | {located} |")
    lines += ["", f"Value categories ({', '.join(DATE_FIELDS)}, Governing Law, Renewal Term, Notice Period To "
                  "Terminate Renewal, Parties, Document Name) are present when the field was located; the others "
                  "when a clause rule fired (engine/contract_facts/clauses.py).", ""]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=REPO / ".bench" / "cuad")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--no-locate", action="store_true", help="skip mapping chunks to the txt")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "cuad_facts.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    cuad = args.datasets / "cuad"
    if not (cuad / "questions.jsonl").is_file():
        print(f"CUAD not found under {cuad}: nothing to do", file=sys.stderr)
        return 0
    info = machine()
    engine = Engine(settings=Settings.load(args.home, secrets_file=None))
    print("ingesting the contract PDFs (unchanged ones are skipped)…", file=sys.stderr)
    ingest, txt_of = ingest_contracts(engine, cuad, progress=lambda i, n: print(
        f"\r  {i}/{n} contracts", end="", file=sys.stderr, flush=True))
    print(file=sys.stderr)
    corpus = None if args.no_locate else map_corpus(engine, cuad, txt_of)
    run = run_cuad_facts(engine, cuad, txt_of, corpus, progress=lambda i, n: print(
        f"\r  facts {i}/{n}", end="", file=sys.stderr, flush=True))
    print(file=sys.stderr)
    info["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)
    command = " ".join(["python", "scripts/bench_cuad_facts.py", *sys.argv[1:]])
    payload = {"suite": "cuad-facts", "machine": info, "command": command,
               "ingest_failed": ingest.failed, **run.to_dict()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1), "utf-8")
    text = markdown(run, info, command)
    args.out.with_suffix(".md").write_text(text, "utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
