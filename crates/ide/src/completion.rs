//! Completion: members and swizzles after `.`, the statics and enum cases of a type after `T.` or
//! `T::`, the members of a namespace after `ns::` (or `ns.`), attributes after `[`, otherwise names
//! in scope, keywords and builtin types. Works from the text around the cursor, so half-typed code
//! is fine.
//!
//! Every list is filtered by the identifier typed before the cursor (a case-insensitive
//! subsequence, a superset of what editors show, so their own filtering as the user types on stays
//! right). Names in scope come from a memoized per-file list ([`visible_scope`]): an edit inside a
//! function body leaves it valid, so a request after a keystroke costs the enclosing function, not
//! the file. With [`CompletionConfig::lazy_detail`] the per-item signatures are left for
//! `completionItem/resolve` ([`resolve`]).

use std::sync::Arc;

use hir::{Db, ExprId, ItemDef, SourceFile, Stmt, Ty};
use rustc_hash::FxHashSet;
use smol_str::SmolStr;

use crate::util;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CompletionKind {
    Local,
    Parameter,
    Function,
    Method,
    Field,
    Property,
    Struct,
    Interface,
    Enum,
    EnumCase,
    Namespace,
    TypeAlias,
    Variable,
    Constant,
    Keyword,
    BuiltinType,
    Attribute,
    Swizzle,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    /// A type or signature.
    pub detail: Option<String>,
    /// Text to insert when it differs from the label (`BackwardDerivative(`).
    pub insert_text: Option<String>,
    /// `detail` was left out to answer sooner ([`CompletionConfig::lazy_detail`]):
    /// [`crate::Analysis::resolve_completion`] computes it.
    pub detail_deferred: bool,
}

/// What a completion request computes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CompletionConfig {
    /// Leave out the `detail` of names in scope (signatures and types: one query per item) and
    /// mark those items `detail_deferred`; for clients that resolve items as they show them.
    pub lazy_detail: bool,
    /// Keep at most this many items (`None`: all); the list then says it is incomplete.
    pub limit: Option<usize>,
}

/// The items of one request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompletionList {
    pub items: Vec<CompletionItem>,
    /// Items were cut at [`CompletionConfig::limit`]: the client should ask again as the user
    /// types on.
    pub is_incomplete: bool,
}

impl CompletionItem {
    fn new(
        label: impl Into<String>,
        kind: CompletionKind,
        detail: Option<String>,
    ) -> CompletionItem {
        CompletionItem {
            label: label.into(),
            kind,
            detail,
            insert_text: None,
            detail_deferred: false,
        }
    }
}

/// Which labels a request keeps.
enum Filter {
    /// The identifier typed before the cursor, lowercased: labels that contain its characters in
    /// order, ignoring case (everything when it is empty).
    Typed(String),
    /// One label exactly (resolving an item).
    Exact(String),
}

impl Filter {
    fn matches(&self, label: &str) -> bool {
        match self {
            Filter::Exact(exact) => label == exact,
            Filter::Typed(typed) => {
                let mut chars = label.chars().flat_map(char::to_lowercase);
                typed.chars().all(|t| chars.any(|c| c == t))
            }
        }
    }
}

/// One request: which labels and how much of each item.
struct Request {
    filter: Filter,
    lazy_detail: bool,
}

const KEYWORDS: &[&str] = &[
    "struct",
    "interface",
    "extension",
    "enum",
    "namespace",
    "typedef",
    "typealias",
    "associatedtype",
    "let",
    "var",
    "const",
    "static",
    "uniform",
    "groupshared",
    "no_diff",
    "public",
    "private",
    "internal",
    "return",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "discard",
    "import",
    "this",
    "This",
    "true",
    "false",
    "none",
    "in",
    "out",
    "inout",
    "ref",
    "property",
    "get",
    "set",
    "where",
    "is",
    "as",
    "fwd_diff",
    "bwd_diff",
    "__init",
    "__subscript",
    "__generic",
    "module",
    "implementing",
    "func",
];

