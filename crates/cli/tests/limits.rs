//! Limits turn into diagnostics, never crashes or hangs: deep nesting, long lines, big files,
//! invalid UTF-8, self-nesting generics, huge arrays. Through the real binary where the process
//! boundary matters (stack overflows abort a process), in-process where it is cheaper.
//! Also runs every input of tests/regressions/ through the whole pipeline.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

struct Run {
    code: Option<i32>,
    stderr: String,
    elapsed: Duration,
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dslang-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn dslang(command: &str, name: &str, contents: &[u8]) -> Run {
    let path = temp_file(name, contents);
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_dslang"))
        .arg(command)
        .arg(&path)
        .env("NO_COLOR", "1")
        .output()
        .expect("the dslang binary runs");
    Run {
        code: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed: started.elapsed(),
    }
}

/// The `error[CODE]: message` lines of a run.
fn errors(run: &Run) -> Vec<&str> {
    run.stderr
        .lines()
        .filter_map(|l| l.find("error[").map(|i| &l[i..]))
        .collect()
}

fn assert_single_error(run: &Run, code: &str, message: &str) {
    let errors = errors(run);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&format!("error[{code}]")) && e.contains(message)),
        "expected {code} ({message}), got {errors:#?}"
    );
}

// Debug builds on a shared 2-core machine: bounds are generous, what they catch is a hang or a
// quadratic blow-up.
const SMALL_INPUT_BOUND: Duration = Duration::from_secs(20);

