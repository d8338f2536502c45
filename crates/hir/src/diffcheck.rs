//! Differentiability checks (E3xxx), per function: calls that would drop derivatives, stores into
//! `no_diff` locations, `fwd_diff`/`bwd_diff` of functions that have no derivative, loops without
//! an iteration bound in reverse-mode code, recursion, and `no_diff` on something that is not a
//! call. Messages start with slangc's wording, then say what to do.
//!
//! "Derivative-carrying" follows the derivative data-flow analysis of the reference
//! (autodiff-types.md): a value carries a derivative when it flows from a differentiable,
//! non-`no_diff` parameter through differentiable operations into a value of a differentiable type.

use std::sync::Arc;

use base_db::Db;
use rustc_hash::FxHashSet;
use smol_str::SmolStr;

use crate::TextRange;
use crate::body::{BinaryOp, Body, DiffKind, Expr, ExprId, LocalId, Stmt, StmtId};
use crate::data::{AttrArg, FnKind, ParamDir};
use crate::diagnostics::Diag;
use crate::ids::{FunctionId, ItemDef};
use crate::infer::{self, ExprRes, InferenceResult, fn_sig};
use crate::lower;
use crate::resolve::{self, Resolver};
use crate::ty::{ScalarKind, Ty};

/// The functions a function's body calls (resolved calls only), for the recursion check.
#[salsa::tracked(returns(clone))]
pub fn fn_callees(db: &dyn Db, func: FunctionId) -> Arc<[FunctionId]> {
    if !lower::fn_data(db, func).has_body {
        return Arc::from([]);
    }
    let body = lower::fn_body(db, func);
    let infer = infer::infer(db, func);
    let mut out: Vec<FunctionId> = body
        .exprs
        .iter()
        .filter(|(_, e)| matches!(e, Expr::Call { .. }))
        .filter_map(|(id, _)| match infer.resolutions.get(&id) {
            Some(ExprRes::Function(f)) => Some(*f),
            _ => None,
        })
        .collect();
    let mut seen = FxHashSet::default();
    out.retain(|f| seen.insert(*f));
    out.into()
}

/// Whether `func` can be differentiated in mode `kind`: by attribute, by a custom derivative named
/// on it, or by a `[...DerivativeOf(func)]` function in its own file.
#[salsa::tracked(returns(copy))]
pub fn is_differentiable_as(db: &dyn Db, func: FunctionId, kind: DiffKind) -> bool {
    let data = lower::fn_data(db, func);
    let by_attr = data.attrs.iter().any(|a| match a.name.as_str() {
        // A primal substitute is differentiated in place of the function.
        "Differentiable"
        | "BackwardDifferentiable"
        | "TreatAsDifferentiable"
        | "PrimalSubstitute" => true,
        "ForwardDifferentiable" => kind == DiffKind::Forward,
        "BackwardDerivative" => kind == DiffKind::Backward,
        "ForwardDerivative" => kind == DiffKind::Forward,
        _ => false,
    });
    by_attr
        || is_differential_requirement(db, func)
        || derivative_of_targets(db, func.loc(db).file, kind)
            .iter()
            .any(|n| *n == data.name)
}

/// `IDifferentiable`'s `dzero` and `dadd` requirements: the core module declares them
/// differentiable (linear in the differentials), so generic code may call `T.dadd(a, b)` in a
/// differentiable function.
fn is_differential_requirement(db: &dyn Db, func: FunctionId) -> bool {
    let loc = func.loc(db);
    loc.file.kind(db) == crate::FileKind::Stdlib
        && loc.parent().is_some_and(|p| p.name() == "IDifferentiable")
        && matches!(lower::fn_data(db, func).name.as_str(), "dzero" | "dadd")
}

/// Names of the functions given a custom derivative by `[ForwardDerivativeOf(f)]` /
/// `[BackwardDerivativeOf(f)]` in a file (matched by name: overloads share their derivatives'
/// attribute targets in practice, and a name match never produces a false error).
#[salsa::tracked(returns(clone))]
pub fn derivative_of_targets(
    db: &dyn Db,
    file: base_db::SourceFile,
    kind: DiffKind,
) -> Arc<[SmolStr]> {
    let attr_name = match kind {
        DiffKind::Forward => "ForwardDerivativeOf",
        DiffKind::Backward => "BackwardDerivativeOf",
    };
    let mut out = Vec::new();
    for def in crate::file_items(db, file) {
        let ItemDef::Function(f) = def else { continue };
        let data = lower::fn_data(db, f);
        let targets = data.attrs.iter().filter(|a| {
            a.name == attr_name
                    || a.name == "PrimalSubstituteOf"
                    // `__func_extension __apply(f)` gives `f` a backward pass.
                    || (a.name == "ApplyOf" && kind == DiffKind::Backward)
        });
        for attr in targets {
            if let Some(AttrArg::Path(p)) = attr.args.first()
                && let Some(last) = p.segments.last()
            {
                out.push(last.name.clone());
            }
        }
    }
    out.sort();
    out.dedup();
    out.into()
}

