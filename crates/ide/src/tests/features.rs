//! More fixtures for hover, completion, signature help, navigation, symbols, tokens, folding and
//! inlay hints: the autodiff-specific cases and the corners.

use expect_test::expect;

use super::{
    check_completion, check_definition, check_diagnostics, check_hover, check_references,
    check_symbols, check_tokens, fixture,
};

// ---------------------------------------------------------------------------------------------
// Hover: derivative signatures explained

#[test]
fn hover_bwd_diff_explains_each_parameter() {
    check_hover(
        r#"
[Differentiable]
float f(float x, no_diff float k, int n) { return x * k; }
void main() { var p = diffPair(1.0); bwd$0_diff(f)(p, 2.0, 3, 1.0); }
"#,
        expect![[r#"
            [bwd_diff]
            ```slang
            void bwd_diff(f)(inout DifferentialPair<float> x, no_diff float k, int n, float dResult)
            ```

            - `inout DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in, derivative out
            - `no_diff float k` — not differentiable (`no_diff`): passed as is
            - `int n` — not differentiable (`int` does not conform to IDifferentiable): passed as is
            - `float dResult` — the derivative of `f`'s result, propagated back
            - returns nothing: the derivatives come back through the `inout` pairs
            - context: 0 bytes per thread (the primal values `bwd_diff` keeps for the backward pass)
        "#]],
    );
}

#[test]
fn hover_nested_fwd_fwd_diff_shows_whole_signature() {
    check_hover(
        r#"
[Differentiable]
float f(float x) { return x * x; }
void main() { var p = diffPair(diffPair(1.0)); fwd$0_diff(fwd_diff(f))(p); }
"#,
        expect![[r#"
            [fwd_diff]
            ```slang
            DifferentialPair<DifferentialPair<float>> fwd_diff(fwd_diff(f))(DifferentialPair<DifferentialPair<float>> x)
            ```

            - `DifferentialPair<DifferentialPair<float>> x`
            - returns `DifferentialPair<DifferentialPair<float>>`
        "#]],
    );
}

#[test]
fn hover_nested_bwd_fwd_diff_shows_whole_signature() {
    check_hover(
        r#"
[Differentiable]
float f(float x, no_diff float k) { return x * k; }
void main() { var p = diffPair(diffPair(1.0)); bwd$0_diff(fwd_diff(f))(p, 2.0, diffPair(1.0)); }
"#,
        expect![[r#"
            [bwd_diff]
            ```slang
            void bwd_diff(fwd_diff(f))(inout DifferentialPair<DifferentialPair<float>> x, no_diff float k, DifferentialPair<float> dResult)
            ```

            - `inout DifferentialPair<DifferentialPair<float>> x`
            - `no_diff float k`
            - `DifferentialPair<float> dResult`
            - returns `void`
        "#]],
    );
}

#[test]
fn hover_fwd_diff_explains_out_and_inout() {
    check_hover(
        r#"
[Differentiable]
void g(float x, out float y, inout float3 acc) { y = x; acc *= x; }
void main() { fwd_d$0iff(g); }
"#,
        expect![[r#"
            [fwd_diff]
            ```slang
            void fwd_diff(g)(DifferentialPair<float> x, out DifferentialPair<float> y, inout DifferentialPair<float3> acc)
            ```

            - `DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in
            - `out DifferentialPair<float> y` — `out float y` is differentiable: primal and derivative out
            - `inout DifferentialPair<float3> acc` — `inout float3 acc` is differentiable: primal and derivative in and out
            - returns `void`: the result has no derivative
        "#]],
    );
}

#[test]
fn hover_bwd_diff_of_out_parameter_function() {
    check_hover(
        r#"
[Differentiable]
void g(float x, out float y, out int count) { y = x * x; count = 1; }
void main() { bwd_d$0iff(g); }
"#,
        expect![[r#"
            [bwd_diff]
            ```slang
            void bwd_diff(g)(inout DifferentialPair<float> x, float y)
            ```

            - `inout DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in, derivative out
            - `float y` — `out float y` is differentiable: the derivative of the output comes in
            - `out int count` — dropped: a non-differentiable output
            - returns nothing: the derivatives come back through the `inout` pairs
            - context: 0 bytes per thread (the primal values `bwd_diff` keeps for the backward pass)
        "#]],
    );
}

#[test]
fn hover_bwd_diff_of_struct_parameter() {
    check_hover(
        r#"
struct P : IDifferentiable { float a; no_diff float b; }
[Differentiable]
float f(P p) { return p.a * p.b; }
void main() { bwd_d$0iff(f); }
"#,
        expect![[r#"
            [bwd_diff]
            ```slang
            void bwd_diff(f)(inout DifferentialPair<P> p, float dResult)
            ```

            - `inout DifferentialPair<P> p` — `P p` is differentiable: primal and derivative in, derivative out
            - `float dResult` — the derivative of `f`'s result, propagated back
            - returns nothing: the derivatives come back through the `inout` pairs
            - context: 0 bytes per thread (the primal values `bwd_diff` keeps for the backward pass)
        "#]],
    );
}

#[test]
fn hover_fwd_diff_of_int_returning_function() {
    check_hover(
        r#"
[Differentiable]
int f(float x) { return int(x); }
void main() { fwd_d$0iff(f); }
"#,
        expect![[r#"
            [fwd_diff]
            ```slang
            int fwd_diff(f)(DifferentialPair<float> x)
            ```

            - `DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in
            - returns `int`: the result has no derivative
        "#]],
    );
}

#[test]
fn hover_underscore_fwd_diff_spelling() {
    check_hover(
        r#"
[Differentiable]
float f(float x) { return x; }
void main() { __fwd_d$0iff(f); }
"#,
        expect![[r#"
            [__fwd_diff]
            ```slang
            DifferentialPair<float> fwd_diff(f)(DifferentialPair<float> x)
            ```

            - `DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in
            - returns `DifferentialPair<float>`: the result and its derivative
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Hover: Differential types

#[test]
fn hover_spelled_struct_differential() {
    check_hover(
        r#"
struct S : IDifferentiable { float a; no_diff float b; int c; }
void main() { S.Differ$0ential d; }
"#,
        expect![[r#"
            [Differential]
            ```slang
            struct S_Differential : IDifferentiable
            {
                float a;
                // dropped: float b (`no_diff`)
                // dropped: int c (`int` does not conform to IDifferentiable)
            };
            ```
        "#]],
    );
}

#[test]
fn hover_generic_parameter_differential() {
    check_hover(
        r#"
void f<T : IDifferentiable>(T x) { T.Differen$0tial d; }
"#,
        expect![[r#"
            [Differential]
            ```slang
            T.Differential
            ```

            the `Differential` of `T`, from its IDifferentiable conformance
        "#]],
    );
}

#[test]
fn hover_builtin_vector_differential() {
    check_hover(
        "void f() { float3.Differ$0ential d; }\n",
        expect![[r#"
            [Differential]
            ```slang
            typealias Differential = float3;
            ```
        "#]],
    );
}

#[test]
fn hover_differential_of_declared_alias() {
    check_hover(
        r#"
struct D : IDifferentiable { float v; }
struct S : IDifferentiable { float v; typealias Differential = D; }
void main() { S.Different$0ial d; }
"#,
        expect![[r#"
            [Differential]
            ```slang
            // declared in `S`
            typealias Differential = D;
            ```
        "#]],
    );
}

#[test]
fn hover_differential_of_non_differentiable_struct() {
    check_hover(
        r#"
struct N { int a; }
void main() { N.Different$0ial d; }
"#,
        expect![[r#"
            [Differential]
            ```slang
            // `N` does not conform to IDifferentiable: it has no Differential
            ```
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Hover: custom derivatives and substitutes, with links

#[test]
fn hover_function_links_its_custom_derivative() {
    check_hover(
        r#"
//- /ws/main.slang
[BackwardDerivative(f_bwd)]
float f$0(float x) { return x * x; }
void f_bwd(inout DifferentialPair<float> x, float d) { x = diffPair(x.p, 2.0 * x.p * d); }
"#,
        expect![[r#"
            [f]
            ```slang
            [BackwardDerivative(f_bwd)]
            float f(float x)
            ```

            backward derivative: [`f_bwd`](file:///ws/main.slang#L3)
        "#]],
    );
}

#[test]
fn hover_function_links_derivatives_declared_elsewhere() {
    check_hover(
        r#"
//- /ws/main.slang
import deriv;
float sq(float x) { return x * x; }
void main() { float y = s$0q(2.0); }
//- /ws/deriv.slang
import main;
[ForwardDerivativeOf(sq)]
DifferentialPair<float> sq_fwd(DifferentialPair<float> x) { return diffPair(x.p * x.p, 2.0 * x.p * x.d); }
[PrimalSubstituteOf(sq)]
float sq_fast(float x) { return x * x; }
"#,
        expect![[r#"
            [sq]
            ```slang
            float sq(float x)
            ```

            forward derivative: [`sq_fwd`](file:///ws/deriv.slang#L3)  
            primal substitute: [`sq_fast`](file:///ws/deriv.slang#L5)
        "#]],
    );
}

#[test]
fn hover_unresolved_custom_derivative_is_named_without_link() {
    check_hover(
        r#"
[ForwardDerivative(missing_fwd)]
float f$0(float x) { return x; }
"#,
        expect![[r#"
            [f]
            ```slang
            [ForwardDerivative(missing_fwd)]
            float f(float x)
            ```

            forward derivative: `missing_fwd`
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Signature help inside derivative calls

fn signature_dump(src: &str) -> String {
    let f = fixture(src);
    let Some(help) = f.host.analysis().signature_help(&f.path, f.offset).unwrap() else {
        return "no signature help\n".to_string();
    };
    let mut out = String::new();
    for (i, sig) in help.signatures.iter().enumerate() {
        let params: Vec<&str> = sig
            .parameters
            .iter()
            .map(|(s, e)| &sig.label[*s as usize..*e as usize])
            .collect();
        let mark = if i as u32 == help.active_signature {
            "*"
        } else {
            " "
        };
        out.push_str(&format!("{mark} {}\n    params: {params:?}\n", sig.label));
    }
    out.push_str(&format!("active parameter: {}\n", help.active_parameter));
    out
}

#[test]
fn signature_help_inside_bwd_diff_call() {
    expect![[r#"
        * void bwd_diff(f)(inout DifferentialPair<float> x, inout DifferentialPair<float> y, float dResult)
            params: ["inout DifferentialPair<float> x", "inout DifferentialPair<float> y", "float dResult"]
        active parameter: 1
    "#]].assert_eq(&signature_dump(
        r#"
[Differentiable]
float f(float x, float y) { return x * y; }
void main() { var a = diffPair(1.0); var b = diffPair(2.0); bwd_diff(f)(a, $0 }
"#,
    ));
}

#[test]
fn signature_help_inside_fwd_diff_call() {
    expect![[r#"
        * DifferentialPair<float3> fwd_diff(g)(DifferentialPair<float3> v, no_diff float k)
            params: ["DifferentialPair<float3> v", "no_diff float k"]
        active parameter: 0
    "#]]
    .assert_eq(&signature_dump(
        r#"
[Differentiable]
float3 g(float3 v, no_diff float k) { return v * k; }
void main() { fwd_diff(g)($0 }
"#,
    ));
}

#[test]
fn signature_help_inside_nested_call_argument() {
    expect![[r#"
        * float one(float z)
            params: ["float z"]
        active parameter: 0
    "#]]
    .assert_eq(&signature_dump(
        r#"
float two(float a, float b) { return a + b; }
float one(float z) { return z; }
void main() { two(one(1.0), one($0 }
"#,
    ));
}

#[test]
fn signature_help_none_after_diff_of_unknown() {
    expect![[r#"
        no signature help
    "#]]
    .assert_eq(&signature_dump("void main() { bwd_diff(nothing)($0 }\n"));
}

// ---------------------------------------------------------------------------------------------
// Inlay hints

fn hints_dump(src: &str) -> String {
    let f = fixture(src);
    let hints = f.host.analysis().inlay_hints(&f.path, None).unwrap();
    hints
        .iter()
        .map(|h| {
            format!(
                "{} {:?} {}\n",
                super::line_col(&f.text, h.offset),
                h.kind,
                h.label
            )
        })
        .collect()
}

#[test]
fn inlay_parameter_names_at_calls() {
    expect![[r#"
        5:24 Parameter weight:
        6:21 Parameter a:
        6:30 Parameter weight:
    "#]]
    .assert_eq(&hints_dump(
        r#"
float blend(float a, float weight) { return a * weight; }
void main() {
    float a = 1.0;
    float w = blend(a, 0.5);
    float v = blend(w * 2.0, w);
    float s = sin(w);
}
"#,
    ));
}

#[test]
fn inlay_parameter_names_skip_matching_members() {
    expect![[r#"
        4:23 Type : float
    "#]]
    .assert_eq(&hints_dump(
        r#"
struct P { float x; float y; }
float add(float x, float y) { return x + y; }
void main(P p) { let r = add(p.x, p.y); }
"#,
    ));
}

#[test]
fn inlay_hints_skip_single_parameter_calls() {
    expect![[r#"
        1:49 Parameter x:
        1:54 Parameter y:
    "#]]
    .assert_eq(&hints_dump(
        "void main() { float s = sin(1.0); float m = max(1.0, 2.0); }\n",
    ));
}

#[test]
fn inlay_type_and_parameter_hints_together() {
    expect![[r#"
        4:20 Type : DifferentialPair<float>
        4:43 Type : float
        4:48 Parameter x:
        4:53 Parameter k:
    "#]]
    .assert_eq(&hints_dump(
        r#"
[Differentiable]
float f(float x, float k) { return x * k; }
void main() { let p = diffPair(1.0); let q = f(2.0, 3.0); }
"#,
    ));
}

// ---------------------------------------------------------------------------------------------
// Hover corners

#[test]
fn hover_on_differentiable_pair_member_p() {
    check_hover(
        "void main() { var p = diffPair(float2(1.0, 2.0)); let v = p.p$0; }\n",
        expect![[r#"
            [p]
            ```slang
            property float2 p
            ```
        "#]],
    );
}

#[test]
fn hover_enum_case() {
    check_hover(
        "enum Mode { Fast, Slow }\nvoid main() { Mode m = Mode.Sl$0ow; }\n",
        expect![[r#"
            [Slow]
            ```slang
            Mode.Slow
            ```
        "#]],
    );
}

#[test]
fn hover_global_buffer() {
    check_hover(
        "RWStructuredBuffer<float> outputBuffer;\nvoid main() { output$0Buffer[0] = 1.0; }\n",
        expect![[r#"
            [outputBuffer]
            ```slang
            RWStructuredBuffer<float> outputBuffer
            ```
        "#]],
    );
}

#[test]
fn hover_typealias() {
    check_hover(
        "typealias Vec = float3;\nvoid main() { Ve$0c v; }\n",
        expect![[r#"
            [Vec]
            ```slang
            typealias Vec
            ```
        "#]],
    );
}

#[test]
fn hover_literal_type() {
    check_hover(
        "void main() { let x = 1.5$0; }\n",
        expect![[r#"
        [1.5]
        ```slang
        float
        ```
    "#]],
    );
}

#[test]
fn hover_method_of_struct() {
    check_hover(
        r#"
struct Acc { float v; [mutating] void add(float x) { v += x; } }
void main() { Acc a; a.a$0dd(1.0); }
"#,
        expect![[r#"
            [add]
            ```slang
            [mutating]
            void add(float x)
            ```
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Completion corners

#[test]
fn complete_differential_pair_members() {
    check_completion(
        "void main() { var p = diffPair(1.0); p.$0 }\n",
        expect![[r#"
            TypeAlias Differential : DifferentialPair<float>
            Property p : float
            Property d : float
            Property v : float
            Method getPrimal : float getPrimal()
            Method getDifferential : float getDifferential()
        "#]],
    );
}

#[test]
fn complete_members_of_synthesized_differential() {
    check_completion(
        r#"
struct S : IDifferentiable { float a; float3 b; no_diff int c; }
void main(S.Differential d) { d.$0 }
"#,
        expect![[r#"
            Field a : float
            Field b : float3
            Method dzero : static S.Differential dzero()
            Method dadd : static S.Differential dadd(S.Differential a, S.Differential b)
            Method dmul : static S.Differential dmul<T : __BuiltinRealType>(T s, S.Differential a)
        "#]],
    );
}

#[test]
fn complete_derivative_attribute_arguments() {
    check_completion(
        r#"
float helper(float x) { return x; }
[BackwardDerivative($0)]
float f(float x) { return x; }
"#,
        expect![[r#"
            Parameter x : float
            Function helper : float helper(float x)
            Function f : float f(float x)
            Function sin : T sin<T>(T x)
            Function dot : T dot<T, N>(vector<T, N> x, vector<T, N> y)
            + 90 keywords and builtin types
        "#]],
    );
}

#[test]
fn complete_parameters_in_body() {
    check_completion(
        "float f(float alpha, float beta) { return al$0 }\n",
        expect![[r#"
            Parameter alpha : float
            + 8 keywords and builtin types
        "#]],
    );
}

#[test]
fn complete_matrix_swizzle_free_members() {
    check_completion(
        "void main() { float2 v = float2(1.0, 2.0); v.$0 }\n",
        expect![[r#"
            TypeAlias Differential : float2
            Method getCount : int getCount()
            TypeAlias Element : float
            Constant elementCount : int
            Swizzle x : float
            Swizzle y : float
            Swizzle xy : float2
            Swizzle xx : float2
            Swizzle yx : float2
            Swizzle yy : float2
            Swizzle r : float
            Swizzle g : float
            Swizzle rg : float2
            Swizzle rr : float2
            Swizzle gr : float2
            Swizzle gg : float2
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Navigation corners

#[test]
fn definition_of_custom_derivative_in_attribute() {
    check_definition(
        r#"
void f_bwd(inout DifferentialPair<float> x, float d) { }
[BackwardDerivative(f_b$0wd)]
float f(float x) { return x; }
"#,
        expect![[r#"
            /ws/main.slang 2:6 `f_bwd` stdlib=false
        "#]],
    );
}

#[test]
fn definition_of_function_inside_bwd_diff() {
    check_definition(
        r#"
[Differentiable]
float f(float x) { return x; }
void main() { var p = diffPair(1.0); bwd_diff(f$0)(p, 1.0); }
"#,
        expect![[r#"
            /ws/main.slang 3:7 `f` stdlib=false
        "#]],
    );
}

#[test]
fn definition_of_parameter() {
    check_definition(
        "float f(float scale) { return sc$0ale * 2.0; }\n",
        expect![[r#"
            /ws/main.slang 1:15 `scale` stdlib=false
        "#]],
    );
}

#[test]
fn references_of_parameter() {
    check_references(
        "float f(float k) { float a = k; return k$0 * a; }\n",
        expect![[r#"
            /ws/main.slang 1:15 `k`
            /ws/main.slang 1:30 `k`
            /ws/main.slang 1:40 `k`
            highlights: 1:15(decl) 1:30 1:40
        "#]],
    );
}

#[test]
fn references_of_global() {
    check_references(
        "RWStructuredBuffer<float> buf;\nvoid a() { buf[0] = 1.0; }\nvoid b() { b$0uf[1] = buf[0]; }\n",
        expect![[r#"
            /ws/main.slang 1:27 `buf`
            /ws/main.slang 2:12 `buf`
            /ws/main.slang 3:12 `buf`
            /ws/main.slang 3:21 `buf`
            highlights: 1:27(decl) 2:12 3:12 3:21
        "#]],
    );
}

#[test]
fn references_of_enum_case() {
    check_references(
        "enum E { A, B }\nE pick(int i) { if (i == 0) return E.A$0; return E.B; }\nbool isA(E e) { return e == E.A; }\n",
        expect![[r#"
            /ws/main.slang 1:10 `A`
            /ws/main.slang 2:38 `A`
            /ws/main.slang 3:31 `A`
            highlights: 1:10(decl) 2:38 3:31
        "#]],
    );
}

// ---------------------------------------------------------------------------------------------
// Symbols, tokens, diagnostics

#[test]
fn document_symbols_of_enum_and_interface() {
    check_symbols(
        r#"
enum Mode { Fast, Slow }
interface IShape { float area(); }
struct Circle : IShape { float r; float area() { return 3.14 * r * r; } }
"#,
        expect![[r#"
            Enum Mode @2:6 [Mode]
              EnumMember Fast @2:13 [Fast]
              EnumMember Slow @2:19 [Slow]
            Interface IShape @3:11 [IShape]
              Method area @3:26 [area] : float area()
            Struct Circle @4:8 [Circle]
              Field r @4:32 [r] : float
              Method area @4:41 [area] : float area()
        "#]],
    );
}

#[test]
fn semantic_tokens_of_derivative_code() {
    check_tokens(
        r#"
[Differentiable]
float f(float x) { return x; }
void main() { var p = diffPair(1.0); bwd_diff(f)(p, 1.0); }
"#,
        expect![[r#"
            Decorator `Differentiable`
            Type `float` defaultLibrary
            Function `f` declaration
            Type `float` defaultLibrary
            Parameter `x` declaration
            Keyword `return`
            Parameter `x`
            Type `void` defaultLibrary
            Function `main` declaration
            Keyword `var`
            Variable `p` declaration
            Function `diffPair` defaultLibrary
            Number `1.0`
            Keyword `bwd_diff`
            Function `f`
            Variable `p`
            Number `1.0`
        "#]],
    );
}

#[test]
fn diagnostics_loop_without_bound() {
    check_diagnostics(
        r#"
[Differentiable]
float f(float x, int n) { float y = x; for (int i = 0; i < n; i++) y *= x; return y; }
"#,
        expect![[r#"
            Error E3103 3:40 `f`: loops inside a differentiable function need to provide either '[MaxIters(n)]' or '[ForceUnroll]' attribute. Add `[MaxIters(n)]` with an upper bound on the iterations before the loop
        "#]],
    );
}

#[test]
fn diagnostics_no_diff_store() {
    check_diagnostics(
        r#"
struct S : IDifferentiable { float a; no_diff float b; }
[Differentiable]
S f(float x) { S s; s.a = x; s.b = x; return s; }
"#,
        expect![[r#"
            Error E3102 4:34 `=`: derivative is lost during assignment to non-differentiable location, use 'detach()' to clarify intention. Write `detach(value)` on the right-hand side, or remove `no_diff` from the destination
        "#]],
    );
}

#[test]
fn diagnostics_fwd_diff_of_non_differentiable() {
    check_diagnostics(
        "float g(float x) { return x; }\nvoid main() { let d = fwd_diff(g); }\n",
        expect![[r#"
            Error E3106 2:23 `f`: 'fwd_diff' is not a member of 'g'. Mark `g` [ForwardDifferentiable] or [Differentiable], or give it a custom derivative
        "#]],
    );
}

#[test]
fn definition_of_derivative_of_target_in_other_file() {
    check_definition(
        r#"
//- /ws/main.slang
import lib;
[ForwardDerivativeOf(s$0q)]
DifferentialPair<float> sq_fwd(DifferentialPair<float> x) { return diffPair(x.p * x.p, 2.0 * x.p * x.d); }
//- /ws/lib.slang
float sq(float x) { return x * x; }
"#,
        expect![[r#"
            /ws/lib.slang 1:7 `sq` stdlib=false
        "#]],
    );
}

#[test]
fn definition_nothing_on_attribute_name() {
    check_definition(
        "[Differen$0tiable]\nfloat f(float x) { return x; }\n",
        expect![[r#""#]],
    );
}

#[test]
fn hover_differential_member_of_imported_struct() {
    check_hover(
        r#"
//- /ws/main.slang
import types;
void main() { Particle.Differ$0ential d; }
//- /ws/types.slang
struct Particle : IDifferentiable { float3 pos; float3 vel; no_diff uint id; }
"#,
        expect![[r#"
            [Differential]
            ```slang
            struct Particle_Differential : IDifferentiable
            {
                float3 pos;
                float3 vel;
                // dropped: uint id (`no_diff`)
            };
            ```
        "#]],
    );
}

#[test]
fn completion_works_after_formatting_edits() {
    // Formatting changes only whitespace: the same completions before and after.
    let src = "struct S{float a;float b;}\nvoid main(){S s;s.a=1.0;}\n";
    let formatted = crate::apply_edits(src, &crate::formatting::format(src));
    let labels = |text: &str| {
        let mut host = crate::AnalysisHost::new();
        host.set_file("/ws/main.slang", text);
        let offset = text.find("s.a").unwrap() as u32 + 2;
        let mut labels: Vec<String> = host
            .analysis()
            .completions("/ws/main.slang", offset)
            .unwrap()
            .into_iter()
            .map(|c| c.label)
            .collect();
        labels.sort();
        labels
    };
    assert_eq!(labels(src), labels(&formatted));
    expect![[r#"
        struct S {float a;float b;}
        void main() {S s;s.a = 1.0;}
    "#]]
    .assert_eq(&formatted);
}

#[test]
fn signature_help_for_method_call() {
    // Only the receiver's method: not the library's other `add`s (Atomic, CoopVec, ...).
    expect![[r#"
        * void add(float x, float w)
            params: ["float x", "float w"]
        active parameter: 1
    "#]].assert_eq(&signature_dump(
        "struct Acc { float v; [mutating] void add(float x, float w) { v += x * w; } }\nvoid main() { Acc a; a.add(1.0, $0 }\n",
    ));
}

#[test]
fn signature_help_for_method_lists_receiver_overloads_and_inherited() {
    expect![[r#"
        * float get(int i)
            params: ["int i"]
          float get(int i, int j)
            params: ["int i", "int j"]
        active parameter: 0
    "#]]
    .assert_eq(&signature_dump(
        "struct B { float base(float s) { return s; } }\nstruct G : B { float get(int i) { return 1.0; } float get(int i, int j) { return 2.0; } }\nvoid main() { G g; g.get($0 }\n",
    ));
    expect![[r#"
        * float base(float s)
            params: ["float s"]
        active parameter: 0
    "#]]
    .assert_eq(&signature_dump(
        "struct B { float base(float s) { return s; } }\nstruct G : B { float get(int i) { return 1.0; } }\nvoid main() { G g; g.base($0 }\n",
    ));
}

#[test]
fn signature_help_for_library_method() {
    expect![[r#"
        * T add(T value)
            params: ["T value"]
          T add(T value, MemoryOrder order)
            params: ["T value", "MemoryOrder order"]
        active parameter: 0
    "#]]
    .assert_eq(&signature_dump("void main() { Atomic<int> a; a.add($0 }\n"));
}

#[test]
fn code_actions_through_analysis_on_corpus_never_panic() {
    // Every 16th file, at every 40th offset: assists, prepare_rename and formatting answer.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/autodiff");
    let mut files = Vec::new();
    for dir in ["forward", "reverse"] {
        for e in std::fs::read_dir(root.join(dir))
            .into_iter()
            .flatten()
            .flatten()
        {
            if e.path().extension().is_some_and(|x| x == "slang") {
                files.push(e.path());
            }
        }
    }
    files.sort();
    let mut answered = 0;
    for path in files.iter().step_by(16) {
        let text = std::fs::read_to_string(path).unwrap();
        let mut host = crate::AnalysisHost::new();
        host.set_file("/t/a.slang", &text);
        let a = host.analysis();
        a.format("/t/a.slang", crate::FormatOptions::default())
            .unwrap();
        for offset in (0..text.len() as u32).step_by(40) {
            a.assists("/t/a.slang", crate::TextRange::new(offset, offset + 20))
                .unwrap();
            let _ = a.prepare_rename("/t/a.slang", offset).unwrap();
            answered += 1;
        }
    }
    assert!(answered > 50, "{answered}");
}

/// Editor latency on a 500-line file: after a one-character edit inside a function body, the
/// time to diagnostics, hover and completion (printed; `--nocapture` shows it). The bound is
/// loose (debug builds on a loaded machine); BENCHMARKS.md has the release numbers.
#[test]
fn latency_on_a_500_line_file() {
    let mut text = String::from("struct P : IDifferentiable { float3 pos; float w; }\n");
    let mut i = 0;
    while text.lines().count() < 500 {
        text.push_str(&format!(
            "[Differentiable]\nfloat f{i}(float x, P p)\n{{\n    let y = x * p.w + {i}.0;\n    return y * dot(p.pos, p.pos);\n}}\n"
        ));
        i += 1;
    }
    let path = "/ws/big.slang";
    let mut host = crate::AnalysisHost::new();
    host.set_file(path, &text);
    host.analysis().diagnostics(path).unwrap();
    let target = text.find("+ 3.0").unwrap();
    let mut timings = Vec::new();
    for round in 0..5 {
        let edited = format!(
            "{}{}{}",
            &text[..target],
            if round % 2 == 0 { "+ 4.0" } else { "+ 3.0" },
            &text[target + 5..]
        );
        host.set_file(path, &edited);
        let a = host.analysis();
        let t = std::time::Instant::now();
        let d = a.diagnostics(path).unwrap();
        let diag = t.elapsed();
        assert!(d.is_empty(), "{d:?}");
        let t = std::time::Instant::now();
        let h = a.hover(path, target as u32 - 4).unwrap();
        let hover = t.elapsed();
        assert!(h.is_some());
        let t = std::time::Instant::now();
        let c = a.completions(path, target as u32 - 2).unwrap();
        let completion = t.elapsed();
        assert!(!c.is_empty());
        timings.push((diag, hover, completion));
    }
    timings.sort();
    let (diag, hover, completion) = timings[timings.len() / 2];
    println!(
        "500 lines, {} functions: diagnostics {diag:?}, hover {hover:?}, completion {completion:?} (median of 5 edits)",
        i
    );
    assert!(diag.as_secs() < 5 && hover.as_secs() < 5 && completion.as_secs() < 5);
}

#[test]
fn hover_bwd_diff_shows_context_size() {
    check_hover(
        r#"
[Differentiable]
float f(float x, int n) { float y = x; [MaxIters(4)] for (int i = 0; i < n; i++) y = sin(y) * y; return y; }
void main() { var p = diffPair(1.0); bwd_d$0iff(f)(p, 3, 1.0); }
"#,
        expect![[r#"
            [bwd_diff]
            ```slang
            void bwd_diff(f)(inout DifferentialPair<float> x, int n, float dResult)
            ```

            - `inout DifferentialPair<float> x` — `float x` is differentiable: primal and derivative in, derivative out
            - `int n` — not differentiable (`int` does not conform to IDifferentiable): passed as is
            - `float dResult` — the derivative of `f`'s result, propagated back
            - returns nothing: the derivatives come back through the `inout` pairs
            - context: 21 bytes per thread (the primal values `bwd_diff` keeps for the backward pass)
        "#]],
    );
}

#[test]
fn inlay_context_size_after_bwd_diff() {
    expect![[r#"
        4:20 Type : DifferentialPair<float>
        4:49 ContextSize context: 21 B
        4:50 Parameter x:
        4:53 Parameter n:
    "#]].assert_eq(&hints_dump(
        r#"
[Differentiable]
float f(float x, int n) { float y = x; [MaxIters(4)] for (int i = 0; i < n; i++) y = sin(y) * y; return y; }
void main() { var p = diffPair(1.0); bwd_diff(f)(p, 3, 1.0); }
"#,
    ));
}

// ---------------------------------------------------------------------------------------------
// Lambdas: their parameters are locals of the enclosing function's body

#[test]
fn hover_lambda_parameter_and_captured_local() {
    check_hover(
        r#"
float apply<F : IFunc<float, float>>(F f, float x) { return f(x); }
float g(float k) { return apply((float alpha) => alp$0ha * k, 2.0); }
"#,
        expect![[r#"
            [alpha]
            ```slang
            float alpha
            ```

            local variable
        "#]],
    );
    check_hover(
        r#"
float g(float k) { let sq = (float v) => v * k; return s$0q(2.0); }
"#,
        expect![[r#"
            [sq]
            ```slang
            lambda(float) -> float sq
            ```

            local variable
        "#]],
    );
}

#[test]
fn complete_lambda_parameter_in_its_body() {
    check_completion(
        "float g(float kappa) { let f = (float alpha, int beta) => { return al$0 }; return 0.0; }\n",
        expect![[r#"
            Local alpha : float
            + 8 keywords and builtin types
        "#]],
    );
}
