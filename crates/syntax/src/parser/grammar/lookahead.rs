//! Lookahead scanners: read-only, iterative and bounded checks over the token stream (is a type
//! here, does a `<...>` close, does a declaration start at column 0). They emit no events, so they
//! are kept apart from the rules that build the tree.

use super::*;

const SCAN_LIMIT: usize = 512;

pub(super) fn is_type_name_start(p: &Parser<'_>, pos: usize) -> bool {
    match p.kind_at(pos) {
        THIS_TYPE_KW => true,
        IDENT => !p.ckw_at(pos, IS_KW) && !p.ckw_at(pos, AS_KW),
        // `struct countof {}` is a type like any other: the operator needs its `(`
        SIZEOF_KW | COUNTOF_KW => p.kind_at(pos + 1) != T!['('],
        // `::Foo`, a name in the global scope
        T![::] => p.kind_at(pos + 1) == IDENT,
        _ => false,
    }
}

/// At a pack query used as a type (`__first(T)`, `__trimLast(T)`, `__packBranch(P, E, N)`):
/// the keyword, then `(`.
pub(super) fn pack_query_at(p: &Parser<'_>, pos: usize) -> bool {
    p.kind_at(pos) == IDENT
        && matches!(
            p.contextual_at(pos),
            PACK_FIRST_KW | PACK_LAST_KW | PACK_TRIM_FIRST_KW | PACK_TRIM_LAST_KW | PACK_BRANCH_KW
        )
        && p.kind_at(pos + 1) == T!['(']
}

/// A modifier written inside a type (`unorm float`, `row_major float3x3` as generic
/// arguments), followed by the type's name.
pub(super) fn type_modifier_at(p: &Parser<'_>, pos: usize) -> Option<SyntaxKind> {
    let kind = p.contextual_at(pos);
    (p.kind_at(pos) == IDENT
        && matches!(kind, UNORM_KW | SNORM_KW | ROW_MAJOR_KW | COLUMN_MAJOR_KW)
        && p.kind_at(pos + 1) == IDENT)
        .then_some(kind)
}

/// At `*` after a type: the position after the run of `*`s when they make a pointer type
/// (`int* p`, `int *p`, `Foo<int*>`, `(int*)x`, `IFoo** pp`). With `strict` (deciding whether
/// a statement is a declaration), `a * b;` and `a*b;` stay multiplications.
pub(super) fn pointer_stars_end(p: &Parser<'_>, pos: usize, strict: bool) -> Option<usize> {
    if p.kind_at(pos) != T![*] {
        return None;
    }
    let mut end = pos;
    while p.kind_at(end) == T![*] {
        end += 1;
    }
    match p.kind_at(end) {
        T![>] | T![,] | T![')'] => Some(end),
        _ if name_at(p, end)
            && matches!(
                p.kind_at(end + 1),
                T![;] | T![=] | T![,] | T!['['] | T![:] | T![')'] | T!['('] | T!['{'] | T![<]
            ) =>
        {
            // `int* p` and `int *p`; `a * b` and `a*b` read as multiplications
            let before = p.flags_at(pos.wrapping_sub(1)) & JOINT != 0;
            let after = p.flags_at(end - 1) & JOINT != 0;
            (!strict || before != after).then_some(end)
        }
        _ => None,
    }
}

/// If a type starts at `pos`, the position just after it.
pub(super) fn scan_type(p: &Parser<'_>, mut pos: usize) -> Option<usize> {
    // `expand each T`
    while (p.ckw_at(pos, EXPAND_KW) || p.ckw_at(pos, EACH_KW)) && is_type_name_start(p, pos + 1) {
        pos += 1;
    }
    while type_modifier_at(p, pos).is_some() {
        pos += 1;
    }
    // `functype(int) -> float`
    if p.ckw_at(pos, FUNCTYPE_KW) && p.kind_at(pos + 1) == T!['('] {
        let mut end = skip_balanced(p, pos + 1)?;
        if p.ckw_at(end, THROWS_KW) {
            end = scan_type(p, end + 1)?;
        }
        if p.kind_at(end) != T![->] {
            return None;
        }
        return scan_type(p, end + 1);
    }
    if pack_query_at(p, pos) {
        pos = skip_balanced(p, pos + 1)?;
    } else {
        if !is_type_name_start(p, pos) {
            return None;
        }
        if p.kind_at(pos) == T![::] {
            pos += 1;
        }
        pos += 1;
    }
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
    // pointer and array suffixes `*`, `[N]`, `[]`
    loop {
        if let Some(end) = pointer_stars_end(p, pos, true) {
            pos = end;
            continue;
        }
        if p.kind_at(pos) != T!['['] {
            break;
        }
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
pub(super) enum GenericScan {
    Type,
    Expr,
}

/// At `<`: if a balanced `<...>` of types and value arguments follows, the position after the
/// closing `>`. Value arguments are expressions (`Buf<A + B>`, `vector<float, N * 2>`); in an
/// expression only arithmetic ones count, so `a < b && c > d` stays a comparison. In a type, a
/// nested `<` that opens no list is a comparison (`Buf<N < 2 ? 1 : 2>`); inside parentheses `<`
/// and `>` are always operators (`Foo<(N < 2)>`).
pub(super) fn scan_generic_args(p: &Parser<'_>, pos: usize, mode: GenericScan) -> Option<usize> {
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
            | SIZEOF_KW
            | COUNTOF_KW
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
pub(super) fn generic_args_follow(p: &Parser<'_>) -> bool {
    match scan_generic_args(p, p.pos(), GenericScan::Expr) {
        Some(end) => GENERIC_FOLLOW.contains(p.kind_at(end)),
        // `f<A.X | A.Y>()`: an empty call after `>` is no operand of a comparison
        None => matches!(scan_generic_args(p, p.pos(), GenericScan::Type), Some(end)
            if p.kind_at(end) == T!['('] && p.kind_at(end + 1) == T![')']),
    }
}

/// A type followed by a name: a declaration statement (`Foo<int> x;` but not `a < b;`).
/// `x is T` / `x as T` are expressions, but `int is = 2;` declares a variable named `is`.
pub(super) fn looks_like_decl_at(p: &Parser<'_>, pos: usize) -> bool {
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
pub(super) fn skip_balanced(p: &Parser<'_>, pos: usize) -> Option<usize> {
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
pub(super) fn col0_item_start(p: &Parser<'_>, in_block: bool) -> bool {
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
pub(super) fn col0_decl_start(p: &Parser<'_>) -> bool {
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
pub(super) fn decl_on_new_line(p: &Parser<'_>) -> bool {
    decl_on_new_line_at(p, p.pos())
}

/// A variable declaration (`float after = 1;`) first on its line where a type is wanted
/// (`var y :` above it), other than the type the declaration being parsed starts with.
pub(super) fn var_decl_on_new_line(p: &Parser<'_>) -> bool {
    p.line_start_at(p.pos())
        && p.pos() != p.decl_start
        && matches!(scan_type(p, p.pos()), Some(end) if name_at(p, end) && matches!(p.kind_at(end + 1), T![;] | T![=]))
}

/// `a.` ending its line above a declaration (`float y = 1;`): the member is still to be typed,
/// the next line is not part of a dotted type (`a.float y`).
pub(super) fn dangling_dot_at(p: &Parser<'_>, dot: usize) -> bool {
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
pub(super) fn member_start_in_block(p: &Parser<'_>) -> bool {
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
