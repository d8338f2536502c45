//! `void` elements of a type pack: `accept(expand f(each v))` where `f` returns `void` binds
//! the callee's pack to `void, void, ...`. A `void` value is nothing to pass: each such
//! argument runs for its effects, in its place among the arguments, and the callee has no
//! parameter for it (`signature`).

use hir::Ty;

use super::{ArgSlot, FnLower};
use crate::R;

impl FnLower<'_, '_> {
    /// Whether the argument `slot` is a `void` value (a `void` call spread by `expand`).
    pub(super) fn slot_is_void(&mut self, slot: ArgSlot) -> bool {
        match slot {
            ArgSlot::Expr(a) => self.ety(a) == Ty::Void,
            ArgSlot::Element(a, k) => self
                .in_pack_element(k, |this| Ok(this.ety(a) == Ty::Void))
                .unwrap_or(false),
        }
    }

    /// Runs the `void` argument `slot` for its effects.
    pub(super) fn lower_void_slot(&mut self, slot: ArgSlot) -> R<()> {
        match slot {
            ArgSlot::Expr(a) => self.lower_effect(a),
            ArgSlot::Element(a, k) => self.in_pack_element(k, |this| this.lower_effect(a)),
        }
    }

    /// Lowers the `void` arguments at `slots[*next..]` up to the first that is not, leaving
    /// `*next` at it.
    pub(super) fn skip_void_slots(&mut self, slots: &[ArgSlot], next: &mut usize) -> R<()> {
        while let Some(slot) = slots.get(*next).copied() {
            if !self.slot_is_void(slot) {
                break;
            }
            self.lower_void_slot(slot)?;
            *next += 1;
        }
        Ok(())
    }
}
