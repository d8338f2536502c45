//! Every module the compute and autodiff corpora produce is valid SPIR-V: each file is compiled
//! with `dslang compile --target spirv` (naga has validated the module on the way, as on every
//! compile) and the words go through `spirv-val` from SPIRV-Tools. Without `spirv-val` on PATH
//! the test says so and passes, unless DSLANG_REQUIRE_SPIRV_VAL is set.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn spirv_val_available() -> bool {
    let found = Command::new("spirv-val").arg("--version").output().is_ok();
    let required =
        std::env::var_os("DSLANG_REQUIRE_SPIRV_VAL").is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        found || !required,
        "DSLANG_REQUIRE_SPIRV_VAL is set but spirv-val is not on PATH (Debian: apt-get install spirv-tools)"
    );
    if !found {
        eprintln!(
            "spirv-val not found: SPIR-V of the corpora not validated (set DSLANG_REQUIRE_SPIRV_VAL=1 to make this a failure)"
        );
    }
    found
}

/// The `.slang` files under `dir` (one level of subfolders), sorted.
fn slang_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "slang") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Compiles each file to SPIR-V and validates it. Returns how many were validated; files that
/// do not compile are the corpus tests' business (they list them), and are counted apart.
fn validate_corpus(corpus: &str) -> (usize, Vec<String>) {
    let out_dir = std::env::temp_dir().join(format!("dslang-spirv-val-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut validated = 0;
    let mut not_compiled = Vec::new();
    let mut invalid = Vec::new();
    for file in slang_files(&repo_root().join("tests").join(corpus)) {
        // A file without test lines is a module the tests import, not a program of its own.
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if !text.contains("//TEST") {
            continue;
        }
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let spv = out_dir.join(format!("{corpus}-{name}.spv"));
        let compile = Command::new(env!("CARGO_BIN_EXE_dslang"))
            .args(["compile", "--target", "spirv", "-o"])
            .arg(&spv)
            .arg(&file)
            .output()
            .unwrap();
        if !compile.status.success() {
            not_compiled.push(name);
            continue;
        }
        // naga writes SPIR-V 1.3, which Vulkan 1.1 consumes.
        let val = Command::new("spirv-val")
            .args(["--target-env", "vulkan1.1"])
            .arg(&spv)
            .output()
            .unwrap();
        if val.status.success() {
            validated += 1;
        } else {
            invalid.push(format!(
                "{name}: {}{}",
                String::from_utf8_lossy(&val.stdout),
                String::from_utf8_lossy(&val.stderr)
            ));
        }
    }
    assert!(
        invalid.is_empty(),
        "spirv-val rejects:\n{}",
        invalid.join("\n")
    );
    (validated, not_compiled)
}

#[test]
fn compute_corpus_spirv_is_valid() {
    if !spirv_val_available() {
        return;
    }
    let (validated, not_compiled) = validate_corpus("compute");
    eprintln!("compute: {validated} modules valid; not compiled: {not_compiled:?}");
    // Only the files of known-failures.txt may fail to compile.
    let known =
        std::fs::read_to_string(repo_root().join("tests/compute/known-failures.txt")).unwrap();
    for name in &not_compiled {
        assert!(known.contains(name.as_str()), "{name} does not compile");
    }
    assert!(validated >= 140, "only {validated} modules validated");
}

#[test]
fn autodiff_corpus_spirv_is_valid() {
    if !spirv_val_available() {
        return;
    }
    let (validated, not_compiled) = validate_corpus("autodiff");
    eprintln!("autodiff: {validated} modules valid; not compiled: {not_compiled:?}");
    assert!(validated >= 180, "only {validated} modules validated");
}
