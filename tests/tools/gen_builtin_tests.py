#!/usr/bin/env python3
"""Generates tests/autodiff/reverse/bwd_builtin_*.slang and their expected files: one compute test per
family of differentiable builtins, checking forward and reverse derivatives of every builtin of the family
at points that include edge cases (kinks, ties, bounds, zeros).

Each family is one Slang expression `f(x0, x1, ...)` that is also valid Python: the names below give the
builtins HLSL semantics in float64 (numpy), so the expected values come from evaluating the same text
here, never from a compiler. Derivatives are central finite differences of that Python function; at the
points listed as kinks the expected gradient is written by hand (Slang's one-sided choice, stated next to
it), because a finite difference there gives the average of the two sides.

The kernel writes, per point, the reverse gradient (bwd_diff, dOut = 1) then the forward derivative along
each unit direction (fwd_diff): both must equal the gradient. The same `f` is checked in float64 on the CPU
interpreter by crates/driver/tests/autodiff_builtins.rs (it reads these files, `real` becomes `double`).

Usage: python3 tests/tools/gen_builtin_tests.py [--check]   (needs numpy)
"""
import math
import os
import sys

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'autodiff', 'reverse')
STEP = 1e-6


# ---------------------------------------------------------------- HLSL builtins in float64

def _v(*xs):
    return np.array([float(x) for x in xs])


float2 = float3 = float4 = _v


def _m(n, m):
    return lambda *xs: np.array([float(x) for x in xs]).reshape(n, m)


float2x2, float3x3, float4x4, float2x3, float3x2 = _m(2, 2), _m(3, 3), _m(4, 4), _m(2, 3), _m(3, 2)
sign = np.sign
sqrt = np.sqrt
exp, exp2, log, log2, log10 = np.exp, np.exp2, np.log, np.log2, np.log10
sin, cos, tan, asin, acos, atan = np.sin, np.cos, np.tan, np.arcsin, np.arccos, np.arctan
sinh, cosh, tanh = np.sinh, np.cosh, np.tanh
floor, ceil, trunc = np.floor, np.ceil, np.trunc
dot, cross, transpose = np.dot, np.cross, np.transpose
determinant = np.linalg.det
radians, degrees = np.radians, np.degrees


def abs(x):  # noqa: A001 (the HLSL name)
    return np.abs(x)


def max(a, b):  # noqa: A001
    return np.maximum(a, b)


def min(a, b):  # noqa: A001
    return np.minimum(a, b)


def round(x):  # noqa: A001 (HLSL: halves away from zero is not required; test points avoid .5)
    return np.round(x)


def rsqrt(x):
    return 1.0 / np.sqrt(x)


def rcp(x):
    return 1.0 / x


def atan2(y, x):
    return np.arctan2(y, x)


def pow(x, y):  # noqa: A001
    return np.power(x, y)


def fmod(x, y):
    return np.fmod(x, y)


def frac(x):
    return x - np.floor(x)


def step(e, x):
    return np.where(x >= e, 1.0, 0.0)


def clamp(x, lo, hi):
    return np.minimum(np.maximum(x, lo), hi)


def saturate(x):
    return clamp(x, 0.0, 1.0)


def lerp(a, b, t):
    return a + (b - a) * t


