#!/usr/bin/env python3
"""Expected outputs for tests/slang-suite/autodiff/*.slang (programs in the style of Slang's own
tests/autodiff suite), computed on the CPU independently of any compiler: each test's functions are
written again in Python (float64); derivatives come from central finite differences (fd / grad) or,
where a custom derivative deliberately differs from the true one, from the formula the test states.
Usage: python3 tests/tools/gen_slang_suite.py [--check] [NAME ...]   (needs numpy)
"""
import math
import os
import sys

import numpy as np

from expected_common import test, main

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'slang-suite', 'autodiff')
STEP = 1e-6


def fd(f, x, dx=1.0):
    """Directional derivative of f at x along dx (scalars or numpy arrays), central differences.
    A second, 10x larger step must agree: otherwise x sits on a kink or jump and the point is bad."""
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


def v(*xs):
    return np.array(xs, dtype=np.float64)


@test(name='arithmetic-jvp')
def arithmetic_jvp():
    f = lambda x: x * x + x * x * x
    g = lambda z: (z[0] + z[1]) * (z[0] - z[1]) + z[0] * 5.0
    h = lambda z: -(z[0] / z[1]) * 3.0 + z[1]
    return [f(2.0), fd(f, 2.0), fd(g, v(2.0, 1.5), v(1, 1)),
            fd(h, v(2.0, 1.5), v(1, 0)), fd(h, v(2.0, 1.5), v(0, 1))]


@test(name='arithmetic-vjp')
def arithmetic_vjp():
    def f(z):
        x, y = z
        a = x * y - 2.0 * x
        b = a / (y + 1.0)
        return b * b + a
    g1 = grad(f, v(2.0, 3.0))
    g2 = 2.0 * grad(f, v(-1.0, 0.5))
    return [g1[0], g1[1], g2[0], g2[1], fd(lambda x: -x * 3.0 - x / 4.0, 5.0), 5.0]


@test(name='diff-pair-api')
def diff_pair_api():
    scale = lambda z: z[:3] * z[3] * z[3]
    p0 = v(1.0, 2.0, 3.0, 2.0)
    r_p = scale(p0)
    r_d = fd(scale, p0, v(1.0, 0.0, -1.0, 0.5))
    # bwd with dOut = (1, 1, 1) at v = (1, 2, 3), s = 3
    gb = grad(lambda z: float(np.sum(scale(z))), v(1.0, 2.0, 3.0, 3.0))
    return [r_p[0], r_p[2], r_d[0], r_d[1], r_d[2], 0.0, gb[1], gb[3]]


@test(name='differential-type-ops')
def differential_type_ops():
    s = 1.5 + 2.25
    m = s + s
    return [0.0, s, m, 2.0, 6.0, m]


@test(name='generic-jvp')
def generic_jvp():
    cube = lambda x: x * x * x + 2.0 * x
    use = lambda x: cube(x) + cube(x * 0.5)
    return [cube(2.0), fd(cube, 2.0), fd(use, 2.0), fd(cube, -1.0, 2.0)]


@test(name='generic-vjp')
def generic_vjp():
    poly = lambda x, y: x * x * y - y * y * 3.0
    g = grad(lambda z: poly(z[0], z[1]), v(1.5, 0.5))
    # float2: componentwise, dOut = (1, 0.5): y component of dx, x component of dy
    gy = 0.5 * grad(lambda z: poly(z[0], z[1]), v(2.0, 0.25))
    gx = 1.0 * grad(lambda z: poly(z[0], z[1]), v(1.0, -1.0))
    return [g[0], g[1], gy[0], gx[1]]


def struct_f(z):
    x, y = z
    return np.array([x * y, x + 2.0 * y])


@test(name='struct-jvp')
def struct_jvp():
    a, da = v(2.0, 3.0), v(1.0, 0.5)
    g = lambda z: struct_f(z)[0] * struct_f(z)[1]
    r = fd(struct_f, a, da)
    return [struct_f(a)[0], r[0], r[1], g(a), fd(g, a, da)]


@test(name='struct-vjp')
def struct_vjp():
    def model(z):
        w, b, x = z[0:3], z[3], z[4:7]
        s = float(np.dot(w, x)) + b
        return s * s * 2.0
    z = v(0.5, -1.0, 2.0, 0.25, 1.0, 2.0, 0.5)
    g = grad(model, z)
    return [g[0], g[2], g[3], g[5], model(z)]


