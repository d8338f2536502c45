#!/usr/bin/env python3
"""B1 (small files): whole-process wall time of `dslang compile --target wgsl` against the reference
`slangc -target wgsl` on every compute test that both compile; median of RUNS runs per file.

Usage: python3 bench/compile_speed.py [DIR...]   (default: tests/compute)
Needs target/release/dslang (cargo build --release -p cli) and `pip install --no-deps slangtorch`.
"""
import os, site, statistics, subprocess, sys, tempfile, time
from pathlib import Path

RUNS = int(os.environ.get("RUNS", "5"))
root = Path(__file__).resolve().parent.parent
dslang = root / "target/release/dslang"
slang_dir = next((Path(p) / "slangtorch/bin" for p in site.getsitepackages() if (Path(p) / "slangtorch/bin/slangc").exists()), None)
if not dslang.exists() or slang_dir is None:
    sys.exit("needs target/release/dslang and slangc (pip install --no-deps slangtorch)")
env = dict(os.environ, LD_LIBRARY_PATH=str(slang_dir))
out = Path(tempfile.mkdtemp()) / "out.wgsl"

def timed(cmd):
    best = []
    for _ in range(RUNS):
        start = time.perf_counter()
        ok = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        best.append(time.perf_counter() - start)
        if not ok:
            return None
    return statistics.median(best)

dirs = [Path(d) for d in sys.argv[1:]] or [root / "tests/compute"]
files = sorted(f for d in dirs for f in d.rglob("*.slang"))
ratios, ours, theirs = [], [], []
for f in files:
    d = timed([str(dslang), "compile", str(f), "-o", str(out)])
    s = timed([str(slang_dir / "slangc"), str(f), "-target", "wgsl", "-entry", "computeMain", "-stage", "compute", "-o", str(out)])
    if d is None or s is None:
        continue
    ours.append(d); theirs.append(s); ratios.append(s / d)
print(f"files compiled by both: {len(ratios)} of {len(files)}, {RUNS} runs each")
print(f"dslang median {statistics.median(ours)*1e3:.2f} ms, slangc median {statistics.median(theirs)*1e3:.1f} ms")
print(f"speed-up per file: median {statistics.median(ratios):.1f}x, min {min(ratios):.1f}x, max {max(ratios):.1f}x")
