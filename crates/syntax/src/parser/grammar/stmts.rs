//! Statements: blocks, the statement dispatch (local declarations, control flow, labels,
//! `defer`, target switches) and the `if`/`for`/`switch` rules.

use super::attributes::{attributes, attrs_and_modifiers};
use super::decls::{decl_after_type, declarators, param_list};
use super::exprs::{expr, expr_with_comma};
use super::items::item_after_modifiers;
use super::lookahead::{col0_item_start, looks_like_decl_at, member_start_in_block};
use super::*;

pub(super) fn block(p: &mut Parser<'_>) {
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
        DO_KW => do_stmt(p, m),
        SWITCH_KW | TARGET_SWITCH_KW | STAGE_SWITCH_KW => switch_stmt(p, m),
        RETURN_KW => {
            p.bump_any();
            if !p.at(T![;]) && !p.at(T!['}']) {
                expr_with_comma(p);
            }
            p.expect(T![;], "expected ';' after the return statement");
            m.complete(p, RETURN_STMT);
        }
        BREAK_KW | CONTINUE_KW | DISCARD_KW => jump_stmt(p, m),
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
        // `try f();`
        IDENT if p.at_ckw(TRY_KW) && matches!(p.nth(1), IDENT | THIS_KW | T![::]) => {
            expr_stmt(p, m)
        }
        // `throw E.Fail;`
        IDENT
            if p.at_ckw(THROW_KW)
                && matches!(p.nth(1), IDENT | THIS_KW | T!['('] | T![::] | INT_NUMBER) =>
        {
            p.bump_remap(THROW_KW);
            expr(p);
            // A `throw` ends with its `;`, as every statement does (Slang's fix of its issue
            // 12326: `if (c) throw E; else ...` is one `if`, and a missing `;` is an error).
            p.expect(T![;], "expected ';' after the throw statement");
            m.complete(p, THROW_STMT);
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
        // `using namespace X;` inside a function
        IDENT
            if p.at_ckw(USING_KW)
                && (p.nth(1) == NAMESPACE_KW || p.nth(1) == IDENT && p.nth(2) == T![;]) =>
        {
            item_after_modifiers(p, m, had_attrs, ItemCtx::Stmt)
        }
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

pub(super) fn at_expr_start(p: &Parser<'_>) -> bool {
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
            | T![*]
            | T![&]
            | T![::]
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

/// `catch (e : E) { ... }`, `catch (E e) { ... }` or `catch { ... }` after `do { ... }`.
fn catch_clause(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump_remap(CATCH_KW);
    if p.at(T!['(']) {
        param_list(p, false);
    }
    if p.at(T!['{']) {
        block(p);
    } else {
        p.error("expected '{' to start the 'catch' body");
    }
    m.complete(p, CATCH_CLAUSE);
}

/// `do body while (cond);`, or `do { ... } catch ...` (a DO_CATCH_STMT).
fn do_stmt(p: &mut Parser<'_>, m: Marker) {
    p.bump_any();
    body_stmt(p);
    if p.at_ckw(CATCH_KW) {
        // `do { ... } catch (e : E) { ... }`
        while p.at_ckw(CATCH_KW) {
            catch_clause(p);
        }
        m.complete(p, DO_CATCH_STMT);
        return;
    }
    if p.expect(WHILE_KW, "expected 'while (...)' after the body of 'do'") {
        paren_condition(p);
    }
    p.expect(T![;], "expected ';' after 'do ... while (...)'");
    m.complete(p, DO_STMT);
}

/// `break [label];`, `continue;`, `discard;`.
fn jump_stmt(p: &mut Parser<'_>, m: Marker) {
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