@test(name='derivative-member')
def derivative_member():
    n = lambda z: z[0] * z[0] + 3.0 * z[1] * z[1]
    p = v(1.5, -2.0)
    g = 2.0 * grad(n, p)
    return [fd(n, p, v(1.0, 0.5)), g[0], g[1], n(p), 1.0]


@test(name='custom-fwd-derivative')
def custom_fwd_derivative():
    # myOp's derivative is declared as 10 * dx (not 2x dx): caller = 2 myOp(x) + myOp(x^2)
    # has derivative 2 * 10 + 10 * 2x at x = 3.
    x = 3.0
    return [x * x, 10.0, 2.0 * 10.0 + 10.0 * 2.0 * x, 2.0 * x * x + x ** 4]


@test(name='custom-bwd-derivative')
def custom_bwd_derivative():
    # myBwd reports 100 dOut for x and 1000 dOut for y; caller = myOp(x, 2) + x^2.
    return [50.0, 500.0, 100.0 + 2.0 * 3.0, 3.0 * 2.0 + 9.0]


@test(name='derivative-of')
def derivative_of():
    sp = lambda x: math.log(1.0 + math.exp(x))
    net = lambda x: sp(2.0 * x) * x
    return [fd(sp, 0.5), fd(sp, 0.5), fd(net, -0.3), fd(net, -0.3), net(-0.3)]


@test(name='primal-substitute')
def primal_substitute():
    # Derivative code calls the substitutes: caller -> x^3, sq -> x^2 + 100 x.
    subst = lambda x: x ** 3
    user_subst = lambda x: (x * x + 100.0 * x) * 3.0
    return [16.0, subst(4.0), fd(subst, 4.0), 12.0, user_subst(2.0), fd(user_subst, 2.0),
            0.5 * fd(user_subst, 2.0)]


@test(name='treat-as-differentiable')
def treat_as_differentiable():
    # opaque is differentiable with a zero derivative; only 2x^2 contributes.
    x = 1.5
    return [x ** 3 + 2.0 * x * x, fd(lambda x: 2.0 * x * x, x), 2.0 * fd(lambda x: 2.0 * x * x, x), 0.0]


@test(name='no-diff-param')
def no_diff_param():
    # f(k, x) = k x^2 + no_diff(x^2) + detach(x) x: only k x^2 and the last factor x carry derivatives.
    f = lambda k, x: k * x * x + x * x + x * x
    df = lambda k, x: fd(lambda t: k * t * t + x * t, x)
    return [f(3.0, 2.0), df(3.0, 2.0), df(3.0, 2.0), f(1.0, 0.5), 4.0 * df(0.5, -1.0)]


def accumulate(acc, x):
    return acc * x + math.sin(x)


def run_acc(x):
    return accumulate(accumulate(1.0, x), x * 2.0)


@test(name='inout-jvp')
def inout_jvp():
    return [accumulate(2.0, 0.5), fd(lambda a: accumulate(a, 0.5), 2.0),
            fd(lambda x: accumulate(2.0, x), 0.5), fd(run_acc, 0.7), run_acc(0.7), run_acc(0.7)]


@test(name='inout-vjp')
def inout_vjp():
    def step(z):
        s, r = z[:3], z[3]
        return s + r * np.array([s[1], -s[0], s[2] * s[2]])
    d_out = v(1.0, 0.0, 2.0)
    g = grad(lambda z: float(np.dot(d_out, step(z))), v(1.0, 2.0, 0.5, 0.1))
    split = lambda x: (x * x, math.exp(x) - x * x)
    dx = fd(lambda x: 1.0 * split(x)[0] + 2.0 * split(x)[1], 0.5)
    return [g[0], g[2], g[3], dx, split(0.5)[1]]


@test(name='array-param-vjp')
def array_param_vjp():
    weighted = lambda z: sum(z[i] * z[i] * z[3] * (i + 1) for i in range(3))
    g = grad(weighted, v(1.0, 2.0, 3.0, 0.5))
    sum_arr = lambda a: a[0] + 2.0 * a[1] * a[2]
    a = v(1.0, 2.0, 3.0)
    return [g[0], g[1], g[2], g[3], fd(sum_arr, a, v(1.0, 1.0, -1.0)), sum_arr(a)]


def normalize(x):
    return x / np.linalg.norm(x)


