//! Generics and member lookup as Slang defines them: a type nested in a generic type takes the
//! enclosing type's arguments (`Outer<float>.Inner` is not `Outer<int>.Inner`), associated types
//! inside vector and matrix elements resolve, a generic interface's base is read with the
//! arguments it was reached with, values of a generic element type splat to its vectors, casts
//! between vectors of generic elements, and the core module's `min`/`max` for `IComparable`.

use expect_test::expect;

use super::check_diags;

#[test]
fn nested_types_take_the_enclosing_generic_arguments() {
    check_diags(
        r#"
struct Box<T>
{
    struct Slot { T value; T get() { return value; } };
    Slot make(T v) { Slot s; s.value = v; return s; }
    T read(Slot s) { return s.value; }
};
extension<T> Box<T>
{
    T readTwice(Slot s) { return s.get(); }
}
T roundTrip<T>(T v)
{
    Box<T>.Slot s;
    s.value = v;
    Box<T> b;
    return b.read(b.make(s.get()));
}
float concrete()
{
    Box<float>.Slot s;
    s.value = 1.0;
    float f = s.get();
    Box<float> b;
    return b.readTwice(s) + f;
}
void wrong()
{
    Box<int>.Slot i;
    Box<float>.Slot f = i;
}
"#,
        expect![[r#"
            30:25 error[E2004] type mismatch in expression: expected an expression of type 'Slot<float>', got 'Slot<int>': cannot convert a value of type `Box<int>.Slot` to `Box<float>.Slot`
        "#]],
    );
}

#[test]
fn associated_types_inside_vector_and_matrix_elements_resolve() {
    check_diags(
        r#"
interface IHas { associatedtype Elem : IHas; }
extension float : IHas { typedef float Elem; }
__generic<T : IHas, let N : int>
extension vector<T, N> : IHas { typedef vector<T.Elem, N> Elem; }
__generic<T : IHas, let R : int, let C : int>
extension matrix<T, R, C> : IHas { typedef matrix<T.Elem, R, C> Elem; }
struct Holder<T : IHas> { T.Elem value; }
void f()
{
    Holder<float2> a;
    float2 x = a.value;
    Holder<float2x2> b;
    float2x2 y = b.value;
    Holder<float3> c;
    float2 z = c.value;
}
"#,
        expect![[r#"
            16:16 error[E2004] type mismatch in expression: expected an expression of type 'vector<float,2>', got 'float3.Elem': cannot convert a value of type `float3.Elem` to `float2`
        "#]],
    );
}

#[test]
fn members_of_a_generic_interface_base_keep_the_arguments() {
    check_diags(
        r#"
interface IRead<T> { T read(int i); }
interface IReadWrite<T> : IRead<T> { [mutating] void write(int i, T v); }
extension<T, U : IReadWrite<T>> U
{
    T readBack(int i) { return read(i); }
}
struct Store<T> : IReadWrite<T>
{
    T data[4];
    T read(int i) { return data[i]; }
    [mutating] void write(int i, T v) { data[i] = v; }
}
int f()
{
    Store<int> s;
    s.write(0, 3);
    return s.readBack(0);
}
"#,
        expect![""],
    );
}

#[test]
fn generic_elements_splat_and_cast_between_vectors() {
    check_diags(
        r#"
__generic<T : __BuiltinFloatingPointType, let N : int>
vector<T, N> clampLow(vector<T, N> v)
{
    return select(v < vector<T, N>(T(0)), T(0), v);
}
__generic<A : __BuiltinFloatingPointType, B : __BuiltinFloatingPointType, let N : int>
vector<B, N> convert(vector<A, N> v)
{
    return vector<B, N>(v);
}
float2 g() { return convert<float, float, 2>(clampLow(float2(1.0, -1.0))); }
"#,
        expect![[r#""#]],
    );
}

#[test]
fn min_and_max_for_comparable_types() {
    check_diags(
        r#"
struct Num : IComparable
{
    int v;
    bool lessThan(This o) { return v < o.v; }
    bool equals(This o) { return v == o.v; }
}
T lowest<T : IInteger>(T a, T b) { return min(a, b); }
T highest<T : IFloat>(T a, T b) { return max(a, b); }
T pick<T : IComparable>(T a, T b) { return min(a, b); }
void f()
{
    int i = lowest(1, 2);
    float x = highest(1.0, 2.0);
    float y = max(1.0, 2.0);
    Num a = { 1 };
    Num b = { 2 };
    Num c = pick(a, b);
    Num d = max(a, b);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn where_clauses_on_composite_types_give_their_members() {
    check_diags(
        r#"
T doubled<T, let N : int>(vector<T, N> v)
    where T : IFloat
    where vector<T, N> : IArithmetic
{
    return v.mul(T(2))[0];
}
T plain<T : IFloat, let N : int>(vector<T, N> v) { return v.mul(T(2))[0]; }
float f() { return doubled(float2(1.0, 2.0)); }
"#,
        expect![[r#"
            8:61 error[E2003] 'mul' is not a member of 'vector<T,N>'. type `vector<T, N>` has no member `mul`: check the spelling
        "#]],
    );
}

#[test]
fn functype_parameters_infer_from_function_arguments() {
    check_diags(
        r#"
struct Unit {};
int twice(float x, Unit u) { return int(x) * 2; }
C applyTo<A, B, C>(functype (A, B) -> C f, A a, B b) { return f(a, b); }
void g()
{
    Unit u;
    int r = applyTo(twice, 1.0, u);
    float bad = applyTo(twice, 1.0, u);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn typedef_without_semicolon_ends_at_its_name() {
    check_diags(
        r#"
struct A
{
    typedef float Value
    int data;
};
A.Value f(A a) { return float(a.data); }
"#,
        expect![[r#""#]],
    );
}
