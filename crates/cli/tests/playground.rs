//! Playground-style programs on the command line: `dslang check` and `dslang run` of a program
//! with `import printing;`, `import rendering;`, `drawPixel` with a lambda and `printf` of several
//! values; the preview's inputs as options (`--slider`, `--color`, `--mouse`, `--key`) and their
//! mistakes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dslang(args: &[&str]) -> Output {
    let runtime = std::env::temp_dir().join(format!("dslang-pg-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(args)
        .env("XDG_RUNTIME_DIR", runtime)
        .output()
        .expect("the dslang binary runs")
}

fn no_gpu(out: &Output) -> bool {
    if out.status.code() == Some(3) && std::env::var_os("DSLANG_REQUIRE_GPU").is_none() {
        eprintln!("no GPU adapter: test not run");
        return true;
    }
    false
}

fn example(name: &str) -> String {
    repo_root()
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn printing_and_rendering_check_and_run() {
    let file = example("playground_printing.slang");
    let out = dslang(&["check", &file]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = dslang(&["run", &file, "--frames", "1"]);
    if no_gpu(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let printed: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("printf: "))
        .collect();
    assert_eq!(
        printed,
        [
            "thread 0: x = 0.00, x^2 = 0.000",
            "thread 4: x = 2.00, x^2 = 4.000",
            "a vector's y 2.500000, a uint 42, an int -3",
        ]
    );
    assert!(
        stdout.contains("buffer outputTexture (float4): 256x256 image"),
        "{stdout}"
    );
}

#[test]
fn input_options_reach_the_controls() {
    let file = example("playground_animated.slang");
    let dir = std::env::temp_dir().join(format!("dslang-pg-out-{}", std::process::id()));
    let out = dslang(&[
        "run",
        &file,
        "--slider",
        "rings=40",
        "--color",
        "warm=0,1,0.5",
        "--mouse",
        "1,2,3,4",
        "--key",
        "KeyA",
        "--out",
        dir.to_str().unwrap(),
    ]);
    if no_gpu(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The slider is clamped to its range.
    assert!(
        stdout.contains("slider rings = 16 (from 1 to 16)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("color warm = 0, 1, 0.5\n"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("preview.json")).unwrap()).unwrap();
    assert_eq!(json["animated"], true);
    assert_eq!(json["controls"][0]["name"], "rings");
    assert_eq!(json["controls"][0]["default"][0], 4.0);
    let png = std::fs::read(dir.join("outputTexture.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_input_options_are_command_line_errors() {
    let file = example("playground_animated.slang");
    for (option, value, why) in [
        ("--slider", "rings", "is not NAME=VALUE"),
        ("--slider", "rings=fast", "is not 1 comma-separated numbers"),
        ("--color", "warm=1,0", "is not 3 comma-separated numbers"),
        ("--mouse", "1,2,3", "is not 4 comma-separated numbers"),
    ] {
        let out = dslang(&["run", &file, option, value]);
        assert_eq!(out.status.code(), Some(2), "{option} {value}: {out:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(why), "{option} {value}: {stderr}");
    }
    let out = dslang(&["run", &file, "--json", "--slider", "rings=2"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

fn realworld(name: &str) -> String {
    repo_root()
        .join("tests/slang-suite/realworld")
        .join(name)
        .display()
        .to_string()
}

/// An animated Julia-set demo: `drawPixel` with a lambda capturing the frame's values, a
/// `printf` of five values, and orbit counts checked against the same iteration in numpy.
#[test]
fn realworld_julia_demo_runs() {
    let file = realworld("julia_orbit_traps.slang");
    let dir = std::env::temp_dir().join(format!("dslang-pg-julia-{}", std::process::id()));
    let out = dslang(&[
        "run",
        &file,
        "--frames",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ]);
    if no_gpu(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("printf: start (-0.25, 0.10): 19 iterations, escaped 1, trap 0.002\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("buffer escapeCounts (uint): 4 elements, min 19 max 64: [44, 19, 64, 25]"),
        "{stdout}"
    );
    // Pixel (0, 0) escapes at once with trap 4.032: the palette there (numpy) starts the image.
    assert!(
        stdout.contains("256x256 image, min 0 max 1: [0.8909, 0.0705, 0.0352, 1,"),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("preview.json")).unwrap()).unwrap();
    assert_eq!(json["controls"][0]["name"], "radius", "{json}");
    let png = std::fs::read(dir.join("outputTexture.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A differentiable fit in the Playground's style: `bwd_diff` per pixel, gradients summed with
/// `Atomic<float>`, an update kernel; the printed loss falls as the frames run.
#[test]
fn realworld_blob_fit_converges() {
    let file = realworld("playground_blob_fit.slang");
    let out = dslang(&["run", &file, "--frames", "41"]);
    if no_gpu(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let losses: Vec<f32> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("printf: frame "))
        .filter_map(|l| l.split("loss ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(losses.len(), 3, "{stdout}");
    assert!(
        losses[0] > 0.15 && losses[2] < losses[0] / 2.5,
        "{losses:?}\n{stdout}"
    );
}
