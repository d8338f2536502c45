//! Graphics-stage, ray-tracing and bindless operations type-check (stdlib) but have no compute
//! form: lowering refuses each with E4103, naming the operation and what to do instead.

mod common;

use expect_test::{Expect, expect};

fn check_error(src: &str, expected: Expect) {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    match lower::lower_program(&db, file, None) {
        Ok(module) => panic!("expected an error, got:\n{}", ir::print_module(&module)),
        Err(diags) => {
            let text = common::located(src, &diags);
            expected.assert_eq(&text);
        }
    }
}

#[test]
fn ray_tracing_system_value_is_refused() {
    check_error(
        r#"
RWStructuredBuffer<uint> output;
[numthreads(1, 1, 1)]
void computeMain() { output[0] = DispatchRaysIndex().x; }
"#,
        expect![
            "E4103 `DispatchRaysIndex()`: `DispatchRaysIndex` is a ray-tracing operation, which needs a ray-tracing pipeline stage; dslang's targets (WGSL and SPIR-V compute shaders) have no such stage: trace rays in your own compute code (for example a BVH walk over a buffer)"
        ],
    );
}

#[test]
fn acceleration_structure_parameter_is_refused() {
    check_error(
        r#"
uniform RaytracingAccelerationStructure scene;
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain()
{
    RayDesc ray = { float3(0.0), 0.0, float3(0.0, 0.0, 1.0), 10.0 };
    RayQuery<RAY_FLAG_NONE> q;
    q.TraceRayInline(scene, RAY_FLAG_NONE, 0xff, ray);
    q.Proceed();
    output[0] = q.CommittedRayT();
}
"#,
        expect![
            "E4103 `scene`: `RaytracingAccelerationStructure` is a ray-tracing operation, which needs a ray-tracing pipeline stage; dslang's targets (WGSL and SPIR-V compute shaders) have no such stage: trace rays in your own compute code (for example a BVH walk over a buffer)"
        ],
    );
}

#[test]
fn fragment_derivative_is_refused() {
    check_error(
        r#"
RWStructuredBuffer<float> output;
[numthreads(1, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID) { output[0] = ddx(float(id.x)); }
"#,
        expect![
            "E4103 `ddx(float(id.x))`: `ddx` is a fragment-stage operation (screen-space derivatives, rasterizer state); dslang's targets (WGSL and SPIR-V compute shaders) have no such stage: pass explicit gradients or levels instead (`SampleGrad`, `SampleLevel`)"
        ],
    );
}

#[test]
fn descriptor_handle_without_a_heap_entry_is_refused() {
    // A handle is data; reading through one needs a handle-typed shader parameter of its
    // resource type (WGSL's stand-in for the descriptor heap): here there is none.
    check_error(
        r#"
StructuredBuffer<DescriptorHandle<RWStructuredBuffer<float>>> handles;
[numthreads(1, 1, 1)]
void computeMain() { handles[0][0] = 1.0; }
"#,
        expect![
            "E4103 `handles[0][0] = 1.0`: reading through a `DescriptorHandle<RWStructuredBuffer<float>>` needs a descriptor heap, which WGSL lacks: on this target a handle names one of the program's shader parameters of handle type (`uniform DescriptorHandle<RWStructuredBuffer<float>> h;`), and none of this resource type is declared"
        ],
    );
}

#[test]
fn texture_grad_offset_overload_is_refused_not_miscompiled() {
    // `SampleLevel`/`Gather` offsets are applied to the coordinate (tests/compute/
    // texture_sample_offset.slang); a gradient's offset is not.
    check_error(
        r#"
Texture2D<float4> tex;
SamplerState s;
RWStructuredBuffer<float4> output;
[numthreads(1, 1, 1)]
void computeMain() { output[0] = tex.SampleGrad(s, float2(0.5), float2(0.1), float2(0.1), int2(1, 0)); }
"#,
        expect![
            "E4001 `tex.SampleGrad(s, float2(0.5), float2(0.1), float2(0.1), int2(1, 0))`: cannot lower the texture method `texture_sample_grad_offset` yet"
        ],
    );
}

#[test]
fn entry_point_out_parameter_is_refused() {
    check_error(
        r#"
struct VsOut { float4 position : SV_Position; };
[numthreads(1, 1, 1)]
void computeMain(out VsOut o) { o.position = float4(1.0); }
"#,
        expect![
            "E4103 `out VsOut o`: the entry-point parameter `o` is an `out` or `inout` stage output (a varying of a graphics stage); dslang's targets (WGSL and SPIR-V compute shaders) have no such stage: write results to a RWStructuredBuffer instead"
        ],
    );
}
