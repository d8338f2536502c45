#!/usr/bin/env bash
# Headroom of the reverse-mode dynamic Taylor loop ([MaxIters(128)], bench/gpu/kernels/
# taylor_maxiters_bwd.slang): hand-edited variants of dslang's WGSL (bench/gpu/headroom/*.wgsl,
# see README.md there), each dispatched in alternation with the generated code (gen.wgsl) by
# bench-gpu, so every variant's time comes with its per-round ratio to the generated kernel.
# Writes $OUT/headroom.json (or ./b3-results/headroom.json) and prints a table. Under a minute
# on the H100; needs only the bench-gpu binary (and, on the device machine, the .gl folder).
#
# Usage: bash bench/gpu/headroom.sh BENCH_GPU
# Env: SCALE (1; 256 on lavapipe), ROUNDS (9), ONLY (substring of variant names)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bench_gpu=$(realpath "${1:?usage: headroom.sh BENCH_GPU}")
out=${OUT:-$root/b3-results}
mkdir -p "$out"

. "$here/vulkan_env.sh"

# The reference: the generated kernel under every variant's name.
gen=$(mktemp -d)
for f in "$here"/headroom/*.wgsl; do cp "$here/headroom/gen.wgsl" "$gen/$(basename "$f")"; done
timeout -k 10 "${LIMIT_S:-100}" "$bench_gpu" run "$here/headroom/manifest.json" \
    --wgsl variant="$here/headroom" --wgsl gen="$gen" -o "$out/headroom.json" \
    --scale "${SCALE:-1}" --rounds "${ROUNDS:-9}" --target-ms "${TARGET_MS:-20}" --warmup-ms 1000 \
    ${ONLY:+--only "$ONLY"}
status=$?
python3 - "$out/headroom.json" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
a = data["adapter"]
print(f"{a['name']} ({a['backend']}), scale 1/{data['scale']}, {data['rounds']} rounds; "
      "ratio: variant / generated kernel, per round, median (min-max)\n")
print("| variant | terms | variant ms | generated ms | ratio | context B | same gradient |")
print("| --- | --- | --- | --- | --- | --- | --- |")
rows = {}
for r in data["results"]:
    rows.setdefault(r["name"], {})[r["compiler"]] = r
for name, by in rows.items():
    v, g = by.get("variant", {}), by.get("gen", {})
    if not (v.get("ok") and g.get("ok")):
        print(f"| {name} | FAILED: {(v.get('error') or g.get('error') or '')[:200]} |")
        continue
    mv, mg = v["measurement"], g["measurement"]
    q = mv["ratio"]
    same = mv["checks"] == mg["checks"]
    print(f"| {v['variant'].split(',')[0]} | {v['param']} | {mv['median_ms']:.3f} | {mg['median_ms']:.3f} "
          f"| {q['median']:.3f} ({q['min']:.3f}-{q['max']:.3f}) | {(v.get('context') or {}).get('bytes', 0)} "
          f"| {'yes' if same else 'no'} |")
PY
exit $status
