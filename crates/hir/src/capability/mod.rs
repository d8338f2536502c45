//! Slang's capability system (user guide, "Capabilities"): `[require(...)]` attributes state what
//! a declaration needs (each attribute a conjunction of capability atoms, several attributes a
//! disjunction), a function without them needs what its body uses (`__target_switch` cases and
//! the functions it calls), and the compiler checks that these agree:
//!
//! | code | rule | module |
//! | --- | --- | --- |
//! | E36104 | a function with `[require]` uses a capability it does not declare | `callees` |
//! | E36108 | a function with `[require]` depends on code that exists on none of a declared target's forms; an implementation of an interface requirement on a target its requirement lacks | `callees`, `requirements` |
//! | E36116 | `[shader("...")]` naming a capability of several stages | `stages` |
//! | E36119 | an implementation of an interface requirement missing one of the requirement's targets | `requirements` |
//! | E36120 | two `__target_switch` cases of one target where neither includes the other | `target_switch` |
//!
//! `rules::requires` holds the older target rules of declarations (one `require` asking for
//! atoms of different targets, members and extensions beyond their type's targets).

use base_db::Db;
use smol_str::SmolStr;
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use crate::TextRange;
use crate::data::{Attr, AttrArg};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;

pub(crate) mod atoms;
mod callees;
mod requirements;
mod stages;
mod target_switch;

/// One `[require(...)]`: the atoms it joins.
pub(crate) type Conj = Vec<SmolStr>;

/// The conjunctions of a declaration's `require` attributes (empty: it declares nothing).
pub(crate) fn declared(attrs: &[Attr]) -> Vec<Conj> {
    attrs
        .iter()
        .filter(|a| a.name == "require")
        .map(|a| {
            a.args
                .iter()
                .filter_map(|arg| match arg {
                    AttrArg::Path(p) if p.segments.len() == 1 => Some(p.segments[0].name.clone()),
                    _ => None,
                })
                .collect::<Conj>()
        })
        .filter(|c| !c.is_empty())
        .collect()
}

/// The targets a set of `require` conjunctions exists on (their union).
pub(crate) fn declared_targets(conjs: &[Conj]) -> atoms::Mask {
    conjs.iter().fold(0, |m, c| {
        m | atoms::conj_targets(c.iter().map(|s| s.as_str()))
    })
}

fn range_of(node: &SyntaxNode) -> TextRange {
    let r = node.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

/// The `__target_switch` statements of a function body (syntax: only the `wgsl` case reaches
/// the lowered body), without those of nested lambdas' bodies, which are their own functions.
fn target_switches(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> + '_ {
    node.descendants().filter(|n| {
        n.kind() == SWITCH_STMT
            && n.children_with_tokens()
                .any(|t| t.kind() == TARGET_SWITCH_KW)
    })
}

/// The `case` labels of a target switch with their ranges; `None` when it has a `default`
/// (then it exists on every target).
fn switch_cases(switch: &SyntaxNode) -> Option<Vec<(SmolStr, TextRange)>> {
    let body = switch.children().find(|c| c.kind() == SWITCH_BODY)?;
    let mut cases = Vec::new();
    for clause in body.children() {
        match clause.kind() {
            DEFAULT_CLAUSE => return None,
            CASE_CLAUSE => {
                if let Some(label) = clause.children().find(|c| lower::is_expr_kind(c.kind())) {
                    cases.push((
                        SmolStr::new(label.text().to_string().trim()),
                        range_of(&label),
                    ));
                }
            }
            _ => {}
        }
    }
    Some(cases)
}

/// Capability diagnostics of one function (ranges relative to the item).
pub(crate) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    stages::check_shader_stage(&data, out);
    let node = lower::item_node(db, func.loc(db));
    if let Some(node) = &node {
        target_switch::check_cases(node, out);
    }
    requirements::check_method(db, func, &data, out);
    callees::check_function(db, func, &data, out);
}
