//! Names found through the `using namespace` statements of the enclosing function bodies.
//!
//! Each opened namespace is a scope beside the body's own. When several of them declare the
//! name, the one nearest to the use site wins: the fewest steps through the namespace tree from
//! the namespace the use is written in (`using namespace A; using namespace A::B;` at global
//! scope: `A`'s `f` over `A::B`'s). Overloaded functions from namespaces at the same distance
//! are one overload set.

use smol_str::SmolStr;

use crate::ids::FunctionId;
use crate::resolve::{Resolution, Resolver};
use crate::scope;

/// Steps through the namespace tree from `from` to `to`.
fn namespace_distance(from: &[SmolStr], to: &[SmolStr]) -> usize {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    (from.len() - common) + (to.len() - common)
}

impl Resolver<'_> {
    pub(crate) fn resolve_in_local_usings(&self, name: &str) -> Option<Resolution> {
        let mut best: Option<(usize, Resolution)> = None;
        // Later statements first: at equal distance a later `using` is kept for non-functions.
        for used in self.local_usings.iter().rev() {
            let entries = scope::lookup_in_namespace(self.db, self.file, used, name);
            let Some(res) = self.entries_to_resolution(&entries, used, name) else {
                continue;
            };
            let distance = namespace_distance(&self.ns_path, used);
            best = match best {
                None => Some((distance, res)),
                Some((d, _)) if distance < d => Some((distance, res)),
                Some((d, Resolution::Functions(mut funcs))) if distance == d => {
                    if let Resolution::Functions(more) = res {
                        let more: Vec<FunctionId> =
                            more.into_iter().filter(|f| !funcs.contains(f)).collect();
                        funcs.extend(more);
                    }
                    Some((d, Resolution::Functions(funcs)))
                }
                keep => keep,
            };
        }
        best.map(|(_, res)| res)
    }
}
