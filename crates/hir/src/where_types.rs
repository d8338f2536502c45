//! `where` clauses whose subject is a type built from generic parameters rather than one
//! parameter (`where vector<T, N> : IArithmetic`): inside the declaring function or type, that
//! type has the interfaces the clause names, so their members are usable on its values.

use base_db::Db;

use crate::data::TypeRef;
use crate::ids::{GenericOwner, ItemLoc};
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::{GenericArg, Ty};

/// The owners of the generic parameters `ty` mentions, in order of first mention.
fn param_owners(ty: &Ty, out: &mut Vec<GenericOwner>) {
    match ty {
        Ty::Param(p) if !out.contains(&p.owner) => out.push(p.owner),
        Ty::Param(_) => {}
        Ty::Vector(e, n) => {
            param_owners(e, out);
            len_owner(n, out);
        }
        Ty::Matrix(e, r, c) => {
            param_owners(e, out);
            len_owner(r, out);
            len_owner(c, out);
        }
        Ty::Array(e, n) => {
            param_owners(e, out);
            len_owner(n, out);
        }
        Ty::Adt(_, args) => {
            for a in args.iter() {
                match a {
                    GenericArg::Type(t) => param_owners(t, out),
                    GenericArg::Value(l) => len_owner(l, out),
                }
            }
        }
        Ty::Tuple(items) => items.iter().for_each(|t| param_owners(t, out)),
        _ => {}
    }
}

fn len_owner(l: &crate::ty::Len, out: &mut Vec<GenericOwner>) {
    if let crate::ty::Len::Param(p) = l
        && !out.contains(&p.owner)
    {
        out.push(p.owner);
    }
}

/// Whether a `where` subject is written as a composite type (not one name, not a member path
/// such as `C.Elem`, whose resolution would ask for constraints again).
fn composite_subject(subject: &TypeRef) -> bool {
    match subject {
        TypeRef::Path(path) => path.segments.len() == 1 && path.segments[0].args.is_some(),
        TypeRef::Array(..) => true,
        _ => false,
    }
}

/// Interfaces that `where` clauses of the owners of `ty`'s generic parameters give `ty` itself.
pub fn where_interfaces(db: &dyn Db, ty: &Ty) -> Vec<Ty> {
    if matches!(ty, Ty::Param(_) | Ty::Assoc(..) | Ty::This) {
        return Vec::new();
    }
    let mut owners = Vec::new();
    param_owners(ty, &mut owners);
    let mut out = Vec::new();
    for owner in owners {
        let (loc, wheres): (ItemLoc, _) = match owner {
            GenericOwner::Function(f) => {
                (f.loc(db).clone(), lower::fn_data(db, f).where_preds.clone())
            }
            GenericOwner::TypeDecl(t) => (
                t.loc(db).clone(),
                lower::type_decl_data(db, t).where_preds.clone(),
            ),
            GenericOwner::Extension(e) => (
                e.loc(db).clone(),
                lower::extension_data(db, e).where_preds.clone(),
            ),
            _ => continue,
        };
        if !wheres.iter().any(|p| composite_subject(&p.subject)) {
            continue;
        }
        let resolver = Resolver::for_item(db, &loc);
        for pred in &wheres {
            if pred.equal || pred.optional || !composite_subject(&pred.subject) {
                continue;
            }
            if resolver.resolve_type(&pred.subject, &mut Vec::new()) == *ty {
                out.extend(
                    pred.bounds
                        .iter()
                        .flat_map(|b| resolver.resolve_bounds(b, &mut Vec::new())),
                );
            }
        }
    }
    out
}
