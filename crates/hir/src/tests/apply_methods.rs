//! `__func_extension __apply(T::method)`: the receiver as `this` inside the extension; derivative
//! targets through typealiases and subscript accessors; `bwd_diff(value.method)`; reads through a
//! subscript whose `get` is not differentiable.

use expect_test::{Expect, expect};

use super::{cursor, render_diagnostics};
use crate::RootDatabase;

fn db_with(text: &str, experimental: bool) -> (RootDatabase, crate::SourceFile) {
    let mut db = RootDatabase::default();
    db.set_options(crate::CompileOptions {
        experimental_features: experimental,
        ..Default::default()
    });
    let file = db.set_file("main.slang", text);
    (db, file)
}

fn check(text: &str, experimental: bool, expect: Expect) {
    let (db, file) = db_with(text, experimental);
    expect.assert_eq(&render_diagnostics(&db, file, text));
}

/// The type at `$0` with the experimental feature on, then the errors.
fn check_type_ext(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let (db, file) = db_with(&text, true);
    let mut out = crate::type_at(&db, file, offset).unwrap_or_else(|| "<none>".into());
    out.push('\n');
    out.push_str(&render_diagnostics(&db, file, &text));
    expect.assert_eq(&out);
}

const SPRING: &str = r#"
struct Spring : IDifferentiable
{
    float x;
    float rest;
    [Differentiable]
    float energy(float k) { return k * (x - rest) * (x - rest); }
};
struct SpringCtx
{
    float k;
    void operator()(out Spring.Differential dThis, out float dk, float dOut) {}
};
typedef Spring S;
"#;

#[test]
fn apply_of_a_method_has_the_receiver_as_this() {
    check_type_ext(
        &format!(
            "{SPRING}{}",
            r#"
__func_extension __apply(Spring::energy)(float k) -> Tuple<float, SpringCtx>
{
    let d = th$0is.x - rest;
    return makeTuple(k * d * d, SpringCtx(k));
}
"#
        ),
        expect![[r#"
            Spring
        "#]],
    );
}

#[test]
fn apply_through_a_typealias_and_generic_receivers() {
    check(
        &format!(
            "{SPRING}{}",
            r#"
__func_extension __apply(S::energy)(float k) -> Tuple<float, SpringCtx>
{
    return makeTuple(k * this.x, SpringCtx(k));
}
struct Seg<T : __BuiltinFloatingPointType> { T a; T at(T t) { return a * t; } };
__func_extension<T : __BuiltinFloatingPointType> __apply(Seg<T>::at)(T t) -> Tuple<T, SpringCtx>
{
    T v = this.a * t;
    return makeTuple(v, SpringCtx(1.0));
}
"#
        ),
        true,
        expect![[r#""#]],
    );
}

#[test]
fn apply_of_a_free_or_static_function_has_no_this() {
    check(
        r#"
struct U { static float twice(float x) { return 2.0 * x; } };
struct C { void operator()(out float dx, float d) { dx = 2.0 * d; } };
__func_extension __apply(U::twice)(float x) -> Tuple<float, C>
{
    return makeTuple(this.y, C());
}
"#,
        true,
        expect![[r#"
            6:22 error[E2001] `this` is only available inside non-static methods
        "#]],
    );
}

#[test]
fn derivative_of_a_method_bound_to_a_value_is_an_error() {
    check(
        &format!(
            "{SPRING}{}",
            r#"
float use(Spring s, float k)
{
    var dk = diffPair(k);
    bwd_diff(s.energy)(dk, 1.0);
    return fwd_diff(s.energy)(diffPair(k, 1.0)).d;
}
"#
        ),
        false,
        expect![[r#"
            19:5 error[E3115] `bwd_diff` takes a function, not a method bound to a value: write `bwd_diff(Spring.energy)` and pass the value as its first argument (`this`; an `inout DifferentialPair` of it when `Spring` is differentiable)
            20:12 error[E3115] `fwd_diff` takes a function, not a method bound to a value: write `fwd_diff(Spring.energy)` and pass the value as its first argument (`this`; a `DifferentialPair` of it when `Spring` is differentiable)
        "#]],
    );
}

const GRID: &str = r#"
struct Grid : IDifferentiable
{
    typedef Grid Differential;
    float4 values;
    [Differentiable] static Differential dzero() { return Grid(float4(0.0)); }
    [Differentiable] static Differential dadd(Differential a, Differential b) { return Grid(a.values + b.values); }
    __subscript(int row, int column) -> float
    {
        get { return values[row * 2 + column]; }
    }
}
__func_extension fwd_diff(Grid::__subscript::get)(DifferentialPair<Grid> self, int row, int column) -> DifferentialPair<float>
{
    return diffPair(self.p[row, column], self.d[row, column]);
}
[ForwardDifferentiable]
float readGrid(Grid value, int row, int column)
{
    return value[row, column];
}
[ForwardDifferentiable]
float readNoDiff(Grid value, int row)
{
    return no_diff(value[row, 0]) * 2.0;
}
"#;

#[test]
fn subscript_accessor_targets_register_with_the_experimental_feature() {
    check(GRID, true, expect![[r#""#]]);
}

#[test]
fn reading_through_a_non_differentiable_subscript_is_an_error() {
    // Without the feature the extension registers nothing: `get` is not differentiable.
    check(
        GRID,
        false,
        expect![[r#"
            20:12 error[E3101] derivative cannot be propagated through call to non-forward-differentiable function `Grid.__subscript.get`, use 'no_diff' to clarify intention. Mark the accessor [Differentiable], or write `no_diff` before the read if its derivative is not wanted
        "#]],
    );
}
