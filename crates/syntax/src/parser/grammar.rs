//! The grammar: recursive descent over token kinds, emitting events. Every loop consumes a
//! token or exits; nesting deeper than `MAX_DEPTH` is skipped flat with one error.

use super::{CompletedMarker, MAX_CHAIN_LINKS, MAX_DEPTH, Marker, Parser, TokenSet};
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
    let ok = matches!(next, IDENT | THIS_TYPE_KW | T!['['])
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
// Lookahead scanners (no events, iterative, bounded)

const SCAN_LIMIT: usize = 512;

fn is_type_name_start(p: &Parser<'_>, pos: usize) -> bool {
    match p.kind_at(pos) {
        THIS_TYPE_KW => true,
        IDENT => !p.ckw_at(pos, IS_KW) && !p.ckw_at(pos, AS_KW),
        _ => false,
    }
}

/// If a type starts at `pos`, the position just after it.
fn scan_type(p: &Parser<'_>, mut pos: usize) -> Option<usize> {
    // `expand each T`
    while (p.ckw_at(pos, EXPAND_KW) || p.ckw_at(pos, EACH_KW)) && is_type_name_start(p, pos + 1) {
        pos += 1;
    }
    if !is_type_name_start(p, pos) {
        return None;
    }
    pos += 1;
    loop {
        if p.kind_at(pos) == T![<] {
            match scan_generic_args(p, pos, GenericScan::Type) {
                Some(end) => pos = end,
                None => return Some(pos),
            }
        }
        if matches!(p.kind_at(pos), T![.] | T![::])
            && is_type_name_start(p, pos + 1)
            && !dangling_dot_at(p, pos)
        {
            pos += 2;
            continue;
        }
        break;
    }
    // array suffixes `[N]`, `[]`
    while p.kind_at(pos) == T!['['] {
        let mut i = pos + 1;
        let mut depth = 1;
        while depth > 0 {
            match p.kind_at(i) {
                T!['['] => depth += 1,
                T![']'] => depth -= 1,
                IDENT | INT_NUMBER | T![.] | T![::] | T![+] | T![-] | T![*] | T!['('] | T![')'] => {
                }
                _ => return Some(pos),
            }
            i += 1;
            if i - pos > 64 {
                return Some(pos);
            }
        }
        pos = i;
    }
    Some(pos)
}

/// Where a `<...>` is scanned: after a type name (a declaration's type, a cast) or after a name in
/// an expression, where `a < b` may also be a comparison.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GenericScan {
    Type,
    Expr,
}

/// At `<`: if a balanced `<...>` of types and value arguments follows, the position after the
/// closing `>`. Value arguments are expressions (`Buf<A + B>`, `vector<float, N * 2>`); in an
/// expression only arithmetic ones count, so `a < b && c > d` stays a comparison. In a type, a
/// nested `<` that opens no list is a comparison (`Buf<N < 2 ? 1 : 2>`); inside parentheses `<`
/// and `>` are always operators (`Foo<(N < 2)>`).
fn scan_generic_args(p: &Parser<'_>, pos: usize, mode: GenericScan) -> Option<usize> {
    // Trying both readings of nested `<` could take exponential time: a step budget bounds it.
    let mut budget = SCAN_LIMIT * 4;
    scan_generic_list(p, pos, mode, 0, &mut budget)
}

/// At `<` (`pos`): the position after its closing `>`.
fn scan_generic_list(
    p: &Parser<'_>,
    pos: usize,
    mode: GenericScan,
    nesting: u32,
    budget: &mut usize,
) -> Option<usize> {
    scan_generic_rest(p, pos + 1, mode, nesting + 1, budget)
}

/// Scans generic arguments from `i` to the `>` closing the list; a nested `<` is first read as
/// opening a list, then (in a type) as a comparison if the rest does not scan that way.
fn scan_generic_rest(
    p: &Parser<'_>,
    mut i: usize,
    mode: GenericScan,
    nesting: u32,
    budget: &mut usize,
) -> Option<usize> {
    if nesting > 64 {
        return None;
    }
    let mut parens = 0usize;
    loop {
        *budget = budget.checked_sub(1)?;
        match p.kind_at(i) {
            T![<] if parens == 0 => {
                if let Some(end) = scan_generic_list(p, i, mode, nesting, budget)
                    && let Some(close) = scan_generic_rest(p, end, mode, nesting + 1, budget)
                {
                    return Some(close);
                }
                if mode == GenericScan::Expr {
                    return None;
                }
            }
            T![>] if parens == 0 => return Some(i + 1),
            T!['('] => parens += 1,
            T![')'] => parens = parens.checked_sub(1)?,
            IDENT
            | THIS_TYPE_KW
            | INT_NUMBER
            | FLOAT_NUMBER
            | TRUE_KW
            | FALSE_KW
            | T![,]
            | T![.]
            | T![::]
            | T!['[']
            | T![']']
            | T![+]
            | T![-]
            | T![*]
            | T![/]
            | T![%]
            | T![<]
            | T![>] => {}
            T![&]
            | T![|]
            | T![^]
            | T![<<]
            | T![!]
            | T![~]
            | T![?]
            | T![:]
            | T![==]
            | T![!=]
            | T![<=]
            | T![&&]
            | T![||]
                if mode == GenericScan::Type => {}
            _ => return None,
        }
        i += 1;
    }
}

/// `Foo<T>` followed by something that makes the `<` generic in an expression.
fn generic_args_follow(p: &Parser<'_>) -> bool {
    match scan_generic_args(p, p.pos(), GenericScan::Expr) {
        Some(end) => GENERIC_FOLLOW.contains(p.kind_at(end)),
        None => false,
    }
}

/// A type followed by a name: a declaration statement (`Foo<int> x;` but not `a < b;`).
/// `x is T` / `x as T` are expressions, but `int is = 2;` declares a variable named `is`.
fn looks_like_decl_at(p: &Parser<'_>, pos: usize) -> bool {
    match scan_type(p, pos) {
        Some(end) => {
            let cast_op = p.ckw_at(end, IS_KW) || p.ckw_at(end, AS_KW);
            p.kind_at(end) == IDENT
                && (!cast_op
                    || matches!(p.kind_at(end + 1), T![=] | T![;] | T![,] | T!['['] | T![:]))
                || p.kind_at(end) == OPERATOR_KW
                || name_at(p, end) && p.kind_at(end + 1) != T![')']
        }
        None => false,
    }
}

/// Skips a balanced bracket group starting at `pos` (one of `(`, `[`, `{`, `<`).
fn skip_balanced(p: &Parser<'_>, pos: usize) -> Option<usize> {
    let open = p.kind_at(pos);
    let close = match open {
        T!['('] => T![')'],
        T!['['] => T![']'],
        T!['{'] => T!['}'],
        T![<] => T![>],
        _ => return None,
    };
    let mut depth = 0usize;
    let mut i = pos;
    while i - pos < SCAN_LIMIT {
        let k = p.kind_at(i);
        if k == open {
            depth += 1;
        } else if k == close {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        } else if k == EOF {
            return None;
        }
        i += 1;
    }
    None
}

/// At column 0 inside a body: does a declaration that cannot be a statement/member start
/// here? Used to end an unclosed `{` without swallowing the following declarations.
fn col0_item_start(p: &Parser<'_>, in_block: bool) -> bool {
    let mut i = p.pos();
    while p.kind_at(i) == T!['['] {
        match skip_balanced(p, i) {
            Some(end) => i = end,
            None => return false,
        }
    }
    while modifier_at(p, i).is_some() {
        i += 1;
    }
    if p.kind_at(i) == GENERIC_KW {
        return true;
    }
    let k = p.kind_at(i);
    if TOP_LEVEL_ONLY.contains(k) {
        return true;
    }
    if (p.ckw_at(i, MODULE_KW) || p.ckw_at(i, IMPLEMENTING_KW))
        && matches!(p.kind_at(i + 1), IDENT | STRING)
    {
        return true;
    }
    if !in_block {
        return false;
    }
    // Local types are legal but never written at column 0 inside a function body, while a
    // body that lacks its `}` is followed by exactly such declarations.
    if matches!(
        k,
        STRUCT_KW | CLASS_KW | ENUM_KW | TYPEDEF_KW | TYPEALIAS_KW
    ) {
        return true;
    }
    // `Type name(` / `Type name<`: a function definition, never a statement (`defer f();` is
    // one).
    if p.ckw_at(i, DEFER_KW) {
        return false;
    }
    match scan_type(p, i) {
        Some(end) if p.kind_at(end) == IDENT => {
            matches!(p.kind_at(end + 1), T!['('])
                || p.kind_at(end + 1) == T![<] && {
                    matches!(skip_balanced(p, end + 1), Some(after) if p.kind_at(after) == T!['('])
                }
        }
        _ => false,
    }
}

