use expect_test::{Expect, expect};

use super::*;

pub(super) fn run(
    text: &str,
    defines: &[(&str, Option<&str>)],
    files: &[(&str, &str)],
) -> Preprocessed {
    let defines: Vec<(Arc<str>, Option<Arc<str>>)> = defines
        .iter()
        .map(|(n, v)| (Arc::from(*n), v.map(Arc::from)))
        .collect();
    let mut resolver = |path: &str| {
        files
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(p, t)| (Arc::from(*p), Arc::from(*t)))
            .ok_or(None)
    };
    preprocess(text, "dir/test.slang", &defines, &mut resolver)
}

/// The text with blanked lines shown empty (trailing blanks do not survive snapshots).
fn visible(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

fn check(text: &str, expect: Expect) {
    let pp = run(text, &[], &[]);
    let mut out = visible(&pp.text);
    for e in &pp.errors {
        out.push_str(&format!(
            "\n{} {}..{}: {}",
            e.code, e.range.start, e.range.end, e.message
        ));
    }
    expect.assert_eq(&out);
}

fn codes(pp: &Preprocessed) -> Vec<&'static str> {
    pp.errors.iter().map(|e| e.code).collect()
}

#[test]
fn macro_bombs_stop_at_the_expansion_limit() {
    // An exponential chain of object-like macros: 2^40 copies of `x`.
    let mut chain = String::from("#define A0 x x\n");
    for k in 1..=40 {
        chain.push_str(&format!("#define A{k} A{} A{}\n", k - 1, k - 1));
    }
    // The same through function-like and variadic macros.
    let function_like =
        "#define F(a) a a\n#define G(a) F(F(F(F(F(F(F(F(a))))))))\nG(G(G(G(G(G(x))))))\n";
    let variadic = "#define V(...) __VA_ARGS__ __VA_ARGS__\n#define W(...) V(V(V(V(V(V(V(V(__VA_ARGS__))))))))\nW(W(W(W(W(W(x))))))\n";
    for text in [
        format!("{chain}A40\n"),
        function_like.into(),
        variadic.into(),
    ] {
        let start = std::time::Instant::now();
        let pp = run(&text, &[], &[]);
        assert!(start.elapsed().as_secs() < 5, "{text}");
        assert!(
            pp.text.len() < 4 * MAX_MACRO_EXPANSION_BYTES,
            "{}",
            pp.text.len()
        );
        assert_eq!(codes(&pp), ["E2912"], "{text}");
    }
}

#[test]
fn include_fan_out_stops_at_the_inclusion_limit() {
    // h0 includes h1 twice, ..., h24 is a line: 2^24 inclusions without a limit.
    let names: Vec<String> = (0..=24).map(|k| format!("h{k}.h")).collect();
    let texts: Vec<String> = (0..=24)
        .map(|k| match names.get(k + 1) {
            Some(next) => format!("#include \"{next}\"\n#include \"{next}\"\n"),
            None => "float x;\n".into(),
        })
        .collect();
    let files: Vec<(&str, &str)> = names
        .iter()
        .zip(&texts)
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let start = std::time::Instant::now();
    let pp = run("#include \"h0.h\"\nfloat y;\n", &[], &files);
    assert!(start.elapsed().as_secs() < 5);
    let all: Vec<&str> = pp
        .errors
        .iter()
        .map(|e| e.code)
        .chain(pp.included_errors.iter().map(|e| e.error.code))
        .collect();
    assert_eq!(all, ["E2912"]);
}

