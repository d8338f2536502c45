//! E36116: `[shader("...")]` names the one stage an entry point runs in; a capability name that
//! joins several stages (`compute_fragment`, `raytracing_stages`) cannot be that stage.

use crate::data::{AttrArg, FnData};
use crate::diagnostics::Diag;

use super::atoms::{self, AtomKind, STAGES};

pub(super) fn check_shader_stage(data: &FnData, out: &mut Vec<Diag>) {
    let Some(attr) = data.attr("shader") else {
        return;
    };
    let Some(AttrArg::String(name)) = attr.args.first() else {
        return;
    };
    let Some(atom) = atoms::atom(name) else {
        return;
    };
    if atom.kind != AtomKind::Stage || atom.stages.count_ones() < 2 {
        return;
    }
    let stages = atoms::mask_names(atom.stages, STAGES);
    out.push(Diag::error(
        "E36116",
        format!(
            "capability targets multiple stages: capability '{name}' is targeting stages '{}', only allowed to use 1 unique stage here; name one stage in `[shader(...)]` and declare one entry point per stage",
            stages.join(" + ")
        ),
        attr.range,
    ));
}