const BUILTIN_TYPES: &[&str] = &[
    "void", "bool", "int", "uint", "half", "float", "double", "int64_t", "uint64_t", "bool2",
    "bool3", "bool4", "int2", "int3", "int4", "uint2", "uint3", "uint4", "half2", "half3", "half4",
    "float2", "float3", "float4", "double2", "double3", "double4", "float2x2", "float3x3",
    "float4x4", "float2x3", "float3x2", "float3x4", "float4x3", "vector", "matrix",
];

/// Attributes with what they take: `(` means arguments follow.
const ATTRIBUTES: &[(&str, &str)] = &[
    (
        "Differentiable",
        "function can be differentiated in both modes",
    ),
    (
        "ForwardDifferentiable",
        "function can be differentiated in forward mode",
    ),
    (
        "BackwardDifferentiable",
        "function can be differentiated in backward mode",
    ),
    (
        "ForwardDerivative(",
        "user-defined forward derivative: [ForwardDerivative(fn)]",
    ),
    (
        "BackwardDerivative(",
        "user-defined backward derivative: [BackwardDerivative(fn)]",
    ),
    (
        "ForwardDerivativeOf(",
        "this function is the forward derivative of another",
    ),
    (
        "BackwardDerivativeOf(",
        "this function is the backward derivative of another",
    ),
    ("PrimalSubstitute(", "use another function as the primal"),
    (
        "TreatAsDifferentiable",
        "treat as differentiable with a zero derivative",
    ),
    ("PreferRecompute", "recompute values in the backward pass"),
    ("PreferCheckpoint", "store values for the backward pass"),
    (
        "MaxIters(",
        "bound on loop iterations for the backward pass",
    ),
    ("ForceUnroll", "unroll the loop"),
    ("unroll", "unroll the loop"),
    ("loop", "keep the loop"),
    ("mutating", "method may modify `this`"),
    ("numthreads(", "workgroup size of a compute entry point"),
    ("shader(", "entry point stage: [shader(\"compute\")]"),
    ("DerivativeMember(", "field holds the derivative of another"),
];

pub(crate) fn completions(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    config: CompletionConfig,
) -> CompletionList {
    let (typed, _) = typed_prefix(file.text(db), offset);
    // Inside a number literal (`12`, `0x1f`) there is nothing to complete.
    if typed.starts_with(|c: char| c.is_ascii_digit()) {
        return CompletionList::default();
    }
    let request = Request {
        filter: Filter::Typed(typed.to_lowercase()),
        lazy_detail: config.lazy_detail,
    };
    let mut items = completions_for(db, file, offset, &request);
    let is_incomplete = config.limit.is_some_and(|limit| items.len() > limit);
    if let Some(limit) = config.limit {
        items.truncate(limit);
    }
    CompletionList {
        items,
        is_incomplete,
    }
}

/// The item labelled `label` that a request at `offset` offers, with its `detail` (for
/// `completionItem/resolve` of a list computed with `lazy_detail`).
pub(crate) fn resolve(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    label: &str,
) -> Option<CompletionItem> {
    let request = Request {
        filter: Filter::Exact(label.to_string()),
        lazy_detail: false,
    };
    completions_for(db, file, offset, &request)
        .into_iter()
        .find(|item| item.label == label)
}

/// The identifier before the cursor (maybe empty) and where it starts.
fn typed_prefix(text: &str, offset: u32) -> (&str, usize) {
    let bytes = text.as_bytes();
    let offset = (offset as usize).min(bytes.len());
    let mut start = offset;
    while start > 0 && util::is_ident_byte(bytes[start - 1]) {
        start -= 1;
    }
    (&text[start..offset], start)
}

fn completions_for(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    request: &Request,
) -> Vec<CompletionItem> {
    let mut items = completions_unfiltered(db, file, offset, request);
    items.retain(|item| request.filter.matches(&item.label));
    items
}

