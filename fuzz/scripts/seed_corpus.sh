#!/usr/bin/env bash
# Copies every .slang file of the repository's test corpora (tests/, examples/, stdlib/) into the
# seed corpus of each fuzz target: fuzz/corpus/<target>/. Run from anywhere.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
for target in parse check compile; do
    dir="$root/fuzz/corpus/$target"
    mkdir -p "$dir"
    find "$root/tests" "$root/examples" "$root/stdlib" -name '*.slang' -print0 |
        while IFS= read -r -d '' f; do
            # Flatten the path into a unique file name.
            rel="${f#"$root"/}"
            cp "$f" "$dir/seed_${rel//\//_}"
        done
    echo "$target: $(ls "$dir" | wc -l) files"
done
