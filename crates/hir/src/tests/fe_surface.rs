//! Front-end gaps of the core module and the surface language (session 11): declarations the
//! core module has (write-only and sampler-feedback textures, subpass inputs, dynamic resources,
//! differentiable function interfaces, GLSL built-in variables, `Atomic<T>` from a value, float
//! atomics on textures), constants of a generic type used as value arguments, GLSL storage
//! blocks written through `inout`, imports naming a file, `__specialized_for_target`, and
//! implicit dereference of handles and constant-buffer wrappers.

use expect_test::expect;

use super::check_diags;

#[test]
fn write_only_and_feedback_textures() {
    check_diags(
        r#"
WTexture2D<float4> target;
WTexture3D<float> volume;
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> feedback;
FeedbackTexture2DArray<SAMPLER_FEEDBACK_MIP_REGION_USED> feedbackArray;
Texture2D<float> tex;
Texture2DArray<float> texArray;
SamplerState samp;
DescriptorAccess accessOf<T : IOpaqueDescriptor>() { return T.descriptorAccess; }
void main(uint3 id : SV_DispatchThreadID)
{
    target.Store(id.xy, float4(1, 0, 0, 1));
    target[id.xy] = float4(0.5);
    volume[id] = 1.0;
    uint w, h, n;
    target.GetDimensions(w, h);
    feedback.GetDimensions(w, h);
    feedbackArray.GetDimensions(w, h, n);
    feedback.WriteSamplerFeedback(tex, samp, float2(0.5));
    feedback.WriteSamplerFeedbackLevel(tex, samp, float2(0.5), 2.0);
    feedbackArray.WriteSamplerFeedbackBias(texArray, samp, float3(0.5), 0.5, 1.0);
    bool write = accessOf<WTexture2DArray>() == DescriptorAccess.Write;
    bool fb = accessOf<FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> >() == DescriptorAccess.Feedback;
}
"#,
        expect![""],
    );
}

#[test]
fn subpass_inputs_and_dynamic_resources() {
    check_diags(
        r#"
SubpassInput subpass;
SubpassInputMS<float4> subpassMS;
__DynamicResource<__DynamicResourceKind.General> heap[];
__DynamicResource<__DynamicResourceKind.Sampler> samplers[];
float4 main() : SV_Target
{
    Texture2D t = heap[3].asOpaqueDescriptor<Texture2D>();
    SamplerState s = samplers[0].as<SamplerState>();
    return subpass.SubpassLoad() + subpassMS.SubpassLoad(1) + t.Sample(s, float2(0.5));
}
"#,
        expect![""],
    );
}

#[test]
fn differentiable_function_interfaces() {
    check_diags(
        r#"
struct AddOne : IDifferentiableFunc<float, float>
{
    [Differentiable]
    float operator()(float p) { return p + 1; }
}
float apply(IMutatingFunc<float, float> f, float p) { return f(p); }
[Differentiable]
float applyDiff(IDifferentiableFunc<float, float> f, float p) { return f(p); }
void main()
{
    float a = apply(AddOne(), 3.0);
    float d = fwd_diff(applyDiff)(AddOne(), diffPair(2.0, 1.0)).d;
}
"#,
        expect![""],
    );
}

#[test]
fn glsl_builtin_variables_in_glsl_mode() {
    check_diags(
        r#"#version 450
layout(local_size_x = 4) in;
buffer Block { uint data[]; } outputBuffer;
void computeMain()
{
    uvec3 id = gl_LocalInvocationID;
    outputBuffer.data[gl_LocalInvocationIndex] = id.x + gl_GlobalInvocationID.y + gl_WorkGroupID.z;
}
void vertexMain()
{
    gl_Position = vec4(float(gl_VertexIndex));
    gl_PointSize = 1.0;
}
"#,
        expect![""],
    );
}

