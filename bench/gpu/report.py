#!/usr/bin/env python3
"""B3 report: turns bench-gpu's results JSON into the BENCHMARKS.md table and bench/b3_kernels.png.

Usage: python3 bench/gpu/report.py RESULTS.json [--no-plot] [--plot PATH]
Rows: one per kernel variant; times are medians per dispatch (ms). d = dslang, s = slangc.
`d/s`: with bench-gpu's interleaved method (`"method": "interleaved"`), the median over the timed
rounds of the per-round ratio dslang/slangc (both kernels ran back to back in each round), and in
parentheses the smallest and largest per-round ratio; older results (one compiler after the other)
give the ratio of the medians and no range.
`agree`: the checked output buffers' sums match within 1e-3 of their absolute sums (same inputs,
same results from both compilers' code; float atomics may reorder sums).
"""
import json
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent.parent
MODES = ("primal", "fwd", "bwd")


def base_variant(variant):
    """The variant whose primal a reduction variant (same primal kernel) shares."""
    return variant.split(", workgroup")[0].split(", subgroup")[0]


def load(path):
    data = json.loads(Path(path).read_text())
    table = {}
    for r in data["results"]:
        table.setdefault((r["group"], r["variant"]), {}).setdefault(r["mode"], {})[r["compiler"]] = r
    return data, table


def ms(entry):
    return entry["measurement"]["median_ms"] if entry and entry.get("ok") else None


def fmt(x, digits=3):
    if x is None:
        return "-"
    return f"{x:.{digits}f}" if x < 100 else f"{x:.1f}"


def ratio(a, b):
    return a / b if a is not None and b else None


def round_ratio(entries):
    """bench-gpu's per-round ratio statistics of dslang against slangc, when it measured them."""
    d = entries.get("dslang")
    if not (d and d.get("ok")):
        return None
    r = d["measurement"].get("ratio")
    return r if r and r.get("against") == "slangc" else None


def fmt_ratio(cell):
    """`median (min-max)` from the rounds, or the ratio of the medians for old results."""
    stats = cell.get("rounds")
    if stats:
        return f"{stats['median']:.2f} ({stats['min']:.2f}-{stats['max']:.2f})"
    return fmt(ratio(cell["dslang"], cell["slangc"]), 2)


def agree(mode_entries):
    d, s = mode_entries.get("dslang"), mode_entries.get("slangc")
    if not (d and s and d.get("ok") and s.get("ok")):
        return None
    worst = 0.0
    for name, cd in d["measurement"]["checks"].items():
        cs = s["measurement"]["checks"].get(name)
        if cs is None:
            return False
        if cd["non_finite"] or cs["non_finite"]:
            return False
        scale = max(cd["abs_sum"], cs["abs_sum"], 1e-30)
        worst = max(worst, abs(cd["sum"] - cs["sum"]) / scale)
    return worst <= 1e-3


def context(entry):
    c = entry and entry.get("ok") and entry.get("context")
    return c["bytes"] if c else 0 if entry and entry.get("ok") else None


def rows(table):
    out = []
    for (group, variant), modes in table.items():
        primal = modes.get("primal") or table.get((group, base_variant(variant)), {}).get("primal", {})
        row = {"group": group, "variant": variant}
        for mode in MODES:
            entries = primal if mode == "primal" else modes.get(mode, {})
            row[mode] = {c: ms(entries.get(c)) for c in ("dslang", "slangc")}
            row[mode]["rounds"] = round_ratio(entries)
            if mode != "primal":
                row[mode]["agree"] = agree(entries)
                row[mode]["context"] = {c: context(entries.get(c)) for c in ("dslang", "slangc")}
        out.append(row)
    return out


