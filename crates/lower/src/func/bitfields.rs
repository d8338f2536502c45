//! Reading and writing bit fields (`int a : 3;`, layout in `crate::bitfields`): a read shifts
//! the field's bits out of the backing integer (sign-extending for signed types), a write
//! replaces them, leaving the other fields of the backing as they were.

use hir::Ty;
use ir::{BinaryOp, Inst, Literal, Place, Scalar, TypeId, ValueId};

use super::{FnLower, LPlace};
use crate::R;
use crate::bitfields::BitSlot;

/// A bit field in memory: its backing (`None` for a field of width 0) and the field's type.
#[derive(Clone, Debug)]
pub(super) struct BitPlace {
    pub backing: Option<Place>,
    pub slot: BitSlot,
    pub ty: TypeId,
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl FnLower<'_, '_> {
    /// The slot of member `i` of `decl` when it is a bit field.
    pub(super) fn bit_slot(&self, decl: hir::TypeDeclId, i: u32) -> Option<BitSlot> {
        self.cx
            .bit_layout(decl)
            .and_then(|l| l.get(i as usize).copied().flatten())
    }

    /// The place of bit field `slot` of the struct at `base` (of declaration `decl`, already
    /// past any hidden base fields).
    pub(super) fn bit_place(
        &mut self,
        base: Place,
        decl: hir::TypeDeclId,
        slot: BitSlot,
    ) -> R<LPlace> {
        let ty = self.ir_ty(&Ty::Scalar(slot.kind))?;
        let backing = slot
            .group
            .map(|first| base.field(self.field_index(decl, first as u32)));
        Ok(LPlace::Bits(Box::new(BitPlace { backing, slot, ty })))
    }

    /// Bit field `slot` read from the value `v` of its struct (of declaration `decl`).
    pub(super) fn bit_field_value(
        &mut self,
        v: ValueId,
        decl: hir::TypeDeclId,
        slot: BitSlot,
    ) -> R<ValueId> {
        let ty = self.ir_ty(&Ty::Scalar(slot.kind))?;
        match slot.group {
            Some(first) => {
                let backing =
                    self.emit(Inst::Extract(v, self.field_index(decl, first as u32)), None)?;
                self.extract_bits(backing, slot, ty)
            }
            None => self.emit(Inst::Zero, Some(ty)),
        }
    }

    pub(super) fn load_bits(&mut self, p: &BitPlace) -> R<ValueId> {
        match &p.backing {
            Some(backing) => {
                let b = self.emit(Inst::Load(backing.clone()), None)?;
                self.extract_bits(b, p.slot, p.ty)
            }
            None => self.emit(Inst::Zero, Some(p.ty)),
        }
    }

    /// Stores `v` (already of the field's type) into the bit field.
    pub(super) fn store_bits(&mut self, p: &BitPlace, v: ValueId) -> R<()> {
        let Some(backing) = &p.backing else {
            // A field of width 0 holds nothing.
            return Ok(());
        };
        let old = self.emit(Inst::Load(backing.clone()), None)?;
        let new = self.insert_bits(old, p.slot, v)?;
        self.stmt(ir::Stmt::Store {
            place: backing.clone(),
            value: new,
        });
        Ok(())
    }

    /// The width the bits are worked on in: 8- and 16-bit backings (MSVC packing) widened to 32.
    fn work_bits(slot: BitSlot) -> u32 {
        slot.backing_bits.max(32)
    }

    fn work_scalar(slot: BitSlot) -> (Scalar, Scalar) {
        if Self::work_bits(slot) == 64 {
            (Scalar::U64, Scalar::I64)
        } else {
            (Scalar::U32, Scalar::I32)
        }
    }

    fn work_lit(&mut self, slot: BitSlot, x: u64) -> R<ValueId> {
        self.lit(if Self::work_bits(slot) == 64 {
            Literal::U64(x)
        } else {
            Literal::U32(x as u32)
        })
    }

    /// The backing as an unsigned integer of the working width (zero-extended).
    fn widen_backing(&mut self, backing: ValueId, slot: BitSlot) -> R<ValueId> {
        if slot.backing_bits < 32 {
            self.emit(Inst::Convert(backing, Scalar::U32), None)
        } else {
            Ok(backing)
        }
    }

    /// The field's bits of `backing`, as a value of the field's type `ty`.
    fn extract_bits(&mut self, backing: ValueId, slot: BitSlot, ty: TypeId) -> R<ValueId> {
        let (_, signed) = Self::work_scalar(slot);
        let bits = Self::work_bits(slot);
        let backing = self.widen_backing(backing, slot)?;
        let field = if slot.kind.is_signed() {
            // Shift the field's top bit to the word's top, then back down arithmetically.
            let s = self.emit(Inst::Bitcast(backing, signed), None)?;
            let up = self.lit(Literal::U32(bits - slot.offset - slot.width))?;
            let s = self.emit(Inst::Binary(BinaryOp::Shl, s, up), None)?;
            let down = self.lit(Literal::U32(bits - slot.width))?;
            self.emit(Inst::Binary(BinaryOp::Shr, s, down), None)?
        } else {
            let off = self.lit(Literal::U32(slot.offset))?;
            let s = self.emit(Inst::Binary(BinaryOp::Shr, backing, off), None)?;
            let m = self.work_lit(slot, mask(slot.width))?;
            self.emit(Inst::Binary(BinaryOp::BitAnd, s, m), None)?
        };
        self.coerce(field, ty)
    }

    /// `backing` with the field's bits replaced by the low bits of `v`.
    fn insert_bits(&mut self, backing: ValueId, slot: BitSlot, v: ValueId) -> R<ValueId> {
        let (unsigned, _) = Self::work_scalar(slot);
        let vt = self.vty(v);
        let wide = self.cx.module.types.with_scalar(vt, unsigned).unwrap_or(vt);
        let v = self.coerce(v, wide)?;
        let backing = self.widen_backing(backing, slot)?;
        let m = mask(slot.width) << slot.offset;
        let keep = self.work_lit(slot, !m)?;
        let kept = self.emit(Inst::Binary(BinaryOp::BitAnd, backing, keep), None)?;
        // Masked before the shift: a constant shifted past the word's top is an error in WGSL.
        let low = self.work_lit(slot, mask(slot.width))?;
        let v = self.emit(Inst::Binary(BinaryOp::BitAnd, v, low), None)?;
        let off = self.lit(Literal::U32(slot.offset))?;
        let part = self.emit(Inst::Binary(BinaryOp::Shl, v, off), None)?;
        let word = self.emit(Inst::Binary(BinaryOp::BitOr, kept, part), None)?;
        if slot.backing_bits < 32 {
            // Back to the 8- or 16-bit backing: the bits above it are zero.
            self.emit(
                Inst::Convert(word, crate::bitfields::backing_scalar(slot)),
                None,
            )
        } else {
            Ok(word)
        }
    }
}
