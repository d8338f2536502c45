//! Expressions: the Pratt loop over binary operators, unary and primary expressions (casts,
//! lambdas, literals, keywords used as names), postfix chains and argument lists.

use super::decls::param_list;
use super::lookahead::{
    col0_item_start, decl_on_new_line, generic_args_follow, scan_type, skip_balanced,
};
use super::stmts::block;
use super::types::{generic_arg_list, type_};
use super::*;

/// An expression without the comma operator (arguments, initialisers).
pub(super) fn expr(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 2)
}

pub(super) fn expr_with_comma(p: &mut Parser<'_>) -> Option<CompletedMarker> {
    expr_bp(p, 1)
}

/// A generic argument or a generic parameter's default: an expression without assignment or
/// comma in which `>` closes the list (`Buf<A + B>`, `Foo<N < 2 ? 1 : 2>`).
pub(super) fn expr_no_gt(p: &mut Parser<'_>) -> Option<CompletedMarker> {
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
        // `try f(x)`: a call that may throw, its error passed on to the enclosing `catch`
        IDENT if p.at_ckw(TRY_KW) && matches!(p.nth(1), IDENT | THIS_KW | T![::]) => {
            if !enter(p) {
                return None;
            }
            let m = p.start();
            p.bump_remap(TRY_KW);
            unary(p);
            leave(p);
            Some(m.complete(p, TRY_EXPR))
        }
        // `*p` (dereference) and `&x` (address-of) are prefix operators like `-x`
        T![-] | T![+] | T![!] | T![~] | T![++] | T![--] | T![*] | T![&] | NO_DIFF_KW => {
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
/// start an operand; `(float)-x`, `(uint)*p` and `(int)&x` are casts only for built-in type
/// names (which cannot be values).
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
    matches!(after, T![-] | T![+] | T![++] | T![--] | T![*] | T![&]) && p.is_builtin_type_at(start)
}

/// The Slang parts of a `spirv_asm` operand, parsed as Slang so that hir can resolve them:
/// `$$T` and `__sampledType(T)` (types), `$x` / `$(e)` (values) and `&x` (a place's address).
/// The sigils stay tokens in front of the node. Whether something was parsed.
fn asm_operand(p: &mut Parser<'_>) -> bool {
    match p.current() {
        DOLLAR if p.nth(1) == DOLLAR => {
            p.bump_any();
            p.bump_any();
            type_(p);
            true
        }
        DOLLAR if matches!(p.nth(1), IDENT | T!['(']) => {
            p.bump_any();
            primary(p);
            true
        }
        T![&] if p.nth(1) == IDENT => {
            p.bump_any();
            primary(p);
            true
        }
        // `__sampledType(T)`: the only `name(...)` operand holding a type.
        IDENT if p.nth(1) == T!['('] => {
            p.bump_any();
            p.bump_any();
            type_(p);
            p.eat(T![')']);
            true
        }
        _ => false,
    }
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
                    _ if depth == 1 && asm_operand(p) => continue,
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
        IDENT | THIS_TYPE_KW | T![::] => {
            // `::f()`: a name in the global scope
            if p.at(T![::]) {
                p.bump_any();
            }
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
        SIZEOF_KW | COUNTOF_KW => sizeof_or_countof(p),
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
            T!['('] | T!['['] | T![.] | T![::] | T![->] | T![++] | T![--]
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
                // `s[]` calls a subscript without parameters
                if !p.at(T![']']) {
                    expr_with_comma(p);
                }
                p.expect(T![']'], "expected ']' to close the index");
                m.complete(p, INDEX_EXPR)
            }
            // `p->field` reads through a pointer (a FIELD_EXPR with `->` for `.`)
            T![.] | T![::] | T![->] => {
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
                } else if p.at(SUBSCRIPT_KW) && matches!(p.nth(1), T![::] | T![.]) {
                    // `T::__subscript::get`: an accessor of `T`'s subscript (a derivative's
                    // target)
                    let n = p.start();
                    p.bump_remap(IDENT);
                    n.complete(p, NAME_REF);
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

pub(super) fn arg_list(p: &mut Parser<'_>) {
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

/// `sizeof(T)`, `sizeof(x)`, `sizeof(T, Layout)`, `countof(P)`: returns the node kind.
fn sizeof_or_countof(p: &mut Parser<'_>) -> SyntaxKind {
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
        // `sizeof(T, Layout)`: the size in a buffer layout
        if kind == SIZEOF_EXPR && p.eat(T![,]) {
            type_(p);
        }
        p.expect(T![')'], "expected ')' to close the operand");
    }
    kind
}