def markdown(data, table_rows, ir_context=()):
    a = data["adapter"]
    if data.get("method") == "interleaved":
        method = (f"{data['rounds']} timed rounds (dslang and slangc back to back in each, "
                  "alternating order) after warm-up; times: medians; d/s: median (min-max) of the per-round ratios")
    else:
        method = f"median of {data['reps']} timed runs"
    lines = [
        f"Adapter: {a['name']} ({a['backend']}, {a['device_type']}, driver {a['driver']}); "
        f"features: {', '.join(k for k, v in data['features'].items() if v) or 'none'}; scale 1/{data['scale']} "
        f"(threads per kernel in the JSON), {method}"
        + ("" if data.get("complete", True) else "; INCOMPLETE run (time limit)") + ".",
        "",
        "| kernel | primal d / s (ms) | fwd d / s (ms) | fwd d/s | bwd d / s (ms) | bwd d/s | bwd/primal d, s | context d / s (B/thread) | agree fwd, bwd |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in table_rows:
        p, f, b = r["primal"], r["fwd"], r["bwd"]
        ctx = b.get("context", {}) if b else {}
        agree_text = ", ".join({None: "-", True: "yes", False: "NO"}[x.get("agree")] for x in (f, b))
        lines.append(
            f"| {r['group']}: {r['variant']} | {fmt(p['dslang'])} / {fmt(p['slangc'])} "
            f"| {fmt(f['dslang'])} / {fmt(f['slangc'])} | {fmt_ratio(f)} "
            f"| {fmt(b['dslang'])} / {fmt(b['slangc'])} | {fmt_ratio(b)} "
            f"| {fmt(ratio(b['dslang'], p['dslang']), 1)}, {fmt(ratio(b['slangc'], p['slangc']), 1)} "
            f"| {ctx.get('dslang') if ctx.get('dslang') is not None else '-'} / "
            f"{ctx.get('slangc') if ctx.get('slangc') is not None else '-'} | {agree_text} |"
        )
    if ir_context:
        lines.append("\ndslang's own context report (`dslang compile --target ir`, lines `// context:`):\n")
        lines += [f"    {line}" for line in ir_context]
    for r in data["results"]:
        if r.get("skipped"):
            lines.append(f"\nSKIPPED {r['name']} ({r['compiler']}): {r['skipped']}")
    unsettled = sorted({r["name"] for r in data["results"]
                        if r.get("ok") and r["measurement"].get("settled") is False})
    if unsettled:
        lines.append(f"\nWarm-up did not settle within its limits (times still moving by more than "
                     f"{data.get('tolerance', 0.05):.0%} between rounds): {', '.join(unsettled)}")
    failures = [r for r in data["results"] if not r.get("ok") and not r.get("skipped")]
    for r in failures:
        lines.append(f"\nFAILED {r['name']} ({r['compiler']}): {r.get('error', '')[:300]}")
    return "\n".join(lines)


def plot(table_rows, path, adapter):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    labels, values, colors, low, high = [], [], [], [], []
    palette = {"primal": "tab:gray", "fwd": "tab:blue", "bwd": "tab:orange"}
    for r in table_rows:
        for mode in MODES:
            if mode == "primal" and base_variant(r["variant"]) != r["variant"]:
                continue
            stats = r[mode].get("rounds")
            q = stats["median"] if stats else ratio(r[mode]["dslang"], r[mode]["slangc"])
            if q is None:
                continue
            labels.append(f"{r['group']} {r['variant']} [{mode}]")
            values.append(q)
            low.append(q - stats["min"] if stats else 0.0)
            high.append(stats["max"] - q if stats else 0.0)
            colors.append(palette[mode])
    fig, ax = plt.subplots(figsize=(9, 0.28 * len(labels) + 1.5))
    # Whiskers: the smallest and largest per-round ratio.
    ax.barh(range(len(values)), values, color=colors, xerr=[low, high], error_kw={"lw": 0.8, "capsize": 2})
    ax.axvline(1.0, color="black", lw=1)
    ax.set_xscale("log")
    ends = [v - l for v, l in zip(values, low)] + [v + h for v, h in zip(values, high)]
    ticks = [t for t in (0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20) if min(ends) / 2 <= t <= max(ends) * 2]
    ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    from matplotlib.patches import Patch

    ax.legend(handles=[Patch(color=c, label=m) for m, c in palette.items()], loc="lower right", fontsize=8)
    ax.set_yticks(range(len(labels)), labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("dslang time / slangc time, median of per-round ratios and their range (log scale; < 1: dslang faster)")
    ax.set_title(f"B3: generated kernels on {adapter}", fontsize=10)
    for i, v in enumerate(values):
        ax.text(v, i, f" {v:.2f}", va="center", fontsize=6)
    ax.grid(axis="x", alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    data, table = load(args[0])
    table_rows = rows(table)
    # device.sh leaves dslang's IR context lines beside the results.
    context_file = Path(args[0]).with_name("dslang-ir-context.txt")
    ir_context = context_file.read_text().splitlines() if context_file.exists() else []
    print(markdown(data, table_rows, ir_context))
    if "--no-plot" not in args:
        path = Path(args[args.index("--plot") + 1]) if "--plot" in args else root / "bench/b3_kernels.png"
        plot(table_rows, path, data["adapter"]["name"])


if __name__ == "__main__":
    main()
