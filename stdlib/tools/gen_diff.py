# Generates stdlib/diff.slang: derivatives of the math library, per float type.
# Every elementwise derivative exists for float, double and half scalars and vectors (codegen
# needs SHADER_F64 / SHADER_F16 to emit the latter two; the CPU interpreter runs them all).
SCALARS = ["float", "double", "half"]
TYPES = [s + n for s in SCALARS for n in ["", "2", "3", "4"]]


def scalar_of(t):
    return t.rstrip("234")
# unary elementwise: name -> derivative factor in terms of p (= x.p)
UNARY = [
    ("abs", "sign(p)"),  # Slang: sign(x) * dx, 0 at the kink
    ("saturate", "step(0.0, p) * step(p, 1.0)"),
    ("sqrt", "0.5 / sqrt(max(TY(1e-7), p))"),  # Slang: no infinity at 0
    ("rsqrt", "-0.5 / (p * sqrt(p))"),
    ("rcp", "-1.0 / max(TY(1e-7), p * p)"),
    ("exp", "exp(p)"),
    ("exp2", "exp2(p) * 0.69314718055994530942"),
    ("log", "1.0 / p"),
    ("log2", "1.0 / (p * 0.69314718055994530942)"),
    ("log10", "1.0 / (p * 2.30258509299404568402)"),
    ("sin", "cos(p)"),
    ("cos", "-sin(p)"),
    ("tan", "1.0 / (cos(p) * cos(p))"),
    ("asin", "1.0 / sqrt(1.0 - p * p)"),
    ("acos", "-1.0 / sqrt(1.0 - p * p)"),
    ("atan", "1.0 / (1.0 + p * p)"),
    ("sinh", "cosh(p)"),
    ("cosh", "sinh(p)"),
    ("tanh", "1.0 / (cosh(p) * cosh(p))"),
    ("asinh", "1.0 / sqrt(p * p + 1.0)"),
    ("acosh", "1.0 / sqrt(p * p - 1.0)"),
    ("atanh", "1.0 / (1.0 - p * p)"),
    ("floor", "0.0"),
    ("ceil", "0.0"),
    ("round", "0.0"),
    ("trunc", "0.0"),
    ("frac", "1.0"),
    ("radians", "0.01745329251994329577"),
    ("degrees", "57.2957795130823208768"),
]
# binary elementwise: name -> (dfdx, dfdy) in terms of x, y (primals)
BINARY = [
    ("atan2", "y / (x * x + y * y)", "-x / (x * x + y * y)"),
    ("fmod", "1.0", "0.0"),
    ("min", "0.5 * (1.0 + step(x, y) - step(y, x))", "0.5 * (1.0 - step(x, y) + step(y, x))"),
    ("max", "0.5 * (1.0 - step(x, y) + step(y, x))", "0.5 * (1.0 + step(x, y) - step(y, x))"),
    ("step", "0.0", "0.0"),
]

out = []
w = out.append
w("// dslang's derivatives of the math library, written in Slang as Slang's core module does.")
w("//")
w("// `[ForwardDerivativeOf(f)]` / `[BackwardDerivativeOf(f)]` link each function to the math")
w("// intrinsic `f`; the lowering registers them with autodiff for the argument types they take.")
w("// Forward: `DifferentialPair<T> d(DifferentialPair<T> x, ...)`. Backward:")
w("// `void d(inout DifferentialPair<T> x, ..., T.Differential dOut)`, writing each input's")
w("// derivative into its pair. One-sided choices at kinks follow Slang (abs: sign(x), so 0 at 0;")
w("// min/max: half to each operand at ties; clamp: the bounds win only strictly outside).")
w("")

def pt(t): return f"DifferentialPair<{t}>"

