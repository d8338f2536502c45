//! A function that declares `[require(...)]` promises to need no more than that: for each
//! declared conjunction of one target, every capability its body needs (the `[require]` of the
//! functions it calls; for a callee without one, what that callee's body needs, through its
//! `__target_switch` cases and its own callees) must be available there. E36108 when a
//! dependency exists on none of the forms of that target, E36104 when it exists there only
//! with a capability the declaration does not include (a later shader model, an extension).

use base_db::{Db, FileKind};
use rustc_hash::FxHashSet;

use crate::body::ExprId;
use crate::data::FnData;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer::{ExprRes, infer};
use crate::lower;

use super::Conj;
use super::atoms::{self, AtomKind, Mask};

/// How deep callees without `[require]` are followed (call chains are short in practice).
const MAX_DEPTH: usize = 16;

/// The requirements of a function: each entry a disjunction of conjunctions, all of which
/// must hold. Empty when it needs nothing we can tell.
fn requirements(
    db: &dyn Db,
    func: FunctionId,
    depth: usize,
    seen: &mut FxHashSet<FunctionId>,
    out: &mut Vec<Vec<Conj>>,
) {
    if depth > MAX_DEPTH
        || !seen.insert(func)
        || lower::item_def_file(db, ItemDef::Function(func)).kind(db) == FileKind::Stdlib
    {
        return;
    }
    let data = lower::fn_data(db, func);
    let declared = super::declared(&data.attrs);
    if !declared.is_empty() {
        out.push(declared);
        return;
    }
    if !data.has_body {
        return;
    }
    if let Some(node) = lower::item_node(db, func.loc(db)) {
        for switch in super::target_switches(&node) {
            if let Some(cases) = super::switch_cases(&switch)
                && !cases.is_empty()
            {
                out.push(cases.into_iter().map(|(c, _)| vec![c]).collect());
            }
        }
    }
    for callee in called(db, func) {
        requirements(db, callee, depth + 1, seen, out);
    }
}

/// The functions a body names (calls and references), in a stable order.
fn called(db: &dyn Db, func: FunctionId) -> Vec<FunctionId> {
    let result = infer(db, func);
    let mut found: Vec<(ExprId, FunctionId)> = result
        .resolutions
        .iter()
        .filter_map(|(e, r)| match r {
            ExprRes::Function(f) if *f != func => Some((*e, *f)),
            _ => None,
        })
        .collect();
    found.sort_by_key(|(e, _)| *e);
    let mut out: Vec<FunctionId> = Vec::new();
    for (_, f) in found {
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

/// The lowest version of a target that naming the target alone gives.
fn base_level(target: &str) -> u32 {
    match target {
        "hlsl" => 400,
        "spirv" => 100,
        "glsl" => 150,
        _ => 0,
    }
}

/// The version of `target` that a conjunction declares (its highest), if any.
fn declared_level(conj: &Conj, target: &str) -> Option<u32> {
    conj.iter()
        .filter_map(|a| {
            let atom = atoms::atom(a)?;
            match atom.kind {
                AtomKind::Version(l) if atoms::single_target(atom.targets) == Some(target) => {
                    Some(l)
                }
                AtomKind::Alias(Some(l)) if target == "hlsl" => Some(l),
                _ => None,
            }
        })
        .max()
}

/// Whether conjunction `conj` of `target` includes capability `name`.
fn includes(conj: &Conj, target: &str, name: &str) -> bool {
    let Some(atom) = atoms::atom(name) else {
        return true;
    };
    let level = |l: u32| l <= declared_level(conj, target).unwrap_or(base_level(target));
    match atom.kind {
        AtomKind::Target | AtomKind::Alias(None) => true,
        AtomKind::Stage => {
            let stages = atoms::conj_stages(conj.iter().map(|s| s.as_str()));
            stages == atoms::ALL_STAGES || stages & atom.stages != 0
        }
        AtomKind::Version(l) => level(l),
        AtomKind::Alias(Some(l)) => target != "hlsl" || level(l),
        AtomKind::Extension => {
            let name = name.trim_start_matches('_');
            conj.iter()
                .any(|c| c.trim_start_matches('_').starts_with(name))
        }
    }
}

pub(super) fn check_function(db: &dyn Db, func: FunctionId, data: &FnData, out: &mut Vec<Diag>) {
    let declared = super::declared(&data.attrs);
    if declared.is_empty() || !data.has_body {
        return;
    }
    let mut needs = Vec::new();
    let mut seen = FxHashSet::default();
    seen.insert(func);
    for callee in called(db, func) {
        requirements(db, callee, 1, &mut seen, &mut needs);
    }
    if let Some(node) = lower::item_node(db, func.loc(db)) {
        for switch in super::target_switches(&node) {
            if let Some(cases) = super::switch_cases(&switch)
                && !cases.is_empty()
            {
                needs.push(cases.into_iter().map(|(c, _)| vec![c]).collect());
            }
        }
    }
    let name = &data.name;
    for conj in &declared {
        let mask = atoms::conj_targets(conj.iter().map(|s| s.as_str()));
        let Some(target) = atoms::single_target(mask) else {
            continue;
        };
        let bit: Mask = atoms::target_bit(target).unwrap_or(0);
        for need in &needs {
            let there: Vec<&Conj> = need
                .iter()
                .filter(|c| atoms::conj_targets(c.iter().map(|s| s.as_str())) & bit != 0)
                .collect();
            if there.is_empty() {
                out.push(Diag::error(
                    "E36108",
                    format!(
                        "dependencies not compatible on target: '{name}' has dependencies that are not compatible on the required compilation target '{target}': what it uses exists only on `{}`",
                        need.iter().map(|c| c.join(" + ")).collect::<Vec<_>>().join(" | ")
                    ),
                    data.name_range,
                ));
                return;
            }
            if there
                .iter()
                .any(|c| c.iter().all(|a| includes(conj, target, a)))
            {
                continue;
            }
            let missing = there[0]
                .iter()
                .find(|a| !includes(conj, target, a))
                .cloned()
                .unwrap_or_default();
            out.push(Diag::error(
                "E36104",
                format!(
                    "undeclared capability used: '{name}' uses undeclared capability '{missing}': add it to the function's `[require({})]`, or require it from the caller instead",
                    conj.join(", ")
                ),
                data.name_range,
            ));
            return;
        }
    }
}
