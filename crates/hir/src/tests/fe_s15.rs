//! Front-end gaps of session 15: cooperative vectors, user prefix operators, GLSL's operators,
//! `out` globals, texel buffers, the layout argument of structured buffers, enum tag types,
//! default members of generic interfaces, host kernel dispatch.

use expect_test::expect;

use super::{check_diags, check_lets};

#[test]
fn coopvec_construction_arithmetic_and_math() {
    check_lets(
        r#"
void f(RWStructuredBuffer<float> buf, ByteAddressBuffer m)
{
    let a = CoopVec<float, 4>(1.0, 2.0, 3.0, 4.0);
    let b = CoopVec<float, 4>(2.0);
    let c = -(a + b) * a / b - a;
    let s = 2.0 * c;
    let e = exp(c) + sin(c) + min(a, b) + fma(a, b, c);
    let x = e[2];
    let eq = a == b;
    var z = CoopVec<float, 4>();
    z[1] = x;
    z.store(buf, 16);
    let l = CoopVec<float, 4>.load(buf, 0);
    let i = CoopVec<int, 3>(1, 2, 3);
    let y = coopVecMatMul<float, 2, 4, float>(a, CoopVecComponentType.Float32, m, 0,
        CoopVecComponentType.Float32, CoopVecMatrixLayout.RowMajor, false, 16);
    let n = a.getCount();
}
"#,
        expect![[r#"
            a: CoopVec<float, 4>
            b: CoopVec<float, 4>
            c: CoopVec<float, 4>
            s: CoopVec<float, 4>
            e: CoopVec<float, 4>
            x: float
            eq: bool
            l: CoopVec<float, 4>
            i: CoopVec<int, 3>
            y: CoopVec<float, 2>
            n: int
        "#]],
    );
}

#[test]
fn coopvec_is_differentiable_for_floats() {
    check_diags(
        r#"
[Differentiable]
CoopVec<float, 4> f(CoopVec<float, 4> x, float v)
{
    CoopVec<float, 4> r = { v, v, v, v };
    r[0] = x[1];
    return tanh(x) * r + CoopVec<float, 4>(v, 1.0, 2.0, 3.0);
}
void g()
{
    var dx = diffPair(CoopVec<float, 4>(1.0));
    var dv = diffPair(2.0);
    bwd_diff(f)(dx, dv, CoopVec<float, 4>(1.0));
    let p = fwd_diff(f)(diffPair(CoopVec<float, 4>(1.0), CoopVec<float, 4>(0.0)), diffPair(1.0, 0.0));
}
"#,
        expect![""],
    );
}

#[test]
fn prefix_operator_on_a_struct() {
    check_lets(
        r#"
struct V { float a; }
V operator-(V v) { V r; r.a = -v.a; return r; }
bool operator!(V v) { return v.a == 0.0; }
void f(V v)
{
    let n = -v;
    let z = !v;
}
"#,
        expect![[r#"
            n: V
            z: bool
        "#]],
    );
}

#[test]
fn glsl_vector_equality_and_matrix_product() {
    check_lets(
        r#"
import glsl;
void f(float4 a, float4 b, float2x3 m, float4x2 k)
{
    let eq = a == b;
    let ne = a != b;
    let p = m * k;
    let lt = a < b;
}
"#,
        expect![[r#"
            eq: bool
            ne: bool
            p: float4x3
            lt: bool4
        "#]],
    );
    // Without the glsl module, the builtin component-wise operators.
    check_lets(
        r#"
void f(float4 a, float4 b)
{
    let eq = a == b;
}
"#,
        expect![[r#"
            eq: bool4
        "#]],
    );
}

#[test]
fn glsl_out_variables_are_writable() {
    check_diags(
        r#"
#version 450
layout(location = 0) flat out highp ivec4 result;
out vec4 color;
in vec4 position;
void main()
{
    result = ivec4(1);
    color = vec4(0.0);
    position = vec4(1.0);
}
"#,
        expect![[r#"
            10:14 error[E2009] left of '=' is not an l-value. cannot assign to this expression: `position` is a uniform shader parameter and is read-only; declare it `static` for a mutable global
        "#]],
    );
}

#[test]
fn glsl_texel_buffers() {
    check_lets(
        r#"
#version 450
uniform samplerBuffer sb;
uniform isamplerBuffer isb;
layout(rgba32f) uniform imageBuffer ib;
void main()
{
    let t = texelFetch(sb, 3);
    let it = texelFetch(isb, 3);
    let n = textureSize(sb);
    let v = imageLoad(ib, 1);
    imageStore(ib, 2, v);
}
"#,
        expect![[r#"
            t: float4
            it: int4
            n: int
            v: float4
        "#]],
    );
}

#[test]
fn structured_buffer_layout_argument() {
    check_lets(
        r#"
struct S { float3 a; float b; }
StructuredBuffer<S, ScalarDataLayout> sb;
RWStructuredBuffer<float, Std430DataLayout> rb;
void f()
{
    let s = sb[0];
    rb[0] = s.b;
}
"#,
        expect![[r#"
            s: S
        "#]],
    );
}

#[test]
fn enum_tag_types_and_conversions() {
    check_diags(
        r#"
interface IValue { uint getValue(); }
extension int : IValue { uint getValue() { return asuint(this); } }
__generic<T : __EnumType>
extension T : IValue
    where T.__Tag : IValue
{
    uint getValue() { return __slang_noop_cast<T.__Tag>(this).getValue(); }
}
enum class E : int { A = 42 }
enum B : bool { Yes = true, No }
uint consume(IValue v) { return v.getValue(); }
void f()
{
    uint x = consume(E.A);
    bool b = B.Yes;
    static_assert(B.Yes, "tag true");
}
"#,
        expect![""],
    );
}

#[test]
fn default_members_of_generic_interfaces_are_substituted() {
    check_lets(
        r#"
interface ITensor<T, let D : int>
{
    T load(int i);
    T twice(int i) { return load(i); }
    __subscript(int i) -> T { get { return load(i); } }
}
struct Tensor<T, let N : int> : ITensor<T, N>
{
    T value;
    T load(int i) { return value; }
}
void f(Tensor<float, 2> t)
{
    let a = t.twice(0);
    let b = t[1];
}
"#,
        expect![[r#"
            D: <none>
            N: <none>
            a: float
            b: float
        "#]],
    );
}

#[test]
fn dispatch_kernel_from_host_code() {
    check_diags(
        r#"
[CudaKernel]
void kernel(TensorView<float> input, TensorView<float> output)
{
    output.store(cudaThreadIdx().x, input.load(cudaThreadIdx().x));
}
[TorchEntryPoint]
export __extern_cpp TorchTensor<float> run(TorchTensor<float> input)
{
    var output = TorchTensor<float>.alloc(1);
    __dispatch_kernel(kernel, uint3(1, 1, 1), uint3(32, 1, 1))(input, output);
    return output;
}
"#,
        expect![""],
    );
}

#[test]
fn builtin_type_casts_of_dereferences() {
    check_lets(
        r#"
groupshared uint16_t m;
void f()
{
    Ptr<uint8_t, Access::ReadWrite, AddressSpace::GroupShared> p = (Ptr<uint8_t, Access::ReadWrite, AddressSpace::GroupShared>)__getAddress(m);
    let a = (uint)*p;
    let b = (uint)*p * 2;
}
"#,
        expect![[r#"
            a: uint
            b: uint
        "#]],
    );
}

#[test]
fn combined_sampler_load_status_forms() {
    check_lets(
        r#"
void f(Sampler2D<float4> s, Sampler2DMS<float4> ms)
{
    uint status;
    let a = s.Load(int3(1, 1, 0), int2(0, 0), status);
    let b = ms.Load(int2(1, 1), 0, int2(0, 0), status);
    let c = ms.Load(int2(1, 1), 0, int2(0, 0));
}
"#,
        expect![[r#"
            a: float4
            b: float4
            c: float4
        "#]],
    );
}
