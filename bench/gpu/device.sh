#!/usr/bin/env bash
# B3 on a GPU machine: compiles the kernels with dslang, runs dslang's and slangc's WGSL (committed
# under bench/gpu/slangc, made by make_slangc.sh) through one wgpu host in one process, writes
# $OUT/b3.json (or ./b3-results/b3.json without $OUT). Needs no slangc, Rust or network there.
#
# Usage (from anywhere): bash bench/gpu/device.sh DSLANG BENCH_GPU
#   DSLANG, BENCH_GPU: release binaries (cargo build --release -p cli -p bench-gpu).
# Env: SCALE (divides every dispatch; 1 = full size, use 64-256 on lavapipe), ROUNDS (11 timed
#      rounds; each round runs dslang's and slangc's kernel back to back, in alternating order),
#      TARGET_MS (20: each pass dispatches about this long), WARMUP_MS (1500: most warm-up time
#      per kernel), ONLY (substring of kernel names), LIMIT_S (240: bench-gpu is stopped after
#      this; results written so far stay). About 90 s on the H100.
# On the device machine the Vulkan loader may be missing: with a .gl folder of .deb files in the
# repository root (see shared/docs/gpu.md) it is unpacked first.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dslang=$(realpath "${1:?usage: device.sh DSLANG BENCH_GPU}")
bench_gpu=$(realpath "${2:?usage: device.sh DSLANG BENCH_GPU}")
out=${OUT:-$root/b3-results}
mkdir -p "$out"

. "$here/vulkan_env.sh"

work=$(mktemp -d)
mkdir -p "$work/dslang"
# dslang's WGSL, and the context sizes its IR reports (lines `// context: ...`), when it does.
failed=0
for f in "$here"/kernels/*.slang; do
    n=$(basename "$f" .slang)
    # Subgroup operations are allowed (bench-gpu skips kernels whose `requires` the device lacks).
    if ! "$dslang" compile "$f" --feature subgroups -o "$work/dslang/$n.wgsl" 2> "$work/dslang/$n.err"; then
        echo "dslang failed on $n: $(head -3 "$work/dslang/$n.err")" >&2
        failed=$((failed + 1))
    fi
    case $n in *bwd*)
        "$dslang" compile "$f" --target ir 2> /dev/null | grep -E '^\s*// context:' | sed "s|^|$n: |" >> "$out/dslang-ir-context.txt"
    esac
done
echo "dslang compiled $(ls "$work"/dslang/*.wgsl | wc -l) kernels ($failed failed)" >&2
(cd "$work/dslang" && tar czf "$out/dslang-wgsl.tgz" *.wgsl)

timeout -k 10 "${LIMIT_S:-240}" "$bench_gpu" run "$here/manifest.json" \
    --wgsl dslang="$work/dslang" --wgsl slangc="$here/slangc" -o "$out/b3.json" \
    --scale "${SCALE:-1}" --rounds "${ROUNDS:-${REPS:-11}}" --target-ms "${TARGET_MS:-20}" \
    --warmup-ms "${WARMUP_MS:-1500}" ${ONLY:+--only "$ONLY"}
status=$?
[ $status -eq 124 ] && echo "bench-gpu stopped after ${LIMIT_S:-240} s: b3.json holds the kernels measured so far" >&2
python3 "$here/report.py" "$out/b3.json" --no-plot > "$out/b3.md" 2>&1 || true
cat "$out/b3.md"
exit $status
