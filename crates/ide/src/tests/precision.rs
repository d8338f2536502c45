//! Precision where users look: hover shows the documentation comment above a declaration (`///`
//! lines or a `/** */` block, attributes between them and the item allowed, user and library
//! declarations); go-to-definition on imports and generic constraints; diagnostics of a call
//! underline the whole call.

use expect_test::expect;

use super::{check_definition, check_diagnostics, check_hover};

#[test]
fn hover_shows_line_doc_comments_of_a_function() {
    check_hover(
        r#"
/// Schlick's approximation of the Fresnel term.
/// `cosTheta` is the cosine of the incident angle.
[Differentiable]
float fresnel(float f0, float cosTheta) { return f0 + (1.0 - f0) * pow(1.0 - cosTheta, 5.0); }
float g(float c) { return fres$0nel(0.04, c); }
"#,
        expect![[r#"
            [fresnel]
            ```slang
            [Differentiable]
            float fresnel(float f0, float cosTheta)
            ```

            ---

            Schlick's approximation of the Fresnel term.
            `cosTheta` is the cosine of the incident angle.
        "#]],
    );
}

#[test]
fn hover_shows_block_doc_comments_of_a_struct_and_field_docs() {
    check_hover(
        r#"
/**
 * A ray: origin and direction.
 */
struct Ray
{
    float3 origin;
    /// Unit length.
    float3 dir;
}
float f(Ray r) { return r.di$0r.x; }
"#,
        expect![[r#"
            [dir]
            ```slang
            float3 dir
            ```

            field of `Ray`

            ---

            Unit length.
        "#]],
    );
    check_hover(
        r#"
/**
 * A ray: origin and direction.
 */
struct Ray { float3 origin; }
float f(R$0ay r) { return r.origin.x; }
"#,
        expect![[r#"
            [Ray]
            ```slang
            struct Ray
            {
                float3 origin;
            }
            ```

            ---

            A ray: origin and direction.
        "#]],
    );
}

#[test]
fn plain_comments_are_not_documentation() {
    check_hover(
        r#"
// Not a doc comment.
//// Nor this.
float sq(float x) { return x * x; }
float g(float c) { return s$0q(c); }
"#,
        expect![[r#"
            [sq]
            ```slang
            float sq(float x)
            ```
        "#]],
    );
}

#[test]
fn hover_shows_library_documentation() {
    check_hover(
        r#"
import rendering;
void f() { uint w, h; outputTex$0ture.GetDimensions(w, h); }
"#,
        expect![[r#"
            [outputTexture]
            ```slang
            RWTexture2D<float4> outputTexture
            ```

            ---

            The image a Playground program draws into: the size of the preview's screen.
        "#]],
    );
}

#[test]
fn definition_of_an_import_is_the_module_file() {
    check_definition(
        r#"
//- /ws/materials.slang
public struct Lambert { float albedo; }
//- /ws/main.slang
import mater$0ials;
float f(Lambert l) { return l.albedo; }
"#,
        expect![[r#"
            /ws/materials.slang 1:1 `` stdlib=false
        "#]],
    );
}

#[test]
fn definition_of_a_generic_constraint_is_the_interface() {
    check_definition(
        r#"
interface IBRDF { float eval(float x); }
float shade<B : IB$0RDF>(B b, float x) { return b.eval(x); }
"#,
        expect![[r#"
            /ws/main.slang 2:11 `IBRDF` stdlib=false
        "#]],
    );
}

#[test]
fn call_diagnostics_cover_the_whole_call() {
    check_diagnostics(
        r#"
float f(float x) { return x; }
float g() { return f(1.0, /* ) */ 2.0); }
float h() { return f(float3(1.0, (2.0), 3.0)); }
float k(float3 v) { return max<float>(v); }
"#,
        expect![[r#"
            Error E2007 3:20 `f(1.0, /* ) */ 2.0)`: too many arguments to call (got 2, expected 1): `f` takes 1 argument(s) but 2 were given
              related /ws/main.slang 7..8: declared here: float f(float x)
            Error E2004 4:22 `float3(1.0, (2.0), 3.0)`: type mismatch in expression: expected an expression of type 'float', got 'vector<float,3>': argument 1 of `f` has type `float3`, which does not convert to `float`
              related /ws/main.slang 7..8: declared here: float f(float x)
            Error E2005 5:28 `max<float>(v)`: no overload of `max` takes arguments (float3)
              related stdlib/core.slang 6244..6247: candidate: T max<T>(T x, T y)
              related stdlib/core.slang 6568..6571: candidate: T max<T>(T x, T y)
              related stdlib/coopvec.slang 11546..11549: candidate: CoopVec<T, N> max<T, N>(CoopVec<T, N> x, CoopVec<T, N> y)
        "#]],
    );
}

#[test]
fn hover_of_a_pair_type_fills_in_its_argument() {
    check_hover(
        r#"
struct Ray : IDifferentiable { float3 o; float t; }
[Differentiable] float len(Ray r) { return r.t; }
void f(Ray r)
{
    DifferentialPa$0ir<Ray> p = diffPair(r);
    bwd_diff(len)(p, 1.0);
}
"#,
        expect![[r#"
            [DifferentialPair]
            ```slang
            struct DifferentialPair<Ray>
            {
                property Ray p;
                property Ray d;
                property Ray v;
            }

            // declared in `DifferentialPair`
            typealias Differential = DifferentialPair<T.Differential>;
            ```
        "#]],
    );
    check_hover(
        r#"
struct Ray : IDifferentiable { float3 o; float t; }
[Differentiable] float len(Ray r) { return r.t; }
void f(Ray r)
{
    var p = diffPair(r);
    bwd_diff(len)(p$0, 1.0);
}
"#,
        expect![[r#"
            [p]
            ```slang
            DifferentialPair<Ray> p
            ```

            local variable
        "#]],
    );
}
