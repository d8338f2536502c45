//! Inference of default values (`lower::field_default_body`, `lower::param_default_body`): the
//! expression is typed in the scope of its struct or function, expecting the declared type.

use std::sync::Arc;

use base_db::Db;

use super::{InferCtx, InferenceResult, fn_sig};
use crate::body::Body;
use crate::ids::*;
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

fn infer_default(
    db: &dyn Db,
    loc: &ItemLoc,
    body: &Body,
    declared: Option<&Ty>,
) -> InferenceResult {
    let resolver = Resolver::for_item(db, loc);
    let mut ctx = InferCtx::new(db, resolver, body, None);
    if let Some(root) = body.root_expr {
        let ty = ctx.infer_expr(root, declared);
        if let Some(declared) = declared {
            ctx.check_convertible(&ty, declared, body.expr_range(root));
        }
    }
    ctx.finish()
}

/// The typed default value of field `field` of `decl` (see `lower::field_default_body`).
#[salsa::tracked(returns(clone), cycle_result = infer_field_default_cycle)]
pub fn infer_field_default(db: &dyn Db, decl: TypeDeclId, field: u32) -> Arc<InferenceResult> {
    let body = lower::field_default_body(db, decl, field);
    let declared = super::field_types(db, decl).get(field as usize).cloned();
    Arc::new(infer_default(db, decl.loc(db), &body, declared.as_ref()))
}

fn infer_field_default_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _decl: TypeDeclId,
    _field: u32,
) -> Arc<InferenceResult> {
    Arc::new(InferenceResult::default())
}

/// The typed default argument of parameter `param` of `func`.
#[salsa::tracked(returns(clone), cycle_result = infer_param_default_cycle)]
pub fn infer_param_default(db: &dyn Db, func: FunctionId, param: u32) -> Arc<InferenceResult> {
    let body = lower::param_default_body(db, func, param);
    let declared = fn_sig(db, func)
        .params
        .get(param as usize)
        .map(|p| p.ty.clone());
    Arc::new(infer_default(db, func.loc(db), &body, declared.as_ref()))
}

fn infer_param_default_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _func: FunctionId,
    _param: u32,
) -> Arc<InferenceResult> {
    Arc::new(InferenceResult::default())
}