/// The differentiability diagnostics of one function (ranges relative to it).
#[salsa::tracked(returns(clone))]
pub fn diff_diagnostics(db: &dyn Db, func: FunctionId) -> Arc<[Diag]> {
    let data = lower::fn_data(db, func);
    if !data.has_body {
        return Arc::from([]);
    }
    let body = lower::fn_body(db, func);
    let infer = infer::infer(db, func);
    let mut diags = Vec::new();
    check_no_diff_usage(&body, &mut diags);
    check_diff_operands(db, &body, &infer, &mut diags);
    check_custom_derivatives(db, func, &mut diags);
    let mode = if data
        .attrs
        .iter()
        .any(|a| matches!(a.name.as_str(), "Differentiable" | "BackwardDifferentiable"))
    {
        Some(DiffKind::Backward)
    } else if data.attr("ForwardDifferentiable").is_some() {
        Some(DiffKind::Forward)
    } else {
        None
    };
    if let Some(mode) = mode {
        check_ptr_params(db, func, &mut diags);
        let flow = DerivFlow::compute(db, func, &body, &infer);
        check_calls(db, &body, &infer, &flow, mode, &mut diags);
        check_subscript_reads(db, &body, &infer, &flow, mode, &mut diags);
        check_no_diff_stores(db, &body, &infer, &flow, &mut diags);
        check_loops(db, &body, &infer, &mut diags);
    }
    diags.into()
}

/// `IDifferentiablePtrType` values can only be inputs of a differentiable function (user guide:
/// not `out`/`inout` parameters, not the return type).
/// "forward" or "backward", as slangc's E41022 message names the derivative.
fn mode_word(mode: DiffKind) -> &'static str {
    match mode {
        DiffKind::Forward => "forward",
        DiffKind::Backward => "backward",
    }
}

fn check_ptr_params(db: &dyn Db, func: FunctionId, diags: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    // A user-written derivative states its own signature (`DifferentialPtrPair<This>
    // fwd_getOffset(...)` for a method returning a location): nothing is synthesised, so the
    // restriction on synthesised derivatives does not apply.
    let custom = data
        .attrs
        .iter()
        .any(|a| matches!(a.name.as_str(), "ForwardDerivative" | "BackwardDerivative"));
    if custom {
        return;
    }
    let sig = fn_sig(db, func);
    let file = func.loc(db).file;
    for (param, p) in data.params.iter().zip(sig.params.iter()) {
        if p.dir != ParamDir::In && !p.no_diff && infer::is_ptr_differentiable(db, file, &p.ty) {
            diags.push(Diag::error(
                "E3111",
                format!(
                    "`{}` is an IDifferentiablePtrType: a differentiable function can only take it as an `in` parameter; drop `{}` or mark the parameter `no_diff`",
                    crate::display_ty(db, &p.ty),
                    dir_keyword(p.dir)
                ),
                param.range,
            ));
        }
    }
    if !data.modifiers.no_diff && infer::is_ptr_differentiable(db, file, &sig.ret) {
        diags.push(Diag::error(
            "E3111",
            format!(
                "`{}` is an IDifferentiablePtrType: a differentiable function cannot return it; return a value type or mark the return `no_diff`",
                crate::display_ty(db, &sig.ret)
            ),
            data.ret_range.unwrap_or(data.name_range),
        ));
    }
}

fn dir_keyword(dir: ParamDir) -> &'static str {
    match dir {
        ParamDir::In => "in",
        ParamDir::Out => "out",
        ParamDir::InOut => "inout",
        ParamDir::Ref => "ref",
    }
}

/// `[ForwardDerivative(d)]` / `[BackwardDerivative(d)]` on `func`, and `[...DerivativeOf(p)]` on
/// `func` as the derivative of `p`: the derivative's signature must be the one the derivative
/// rules give (slangc E31149 for parameters, E38106 for the return type).
pub(crate) fn check_custom_derivatives(db: &dyn Db, func: FunctionId, diags: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    let resolver = Resolver::for_item(db, func.loc(db));
    for attr in &data.attrs {
        let (kind, of) = match attr.name.as_str() {
            "ForwardDerivative" => (DiffKind::Forward, false),
            "BackwardDerivative" => (DiffKind::Backward, false),
            "ForwardDerivativeOf" => (DiffKind::Forward, true),
            "BackwardDerivativeOf" => (DiffKind::Backward, true),
            _ => continue,
        };
        let Some(AttrArg::Path(path)) = attr.args.first() else {
            continue;
        };
        let Some(last) = path.segments.last() else {
            continue;
        };
        let resolution = resolver.resolve_name(&last.name);
        if resolution.is_none() && path.segments.len() == 1 {
            // slangc resolves the named function as an expression (E30015).
            diags.push(Diag::error(
                "E2001",
                format!(
                    "undefined identifier '{0}'. `{0}` names no function in scope: declare the function this derivative belongs to, or check the spelling",
                    last.name
                ),
                last.range,
            ));
            continue;
        }
        let named = match resolution {
            Some(resolve::Resolution::Functions(fs)) if path.segments.len() == 1 => fs,
            _ => continue,
        };
        // (primal, derivative) pairs to compare; any overload that matches is accepted.
        let pairs: Vec<(FunctionId, FunctionId)> = if of {
            named.iter().map(|p| (*p, func)).collect()
        } else {
            named.iter().map(|d| (func, *d)).collect()
        };
        let mut first_mismatch = None;
        let mut matched = false;
        for (primal, derivative) in pairs {
            if !fn_sig(db, primal).generics.is_empty()
                || !fn_sig(db, derivative).generics.is_empty()
            {
                matched = true;
                break;
            }
            let Some(expected) = infer::derivative_sig(db, primal, kind) else {
                matched = true;
                break;
            };
            match derivative_mismatch(db, func, &expected, derivative) {
                None => {
                    matched = true;
                    break;
                }
                Some(m) => {
                    first_mismatch.get_or_insert((primal, derivative, m));
                }
            }
        }
        if matched {
            continue;
        }
        let Some((primal, derivative, mismatch)) = first_mismatch else {
            continue;
        };
        let expected_text = crate::derivative_signature_text(db, primal, kind).unwrap_or_default();
        let attr_name = TextRange::new(
            attr.range.start + 1,
            attr.range.start + 1 + attr.name.len() as u32,
        );
        let attr_name = if attr.range.len() > attr.name.len() as u32 {
            attr_name
        } else {
            attr.range
        };
        let diag = match mismatch {
            Mismatch::Return { expected, got } if !of => Diag::error(
                "E3108",
                format!(
                    "member '{}' return type '{got}' does not match interface requirement return type '{expected}'. The derivative must have the signature `{expected_text}`",
                    lower::fn_data(db, derivative).name
                ),
                lower::fn_data(db, derivative).name_range,
            )
            .in_item(ItemDef::Function(derivative)),
            Mismatch::Return { expected, got } => Diag::error(
                "E3108",
                format!(
                    "invalid custom derivative. return type mismatch. expected '{expected}', got '{got}'. The derivative must have the signature `{expected_text}`"
                ),
                attr_name,
            ),
            Mismatch::Param { index, expected, got } => Diag::error(
                "E3108",
                format!(
                    "invalid custom derivative. parameter type mismatch at position {index}. expected '{expected}', got '{got}'. The derivative must have the signature `{expected_text}`"
                ),
                attr_name,
            ),
            Mismatch::Count { expected, got } => Diag::error(
                "E3108",
                format!(
                    "invalid custom derivative. expected {expected} parameters, got {got}. The derivative must have the signature `{expected_text}`"
                ),
                attr_name,
            ),
        };
        diags.push(diag);
    }
}