def reflect(i, n):
    return i - 2.0 * np.dot(n, i) * n


@test(name='vector-math-vjp')
def vector_math_vjp():
    def shade(z):
        n, l, vv = z[0:3], z[3:6], z[6:9]
        nn = normalize(n)
        h = normalize(l + vv)
        c = np.cross(nn, l)
        spec = max(float(np.dot(nn, h)), 0.0) ** 4.0
        return spec + float(np.linalg.norm(c)) * 0.5 + float(np.dot(reflect(-l, nn), vv))
    z = v(0.2, 1.0, 0.3, 0.5, 0.7, -0.2, -0.1, 0.9, 0.4)
    g = grad(shade, z)
    dz = np.zeros(9)
    dz[0] = 1.0
    dz[8] = 1.0
    return [g[0], g[1], g[2], g[3], g[8], shade(z), fd(shade, z, dz), shade(z)]


@test(name='matrix-vjp')
def matrix_vjp():
    def loss(z):
        m = z[:4].reshape(2, 2)
        x = z[4:6]
        y = m @ x
        y = np.array([math.tanh(y[0]), y[1] * y[1]])
        sq = m @ m.T
        return y[0] + y[1] + sq[0][1]
    z = v(0.5, -0.25, 1.0, 0.75, 0.4, -0.6)
    g = grad(loss, z)
    return list(g) + [loss(z)]



def simple_loop(y, n):
    t = y
    for _ in range(n):
        t = (t * 0.5 + math.sin(t)) * y
    return t


@test(name='reverse-loop')
def reverse_loop():
    return [fd(lambda y: simple_loop(y, 3), 0.8), 1.0, 2.0 * fd(lambda y: simple_loop(y, 7), -0.4),
            simple_loop(0.8, 3)]


@test(name='reverse-control-flow')
def reverse_control_flow():
    def piecewise(z):
        x, y = z
        if x > y:
            r = x * x
            if x > 2.0 * y:
                r = r + y * 3.0
        else:
            r = x * y
        return r

    def early(x):
        if x < 0.0:
            return -x * x
        y = x * 2.0
        return y * y if y > 3.0 else math.exp(y)
    g1 = grad(piecewise, v(3.0, 1.0))
    g2 = grad(piecewise, v(1.0, 2.0))
    return [g1[0], g1[1], g2[0] + 10.0 * g2[1], fd(early, -0.5), fd(early, 2.0), fd(early, 0.5)]


def break_continue(x):
    acc = 0.0
    for i in range(8):
        if i == 1:
            continue
        acc = acc + x * i
        if acc > 6.0:
            break
        acc = acc * x
    return acc


@test(name='loop-break-continue')
def loop_break_continue():
    return [break_continue(1.1), fd(break_continue, 1.1), fd(break_continue, 1.1), fd(break_continue, 0.6)]


@test(name='nested-loop')
def nested_loop():
    def grid(z):
        x, y = z
        s = 0.0
        for i in range(3):
            row = x
            for j in range(i + 1):
                row = row * y + j * 0.1
            s += row * (i + 1)
        return s
    g = grad(grid, v(0.7, 1.3))
    return [g[0], g[1], fd(grid, v(0.7, 1.3), v(1.0, 1.0))]


def halve_until(z):
    x, limit = z
    val, steps = x, 0
    while val > limit and steps < 20:
        val = val * 0.5 + math.sqrt(val) * 0.1
        steps += 1
    return val * (steps + 1)


@test(name='while-loop-vjp')
def while_loop_vjp():
    g = grad(halve_until, v(10.0, 1.0))
    return [g[0], g[1], halve_until(v(10.0, 1.0)), g[0]]


@test(name='switch-vjp')
def switch_vjp():
    fs = [lambda x: x * x, lambda x: math.sin(x), lambda x: math.sin(x) * 2.0, math.exp]
    return [fd(lambda x, f=f: f(x) * 2.0, 0.5) for f in fs]


@test(name='force-unroll')
def force_unroll():
    def horner(x):
        r = 0.0
        for c in [1.0, -0.5, 0.25, 2.0]:
            r = r * x + c
        return r
    return [horner(1.5), fd(horner, 1.5), fd(horner, -0.5)]


def cubic_sin(x):
    return x ** 3 + math.sin(x)