/// A declaration at column 0 (`float after() {`, `struct S`, `[attr]`, `static ...`, `int x = 1;`)
/// where a half-written declaration above wants a type or a name: that declaration ends there.
/// The first type of the declaration being parsed is its own (`void` of `[numthreads(1,1,1)]`
/// / `void` / `main()` on three lines).
fn col0_decl_start(p: &Parser<'_>) -> bool {
    if !p.at_col0() || p.pos() == p.decl_start {
        return false;
    }
    if p.at_ts(ITEM_KEYWORDS)
        || at_binding_kw(p)
        || p.at(T!['['])
        || at_modifier(p)
        || at_modifier_call(p)
        || col0_item_start(p, true)
    {
        return true;
    }
    matches!(scan_type(p, p.pos()), Some(end) if name_at(p, end) && matches!(p.kind_at(end + 1), T![;] | T![=]))
}

/// A declaration (`float y = 1;`) first on its line inside an expression (`x = a.` above it):
/// never a continuation of the expression, so the expression ends before it.
fn decl_on_new_line(p: &Parser<'_>) -> bool {
    decl_on_new_line_at(p, p.pos())
}

/// A variable declaration (`float after = 1;`) first on its line where a type is wanted
/// (`var y :` above it), other than the type the declaration being parsed starts with.
fn var_decl_on_new_line(p: &Parser<'_>) -> bool {
    p.line_start_at(p.pos())
        && p.pos() != p.decl_start
        && matches!(scan_type(p, p.pos()), Some(end) if name_at(p, end) && matches!(p.kind_at(end + 1), T![;] | T![=]))
}

/// `a.` ending its line above a declaration (`float y = 1;`): the member is still to be typed,
/// the next line is not part of a dotted type (`a.float y`).
fn dangling_dot_at(p: &Parser<'_>, dot: usize) -> bool {
    !p.line_start_at(dot) && decl_on_new_line_at(p, dot + 1)
}

fn decl_on_new_line_at(p: &Parser<'_>, pos: usize) -> bool {
    // `Type name` then `=`, `;` or `(`: not `shape` / `is` / `Circle` on three lines
    p.line_start_at(pos)
        && matches!(scan_type(p, pos), Some(end) if p.kind_at(end) == IDENT
            && !p.ckw_at(end, IS_KW)
            && !p.ckw_at(end, AS_KW)
            && matches!(p.kind_at(end + 1), T![=] | T![;] | T!['(']))
}

