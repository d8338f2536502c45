#!/usr/bin/env python3
"""Expected outputs for tests/compute/*.slang, computed on the CPU independently of any compiler.

Each test has one function below named after the test file; it repeats the test's inputs and computes
what the shader must write, using float32 rounding (numpy.float32) where it matters. Running the script
rewrites every `<test>.slang.expected.txt`; `--check` only reports files that differ.
Usage: python3 tests/tools/gen_compute.py [--check] [name...]   (needs numpy)
"""
import math
import os
import struct
import sys

import numpy as np

from expected_common import F, TESTS, test, main, f32, bits_f32, f32_from_bits, trunc_div, trunc_mod

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'compute')


# ---------------------------------------------------------------- arithmetic and operators

@test()
def arith_precedence():
    a, b, c = F(2), F(3), F(4)
    return [a + b * c, (a + b) * c, a - b - c, a / b / c, -a * b + c, c - a * b / c + a,
            -(a - b) * -c, a * (b - (c + a) / b)]


@test('int')
def arith_int_division():
    p7, n7, p2, n2 = 7, -7, 2, -2
    return [trunc_div(p7, p2), trunc_div(n7, p2), trunc_div(p7, n2), trunc_div(n7, n2),
            trunc_div(1, p2), trunc_div(9, 3), trunc_div(0, n7), trunc_div(n7 * 3, p2)]


@test('int')
def arith_int_modulo():
    p7, n7, p3, n3 = 7, -7, 3, -3
    return [trunc_mod(p7, p3), trunc_mod(n7, p3), trunc_mod(p7, n3), trunc_mod(n7, n3),
            trunc_mod(9, p3), trunc_div(n7, p3) * p3 + trunc_mod(n7, p3)]


@test('uint')
def arith_uint_div_mod():
    big = 4000000000
    return [17 // 5, 17 % 5, big // 3, big % 7, big // 2, ((big + big) % 2**32) // 4]


@test()
def arith_float_ops():
    a, b, c = F(1.5), F(-0.25), F(8.0)
    return [a + b, a - b, a * b, a / b, -c, F(math.fmod(-8.0, 3.0))]


@test('int')
def bitwise_ops():
    a, b = 90, 15
    return [a & b, a | b, a ^ b, ~a, a & ~b, (a | 256) ^ (b & 3)]


@test('int')
def shifts():
    # -16 >> 2 is an arithmetic shift (Python's >> on negative ints is arithmetic too).
    return [1 << 10, -16 >> 2, 0x80000000 >> 4, (1 + 2) << 3, 3 << (1 + 1), 0xFFFFFFFF >> 28, -1 >> 28]


@test()
def conversions_implicit():
    i, u = -7, 3
    return [i, trunc_div(i, 2), i / 2.0, u * 0.5, 3 * i, 1 + u // 2]


@test('int')
def casts_explicit():
    return [int(2.9), int(-2.9), int(F(7.0) / F(2.0)), 2, 1, trunc_div(7, 2), int(-2 * 2.5), 1]


@test('int')
def compound_assignment():
    out = []
    x = 10
    x += 5; out.append(x)
    x -= 3; out.append(x)
    x *= 4; out.append(x)
    x = trunc_div(x, 5); out.append(x)
    x = trunc_mod(x, 4); out.append(x)
    x <<= 3; out.append(x)
    x |= 5; out.append(x)
    x &= 6; out.append(x)
    x ^= 7; out.append(x)
    x >>= 1; out.append(x)
    out.append(12)  # y = 2; y *= 3 -> 6; y += 6 -> 12
    return out


@test()
def compound_assignment_float_vector():
    a = F(1.5)
    a = (((a + F(0.25)) * F(2)) - F(1)) / F(4)
    v = np.array([1, 2, 3], dtype=np.float32) * F(2)
    v = (v + F(0.5)) / np.array([1, 2, 4], dtype=np.float32) - F(0.125)
    return [a, v[0], v[1], v[2], v[0] * 2, v[1] * 2]


@test('int')
def increment_decrement():
    # i = 5: i++ -> 5 (i = 6), ++i -> 7, i-- -> 7 (i = 6), --i -> 5, i -> 5
    f = 1.5 + 2
    # arr[k++] += 10 touches arr[0] only once: arr = {11, 2, 3}, k = 1
    return [5, 7, 7, 5, 5, int(f * 2), 11 * 100 + 1 * 10 + 2]


@test()
def ternary_comma():
    a, b = 3.0, -1.0
    nested = -1.0 if a < 0 else (0.0 if a < 2 else 1.0)
    return [max(a, b), min(a, b), nested, abs(a) + abs(b), a * 2, 5]


@test()
def select_intrinsic():
    v = [3.0, -1.0, 2.0]
    return [3.0, -1.0] + [x if x > 0 else -x * 10 for x in v]


if __name__ == '__main__':
    main(HERE, sys.argv[1:])
