//! Rules of global and `static` declarations: a `static const` has a value (unless it is an
//! interface requirement or `extern`), that value is known at compile time, and it does not need
//! itself; a global with an initialiser is `static` (a non-`static` global is a shader parameter
//! that the application fills in).

use base_db::{Db, FileKind};
use syntax::SyntaxKind::*;

use super::{item_node, token_of};
use crate::data::FnKind;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer::{self, ExprRes};
use crate::lower;

pub(super) fn check_global(db: &dyn Db, global: GlobalId, out: &mut Vec<Diag>) {
    let data = lower::global_data(db, global);
    let loc = global.loc(db);
    let parent_kind = loc.parent().and_then(|p| p.kind());
    let in_interface = parent_kind == Some(ItemKind::Interface);
    let m = &data.modifiers;
    let node = item_node(db, ItemDef::Global(global));
    let is_extern = node
        .as_ref()
        .is_some_and(|n| token_of(n, EXTERN_KW).is_some());
    let name = &data.name;
    if m.is_static && m.is_const && !data.is_let {
        if in_interface && data.has_init {
            out.push(Diag::error(
                "E2205",
                format!(
                    "'{name}' cannot have an initializer because it is an interface requirement: each type that conforms gives its own value; remove `= ...` here and define `static const` '{name}' in the conforming types"
                ),
                data.name_range,
            ));
        }
        if !in_interface && !data.has_init && !is_extern {
            out.push(Diag::error(
                "E2204",
                format!(
                    "static const variable '{name}' must have an initializer: give it a value (`= ...`), or declare it `extern static const` to have it linked in from another module"
                ),
                data.name_range,
            ));
        }
    }
    // A specialization constant's initialiser is its default value.
    let specialization = data
        .attrs
        .iter()
        .any(|a| a.name.contains("SpecializationConstant") || a.name.contains("constant_id"))
        || node.as_ref().is_some_and(|n| {
            n.children()
                .any(|c| c.kind() == MODIFIER && c.text().to_string().contains("constant_id"))
        });
    if !data.in_type
        && !m.is_static
        && data.has_init
        && !is_extern
        && !specialization
        && (m.is_uniform || m.is_const)
    {
        out.push(Diag::error(
            "E2207",
            format!(
                "global const variable with initializer must be declared static: '{name}' is a shader parameter that the application sets, so it cannot have a value here; write `static const` for a constant, or drop the initializer"
            ),
            data.name_range,
        ));
    }
    if m.is_static && m.is_const && data.has_init {
        check_initializer(db, global, !data.in_type, out);
    }
}

/// E2206 (globals) and E2225: what a `static const` initialiser may read.
fn check_initializer(db: &dyn Db, global: GlobalId, top_level: bool, out: &mut Vec<Diag>) {
    let data = lower::global_data(db, global);
    let result = infer::infer_global(db, global);
    let mut runtime: Option<String> = None;
    let mut itself = false;
    for res in result.resolutions.values() {
        match res {
            ExprRes::Global(g) if *g == global => itself = true,
            ExprRes::Global(g) => {
                if lower::item_def_file(db, ItemDef::Global(*g)).kind(db) == FileKind::Stdlib {
                    continue;
                }
                let other = lower::global_data(db, *g);
                let constant = (other.modifiers.is_static && other.modifiers.is_const)
                    || other.is_let
                    || g.loc(db)
                        .parent()
                        .is_some_and(|p| p.kind() == Some(ItemKind::Interface));
                if !constant && runtime.is_none() {
                    runtime = Some(format!(
                        "it reads `{}`, which is not a `static const`",
                        other.name
                    ));
                }
            }
            ExprRes::Function(f) => {
                if lower::item_def_file(db, ItemDef::Function(*f)).kind(db) == FileKind::Stdlib {
                    continue;
                }
                let callee = lower::fn_data(db, *f);
                if matches!(callee.kind, FnKind::Free | FnKind::Method) && runtime.is_none() {
                    runtime = Some(format!("it calls `{}`, which runs on the GPU", callee.name));
                }
            }
            _ => {}
        }
    }
    if itself {
        out.push(Diag::error(
            "E2225",
            format!(
                "the initial-value expression for '{}' depends on the value of '{}' itself (for some generic arguments, or all): the evaluation never ends; compute the value without naming '{}'",
                data.name, data.name, data.name
            ),
            data.name_range,
        ));
    }
    if top_level && let Some(why) = runtime {
        out.push(Diag::error(
            "E2206",
            format!(
                "initializer of static const global '{}' does not evaluate to a compile-time constant: {why}; make it `static` (not `const`) to compute it at run time, or build it from literals and other `static const` values",
                data.name
            ),
            data.name_range,
        ));
    }
}
