//! The grammar: recursive descent over token kinds, emitting events. Every loop consumes a
//! token or exits; nesting deeper than `MAX_DEPTH` is skipped flat with one error.
//!
//! The rules are split by concern: `items` (declarations), `decls` (what follows a
//! declaration's type), `attributes`, `generics`, `types`, `stmts`, `exprs`, and `lookahead`
//! (event-free scanners). This module keeps the shared token sets, the name and modifier
//! rules, the depth guard and the entry points.

mod attributes;
mod decls;
mod exprs;
mod generics;
mod items;
mod lookahead;
mod stmts;
mod types;

use self::exprs::arg_list;
use self::items::item;
use self::lookahead::col0_decl_start;
use self::stmts::block;
use super::{CompletedMarker, JOINT, MAX_CHAIN_LINKS, MAX_DEPTH, Marker, Parser, TokenSet};
use crate::SyntaxKind::{self, *};
use crate::T;

// ---------------------------------------------------------------------------------------------
// Token sets

/// Keywords that can only start a declaration.
const ITEM_KEYWORDS: TokenSet = TokenSet::new(&[
    STRUCT_KW,
    CLASS_KW,
    INTERFACE_KW,
    EXTENSION_KW,
    ENUM_KW,
    NAMESPACE_KW,
    TYPEDEF_KW,
    TYPEALIAS_KW,
    ASSOCIATEDTYPE_KW,
    SUBSCRIPT_KW,
    INIT_KW,
    CBUFFER_KW,
    TBUFFER_KW,
    IMPORT_KW,
    INCLUDE_KW,
    GENERIC_KW,
]);

/// Keywords that start declarations never valid inside a function body or a struct: seeing
/// one at column 0 ends an unclosed body.
const TOP_LEVEL_ONLY: TokenSet = TokenSet::new(&[
    INTERFACE_KW,
    EXTENSION_KW,
    NAMESPACE_KW,
    IMPORT_KW,
    INCLUDE_KW,
    CBUFFER_KW,
    TBUFFER_KW,
]);

const LITERAL_FIRST: TokenSet = TokenSet::new(&[
    INT_NUMBER,
    FLOAT_NUMBER,
    STRING,
    CHAR,
    TRUE_KW,
    FALSE_KW,
    NONE_KW,
]);

const DIFF_KWS: TokenSet = TokenSet::new(&[FWD_DIFF_KW, BWD_DIFF_KW, UFWD_DIFF_KW, UBWD_DIFF_KW]);

/// Tokens left for an enclosing rule when an expression is missing.
const EXPR_RECOVERY: TokenSet = TokenSet::new(&[
    T![;],
    T![')'],
    T![']'],
    T!['}'],
    T!['{'],
    T![,],
    T![:],
    IF_KW,
    FOR_KW,
    WHILE_KW,
    DO_KW,
    SWITCH_KW,
    RETURN_KW,
    CASE_KW,
    DEFAULT_KW,
    BREAK_KW,
    CONTINUE_KW,
]);

/// Tokens after `(type)` that make it a cast rather than a parenthesised expression.
const CAST_FOLLOW: TokenSet = TokenSet::new(&[
    IDENT,
    INT_NUMBER,
    FLOAT_NUMBER,
    STRING,
    CHAR,
    TRUE_KW,
    FALSE_KW,
    NONE_KW,
    THIS_KW,
    THIS_TYPE_KW,
    T!['('],
    T![!],
    T![~],
    FWD_DIFF_KW,
    BWD_DIFF_KW,
    UFWD_DIFF_KW,
    UBWD_DIFF_KW,
    SIZEOF_KW,
    COUNTOF_KW,
    NO_DIFF_KW,
]);

/// Tokens after a balanced `<...>` that make it a generic argument list in an expression.
const GENERIC_FOLLOW: TokenSet = TokenSet::new(&[
    T!['('],
    T![')'],
    T![']'],
    T!['}'],
    T![,],
    T![;],
    T![.],
    T![::],
    T![>],
    T![:],
    EOF,
]);

