//! Expressions as values: the expression walk itself, parameter-pack spreading, reads of
//! fields, swizzles and elements of values not in memory (with the struct-member bookkeeping
//! they share with places), and the builtin unary and binary operators. Apart as the core
//! that the other concerns (places, calls, constructors) plug into.

use std::sync::Arc;

use hir::export::{
    BinaryOp as HOp, Literal as HLit, PostfixOp, PrefixOp, enum_case_value, lookup_member_items,
    normalize, swizzle_indices,
};
use hir::{Expr, ExprId, ExprRes, FunctionId, GenericArg, ItemDef, ItemKind, Len, Ty};
use ir::{BinaryOp, Inst, Literal, Place, TypeId, TypeKind, UnaryOp, ValueId};

use super::{ArgSlot, FnLower, LPlace, Recv, matrix_elements};
use crate::{R, apply, internal, unsupported};

impl FnLower<'_, '_> {
    /// Lowers an expression for its effects only.
    pub(super) fn lower_effect(&mut self, e: ExprId) -> R<()> {
        let range = self.body.expr_range(e);
        match self.body.exprs[e].clone() {
            Expr::Call { callee, args } => self
                .lower_call(e, callee, &args)
                .map(|_| ())
                .map_err(|x| self.locate(x, range)),
            Expr::Binary {
                op: HOp::Comma,
                lhs,
                rhs,
            } => {
                self.lower_effect(lhs)?;
                self.lower_effect(rhs)
            }
            Expr::Assign { op: None, lhs, rhs } if self.cx.is_handle_only(&self.ety(lhs)) => self
                .bind_handles(lhs, rhs)
                .map_err(|x| self.locate(x, range)),
            Expr::Expand(inner) => {
                let n = self.expand_len(e).map_err(|x| self.locate(x, range))?;
                for k in 0..n {
                    self.in_pack_element(k, |this| this.lower_effect(inner))?;
                }
                Ok(())
            }
            Expr::Try(inner) => self.lower_effect(inner),
            Expr::Block { stmts, value } => {
                for s in stmts {
                    self.lower_stmt(s).map_err(|x| self.locate(x, range))?;
                }
                value.map_or(Ok(()), |v| self.lower_effect(v))
            }
            // `(void)x;`: the operand for its effects, the value discarded.
            Expr::Cast { expr, .. } if self.ety(e) == Ty::Void => self.lower_effect(expr),
            // `no_diff update(v, n);` as a statement: the call may be void (no value for
            // `lower_expr`), so every call it emits is marked instead.
            Expr::NoDiff(inner) if matches!(self.body.exprs[inner], Expr::Call { .. }) => {
                let first = self.f.values.len();
                self.lower_effect(inner)?;
                for k in first..self.f.values.len() {
                    if matches!(self.f.values[k].inst, Inst::Call(..)) {
                        self.cx
                            .diff
                            .no_diff_calls
                            .insert((self.id, ValueId(k as u32)));
                    }
                }
                Ok(())
            }
            _ => self.lower_expr(e).map(|_| ()),
        }
    }

    /// Whether `e` names this function's parameter pack without `each`, outside an `expand`.
    pub(super) fn is_bare_pack(&self, e: ExprId) -> bool {
        self.pack_element.is_none()
            && matches!(self.body.exprs[e], Expr::Path(_))
            && matches!(self.res(e), Some(ExprRes::Param(i)) if self.is_pack_param(i))
    }

    /// Whether hir parameter `i` is the parameter pack.
    pub(super) fn is_pack_param(&self, i: u32) -> bool {
        matches!(self.item, ItemDef::Function(f)
            if hir::fn_sig(self.cx.db, f).variadic_from == Some(i as usize))
    }

    /// How many elements the packs of the `expand` expression `e` have in this instance.
    fn expand_len(&self, e: ExprId) -> R<usize> {
        // Over a concrete tuple's elements (`func/tuple_expand.rs`).
        if let Some(n) = self.tuple_expand_len(e) {
            return Ok(n);
        }
        // Over part of the pack (`func/pack_parts.rs`).
        if let Some(n) = self.pack_part_len(e) {
            return Ok(n);
        }
        let Ty::Expand(_, pack) = self.infer.expr_ty(e) else {
            return Err(internal("an `expand` without a pack"));
        };
        self.bound_pack_len(&pack)
    }

    /// Runs `f` for element `k` of this instance's packs: each type pack is bound to its
    /// element's type and `each args` reads that element.
    pub(super) fn in_pack_element<T>(
        &mut self,
        k: usize,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        if self.pack_element.is_some() {
            return Err(unsupported("an `expand` inside another `expand`"));
        }
        let saved = self.subst.clone();
        self.subst = saved
            .iter()
            .map(|(g, a)| match a {
                GenericArg::Type(Ty::Pack(items)) => match items.get(k) {
                    Some(t) => (g.clone(), GenericArg::Type(t.clone())),
                    None => (g.clone(), a.clone()),
                },
                GenericArg::Value(l @ Len::Pack(_)) => match l.pack_item(k) {
                    Some(v) => (g.clone(), GenericArg::Value(v)),
                    None => (g.clone(), a.clone()),
                },
                _ => (g.clone(), a.clone()),
            })
            .collect();
        self.pack_element = Some(k);
        let r = f(self);
        self.pack_element = None;
        self.subst = saved;
        r
    }

