//! Float atomics on byte-address buffers (`InterlockedAddF32`, `InterlockedAddF16`,
//! `InterlockedExchangeFloat`, `InterlockedCompareExchangeFloatBitwise`,
//! `InterlockedCompareStoreFloatBitwise`): the buffer is `uint` words, so each is a
//! compare-exchange loop on the word holding the value. Load the word, compute the new bits from
//! the old ones (a `half` is the low or high 16 bits, by the address, and only those change),
//! swap if the word still holds what was loaded, else retry. The sums are exact: a `half` sum is
//! computed in `half` and its bits taken through `float`, which holds every `half` exactly.

use hir::ExprId;
use ir::{AtomicOp, BinaryOp, GlobalId, Inst, Literal, MathFn, Place, Scalar, ValueId};

use super::FnLower;
use crate::{R, internal};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Add,
    Exchange,
    CompareExchange,
    CompareStore,
}

impl FnLower<'_, '_> {
    /// `byte_atomic_{add,exchange,compare_exchange,compare_store}_f32` and `byte_atomic_add_f16`
    /// (`suffix` is the part after `byte_atomic_`); `None` for other atomics.
    pub(super) fn byte_float_atomic(
        &mut self,
        suffix: &str,
        g: GlobalId,
        address: ValueId,
        word: ValueId,
        args: &[ExprId],
    ) -> Option<R<Option<ValueId>>> {
        let (kind, half) = match suffix {
            "add_f32" => (Kind::Add, false),
            "add_f16" => (Kind::Add, true),
            "exchange_f32" => (Kind::Exchange, false),
            "compare_exchange_f32" => (Kind::CompareExchange, false),
            "compare_store_f32" => (Kind::CompareStore, false),
            _ => return None,
        };
        Some(self.byte_float_atomic_of(kind, half, g, address, word, args))
    }

    fn byte_float_atomic_of(
        &mut self,
        kind: Kind,
        half: bool,
        g: GlobalId,
        address: ValueId,
        word: ValueId,
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| internal("intrinsic arity"))
        };
        let s = if half { Scalar::F16 } else { Scalar::F32 };
        let ty = self.cx.module.types.scalar(s);
        let f32_ty = self.cx.module.types.f32();
        let u32_ty = self.cx.module.types.u32();
        let compares = matches!(kind, Kind::CompareExchange | Kind::CompareStore);
        let compare = if compares {
            Some(self.lower_value_as(arg(1)?, ty)?)
        } else {
            None
        };
        let value_arg = if compares { 2 } else { 1 };
        let value = self.lower_value_as(arg(value_arg)?, ty)?;
        let compare_bits = match compare {
            Some(c) => Some(self.emit(Inst::Bitcast(c, Scalar::U32), None)?),
            None => None,
        };
        // A half's bits sit at bit 0 or 16 of its word.
        let shift = if half {
            let two = self.lit(Literal::U32(2))?;
            let low = self.emit(Inst::Binary(BinaryOp::BitAnd, address, two), None)?;
            let three = self.lit(Literal::U32(3))?;
            Some(self.emit(Inst::Binary(BinaryOp::Shl, low, three), None)?)
        } else {
            None
        };
        let place = Place::global(g).dynamic(word);
        let old_local = self.new_local("atomic_old", ty);
        let body = self.block(|b| {
            let cur = b.emit(Inst::Load(place.clone()), None)?;
            let (old, bits) = match shift {
                Some(sh) => {
                    let down = b.emit(Inst::Binary(BinaryOp::Shr, cur, sh), None)?;
                    let m = b.lit(Literal::U32(0xFFFF))?;
                    let bits = b.emit(Inst::Binary(BinaryOp::BitAnd, down, m), None)?;
                    let wide = b.emit(Inst::Math(MathFn::F16ToF32, vec![bits]), None)?;
                    (b.emit(Inst::Convert(wide, Scalar::F16), None)?, bits)
                }
                None => (b.emit(Inst::Bitcast(cur, Scalar::F32), None)?, cur),
            };
            b.stmt(ir::Stmt::Store {
                place: Place::local(old_local),
                value: old,
            });
            if let Some(cb) = compare_bits {
                let differs = b.emit(Inst::Binary(BinaryOp::Ne, bits, cb), None)?;
                b.stmt(ir::Stmt::If {
                    cond: differs,
                    then_block: vec![ir::Stmt::Break],
                    else_block: Vec::new(),
                });
            }
            let new = match kind {
                Kind::Add => b.emit(Inst::Binary(BinaryOp::Add, old, value), None)?,
                _ => value,
            };
            let merged = match shift {
                Some(sh) => {
                    let wide = b.emit(Inst::Convert(new, Scalar::F32), Some(f32_ty))?;
                    let nb = b.emit(Inst::Math(MathFn::F32ToF16, vec![wide]), Some(u32_ty))?;
                    let m = b.lit(Literal::U32(0xFFFF))?;
                    let nb = b.emit(Inst::Binary(BinaryOp::BitAnd, nb, m), None)?;
                    let set = b.emit(Inst::Binary(BinaryOp::Shl, nb, sh), None)?;
                    let at = b.emit(Inst::Binary(BinaryOp::Shl, m, sh), None)?;
                    let keep = b.emit(Inst::Unary(ir::UnaryOp::BitNot, at), None)?;
                    let kept = b.emit(Inst::Binary(BinaryOp::BitAnd, cur, keep), None)?;
                    b.emit(Inst::Binary(BinaryOp::BitOr, kept, set), None)?
                }
                None => b.emit(Inst::Bitcast(new, Scalar::U32), None)?,
            };
            let seen = b.emit(
                Inst::Atomic {
                    op: AtomicOp::CompareExchange,
                    place: place.clone(),
                    value: merged,
                    compare: Some(cur),
                },
                None,
            )?;
            let swapped = b.emit(Inst::Binary(BinaryOp::Eq, seen, cur), None)?;
            b.stmt(ir::Stmt::If {
                cond: swapped,
                then_block: vec![ir::Stmt::Break],
                else_block: Vec::new(),
            });
            Ok(())
        })?;
        self.stmt(ir::Stmt::Loop {
            body,
            continuing: Vec::new(),
            break_if: None,
            attrs: ir::LoopAttrs::default(),
        });
        let old = self.emit(Inst::Load(Place::local(old_local)), None)?;
        if kind != Kind::CompareStore
            && let Some(out) = args.get(value_arg + 1)
        {
            let p = self.lvalue(*out)?;
            self.store_lplace(&p, old)?;
        }
        Ok(None)
    }
}
