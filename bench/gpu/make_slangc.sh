#!/usr/bin/env bash
# Regenerates bench/gpu/slangc/*.wgsl: the reference compiler's WGSL for every B3 kernel, so that the
# GPU machine needs no slangc. Needs `pip install --no-deps slangtorch`.
set -euo pipefail
cd "$(dirname "$0")"
sp=$(python3 -c 'import site; print(next(p for p in site.getsitepackages() if __import__("os").path.exists(p + "/slangtorch/bin/slangc")))')
export LD_LIBRARY_PATH="$sp/slangtorch/bin"
mkdir -p slangc
"$sp/slangtorch/bin/slangc" -v > slangc/VERSION 2>&1 || true
for f in kernels/*.slang; do
    n=$(basename "$f" .slang)
    "$sp/slangtorch/bin/slangc" "$f" -target wgsl -entry computeMain -stage compute -o "slangc/$n.wgsl"
    # naga 30's WGSL front end (what wgpu runs) rejects `enable subgroups;` as not implemented yet
    # and accepts the subgroup builtins without it: drop the directive, nothing else.
    sed -i '/^enable subgroups;$/d' "slangc/$n.wgsl"
done
echo "slangc: $(ls slangc/*.wgsl | wc -l) kernels in bench/gpu/slangc"