    /// `makeTuple(expand each args, ...)`: one tuple element per spread argument.
    pub(super) fn lower_spread_tuple(&mut self, args: &[ExprId], ty: TypeId) -> R<ValueId> {
        let fields: Vec<TypeId> = match self.kind(ty) {
            TypeKind::Struct(id) => self
                .cx
                .module
                .types
                .struct_def(id)
                .map(|s| s.fields.iter().map(|f| f.ty).collect())
                .unwrap_or_default(),
            _ => return Err(internal("a tuple that is not a struct")),
        };
        let slots = self.spread_args(args)?;
        if slots.is_empty() && self.cx.is_empty_struct(ty) {
            // `makeTuple()`: the empty tuple.
            return self.emit(Inst::Zero, Some(ty));
        }
        if slots.len() != fields.len() {
            return Err(internal("a tuple whose elements do not match its type"));
        }
        let mut vals = Vec::new();
        for (slot, field) in slots.into_iter().zip(fields) {
            vals.push(match slot {
                // A texture, sampler or buffer element: its placeholder (`types.rs`).
                ArgSlot::Expr(a) if self.cx.is_handle_only(&self.ety(a)) => {
                    self.emit(Inst::Zero, Some(field))?
                }
                ArgSlot::Expr(a) => self.lower_value_as(a, field)?,
                ArgSlot::Element(a, k) => {
                    self.in_pack_element(k, |this| this.lower_value_as(a, field))?
                }
            });
        }
        self.emit(Inst::Construct(vals), Some(ty))
    }

    /// The arguments of a call with `expand` arguments spread out: one entry per element.
    pub(super) fn spread_args(&self, args: &[ExprId]) -> R<Vec<ArgSlot>> {
        let mut out = Vec::new();
        for a in args {
            match self.body.exprs[*a] {
                Expr::Expand(inner) => {
                    let n = self.expand_len(*a)?;
                    out.extend((0..n).map(|k| ArgSlot::Element(inner, k)));
                }
                // A parameter pack passed as is (`f(args)`): one argument per element.
                _ if self.is_bare_pack(*a) => {
                    let n = self.pack_params.len();
                    out.extend((0..n).map(|k| ArgSlot::Element(*a, k)));
                }
                _ => out.push(ArgSlot::Expr(*a)),
            }
        }
        Ok(out)
    }

    /// Lowers `e` converted to `ty` (initialiser lists take their shape from `ty`).
    pub(super) fn lower_value_as(&mut self, e: ExprId, ty: TypeId) -> R<ValueId> {
        if let Expr::InitList(items) = self.body.exprs[e].clone() {
            let range = self.body.expr_range(e);
            // `IFace x = { Impl(1) };`: a one-element list of an interface is its element.
            if let [item] = items[..]
                && self.cx.dyn_types.contains_key(&ty)
            {
                return self.lower_value_as(item, ty);
            }
            if let Some(v) = self.init_list_constructor(e, &items)? {
                return self.coerce(v, ty).map_err(|x| self.locate(x, range));
            }
            return self
                .lower_init_list(&items, ty)
                .map_err(|x| self.locate(x, range));
        }
        let range = self.body.expr_range(e);
        if self.cx.dyn_types.contains_key(&ty) && self.has_handles(&self.ety(e)) {
            // An interface value is a tag and the data of each conforming type (`dyn_data.rs`).
            let what = format!(
                "an interface-typed value made from `{}`, which holds textures, samplers or \
                 buffers (dynamic dispatch carries data only; a generic parameter \
                 `<S : IFace>` keeps the concrete type)",
                self.cx.display(&self.ety(e))
            );
            return Err(self.locate(unsupported(what), range));
        }
        let v = self.lower_expr(e)?;
        self.coerce(v, ty).map_err(|x| self.locate(x, range))
    }

    pub(super) fn lower_expr(&mut self, e: ExprId) -> R<ValueId> {
        if let Some(v) = self.prelowered.remove(&e) {
            return Ok(v);
        }
        let range = self.body.expr_range(e);
        let mark = self.blocks.last().map_or(0, Vec::len);
        match self.lower_expr_inner(e) {
            Err(x) if !self.has_handles(&self.ety(e)) => match self.take_choice() {
                // Read through `arr[i]` of resources: once per element (`func/handles.rs`).
                Some((index, count)) => {
                    if let Some(b) = self.blocks.last_mut() {
                        b.truncate(mark);
                    }
                    let ty = self.ir_ty(&self.ety(e))?;
                    let local = self.lower_by_choice(index, count, Some(ty), |this| {
                        this.lower_expr(e).map(Some)
                    })?;
                    let local = local.ok_or_else(|| internal("a choice without its local"))?;
                    self.emit(Inst::Load(Place::local(local)), None)
                }
                None => Err(self.locate(x, range)),
            },
            r => r.map_err(|x| self.locate(x, range)),
        }
    }

