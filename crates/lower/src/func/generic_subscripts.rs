//! Generic subscripts (`__subscript<I>(I index) -> float`): the generic arguments hir bound
//! at `x[i]` (recorded for the index expression), carried over by position to the subscript
//! that lowering calls (a requirement's implementation on a concrete type has its own
//! parameters) and written in this instance's terms.

use hir::export::{GenericOwner, subscript_data};
use hir::{ExprId, GenericParamId, SubscriptId};

use super::FnLower;
use crate::Subst;

impl FnLower<'_, '_> {
    /// The own generic arguments of the subscript `sub` that `e` (`base[index]`) calls; empty
    /// for a subscript without generic parameters.
    pub(super) fn subscript_own_args(&self, e: ExprId, sub: SubscriptId) -> Subst {
        let data = subscript_data(self.cx.db, sub);
        if data.generics.is_empty() {
            return Subst::new();
        }
        let Some(recorded) = self.infer.generic_args_of(e) else {
            return Subst::new();
        };
        let own: Vec<_> = recorded
            .iter()
            .filter(|(p, _)| matches!(p.owner, GenericOwner::Subscript(_)))
            .map(|(_, a)| a)
            .collect();
        data.generics
            .iter()
            .enumerate()
            .zip(own)
            .map(|((i, g), a)| {
                (
                    GenericParamId {
                        owner: GenericOwner::Subscript(sub),
                        index: i as u32,
                        name: g.name.clone(),
                    },
                    self.instance_arg(a),
                )
            })
            .collect()
    }
}
