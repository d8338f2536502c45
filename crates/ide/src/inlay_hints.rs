//! Inlay hints: the inferred types of `let`/`var` declarations written without a type, and
//! parameter names before call arguments.

use hir::{Db, Expr, ItemDef, SourceFile, TextRange, Ty};

use crate::util;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InlayKind {
    /// `: float3` after a name.
    Type,
    /// `x:` before an argument.
    Parameter,
    /// `context: 8 B` after `bwd_diff(f)`: bytes per thread of its intermediate context.
    ContextSize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    /// Where the hint goes (after a name, before an argument).
    pub offset: u32,
    /// `: float3`, `x:`.
    pub label: String,
    pub kind: InlayKind,
}

pub(crate) fn inlay_hints(
    db: &dyn Db,
    file: SourceFile,
    range: Option<TextRange>,
) -> Vec<InlayHint> {
    let mut out = Vec::new();
    for item in hir::file_items(db, file) {
        let ItemDef::Function(f) = item else { continue };
        let (_, full, _) = hir::item_ranges(db, item);
        if range.is_some_and(|r| full.end < r.start || r.end < full.start) {
            continue;
        }
        let body = hir::fn_body(db, f);
        let result = hir::infer_function(db, f);
        for (id, local) in body.locals.iter() {
            if local.ty.is_some() {
                continue;
            }
            let ty = result.local_ty(id);
            if ty == Ty::Unknown {
                continue;
            }
            let name = util::to_original(db, item, local.name_range);
            if range.is_some_and(|r| !r.contains_inclusive(name.end)) {
                continue;
            }
            out.push(InlayHint {
                offset: name.end,
                label: format!(": {}", hir::display_ty(db, &ty)),
                kind: InlayKind::Type,
            });
        }
        parameter_hints(db, file, item, f, range, &mut out);
        context_hints(db, item, f, range, &mut out);
    }
    out.sort_by_key(|h| h.offset);
    out
}

/// `name:` before the arguments of calls to functions of two or more parameters, unless the
/// argument already says it (it is spelled like the parameter).
fn parameter_hints(
    db: &dyn Db,
    file: SourceFile,
    item: ItemDef,
    f: hir::FunctionId,
    range: Option<TextRange>,
    out: &mut Vec<InlayHint>,
) {
    let body = hir::fn_body(db, f);
    let result = hir::infer_function(db, f);
    let text = file.text(db);
    for (id, expr) in body.exprs.iter() {
        let Expr::Call { args, .. } = expr else {
            continue;
        };
        let Some(hir::ExprRes::Function(callee)) = result.resolutions.get(&id) else {
            continue;
        };
        let sig = hir::fn_sig(db, *callee);
        if sig.params.len() < 2 || sig.variadic_from.is_some() {
            continue;
        }
        for (arg, param) in args.iter().zip(sig.params.iter()) {
            let arg_range = util::to_original(db, item, body.expr_range(*arg));
            if range.is_some_and(|r| !r.contains_inclusive(arg_range.start)) {
                continue;
            }
            let written = text
                .get(arg_range.start as usize..arg_range.end as usize)
                .unwrap_or("");
            // `p.x` for `x`, `x` for `x`: the name is already there.
            let last = written.rsplit(['.', ' ']).next().unwrap_or(written);
            if arg_range.is_empty() || last == param.name.as_str() {
                continue;
            }
            out.push(InlayHint {
                offset: arg_range.start,
                label: format!("{}:", param.name),
                kind: InlayKind::Parameter,
            });
        }
    }
}

/// After each `bwd_diff(f)`: the size of the context its backward pass keeps per thread.
fn context_hints(
    db: &dyn Db,
    item: ItemDef,
    f: hir::FunctionId,
    range: Option<TextRange>,
    out: &mut Vec<InlayHint>,
) {
    let body = hir::fn_body(db, f);
    let result = hir::infer_function(db, f);
    for (id, expr) in body.exprs.iter() {
        let Expr::Diff {
            kind: hir::DiffKind::Backward,
            func,
        } = expr
        else {
            continue;
        };
        let target = match &body.exprs[*func] {
            Expr::GenericApply { base, .. } => *base,
            _ => *func,
        };
        let Some(hir::ExprRes::Function(callee)) = result.resolutions.get(&target) else {
            continue;
        };
        let end = util::to_original(db, item, body.expr_range(id)).end;
        if range.is_some_and(|r| !r.contains_inclusive(end)) {
            continue;
        }
        if let Some(bytes) = crate::hover::context_size(db, *callee) {
            out.push(InlayHint {
                offset: end,
                label: format!("context: {bytes} B"),
                kind: InlayKind::ContextSize,
            });
        }
    }
}