/// The candidates of the context at `offset`. Scope completion applies the filter itself (before
/// computing details); the other contexts' lists are short and filtered by the caller.
fn completions_unfiltered(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    request: &Request,
) -> Vec<CompletionItem> {
    let text = file.text(db);
    let (_, start) = typed_prefix(text, offset);
    let offset = (offset as usize).min(text.len());
    let before = text[..start].trim_end_matches([' ', '\t']);
    if let Some(qualifier) = before.strip_suffix("::") {
        return qualified_completions(db, file, &qualifier_path(qualifier));
    }
    if before.ends_with('.') && !before.ends_with("..") {
        let dot = before.len() - 1;
        // `1.` is a float literal being typed, not a member access.
        if before[..dot]
            .bytes()
            .last()
            .is_some_and(|b| b.is_ascii_digit())
            && util::ident_at(before, dot as u32).is_none()
        {
            return Vec::new();
        }
        return member_completions(db, file, dot as u32);
    }
    if in_attribute(before) {
        return ATTRIBUTES
            .iter()
            .map(|(name, doc)| CompletionItem {
                label: name.trim_end_matches('(').to_string(),
                kind: CompletionKind::Attribute,
                detail: Some(doc.to_string()),
                insert_text: name.ends_with('(').then(|| name.to_string()),
                detail_deferred: false,
            })
            .collect();
    }
    scope_completions(db, file, offset as u32, request)
}

/// Whether the cursor is on an attribute name: after a `[` that starts an attribute (not an index).
fn in_attribute(before: &str) -> bool {
    let Some(rest) = before.strip_suffix('[') else {
        return false;
    };
    let prev = rest.trim_end();
    // `a[`, `f()[`, `x[1][`: indexing. Attributes follow declarations, statements or other attributes.
    matches!(
        prev.bytes().last(),
        None | Some(b';' | b'{' | b'}' | b']' | b'(' | b',')
    ) && (!prev.ends_with(']') || prev_is_attribute_close(prev))
}

/// For `...]`, whether the bracket closes an attribute (`[numthreads(1,1,1)]`) rather than an index.
fn prev_is_attribute_close(prev: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in prev.char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' => {
                depth -= 1;
                if depth == 0 {
                    return in_attribute(&prev[..=i]);
                }
            }
            _ => {}
        }
    }
    false
}

/// What the expression ending right before the `.` at `dot` is.
enum Receiver {
    /// A value of this type: its instance members.
    Value(Ty),
    /// The type itself (`S.`, `Mode.`, `T.`): its statics, nested types and enum cases.
    Type(Ty),
    /// A namespace (`ns.`).
    Namespace,
}

fn receiver(db: &dyn Db, file: SourceFile, dot: u32) -> Option<Receiver> {
    let (f, rel) = util::function_at(db, file, dot)?;
    let body = hir::fn_body(db, f);
    let result = hir::infer_function(db, f);
    let target: Option<ExprId> = body
        .exprs
        .iter()
        .map(|(id, _)| id)
        .filter(|id| {
            let r = body.expr_range(*id);
            !r.is_empty() && r.end <= rel && rel <= r.end + 1
        })
        .max_by_key(|id| body.expr_range(*id).len());
    let e = target?;
    Some(match result.resolutions.get(&e) {
        Some(hir::ExprRes::Type(t)) => Receiver::Type(t.clone()),
        Some(hir::ExprRes::Namespace) => Receiver::Namespace,
        _ => Receiver::Value(result.expr_ty(e)),
    })
}

/// The names of a qualifier written before `::` or `.` (`a::b` -> `[a, b]`); empty when it is not
/// a plain name path.
fn qualifier_path(before: &str) -> Vec<String> {
    let bytes = before.as_bytes();
    let mut end = bytes.len();
    let mut segments = Vec::new();
    loop {
        let mut start = end;
        while start > 0 && util::is_ident_byte(bytes[start - 1]) {
            start -= 1;
        }
        if start == end || bytes[start].is_ascii_digit() {
            return Vec::new();
        }
        segments.push(before[start..end].to_string());
        let rest = before[..start].trim_end_matches([' ', '\t']);
        match rest.strip_suffix("::") {
            Some(r) => end = r.trim_end_matches([' ', '\t']).len(),
            None => break,
        }
    }
    segments.reverse();
    segments
}

