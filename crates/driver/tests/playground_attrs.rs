//! The Slang Playground's attributes beyond buffers and time: BLACK_3D, SAMPLER, URL,
//! MOUSE_POSITION, KEY, COLOR_PICK and CALL_INDIRECT, each in a Playground-style program of our
//! own, run by the preview engine on the GPU (lavapipe here) with the user's inputs; the images
//! are checked pixel by pixel as `dslang run --out` draws them. Also: mistakes in their
//! arguments, continuing a run frame after frame, and the controls a run describes.

use std::path::{Path, PathBuf};

use driver::Options;
use driver::preview::{BufferView, PreviewInputs, PreviewResult, png, run_preview_with_on};
use expect_test::expect;

mod common;
use common::gpu;

/// A scratch folder for programs that name files beside them.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-pgattrs-{name}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

fn run_at(path: &Path, text: &str, frames: u32, inputs: &PreviewInputs) -> Option<PreviewResult> {
    let gpu = gpu()?;
    Some(run_preview_with_on(
        gpu,
        path,
        text,
        &Options::default(),
        frames,
        inputs,
    ))
}

fn run(text: &str, frames: u32, inputs: &PreviewInputs) -> Option<PreviewResult> {
    run_at(
        &scratch("plain").join("program.slang"),
        text,
        frames,
        inputs,
    )
}

fn ok(result: &PreviewResult) {
    assert!(
        result.ok,
        "{:?} {:?}",
        result.error,
        result
            .diagnostics
            .iter()
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
}

fn buffer<'a>(result: &'a PreviewResult, name: &str) -> &'a BufferView {
    result
        .buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("no buffer `{name}` in {result:#?}"))
}

/// The PNG `dslang run --out` writes for a buffer.
fn picture(result: &PreviewResult, name: &str) -> png::Picture {
    png::render(buffer(result, name)).unwrap_or_else(|| panic!("`{name}` draws no picture"))
}

fn close(got: &[f64], want: &[f64], tolerance: f64) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(g, w)| (g - w).abs() <= tolerance)
}

const VOLUME: &str = r#"import playground;

[playground::BLACK_3D(4, 4, 3)]
RWTexture3D<float4> volume;

[shader("compute")]
[numthreads(4, 4, 1)]
[playground::CALL::SIZE_OF("volume")]
void fill(uint3 tid : SV_DispatchThreadID)
{
    volume[tid] = float4(float(tid.x) / 3.0, float(tid.y) / 3.0, float(tid.z) / 2.0, 1.0);
}
"#;

#[test]
fn black_3d_is_a_volume_dispatched_per_texel_and_drawn_as_slices() {
    let Some(result) = run(VOLUME, 1, &PreviewInputs::default()) else {
        return;
    };
    ok(&result);
    assert_eq!(result.kernels[0].dispatch, [1, 1, 3]);
    let volume = buffer(&result, "volume");
    assert_eq!((volume.count, volume.depth), (48, Some(3)));
    let image = volume.image.as_ref().unwrap_or_else(|| panic!("no image"));
    assert_eq!((image.width, image.height), (4, 4));
    // Texel (x, y, z) = (x/3, y/3, z/2, 1), x fastest, then y, then z.
    for (x, y, z) in [(0usize, 0usize, 0usize), (3, 1, 1), (2, 3, 2)] {
        let at = ((z * 4 + y) * 4 + x) * 4;
        let want = [x as f64 / 3.0, y as f64 / 3.0, z as f64 / 2.0, 1.0];
        assert!(
            close(&volume.values[at..at + 4], &want, 1e-6),
            "({x}, {y}, {z})"
        );
    }
    // The PNG: slices 0 and 1 in the top row, 2 below; 4x4 slices in a 2x2 grid of 256 pixels
    // (32 pixels a texel).
    let picture = picture(&result, "volume");
    assert_eq!((picture.width, picture.height), (256, 256));
    assert_eq!(picture.pixel(16, 16), Some([0, 0, 0]));
    assert_eq!(picture.pixel(128 + 3 * 32 + 16, 16), Some([255, 0, 128]));
    assert_eq!(
        picture.pixel(2 * 32 + 16, 128 + 3 * 32 + 16),
        Some([170, 255, 255])
    );
    // The unused fourth cell stays white.
    assert_eq!(picture.pixel(200, 200), Some([255, 255, 255]));
}

