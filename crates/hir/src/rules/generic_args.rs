//! Generic arguments written in types (`Wrapper<Plain> w;`, through typealiases too) conform to
//! the constraints of the generic's parameters, as arguments of calls do (E2015), and make the
//! generic's `where A == B` clauses hold (E38029: `Box<S>` of a `where T.Differential == T`
//! needs `S.Differential` to be `S`).

use base_db::{Db, FileKind};

use crate::data::{GenericParamKind, TypeRef};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolver};
use crate::ty::{GenericArg, Ty};

pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    if !data.has_body {
        return;
    }
    let body = lower::fn_body(db, func);
    let mut resolver = None;
    for (_, local) in body.locals.iter() {
        let Some(ty_ref) = &local.ty else {
            continue;
        };
        if !has_generic_args(ty_ref) {
            continue;
        }
        let resolver = resolver.get_or_insert_with(|| Resolver::for_item(db, func.loc(db)));
        let ty = resolver.resolve_type(ty_ref, &mut Vec::new());
        let range = ty_ref.range().unwrap_or(local.name_range);
        check_ty(db, func.loc(db).file, &ty, range, out);
    }
}

fn has_generic_args(t: &TypeRef) -> bool {
    match t {
        TypeRef::Path(p) => p.segments.iter().any(|s| s.args.is_some()),
        TypeRef::Array(inner, _) | TypeRef::Expand(inner) => has_generic_args(inner),
        _ => false,
    }
}

fn check_ty(
    db: &dyn Db,
    file: base_db::SourceFile,
    ty: &Ty,
    range: crate::TextRange,
    out: &mut Vec<Diag>,
) {
    let (decl, args) = match ty {
        Ty::Array(inner, _) => return check_ty(db, file, inner, range, out),
        Ty::Adt(decl, args) => (*decl, args),
        _ => return,
    };
    if lower::item_def_file(db, ItemDef::TypeDecl(decl)).kind(db) == FileKind::Stdlib {
        return;
    }
    let data = lower::type_decl_data(db, decl);
    let decl_resolver = Resolver::for_item(db, decl.loc(db));
    check_equalities(db, file, decl, args, range, out);
    for (param, arg) in data.generics.iter().zip(args.iter()) {
        let GenericArg::Type(arg) = arg else {
            continue;
        };
        check_ty(db, file, arg, range, out);
        let GenericParamKind::Type { constraints } = &param.kind else {
            continue;
        };
        if arg.has_unknown()
            || arg.has_params()
            || !matches!(
                arg,
                Ty::Adt(..) | Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..)
            )
        {
            continue;
        }
        for c in constraints {
            let iface = decl_resolver.resolve_type(c, &mut Vec::new());
            // Only plain interfaces: constraints naming other parameters need substitution.
            let Ty::Adt(iface_decl, iface_args) = &iface else {
                continue;
            };
            if !iface_args.is_empty()
                || lower::type_decl_data(db, *iface_decl).kind
                    != crate::data::TypeDeclKind::Interface
            {
                continue;
            }
            if !resolve::implements(db, file, arg, &iface) {
                out.push(Diag::error(
                    "E2015",
                    format!(
                        "type argument '{}' does not conform to the required interface '{}', required by generic parameter `{}` of `{}`: implement `{}` for it, or pass a type that does",
                        crate::display_ty(db, arg),
                        crate::display_ty(db, &iface),
                        param.name,
                        data.name,
                        crate::display_ty(db, &iface)
                    ),
                    range,
                ));
            }
        }
    }
}

/// E38029: the `where A == B` clauses of a generic type, with the arguments written.
fn check_equalities(
    db: &dyn Db,
    file: base_db::SourceFile,
    decl: TypeDeclId,
    args: &[GenericArg],
    range: crate::TextRange,
    out: &mut Vec<Diag>,
) {
    use crate::check_missed::body::{settle_differential, settled_or_synthesized};
    let data = lower::type_decl_data(db, decl);
    if !data.where_preds.iter().any(|p| p.equal && !p.optional)
        || args.iter().any(|a| match a {
            GenericArg::Type(t) => t.has_unknown() || t.has_params(),
            GenericArg::Value(l) => l.has_params(),
        })
    {
        return;
    }
    let resolver = Resolver::for_item(db, decl.loc(db));
    let lookup = |p: GenericParamId| match p.owner {
        GenericOwner::TypeDecl(d) if d == decl => args.get(p.index as usize).cloned(),
        _ => None,
    };
    for pred in data.where_preds.iter().filter(|p| p.equal && !p.optional) {
        let subject = resolver.resolve_type(&pred.subject, &mut Vec::new());
        for bound in &pred.bounds {
            let bound = resolver.resolve_type(bound, &mut Vec::new());
            let a = settle_differential(db, file, &subject.subst(&lookup));
            let b = settle_differential(db, file, &bound.subst(&lookup));
            if !settled_or_synthesized(db, &a) || !settled_or_synthesized(db, &b) || a == b {
                continue;
            }
            out.push(Diag::error(
                "E38029",
                format!(
                    "type argument '{}' does not conform to the required interface '{}': `{}` requires the two types to be the same (`where` clause of the generic)",
                    crate::display_ty(db, &a),
                    crate::display_ty(db, &b),
                    data.name
                ),
                range,
            ));
            return;
        }
    }
}