#[test]
fn glsl_builtin_variables_only_in_glsl_mode() {
    check_diags(
        r#"
void main() { uint3 id = gl_LocalInvocationID; }
"#,
        expect![[r#"
            2:26 error[E2001] undefined identifier 'gl_LocalInvocationID'. Declare `gl_LocalInvocationID` before its use, or check the spelling
        "#]],
    );
}

#[test]
fn glsl_storage_block_members_are_writable() {
    check_diags(
        r#"#version 460
layout(std430, binding = 0) buffer Storage { uint counter; }
cbuffer Params { uint limit; }
void main()
{
    __atomic_add(counter, 1u, MemoryOrder::Relaxed);
    InterlockedAdd(counter, 1);
    InterlockedAdd(limit, 1);
}
"#,
        expect![[r#"
            8:20 error[E2009] argument passed to parameter '0' must be l-value. cannot pass this expression as an `out`/`inout` argument: `limit` is a uniform shader parameter and is read-only; declare it `static` for a mutable global
        "#]],
    );
}

#[test]
fn atomic_values_and_texture_float_atomics() {
    check_diags(
        r#"
struct Counter { Atomic<int> value; }
RWStructuredBuffer<Counter> counters;
RWTexture2D<float> accum;
[numthreads(1, 1, 1)]
void main()
{
    static groupshared Atomic<int> shared;
    shared = 0;
    Counter c = Counter(1);
    counters[0].value.increment();
    float old;
    accum.InterlockedAddF32(uint2(1, 0), 1.0, old);
    float before = accum.InterlockedAddF32(uint2(0, 0), 2.0);
}
"#,
        expect![""],
    );
}

#[test]
fn coop_elements_and_saturated_cooperation() {
    check_diags(
        r#"
uint8_t bits8<T : ICoopElement>(T v) { return bit_cast<uint8_t>(v); }
struct Unit {}
int cooperate(float x, Unit u) { return int(x) * 2; }
void main()
{
    uint8_t a = bits8(FloatE4M3(1.25f));
    uint8_t b = bits8(FloatE5M2(1.25f));
    Unit u;
    int x = saturated_cooperation<float, Unit, int>(cooperate, cooperate, 1.0, u);
}
"#,
        expect![""],
    );
}

#[test]
fn static_constants_of_a_generic_type_as_value_arguments() {
    check_diags(
        r#"
__generic<Scalar : __BuiltinFloatingPointType, int Mode>
struct Spectrum
{
    static const int Samples = Mode & 0xFF;
    typealias VecT = vector<Scalar, Samples>;
    VecT data;
    __init(vector<Scalar, Samples> v) { data = v; }
}
static const int Three = 3;
struct Fixed { vector<float, Three> v; }
void main()
{
    Spectrum<float, 0x103> s = Spectrum<float, 0x103>(float3(1.0));
    float3 d = s.data;
    float2 wrong = s.data;
    Fixed f;
    float3 v = f.v;
}
"#,
        expect![[r#"
            16:20 error[E2004] type mismatch in expression: expected an expression of type 'vector<float,2>', got 'vector<float,3>': cannot convert a value of type `float3` to `float2`
        "#]],
    );
}

#[test]
fn target_specialized_definitions_are_no_duplicates() {
    check_diags(
        r#"
__specialized_for_target(hlsl)
int a(int x) { return x; }
__specialized_for_target(glsl)
int a(int x) { return x + 1; }
int b(int x) { return x; }
int b(int x) { return x + 1; }
"#,
        expect![[r#"
            7:5 error[E2019] `b` is defined more than once in this scope: rename one of them
                related main.slang@125..126: first definition here
        "#]],
    );
}

#[test]
fn handles_and_constant_buffers_dereference_implicitly() {
    check_diags(
        r#"
struct Data { float4 v; }
uniform DescriptorHandle<ConstantBuffer<Data>> handle;
ConstantBuffer<float4x4> transform;
ParameterBlock<RWStructuredBuffer<int>> block;
uniform int* pointer;
void main()
{
    ConstantBuffer<Data> cb = *handle;
    float4 row = transform[1];
    float x = transform[0][2];
    block[0] = 1;
    int y = block[1];
    let p = ConstBufferPointer<int>(pointer);
    int z = p[0];
}
"#,
        expect![""],
    );
}

#[test]
fn recursion_is_no_front_end_error() {
    check_diags(
        r#"
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
bool isOdd(int n);
bool isEven(int n) { return n == 0 ? true : isOdd(n - 1); }
bool isOdd(int n) { return n == 0 ? false : isEven(n - 1); }
"#,
        expect![""],
    );
}

#[test]
fn vector_initialiser_lists_flatten_vector_values() {
    check_diags(
        r#"
float encode3(float3 v) { return v.x * 100.0 + v.y * 10.0 + v.z; }
float encode2(float2 v) { return v.x * 10.0 + v.y; }
void main()
{
    float2 a = float2(1.0, 2.0);
    float b = 3.0;
    float3 c = {a, b};
    float r = encode3({a, b}) + encode2({a});
    float4 d = {a, a};
    float3 e = {a, a};
}
"#,
        expect![[r#"
            11:16 error[E2022] too many initialisers: `float3` has 3 components but 4 values were given
        "#]],
    );
}

#[test]
fn qualified_names_are_not_hidden_by_members() {
    check_diags(
        r#"
namespace example { struct Example { int v; } }
struct Holder
{
    example::Example example;
    int get() { return example.v; }
}
void main() { Holder h; int v = h.get(); }
"#,
        expect![""],
    );
}
