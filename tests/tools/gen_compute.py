#!/usr/bin/env python3
"""Expected outputs for tests/compute/*.slang, computed on the CPU independently of any compiler.

Each test has one function below named after the test file; it repeats the test's inputs and computes
what the shader must write, using float32 rounding (numpy.float32) where it matters. Running the script
rewrites every `<test>.slang.expected.txt`; `--check` only reports files that differ.
Usage: python3 tests/tools/gen_compute.py [--check] [name...]   (needs numpy)
"""
import math
import os
import sys

import numpy as np

from expected_common import F, test, main, bits_f32, f32_from_bits, trunc_div, trunc_mod

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



# ---------------------------------------------------------------- vectors

def pad(values, n):
    """Out buffers are zero-filled; tests that leave the tail untouched expect zeros there."""
    return list(values) + [0] * (n - len(values))


IN16 = np.arange(1, 17, dtype=np.float32)


@test()
def vector_constructors():
    a, b, c, d = 1.0, 2.0, 3.0, 4.0
    return pad([a, b, c, d, c, b, a, d * 10, 3 * b, c * d, 7, -3, a], 16)


@test()
def vector_swizzle_read():
    v = [1.0, 2.0, 3.0, 4.0]
    x, y, z, w = v
    wzyx = [w, z, y, x]
    return pad([z, y, x, x, x, y, y, z, w, wzyx[1], wzyx[3], w, 5.0], 16)


@test()
def vector_swizzle_write():
    v = [10.0, 2.0, 30.0, 4.0]
    out = list(v)
    v[0], v[1] = v[1], v[0]
    out += [v[0], v[1]]
    v[3] += 0.5
    v[2] *= 2; v[3] *= 2
    out += [v[2], v[3]]
    # u.zyx = (1, 2, 3) assigns z=1, y=2, x=3
    out += [3.0, 2.0, 1.0, 7.0]
    return out


@test()
def vector_componentwise():
    a = np.array([1, 2, 3], dtype=np.float32)
    b = np.array([4, -2, 0.5], dtype=np.float32)
    r = np.fmod(a, F(2))
    return (list(a + b) + list(a * b) + list(a / b) + list(F(2) * a - b * F(0.5)) + list(-b)
            + [r[0] + r[1] * 10 + r[2] * 100])


@test('int')
def vector_int_ops():
    a, b = [7, -7, 9], [2, 2, -4]
    q = [trunc_div(x, y) for x, y in zip(a, b)]
    r = [trunc_mod(x, y) for x, y in zip(a, b)]
    s = [x << k for x, k in zip(a, [1, 2, 3])]
    x = [(p & 3) | (q_ ^ 1) for p, q_ in zip(a, b)]
    return q + r + s + x


@test()
def vector_dynamic_index():
    v = [1.0, 2.0, 3.0, 4.0]
    first = [v[3 - i] * 10 for i in range(4)]
    second = [sum(v) - v[i] - 1.0 for i in range(4)]
    return first + second


@test('int')
def vector_compare():
    a, b = [1, 5, 3], [2, 5, 4]
    return ([int(x < y) for x, y in zip(a, b)] + [int(x >= y) for x, y in zip(a, b)]
            + [int(x == y) for x, y in zip(a, b)])


# ---------------------------------------------------------------- matrices (row-major, as HLSL)

@test()
def matrix_constructors():
    i = IN16
    b = i[4:13].reshape(3, 3)
    return pad([i[0], i[1], i[2], i[3], b[0, 2], b[1, 0], b[2, 1], b[2, 2], 3, 4,
                b[1, 0] + b[1, 1] * 100, i[13]], 16)


def m3_from_input():
    return IN16[0:9].reshape(3, 3)


def v3_from_input():
    return np.array([IN16[9], -IN16[10], F(0.5) * IN16[11]], dtype=np.float32)


@test()
def matrix_mul_mv():
    return list(m3_from_input() @ v3_from_input())


@test()
def matrix_mul_vm():
    return list(v3_from_input() @ m3_from_input())


