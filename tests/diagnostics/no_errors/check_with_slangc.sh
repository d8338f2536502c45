#!/usr/bin/env bash
# Every file here must be accepted by the reference compiler (slangc from PyPI slangtorch).
# Exits 0 when slangc is not installed (nothing to compare against).
set -u
SP=$(python3 -c 'import site;print(site.getsitepackages()[0])' 2>/dev/null)
SLANGC="$SP/slangtorch/bin/slangc"
[ -x "$SLANGC" ] || { echo "slangc not installed; skipping"; exit 0; }
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
failed=0
for f in "$dir"/*.slang; do
    if ! LD_LIBRARY_PATH="$SP/slangtorch/bin" "$SLANGC" "$f" -target wgsl -entry computeMain -stage compute \
        -o "$tmp/out.wgsl" >/dev/null 2>&1; then
        echo "slangc REJECTS $(basename "$f")"
        failed=1
    fi
done
rm -rf "$tmp"
[ $failed -eq 0 ] && echo "slangc accepts all $(ls "$dir"/*.slang | wc -l) files"
exit $failed
