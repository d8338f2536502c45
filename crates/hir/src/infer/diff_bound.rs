//! Derivative signatures of a specialised primal: `fwd_diff(sqr<float>)`,
//! `bwd_diff(MyVec<float>::length)`. Which parameters pair depends on the types the primal is
//! used at (a `T : IArithmetic` bound to `float` is differentiable), so the signature is derived
//! after the enclosing type's arguments, `this` and the written generic arguments are put in.

use std::sync::Arc;

use base_db::Db;

use crate::body::DiffKind;
use crate::ids::FunctionId;
use crate::resolve;
use crate::ty::{GenericArg, Ty};

use super::signature::{FnSig, derive_sig, fn_sig, nested_derivative_sig, primal_sig_with_this};

/// The signature of `kinds` (innermost first) applied to `func` as the call site binds it:
/// `outer` (the enclosing type's generic arguments), `this_ty` and the explicit generic
/// arguments. Without bindings, the generic derivative signature.
pub(super) fn bound_derivative_sig(
    db: &dyn Db,
    func: FunctionId,
    kinds: &[DiffKind],
    outer: &[(crate::ids::GenericParamId, GenericArg)],
    this_ty: Option<&Ty>,
    explicit: Option<&[GenericArg]>,
) -> Option<Arc<FnSig>> {
    let primal = fn_sig(db, func);
    let mut binds = outer.to_vec();
    // Packs bind by their own rules: those keep the generic derivative.
    if let Some(explicit) = explicit
        && !primal.generic_is_pack.iter().any(|p| *p)
    {
        binds.extend(
            primal
                .generics
                .iter()
                .cloned()
                .zip(explicit.iter().cloned()),
        );
    }
    if binds.is_empty() && this_ty.is_none() {
        return nested_derivative_sig(db, func, kinds);
    }
    let file = func.loc(db).file;
    let bind = |t: &Ty| {
        let t = t.subst(&|p| resolve::subst_lookup(&binds, &p));
        let t = match this_ty {
            Some(this) => t.subst_this(this),
            None => t,
        };
        resolve::normalize(db, file, &t)
    };
    let mut sig = primal_sig_with_this(db, func)?;
    let views = nondiff_view_params(db, func);
    let has_this = u32::from(sig.params.len() > fn_sig(db, func).params.len());
    for (i, p) in sig.params.iter_mut().enumerate() {
        let i = (i as u32).wrapping_sub(has_this);
        // A non-differentiable view stays one at any binding (`T::Params` bound to a
        // differentiable struct).
        if views.contains(&i) {
            p.no_diff = true;
        }
        p.ty = bind(&p.ty);
    }
    sig.ret = bind(&sig.ret);
    let no_diff_ret = crate::lower::fn_data(db, func).modifiers.no_diff;
    let (first, rest) = kinds.split_first()?;
    let mut sig = derive_sig(db, func, &sig, no_diff_ret, *first)?;
    for kind in rest {
        sig = derive_sig(db, func, &sig, false, *kind)?;
    }
    Some(Arc::new(sig))
}

/// The parameters of `func` (by index, `this` not counted) whose declared type is an associated
/// type (`T::Params`) whose declaration does not make it `IDifferentiable`: through that view the
/// value is not differentiable, whatever type a call binds it to, so its derivative signature
/// keeps it a plain value (the type checker decides differentiability on the declaration, and
/// the derivative passes must agree).
pub fn nondiff_view_params(db: &dyn Db, func: FunctionId) -> Vec<u32> {
    let sig = fn_sig(db, func);
    let file = func.loc(db).file;
    let Some(Ty::Adt(iface, _)) = resolve::stdlib_interface(db, file, "IDifferentiable") else {
        return Vec::new();
    };
    sig.params
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            !p.no_diff
                && matches!(p.ty, Ty::Assoc(..))
                && !p.ty.has_unknown()
                && !resolve::declared_conformance(db, file, &p.ty, iface)
        })
        .map(|(i, _)| i as u32)
        .collect()
}
