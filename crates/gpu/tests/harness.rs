//! WGSL reflection, binding test inputs, and the `wgsl-run` tool end to end.

mod common;

use std::path::Path;
use std::process::Command;

use expect_test::expect;
use gpu::{format_outputs, names_match, plan_test, reflect_wgsl};
use test_format::{compare_expected, parse_test_file};

#[test]
fn reflection_reads_bindings_and_word_kinds() {
    let wgsl = r#"
struct Params { scale: f32, count: u32, offset: vec2<i32>, }
struct Particle { position: vec3<f32>, id: u32, }
struct Pair { a: f32, b: i32 }
@group(0) @binding(3) var<uniform> params: Params;
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(1) @binding(0) var<storage, read> normals: array<vec3<f32>>;
@group(0) @binding(1) var<storage, read_write> counters: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read> transforms: array<mat3x3<f32>, 4>;
@group(0) @binding(4) var<storage, read_write> pairs: array<Pair>;
var<private> scratch: f32;
@compute @workgroup_size(1) fn computeMain() { scratch = params.scale; }
@compute @workgroup_size(1) fn other() {}
"#;
    let info = reflect_wgsl(wgsl).expect("parses");
    let lines: Vec<String> = info
        .resources
        .iter()
        .map(|r| {
            format!(
                "{} @{}/{} {:?} size={} runtime={} kinds={}",
                r.name,
                r.group,
                r.binding,
                r.kind,
                r.element_size,
                r.runtime_sized,
                r.word_kinds
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .chain(std::iter::once(format!(
            "entries {:?}",
            info.compute_entries
        )))
        .collect();
    expect![[r#"
        params @0/3 Uniform size=16 runtime=false kinds=float,uint32_t,int32_t,int32_t
        particles @0/0 Storage { read_only: false } size=16 runtime=true kinds=float,float,float,uint32_t
        normals @1/0 Storage { read_only: true } size=16 runtime=true kinds=float,float,float,float
        counters @0/1 Storage { read_only: false } size=4 runtime=true kinds=uint32_t
        transforms @0/2 Storage { read_only: true } size=192 runtime=false kinds=float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float,float
        pairs @0/4 Storage { read_only: false } size=8 runtime=true kinds=float,int32_t
        entries ["computeMain", "other"]"#]].assert_eq(&lines.join("\n"));
    let error = reflect_wgsl("fn broken( {").expect_err("syntax error");
    assert!(error.contains("expected"), "{error}");
}

#[test]
fn slangc_suffixes_match_input_names() {
    let cases = [
        ("outputBuffer_0", "outputBuffer"),
        ("outputBuffer", "outputBuffer"),
        ("outputBuffer_12", "outputBuffer"),
        ("outputBuffer_x", "outputBuffer"),
        ("outputBuffer_", "outputBuffer"),
        ("output", "outputBuffer"),
        ("outputBuffer2_0", "outputBuffer"),
        ("target_", "target"),
        ("target_1", "target"),
        ("buffer1_", "buffer1"),
        ("select_", "select"),
        ("target__", "target"),
        ("appendBuffer_elements_0", "appendBuffer"),
        ("appendBuffer_counter_0", "appendBuffer"),
        ("appendBuffer_elements_", "appendBuffer"),
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|(w, i)| format!("{w} ~ {i}: {}", names_match(w, i)))
        .collect();
    expect![[r#"
        outputBuffer_0 ~ outputBuffer: true
        outputBuffer ~ outputBuffer: true
        outputBuffer_12 ~ outputBuffer: true
        outputBuffer_x ~ outputBuffer: false
        outputBuffer_ ~ outputBuffer: false
        output ~ outputBuffer: false
        outputBuffer2_0 ~ outputBuffer: false
        target_ ~ target: true
        target_1 ~ target: true
        buffer1_ ~ buffer1: true
        select_ ~ select: true
        target__ ~ target: false
        appendBuffer_elements_0 ~ appendBuffer: true
        appendBuffer_counter_0 ~ appendBuffer: false
        appendBuffer_elements_ ~ appendBuffer: false"#]]
    .assert_eq(&out.join("\n"));
}

const TEST: &str = r#"//TEST(compute):COMPARE_COMPUTE_EX:-slang -compute -output-using-type -compute-dispatch 2,1,1
//TEST_INPUT:ubuffer(data=[1.0 2.0 3.0 4.0], stride=4):name=inputBuffer
//TEST_INPUT:ubuffer(data=[0 0 0 0], stride=4):out,name=outputBuffer
//TEST_INPUT:ubuffer(data=[5 6], stride=4):out,name=untouched
"#;

/// Globals declared in another order than the inputs, with slangc's `_0` suffixes.
const WGSL: &str = r#"
@binding(1) @group(0) var<storage, read_write> outputBuffer_0 : array<f32>;
@binding(0) @group(0) var<storage, read> inputBuffer_0 : array<f32>;
@binding(2) @group(0) var<storage, read_write> extra_0 : array<u32>;

@compute @workgroup_size(2, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid : vec3<u32>) {
    outputBuffer_0[tid.x] = inputBuffer_0[tid.x] * 10.0 + f32(arrayLength(&extra_0));
}
"#;

#[test]
fn plan_binds_by_name_then_order() {
    let file = parse_test_file(TEST);
    let info = reflect_wgsl(WGSL).expect("parses");
    let plan = plan_test(&file, &info.resources, WGSL, "computeMain", [2, 1, 1]).expect("plan");
    let mut lines: Vec<String> = plan
        .job
        .bindings
        .iter()
        .map(|b| {
            format!(
                "@{}/{} {} {:?} {} bytes readback={}",
                b.group,
                b.binding,
                b.name,
                b.kind,
                b.initial.len(),
                b.readback
            )
        })
        .collect();
    lines.extend(plan.notes.iter().map(|n| format!("note: {n}")));
    lines.extend(
        plan.outputs
            .iter()
            .map(|o| format!("out {} from {:?}", o.name, o.binding_name)),
    );
    expect![[r#"
        @0/0 inputBuffer_0 Storage { read_only: true } 16 bytes readback=false
        @0/1 outputBuffer_0 Storage { read_only: false } 16 bytes readback=true
        @0/2 extra_0 Storage { read_only: false } 4 bytes readback=false
        note: line 4: no WGSL global named `untouched`; the input is not bound
        note: WGSL global `extra_0` has no TEST_INPUT; bound to a zero buffer
        out outputBuffer from Some("outputBuffer_0")
        out untouched from None"#]]
    .assert_eq(&lines.join("\n"));

    let Some(gpu) = common::gpu() else { return };
    let result = gpu.run_compute(&plan.job).expect("runs");
    let printed = format_outputs(&plan.outputs, &result, true);
    expect![[r#"
        type: float
        11.000000
        21.000000
        31.000000
        41.000000
        type: uint32_t
        5
        6
    "#]]
    .assert_eq(&printed);
    // input * 10 + arrayLength(extra) (one element); `untouched` keeps its initial data.
    compare_expected(
        "type: float\n11\n21.000000\n31.000001\n41.000000\ntype: uint32_t\n5\n6\n",
        &printed,
    )
    .expect("the run result");
}

#[test]
fn unsupported_inputs_skip_with_a_reason() {
    let file = parse_test_file("//TEST_INPUT:Texture2DMS(size=4, content=chessboard):name=tex\n");
    let error = plan_test(&file, &[], "", "main", [1, 1, 1]).expect_err("unsupported");
    expect!["line 1: unsupported TEST_INPUT `Texture2DMS(size=4, content=chessboard)`"]
        .assert_eq(&error.to_string());
    let file = parse_test_file("//TEST_INPUT:RWTextureCube(size=4):name=tex\n");
    let error = plan_test(&file, &[], "", "main", [1, 1, 1]).expect_err("unsupported");
    expect!["line 1: unsupported TEST_INPUT `RWTextureCube(size=4)`"].assert_eq(&error.to_string());
    let file = parse_test_file("//TEST_INPUT:ubuffer(data=[0], stride=16, count=4294967295):out\n");
    let error = plan_test(&file, &[], "", "main", [1, 1, 1]).expect_err("too large");
    expect!["line 1: the buffer would have 68719476720 bytes, more than 1073741824"]
        .assert_eq(&error.to_string());
}

/// 5x3 texels of 16 bytes: 80-byte rows, padded to 256 in the readback copy and unpadded again.
const TEXTURE_WGSL: &str = r#"
@group(0) @binding(0) var ones: texture_2d<f32>;
@group(0) @binding(1) var image: texture_storage_2d<rgba32float, write>;
@group(0) @binding(2) var counter: texture_storage_2d<r32uint, read_write>;
@compute @workgroup_size(5, 3, 1)
fn computeMain(@builtin(global_invocation_id) tid: vec3<u32>) {
    let size = textureDimensions(image);
    let one = textureLoad(ones, vec2<u32>(0u, 0u), 0i).x;
    textureStore(image, tid.xy, vec4<f32>(f32(tid.x), f32(tid.y), f32(size.x * 10u + size.y), one));
    let c = textureLoad(counter, tid.xy).x;
    textureStore(counter, tid.xy, vec4<u32>(c + tid.y * 5u + tid.x, 0u, 0u, 1u));
}
"#;

#[test]
fn textures_bind_from_inputs_and_read_back_row_by_row() {
    let file = parse_test_file(
        "//TEST_INPUT: Texture2D(size=1, content=one):name=ones\n\
         //TEST_INPUT: RWTexture2D(format=RGBA_Float32, width=5, height=3, content=zero):out,name=image\n\
         //TEST_INPUT: RWTexture2D(format=R_UInt32, width=5, height=3, content=one):out,name=counter\n",
    );
    let info = reflect_wgsl(TEXTURE_WGSL).expect("parses");
    let plan = plan_test(
        &file,
        &info.resources,
        TEXTURE_WGSL,
        "computeMain",
        [1, 1, 1],
    )
    .expect("plan");
    let lines: Vec<String> = plan
        .job
        .bindings
        .iter()
        .map(|b| format!("{} {:?} {} bytes", b.name, b.kind, b.initial.len()))
        .collect();
    expect![[r#"
        ones Texture(TextureShape { format: Rgba8Unorm, width: 1, height: 1, depth_or_layers: 1, mip_levels: 1, view: D2, access: Sampled }) 4 bytes
        image Texture(TextureShape { format: Rgba32Float, width: 5, height: 3, depth_or_layers: 1, mip_levels: 1, view: D2, access: WriteOnly }) 240 bytes
        counter Texture(TextureShape { format: R32Uint, width: 5, height: 3, depth_or_layers: 1, mip_levels: 1, view: D2, access: ReadWrite }) 60 bytes"#]]
    .assert_eq(&lines.join("\n"));
    let Some(gpu) = common::gpu() else { return };
    let result = gpu.run_compute(&plan.job).expect("runs");
    let printed = format_outputs(&plan.outputs, &result, true);
    // Independently: texel (x, y) = (x, y, 5 * 10 + 3, 1); counter = 1 + 5y + x.
    let mut expected = String::from("type: float\n");
    for y in 0..3 {
        for x in 0..5 {
            for v in [x as f32, y as f32, 53.0, 1.0] {
                expected.push_str(&format!("{v:.6}\n"));
            }
        }
    }
    expected.push_str("type: uint32_t\n");
    for i in 0..15 {
        expected.push_str(&format!("{}\n", 1 + i));
    }
    assert_eq!(printed, expected);
}

fn wgsl_run(dir: &Path, extra: &[&str]) -> (i32, String, String) {
    common::quiet_mesa();
    let output = Command::new(env!("CARGO_BIN_EXE_wgsl-run"))
        .arg(dir.join("t.slang"))
        .arg(dir.join("t.wgsl"))
        .args(extra)
        .output()
        .expect("wgsl-run starts");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wgsl-run-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn wgsl_run_passes_fails_and_reports() {
    if common::gpu().is_none() {
        return;
    }
    let dir = scratch_dir("e2e");
    std::fs::write(dir.join("t.slang"), TEST).unwrap();
    std::fs::write(dir.join("t.wgsl"), WGSL).unwrap();

    // No expected file: prints and succeeds.
    let (code, stdout, _) = wgsl_run(&dir, &[]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("type: float\n11.000000\n"), "{stdout}");

    // A matching expected file beside the test (Slang's naming).
    std::fs::write(dir.join("t.slang.expected.txt"), &stdout).unwrap();
    let (code, _, stderr) = wgsl_run(&dir, &[]);
    assert_eq!((code, stderr.contains("PASS")), (0, true), "{stderr}");

    // A wrong one.
    std::fs::write(dir.join("wrong.txt"), "type: float\n11.000000\n22.000000\n").unwrap();
    let wrong = dir.join("wrong.txt");
    let (code, _, stderr) = wgsl_run(&dir, &["--expected", wrong.to_str().unwrap()]);
    assert_eq!(code, 1);
    expect!["wgsl-run: FAIL: line 3: expected `22.000000`, got `21.000000`"]
        .assert_eq(stderr.lines().last().unwrap_or_default());

    // JSON carries the adapter, words and verdict.
    let (code, stdout, _) = wgsl_run(&dir, &["--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(json["verdict"], "pass");
    assert_eq!(json["adapter"]["backend"], "Vulkan");
    assert_eq!(json["buffers"][1]["words"], serde_json::json!([5, 6]));

    // Benchmark mode: a timing line instead of the buffers.
    let (code, stdout, _) = wgsl_run(
        &dir,
        &[
            "--no-output",
            "--iterations",
            "3",
            "--expected",
            "/nonexistent",
        ],
    );
    assert_eq!(code, 2, "a missing expected file is a bad command line");
    std::fs::remove_file(dir.join("t.slang.expected.txt")).unwrap();
    let (code, stdout2, _) = wgsl_run(&dir, &["--no-output", "--iterations", "3"]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    assert!(
        stdout2.contains("per dispatch") && stdout2.ends_with("for 3 dispatches\n"),
        "{stdout2}"
    );

    // A broken shader is an error with naga's message, exit 1; a bad command line is exit 2.
    std::fs::write(dir.join("t.wgsl"), "fn main( {").unwrap();
    let (code, _, stderr) = wgsl_run(&dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    let (code, _, _) = wgsl_run(&dir, &["--bogus"]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wgsl_run_uses_filecheck_lines() {
    if common::gpu().is_none() {
        return;
    }
    let dir = scratch_dir("filecheck");
    let test = TEST.replace(
        "COMPARE_COMPUTE_EX:",
        "COMPARE_COMPUTE_EX(filecheck-buffer=CHECK):",
    ) + "// CHECK: type: float\n// CHECK-NEXT: 11.0\n// CHECK-NEXT: 21\n";
    std::fs::write(dir.join("t.slang"), &test).unwrap();
    std::fs::write(dir.join("t.wgsl"), WGSL).unwrap();
    let (code, _, stderr) = wgsl_run(&dir, &[]);
    assert_eq!(code, 0, "{stderr}");
    std::fs::write(dir.join("t.slang"), test.replace("NEXT: 21", "NEXT: 25")).unwrap();
    let (code, _, stderr) = wgsl_run(&dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn huge_texture_inputs_are_refused_before_allocating() {
    let file = parse_test_file(
        "//TEST_INPUT: Texture3D(size=16384, content=gradient, arrayLength=16384):name=t\n",
    );
    let error = plan_test(&file, &[], "", "main", [1, 1, 1]).expect_err("too large");
    expect!["line 1: the buffer would have 1537228672809129301 bytes, more than 1073741824"]
        .assert_eq(&error.to_string());
}

#[test]
fn set_values_follow_the_uniform_layout() {
    // dslang's padding members (`_pad`) hold no field; slangc's `@align` leaves gaps instead.
    let wgsl = r#"
struct ScaleDir { scale: f32, dir: vec3<f32>, _pad: u32, }
struct Outer { @align(16) inner: ScaleDir, tail: f32, }
struct Padded { pos: vec3<f32>, pad: u32, }
@group(0) @binding(0) var<uniform> u: ScaleDir;
@group(0) @binding(1) var<uniform> nested: Outer;
@group(0) @binding(2) var<uniform> flat_list: ScaleDir;
@group(0) @binding(3) var<uniform> user_pad: Padded;
@group(0) @binding(4) var<uniform> rows: array<vec4<f32>, 2>;
@compute @workgroup_size(1) fn computeMain() {
    let x = u.scale + nested.tail + flat_list.scale + f32(user_pad.pad) + rows[0].x;
}
"#;
    let file = parse_test_file(
        "//TEST_INPUT: set u = {1.0, {2.0, 3.0, 4.0}}\n\
         //TEST_INPUT: set nested = {{5.0, {6.0, 7.0, 8.0}}, 9.0}\n\
         //TEST_INPUT: set flat_list = {1, 2, 3, 4}\n\
         //TEST_INPUT: set user_pad = {{1, 2, 3}, 7}\n\
         //TEST_INPUT: set rows = {{1, 2}, {3, 4, 5, 6}}\n",
    );
    let info = reflect_wgsl(wgsl).expect("parses");
    let plan = plan_test(&file, &info.resources, wgsl, "computeMain", [1, 1, 1]).expect("plan");
    let lines: Vec<String> = plan
        .job
        .bindings
        .iter()
        .map(|b| {
            let words: Vec<String> = b
                .initial
                .chunks_exact(4)
                .map(|w| format!("{:X}", u32::from_le_bytes([w[0], w[1], w[2], w[3]])))
                .collect();
            format!("{}: {}", b.name, words.join(" "))
        })
        .collect();
    expect![[r#"
        u: 3F800000 0 0 0 40000000 40400000 40800000 0
        nested: 40A00000 0 0 0 40C00000 40E00000 41000000 0 41100000 0 0 0
        flat_list: 1 0 0 0 2 3 4 0
        user_pad: 1 2 3 7
        rows: 1 2 0 0 3 4 5 6"#]]
    .assert_eq(&lines.join("\n"));
}
