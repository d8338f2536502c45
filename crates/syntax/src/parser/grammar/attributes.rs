//! Attribute lists (`[numthreads(8, 1, 1)]`, `[[vk::binding(0)]]`) and the prefix of attributes,
//! modifiers and `__generic<...>` that any declaration or statement may start with.

use super::exprs::arg_list;
use super::generics::generic_param_list;
use super::*;

/// Attributes, modifier keywords and `__generic<...>` in any order. Returns whether any.
pub(super) fn attrs_and_modifiers(p: &mut Parser<'_>) -> bool {
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

pub(super) fn attributes(p: &mut Parser<'_>) -> bool {
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