enum Mismatch {
    Count {
        expected: usize,
        got: usize,
    },
    Param {
        index: usize,
        expected: String,
        got: String,
    },
    Return {
        expected: String,
        got: String,
    },
}

fn derivative_mismatch(
    db: &dyn Db,
    context: FunctionId,
    expected: &crate::FnSig,
    derivative: FunctionId,
) -> Option<Mismatch> {
    let file = context.loc(db).file;
    let got = fn_sig(db, derivative);
    let norm = |t: &Ty| resolve::normalize(db, file, t);
    let symbolic = |t: &Ty| t.has_unknown() || matches!(t, Ty::Assoc(..) | Ty::Param(_) | Ty::This);
    if expected.params.len() != got.params.len() {
        return Some(Mismatch::Count {
            expected: expected.params.len(),
            got: got.params.len(),
        });
    }
    let dir_text = |d: ParamDir| match d {
        ParamDir::In => "",
        ParamDir::Out => "out ",
        ParamDir::InOut => "inout ",
        ParamDir::Ref => "ref ",
    };
    let same_dir = |a: ParamDir, b: ParamDir| {
        a == b
            || matches!(
                (a, b),
                (ParamDir::InOut, ParamDir::Ref) | (ParamDir::Ref, ParamDir::InOut)
            )
    };
    for (index, (e, g)) in expected.params.iter().zip(got.params.iter()).enumerate() {
        let (et, gt) = (norm(&e.ty), norm(&g.ty));
        if symbolic(&et) || symbolic(&gt) {
            continue;
        }
        if et != gt || !same_dir(e.dir, g.dir) {
            return Some(Mismatch::Param {
                index,
                expected: format!("{}{}", dir_text(e.dir), crate::slangc_type_text(db, &et)),
                got: format!("{}{}", dir_text(g.dir), crate::slangc_type_text(db, &gt)),
            });
        }
    }
    let (er, gr) = (norm(&expected.ret), norm(&got.ret));
    if er != gr && !symbolic(&er) && !symbolic(&gr) {
        return Some(Mismatch::Return {
            expected: crate::slangc_type_text(db, &er),
            got: crate::slangc_type_text(db, &gr),
        });
    }
    None
}

/// `no_diff` decorates calls and subscripts only (slangc E38031).
fn check_no_diff_usage(body: &Body, diags: &mut Vec<Diag>) {
    for (id, expr) in body.exprs.iter() {
        if let Expr::NoDiff(inner) = expr
            && !matches!(
                body.exprs[*inner],
                Expr::Call { .. } | Expr::Index { .. } | Expr::Missing
            )
        {
            diags.push(Diag::error(
                "E3105",
                "'no_diff' can only be used to decorate a call or a subscript operation: write `no_diff f(x)`, or use `detach(x)` to drop the derivative of a value",
                start_of(body.expr_range(id)),
            ));
        }
    }
}

/// `fwd_diff(f)` / `bwd_diff(f)` of a function that has no such derivative (slangc E30027).
fn check_diff_operands(db: &dyn Db, body: &Body, infer: &InferenceResult, diags: &mut Vec<Diag>) {
    for (id, expr) in body.exprs.iter() {
        let Expr::Diff { kind, func } = expr else {
            continue;
        };
        let target = match &body.exprs[*func] {
            Expr::GenericApply { base, .. } => *base,
            _ => *func,
        };
        let Some(ExprRes::Function(f)) = infer.resolutions.get(&target) else {
            continue;
        };
        if is_differentiable_as(db, *f, *kind) {
            continue;
        }
        let (op, attr) = match kind {
            DiffKind::Forward => ("fwd_diff", "[ForwardDifferentiable] or [Differentiable]"),
            DiffKind::Backward => ("bwd_diff", "[Differentiable]"),
        };
        let name = lower::fn_data(db, *f).name.clone();
        diags.push(Diag::error(
            "E3106",
            format!("'{op}' is not a member of '{name}'. Mark `{name}` {attr}, or give it a custom derivative"),
            start_of(body.expr_range(id)),
        ));
    }
}

