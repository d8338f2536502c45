//! `printf` output of a shader through `dslang run`: printed before the `out` buffers, and apart
//! in `--json`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dslang(args: &[&str]) -> Output {
    let runtime = std::env::temp_dir().join(format!("dslang-printf-xdg-{}", std::process::id()));
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

const PRINTED: &str = "hello from the GPU\n\
    int 7 float 2.500000 uint 4000000000\n\
    hex ff width [   42] precision 3.14\n\
    i=0 square=0\n\
    i=1 square=1\n\
    i=2 square=4\n";

#[test]
fn run_prints_the_shader_text_then_the_buffers() {
    let file = repo_root().join("tests/compute/printf_basic.slang");
    let out = dslang(&["run", file.to_str().unwrap()]);
    if no_gpu(&out) {
        return;
    }
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, format!("{PRINTED}type: int32_t\n7\n1\n"));
}

#[test]
fn run_json_has_the_printed_text_apart() {
    let file = repo_root().join("tests/compute/printf_basic.slang");
    let out = dslang(&["run", "--json", file.to_str().unwrap()]);
    if no_gpu(&out) {
        return;
    }
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["printed"], PRINTED);
    assert_eq!(value["output"], format!("{PRINTED}type: int32_t\n7\n1\n"));
    assert_eq!(value["buffers"][0]["words"], serde_json::json!([7, 1]));
}
