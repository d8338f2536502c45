//! Overload resolution: candidate applicability, generic argument inference (unification),
//! ranking by conversion cost and specificity, and the no-overload diagnostics.

use std::sync::Arc;

use base_db::Db;

use crate::TextRange;
use crate::body::*;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve;
use crate::ty::{Cost, GenericArg, Len, ScalarKind, Ty};

use super::signature::{FnSig, ParamSig, fn_sig};
use super::{Applicable, Candidate, InferCtx, Rejection};

impl<'a, 'db> InferCtx<'a, 'db> {
    /// Overload resolution: the applicable candidate with the lowest conversion cost wins;
    /// non-generic beats generic on ties. Reports an error and returns `None` when nothing
    /// applies or the best is ambiguous.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pick_overload(
        &mut self,
        cands: &[Candidate],
        explicit: Option<&[GenericArg]>,
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
        name: &str,
        is_operator: bool,
    ) -> Option<(FunctionId, Ty)> {
        // `f(expand each t)` over a concrete tuple: one argument per element.
        if args.len() == arg_tys.len() && arg_tys.iter().any(|t| matches!(t, Ty::Pack(_))) {
            let mut spliced_args = Vec::new();
            let mut spliced_tys = Vec::new();
            for (a, t) in args.iter().zip(arg_tys) {
                match t {
                    Ty::Pack(items) => {
                        for item in items.iter() {
                            spliced_args.push(*a);
                            spliced_tys.push(item.clone());
                        }
                    }
                    t => {
                        spliced_args.push(*a);
                        spliced_tys.push(t.clone());
                    }
                }
            }
            return self.pick_overload(
                cands,
                explicit,
                &spliced_args,
                &spliced_tys,
                range,
                name,
                is_operator,
            );
        }
        let mut applicable: Vec<(usize, Applicable)> = Vec::new();
        let mut rejections: Vec<(usize, Box<Rejection>)> = Vec::new();
        for (i, cand) in cands.iter().enumerate() {
            match self.try_candidate(cand, explicit, arg_tys) {
                Ok(app) => applicable.push((i, app)),
                Err(rej) => rejections.push((i, rej)),
            }
        }
        if applicable.is_empty() {
            self.report_no_overload(cands, &rejections, args, arg_tys, range, name, is_operator);
            return None;
        }
        let rank = |a: &Applicable| {
            (
                a.cost,
                std::cmp::Reverse(a.overload_rank),
                a.generic,
                std::cmp::Reverse(a.specificity),
                std::cmp::Reverse(a.pattern_shape),
            )
        };
        let best = applicable.iter().map(|(_, a)| rank(a)).min()?;
        let winners: Vec<&(usize, Applicable)> =
            applicable.iter().filter(|(_, a)| rank(a) == best).collect();
        // A prototype and its definition (or the same declaration seen twice) are one function:
        // prefer the one with a body.
        let same_signature = winners
            .iter()
            .all(|(i, _)| same_signature(self.db, cands[*i].func, cands[winners[0].0].func));
        let winners: Vec<&(usize, Applicable)> = if same_signature {
            let with_body = winners
                .iter()
                .copied()
                .find(|(i, _)| lower::fn_data(self.db, cands[*i].func).has_body);
            vec![with_body.unwrap_or(winners[0])]
        } else {
            winners
        };
        let (index, app) = winners[0];
        if winners.len() > 1 && !arg_tys.iter().any(Ty::has_unknown) {
            let sigs: Vec<String> = winners
                .iter()
                .map(|(i, _)| self.fn_display(cands[*i].func))
                .collect();
            let mut diag = Diag::error(
                "E2006",
                format!(
                    "call to `{name}` is ambiguous: {} candidates match equally well; convert an argument explicitly",
                    winners.len()
                ),
                range,
            );
            for ((i, _), sig) in winners.iter().zip(sigs) {
                let f = cands[*i].func;
                diag = diag.with_related(
                    Some(ItemDef::Function(f)),
                    lower::fn_data(self.db, f).name_range,
                    format!("candidate: {sig}"),
                );
            }
            self.result.diags.push(diag);
            self.last_generic_args = app.generic_args.clone();
            return Some((cands[*index].func, app.ret.clone()));
        }
        // Arguments of `out`/`inout` parameters must be assignable.
        for (i, p) in app.params.iter().enumerate() {
            if p.dir.writes()
                && let Some(arg) = args.get(i)
            {
                self.check_lvalue_slangc(
                    *arg,
                    Some(format!(
                        "argument passed to parameter '{i}' must be l-value."
                    )),
                    "pass this expression as an `out`/`inout` argument",
                    self.range(*arg),
                );
            }
        }
        // Re-infer init-list arguments against their parameter types, and `none` (it takes the
        // parameter's `Optional` type: `f(none)`, `diffPair<Optional<float>>(x, none)`).
        for (i, arg) in args.iter().enumerate() {
            let reinfer = matches!(
                &self.body.exprs[*arg],
                Expr::InitList(_) | Expr::Literal(crate::body::Literal::None)
            );
            if reinfer && let Some(p) = app.params.get(i) {
                let ty = self.normalize(&p.ty);
                self.infer_expr(*arg, Some(&ty));
            }
        }
        self.last_generic_args = app.generic_args.clone();
        Some((cands[*index].func, app.ret.clone()))
    }

    pub(super) fn try_candidate(
        &self,
        cand: &Candidate,
        explicit: Option<&[GenericArg]>,
        arg_tys: &[Ty],
    ) -> Result<Applicable, Box<Rejection>> {
        let sig = match cand.derivative.first() {
            Some(_) => match super::diff_bound::bound_derivative_sig(
                self.db,
                cand.func,
                &cand.derivative,
                &cand.outer,
                cand.this_ty.as_ref(),
                explicit,
            ) {
                Some(sig) => sig,
                None => return Err(Box::new(Rejection::Infer("this".into()))),
            },
            None => fn_sig(self.db, cand.func),
        };
        let required = sig.params.iter().filter(|p| !p.has_default).count();
        let too_many = arg_tys.len() > sig.params.len() && sig.variadic_from.is_none();
        let required = sig.variadic_from.map_or(required, |k| required.min(k));
        if arg_tys.len() < required || too_many {
            return Err(Box::new(Rejection::Arity {
                expected: sig.params.len(),
                required,
            }));
        }
        // An `expand` argument stands for several arguments: only a parameter pack takes it.
        if let Some(index) = arg_tys
            .iter()
            .position(|a| matches!(a, Ty::Expand(..)) || is_pack_query_args(a))
            .filter(|i| sig.variadic_from.is_none_or(|from| *i < from))
        {
            return Err(Box::new(Rejection::Arg {
                index,
                expected: sig.params.get(index).map_or(Ty::Unknown, |p| p.ty.clone()),
            }));
        }
        let has_pack = sig.generic_is_pack.iter().any(|p| *p);
        if let Some(explicit) = explicit
            && explicit.len() > sig.generics.len()
            && !has_pack
        {
            return Err(Box::new(Rejection::GenericArity {
                expected: sig.generics.len(),
                given: explicit.len(),
            }));
        }
        let outer = &cand.outer;
        let this_ty = cand.this_ty.clone();
        let prep = |t: &Ty| {
            let t = t.subst(&|p| resolve::subst_lookup(outer, &p));
            match &this_ty {
                Some(this) => t.subst_this(this),
                None => t,
            }
        };
        let mut params: Vec<ParamSig> = sig
            .params
            .iter()
            .map(|p| ParamSig {
                ty: prep(&p.ty),
                ..p.clone()
            })
            .collect();
        let mut ret = prep(&sig.ret);
        let mut binds: Vec<(GenericParamId, GenericArg)> = Vec::new();
        if !sig.generics.is_empty() {
            if let Some(explicit) = explicit {
                bind_explicit(&sig, explicit, &mut binds);
            }
            // Collect candidate bindings from the arguments.
            let mut cands_by_param: Vec<Vec<GenericArg>> = vec![Vec::new(); sig.generics.len()];
            let mut scalar_lens = vec![false; sig.generics.len()];
            // The arguments of a parameter pack bind the pack itself (below).
            let fixed = sig.variadic_from.unwrap_or(params.len());
            for (p, a) in params.iter().zip(arg_tys.iter()).take(fixed) {
                let mut a = self.normalize(a);
                // A derived struct passed for a base struct parameter (`f<T>(A<T> x)` given a
                // `struct B : A<float>`) binds through the base it converts to.
                if let Ty::Adt(want, _) = &p.ty
                    && !matches!(&a, Ty::Adt(d, _) if d == want)
                    && let Some(base) = resolve::struct_base_chain(self.db, &a)
                        .into_iter()
                        .find(|b| matches!(b, Ty::Adt(d, _) if d == want))
                {
                    a = base;
                }
                // A concrete type passed for an interface-typed parameter (`f<let n : int>(IFoo<n>
                // x)` given a `struct S : IFoo<3>`) binds through its conformance.
                if let Ty::Adt(want, wargs) = &p.ty
                    && !wargs.is_empty()
                    && !matches!(&a, Ty::Adt(d, _) if d == want)
                    && lower::type_decl_data(self.db, *want).kind
                        == crate::data::TypeDeclKind::Interface
                    && let [inst] =
                        &crate::witness::conformance_instances(self.db, self.file, &a, *want)[..]
                {
                    a = inst.clone();
                }
                // `ConstantBuffer<S>` / `ParameterBlock<S>` passed for a parameter of `S`'s
                // generic struct binds through the `S` it reads as.
                if let Ty::Adt(want, _) = &p.ty
                    && let Ty::Adt(have, hargs) = &a
                    && want != have
                    && matches!(
                        have.loc(self.db).name().as_str(),
                        "ConstantBuffer" | "ParameterBlock"
                    )
                    && let Some(GenericArg::Type(inner)) = hargs.first()
                {
                    a = self.normalize(inner);
                }
                // A scalar passed for `vector<T, N>` is a one-element vector: `N` is 1 unless
                // another argument fixes it.
                if let (Ty::Vector(_, Len::Param(n)), Ty::Scalar(_)) = (&p.ty, &a)
                    && let Some(i) = sig.generics.iter().position(|g| g == n)
                {
                    scalar_lens[i] = true;
                }
                // A function or lambda passed for a `functype (A, B) -> C` parameter: its
                // signature fixes `A`, `B` and `C`.
                if let Some(as_func) = self.func_value_as_functype(&a, &p.ty) {
                    a = as_func;
                }
                // `Tuple<T>` of a type pack `T` binds the pack to the tuple's types.
                match super::tuple_packs::tuple_of_pack(&sig, &p.ty) {
                    Some(pt) => unify(&pt, &a, &sig.generics, &mut cands_by_param),
                    None => unify(&p.ty, &a, &sig.generics, &mut cands_by_param),
                }
            }
            for (i, one) in scalar_lens.iter().enumerate() {
                if *one && cands_by_param[i].is_empty() {
                    cands_by_param[i].push(GenericArg::Value(Len::Known(1)));
                }
            }
            self.infer_from_constraints(&sig.generics, outer, &binds, &mut cands_by_param);
            for (i, g) in sig.generics.iter().enumerate() {
                if resolve::subst_lookup(&binds, g).is_some() {
                    continue;
                }
                // A type pack stands for one type per argument of the parameter pack (an
                // `expand` argument adds the caller's elements): each must meet the pack's
                // constraints (`each T : IGetter`). With several packs the split of the
                // arguments is not inferred.
                if sig.generic_is_pack.get(i).copied().unwrap_or(false) {
                    // A pack bound through a tuple parameter (`Tuple<expand each T> t`).
                    if let Some(GenericArg::Type(bound @ Ty::Pack(_))) = cands_by_param[i].first() {
                        binds.push((g.clone(), GenericArg::Type(bound.clone())));
                        continue;
                    }
                    // A value pack bound through a generic type (`Dims<D> d` given `Dims<1, 2>`).
                    if sig.generic_is_value.get(i).copied().unwrap_or(false)
                        && let Some(values) =
                            crate::value_packs::inferred_value_pack(&cands_by_param[i])
                    {
                        binds.push((g.clone(), GenericArg::Value(values)));
                        continue;
                    }
                    let single_pack = sig.generic_is_pack.iter().filter(|p| **p).count() == 1;
                    let (true, Some(from)) = (single_pack, sig.variadic_from) else {
                        binds.push((g.clone(), GenericArg::Type(Ty::Unknown)));
                        continue;
                    };
                    // `expand Box<each T> items`: each argument is an instance of the pattern,
                    // and the pack holds what `T` is in it.
                    let pattern = params
                        .get(from)
                        .map(|p| p.ty.clone())
                        .filter(|t| !matches!(t, Ty::Param(_) | Ty::Expand(..)));
                    let items: Arc<[Ty]> = arg_tys
                        .iter()
                        .skip(from)
                        .map(|a| {
                            let a = self.normalize(a);
                            let Some(pattern) = &pattern else {
                                return a;
                            };
                            if matches!(a, Ty::Expand(..)) || is_pack_query_args(&a) {
                                return a;
                            }
                            let mut found = vec![Vec::new()];
                            unify(pattern, &a, std::slice::from_ref(g), &mut found);
                            match found[0].first() {
                                Some(GenericArg::Type(t)) => t.clone(),
                                _ => a,
                            }
                        })
                        .collect();
                    for item in items.iter() {
                        let elem = match item {
                            Ty::Expand(pattern, _) => pattern,
                            // Part of a pack: its elements are the pack's.
                            Ty::PackQuery(_, args) if is_pack_query_args(item) => &args[0],
                            t => t,
                        };
                        for iface in resolve::param_required_constraints(self.db, g) {
                            if !resolve::implements(self.db, self.file, elem, &iface) {
                                return Err(Box::new(Rejection::Constraint {
                                    param: g.name.clone(),
                                    arg: Ty::Pack(items.clone()),
                                    iface,
                                }));
                            }
                        }
                    }
                    binds.push((g.clone(), GenericArg::Type(Ty::Pack(items))));
                    continue;
                }
                let found = &cands_by_param[i];
                let bound = if sig.generic_is_value[i] {
                    let lens: Vec<&Len> = found
                        .iter()
                        .filter_map(|a| match a {
                            GenericArg::Value(l) => Some(l),
                            _ => None,
                        })
                        .collect();
                    match lens.first() {
                        Some(first) if lens.iter().all(|l| l == first) => {
                            Some(GenericArg::Value((*first).clone()))
                        }
                        _ => None,
                    }
                } else {
                    let tys: Vec<Ty> = found
                        .iter()
                        .filter_map(|a| match a {
                            GenericArg::Type(t) => Some(t.clone()),
                            _ => None,
                        })
                        .collect();
                    if tys.is_empty() {
                        None
                    } else {
                        self.join(&tys).map(GenericArg::Type)
                    }
                };
                match bound {
                    Some(b) => binds.push((g.clone(), b)),
                    None => match sig.generic_defaults.get(i).cloned().flatten() {
                        Some(default) => {
                            let default = default.subst(&|p| resolve::subst_lookup(&binds, &p));
                            binds.push((g.clone(), default));
                        }
                        None => return Err(Box::new(Rejection::Infer(g.name.clone()))),
                    },
                }
            }
            // Constraints. An integer argument of a function over floats converts to `float`
            // of the same shape (`sqrt(4)`), as Slang's overloads allow. A constraint naming
            // other parameters (`TFunc : IFunc<TResult, int>`) is checked with their bindings.
            let bound_now = binds.clone();
            for bind in &mut binds {
                let (g, GenericArg::Type(arg)) = bind.clone() else {
                    continue;
                };
                if matches!(arg, Ty::Pack(_)) {
                    // Checked element by element above.
                    continue;
                }
                // `f<expand Wrapper<each U>>`: each element is an instance of the pattern.
                let arg = match arg {
                    Ty::Expand(pattern, _) => (*pattern).clone(),
                    // A query of a pack (`f<__trimFirst(U)>`): its elements are the pack's.
                    Ty::PackQuery(..) => continue,
                    arg => arg,
                };
                for iface in resolve::param_required_constraints(self.db, &g) {
                    let iface = iface.subst(&|p| {
                        resolve::subst_lookup(&bound_now, &p)
                            .or_else(|| resolve::subst_lookup(outer, &p))
                    });
                    if resolve::implements(self.db, self.file, &arg, &iface) {
                        continue;
                    }
                    let as_float = arg.with_scalar(ScalarKind::Float);
                    let promotable =
                        arg.scalar_kind().is_some_and(|k| !k.is_float()) && arg.is_numeric_shape();
                    if promotable && resolve::implements(self.db, self.file, &as_float, &iface) {
                        bind.1 = GenericArg::Type(as_float.clone());
                        continue;
                    }
                    return Err(Box::new(Rejection::Constraint {
                        param: g.name.clone(),
                        arg: arg.clone(),
                        iface,
                    }));
                }
            }
            let apply = |t: &Ty| t.subst(&|p| resolve::subst_lookup(&binds, &p));
            for p in &mut params {
                p.ty = self.normalize(&apply(&p.ty));
            }
            ret = self.normalize(&apply(&ret));
        }
        let mut cost = 0u32;
        for (i, (p, a)) in params.iter().zip(arg_tys.iter()).enumerate() {
            if sig.variadic_from == Some(i) {
                // The pack takes this and every later argument.
                break;
            }
            match self.conversion_cost(a, &p.ty) {
                // An `out`/`inout` argument of another type is converted both ways (in, and
                // back on return): a candidate whose writable parameters match exactly wins.
                Some(c) if p.dir.writes() && c != Cost::EXACT => cost += 2 * c.0,
                Some(c) => cost += c.0,
                None => {
                    return Err(Box::new(Rejection::Arg {
                        index: i,
                        expected: p.ty.clone(),
                    }));
                }
            }
        }
        let generic_args = outer
            .iter()
            .cloned()
            .chain(binds.into_iter().map(|(g, a)| match a {
                GenericArg::Type(t) => (g, GenericArg::Type(self.normalize(&t))),
                value => (g, value),
            }))
            .collect();
        Ok(Applicable {
            cost,
            overload_rank: overload_rank(&lower::fn_data(self.db, cand.func)),
            ret: self.normalize(&ret),
            generic_args,
            params,
            // A member of a generic extension (`extension<int N> V<N>`) is generic too: one of
            // a concrete extension (`extension V<3>`) is more specialised and wins a tie.
            generic: !sig.generics.is_empty()
                || outer
                    .iter()
                    .any(|(g, _)| matches!(g.owner, GenericOwner::Extension(_))),
            specificity: sig.generics.len() as u32,
            pattern_shape: match sig.generics.is_empty() {
                true => 0,
                false => sig.params.iter().map(|p| pattern_shape(&p.ty)).sum(),
            },
        })
    }

    /// Generic parameters fixed by another parameter's constraint: in `f<int n, T : IStack<n>>(T
    /// t)` called with a `StackImpl<5>` (declared `: IStack<D>`), `T` is `StackImpl<5>`, which
    /// conforms to `IStack<5>`, so `n` is 5. Repeats while new parameters become known.
    fn infer_from_constraints(
        &self,
        generics: &[GenericParamId],
        outer: &[(GenericParamId, GenericArg)],
        binds: &[(GenericParamId, GenericArg)],
        out: &mut [Vec<GenericArg>],
    ) {
        let mut done = vec![false; generics.len()];
        loop {
            let mut progress = false;
            for (i, g) in generics.iter().enumerate() {
                if done[i] {
                    continue;
                }
                let known = resolve::subst_lookup(binds, g).or_else(|| {
                    let first = out[i].first()?;
                    out[i].iter().all(|a| a == first).then(|| first.clone())
                });
                let Some(GenericArg::Type(arg)) = known else {
                    continue;
                };
                done[i] = true;
                let arg = self.normalize(&arg);
                if arg.has_unknown() {
                    continue;
                }
                for c in resolve::param_constraints(self.db, g) {
                    let c = c.subst(&|p| resolve::subst_lookup(outer, &p));
                    let Ty::Adt(decl, cargs) = &c else {
                        continue;
                    };
                    if cargs.is_empty() {
                        continue;
                    }
                    let instances =
                        crate::witness::conformance_instances(self.db, self.file, &arg, *decl);
                    if let [inst] = &instances[..] {
                        let before: usize = out.iter().map(Vec::len).sum();
                        unify(&c, inst, generics, out);
                        progress |= out.iter().map(Vec::len).sum::<usize>() > before;
                    }
                }
            }
            if !progress {
                break;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn report_no_overload(
        &mut self,
        cands: &[Candidate],
        rejections: &[(usize, Box<Rejection>)],
        args: &[ExprId],
        arg_tys: &[Ty],
        range: TextRange,
        name: &str,
        is_operator: bool,
    ) {
        if arg_tys.iter().any(Ty::has_unknown) {
            return;
        }
        if let [(i, rej)] = rejections {
            let func = cands[*i].func;
            let sig_text = match cands[*i].derivative.as_slice() {
                [kind] => crate::derivative_signature_text(self.db, func, *kind)
                    .unwrap_or_else(|| self.fn_display(func)),
                _ => self.fn_display(func),
            };
            let diag = match &**rej {
                Rejection::Arity { expected, required } => {
                    let want = if required == expected {
                        format!("{expected}")
                    } else {
                        format!("{required} to {expected}")
                    };
                    let got = arg_tys.len();
                    let slangc = if got > *expected {
                        format!("too many arguments to call (got {got}, expected {expected})")
                    } else {
                        format!("not enough arguments to call (got {got}, expected {required})")
                    };
                    Diag::error(
                        "E2007",
                        format!("{slangc}: `{name}` takes {want} argument(s) but {got} were given"),
                        range,
                    )
                }
                Rejection::Arg { index, expected } => Diag::error(
                    "E2004",
                    format!(
                        "type mismatch in expression: expected an expression of type '{}', got '{}': argument {} of `{name}` has type `{}`, which does not convert to `{}`",
                        crate::slangc_type_text(self.db, expected),
                        crate::slangc_type_text(self.db, &arg_tys[*index]),
                        index + 1,
                        self.display(&arg_tys[*index]),
                        self.display(expected)
                    ),
                    args.get(*index).map_or(range, |a| self.range(*a)),
                ),
                Rejection::Infer(param) => Diag::error(
                    "E2023",
                    format!(
                        "cannot infer generic parameter `{param}` of `{name}`: give it explicitly (`{name}<...>(...)`)"
                    ),
                    range,
                ),
                Rejection::GenericArity { expected, given } => Diag::error(
                    "E2023",
                    format!(
                        "too many generic arguments for `{name}`: it takes {expected}, {given} given"
                    ),
                    range,
                ),
                Rejection::Constraint { param, arg, iface } => Diag::error(
                    "E2015",
                    format!(
                        "type argument '{}' does not conform to the required interface '{}': `{}` does not conform to `{}`, required by generic parameter `{param}` of `{name}`{}",
                        crate::slangc_type_text(self.db, arg),
                        crate::slangc_type_text(self.db, iface),
                        self.display(arg),
                        self.display(iface),
                        self.inherited_conformance_note(arg, iface)
                    ),
                    range,
                ),
            };
            let related_range = lower::fn_data(self.db, func).name_range;
            let what = if !cands[*i].derivative.is_empty() {
                "derivative of the function declared here"
            } else {
                "declared here"
            };
            self.result.diags.push(diag.with_related(
                Some(ItemDef::Function(func)),
                related_range,
                format!("{what}: {sig_text}"),
            ));
            return;
        }
        let shown: Vec<String> = arg_tys.iter().map(|t| self.display(t)).collect();
        let what = if is_operator {
            format!("operator `{}`", name.trim_start_matches("operator"))
        } else {
            format!("`{name}`")
        };
        let mut diag = Diag::error(
            "E2005",
            format!(
                "no overload of {what} takes arguments ({})",
                shown.join(", ")
            ),
            range,
        );
        for (i, _) in rejections.iter().take(8) {
            let f = cands[*i].func;
            let sig = self.fn_display(f);
            diag = diag.with_related(
                Some(ItemDef::Function(f)),
                lower::fn_data(self.db, f).name_range,
                format!("candidate: {sig}"),
            );
        }
        self.result.diags.push(diag);
    }

    fn fn_display(&self, f: FunctionId) -> String {
        crate::fn_signature_text(self.db, f)
    }
}

/// Whether two declarations have one signature: a prototype and its definition. Generic
/// parameters are compared by position (`T f<T>(T x);` and `T f<T>(T x) {..}` declare one
/// function, though each `T` belongs to its own declaration).
fn same_signature(db: &dyn Db, a: FunctionId, b: FunctionId) -> bool {
    let (sa, sb) = (fn_sig(db, a), fn_sig(db, b));
    if sa.generic_is_value != sb.generic_is_value || sa.generic_is_pack != sb.generic_is_pack {
        return false;
    }
    // `b`'s generic parameters renamed to `a`'s.
    let rename = |t: &Ty| {
        t.subst(&|p| {
            let i = sb.generics.iter().position(|g| *g == p)?;
            let own = sa.generics.get(i)?.clone();
            Some(if sa.generic_is_value[i] {
                GenericArg::Value(Len::Param(own))
            } else {
                GenericArg::Type(Ty::Param(own))
            })
        })
    };
    sa.ret == rename(&sb.ret)
        && sa.params.len() == sb.params.len()
        && sa
            .params
            .iter()
            .zip(sb.params.iter())
            .all(|(x, y)| x.ty == rename(&y.ty))
}

/// How much type structure a declared parameter type has around its generic parameters: a bare
/// parameter none, `vector<T, 2>` one level, `Box<Box<T>>` two.
fn pattern_shape(ty: &Ty) -> u32 {
    match ty {
        Ty::Param(_) | Ty::Unknown => 0,
        Ty::Vector(e, _) | Ty::Matrix(e, _, _) | Ty::Array(e, _) => 1 + pattern_shape(e),
        Ty::Adt(_, args) => {
            1 + args
                .iter()
                .map(|a| match a {
                    GenericArg::Type(t) => pattern_shape(t),
                    GenericArg::Value(_) => 0,
                })
                .sum::<u32>()
        }
        Ty::Tuple(items) => 1 + items.iter().map(pattern_shape).sum::<u32>(),
        _ => 1,
    }
}

impl InferCtx<'_, '_> {
    /// A non-generic function or a lambda (`arg`) as the `functype` that `param` is, for
    /// inferring the parameter's generic arguments from its signature.
    fn func_value_as_functype(&self, arg: &Ty, param: &Ty) -> Option<Ty> {
        let Ty::Adt(decl, pargs) = param else {
            return None;
        };
        self.func_type_parts(param)?;
        let (params, ret) = match arg {
            Ty::Func(f) => {
                let sig = fn_sig(self.db, *f);
                if !sig.generics.is_empty() {
                    return None;
                }
                (
                    sig.params.iter().map(|p| p.ty.clone()).collect::<Vec<_>>(),
                    sig.ret.clone(),
                )
            }
            Ty::Lambda(l) => (l.params.clone(), l.ret.clone()),
            _ => return None,
        };
        Some(Ty::Adt(
            *decl,
            Arc::from([
                GenericArg::Type(ret),
                pargs.get(1).cloned()?,
                GenericArg::Type(Ty::Pack(params.into())),
            ]),
        ))
    }
}

/// Collects candidate bindings of `generics` by matching a parameter type against an argument.
pub(super) fn unify(
    param: &Ty,
    arg: &Ty,
    generics: &[GenericParamId],
    out: &mut [Vec<GenericArg>],
) {
    let index_of = |p: &GenericParamId| generics.iter().position(|g| g == p);
    let unify_len = |pl: &Len, l: &Len, out: &mut [Vec<GenericArg>]| {
        if let Len::Param(p) = pl
            && let Some(i) = index_of(p)
        {
            out[i].push(GenericArg::Value(l.clone()));
        }
        crate::value_packs::unify_value_packs(pl, l, &index_of, out);
    };
    match (param, arg) {
        (Ty::Param(p), _) => {
            if let Some(i) = index_of(p) {
                out[i].push(GenericArg::Type(arg.clone()));
            }
        }
        (Ty::Vector(pe, pn), Ty::Vector(e, n)) => {
            unify(pe, e, generics, out);
            unify_len(pn, n, out);
        }
        // A scalar argument splats to a vector parameter: it still fixes the element type.
        (Ty::Vector(pe, _), Ty::Scalar(_)) => unify(pe, arg, generics, out),
        (Ty::Matrix(pe, pr, pc), Ty::Matrix(e, r, c)) => {
            unify(pe, e, generics, out);
            unify_len(pr, r, out);
            unify_len(pc, c, out);
        }
        (Ty::Array(pe, pn), Ty::Array(e, n)) => {
            unify(pe, e, generics, out);
            unify_len(pn, n, out);
        }
        (Ty::Adt(pd, pargs), Ty::Adt(d, args)) if pd == d => {
            for (pa, a) in pargs.iter().zip(args.iter()) {
                match (pa, a) {
                    (GenericArg::Type(pt), GenericArg::Type(t)) => unify(pt, t, generics, out),
                    (GenericArg::Value(pl), GenericArg::Value(l)) => unify_len(pl, l, out),
                    _ => {}
                }
            }
        }
        (Ty::Tuple(ps), Ty::Tuple(ts)) => {
            // `Tuple<A, expand each T, B>` against a tuple: the elements between the fixed
            // ones are the pack `T` (one pack of the plain form `expand each T` only).
            let expands: Vec<usize> = (0..ps.len())
                .filter(|&k| matches!(ps[k], Ty::Expand(..)))
                .collect();
            if let [k] = expands[..]
                && let Ty::Expand(pattern, pack) = &ps[k]
                && matches!(&**pattern, Ty::Param(p) if p == pack)
                && ts.len() + 1 >= ps.len()
            {
                let tail = ps.len() - k - 1;
                for (p, t) in ps[..k].iter().zip(ts.iter()) {
                    unify(p, t, generics, out);
                }
                for (p, t) in ps[k + 1..].iter().zip(ts[ts.len() - tail..].iter()) {
                    unify(p, t, generics, out);
                }
                if let Some(i) = index_of(pack) {
                    let items: Arc<[Ty]> = ts[k..ts.len() - tail].iter().cloned().collect();
                    out[i].push(GenericArg::Type(Ty::Pack(items)));
                }
                return;
            }
            for (p, t) in ps.iter().zip(ts.iter()) {
                unify(p, t, generics, out);
            }
        }
        // The parameter lists of two `functype`s, element by element.
        (Ty::Pack(ps), Ty::Pack(ts))
            if ps.len() == ts.len() && !ps.iter().any(|p| matches!(p, Ty::Expand(..))) =>
        {
            for (p, t) in ps.iter().zip(ts.iter()) {
                unify(p, t, generics, out);
            }
        }
        _ => {}
    }
}

/// Binds explicit generic arguments (`f<int, 2>(...)`). A pack (`each T`, `let each D : int`)
/// takes the arguments from its position on: one pack gets them as a pack of types or of values,
/// several packs split them in a way not inferred here.
fn bind_explicit(
    sig: &FnSig,
    explicit: &[GenericArg],
    binds: &mut Vec<(GenericParamId, GenericArg)>,
) {
    let value_pack = (0..sig.generics.len()).any(|i| {
        sig.generic_is_pack.get(i).copied().unwrap_or(false)
            && sig.generic_is_value.get(i).copied().unwrap_or(false)
    });
    let first_pack = sig
        .generic_is_pack
        .iter()
        .position(|p| *p)
        // The arguments reach the pack (`f<int>` for `f<each T>`: a pack of one type); a value
        // pack also when they end right before it (`sum<>()`: an empty pack). Arguments that stop
        // short of the packs (`concat<1>(a, b)` for `concat<let Axis : int, T, let each A : int,
        // let each B : int>`) leave them to inference.
        .filter(|&i| {
            explicit.len() > sig.generics.len()
                || explicit.len() > i
                || (value_pack && explicit.len() == i)
        });
    let Some(first_pack) = first_pack else {
        for (g, a) in sig.generics.iter().zip(explicit.iter()) {
            binds.push((g.clone(), a.clone()));
        }
        return;
    };
    for (g, a) in sig.generics[..first_pack].iter().zip(explicit.iter()) {
        binds.push((g.clone(), a.clone()));
    }
    let packs = sig.generic_is_pack.iter().filter(|p| **p).count();
    let rest = explicit.get(first_pack..).unwrap_or_default();
    // Several packs at the end (`f<let each C : int, let each D : int>`) share the arguments
    // equally, in order.
    let all_packs = (first_pack..sig.generics.len())
        .all(|i| sig.generic_is_pack.get(i).copied().unwrap_or(false));
    // (Explicit arguments that stop short of the packs never get here: inference binds them.)
    let shares = if packs == 1 || all_packs {
        crate::value_packs::split_among_packs(rest, packs)
    } else {
        None
    };
    let mut pack_index = 0;
    for (i, g) in sig.generics.iter().enumerate().skip(first_pack) {
        if !sig.generic_is_pack.get(i).copied().unwrap_or(false) {
            continue;
        }
        let share = shares.as_ref().and_then(|s| s.get(pack_index).copied());
        pack_index += 1;
        let is_value = sig.generic_is_value.get(i).copied().unwrap_or(false);
        let arg = if is_value && let Some(share) = share {
            GenericArg::Value(crate::value_packs::value_pack_of(share.iter().cloned()))
        } else if is_value {
            GenericArg::Value(Len::Unknown)
        } else if let Some(share) = share {
            let items: Vec<Ty> = share
                .iter()
                .map(|a| match a {
                    GenericArg::Type(t) => t.clone(),
                    GenericArg::Value(_) => Ty::Unknown,
                })
                .collect();
            GenericArg::Type(Ty::Pack(items.into()))
        } else {
            GenericArg::Type(Ty::Unknown)
        };
        binds.push((g.clone(), arg));
    }
}

/// A function's `[OverloadRank(n)]`, 0 without one.
fn overload_rank(data: &crate::data::FnData) -> i64 {
    match data.attr("OverloadRank").and_then(|a| a.args.first()) {
        Some(crate::data::AttrArg::Int(n)) => *n,
        Some(crate::data::AttrArg::Other(t) | crate::data::AttrArg::Float(t)) => {
            t.replace(' ', "").parse().unwrap_or(0)
        }
        _ => 0,
    }
}

/// Whether `t` is an argument of several values: a part of a pack (`__trimFirst(values)`
/// expanded), still symbolic.
fn is_pack_query_args(t: &Ty) -> bool {
    matches!(t, Ty::PackQuery(op, args) if op.yields_pack() && !args.is_empty())
}