@test(name='high-order')
def high_order():
    d1 = lambda x: fd(cubic_sin, x)
    return [cubic_sin(0.5), d1(0.5), 6.0 * 0.5 - math.sin(0.5)]


@test(name='high-order-fwd-bwd')
def high_order_fwd_bwd():
    return [fd(cubic_sin, 0.5), 6.0 * 0.5 - math.sin(0.5)]


def particle(z):
    pos, vel, dt = z
    for _ in range(2):
        vel = vel - pos * dt
        pos = pos + vel * dt
    return 0.5 * (pos * pos + vel * vel)


@test(name='mutating-method')
def mutating_method():
    z = v(1.0, 0.5, 0.1)
    g = grad(particle, z)
    return [g[0], g[1], g[2], particle(z), g[0]]


@test(name='member-function')
def member_function():
    f = lambda x: math.exp(-x * x / (2.0 * 0.25)) + 3.0 * x * x
    return [f(0.3), fd(f, 0.3), fd(f, 0.3), 0.09]


@test(name='interface-requirement')
def interface_requirement():
    relu = lambda z: max(z, 0.0)
    swish = lambda z: z / (1.0 + math.exp(-1.5 * z))
    n = lambda act, w: act(w * 2.0 + 0.1)
    return [fd(lambda w: n(relu, w), 0.8), fd(lambda w: n(swish, w), 0.8),
            fd(lambda w: n(swish, w), 0.8), fd(lambda w: n(relu, w), -0.8)]


@test(name='dynamic-dispatch')
def dynamic_dispatch():
    sq = lambda x: x * x * 2.0
    sc = lambda x: math.sin(x) * 3.0 * 2.0
    return [fd(sq, 0.5), fd(sc, 0.5), sq(0.5), sc(0.5)]


@test(name='existential-param')
def existential_param():
    lin = lambda p: (p[0] * 2.0 - p[1]) ** 2
    quad = lambda p: (float(np.dot(p, p)) - 1.0) ** 2
    p = v(0.5, 1.5)
    return list(grad(lin, p)) + list(grad(quad, p))


@test(name='namespace-fn')
def namespace_fn():
    f = lambda x: x ** 3 + x + x * x
    return [fd(lambda x: x * x, 3.0), fd(lambda x: x ** 3 + x, 2.0), fd(f, 1.5), f(1.5)]


@test(name='struct-init')
def struct_init():
    def hit(z):
        o, d, t = z[0:3], z[3:6], z[6]
        return float((o + normalize(d) * t)[1])
    z = v(0.0, 1.0, 0.0, 1.0, 2.0, 2.0, 3.0)
    g = grad(hit, z)
    return [g[3], g[4], g[6], hit(z)]


@test(name='property-accessor')
def property_accessor():
    # slope = sqrt(4a) through the setter, steepness = slope^2 through the getter.
    f = lambda z: z[0] + z[1] * math.sqrt(4.0 * z[0]) ** 2
    g = grad(f, v(1.5, -0.5))
    return [g[0], g[1], f(v(1.5, -0.5)), g[0]]


@test(name='subscript-accessor')
def subscript_accessor():
    f = lambda z: z[0] + z[1] * (z[0] * z[0] + z[1] * 2.0 * z[0])
    g = grad(f, v(1.5, -0.5))
    return [g[0], g[1], f(v(1.5, -0.5)), g[1]]


@test(name='extension-method')
def extension_method():
    total = lambda z: 0.5 * z[0] * (z[2] - z[1]) ** 2 + z[2] * z[0] * z[0]
    z = v(4.0, 1.0, 1.5)
    g = grad(total, z)
    return [g[0], g[1], g[2], total(z)]


@test(name='static-const-groupshared')
def static_const_groupshared():
    out = []
    for i in range(4):
        bias = ((i + 1) % 4) * 0.25
        f = lambda x: (0.5 * x + 1.0) * (0.5 * x * x - 1.0) + bias * x
        out.append(fd(f, i + 0.5))
    return out


@test(name='import-module')
def import_module():
    f = lambda x: x * x * (math.exp(x) + 1.0)
    return [f(0.5), fd(f, 0.5), fd(lambda x: math.exp(x) + 1.0, 0.5)]


