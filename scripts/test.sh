#!/usr/bin/env bash
# The whole test suite, on a fresh machine: installs what it needs, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Mesa warns at each Vulkan start without a runtime dir; give it a private one.
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
# GPU, editor and browser tests must not skip silently: lavapipe, Neovim and Chromium are installed above.
export DSLANG_REQUIRE_GPU=1
export DSLANG_REQUIRE_NVIM=1
export DSLANG_REQUIRE_CHROMIUM=1
cargo test --workspace --all-targets --locked --no-fail-fast
# The VS Code extension: grammar, unit and activation tests, the .vsix package, the preview page in
# headless Chromium (on runs of target/debug/dslang built above; its screenshot is
# vscode-extension/test-artifacts/preview.png), and the .vsix installed in a real VS Code (code-server)
# driven by the same Chromium (screenshots vscode-*.png there).
# code-server's postinstall builds VS Code's native modules with node-gyp, offline: against the headers
# of the Node that runs it (Debian's and NodeSource's packages put them in /usr/include/node).
node_prefix="$(dirname "$(dirname "$(node -p process.execPath)")")"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$node_prefix/include/node/node_api.h" ]; then
  export npm_config_nodedir="$node_prefix"
fi
(cd vscode-extension && npm ci --no-audit --no-fund --loglevel=error && npm test)
