//! Lowering of the core-module builtins of stdlib/builtins.slang and of the elementwise
//! intrinsics on matrices (`sincos`, the wave reductions): one operation per row.

use expect_test::{Expect, expect};

fn check(src: &str, expected: Expect) {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    match lower::lower_program_full(&db, file, &lower::LowerOptions::default()) {
        Ok(lowered) => expected.assert_eq(&ir::print_module(&lowered.module)),
        Err(diags) => panic!("lowering failed: {diags:?}"),
    }
}

#[test]
fn sincos_and_wave_sum_on_matrices_go_row_by_row() {
    check(
        r#"
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void main()
{
    float2x2 m = float2x2(1, 2, 3, 4);
    float2x2 s, c;
    sincos(m, s, c);
    int2x2 w = WaveActiveSum(int2x2(1, 2, 3, 4));
    output[0] = s[0][0] + c[1][1] + float(w[1][0] + WaveGetWaveIndex());
}
"#,
        expect![[r#"
            global buffer(read_write) output: float
            entry main = main workgroup_size(1, 1, 1) ()

            fn main() -> void {
              local m: float2x2
              local s: float2x2
              local c: float2x2
              local w: int2x2
              %0: int = 1
              %1: int = 2
              %2: int = 3
              %3: int = 4
              %4: float = convert.float %0
              %5: float = convert.float %1
              %6: float = convert.float %2
              %7: float = convert.float %3
              %8: float2x2 = construct %4, %5, %6, %7
              store $m, %8
              %9: float2x2 = load $m
              %10: float2 = extract %9, 0
              %11: float2 = sin %10
              %12: float2 = extract %9, 1
              %13: float2 = sin %12
              %14: float2x2 = construct %11, %13
              %15: float2 = extract %9, 0
              %16: float2 = cos %15
              %17: float2 = extract %9, 1
              %18: float2 = cos %17
              %19: float2x2 = construct %16, %18
              store $s, %14
              store $c, %19
              %20: int = 1
              %21: int = 2
              %22: int = 3
              %23: int = 4
              %24: int2x2 = construct %20, %21, %22, %23
              %25: int2 = extract %24, 0
              %26: int2 = WaveActiveSum %25
              %27: int2 = extract %24, 1
              %28: int2 = WaveActiveSum %27
              %29: int2x2 = construct %26, %28
              store $w, %29
              %30: int = 0
              %31: float = load $s[0][0]
              %32: float = load $c[1][1]
              %33: float = add %31, %32
              %34: int = load $w[1][0]
              %35: uint = WaveGetWaveIndex 
              %36: uint = convert.uint %34
              %37: uint = add %36, %35
              %38: float = convert.float %37
              %39: float = add %33, %38
              store @output[%30], %39
            }
        "#]],
    );
}

#[test]
fn type_queries_casts_and_concat_are_values() {
    check(
        r#"
RWStructuredBuffer<int> output;
bool signedOf<T>() { return __isSignedInt<T>(); }
[numthreads(1, 1, 1)]
void main()
{
    let t = concat(makeTuple(1), makeTuple(2u, true));
    output[0] = (signedOf<uint>() ? 1 : 0) + int(t._1) + __intCast<int>(3u);
    float x = 1;
    unused(x);
}
"#,
        expect![[r#"
            struct Tuple_int_uint_bool {
              _0: int,
              _1: uint,
              _2: bool,
            }
            struct Tuple_int_1 {
              _0: int,
            }
            struct Tuple_uint_bool {
              _0: uint,
              _1: bool,
            }
            global buffer(read_write) output: int
            entry main = main workgroup_size(1, 1, 1) ()

            fn main() -> void {
              local t: Tuple_int_uint_bool
              local ternary: int
              local x: float
              %0: int = 1
              %1: Tuple_int_1 = construct %0
              %2: uint = 2u
              %3: bool = true
              %4: Tuple_uint_bool = construct %2, %3
              %5: int = extract %1, 0
              %6: uint = extract %4, 0
              %7: bool = extract %4, 1
              %8: Tuple_int_uint_bool = construct %5, %6, %7
              store $t, %8
              %9: int = 0
              %10: bool = call signedOf_uint()
              if %10 {
                %11: int = 1
                store $ternary, %11
              } else {
                %12: int = 0
                store $ternary, %12
              }
              %13: int = load $ternary
              %14: uint = load $t._1
              %15: int = convert.int %14
              %16: int = add %13, %15
              %17: uint = 3u
              %18: int = convert.int %17
              %19: int = add %16, %18
              store @output[%9], %19
              %20: int = 1
              %21: float = convert.float %20
              store $x, %21
            }

            fn signedOf_uint() -> bool {
              %0: bool = false
              return %0
            }
        "#]],
    );
}
