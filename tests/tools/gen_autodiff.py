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

from expected_common import TESTS, test, main

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'autodiff')
STEP = 1e-6


def fd(f, x, dx=1.0):
    """Directional derivative of f at x along dx (scalars or numpy arrays), central differences."""
    x = np.asarray(x, dtype=np.float64)
    dx = np.asarray(dx, dtype=np.float64)
    return (np.asarray(f(x + STEP * dx)) - np.asarray(f(x - STEP * dx))) / (2 * STEP)


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


if __name__ == '__main__':
    sys.exit(main(HERE, sys.argv[1:]))
