//! From syntax to HIR data: preprocessing and parsing queries, the item tree, per-item syntax
//! (position-independent green nodes), item data and bodies.
//!
//! The typed AST of `syntax` is young; lowering reads the untyped tree by node kinds through the
//! small helpers at the bottom of this file.
//!
//! This file keeps the parsing queries, the state of body lowering and those helpers; the rest
//! lives in one submodule per stage: `tree` (item tree and per-item syntax), `items` (item data),
//! `signatures` (shared lowering of signatures and types), `stmts` (body queries and statements)
//! and `exprs` (expressions).

use std::sync::Arc;

use base_db::{Db, SourceFile};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;
use syntax::{GreenNode, SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::TextRange;
use crate::body::*;
use crate::data::*;
use crate::ids::*;
use crate::preprocess::{self, Preprocessed};

mod defaults;
mod exprs;
mod global_forms;
mod inline_code;
mod items;
mod language;
mod locals;
mod paren_calls;
mod signatures;
mod spirv_asm;
pub(crate) mod spirv_asm_ops;
mod stmts;
mod struct_vars;
mod tree;

pub use self::{
    defaults::*, global_forms::*, items::*, locals::*, signatures::*, stmts::*, tree::*,
};

// ---------------------------------------------------------------------------------------------
// Text, preprocessing, parsing

/// The file after the preprocessor. Files without directives (and no command-line macros) take
/// the fast path: the text as is, an identity map.
#[salsa::tracked(returns(clone))]
pub fn preprocessed(db: &dyn Db, file: SourceFile) -> Arc<Preprocessed> {
    let text = file.text(db).clone();
    let defines = db.workspace().options(db).defines.clone();
    if defines.is_empty()
        && !preprocess::has_directives(&text)
        && !preprocess::uses_predefined_macros(&text)
    {
        return Arc::new(Preprocessed {
            text,
            ..Default::default()
        });
    }
    let mut resolver = |path: &str| match base_db::resolve_relative(db, file, path) {
        Some(target) => Ok((target.path(db).clone(), target.text(db).clone())),
        None => Err(base_db::include_refusal(db, file, path)),
    };
    Arc::new(preprocess::preprocess(
        &text,
        file.path(db),
        &defines,
        &mut resolver,
    ))
}

/// The parse of the preprocessed text.
#[derive(Debug, Clone)]
pub struct ParsedFile {
    pub green: GreenNode,
    pub errors: Arc<[syntax::SyntaxError]>,
}

/// Compares shared subtrees by pointer, so an unchanged parse is recognised without walking it.
impl PartialEq for ParsedFile {
    fn eq(&self, other: &Self) -> bool {
        self.errors == other.errors && syntax::green_eq(&self.green, &other.green)
    }
}

impl Eq for ParsedFile {}

/// What `parse` keeps for the next revision (see `base_db::ReuseCache`): the text it parsed and
/// the result, so that an edit inside one block reparses only that block.
struct LastParse {
    text: Arc<str>,
    parse: syntax::Parse,
}

#[salsa::tracked(returns(clone))]
pub fn parse(db: &dyn Db, file: SourceFile) -> ParsedFile {
    let pp = preprocessed(db, file);
    let cache = db.reuse_cache();
    let parse = match cache.and_then(|c| c.get::<LastParse>("parse", file)) {
        Some(last) => syntax::reparse(&last.text, &last.parse, &pp.text),
        None => syntax::parse(&pp.text),
    };
    if let Some(cache) = cache {
        let last = LastParse {
            text: pp.text.clone(),
            parse: parse.clone(),
        };
        cache.put("parse", file, Arc::new(last));
    }
    ParsedFile {
        green: parse.green().clone(),
        errors: parse.errors().into(),
    }
}

pub fn syntax_root(db: &dyn Db, file: SourceFile) -> SyntaxNode {
    SyntaxNode::new_root(parse(db, file).green)
}

// ---------------------------------------------------------------------------------------------
// Body lowering state (shared by `stmts.rs` and `exprs.rs`)

pub fn is_expr_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        LITERAL
            | PATH_EXPR
            | THIS_EXPR
            | SPIRV_ASM_EXPR
            | PAREN_EXPR
            | CAST_EXPR
            | INIT_LIST_EXPR
            | CALL_EXPR
            | INDEX_EXPR
            | FIELD_EXPR
            | PREFIX_EXPR
            | POSTFIX_EXPR
            | BIN_EXPR
            | TERNARY_EXPR
            | DIFF_EXPR
            | NO_DIFF_EXPR
            | IS_EXPR
            | AS_EXPR
            | SIZEOF_EXPR
            | COUNTOF_EXPR
            | EXPAND_EXPR
            | EACH_EXPR
            | LAMBDA_EXPR
            | TRY_EXPR
    )
}

