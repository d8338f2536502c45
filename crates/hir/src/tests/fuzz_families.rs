//! Rules found by the fuzz smoke (`crates/driver/tests/fuzz_smoke.rs`): programs that checked
//! clean and then broke lowering. Each test has the refused forms and the accepted ones beside.

use expect_test::expect;

use super::check_diags;

#[test]
fn switch_has_one_default_and_distinct_case_values() {
    check_diags(
        r#"
static const int K = 2;
enum E { A, B }
int f(int x, E e)
{
    switch (x)
    {
    case 1: return 1;
    case 0x1: return 2;
    case K: return 3;
    case 1 + 1: return 4;
    default: return 5;
    default: return 6;
    }
    switch (e)
    {
    case E.A: return 7;
    case E.B: return 8;
    case E.A: return 9;
    }
    // Distinct values and one `default`, falling through: accepted.
    switch (x)
    {
    case -1:
    case 1:
    case K: return 10;
    default: break;
    }
    return 0;
}
"#,
        expect![[r#"
            9:5 error[E2048] duplicate case value 1: duplicate cases are not allowed within a `switch` statement
            11:5 error[E2048] duplicate case value 2: duplicate cases are not allowed within a `switch` statement
            13:5 error[E2047] multiple `default` cases are not allowed within a `switch` statement
            19:5 error[E2048] duplicate case value 0: duplicate cases are not allowed within a `switch` statement
        "#]],
    );
}

#[test]
fn void_storage_is_refused() {
    check_diags(
        r#"
typedef void Nothing;
struct S { void field; int kept; }
void g;
static Nothing h[2];
void call() {}
void f()
{
    void local;
    Nothing alias;
    // Accepted: a `let` of a `void` call holds nothing, as in slangc.
    let r = call();
}
"#,
        expect![[r#"
            3:17 error[E2232] invalid type 'void': 'field' is declared `void`, which has no values to store
            4:6 error[E2232] invalid type 'void': 'g' is declared `void`, which has no values to store
            5:16 error[E2232] invalid type 'void': 'h' is declared `void`, which has no values to store
            9:10 error[E2232] invalid type 'void': 'local' is declared `void`, which has no values to store
            10:13 error[E2232] invalid type 'void': 'alias' is declared `void`, which has no values to store
        "#]],
    );
}

#[test]
fn accessor_parameter_counts() {
    check_diags(
        r#"
struct S
{
    int v;
    property int p { get(int z) { return v; } set(int a, int b) { v = a; } }
    property int q { get { return v; } set(int a) { v = a; } }
    property int r { get { return v; } set { v = newValue; } }
    __subscript(int i) -> int { get { return v + i; } set(int a, int b) { v = a; } }
}
"#,
        expect![[r#"
            5:25 error[E2233] accessors other than 'set' must not have parameters: this 'get' declares 1
            5:50 error[E2233] a 'set' accessor may not have more than one parameter: it takes only the new value, but 2 are declared
            8:58 error[E2233] a 'set' accessor may not have more than one parameter: it takes only the new value, but 2 are declared
        "#]],
    );
}

#[test]
fn matrix_constructor_forms() {
    check_diags(
        r#"
void f()
{
    // Refused: rows and scalars mixed, a row of the wrong width, a matrix among several.
    let a = int2x2(int3(1, 2, 3), 4);
    let b = int2x2(1, 2, int2(3, 4));
    let c = int3x2(int2(1, 2), int4(1, 2, 3, 4));
    let d = int4(int1x2(1, 2), 3, 4);
    // Accepted: every element, every row (converted), one vector of all elements, a copy.
    let e = int2x2(1, 2, 3, 4);
    let g = float2x2(int2(1, 2), int2(3, 4));
    let h = int2x2(int4(1, 2, 3, 4));
    let i = int2x2(e);
    let j = int4(1, int2(2, 3), 4);
}
"#,
        expect![[r#"
            5:24 error[E2012] cannot construct `int2x2` from `int3`: a matrix takes 4 scalars or 2 rows of `vector<_, 2>`, not a mix
            6:30 error[E2012] cannot construct `int2x2` from `int2`: a matrix takes 4 scalars or 2 rows of `vector<_, 2>`, not a mix
            7:36 error[E2012] cannot construct `int3x2` from `int4`: a matrix takes 6 scalars or 3 rows of `vector<_, 2>`, not a mix
            8:24 error[E2012] cannot use a value of type `int1x2` to construct `int4`
        "#]],
    );
}

#[test]
fn constant_index_out_of_bounds() {
    check_diags(
        r#"
static const int N = 4;
void f(int k)
{
    int a[4] = { 1, 2, 3, 4 };
    int x = a[4] + a[-1] + a[N];
    a[5] = 1;
    int3 v = int3(1, 2, 3);
    int y = v[3];
    int2x2 m = int2x2(1, 2, 3, 4);
    int z = m[2][0];
    // In bounds or not constant: accepted.
    int w = a[3] + a[k] + v[2] + m[1][1] + a[N - 1];
}
"#,
        expect![[r#"
            6:15 error[E2049] array index '4' is out of bounds for array of size '4'
            6:22 error[E2049] array index '-1' is out of bounds for array of size '4'
            6:30 error[E2049] array index '4' is out of bounds for array of size '4'
            7:7 error[E2049] array index '5' is out of bounds for array of size '4'
            9:15 warning[E2049] vector index '3' is out of bounds for vector of size '3'
            11:15 warning[E2049] matrix index '2' is out of bounds for matrix of size '2'
        "#]],
    );
}