@test()
def matrix_mul_mm():
    a = m3_from_input()
    b = np.array([[IN16[9], 0, -1], [IN16[10], 1, 0], [0, IN16[11], 2]], dtype=np.float32)
    return list((a @ b).flatten())


@test()
def matrix_mul_nonsquare():
    a = IN16[0:6].reshape(2, 3)
    b = np.array([IN16[4:8], IN16[8:12], [-1, 0.5, 0, 2]], dtype=np.float32)
    mv = a @ np.array([1, -1, 2], dtype=np.float32)
    vm = np.array([0.5, 2], dtype=np.float32) @ a
    return pad(list((a @ b).flatten()) + list(mv) + list(vm), 16)


@test()
def matrix_transpose():
    a = IN16[0:6].reshape(2, 3)
    return list(a.T.flatten()) + list((a @ a.T).flatten())


@test()
def matrix_determinant():
    d = np.array([2.0, -1.0, 0.5, 3.0, 1.0, 4.0, -2.0, 0.0, 1.5, 2.5, -3.0, 1.0, 0.0, 2.0, 1.0, -1.0])
    return [np.linalg.det(d[0:4].reshape(2, 2)), np.linalg.det(d[0:9].reshape(3, 3)),
            np.linalg.det(d.reshape(4, 4))]


@test()
def matrix_index_write():
    m = np.zeros((3, 3))
    m[1][2] = 5.0
    m[0] = IN16[1:4]
    m[2][1:3] = [-1, -2]
    m[2][0] += 10
    return list(m.flatten())


@test()
def matrix_componentwise():
    a = IN16[0:4].reshape(2, 2)
    b = IN16[4:8].reshape(2, 2)
    return list((a + b).flatten()) + list((a * b).flatten()) + list((a * 3 - b).flatten())


@test()
def matrix_negate():
    a = IN16[0:4].reshape(2, 2)
    return list((-a).flatten()) + list((-(a * 2)).flatten())



# ---------------------------------------------------------------- math library, one thread per input

def per_thread(xs, *fns):
    """Thread i writes fns[k](xs[i]) at index k * len(xs) + i."""
    return [fn(x) for fn in fns for x in xs]


@test()
def math_abs():
    return per_thread([-2.5, 0.0, 3.25, -100.0], abs, lambda x: 3 * abs(x), lambda x: abs(int(x) - 1))


def sign(x):
    return (x > 0) - (x < 0)


@test()
def math_sign():
    return per_thread([-2.5, 0.0, 3.25, -0.5], sign, lambda x: sign(int(x * 2)))


@test()
def math_min_max():
    def vec(x):
        return max(x, 0.0) * 100 + max(-x, 1.0)
    return per_thread([-2.5, 0.0, 3.25, 1.0], lambda x: min(x, 1.0), lambda x: max(x, 0.5),
                      lambda x: min(int(x), -1) + max(int(x), 2) * 10, vec)


def clamp(x, lo, hi):
    return min(max(x, lo), hi)


@test()
def math_clamp():
    return per_thread([-2.5, 0.25, 3.25, 1.0], lambda x: clamp(x, -1.0, 2.0),
                      lambda x: clamp(int(x * 4), -3, 5))


@test()
def math_saturate():
    return per_thread([-2.5, 0.25, 3.25, 1.0], lambda x: clamp(x, 0, 1),
                      lambda x: clamp(x - 0.5, 0, 1) + clamp(x * 0.1, 0, 1) * 10)


def lerp(a, b, t):
    return a + t * (b - a)


@test()
def math_lerp():
    return per_thread([0.0, 0.25, 1.0, 1.5], lambda t: lerp(2.0, -6.0, t),
                      lambda t: lerp(1.0, 3.0, t) + lerp(10.0, 20.0, 1 - t))


def smoothstep(a, b, x):
    t = clamp((x - a) / (b - a), 0.0, 1.0)
    return t * t * (3 - 2 * t)


