//! Mutable `static` members of generic structs (`struct S<let N : int> { static int m = N + 1; }`):
//! each instance of the struct has its own copy, so `S<3>.m` and `S<4>.m` are two private
//! globals, each starting from its initialiser evaluated with that instance's arguments.

use hir::export::{GenericOwner, global_data, global_ty};
use hir::{ItemDef, Ty};

use crate::{Ctx, LowerError, R, Subst, apply, consts};

impl Ctx<'_> {
    /// The private global of the mutable `static` member `g` of a generic struct for the
    /// struct's arguments in `subst`; `None` when `g` is no such member or `subst` does not
    /// bind the struct's parameters to concrete arguments.
    pub(crate) fn generic_static(
        &mut self,
        g: hir::GlobalId,
        subst: &Subst,
    ) -> R<Option<ir::GlobalId>> {
        let data = global_data(self.db, g);
        let m = &data.modifiers;
        if !(data.in_type && m.is_static) || m.is_const || data.is_let || m.is_groupshared {
            return Ok(None);
        }
        let params = hir::export::global_owner_params(self.db, g);
        if params.is_empty() {
            return Ok(None);
        }
        let own: Subst = subst
            .iter()
            .filter(|(p, _)| {
                matches!(p.owner, GenericOwner::TypeDecl(_)) && params.iter().any(|(q, _)| q == p)
            })
            .cloned()
            .collect();
        let concrete = own.len() == params.len()
            && own.iter().all(|(_, a)| match a {
                hir::GenericArg::Type(t) => !t.has_params(),
                hir::GenericArg::Value(v) => !v.has_params(),
            });
        if !concrete {
            return Ok(None);
        }
        if let Some(id) = self.generic_statics.get(&(g, own.clone())) {
            return Ok(Some(*id));
        }
        let at = |e: LowerError| LowerError {
            item: Some(ItemDef::Global(g)),
            range: data.name_range,
            ..e
        };
        let ty = apply(&own, None, &global_ty(self.db, g));
        let ty = hir::export::normalize(self.db, self.file, &ty);
        let ir_ty = self.ir_ty(&ty).map_err(at)?;
        let has_init = hir::export::global_body(self.db, g).root_expr.is_some();
        let constant = if has_init {
            consts::global_value_with(self, g, ir_ty, &own).ok()
        } else {
            Some(consts::zero(self, ir_ty).map_err(at)?)
        };
        let dynamic = constant.as_ref().is_none_or(|v| v.has_non_finite());
        let value = match constant {
            Some(v) if !dynamic => v,
            // Not a compile-time constant: zero here, assigned at the entry point's start.
            _ => consts::zero(self, ir_ty).map_err(at)?,
        };
        let name = self.fresh_name(&data.name);
        let id = self.module.add_private_global(&name, ir_ty, value);
        self.generic_statics.insert((g, own.clone()), id);
        if dynamic {
            self.dynamic_statics.push((g, id, own));
        }
        Ok(Some(id))
    }
}

/// The type declaring the `static` member `g` with the arguments `own` binds (its `This`).
pub(crate) fn static_owner_instance(db: &dyn hir::Db, g: hir::GlobalId, own: &Subst) -> Option<Ty> {
    let parent = g.loc(db).parent()?;
    if !matches!(parent.kind(), Some(hir::ItemKind::Struct)) {
        return None;
    }
    let decl = hir::TypeDeclId::new(db, parent);
    let params = hir::export::global_owner_params(db, g);
    let args: Option<Vec<hir::GenericArg>> = params
        .iter()
        .map(|(p, _)| own.iter().find(|(q, _)| q == p).map(|(_, a)| a.clone()))
        .collect();
    Some(Ty::Adt(decl, std::sync::Arc::from(args?)))
}
