//! The small builtins of `stdlib/builtins.slang`: markers that emit nothing (`unused`,
//! `unmodified`), conversions spelled as calls (`__intCast`, `__int_cast`,
//! `__slang_noop_cast`), type queries answered at specialisation (`__isSignedInt<T>()`),
//! `asDynamicUniform` and tuple `concat`.

use hir::GenericArg;
use ir::{Inst, Literal, Scalar, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{InstanceKey, R, internal};

impl FnLower<'_, '_> {
    /// Lowers `intrinsic` when it is one of this module's; `None` when it is not.
    pub(super) fn core_intrinsic(
        &mut self,
        intrinsic: &str,
        key: &InstanceKey,
        args: &[hir::ExprId],
        param_tys: &[TypeId],
        ret_ty: TypeId,
    ) -> Option<R<Option<ValueId>>> {
        let arg = |s: &mut Self, i: usize| -> R<ValueId> {
            match (args.get(i), param_tys.get(i)) {
                (Some(a), Some(t)) => s.lower_value_as(*a, *t),
                _ => Err(internal("intrinsic arity")),
            }
        };
        Some(match intrinsic {
            "no_op" => Ok(None),
            "CheckAccessFullyMapped" => arg(self, 0)
                .and_then(|s| self.check_access_fully_mapped(s))
                .map(Some),
            // A `String` is already its hash.
            "identity" | "string_hash" => arg(self, 0).map(Some),
            "convert" | "noop_cast" => arg(self, 0).and_then(|v| self.coerce(v, ret_ty).map(Some)),
            "is_signed_int" | "is_int" | "is_float" | "is_vector" => {
                self.type_query(intrinsic, key).map(Some)
            }
            // The entry point's `[numthreads]`, a constant of the program.
            "workgroup_size" => (|| {
                let parts = self
                    .cx
                    .workgroup_size
                    .map(|n| self.lit(Literal::I32(n as i32)));
                let parts = parts.into_iter().collect::<R<Vec<_>>>()?;
                let v = self.emit(Inst::Construct(parts), Some(ret_ty))?;
                self.coerce(v, ret_ty).map(Some)
            })(),
            "tuple_concat" => (|| {
                let first = arg(self, 0)?;
                let second = arg(self, 1)?;
                let mut parts = Vec::new();
                for t in [first, second] {
                    let n = crate::diff::component_count(&self.cx.module.types, self.vty(t));
                    for i in 0..n {
                        parts.push(self.emit(Inst::Extract(t, i), None)?);
                    }
                }
                self.emit(Inst::Construct(parts), Some(ret_ty)).map(Some)
            })(),
            _ => return None,
        })
    }

    /// `__isSignedInt<T>()` and the like: a constant from the specialised `T`.
    fn type_query(&mut self, intrinsic: &str, key: &InstanceKey) -> R<ValueId> {
        let ty = key
            .subst
            .iter()
            .find_map(|(_, a)| match a {
                GenericArg::Type(t) => Some(t.clone()),
                _ => None,
            })
            .ok_or_else(|| internal("type query without a type argument"))?;
        let t = self.cx.ir_ty(&ty)?;
        let kind = self.kind(t);
        let scalar = match kind {
            TypeKind::Scalar(s) | TypeKind::Vector { scalar: s, .. } => Some(s),
            _ => None,
        };
        let signed_int = matches!(scalar, Some(Scalar::I32 | Scalar::I64));
        let unsigned_int = matches!(scalar, Some(Scalar::U32 | Scalar::U64));
        let float = matches!(scalar, Some(Scalar::F16 | Scalar::F32 | Scalar::F64));
        let answer = match intrinsic {
            "is_signed_int" => signed_int,
            "is_int" => signed_int || unsigned_int,
            "is_float" => float,
            _ => matches!(kind, TypeKind::Vector { .. }),
        };
        self.lit(Literal::Bool(answer))
    }
}
