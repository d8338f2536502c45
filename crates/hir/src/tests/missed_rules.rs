//! The rules of `check_missed/` (codes E227x): each rule's error, and the valid forms next to
//! it that must stay clean.

use expect_test::expect;

use super::{check_diags, check_diags_files};

#[test]
fn dyn_only_on_interfaces_and_variables() {
    check_diags(
        r#"
interface IShape { float area(); }
struct Square : IShape { float s; float area() { return s * s; } }
dyn IShape makeShape() { return Square(1.0); }
dyn struct Tagged { int x; }
dyn enum Kind { A, B }
"#,
        expect![[r#"
            4:1 error[E2270] modifier 'dyn' is not allowed here: it marks an interface (`dyn interface I`) or a variable holding an interface value (`dyn I x`), not this declaration
            5:1 error[E2270] modifier 'dyn' is not allowed here: it marks an interface (`dyn interface I`) or a variable holding an interface value (`dyn I x`), not this declaration
            6:1 error[E2270] modifier 'dyn' is not allowed here: it marks an interface (`dyn interface I`) or a variable holding an interface value (`dyn I x`), not this declaration
        "#]],
    );
    // `dyn` on an interface and on a parameter is what it is for.
    check_diags(
        r#"
dyn interface IShape { float area(); }
struct Square : IShape { float s; float area() { return s * s; } }
float measure(dyn IShape shape) { return shape.area(); }
"#,
        expect![[r#""#]],
    );
}

#[test]
fn const_c_style_pointer_variable() {
    check_diags(
        r#"
void f()
{
    constexpr int* p;
    const float* q;
}
"#,
        expect![[r#"
            4:5 error[E2271] 'constexpr' not allowed on C-style pointer declaration: the pointer `int*` cannot be a constant; drop the modifier
            5:5 error[E2271] 'const' not allowed on C-style pointer declaration: the pointer `float*` cannot be a constant; drop the modifier
        "#]],
    );
    check_diags(
        r#"
void f()
{
    int* p;
    const int n = 4;
}
"#,
        expect![[r#""#]],
    );
}

const LIB_2025: &str = r#"#language slang 2025
module shapes;
public struct Box
{
    int hidden;
    public int shown;
    int secret() { return hidden; }
    public int open() { return shown; }
    internal struct Part { int x; }
    public struct Piece { public int y; }
}
"#;

const LIB_2026: &str = r#"#language slang 2026
module shapes;
public struct Box
{
    int hidden;
    internal int kept;
    struct Piece { int y; }
    internal struct Part { int x; }
}
"#;

#[test]
fn member_visibility_across_modules() {
    // A 2025 module keeps unmodified members internal.
    check_diags_files(
        &[
            (
                "main.slang",
                r#"import shapes;
int use(Box b)
{
    int a = b.shown + b.open();
    Box.Piece p;
    return a + b.hidden + b.secret() + p.y;
}
int part(Box.Part p) { return 0; }
"#,
            ),
            ("shapes.slang", LIB_2025),
        ],
        expect![[r#"
            6:18 error[E2272] 'hidden' is not accessible from the current context: it is internal to the module that declares it; declare it `public` there to use it from other modules
            6:29 error[E2272] 'secret' is not accessible from the current context: it is internal to the module that declares it; declare it `public` there to use it from other modules
            8:10 error[E2026] `Part` is not public in its module: declare it `public` to use it here
        "#]],
    );
    // In a 2026 module they take the visibility of the public struct; explicit `internal` and
    // an internal nested type stay hidden.
    check_diags_files(
        &[
            (
                "main.slang",
                r#"import shapes;
int use(Box b, Box.Piece p)
{
    return b.hidden + p.y + b.kept;
}
int part(Box.Part p) { return 0; }
"#,
            ),
            ("shapes.slang", LIB_2026),
        ],
        expect![[r#"
            4:31 error[E2272] 'kept' is not accessible from the current context: it is internal to the module that declares it; declare it `public` there to use it from other modules
            6:10 error[E2026] `Part` is not public in its module: declare it `public` to use it here
        "#]],
    );
    // Inside the module everything is visible.
    check_diags(
        r#"#language slang 2025
module shapes;
public struct Box { int hidden; internal struct Part { int x; } }
int use(Box b, Box.Part p) { return b.hidden + p.x; }
"#,
        expect![[r#""#]],
    );
}

#[test]
fn address_of_interface_value_and_texel() {
    check_diags(
        r#"
interface IFoo { int get(); }
struct A : IFoo { int x; int get() { return x; } }
RWTexture1D<uint> tex;
void f()
{
    A a;
    IFoo local = a;
    IFoo* p = &local;
    Ptr<uint> t = __getAddress(tex[1]);
}
"#,
        expect![[r#"
            9:15 error[E2273] type mismatch in expression: the address of a value of interface type 'IFoo' is not a 'IFoo*': an interface-typed variable holds its value packed with the concrete type's tag; take the address of a variable of the concrete type
            10:19 error[E2274] invalid __getAddress usage: a texel of a texture has no address; read it with the subscript and keep it in a variable, or use a buffer
        "#]],
    );
    check_diags(
        r#"
interface IFoo { int get(); }
struct A : IFoo { int x; int get() { return x; } }
RWStructuredBuffer<uint> buf;
void f()
{
    A a;
    A* p = &a;
    IFoo* q = (IFoo*)p;
    Ptr<uint> t = __getAddress(buf[1]);
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn this_parameter_through_interface_value() {
    check_diags(
        r#"
interface ISelf { This copy(); bool same(This other); }
struct P : ISelf { int v; This copy() { return this; } bool same(P o) { return v == o.v; } }
bool f(ISelf obj)
{
    ISelf c = obj.copy();
    return obj.same(c);
}
bool g<T : ISelf>(T obj)
{
    T c = obj.copy();
    return obj.same(c);
}
"#,
        expect![[r#"
            7:21 error[E2275] type mismatch in expression: parameter 'other' of 'same' has type 'This', and the concrete 'This' type identity is lost after type erasure: 'ISelf' may hold any type that implements the interface; call it on a value of a concrete or generic type
        "#]],
    );
}

#[test]
fn mesh_outputs_are_written_only() {
    check_diags(
        r#"
struct V { float4 pos : SV_Position; }
[shader("mesh")]
[outputtopology("triangle")]
[numthreads(1, 1, 1)]
void main(OutputVertices<V, 3> verts, OutputIndices<uint3, 1> tris)
{
    SetMeshOutputCounts(3, 1);
    tris[0] = uint3(0, 1, 2);
    verts[0].pos = float4(0.0, 0.0, 0.0, 1.0);
    uint first = tris[0].x;
}
"#,
        expect![[r#"
            11:18 error[E2276] cannot read values from mesh shader outputs: the elements of `OutputVertices`, `OutputIndices` and `OutputPrimitives` are written, never read; keep the value in a local as well
        "#]],
    );
}

#[test]
fn constexpr_parameter_needs_constant() {
    check_diags(
        r#"
RWByteAddressBuffer buf;
static const uint ALIGN = 16;
[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint runtimeAlign = tid.x;
    let fixedAlign = 8;
    float a = buf.LoadAligned<float>(0, runtimeAlign);
    float b = buf.LoadAligned<float>(0, ALIGN);
    float c = buf.LoadAligned<float>(0, fixedAlign * 2);
    buf.Store<float>(16, a + b + c, runtimeAlign);
    buf.Store<float>(32, a, 4);
}
"#,
        expect![[r#"
            9:41 error[E2277] expected a compile-time constant: parameter 2 of 'LoadAligned' is `constexpr`
            12:37 error[E2277] expected a compile-time constant: parameter 3 of 'Store' is `constexpr`
        "#]],
    );
}

#[test]
fn type_equality_where_clause_at_call() {
    check_diags(
        r#"
struct Box<T> { struct Nested<U> {} }
void same<X>() where Box<X> == Box<X>.Nested<X> {}
void fine<X, Y>() where X == Y {}
void use()
{
    same<int>();
    fine<int, int>();
    fine<int, float>();
}
"#,
        expect![[r#"
            7:5 error[E2278] type argument 'Box<int>.Nested<int>' does not conform to the required interface 'Box<int>': 'same' requires the two types to be the same
            9:5 error[E2278] type argument 'float' does not conform to the required interface 'int': 'fine' requires the two types to be the same
        "#]],
    );
}

#[test]
fn generic_interface_instances_are_distinct() {
    check_diags(
        r#"
interface IProc<T> { T run(T x); }
struct FloatProc : IProc<float> { float run(float x) { return x; } }
struct IntProc : IProc<int> { int run(int x) { return x; } }
void use()
{
    IProc<float> p = FloatProc();
    p = IntProc();
    IProc<int> q = IntProc();
}
"#,
        expect![[r#"
            8:16 error[E2004] type mismatch in expression: expected an expression of type 'IProc<float>', got 'IntProc': cannot convert a value of type `IntProc` to `IProc<float>`
        "#]],
    );
}

#[test]
fn type_coercion_where_clause_at_call() {
    check_diags(
        r#"
struct Source { int value; }
struct Target { int value; }
struct Wide { int value; __init(Source s) { value = s.value; } }
To convert<To, From>(From x) where To(From) { return {}; }
To widen<To, From>(From x) where To(From) implicit { return {}; }
void use()
{
    Source s = { 1 };
    Target t = convert<Target, Source>(s);
    Wide w = convert<Wide, Source>(s);
    Wide v = widen<Wide, Source>(s);
}
"#,
        expect![[r#"
            10:16 error[E2279] type coerce constraint not satisfied: 'Source' is not convertible to 'Target', not satisfying the constraint 'Target(Source)' of 'convert'; give 'Target' an `__init(Source)`
            12:14 error[E2279] implicit conversion constraint not satisfied: 'Source' is not implicitly convertible to 'Wide', not satisfying the constraint 'Wide(Source)' of 'widen'; give 'Wide' an `__init(Source)`
        "#]],
    );
}

#[test]
fn nonempty_pack_constraint() {
    check_diags(
        r#"
struct Row<each T> where nonempty(T) { int x; }
Row<> empty;
Row<int, float> full;
"#,
        expect![[r#"
            3:7 error[E2280] empty pack does not satisfy `nonempty(...)` constraint: 'Row' requires at least one type for 'T'
        "#]],
    );
}

#[test]
fn generic_function_as_value_needs_arguments() {
    check_diags(
        r#"
int apply(functype (int) -> int op, int v) { return op(v); }
T twice<T : IArithmetic>(T x) { return x + x; }
int use()
{
    let op = twice;
    return apply(twice, 3);
}
"#,
        expect![[r#"
            6:14 error[E2281] type mismatch: the generic function 'twice' is used as a value without generic arguments, which are not inferred from the expected type; write them (`twice<...>`)
            7:18 error[E2281] type mismatch: the generic function 'twice' is used as a value without generic arguments, which are not inferred from the expected type; write them (`twice<...>`)
        "#]],
    );
    // With its generic arguments written, called directly, or as a non-generic function, the
    // name is fine.
    check_diags(
        r#"
int apply(functype (int) -> int op, int v) { return op(v); }
T twice<T : IArithmetic>(T x) { return x + x; }
int inc(int x) { return x + 1; }
int use()
{
    return apply(twice<int>, 3) + apply(inc, twice(2));
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn interface_equality_constraint_on_conformers() {
    check_diags(
        r#"
interface IHasItem { associatedtype Item; Item item(); }
interface ISelfItem : IHasItem { __constraint Item == This; }
struct Wrong : ISelfItem
{
    typealias Item = float;
    float item() { return 1.0; }
}
"#,
        expect![[r#"
            4:16 error[E2282] type argument 'Wrong' does not conform to the required interface 'ISelfItem': its constraint `Item == This` does not hold ('float' is not 'Wrong')
        "#]],
    );
    // The constraint holds when the associated type is the conforming type itself, and a type
    // conforming only to the base interface is not bound by it.
    check_diags(
        r#"
interface IHasItem { associatedtype Item; Item item(); }
interface ISelfItem : IHasItem { __constraint Item == This; }
struct Right : ISelfItem
{
    typealias Item = Right;
    int v;
    Right item() { return this; }
}
struct Other : IHasItem
{
    typealias Item = float;
    float item() { return 1.0; }
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn type_bound_parameter_pack_arguments() {
    check_diags(
        r#"
struct Bag<each T>
{
    void put(expand each T items) {}
    void refill(expand each T items)
    {
        put();
        put(1, 2);
    }
}
"#,
        expect![[r#"
            7:9 error[E2283] wrong arguments for the parameter pack of 'put': its types are the pack 'T' of the enclosing type, so the call passes `expand each` of a value pack of that type, not 0 separate argument(s)
            8:9 error[E2283] wrong arguments for the parameter pack of 'put': its types are the pack 'T' of the enclosing type, so the call passes `expand each` of a value pack of that type, not 2 separate argument(s)
        "#]],
    );
    // Passing the caller's own pack, or calling a method with a pack of its own, is fine.
    check_diags(
        r#"
struct Bag<each T>
{
    void put(expand each T items) {}
    void any<each U>(expand each U items) {}
    void refill(expand each T items)
    {
        put(expand each items);
        put(items);
        any(1, 2.0);
        any();
    }
}
"#,
        expect![[r#""#]],
    );
}
