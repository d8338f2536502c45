//! Tuples and packs: Slang 2026's tuple syntax, comparisons of tuples, casts that run an
//! `__init`, parameter packs passed to `makeTuple` as they are, operator keywords as type names.

use expect_test::expect;

use super::check_lets;

#[test]
fn parenthesised_lists_are_tuples_from_slang_2026() {
    check_lets(
        r#"#language slang 2026
struct P { int a; int b; __init(Tuple<int, int> t) { a = t._0; b = t._1; } }
void f()
{
    let t = (1, 2.0, 3u);
    let nested = ((1, 2), true);
    let one = (5);
    let p = (P)(1, 2);
    var u = (1, 2.0, 3u);
    u._1_2 = (4.0, 5u);
}
"#,
        expect![[r#"
            t: Tuple<int, float, uint>
            nested: Tuple<Tuple<int, int>, bool>
            one: int
            p: P
        "#]],
    );
}

#[test]
fn parenthesised_lists_are_comma_expressions_before_slang_2026() {
    check_lets(
        r#"#language slang 2025
void f()
{
    let c = (1, 2.0);
}
"#,
        expect![[r#"
            c: float
        "#]],
    );
}

#[test]
fn tuples_compare_element_by_element() {
    check_lets(
        r#"
void f()
{
    let e = makeTuple() == Tuple<>();
    let n = makeTuple(1, float2(1.0)) != makeTuple(2, float2(0.0));
    let l = makeTuple(1, 2u) < makeTuple(1, 3u);
    let g = makeTuple(1, 2u) >= makeTuple(1, 3u);
    let bad = makeTuple(1) == makeTuple(1.0);
}
"#,
        expect![[r#"
            e: bool
            n: bool
            l: bool
            g: bool
            bad: {unknown}
            E2005 operator `==` cannot be applied to `Tuple<int>` and `Tuple<float>`
        "#]],
    );
}

#[test]
fn a_parameter_pack_passed_as_is_to_make_tuple_is_spread() {
    check_lets(
        r#"
struct Set<each T>
{
    Tuple<expand each T> data;
    __init(expand each T d) { data = makeTuple(d); }
}
void f()
{
    let s = Set<float, int>(1.0, 2);
    let x = s.data._1;
}
"#,
        expect![[r#"
            s: Set<float, int>
            x: int
        "#]],
    );
}

#[test]
fn operator_keywords_are_type_names_without_parentheses() {
    check_lets(
        r#"
struct countof
{
    int v;
}
void right<T>() where T == countof {}
void left<T>() where countof == T {}
int size<each T>() where countof(T) == 2 { return countof(T); }
void f()
{
    right<countof>();
    left<countof>();
    let n = size<int, float>();
}
"#,
        expect![[r#"
            n: int
        "#]],
    );
}

#[test]
fn integer_values_convert_through_iinteger() {
    check_lets(
        r#"
void aggregate(inout int v, int u) { v = v * u; }
T product<T : IInteger, each U : IInteger>(T t, expand each U u)
{
    int v = 1;
    expand aggregate(v, (each u).toInt());
    let w = t.toUInt64();
    return t + T(v);
}
void f()
{
    let p = product<int>(5, 1, 2u, int64_t(3));
}
"#,
        expect![[r#"
            w: uint64_t
            p: int
        "#]],
    );
}