/// Completions after `qualifier::` (or after `qualifier.` when inference knows nothing of it):
/// a namespace's members, or a type's statics and cases. Found by name among the visible items.
fn qualified_completions(
    db: &dyn Db,
    file: SourceFile,
    qualifier: &[String],
) -> Vec<CompletionItem> {
    if qualifier.is_empty() {
        return Vec::new();
    }
    let namespace = namespace_completions(db, file, qualifier);
    if !namespace.is_empty() {
        return namespace;
    }
    match type_named(db, file, qualifier) {
        Some(ty) => static_completions(db, file, &ty),
        None => Vec::new(),
    }
}

/// The names in the namespace `path` (items and nested namespaces), from every visible file.
fn namespace_completions(db: &dyn Db, file: SourceFile, path: &[String]) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = Vec::new();
    let mut seen: FxHashSet<String> = FxHashSet::default();
    for f in util::visible_files(db, file) {
        for item in hir::file_items(db, f) {
            let loc = util::item_loc(db, item);
            let segs = &loc.path;
            if segs.len() <= path.len()
                || !segs[..path.len()]
                    .iter()
                    .zip(path)
                    .all(|(s, name)| s.kind == hir::ItemKind::Namespace && s.name == name)
            {
                continue;
            }
            let next = &segs[path.len()];
            let completion = if next.kind == hir::ItemKind::Namespace {
                Some(CompletionItem::new(
                    next.name.to_string(),
                    CompletionKind::Namespace,
                    None,
                ))
            } else if segs.len() == path.len() + 1 {
                item_completion(db, item)
            } else {
                None
            };
            if let Some(c) = completion
                && seen.insert(c.label.clone())
            {
                out.push(c);
            }
        }
    }
    out
}

/// The type declared at `path` (namespaces and enclosing types included), among visible items.
fn type_named(db: &dyn Db, file: SourceFile, path: &[String]) -> Option<Ty> {
    util::visible_files(db, file).into_iter().find_map(|f| {
        hir::file_items(db, f).into_iter().find_map(|item| {
            let ItemDef::TypeDecl(decl) = item else {
                return None;
            };
            let loc = util::item_loc(db, item);
            let matches = loc.path.len() == path.len()
                && loc.path.iter().zip(path).all(|(s, name)| s.name == name);
            matches.then(|| Ty::Adt(decl, Default::default()))
        })
    })
}

/// What `Type.` / `Type::` offers: enum cases, static methods and constants, nested types.
fn static_completions(db: &dyn Db, file: SourceFile, ty: &Ty) -> Vec<CompletionItem> {
    let mut out = Vec::new();
    if let Ty::Adt(decl, _) = ty {
        let data = hir::type_decl_data(db, *decl);
        for (i, case) in data.variants.iter().enumerate() {
            let value = hir::export::enum_case_value(db, file, *decl, i as u32);
            let detail = match value {
                Some(v) => format!("{}.{} = {v}", data.name, case.name),
                None => format!("{}.{}", data.name, case.name),
            };
            out.push(CompletionItem::new(
                case.name.to_string(),
                CompletionKind::EnumCase,
                Some(detail),
            ));
        }
        for member in data.members.iter() {
            if let ItemDef::TypeDecl(_) = member
                && let Some(c) = item_completion(db, *member)
            {
                out.push(c);
            }
        }
    }
    out.extend(
        hir::members_of(db, file, ty)
            .into_iter()
            .filter(|m| {
                matches!(
                    m.kind,
                    hir::MemberKind::StaticMethod
                        | hir::MemberKind::Constant
                        | hir::MemberKind::TypeAlias
                )
            })
            .map(member_completion),
    );
    out
}

