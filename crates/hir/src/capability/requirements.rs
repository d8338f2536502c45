//! An interface requirement and its implementation with explicit `[require(...)]` must exist on
//! the same targets: E36119 when the implementation lacks one of the requirement's targets,
//! E36108 when it declares a target the requirement lacks (code using the interface cannot
//! reach it there). Without `[require]` on both sides nothing is compared (capabilities are
//! inferred then).

use base_db::Db;

use crate::data::{FnData, TypeDeclKind};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;
use crate::resolve;
use crate::ty::Ty;

use super::atoms::{self, TARGETS};

/// The methods of a type declaration, with their data.
fn methods(db: &dyn Db, decl: TypeDeclId) -> Vec<std::sync::Arc<FnData>> {
    lower::type_decl_data(db, decl)
        .members
        .iter()
        .filter_map(|m| match m {
            ItemDef::Function(f) => Some(lower::fn_data(db, *f)),
            _ => None,
        })
        .collect()
}

fn targets_of(data: &FnData) -> Option<atoms::Mask> {
    let conjs = super::declared(&data.attrs);
    (!conjs.is_empty()).then(|| super::declared_targets(&conjs))
}

pub(super) fn check_method(db: &dyn Db, func: FunctionId, data: &FnData, out: &mut Vec<Diag>) {
    if !data.in_type {
        return;
    }
    let Some(have) = targets_of(data) else {
        return;
    };
    let Some(parent) = func.loc(db).parent() else {
        return;
    };
    if parent.kind() != Some(ItemKind::Struct) {
        return;
    }
    let decl = TypeDeclId::new(db, parent);
    let mut seen = Vec::new();
    let mut queue: Vec<Ty> = resolve::type_decl_bases(db, decl).to_vec();
    while let Some(Ty::Adt(iface, _)) = queue.pop() {
        if seen.contains(&iface) || lower::type_decl_data(db, iface).kind != TypeDeclKind::Interface
        {
            continue;
        }
        seen.push(iface);
        queue.extend(resolve::type_decl_bases(db, iface).iter().cloned());
        for req in methods(db, iface) {
            if req.name != data.name || req.params.len() != data.params.len() {
                continue;
            }
            let Some(wanted) = targets_of(&req) else {
                continue;
            };
            let missing = wanted & !have;
            let extra = have & !wanted;
            let name = &req.name;
            if missing != 0 {
                out.push(Diag::error(
                    "E36119",
                    format!(
                        "requirement missing target/stage support: requirement '{name}' must have the same target/stage support as the implementation; '{name}' is missing '{}': add a `[require(...)]` for it to the implementation",
                        atoms::mask_names(missing, TARGETS).join(", ")
                    ),
                    data.name_range,
                ));
                return;
            } else if extra != 0 {
                out.push(Diag::error(
                    "E36108",
                    format!(
                        "dependencies not compatible on target: '{name}' has dependencies that are not compatible on the required compilation target '{}' (the interface's requirement does not exist there)",
                        atoms::mask_names(extra, TARGETS).join(", ")
                    ),
                    data.name_range,
                ));
                return;
            }
        }
    }
}
