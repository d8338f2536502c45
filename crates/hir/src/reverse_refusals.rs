//! Constructs that reverse mode cannot differentiate, found in the functions an entry point
//! reverse-differentiates: `abort(...)` (slangc refuses it only when the backward derivative is
//! generated, so forward mode of the same function is fine and the check needs the program's
//! `bwd_diff` uses, as the recursion check needs its calls).

use base_db::Db;
use rustc_hash::FxHashSet;

use crate::body::{DiffKind, Expr};
use crate::diagnostics::Diag;
use crate::ids::FunctionId;
use crate::infer::{self, ExprRes};
use crate::lower;

/// Every `abort` call in a function that `entry` reverse-differentiates (ranges relative to the
/// function holding the call), in the order the functions are found.
pub fn reverse_mode_refusals_from(db: &dyn Db, entry: FunctionId) -> Vec<(FunctionId, Diag)> {
    let reversed = reverse_differentiated_from(db, entry);
    let mut out = Vec::new();
    for f in reversed {
        let data = lower::fn_data(db, f);
        if !data.has_body {
            continue;
        }
        let body = lower::fn_body(db, f);
        let infer = infer::infer(db, f);
        for (id, expr) in body.exprs.iter() {
            if !matches!(expr, Expr::Call { .. }) {
                continue;
            }
            let Some(ExprRes::Function(callee)) = infer.resolutions.get(&id) else {
                continue;
            };
            if is_stdlib_abort(db, *callee) {
                out.push((
                    f,
                    Diag::error(
                        "E3116",
                        format!(
                            "abort is not supported in reverse-mode automatic differentiation: 'abort' cannot currently be used in a function being reverse-differentiated. `{}` is reverse-differentiated here; check the input before calling `bwd_diff`, or differentiate it in forward mode only",
                            data.name
                        ),
                        body.anchor(id),
                    ),
                ));
            }
        }
    }
    out
}

fn is_stdlib_abort(db: &dyn Db, f: FunctionId) -> bool {
    f.loc(db).file.kind(db) == crate::FileKind::Stdlib && lower::fn_data(db, f).name == "abort"
}

/// The functions whose bodies the backward derivatives requested from `entry` differentiate:
/// each `bwd_diff(f)` target in reachable code without a user-written backward derivative, and
/// the backward-differentiable functions such bodies call.
fn reverse_differentiated_from(db: &dyn Db, entry: FunctionId) -> Vec<FunctionId> {
    let mut reached = FxHashSet::default();
    let mut stack = vec![entry];
    let mut targets = Vec::new();
    while let Some(f) = stack.pop() {
        if !reached.insert(f) || !lower::fn_data(db, f).has_body {
            continue;
        }
        let body = lower::fn_body(db, f);
        let infer = infer::infer(db, f);
        for (id, expr) in body.exprs.iter() {
            match expr {
                Expr::Call { .. } => {
                    if let Some(ExprRes::Function(callee)) = infer.resolutions.get(&id) {
                        stack.push(*callee);
                    }
                }
                Expr::Diff {
                    kind: DiffKind::Backward,
                    func,
                } => {
                    let target = match &body.exprs[*func] {
                        Expr::GenericApply { base, .. } => *base,
                        _ => *func,
                    };
                    if let Some(ExprRes::Function(t)) = infer.resolutions.get(&target) {
                        targets.push(*t);
                        stack.push(*t);
                    }
                }
                _ => {}
            }
        }
    }
    let mut reversed = Vec::new();
    let mut seen = FxHashSet::default();
    while let Some(f) = targets.pop() {
        if !seen.insert(f) {
            continue;
        }
        let data = lower::fn_data(db, f);
        // A user-written backward derivative replaces the body's.
        if !data.has_body || data.attr("BackwardDerivative").is_some() {
            continue;
        }
        reversed.push(f);
        let body = lower::fn_body(db, f);
        let infer = infer::infer(db, f);
        for (id, expr) in body.exprs.iter() {
            if matches!(expr, Expr::Call { .. })
                && let Some(ExprRes::Function(callee)) = infer.resolutions.get(&id)
                && crate::is_differentiable_as(db, *callee, DiffKind::Backward)
            {
                targets.push(*callee);
            }
        }
    }
    reversed
}
