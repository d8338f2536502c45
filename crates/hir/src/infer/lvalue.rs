//! L-value checks: what may be assigned or passed to `out`/`inout`, with slangc's wording.

use crate::TextRange;
use crate::body::*;
use crate::data::ParamDir;
use crate::lower;
use crate::ty::Ty;

use super::path::swizzle_indices;
use super::signature::global_ty;
use super::{Capture, ExprRes, InferCtx};

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn check_lvalue(&mut self, e: ExprId, action: &str) {
        self.check_lvalue_at(e, action, self.range(e));
    }

    pub(super) fn check_lvalue_at(&mut self, e: ExprId, action: &str, at: TextRange) {
        self.check_lvalue_slangc(e, None, action, at);
    }

    /// Like `check_lvalue_at`, with slangc's message for the same error first.
    pub(super) fn check_lvalue_slangc(
        &mut self,
        e: ExprId,
        slangc: Option<String>,
        action: &str,
        at: TextRange,
    ) {
        if let Err((code, msg)) = self.lvalue(e) {
            let full = match slangc {
                Some(s) => format!("{s} cannot {action}: {msg}"),
                None => format!("cannot {action}: {msg}"),
            };
            self.error(code, full, at);
        }
    }

    /// `return e;` in a function returning `Ref<T>`: `e` must be memory. A method's `this`
    /// counts as writable there (the caller writes through the reference it gets).
    pub(super) fn check_ref_return(&mut self, e: ExprId) {
        match self.lvalue(e) {
            Ok(()) | Err(("E2025", _)) => {}
            Err((code, msg)) => {
                self.error(
                    code,
                    format!("cannot be returned as a `Ref`: {msg}"),
                    self.range(e),
                );
            }
        }
    }

    fn lvalue(&self, e: ExprId) -> Result<(), (&'static str, String)> {
        match &self.body.exprs[e] {
            Expr::Path(_) => match self.result.resolutions.get(&e) {
                Some(ExprRes::Local(l)) if self.is_captured(Capture::Local(*l)) => Err((
                    "E2009",
                    format!(
                        "`{}` is captured by value by this lambda and is read-only inside it",
                        self.body.locals[*l].name
                    ),
                )),
                Some(ExprRes::Param(i)) if self.is_captured(Capture::Param(*i)) => Err((
                    "E2009",
                    format!(
                        "`{}` is captured by value by this lambda and is read-only inside it",
                        self.sig
                            .and_then(|s| s.params.get(*i as usize))
                            .map_or("this parameter", |p| p.name.as_str())
                    ),
                )),
                Some(ExprRes::Local(l)) => {
                    let local = &self.body.locals[*l];
                    if local.mutable {
                        Ok(())
                    } else {
                        Err((
                            "E2009",
                            format!(
                                "`{}` is immutable (declared with `let` or `const`); declare it with `var`",
                                local.name
                            ),
                        ))
                    }
                }
                Some(ExprRes::Param(_)) => Ok(()),
                Some(ExprRes::Global(g)) => {
                    let data = lower::global_data(self.db, *g);
                    if data.modifiers.is_const || data.is_let {
                        Err(("E2009", format!("`{}` is a constant", data.name)))
                    } else if data.modifiers.is_static
                        || data.modifiers.is_groupshared
                        || data.in_type
                        // A GLSL `out` variable is a stage output the shader writes.
                        || matches!(data.modifiers.dir, ParamDir::Out | ParamDir::InOut)
                    {
                        Ok(())
                    } else {
                        // A library type (buffer, texture) is a resource written through its
                        // members; a user struct or enum is uniform data, read-only like `int`.
                        let is_resource = matches!(global_ty(self.db, *g), Ty::Adt(decl, _)
                            if lower::item_def_file(self.db, crate::ids::ItemDef::TypeDecl(decl))
                                .kind(self.db)
                                != base_db::FileKind::User);
                        // A GLSL `buffer` block's members are a storage buffer's contents.
                        if is_resource || lower::global_in_storage_block(self.db, *g) {
                            Ok(())
                        } else {
                            Err((
                                "E2009",
                                format!(
                                    "`{}` is a uniform shader parameter and is read-only; declare it `static` for a mutable global",
                                    data.name
                                ),
                            ))
                        }
                    }
                }
                Some(ExprRes::Field(..)) | Some(ExprRes::Property(_)) => self.this_mutable(),
                Some(ExprRes::Function(_))
                | Some(ExprRes::Type(_))
                | Some(ExprRes::EnumCase(..)) => {
                    Err(("E2009", "it does not name a variable".into()))
                }
                _ => Ok(()),
            },
            Expr::This => self.this_mutable(),
            Expr::Field { base, name, .. } => {
                let bt = self.normalize(&self.result.expr_ty(*base));
                if matches!(bt, Ty::Scalar(_) | Ty::Vector(..)) && bt.scalar_kind().is_some() {
                    let len = bt.vector_len().unwrap_or(1);
                    if let Ok(idx) = swizzle_indices(name, len) {
                        let mut seen = idx.clone();
                        seen.sort_unstable();
                        seen.dedup();
                        if seen.len() != idx.len() {
                            return Err((
                                "E2011",
                                format!("the swizzle `{name}` repeats a component"),
                            ));
                        }
                    }
                }
                if let Some(ExprRes::Property(p)) = self.result.resolutions.get(&e) {
                    let data = lower::property_data(self.db, *p);
                    if data.setter.is_none() && !data.declares_set && !data.declares_ref {
                        return Err((
                            "E2009",
                            format!("property `{}` has no `set` accessor", data.name),
                        ));
                    }
                }
                if self.type_exprs.contains_key(base) {
                    return Ok(());
                }
                // A constant buffer's members are uniform data: read-only.
                if let Ty::Adt(decl, _) = &bt
                    && matches!(
                        decl.loc(self.db).name().as_str(),
                        "ConstantBuffer" | "ParameterBlock"
                    )
                    && lower::item_def_file(self.db, crate::ids::ItemDef::TypeDecl(*decl))
                        .kind(self.db)
                        != base_db::FileKind::User
                {
                    return Err((
                        "E2009",
                        format!(
                            "`{name}` is a member of the uniform data of a `{}`, which is read-only",
                            self.display(&bt)
                        ),
                    ));
                }
                // A member of a pointee is memory the pointer names.
                if self.pointee(&bt).is_some() {
                    return self.pointer_target_writable(&bt);
                }
                self.lvalue(*base)
            }
            Expr::Prefix {
                op: PrefixOp::Deref,
                expr,
            } => {
                let pt = self.result.expr_ty(*expr);
                self.pointer_target_writable(&pt)
            }
            Expr::Index { base, .. } => {
                let bt = self.normalize(&self.result.expr_ty(*base));
                match &bt {
                    Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..) => self.lvalue(*base),
                    Ty::Adt(..) => match self.subscript_of(&bt) {
                        Some((sub, _)) => {
                            let data = lower::subscript_data(self.db, sub);
                            // Without `set`, a `ref` accessor names the memory written.
                            if data.setter.is_some() || data.declares_set || data.declares_ref {
                                match data.setter {
                                    Some(setter) if self.user_mutating_setter(setter) => {
                                        self.mutated_base(*base)
                                    }
                                    _ => Ok(()),
                                }
                            } else {
                                Err((
                                    "E2009",
                                    format!(
                                        "`{}` is read-only (its subscript has no `set`)",
                                        self.display(&bt)
                                    ),
                                ))
                            }
                        }
                        None => Ok(()),
                    },
                    _ => Ok(()),
                }
            }
            Expr::Missing => Ok(()),
            Expr::NoDiff(inner) => self.lvalue(*inner),
            // A call of a function returning `Ref<T>` names the memory its body returns.
            Expr::Call { .. }
                if matches!(self.result.resolutions.get(&e), Some(ExprRes::Function(f))
                    if super::signature::fn_sig(self.db, *f).returns_ref) =>
            {
                Ok(())
            }
            _ => Err((
                "E2009",
                "it is not a variable, field, element or swizzle".into(),
            )),
        }
    }

    /// A `set` accessor written in user code is `[mutating]` unless marked `[nonmutating]`.
    fn user_mutating_setter(&self, setter: crate::ids::FunctionId) -> bool {
        let file = lower::item_def_file(self.db, crate::ids::ItemDef::Function(setter));
        file.kind(self.db) == base_db::FileKind::User
            && lower::fn_data(self.db, setter)
                .attr("nonmutating")
                .is_none()
    }

    /// The base of a call to a mutating accessor: it must be a variable that may change. A
    /// uniform shader parameter of a user struct is read-only (its resource fields are not).
    fn mutated_base(&self, base: ExprId) -> Result<(), (&'static str, String)> {
        if let Expr::Path(_) = &self.body.exprs[base]
            && let Some(ExprRes::Global(g)) = self.result.resolutions.get(&base)
        {
            let data = lower::global_data(self.db, *g);
            let m = &data.modifiers;
            if !m.is_static
                && !m.is_groupshared
                && !m.is_const
                && !data.in_type
                && !data.is_let
                && let Ty::Adt(decl, _) = global_ty(self.db, *g)
                && lower::item_def_file(self.db, crate::ids::ItemDef::TypeDecl(decl)).kind(self.db)
                    == base_db::FileKind::User
            {
                return Err((
                    "E2009",
                    format!(
                        "`{}` is a uniform shader parameter and is read-only, and the `set` accessor of its subscript changes it (accessors are `[mutating]` by default); declare it `static`, or mark the accessor `[nonmutating]`",
                        data.name
                    ),
                ));
            }
        }
        self.lvalue(base)
    }

    fn pointer_target_writable(&self, pointer: &Ty) -> Result<(), (&'static str, String)> {
        if self.pointer_writable(pointer) {
            Ok(())
        } else {
            Err((
                "E2009",
                format!(
                    "it is memory behind the read-only pointer `{}`; write through a `Ptr<T, Access.ReadWrite>`",
                    self.display(&self.normalize(pointer))
                ),
            ))
        }
    }

    fn this_mutable(&self) -> Result<(), (&'static str, String)> {
        match self.sig {
            Some(sig) if sig.is_member && !sig.is_mutating && !sig.is_static => Err((
                "E2025",
                "`this` is immutable in a non-mutating method; mark the method `[mutating]`".into(),
            )),
            _ => Ok(()),
        }
    }
}