/// The calls in `func` that close a cycle of direct or mutual recursion (E55201, ranges relative to
/// `func`). Not a front-end error: slangc's front end accepts recursion, and its backends refuse
/// it for targets without a call stack (E55201), as dslang's lowering does with these.
pub fn recursive_calls(db: &dyn Db, func: FunctionId) -> Vec<Diag> {
    let mut diags = Vec::new();
    if lower::fn_data(db, func).has_body {
        let body = lower::fn_body(db, func);
        let infer = infer::infer(db, func);
        check_recursion(db, func, &body, &infer, &mut diags);
    }
    diags
}

/// Every call that closes a recursion among the functions reachable from `entry` (in source
/// order of the functions holding them, each with its function): what a backend for a target
/// without a call stack refuses, all at once as slangc's do.
pub fn recursion_from(db: &dyn Db, entry: FunctionId) -> Vec<(FunctionId, Diag)> {
    let mut seen = FxHashSet::default();
    let mut reachable = Vec::new();
    let mut stack = vec![entry];
    while let Some(f) = stack.pop() {
        if seen.insert(f) {
            reachable.push(f);
            stack.extend(fn_callees(db, f).iter().copied());
        }
    }
    reachable.sort_by_key(|f| {
        let (file, range) = crate::item_full_range(db, ItemDef::Function(*f));
        (file.path(db).to_string(), range.start)
    });
    reachable
        .into_iter()
        .flat_map(|f| recursive_calls(db, f).into_iter().map(move |d| (f, d)))
        .collect()
}

/// Direct or mutual recursion (slangc E55201: GPU targets have no call stack).
fn check_recursion(
    db: &dyn Db,
    func: FunctionId,
    body: &Body,
    infer: &InferenceResult,
    diags: &mut Vec<Diag>,
) {
    for (id, expr) in body.exprs.iter() {
        if !matches!(expr, Expr::Call { .. }) {
            continue;
        }
        let Some(ExprRes::Function(callee)) = infer.resolutions.get(&id) else {
            continue;
        };
        if reaches(db, *callee, func) && reports_cycle(db, func, *callee) {
            let name = lower::fn_data(db, *callee).name.clone();
            diags.push(Diag::error(
                "E55201",
                format!("recursion detected in call to '{name}', but the current code generation target does not allow recursion. WGSL and SPIR-V shaders have no call stack: rewrite it as a loop (with [MaxIters(n)] in differentiable code)"),
                body.anchor(id),
            ));
        }
    }
}

/// A cycle of mutually recursive functions is reported once (as slangc does): in the function of
/// the cycle that comes first in its file, at its call that leads back into the cycle.
fn reports_cycle(db: &dyn Db, func: FunctionId, callee: FunctionId) -> bool {
    if callee == func {
        return true;
    }
    let position = |f: FunctionId| {
        let (file, range) = crate::item_full_range(db, ItemDef::Function(f));
        (file, range.start)
    };
    let here = position(func);
    let mut seen = FxHashSet::default();
    let mut stack = vec![callee];
    while let Some(f) = stack.pop() {
        if f == func || !seen.insert(f) {
            continue;
        }
        if reaches(db, f, func) && position(f).1 < here.1 && position(f).0 == here.0 {
            return false;
        }
        stack.extend(fn_callees(db, f).iter().copied());
    }
    true
}

/// Whether `from` calls `to`, directly or through other functions.
fn reaches(db: &dyn Db, from: FunctionId, to: FunctionId) -> bool {
    let mut seen = FxHashSet::default();
    let mut stack = vec![from];
    while let Some(f) = stack.pop() {
        if f == to {
            return true;
        }
        if seen.insert(f) {
            stack.extend(fn_callees(db, f).iter().copied());
        }
    }
    false
}

/// The expressions written inside `no_diff(...)`.
fn no_diff_operands(body: &Body) -> FxHashSet<ExprId> {
    body.exprs
        .iter()
        .filter_map(|(_, e)| match e {
            Expr::NoDiff(inner) => Some(*inner),
            _ => None,
        })
        .collect()
}

