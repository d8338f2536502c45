//! Declaration rules of the language that are checked apart from type inference: what may be
//! declared where, with which modifiers and attributes, and which initialisers are constant.
//! Each submodule holds one family of rules; every rule has its own code in `E22xx`:
//!
//! | code | rule | module |
//! | --- | --- | --- |
//! | E2201 | a file that starts with `implementing M;` is checked on its own | `modules` |
//! | E2202 | an imported module (or one it imports) has syntax errors | `modules` |
//! | E2203 | an entry point with generic parameters | `entry` |
//! | E2204 | a `static const` without an initialiser | `globals` |
//! | E2205 | a `static const` interface requirement with an initialiser | `globals` |
//! | E2206 | a `static const` global whose initialiser is not a compile-time constant | `globals` |
//! | E2207 | a global `uniform` or non-`static` `const` with an initialiser | `globals` |
//! | E2208 | an `associatedtype` in a `[COM]` interface | `com` |
//! | E2209 | a `[COM]` GUID that is not `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` hex | `com` |
//! | E2210 | a non-`[COM]` interface inheriting a `[COM]` interface | `com` |
//! | E2211 | a struct implementing a `[COM]` interface | `com` |
//! | E2212 | `is`/`as` with an interface type on the right | `casts` |
//! | E2213 | `is`/`as` between unrelated concrete types | `casts` |
//! | E2214 | a non-interface type (`int`, `float3`) used as a generic constraint | `types` |
//! | E2215 | a struct that contains itself by value | `types` |
//! | E2216 | an interface that inherits itself | `types` |
//! | E2217 | a variable of unsized array type without an initialiser | `types` |
//! | E2218 | `[UnscopedEnum]` on an `enum class` | `types` |
//! | E2219 | `__ref`/`__constref` on something other than a parameter | `types` |
//! | E2220 | a `ref` accessor whose value is an interface type | `types` |
//! | E2221 | an `__init` in an `extension` of a struct with field initialisers | `types` |
//! | E2222 | a system-value semantic on a value of the wrong type | `entry` |
//! | E2223 | a system-value semantic used as input of a stage that has no such input | `entry` |
//! | E2224 | `[DerivativeGroupLinear]`/`[DerivativeGroupQuad]` with a bad thread count | `entry` |
//! | E2225 | a `static const` whose value needs itself | `globals` |
//! | E2226 | one `[require(...)]` naming two targets | `requires` |
//! | E2227 | a member or extension requiring a target its type lacks | `requires` |
//! | E2228 | a type and an interface it implements on different targets | `requires` |
//! | E2229 | `spirv_asm` instruction forms | `asm` |
//! | E2230 | a typealias defined through itself | `shapes` |
//! | E2231 | an array with a negative size | `shapes` |
//! | E2232 | a global, field, local or parameter of type `void` | `void_type` |
//! | E2233 | a `get`/`ref` accessor with parameters, a `set` with more than one | `accessor_params` |
//! | E2015 | a generic argument written in a local's type that breaks a constraint | `generic_args` |
//! | E38029 | a generic argument written in a local's type that breaks a `where A == B` | `generic_args` |

use std::sync::Arc;

use base_db::{Db, FileKind, SourceFile};
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

use crate::TextRange;
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::lower;

mod accessor_params;
mod asm;
mod casts;
mod com;
mod entry;
mod generic_args;
mod globals;
mod modules;
mod pack_branch;
mod requires;
mod shapes;
mod types;
pub(crate) mod void_type;

/// Diagnostics of the rules for one item (ranges relative to the item, like `check`'s).
pub(crate) fn item_rule_diags(db: &dyn Db, def: ItemDef) -> Arc<[Diag]> {
    let mut out = Vec::new();
    if lower::item_def_file(db, def).kind(db) == FileKind::Stdlib {
        return out.into();
    }
    match def {
        ItemDef::Function(f) => {
            // A declaration without a body still names its derivatives (the checks of
            // bodies run them for functions with one).
            if !lower::fn_data(db, f).has_body {
                crate::diffcheck::check_custom_derivatives(db, f, &mut out);
            }
            entry::check_function(db, f, &mut out);
            casts::check_body(db, f, &mut out);
            types::check_function(db, f, &mut out);
            requires::check_function(db, f, &mut out);
            asm::check_function(db, f, &mut out);
            generic_args::check_function(db, f, &mut out);
            shapes::check_function(db, f, &mut out);
            void_type::check_function(db, f, &mut out);
        }
        ItemDef::Global(g) => {
            globals::check_global(db, g, &mut out);
            types::check_global(db, g, &mut out);
            shapes::check_global(db, g, &mut out);
            void_type::check_global(db, g, &mut out);
        }
        ItemDef::TypeDecl(t) => {
            com::check_type_decl(db, t, &mut out);
            types::check_type_decl(db, t, &mut out);
            requires::check_type_decl(db, t, &mut out);
            shapes::check_type_decl(db, t, &mut out);
            pack_branch::check_type_decl(db, t, &mut out);
            void_type::check_type_decl(db, t, &mut out);
        }
        ItemDef::Alias(a) => {
            com::check_alias(db, a, &mut out);
            shapes::check_alias(db, a, &mut out);
        }
        ItemDef::Extension(e) => {
            types::check_extension(db, e, &mut out);
            requires::check_extension(db, e, &mut out);
        }
        ItemDef::Property(p) => {
            types::check_property(db, p, &mut out);
            if let Some(node) = item_node(db, def) {
                accessor_params::check_accessors(&node, &mut out);
            }
        }
        ItemDef::Subscript(s) => {
            types::check_subscript(db, s, &mut out);
            requires::check_subscript(db, s, &mut out);
            if let Some(node) = item_node(db, def) {
                accessor_params::check_accessors(&node, &mut out);
            }
        }
    }
    crate::check_missed::item_diags(db, def, &mut out);
    out.into()
}

/// File-level diagnostics of the rules: code, message and range in the preprocessed text.
pub(crate) fn file_rule_diags(
    db: &dyn Db,
    file: SourceFile,
) -> Vec<(&'static str, String, TextRange)> {
    let mut out = Vec::new();
    modules::check_file(db, file, &mut out);
    out
}

// ---------------------------------------------------------------------------------------------
// Small syntax helpers shared by the rules.

pub(super) fn range_of(node: &SyntaxNode) -> TextRange {
    let r = node.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

pub(super) fn token_range(token: &SyntaxToken) -> TextRange {
    let r = token.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

/// The direct child tokens of `node` (modifiers and keywords of a declaration).
pub(super) fn direct_tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + '_ {
    node.children_with_tokens().filter_map(|e| e.into_token())
}

/// The syntax node of an item (its ranges are relative to the item's start).
pub(super) fn item_node(db: &dyn Db, def: ItemDef) -> Option<SyntaxNode> {
    lower::item_node(db, &lower::item_def_loc(db, def))
}

/// The direct child token of `node` with this kind, if any.
pub(super) fn token_of(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    direct_tokens(node).find(|t| t.kind() == kind)
}
