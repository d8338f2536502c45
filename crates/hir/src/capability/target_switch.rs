//! E36120: the cases of a `__target_switch` that belong to one target must be ordered by
//! inclusion: of two such cases, one capability set is a subset of the other (a version and a
//! later version, a target and an extension of it), so that the most specific one available can
//! be chosen. Two unrelated extensions of one target (`spvDeviceGroup`, `spvBindlessTextureNV`)
//! could both be available and neither is preferred.

use syntax::SyntaxNode;

use crate::diagnostics::Diag;

use super::atoms::{self, AtomKind};

/// Whether capability `a` includes `b` (all of `b` holds where `a` does), as far as we know:
/// only two different extensions of one target are certainly unrelated, unless one's name
/// extends the other's (`spvGroupNonUniformBallot` depends on `spvGroupNonUniform`).
fn includes(a: &str, b: &str) -> bool {
    let (Some(x), Some(y)) = (atoms::atom(a), atoms::atom(b)) else {
        return true;
    };
    match (x.kind, y.kind) {
        (AtomKind::Extension, AtomKind::Extension) => {
            let (a, b) = (a.trim_start_matches('_'), b.trim_start_matches('_'));
            a == b || a.starts_with(b)
        }
        _ => true,
    }
}

pub(super) fn check_cases(node: &SyntaxNode, out: &mut Vec<Diag>) {
    for switch in super::target_switches(node) {
        let Some(cases) = super::switch_cases(&switch) else {
            continue;
        };
        for (i, (later, range)) in cases.iter().enumerate() {
            let Some(target) = atoms::atom(later).and_then(|a| atoms::single_target(a.targets))
            else {
                continue;
            };
            let conflict = cases[..i].iter().find(|(earlier, _)| {
                atoms::atom(earlier).and_then(|a| atoms::single_target(a.targets)) == Some(target)
                    && !includes(earlier, later)
                    && !includes(later, earlier)
            });
            if let Some((earlier, _)) = conflict {
                out.push(Diag::error(
                    "E36120",
                    format!(
                        "capability cases conflict in target_switch: the capability for case '{later}' conflicts with the previous case '{earlier}': both belong to target '{target}', and in a target_switch, of two cases that belong to the same target, one capability set has to be a subset of the other"
                    ),
                    *range,
                ));
                break;
            }
        }
    }
}