fn member_completion(m: hir::MemberInfo) -> CompletionItem {
    let kind = match m.kind {
        hir::MemberKind::Field => CompletionKind::Field,
        hir::MemberKind::Method | hir::MemberKind::StaticMethod => CompletionKind::Method,
        hir::MemberKind::Property => CompletionKind::Property,
        hir::MemberKind::TypeAlias => CompletionKind::TypeAlias,
        hir::MemberKind::Constant => CompletionKind::Constant,
    };
    CompletionItem::new(m.name, kind, Some(m.detail))
}

fn member_completions(db: &dyn Db, file: SourceFile, dot: u32) -> Vec<CompletionItem> {
    let ty = match receiver(db, file, dot) {
        Some(Receiver::Value(ty)) => ty,
        Some(Receiver::Type(ty)) => return static_completions(db, file, &ty),
        // Inference knows no receiver (or a namespace): look the written name up.
        Some(Receiver::Namespace) | None => {
            let text = file.text(db);
            let qualifier = qualifier_path(&text[..dot as usize]);
            return qualified_completions(db, file, &qualifier);
        }
    };
    let mut out: Vec<CompletionItem> = hir::members_of(db, file, &ty)
        .into_iter()
        .map(member_completion)
        .collect();
    let (elem, n) = match &ty {
        Ty::Vector(elem, hir::Len::Known(n)) => (hir::display_ty(db, elem), *n as usize),
        Ty::Scalar(_) => (hir::display_ty(db, &ty), 1),
        _ => return out,
    };
    let n = n.min(4);
    for set in ["xyzw", "rgba"] {
        let comps = &set[..n];
        let mut names: Vec<String> = comps.chars().map(String::from).collect();
        for len in 2..=n {
            names.push(comps[..len].to_string());
        }
        for a in comps.chars() {
            for b in comps.chars() {
                let pair: String = [a, b].iter().collect();
                if !names.contains(&pair) {
                    names.push(pair);
                }
            }
        }
        for name in names {
            let detail = if name.len() == 1 {
                elem.clone()
            } else {
                format!("{elem}{}", name.len())
            };
            out.push(CompletionItem::new(
                name,
                CompletionKind::Swizzle,
                Some(detail),
            ));
        }
    }
    out
}

/// Locals visible at `rel` in a body: declared before it, in a block that contains it.
fn visible_locals(body: &hir::Body, rel: u32) -> Vec<hir::LocalId> {
    let mut out = Vec::new();
    fn walk(body: &hir::Body, stmt: hir::export::StmtId, rel: u32, out: &mut Vec<hir::LocalId>) {
        let range = body.stmt_range(stmt);
        let contains = range.start <= rel && rel <= range.end;
        match &body.stmts[stmt] {
            Stmt::Local { local, .. } if body.locals[*local].name_range.end <= rel => {
                out.push(*local)
            }
            Stmt::Seq(stmts) => {
                for s in stmts {
                    walk(body, *s, rel, out);
                }
            }
            Stmt::Block(stmts) if contains => {
                for s in stmts {
                    walk(body, *s, rel, out);
                }
            }
            Stmt::For {
                init, body: inner, ..
            } if contains => {
                if let Some(init) = init {
                    walk(body, *init, rel, out);
                }
                walk(body, *inner, rel, out);
            }
            Stmt::IfLet {
                local,
                then_branch,
                else_branch,
                ..
            } if contains => {
                if body.stmt_range(*then_branch).contains_inclusive(rel) {
                    out.push(*local);
                }
                walk(body, *then_branch, rel, out);
                if let Some(e) = else_branch {
                    walk(body, *e, rel, out);
                }
            }
            Stmt::If {
                then_branch,
                else_branch,
                ..
            } if contains => {
                walk(body, *then_branch, rel, out);
                if let Some(e) = else_branch {
                    walk(body, *e, rel, out);
                }
            }
            Stmt::While { body: inner, .. } | Stmt::DoWhile { body: inner, .. } if contains => {
                walk(body, *inner, rel, out)
            }
            Stmt::Switch { cases, .. } if contains => {
                for case in cases {
                    for s in &case.body {
                        walk(body, *s, rel, out);
                    }
                }
            }
            Stmt::DoCatch {
                body: inner,
                catches,
            } if contains => {
                walk(body, *inner, rel, out);
                for clause in catches {
                    if let Some(local) = clause.local
                        && body.stmt_range(clause.body).contains_inclusive(rel)
                    {
                        out.push(local);
                    }
                    walk(body, clause.body, rel, out);
                }
            }
            _ => {}
        }
    }
    if let Some(root) = body.root_block {
        walk(body, root, rel, &mut out);
    }
    // Inside a lambda: its parameters and the locals of its block body.
    for (id, expr) in body.exprs.iter() {
        if let hir::Expr::Lambda {
            params,
            body: lambda_body,
        } = expr
            && body.expr_range(id).contains_inclusive(rel)
        {
            out.extend(params.iter().copied());
            if let hir::LambdaBody::Block(block) = lambda_body {
                walk(body, *block, rel, &mut out);
            }
        }
    }
    // Statements that failed to attach to the tree (broken code) still declare names: fall back to
    // every local declared before the cursor when the walk found none of them.
    if out.is_empty() {
        out = body
            .locals
            .iter()
            .filter(|(_, l)| l.name_range.end <= rel)
            .map(|(id, _)| id)
            .collect();
    }
    out
}

