//! The preview engine on the GPU (lavapipe here): playground attributes, frames, image metadata,
//! diagnostics and limits in the protocol's shape, and the gradient check.

use std::path::{Path, PathBuf};

use driver::Options;
use driver::preview::{
    BufferView, GradientCheckResult, PreviewResult, gradient_check_on, run_preview_on, to_json,
};
use expect_test::expect;

mod common;
use common::gpu;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(text: &str, frames: u32) -> Option<PreviewResult> {
    let gpu = gpu()?;
    let path = repo_root().join("examples/preview_test_input.slang");
    Some(run_preview_on(
        gpu,
        &path,
        text,
        &Options::default(),
        frames,
    ))
}

fn buffer<'a>(result: &'a PreviewResult, name: &str) -> &'a BufferView {
    result
        .buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer `{name}` in {result:#?}"))
}

/// Kernels and buffer shapes, without timings and values.
fn outline(result: &PreviewResult) -> String {
    let mut out = format!("ok={} frames={}\n", result.ok, result.frames);
    for k in &result.kernels {
        out += &format!(
            "kernel {} dispatch={:?} calls={}\n",
            k.entry_point, k.dispatch, k.calls
        );
    }
    for b in &result.buffers {
        out += &format!(
            "buffer {}: {} {}x{} count={} image={:?}\n",
            b.name, b.ty, b.scalar, b.components, b.count, b.image
        );
    }
    for line in &result.printed {
        out += &format!("printed {line}\n");
    }
    for d in &result.diagnostics {
        out += &format!(
            "{} {} {}:{}-{}:{} {}\n",
            d.severity, d.code, d.line, d.column, d.end_line, d.end_column, d.message
        );
    }
    if let Some(error) = &result.error {
        out += &format!("error: {error}\n");
    }
    out
}

const PLAYGROUND: &str = r#"import playground;

[playground::ZEROS(64)]
RWStructuredBuffer<float> counter;
[playground::RAND(8)]
RWStructuredBuffer<float> noise;
[playground::TIME]
uniform float time;
[playground::FRAME_ID]
uniform float frame;
[playground::SLIDER(0.25, 0.0, 1.0)]
uniform float brightness;
[playground::BLACK(16, 8)]
RWStructuredBuffer<float4> picture;
[playground::ZEROS(128)]
RWStructuredBuffer<float> signedPlane;

[shader("compute")]
[numthreads(4, 1, 1)]
[playground::CALL(8, 1, 1)]
[playground::CALL::ONCE]
void setup(uint3 tid : SV_DispatchThreadID)
{
    counter[tid.x] = 100.0;
}

[shader("compute")]
[numthreads(8, 1, 1)]
[playground::CALL(64, 1, 1)]
void count(uint3 tid : SV_DispatchThreadID)
{
    counter[tid.x] = counter[tid.x] + 1.0;
    if (tid.x == 0)
        printf("frame %d at %.3f ms\n", int(frame), time);
}

[shader("compute")]
[numthreads(8, 8, 1)]
[playground::CALL::SIZE_OF("picture")]
void draw(uint3 tid : SV_DispatchThreadID)
{
    if (tid.x >= 16 || tid.y >= 8)
        return;
    uint i = tid.y * 16 + tid.x;
    picture[i] = float4(float(tid.x) / 15.0, brightness, 0.0, 1.0);
    signedPlane[i] = float(tid.x) - 7.5;
}
"#;

