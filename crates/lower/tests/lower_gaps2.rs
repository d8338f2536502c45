//! More lowering gaps: `bit_cast` of structs, zero-length arrays, constants of generic types,
//! `(S)0` and one-argument casts to structs, `typedef T T;` in a namespace.

use expect_test::expect;

mod common;
use common::check;

#[test]
fn struct_bit_cast_goes_word_by_word() {
    check(
        r#"
struct P { int a; float b; }
struct H { half x; half y; }
RWStructuredBuffer<uint> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    P p = { 1, 2.0 };
    uint2 w = bit_cast<uint2>(p);
    H h = bit_cast<H>(w.x);
    outputBuffer[0] = w.y + uint(h.x);
}
"#,
        expect![[r#"
            struct P {
              a: int,
              b: float,
            }
            struct H {
              x: half,
              y: half,
            }
            global buffer(read_write) outputBuffer: uint
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local p: P
              local w: uint2
              local h: H
              %0: int = 1
              %1: float = 2.0
              %2: P = construct %0, %1
              store $p, %2
              %3: P = load $p
              %4: int = extract %3, 0
              %5: uint = bitcast.uint %4
              %6: float = extract %3, 1
              %7: uint = bitcast.uint %6
              %8: uint2 = construct %5, %7
              store $w, %8
              %9: uint = load $w[0]
              %10: uint = 65535u
              %11: uint = bitand %9, %10
              %12: float = f16tof32 %11
              %13: half = convert.half %12
              %14: uint = 16u
              %15: uint = shr %9, %14
              %16: float = f16tof32 %15
              %17: half = convert.half %16
              %18: H = construct %13, %17
              store $h, %18
              %19: int = 0
              %20: uint = load $w[1]
              %21: half = load $h.x
              %22: uint = convert.uint %21
              %23: uint = add %20, %22
              store @outputBuffer[%19], %23
            }
        "#]],
    );
}

#[test]
fn zero_length_arrays_hold_nothing() {
    check(
        r#"
struct V<bool hasN> { float3 p; float3 n[hasN]; }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    V<false> v;
    v.p = 1.0;
    v.n[0] = 2.0;
    outputBuffer[0] = v.p.x + v.n[0].x;
}
"#,
        expect![[r#"
            struct _Empty {
              _empty: uint,
            }
            struct V_0 {
              p: float3,
              n: _Empty,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local v: V_0
              %0: float = 1.0
              %1: float3 = splat %0
              store $v.p, %1
              %2: int = 0
              %3: float = 2.0
              %4: float3 = splat %3
              %5: int = 0
              %6: float = load $v.p[0]
              %7: int = 0
              %8: int = 0
              %9: float3 = zero
              %10: float = extract %9, 0
              %11: float = add %6, %10
              store @outputBuffer[%5], %11
            }
        "#]],
    );
}

#[test]
fn generic_type_constants_take_the_arguments() {
    check(
        r#"
struct G<let N : int> { static const int Value = N * 2; }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    outputBuffer[0] = G<3>.Value + G<5>::Value;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            global const Value: int = 6
            global const Value_1: int = 10
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              %0: int = 0
              %1: int = 6
              %2: int = 10
              %3: int = add %1, %2
              store @outputBuffer[%0], %3
            }
        "#]],
    );
}

