#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600) one after another, at low priority, with
# libFuzzer's timeout (10 s per input) and leak detection on. Seeds the corpora first.
# Usage: fuzz/scripts/run_all.sh [SECONDS] [TARGET...]
# Logs: fuzz/logs/<target>.log; crashes: fuzz/artifacts/<target>/.
set -uo pipefail
fuzz="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(parse check compile)
"$fuzz/scripts/seed_corpus.sh" > /dev/null
cd "$fuzz"
for t in "${targets[@]}"; do cargo +nightly fuzz build "$t" || exit 1; done
mkdir -p logs
for t in "${targets[@]}"; do
    mkdir -p "artifacts/$t"
    nice -n 10 "target/x86_64-unknown-linux-gnu/release/$t" "corpus/$t" \
        -max_total_time="$seconds" -timeout=10 -detect_leaks=1 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="artifacts/$t/" > "logs/$t.log" 2>&1
    echo "$t: exit $? ($(grep -E '^stat::number_of_executed_units' "logs/$t.log"))"
done
