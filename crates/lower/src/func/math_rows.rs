//! Elementwise math intrinsics on matrices (`exp(float2x2)`, `clamp(m, lo, hi)`, `all(m)`):
//! WGSL's builtins take scalars and vectors only, so the call becomes one call per row and the
//! rows are put back together, as Slang's core module does (`MATRIX_MAP_UNARY`). Doing it here
//! gives codegen, the interpreter and the derivative passes plain vector operations.

use ir::{BinaryOp, Inst, MathFn, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal};

/// Intrinsics that act on each component on its own (their result has the argument's shape).
fn is_elementwise(f: MathFn) -> bool {
    use MathFn::*;
    matches!(
        f,
        Abs | Sign
            | Min
            | Max
            | Clamp
            | Saturate
            | Lerp
            | SmoothStep
            | Step
            | Sqrt
            | Rsqrt
            | Rcp
            | Exp
            | Exp2
            | Log
            | Log2
            | Log10
            | Pow
            | Sin
            | Cos
            | Tan
            | Asin
            | Acos
            | Atan
            | Atan2
            | Sinh
            | Cosh
            | Tanh
            | Asinh
            | Acosh
            | Atanh
            | Floor
            | Ceil
            | Round
            | Trunc
            | Frac
            | Fmod
            | Fma
            | Mad
            | Radians
            | Degrees
            | CopySign
            | IsNan
            | IsInf
            // Subgroup operations act on each component too (WGSL's take scalars and vectors).
            | WaveActiveSum
            | WaveActiveProduct
            | WaveActiveMin
            | WaveActiveMax
            | WaveActiveBitAnd
            | WaveActiveBitOr
            | WaveActiveBitXor
            | WavePrefixSum
            | WavePrefixProduct
            | WaveReadLaneAt
            | WaveReadLaneFirst
            | QuadReadAcrossX
            | QuadReadAcrossY
            | QuadReadAcrossDiagonal
            | QuadReadLaneAt
    )
}

impl FnLower<'_, '_> {
    /// `f(args)` row by row when an argument is a matrix and `f` is elementwise (or `all`/`any`,
    /// which reduce over the rows); `None` when the call needs no splitting.
    pub(super) fn math_on_matrix_rows(
        &mut self,
        f: MathFn,
        args: &[ValueId],
        ret_ty: TypeId,
    ) -> R<Option<ValueId>> {
        let rows = args.iter().find_map(|&a| match self.kind(self.vty(a)) {
            TypeKind::Matrix { rows, .. } => Some(rows),
            _ => None,
        });
        let Some(rows) = rows else {
            return Ok(None);
        };
        let reduce = match f {
            MathFn::All => Some(BinaryOp::LogicalAnd),
            MathFn::Any => Some(BinaryOp::LogicalOr),
            _ if is_elementwise(f) => None,
            _ => return Ok(None),
        };
        let mut parts = Vec::with_capacity(rows as usize);
        for r in 0..u32::from(rows) {
            // Matrix operands give their row; others (a lane index) stay as they are.
            let row_args = args
                .iter()
                .map(|&a| match self.kind(self.vty(a)) {
                    TypeKind::Matrix { .. } => self.emit(Inst::Extract(a, r), None),
                    _ => Ok(a),
                })
                .collect::<R<Vec<_>>>()?;
            parts.push(self.emit(Inst::Math(f, row_args), None)?);
        }
        if let Some(op) = reduce {
            let mut acc = *parts
                .first()
                .ok_or_else(|| internal("a matrix without rows"))?;
            for &p in &parts[1..] {
                acc = self.emit(Inst::Binary(op, acc, p), None)?;
            }
            return Ok(Some(acc));
        }
        // `sign` gives int rows: convert them to the declared result's scalar first.
        if let TypeKind::Matrix { scalar, .. } = self.kind(ret_ty) {
            for p in &mut parts {
                if self.cx.module.types.scalar_of(self.vty(*p)) != Some(scalar) {
                    *p = self.emit(Inst::Convert(*p, scalar), None)?;
                }
            }
        }
        let m = self.emit(Inst::Construct(parts), Some(ret_ty))?;
        Ok(Some(m))
    }
}
