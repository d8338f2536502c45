#!/usr/bin/env bash
# Reruns the published benchmarks: B1 (compile speed against slangc) and B2 (editor latency), and
# B3 (GPU kernels) when B3=1. Results: bench/results/*.json and *.md, bench/b1_scaling.png,
# bench/b3_kernels.png; BENCHMARKS.md quotes them.
#   bash bench/run_all.sh                 # B1 + B2 (about 15 minutes on 2 cores)
#   B3=1 bash bench/run_all.sh            # also B3 on this machine's GPU (SCALE=64 for lavapipe)
# On the GPU machine of the `device` tool, run bench/gpu/device.sh with prebuilt binaries instead.
# Needs: Rust, python3 with matplotlib, `pip install --no-deps slangtorch` (the reference slangc).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p cli -p bench-gpu
mkdir -p bench/results
python3 bench/b1.py | tee bench/results/b1.md
python3 bench/b2_lsp.py | tee bench/results/b2.md
if [ "${B3:-0}" = 1 ]; then
    OUT=bench/results bash bench/gpu/device.sh target/release/dslang target/release/bench-gpu
    python3 bench/gpu/report.py bench/results/b3.json > bench/results/b3.md
fi
