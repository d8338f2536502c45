//! Initialiser lists that call a constructor, and brace-elided (flattened) lists.

use expect_test::expect;

mod common;
use common::check;

#[test]
fn initialiser_list_of_a_struct_with_a_constructor_calls_it() {
    check(
        r#"
struct Pair
{
    int a;
    int b;
    __init(int x) { a = x; b = x + 1; }
}
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    Pair p = { 3 };
    outputBuffer[0] = p.b;
}
"#,
        expect![[r#"
            struct Pair {
              a: int,
              b: int,
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local p: Pair
              %0: int = 3
              %1: Pair = call Pair_init(%0)
              store $p, %1
              %2: int = 0
              %3: int = load $p.b
              store @outputBuffer[%2], %3
            }

            fn Pair_init(x: int) -> Pair {
              local this: Pair
              %0: Pair = zero
              store $this, %0
              %1: int = load $x
              store $this.a, %1
              %2: int = load $x
              %3: int = 1
              %4: int = add %2, %3
              store $this.b, %4
              %5: Pair = load $this
              return %5
            }
        "#]],
    );
}

#[test]
fn brace_elided_initialiser_list_fills_in_order() {
    check(
        r#"
struct M { float m[4]; }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    M m = { 1, 0, 0, 1 };
    outputBuffer[0] = m.m[3];
}
"#,
        expect![[r#"
            struct M {
              m: float[4],
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local m: M
              %0: int = 1
              %1: int = 0
              %2: int = 0
              %3: int = 1
              %4: float = convert.float %0
              %5: float = convert.float %1
              %6: float = convert.float %2
              %7: float = convert.float %3
              %8: float[4] = construct %4, %5, %6, %7
              %9: M = construct %8
              store $m, %9
              %10: int = 0
              %11: float = load $m.m[3]
              store @outputBuffer[%10], %11
            }
        "#]],
    );
}

#[test]
fn cast_to_void_keeps_only_the_effects() {
    check(
        r#"
RWStructuredBuffer<int> outputBuffer;
int bump() { outputBuffer[1] = 7; return 1; }
[numthreads(1, 1, 1)]
void computeMain()
{
    int x = 5;
    (void)x;
    (void)bump();
    outputBuffer[0] = x;
}
"#,
        expect![[r#"
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local x: int
              %0: int = 5
              store $x, %0
              %1: int = load $x
              %2: int = call bump()
              %3: int = 0
              %4: int = load $x
              store @outputBuffer[%3], %4
            }

            fn bump() -> int {
              %0: int = 1
              %1: int = 7
              store @outputBuffer[%0], %1
              %2: int = 1
              return %2
            }
        "#]],
    );
}

#[test]
fn tuple_swizzle_builds_a_tuple() {
    check(
        r#"
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    Tuple<int, float> t = makeTuple(5, 2.0);
    Tuple<float, int> s = t._1_0;
    outputBuffer[0] = s._0;
}
"#,
        expect![[r#"
            struct Tuple_int_float {
              _0: int,
              _1: float,
            }
            struct Tuple_float_int {
              _0: float,
              _1: int,
            }
            global buffer(read_write) outputBuffer: float
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local t: Tuple_int_float
              local s: Tuple_float_int
              %0: int = 5
              %1: float = 2.0
              %2: Tuple_int_float = construct %0, %1
              store $t, %2
              %3: Tuple_int_float = load $t
              %4: float = extract %3, 1
              %5: int = extract %3, 0
              %6: Tuple_float_int = construct %4, %5
              store $s, %6
              %7: int = 0
              %8: float = load $s._0
              store @outputBuffer[%7], %8
            }
        "#]],
    );
}
