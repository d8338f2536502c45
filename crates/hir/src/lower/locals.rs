//! Declarations inside function bodies: `struct`, `enum`, `interface`, `typealias` and
//! `typedef` statements. Each is an item whose path continues the enclosing function's
//! (`f / struct Val`), numbered per kind and name in source order within the function (two
//! `typealias V` in sibling blocks are `V#0` and `V#1`). Inside the body a local item is visible
//! from its declaration to the end of its block (the inference walk puts it in scope,
//! `Resolver::local_items`); a local type of a generic function takes that function's generic
//! parameters (and its enclosing ones) as implicit leading parameters of its own, so that
//! lowering monomorphises it with the function's arguments like any generic struct.

use super::tree::ChildItem;
use super::*;

/// Whether a node inside a body declares a local item.
pub(super) fn is_local_item_kind(kind: SyntaxKind) -> bool {
    matches!(kind, STRUCT | ENUM | INTERFACE | TYPEALIAS | TYPEDEF)
}

fn local_item_kind(node: &SyntaxNode) -> Option<ItemKind> {
    Some(match node.kind() {
        STRUCT if tree::is_struct_alias(node) => ItemKind::TypeAlias,
        STRUCT => ItemKind::Struct,
        ENUM => ItemKind::Enum,
        INTERFACE => ItemKind::Interface,
        TYPEALIAS | TYPEDEF => ItemKind::TypeAlias,
        _ => return None,
    })
}

/// The items declared in the body of the function `node` (its `BLOCK` and the blocks inside
/// it, not inside the items found), in source order, numbered per kind and name.
pub(super) fn local_child_items(node: &SyntaxNode) -> Vec<ChildItem> {
    let mut out: Vec<ChildItem> = Vec::new();
    let Some(block) = node.children().find(|c| c.kind() == BLOCK) else {
        return out;
    };
    let mut counts: FxHashMap<(ItemKind, SmolStr), u32> = FxHashMap::default();
    let mut walk = block.preorder();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(n) = event else {
            continue;
        };
        let Some(kind) = local_item_kind(&n) else {
            continue;
        };
        walk.skip_subtree();
        let name = if kind == ItemKind::Struct {
            super::struct_vars::struct_item_name(&n)
        } else {
            name_text(&n)
        };
        if name.is_empty() {
            continue;
        }
        let ordinal = counts.entry((kind, name.clone())).or_insert(0);
        out.push(ChildItem {
            seg: PathSeg {
                kind,
                name,
                ordinal: *ordinal,
            },
            node: n,
        });
        *ordinal += 1;
    }
    out
}

/// A declaration inside a body: its name, the item, and its range relative to the function's
/// node (what `fn_body` sees).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocalItemDecl {
    pub name: SmolStr,
    pub def: ItemDef,
    pub range: TextRange,
}

/// The items declared inside `func`'s body, in source order.
#[salsa::tracked(returns(clone))]
pub fn fn_local_items(db: &dyn Db, func: FunctionId) -> Arc<[LocalItemDecl]> {
    let loc = func.loc(db);
    let Some(node) = item_node(db, loc) else {
        return Arc::from([]);
    };
    local_child_items(&node)
        .into_iter()
        .filter_map(|c| {
            let name = c.seg.name.clone();
            let range = range_of(&c.node);
            let child = child_loc(loc, c.seg);
            let def = match child.kind()? {
                ItemKind::Struct | ItemKind::Interface | ItemKind::Enum => {
                    ItemDef::TypeDecl(TypeDeclId::new(db, child))
                }
                ItemKind::TypeAlias => ItemDef::Alias(AliasId::new(db, child)),
                _ => return None,
            };
            Some(LocalItemDecl { name, def, range })
        })
        .collect()
}

/// The namespaces opened by `using namespace` statements in `func`'s body (not inside items
/// declared there), in source order. Each opens its namespace for the whole body.
#[salsa::tracked(returns(clone))]
pub fn fn_local_usings(db: &dyn Db, func: FunctionId) -> Arc<[Arc<[SmolStr]>]> {
    let Some(node) = item_node(db, func.loc(db)) else {
        return Arc::from([]);
    };
    let Some(block) = node.children().find(|c| c.kind() == BLOCK) else {
        return Arc::from([]);
    };
    let mut out = Vec::new();
    let mut walk = block.preorder();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(n) = event else {
            continue;
        };
        if is_local_item_kind(n.kind()) {
            walk.skip_subtree();
        } else if n.kind() == USING {
            let path = tree::using_path(&n);
            if !path.is_empty() {
                out.push(path);
            }
            walk.skip_subtree();
        }
    }
    out.into()
}

/// The function whose body declares the item at `loc` (the innermost function on its path), when
/// it is a local item.
pub fn local_item_owner(loc: &ItemLoc) -> Option<ItemLoc> {
    let n = loc.path.len();
    if n < 2 {
        return None;
    }
    let last = loc.path[..n - 1]
        .iter()
        .rposition(|s| matches!(s.kind, ItemKind::Function | ItemKind::Init))?;
    // Only when the item is directly in that function's body (a method of a local struct is
    // that struct's member, not a local item).
    (last == n - 2).then(|| ItemLoc {
        file: loc.file,
        path: loc.path[..=last].into(),
    })
}

/// A struct declared in a body takes every generic parameter in scope there (the enclosing
/// function's, its type's) as implicit leading parameters of its own, in that order: the
/// arguments `Resolver::implicit_args` gives where it is named.
pub(super) fn local_type_generics(
    db: &dyn Db,
    loc: &ItemLoc,
    own: Vec<GenericParamData>,
) -> Vec<GenericParamData> {
    if loc.kind() != Some(ItemKind::Struct) {
        return own;
    }
    let Some(owner) = local_item_owner(loc) else {
        return own;
    };
    let scope = crate::resolve::Resolver::for_item(db, &owner);
    let mut out: Vec<GenericParamData> = scope
        .generics
        .iter()
        .flat_map(|(_, params)| params.iter().cloned())
        .collect();
    if out.is_empty() {
        return own;
    }
    // The copies keep their names and constraints; their ranges are the function's, so none
    // points into the struct.
    for p in &mut out {
        p.range = TextRange::default();
    }
    out.extend(own);
    out
}

/// The `where` clauses of the enclosing function apply to a local struct's implicit parameters.
pub(super) fn local_type_where(db: &dyn Db, loc: &ItemLoc, own: Vec<WherePred>) -> Vec<WherePred> {
    if loc.kind() != Some(ItemKind::Struct) {
        return own;
    }
    let Some(owner) = local_item_owner(loc) else {
        return own;
    };
    let mut out = fn_data(db, FunctionId::new(db, owner)).where_preds.clone();
    out.extend(own);
    out
}
