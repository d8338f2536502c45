//! Language rules whose breach slangc reports and that the other checks did not catch, one
//! family per submodule, each with its own code in `E227x`:
//!
//! | code | rule | module |
//! | --- | --- | --- |
//! | E2270 | `dyn` on a declaration other than an interface or a variable | `modifiers` |
//! | E2271 | `const`/`constexpr` on a variable whose type is a C-style pointer (`T*`) | `modifiers` |
//! | E2272 | a member that is not `public` used from another module | `visibility` |
//! | E2273 | the address of an interface-typed value | `body` |
//! | E2274 | the address of a texel of a texture | `body` |
//! | E2275 | a requirement taking `This` called through an interface-typed value | `body` |
//! | E2276 | a read of a mesh shader output element | `body` |
//! | E2277 | a `constexpr` parameter given a value known only at run time | `body` |
//! | E2278 | a call whose generic arguments break a `where A == B` | `body` |
//! | E2279 | a call whose generic arguments break a `where To(From)` coercion | `body` |
//! | E2280 | an empty type pack for a `where nonempty(T)` parameter | `packs` |
//! | E2281 | a generic function named as a value without generic arguments | `body` |
//! | E2282 | a conforming type breaking an interface's `__constraint A == B` | `iface_equalities` |
//! | E2283 | a call of a method whose parameter pack the enclosing type binds, with other arguments | `packs` |
//!
//! `iface_args` refines conformance: `S : I<int>` is not an `I<float>` (`resolve::implements`).

use base_db::Db;
use syntax::{SyntaxNode, SyntaxToken};

use crate::TextRange;

use crate::diagnostics::Diag;
use crate::ids::*;

pub(crate) mod body;
pub(crate) mod iface_args;
mod iface_equalities;
mod modifiers;
mod packs;
pub(crate) mod visibility;

/// Diagnostics of these rules for one item (ranges relative to the item).
pub(crate) fn item_diags(db: &dyn Db, def: ItemDef, out: &mut Vec<Diag>) {
    let Some(node) = crate::lower::item_node(db, &crate::lower::item_def_loc(db, def)) else {
        return;
    };
    modifiers::check_item(&node, out);
    if let ItemDef::TypeDecl(t) = def {
        iface_equalities::check_type_decl(db, t, &node, out);
    }
    if let ItemDef::Function(f) = def {
        body::check_function(db, f, out);
    }
    packs::check_item(db, def, out);
}

fn token_range(token: &SyntaxToken) -> TextRange {
    let r = token.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

/// The direct child tokens of `node` (modifiers and keywords of a declaration).
fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + '_ {
    node.children_with_tokens().filter_map(|e| e.into_token())
}
