//! An interface-like value converted to another interface's dynamic struct: an associated type
//! of an interface value (`IThing t = maker.make();` with `associatedtype Thing : IThing`), whose
//! payloads sit under the owning interface's tags, becomes an `IThing` value by a `switch` on
//! its tag, each case wrapping its payload with its concrete type's `IThing` tag.

use ir::{TypeId, ValueId};

use super::FnLower;
use crate::R;

impl FnLower<'_, '_> {
    /// `v` (a value of another dynamic struct) as a value of the dynamic struct `ty`, whose
    /// cases are `cases`; `None` when `v` is not dynamic.
    pub(super) fn dyn_from_other_dyn(
        &mut self,
        ty: TypeId,
        cases: &[crate::DynCase],
        v: ValueId,
    ) -> R<Option<ValueId>> {
        let from = self.vty(v);
        if from == ty {
            return Ok(Some(v));
        }
        let Some(from_cases) = self.cx.dyn_types.get(&from).cloned() else {
            return Ok(None);
        };
        self.switch_on_tag(v, &from_cases, ty, |b, _case, payload| {
            b.make_dyn(ty, cases, Some(payload), None)
        })
        .map(Some)
    }
}
