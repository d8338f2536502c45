//! Pack queries (`__first`, `__last`, `__trimFirst`, `__trimLast`) and `__packBranch`: in types
//! and expressions, resolved once the pack is known, symbolic while it is generic.

use expect_test::expect;

use super::check_lets;

#[test]
fn pack_queries_of_tuples_and_bound_packs() {
    check_lets(
        r#"#language slang 2026
struct Holder<each T> where nonempty(T) { __first(T) head; __last(T) tail; }
struct Branch<each T> { __packBranch(T, int, float) v; }
void f()
{
    let t = makeTuple(1, 2.0, true);
    let a = __first(t);
    let b = __last(t);
    let c = __trimFirst(t);
    let d = __trimLast(t);
    Holder<int, float, bool> h;
    let e = h.head;
    let g = h.tail;
    Branch<> none;
    Branch<int> some;
    let i = none.v;
    let j = some.v;
    let k = countof(__trimFirst(Tuple<int, int, int>));
    __first(Tuple<uint, int>) m = 1;
    let n = m;
}
"#,
        expect![[r#"
            t: Tuple<int, float, bool>
            a: int
            b: bool
            c: Tuple<float, bool>
            d: Tuple<int, float>
            e: int
            g: bool
            i: int
            j: float
            k: int
            n: uint
        "#]],
    );
}

#[test]
fn pack_queries_on_generic_packs_stay_symbolic() {
    check_lets(
        r#"
interface IHas { associatedtype E; }
struct S<each T> where nonempty(T) where expand each T : IHas { __first(T).E value; }
int count<each T>() { return countof(__trimFirst(T)) + countof(__trimLast(T)); }
int sum<each T : IFloat>(expand each T v) where nonempty(T)
{
    int s = 0;
    expand (s += int((each __trimFirst(v)).toFloat()));
    return s;
}
struct Node<let each P : int>
{
    __packBranch(P, int, Node<__first(P), __trimFirst(P)>) next;
}
void f()
{
    let c = count<int, float>();
}
"#,
        expect![[r#"
            each: <none>
            c: int
        "#]],
    );
}

#[test]
fn pack_queries_report_misuse() {
    check_lets(
        r#"
struct Loop<let each P : int>
{
    __packBranch(P, int, Loop<P>) next;
}
void f()
{
    let a = __first(1.0);
    let b = __first(makeTuple(1), 2);
}
"#,
        expect![[r#"
            each: <none>
            a: {unknown}
            b: {unknown}
            E39997 maximum type nesting level exceeded: the non-empty branch of `__packBranch` names `Loop` with its pack unchanged, so the type contains itself; pass a smaller pack (`__trimFirst(P)`)
            E2053 argument to `__first` can only be a type pack, a value pack or a tuple, found `float`
            E2024 `__first` takes 1 operand(s) but 2 were given
        "#]],
    );
}
