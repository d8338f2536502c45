//! Fixture tests: `$0` marks a cursor.

use expect_test::{Expect, expect};

use crate::{RootDatabase, Severity};

mod apply_methods;
mod capabilities;
mod core_names;
mod corpus;
mod diagnostic_files;
mod differential;
mod extension_where;
mod fe_gaps;
mod fe_gaps2;
mod fe_misc;
mod fe_s14;
mod fe_s15;
mod fe_surface;
mod forms;
mod fuzz_families;
mod generic_inference;
mod generic_members;
mod graphics;
mod incremental;
mod inference_gaps;
mod interface_assoc;
mod lambda_owners;
mod library_modules;
mod local_items;
mod lookup_forms;
mod missed_rules;
mod narrow_scalars;
mod pack_queries;
mod pointers;
mod robustness;
mod rules;
mod sema;
mod sizeof_consts;
mod stdlib_compute;
mod tuples_packs;

/// The type of every `let` binding in `fixture` (`name: type`, in order), then its errors.
pub(crate) fn check_lets(fixture: &str, expect: Expect) {
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", fixture);
    let mut out = String::new();
    for (at, _) in fixture.match_indices("let ") {
        let start = at + 4;
        let name: String = fixture[start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let ty = crate::type_at(&db, file, start as u32).unwrap_or_else(|| "<none>".into());
        out.push_str(&format!("{name}: {ty}\n"));
    }
    for d in crate::diagnostics(&db, file) {
        if d.severity == Severity::Error {
            out.push_str(&format!("{} {}\n", d.code, d.message));
        }
    }
    expect.assert_eq(&out);
}

/// Renders diagnostics as `line:col code message` (1-based), with related info indented.
pub(crate) fn render_diagnostics(db: &RootDatabase, file: crate::SourceFile, text: &str) -> String {
    let mut out = String::new();
    for d in crate::diagnostics(db, file) {
        let (line, col) = line_col(text, d.range.start);
        let sev = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        out.push_str(&format!("{line}:{col} {sev}[{}] {}\n", d.code, d.message));
        for r in &d.related {
            out.push_str(&format!(
                "    related {}@{}..{}: {}\n",
                r.path, r.range.start, r.range.end, r.message
            ));
        }
    }
    out
}

pub(crate) fn line_col(text: &str, offset: u32) -> (usize, usize) {
    let before = &text[..(offset as usize).min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

fn check_diags(fixture: &str, expect: Expect) {
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", fixture);
    expect.assert_eq(&render_diagnostics(&db, file, fixture));
}

/// Several files; diagnostics of the first.
fn check_diags_files(files: &[(&str, &str)], expect: Expect) {
    let mut db = RootDatabase::default();
    let handles: Vec<_> = files.iter().map(|(p, t)| db.set_file(p, t)).collect();
    expect.assert_eq(&render_diagnostics(&db, handles[0], files[0].1));
}

fn cursor(fixture: &str) -> (String, u32) {
    let offset = fixture.find("$0").expect("fixture has a $0 cursor");
    (fixture.replacen("$0", "", 1), offset as u32)
}

fn check_type(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", &text);
    let ty = crate::type_at(&db, file, offset).unwrap_or_else(|| "<none>".into());
    let errors: Vec<String> = crate::diagnostics(&db, file)
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    let mut out = ty;
    for e in errors {
        out.push_str(&format!("\n{e}"));
    }
    expect.assert_eq(&out);
}

fn check_definition(fixture: &str, expect: Expect) {
    let (text, offset) = cursor(fixture);
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", &text);
    let out = match crate::definition_at(&db, file, offset) {
        Some(nav) => {
            let (line, col) = line_col(
                if nav.file == file {
                    &text
                } else {
                    nav.file.text(&db)
                },
                nav.range.start,
            );
            format!("{} `{}` at {}:{line}:{col}", nav.path, nav.name, "")
        }
        None => "<none>".into(),
    };
    expect.assert_eq(&out);
}

#[test]
fn stdlib_checks_clean() {
    let db = RootDatabase::default();
    let ws = base_db::Db::workspace(&db);
    let mut out = String::new();
    for file in ws.stdlib(&db).iter() {
        out.push_str(&render_diagnostics(&db, *file, file.text(&db)));
    }
    expect![[""]].assert_eq(&out);
}

mod types {
    use super::*;

    #[test]
    fn literals_and_locals() {
        check_type(
            "void f() { let a = 1.0; let b = a$0 * 2; }",
            expect![["float"]],
        );
        check_type("void f() { let b = 1.0 * 2$0; }", expect![["int"]]);
        check_type("void f() { let b = 1u; let c = b$0; }", expect![["uint"]]);
        check_type("void f() { var h = 1.0h; h$0; }", expect![["half"]]);
        check_type("void f() { let x = 2 * 1.5$0; }", expect![["float"]]);
    }

    #[test]
    fn arithmetic_promotes_and_splats() {
        check_type(
            "void f(int i, float x) { let y = $0i * x; }",
            expect![["int"]],
        );
        check_type(
            "void f(int i, float x) { let y = i * x; y$0; }",
            expect![["float"]],
        );
        check_type(
            "void f(float3 v, float s) { let y = v * s; y$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(float3 v) { let y = v < 1.0; y$0; }",
            expect![["bool3"]],
        );
        check_type(
            "void f(uint a, int b) { let y = a + b; y$0; }",
            expect![["uint"]],
        );
        check_type(
            "void f(float4x4 m, float4x4 n) { let y = m * n; y$0; }",
            expect![["float4x4"]],
        );
    }

    #[test]
    fn swizzles() {
        check_type(
            "void f(float4 v) { let y = v.xz; y$0; }",
            expect![["float2"]],
        );
        check_type(
            "void f(float4 v) { let y = v.bgra; y$0; }",
            expect![["float4"]],
        );
        check_type(
            "void f(float v) { let y = v.xxx; y$0; }",
            expect![["float3"]],
        );
        check_type("void f(int3 v) { let y = v.z; y$0; }", expect![["int"]]);
    }

    #[test]
    fn constructors_and_casts() {
        check_type(
            "void f(float2 a) { let y = float4(a, 0, 1); y$0; }",
            expect![["float4"]],
        );
        check_type("void f(float x) { let y = (int)x; y$0; }", expect![["int"]]);
        check_type(
            "void f(float x) { let y = uint3(x); y$0; }",
            expect![["uint3"]],
        );
        check_type(
            "void f() { let y = vector<float, 2>(1.0, 2.0); y$0; }",
            expect![["float2"]],
        );
        check_type(
            "void f() { matrix<float, 2, 3> m; m$0; }",
            expect![["float2x3"]],
        );
    }

    #[test]
    fn indexing() {
        check_type(
            "void f(float3x3 m) { let r = m[1]; r$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(float3x3 m) { let r = m[1][2]; r$0; }",
            expect![["float"]],
        );
        check_type(
            "void f() { int a[4]; let r = a[0]; r$0; }",
            expect![["int"]],
        );
        check_type(
            "RWStructuredBuffer<float3> buf; void f() { let r = buf[0]; r$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f() { float a[2][3]; let r = a[1]; r$0; }",
            expect![["float[3]"]],
        );
    }

    #[test]
    fn math_library_overloads() {
        check_type(
            "void f(float3 v) { let r = dot(v, v); r$0; }",
            expect![["float"]],
        );
        check_type(
            "void f(float3 v) { let r = normalize(v); r$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(float3 v) { let r = length(v); r$0; }",
            expect![["float"]],
        );
        check_type(
            "void f(float3 v) { let r = max(v, 0.0); r$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(float x) { let r = clamp(x, 0, 1); r$0; }",
            expect![["float"]],
        );
        check_type(
            "void f(int x) { let r = min(x, 1); r$0; }",
            expect![["int"]],
        );
        check_type(
            "void f(float3x3 m, float3 v) { let r = mul(m, v); r$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(float2x3 m) { let r = transpose(m); r$0; }",
            expect![["float3x2"]],
        );
        check_type(
            "void f(float4 a, float4 b) { let r = lerp(a, b, 0.5); r$0; }",
            expect![["float4"]],
        );
        check_type(
            "void f(float3 a) { let r = cross(a, a); r$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(float x) { let r = asuint(x); r$0; }",
            expect![["uint"]],
        );
    }

    #[test]
    fn structs_fields_methods_properties() {
        let s = "struct S { float3 p; int n; float get() { return p.x; } property float size { get { return p.y; } } }\n";
        check_type(
            &format!("{s}void f(S s) {{ let r = s.p; r$0; }}"),
            expect![["float3"]],
        );
        check_type(
            &format!("{s}void f(S s) {{ let r = s.get(); r$0; }}"),
            expect![["float"]],
        );
        check_type(
            &format!("{s}void f(S s) {{ let r = s.size; r$0; }}"),
            expect![["float"]],
        );
        check_type(
            &format!("{s}void f() {{ S s = {{ float3(0), 1 }}; s.n$0; }}"),
            expect![["int"]],
        );
    }

    #[test]
    fn implicit_this_and_static_members() {
        check_type(
            "struct S { float r; float twice() { return r$0 * 2; } static S unit() { S s; s.r = 1; return s; } }",
            expect![["float"]],
        );
        check_type(
            "struct S { float r; static S unit() { S s; s.r = 1; return s; } } void f() { let u = S.unit(); u$0; }",
            expect![["S"]],
        );
        check_type(
            "struct S { static const int N = 4; } void f() { let n = S::N; n$0; }",
            expect![["int"]],
        );
    }

    #[test]
    fn generics_inferred_and_explicit() {
        let g = "T twice<T : __BuiltinArithmeticType>(T x) { return x + x; }\n";
        check_type(
            &format!("{g}void f() {{ let r = twice(1.0); r$0; }}"),
            expect![["float"]],
        );
        check_type(
            &format!("{g}void f() {{ let r = twice<int>(1); r$0; }}"),
            expect![["int"]],
        );
        check_type(
            &format!("{g}void f(float2 v) {{ let r = twice(v); r$0; }}"),
            expect![["float2"]],
        );
        check_type(
            "T first<T, let N : int>(T a[N]) { return a[0]; } void f() { int a[3]; let r = first(a); r$0; }",
            expect![["int"]],
        );
    }

    #[test]
    fn generic_prototype_and_definition_are_one_function() {
        let src = "T twice<T : IFloat>(T x);\nT twice<T : IFloat>(T x) { return x + x; }\n";
        check_type(
            &format!("{src}void f() {{ let r = twice(1.5); r$0; }}"),
            expect![["float"]],
        );
        check_diags(
            &format!("{src}void f() {{ let r = twice(1.5); }}"),
            expect![[""]],
        );
    }

    #[test]
    fn generic_structs_substitute_arguments() {
        check_type(
            "struct Box<T> { T item; T get() { return item; } } void f(Box<float2> b) { let r = b.get(); r$0; }",
            expect![["float2"]],
        );
        check_type(
            "struct Arr<T, let N : int> { T items[N]; } void f(Arr<int, 4> a) { let r = a.items; r$0; }",
            expect![["int[4]"]],
        );
    }

    #[test]
    fn interfaces_and_associated_types() {
        check_type(
            "interface IShape { float area(); } float f<S : IShape>(S s) { return s.area$0(); }",
            expect![["{function}"]],
        );
        check_type(
            "void f() { float.Differential d = float.dzero(); d$0; }",
            expect![["float"]],
        );
        check_type(
            "void f<T : IDifferentiable>(T x) { T.Differential d = T.dzero(); d$0; }",
            expect![["T.Differential"]],
        );
    }

    #[test]
    fn derivative_calls_have_derivative_signatures() {
        let f = "[Differentiable] float f(float x, no_diff float k, out float o) { o = x; return x * k; }\n";
        check_type(
            &format!(
                "{f}void g() {{ DifferentialPair<float> o; let r = fwd_diff(f)(diffPair(1.0, 1.0), 2.0, o); r$0; }}"
            ),
            expect![["DifferentialPair<float>"]],
        );
        check_type(
            &format!(
                "{f}void g() {{ var dp = diffPair(1.0); let r = bwd_diff(f)(dp, 2.0, 1.0, 1.0); r$0; }}"
            ),
            expect!["void"],
        );
        check_type(
            "[Differentiable] T sq<T : __BuiltinRealType>(T x) { return x * x; } void g() { let r = fwd_diff(sq)(diffPair(float2(1.0), float2(1.0))); r$0; }",
            expect![["DifferentialPair<float2>"]],
        );
    }

    #[test]
    fn nested_and_method_derivatives() {
        check_type(
            "[Differentiable] float cube(float x) { return x * x * x; } void g() { let r = fwd_diff(fwd_diff(cube))(diffPair(diffPair(1.0, 1.0), diffPair(1.0, 0.0))); r$0; }",
            expect![["DifferentialPair<DifferentialPair<float>>"]],
        );
        check_type(
            "struct S : IDifferentiable { float k; [Differentiable] float e(float x) { return k * x; } } void g(S s) { let r = fwd_diff(S.e)(diffPair(s, S.dzero()), diffPair(1.0, 1.0)); r$0; }",
            expect![["DifferentialPair<float>"]],
        );
    }

    #[test]
    fn differential_pairs() {
        check_type(
            "void f() { let p = diffPair(1.0, 2.0); p$0; }",
            expect![["DifferentialPair<float>"]],
        );
        check_type(
            "void f() { let p = diffPair(float3(1.0)); let d = p.d; d$0; }",
            expect![["float3"]],
        );
        check_type(
            "void f(DifferentialPair<float2> p) { let v = p.getPrimal(); v$0; }",
            expect![["float2"]],
        );
    }

    #[test]
    fn extensions_add_members() {
        check_type(
            "struct C { float r; } extension C { float diameter() { return 2 * r; } } void f(C c) { let d = c.diameter(); d$0; }",
            expect![["float"]],
        );
        check_type(
            "interface IF { float val(); } extension float : IF { float val() { return this; } } void f() { let v = (1.0).val(); v$0; }",
            expect![["float"]],
        );
    }

    #[test]
    fn enums_namespaces_aliases() {
        check_type(
            "enum Mode { Fast, Slow = 4 } void f() { let m = Mode.Slow; m$0; }",
            expect![["Mode"]],
        );
        check_type(
            "namespace util { float sq(float x) { return x * x; } } void f() { let r = util::sq(2.0); r$0; }",
            expect![["float"]],
        );
        check_type(
            "namespace util { float sq(float x) { return x * x; } } void f() { let r = util.sq(2.0); r$0; }",
            expect![["float"]],
        );
        check_type(
            "typealias Vec = float3; void f(Vec v) { v$0; }",
            expect![["float3"]],
        );
        check_type(
            "typedef float2 V2; void f(V2 v) { v$0; }",
            expect![["float2"]],
        );
    }

    #[test]
    fn ternary_joins_and_tuples() {
        check_type(
            "void f(bool c) { let r = c ? 1 : 2.0; r$0; }",
            expect![["float"]],
        );
        check_type(
            "void f() { let t = makeTuple(1, 2.0); t._1$0; }",
            expect![["float"]],
        );
        check_type(
            "Tuple<int, float> g(); void f() { let t = g(); t$0; }",
            expect![["Tuple<int, float>"]],
        );
    }

    #[test]
    fn user_operator_overloads() {
        check_type(
            "struct C { float re; float im; } C operator+(C a, C b) { C c; c.re = a.re + b.re; c.im = a.im + b.im; return c; } void f(C a) { let r = a + a; r$0; }",
            expect![["C"]],
        );
    }
}

mod definitions {
    use super::*;

    #[test]
    fn locals_params_functions_fields() {
        check_definition(
            "float f(float x) { let y = x; return y$0; }",
            expect![["main.slang `y` at :1:24"]],
        );
        check_definition(
            "float f(float x) { return x$0; }",
            expect![["main.slang `x` at :1:15"]],
        );
        check_definition(
            "float g() { return 1; } float f() { return g$0(); }",
            expect![["main.slang `g` at :1:7"]],
        );
        check_definition(
            "struct S { float a; } float f(S s) { return s.a$0; }",
            expect![["main.slang `a` at :1:18"]],
        );
        check_definition(
            "float f() { return sin$0(1.0); }",
            expect!["stdlib/core.slang `sin` at :187:41"],
        );
    }

    #[test]
    fn overloads_resolve_to_the_chosen_declaration() {
        let src = "float h(int a) { return 1; }\nfloat h(float a) { return 2; }\nfloat f() { return h$0(1.5); }";
        check_definition(src, expect![["main.slang `h` at :2:7"]]);
    }
}

mod diagnostics {
    use super::*;

    #[test]
    fn clean_program_has_no_diagnostics() {
        check_diags(
            r#"
RWStructuredBuffer<float> outputBuffer;
struct Particle { float3 pos; float mass; [mutating] void push(float3 f) { pos += f / mass; } };
interface IForce { float3 at(float3 p); }
struct Gravity : IForce { float g; float3 at(float3 p) { return float3(0, -g, 0); } };
float3 total<F : IForce>(F force, float3 p) { return force.at(p); }
[shader("compute")]
[numthreads(64, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    var p = Particle(float3(0.0), 2.0);
    Gravity g = { 9.8 };
    p.push(total(g, p.pos));
    float acc[4] = { 1, 2, 3, 4 };
    for (int i = 0; i < 4; i++) { acc[i] *= 2; }
    outputBuffer[tid.x] = p.pos.y + acc[gi % 4];
}
"#,
            expect![[""]],
        );
    }

    #[test]
    fn derivative_calls_check_arguments() {
        check_diags(
            "[Differentiable] float f(float x, float y) { return x * y; }\nvoid g() { let dp = diffPair(1.0); bwd_diff(f)(dp, diffPair(2.0), 1.0); fwd_diff(f)(diffPair(1.0)); }",
            expect![[r#"
                2:48 error[E2009] argument passed to parameter '0' must be l-value. cannot pass this expression as an `out`/`inout` argument: `dp` is immutable (declared with `let` or `const`); declare it with `var`
                2:60 error[E2009] argument passed to parameter '1' must be l-value. cannot pass this expression as an `out`/`inout` argument: it is not a variable, field, element or swizzle
                2:84 error[E2007] not enough arguments to call (got 1, expected 2): `fwd_diff(f)` takes 2 argument(s) but 1 were given
                    related main.slang@23..24: derivative of the function declared here: DifferentialPair<float> fwd_diff(f)(DifferentialPair<float> x, DifferentialPair<float> y)
            "#]],
        );
    }

    #[test]
    fn textures_and_byte_buffers_check() {
        check_diags(
            r#"
Texture2D<float4> inputTex;
RWTexture2D<float4> outputTex;
SamplerState samp;
ByteAddressBuffer raw;
[shader("compute")]
[numthreads(8, 8, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    uint w, h;
    outputTex.GetDimensions(w, h);
    float2 uv = (float2(tid.xy) + 0.5) / float2(w, h);
    float4 c = inputTex.SampleLevel(samp, uv, 0) + inputTex[tid.xy] + inputTex.Load(int3(tid.xy, 0));
    outputTex[tid.xy] = c * asfloat(raw.Load(0));
    inputTex[tid.xy] = c;
}
"#,
            expect![[r#"
                15:22 error[E2009] left of '=' is not an l-value. cannot assign to this expression: `Texture2D<float4>` is read-only (its subscript has no `set`)
            "#]],
        );
    }

    #[test]
    fn related_information_names_candidates() {
        check_diags(
            "float h(int a) { return 1; }\nfloat h(int2 a) { return 2; }\nstruct S { float x; };\nvoid f(S s) { h(s); }",
            expect![[r#"
                4:16 error[E2005] no overload of `h` takes arguments (S)
                    related main.slang@6..7: candidate: float h(int a)
                    related main.slang@35..36: candidate: float h(int2 a)
            "#]],
        );
    }

    #[test]
    fn imports_resolve_and_report_missing_modules() {
        check_diags_files(
            &[
                (
                    "shaders/main.slang",
                    "import util;\nimport missing;\nfloat f() { return sq(2.0) + cube(1.0); }",
                ),
                ("shaders/util.slang", "float sq(float x) { return x * x; }"),
            ],
            expect![[r#"
                2:1 error[E2027] cannot find module `missing`: put `missing.slang` next to this file or in an include directory
                3:30 error[E2001] undefined identifier 'cube'. Declare `cube` before its use, or check the spelling
            "#]],
        );
    }

    #[test]
    fn module_visibility_requires_public() {
        check_diags_files(
            &[
                (
                    "main.slang",
                    "import lib;\nfloat f() { return shown(1.0) + hidden(1.0); }",
                ),
                (
                    "lib.slang",
                    "module lib;\npublic float shown(float x) { return x; }\nfloat hidden(float x) { return x; }",
                ),
            ],
            expect![[r#"
                2:33 error[E2026] `hidden` is not public in its module: declare it `public` to use it here
            "#]],
        );
    }

    #[test]
    fn preprocessed_files_report_on_original_text() {
        // The macro changes lengths before the error; the error still lands on `undefinedName`.
        check_diags(
            "#define SCALE_FACTOR_WITH_A_LONG_NAME 2\nfloat f() { return SCALE_FACTOR_WITH_A_LONG_NAME * undefinedName; }",
            expect![[r#"
                2:52 error[E2001] undefined identifier 'undefinedName'. Declare `undefinedName` before its use, or check the spelling
            "#]],
        );
        check_diags(
            "#ifdef MISSING\nfloat f() { return broken; }\n#else\nfloat f() { return 1.0; }\n#endif",
            expect![[""]],
        );
    }

    #[test]
    fn where_clauses_and_value_parameters() {
        check_diags(
            r#"
interface IScale { float scale(); }
float apply<T>(T t) where T : IScale { return t.scale(); }
struct Doubler : IScale { float scale() { return 2.0; } };
float sum<let N : int>(float a[N]) { float s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; }
void f() { Doubler d; float a[3] = { 1, 2, 3 }; float x = apply(d) + sum(a); float y = apply(1.0); }
"#,
            expect![[r#"
                6:93 error[E2015] type argument 'float' does not conform to the required interface 'IScale': `float` does not conform to `IScale`, required by generic parameter `T` of `apply`
                    related main.slang@43..48: declared here: float apply<T>(T t)
            "#]],
        );
    }

    #[test]
    fn properties_and_subscripts_respect_accessors() {
        check_diags(
            r#"
struct Grid
{
    float cells[4];
    property float first { get { return cells[0]; } }
    __subscript(int i) -> float { get { return cells[i]; } }
};
void f(Grid g) { float a = g.first + g[1]; g.first = 1.0; g[0] = 2.0; }
"#,
            expect![[r#"
                8:52 error[E2009] left of '=' is not an l-value. cannot assign to this expression: property `first` has no `set` accessor
                8:64 error[E2009] left of '=' is not an l-value. cannot assign to this expression: `Grid` is read-only (its subscript has no `set`)
            "#]],
        );
    }

    #[test]
    fn enums_and_switches() {
        check_diags(
            "enum Mode { Off, On = 3 }\nint f(Mode m) { switch (m) { case Mode.Off: return 0; case Mode.On: return 1; default: return 2; } }\nint g(Mode m) { return m == Mode.On ? int(m) : 0; }",
            expect![[""]],
        );
    }

    #[test]
    fn static_const_array_sizes_and_casts() {
        check_diags(
            "static const int kCount = 2 * 4;\ngroupshared float shared[kCount];\nvoid f() { float local[kCount]; local = shared; int n = (int)local[1]; }",
            expect![[""]],
        );
    }
}

#[test]
fn missing_files_lists_unloaded_includes_and_imports() {
    let mut db = RootDatabase::default();
    db.set_options(crate::CompileOptions {
        include_dirs: vec!["lib".into()],
        defines: vec![],
        experimental_features: false,
        ..Default::default()
    });
    let file = db.set_file(
        "src/main.slang",
        "#include \"cfg.h\"\nimport util;\nfloat x;",
    );
    expect![[r#"
        [
            [
                "src/cfg.h",
                "lib/cfg.h",
            ],
            [
                "src/util.slang",
                "lib/util.slang",
            ],
        ]
    "#]]
    .assert_debug_eq(&crate::missing_files(&db, file));
    // Once loaded, nothing is missing and the include's declarations are visible.
    db.set_file(
        "lib/cfg.h",
        "#define SCALE 2.0\nfloat scale() { return SCALE; }",
    );
    db.set_file("src/util.slang", "float twice(float v) { return 2 * v; }");
    db.set_file(
        "src/main.slang",
        "#include \"cfg.h\"\nimport util;\nfloat x() { return twice(scale()); }",
    );
    assert!(crate::missing_files(&db, file).is_empty());
    assert!(
        crate::diagnostics(&db, file).is_empty(),
        "{:?}",
        crate::diagnostics(&db, file)
    );
}

#[test]
fn names_in_scope_for_completion() {
    let (text, offset) = cursor(
        "float helper(float v) { return v; }\nstruct S { float k; float m(float a) { let before = 1.0; for (int i = 0; i < 2; i++) { $0 } let after = 2.0; return a; } }",
    );
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", &text);
    let names: Vec<String> = crate::scope_names_at(&db, file, offset)
        .into_iter()
        .filter(|n| {
            !matches!(
                n.kind,
                crate::ScopeNameKind::Function | crate::ScopeNameKind::Type
            ) || n.name == "helper"
        })
        .filter(|n| n.detail != "namespace")
        .take(5)
        .map(|n| format!("{:?} {}: {}", n.kind, n.name, n.detail))
        .collect();
    expect![[r#"
        Local i: int
        Local before: float
        Param a: float
        Global k: float
        Function helper: float helper(float v)"#]]
    .assert_eq(&names.join("\n"));
}

/// Errors inside `#include`d text land in the included file, with an "included from here" note
/// per `#include` line; `diagnostics` still shows them in the checked file, on the `#include` line.
#[test]
fn errors_in_included_files_are_reported_there() {
    let files = [
        (
            "src/main.slang",
            "// main\n#include \"lib.h\"\nfloat ok() { return 1.0; }\n",
        ),
        (
            "src/lib.h",
            "float twice(float v) { return 2.0 * v; }\n#include \"deep.h\"\nfloat bad() { return undefined_name; }\n",
        ),
        (
            "src/deep.h",
            "#if 1\nfloat deeper() { int x = ; return 0.0; }\n",
        ),
    ];
    let mut db = RootDatabase::default();
    let handles: Vec<_> = files.iter().map(|(p, t)| db.set_file(p, t)).collect();
    let text_of = |path: &str| {
        files
            .iter()
            .find(|(p, _)| *p == path)
            .map_or("", |(_, t)| t)
    };
    let mut out = String::new();
    for located in crate::diagnostics_located(&db, handles[0]) {
        let d = &located.diagnostic;
        let (line, col) = line_col(text_of(&located.path), d.range.start);
        out.push_str(&format!(
            "{}:{line}:{col} [{}] {}\n",
            located.path, d.code, d.message
        ));
        for r in &d.related {
            let (line, col) = line_col(text_of(&r.path), r.range.start);
            out.push_str(&format!("    {}:{line}:{col} {}\n", r.path, r.message));
        }
    }
    expect![[r#"
        src/deep.h:1:1 [E2901] `#if` without a matching `#endif`: add `#endif`
            src/lib.h:2:1 included from here
            src/main.slang:2:1 included from here
        src/deep.h:2:26 [E1001] unexpected ';', expected an expression
            src/lib.h:2:1 included from here
            src/main.slang:2:1 included from here
        src/lib.h:3:22 [E2001] undefined identifier 'undefined_name'. Declare `undefined_name` before its use, or check the spelling
            src/main.slang:2:1 included from here
    "#]]
    .assert_eq(&out);
    expect![[r#"
        2:1 error[E1001] unexpected ';', expected an expression
            related src/deep.h@31..32: the problem is here, in the included file
        2:1 error[E2001] undefined identifier 'undefined_name'. Declare `undefined_name` before its use, or check the spelling
            related src/lib.h@80..94: the problem is here, in the included file
        2:1 error[E2901] `#if` without a matching `#endif`: add `#endif`
            related src/deep.h@0..5: the problem is here, in the included file
    "#]]
    .assert_eq(&render_diagnostics(&db, handles[0], files[0].1));
}

/// The generic arguments overload resolution chose, per call, as lowering reads them.
#[test]
fn chosen_generic_arguments_per_call() {
    let text = "\
T twice<T : IArithmetic>(T x) { return x + x; }
vector<T, N> scale<T : IFloat, let N : int>(vector<T, N> v, T k) { return v; }
struct Box<T> { T v; T get() { return v; } U pick<U>(U u) { return u; } }
float plain(float x) { return x; }
void main() {
    int a = twice(3);
    float3 b = scale(float3(1.0, 2.0, 3.0), 2.0);
    half h = twice<half>(half(1.0));
    Box<float> box = { 1.0 };
    float c = box.get();
    int2 d = box.pick(int2(1, 2));
    float e = plain(1.0);
}
";
    let mut db = RootDatabase::default();
    let file = db.set_file("main.slang", text);
    assert!(
        crate::diagnostics(&db, file).is_empty(),
        "{:?}",
        crate::diagnostics(&db, file)
    );
    let main = crate::file_items(&db, file)
        .into_iter()
        .find_map(|d| match d {
            crate::ItemDef::Function(f) if f.loc(&db).name() == "main" => Some(f),
            _ => None,
        })
        .expect("main is declared");
    let body = crate::fn_body(&db, main);
    let offset = crate::item_start(&db, crate::ItemDef::Function(main));
    let mut calls: Vec<(u32, String)> = body
        .exprs
        .iter()
        .filter_map(|(e, _)| {
            let args = crate::call_generic_args(&db, main, e)?;
            let range = body.expr_range(e);
            let call = &text[(offset + range.start) as usize..(offset + range.end) as usize];
            let args: Vec<String> = args
                .iter()
                .map(|(p, a)| match a {
                    crate::GenericArg::Type(t) => {
                        format!("{} = {}", p.name(), crate::display_ty(&db, t))
                    }
                    crate::GenericArg::Value(l) => format!("{} = {l}", p.name()),
                })
                .collect();
            Some((range.start, format!("{call}: {}", args.join(", "))))
        })
        .collect();
    calls.sort();
    let rendered: Vec<String> = calls.into_iter().map(|(_, s)| s).collect();
    expect![[r#"
        twice(3): T = int
        scale(float3(1.0, 2.0, 3.0), 2.0): T = float, N = 3
        twice<half>(half(1.0)): T = half
        box.get(): T = float
        box.pick(int2(1, 2)): T = float, U = int2"#]]
    .assert_eq(&rendered.join("\n"));
}

/// `struct B : A`: the base struct's fields and methods are reached through a hidden base field.
mod struct_inheritance {
    use super::*;

    const BASES: &str = r#"
interface IValue { int value(); }
struct A { int a; int getA() { return a; } int id() { return 1; } }
struct B : A { float b; int id() { return 2; } }
struct C : B, IValue { int c; int value() { return a + c + getA(); } }
"#;

    #[test]
    fn inherited_fields_and_methods_have_their_types() {
        check_type(
            &format!("{BASES}void f(C c) {{ let x = c.b$0; }}"),
            expect!["float"],
        );
        check_type(
            &format!("{BASES}void f(C c) {{ let x = c.a$0; }}"),
            expect!["int"],
        );
        check_type(
            &format!("{BASES}void f(C c) {{ let x$0 = c.getA(); }}"),
            expect!["int"],
        );
    }

    #[test]
    fn derived_converts_to_base_but_not_back() {
        check_diags(
            &format!(
                "{BASES}int takeA(A x) {{ return x.a; }}\nvoid f(C c) {{ A a = c; B b = c; int n = takeA(c) + c.id() + b.id(); C back = a; }}"
            ),
            expect![[r#"
                7:78 error[E2004] type mismatch in expression: expected an expression of type 'C', got 'A': cannot convert a value of type `A` to `C`
            "#]],
        );
    }

    #[test]
    fn interfaces_after_the_base_still_conform() {
        check_diags(
            r#"
interface IValue { int value(); }
struct A { int a; }
struct B : A, IValue { int b; }
struct C : IValue, A { int value() { return 0; } }
"#,
            expect![[r#"
                4:15 error[E2016] type 'B' does not provide required interface member 'value'. `B` does not implement method `value` required by interface `IValue`: add `int value()`
                    related main.slang@24..29: requirement declared here
                5:20 error[E2016] `A` is a struct, not an interface: a type can only conform to interfaces
            "#]],
        );
    }

    /// slangc (E30600): a base's `private` fields and methods are reachable only from the base's
    /// own methods, not from a derived struct's methods nor through a derived value; `internal`
    /// (the default) and `public` members are inherited.
    #[test]
    fn private_members_of_a_base_are_not_inherited() {
        check_diags(
            r#"
struct A {
    private int secret; int open; internal int mid;
    private int hidden() { return secret; }
    int getS() { return secret + hidden(); }
}
struct B : A { int useIt() { return secret + hidden() + this.secret + open + mid + getS(); } }
void f(B b) { int n = b.secret + b.open + b.mid + b.hidden() + b.getS(); }
"#,
            expect![[r#"
                7:37 error[E2026] `secret` is private to `A`: use it from `A`'s own methods, or drop `private`
                7:46 error[E2026] `hidden` is private to `A`: use it from `A`'s own methods, or drop `private`
                7:62 error[E2026] `secret` is private to `A`: use it from `A`'s own methods, or drop `private`
                8:25 error[E2026] `secret` is private to `A`: use it from `A`'s own methods, or drop `private`
                8:53 error[E2026] `hidden` is private to `A`: use it from `A`'s own methods, or drop `private`
            "#]],
        );
    }

    /// slangc (E38029, E30019): `struct B : A` with `A : I` does not make `B` an `I`; declaring
    /// `struct C : A, I` does, with `A`'s methods satisfying `I`.
    #[test]
    fn conformances_are_not_inherited_but_base_methods_satisfy_them() {
        check_diags(
            r#"
interface IShape { float area(); property float width { get; } }
struct A : IShape { float width; float area() { return width * 2.0; } }
struct B : A { float extra; }
struct C : A, IShape { float extra; }
float measure<T : IShape>(T t) { return t.area(); }
void f(B b, C c) { float x = measure(b) + measure(c); IShape s = b; IShape t = c; }
"#,
            expect![[r#"
                7:37 error[E2015] type argument 'B' does not conform to the required interface 'IShape': `B` does not conform to `IShape`, required by generic parameter `T` of `measure` (its base `A` conforms to `IShape`, but conformances are not inherited: declare `struct B : A, IShape`)
                    related main.slang@212..219: declared here: float measure<T>(T t)
                7:66 error[E2004] type mismatch in expression: expected an expression of type 'IShape', got 'B': cannot convert a value of type `B` to `IShape` (its base `A` conforms to `IShape`, but conformances are not inherited: declare `struct B : A, IShape`)
            "#]],
        );
    }

    #[test]
    fn cyclic_inheritance_terminates() {
        check_diags(
            "struct A : B { int a; }\nstruct B : A { int b; }\nvoid f(A x) { int n = x.b + x.a; }",
            expect![""],
        );
    }

    #[test]
    fn completion_lists_inherited_members() {
        let (text, offset) = cursor(&format!("{BASES}void f(C c) {{ c$0. }}"));
        let mut db = RootDatabase::default();
        let file = db.set_file("main.slang", &text);
        let members: Vec<String> = crate::members_at(&db, file, offset)
            .into_iter()
            .map(|m| format!("{} : {}", m.name, m.detail))
            .collect();
        expect![[r#"
            c : int
            value : int value()
            b : float
            id : int id()
            a : int
            getA : int getA()"#]]
        .assert_eq(&members.join("\n"));
    }
}
