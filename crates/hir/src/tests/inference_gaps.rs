//! Types the front end used to leave unknown without an error: `var x : T;` fields, explicit
//! `makeTuple<...>` arguments, generic subscripts, constants of generic structs as lengths.

use expect_test::expect;

use super::{check_diags, check_lets};

#[test]
fn let_style_fields_have_their_types() {
    check_lets(
        r#"
struct S
{
    var a : int;
    var b : float[3], c : uint;
}
void f(S s)
{
    let x0 = s.a;
    let x1 = s.b;
    let x2 = s.c;
}
"#,
        expect![[r#"
            x0: int
            x1: float[3]
            x2: uint
        "#]],
    );
}

#[test]
fn make_tuple_with_explicit_types() {
    check_lets(
        r#"
interface I { int get(); }
struct A : I { int get() { return 1; } }
void f()
{
    let x0 = makeTuple<I, float>(A(), 2);
}
"#,
        expect![[r#"
            x0: Tuple<I, float>
        "#]],
    );
}

#[test]
fn generic_subscript_binds_its_parameters() {
    check_lets(
        r#"
struct W
{
    float v;
    __subscript<I : IInteger>(I i) -> vector<float, 2> { get { return float2(v, i.toInt()); } }
    __subscript<T>(T a, T b) -> T { get { return a; } }
}
struct Echo { __subscript<T>(T a) -> T { get { return a; } } }
void f(W w, Echo e)
{
    let x0 = w[3];
    let x1 = w[uint(2)];
    let x2 = e[half(2.5)];
    let x3 = e[int2(1, 2)];
}
"#,
        expect![[r#"
            x0: float2
            x1: float2
            x2: half
            x3: int2
        "#]],
    );
}

#[test]
fn generic_struct_constants_as_lengths() {
    check_lets(
        r#"
struct One<let n : int> { static const int value = n > 0 ? n : 1; }
struct G<let w : int, let h : int>
{
    static const int cells = w * One<h - 1>.value;
    int data[cells];
}
void f()
{
    int a[G<2, 3>.cells + 1];
    G<4, 1> g;
    let x0 = a;
    let x1 = g.data;
}
"#,
        expect![[r#"
            n: <none>
            w: <none>
            h: <none>
            x0: int[5]
            x1: int[4]
        "#]],
    );
}

#[test]
fn requirement_array_lengths_from_constants() {
    // The requirement's lengths are the conforming type's constants: open in the interface.
    check_diags(
        r#"
interface IWidths
{
    static const uint kIn;
    void run(const int a[kIn], out int b[kIn]);
}
struct Impl<let W : uint> : IWidths
{
    static const uint kIn = W;
    void run(const int a[kIn], out int b[kIn]) { b = a; }
}
"#,
        expect![[r#""#]],
    );
}