/// The modifier at `pos`, if any: a hard modifier keyword, or a contextual one (`out`,
/// `inline`, ...) followed by something that can follow a modifier (so `out.x = 1` and
/// `let out = 2` keep `out` as a name).
fn modifier_at(p: &Parser<'_>, pos: usize) -> Option<SyntaxKind> {
    let k = p.kind_at(pos);
    if k.is_modifier_keyword() {
        return Some(k);
    }
    if k != IDENT {
        return None;
    }
    let ck = p.contextual_at(pos);
    if !ck.is_modifier_keyword() {
        return None;
    }
    let next = p.kind_at(pos + 1);
    // `in [attr] T x`, but `out[0] = x` and `vertices[i] = v` index variables
    let attr_follows = next == T!['[']
        && matches!(lookahead::skip_balanced(p, pos + 1), Some(end)
            if matches!(p.kind_at(end), IDENT | THIS_TYPE_KW) || p.kind_at(end).is_keyword());
    let ok = matches!(next, IDENT | THIS_TYPE_KW)
        || attr_follows
        || next.is_keyword()
            && !matches!(
                next,
                THIS_KW | TRUE_KW | FALSE_KW | NONE_KW | SIZEOF_KW | COUNTOF_KW
            )
            && !DIFF_KWS.contains(next);
    ok.then_some(ck)
}

fn at_modifier(p: &Parser<'_>) -> bool {
    modifier_at(p, p.pos()).is_some()
}

/// `let`/`var` at `pos` starting a declaration: the contextual keyword followed by a name
/// (`let x = 1`). Anywhere else they are names (`int var;`, `var = 2;`, `s.let`), as in slangc.
fn binding_kw_at(p: &Parser<'_>, pos: usize) -> Option<SyntaxKind> {
    if p.kind_at(pos + 1) != IDENT {
        return None;
    }
    [LET_KW, VAR_KW].into_iter().find(|&kw| p.ckw_at(pos, kw))
}

/// At `let`/`var` starting a declaration.
fn at_binding_kw(p: &Parser<'_>) -> bool {
    binding_kw_at(p, p.pos()).is_some()
}

/// Consumes `let`/`var` as the keyword it is here.
fn bump_binding_kw(p: &mut Parser<'_>) {
    match binding_kw_at(p, p.pos()) {
        Some(kw) => p.bump_remap(kw),
        None => p.bump_any(),
    }
}

/// Tokens that clearly start a declaration, stopping error recovery in declaration lists.
fn at_item_keyword(p: &Parser<'_>) -> bool {
    p.at_ts(ITEM_KEYWORDS) || at_binding_kw(p)
}

/// Keywords that may name a variable, field or parameter (`int struct; float static;`): slangc's
/// keywords are names bound in scope, so a declared name shadows one. Statement keywords and
/// `this`/`true`/`false`/`operator` keep their meaning, so that half-written code still
/// recovers at them.
fn keyword_as_name(k: SyntaxKind) -> bool {
    k.is_keyword()
        && !matches!(
            k,
            IF_KW
                | ELSE_KW
                | FOR_KW
                | WHILE_KW
                | DO_KW
                | SWITCH_KW
                | CASE_KW
                | DEFAULT_KW
                | BREAK_KW
                | CONTINUE_KW
                | RETURN_KW
                | DISCARD_KW
                | TARGET_SWITCH_KW
                | STAGE_SWITCH_KW
                | THIS_KW
                | THIS_TYPE_KW
                | TRUE_KW
                | FALSE_KW
                | OPERATOR_KW
        )
}

/// Tokens after a declared name (`int struct = 1;`, `f(int class)`).
const DECL_NAME_FOLLOW: TokenSet = TokenSet::new(&[T![=], T![;], T![,], T!['['], T![:], T![')']]);