w("// ---- unary elementwise functions")
for name, fac in UNARY:
    for t in TYPES:
        f = fac.replace("TY", t)
        w(f"[ForwardDerivativeOf({name})]")
        w(f"{pt(t)} __fwd_{name}({pt(t)} x) {{ {t} p = x.p; return {pt(t)}({name}(p), {t}({f}) * x.d); }}")
        w(f"[BackwardDerivativeOf({name})]")
        w(f"void __bwd_{name}(inout {pt(t)} x, {t} dOut) {{ {t} p = x.p; x = {pt(t)}(p, {t}({f}) * dOut); }}")
    w("")

w("// ---- binary elementwise functions")
for name, dx, dy in BINARY:
    for t in TYPES:
        w(f"[ForwardDerivativeOf({name})]")
        w(f"{pt(t)} __fwd_{name}({pt(t)} a, {pt(t)} b) {{ {t} x = a.p; {t} y = b.p; "
          f"return {pt(t)}({name}(x, y), {t}({dx}) * a.d + {t}({dy}) * b.d); }}")
        w(f"[BackwardDerivativeOf({name})]")
        w(f"void __bwd_{name}(inout {pt(t)} a, inout {pt(t)} b, {t} dOut) {{ {t} x = a.p; {t} y = b.p; "
          f"a = {pt(t)}(x, {t}({dx}) * dOut); b = {pt(t)}(y, {t}({dy}) * dOut); }}")
    w("")

w("// ---- ternary elementwise functions")
for t in TYPES:
    P = pt(t)
    # clamp(x, lo, hi): Slang gives the bound's derivative strictly outside [lo, hi].
    w("[ForwardDerivativeOf(clamp)]")
    w(f"{P} __fwd_clamp({P} x, {P} lo, {P} hi) {{ {t} below = 1.0 - step(lo.p, x.p); {t} above = 1.0 - step(x.p, hi.p); {t} inside = 1.0 - below - above; "
      f"return {P}(clamp(x.p, lo.p, hi.p), inside * x.d + below * lo.d + above * hi.d); }}")
    w("[BackwardDerivativeOf(clamp)]")
    w(f"void __bwd_clamp(inout {P} x, inout {P} lo, inout {P} hi, {t} dOut) {{ {t} below = 1.0 - step(lo.p, x.p); {t} above = 1.0 - step(x.p, hi.p); {t} inside = 1.0 - below - above; "
      f"x = {P}(x.p, inside * dOut); lo = {P}(lo.p, below * dOut); hi = {P}(hi.p, above * dOut); }}")
    w("[ForwardDerivativeOf(lerp)]")
    w(f"{P} __fwd_lerp({P} a, {P} b, {P} s) {{ return {P}(lerp(a.p, b.p, s.p), (1.0 - s.p) * a.d + s.p * b.d + (b.p - a.p) * s.d); }}")
    w("[BackwardDerivativeOf(lerp)]")
    w(f"void __bwd_lerp(inout {P} a, inout {P} b, inout {P} s, {t} dOut) {{ {t} sp = s.p; {t} ap = a.p; {t} bp = b.p; "
      f"a = {P}(ap, (1.0 - sp) * dOut); b = {P}(bp, sp * dOut); s = {P}(sp, (bp - ap) * dOut); }}")
    # smoothstep(e0, e1, x) = t * t * (3 - 2 t), t = saturate((x - e0) / (e1 - e0)).
    w("[ForwardDerivativeOf(smoothstep)]")
    w(f"{P} __fwd_smoothstep({P} e0, {P} e1, {P} x) {{ {t} w = e1.p - e0.p; {t} u = (x.p - e0.p) / w; {t} t = saturate(u); "
      f"{t} inside = (1.0 - step(u, 0.0)) * (1.0 - step(1.0, u)); {t} k = inside * 6.0 * t * (1.0 - t) / w; "
      f"{t} du = x.d - e0.d - u * (e1.d - e0.d); return {P}(smoothstep(e0.p, e1.p, x.p), k * du); }}")
    w("[BackwardDerivativeOf(smoothstep)]")
    w(f"void __bwd_smoothstep(inout {P} e0, inout {P} e1, inout {P} x, {t} dOut) {{ {t} w = e1.p - e0.p; {t} u = (x.p - e0.p) / w; {t} t = saturate(u); "
      f"{t} inside = (1.0 - step(u, 0.0)) * (1.0 - step(1.0, u)); {t} g = inside * 6.0 * t * (1.0 - t) / w * dOut; "
      f"x = {P}(x.p, g); e0 = {P}(e0.p, g * (u - 1.0)); e1 = {P}(e1.p, -g * u); }}")
    w("")

