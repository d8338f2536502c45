#!/usr/bin/env bash
# The main job: fit 36 coloured 2D Gaussians to a target image (a smiley) by bwd_diff and gradient
# descent on the GPU (lavapipe when there is none), and write the fitted image as a PNG.
#   bash scripts/demo.sh                        examples/gaussian_splatting.slang, 150 frames, target/demo/
#   bash scripts/demo.sh FILE [FRAMES] [DIR]    another file (examples/brdf_fit.slang, examples/sdf_derivative.slang...)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
file="${1:-examples/gaussian_splatting.slang}"
frames="${2:-150}"
out="${3:-target/demo}"
cargo build --release -q -p cli
echo "== dslang check $file"
./target/release/dslang check "$file"
echo "== dslang run $file --frames $frames --out $out"
./target/release/dslang run "$file" --frames "$frames" --out "$out"
if [ -f "$file.expected.txt" ]; then
  echo "== dslang test $file (against $file.expected.txt)"
  ./target/release/dslang test "$file"
fi
