"""The shared profile must answer as the embedded one: each answer suite run once per profile,
question by question.

    python scripts/bench_profiles.py [--suite demo --suite transcripts] [--pg-url ADMIN_URL] [--publish]

Each suite runs as ``python -m engine bench --suite S`` twice, in fresh homes: once embedded (no
server) and once on the shared profile (fresh databases on a PostgreSQL + pgvector server: the
one at ``--pg-url``, else a private one started with scripts/servers.sh). The rows are compared
question by question on what a user sees and the suite scores: status, conclusion, the values,
pages and evidence found, conflicts, gaps, and whether the answer is correct. ``--publish`` writes
docs/bench/profiles.json: {"machine", "code_version", "suites": {S: {"questions", "identical",
"differing": [{"id", "fields": {field: [embedded, shared]}}], "embedded": metrics, "shared": metrics}}}.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.bench.common import machine  # noqa: E402
from engine.bench.report import code_version  # noqa: E402
from scripts.pg_servers import fresh_databases, running_server  # noqa: E402

COMPARED = ("status", "conclusion", "values_found", "pages_cited", "evidence_recall_at_k",
            "conflicts_reported", "gaps_reported", "correct", "hallucination", "ungrounded")
PUBLISHED = REPO / "docs" / "bench" / "profiles.json"


def run_suite(suite: str, home: Path, out: Path, env: dict[str, str]) -> dict:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "engine", "bench", "--suite", suite, "--bench-dir", str(home),
                           "--out", str(out), "--json"], cwd=REPO, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: a gate failed, which the comparison still wants to see
        raise RuntimeError(f"bench --suite {suite} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    report = json.loads(out.read_text("utf-8"))["suites"][suite]
    report["wall_s"] = round(time.perf_counter() - started, 1)
    return report


def compare(embedded: dict, shared: dict) -> dict:
    theirs = {row["id"]: row for row in shared["rows"]}
    differing = []
    for row in embedded["rows"]:
        other = theirs.get(row["id"])
        if other is None:
            differing.append({"id": row["id"], "fields": {"missing": [True, False]}})
            continue
        fields = {f: [row.get(f), other.get(f)] for f in COMPARED if row.get(f) != other.get(f)}
        if fields:
            differing.append({"id": row["id"], "fields": fields})
    return {"questions": len(embedded["rows"]), "identical": len(embedded["rows"]) - len(differing),
            "differing": differing, "embedded": embedded["metrics"], "shared": shared["metrics"],
            "wall_s": {"embedded": embedded["wall_s"], "shared": shared["wall_s"]}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", action="append", choices=["demo", "transcripts"])
    parser.add_argument("--pg-url", help="admin URL of a PostgreSQL + pgvector server (default: start one)")
    parser.add_argument("--publish", action="store_true", help=f"write {PUBLISHED.relative_to(REPO)}")
    args = parser.parse_args(argv)
    suites = args.suite or ["demo", "transcripts"]
    base = {k: v for k, v in os.environ.items() if not k.startswith("LEXTRACE_SHARED__")}
    base["LEXTRACE_INGEST__OCR"] = base.get("LEXTRACE_INGEST__OCR", "auto")
    report = {"machine": machine(), "code_version": code_version(), "suites": {}}
    with tempfile.TemporaryDirectory(prefix="lextrace-profiles-") as tmp, running_server(args.pg_url) as admin:
        tmp = Path(tmp)
        for suite in suites:
            embedded = run_suite(suite, tmp / f"embedded-{suite}", tmp / f"embedded-{suite}.json", base)
            with fresh_databases(admin, f"lt_profiles_{suite}") as (database, retrieval):
                env = {**base, "LEXTRACE_SHARED__DATABASE_URL": database, "LEXTRACE_SHARED__RETRIEVAL_URL": retrieval,
                       "LEXTRACE_AUDIT__KEY_FILE": str(tmp / "team" / "secrets.toml")}
                shared = run_suite(suite, tmp / f"shared-{suite}", tmp / f"shared-{suite}.json", env)
            result = report["suites"][suite] = compare(embedded, shared)
            print(f"{suite}: {result['identical']} / {result['questions']} questions answered identically "
                  f"(embedded {result['wall_s']['embedded']} s, shared {result['wall_s']['shared']} s)", flush=True)
            for diff in result["differing"]:
                print(f"  {diff['id']}: {json.dumps(diff['fields'], ensure_ascii=False)[:400]}")
    report["machine"]["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)
    if args.publish:
        PUBLISHED.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return 0 if all(s["identical"] == s["questions"] for s in report["suites"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
