//! Tiered tapes of reverse-mode loops (`dslang compile --tape-tiers`): which backward derivatives
//! of the autodiff corpus's tier tests are split into tiers in the generated WGSL, and the
//! context reported for them (the full function's, not a sum over the copies).

use std::path::{Path, PathBuf};

use expect_test::expect;

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/autodiff/reverse")
        .join(name)
}

fn compile(name: &str, tiers: driver::TapeTiers) -> driver::Compiled {
    let path = corpus(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let options = driver::Options {
        tape_tiers: tiers,
        ..driver::Options::default()
    };
    let loaded = driver::load(&path, &bytes, &options);
    loaded
        .compile(&options)
        .unwrap_or_else(|d| panic!("{name}: {d:?}"))
}

/// The WGSL's backward-derivative functions with their tape arrays, and the context lines.
fn summary(c: &driver::Compiled) -> String {
    let mut out = Vec::new();
    for line in c.wgsl.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("fn s_bwd_") {
            let name = rest.split('(').next().unwrap_or(rest);
            out.push(format!("fn s_bwd_{name}"));
        } else if line.starts_with("var tape") && line.contains("array<") {
            out.push(format!("  {line}"));
        }
    }
    for ctx in &c.contexts {
        out.push(format!("context {} {}", ctx.function, ctx.bytes));
    }
    out.join("\n")
}

#[test]
fn loops_with_large_tapes_get_tiers() {
    let c = compile("bwd_loop_tape_tiers.slang", driver::TapeTiers::default());
    expect![[r#"
        fn s_bwd_affine128_full
          var tape5_: array<f32, 65>;
        fn s_bwd_affine128_tier64_
          var tape5_1: array<f32, 33>;
        fn s_bwd_affine128_tier32_
          var tape5_2: array<f32, 17>;
        fn s_bwd_affine128_tier16_
          var tape5_3: array<f32, 9>;
        fn s_bwd_affine128_
        fn s_bwd_affine64_full
          var tape5_4: array<f32, 33>;
        fn s_bwd_affine64_tier32_
          var tape5_5: array<f32, 17>;
        fn s_bwd_affine64_tier16_
          var tape5_6: array<f32, 9>;
        fn s_bwd_affine64_
        context s_bwd_affine128 261
        context s_bwd_affine64 133"#]]
    .assert_eq(&summary(&c));
}

#[test]
fn tiers_follow_the_option() {
    let c = compile(
        "bwd_loop_tape_tiers.slang",
        driver::TapeTiers::new([16, 32, 64]),
    );
    expect![[r#"
        fn s_bwd_affine128_full
          var tape5_: array<f32, 65>;
        fn s_bwd_affine128_tier64_
          var tape5_1: array<f32, 33>;
        fn s_bwd_affine128_tier32_
          var tape5_2: array<f32, 17>;
        fn s_bwd_affine128_tier16_
          var tape5_3: array<f32, 9>;
        fn s_bwd_affine128_
        fn s_bwd_affine64_full
          var tape5_4: array<f32, 33>;
        fn s_bwd_affine64_tier32_
          var tape5_5: array<f32, 17>;
        fn s_bwd_affine64_tier16_
          var tape5_6: array<f32, 9>;
        fn s_bwd_affine64_
        context s_bwd_affine128 261
        context s_bwd_affine64 133"#]]
    .assert_eq(&summary(&c));
    let c = compile("bwd_loop_tape_tiers.slang", driver::TapeTiers::none());
    expect![[r#"
        fn s_bwd_affine128_
          var tape5_: array<f32, 65>;
        fn s_bwd_affine64_
          var tape5_1: array<f32, 33>;
        context s_bwd_affine128 261
        context s_bwd_affine64 133"#]]
    .assert_eq(&summary(&c));
}

#[test]
fn a_primal_region_writing_a_buffer_is_not_tiered() {
    let c = compile(
        "bwd_loop_primal_writes_buffer.slang",
        driver::TapeTiers::default(),
    );
    assert!(!c.wgsl.contains("_tier"), "{}", c.wgsl);
    expect![[r#"
        fn s_bwd_logged_pow
          var tape5_: array<f32, 65>;
        context s_bwd_logged_pow 261"#]]
    .assert_eq(&summary(&c));
}
