//! Shared helpers: files, names at offsets, item owners, and the per-file index of name
//! occurrences that navigation, highlighting and semantic tokens are built on.

use hir::{Db, Expr, ExprRes, FunctionId, ItemDef, LocalId, SourceFile, TextRange, Ty, TypeDeclId};
use std::sync::Arc;

use rustc_hash::FxHashMap;
use syntax::{NodeOrToken, SyntaxKind, SyntaxNode};

/// A user file or a stdlib file by virtual path.
pub(crate) fn any_file(db: &dyn Db, path: &str) -> Option<SourceFile> {
    let ws = db.workspace();
    ws.files(db)
        .iter()
        .chain(ws.stdlib(db).iter())
        .copied()
        .find(|f| &**f.path(db) == path)
}

pub(crate) fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The identifier touching `offset` in `text` (at it or just before it).
pub(crate) fn ident_at(text: &str, offset: u32) -> Option<(String, TextRange)> {
    let bytes = text.as_bytes();
    let offset = (offset as usize).min(bytes.len());
    let mut start = offset;
    while start > 0 && is_ident_byte(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = offset;
    while end < bytes.len() && is_ident_byte(bytes[end]) {
        end += 1;
    }
    if start == end || bytes[start].is_ascii_digit() {
        return None;
    }
    Some((
        text[start..end].to_string(),
        TextRange::new(start as u32, end as u32),
    ))
}

/// The word (identifier or number literal, `1.5f` included) touching `offset`.
pub(crate) fn word_at(text: &str, offset: u32) -> Option<TextRange> {
    let bytes = text.as_bytes();
    let is_word = |b: u8| is_ident_byte(b) || b == b'.';
    let offset = (offset as usize).min(bytes.len());
    let mut start = offset;
    while start > 0 && is_word(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = offset;
    while end < bytes.len() && is_word(bytes[end]) {
        end += 1;
    }
    // A member access `a.b` is two words; only numbers keep their dot.
    let word = &text[start..end];
    if word.contains('.') && !word.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        let (_, r) = ident_at(text, offset as u32)?;
        return Some(r);
    }
    (start < end).then(|| TextRange::new(start as u32, end as u32))
}

/// Maps an item-relative range (preprocessed text) to the file's original text.
pub(crate) fn to_original(db: &dyn Db, def: ItemDef, range: TextRange) -> TextRange {
    let (file, _, _) = hir::item_ranges(db, def);
    let pp = hir::preprocessed(db, file);
    pp.map
        .range_to_original(range.shifted(hir::item_start(db, def)))
}

/// The innermost function whose text contains `offset` (original text), with the offset made
/// relative to the function's syntax in the preprocessed text.
pub(crate) fn function_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<(FunctionId, u32)> {
    let expanded = hir::preprocessed(db, file).map.to_expanded(offset);
    let (func, start) = hir::function_at(db, file, expanded)?;
    expanded.checked_sub(start).map(|rel| (func, rel))
}

/// What a name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Def {
    Item(ItemDef),
    Local(FunctionId, LocalId),
    Param(FunctionId, u32),
    Field(TypeDeclId, u32),
    Variant(TypeDeclId, u32),
}

/// One name in a file: its range (original text), what it refers to, whether it declares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Occurrence {
    pub range: TextRange,
    pub def: Def,
    pub is_decl: bool,
}

/// The declaration site of a definition: file and the name's range.
pub(crate) fn def_site(db: &dyn Db, def: Def) -> Option<(SourceFile, TextRange)> {
    Some(match def {
        Def::Item(item) => {
            let (file, _, name) = hir::item_ranges(db, item);
            (file, name)
        }
        Def::Local(f, l) => {
            let body = hir::fn_body(db, f);
            let local = body.locals.iter().find(|(id, _)| *id == l)?.1;
            (
                f.loc(db).file,
                to_original(db, ItemDef::Function(f), local.name_range),
            )
        }
        Def::Param(f, i) => {
            let data = hir::fn_data(db, f);
            (
                f.loc(db).file,
                to_original(
                    db,
                    ItemDef::Function(f),
                    data.params.get(i as usize)?.name_range,
                ),
            )
        }
        Def::Field(t, i) => {
            let data = hir::type_decl_data(db, t);
            (
                t.loc(db).file,
                to_original(
                    db,
                    ItemDef::TypeDecl(t),
                    data.fields.get(i as usize)?.name_range,
                ),
            )
        }
        Def::Variant(t, i) => {
            let data = hir::type_decl_data(db, t);
            (
                t.loc(db).file,
                to_original(
                    db,
                    ItemDef::TypeDecl(t),
                    data.variants.get(i as usize)?.name_range,
                ),
            )
        }
    })
}