/// A 2x2 RGBA PNG: red, green / blue, white.
fn checker_png() -> Vec<u8> {
    png::encode(&png::Picture {
        width: 2,
        height: 2,
        rgb: vec![255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255],
    })
}

const SAMPLED: &str = r#"import playground;

[playground::URL("images/checker.png")]
Texture2D<float4> picture;
[playground::SAMPLER]
SamplerState linearRepeat;
[playground::BLACK(4, 4)]
RWTexture2D<float4> sampled;
[playground::BLACK(4, 4)]
RWTexture2D<float4> loaded;

[shader("compute")]
[numthreads(4, 4, 1)]
[playground::CALL::SIZE_OF("sampled")]
void resample(uint3 tid : SV_DispatchThreadID)
{
    float2 uv = (float2(tid.xy) + 0.5) / 4.0;
    sampled[tid.xy] = picture.SampleLevel(linearRepeat, uv, 0.0);
    loaded[tid.xy] = picture.Load(int3(int2(tid.xy) / 2, 0));
}
"#;

/// Bilinear filtering of the 2x2 checker with repeat addressing at `uv`.
fn bilinear_repeat(uv: [f64; 2]) -> [f64; 3] {
    let texel = |x: i64, y: i64| -> [f64; 3] {
        match (x.rem_euclid(2), y.rem_euclid(2)) {
            (0, 0) => [1.0, 0.0, 0.0],
            (1, 0) => [0.0, 1.0, 0.0],
            (0, _) => [0.0, 0.0, 1.0],
            _ => [1.0, 1.0, 1.0],
        }
    };
    let (fx, fy) = (uv[0] * 2.0 - 0.5, uv[1] * 2.0 - 0.5);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - x0, fy - y0);
    let (x0, y0) = (x0 as i64, y0 as i64);
    let mut out = [0.0; 3];
    for (dx, dy, w) in [
        (0, 0, (1.0 - tx) * (1.0 - ty)),
        (1, 0, tx * (1.0 - ty)),
        (0, 1, (1.0 - tx) * ty),
        (1, 1, tx * ty),
    ] {
        for (o, c) in out.iter_mut().zip(texel(x0 + dx, y0 + dy)) {
            *o += w * c;
        }
    }
    out
}