/// Tokens after a keyword used as a variable in an expression (`x = struct + 1;`): closers and
/// binary or postfix operators, never what follows the keyword in its own meaning.
const EXPR_NAME_FOLLOW: TokenSet = TokenSet::new(&[
    T![;],
    T![')'],
    T![']'],
    T!['}'],
    T![,],
    T![.],
    T!['['],
    T![?],
    T![:],
    T![=],
    T![+=],
    T![-=],
    T![*=],
    T![/=],
    T![%=],
    T![&=],
    T![|=],
    T![^=],
    T![<<=],
    T![++],
    T![--],
    T![+],
    T![-],
    T![*],
    T![/],
    T![%],
    T![&],
    T![&&],
    T![|],
    T![||],
    T![^],
    T![==],
    T![!=],
    T![<],
    T![<=],
    T![<<],
    T![>],
]);

/// A declared name at `pos`: an identifier, or a keyword used as one (followed by what
/// follows a declared name). Statement keywords name a variable only with an initialiser
/// (`int default = 1;`), so that `x` typed above `return;` stays an unfinished statement.
fn name_at(p: &Parser<'_>, pos: usize) -> bool {
    let k = p.kind_at(pos);
    let next = p.kind_at(pos + 1);
    k == IDENT
        || keyword_as_name(k) && (DECL_NAME_FOLLOW.contains(next) || p.line_start_at(pos + 1))
        || k.is_keyword() && k != OPERATOR_KW && next == T![=]
}

/// A keyword used as a variable in an expression at `pos` (`outputBuffer[0] = class;`). Inside
/// an expression slangc also reads statement keywords as names (`i += default;`), never at a
/// statement's start (which the statement parser decides before expressions are tried), and not
/// at a line's start, where `y =` typed above `break;` is an unfinished statement.
fn keyword_name_ref_at(p: &Parser<'_>, pos: usize) -> bool {
    let (k, next) = (p.kind_at(pos), p.kind_at(pos + 1));
    let stmt_keyword = match k {
        IF_KW | ELSE_KW | FOR_KW | WHILE_KW | DO_KW | SWITCH_KW | BREAK_KW | CONTINUE_KW
        | RETURN_KW | DISCARD_KW => true,
        // `default:` stays a label
        CASE_KW | DEFAULT_KW => next != T![:],
        _ => false,
    };
    (keyword_as_name(k) || stmt_keyword && !p.line_start_at(pos)) && EXPR_NAME_FOLLOW.contains(next)
}

/// `none` followed by what only follows a variable: a member, an index, an assignment or a step.
fn none_is_a_name(p: &Parser<'_>) -> bool {
    matches!(
        p.nth(1),
        T![.]
            | T!['[']
            | T![=]
            | T![+=]
            | T![-=]
            | T![*=]
            | T![/=]
            | T![%=]
            | T![&=]
            | T![|=]
            | T![^=]
            | T![<<=]
            | T![++]
            | T![--]
    )
}