def smoothstep(e0, e1, x):
    t = saturate((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)


def fma(a, b, c):
    return a * b + c


mad = fma


def copysign(x, y):
    return np.copysign(x, y)


def length(v):
    return float(np.sqrt(np.dot(v, v)))


def distance(a, b):
    return length(a - b)


def normalize(v):
    return v / length(v)


def reflect(i, n):
    return i - 2 * np.dot(n, i) * n


def refract(i, n, eta):
    k = 1 - eta * eta * (1 - np.dot(n, i) ** 2)
    return np.zeros_like(i) if k < 0 else eta * i - (eta * np.dot(n, i) + math.sqrt(k)) * n


def faceforward(n, i, ng):
    return n if np.dot(ng, i) < 0 else -n


def dst(a, b):
    return np.array([1.0, a[1] * b[1], a[2], b[3]])


def lit(nl, nh, m):
    spec = 0.0 if nl < 0 or nh < 0 else nh ** m
    return np.array([1.0, np.maximum(nl, 0.0), spec, 1.0])


def mul(a, b):
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return a * b
    return np.dot(a, b)  # vector-matrix, matrix-vector, matrix-matrix, vector-vector


# ---------------------------------------------------------------- the families

class Family:
    def __init__(self, name, what, nin, expr, points, kinks=(), helpers=''):
        self.name, self.what, self.nin, self.expr = name, what, nin, expr
        self.points = [list(map(float, p)) for p in points]
        # (point, gradient by hand, why)
        self.kinks = [(list(map(float, p)), list(map(float, g)), why) for p, g, why in kinks]
        self.helpers = helpers

    def f(self, xs):
        env = dict(globals())
        env.update({f'x{i}': x for i, x in enumerate(xs)})
        return float(eval(self.expr, env))


FAMILIES = [
    Family('abs_sign', 'abs, sign (the derivative of abs at 0 is sign(0) = 0, as Slang)', 2,
           'abs(x0) * x1 + sign(x1) * x0 + abs(x1 - 2.0)',
           [(-1.25, 0.5), (0.75, -2.0), (2.0, 3.0)],
           [((0.0, 1.5), (1.0, -1.0), 'd/dx0 = sign(0) x1 + sign(x1) = 1; d/dx1 = |0| + sign(-0.5) = -1'),
            ((1.0, 2.0), (3.0, 1.0), 'abs(x1 - 2) at 0 adds sign(0) = 0: d/dx0 = sign(1) 2 + sign(2) = 3; d/dx1 = |1| = 1')]),
    Family('min_max', 'min, max (ties split the derivative half to each operand, as Slang)', 2,
           'max(x0, x1) * 2.0 + min(x0 * x1, x1) + max(x0, 0.5) * x1',
           [(-1.0, 0.5), (1.5, -0.25), (0.25, 2.0)],
           [((1.0, 1.0), (0.5 * 2 + 0.5 * 1.0 + 1.0 * 1.0, 0.5 * 2 + 0.5 * 1.0 + 0.5 * 1.0 + 1.0),
             'ties: max(x0, x1) gives 0.5 each, min(x0 x1, x1) 0.5 to each of x0 x1 (d = x1, x0) and x1')]),
    Family('clamp_saturate', 'clamp, saturate (the bounds get the derivative only strictly outside [lo, hi], as Slang)', 3,
           'clamp(x0, x1, x2) * 3.0 + saturate(x0 * 0.5) + clamp(x1 * x2, -1.0, 1.0)',
           [(0.5, -1.0, 2.0), (-3.0, -1.0, 2.0), (3.0, -1.0, 2.5), (1.0, 0.25, 0.5)],
           [((-1.0, -1.0, 2.0), (3.0, 0.0, 0.0),
             'x0 == lo counts as inside: d/dx0 = 3, d/dlo = 0; saturate(-0.5) and clamp(-2, -1, 1) are below: 0'),
            ((2.0, -1.0, 2.0), (3.5, 0.0, 0.0),
             'x0 == hi counts as inside: d/dx0 = 3; saturate(1) at its bound is inside: 0.5'),
            ((0.0, 0.5, 2.0), (0.5, 5.0, 0.5),
             'x0 < lo: d/dlo = 3; saturate(0) at its bound is inside: 0.5; clamp(x1 x2 = 1, -1, 1) at hi is inside: (x2, x1)')]),
    Family('sqrt_rsqrt_rcp', 'sqrt, rsqrt, rcp', 2,
           'sqrt(x0) * x1 + rsqrt(x1 + 1.0) + rcp(x0 + x1)',
           [(0.25, 0.5), (1.5, 2.0), (4.0, 0.125)]),
    Family('exp_log', 'exp, exp2, log, log2, log10', 2,
           'exp(x0 * 0.5) + exp2(x1) * x0 + log(x0 + 2.0) + log2(x1 * x1 + 1.0) + log10(x0 * 3.0 + 4.0)',
           [(-1.0, 0.5), (0.0, -1.5), (1.25, 1.0)]),
    Family('trig', 'sin, cos, tan', 2,
           'sin(x0 * x1) + cos(x0) * x1 + tan(x1 * 0.5)',
           [(0.0, 0.5), (1.5707963267948966, -1.0), (-2.0, 1.25)]),
    Family('inverse_trig', 'asin, acos, atan, atan2 (atan2 in every quadrant)', 2,
           'asin(x0 * 0.5) + acos(x1 * 0.25) * 2.0 + atan(x0 * x1) + atan2(x1, x0)',
           [(1.0, 0.5), (-1.5, 1.0), (-0.5, -2.0), (0.75, -1.5)]),
    Family('hyperbolic', 'sinh, cosh, tanh', 2,
           'sinh(x0) * x1 + cosh(x1 * 0.5) + tanh(x0 - x1)',
           [(0.0, 0.0), (1.5, -0.5), (-2.0, 1.0)]),
    Family('pow', 'pow (0 with a zero derivative where the base is below 1e-6, as Slang)', 2,
           'pow(x0, x1) + pow(x1 + 1.0, 2.0)',
           [(0.5, 2.5), (2.0, -1.0), (1.5, 0.0)],
           [((0.0, 2.5), (0.0, 2.0 * 3.5), 'base 0: pow(0, y) and its derivatives are 0 by the rule; d/dx1 of pow(x1 + 1, 2) = 2 (x1 + 1)')]),
    Family('rounding', 'floor, ceil, round, trunc, frac, fmod, step (piecewise constant parts have zero derivative)', 2,
           'floor(x0) * x1 + ceil(x1) + round(x0 * 2.0) + trunc(x1) * x0 + frac(x0) * 2.0 + fmod(x0, x1) + step(x0, x1) * x1',
           [(0.6, 1.75), (-1.1, 2.25), (1.6, 2.7)],
           [((2.3, -0.7), (3.0, 2.0),
             'fmod: Slang gives d/dy = 0 (not -trunc(x/y) = 3); d/dx0 = trunc(x1) + 2 + 1 = 3, d/dx1 = floor(x0) = 2')]),
    Family('lerp_smoothstep', 'lerp, smoothstep (inside and at both saturated ends)', 3,
           'lerp(x0, x1, x2) + smoothstep(x0, x0 + 2.0, x1) * 3.0',
           [(0.5, 1.5, 0.25), (-1.0, 0.0, 0.75), (0.0, 3.0, 0.5), (1.0, -0.5, 1.5)]),
    Family('fma_mad_angles', 'fma, mad, radians, degrees, copysign', 3,
           'fma(x0, x1, x2) + mad(x1, x2, x0) * 2.0 + radians(x0 * 10.0) + degrees(x1) * 0.01 + copysign(x2, x0) * x1',
           [(0.5, -1.5, 2.0), (-1.0, 0.25, -0.5), (2.0, 1.0, 1.5)],
           [((0.0, 1.0, 2.0), (1.0 + 2.0 + math.radians(10.0), 0.0 + 2.0 * 2.0 + math.degrees(1.0) * 0.01 + 2.0, 1.0 + 2.0 + 0.0),
             'copysign(x2, x0) at x0 = 0: d/dx2 = sign(x2) sign(0) = 0 (Slang), value |x2| = 2')]),
    Family('geometric', 'dot, cross, length, distance, normalize', 3,
           'dot(float3(x0, x1, x2), float3(1.0, -2.0, 0.5)) + cross(float3(x0, x1, 1.0), float3(x2, 0.5, x1))[2] '
           '+ length(float3(x0, x1, x2)) + distance(float2(x0, x1), float2(x2, -1.0)) * 2.0 '
           '+ dot(normalize(float3(x0, x1 + 2.0, x2)), float3(0.25, 1.0, -1.0))',
           [(0.5, -1.0, 2.0), (1.5, 0.25, -0.75), (-2.0, 1.0, 0.5)]),
    Family('reflect_refract', 'reflect, refract (also past total internal reflection), faceforward', 3,
           'dot(reflect(float3(x0, x1, x2), normalize(float3(0.25, 1.0, 0.5))), float3(1.0, 2.0, -1.0)) '
           '+ dot(refract(normalize(float3(x0, -1.0, x2)), float3(0.0, 1.0, 0.0), x1), float3(1.0, -1.0, 2.0)) '
           '+ dot(faceforward(float3(x0, x1, x2), float3(x1, x0 - 1.0, 0.5), float3(0.0, 1.0, 0.0)), float3(2.0, 1.0, -1.0))',
           [(0.5, 0.75, 0.25), (-0.3, 0.6, 0.1), (2.0, 1.5, 0.5)]),
    Family('mul_shapes', 'mul of scalar-vector, vector-scalar, vector-matrix, matrix-vector, matrix-matrix (square and not), transpose', 3,
           'mul(x0, float2(x1, x2))[1] + mul(float2(x1, x2), x0)[0] '
           '+ mul(float2(x0, x1), float2x3(1.0, x2, 2.0, x0, -1.0, 0.5))[1] '
           '+ mul(float3x2(x0, 1.0, x1, x2, 2.0, -1.0), float2(x2, x0))[2] '
           '+ mul(float2x2(x0, x1, x2, 1.0), float2x2(1.0, x2, x0, x1))[0][1] '
           '+ mul(float2x3(x0, 1.0, x1, x2, 0.5, x0), float3x2(1.0, x1, x2, 2.0, x0, -1.0))[1][0] '
           '+ transpose(float2x3(x0, x1, x2, x0 * x1, 1.0, x2))[2][1]',
           [(0.5, -1.0, 2.0), (1.5, 0.25, -0.75), (-2.0, 1.0, 0.5)]),
    Family('determinant', 'determinant of 2x2, 3x3 and 4x4 matrices', 3,
           'determinant(float2x2(x0, x1, x2, 1.5)) + determinant(float3x3(x0, 1.0, x1, x2, 2.0, 0.5, 1.0, x0, x2)) '
           '+ determinant(float4x4(x0, 1.0, 0.5, x1, 2.0, x2, 1.0, 0.0, 0.25, x1, 3.0, 1.0, x2, 0.0, x0, 2.0))',
           [(0.5, -1.0, 2.0), (1.5, 0.25, -0.75), (-2.0, 1.0, 0.5)]),
    Family('dst_lit', 'dst, lit (lit: max tie rule for the diffuse term, pow rule for the specular term)', 3,
           'dot(dst(float4(x0, x1, x2, 1.0), float4(2.0, x2, x0, x1)), float4(1.0, 1.0, 2.0, 3.0)) '
           '+ dot(lit(x0, x1, x2 + 2.0), float4(1.0, 2.0, 1.0, 1.0))',
           [(0.5, 0.75, 1.0), (-0.5, 0.5, 0.25), (1.5, -0.5, 0.5)]),
]


# ---------------------------------------------------------------- expected values

def fd_grad(fam, x):
    g = []
    for i in range(fam.nin):
        h = STEP * (1 + abs(x[i]))
        xp, xm = list(x), list(x)
        xp[i] += h
        xm[i] -= h
        hp = list(x)
        hp[i] += h / 2
        hm = list(x)
        hm[i] -= h / 2
        c1 = (fam.f(xp) - fam.f(xm)) / (2 * h)
        c2 = (fam.f(hp) - fam.f(hm)) / h
        # Refuse points where f is not smooth (the two step sizes disagree).
        if not math.isclose(c1, c2, rel_tol=1e-4, abs_tol=1e-4):
            raise SystemExit(f'{fam.name}: f is not smooth at {x} along x{i} ({c1} vs {c2}): list it as a kink')
        g.append(c1)
    return g


def expected(fam):
    rows = []
    for x in fam.points:
        g = fd_grad(fam, x)
        rows.append((x, g))
    for x, g, _ in fam.kinks:
        rows.append((x, g))
    return rows


def render_test(fam, rows):
    n = fam.nin
    npts = len(rows)
    per = 2 * n
    inputs = ' '.join(repr(v) for x, _ in rows for v in x)
    out_len = npts * per
    xs = ', '.join(f'real x{i}' for i in range(n))
    lines = [
        '//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -shaderobj -output-using-type',
        '//TEST(compute, vulkan):COMPARE_COMPUTE_EX:-vk -compute -shaderobj -output-using-type',
        f'//TEST_INPUT:ubuffer(data=[{" ".join(["0"] * out_len)}], stride=4):out,name=outputBuffer',
        f'//TEST_INPUT:ubuffer(data=[{inputs}], stride=4):name=inputBuffer',
        '',
        f'// Builtin derivatives, forward and reverse: {fam.what}. Generated by tests/tools/gen_builtin_tests.py;',
        '// per point: the reverse gradient, then the forward derivative along each input.',
    ]
    for x, g, why in fam.kinks:
        lines.append(f'// kink at {tuple(x)}: {why}')
    lines += [
        'typealias real = float;',
        'RWStructuredBuffer<float> outputBuffer;',
        'StructuredBuffer<float> inputBuffer;',
        '',
        '[Differentiable]',
        f'real f({xs})',
        '{',
        f'    return {fam.expr};',
        '}',
        '',
        f'[numthreads({npts}, 1, 1)]',
        'void computeMain(uint3 tid : SV_DispatchThreadID)',
        '{',
        '    uint i = tid.x;',
    ]
    for k in range(n):
        lines.append(f'    real x{k} = inputBuffer[{n} * i + {k}];')
    for k in range(n):
        lines.append(f'    var p{k} = diffPair(x{k});')
    lines.append(f'    bwd_diff(f)({", ".join(f"p{k}" for k in range(n))}, 1.0);')
    for k in range(n):
        lines.append(f'    outputBuffer[{per} * i + {k}] = p{k}.d;')
    for j in range(n):
        args = ', '.join(f'diffPair(x{k}, {"1.0" if k == j else "0.0"})' for k in range(n))
        lines.append(f'    outputBuffer[{per} * i + {n + j}] = fwd_diff(f)({args}).d;')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def render_expected(rows):
    vals = []
    for _, g in rows:
        vals += g + g
    return 'type: float\n' + ''.join(f'{v:.6f}\n' for v in vals)


def main(argv):
    check = '--check' in argv
    differ = 0
    for fam in FAMILIES:
        rows = expected(fam)
        for path, text in [(os.path.join(HERE, f'bwd_builtin_{fam.name}.slang'), render_test(fam, rows)),
                           (os.path.join(HERE, f'bwd_builtin_{fam.name}.slang.expected.txt'), render_expected(rows))]:
            old = open(path).read() if os.path.exists(path) else None
            if old != text:
                differ += 1
                if check:
                    print('differs:', path)
                else:
                    with open(path, 'w') as f:
                        f.write(text)
    print(f'{len(FAMILIES)} families, {differ} files {"differ" if check else "written"}')
    return 1 if check and differ else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
