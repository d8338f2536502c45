use expect_test::{Expect, expect};
use test_format::{ReportedDiagnostic, judge_diagnostics, parse_test_file};

const SOURCE: &str = r#"//DIAGNOSTIC_TEST:SIMPLE(diag=CHECK):
float g(float x) { return 2 * x; }
[Differentiable]
float f(float x) { return g(x); }
//CHECK:                  ^ derivative cannot be propagated
//CHECK: E3001
"#;

fn reported(line: u32, column: u32, code: &str, message: &str) -> ReportedDiagnostic {
    ReportedDiagnostic {
        line,
        column,
        message: message.to_string(),
        code: code.to_string(),
    }
}

fn judge(source: &str, actual: &[ReportedDiagnostic], expect: Expect) {
    expect.assert_eq(&judge_text(source, actual));
}

const MESSAGE: &str =
    "derivative cannot be propagated through call to non-differentiable function `g`";

#[test]
fn exact_report_passes() {
    judge(
        SOURCE,
        &[reported(4, 27, "E3001", MESSAGE)],
        expect!["pass"],
    );
}

#[test]
fn wrong_column_and_missing_code() {
    judge(
        SOURCE,
        &[reported(4, 20, "E3002", MESSAGE)],
        expect![[r#"
            expected an error at 4:27 containing `derivative cannot be propagated` (CHECK line 5); got 4:20: E3002: derivative cannot be propagated through call to non-differentiable function `g`
            no diagnostic contains `E3001` (CHECK line 6)
            unexpected error at 4:20: E3002: derivative cannot be propagated through call to non-differentiable function `g`"#]],
    );
}

#[test]
fn nothing_reported() {
    judge(
        SOURCE,
        &[],
        expect![[r#"
        expected an error at 4:27 containing `derivative cannot be propagated` (CHECK line 5)
        no diagnostic contains `E3001` (CHECK line 6)"#]],
    );
}

#[test]
fn unexpected_extra_error() {
    judge(
        SOURCE,
        &[
            reported(4, 27, "E3001", MESSAGE),
            reported(2, 1, "E2000", "something else"),
        ],
        expect!["unexpected error at 2:1: E2000: something else"],
    );
}

#[test]
fn non_exhaustive_allows_extra_errors() {
    let source = SOURCE.replace("(diag=CHECK)", "(diag=CHECK, non-exhaustive)");
    judge(
        &source,
        &[
            reported(4, 27, "E3001", MESSAGE),
            reported(2, 1, "E2000", "something else"),
        ],
        expect!["pass"],
    );
}

#[test]
fn caret_less_tests_only_need_the_text() {
    let source = "//DIAGNOSTIC_TEST:SIMPLE(diag=CHECK):\nint x = ;\n//CHECK: error[E1001]\n";
    let out = [
        judge_text(source, &[reported(2, 9, "E1001", "expected an expression")]),
        judge_text(source, &[reported(2, 9, "E1002", "expected an expression")]),
    ];
    expect![[r#"
        pass
        --
        no diagnostic contains `error[E1001]` (CHECK line 3)"#]]
    .assert_eq(&out.join("\n--\n"));
}

fn judge_text(source: &str, actual: &[ReportedDiagnostic]) -> String {
    let file = parse_test_file(source);
    let expectations = file.diagnostics.expect("a diagnostic test");
    let problems: Vec<String> = judge_diagnostics(&expectations, actual)
        .iter()
        .map(ToString::to_string)
        .collect();
    if problems.is_empty() {
        "pass".into()
    } else {
        problems.join("\n")
    }
}
