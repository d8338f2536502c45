# Writes the hand-written "clean" headroom variants (clean, cleanrecip, cleanu4, cleanck2, cleanck4) and their manifest entries.
# Usage: python3 bench/gpu/headroom/make_clean.py bench/gpu/headroom
import json, sys, os, copy
HEAD = """struct DiffPair_float { p: f32, d: f32, }
@group(0) @binding(0)
var<storage> xs: array<f32>;
@group(0) @binding(1)
var<storage> params: array<i32>;
@group(0) @binding(2)
var<storage, read_write> result: array<f32>;
"""
def div(a, c, recip):
    return f"({a} * (1f / {c}))" if recip else f"({a} / {c})"

def fn_clean(T, recip=False, unroll=1):
    # forward: T-entry tape; returns false-free (dispatcher picks T >= trips)
    fw_body = lambda: f"""        {{ tape[n] = term;
        let a = 2i * k;
        term = {div('((-term * x) * x)', 'f32(a * (a + 1i))', recip)};
        sum = sum + term;
        n = n + 1i;
        k = k + 1i; }}
"""
    bw_body = lambda: f"""        {{ i = i - 1i;
        let a = 2i * (i + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = {div('dt', 'c', recip)};
        let t = tape[i];
        let nt = -t;
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }}
"""
    if unroll == 1:
        fw = f"""    while (k < terms) {{
{fw_body()}    }}
"""
        bw = f"""    while (i > 0i) {{
{bw_body()}    }}
"""
    else:
        U = unroll
        fw = f"""    while (k + {U-1}i < terms) {{
{fw_body()*U}    }}
    while (k < terms) {{
{fw_body()}    }}
"""
        bw = f"""    while (i % {U}i != 0i) {{
{bw_body()}    }}
    while (i > 0i) {{
{bw_body()*U}    }}
"""
    return f"""
fn bwd_{T}(x: f32, terms: i32, dOut: f32) -> f32 {{
    var tape: array<f32, {T}>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
{fw}    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
{bw}    return (dpx + d_sum) + d_term;
}}
"""

def kernel(recip=False, unroll=1):
    s = HEAD
    for T in (16, 32, 64, 128):
        s += fn_clean(T, recip, unroll)
    s += """
fn bwd(x: f32, terms: i32, dOut: f32) -> f32 {
    if (terms <= 17i) { return bwd_16(x, terms, dOut); }
    if (terms <= 33i) { return bwd_32(x, terms, dOut); }
    if (terms <= 65i) { return bwd_64(x, terms, dOut); }
    return bwd_128(x, terms, dOut);
}

@compute @workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
    result[tid.x] = bwd(xs[tid.x], params[0i], 1f);
}
"""
    return s

out = sys.argv[1]
variants = {
    "clean": kernel(),
    "cleanrecip": kernel(recip=True),
    "cleanu4": kernel(unroll=4),
}
for name, src in variants.items():
    open(os.path.join(out, name + ".wgsl"), "w").write(f"// headroom variant: {name} (hand-written clean loops; see README)\n" + src)

def fn_ck(T, U):
    # checkpoint every U-th term; backward replays each group of U in registers
    def step(dst, src, m):
        return f"let a{dst} = 2i * ({m} + 1i); let {dst} = ((-{src} * x) * x) / f32(a{dst} * (a{dst} + 1i));\n"
    def bw_iter(t, m):
        return f"""        {{ let a = 2i * ({m} + 1i);
        let c = f32(a * (a + 1i));
        let dt = d_term + d_sum;
        let g = dt / c;
        let nt = -{t};
        let gx = g * x;
        dpx = dpx + g * (nt * x);
        dpx = dpx + gx * nt;
        d_term = -(gx * x); }}
"""
    group = "        let base = i - " + str(U) + "i;\n        let t0 = tape[base / " + str(U) + "i];\n"
    for j in range(1, U):
        group += "        " + step(f"t{j}", f"t{j-1}", f"(base + {j-1}i)")
    for j in reversed(range(U)):
        group += bw_iter(f"t{j}", f"(base + {j}i)")
    group += "        i = base;\n"
    return f"""
fn bwd_{T}(x: f32, terms: i32, dOut: f32) -> f32 {{
    var tape: array<f32, {T // U}>;
    var term = x;
    var sum = x;
    var n = 0i;
    var k = 1i;
    while (k < terms) {{
        if (n % {U}i == 0i) {{ tape[n / {U}i] = term; }}
        let a = 2i * k;
        term = ((-term * x) * x) / f32(a * (a + 1i));
        sum = sum + term;
        n = n + 1i;
        k = k + 1i;
    }}
    let d_sum = dOut;
    var d_term = 0f;
    var dpx = 0f;
    var i = n;
    // the top partial group: each iteration replays from its checkpoint
    while (i % {U}i != 0i) {{
        i = i - 1i;
        let m0 = i - i % {U}i;
        var t = tape[m0 / {U}i];
        for (var m = m0; m < i; m++) {{ let a = 2i * (m + 1i); t = ((-t * x) * x) / f32(a * (a + 1i)); }}
{bw_iter('t', 'i')}    }}
    while (i > 0i) {{
{group}    }}
    return (dpx + d_sum) + d_term;
}}
"""

def kernel_ck(U):
    s = HEAD
    for T in (16, 32, 64, 128):
        s += fn_ck(T, U)
    tail = kernel().split("\nfn bwd(x: f32, terms")[1]
    return s + "\nfn bwd(x: f32, terms" + tail

for U in (2, 4):
    name = f"cleanck{U}"
    open(os.path.join(out, name + ".wgsl"), "w").write(f"// headroom variant: {name} (checkpoint every {U}th term, groups replayed in registers)\n" + kernel_ck(U))
    variants[name] = None
# One manifest entry per variant and term count, copied from the generated kernel's entries.
m = json.load(open(os.path.join(out, "manifest.json")))
ks = [k for k in m["kernels"] if not k["source"].startswith("clean")]
gens = [k for k in ks if k["source"] == "gen.wgsl"]
for name in variants:
    for g in gens:
        k = copy.deepcopy(g)
        k["name"] = g["name"].replace("gen", name)
        k["source"] = name + ".wgsl"
        k["variant"] = g["variant"].replace("gen", name)
        ks.append(k)
m["kernels"] = ks
json.dump(m, open(os.path.join(out, "manifest.json"), "w"), indent=1)
