#!/usr/bin/env bash
# Compiles every .slang file of this corpus with the reference Slang compiler (slangc) to WGSL.
# The corpus is meant to be valid Slang: any slangc error is a bug in the corpus file.
# Usage: tests/syntax/check_with_slangc.sh [file.slang ...]   (default: all files in this folder)
# SLANGC may point at a slangc binary; otherwise the one shipped with the slangtorch pip package is used.
set -u
shopt -s nullglob
here="$(cd "$(dirname "$0")" && pwd)"

slangc="${SLANGC:-}"
if [ -z "$slangc" ]; then
    if command -v slangc >/dev/null 2>&1; then
        slangc="$(command -v slangc)"
    else
        site="$(python3 -c 'import site; print(site.getsitepackages()[0])' 2>/dev/null || true)"
        if [ -n "$site" ] && [ -x "$site/slangtorch/bin/slangc" ]; then
            slangc="$site/slangtorch/bin/slangc"
            export LD_LIBRARY_PATH="$site/slangtorch/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
        fi
    fi
fi
if [ -z "$slangc" ]; then
    echo "check_with_slangc.sh: slangc not found (set SLANGC or pip install slangtorch); skipping"
    exit 0
fi

if [ "$#" -gt 0 ]; then
    files=("$@")
else
    files=("$here"/*.slang)
fi

out_dir="$(mktemp -d)"
trap 'rm -rf "$out_dir"' EXIT
failed=0
for f in "${files[@]}"; do
    name="$(basename "$f" .slang)"
    if "$slangc" "$f" -target wgsl -entry computeMain -stage compute -o "$out_dir/$name.wgsl" \
        >"$out_dir/$name.log" 2>&1; then
        echo "ok    $name"
    else
        echo "FAIL  $name"
        sed 's/^/      /' "$out_dir/$name.log"
        failed=$((failed + 1))
    fi
done
echo "${#files[@]} files, $failed failed"
[ "$failed" -eq 0 ]