@test()
def math_smoothstep():
    return per_thread([-1.0, 0.0, 0.5, 1.25, 2.0, 3.5], lambda x: smoothstep(0.0, 2.0, x))


def step(edge, x):
    return 1.0 if x >= edge else 0.0


@test()
def math_step():
    return per_thread([-1.0, 0.5, 1.0, 2.0], lambda x: step(1.0, x), lambda x: step(0.0, x) + step(1.5, x) * 10)


@test()
def math_sqrt_rsqrt():
    return per_thread([0.25, 2.0, 9.0, 100.0], math.sqrt, lambda x: 1 / math.sqrt(x))


@test()
def math_rcp():
    return per_thread([0.25, -2.0, 3.0, 100.0], lambda x: 1 / x)


@test()
def math_exp():
    return per_thread([-1.0, 0.0, 0.5, 3.0], math.exp, lambda x: 2 ** x)


@test()
def math_log():
    return per_thread([0.5, 1.0, 8.0, 1000.0], math.log, math.log2, math.log10)


@test()
def math_pow():
    return per_thread([0.5, 1.0, 2.0, 9.0], lambda x: x ** 1.5, lambda x: 2 ** x)


@test()
def math_trig():
    return per_thread([-1.0, 0.25, 1.0, 2.5], math.sin, math.cos, math.tan)


@test()
def math_inverse_trig():
    def hundredths(fn):
        def rounded(x):
            v = fn(x) * 100
            assert abs(abs(v - math.floor(v)) - 0.5) > 0.1, 'too close to a rounding tie'
            return round(v)
        return rounded
    return per_thread([-0.9, -0.25, 0.5, 0.75], hundredths(math.asin), hundredths(math.acos),
                      hundredths(lambda x: math.atan(x * 3)))


@test()
def math_atan2():
    return per_thread([1.0, -1.0, -2.0, 0.5], lambda y: math.atan2(y, 0.5), lambda y: math.atan2(y, -2.0))


@test()
def math_hyperbolic():
    return per_thread([-1.5, -0.25, 0.5, 2.0], math.sinh, math.cosh, math.tanh)


@test()
def math_sincos():
    return per_thread([-1.0, 0.25, 1.0, 2.5], math.sin, math.cos)


@test()
def math_floor_ceil():
    return per_thread([-2.5, -0.25, 1.0, 3.75], math.floor, math.ceil)


@test()
def math_round_trunc():
    return per_thread([-2.7, -0.25, 1.4, 3.75], round, math.trunc)


@test()
def math_frac():
    return per_thread([-1.25, -0.5, 2.75, 3.0], lambda x: x - math.floor(x))


@test()
def math_fmod():
    return per_thread([-7.5, 7.5, 5.25, -1.0], lambda x: math.fmod(x, 2.0), lambda x: math.fmod(x, -3.0))


@test()
def math_fma_mad():
    return per_thread([-1.5, 0.5, 2.0, 3.0], lambda x: x * 3 + 0.25, lambda x: x * x - 1)


@test()
def math_radians_degrees():
    return per_thread([0.0, 90.0, 180.0, -45.0], math.radians, lambda x: x * 0.5)


@test()
def math_copysign():
    xs = [1.5, -2.0, 3.0, -0.5]
    return [math.copysign(x * 2, -1.0 if i % 2 == 0 else 1.0) for i, x in enumerate(xs)]


# ---------------------------------------------------------------- vector math, a = (1, 2, -3), b = (0.5, -1.5, 2)

VA = np.array([1.0, 2.0, -3.0])
VB = np.array([0.5, -1.5, 2.0])


def normalize(v):
    return v / np.linalg.norm(v)


@test()
def math_dot_cross():
    c = np.cross(VA, VB)
    return [VA @ VB, VA[:2] @ VB[1:], c[0], c[1], c[2], c @ VA]


@test()
def math_length_distance():
    return [np.linalg.norm(VA), np.linalg.norm(VB[:2]), np.linalg.norm(VA - VB), math.sqrt(VA @ VA + 1)]