/// Inside a function body: does a member declaration start here (`__init(...)`,
/// `__subscript`, `property x`, or a function definition `T name(...) {`)? None of these can be
/// a statement, so they mean the body lacks its `}`.
fn member_start_in_block(p: &Parser<'_>) -> bool {
    let mut i = p.pos();
    while p.kind_at(i) == T!['['] {
        match skip_balanced(p, i) {
            Some(end) => i = end,
            None => return false,
        }
    }
    while modifier_at(p, i).is_some() {
        i += 1;
    }
    match p.kind_at(i) {
        INIT_KW | SUBSCRIPT_KW | GENERIC_KW => return true,
        IDENT if p.ckw_at(i, PROPERTY_KW) && p.kind_at(i + 1) == IDENT => return true,
        _ => {}
    }
    match scan_type(p, i) {
        Some(end) if p.kind_at(end) == IDENT && p.kind_at(end + 1) == T!['('] => {
            matches!(skip_balanced(p, end + 1), Some(after) if p.kind_at(after) == T!['{'])
        }
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Items

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

fn item(p: &mut Parser<'_>, ctx: ItemCtx) {
    if !enter(p) {
        return;
    }
    let m = p.start();
    let had_prefix = attrs_and_modifiers(p);
    item_after_modifiers(p, m, had_prefix, ctx);
    leave(p);
}

/// Attributes, modifier keywords and `__generic<...>` in any order. Returns whether any.
fn attrs_and_modifiers(p: &mut Parser<'_>) -> bool {
    let start = p.pos();
    loop {
        if p.at(T!['[']) {
            attribute(p);
        } else if let Some(kind) = modifier_at(p, p.pos()) {
            p.bump_remap(if kind == UREF_KW { REF_KW } else { kind });
        } else if at_modifier_call(p) {
            modifier_call(p);
        } else if p.at(GENERIC_KW) {
            generic_param_list(p);
        } else {
            break;
        }
    }
    p.pos() != start
}

fn attributes(p: &mut Parser<'_>) -> bool {
    let start = p.pos();
    while p.at(T!['[']) {
        attribute(p);
    }
    p.pos() != start
}

/// `[name]`, `[name(args)]`, `[ns::name(args)]`, `[[vk::binding(0)]]`; `[A, B(1)]` lists several,
/// one ATTRIBUTE node each (the first holds the `[` and its `,`, the last the `]`).
fn attribute(p: &mut Parser<'_>) {
    let mut m = p.start();
    p.bump(T!['[']);
    let double = p.eat(T!['[']);
    loop {
        if p.at(IDENT) || p.current().is_keyword() {
            let path = p.start();
            attr_segment(p);
            while matches!(p.current(), T![::] | T![.])
                && (p.nth_at(1, IDENT) || p.nth(1).is_keyword())
            {
                p.bump_any();
                attr_segment(p);
            }
            path.complete(p, PATH);
            if p.at(T!['(']) {
                arg_list(p);
            }
        } else {
            p.error("expected an attribute name after '['");
        }
        if p.at(T![,]) && (p.nth_at(1, IDENT) || p.nth(1).is_keyword()) {
            p.bump_any();
            m.complete(p, ATTRIBUTE);
            m = p.start();
            continue;
        }
        break;
    }
    if !p.eat(T![']']) {
        p.error("expected ']' to close the attribute");
        // skip junk inside the brackets up to the closing `]` on a best-effort basis
        while !p.at(EOF) && !p.at(T![']']) && !p.at(T![;]) && !p.at(T!['{']) && !p.at(T!['}']) {
            if p.at_col0() {
                break;
            }
            p.bump_any();
        }
        p.eat(T![']']);
    }
    if double {
        p.expect(T![']'], "expected ']]' to close the attribute");
    }
    m.complete(p, ATTRIBUTE);
}

fn attr_segment(p: &mut Parser<'_>) {
    let seg = p.start();
    let n = p.start();
    p.bump_any();
    n.complete(p, NAME_REF);
    seg.complete(p, PATH_SEGMENT);
}

fn item_after_modifiers(p: &mut Parser<'_>, m: Marker, had_prefix: bool, ctx: ItemCtx) {
    p.decl_start = p.pos();
    match p.current() {
        STRUCT_KW | CLASS_KW => struct_like(p, m, STRUCT),
        INTERFACE_KW => struct_like(p, m, INTERFACE),
        EXTENSION_KW => extension(p, m),
        ENUM_KW => enum_(p, m),
        NAMESPACE_KW => namespace(p, m),
        TYPEDEF_KW => typedef(p, m),
        TYPEALIAS_KW => typealias(p, m),
        ASSOCIATEDTYPE_KW => assoc_type(p, m),
        SUBSCRIPT_KW => subscript(p, m),
        INIT_KW => init(p, m),
        CBUFFER_KW | TBUFFER_KW => cbuffer(p, m),
        IMPORT_KW => {
            p.bump_any();
            module_ref(p);
            p.expect(T![;], "expected ';' after the import");
            m.complete(p, IMPORT);
        }
        INCLUDE_KW => {
            p.bump_any();
            module_ref(p);
            p.expect(T![;], "expected ';' after '__include'");
            m.complete(p, INCLUDE);
        }
        IDENT if at_binding_kw(p) => {
            bump_binding_kw(p);
            declarators(p, true);
            p.expect(T![;], "expected ';' after the declaration");
            m.complete(p, VAR_DECL);
        }
        IDENT if p.at_ckw(MODULE_KW) && matches!(p.nth(1), IDENT | STRING) => {
            p.bump_remap(MODULE_KW);
            module_ref(p);
            p.expect(T![;], "expected ';' after the module declaration");
            m.complete(p, MODULE_DECL);
        }
        IDENT if p.at_ckw(IMPLEMENTING_KW) && matches!(p.nth(1), IDENT | STRING) => {
            p.bump_remap(IMPLEMENTING_KW);
            module_ref(p);
            p.expect(T![;], "expected ';' after 'implementing'");
            m.complete(p, IMPLEMENTING);
        }
        // `using ns;` / `using namespace ns;`: the names of `ns` become visible unqualified.
        IDENT
            if p.at_ckw(USING_KW)
                && (p.nth(1) == NAMESPACE_KW || p.nth(1) == IDENT && p.nth(2) != T![=]) =>
        {
            p.bump_remap(USING_KW);
            p.eat(NAMESPACE_KW);
            if col0_decl_start(p) || !is_type_name_start(p, p.pos()) {
                p.error("expected a namespace name");
            } else {
                type_path(p);
            }
            p.expect(T![;], "expected ';' after the `using` declaration");
            m.complete(p, USING);
        }
        IDENT if p.at_ckw(PROPERTY_KW) && matches!(p.nth(1), IDENT | THIS_TYPE_KW) => {
            property(p, m)
        }
        IDENT if p.at_ckw(FUNC_KW) && p.nth_at(1, IDENT) && matches!(p.nth(2), T!['('] | T![<]) => {
            p.bump_remap(FUNC_KW);
            name(p);
            fn_rest(p, m);
        }
        IDENT | THIS_TYPE_KW => decl_after_type(p, m),
        _ if ctx == ItemCtx::Stmt => {
            p.error("expected a declaration");
            m.complete(p, ERROR);
        }
        _ if had_prefix => {
            p.error("expected a declaration after the attributes and modifiers");
            m.complete(p, ERROR);
        }
        _ => {
            m.abandon(p);
            junk(p, ctx);
        }
    }
}

/// Skips tokens that cannot start a declaration into one ERROR node with one error, stopping
/// at something that clearly starts one (a keyword, an attribute, a token at column 0).
fn junk(p: &mut Parser<'_>, ctx: ItemCtx) {
    if p.at(EOF) || (ctx == ItemCtx::Member && p.at(T!['}'])) {
        return;
    }
    p.error("expected a declaration (a function, struct, variable, ...)");
    let m = p.start();
    loop {
        match p.current() {
            EOF => break,
            T!['{'] => {
                // skip a balanced block in one go
                let mut depth = 0u32;
                loop {
                    match p.current() {
                        EOF => break,
                        T!['{'] => depth += 1,
                        T!['}'] => {
                            depth -= 1;
                            if depth == 0 {
                                p.bump_any();
                                break;
                            }
                        }
                        _ => {}
                    }
                    p.bump_any();
                }
            }
            T![;] => {
                p.bump_any();
                break;
            }
            _ => p.bump_any(),
        }
        if p.at(EOF)
            || at_item_keyword(p)
            || at_modifier(p)
            || p.at(T!['['])
            || p.at_col0()
            || (ctx == ItemCtx::Member && p.at(T!['}']))
        {
            break;
        }
    }
    m.complete(p, ERROR);
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
    p.bump_any();
    m.complete(p, NAME_REF);
}

/// After attributes/modifiers, at a type: a function (`T f(...)`), an operator overload or
/// variables (`T a, b[3] = ...;`).
fn decl_after_type(p: &mut Parser<'_>, m: Marker) {
    p.decl_start = p.pos();
    type_(p);
    if p.at(OPERATOR_KW) {
        let n = p.start();
        p.bump_any();
        if !operator_symbol(p) {
            p.error("expected an operator after 'operator'");
        }
        n.complete(p, NAME);
        fn_rest(p, m);
        return;
    }
    if name_at(p, p.pos()) {
        if matches!(p.nth(1), T!['('] | T![<]) {
            name(p);
            fn_rest(p, m);
        } else {
            declarators(p, false);
            p.expect(T![;], "expected ';' after the declaration");
            m.complete(p, VAR_DECL);
        }
        return;
    }
    p.error("expected a name after the type");
    p.eat(T![;]);
    m.complete(p, VAR_DECL);
}

/// After the function name: generic parameters, parameters, return type (`-> T`),
/// semantic, `where` clauses, body or `;`.
fn fn_rest(p: &mut Parser<'_>, m: Marker) {
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T!['(']) {
        param_list(p, false);
    } else {
        p.error("expected '(' to start the parameter list");
    }
    if p.eat(T![->]) {
        type_(p);
    }
    while p.at(T![:]) {
        semantic(p);
    }
    where_clauses(p);
    if p.at(T!['{']) {
        block(p);
    } else if !p.eat(T![;]) {
        p.error("expected '{' or ';' after the function signature");
    }
    m.complete(p, FN);
}

fn param_list(p: &mut Parser<'_>, accessor: bool) {
    let m = p.start();
    p.bump(T!['(']);
    while !p.at(T![')']) && !p.at(EOF) {
        // a field below an unclosed list (`float after;`) is never a parameter
        let field_below = p.line_start_at(p.pos())
            && matches!(scan_type(p, p.pos()), Some(end) if name_at(p, end) && p.kind_at(end + 1) == T![;]);
        if matches!(p.current(), T!['{'] | T![;] | T!['}']) || col0_decl_start(p) || field_below {
            break;
        }
        let before = p.pos();
        param(p, accessor);
        if p.pos() == before {
            p.err_and_bump("expected a parameter");
            continue;
        }
        if !p.at(T![')']) && !p.eat(T![,]) {
            if matches!(p.current(), T!['{'] | T![;] | T!['}']) {
                break;
            }
            p.error("expected ',' or ')' in the parameter list");
        }
    }
    p.expect(T![')'], "expected ')' to close the parameter list");
    m.complete(p, PARAM_LIST);
}

fn param(p: &mut Parser<'_>, accessor: bool) {
    let m = p.start();
    attrs_and_modifiers(p);
    p.decl_start = p.pos();
    if accessor && p.at(IDENT) && matches!(p.nth(1), T![')'] | T![,]) {
        name(p);
    } else if p.at(IDENT) && p.nth_at(1, T![:]) {
        // `func`-style `x : float`
        name(p);
        p.bump(T![:]);
        type_(p);
    } else if is_type_name_start(p, p.pos()) || p.at_ckw(EXPAND_KW) || p.at_ckw(EACH_KW) {
        type_(p);
        if name_at(p, p.pos()) {
            name(p);
        }
        while p.at(T!['[']) {
            array_suffix(p);
        }
    } else if !p.at(T![')']) && !p.at(T![,]) {
        p.error("expected a parameter type");
        if !matches!(p.current(), T!['{'] | T![;] | T!['}'] | EOF) {
            let e = p.start();
            p.bump_any();
            e.complete(p, ERROR);
        }
    }
    while p.at(T![:]) {
        semantic(p);
    }
    if p.eat(T![=]) {
        expr(p);
    }
    m.complete(p, PARAM);
}

/// `: SV_Target`, `: register(b0, space1)`, `: packoffset(c0.x)`.
fn semantic(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T![:]);
    if p.at(IDENT) {
        name_ref(p);
        if p.at(T!['(']) {
            arg_list(p);
        }
    } else if p.at(INT_NUMBER) {
        // `uint flags : 4;`: slangc packs bit fields; a full-width field would change the
        // struct's layout, so they are refused here, with the width kept in the tree
        p.error_here(
            "bit fields (`uint a : 4;`) are not supported: declare a full-width field and mask it",
        );
        p.bump_any();
    } else {
        p.error("expected a semantic name after ':'");
    }
    m.complete(p, SEMANTIC);
}

fn array_suffix(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T!['[']);
    if !p.at(T![']']) {
        expr(p);
    }
    p.expect(T![']'], "expected ']' to close the array size");
    m.complete(p, ARRAY_SUFFIX);
}

