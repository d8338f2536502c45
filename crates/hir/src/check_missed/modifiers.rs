//! Modifiers in places where the language does not take them.

use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use super::{direct_tokens, token_range};
use crate::diagnostics::Diag;

/// E2270 and E2271 for an item's own node and the declarations inside it.
pub(super) fn check_item(node: &SyntaxNode, out: &mut Vec<Diag>) {
    check_dyn(node, out);
    // Variables of the item: a global or field itself, or the locals in a function body.
    if node.kind() == VAR_DECL {
        check_const_pointer(node, out);
    }
    if matches!(node.kind(), FN | INIT | PROPERTY | SUBSCRIPT) {
        for decl in node.descendants().filter(|n| n.kind() == VAR_DECL) {
            check_const_pointer(&decl, out);
        }
    }
    // Fields of a struct (its methods are items of their own).
    if node.kind() == STRUCT {
        for list in node.children().filter(|c| c.kind() == MEMBER_LIST) {
            for decl in list.children().filter(|c| c.kind() == VAR_DECL) {
                check_const_pointer(&decl, out);
            }
        }
    }
}

/// E2270: `dyn` marks an interface whose values are dispatched dynamically (`dyn interface I`)
/// and a variable that holds such a value (`dyn IFoo x`); a function, a struct, a class, an
/// enum, an extension, a namespace or a typealias is neither.
fn check_dyn(node: &SyntaxNode, out: &mut Vec<Diag>) {
    if !matches!(
        node.kind(),
        FN | STRUCT
            | ENUM
            | EXTENSION
            | NAMESPACE
            | TYPEALIAS
            | TYPEDEF
            | PROPERTY
            | SUBSCRIPT
            | INIT
    ) {
        return;
    }
    for t in direct_tokens(node).filter(|t| t.kind() == DYN_KW) {
        out.push(Diag::error(
            "E2270",
            "modifier 'dyn' is not allowed here: it marks an interface (`dyn interface I`) or a variable holding an interface value (`dyn I x`), not this declaration",
            token_range(&t),
        ));
    }
}

/// E2271: a C-style pointer variable (`int* p`) cannot be `const` or `constexpr`.
fn check_const_pointer(decl: &SyntaxNode, out: &mut Vec<Diag>) {
    if !decl.children().any(|c| c.kind() == POINTER_TYPE) {
        return;
    }
    for t in direct_tokens(decl).filter(|t| matches!(t.kind(), CONST_KW | CONSTEXPR_KW)) {
        out.push(Diag::error(
            "E2271",
            format!(
                "'{}' not allowed on C-style pointer declaration: the pointer `{}` cannot be a constant; drop the modifier",
                t.text(),
                decl.children()
                    .find(|c| c.kind() == POINTER_TYPE)
                    .map(|c| c.text().to_string())
                    .unwrap_or_default()
            ),
            token_range(&t),
        ));
    }
}