@test()
def math_normalize():
    return list(normalize(VA)) + list(normalize(VB[1:])) + [1.0]


def reflect(i, n):
    return i - 2 * (n @ i) * n


def refract(i, n, eta):
    k = 1 - eta * eta * (1 - (n @ i) ** 2)
    if k < 0:
        return np.zeros(3)
    return eta * i - (eta * (n @ i) + math.sqrt(k)) * n


@test()
def math_reflect():
    return list(reflect(VA, normalize(VB)))


@test()
def math_refract():
    n = np.array([0.0, 1.0, 0.0])
    i1 = normalize(np.array([1.0, -2.0, 0.0]))
    i2 = normalize(np.array([8.0, -1.0, 0.0]))  # grazing: total internal reflection at eta 1.5
    return list(refract(i1, n, 0.75)) + list(refract(i2, n, 1.5))


@test()
def math_faceforward():
    def faceforward(n, i, ng):
        return n if ng @ i < 0 else -n
    return list(faceforward(VA, VB, VA)) + list(faceforward(VA, -VB, VA))


@test('int')
def math_all_any():
    return [int(all(VA > -4)), int(all(VA > 0)), int(any(VA > 1.5)), int(any(VA > 5)), 1, 0, 1, 0]


@test('int')
def math_isnan_isinf():
    # nan = 0/0, +inf = 1/0, -inf = -1/0; a.y = 2 and a.z = -3 are ordinary numbers.
    return [1, 0, 0, 1, 1, 0, 0, 1]


@test('int')
def math_asfloat_asint_asuint():
    return [bits_f32(1.0), bits_f32(-2.0), bits_f32(F(f32_from_bits(0x40490FDB)) * F(2)),
            int(f32_from_bits(bits_f32(0.5) + 0x00800000) * 100), bits_f32(-1.0), 0]



# ---------------------------------------------------------------- structs and arrays

@test()
def struct_fields():
    a, b = 1.5, (2.0, 3.0)
    return [a, b[0] + b[1], 3 * 0.5, 100.0, b[1], 100.0 + b[0]]


@test()
def struct_methods_this():
    x, y = 3.0, 4.0
    w = (x * -0.5, y * -0.5)
    return [x * x + y * y, math.hypot(x, y), x * w[0] + y * w[1], x * 2 * 0.25]


@test()
def struct_static_members():
    x = 2.0
    return [x * x, (x + 1) ** 2 * 0.5, 3 * 0.5]


@test()
def struct_mutating():
    value = 1.0 + 2.0 + 0.25
    return [value, 2, value * 10, 0.0 + 2]   # reset() clears value but not steps


@test()
def struct_init():
    return [2.0 * 2.0, 2.0 * 3.0, 2.0, 3.0, 1.5 * 4.0]


@test()
def struct_brace_init():
    x = 2.0
    return [x, 5.0, 1.0 + 2.0, x * 2, 2.0 * 4, 0.5 * 1, 0.25 * 4]


@test()
def array_1d():
    a = [v * v for v in [1.0, 2.0, 3.0, 4.0]]
    vec1 = [2.0, 0.5, 6.0]
    return a[::-1] + [sum(a), 3, sum(vec1), 3.0]


@test()
def array_2d():
    inp = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    m = [[inp[r * 3 + c] * (r + 1) for c in range(3)] for r in range(2)]
    return [m[r][c] for c in range(3) for r in range(2)]


@test()
def array_dynamic_index():
    table = [10.0, 20.0, 30.0, 40.0]
    idx = [3, 1, 0, 2]
    # each thread has its own copy of the table and overwrites one entry with -1
    return [table[i] for i in idx] + [sum(table) - table[i] - 1.0 for i in idx]


@test()
def array_init_list():
    x = 1.5
    a = [x, 2 * x, 3 * x]
    return [sum(a), 10 - 7, 3.0 * 2.0, 0.25 * a[0] + 0.5 * a[1] + 0.25 * a[2], 3.0, 0.0, 3 * 10 + 2, 8]


