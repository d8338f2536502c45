"""Writes tests/slang-suite/intrinsics/: one Slang-suite-style program per intrinsic family (and a
forward and a backward derivative program per differentiable family), with expected values from
numpy (float32 for primals where rounding matters, float64 for derivatives, which follow the
derivative rules of Slang's core module, including its choices at kinks and ties).

Usage: python3 tests/tools/gen_intrinsics_suite.py [--check]
(--check compares with the committed files instead of writing them.)"""
import math
import os
import struct
import sys

import numpy as np

F = np.float32
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'slang-suite', 'intrinsics')
TESTS = []

HEADER = ('//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -shaderobj -output-using-type\n'
          '//TEST(compute, vulkan):COMPARE_COMPUTE_EX:-vk -compute -shaderobj -output-using-type\n')


def fmt_in(x):
    if isinstance(x, float):
        return repr(float(F(x))) if x == x and abs(x) != math.inf else str(x)
    return str(x)


def test(name, comment, inputs, body, expected, kind='float', helpers='', in_kind='float'):
    """`body` is computeMain's body (reads `inputBuffer`, writes `outputBuffer`); `expected` is
    a list of values (floats, or ints for kind int/uint)."""
    TESTS.append((name, comment, inputs, body, expected, kind, helpers, in_kind))


def bits(x):
    return struct.unpack('<I', struct.pack('<f', float(x)))[0]


def from_bits(u):
    return struct.unpack('<f', struct.pack('<I', u & 0xFFFFFFFF))[0]


def render_program(name, comment, inputs, body, n_out, kind, helpers, in_kind):
    ty = {'float': 'float', 'int': 'int', 'uint': 'uint'}
    lines = [HEADER.rstrip('\n')]
    lines.append('//TEST_INPUT:ubuffer(data=[%s], stride=4):out,name=outputBuffer' % ' '.join(['0'] * n_out))
    if inputs:
        lines.append('//TEST_INPUT:ubuffer(data=[%s], stride=4):name=inputBuffer' % ' '.join(fmt_in(x) for x in inputs))
    lines.append('')
    lines += ['// ' + c for c in comment.split('\n')]
    lines.append('RWStructuredBuffer<%s> outputBuffer;' % ty[kind])
    if inputs:
        lines.append('RWStructuredBuffer<%s> inputBuffer;' % ty[in_kind])
    lines.append('')
    if helpers:
        lines.append(helpers.strip('\n'))
        lines.append('')
    lines.append('[numthreads(1, 1, 1)]')
    lines.append('void computeMain(uint3 dispatchThreadID : SV_DispatchThreadID)')
    lines.append('{')
    lines += ['    ' + l if l else '' for l in body.strip('\n').split('\n')]
    lines.append('}')
    return '\n'.join(lines) + '\n'


def render_expected(kind, values):
    if kind == 'float':
        out = ['type: float'] + ['%f' % float(v) for v in values]
    elif kind == 'int':
        out = ['type: int32_t'] + ['%d' % (((int(v) + 2**31) % 2**32) - 2**31) for v in values]
    else:
        out = ['type: uint32_t'] + ['%d' % (int(v) & 0xFFFFFFFF) for v in values]
    return '\n'.join(out) + '\n'


def writes(exprs, start=0):
    """outputBuffer[i] = expr lines."""
    return '\n'.join('outputBuffer[%d] = %s;' % (start + i, e) for i, e in enumerate(exprs))


def main(argv):
    check = '--check' in argv
    os.makedirs(OUT, exist_ok=True)
    differ = 0
    for name, comment, inputs, body, expected, kind, helpers, in_kind in TESTS:
        files = {
            name + '.slang': render_program(name, comment, inputs, body, len(expected), kind, helpers, in_kind),
            name + '.slang.expected.txt': render_expected(kind, expected),
        }
        for fname, text in files.items():
            path = os.path.join(OUT, fname)
            old = open(path).read() if os.path.exists(path) else None
            if old != text:
                differ += 1
                if check:
                    print('differs:', path)
                else:
                    open(path, 'w').write(text)
    print('%d tests, %d files %s' % (len(TESTS), differ, 'differ' if check else 'written'))
    return 1 if check and differ else 0


exec(open(os.path.join(HERE, 'intrinsics_cases.py')).read())

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
