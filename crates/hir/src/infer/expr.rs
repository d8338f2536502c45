//! Expressions: the main `infer_expr` dispatch, casts, packs, indexing, binary operators and
//! initializer lists. Paths and members, lambdas and calls have their own modules.

use std::sync::Arc;

use crate::TextRange;
use crate::body::*;
use crate::data::TypeDeclKind;
use crate::ids::*;
use crate::lower;
use crate::resolve::{self, Resolution};
use crate::ty::{GenericArg, Len, ScalarKind, Ty};

use super::const_eval::const_eval;
use super::signature::{field_types, subscript_sig, type_args_subst};
use super::{Candidate, Capture, ExprRes, InferCtx};

impl<'a, 'db> InferCtx<'a, 'db> {
    pub(super) fn infer_expr(&mut self, e: ExprId, expected: Option<&Ty>) -> Ty {
        self.note_packs_in_generic_args(e);
        let ty = self.infer_expr_inner(e, expected);
        self.set_ty(e, ty)
    }

    fn infer_expr_inner(&mut self, e: ExprId, expected: Option<&Ty>) -> Ty {
        let range = self.range(e);
        match self.body.exprs[e].clone() {
            Expr::Missing => Ty::Unknown,
            Expr::Literal(lit) => match lit {
                Literal::Int { unsigned, wide, .. } => Ty::Scalar(match (unsigned, wide) {
                    (false, false) => ScalarKind::Int,
                    (true, false) => ScalarKind::UInt,
                    (false, true) => ScalarKind::Int64,
                    (true, true) => ScalarKind::UInt64,
                }),
                Literal::Float { suffix, .. } => Ty::Scalar(match suffix {
                    Some('h' | 'H') => ScalarKind::Half,
                    Some('l' | 'L') => ScalarKind::Double,
                    _ => ScalarKind::Float,
                }),
                Literal::Bool(_) => Ty::BOOL,
                Literal::String(_) => Ty::String,
                Literal::None => expected.cloned().unwrap_or(Ty::Unknown),
            },
            Expr::Path(path) => self.infer_path(e, &path),
            Expr::This => match &self.resolver.self_ctx {
                Some(ctx) if !self.sig.is_some_and(|s| s.is_static) => {
                    let ty = ctx.ty.clone();
                    self.note_capture(Capture::This, 0);
                    ty
                }
                _ => {
                    self.error(
                        "E2001",
                        "`this` is only available inside non-static methods",
                        range,
                    );
                    Ty::Unknown
                }
            },
            Expr::Field {
                base,
                name,
                name_range,
            } => self.infer_field(e, base, &name, name_range),
            Expr::Index { base, index } => {
                let t = self.infer_index(base, index);
                self.bind_subscript_generics(e, base, index, t)
            }
            Expr::Call { callee, args } => self.infer_call(e, callee, &args, expected),
            Expr::Lambda { params, body } => self.infer_lambda(e, &params, body),
            Expr::GenericApply { base, args } => {
                // A generic function or type used without a call.
                let _ = self.infer_expr(base, None);
                if let Some(ty) = self.type_exprs.get(&base).cloned() {
                    let mut diags = Vec::new();
                    let applied = self.resolver.apply_generic_args(
                        Resolution::Type(ty),
                        &args,
                        range,
                        &mut diags,
                    );
                    self.result.diags.extend(diags);
                    if let Resolution::Type(applied) = applied {
                        self.result
                            .resolutions
                            .insert(e, ExprRes::Type(applied.clone()));
                        self.type_exprs.insert(e, applied);
                    }
                }
                if let Some(f) = self.fn_exprs.get(&base).cloned() {
                    self.record_fn_value(e, &f.0, &args);
                    self.fn_exprs.insert(e, f);
                }
                Ty::Unknown
            }
            Expr::Binary { op, lhs, rhs } => self.infer_binary(e, op, lhs, rhs),
            Expr::Assign { op, lhs, rhs } => {
                let lt = self.infer_expr(lhs, None);
                // `atomic = v` stores a `T`: the right side is read as one.
                let expected = self.atomic_element(&lt).unwrap_or_else(|| lt.clone());
                let rt = self.infer_expr(rhs, Some(&expected));
                // slangc reports `=` at the operator and compound assignments at their target.
                let at = if op.is_some() {
                    self.range(lhs)
                } else {
                    self.body.anchor(e)
                };
                // slangc calls compound assignments as functions with an `inout` parameter 0.
                let slangc = match op {
                    None => "left of '=' is not an l-value.".to_string(),
                    Some(_) => "argument passed to parameter '0' must be l-value.".to_string(),
                };
                self.check_lvalue_slangc(lhs, Some(slangc), "assign to this expression", at);
                if let Some(elem) = self.atomic_assign(op, &lt, rhs) {
                    return elem;
                }
                match op {
                    None => {
                        self.check_convertible(&rt, &lt, self.range(rhs));
                    }
                    Some(op) => {
                        let result = self.binary_result(op, &lt, &rt, range);
                        self.check_convertible(&result, &lt, range);
                    }
                }
                lt
            }
            Expr::Prefix {
                op: PrefixOp::Deref,
                expr,
            } => self.infer_deref(expr, range),
            Expr::Prefix {
                op: PrefixOp::AddressOf,
                expr,
            } => self.infer_address_of(expr, range),
            Expr::Prefix { op, expr } => {
                let t = self.infer_expr(expr, expected);
                let t = self.normalize(&t);
                if let Some(ty) = self.user_prefix_operator(e, op, expr, &t, range) {
                    return ty;
                }
                match op {
                    PrefixOp::Inc | PrefixOp::Dec => {
                        self.check_lvalue_at(expr, "modify this expression", range);
                        self.atomic_step(&t).unwrap_or(t)
                    }
                    PrefixOp::Not => match t {
                        Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) => {
                            t.with_scalar(ScalarKind::Bool)
                        }
                        // `!p`: whether a pointer is null.
                        _ if self.pointee(&t).is_some() => Ty::BOOL,
                        _ => t,
                    },
                    PrefixOp::BitNot => {
                        if let Some(k) = t.scalar_kind()
                            && !k.is_integer()
                        {
                            let msg = format!(
                                "operator `~` needs an integer operand, found `{}`",
                                self.display(&t)
                            );
                            self.error("E2005", msg, range);
                        }
                        t
                    }
                    PrefixOp::Neg | PrefixOp::Plus => t,
                    // Handled above.
                    PrefixOp::Deref | PrefixOp::AddressOf => Ty::Unknown,
                }
            }
            Expr::Postfix { expr, .. } => {
                let t = self.infer_expr(expr, None);
                self.check_lvalue(expr, "modify this expression");
                self.atomic_step(&t).unwrap_or(t)
            }
            Expr::Ternary {
                cond,
                then_branch,
                else_branch,
            } => {
                let lanes = self.infer_ternary_condition(cond);
                let a = self.infer_expr(then_branch, expected);
                let b = self.infer_expr(else_branch, expected);
                match self.join(&[a.clone(), b.clone()]) {
                    Some(t) => match lanes {
                        Some(n) => self.per_component_ternary_ty(t, n, range),
                        None => t,
                    },
                    None => {
                        let msg = format!(
                            "the branches of `?:` have incompatible types `{}` and `{}`",
                            self.display(&a),
                            self.display(&b)
                        );
                        self.error("E2004", msg, range);
                        Ty::Unknown
                    }
                }
            }
            Expr::Cast { ty, expr } => {
                let mut diags = Vec::new();
                let target = self.resolver.resolve_type(&ty, &mut diags);
                self.result.diags.extend(diags);
                let want = (target != Ty::Void).then_some(&target);
                let from = self.infer_expr(expr, want);
                // `(S)0` of a struct `S`: the empty initialiser list `{}` (a compatibility
                // form the language reference defines for a literal zero).
                if !self.is_zero_struct_cast(expr, &target)
                    && !self.is_memberwise_cast(&from, &target)
                {
                    self.check_cast(&from, &target, range);
                    self.record_cast_init(e, &from, &target);
                }
                target
            }
            Expr::InitList(items) => self.infer_init_list(e, &items, expected, range),
            Expr::Diff { func, kind } => {
                self.infer_expr(func, None);
                // Free functions get their derivative signature; methods and nested derivatives
                // are typed by the autodiff layer.
                let (target, explicit) = match &self.body.exprs[func] {
                    Expr::GenericApply { base, args } => (*base, Some(args.clone())),
                    _ => (func, None),
                };
                if let Some((funcs, mut kinds, explicit)) = self.diff_exprs.get(&func).cloned() {
                    // A derivative of a derivative.
                    kinds.push(kind);
                    self.diff_exprs.insert(e, (funcs, kinds, explicit));
                    if let Some(this) = self.diff_this.get(&func).cloned() {
                        self.diff_this.insert(e, this);
                    }
                } else if let Some((funcs, this)) = self.fn_exprs.get(&target).cloned()
                    && (this.is_none()
                        || self.is_type_qualified(target)
                        // `value.staticMethod.fwd_diff`: the value only names the type (an
                        // interface value's dispatches).
                        || funcs.iter().all(|f| crate::fn_sig(self.db, *f).is_static))
                {
                    let explicit = explicit.map(|a| {
                        let mut diags = Vec::new();
                        let r = a
                            .iter()
                            .map(|x| self.explicit_generic_arg(x, &mut diags))
                            .collect();
                        self.result.diags.extend(diags);
                        r
                    });
                    self.diff_exprs.insert(e, (funcs, vec![kind], explicit));
                    if let Some(this) = this {
                        self.diff_this.insert(e, this);
                    }
                } else if self.fn_exprs.contains_key(&target) {
                    // `bwd_diff(value.method)`: a non-static method bound to a value.
                    self.bound_method_derivative(target, kind, range);
                }
                Ty::Unknown
            }
            Expr::NoDiff(inner) => self.infer_expr(inner, expected),
            Expr::Is { expr, ty } => {
                self.infer_expr(expr, None);
                let mut diags = Vec::new();
                let t = self.resolver.resolve_type(&ty, &mut diags);
                self.result.diags.extend(diags);
                // The target type, for lowering (as `sizeof` records its operand).
                self.result.resolutions.insert(e, ExprRes::Type(t));
                Ty::BOOL
            }
            Expr::As { expr, ty } => {
                self.infer_expr(expr, None);
                let mut diags = Vec::new();
                let t = self.resolver.resolve_type(&ty, &mut diags);
                self.result.diags.extend(diags);
                self.optional_of(t)
            }
            Expr::SizeOf {
                ty, expr, layout, ..
            } => {
                if let Some(layout) = layout {
                    let mut diags = Vec::new();
                    let l = self.resolver.resolve_type(&layout, &mut diags);
                    self.result.diags.extend(diags);
                    self.result.sizeof_layouts.insert(e, l);
                }
                // The operand's type is recorded as the expression's resolution for lowering.
                let operand = match expr {
                    Some(inner) => {
                        let t = self.infer_expr(inner, None);
                        self.named_array_type(inner).unwrap_or(t)
                    }
                    None => {
                        let mut diags = Vec::new();
                        let t = self.resolver.resolve_type(&ty, &mut diags);
                        self.result.diags.extend(diags);
                        t
                    }
                };
                self.result.resolutions.insert(e, ExprRes::Type(operand));
                Ty::INT
            }
            Expr::CountOf(inner) => {
                let t = self.infer_expr(inner, None);
                let t = self.normalize(&t);
                let is_pack = self.value_pack(inner).is_some() || self.type_pack(inner).is_some();
                let type_named = self.type_exprs.get(&inner).cloned();
                let ok = is_pack
                    || matches!(
                        type_named.as_ref().unwrap_or(&t),
                        Ty::Array(..) | Ty::Tuple(_) | Ty::Pack(_)
                    )
                    || matches!(&type_named, Some(Ty::PackQuery(op, _)) if op.yields_pack())
                    || self.pack_query_call(inner).is_some()
                    || (type_named.is_none() && t.has_unknown());
                if !ok {
                    let what = self.display(type_named.as_ref().unwrap_or(&t));
                    self.error(
                        "E2053",
                        format!(
                            "argument to countof can only be a type pack or tuple (or an array), found `{what}`"
                        ),
                        keyword_range(range, "countof"),
                    );
                }
                Ty::INT
            }
            Expr::Try(inner) => self.infer_try(e, inner, expected),
            Expr::Block { stmts, value } => {
                self.scopes.push(Vec::new());
                for s in stmts {
                    self.infer_stmt(s);
                }
                let ty = value.map_or(Ty::Void, |v| self.infer_expr(v, expected));
                self.scopes.pop();
                ty
            }
            Expr::Each(inner) => {
                let inner_ty = self.infer_expr(inner, None);
                let mut elem = None;
                let mut pack = self.value_pack(inner).or_else(|| self.type_pack(inner));
                // `each __trimFirst(values)`: repeats over (part of) the queried pack.
                let query_pack = self.pack_query_source_pack(inner);
                if query_pack.is_some() {
                    pack = query_pack;
                    elem = Some(Ty::Unknown);
                }
                if pack.is_none()
                    && !self.expand_frames.is_empty()
                    && let Ty::Tuple(items) = self.normalize(&inner_ty)
                {
                    match &items[..] {
                        // `each t` of `Tuple<expand each T> t`: the pack `T`.
                        [Ty::Expand(pattern, p)] => {
                            pack = Some(p.clone());
                            elem = Some((**pattern).clone());
                        }
                        // `each t` of a concrete tuple: its elements, one per repetition.
                        _ => {
                            if let Some(slot) = self.expand_tuples.last_mut() {
                                *slot = Some(items.clone());
                            }
                            return Ty::Unknown;
                        }
                    }
                }
                let Some(pack) = pack else {
                    self.error(
                        "E2051",
                        "expected a type pack after 'each': `each` takes a parameter pack (`expand each T args`) or a type pack (`each T`)",
                        keyword_range(range, "each"),
                    );
                    return Ty::Unknown;
                };
                match self.expand_frames.last_mut() {
                    Some(frame) => {
                        if !frame.contains(&pack) {
                            frame.push(pack.clone());
                        }
                    }
                    None => self.error(
                        "E2050",
                        "'each' expression must be inside 'expand' expression: write `expand` before the expression that uses the pack's elements",
                        keyword_range(range, "each"),
                    ),
                }
                // An element of a value pack is a value of the pack's type.
                if self.value_generic_packs.contains_key(&inner) {
                    return Ty::INT;
                }
                if let Some(elem) = elem.or_else(|| self.value_pack_pattern(inner)) {
                    return elem;
                }
                Ty::Param(pack)
            }
            Expr::Expand(inner) => {
                self.expand_frames.push(Vec::new());
                self.expand_tuples.push(None);
                let t = self.infer_expr(inner, None);
                let packs = self.expand_frames.pop().unwrap_or_default();
                let tuple = self.expand_tuples.pop().flatten();
                // `expand each __trimFirst(values)`: the arguments are the elements of the
                // queried pack, so their types are the same query of the pack's type (bound as a
                // pack argument, resolved once the pack is known).
                if let Expr::Each(query) = self.body.exprs[inner]
                    && let Some((op, _)) = self.pack_query_call(query)
                    && op.yields_pack()
                    && let Some(pack) = self.pack_query_source_pack(query)
                {
                    return crate::pack_query::apply(op, vec![Ty::Param(pack)]);
                }
                match packs.first() {
                    Some(pack) => Ty::Expand(Arc::new(t), pack.clone()),
                    // Over a concrete tuple: one value per element (`f(expand each t)` passes
                    // them as separate arguments).
                    None if let Some(items) = tuple => {
                        if matches!(self.body.exprs[inner], Expr::Each(_)) {
                            Ty::Pack(items)
                        } else {
                            Ty::Pack(items.iter().map(|_| t.clone()).collect())
                        }
                    }
                    // `expand Wrapper<each T>` naming a type (`__trimFirst(expand S<each T>)`).
                    None if let Some(pattern) = self.type_exprs.get(&inner).cloned()
                        && let Some(pack) = resolve::first_type_pack(self.db, &pattern) =>
                    {
                        let ty = Ty::Expand(Arc::new(pattern), pack);
                        self.result.resolutions.insert(e, ExprRes::Type(ty.clone()));
                        self.type_exprs.insert(e, ty);
                        Ty::Unknown
                    }
                    None => {
                        self.error(
                            "E2052",
                            "'expand' term captures no type packs. At least one type pack must be referenced via an 'each' term inside an 'expand' term",
                            keyword_range(range, "expand"),
                        );
                        Ty::Unknown
                    }
                }
            }
        }
    }

    /// The type pack of a parameter pack named by `e` (`args` of `expand each T args`).
    pub(super) fn value_pack(&self, e: ExprId) -> Option<GenericParamId> {
        // A generic value pack (`D` of `let each D : int`).
        if let Some(p) = self.value_generic_packs.get(&e) {
            return Some(p.clone());
        }
        let sig = self.sig?;
        match self.result.resolutions.get(&e) {
            Some(ExprRes::Param(i)) if sig.variadic_from == Some(*i as usize) => {
                match &sig.params.get(*i as usize)?.ty {
                    Ty::Param(p) => Some(p.clone()),
                    // `expand S<each T> values`: the pack the pattern repeats over.
                    Ty::Expand(_, p) => Some(p.clone()),
                    t => resolve::first_type_pack(self.db, t),
                }
            }
            _ => None,
        }
    }

    /// The type of one element of the parameter pack `e` when it is not the bare pack
    /// (`S<T>` for `expand S<each T> values`).
    fn value_pack_pattern(&self, e: ExprId) -> Option<Ty> {
        let sig = self.sig?;
        match self.result.resolutions.get(&e) {
            Some(ExprRes::Param(i)) if sig.variadic_from == Some(*i as usize) => {
                match &sig.params.get(*i as usize)?.ty {
                    Ty::Expand(pattern, _) => Some((**pattern).clone()),
                    Ty::Param(_) => None,
                    pattern => Some(pattern.clone()),
                }
            }
            _ => None,
        }
    }

    /// The type pack `e` names (`T` of `each T`), if it is one of this function's.
    fn type_pack(&self, e: ExprId) -> Option<GenericParamId> {
        let sig = self.sig?;
        match self.type_exprs.get(&e) {
            Some(Ty::Param(p)) => match sig.generics.iter().position(|g| g == p) {
                Some(i) => sig.generic_is_pack.get(i).copied()?.then(|| p.clone()),
                // A pack of the enclosing type (`countof(T)` in a method of `S<each T>`).
                None => resolve::is_type_pack(self.db, p).then(|| p.clone()),
            },
            _ => None,
        }
    }

    /// `Optional<T>` from the stdlib, if declared.
    fn optional_of(&self, t: Ty) -> Ty {
        match self.resolver.resolve_name("Optional") {
            Some(Resolution::Type(Ty::Adt(d, _))) => Ty::Adt(d, Arc::from([GenericArg::Type(t)])),
            _ => t,
        }
    }

    /// The type an expression names, also as an array (`Tail[3]` in `sizeof(Tail[3])`, parsed
    /// as an index expression).
    fn named_array_type(&self, e: ExprId) -> Option<Ty> {
        match &self.body.exprs[e] {
            Expr::Index { base, index } => {
                let elem = self.named_array_type(*base)?;
                let len = const_eval(self.db, &self.resolver, self.body, *index)?;
                Some(Ty::Array(
                    Arc::new(elem),
                    Len::Known(u32::try_from(len).ok()?),
                ))
            }
            _ => match self.result.resolutions.get(&e) {
                Some(ExprRes::Type(named)) => Some(named.clone()),
                _ => None,
            },
        }
    }

    pub(super) fn unwrap_optional(&self, ty: &Ty) -> Option<Ty> {
        match ty {
            Ty::Adt(d, args) if d.loc(self.db).name() == "Optional" => match args.first() {
                Some(GenericArg::Type(t)) => Some(t.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether `(to)expr` casts the integer literal `0` to a user struct: the same as `{}`.
    pub(super) fn is_zero_struct_cast(&self, expr: ExprId, to: &Ty) -> bool {
        let zero = matches!(
            self.body.exprs[expr],
            Expr::Literal(Literal::Int { value: 0, .. })
        );
        zero && matches!(self.normalize(to), Ty::Adt(d, _)
            if lower::type_decl_data(self.db, d).kind == TypeDeclKind::Struct
                && lower::type_decl_data(self.db, d).attr("__intrinsic_type").is_none())
    }

    /// Whether `(S)x` runs `S`'s memberwise initialiser with the single argument `x` (a struct
    /// without `__init`: a cast may run any single-argument initialiser, the language reference
    /// says; the other fields take their defaults).
    pub(super) fn is_memberwise_cast(&mut self, from: &Ty, to: &Ty) -> bool {
        let (f, t) = (self.normalize(from), self.normalize(to));
        let Ty::Adt(d, _) = &t else { return false };
        let data = lower::type_decl_data(self.db, *d);
        if data.kind != TypeDeclKind::Struct
            || data.attr("__intrinsic_type").is_some()
            || f == t
            || !resolve::lookup_member_items(self.db, self.file, &t, "__init").is_empty()
        {
            return false;
        }
        let fields = self.memberwise_field_tys(&t);
        fields
            .first()
            .is_some_and(|first| self.conversion_cost(&f, first).is_some())
    }

    pub(super) fn check_cast(&mut self, from: &Ty, to: &Ty, range: TextRange) {
        let (f, t) = (self.normalize(from), self.normalize(to));
        if f.has_unknown() || t.has_unknown() || self.conversion_cost(&f, &t).is_some() {
            return;
        }
        let numeric = |ty: &Ty| ty.is_numeric_shape();
        let is_enum = |ty: &Ty| matches!(ty, Ty::Adt(d, _) if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum);
        let ok = match (&f, &t) {
            (a, b) if numeric(a) && numeric(b) => {
                // Casts between shapes keep or drop components; growing a vector is an error.
                !matches!((a, b), (Ty::Vector(_, Len::Known(n)), Ty::Vector(_, Len::Known(m))) if n < m)
            }
            (a, b) if (is_enum(a) && numeric(b)) || (numeric(a) && is_enum(b)) => true,
            // A scalar to a vector or matrix of a generic element (`vector<T, N>(i + 1)`).
            (Ty::Scalar(_), Ty::Vector(e, _) | Ty::Matrix(e, ..)) if generic_elem(e) => true,
            // Vectors and matrices of generic elements (`vector<Float, N>` to
            // `vector<Scalar, N>`): checked per instance.
            (Ty::Vector(ea, _), Ty::Vector(eb, _)) | (Ty::Matrix(ea, ..), Ty::Matrix(eb, ..))
                if generic_elem(ea) || generic_elem(eb) =>
            {
                true
            }
            (a, b) if self.pointer_cast_ok(a, b) => true,
            (Ty::Param(_) | Ty::Assoc(..) | Ty::This, _)
            | (_, Ty::Param(_) | Ty::Assoc(..) | Ty::This) => true,
            (Ty::Adt(..), Ty::Adt(..)) => true,
            // `(void)expr` discards a value (silencing `[nodiscard]` and unused warnings).
            (_, Ty::Void) => true,
            // `(uint2)handle`: an `__init` of the target that takes the value.
            (Ty::Adt(..), _) => self.init_accepts(&f, &t, false),
            _ => false,
        };
        if !ok && !self.init_takes(&t, &f) {
            let msg = format!(
                "cannot cast `{}` to `{}`",
                self.display(&f),
                self.display(&t)
            );
            self.error("E2004", msg, range);
        }
    }

    /// Whether `to` declares a one-argument `__init` that takes a `from` (a cast runs it:
    /// `(BFloat16)x`, `float(b)` through an extension of the builtin floating-point types).
    fn init_takes(&self, to: &Ty, from: &Ty) -> bool {
        resolve::lookup_member_items(self.db, self.file, to, "__init")
            .into_iter()
            .any(|d| match d {
                ItemDef::Function(f) => {
                    let cand = Candidate {
                        func: f,
                        outer: resolve::member_subst(self.db, self.file, f.loc(self.db), to),
                        this_ty: Some(to.clone()),
                        derivative: Vec::new(),
                    };
                    self.try_candidate(&cand, None, std::slice::from_ref(from))
                        .is_ok()
                }
                _ => false,
            })
    }

    fn infer_index(&mut self, base: ExprId, index: ExprId) -> Ty {
        let bt = self.infer_expr(base, None);
        let it = self.infer_expr(index, Some(&Ty::INT));
        let bt = self.normalize(&bt);
        // `a[]` on an array, vector or matrix value: `[]` only names an unsized array type
        // (lowering had no index). A struct's `__subscript()` may take no index (`s[]`).
        if matches!(self.body.exprs[index], Expr::Missing)
            && matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..))
            && !matches!(self.result.resolutions.get(&base), Some(ExprRes::Type(_)))
        {
            let msg = "an index is missing: `[]` names an unsized array type, not an element";
            self.error("E2021", msg.to_string(), self.range(base));
        }
        // `cb[i]` on a `ConstantBuffer<float4x4>` or `ParameterBlock<RWStructuredBuffer<int>>`:
        // the value the wrapper holds is indexed (it dereferences implicitly, as for members).
        let bt = self.innermost_wrapped(&bt).unwrap_or(bt);
        let it = self.normalize(&it);
        // A float index converts (slangc warns); anything but a scalar is an error.
        if !it.has_unknown()
            && !matches!(it, Ty::Scalar(_) | Ty::Param(_) | Ty::Assoc(..))
            && matches!(bt, Ty::Array(..) | Ty::Vector(..) | Ty::Matrix(..))
        {
            let msg = format!("an index must be an integer, found `{}`", self.display(&it));
            self.error("E2021", msg, self.range(index));
        }
        self.check_constant_index(&bt, index);
        match &bt {
            Ty::Unknown => Ty::Unknown,
            Ty::Array(elem, _) => (**elem).clone(),
            Ty::Vector(elem, _) => (**elem).clone(),
            Ty::Matrix(elem, _, c) => Ty::Vector(elem.clone(), c.clone()),
            // A subscript requirement of a constraint (`A : IArray<float>`), else not known.
            Ty::Param(_) | Ty::Assoc(..) | Ty::This => {
                self.subscript_of(&bt).map_or(Ty::Unknown, |(_, ret)| ret)
            }
            _ => match self.subscript_of(&bt).or_else(|| {
                // `handle[i]` on a `DescriptorHandle<T>`: the subscript of `T`.
                self.implicit_deref(&bt).and_then(|t| self.subscript_of(&t))
            }) {
                Some((_, ret)) => ret,
                None => {
                    let msg = format!("cannot index a value of type `{}`", self.display(&bt));
                    self.error("E2021", msg, self.range(base));
                    Ty::Unknown
                }
            },
        }
    }

    /// `T` of a `ConstantBuffer<T>` or `ParameterBlock<T>`.
    pub(super) fn wrapped_value(&self, ty: &Ty) -> Option<Ty> {
        let Ty::Adt(d, args) = ty else { return None };
        if !matches!(
            d.loc(self.db).name().as_str(),
            "ConstantBuffer" | "ParameterBlock"
        ) {
            return None;
        }
        match &args[..] {
            [crate::ty::GenericArg::Type(inner)] => Some(self.normalize(inner)),
            _ => None,
        }
    }

    /// The value inside nested `ConstantBuffer`/`ParameterBlock` wrappers (at most a few deep).
    pub(super) fn innermost_wrapped(&self, ty: &Ty) -> Option<Ty> {
        let mut inner = self.wrapped_value(ty)?;
        for _ in 0..4 {
            match self.wrapped_value(&inner) {
                Some(next) => inner = next,
                None => break,
            }
        }
        Some(inner)
    }

    /// The subscript of a type (first declared), with its return type substituted.
    /// `T` of a type declared `[__implicit_dereference]` (`DescriptorHandle<T>`): its members
    /// and subscripts are those of the resource it names, as in Slang.
    pub(super) fn implicit_deref(&self, ty: &Ty) -> Option<Ty> {
        let Ty::Adt(decl, args) = ty else { return None };
        lower::type_decl_data(self.db, *decl).attr("__implicit_dereference")?;
        match args.first() {
            Some(crate::ty::GenericArg::Type(t)) => Some(self.normalize(t)),
            _ => None,
        }
    }

    pub(super) fn subscript_of(&self, ty: &Ty) -> Option<(SubscriptId, Ty)> {
        let sub = crate::subscripts::pick_subscript(self.db, self.file, ty, None)?;
        let (_, ret) = subscript_sig(self.db, sub);
        let subst = resolve::member_subst(self.db, self.file, sub.loc(self.db), ty);
        Some((
            sub,
            self.normalize(
                &ret.subst(&|p| resolve::subst_lookup(&subst, &p))
                    .subst_this(ty),
            ),
        ))
    }

    fn infer_binary(&mut self, e: ExprId, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> Ty {
        // A left-nested chain (`a + b + c ...`, thousands of operators long in generated code)
        // is typed bottom-up in a loop, so the stack does not grow with its length.
        let mut spine = Vec::new();
        let mut leftmost = lhs;
        while let Expr::Binary { op, lhs, rhs } = self.body.exprs[leftmost] {
            spine.push((leftmost, op, lhs, rhs));
            leftmost = lhs;
        }
        let mut lt = self.infer_expr(leftmost, None);
        for (x, x_op, x_lhs, x_rhs) in spine.into_iter().rev() {
            let t = self.infer_binary_after_lhs(x, x_op, x_lhs, x_rhs, lt);
            lt = self.set_ty(x, t);
        }
        self.infer_binary_after_lhs(e, op, lhs, rhs, lt)
    }

    /// `infer_binary` once the left operand's type `lt` is known.
    fn infer_binary_after_lhs(
        &mut self,
        e: ExprId,
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
        lt: Ty,
    ) -> Ty {
        let range = self.range(e);
        // `opt == none` / `opt != none` test an Optional's hasValue; `none` takes its type.
        let is_none = |x: ExprId| matches!(self.body.exprs[x], Expr::Literal(Literal::None));
        if matches!(op, BinaryOp::Eq | BinaryOp::Ne)
            && is_none(rhs)
            && self.unwrap_optional(&self.normalize(&lt)).is_some()
        {
            self.infer_expr(rhs, Some(&lt));
            return Ty::BOOL;
        }
        let rt = self.infer_expr(rhs, None);
        if op == BinaryOp::Comma {
            return rt;
        }
        let (ln, rn) = (self.normalize(&lt), self.normalize(&rt));
        if ln.is_numeric_shape() && rn.is_numeric_shape() {
            let range = self.op_range(e, lhs, rhs);
            if let Some(t) = self.glsl_binary_operator(e, op, (lhs, rhs), (&ln, &rn), range) {
                return t;
            }
            return self.binary_result(op, &ln, &rn, range);
        }
        if let Some(t) = self.pointer_binary(op, &ln, &rn, self.op_range(e, lhs, rhs)) {
            return t;
        }
        if let Some(t) = self.tuple_comparison(op, &ln, &rn) {
            return t;
        }
        if ln.has_unknown() || rn.has_unknown() {
            return if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
                Ty::BOOL
            } else {
                Ty::Unknown
            };
        }
        // Enums compare with each other and combine as flags.
        let is_enum = |t: &Ty| matches!(t, Ty::Adt(d, _) if lower::type_decl_data(self.db, *d).kind == TypeDeclKind::Enum);
        if is_enum(&ln) && (ln == rn || rn.is_numeric_shape())
            || is_enum(&rn) && ln.is_numeric_shape()
        {
            if op.is_comparison() {
                return Ty::BOOL;
            }
            if op.is_bitwise() {
                return if is_enum(&ln) { ln } else { rn };
            }
        }
        // User-defined operators: `operator+` functions in scope.
        let op_name = format!("operator{}", op.text());
        let funcs = match self.resolver.resolve_name(&op_name) {
            Some(Resolution::Functions(fs)) => fs,
            _ => Vec::new(),
        };
        let mut member_ops = resolve::lookup_member_items(self.db, self.file, &ln, &op_name);
        member_ops.retain(|d| matches!(d, ItemDef::Function(_)));
        let mut cands: Vec<Candidate> = funcs.into_iter().map(Candidate::plain).collect();
        for m in member_ops {
            if let ItemDef::Function(f) = m {
                let outer = resolve::member_subst(self.db, self.file, f.loc(self.db), &ln);
                cands.push(Candidate {
                    func: f,
                    outer,
                    this_ty: Some(ln.clone()),
                    derivative: Vec::new(),
                });
            }
        }
        let arg_tys = vec![lt.clone(), rt.clone()];
        // The library's operators (`CoopVec<T, N>`'s) are reported only when one applies: for
        // other operands the error names the operator and the types.
        if cands
            .iter()
            .any(|c| c.func.loc(self.db).file.kind(self.db) == base_db::FileKind::Stdlib)
            && !cands
                .iter()
                .any(|c| self.try_candidate(c, None, &arg_tys).is_ok())
        {
            cands.retain(|c| c.func.loc(self.db).file.kind(self.db) != base_db::FileKind::Stdlib);
        }
        // `x.a + y.a` on generic operands inside a generic `operator+` of a struct: no user
        // operator takes them, so the constraint's builtin operator applies.
        let builtin = self.generic_operand_result(op, &ln, &rn);
        if builtin.is_some()
            && !cands
                .iter()
                .any(|c| self.try_candidate(c, None, &arg_tys).is_ok())
        {
            cands.clear();
        }
        if !cands.is_empty() {
            if let Some((chosen, ret)) =
                self.pick_overload(&cands, None, &[lhs, rhs], &arg_tys, range, &op_name, true)
            {
                self.record_call(e, chosen);
                return ret;
            }
            if let Some(ty) = self.generic_operand_result(op, &ln, &rn) {
                return ty;
            }
            // `pick_overload` reported the error.
            return Ty::Unknown;
        }
        if let Some(ty) = self.generic_operand_result(op, &ln, &rn) {
            return ty;
        }
        let msg = format!(
            "operator `{}` cannot be applied to `{}` and `{}`",
            op.text(),
            self.display(&ln),
            self.display(&rn)
        );
        self.error("E2005", msg, self.op_range(e, lhs, rhs));
        Ty::Unknown
    }

    /// Operators on generic values (`T : IArithmetic`) are checked through their constraints
    /// when specialised; here the result takes the operand's type.
    fn generic_operand_result(&self, op: BinaryOp, l: &Ty, r: &Ty) -> Option<Ty> {
        let generic = |t: &Ty| matches!(t, Ty::Param(_) | Ty::Assoc(..) | Ty::This);
        // `vector<T, N> / T`: a vector or matrix of a generic element with a scalar of it keeps
        // the vector's shape (the scalar is broadcast, as for concrete element types).
        let generic_shape =
            |t: &Ty| matches!(t, Ty::Vector(e, _) | Ty::Matrix(e, ..) if generic(e));
        let shaped = if generic_shape(l) && (generic(r) || generic_shape(r) || r.is_numeric_shape())
        {
            Some(l)
        } else if generic_shape(r) && (generic(l) || l.is_numeric_shape()) {
            Some(r)
        } else {
            None
        };
        if let Some(shape) = shaped {
            if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
                return Some(shape.with_scalar(ScalarKind::Bool));
            }
            return Some(shape.clone());
        }
        if !(generic(l) || generic(r)) {
            return None;
        }
        if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) {
            return Some(Ty::BOOL);
        }
        Some(if generic(l) { l.clone() } else { r.clone() })
    }

    /// The range of a binary operator token (as slangc reports it).
    fn op_range(&self, e: ExprId, _lhs: ExprId, _rhs: ExprId) -> TextRange {
        self.body.anchor(e)
    }

    /// Builtin operators on scalars, vectors and matrices, with HLSL's promotions.
    fn binary_result(&mut self, op: BinaryOp, l: &Ty, r: &Ty, range: TextRange) -> Ty {
        let (l, r) = (self.normalize(l), self.normalize(r));
        if l.has_unknown() || r.has_unknown() {
            return if op.is_comparison() { Ty::BOOL } else { l };
        }
        if !(l.is_numeric_shape() && r.is_numeric_shape()) {
            if let Some(t) = self.generic_operand_result(op, &l, &r) {
                return t;
            }
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`",
                op.text(),
                self.display(&l),
                self.display(&r)
            );
            self.error("E2005", msg, range);
            return Ty::Unknown;
        }
        let (lk, rk) = (
            l.scalar_kind().unwrap_or(ScalarKind::Int),
            r.scalar_kind().unwrap_or(ScalarKind::Int),
        );
        let shape = match (&l, &r) {
            (Ty::Scalar(_), other) | (other, Ty::Scalar(_)) => Some(other.clone()),
            (Ty::Vector(_, n), Ty::Vector(_, m)) if n == m => Some(l.clone()),
            (Ty::Vector(_, Len::Known(1)), other) | (other, Ty::Vector(_, Len::Known(1))) => {
                Some(other.clone())
            }
            (Ty::Matrix(_, a, b), Ty::Matrix(_, c, d)) if a == c && b == d => Some(l.clone()),
            _ => None,
        };
        let Some(shape) = shape else {
            let msg = format!(
                "operator `{}` cannot be applied to `{}` and `{}`: the shapes differ",
                op.text(),
                self.display(&l),
                self.display(&r)
            );
            self.error("E2005", msg, range);
            return Ty::Unknown;
        };
        let common = if lk >= rk { lk } else { rk };
        let common = if common == ScalarKind::Bool
            && !matches!(
                op,
                BinaryOp::And
                    | BinaryOp::Or
                    | BinaryOp::Eq
                    | BinaryOp::Ne
                    | BinaryOp::BitAnd
                    | BinaryOp::BitOr
                    | BinaryOp::BitXor
            ) {
            ScalarKind::Int
        } else {
            common
        };
        if op.is_bitwise() && (lk.is_float() || rk.is_float()) {
            let msg = format!(
                "operator `{}` needs integer operands, found `{}` and `{}`",
                op.text(),
                self.display(&l),
                self.display(&r)
            );
            self.error("E2005", msg, range);
            return Ty::Unknown;
        }
        match op {
            _ if op.is_comparison() => shape.with_scalar(ScalarKind::Bool),
            BinaryOp::And | BinaryOp::Or => shape.with_scalar(ScalarKind::Bool),
            BinaryOp::Shl | BinaryOp::Shr => l.clone(),
            _ => shape.with_scalar(common),
        }
    }

    /// The instance fields a memberwise construction (`S(a, b)`, `S s = {a, b}`) takes, in order:
    /// those of the base structs first, outermost first (slangc's synthesised `__init` of
    /// `struct B : A` takes `A`'s fields, then `B`'s).
    pub(super) fn memberwise_field_tys(&self, ty: &Ty) -> Vec<Ty> {
        let mut owners = resolve::struct_base_chain(self.db, ty);
        owners.reverse();
        owners.push(ty.clone());
        let mut out = Vec::new();
        for owner in &owners {
            let Ty::Adt(decl, args) = owner else {
                continue;
            };
            let data = lower::type_decl_data(self.db, *decl);
            let subst = type_args_subst(self.db, *decl, args);
            out.extend(
                data.fields
                    .iter()
                    .zip(field_types(self.db, *decl).iter())
                    .filter(|(f, _)| !f.modifiers.is_static && !f.is_bit_field())
                    .map(|(_, t)| t.subst(&|p| resolve::subst_lookup(&subst, &p))),
            );
        }
        out
    }

    fn infer_init_list(
        &mut self,
        e: ExprId,
        items: &[ExprId],
        expected: Option<&Ty>,
        range: TextRange,
    ) -> Ty {
        let Some(expected) = expected.map(|t| self.normalize(t)) else {
            for item in items {
                self.infer_expr(*item, None);
            }
            return Ty::Unknown;
        };
        let inits = self.init_list_constructors(&expected, items.len());
        if !inits.is_empty() {
            return self.init_list_as_constructor(e, &expected, &inits, items, range);
        }
        let mut elem_count = None;
        let (elem_tys, what): (Vec<Ty>, &str) = match &expected {
            Ty::Array(elem, len) => {
                let n = match len {
                    Len::Known(n) => *n as usize,
                    _ => items.len(),
                };
                // Only the given items are checked: the length alone can be huge.
                elem_count = Some(n);
                (vec![(**elem).clone(); n.min(items.len())], "array elements")
            }
            Ty::Adt(decl, _)
                if lower::type_decl_data(self.db, *decl).kind == TypeDeclKind::Struct =>
            {
                (self.memberwise_field_tys(&expected), "fields")
            }
            // `{float2(a), b}` for a `float3`: vector values give their components in order.
            Ty::Vector(elem, Len::Known(n)) if items.len() < *n as usize => {
                let elem = (**elem).clone();
                self.init_list_vector_parts(&expected, &elem, *n as usize, items, range);
                return expected;
            }
            Ty::Vector(elem, Len::Known(n)) => (vec![(**elem).clone(); *n as usize], "components"),
            Ty::Matrix(elem, Len::Known(r), Len::Known(c)) => {
                // Rows or scalars: accept either by checking against rows when the count matches.
                if items.len() == *r as usize {
                    (
                        vec![Ty::Vector(elem.clone(), Len::Known(*c)); *r as usize],
                        "rows",
                    )
                } else {
                    (vec![(**elem).clone(); (*r * *c) as usize], "components")
                }
            }
            _ => {
                for item in items {
                    self.infer_expr(*item, None);
                }
                return expected.clone();
            }
        };
        let count = elem_count.unwrap_or(elem_tys.len());
        if items.len() > count && self.init_list_elided(&expected, items) {
            return expected;
        }
        for (i, item) in items.iter().enumerate() {
            let want = elem_tys.get(i).cloned();
            let got = self.infer_expr(*item, want.as_ref());
            if let Some(want) = want {
                self.check_convertible(&got, &want, self.range(*item));
            }
        }
        if items.len() > count {
            let msg = format!(
                "too many initialisers: `{}` has {} {what} but {} values were given",
                self.display(&expected),
                count,
                items.len()
            );
            self.error("E2022", msg, range);
        }
        expected
    }
}

/// The leading keyword of an expression's range (`expand`, `each`, `countof`): where slangc
/// points its diagnostics.
fn keyword_range(range: TextRange, keyword: &str) -> TextRange {
    TextRange::new(
        range.start,
        (range.start + keyword.len() as u32).min(range.end),
    )
}

/// Whether a vector's or matrix's element is a generic type (a parameter or associated type).
fn generic_elem(e: &Ty) -> bool {
    matches!(e, Ty::Param(_) | Ty::Assoc(..) | Ty::This)
}