/// Whether `k` may follow `operator` as the operator it names (`operator+`, `operator==`; `()`
/// and `[]` are two tokens, `>=`/`>>`/`>>=` glued from `>`s).
fn is_operator_symbol(k: SyntaxKind) -> bool {
    k.punct_text().is_some()
        && !matches!(
            k,
            T!['{'] | T!['}'] | T![;] | T![,] | T![.] | T![::] | T![:] | T![?] | T![#] | HASH2
        )
}

/// After `operator`: the operator's tokens. Returns false (bumping nothing) if none follows.
fn operator_symbol(p: &mut Parser<'_>) -> bool {
    if (p.at(T!['(']) && p.nth_at(1, T![')'])) || (p.at(T!['[']) && p.nth_at(1, T![']'])) {
        p.bump_any();
        p.bump_any();
    } else if p.at(SHREQ) {
        p.bump(SHREQ);
    } else if p.at(SHR) {
        p.bump(SHR);
    } else if p.at(GTEQ) {
        p.bump(GTEQ);
    } else if is_operator_symbol(p.current()) && !p.at(T!['(']) && !p.at(T!['[']) {
        p.bump_any();
    } else {
        return false;
    }
    true
}

/// `operator+` used as a value (`bwd_diff(operator*)`, `a.operator+(b)`): one `NAME_REF` holding
/// `operator` and the symbol, named like the overload's `NAME`.
fn at_operator_ref(p: &Parser<'_>) -> bool {
    p.at(OPERATOR_KW)
        && match p.nth(1) {
            T!['('] => p.nth_at(2, T![')']),
            T!['['] => p.nth_at(2, T![']']),
            k => is_operator_symbol(k),
        }
}

fn operator_name_ref(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(OPERATOR_KW);
    operator_symbol(p);
    m.complete(p, NAME_REF);
}

fn at_modifier_call(p: &Parser<'_>) -> bool {
    p.at(IDENT) && p.nth_at(1, T!['(']) && p.is_modifier_call_at(p.pos())
}

/// `layout(binding = 0, set = 1)`: a `MODIFIER` node (`NAME_REF`, `ARG_LIST`).
fn modifier_call(p: &mut Parser<'_>) {
    let m = p.start();
    name_ref(p);
    arg_list(p);
    m.complete(p, MODIFIER);
}

// ---------------------------------------------------------------------------------------------
// Depth guard

/// Enters one nesting level; beyond `MAX_DEPTH` skips the nested construct flat (balanced
/// brackets, no recursion) into an ERROR node and returns false.
fn enter(p: &mut Parser<'_>) -> bool {
    if p.depth < MAX_DEPTH {
        p.depth += 1;
        return true;
    }
    p.error_here(format!(
        "nesting is too deep (more than {MAX_DEPTH} levels): simplify this code; the nested part is skipped"
    ));
    skip_flat(p);
    false
}

/// Skips to the end of the current construct (balanced brackets, no recursion) into an ERROR node.
fn skip_flat(p: &mut Parser<'_>) {
    let m = p.start();
    let mut balance = 0u32;
    loop {
        match p.current() {
            EOF => break,
            T!['('] | T!['['] | T!['{'] => balance += 1,
            T![')'] | T![']'] | T!['}'] => {
                if balance == 0 {
                    break;
                }
                balance -= 1;
            }
            // the `;` is left for the enclosing statement, unless `else` continues this one
            T![;] if balance == 0 => {
                if p.nth(1) != ELSE_KW {
                    break;
                }
            }
            _ => {}
        }
        p.bump_any();
    }
    m.complete(p, ERROR);
}

fn leave(p: &mut Parser<'_>) {
    p.depth = p.depth.saturating_sub(1);
}

// ---------------------------------------------------------------------------------------------
// Entry points and names

pub(super) fn source_file(p: &mut Parser<'_>) {
    let m = p.start();
    while !p.at(EOF) {
        let before = p.pos();
        if p.at(T![;]) {
            // stray `;` between declarations is accepted (as Slang does)
            p.bump_any();
            continue;
        }
        item(p, ItemCtx::TopLevel);
        if p.pos() == before {
            p.err_and_bump("expected a declaration");
        }
    }
    m.complete(p, SOURCE_FILE);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ItemCtx {
    TopLevel,
    Member,
    Stmt,
}

fn name(p: &mut Parser<'_>) {
    if col0_decl_start(p) {
        p.error("expected a name");
        return;
    }
    if p.at(IDENT) {
        let m = p.start();
        p.bump_any();
        m.complete(p, NAME);
    } else if name_at(p, p.pos()) {
        // a keyword used as a name is an identifier in the tree
        let m = p.start();
        p.bump_remap(IDENT);
        m.complete(p, NAME);
    } else {
        p.error("expected a name");
    }
}

fn name_ref(p: &mut Parser<'_>) {
    let m = p.start();
    if matches!(p.current(), SIZEOF_KW | COUNTOF_KW) {
        // an operator's keyword used as a type name (`where T == countof`)
        p.bump_remap(IDENT);
    } else {
        p.bump_any();
    }
    m.complete(p, NAME_REF);
}

/// Entry point for reparsing one block on its own.
pub(super) fn block_entry(p: &mut Parser<'_>) {
    block(p);
}
