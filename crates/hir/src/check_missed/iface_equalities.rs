//! `__constraint A == B` in an interface: every type conforming to the interface (directly or
//! through an interface deriving from it) must make the two sides the same type, where `This`
//! is the conforming type and an associated type name is the conforming type's member.

use base_db::Db;
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use crate::data::{TypeDeclKind, TypeRef};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve;
use crate::ty::Ty;

/// E2282 for a non-generic struct whose interfaces' equality constraints do not hold.
pub(super) fn check_type_decl(
    db: &dyn Db,
    decl: TypeDeclId,
    node: &SyntaxNode,
    out: &mut Vec<Diag>,
) {
    let data = lower::type_decl_data(db, decl);
    if data.kind != TypeDeclKind::Struct || !data.generics.is_empty() {
        return;
    }
    let file = decl.loc(db).file;
    let self_ty = Ty::Adt(decl, Vec::new().into());
    let base_nodes: Vec<SyntaxNode> = node
        .children()
        .filter(|c| c.kind() == BASE_LIST)
        .flat_map(|l| l.children().filter(|c| lower::is_type_kind(c.kind())))
        .collect();
    let bases = resolve::type_decl_bases(db, decl);
    for (i, base) in bases.iter().enumerate() {
        let Some(base_node) = base_nodes.get(i) else {
            continue;
        };
        let mut seen = Vec::new();
        let mut queue = vec![base.clone()];
        let mut broken = None;
        while let Some(Ty::Adt(iface, _)) = queue.pop() {
            if seen.contains(&iface)
                || lower::type_decl_data(db, iface).kind != TypeDeclKind::Interface
            {
                continue;
            }
            seen.push(iface);
            if let Some(found) = broken_equality(db, file, iface, &self_ty) {
                broken = Some(found);
                break;
            }
            queue.extend(resolve::type_decl_bases(db, iface).iter().cloned());
        }
        let Some((a, b, ta, tb)) = broken else {
            continue;
        };
        let r = base_node.text_range();
        out.push(Diag::error(
            "E2282",
            format!(
                "type argument '{}' does not conform to the required interface '{}': its constraint `{a} == {b}` does not hold ('{}' is not '{}')",
                data.name,
                base_node.text().to_string().trim(),
                crate::display_ty(db, &ta),
                crate::display_ty(db, &tb),
            ),
            crate::TextRange::new(r.start().into(), r.end().into()),
        ));
    }
}

/// The first `__constraint A == B` of `iface` (as written) that does not hold for `self_ty`.
fn broken_equality(
    db: &dyn Db,
    file: base_db::SourceFile,
    iface: TypeDeclId,
    self_ty: &Ty,
) -> Option<(String, String, Ty, Ty)> {
    let node = lower::item_node(db, iface.loc(db))?;
    for pred in node
        .children()
        .filter(|c| c.kind() == MEMBER_LIST)
        .flat_map(|l| l.children().filter(|c| c.kind() == CONSTRAINT_DECL))
        .flat_map(|c| c.children().filter(|p| p.kind() == WHERE_PRED))
    {
        let is_eq = pred
            .children_with_tokens()
            .any(|t| t.as_token().is_some_and(|t| t.kind() == EQ2));
        if !is_eq {
            continue;
        }
        let sides: Vec<SyntaxNode> = pred
            .children()
            .filter(|c| lower::is_type_kind(c.kind()))
            .collect();
        let [a, b] = sides.as_slice() else {
            continue;
        };
        let (Some(ta), Some(tb)) = (
            resolve_side(db, file, &lower::lower_type(a), self_ty),
            resolve_side(db, file, &lower::lower_type(b), self_ty),
        ) else {
            continue;
        };
        if ta.has_unknown() || tb.has_unknown() {
            continue;
        }
        let (na, nb) = (
            resolve::normalize(db, file, &ta),
            resolve::normalize(db, file, &tb),
        );
        if na != nb && !crate::conform::may_be_equal(&na, &nb) {
            return Some((a.text().to_string(), b.text().to_string(), na, nb));
        }
    }
    None
}

/// `This` is the conforming type; a one-segment name is its member type (an associated type's
/// definition). Anything else is not judged.
fn resolve_side(db: &dyn Db, file: base_db::SourceFile, tr: &TypeRef, self_ty: &Ty) -> Option<Ty> {
    match tr {
        TypeRef::This => Some(self_ty.clone()),
        TypeRef::Path(p) if p.segments.len() == 1 && p.segments[0].args.is_none() => {
            let name = p.segments[0].name.as_str();
            match resolve::lookup_member_items(db, file, self_ty, name).first()? {
                ItemDef::Alias(a) => {
                    let data = lower::alias_data(db, *a);
                    if data.is_assoc || !data.generics.is_empty() {
                        return None;
                    }
                    Some(resolve::alias_target(db, *a))
                }
                ItemDef::TypeDecl(t) if lower::type_decl_data(db, *t).generics.is_empty() => {
                    Some(Ty::Adt(*t, Vec::new().into()))
                }
                _ => None,
            }
        }
        _ => None,
    }
}
