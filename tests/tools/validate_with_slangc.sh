#!/usr/bin/env bash
# Validate compute tests against the reference compiler: compile each test with slangc to WGSL and run
# that WGSL on lavapipe with wgsl-run, which compares the out buffers with the expected file.
# Usage: tests/tools/validate_with_slangc.sh DIR_OR_FILE...   (prints "N passed, M failed")
# RUNNER overrides the runner command (it is called as: $RUNNER TEST.slang TEST.wgsl).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SP=$(python3 -c 'import site;print(site.getsitepackages()[0])')
SLANGC="$SP/slangtorch/bin/slangc"
export LD_LIBRARY_PATH="$SP/slangtorch/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "$XDG_RUNTIME_DIR" ]; then
    export XDG_RUNTIME_DIR=$(mktemp -d); chmod 700 "$XDG_RUNTIME_DIR"
fi
if [ -z "${RUNNER:-}" ]; then
    # Build wgsl-run once and call the binary: `cargo run` per test would take the cargo lock each time.
    cargo build -q --manifest-path "$root/Cargo.toml" -p gpu --bin wgsl-run || exit 2
    target_dir=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
    RUNNER="$target_dir/debug/wgsl-run"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0; fail=0; failed=(); known=0; known_list=()
known_file="$root/tests/tools/slangc_known_failures.txt"
files=()
for arg in "${@:-$root/tests/compute}"; do
    if [ -d "$arg" ]; then
        while IFS= read -r f; do files+=("$f"); done < <(find "$(cd "$arg" && pwd)" -name '*.slang' | sort)
    else
        files+=("$(cd "$(dirname "$arg")" && pwd)/$(basename "$arg")")
    fi
done
for f in "${files[@]}"; do
    # Only compute tests (diagnostic tests have no buffers to run).
    grep -q '^//TEST(compute' "$f" || continue
    opts=$(grep -m1 '^//TEST(compute' "$f")
    extra=()
    # -xslang -DNAME=VALUE options become slangc defines.
    for d in $(grep -o -- '-xslang -D[^ ]*' <<<"$opts" | sed 's/-xslang //'); do extra+=("$d"); done
    # type_conformance lines become -conformance T:I=n.
    while read -r conf; do
        [ -n "$conf" ] && extra+=(-conformance "$conf")
    done < <(sed -n 's|^//TEST_INPUT: *type_conformance *\([A-Za-z0-9_]*\) *: *\([A-Za-z0-9_]*\) *= *\([0-9]*\).*|\1:\2=\3|p' "$f")
    rel=${f#"$root/tests/"}
    if [ -f "$known_file" ] && grep -q "^$rel " "$known_file"; then
        known=$((known + 1)); known_list+=("$rel"); continue
    fi
    wgsl="$work/$(basename "$f" .slang).wgsl"
    if ! "$SLANGC" "$f" -target wgsl -entry computeMain -stage compute "${extra[@]}" -o "$wgsl" >"$work/log" 2>&1; then
        fail=$((fail + 1)); failed+=("$f (slangc: $(head -c 300 "$work/log" | tr '\n' ' '))")
        continue
    fi
    if $RUNNER "$f" "$wgsl" >"$work/log" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); failed+=("$f ($(grep -v '^[-0-9.]*$' "$work/log" | grep -v '^type:' | head -3 | tr '\n' ' '))")
    fi
done
for x in "${failed[@]}"; do echo "FAILED: $x"; done
for x in "${known_list[@]}"; do echo "skipped (known slangc bug, see tools/slangc_known_failures.txt): $x"; done
echo "$pass passed, $fail failed${known:+, $known known slangc failures}"
[ "$fail" -eq 0 ]
