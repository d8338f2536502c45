#!/usr/bin/env python3
"""Expected outputs for tests/autodiff/{forward,reverse}/*.slang, computed on the CPU independently of
any compiler: each test's primal function is written again in Python (float64), and derivatives come
from central finite differences (fd / grad below) or, where noted, from a hand derivation.
Usage: python3 tests/tools/gen_autodiff.py [--check] [forward/NAME ...]   (needs numpy)
"""
import math
import os
import sys

import numpy as np

from expected_common import test, main

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'autodiff')
STEP = 1e-6


def fd(f, x, dx=1.0):
    """Directional derivative of f at x along dx (scalars or numpy arrays), central differences.
    A second, 10x larger step must agree: otherwise x sits on a kink or jump and the test point is bad."""
    x = np.asarray(x, dtype=np.float64)
    dx = np.asarray(dx, dtype=np.float64)

    def central(h):
        return (np.asarray(f(x + h * dx)) - np.asarray(f(x - h * dx))) / (2 * h)
    d = central(STEP)
    assert np.allclose(d, central(10 * STEP), rtol=1e-4, atol=1e-6), f'f is not smooth at {x}'
    return d


def grad(f, x):
    """Gradient of a scalar function f at the point x (a numpy vector), central differences."""
    x = np.asarray(x, dtype=np.float64)
    g = np.zeros_like(x)
    for i in range(x.size):
        e = np.zeros_like(x)
        e.flat[i] = 1.0
        g.flat[i] = fd(f, x, e)
    return g


def fwd_scalar(f, xs, primal=True):
    """The builtin-test layout: thread i writes f(x_i) at i and f'(x_i) at len(xs) + i."""
    ps = [f(x) if primal else 0.0 for x in xs]
    return ps + [float(fd(f, x)) for x in xs]


def floats(data):
    return [float(v) for v in data.split()]


def sign(x):
    return (x > 0) - (x < 0)


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


def lerp(a, b, t):
    return a + t * (b - a)


