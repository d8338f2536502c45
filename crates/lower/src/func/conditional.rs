//! `Conditional<T, hasValue>`: a `T` stored only when `hasValue` (a compile-time constant) is
//! true. With `true` it is a plain `T`; with `false` it holds no data (Slang drops it), its
//! `get()` is `none` and its `set` does nothing.

use hir::{GenericArg, Len, Ty};
use ir::{Inst, TypeId, ValueId};

use super::{FnLower, LPlace, Recv};
use crate::{Ctx, R, unsupported};

impl Ctx<'_> {
    /// `(T, hasValue)` of `Conditional<T, hasValue>`.
    pub(crate) fn conditional_parts(&self, ty: &Ty) -> Option<R<(Ty, bool)>> {
        let inner = self.adt_arg(ty, "Conditional")?;
        let Ty::Adt(_, args) = hir::export::normalize(self.db, self.file, ty) else {
            return None;
        };
        Some(match args.get(1) {
            Some(GenericArg::Value(Len::Known(b))) => Ok((inner, *b != 0)),
            _ => Err(unsupported(format!(
                "the type `{}`: its condition is not a compile-time constant",
                self.display(ty)
            ))),
        })
    }

    /// The IR type of `Conditional<T, hasValue>`: `T`, or no data.
    pub(crate) fn conditional_ir_ty(&mut self, ty: &Ty) -> Option<R<TypeId>> {
        let parts = self.conditional_parts(ty)?;
        Some(parts.and_then(|(inner, has)| {
            if has {
                self.ir_ty(&inner)
            } else {
                Ok(self.empty_struct())
            }
        }))
    }
}

impl FnLower<'_, '_> {
    /// The `conditional_*` intrinsics on `this_ty` (`Conditional<T, hasValue>`).
    pub(super) fn conditional_op(
        &mut self,
        intrinsic: &str,
        this_ty: &Ty,
        recv: Option<Recv>,
        arg: Option<ValueId>,
        ret_ty: TypeId,
    ) -> R<Option<ValueId>> {
        let Some(parts) = self.cx.conditional_parts(this_ty) else {
            return Err(unsupported(format!("the intrinsic `{intrinsic}` here")));
        };
        let (inner, has) = parts?;
        let inner_ty = self.cx.ir_ty(&inner)?;
        match intrinsic {
            "conditional_make" => {
                let v = arg.ok_or_else(|| unsupported("`Conditional` without a value"))?;
                if has {
                    self.coerce(v, inner_ty).map(Some)
                } else {
                    let empty = self.cx.empty_struct();
                    self.emit(Inst::Zero, Some(empty)).map(Some)
                }
            }
            "conditional_get" => {
                if !has {
                    // `none`: an empty Optional.
                    return self.emit(Inst::Zero, Some(ret_ty)).map(Some);
                }
                let v = match recv {
                    Some(Recv::Value(v)) => v,
                    Some(Recv::Place(lp)) => self.load_lplace(&lp)?,
                    _ => return Err(unsupported("this `Conditional` receiver")),
                };
                self.coerce(v, ret_ty).map(Some)
            }
            "conditional_set" => {
                if has {
                    let v = arg.ok_or_else(|| unsupported("`set` without a value"))?;
                    let Some(Recv::Place(lp @ LPlace::Mem(_))) = recv else {
                        return Err(unsupported(
                            "`set` on a `Conditional` that is not a variable",
                        ));
                    };
                    self.store_lplace(&lp, v)?;
                }
                Ok(None)
            }
            _ => Err(unsupported(format!("the intrinsic `{intrinsic}`"))),
        }
    }
}
