//! Snapshot, round-trip and robustness tests.

mod ast;
mod corpus;
mod errors;
mod exprs;
mod forms;
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

/// Parses `src` and compares a compact outline with the snapshot: nodes with their keyword
/// tokens, names and references with their text and token kinds, types and literals as text;
/// then the errors. For inputs whose full dump would bury what the test is about.
pub(crate) fn check_outline(src: &str, expect: Expect) {
    use crate::{NodeOrToken, SyntaxKind::*, SyntaxNode};
    fn compact(node: &SyntaxNode) -> String {
        node.descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| !t.kind().is_trivia())
            .map(|t| t.text().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
    fn walk(node: &SyntaxNode, depth: usize, out: &mut String) {
        let indent = "  ".repeat(depth);
        match node.kind() {
            NAME | NAME_REF => {
                let kinds: Vec<String> = node
                    .children_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .filter(|t| !t.kind().is_trivia())
                    .map(|t| format!("{:?}", t.kind()))
                    .collect();
                out.push_str(&format!(
                    "{indent}{:?} {:?} ({})\n",
                    node.kind(),
                    compact(node),
                    kinds.join(" ")
                ));
            }
            PATH_TYPE | LITERAL => {
                out.push_str(&format!("{indent}{:?} {:?}\n", node.kind(), compact(node)));
            }
            kind => {
                out.push_str(&format!("{indent}{kind:?}"));
                for t in node
                    .children_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                {
                    let k = t.kind();
                    if k.is_keyword() || k.is_contextual_keyword() {
                        out.push_str(&format!(" {k:?}({})", t.text()));
                    }
                }
                out.push('\n');
                for child in node.children() {
                    walk(&child, depth + 1, out);
                }
            }
        }
    }
    let parse = crate::parse(src);
    assert_eq!(
        parse.syntax_node().text().to_string(),
        src,
        "tree text differs from the input"
    );
    let mut out = String::new();
    walk(&parse.syntax_node(), 0, &mut out);
    for e in parse.errors() {
        out.push_str(&format!(
            "error {} {}..{}: {}\n",
            e.code,
            u32::from(e.range.start()),
            u32::from(e.range.end()),
            e.message
        ));
    }
    expect.assert_eq(&out);
}
