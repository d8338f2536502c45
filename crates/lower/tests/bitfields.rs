//! Bit fields (`int a : 3;`): packed into hidden backing integers, read by shifting (signed
//! fields sign-extended), written by masking the new bits in.

use expect_test::expect;

mod common;
use common::check;

#[test]
fn bit_fields_share_a_backing_and_are_read_and_written_by_shifts() {
    check(
        r#"
struct S { int a : 4; uint b : 12; float f; int64_t big : 40; int c : 8; int z : 0; }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    S s = {};
    s.a = -2;
    s.b = s.a;
    outputBuffer[0] = s.a + s.b + s.z + sizeof(S);
}
"#,
        expect![[r#"
            struct S {
              _bits0: uint,
              f: float,
              _bits3: uint64_t,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local s: S
              %0: uint = zero
              %1: float = zero
              %2: uint64_t = zero
              %3: S = construct %0, %1, %2
              store $s, %3
              %4: int = 2
              %5: int = neg %4
              %6: uint = load $s._bits0
              %7: uint = convert.uint %5
              %8: uint = 4294967280u
              %9: uint = bitand %6, %8
              %10: uint = 15u
              %11: uint = bitand %7, %10
              %12: uint = 0u
              %13: uint = shl %11, %12
              %14: uint = bitor %9, %13
              store $s._bits0, %14
              %15: uint = load $s._bits0
              %16: int = bitcast.int %15
              %17: uint = 28u
              %18: int = shl %16, %17
              %19: uint = 28u
              %20: int = shr %18, %19
              %21: uint = convert.uint %20
              %22: uint = load $s._bits0
              %23: uint = 4294901775u
              %24: uint = bitand %22, %23
              %25: uint = 4095u
              %26: uint = bitand %21, %25
              %27: uint = 4u
              %28: uint = shl %26, %27
              %29: uint = bitor %24, %28
              store $s._bits0, %29
              %30: int = 0
              %31: uint = load $s._bits0
              %32: int = bitcast.int %31
              %33: uint = 28u
              %34: int = shl %32, %33
              %35: uint = 28u
              %36: int = shr %34, %35
              %37: uint = load $s._bits0
              %38: uint = 4u
              %39: uint = shr %37, %38
              %40: uint = 4095u
              %41: uint = bitand %39, %40
              %42: uint = convert.uint %36
              %43: uint = add %42, %41
              %44: int = zero
              %45: uint = convert.uint %44
              %46: uint = add %43, %45
              %47: int = 16
              %48: uint = convert.uint %47
              %49: uint = add %46, %48
              %50: int = convert.int %49
              store @outputBuffer[%30], %50
            }
        "#]],
    );
}

#[test]
fn an_initialiser_list_skips_bit_fields() {
    check(
        r#"
struct M { uint a : 10; uint b : 22; uint c; }
RWStructuredBuffer<uint> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    M m = { 7 };
    outputBuffer[0] = m.c + m.a;
}
"#,
        expect![[r#"
            struct M {
              _bits0: uint,
              c: uint,
            }
            global buffer(read_write) outputBuffer: uint
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local m: M
              %0: uint = zero
              %1: int = 7
              %2: uint = convert.uint %1
              %3: M = construct %0, %2
              store $m, %3
              %4: int = 0
              %5: uint = load $m.c
              %6: uint = load $m._bits0
              %7: uint = 0u
              %8: uint = shr %6, %7
              %9: uint = 1023u
              %10: uint = bitand %8, %9
              %11: uint = add %5, %10
              store @outputBuffer[%4], %11
            }
        "#]],
    );
}