#[test]
fn ten_thousand_nested_parentheses_are_one_diagnostic() {
    let text = format!(
        "float f() {{ return {}1.0{}; }}\n",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let run = dslang("check", "parens.slang", text.as_bytes());
    assert_single_error(&run, "E1001", "nesting is too deep (more than 256 levels)");
    assert_eq!(errors(&run).len(), 1, "{}", run.stderr);
    assert!(run.elapsed < SMALL_INPUT_BOUND, "{:?}", run.elapsed);
}

#[test]
fn ten_thousand_nested_blocks_are_one_diagnostic() {
    let text = format!("void f() {}{}\n", "{".repeat(10_000), "}".repeat(10_000));
    let run = dslang("check", "blocks.slang", text.as_bytes());
    assert_single_error(&run, "E1001", "nesting is too deep (more than 256 levels)");
    assert_eq!(errors(&run).len(), 1, "{}", run.stderr);
    assert!(run.elapsed < SMALL_INPUT_BOUND, "{:?}", run.elapsed);
}

#[test]
fn nested_blocks_and_parentheses_through_compile() {
    // The whole pipeline stops at the parse error: no lowering of a truncated tree.
    let text = format!(
        "[numthreads(1,1,1)] void computeMain() {} float x = {}1.0{}; {}\n",
        "{".repeat(5_000),
        "(".repeat(5_000),
        ")".repeat(5_000),
        "}".repeat(5_000)
    );
    let run = dslang("compile", "nested_compile.slang", text.as_bytes());
    assert_single_error(&run, "E1001", "nesting is too deep");
}

#[test]
fn one_megabyte_line_checks_clean() {
    let mut text = String::from("float f(float x) { float a = x;");
    while text.len() < 1_000_000 {
        text.push_str(" a = a * 0.5 + sin(x);");
    }
    text.push_str(" return a; }\n");
    let run = dslang("check", "long_line.slang", text.as_bytes());
    assert_eq!(
        run.code,
        Some(0),
        "{}",
        &run.stderr[..run.stderr.len().min(2000)]
    );
    assert!(run.elapsed < Duration::from_secs(60), "{:?}", run.elapsed);
}

#[test]
fn one_megabyte_line_with_an_error_at_its_end_is_located() {
    let mut text = String::from("float f(float x) { float a = x;");
    while text.len() < 1_000_000 {
        text.push_str(" a = a + x;");
    }
    let column = text.len() + 9;
    text.push_str(" return b; }\n");
    let run = dslang("check", "long_line_error.slang", text.as_bytes());
    assert_eq!(run.code, Some(1));
    let first = run.stderr.lines().next().unwrap_or_default();
    assert!(
        first.contains(&format!(
            "long_line_error.slang:1:{column}: error[E2001]: undefined identifier 'b'"
        )),
        "{}",
        &first[..first.len().min(300)]
    );
}

/// `DSLANG_LIMITS_BIG_MB` sets the size of the big-file test (default 10).
#[test]
fn ten_megabyte_file_checks_in_bounded_time() {
    let megabytes: usize = std::env::var("DSLANG_LIMITS_BIG_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let mut text = String::new();
    let mut i = 0;
    while text.len() < megabytes * 1_000_000 {
        text.push_str(&format!(
            "struct S{i} {{ float a; float b; }};\n[Differentiable]\nfloat f{i}(float x, S{i} s) {{ float y = x * s.a + sin(x); return y * y + s.b; }}\n"
        ));
        i += 1;
    }
    let run = dslang("check", "big.slang", text.as_bytes());
    assert_eq!(
        run.code,
        Some(0),
        "{}",
        &run.stderr[..run.stderr.len().min(2000)]
    );
    println!(
        "{megabytes} MB, {i} functions and structs: checked in {:?}",
        run.elapsed
    );
    assert!(run.elapsed < Duration::from_secs(300), "{:?}", run.elapsed);
}

#[test]
fn invalid_utf8_is_a_diagnostic_and_exit_1() {
    let run = dslang(
        "check",
        "bad_utf8.slang",
        b"float f() { return 1.0; } // caf\xe9 \xff\xfe\n",
    );
    assert_single_error(&run, "E1004", "invalid UTF-8 in the source file");
    let run = dslang("compile", "bad_utf8_compile.slang", b"\xc3\x28 float x;\n");
    assert_single_error(&run, "E1004", "invalid UTF-8");
}

#[test]
fn self_nesting_generic_struct_is_a_diagnostic() {
    let run = dslang(
        "compile",
        "generic_nesting.slang",
        b"struct G<T> { G<G<T>> x; };\nG<float> g;\n[numthreads(1,1,1)] void computeMain() {}\n",
    );
    // The front end sees the struct contain itself by value (an infinite size) before lowering
    // would reach its nesting limit (E4003).
    assert_single_error(
        &run,
        "E2215",
        "type 'G' contains itself by value (field `x`): it would have infinite size; hold the inner value through an array index, a pointer or a buffer instead",
    );
}

#[test]
fn recursive_generic_functions_are_a_diagnostic() {
    let run = dslang(
        "compile",
        "generic_fn.slang",
        b"T f<T>(T x) { return f<T>(x); }\nRWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void computeMain() { o[0] = f<float>(1.0); }\n",
    );
    assert_single_error(&run, "E55201", "recursion detected in call to 'f'");
    // Mutual recursion through two generic functions.
    let run = dslang(
        "compile",
        "generic_fn2.slang",
        b"T f<T : IFloat>(T x) { return g<T>(x); }\nT g<T : IFloat>(T x) { return f<T>(x) + x; }\nRWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void computeMain() { o[0] = f<float>(1.0); }\n",
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        errors(&run).iter().any(|e| e.starts_with("error[E55201]")),
        "{}",
        run.stderr
    );
}

#[test]
fn huge_arrays_are_a_diagnostic_with_the_size() {
    let run = dslang(
        "compile",
        "huge.slang",
        b"RWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void computeMain() { float a[1000000000]; a[0] = 1.0; o[0] = a[0]; }\n",
    );
    assert_single_error(
        &run,
        "E4003",
        "the array type `float[1000000000]` needs at least 4000000000 bytes, more than the 2147483647-byte limit",
    );
    // A large but legal array still compiles.
    let run = dslang(
        "compile",
        "large.slang",
        b"RWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void computeMain() { float a[1000]; a[0] = 1.0; o[0] = a[0]; }\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn deep_nesting_in_process_does_not_overflow_the_stack() {
    // Far beyond the binary's tests: the parser's depth limit, not the stack, ends it.
    for depth in [1_000usize, 100_000] {
        let text = format!(
            "float f() {{ return {}1{}; }}",
            "(".repeat(depth),
            ")".repeat(depth)
        );
        let parse = syntax::parse(&text);
        assert_eq!(parse.syntax_node().to_string(), text);
        assert!(parse.errors().iter().any(|e| e.code == "E1001"));
        let mut db = hir::RootDatabase::default();
        let file = db.set_file("deep.slang", &text);
        assert!(
            hir::diagnostics(&db, file)
                .iter()
                .any(|d| d.code == "E1001")
        );
    }
}

fn regression_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/regressions exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "slang"))
        .collect();
    files.sort();
    files
}