/// `a`, `b[3] : SEM = init`; with `let_style`, `x : float = init`.
fn declarators(p: &mut Parser<'_>, let_style: bool) {
    loop {
        let m = p.start();
        name(p);
        while p.at(T!['[']) {
            array_suffix(p);
        }
        if let_style {
            if p.eat(T![:]) {
                type_(p);
            }
        } else {
            while p.at(T![:]) {
                semantic(p);
            }
        }
        if p.eat(T![=]) {
            expr(p);
        }
        m.complete(p, DECLARATOR);
        if !p.eat(T![,]) {
            break;
        }
    }
}

fn generic_param_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.eat(GENERIC_KW);
    if !p.eat(T![<]) {
        p.error("expected '<' to start the generic parameters");
        m.complete(p, GENERIC_PARAM_LIST);
        return;
    }
    while !p.at(T![>]) && !p.at(EOF) {
        let before = p.pos();
        generic_param(p);
        if p.pos() == before {
            break;
        }
        if !p.at(T![>]) && !p.eat(T![,]) {
            break;
        }
    }
    p.expect(T![>], "expected '>' to close the generic parameters");
    m.complete(p, GENERIC_PARAM_LIST);
}

fn generic_param(p: &mut Parser<'_>) {
    let m = p.start();
    p.decl_start = p.pos();
    if at_binding_kw(p) {
        bump_binding_kw(p);
        name(p);
        if p.eat(T![:]) {
            type_(p);
        }
        if p.eat(T![=]) {
            expr_no_gt(p);
        }
        m.complete(p, VALUE_PARAM);
    } else if p.at_ckw(EACH_KW) && p.nth_at(1, IDENT) {
        p.bump_remap(EACH_KW);
        name(p);
        if p.eat(T![:]) {
            type_(p);
        }
        m.complete(p, TYPE_PARAM);
    } else if p.at(IDENT) && p.nth_at(1, IDENT) {
        // `int N`
        type_(p);
        name(p);
        if p.eat(T![=]) {
            expr_no_gt(p);
        }
        m.complete(p, VALUE_PARAM);
    } else if p.at(IDENT) {
        name(p);
        if p.eat(T![:]) {
            constraint_types(p);
        }
        if p.eat(T![=]) {
            type_(p);
        }
        m.complete(p, TYPE_PARAM);
    } else {
        p.error("expected a generic parameter ('T', 'T : IFoo', 'let N : int', 'each T')");
        m.abandon(p);
    }
}

/// `IA` or a conjunction `IA & IB` of constraints.
fn constraint_types(p: &mut Parser<'_>) {
    type_(p);
    while p.eat(T![&]) {
        type_(p);
    }
}

/// `where T : IFoo, U : IBar` (possibly repeated).
fn where_clauses(p: &mut Parser<'_>) {
    while p.at_ckw(WHERE_KW) {
        let m = p.start();
        p.bump_remap(WHERE_KW);
        loop {
            let pred = p.start();
            type_(p);
            // `T : IFoo`, or a type equality `T.Differential == T`
            if p.eat(T![==]) {
                type_(p);
            } else {
                p.expect(T![:], "expected ':' and a constraint in the 'where' clause");
                constraint_types(p);
                // `where T : IA, IB`: more constraints on the same type
                while p.at(T![,])
                    && matches!(scan_type(p, p.pos() + 1), Some(end) if !matches!(p.kind_at(end), T![:] | T![==]))
                {
                    p.bump_any();
                    constraint_types(p);
                }
            }
            pred.complete(p, WHERE_PRED);
            // `, U : IBar` continues the clause
            if p.at(T![,])
                && matches!(scan_type(p, p.pos() + 1), Some(end) if matches!(p.kind_at(end), T![:] | T![==]))
            {
                p.bump_any();
                continue;
            }
            break;
        }
        m.complete(p, WHERE_CLAUSE);
    }
}

fn base_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T![:]);
    loop {
        type_(p);
        if !p.eat(T![,]) {
            break;
        }
    }
    m.complete(p, BASE_LIST);
}

fn struct_like(p: &mut Parser<'_>, m: Marker, kind: SyntaxKind) {
    p.bump_any();
    name(p);
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T![:]) {
        base_list(p);
    }
    where_clauses(p);
    if p.at(T!['{']) {
        member_list(p, MEMBER_LIST);
        p.eat(T![;]);
    } else if !p.eat(T![;]) {
        p.error("expected '{' to start the body");
    }
    m.complete(p, kind);
}

fn extension(p: &mut Parser<'_>, m: Marker) {
    p.bump(EXTENSION_KW);
    if p.at(T![<]) {
        generic_param_list(p);
    }
    type_(p);
    if p.at(T![:]) {
        base_list(p);
    }
    where_clauses(p);
    if p.at(T!['{']) {
        member_list(p, MEMBER_LIST);
        p.eat(T![;]);
    } else {
        p.error("expected '{' to start the extension body");
    }
    m.complete(p, EXTENSION);
}

/// `{ members }` for structs/interfaces/extensions/cbuffers, `{ items }` for namespaces.
fn member_list(p: &mut Parser<'_>, kind: SyntaxKind) {
    let m = p.start();
    p.bump(T!['{']);
    let ctx = if kind == ITEM_LIST {
        ItemCtx::TopLevel
    } else {
        ItemCtx::Member
    };
    while !p.at(T!['}']) && !p.at(EOF) {
        if p.at_col0() && kind == MEMBER_LIST && col0_item_start(p, false) {
            break;
        }
        if p.at(T![;]) {
            p.bump_any();
            continue;
        }
        let before = p.pos();
        item(p, ctx);
        if p.pos() == before {
            p.err_and_bump("expected a member declaration");
        }
    }
    p.expect(T!['}'], "expected '}' to close the body");
    m.complete(p, kind);
}

fn enum_(p: &mut Parser<'_>, m: Marker) {
    p.bump(ENUM_KW);
    if !p.eat(CLASS_KW) {
        p.eat(STRUCT_KW);
    }
    name(p);
    if p.at(T![:]) {
        base_list(p);
    }
    if p.at(T!['{']) {
        let list = p.start();
        p.bump_any();
        while !p.at(T!['}']) && !p.at(EOF) {
            let v = p.start();
            attributes(p);
            if p.at(IDENT) {
                name(p);
                if p.eat(T![=]) {
                    expr(p);
                }
                v.complete(p, ENUM_VARIANT);
            } else {
                v.abandon(p);
                if p.at_col0() && at_item_keyword(p) {
                    break;
                }
                p.err_and_bump("expected an enum case name");
                continue;
            }
            if !p.at(T!['}']) && !p.eat(T![,]) {
                p.error("expected ',' or '}' after the enum case");
                if !p.at(IDENT) {
                    break;
                }
            }
        }
        p.expect(T!['}'], "expected '}' to close the enum");
        list.complete(p, ENUM_VARIANT_LIST);
        p.eat(T![;]);
    } else {
        p.error("expected '{' to start the enum cases");
        p.eat(T![;]);
    }
    m.complete(p, ENUM);
}

fn namespace(p: &mut Parser<'_>, m: Marker) {
    p.bump(NAMESPACE_KW);
    name(p);
    while matches!(p.current(), T![::] | T![.]) && p.nth_at(1, IDENT) {
        p.bump_any();
        name(p);
    }
    if p.at(T!['{']) {
        member_list(p, ITEM_LIST);
        p.eat(T![;]);
    } else {
        p.error("expected '{' to start the namespace body");
    }
    m.complete(p, NAMESPACE);
}

fn typedef(p: &mut Parser<'_>, m: Marker) {
    p.bump(TYPEDEF_KW);
    // the aliased type may start the next line (`typedef` / `float Real;`)
    p.decl_start = p.pos();
    type_(p);
    name(p);
    while p.at(T!['[']) {
        array_suffix(p);
    }
    p.expect(T![;], "expected ';' after the typedef");
    m.complete(p, TYPEDEF);
}

fn typealias(p: &mut Parser<'_>, m: Marker) {
    p.bump(TYPEALIAS_KW);
    name(p);
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T![:]) {
        base_list(p);
    }
    if p.eat(T![=]) {
        type_(p);
    }
    p.expect(T![;], "expected ';' after the typealias");
    m.complete(p, TYPEALIAS);
}

fn assoc_type(p: &mut Parser<'_>, m: Marker) {
    p.bump(ASSOCIATEDTYPE_KW);
    name(p);
    if p.at(T![:]) {
        base_list(p);
    }
    where_clauses(p);
    p.expect(T![;], "expected ';' after the associated type");
    m.complete(p, ASSOC_TYPE);
}

