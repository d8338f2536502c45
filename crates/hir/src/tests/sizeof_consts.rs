//! `sizeof` / `alignof` folded as constants where constants are required: array lengths (of a
//! type, a variable in scope, a global), value generic arguments and `static const` values.

use expect_test::expect;

use super::check_lets;

#[test]
fn sizeof_and_alignof_as_array_lengths() {
    // Hey: 8 + 1 = 9 bytes, aligned 8; Thing: a at 12, b at 16 = 20 bytes;
    // Pair: 12 + 2 = 14 bytes, aligned 4.
    check_lets(
        r#"
enum Small : int8_t { A }
struct Hey { double b; Small e; }
struct Thing : Hey { int a; float b; }
struct Pair { float3 p; half h; }
struct G<let K : int> { int v[K]; }
static const int N = sizeof(Pair);
static const int M = alignof(Thing) * 2;
static const float3 gv = float3(0.0);
void f(float3 v, int64_t w)
{
    int a0[sizeof(Thing)];
    int a1[sizeof(v)];
    int a2[alignof(Thing)];
    int a3[N + M];
    int a4[sizeof(matrix<float, 2, 3>) / 4];
    int a5[sizeof(double3) + alignof(bool)];
    int a6[sizeof(a1)];
    int a7[sizeof(w) + sizeof(gv)];
    int a8[sizeof(Pair[3])];
    G<sizeof(uint16_t)> g;
    let x0 = a0;
    let x1 = a1;
    let x2 = a2;
    let x3 = a3;
    let x4 = a4;
    let x5 = a5;
    let x6 = a6;
    let x7 = a7;
    let x8 = a8;
    let x9 = g.v;
}
"#,
        expect![[r#"
            K: <none>
            x0: int[20]
            x1: int[12]
            x2: int[8]
            x3: int[30]
            x4: int[6]
            x5: int[25]
            x6: int[48]
            x7: int[20]
            x8: int[46]
            x9: int[2]
        "#]],
    );
}