/// A call from differentiable code to a non-differentiable function that receives a
/// derivative-carrying value, without `no_diff` (slangc E41022).
fn check_calls(
    db: &dyn Db,
    body: &Body,
    infer: &InferenceResult,
    flow: &DerivFlow,
    mode: DiffKind,
    diags: &mut Vec<Diag>,
) {
    let decorated = no_diff_operands(body);
    let tests_only = calls_used_only_in_tests(body, infer);
    for (id, expr) in body.exprs.iter() {
        let Expr::Call { callee, args } = expr else {
            continue;
        };
        if decorated.contains(&id) {
            continue;
        }
        if let Expr::Diff {
            kind: DiffKind::Backward,
            ..
        } = body.exprs[*callee]
        {
            // slangc E38037: backward derivatives are not differentiable themselves.
            diags.push(Diag::error(
                "E3107",
                "cannot differentiate the result of a backward-derivative call: the code produced by 'bwd_diff' is not itself differentiable, so a function that calls 'bwd_diff' cannot be differentiated; for higher-order derivatives, nest 'fwd_diff' calls or apply a single 'bwd_diff' to a function that uses 'fwd_diff'. Or call it as `no_diff bwd_diff(f)(...)` if its result needs no derivative",
                body.anchor(id),
            ));
            continue;
        }
        if matches!(body.exprs[*callee], Expr::Diff { .. }) {
            continue;
        }
        let Some(ExprRes::Function(f)) = infer.resolutions.get(&id) else {
            // A lambda's `operator()` is never differentiable (slangc E41022).
            if matches!(infer.expr_ty(*callee), Ty::Lambda(_))
                && flow.is_diff_ty(&infer.expr_ty(id))
                && args.iter().any(|a| flow.carries(*a))
            {
                let which = mode_word(mode);
                diags.push(Diag::error(
                    "E3101",
                    format!(
                        "derivative cannot be propagated through call to non-{which}-differentiable function `{}`, use 'no_diff' to clarify intention. Lambdas are not differentiable: write `no_diff` before the call, or make it a [Differentiable] function",
                        callee_text(body, *callee)
                    ),
                    body.anchor(id),
                ));
            }
            continue;
        };
        if is_differentiable_as(db, *f, mode) || is_pair_or_detach(db, *f) {
            continue;
        }
        // slangc only objects when the call's result could carry a derivative: a test returning
        // bool or int (`isfinite(x)`, a hit test) or a void call needs no `no_diff`.
        if !flow.is_diff_ty(&infer.expr_ty(id)) || tests_only.contains(&id) {
            continue;
        }
        let this_carries = match &body.exprs[*callee] {
            Expr::Field { base, .. } => flow.carries(*base),
            _ => false,
        };
        if !this_carries && !args.iter().any(|a| flow.carries(*a)) {
            continue;
        }
        let name = callable_name(db, *f);
        let which = mode_word(mode);
        diags.push(Diag::error(
            "E3101",
            format!(
                "derivative cannot be propagated through call to non-{which}-differentiable function `{name}`, use 'no_diff' to clarify intention. Mark it [Differentiable], or write `no_diff {short}(...)` if its derivative is not wanted",
                short = lower::fn_data(db, *f).name
            ),
            body.anchor(id),
        ));
    }
}

