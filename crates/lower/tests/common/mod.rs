//! What the lowering tests share: lower a one-file program, and snapshot its IR.

#![allow(dead_code)] // each test file uses its own part

use expect_test::Expect;

/// Lowers `src` as the file `test.slang` with its first entry point.
pub fn lower(src: &str) -> Result<ir::Module, Vec<hir::Diagnostic>> {
    let mut db = hir::RootDatabase::default();
    let file = db.set_file("test.slang", src);
    lower::lower_program(&db, file, None)
}

/// The printed IR of `src`, which must lower.
pub fn check(src: &str, expected: Expect) {
    match lower(src) {
        Ok(module) => expected.assert_eq(&ir::print_module(&module)),
        Err(diags) => panic!("lowering failed: {diags:?}"),
    }
}

/// Lowering diagnostics as `CODE `source text`: message`, one per line: what a refusal test
/// snapshots.
pub fn located(src: &str, diags: &[hir::Diagnostic]) -> String {
    diags
        .iter()
        .map(|d| {
            format!(
                "{} `{}`: {}",
                d.code,
                &src[d.range.start as usize..d.range.end as usize],
                d.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
