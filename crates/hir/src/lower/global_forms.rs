//! Facts about a global's declaration that only a few checks need, read from its syntax on
//! demand (not stored in `GlobalData`, so that they cost nothing to the other queries).

use super::*;

/// The initial value of a global (`static const int N = M & 0xFF;`) as a constant expression,
/// for evaluating it symbolically where the generic parameters it names are in scope.
pub fn global_init_const(db: &dyn Db, global: GlobalId) -> Option<ConstRef> {
    let loc = global.loc(db);
    let ordinal = loc.path.last().map_or(0, |s| s.ordinal);
    let node = item_node(db, loc)?;
    let decl = global_declarator(&node, &loc.name(), ordinal)?;
    let init = decl.children().find(|c| is_expr_kind(c.kind()))?;
    match lower_const(&init) {
        ConstRef::Other => None,
        c => Some(c),
    }
}

/// Whether a global is a member of a GLSL `buffer` block (`buffer B { uint data; }`): a storage
/// buffer's contents, which shaders read and write (unlike a `uniform` block's).
pub fn global_in_storage_block(db: &dyn Db, global: GlobalId) -> bool {
    let loc = global.loc(db);
    let Some(range) = item_range(db, loc) else {
        return false;
    };
    let root = SyntaxNode::new_root(parse(db, loc.file).green);
    let Some(token) = root.token_at_offset(range.start.into()).right_biased() else {
        return false;
    };
    token
        .parent_ancestors()
        .find(|n| n.kind() == VAR_DECL)
        .and_then(|var| var.parent())
        .filter(|list| list.kind() == MEMBER_LIST)
        .and_then(|list| list.parent())
        .is_some_and(|block| block.kind() == CBUFFER && has_token(&block, BUFFER_KW))
}

/// The target of a function declared `__specialized_for_target(hlsl)` (the modifier's argument
/// text), `None` without one. Definitions of one signature for different targets are no
/// duplicates: each target compiles its own.
pub fn fn_target_specialization(db: &dyn Db, func: FunctionId) -> Option<String> {
    let node = item_node(db, func.loc(db))?;
    node.children()
        .filter(|m| m.kind() == MODIFIER)
        .find(|m| {
            m.children()
                .find(|c| c.kind() == NAME_REF)
                .is_some_and(|n| n.text() == "__specialized_for_target")
        })
        .map(|m| {
            m.children()
                .find(|c| c.kind() == ARG_LIST)
                .map(|a| a.text().to_string().split_whitespace().collect::<String>())
                .unwrap_or_default()
        })
}
