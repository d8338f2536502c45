//! Bit fields (`int a : 3;`): consecutive bit fields of a struct share one hidden backing
//! integer, as in slangc's default (GLSL-style) packing. The backing is 32 bits wide, or 64 when
//! one of its fields has a 64-bit type; a field that does not fit in what is left starts a new
//! backing, and a field of width 0 ends the current one (it holds nothing: reads give 0, writes
//! are dropped). Fields are packed from the least significant bit up. Reads extract the bits
//! (sign-extended for signed types), writes insert them (`func/bitfields.rs`).

use hir::{ScalarKind, Ty, TypeDeclId};

use crate::Ctx;

/// Prefix of the IR name of a backing field (`_bits0`, `_bits3`: the hir index of its first
/// bit field follows).
pub(crate) const BITS_FIELD_PREFIX: &str = "_bits";

/// Where a bit field lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BitSlot {
    /// The hir index of the first bit field of its backing (the one the struct stores), `None`
    /// for a field of width 0.
    pub group: Option<usize>,
    /// Least significant bit of the field in the backing.
    pub offset: u32,
    pub width: u32,
    /// The backing's width: 32 or 64.
    pub backing_bits: u32,
    /// The field's own type.
    pub kind: ScalarKind,
}

/// The bit-field layout of a struct: a slot per hir field (`None` for plain fields).
pub(crate) type BitLayout = Vec<Option<BitSlot>>;

impl Ctx<'_> {
    /// The bit-field layout of `decl`, `None` when it has no bit fields.
    pub(crate) fn bit_layout(&self, decl: TypeDeclId) -> Option<BitLayout> {
        let data = hir::type_decl_data(self.db, decl);
        if !data.fields.iter().any(|f| f.is_bit_field()) {
            return None;
        }
        let widths = hir::export::bit_field_widths(self.db, decl);
        let ftys = hir::export::field_types(self.db, decl);
        let mut slots: BitLayout = vec![None; data.fields.len()];
        // The open backing: (first field, bits used, width).
        let mut open: Option<(usize, u32, u32)> = None;
        let mut members: Vec<usize> = Vec::new();
        let close = |slots: &mut BitLayout, open: Option<(usize, u32, u32)>, members: &[usize]| {
            if let Some((_, _, bits)) = open {
                for &m in members {
                    if let Some(s) = slots[m].as_mut() {
                        s.backing_bits = bits;
                    }
                }
            }
        };
        for (k, f) in data.fields.iter().enumerate() {
            if f.modifiers.is_static || f.global.is_some() {
                continue;
            }
            let kind = match ftys
                .get(k)
                .map(|t| hir::export::normalize(self.db, self.file, t))
            {
                Some(Ty::Scalar(s)) if s.is_integer() => Some(s),
                _ => None,
            };
            let (Some(width), true, Some(kind)) =
                (widths.get(k).copied().flatten(), f.is_bit_field(), kind)
            else {
                close(&mut slots, open.take(), &members);
                members.clear();
                continue;
            };
            if width == 0 {
                close(&mut slots, open.take(), &members);
                members.clear();
                slots[k] = Some(BitSlot {
                    group: None,
                    offset: 0,
                    width: 0,
                    backing_bits: 32,
                    kind,
                });
                continue;
            }
            let own_bits = if kind.byte_size() > 4 { 64 } else { 32 };
            let offset = match open {
                Some((first, used, bits)) if used + width <= bits.max(own_bits) => {
                    open = Some((first, used + width, bits.max(own_bits)));
                    used
                }
                _ => {
                    close(&mut slots, open.take(), &members);
                    members.clear();
                    open = Some((k, width, own_bits));
                    0
                }
            };
            members.push(k);
            slots[k] = Some(BitSlot {
                group: open.map(|(first, _, _)| first),
                offset,
                width,
                backing_bits: own_bits,
                kind,
            });
        }
        close(&mut slots, open, &members);
        Some(slots)
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
