//! The graphics, resource and ray-tracing surface of the stdlib (resources.slang,
//! textures.slang, descriptors.slang, graphics.slang, raytracing.slang): programs that use it
//! type-check as slangc's front end accepts them.

use expect_test::expect;

use super::{check_diags, check_type};

#[test]
fn texture_array_sample_and_comparison() {
    check_diags(
        r#"
Texture1DArray<float4> layers;
TextureCubeArray cubes;
Texture2DArray<float4> shadowMaps;
SamplerState linearSampler;
SamplerComparisonState shadowSampler;
RWStructuredBuffer<float> result;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float4 a = layers.SampleLevel(linearSampler, float2(0.5, 1.0), 0.0);
    float4 b = cubes.SampleLevel(linearSampler, float4(0.0, 0.0, 1.0, 2.0), 0.0);
    float lit = shadowMaps.SampleCmpLevelZero(shadowSampler, float3(0.5, 0.5, 0.0), 0.25);
    float4 g = shadowMaps.GatherRed(linearSampler, float3(0.5, 0.5, 1.0), int2(1, 0));
    uint w, h, n;
    layers.GetDimensions(w, n);
    result[0] = a.x + b.y + lit + g.z + float(w + n);
}
"#,
        expect![[""]],
    );
}

#[test]
fn combined_samplers_and_typed_buffers() {
    check_diags(
        r#"
Sampler2D<float4> albedo;
Sampler2DShadow shadow;
Buffer<float4> colors;
RWBuffer<uint> counts;

float4 shade(float2 uv)
{
    counts[0] = counts[1] + 1;
    return albedo.SampleLevel(uv, 0.0) * shadow.SampleCmpLevelZero(uv, 0.5) + colors[0];
}
"#,
        expect![[""]],
    );
}

#[test]
fn ray_query_loop() {
    check_diags(
        r#"
uniform RaytracingAccelerationStructure scene;

float closestHit<let FLAGS : uint>(RayDesc ray)
{
    RayQuery<FLAGS> q;
    q.TraceRayInline(scene, RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xff, ray);
    while (q.Proceed())
    {
        switch (q.CandidateType())
        {
        case CANDIDATE_NON_OPAQUE_TRIANGLE:
            q.CommitNonOpaqueTriangleHit();
            break;
        case CANDIDATE_PROCEDURAL_PRIMITIVE:
            q.CommitProceduralPrimitiveHit(q.RayTMin());
            break;
        }
    }
    if (q.CommittedStatus() == COMMITTED_TRIANGLE_HIT)
        return q.CommittedRayT() + q.CommittedObjectToWorld3x4()._11;
    return -1.0;
}

float trace(float3 origin)
{
    RayDesc ray;
    ray.Origin = origin;
    ray.Direction = float3(0.0, 0.0, 1.0);
    ray.TMin = 0.001;
    ray.TMax = 1e4;
    return closestHit<RAY_FLAG_FORCE_OPAQUE>(ray);
}
"#,
        expect![[""]],
    );
}

#[test]
fn pipeline_ray_tracing_and_hit_objects() {
    check_diags(
        r#"
struct Payload { float3 color; };
uniform RaytracingAccelerationStructure scene;

void raygen()
{
    uint2 pixel = DispatchRaysIndex().xy;
    RayDesc ray = { float3(pixel, 0.0), 0.0, float3(0.0, 0.0, 1.0), 100.0 };
    Payload p = { float3(0.0) };
    TraceRay(scene, RAY_FLAG_NONE, 0xff, 0, 1, 0, ray, p);
    HitObject hit = HitObject::TraceRay(scene, RAY_FLAG_NONE, 0xff, 0, 1, 0, ray, p);
    ReorderThread(hit);
    HitObject::Invoke(hit, p);
    HitObject none = HitObject::MakeNop();
    bool miss = none.IsMiss();
}

void anyhit(inout Payload p, BuiltInTriangleIntersectionAttributes attr)
{
    if (HitKind() == HIT_KIND_TRIANGLE_BACK_FACE)
        IgnoreHit();
    p.color = WorldRayOrigin() + WorldRayDirection() * RayTCurrent() + float3(attr.barycentrics, 0.0);
}
"#,
        expect![[""]],
    );
}

#[test]
fn descriptor_handles() {
    check_diags(
        r#"
uniform StructuredBuffer<DescriptorHandle<Texture2D>> textures;
uniform DescriptorHandle<RWStructuredBuffer<float4>> output;
uniform SamplerState.Handle samplerHandle;

T fetch<T : IOpaqueDescriptor>(DescriptorHandle<T> h)
{
    if (T.kind == DescriptorKind.Sampler)
        return defaultGetDescriptorFromHandle(h, BindlessDescriptorOptions.None);
    return defaultGetDescriptorFromHandle(h);
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Texture2D t = textures[id.x];
    SamplerState s = samplerHandle;
    uint2 words = (uint2)textures[0];
    Texture2D fromHeap = ResourceDescriptorHeap[id.y];
    output[0] = t.SampleLevel(s, float2(0.5), 0.0) + textures[1].SampleLevel(fetch(samplerHandle), float2(0.0), 0.0);
}
"#,
        expect![[""]],
    );
}

#[test]
fn nested_handle_type_of_a_builtin_generic() {
    // `Texture2D.Handle` / `Texture2D::Handle`: the typealias of `Texture2D<float4>`.
    check_type(
        r#"
Texture2D.Handle a;
void f() { Texture2D::Handle b = a; let c$0 = b; }
"#,
        expect!["DescriptorHandle<Texture2D<float4>>"],
    );
    check_type(
        r#"
void f(RWStructuredBuffer<float>.Handle h) { let v$0 = h[0]; }
"#,
        expect!["float"],
    );
}

#[test]
fn graphics_stage_intrinsics() {
    check_diags(
        r#"
float4 shade(float2 uv, float4 color)
{
    float2 g = ddx(uv) + ddy_fine(uv) + fwidth(uv);
    clip(color.a - 0.5);
    if (IsHelperLane())
        return float4(0.0);
    return color * EvaluateAttributeAtSample(g.x, 0);
}

struct V { float4 pos : SV_Position; };
[outputtopology("triangle")]
[numthreads(1, 1, 1)]
void meshMain(OutputVertices<V, 3> verts, OutputIndices<uint3, 1> tris)
{
    SetMeshOutputCounts(3, 1);
    tris[0] = uint3(0, 1, 2);
}

[maxvertexcount(3)]
void geomMain(inout TriangleStream<V> stream)
{
    V v;
    v.pos = float4(0.0);
    stream.Append(v);
    stream.RestartStrip();
}
"#,
        expect![[""]],
    );
}