#[test]
fn playground_attributes_plan_resources_and_kernels_run_every_frame() {
    let Some(result) = run(PLAYGROUND, 3) else {
        return;
    };
    expect![[r#"
        ok=true frames=3
        kernel setup dispatch=[2, 1, 1] calls=1
        kernel count dispatch=[8, 1, 1] calls=3
        kernel draw dispatch=[2, 1, 1] calls=3
        buffer counter: float f32x1 count=64 image=None
        buffer noise: float f32x1 count=8 image=None
        buffer picture: float4 f32x4 count=128 image=Some(ImageInfo { width: 16, height: 8, channels: 4, signed: false, min: 0.0, max: 1.0 })
        buffer signedPlane: float f32x1 count=128 image=Some(ImageInfo { width: 16, height: 8, channels: 1, signed: true, min: -7.5, max: 7.5 })
        printed frame 0 at 0.000 ms
        printed frame 1 at 16.667 ms
        printed frame 2 at 33.333 ms
    "#]]
    .assert_eq(&outline(&result));
    // ONCE ran first, then three increments carried across frames; threads past the
    // ONCE kernel's 8 only see the increments.
    let counter = &buffer(&result, "counter").values;
    assert_eq!(
        &counter[..9],
        &[103.0, 103.0, 103.0, 103.0, 103.0, 103.0, 103.0, 103.0, 3.0]
    );
    let noise = &buffer(&result, "noise").values;
    assert!(noise.iter().all(|v| (0.0..1.0).contains(v)), "{noise:?}");
    assert!(noise.windows(2).any(|w| w[0] != w[1]), "{noise:?}");
    // The slider's default reaches the shader.
    assert_eq!(buffer(&result, "picture").values[1], 0.25);
    assert!(result.time_ms > 0.0);
    assert_eq!(result.backend.as_deref(), Some("vulkan"));
}

#[test]
fn files_without_call_attributes_run_their_test_inputs() {
    let path = repo_root().join("examples/gradient.slang");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let Some(gpu) = gpu() else { return };
    let result = run_preview_on(gpu, &path, &text, &Options::default(), 1);
    expect![[r#"
        ok=true frames=1
        kernel computeMain dispatch=[1, 1, 1] calls=1
        buffer xs: float f32x1 count=8 image=None
        buffer grads: float f32x1 count=8 image=None
    "#]]
    .assert_eq(&outline(&result));
    let xs = &buffer(&result, "xs").values;
    let grads = &buffer(&result, "grads").values;
    for (x, g) in xs.iter().zip(grads) {
        let expected = 2.0 * x * x.sin() + x * x * x.cos();
        assert!(
            (g - expected).abs() < 1e-4,
            "f'({x}) = {g}, expected {expected}"
        );
    }
}

#[test]
fn compile_errors_come_back_as_diagnostics_with_one_based_positions() {
    let Some(result) = run(
        "import playground;\n\nfloat f(float x)\n{\n    return y;\n}\n",
        1,
    ) else {
        return;
    };
    expect![[r#"
        ok=false frames=0
        error E2001 5:12-5:13 undefined identifier 'y'. Declare `y` before its use, or check the spelling
    "#]]
    .assert_eq(&outline(&result));
}

#[test]
fn playground_attribute_mistakes_are_diagnostics_at_the_attribute() {
    let text = "import playground;\n[playground::ZEROS(\"many\")]\nRWStructuredBuffer<float> b;\n\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\n[playground::CALL(0, 1)]\nvoid k(uint3 t : SV_DispatchThreadID) { b[0] = 1.0; }\n";
    let Some(result) = run(text, 1) else { return };
    expect![[r#"
        ok=false frames=0
        error E4201 2:1-2:28 `playground::ZEROS(n)` takes a positive element count
        error E4201 7:1-7:25 `playground::CALL(x, y, z)` takes 1 to 3 positive integer thread counts
    "#]]
    .assert_eq(&outline(&result));
}

#[test]
fn run_failures_are_reported_in_error() {
    let oversized = "import playground;\n[playground::ZEROS(100000000)]\nRWStructuredBuffer<float4> b;\n\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\n[playground::CALL(1, 1, 1)]\nvoid k(uint3 t : SV_DispatchThreadID) { b[0] = float4(1.0); }\n";
    let Some(result) = run(oversized, 1) else {
        return;
    };
    expect![[r#"
        ok=false frames=0
        error: buffer `b` would have 1600000000 bytes; the preview allows at most 64 MiB per buffer
    "#]]
    .assert_eq(&outline(&result));
    let unknown = "import playground;\nRWStructuredBuffer<float> b;\n\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\n[playground::CALL::SIZE_OF(\"nothing\")]\nvoid k(uint3 t : SV_DispatchThreadID) { b[0] = 1.0; }\n";
    let Some(result) = run(unknown, 1) else {
        return;
    };
    expect![[r#"
        ok=false frames=0
        error E4201 6:1-6:39 `CALL::SIZE_OF("nothing")`: the program has no buffer `nothing`
    "#]]
    .assert_eq(&outline(&result));
    let misplaced = "import playground;\n[playground::TIME]\nRWStructuredBuffer<float> b;\n\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\n[playground::CALL(1, 1, 1)]\nvoid k(uint3 t : SV_DispatchThreadID) { b[0] = 1.0; }\n";
    let Some(result) = run(misplaced, 1) else {
        return;
    };
    expect![[r#"
        ok=false frames=0
        error: `b`: TIME, FRAME_ID, SLIDER, COLOR_PICK, MOUSE_POSITION and KEY attributes go on `uniform` values
    "#]]
    .assert_eq(&outline(&result));
}

/// The Playground's screen-sized output texture: `BLACK_SCREEN(1.0, 1.0)` is the screen's size
/// scaled by 1 in x and y; a second kernel reads the texture back (read_write) over 2 frames.
const SCREEN_TEXTURE: &str = r#"
import playground;
[playground::BLACK_SCREEN(1.0, 1.0)]
RWTexture2D<float4> outputTexture;
[playground::BLACK(4, 2)]
RWTexture2D<float> small;

[shader("compute")]
[numthreads(16, 16, 1)]
[playground::CALL::SIZE_OF("outputTexture")]
void imageMain(uint3 tid : SV_DispatchThreadID)
{
    uint w, h;
    outputTexture.GetDimensions(w, h);
    if (tid.x >= w || tid.y >= h)
        return;
    outputTexture[tid.xy] = float4(float(tid.x) / float(w - 1), float(tid.y) / float(h - 1), 0.0, 1.0);
}

[shader("compute")]
[numthreads(4, 2, 1)]
[playground::CALL::SIZE_OF("small")]
void accumulate(uint3 tid : SV_DispatchThreadID)
{
    small[tid.xy] = small[tid.xy] + outputTexture[tid.xy * 85].x;
}
"#;

#[test]
fn black_screen_textures_render_and_carry_over_frames() {
    let Some(result) = run(SCREEN_TEXTURE, 2) else {
        return;
    };
    expect![[r#"
        ok=true frames=2
        kernel imageMain dispatch=[16, 16, 1] calls=2
        kernel accumulate dispatch=[1, 1, 1] calls=2
        buffer outputTexture: float4 f32x4 count=65536 image=Some(ImageInfo { width: 256, height: 256, channels: 4, signed: false, min: 0.0, max: 1.0 })
        buffer small: float f32x1 count=8 image=Some(ImageInfo { width: 4, height: 2, channels: 1, signed: false, min: 0.0, max: 2.0 })
    "#]]
    .assert_eq(&outline(&result));
    // Texel (x, y) of the 256x256 gradient is (x / 255, y / 255, 0, 1), rows in order.
    let image = &buffer(&result, "outputTexture").values;
    for (x, y) in [(0usize, 0usize), (255, 0), (17, 3), (128, 255)] {
        let at = (y * 256 + x) * 4;
        let expected = [x as f64 / 255.0, y as f64 / 255.0, 0.0, 1.0];
        for (got, want) in image[at..at + 4].iter().zip(expected) {
            assert!(
                (got - want).abs() < 1e-6,
                "texel ({x}, {y}): {got} != {want}"
            );
        }
    }
    // small(x, y) sums the gradient's red at (85x, 85y) over both frames: 2 * 85x / 255.
    let small = &buffer(&result, "small").values;
    let expected: Vec<f64> = (0..8)
        .map(|i| 2.0 * (85 * (i % 4)) as f64 / 255.0)
        .collect();
    for (got, want) in small.iter().zip(&expected) {
        assert!((got - want).abs() < 1e-6, "{small:?} != {expected:?}");
    }
}

#[test]
fn json_follows_the_protocol() {
    let text = "import playground;\n[playground::BLACK(2, 2)]\nRWStructuredBuffer<float> img;\n\n[shader(\"compute\")]\n[numthreads(2, 2, 1)]\n[playground::CALL::SIZE_OF(\"img\")]\nvoid k(uint3 t : SV_DispatchThreadID) { img[t.y * 2 + t.x] = float(t.x) - float(t.y) * 0.5; }\n";
    let Some(mut result) = run(text, 2) else {
        return;
    };
    // Machine-dependent fields.
    result.file = "/abs/shader.slang".into();
    result.adapter = Some("adapter".into());
    result.time_ms = 0.0;
    for k in &mut result.kernels {
        k.time_ms = 0.0;
    }
    expect![[r#"
        {
          "adapter": "adapter",
          "animated": true,
          "backend": "vulkan",
          "buffers": [
            {
              "components": 1,
              "count": 4,
              "image": {
                "channels": 1,
                "height": 2,
                "max": 1.0,
                "min": -0.5,
                "signed": true,
                "width": 2
              },
              "name": "img",
              "scalar": "f32",
              "truncated": false,
              "type": "float",
              "values": [
                0.0,
                1.0,
                -0.5,
                0.5
              ]
            }
          ],
          "diagnostics": [],
          "file": "/abs/shader.slang",
          "frames": 2,
          "kernels": [
            {
              "calls": 2,
              "dispatch": [
                1,
                1,
                1
              ],
              "entryPoint": "k",
              "timeMs": 0.0
            }
          ],
          "ok": true,
          "printed": [],
          "timeMs": 0.0
        }"#]]
    .assert_eq(&serde_json::to_string_pretty(&to_json(&result)).unwrap_or_default());
}

const GRADIENTS: &str = r#"
[Differentiable]
float smooth(float x, float2 y)
{
    return x * x * y.x + sin(y.y) * x;
}

[Differentiable]
float3 field(float3 p)
{
    return float3(p.x * p.y, exp(p.z), sqrt(p.x + p.y));
}

// d/dx x^2 is 2x; this hand-written derivative says 3x.
void squareBackward(inout DifferentialPair<float> x, float dOut)
{
    x = diffPair(x.p, 3.0 * x.p * dOut);
}

[Differentiable]
[BackwardDerivative(squareBackward)]
float square(float x)
{
    return x * x;
}

float notDifferentiable(float x) { return x; }
"#;

fn check(function: Option<&str>) -> Option<GradientCheckResult> {
    let gpu = gpu()?;
    let path = repo_root().join("examples/gradient_check_test_input.slang");
    Some(gradient_check_on(
        gpu,
        &path,
        GRADIENTS,
        &Options::default(),
        function,
    ))
}

#[test]
fn gradient_check_passes_correct_derivatives_and_flags_a_wrong_one() {
    let Some(result) = check(None) else { return };
    let summary: Vec<String> = result
        .entries
        .iter()
        .map(|e| {
            format!(
                "{} passed={} ad={} fd={}",
                e.name,
                e.passed,
                e.ad.len(),
                e.fd.len()
            )
        })
        .collect();
    expect![[r#"
        smooth(x) passed=true ad=1 fd=1
        smooth(y) passed=true ad=2 fd=2
        field(p) passed=true ad=9 fd=9
        square(x) passed=false ad=1 fd=1"#]]
    .assert_eq(&summary.join("\n"));
    assert!(!result.passed);
    let square = &result.entries[3];
    assert!(
        square.message.starts_with("mismatch: bwd_diff gives"),
        "{}",
        square.message
    );
    // bwd says 3x where the truth is 2x: the error is about 50%.
    assert!(
        (0.4..0.6).contains(&square.max_error),
        "{}",
        square.max_error
    );
    // fwd_diff (automatic) is right for square: AD = FD = 2x at the first point.
    let x = square.point[0];
    assert!((square.ad[0] - 2.0 * x).abs() < 1e-4);
    assert!((square.fd[0] - 2.0 * x).abs() < 1e-2);
    for entry in &result.entries[..3] {
        assert!(entry.max_error < 1e-2, "{entry:?}");
    }
}

#[test]
fn gradient_check_of_one_named_function() {
    let Some(result) = check(Some("smooth")) else {
        return;
    };
    assert!(result.passed);
    assert_eq!(result.entries.len(), 2);
    let Some(result) = check(Some("notDifferentiable")) else {
        return;
    };
    assert_eq!(
        result.error.as_deref(),
        Some("no [Differentiable] function named `notDifferentiable` in this file")
    );
    assert!(!result.passed);
}

#[test]
fn device_features_reach_the_preview() {
    // lavapipe has SHADER_F64: double buffers compile to WGSL's f64 extension and run.
    let text = "import playground;\n[playground::ZEROS(2)]\nRWStructuredBuffer<double> d;\n\n[shader(\"compute\")]\n[numthreads(2, 1, 1)]\n[playground::CALL(2, 1, 1)]\nvoid k(uint3 t : SV_DispatchThreadID) { d[t.x] = double(1.0) / double(3.0) + double(t.x); }\n";
    let Some(result) = run(text, 1) else { return };
    if !gpu().is_some_and(|g| g.features().contains(gpu::Features::SHADER_F64)) {
        return;
    }
    let d = buffer(&result, "d");
    assert_eq!((d.scalar, d.count), ("f64", 2), "{result:#?}");
    assert!((d.values[1] - 4.0 / 3.0).abs() < 1e-12, "{:?}", d.values);
}