w("// ---- geometric functions")
for t in TYPES:
    P = pt(t)
    S = scalar_of(t)
    FP = pt(S)
    if t == S:
        w("[ForwardDerivativeOf(length)]")
        w(f"{FP} __fwd_length({FP} x) {{ return {FP}(abs(x.p), sign(x.p) * x.d); }}")
        w("[BackwardDerivativeOf(length)]")
        w(f"void __bwd_length(inout {FP} x, {S} dOut) {{ x = {FP}(x.p, sign(x.p) * dOut); }}")
        w("[ForwardDerivativeOf(distance)]")
        w(f"{FP} __fwd_distance({FP} a, {FP} b) {{ {S} s = sign(a.p - b.p); return {FP}(distance(a.p, b.p), s * (a.d - b.d)); }}")
        w("[BackwardDerivativeOf(distance)]")
        w(f"void __bwd_distance(inout {FP} a, inout {FP} b, {S} dOut) {{ {S} s = sign(a.p - b.p); a = {FP}(a.p, s * dOut); b = {FP}(b.p, -s * dOut); }}")
        continue
    # Slang differentiates sqrt(sum of squares) with its sqrt rule, so the divisor is
    # sqrt(max(1e-7, |x|^2)): a zero vector gets a zero derivative instead of NaN.
    safe = lambda v: f"sqrt(max({S}(1e-7), dot({v}, {v})))"
    w("[ForwardDerivativeOf(length)]")
    w(f"{FP} __fwd_length({P} x) {{ return {FP}(length(x.p), dot(x.p, x.d) / {safe('x.p')}); }}")
    w("[BackwardDerivativeOf(length)]")
    w(f"void __bwd_length(inout {P} x, {S} dOut) {{ x = {P}(x.p, x.p * (dOut / {safe('x.p')})); }}")
    w("[ForwardDerivativeOf(distance)]")
    w(f"{FP} __fwd_distance({P} a, {P} b) {{ {t} v = a.p - b.p; return {FP}(length(v), dot(v, a.d - b.d) / {safe('v')}); }}")
    w("[BackwardDerivativeOf(distance)]")
    w(f"void __bwd_distance(inout {P} a, inout {P} b, {S} dOut) {{ {t} v = a.p - b.p; {t} g = v * (dOut / {safe('v')}); a = {P}(a.p, g); b = {P}(b.p, -g); }}")
    # normalize(x) = x * r, r = 1 / length(x) (Slang's __normalize_impl).
    w("[ForwardDerivativeOf(normalize)]")
    w(f"{P} __fwd_normalize({P} x) {{ {S} l = length(x.p); {S} r = 1.0 / l; {S} dl = dot(x.p, x.d) / {safe('x.p')}; "
      f"return {P}(x.p * r, x.d * r - x.p * (dl / (l * l))); }}")
    w("[BackwardDerivativeOf(normalize)]")
    w(f"void __bwd_normalize(inout {P} x, {t} dOut) {{ {S} l = length(x.p); {S} r = 1.0 / l; {S} gl = -dot(x.p, dOut) / (l * l); "
      f"x = {P}(x.p, dOut * r + x.p * (gl / {safe('x.p')})); }}")
    # reflect(i, n) = i - 2 dot(n, i) n
    w("[ForwardDerivativeOf(reflect)]")
    w(f"{P} __fwd_reflect({P} i, {P} n) {{ {S} k = dot(n.p, i.p); return {P}(reflect(i.p, n.p), i.d - 2.0 * (dot(n.d, i.p) + dot(n.p, i.d)) * n.p - 2.0 * k * n.d); }}")
    w("[BackwardDerivativeOf(reflect)]")
    w(f"void __bwd_reflect(inout {P} i, inout {P} n, {t} dOut) {{ {S} k = dot(n.p, i.p); {S} g = dot(n.p, dOut); "
      f"{t} ip = i.p; {t} np = n.p; i = {P}(ip, dOut - 2.0 * g * np); n = {P}(np, -2.0 * g * ip - 2.0 * k * dOut); }}")
    w("")


