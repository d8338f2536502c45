#!/usr/bin/env bash
# The main job: compile a differentiable shader and run it on the GPU (lavapipe when there is none).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
file="${1:-examples/gradient.slang}"
cargo build --release -q -p cli
echo "== dslang check $file"
./target/release/dslang check "$file"
echo "== dslang run $file"
./target/release/dslang run "$file"
if [ -f "$file.expected.txt" ]; then
  echo "== dslang test $file (against $file.expected.txt)"
  ./target/release/dslang test "$file"
fi
