//! `sizeof` / `alignof` folded as constants where constants are required: array lengths (of a
//! type, a variable in scope, a global), value generic arguments and `static const` values.

use expect_test::{Expect, expect};

use crate::{RootDatabase, Severity};

/// The type of every `let` binding in `fixture` (`name: type`, in order), then its errors.
fn check_lets(fixture: &str, expect: Expect) {
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", fixture);
    let mut out = String::new();
    for (at, _) in fixture.match_indices("let ") {
        let start = at + 4;
        let name: String = fixture[start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let ty = crate::type_at(&db, file, start as u32).unwrap_or_else(|| "<none>".into());
        out.push_str(&format!("{name}: {ty}\n"));
    }
    for d in crate::diagnostics(&db, file) {
        if d.severity == Severity::Error {
            out.push_str(&format!("{} {}\n", d.code, d.message));
        }
    }
    expect.assert_eq(&out);
}

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
