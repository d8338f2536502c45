//! slangc's command line works on dslang (cli.md): its spelling of the options that change a
//! program's meaning, notes for those that do not apply, the WGSL extensions WebGPU offers enabled
//! by the program itself, and entry points that keep their Slang names.

use std::path::PathBuf;
use std::process::{Command, Output};

fn dslang(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the dslang binary runs")
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-slangc-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An entry point whose name ends in a digit, a value from `-D`, and a matrix in a buffer.
const KERNEL: &str = "RWStructuredBuffer<float> outputBuffer;
StructuredBuffer<float2x2> matrices;
[numthreads(1, 1, 1)]
void bwd16(uint3 id : SV_DispatchThreadID)
{
    outputBuffer[0] = SCALE * matrices[0][1][0];
}
";

#[test]
fn slangc_spelling_compiles_with_notes_for_what_does_not_apply() {
    let path = temp_file("kernel.slang", KERNEL);
    let p = path.to_str().unwrap();
    let out = dslang(&[
        "compile",
        p,
        "-entry",
        "bwd16",
        "-stage",
        "compute",
        "-target",
        "wgsl",
        "-DSCALE=3.0",
        "-matrix-layout-row-major",
        "-O3",
        "-g2",
        "-Wno-41020",
        "-experimental-feature",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let wgsl = text(&out.stdout);
    // The entry point keeps its Slang name (naga's writer alone would say `bwd16_`).
    assert!(wgsl.contains("fn bwd16("), "{wgsl}");
    assert!(wgsl.contains("3f"), "the -D value is in the code: {wgsl}");
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        [
            "dslang: note: `-O3` does not apply to dslang's targets; ignored",
            "dslang: note: `-g2` does not apply to dslang's targets; ignored",
            "dslang: note: `-Wno-41020` does not apply to dslang's targets; ignored",
        ]
    );
}

#[test]
fn a_repeated_option_takes_its_last_value() {
    // A build script's options first, then a test line's own slangc options, as a test runner
    // composes them: the later `-target` and `-entry` win.
    let path = temp_file("repeated.slang", KERNEL);
    let out = dslang(&[
        "compile",
        path.to_str().unwrap(),
        "--target",
        "wgsl",
        "--entry",
        "missing",
        "-target",
        "ir",
        "-entry",
        "bwd16",
        "-stage",
        "compute",
        "-stage",
        "compute",
        "-DSCALE=2.0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let ir = text(&out.stdout);
    assert!(
        ir.contains("bwd16") && !ir.contains("@compute"),
        "IR of bwd16 expected: {ir}"
    );
}

#[test]
fn slangc_command_line_without_a_command_compiles() {
    let path = temp_file("plain.slang", KERNEL);
    let out_path = path.with_extension("wgsl");
    let out = dslang(&[
        path.to_str().unwrap(),
        "-D",
        "SCALE",
        "-target",
        "wgsl",
        "-entry",
        "bwd16",
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        std::fs::read_to_string(&out_path)
            .unwrap()
            .contains("fn bwd16(")
    );
}

#[test]
fn matrix_layout_options_choose_how_buffer_matrices_are_stored() {
    let path = temp_file("layouts.slang", KERNEL);
    let p = path.to_str().unwrap();
    let compile = |extra: &[&str]| {
        let mut args = vec!["compile", p, "-DSCALE=1.0"];
        args.extend_from_slice(extra);
        let out = dslang(&args);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        text(&out.stdout)
    };
    // Column by column by default (slangc's command line): the buffer holds one vector per
    // HLSL column; row by row, the buffer holds the matrix as WGSL spells it.
    let default = compile(&[]);
    let column = compile(&["-matrix-layout-column-major"]);
    let row = compile(&["-matrix-layout-row-major"]);
    assert_eq!(default, column);
    assert!(column.contains("array<array<vec2<f32>, 2>>"), "{column}");
    assert!(row.contains("array<mat2x2<f32>>"), "{row}");
}

#[test]
fn other_stages_and_malformed_conformances_are_command_line_errors() {
    let path = temp_file("stage.slang", KERNEL);
    let p = path.to_str().unwrap();
    let stage = dslang(&["compile", p, "-DSCALE=1.0", "-stage", "vertex"]);
    assert_eq!(stage.status.code(), Some(2), "{stage:?}");
    assert!(text(&stage.stderr).contains("compute entry points only"));
    let conformance = dslang(&["compile", p, "-DSCALE=1.0", "-conformance", "NoColon"]);
    assert_eq!(conformance.status.code(), Some(2), "{conformance:?}");
    assert!(text(&conformance.stderr).contains("expected TYPE:INTERFACE[=ID]"));
}

#[test]
fn conformance_ids_from_the_command_line_tag_dynamic_values() {
    // `-conformance` gives the type ids that `createDynamicObject` switches on.
    let path = temp_file(
        "dispatch.slang",
        "interface IShape { float area(); }
struct Square : IShape { float side; float area() { return side * side; } }
struct Circle : IShape { float r; float area() { return 3.0 * r * r; } }
RWStructuredBuffer<float> outputBuffer;
[numthreads(1, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID)
{
    IShape s = createDynamicObject<IShape>(7, 2.0);
    outputBuffer[0] = s.area();
}
",
    );
    let p = path.to_str().unwrap();
    let with_ids = dslang(&[
        "compile",
        p,
        "-conformance",
        "Square:IShape=3",
        "-conformance",
        "Circle:IShape=7",
    ]);
    assert_eq!(with_ids.status.code(), Some(0), "{with_ids:?}");
    let wgsl = text(&with_ids.stdout);
    assert!(wgsl.contains("case 7"), "{wgsl}");
    assert!(wgsl.contains("case 3"), "{wgsl}");
}

#[test]
fn subgroup_and_f16_programs_enable_their_extensions() {
    let path = temp_file(
        "wave.slang",
        "RWStructuredBuffer<float> outputBuffer;
[numthreads(4, 1, 1)]
void computeMain(uint3 id : SV_DispatchThreadID)
{
    outputBuffer[id.x] = WaveActiveSum(1.0) + float(half(0.5));
}
",
    );
    let out = dslang(&["compile", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let wgsl = text(&out.stdout);
    assert!(
        wgsl.starts_with("enable f16;\nenable subgroups;\n"),
        "{wgsl}"
    );
}

#[test]
fn a_host_finds_an_entry_point_ending_in_digits_by_its_slang_name() {
    // `dslang run` asks wgpu for the entry point by the name the reflection gives: the Slang name.
    let path = temp_file(
        "run16.slang",
        "//TEST_INPUT:ubuffer(data=[0 0], stride=4):out,name=outputBuffer
RWStructuredBuffer<float> outputBuffer;
[numthreads(2, 1, 1)]
void fwd16(uint3 id : SV_DispatchThreadID)
{
    outputBuffer[id.x] = float(id.x) + 16.0;
}
",
    );
    let runtime = std::env::temp_dir().join(format!("dslang-slangc-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(["run", path.to_str().unwrap(), "-entry", "fwd16"])
        .env("XDG_RUNTIME_DIR", runtime)
        .output()
        .unwrap();
    if out.status.code() == Some(3) && std::env::var_os("DSLANG_REQUIRE_GPU").is_none() {
        eprintln!("no GPU adapter: the entry-point run is not checked");
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(text(&out.stdout), "type: float\n16.000000\n17.000000\n");
}

#[test]
fn buffers_keep_slang_names_that_end_in_digits() {
    let path = temp_file(
        "names.slang",
        "cbuffer C0 { float a; };
RWStructuredBuffer<float> out1;
[numthreads(1, 1, 1)]
void main() { out1[0] = a; }
",
    );
    let out = dslang(&["compile", path.to_str().unwrap(), "-entry", "main"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let wgsl = text(&out.stdout);
    // A host binds them by the program's names, as with slangc's WGSL (naga alone: `C0_`, `out1_`).
    assert!(wgsl.contains("var<uniform> C0:"), "{wgsl}");
    assert!(wgsl.contains("var<storage, read_write> out1:"), "{wgsl}");
    assert!(!wgsl.contains("C0_.") && !wgsl.contains("out1_"), "{wgsl}");
}
