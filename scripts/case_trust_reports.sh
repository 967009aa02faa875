#!/usr/bin/env bash
# The bench reports scripts/train_case_trust.py learns from, written to OUT (default .bench_trust/reports):
# the 13 dev case files, the generator's two tuning blocks of new kinds and the nine training case files
# of data/trust, each asked as written and --counterfactual. About 15 minutes on 2 cores.
#   bash scripts/case_trust_reports.sh [OUT] && python scripts/train_case_trust.py --reports OUT/*.json
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.bench_trust/reports}
py=${PYTHON:-.venv/bin/python}
mkdir -p "$out"
bench() { "$py" -m engine bench --json "$@" || [ $? -eq 1 ]; }  # 1: a gate failed — measured, not gated here
for cf in "" --counterfactual; do
  tag=${cf:+-cf}
  bench --suite transcripts $cf --bench-dir .bench_trust/dev --out "$out/dev$tag.json"
  bench --suite transcripts $cf --datasets data/trust --bench-dir .bench_trust/files --out "$out/files$tag.json"
  for base in 777000 888000; do
    bench --suite casegen --kinds new --seeds 10 --seed-base $base $cf --bench-dir .bench_trust/casegen \
      --out "$out/casegen$base$tag.json"
  done
done
