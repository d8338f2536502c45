//! Lambdas written outside functions: in the initialisers of globals and of static members
//! (of generic structs too, where the lambda is one type per instance); generic functions
//! named as values with explicit arguments.

use expect_test::expect;

use super::{check_diags, check_type};

#[test]
fn lambda_in_global_and_static_member_initialisers() {
    check_diags(
        r#"
static int fromLambda = ((int a) => a * 3)(4);
struct Counter<let Base : int>
{
    static int start = (() => Base * 2 + 1)();
}
struct Plain
{
    static int twice = ((int v) => { int r = v + v; return r; })(21);
}
void f() { int x = Counter<3>.start + Plain.twice + fromLambda; }
"#,
        expect![""],
    );
}

#[test]
fn call_of_a_lambda_in_a_static_member_has_its_result_type() {
    check_type(
        r#"
struct S<let N : int> { static int m = (() => N)$0(); }
"#,
        expect!["int"],
    );
}

#[test]
fn wrong_return_in_a_global_lambda_is_reported() {
    check_diags(
        r#"
static int g = ((int a) => { if (a > 0) return 1; return 2.0; })(1);
"#,
        expect![[r#"
            2:51 error[E2013] returned values must have the same type among all `return` statements inside a lambda expression: returned `float` here, but `int` previously
        "#]],
    );
}
