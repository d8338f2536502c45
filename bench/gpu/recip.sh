#!/usr/bin/env bash
# Does dividing by a constant in derivative code cost time? slangc writes the derivative of `a / c`
# (c a constant) as `da * (1/c)`, dslang as `da / c`. This compiles the two kernels that were 1-3%
# slower than slangc's in B3 (unrolled 128-term forward, unrolled 64-term reverse) with dslang,
# rewrites each division by a constant in their derivative code into a multiplication by the f32
# reciprocal, and times both forms in alternation (per-round ratio: rewritten / generated).
# H100, 2026-11-22 (bench/results/b3-h100-recip.json): forward 1.000, reverse 1.017 (slower): the
# division is not what costs time there, so dslang keeps `da / c` (correctly rounded).
#
# Usage: bash bench/gpu/recip.sh DSLANG BENCH_GPU     Env: SCALE (1; 256 on lavapipe), ROUNDS (11)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dslang=$(realpath "${1:?usage: recip.sh DSLANG BENCH_GPU}")
bench_gpu=$(realpath "${2:?usage: recip.sh DSLANG BENCH_GPU}")
out=${OUT:-$root/b3-results}
work=$(mktemp -d)
mkdir -p "$out" "$work/gen" "$work/variant"
. "$here/vulkan_env.sh"

"$dslang" compile "$here/kernels/taylor_unroll128_fwd.slang" --target wgsl -o "$work/gen/u128fwd.wgsl"
"$dslang" compile "$here/kernels/taylor_unroll64_bwd.slang" --target wgsl -o "$work/gen/u64bwd.wgsl"
python3 - "$work" "$here/manifest.json" <<'PY'
import json, re, struct, sys
work, manifest = sys.argv[1], sys.argv[2]
def recip(c):
    return '%.17gf' % struct.unpack('f', struct.pack('f', 1.0 / float(c)))[0]
# Forward: the derivative lines are the divisions whose numerator reads `x.d`.
lines = open(f'{work}/gen/u128fwd.wgsl').read().split('\n')
for i, l in enumerate(lines):
    m = re.match(r'(\s*let \w+ = )\((.*) / (\d+)f\);$', l)
    if m and 'x.d' in m.group(2):
        lines[i] = f'{m.group(1)}({m.group(2)} * {recip(m.group(3))});'
open(f'{work}/variant/u128fwd.wgsl', 'w').write('\n'.join(lines))
# Reverse: every division by a constant after the backward region starts (`dOut` is read).
lines, back = open(f'{work}/gen/u64bwd.wgsl').read().split('\n'), False
for i, l in enumerate(lines):
    back = back or ('dOut' in l and 'fn ' not in l)
    if back:
        lines[i] = re.sub(r'\((\w+) / (\d+)f\)', lambda m: f'({m.group(1)} * {recip(m.group(2))})', l)
open(f'{work}/variant/u64bwd.wgsl', 'w').write('\n'.join(lines))
sources = {'taylor_unroll128_fwd': 'u128fwd.wgsl', 'taylor_unroll64_bwd': 'u64bwd.wgsl'}
kernels = [dict(k, source=sources[k['name']], group='recip')
           for k in json.load(open(manifest))['kernels'] if k['name'] in sources]
json.dump({'comment': 'bench/gpu/recip.sh', 'kernels': kernels}, open(f'{work}/manifest.json', 'w'), indent=1)
PY
"$bench_gpu" run "$work/manifest.json" --wgsl variant="$work/variant" --wgsl gen="$work/gen" \
    -o "$out/recip.json" --scale "${SCALE:-1}" --rounds "${ROUNDS:-11}" --target-ms 20 --warmup-ms 1000
