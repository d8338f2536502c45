//! Rules of type declarations: constraints name interfaces, a struct does not contain itself
//! and an interface does not inherit itself, variables have sized types, modifiers and
//! attributes sit where they mean something.

use base_db::{Db, FileKind};
use syntax::SyntaxKind::*;
use syntax::SyntaxNode;

use super::{direct_tokens, item_node, range_of, token_range};
use crate::body::Stmt;
use crate::data::{FnKind, GenericParamData, GenericParamKind, TypeDeclKind, TypeRef};
use crate::diagnostics::Diag;
use crate::ids::*;
use crate::infer;
use crate::lower;
use crate::resolve::Resolver;
use crate::ty::Ty;

pub(super) fn check_type_decl(db: &dyn Db, decl: TypeDeclId, out: &mut Vec<Diag>) {
    let data = lower::type_decl_data(db, decl);
    let node = item_node(db, ItemDef::TypeDecl(decl));
    let resolver = Resolver::for_item(db, decl.loc(db));
    check_constraints(&resolver, &data.generics, node.as_ref(), out);
    match data.kind {
        TypeDeclKind::Struct => {
            if let Some(path) = self_containing(db, decl) {
                out.push(Diag::error(
                    "E2215",
                    format!(
                        "type '{}' contains itself by value ({path}): it would have infinite size; hold the inner value through an array index, a pointer or a buffer instead",
                        data.name
                    ),
                    data.name_range,
                ));
            }
            if let Some(node) = &node {
                check_field_modifiers(node, out);
            }
        }
        TypeDeclKind::Interface => {
            if inherits_itself(db, decl) {
                out.push(Diag::error(
                    "E2216",
                    format!(
                        "cyclic reference in inheritance graph '{}': the interface inherits itself through its bases; remove one of the inheritance clauses of the cycle",
                        data.name
                    ),
                    data.name_range,
                ));
            }
        }
        TypeDeclKind::Enum => {
            if let (Some(attr), Some(node)) = (data.attr("UnscopedEnum"), &node)
                && direct_tokens(node).any(|t| t.text() == "class")
            {
                out.push(Diag::error(
                    "E2218",
                    format!(
                        "modifier 'UnscopedEnum' conflicts with 'class' on enum '{}': `enum class` keeps its cases inside the enum's scope and `[UnscopedEnum]` puts them outside; keep one of the two",
                        data.name
                    ),
                    attr.range,
                ));
            }
        }
    }
}

pub(super) fn check_function(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let data = lower::fn_data(db, func);
    let node = item_node(db, ItemDef::Function(func));
    if !data.generics.is_empty() || node.as_ref().is_some_and(has_where_clause) {
        let resolver = Resolver::for_item(db, func.loc(db));
        check_constraints(&resolver, &data.generics, node.as_ref(), out);
    }
    if let Some(node) = &node
        && data.params.iter().any(|p| p.variadic)
    {
        check_each_in_params(db, func, node, out);
    }
    if data.kind == FnKind::Init && data.params.is_empty() {
        check_init_in_extension(db, func, out);
    }
    if data.has_body {
        // E2217: a local needs a size, from its type or its initialiser.
        let body = lower::fn_body(db, func);
        for (_, stmt) in body.stmts.iter() {
            if let Stmt::Local { local, init: None } = stmt {
                let l = &body.locals[*local];
                let unsized_suffix = l.array_dims.iter().any(Option::is_none);
                let unsized_type = matches!(&l.ty, Some(TypeRef::Array(_, None)));
                if unsized_suffix || unsized_type {
                    out.push(unsized_diag(&l.name, l.name_range));
                }
            }
        }
    }
}

pub(super) fn check_global(db: &dyn Db, global: GlobalId, out: &mut Vec<Diag>) {
    let data = lower::global_data(db, global);
    if data.modifiers.is_static
        && !data.has_init
        && matches!(&data.ty, Some(TypeRef::Array(_, None)))
    {
        out.push(unsized_diag(&data.name, data.name_range));
    }
    if data.in_type {
        return;
    }
    if let Some(node) = item_node(db, ItemDef::Global(global)) {
        check_ref_modifiers(&node, out);
    }
}

fn unsized_diag(name: &str, range: crate::TextRange) -> Diag {
    Diag::error(
        "E2217",
        format!(
            "cannot instantiate a variable of unsized type: '{name}' is declared `[]` with no initializer; give the array a size (`[4]`) or initialise it (`= {{ ... }}`)"
        ),
        range,
    )
}

pub(super) fn check_extension(db: &dyn Db, ext: ExtensionId, out: &mut Vec<Diag>) {
    let data = lower::extension_data(db, ext);
    let node = item_node(db, ItemDef::Extension(ext));
    if !data.generics.is_empty() || node.as_ref().is_some_and(has_where_clause) {
        let resolver = Resolver::for_item(db, ext.loc(db));
        check_constraints(&resolver, &data.generics, node.as_ref(), out);
    }
}

