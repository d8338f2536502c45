//! Snapshot, round-trip and robustness tests.

mod ast;
mod corpus;
mod errors;
mod exprs;
mod items;
mod lexer;
mod preprocessor;
mod reparse;
mod robust;
mod stmts;
mod types;

use expect_test::Expect;

/// Parses `src`, checks that the tree is lossless, and compares the dump with the snapshot.
pub(crate) fn check(src: &str, expect: Expect) {
    let parse = crate::parse(src);
    assert_eq!(
        parse.syntax_node().text().to_string(),
        src,
        "tree text differs from the input"
    );
    expect.assert_eq(&parse.debug_dump());
}
