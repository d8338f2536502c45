//! Declarations inside function bodies: local structs, enums, interfaces and typealiases, in
//! scope from their declaration to the end of their block, generic over the enclosing function.

use expect_test::expect;

use super::{check_diags, check_type};

#[test]
fn local_typealias_of_generic_parameters() {
    check_diags(
        r#"
__generic<T : __BuiltinArithmeticType, let N : int>
bool allZero()
{
    typealias V = vector<T, N>;
    typedef T Scalar;
    V v = V(T(0));
    Scalar s = v[0];
    for (int i = 0; i < N; ++i)
        if (v[i] != s)
            return false;
    return true;
}
bool use() { return allZero<float, 3>() && allZero<int, 2>(); }
"#,
        expect![[r#""#]],
    );
}

#[test]
fn local_struct_with_method_and_generic_fields() {
    check_diags(
        r#"
T scaled<T : __BuiltinFloatingPointType>(T x)
{
    struct Pair
    {
        T a;
        int b;
        T get() { return a * T(b); }
    }
    Pair p;
    p.a = x;
    p.b = 2;
    Pair q = { x, 3 };
    return p.get() + q.get();
}
int plain()
{
    struct Val { int a; int b; }
    Val v;
    v.a = 1;
    v.b = 2;
    enum Color { Red, Green }
    Color c = Color.Green;
    return v.a + v.b + int(c);
}
float use() { return scaled(1.0); }
"#,
        expect![[r#""#]],
    );
}

#[test]
fn local_items_are_scoped_to_their_block() {
    check_diags(
        r#"
int f()
{
    {
        typealias I = int;
        I a = 1;
    }
    I b = 2;
    {
        struct S { float x; }
        S s;
    }
    S t;
    return b;
}
"#,
        expect![[r#"
            8:5 error[E2002] unknown type `I`: declare it, import the module that declares it, or check the spelling
            13:5 error[E2002] unknown type `S`: declare it, import the module that declares it, or check the spelling
        "#]],
    );
}

#[test]
fn inner_local_typealias_hides_outer() {
    check_type(
        r#"
void f()
{
    typealias V = float2;
    {
        typealias V = int3;
        V a;
        a$0;
    }
}
"#,
        expect!["int3"],
    );
}

#[test]
fn local_items_see_earlier_ones() {
    check_diags(
        r#"
T f<T : __BuiltinFloatingPointType>(T x)
{
    typealias V = vector<T, 2>;
    struct Inner { V v; }
    struct Outer { Inner i; T w; T sum() { return i.v.x + i.v.y + w; } }
    Outer o;
    o.i.v = V(x);
    o.w = x;
    return o.sum();
}
float use() { return f(2.0); }
"#,
        expect![[r#""#]],
    );
}

#[test]
fn errors_inside_local_items_are_reported() {
    check_diags(
        r#"
int f()
{
    struct S
    {
        Missing m;
        int get() { return undefinedName; }
    }
    typealias A = AlsoMissing;
    S s;
    return s.get();
}
"#,
        expect![[r#"
            6:9 error[E2002] unknown type `Missing`: declare it, import the module that declares it, or check the spelling
            7:28 error[E2001] undefined identifier 'undefinedName'. Declare `undefinedName` before its use, or check the spelling
            9:19 error[E2002] unknown type `AlsoMissing`: declare it, import the module that declares it, or check the spelling
        "#]],
    );
}
