#!/usr/bin/env bash
# The bench reports scripts/train_case_trust.py learns from, written to OUT (default .bench_trust/reports):
# the 13 dev case files, the fifteen training case files of data/trust, the generator's two tuning blocks of
# new kinds and ten seeds of its old kinds, each asked as written and --counterfactual. Two processes at
# once (case files; generated files): about 15 minutes on 2 cores.
#   bash scripts/case_trust_reports.sh [OUT] && python scripts/train_case_trust.py --reports OUT/*.json \
#       --keep 0.99 --card-out docs/bench/case_trust.json
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.bench_trust/reports}
py=${PYTHON:-.venv/bin/python}
mkdir -p "$out"
bench() { "$py" -m engine bench --json "$@" > /dev/null 2>&1 || [ $? -eq 1 ]; }  # 1: a gate failed — measured here, not gated
case_files() {
  for cf in "" --counterfactual; do
    bench --suite transcripts $cf --bench-dir .bench_trust/dev --out "$out/dev${cf:+-cf}.json"
    bench --suite transcripts $cf --datasets data/trust --bench-dir .bench_trust/files --out "$out/files${cf:+-cf}.json"
  done
}
generated() {  # one home per family: the runs of a family take turns
  for cf in "" --counterfactual; do
    for base in 777000 888000; do
      bench --suite casegen --kinds new --seeds 10 --seed-base $base $cf --bench-dir .bench_trust/casegen \
        --out "$out/casegen$base${cf:+-cf}.json"
    done
    bench --suite casegen --kinds old --seeds 10 --seed-base 1 $cf --bench-dir .bench_trust/casegen \
      --out "$out/casegen-old${cf:+-cf}.json"
  done
}
case_files & files_pid=$!
generated & generated_pid=$!
wait $files_pid && wait $generated_pid
ls "$out"
