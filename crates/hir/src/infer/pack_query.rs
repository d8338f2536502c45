//! Pack queries written as calls in expressions: `__first(T)` / `__trimFirst(T)` of a type pack
//! (a type, as when written in a type), `__packBranch(P, E, N)::get()`, `__first(tuple)` /
//! `__trimFirst(tuple)` of a tuple value (its first element, the tuple of the rest), and queries
//! of value packs (`__first(D)` of `let each D : int`, `__trimFirst(values)` of a parameter
//! pack), whose values are not known before the packs are bound.

use crate::body::*;
use crate::infer::ExprRes;
use crate::pack_query::{self, PackOp};
use crate::ty::Ty;

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The query a call expression writes (`__first(x)`), when its callee names one and no
    /// declaration of that name is visible.
    pub(super) fn pack_query_call(&self, e: ExprId) -> Option<(PackOp, Vec<ExprId>)> {
        let Expr::Call { callee, args } = &self.body.exprs[e] else {
            return None;
        };
        let Expr::Path(p) = &self.body.exprs[*callee] else {
            return None;
        };
        let [seg] = p.segments.as_slice() else {
            return None;
        };
        let op = PackOp::from_name(&seg.name)?;
        if seg.args.is_some() || self.resolver.resolve_name(&seg.name).is_some() {
            return None;
        }
        Some((op, args.clone()))
    }

    /// Infers a pack query call `e`; `None` when `e` is not one.
    pub(super) fn infer_pack_query_call(&mut self, e: ExprId) -> Option<Ty> {
        let (op, args) = self.pack_query_call(e)?;
        let range = self.body.expr_range(e);
        if args.len() != op.arity() {
            for a in &args {
                self.infer_expr(*a, None);
            }
            self.error("E2024", op.arity_message(args.len()), range);
            return Some(Ty::Unknown);
        }
        let source_ty = self.infer_expr(args[0], None);
        for a in &args[1..] {
            self.infer_expr(*a, None);
        }
        // A type pack, a bound pack or a tuple type: the query is a type.
        if let Some(source) = self.type_exprs.get(&args[0]).cloned() {
            let mut operands = vec![source];
            operands.extend(
                args[1..]
                    .iter()
                    .map(|a| self.type_exprs.get(a).cloned().unwrap_or(Ty::Unknown)),
            );
            let ty = pack_query::apply(op, operands);
            self.result.resolutions.insert(e, ExprRes::Type(ty.clone()));
            self.type_exprs.insert(e, ty);
            return Some(Ty::Unknown);
        }
        // A value pack: its elements are not known before it is bound.
        if self.value_pack(args[0]).is_some() {
            // `__first(D)` of a generic value pack: one of its values.
            if self.value_generic_packs.contains_key(&args[0])
                && matches!(op, PackOp::First | PackOp::Last)
            {
                return Some(Ty::INT);
            }
            return Some(Ty::Unknown);
        }
        let source_ty = self.normalize(&source_ty);
        match (&source_ty, op) {
            (Ty::Tuple(items), PackOp::First | PackOp::Last) if items.is_empty() => {
                self.error(
                    "E2024",
                    format!("`{}` of an empty tuple has no value", op.name()),
                    range,
                );
                Some(Ty::Unknown)
            }
            (Ty::Tuple(_), PackOp::First | PackOp::Last | PackOp::TrimFirst | PackOp::TrimLast) => {
                Some(pack_query::apply(op, vec![source_ty.clone()]))
            }
            _ if source_ty.has_unknown() => Some(Ty::Unknown),
            _ => {
                let shown = self.display(&source_ty);
                self.error(
                    "E2053",
                    format!(
                        "argument to `{}` can only be a type pack, a value pack or a tuple, found `{shown}`",
                        op.name()
                    ),
                    range,
                );
                Some(Ty::Unknown)
            }
        }
    }

    /// The parameter pack under a query of it (`values` of `__trimFirst(values)`), for `each`.
    pub(super) fn pack_query_source_pack(&self, e: ExprId) -> Option<crate::ids::GenericParamId> {
        let (_, args) = self.pack_query_call(e)?;
        self.value_pack(*args.first()?)
    }
}
