//! Helpers shared by the CLI's integration tests.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Slang's suites beside the repository (`../shared/slang-tests`), or the workplace's copy when the
/// clone lives elsewhere (a fresh clone in a temporary folder).
#[allow(dead_code)] // used by the tests that read Slang's suites
pub fn suites_root() -> PathBuf {
    let beside = repo_root().join("../shared/slang-tests");
    let workplace = PathBuf::from("/work/shared/slang-tests");
    if !beside.exists() && workplace.exists() {
        return workplace;
    }
    beside
}

/// The file a `dslang test` result line names: `dir/t.slang.1` (the file's second test, as
/// slang-test names it) and `dir/t.slang:` are `t.slang`.
#[allow(dead_code)] // used by the tests that run `dslang test`
pub fn test_file_name(name: &str) -> String {
    let name = name.trim_end_matches(':');
    let file = Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match file.rsplit_once('.') {
        Some((stem, index))
            if stem.ends_with(".slang") && index.bytes().all(|b| b.is_ascii_digit()) =>
        {
            stem.to_string()
        }
        _ => file,
    }
}

#[allow(dead_code)] // used by the tests that run on the GPU
pub fn gpu_env(cmd: &mut Command) -> &mut Command {
    let runtime = std::env::temp_dir().join(format!("dslang-suite-xdg-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    cmd.env("XDG_RUNTIME_DIR", runtime)
}

/// The GPU is present (lavapipe in CI), or the test says why it does not run.
#[allow(dead_code)] // used by the tests that run on the GPU
pub fn gpu_available() -> bool {
    let dir = std::env::temp_dir().join(format!("dslang-suite-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("probe.slang");
    std::fs::write(
        &path,
        "RWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void computeMain() { o[0] = 1.0; }\n",
    )
    .unwrap();
    let probe = gpu_env(&mut Command::new(env!("CARGO_BIN_EXE_dslang")))
        .args(["run", path.to_str().unwrap()])
        .output()
        .unwrap();
    if probe.status.code() == Some(3) && std::env::var_os("DSLANG_REQUIRE_GPU").is_none() {
        eprintln!("no GPU adapter: slang-suite tests not run");
        return false;
    }
    true
}
