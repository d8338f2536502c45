"""Shared helpers for the expected-value generators (gen_*.py): registration of one function per
test, float32 helpers with HLSL integer semantics, and writing `<test>.slang.expected.txt` files."""
import os
import struct

import numpy as np

F = np.float32
TESTS = {}


def test(kind='float', name=None):
    """Register a generator; `kind` is the out buffer's element type: float, int or uint."""
    def register(fn):
        TESTS[name or fn.__name__] = (kind, fn)
        return fn
    return register


def f32(x):
    return float(np.float32(x))


def bits_f32(x):
    """The IEEE-754 bits of x rounded to float32, as an unsigned integer (asuint)."""
    return struct.unpack('<I', struct.pack('<f', float(x)))[0]


def f32_from_bits(u):
    """asfloat of a 32-bit pattern."""
    return struct.unpack('<f', struct.pack('<I', u & 0xFFFFFFFF))[0]


def trunc_div(a, b):
    """HLSL/C signed integer division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def trunc_mod(a, b):
    """HLSL/C signed remainder: has the sign of the dividend."""
    return a - trunc_div(a, b) * b


def to_i32(v):
    v = int(v) & 0xFFFFFFFF
    return v - 2**32 if v >= 2**31 else v


def render(kind, values):
    if kind == 'multi':
        # several out buffers, printed one after the other: values is [(kind, values), ...]
        return ''.join(render(k, v) for k, v in values)
    if kind == 'float':
        lines = ['type: float'] + ['%f' % float(v) for v in values]
    elif kind == 'int':
        lines = ['type: int32_t'] + ['%d' % to_i32(v) for v in values]
    elif kind == 'uint':
        lines = ['type: uint32_t'] + ['%d' % (int(v) & 0xFFFFFFFF) for v in values]
    else:
        raise ValueError(kind)
    return '\n'.join(lines) + '\n'


def main(folder, argv):
    check = '--check' in argv
    names = [a for a in argv if not a.startswith('--')] or sorted(TESTS)
    differ = 0
    for name in names:
        kind, fn = TESTS[name]
        text = render(kind, fn())
        path = os.path.join(folder, name + '.slang.expected.txt')
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            differ += 1
            if check:
                print('differs:', path)
            else:
                with open(path, 'w') as f:
                    f.write(text)
        if not os.path.exists(os.path.join(folder, name + '.slang')):
            print('warning: no test file for', name)
    print(f'{len(names)} expected files, {differ} {"differ" if check else "written"}')
    return 1 if check and differ else 0
