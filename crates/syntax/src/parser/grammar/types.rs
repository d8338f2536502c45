//! Types: paths with generic arguments (`a::b.C<T>`), modifiers and array suffixes, and the
//! decision whether a generic argument is a type or a value expression.

use super::exprs::{expr, expr_no_gt};
use super::lookahead::{
    GenericScan, col0_decl_start, dangling_dot_at, is_type_name_start, pack_query_at,
    pointer_stars_end, scan_generic_args, scan_type, type_modifier_at, var_decl_on_new_line,
};
use super::stmts::at_expr_start;
use super::*;

pub(super) fn type_(p: &mut Parser<'_>) -> Option<CompletedMarker> {
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
    if p.at_ckw(FUNCTYPE_KW) && p.nth_at(1, T!['(']) {
        return Some(func_type(p));
    }
    let mut ty = if pack_query_at(p, p.pos()) {
        pack_query_type(p)
    } else {
        if !is_type_name_start(p, p.pos()) || col0_decl_start(p) || var_decl_on_new_line(p) {
            p.error("expected a type");
            return None;
        }
        let m = p.start();
        // `unorm float`, `row_major float3x3` (as generic arguments): the modifier is a token
        // of the PATH_TYPE, before its PATH
        while let Some(kind) = type_modifier_at(p, p.pos()) {
            p.bump_remap(kind);
        }
        type_path(p);
        m.complete(p, PATH_TYPE)
    };
    let mut links = 0;
    loop {
        if p.at(T!['[']) {
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
        } else if pointer_stars_end(p, p.pos(), false).is_some() {
            // `T*`, `T**`: one POINTER_TYPE per `*`
            if !enter(p) {
                break;
            }
            links += 1;
            let m = ty.precede(p);
            p.bump(T![*]);
            ty = m.complete(p, POINTER_TYPE);
        } else {
            break;
        }
    }
    p.depth -= links;
    Some(ty)
}

/// `__first(T)`, `__trimFirst(T)`, `__packBranch(P, Empty, NonEmpty)` as a type, then an
/// optional member path (`__first(T).Element`, `__last(Tuple<A, B>)::Nested<int>`).
fn pack_query_type(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    let kw = p.contextual_at(p.pos());
    p.bump_remap(kw);
    p.bump(T!['(']);
    while !p.at(T![')']) && !p.at(EOF) {
        let before = p.pos();
        let a = p.start();
        let is_type =
            scan_type(p, p.pos()).is_some_and(|end| matches!(p.kind_at(end), T![,] | T![')']));
        if is_type {
            type_(p);
            a.complete(p, TYPE_ARG);
        } else if at_expr_start(p) {
            expr(p);
            a.complete(p, CONST_ARG);
        } else {
            type_(p);
            a.abandon(p);
        }
        if p.pos() == before || !p.eat(T![,]) {
            break;
        }
    }
    p.expect(T![')'], "expected ')' to close the pack query");
    if matches!(p.current(), T![.] | T![::])
        && is_type_name_start(p, p.pos() + 1)
        && !dangling_dot_at(p, p.pos())
    {
        p.bump_any();
        type_path(p);
    }
    m.complete(p, PACK_QUERY_TYPE)
}

/// `functype(int, float) -> int` (also `throws E` before the `->`).
fn func_type(p: &mut Parser<'_>) -> CompletedMarker {
    let m = p.start();
    p.bump_remap(FUNCTYPE_KW);
    p.bump(T!['(']);
    while !p.at(T![')']) && !p.at(EOF) {
        let before = p.pos();
        type_(p);
        if p.pos() == before || !p.eat(T![,]) {
            break;
        }
    }
    p.expect(T![')'], "expected ')' to close the parameter types");
    throws_clause(p);
    if p.expect(
        T![->],
        "expected '->' and the result type of the function type",
    ) {
        type_(p);
    }
    m.complete(p, FUNC_TYPE)
}

/// `throws E` after a function's parameters or a function type's parameter types.
pub(super) fn throws_clause(p: &mut Parser<'_>) {
    if p.at_ckw(THROWS_KW) && is_type_name_start(p, p.pos() + 1) {
        let m = p.start();
        p.bump_remap(THROWS_KW);
        type_(p);
        m.complete(p, THROWS_CLAUSE);
    }
}

/// `a::b.C<T>.D`: segments separated by `.`/`::`; `<` after a segment is always generic.
pub(super) fn type_path(p: &mut Parser<'_>) {
    let path = p.start();
    // `::Foo`: a name in the global scope
    if p.at(T![::]) {
        p.bump_any();
    }
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

pub(super) fn generic_arg_list(p: &mut Parser<'_>) {
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
