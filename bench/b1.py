#!/usr/bin/env python3
"""B1 compile speed: dslang against the reference slangc, whole-process wall time and peak RSS.

1. Small files: every .slang file of tests/compute and tests/autodiff that both compilers compile,
   `dslang compile FILE -o out.wgsl` against `slangc FILE -target wgsl -entry computeMain -stage
   compute -o out.wgsl`, median of RUNS runs per file.
2. Large files: bench/gen_b1.py N for N in SIZES (N differentiable functions with loops, each
   called through bwd_diff), median of BIG_RUNS runs, peak RSS; a least-squares line time = a + b N
   for each compiler with its R^2.

Writes bench/results/b1.json and bench/b1_scaling.png and prints the markdown for BENCHMARKS.md.
`python3 bench/b1.py --plot-only` re-draws the plot from the saved results.
`python3 bench/b1.py --large-only` measures dslang on the generated files only and keeps the saved
small-file results and slangc's saved figures for the same N (slangc needs about 5 minutes at
N = 500; its figures do not change when dslang does); N without a saved slangc figure get none.
Environment: RUNS (default 5), BIG_RUNS (default 3), SIZES (default "50,100,250,500,1000"),
DSLANG (default target/release/dslang; build it with `cargo build --release -p cli`).
Needs `pip install --no-deps slangtorch` (slangc) and matplotlib for the plot.
"""
import json
import math
import os
import platform
import site
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

root = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "bench"))
import gen_b1  # noqa: E402

RUNS = int(os.environ.get("RUNS", "5"))
BIG_RUNS = int(os.environ.get("BIG_RUNS", "3"))
SIZES = [int(s) for s in os.environ.get("SIZES", "50,100,250,500,1000").split(",")]
LARGE_ONLY = "--large-only" in sys.argv
dslang = Path(os.environ.get("DSLANG", root / "target/release/dslang"))
slang_dir = next(
    (Path(p) / "slangtorch/bin" for p in site.getsitepackages() if (Path(p) / "slangtorch/bin/slangc").exists()),
    None,
)
if not dslang.exists() or slang_dir is None:
    sys.exit("needs target/release/dslang (cargo build --release -p cli) and slangc (pip install --no-deps slangtorch)")
env = dict(os.environ, LD_LIBRARY_PATH=str(slang_dir))
work = Path(tempfile.mkdtemp(prefix="dslang-b1-"))
out = work / "out.wgsl"


def run_once(cmd):
    """Wall time (s), peak RSS (MiB) and CPU time (s, user + system) of one process, or None when
    it fails. CPU time is reported beside wall time: it is far less disturbed by other load on
    the machine."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # wait4 gives this child's own rusage (getrusage(RUSAGE_CHILDREN) would mix all children).
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        return None
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def measure(cmd, runs):
    samples = []
    for _ in range(runs):
        sample = run_once(cmd)
        if sample is None:
            return None
        samples.append(sample)
    return {
        "median_s": statistics.median(s[0] for s in samples),
        "peak_rss_mib": max(s[1] for s in samples),
        "median_cpu_s": statistics.median(s[2] for s in samples),
        "cpu_s": [s[2] for s in samples],
    }


def dslang_cmd(f):
    return [str(dslang), "compile", str(f), "-o", str(out)]


def slangc_cmd(f):
    return [str(slang_dir / "slangc"), str(f), "-target", "wgsl", "-entry", "computeMain", "-stage", "compute", "-o", str(out)]


def fit(xs, ys):
    """Least-squares line y = a + b x and its R^2."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    a = my - b * mx
    ss_res = sum((y - (a + b * x)) ** 2 for x, y in zip(xs, ys))
    ss_tot = sum((y - my) ** 2 for y in ys)
    return a, b, 1 - ss_res / ss_tot if ss_tot else 1.0


