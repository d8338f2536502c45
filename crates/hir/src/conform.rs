//! Conformance through extensions: a type conforms to an interface through its own declared
//! bases first, then through the extensions whose interfaces can lead to it, checked one by one
//! (`extension MyInt : IFoo` settles `MyInt : IFoo` without asking whether the blanket
//! `extension<T : IFoo> T : IBar` applies, which would ask `MyInt : IFoo` again). An extension
//! applies when its constraints and its `where` clauses hold for the arguments it matched:
//! `where A : I` a conformance, `where A == B` a type equality (element by element for a pack).

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
    let data = lower::extension_data(db, ext);
    if data.where_preds.is_empty() {
        return true;
    }
    let resolver = Resolver::for_item(db, ext.loc(db));
    let bind = |t: Ty| t.subst(&|p| subst_lookup(binds, &p));
    for pred in &data.where_preds {
        if pred.optional {
            continue;
        }
        let subject = bind(resolver.resolve_type(&pred.subject, &mut Vec::new()));
        for b in &pred.bounds {
            if pred.equal {
                let other = bind(resolver.resolve_type(b, &mut Vec::new()));
                if !may_be_equal(&subject, &other) {
                    return false;
                }
                continue;
            }
            for iface in resolver.resolve_bounds(b, &mut Vec::new()) {
                let iface = bind(iface);
                if !subject.has_params()
                    && !iface.has_params()
                    && !resolve::implements(db, file, &subject, &iface)
                {
                    return false;
                }
            }
        }
    }
    true
}

/// Whether two types are the same, or may be once their generic parameters are known. A pack
/// equals a type when each of its elements does.
pub(crate) fn may_be_equal(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Pack(items), other) | (other, Ty::Pack(items)) if !matches!(other, Ty::Pack(_)) => {
            items.iter().all(|i| may_be_equal(i, other))
        }
        _ => a == b || a.has_params() || b.has_params() || a.has_unknown() || b.has_unknown(),
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