pub(super) fn check_property(db: &dyn Db, prop: PropertyId, out: &mut Vec<Diag>) {
    let data = lower::property_data(db, prop);
    let resolver = Resolver::for_item(db, prop.loc(db));
    let ty = resolver.resolve_type(&data.ty, &mut Vec::new());
    if let Some(node) = item_node(db, ItemDef::Property(prop)) {
        check_ref_accessor(db, &node, &ty, out);
    }
}

pub(super) fn check_subscript(db: &dyn Db, sub: SubscriptId, out: &mut Vec<Diag>) {
    let data = lower::subscript_data(db, sub);
    let resolver = Resolver::for_item(db, sub.loc(db));
    let ty = resolver.resolve_type(&data.ret, &mut Vec::new());
    if let Some(node) = item_node(db, ItemDef::Subscript(sub)) {
        check_ref_accessor(db, &node, &ty, out);
    }
}

/// E2220: a reference into an interface-typed value would bypass the packing of the concrete
/// value behind it.
fn check_ref_accessor(db: &dyn Db, node: &SyntaxNode, ty: &Ty, out: &mut Vec<Diag>) {
    let Ty::Adt(decl, _) = ty else {
        return;
    };
    if lower::type_decl_data(db, *decl).kind != TypeDeclKind::Interface {
        return;
    }
    for accessor in node.descendants().filter(|n| n.kind() == ACCESSOR) {
        if let Some(kw) = direct_tokens(&accessor).find(|t| t.text() == "ref") {
            out.push(Diag::error(
                "E2220",
                format!(
                    "a 'ref' accessor returning type '{}' is incompatible with dynamic dispatch: an interface-typed value is stored packed, and a reference into it would bypass the packing; use `get` and `set` accessors instead",
                    crate::display_ty(db, ty)
                ),
                token_range(&kw),
            ));
        }
    }
}

/// E2219 for the fields of a struct.
fn check_field_modifiers(node: &SyntaxNode, out: &mut Vec<Diag>) {
    for list in node.children().filter(|c| c.kind() == MEMBER_LIST) {
        for decl in list.children().filter(|c| c.kind() == VAR_DECL) {
            check_ref_modifiers(&decl, out);
        }
    }
}

/// E2219: `__ref` and `__constref` are parameter passing modes.
fn check_ref_modifiers(node: &SyntaxNode, out: &mut Vec<Diag>) {
    for t in direct_tokens(node) {
        if matches!(t.kind(), REF_KW | CONSTREF_KW) || matches!(t.text(), "__ref" | "__constref") {
            out.push(Diag::error(
                "E2219",
                format!(
                    "modifier '{}' is not allowed here: it says how a parameter is passed, and only parameters take it; remove it (a field or global holds its own value)",
                    t.text()
                ),
                token_range(&t),
            ));
        }
    }
}

fn has_where_clause(node: &SyntaxNode) -> bool {
    node.children().any(|c| c.kind() == WHERE_CLAUSE)
}

/// E2214: a constraint names an interface; `int` makes a value parameter (`let D : int`).
fn check_constraints(
    resolver: &Resolver,
    generics: &[GenericParamData],
    node: Option<&SyntaxNode>,
    out: &mut Vec<Diag>,
) {
    let not_interface = |ty: &Ty| {
        matches!(
            ty,
            Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) | Ty::Array(..)
        )
    };
    for g in generics {
        let GenericParamKind::Type { constraints } = &g.kind else {
            continue;
        };
        for c in constraints {
            let ty = resolver.resolve_type(c, &mut Vec::new());
            if not_interface(&ty) {
                let shown = crate::display_ty(resolver.db, &ty);
                let hint = if g.variadic {
                    format!(
                        "use 'let each' to declare a variadic generic value parameter: 'let each {} : {shown}'",
                        g.name
                    )
                } else {
                    format!(
                        "use the 'let' keyword to declare a generic value parameter: 'let {} : {shown}'",
                        g.name
                    )
                };
                out.push(Diag::error(
                    "E2214",
                    format!("type '{shown}' cannot be used as a constraint: a constraint names an interface; {hint}"),
                    c.range().unwrap_or(g.range),
                ));
            }
        }
    }
    let Some(node) = node else {
        return;
    };
    for clause in node.children().filter(|c| c.kind() == WHERE_CLAUSE) {
        for pred in clause.children().filter(|p| p.kind() == WHERE_PRED) {
            if pred
                .descendants_with_tokens()
                .filter_map(|e| e.into_token())
                .any(|t| t.text() == "==" || t.text() == "optional")
            {
                continue;
            }
            for bound in pred
                .children()
                .filter(|c| lower::is_type_kind(c.kind()))
                .skip(1)
            {
                let ty = resolver.resolve_type(&lower::lower_type(&bound), &mut Vec::new());
                if not_interface(&ty) {
                    out.push(Diag::error(
                        "E2214",
                        format!(
                            "type '{}' cannot be used as a constraint: a `where` clause constrains a type to an interface",
                            crate::display_ty(resolver.db, &ty)
                        ),
                        range_of(&bound),
                    ));
                }
            }
        }
    }
}