#[test]
fn object_and_function_macros_expand() {
    check(
        "#define N 4\n#define SQ(x) ((x) * (x))\nfloat a[N]; float b = SQ(a[0] + 1);",
        expect![[r#"


                float a[4]; float b = ((a[0] + 1) * (a[0] + 1));"#]],
    );
}

#[test]
fn variadic_macros_take_the_trailing_arguments() {
    check(
        "#define CALL(f, ...) f(__VA_ARGS__)\n#define NAMED(f, rest...) f(0, rest)\n#define STR(...) #__VA_ARGS__\n#define ONLY(...) g(__VA_ARGS__)\nint a = CALL(h, 1, k(2, 3), 4) + CALL(h) + NAMED(h, 5, 6); string s = STR(x,   y); int b = ONLY();\nint c = CALL();",
        expect![[r#"




                int a = h(1, k(2, 3), 4) + h() + h(0, 5, 6); string s = "x, y"; int b = g();
                int c = ();"#]],
    );
    check(
        "#define TWO(a, b, ...) a + b\nint x = TWO(1);",
        expect![[r#"

                int x = 1 + ;
                E2911 37..43: macro `TWO` takes at least 2 argument(s) but 1 were given"#]],
    );
}

#[test]
fn line_and_file_are_predefined() {
    check(
        "int a = __LINE__;\n#define HERE __FILE__\nstring f = HERE; int b = __LINE__;\n#define AT(x) (x + __LINE__)\nint c = AT(1);",
        expect![[r#"
                int a = 1;

                string f = "dir/test.slang"; int b = 3;

                int c = 6;"#]],
    );
}

#[test]
fn conditionals_select_branches() {
    check(
        "#define A 2\n#if A > 1 && defined(A)\nint yes;\n#elif 1\nint no1;\n#else\nint no2;\n#endif\n#ifndef B\nint b;\n#endif",
        expect![[r#"


                int yes;






                int b;
            "#]],
    );
}

#[test]
fn command_line_defines_and_includes() {
    let pp = run(
        "#include \"lib.h\"\nfloat x = SCALE * K;",
        &[("SCALE", Some("2.0"))],
        &[("lib.h", "#define K 3\nfloat libValue;")],
    );
    expect![[r#"
           
            float libValue;
            float x = 2.0 * 3;"#]]
    .assert_eq(&visible(&pp.text));
    assert_eq!(pp.includes.len(), 1);
}

#[test]
fn errors_name_the_problem() {
    check(
        "#if 1\nint a;\n#include \"missing.h\"\n#foo\n",
        expect![[r#"

                int a;


                E2906 13..33: cannot find include file `missing.h`: check the name and the include paths
                E2908 35..38: unknown preprocessor directive `#foo`
                E2901 0..5: `#if` without a matching `#endif`: add `#endif`"#]],
    );
}

#[test]
fn map_points_back_to_invocations() {
    let pp = run("#define LONG_NAME 1\nint x = LONG_NAME + y;", &[], &[]);
    // `y` moved left by the expansion; its original offset is recovered.
    let y_expanded = pp.text.find('y').unwrap() as u32;
    let original = "#define LONG_NAME 1\nint x = LONG_NAME + y;";
    assert_eq!(
        pp.map.to_original(y_expanded) as usize,
        original.find('y').unwrap()
    );
    // Anything inside the expansion maps to the whole invocation.
    let one = pp.text.rfind('1').unwrap() as u32;
    let r = pp.map.range_to_original(TextRange::new(one, one + 1));
    assert_eq!(&original[r.start as usize..r.end as usize], "LONG_NAME");
    assert_eq!(
        pp.map.to_expanded(original.find('y').unwrap() as u32),
        y_expanded
    );
}

#[test]
fn constant_macros_fold_for_generic_arguments() {
    check(
        "#define N (2 + 4 * 4)\nFeature<N> f;",
        expect![[r#"

            Feature<18> f;"#]],
    );
}

#[test]
fn language_version_directives() {
    check(
        "#language slang 2026\n#lang slang 2025\n#language 202c\n#language latest\nint a;",
        expect![[r#"




            int a;"#]],
    );
    check(
        "#language slang 1999\nint a;",
        expect![[r#"

            int a;
            E2909 0..20: unknown language version `1999`: write `#language slang 2026` (or 2018, 2025, 202c)"#]],
    );
}

#[test]
fn files_without_directives_are_detected() {
    assert!(!has_directives("float f(float x) { return x; } // #define"));
    assert!(has_directives("  #define X 1\n"));
    assert!(has_directives("float x; // a\n\t\u{a0}#if A\n#endif"));
    assert!(!has_directives("float x; # y\nint a = b # c;\n"));
}
