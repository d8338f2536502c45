//! The 8- and 16-bit integers: names and aliases, mixed arithmetic, conversions, overloads and
//! the 16-bit bit casts.

use expect_test::expect;

use super::check_lets;

#[test]
fn names_vector_and_matrix_aliases() {
    check_lets(
        r#"
void f(int8_t a, uint8_t b, int16_t c, uint16_t d)
{
    let s0 = a;
    let s1 = b;
    let s2 = c;
    let s3 = d;
    let v0 = int8_t2(a, a);
    let v1 = uint8_t4(b, b, b, b);
    let v2 = int16_t3(c, c, c);
    let v3 = uint16_t2(d, d);
    let v4 = vector<int16_t, 4>(c);
    let m0 = int16_t2x2(c, c, c, c);
    let m1 = matrix<uint8_t, 2, 3>(b);
    let w0 = int64_t2(1, 2);
    let w1 = uint32_t3(1, 2, 3);
    let w2 = float16_t2(1.0h, 2.0h);
}
"#,
        expect![[r#"
            s0: int8_t
            s1: uint8_t
            s2: int16_t
            s3: uint16_t
            v0: int8_t2
            v1: uint8_t4
            v2: int16_t3
            v3: uint16_t2
            v4: int16_t4
            m0: int16_t2x2
            m1: uint8_t2x3
            w0: int64_t2
            w1: uint3
            w2: half2
        "#]],
    );
}

#[test]
fn mixed_arithmetic_takes_the_wider_type() {
    check_lets(
        r#"
void f(int8_t a, uint8_t b, int16_t c, uint16_t d, int i, uint u, float x, half h, int16_t2 cv)
{
    let same8 = a + a;
    let same16 = c * c;
    let mix8_16 = a + c;
    let signs8 = a + b;
    let signs16 = c - d;
    let with_int = c + i;
    let with_uint = d + u;
    let with_literal = a + 1;
    let with_float = a * x;
    let with_half = c * h;
    let shift = a << 2;
    let bits = b & b;
    let cmp = a < c;
    let neg = -a;
    let vec = cv + c;
    let vec_int = cv * 2;
}
"#,
        expect![[r#"
            same8: int8_t
            same16: int16_t
            mix8_16: int16_t
            signs8: uint8_t
            signs16: uint16_t
            with_int: int
            with_uint: uint
            with_literal: int
            with_float: float
            with_half: half
            shift: int8_t
            bits: uint8_t
            cmp: bool
            neg: int8_t
            vec: int16_t2
            vec_int: int2
        "#]],
    );
}

#[test]
fn conversions_and_casts() {
    check_lets(
        r#"
void f(int i, float x, half h)
{
    int8_t a = 5;
    uint8_t b = 200;
    int16_t c = i;
    uint16_t d = x;
    int wide = a;
    int64_t wider = c;
    float fl = d;
    let e = (int16_t)x;
    let g = uint8_t(i);
    let k = int16_t2(1, 2);
    let l = (uint16_t2)float2(1.0, 2.0);
    let m = int8_t(h);
    int16_t4 splat = 1;
}
"#,
        expect![[r#"
            e: int16_t
            g: uint8_t
            k: int16_t2
            l: uint16_t2
            m: int8_t
        "#]],
    );
}

#[test]
fn overloads_prefer_the_nearest_widening() {
    check_lets(
        r#"
int pick(int x) { return 0; }
int64_t pick(int64_t x) { return 0; }
uint pick(uint x) { return 0; }
float pick(float x) { return 0; }

int16_t exact(int16_t x) { return x; }
int exact(int x) { return x; }

void f(int8_t a, uint8_t b, int16_t c, uint16_t d)
{
    let p0 = pick(a);
    let p1 = pick(b);
    let p2 = pick(c);
    let p3 = pick(d);
    let e0 = exact(c);
    let e1 = exact(a);
    let e2 = exact(1);
    let g0 = max(c, c);
    let g1 = abs(int8_t2(a, a));
    let g2 = clamp(d, d, d);
}
"#,
        expect![[r#"
            p0: int
            p1: uint
            p2: int
            p3: uint
            e0: int16_t
            e1: int16_t
            e2: int
            g0: int16_t
            g1: int8_t2
            g2: uint16_t
        "#]],
    );
}

#[test]
fn generic_constraints_accept_the_small_integers() {
    check_lets(
        r#"
T twice<T : __BuiltinIntegerType>(T x) { return x; }
T scalar<T : __BuiltinScalarType>(T x) { return x; }
T arith<T : __BuiltinArithmeticType>(T x) { return x; }

void f(int8_t a, uint16_t d)
{
    let t0 = twice(a);
    let t1 = scalar(d);
    let t2 = arith(uint16_t3(d, d, d));
}
"#,
        expect![[r#"
            t0: int8_t
            t1: uint16_t
            t2: uint16_t3
        "#]],
    );
}

#[test]
fn sixteen_bit_bit_casts() {
    check_lets(
        r#"
void f(half h, int16_t i, uint16_t u, half3 hv, int16_t2 iv, uint16_t2x2 um)
{
    let a = asuint16(h);
    let b = asint16(h);
    let c = asfloat16(u);
    let d = asfloat16(i);
    let e = asuint16(i);
    let g = asint16(u);
    let hvu = asuint16(hv);
    let ivh = asfloat16(iv);
    let umi = asint16(um);
    let back = asfloat16(asuint16(h));
}
"#,
        expect![[r#"
            a: uint16_t
            b: int16_t
            c: half
            d: half
            e: uint16_t
            g: int16_t
            hvu: uint16_t3
            ivh: half2
            umi: int16_t2x2
            back: half
        "#]],
    );
}

#[test]
fn enums_with_small_backing_types() {
    check_lets(
        r#"
enum Small : uint8_t { A, B = 7 }
enum Half : int16_t { X = -3, Y }

void f()
{
    let a = Small.B;
    uint8_t raw = Small.A;
    let y = Half.Y;
}
"#,
        expect![[r#"
            a: Small
            y: Half
        "#]],
    );
}

#[test]
fn storage_only_float_types() {
    check_lets(
        r#"
void f(float x, half h, int i)
{
    let a = BFloat16(x);
    let b = FloatE4M3(1.25f);
    let c = FloatE5M2(h);
    let d = BFloat16(i);
    let e = float(a);
    let g = half(b);
    let k = (BFloat16)(float(a) * 2.0);
    let m = FloatE4M3(c);
    let n = bit_cast<uint16_t>(a);
    let o = bit_cast<uint8_t>(b);
}
"#,
        expect![[r#"
            a: BFloat16
            b: FloatE4M3
            c: FloatE5M2
            d: BFloat16
            e: float
            g: half
            k: BFloat16
            m: FloatE4M3
            n: uint16_t
            o: uint8_t
        "#]],
    );
}