/// The display name of a definition.
pub(crate) fn def_name(db: &dyn Db, def: Def) -> String {
    match def {
        Def::Item(item) => item_name(db, item),
        Def::Local(f, l) => hir::fn_body(db, f)
            .locals
            .iter()
            .find(|(id, _)| *id == l)
            .map(|(_, d)| d.name.to_string())
            .unwrap_or_default(),
        Def::Param(f, i) => hir::fn_data(db, f)
            .params
            .get(i as usize)
            .map(|p| p.name.to_string())
            .unwrap_or_default(),
        Def::Field(t, i) => hir::type_decl_data(db, t)
            .fields
            .get(i as usize)
            .map(|p| p.name.to_string())
            .unwrap_or_default(),
        Def::Variant(t, i) => hir::type_decl_data(db, t)
            .variants
            .get(i as usize)
            .map(|p| p.name.to_string())
            .unwrap_or_default(),
    }
}

pub(crate) fn item_loc(db: &dyn Db, item: ItemDef) -> hir::ItemLoc {
    match item {
        ItemDef::Function(x) => x.loc(db).clone(),
        ItemDef::TypeDecl(x) => x.loc(db).clone(),
        ItemDef::Alias(x) => x.loc(db).clone(),
        ItemDef::Global(x) => x.loc(db).clone(),
        ItemDef::Extension(x) => x.loc(db).clone(),
        ItemDef::Property(x) => x.loc(db).clone(),
        ItemDef::Subscript(x) => x.loc(db).clone(),
    }
}

pub(crate) fn item_name(db: &dyn Db, item: ItemDef) -> String {
    item_loc(db, item).name().to_string()
}

/// Files whose top-level names `file` sees: itself, what it imports (transitively through
/// `__exported import`, approximated as all imports), and the stdlib.
pub(crate) fn visible_files(db: &dyn Db, file: SourceFile) -> Vec<SourceFile> {
    let mut out = vec![file];
    let mut i = 0;
    while i < out.len() {
        let current = out[i];
        i += 1;
        for import in imports_of(db, current).iter() {
            let target = if import.is_include {
                base_db::resolve_relative(db, current, &import.module)
            } else {
                base_db::resolve_import(db, current, &import.module)
            };
            if let Some(t) = target
                && !out.contains(&t)
            {
                out.push(t);
            }
        }
    }
    out.extend(db.workspace().stdlib(db).iter().copied());
    out
}