fn subscript(p: &mut Parser<'_>, m: Marker) {
    p.bump(SUBSCRIPT_KW);
    if p.at(T!['(']) {
        param_list(p, false);
    } else {
        p.error("expected '(' to start the subscript parameters");
    }
    if p.eat(T![->]) {
        type_(p);
    }
    if p.at(T!['{']) {
        accessor_list(p);
    } else {
        p.expect(T![;], "expected '{ get ... }' or ';' after the subscript");
    }
    m.complete(p, SUBSCRIPT);
}

fn init(p: &mut Parser<'_>, m: Marker) {
    p.bump(INIT_KW);
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T!['(']) {
        param_list(p, false);
    } else {
        p.error("expected '(' to start the constructor parameters");
    }
    if p.at(T!['{']) {
        block(p);
    } else {
        p.expect(T![;], "expected '{' or ';' after the constructor signature");
    }
    m.complete(p, INIT);
}

fn cbuffer(p: &mut Parser<'_>, m: Marker) {
    p.bump_any();
    name(p);
    while p.at(T![:]) {
        semantic(p);
    }
    if p.at(T!['{']) {
        member_list(p, MEMBER_LIST);
        p.eat(T![;]);
    } else {
        p.error("expected '{' to start the buffer body");
    }
    m.complete(p, CBUFFER);
}

/// `property name : T { get; set(v) {...} }` or `property T name { get; }`.
fn property(p: &mut Parser<'_>, m: Marker) {
    p.bump_remap(PROPERTY_KW);
    if p.at(IDENT) && p.nth_at(1, T![:]) {
        name(p);
        p.bump(T![:]);
        type_(p);
    } else {
        type_(p);
        name(p);
    }
    if p.at(T!['{']) {
        accessor_list(p);
    } else {
        p.expect(T![;], "expected '{ get; }' or ';' after the property");
    }
    m.complete(p, PROPERTY);
}

fn accessor_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T!['{']);
    while !p.at(T!['}']) && !p.at(EOF) {
        let a = p.start();
        attrs_and_modifiers(p);
        let kw = if p.at_ckw(GET_KW) {
            GET_KW
        } else if p.at_ckw(SET_KW) {
            SET_KW
        } else if p.at_ckw(REF_KW) {
            REF_KW
        } else {
            TOMBSTONE
        };
        if kw == TOMBSTONE {
            a.abandon(p);
            // a member after a property that lacks its `}`
            if member_start_in_block(p)
                || at_item_keyword(p)
                || looks_like_decl_at(p, p.pos())
                || p.at_col0() && col0_item_start(p, true)
            {
                break;
            }
            p.error("expected 'get', 'set' or 'ref'");
            let junk = p.start();
            while !p.at(EOF)
                && !p.at(T!['}'])
                && !p.at_ckw(GET_KW)
                && !p.at_ckw(SET_KW)
                && !p.at_ckw(REF_KW)
            {
                if p.at(T!['{']) {
                    // skip a stray body in one piece
                    let mut depth = 0u32;
                    loop {
                        match p.current() {
                            EOF => break,
                            T!['{'] => depth += 1,
                            T!['}'] => {
                                depth -= 1;
                                if depth == 0 {
                                    p.bump_any();
                                    break;
                                }
                            }
                            _ => {}
                        }
                        p.bump_any();
                    }
                    continue;
                }
                p.bump_any();
            }
            junk.complete(p, ERROR);
            continue;
        }
        p.bump_remap(kw);
        if p.at(T!['(']) {
            param_list(p, true);
        }
        if p.at(T!['{']) {
            block(p);
        } else {
            p.expect(T![;], "expected '{' or ';' after the accessor");
        }
        a.complete(p, ACCESSOR);
    }
    p.expect(T!['}'], "expected '}' to close the accessors");
    m.complete(p, ACCESSOR_LIST);
}

/// `a.b.c`, `a::b` or `"file"`.
fn module_ref(p: &mut Parser<'_>) {
    if p.at(STRING) {
        p.bump_any();
        return;
    }
    if !p.at(IDENT) || col0_decl_start(p) {
        p.error("expected a module name or a file name string");
        return;
    }
    let m = p.start();
    p.bump_any();
    while matches!(p.current(), T![.] | T![::]) && p.nth_at(1, IDENT) {
        p.bump_any();
        p.bump_any();
    }
    m.complete(p, MODULE_PATH);
}

// ---------------------------------------------------------------------------------------------
// Types

fn type_(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    if !enter(p) {
        return None;
    }
    let result = type_inner(p);
    leave(p);
    result
}

fn type_inner(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    if (p.at_ckw(EXPAND_KW) || p.at_ckw(EACH_KW))
        && (is_type_name_start(p, p.pos() + 1) || p.nth_at_ckw(1, EACH_KW))
    {
        let kind = if p.at_ckw(EXPAND_KW) {
            EXPAND_KW
        } else {
            EACH_KW
        };
        let m = p.start();
        p.bump_remap(kind);
        type_(p);
        return Some(m.complete(
            p,
            if kind == EXPAND_KW {
                EXPAND_TYPE
            } else {
                EACH_TYPE
            },
        ));
    }
    if !is_type_name_start(p, p.pos()) || col0_decl_start(p) || var_decl_on_new_line(p) {
        p.error("expected a type");
        return None;
    }
    let m = p.start();
    type_path(p);
    let mut ty = m.complete(p, PATH_TYPE);
    let mut links = 0;
    while p.at(T!['[']) {
        if !enter(p) {
            break;
        }
        links += 1;
        let m = ty.precede(p);
        p.bump_any();
        if !p.at(T![']']) {
            expr(p);
        }
        p.expect(T![']'], "expected ']' to close the array type");
        ty = m.complete(p, ARRAY_TYPE);
    }
    p.depth -= links;
    Some(ty)
}

/// `a::b.C<T>.D`: segments separated by `.`/`::`; `<` after a segment is always generic.
fn type_path(p: &mut Parser<'_>) {
    let path = p.start();
    loop {
        let seg = p.start();
        name_ref(p);
        if p.at(T![<]) {
            generic_arg_list(p);
        }
        seg.complete(p, PATH_SEGMENT);
        if matches!(p.current(), T![.] | T![::])
            && is_type_name_start(p, p.pos() + 1)
            && !dangling_dot_at(p, p.pos())
        {
            p.bump_any();
            continue;
        }
        break;
    }
    path.complete(p, PATH);
}

/// A generic argument is a type when one spans it up to the next `,` or `>` (`Foo<T>`, `Foo<N>`
/// for a value parameter `N`, `Foo<float[3]>`); an expression when an operator follows the
/// leading type-like part (`Foo<N + 1>`, `Foo<int(x)>`) or it does not start like a type
/// (`Foo<3>`), as slangc decides.
fn generic_arg_is_type(p: &Parser<'_>) -> bool {
    let Some(end) = scan_type(p, p.pos()) else {
        return false;
    };
    match p.kind_at(end) {
        T![,] | T![>] => true,
        T![+]
        | T![-]
        | T![*]
        | T![/]
        | T![%]
        | T![&]
        | T![|]
        | T![^]
        | T![<<]
        | T![<=]
        | T![==]
        | T![!=]
        | T![&&]
        | T![||]
        | T![?]
        | T!['(']
        | T![++]
        | T![--] => false,
        // The list is unclosed (code being typed) or the scan gave up at a `<`: a type, unless
        // the leading `N<` spans more than the argument and reads as a comparison in an
        // expression (`Buf<N < 2 ? 1 : 2>`).
        T![<] => true,
        _ => !(p.nth(1) == T![<] && scan_generic_args(p, p.pos() + 1, GenericScan::Expr).is_none()),
    }
}

fn generic_arg_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T![<]);
    while !p.at(T![>]) && !p.at(EOF) {
        let before = p.pos();
        let a = p.start();
        if generic_arg_is_type(p) {
            type_(p);
            a.complete(p, TYPE_ARG);
        } else if at_expr_start(p) {
            expr_no_gt(p);
            a.complete(p, CONST_ARG);
        } else {
            // reports "expected a type"
            type_(p);
            a.abandon(p);
        }
        if p.pos() == before || !p.eat(T![,]) {
            break;
        }
    }
    p.expect(T![>], "expected '>' to close the generic arguments");
    m.complete(p, GENERIC_ARG_LIST);
}

