//! Generic parameter lists (`<T : IFoo, let N : int>`, `__generic<...>`), constraints and
//! `where` clauses of declarations. Generic *arguments* (`Foo<T>`) are in `types`.

use super::exprs::expr_no_gt;
use super::lookahead::{is_type_name_start, scan_type};
use super::types::type_;
use super::*;

pub(super) fn generic_param_list(p: &mut Parser<'_>) {
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
    if p.ckw_at(p.pos(), LET_KW) && p.nth_at_ckw(1, EACH_KW) && p.nth_at(2, IDENT) {
        // `let each D : int`: a pack of values (a VALUE_PARAM holding `each`)
        p.bump_remap(LET_KW);
        p.bump_remap(EACH_KW);
        name(p);
        if p.eat(T![:]) {
            type_(p);
        }
        m.complete(p, VALUE_PARAM);
    } else if p.at_ckw(EACH_KW) && p.nth_at(1, IDENT) && p.nth_at(2, IDENT) {
        // `each int D`: the same pack, C style
        p.bump_remap(EACH_KW);
        type_(p);
        name(p);
        m.complete(p, VALUE_PARAM);
    } else if at_binding_kw(p) {
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
pub(super) fn constraint_types(p: &mut Parser<'_>) {
    type_(p);
    while p.eat(T![&]) {
        type_(p);
    }
}

/// `where T : IFoo, U : IBar` (possibly repeated).
pub(super) fn where_clauses(p: &mut Parser<'_>) {
    while p.at_ckw(WHERE_KW) {
        let m = p.start();
        p.bump_remap(WHERE_KW);
        loop {
            where_pred(p);
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

/// One `where` predicate (a WHERE_PRED): `T : IFoo`, `optional T : IFoo` (holds when `T`
/// conforms), `T.Differential == T`, `T(U) implicit` (a conversion exists: a CALL_EXPR), or a constant
/// condition on packs (`nonempty(T)`, `countof(T) == N`: a WHERE_PRED holding the expression).
pub(super) fn where_pred(p: &mut Parser<'_>) {
    let pred = p.start();
    if p.at(COUNTOF_KW) && p.nth_at(1, T!['('])
        || p.at(IDENT) && p.nth_at(1, T!['(']) && !p.at_ckw(FUNCTYPE_KW)
    {
        // `nonempty(T)`, `countof(T) == N`, or a conversion `ToType(FromType) [implicit]`: the
        // expression (a CALL_EXPR for the last), then the `implicit` token if written
        expr_no_gt(p);
        if p.at_ckw(IMPLICIT_KW) {
            p.bump_remap(IMPLICIT_KW);
        }
        pred.complete(p, WHERE_PRED);
        return;
    }
    if p.at_ckw(OPTIONAL_KW) && is_type_name_start(p, p.pos() + 1) {
        p.bump_remap(OPTIONAL_KW);
    }
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
}
