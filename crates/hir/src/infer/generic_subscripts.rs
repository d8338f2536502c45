//! Generic subscripts (`__subscript<I>(I index) -> float where I : IInteger`): at `x[i]` the
//! subscript's own generic parameters are bound from the index types and recorded as the
//! expression's generic arguments (`call_generic_args`), with which lowering instantiates the
//! accessors.

use crate::body::*;
use crate::ids::{GenericOwner, GenericParamId};
use crate::lower;
use crate::resolve::subst_lookup;
use crate::ty::{GenericArg, Ty};

use super::InferCtx;
use super::overload::unify;
use super::signature::subscript_sig;

impl InferCtx<'_, '_> {
    /// Binds the generic parameters of the subscript that `e` (`base[index]`) calls, when it
    /// has any, and returns `ty` (the element type) with them substituted.
    pub(super) fn bind_subscript_generics(
        &mut self,
        e: ExprId,
        base: ExprId,
        index: ExprId,
        ty: Ty,
    ) -> Ty {
        let bt = self.normalize(&self.result.expr_ty(base));
        let bt = self.innermost_wrapped(&bt).unwrap_or(bt);
        if matches!(
            bt,
            Ty::Unknown | Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)
        ) {
            return ty;
        }
        let Some((sub, _)) = self.subscript_of(&bt) else {
            return ty;
        };
        let data = lower::subscript_data(self.db, sub);
        if data.generics.is_empty() {
            return ty;
        }
        let generics: Vec<GenericParamId> = data
            .generics
            .iter()
            .enumerate()
            .map(|(i, g)| GenericParamId {
                owner: GenericOwner::Subscript(sub),
                index: i as u32,
                name: g.name.clone(),
            })
            .collect();
        let mut indices = Vec::new();
        self.comma_items(index, &mut indices);
        let (params, _) = subscript_sig(self.db, sub);
        let mut found = vec![Vec::new(); generics.len()];
        for (p, i) in params.iter().zip(&indices) {
            let it = self.normalize(&self.result.expr_ty(*i));
            unify(&p.ty, &it, &generics, &mut found);
        }
        let binds: Vec<(GenericParamId, GenericArg)> = generics
            .into_iter()
            .zip(found)
            .filter_map(|(g, f)| Some((g, f.into_iter().next()?)))
            .collect();
        if binds.is_empty() {
            return ty;
        }
        let ty = ty.subst(&|p| subst_lookup(&binds, &p));
        self.result.call_generic_args.insert(e, binds.into());
        ty
    }

    /// The indices of `g[a, b]` (a comma expression), in order.
    fn comma_items(&self, e: ExprId, out: &mut Vec<ExprId>) {
        match &self.body.exprs[e] {
            Expr::Binary {
                op: BinaryOp::Comma,
                lhs,
                rhs,
            } => {
                self.comma_items(*lhs, out);
                self.comma_items(*rhs, out);
            }
            _ => out.push(e),
        }
    }
}
