//! Name lookup and declaration forms of session 13: `::name` (the global scope), the nearest
//! `using namespace` among several, `(T::f)(args)` as a call, struct declarations followed by
//! variables (anonymous structs).

use expect_test::expect;

use super::{check_diags, check_lets};

#[test]
fn global_scope_qualified_names() {
    check_lets(
        r#"
float get() { return 1.0; }
struct S
{
    int get() { return 1; }
    void f() { let a = ::get(); let b = get(); }
}
"#,
        expect![[r#"
            a: float
            b: int
        "#]],
    );
    // `::` finds nothing that only a member or local declares.
    check_diags(
        r#"
struct S
{
    int only() { return 1; }
    int f() { return ::only(); }
}
"#,
        expect![[r#"
            5:22 error[E2001] undefined identifier '::only'. Declare `::only` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn nearest_using_namespace_wins() {
    check_lets(
        r#"
namespace a
{
    float f() { return 1.0; }
    namespace b { int f() { return 2; } }
}
void g()
{
    using namespace a;
    using namespace a::b;
    let x = f();
}
"#,
        expect![[r#"
            x: float
        "#]],
    );
}

#[test]
fn parenthesised_callee_is_a_call() {
    check_lets(
        r#"
struct S { static int twice(int x) { return 2 * x; } }
typealias T = float;
void g(int p)
{
    let a = (S::twice)(3);
    let b = (T)(p);
    let c = (p)(4);
}
"#,
        expect![[r#"
            a: int
            b: float
            c: {unknown}
            E2008 no call operation found for type 'int': `p` of type `int` cannot be called (declare an `operator()` to call values of this type)
        "#]],
    );
}

#[test]
fn structs_declared_with_variables() {
    check_lets(
        r#"
static const struct { int a; float b; } global = { 1, 2.0 };
struct Outer { struct { int x; } inner; }
void g()
{
    struct { uint u; } first, second;
    struct Named { half h; } n;
    Named copy = n;
    Outer o;
    let a = global.b;
    let b = second.u;
    let c = copy.h;
    let d = o.inner.x;
}
"#,
        expect![[r#"
            a: float
            b: uint
            c: half
            d: int
        "#]],
    );
    check_diags(
        r#"
static const struct { int a; } s = { 1 };
void g() { s.a = 2; }
"#,
        expect![[r#"
            3:16 error[E2009] left of '=' is not an l-value. cannot assign to this expression: `s` is a constant
        "#]],
    );
}