// ---------------------------------------------------------------------------------------------
// Statements

/// Entry point for reparsing one block on its own.
pub(super) fn block_entry(p: &mut Parser<'_>) {
    block(p);
}

fn block(p: &mut Parser<'_>) {
    let m = p.start();
    block_inner(p);
    m.complete(p, BLOCK);
}

fn block_inner(p: &mut Parser<'_>) {
    p.bump(T!['{']);
    while !p.at(T!['}']) && !p.at(EOF) {
        if p.at_col0() && col0_item_start(p, true) || member_start_in_block(p) {
            break;
        }
        let before = p.pos();
        stmt(p);
        if p.pos() == before {
            p.err_and_bump("expected a statement");
        }
    }
    p.expect(T!['}'], "expected '}' to close the block");
}

fn stmt(p: &mut Parser<'_>) {
    if !enter(p) {
        return;
    }
    let m = p.start();
    let had_attrs = attributes(p);
    stmt_after_attrs(p, m, had_attrs);
    leave(p);
}

fn stmt_after_attrs(p: &mut Parser<'_>, m: Marker, had_attrs: bool) {
    // `namespace = 3;`, `static++;`: a keyword declared as a variable, assigned or stepped
    if keyword_as_name(p.current())
        && matches!(
            p.nth(1),
            T![=]
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
                | T![.]
        )
    {
        expr_stmt(p, m);
        return;
    }
    match p.current() {
        T!['{'] => {
            block_inner(p);
            m.complete(p, BLOCK);
        }
        T![;] => {
            p.bump_any();
            m.complete(p, EMPTY_STMT);
        }
        IF_KW => if_stmt(p, m),
        FOR_KW => for_stmt(p, m),
        WHILE_KW => {
            p.bump_any();
            paren_condition(p);
            body_stmt(p);
            m.complete(p, WHILE_STMT);
        }
        DO_KW => {
            p.bump_any();
            body_stmt(p);
            if p.expect(WHILE_KW, "expected 'while (...)' after the body of 'do'") {
                paren_condition(p);
            }
            p.expect(T![;], "expected ';' after 'do ... while (...)'");
            m.complete(p, DO_STMT);
        }
        SWITCH_KW | TARGET_SWITCH_KW | STAGE_SWITCH_KW => switch_stmt(p, m),
        RETURN_KW => {
            p.bump_any();
            if !p.at(T![;]) && !p.at(T!['}']) {
                expr_with_comma(p);
            }
            p.expect(T![;], "expected ';' after the return statement");
            m.complete(p, RETURN_STMT);
        }
        BREAK_KW | CONTINUE_KW | DISCARD_KW => {
            let kind = match p.current() {
                BREAK_KW => BREAK_STMT,
                CONTINUE_KW => CONTINUE_STMT,
                _ => DISCARD_STMT,
            };
            p.bump_any();
            // `break outer;` leaves the loop or switch labelled `outer`; slangc rejects a label
            // after `continue`, so it is kept in the tree with an error.
            if kind != DISCARD_STMT && p.at(IDENT) {
                if kind == CONTINUE_STMT {
                    p.error_here("'continue' takes no label in Slang (only 'break label;' does)");
                }
                name_ref(p);
            }
            p.expect(T![;], "expected ';' after the statement");
            m.complete(p, kind);
        }
        // `outer: for (...)`: a labelled statement (`break outer;` leaves it); attributes
        // before the label are the loop's (`[MaxIters(4)] outer: for`).
        IDENT if p.nth(1) == T![:] => {
            let n = p.start();
            p.bump_any();
            n.complete(p, NAME);
            p.bump(T![:]);
            body_stmt(p);
            m.complete(p, LABELED_STMT);
        }
        // `defer stmt;`: `defer` followed by what starts a statement (not `defer(x)`, `defer = 1`).
        IDENT
            if p.at_ckw(DEFER_KW)
                && (matches!(p.nth(1), IDENT | THIS_KW | T!['{'] | T![++] | T![--])
                    || p.nth(1).is_keyword()) =>
        {
            p.bump_remap(DEFER_KW);
            body_stmt(p);
            m.complete(p, DEFER_STMT);
        }
        // `__intrinsic_asm "abs($0)";`: target code for one `__target_switch` case.
        IDENT if p.at_ckw(INTRINSIC_ASM_KW) && p.nth(1) == STRING => {
            p.bump_remap(INTRINSIC_ASM_KW);
            while p.at(STRING) {
                p.bump_any();
            }
            p.expect(T![;], "expected ';' after the '__intrinsic_asm' string");
            m.complete(p, INTRINSIC_ASM_STMT);
        }
        ELSE_KW => {
            p.error_here("'else' without a matching 'if': remove it or add the 'if'");
            p.bump_any();
            m.complete(p, ERROR);
        }
        CASE_KW | DEFAULT_KW => {
            p.error_here("'case' and 'default' labels belong inside a 'switch' body");
            p.bump_any();
            if !p.at(T![:]) {
                expr(p);
            }
            p.eat(T![:]);
            m.complete(p, ERROR);
        }
        STRUCT_KW | CLASS_KW | ENUM_KW | TYPEDEF_KW | TYPEALIAS_KW | INTERFACE_KW
        | NAMESPACE_KW | EXTENSION_KW => item_after_modifiers(p, m, had_attrs, ItemCtx::Stmt),
        IDENT if at_binding_kw(p) => item_after_modifiers(p, m, had_attrs, ItemCtx::Stmt),
        NO_DIFF_KW if !looks_like_decl_at(p, p.pos() + 1) => expr_stmt(p, m),
        _ if at_modifier(p) || p.at(GENERIC_KW) => {
            attrs_and_modifiers(p);
            item_after_modifiers(p, m, true, ItemCtx::Stmt);
        }
        _ if looks_like_decl_at(p, p.pos()) => decl_after_type(p, m),
        _ if at_expr_start(p) => expr_stmt(p, m),
        _ => {
            if had_attrs {
                p.error("expected a statement after the attributes");
                m.complete(p, ERROR);
            } else {
                m.abandon(p);
                p.err_recover("expected a statement", TokenSet::new(&[T!['}']]));
            }
        }
    }
}

fn expr_stmt(p: &mut Parser<'_>, m: Marker) {
    expr_with_comma(p);
    p.expect(T![;], "expected ';' after the expression");
    m.complete(p, EXPR_STMT);
}

fn at_expr_start(p: &Parser<'_>) -> bool {
    matches!(
        p.current(),
        IDENT
            | THIS_TYPE_KW
            | THIS_KW
            | T!['(']
            | T!['{']
            | T![-]
            | T![+]
            | T![!]
            | T![~]
            | T![++]
            | T![--]
            | NO_DIFF_KW
            | SIZEOF_KW
            | COUNTOF_KW
    ) || p.at_ts(LITERAL_FIRST)
        || p.at_ts(DIFF_KWS)
}

/// The body of `if`/`for`/`while`/`do`: a statement, or an error if none is there.
fn body_stmt(p: &mut Parser<'_>) {
    if matches!(p.current(), T!['}'] | EOF) {
        p.error("expected a statement for the body");
        return;
    }
    stmt(p);
}

/// `( expr )` after `while`/`switch`; a missing `(` does not also demand a `)`.
fn paren_condition(p: &mut Parser<'_>) -> bool {
    let open = p.eat(T!['(']);
    if !open {
        p.error("expected '(' and a condition");
    }
    if !p.at(T!['{']) || open {
        expr_with_comma(p);
    }
    if open {
        p.expect(T![')'], "expected ')' to close the condition");
    } else {
        p.eat(T![')']);
    }
    open
}

fn if_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump(IF_KW);
    if at_binding_kw(p) || p.at(T!['(']) && binding_kw_at(p, p.pos() + 1).is_some() {
        let open = p.eat(T!['(']);
        if !open {
            p.error("expected '(' after 'if'");
        }
        // `if (let c = s as Circle)`
        let d = p.start();
        bump_binding_kw(p);
        declarators(p, true);
        d.complete(p, VAR_DECL);
        if open {
            p.expect(T![')'], "expected ')' to close the condition");
        }
    } else {
        paren_condition(p);
    }
    body_stmt(p);
    if p.at(ELSE_KW) {
        p.bump_any();
        body_stmt(p);
    }
    m.complete(p, IF_STMT);
}

