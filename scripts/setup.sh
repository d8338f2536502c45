#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine, when it is missing:
# the Vulkan driver (lavapipe) for GPU tests, spirv-tools for SPIR-V validation, Neovim for the
# end-to-end language-server test (Debian's 0.7: vim.lsp.start_client, not vim.lsp.start), Chromium
# for the VS Code preview page's headless browser test (playwright-core drives it; it downloads none).
# For the real-VS-Code test (code-server, an npm dev dependency of vscode-extension, whose postinstall
# builds VS Code's native modules from source with node-gyp against the installed Node's headers): a C++ toolchain and
# Kerberos's headers; and ripgrep, because @vscode/ripgrep's postinstall downloads rg from GitHub, which is
# not reachable: Debian's rg is put where that script looks for its download first (below).
# Safe to run again; needs root only when something must be installed.
set -euo pipefail
need=()
dpkg -s mesa-vulkan-drivers >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
dpkg -s libvulkan1 >/dev/null 2>&1 || need+=(libvulkan1)
command -v spirv-val >/dev/null 2>&1 || need+=(spirv-tools)
command -v nvim >/dev/null 2>&1 || need+=(neovim)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v make >/dev/null 2>&1 || need+=(make)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v python3 >/dev/null 2>&1 || need+=(python3)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing ${need[*]}; run as root or: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${need[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# @vscode/ripgrep (a dependency of the VS Code inside code-server) looks for
# $TMPDIR/vscode-ripgrep-cache-VERSION/ripgrep-TAG-TARGET.tar.gz before it downloads; Debian's rg
# (13.0.0, the release that TAG packages) goes there. VERSION and TAG are those of the @vscode/ripgrep in
# code-server's lib/vscode/npm-shrinkwrap.json: update them with the code-server pin in
# vscode-extension/package.json (an install that fails with "Downloading ripgrep failed" says so).
if [ "$(uname -m)" = x86_64 ] && command -v node >/dev/null 2>&1; then
  rg_cache="$(node -p "require('os').tmpdir()")/vscode-ripgrep-cache-1.15.11"
  rg_asset="$rg_cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
  if [ ! -s "$rg_asset" ]; then
    rg_dir="$(mktemp -d)"
    cp "$(command -v rg)" "$rg_dir/rg"
    mkdir -p "$rg_cache"
    tar czf "$rg_asset.tmp" -C "$rg_dir" rg && mv "$rg_asset.tmp" "$rg_asset"
    rm -rf "$rg_dir"
  fi
fi
