//! Generic functions named as values with explicit generic arguments (`apply(f<float>)`): which
//! overload and which arguments, for lowering to specialise the function receiving it.

use std::sync::Arc;

use crate::data::GenericArgRef;
use crate::ids::{FunctionId, GenericParamId};
use crate::lower;
use crate::ty::GenericArg;

use super::{InferCtx, fn_sig};

impl InferCtx<'_, '_> {
    /// `f<A, B>` where `funcs` are the functions `f` names: the first taking exactly that many
    /// generic arguments, with them bound to its parameters.
    pub(super) fn record_fn_value(
        &mut self,
        e: crate::body::ExprId,
        funcs: &[FunctionId],
        args: &[GenericArgRef],
    ) {
        let Some(&f) = funcs.iter().find(|f| {
            let generics = &lower::fn_data(self.db, **f).generics;
            generics.len() == args.len() && !generics.iter().any(|g| g.variadic)
        }) else {
            return;
        };
        let mut diags = Vec::new();
        let values: Vec<GenericArg> = args
            .iter()
            .map(|a| self.explicit_generic_arg(a, &mut diags))
            .collect();
        let subst: Vec<(GenericParamId, GenericArg)> = fn_sig(self.db, f)
            .generics
            .iter()
            .cloned()
            .zip(values)
            .collect();
        self.result.fn_values.insert(e, (f, Arc::from(subst)));
    }
}
