//! `fwd_diff(value.method)` / `bwd_diff(value.method)`: the derivative operators take a function,
//! and a non-static method named through a value is no function but a method bound to its
//! receiver. The user guide derives a method's derivative with `this` as its first parameter
//! (`bwd_diff(Type.method)(pairOfThis, ...)`), so that spelling is asked for instead.

use crate::TextRange;
use crate::body::{DiffKind, Expr, ExprId};

use super::InferCtx;

impl InferCtx<'_, '_> {
    /// E3115 at `fwd_diff(value.method)`: names the type-qualified form to write.
    pub(super) fn bound_method_derivative(
        &mut self,
        target: ExprId,
        kind: DiffKind,
        range: TextRange,
    ) {
        let op = match kind {
            DiffKind::Forward => "fwd_diff",
            DiffKind::Backward => "bwd_diff",
        };
        let (method, receiver) = match &self.body.exprs[target] {
            Expr::Field { base, name, .. } => {
                let ty = self.result.expr_ty(*base);
                (name.to_string(), Some(crate::display_ty(self.db, &ty)))
            }
            Expr::Path(p) => (p.last_name().to_string(), None),
            _ => return,
        };
        let ty = receiver.unwrap_or_else(|| {
            self.resolver
                .self_ctx
                .as_ref()
                .map(|c| crate::display_ty(self.db, &c.ty))
                .unwrap_or_else(|| "Type".into())
        });
        let pair = if kind == DiffKind::Backward {
            "an `inout DifferentialPair` of it"
        } else {
            "a `DifferentialPair` of it"
        };
        self.error(
            "E3115",
            format!(
                "`{op}` takes a function, not a method bound to a value: write `{op}({ty}.{method})` and pass the value as its first argument (`this`; {pair} when `{ty}` is differentiable)"
            ),
            range,
        );
    }
}
