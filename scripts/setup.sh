#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine, when it is missing:
# the Vulkan driver (lavapipe) for GPU tests, spirv-tools for SPIR-V validation, Neovim for the
# end-to-end language-server test (Debian's 0.7: vim.lsp.start_client, not vim.lsp.start), Chromium
# for the VS Code preview page's headless browser test (playwright-core drives it; it downloads none).
# Safe to run again; needs root only when something must be installed.
set -euo pipefail
need=()
dpkg -s mesa-vulkan-drivers >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
dpkg -s libvulkan1 >/dev/null 2>&1 || need+=(libvulkan1)
command -v spirv-val >/dev/null 2>&1 || need+=(spirv-tools)
command -v nvim >/dev/null 2>&1 || need+=(neovim)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing ${need[*]}; run as root or: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${need[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
