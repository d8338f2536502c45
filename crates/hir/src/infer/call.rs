//! Calls: function, method, lambda and `operator()` calls, derivative calls and constructors.
//! Choosing among overloads is in `overload`.

use std::sync::Arc;

use crate::TextRange;
use crate::body::*;
use crate::data::{FnKind, TypeDeclKind};
use crate::ids::*;
use crate::lower;
use crate::resolve;
use crate::ty::{GenericArg, LambdaTy, Len, Ty};

use super::signature::nested_derivative_sig;
use super::{CALL_OPERATOR, Candidate, ExprRes, InferCtx, is_make_tuple, is_printf};

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn infer_call(
        &mut self,
        e: ExprId,
        callee: ExprId,
        args: &[ExprId],
        expected: Option<&Ty>,
    ) -> Ty {
        if let Some(ty) = self.infer_pack_query_call(e) {
            return ty;
        }
        // Call-level problems point at the `(`, as slangc reports them.
        let range = self.body.anchor(e);
        let callee_ty = self.infer_expr(callee, None);
        // Explicit generic arguments: `f<float>(x)`.
        let (target, explicit) = match &self.body.exprs[callee] {
            Expr::GenericApply { base, args } => (*base, Some(args.clone())),
            _ => (callee, None),
        };
        let callee_name = callee_display_name(self.body, target);
        let explicit: Option<Vec<GenericArg>> = explicit.map(|a| {
            let mut diags = Vec::new();
            let r = a
                .iter()
                .map(|x| self.explicit_generic_arg(x, &mut diags))
                .collect();
            self.result.diags.extend(diags);
            r
        });
        let _ = expected;
        if let Some(ty) = self.type_exprs.get(&callee).cloned() {
            let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
            return self.construct(e, &ty, args, &arg_tys, range);
        }
        if let Some((funcs, kinds, explicit)) = self.diff_exprs.get(&callee).cloned() {
            let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
            let this = self.diff_this.get(&callee).cloned();
            if funcs
                .iter()
                .any(|f| nested_derivative_sig(self.db, *f, &kinds).is_none())
            {
                return Ty::Unknown;
            }
            let cands: Vec<Candidate> = funcs
                .iter()
                .map(|f| Candidate {
                    func: *f,
                    outer: this.as_ref().map_or_else(Vec::new, |t| {
                        resolve::member_subst(self.db, self.file, f.loc(self.db), t)
                    }),
                    this_ty: this.clone(),
                    derivative: kinds.clone(),
                })
                .collect();
            let name = kinds.iter().fold(callee_name.clone(), |inner, kind| {
                let op = if *kind == DiffKind::Forward {
                    "fwd_diff"
                } else {
                    "bwd_diff"
                };
                format!("{op}({inner})")
            });
            return match self.pick_overload(
                &cands,
                explicit.as_deref(),
                args,
                &arg_tys,
                range,
                &name,
                false,
            ) {
                Some((chosen, ret)) => {
                    self.record_call(e, chosen);
                    ret
                }
                None => Ty::Unknown,
            };
        }
        // `array.getCount()` is built into arrays.
        if let Expr::Field { base, name, .. } = &self.body.exprs[target]
            && name == "getCount"
            && args.is_empty()
            && matches!(self.normalize(&self.result.expr_ty(*base)), Ty::Array(..))
        {
            return Ty::INT;
        }
        if let Some((funcs, this_ty)) = self.fn_exprs.get(&target).cloned() {
            let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
            let cands: Vec<Candidate> = funcs
                .iter()
                .map(|f| {
                    let outer = match &this_ty {
                        Some(t) => resolve::member_subst(self.db, self.file, f.loc(self.db), t),
                        None => Vec::new(),
                    };
                    Candidate {
                        func: *f,
                        outer,
                        this_ty: this_ty.clone(),
                        derivative: Vec::new(),
                    }
                })
                .collect();
            return match self.pick_overload(
                &cands,
                explicit.as_deref(),
                args,
                &arg_tys,
                range,
                &callee_name,
                false,
            ) {
                Some((chosen, ret)) => {
                    self.record_call(e, chosen);
                    self.result
                        .resolutions
                        .insert(target, ExprRes::Function(chosen));
                    self.check_mutating_call(target, chosen, range);
                    ret
                }
                None => Ty::Unknown,
            };
        }
        let arg_tys: Vec<Ty> = args.iter().map(|a| self.infer_expr(*a, None)).collect();
        if is_make_tuple(&callee_name)
            && matches!(self.body.exprs[target], Expr::Path(_))
            && let Some(explicit) = &explicit
        {
            // `makeTuple<A, B>(a, b)`: the elements have the explicit types, the arguments
            // convert to them.
            return self.make_tuple_explicit(explicit, args, &arg_tys, range);
        }
        if is_make_tuple(&callee_name) && matches!(self.body.exprs[callee], Expr::Path(_)) {
            // A parameter pack passed as is (`makeTuple(args)`) gives one element per value.
            let items = args
                .iter()
                .zip(arg_tys)
                .map(|(a, t)| match (self.value_pack(*a), t) {
                    (Some(pack), Ty::Param(p)) if p == pack && self.expand_frames.is_empty() => {
                        Ty::Expand(Arc::new(Ty::Param(p)), pack)
                    }
                    (_, t) => t,
                });
            return Ty::Tuple(items.collect());
        }
        if is_printf(&callee_name) {
            return Ty::Void;
        }
        if callee_ty.has_unknown() {
            return Ty::Unknown;
        }
        if let Ty::Lambda(lambda) = self.normalize(&callee_ty) {
            return self.call_lambda(&lambda, args, &arg_tys, range, &callee_name);
        }
        if let Some(ret) = self.call_operator(e, callee, &callee_ty, args, &arg_tys, &callee_name) {
            return ret;
        }
        // At the `(`, with slangc's words (E30016) first.
        let ty = self.display(&callee_ty);
        let msg = format!(
            "no call operation found for type '{ty}': `{callee_name}` of type `{ty}` cannot be called (declare an `operator()` to call values of this type)"
        );
        self.error("E2008", msg, range);
        Ty::Unknown
    }

    /// `f(args)` where `f` is a lambda: its parameters take the arguments (lowering calls the
    /// lambda's `operator()`).
    fn call_lambda(
        &mut self,
        lambda: &LambdaTy,
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
        callee_name: &str,
    ) -> Ty {
        if args.len() != lambda.params.len() {
            let msg = format!(
                "`{callee_name}` takes {} argument(s) but {} were given",
                lambda.params.len(),
                args.len()
            );
            self.error("E2007", msg, range);
            return lambda.ret.clone();
        }
        for ((a, t), p) in args.iter().zip(arg_tys).zip(&lambda.params) {
            self.check_convertible(t, p, self.range(*a));
        }
        lambda.ret.clone()
    }

    /// `f(args)` on a value whose type declares `operator()` (a struct, a generic parameter
    /// constrained by `IFunc`): a method call with the callee as receiver. `None` when the type
    /// has no `operator()`.
    fn call_operator(
        &mut self,
        e: ExprId,
        callee: ExprId,
        callee_ty: &Ty,
        args: &[ExprId],
        arg_tys: &[Ty],
        callee_name: &str,
    ) -> Option<Ty> {
        let recv_ty = self.normalize(callee_ty);
        let ops: Vec<FunctionId> =
            resolve::lookup_member_items(self.db, self.file, &recv_ty, CALL_OPERATOR)
                .into_iter()
                .filter_map(|d| match d {
                    ItemDef::Function(f) => Some(f),
                    _ => None,
                })
                .collect();
        if ops.is_empty() {
            return None;
        }
        // On a generic parameter, `IFunc`'s requirement restates the inherited
        // `IMutatingFunc` one: the constraint's own interface (found first) decides.
        let is_requirement = |f: &FunctionId| {
            f.loc(self.db).parent().and_then(|p| p.kind()) == Some(ItemKind::Interface)
        };
        let ops: Vec<FunctionId> = if ops.iter().all(is_requirement) {
            let first = ops[0].loc(self.db).parent();
            ops.iter()
                .copied()
                .filter(|f| f.loc(self.db).parent() == first)
                .collect()
        } else {
            ops
        };
        let cands: Vec<Candidate> = ops
            .iter()
            .map(|f| Candidate {
                func: *f,
                outer: resolve::member_subst(self.db, self.file, f.loc(self.db), &recv_ty),
                this_ty: Some(recv_ty.clone()),
                derivative: Vec::new(),
            })
            .collect();
        let range = self.body.anchor(e);
        let Some((chosen, ret)) =
            self.pick_overload(&cands, None, args, arg_tys, range, callee_name, false)
        else {
            return Some(Ty::Unknown);
        };
        self.record_call(e, chosen);
        if lower::fn_data(self.db, chosen).is_mutating() {
            self.check_lvalue_slangc(
                callee,
                Some("mutating method '()' cannot be called on an immutable value.".into()),
                &format!("call the `[mutating] operator()` of `{callee_name}`"),
                range,
            );
        }
        Some(ret)
    }

    /// Calling a `[mutating]` method needs a mutable receiver.
    fn check_mutating_call(&mut self, callee: ExprId, func: FunctionId, call_anchor: TextRange) {
        let data = lower::fn_data(self.db, func);
        if !(data.is_mutating() && data.kind == FnKind::Method) {
            return;
        }
        match self.body.exprs[callee].clone() {
            Expr::Field { base, .. } => self.check_lvalue_slangc(
                base,
                Some(format!(
                    "mutating method '{}' cannot be called on an immutable value.",
                    data.name
                )),
                "call a `[mutating]` method on this value",
                call_anchor,
            ),
            // Implicit `this`.
            Expr::Path(_)
                if self
                    .sig
                    .is_some_and(|s| !s.is_mutating && s.is_member && !s.is_static) =>
            {
                self.error(
                    "E2025",
                    "cannot call a `[mutating]` method on `this` from a non-mutating method: mark this method `[mutating]`",
                    self.range(callee),
                );
            }
            _ => {}
        }
    }

    /// `T(args)`: constructors of builtin shapes, `__init`s of structs, and casts.
    fn construct(
        &mut self,
        e: ExprId,
        ty: &Ty,
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
    ) -> Ty {
        let ty = self.normalize(ty);
        if ty.has_unknown() {
            return Ty::Unknown;
        }
        if ty.is_numeric_shape() {
            if arg_tys.iter().any(Ty::has_unknown) {
                return ty;
            }
            // An `__init` an extension declares (`extension uint2 { __init(Handle h); }`).
            if let [arg] = arg_tys
                && matches!(self.normalize(arg), Ty::Adt(..))
                && self.init_accepts(arg, &ty, false)
            {
                return ty;
            }
            if arg_tys.len() == 1 {
                // Conversion or splat.
                self.check_cast(&arg_tys[0], &ty, range);
                return ty;
            }
            let want = match &ty {
                Ty::Scalar(_) => 1,
                Ty::Vector(_, Len::Known(n)) => *n,
                Ty::Matrix(_, Len::Known(r), Len::Known(c)) => r * c,
                _ => return ty,
            };
            let mut have = 0u32;
            for (i, t) in arg_tys.iter().enumerate() {
                let t = self.normalize(t);
                match &t {
                    Ty::Scalar(_) => have += 1,
                    Ty::Vector(_, Len::Known(n)) => have += n,
                    Ty::Param(_) | Ty::Assoc(..) => return ty,
                    _ => {
                        let msg = format!(
                            "cannot use a value of type `{}` to construct `{}`",
                            self.display(&t),
                            self.display(&ty)
                        );
                        self.error("E2012", msg, self.range(args[i]));
                        return ty;
                    }
                }
            }
            if have != want {
                let msg = format!(
                    "`{}` needs {want} components but the arguments provide {have}",
                    self.display(&ty)
                );
                self.error("E2012", msg, range);
            } else if let Ty::Matrix(_, Len::Known(rows), Len::Known(cols)) = &ty {
                self.check_matrix_parts(&ty, *rows, *cols, args, arg_tys);
            }
            return ty;
        }
        // Structs and other declared types: `__init` overloads.
        let inits: Vec<FunctionId> =
            resolve::lookup_member_items(self.db, self.file, &ty, "__init")
                .into_iter()
                .filter_map(|d| match d {
                    ItemDef::Function(f) => Some(f),
                    _ => None,
                })
                .collect();
        if !inits.is_empty() {
            let cands: Vec<Candidate> = inits
                .iter()
                .map(|f| Candidate {
                    func: *f,
                    outer: resolve::member_subst(self.db, self.file, f.loc(self.db), &ty),
                    this_ty: Some(ty.clone()),
                    derivative: Vec::new(),
                })
                .collect();
            let name = self.display(&ty);
            if let Some((chosen, _)) =
                self.pick_overload(&cands, None, args, arg_tys, range, &name, false)
            {
                self.record_call(e, chosen);
            }
            return ty;
        }
        match &ty {
            Ty::Adt(decl, targs)
                if lower::type_decl_data(self.db, *decl).kind == TypeDeclKind::Struct =>
            {
                // Memberwise construction, or a single value of the same type.
                if arg_tys.len() == 1 && self.conversion_cost(&arg_tys[0], &ty).is_some() {
                    return ty;
                }
                let fields = self.memberwise_field_tys(&ty);
                if arg_tys.len() > fields.len() {
                    let msg = format!(
                        "`{}` has {} fields but {} arguments were given (declare an `__init` to take other arguments)",
                        self.display(&ty),
                        fields.len(),
                        arg_tys.len()
                    );
                    self.error("E2007", msg, range);
                    return ty;
                }
                for (i, t) in arg_tys.iter().enumerate() {
                    self.check_convertible(t, &fields[i], self.range(args[i]));
                }
                ty
            }
            _ => {
                if arg_tys.len() == 1 {
                    self.check_cast(&arg_tys[0], &ty, range);
                }
                ty
            }
        }
    }
}

fn callee_display_name(body: &Body, e: ExprId) -> String {
    match &body.exprs[e] {
        Expr::Path(p) => resolve::path_text(p),
        Expr::Field { name, .. } => name.to_string(),
        Expr::GenericApply { base, .. } => callee_display_name(body, *base),
        Expr::Diff { func, .. } => callee_display_name(body, *func),
        _ => "expression".into(),
    }
}

impl InferCtx<'_, '_> {
    /// `makeTuple<A, B>(a, b)`: a tuple of the explicit types, each argument converted to its
    /// element's type.
    fn make_tuple_explicit(
        &mut self,
        explicit: &[GenericArg],
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
    ) -> Ty {
        let tys: Vec<Ty> = explicit
            .iter()
            .filter_map(|g| match g {
                GenericArg::Type(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        if tys.len() != explicit.len() || tys.len() != args.len() {
            let msg = format!(
                "`makeTuple` has {} type argument(s) but {} value(s)",
                explicit.len(),
                args.len()
            );
            self.error("E2007", msg, range);
            return Ty::Unknown;
        }
        for ((a, t), to) in args.iter().zip(arg_tys).zip(&tys) {
            self.check_convertible(t, to, self.range(*a));
        }
        Ty::Tuple(tys.into())
    }
}
