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
    for p in &mut sig.params {
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