/// `s[i]` through a user-declared `__subscript` whose `get` is not differentiable, reading a
/// value that carries a derivative: slangc's E41022, as for a call of the getter.
fn check_subscript_reads(
    db: &dyn Db,
    body: &Body,
    infer: &InferenceResult,
    flow: &DerivFlow,
    mode: DiffKind,
    diags: &mut Vec<Diag>,
) {
    let decorated = no_diff_operands(body);
    for (id, expr) in body.exprs.iter() {
        let Expr::Index { base, index } = expr else {
            continue;
        };
        if decorated.contains(&id)
            || !flow.is_diff_ty(&infer.expr_ty(id))
            || !(flow.carries(*base) || flow.carries(*index))
        {
            continue;
        }
        let base_ty = infer.expr_ty(*base);
        let Ty::Adt(decl, _) = &base_ty else { continue };
        let file = decl.loc(db).file;
        if file.kind(db) == crate::FileKind::Stdlib {
            continue;
        }
        let getters: Vec<FunctionId> =
            crate::resolve::lookup_member_items(db, file, &base_ty, "__subscript")
                .into_iter()
                .filter_map(|d| match d {
                    ItemDef::Subscript(s) => Some(lower::subscript_data(db, s).getter),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default();
        if getters.is_empty()
            || getters
                .iter()
                .any(|g| is_differentiable_as(db, *g, mode) || g.loc(db).file != file)
        {
            continue;
        }
        let which = mode_word(mode);
        diags.push(Diag::error(
            "E3101",
            format!(
                "derivative cannot be propagated through call to non-{which}-differentiable function `{}.__subscript.get`, use 'no_diff' to clarify intention. Mark the accessor [Differentiable], or write `no_diff` before the read if its derivative is not wanted",
                decl.loc(db).name()
            ),
            body.anchor(id),
        ));
    }
}

/// The callee as written, for messages (`f`, `s.f`), or `lambda` for other expressions.
fn callee_text(body: &Body, callee: ExprId) -> String {
    match &body.exprs[callee] {
        Expr::Path(p) => p.last_name().to_string(),
        Expr::Field { name, .. } => name.to_string(),
        _ => "lambda".to_string(),
    }
}

/// Calls whose float result only feeds comparisons or logic (`if (g(x) > 0.0)`, or a local
/// initialised by the call and read only there): their derivative is not needed, and slangc
/// accepts them without `no_diff`.
fn calls_used_only_in_tests(body: &Body, infer: &InferenceResult) -> FxHashSet<ExprId> {
    let mut tested: FxHashSet<ExprId> = FxHashSet::default();
    let mut other_uses: FxHashSet<ExprId> = FxHashSet::default();
    for (_, expr) in body.exprs.iter() {
        match expr {
            Expr::Binary { op, lhs, rhs }
                if op.is_comparison() || matches!(op, BinaryOp::And | BinaryOp::Or) =>
            {
                tested.extend([*lhs, *rhs]);
            }
            _ => other_uses.extend(expr_children(expr)),
        }
    }
    let local_of = |e: ExprId| match (&body.exprs[e], infer.resolutions.get(&e)) {
        (Expr::Path(_), Some(ExprRes::Local(l))) => Some(*l),
        _ => None,
    };
    // Locals read somewhere other than a test (or assigned after their declaration).
    let mut locals_needed: FxHashSet<LocalId> =
        other_uses.iter().filter_map(|e| local_of(*e)).collect();
    for (_, stmt) in body.stmts.iter() {
        let direct: Vec<ExprId> = match stmt {
            Stmt::Local { init: Some(e), .. }
            | Stmt::Expr(e)
            | Stmt::Return(Some(e))
            | Stmt::If { cond: e, .. }
            | Stmt::IfLet { init: e, .. }
            | Stmt::While { cond: e, .. }
            | Stmt::DoWhile { cond: e, .. } => vec![*e],
            Stmt::For { cond, step, .. } => cond.iter().chain(step.iter()).copied().collect(),
            Stmt::Switch { scrutinee, .. } => vec![*scrutinee],
            _ => Vec::new(),
        };
        locals_needed.extend(direct.into_iter().filter_map(local_of));
    }
    let mut only_tests: FxHashSet<ExprId> = tested
        .iter()
        .filter(|e| matches!(body.exprs[**e], Expr::Call { .. }))
        .copied()
        .collect();
    for (_, stmt) in body.stmts.iter() {
        if let Stmt::Local {
            local,
            init: Some(e),
        } = stmt
            && matches!(body.exprs[*e], Expr::Call { .. })
            && !locals_needed.contains(local)
        {
            only_tests.insert(*e);
        }
    }
    only_tests
}

fn expr_children(expr: &Expr) -> Vec<ExprId> {
    match expr {
        Expr::Field { base, .. } | Expr::GenericApply { base, .. } => vec![*base],
        Expr::Index { base, index } => vec![*base, *index],
        Expr::Call { callee, args } => std::iter::once(*callee)
            .chain(args.iter().copied())
            .collect(),
        Expr::Binary { lhs, rhs, .. } | Expr::Assign { lhs, rhs, .. } => vec![*lhs, *rhs],
        Expr::Prefix { expr, .. }
        | Expr::Postfix { expr, .. }
        | Expr::Cast { expr, .. }
        | Expr::NoDiff(expr)
        | Expr::Is { expr, .. }
        | Expr::As { expr, .. }
        | Expr::CountOf(expr)
        | Expr::Expand(expr)
        | Expr::Each(expr)
        | Expr::Try(expr)
        | Expr::SizeOf {
            expr: Some(expr), ..
        } => vec![*expr],
        Expr::Ternary {
            cond,
            then_branch,
            else_branch,
        } => vec![*cond, *then_branch, *else_branch],
        Expr::InitList(items) => items.clone(),
        Expr::Diff { func, .. } => vec![*func],
        Expr::Block { value, .. } => value.iter().copied().collect(),
        // A lambda's body runs when it is called (in its own `operator()`), not here.
        Expr::Missing
        | Expr::Literal(_)
        | Expr::Path(_)
        | Expr::This
        | Expr::SizeOf { expr: None, .. }
        | Expr::Lambda { .. } => Vec::new(),
    }
}

/// A derivative-carrying value written into a `no_diff` field or parameter, or a field of a struct
/// that is not differentiable, without `detach` (slangc E41031).
fn check_no_diff_stores(
    db: &dyn Db,
    body: &Body,
    infer: &InferenceResult,
    flow: &DerivFlow,
    diags: &mut Vec<Diag>,
) {
    for (id, expr) in body.exprs.iter() {
        let Expr::Assign { lhs, rhs, .. } = expr else {
            continue;
        };
        if !flow.carries(*rhs) || !is_no_diff_location(db, body, infer, flow, *lhs) {
            continue;
        }
        diags.push(Diag::error(
            "E3102",
            "derivative is lost during assignment to non-differentiable location, use 'detach()' to clarify intention. Write `detach(value)` on the right-hand side, or remove `no_diff` from the destination",
            body.anchor(id),
        ));
    }
}

fn is_no_diff_location(
    db: &dyn Db,
    body: &Body,
    infer: &InferenceResult,
    flow: &DerivFlow,
    lhs: ExprId,
) -> bool {
    match &body.exprs[lhs] {
        Expr::Field { base, .. } => match infer.resolutions.get(&lhs) {
            Some(ExprRes::Field(decl, idx)) => {
                let decl_data = lower::type_decl_data(db, *decl);
                // A field of a struct that is not `IDifferentiable` has no derivative either.
                let base_ty = infer.expr_ty(*base);
                let plain_struct = matches!(base_ty, Ty::Adt(..))
                    && !base_ty.has_unknown()
                    && !flow.is_diff_ty(&base_ty);
                plain_struct
                    || decl_data
                        .fields
                        .get(*idx as usize)
                        .is_some_and(|f| f.modifiers.no_diff)
                    || is_no_diff_location(db, body, infer, flow, *base)
            }
            _ => is_no_diff_location(db, body, infer, flow, *base),
        },
        Expr::Index { base, .. } => is_no_diff_location(db, body, infer, flow, *base),
        Expr::Path(_) => matches!(
            infer.resolutions.get(&lhs),
            Some(ExprRes::Param(i)) if flow.no_diff_params.contains(&(*i as usize))
        ),
        _ => false,
    }
}

/// A loop in differentiable code (either mode, as slangc requires) needs an iteration bound
/// unless its trip count is evident (slangc E30510).
fn check_loops(db: &dyn Db, body: &Body, infer: &InferenceResult, diags: &mut Vec<Diag>) {
    for (id, stmt) in body.stmts.iter() {
        let (attrs, for_parts) = match stmt {
            Stmt::For {
                init,
                cond,
                step,
                attrs,
                ..
            } => (attrs, Some((*init, *cond, *step))),
            Stmt::While { attrs, .. } | Stmt::DoWhile { attrs, .. } => (attrs, None),
            _ => continue,
        };
        if attrs
            .iter()
            .any(|a| matches!(a.name.as_str(), "MaxIters" | "ForceUnroll" | "unroll"))
        {
            continue;
        }
        if let Some((init, cond, step)) = for_parts
            && counted_loop(db, body, infer, init, cond, step)
        {
            continue;
        }
        diags.push(Diag::error(
            "E3103",
            "loops inside a differentiable function need to provide either '[MaxIters(n)]' or '[ForceUnroll]' attribute. Add `[MaxIters(n)]` with an upper bound on the iterations before the loop",
            start_of(body.stmt_range(id)),
        ));
    }
}

/// `for (int i = <const>; i <op> <literal or name>; i++/i--/i += <const>)`: slangc infers the trip
/// count of such loops.
fn counted_loop(
    db: &dyn Db,
    body: &Body,
    infer: &InferenceResult,
    init: Option<StmtId>,
    cond: Option<ExprId>,
    step: Option<ExprId>,
) -> bool {
    let (Some(init), Some(cond), Some(step)) = (init, cond, step) else {
        return false;
    };
    let counter: Option<SmolStr> = match &body.stmts[init] {
        Stmt::Local {
            local,
            init: Some(v),
        } if is_constant(db, body, infer, *v) => Some(body.locals[*local].name.clone()),
        Stmt::Expr(e) => match &body.exprs[*e] {
            Expr::Assign {
                op: None, lhs, rhs, ..
            } if is_constant(db, body, infer, *rhs) => path_name(body, *lhs),
            _ => None,
        },
        _ => None,
    };
    let Some(counter) = counter else {
        return false;
    };
    let cond_ok = match &body.exprs[cond] {
        Expr::Binary { op, lhs, rhs } if op.is_comparison() => {
            (path_name(body, *lhs).as_ref() == Some(&counter) && is_constant(db, body, infer, *rhs))
                || (path_name(body, *rhs).as_ref() == Some(&counter)
                    && is_constant(db, body, infer, *lhs))
        }
        _ => false,
    };
    let step_ok = match &body.exprs[step] {
        Expr::Prefix { expr, .. } | Expr::Postfix { expr, .. } => {
            path_name(body, *expr).as_ref() == Some(&counter)
        }
        Expr::Assign {
            op: Some(BinaryOp::Add | BinaryOp::Sub),
            lhs,
            rhs,
        } => path_name(body, *lhs).as_ref() == Some(&counter) && is_constant(db, body, infer, *rhs),
        _ => false,
    };
    cond_ok && step_ok
}

/// Literals, `const` globals and generic value parameters (values known when compiling).
fn is_constant(db: &dyn Db, body: &Body, infer: &InferenceResult, e: ExprId) -> bool {
    match &body.exprs[e] {
        Expr::Literal(_) => true,
        Expr::Prefix { expr, .. } => is_constant(db, body, infer, *expr),
        Expr::Binary { lhs, rhs, .. } => {
            is_constant(db, body, infer, *lhs) && is_constant(db, body, infer, *rhs)
        }
        Expr::Path(_) => match infer.resolutions.get(&e) {
            Some(ExprRes::Local(_) | ExprRes::Param(_)) => false,
            Some(ExprRes::Global(g)) => {
                let data = lower::global_data(db, *g);
                data.modifiers.is_const || data.is_let
            }
            _ => true,
        },
        _ => false,
    }
}

fn path_name(body: &Body, e: ExprId) -> Option<SmolStr> {
    match &body.exprs[e] {
        Expr::Path(p) if p.segments.len() == 1 => Some(p.segments[0].name.clone()),
        _ => None,
    }
}

/// `detach(x)` drops the derivative; `diffPair(p, d)` builds a pair for a nested derivative call.
/// A user function with a hand-written derivative that is not `[__readNone]`: its derivative
/// may read buffers or textures, so its result carries a derivative even when no argument does
/// (slangc assumes so too).
fn user_derivative_reads_memory(db: &dyn Db, f: FunctionId) -> bool {
    if lower::item_def_file(db, crate::ids::ItemDef::Function(f)).kind(db)
        == base_db::FileKind::Stdlib
    {
        return false;
    }
    let data = lower::fn_data(db, f);
    data.attr("__readNone").is_none()
        && data
            .attrs
            .iter()
            .any(|a| matches!(a.name.as_str(), "ForwardDerivative" | "BackwardDerivative"))
}

fn is_pair_or_detach(db: &dyn Db, f: FunctionId) -> bool {
    let loc = f.loc(db);
    loc.file.path(db).starts_with("stdlib/")
        && (matches!(lower::fn_data(db, f).name.as_str(), "detach" | "diffPair")
            // `DifferentialPair`'s constructor and accessors: structural, so differentiable in
            // any order (higher-order code builds and reads pairs of pairs).
            || loc.parent().is_some_and(|p| p.name() == "DifferentialPair"))
}

/// `tonemap`, or `Sample.$init` for a constructor (slangc's spelling).
fn callable_name(db: &dyn Db, f: FunctionId) -> String {
    let data = lower::fn_data(db, f);
    let owner = || {
        Resolver::for_item(db, f.loc(db))
            .self_ctx
            .map(|s| crate::display_ty(db, &s.ty))
    };
    match data.kind {
        FnKind::Init => format!("{}.$init", owner().unwrap_or_default()),
        _ => data.name.to_string(),
    }
}

fn start_of(range: TextRange) -> TextRange {
    TextRange::new(range.start, range.start + 1)
}

/// The derivative data flow of one function body (flow-insensitive: a local carries a derivative
/// if any assignment to it does).
struct DerivFlow<'a> {
    db: &'a dyn Db,
    func: FunctionId,
    body: &'a Body,
    infer: &'a InferenceResult,
    carrying_params: FxHashSet<usize>,
    no_diff_params: FxHashSet<usize>,
    carrying_locals: FxHashSet<LocalId>,
    this_carries: bool,
    differentiable: Option<Ty>,
}

impl<'a> DerivFlow<'a> {
    fn compute(
        db: &'a dyn Db,
        func: FunctionId,
        body: &'a Body,
        infer: &'a InferenceResult,
    ) -> DerivFlow<'a> {
        let file = func.loc(db).file;
        let sig = fn_sig(db, func);
        let data = lower::fn_data(db, func);
        let mut flow = DerivFlow {
            db,
            func,
            body,
            infer,
            carrying_params: FxHashSet::default(),
            no_diff_params: FxHashSet::default(),
            carrying_locals: FxHashSet::default(),
            this_carries: false,
            differentiable: resolve::stdlib_interface(db, file, "IDifferentiable"),
        };
        for (i, p) in sig.params.iter().enumerate() {
            if p.no_diff {
                flow.no_diff_params.insert(i);
            } else if p.dir != ParamDir::Out && flow.is_diff_ty(&p.ty) {
                flow.carrying_params.insert(i);
            }
        }
        flow.this_carries = sig.is_member
            && !sig.is_static
            && data.attr("NoDiffThis").is_none()
            && Resolver::for_item(db, func.loc(db))
                .self_ctx
                .is_some_and(|s| flow.is_diff_ty(&s.ty));
        // Propagate through assignments until nothing changes (each round adds a local).
        loop {
            let mut added = Vec::new();
            for (_, stmt) in body.stmts.iter() {
                if let Stmt::Local {
                    local,
                    init: Some(v),
                } = stmt
                    && !flow.carrying_locals.contains(local)
                    && flow.carries(*v)
                {
                    added.push(*local);
                }
            }
            for (_, expr) in body.exprs.iter() {
                match expr {
                    Expr::Assign { lhs, rhs, .. } if flow.carries(*rhs) => {
                        added.extend(flow.root_local(*lhs));
                    }
                    // `inout`/`out` arguments of a differentiable call receive derivatives.
                    Expr::Call { args, .. } if args.iter().any(|a| flow.carries(*a)) => {
                        added.extend(args.iter().filter_map(|a| flow.root_local(*a)));
                    }
                    _ => {}
                }
            }
            added.retain(|l| {
                !flow.carrying_locals.contains(l) && flow.is_diff_ty(&infer.local_ty(*l))
            });
            if added.is_empty() {
                break;
            }
            flow.carrying_locals.extend(added);
        }
        flow
    }

    fn is_diff_ty(&self, ty: &Ty) -> bool {
        let Some(iface) = &self.differentiable else {
            return false;
        };
        match ty {
            Ty::Scalar(k) => matches!(k, ScalarKind::Float | ScalarKind::Half | ScalarKind::Double),
            Ty::Unknown | Ty::Void | Ty::String | Ty::Func(_) | Ty::Lambda(_) => false,
            _ => {
                !ty.has_unknown()
                    && resolve::implements(self.db, self.func.loc(self.db).file, ty, iface)
            }
        }
    }

    fn root_local(&self, e: ExprId) -> Option<LocalId> {
        match &self.body.exprs[e] {
            Expr::Field { base, .. } | Expr::Index { base, .. } => self.root_local(*base),
            Expr::Path(_) => match self.infer.resolutions.get(&e) {
                Some(ExprRes::Local(l)) => Some(*l),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether the value of `e` carries a derivative.
    fn carries(&self, e: ExprId) -> bool {
        let body = self.body;
        let typed = || self.is_diff_ty(&self.infer.expr_ty(e));
        match &body.exprs[e] {
            Expr::Path(_) => match self.infer.resolutions.get(&e) {
                Some(ExprRes::Local(l)) => self.carrying_locals.contains(l),
                Some(ExprRes::Param(i)) => self.carrying_params.contains(&(*i as usize)),
                _ => false,
            },
            Expr::This => self.this_carries,
            // Like slangc, a read of a `no_diff` field of a derivative-carrying value carries.
            Expr::Field { base, .. } => self.carries(*base) && typed(),
            Expr::Index { base, .. } => self.carries(*base) && typed(),
            Expr::Call { callee, args } => {
                if matches!(body.exprs[*callee], Expr::Diff { .. }) {
                    return false;
                }
                let inputs = args.iter().any(|a| self.carries(*a))
                    || matches!(&body.exprs[*callee], Expr::Field { base, .. } if self.carries(*base));
                match self.infer.resolutions.get(&e) {
                    Some(ExprRes::Function(f)) => {
                        (inputs || user_derivative_reads_memory(self.db, *f))
                            && !is_pair_or_detach(self.db, *f)
                            && (is_differentiable_as(self.db, *f, DiffKind::Forward)
                                || is_differentiable_as(self.db, *f, DiffKind::Backward))
                            && typed()
                    }
                    _ => inputs && typed(),
                }
            }
            Expr::Binary { op, lhs, rhs } => match op {
                BinaryOp::Comma => self.carries(*rhs),
                op if op.is_comparison() || op.is_bitwise() => false,
                BinaryOp::And | BinaryOp::Or => false,
                _ => (self.carries(*lhs) || self.carries(*rhs)) && typed(),
            },
            Expr::Assign { rhs, .. } => self.carries(*rhs),
            Expr::Prefix { expr, .. } | Expr::Postfix { expr, .. } | Expr::Cast { expr, .. } => {
                self.carries(*expr) && typed()
            }
            Expr::Ternary {
                then_branch,
                else_branch,
                ..
            } => (self.carries(*then_branch) || self.carries(*else_branch)) && typed(),
            Expr::InitList(items) => items.iter().any(|i| self.carries(*i)),
            Expr::GenericApply { base, .. } => self.carries(*base),
            _ => false,
        }
    }
}
