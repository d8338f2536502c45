//! `S x;` where `S` declares a constructor without parameters: the declaration runs it (the
//! language reference: "When an initializer is not provided, the no-parameter constructor is
//! invoked"). Structs without user constructors keep their field defaults (`struct_default`).

use hir::export::{member_subst, normalize};
use hir::{FnKind, ItemDef, Ty, TypeDeclKind};
use ir::ValueId;

use super::FnLower;
use crate::{InstanceKey, R, apply};

impl FnLower<'_, '_> {
    /// The value of a local of type `ty` declared without initialiser when its struct has a
    /// parameterless `__init` (all parameters defaulted counts too); `None` otherwise.
    pub(super) fn default_constructed(&mut self, ty: &Ty) -> R<Option<ValueId>> {
        let db = self.cx.db;
        let t = apply(&self.subst, self.this_ty.as_ref(), ty);
        let t = normalize(db, self.cx.file, &t);
        let Ty::Adt(decl, _) = &t else {
            return Ok(None);
        };
        let data = hir::type_decl_data(db, *decl);
        if data.kind != TypeDeclKind::Struct {
            return Ok(None);
        }
        let init = data.members.iter().find_map(|m| match *m {
            ItemDef::Function(f) => {
                let fd = hir::fn_data(db, f);
                let sig = hir::fn_sig(db, f);
                (fd.kind == FnKind::Init
                    && fd.has_body
                    && sig.generics.is_empty()
                    && sig.variadic_from.is_none()
                    && sig.params.iter().all(|p| p.has_default))
                .then_some((f, sig.params.len()))
            }
            _ => None,
        });
        let Some((f, nparams)) = init else {
            return Ok(None);
        };
        let key = InstanceKey {
            func: f,
            subst: member_subst(db, self.cx.file, f.loc(db), &t),
            this_ty: Some(t.clone()),
            exist: Vec::new(),
            fn_args: Vec::new(),
        };
        let id = self.cx.instance(key.clone())?;
        let params = self
            .cx
            .module
            .function(id)
            .map(|f| f.params.clone())
            .unwrap_or_default();
        let mut args = Vec::new();
        for (i, p) in params.iter().enumerate().take(nparams) {
            args.push(ir::Arg::Value(self.default_arg(&key, i, p.ty)?));
        }
        self.emit_call(id, args, Vec::new())
    }
}
