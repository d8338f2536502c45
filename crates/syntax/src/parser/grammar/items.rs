//! Declarations: the dispatch on what follows the attribute/modifier prefix, and the
//! aggregate declarations (struct, interface, extension, enum, namespace, cbuffer, property,
//! typedef, `__init`, `__subscript`, imports) with their member lists and error recovery.

use super::attributes::{attributes, attrs_and_modifiers};
use super::decls::{array_suffix, decl_after_type, declarators, fn_rest, param_list, semantic};
use super::exprs::{arg_list, expr};
use super::generics::{generic_param_list, where_clauses, where_pred};
use super::lookahead::{
    col0_decl_start, col0_item_start, is_type_name_start, looks_like_decl_at, member_start_in_block,
};
use super::stmts::block;
use super::types::{type_, type_path};
use super::*;

pub(super) fn item(p: &mut Parser<'_>, ctx: ItemCtx) {
    if !enter(p) {
        return;
    }
    let m = p.start();
    let had_prefix = attrs_and_modifiers(p);
    item_after_modifiers(p, m, had_prefix, ctx);
    leave(p);
}

pub(super) fn item_after_modifiers(p: &mut Parser<'_>, m: Marker, had_prefix: bool, ctx: ItemCtx) {
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
        // `type_param T : I;`: a module-level type parameter, a typealias of its bound here.
        IDENT if p.at_ckw(TYPE_PARAM_KW) && p.nth(1) == IDENT => {
            p.bump_remap(TYPE_PARAM_KW);
            name(p);
            if p.at(T![:]) {
                base_list(p);
            }
            p.expect(T![;], "expected ';' after the type parameter");
            m.complete(p, TYPEALIAS);
        }
        // `__generic_value_param n : uint = 0;`: a module-level value parameter, a `let` of its
        // default here.
        IDENT if p.at_ckw(GENERIC_VALUE_PARAM_KW) && p.nth(1) == IDENT => {
            p.bump_remap(LET_KW);
            declarators(p, true);
            p.expect(T![;], "expected ';' after the value parameter");
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
        IDENT
            if p.at_ckw(PROPERTY_KW)
                && (matches!(p.nth(1), IDENT | THIS_TYPE_KW)
                    || modifier_at(p, p.pos() + 1).is_some()) =>
        {
            property(p, m)
        }
        // `__extension Foo : IBar { }`, an old spelling of `extension`
        IDENT if p.at_ckw(UEXTENSION_KW) && p.nth_at(1, IDENT) => extension(p, m),
        // GLSL `buffer Block { ... } name;`
        IDENT if p.at_ckw(BUFFER_KW) && p.nth_at(1, IDENT) && p.nth_at(2, T!['{']) => cbuffer(p, m),
        // `__constraint A.B : IFoo;`, `__constraint A == B;`
        IDENT if p.at_ckw(CONSTRAINT_KW) && is_type_name_start(p, p.pos() + 1) => {
            p.bump_remap(CONSTRAINT_KW);
            where_pred(p);
            p.expect(T![;], "expected ';' after the constraint");
            m.complete(p, CONSTRAINT_DECL);
        }
        IDENT if p.at_ckw(FUNC_EXTENSION_KW) => func_extension(p, m),
        IDENT if p.at_ckw(FUNC_KW) && p.nth_at(1, IDENT) && matches!(p.nth(2), T!['('] | T![<]) => {
            p.bump_remap(FUNC_KW);
            name(p);
            fn_rest(p, m);
        }
        // GLSL `layout(local_size_x = 2) in;`: a layout for the stage's inputs or outputs
        IDENT
            if had_prefix
                && matches!(p.contextual_at(p.pos()), IN_KW | OUT_KW | BUFFER_KW)
                && p.nth_at(1, T![;]) =>
        {
            p.bump_remap(p.contextual_at(p.pos()));
            p.bump(T![;]);
            m.complete(p, LAYOUT_DECL);
        }
        IDENT | THIS_TYPE_KW | T![::] => decl_after_type(p, m),
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

fn base_list(p: &mut Parser<'_>) {
    let m = p.start();
    p.bump(T![:]);
    loop {
        type_(p);
        // `IFoo & IBar` conforms to both, as `IFoo, IBar` does
        if !p.eat(T![,]) && !p.eat(T![&]) {
            break;
        }
    }
    m.complete(p, BASE_LIST);
}

fn struct_like(p: &mut Parser<'_>, m: Marker, kind: SyntaxKind) {
    p.bump_any();
    // `struct { ... } s;`: an anonymous struct, the type of the variables after it
    let anonymous = kind == STRUCT && p.at(T!['{']);
    if !anonymous {
        name(p);
    }
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T![:]) {
        base_list(p);
    }
    where_clauses(p);
    if p.at(T![=]) {
        // `extern struct S : IFoo = Impl;`: a link-time type, given its definition here
        p.bump_any();
        type_(p);
        p.expect(T![;], "expected ';' after the type");
        m.complete(p, kind);
        return;
    }
    if p.at(T!['{']) {
        member_list(p, MEMBER_LIST);
        if !anonymous && p.eat(T![;]) {
            m.complete(p, kind);
            return;
        }
        let decl = m.complete(p, kind);
        vars_after_body(p, decl, anonymous);
        return;
    } else if !p.eat(T![;]) {
        p.error("expected '{' to start the body");
    }
    m.complete(p, kind);
}

/// After `struct S { ... }` / `buffer B { ... }` without `;`: variables of the type (`} s;`), in
/// a VAR_DECL holding the declaration and the DECLARATORs. An anonymous struct needs them.
fn vars_after_body(p: &mut Parser<'_>, decl: CompletedMarker, required: bool) {
    let vars = p.at(IDENT)
        && !p.line_start_at(p.pos())
        && matches!(p.nth(1), T![;] | T![=] | T![,] | T!['[']);
    if vars || required {
        let v = decl.precede(p);
        declarators(p, false);
        p.expect(T![;], "expected ';' after the declaration");
        v.complete(p, VAR_DECL);
    }
}

fn extension(p: &mut Parser<'_>, m: Marker) {
    p.bump_remap(EXTENSION_KW);
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
    // `enum { A, B }`: an anonymous enum, its cases visible in the enclosing scope
    if !p.at(T!['{']) {
        name(p);
    }
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
                // A declaration at the start of a line ends an enum whose `}` is missing
                // (`name` refuses it without consuming it: this loop never ended).
                if col0_decl_start(p) {
                    v.abandon(p);
                    break;
                }
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
    // `namespace { ... }`: an anonymous namespace, its names visible in the enclosing one
    if !p.at(T!['{']) {
        name(p);
    }
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
    // slangc ends a typedef at its name: the `;` is optional.
    p.eat(T![;]);
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
        // `IFoo & IBar`: one AND_TYPE of the conformances
        if let Some(ty) = type_(p)
            && p.at(T![&])
        {
            let and = ty.precede(p);
            while p.eat(T![&]) {
                type_(p);
            }
            and.complete(p, AND_TYPE);
        }
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
    if p.at(T![<]) {
        generic_param_list(p);
    }
    if p.at(T!['(']) {
        param_list(p, false);
    } else {
        p.error("expected '(' to start the subscript parameters");
    }
    if p.eat(T![->]) {
        // `-> no_diff float`: the modifier is a token of the SUBSCRIPT
        while let Some(kind) = modifier_at(p, p.pos()) {
            p.bump_remap(kind);
        }
        type_(p);
    }
    where_clauses(p);
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
    let glsl = p.at_ckw(BUFFER_KW);
    if glsl {
        p.bump_remap(BUFFER_KW);
    } else {
        p.bump_any();
    }
    name(p);
    while p.at(T![:]) {
        semantic(p);
    }
    if p.at(T!['{']) {
        member_list(p, MEMBER_LIST);
        if glsl && !p.at(T![;]) {
            // `buffer B { ... } name;`: the block's instance name (a VAR_DECL around the block)
            let decl = m.complete(p, CBUFFER);
            vars_after_body(p, decl, false);
            return;
        }
        p.eat(T![;]);
    } else {
        p.error("expected '{' to start the buffer body");
    }
    m.complete(p, CBUFFER);
}

/// `property name : T { get; set(v) {...} }` or `property T name { get; }`.
fn property(p: &mut Parser<'_>, m: Marker) {
    p.bump_remap(PROPERTY_KW);
    // `property no_diff float value`: the modifier is a token of the PROPERTY
    while let Some(kind) = modifier_at(p, p.pos()) {
        p.bump_remap(kind);
    }
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

/// `__func_extension fwd_diff(f)(params) -> T { ... }`, `__func_extension<T> __apply(f<T>)(...)`:
/// the target (a DIFF_EXPR, or a CALL_EXPR of `__apply`), then the rest of a function.
fn func_extension(p: &mut Parser<'_>, m: Marker) {
    p.bump_remap(FUNC_EXTENSION_KW);
    if p.at(T![<]) {
        generic_param_list(p);
    }
    let target = p.start();
    let kind = if p.at_ts(DIFF_KWS) {
        p.bump_any();
        DIFF_EXPR
    } else if p.at(IDENT) {
        let path = p.start();
        name_ref(p);
        path.complete(p, PATH_EXPR);
        CALL_EXPR
    } else {
        p.error("expected 'fwd_diff(...)', 'bwd_diff(...)' or '__apply(...)'");
        ERROR
    };
    if kind == ERROR {
        target.abandon(p);
    } else {
        if kind == CALL_EXPR {
            arg_list(p);
        } else if p.expect(T!['('], "expected '(' and the function to extend") {
            expr(p);
            p.expect(T![')'], "expected ')' after the function to extend");
        }
        target.complete(p, kind);
    }
    if p.at(T!['(']) {
        param_list(p, false);
    } else {
        p.error("expected '(' to start the parameter list");
    }
    if p.eat(T![->]) {
        type_(p);
    }
    where_clauses(p);
    if p.at(T!['{']) {
        block(p);
    } else if !p.eat(T![;]) {
        p.error("expected '{' or ';' after the signature");
    }
    m.complete(p, FUNC_EXTENSION);
}
