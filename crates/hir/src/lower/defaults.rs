//! The default values of struct fields (`T value = T();`) and of parameters
//! (`T other = T()`): each an expression body of its own (`root_expr`), found through the name
//! the field or parameter data records, so that lowering can evaluate any expression, not only
//! literals.

use super::*;

/// The default-value expression of the field of `decl` whose name is at `name_range` (relative
/// to the struct's syntax), or of a parameter of a function: the expression after `=` in the
/// declarator or parameter that owns that name.
fn default_body(db: &dyn Db, loc: &ItemLoc, name_range: TextRange) -> Arc<Body> {
    let mut lowerer = BodyLowerer {
        body: Body::default(),
        hoisted_expands: Vec::new(),
        defer_scopes: Vec::new(),
        label_scopes: Vec::new(),
        none_names: 0,
        return_type: None,
        catch_depth: 0,
        defer_catch_base: None,
        local_items: FxHashMap::default(),
        tuple_syntax: language::tuple_syntax(db, loc.file),
        value_callee_casts: Default::default(),
    };
    let owner = item_node(db, loc).and_then(|node| {
        node.descendants().find(|n| {
            matches!(n.kind(), DECLARATOR | PARAM)
                && n.children()
                    .any(|c| c.kind() == NAME && range_of(&c) == name_range)
        })
    });
    if let Some(owner) = owner {
        let mut after_eq = false;
        for el in owner.children_with_tokens() {
            match el {
                rowan::NodeOrToken::Token(t) if t.kind() == EQ => after_eq = true,
                rowan::NodeOrToken::Node(n) if after_eq && is_expr_kind(n.kind()) => {
                    let e = lowerer.expr(&n);
                    lowerer.body.root_expr = Some(e);
                    break;
                }
                _ => {}
            }
        }
    }
    Arc::new(lowerer.body)
}

/// The default value of field `field` (an index into `TypeDeclData::fields`) of `decl`.
#[salsa::tracked(returns(clone))]
pub fn field_default_body(db: &dyn Db, decl: TypeDeclId, field: u32) -> Arc<Body> {
    let data = type_decl_data(db, decl);
    match data.fields.get(field as usize) {
        Some(f) if f.has_default => default_body(db, decl.loc(db), f.name_range),
        _ => Arc::new(Body::default()),
    }
}

/// The default argument of parameter `param` of `func`.
#[salsa::tracked(returns(clone))]
pub fn param_default_body(db: &dyn Db, func: FunctionId, param: u32) -> Arc<Body> {
    let data = fn_data(db, func);
    match data.params.get(param as usize) {
        Some(p) if p.has_default => default_body(db, func.loc(db), p.name_range),
        _ => Arc::new(Body::default()),
    }
}