fn is_stmt_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        BLOCK
            | EXPR_STMT
            | EMPTY_STMT
            | IF_STMT
            | FOR_STMT
            | WHILE_STMT
            | DO_STMT
            | SWITCH_STMT
            | BREAK_STMT
            | CONTINUE_STMT
            | RETURN_STMT
            | DISCARD_STMT
            | DEFER_STMT
            | INTRINSIC_ASM_STMT
            | ITEM_STMT
            | VAR_DECL
            | LABELED_STMT
            | THROW_STMT
            | DO_CATCH_STMT
    )
}

struct BodyLowerer {
    body: Body,
    /// `expand` nodes lowered as the root of the binary expression they start.
    hoisted_expands: Vec<SyntaxNode>,
    /// The scopes being lowered, innermost last, with the `defer`red statements seen so far.
    defer_scopes: Vec<DeferScope>,
    /// The labelled statements being lowered, innermost last.
    label_scopes: Vec<LabelScope>,
    /// Parameters and locals named `none` in scope: there `none` is that variable, as in slangc,
    /// not the empty `Optional` (`int none = 5; i = none;`).
    none_names: usize,
    /// The function's declared return type: the type of the local that holds a return value
    /// while deferred statements run (declared, so editors show no inferred-type hint for it).
    return_type: Option<TypeRef>,
    /// The `do`/`catch` statements being lowered (their `do` blocks), innermost last.
    catch_depth: u32,
    /// While lowering a deferred statement: `catch_depth` where it started (a `throw` with no
    /// `do`/`catch` since then would leave the deferred code).
    defer_catch_base: Option<u32>,
    /// The items declared in the body, by their range (see `locals.rs`).
    local_items: FxHashMap<TextRange, (SmolStr, ItemDef)>,
    /// Slang 2026 or later: `(a, b)` is a tuple (see `language.rs`).
    tuple_syntax: bool,
    /// Casts `(name)(...)` whose name denotes a value: calls (see `paren_calls.rs`).
    value_callee_casts: rustc_hash::FxHashSet<TextRange>,
}

/// A scope that `defer` statements, `break` or `continue` relate to.
struct DeferScope {
    kind: DeferScopeKind,
    /// The statements of `defer stmt;` in order of appearance (run last first).
    deferred: Vec<SyntaxNode>,
}

/// A label in scope for `break label;`.
struct LabelScope {
    label: LabelId,
    /// `defer_scopes.len()` where the labelled statement starts: `break label;` runs the defers
    /// of every scope from there inwards.
    defer_depth: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DeferScopeKind {
    Block,
    Loop,
    Switch,
}

/// The name of the local holding a return value while deferred statements run (not an
/// identifier, so no user name can clash with it).
const DEFER_RETURN_LOCAL: &str = "return value";

// ---------------------------------------------------------------------------------------------
// Untyped tree helpers

fn range_of(node: &SyntaxNode) -> TextRange {
    let r = node.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

fn token_range(t: &SyntaxToken) -> TextRange {
    let r = t.text_range();
    TextRange::new(r.start().into(), r.end().into())
}

fn tokens(node: &SyntaxNode) -> impl Iterator<Item = SyntaxToken> + use<> {
    // The iterator owns its cursor: no borrow of `node`, and nothing collected (this runs for
    // every item after every edit).
    node.children_with_tokens().filter_map(|e| e.into_token())
}

fn first_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| !t.kind().is_trivia())
}

fn has_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    tokens(node).any(|t| t.kind() == kind)
}

fn name_ref_text(node: &SyntaxNode) -> SmolStr {
    SmolStr::new(node.text().to_string().trim())
}

/// The declared name of a node: its `NAME` child (`operator+` for operator functions).
fn name_text(node: &SyntaxNode) -> SmolStr {
    node.children()
        .find(|c| c.kind() == NAME)
        .map(|n| {
            let mut parts = tokens(&n).filter(|t| !t.kind().is_trivia());
            let Some(first) = parts.next() else {
                return SmolStr::default();
            };
            // Most names are one token: no intermediate string.
            match parts.next() {
                None => SmolStr::new(first.text()),
                Some(second) => {
                    let mut text = format!("{}{}", first.text(), second.text());
                    parts.for_each(|t| text.push_str(t.text()));
                    SmolStr::new(text)
                }
            }
        })
        .unwrap_or_default()
}
