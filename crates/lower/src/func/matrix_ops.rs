//! Operators the IR has on scalars and vectors only, applied to matrices row by row:
//! comparisons (`m1 == m2` is a `bool` matrix), bitwise and logical operators, `!` and `~`. Arithmetic
//! (`+ - * / %`) is elementwise on matrices in the IR itself.

use ir::{BinaryOp, Inst, TypeKind, UnaryOp, ValueId};

use super::FnLower;
use crate::R;

impl FnLower<'_, '_> {
    /// `a op b` for two matrices of one type when `op` needs rows, else `None`.
    pub(super) fn binary_on_matrix_rows(
        &mut self,
        op: BinaryOp,
        a: ValueId,
        b: ValueId,
    ) -> R<Option<ValueId>> {
        let TypeKind::Matrix { scalar, rows, cols } = self.kind(self.vty(a)) else {
            return Ok(None);
        };
        use BinaryOp::*;
        let result_scalar = match op {
            Add | Sub | Mul | Div | Rem | Shl | Shr => return Ok(None),
            Eq | Ne | Lt | Le | Gt | Ge | LogicalAnd | LogicalOr => ir::Scalar::Bool,
            BitAnd | BitOr | BitXor => scalar,
        };
        let mut out = Vec::with_capacity(rows as usize);
        for r in 0..u32::from(rows) {
            let mut x = self.emit(Inst::Extract(a, r), None)?;
            let mut y = self.emit(Inst::Extract(b, r), None)?;
            if matches!(op, LogicalAnd | LogicalOr) {
                x = self.as_bool(x)?;
                y = self.as_bool(y)?;
            }
            out.push(self.emit(Inst::Binary(op, x, y), None)?);
        }
        let ty = self.cx.module.types.matrix(result_scalar, rows, cols);
        self.emit(Inst::Construct(out), Some(ty)).map(Some)
    }

    /// `!m` (a `bool` matrix of the elements' truth) or `~m` of a matrix `m`, else `None`.
    pub(super) fn unary_on_matrix_rows(&mut self, op: UnaryOp, v: ValueId) -> R<Option<ValueId>> {
        let TypeKind::Matrix { scalar, rows, cols } = self.kind(self.vty(v)) else {
            return Ok(None);
        };
        let result_scalar = match op {
            UnaryOp::Not => ir::Scalar::Bool,
            UnaryOp::BitNot => scalar,
            _ => return Ok(None),
        };
        let mut out = Vec::with_capacity(rows as usize);
        for r in 0..u32::from(rows) {
            let mut x = self.emit(Inst::Extract(v, r), None)?;
            if op == UnaryOp::Not {
                x = self.as_bool(x)?;
            }
            out.push(self.emit(Inst::Unary(op, x), None)?);
        }
        let ty = self.cx.module.types.matrix(result_scalar, rows, cols);
        self.emit(Inst::Construct(out), Some(ty)).map(Some)
    }
}