/// A struct field path back to `decl` through fields held by value (arrays included), if any.
fn self_containing(db: &dyn Db, decl: TypeDeclId) -> Option<String> {
    let mut stack: Vec<(TypeDeclId, String)> = vec![(decl, String::new())];
    let mut seen: Vec<TypeDeclId> = Vec::new();
    while let Some((current, path)) = stack.pop() {
        if seen.contains(&current) || seen.len() > 256 {
            continue;
        }
        seen.push(current);
        let data = lower::type_decl_data(db, current);
        let types = infer::field_types(db, current);
        for (field, ty) in data.fields.iter().zip(types.iter()) {
            let mut ty = ty;
            while let Ty::Array(inner, _) = ty {
                ty = inner;
            }
            let Ty::Adt(d, _) = ty else {
                continue;
            };
            if lower::item_def_file(db, ItemDef::TypeDecl(*d)).kind(db) == FileKind::Stdlib {
                continue;
            }
            if lower::type_decl_data(db, *d).kind != TypeDeclKind::Struct {
                continue;
            }
            let step = if path.is_empty() {
                format!("field `{}`", field.name)
            } else {
                format!("{path}, field `{}`", field.name)
            };
            if *d == decl {
                return Some(step);
            }
            stack.push((*d, step));
        }
    }
    None
}

/// Whether an interface reaches itself through its bases.
fn inherits_itself(db: &dyn Db, decl: TypeDeclId) -> bool {
    let mut stack = vec![decl];
    let mut seen = Vec::new();
    while let Some(current) = stack.pop() {
        if seen.contains(&current) || seen.len() > 256 {
            continue;
        }
        seen.push(current);
        let data = lower::type_decl_data(db, current);
        let resolver = Resolver::for_item(db, current.loc(db));
        for base in &data.bases {
            if let Ty::Adt(b, _) = resolver.resolve_type(base, &mut Vec::new()) {
                if b == decl {
                    return true;
                }
                stack.push(b);
            }
        }
    }
    false
}

/// E2221: a struct with field initialisers has its default constructor from them.
fn check_init_in_extension(db: &dyn Db, func: FunctionId, out: &mut Vec<Diag>) {
    let Some(parent) = func.loc(db).parent() else {
        return;
    };
    if parent.kind() != Some(ItemKind::Extension) {
        return;
    }
    let ext = ExtensionId::new(db, parent);
    let ext_data = lower::extension_data(db, ext);
    let resolver = Resolver::for_item(db, ext.loc(db));
    let Ty::Adt(target, _) = resolver.resolve_type(&ext_data.target, &mut Vec::new()) else {
        return;
    };
    let target_data = lower::type_decl_data(db, target);
    if target_data.kind != TypeDeclKind::Struct || !target_data.fields.iter().any(|f| f.has_default)
    {
        return;
    }
    let data = lower::fn_data(db, func);
    out.push(Diag::error(
        "E2221",
        format!(
            "a default `__init()` cannot be a part of an `extension` of '{}': its field initializers already make its default constructor; write the `__init()` inside the struct, or give this one parameters",
            target_data.name
        ),
        data.name_range,
    ));
}

/// E2051 in parameter types: `expand each T` repeats over a type pack, so `T` is one.
fn check_each_in_params(db: &dyn Db, func: FunctionId, node: &SyntaxNode, out: &mut Vec<Diag>) {
    let resolver = Resolver::for_item(db, func.loc(db));
    let Some(list) = node.children().find(|c| c.kind() == PARAM_LIST) else {
        return;
    };
    for each in list.descendants().filter(|n| n.kind() == EACH_TYPE) {
        let Some(inner) = each.children().find(|c| lower::is_type_kind(c.kind())) else {
            continue;
        };
        if let Ty::Param(p) = resolver.resolve_type(&lower::lower_type(&inner), &mut Vec::new())
            && !crate::resolve::is_type_pack(db, &p)
        {
            out.push(Diag::error(
                "E2051",
                format!(
                    "expected a type pack after 'each': `{}` is a single type; declare it as a pack (`each {}`) in the generic parameters, or drop `expand each`",
                    p.name, p.name
                ),
                range_of(&each),
            ));
        }
    }
}