w("// ---- refract(i, n, eta) = eta i - (eta k + sqrt(t)) n, k = dot(n, i), t = 1 - eta^2 (1 - k^2); 0 when t < 0")
for t in [t for t in TYPES if t != scalar_of(t)]:
    P = pt(t); S = scalar_of(t); FP = pt(S)
    w("[ForwardDerivativeOf(refract)]")
    w(f"{P} __fwd_refract({P} i, {P} n, {FP} eta) {{ {S} e = eta.p; {S} k = dot(n.p, i.p); {S} q = 1.0 - e * e * (1.0 - k * k); "
      f"if (q < 0.0) return {P}({t}(0.0), {t}(0.0)); {S} s = sqrt(q); {S} dk = dot(n.d, i.p) + dot(n.p, i.d); "
      f"{S} dq = -2.0 * e * eta.d * (1.0 - k * k) + 2.0 * e * e * k * dk; {S} ds = dq * (q > 0.0 ? 0.5 : 0.25) / sqrt(max({S}(1e-7), q)); "
      f"return {P}(e * i.p - (e * k + s) * n.p, eta.d * i.p + e * i.d - (eta.d * k + e * dk + ds) * n.p - (e * k + s) * n.d); }}")
    w("[BackwardDerivativeOf(refract)]")
    w(f"void __bwd_refract(inout {P} i, inout {P} n, inout {FP} eta, {t} dOut) {{ {S} e = eta.p; {t} ip = i.p; {t} np = n.p; {S} k = dot(np, ip); "
      f"{S} q = 1.0 - e * e * (1.0 - k * k); if (q < 0.0) {{ i = {P}(ip, {t}(0.0)); n = {P}(np, {t}(0.0)); eta = {FP}(e, 0.0); return; }} "
      f"{S} s = sqrt(q); {S} c = e * k + s; {S} dc = -dot(np, dOut); {S} dq = dc * (q > 0.0 ? 0.5 : 0.25) / sqrt(max({S}(1e-7), q)); "
      f"{S} de = dot(ip, dOut) + dc * k + dq * (-2.0 * e * (1.0 - k * k)); {S} dk = dc * e + dq * (2.0 * e * e * k); "
      f"i = {P}(ip, e * dOut + dk * np); n = {P}(np, -c * dOut + dk * ip); eta = {FP}(e, de); }}")
w("")

