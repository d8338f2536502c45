//! Context sizes of backward derivatives (issue 7): `lower::context_size_of` (the editor's
//! hover), the `// context:` lines of `dslang compile --target ir`, and the error for contexts
//! over `autodiff::MAX_CONTEXT_BYTES`.

use std::path::Path;

use expect_test::expect;

/// The paper's Taylor-series sin with a `[MaxIters]` bound and a caller through a helper.
fn taylor(max_iters: u64) -> String {
    format!(
        r#"
RWStructuredBuffer<float> outputBuffer;

[Differentiable]
float taylorSin(float x, int terms)
{{
    float term = x;
    float sum = x;
    [MaxIters({max_iters})]
    for (int k = 1; k < terms; k++)
    {{
        term = -term * x * x / float((2 * k) * (2 * k + 1));
        sum += term;
    }}
    return sum;
}}

[Differentiable]
float twice(float x) {{ return taylorSin(x, 4) * 2.0; }}

[numthreads(1, 1, 1)]
void computeMain(uint3 tid : SV_DispatchThreadID)
{{
    var x = diffPair(0.5);
    bwd_diff(twice)(x, 1.0);
    outputBuffer[0] = x.d;
}}
"#
    )
}

fn loaded(src: &str) -> driver::Loaded {
    driver::load(
        Path::new("/virtual/context.slang"),
        src.as_bytes(),
        &driver::Options::default(),
    )
}

fn size_of(src: &str, f: &str) -> Option<u32> {
    let l = loaded(src);
    lower::context_size_of(&l.db, l.file, f)
}

#[test]
fn taylor_sin_context_per_max_iters() {
    let rows: Vec<String> = [1u64, 10, 100, 1000]
        .iter()
        .map(|n| {
            let src = taylor(*n);
            format!(
                "MaxIters({n}): taylorSin {:?}, twice {:?}",
                size_of(&src, "taylorSin"),
                size_of(&src, "twice")
            )
        })
        .collect();
    expect![[r#"
        MaxIters(1): taylorSin Some(9), twice Some(9)
        MaxIters(10): taylorSin Some(45), twice Some(45)
        MaxIters(100): taylorSin Some(205), twice Some(205)
        MaxIters(1000): taylorSin Some(2005), twice Some(2005)"#]]
    .assert_eq(&rows.join("\n"));
}

#[test]
fn context_size_of_is_none_for_what_has_no_backward_derivative() {
    let src = taylor(10);
    let rows = [
        format!("missing: {:?}", size_of(&src, "nope")),
        format!("entry point: {:?}", size_of(&src, "computeMain")),
        format!(
            "with an error: {:?}",
            size_of(&(src.clone() + "int broken = ;"), "twice")
        ),
    ];
    expect![[r#"
        missing: None
        entry point: None
        with an error: None"#]]
    .assert_eq(&rows.join("\n"));
}

#[test]
fn compile_ir_prints_a_context_line_per_backward_function() {
    let l = loaded(&taylor(10));
    let compiled = l.compile(&driver::Options::default()).expect("compiles");
    let text = compiled.ir_text();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("// context:"))
        .map(|l| l.trim())
        .collect::<Vec<_>>();
    expect![[r#"
        // context: s_bwd_twice 45 bytes/thread
        // context: s_bwd_taylorSin 45 bytes/thread"#]]
    .assert_eq(&lines.join("\n"));
}

#[test]
fn a_context_over_the_limit_is_an_error_with_its_size() {
    let l = loaded(&taylor(100_000));
    let diagnostics = match l.compile(&driver::Options::default()) {
        Ok(_) => panic!("a 100000-iteration tape must not compile"),
        Err(d) => d,
    };
    let text: Vec<String> = diagnostics
        .iter()
        .map(|d| format!("{} {:?}: {}", d.code, d.range, d.message))
        .collect();
    expect!["E3001 TextRange { start: 486, end: 501 }: cannot differentiate: the backward derivative of twice needs a context of 200005 bytes per thread, more than the limit of 65536 bytes; the largest tape is taylorSin's: lower the [MaxIters(N)] bounds of its loops"].assert_eq(&text.join("\n"));
}

#[test]
fn an_absurd_max_iters_does_not_overflow() {
    let l = loaded(&taylor(u32::MAX as u64));
    let codes: Vec<&str> = match l.compile(&driver::Options::default()) {
        Ok(_) => vec!["compiled"],
        Err(d) => d.iter().map(|d| d.code).collect(),
    };
    expect!["E3001"].assert_eq(&codes.join(" "));
}

#[test]
fn a_huge_force_unroll_is_an_error() {
    let src = taylor(5000).replace("[MaxIters(5000)]", "[ForceUnroll] [MaxIters(5000)]");
    let l = loaded(&src);
    let text: Vec<String> = match l.compile(&driver::Options::default()) {
        Ok(_) => vec!["compiled".into()],
        Err(d) => d
            .iter()
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect(),
    };
    expect!["E3001: cannot differentiate: in taylorSin: loop #1 is [ForceUnroll] with 5001 iterations, more than the limit of 1024 copies: lower its [MaxIters(N)] or drop [ForceUnroll]"].assert_eq(&text.join("\n"));
}
