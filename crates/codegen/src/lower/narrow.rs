//! 8- and 16-bit integers (`int8_t`, `uint8_t`, `int16_t`, `uint16_t`). WGSL has no integer
//! narrower than 32 bits, so a narrow value is held in an `i32`/`u32` of its signedness and kept
//! in range: after each operation whose 32-bit result can leave the narrow range (addition,
//! subtraction, multiplication, division, remainder, left shift, negation, bitwise not, math
//! functions such as `abs`, conversions to the narrow type) the result is wrapped to its width,
//! the signed ones sign-extended (`extractBits(x, 0, bits)`),
//! the unsigned ones masked. Comparisons, `&`, `|`, `^` and right shifts of in-range values stay
//! in range. Buffers and uniforms holding them are laid out byte by byte in `u32` words
//! (`narrow_mem.rs`); `check_host_narrow` refuses what still reaches a host layout otherwise.

use super::*;

impl Lowerer<'_> {
    /// Wraps `h`, a value of IR type `ty`, to the width of its narrow integer scalar; other
    /// types are returned unchanged.
    pub(super) fn wrap_narrow(
        &mut self,
        cx: &mut FnCx,
        out: &mut NBlock,
        h: Handle<E>,
        ty: TypeId,
    ) -> Result<Handle<E>> {
        let (s, n) = match *self.types().kind(ty) {
            TypeKind::Scalar(s) => (s, 1),
            TypeKind::Vector { scalar, size } => (scalar, size),
            _ => return Ok(h),
        };
        if !s.is_narrow_int() {
            return Ok(h);
        }
        let bits = s.bits();
        if s.is_signed_int() {
            // `extractBits` sign-extends the low bits; `(x << k) >> k` would be the same at run
            // time, but a shift that overflows `i32` is an error when WGSL folds it as a constant.
            let offset = cx.add(out, E::Literal(naga::Literal::U32(0)));
            let count = cx.add(out, E::Literal(naga::Literal::U32(bits)));
            Ok(self.m(cx, out, Mf::ExtractBits, &[h, offset, count]))
        } else {
            let mask = self.constant(cx, out, Scalar::U32, n, f64::from((1u32 << bits) - 1))?;
            Ok(self.bin(cx, out, Bo::And, h, mask))
        }
    }

    /// Refuses a narrow integer type in memory shared with the host.
    pub(super) fn check_host_narrow(&self, ty: TypeId, repr: Repr) -> Result<()> {
        match self.types().scalar_of(ty) {
            Some(s) if repr.host && s.is_narrow_int() => Err(CodegenError::Unsupported {
                what: format!(
                    "the type `{}` in a buffer or uniform (WGSL holds {}-bit integers in 32 \
                     bits, so the memory layout would not match; store it as `{}` and convert)",
                    self.types().display(ty),
                    s.bits(),
                    s.held_as().name()
                ),
                target: self.opts.target,
            }),
            _ => Ok(()),
        }
    }
}

/// Whether the 32-bit result of `inst` of a narrow integer type may leave the narrow range.
pub(super) fn may_leave_range(inst: &Inst) -> bool {
    match inst {
        Inst::Binary(op, ..) => !matches!(
            op,
            ir::BinaryOp::BitAnd | ir::BinaryOp::BitOr | ir::BinaryOp::BitXor | ir::BinaryOp::Shr
        ),
        Inst::Unary(..) | Inst::Convert(..) | Inst::Math(..) => true,
        _ => false,
    }
}

/// The value of a 32-bit integer literal, or of a negated signed one.
pub(super) fn int32_constant(f: &ir::Function, v: ValueId) -> Option<Literal> {
    let inst = |v: ValueId| f.values.get(v.0 as usize).map(|d| &d.inst);
    match inst(v)? {
        Inst::Literal(l @ (Literal::I32(_) | Literal::U32(_))) => Some(*l),
        Inst::Unary(ir::UnaryOp::Neg, x) => match inst(*x)? {
            Inst::Literal(Literal::I32(n)) => Some(Literal::I32(n.wrapping_neg())),
            _ => None,
        },
        _ => None,
    }
}
