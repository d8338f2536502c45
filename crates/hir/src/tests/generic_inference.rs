//! Generic inference and overload ranking as slangc does them: a scalar for `vector<T, N>`,
//! arguments read through `ConstantBuffer`/`ParameterBlock`, parameters fixed by another
//! parameter's constraint on a lambda, `Optional<T>` to `Optional<U>`, writable arguments that
//! match exactly, members of concrete extensions over generic ones.

use expect_test::expect;

use super::{check_diags, check_lets};

#[test]
fn scalar_argument_for_a_generic_vector_is_one_element() {
    check_lets(
        r#"
T first<T : IFloat, int N>(vector<T, N> v) { return v[0]; }
bool close<T : IFloat, int N>(vector<T, N> a, vector<T, N> b, T tol = T(0.01)) { return true; }
void f()
{
    float s = 2.0;
    let a = first(s);
    let b = close(s, s, 0.1);
    let c = close(float3(1.0), float3(2.0));
    let d = first(float2(1.0, 2.0));
}
"#,
        expect![[r#"
            a: float
            b: bool
            c: bool
            d: float
        "#]],
    );
}

#[test]
fn parameter_blocks_bind_the_struct_they_hold() {
    check_lets(
        r#"
struct S<F : __BuiltinIntegerType, int count> { F f; };
F read<F : __BuiltinIntegerType, int count>(S<F, count> s) { return s.f + F(count); }
ParameterBlock<S<int, 12>> block;
ConstantBuffer<S<uint, 2>> cb;
void f()
{
    let a = read(block);
    let b = read(cb);
}
"#,
        expect![[r#"
            a: int
            b: uint
        "#]],
    );
}

#[test]
fn result_of_a_lambda_fixed_by_a_func_constraint() {
    check_lets(
        r#"
struct Composite { int member; }
R apply<R, F : IFunc<R, int>>(F f) { return f(0); }
void f()
{
    let c = apply((int x) => Composite(x));
    let d = apply((int x) => x * 2.0);
}
"#,
        expect![[r#"
            c: Composite
            d: float
        "#]],
    );
}

#[test]
fn optional_converts_when_its_value_converts() {
    check_diags(
        r#"
interface IShape { int area(); }
struct Square : IShape { int side; int area() { return side * side; } }
struct Other { int x; }
void f()
{
    Optional<Square> sq = Square(3);
    Optional<IShape> sh = sq;
    Optional<Optional<int>> nested = Optional<int>(5);
    Optional<Optional<float>> widened = nested;
    Optional<Other> bad = sq;
}
"#,
        expect![[r#"
            11:27 error[E2004] type mismatch in expression: expected an expression of type 'Optional<Other>', got 'Optional<Square>': cannot convert a value of type `Optional<Square>` to `Optional<Other>`
        "#]],
    );
}

#[test]
fn overloads_rank_exact_writable_arguments_and_concrete_extensions_first() {
    check_lets(
        r#"
float pick(inout int a, int b) { return 1.0; }
int pick(inout uint a, uint b) { return 2; }
struct V<int N> { vector<float, N> val; };
extension<int N> V<N> { __init(vector<float, N> d) { val = d; } int tag() { return 1; } };
extension V<3> { __init(vector<float, 3> d) { val = d * 2.0; } };
void f()
{
    uint u = 2;
    int i = 1;
    let a = pick(u, i);
    let b = pick(i, u);
    let v = V<3>(float3(1.0));
    let w = V<2>(float2(1.0));
}
"#,
        expect![[r#"
            a: int
            b: float
            v: V<3>
            w: V<2>
        "#]],
    );
}

#[test]
fn static_calls_through_a_constrained_parameter_bind_the_interface_arguments() {
    check_lets(
        r#"
interface IOperation<T : __BuiltinFloatingPointType> { static T apply(T lhs, T rhs); };
T applyOp<T : __BuiltinFloatingPointType, TOp : IOperation<T>>(T lhs, T rhs)
{
    return TOp::apply(lhs, rhs);
}
struct AddOp<T : __BuiltinFloatingPointType> : IOperation<T>
{
    static T apply(T lhs, T rhs) { return lhs + rhs; }
}
void f()
{
    let r = applyOp<float, AddOp<float>>(1.0, 2.0);
    let h = AddOp<half>::apply(half(1.0), half(2.0));
}
"#,
        expect![[r#"
            r: float
            h: half
        "#]],
    );
}

#[test]
fn static_consts_of_the_enclosing_type_as_generic_values_and_alias_packs() {
    check_diags(
        r#"
struct Wrapper<let N : uint> { int value; }
interface IReq
{
    static const uint kWidth;
    Wrapper<kWidth> make();
}
struct Impl<let W : uint> : IReq
{
    static const uint kWidth = W;
    Wrapper<kWidth> make() { Wrapper<kWidth> r = { int(kWidth) }; return r; }
}
interface IVector<T, int N> {}
interface IEncoder<T>
{
    static const int In;
    V eval<V>(V input) where V : IVector<T, In>;
}
struct WithPack<T, let each N : int> { int test() { return 1; } }
typealias WithPackAlias<T, let each N : int> = WithPack<T, N>;
void f()
{
    int a = WithPackAlias<int>().test() + WithPackAlias<float, 1, 2>().test();
    Impl<3> i;
    int b = i.make().value;
}
"#,
        expect![""],
    );
}

#[test]
fn implicit_conversion_modifier_on_a_constructor() {
    check_diags(
        r#"
interface IHasValue { int getValue(); }
struct ValueFromInt : IHasValue
{
    int value;
    __implicit_conversion(100)
    __init(int v) { value = v; }
    int getValue() { return value; }
}
int readValue<T>(T x) where T(int) implicit where T : IHasValue { return x.getValue(); }
void f()
{
    int a = readValue<ValueFromInt>(1);
    ValueFromInt b = 2;
    int c = readValue<int>(3);
}
"#,
        expect![[r#"
            15:27 error[E2015] type argument 'int' does not conform to the required interface 'IHasValue': `int` does not conform to `IHasValue`, required by generic parameter `T` of `readValue`
                related main.slang@197..206: declared here: int readValue<T>(T x)
        "#]],
    );
}