@test()
def array_function_params():
    a = [1.0, 2.0, 3.0]
    d = [2 * v for v in a]
    return [sum(a), a[0], sum(d), d[2], d[1], d[0]]


@test()
def array_countof():
    return [5, 2, 7, 15.0]


@test()
def array_get_count():
    return [5, 2, 7, 15.0]



# ---------------------------------------------------------------- functions and control flow

@test()
def func_overloading():
    x = 2.0
    return [x * 10, int(x) + 0.5, x - 5.0, x * 3.0, 7 + 0.5]


@test()
def func_out_inout():
    a, b = 2.0, 3.0
    return [a + b, a * b, 1.0 + a + b, a, 3 * 10 + 4, 1 * 10 + 2]


@test()
def func_default_args():
    def scale_and_shift(x, scale=2.0, shift=0.5):
        return x * scale + shift
    x = 2.0
    return [scale_and_shift(x), scale_and_shift(x, 3.0), scale_and_shift(x, 3.0, -1.0),
            scale_and_shift(scale_and_shift(x), 0.5)]


@test()
def func_nested_calls():
    def middle(x, y):
        return x * x + y * y

    def outer(x):
        return middle(x, 1.0) - 1.0
    x = 1.5
    return [outer(x), outer(outer(x)), middle(x, 2.0)]


@test('int')
def cf_if_else_chain():
    def classify(x):
        if x < 0: return -1
        if x == 0: return 0
        if x < 5: return 1 if x < 2 else 2
        if x < 10: return 3
        return 4
    return [classify(x) + (10 if x > 50 else 0) for x in [-5.0, 0.0, 3.0, 7.0, 12.0, 100.0]]


@test('int')
def cf_switch():
    def switch(k):
        if k == 0: return 100
        if k in (1, 2): return 200
        if k == 3: return 1 + 10   # falls through into case 4
        if k == 4: return 10
        if k == 6: return 600
        return -1
    return [switch(k) for k in range(8)]


@test()
def cf_for_loops():
    n = 4
    return [sum(range(1, n + 1)), math.factorial(n), sum(range(0, 10, 2)), 3 * n, 1.5]


@test()
def cf_while_loops():
    x, halvings = 100.0, 0
    while x > 1:
        x *= 0.5
        halvings += 1
    return [halvings, x, 1]


@test()
def cf_break_continue():
    n = 10
    odd = sum(i for i in range(n) if i % 2)
    first = next(i for i in range(100) if i * i > 30)
    w = sum(k for k in range(1, 6) if k != 3)
    return [odd, first, w, 4]


@test()
def cf_early_return():
    values = [0.0, 1.0, 3.0, 8.0, 20.0]

    def find_first_above(t):
        for i, v in enumerate(values):
            if v > t:
                return i + v * 0.01
        return -1.0

    def guarded(x):
        if x < 0: return 0.0
        if x > 5: return 5.0
        return x * 2
    return [find_first_above(x) * 100 + guarded(x) for x in [-1.0, 0.5, 2.0, 9.0]]


@test()
def cf_nested_loops():
    rows, cols = 3, 4
    s = sum(r * 10 + c for r in range(rows) for c in range(cols))
    count = 0
    for r in range(rows):
        for c in range(cols):
            if c > r: break
            if c == 1: continue
            count += 1
    triples = sum(1 for a in range(3) for b in range(3) for c in range(3) if a + b + c == 3)
    return [s, count, triples]


@test('int')
def bool_logic():
    p, q = True, False
    # calls: q && bump -> skipped (0); p || bump -> skipped, then += 10; p && bump(false) -> 11
    return [p and q, p or q, not q, p != q, 0, 10, 11, (p ^ q) + (p == (not q)) * 2]



# ---------------------------------------------------------------- declarations, generics, interfaces

