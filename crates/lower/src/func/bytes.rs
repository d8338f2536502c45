//! `ByteAddressBuffer` / `RWByteAddressBuffer`: the buffer is a storage buffer of `uint` words
//! and addresses are byte offsets (4-aligned, as on every target Slang emits for). Values are
//! read and written word by word in their natural layout: 32-bit scalars in order, vectors,
//! arrays and struct fields packed without padding.

use hir::ExprId;
use ir::{AtomicOp, BinaryOp, GlobalId, Inst, Literal, Place, Scalar, TypeId, TypeKind, ValueId};

use super::{FnLower, Recv};
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// A `byte_*` intrinsic called on a byte-address buffer global.
    pub(super) fn byte_buffer_op(
        &mut self,
        intrinsic: &str,
        recv: Option<Recv>,
        ret_ty: TypeId,
        param_tys: &[TypeId],
        args: &[ExprId],
    ) -> R<Option<ValueId>> {
        let Some(Recv::Buffer(base)) = recv else {
            return Err(unsupported("this byte-address buffer receiver"));
        };
        let g = self.buffer_global(base)?;
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| internal("intrinsic arity"))
        };
        if intrinsic == "byte_dimensions" {
            let words = self.emit(Inst::ArrayLength(g), None)?;
            let four = self.lit(Literal::U32(4))?;
            let bytes = self.emit(Inst::Binary(BinaryOp::Mul, words, four), None)?;
            let out = self.lvalue(arg(0)?)?;
            self.store_lplace(&out, bytes)?;
            return Ok(None);
        }
        let u32_ty = self.cx.module.types.u32();
        let address = self.lower_value_as(arg(0)?, u32_ty)?;
        let two = self.lit(Literal::U32(2))?;
        let word = self.emit(Inst::Binary(BinaryOp::Shr, address, two), None)?;
        match intrinsic {
            "byte_load" | "byte_load2" | "byte_load3" | "byte_load4" | "byte_load_typed"
            | "byte_load_aligned" => {
                let mut offset = 0;
                self.load_words(g, word, &mut offset, ret_ty).map(Some)
            }
            "byte_store" | "byte_store2" | "byte_store3" | "byte_store4" | "byte_store_typed"
            | "byte_store_aligned" => {
                let ty = *param_tys
                    .get(1)
                    .ok_or_else(|| internal("intrinsic arity"))?;
                let value = self.lower_value_as(arg(1)?, ty)?;
                let mut offset = 0;
                self.store_words(g, word, &mut offset, value, ty)?;
                Ok(None)
            }
            atomic if atomic.starts_with("byte_atomic_") => {
                let suffix = &atomic["byte_atomic_".len()..];
                if let Some(r) = self.byte_float_atomic(suffix, g, address, word, args) {
                    return r;
                }
                // (address, [compare,] value[, out original]), or (address, compare, value) for
                // InterlockedCompareStore, whose original is dropped.
                let (op, has_compare) = match &atomic["byte_atomic_".len()..] {
                    "add" => (AtomicOp::Add, false),
                    "min" => (AtomicOp::Min, false),
                    "max" => (AtomicOp::Max, false),
                    "and" => (AtomicOp::And, false),
                    "or" => (AtomicOp::Or, false),
                    "xor" => (AtomicOp::Xor, false),
                    "exchange" => (AtomicOp::Exchange, false),
                    "compare_exchange" | "compare_store" => (AtomicOp::CompareExchange, true),
                    _ => return Err(unsupported(format!("the intrinsic `{intrinsic}`"))),
                };
                let compare = if has_compare {
                    Some(self.lower_value_as(arg(1)?, u32_ty)?)
                } else {
                    None
                };
                let value_arg = if has_compare { 2 } else { 1 };
                let value = self.lower_value_as(arg(value_arg)?, u32_ty)?;
                let old = self.emit(
                    Inst::Atomic {
                        op,
                        place: Place::global(g).dynamic(word),
                        value,
                        compare,
                    },
                    None,
                )?;
                if let Some(out) = args.get(value_arg + 1) {
                    let p = self.lvalue(*out)?;
                    self.store_lplace(&p, old)?;
                }
                Ok(None)
            }
            _ => Err(unsupported(format!("the intrinsic `{intrinsic}`"))),
        }
    }

    /// The place of word `word + offset`.
    fn word_place(&mut self, g: GlobalId, word: ValueId, offset: u32) -> R<Place> {
        let index = if offset == 0 {
            word
        } else {
            let k = self.lit(Literal::U32(offset))?;
            self.emit(Inst::Binary(BinaryOp::Add, word, k), None)?
        };
        Ok(Place::global(g).dynamic(index))
    }

    /// The scalar `s` whose 32 bits are the `u32` `bits` (`bool`: nonzero); `what` says where
    /// a wider scalar, which one word cannot hold, was met.
    pub(super) fn scalar_from_word(&mut self, bits: ValueId, s: Scalar, what: &str) -> R<ValueId> {
        match s {
            Scalar::U32 => Ok(bits),
            Scalar::I32 | Scalar::F32 => self.emit(Inst::Bitcast(bits, s), None),
            Scalar::Bool => {
                let zero = self.lit(Literal::U32(0))?;
                self.emit(Inst::Binary(BinaryOp::Ne, bits, zero), None)
            }
            _ => Err(unsupported(format!("a {}-bit value {what}", s.bits()))),
        }
    }

    /// Reads a value of type `ty` from the words starting at `word + offset`; advances `offset`.
    fn load_words(
        &mut self,
        g: GlobalId,
        word: ValueId,
        offset: &mut u32,
        ty: TypeId,
    ) -> R<ValueId> {
        let parts = match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let place = self.word_place(g, word, *offset)?;
                *offset += 1;
                let bits = self.emit(Inst::Load(place), None)?;
                return self.scalar_from_word(bits, s, "in a byte-address buffer");
            }
            TypeKind::Vector { scalar, size } => {
                let s = self.cx.module.types.scalar(scalar);
                vec![s; usize::from(size)]
            }
            TypeKind::Array { elem, len } => vec![elem; len as usize],
            TypeKind::Struct(sid) => self
                .cx
                .module
                .types
                .struct_def(sid)
                .map(|d| d.fields.iter().map(|f| f.ty).collect())
                .ok_or_else(|| internal("struct"))?,
            _ => return Err(unsupported("this type in a byte-address buffer")),
        };
        let mut values = Vec::with_capacity(parts.len());
        for t in parts {
            values.push(self.load_words(g, word, offset, t)?);
        }
        self.emit(Inst::Construct(values), Some(ty))
    }

    /// Writes `value` (of type `ty`) to the words starting at `word + offset`; advances `offset`.
    fn store_words(
        &mut self,
        g: GlobalId,
        word: ValueId,
        offset: &mut u32,
        value: ValueId,
        ty: TypeId,
    ) -> R<()> {
        let count = match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let bits = match s {
                    Scalar::U32 => value,
                    Scalar::I32 | Scalar::F32 => {
                        self.emit(Inst::Bitcast(value, Scalar::U32), None)?
                    }
                    Scalar::Bool => self.emit(Inst::Convert(value, Scalar::U32), None)?,
                    _ => {
                        return Err(unsupported(format!(
                            "a {}-bit value in a byte-address buffer",
                            s.bits()
                        )));
                    }
                };
                let place = self.word_place(g, word, *offset)?;
                *offset += 1;
                self.stmt(ir::Stmt::Store { place, value: bits });
                return Ok(());
            }
            TypeKind::Vector { size, .. } => u32::from(size),
            TypeKind::Array { len, .. } => len,
            TypeKind::Struct(sid) => self
                .cx
                .module
                .types
                .struct_def(sid)
                .map(|d| d.fields.len() as u32)
                .ok_or_else(|| internal("struct"))?,
            _ => return Err(unsupported("this type in a byte-address buffer")),
        };
        for i in 0..count {
            let part = self.emit(Inst::Extract(value, i), None)?;
            let part_ty = self.vty(part);
            self.store_words(g, word, offset, part, part_ty)?;
        }
        Ok(())
    }
}
