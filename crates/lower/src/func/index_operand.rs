//! The index of an array, vector or matrix element. Slang takes any integer there, a 64-bit
//! one included (`a[i]` with `int64_t i`); the IR and WGSL index with 32-bit integers, so a
//! 64-bit index is narrowed to the 32-bit integer of its signedness (every valid index fits).

use hir::ExprId;
use ir::{Scalar, ValueId};

use super::{FnLower, R};

impl FnLower<'_, '_> {
    pub(super) fn lower_index(&mut self, index: ExprId) -> R<ValueId> {
        let i = self.lower_expr(index)?;
        let narrow = match self.cx.module.types.scalar_of(self.vty(i)) {
            Some(Scalar::I64) => Scalar::I32,
            Some(Scalar::U64) => Scalar::U32,
            _ => return Ok(i),
        };
        let to = self.cx.module.types.scalar(narrow);
        self.coerce(i, to)
    }
}
