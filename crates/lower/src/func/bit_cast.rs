//! `bit_cast<T>(x)` / `reinterpret<T>(x)` between types of different shapes (structs, arrays,
//! matrices, vectors of another length): the source is written out as 32-bit words in its
//! natural layout (scalars in order, vectors, matrix rows, array elements and struct fields
//! packed one after the other), and the target is read back from those words. A target larger
//! than the source reads zeros past its end (`reinterpret` packs into any type no smaller than
//! the source).

use ir::{BinaryOp, Inst, Literal, MathFn, Scalar, TypeId, TypeKind, ValueId};

use super::FnLower;
use crate::{R, internal, unsupported};

impl FnLower<'_, '_> {
    /// `value` reinterpreted as `ty`. `bit_cast` refuses to narrow a scalar or vector (slangc's
    /// E41202); `reinterpret` (`exact` false) keeps the first bytes, as slangc's AnyValue packing
    /// does.
    pub(super) fn bit_cast_value(&mut self, value: ValueId, ty: TypeId, exact: bool) -> R<ValueId> {
        let from = self.vty(value);
        if from == ty {
            return Ok(value);
        }
        let same_shape = match (self.kind(from), self.kind(ty)) {
            (TypeKind::Scalar(_), TypeKind::Scalar(s)) => Some(s),
            (TypeKind::Vector { size: a, .. }, TypeKind::Vector { size: b, scalar }) if a == b => {
                Some(scalar)
            }
            _ => None,
        };
        let from_scalar = self.cx.module.types.scalar_of(from);
        if let (Some(s), Some(f)) = (same_shape, from_scalar)
            && s.bits() == f.bits()
        {
            return self.emit(Inst::Bitcast(value, s), None);
        }
        let bytes = |this: &Self, t: TypeId| match this.kind(t) {
            TypeKind::Scalar(s) => Some(s.bits() / 8),
            TypeKind::Vector { scalar, size } => Some(scalar.bits() / 8 * u32::from(size)),
            _ => None,
        };
        if exact
            && let (Some(from_size), Some(to_size)) = (bytes(self, from), bytes(self, ty))
            && to_size < from_size
        {
            // slangc reports this too (its E41202): the value would lose bytes.
            return Err(crate::LowerError {
                code: "E4005",
                message: format!(
                    "`bit_cast` from `{}` ({from_size} bytes) to the smaller `{}` ({to_size} \
                     bytes): the sizes must match",
                    self.cx.module.types.display(from),
                    self.cx.module.types.display(ty)
                ),
                ..unsupported("")
            });
        }
        let mut pieces = Vec::new();
        let mut offset = 0;
        self.bit_cast_write(value, from, &mut offset, &mut pieces, 0)?;
        let mut offset = 0;
        self.bit_cast_read(&pieces, &mut offset, ty, 0)
    }

    /// (size, alignment) in bytes of `ty` in the natural layout.
    fn natural_ir_layout(&self, ty: TypeId, depth: u32) -> R<(u32, u32)> {
        if depth > 64 {
            return Err(unsupported("`bit_cast` of a type nested this deep"));
        }
        let scalar = |s: Scalar| match s {
            Scalar::Bool | Scalar::I8 | Scalar::U8 => Ok(1),
            Scalar::F16 | Scalar::I16 | Scalar::U16 => Ok(2),
            Scalar::I32 | Scalar::U32 | Scalar::F32 => Ok(4),
            _ => Err(bit_cast_width(s)),
        };
        Ok(match self.kind(ty) {
            TypeKind::Scalar(s) => (scalar(s)?, scalar(s)?),
            TypeKind::Vector { scalar: s, size } => (scalar(s)? * u32::from(size), scalar(s)?),
            TypeKind::Matrix {
                scalar: s,
                rows,
                cols,
            } => (scalar(s)? * u32::from(rows) * u32::from(cols), scalar(s)?),
            TypeKind::Array { elem, len } => {
                let (s, a) = self.natural_ir_layout(elem, depth + 1)?;
                let size = if len == 0 {
                    0
                } else {
                    s.next_multiple_of(a) * (len - 1) + s
                };
                (size, a)
            }
            TypeKind::Struct(sid) => {
                let fields: Vec<TypeId> = self
                    .cx
                    .module
                    .types
                    .struct_def(sid)
                    .map(|d| d.fields.iter().map(|f| f.ty).collect())
                    .ok_or_else(|| internal("struct"))?;
                let (mut size, mut align) = (0u32, 1u32);
                for f in fields {
                    let (s, a) = self.natural_ir_layout(f, depth + 1)?;
                    size = size.next_multiple_of(a) + s;
                    align = align.max(a);
                }
                (size, align)
            }
            _ => return Err(unsupported("`bit_cast` of this type")),
        })
    }

