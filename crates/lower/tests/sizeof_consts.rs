//! `sizeof` / `alignof` as array lengths and value generic arguments: the arrays get the folded
//! lengths (Slang's natural layout, `hir::layout`).

use expect_test::expect;

mod common;
use common::check;

#[test]
fn sizeof_array_lengths_are_folded() {
    check(
        r#"
struct Pair { float3 p; half h; }
struct Fixed<let K : int> { int v[K]; }
RWStructuredBuffer<int> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    float2 v = float2(1.0, 2.0);
    int a[sizeof(v) + alignof(Pair)];
    Fixed<sizeof(Pair) / 2> f;
    a[0] = 1;
    f.v[0] = 2;
    outputBuffer[0] = a[0] + f.v[0] + a.getCount() + f.v.getCount();
}
"#,
        expect![[r#"
            struct Fixed_7 {
              v: int[7],
            }
            global buffer(read_write) outputBuffer: int
            entry computeMain = computeMain workgroup_size(1, 1, 1) ()

            fn computeMain() -> void {
              local v: float2
              local a: int[12]
              local f: Fixed_7
              %0: float = 1.0
              %1: float = 2.0
              %2: float2 = construct %0, %1
              store $v, %2
              %3: int = 1
              store $a[0], %3
              %4: int = 2
              store $f.v[0], %4
              %5: int = 0
              %6: int = load $a[0]
              %7: int = load $f.v[0]
              %8: int = add %6, %7
              %9: int = 12
              %10: int = add %8, %9
              %11: int = 7
              %12: int = add %10, %11
              store @outputBuffer[%5], %12
            }
        "#]],
    );
}