#[test]
fn casts_to_structs() {
    check(
        r#"
struct S { int a = 2; float b; }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    S z = (S)0;
    S one = (S)int(tid.x);
    outputBuffer[0] = float(z.a + one.a) + z.b;
}
"#,
        expect![[r#"
            struct S {
              a: int,
              b: float,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) (SV_DispatchThreadID)

            fn computeMain(tid: uint3) -> void {
              local z: S
              local one: S
              %0: int = 2
              %1: float = zero
              %2: S = construct %0, %1
              store $z, %2
              %3: uint = load $tid[0]
              %4: int = convert.int %3
              %5: float = zero
              %6: S = construct %4, %5
              store $one, %6
              %7: int = 0
              %8: int = load $z.a
              %9: int = load $one.a
              %10: int = add %8, %9
              %11: float = convert.float %10
              %12: float = load $z.b
              %13: float = add %11, %12
              store @outputBuffer[%7], %13
            }
        "#]],
    );
}

#[test]
fn self_named_typedef_in_a_namespace() {
    check(
        r#"
struct Foo { float v; }
namespace ns { typedef Foo Foo; float get(Foo f) { return f.v; } }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    Foo f = { 1.5 };
    outputBuffer[0] = ns.get(f);
}
"#,
        expect![[r#"
            struct Foo {
              v: float,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local f: Foo
              %0: float = 1.5
              %1: Foo = construct %0
              store $f, %1
              %2: int = 0
              %3: Foo = load $f
              %4: float = call get(%3)
              store @outputBuffer[%2], %4
            }

            fn get(f: Foo) -> float {
              %0: float = load $f.v
              return %0
            }
        "#]],
    );
}

#[test]
fn conditional_values() {
    check(
        r#"
struct V<bool hasC, int n> { Conditional<int, hasC && (0 < n)> c; }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    V<true, 1> yes;
    yes.c.set(3);
    V<true, 0> no;
    no.c = 4;
    Optional<int> a = yes.c.get();
    Optional<int> b = no.c.get();
    outputBuffer[0] = int(a.hasValue) + int(b.hasValue);
}
"#,
        expect![[r#"
            struct V_1_1 {
              c: int,
            }
            struct _Empty {
              _empty: uint,
            }
            struct V_1_0 {
              c: _Empty,
            }
            struct Optional_int {
              value: int,
              hasValue: bool,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local yes: V_1_1
              local no: V_1_0
              local a: Optional_int
              local b: Optional_int
              %0: int = 3
              store $yes.c, %0
              %1: int = 4
              %2: _Empty = zero
              store $no.c, %2
              %3: int = load $yes.c
              %4: bool = true
              %5: Optional_int = construct %3, %4
              store $a, %5
              %6: _Empty = load $no.c
              %7: Optional_int = zero
              store $b, %7
              %8: int = 0
              %9: bool = load $a.hasValue
              %10: int = convert.int %9
              %11: bool = load $b.hasValue
              %12: int = convert.int %11
              %13: int = add %10, %12
              store @outputBuffer[%8], %13
            }
        "#]],
    );
}

#[test]
fn flattened_initialiser_lists_fill_scalars_in_order() {
    check(
        r#"
struct P { float2 a; float b; }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    P p[2] = { 1, 2, 3, 4 };
    outputBuffer[0] = p[1].a.x;
}
"#,
        expect![[r#"
            struct P {
              a: float2,
              b: float,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local p: P[2]
              %0: int = 1
              %1: int = 2
              %2: int = 3
              %3: int = 4
              %4: float = convert.float %0
              %5: float = convert.float %1
              %6: float2 = construct %4, %5
              %7: float = convert.float %2
              %8: P = construct %6, %7
              %9: float = convert.float %3
              %10: float = zero
              %11: float2 = construct %9, %10
              %12: float = zero
              %13: P = construct %11, %12
              %14: P[2] = construct %8, %13
              store $p, %14
              %15: int = 0
              %16: float = load $p[1].a[0]
              store @outputBuffer[%15], %16
            }
        "#]],
    );
}

#[test]
fn constant_index_into_a_swizzle_is_a_place() {
    check(
        r#"
void put(out float x, float v) { x = v; }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    float2x2 m = float2x2(0);
    put(m._21_12[1], 4.0);
    outputBuffer[0] = m[0][1];
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local m: float2x2
              %0: int = 0
              %1: float = convert.float %0
              %2: float2x2 = splat %1
              store $m, %2
              %3: float = 4.0
              %4: void = call put(out $m[0][1], %3)
              %5: int = 0
              %6: float = load $m[0][1]
              store @outputBuffer[%5], %6
            }

            fn put(out x: float, v: float) -> void {
              %0: float = load $v
              store $x, %0
            }
        "#]],
    );
}
