//! Bit fields (`int a : 3;`): consecutive bit fields of a struct share one hidden backing
//! integer, as in slangc's default (GLSL-style) packing. The backing is 32 bits wide, or 64 when
//! one of its fields has a 64-bit type; a field that does not fit in what is left starts a new
//! backing, and a field of width 0 ends the current one (it holds nothing: reads give 0, writes
//! are dropped). Fields are packed from the least significant bit up. Under
//! `-msvc-style-bitfield-packing` the backing has the declared type's width and fields go from
//! the top bit down (`hir::layout::bit_layout`). Reads extract the bits (sign-extended for signed
//! types), writes insert them (`func/bitfields.rs`).

use hir::TypeDeclId;

use crate::Ctx;
use ir::Scalar;

/// Prefix of the IR name of a backing field (`_bits0`, `_bits3`: the hir index of its first
/// bit field follows).
pub(crate) const BITS_FIELD_PREFIX: &str = "_bits";

pub(crate) use hir::layout::{BitLayout, BitSlot};

/// The IR type of a bit field's backing integer.
pub(crate) fn backing_scalar(slot: BitSlot) -> Scalar {
    match slot.backing_bits {
        8 => Scalar::U8,
        16 => Scalar::U16,
        64 => Scalar::U64,
        _ => Scalar::U32,
    }
}

impl Ctx<'_> {
    /// The bit-field layout of `decl`, `None` when it has no bit fields (`hir::layout`).
    pub(crate) fn bit_layout(&self, decl: TypeDeclId) -> Option<BitLayout> {
        hir::layout::bit_layout(self.db, self.file, decl)
    }

    /// Whether hir field `k` of `decl` is stored in the IR struct as far as bit fields go: plain
    /// fields and the first field of each backing are; the other bit fields are not.
    pub(crate) fn bit_field_stored(&self, layout: Option<&BitLayout>, k: usize) -> bool {
        match layout.and_then(|l| l.get(k).copied().flatten()) {
            Some(slot) => slot.group == Some(k),
            None => true,
        }
    }
}
