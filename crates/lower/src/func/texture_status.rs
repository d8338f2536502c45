//! Tiled-resource status: the `out uint status` forms of texture reads (`Load(loc, offset,
//! status)`, `SampleLevel(..., status)`, ...) and `CheckAccessFullyMapped(status)`. dslang's
//! targets have no sparse (partially resident) resources, so every read is fully mapped:
//! the operation runs as its form without `status` and writes [`FULLY_MAPPED`], the one status
//! `CheckAccessFullyMapped` accepts (any other value, such as 0 or `~0u`, reads as unmapped).

use hir::ExprId;
use ir::{BinaryOp, Literal, ValueId};

use super::{FnLower, Recv};
use crate::{R, internal};

/// The status a read writes on a target without sparse resources.
const FULLY_MAPPED: u32 = 1;

impl FnLower<'_, '_> {
    /// A texture intrinsic with a trailing `out uint status`: `base` (the intrinsic without
    /// it) on the other arguments, then the status stored.
    pub(super) fn texture_op_with_status(
        &mut self,
        base: &str,
        recv: Option<Recv>,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let (status, rest) = args
            .split_last()
            .ok_or_else(|| internal("a status form without arguments"))?;
        let value = self.texture_op(base, recv, rest)?;
        let mapped = self.lit(Literal::U32(FULLY_MAPPED))?;
        let place = self.lvalue(*status)?;
        self.store_lplace(&place, mapped)?;
        Ok(value)
    }

    /// `CheckAccessFullyMapped(status)`.
    pub(super) fn check_access_fully_mapped(&mut self, status: ValueId) -> R<ValueId> {
        let mapped = self.lit(Literal::U32(FULLY_MAPPED))?;
        self.emit(ir::Inst::Binary(BinaryOp::Eq, status, mapped), None)
    }
}
