//! The type that qualifies a derivative's target (`Spring` of `[ForwardDerivativeOf(Spring.energy)]`,
//! `MyVec<T>` of `__func_extension fwd_diff(MyVec<T>::f)`, the struct a typealias `V` names in
//! `__apply(V::dot)`), resolved in the derivative's own context; and the receiver of an
//! `__apply` extension of a non-static method: inside `__func_extension __apply(T::m)(...)`,
//! `this` (and `T`'s members by name) is the value `m` is called on, as in `m`'s own body.

use std::sync::Arc;

use base_db::Db;

use crate::data::{AttrArg, FnKind, PathRef, TypeRef};
use crate::ids::{FunctionId, ItemDef, TypeDeclId};
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

/// The attributes that name the function a derivative belongs to (a `__func_extension` is
/// lowered to one of them).
const TARGET_ATTRS: [&str; 4] = [
    "ForwardDerivativeOf",
    "BackwardDerivativeOf",
    "PrimalSubstituteOf",
    "ApplyOf",
];

/// The receiver of an `__apply` extension of a non-static method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyReceiver {
    /// The type `this` has in the extension's body.
    pub ty: Ty,
    pub decl: TypeDeclId,
    /// The extended method is `[mutating]`: `this` is `inout`.
    pub mutating: bool,
}

/// The qualifier of a target path as a path of its own: `T` of `T::f` and of `T::__subscript::get`
/// (an accessor of `T`'s subscript).
fn owner_path(target: &PathRef) -> Option<PathRef> {
    let n = target.segments.len();
    let mut end = n.checked_sub(1)?;
    if end >= 2 && target.segments[end - 1].name == "__subscript" {
        end -= 1;
    }
    (end > 0).then(|| PathRef {
        segments: target.segments[..end].to_vec(),
    })
}

/// The target path of `func`'s derivative attribute (`...Of(path)`), if any.
fn target_path(db: &dyn Db, func: FunctionId) -> Option<(PathRef, bool)> {
    let data = lower::fn_data(db, func);
    TARGET_ATTRS.iter().find_map(|name| {
        let attr = data.attr(name)?;
        match attr.args.first()? {
            AttrArg::Path(p) => Some((p.clone(), *name == "ApplyOf")),
            _ => None,
        }
    })
}

/// The type qualifying the target of `func`'s derivative attribute, resolved where `func` is
/// declared (typealiases followed); `None` for an unqualified target or a qualifier that is no
/// type (a namespace).
#[salsa::tracked]
pub fn derivative_target_owner(db: &dyn Db, func: FunctionId) -> Option<TypeDeclId> {
    match target_owner_ty(db, func)? {
        Ty::Adt(decl, _) => Some(decl),
        _ => None,
    }
}

fn target_owner_ty(db: &dyn Db, func: FunctionId) -> Option<Ty> {
    let (target, _) = target_path(db, func)?;
    let owner = owner_path(&target)?;
    // Without the receiver: it is what is being computed.
    let resolver = Resolver::for_item_without_receiver(db, func.loc(db));
    let ty = resolver.resolve_type(&TypeRef::Path(owner), &mut Vec::new());
    (!ty.has_unknown()).then_some(ty)
}

/// `this` of `__func_extension __apply(T::m)(...)` when `m` is a non-static method (or accessor)
/// of `T`. (Functions without `ApplyOf` answer without a query of their own.)
pub fn apply_receiver(db: &dyn Db, func: FunctionId) -> Option<Arc<ApplyReceiver>> {
    lower::fn_data(db, func).attr("ApplyOf")?;
    apply_receiver_query(db, func)
}

#[salsa::tracked(returns(clone))]
fn apply_receiver_query(db: &dyn Db, func: FunctionId) -> Option<Arc<ApplyReceiver>> {
    let (target, is_apply) = target_path(db, func)?;
    if !is_apply {
        return None;
    }
    let ty = target_owner_ty(db, func)?;
    let decl = match &ty {
        Ty::Adt(decl, _) => *decl,
        _ => return None,
    };
    let name = target.last_name();
    let data = lower::type_decl_data(db, decl);
    let accessor =
        owner_path(&target).is_some_and(|o| o.segments.len() + 1 < target.segments.len());
    let method = if accessor {
        // `T::__subscript::get`: the accessors of `T`'s subscripts.
        data.members
            .iter()
            .filter_map(|m| match m {
                ItemDef::Subscript(s) => Some(*s),
                _ => None,
            })
            .flat_map(|s| {
                let sd = lower::subscript_data(db, s);
                [sd.getter, sd.setter]
            })
            .flatten()
            .find(|f| lower::fn_data(db, *f).name == name)?
    } else {
        let found = crate::resolve::lookup_member_items(db, func.loc(db).file, &ty, &name);
        found.into_iter().find_map(|m| match m {
            ItemDef::Function(f) if !lower::fn_data(db, f).modifiers.is_static => Some(f),
            _ => None,
        })?
    };
    let mdata = lower::fn_data(db, method);
    if mdata.kind == FnKind::Init {
        return None;
    }
    Some(Arc::new(ApplyReceiver {
        ty,
        decl,
        mutating: mdata.is_mutating(),
    }))
}
