//! `__func_extension` derivatives (slangc's `-experimental-feature`): `__apply(f)` primal passes
//! with a backward context, derivatives of methods named through their type, and derivative
//! signatures of specialised primals.

use expect_test::{Expect, expect};

fn lower(src: &str) -> Result<ir::Module, Vec<hir::Diagnostic>> {
    let mut db = hir::RootDatabase::default();
    db.set_options(hir::CompileOptions {
        include_dirs: vec![],
        defines: vec![],
        experimental_features: true,
        ..Default::default()
    });
    let file = db.set_file("test.slang", src);
    lower::lower_program(&db, file, None)
}

/// The printed functions whose names contain `part`.
fn check_fns(src: &str, part: &str, expected: Expect) {
    let module = match lower(src) {
        Ok(m) => m,
        Err(diags) => panic!("lowering failed: {diags:?}"),
    };
    let text = ir::print_module(&module);
    let fns: Vec<&str> = text
        .split("\n\n")
        .filter(|b| b.starts_with("fn ") && b.lines().next().is_some_and(|l| l.contains(part)))
        .collect();
    expected.assert_eq(&fns.join("\n\n"));
}

#[test]
fn apply_gives_a_backward_derivative() {
    // `scale` is not differentiable: its derivative comes from the context's `operator()`,
    // which gets one `out` derivative per differentiable input (the `int` gets none).
    check_fns(
        r#"
float scale(float x, int k, float y) { return x * y * float(k); }
struct ScaleCtx
{
    float x; float y; int k;
    void operator()(out float dx, out float dy, float dOut)
    {
        dx = dOut * y * float(k);
        dy = dOut * x * float(k);
    }
};
__func_extension __apply(scale)(float x, int k, float y) -> Tuple<float, ScaleCtx>
{
    return makeTuple(x * y * float(k), ScaleCtx(x, y, k));
}
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    var a = diffPair(2.0, 0.0);
    var b = diffPair(5.0, 0.0);
    bwd_diff(scale)(a, 3, b, 1.0);
    outputBuffer[0] = a.d + b.d;
}
"#,
        "s_bwd_apply",
        expect![[r#"
            fn s_bwd_apply_scale(inout x: DiffPair_float, k: int, inout y: DiffPair_float, dOut: float) -> void {
              local d: float
              local d: float
              %0: float = load $x.p
              %1: int = load $k
              %2: float = load $y.p
              %3: Tuple_float_ScaleCtx = call apply_scale_(%0, %1, %2)
              %4: ScaleCtx = extract %3, 1
              %5: float = load $dOut
              %6: void = call ScaleCtx_op__(%4, out $d, out $d, %5)
              %7: float = load $d
              store $x.d, %7
              %8: float = load $d
              store $y.d, %8
              return
            }
        "#]],
    );
}

#[test]
fn method_derivative_named_through_a_generic_type() {
    // `fwd_diff(MyVec<float>::len2)`: `this` comes from the pair argument, and `T` bound to
    // `float` makes the result a pair although `T : __BuiltinArithmeticType` alone is not
    // differentiable.
    let src = r#"
struct MyVec<T : __BuiltinArithmeticType> : IDifferentiable
{
    typedef MyVec<T> Differential;
    T x; T y;
    T len2() { return x * x + y * y; }
};
__func_extension<T : __BuiltinFloatingPointType>
fwd_diff(MyVec<T>::len2)(DifferentialPair<MyVec<T>> self) -> DifferentialPair<T>
    where T.Differential == T
{
    return diffPair(self.p.len2(), T(2) * (self.p.x * self.d.x + self.p.y * self.d.y));
}
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain()
{
    var dpv = diffPair(MyVec<float>(3.0, 4.0), MyVec<float>(1.0, 2.0));
    DifferentialPair<float> r = fwd_diff(MyVec<float>::len2)(dpv);
    outputBuffer[0] = r.d;
}
"#;
    check_fns(
        src,
        "computeMain",
        expect![[r#"
        fn computeMain() -> void {
          local dpv: DiffPair_MyVec_float
          local r: DiffPair_float
          %0: float = 3.0
          %1: float = 4.0
          %2: MyVec_float = construct %0, %1
          %3: float = 1.0
          %4: float = 2.0
          %5: MyVec_float = construct %3, %4
          %6: DiffPair_MyVec_float = construct %2, %5
          store $dpv, %6
          %7: DiffPair_MyVec_float = load $dpv
          %8: DiffPair_float = call fwd_diff_MyVec_T___len2__float(%7)
          store $r, %8
          %9: int = 0
          %10: float = load $r.d
          store @outputBuffer[%9], %10
        }"#]],
    );
}
