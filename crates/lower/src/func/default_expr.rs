//! Default values that are expressions (`T value = T();`, `T other = T()`, `int d = 1 + 1;`):
//! hir types each as a body of its own (`field_default_body`, `param_default_body`); it is
//! lowered here, inline at the point of use, with the generic arguments of its struct or
//! function. Literal defaults keep their direct path (`defaults.rs`).

use std::sync::Arc;

use hir::{Body, FunctionId, InferenceResult, ItemDef, Ty, TypeDeclId};
use ir::{TypeId, ValueId};

use super::FnLower;
use crate::{R, Subst, unsupported};

impl FnLower<'_, '_> {
    /// The default argument of parameter `index` of `f`, called with `subst`/`this_ty`.
    pub(super) fn default_arg_expr(
        &mut self,
        f: FunctionId,
        index: usize,
        subst: Subst,
        this_ty: Option<Ty>,
        ty: TypeId,
    ) -> R<ValueId> {
        let db = self.cx.db;
        let body = hir::export::param_default_body(db, f, index as u32);
        let infer = hir::export::infer_param_default(db, f, index as u32);
        self.lower_default_body(ItemDef::Function(f), body, infer, subst, this_ty, ty)
    }

    /// The default value of field `field` (index into the declaration's fields) of `decl`,
    /// in a value of the struct type `owner` (`decl` with its generic arguments).
    pub(super) fn field_default_expr(
        &mut self,
        decl: TypeDeclId,
        field: usize,
        owner: Option<Ty>,
        ty: TypeId,
    ) -> R<ValueId> {
        let db = self.cx.db;
        let subst = match &owner {
            Some(Ty::Adt(d, args)) if *d == decl => hir::export::type_args_subst(db, decl, args),
            _ => Vec::new(),
        };
        let body = hir::export::field_default_body(db, decl, field as u32);
        let infer = hir::export::infer_field_default(db, decl, field as u32);
        self.lower_default_body(ItemDef::TypeDecl(decl), body, infer, subst, owner, ty)
    }

    /// Lowers `body`'s root expression in place of this function's own body: no locals, no
    /// parameters and no `this` are visible to it.
    fn lower_default_body(
        &mut self,
        item: ItemDef,
        body: Arc<Body>,
        infer: Arc<InferenceResult>,
        subst: Subst,
        this_ty: Option<Ty>,
        ty: TypeId,
    ) -> R<ValueId> {
        let Some(root) = body.root_expr else {
            return Err(unsupported("this default value"));
        };
        let range = body.expr_range(root);
        let saved_item = std::mem::replace(&mut self.item, item);
        let saved_body = std::mem::replace(&mut self.body, body);
        let saved_infer = std::mem::replace(&mut self.infer, infer);
        let saved_subst = std::mem::replace(&mut self.subst, subst);
        let saved_this_ty = std::mem::replace(&mut self.this_ty, this_ty);
        let saved_locals = std::mem::take(&mut self.locals);
        let saved_params = std::mem::take(&mut self.params);
        let saved_pack = std::mem::take(&mut self.pack_params);
        let saved_this = self.this_place.take();
        let saved_init_this = self.init_this.take();
        let saved_local_handles = std::mem::take(&mut self.local_handles);
        let saved_param_handles = std::mem::take(&mut self.param_handles);
        let saved_this_handles = self.this_handles.take();
        let result = self
            .lower_value_as(root, ty)
            .map_err(|e| self.locate(e, range));
        self.item = saved_item;
        self.body = saved_body;
        self.infer = saved_infer;
        self.subst = saved_subst;
        self.this_ty = saved_this_ty;
        self.locals = saved_locals;
        self.params = saved_params;
        self.pack_params = saved_pack;
        self.this_place = saved_this;
        self.init_this = saved_init_this;
        self.local_handles = saved_local_handles;
        self.param_handles = saved_param_handles;
        self.this_handles = saved_this_handles;
        result
    }
}
