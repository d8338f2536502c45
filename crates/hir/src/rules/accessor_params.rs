//! The parameters of property and subscript accessors: `get` and `ref` take none (slangc
//! E31112) and `set` at most one, the new value (slangc E31108). Lowering calls an accessor
//! with exactly the receiver, the subscript's indices and, for `set`, the value.

use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use super::{direct_tokens, range_of};
use crate::diagnostics::Diag;

pub(super) fn check_accessors(item: &SyntaxNode, out: &mut Vec<Diag>) {
    let accessors = item
        .children()
        .filter(|c| c.kind() == ACCESSOR_LIST)
        .flat_map(|list| list.children().filter(|c| c.kind() == ACCESSOR));
    for accessor in accessors {
        let Some(params) = accessor.children().find(|c| c.kind() == PARAM_LIST) else {
            continue;
        };
        let count = params.children().filter(|c| c.kind() == PARAM).count();
        let name = accessor_name(&accessor);
        let range = range_of(&params);
        if name == "set" && count > 1 {
            out.push(Diag::error(
                "E2233",
                format!(
                    "a 'set' accessor may not have more than one parameter: it takes only the new value, but {count} are declared"
                ),
                range,
            ));
        } else if name != "set" && count > 0 {
            out.push(Diag::error(
                "E2233",
                format!(
                    "accessors other than 'set' must not have parameters: this '{name}' declares {count}"
                ),
                range,
            ));
        }
    }
}

fn accessor_name(accessor: &SyntaxNode) -> &'static str {
    direct_tokens(accessor)
        .find_map(|t| match t.kind() {
            SET_KW => Some("set"),
            REF_KW => Some("ref"),
            GET_KW => Some("get"),
            _ => None,
        })
        .unwrap_or("get")
}