INTRINSIC_CASES = [
    lambda x: math.exp(x) * math.log(x + 1.0),
    lambda x: x ** 2.5 + math.sqrt(x),
    lambda x: 1.0 / math.sqrt(x) * math.atan2(x, 2.0),
    lambda x: min(max(x * x, 1.0), 5.0) + (x + 0.25 * (3.0 * x - x)),
    lambda x: min(math.sin(x), math.cos(x)) + max(x, 0.6) * math.tan(x),
]


@test(name='intrinsics-vjp')
def intrinsics_vjp():
    xs = [0.3, 0.8, 1.7, 2.5, 0.45]
    return [f(x) for f, x in zip(INTRINSIC_CASES, xs)] + [fd(f, x) for f, x in zip(INTRINSIC_CASES, xs)]


@test(name='atan2-vector-jvp')
def atan2_vector_jvp():
    polar = lambda p: np.array([np.linalg.norm(p), math.atan2(p[1], p[0])])
    r = fd(polar, v(1.0, 2.0), v(0.5, -1.0))

    def mixv(z):
        a, b, t = z[0:3], z[3:6], z[6]
        return (a + (b - a) * t) * min(max(t, 0.0), 0.5) + np.abs(a - b)
    z = v(1.0, -2.0, 0.5, 0.0, 1.0, 2.0, 0.3)
    m = fd(mixv, z, v(1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0))
    return [r[0], r[1], m[0], m[1], m[2], mixv(z)[1]]


@test(name='generic-diff-pair')
def generic_diff_pair():
    f = lambda x: x * x * 4.0
    return [f(1.5), fd(f, 1.5) + fd(f, 1.5, 0.5), 1.5, 1.25, 0.0]


def chain(x):
    expensive = lambda t: math.exp(math.sin(t) * 2.0)
    stored = lambda t: math.log(t * t + 1.0)
    a = expensive(x)
    b = stored(a)
    return sum(expensive(b + i * 0.1) * stored(x) for i in range(4))


@test(name='checkpoint-hints')
def checkpoint_hints():
    return [fd(chain, 0.4), chain(0.4), 0.5 * fd(chain, -1.1), fd(chain, -1.1)]


def chain_top(z):
    x, y = z
    leaf = lambda a, b: a * b + math.sin(a)

    def mid(x, b):
        a = leaf(x, b)
        return a, leaf(b, a) * 0.5
    a, b = mid(x, y)
    a, b = mid(a, b)
    return a + b * x


@test(name='call-chain-vjp')
def call_chain_vjp():
    z = v(0.6, -0.3)
    g = grad(chain_top, z)
    return [g[0], g[1], chain_top(z), fd(chain_top, z, v(1.0, 1.0))]


@test(name='generic-struct-diff')
def generic_struct_diff():
    prod = lambda z: z[0] * z[1] * z[1]
    g = grad(prod, v(2.0, 3.0))
    return [3.0, 2.0, g[0], g[1], fd(prod, v(2.0, 3.0), v(1.0, 1.0))]


def find_first(z):
    x, threshold = z
    val = x
    for i in range(8):
        val = val * val + 0.1 * x
        if val > threshold:
            return val * (i + 1)
    return -val


@test(name='loop-early-return')
def loop_early_return():
    return [grad(find_first, v(1.2, 4.0))[0], find_first(v(1.2, 4.0)),
            grad(find_first, v(0.5, 4.0))[0], find_first(v(0.5, 4.0))]


@test(name='fwd-out-param')
def fwd_out_param():
    sc = lambda z: np.array([math.sin(z[0]) * z[1], math.cos(z[0]) * z[1] * z[1]])
    z = v(0.5, 2.0)
    d = fd(sc, z, v(1.0, 0.5))
    return [sc(z)[0], d[0], sc(z)[1], d[1]]


@test(name='mixed-partial')
def mixed_partial():
    g = lambda z: z[0] * z[0] * z[1] + math.exp(z[0] * z[1])
    gx = lambda z: grad(g, z)[0]
    z = v(0.5, 1.5)
    return [gx(z), grad(g, z)[1], fd(gx, z, v(0.0, 1.0))]


def transform_point(z):
    m, p, t = z[0:9].reshape(3, 3), z[9:12], z[12:15]
    return m @ p + (p @ m) * 0.5 + t


