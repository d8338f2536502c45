use expect_test::expect;
use test_format::{expected_file_for, judge_output, parse_test_file};

#[test]
fn verdicts_use_checks_first_then_expected_text() {
    let plain = "//TEST(compute):COMPARE_COMPUTE_EX:-output-using-type\n";
    let checked = "//TEST(compute):COMPARE_COMPUTE_EX(filecheck-buffer=CHECK):-output-using-type\n\
                   // CHECK: type: float\n// CHECK-NEXT: 2.0\n";
    let output = "type: float\n2.000000\n";
    let verdict = |source: &str, expected: Option<&str>| {
        let file = parse_test_file(source);
        format!(
            "{:?}",
            judge_output(source, file.compute_tests().next(), expected, output)
        )
    };
    let out = [
        verdict(plain, None),
        verdict(plain, Some("type: float\n2.000000\n")),
        verdict(plain, Some("type: float\n3.000000\n")),
        // CHECK lines win over an expected file.
        verdict(checked, Some("type: float\n3.000000\n")),
        verdict(&checked.replace("2.0", "4.0"), None),
    ];
    expect![[r#"
        NoExpectation
        Pass
        Fail("line 2: expected `3.000000`, got `2.000000`")
        Pass
        Fail("check on line 3: expected `4.0` on output line 2, found `2.000000`")"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn expected_files_sit_beside_the_test() {
    let dir = std::env::temp_dir().join(format!("judge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let test = dir.join("a.slang");
    assert_eq!(expected_file_for(&test), None);
    std::fs::write(dir.join("a.expected.txt"), "").unwrap();
    assert_eq!(expected_file_for(&test), Some(dir.join("a.expected.txt")));
    // Slang's own naming is preferred.
    std::fs::write(dir.join("a.slang.expected.txt"), "").unwrap();
    assert_eq!(
        expected_file_for(&test),
        Some(dir.join("a.slang.expected.txt"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
