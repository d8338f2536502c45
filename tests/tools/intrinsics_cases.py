# The cases of gen_intrinsics_suite.py (run inside it: `test`, `writes`, `F`, `bits`, ... are
# its helpers). Primal values in float32 (numpy), derivatives in float64 by Slang's rules.
# ruff: noqa: F821

def a32(xs):
    return np.array(xs, dtype=F)


def v(x):
    return [float(t) for t in np.atleast_1d(x)]


# ---------------------------------------------------------------------------------------------
# Primal families

X = [0.3, -1.7, 2.25, 0.8]
test('trig-basic', 'sin, cos, tan on a scalar and a float3 (HLSL names, elementwise on vectors).', X, '''
float a = inputBuffer[0];
float3 v = float3(inputBuffer[1], inputBuffer[2], inputBuffer[3]);
outputBuffer[0] = sin(a);
outputBuffer[1] = cos(a);
outputBuffer[2] = tan(a);
float3 s = sin(v);
float3 c = cos(v);
float3 t = tan(v);
outputBuffer[3] = s.x; outputBuffer[4] = s.y; outputBuffer[5] = s.z;
outputBuffer[6] = c.x; outputBuffer[7] = c.y; outputBuffer[8] = c.z;
outputBuffer[9] = t.x; outputBuffer[10] = t.y; outputBuffer[11] = t.z;
''', v([np.sin(F(0.3)), np.cos(F(0.3)), np.tan(F(0.3))]) + v(np.sin(a32(X[1:]))) + v(np.cos(a32(X[1:]))) + v(np.tan(a32(X[1:]))))

# asin/acos/atan: Vulkan allows 4096 ULP, so the values are printed rounded to 1e-3 (the inputs
# sit far from rounding boundaries).
IT = [0.25, -0.55, 0.9, 3.0]
def r3(x):
    return float(np.round(x * 1000.0) / 1000.0)
