//! Statements: locals, conditions, loops, `switch` and `return` inside a body.

use std::sync::Arc;

use crate::TextRange;
use crate::body::*;
use crate::data::{FnKind, TypeDeclKind};
use crate::lower;
use crate::ty::{Len, Ty};

use super::InferCtx;

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn infer_stmt(&mut self, stmt: StmtId) {
        let range = self.body.stmt_range(stmt);
        match &self.body.stmts[stmt] {
            Stmt::Local { local, init } => self.infer_local(*local, *init),
            Stmt::Expr(e) => {
                self.infer_expr(*e, None);
            }
            Stmt::Block(stmts) => {
                self.scopes.push(Vec::new());
                let items = self.resolver.local_items.len();
                for s in stmts.clone() {
                    self.infer_stmt(s);
                }
                self.resolver.local_items.truncate(items);
                self.scopes.pop();
            }
            Stmt::Seq(stmts) => {
                for s in stmts.clone() {
                    self.infer_stmt(s);
                }
            }
            Stmt::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let (cond, then_branch, else_branch) = (*cond, *then_branch, *else_branch);
                self.infer_condition(cond);
                let mut tests = Vec::new();
                self.optional_tests(cond, &mut tests);
                let depth = self.optional_checked.len();
                self.optional_checked.extend(tests);
                self.scoped(then_branch);
                self.optional_checked.truncate(depth);
                if let Some(e) = else_branch {
                    self.scoped(e);
                }
            }
            Stmt::IfLet {
                local,
                init,
                then_branch,
                else_branch,
            } => {
                let (local, init, then_branch, else_branch) =
                    (*local, *init, *then_branch, *else_branch);
                let ty = self.infer_expr(init, None);
                let ty = self.unwrap_optional(&ty).unwrap_or(ty);
                self.set_local_ty(local, ty);
                self.scopes.push(Vec::new());
                self.declare(local);
                self.infer_stmt(then_branch);
                self.scopes.pop();
                if let Some(e) = else_branch {
                    self.scoped(e);
                }
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                let (init, cond, step, body) = (*init, *cond, *step, *body);
                self.scopes.push(Vec::new());
                if let Some(init) = init {
                    self.infer_stmt(init);
                }
                if let Some(cond) = cond {
                    self.infer_condition(cond);
                }
                if let Some(step) = step {
                    self.infer_expr(step, None);
                }
                self.loop_depth += 1;
                self.scoped(body);
                self.loop_depth -= 1;
                self.scopes.pop();
            }
            Stmt::While { cond, body, .. } => {
                let (cond, body) = (*cond, *body);
                self.infer_condition(cond);
                self.loop_depth += 1;
                self.scoped(body);
                self.loop_depth -= 1;
            }
            Stmt::DoWhile { body, cond, .. } => {
                let (cond, body) = (*cond, *body);
                self.loop_depth += 1;
                self.scoped(body);
                self.loop_depth -= 1;
                self.infer_condition(cond);
            }
            Stmt::Switch { scrutinee, cases } => {
                let scrutinee = *scrutinee;
                let cases = cases.clone();
                let ty = self.infer_expr(scrutinee, None);
                let ty = self.normalize(&ty);
                // slangc converts any scalar (even a float) to the case type.
                let ok = ty.has_unknown()
                    || matches!(ty, Ty::Scalar(_) | Ty::Param(_) | Ty::Assoc(..))
                    || matches!(ty, Ty::Adt(d, _) if lower::type_decl_data(self.db, d).kind == TypeDeclKind::Enum);
                if !ok {
                    let msg = format!(
                        "`switch` needs a scalar or enum value, found `{}`",
                        self.display(&ty)
                    );
                    self.error("E2014", msg, self.range(scrutinee));
                }
                self.switch_depth += 1;
                self.scopes.push(Vec::new());
                for case in &cases {
                    if let Some(v) = case.value {
                        self.infer_expr(v, Some(&ty));
                    }
                    for s in &case.body {
                        self.infer_stmt(*s);
                    }
                }
                self.check_switch_labels(&cases);
                self.scopes.pop();
                self.switch_depth -= 1;
            }
            Stmt::Break => {
                if self.loop_depth == 0 && self.switch_depth == 0 {
                    self.error("E2020", "`break` outside of a loop or `switch`", range);
                }
            }
            Stmt::BreakLabel { name, target } => match target {
                None => {
                    let msg = format!("label '{name}' used as break target is not found");
                    self.error("E2045", msg, range);
                }
                Some(label) if self.body.labels[*label].target.is_none() => {
                    let msg = format!(
                        "invalid break target: statement labeled '{name}' is not a loop or `switch`"
                    );
                    self.error("E2046", msg, range);
                }
                Some(_) => {}
            },
            Stmt::Continue => {
                if self.loop_depth == 0 {
                    self.error("E2020", "`continue` outside of a loop", range);
                }
            }
            Stmt::Return(value) => self.infer_return(*value, range),
            Stmt::Empty => {
                if let Some((name, def)) = self.body.local_items.get(&stmt) {
                    self.resolver.declare_local_item(name.clone(), *def);
                }
            }
            Stmt::Discard => {}
            Stmt::Throw { value, in_defer } => self.infer_throw(*value, *in_defer, range),
            Stmt::DoCatch { body, catches } => {
                let (body, catches) = (*body, catches.clone());
                self.infer_do_catch(body, &catches);
            }
        }
    }

    fn scoped(&mut self, stmt: StmtId) {
        self.scopes.push(Vec::new());
        self.infer_stmt(stmt);
        self.scopes.pop();
    }

    pub(super) fn declare(&mut self, local: LocalId) {
        let name = self.body.locals[local].name.clone();
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, local));
        }
    }

    pub(super) fn set_local_ty(&mut self, local: LocalId, ty: Ty) {
        if let Some(slot) = self
            .result
            .local_types
            .get_mut(local.into_raw().into_u32() as usize)
        {
            *slot = ty;
        }
    }

    fn infer_local(&mut self, local: LocalId, init: Option<ExprId>) {
        let data = &self.body.locals[local];
        let declared = data.ty.as_ref().map(|t| {
            let mut diags = Vec::new();
            let mut ty = self.resolve_body_type(t, &mut diags);
            for dim in data.array_dims.iter().rev() {
                let len = dim.as_ref().map_or(Len::Unknown, |c| self.eval_body_len(c));
                ty = Ty::Array(Arc::new(ty), len);
            }
            self.result.diags.extend(diags);
            ty
        });
        let name_range = data.name_range;
        if declared
            .as_ref()
            .is_some_and(crate::rules::void_type::is_void_storage)
        {
            let diag = crate::rules::void_type::void_storage_diag(&data.name, name_range);
            self.result.diags.push(diag);
        }
        let is_let = !data.mutable && data.ty.is_none();
        let ty = match (declared, init) {
            (Some(declared), Some(init)) => {
                let declared = self.fill_unsized_array(&declared, init);
                let init_ty = self.infer_expr(init, Some(&declared));
                self.check_convertible(&init_ty, &declared, self.range(init));
                declared
            }
            (Some(declared), None) => declared,
            // `let r = voidCall();`: slangc accepts a `void` variable (it holds nothing, and
            // nothing can be done with it).
            (None, Some(init)) => self.infer_expr(init, None),
            (None, None) => {
                let what = if is_let { "let" } else { "var" };
                self.error(
                    "E2004",
                    format!("`{what}` declaration needs an initial value or a type"),
                    name_range,
                );
                Ty::Unknown
            }
        };
        self.set_local_ty(local, ty);
        self.declare(local);
    }

    /// An array length inside the body: `sizeof(x)` / `alignof(x)` may name a variable in
    /// scope.
    pub(super) fn eval_body_len(&self, c: &crate::data::ConstRef) -> Len {
        let lookup = |name: &str| {
            self.scopes
                .iter()
                .rev()
                .find_map(|s| {
                    s.iter()
                        .rev()
                        .find(|(n, _)| n == name)
                        .map(|(_, l)| self.result.local_ty(*l))
                })
                .or_else(|| {
                    let sig = self.sig?;
                    sig.params
                        .iter()
                        .find(|q| q.name == name)
                        .map(|q| q.ty.clone())
                })
        };
        self.resolver.eval_len_in(c, &lookup)
    }

    /// `int a[] = {1, 2, 3}` takes its length from the initialiser.
    fn fill_unsized_array(&self, declared: &Ty, init: ExprId) -> Ty {
        match (declared, &self.body.exprs[init]) {
            (Ty::Array(elem, Len::Unknown), Expr::InitList(items)) => {
                Ty::Array(elem.clone(), Len::Known(items.len() as u32))
            }
            _ => declared.clone(),
        }
    }

    fn infer_condition(&mut self, cond: ExprId) {
        let ty = self.infer_expr(cond, Some(&Ty::BOOL));
        let ty = self.normalize(&ty);
        self.check_scalar_condition(cond, &ty);
    }

    fn check_scalar_condition(&mut self, cond: ExprId, ty: &Ty) {
        if ty.has_unknown()
            || matches!(ty, Ty::Scalar(_))
            || matches!(ty, Ty::Param(_) | Ty::Assoc(..))
            // An enum value converts to `bool` (non-zero is true: `if (flags & F.One)`).
            || matches!(ty, Ty::Adt(d, _) if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum)
            // A pointer tests whether it is null.
            || self.pointee(ty).is_some()
        {
            return;
        }
        let msg = format!(
            "condition must be a scalar `bool`-convertible value, found `{}`",
            self.display(ty)
        );
        self.error("E2014", msg, self.range(cond));
    }

    /// A `?:` condition: a scalar, or a bool vector that picks per component like `select`
    /// (returns its length then).
    pub(super) fn infer_ternary_condition(&mut self, cond: ExprId) -> Option<u32> {
        let ty = self.infer_expr(cond, Some(&Ty::BOOL));
        let ty = self.normalize(&ty);
        if let Ty::Vector(_, Len::Known(n)) = &ty
            && ty.scalar_kind().is_some()
        {
            return Some(*n);
        }
        self.check_scalar_condition(cond, &ty);
        None
    }

    /// The type of a per-component `?:`: scalar branches widen to the condition's length; vector
    /// branches must have it.
    pub(super) fn per_component_ternary_ty(
        &mut self,
        joined: Ty,
        lanes: u32,
        range: TextRange,
    ) -> Ty {
        match &joined {
            Ty::Scalar(kind) => Ty::vector(*kind, lanes),
            Ty::Vector(_, Len::Known(n)) if *n == lanes => joined,
            _ if joined.has_unknown() => joined,
            _ => {
                let msg = format!(
                    "a {lanes}-component condition picks per component: the branches must be scalars or {lanes}-component vectors, found `{}`",
                    self.display(&joined)
                );
                self.error("E2004", msg, range);
                Ty::Unknown
            }
        }
    }

    fn infer_return(&mut self, value: Option<ExprId>, range: TextRange) {
        if !self.lambda_frames.is_empty() {
            return self.infer_lambda_return(value, range);
        }
        let Some(sig) = self.sig else { return };
        let ret = sig.ret.clone();
        match value {
            Some(v) => {
                let ty = self.infer_expr(v, Some(&ret));
                if ret == Ty::Void {
                    if ty != Ty::Void && !ty.has_unknown() {
                        self.error("E2013", "a `void` function cannot return a value: remove the value or change the return type", self.range(v));
                    }
                } else {
                    self.check_convertible(&ty, &ret, self.range(v));
                    if sig.returns_ref {
                        // The caller reads and writes the memory returned, so it must be memory
                        // (of exactly `T`: a conversion would make a temporary).
                        self.check_ref_return(v);
                    }
                }
            }
            None => {
                if ret != Ty::Void
                    && !ret.has_unknown()
                    && sig.kind != FnKind::Init
                    && sig.kind != FnKind::Setter
                {
                    let msg = format!(
                        "this function must return a value of type `{}`",
                        self.display(&ret)
                    );
                    self.error("E2013", msg, range);
                }
            }
        }
    }
}
