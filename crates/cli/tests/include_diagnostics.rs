//! Errors inside `#include`d files are shown in the included file (issue 3), through the real
//! binary: the header and caret name the included file, a secondary label names the `#include`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn dslang(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dslang"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("the dslang binary runs")
}

/// A fresh directory per test holding `files` (name, contents).
fn project(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dslang-include-diag-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, contents) in files {
        std::fs::write(dir.join(name), contents).unwrap();
    }
    dir
}

const INC: &str = "// helpers\nfloat helper(float x)\n{\n    return x + undefinedName;\n}\n";

const MAIN: &str = "\
#include \"inc.slang\"

[shader(\"compute\")]
[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{
    float y = helper(1.0);
}
";

/// The stderr of `dslang ARGS... DIR/main.slang`, which must fail with exit status 1.
fn failing(dir: &std::path::Path, args: &[&str]) -> String {
    let main = dir.join("main.slang");
    let mut all: Vec<&str> = args.to_vec();
    all.push(main.to_str().unwrap());
    let out = dslang(&all);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    stderr
}

/// Replaces the temp directory so the output can be compared whole.
fn relative(stderr: &str, dir: &std::path::Path) -> String {
    stderr.replace(&format!("{}/", dir.display()), "")
}

#[test]
fn check_reports_an_error_of_an_included_file_in_that_file() {
    let dir = project("check", &[("inc.slang", INC), ("main.slang", MAIN)]);
    let stderr = relative(&failing(&dir, &["check"]), &dir);
    expect_test::expect![[r#"
        inc.slang:4:16: error[E2001]: undefined identifier 'undefinedName'. Declare `undefinedName` before its use, or check the spelling
          ┌─ inc.slang:4:16
          │
        4 │     return x + undefinedName;
          │                ^^^^^^^^^^^^^
          │
          ┌─ main.slang:1:1
          │
        1 │ #include "inc.slang"
          │ -------------------- included from here

        main.slang:1:1: note: included from here
    "#]]
    .assert_eq(&stderr);
}

#[test]
fn compile_and_run_report_the_same_place() {
    let dir = project("compile", &[("inc.slang", INC), ("main.slang", MAIN)]);
    for args in [
        &["compile"][..],
        &["compile", "--target", "ir"][..],
        &["run"][..],
    ] {
        let stderr = relative(&failing(&dir, args), &dir);
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("inc.slang:4:16: error[E2001]"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("4 │     return x + undefinedName;"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("┌─ main.slang:1:1") && stderr.contains("included from here"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn nested_includes_name_every_include_line_innermost_first() {
    let dir = project(
        "nested",
        &[
            ("inc.slang", INC),
            ("middle.slang", "// middle\n#include \"inc.slang\"\n"),
            (
                "main.slang",
                "#include \"middle.slang\"\nfloat own() { return missingToo; }\n",
            ),
        ],
    );
    let stderr = relative(&failing(&dir, &["check"]), &dir);
    expect_test::expect![[r#"
        main.slang:2:22: error[E2001]: undefined identifier 'missingToo'. Declare `missingToo` before its use, or check the spelling
          ┌─ main.slang:2:22
          │
        2 │ float own() { return missingToo; }
          │                      ^^^^^^^^^^

        inc.slang:4:16: error[E2001]: undefined identifier 'undefinedName'. Declare `undefinedName` before its use, or check the spelling
          ┌─ inc.slang:4:16
          │
        4 │     return x + undefinedName;
          │                ^^^^^^^^^^^^^
          │
          ┌─ middle.slang:2:1
          │
        2 │ #include "inc.slang"
          │ -------------------- included from here
          │
          ┌─ main.slang:1:1
          │
        1 │ #include "middle.slang"
          │ ----------------------- included from here

        middle.slang:2:1: note: included from here
        main.slang:1:1: note: included from here
    "#]]
    .assert_eq(&stderr);
}

#[test]
fn a_syntax_error_in_an_included_file_is_shown_there() {
    let dir = project(
        "syntax",
        &[
            (
                "inc.slang",
                "float broken(float x)\n{\n    return x * 2\n}\n",
            ),
            ("main.slang", "#include \"inc.slang\"\n"),
        ],
    );
    let stderr = relative(&failing(&dir, &["check"]), &dir);
    let first = stderr.lines().next().unwrap_or_default();
    assert!(first.starts_with("inc.slang:4:1: error[E1001]"), "{stderr}");
    assert!(stderr.contains("4 │ }"), "{stderr}");
    assert!(stderr.contains("┌─ main.slang:1:1"), "{stderr}");
}