    /// Appends the scalars of `value` (of type `ty`, placed at byte `*offset`) to `pieces`
    /// as (byte offset, byte size, `u32` holding the bits); advances `*offset` past it.
    pub(super) fn bit_cast_write(
        &mut self,
        value: ValueId,
        ty: TypeId,
        offset: &mut u32,
        pieces: &mut Vec<Piece>,
        depth: u32,
    ) -> R<()> {
        let (size, align) = self.natural_ir_layout(ty, depth)?;
        *offset = offset.next_multiple_of(align);
        let count = match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let bits = match s {
                    Scalar::U32 => value,
                    Scalar::I32 | Scalar::F32 => {
                        self.emit(Inst::Bitcast(value, Scalar::U32), None)?
                    }
                    Scalar::Bool => self.emit(Inst::Convert(value, Scalar::U32), None)?,
                    Scalar::F16 => {
                        let wide = self.emit(Inst::Convert(value, Scalar::F32), None)?;
                        self.emit(Inst::Math(MathFn::F32ToF16, vec![wide]), None)?
                    }
                    // 8- and 16-bit integers: their low bytes (bits above the size are zero).
                    s if s.is_narrow_int() => {
                        let wide = self.emit(Inst::Convert(value, Scalar::U32), None)?;
                        let mask = self.lit(Literal::U32((1u32 << s.bits()) - 1))?;
                        self.emit(Inst::Binary(BinaryOp::BitAnd, wide, mask), None)?
                    }
                    _ => return Err(bit_cast_width(s)),
                };
                pieces.push(Piece {
                    offset: *offset,
                    size,
                    bits,
                });
                *offset += size;
                return Ok(());
            }
            _ => self
                .aggregate_parts(ty)?
                .ok_or_else(|| unsupported("`bit_cast` of this type"))?
                .len() as u32,
        };
        let start = *offset;
        let stride_parts = matches!(self.kind(ty), TypeKind::Array { .. });
        for i in 0..count {
            let part = self.emit(Inst::Extract(value, i), None)?;
            let part_ty = self.vty(part);
            if stride_parts {
                let (s, a) = self.natural_ir_layout(part_ty, depth + 1)?;
                *offset = start + s.next_multiple_of(a) * i;
            }
            self.bit_cast_write(part, part_ty, offset, pieces, depth + 1)?;
        }
        *offset = start + size;
        Ok(())
    }

    /// A value of type `ty` read from the bytes at `*offset` of `pieces` (zero where no piece
    /// covers them); advances `*offset` past it.
    pub(super) fn bit_cast_read(
        &mut self,
        pieces: &[Piece],
        offset: &mut u32,
        ty: TypeId,
        depth: u32,
    ) -> R<ValueId> {
        let (size, align) = self.natural_ir_layout(ty, depth)?;
        *offset = offset.next_multiple_of(align);
        let parts: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Scalar(s) => {
                let bits = self.bit_cast_bytes(pieces, *offset, size)?;
                *offset += size;
                return match s {
                    Scalar::U32 => Ok(bits),
                    Scalar::I32 | Scalar::F32 => self.emit(Inst::Bitcast(bits, s), None),
                    Scalar::Bool => {
                        let zero = self.lit(Literal::U32(0))?;
                        self.emit(Inst::Binary(BinaryOp::Ne, bits, zero), None)
                    }
                    Scalar::F16 => {
                        let wide = self.emit(Inst::Math(MathFn::F16ToF32, vec![bits]), None)?;
                        self.emit(Inst::Convert(wide, Scalar::F16), None)
                    }
                    // The conversion wraps to the width, sign-extending the signed ones.
                    s if s.is_narrow_int() => self.emit(Inst::Convert(bits, s), None),
                    _ => Err(bit_cast_width(s)),
                };
            }
            _ => self
                .aggregate_parts(ty)?
                .ok_or_else(|| unsupported("`bit_cast` to this type"))?,
        };
        let start = *offset;
        let stride_parts = matches!(self.kind(ty), TypeKind::Array { .. });
        let mut values = Vec::with_capacity(parts.len());
        for (i, t) in parts.into_iter().enumerate() {
            if stride_parts {
                let (s, a) = self.natural_ir_layout(t, depth + 1)?;
                *offset = start + s.next_multiple_of(a) * i as u32;
            }
            values.push(self.bit_cast_read(pieces, offset, t, depth + 1)?);
        }
        *offset = start + size;
        self.emit(Inst::Construct(values), Some(ty))
    }

    /// The `size` bytes at `offset` of `pieces` as the low bytes of a `u32`.
    fn bit_cast_bytes(&mut self, pieces: &[Piece], offset: u32, size: u32) -> R<ValueId> {
        let end = offset + size;
        let mut out: Option<ValueId> = None;
        for p in pieces {
            let (lo, hi) = (offset.max(p.offset), end.min(p.offset + p.size));
            if lo >= hi {
                continue;
            }
            // The overlap's bytes of the piece, moved to their place in the result.
            let mut v = p.bits;
            let down = (lo - p.offset) * 8;
            if down > 0 {
                let k = self.lit(Literal::U32(down))?;
                v = self.emit(Inst::Binary(BinaryOp::Shr, v, k), None)?;
            }
            let width = (hi - lo) * 8;
            // The piece's bits above its size are zero: mask only a partial overlap.
            if width < p.size * 8 - down {
                let k = self.lit(Literal::U32((1u32 << width) - 1))?;
                v = self.emit(Inst::Binary(BinaryOp::BitAnd, v, k), None)?;
            }
            let up = (lo - offset) * 8;
            if up > 0 {
                let k = self.lit(Literal::U32(up))?;
                v = self.emit(Inst::Binary(BinaryOp::Shl, v, k), None)?;
            }
            out = Some(match out {
                None => v,
                Some(acc) => self.emit(Inst::Binary(BinaryOp::BitOr, acc, v), None)?,
            });
        }
        match out {
            Some(v) => Ok(v),
            None => self.lit(Literal::U32(0)),
        }
    }
}

/// A scalar of a `bit_cast` source: its byte offset and size, and its bits in a `u32`.
pub(super) struct Piece {
    offset: u32,
    size: u32,
    bits: ValueId,
}

fn bit_cast_width(s: Scalar) -> crate::LowerError {
    unsupported(format!(
        "`bit_cast` of a structure holding a {}-bit scalar",
        s.bits()
    ))
}