w("// ---- determinant: d det(M) = sum of cofactor(M) * dM (the adjugate transposed)")
for S in SCALARS:
    FP = pt(S)
    M2, M3, M4 = S + "2x2", S + "3x3", S + "4x4"
    w("[ForwardDerivativeOf(determinant)]")
    w(f"{FP} __fwd_determinant({pt(M2)} m) {{ {M2} a = m.p; {M2} d = m.d; "
      f"return {FP}(determinant(a), a[1][1] * d[0][0] - a[1][0] * d[0][1] - a[0][1] * d[1][0] + a[0][0] * d[1][1]); }}")
    w("[BackwardDerivativeOf(determinant)]")
    w(f"void __bwd_determinant(inout {pt(M2)} m, {S} dOut) {{ {M2} a = m.p; "
      f"m = {pt(M2)}(a, {M2}(a[1][1] * dOut, -a[1][0] * dOut, -a[0][1] * dOut, a[0][0] * dOut)); }}")
    w("[ForwardDerivativeOf(determinant)]")
    w(f"{FP} __fwd_determinant({pt(M3)} m) {{ {M3} a = m.p; {M3} d = m.d; "
      f"return {FP}(determinant(a), dot(cross(a[1], a[2]), d[0]) + dot(cross(a[2], a[0]), d[1]) + dot(cross(a[0], a[1]), d[2])); }}")
    w("[BackwardDerivativeOf(determinant)]")
    w(f"void __bwd_determinant(inout {pt(M3)} m, {S} dOut) {{ {M3} a = m.p; "
      f"m = {pt(M3)}(a, {M3}(cross(a[1], a[2]) * dOut, cross(a[2], a[0]) * dOut, cross(a[0], a[1]) * dOut)); }}")
    # 4x4: cofactor C[i][j] = (-1)^(i+j) det(minor(i, j)); the minors are written out.
    def minor(i, j):
        rows = [r for r in range(4) if r != i]
        cols = [c for c in range(4) if c != j]
        e = lambda r, c: f"a[{rows[r]}][{cols[c]}]"
        return (f"({e(0,0)} * ({e(1,1)} * {e(2,2)} - {e(1,2)} * {e(2,1)}) - {e(0,1)} * ({e(1,0)} * {e(2,2)} - {e(1,2)} * {e(2,0)}) "
                f"+ {e(0,2)} * ({e(1,0)} * {e(2,1)} - {e(1,1)} * {e(2,0)}))")
    cof = ", ".join(("" if (i + j) % 2 == 0 else "-") + minor(i, j) for i in range(4) for j in range(4))
    w(f"{M4} __cofactor4({M4} a) {{ return {M4}({cof}); }}")
    w("[ForwardDerivativeOf(determinant)]")
    w(f"{FP} __fwd_determinant({pt(M4)} m) {{ {M4} c = __cofactor4(m.p); {M4} d = m.d; "
      f"return {FP}(determinant(m.p), dot(c[0], d[0]) + dot(c[1], d[1]) + dot(c[2], d[2]) + dot(c[3], d[3])); }}")
    w("[BackwardDerivativeOf(determinant)]")
    w(f"void __bwd_determinant(inout {pt(M4)} m, {S} dOut) {{ m = {pt(M4)}(m.p, __cofactor4(m.p) * dOut); }}")
w("")

w("// ---- copysign(x, y) = |x| sign(y): d/dx = sign(x) sign(y) (0 where x or y is 0, as Slang), d/dy = 0")
for t in TYPES:
    P = pt(t)
    w("[ForwardDerivativeOf(copysign)]")
    w(f"{P} __fwd_copysign({P} x, {P} y) {{ return {P}(copysign(x.p, y.p), sign(x.p) * sign(y.p) * x.d); }}")
    w("[BackwardDerivativeOf(copysign)]")
    w(f"void __bwd_copysign(inout {P} x, inout {P} y, {t} dOut) {{ {t} k = sign(x.p) * sign(y.p); "
      f"x = {P}(x.p, k * dOut); y = {P}(y.p, {t}(0.0)); }}")
w("")

w("// ---- faceforward(n, i, ng) = dot(ng, i) < 0 ? n : -n: piecewise +-n, so only n has a derivative")
for t in [t for t in TYPES if t != scalar_of(t)]:
    P = pt(t)
    w("[ForwardDerivativeOf(faceforward)]")
    w(f"{P} __fwd_faceforward({P} n, {P} i, {P} ng) {{ return {P}(faceforward(n.p, i.p, ng.p), faceforward(n.d, i.p, ng.p)); }}")
    w("[BackwardDerivativeOf(faceforward)]")
    w(f"void __bwd_faceforward(inout {P} n, inout {P} i, inout {P} ng, {t} dOut) {{ "
      f"n = {P}(n.p, faceforward(dOut, i.p, ng.p)); i = {P}(i.p, {t}(0.0)); ng = {P}(ng.p, {t}(0.0)); }}")