/// Every regression input through parse → check → lower → codegen, in-process: no panic, and the
/// first error is the one its `// expect: CODE` line names (`ok`: it compiles to WGSL).
#[test]
fn regressions_never_panic() {
    let files = regression_files();
    assert!(files.len() >= 5, "{files:?}");
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let expect = String::from_utf8_lossy(&bytes)
            .lines()
            .find_map(|l| l.strip_prefix("// expect: ").map(|s| s.trim().to_string()))
            .unwrap_or_else(|| panic!("{} has no `// expect:` line", path.display()));
        let outcome = std::panic::catch_unwind(|| {
            let options = driver::Options::default();
            let loaded = driver::load(Path::new("/regressions/input.slang"), &bytes, &options);
            let first_error = loaded
                .diagnostics()
                .into_iter()
                .find(|d| d.severity == hir::Severity::Error);
            match first_error {
                Some(d) => d.code.to_string(),
                None => match loaded.compile(&options) {
                    Ok(_) => "ok".to_string(),
                    Err(d) => d.first().map(|d| d.code.to_string()).unwrap_or_default(),
                },
            }
        });
        match outcome {
            Ok(got) if got == expect => {}
            Ok(got) => failures.push(format!("{}: expected {expect}, got {got}", path.display())),
            Err(_) => failures.push(format!("{}: panicked", path.display())),
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A `[MaxIters]` bound that would make the backward context (the tape) too large: a diagnostic
/// that names the computed size, not a GPU allocation failure.
#[test]
fn max_iters_too_large_for_a_context_is_a_diagnostic_with_the_size() {
    let text = b"RWStructuredBuffer<float> o;
[Differentiable]
float f(float x, int n)
{
    float s = x;
    [MaxIters(1000000)]
    for (int k = 0; k < n; k++) { s = s * x + 0.5; }
    return s;
}
[numthreads(1, 1, 1)]
void computeMain()
{
    var p = diffPair(0.5);
    bwd_diff(f)(p, 4, 1.0);
    o[0] = p.d;
}
";
    let run = dslang("compile", "max_iters.slang", text);
    assert_single_error(
        &run,
        "E3001",
        "the backward derivative of f needs a context of",
    );
    let line = errors(&run).into_iter().next().unwrap_or_default();
    let bytes: u64 = line
        .split("context of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no size in {line}"));
    // `s` is carried by the loop: stored every second run (a thinned tape of 500001 floats).
    assert!(bytes > 500_000 * 4, "{line}");
    assert!(
        line.contains("more than the limit of 65536 bytes"),
        "{line}"
    );
}

#[test]
fn includes_of_devices_fifos_and_directories_are_refused_not_read() {
    let dir = std::env::temp_dir().join(format!("dslang-limits-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a_directory")).unwrap();
    let fifo = dir.join("a_fifo");
    let _ = std::fs::remove_file(&fifo);
    let made_fifo = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut targets = vec![
        "/dev/zero".to_string(),
        "/dev/urandom".to_string(),
        "/dev/stdin".to_string(),
        dir.join("a_directory").display().to_string(),
    ];
    if made_fifo {
        targets.push(fifo.display().to_string());
    }
    for target in targets {
        let run = dslang(
            "check",
            "include_device.slang",
            format!("#include \"{target}\"\nfloat f(float x) {{ return x; }}\n").as_bytes(),
        );
        assert!(
            run.elapsed < SMALL_INPUT_BOUND,
            "{target}: {:?}",
            run.elapsed
        );
        assert_single_error(&run, "E2906", "cannot find include file");
    }
}

#[test]
fn macro_bombs_and_include_fan_outs_end_with_e2912() {
    let mut chain = String::from("#define A0 x x\n");
    for k in 1..=40 {
        chain.push_str(&format!("#define A{k} A{} A{}\n", k - 1, k - 1));
    }
    chain.push_str("float A40;\n");
    let run = dslang("check", "macro_bomb.slang", chain.as_bytes());
    assert!(run.elapsed < SMALL_INPUT_BOUND, "{:?}", run.elapsed);
    assert_single_error(&run, "E2912", "expansion of macro `A40`");

    // h0 includes h1 twice, ... h24 a line: 2^24 inclusions without the limit.
    for k in 0..24 {
        let next = format!("fan_{}.h", k + 1);
        temp_file(
            &format!("fan_{k}.h"),
            format!("#include \"{next}\"\n#include \"{next}\"\n").as_bytes(),
        );
    }
    temp_file("fan_24.h", b"float x;\n");
    let run = dslang("check", "fan_out.slang", b"#include \"fan_0.h\"\n");
    assert!(run.elapsed < SMALL_INPUT_BOUND, "{:?}", run.elapsed);
    assert_single_error(&run, "E2912", "`#include` limit reached");
}
