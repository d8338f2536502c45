//! GLSL's operators where they differ from Slang's builtin ones: in a file that sees the `glsl`
//! module (GLSL mode or `import glsl;`), `vec == vec` and `vec != vec` compare whole vectors
//! (one `bool`) and `mat * mat` is the matrix product. The module declares them as `operator`
//! functions; here they take precedence over the builtin component-wise operators, and the call
//! is recorded so that lowering calls them.

use crate::TextRange;
use crate::body::{BinaryOp, ExprId};
use crate::resolve::Resolution;
use crate::ty::Ty;

use super::{Candidate, InferCtx};

/// The library file that declares the GLSL operators.
const GLSL_MODULE: &str = "stdlib/glsl.slang";

impl<'a, 'db> InferCtx<'a, 'db> {
    /// The result of `l op r` through the `glsl` module's operator, when the file sees it and
    /// it applies; the call is recorded for `e`.
    pub(super) fn glsl_binary_operator(
        &mut self,
        e: ExprId,
        op: BinaryOp,
        (lhs, rhs): (ExprId, ExprId),
        (lt, rt): (&Ty, &Ty),
        range: TextRange,
    ) -> Option<Ty> {
        let applies = match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                matches!((lt, rt), (Ty::Vector(..), Ty::Vector(..)))
            }
            BinaryOp::Mul => matches!((lt, rt), (Ty::Matrix(..), Ty::Matrix(..))),
            _ => false,
        };
        if !applies {
            return None;
        }
        let name = format!("operator{}", op.text());
        let Some(Resolution::Functions(funcs)) = self.resolver.resolve_name(&name) else {
            return None;
        };
        let cands: Vec<Candidate> = funcs
            .into_iter()
            .filter(|f| &**f.loc(self.db).file.path(self.db) == GLSL_MODULE)
            .map(Candidate::plain)
            .collect();
        if cands.is_empty() {
            return None;
        }
        let arg_tys = vec![lt.clone(), rt.clone()];
        if !cands
            .iter()
            .any(|c| self.try_candidate(c, None, &arg_tys).is_ok())
        {
            return None;
        }
        let (chosen, ret) =
            self.pick_overload(&cands, None, &[lhs, rhs], &arg_tys, range, &name, true)?;
        self.record_call(e, chosen);
        Some(ret)
    }
}
