//! User-defined prefix operators: `-x`, `!x` and `~x` on a struct call the `operator-` (`!`, `~`)
//! function of one parameter that takes it (a free function in scope, generic ones included:
//! the core module's `operator-` of `CoopVec<T, N>`). Lowering calls the recorded function.

use crate::TextRange;
use crate::body::{ExprId, PrefixOp};
use crate::data::TypeDeclKind;
use crate::lower;
use crate::resolve::Resolution;
use crate::ty::Ty;

use super::{Candidate, InferCtx};

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The result of a user operator for `op operand` (operand type `t`), recorded as the call
    /// of `e`; `None` when `t` is not a struct or no `operator` function of one parameter exists.
    pub(super) fn user_prefix_operator(
        &mut self,
        e: ExprId,
        op: PrefixOp,
        operand: ExprId,
        t: &Ty,
        range: TextRange,
    ) -> Option<Ty> {
        let symbol = match op {
            PrefixOp::Neg => "-",
            PrefixOp::Not => "!",
            PrefixOp::BitNot => "~",
            _ => return None,
        };
        let Ty::Adt(d, _) = t else {
            return None;
        };
        if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum {
            return None;
        }
        let name = format!("operator{symbol}");
        let Some(Resolution::Functions(funcs)) = self.resolver.resolve_name(&name) else {
            return None;
        };
        let cands: Vec<Candidate> = funcs
            .into_iter()
            .filter(|f| crate::fn_sig(self.db, *f).params.len() == 1)
            .map(Candidate::plain)
            .collect();
        if cands.is_empty() {
            return None;
        }
        let arg_tys = vec![t.clone()];
        let (chosen, ret) =
            self.pick_overload(&cands, None, &[operand], &arg_tys, range, &name, true)?;
        self.record_call(e, chosen);
        Some(ret)
    }
}