fn for_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump(FOR_KW);
    if !p.expect(T!['('], "expected '(' after 'for'") {
        body_stmt(p);
        m.complete(p, FOR_STMT);
        return;
    }
    // init
    if p.at(T![;]) {
        p.bump_any();
    } else if at_binding_kw(p) || at_modifier(p) {
        let d = p.start();
        attrs_and_modifiers(p);
        if at_binding_kw(p) {
            bump_binding_kw(p);
            declarators(p, true);
            p.expect(T![;], "expected ';' after the loop initialiser");
            d.complete(p, VAR_DECL);
        } else {
            decl_after_type(p, d);
        }
    } else if looks_like_decl_at(p, p.pos()) {
        let d = p.start();
        decl_after_type(p, d);
    } else {
        let e = p.start();
        expr_stmt(p, e);
    }
    // condition
    if !p.at(T![;]) && !p.at(T![')']) {
        expr_with_comma(p);
    }
    p.expect(T![;], "expected ';' after the loop condition");
    // step
    if !p.at(T![')']) {
        expr_with_comma(p);
    }
    p.expect(T![')'], "expected ')' to close the 'for' header");
    body_stmt(p);
    m.complete(p, FOR_STMT);
}

/// `switch (x) { ... }`; also `__target_switch { case wgsl: ... }` (no condition).
fn switch_stmt(p: &mut Parser<'_>, m: Marker) {
    if p.eat(SWITCH_KW) {
        paren_condition(p);
    } else {
        p.bump_any();
    }
    if !p.at(T!['{']) {
        p.error("expected '{' to start the switch body");
        m.complete(p, SWITCH_STMT);
        return;
    }
    let body = p.start();
    p.bump_any();
    while !p.at(T!['}']) && !p.at(EOF) {
        if p.at_col0() && col0_item_start(p, true) {
            break;
        }
        let before = p.pos();
        if p.at(CASE_KW) || p.at(DEFAULT_KW) {
            let c = p.start();
            let kind = if p.at(CASE_KW) {
                CASE_CLAUSE
            } else {
                DEFAULT_CLAUSE
            };
            p.bump_any();
            if kind == CASE_CLAUSE {
                expr(p);
            }
            p.expect(T![:], "expected ':' after the case label");
            while !matches!(p.current(), CASE_KW | DEFAULT_KW | T!['}'] | EOF) {
                if p.at_col0() && col0_item_start(p, true) {
                    break;
                }
                let b = p.pos();
                stmt(p);
                if p.pos() == b {
                    p.err_and_bump("expected a statement");
                }
            }
            c.complete(p, kind);
        } else {
            p.error("expected 'case' or 'default' in the switch body");
            stmt(p);
        }
        if p.pos() == before {
            p.err_and_bump("expected 'case' or 'default'");
        }
    }
    p.expect(T!['}'], "expected '}' to close the switch body");
    body.complete(p, SWITCH_BODY);
    m.complete(p, SWITCH_STMT);
}

// ---------------------------------------------------------------------------------------------
// Expressions

/// An expression without the comma operator (arguments, initialisers).
pub(super) fn expr(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 2)
}

fn expr_with_comma(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 1)
}

/// A generic argument or a generic parameter's default: an expression without assignment or
/// comma in which `>` closes the list (`Buf<A + B>`, `Foo<N < 2 ? 1 : 2>`).
fn expr_no_gt(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    let outer = p.no_gt;
    p.no_gt = true;
    let result = expr_bp(p, 3);
    p.no_gt = outer;
    result
}

/// (operator, binding power, right associative)
fn current_op(p: &Parser<'_>) -> Option<(SyntaxKind, u8, bool)> {
    if p.no_gt && p.current() == T![>] {
        return None;
    }
    if p.at(SHREQ) {
        return Some((SHREQ, 2, true));
    }
    if p.at(SHR) {
        return Some((SHR, 11, false));
    }
    if p.at(GTEQ) {
        return Some((GTEQ, 10, false));
    }
    let op = p.current();
    let (bp, right) = match op {
        T![,] => (1, false),
        T![=] | T![+=] | T![-=] | T![*=] | T![/=] | T![%=] | T![<<=] | T![&=] | T![^=] | T![|=] => {
            (2, true)
        }
        T![?] => (3, true),
        T![||] => (4, false),
        T![&&] => (5, false),
        T![|] => (6, false),
        T![^] => (7, false),
        T![&] => (8, false),
        T![==] | T![!=] => (9, false),
        T![<] | T![>] | T![<=] => (10, false),
        T![<<] => (11, false),
        T![+] | T![-] => (12, false),
        T![*] | T![/] | T![%] => (13, false),
        IDENT if p.at_ckw(IS_KW) => return Some((IS_KW, 10, false)),
        IDENT if p.at_ckw(AS_KW) => return Some((AS_KW, 10, false)),
        _ => return None,
    };
    Some((op, bp, right))
}

fn expr_bp(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    if !enter(p) {
        return None;
    }
    let result = expr_bp_inner(p, min_bp);
    leave(p);
    result
}

fn expr_bp_inner(p: &mut Parser<'_>, min_bp: u8) -> Option<CompletedMarker> {
    let mut lhs = unary(p)?;
    let mut links = 0u32;
    while let Some((op, bp, right)) = current_op(p) {
        if bp < min_bp {
            break;
        }
        // Each operator of a flat chain (`a + b + c ...`) nests the tree one level deeper but not
        // the parser: the chain has its own, larger budget instead of the nesting depth.
        if links >= MAX_CHAIN_LINKS {
            p.error_here(format!(
                "expression chain is too long (more than {MAX_CHAIN_LINKS} operators): split it; the rest is skipped"
            ));
            skip_flat(p);
            break;
        }
        links += 1;
        let m = lhs.precede(p);
        match op {
            T![?] => {
                p.bump_any();
                expr(p);
                p.expect(
                    T![:],
                    "expected ':' and the else-value of the conditional expression",
                );
                expr_bp(p, 2);
                lhs = m.complete(p, TERNARY_EXPR);
            }
            IS_KW | AS_KW => {
                p.bump_remap(op);
                type_(p);
                lhs = m.complete(p, if op == IS_KW { IS_EXPR } else { AS_EXPR });
            }
            _ => {
                p.bump(op);
                // a missing right operand is reported by `primary`; the node stays
                expr_bp(p, if right { bp } else { bp + 1 });
                lhs = m.complete(p, BIN_EXPR);
            }
        }
    }
    Some(lhs)
}

fn unary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    match p.current() {
        // `no_diff + 1`: a variable named `no_diff` (the operator needs an operand after it)
        NO_DIFF_KW if keyword_name_ref_at(p, p.pos()) => primary(p).map(|lhs| postfix(p, lhs)),
        T![-] | T![+] | T![!] | T![~] | T![++] | T![--] | NO_DIFF_KW => {
            if !enter(p) {
                return None;
            }
            let kind = if p.at(NO_DIFF_KW) {
                NO_DIFF_EXPR
            } else {
                PREFIX_EXPR
            };
            let m = p.start();
            p.bump_any();
            unary(p);
            leave(p);
            Some(m.complete(p, kind))
        }
        IDENT
            if (p.at_ckw(EXPAND_KW) || p.at_ckw(EACH_KW))
                && matches!(p.nth(1), IDENT | T!['('] | THIS_KW) =>
        {
            if !enter(p) {
                return None;
            }
            let kind = if p.at_ckw(EXPAND_KW) {
                EXPAND_EXPR
            } else {
                EACH_EXPR
            };
            let m = p.start();
            p.bump_remap(if kind == EXPAND_EXPR {
                EXPAND_KW
            } else {
                EACH_KW
            });
            unary(p);
            leave(p);
            Some(m.complete(p, kind))
        }
        T!['('] if matches!(skip_balanced(p, p.pos()), Some(end) if p.kind_at(end) == T![=>]) => {
            // `(float x) => x * 2` or `(int i) => { ... }`
            if !enter(p) {
                return None;
            }
            let m = p.start();
            param_list(p, false);
            p.bump(T![=>]);
            if p.at(T!['{']) {
                block(p);
            } else {
                expr(p);
            }
            leave(p);
            Some(m.complete(p, LAMBDA_EXPR))
        }
        T!['('] if is_cast(p) => {
            if !enter(p) {
                return None;
            }
            let m = p.start();
            p.bump_any();
            type_(p);
            p.expect(T![')'], "expected ')' to close the cast");
            unary(p);
            leave(p);
            Some(m.complete(p, CAST_EXPR))
        }
        _ => {
            let lhs = primary(p)?;
            Some(postfix(p, lhs))
        }
    }
}

