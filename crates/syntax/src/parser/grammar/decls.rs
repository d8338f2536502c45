//! The part of a declaration after its type: function signatures (parameters, return type,
//! semantics, body) and variable declarators. Shared by top-level items, members and local
//! declaration statements.

use super::attributes::attrs_and_modifiers;
use super::exprs::{arg_list, expr};
use super::generics::{generic_param_list, where_clauses};
use super::lookahead::{col0_decl_start, is_type_name_start, scan_type};
use super::stmts::block;
use super::types::{throws_clause, type_};
use super::*;

/// After attributes/modifiers, at a type: a function (`T f(...)`), an operator overload or
/// variables (`T a, b[3] = ...;`).
pub(super) fn decl_after_type(p: &mut Parser<'_>, m: Marker) {
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
pub(super) fn fn_rest(p: &mut Parser<'_>, m: Marker) {
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T!['(']) {
        param_list(p, false);
    } else {
        p.error("expected '(' to start the parameter list");
    }
    throws_clause(p);
    if p.eat(T![->]) {
        type_(p);
    }
    throws_clause(p);
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

pub(super) fn param_list(p: &mut Parser<'_>, accessor: bool) {
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
pub(super) fn semantic(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T![:]);
    if p.at(IDENT) {
        name_ref(p);
        if p.at(T!['(']) {
            arg_list(p);
        }
    } else if p.at(INT_NUMBER) {
        // a bit width belongs to a field (`uint flags : 4;`, see `declarators`), not here
        p.error_here("a bit width (`: 4`) is only allowed on a struct field");
        p.bump_any();
    } else {
        p.error("expected a semantic name after ':'");
    }
    m.complete(p, SEMANTIC);
}

pub(super) fn array_suffix(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T!['[']);
    if !p.at(T![']']) {
        expr(p);
    }
    p.expect(T![']'], "expected ']' to close the array size");
    m.complete(p, ARRAY_SUFFIX);
}

/// `a`, `b[3] : SEM = init`; with `let_style`, `x : float = init`.
pub(super) fn declarators(p: &mut Parser<'_>, let_style: bool) {
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
        } else if p.at(T![:]) && p.nth_at(1, INT_NUMBER) {
            // `uint flags : 4;`: a bit field
            let w = p.start();
            p.bump(T![:]);
            expr(p);
            w.complete(p, BIT_WIDTH);
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