@test(name='matrix3-jvp')
def matrix3_jvp():
    z = np.concatenate([v(1.0, 2.0, 0.0, -1.0, 0.5, 1.0, 0.0, 0.25, 2.0), v(1.0, 2.0, 3.0), v(0.0, 0.0, 0.0)])
    dz = np.concatenate([v(0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0), v(0.5, 0.0, -1.0), v(1.0, 1.0, 1.0)])
    r = fd(transform_point, z, dz)
    g = grad(lambda z: float(np.dot(v(1.0, 0.0, 2.0), transform_point(z))), z)
    return [r[0], r[1], r[2], g[1], g[6], g[10]]


@test(name='custom-derivative-both')
def custom_derivative_both():
    # The custom derivatives use s = sqrt(max(x, 1e-4)): at x = 0 the gradient is 0.5 / 0.01.
    d = lambda x: 3.0 * 0.5 / math.sqrt(max(x, 1e-4))
    return [d(4.0), d(0.0), d(0.25), 3.0 * math.sqrt(0.25)]


def int_bool(x, n, square, shift):
    r = x * x if square else x
    for i in range(n):
        r = r + x * (i + shift)
    return r


@test(name='int-bool-params')
def int_bool_params():
    return [fd(lambda x: int_bool(x, 3, True, 2), 1.5), fd(lambda x: int_bool(x, 2, False, 1), 1.5),
            fd(lambda x: int_bool(x, 3, True, 2), 1.5), int_bool(1.5, 3, True, 2)]



@test(name='dynamic-dispatch-inout')
def dynamic_dispatch_inout():
    def run(update, x):
        st = x
        st = update(st, x)
        return update(st, x)
    decay = lambda st, x: st * 0.5 + x * x
    grow = lambda st, x: st * x + 1.0
    return [fd(lambda x: run(decay, x), 1.5), fd(lambda x: run(grow, x), 1.5), run(decay, 1.5), run(grow, 1.5)]


@test(name='generic-interface-model')
def generic_interface_model():
    lin = lambda z: (z[0] * 1.5 + z[1] - 3.0) ** 2
    quad = lambda a: (a * 2.0 * 2.0 - 1.0) ** 2
    g = grad(lin, v(2.0, 0.5))
    return [g[0], g[1], 0.5 * fd(quad, 0.75), quad(0.75)]


@test(name='method-diff-this')
def method_diff_this():
    q = lambda a, b, x: a * x * x + b * x
    ev = lambda z: q(z[0], z[1], z[2]) + q(z[0], z[1], 2.0 * z[2])
    g = grad(ev, v(0.5, -1.0, 1.5))
    return [g[0], g[1], g[2], g[0]]


def swizzle_matrix(z):
    vv, s = z[0:3], z[3]
    acc = np.array([vv[2] * s, vv[0] * s, vv[1] * vv[1], 1.0])
    m = np.array([[1.0, s * vv[0]], [acc[0], acc[1]]])
    r = m @ acc[2:4]
    return r[0] + r[1] * acc[3] + float(np.linalg.det(m))


@test(name='swizzle-matrix-write')
def swizzle_matrix_write():
    z = v(0.5, -1.0, 2.0, 1.5)
    return list(grad(swizzle_matrix, z)) + [swizzle_matrix(z)]


@test(name='buffer-read-in-diff')
def buffer_read_in_diff():
    w = [0.5, 1.5, -2.0, 3.0]
    f = lambda x: sum(w[i] * x ** i for i in range(4))
    return [fd(f, 0.5 + i * 0.25) for i in range(4)]


def propagate(z):
    vals = list(z[0:4])
    weights = z[4:8]
    carry = z[8]
    for i in range(4):
        vals[i] = vals[i] + carry * weights[i]
        carry = math.tanh(vals[i])
    return carry + vals[0]


@test(name='array-struct-loop-vjp')
def array_struct_loop_vjp():
    z = np.array([0.1 * i for i in range(4)] + [0.5 + 0.25 * i for i in range(4)] + [0.8])
    g = grad(propagate, z)
    return [g[8], g[4], g[3], propagate(z)]


@test(name='where-clause-generic')
def where_clause_generic():
    spring = lambda z: 0.5 * (math.hypot(z[2] - z[0], z[3] - z[1]) - 1.0) ** 2
    coulomb = lambda z: 1.0 / math.hypot(z[2] - z[0], z[3] - z[1])
    z = v(0.0, 0.0, 1.5, 2.0)
    return [grad(spring, z)[2], grad(coulomb, z)[3], grad(coulomb, z)[0]]


if __name__ == '__main__':
    sys.exit(main(HERE, sys.argv[1:]))
