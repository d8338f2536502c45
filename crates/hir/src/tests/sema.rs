//! Semantic checks that must accept valid programs: default interface implementations, generic
//! arguments inferred through constraints, requirements of generic interfaces.

use expect_test::expect;

use super::check_diags;

#[test]
fn interface_method_with_body_is_a_default() {
    check_diags(
        r#"
interface IShape
{
    float area();
    float doubled() { return area() * 2.0; }
    float tripled() { return this.area() + doubled(); }
    static int sides() { return 0; }
}
struct Square : IShape
{
    float s;
    float area() { return s * s; }
}
struct Tri : IShape
{
    float area() { return 1.0; }
    override float doubled() { return 3.0; }
}
float use<T : IShape>(T t) { return t.doubled() + float(T.sides()); }
void main()
{
    Square q = { 2.0 };
    float a = q.doubled() + use(q);
    Tri t;
    float b = t.tripled();
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn interface_default_members_still_require_the_others() {
    check_diags(
        r#"
interface IShape
{
    float area();
    float doubled() { return area() * 2.0; }
}
struct Empty : IShape {}
"#,
        expect![[r#"
            7:16 error[E2016] type 'Empty' does not provide required interface member 'area'. `Empty` does not implement method `area` required by interface `IShape`: add `float area()`
                related main.slang@30..34: requirement declared here
        "#]],
    );
}

#[test]
fn generic_value_inferred_from_a_constraint() {
    check_diags(
        r#"
interface ICounter<let N : int>
{
    int get();
}
struct Counter<let M : int> : ICounter<M>
{
    int get() { return M; }
}
int read<int n, T : ICounter<n>>(T c) { return c.get() + n; }
void main()
{
    Counter<5> c;
    int x = read(c);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn generic_type_inferred_from_a_constraint() {
    check_diags(
        r#"
interface IReader<T>
{
    T read();
}
struct IntReader : IReader<int>
{
    int read() { return 1; }
}
__generic<U, R : IReader<U>>
U first(R r) { return r.read(); }
void main()
{
    IntReader r;
    int x = first(r);
    float y = first(r);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn generic_interface_parameter_binds_through_conformance() {
    check_diags(
        r#"
interface ISum<let n : uint>
{
    static int sum(int arr[n]);
}
struct Summer<let m : uint> : ISum<m>
{
    static int sum(int arr[m]) { return arr[0]; }
}
int total<let n : uint>(ISum<n> s)
{
    int arr[n];
    return s.sum(arr);
}
void main()
{
    Summer<3> s;
    int x = total(s);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn associated_type_named_through_a_value() {
    check_diags(
        r#"
interface ICalc
{
    associatedtype Data;
    float calc(Data d, float x);
    Data make(float q);
}
struct A : ICalc
{
    typealias Data = float;
    float calc(Data d, float x) { return d * x; }
    Data make(float q) { return q; }
}
ICalc pick() { return A(); }
float f(A a, float x)
{
    let obj = pick();
    obj.Data d = obj.make(x);
    obj::Data d2 = obj.make(x);
    a.Data e = 1.0;
    obj.Missing m;
    return obj.calc(d, x) + obj.calc(d2, x) + e;
}
"#,
        expect![[r#"
            21:5 error[E2002] unknown type `obj::Missing`: declare it, import the module that declares it, or check the spelling
        "#]],
    );
}

#[test]
fn initialiser_list_calls_a_constructor() {
    check_diags(
        r#"
interface IFoo { int get(); }
struct Foo : IFoo { int v; int get() { return v; } }
struct Pair
{
    int a;
    int b;
    __init(int x) { a = x; b = x + 1; }
    __init(int x, float y) { a = x; b = int(y); }
}
Optional<IFoo> make(bool ok)
{
    if (ok)
    {
        Foo f = { 1 };
        return { f };
    }
    return {};
}
void main()
{
    Pair p = { 3 };
    Pair q = { 3, 2.0 };
    Pair r = { 1, 2, 3 };
}
"#,
        expect![[r#"
            24:14 error[E2022] too many initialisers: `Pair` has 2 fields but 3 values were given
        "#]],
    );
}

#[test]
fn initialiser_list_with_elided_braces() {
    check_diags(
        r#"
struct Matrix { float m[4]; }
struct Feature<let N : int> { float vals[N]; }
struct Two { float2 a; int b; }
void main()
{
    Matrix m = { 1, 0, 0, 1 };
    Feature<3> f = { 1.0, 2.0, 3.0 };
    Two t = { 1.0, 2.0, 3 };
    Matrix bad = { 1, 2, 3, 4, 5 };
}
"#,
        expect![[r#"
            10:18 error[E2022] too many initialisers: `Matrix` has 1 fields but 5 values were given
            10:20 error[E2004] type mismatch in expression: expected an expression of type 'float[4]', got 'int': cannot convert a value of type `int` to `float[4]`
        "#]],
    );
}

#[test]
fn cast_to_void_discards_a_value() {
    check_diags(
        r#"
enum Status { Ok, Failed }
Status run() { return Status.Ok; }
void main()
{
    int x = 5;
    (void)x;
    (void)run();
    (void)(x + 1.0);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn vectors_of_a_generic_element() {
    check_diags(
        r#"
interface INum : IArithmetic { int tag(); }
extension float : INum { int tag() { return 4; } }
int pick<T : INum>(T a, T b)
{
    vector<T, 2> v = vector<T, 2>(a, b);
    vector<T, 2> w = v.yx;
    return (v.x + w.y).tag();
}
void scale<T : __BuiltinIntegerType, let N : int>(vector<T, N> a, inout vector<T, N> b)
{
    b *= a;
    b = a * b + a;
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn tuple_swizzles_make_tuples() {
    check_diags(
        r#"
void main()
{
    Tuple<int, float, bool> t = makeTuple(5, 2.0, false);
    Tuple<int, int, float> a = t._0_0_1;
    Tuple<bool, int> b = t._2_0;
    int c = t._1_3;
}
"#,
        expect![[r#"
            7:15 error[E2003] '_1_3' is not a member of 'Tuple<int, float, bool>'. type `Tuple<int, float, bool>` has no member `_1_3`: check the spelling
        "#]],
    );
}