/// Types declared at the top level of the visible files, by name (first declaration wins). A
/// query: hover asks for it on every request, and it depends only on the item trees and the
/// imports, which compare equal after an edit inside a body.
#[salsa::tracked(returns(clone))]
pub(crate) fn visible_types(db: &dyn Db, file: SourceFile) -> Arc<FxHashMap<String, ItemDef>> {
    let mut out = FxHashMap::default();
    for f in visible_files(db, file) {
        // The top level of the item tree is what `file_items` lists with a one-segment path.
        for node in hir::item_tree(db, f).items.iter() {
            if let hir::export::ItemNode::Item(item @ (ItemDef::TypeDecl(_) | ItemDef::Alias(_))) =
                node
            {
                out.entry(item_name(db, *item)).or_insert(*item);
            }
        }
    }
    Arc::new(out)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ImportRef {
    pub module: String,
    pub is_include: bool,
}

/// `import a.b;`, `__include c;` and `#include "d.slang"` of a file. A query: every request that
/// looks for visible names asks for it, and after an edit that adds no import it reruns once and
/// compares equal, so what depends on it (the visible files) stays valid.
#[salsa::tracked(returns(clone))]
pub(crate) fn imports_of(db: &dyn Db, file: SourceFile) -> Arc<[ImportRef]> {
    // On the green tree: the file's top level holds mostly other items, and no syntax node is
    // made for them.
    let green = hir::parse(db, file).green;
    let mut out: Vec<ImportRef> = green
        .children()
        .filter_map(NodeOrToken::into_node)
        .filter(|c| c.kind() == SyntaxKind::IMPORT.into() || c.kind() == SyntaxKind::INCLUDE.into())
        .filter_map(|green| {
            let node = SyntaxNode::new_root(green.to_owned());
            let is_include = node.kind() == SyntaxKind::INCLUDE;
            let path = node
                .children()
                .find(|c| c.kind() == SyntaxKind::MODULE_PATH)?;
            let mut module = String::new();
            for el in path.descendants_with_tokens() {
                if let NodeOrToken::Token(t) = el {
                    match t.kind() {
                        SyntaxKind::STRING => module.push_str(t.text().trim_matches('"')),
                        SyntaxKind::IDENT => {
                            if !module.is_empty() {
                                module.push('.');
                            }
                            module.push_str(t.text());
                        }
                        _ => {}
                    }
                }
            }
            if module.is_empty() {
                return None;
            }
            if is_include && !module.ends_with(".slang") {
                module.push_str(".slang");
            }
            Some(ImportRef { module, is_include })
        })
        .collect();
    // `#include` lines: only the `#`s are looked at (most files have few), each one whose line
    // has nothing but blanks before it.
    let text = file.text(db);
    for (at, _) in text.match_indices('#') {
        let line_start = text[..at].rfind('\n').map_or(0, |nl| nl + 1);
        if !text[line_start..at].chars().all(char::is_whitespace) {
            continue;
        }
        let line_end = text[at..].find('\n').map_or(text.len(), |nl| at + nl);
        let rest = text[at + 1..line_end].trim_start();
        if let Some(rest) = rest.strip_prefix("include") {
            let name = rest
                .trim()
                .trim_matches(|c| c == '"' || c == '<' || c == '>');
            if !name.is_empty() {
                out.push(ImportRef {
                    module: name.to_string(),
                    is_include: true,
                });
            }
        }
    }
    out.into()
}

/// The range of the name an expression is written with (the last path segment, the member name).
fn expr_name_range(body: &hir::Body, expr: hir::ExprId) -> Option<TextRange> {
    match &body.exprs[expr] {
        Expr::Path(p) => p.segments.last().map(|s| s.range),
        Expr::Field { name_range, .. } => Some(*name_range),
        Expr::GenericApply { base, .. } => expr_name_range(body, *base),
        _ => None,
    }
}

fn res_def(owner: FunctionId, res: &ExprRes) -> Option<Def> {
    Some(match res {
        ExprRes::Local(l) => Def::Local(owner, *l),
        ExprRes::Param(i) => Def::Param(owner, *i),
        ExprRes::Global(g) => Def::Item(ItemDef::Global(*g)),
        ExprRes::Function(f) => Def::Item(ItemDef::Function(*f)),
        ExprRes::Field(t, i) => Def::Field(*t, *i),
        ExprRes::Property(p) => Def::Item(ItemDef::Property(*p)),
        ExprRes::EnumCase(t, i) => Def::Variant(*t, *i),
        ExprRes::Type(Ty::Adt(t, _)) => Def::Item(ItemDef::TypeDecl(*t)),
        _ => return None,
    })
}

/// Type names written in a type reference, with ranges (item-relative), resolved by name.
fn type_ref_names(ty: &hir::TypeRef, out: &mut Vec<(String, TextRange)>) {
    match ty {
        hir::TypeRef::Path(p) => {
            for seg in &p.segments {
                out.push((seg.name.to_string(), seg.range));
                for arg in seg.args.iter().flatten() {
                    if let hir::GenericArgRef::Type(t) = arg {
                        type_ref_names(t, out);
                    }
                }
            }
        }
        hir::TypeRef::Array(inner, _) => type_ref_names(inner, out),
        _ => {}
    }
}

/// Every resolved name in a file, declarations included, sorted by range.
pub(crate) fn occurrences(db: &dyn Db, file: SourceFile) -> Vec<Occurrence> {
    occurrences_within(db, file, None)
}

/// Like [`occurrences`], limited to the items whose text contains `offset` when one is given
/// (what a cursor query needs: it skips inferring every other body of the file).
pub(crate) fn occurrences_within(
    db: &dyn Db,
    file: SourceFile,
    offset: Option<u32>,
) -> Vec<Occurrence> {
    occurrences_where(db, file, &|item| {
        // The cheap range first: most items do not contain the offset.
        offset.is_none_or(|o| hir::item_full_range(db, item).1.contains_inclusive(o))
    })
}

/// Like [`occurrences`], limited to the items whose text contains `name` (what a search for one
/// symbol's references needs: the other bodies are not inferred), unless a macro or an included
/// file could put the name where the text does not show it.
pub(crate) fn occurrences_naming(db: &dyn Db, file: SourceFile, name: &str) -> Vec<Occurrence> {
    let text = file.text(db);
    if name.is_empty() || text.contains('#') || !db.workspace().options(db).defines.is_empty() {
        return occurrences(db, file);
    }
    occurrences_where(db, file, &|item| {
        let (item_file, range) = hir::item_full_range(db, item);
        item_file != file
            || text
                .get(range.start as usize..range.end as usize)
                .is_none_or(|t| t.contains(name))
    })
}

fn occurrences_where(
    db: &dyn Db,
    file: SourceFile,
    keep: &dyn Fn(ItemDef) -> bool,
) -> Vec<Occurrence> {
    let types = visible_types(db, file);
    let mut out: Vec<Occurrence> = Vec::new();
    let push_types = |out: &mut Vec<Occurrence>, owner: ItemDef, ty: &hir::TypeRef| {
        let mut names = Vec::new();
        type_ref_names(ty, &mut names);
        for (name, range) in names {
            if let Some(target) = types.get(&name) {
                out.push(Occurrence {
                    range: to_original(db, owner, range),
                    def: Def::Item(*target),
                    is_decl: false,
                });
            }
        }
    };
    for item in hir::file_items(db, file) {
        if !keep(item) {
            continue;
        }
        let (_, _, name_range) = hir::item_ranges(db, item);
        if !matches!(item, ItemDef::Extension(_) | ItemDef::Subscript(_)) && !name_range.is_empty()
        {
            out.push(Occurrence {
                range: name_range,
                def: Def::Item(item),
                is_decl: true,
            });
        }
        match item {
            ItemDef::TypeDecl(t) => {
                let data = hir::type_decl_data(db, t);
                for (i, field) in data.fields.iter().enumerate() {
                    let range = to_original(db, item, field.name_range);
                    out.push(Occurrence {
                        range,
                        def: Def::Field(t, i as u32),
                        is_decl: true,
                    });
                    push_types(&mut out, item, &field.ty);
                }
                for (i, v) in data.variants.iter().enumerate() {
                    let range = to_original(db, item, v.name_range);
                    out.push(Occurrence {
                        range,
                        def: Def::Variant(t, i as u32),
                        is_decl: true,
                    });
                }
                for base in &data.bases {
                    push_types(&mut out, item, base);
                }
                for ty in generic_bounds(&data.generics, &data.where_preds) {
                    push_types(&mut out, item, ty);
                }
            }
            ItemDef::Function(f) => {
                let data = hir::fn_data(db, f);
                push_types(&mut out, item, &data.ret);
                for ty in generic_bounds(&data.generics, &data.where_preds) {
                    push_types(&mut out, item, ty);
                }
                for (i, p) in data.params.iter().enumerate() {
                    let range = to_original(db, item, p.name_range);
                    out.push(Occurrence {
                        range,
                        def: Def::Param(f, i as u32),
                        is_decl: true,
                    });
                    push_types(&mut out, item, &p.ty);
                }
                let body = hir::fn_body(db, f);
                let result = hir::infer_function(db, f);
                for (id, local) in body.locals.iter() {
                    let range = to_original(db, item, local.name_range);
                    out.push(Occurrence {
                        range,
                        def: Def::Local(f, id),
                        is_decl: true,
                    });
                    if let Some(ty) = &local.ty {
                        push_types(&mut out, item, ty);
                    }
                }
                for (id, expr) in body.exprs.iter() {
                    let res = result.resolutions.get(&id);
                    // A call resolves to its chosen overload; the callee's name then points there
                    // unless the callee expression resolved by itself.
                    if let (Expr::Call { callee, .. }, Some(res)) = (expr, res) {
                        if !result.resolutions.contains_key(callee)
                            && let (Some(range), Some(def)) =
                                (expr_name_range(&body, *callee), res_def(f, res))
                        {
                            out.push(Occurrence {
                                range: to_original(db, item, range),
                                def,
                                is_decl: false,
                            });
                        }
                        continue;
                    }
                    if let (Some(res), Some(range)) = (res, expr_name_range(&body, id))
                        && let Some(def) = res_def(f, res)
                    {
                        out.push(Occurrence {
                            range: to_original(db, item, range),
                            def,
                            is_decl: false,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    out.retain(|o| !o.range.is_empty());
    out.sort_by_key(|o| (o.range.start, o.range.end, !o.is_decl));
    out.dedup_by(|a, b| a.range == b.range);
    out
}

/// The types a declaration's generic parameters name: constraints (`<B : IBRDF>`), value
/// parameters' types, and both sides of `where` clauses.
fn generic_bounds<'a>(
    generics: &'a [hir::GenericParamData],
    preds: &'a [hir::WherePred],
) -> impl Iterator<Item = &'a hir::TypeRef> {
    generics
        .iter()
        .flat_map(|g| match &g.kind {
            hir::GenericParamKind::Type { constraints } => constraints.iter().collect::<Vec<_>>(),
            hir::GenericParamKind::Value { ty } => vec![ty],
        })
        .chain(
            preds
                .iter()
                .flat_map(|p| std::iter::once(&p.subject).chain(p.bounds.iter())),
        )
}

/// The occurrence under the cursor.
pub(crate) fn occurrence_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<Occurrence> {
    let (_, ident) = ident_at(file.text(db), offset)?;
    occurrences_within(db, file, Some(offset))
        .into_iter()
        .find(|o| o.range == ident)
}