fn item_completion(db: &dyn Db, item: ItemDef) -> Option<CompletionItem> {
    let entry = scope_entry(db, item)?;
    Some(CompletionItem::new(
        entry.name.to_string(),
        entry.kind,
        item_detail(db, item),
    ))
}

/// A name that scope completion offers: what it is, without its detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScopeEntry {
    name: SmolStr,
    kind: CompletionKind,
    item: ItemDef,
}

/// The entry of an item, if completion offers it. Reads only the item's location (and a global's
/// modifiers), never its signature: what [`file_scope`] reads is what salsa re-checks after an edit.
fn scope_entry(db: &dyn Db, item: ItemDef) -> Option<ScopeEntry> {
    let loc = util::item_loc(db, item);
    let name = loc.name();
    // `__BuiltinRealType` and friends are the stdlib's plumbing, not for users to write.
    if name.starts_with("__") {
        return None;
    }
    let kind = match (item, loc.kind()?) {
        // Functions by name (an `__init` is none); callers pass no members: they come through `.`.
        (ItemDef::Function(_), hir::ItemKind::Function) => {
            if name.starts_with("operator") {
                return None;
            }
            CompletionKind::Function
        }
        (ItemDef::TypeDecl(_), hir::ItemKind::Struct) => CompletionKind::Struct,
        (ItemDef::TypeDecl(_), hir::ItemKind::Interface) => CompletionKind::Interface,
        (ItemDef::TypeDecl(_), hir::ItemKind::Enum) => CompletionKind::Enum,
        (ItemDef::Alias(_), _) => CompletionKind::TypeAlias,
        (ItemDef::Global(g), _) => {
            let data = hir::export::global_data(db, g);
            if data.modifiers.is_const || data.is_let {
                CompletionKind::Constant
            } else {
                CompletionKind::Variable
            }
        }
        _ => return None,
    };
    Some(ScopeEntry { name, kind, item })
}

/// What a list shows beside an item's name: a function's signature, a global's type.
fn item_detail(db: &dyn Db, item: ItemDef) -> Option<String> {
    Some(match item {
        ItemDef::Function(f) => hir::fn_signature_text(db, f),
        ItemDef::Global(g) => hir::display_ty(db, &hir::export::global_ty(db, g)),
        other => util::item_name(db, other),
    })
}

/// The entries of a file's items that are not members (those of namespaces included), in source
/// order. Reads the item tree, which holds no bodies: equal after an edit inside a body, so this
/// is not recomputed then.
#[salsa::tracked(returns(clone))]
fn file_scope(db: &dyn Db, file: SourceFile) -> Arc<[ScopeEntry]> {
    fn walk(db: &dyn Db, nodes: &[hir::export::ItemNode], out: &mut Vec<ScopeEntry>) {
        for node in nodes {
            match node {
                hir::export::ItemNode::Namespace { items, .. } => walk(db, items, out),
                hir::export::ItemNode::Item(item) => out.extend(scope_entry(db, *item)),
            }
        }
    }
    let mut out = Vec::new();
    walk(db, &hir::item_tree(db, file).items, &mut out);
    out.into()
}