def small_files():
    files = sorted(f for d in ("tests/compute", "tests/autodiff") for f in (root / d).rglob("*.slang"))
    rows = []
    for f in files:
        d = measure(dslang_cmd(f), RUNS)
        s = measure(slangc_cmd(f), RUNS)
        if d is None or s is None:
            continue
        rows.append({"file": str(f.relative_to(root)), "dslang": d, "slangc": s})
    return len(files), rows


def large_files(saved_slangc):
    """`saved_slangc`: N -> slangc's figures from an earlier run, used instead of running slangc
    (--large-only); None runs it."""
    rows = []
    for n in SIZES:
        f = work / f"gen{n}.slang"
        f.write_text(gen_b1.generate(n))
        d = measure(dslang_cmd(f), BIG_RUNS)
        s = saved_slangc.get(n) if saved_slangc is not None else measure(slangc_cmd(f), BIG_RUNS)
        rows.append({"n": n, "lines": f.read_text().count("\n"), "dslang": d, "slangc": s})
        print(f"N={n}: dslang {d}, slangc {s}", file=sys.stderr)
    return rows


def plot(big, fits, path):
    """Left: dslang's CPU time (user + system) against N with its least-squares line from `fits`
    (CPU time: wall time on the shared 2-core machine mostly measures the other load; slangc,
    40x slower, would flatten dslang's curve). Right: both compilers on log-log axes, where time
    growing as N^k is a line of slope k (dotted: slope 1)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for name, color in (("slangc", "tab:red"), ("dslang", "tab:blue")):
        if name not in fits:
            continue
        xs = [r["n"] for r in big if r[name]]
        cpu = [r[name]["median_cpu_s"] for r in big if r[name]]
        a, b, r2 = fits[name]
        if name == "dslang":
            ax1.plot(xs, cpu, "o", color=color, label=f"{name} (measured)")
            ax1.plot([0, max(xs)], [a, a + b * max(xs)], "-", color=color, alpha=0.5,
                     label=f"{name} fit: {a:.2f} s + {b * 1e3:.2f} ms/fn, R²={r2:.4f}")
        ax2.plot(xs, cpu, "o-", color=color, label=f"{name} CPU time")
        ax2.plot(xs, [cpu[0] * x / xs[0] for x in xs], ":", color=color, alpha=0.6, label=f"{name}: linear from N={xs[0]}")
    ax1.set_title("B1: dslang CPU time vs number of differentiable functions", fontsize=10)
    ax1.set_ylabel("CPU time (s)")
    ax1.set_xlim(left=0)
    ax1.set_ylim(bottom=0)
    ax2.set_title("CPU time (user + system), log-log: slope = exponent", fontsize=10)
    ax2.set_xscale("log")
    ax2.set_yscale("log")
    ax2.set_ylabel("CPU time (s)")
    sizes = sorted({r["n"] for r in big})
    ax2.set_xticks(sizes, [str(n) for n in sizes])
    ax2.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    for ax in (ax1, ax2):
        ax.set_xlabel("N ([Differentiable] functions with loops, each through bwd_diff)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    if "--plot-only" in sys.argv:
        # Re-draws bench/b1_scaling.png from bench/results/b1.json without measuring.
        saved = json.loads((root / "bench/results/b1.json").read_text())
        fits = {k: (v["a_s"], v["b_s_per_fn"], v["r2"]) for k, v in saved["cpu_fits"].items()}
        plot(saved["big"], fits, root / "bench/b1_scaling.png")
        return
    if LARGE_ONLY:
        saved = json.loads((root / "bench/results/b1.json").read_text())
        total, small = saved["small_total"], saved["small"]
        big = large_files({r["n"]: r["slangc"] for r in saved["big"] if r["slangc"]})
    else:
        total, small = small_files()
        big = large_files(None)
    fits, cpu_fits = {}, {}
    for name in ("dslang", "slangc"):
        for key, into in (("median_s", fits), ("median_cpu_s", cpu_fits)):
            pts = [(r["n"], r[name][key]) for r in big if r[name]]
            if len(pts) >= 2:
                into[name] = fit([p[0] for p in pts], [p[1] for p in pts])
    ratios = [r["slangc"]["median_s"] / r["dslang"]["median_s"] for r in small]
    summary = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at end",
        "runs": RUNS,
        "big_runs": BIG_RUNS,
        "slangc_large_from": (saved.get("slangc_large_from") or saved["date"]) if LARGE_ONLY else None,
        "small_total": total,
        "small": small,
        "big": big,
        "fits": {k: {"a_s": a, "b_s_per_fn": b, "r2": r2} for k, (a, b, r2) in fits.items()},
        "cpu_fits": {k: {"a_s": a, "b_s_per_fn": b, "r2": r2} for k, (a, b, r2) in cpu_fits.items()},
    }
    results = root / "bench/results"
    results.mkdir(exist_ok=True)
    (results / "b1.json").write_text(json.dumps(summary, indent=1))
    if "dslang" in cpu_fits:
        plot(big, cpu_fits, root / "bench/b1_scaling.png")

    med = lambda name: statistics.median(r[name]["median_s"] for r in small)  # noqa: E731
    print(f"Small files: {len(small)} of {total} files of tests/compute and tests/autodiff compiled by both, median of {RUNS} runs each.\n")
    cpu = lambda name: statistics.median(r[name]["median_cpu_s"] for r in small)  # noqa: E731
    cpu_ratios = [r["slangc"]["median_cpu_s"] / max(r["dslang"]["median_cpu_s"], 1e-4) for r in small]
    print("| | median wall time per file | median CPU time per file | peak RSS (median over files) |\n| --- | --- | --- | --- |")
    for name in ("dslang", "slangc"):
        rss = statistics.median(r[name]["peak_rss_mib"] for r in small)
        print(f"| {name} | {med(name) * 1e3:.2f} ms | {cpu(name) * 1e3:.2f} ms | {rss:.0f} MiB |")
    print(f"| speed-up per file | median {statistics.median(ratios):.1f}x, min {min(ratios):.1f}x, max {max(ratios):.1f}x "
          f"| median {statistics.median(cpu_ratios):.1f}x | |\n")
    print(f"Generated files (bench/gen_b1.py N), median of {BIG_RUNS} runs:\n")
    print("| N | lines | dslang wall (CPU) | slangc wall (CPU) | speed-up wall (CPU) | dslang peak RSS | slangc peak RSS |\n| --- | --- | --- | --- | --- | --- | --- |")
    for r in big:
        d, s = r["dslang"], r["slangc"]
        ds = f"{d['median_s']:.2f} s ({d['median_cpu_s']:.2f} s)" if d else "failed"
        ss = f"{s['median_s']:.2f} s ({s['median_cpu_s']:.2f} s)" if s else ("not run" if LARGE_ONLY else "failed")
        sp = f"{s['median_s'] / d['median_s']:.1f}x ({s['median_cpu_s'] / d['median_cpu_s']:.1f}x)" if d and s else "-"
        dr = f"{d['peak_rss_mib']:.0f} MiB" if d else "-"
        sr = f"{s['peak_rss_mib']:.0f} MiB" if s else "-"
        print(f"| {r['n']} | {r['lines']} | {ds} | {ss} | {sp} | {dr} | {sr} |")
    for label, table in (("wall", fits), ("CPU", cpu_fits)):
        for name, (a, b, r2) in table.items():
            print(f"\n{name} {label} time = {a * 1e3:.1f} ms + {b * 1e3:.3f} ms x N, R^2 = {r2:.4f}", end="")
    print()
    # Time growing as N^k between two sizes: k = log(t2 / t1) / log(n2 / n1); 1 is linear.
    for name in ("dslang", "slangc"):
        pts = [(r["n"], r[name]["median_cpu_s"]) for r in big if r[name]]
        steps = [f"{n1}->{n2}: N^{math.log(t2 / t1) / math.log(n2 / n1):.2f}" for (n1, t1), (n2, t2) in zip(pts, pts[1:])]
        print(f"{name} CPU time exponent between sizes: {', '.join(steps)}")


if __name__ == "__main__":
    main()
