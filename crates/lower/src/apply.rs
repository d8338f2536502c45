//! `__func_extension __apply(f)(params) -> Tuple<R, Ctx>`: `f`'s primal pass returning its
//! result and a context whose `operator()(out d_0, ..., out d_k, R.Differential dOut)` is the
//! backward pass (hir marks the extension `[ApplyOf(f)]`). `f`'s backward derivative is
//! synthesised from the two by `autodiff::apply_backward`.

use hir::{ItemDef, Ty};
use ir::FuncId;

use crate::{Ctx, InstanceKey, LowerError, R, apply as subst_apply, unsupported};

impl Ctx<'_> {
    /// Registers `id` (the primal `key`)'s backward derivative built from the instance `gid` of
    /// its `__apply` extension `gkey`.
    pub(crate) fn link_apply(&mut self, id: FuncId, gkey: &InstanceKey, gid: FuncId) -> R<()> {
        let db = self.db;
        let sig = hir::fn_sig(db, gkey.func);
        let ret = subst_apply(&gkey.subst, gkey.this_ty.as_ref(), &sig.ret);
        let ret = hir::export::normalize(db, self.file, &ret);
        let Ty::Tuple(items) = &ret else {
            return Err(unsupported(
                "an `__apply` extension that does not return a `Tuple<Result, Context>`",
            ));
        };
        let [_, ctx_ty] = &items[..] else {
            return Err(unsupported(
                "an `__apply` extension that does not return a `Tuple<Result, Context>`",
            ));
        };
        let call_op = hir::export::lookup_member_items(db, self.file, ctx_ty, hir::CALL_OPERATOR)
            .into_iter()
            .find_map(|d| match d {
                ItemDef::Function(h) => Some(h),
                _ => None,
            })
            .ok_or_else(|| {
                unsupported(format!(
                    "an `__apply` context `{}` without an `operator()`",
                    self.display(ctx_ty)
                ))
            })?;
        let hkey = InstanceKey {
            exist: Vec::new(),
            fn_args: Vec::new(),
            func: call_op,
            subst: hir::export::member_subst(db, self.file, call_op.loc(db), ctx_ty),
            this_ty: Some(ctx_ty.clone()),
        };
        let hid = self.instance(hkey)?;
        autodiff::apply_backward(&mut self.module, &mut self.diff, id, gid, hid).map_err(|e| {
            LowerError {
                code: "E3001",
                message: format!("cannot differentiate through `__apply`: {e}"),
                item: None,
                range: hir::TextRange::default(),
            }
        })?;
        Ok(())
    }
}
