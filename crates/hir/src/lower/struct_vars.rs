//! `struct S { ... } s;` and `struct { ... } s;`: a struct declaration followed by variables
//! of that type (globals, fields, locals). The struct is an item of the enclosing scope like
//! any other; an anonymous one gets a name that no source can spell, made from the first
//! variable it declares (`anonymous struct of s`), and the variables' type names it.
//! Modifiers written before `struct` (`static const struct { ... } s = ...;`) belong to the
//! variables.

use super::*;

/// The struct a `VAR_DECL` declares before its variables.
pub(super) fn declared_struct(var: &SyntaxNode) -> Option<SyntaxNode> {
    if var.kind() != VAR_DECL {
        return None;
    }
    var.children()
        .find(|c| c.kind() == STRUCT && c.children().any(|m| m.kind() == MEMBER_LIST))
}

/// The item name of a struct declared with variables: its own name, or for an anonymous one
/// a name made from its first variable.
pub(super) fn struct_item_name(node: &SyntaxNode) -> SmolStr {
    let own = name_text(node);
    if !own.is_empty() {
        return own;
    }
    let first_var = node
        .parent()
        .filter(|p| p.kind() == VAR_DECL)
        .and_then(|p| p.children().find(|d| d.kind() == DECLARATOR))
        .map(|d| name_text(&d))
        .unwrap_or_default();
    SmolStr::new(format!("anonymous struct of {first_var}"))
}

/// The type of the variables a `VAR_DECL` declares after a struct body.
pub(super) fn declared_struct_type(var: &SyntaxNode) -> Option<TypeRef> {
    let s = declared_struct(var)?;
    let range = s
        .children()
        .find(|c| c.kind() == NAME)
        .map_or_else(|| range_of(&s), |n| range_of(&n));
    Some(TypeRef::Path(PathRef::single(struct_item_name(&s), range)))
}