@test()
def let_var():
    k = 2.0 * 1.5
    return [k, 4 * k, 3 * k, 3 // 2]


@test()
def static_const_globals():
    x = 1.0
    return [x * 2.5 + 3, 0 * x + 1 * x + 2 * x, (1 + 4 + 9 + 16) + 2.5 * 3, 0xF0 >> 4]


@test()
def typedef_typealias():
    x = 1.5
    return [x + 2 * x + 3 * x, x * 3 * x, 4 * x]


@test('int')
def enums():
    red, green, blue, alpha = 0, 1, 10, 11   # Alpha follows Blue
    weight = {red: 1, green: 2}
    return [red, green, blue, alpha, 4 + 100, weight.get(1, 3) * 10 + weight.get(alpha, 3)]


@test()
def namespaces():
    x = 2.0
    return [x * x, x ** 3, 3 * x * x, 2 * x]


@test()
def generics_type_param():
    x = 1.5
    return [2 * x, 14, 2 * (1 + 2 + x), x + 1 - 0.25, x * 0.5 + 4 * 0.5]


@test()
def generics_value_param():
    inp = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    return [sum(inp[:3]), sum(inp[:6]), (1.5 + 2.5) * 2, 4.0 * 4]


@test()
def generic_struct():
    x = 2.0
    return [x + 10 + x, 3 * 4, -x, 42, 2 * 1.0 * 10 + 2 * x]


@test()
def interface_static_dispatch():
    x = 2.0
    square, triangle = x * x, 0.5 * x * 3
    return [square * 100 + 4, triangle * 100 + 3, square + triangle, square * 0.25, triangle * 100, 4]


@test()
def interface_associated_type():
    x = 2.0
    ip = (int(x) + 1) * 3
    vp = x * (x + 1)
    return [ip, vp, ip + vp]


@test()
def properties():
    c = 100.0
    f = c * 9 / 5 + 32
    c2 = (50 - 32) * 5 / 9
    c3 = ((c2 * 9 / 5 + 32) + 18 - 32) * 5 / 9
    return [f, c + 273, c2, c3]


@test()
def subscripts():
    x = 2.0
    return [1 + 2 * x + 3 * x ** 2 + 4 * x ** 3, 3.0, 13.0, x * 3.0, 2.0]


@test()
def operator_overloading():
    a, b = complex(1, 2), complex(3, -1)
    s, p = a + b, a * b
    q = -(2 * a) + p
    return [s.real, s.imag, p.real, p.imag, q.real + q.imag * 100, 1.0]


@test()
def extensions():
    x = 3.0
    return [x * 100, F(10.0) * F(0.3), x + 1000, x * x]


@test()
def tuples():
    x = 2.0
    return [3 + x * 2, 17 // 5, 17 % 5, x * 0.5 + 7]


@test()
def optionals():
    return [4.0, -1.0, 4.0, 10.0]



# ---------------------------------------------------------------- groupshared, atomics, system values, buffers

@test()
def groupshared_reduction():
    xs = [i + 1.0 for i in range(32)]
    return [sum(xs), max(x * (-1 if i % 3 == 0 else 1) for i, x in enumerate(xs))]


@test()
def groupshared_neighbors():
    xs = [(i + 1.0) ** 2 for i in range(8)]
    return [xs[(i + 1) % 8] - xs[i] for i in range(8)]


@test('int')
def atomics_add():
    return [64, sum(range(64)), 2 * 64]


@test('int')
def atomics_min_max():
    vs = [(i * 7) % 32 - 10 for i in range(32)]
    return [min(vs), max(vs), 31 * 3, -31]


@test('uint')
def atomics_uint_min_max():
    vs = [(i * 5) % 16 + 100 for i in range(16)]
    return [min(vs), max(vs) * 2]


@test('int')
def atomics_bitwise():
    or_bits = sum(1 << i for i in range(16) if i % 2 == 0)
    and_bits = -1 & ~sum(1 << i for i in range(16) if i % 4 == 0)
    xor_bits = sum(1 << i for i in range(16) if i % 3 == 0)
    return [or_bits, and_bits, xor_bits]


@test('int')
def atomics_exchange():
    # one compare-exchange of 0 -> 1 succeeds; 7 is never replaced (compare value 8); exchange leaves 5
    return [1, 1, 7, 5, 0]


@test('int')
def atomic_type_methods():
    vs = [(i * 7) % 32 - 10 for i in range(32)]
    return [32, sum(range(32)), max(vs), min(vs), 0xFFFFFFFF, 5]


@test('int')
def sv_dispatch_thread_id():
    return [x * 100 + y * 10 for y in range(4) for x in range(12)]


@test('int')
def sv_group_ids():
    out = [0] * 32
    for gy in range(2):
        for gx in range(2):
            group = gy * 2 + gx
            for z in range(2):
                for y in range(2):
                    for x in range(2):
                        out[group * 8 + z * 4 + y * 2 + x] = group * 1000 + x * 100 + y * 10 + z
    return out


@test('int')
def sv_group_index_flat():
    return [g * 10 + i for g in range(4) for i in range(8)]


@test()
def structured_buffer_struct():
    particles = [(1.0, 2.0, 3), (0.5, -1.0, 4), (2.0, 0.25, 5), (3.0, 3.0, 6)]
    return [p + v * 2 + i * 100 for p, v, i in particles]


@test()
def rw_buffer_read_modify_write():
    return [(i + 1.0) ** 2 - 1 for i in range(8)]


@test('multi')
def multiple_output_buffers():
    xs = [1.5, 2.5, -1.0, 4.0]
    return [('float', [x + 10 for x in xs]), ('int', [int(x * 2) for x in xs])]



# ---------------------------------------------------------------- preprocessor, literals, dynamic dispatch
# (filecheck_*.slang carry their expectations as CHECK lines in the test itself.)

@test()
def preprocessor_define_if():
    return [3.0 * 2, (1.0 + 2.0) ** 2, 200.0, 1.0, 2.0]


@test()
def preprocessor_command_line_define():
    gain, offset = 4, 0.5
    return [x * gain + offset for x in [1.5, 2.0, -1.0]]


@test()
def literals():
    return [0x1F, 10, 1.5, 2.0, 1.0, 250.0, 0.25, 1.0, 1.0, 30.0]


@test()
def dynamic_dispatch():
    kinds = [0, 1, 1, 0]    # 0: Doubler, 1: Squarer
    return [2 * x if k == 0 else x * x for k, x in zip(kinds, [3.0, 4.0, 5.0, 6.0])]



# ---------------------------------------------------------------- more of the modular language

@test()
def generics_where_clause():
    m, s = 2.0, 5.0
    return [m * 3, s + 3, (m * 2) * (s + 2)]


@test()
def interface_inheritance_default():
    total = 2.0
    return [total, total * 2, total + 1.5, (total + 10) + total * 2]


@test()
def interface_property():
    side, length = 3.0, 7.5
    return [side * side, length, side * side + length]


@test()
def variadic_generics():
    x = 2.0
    return [x + 1.5 + 0.25, x, 4]


@test()
def byte_address_buffer():
    # words: 1.5, 2.5, the int 3, 4.0, -1.0; inputBuffer[0] = 0
    return [1.5, 2.5 + 3, 4.0, -1.0 * 0.0 + -1.0]



@test('uint')
def math_f16_conversions():
    def half_bits(x):
        return int(np.array(x, dtype=np.float16).view(np.uint16))
    back = float(np.array(-2.5, dtype=np.float16))
    return [half_bits(1.0), half_bits(-2.5), half_bits(0.333333), int(2.0 * 100), int(back * -10)]


@test()
def math_dst_lit():
    a, b = (9.0, 2.0, 3.0, 9.0), (9.0, 5.0, 9.0, 7.0)
    n_dot_l, n_dot_h, m = 0.5, 0.25, 2.0
    specular = 0.0 if n_dot_l < 0 or n_dot_h < 0 else n_dot_h ** m
    return [1.0, a[1] * b[1], a[2], b[3], 1.0, max(n_dot_l, 0.0), specular, 1.0]


if __name__ == '__main__':
    sys.exit(main(HERE, sys.argv[1:]))