test('inverse-trig', 'asin, acos, atan (rounded to 1e-3: Vulkan allows 4096 ULP) and atan2 in all four quadrants.', IT + [1.0, -1.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
float p = inputBuffer[4]; float n = inputBuffer[5];
outputBuffer[0] = round(asin(a) * 1000.0) / 1000.0;
outputBuffer[1] = round(asin(b) * 1000.0) / 1000.0;
outputBuffer[2] = round(acos(c) * 1000.0) / 1000.0;
outputBuffer[3] = round(acos(b) * 1000.0) / 1000.0;
outputBuffer[4] = round(atan(d) * 1000.0) / 1000.0;
outputBuffer[5] = round(atan(b) * 1000.0) / 1000.0;
outputBuffer[6] = round(atan2(p, p) * 1000.0) / 1000.0;
outputBuffer[7] = round(atan2(p, n) * 1000.0) / 1000.0;
outputBuffer[8] = round(atan2(n, n) * 1000.0) / 1000.0;
outputBuffer[9] = round(atan2(n, p) * 1000.0) / 1000.0;
outputBuffer[10] = round(atan2(0.0, n) * 1000.0) / 1000.0;
''', [r3(math.asin(0.25)), r3(math.asin(-0.55)), r3(math.acos(0.9)), r3(math.acos(-0.55)), r3(math.atan(3.0)), r3(math.atan(-0.55)),
      r3(math.atan2(1, 1)), r3(math.atan2(1, -1)), r3(math.atan2(-1, -1)), r3(math.atan2(-1, 1)), r3(math.atan2(0, -1))])

H = [0.5, -1.25, 2.0]
test('hyperbolic', 'sinh, cosh, tanh on scalars and a float2.', H, '''
float a = inputBuffer[0];
float2 v = float2(inputBuffer[1], inputBuffer[2]);
outputBuffer[0] = sinh(a); outputBuffer[1] = cosh(a); outputBuffer[2] = tanh(a);
float2 s = sinh(v); float2 c = cosh(v); float2 t = tanh(v);
outputBuffer[3] = s.x; outputBuffer[4] = s.y;
outputBuffer[5] = c.x; outputBuffer[6] = c.y;
outputBuffer[7] = t.x; outputBuffer[8] = t.y;
''', [math.sinh(0.5), math.cosh(0.5), math.tanh(0.5), math.sinh(-1.25), math.sinh(2.0), math.cosh(-1.25), math.cosh(2.0), math.tanh(-1.25), math.tanh(2.0)])

test('inverse-hyperbolic', 'asinh, acosh, atanh (scalar and vector).', [0.75, -2.5, 3.0, 0.4], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
outputBuffer[0] = asinh(a);
outputBuffer[1] = asinh(b);
outputBuffer[2] = acosh(c);
outputBuffer[3] = atanh(d);
outputBuffer[4] = atanh(-d);
float2 h = asinh(float2(a, c));
outputBuffer[5] = h.x + h.y;
float3 k = acosh(float3(1.5, c, 10.0));
outputBuffer[6] = k.x; outputBuffer[7] = k.z;
''', [math.asinh(0.75), math.asinh(-2.5), math.acosh(3.0), math.atanh(0.4), math.atanh(-0.4), math.asinh(0.75) + math.asinh(3.0), math.acosh(1.5), math.acosh(10.0)])

test('exp-log', 'exp, exp2, exp10 (Slang: exp(x ln 10)), log, log2, log10, on scalars and a float2.', [1.5, -0.5, 2.0, 10.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
outputBuffer[0] = exp(a); outputBuffer[1] = exp(b);
outputBuffer[2] = exp2(a); outputBuffer[3] = exp2(b);
outputBuffer[4] = exp10(c); outputBuffer[5] = exp10(b);
outputBuffer[6] = log(a); outputBuffer[7] = log2(c * 4.0); outputBuffer[8] = log10(d * 10.0);
float2 e = exp10(float2(a, 1.0));
outputBuffer[9] = e.x; outputBuffer[10] = e.y;
float2 l = log2(float2(8.0, 0.25));
outputBuffer[11] = l.x; outputBuffer[12] = l.y;
''', [math.exp(1.5), math.exp(-0.5), 2 ** 1.5, 2 ** -0.5, 100.0, 10 ** -0.5, math.log(1.5), 3.0, 2.0, 10 ** 1.5, 10.0, 3.0, -2.0])

test('pow-sqrt-rcp', 'pow, sqrt, rsqrt, rcp on scalars and vectors.', [2.0, 3.0, 0.25, 9.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
outputBuffer[0] = pow(a, b); outputBuffer[1] = pow(d, 0.5); outputBuffer[2] = pow(c, -1.5);
outputBuffer[3] = sqrt(d); outputBuffer[4] = sqrt(c);
outputBuffer[5] = rsqrt(c); outputBuffer[6] = rsqrt(d);
outputBuffer[7] = rcp(c); outputBuffer[8] = rcp(-a);
float3 p = pow(float3(a, c, d), float3(2.0, 0.5, 1.5));
outputBuffer[9] = p.x; outputBuffer[10] = p.y; outputBuffer[11] = p.z;
float2 q = rsqrt(float2(4.0, d)) + rcp(float2(a, c));
outputBuffer[12] = q.x; outputBuffer[13] = q.y;
''', [8.0, 3.0, 8.0, 3.0, 0.5, 2.0, 1 / 3, 4.0, -0.5, 4.0, 0.5, 27.0, 0.5 + 0.5, 1 / 3 + 4.0])

R = [2.5, -2.5, 0.5, 1.5, -1.25, 3.7, -3.7, 0.0]
test('rounding', 'floor, ceil, round (WGSL and Slang round halves to even), trunc, frac (x - floor(x), so\npositive for negative x) on halves and negatives.', R, '''
float4 a = float4(inputBuffer[0], inputBuffer[1], inputBuffer[2], inputBuffer[3]);
float4 b = float4(inputBuffer[4], inputBuffer[5], inputBuffer[6], inputBuffer[7]);
float4 r = round(a);
outputBuffer[0] = r.x; outputBuffer[1] = r.y; outputBuffer[2] = r.z; outputBuffer[3] = r.w;
float4 f = floor(b); float4 c = ceil(b); float4 t = trunc(b); float4 fr = frac(b);
outputBuffer[4] = f.x; outputBuffer[5] = f.y; outputBuffer[6] = f.z;
outputBuffer[7] = c.x; outputBuffer[8] = c.y; outputBuffer[9] = c.z;
outputBuffer[10] = t.x; outputBuffer[11] = t.y; outputBuffer[12] = t.z;
outputBuffer[13] = fr.x; outputBuffer[14] = fr.y; outputBuffer[15] = fr.z; outputBuffer[16] = fr.w;
outputBuffer[17] = round(inputBuffer[5]);
''', [2.0, -2.0, 0.0, 2.0, -2.0, 3.0, -4.0, -1.0, 4.0, -3.0, -1.0, 3.0, -3.0,
      float(F(-1.25) - np.floor(F(-1.25))), float(F(3.7) - np.floor(F(3.7))), float(F(-3.7) - np.floor(F(-3.7))), 0.0, 4.0])

test('fmod-modf', 'fmod truncates (the result has the sign of x, like C) and modf splits at trunc(x), on scalars\nand vectors.', [7.5, -7.5, 2.0, -2.25], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float y = inputBuffer[2]; float c = inputBuffer[3];
outputBuffer[0] = fmod(a, y);
outputBuffer[1] = fmod(b, y);
outputBuffer[2] = fmod(a, -y);
outputBuffer[3] = fmod(c, 0.5);
float2 m = fmod(float2(a, b), float2(4.0, 3.0));
outputBuffer[4] = m.x; outputBuffer[5] = m.y;
float ip;
float fp = modf(c, ip);
outputBuffer[6] = fp; outputBuffer[7] = ip;
float3 ip3;
float3 fp3 = modf(float3(a, b, 0.25), ip3);
outputBuffer[8] = fp3.x; outputBuffer[9] = fp3.y; outputBuffer[10] = fp3.z;
outputBuffer[11] = ip3.x; outputBuffer[12] = ip3.y; outputBuffer[13] = ip3.z;
''', [1.5, -1.5, 1.5, -0.25, 3.5, -1.5, -0.25, -2.0, 0.5, -0.5, 0.25, 7.0, -7.0, 0.0])

test('frexp-ldexp', 'frexp: mantissa in [0.5, 1) with the sign of x and an int exponent ((0, 0) for 0);\nldexp(x, e) = x * 2^e with a float exponent, as Slang.', [12.0, -0.375, 0.0, 1.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float z = inputBuffer[2]; float one = inputBuffer[3];
int e;
float m = frexp(a, e);
outputBuffer[0] = m; outputBuffer[1] = float(e);
m = frexp(b, e);
outputBuffer[2] = m; outputBuffer[3] = float(e);
m = frexp(z, e);
outputBuffer[4] = m; outputBuffer[5] = float(e);
int3 e3;
float3 m3 = frexp(float3(one, 1024.0, 0.1), e3);
outputBuffer[6] = m3.x; outputBuffer[7] = float(e3.x);
outputBuffer[8] = m3.y; outputBuffer[9] = float(e3.y);
outputBuffer[10] = m3.z; outputBuffer[11] = float(e3.z);
outputBuffer[12] = ldexp(0.75, 4.0);
outputBuffer[13] = ldexp(a, -2.0);
float2 l = ldexp(float2(1.0, 3.0), float2(-1.0, 3.0));
outputBuffer[14] = l.x; outputBuffer[15] = l.y;
''', [0.75, 4, -0.75, -1, 0.0, 0, 0.5, 1, 0.5, 11, float(F(0.1)) / 2 ** -3, -3, 12.0, 3.0, 0.5, 24.0])

test('sign-abs', 'sign gives an int (so sign(x) / 2 divides integers), abs on floats, ints and vectors.', [-2.5, 0.0, 3.0, -7.0], '''
float a = inputBuffer[0]; float z = inputBuffer[1]; float b = inputBuffer[2]; int i = int(inputBuffer[3]);
outputBuffer[0] = float(sign(a));
outputBuffer[1] = float(sign(z));
outputBuffer[2] = float(sign(b));
outputBuffer[3] = float(sign(b) / 2);
outputBuffer[4] = float(sign(i));
int3 s = sign(float3(a, z, b));
outputBuffer[5] = float(s.x + 10 * s.y + 100 * s.z);
outputBuffer[6] = abs(a);
outputBuffer[7] = float(abs(i));
float3 av = abs(float3(a, -z, -b));
outputBuffer[8] = av.x + av.y + av.z;
int2 ai = abs(int2(i, -i));
outputBuffer[9] = float(ai.x * ai.y);
outputBuffer[10] = fabs(a);
''', [-1, 0, 1, 0, -1, -1 + 100, 2.5, 7, 5.5, 49, 2.5])

test('min-max-clamp', 'min, max, clamp on float, int and uint scalars and vectors (vector bounds and scalar bounds).', [1.5, -2.0, 4.0, 3.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
outputBuffer[0] = min(a, b); outputBuffer[1] = max(a, b);
outputBuffer[2] = clamp(c, b, d); outputBuffer[3] = clamp(b, a, d); outputBuffer[4] = clamp(a, b, d);
int i = int(b); int j = int(c);
outputBuffer[5] = float(min(i, j)); outputBuffer[6] = float(max(i, j)); outputBuffer[7] = float(clamp(-9, i, j));
uint u = uint(c); uint w = uint(d);
outputBuffer[8] = float(min(u, w)); outputBuffer[9] = float(max(u, w)); outputBuffer[10] = float(clamp(7u, u, w + 1u));
float3 v = clamp(float3(a, b, c), float3(0.0, 0.0, 0.0), float3(1.0, 1.0, 1.0));
outputBuffer[11] = v.x + 10.0 * v.y + 100.0 * v.z;
float3 m = max(float3(a, b, c), 0.0);
outputBuffer[12] = m.x + 10.0 * m.y + 100.0 * m.z;
int2 mi = min(int2(i, j), int2(0, 0));
outputBuffer[13] = float(mi.x + 10 * mi.y);
''', [-2.0, 1.5, 3.0, 1.5, 1.5, -2, 4, -2, 3, 4, 4, 1.0 + 0.0 + 100.0, 1.5 + 0.0 + 400.0, -2])

test('saturate-step-smoothstep', 'saturate, step(edge, x) (1 where x >= edge, so 1 at the edge), smoothstep on scalars and\nvectors, at and beyond the edges.', [-0.5, 0.25, 1.5, 0.5], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float h = inputBuffer[3];
outputBuffer[0] = saturate(a); outputBuffer[1] = saturate(b); outputBuffer[2] = saturate(c);
outputBuffer[3] = step(h, b); outputBuffer[4] = step(h, h); outputBuffer[5] = step(h, c);
outputBuffer[6] = smoothstep(0.0, 1.0, b); outputBuffer[7] = smoothstep(0.0, 1.0, a); outputBuffer[8] = smoothstep(0.0, 1.0, c);
outputBuffer[9] = smoothstep(1.0, 3.0, 2.5);
float3 s = step(float3(0.0, 0.3, 1.0), float3(b, b, b));
outputBuffer[10] = s.x + 10.0 * s.y + 100.0 * s.z;
float3 ss = smoothstep(float3(0.0, 0.0, -1.0), float3(1.0, 0.5, 1.0), float3(h, b, b));
outputBuffer[11] = ss.x; outputBuffer[12] = ss.y; outputBuffer[13] = ss.z;
''', [0.0, 0.25, 1.0, 0.0, 1.0, 1.0, 0.25 * 0.25 * (3 - 0.5), 0.0, 1.0, 0.75 * 0.75 * (3 - 1.5), 1.0,
      0.5 * 0.5 * (3 - 1.0), 0.5 * 0.5 * (3 - 1.0), 0.625 * 0.625 * (3 - 1.25)])

test('lerp-fma-mad', 'lerp(x, y, s) = x + s (y - x) (s outside [0, 1] extrapolates), fma and mad on floats, mad on ints.', [2.0, 6.0, 0.25, -0.5], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float s = inputBuffer[2]; float t = inputBuffer[3];
outputBuffer[0] = lerp(a, b, s); outputBuffer[1] = lerp(a, b, t); outputBuffer[2] = lerp(a, b, 1.5);
float3 l = lerp(float3(a, b, 0.0), float3(b, a, 1.0), float3(s, s, t));
outputBuffer[3] = l.x; outputBuffer[4] = l.y; outputBuffer[5] = l.z;
float3 ls = lerp(float3(a, b, 0.0), float3(b, a, 1.0), s);
outputBuffer[6] = ls.z;
outputBuffer[7] = fma(a, b, s); outputBuffer[8] = mad(a, t, b);
float2 f = fma(float2(a, b), float2(s, t), float2(1.0, 1.0));
outputBuffer[9] = f.x; outputBuffer[10] = f.y;
''', [3.0, 0.0, 8.0, 3.0, 5.0, -0.5, 0.25, 12.25, 5.0, 1.5, -2.0])

test('copysign', 'copysign(x, y) = |x| with the sign of y (also -0.0), scalars and vectors.', [2.5, -3.0, 0.0, -1.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float z = inputBuffer[2]; float n = inputBuffer[3];
outputBuffer[0] = copysign(a, b); outputBuffer[1] = copysign(b, a); outputBuffer[2] = copysign(a, -z);
outputBuffer[3] = copysign(z, n);
float3 c = copysign(float3(a, b, 4.0), float3(n, n, 1.0));
outputBuffer[4] = c.x; outputBuffer[5] = c.y; outputBuffer[6] = c.z;
outputBuffer[7] = 1.0 / copysign(a - a + z, n);
''', [-2.5, 3.0, -2.5, -0.0, -2.5, -3.0, 4.0, -math.inf])

test('isnan-isinf-isfinite', 'isnan, isinf, isfinite on inf, -inf, nan (from their bits) and ordinary values, scalar and\nvector.', [0x7f800000, 0xff800000, 0x7fc00000, bits(1.5)], '''
float pinf = asfloat(inputBuffer[0]); float ninf = asfloat(inputBuffer[1]);
float nan = asfloat(inputBuffer[2]); float one = asfloat(inputBuffer[3]);
outputBuffer[0] = uint(isnan(nan)) + 2 * uint(isnan(pinf)) + 4 * uint(isnan(one));
outputBuffer[1] = uint(isinf(pinf)) + 2 * uint(isinf(ninf)) + 4 * uint(isinf(nan)) + 8 * uint(isinf(one));
outputBuffer[2] = uint(isfinite(one)) + 2 * uint(isfinite(pinf)) + 4 * uint(isfinite(nan)) + 8 * uint(isfinite(ninf));
bool3 n3 = isnan(float3(nan, one, pinf));
bool3 i3 = isinf(float3(nan, one, ninf));
bool3 f3 = isfinite(float3(nan, one, ninf));
outputBuffer[3] = uint(n3.x) + 2 * uint(n3.y) + 4 * uint(n3.z);
outputBuffer[4] = uint(i3.x) + 2 * uint(i3.y) + 4 * uint(i3.z);
outputBuffer[5] = uint(f3.x) + 2 * uint(f3.y) + 4 * uint(f3.z);
''', [1, 3, 1, 1, 4, 2], kind='uint', in_kind='uint')

test('select-all-any', 'select with a scalar and a vector condition, all and any on bool, float and int vectors\n(nonzero counts as true) and on a matrix.', [0.0, 2.0, -1.0, 3.0], '''
float z = inputBuffer[0]; float a = inputBuffer[1]; float b = inputBuffer[2]; float c = inputBuffer[3];
outputBuffer[0] = select(a > b, a, b);
float3 s = select(bool3(true, false, true), float3(a, b, c), float3(10.0, 20.0, 30.0));
outputBuffer[1] = s.x + s.y + s.z;
outputBuffer[2] = float(select(z > 0.0, 5, 7));
outputBuffer[3] = float(all(bool3(a > 0.0, c > 0.0, true))) + 2.0 * float(all(bool2(a > 0.0, b > 0.0)));
outputBuffer[4] = float(any(bool3(a < 0.0, c < 0.0, false))) + 2.0 * float(any(bool2(b < 0.0, false)));
outputBuffer[5] = float(all(float3(a, b, c))) + 2.0 * float(all(float3(a, z, c)));
outputBuffer[6] = float(any(int3(0, 0, int(a)))) + 2.0 * float(any(int2(0, 0)));
float2x2 m = float2x2(a, b, c, z);
outputBuffer[7] = float(all(m)) + 2.0 * float(any(m)) + 4.0 * float(all(float2x2(a, b, c, a)));
''', [2.0, 2.0 + 20.0 + 3.0, 7, 1, 2, 1, 1, 0 + 2 + 4])

test('dot-cross', 'dot on float, int and float4 vectors, cross on float3.', [1.0, 2.0, 3.0, -4.0, 0.5, 2.0], '''
float3 a = float3(inputBuffer[0], inputBuffer[1], inputBuffer[2]);
float3 b = float3(inputBuffer[3], inputBuffer[4], inputBuffer[5]);
outputBuffer[0] = dot(a, b);
outputBuffer[1] = float(dot(int3(a), int3(1, -1, 2)));
outputBuffer[2] = dot(float4(a, 1.0), float4(b, 2.0));
outputBuffer[3] = dot(a.xy, b.yz);
float3 c = cross(a, b);
outputBuffer[4] = c.x; outputBuffer[5] = c.y; outputBuffer[6] = c.z;
outputBuffer[7] = dot(c, a);
''', [1 * -4 + 2 * 0.5 + 3 * 2, 1 - 2 + 6, -4 + 1 + 6 + 2, 1 * 0.5 + 2 * 2] + list(np.cross([1, 2, 3], [-4, 0.5, 2]).astype(float)) + [0.0])

test('length-distance-normalize', 'length, distance, normalize on float2/float3/float4; length and distance of scalars are |x| and\n|x - y|.', [3.0, 4.0, 1.0, 2.0, 2.0, -1.0], '''
float2 a = float2(inputBuffer[0], inputBuffer[1]);
float3 b = float3(inputBuffer[2], inputBuffer[3], inputBuffer[4]);
outputBuffer[0] = length(a); outputBuffer[1] = length(b); outputBuffer[2] = length(float4(b, inputBuffer[5]));
outputBuffer[3] = distance(a, float2(0.0, 0.0)); outputBuffer[4] = distance(b, float3(1.0, 0.0, 0.0));
float2 n = normalize(a);
outputBuffer[5] = n.x; outputBuffer[6] = n.y;
float3 m = normalize(b);
outputBuffer[7] = m.x; outputBuffer[8] = m.y; outputBuffer[9] = m.z;
outputBuffer[10] = length(inputBuffer[5]); outputBuffer[11] = distance(inputBuffer[0], inputBuffer[5]);
''', [5.0, 3.0, math.sqrt(10.0), 5.0, math.sqrt(8.0), 0.6, 0.8, 1 / 3, 2 / 3, 2 / 3, 1.0, 4.0])

def refract_np(i, n, eta):
    k = 1.0 - eta * eta * (1.0 - np.dot(n, i) ** 2)
    return np.zeros(3) if k < 0 else eta * i - (eta * np.dot(n, i) + math.sqrt(k)) * n
RI = np.array([0.6, -0.8, 0.0]); RN = np.array([0.0, 1.0, 0.0])
test('reflect-refract-faceforward', 'reflect, refract (eta < 1, eta > 1 and total internal reflection, which gives 0), faceforward\nflipping and not flipping.', [0.6, -0.8, 0.0, 1.0], '''
float3 i = float3(inputBuffer[0], inputBuffer[1], inputBuffer[2]);
float3 n = float3(0.0, inputBuffer[3], 0.0);
float3 r = reflect(i, n);
outputBuffer[0] = r.x; outputBuffer[1] = r.y; outputBuffer[2] = r.z;
float3 t = refract(i, n, 0.5);
outputBuffer[3] = t.x; outputBuffer[4] = t.y;
float3 u = refract(i, n, 1.2);
outputBuffer[5] = u.x; outputBuffer[6] = u.y;
float3 w = refract(i, n, 2.0);
outputBuffer[7] = w.x + w.y + w.z;
float3 f = faceforward(n, i, n);
float3 g = faceforward(n, -i, n);
outputBuffer[8] = f.y; outputBuffer[9] = g.y;
''', list(RI - 2 * np.dot(RN, RI) * RN) + list(refract_np(RI, RN, 0.5)[:2]) + list(refract_np(RI, RN, 1.2)[:2]) + [0.0, 1.0, -1.0])

M3 = [2.0, -1.0, 0.5, 1.0, 3.0, -2.0, 0.0, 1.5, 4.0]
M4 = [2, 1, 0, 1, -1, 3, 2, 0, 0.5, 0, 1, -2, 1, 1, 1, 3]
test('determinant-transpose', 'determinant of 2x2, 3x3 and 4x4 matrices; transpose of square and non-square ones.', M3, '''
float3x3 m = float3x3(inputBuffer[0], inputBuffer[1], inputBuffer[2], inputBuffer[3], inputBuffer[4], inputBuffer[5], inputBuffer[6], inputBuffer[7], inputBuffer[8]);
outputBuffer[0] = determinant(m);
outputBuffer[1] = determinant(float2x2(m[0].xy, m[1].xy));
float4x4 q = float4x4(2, 1, 0, 1, -1, 3, 2, 0, 0.5, 0, 1, -2, 1, 1, 1, 3);
outputBuffer[2] = determinant(q);
float3x3 t = transpose(m);
outputBuffer[3] = t[0][1]; outputBuffer[4] = t[2][0]; outputBuffer[5] = t[1][2];
float2x3 r = float2x3(m[0], m[1]);
float3x2 rt = transpose(r);
outputBuffer[6] = rt[2][0]; outputBuffer[7] = rt[0][1]; outputBuffer[8] = rt[2][1];
''', [np.linalg.det(np.array(M3).reshape(3, 3)), 2 * 3 - (-1) * 1, np.linalg.det(np.array(M4, dtype=float).reshape(4, 4)),
      1.0, 0.5, 1.5, 0.5, 1.0, -2.0])

MA = np.array([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0], [2.0, 1.0, 1.0]]); VA = np.array([1.0, -2.0, 0.5])
test('mul-square', 'mul(vector, matrix) (row vector), mul(matrix, vector) (column vector), mul(matrix, matrix) and\nmul(vector, vector) (a dot product).', list(MA.flatten()) + list(VA), '''
float3x3 m = float3x3(inputBuffer[0], inputBuffer[1], inputBuffer[2], inputBuffer[3], inputBuffer[4], inputBuffer[5], inputBuffer[6], inputBuffer[7], inputBuffer[8]);
float3 v = float3(inputBuffer[9], inputBuffer[10], inputBuffer[11]);
float3 a = mul(v, m);
float3 b = mul(m, v);
float3x3 c = mul(m, m);
outputBuffer[0] = a.x; outputBuffer[1] = a.y; outputBuffer[2] = a.z;
outputBuffer[3] = b.x; outputBuffer[4] = b.y; outputBuffer[5] = b.z;
outputBuffer[6] = c[0][0]; outputBuffer[7] = c[1][2]; outputBuffer[8] = c[2][1];
outputBuffer[9] = mul(v, v);
float2x2 p = float2x2(1, 2, 3, 4);
float2x2 pq = mul(p, float2x2(0, 1, 1, 0));
outputBuffer[10] = pq[0][0] + 10.0 * pq[1][1];
''', list(VA @ MA) + list(MA @ VA) + [(MA @ MA)[0, 0], (MA @ MA)[1, 2], (MA @ MA)[2, 1], float(VA @ VA), 2 + 10 * 3])

test('mul-nonsquare', 'mul with non-square matrices: float2x3 times float3 and float2, float2x3 times float3x2.', [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], '''
float2x3 m = float2x3(inputBuffer[0], inputBuffer[1], inputBuffer[2], inputBuffer[3], inputBuffer[4], inputBuffer[5]);
float2 a = mul(m, float3(1.0, 0.0, -1.0));
float3 b = mul(float2(1.0, 2.0), m);
float2x2 c = mul(m, transpose(m));
outputBuffer[0] = a.x; outputBuffer[1] = a.y;
outputBuffer[2] = b.x; outputBuffer[3] = b.y; outputBuffer[4] = b.z;
outputBuffer[5] = c[0][0]; outputBuffer[6] = c[0][1]; outputBuffer[7] = c[1][1];
''', [-2.0, -2.0, 9.0, 12.0, 15.0, 14.0, 32.0, 77.0])

MM = np.array([[0.5, -1.5], [2.0, 0.25]], dtype=F)
test('matrix-elementwise', 'Elementwise intrinsics on matrices (Slang maps them row by row): exp, abs, sqrt of abs, clamp,\nlerp, pow, floor, sign, min, max, fmod.', list(MM.flatten()), '''
float2x2 m = float2x2(inputBuffer[0], inputBuffer[1], inputBuffer[2], inputBuffer[3]);
float2x2 e = exp(m);
outputBuffer[0] = e[0][0]; outputBuffer[1] = e[1][1];
float2x2 a = abs(m);
outputBuffer[2] = a[0][1] + a[1][0];
float2x2 s = sqrt(abs(m));
outputBuffer[3] = s[1][0];
float2x2 c = clamp(m, float2x2(0, 0, 0, 0), float2x2(1, 1, 1, 1));
outputBuffer[4] = c[0][0] + 10.0 * c[0][1] + 100.0 * c[1][0];
float2x2 l = lerp(m, float2x2(1, 1, 1, 1), float2x2(0.5, 0.5, 0.5, 0.5));
outputBuffer[5] = l[0][1];
float2x2 p = pow(abs(m), float2x2(2, 2, 2, 2));
outputBuffer[6] = p[0][1];
float2x2 f = floor(m);
outputBuffer[7] = f[0][1] + f[1][1];
float2x2 g = sign(m);
outputBuffer[8] = g[0][0] + 10.0 * g[0][1];
float2x2 mn = min(m, transpose(m));
float2x2 mx = max(m, transpose(m));
outputBuffer[9] = mn[0][1]; outputBuffer[10] = mx[0][1];
float2x2 r = fmod(m, float2x2(0.75, 0.75, 0.75, 0.75));
outputBuffer[11] = r[1][0];
float3x2 big = float3x2(1, -2, 3, -4, 5, -6);
float3x2 ab = abs(big);
outputBuffer[12] = ab[2][1];
''', [math.exp(0.5), math.exp(0.25), 1.5 + 2.0, math.sqrt(2.0), 0.5 + 0 + 100 * 1.0, -0.25, 2.25, -2.0 + 0.0, 1 - 10, -1.5, 2.0,
      0.5, 6.0])

test('bit-count-reverse', 'countbits and reversebits on uint, int and vectors of them.', [255, 0x80000000, 6, 0xF0F0], '''
uint a = inputBuffer[0]; uint b = inputBuffer[1]; uint c = inputBuffer[2]; uint d = inputBuffer[3];
outputBuffer[0] = countbits(a); outputBuffer[1] = countbits(b | c);
outputBuffer[2] = countbits(int(-1)); outputBuffer[3] = countbits(int(d));
uint3 cv = countbits(uint3(a, d, 0u));
outputBuffer[4] = cv.x; outputBuffer[5] = cv.y; outputBuffer[6] = cv.z;
outputBuffer[7] = reversebits(c); outputBuffer[8] = reversebits(b);
outputBuffer[9] = uint(reversebits(int(1)));
uint2 rv = reversebits(uint2(1u, a));
outputBuffer[10] = rv.x; outputBuffer[11] = rv.y;
int2 ri = reversebits(int2(2, 0));
outputBuffer[12] = uint(ri.x);
''', [8, 3, 32, 8, 8, 8, 0, 0x60000000, 1, 0x80000000, 0x80000000, 0xFF000000, 0x40000000], kind='uint', in_kind='uint')

test('firstbit', 'firstbithigh / firstbitlow on uint, int and vectors: 0 gives 0xFFFFFFFF, a negative int gives the\nhighest clear bit (-1 gives 0xFFFFFFFF).', [0x10, 0, 0x80000000, 0x00F0], '''
uint a = inputBuffer[0]; uint z = inputBuffer[1]; uint h = inputBuffer[2]; uint m = inputBuffer[3];
outputBuffer[0] = firstbithigh(a); outputBuffer[1] = firstbithigh(z); outputBuffer[2] = firstbithigh(h);
outputBuffer[3] = firstbitlow(m); outputBuffer[4] = firstbitlow(z); outputBuffer[5] = firstbitlow(h);
outputBuffer[6] = firstbithigh(int(-8)); outputBuffer[7] = firstbithigh(int(-1)); outputBuffer[8] = firstbithigh(int(m));
outputBuffer[9] = firstbitlow(int(-8));
uint3 hv = firstbithigh(uint3(a, m, 1u));
outputBuffer[10] = hv.x; outputBuffer[11] = hv.y; outputBuffer[12] = hv.z;
uint2 lv = firstbitlow(int2(12, -16));
outputBuffer[13] = lv.x; outputBuffer[14] = lv.y;
''', [4, 0xFFFFFFFF, 31, 4, 0xFFFFFFFF, 31, 2, 0xFFFFFFFF, 7, 3, 4, 7, 0, 2, 4], kind='uint', in_kind='uint')

test('bitcast', 'asfloat, asint, asuint on scalars and vectors, and the generic bit_cast<T>.', [bits(1.0), bits(-2.5), 0x3f000000, 7], '''
uint a = inputBuffer[0]; uint b = inputBuffer[1]; uint c = inputBuffer[2];
outputBuffer[0] = asuint(asfloat(a) + asfloat(c));
outputBuffer[1] = uint(asint(asfloat(b)));
float3 f = asfloat(uint3(a, b, c));
outputBuffer[2] = asuint(f.x + f.y + f.z);
int2 i = asint(float2(1.0, -2.0));
outputBuffer[3] = uint(i.x); outputBuffer[4] = uint(i.y);
uint2 u = asuint(int2(-1, 5));
outputBuffer[5] = u.x; outputBuffer[6] = u.y;
outputBuffer[7] = bit_cast<uint>(asfloat(c) * 4.0);
float2 g = bit_cast<float2>(uint2(a, c));
outputBuffer[8] = asuint(g.x - g.y);
''', [bits(1.5), bits(-2.5), bits(-1.0), bits(1.0), bits(-2.0), 0xFFFFFFFF, 5, bits(2.0), bits(0.5)], kind='uint', in_kind='uint')

test('f16-conversions', 'f32tof16 (the half in the low 16 bits) and f16tof32, on scalars and vectors.', [1.0, -2.5, 65504.0, 0.1], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
outputBuffer[0] = f32tof16(a); outputBuffer[1] = f32tof16(b); outputBuffer[2] = f32tof16(c);
uint3 h = f32tof16(float3(a, b, d));
outputBuffer[3] = h.x; outputBuffer[4] = h.y; outputBuffer[5] = h.z;
outputBuffer[6] = asuint(f16tof32(0x3C00u));
float2 g = f16tof32(uint2(0xC100u, h.z));
outputBuffer[7] = asuint(g.x); outputBuffer[8] = asuint(g.y);
''', [0x3C00, 0xC100, 0x7BFF, 0x3C00, 0xC100, int(np.float16(0.1).view(np.uint16)), bits(1.0), bits(-2.5), bits(float(np.float16(0.1)))], kind='uint')

test('radians-degrees-sinpi', 'radians, degrees, and Slang\'s sinpi / cospi (sin(pi x), cos(pi x)).', [180.0, 0.5, 0.25, 1.0 / 6.0], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2]; float d = inputBuffer[3];
outputBuffer[0] = radians(a); outputBuffer[1] = degrees(b);
float2 r = radians(float2(90.0, -45.0));
outputBuffer[2] = r.x; outputBuffer[3] = r.y;
outputBuffer[4] = sinpi(b); outputBuffer[5] = cospi(c); outputBuffer[6] = sinpi(d);
float2 s = sinpi(float2(c, -b));
outputBuffer[7] = s.x; outputBuffer[8] = s.y;
''', [math.pi, math.degrees(0.5), math.pi / 2, -math.pi / 4, 1.0, math.cos(math.pi / 4), 0.5, math.sin(math.pi / 4), -1.0])

test('sincos', 'sincos writes sin and cos through out parameters, for a scalar and a float3.', [0.7, -1.1, 2.0, 0.0], '''
float s, c;
sincos(inputBuffer[0], s, c);
outputBuffer[0] = s; outputBuffer[1] = c;
float3 sv, cv;
sincos(float3(inputBuffer[1], inputBuffer[2], inputBuffer[3]), sv, cv);
outputBuffer[2] = sv.x; outputBuffer[3] = sv.y; outputBuffer[4] = sv.z;
outputBuffer[5] = cv.x; outputBuffer[6] = cv.y; outputBuffer[7] = cv.z;
''', [math.sin(0.7), math.cos(0.7), math.sin(-1.1), math.sin(2.0), 0.0, math.cos(-1.1), math.cos(2.0), 1.0])

test('bitfield', 'bitfieldExtract / bitfieldInsert on uint (Slang accepts the GLSL helpers).', [0xABCD1234, 0x5], '''
uint a = inputBuffer[0]; uint b = inputBuffer[1];
outputBuffer[0] = bitfieldExtract(a, 4, 8);
outputBuffer[1] = bitfieldExtract(a, 28, 4);
outputBuffer[2] = bitfieldInsert(a, b, 8, 4);
outputBuffer[3] = bitfieldInsert(0u, 0xFFu, 0, 3);
''', [0x23, 0xA, 0xABCD1534, 0x7], kind='uint', in_kind='uint')

test('scalar-geometric', 'The scalar forms of the vector functions: dot(a, b) = a b, normalize(x) = x / |x|,\nreflect(i, n) = i - 2 n i n, faceforward(n, i, ng) = ng i < 0 ? n : -n.', [-3.0, 2.0, 0.5], '''
float a = inputBuffer[0]; float b = inputBuffer[1]; float c = inputBuffer[2];
outputBuffer[0] = dot(a, b);
outputBuffer[1] = normalize(a);
outputBuffer[2] = reflect(a, c);
outputBuffer[3] = faceforward(b, a, c);
outputBuffer[4] = faceforward(b, -a, c);
''', [-6.0, -1.0, -3.0 - 2 * 0.5 * -3.0 * 0.5, 2.0, -2.0])


# ---------------------------------------------------------------------------------------------
# Derivative families: each case is a [Differentiable] scalar function of 1-3 floats, its point,
# and its gradient by Slang's rules (checked against central differences where the function is
# smooth there: `smooth=True`). Forward programs print f and the derivative along the tangent
# (1, 0.5, 0.25); backward programs print the gradient (dOut = 1).

TANGENT = [1.0, 0.5, 0.25]


def fd_grad(f, x, h=1e-5):
    g = []
    for i in range(len(x)):
        a = list(x); b = list(x)
        a[i] += h; b[i] -= h
        g.append((f(*a) - f(*b)) / (2 * h))
    return g


def diff_family(stem, comment, cases):
    params = ['a', 'b', 'c']
    helpers = []
    fwd, bwd = [], []
    fwd_exp, bwd_exp = [], []
    for k, (expr, n, point, primal, grad, smooth) in enumerate(cases):
        if grad is None:
            grad = fd_grad(primal, point)
        ps = ', '.join('float ' + params[i] for i in range(n))
        helpers.append('[Differentiable]\nfloat f%d(%s) { return %s; }' % (k, ps, expr))
        if smooth:
            approx = fd_grad(primal, point)
            for g, e in zip(grad, approx):
                assert abs(g - e) <= 1e-4 * max(1.0, abs(e)), (stem, expr, grad, approx)
        lit = lambda x: repr(float(x))
        fargs = ', '.join('diffPair(%s, %s)' % (lit(point[i]), lit(TANGENT[i])) for i in range(n))
        fwd.append('var r%d = fwd_diff(f%d)(%s);' % (k, k, fargs))
        fwd.append('outputBuffer[%d] = r%d.p;' % (2 * k, k))
        fwd.append('outputBuffer[%d] = r%d.d;' % (2 * k + 1, k))
        fwd_exp += [primal(*point), sum(g * t for g, t in zip(grad, TANGENT))]
        names = ['p%d_%s' % (k, params[i]) for i in range(n)]
        for i in range(n):
            bwd.append('var %s = diffPair(%s);' % (names[i], lit(point[i])))
        bwd.append('bwd_diff(f%d)(%s, 1.0);' % (k, ', '.join(names)))
        for i in range(n):
            bwd.append('outputBuffer[%d] = %s.d;' % (len(bwd_exp), names[i]))
            bwd_exp.append(grad[i])
    h = '\n\n'.join(helpers)
    test('fwd-' + stem, 'fwd_diff: ' + comment, [], '\n'.join(fwd), fwd_exp, helpers=h)
    test('bwd-' + stem, 'bwd_diff: ' + comment, [], '\n'.join(bwd), bwd_exp, helpers=h)


m = math
diff_family('exp-log', 'exp, exp2, log, log2, log10, pow (both arguments) away from kinks.', [
    ('exp(a)', 1, [0.7], m.exp, [m.exp(0.7)], True),
    ('exp2(a)', 1, [1.3], lambda a: 2 ** a, [2 ** 1.3 * m.log(2)], True),
    ('log(a)', 1, [2.5], m.log, [1 / 2.5], True),
    ('log2(a)', 1, [3.0], m.log2, [1 / (3.0 * m.log(2))], True),
    ('log10(a)', 1, [0.5], m.log10, [1 / (0.5 * m.log(10))], True),
    ('pow(a, b)', 2, [1.5, 2.5], lambda a, b: a ** b, [2.5 * 1.5 ** 1.5, 1.5 ** 2.5 * m.log(1.5)], True),
])
diff_family('sqrt-rcp', 'sqrt, rsqrt, rcp; at 0 Slang divides by max(1e-7, .) (sqrt\'(0) = 0.5 / sqrt(1e-7),\nrcp\'(0) = -1e7), and pow with a base below 1e-6 is 0 with a zero derivative.', [
    ('sqrt(a)', 1, [2.0], m.sqrt, [0.5 / m.sqrt(2.0)], True),
    ('rsqrt(a)', 1, [4.0], lambda a: a ** -0.5, [-0.5 * 4.0 ** -1.5], True),
    ('rcp(a)', 1, [-0.5], lambda a: 1 / a, [-4.0], True),
    ('sqrt(a)', 1, [0.0], m.sqrt, [0.5 / m.sqrt(float(F(1e-7)))], False),
    ('rcp(a)', 1, [0.0], lambda a: m.inf, [-1e7], False),
    ('pow(a, b)', 2, [0.0, 2.0], lambda a, b: 0.0, [0.0, 0.0], False),
])
diff_family('trig', 'sin, cos, tan, asin, acos, atan, atan2 (in all four quadrants, both arguments).', [
    ('sin(a)', 1, [0.9], m.sin, [m.cos(0.9)], True),
    ('cos(a)', 1, [-1.2], m.cos, [-m.sin(-1.2)], True),
    ('tan(a)', 1, [0.4], m.tan, [1 / m.cos(0.4) ** 2], True),
    ('atan(a)', 1, [2.0], m.atan, [1 / 5.0], True),
    ('atan2(a, b)', 2, [1.0, 2.0], m.atan2, [2 / 5.0, -1 / 5.0], True),
    ('atan2(a, b)', 2, [1.0, -2.0], m.atan2, [-2 / 5.0, -1 / 5.0], True),
    ('atan2(a, b)', 2, [-1.0, -2.0], m.atan2, [-2 / 5.0, 1 / 5.0], True),
    ('atan2(a, b)', 2, [-3.0, 0.5], m.atan2, [0.5 / 9.25, 3 / 9.25], True),
])
diff_family('inverse-trig', 'asin and acos: 1 / sqrt(1 - x^2) and its negative (the primal printed is x itself).', [
    ('sin(asin(a))', 1, [0.3], lambda a: a, [m.cos(m.asin(0.3)) / m.sqrt(1 - 0.09)], True),
    ('cos(acos(a))', 1, [-0.6], lambda a: a, [-m.sin(m.acos(-0.6)) * -1 / m.sqrt(1 - 0.36)], True),
    ('asin(a) + acos(a)', 1, [0.45], lambda a: m.pi / 2, [0.0], True),
])
diff_family('hyperbolic', 'sinh, cosh, tanh (Slang: 1 / cosh^2), asinh, acosh, atanh.', [
    ('sinh(a)', 1, [0.8], m.sinh, [m.cosh(0.8)], True),
    ('cosh(a)', 1, [-1.1], m.cosh, [m.sinh(-1.1)], True),
    ('tanh(a)', 1, [0.6], m.tanh, [1 / m.cosh(0.6) ** 2], True),
    ('asinh(a)', 1, [1.5], m.asinh, [1 / m.sqrt(1.5 ** 2 + 1)], True),
    ('acosh(a)', 1, [2.0], m.acosh, [1 / m.sqrt(3.0)], True),
    ('atanh(a)', 1, [0.5], m.atanh, [1 / 0.75], True),
])
diff_family('kinks', 'Slang\'s values at kinks and ties: abs\'(0) = 0 (sign), min/max ties give half to each side,\nclamp passes the derivative to x on [lo, hi] (bounds included) and to a bound strictly outside,\nsaturate at 0 and 1 passes it, frac and fmod pass dx\n(fmod: none to y), copysign.', [
    ('abs(a)', 1, [0.0], abs, [0.0], False),
    ('abs(a)', 1, [-2.0], abs, [-1.0], True),
    ('max(a, b)', 2, [1.0, 1.0], max, [0.5, 0.5], False),
    ('min(a, b)', 2, [2.0, 2.0], min, [0.5, 0.5], False),
    ('min(a, b)', 2, [1.0, 2.0], min, [1.0, 0.0], True),
    ('clamp(a, b, c)', 3, [0.0, 0.0, 1.0], lambda a, b, c: min(max(a, b), c), [1.0, 0.0, 0.0], False),
    ('clamp(a, b, c)', 3, [1.0, 0.0, 1.0], lambda a, b, c: min(max(a, b), c), [1.0, 0.0, 0.0], False),
    ('clamp(a, b, c)', 3, [-1.0, 0.0, 1.0], lambda a, b, c: min(max(a, b), c), [0.0, 1.0, 0.0], True),
    ('clamp(a, b, c)', 3, [3.0, 0.0, 1.0], lambda a, b, c: min(max(a, b), c), [0.0, 0.0, 1.0], True),
    ('saturate(a)', 1, [1.0], lambda a: min(max(a, 0), 1), [1.0], False),
    ('saturate(a)', 1, [1.5], lambda a: min(max(a, 0), 1), [0.0], True),
    ('frac(a)', 1, [-1.25], lambda a: a - m.floor(a), [1.0], True),
    ('fmod(a, b)', 2, [7.5, 2.0], m.fmod, [1.0, 0.0], False),
    ('copysign(a, b)', 2, [2.0, -3.0], m.copysign, [-1.0, 0.0], True),
    ('copysign(a, b)', 2, [0.0, -3.0], m.copysign, [0.0, 0.0], False),
])
diff_family('lerp-fma', 'lerp in all three arguments, fma and mad in all three.', [
    ('lerp(a, b, c)', 3, [1.0, 5.0, 0.25], lambda a, b, c: a + c * (b - a), [0.75, 0.25, 4.0], True),
    ('lerp(a, b, c)', 3, [-2.0, 3.0, 1.5], lambda a, b, c: a + c * (b - a), [-0.5, 1.5, 5.0], True),
    ('fma(a, b, c)', 3, [2.0, -3.0, 0.5], lambda a, b, c: a * b + c, [-3.0, 2.0, 1.0], True),
    ('mad(a, b, c)', 3, [1.5, 4.0, -1.0], lambda a, b, c: a * b + c, [4.0, 1.5, 1.0], True),
])
diff_family('dslang-extras', 'functions that slangc 2026.14 does not differentiate (E41022) and dslang does: floor, ceil,\nround, trunc and step are flat (zero derivative, also at their jumps), exp10 = exp(x ln 10),\nldexp(x, e) = x 2^e, sinpi, cospi, modf (d frac = dx).', [
    ('exp10(a)', 1, [0.4], lambda a: 10 ** a, [10 ** 0.4 * m.log(10)], True),
    ('floor(a) + ceil(a) + round(a) + trunc(a) + a', 1, [-1.7], lambda a: m.floor(a) + m.ceil(a) + round(a) + m.trunc(a) + a, [1.0], True),
    ('floor(a) + round(a)', 1, [2.5], lambda a: 2.0 + 2.0, [0.0], False),
    ('step(a, b)', 2, [0.5, 0.5], lambda a, b: 1.0, [0.0, 0.0], False),
    ('ldexp(a, b)', 2, [0.75, 3.0], lambda a, b: a * 2 ** b, [8.0, 0.75 * 8 * m.log(2)], True),
    ('sinpi(a) + cospi(b)', 2, [0.25, 0.125], lambda a, b: m.sin(m.pi * a) + m.cos(m.pi * b), None, True),
    ('modf(a, b)', 2, [2.75, 0.0], lambda a, b: a - m.trunc(a), [1.0, 0.0], True),
])
diff_family('smoothstep', 'smoothstep in all three arguments, inside and at the edges (zero slope there).', [
    ('smoothstep(a, b, c)', 3, [0.0, 2.0, 0.5], lambda a, b, c: (lambda t: t * t * (3 - 2 * t))(min(max((c - a) / (b - a), 0), 1)), None, True),
    ('smoothstep(a, b, c)', 3, [0.0, 1.0, 1.0], lambda a, b, c: 1.0, [0.0, 0.0, 0.0], False),
])


# Vector and matrix functions: parameters are (type, value); the forward tangent of each
# parameter is the pattern TAN (truncated), the backward seed dOut is SEED.
TAN = [1.0, 0.5, -0.25, 0.75, -1.0, 0.25, 0.5, -0.5, 1.5, 0.125, -0.75, 0.375, 1.0, -0.125, 0.625, 0.25]
SEED = [1.0, -0.5, 2.0, 0.25, 1.5, -1.0, 0.5, 0.75, -0.25]
DIMS = {'float': 1, 'float2': 2, 'float3': 3, 'float4': 4, 'float2x2': 4, 'float3x3': 9, 'float2x3': 6, 'float3x2': 6}
SHAPE = {'float2x2': (2, 2), 'float3x3': (3, 3), 'float2x3': (2, 3), 'float3x2': (3, 2)}


def slang_value(ty, vals):
    if ty == 'float':
        return repr(float(vals[0]))
    return '%s(%s)' % (ty, ', '.join(repr(float(x)) for x in vals))


def unflatten(ty, vals):
    if ty == 'float':
        return vals[0]
    if ty in SHAPE:
        return np.array(vals, dtype=float).reshape(SHAPE[ty])
    return np.array(vals, dtype=float)


def components(ty, name):
    if ty == 'float':
        return [name]
    if ty in SHAPE:
        r, c = SHAPE[ty]
        return ['%s[%d][%d]' % (name, i, j) for i in range(r) for j in range(c)]
    return ['%s.%s' % (name, 'xyzw'[i]) for i in range(DIMS[ty])]


def vec_family(stem, comment, cases):
    helpers, fwd, bwd, fwd_exp, bwd_exp = [], [], [], [], []
    for k, (params, ret, expr, fn, grads) in enumerate(cases):
        names = 'abc'
        sig = ', '.join('%s %s' % (t, names[i]) for i, (t, _) in enumerate(params))
        helpers.append('[Differentiable]\n%s g%d(%s) { return %s; }' % (ret, k, sig, expr))
        flat = [x for _, vals in params for x in vals]

        def f_flat(xs):
            args, at = [], 0
            for t, vals in params:
                args.append(unflatten(t, xs[at:at + len(vals)]))
                at += len(vals)
            return np.atleast_1d(np.array(fn(*args), dtype=float)).flatten()
        out_n = DIMS[ret]
        seed = np.array(SEED[:out_n])
        h = 1e-5
        jac = np.zeros((out_n, len(flat)))
        for i in range(len(flat)):
            a = list(flat); b = list(flat)
            a[i] += h; b[i] -= h
            jac[:, i] = (f_flat(a) - f_flat(b)) / (2 * h)
        if grads is not None:
            jac = np.array(grads, dtype=float).reshape(out_n, len(flat))
        tan = np.array(TAN[:len(flat)])
        # forward
        fargs, at = [], 0
        for t, vals in params:
            fargs.append('diffPair(%s, %s)' % (slang_value(t, vals), slang_value(t, TAN[at:at + len(vals)])))
            at += len(vals)
        fwd.append('var r%d = fwd_diff(g%d)(%s);' % (k, k, ', '.join(fargs)))
        for cmp in components(ret, 'r%d.d' % k):
            fwd.append('outputBuffer[%d] = %s;' % (len(fwd_exp), cmp))
            fwd_exp.append(None)
        fwd_exp[len(fwd_exp) - out_n:] = list(jac @ tan)
        # backward
        pn = []
        for i, (t, vals) in enumerate(params):
            pn.append('q%d_%s' % (k, names[i]))
            bwd.append('var %s = diffPair(%s);' % (pn[-1], slang_value(t, vals)))
        bwd.append('bwd_diff(g%d)(%s, %s);' % (k, ', '.join(pn), slang_value(ret, SEED[:out_n])))
        g = seed @ jac
        at = 0
        for i, (t, vals) in enumerate(params):
            for cmp in components(t, pn[i] + '.d'):
                bwd.append('outputBuffer[%d] = %s;' % (len(bwd_exp), cmp))
                bwd_exp.append(g[at])
                at += 1
    hs = '\n\n'.join(helpers)
    test('fwd-' + stem, 'fwd_diff: ' + comment, [], '\n'.join(fwd), fwd_exp, helpers=hs)
    test('bwd-' + stem, 'bwd_diff: ' + comment, [], '\n'.join(bwd), bwd_exp, helpers=hs)


def np_refract(i, n, eta):
    k = 1.0 - eta * eta * (1.0 - np.dot(n, i) ** 2)
    return np.zeros(3) if k < 0 else eta * i - (eta * np.dot(n, i) + np.sqrt(k)) * n


vec_family('geometric', 'dot, cross, length, distance, normalize, reflect, refract (both regimes), and length of a\nzero vector (Slang: 0, from sqrt\'s max(1e-7, .)).', [
    ([('float3', [1.0, 2.0, -0.5]), ('float3', [0.5, -1.0, 2.0])], 'float', 'dot(a, b)', lambda a, b: a @ b, None),
    ([('float3', [1.0, 2.0, -0.5]), ('float3', [0.5, -1.0, 2.0])], 'float3', 'cross(a, b)', np.cross, None),
    ([('float3', [1.0, 2.0, 2.0])], 'float', 'length(a)', np.linalg.norm, None),
    ([('float3', [0.0, 0.0, 0.0])], 'float', 'length(a)', np.linalg.norm, [0.0, 0.0, 0.0]),
    ([('float2', [3.0, 1.0]), ('float2', [0.0, -3.0])], 'float', 'distance(a, b)', lambda a, b: np.linalg.norm(a - b), None),
    ([('float3', [1.0, -2.0, 2.0])], 'float3', 'normalize(a)', lambda a: a / np.linalg.norm(a), None),
    ([('float3', [0.6, -0.8, 0.0]), ('float3', [0.0, 1.0, 0.2])], 'float3', 'reflect(a, b)', lambda i, n: i - 2 * (n @ i) * n, None),
    ([('float3', [0.6, -0.8, 0.0]), ('float3', [0.0, 1.0, 0.0]), ('float', [0.7])], 'float3', 'refract(a, b, c)', np_refract, None),
    ([('float3', [0.6, -0.8, 0.0]), ('float3', [0.0, 1.0, 0.0]), ('float', [2.0])], 'float3', 'refract(a, b, c)', np_refract, None),
])
MA2 = [2.0, -1.0, 0.5, 3.0]
MA3 = [2.0, -1.0, 0.5, 1.0, 3.0, -2.0, 0.0, 1.5, 4.0]
vec_family('matrix', 'determinant (2x2, 3x3), transpose, and mul in its vector-matrix, matrix-vector and\nmatrix-matrix forms.', [
    ([('float2x2', MA2)], 'float', 'determinant(a)', np.linalg.det, None),
    ([('float3x3', MA3)], 'float', 'determinant(a)', np.linalg.det, None),
    ([('float2x3', [1.0, 2.0, 3.0, -1.0, 0.5, 2.0])], 'float3x2', 'transpose(a)', lambda a: a.T, None),
    ([('float3', [1.0, -2.0, 0.5]), ('float3x3', MA3)], 'float3', 'mul(a, b)', lambda v, mm: v @ mm, None),
    ([('float3x3', MA3), ('float3', [1.0, -2.0, 0.5])], 'float3', 'mul(a, b)', lambda mm, v: mm @ v, None),
    ([('float2x2', MA2), ('float2x2', [1.0, 0.5, -1.0, 2.0])], 'float2x2', 'mul(a, b)', lambda x, y: x @ y, None),
])
vec_family('matrix-elementwise', 'elementwise intrinsics of a matrix (Slang maps them row by row): exp, sin, abs at a\nkink, clamp, pow, lerp.', [
    ([('float2x2', [0.5, -1.0, 0.25, 1.5])], 'float2x2', 'exp(a)', np.exp, None),
    ([('float2x2', [0.5, -1.0, 0.0, 1.5])], 'float2x2', 'sin(a) + abs(a)', lambda x: np.sin(x) + np.abs(x),
     [[m.cos(0.5) + 1, 0, 0, 0], [0, m.cos(-1.0) - 1, 0, 0], [0, 0, 1.0, 0], [0, 0, 0, m.cos(1.5) + 1]]),
    ([('float2x2', [0.5, -1.0, 0.25, 1.5])], 'float2x2', 'clamp(a, float2x2(0, 0, 0, 0), float2x2(1, 1, 1, 1))', lambda x: np.clip(x, 0, 1), None),
    ([('float2x2', [0.5, 2.0, 0.25, 1.5]), ('float2x2', [2.0, 0.5, 3.0, 1.0])], 'float2x2', 'pow(a, b)', lambda x, y: x ** y, None),
    ([('float2x2', [0.5, 2.0, 0.25, 1.5]), ('float2x2', [2.0, 0.5, 3.0, 1.0])], 'float2x2', 'lerp(a, b, float2x2(0.25, 0.5, 0.75, 1.0))',
     lambda x, y: x + np.array([[0.25, 0.5], [0.75, 1.0]]) * (y - x), None),
])
vec_family('vector-elementwise', 'elementwise intrinsics of float3 values: sqrt, atan2, max with a tie, fmod, smoothstep-free\nmixes, asinh.', [
    ([('float3', [0.5, 2.0, 4.0])], 'float3', 'sqrt(a)', np.sqrt, None),
    ([('float3', [1.0, -1.0, 2.0]), ('float3', [2.0, -3.0, -0.5])], 'float3', 'atan2(a, b)', np.arctan2, None),
    ([('float3', [1.0, 2.0, 3.0]), ('float3', [2.0, 2.0, 1.0])], 'float3', 'max(a, b)', np.maximum,
     [[0, 0, 0, 1, 0, 0], [0, 0.5, 0, 0, 0.5, 0], [0, 0, 1, 0, 0, 0]]),
    ([('float3', [7.5, -7.5, 1.25]), ('float3', [2.0, 2.0, 0.5])], 'float3', 'fmod(a, b)', np.fmod,
     [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]]),
    ([('float3', [0.5, -1.0, 2.0])], 'float3', 'asinh(a) * exp2(a)', lambda x: np.arcsinh(x) * np.exp2(x), None),
])

test('sincos-diff', 'Derivatives through sincos\' out parameters (forward and backward) for a scalar and a\nfloat2.', [], '''
var r = fwd_diff(sc)(diffPair(0.7, 1.0));
outputBuffer[0] = r.p; outputBuffer[1] = r.d;
var x = diffPair(0.7);
bwd_diff(sc)(x, 1.0);
outputBuffer[2] = x.d;
var v = diffPair(float2(0.3, -1.2));
bwd_diff(sc2)(v, 1.0);
outputBuffer[3] = v.d.x; outputBuffer[4] = v.d.y;
''', [m.sin(0.7) * 2 + m.cos(0.7), 2 * m.cos(0.7) - m.sin(0.7), 2 * m.cos(0.7) - m.sin(0.7),
      m.cos(0.3) * m.cos(0.3) - m.sin(0.3) * m.sin(0.3), m.cos(-1.2) * m.cos(-1.2) - m.sin(-1.2) * m.sin(-1.2)], helpers='''
[Differentiable]
float sc(float x)
{
    float s, c;
    sincos(x, s, c);
    return 2.0 * s + c;
}

[Differentiable]
float sc2(float2 x)
{
    float2 s, c;
    sincos(x, s, c);
    return dot(s, c);
}''')

test('pack-8bit', 'SM 6.6 8-bit packing (lane x in the low byte; pack_clamp_* saturate first, unpack_s8s32\nsign-extends; pack_clamp_u8 of a negative lane is not tested: HLSL gives 0, the WGSL of slangc 255) and the SM 6.4 packed dot products dot4add_u8packed / dot4add_i8packed.', [0x04FD02FF, 0x01020304], '''
uint p = inputBuffer[0]; uint q = inputBuffer[1];
outputBuffer[0] = pack_u8(uint4(1u, 2u, 3u, 260u));
outputBuffer[1] = pack_s8(int4(-1, 2, -3, 4));
outputBuffer[2] = pack_clamp_u8(int4(7, 100, 300, 255));
outputBuffer[3] = pack_clamp_s8(int4(-200, 5, 300, -128));
uint4 u = unpack_u8u32(p);
outputBuffer[4] = u.x; outputBuffer[5] = u.y; outputBuffer[6] = u.z; outputBuffer[7] = u.w;
int4 s = unpack_s8s32(p);
outputBuffer[8] = uint(s.x); outputBuffer[9] = uint(s.y); outputBuffer[10] = uint(s.z); outputBuffer[11] = uint(s.w);
outputBuffer[12] = dot4add_u8packed(p, q, 10u);
outputBuffer[13] = uint(dot4add_i8packed(p, q, -10));
''', [0x04030201, 0x04FD02FF, 0xFFFF6407, 0x807F0580, 0xFF, 0x02, 0xFD, 0x04, -1, 2, -3, 4,
      10 + 0xFF * 4 + 2 * 3 + 0xFD * 2 + 4 * 1, -10 + -1 * 4 + 2 * 3 + -3 * 2 + 4 * 1], kind='uint', in_kind='uint')
