//! Flattened initialiser lists (`S s = { 1, 2, 3, 4 };` for `struct S { float a[2]; float2 b; }`):
//! when a list holds more items than the struct's fields or the array's elements, its items are
//! taken as one sequence of scalars (vector, matrix, array and struct items give all of theirs,
//! in order) that fills the target's scalars in declaration order; those left out are zero.

use hir::ExprId;
use ir::{Inst, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal, unsupported};

/// Deepest nesting of types and values walked.
const MAX_DEPTH: u32 = 64;

impl FnLower<'_, '_> {
    pub(super) fn lower_flat_init_list(&mut self, items: &[ExprId], ty: TypeId) -> R<ValueId> {
        let mut scalars = Vec::new();
        for item in items {
            let v = self.lower_expr(*item)?;
            self.flat_scalars(v, &mut scalars, 0)?;
        }
        let mut next = 0;
        let value = self.flat_build(ty, &scalars, &mut next, 0)?;
        if next < scalars.len() {
            return Err(unsupported(format!(
                "an initialiser list with {} scalars for a type that holds {next}",
                scalars.len()
            )));
        }
        Ok(value)
    }

    /// Appends the scalars of `v` in order.
    fn flat_scalars(&mut self, v: ValueId, out: &mut Vec<ValueId>, depth: u32) -> R<()> {
        if depth > MAX_DEPTH {
            return Err(unsupported("an initialiser list item nested this deep"));
        }
        let ty = self.vty(v);
        if self.cx.is_empty_struct(ty) {
            return Ok(());
        }
        let count = match self.kind(ty) {
            TypeKind::Scalar(_) => {
                out.push(v);
                return Ok(());
            }
            _ => self
                .aggregate_parts(ty)?
                .ok_or_else(|| unsupported("this item in a flattened initialiser list"))?
                .len() as u32,
        };
        for i in 0..count {
            let part = self.emit(Inst::Extract(v, i), None)?;
            self.flat_scalars(part, out, depth + 1)?;
        }
        Ok(())
    }

    /// A value of type `ty` from `scalars[*next..]`; advances `*next`.
    fn flat_build(
        &mut self,
        ty: TypeId,
        scalars: &[ValueId],
        next: &mut usize,
        depth: u32,
    ) -> R<ValueId> {
        if depth > MAX_DEPTH {
            return Err(unsupported(
                "an initialiser list for a type nested this deep",
            ));
        }
        if self.cx.is_empty_struct(ty) {
            return self.emit(Inst::Zero, Some(ty));
        }
        let parts: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Scalar(_) => {
                let v = match scalars.get(*next) {
                    Some(v) => self.coerce(*v, ty)?,
                    None => self.emit(Inst::Zero, Some(ty))?,
                };
                *next += 1;
                return Ok(v);
            }
            TypeKind::Vector { scalar, size } => {
                vec![self.cx.module.types.scalar(scalar); usize::from(size)]
            }
            TypeKind::Matrix { scalar, rows, cols } => {
                vec![self.cx.module.types.vector(scalar, cols); usize::from(rows)]
            }
            TypeKind::Array { elem, len } => vec![elem; len as usize],
            TypeKind::Struct(sid) => self
                .cx
                .module
                .types
                .struct_def(sid)
                .map(|d| d.fields.iter().map(|f| f.ty).collect())
                .ok_or_else(|| internal("struct"))?,
            _ => return Err(unsupported("an initialiser list of this type")),
        };
        let mut values = Vec::with_capacity(parts.len());
        for t in parts {
            values.push(self.flat_build(t, scalars, next, depth + 1)?);
        }
        self.emit(Inst::Construct(values), Some(ty))
    }
}