#[test]
fn url_reads_a_png_beside_the_program_and_sampler_filters_linearly_with_repeat() {
    let dir = scratch("url");
    let _ = std::fs::create_dir_all(dir.join("images"));
    std::fs::write(dir.join("images/checker.png"), checker_png()).unwrap_or_else(|e| panic!("{e}"));
    let Some(result) = run_at(
        &dir.join("sampler.slang"),
        SAMPLED,
        1,
        &PreviewInputs::default(),
    ) else {
        return;
    };
    ok(&result);
    // The image itself is shown, as loaded.
    let source = buffer(&result, "picture");
    assert_eq!(
        source.image.as_ref().map(|i| (i.width, i.height)),
        Some((2, 2))
    );
    assert_eq!(
        &source.values[..8],
        &[1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    );
    let loaded = picture(&result, "loaded");
    for (x, y, want) in [
        (0, 0, [255, 0, 0]),
        (255, 0, [0, 255, 0]),
        (0, 255, [0, 0, 255]),
        (255, 255, [255, 255, 255]),
    ] {
        assert_eq!(loaded.pixel(x, y), Some(want), "loaded ({x}, {y})");
    }
    // Linear filtering with repeat: the corner texel blends in the opposite edge.
    let sampled = buffer(&result, "sampled");
    for y in 0..4 {
        for x in 0..4 {
            let uv = [(f64::from(x) + 0.5) / 4.0, (f64::from(y) + 0.5) / 4.0];
            let at = (y * 4 + x) as usize * 4;
            let want = bilinear_repeat(uv);
            assert!(
                close(&sampled.values[at..at + 3], &want, 1.0 / 64.0),
                "sampled ({x}, {y}) = {:?}, want {want:?}",
                &sampled.values[at..at + 3]
            );
        }
    }
    // Clamping would have made texel (0, 0) pure red: repeat blends in green, blue and white.
    assert_eq!(picture(&result, "sampled").pixel(0, 0), Some([159, 64, 64]));
}

const INPUTS: &str = r#"import playground;

[playground::MOUSE_POSITION]
uniform float4 mouse;
[playground::KEY("KeyA")]
uniform float keyA;
[playground::KEY("Space")]
uniform int space;
[playground::COLOR_PICK(0.2, 0.4, 0.6)]
uniform float3 tint;
[playground::BLACK(8, 8)]
RWTexture2D<float4> canvas;
[playground::ZEROS(6)]
RWStructuredBuffer<float> seen;

[shader("compute")]
[numthreads(8, 8, 1)]
[playground::CALL::SIZE_OF("canvas")]
void paint(uint3 tid : SV_DispatchThreadID)
{
    bool atMouse = all(int2(tid.xy) == int2(mouse.xy));
    canvas[tid.xy] = atMouse ? float4(keyA, float(space), 1.0, 1.0) : float4(tint, 1.0);
    if (tid.x == 0 && tid.y == 0)
    {
        seen[0] = mouse.x;
        seen[1] = mouse.y;
        seen[2] = mouse.z;
        seen[3] = mouse.w;
        seen[4] = keyA;
        seen[5] = float(space);
    }
}
"#;

#[test]
fn mouse_keys_and_colour_pick_come_from_the_inputs() {
    let Some(defaults) = run(INPUTS, 1, &PreviewInputs::default()) else {
        return;
    };
    ok(&defaults);
    assert_eq!(buffer(&defaults, "seen").values, [0.0; 6]);
    // No key, mouse at (0, 0): pixel (0, 0) is (0, 0, 1); elsewhere the default tint.
    let canvas = picture(&defaults, "canvas");
    assert_eq!(canvas.pixel(0, 0), Some([0, 0, 255]));
    assert_eq!(canvas.pixel(100, 100), Some([51, 102, 153]));
    assert!(defaults.mouse && defaults.animated);
    assert_eq!(defaults.keys, ["KeyA", "Space"]);
    let inputs = PreviewInputs {
        mouse: [3.0, 5.0, -3.0, -5.0],
        keys: vec!["KeyA".into(), "Space".into()],
        colors: [("tint".to_string(), [1.0, 0.0, 2.0])].into(),
        ..PreviewInputs::default()
    };
    let Some(result) = run(INPUTS, 1, &inputs) else {
        return;
    };
    ok(&result);
    assert_eq!(
        buffer(&result, "seen").values,
        [3.0, 5.0, -3.0, -5.0, 1.0, 1.0]
    );
    let canvas = picture(&result, "canvas");
    // 32 pixels a texel: the mouse's texel (3, 5) is white (both keys), the rest the picked
    // colour with blue clamped to 1.
    assert_eq!(
        canvas.pixel(3 * 32 + 16, 5 * 32 + 16),
        Some([255, 255, 255])
    );
    assert_eq!(canvas.pixel(16, 16), Some([255, 0, 255]));
    let control = &result.controls[0];
    assert_eq!(
        (
            control.name.as_str(),
            control.kind,
            &control.value[..],
            &control.default[..]
        ),
        ("tint", "color", &[1.0, 0.0, 1.0][..], &[0.2, 0.4, 0.6][..])
    );
}

const INDIRECT: &str = r#"import playground;

[playground::ZEROS(4)]
RWStructuredBuffer<uint> args;
[playground::BLACK(16, 16)]
RWTexture2D<float> covered;

[shader("compute")]
[numthreads(1, 1, 1)]
[playground::CALL(1, 1, 1)]
void plan(uint3 tid : SV_DispatchThreadID)
{
    args[0] = 7;
    args[1] = 2;
    args[2] = 3;
    args[3] = 1;
}

[shader("compute")]
[numthreads(4, 4, 1)]
[playground::CALL_INDIRECT("args", 4)]
void cover(uint3 tid : SV_DispatchThreadID)
{
    covered[tid.xy] = covered[tid.xy] + 1.0;
}
"#;

#[test]
fn call_indirect_dispatches_the_counts_a_kernel_wrote() {
    let Some(result) = run(INDIRECT, 2, &PreviewInputs::default()) else {
        return;
    };
    ok(&result);
    // Workgroups (2, 3, 1) from byte 4 of `args`: 8 x 12 texels, covered once a frame.
    assert_eq!(result.kernels[1].dispatch, [2, 3, 1]);
    assert_eq!(result.kernels[1].calls, 2);
    let covered = picture(&result, "covered");
    // 16 pixels a texel; covered twice = 2 (drawn scaled by the maximum: white), else black.
    assert_eq!(
        covered.pixel(7 * 16 + 8, 11 * 16 + 8),
        Some([255, 255, 255])
    );
    assert_eq!(covered.pixel(8 * 16 + 8, 8), Some([0, 0, 0]));
    assert_eq!(covered.pixel(8, 12 * 16 + 8), Some([0, 0, 0]));
    let values = &buffer(&result, "covered").values;
    assert_eq!(values.iter().filter(|v| **v == 2.0).count(), 96);
}

#[test]
fn call_indirect_with_zero_counts_skips_the_dispatch_and_huge_counts_fail() {
    let zero = INDIRECT.replace("args[1] = 2;", "args[1] = 0;");
    let Some(result) = run(&zero, 1, &PreviewInputs::default()) else {
        return;
    };
    ok(&result);
    assert_eq!(result.kernels[1].calls, 0);
    let short = INDIRECT.replace("ZEROS(4)", "ZEROS(3)");
    let Some(result) = run(&short, 1, &PreviewInputs::default()) else {
        return;
    };
    assert_eq!(
        result
            .diagnostics
            .first()
            .map(|d| (d.line, d.message.as_str())),
        Some((
            21,
            "`CALL_INDIRECT(\"args\", 4)`: `args` has 12 bytes, too few for three uint workgroup counts at byte 4"
        ))
    );
    let huge = INDIRECT.replace("args[1] = 2;", "args[1] = 4000000;");
    let Some(result) = run(&huge, 1, &PreviewInputs::default()) else {
        return;
    };
    assert!(!result.ok);
    let error = result.error.unwrap_or_default();
    assert!(
        error.contains("CALL_INDIRECT reads [4000000, 3, 1] workgroups from `args`"),
        "{error}"
    );
}

/// Kernels, buffers' first values, controls and messages.
fn outline(result: &PreviewResult) -> String {
    let mut out = format!(
        "ok={} frames={} first={}\n",
        result.ok, result.frames, result.first_frame
    );
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

#[test]
fn bad_arguments_are_diagnostics_at_the_attribute() {
    let text = r#"import playground;
[playground::BLACK_3D(4, 4)]
RWTexture3D<float4> a;
[playground::URL(3)]
Texture2D<float4> b;
[playground::KEY()]
uniform float c;
[playground::COLOR_PICK(0.5, 2.0, 0.5)]
uniform float3 d;
[playground::SLIDER(2.0, 0.0, 1.0)]
uniform float e;
[playground::ZEROS(4)]
RWStructuredBuffer<uint> f;

[shader("compute")]
[numthreads(1, 1, 1)]
[playground::CALL_INDIRECT("f", 2)]
void k(uint3 t : SV_DispatchThreadID) { f[0] = 1; }
"#;
    let Some(result) = run(text, 1, &PreviewInputs::default()) else {
        return;
    };
    expect![[r#"
        ok=false frames=0 first=0
        error E4201 2:1-2:29 `playground::BLACK_3D(w, h, d)` takes a positive width, height and depth
        error E4201 4:1-4:21 `playground::URL("image.png")` takes the path of a PNG image as a string
        error E4201 6:1-6:20 `playground::KEY("KeyA")` takes a key name as a string (a JavaScript `event.code` or `event.key`)
        error E4201 8:1-8:40 `playground::COLOR_PICK(r, g, b)` takes three numbers in [0, 1], the default colour
        error E4201 10:1-10:36 `playground::SLIDER(default, min, max)` takes three numbers with min <= default <= max
        error E4201 17:1-17:36 `playground::CALL_INDIRECT("buffer", offset)` takes the name of a buffer as a string and a byte offset that is a multiple of 4
    "#]]
    .assert_eq(&outline(&result));
}

#[test]
fn misplaced_attributes_and_missing_images_are_errors() {
    let cases = [
        (
            "[playground::URL(\"https://example.com/a.png\")]\nTexture2D<float4> t;\n",
            "t.Load(int3(0, 0, 0)).x",
        ),
        (
            "[playground::URL(\"missing.png\")]\nTexture2D<float4> t;\n",
            "t.Load(int3(0, 0, 0)).x",
        ),
        (
            "[playground::SAMPLER]\nRWStructuredBuffer<float> t;\n",
            "t[0]",
        ),
        (
            "[playground::BLACK_3D(2, 2, 2)]\nRWTexture2D<float4> t;\n",
            "t[uint2(0, 0)].x",
        ),
        ("[playground::MOUSE_POSITION]\nuniform float t;\n", "t"),
    ];
    let mut out = String::new();
    for (declaration, read) in cases {
        let text = format!(
            "import playground;\n{declaration}\n[playground::ZEROS(1)]\nRWStructuredBuffer<float> o;\n\n[shader(\"compute\")]\n[numthreads(1, 1, 1)]\n[playground::CALL(1, 1, 1)]\nvoid k(uint3 tid : SV_DispatchThreadID) {{ o[0] = {read}; }}\n"
        );
        let Some(result) = run(&text, 1, &PreviewInputs::default()) else {
            return;
        };
        assert!(!result.ok);
        let message = result
            .error
            .clone()
            .or_else(|| result.diagnostics.first().map(|d| d.message.clone()))
            .unwrap_or_default();
        out += &message.replace(&std::env::temp_dir().display().to_string(), "TMP");
        out += "\n";
    }
    expect![[r#"
        `URL("https://example.com/a.png")`: the preview reads no network; save the image beside the program and name it by path (`URL("image.png")`)
        cannot read image TMP/dslang-pgattrs-plain-PID/missing.png: No such file or directory (os error 2)
        `t`: SAMPLER goes on a `SamplerState`
        `t`: a texture takes BLACK(w, h), BLACK_SCREEN(sx, sy) or URL("image.png")
        `t`: MOUSE_POSITION goes on a `uniform float4`
    "#]]
    .assert_eq(&out.replace(&std::process::id().to_string(), "PID"));
}

const ANIMATED: &str = r#"import playground;

[playground::TIME]
uniform float time;
[playground::FRAME_ID]
uniform uint frame;
[playground::SLIDER(0.5, 0.0, 2.0)]
uniform float speed;
[playground::ZEROS(3)]
RWStructuredBuffer<float> state;

[shader("compute")]
[numthreads(1, 1, 1)]
[playground::CALL(1, 1, 1)]
void step(uint3 tid : SV_DispatchThreadID)
{
    state[0] = state[0] + speed;
    state[1] = float(frame);
    state[2] = time;
}
"#;

#[test]
fn a_continued_run_goes_on_from_the_last_frame_with_new_inputs() {
    let path = scratch("resume").join("animated.slang");
    let Some(first) = run_at(&path, ANIMATED, 2, &PreviewInputs::default()) else {
        return;
    };
    ok(&first);
    // TIME counts milliseconds (1/60 s a frame), as the Playground's.
    assert!(close(
        &buffer(&first, "state").values,
        &[1.0, 1.0, 1000.0 / 60.0],
        1e-3
    ));
    assert!(first.animated);
    let control = &first.controls[0];
    assert_eq!(
        (control.kind, control.min, control.max, &control.value[..]),
        ("slider", Some(0.0), Some(2.0), &[0.5][..])
    );
    let faster = PreviewInputs {
        sliders: [("speed".to_string(), 2.0)].into(),
        resume: true,
        ..PreviewInputs::default()
    };
    let Some(next) = run_at(&path, ANIMATED, 3, &faster) else {
        return;
    };
    ok(&next);
    assert_eq!((next.first_frame, next.frames), (2, 3));
    assert!(close(
        &buffer(&next, "state").values,
        &[7.0, 4.0, 4000.0 / 60.0],
        1e-3
    ));
    // An edited program starts again from frame 0; out-of-range slider values are clamped.
    let edited = ANIMATED.replace("state[0] + speed", "state[0] + 2.0 * speed");
    let clamped = PreviewInputs {
        sliders: [("speed".to_string(), 9.0)].into(),
        ..faster
    };
    let Some(again) = run_at(&path, &edited, 1, &clamped) else {
        return;
    };
    ok(&again);
    assert_eq!(again.first_frame, 0);
    assert_eq!(buffer(&again, "state").values[0], 4.0);
    assert_eq!(again.controls[0].value, [2.0]);
}
