//! Document symbols (nested) and workspace symbols (flat, filtered by a query).

use hir::{Db, FnKind, ItemDef, SourceFile, TextRange};

use crate::util;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    Function,
    Method,
    Constructor,
    Struct,
    Interface,
    Enum,
    EnumMember,
    TypeAlias,
    Variable,
    Constant,
    Field,
    Property,
    Extension,
    Operator,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub kind: SymbolKind,
    /// A type or signature.
    pub detail: Option<String>,
    /// The whole declaration.
    pub full_range: TextRange,
    /// The name.
    pub focus_range: TextRange,
    pub children: Vec<Symbol>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceSymbol {
    pub name: String,
    pub kind: SymbolKind,
    pub path: String,
    pub focus_range: TextRange,
    /// The containing type, if any.
    pub container: Option<String>,
}

fn item_symbol(db: &dyn Db, item: ItemDef) -> Option<Symbol> {
    let (_, full_range, focus_range) = hir::item_ranges(db, item);
    let name = util::item_name(db, item);
    // A declaration the parser recovered without its name (`static const float` being typed): no
    // symbol. LSP clients reject a nameless one, and with it the whole answer (VS Code: "name must
    // not be falsy"); the members nested in its range still come out at its level.
    if name.trim().is_empty() && !matches!(item, ItemDef::Extension(_)) {
        return None;
    }
    let (kind, detail, mut children) = match item {
        ItemDef::Function(f) => {
            let data = hir::fn_data(db, f);
            let kind = match data.kind {
                FnKind::Init => SymbolKind::Constructor,
                FnKind::Getter | FnKind::Setter | FnKind::RefAccessor => return None,
                _ if name.starts_with("operator") => SymbolKind::Operator,
                _ if data.in_type => SymbolKind::Method,
                _ => SymbolKind::Function,
            };
            (kind, Some(hir::fn_signature_text(db, f)), Vec::new())
        }
        ItemDef::TypeDecl(t) => {
            let data = hir::type_decl_data(db, t);
            let kind = match data.kind {
                hir::TypeDeclKind::Struct => SymbolKind::Struct,
                hir::TypeDeclKind::Interface => SymbolKind::Interface,
                hir::TypeDeclKind::Enum => SymbolKind::Enum,
            };
            let tys = hir::export::field_types(db, t);
            let mut children = Vec::new();
            for (i, field) in data.fields.iter().enumerate() {
                let range = util::to_original(db, item, field.name_range);
                children.push(Symbol {
                    name: field.name.to_string(),
                    kind: SymbolKind::Field,
                    detail: tys.get(i).map(|t| hir::display_ty(db, t)),
                    full_range: range,
                    focus_range: range,
                    children: Vec::new(),
                });
            }
            for v in &data.variants {
                let range = util::to_original(db, item, v.name_range);
                children.push(Symbol {
                    name: v.name.to_string(),
                    kind: SymbolKind::EnumMember,
                    detail: None,
                    full_range: range,
                    focus_range: range,
                    children: Vec::new(),
                });
            }
            (kind, None, children)
        }
        ItemDef::Alias(_) => (SymbolKind::TypeAlias, None, Vec::new()),
        ItemDef::Global(g) => {
            let data = hir::export::global_data(db, g);
            let kind = if data.modifiers.is_const || data.is_let {
                SymbolKind::Constant
            } else {
                SymbolKind::Variable
            };
            (
                kind,
                Some(hir::display_ty(db, &hir::export::global_ty(db, g))),
                Vec::new(),
            )
        }
        ItemDef::Extension(_) => (SymbolKind::Extension, None, Vec::new()),
        ItemDef::Property(p) => (
            SymbolKind::Property,
            Some(hir::display_ty(db, &hir::export::property_ty(db, p))),
            Vec::new(),
        ),
        ItemDef::Subscript(_) => return None,
    };
    children.retain(|c| !c.name.trim().is_empty());
    children.sort_by_key(|c| c.full_range.start);
    let name = if matches!(item, ItemDef::Extension(_)) {
        // Extensions have no name of their own: show the extended type as written.
        let (file, _, _) = hir::item_ranges(db, item);
        let text = file.text(db);
        let target = text
            .get(focus_range.start as usize..focus_range.end as usize)
            .unwrap_or_default();
        format!("extension {target}")
    } else {
        name
    };
    Some(Symbol {
        name,
        kind,
        detail,
        full_range,
        focus_range,
        children,
    })
}

/// The file's items, members nested under their types (by range containment: members come
/// right after their container in source order).
pub(crate) fn document_symbols(db: &dyn Db, file: SourceFile) -> Vec<Symbol> {
    let mut syms: Vec<Symbol> = hir::file_items(db, file)
        .into_iter()
        .filter_map(|i| item_symbol(db, i))
        .collect();
    syms.sort_by_key(|s| (s.full_range.start, std::cmp::Reverse(s.full_range.end)));
    fn insert(into: &mut Vec<Symbol>, sym: Symbol) {
        if let Some(parent) = into.last_mut()
            && parent.full_range != sym.full_range
            && parent.full_range.start <= sym.full_range.start
            && sym.full_range.end <= parent.full_range.end
        {
            insert(&mut parent.children, sym);
            parent.children.sort_by_key(|c| c.full_range.start);
            return;
        }
        into.push(sym);
    }
    let mut out = Vec::new();
    for sym in syms {
        insert(&mut out, sym);
    }
    out
}

/// Case-insensitive subsequence match (`fbd` matches `fooBarDiff`).
fn fuzzy_match(query: &str, name: &str) -> bool {
    let mut chars = name.chars().flat_map(char::to_lowercase);
    query
        .chars()
        .flat_map(char::to_lowercase)
        .all(|q| chars.any(|c| c == q))
}

pub(crate) fn workspace_symbols(db: &dyn Db, query: &str) -> Vec<WorkspaceSymbol> {
    fn flatten(
        path: &str,
        container: Option<&str>,
        syms: Vec<Symbol>,
        query: &str,
        out: &mut Vec<WorkspaceSymbol>,
    ) {
        for s in syms {
            if fuzzy_match(query, &s.name) {
                out.push(WorkspaceSymbol {
                    name: s.name.clone(),
                    kind: s.kind,
                    path: path.to_string(),
                    focus_range: s.focus_range,
                    container: container.map(str::to_string),
                });
            }
            flatten(path, Some(&s.name), s.children, query, out);
        }
    }
    let mut out = Vec::new();
    for file in db.workspace().files(db).iter().copied() {
        let path = file.path(db).to_string();
        flatten(&path, None, document_symbols(db, file), query, &mut out);
    }
    out
}
