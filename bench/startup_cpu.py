#!/usr/bin/env python3
"""CPU time (task-clock, through `perf stat`) of whole-process `dslang check` of a one-function
file and `dslang compile --target wgsl` of a small kernel: steadier than wall time on a loaded
machine.

usage: python3 bench/startup_cpu.py DSLANG [DSLANG...] [--runs N]   (default 40 runs)
Prints per binary the median and 90th percentile in milliseconds.
"""
import os
import statistics
import subprocess
import sys
import tempfile

SOURCE = "[Differentiable]\nfloat f(float x) { return x * x; }\n"
KERNEL = """RWStructuredBuffer<float> outputBuffer;
[numthreads(4,1,1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    float x = float(tid.x);
    outputBuffer[tid.x] = x * x + 1.0;
}
"""


def cpu_ms(cmd, runs):
    times = []
    for _ in range(runs):
        r = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock"] + cmd,
                           capture_output=True, text=True, check=True)
        for line in r.stderr.splitlines():
            if "task-clock" in line:
                times.append(float(line.split(",")[0]))
    times.sort()
    return statistics.median(times), times[int(round(0.9 * (len(times) - 1)))]


def main():
    args = sys.argv[1:]
    runs = 40
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    with tempfile.TemporaryDirectory() as folder:
        one = os.path.join(folder, "one.slang")
        kernel = os.path.join(folder, "kernel.slang")
        out = os.path.join(folder, "out.wgsl")
        open(one, "w").write(SOURCE)
        open(kernel, "w").write(KERNEL)
        for binary in args:
            check = cpu_ms([binary, "check", one], runs)
            compile_ = cpu_ms([binary, "compile", kernel, "--target", "wgsl", "-o", out], runs)
            print(f"{binary}: check CPU median {check[0]:.1f} ms (p90 {check[1]:.1f}), "
                  f"compile CPU median {compile_[0]:.1f} ms (p90 {compile_[1]:.1f})")


main()
