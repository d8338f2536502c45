//! Value packs (`let each D : int`, `each int D`) named in generic arguments inside `expand`
//! (`expand f(Inner<each D>())`): the `expand` repeats over them as over `each D` in a value.

use crate::body::*;
use crate::data::{GenericArgRef, TypeRef};
use crate::resolve::{self, Resolution};

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// Notes the value packs that the generic arguments written in `e` name, for the enclosing
    /// `expand`.
    pub(super) fn note_packs_in_generic_args(&mut self, e: ExprId) {
        if self.expand_frames.is_empty() {
            return;
        }
        let args: Vec<GenericArgRef> = match &self.body.exprs[e] {
            Expr::Path(p) => p
                .segments
                .iter()
                .filter_map(|s| s.args.clone())
                .flatten()
                .collect(),
            Expr::GenericApply { args, .. } => args.clone(),
            _ => return,
        };
        for arg in args {
            let GenericArgRef::Type(TypeRef::Path(p)) = arg else {
                continue;
            };
            if p.segments.len() != 1 || p.segments[0].args.is_some() {
                continue;
            }
            if let Some(Resolution::GenericValue(param)) =
                self.resolver.resolve_name(&p.segments[0].name)
                && resolve::is_type_pack(self.db, &param)
                && let Some(frame) = self.expand_frames.last_mut()
                && !frame.contains(&param)
            {
                frame.push(param);
            }
        }
    }
}
