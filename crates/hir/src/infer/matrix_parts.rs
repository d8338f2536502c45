//! The arguments of a matrix constructor with several of them: either every element as a
//! scalar (`float2x2(1, 2, 3, 4)`) or every row as a vector (`float2x2(r0, r1)`). slangc has no
//! overload that mixes the two (`int2x2(int3(..), 4)` is E30019 / E39999 there), and lowering
//! builds a matrix only from one of these forms.

use super::InferCtx;
use crate::body::ExprId;
use crate::ty::{Len, Ty};

impl InferCtx<'_, '_> {
    /// Called once the argument components add up to `rows * cols`; a matrix argument among
    /// several is already refused by the caller.
    pub(super) fn check_matrix_parts(
        &mut self,
        ty: &Ty,
        rows: u32,
        cols: u32,
        args: &[ExprId],
        arg_tys: &[Ty],
    ) {
        let tys: Vec<Ty> = arg_tys.iter().map(|t| self.normalize(t)).collect();
        let all_scalars = tys.iter().all(|t| matches!(t, Ty::Scalar(_)));
        let all_rows = tys.len() == rows as usize
            && tys
                .iter()
                .all(|t| matches!(t, Ty::Vector(_, Len::Known(n)) if *n == cols));
        if all_scalars || all_rows {
            return;
        }
        // Point at the first argument that breaks the row form (or the scalar form when the
        // first argument is a scalar).
        let first_scalar = matches!(tys.first(), Some(Ty::Scalar(_)));
        let bad = tys
            .iter()
            .position(|t| {
                if first_scalar {
                    !matches!(t, Ty::Scalar(_))
                } else {
                    !matches!(t, Ty::Vector(_, Len::Known(n)) if *n == cols)
                }
            })
            .unwrap_or(0);
        let msg = format!(
            "cannot construct `{}` from `{}`: a matrix takes {} scalars or {rows} rows of `vector<_, {cols}>`, not a mix",
            self.display(ty),
            self.display(&tys[bad]),
            rows * cols
        );
        self.error("E2012", msg, self.range(args[bad]));
    }
}