    fn lower_expr_inner(&mut self, e: ExprId) -> R<ValueId> {
        if let Some(v) = self.pointer_expr(e)? {
            return Ok(v);
        }
        match self.body.exprs[e].clone() {
            Expr::Literal(HLit::None) => {
                let ty = self.ety(e);
                let t = self.ir_ty(&ty)?;
                self.emit(Inst::Zero, Some(t))
            }
            Expr::Literal(HLit::String(text)) => {
                let hash = self
                    .cx
                    .module
                    .add_string(&super::intrinsic::unescape(&text));
                self.lit(Literal::I32(hash as i32))
            }
            Expr::Literal(lit) => {
                let ty = self.ety(e);
                let s = match &ty {
                    Ty::Scalar(k) => crate::types::scalar(*k)?,
                    _ => return Err(unsupported("this literal")),
                };
                match lit {
                    HLit::Int { value, .. } => self.literal_of(s, value as i64, value as f64),
                    HLit::Float { value, .. } => self.literal_of(s, value as i64, value),
                    HLit::Bool(b) => self.lit(Literal::Bool(b)),
                    _ => Err(unsupported("string and `none` literals")),
                }
            }
            // `each D` of a value pack: the element `in_pack_element` bound `D` to.
            Expr::Each(inner) if self.names_value_pack(inner) => self.lower_expr(inner),
            Expr::Path(_)
            | Expr::This
            | Expr::Field { .. }
            | Expr::Index { .. }
            | Expr::Each(_) => {
                if let Some(p) = self.try_place(e)? {
                    return self.load_lplace(&p);
                }
                self.lower_rvalue_access(e)
            }
            Expr::Call { callee, args } => match self.take_call_value(e) {
                Some(v) => Ok(v),
                None => self
                    .lower_call(e, callee, &args)?
                    .ok_or_else(|| unsupported("the value of a `void` call")),
            },
            Expr::Lambda { .. } => self.lower_lambda_value(e),
            // The call under `try` tests for an error itself (`func/errors.rs`).
            Expr::Try(inner) => self.lower_expr(inner),
            Expr::Block { stmts, value } => {
                for s in stmts {
                    self.lower_stmt(s)?;
                }
                match value {
                    Some(v) => self.lower_expr(v),
                    None => Err(unsupported(
                        "the value of a `spirv_asm` block without `result`",
                    )),
                }
            }
            Expr::Binary {
                op: HOp::Comma,
                lhs,
                rhs,
            } => {
                self.lower_effect(lhs)?;
                self.lower_expr(rhs)
            }
            Expr::Binary { op, lhs, rhs } => self.lower_binary(e, op, lhs, rhs),
            Expr::Assign { op, lhs, rhs } => self.lower_assign(op, lhs, rhs),
            // A user operator that hir chose (`-v` on a `CoopVec<T, N>`).
            Expr::Prefix { op, expr }
                if matches!(op, PrefixOp::Neg | PrefixOp::Not | PrefixOp::BitNot)
                    && matches!(self.res(e), Some(ExprRes::Function(_))) =>
            {
                let Some(ExprRes::Function(f)) = self.res(e) else {
                    return Err(internal("a prefix operator's function"));
                };
                self.call_function(e, f, None, None, None, &[expr])?
                    .ok_or_else(|| unsupported("a `void` operator"))
            }
            Expr::Prefix { op, expr }
                if matches!(op, PrefixOp::Neg | PrefixOp::Not | PrefixOp::BitNot)
                    && matches!(self.ety(expr), Ty::Adt(..))
                    && !self.cx.is_enum(&self.ety(expr)) =>
            {
                let symbol = match op {
                    PrefixOp::Neg => "-",
                    PrefixOp::Not => "!",
                    _ => "~",
                };
                let ty = self.ety(expr);
                let f = self
                    .unary_operator(symbol, &ty)
                    .ok_or_else(|| unsupported(format!("operator `{symbol}` on this type")))?;
                self.call_function(e, f, None, None, None, &[expr])?
                    .ok_or_else(|| unsupported("a `void` operator"))
            }
            Expr::Prefix {
                op: PrefixOp::Deref,
                ..
            } => Err(crate::pointers::pointers_unsupported(
                "the dereference `*p`",
            )),
            Expr::Prefix {
                op: PrefixOp::AddressOf,
                ..
            } => Err(crate::pointers::pointers_unsupported("the address-of `&x`")),
            Expr::Prefix { op, expr } => match op {
                PrefixOp::Deref | PrefixOp::AddressOf => Err(internal("a pointer operator")),
                PrefixOp::Inc | PrefixOp::Dec => self.lower_step(expr, op == PrefixOp::Inc, true),
                PrefixOp::Plus => self.lower_expr(expr),
                PrefixOp::Neg => {
                    let v = self.lower_expr(expr)?;
                    let ty = self.ety(e);
                    let ty = self.numeric_view(&ty);
                    let t = self.ir_ty(&ty)?;
                    let v = self.coerce(v, t)?;
                    self.emit(Inst::Unary(UnaryOp::Neg, v), None)
                }
                PrefixOp::Not => {
                    let v = self.lower_expr(expr)?;
                    if let Some(rows) = self.unary_on_matrix_rows(UnaryOp::Not, v)? {
                        return Ok(rows);
                    }
                    let v = self.as_bool(v)?;
                    self.emit(Inst::Unary(UnaryOp::Not, v), None)
                }
                PrefixOp::BitNot => {
                    let v = self.lower_expr(expr)?;
                    if let Some(rows) = self.unary_on_matrix_rows(UnaryOp::BitNot, v)? {
                        return Ok(rows);
                    }
                    self.emit(Inst::Unary(UnaryOp::BitNot, v), None)
                }
            },
            Expr::Postfix { op, expr } => self.lower_step(expr, op == PostfixOp::Inc, false),
            Expr::Ternary {
                cond,
                then_branch,
                else_branch,
            } => {
                let ty = self.ety(e);
                let ty = self.ir_ty(&ty)?;
                let c = self.lower_expr(cond)?;
                let c = self.as_bool(c)?;
                if self
                    .cx
                    .module
                    .types
                    .vector_size(self.vty(c))
                    .is_some_and(|n| n > 1)
                {
                    let a = self.lower_value_as(then_branch, ty)?;
                    let b = self.lower_value_as(else_branch, ty)?;
                    return self.emit(
                        Inst::Select {
                            cond: c,
                            accept: a,
                            reject: b,
                        },
                        None,
                    );
                }
                // Only the chosen branch runs.
                let tmp = self.new_local("ternary", ty);
                let then_block = self.block(|b| {
                    let v = b.lower_value_as(then_branch, ty)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(tmp),
                        value: v,
                    });
                    Ok(())
                })?;
                let else_block = self.block(|b| {
                    let v = b.lower_value_as(else_branch, ty)?;
                    b.stmt(ir::Stmt::Store {
                        place: Place::local(tmp),
                        value: v,
                    });
                    Ok(())
                })?;
                self.stmt(ir::Stmt::If {
                    cond: c,
                    then_block,
                    else_block,
                });
                self.emit(Inst::Load(Place::local(tmp)), None)
            }
            Expr::Cast { expr, .. } => {
                let ty = self.ety(e);
                let t = self.ir_ty(&ty)?;
                // `(S)0` of a struct is `{}` (the language reference's compatibility form).
                let zero = matches!(
                    self.body.exprs[expr],
                    Expr::Literal(HLit::Int { value: 0, .. })
                );
                if zero
                    && let Ty::Adt(d, _) = &ty
                    && matches!(self.kind(t), ir::TypeKind::Struct(_))
                    && hir::type_decl_data(self.cx.db, *d).kind == hir::TypeDeclKind::Struct
                {
                    return self.lower_init_list(&[], t);
                }
                // `(S)x` of a struct without `__init`: its memberwise initialiser with `x`
                // (a struct derived from `S` converts to its base part instead).
                let from = self.ir_ty(&self.ety(expr))?;
                if let Ty::Adt(d, _) = &ty
                    && matches!(self.kind(t), ir::TypeKind::Struct(_))
                    && hir::type_decl_data(self.cx.db, *d).kind == hir::TypeDeclKind::Struct
                    && from != t
                    && !self.has_base_part(from)
                    && lookup_member_items(self.cx.db, self.cx.file, &ty, "__init").is_empty()
                {
                    return self.construct(e, &ty, &[expr]);
                }
                // `(S)x` running the `__init` of `S` that takes `x` (hir recorded it).
                if let Some(ExprRes::Function(init)) = self.res(e)
                    && matches!(ty, Ty::Adt(..))
                    && from != t
                {
                    return self
                        .call_function(e, init, Some(ty), None, None, &[expr])?
                        .ok_or_else(|| internal("an `__init` without a value"));
                }
                self.lower_value_as(expr, t)
            }
            Expr::InitList(items) => {
                let ty = self.ety(e);
                if items.len() == 1 && self.cx.is_interface(&ty) {
                    let t = self.ir_ty(&ty)?;
                    return self.lower_value_as(e, t);
                }
                if let Some(v) = self.init_list_constructor(e, &items)? {
                    return Ok(v);
                }
                let t = self.ir_ty(&ty)?;
                self.lower_init_list(&items, t)
            }
            Expr::NoDiff(inner) => {
                let v = self.lower_expr(inner)?;
                // Calls and intrinsics (`no_diff WaveActiveMax(x)`) carry no derivative there.
                if matches!(
                    self.f.value(v).map(|d| &d.inst),
                    Some(Inst::Call(..) | Inst::Math(..))
                ) {
                    self.cx.diff.no_diff_calls.insert((self.id, v));
                    return Ok(v);
                }
                // Any other value (`no_diff(y[1])`): its derivative is cut where it is read.
                let ty = self.vty(v);
                if !self
                    .cx
                    .diff
                    .is_differentiable_type(&mut self.cx.module.types, ty)
                {
                    return Ok(v);
                }
                let detach = self.cx.detach_fn(ty)?;
                self.emit(Inst::Call(detach, vec![ir::Arg::Value(v)]), None)
            }
            Expr::CountOf(inner) => {
                if let Some(n) =
                    crate::value_packs::value_pack_count(&self.subst, &self.body, inner)
                {
                    return self.lit(Literal::I32(n as i32));
                }
                // `countof(T)` names a type; `countof(args)` and `countof(array)` a value.
                let ty = match self.res(inner) {
                    Some(ExprRes::Type(t)) => normalize(
                        self.cx.db,
                        self.cx.file,
                        &apply(&self.subst, self.this_ty.as_ref(), &t),
                    ),
                    _ => self.ety(inner),
                };
                match ty {
                    Ty::Array(_, Len::Known(n)) => self.lit(Literal::I32(n as i32)),
                    Ty::Pack(items) | Ty::Tuple(items) => {
                        self.lit(Literal::I32(items.len() as i32))
                    }
                    _ => Err(unsupported("`countof` of this value")),
                }
            }
            Expr::Expand(_) => Err(unsupported(
                "the value of an `expand` outside an argument list",
            )),
            Expr::Diff { .. } => Err(unsupported(
                "`fwd_diff`/`bwd_diff` (the autodiff passes run on the IR)",
            )),
            Expr::GenericApply { .. } => Err(unsupported("a generic function used as a value")),
            Expr::Is { expr, ty } => {
                if let Some(v) = self.static_is(e, expr)? {
                    return Ok(v);
                }
                let target = self.named_type(&ty)?;
                let (_, matches) = self.dyn_case_test(expr, &target)?;
                Ok(matches)
            }
            Expr::As { expr, .. } => {
                let opt = self.ety(e);
                let target = self
                    .cx
                    .adt_arg(&opt, "Optional")
                    .ok_or_else(|| internal("`as` without an Optional type"))?;
                let opt_ir = self.ir_ty(&opt)?;
                if let Some(v) = self.static_as(expr, &target, opt_ir)? {
                    return Ok(v);
                }
                let (payload, matches) = self.dyn_case_test(expr, &target)?;
                let opt_ty = self.ir_ty(&opt)?;
                let target_ty = self.ir_ty(&target)?;
                let value = match payload {
                    Some(v) => v,
                    None => self.emit(Inst::Zero, Some(target_ty))?,
                };
                self.emit(Inst::Construct(vec![value, matches]), Some(opt_ty))
            }
            Expr::SizeOf { align, .. } => match self.res(e) {
                Some(ExprRes::Type(t)) => {
                    let t = apply(&self.subst, self.this_ty.as_ref(), &t);
                    if let Some(layout) = self.infer.sizeof_layouts.get(&e) {
                        let layout = apply(&self.subst, self.this_ty.as_ref(), layout);
                        let v = crate::consts::layout_size_align(self.cx, &t, &layout, align)?;
                        return self.lit(Literal::I32(v as i32));
                    }
                    let size = if align {
                        crate::consts::natural_align(self.cx, &t)?
                    } else {
                        crate::consts::natural_size(self.cx, &t)?
                    };
                    self.lit(Literal::I32(size as i32))
                }
                _ => Err(unsupported("this `sizeof`")),
            },
            Expr::Missing => match self.body.unsupported.get(&e) {
                Some(what) => Err(unsupported(what.as_str())),
                None => Err(internal("a missing expression")),
            },
        }
    }

    /// Field, swizzle, element and property reads of values that are not in memory.
    fn lower_rvalue_access(&mut self, e: ExprId) -> R<ValueId> {
        match self.body.exprs[e].clone() {
            Expr::Path(_) => match self.res(e) {
                Some(ExprRes::EnumCase(d, i)) => {
                    let v = enum_case_value(self.cx.db, self.cx.file, d, i)
                        .ok_or_else(|| unsupported("this enum case"))?;
                    let s = self.cx.enum_backing(d)?;
                    self.literal_of(s, v, v as f64)
                }
                Some(ExprRes::Property(p)) => {
                    let this = self
                        .this_place
                        .clone()
                        .ok_or_else(|| unsupported("a property outside a method"))?;
                    let this_ty = self
                        .this_ty
                        .clone()
                        .ok_or_else(|| internal("no `this` type"))?;
                    let recv = self.emit(Inst::Load(this), None)?;
                    self.property_get(p, recv, &this_ty)
                }
                // Function values passed straight to a `functype` parameter are specialised
                // per call (`fn_values.rs`); one kept in a variable is chosen at run time.
                Some(ExprRes::Function(_)) => Err(crate::LowerError {
                    code: "E4001",
                    message: "a function value chosen at run time cannot be compiled for the WGSL \
                              and SPIR-V targets: they have no function values; pass the function \
                              straight to a `functype` parameter, or take a generic parameter \
                              constrained by `IFunc`"
                        .to_string(),
                    item: None,
                    range: Default::default(),
                }),
                _ => {
                    let Expr::Path(path) = &self.body.exprs[e] else {
                        return Err(internal("not a path"));
                    };
                    match self.generic_value(&path.last_name()) {
                        Some(n) => {
                            let t = self.ety(e);
                            let t = self.ir_ty(&t)?;
                            let v = self.lit(Literal::I32(n as i32))?;
                            self.coerce(v, t)
                        }
                        None => Err(unsupported("this name as a value")),
                    }
                }
            },
            Expr::Field { base, name, .. } => {
                let bt = self.ety(base);
                if let Some(ExprRes::Property(p)) = self.res(e) {
                    let recv = self.lower_expr(base)?;
                    return self.property_get_on(p, recv, &bt, Some(base));
                }
                if let Some(ExprRes::EnumCase(d, i)) = self.res(e) {
                    let v = enum_case_value(self.cx.db, self.cx.file, d, i)
                        .ok_or_else(|| unsupported("this enum case"))?;
                    let s = self.cx.enum_backing(d)?;
                    return self.literal_of(s, v, v as f64);
                }
                let v = self.lower_expr(base)?;
                if let Some(ExprRes::Field(decl, i)) = self.res(e) {
                    if let Some(slot) = self.bit_slot(decl, i)
                        && !matches!(bt, Ty::Assoc(..))
                    {
                        let v = self.extract_base(v, self.base_hops(&bt, decl))?;
                        return self.bit_field_value(v, decl, slot);
                    }
                    let idx = self.member_index(&bt, decl, i, &name)?;
                    let v = self.extract_base(v, self.base_hops(&bt, decl))?;
                    return self.emit(Inst::Extract(v, idx), None);
                }
                if let Some(i) = self.tuple_element(&bt, &name) {
                    return self.emit(Inst::Extract(v, i), None);
                }
                if let Ty::Tuple(items) = &bt
                    && let Some(indices) = hir::export::tuple_swizzle(&name, items.len())
                {
                    let mut parts = Vec::new();
                    for i in indices {
                        parts.push(self.emit(Inst::Extract(v, i as u32), None)?);
                    }
                    let t = self.ir_ty(&self.ety(e))?;
                    return self.emit(Inst::Construct(parts), Some(t));
                }
                if let Ty::Matrix(..) = bt
                    && let Some(elements) = matrix_elements(&name)
                {
                    let mut parts = Vec::new();
                    for (r, c) in elements {
                        let row = self.emit(Inst::Extract(v, r), None)?;
                        parts.push(self.emit(Inst::Extract(row, c), None)?);
                    }
                    if let [one] = parts.as_slice() {
                        return Ok(*one);
                    }
                    let t = self.ir_ty(&self.ety(e))?;
                    return self.emit(Inst::Construct(parts), Some(t));
                }
                if let Some(comps) = self.swizzle(&bt, &name) {
                    if matches!(bt, Ty::Scalar(_)) {
                        let t = self.ir_ty(&self.ety(e))?;
                        return self.coerce(v, t);
                    }
                    return if comps.len() == 1 {
                        self.emit(Inst::Extract(v, comps[0] as u32), None)
                    } else {
                        self.emit(Inst::Swizzle(v, comps), None)
                    };
                }
                Err(unsupported(format!("the member `{name}` here")))
            }
            Expr::Index { base, index } => {
                let bt = self.resource_view_ty(base);
                if let Some(elem) = self.zero_length_elem(&bt) {
                    self.lower_expr(base)?;
                    self.lower_expr(index)?;
                    let ty = self.ir_ty(&elem)?;
                    return self.emit(Inst::Zero, Some(ty));
                }
                if matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..)) {
                    let v = self.lower_expr(base)?;
                    if let hir::Expr::Literal(hir::export::Literal::Int { value, .. }) =
                        self.body.exprs[index]
                        && self
                            .place_extent(self.vty(v))
                            .is_some_and(|n| value >= u64::from(n))
                    {
                        // Past the end (hir warns, see `place_extent`): zero.
                        let ty = self.ety(e);
                        let ty = self.ir_ty(&ty)?;
                        return self.emit(Inst::Zero, Some(ty));
                    }
                    let i = self.lower_index(index)?;
                    return self.emit(Inst::ExtractDyn(v, i), None);
                }
                if self.cx.texture_elem(&bt).is_some() {
                    let (texture, _) = self.texture_global(base)?;
                    let coords = self.texel_coords(texture, index)?;
                    return self.texel_load(texture, coords);
                }
                self.subscript_get(e, base, index, &bt)
            }
            Expr::Each(inner) if self.is_each_tuple(inner) => self.each_tuple_value(inner),
            _ => Err(internal("not an access expression")),
        }
    }

    /// The IR field of member `i` (`name`) of `decl` read on a value of type `base`: members of a
    /// synthesised `S.Differential` are found by name (it has only the differentiable fields).
    pub(super) fn member_index(
        &mut self,
        base: &Ty,
        decl: hir::TypeDeclId,
        i: u32,
        name: &str,
    ) -> R<u32> {
        let base = apply(&self.subst, self.this_ty.as_ref(), base);
        if !matches!(base, Ty::Assoc(..)) {
            return Ok(self.field_index(decl, i));
        }
        // A derivative field of a base struct: its index in the base's differential, which the
        // caller reaches through the hidden base parts (`base_hops`).
        if let Some(owner) = self.differential_base_owner(&base, decl) {
            let owner_diff = normalize(
                self.cx.db,
                self.cx.file,
                &Ty::Assoc(Arc::new(owner), "Differential".into()),
            );
            return self.member_index(&owner_diff, decl, i, name);
        }
        let t = self.ir_ty(&base)?;
        let TypeKind::Struct(sid) = self.kind(t) else {
            return Ok(self.field_index(decl, i));
        };
        self.cx
            .module
            .types
            .struct_def(sid)
            .and_then(|d| d.fields.iter().position(|f| f.name == name))
            .map(|x| x as u32)
            .ok_or_else(|| unsupported(format!("the member `{name}` of this differential")))
    }

    /// Index of hir field `i` among the instance fields kept in the IR struct.
    pub(super) fn field_index(&self, decl: hir::TypeDeclId, i: u32) -> u32 {
        let hidden_base = u32::from(crate::types::has_hidden_base(self.cx.db, decl));
        // Static fields and resource fields (handles, see `resources.rs`) are not stored.
        hidden_base
            + self
                .cx
                .stored_fields(decl)
                .iter()
                .filter(|k| **k < i as usize)
                .count() as u32
    }

    /// How many hidden base fields (`struct B : A`) lie between a value of type `ty` and the
    /// members of `decl`: 0 when `ty` is `decl` itself (or not a struct deriving from it).
    pub(super) fn base_hops(&self, ty: &Ty, decl: hir::TypeDeclId) -> usize {
        let ty = apply(&self.subst, self.this_ty.as_ref(), ty);
        let ty = normalize(self.cx.db, self.cx.file, &ty);
        // A synthesised `B.Differential` holds `A.Differential` first, as `B` holds `A`.
        let primal = match &ty {
            Ty::Assoc(inner, name) if name == "Differential" => (**inner).clone(),
            // `gBlock.field` of a `ParameterBlock<B>` is `B`'s.
            _ => self.cx.uniform_block_arg(&ty).unwrap_or(ty),
        };
        if matches!(primal, Ty::Adt(d, _) if d == decl) {
            return 0;
        }
        hir::export::struct_base_chain(self.cx.db, &primal)
            .iter()
            .position(|b| matches!(b, Ty::Adt(d, _) if *d == decl))
            .map_or(0, |k| k + 1)
    }

    /// For a synthesised differential `B.Differential` and a field of base struct `decl`: the
    /// base type (with `B`'s arguments) whose differential holds the field.
    fn differential_base_owner(&self, diff: &Ty, decl: hir::TypeDeclId) -> Option<Ty> {
        let Ty::Assoc(inner, name) = diff else {
            return None;
        };
        if name != "Differential" || matches!(&**inner, Ty::Adt(d, _) if *d == decl) {
            return None;
        }
        hir::export::struct_base_chain(self.cx.db, inner)
            .into_iter()
            .find(|b| matches!(b, Ty::Adt(d, _) if *d == decl))
    }

    /// The receiver of method `f` of a base struct called on a derived value (`struct B : A`):
    /// the hidden base field, and its type. Other receivers are returned as they are.
    pub(super) fn inherited_receiver(
        &mut self,
        f: hir::FunctionId,
        recv: Recv,
        recv_ty: Ty,
    ) -> R<(Recv, Ty)> {
        let db = self.cx.db;
        let Some(parent) = f
            .loc(db)
            .parent()
            .filter(|p| p.kind() == Some(ItemKind::Struct))
        else {
            return Ok((recv, recv_ty));
        };
        let hops = self.base_hops(&recv_ty, hir::TypeDeclId::new(db, parent));
        if hops == 0 {
            return Ok((recv, recv_ty));
        }
        let resolved = apply(&self.subst, self.this_ty.as_ref(), &recv_ty);
        let resolved = normalize(db, self.cx.file, &resolved);
        let Some(base_ty) = hir::export::struct_base_chain(db, &resolved)
            .get(hops - 1)
            .cloned()
        else {
            return Ok((recv, recv_ty));
        };
        let recv = match recv {
            Recv::Value(v) => Recv::Value(self.extract_base(v, hops)?),
            Recv::Place(LPlace::Mem(mut p)) => {
                for _ in 0..hops {
                    p = p.field(0);
                }
                Recv::Place(LPlace::Mem(p))
            }
            other => other,
        };
        Ok((recv, base_ty))
    }

    /// `v` read through `hops` hidden base fields.
    pub(super) fn extract_base(&mut self, mut v: ValueId, hops: usize) -> R<ValueId> {
        for _ in 0..hops {
            v = self.emit(Inst::Extract(v, 0), None)?;
        }
        Ok(v)
    }

    pub(super) fn swizzle(&self, ty: &Ty, name: &str) -> Option<Vec<u8>> {
        let len = match ty {
            Ty::Vector(_, Len::Known(n)) => *n,
            Ty::Scalar(_) => 1,
            _ => return None,
        };
        swizzle_indices(name, len)
            .ok()
            .map(|v| v.into_iter().map(|x| x as u8).collect())
    }

    fn lower_binary(&mut self, e: ExprId, op: HOp, lhs: ExprId, rhs: ExprId) -> R<ValueId> {
        if let Some(ExprRes::Function(f)) = self.res(e) {
            return self
                .call_function(e, f, None, None, None, &[lhs, rhs])?
                .ok_or_else(|| unsupported("a `void` operator"));
        }
        // `opt == none` / `opt != none`: whether the Optional is empty / holds a value.
        if matches!(op, HOp::Eq | HOp::Ne)
            && matches!(self.body.exprs[rhs], Expr::Literal(HLit::None))
            && self.cx.adt_arg(&self.ety(lhs), "Optional").is_some()
        {
            let opt = self.lower_expr(lhs)?;
            let has_value = self.emit(Inst::Extract(opt, 1), None)?;
            return if op == HOp::Eq {
                self.emit(Inst::Unary(UnaryOp::Not, has_value), None)
            } else {
                Ok(has_value)
            };
        }
        let (lt, rt) = (self.ety(lhs), self.ety(rhs));
        let scalar_logic = matches!(op, HOp::And | HOp::Or) && matches!(self.ety(e), Ty::Scalar(_));
        if scalar_logic {
            // Short-circuit: the right operand runs only when it decides the result.
            let bool_ty = self.cx.module.types.bool();
            let tmp = self.new_local("logic", bool_ty);
            let a = self.lower_cond(lhs)?;
            self.stmt(ir::Stmt::Store {
                place: Place::local(tmp),
                value: a,
            });
            let eval_rhs = self.block(|b| {
                let v = b.lower_cond(rhs)?;
                b.stmt(ir::Stmt::Store {
                    place: Place::local(tmp),
                    value: v,
                });
                Ok(())
            })?;
            let (then_block, else_block) = if op == HOp::And {
                (eval_rhs, Vec::new())
            } else {
                (Vec::new(), eval_rhs)
            };
            self.stmt(ir::Stmt::If {
                cond: a,
                then_block,
                else_block,
            });
            return self.emit(Inst::Load(Place::local(tmp)), None);
        }
        let a = self.lower_expr(lhs)?;
        let b = self.lower_expr(rhs)?;
        if let Some(v) = self.tuple_compare(op, a, b, &lt) {
            return v;
        }
        self.binary_values(op, a, &lt, b, &rt)
    }

    /// A builtin binary operator on values of hir types `lt`/`rt`, with HLSL's promotions.
    pub(super) fn binary_values(
        &mut self,
        op: HOp,
        a: ValueId,
        lt: &Ty,
        b: ValueId,
        rt: &Ty,
    ) -> R<ValueId> {
        let (lt, rt) = (self.numeric_view(lt), self.numeric_view(rt));
        let (Some(lk), Some(rk)) = (lt.scalar_kind(), rt.scalar_kind()) else {
            return Err(unsupported(format!(
                "operator `{}` on `{}` and `{}`",
                op.text(),
                self.cx.display(&lt),
                self.cx.display(&rt)
            )));
        };
        let shape = match (&lt, &rt) {
            (Ty::Scalar(_), other) => other.clone(),
            (other, Ty::Scalar(_)) => other.clone(),
            (Ty::Vector(_, Len::Known(1)), other) => other.clone(),
            _ => lt.clone(),
        };
        let mut common = if lk >= rk { lk } else { rk };
        let bool_ok = matches!(
            op,
            HOp::And | HOp::Or | HOp::Eq | HOp::Ne | HOp::BitAnd | HOp::BitOr | HOp::BitXor
        );
        if common == hir::ScalarKind::Bool && !bool_ok {
            common = hir::ScalarKind::Int;
        }
        if matches!(op, HOp::Shl | HOp::Shr) {
            let lty = self.ir_ty(&lt.clone())?;
            let lty = match (&lt, &shape) {
                (Ty::Scalar(_), Ty::Vector(..)) => self.ir_ty(&shape.with_scalar(lk))?,
                _ => lty,
            };
            let a = self.coerce(a, lty)?;
            let amount_kind = if rk.is_integer() {
                rk
            } else {
                hir::ScalarKind::UInt
            };
            let rty = self.ir_ty(&shape.with_scalar(amount_kind))?;
            let b = self.coerce(b, rty)?;
            let o = if op == HOp::Shl {
                BinaryOp::Shl
            } else {
                BinaryOp::Shr
            };
            return self.emit(Inst::Binary(o, a, b), None);
        }
        let cty = self.ir_ty(&shape.with_scalar(common))?;
        let a = self.coerce(a, cty)?;
        let b = self.coerce(b, cty)?;
        let o = match op {
            HOp::Add => BinaryOp::Add,
            HOp::Sub => BinaryOp::Sub,
            HOp::Mul => BinaryOp::Mul,
            HOp::Div => BinaryOp::Div,
            HOp::Rem => BinaryOp::Rem,
            HOp::BitAnd => BinaryOp::BitAnd,
            HOp::BitOr => BinaryOp::BitOr,
            HOp::BitXor => BinaryOp::BitXor,
            HOp::And => BinaryOp::LogicalAnd,
            HOp::Or => BinaryOp::LogicalOr,
            HOp::Eq => BinaryOp::Eq,
            HOp::Ne => BinaryOp::Ne,
            HOp::Lt => BinaryOp::Lt,
            HOp::Le => BinaryOp::Le,
            HOp::Gt => BinaryOp::Gt,
            HOp::Ge => BinaryOp::Ge,
            HOp::Shl | HOp::Shr | HOp::Comma => return Err(internal("operator handled elsewhere")),
        };
        if let Some(v) = self.binary_on_matrix_rows(o, a, b)? {
            return Ok(v);
        }
        let (a, b) = if matches!(o, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
            (self.as_bool(a)?, self.as_bool(b)?)
        } else {
            (a, b)
        };
        self.emit(Inst::Binary(o, a, b), None)
    }

    /// A user `operator-` (and friends) taking one value of type `ty`.
    fn unary_operator(&self, symbol: &str, ty: &Ty) -> Option<FunctionId> {
        let name = format!("operator{symbol}");
        let db = self.cx.db;
        hir::file_items(db, self.cx.file)
            .into_iter()
            .filter_map(|d| match d {
                ItemDef::Function(f) => Some(f),
                _ => None,
            })
            .find(|f| {
                let data = hir::fn_data(db, *f);
                let sig = hir::fn_sig(db, *f);
                data.name == name
                    && sig.params.len() == 1
                    && !sig.is_member
                    && normalize(db, self.cx.file, &sig.params[0].ty) == *ty
            })
    }
}