/// The files whose names `file` sees (see [`util::visible_files`]). Recomputed after each edit
/// (it reads the parse) but equal, so what depends on it stays valid.
#[salsa::tracked(returns(clone))]
fn visible_file_list(db: &dyn Db, file: SourceFile) -> Arc<[SourceFile]> {
    util::visible_files(db, file).into()
}

/// Every top-level name `file` sees, the first of equal names only: its own items, then those of
/// what it imports, then the stdlib's.
#[salsa::tracked(returns(clone))]
pub(crate) fn visible_scope(db: &dyn Db, file: SourceFile) -> Arc<[ScopeEntry]> {
    let mut seen: FxHashSet<SmolStr> = FxHashSet::default();
    visible_file_list(db, file)
        .iter()
        .flat_map(|f| file_scope(db, *f).iter().cloned().collect::<Vec<_>>())
        .filter(|entry| seen.insert(entry.name.clone()))
        .collect()
}

fn scope_completions(
    db: &dyn Db,
    file: SourceFile,
    offset: u32,
    request: &Request,
) -> Vec<CompletionItem> {
    let mut out = Vec::new();
    let mut seen: FxHashSet<String> = FxHashSet::default();
    let filter = &request.filter;
    let mut add = |item: CompletionItem, out: &mut Vec<CompletionItem>| {
        if seen.insert(item.label.clone()) {
            out.push(item);
        }
    };
    if let Some((f, rel)) = util::function_at(db, file, offset) {
        let body = hir::fn_body(db, f);
        let mut locals = visible_locals(&body, rel);
        locals.retain(|l| filter.matches(&body.locals[*l].name));
        // Innermost (latest) declarations shadow earlier ones.
        locals.sort_by_key(|l| std::cmp::Reverse(body.locals[*l].name_range.start));
        // Types need the function's inference: skipped when none is listed or details wait.
        let result =
            (!locals.is_empty() && !request.lazy_detail).then(|| hir::infer_function(db, f));
        for l in locals {
            let data = &body.locals[l];
            let mut item = CompletionItem::new(data.name.to_string(), CompletionKind::Local, None);
            match &result {
                Some(result) => item.detail = Some(hir::display_ty(db, &result.local_ty(l))),
                None => item.detail_deferred = true,
            }
            add(item, &mut out);
        }
        let sig = hir::fn_sig(db, f);
        for p in sig.params.iter().filter(|p| filter.matches(&p.name)) {
            add(
                CompletionItem::new(
                    p.name.to_string(),
                    CompletionKind::Parameter,
                    Some(hir::display_ty(db, &p.ty)),
                ),
                &mut out,
            );
        }
        let data = hir::fn_data(db, f);
        for g in data.generics.iter().filter(|g| filter.matches(&g.name)) {
            add(
                CompletionItem::new(g.name.to_string(), CompletionKind::TypeAlias, None),
                &mut out,
            );
        }
    }
    for entry in visible_scope(db, file).iter() {
        if !filter.matches(&entry.name) {
            continue;
        }
        let mut item = CompletionItem::new(entry.name.to_string(), entry.kind, None);
        if request.lazy_detail {
            item.detail_deferred = true;
        } else {
            item.detail = item_detail(db, entry.item);
        }
        add(item, &mut out);
    }
    for t in BUILTIN_TYPES.iter().filter(|t| filter.matches(t)) {
        add(
            CompletionItem::new(*t, CompletionKind::BuiltinType, None),
            &mut out,
        );
    }
    for k in KEYWORDS.iter().filter(|k| filter.matches(k)) {
        add(
            CompletionItem::new(*k, CompletionKind::Keyword, None),
            &mut out,
        );
    }
    out
}
