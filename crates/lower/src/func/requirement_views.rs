//! Calls through an interface requirement whose interface is not differentiable: inside
//! `interface ILinear { [Differentiable] static This add(This a, This b); }` the type `This` is
//! not `IDifferentiable`, so a generic call `T.add(a, b)` (with `T : ILinear, IDifferentiable`)
//! passes `a` and `b` through a non-differentiable view: whatever the concrete type, the call
//! carries no derivative through them (Slang keeps differentiability from leaking into such
//! contexts under substitution). Those arguments are detached; parameters of differentiable
//! types (`float s`) keep their derivatives.

use hir::{ExprId, FunctionId, ItemKind, Ty};

use super::FnLower;
use crate::R;

impl FnLower<'_, '_> {
    /// Records the arguments of call `args` that go through `req`'s non-differentiable `This`
    /// parameters, when `req` (an interface requirement, resolved to `witness`) belongs to a
    /// user interface that does not inherit `IDifferentiable`.
    pub(super) fn note_requirement_views(
        &mut self,
        req: FunctionId,
        witness: FunctionId,
        args: &[ExprId],
    ) {
        if req == witness {
            return;
        }
        let db = self.cx.db;
        let loc = req.loc(db);
        if loc.file.kind(db) == hir::FileKind::Stdlib {
            return;
        }
        let Some(parent) = loc.parent() else { return };
        if parent.kind() != Some(ItemKind::Interface) {
            return;
        }
        let iface = hir::TypeDeclId::new(db, parent);
        if inherits_differentiable(db, iface, 0) {
            return;
        }
        let sig = hir::fn_sig(db, req);
        for (p, a) in sig.params.iter().zip(args) {
            if p.ty == Ty::This && p.dir == hir::ParamDir::In {
                self.viewed_args.insert(*a);
            }
        }
    }

    /// `v`, the lowered argument `a`, detached when it goes through a non-differentiable view.
    pub(super) fn detach_viewed(&mut self, a: ExprId, v: ir::ValueId) -> R<ir::ValueId> {
        if !self.viewed_args.contains(&a) {
            return Ok(v);
        }
        let ty = self.vty(v);
        if self
            .cx
            .diff
            .diff_type(&mut self.cx.module.types, ty)
            .is_none()
        {
            return Ok(v);
        }
        let detach = self.cx.detach_fn(ty)?;
        self.emit(ir::Inst::Call(detach, vec![ir::Arg::Value(v)]), Some(ty))
    }
}

/// Whether interface `decl` is or inherits `IDifferentiable`.
fn inherits_differentiable(db: &dyn hir::Db, decl: hir::TypeDeclId, depth: u32) -> bool {
    if decl.loc(db).name() == "IDifferentiable" {
        return true;
    }
    depth < 8
        && hir::export::type_decl_bases(db, decl)
            .iter()
            .any(|b| matches!(b, Ty::Adt(d, _) if inherits_differentiable(db, *d, depth + 1)))
}