/// `(Type)x` versus `(expr)`: the inside must scan as a type and the token after `)` must
/// start an operand; `(float)-x` is a cast only for built-in type names.
fn is_cast(p: &Parser<'_>) -> bool {
    let start = p.pos() + 1;
    let Some(end) = scan_type(p, start) else {
        return false;
    };
    if p.kind_at(end) != T![')'] {
        return false;
    }
    let after = p.kind_at(end + 1);
    if after == IDENT && (p.ckw_at(end + 1, IS_KW) || p.ckw_at(end + 1, AS_KW)) {
        return false;
    }
    if CAST_FOLLOW.contains(after) {
        return true;
    }
    matches!(after, T![-] | T![+] | T![++] | T![--]) && p.is_builtin_type_at(start)
}

fn primary(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        STRING => {
            while p.at(STRING) {
                p.bump_any();
            }
            LITERAL
        }
        // `none.x = 1`: a variable named `none` (the literal takes no member, index or operator)
        k if LITERAL_FIRST.contains(k) && !(k == NONE_KW && none_is_a_name(p)) => {
            p.bump_any();
            LITERAL
        }
        // `spirv_asm { OpFNegate $$float result $x }`: SPIR-V instructions, kept as tokens
        IDENT if p.at_ckw(SPIRV_ASM_KW) && p.nth(1) == T!['{'] => {
            p.bump_remap(SPIRV_ASM_KW);
            let mut depth = 0u32;
            loop {
                match p.current() {
                    EOF => {
                        p.error("expected '}' to close the 'spirv_asm' block");
                        break;
                    }
                    T!['{'] => depth += 1,
                    T!['}'] => {
                        depth -= 1;
                        if depth == 0 {
                            p.bump_any();
                            break;
                        }
                    }
                    _ => {}
                }
                p.bump_any();
            }
            SPIRV_ASM_EXPR
        }
        // `let x` / `var x` after a missing operand: the next declaration, left for the caller
        IDENT if at_binding_kw(p) => {
            m.abandon(p);
            p.error("expected an expression");
            return None;
        }
        // `x = ` above `float y = 1;`: the declaration is left for the block
        IDENT if decl_on_new_line(p) => {
            m.abandon(p);
            p.error("expected an expression");
            return None;
        }
        IDENT | THIS_TYPE_KW => {
            name_ref(p);
            if p.at(T![<]) && generic_args_follow(p) {
                generic_arg_list(p);
            }
            PATH_EXPR
        }
        // `operator*`; a bare `operator` is reported at what follows it
        OPERATOR_KW => {
            if !at_operator_ref(p) {
                let n = p.start();
                p.bump_any();
                p.error("expected an operator after 'operator'");
                n.complete(p, NAME_REF);
            } else {
                operator_name_ref(p);
            }
            PATH_EXPR
        }
        // `sizeof`, `fwd_diff`, ... without their `(`, and other keywords used as variables
        k if keyword_name_ref_at(p, p.pos())
            && (!(DIFF_KWS.contains(k) || matches!(k, SIZEOF_KW | COUNTOF_KW))
                || p.nth(1) != T!['(']) =>
        {
            let n = p.start();
            p.bump_remap(IDENT);
            n.complete(p, NAME_REF);
            PATH_EXPR
        }
        THIS_KW => {
            p.bump_any();
            THIS_EXPR
        }
        T!['('] => {
            p.bump_any();
            expr_with_comma(p);
            p.expect(
                T![')'],
                "expected ')' to close the parenthesised expression",
            );
            PAREN_EXPR
        }
        T!['{'] => {
            p.bump_any();
            while !p.at(T!['}']) && !p.at(EOF) {
                let before = p.pos();
                expr(p);
                if p.pos() == before {
                    break;
                }
                if !p.at(T!['}']) && !p.eat(T![,]) {
                    break;
                }
            }
            p.expect(T!['}'], "expected '}' to close the initialiser list");
            INIT_LIST_EXPR
        }
        k if DIFF_KWS.contains(k) => {
            p.bump_any();
            if p.expect(
                T!['('],
                "expected '(' and a function after the differentiation operator",
            ) {
                expr(p);
                p.expect(
                    T![')'],
                    "expected ')' to close the differentiation operator",
                );
            }
            DIFF_EXPR
        }
        SIZEOF_KW | COUNTOF_KW => {
            let kind = if p.at(SIZEOF_KW) {
                SIZEOF_EXPR
            } else {
                COUNTOF_EXPR
            };
            p.bump_any();
            if p.expect(T!['('], "expected '(' after 'sizeof'/'countof'") {
                let is_type = kind == SIZEOF_EXPR
                    && matches!(scan_type(p, p.pos()), Some(end) if p.kind_at(end) == T![')'])
                    && p.is_builtin_type_at(p.pos());
                if is_type {
                    type_(p);
                } else {
                    expr(p);
                }
                p.expect(T![')'], "expected ')' to close the operand");
            }
            kind
        }
        _ => {
            m.abandon(p);
            p.err_recover("expected an expression", EXPR_RECOVERY);
            return None;
        }
    };
    Some(m.complete(p, kind))
}

fn postfix(p: &mut Parser<'_>, mut lhs: CompletedMarker) -> CompletedMarker {
    let mut links = 0;
    loop {
        if matches!(
            p.current(),
            T!['('] | T!['['] | T![.] | T![::] | T![++] | T![--]
        ) {
            if !enter(p) {
                break;
            }
            links += 1;
        }
        lhs = match p.current() {
            T!['('] => {
                let m = lhs.precede(p);
                arg_list(p);
                m.complete(p, CALL_EXPR)
            }
            T!['['] => {
                let m = lhs.precede(p);
                p.bump_any();
                if !p.at(T![']']) {
                    expr_with_comma(p);
                } else {
                    p.error("expected an index expression");
                }
                p.expect(T![']'], "expected ']' to close the index");
                m.complete(p, INDEX_EXPR)
            }
            T![.] | T![::] => {
                let m = lhs.precede(p);
                p.bump_any();
                if decl_on_new_line(p) {
                    // `a.` above `float y = 1;`: the member is still to be typed
                    p.error("expected a member name after '.'");
                } else if matches!(p.current(), IDENT | THIS_TYPE_KW) {
                    name_ref(p);
                    if p.at(T![<]) && generic_args_follow(p) {
                        generic_arg_list(p);
                    }
                } else if at_operator_ref(p) {
                    // `a.operator+(b)`, `S.operator*`
                    operator_name_ref(p);
                } else if keyword_name_ref_at(p, p.pos())
                    || keyword_as_name(p.current()) && p.nth(1) == T!['(']
                {
                    // a member named like a keyword (`s.struct`, `s.static()`)
                    let n = p.start();
                    p.bump_remap(IDENT);
                    n.complete(p, NAME_REF);
                } else {
                    p.error("expected a member name after '.'");
                }
                m.complete(p, FIELD_EXPR)
            }
            T![++] | T![--] => {
                let m = lhs.precede(p);
                p.bump_any();
                m.complete(p, POSTFIX_EXPR)
            }
            _ => break,
        };
    }
    p.depth -= links;
    lhs
}

fn arg_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T!['(']);
    while !p.at(T![')']) && !p.at(EOF) {
        // A `{` where an argument starts is an initialiser list (`f({1, 2})`); after an
        // argument it means a missing `)` (below).
        if matches!(p.current(), T![;] | T!['}'])
            || p.at_col0() && col0_item_start(p, true)
            || decl_on_new_line(p)
        {
            break;
        }
        let before = p.pos();
        expr(p);
        if p.pos() == before {
            p.err_and_bump("expected an argument");
            continue;
        }
        if !p.at(T![')']) && !p.eat(T![,]) {
            if matches!(p.current(), T![;] | T!['{'] | T!['}']) {
                break;
            }
            p.error("expected ',' or ')' in the argument list");
        }
    }
    p.expect(T![')'], "expected ')' to close the argument list");
    m.complete(p, ARG_LIST);
}
