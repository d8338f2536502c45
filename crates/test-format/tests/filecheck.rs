use expect_test::expect;
use test_format::filecheck;

fn run(checks: &str, output: &str) -> String {
    match filecheck(checks, "CHECK", output) {
        Ok(()) => "pass".to_string(),
        Err(e) => format!("fail: {e}"),
    }
}

const FLOATS: &str = "type: float\n6.000000\n16.000000\n0.333333\n-2.500000\n";

#[test]
fn buffer_numbers_match_numerically() {
    let cases = [
        "// CHECK: type: float\n// CHECK-NEXT: 6.0\n// CHECK-NEXT: 16\n",
        // `6.0` is not a substring match of `16.000000`.
        "// CHECK: type: float\n// CHECK-NEXT: 16.0\n",
        "// CHECK: 0.33333\n// CHECK-NEXT: -2.5\n",
        "// CHECK: 6.0\n// CHECK-NEXT: 6.0\n",
        "// CHECK: 7\n",
    ];
    let out: Vec<String> = cases.iter().map(|c| run(c, FLOATS)).collect();
    expect![[r#"
        pass
        fail: check on line 2: expected `16.0` on output line 2, found `6.000000`
        pass
        fail: check on line 2: expected `6.0` on output line 3, found `16.000000`
        fail: check on line 1: `7` not found after output line 1"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn directive_kinds() {
    let output = "alpha beta gamma\ndelta\n\nepsilon zeta\n";
    let cases = [
        "CHECK: beta\nCHECK-SAME: gamma\nCHECK-NEXT: delta\nCHECK-EMPTY:\nCHECK-NEXT: epsilon",
        "CHECK: gamma\nCHECK-SAME: beta",
        "CHECK: alpha\nCHECK-NEXT: epsilon",
        "CHECK: alpha\nCHECK-NOT: delta\nCHECK: epsilon",
        "CHECK: alpha\nCHECK-NOT: zeta\nCHECK: epsilon",
        "CHECK: epsilon\nCHECK-NOT: alpha",
        "CHECK: zeta\nCHECK: alpha",
        "CHECK-NEXT: alpha",
        "CHECK-DAG: alpha",
        "nothing to check here",
        "CHECK:",
        "XCHECK: alpha\nCHECK: zeta",
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|c| format!("{:?}: {}", c, run(c, output)))
        .collect();
    expect![[r#"
        "CHECK: beta\nCHECK-SAME: gamma\nCHECK-NEXT: delta\nCHECK-EMPTY:\nCHECK-NEXT: epsilon": pass
        "CHECK: gamma\nCHECK-SAME: beta": fail: check on line 2: expected `beta` on output line 1, found `alpha beta gamma`
        "CHECK: alpha\nCHECK-NEXT: epsilon": fail: check on line 2: expected `epsilon` on output line 2, found `delta`
        "CHECK: alpha\nCHECK-NOT: delta\nCHECK: epsilon": fail: check on line 2: `delta` must not appear, but output line 2 has it: `delta`
        "CHECK: alpha\nCHECK-NOT: zeta\nCHECK: epsilon": pass
        "CHECK: epsilon\nCHECK-NOT: alpha": pass
        "CHECK: zeta\nCHECK: alpha": fail: check on line 2: `alpha` not found after output line 4
        "CHECK-NEXT: alpha": fail: check on line 1: a Next check needs an earlier match on the line it refers to
        "CHECK-DAG: alpha": pass
        "nothing to check here": fail: no `CHECK:` lines found
        "CHECK:": fail: check on line 1: empty pattern after CHECK:
        "XCHECK: alpha\nCHECK: zeta": pass"#]].assert_eq(&out.join("\n"));
}

#[test]
fn regex_blanks_and_variables() {
    let output = "define %x_1 = add i32 %a, 7\nuse   %x_1 twice\n";
    let cases = [
        "CHECK: define {{%[a-z_0-9]+}} = add",
        "CHECK: use %x_1 twice",
        "CHECK: define [[V:%[a-z_0-9]+]] = add\nCHECK-NEXT: use [[V]] twice",
        "CHECK: define [[V:%[a-z]+]] = add\nCHECK-NEXT: use [[V]] twice",
        "CHECK: use [[W]]",
        "CHECK: {{[unclosed}}",
        "CHECK: add i32 {{.*}}, [[#N]]",
        "CHECK: a[b] {c}",
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|c| format!("{:?}: {}", c, run(c, output)))
        .collect();
    expect![[r#"
        "CHECK: define {{%[a-z_0-9]+}} = add": pass
        "CHECK: use %x_1 twice": pass
        "CHECK: define [[V:%[a-z_0-9]+]] = add\nCHECK-NEXT: use [[V]] twice": pass
        "CHECK: define [[V:%[a-z]+]] = add\nCHECK-NEXT: use [[V]] twice": fail: check on line 1: `define [[V:%[a-z]+]] = add` not found after output line 1
        "CHECK: use [[W]]": fail: check on line 1: variable `W` used before it is defined
        "CHECK: {{[unclosed}}": fail: check on line 1: bad regex in `{{[unclosed}}`: regex parse error:
            (?:[unclosed)
               ^
        error: unclosed character class
        "CHECK: add i32 {{.*}}, [[#N]]": fail: check on line 1: unsupported `[[#N]]` in `add i32 {{.*}}, [[#N]]`
        "CHECK: a[b] {c}": fail: check on line 1: `a[b] {c}` not found after output line 1"#]].assert_eq(&out.join("\n"));
}

/// A run of DAG checks matches in any order, each at its own place; the next check searches
/// after the latest of them, and a NOT before the run covers the text up to the earliest.
#[test]
fn dag_runs_match_in_any_order() {
    let output = "type: int32_t\n3\n1\n2\n3\n9\n";
    let cases = [
        "CHECK: type\nCHECK-DAG: 2\nCHECK-DAG: 1\nCHECK-DAG: 3\nCHECK-NEXT: 3",
        // The two `3`s need two different lines.
        "CHECK: type\nCHECK-DAG: 3\nCHECK-DAG: 3\nCHECK-NEXT: 9",
        "CHECK: type\nCHECK-DAG: 3\nCHECK-DAG: 3\nCHECK-DAG: 3",
        // The next check starts after the latest DAG match (line 5), so `1` is not found again.
        "CHECK-DAG: 3\nCHECK-DAG: 2\nCHECK: 1",
        "CHECK: type\nCHECK-NOT: 9\nCHECK-DAG: 2\nCHECK-DAG: 1",
        "CHECK: type\nCHECK-NOT: 1\nCHECK-DAG: 2",
        "CHECK-DAG: [[V:[0-9]]]\nCHECK-DAG: [[V]]",
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|c| format!("{:?}: {}", c, run(c, output)))
        .collect();
    expect![[r#"
        "CHECK: type\nCHECK-DAG: 2\nCHECK-DAG: 1\nCHECK-DAG: 3\nCHECK-NEXT: 3": pass
        "CHECK: type\nCHECK-DAG: 3\nCHECK-DAG: 3\nCHECK-NEXT: 9": pass
        "CHECK: type\nCHECK-DAG: 3\nCHECK-DAG: 3\nCHECK-DAG: 3": fail: check on line 4: `3` not found after output line 1 (apart from the other DAG matches)
        "CHECK-DAG: 3\nCHECK-DAG: 2\nCHECK: 1": fail: check on line 3: `1` not found after output line 4
        "CHECK: type\nCHECK-NOT: 9\nCHECK-DAG: 2\nCHECK-DAG: 1": pass
        "CHECK: type\nCHECK-NOT: 1\nCHECK-DAG: 2": fail: check on line 2: `1` must not appear, but output line 3 has it: `1`
        "CHECK-DAG: [[V:[0-9]]]\nCHECK-DAG: [[V]]": pass"#]]
    .assert_eq(&out.join("\n"));
}
