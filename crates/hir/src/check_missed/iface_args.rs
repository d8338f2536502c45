//! Instances of a generic interface are distinct types: a struct that implements
//! `IProcessor<int>` is not an `IProcessor<float>`.

use base_db::{Db, SourceFile};

use crate::data::TypeDeclKind;
use crate::lower;
use crate::resolve;
use crate::ty::{GenericArg, Ty};

/// Whether the concrete, non-generic struct `ty` implements the generic interface `target`
/// only with arguments other than `iface`'s: its declared interfaces (and what they inherit)
/// name `iface`'s declaration, always with settled arguments, never with `iface`'s. Anything
/// undecided (generic arguments, conformances that extensions add) counts as no conflict.
pub(crate) fn args_conflict(db: &dyn Db, file: SourceFile, ty: &Ty, iface: &Ty) -> bool {
    let (Ty::Adt(decl, args), Ty::Adt(target, iface_args)) = (ty, iface) else {
        return false;
    };
    if !args.is_empty()
        || iface_args.is_empty()
        || iface.has_params()
        || iface.has_unknown()
        || lower::type_decl_data(db, *decl).kind != TypeDeclKind::Struct
        || !lower::type_decl_data(db, *decl).generics.is_empty()
    {
        return false;
    }
    let settled = |t: &Ty| !t.has_params() && !t.has_unknown() && t.subst_this(&Ty::Unknown) == *t;
    if !iface_args.iter().all(|a| match a {
        GenericArg::Type(t) => settled(t),
        GenericArg::Value(l) => !l.has_params(),
    }) {
        return false;
    }
    // Conformances added by extensions are not looked at: leave those types alone.
    if !resolve::extensions_matching(db, file, ty, true).is_empty() {
        return false;
    }
    let mut seen: Vec<Ty> = Vec::new();
    let mut queue = resolve::own_interfaces(db, file, ty);
    let mut found = false;
    while let Some(next) = queue.pop() {
        let Ty::Adt(d, _) = &next else {
            return false;
        };
        if !settled(&next) {
            return false;
        }
        if *d == *target {
            if next == *iface {
                return false;
            }
            found = true;
        }
        if seen.contains(&next) {
            continue;
        }
        seen.push(next.clone());
        let bases = resolve::type_decl_bases(db, *d);
        // Bases of a generic interface name its parameters: not followed.
        if !lower::type_decl_data(db, *d).generics.is_empty() && !bases.is_empty() {
            return false;
        }
        queue.extend(bases.iter().cloned());
    }
    found
}
