//! Declaration and statement forms: error handling (`throws`, `throw`, `try`, `do`/`catch`),
//! where-clause forms, GLSL blocks and the other forms the parser accepts.

use expect_test::expect;

use super::{check_diags, check_type, render_diagnostics};
use crate::RootDatabase;

mod error_handling {
    use super::*;

    #[test]
    fn throwing_functions_caught_and_rethrown() {
        check_diags(
            r#"
enum Failure { Bad, Worse }
enum Other { A }
int parse(int n) throws Failure
{
    if (n < 0) throw Failure.Bad;
    return n;
}
int twice(int n) throws Failure
{
    let a = try parse(n);
    return a * 2;
}
int safe(int n)
{
    do
    {
        let v = try twice(n);
        return v;
    }
    catch (e : Failure)
    {
        return e == Failure.Worse ? -2 : -1;
    }
}
int catchAll(int n)
{
    do { throw Other.A; } catch { return 0; }
    return 1;
}
"#,
            expect![""],
        );
    }

    #[test]
    fn uncaught_try_and_throw() {
        check_diags(
            r#"
enum Failure { Bad }
int g() throws Failure { throw Failure.Bad; }
void f()
{
    let n = try g();
    throw Failure.Bad;
}
"#,
            expect![[r#"
                6:13 error[E2070] uncaught 'try' in non-throwing function: the current function is not declared to throw any errors and no `do`/`catch` around the `try` catches them; declare the function `throws E` or wrap the call in `do { ... } catch { ... }`
                7:5 error[E2070] uncaught 'throw' in non-throwing function: the current function is not declared to throw any errors and no `do`/`catch` around the `throw` catches them; declare the function `throws E` or wrap the statement in `do { ... } catch { ... }`
            "#]],
        );
    }

    #[test]
    fn throwing_call_needs_try() {
        check_diags(
            r#"
enum Failure { Bad }
int g() throws Failure { return 1; }
int f() throws Failure
{
    return g();
}
"#,
            expect![[r#"
                6:13 error[E2072] `g` may throw an error: call it as `try g(...)` inside a `do`/`catch` or a function declared `throws`
            "#]],
        );
    }

    #[test]
    fn error_type_must_match() {
        check_diags(
            r#"
enum E1 { A }
enum E2 { B }
int g() throws E2 { return 1; }
int f() throws E1
{
    do { throw E2.B; } catch (e : E1) { }
    return try g();
}
"#,
            expect![[r#"
                7:10 error[E2073] 'throw' sends an error of type `E2`, but the function is declared `throws E1` and no `do`/`catch` catches it: catch it or throw the declared type
                8:12 error[E2073] 'try' sends an error of type `E2`, but the function is declared `throws E1` and no `do`/`catch` catches it: catch it or throw the declared type
            "#]],
        );
    }

    #[test]
    fn throw_in_defer_must_be_caught_there() {
        check_diags(
            r#"
enum Failure { Bad }
void f() throws Failure
{
    defer { throw Failure.Bad; }
    defer { do { throw Failure.Bad; } catch { } }
}
"#,
            expect![[r#"
                5:13 error[E2071] 'throw' requires 'catch' inside defer: an error may not leave a deferred statement; wrap the `throw` in `do { ... } catch { ... }` inside the `defer`
            "#]],
        );
    }

    #[test]
    fn try_has_the_call_type_and_catch_binds_the_error() {
        check_type(
            r#"
enum Failure { Bad }
float g() throws Failure { return 1.0; }
void f()
{
    do { let v = try g(); } catch (err : Failure) { let x = er$0r; }
}
"#,
            expect!["Failure"],
        );
        check_type(
            r#"
enum Failure { Bad }
float g() throws Failure { return 1.0; }
void f() throws Failure
{
    let v$0 = try g();
}
"#,
            expect!["float"],
        );
    }

    #[test]
    fn unknown_throws_type() {
        check_diags(
            r#"
void f() throws Missing { }
"#,
            expect![[r#"
                2:17 error[E2002] unknown type `Missing`: declare it, import the module that declares it, or check the spelling
            "#]],
        );
    }
}

mod where_forms {
    use super::*;

    #[test]
    fn optional_constraint_needs_an_is_test() {
        check_diags(
            r#"
interface IThing { int thing(); }
struct Yes : IThing { int thing() { return 1; } }
struct No { int v; }
int f<T>(T t) where optional T : IThing
{
    if (T is IThing)
        return t.thing();
    return t.thing();
}
int g<T, U>(T t, U u) where optional T : IThing where optional U : IThing
{
    if (U is IThing && t is IThing)
        return t.thing();
    return 0;
}
void main()
{
    f(Yes());
    f(No(1));
    f<No>(No(2));
}
"#,
            expect![[r#"
                9:14 error[E2074] the constraint providing 'thing' is optional and must be checked with an 'is' statement before usage: write `if (T is IThing) { ... }` around the use
            "#]],
        );
    }

    #[test]
    fn optional_constraint_on_a_struct() {
        check_diags(
            r#"
interface IRelease { [mutating] void release(); }
struct Box<K> where optional K : IRelease
{
    K k;
    [mutating] void drop() { if (K is IRelease) k.release(); }
}
void main() { Box<int> b; b.drop(); }
"#,
            expect![""],
        );
    }
}

mod glsl_forms {
    use super::*;

    #[test]
    fn glsl_blocks_need_glsl_mode() {
        check_diags(
            r#"
buffer Block { uint data[]; } blockVar;
layout(local_size_x = 2) in;
"#,
            expect![[r#"
                2:1 error[E2075] a GLSL `buffer` block is accepted only in GLSL mode (a file with `#version`): in Slang declare an `RWStructuredBuffer<T>` or a `ConstantBuffer<T>`
                3:1 error[E2075] modifier not allowed: `layout(...) in;` is GLSL and is accepted only in GLSL mode (a file with `#version`); in Slang give the entry point `[numthreads(x, y, z)]`
            "#]],
        );
        check_diags(
            r#"#version 450
buffer Block { uint data[]; } blockVar;
layout(local_size_x = 2) in;
"#,
            expect![""],
        );
    }
}

mod value_packs {
    use super::*;

    #[test]
    fn value_packs_count_and_expand() {
        check_diags(
            r#"
void add(inout int a, int b) { a += b; }
int sum<let each D : int>()
{
    int s = 0;
    expand add(s, each D);
    expand add(s, (each D) * 2 + countof(D));
    return s;
}
struct Dims<let each D : int>
{
    int count() { return countof(D); }
}
struct Old<each int D>
{
    int count() { return countof(D); }
}
int pairs<let each C : int, let each D : int>()
{
    int s = 0;
    expand add(s, (each C) * (each D));
    return s;
}
void main()
{
    int a = sum<1, 2, 3>();
    int b = sum<>();
    Dims<1, 2, 3> d;
    Dims<> e;
    Old<4, 5> o;
    int c = d.count() + e.count() + o.count() + pairs<1, 2, 3, 4>();
}
"#,
            expect![""],
        );
    }

    #[test]
    fn each_of_a_value_pack_is_a_value() {
        check_type(
            r#"
int f<let each D : int>()
{
    int s = 0;
    expand s += ea$0ch D;
    return s;
}
"#,
            expect!["int"],
        );
    }
}

mod value_packs_more {
    use super::*;

    #[test]
    fn value_packs_through_types() {
        check_diags(
            r#"
enum Color { Red, Green }
struct Dims<let each D : int>
{
    void print() { expand printf("%d\n", each D); }
}
void printDims<let each D : int>(Dims<D> d) { d.print(); }
struct Inner<let N : int> { int get() { return N * N; } }
struct Outer<let each D : int>
{
    void add(inout int a, int b) { a += b; }
    int squares() { int s = 0; expand add(s, Inner<each D>().get()); return s; }
}
struct Colors<let each C : Color>
{
    void print() { expand printf("%d\n", (int)(each C)); }
}
void main()
{
    Dims<10, 20> d;
    printDims(d);
    Outer<1, 2> o;
    int s = o.squares();
    Colors<Color.Red, Color.Green> c;
    c.print();
}
"#,
            expect![""],
        );
    }
}

mod declaration_forms {
    use super::*;

    #[test]
    fn struct_defined_as_another() {
        check_diags(
            r#"
interface ITest { property int val { get; } int get(); }
struct TestImpl : ITest { int v; property int val { get { return v; } } int get() { return v; } }
struct Plain { int v; }
struct Test : ITest = TestImpl;
extern struct Ext : ITest = TestImpl;
struct Bad : ITest = Plain;
int use(StructuredBuffer<Test> data) { Test t = data[0]; return t.val + t.get(); }
"#,
            expect![[r#"
                7:14 error[E2016] type `Bad` does not conform to `ITest`: `Bad` is defined as `Plain`, which must implement the interfaces `Bad` declares
            "#]],
        );
    }

    #[test]
    fn anonymous_enum_cases_are_in_the_enclosing_scope() {
        check_diags(
            r#"
enum { Red, Green, Blue }
int f(int id) { if (id == Red) return Green; return Blue; }
"#,
            expect![""],
        );
    }

    #[test]
    fn catch_parameter_in_either_order() {
        // Both `catch (Type err)` and `catch (err : Type)` are accepted; a `throw` needs its `;`
        // (Slang's issue 12326), and `if (c) throw E; else ...` is one `if`.
        check_diags(
            r#"
enum Failure { Bad }
int g(int x) throws Failure { if (x < 0) throw Failure.Bad return x; }
int h(int x) throws Failure { if (x < 0) throw Failure.Bad; return x; }
int f()
{
    do { return try g(1); } catch (Failure err) { return int(err); }
    do { return try h(1); } catch (err : Failure) { return int(err); }
    return 0;
}
int k(int x) throws Failure { if (x < 0) throw Failure.Bad; else return x; }
"#,
            expect![[r#"
                3:60 error[E1001] unexpected identifier, expected ';' after the throw statement
            "#]],
        );
    }
}

mod generic_lists {
    use super::*;

    #[test]
    fn generic_parameter_list_rules() {
        check_diags(
            r#"
struct Bad1<each T, U> {}
struct Bad2<let each D : int, let N : int> {}
struct Foo1<D : int> {}
struct Foo2<each D : int> {}
void notPack<T>(expand each T values) {}
struct Good<U, each T> {}
void good<each T>(expand each T values) {}
"#,
            expect![[r#"
                2:21 error[E2077] generic parameter after a variadic pack parameter is not allowed: generic parameter 'U' cannot appear after a variadic pack parameter; move it before the pack
                3:31 error[E2077] generic parameter after a variadic pack parameter is not allowed: generic parameter 'N' cannot appear after a variadic pack parameter; move it before the pack
                4:17 error[E2214] type 'int' cannot be used as a constraint: a constraint names an interface; use the 'let' keyword to declare a generic value parameter: 'let D : int'
                5:22 error[E2214] type 'int' cannot be used as a constraint: a constraint names an interface; use 'let each' to declare a variadic generic value parameter: 'let each D : int'
                6:24 error[E2051] expected a type pack after 'each': `T` is a single type; declare it as a pack (`each T`) in the generic parameters, or drop `expand each`
            "#]],
        );
    }
}

mod func_extension {
    use super::*;

    #[test]
    fn visibility_on_func_extension_is_rejected() {
        check_diags(
            r#"
public float cube(float x) { return x * x * x; }
public __func_extension fwd_diff(cube)(DifferentialPair<float> x) -> DifferentialPair<float>
{
    return diffPair(cube(x.p), 3.0 * x.p * x.p * x.d);
}
__func_extension fwd_diff(cube)(DifferentialPair<float> x) -> DifferentialPair<float>
{
    return x;
}
"#,
            expect![[r#"
                3:1 error[E2079] modifier not allowed: `public` cannot be applied to a `__func_extension`; remove it
            "#]],
        );
    }

    const EXTENDED: &str = r#"
float sq(float x) { return x * x; }
float sq(float x, float y) { return x * y; }
__func_extension fwd_diff(sq)(DifferentialPair<float> x) -> DifferentialPair<float>
{
    return diffPair(sq(x.p), 2.0 * x.p * x.d);
}
__func_extension bwd_diff(sq)(inout DifferentialPair<float> x, inout DifferentialPair<float> y, float d)
{
    x = diffPair(x.p, d * y.p);
    y = diffPair(y.p, d * x.p);
}
float use(float a)
{
    var x = diffPair(a, 1.0);
    var y = diffPair(2.0, 0.0);
    bwd_diff(sq)(x, y, 1.0);
    return fwd_diff(sq)(diffPair(a, 1.0)).d + x.d;
}
"#;

    #[test]
    fn derivative_extensions_take_effect_with_the_experimental_feature() {
        // Each extension is the derivative of the overload its parameters match.
        let mut db = RootDatabase::default();
        db.set_options(crate::CompileOptions {
            experimental_features: true,
            ..Default::default()
        });
        let file = db.set_file("main.slang", EXTENDED);
        expect![[r#""#]].assert_eq(&render_diagnostics(&db, file, EXTENDED));
    }

    #[test]
    fn derivative_extensions_need_the_experimental_feature() {
        // As in slangc: without `-experimental-feature` the extension registers nothing.
        check_diags(
            EXTENDED,
            expect![[r#"
                17:5 error[E3106] 'bwd_diff' is not a member of 'sq'. Mark `sq` [Differentiable], or give it a custom derivative
                18:12 error[E3106] 'fwd_diff' is not a member of 'sq'. Mark `sq` [ForwardDifferentiable] or [Differentiable], or give it a custom derivative
            "#]],
        );
    }
}
