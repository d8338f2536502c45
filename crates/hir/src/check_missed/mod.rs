//! Language rules whose breach slangc reports and that the other checks did not catch, one
//! family per submodule, each with its own code in `E227x`:
//!
//! | code | rule | module |
//! | --- | --- | --- |
//! | E2270 | `dyn` on a declaration other than an interface or a variable | `modifiers` |
//! | E2271 | `const`/`constexpr` on a variable whose type is a C-style pointer (`T*`) | `modifiers` |
//! | E2272 | a member that is not `public` used from another module | `visibility` |

use base_db::Db;
use syntax::{SyntaxNode, SyntaxToken};

use crate::TextRange;

use crate::diagnostics::Diag;
use crate::ids::*;

mod modifiers;
pub(crate) mod visibility;

/// Diagnostics of these rules for one item (ranges relative to the item).
pub(crate) fn item_diags(db: &dyn Db, def: ItemDef, out: &mut Vec<Diag>) {
    let Some(node) = crate::lower::item_node(db, &crate::lower::item_def_loc(db, def)) else {
        return;
    };
    modifiers::check_item(&node, out);
}

fn token_range(token: &SyntaxToken) -> TextRange {
    let r = token.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

/// The direct child tokens of `node` (modifiers and keywords of a declaration).
fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + '_ {
    node.children_with_tokens().filter_map(|e| e.into_token())
}
