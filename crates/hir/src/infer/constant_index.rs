//! A constant index outside its array, vector or matrix. An array's is an error, as in slangc
//! (E30029, array index out of bounds). slangc lets a vector's or matrix's pass (its output
//! then fails downstream); we warn, and lowering reads zero there and drops a write.

use super::InferCtx;
use super::const_eval::const_eval;
use crate::body::ExprId;
use crate::diagnostics::Diag;
use crate::ty::{Len, Ty};

impl InferCtx<'_, '_> {
    pub(super) fn check_constant_index(&mut self, base: &Ty, index: ExprId) {
        let (len, what) = match base {
            Ty::Array(_, Len::Known(n)) => (*n, "array"),
            Ty::Vector(_, Len::Known(n)) => (*n, "vector"),
            Ty::Matrix(_, Len::Known(rows), _) => (*rows, "matrix"),
            _ => return,
        };
        // A zero-length array's element reads as zero (lowering's `zero_length_elem`).
        if len == 0 {
            return;
        }
        let Some(value) = const_eval(self.db, &self.resolver, self.body, index) else {
            return;
        };
        if (0..i64::from(len)).contains(&value) {
            return;
        }
        let msg = format!("{what} index '{value}' is out of bounds for {what} of size '{len}'");
        let range = self.range(index);
        if what == "array" {
            self.error("E2049", msg, range);
        } else {
            self.result.diags.push(Diag::warning("E2049", msg, range));
        }
    }
}
