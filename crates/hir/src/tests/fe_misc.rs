//! Front-end gaps of session 12 outside generics: user declarations hide the core module's of the
//! same name, the operators of `Atomic<T>`, `__return_val`, imports of a module's included files,
//! swizzles of vectors of struct-declared scalars, GLSL texture functions, `throw` without `;`.

use expect_test::expect;

use super::{check_diags, check_diags_files, check_lets};

#[test]
fn user_declarations_hide_core_module_names() {
    // A global named like a core function is the global; a user function named like one
    // replaces the core module's overloads (Slang's scoping: the core module is the outer scope).
    check_diags(
        r#"
uniform float step;
static float time = 1.0;
float lerp(float a, float b) { return a + b; }
struct smoothstep { float x; }
float use()
{
    smoothstep s = { 1.0 };
    float x = step * 2.0 + time + s.x;
    return x + lerp(1.0, 2.0) + saturate(x);
}
"#,
        expect![[""]],
    );
    // The user's function hides the core module's `lerp(a, b, t)`.
    check_diags(
        r#"
float lerp(float a, float b) { return a + b; }
float use() { return lerp(1.0, 2.0, 0.5); }
"#,
        expect![[r#"
            3:26 error[E2007] too many arguments to call (got 3, expected 2): `lerp` takes 2 argument(s) but 3 were given
                related main.slang@7..11: declared here: float lerp(float a, float b)
        "#]],
    );
    // Inside a namespace the enclosing scopes still come first, and operators stay builtin.
    check_diags(
        r#"
static int max = 3;
struct V { int a; }
V operator+(V x, V y) { V r; r.a = x.a + y.a; return r; }
namespace n { int f() { return max + 1 + 2; } }
"#,
        expect![[""]],
    );
}

#[test]
fn atomic_operators() {
    check_lets(
        r#"
RWStructuredBuffer<Atomic<uint>> buf;
groupshared Atomic<int> shared;
void f()
{
    let a = (buf[0] += 1);
    let b = (buf[0] -= 1u);
    let c = (buf[0] |= 3);
    let d = buf[0]++;
    let e = --shared;
    let g = (shared ^= 2);
}
"#,
        expect![[r#"
            a: uint
            b: uint
            c: uint
            d: uint
            e: int
            g: int
        "#]],
    );
    // Floats add and subtract atomically but have no bitwise operators or steps.
    check_diags(
        r#"
RWStructuredBuffer<Atomic<float>> fbuf;
void f()
{
    float x = (fbuf[0] += 1.0);
    fbuf[0] |= 1;
}
"#,
        expect![[r#"
            6:13 error[E2005] operator `|` cannot be applied to `Atomic<float>` and `int`
        "#]],
    );
}

#[test]
fn return_value_slot() {
    check_diags(
        r#"
struct MyType { float x; __init() { x = 1.0; } }
MyType make(float y)
{
    __return_val = MyType();
    __return_val.x += y;
}
float use() { return make(2.0).x; }
void nothing() { int __return_val_unrelated = 1; }
"#,
        expect![[""]],
    );
}

#[test]
fn imports_of_included_files_belong_to_the_module() {
    check_diags_files(
        &[
            (
                "a.slang",
                "module a;\n__include b;\nint use() { return k() + ns1.ns2.f(); }\n",
            ),
            (
                "b.slang",
                "implementing a;\nimport m;\nint k() { return ns1.ns2.f(); }\n",
            ),
            (
                "m.slang",
                "module m;\nnamespace ns1 { namespace ns2 { public int f() { return 1; } } }\n",
            ),
        ],
        expect![[""]],
    );
}

#[test]
fn swizzles_of_vectors_of_struct_scalars() {
    check_lets(
        r#"
void f()
{
    vector<BFloat16, 2> v = vector<BFloat16, 2>(BFloat16(1.0f), BFloat16(2.0f));
    let x = v.x;
    let yx = v.yx;
}
"#,
        expect![[r#"
            x: BFloat16
            yx: vector<BFloat16, 2>
        "#]],
    );
}

#[test]
fn glsl_texture_functions() {
    check_diags(
        r#"#version 450
layout(set = 1, binding = 0) uniform highp isampler1D texSampler[8];
uniform sampler2D tex;
uniform sampler2DRect rect;
uniform sampler2DRectShadow rectShadow;
void main()
{
    ivec4 a = textureLod(texSampler[3], 0.5, 0.0);
    vec4 b = texture(tex, vec2(0.5)) + textureLod(tex, vec2(0.5), 1.0)
        + textureGrad(tex, vec2(0.5), vec2(0.1), vec2(0.1)) + texelFetch(tex, ivec2(1, 2), 0)
        + textureLodOffset(tex, vec2(0.5), 0.0, ivec2(1)) + texture(rect, vec2(0.5));
    ivec2 size = textureSize(tex, 0);
}
"#,
        expect![[""]],
    );
}

#[test]
fn throw_ends_with_its_semicolon() {
    // Slang's issue 12326: a `throw` needs its `;`, and `if (c) throw E; else ...` is one `if`.
    check_diags(
        r#"
enum E : uint { Bad = 1 }
uint f(int n) throws E
{
    if (n < 0)
        throw E.Bad
    return uint(n);
}
uint g(int n) throws E
{
    if (n < 0)
        throw E.Bad;
    else
        return uint(n);
}
"#,
        expect![[r#"
            7:5 error[E1001] unexpected identifier, expected ';' after the throw statement
        "#]],
    );
}

#[test]
fn partial_resident_comparison_sampling() {
    check_diags(
        r#"
Texture2D<float> depth;
Texture2D<float4> color;
SamplerState linear;
SamplerComparisonState cmp;
float f(float2 uv)
{
    uint status;
    float a = depth.SampleCmp(cmp, uv, 0.5, int2(0), 1.0, status);
    float b = depth.SampleCmpLevelZero(cmp, uv, 0.5, int2(0), status);
    float4 c = color.Sample(linear, uv, int2(0), 1.0, status);
    return a + b + c.x + float(CheckAccessFullyMapped(status));
}
"#,
        expect![[""]],
    );
}

#[test]
fn module_level_generic_parameters() {
    // `type_param T : I;` stands for a type conforming to `I`; `__generic_value_param` for a
    // value with a default.
    check_diags(
        r#"
interface IColor { float4 getColor(); }
type_param TColor : IColor;
__generic_value_param kOffset : uint = 2;
struct Vertex { float3 position; TColor color; }
float4 shade(Vertex v) { return v.color.getColor() * float(kOffset); }
"#,
        expect![[""]],
    );
}

#[test]
fn texel_element_interface() {
    check_diags(
        r#"
bool allOnes<T>(Texture2D<T> t, SamplerState s) where T : ITexelElement, IArithmetic
{
    return all(T(1) == t.SampleLevel(s, float2(0.5), 0.0));
}
Texture2D<float4> color;
SamplerState linear;
bool use() { return allOnes(color, linear); }
"#,
        expect![[""]],
    );
}