def smoothstep(a, b, x):
    t = clamp((x - a) / (b - a), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def fwd_builtin(name, data, f, primal=True):
    test(name='forward/fwd_' + name)(lambda: fwd_scalar(f, floats(data), primal))


# ---------------------------------------------------------------- forward: builtin functions

fwd_builtin('sin', '-1.0 0.25 1.0 2.5', math.sin)
fwd_builtin('cos', '-1.0 0.25 1.0 2.5', math.cos)
fwd_builtin('tan', '-1.0 0.25 0.5 1.0', math.tan)
fwd_builtin('asin', '-0.75 -0.25 0.3 0.6', math.asin, primal=False)
fwd_builtin('acos', '-0.75 -0.25 0.3 0.6', math.acos, primal=False)
fwd_builtin('atan', '-2.0 -0.25 0.5 3.0', math.atan, primal=False)
fwd_builtin('exp', '-1.0 0.0 0.5 2.0', math.exp)
fwd_builtin('exp2', '-1.0 0.0 0.5 2.0', lambda x: 2.0 ** x)
fwd_builtin('log', '0.25 1.5 2.0 10.0', math.log)
fwd_builtin('log2', '0.25 1.5 2.0 10.0', math.log2)
fwd_builtin('log10', '0.25 1.5 2.0 10.0', math.log10)
fwd_builtin('sqrt', '0.25 1.5 4.0 10.0', math.sqrt)
fwd_builtin('rsqrt', '0.25 1.5 4.0 10.0', lambda x: 1 / math.sqrt(x))
fwd_builtin('rcp', '-2.0 0.5 1.5 4.0', lambda x: 1 / x)
fwd_builtin('sinh', '-1.5 -0.25 0.5 2.0', math.sinh)
fwd_builtin('cosh', '-1.5 -0.25 0.5 2.0', math.cosh)
fwd_builtin('tanh', '-1.5 -0.25 0.5 2.0', math.tanh)
fwd_builtin('abs', '-2.0 -0.5 0.75 3.0', abs)
fwd_builtin('pow', '0.5 1.0 1.5 3.0', lambda x: x ** 2.5 + 2.0 ** x)
fwd_builtin('frac', '-1.25 0.5 2.75 3.5', lambda x: (x - math.floor(x)) * 3)
fwd_builtin('fmod', '-3.5 -0.5 1.25 5.5', lambda x: math.fmod(x, 2.0) * x)
fwd_builtin('radians_degrees', '-90.0 0.0 45.0 180.0', lambda x: math.radians(x) + math.degrees(x * 0.01))
fwd_builtin('min_max', '-1.0 0.5 1.5 3.0', lambda x: min(x * x, 2.0) + max(3 * x, 1.0))
fwd_builtin('clamp', '-2.0 -0.5 0.5 2.0', lambda x: clamp(2 * x, -1.5, 1.5))
fwd_builtin('saturate', '-0.5 0.25 0.75 1.5', lambda x: clamp(x, 0.0, 1.0) * x)
fwd_builtin('lerp', '-1.0 0.25 0.5 2.0', lambda x: lerp(x, x * x, 0.5 * x))
fwd_builtin('smoothstep', '-0.5 0.5 1.0 1.5', lambda x: smoothstep(0.0, 2.0, x))
fwd_builtin('fma_mad', '-1.5 0.5 1.0 2.0', lambda x: x * x + 3 * x + 2 * x + x ** 3)



# ---------------------------------------------------------------- forward: vector and matrix builtins

A3 = np.array([1.0, 2.0, -3.0])
B3 = np.array([0.5, -1.5, 2.0])
DA3 = np.array([1.0, 0.0, 2.0])
DB3 = np.array([0.0, -1.0, 0.5])


def fd2(f, a, da, b, db):
    """Directional derivative of f(a, b) along (da, db)."""
    return fd(lambda t: f(a + t * da, b + t * db), 0.0)


def normalize(v):
    return v / np.linalg.norm(v)


def reflect(i, n):
    return i - 2 * (n @ i) * n


@test(name='forward/fwd_dot')
def fwd_dot():
    return [A3 @ B3, fd2(lambda a, b: a @ b, A3, DA3, B3, DB3)]


@test(name='forward/fwd_cross')
def fwd_cross():
    return list(np.cross(A3, B3)) + list(fd2(np.cross, A3, DA3, B3, DB3))


@test(name='forward/fwd_length_distance')
def fwd_length_distance():
    dist = lambda a, b: np.linalg.norm(a - b)
    return [np.linalg.norm(A3), fd(np.linalg.norm, A3, DA3), dist(A3, B3), fd2(dist, A3, DA3, B3, DB3)]


@test(name='forward/fwd_normalize')
def fwd_normalize():
    return list(normalize(A3)) + list(fd(normalize, A3, [1.0, 0.5, 0.0]))


@test(name='forward/fwd_reflect')
def fwd_reflect():
    i, n = A3, np.array([0.0, 1.0, 0.0])
    return list(reflect(i, n)) + list(fd2(reflect, i, np.array([0.5, -1.0, 0.0]), n, np.array([0.25, 0.0, 0.5])))


@test(name='forward/fwd_atan2')
def fwd_atan2():
    out = []
    for y, x in [(1.0, -2.0), (0.5, 3.0)]:
        out += [fd(lambda t: math.atan2(t, x), y), fd(lambda t: math.atan2(y, t), x)]
    return out


@test(name='forward/fwd_sincos')
def fwd_sincos():
    f = lambda x: math.sin(x) * 2 + math.cos(x) ** 2
    return fwd_scalar(f, [0.25, 1.5])


M3 = np.arange(1.0, 10.0).reshape(3, 3)


@test(name='forward/fwd_mul_matrix_vector')
def fwd_mul_matrix_vector():
    dm = np.array([[1.0, 0, 0], [0, 0, 2.0], [0, -1.0, 0]])
    v, dv = np.array([1.0, -1.0, 0.5]), np.array([0.0, 1.0, 1.0])
    return list(fd2(lambda m, v: m @ v, M3, dm, v, dv)) + list(fd2(lambda m, v: v @ m, M3, dm, v, dv))


@test(name='forward/fwd_mul_matrix_matrix')
def fwd_mul_matrix_matrix():
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    b = np.array([[0.5, -1.0], [2.0, 1.0]])
    return list(fd2(lambda a, b: a @ b, a, np.eye(2), b, np.array([[0.0, 1.0], [1.0, 0.0]])).flatten())


@test(name='forward/fwd_transpose_determinant')
def fwd_transpose_determinant():
    f = lambda a: a.T[0][1] * 10 + np.linalg.det(a)
    a = np.array([[2.0, -1.0], [0.5, 3.0]])
    b = np.array([[2.0, 0, 1.0], [1.0, 3.0, 0], [0, 1.0, 4.0]])
    db = np.array([[0, 1.0, 0], [0, 0, 0], [1.0, 0, 0]])
    return [f(a), fd(f, a, np.array([[1.0, 2.0], [0.0, -1.0]])), fd(np.linalg.det, b, db)]



# ---------------------------------------------------------------- forward: language features

@test(name='forward/fwd_polynomial')
def fwd_polynomial():
    f = lambda x, y: x ** 3 + x ** 2 - y
    out = []
    for x, y in [(1.0, 2.0), (-1.5, 0.5)]:
        out += [f(x, y), fd(lambda t: f(t, y), x), fd(lambda t: f(x, t), y)]
    return out


@test(name='forward/fwd_guide_foo')
def fwd_guide_foo():
    a, b = 1.0, 2.4
    foo = lambda a: np.array([a * b * b, a * a])
    return list(foo(a)) + list(fd(foo, a))


@test(name='forward/fwd_second_order_sin')
def fwd_second_order_sin():
    # by hand: p.p = sin(x), p.d = d.p = cos(x), d.d = -sin(x) at x = pi/2
    return [1.0, 0.0, 0.0, -1.0]


@test(name='forward/fwd_second_order_poly')
def fwd_second_order_poly():
    f = lambda x: x ** 4 - 2 * x
    out = []
    for x in [0.5, 2.0]:
        out += [f(x), fd(f, x), 12 * x * x]   # f'' by hand (nested differences would lose digits)
    return out


@test(name='forward/fwd_second_order_mixed')
def fwd_second_order_mixed():
    x, y = 1.5, -2.0
    # by hand: f_x = 2xy + y cos(xy), f_xy = 2x + cos(xy) - xy sin(xy)
    return [2 * x * y + y * math.cos(x * y), 2 * x + math.cos(x * y) - x * y * math.sin(x * y)]


@test(name='forward/fwd_chain_calls')
def fwd_chain_calls():
    g = lambda x: x * x
    h = lambda x: math.sin(g(x)) + 3 * g(x + 1)
    return fwd_scalar(lambda x: h(g(x)) * x, [0.5, 1.25])


@test(name='forward/fwd_struct_synthesized')
def fwd_struct_synthesized():
    p, dp = np.array([1.5, -2.0]), np.array([1.0, 0.5])
    f = lambda p: p[0] * p[1] + p[0] * p[0]
    scale = lambda p, s: np.array([p[0] * s, p[1] * s * s])
    return [fd(f, p, dp)] + list(fd2(scale, p, dp, 2.0, 1.0))


@test(name='forward/fwd_struct_partial')
def fwd_struct_partial():
    f = lambda v, w: v * w * 3
    v, w = 1.5, 3.0
    return [f(v, w), fd(lambda t: f(t, w), v), fd(lambda t: f(v, t), w, 2.0)]


@test(name='forward/fwd_struct_manual_differential')
def fwd_struct_manual_differential():
    origin, direction = np.array([1.0, 2.0, -1.0]), np.array([0.0, 1.0, 0.0])
    f = lambda o, d, t: (o + t * d) @ (o + t * d)
    first = fd(lambda s: f(origin, direction + s * np.array([1.0, 0, 0]), 2.0), 0.0)
    second = fd(lambda s: f(origin + s * np.array([0, 0, 1.0]), direction + s * np.array([1.0, 0, 0]), 2.0 + s), 0.0)
    return [f(origin, direction, 2.0), first, second]


@test(name='forward/fwd_struct_method')
def fwd_struct_method():
    f = lambda a, b, x: 2 * (a * x * x + b * x)
    a, b = 2.0, 0.5
    return [f(a, b, 3.0), fd(lambda x: f(a, b, x), 3.0), fd(lambda t: f(t, b, 3.0), a), 2 * 1.5]


@test(name='forward/fwd_nested_struct')
def fwd_nested_struct():
    f = lambda v, s: s * np.linalg.norm(v) + v[0] * s * s
    v, s = np.array([1.0, 2.0, 3.0]), 0.5
    return [f(v, s), fd2(f, v, np.array([0.0, 1.0, -1.0]), s, 2.0)]


@test(name='forward/fwd_array_param')
def fwd_array_param():
    f = lambda a: a[0] * a[1] + a[2] * a[2] * a[0]
    a = np.array([1.5, -0.5, 2.0])
    return [f(a), fd(f, a, [1.0, 2.0, -1.0])]


@test(name='forward/fwd_array_dynamic_index')
def fwd_array_dynamic_index():
    def f(x, k):
        a = [x * (i + 1) for i in range(4)]
        a[k] = a[k] * a[k]
        return a[k] + a[(k + 1) % 4] * x
    out = []
    for x, k in [(0.5, 1), (1.5, 3)]:
        out += [f(x, k), fd(lambda t: f(t, k), x)]
    return out


@test(name='forward/fwd_array_of_structs')
def fwd_array_of_structs():
    values, weights = np.array([1.0, 2.0, 3.0]), np.array([0.5, 1.0, 1.5])
    f = lambda v, w: (v @ w) ** 2
    return [f(values, weights), fd2(f, values, np.ones(3), weights, np.array([0.0, 0.0, 1.0]))]



# ---------------------------------------------------------------- forward: control flow, parameters, custom derivatives

def fwd_threads(f, xs):
    return fwd_scalar(f, xs)


@test(name='forward/fwd_loop_maxiters')
def fwd_loop_maxiters():
    xs = [0.5, 1.5, -1.0, 2.0]
    fs = [lambda x, n=3 + i % 2: x ** n for i in range(4)]
    return [fs[i](x) for i, x in enumerate(xs)] + [float(fd(fs[i], x)) for i, x in enumerate(xs)]


@test(name='forward/fwd_loop_force_unroll')
def fwd_loop_force_unroll():
    return fwd_threads(lambda x: sum(math.sin(k * x) / k for k in range(1, 5)), [0.5, 1.5, -1.0, 2.0])


@test(name='forward/fwd_while_loop')
def fwd_while_loop():
    def f(x):
        y = x * x
        while y > 1:
            y *= 0.5
        return y + x
    return fwd_threads(f, [3.0, 10.0, 0.5, 40.0])


@test(name='forward/fwd_loop_carried_state')
def fwd_loop_carried_state():
    def f(x):
        y = 0.0
        for i in range(6):
            x = x + 0.25 * x * (1 - x)
            y = y + x * i
        return y
    return fwd_threads(f, [0.5, 1.0, -0.5, 0.25])


@test(name='forward/fwd_branch_if')
def fwd_branch_if():
    def f(x):
        if x < 0: r = x * x
        elif x < 1: r = math.sin(x)
        else: r = math.sin(1.0) + (x - 1) ** 3
        return r * 2
    return fwd_threads(f, [-2.0, 0.5, 1.5, 3.0])


@test(name='forward/fwd_ternary_select')
def fwd_ternary_select():
    f = lambda x: (x ** 3 if x > 1 else 2 * x) + (math.exp(x) if x < 0 else 0.0)
    return fwd_threads(f, [-2.0, 0.5, 1.5, 3.0])


@test(name='forward/fwd_switch')
def fwd_switch():
    def f(x):
        k = int(x)
        if k == 0: return x * x
        if k == 1: return math.exp(x)
        if k == 2: return 1 / x
        return math.sqrt(x)
    return fwd_threads(f, [0.5, 1.5, 2.5, 3.5])


@test(name='forward/fwd_break_continue')
def fwd_break_continue():
    def f(x):
        s, term = 0.0, 1.0
        for i in range(10):
            term *= x
            if i % 2 == 1:
                continue
            s += term
            if s > 3:
                break
        return s
    return fwd_threads(f, [0.5, 0.9, 1.2, 2.0])


@test(name='forward/fwd_early_return')
def fwd_early_return():
    def f(x):
        if x < 0:
            return -x * x
        y = x
        for _ in range(4):
            y *= 1.5
            if y > 4:
                return y * x
        return y + x
    return fwd_threads(f, [-1.0, 0.5, 2.0, 5.0])


@test(name='forward/fwd_inout_param')
def fwd_inout_param():
    f = lambda x: x * x * 3 + 1
    return fwd_scalar(f, [0.5, 2.0])


@test(name='forward/fwd_out_param')
def fwd_out_param():
    xs = [0.5, 2.0]
    return [float(fd(math.sin, x)) for x in xs] + [float(fd(lambda t: math.cos(t) * t, x)) for x in xs]


@test(name='forward/fwd_generic_function')
def fwd_generic_function():
    f = lambda x: x ** 3 + x
    v, dv = np.array([0.5, -1.5]), np.array([1.0, 2.0])
    return [f(0.5), fd(f, 0.5)] + list(f(v)) + list(fd(f, v, dv))


@test(name='forward/fwd_interface_method')
def fwd_interface_method():
    x = 1.5
    linear = lambda x: (2 * x + 1) ** 2
    sine = lambda x: math.sin(3 * x) ** 2
    return [linear(x), fd(linear, x), sine(x), fd(sine, x)]


@test(name='forward/fwd_custom_derivative')
def fwd_custom_derivative():
    # by hand: the user derivative of x^2 is deliberately 10 x, so f' = 10 x + 1
    xs = [0.5, 2.0]
    return [x * x + x for x in xs] + [10 * x + 1 for x in xs]


@test(name='forward/fwd_custom_derivative_of')
def fwd_custom_derivative_of():
    return fwd_scalar(lambda x: math.log(1 + math.exp(2 * x)), [0.5, 2.0])


@test(name='forward/fwd_primal_substitute')
def fwd_primal_substitute():
    x = 4.0
    return [x * x, x ** 3, fd(lambda t: t ** 3, x)]


@test(name='forward/fwd_primal_substitute_attr')
def fwd_primal_substitute_attr():
    x = 2.0
    return [(x + x) * x, 3 * x * x, fd(lambda t: 3 * t * t, x)]



# ---------------------------------------------------------------- forward: no_diff, detach, API spellings

@test(name='forward/fwd_no_diff_param')
def fwd_no_diff_param():
    a, x = 3.0, 2.0
    f = lambda x: a * x * x + a * a
    return [f(x), fd(f, x), fd(f, x, 0.5)]


@test(name='forward/fwd_no_diff_call')
def fwd_no_diff_call():
    # by hand: g's derivative is dropped, so f' = 2x only
    x = 1.0
    return [2 * x + x * x, 2 * x]


@test(name='forward/fwd_detach')
def fwd_detach():
    xs = [1.5, -2.0]
    return [x ** 3 + x for x in xs] + [x * x + 1 for x in xs]


@test(name='forward/fwd_treat_as_differentiable')
def fwd_treat_as_differentiable():
    return [4.0, 0.0]


@test(name='forward/fwd_vector_swizzle')
def fwd_vector_swizzle():
    def f(v):
        r = v[::-1] * v[0]
        r = r + np.array([v[1] * v[2], v[1] * v[2], 0.0])
        r = np.array([r[0], r[1], v[0] * v[1] + v[1] * v[2]])
        return np.array([r[0], r[1] * r[1], r[2]])
    v = np.array([1.0, 2.0, 3.0])
    return list(f(v)) + list(fd(f, v, [1.0, -1.0, 0.5]))


@test(name='forward/fwd_diffpair_api')
def fwd_diffpair_api():
    x, y = 1.5, 2.0
    return [x * y * y, y * y, x + 10, 0.0, x * y * y, 2 * x * y]


@test(name='forward/fwd_dzero_dadd')
def fwd_dzero_dadd():
    x, y = 1.5, 2.5
    return [1.0, x + y, (x + y) + 1 * 10 + 2 * 100, x * y, 2 * x]


@test(name='forward/fwd_old_spellings')
def fwd_old_spellings():
    return fwd_scalar(lambda x: math.exp(x) * x, [0.5, 2.0])


@test(name='forward/fwd_vector_function')
def fwd_vector_function():
    f = lambda v: np.array([v[0] * v[1] + math.sin(v[0]), math.exp(v[1]) * v[0] * v[0]])
    v = np.array([0.5, -1.0])
    return (list(f(v)) + list(fd(f, v, [1.0, 0.0])) + list(fd(f, v, [0.0, 1.0]))
            + list(fd(f, v, [2.0, -1.0])))


@test(name='forward/fwd_int_params')
def fwd_int_params():
    f0 = lambda x: x * 3 + x * x
    f1 = lambda x: -(x * 3 + x * x)
    return [f0(1.5), f1(0.5), fd(f0, 1.5), fd(f1, 0.5)]


@test(name='forward/fwd_no_diff_return')
def fwd_no_diff_return():
    x = 1.5
    return [math.floor(2 * x), fd(lambda t: t ** 3, x)]


@test(name='forward/fwd_no_diff_this')
def fwd_no_diff_this():
    k, x = 2.0, 3.0
    return [0.0, x * x, 2 * k * x]


@test(name='forward/fwd_generic_struct')
def fwd_generic_struct():
    f = lambda c, x: c[0] + c[1] * x + c[2] * x * x
    c, x = np.array([1.0, -2.0, 0.5]), 1.5
    return [f(c, x), fd(lambda t: f(c, t), x), fd(lambda t: f(c + t * np.array([0, 0, 1.0]), x), 0.0)]



# ---------------------------------------------------------------- reverse: builtin functions (dL/df = 1.5)

def bwd_builtin(name, data, f):
    test(name='reverse/bwd_' + name)(lambda: [1.5 * float(fd(f, x)) for x in floats(data)])


bwd_builtin('sin', '-1.0 0.25 1.0 2.5', math.sin)
bwd_builtin('cos', '-1.0 0.25 1.0 2.5', math.cos)
bwd_builtin('tan', '-1.0 0.25 0.5 1.0', math.tan)
bwd_builtin('asin_acos_atan', '-0.75 -0.25 0.3 0.6', lambda x: math.asin(x) + 2 * math.acos(x) + math.atan(3 * x))
bwd_builtin('exp_exp2', '-1.0 0.0 0.5 2.0', lambda x: math.exp(x) + 2 ** x)
bwd_builtin('log_family', '0.25 1.5 2.0 10.0', lambda x: math.log(x) + math.log2(x) + math.log10(x))
bwd_builtin('sqrt_rsqrt_rcp', '0.25 1.5 4.0 10.0', lambda x: math.sqrt(x) + 1 / math.sqrt(x) + 1 / x)
bwd_builtin('hyperbolic', '-1.5 -0.25 0.5 2.0', lambda x: math.sinh(x) + math.cosh(x) * math.tanh(x))
bwd_builtin('pow', '0.5 1.0 1.5 3.0', lambda x: x ** 2.5 + 2 ** x + x ** x)
bwd_builtin('abs_min_max', '-2.0 -0.25 0.75 3.0', lambda x: abs(x) * 2 + min(x, 0.5) + max(x * x, 1.0))
bwd_builtin('clamp_saturate', '-2.0 -0.5 0.5 2.0', lambda x: clamp(2 * x, -1.5, 1.5) + clamp(x, 0, 1) * x)
bwd_builtin('lerp', '-1.0 0.25 0.5 2.0', lambda x: lerp(x, x * x, 0.5 * x))
bwd_builtin('fma_mad_frac_fmod', '-1.75 0.25 1.25 2.75',
            lambda x: x * x + 1 + 3 * x + 2 + (x - math.floor(x)) + math.fmod(x, 1.5))
bwd_builtin('radians_degrees', '-2.0 0.5 1.0 3.0', lambda x: math.radians(x) * math.degrees(x))
bwd_builtin('sincos', '-1.0 0.25 1.0 2.5', lambda x: math.sin(x) * math.cos(x) + math.sin(x))



# ---------------------------------------------------------------- reverse: language features

def bwd_threads(f, xs, seed=1.0):
    return [seed * float(fd(f, x)) for x in xs]


@test(name='reverse/bwd_guide_foo')
def bwd_guide_foo():
    a, b = 1.0, 2.4
    loss = lambda v: v[0] * v[1] * v[1]          # dL/doutput = (1, 0) keeps only the first output
    return list(grad(loss, [a, b]))


@test(name='reverse/bwd_polynomial')
def bwd_polynomial():
    f = lambda v: v[0] ** 3 + v[0] ** 2 - v[1]
    return list(2 * grad(f, [1.0, 2.0])) + list(2 * grad(f, [-1.5, 0.5]))


@test(name='reverse/bwd_vector_function')
def bwd_vector_function():
    f = lambda v: np.array([v[0] * v[1] * v[2], math.sin(v[0]) + v[1] ** 2 + math.exp(v[2] * 0.5)])
    return list(grad(lambda v: f(v) @ np.array([0.5, -1.0]), [0.5, -1.0, 2.0]))


@test(name='reverse/bwd_vector_builtins')
def bwd_vector_builtins():
    f = lambda v: np.linalg.norm(np.cross(v[:3], v[3:])) + normalize(v[:3]) @ v[3:]
    return list(grad(f, np.concatenate([A3, B3])))


@test(name='reverse/bwd_matrix_vector')
def bwd_matrix_vector():
    w = np.array([1.0, -2.0, 0.5])
    f = lambda z: (z[:9].reshape(3, 3) @ z[9:]) @ w
    return list(grad(f, np.concatenate([M3.flatten(), [1.0, -1.0, 0.5]])))


@test(name='reverse/bwd_matrix_ops')
def bwd_matrix_ops():
    def f(z):
        a = z.reshape(2, 2)
        return np.linalg.det(a) + (a.T @ a).sum()
    return list(grad(f, [2.0, -1.0, 0.5, 3.0]))


@test(name='reverse/bwd_struct')
def bwd_struct():
    x = 0.75
    f = lambda z: (z[0] * x + z[1]) ** 2 + z[2] * z[0]     # power = 2
    return list(grad(f, [1.5, -0.5, 2.0]))


@test(name='reverse/bwd_array_param')
def bwd_array_param():
    f = lambda a: sum(a[i] * a[(i + 1) % 4] ** 2 for i in range(4))
    return list(grad(f, [1.0, 2.0, -1.0, 0.5]))


@test(name='reverse/bwd_array_dynamic_index')
def bwd_array_dynamic_index():
    def f(x, k):
        a = [x * (i + 1) for i in range(4)]
        a[k] = a[k] * a[k]
        return a[k] + a[(k + 1) % 4] * x
    g = [fd(lambda t: f(t, 1), 0.5), fd(lambda t: f(t, 3), 1.5)]
    return g + [-0.5 * v for v in g]


def taylor_sin(x, terms):
    term = s = x
    for k in range(1, terms):
        term = -term * x * x / ((2 * k) * (2 * k + 1))
        s += term
    return s


@test(name='reverse/bwd_taylor_sin')
def bwd_taylor_sin():
    xs = [0.5, 1.0, 2.0, -1.5]
    return bwd_threads(lambda x: taylor_sin(x, 8), xs) + bwd_threads(lambda x: taylor_sin(x, 3), xs)


@test(name='reverse/bwd_nested_loops')
def bwd_nested_loops():
    def f(x, n=3):
        acc = 0.0
        for i in range(n):
            y = x * (i + 1)
            for _ in range(i + 1):
                y = math.sin(y) + x * 0.5
            acc += y * y
        return acc
    return bwd_threads(f, [0.5, 1.2, -0.7, 2.0])


@test(name='reverse/bwd_loop_break_continue')
def bwd_loop_break_continue():
    def f(x):
        s, term = 0.0, 1.0
        for i in range(10):
            term *= x
            if i % 2 == 1:
                continue
            s += term
            if s > 3:
                break
        return s
    return bwd_threads(f, [0.5, 0.9, 1.2, 2.0])


@test(name='reverse/bwd_early_return')
def bwd_early_return():
    def f(x):
        if x < 0:
            return -x * x
        y = x
        for _ in range(4):
            y *= 1.5
            if y > 4:
                return y * x
        return y + x
    return bwd_threads(f, [-1.0, 0.5, 2.0, 5.0])


@test(name='reverse/bwd_branch')
def bwd_branch():
    def f(x):
        if x < 0: r = x * x
        elif x < 1: r = math.sin(x)
        else: r = math.sin(1.0) + (x - 1) ** 3
        return r * 2
    return bwd_threads(f, [-2.0, 0.5, 1.5, 3.0])


@test(name='reverse/bwd_switch')
def bwd_switch():
    def f(x):
        k = int(x)
        if k == 0: return x * x
        if k == 1: return math.exp(x)
        if k == 2: return 1 / x
        return math.sqrt(x)
    return bwd_threads(f, [0.5, 1.5, 2.5, 3.5])


@test(name='reverse/bwd_while_loop')
def bwd_while_loop():
    def f(x):
        y = x * x
        while y > 1:
            y *= 0.5
        return y + x
    return bwd_threads(f, [3.0, 10.0, 0.5, 40.0])



# ---------------------------------------------------------------- reverse: checkpointing, parameters, custom derivatives, higher order

def expensive_loop(x):
    y = x
    for _ in range(5):
        y = (math.sin(y * y) + math.exp(-y)) * 0.9 + x * 0.1
    return y


@test(name='reverse/bwd_prefer_recompute')
def bwd_prefer_recompute():
    return bwd_threads(expensive_loop, [0.3, 0.8, -0.5, 1.4])


@test(name='reverse/bwd_prefer_checkpoint')
def bwd_prefer_checkpoint():
    return bwd_threads(expensive_loop, [0.3, 0.8, -0.5, 1.4])


@test(name='reverse/bwd_inout_param')
def bwd_inout_param():
    update = lambda z: z[0] * z[0] * z[1] + math.sin(z[0])
    gs = [2.0 * grad(update, [x, 3.0]) for x in [0.5, 2.0]]   # dL/dx_out = 2
    return [g[0] for g in gs] + [g[1] for g in gs]


@test(name='reverse/bwd_out_param')
def bwd_out_param():
    return bwd_threads(lambda x: 3 * math.cos(x) * x + 0.5 * math.sin(x), [0.5, 2.0])


@test(name='reverse/bwd_no_diff_param')
def bwd_no_diff_param():
    a = 3.0
    g = fd(lambda x: a * x * x + a * a, 2.0)
    return [g, -2 * g]


@test(name='reverse/bwd_custom_derivative')
def bwd_custom_derivative():
    # by hand: the user back-propagation of x^2 is deliberately 10 x
    return [10 * x + 1 for x in [0.5, 2.0]]


@test(name='reverse/bwd_custom_derivative_of')
def bwd_custom_derivative_of():
    return bwd_threads(lambda x: 3 * math.log(1 + math.exp(2 * x)), [0.5, 2.0])


@test(name='reverse/bwd_generic_function')
def bwd_generic_function():
    f = lambda x: x ** 3 + x
    return [fd(f, 0.5), 1 * fd(f, 0.5), 2 * fd(f, -1.5)]


@test(name='reverse/bwd_interface_method')
def bwd_interface_method():
    x = 1.5
    linear = lambda z: (z[0] * z[1] + 1) ** 2
    sine = lambda z: math.sin(z[0] * z[1]) ** 2
    ga, gb = grad(linear, [2.0, x]), grad(sine, [3.0, x])
    return [ga[0], ga[1], gb[0], gb[1]]


@test(name='reverse/bwd_gradient_accumulation')
def bwd_gradient_accumulation():
    def f(z):
        x, y = z
        a = x * y
        b = a + x
        c = b * a + math.sin(x) * y
        return c + a * x + b
    return list(grad(f, [0.7, -1.2]))


def hessian_test_f(z):
    x, y = z
    return x * x * y + math.sin(x * y)


def hessian(z):
    """By hand (nested finite differences would lose about half the digits)."""
    x, y = z
    xy = 2 * x + math.cos(x * y) - x * y * math.sin(x * y)
    return np.array([[2 * y - y * y * math.sin(x * y), xy], [xy, -x * x * math.sin(x * y)]])


def hessian_vector(z, v):
    return hessian(z) @ np.asarray(v)


@test(name='reverse/bwd_hessian_vector')
def bwd_hessian_vector():
    return list(hessian_vector([0.5, -1.0], [1.0, 2.0]))


@test(name='reverse/bwd_hessian_vector_of_fwd')
def bwd_hessian_vector_of_fwd():
    z = [0.5, -1.0]
    return list(hessian_vector(z, [1.0, 2.0])) + list(grad(hessian_test_f, z))


@test(name='reverse/bwd_of_fwd')
def bwd_of_fwd():
    # by hand: d/dx (3x^2 cos x^3) = 6x cos x^3 - 9x^4 sin x^3
    return [6 * x * math.cos(x ** 3) - 9 * x ** 4 * math.sin(x ** 3) for x in [0.5, 1.5]]


@test(name='reverse/bwd_static_method')
def bwd_static_method():
    return list(grad(lambda z: math.sqrt(z[0] ** 2 + z[1] ** 2), [1.5, -0.5]))


@test(name='reverse/bwd_no_diff_detach')
def bwd_no_diff_detach():
    # by hand: g(x) * x contributes g(x) = 2x, frozen * x contributes x^2, x^2 contributes 2x
    return [x * x + 4 * x for x in [1.5, -2.0]]


@test(name='reverse/bwd_old_spellings')
def bwd_old_spellings():
    return bwd_threads(lambda x: math.exp(x) * x, [0.5, 2.0])


@test(name='reverse/bwd_primal_substitute')
def bwd_primal_substitute():
    return [fd(lambda x: x ** 3, 4.0)]


@test(name='reverse/bwd_struct_method')
def bwd_struct_method():
    ev = lambda a, b, x: a * x * x + b * x
    f = lambda z: ev(z[0], z[1], z[2]) * ev(z[0], z[1], z[2] * 0.5)
    return list(grad(f, [2.0, 0.5, 3.0]))


@test(name='reverse/bwd_loop_array_state')
def bwd_loop_array_state():
    def f(a, steps=6):
        s = list(a)
        for t in range(steps):
            i = t % 4
            s[i] = s[i] * s[(i + 3) % 4] + 0.5 * s[(i + 1) % 4]
        return s[0] + 2 * s[1] + 3 * s[2] + 4 * s[3]
    return list(grad(f, [0.5, -0.25, 1.0, 0.75]))



@test(name='reverse/bwd_of_fwd_wrapped')
def bwd_of_fwd_wrapped():
    return bwd_of_fwd()


@test(name='reverse/bwd_hessian_vector_wrapped')
def bwd_hessian_vector_wrapped():
    z, v = [0.5, -1.0], np.array([1.0, 2.0])
    return list(hessian_vector(z, v)) + [grad(hessian_test_f, z) @ v]



# ---------------------------------------------------------------- reverse: more structures and small models

@test(name='reverse/bwd_struct_manual_differential')
def bwd_struct_manual_differential():
    def f(z):
        o, d = z[:3], z[3:]
        p = o + 2 * d
        return p @ p + d[0] * o[1]
    return list(grad(f, [1.0, 2.0, -1.0, 0.0, 1.0, 0.5]))


@test(name='reverse/bwd_array_of_structs')
def bwd_array_of_structs():
    f = lambda z: (z[0::2] @ z[1::2]) ** 2     # (value, weight) interleaved
    return list(grad(f, [1.0, 0.5, 2.0, 1.0, 3.0, 1.5]))


@test(name='reverse/bwd_loop_force_unroll')
def bwd_loop_force_unroll():
    return bwd_threads(lambda x: sum(math.sin(k * x) / k for k in range(1, 5)), [0.5, 1.5, -1.0, 2.0])


@test(name='reverse/bwd_loop_vector_state')
def bwd_loop_vector_state():
    def f(v, steps=5):
        for _ in range(steps):
            v = np.array([v[1] * v[2] + v[0], math.sin(v[0]) - v[2] * 0.5, v[0] * v[1] + 0.25])
        return v @ np.array([1.0, 2.0, 3.0])
    return list(grad(f, [0.3, -0.2, 0.5]))


@test(name='reverse/bwd_rnn_recurrence')
def bwd_rnn_recurrence():
    xs = [0.5, -1.0, 0.25, 0.75, -0.5, 0.1]

    def run(z):
        w, u, b = z
        h = 0.0
        for x in xs:
            h = math.tanh(w * h + u * x + b)
        return h * h
    return list(grad(run, [0.8, -0.6, 0.1]))


@test(name='reverse/bwd_mlp')
def bwd_mlp():
    x, target = np.array([0.5, -1.0]), np.array([1.0, 0.0])

    def loss(z):
        w, b = z[:4].reshape(2, 2), z[4:]
        h = np.tanh(w @ x + b)
        e = w @ h - target
        return e @ e
    return list(grad(loss, [0.5, -0.25, 0.75, 1.0, 0.1, -0.2]))


@test(name='reverse/bwd_mul_matrix_matrix')
def bwd_mul_matrix_matrix():
    c = np.array([[1.0, -2.0], [0.5, 3.0]])
    f = lambda z: ((z[:4].reshape(2, 2) @ z[4:].reshape(2, 2)) * c).sum()
    return list(grad(f, [1.0, 2.0, 3.0, 4.0, 0.5, -1.0, 2.0, 1.0]))


@test(name='reverse/bwd_vector_swizzle')
def bwd_vector_swizzle():
    def f(v):
        r = v[::-1] * v[0]
        r = r + np.array([v[1] * v[2], v[1] * v[2], 0.0])
        rz = v[0] * v[1] + v[1] * v[2]
        return r[0] + r[1] * r[1] + rz * 0.5
    return list(grad(f, [1.0, 2.0, 3.0]))


@test(name='reverse/bwd_atan2_reflect')
def bwd_atan2_reflect():
    g1 = grad(lambda z: math.atan2(z[0], z[1]), [1.0, -2.0])
    refl = lambda i: reflect(i, np.array([0.0, 1.0, 0.0])) @ np.array([1.0, 2.0, 3.0]) * i[0]
    return list(g1) + list(grad(refl, [1.0, 2.0, -3.0]))


@test(name='reverse/bwd_treat_as_differentiable')
def bwd_treat_as_differentiable():
    x = 2.0
    return [3.0, x * x + 3 * x]


@test(name='reverse/bwd_no_diff_field')
def bwd_no_diff_field():
    x = 1.5
    return [(2 * x) * (2 * x), 2 * x * x * x]


@test(name='reverse/bwd_two_out_params')
def bwd_two_out_params():
    return list(grad(lambda z: 2 * z[0] * math.sin(z[1]) + 3 * z[0] * math.cos(z[1]), [0.5, 1.25]))


@test(name='reverse/bwd_inout_struct')
def bwd_inout_struct():
    def pos_after(z):
        pos, vel, dt = z
        vel = vel - pos * dt
        return pos + vel * dt
    return list(grad(pos_after, [1.5, -0.5, 0.5]))


@test(name='reverse/bwd_ternary_select')
def bwd_ternary_select():
    return bwd_threads(lambda x: (x ** 3 if x > 1 else 2 * x) + (math.exp(x) if x < 0 else 0.0),
                       [-2.0, 0.5, 1.5, 3.0])


@test(name='reverse/bwd_nested_break_return')
def bwd_nested_break_return():
    def f(x):
        acc = 0.0
        for i in range(4):
            for j in range(4):
                acc += x * (i + j + 1)
                if acc > 6:
                    break
            if acc > 9:
                return acc * x
        return acc + x * x
    return bwd_threads(f, [0.37, 0.83, 1.27, 2.11])



# ---------------------------------------------------------------- higher order, member derivatives, dynamic dispatch

@test(name='forward/fwd_third_order')
def fwd_third_order():
    x = 0.5
    # by hand: derivatives of x^5
    return [x ** 5, 5 * x ** 4, 20 * x ** 3, 60 * x ** 2]


@test(name='forward/fwd_custom_derivative_member')
def fwd_custom_derivative_member():
    x = 2.0
    # by hand: the user derivative of 3x is deliberately 100
    return [3 * x + x * x, 100 + 2 * x, 3 * x + x * x]


@test(name='forward/fwd_struct_array_field')
def fwd_struct_array_field():
    def f(z):
        pts, w = z[:3], z[3:]
        return pts[0] * w[0] + pts[1] ** 2 * w[1] + math.exp(pts[2] * 0.5) * w[2]
    z = np.array([1.0, 2.0, 3.0, 1.0, 0.5, 2.0])
    return [f(z), fd(f, z, [1.0, 1.0, 1.0, 0.0, 0.0, 1.0])]


DISPATCH_KINDS = [0, 1, 1, 0]   # type ids: 0 Doubler (2x), 1 Squarer (x^2)


def apply_kind(kind, x):
    return 2 * x if kind == 0 else x * x


@test(name='forward/fwd_dynamic_dispatch')
def fwd_dynamic_dispatch():
    fs = [lambda x, k=k: apply_kind(k, x) + x for k in DISPATCH_KINDS]
    xs = [3.0, 4.0, 5.0, 6.0]
    return [f(x) for f, x in zip(fs, xs)] + [float(fd(f, x)) for f, x in zip(fs, xs)]


@test(name='reverse/bwd_generic_struct')
def bwd_generic_struct():
    f = lambda z: z[0] + z[1] * z[3] + z[2] * z[3] ** 2
    return list(grad(f, [1.0, -2.0, 0.5, 1.5]))


@test(name='reverse/bwd_dynamic_dispatch')
def bwd_dynamic_dispatch():
    return [float(fd(lambda x, k=k: apply_kind(k, x) * x, x)) for k, x in zip(DISPATCH_KINDS, [3.0, 4.0, 5.0, 6.0])]



# ---------------------------------------------------------------- reverse: more vector and matrix builtins

@test(name='reverse/bwd_refract')
def bwd_refract():
    def refract(i, n, eta):
        k = 1 - eta * eta * (1 - (n @ i) ** 2)
        return eta * i - (eta * (n @ i) + math.sqrt(k)) * n
    f = lambda i: refract(i, np.array([0.0, 1.0, 0.0]), 0.75) @ np.array([1.0, 2.0, -1.0])
    return list(grad(f, [0.6, -0.8, 0.0]))


@test(name='reverse/bwd_distance_lerp_vector')
def bwd_distance_lerp_vector():
    def f(z):
        a, b = z[:3], z[3:]
        return np.linalg.norm(a - b) + lerp(a, b, 0.25)[1]
    return list(grad(f, np.concatenate([A3, B3])))


@test(name='reverse/bwd_determinant_3x3')
def bwd_determinant_3x3():
    return list(grad(lambda z: np.linalg.det(z.reshape(3, 3)), [2.0, 0, 1.0, 1.0, 3.0, 0, 0, 1.0, 4.0]))


@test(name='reverse/bwd_mul_vector_matrix')
def bwd_mul_vector_matrix():
    w = np.array([1.0, -1.0, 2.0])
    f = lambda z: (z[:2] @ z[2:].reshape(2, 3)) @ w
    return list(grad(f, [0.5, -2.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))


# ---------------------------------------------------------------- custom derivatives of overloads

@test(name='forward/fwd_custom_derivative_overloads')
def fwd_custom_derivative_overloads():
    # by hand: the user derivatives are deliberately 10 dx / 20 dx (sq) and 100 dx / 200 dx
    # (cube) for the scalar / float2 overloads, so each output names the overload picked
    return [10.0, 20.0, 10.0, 100.0, 200.0, 100.0]


@test(name='reverse/bwd_custom_derivative_overloads')
def bwd_custom_derivative_overloads():
    # by hand: as the forward test, with dOut in place of dx
    return [10.0, 20.0, 10.0, 100.0, 200.0, 100.0]


# ---------------------------------------------------------------- reverse: issue 7's constructs

def taylor_sin(x, terms):
    term = x
    total = x
    for k in range(1, terms):
        term = -term * x * x / ((2 * k) * (2 * k + 1))
        total += term
    return total


@test(name='reverse/bwd_taylor_sin_force_unroll')
def bwd_taylor_sin_force_unroll():
    xs = [0.5, 1.0, 2.0, -1.5]
    return bwd_threads(lambda x: taylor_sin(x, 8), xs) + bwd_threads(lambda x: taylor_sin(x, 3), xs)


def shuffle(s, k):
    a, b, c = s
    a, b, c = b, c, a
    b = b * a + k
    a = c * c
    c = a + b * k
    return np.array([a, b, c])


@test(name='reverse/bwd_inout_struct_fields_copied')
def bwd_inout_struct_fields_copied():
    s = np.array([0.5, -1.25, 2.0])
    k = 0.75
    w = np.array([1.0, 2.0, -1.0])          # the incoming derivative of the inout struct
    loss = lambda z: shuffle(z[:3], z[3]) @ w
    g = grad(loss, np.concatenate([s, [k]]))
    out = shuffle(s, k)
    return list(g) + [out[0], out[2]]


def chain_f5(x):
    y = x
    for _ in range(3):
        y = math.sin(y) + 0.5 * x
    return y


def chain_f4(x):
    return sum(chain_f5(x * (i + 1)) * x for i in range(2))


def chain_f3(x):
    y = x
    for _ in range(2):
        y = chain_f4(y) * 0.5 + math.exp(-y * y)
    return y


def chain_f1(x):
    return sum(chain_f3((x + 0.1 * i) ** 2 + 0.25) * math.cos(x + 0.1 * i) for i in range(2))


@test(name='reverse/bwd_call_chain_five')
def bwd_call_chain_five():
    return bwd_threads(chain_f1, [0.5, -0.75, 1.25, 0.1])


@test(name='reverse/bwd_call_chain_five_checkpoint')
def bwd_call_chain_five_checkpoint():
    return bwd_call_chain_five()


def damped_g(x, w):
    y = x
    for _ in range(3):
        y = math.tanh(y * w) + 0.25 * y
    return y * y


def via_g(x):
    acc = x
    for i in range(4):
        acc = damped_g(acc, 0.5 + 0.25 * i) + 0.1 * x
    return acc


@test(name='reverse/bwd_recompute_vs_checkpoint')
def bwd_recompute_vs_checkpoint():
    g = bwd_threads(via_g, [0.5, -0.75, 1.25, 2.0])
    return g + g


@test(name='reverse/bwd_loop_continue')
def bwd_loop_continue():
    def f(x):
        y = 1.0
        for i in range(8):
            if i % 3 == 1:
                continue
            y = y * x + math.sin(y)
            if y > 4.0:
                continue
            y += 0.5 * x
        return y
    return bwd_threads(f, [0.5, -0.75, 1.25, 0.3])


@test(name='reverse/bwd_while_early_return')
def bwd_while_early_return():
    def f(x):
        y = x
        i = 0
        while i < 6:
            y = y * y + 0.5 * x
            if y > 2.0:
                return y * (i + 1)
            i += 1
        return -y
    return bwd_threads(f, [0.3, 0.9, 1.6, -0.4])


@test(name='reverse/bwd_nested_loops_three')
def bwd_nested_loops_three():
    def f(x):
        y = x
        for i in range(3):
            for j in range(i + 1):
                for k in range(2):
                    y = math.sin(y * x) + 0.25 * y * (j + k + 1)
            y = y * 0.5
        return y
    return bwd_threads(f, [0.5, -0.75, 1.25, 0.3])


def simulate(x0, k):
    pos, vel = x0, 0.0
    for _ in range(10):
        vel = vel - 0.1 * (k * pos + 0.1 * vel * abs(vel))
        pos = pos + 0.1 * vel
    return pos * pos + vel


@test(name='reverse/bwd_loop_struct_state')
def bwd_loop_struct_state():
    xs = [0.5, -0.75, 1.25, 0.3]
    gs = [grad(lambda z: simulate(z[0], z[1]), [x, 2.0]) for x in xs]
    return [g[0] for g in gs] + [g[1] for g in gs]


@test(name='reverse/bwd_switch_in_loop')
def bwd_switch_in_loop():
    def f(x):
        y = x
        for i in range(6):
            c = i % 3
            if c == 0:
                y = y * x + 1.0
            elif c == 1:
                if y > 1.5:
                    continue
                y = math.sin(y) * 2.0
            else:
                y = y - 0.25 * x * x
        return y
    return bwd_threads(f, [0.5, -0.75, 1.25, 0.3])


@test(name='reverse/bwd_generic_interface')
def bwd_generic_interface():
    wave = lambda x: math.sin(3.0 * x) * x
    bump = lambda x: math.exp(-x * x / 0.5)
    xs = [0.5, -0.75]
    return [float(fd(lambda x, s=s: s(x) ** 2 + s(2 * x), x)) for s in (wave, bump) for x in xs]


if __name__ == '__main__':
    sys.exit(main(HERE, sys.argv[1:]))