w("")

w("// ---- dst(a, b) = (1, a.y b.y, a.z, b.w)")
P4 = pt("float4")
w("[ForwardDerivativeOf(dst)]")
w(f"{P4} __fwd_dst({P4} a, {P4} b) {{ return {P4}(dst(a.p, b.p), float4(0.0, a.d.y * b.p.y + a.p.y * b.d.y, a.d.z, b.d.w)); }}")
w("[BackwardDerivativeOf(dst)]")
w(f"void __bwd_dst(inout {P4} a, inout {P4} b, float4 dOut) {{ float4 ap = a.p; float4 bp = b.p; "
  f"a = {P4}(ap, float4(0.0, bp.y * dOut.y, dOut.z, 0.0)); b = {P4}(bp, float4(0.0, ap.y * dOut.y, 0.0, dOut.w)); }}")
w("")

w("// ---- lit(l, h, m) = (1, max(l, 0), l < 0 || h < 0 ? 0 : pow(h, m), 1); max's tie rule at l = 0,")
w("// and pow's rule (no derivative where h is below 1e-6) for the specular term")
PF = pt("float")
lit_pre = ("float l = nl.p; float h = nh.p; float e = m.p; float dl = 0.5 * (1.0 - step(l, float(0.0)) + step(float(0.0), l)); "
           "float on = step(float(0.0), l) * step(1e-6, h); float safe = h < 1e-6 ? 1.0 : h; float spec = pow(safe, e) * on;")
w("[ForwardDerivativeOf(lit)]")
w(f"{P4} __fwd_lit({PF} nl, {PF} nh, {PF} m) {{ {lit_pre} "
  f"return {P4}(lit(l, h, e), float4(0.0, dl * nl.d, spec * e / safe * nh.d + spec * log(safe) * m.d, 0.0)); }}")
w("[BackwardDerivativeOf(lit)]")
w(f"void __bwd_lit(inout {PF} nl, inout {PF} nh, inout {PF} m, float4 dOut) {{ {lit_pre} "
  f"nl = {PF}(l, dl * dOut.y); nh = {PF}(h, spec * e / safe * dOut.z); m = {PF}(e, spec * log(safe) * dOut.z); }}")
w("")

w("// ---- pow: as Slang, 0 with a zero derivative where the base is below 1e-6")
for t in TYPES:
    P = pt(t)
    pre = (f"{t} x = a.p; {t} y = b.p; {t} safe = select(x < {t}(1e-6), {t}(1.0), x); {t} mask = step({t}(1e-6), x); "
           f"{t} val = pow(safe, y) * mask;")
    w("[ForwardDerivativeOf(pow)]")
    w(f"{P} __fwd_pow({P} a, {P} b) {{ {pre} return {P}(val, val * log(safe) * b.d + val * y / safe * a.d); }}")
    w("[BackwardDerivativeOf(pow)]")
    w(f"void __bwd_pow(inout {P} a, inout {P} b, {t} dOut) {{ {pre} a = {P}(x, val * y / safe * dOut); b = {P}(y, val * log(safe) * dOut); }}")
w("")

import re
def fix(line):
    m = re.search(r"DifferentialPair<((?:float|double|half)\d?)>", line)
    if not m: return line
    t = m.group(1)
    return re.sub(r"step\(([^()]*)\)", lambda mm: "step(" + ", ".join(
        (f"{t}({a.strip()})" if re.fullmatch(r"[0-9.]+", a.strip()) else a.strip()) for a in mm.group(1).split(",")) + ")", line)
out = [fix(l) for l in out]
# The subgroup section at the end of diff.slang is written by hand: keep it.
path = __import__("pathlib").Path(__file__).resolve().parent.parent / "diff.slang"
old_text = path.read_text() if path.exists() else ""
marker = "// ---- subgroup"
tail = old_text[old_text.index(marker):] if marker in old_text else ""
path.write_text("\n".join(out) + "\n" + tail)
