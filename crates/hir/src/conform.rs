//! Conformance through extensions: a type conforms to an interface through its own declared
//! bases first, then through the extensions whose interfaces can lead to it, checked one by one
//! (`extension MyInt : IFoo` settles `MyInt : IFoo` without asking whether the blanket
//! `extension<T : IFoo> T : IBar` applies, which would ask `MyInt : IFoo` again). An extension
//! applies when its constraints and its `where` clauses hold for the arguments it matched:
//! `where A : I` a conformance, `where A == B` a type equality (element by element for a pack).

use std::sync::Arc;

use base_db::{Db, SourceFile};

use crate::ids::{ExtensionId, GenericParamId, TypeDeclId};
use crate::lower;
use crate::resolve::{self, Resolver, subst_lookup};
use crate::ty::{GenericArg, Ty};

/// Whether `ty` conforms to interface `target` through its declared bases, its constraints or
/// the extensions that add `target` (or an interface inheriting it).
pub(crate) fn conforms_through(db: &dyn Db, file: SourceFile, ty: &Ty, target: TypeDeclId) -> bool {
    if resolve::reaches_interface(db, resolve::own_interfaces(db, file, ty), target) {
        return true;
    }
    let relevant = |ext: ExtensionId| {
        resolve::reaches_interface(db, resolve::extension_bases(db, ext).to_vec(), target)
    };
    let through_extensions: Vec<Ty> =
        resolve::extensions_matching_if(db, file, ty, true, &relevant)
            .into_iter()
            .flat_map(|(ext, _)| resolve::extension_bases(db, ext).to_vec())
            .collect();
    resolve::reaches_interface(db, through_extensions, target)
}

/// Whether the `where` clauses of `ext` hold with its parameters bound as `binds`. A clause that
/// still names generic parameters (inside a generic body) is taken to hold.
pub(crate) fn extension_where_holds(
    db: &dyn Db,
    file: SourceFile,
    ext: ExtensionId,
    binds: &[(GenericParamId, GenericArg)],
) -> bool {
    if lower::extension_data(db, ext).where_preds.is_empty() {
        return true;
    }
    // Matched against a generic parameter, an associated type or an interface (inside a
    // generic body, or while resolving the clauses' own `T.Assoc` through `T`'s constraints):
    // nothing to decide yet.
    let undecided = |t: &Ty| {
        !is_concrete(t)
            || matches!(t, Ty::Adt(d, _)
                if lower::type_decl_data(db, *d).kind == crate::data::TypeDeclKind::Interface)
    };
    if binds.iter().any(|(_, a)| match a {
        GenericArg::Type(t) => undecided(t),
        GenericArg::Value(l) => l.has_params(),
    }) {
        return true;
    }
    extension_where_query(db, file, ext, binds.to_vec())
}

/// [`extension_where_holds`] once the arguments are concrete, memoised: normalising `T.Assoc`
/// looks up the members of the bound type, which asks again whether this extension applies
/// to it; that cycle is taken to hold.
#[salsa::tracked(returns(copy), cycle_result = extension_where_query_cycle)]
fn extension_where_query(
    db: &dyn Db,
    file: SourceFile,
    ext: ExtensionId,
    binds: Vec<(GenericParamId, GenericArg)>,
) -> bool {
    let bind = |t: &Ty| resolve::normalize(db, file, &t.subst(&|p| subst_lookup(&binds, &p)));
    extension_where_types(db, ext)
        .iter()
        .all(|(subject, bound, equal)| {
            let (subject, bound) = (bind(subject), bind(bound));
            if *equal {
                may_be_equal(&subject, &bound)
            } else {
                !is_concrete(&subject)
                    || !is_concrete(&bound)
                    || resolve::implements(db, file, &subject, &bound)
            }
        })
}

fn extension_where_query_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _file: SourceFile,
    _ext: ExtensionId,
    _binds: Vec<(GenericParamId, GenericArg)>,
) -> bool {
    true
}

/// The `where` clauses of an extension, resolved in its scope: (subject, bound, is an
/// equality), one entry per interface or type on the right. Resolving `T.Assoc` looks up the
/// members of `T`, which asks which extensions apply to `T`, this one included: that cycle
/// resolves to no clauses.
#[salsa::tracked(returns(clone), cycle_result = extension_where_types_cycle)]
fn extension_where_types(db: &dyn Db, ext: ExtensionId) -> Arc<[(Ty, Ty, bool)]> {
    let data = lower::extension_data(db, ext);
    let resolver = Resolver::for_item(db, ext.loc(db));
    let mut out = Vec::new();
    for pred in data.where_preds.iter().filter(|p| !p.optional) {
        let subject = resolver.resolve_type(&pred.subject, &mut Vec::new());
        for b in &pred.bounds {
            if pred.equal {
                out.push((
                    subject.clone(),
                    resolver.resolve_type(b, &mut Vec::new()),
                    true,
                ));
            } else {
                for iface in resolver.resolve_bounds(b, &mut Vec::new()) {
                    out.push((subject.clone(), iface, false));
                }
            }
        }
    }
    out.into()
}

fn extension_where_types_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _ext: ExtensionId,
) -> Arc<[(Ty, Ty, bool)]> {
    Arc::from([])
}

/// Whether two types are the same, or may be once their generic parameters are known. A pack
/// equals a type when each of its elements does.
pub(crate) fn may_be_equal(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Pack(items), other) | (other, Ty::Pack(items)) if !matches!(other, Ty::Pack(_)) => {
            items.iter().all(|i| may_be_equal(i, other))
        }
        _ => {
            a == b
                || a.has_params()
                || b.has_params()
                || a.has_unknown()
                || b.has_unknown()
                || matches!(a, Ty::Assoc(..) | Ty::This)
                || matches!(b, Ty::Assoc(..) | Ty::This)
        }
    }
}

/// The type equalities `where A == B` of a function, resolved in its scope.
pub(crate) fn fn_equalities(db: &dyn Db, f: crate::ids::FunctionId) -> Vec<(Ty, Ty)> {
    let data = lower::fn_data(db, f);
    if !data.where_preds.iter().any(|p| p.equal) {
        return Vec::new();
    }
    let resolver = Resolver::for_item(db, f.loc(db));
    let mut out = Vec::new();
    for pred in data.where_preds.iter().filter(|p| p.equal) {
        let subject = resolver.resolve_type(&pred.subject, &mut Vec::new());
        for b in &pred.bounds {
            out.push((subject.clone(), resolver.resolve_type(b, &mut Vec::new())));
        }
    }
    out
}

/// A type with nothing left to bind or resolve: no generic parameters, associated types or
/// `This`. Only such `where` subjects are checked (an associated type of a matched type could
/// otherwise ask the same extension again about ever longer paths).
fn is_concrete(ty: &Ty) -> bool {
    let arg = |a: &GenericArg| match a {
        GenericArg::Type(t) => is_concrete(t),
        GenericArg::Value(_) => true,
    };
    match ty {
        Ty::Param(_) | Ty::Assoc(..) | Ty::This | Ty::Expand(..) | Ty::Unknown => false,
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => is_concrete(e),
        Ty::Adt(_, args) => args.iter().all(arg) && !ty.has_params(),
        Ty::Tuple(items) | Ty::Pack(items) => items.iter().all(is_concrete),
        _ => !ty.has_params(),
    }
}
