//! `where optional T : I`: a generic argument need not conform to `I`; inside `if (T is I)`
//! (or `if (t is I)`) the members of `I` may be used on a `T`, elsewhere using them is an error
//! (slangc E30403).

use crate::TextRange;
use crate::body::*;
use crate::ids::*;
use crate::resolve;
use crate::ty::Ty;

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The `(T, I)` pairs a condition proves: `T is I`, `t is I` for a `t` of type `T`, and
    /// both sides of `&&`.
    pub(super) fn optional_tests(&self, cond: ExprId, out: &mut Vec<(GenericParamId, TypeDeclId)>) {
        match &self.body.exprs[cond] {
            Expr::Is { expr, ty } => {
                let subject = self
                    .type_exprs
                    .get(expr)
                    .cloned()
                    .unwrap_or_else(|| self.result.expr_ty(*expr));
                if let Ty::Param(p) = self.normalize(&subject)
                    && let Ty::Adt(iface, _) = self.resolver.resolve_type(ty, &mut Vec::new())
                {
                    out.push((p, iface));
                }
            }
            Expr::Binary {
                op: BinaryOp::And,
                lhs,
                rhs,
            } => {
                self.optional_tests(*lhs, out);
                self.optional_tests(*rhs, out);
            }
            _ => {}
        }
    }

    /// A method `func` found on a value of type `ty`: when it comes from a `where optional`
    /// constraint of `ty`, an enclosing `if` must have tested `T is I`.
    pub(super) fn check_optional_member(
        &mut self,
        ty: &Ty,
        func: FunctionId,
        name: &str,
        range: TextRange,
    ) {
        let Ty::Param(p) = ty else { return };
        let Some(parent) = func.loc(self.db).parent() else {
            return;
        };
        let iface = TypeDeclId::new(self.db, parent);
        let names = |tys: Vec<Ty>| {
            tys.into_iter()
                .any(|t| matches!(t, Ty::Adt(d, _) if d == iface))
        };
        if !names(resolve::param_optional_constraints(self.db, p))
            || names(resolve::param_required_constraints(self.db, p))
            || self
                .optional_checked
                .iter()
                .any(|(q, d)| q == p && *d == iface)
        {
            return;
        }
        let msg = format!(
            "the constraint providing '{name}' is optional and must be checked with an 'is' statement before usage: write `if ({} is {}) {{ ... }}` around the use",
            p.name,
            crate::display_ty(self.db, &Ty::Adt(iface, Default::default()))
        );
        self.error("E2074", msg, range);
    }
}
