//! Bit fields (`int a : 3;`): consecutive bit fields of a struct share one hidden backing
//! integer, as in slangc's default (GLSL-style) packing. The backing is 32 bits wide, or 64 when
//! one of its fields has a 64-bit type; a field that does not fit in what is left starts a new
//! backing, and a field of width 0 ends the current one (it holds nothing: reads give 0, writes
//! are dropped). Fields are packed from the least significant bit up. Reads extract the bits
//! (sign-extended for signed types), writes insert them (`func/bitfields.rs`).

use hir::TypeDeclId;

use crate::Ctx;

/// Prefix of the IR name of a backing field (`_bits0`, `_bits3`: the hir index of its first
/// bit field follows).
pub(crate) const BITS_FIELD_PREFIX: &str = "_bits";

pub(crate) use hir::layout::{BitLayout, BitSlot};

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
